// `sim compare A [B]`: two variants of one game on common random numbers (game i of A and of B
// use the same stream), with paired tests; optional stopping rules --target-ci and --until-decided
// (src/run/stopping.ts). The report is built in src/report/compareReport.ts.
import { sideMetric } from './sideMetric.js';
import { existsSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Totals } from '../../core/aggregate.js';
import { canonicalJson } from '../../core/hash.js';
import { sharedMetrics } from '../../core/pairing.js';
import { groupedInteger, numberFromText } from '../../core/numberText.js';
import type { Report } from '../../core/reportTypes.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { parseSetOptions, type ScenarioDoc } from '../../core/scenarioFile.js';
import { UsageError } from '../../core/usageError.js';
import { findMode, isGameId, type FoundMode } from '../../games/index.js';
import { compareMetrics, compareReport, type MetricComparison } from '../../report/compareReport.js';
import { pairedSide, perGameOutcomes, PER_GAME_MAX, splitPairedTotals, type PairedParams } from '../../run/paired.js';
import type { RunResult } from '../../run/runner.js';
import { loadSim, PAIRED_SIM_ID } from '../../run/sims.js';
import { playUntil, type StopOutcome, type StopRule } from '../../run/stopping.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { commandProgress } from '../progress.js';
import { inputsOf, runReport, type Simulate } from '../execute.js';
import { collect, nonEmptyName, parseGameCount } from '../parseOptions.js';
import { loadScenarioFile, refuseExactAcross, refuseInertAcross, refuseTrace, resolveFromSources, runOptionsWithScenario, type RunRequest } from '../resolve.js';
import { refuseIdleRunOptions } from '../trust.js';
import { addRunOptions, announceSeed, chooseSeed, refuseResumeOptions, runWithShell, type RunCliOptions } from '../runOptions.js';

interface CompareOptions extends RunCliOptions {
  set: string[];
  targetCi?: DifferenceSize;
  untilDecided?: boolean;
  margin?: DifferenceSize;
  metric?: string;
  /** The side whose policies vary (sim policies' ladder): without --metric, its metric is the main one (winB for side B). */
  side?: string;
  maxGames: number;
}

/** Parses "0.5pp" (percentage points), "0.5%" or "0.005". */
export function parseDifference(raw: string): number {
  return parseDifferenceSize(raw).size;
}

/** A difference's size as given: in points of a rate ("0.5pp", "0.5%") or a plain number (the metric's own units). */
export interface DifferenceSize {
  size: number;
  /** Given in percentage points or percent: only a rate has them. */
  percent: boolean;
  raw: string;
}

/** parseDifference, keeping whether the size was given in points (a rate's unit) for the check against the main metric. */
export function parseDifferenceSize(raw: string): DifferenceSize {
  const t = raw.trim().toLowerCase();
  const pp = t.endsWith('pp') ? 2 : t.endsWith('%') ? 1 : 0;
  const v = numberFromText(pp ? t.slice(0, -pp) : t) / (pp ? 100 : 1);
  if (!Number.isFinite(v) || v <= 0 || t === '') throw new InvalidArgumentError('Expected a positive size, e.g. 0.5pp (percentage points), 0.5% or 0.005.');
  // In points a size is a rate's, and no difference of rates reaches 100 points.
  if (pp && v >= 1) throw new InvalidArgumentError(`${raw.trim()} is 100 points or more, wider than any difference of rates; expected a size under 100pp, e.g. 0.5pp.`);
  return { size: v, percent: pp > 0, raw: raw.trim() };
}

/**
 * A stopping rule's size in percentage points (or the default margin, 1pp) is a rate's unit: on a
 * count metric (a mean: successes, turns) "5pp" would be read as 0.05 of its own units, another
 * question than the one asked. Refused, naming the size to give instead.
 */
