// Which metrics two variants of a game share, and where a paired run (src/run/paired.ts) records
// their joint outcome: the layout both the paired simulation and the comparison report read.
import type { MetricSpec } from './aggregate.js';

export interface SharedMetric {
  name: string;
  kind: 'rate' | 'count';
  /** Either side marks it a detail (MetricSpec.detail). */
  detail?: boolean;
  /** Index of the metric in A's and B's own lists. */
  ia: number;
  ib: number;
  /** For counts: difference a - b is recorded as a - b + offset. */
  offset: number;
  /** Index, after A's and B's own metrics, of this metric's joint block (rates: 1 metric; counts: diff, A, B). */
  joint: number;
}

/** Metrics present in both sides with the same name and kind, in A's order. */
export function sharedMetrics(p: { a: { metrics: readonly MetricSpec[] }; b: { metrics: readonly MetricSpec[] } }): SharedMetric[] {
  const out: SharedMetric[] = [];
  let joint = 0;
  p.a.metrics.forEach((ma, ia) => {
    const ib = p.b.metrics.findIndex((mb) => mb.name === ma.name && mb.kind === ma.kind);
    if (ib < 0) return;
    // Histograms stop at 2^20; larger differences land in the overflow bin, sums stay exact.
    const offset = Math.min(Math.max(ma.maxValue, p.b.metrics[ib].maxValue), 1 << 19);
    out.push({ name: ma.name, kind: ma.kind, ...(ma.detail || p.b.metrics[ib].detail ? { detail: true } : {}), ia, ib, offset, joint });
    joint += ma.kind === 'rate' ? 1 : 3;
  });
  return out;
}
