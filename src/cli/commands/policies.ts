// `sim policies GAME`: the policy gap. Plays every listed policy on the same games as the default
// (common random numbers: game i of each on stream (seed, i)) and ranks them by the main metric, with
// each one's paired difference from the default, its interval and p-value. Every number a game
// prints is conditional on the bots that played: this shows how much.
import { metricSide, sideMetric, sideOfPolicyParam } from './sideMetric.js';
import { Command } from 'commander';
import { answerSentence, ppText } from '../../core/answer.js';
import { groupedInteger, signedText } from '../../core/numberText.js';
import { packageInfo } from '../../core/packageInfo.js';
import { combinedProvenance } from '../../core/provenance.js';
import type { Column, Report } from '../../core/reportTypes.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { MIN_PAIRS_FOR_T } from '../../core/stats.js';
import { UsageError } from '../../core/usageError.js';
import { findMode } from '../../games/index.js';
import type { MetricComparison } from '../../report/compareReport.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { columnLabels } from '../../report/charts.js';
import { collect, intInRange, nonEmptyName, parseInputPath, parseNonEmptyList } from '../parseOptions.js';
import { runLadder } from './ladder.js';
import { loadScenarioFor, refuseInertAcross, refuseTrace, resolveFromSources, runOptionsWithScenario, type RunRequest } from '../resolve.js';
import { refuseIdleRunOptions } from '../trust.js';
import { inputsOf, settingsOf } from '../execute.js';
import { commandProgress } from '../progress.js';
import { addRunOptions, chooseSeed, refuseResumeOptions, type RunCliOptions } from '../runOptions.js';
import { runPaired } from './compare.js';

interface PoliciesOptions extends RunCliOptions {
  ladder?: boolean;
  split?: boolean;
  ladderStart?: number;
  ladderMax?: number;
  ladderSeconds?: number;
  policies?: string;
  param?: string;
  metric?: string;
  set?: string[];
  scenario?: string;
}

interface Row {
  label: string;
  policy: string;
  baseline: boolean;
  estimate: number;
  difference: number | null;
  lo: number | null;
  hi: number | null;
  pValue: number | null;
  rank: number;
}