export function refusePointsOnMean(opts: Pick<CompareOptions, 'targetCi' | 'untilDecided' | 'margin'>, metric: { name: string; kind: 'rate' | 'count' }): void {
  if (metric.kind === 'rate') {
    // A plain number is a rate's fraction: 1 is 100 points, which no difference of rates reaches (a user typing "1" meant 1pp).
    for (const [option, size] of [['--target-ci', opts.targetCi], ['--margin', opts.untilDecided ? opts.margin : undefined]] as const) {
      if (size && !size.percent && size.size >= 1) throw new UsageError(`option ${option}: ${size.raw} is a fraction of the main metric, ${metric.name}, a rate: ${size.size * 100} points, wider than any difference of rates; give points (e.g. ${option} ${size.raw}pp) or a fraction under 1 (0.01 = 1pp)`);
    }
    return;
  }
  const mean = `the main metric, ${metric.name}, is a mean (a count per game), not a rate`;
  if (opts.targetCi?.percent) throw new UsageError(`option --target-ci: ${opts.targetCi.raw} is in points of a rate, but ${mean}; give the half-width in its own units (e.g. --target-ci 0.05), or choose a rate with --metric`);
  if (opts.untilDecided && opts.margin === undefined) throw new UsageError(`option --until-decided: its default margin (1pp) is in points of a rate, but ${mean}; give --margin in its own units (e.g. --margin 0.1), or choose a rate with --metric`);
  if (opts.untilDecided && opts.margin?.percent) throw new UsageError(`option --margin: ${opts.margin.raw} is in points of a rate, but ${mean}; give it in its own units (e.g. --margin 0.1), or choose a rate with --metric`);
}

/** Pairs the k-th simulate call of side A with the k-th of side B and runs them as one paired simulation. */
export class Rendezvous {
  private readonly calls: { simId: string; simParams: unknown; label?: string; secondary?: boolean; resolve: (r: RunResult) => void; reject: (e: unknown) => void }[][] = [[], []];
  readonly comparisons: (MetricComparison & { label: string })[] = [];
  readonly outcomes: StopOutcome[] = [];
  /** With keepOutcomes: B's outcome in every game of the main rate metric, by call label (1 won). */
  readonly perGame = new Map<string, { metric: string; won: Uint8Array }>();
  private started = 0;

  constructor(
    private readonly opts: CompareOptions,
    private readonly seed: number,
    private readonly rule: StopRule,
    /** Keep B's per-game outcomes of the main rate metric (--metric, else the first shared rate): a fixed run of at most PER_GAME_MAX games. */
    private readonly keepOutcomes = false,
  ) {}

  side(s: 0 | 1): Simulate {
    return (simId, simParams, label, secondary) =>
      new Promise<RunResult>((resolve, reject) => {
        this.calls[s].push({ simId, simParams, label, secondary, resolve, reject });
        this.pump();
      });
  }

  /** Marks side s as finished; a call left unpaired means the variants run different simulations. */
  finish(s: 0 | 1): void {
    const other = this.calls[1 - s];
    for (let k = this.calls[s].length; k < other.length; k++) {
      other[k].reject(new UsageError('the two variants run different numbers of simulations (e.g. --rev9 all against one version); compare like with like: for a setting of both variants (rev9: all), give A as a scenario file that sets it under params:, and B\'s change with --set'));
    }
  }

  private pump(): void {
    while (this.started < Math.min(this.calls[0].length, this.calls[1].length)) {
      const k = this.started++;
      this.runPair(k).catch((err) => {
        this.calls[0][k].reject(err);
        this.calls[1][k].reject(err);
      });
    }
  }

