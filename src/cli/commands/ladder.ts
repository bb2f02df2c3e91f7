// `sim policies GAME --ladder`: a skill ladder (after TAG's SkillLadder). The game's search policy
// plays at budgets b, 2b, 4b, … on the same games as the default policy (common random numbers),
// each rung paired with the default; the ladder climbs until two rungs in a row gain nothing
// significant over the rung below (tested game by game: the rungs play the same games), the
// budget's maximum, or the time allowed. The top rung's gain over the default is how far the
// default's printed numbers are from stronger play — at least.
import { performance } from 'node:perf_hooks';
import type { FoundMode } from '../../games/index.js';
import type { Column, Report } from '../../core/reportTypes.js';
import type { ParamSpec } from '../../core/params.js';
import { combinedProvenance } from '../../core/provenance.js';
import { normalTwoSided, pairedProportionDifference, wilson, zFor } from '../../core/stats.js';
import { UsageError } from '../../core/usageError.js';
import type { RunRequest } from '../resolve.js';
import type { RunCliOptions } from '../runOptions.js';
import { interruption } from '../interrupt.js';
import { CommandProgress } from '../progress.js';
import { runPaired } from './compare.js';
import { PER_GAME_MAX } from '../../run/paired.js';
import { groupedInteger } from '../../core/numberText.js';
import { sideMetric } from './sideMetric.js';
import { settingsOf } from '../execute.js';

export interface LadderOptions {
  /** The first rung's budget (default: a quarter of the budget parameter's default, at least its minimum). */
  start?: number;
  /** Stop before a rung whose budget exceeds this (default: the parameter's maximum). */
  maxBudget?: number;
  /** Stop before a rung once this many seconds are used (the rung that runs past it finishes). */
  seconds?: number;
  metric?: string;
  /** The side whose policy the search plays (policyB: B): without --metric, that side's metric is the ladder's (winB). */
  side?: string;
}

/** One rung of the ladder for one run label (a Rev-9 version): the search at `budget` against the default. */
export interface Rung {
  label: string;
  budget: number;
  /** The search's main metric and its own interval (Wilson for a rate). */
  estimate: number;
  estimateLo: number;
  estimateHi: number;
  /** Search − default, paired on common random numbers, with its interval and p-value. */
  gain: number;
  gainLo: number | null;
  gainHi: number | null;
  pValue: number | null;
  /** Gain over the rung below (null on the first rung), its interval and p-value, and whether it is significant. */
  step: number | null;
  stepLo: number | null;
  stepHi: number | null;
  stepPValue: number | null;
  stepSignificant: boolean | null;
  /** How the step was tested: paired game by game (Newcombe's interval, McNemar's p), or from the two rungs' intervals taken as independent. */
  stepTest: 'paired' | 'independent' | null;
  games: number;
}

/** The budgets of a ladder from `start`, doubling, up to `max` (inclusive). */
export function ladderBudgets(start: number, max: number): number[] {
  const out: number[] = [];
  for (let b = start; b <= max; b *= 2) out.push(b);
  return out;
}

/** A step from one rung to the next: upper − lower, its interval and p-value, and whether it is a significant gain. */
export interface Step {
  step: number;
  lo: number | null;
  hi: number | null;
  p: number;
  significant: boolean;
}

/**
 * Whether the gain of one rung over the rung below is significant, from each rung's pairing with
 * the default alone: the test takes their standard errors as independent. Conservative (two rungs on
 * the same games are positively correlated): the fallback where the rungs' per-game outcomes are not
 * kept (a count metric, a rate some games do not record, an interrupted rung, more than PER_GAME_MAX games).
 */
