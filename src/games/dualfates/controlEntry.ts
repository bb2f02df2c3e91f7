// `dualfates control`: the Victory Points (and Fate Tokens) a player scores by controlling K of the
// five Pillars of Fate every round — exact (control.ts), or a Monte Carlo cross-check beside it
// (--method mc, controlSim.ts) that shards, checkpoints and `sim check` take like any run.
import type { Totals } from '../../core/aggregate.js';
import { answerSentence, besideExactWords, EXACT, estimateHeadline, exactHeadline, meanText } from '../../core/answer.js';
import { countSummary, outsideIntervalsNote, proportion } from '../../core/intervals.js';
import type { ParamSpec } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import type { ModeEntry } from '../../core/gameModule.js';
import { controlResult, type ControlResult } from './control.js';
import { DUALFATES_SIM_ID } from './dualfatesSim.js';
import { besideExactTable } from './fateReport.js';
import { PILLARS } from './pillars.js';

export const CONTROL_PARAMS: readonly ParamSpec[] = [
  { key: 'hold', type: 'int', default: 1, min: 0, max: PILLARS, doc: 'pillars the player controls at every Scoring Phase (any K of the 5: the roll treats every number alike)', source: 'rulebook: Placing The Pillars of Fate (5 pillars); 7. Scoring Phase', cli: { value: '<K>', help: 'pillars controlled every round, 0..5 (default 1)' } },
  { key: 'rounds', type: 'int', default: 10, min: 1, max: 100, doc: 'rounds in the game', source: 'rulebook: Round Structure ("Dual Fates is played over 10 rounds")', cli: { value: '<N>', help: 'rounds in the game (1..100; default 10)' } },
  { key: 'method', type: 'enum', default: 'exact', choices: ['exact', 'mc'], doc: 'exact odds, or mc: Monte Carlo beside exact', source: 'output option', cli: { value: '<method>', help: 'exact or mc: Monte Carlo beside exact (default exact)' } },
];

export const CONTROL_ASSUMPTIONS = [
  'The player controls the same K pillars at every Scoring Phase, and the opponent plays no part: control is given, not played (the match mode plays it).',
  'A Secret Mission (one 6) adds 1 VP when the player controls a pillar besides the one the other die names; a Critical Mission (double 6) scores double on any controlled pillar (rulebook: 2. Pillars of Fate Phase, chosen at the end of the round).',
  'A doubled objective (doubles, Critical Mission) gives double Victory Points and one Fate Token (assumption: the rulebook doubles only the Victory Points).',
];

function summaryTable(r: ControlResult): ResultTable {
  return {
    title: `Victory Points per round and over ${r.rounds} rounds, holding K pillars every round (exact; Fate Tokens from objectives beside)`,
    columns: [
      { key: 'hold', header: 'K held', format: 'int' },
      { key: 'vpPerRound', header: 'VP/round', format: 'sig4' },
      { key: 'vpPerRoundFraction', header: 'exact', format: 'text' },
      { key: 'vpOverGame', header: `VP/${r.rounds} rounds`, format: 'sig4' },
      { key: 'vpSd', header: 'sd', format: 'sig4' },
      { key: 'p0', header: 'P(0 VP)', format: 'prob' },
      { key: 'p1', header: 'P(1 VP)', format: 'prob' },
      { key: 'p2', header: 'P(2 VP)', format: 'prob' },
      { key: 'tokensOverGame', header: 'tokens/game', format: 'sig4' },
    ],
    rows: r.summary.map((s) => ({ hold: s.hold, vpPerRound: s.vpPerRound, vpPerRoundFraction: s.vpPerRoundFraction, vpOverGame: s.vpOverGame, vpSd: s.vpSd, p0: s.pRound[0], p1: s.pRound[1], p2: s.pRound[2], tokensOverGame: s.tokensOverGame })),
  };
}

/** `sim dualfates control` (exact). */
export function controlReport(hold: number, rounds: number, confidence: number): Report {
  const r = controlResult(hold, rounds);
  return {
    ...provenance('dualfates control', { hold, rounds, method: 'exact' }),
    title: `Dual Fates: Victory Points while holding ${hold} of 5 pillars every round, over ${rounds} rounds (exact)`,
    method: 'exact',
    seed: null,
    n: null,
    confidence,
    result: r,
    tables: [
      summaryTable(r),
      {
        title: `Holding ${hold}: Victory Points in one round (over the 36 outcomes of the Pillars of Fate roll)`,
        columns: [
          { key: 'vp', header: 'VP', format: 'int' },
          { key: 'count', header: 'of 36', format: 'int' },
          { key: 'p', header: 'P', format: 'prob' },
          { key: 'fraction', header: 'exact', format: 'text' },
        ],
        rows: r.perRound.map((x) => ({ ...x })),
      },
      {
        title: `Holding ${hold}: Victory Points over ${rounds} rounds (exact fractions of 36^${rounds} in JSON)`,
        columns: [
          { key: 'vp', header: 'VP', format: 'int' },
          { key: 'p', header: 'P(=v)', format: 'prob' },
          { key: 'atLeast', header: 'P(>=v)', format: 'prob' },
        ],
        rows: r.distribution.map((x) => ({ vp: x.vp, p: x.p, atLeast: x.atLeast })),
      },
    ],
    assumptions: CONTROL_ASSUMPTIONS,
    notes: [],
    // The answer first: the Victory Points that holding K pillars is worth, a round and a game.
    headline: exactHeadline(`Victory Points over ${rounds} rounds`, r.summary[hold].vpOverGame, 'mean'),
    text: answerSentence(`Holding ${hold} of 5 pillars every round scores ${r.summary[hold].vpPerRound.toFixed(2)} Victory Points a round (${r.summary[hold].vpPerRoundFraction}), ${r.summary[hold].vpOverGame.toFixed(2)} over ${rounds} rounds (sd ${r.summary[hold].vpSd.toFixed(2)})`, ['the opponent plays no part', EXACT]),
  };
}

