// Plays one contiguous range of game indices: the unit of work shared by the in-process
// runner and the worker threads.
import { Layout, Recorder } from './aggregate.js';
import type { GamePlayer } from './game.js';
import { StreamSeeder } from './rng.js';
import { watchGame } from './decisionWatch.js';
import { GameError } from './gameError.js';

/** The metric values one game recorded, in order: [metric, value, metric, value, …]. */
export type GameRecord = number[];

/**
 * Forwards to the chunk's recorder and keeps what one game records: the runner samples a few games
 * of every run and replays them alone at the end, so a game that depends on anything but (seed, i)
 * — state kept across games, ambient randomness — is caught instead of silently breaking the
 * "same seed, same numbers" contract.
 */
class KeepingRecorder extends Recorder {
  kept: GameRecord = [];
  constructor(private readonly inner: Recorder, layout: Layout) {
    super(layout, inner.data);
  }
  override record(metric: number, value: number): void {
    this.kept.push(metric, value);
    this.inner.record(metric, value);
  }
}

/**
 * Plays games [start, start + count) of run `seed`, returning the chunk aggregate. For each index
 * in `keep` (inside the range), what that game recorded is written to `kept`.
 */
export function playChunk(
  player: GamePlayer,
  layout: Layout,
  seed: number,
  start: number,
  count: number,
  keep: readonly number[] = [],
  kept?: Map<number, GameRecord>,
): Float64Array {
  const data = layout.emptyChunk();
  const rec = new Recorder(layout, data);
  const end = start + count;
  if (count <= 0) {
    rec.finish();
    return data;
  }
  // One generator per chunk, re-seeded in place to each game's stream (seed, i).
  const seeder = new StreamSeeder(seed);
  const rng = seeder.streamFor(start);
  let i = start;
  try {
    for (; i < end; i++) {
      seeder.seedInto(rng, i);
      watchGame(i);
      if (keep.length && keep.includes(i)) {
        const keeper = new KeepingRecorder(rec, layout);
        player.play(rng, keeper, i);
        kept?.set(i, keeper.kept);
      } else player.play(rng, rec, i);
    }
  } catch (err) {
    // Name the failing game so the error can be reproduced with --trace.
    throw new GameError(i, `game ${i}: ${err instanceof Error ? err.message : String(err)}`);
  }
  rec.finish();
  return data;
}

/** What one game records when played alone, on a fresh player, from stream (seed, index). */
export function playAlone(player: GamePlayer, layout: Layout, seed: number, index: number): GameRecord {
  const kept = new Map<number, GameRecord>();
  playChunk(player, layout, seed, index, 1, [index], kept);
  return kept.get(index)!;
}