export function registerPolicies(program: Command): void {
  const cmd = program
    .command('policies')
    .description('the policy gap: every built-in policy on the same games as the default (common random numbers), ranked, with paired differences')
    .argument('<game...>', 'game or mode id with decisions, e.g. darkfate, terror, tccg game')
    .option('--policies <a,b,…>', "the policies to play (default: the game's built-in ones); the first listed, or the parameter's default, is the baseline", parseNonEmptyList)
    .option('--param <key>', 'the parameter that names the policy (default: policy; for two-sided games e.g. policyA)', nonEmptyName("name the parameter that names the policy (policy, or a side's: policyA), or leave the option out for policy"))
    .option('--metric <name>', 'the metric to rank by (default: the first rate, e.g. win)')
    .option('--scenario <file>', 'base parameters from a scenario file', parseInputPath)
    .option('--set <key=value>', 'a base parameter for every policy (repeatable)', collect)
    .option('--ladder', "a skill ladder instead: the game's search policy at doubling budgets against the default, until two rungs in a row gain nothing significant over the rung below, tested game by game (every mode with a search policy: darkfate, terror, dualfates match, genisys skirmish, tccg game)")
    .option('--ladder-start <B>', "the ladder's first budget (default: a quarter of the budget parameter's default)", intInRange(1, 1e6))
    .option('--ladder-max <B>', "the ladder's largest budget (default: the budget parameter's maximum)", intInRange(1, 1e6))
    .option('--ladder-seconds <S>', 'start no rung after this many seconds (the running rung finishes)', intInRange(1, 1e7))
    .option('--split', "where the gap lies: the game's search limited to one kind of decision at a time (the default answering the rest), each against the default on the same games, and the search on all of them; its budget is the search's budget parameter as --set gives it (searchIterations, Dark Fate's and Terror's searchRollouts); slow: give -n");
  addRunOptions(cmd, 2e4, { resumable: false, gamesDefault: "the --scenario's run.n, else 20000" }).action(async (words: string[], opts: PoliciesOptions) => {
    refuseResumeOptions(opts, 'policies');
    const found = await findMode(words.join(' '), 'argument game');
    const { game, mode, id } = found;
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file: opts.scenario, what: 'the scenario file' }]);
    const key = opts.param ?? (mode.params.some((p) => p.key === 'policy') ? 'policy' : game.search?.policyParam);
    const spec = mode.params.find((p) => p.key === key);
    const policyKeys = mode.params.filter((p) => /polic/i.test(p.key)).map((p) => p.key);
    // The policy parameters that can be `policy` (a side's, for the search: --split, --ladder).
    const keysFor = (policy: string) => policyKeys.filter((k) => (mode.params.find((p) => p.key === k)?.choices ?? []).includes(policy)).join(', ');
    if ((!spec || !key) && policyKeys.length === 0) throw new UsageError(`${id} has no policy parameter: no player decides anything in it, so there are no policies to compare`);
    if (!spec || !key) throw new UsageError(`${opts.param ? `option --param: "${opts.param}" is not a parameter of ${id}` : `${id} has no "policy" parameter`}; name the policy parameter with --param (one of ${policyKeys.join(', ')})`);
    // A policy parameter: one named for a policy, a bot or a search's rollout policy (searchBot, searchRollout).
    const names = (k: string) => /polic|bot|rollout$/i.test(k);
    if (!names(key)) throw new UsageError(`option --param: ${key} does not name a policy; the policy parameters of ${id}: ${mode.params.filter((p) => names(p.key)).map((p) => p.key).join(', ') || 'none'} (to vary another parameter: sim sweep --grid)`);
    const scenario = opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, id) } : null;
    const sets = parseSetOptions(opts.set ?? []);
    if (Object.hasOwn(sets, key)) throw new UsageError(`option --set ${key}: the policies are listed by --policies (the first is the baseline)`);
    // The baseline is the policy the scenario (or the game) plays, unless --policies names one first.
    const resolvedBase = resolveFromSources(mode, scenario, sets, {}, {}, id);
    refuseTrace('policies', resolvedBase);
    const current = String(resolvedBase[key]);
    // By default every built-in policy of the parameter (a side's own) but the slow ones (a search), which are played only when listed.
    // (Only those the parameter can take: the search's rollout bot cannot be the search.)
    const slow = opts.policies ? [] : (game.slowPolicies ?? []).filter((p) => (spec.choices ?? game.policies ?? []).includes(p));
    const listed = opts.policies ? opts.policies.split(',').map((p) => p.trim()).filter(Boolean) : [current, ...(spec.choices ?? game.policies ?? []).filter((p) => p !== current && !slow.includes(p))];
    const policies = [...new Set(listed)];
    // A policy listed twice would play the same games twice: said as such, not as "give at least two".
    const twice = listed.find((p, i) => listed.indexOf(p) !== i);
    if (opts.policies && twice !== undefined) throw new UsageError(`option --policies: ${twice} is listed twice; list each policy once`);
    const split = opts.split ? game.search?.split : undefined;
    if (opts.split && (!split || !game.search || !mode.params.some((p) => p.key === split.param))) throw new UsageError(`option --split: ${id} has no search policy to split (modes with one: darkfate, terror, dualfates match, genisys skirmish, tccg game)`);
    if (split) {
      const search = game.search!.policy;
      if (opts.ladder) throw new UsageError('option --split: the split plays one budget (set it with --set); a ladder climbs budgets: give one of --split and --ladder');
      if (opts.policies && policies.length !== 1) throw new UsageError(`option --split: the split plays the search against one default policy; give it alone (--policies ${String(spec.default)}) or leave --policies out`);
      if (!(spec.choices ?? []).includes(search)) throw new UsageError(`option --split: ${key} does not name the policy that can be ${search}; split a side's policy (${keysFor(search)})`);
      // The split's rows play each kind of decision itself.
      if (Object.hasOwn(sets, split.param)) throw new UsageError(`option --set ${split.param}: --split plays the search on each kind itself (all, ${split.kinds.join(', ')})`);
      if (scenario && Object.hasOwn((scenario.doc.params ?? {}) as object, split.param)) throw new UsageError(`option --split: the scenario sets ${split.param}; --split plays the search on each kind itself`);
      // The search answers what it does not search with the side's default bot: the baseline must be that bot, or the rows would measure another pair.
      const own = String(spec.default);
      const bot = mode.params.some((p) => p.key === 'searchBot') ? String(resolvedBase.searchBot) : own;
      if (current !== own || bot !== own || (opts.policies && policies[0] !== own)) throw new UsageError(`option --split: the search answers the decisions it does not search with ${bot}, so the split measures against ${bot}: leave ${key} at ${own}${bot !== own ? ` and searchBot at ${own}` : ''} (got ${opts.policies ? policies[0] : current})`);
      // One search setting serves every side that plays the search: the other side must not play it.
      const other = policyKeys.find((k) => k !== key && String(resolvedBase[k]) === search);
      if (other) throw new UsageError(`option --split: ${other} is ${search} too, and ${split.param} would limit that side's search as well; split one side at a time`);
    }
    if (policies.length < 2 && !opts.ladder && !split) throw new UsageError(`option --policies: give at least two policies to compare (${id} has ${(game.policies ?? []).join(', ') || 'none built in'})`);
    // A two-sided game's policy parameter names its side (policyA, policyB; skynetPolicy): rows are
    // that side's policies, ranked by that side's metric (winB when policyB varies, skynetWins).
    // A search's own bot (Dark Fate's searchRollout, Terror's rolloutPolicy, the skirmish's searchBot) is no side:
    // its rows are that bot inside the search, every game played by the policy the base parameters name.
    const searchPart = isSearchBot(key) ? (/rollout/i.test(key) ? 'rollout bot' : 'own bot (its first answer and its rollouts)') : null;
    // In a two-sided game the search's bot is ranked by the metric of the side that plays the search (a review found side A's used when B searched).
    const searchSideKey = searchPart ? policyKeys.find((k) => k !== key && !isSearchBot(k) && String(resolvedBase[k]) === game.search?.policy) : undefined;
    const side = searchPart ? (searchSideKey ? sideOfPolicyParam(searchSideKey) : undefined) : sideOfPolicyParam(key);
    const runOpts = runOptionsWithScenario(cmd, opts, scenario?.doc ?? null);
    const seed = chooseSeed(runOpts);
    // Every run is the base parameters with some overrides; `source` names the option a refused value came from.
    const requestWith = (overrides: Record<string, string>, source?: () => string): RunRequest => ({ ...found, params: resolveFromSources(mode, scenario, sets, {}, overrides, id, source), opts: runOpts });
    // Each policy is a value of the parameter: one it refuses is named as the --policies entry it came from.
    const request = (policy: string): RunRequest => requestWith({ [key]: policy }, () => (opts.policies ? 'option --policies' : `option --param ${key}`));
    const [baseline, ...listedOthers] = policies;
    // --split: the rows are the search on every kind of decision (all), then on each kind alone.
    const splitKinds = split ? ['all', ...split.kinds] : [];
    const splitName = (kind: string) => `${game.search!.policy}: ${kind}`;
    const others = split ? splitKinds.map(splitName) : listedOthers;
    const base = request(baseline);
    const splitRequest = (kind: string): RunRequest => requestWith({ [key]: game.search!.policy, [split!.param]: kind }, () => 'option --split');
    const requests = opts.ladder ? [] : split ? splitKinds.map(splitRequest) : others.map(request);
    // What would be refused in a single run is refused when it acts for no policy played (a search budget with the search among them acts).
    if (!opts.ladder) refuseInertAcross(mode.params, split ? requests.map((r) => r.params) : [base.params, ...requests.map((r) => r.params)]);
    refuseIdleRunOptions(opts, mode.params, [base.params, ...requests.map((r) => r.params)]);
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [base, ...requests].flatMap(inputsOf));
    // One bar for the command: a unit per policy played against the baseline (the ladder's rungs have their own).
    runOpts.progress = commandProgress(opts, opts.ladder ? 1 : others.length);
    if (opts.ladder) {
      // The ladder plays the search in a side's place: --param must name a parameter that can be the search.
      if (game.search && !(spec.choices ?? []).includes(game.search.policy)) throw new UsageError(`option --param ${key}: the ladder plays the ${game.search.policy} policy in a side's place, and ${key} cannot be ${game.search.policy}; name a side's policy parameter (${keysFor(game.search.policy)})`);
      // Each rung sets the search's budget: one given with --set (or by the scenario) would be recorded and never played.
      const budgetKey = game.search?.budget;
      if (budgetKey && (Object.hasOwn(sets, budgetKey) || (scenario?.doc.params && Object.hasOwn(scenario.doc.params, budgetKey)))) throw new UsageError(`option --ladder: each rung sets ${budgetKey} itself (--ladder-start, --ladder-max); leave ${budgetKey} out of --set and the scenario`);
      if (opts.policies && policies.length !== 1) throw new UsageError('option --ladder: the ladder plays the search against one default policy; give it alone (--policies planner) or leave --policies out');
      await emitReport(await runLadder(found, base, (overrides) => requestWith(overrides), runOpts, seed, { start: opts.ladderStart, maxBudget: opts.ladderMax, seconds: opts.ladderSeconds, metric: opts.metric, side }, key), opts);
      return;
    }
    if (opts.ladderStart !== undefined || opts.ladderMax !== undefined || opts.ladderSeconds !== undefined) throw new UsageError('options --ladder-start, --ladder-max and --ladder-seconds shape a ladder: add --ladder');
    const rows: Row[] = [];
    const reports: Report[] = [];
    let main = opts.metric;
    let rateNames: string[] = [];
    let rate = false;
    let games = 0;
    for (const [k, policy] of others.entries()) {
      runOpts.progress.startUnit(k, policy);
      const { repA, repB, rv } = await runPaired(base, requests[k], seed, { kind: 'fixed', n: runOpts.games }, opts.metric).catch((e: unknown) => {
        runOpts.progress?.clear();
        throw e;
      });
      if (reports.length === 0) reports.push(repA);
      reports.push(repB);
      games = Math.max(games, ...rv.outcomes.map((o) => o.games));
      rateNames = rv.comparisons.filter((c) => c.kind === 'rate').map((c) => c.metric);
      main ??= sideMetric((rv.comparisons.find((c) => c.kind === 'rate') ?? rv.comparisons[0])?.metric, side, rateNames);
      rate ||= rv.comparisons.some((c) => c.metric === main && c.kind === 'rate');
      const mine = rv.comparisons.filter((c) => c.metric === main);
      if (mine.length === 0) throw new UsageError(`option --metric: got "${main}", expected one of ${[...new Set(rv.comparisons.map((c) => c.metric))].join(', ')}`);
      for (const c of mine as (MetricComparison & { label: string })[]) {
        if (!rows.some((r) => r.baseline && r.label === c.label)) rows.push({ label: c.label, policy: baseline, baseline: true, estimate: c.a, difference: null, lo: null, hi: null, pValue: null, rank: 0 });
        rows.push({ label: c.label, policy, baseline: false, estimate: c.b, difference: c.difference, lo: finite(c.lo), hi: finite(c.hi), pValue: finite(c.pValue), rank: 0 });
      }
      if (repB.partial) break;
    }
    runOpts.progress.clear();
    const labels = [...new Set(rows.map((r) => r.label))];
    for (const label of labels) {
      rows
        .filter((r) => r.label === label)
        .sort((a, b) => b.estimate - a.estimate)
        .forEach((r, i) => (r.rank = i + 1));
    }
    rows.sort((a, b) => labels.indexOf(a.label) - labels.indexOf(b.label) || a.rank - b.rank);
    const best = labels.map((label) => rows.filter((r) => r.label === label && !r.baseline).sort((a, b) => b.estimate - a.estimate)[0]).filter((r) => r !== undefined);
    const several = labels.length > 1;
    // The metric as the game's tables name it ("no wounds left"), else its key in words ("win A").
    const mainName = main ? columnLabels(reports[0]?.tables ?? [])(main) : null;
    // The game's default is "the default"; another baseline (the scenario's policy, or the first of --policies) is called the baseline.
    const isDefault = baseline === String(spec.default);
    const baselineWords = `${isDefault ? 'the default' : 'the baseline'} ${baseline}`;
    const vsHeader = isDefault ? 'vs default' : 'vs baseline';
    const columns: Column[] = [
      ...(several ? [{ key: 'label', header: 'run', format: 'text' as const }] : []),
      { key: 'rank', header: 'rank', format: 'int' },
      ...(side ? [{ key: 'side', header: 'side', format: 'text' as const }] : []),
      { key: 'policy', header: 'policy', format: 'text' },
      // A rate and its differences in percent (points), as every other table shows rates.
      { key: 'estimate', header: mainName ?? 'metric', format: rate ? 'prob' : 'sig4' },
      { key: 'difference', header: vsHeader, format: rate ? 'pp' : 'signed4' },
      { key: 'lo', header: 'lo', format: rate ? 'pp' : 'signed4' },
      { key: 'hi', header: 'hi', format: rate ? 'pp' : 'signed4' },
      { key: 'pValue', header: 'p', format: 'pvalue' },
    ];
    const partial = reports.some((r) => r.partial) || rows.filter((r) => !r.baseline).length < others.length * labels.length;
    // An interrupted ranking names the policies it never played: the answer is only about the others.
    const unplayed = others.filter((p) => !rows.some((r) => !r.baseline && r.policy === p));
    const stopNote = partial ? [`Interrupted: ${unplayed.length ? `not played: ${unplayed.join(', ')} (not in the table or the answer)` : 'the last policy played only part of its games'}; run it again for the whole ranking.`] : [];
    // The answer first, one line per run: the paired difference from the default of the listed policy with the highest metric
    // (highest, not best: a metric may be the other side's, or one where less is better), or that none scores clearly higher.
    const gapText = (r: (typeof rows)[number]) => {
      if (r.difference === null) return '–';
      if (r.lo === null || r.hi === null) return rate ? `${signedText(r.difference * 100, 1)} pp` : signedText(r.difference, 2);
      return rate ? ppText(r.difference, r.lo, r.hi) : `${signedText(r.difference, 2)} [${signedText(r.lo, 2)}, ${signedText(r.hi, 2)}]`;
    };
    const mainWords = mainName ?? 'the metric';
    // A metric of the other side (--param policyB --metric winA): the highest row is the policy that does worst for the side varied, said in the answer.
    const mineOf = side && main ? sideMetric(main, side, rateNames) : main;
    // Whose the metric is, by its name: the other side's (highest is worst for the side varied), the side's own, or neither's
    // (vpMargin, protected: the name does not say which way is better for the side; it called skynetMissionPoints Resistance's).
    const sides = policyKeys.map(sideOfPolicyParam).filter((s): s is string => s !== undefined);
    const owner = side !== undefined && main !== undefined ? metricSide(main, sides) : undefined;
    const otherSides = side !== undefined && opts.metric !== undefined && main !== undefined && owner !== undefined && owner !== side;
    const neitherSide = side !== undefined && opts.metric !== undefined && main !== undefined && owner === undefined;
    const playedBy = policyKeys.filter((k) => k !== key && !isSearchBot(k)).map((k) => `${k} ${String(base.params[k])}`).join(', ');
    const searchPartWords = searchPart ? `the search's ${searchPart} (${key}) varied, every game played by ${playedBy}` : '';
    const conditions = [`${groupedInteger(games)} paired games`, ...(searchPart ? [searchPartWords] : []), ...(side ? [`side ${side}`] : []), ...(otherSides ? [`${mainWords} is the other side's: highest is worst for side ${side}, whose own is ${mineOf}`] : []), ...(neitherSide ? [`${mainWords} is neither side's by name: whether highest is better for side ${side} depends on what it counts (side ${side}'s own result is ${sideMetric(rateNames[0], side, rateNames)})`] : []), ...(unplayed.length ? [`interrupted: ${unplayed.join(', ')} not played`] : [])];
    // --split: the search on every kind of decision, then on each kind alone (by difference), each against the default.
    const splitAnswers = split
      ? labels.map((label) => {
          const mine = rows.filter((r) => r.label === label && !r.baseline);
          const text = splitAnswer(
            game.search!.policy,
            baseline,
            mine.find((r) => r.policy === splitName('all')),
            mine.filter((r) => r.policy !== splitName('all')).map((r) => ({ kind: r.policy.slice(splitName('').length), row: r })),
            gapText,
          );
          return answerSentence(`${several ? `${label}: ` : ''}${text}`, conditions);
        })
      : null;
    const answers = splitAnswers ?? best.map((r) => {
      const base = rows.find((x) => x.baseline && x.label === r.label);
      const baseValue = base ? ` (${rate ? `${(base.estimate * 100).toFixed(1)}%` : base.estimate.toPrecision(3).replace(/^-/, '−')})` : '';
      const head = several ? `${r.label}: ` : '';
      return r.difference !== null && r.lo !== null && r.lo > 0
        ? answerSentence(`${head}The listed policy with the highest ${mainWords}, ${r.policy}, scores ${gapText(r)} more than ${baselineWords}${baseValue}`, conditions)
        : answerSentence(`${head}No listed policy scores ${mainWords} clearly higher than ${baselineWords}${baseValue}: the next highest, ${r.policy}, differs by ${gapText(r)}`, conditions);
    });
    // The other side's policy, fixed in every game, is not in the header (its policies are the varied side's): a setting when not the default (a scenario's side B hunt was shown nowhere).
    const settings = settingsOf(mode.params, Object.fromEntries(Object.entries(base.params).filter(([k]) => k !== key)), '', {}, new Set(policyKeys.filter((k) => k !== key && !isSearchBot(k))));
    const report: Report = {
      ...combinedProvenance(id, split ? { base: base.params, param: key, policies: [baseline], split: { param: split.param, kinds: splitKinds } } : { base: base.params, param: key, policies }),
      version: packageInfo().version,
      title: split
        ? `Where the gap lies in ${id}${side ? `, side ${side}` : ''}: the ${game.search!.policy} policy on each kind of decision (${split.param}) against ${baseline}, on the same games`
        : searchPart
          ? `The search's ${searchPart} in ${id} (${key}): ${policies.join(', ')} on the same games (baseline ${baseline}; every game played by ${playedBy})`
          : `Policy gap of ${id}${side ? `, side ${side}` : ''}: ${policies.join(', ')} on the same games (baseline ${baseline})`,
      method: 'mc',
      seed,
      n: games,
      confidence: runOpts.confidence,
      policy: split ? [baseline, ...others] : policies,
      // The base parameters every policy played (a scenario's, --set's), as a single run's report shows them.
      ...(settings.length ? { settings } : {}),
      ...(partial ? { partial: true } : {}),
      result: { param: key, ...(side ? { side } : {}), ...(split ? { split: split.param } : {}), baseline, metric: main, rows },
      ...(answers.length ? { text: answers.join('\n') } : {}),
      assumptions: [...new Set(reports.flatMap((r) => r.assumptions))],
      tables: [{ title: `${mainWords} by ${side ? `side ${side}'s ` : ''}policy (paired with ${baseline} on common random numbers)`, columns, rows: rows.map((r) => ({ ...r, ...(side ? { side } : {}) })) }],
      notes: [
        ...stopNote,
        `Every policy played the same ${groupedInteger(games)} games as ${baseline} (game i on stream (seed, i)); "${vsHeader}" is policy − ${baseline} with its paired interval (McNemar for a rate, paired t for a mean).`,
        // A row without an interval says why (a probe found the dashes unexplained).
        ...(rows.some((r) => !r.baseline && r.difference !== null && (r.lo === null || r.hi === null)) ? [`A dash in lo, hi and p: no trustworthy interval (fewer than ${MIN_PAIRS_FOR_T} pairs for a mean's t-test, or no spread at all); no verdict for that row.`] : []),
        ...(split
          ? [
              `${split.param} limits the search to the decisions named (${split.kinds.join(', ')}; all: every one it answers), ${baseline} answering the others; the search's budget is the parameters' (${game.search!.budget} ${String(requests[0]?.params[game.search!.budget])}). The parts need not add up to the whole: decisions interact.`,
            ]
          : []),
        ...(slow.length && !split ? [`Left out as slow: ${slow.join(', ')} (add it with --policies ${[baseline, ...slow].join(',')} and a smaller -n).`] : []),
      ],
    };
    await emitReport(report, opts);
  });
}

/** A search's own bot (Dark Fate's searchRollout, Terror's rolloutPolicy, the skirmish's searchBot): no side of the game. */
function isSearchBot(key: string): boolean {
  return /rollout|^searchBot$/i.test(key);
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/**
 * The answer of `sim policies --split` for one run: the search on every kind of decision against the
 * default, then each kind alone, by difference (largest first), each with its interval; what was not
 * played is said. `gap` writes a row's difference and interval.
 */
export function splitAnswer<R extends { difference: number | null }>(search: string, baseline: string, whole: R | undefined, parts: readonly { kind: string; row: R }[], gap: (r: R) => string): string {
  const head = whole ? `${search} on every kind of decision: ${gap(whole)} against ${baseline}` : `${search} on every kind of decision: not played (interrupted)`;
  if (parts.length === 0) return `${head}; on one kind alone: not played (interrupted)`;
  const sorted = [...parts].sort((a, b) => (b.row.difference ?? -Infinity) - (a.row.difference ?? -Infinity));
  return `${head}; on one kind alone, the default answering the rest: ${sorted.map((p) => `${p.kind} ${gap(p.row)}`).join(', ')}`;
}
