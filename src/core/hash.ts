// Canonical JSON (sorted keys) and its SHA-256: identifies resolved parameters and data.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkInputFile } from './inputFile.js';

/** JSON with object keys sorted recursively, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value as object).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
}

/** First 16 hex digits of the SHA-256 of the canonical JSON of `value`. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);
}

/**
 * First 16 hex digits of the SHA-256 of a file's bytes: identifies a user module (a policy) in a
 * run's identity, so that shards, checkpoints and goldens made with other code are told apart.
 * Covers that file only, not modules it imports.
 */
export function fileHash(path: string): string {
  // A FIFO would block the read forever, a device never end: refused before it is opened.
  checkInputFile(path, 'file', 64 * 1024 * 1024);
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
}

/** Throws when the file at `path` no longer has content hash `expected` (a module edited during a run); no check when `expected` is undefined. */
export function assertFileUnchanged(path: string, expected: string | undefined, what: string): void {
  if (expected === undefined) return;
  const now = fileHash(path);
  if (now !== expected) throw new Error(`${path}: the ${what} changed since the run started (content hash ${now}, expected ${expected})`);
}
