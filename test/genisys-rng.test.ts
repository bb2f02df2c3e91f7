// rollFast (the genisys attack loop's inlined die roll) must be draw-for-draw identical to
// core/rng's rollDie, so the Monte Carlo engine uses exactly the foundation's die semantics.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollDie, streamFor } from '../src/core/rng.js';
import { rollFast } from '../src/games/genisys/dieChecks.js';

describe('rollFast', () => {
  it('equals rollDie on the same stream, for every die of the ladder and odd sizes', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.constantFrom(2, 3, 4, 6, 7, 8, 10, 12, 20, 100, 65536), (seed, sides) => {
        const a = streamFor(seed, 1);
        const b = streamFor(seed, 1);
        for (let i = 0; i < 200; i++) expect(rollFast(a, sides)).toBe(rollDie(b, sides));
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
