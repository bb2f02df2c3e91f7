// Plays one contiguous range of game indices: the unit of work shared by the in-process
// runner and the worker threads.
import { Layout, Recorder } from './aggregate.js';
import type { GamePlayer } from './game.js';
import { StreamSeeder } from './rng.js';
import { watchGame } from './decisionWatch.js';
import { GameError } from './gameError.js';

/** Plays games [start, start + count) of run `seed`, returning the chunk aggregate. */
export function playChunk(
  player: GamePlayer,
  layout: Layout,
  seed: number,
  start: number,
  count: number,
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
      player.play(rng, rec, i);
    }
  } catch (err) {
    // Name the failing game so the error can be reproduced with --trace.
    throw new GameError(i, `game ${i}: ${err instanceof Error ? err.message : String(err)}`);
  }
  rec.finish();
  return data;
}
