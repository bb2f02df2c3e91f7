// Safe parsing of user-supplied YAML (scenario documents, game data files): the core schema (plain
// maps, lists and scalars), duplicate keys and unknown tags are errors, size, nesting and aliases
// are bounded, prototype keys are refused, and only plain JSON-like values come out. Every message
// names the file and, past parsing, the key path. Games validate the shape afterwards (valibot).
import { createRequire } from 'node:module';
import type { parseDocument as ParseDocument } from 'yaml';
import { readParsedYaml, storeParsedYaml } from './parsedYamlCache.js';
import { UsageError } from './usageError.js';

// The YAML library loads with the first text parsed (synchronously, as parsing is): a command that
// reads no YAML never loads it.
const requireLib = createRequire(import.meta.url);
let parseDocument: typeof ParseDocument | undefined;

/** Largest accepted text, in UTF-16 code units (about bytes for ASCII YAML). */
export const MAX_YAML_CHARS = 1 << 20;
/** Deepest accepted nesting: the root mapping is depth 0, its values depth 1, … */
export const MAX_YAML_DEPTH = 8;
/** Alias expansions allowed per document (bounds "billion laughs" blow-ups). */
export const MAX_YAML_ALIASES = 100;
/** Keys that could reach an object's prototype when the document is copied or merged. */
export const FORBIDDEN_YAML_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface SafeYamlLimits {
  maxChars?: number;
  maxDepth?: number;
}

/** "a.b[2].c" from a parent path and a key or index. */
function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

/**
 * Checks a parsed value: only null, booleans, numbers, strings, arrays and plain
 * objects, nested at most `maxDepth` deep, with no forbidden key. Throws UsageError naming
 * `file` and the key path.
 */
export function checkYamlShape(value: unknown, file: string, maxDepth = MAX_YAML_DEPTH, path = '', depth = 0): void {
  const where = path || '(document)';
  // Same rule as scenario documents: no value deeper than maxDepth.
  if (depth > maxDepth) throw new UsageError(`${file}: ${where}: nested deeper than ${maxDepth} levels`);
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return;
  if (Array.isArray(value)) {
    value.forEach((x, i) => checkYamlShape(x, file, maxDepth, join(path, i), depth + 1));
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const k of Object.keys(value)) {
      if (FORBIDDEN_YAML_KEYS.has(k)) throw new UsageError(`${file}: ${join(path, k)}: key not allowed`);
      checkYamlShape((value as Record<string, unknown>)[k], file, maxDepth, join(path, k), depth + 1);
    }
    return;
  }
  // !!binary, !!set, !!omap, !!timestamp and friends produce Buffers, Sets, Maps, Dates.
  throw new UsageError(`${file}: ${where}: unsupported value (only mappings, lists, text, numbers, true/false and null)`);
}

/**
 * Parses YAML text into a plain JSON-like value after the safety checks above; `file` names the
 * source in every message. Throws UsageError, never anything else.
 */
export function parseYamlSafely(text: string, file: string, limits: SafeYamlLimits = {}): unknown {
  const maxChars = limits.maxChars ?? MAX_YAML_CHARS;
  if (text.length > maxChars) throw new UsageError(`${file}: larger than ${maxChars} characters`);
  // The same text parses to the same value: a command that resolves many variants of one data file
  // (sensitivity, tune, a sweep) parses it once. A copy is returned: callers may edit theirs.
  const cacheKey = `${limits.maxDepth ?? MAX_YAML_DEPTH}\n${text}`;
  const hit = parsed.get(cacheKey);
  if (hit !== undefined) return structuredClone(hit);
  const value = parseUncached(text, file, limits);
  if (parsed.size >= PARSED_CACHE) parsed.delete(parsed.keys().next().value!);
  parsed.set(cacheKey, value);
  return structuredClone(value);
}

/** Parsed texts kept (a few data files at a time). */
const PARSED_CACHE = 8;
const parsed = new Map<string, unknown>();

function parseUncached(text: string, file: string, limits: SafeYamlLimits): unknown {
  const maxDepth = limits.maxDepth ?? MAX_YAML_DEPTH;
  // A shipped data file parsed before comes from the parsed-YAML cache (src/core/parsedYamlCache.ts);
  // it passes the same shape checks, and one that does not is parsed again.
  const stored = readParsedYaml(text, maxDepth);
  if (stored !== undefined && shapeIsSafe(stored, file, maxDepth)) return stored;
  let raw: unknown;
  try {
    // The core schema: plain maps, lists and scalars; duplicate keys are errors, and so is a second
    // document (`---`): at log level "silent" the library would drop it without a word.
    parseDocument ??= (requireLib('yaml') as { parseDocument: typeof ParseDocument }).parseDocument;
    const doc = parseDocument(text, { schema: 'core', uniqueKeys: true, logLevel: 'error' });
    const problem = doc.errors[0] ?? doc.warnings[0];
    if (problem) throw problem;
    raw = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (err) {
    // Also catches stack overflows on pathological nesting: still one line naming the file.
    throw new UsageError(`${file}: not valid YAML${yamlPosition(err)}: ${yamlProblem(err)}`);
  }
  checkYamlShape(raw, file, maxDepth);
  storeParsedYaml(text, maxDepth, raw);
  return raw;
}

function shapeIsSafe(value: unknown, file: string, maxDepth: number): boolean {
  try {
    checkYamlShape(value, file, maxDepth);
    return true;
  } catch {
    return false;
  }
}

/** " at line 5, column 3" from a YAML error's position (1-based), or "" when it has none. */
function yamlPosition(err: unknown): string {
  const pos = (err as { linePos?: { line: number; col: number }[] } | null)?.linePos?.[0];
  return pos ? ` at line ${pos.line}, column ${pos.col}` : '';
}

/** The problem in words, without the parser's trailing "at line L, column C:" and source excerpt. */
function yamlProblem(err: unknown): string {
  // The library's advice is for its callers; the user is told what to change.
  if ((err as { code?: unknown } | null)?.code === 'MULTIPLE_DOCS') return 'a second document starts here (---); a file holds one: remove it, or split the file';
  const first = (err instanceof Error ? err.message : String(err)).split('\n')[0];
  return first.replace(/ at line \d+, column \d+:?\s*$/, '').trim() || first;
}
