import { describe, expect, it } from 'vitest';
import { Layout, Totals, Recorder } from '../src/core/aggregate.js';
import {
  chiSquareGoodnessOfFit,
  clopperPearson,
  chiSquareSurvival,
  histogramQuantile,
  logGamma,
  meanSummary,
  normalCdf,
  normalQuantile,
  regularizedGammaP,
  tFor,
  wilson,
  zFor,
} from '../src/core/stats.js';

describe('normal distribution', () => {
  it('quantiles match published values', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489, 11);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 11);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 8);
    expect(zFor(0.9)).toBeCloseTo(1.6448536269514722, 12);
  });
  it('zFor answers each confidence level, asked in turn (it keeps the last one it computed)', () => {
    for (const [c, z] of [
      [0.95, 1.959963984540054],
      [0.99, 2.5758293035489],
      [0.95, 1.959963984540054],
      [0.9, 1.6448536269514722],
      [0.9, 1.6448536269514722],
    ]) {
      expect(zFor(c)).toBe(normalQuantile(0.5 + c / 2));
      expect(zFor(c)).toBeCloseTo(z, 11);
    }
  });
  it('cdf inverts the quantile', () => {
    for (const p of [1e-8, 0.01, 0.2, 0.5, 0.77, 0.99, 1 - 1e-6]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 12);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 12);
  });
  it('rejects p outside (0, 1)', () => {
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe('Wilson score interval', () => {
  it('55/100 at 95% is about [0.4524, 0.6439]', () => {
    const { lo, hi } = wilson(55, 100, 0.95);
    expect(lo).toBeCloseTo(0.4524, 4);
    expect(hi).toBeCloseTo(0.6439, 4);
  });
  it('handles 0 and n successes without leaving [0, 1]', () => {
    const zero = wilson(0, 10);
    expect(zero.lo).toBe(0);
    expect(zero.hi).toBeCloseTo(0.2775, 4); // published: 0/10 → [0, 0.2775]
    const all = wilson(10, 10);
    expect(all.hi).toBe(1);
    expect(all.lo).toBeCloseTo(0.7225, 4);
  });
  it('narrows as n grows and widens with confidence', () => {
    const a = wilson(500, 1000);
    const b = wilson(5000, 10000);
    expect(b.hi - b.lo).toBeLessThan(a.hi - a.lo);
    const c = wilson(500, 1000, 0.99);
    expect(c.hi - c.lo).toBeGreaterThan(a.hi - a.lo);
  });
});

describe('Clopper–Pearson interval', () => {
  it('matches published values', () => {
    const a = clopperPearson(5, 10, 0.95);
    expect(a.lo).toBeCloseTo(0.187086, 5);
    expect(a.hi).toBeCloseTo(0.812914, 5);
    const z = clopperPearson(0, 10, 0.95);
    expect(z.lo).toBe(0);
    expect(z.hi).toBeCloseTo(0.308497, 5);
    const r = clopperPearson(3, 20000, 0.95);
    expect(r.lo).toBeCloseTo(3.093467e-5, 10);
    expect(r.hi).toBeCloseTo(4.383005e-4, 9); // binomial tail solved independently (log-space sum, bisection)
  });
  it('is wider than Wilson for rare events (Wilson undercovers when n·p < 1)', () => {
    const cp = clopperPearson(3, 20000, 0.999999);
    const w = wilson(3, 20000, 0.999999);
    expect(cp.lo).toBeLessThan(w.lo);
  });
});

describe('gamma and chi-square', () => {
  it('logGamma matches factorials', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });
  it('regularised gamma P(1, x) = 1 - e^-x', () => {
    for (const x of [0.1, 1, 3, 10]) expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 12);
  });
  it('chi-square survival matches published critical values', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 10);
    expect(chiSquareSurvival(11.070497693516351, 5)).toBeCloseTo(0.05, 10);
    expect(chiSquareSurvival(23.209251158954356, 10)).toBeCloseTo(0.01, 10);
  });
  it('goodness of fit: a perfect fit has statistic 0, a skewed one a tiny p-value', () => {
    expect(chiSquareGoodnessOfFit([250, 250, 250, 250], [0.25, 0.25, 0.25, 0.25]).statistic).toBe(0);
    const bad = chiSquareGoodnessOfFit([400, 200, 200, 200], [0.25, 0.25, 0.25, 0.25]);
    expect(bad.statistic).toBeCloseTo(120, 10); // 150²/250 + 3·50²/250
    expect(bad.degreesOfFreedom).toBe(3);
    expect(bad.pValue).toBeLessThan(1e-15);
  });
  it('pools cells with expected counts below 5', () => {
    const r = chiSquareGoodnessOfFit([10, 88, 2], [0.1, 0.88, 0.02]);
    expect(r.degreesOfFreedom).toBe(1);
  });
  it('fewer than 2 cells after pooling: no test (df 0, statistic and p-value NaN), not a perfect fit', () => {
    // n = 7: the first cell reaches 5 expected, the second (0.7) pools into it; n = 1: nothing reaches 5.
    for (const [obs, probs] of [[[6, 1], [0.9, 0.1]], [[1, 0, 0], [0.3, 0.4, 0.3]], [[0, 0], [0.5, 0.5]]]) {
      const r = chiSquareGoodnessOfFit(obs, probs);
      expect(r.degreesOfFreedom, JSON.stringify(obs)).toBe(0);
      expect(r.statistic, JSON.stringify(obs)).toBeNaN();
      expect(r.pValue, JSON.stringify(obs)).toBeNaN();
    }
  });
});