  private async runPair(k: number): Promise<void> {
    const [ca, cb] = [this.calls[0][k], this.calls[1][k]];
    const [simA, simB] = await Promise.all([loadSim(ca.simId), loadSim(cb.simId)]);
    const pp: PairedParams = {
      a: pairedSide(simA, ca.simId, ca.simParams),
      b: pairedSide(simB, cb.simId, cb.simParams),
    };
    const shared = sharedMetrics(pp);
    if (shared.length === 0) throw new UsageError('the two variants share no metric to compare');
    const main = this.opts.metric ? shared.findIndex((s) => s.name === this.opts.metric) : 0;
    if (main < 0) throw new UsageError(`option --metric: got "${this.opts.metric}", expected one of ${shared.map((s) => s.name).join(', ')}`);
    if (this.rule.kind !== 'fixed') refusePointsOnMean(this.opts, shared[main]);
    const rates = shared.filter((s) => s.kind === 'rate').map((s) => s.name);
    const kept = this.opts.metric ?? sideMetric(rates[0], this.opts.side, rates);
    if (this.keepOutcomes && this.rule.kind === 'fixed' && this.rule.n <= PER_GAME_MAX && shared.some((s) => s.kind === 'rate' && s.name === kept)) pp.perGame = { metric: kept!, games: this.rule.n };
    const nA = pp.a.metrics.length;
    const nB = pp.b.metrics.length;
    let total: Totals | null = null;
    let done = 0;
    let partial = false;
    let last: RunResult | null = null;
    const play = async (count: number) => {
      if (k === 0 && done === 0) announceSeed(this.opts, this.seed);
      const r = await runWithShell(PAIRED_SIM_ID, pp, this.opts, this.seed, { start: done, n: count }, undefined, ca.label, done > 0);
      last = r.result;
      if (total) total.addTotals(r.result.totals);
      else total = r.result.totals;
      done += r.result.games;
      partial ||= r.result.partial;
      return { done, partial };
    };
    const identical = ca.simId === cb.simId && canonicalJson(ca.simParams) === canonicalJson(cb.simParams);
    const mainDiff = (confidence: number) => compareMetrics(k, shared, total!, nA, nB, confidence)[main];
    const stop = await playUntil(this.rule, identical, this.opts.confidence, play, mainDiff);
    const label = ca.label !== undefined && ca.label === cb.label ? ca.label : ca.label !== undefined || cb.label !== undefined ? `${ca.label ?? k} vs ${cb.label ?? k}` : String(k);
    this.comparisons.push(...compareMetrics(k, shared, total!, nA, nB, this.opts.confidence).map((c) => ({ ...c, label, ...(ca.secondary && cb.secondary ? { secondary: true } : {}) })));
    // A stopping rule's settings go with its outcome, so that the report says the question it stopped on;
    // 12 significant digits: 1 − 0.95 is 0.05 and 0.7pp 0.007, not 0.050000000000000044 and 0.006999999999999999.
    const round = (x: number) => Number(x.toPrecision(12));
    const r = this.rule;
    const settings: StopOutcome['settings'] =
      r.kind === 'target-ci' ? { first: r.first, target: round(r.target), max: r.max, metric: shared[main].name }
      : r.kind === 'until-decided' ? { first: r.first, margin: round(r.margin), max: r.max, alpha: round(r.alpha), metric: shared[main].name }
      : undefined;
    this.outcomes.push({ label, rule: r.kind, ...stop, ...(settings ? { settings } : {}) });
    const won = perGameOutcomes(pp, total!);
    if (won) this.perGame.set(label, { metric: pp.perGame!.metric, won });
    const split = splitPairedTotals(pp, total!);
    const base = last as unknown as RunResult;
    ca.resolve({ ...base, totals: split.a, games: done, partial });
    cb.resolve({ ...base, totals: split.b, games: done, partial });
  }
}

/**
 * Runs two requests of one mode on common random numbers — game i of A and of B on stream
 * (seed, i) — under a stopping rule: both reports, and the paired comparisons of every shared metric.
 */
export async function runPaired(reqA: RunRequest, reqB: RunRequest, seed: number, rule: StopRule, metric?: string, keepOutcomes = false, side?: string): Promise<{ repA: Report; repB: Report; rv: Rendezvous }> {
  const rv = new Rendezvous({ ...reqA.opts, set: [], maxGames: rule.kind === 'fixed' ? rule.n : rule.max, metric, ...(side ? { side } : {}) }, seed, rule, keepOutcomes);
  const sideRun = (s: 0 | 1, req: RunRequest) => runReport(req, seed, rv.side(s)).finally(() => rv.finish(s));
  const [repA, repB] = await Promise.all([sideRun(0, reqA), sideRun(1, reqB)]);
  return { repA, repB, rv };
}

