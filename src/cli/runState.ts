// Files that carry a run's aggregates between processes: shard parts (`--shard K/M --out`),
// and checkpoints (`--checkpoint FILE`). Both record the run identity so that parts of
// different runs can never be merged, and a checkpoint of another run is never resumed.
import { readFileSync } from 'node:fs';
import { Layout, Totals } from '../core/aggregate.js';
import { hashOf } from '../core/hash.js';
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

export interface PartFile {
  kind: 'sim-part';
  identity: RunIdentity;
  /** K of --shard K/M (1-based). */
  shard: number;
  /** Games [from, to) of the run. */
  range: [number, number];
  calls: SavedCall[];
}

export interface CheckpointFile {
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
    if (a[key] !== b[key]) return `${key} (${JSON.stringify(a[key])} vs ${JSON.stringify(b[key])})`;
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
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${file}: cannot read ${what} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
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
  if (short >= 0) return `simulation ${short} holds ${part.calls[short].games} games, shard ${part.shard}/${m} needs ${to - from} (interrupted? run it again)`;
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