describe('exact moments and histogram quantiles', () => {
  const layout = new Layout([{ name: 'x', description: '', kind: 'count', maxValue: 10 }]);
  it('mean, sd and quantiles of a known sample', () => {
    const data = layout.emptyChunk();
    const rec = new Recorder(layout, data);
    for (const v of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) rec.record(0, v);
    rec.finish();
    const t = new Totals(layout);
    t.addChunk(data, 10);
    const m = meanSummary(t.get('x'));
    expect(m.mean).toBe(5.5);
    expect(m.sd).toBeCloseTo(3.0276503540974917, 14);
    expect(m.se).toBeCloseTo(3.0276503540974917 / Math.sqrt(10), 14);
    // 95% interval from Student t with 9 degrees of freedom (2.262157), not z (1.96): 5.5 ± 2.16585.
    expect(m.lo).toBeCloseTo(5.5 - 2.2621571627982 * m.se, 10);
    expect(m.hi).toBeCloseTo(5.5 + 2.2621571627982 * m.se, 10);
    expect(histogramQuantile(t.get('x'), 0.1)).toBe(1);
    expect(histogramQuantile(t.get('x'), 0.5)).toBe(5);
    expect(histogramQuantile(t.get('x'), 0.9)).toBe(9);
  });
  it('one observation: the mean is known, its spread and interval are not (NaN, never zero width)', () => {
    const summarize = (values: number[]) => {
      const data = layout.emptyChunk();
      const rec = new Recorder(layout, data);
      for (const v of values) rec.record(0, v);
      rec.finish();
      const t = new Totals(layout);
      t.addChunk(data, values.length);
      return meanSummary(t.get('x'));
    };
    const one = summarize([7]);
    expect(one.n).toBe(1);
    expect(one.mean).toBe(7);
    for (const key of ['sd', 'se', 'lo', 'hi'] as const) expect(one[key], key).toBeNaN();
    // From 2 observations on the interval exists (sd of 3 and 7 is 2√2).
    const two = summarize([3, 7]);
    expect(two.sd).toBeCloseTo(2 * Math.SQRT2, 14);
    expect(two.lo).toBeLessThan(5);
    expect(two.hi).toBeGreaterThan(5);
  });
  it('a fraction or a negative value is refused, not silently lost (n would count fewer games)', () => {
    const rec = new Recorder(layout, layout.emptyChunk());
    expect(() => rec.record(0, 1.5)).toThrow(/metric 0: recorded 1.5; metrics are whole numbers ≥ 0/);
    expect(() => rec.record(0, -1)).toThrow(/recorded -1/);
    expect(() => rec.record(0, 50.5)).toThrow(/recorded 50.5/);
    expect(() => rec.record(0, 50)).not.toThrow();
  });
  it('values above the histogram go to overflow; quantiles there are unknown (null)', () => {
    const data = layout.emptyChunk();
    const rec = new Recorder(layout, data);
    for (let i = 0; i < 10; i++) rec.record(0, 50);
    rec.finish();
    const t = new Totals(layout);
    t.addChunk(data, 10);
    expect(t.get('x').overflow).toBe(10);
    expect(t.get('x').max).toBe(50);
    expect(histogramQuantile(t.get('x'), 0.5)).toBeNull();
    expect(meanSummary(t.get('x')).mean).toBe(50);
  });
});

describe('Student t quantiles (mean intervals)', () => {
  it('match published two-sided values and approach z', () => {
    // Reference values (e.g. R: qt(0.975, df), qt(0.995, 5), qt(0.95, 3)).
    expect(tFor(0.95, 1)).toBeCloseTo(12.7062047361747, 9);
    expect(tFor(0.95, 10)).toBeCloseTo(2.22813885198627, 11);
    expect(tFor(0.95, 29)).toBeCloseTo(2.04522964213270, 11);
    expect(tFor(0.99, 5)).toBeCloseTo(4.03214298355523, 10);
    expect(tFor(0.9, 3)).toBeCloseTo(2.35336343480182, 10);
    expect(tFor(0.95, 1e6)).toBeCloseTo(zFor(0.95), 5);
    expect(tFor(0.95, 2e7)).toBe(zFor(0.95));
    expect(tFor(0.95, 0)).toBeNaN();
  });
  it('a 95% mean interval covers the true mean about 95% of the time at n = 3 (z covered about 81%)', () => {
    // Normal data (Box–Muller from a fixed LCG), n = 3: count the intervals containing 0.
    let state = 12345;
    const u = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) + 0.5) / 4294967296;
    const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    const q = tFor(0.95, 2);
    let covered = 0;
    const trials = 20000;
    for (let i = 0; i < trials; i++) {
      const x = [normal(), normal(), normal()];
      const mean = (x[0] + x[1] + x[2]) / 3;
      const sd = Math.sqrt(x.reduce((a, v) => a + (v - mean) ** 2, 0) / 2);
      if (Math.abs(mean) <= (q * sd) / Math.sqrt(3)) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.94);
    expect(covered / trials).toBeLessThan(0.96);
  });
});
