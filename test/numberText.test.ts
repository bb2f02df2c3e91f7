// groupedInteger (src/core/numberText.ts) writes whole numbers as toLocaleString('en-US') does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupedInteger } from '../src/core/numberText.js';

describe('groupedInteger', () => {
  it('matches toLocaleString("en-US") on whole numbers, and hands it everything else (seeded law)', () => {
    for (const n of [0, 7, 999, 1000, 5000, 100_000, 1_000_000, 1e12, Number.MAX_SAFE_INTEGER]) expect(groupedInteger(n)).toBe(n.toLocaleString('en-US'));
    expect(groupedInteger(1000)).toBe('1,000');
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeNat(), fc.integer({ min: -1e6, max: 1e6 }), fc.double({ noNaN: true })), (n) => {
        expect(groupedInteger(n)).toBe(n.toLocaleString('en-US'));
      }),
      { seed: 29, numRuns: 300 },
    );
  });
});
