// Copying a stream's state into another generator in place (no allocation): how a search derives
// its own streams from the game's without drawing from it. pure-rand's xoroshiro128+ keeps its
// state in four fields (s01, s00, s11, s10 = state[0..3]; test/rng.test.ts pins the layout, and
// StreamSeeder.seedInto in rng.ts relies on it too).
import type { Rng } from './rng.js';

type Xoro = { s01: number; s00: number; s11: number; s10: number };

/** Copies generator `from`'s state into `to` (both xoroshiro128+ from rng.ts). Mutates `to`. */
export function copyStreamInto(from: Rng, to: Rng): void {
  const a = from as unknown as Xoro;
  const b = to as unknown as Xoro;
  b.s01 = a.s01;
  b.s00 = a.s00;
  b.s11 = a.s11;
  b.s10 = a.s10;
}

/**
 * Makes `to` a stream independent of `from`'s continuation: `from`'s state, jumped 2^64 draws
 * ahead (xoroshiro128+'s jump). `from` is not drawn from. Mutates `to`.
 */
export function jumpedStreamInto(from: Rng, to: Rng): void {
  copyStreamInto(from, to);
  (to as Rng & { jump(): void }).jump();
}
