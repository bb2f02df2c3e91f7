// Turns exact aggregate totals into reported estimates with intervals.
import type { MetricTotals } from './aggregate.js';
import { histogramQuantile, meanSummary, wilson } from './stats.js';

export interface ProportionEstimate {
  estimate: number;
  lo: number;
  hi: number;
  /** Successes and trials behind the estimate. */
  k: number;
  n: number;
}

/** A proportion k/n with its Wilson interval. */
export function proportion(k: number, n: number, confidence: number): ProportionEstimate {
  const { lo, hi } = wilson(k, n, confidence);
  return { estimate: n > 0 ? k / n : NaN, lo, hi, k, n };
}

export interface CountEstimate {
  mean: number;
  sd: number;
  se: number;
  lo: number;
  hi: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  min: number | null;
  max: number | null;
  n: number;
}

/** Mean with standard error and interval, plus p10/p50/p90 from the histogram. */
/** A recorded value as itself (MetricSpec.shift subtracted). */
function unshift(t: MetricTotals, v: number | null): number | null {
  return v === null ? null : v - (t.spec.shift ?? 0);
}

export function countSummary(t: MetricTotals, confidence: number): CountEstimate {
  const m = meanSummary(t, confidence);
  return {
    mean: m.mean,
    sd: m.sd,
    se: m.se,
    lo: m.lo,
    hi: m.hi,
    p10: unshift(t, histogramQuantile(t, 0.1)),
    p50: unshift(t, histogramQuantile(t, 0.5)),
    p90: unshift(t, histogramQuantile(t, 0.9)),
    min: Number.isFinite(t.min) ? t.min - (t.spec.shift ?? 0) : null,
    max: Number.isFinite(t.max) ? t.max - (t.spec.shift ?? 0) : null,
    n: t.n,
  };
}

// The note under a Monte Carlo cross-check: how many exact values fall outside their intervals,
// and how many would by chance alone. At confidence c each interval misses its exact value with
// probability about 1 - c, so about (1 - c) × rows are expected outside even when all is right.

const percent = (x: number): string => `${Number((x * 100).toFixed(4))}%`;
const about = (x: number): string => (x >= 1 ? String(Math.round(x * 10) / 10) : String(Number(x.toPrecision(2))));

/**
 * "2 of 26 rows outside their 95% intervals; about 1.3 expected by chance (5% of 26)".
 * `inInterval` holds each row's exact-in-interval flag; null (unknown, not compared) rows are left out.
 */
export function outsideIntervalsNote(inInterval: readonly (boolean | null)[], confidence: number): string {
  const compared = inInterval.filter((b) => b !== null);
  const outside = compared.filter((b) => b === false).length;
  const n = compared.length;
  return `${outside} of ${n} rows outside their ${percent(confidence)} intervals; about ${about(n * (1 - confidence))} expected by chance (${percent(1 - confidence)} of ${n})`;
}
