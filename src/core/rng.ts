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

/** Hashes a run seed into four per-lane words (once per run, not per game). */
function seedWords(seed: number): Int32Array {
  const [sLo, sHi] = splitSafeInteger(seed);
  const out = new Int32Array(4);
  for (let lane = 0; lane < 4; lane++) {
    let h = fmix32(Math.imul(lane + 1, 0x9e3779b9) ^ 0x2545f491);
    h = fmix32(h ^ sLo);
    h = fmix32((h + Math.imul(sHi ^ 0x7f4a7c15, 0x27d4eb2f)) | 0);
    out[lane] = h;
  }
  return out;
}

/** Splits a non-negative safe integer into [low 32 bits, high 21 bits]. */
function splitSafeInteger(x: number): [number, number] {
  return [x >>> 0, Math.floor(x / 4294967296) >>> 0];
}

/** Lane word of game index (iLo, iHi): two murmur3 finalisers over the run's lane word and the index. */
function laneWord(base: number, iLo: number, iHi: number, lane: number): number {
  return fmix32(base ^ fmix32((iLo + Math.imul(iHi ^ lane, 0x85ebca6b) + Math.imul(lane + 1, 0x632be5ab)) | 0));
}

/**
 * Derives the game streams of one run. Game i's 128-bit xoroshiro128+ state is a hash of
 * (seed, i): the seed part is hashed once per run, the index part per game. `seedInto` rewrites
 * an existing generator in place, so a chunk of games allocates one generator, not one per game.
 */
export class StreamSeeder {
  private readonly base: Int32Array;
  /** Index part of each lane's inner word for indices below 2^32 (high word 0), hashed once per run. */
  private readonly low: Int32Array;
  constructor(readonly seed: number) {
    this.base = seedWords(seed);
    this.low = new Int32Array(4);
    for (let lane = 0; lane < 4; lane++) this.low[lane] = (Math.imul(lane, 0x85ebca6b) + Math.imul(lane + 1, 0x632be5ab)) | 0;
  }

  /** Writes the state of game `index` into `out` (four int32 words, never all zero). */
  stateInto(index: number, out: Int32Array | number[]): void {
    const iLo = index >>> 0;
    const iHi = Math.floor(index / 4294967296) >>> 0;
    const b = this.base;
    out[0] = laneWord(b[0], iLo, iHi, 0);
    out[1] = laneWord(b[1], iLo, iHi, 1);
    out[2] = laneWord(b[2], iLo, iHi, 2);
    out[3] = laneWord(b[3], iLo, iHi, 3);
    // xoroshiro's all-zero state is a fixed point; astronomically unlikely, but never allow it.
    if ((out[0] | out[1] | out[2] | out[3]) === 0) out[3] = 1;
  }

  /** A new generator for game `index`. */
  streamFor(index: number): Rng {
    const s = [0, 0, 0, 0];
    this.stateInto(index, s);
    return xoroshiro128plusFromState(s);
  }

  /**
   * Re-seeds `rng` (a generator made by this module) to game `index` in place: no allocation.
   * Relies on pure-rand's xoroshiro128+ field layout (s01, s00, s11, s10 = state[0..3]), which
   * test/rng.test.ts pins against xoroshiro128plusFromState. The same words as stateInto.
   */
  seedInto(rng: Rng, index: number): void {
    const g = rng as unknown as { s01: number; s00: number; s11: number; s10: number };
    const b = this.base;
    if (index <= 0xffffffff) {
      // Hot path (once per game): below 2^32 the high word is 0, so each lane's index term is the
      // precomputed low[lane] — laneWord's arithmetic without the division and two multiplications.
      const l = this.low;
      g.s01 = fmix32(b[0] ^ fmix32((index + l[0]) | 0));
      g.s00 = fmix32(b[1] ^ fmix32((index + l[1]) | 0));
      g.s11 = fmix32(b[2] ^ fmix32((index + l[2]) | 0));
      g.s10 = fmix32(b[3] ^ fmix32((index + l[3]) | 0));
    } else {
      const iLo = index >>> 0;
      const iHi = Math.floor(index / 4294967296) >>> 0;
      g.s01 = laneWord(b[0], iLo, iHi, 0);
      g.s00 = laneWord(b[1], iLo, iHi, 1);
      g.s11 = laneWord(b[2], iLo, iHi, 2);
      g.s10 = laneWord(b[3], iLo, iHi, 3);
    }
    if ((g.s01 | g.s00 | g.s11 | g.s10) === 0) g.s10 = 1;
  }
}

/** Raw 128-bit xoroshiro128+ state of stream (seed, index). */
export function streamState(seed: number, index: number): [number, number, number, number] {
  const s: [number, number, number, number] = [0, 0, 0, 0];
  new StreamSeeder(seed).stateInto(index, s);
  return s;
}

/** The independent stream of game `index` of the run seeded `seed` (both non-negative safe integers). */
export function streamFor(seed: number, index: number): Rng {
  return xoroshiro128plusFromState(streamState(seed, index));
}

/**
 * Uniform integer in [0, n) for 1 <= n <= 2^32. Mutates rng. For n <= 2^21 (every die, deck and
 * hand) Lemire's multiply-and-shift with rejection: one multiplication and no division in the
 * common case, exactly uniform; x·n < 2^53 stays exact in a double.
 */
export function randIndex(rng: Rng, n: number): number {
  if (n > 2097152) return uniformInt(rng, 0, n - 1);
  let m = (rng.next() >>> 0) * n;
  let lo = m >>> 0;
  if (lo < n) {
    // Reject the (2^32 mod n) lowest products so that every result has as many preimages.
    const threshold = (4294967296 - n) % n;
    while (lo < threshold) {
      m = (rng.next() >>> 0) * n;
      lo = m >>> 0;
    }
  }
  return Math.floor(m / 4294967296);
}

/** Rolls one die with `sides` faces: uniform integer in [1, sides]. Mutates rng. */
export function rollDie(rng: Rng, sides: number): number {
  return 1 + randIndex(rng, sides);
}

/** Fisher–Yates shuffle of arr[from, to) in place. Mutates rng and arr. */
export function shuffleInPlace(
  rng: Rng,
  arr: { [i: number]: number },
  from: number,
  to: number,
): void {
  for (let i = to - 1; i > from; i--) {
    const j = from + randIndex(rng, i - from + 1);
    const t = arr[i];
    arr[i] = arr[j];
    arr[j] = t;
  }
}

/**
 * A draw-only face of a stream for code that must not foresee it (a user policy module): next()
 * draws from the stream `source()` returns at the time of the call; clone(), getState() and
 * jump() are refused, since a copy or the state would predict the next draws. `who` names the
 * holder in the error ("view.rng").
 */
export function drawOnlyRng(source: () => Rng, who: string): Rng {
  const refuse = (what: string) => () => {
    throw new Error(`${who}.${what}: a policy module may draw from the game's stream (next()), not copy it or read its state`);
  };
  return Object.freeze({ next: () => source().next(), clone: refuse('clone'), getState: refuse('getState'), jump: refuse('jump') }) as unknown as Rng;
}
