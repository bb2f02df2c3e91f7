// Differences between two variants run on common random numbers: per shared metric, A, B,
// B − A (the change the variant B makes) with its interval and a p-value from a paired test
// suited to the metric; the report leads with one line per run: the main metric's change in
// percentage points (rates) with its interval, p-value and verdict in words.
import type { Totals } from '../core/aggregate.js';
import { canonicalJson } from '../core/hash.js';
import { combinedProvenance } from '../core/provenance.js';
import type { Report } from '../core/reportTypes.js';
import type { StopOutcome } from '../run/stopping.js';
import { columnLabels } from './charts.js';
import { numericDiffs } from './numericDiffs.js';
import type { SharedMetric } from '../core/pairing.js';
import { meanSummary, MIN_PAIRS_FOR_T, pairedMeanDifference, pairedProportionDifference, type DifferenceEstimate } from '../core/stats.js';
import { groupedInteger, signedText } from '../core/numberText.js';
import { settingInWords } from './names.js';

export interface MetricComparison extends DifferenceEstimate {
  /** Which simulate call of the game this belongs to (e.g. one per Rev-9 version), from 0. */
  call: number;
  metric: string;
  kind: 'rate' | 'count';
  /** A detail metric (per card, per seat): in the JSON, not in the summary table. */
  detail?: boolean;
  /** From a side run of the report (a sensitivity replay): in the table, no answer line. */
  secondary?: boolean;
  a: number;
  b: number;
}

/** B − A from an estimate of A − B: the interval flips with it; the p-value and standard error stay. */
function bMinusA(d: DifferenceEstimate): DifferenceEstimate {
  return { ...d, difference: d.difference === 0 ? 0 : -d.difference, lo: -d.hi, hi: -d.lo };
}

/** Compares every shared metric of one paired run (`joint` = the paired totals): `difference` is B − A. */
export function compareMetrics(call: number, shared: SharedMetric[], joint: Totals, nA: number, nB: number, confidence: number): MetricComparison[] {
  return shared.map((s) => compareMetric(s, joint, nA, nB, confidence, call));
}

