// The bench's target check (bench/ runs outside `npm test`; only its pure logic is tested here).
import { describe, expect, it } from 'vitest';
import { meetsTarget } from '../bench/benchCase.js';

describe('bench targets', () => {
  it('a target is met only when every stated bound is', () => {
    const both = { perSecond: 100_000, ratio: 0.5, source: 'issue 4' };
    expect(meetsTarget(both, 120_000, 0.6)).toBe(true);
    expect(meetsTarget(both, 100_000, 0.5)).toBe(true);
    expect(meetsTarget(both, 99_999, 0.6)).toBe(false);
    expect(meetsTarget(both, 120_000, 0.49)).toBe(false);
    // A ratio bound on a case without a ratio (not counted in games) cannot be met.
    expect(meetsTarget(both, 120_000, null)).toBe(false);
    const rateOnly = { perSecond: 20, source: 'issue 3' };
    expect(meetsTarget(rateOnly, 20, null)).toBe(true);
    expect(meetsTarget(rateOnly, 19.9, 5)).toBe(false);
  });
});
