import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamSeeder, randIndex, rollDie, shuffleInPlace, streamFor, streamState } from '../src/core/rng.js';
import { chiSquareGoodnessOfFit } from '../src/core/stats.js';

function firstValues(seed: number, index: number, k = 4): number[] {
  const rng = streamFor(seed, index);
  return Array.from({ length: k }, () => rng.next());
}

describe('stream derivation', () => {
  it('is reproducible: the same (seed, index) gives the same stream', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.nat({ max: 1e12 }), (seed, index) => {
        expect(firstValues(seed, index)).toEqual(firstValues(seed, index));
      }),
    );
  });
  it('gives distinct streams to neighbouring seeds and indices', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 50; seed++)
      for (let i = 0; i < 50; i++) seen.add(streamState(seed, i).join(','));
    expect(seen.size).toBe(2500);
  });
  it('separates seed and index (stream (a, b) is not stream (b, a))', () => {
    expect(firstValues(1, 2)).not.toEqual(firstValues(2, 1));
    expect(firstValues(2 ** 32, 0)).not.toEqual(firstValues(0, 0));
    expect(firstValues(0, 2 ** 32)).not.toEqual(firstValues(0, 0));
  });
  it('first outputs of consecutive streams are uniform (chi-square over 16 buckets)', () => {
    const counts = new Array(16).fill(0);
    for (let i = 0; i < 64000; i++) counts[(streamFor(12345, i).next() >>> 28) & 15]++;
    const r = chiSquareGoodnessOfFit(counts, new Array(16).fill(1 / 16));
    expect(r.pValue).toBeGreaterThan(0.001);
  });
  it('first outputs of consecutive streams are uncorrelated bit by bit', () => {
    const n = 20000;
    let agree = 0;
    for (let i = 0; i < n; i++) {
      const a = streamFor(99, i).next();
      const b = streamFor(99, i + 1).next();
      agree += (a ^ b) & 1 ? 0 : 1;
    }
    // Binomial(20000, 1/2): 5 standard deviations is about ±354.
    expect(Math.abs(agree - n / 2)).toBeLessThan(354);
  });
});

describe('dice and shuffles', () => {
  it('rollDie stays within [1, sides]', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 2, max: 1000 }), (seed, sides) => {
        const rng = streamFor(seed, 0);
        for (let i = 0; i < 20; i++) {
          const v = rollDie(rng, sides);
          expect(v).toBeGreaterThanOrEqual(1);
          expect(v).toBeLessThanOrEqual(sides);
          expect(Number.isInteger(v)).toBe(true);
        }
      }),
    );
  });
  it('shuffleInPlace is a permutation of the range and leaves the rest alone', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.integer(), { maxLength: 40 }), fc.nat(40), fc.nat(40), (seed, arr, a, b) => {
        const from = Math.min(a, b, arr.length);
        const to = Math.min(Math.max(a, b), arr.length);
        const copy = arr.slice();
        shuffleInPlace(streamFor(seed, 1), copy, from, to);
        expect(copy.slice(0, from)).toEqual(arr.slice(0, from));
        expect(copy.slice(to)).toEqual(arr.slice(to));
        expect(copy.slice(from, to).sort((x, y) => x - y)).toEqual(arr.slice(from, to).sort((x, y) => x - y));
      }),
    );
  });
  it('shuffles 3 items into each of the 6 orders about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const a = [0, 1, 2];
      shuffleInPlace(streamFor(3, i), a, 0, 3);
      counts.set(a.join(''), (counts.get(a.join('')) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const r = chiSquareGoodnessOfFit([...counts.values()], new Array(6).fill(1 / 6));
    expect(r.pValue).toBeGreaterThan(0.001);
  });
});

describe('in-place re-seeding and Lemire bounded integers', () => {
  it('seedInto gives exactly the stream streamFor gives (pins pure-rand field layout)', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.nat({ max: 1e12 }), (seed, index) => {
        const seeder = new StreamSeeder(seed);
        const reused = seeder.streamFor(index + 1);
        seeder.seedInto(reused, index);
        const fresh = streamFor(seed, index);
        for (let i = 0; i < 8; i++) expect(reused.next()).toBe(fresh.next());
        expect(seeder.streamFor(index).getState()).toEqual(streamFor(seed, index).getState());
      }),
      { seed: 7 },
    );
  });
  it('seedInto agrees with streamFor on both sides of 2^32 (its fast path for small indices)', () => {
    const seeder = new StreamSeeder(123_456_789_012);
    const reused = seeder.streamFor(0);
    for (const index of [0, 1, 2, 1e6, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 2, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1]) {
      seeder.seedInto(reused, index);
      expect(reused.getState()).toEqual(streamFor(123_456_789_012, index).getState());
    }
  });
  it('randIndex stays in [0, n) for n from 1 to beyond the fast path', () => {
    const rng = streamFor(5, 5);
    for (const n of [1, 2, 3, 6, 7, 1000, 2 ** 21, 2 ** 21 + 1, 2 ** 31 + 11, 2 ** 32]) {
      for (let i = 0; i < 200; i++) {
        const v = randIndex(rng, n);
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
      }
    }
    expect(randIndex(rng, 1)).toBe(0);
  });
  it('randIndex is uniform for a size that does not divide 2^32 (chi-square, 7 and 1000 buckets)', () => {
    for (const n of [7, 1000]) {
      const counts = new Array(n).fill(0);
      const rng = streamFor(11, n);
      for (let i = 0; i < 200 * n; i++) counts[randIndex(rng, n)]++;
      expect(chiSquareGoodnessOfFit(counts, new Array(n).fill(1 / n)).pValue).toBeGreaterThan(0.001);
    }
  });
  it('rejection makes tiny biases impossible: n = 3·2^20 + 1 stays uniform over thirds', () => {
    const n = 3 * 2 ** 20 + 1;
    const counts = [0, 0, 0];
    const rng = streamFor(3, 3);
    for (let i = 0; i < 60000; i++) counts[Math.min(2, Math.floor((randIndex(rng, n) * 3) / n))]++;
    expect(chiSquareGoodnessOfFit(counts, [1 / 3, 1 / 3, 1 / 3]).pValue).toBeGreaterThan(0.001);
  });
});
