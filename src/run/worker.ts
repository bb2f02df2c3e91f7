// Piscina worker entry: plays chunks and sends back compact aggregates (never per-game data).
// A worker builds each (simulation, parameters) player once and reuses its preallocated state.
import { performance } from 'node:perf_hooks';
import { workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { Layout } from '../core/aggregate.js';
import { attachWatchSlot, setPolicyTimeoutMs } from '../core/decisionWatch.js';
import { playAlone, playChunk, type GameRecord } from '../core/chunk.js';
import type { GamePlayer } from '../core/game.js';
import { loadSim } from './sims.js';

export interface ChunkTask {
  simId: string;
  params: unknown;
  /** Identifies params cheaply between tasks (canonical JSON of params). */
  paramsKey: string;
  seed: number;
  start: number;
  count: number;
  /** Game indices of this chunk whose records come back beside the aggregate (the replay check). */
  keep?: number[];
  /** Play game `start` alone on a new player (not this thread's cached one) and return its record. */
  alone?: boolean;
}

export interface ChunkReply {
  data: Float64Array;
  /** [index, record] of each kept game. */
  kept: [number, GameRecord][];
  /** How long playing the chunk took (ms): the runner sizes the next chunks from it. */
  ms: number;
}

const cache = new Map<string, { player: GamePlayer; layout: Layout }>();

// A run with user code hands each thread a watchdog slot and the decision time limit (runner.ts).
const watch = workerData as { watch?: SharedArrayBuffer; claim?: SharedArrayBuffer; slots?: number; timeoutMs?: number } | null;
if (watch?.watch && watch.claim && watch.slots && watch.timeoutMs) {
  attachWatchSlot(watch.watch, Atomics.add(new Int32Array(watch.claim), 0, 1) % watch.slots);
  setPolicyTimeoutMs(watch.timeoutMs);
}

export default async function runChunkTask(task: ChunkTask): Promise<ChunkReply | GameRecord> {
  if (task.alone) {
    const sim = await loadSim(task.simId);
    return playAlone(await sim.createPlayer(task.params), new Layout(sim.metrics(task.params)), task.seed, task.start);
  }
  const key = `${task.simId}\u0000${task.paramsKey}`;
  let entry = cache.get(key);
  if (!entry) {
    const sim = await loadSim(task.simId);
    entry = { player: await sim.createPlayer(task.params), layout: new Layout(sim.metrics(task.params)) };
    cache.set(key, entry);
  }
  const kept = new Map<number, GameRecord>();
  const t0 = performance.now();
  const data = playChunk(entry.player, entry.layout, task.seed, task.start, task.count, task.keep ?? [], kept);
  const reply: ChunkReply = { data, kept: [...kept], ms: performance.now() - t0 };
  // The aggregate's buffer is transferred to the main thread, not copied (it is not used here again).
  return move({
    get [transferableSymbol]() {
      return [data.buffer];
    },
    get [valueSymbol]() {
      return reply;
    },
  }) as unknown as ChunkReply;
}
