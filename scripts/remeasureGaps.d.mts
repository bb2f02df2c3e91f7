// Types of what test/storedFresh.test.ts imports from scripts/remeasureGaps.mjs.
export function commandArgs(command: string, jobs?: number): string[];
export function fieldsFrom(report: unknown, entry: Record<string, unknown>): Record<string, unknown>;
export function layoutFieldsFrom(rows: unknown, policy: string): Record<string, unknown>;
export function writeMeasured(file: string, entry: { list: string; index: number; command: string; order?: string; now: Record<string, unknown> }): void;
