// Seeded random streams. The RNG is always the first argument and is mutated in place.
// Game i of a run draws only from streamFor(seed, i): the pair is hashed into the 128-bit
// xoroshiro128+ state, so neighbouring seeds or indices never give correlated streams.
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export type Rng = RandomGenerator;

/** Largest seed accepted: seeds are non-negative safe integers (53 bits). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** Murmur3's 32-bit finaliser: a bijective, well-avalanching mix of one 32-bit word. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Hashes five 32-bit words into one; `lane` makes the four state words independent. */
function hashWords(a: number, b: number, c: number, d: number, lane: number): number {
  let h = fmix32(Math.imul(lane + 1, 0x9e3779b9) ^ 0x2545f491);
  h = fmix32(h ^ a);
  h = fmix32((h + Math.imul(b, 0x27d4eb2f)) | 0);
  h = fmix32(h ^ Math.imul(c, 0x165667b1));
  h = fmix32((h + Math.imul(d ^ 0x61c88647, 0xcc9e2d51)) | 0);
  return h;
}

/** Splits a non-negative safe integer into [low 32 bits, high 21 bits]. */
function splitSafeInteger(x: number): [number, number] {
  return [x >>> 0, Math.floor(x / 4294967296) >>> 0];
}

/** Raw 128-bit xoroshiro128+ state for stream (seed, index); never all zero. */
export function streamState(seed: number, index: number): [number, number, number, number] {
  const [sLo, sHi] = splitSafeInteger(seed);
  const [iLo, iHi] = splitSafeInteger(index);
  const s: [number, number, number, number] = [
    hashWords(sLo, sHi, iLo, iHi, 0),
    hashWords(sLo, sHi, iLo, iHi, 1),
    hashWords(sLo, sHi, iLo, iHi, 2),
    hashWords(sLo, sHi, iLo, iHi, 3),
  ];
  // xoroshiro's all-zero state is a fixed point; astronomically unlikely, but never allow it.
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[3] = 1;
  return s;
}

/** The independent stream of game `index` of the run seeded `seed` (both non-negative safe integers). */
export function streamFor(seed: number, index: number): Rng {
  return xoroshiro128plusFromState(streamState(seed, index));
}

/** Uniform integer in [0, n) for 1 <= n <= 2^32. Mutates rng. */
export function randIndex(rng: Rng, n: number): number {
  return uniformInt(rng, 0, n - 1);
}

/** Rolls one die with `sides` faces: uniform integer in [1, sides]. Mutates rng. */
export function rollDie(rng: Rng, sides: number): number {
  return uniformInt(rng, 1, sides);
}

/** Fisher–Yates shuffle of arr[from, to) in place. Mutates rng and arr. */
export function shuffleInPlace(
  rng: Rng,
  arr: { [i: number]: number },
  from: number,
  to: number,
): void {
  for (let i = to - 1; i > from; i--) {
    const j = from + uniformInt(rng, 0, i - from);
    const t = arr[i];
    arr[i] = arr[j];
    arr[j] = t;
  }
}
