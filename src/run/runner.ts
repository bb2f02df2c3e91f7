// The deterministic runner: splits games [0, n) into fixed chunks, plays them in-process (-j 1)
// or on a piscina pool, and merges the chunk aggregates in chunk order. Because game i uses only
// stream (seed, i) and merging is exact integer addition, the result does not depend on jobs or
// chunk size.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Layout, Totals } from '../core/aggregate.js';
import type { RunResult } from '../core/game.js';
import { playAlone, playChunk, type GameRecord } from '../core/chunk.js';
import { overdueDecision, WATCH_SLOT_BYTES } from '../core/decisionWatch.js';
import { GameError } from '../core/gameError.js';
import { canonicalJson } from '../core/hash.js';
import type { ChunkReply, ChunkTask } from './worker.js';
import { loadSim } from './sims.js';

export interface RunOptions {
  simId: string;
  /** Plain JSON parameters of the simulation. */
  params: unknown;
  /** Games to play: indices [start, start + n). */
  n: number;
  /** First game index (default 0): shards and batches play later ranges of the same run. */
  start?: number;
  seed: number;
  /** Worker threads; 1 runs in-process with no pool. */
  jobs: number;
  /** Games per chunk; default: the game's own estimate of ~20 ms of work. */
  chunkSize?: number;
  /** Called on the main thread after each merged chunk with the games merged so far (a prefix of the range) and their totals. */
  onProgress?: (gamesDone: number, totals: Totals) => void;
  /** Stops dispatching new chunks; the result then covers the completed prefix only. */
  signal?: AbortSignal;
  /** Use worker threads even for jobs = 1, keeping this thread's event loop free (queue workers). */
  forcePool?: boolean;
  /**
   * The run executes user code (a policy module): always on worker threads, so that this thread
   * stays free to watch them — a decision longer than `decisionTimeoutMs` stops the run with an
   * error naming the decision and the game; a thread may use at most `memoryMb` of heap.
   */
  userCode?: { decisionTimeoutMs: number; memoryMb?: number };
  /** After an abort, how long running chunks may take to finish before their threads are stopped (default 3 s). */
  graceMs?: number;
}

export type { RunResult } from '../core/game.js';

/** Number of worker threads `-j auto` uses. */
export function autoJobs(): number {
  return Math.max(1, availableParallelism());
}

function workerFile(): string {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return fileURLToPath(new URL('./worker.js', here));
  // Running from TypeScript source (vitest, tsx): Node 20 does not apply tsx's loader inside
  // worker threads, so workers use the compiled twin that `npm test` builds first (pretest).
  const compiled = fileURLToPath(new URL('../../dist/src/run/worker.js', here));
  if (!existsSync(compiled)) throw new Error(`worker threads need the compiled code: run \`npm run build\` (missing ${compiled})`);
  return compiled;
}

type PiscinaPool = InstanceType<typeof import('piscina').Piscina>;
const sharedPools = new Map<number, PiscinaPool>();

function sharedPool(Piscina: typeof import('piscina').Piscina, jobs: number): PiscinaPool {
  let pool = sharedPools.get(jobs);
  if (!pool) {
    pool = new Piscina({ filename: workerFile(), minThreads: jobs, maxThreads: jobs, idleTimeout: 1000 });
    sharedPools.set(jobs, pool);
  }
  return pool;
}

/** Stops the shared worker threads (the shell calls it when a command ends, so the process can exit). */
export async function closeSharedPools(): Promise<void> {
  const pools = [...sharedPools.values()];
  sharedPools.clear();
  await Promise.all(pools.map((p) => p.destroy()));
}

export function defaultChunkSize(gamesPer20ms: number, n: number, jobs: number): number {
  // Several chunks per worker for balance, but no chunk smaller than ~a few ms of work.
  const balanced = Math.ceil(n / (jobs * 8));
  return Math.max(1, Math.min(gamesPer20ms, Math.max(balanced, Math.ceil(gamesPer20ms / 8))));
}

/** Once the cost of a game is measured, a chunk aims at about this much work (ms). */
export const CHUNK_TARGET_MS = 500;

