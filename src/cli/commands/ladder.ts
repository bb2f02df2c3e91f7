// `sim policies GAME --ladder`: a skill ladder (after TAG's SkillLadder). The game's search policy
// plays at budgets b, 2b, 4b, … on the same games as the default policy (common random numbers),
// each rung paired with the default; the ladder climbs until two rungs in a row gain nothing
// significant over the rung below, the budget's maximum, or the time allowed. The top rung's gain
// over the default is how far the default's printed numbers are from stronger play — at least.
import { performance } from 'node:perf_hooks';
import type { FoundMode } from '../../games/index.js';
import type { Column, Report } from '../../core/reportTypes.js';
import type { ParamSpec } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import { normalTwoSided, wilson, zFor } from '../../core/stats.js';
import { UsageError } from '../../core/usageError.js';
import type { RunRequest } from '../resolve.js';
import type { RunCliOptions } from '../runOptions.js';
import { interruption } from '../interrupt.js';
import { CommandProgress } from '../progress.js';
import { runPaired } from './compare.js';
import { groupedInteger } from '../../core/numberText.js';

export interface LadderOptions {
  /** The first rung's budget (default: a quarter of the budget parameter's default, at least its minimum). */
  start?: number;
  /** Stop before a rung whose budget exceeds this (default: the parameter's maximum). */
  maxBudget?: number;
  /** Stop before a rung once this many seconds are used (the rung that runs past it finishes). */
  seconds?: number;
  metric?: string;
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
  /** Gain over the rung below (null on the first rung), and whether it is significant. */
  step: number | null;
  stepSignificant: boolean | null;
  games: number;
  seconds: number;
}

/** The budgets of a ladder from `start`, doubling, up to `max` (inclusive). */
export function ladderBudgets(start: number, max: number): number[] {
  const out: number[] = [];
  for (let b = start; b <= max; b *= 2) out.push(b);
  return out;
}

/**
 * Whether the gain of one rung over the rung below is significant. The rungs are not paired with
 * each other (each is paired with the default), so the test takes their standard errors as
 * independent: conservative, since two rungs on the same games are positively correlated.
 */
