// Types of readmeQuotes.mjs (used by test/readme.test.ts).
export interface QuotedBlock {
  args: string[];
  from: number;
  to: number;
  quoted: string[];
  index: number;
  length: number;
  marker: string;
}
export function quotedBlocks(readme: string): QuotedBlock[];
export function linesOf(stdout: string, from: number, to: number): string[];