/**
 * Sizes the chunks of a run: the first ones from the game's estimate (defaultChunkSize), later ones
 * from the measured cost of the last chunk played, about CHUNK_TARGET_MS of work each — so a cheap
 * game is not cut into thousands of tiny chunks, each with its aggregate to copy and merge — but
 * never fewer than `perWorker` chunks per worker in what is left (balance at the end of the run),
 * never below the first size and never so large that a chunk's sums could leave exact integers.
 * Only where the chunks end depends on the clock: game i's stream and the exact merge do not, so
 * the results are the same bits for any sizes (runner.test.ts, conformance.test.ts).
 */
export class ChunkSizer {
  private msPerGame = 0;
  private largest = 0;
  /**
   * @param first the first chunks' size (and the least); with `fixed`, every chunk's (--chunk-size)
   * @param maxGames the most games a chunk may hold (see maxChunkGames)
   */
  constructor(
    readonly first: number,
    private readonly jobs: number,
    private readonly fixed: boolean,
    private readonly maxGames: number,
    private readonly perWorker = 4,
  ) {}

  /** A chunk of `games` games took `ms` of work. */
  observe(games: number, ms: number): void {
    if (games > 0 && ms > 0) this.msPerGame = ms / games;
  }

  /** Size of the next chunk, `left` games still to hand out (at least 1). */
  next(left: number): number {
    let size = this.first;
    if (!this.fixed && this.msPerGame > 0) {
      const byCost = Math.floor(CHUNK_TARGET_MS / this.msPerGame);
      const balanced = Math.ceil(left / (this.jobs * this.perWorker));
      size = Math.max(this.first, Math.min(byCost, balanced, this.maxGames));
    }
    size = Math.max(1, Math.min(size, left));
    this.largest = Math.max(this.largest, size);
    return size;
  }

  /** The largest chunk handed out (what the timings report as the chunk size). */
  get largestChunk(): number {
    return this.largest || this.first;
  }
}

/**
 * The most games one chunk may hold while its sums stay exact: a chunk sums value² over its games
 * below 2^53 (Recorder.finish), so at most 2^53 / (largest histogram value + 1)² games, with
 * room to spare; never fewer than `least`.
 */
export function maxChunkGames(layout: Layout, least: number): number {
  let top = 1;
  for (let i = 0; i < layout.maxValues.length; i++) top = Math.max(top, layout.maxValues[i] + 1);
  return Math.max(least, Math.floor(2 ** 50 / (top * top)));
}

