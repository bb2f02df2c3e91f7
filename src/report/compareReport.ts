// Differences between two variants run on common random numbers: per shared metric, A, B,
// A − B with its interval and a p-value from a paired test suited to the metric.
import type { Totals } from '../core/aggregate.js';
import type { SharedMetric } from '../run/paired.js';
import { meanSummary, pairedMeanDifference, pairedProportionDifference, type DifferenceEstimate } from '../core/stats.js';

export interface MetricComparison extends DifferenceEstimate {
  /** Which simulate call of the game this belongs to (e.g. one per Rev-9 version), from 0. */
  call: number;
  metric: string;
  kind: 'rate' | 'count';
  a: number;
  b: number;
}

/** Compares every shared metric of one paired run (`joint` = the paired totals). */
export function compareMetrics(call: number, shared: SharedMetric[], joint: Totals, nA: number, nB: number, confidence: number): MetricComparison[] {
  return shared.map((s) => {
    const t = joint.metrics[nA + nB + s.joint];
    if (s.kind === 'rate') {
      // joint value 2a + b: 0 neither, 1 B only, 2 A only, 3 both.
      const [n00, n01, n10, n11] = t.bins;
      const d = pairedProportionDifference(n11, n10, n01, n00, confidence);
      const n = n00 + n01 + n10 + n11;
      return { ...d, call, metric: s.name, kind: s.kind, a: (n10 + n11) / n, b: (n01 + n11) / n };
    }
    // A and B over the same games as the difference (both sides recorded the metric there).
    const d = pairedMeanDifference(t, s.offset, confidence);
    return { ...d, call, metric: s.name, kind: s.kind, a: meanSummary(joint.metrics[nA + nB + s.joint + 1]).mean, b: meanSummary(joint.metrics[nA + nB + s.joint + 2]).mean };
  });
}

/** Half-width of the interval of a difference. */
export function halfWidth(d: DifferenceEstimate): number {
  return (d.hi - d.lo) / 2;
}