/** A variant: a scenario file, or (A only) a mode id such as `dice` or `"genisys attack"`. */
async function loadVariant(arg: string, which: 'a' | 'b'): Promise<{ label: string; doc: ScenarioDoc | null; found: FoundMode; file: string | null }> {
  if (existsSync(arg)) {
    const doc = loadScenarioFile(arg, `argument ${which}`);
    return { label: arg, doc, found: await findMode(doc.game, `${arg}: game`), file: arg };
  }
  if (/[\\/.]/.test(arg)) throw new UsageError(`argument ${arg}: no such scenario file`);
  return { label: arg, doc: null, found: await findMode(arg, `argument ${which}`), file: null };
}

export function registerCompare(program: Command): void {
  const cmd = program
    .command('compare')
    .description('compare two variants on common random numbers: A, B, B − A with its interval and a paired p-value')
    .argument('<a>', 'scenario file (or game or mode id: dice, "genisys attack", or its two words) for variant A')
    .argument('[b]', 'scenario file for variant B; without it, B is A plus the --set changes')
    .option('--set <key=value>', 'a change that makes variant B (repeatable)', collect)
    .option('--target-ci <size>', "keep playing until the main difference has this half-width: in points for a rate (0.5pp, 0.5%, 0.005), in the metric's own units for a mean (0.05); -n is then the first look's games", parseDifferenceSize)
    .option('--until-decided', 'sequential test: stop once the difference is significant or shown smaller than --margin; -n is then the first look\'s games')
    .option('--margin <size>', "equivalence margin for --until-decided (default 1pp, for a rate; a mean needs it given, in the metric's own units)", parseDifferenceSize)
    .option('--metric <name>', "main metric for the stopping rules (default: the game's first)", nonEmptyName())
    .addOption(new Option('--max-games <N>', 'upper bound on games for --target-ci / --until-decided').argParser(parseGameCount).default(1e7));
  addRunOptions(cmd, 'mode', { resumable: false }).action(async (aRaw: string, bRaw: string | undefined, opts: CompareOptions) => {
    opts.set ??= [];
    // `sim compare genisys attack --set …`: two words that are a mode id name variant A, as in sweep.
    const [aArg, bArg] = bRaw !== undefined && isGameId(aRaw) && !existsSync(aRaw) && !existsSync(bRaw) && !/[\\/.]/.test(bRaw) ? [`${aRaw} ${bRaw}`, undefined] : [aRaw, bRaw];
    refuseResumeOptions(opts, 'compare');
    if (opts.targetCi !== undefined && opts.untilDecided) throw new UsageError('options --target-ci and --until-decided: choose one');
    // The stopping rules' own settings act only with a stopping rule.
    if (opts.margin !== undefined && !opts.untilDecided) throw new UsageError('option --margin: the equivalence margin of --until-decided has no effect without it; add --until-decided');
    if (cmd.getOptionValueSource('maxGames') === 'cli' && opts.targetCi === undefined && !opts.untilDecided) throw new UsageError('option --max-games: the bound of --target-ci and --until-decided has no effect without one; a fixed comparison plays -n games');
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [aArg, bArg].map((file) => ({ file: file && existsSync(file) ? file : undefined, what: 'a variant scenario file' })));
    const A = await loadVariant(aArg, 'a');
    const B = bArg ? await loadVariant(bArg, 'b') : A;
    if (!bArg && opts.set.length === 0) throw new UsageError('compare needs a second scenario file or at least one --set change for variant B');
    if (A.found.id !== B.found.id) throw new UsageError(`variants run different games (${A.found.id} vs ${B.found.id})`);
    const scen = (v: typeof A) => (v.doc && v.file ? { file: v.file, doc: v.doc } : null);
    const paramsA: ResolvedParams = resolveFromSources(A.found.mode, scen(A), {}, {}, {}, A.found.id);
    const paramsB: ResolvedParams = resolveFromSources(B.found.mode, scen(B), parseSetOptions(opts.set), {}, {}, B.found.id);
    refuseTrace('compare', paramsA);
    refuseTrace('compare', paramsB);
    // A value that acts in one variant is the question (a search budget with --set policy=search); one that acts in neither is refused.
    refuseInertAcross(A.found.mode.params, [paramsA, paramsB]);
    refuseIdleRunOptions(opts, A.found.mode.params, [paramsA, paramsB]);
    // --set makes variant B: a setting of both variants comes from A's scenario file.
    const bothMc = 'for a Monte Carlo run of both, give A as a scenario file that sets method: mc';
    refuseExactAcross([paramsA, paramsB], cmd, 'in either variant', bothMc);
    // A stopping rule decides how many games to play: an exact comparison plays none.
    const rule0 = opts.targetCi !== undefined ? '--target-ci' : opts.untilDecided ? '--until-decided' : null;
    if (rule0 && paramsA.method === 'exact' && paramsB.method === 'exact') throw new UsageError(`option ${rule0}: the exact method plays no games in either variant, so there is nothing to stop early; ${bothMc}`);
    // One variant exact and the other Monte Carlo: nothing to pair (the exact one plays no games).
    if ((paramsA.method === 'exact') !== (paramsB.method === 'exact') && (paramsA.method === 'mc' || paramsB.method === 'mc')) {
      throw new UsageError(`variant ${paramsA.method === 'exact' ? 'A' : 'B'} is exact (it plays no games) and variant ${paramsA.method === 'exact' ? 'B' : 'A'} is Monte Carlo: there are no games to pair; compare both exact, or ${bothMc}`);
    }
    // Both variants play A's games: a run block of B that says otherwise would be ignored.
    if (B !== A && B.doc) {
      for (const field of ['n', 'seed'] as const) {
        const given = field === 'n' ? cmd.getOptionValueSource('games') === 'cli' : opts.seed !== undefined;
        const b = B.doc.run[field];
        if (!given && b !== undefined && b !== A.doc?.run[field]) {
          throw new UsageError(`${B.file}: run.${field}: ${b}, but both variants play the games of A (${A.doc?.run[field] ?? 'its default'}); give ${field === 'n' ? '-n' : '--seed'} on the command line or the same run.${field} in both files`);
        }
      }
    }
    // One progress bar for the comparison (every paired call, every batch of a stopping rule).
    const runOpts = { ...runOptionsWithScenario(cmd, opts, A.doc, A.found.mode), progress: commandProgress(opts) };
    const seed = chooseSeed(runOpts);
    const gamesGiven = cmd.getOptionValueSource('games') === 'cli';
    // A stopping rule's first look: -n games, else 10,000 (or the bound, if lower). An -n past the bound would be cut short unsaid.
    if ((opts.targetCi !== undefined || opts.untilDecided) && gamesGiven && runOpts.games > opts.maxGames) {
      throw new UsageError(`option -n: the first look of ${opts.targetCi !== undefined ? '--target-ci' : '--until-decided'} plays -n games (${groupedInteger(runOpts.games)}), more than --max-games ${groupedInteger(opts.maxGames)}; give -n at most --max-games`);
    }
    const first = gamesGiven ? runOpts.games : Math.min(10_000, opts.maxGames);
    const rule: StopRule =
      opts.targetCi !== undefined
        ? { kind: 'target-ci', first, target: opts.targetCi.size, max: opts.maxGames }
        : opts.untilDecided
          ? { kind: 'until-decided', first, margin: opts.margin?.size ?? 0.01, max: opts.maxGames, alpha: 1 - runOpts.confidence }
          : { kind: 'fixed', n: runOpts.games };
    const request = (v: typeof A, params: ResolvedParams): RunRequest => ({ ...v.found, params, opts: runOpts, ...(v.file ? { scenarioFile: v.file } : {}), ...(v.doc?.description ? { scenarioDescription: v.doc.description } : {}) });
    // Nothing the variants read (their data and policy files) may be replaced by the report.
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [...inputsOf(request(A, paramsA)), ...inputsOf(request(B, paramsB))]);
    const { repA, repB, rv } = await runPaired(request(A, paramsA), request(B, paramsB), seed, rule, opts.metric).finally(() => runOpts.progress.clear());
    const labelB = bArg ? `${B.label}${opts.set.length ? ` + ${opts.set.join(' ')}` : ''}` : `${A.label} + ${opts.set.join(' ')}`;
    await emitReport(compareReport(A.label, labelB, paramsA, paramsB, repA, repB, rv, seed, runOpts.confidence, { metric: opts.metric, margin: opts.untilDecided ? (opts.margin?.size ?? 0.01) : undefined }), opts);
  });
}