export function stepSignificant(upper: { gain: number; gainLo: number | null; gainHi: number | null }, lower: { gain: number; gainLo: number | null; gainHi: number | null }, confidence: number): Step {
  const z = zFor(confidence);
  const se = (r: typeof upper) => (r.gainLo !== null && r.gainHi !== null ? (r.gainHi - r.gainLo) / (2 * z) : Infinity);
  const step = upper.gain - lower.gain;
  const s = Math.hypot(se(upper), se(lower));
  // No interval on either rung (too little spread): nothing can be called significant.
  const p = s > 0 && Number.isFinite(s) ? normalTwoSided(step / s) : Number.isFinite(s) && step !== 0 ? 0 : 1;
  const bounded = Number.isFinite(s);
  return { step, lo: bounded ? step - z * s : null, hi: bounded ? step + z * s : null, p, significant: step > 0 && p < 1 - confidence };
}

/**
 * The step from one rung to the next tested game by game: both rungs played the same games, so
 * the step is a paired difference of proportions (Newcombe's interval and McNemar's p, as \`sim compare\` tests two variants),
 * which sees a gain that the independent test's wider interval hides.
 */
export function pairedStep(upper: Uint8Array, lower: Uint8Array, confidence: number): Step {
  if (upper.length !== lower.length || upper.length === 0) throw new Error(`ladder: rungs of ${upper.length} and ${lower.length} games cannot be paired`);
  let n11 = 0;
  let n10 = 0;
  let n01 = 0;
  for (let i = 0; i < upper.length; i++) {
    if (upper[i] && lower[i]) n11++;
    else if (upper[i]) n10++;
    else if (lower[i]) n01++;
  }
  // A = the upper rung: the difference is upper − lower.
  const d = pairedProportionDifference(n11, n10, n01, upper.length - n11 - n10 - n01, confidence);
  // Significant when the interval printed lies above 0 (Newcombe's; the exact McNemar p can disagree with it at the edge).
  return { step: d.difference, lo: d.lo, hi: d.hi, p: d.pValue, significant: d.lo > 0 };
}

/** How the rungs' steps were tested, as the notes say it. */
function stepTestNote(rungs: readonly Rung[]): string {
  const tests = new Set(rungs.flatMap((r) => r.stepTest ?? []));
  const paired = 'tested game by game (paired: every rung played the same games; significant when its Newcombe interval lies above 0)';
  const independent = "tested with the two rungs' standard errors taken as independent (conservative: rungs on the same games are positively correlated; per-game outcomes are kept only for a rate metric that both policies record in every game, on a complete rung of at most " + groupedInteger(PER_GAME_MAX) + ' games)';
  if (tests.size === 0) return 'No rung had a rung below it to gain over.';
  if (tests.size === 2) return `A rung's gain over the rung below ("vs rung below", with its interval) is ${paired} where both rungs kept their per-game outcomes, otherwise ${independent}.`;
  return `A rung's gain over the rung below ("vs rung below", with its interval) is ${tests.has('paired') ? paired : independent}.`;
}

