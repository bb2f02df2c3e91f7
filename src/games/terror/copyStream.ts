// Copying a stream's state into another generator in place (no allocation): the search policy's
// and the sensitivity table's streams. pure-rand's xoroshiro128+ keeps its state in four fields
// (s01, s00, s11, s10 = state[0..3]; test/rng.test.ts pins the layout, src/core/rng.ts relies on it too).
import type { Rng } from '../../core/rng.js';

type Xoro = { s01: number; s00: number; s11: number; s10: number };

/** Copies generator `from`'s state into `to` (both xoroshiro128+ from src/core/rng.ts). Mutates `to`. */
export function copyStreamState(from: Rng, to: Rng): void {
  const a = from as unknown as Xoro;
  const b = to as unknown as Xoro;
  b.s01 = a.s01;
  b.s00 = a.s00;
  b.s11 = a.s11;
  b.s10 = a.s10;
}

/** Seeds `rng` with words[4j, 4j + 4) (the caller keeps them not all zero). Mutates `rng`. */
export function setStreamState(rng: Rng, words: Int32Array, j: number): void {
  const b = rng as unknown as Xoro;
  b.s01 = words[4 * j];
  b.s00 = words[4 * j + 1];
  b.s11 = words[4 * j + 2];
  b.s10 = words[4 * j + 3];
}
