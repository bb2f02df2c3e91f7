// Builds the dice report: Monte Carlo distribution with Wilson intervals beside the exact
// binomial, a chi-square goodness-of-fit of the whole distribution, and the mean.
import type { Totals } from '../../core/aggregate.js';
import { chiSquareGoodnessOfFit } from '../../core/stats.js';
import { countSummary, proportion } from '../../core/intervals.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { exactSuccesses } from './diceExact.js';
import { dieSuccessProbability, type DiceParams } from './diceParams.js';

export interface DiceResult {
  pSuccessPerDie: number;
  distribution: {
    successes: number;
    exact: number;
    estimate: number;
    lo: number;
    hi: number;
    exactInInterval: boolean;
    /** Games with exactly this many successes, out of n. */
    k: number;
    n: number;
    atLeastExact: number;
    atLeast: number;
    atLeastLo: number;
    atLeastHi: number;
  }[];
  mean: { exact: number; mean: number; se: number; lo: number; hi: number };
  quantiles: { p10: number | null; p50: number | null; p90: number | null };
  chiSquare: { statistic: number; degreesOfFreedom: number; pValue: number };
}

export function diceResult(p: DiceParams, totals: Totals, confidence: number): DiceResult {
  const t = totals.get('successes');
  const exact = exactSuccesses(p);
  const n = t.n;
  let tailCount = n;
  // P(>=k) summed from the top (k = count down to 1), never as 1 minus a cumulative sum: small upper
  // tails keep full relative precision and P(>=k) >= P(=k). P(>=0) is 1 by definition.
  const tailExact = new Float64Array(exact.length);
  let above = 0;
  for (let k = exact.length - 1; k > 0; k--) tailExact[k] = Math.min(1, (above += exact[k]));
  tailExact[0] = 1;
  const distribution = exact.map((e, k) => {
    const point = proportion(t.bins[k], n, confidence);
    const tail = proportion(tailCount, n, confidence);
    const row = {
      successes: k,
      exact: e,
      estimate: point.estimate,
      lo: point.lo,
      hi: point.hi,
      exactInInterval: e >= point.lo && e <= point.hi,
      k: point.k,
      n: point.n,
      atLeastExact: tailExact[k],
      atLeast: tail.estimate,
      atLeastLo: tail.lo,
      atLeastHi: tail.hi,
    };
    tailCount -= t.bins[k];
    return row;
  });
  const summary = countSummary(t, confidence);
  return {
    pSuccessPerDie: dieSuccessProbability(p),
    distribution,
    mean: { exact: p.count * dieSuccessProbability(p), mean: summary.mean, se: summary.se, lo: summary.lo, hi: summary.hi },
    quantiles: { p10: summary.p10, p50: summary.p50, p90: summary.p90 },
    chiSquare: chiSquareGoodnessOfFit(t.bins, exact),
  };
}

/** The least k whose exact P(<=k) reaches q (histogramQuantile's rule on the exact probabilities; 1e-12 absorbs their rounding). */
function exactQuantile(rows: DiceResult['distribution'], q: number): number {
  let acc = 0;
  for (const row of rows) {
    acc += row.exact;
    if (acc >= q - 1e-12 && acc > 0) return row.successes;
  }
  return rows.length - 1;
}

export function diceTables(r: DiceResult): ResultTable[] {
  return [
    {
      title: 'Successes per roll (Monte Carlo beside the exact binomial)',
      columns: [
        { key: 'successes', header: 'k', format: 'int' },
        { key: 'exact', header: 'exact P(=k)', format: 'prob' },
        { key: 'estimate', header: 'MC P(=k)', format: 'prob' },
        { key: 'lo', header: 'lo', format: 'prob' },
        { key: 'hi', header: 'hi', format: 'prob' },
        { key: 'atLeastExact', header: 'exact P(>=k)', format: 'prob' },
        { key: 'atLeast', header: 'MC P(>=k)', format: 'prob' },
        { key: 'atLeastLo', header: 'lo', format: 'prob' },
        { key: 'atLeastHi', header: 'hi', format: 'prob' },
      ],
      rows: r.distribution,
    },
    {
      title: 'Summary',
      columns: [
        { key: 'metric', header: 'metric', format: 'text' },
        { key: 'exact', header: 'exact' },
        { key: 'estimate', header: 'MC' },
        { key: 'lo', header: 'lo' },
        { key: 'hi', header: 'hi' },
      ],
      rows: [
        { metric: 'mean successes', exact: r.mean.exact, estimate: r.mean.mean, lo: r.mean.lo, hi: r.mean.hi },
        // One row per quantile: the column stays numeric (a CSV reader's number, not the text "0 / 1 / 2").
        { metric: 'p10 successes', exact: exactQuantile(r.distribution, 0.1), estimate: r.quantiles.p10, lo: null, hi: null },
        { metric: 'p50 successes', exact: exactQuantile(r.distribution, 0.5), estimate: r.quantiles.p50, lo: null, hi: null },
        { metric: 'p90 successes', exact: exactQuantile(r.distribution, 0.9), estimate: r.quantiles.p90, lo: null, hi: null },
        { metric: `chi-square (df ${r.chiSquare.degreesOfFreedom})`, exact: null, estimate: r.chiSquare.statistic, lo: null, hi: null },
        { metric: 'chi-square p-value', exact: null, estimate: r.chiSquare.pValue, lo: null, hi: null },
      ],
    },
  ];
}