export async function runSimulation(opts: RunOptions): Promise<RunResult> {
  const sim = await loadSim(opts.simId);
  const layout = new Layout(sim.metrics(opts.params));
  const totals = new Totals(layout);
  const jobs = Math.max(1, Math.floor(opts.jobs));
  const firstSize = opts.chunkSize ?? defaultChunkSize(sim.gamesPerChunk(opts.params), opts.n, jobs);
  const sizer = new ChunkSizer(firstSize, jobs, opts.chunkSize !== undefined, maxChunkGames(layout, firstSize));
  const first = opts.start ?? 0;
  // Chunk k holds games [starts[k], starts[k] + lengths[k]); chunks are cut in order as they are handed out.
  const starts: number[] = [];
  const lengths: number[] = [];
  let cut = 0;
  const cutChunk = (): number => {
    const len = sizer.next(opts.n - cut);
    starts.push(first + cut);
    lengths.push(len);
    cut += len;
    return starts.length - 1;
  };
  const stopped = () => opts.signal?.aborted === true;
  // A few games of every run are kept and replayed alone at the end (see checkReplays).
  const samples = replaySamples(first, opts.n);
  const kept = new Map<number, GameRecord>();
  const keepIn = (k: number) => samples.filter((i) => i >= starts[k] && i < starts[k] + lengths[k]);

  if (!opts.forcePool && !opts.userCode && (jobs === 1 || firstSize >= opts.n)) {
    const player = await sim.createPlayer(opts.params);
    while (cut < opts.n && !stopped()) {
      const k = cutChunk();
      let data: Float64Array;
      const t0 = performance.now();
      try {
        data = playChunk(player, layout, opts.seed, starts[k], lengths[k], keepIn(k), kept);
      } catch (err) {
        throw new ChunkError(k, starts[k], lengths[k], opts.seed, err);
      }
      sizer.observe(lengths[k], performance.now() - t0);
      totals.addChunk(data, lengths[k]);
      opts.onProgress?.(totals.games, totals);
      // Let signal handlers and timers run between chunks.
      if (opts.signal || opts.onProgress) await new Promise<void>((r) => setImmediate(r));
    }
    if (totals.games === opts.n) {
      const alone = async (i: number) => playAlone(await sim.createPlayer(opts.params), layout, opts.seed, i);
      await checkReplays(opts, kept, alone);
    }
    return { totals, games: totals.games, partial: totals.games < opts.n, chunkSize: sizer.largestChunk, jobs: 1 };
  }

  const { Piscina } = await import('piscina');
  // Watchdog slots (src/core/decisionWatch.ts): twice the threads, in case a dead thread is replaced.
  const slots = jobs * 2;
  const watch = opts.userCode ? { watch: new SharedArrayBuffer(slots * WATCH_SLOT_BYTES), claim: new SharedArrayBuffer(4), slots, timeoutMs: opts.userCode.decisionTimeoutMs } : undefined;
  // A run without user code borrows the command's shared pool of this size (threads start once per
  // command, not once per simulation: --rev9 all, sweep cells, compare batches, check's goldens);
  // a run with user code gets its own watched pool, destroyed after it.
  const owned = watch !== undefined;
  const pool = owned
    ? new Piscina({
        filename: workerFile(),
        minThreads: jobs,
        maxThreads: jobs,
        idleTimeout: 1000,
        workerData: watch,
        ...(opts.userCode?.memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: opts.userCode.memoryMb } } : {}),
      })
    : sharedPool(Piscina, jobs);
  const paramsKey = canonicalJson(opts.params);
  const pending = new Map<number, Float64Array>();
  let nextToMerge = 0;
  let failure: unknown = null;
  // Set when the run gives up on running chunks (after an abort's grace, or a stuck decision): their results are dropped.
  let abandoned = false;
  const timers: ReturnType<typeof setInterval>[] = [];
  let onAbort: (() => void) | null = null;
  try {
    await new Promise<void>((resolve) => {
      let inFlight = 0;
      const giveUp = () => {
        if (abandoned) return;
        abandoned = true;
        if (!owned) sharedPools.delete(jobs);
        void pool.destroy();
        resolve();
      };
      // An abort lets running chunks finish for a moment, then stops their threads (a stuck one would never finish).
      onAbort = () => timers.push(setTimeout(giveUp, opts.graceMs ?? 3000));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      if (watch) {
        timers.push(
          setInterval(() => {
            for (let i = 0; i < slots && failure === null; i++) {
              const late = overdueDecision(watch.watch, i, watch.timeoutMs);
              if (late) failure = new StuckPolicyError(late.decision, late.game, late.ms, opts.seed);
            }
            if (failure !== null) giveUp();
          }, Math.min(250, Math.max(20, watch.timeoutMs / 4))),
        );
      }
      const pump = () => {
        // Bounded window: at most 4 chunks per worker in flight, so huge runs never queue millions of tasks.
        while (failure === null && !stopped() && cut < opts.n && inFlight < jobs * 4) {
          const k = cutChunk();
          inFlight++;
          const task: ChunkTask = { simId: opts.simId, params: opts.params, paramsKey, seed: opts.seed, start: starts[k], count: lengths[k], keep: keepIn(k) };
          pool.run(task).then(
            ({ data, kept: records, ms }: ChunkReply) => {
              inFlight--;
              if (abandoned) return;
              sizer.observe(lengths[k], ms);
              for (const [i, r] of records) kept.set(i, r);
              pending.set(k, data);
              while (pending.has(nextToMerge)) {
                totals.addChunk(pending.get(nextToMerge)!, lengths[nextToMerge]);
                pending.delete(nextToMerge);
                nextToMerge++;
              }
              opts.onProgress?.(totals.games, totals);
              pump();
            },
            (err: unknown) => {
              inFlight--;
              if (abandoned) return;
              if (failure === null) {
                failure = new ChunkError(k, starts[k], lengths[k], opts.seed, err);
              }
              pump();
            },
          );
        }
        if (inFlight === 0) resolve();
      };
      pump();
    });
    // The replays run on the same watched threads (user code may hang there too).
    if (failure === null && !abandoned && totals.games === opts.n) {
      await checkReplays(opts, kept, async (i) => (await pool.run({ simId: opts.simId, params: opts.params, paramsKey, seed: opts.seed, start: i, count: 1, alone: true } satisfies ChunkTask)) as GameRecord);
    }
  } finally {
    for (const t of timers) clearTimeout(t);
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
    if (!abandoned && owned) await pool.destroy();
  }
  if (failure !== null) throw failure;
  return { totals, games: totals.games, partial: totals.games < opts.n, chunkSize: sizer.largestChunk, jobs };
}