/** One Monte Carlo estimate beside its exact value (`result.checks` of `dualfates control --method mc`). */
export interface ControlCheckRow {
  metric: string;
  exact: number;
  estimate: number;
  lo: number;
  hi: number;
  k?: number;
  n?: number;
  se?: number;
  exactInInterval: boolean;
}

/** The `result` of `dualfates control --method mc`: every estimate beside its exact value. */
export interface ControlCheckResult {
  hold: number;
  rounds: number;
  checks: ControlCheckRow[];
  /** Whether every exact value lies in its estimate's interval. */
  allInInterval: boolean;
}

/** Monte Carlo beside exact: round-1 VP, the game's VP distribution, mean VP and tokens per game. */
export function controlCheckRows(hold: number, rounds: number, totals: Totals, confidence: number): ControlCheckRow[] {
  const x = controlResult(hold, rounds);
  const rate = (metric: string, exact: number, k: number, n: number): ControlCheckRow => {
    const e = proportion(k, n, confidence);
    return { metric, exact, estimate: e.estimate, lo: e.lo, hi: e.hi, k, n, exactInInterval: exact >= e.lo && exact <= e.hi };
  };
  const mean = (metric: string, exact: number, t: ReturnType<Totals['get']>): ControlCheckRow => {
    const s = countSummary(t, confidence);
    return { metric, exact, estimate: s.mean, lo: s.lo, hi: s.hi, se: s.se, exactInInterval: exact >= s.lo - 1e-12 && exact <= s.hi + 1e-12 };
  };
  const r1 = totals.get('round1Vp');
  const gv = totals.get('gameVp');
  const rows: ControlCheckRow[] = x.perRound.map((q) => rate(`round 1: ${q.vp} VP`, q.p, r1.bins[q.vp], r1.n));
  // Rows of the game's distribution that carry at least 1e-4 (rarer ones would sit on a count of 0 or 1).
  for (const d of x.distribution) if (d.p >= 1e-4) rows.push(rate(`game: ${d.vp} VP`, d.p, gv.bins[d.vp], gv.n));
  const me = x.summary[hold];
  rows.push(mean(`mean VP over ${rounds} rounds`, me.vpOverGame, gv));
  rows.push(mean(`mean Fate Tokens over ${rounds} rounds`, me.tokensOverGame, totals.get('gameTokens')));
  return rows;
}

export const controlEntry: ModeEntry = {
  summary: 'Dual Fates: Victory Points while holding K pillars every round (exact; mc cross-check)',
  params: CONTROL_PARAMS,
  async run(resolved, settings) {
    const hold = resolved.hold as number;
    const rounds = resolved.rounds as number;
    if (resolved.method === 'exact') return controlReport(hold, rounds, settings.confidence);
    const run = await settings.simulate(DUALFATES_SIM_ID, { kind: 'control', hold, rounds });
    const rows = controlCheckRows(hold, rounds, run.totals, settings.confidence);
    const game = rows.find((r) => r.metric === `mean VP over ${rounds} rounds`)!;
    return {
      ...provenance('dualfates control', { hold, rounds, method: 'mc' }),
      title: `Dual Fates: Victory Points while holding ${hold} of 5 pillars, ${rounds} rounds — Monte Carlo beside exact`,
      method: 'mc',
      seed: settings.seed,
      n: run.games,
      confidence: settings.confidence,
      ...(run.partial ? { partial: true } : {}),
      result: { hold, rounds, checks: rows, allInInterval: rows.every((r) => r.exactInInterval) } satisfies ControlCheckResult,
      tables: [
        besideExactTable(rows, 'sig4'),
      ],
      assumptions: CONTROL_ASSUMPTIONS,
      notes: [outsideIntervalsNote(rows.map((r) => r.exactInInterval), settings.confidence)],
      headline: estimateHeadline(`Victory Points over ${rounds} rounds`, game, 'mean'),
      text: answerSentence(`Holding ${hold} of 5 pillars every round scores ${meanText(game)} Victory Points over ${rounds} rounds`, [
        'the opponent plays no part',
        besideExactWords([game.exact.toFixed(2)], [Number.isFinite(game.lo) ? game.exactInInterval : null]),
        `${rows.filter((r) => r.exactInInterval).length} of ${rows.length} exact values inside their intervals`,
      ]),
    };
  },
};
