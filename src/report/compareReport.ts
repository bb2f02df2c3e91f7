// Differences between two variants run on common random numbers: per shared metric, A, B,
// A − B with its interval and a p-value from a paired test suited to the metric.
import type { Totals } from '../core/aggregate.js';
import { canonicalJson } from '../core/hash.js';
import { provenance } from '../core/provenance.js';
import type { Report } from '../core/reportTypes.js';
import type { StopOutcome } from '../run/stopping.js';
import { numericDiffs } from './numericDiffs.js';
import type { SharedMetric } from '../core/pairing.js';
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

/** The outcome of a comparison: the comparisons and stopping outcomes of every paired simulation. */
export interface PairedOutcome {
  comparisons: (MetricComparison & { label: string })[];
  outcomes: StopOutcome[];
}

/**
 * The report of `sim compare`: A, B, A − B per metric (paired), or the exact differences when
 * neither variant simulated.
 */
export function compareReport(
  labelA: string,
  labelB: string,
  paramsA: Record<string, unknown>,
  paramsB: Record<string, unknown>,
  repA: Report,
  repB: Report,
  rv: PairedOutcome,
  seed: number,
  confidence: number,
): Report {
  const simulated = rv.comparisons.length > 0;
  const exactDiffs = simulated ? [] : numericDiffs(repA.result, repB.result);
  const games = rv.outcomes.length ? Math.max(...rv.outcomes.map((o) => o.games)) : null;
  const policy = repA.policy ?? repB.policy;
  const notes = [
    `Variant A: ${labelA}. Variant B: ${labelB}.`,
    // Usually a --set that restates a default: say so rather than let the user read the zeros as a finding.
    ...(canonicalJson(paramsA) === canonicalJson(paramsB) ? ['The two variants have identical parameters: they play the very same games, so every difference is 0 (did a --set restate a default?).'] : []),
    ...(simulated
      ? [
          'Tests: win/lose metrics by McNemar (exact below 100,000 discordant pairs, continuity-corrected chi-square above), means by the paired t-test; "pairs" counts the games where both variants recorded the metric, and A and B are averaged over those games. A dash means too little spread for an interval.',
          'Common random numbers: game i of A and game i of B use the same random stream, so the difference is measured with far less noise. The pairing couples the two only while both consume randomness alike (same deck sizes and draws); where they diverge (e.g. a different hand size or deck) the streams drift apart, the difference stays unbiased, but the noise reduction is smaller.',
          `Results are conditional on the policy used${policy ? ` (${Array.isArray(policy) ? policy.join(', ') : policy})` : ''}: a different strategy may change the difference.`,
          ...rv.outcomes.map((o) => `${rv.outcomes.length > 1 ? `Run ${o.label}` : 'Run'}: ${o.rule} rule, ${o.games.toLocaleString('en-US')} games, ${o.looks} look(s): ${o.decision}.`),
        ]
      : ['Both variants were computed exactly: the differences below are exact, with no sampling error.']),
  ];
  return {
    ...provenance(repA.game, { a: paramsA, b: paramsB }),
    title: `Compare ${labelA} (A) with ${labelB} (B)`,
    method: simulated ? 'mc' : 'exact',
    seed: simulated ? seed : null,
    n: games,
    confidence,
    ...(policy ? { policy } : {}),
    ...(rv.outcomes.some((o) => o.decision === 'interrupted') ? { partial: true } : {}),
    result: {
      a: { label: labelA, params: paramsA, result: repA.result },
      b: { label: labelB, params: paramsB, result: repB.result },
      comparisons: rv.comparisons,
      stopping: rv.outcomes,
      exactDifferences: exactDiffs,
    },
    assumptions: [...new Set([...repA.assumptions, ...repB.assumptions])],
    tables: simulated
      ? [
          {
            title: 'A − B per metric (paired on common random numbers)',
            columns: [
              ...(rv.outcomes.length > 1 ? [{ key: 'label', header: 'run', format: 'text' as const }] : []),
              { key: 'metric', header: 'metric', format: 'text' },
              { key: 'a', header: 'A', format: 'sig4' },
              { key: 'b', header: 'B', format: 'sig4' },
              { key: 'difference', header: 'A − B', format: 'sig4' },
              { key: 'lo', header: 'lo', format: 'sig4' },
              { key: 'hi', header: 'hi', format: 'sig4' },
              { key: 'pValue', header: 'p', format: 'pvalue' },
              { key: 'n', header: 'pairs', format: 'int' },
            ],
            rows: rv.comparisons.map((c) => ({ label: c.label, metric: c.metric, a: c.a, b: c.b, difference: c.difference, lo: Number.isFinite(c.lo) ? c.lo : null, hi: Number.isFinite(c.hi) ? c.hi : null, pValue: Number.isFinite(c.pValue) ? c.pValue : null, n: c.n, test: c.test })),
          },
        ]
      : [
          {
            title: 'Exact differences (A − B) of every number that changed',
            columns: [
              { key: 'path', header: 'quantity', format: 'text' },
              { key: 'a', header: 'A', format: 'prob' },
              { key: 'b', header: 'B', format: 'prob' },
              { key: 'difference', header: 'A − B', format: 'prob' },
            ],
            // A number only one variant has shows "–" on the other side.
            rows: exactDiffs.map((d) => ({ path: d.path, a: Number.isNaN(d.a) ? null : d.a, b: Number.isNaN(d.b) ? null : d.b, difference: Number.isNaN(d.a - d.b) ? null : d.a - d.b })),
          },
        ],
    notes,
  };
}