/** How to replay a game of a run (as the failing game's own command, whichever command ran it; darkfateEntry.ts names the Rev-9 version in it). */
function replayHint(seed: number, trace: string): string {
  return ` — replay it: the game's command (sim GAME) with these parameters, --seed ${seed} and --trace ${trace}`;
}

/** A chunk failed (in a worker or in-process): names the chunk, its games and the seed to reproduce it. */
export class ChunkError extends Error {
  constructor(readonly chunk: number, readonly start: number, readonly count: number, readonly seed: number, readonly causeError: unknown) {
    // Errors from worker threads arrive as plain Errors: recover the game index from the message.
    const fromMessage = causeError instanceof Error ? /^game (\d+):/.exec(causeError.message) : null;
    const game = causeError instanceof GameError ? causeError.index : fromMessage ? Number(fromMessage[1]) : null;
    super(
      `chunk ${chunk} (games ${start}..${start + count - 1}, seed ${seed}) failed: ${causeError instanceof Error ? causeError.message : String(causeError)}` +
        replayHint(seed, game !== null ? String(game) : `on a game in ${start}..${start + count - 1}`),
    );
  }
}

/** A user policy's decision ran past --decision-timeout: its thread was stopped. */
export class StuckPolicyError extends Error {
  constructor(readonly decision: string, readonly game: number, ms: number, seed: number) {
    super(`a policy decision took too long: decision ${decision} of game ${game} was still running after ${(ms / 1000).toFixed(1)} s (--decision-timeout); its thread was stopped — replay it with --seed ${seed} --trace ${game}`);
  }
}

/**
 * The games of a run [first, first + n) replayed alone at its end: the second, the middle one and
 * the last (none for a one-game run). Only indices, no randomness: any -j and chunking replays the same.
 */
export function replaySamples(first: number, n: number): number[] {
  if (n < 2) return [];
  return [...new Set([first + 1, first + Math.floor(n / 2), first + n - 1])];
}

/**
 * Replays each kept game alone on a fresh player and compares what it records with what it recorded
 * in the run. A difference means the game depends on more than (seed, index) — state kept across
 * games (a policy's, or the engine's), randomness from elsewhere — and every number of the run is
 * then irreproducible: an error, never a report.
 */
async function checkReplays(opts: RunOptions, kept: Map<number, GameRecord>, alone: (i: number) => Promise<GameRecord>): Promise<void> {
  for (const [i, inRun] of [...kept].sort((a, b) => a[0] - b[0])) {
    const replay = await alone(i);
    if (replay.length === inRun.length && replay.every((x, j) => x === inRun[j])) continue;
    throw new Error(
      `game ${i} recorded other results when replayed alone (in the run: ${inRun.join(',')}; alone: ${replay.join(',')}): the game or its policy keeps state across games or draws randomness from elsewhere, so this run cannot be reproduced from its seed${replayHint(opts.seed, String(i))}`,
    );
  }
}