function compareMetric(s: SharedMetric, joint: Totals, nA: number, nB: number, confidence: number, call: number): MetricComparison {
  const t = joint.metrics[nA + nB + s.joint];
  if (s.kind === 'rate') {
    // joint value 2a + b: 0 neither, 1 B only, 2 A only, 3 both.
    const [n00, n01, n10, n11] = t.bins;
    const d = bMinusA(pairedProportionDifference(n11, n10, n01, n00, confidence));
    const n = n00 + n01 + n10 + n11;
    return { ...d, call, metric: s.name, kind: s.kind, ...(s.detail ? { detail: true } : {}), a: (n10 + n11) / n, b: (n01 + n11) / n };
  }
  // A and B over the same games as the difference (both sides recorded the metric there).
  const d = bMinusA(pairedMeanDifference(t, s.offset, confidence));
  return { ...d, call, metric: s.name, kind: s.kind, ...(s.detail ? { detail: true } : {}), a: meanSummary(joint.metrics[nA + nB + s.joint + 1]).mean, b: meanSummary(joint.metrics[nA + nB + s.joint + 2]).mean };
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

/** What the headline needs beyond the comparisons: the main metric (--metric) and the --until-decided margin. */
export interface HeadlineOptions {
  metric?: string;
  margin?: number;
}

const signed = signedText;

/** "p < 1e-15", "p = 3.2e-5", "p = 0.043". */
export function pText(p: number): string {
  if (!Number.isFinite(p)) return 'p unknown';
  if (p < 1e-15) return 'p < 1e-15';
  return p < 0.001 ? `p = ${p.toExponential(1)}` : `p = ${p.toFixed(3)}`;
}

/** A metric that counts wins (win, survival, success): a higher value makes the game easier for the players. */
const isWinLike = (metric: string) => /^(win|won|surviv|success)/i.test(metric);

/**
 * Variants that differ only in a policy (or its search budget): whose win a metric counts, as far as
 * the changed keys say (null: not a policy change). A policy change says how well the bot plays, not
 * how hard the game is, and only about the changed side's own win.
 */
type BotChange = { ownWin: (metric: string) => boolean; sides: readonly string[] } | null;

function botChange(differing: readonly string[], oneSided: boolean): BotChange {
  if (!differing.length || !differing.every((k) => /polic|^search/i.test(k))) return null;
  // policyA/policyB: winA/winB; resistancePolicy/skynetPolicy: resistanceWins/skynetWins; a one-sided game's policy: its win.
  const sides = differing.flatMap((k) => /^polic\w*?([AB])$/.exec(k)?.[1] ?? /^([a-z]+)Policy$/.exec(k)?.[1] ?? []);
  const owns = (metric: string, side: string) => (side.length === 1 ? metric.endsWith(side) : metric.startsWith(side));
  return { sides, ownWin: (metric) => (sides.length ? sides.every((side) => owns(metric, side)) && /win/i.test(metric) : oneSided && isWinLike(metric)) };
}

/** The verdict of a difference shown by its interval (`up`: B higher). */
function verdictOf(metric: string, up: boolean, variant: string, bot: BotChange): string {
  // "The changed bot", not "variant B's policy": in a game whose sides are A and B that read as side B's.
  if (bot?.ownWin(metric)) return up ? 'the changed bot plays better' : 'the changed bot plays worse';
  // Easier or harder only where the players all win together; a two-sided game's winA is one side's (it called −29 pp for A "harder" while B gained as much).
  if (!bot && isWinLike(metric) && !/[a-z][A-Z]$/.test(metric)) return up ? 'easier' : 'harder';
  // A bot changed, measured on a metric that is not its side's win (side B's bot, side A's win): said, not left to read as a rule change.
  const whose = bot && bot.sides.length ? ` (a change of side ${bot.sides.join(' and ')}'s bot; ${metric} is not its own win)` : '';
  return `${up ? 'higher' : 'lower'} with ${variant}${whose}`;
}

/**
 * The one-line answer for one paired run: "handSize=6: win +20.4 pp [+18.2, +22.7], p < 1e-15 —
 * easier". Rates in percentage points, means in their own unit with A → B; the verdict in words
 * from the interval (or from the --until-decided decision).
 */
export function headlineOf(c: MetricComparison, variant: string, labelOf: (key: string) => string, outcome?: StopOutcome, margin?: number, bot: BotChange = null, alpha?: number): string {
  // Stopped before a pair was played: no numbers to print (they would read NaN).
  if (!Number.isFinite(c.difference)) return `${variant}: ${labelOf(c.metric)}: no paired games were played${outcome?.decision === 'interrupted' ? ' (interrupted: partial)' : ''}`;
  const rate = c.kind === 'rate';
  const scale = rate ? 100 : 1;
  const unknown = !Number.isFinite(c.lo) || !Number.isFinite(c.hi);
  // Enough digits that the interval's ends differ.
  const half = unknown ? 0 : ((c.hi - c.lo) / 2) * scale;
  const digits = rate ? (half >= 0.5 || half === 0 ? 1 : 2) : half === 0 ? 2 : Math.max(0, Math.min(6, 2 - Math.floor(Math.log10(half))));
  const unit = rate ? ' pp' : '';
  const value = `${signed(c.difference * scale, digits)}${unit}`;
  const interval = unknown ? '[no interval]' : `[${signed(c.lo * scale, digits)}, ${signed(c.hi * scale, digits)}]`;
  const from = rate ? `${(c.a * 100).toFixed(digits)}% → ${(c.b * 100).toFixed(digits)}%` : `${Number(c.a.toPrecision(4))} → ${Number(c.b.toPrecision(4))}`;
  const up = c.lo > 0;
  const down = c.hi < 0;
  let verdict: string;
  if (outcome?.decision === 'identical' || (c.difference === 0 && c.lo === 0 && c.hi === 0)) verdict = 'identical games: no difference';
  else if (outcome?.decision === 'smaller than margin') verdict = `no difference bigger than ±${margin !== undefined ? `${Number((margin * scale).toPrecision(3))}${unit}` : 'the margin'} (sequential test)`;
  // A rate's interval (Newcombe) and its test (exact McNemar) are two methods: where they disagree (few discordant games) neither is the verdict.
  // --until-decided stops on its own test (each look at a share of alpha): ended undecided, the verdict is that, whatever the unadjusted interval says.
  else if (outcome?.decision === 'undecided') verdict = `undecided by the sequential test (--until-decided: no difference at its level for ${outcome.looks} look${outcome.looks === 1 ? '' : 's'}, nor one within the margin)${up || down ? '; the interval shown, not adjusted for the looks, leaves out 0' : ''}: play more games (--max-games)`;
  else if (rate && (up || down) && alpha !== undefined && c.pValue >= alpha) verdict = `borderline: the interval leaves out 0 but the exact test does not (p ≥ ${Number(alpha.toPrecision(6))}); play more games to decide`;
  else if (up || down) verdict = verdictOf(c.metric, up, variant, bot);
  // No interval (fewer pairs than the t-test needs, or no spread): no verdict, and the line says why rather than claim it includes 0.
  else if (unknown) verdict = `no verdict: no interval (${c.kind === 'rate' ? 'no test' : `fewer than ${MIN_PAIRS_FOR_T} pairs, or no spread`})`;
  else verdict = outcome?.decision === 'maximum reached' ? 'undecided: the interval still includes 0 at the game limit' : 'no clear difference: the interval includes 0';
  if (outcome?.decision === 'interrupted') verdict += ' (interrupted: partial)';
  return `${variant}: ${labelOf(c.metric)} ${value} ${interval} (${from}), ${pText(c.pValue)} — ${verdict}`;
}

/** The note naming the rates whose interval leaves out 0 while the exact test does not reject (none: no note). */
function borderlineNote(rows: readonly (MetricComparison & { label: string })[], labelOf: (key: string) => string, labelled: boolean, alpha: number): string[] {
  if (rows.length === 0) return [];
  const names = rows.map((c) => `${labelled ? `${c.label}: ` : ''}${labelOf(c.metric)} (${pText(c.pValue)})`);
  return [`Borderline: ${names.join(', ')}: the interval (Newcombe's, for paired rates) leaves out 0 but McNemar's exact test does not reject at ${Number((alpha * 100).toPrecision(6))}%. Two methods that disagree only near the line: no verdict either way; play more games to decide.`];
}

/**
 * The report of `sim compare`: A, B, B − A per metric (paired), or the exact differences when
 * neither variant simulated. It leads (Report.text) with one line per paired run for the main metric.
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
  headline: HeadlineOptions = {},
): Report {
  const simulated = rv.comparisons.length > 0;
  const exactDiffs = simulated ? [] : numericDiffs(repA.result, repB.result);
  // The game's own names for its quantities (its table headers), e.g. "no wounds left" for lossEmptyWoundDeck.
  // A label a rule in force names ("3 wounds" in A, "2 wounds" in B) is said for both variants.
  const namesA = columnLabels(repA.tables);
  const namesB = columnLabels(repB.tables);
  const labelOf = (key: string) => (namesA(key) === namesB(key) ? namesA(key) : `${namesA(key)} (A) / ${namesB(key)} (B)`);
  // B restating A (a --set of a default, a card change to the value it has), or a change no game
  // reached: the answer says so instead of a difference of 0 with an interval that reads as a finding.
  const sameParams = canonicalJson(paramsA) === canonicalJson(paramsB);
  // The variants differ only in a policy (policy, policyA, skynetPolicy, policyHash, a search budget): the verdict is about the bot.
  const differing = [...new Set([...Object.keys(paramsA), ...Object.keys(paramsB)])].filter((k) => canonicalJson(paramsA[k] ?? null) !== canonicalJson(paramsB[k] ?? null));
  // The change in words: "hand size 6" for handSize=6; a variant named by its scenario file alone
  // also gives the file's own description ("House rule, hands of six"), as its report's header does.
  const described = repB.scenario?.file === labelB && repB.scenario.description ? ` ("${repB.scenario.description}")` : '';
  // A file with settings on it ("b.yaml + handSize=7"): the file as named, the settings in words (it read "b.yaml +, hand size 7").
  const plus = labelB.indexOf(' + ');
  const changes = labelB.startsWith(`${labelA} + `) ? settingInWords(labelB.slice(labelA.length + 3)) : plus > 0 ? `${labelB.slice(0, plus)} + ${settingInWords(labelB.slice(plus + 3))}` : `${settingInWords(labelB)}${described}`;
  const bot = botChange(differing, Object.hasOwn(paramsA, 'policy'));
  // Equal totals alone do not make equal games (a win and a loss swapped): every paired difference must be nil too.
  const sameGames = simulated && !sameParams && canonicalJson(repA.result) === canonicalJson(repB.result) && rv.comparisons.every((c) => c.difference === 0 && !(c.se > 0));
  const noChange = sameParams
    ? `${changes}: the same parameters as A, so the very same games and no difference (did a --set restate a default?)`
    : sameGames
      ? `${changes}: every game played exactly as in A, so no difference: the change never came into play in these games, or it changes nothing (a value set to what it already is?)`
      : null;
  // One answer line per compared variant: side runs (sensitivity replays) only in the table.
  const calls = noChange ? [] : [...new Set(rv.comparisons.filter((c) => !c.secondary).map((c) => c.call))];
  const answers = noChange ? [noChange] : calls.flatMap((call) => {
    const mine = rv.comparisons.filter((c) => c.call === call);
    const main = mine.find((c) => c.metric === headline.metric) ?? mine[0];
    const outcome = rv.outcomes.find((o) => o.label === main.label);
    return [`${calls.length > 1 ? `${main.label}: ` : ''}${headlineOf(main, changes, labelOf, outcome, headline.margin, bot, 1 - confidence)}`];
  });
  // Exact on both sides: the answer leads with the reports' own main number (A → B), then how many numbers moved.
  const [ha, hb] = [repA.headline, repB.headline];
  const main = !simulated && ha && hb && ha.label === hb.label && ha.kind === hb.kind
    ? ha.kind === 'rate'
      ? `${ha.label} ${(ha.estimate * 100).toFixed(1)}% → ${(hb.estimate * 100).toFixed(1)}% (${signed((hb.estimate - ha.estimate) * 100, 1)} pp, exact); `
      : `${ha.label} ${Number(ha.estimate.toPrecision(4))} → ${Number(hb.estimate.toPrecision(4))} (${signed(hb.estimate - ha.estimate, 3)}, exact); `
    : '';
  const exactAnswers = simulated ? [] : exactDiffs.length ? [`${changes}: ${main}${exactDiffs.length} exact number${exactDiffs.length === 1 ? '' : 's'} changed (B − A below, no sampling error)`] : [`${changes}: no number changed`];
  
  const games = rv.outcomes.length ? rv.outcomes.reduce((m, o) => Math.max(m, o.games), 0) : null;
  // The variants may play different policies (--set policy=X): the header names both, variant A first.
  // In a two-sided game A and B are also the sides: a variant's policies are "side A's vs side B's".
  const shown = (p: Report['policy']) => (Array.isArray(p) ? p.join(' vs ') : p);
  const [pa, pb] = [shown(repA.policy), shown(repB.policy)];
  const policy: Report['policy'] = pa !== undefined && pb !== undefined && pa !== pb ? [`variant A: ${pa}`, `variant B: ${pb}`] : (repA.policy ?? repB.policy);
  const notes = [
    `Variant A: ${labelA}. Variant B: ${labelB}.`,
    // Usually a --set that restates a default: say so rather than let the user read the zeros as a finding.
    ...(sameParams ? ['The two variants have identical parameters: they play the very same games, so every difference is 0 (did a --set restate a default?).'] : []),
    ...(sameGames ? ['Every game of B played exactly as the same game of A (their results are identical): the change was never reached in these games, or it restates a value the data already has.'] : []),
    ...(simulated
      ? [
          `Tests: win/lose metrics by McNemar (exact below 100,000 discordant pairs, continuity-corrected chi-square above), means by the paired t-test; "pairs" counts the games where both variants recorded the metric, and A and B are averaged over those games. A dash means no trustworthy interval: fewer than ${MIN_PAIRS_FOR_T} pairs for the t-test, or no spread at all.`,
          'Common random numbers: game i of A and game i of B use the same random stream, so the difference is measured with far less noise. The pairing couples the two only while both consume randomness alike (same deck sizes and draws); where they diverge (e.g. a different hand size or deck) the streams drift apart, the difference stays unbiased, but the noise reduction is smaller.',
          `Results are conditional on the policy used${policy ? ` (${Array.isArray(policy) ? policy.join(', ') : policy})` : ''}: a different strategy may change the difference.`,
          ...rv.outcomes.map((o) => `${rv.outcomes.length > 1 ? `Run ${o.label}` : 'Run'}: ${o.rule} rule, ${groupedInteger(o.games)} games, ${o.looks} look(s): ${o.decision}.`),
          // The table's rows carry no verdict: a rate whose interval (Newcombe) leaves out 0 while its exact test does not reject is named here, as the answer line names its own.
          ...borderlineNote(rv.comparisons.filter((c) => !c.detail && c.kind === 'rate' && (c.lo > 0 || c.hi < 0) && c.pValue >= 1 - confidence), labelOf, rv.outcomes.length > 1, 1 - confidence),
          ...(rv.comparisons.some((c) => c.detail) ? [`${new Set(rv.comparisons.filter((c) => c.detail).map((c) => c.metric)).size} detail metrics (per card, per seat, …) are compared too: in the JSON (result.comparisons), not in the table.`] : []),
        ]
      : ['Both variants were computed exactly: the differences below are exact, with no sampling error.']),
  ];
  return {
    ...combinedProvenance(repA.game, { a: paramsA, b: paramsB }),
    title: `Compare ${labelA} (A) with ${labelB.startsWith(`${labelA} + `) ? `${labelA} + ${changes}` : labelB} (B)`,
    text: [...answers, ...exactAnswers].join('\n'),
    method: simulated ? 'mc' : 'exact',
    seed: simulated ? seed : null,
    n: games,
    confidence,
    ...(policy ? { policy } : {}),
    ...(rv.outcomes.some((o) => o.decision === 'interrupted') ? { partial: true } : {}),
    result: {
      a: { label: labelA, params: paramsA, result: repA.result },
      b: { label: labelB, params: paramsB, result: repB.result },
      answer: [...answers, ...exactAnswers],
      comparisons: rv.comparisons,
      stopping: rv.outcomes,
      exactDifferences: exactDiffs,
    },
    // An assumption of one variant only is labelled with it (the two may state different rules or deployments).
    assumptions: [...new Set([...repA.assumptions, ...repB.assumptions])].map((x) => (repA.assumptions.includes(x) && repB.assumptions.includes(x) ? x : `(variant ${repA.assumptions.includes(x) ? 'A' : 'B'} only) ${x}`)),
    // Rates and means apart, each in its unit: rates in percent, their differences in percentage
    // points (the headline's unit); means in their own. Detail metrics (per card, per seat) stay in the JSON.
    tables: simulated
      ? (['rate', 'count'] as const)
          .map((kind) => {
            const rate = kind === 'rate';
            return {
              title: rate ? 'B − A per rate, in percentage points (paired on common random numbers)' : 'B − A per mean (paired on common random numbers)',
              columns: [
                ...(rv.outcomes.length > 1 ? [{ key: 'label', header: 'run', format: 'text' as const }] : []),
                { key: 'name', header: 'metric', format: 'text' as const },
                { key: 'a', header: 'A', format: rate ? ('prob' as const) : ('sig4' as const) },
                { key: 'b', header: 'B', format: rate ? ('prob' as const) : ('sig4' as const) },
                { key: 'difference', header: 'B − A', format: rate ? ('pp' as const) : ('signed4' as const) },
                { key: 'lo', header: 'lo', format: rate ? ('pp' as const) : ('signed4' as const) },
                { key: 'hi', header: 'hi', format: rate ? ('pp' as const) : ('signed4' as const) },
                { key: 'pValue', header: 'p', format: 'pvalue' as const },
                { key: 'n', header: 'pairs', format: 'int' as const },
              ],
              rows: rv.comparisons
                .filter((c) => !c.detail && c.kind === kind)
                .map((c) => ({ label: c.label, metric: c.metric, name: labelOf(c.metric), a: c.a, b: c.b, difference: c.difference, lo: Number.isFinite(c.lo) ? c.lo : null, hi: Number.isFinite(c.hi) ? c.hi : null, pValue: Number.isFinite(c.pValue) && c.n > 0 ? c.pValue : null, n: c.n, test: c.test, kind: c.kind })),
            };
          })
          .filter((tb) => tb.rows.length > 0)
      : [
          {
            title: 'Exact differences (B − A) of every number that changed',
            columns: [
              { key: 'path', header: 'quantity', format: 'text' },
              { key: 'a', header: 'A', format: 'sig4' },
              { key: 'b', header: 'B', format: 'sig4' },
              { key: 'difference', header: 'B − A', format: 'signed4' },
            ],
            // A number only one variant has shows "–" on the other side.
            rows: exactDiffs.map((d) => ({ path: d.path, a: Number.isNaN(d.a) ? null : d.a, b: Number.isNaN(d.b) ? null : d.b, difference: Number.isNaN(d.b - d.a) ? null : d.b - d.a })),
          },
        ],
    notes,
  };
}
