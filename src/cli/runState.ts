// Files that carry a run's aggregates between processes: shard parts (`--shard K/M --out`),
// and checkpoints (`--checkpoint FILE`). Both record the run identity so that parts of
// different runs can never be merged, and a checkpoint of another run is never resumed.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Layout, Totals } from '../core/aggregate.js';
import { canonicalJson, hashOf } from '../core/hash.js';
import { checkInputFile, MAX_INPUT_BYTES, readInputFile } from '../core/inputFile.js';
import { UsageError } from '../core/usageError.js';
import { loadSim } from '../run/sims.js';

export interface RunIdentity {
  tool: 'sim';
  version: string;
  /** Scenario game id. */
  game: string;
  /** Hash of the resolved parameters (all of them). */
  paramsHash: string;
  params: Record<string, unknown>;
  seed: number;
  n: number;
  /** M of --shard K/M; absent for unsharded runs. */
  shards?: number;
  /** Content hash of each file a path parameter names (card data, a policy module): edited files make another run. */
  files?: Record<string, string>;
}

/** One simulate call's aggregate over games [start, start + games). */
export interface SavedCall {
  simId: string;
  simParamsHash: string;
  simParams: unknown;
  start: number;
  games: number;
  totals: unknown;
}

/**
 * What every stored file of aggregates carries: the SHA-256 of its canonical JSON without these two
 * fields (any edit or damage shows), and, when the run was given --hmac-key-file, an HMAC-SHA256 of
 * the same text under that key (an edit by someone without the key shows).
 */
export interface Sealed {
  contentHash?: string;
  hmac?: string;
}

export interface PartFile extends Sealed {
  kind: 'sim-part';
  identity: RunIdentity;
  /** K of --shard K/M (1-based). */
  shard: number;
  /** Games [from, to) of the run. */
  range: [number, number];
  calls: SavedCall[];
  /** The scenario the run was read from, as its report names it (shown by the merged report; never read as a file). */
  scenario?: { file: string; description?: string; changed?: string[] };
}

export interface CheckpointFile extends Sealed {
  kind: 'sim-checkpoint';
  identity: RunIdentity;
  range: [number, number];
  calls: SavedCall[];
}

/** Parses "K/M" with 1 <= K <= M <= 1e6. */
export function parseShard(raw: string): { k: number; m: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const k = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || !(k >= 1 && k <= total && total <= 1e6)) {
    throw new UsageError(`option --shard: got ${JSON.stringify(raw)}, expected K/M with 1 <= K <= M (e.g. 3/8)`);
  }
  return { k, m: total };
}

/**
 * The documented partition: shard K of M plays games [floor((K−1)·n/M), floor(K·n/M)).
 * Contiguous, disjoint, covering [0, n) exactly; BigInt so that K·n never loses precision.
 */
export function shardRange(n: number, k: number, m: number): [number, number] {
  const N = BigInt(n);
  return [Number((BigInt(k - 1) * N) / BigInt(m)), Number((BigInt(k) * N) / BigInt(m))];
}

export function identityOf(game: string, version: string, params: Record<string, unknown>, seed: number, n: number, shards?: number, files: Record<string, string> = {}): RunIdentity {
  return { tool: 'sim', version, game, paramsHash: hashOf(params), params, seed, n, ...(shards !== undefined ? { shards } : {}), ...(Object.keys(files).length ? { files } : {}) };
}

/** The first identity field that differs, or null. */
export function identityMismatch(a: RunIdentity, b: RunIdentity): string | null {
  for (const key of ['tool', 'version', 'game', 'paramsHash', 'seed', 'n', 'shards'] as const) {
    // An unsharded run has no shard count: said as "none", not "undefined".
    if (a[key] !== b[key]) {
      // Parameters that differ are named, not only their hash.
      if (key === 'paramsHash' && a.params && b.params && typeof a.params === 'object' && typeof b.params === 'object') {
        const keys = [...new Set([...Object.keys(a.params), ...Object.keys(b.params)])].filter((k) => JSON.stringify(a.params[k]) !== JSON.stringify(b.params[k]));
        if (keys.length) return `parameters ${keys.slice(0, 5).map((k) => `${k} (${JSON.stringify(a.params[k]) ?? 'none'} vs ${JSON.stringify(b.params[k]) ?? 'none'})`).join(', ')}${keys.length > 5 ? `, and ${keys.length - 5} more` : ''}`;
      }
      return `${key} (${JSON.stringify(a[key]) ?? 'none'} vs ${JSON.stringify(b[key]) ?? 'none'})`;
    }
  }
  const fa = a.files ?? {};
  const fb = b.files ?? {};
  for (const key of new Set([...Object.keys(fa), ...Object.keys(fb)])) {
    if (fa[key] !== fb[key]) return `the content of the ${key} file (hash ${fa[key] ?? 'none'} vs ${fb[key] ?? 'none'})`;
  }
  return null;
}

/** Rebuilds a saved call's totals with its simulation's layout. */
export async function savedTotals(call: SavedCall): Promise<Totals> {
  const sim = await loadSim(call.simId);
  return Totals.fromJSON(new Layout(sim.metrics(call.simParams)), call.totals);
}

