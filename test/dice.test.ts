import { describe, expect, it } from 'vitest';
import { runSimulation } from '../src/run/runner.js';
import { exactSuccesses } from '../src/games/dice/diceExact.js';
import { diceResult } from '../src/games/dice/diceReport.js';
import { runCli } from './helpers/runCli.js';

describe('dice: exact binomial', () => {
  it('3d6 success on 5+: hand count over 216 outcomes', () => {
    const d = exactSuccesses({ count: 3, sides: 6, target: 5 });
    // P(success) = 1/3: (2/3)^3, 3(1/3)(2/3)^2, 3(1/3)^2(2/3), (1/3)^3
    expect(d[0]).toBeCloseTo(64 / 216, 15);
    expect(d[1]).toBeCloseTo(96 / 216, 15);
    expect(d[2]).toBeCloseTo(48 / 216, 15);
    expect(d[3]).toBeCloseTo(8 / 216, 15);
  });
  it('target 1 always succeeds; distribution sums to 1', () => {
    expect(exactSuccesses({ count: 5, sides: 6, target: 1 })[5]).toBe(1);
    const d = exactSuccesses({ count: 200, sides: 20, target: 17 });
    expect(d.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
  });
});

describe('dice: exact upper tail P(>=k)', () => {
  const configs = [
    { count: 100, sides: 6, target: 6 },
    { count: 1000, sides: 2, target: 2 },
  ];
  for (const p of configs) {
    it(`${p.count}d${p.sides} ${p.target}+: P(>=k) >= P(=k) for every k, P(>=0) = 1, never increasing`, async () => {
      const run = await runSimulation({ simId: 'dice/roll', params: p, n: 100, seed: 1, jobs: 1 });
      const rows = diceResult(p, run.totals, 0.95).distribution;
      expect(rows).toHaveLength(p.count + 1);
      expect(rows[0].atLeastExact).toBe(1);
      for (const row of rows) expect(row.atLeastExact, `k=${row.successes}`).toBeGreaterThanOrEqual(row.exact);
      for (let k = 1; k < rows.length; k++) expect(rows[k].atLeastExact, `k=${k}`).toBeLessThanOrEqual(rows[k - 1].atLeastExact);
    });
  }
  it('100d6 6+: P(>=60) ≈ 2.2e-22 agrees to 1e-9 relative with binomial terms summed in log space', async () => {
    const p = { count: 100, sides: 6, target: 6 };
    const run = await runSimulation({ simId: 'dice/roll', params: p, n: 100, seed: 1, jobs: 1 });
    const got = diceResult(p, run.totals, 0.95).distribution[60].atLeastExact;
    // ln C(100, k) as a sum of logs, ln p^k (1-p)^(100-k) with p = 1/6: independent of the dynamic programme.
    let want = 0;
    for (let k = 60; k <= 100; k++) {
      let lnChoose = 0;
      for (let i = 1; i <= k; i++) lnChoose += Math.log((100 - k + i) / i);
      want += Math.exp(lnChoose + k * Math.log(1 / 6) + (100 - k) * Math.log1p(-1 / 6));
    }
    expect(want).toBeGreaterThan(2e-22);
    expect(want).toBeLessThan(2.4e-22);
    expect(Math.abs(got - want) / want).toBeLessThan(1e-9);
  });
});

describe('dice: Monte Carlo against the exact answer (fixed seeds)', () => {
  const cases = [
    { count: 3, sides: 6, target: 5 },
    { count: 1, sides: 20, target: 11 },
    { count: 10, sides: 10, target: 8 },
    { count: 6, sides: 8, target: 2 },
  ];
  for (const p of cases) {
    it(`${p.count}d${p.sides} ${p.target}+: exact value inside every 99.9% interval; chi-square passes`, async () => {
      const run = await runSimulation({ simId: 'dice/roll', params: p, n: 200_000, seed: 20261130, jobs: 1 });
      const r = diceResult(p, run.totals, 0.999);
      for (const row of r.distribution) expect(row.exactInInterval, `k=${row.successes}`).toBe(true);
      expect(r.mean.exact).toBeGreaterThanOrEqual(r.mean.lo);
      expect(r.mean.exact).toBeLessThanOrEqual(r.mean.hi);
      expect(r.chiSquare.pValue).toBeGreaterThan(0.001);
    });
  }
  it('large n: the empirical frequencies pass a chi-square check', async () => {
    const p = { count: 5, sides: 6, target: 4 };
    const run = await runSimulation({ simId: 'dice/roll', params: p, n: 2_000_000, seed: 77, jobs: 1 });
    const r = diceResult(p, run.totals, 0.95);
    expect(r.chiSquare.degreesOfFreedom).toBe(5);
    expect(r.chiSquare.pValue).toBeGreaterThan(0.001);
  });
  it('a wrong exact model would be caught: a biased die fails the check', async () => {
    // Sanity of the check itself: compare a 5+ roll against the 4+ exact law.
    const run = await runSimulation({ simId: 'dice/roll', params: { count: 3, sides: 6, target: 5 }, n: 100_000, seed: 1, jobs: 1 });
    const wrong = diceResult({ count: 3, sides: 6, target: 4 }, run.totals, 0.999);
    expect(wrong.chiSquare.pValue).toBeLessThan(1e-6);
    expect(wrong.distribution.some((row) => !row.exactInInterval)).toBe(true);
  });
});

describe('dice: the note counts the rows whose exact value lies outside the interval', () => {
  it('10d6 5+ at 50% intervals: the note\'s count equals the rows flagged exactInInterval false and an independent count', () => {
    const r = runCli(['dice', '--count', '10', '--sides', '6', '--target', '5', '-n', '20000', '--seed', '3', '--confidence', '0.5', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { result: { distribution: { exact: number; lo: number; hi: number; exactInInterval: boolean }[] }; notes: string[] };
    const rows = j.result.distribution;
    expect(rows).toHaveLength(11);
    // Exact binomial by hand: C(10, k) (1/3)^k (2/3)^(10-k), compared with each row's own interval.
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    const outside = rows.filter((row, k) => {
      const exact = choose(10, k) * (1 / 3) ** k * (2 / 3) ** (10 - k);
      expect(row.exact).toBeCloseTo(exact, 12);
      return !(exact >= row.lo && exact <= row.hi);
    }).length;
    expect(rows.filter((row) => !row.exactInInterval).length).toBe(outside);
    expect(outside).toBeGreaterThan(0);
    expect(j.notes[0]).toBe(`${outside} of 11 rows outside their 50% intervals; about 5.5 expected by chance (50% of 11)`);
    // The table view prints the same note.
    expect(runCli(['dice', '--count', '10', '--sides', '6', '--target', '5', '-n', '20000', '--seed', '3', '--confidence', '0.5']).stdout).toContain(`Note: ${j.notes[0]}`);
  });
});

describe('dice: the summary table', () => {
  it('CSV: every summary row has a number in the MC column (the quantiles one row each), and the exact quantiles are the binomial ones', () => {
    const r = runCli(['dice', '--count', '3', '--sides', '6', '--target', '5', '-n', '2000', '--seed', '1', '--format', 'csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const head = lines[0].split(',');
    const rows = lines.filter((l) => l.startsWith('summary,')).map((l) => l.split(','));
    const at = (row: string[], col: string) => row[head.indexOf(col)];
    for (const row of rows) expect(Number.isFinite(Number(at(row, 'estimate'))), row.join(',')).toBe(true);
    // 3d6 on 5+: P(0) = 64/216 < 0.5 <= P(<=1) = 160/216 < 0.9 <= P(<=2) = 208/216.
    const q = (m: string) => rows.find((row) => at(row, 'metric') === m)!;
    expect([at(q('p10 successes'), 'exact'), at(q('p50 successes'), 'exact'), at(q('p90 successes'), 'exact')]).toEqual(['0', '1', '2']);
  });
});

describe('dice: the answer and notes read as the numbers are', () => {
  it("an exact mean outside its interval never prints as the interval's end (it read '1.25 outside [1.25, 1.49]'); the chi-square's pooled df is said", async () => {
    const { runCli } = await import('./helpers/runCli.js');
    const { exactApart } = await import('../src/core/answer.js');
    expect(exactApart(1.25, 1.25385, 1.49)).toEqual({ text: '1.250', end: 'lower end 1.254' });
    expect(exactApart(1.5, 1.25, 1.49)).toEqual({ text: '1.50', end: 'upper end 1.49' });
    expect(exactApart(1.3, 1.25, 1.49)).toEqual({ text: '1.30' });
    const j = JSON.parse(runCli(['dice', '--count', '5', '--sides', '8', '--target', '7', '-n', '200', '--seed', '1', '-j', '1', '-q', '--confidence', '0.9', '--format', 'json']).stdout);
    expect(j.text).toContain('(exact 1.250; 1.250 outside its interval (its lower end 1.254)');
    expect(j.notes).toContain('chi-square: the 6 outcomes (0 to 5 successes) are pooled, left to right, into 4 cells of at least 5 expected rolls each, so its df is 3.');
  });
});
