// Plays one contiguous range of game indices: the unit of work shared by the in-process
// runner and the worker threads.
import { Layout, Recorder } from './aggregate.js';
import type { GamePlayer } from './game.js';
import { StreamSeeder, type Rng } from './rng.js';
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
  override recordMany(metric: number, value: number, count: number): void {
    for (let k = 0; k < count; k++) this.record(metric, value);
  }
}

/**
 * Plays games [start, start + count) of run `seed`, returning the chunk aggregate. For each index
 * in `keep` (inside the range), what that game recorded is written to `kept`. A player with
 * playRange plays the other games of the chunk in batches between the kept ones.
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
    if (player.playRange) {
      // Batches between the kept games, which are played one by one (their records are kept).
      const stops = keep.filter((k) => k >= start && k < end).sort((a, b) => a - b);
      for (let s = 0; s <= stops.length; s++) {
        const to = s < stops.length ? stops[s] : end;
        if (to > i) playRangeNamed(player, layout, seeder, rng, rec, i, to);
        i = to;
        if (s < stops.length) {
          seeder.seedInto(rng, i);
          watchGame(i);
          playKept(player, rng, rec, layout, i, kept);
          i++;
        }
      }
    } else {
      for (; i < end; i++) {
        seeder.seedInto(rng, i);
        watchGame(i);
        if (keep.length && keep.includes(i)) playKept(player, rng, rec, layout, i, kept);
        else player.play(rng, rec, i);
      }
    }
  } catch (err) {
    if (err instanceof GameError) throw err;
    // Name the failing game so the error can be reproduced with --trace.
    throw new GameError(i, `game ${i}: ${err instanceof Error ? err.message : String(err)}`);
  }
  rec.finish();
  return data;
}

/** Plays game `i` (rng already seeded) through a recorder that keeps what it records, into `kept`. */
function playKept(player: GamePlayer, rng: Rng, rec: Recorder, layout: Layout, i: number, kept: Map<number, GameRecord> | undefined): void {
  const keeper = new KeepingRecorder(rec, layout);
  player.play(rng, keeper, i);
  kept?.set(i, keeper.kept);
}

/**
 * playRange over [from, to). When it fails, the games are replayed one by one with play() (into a
 * scratch buffer: the chunk is lost anyway) so that the error names the failing game, as the
 * per-game loop's does.
 */
function playRangeNamed(player: GamePlayer, layout: Layout, seeder: StreamSeeder, rng: Rng, rec: Recorder, from: number, to: number): void {
  watchGame(from);
  try {
    player.playRange!(seeder, rng, rec, from, to);
  } catch (err) {
    const scratch = new Recorder(layout, layout.emptyChunk());
    for (let i = from; i < to; i++) {
      seeder.seedInto(rng, i);
      try {
        player.play(rng, scratch, i);
      } catch (alone) {
        throw new GameError(i, `game ${i}: ${alone instanceof Error ? alone.message : String(alone)}`);
      }
    }
    throw new GameError(from, `games ${from}..${to - 1}: ${err instanceof Error ? err.message : String(err)} (no game of them fails when played alone)`);
  }
}

/** What one game records when played alone, on a fresh player, from stream (seed, index). */
export function playAlone(player: GamePlayer, layout: Layout, seed: number, index: number): GameRecord {
  const kept = new Map<number, GameRecord>();
  playChunk(player, layout, seed, index, 1, [index], kept);
  return kept.get(index)!;
}
