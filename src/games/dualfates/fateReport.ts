// Monte Carlo cross-check of the exact Fate-roll odds (Pillars of Fate, Initiative, running):
// every estimate beside its exact value with a Wilson interval.
import type { Totals } from '../../core/aggregate.js';
import { answerSentence, besideExactWords, estimateHeadline, exactPctText, pctText } from '../../core/answer.js';
import { provenance } from '../../core/provenance.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import { countSummary, outsideIntervalsNote, proportion } from '../../core/intervals.js';
import { FATE_OUTCOMES } from './fateDice.js';
import { pillarsResult } from './pillars.js';

export interface FateCheckRow {
  metric: string;
  exact: number;
  estimate: number;
  lo: number;
  hi: number;
  /** A rate's count of n (or a mean's standard error): what `sim check --tolerance stat` tests. */
  k?: number;
  n?: number;
  se?: number;
  exactInInterval: boolean;
}

/** The `result` of `dualfates pillars --method mc`: every Monte Carlo estimate beside its exact value. */
export interface PillarsCheckResult {
  rounds: number;
  checks: FateCheckRow[];
  /** Whether every exact value lies in its estimate's interval. */
  allInInterval: boolean;
}

function row(metric: string, exact: number, k: number, n: number, confidence: number): FateCheckRow {
  const e = proportion(k, n, confidence);
  return { metric, exact, estimate: e.estimate, lo: e.lo, hi: e.hi, k, n, exactInInterval: exact >= e.lo && exact <= e.hi };
}

/** Rows: roll kinds, Pillar 1 objective, its rounds, Initiative, re-rolls, running's higher die. */
export function fateCheckRows(rounds: number, totals: Totals, confidence: number): FateCheckRow[] {
  const x = pillarsResult(rounds);
  const kind = totals.get('kind');
  const rows: FateCheckRow[] = x.outcomes.map((o, i) => row(`roll: ${o.kind}`, o.p, kind.bins[i], kind.n, confidence));
  const p1 = totals.get('pillar1');
  rows.push(row('Pillar 1 is an objective (round 1)', x.perPillar[0].pObjective, p1.bins[1], p1.n, confidence));
  const pr = totals.get('pillar1Rounds');
  x.objectiveRounds.distribution.forEach((d) => rows.push(row(`Pillar 1 an objective in ${d.k} of ${rounds} rounds`, d.p, pr.bins[d.k], pr.n, confidence)));
  const fw = totals.get('firstWins');
  rows.push(row('first player wins Initiative', x.initiative.pWin, fw.bins[1], fw.n, confidence));
  const rr = totals.get('rerolls');
  x.initiative.rerolls.slice(0, 4).forEach((d) => rows.push(row(`Initiative: ${d.rerolls} tie re-roll(s)`, d.p, rr.bins[d.rerolls], rr.n, confidence)));
  const hd = totals.get('higherDie');
  for (let k = 1; k <= 6; k++) rows.push(row(`running: higher die = ${k}`, (2 * k - 1) / FATE_OUTCOMES, hd.bins[k], hd.n, confidence));
  return rows;
}

/** The Monte Carlo cross-check table: each metric's exact value beside its estimate and interval. */
export function besideExactTable(rows: readonly { exactInInterval: boolean }[], format: 'prob' | 'sig4'): ResultTable {
  return {
    title: 'Monte Carlo beside exact',
    columns: [
      { key: 'metric', header: 'metric', format: 'text' },
      { key: 'exact', header: 'exact', format },
      { key: 'estimate', header: 'MC', format },
      { key: 'lo', header: 'lo', format },
      { key: 'hi', header: 'hi', format },
      { key: 'exactInInterval', header: 'in CI', format: 'text' },
    ],
    rows: rows.map((r) => ({ ...r })),
  };
}

/** `sim dualfates pillars --method mc`. */
export function fateCheckReport(rounds: number, totals: Totals, games: number, partial: boolean, seed: number, confidence: number): Report {
  const rows = fateCheckRows(rounds, totals, confidence);
  const x = pillarsResult(rounds);
  const rr = countSummary(totals.get('rerolls'), confidence);
  const means = [
    { metric: 'mean Initiative re-rolls', exact: x.initiative.meanRerolls, estimate: rr.mean, lo: rr.lo, hi: rr.hi, se: rr.se, exactInInterval: x.initiative.meanRerolls >= rr.lo && x.initiative.meanRerolls <= rr.hi },
  ];
  const all = [...rows, ...means];
  const objective = rows.find((r) => r.metric === 'Pillar 1 is an objective (round 1)')!;
  const initiative = rows.find((r) => r.metric === 'first player wins Initiative')!;
  return {
    ...provenance('dualfates pillars', { rounds, method: 'mc' }),
    title: `Dual Fates: Pillars of Fate, Initiative and running — Monte Carlo beside exact (${rounds} rounds)`,
    method: 'mc',
    seed,
    n: games,
    confidence,
    ...(partial ? { partial: true } : {}),
    result: { rounds, checks: all, allInInterval: all.every((r) => r.exactInInterval) } satisfies PillarsCheckResult,
    tables: [
      besideExactTable(all, 'prob'),
    ],
    assumptions: ['One game = one player rolling Pillars of Fate for every round, one Initiative contest and one running roll.'],
    notes: [outsideIntervalsNote(all.map((r) => r.exactInInterval), confidence)],
    // The answer first: the two headline rates of the exact report, played, beside their exact values.
    headline: estimateHeadline('P(a given pillar is an objective)', objective, 'rate'),
    // Measured on pillar 1 in round 1 (its row): the answer says so, as the exact report's "a given pillar" is every pillar, every round alike.
    text: answerSentence(`Pillar 1 is a rolled objective in round 1 of ${pctText(objective)} of games (the exact value holds for any pillar and round) and the first player wins Initiative ${pctText(initiative)} of the time`, [
      besideExactWords([exactPctText(objective.exact), exactPctText(initiative.exact)], [objective.exactInInterval, initiative.exactInInterval]),
      `${all.filter((r) => r.exactInInterval).length} of ${all.length} exact values inside their intervals`,
    ]),
  };
}