/** Plays the ladder; `request(params)` builds a run request from parameter overrides (as a sweep cell). */
export async function runLadder(
  found: FoundMode,
  base: RunRequest,
  request: (overrides: Record<string, string>) => RunRequest,
  runOpts: RunCliOptions,
  seed: number,
  o: LadderOptions,
  /** The parameter naming the policy that climbs (policy; a side's, e.g. policyA). */
  policyKey = 'policy',
): Promise<Report> {
  const search = found.game.search;
  if (!search) throw new UsageError(`option --ladder: ${found.id} has no search policy to climb (games with one: darkfate, terror, dualfates match)`);
  const spec = found.mode.params.find((p) => p.key === search.budget) as ParamSpec;
  const baseline = String(base.params[policyKey]);
  if (baseline === search.policy) throw new UsageError(`option --ladder: the policy to climb against is already ${search.policy}; the ladder climbs ${search.policy} against another (set --policies or the scenario's policy)`);
  const max = o.maxBudget ?? spec.max ?? Number(spec.default) * 8;
  const start = o.start ?? Math.max(spec.min ?? 1, Math.floor(Number(spec.default) / 4));
  for (const [name, v] of [['--ladder-start', start], ['--ladder-max', max]] as const) {
    if (!Number.isInteger(v) || v < (spec.min ?? 1) || v > (spec.max ?? Infinity)) throw new UsageError(`option ${name}: got ${v}, expected a budget (${spec.key}) from ${spec.min ?? 1} to ${spec.max ?? 'inf'}`);
  }
  if (start > max) throw new UsageError(`option --ladder-start: ${start} is above --ladder-max ${max}`);
  const budgets = ladderBudgets(start, max);
  const startedMs = performance.now();
  const rungs: Rung[] = [];
  const assumptions = new Set<string>();
  let main = o.metric;
  // Whether the main metric is a rate (shown in % and pp) or a mean (shown as a number).
  let mainIsRate = true;
  // Each rung's wall-clock seconds, apart from the results (the report's timings: nothing else in it depends on the machine).
  const rungSeconds: Record<string, number> = {};
  // The budgets double from the start: a maximum between two of them stops at the lower (its next, twice it, would pass the maximum).
  const last = budgets.at(-1) ?? start;
  // The maximum is --ladder-max's where it was given, else the parameter's own (its note named the parameter's for --ladder-max 2).
  const maxName = o.maxBudget !== undefined ? '--ladder-max' : "the budget's maximum";
  let stopped = last === max ? `${maxName} (${spec.key} ${max})` : `${maxName} (${spec.key} ${max}: the rung after ${last}, at ${last * 2}, would pass it)`;
  const flat = new Map<string, number>();
  // Each label's last rung's per-game outcomes (1 won) on the main metric, for the paired step test.
  const wonBelow = new Map<string, Uint8Array>();
  // One bar for the ladder: a unit per rung (the requests share runOpts, so they draw on it). A
  // rung's game costs about its budget (doubling it doubles the search's playouts), so the time
  // left weighs each rung's games by it: counted alike, the first rung of four read as a quarter of
  // a ladder that takes fifteen times as long. The ladder may stop before its maximum (two rungs
  // without a gain, --ladder-seconds), so the time left is an upper bound: "eta ≤".
  const progress = new CommandProgress(runOpts.progress?.isEnabled() ?? false, budgets.length, undefined, budgets.map((b) => b / budgets[0]), true);
  runOpts.progress = progress;
  for (const [i, budget] of budgets.entries()) {
    progress.startUnit(i, `${spec.key} ${budget}`);
    if (o.seconds !== undefined && (performance.now() - startedMs) / 1000 >= o.seconds && rungs.length > 0) {
      stopped = `the time allowed (--ladder-seconds ${o.seconds})`;
      break;
    }
    const rungStart = performance.now();
    const { repB, rv } = await runPaired(base, request({ [policyKey]: search.policy, [search.budget]: String(budget) }), seed, { kind: 'fixed', n: runOpts.games }, main, true, o.side).catch((e: unknown) => {
      progress.clear();
      throw e;
    });
    // The seed chosen at random is told once (by the first rung), not once a rung.
    runOpts.seed ??= seed;
    for (const a of repB.assumptions) assumptions.add(a);
    const rates = [...new Set(rv.comparisons.filter((c) => c.kind === 'rate').map((c) => c.metric))];
    main ??= sideMetric((rv.comparisons.find((c) => c.kind === 'rate') ?? rv.comparisons[0])?.metric, o.side, rates);
    const mine = rv.comparisons.filter((c) => c.metric === main);
    if (mine.length === 0) throw new UsageError(`option --metric: got "${main}", expected one of ${[...new Set(rv.comparisons.map((c) => c.metric))].join(', ')}`);
    const seconds = (performance.now() - rungStart) / 1000;
    rungSeconds[`seconds ${spec.key} ${budget}`] = Math.round(seconds * 10) / 10;
    mainIsRate = mine[0].kind === 'rate';
    for (const c of mine) {
      // A rung stopped before its first game measured nothing: no row (its NaNs would read as numbers).
      if (c.n === 0) continue;
      const w = c.kind === 'rate' ? wilson(Math.round(c.b * c.n), c.n, runOpts.confidence) : { lo: Number.NaN, hi: Number.NaN };
      const below = [...rungs].reverse().find((r) => r.label === c.label);
      const finite = (x: number) => (Number.isFinite(x) ? x : null);
      const rung: Rung = { label: c.label, budget, estimate: c.b, estimateLo: w.lo, estimateHi: w.hi, gain: c.difference, gainLo: finite(c.lo), gainHi: finite(c.hi), pValue: finite(c.pValue), step: null, stepLo: null, stepHi: null, stepPValue: null, stepSignificant: null, stepTest: null, games: c.n };
      // Every game of the rung recorded the metric (a rate): its outcomes pair game by game with the rung below's.
      const kept = rv.perGame.get(c.label);
      // Checked against the paired count: as many games won as the McNemar table gives the search.
      const won = kept && kept.metric === main && kept.won.length === c.n && kept.won.reduce((a, x) => a + x, 0) === Math.round(c.b * c.n) ? kept.won : undefined;
      if (below) {
        const lower = wonBelow.get(c.label);
        const paired = won !== undefined && lower !== undefined && lower.length === won.length && below.games === c.n;
        const s = paired ? pairedStep(won, lower, runOpts.confidence) : stepSignificant(rung, below, runOpts.confidence);
        Object.assign(rung, { step: s.step, stepLo: s.lo, stepHi: s.hi, stepPValue: s.p, stepSignificant: s.significant, stepTest: paired ? 'paired' : 'independent' });
        flat.set(c.label, s.significant ? 0 : (flat.get(c.label) ?? 0) + 1);
      }
      if (won) wonBelow.set(c.label, won);
      else wonBelow.delete(c.label);
      rungs.push(rung);
    }
    if (repB.partial || interruption().aborted) {
      // A rung stopped before its first game has no row: the rung above the last one shown was cut.
      stopped = mine.some((c) => c.n > 0) ? 'an interruption (the last rung is partial)' : `an interruption before the first game of the rung at ${spec.key} ${budget}`;
      break;
    }
    const labels = [...new Set(rungs.map((r) => r.label))];
    if (labels.every((l) => (flat.get(l) ?? 0) >= 2)) {
      stopped = 'two rungs in a row with no significant gain over the rung below';
      break;
    }
  }
  progress.clear();
  const labels = [...new Set(rungs.map((r) => r.label))];
  const several = labels.length > 1;
  const top = labels.map((l) => rungs.filter((r) => r.label === l).at(-1)!);
  const pp = (x: number | null) => (x === null ? '–' : `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`);
  // A mean (turns, staggers) is no rate: its difference is in its own unit, and more is not always better.
  const num = (x: number | null) => (x === null ? '–' : `${x >= 0 ? '+' : '−'}${Number(Math.abs(x).toPrecision(4))}`);
  // The policy climbed against is the game's default unless --policies or a scenario named another: say which.
  const gameDefault = found.mode.params.find((p) => p.key === policyKey)?.default;
  const against = gameDefault === undefined || String(gameDefault) === baseline ? `default policy ${baseline}` : `policy ${baseline} (not the default, ${String(gameDefault)})`;
  const answers = top.length === 0 ? [`the ladder was stopped before its first rung's first game: nothing was measured (${against})`] : top.map((r) =>
    mainIsRate
      ? `${several ? `${r.label}: ` : ''}${against}; the search at budget ${r.budget} (the ladder's top rung) scores ${pp(r.gain)} pp [${pp(r.gainLo)}, ${pp(r.gainHi)}] on ${main} (${groupedInteger(r.games)} paired games)${
          r.gainLo !== null && r.gainLo > 0 ? ': the printed rate is at least this far below strong play' : r.gainHi !== null && r.gainHi < 0 ? `: ${baseline} plays better than this search` : ': no significant gap at this n'
        }`
      : `${several ? `${r.label}: ` : ''}${against}; the search at budget ${r.budget} (the ladder's top rung) differs by ${num(r.gain)} [${num(r.gainLo)}, ${num(r.gainHi)}] on ${main}, a mean (search − ${baseline}; ${groupedInteger(r.games)} paired games)${
          (r.gainLo !== null && r.gainLo > 0) || (r.gainHi !== null && r.gainHi < 0) ? ': a significant difference' : ': no significant difference at this n'
        }`,
  );
  const value = mainIsRate ? 'prob' : 'sig4';
  const difference = mainIsRate ? 'pp' : 'signed4';
  const columns: Column[] = [
    { key: 'budget', header: spec.key, format: 'int' },
    ...(several ? [{ key: 'label', header: 'run', format: 'text' as const }] : []),
    { key: 'estimate', header: `${main} (search)`, format: value },
    { key: 'estimateLo', header: 'lo', format: value },
    { key: 'estimateHi', header: 'hi', format: value },
    { key: 'gain', header: `vs ${baseline}`, format: difference },
    { key: 'gainLo', header: 'lo', format: difference },
    { key: 'gainHi', header: 'hi', format: difference },
    { key: 'step', header: 'vs rung below', format: difference },
    { key: 'stepLo', header: 'lo', format: difference },
    { key: 'stepHi', header: 'hi', format: difference },
  ];
  // The parameters every rung played (a scenario's, --set's) but the climbing side's policy and the budget, which the rungs set.
  const settings = settingsOf(found.mode.params, Object.fromEntries(Object.entries(base.params).filter(([k]) => k !== policyKey && k !== search.budget)));
  const sideWords = o.side ? `, side ${o.side}` : '';
  return {
    ...combinedProvenance(found.id, { base: base.params, ladder: { policy: search.policy, param: policyKey, budget: search.budget, start, max, seconds: o.seconds ?? null } }),
    title: `Skill ladder of ${found.id}${sideWords}: ${search.policy} (as ${policyKey}) at doubling ${spec.key} against ${baseline} on the same games`,
    text: answers.join('\n'),
    method: 'mc',
    seed,
    n: Math.max(0, ...rungs.map((r) => r.games)),
    confidence: runOpts.confidence,
    policy: [baseline, search.policy],
    ...(settings.length ? { settings } : {}),
    ...(stopped.startsWith('an interruption') ? { partial: true } : {}),
    result: { param: policyKey, ...(o.side ? { side: o.side } : {}), baseline, search: search.policy, budget: search.budget, metric: main, stopped, rungs, top },
    assumptions: [...assumptions],
    tables: [{ title: `${main} of ${search.policy} by ${spec.key} (paired with ${baseline} on common random numbers)`, columns, rows: rungs.map((r) => ({ ...r })) }],
    notes: rungs.length === 0 ? [`The ladder stopped at ${stopped}: no rung has a game to report.`] : [
      `Every rung played the same games as ${baseline} (game i on stream (seed, i)), ${groupedInteger(runOpts.games)} a rung${rungs.length > 0 && rungs.at(-1)!.games < runOpts.games ? ` (the last one stopped after ${groupedInteger(rungs.at(-1)!.games)})` : ''}; "vs ${baseline}" is search − ${baseline} with its paired interval.`,
      `The ladder stopped at ${stopped}. ${stepTestNote(rungs)}`,
      // A floor only where the top rung gains significantly; a gap not shown is no distance either.
      mainIsRate
        ? top.some((r) => r.gainLo !== null && r.gainLo > 0)
          ? 'The top rung is a floor on the distance to strong play, not the distance: a larger budget, or a better search, may gain more.'
          : 'No rung shows a significant gap at this n: that is not a distance to strong play either (a larger budget, more games, or a better search may still gain).'
        : `${main} is a mean, not a win rate: the ladder counts a rise of it as a gain (its steps and its stop), which is better play only if more ${main} is; the top rung says how far the search's games differ in it, not how far the default is from strong play.`,
      `Run time: each rung's seconds here are in the JSON's timings (apart from the results); each doubling of the budget roughly doubles a rung's time. On two cores a ladder at a useful n takes hours: run it on a larger machine, or play each rung as its own run (\`sim ${found.id} --set ${policyKey}=${search.policy} --set ${search.budget}=B -n N --seed S\`, which \`--shard\` and \`sim submit\` spread over machines) and compare the merged reports (unpaired: wider intervals).`,
    ],
    timings: { wallMs: Math.round(performance.now() - startedMs), ...rungSeconds },
  };
}