export function readJsonFile<T>(file: string, what: string): T {
  // A part file or checkpoint holds one run's aggregates: kilobytes to a few megabytes.
  const text = readInputFile(file, what, MAX_INPUT_BYTES * 4);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UsageError(`${file}: not a JSON ${what}`);
  }
}

/** Why a part does not cover exactly its shard's games in every simulation, or null when it does. */
export function partCoverageProblem(part: PartFile): string | null {
  const m = part.identity.shards ?? 0;
  if (!Number.isInteger(part.shard) || part.shard < 1 || part.shard > m) return `shard ${part.shard} is not one of 1..${m}`;
  const [from, to] = shardRange(part.identity.n, part.shard, m);
  if (!Array.isArray(part.range) || part.range[0] !== from || part.range[1] !== to) {
    return `covers games ${JSON.stringify(part.range)}, but shard ${part.shard}/${m} is games [${from}, ${to})`;
  }
  const short = part.calls.findIndex((c) => c.games !== to - from || (c.totals as { games?: number } | null)?.games !== to - from);
  if (short >= 0) {
    const c = part.calls[short];
    const saved = (c.totals as { games?: number } | null)?.games;
    // The count and the totals' own count disagree (a damaged or edited part): name both.
    if (c.games === to - from && saved !== c.games) return `simulation ${short} says ${c.games} games but its totals hold ${String(saved)}, shard ${part.shard}/${m} needs ${to - from}`;
    return `simulation ${short} holds ${c.games} games, shard ${part.shard}/${m} needs ${to - from} (interrupted? run it again)`;
  }
  return null;
}

/**
 * Checks that parts belong to one run and cover every shard once; returns them in shard order.
 * Messages name the offending file and what is wrong.
 */
export function orderParts(parts: { file: string; part: PartFile }[]): { file: string; part: PartFile }[] {
  if (parts.length === 0) throw new UsageError('merge: no part files given');
  for (const { file, part } of parts) {
    if (part?.kind !== 'sim-part' || !part.identity || !Array.isArray(part.calls)) throw new UsageError(`${file}: not a part file (write one with --shard K/M --out FILE)`);
  }
  const first = parts[0];
  for (const p of parts.slice(1)) {
    const diff = identityMismatch(first.part.identity, p.part.identity);
    if (diff) throw new UsageError(`${p.file}: belongs to a different run than ${first.file}: ${diff}`);
  }
  const m = first.part.identity.shards ?? 0;
  const byShard = new Map<number, string>();
  for (const { file, part } of parts) {
    const problem = partCoverageProblem(part);
    if (problem) throw new UsageError(`${file}: ${problem}`);
    const other = byShard.get(part.shard);
    if (other) throw new UsageError(`${file}: shard ${part.shard}/${m} appears twice (also ${other})`);
    byShard.set(part.shard, file);
  }
  const missing = Array.from({ length: m }, (_, i) => i + 1).filter((k) => !byShard.has(k));
  if (missing.length) throw new UsageError(`merge: missing shard(s) ${missing.join(', ')} of ${m}`);
  return [...parts].sort((a, b) => a.part.shard - b.part.shard);
}

function sealedText(doc: object): string {
  const { contentHash: _h, hmac: _m, ...rest } = doc as Sealed & Record<string, unknown>;
  return canonicalJson(rest);
}

/** `doc` with its content hash, and its HMAC when `key` is given (see Sealed). */
export function seal<T extends object>(doc: T, key?: Buffer): T & Sealed {
  const text = sealedText(doc);
  const contentHash = createHash('sha256').update(text).digest('hex');
  return { ...doc, contentHash, ...(key ? { hmac: createHmac('sha256', key).update(text).digest('hex') } : {}) };
}

/**
 * Checks a stored file's seal before its numbers are trusted; throws UsageError naming the file and
 * the field. With `key`, the HMAC must be present and right; without, a signed file is refused
 * (its signature cannot be checked).
 */
export function checkSeal(doc: Sealed & object, file: string, key?: Buffer): void {
  const text = sealedText(doc);
  if (typeof doc.contentHash !== 'string') throw new UsageError(`${file}: contentHash: missing (written by an older sim, or edited); run it again`);
  const hash = createHash('sha256').update(text).digest('hex');
  if (doc.contentHash !== hash) throw new UsageError(`${file}: contentHash: does not match its content (the file was edited or damaged); run it again`);
  if (key) {
    if (typeof doc.hmac !== 'string') throw new UsageError(`${file}: hmac: missing; a file not signed with the --hmac-key-file key is refused`);
    const want = createHmac('sha256', key).update(text).digest();
    const got = Buffer.from(doc.hmac, 'hex');
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new UsageError(`${file}: hmac: wrong signature (another key, or the file was edited); refused`);
  } else if (doc.hmac !== undefined) {
    throw new UsageError(`${file}: hmac: the file is signed; give --hmac-key-file with its key to check it`);
  }
}

/** Reads an HMAC key file (at least 16 bytes; used as is). Throws UsageError. */
export function readHmacKey(file: string): Buffer {
  checkInputFile(file, 'option --hmac-key-file', 4096);
  const key = readFileSync(file);
  if (key.length < 16) throw new UsageError(`option --hmac-key-file: ${file} holds ${key.length} bytes; use at least 16 random bytes (e.g. head -c 32 /dev/urandom > key)`);
  return key;
}