export function stepSignificant(upper: { gain: number; gainLo: number | null; gainHi: number | null }, lower: { gain: number; gainLo: number | null; gainHi: number | null }, confidence: number): { step: number; significant: boolean; p: number } {
  const z = zFor(confidence);
  const se = (r: typeof upper) => (r.gainLo !== null && r.gainHi !== null ? (r.gainHi - r.gainLo) / (2 * z) : Infinity);
  const step = upper.gain - lower.gain;
  const s = Math.hypot(se(upper), se(lower));
  // No interval on either rung (too little spread): nothing can be called significant.
  const p = s > 0 && Number.isFinite(s) ? normalTwoSided(step / s) : Number.isFinite(s) && step !== 0 ? 0 : 1;
  return { step, significant: step > 0 && p < 1 - confidence, p };
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
  if (baseline === search.policy) throw new UsageError(`option --ladder: the default policy is already ${search.policy}; the ladder climbs ${search.policy} against another (set --policies or the scenario's policy)`);
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
  let stopped = `the budget's maximum (${spec.key} ${max})`;
  const flat = new Map<string, number>();
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
    const { repB, rv } = await runPaired(base, request({ [policyKey]: search.policy, [search.budget]: String(budget) }), seed, { kind: 'fixed', n: runOpts.games }, main).catch((e: unknown) => {
      progress.clear();
      throw e;
    });
    // The seed chosen at random is told once (by the first rung), not once a rung.
    runOpts.seed ??= seed;
    for (const a of repB.assumptions) assumptions.add(a);
    main ??= (rv.comparisons.find((c) => c.kind === 'rate') ?? rv.comparisons[0])?.metric;
    const mine = rv.comparisons.filter((c) => c.metric === main);
    if (mine.length === 0) throw new UsageError(`option --metric: got "${main}", expected one of ${[...new Set(rv.comparisons.map((c) => c.metric))].join(', ')}`);
    const seconds = (performance.now() - rungStart) / 1000;
    for (const c of mine) {
      // A rung stopped before its first game measured nothing: no row (its NaNs would read as numbers).
      if (c.n === 0) continue;
      const w = c.kind === 'rate' ? wilson(Math.round(c.b * c.n), c.n, runOpts.confidence) : { lo: Number.NaN, hi: Number.NaN };
      const below = [...rungs].reverse().find((r) => r.label === c.label);
      const finite = (x: number) => (Number.isFinite(x) ? x : null);
      const rung: Rung = { label: c.label, budget, estimate: c.b, estimateLo: w.lo, estimateHi: w.hi, gain: c.difference, gainLo: finite(c.lo), gainHi: finite(c.hi), pValue: finite(c.pValue), step: null, stepSignificant: null, games: c.n, seconds: Math.round(seconds * 10) / 10 };
      if (below) {
        const s = stepSignificant(rung, below, runOpts.confidence);
        rung.step = s.step;
        rung.stepSignificant = s.significant;
        flat.set(c.label, s.significant ? 0 : (flat.get(c.label) ?? 0) + 1);
      }
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
  const answers = top.length === 0 ? [`the ladder was stopped before its first rung's first game: nothing was measured (default policy ${baseline})`] : top.map(
    (r) =>
      `${several ? `${r.label}: ` : ''}default policy ${baseline}; the search at budget ${r.budget} (the ladder's top rung) scores ${pp(r.gain)} pp [${pp(r.gainLo)}, ${pp(r.gainHi)}] on ${main} (${groupedInteger(r.games)} paired games)${
        r.gainLo !== null && r.gainLo > 0 ? ': the printed rate is at least this far below strong play' : r.gainHi !== null && r.gainHi < 0 ? ': the default plays better than this search' : ': no significant gap at this n'
      }`,
  );
  const columns: Column[] = [
    { key: 'budget', header: spec.key, format: 'int' },
    ...(several ? [{ key: 'label', header: 'run', format: 'text' as const }] : []),
    { key: 'estimate', header: `${main} (search)`, format: 'prob' },
    { key: 'estimateLo', header: 'lo', format: 'prob' },
    { key: 'estimateHi', header: 'hi', format: 'prob' },
    { key: 'gain', header: `vs ${baseline}`, format: 'pp' },
    { key: 'gainLo', header: 'lo', format: 'pp' },
    { key: 'gainHi', header: 'hi', format: 'pp' },
    { key: 'step', header: 'vs rung below', format: 'pp' },
    { key: 'seconds', header: 'seconds', format: 'fixed2' },
  ];
  return {
    ...provenance(found.id, { base: base.params, ladder: { policy: search.policy, budget: search.budget, start, max, seconds: o.seconds ?? null } }),
    title: `Skill ladder of ${found.id}: ${search.policy} at doubling ${spec.key} against ${baseline} on the same games`,
    text: answers.join('\n'),
    method: 'mc',
    seed,
    n: Math.max(0, ...rungs.map((r) => r.games)),
    confidence: runOpts.confidence,
    policy: [baseline, search.policy],
    ...(stopped.startsWith('an interruption') ? { partial: true } : {}),
    result: { baseline, search: search.policy, budget: search.budget, metric: main, stopped, rungs, top },
    assumptions: [...assumptions],
    tables: [{ title: `${main} of ${search.policy} by ${spec.key} (paired with ${baseline} on common random numbers)`, columns, rows: rungs.map((r) => ({ ...r })) }],
    notes: rungs.length === 0 ? [`The ladder stopped at ${stopped}: no rung has a game to report.`] : [
      `Every rung played the same games as ${baseline} (game i on stream (seed, i)), ${groupedInteger(runOpts.games)} a rung${rungs.length > 0 && rungs.at(-1)!.games < runOpts.games ? ` (the last one stopped after ${groupedInteger(rungs.at(-1)!.games)})` : ''}; "vs ${baseline}" is search − ${baseline} with its paired interval.`,
      `The ladder stopped at ${stopped}. A rung's gain over the rung below is tested with the two rungs' standard errors taken as independent (conservative: rungs on the same games are positively correlated).`,
      'The top rung is a floor on the distance to strong play, not the distance: a larger budget, or a better search, may gain more.',
      `Run time here: ${rungs.reduce((s, r, i, all) => (all.findIndex((x) => x.budget === r.budget) === i ? s + r.seconds : s), 0).toFixed(1)} s for ${budgets.indexOf(rungs.at(-1)?.budget ?? start) + 1} rung(s); each doubling of the budget roughly doubles a rung's time. On two cores a ladder at a useful n takes hours: run it on a larger machine, or play each rung as its own run (\`sim ${found.id} --policy ${search.policy} --set ${search.budget}=B -n N --seed S\`, which \`--shard\` and \`sim submit\` spread over machines) and compare the merged reports (unpaired: wider intervals).`,
    ],
  };
}
