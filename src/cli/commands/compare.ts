// `sim compare A [B]`: two variants of one game on common random numbers (game i of A and of B
// use the same stream), with paired tests; optional stopping rules --target-ci and --until-decided.
import { existsSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Totals } from '../../core/aggregate.js';
import { sharedMetrics, splitPairedTotals, type PairedParams } from '../../run/paired.js';
import { canonicalJson } from '../../core/hash.js';
import { UsageError } from '../../core/usageError.js';
import { provenance } from '../../core/provenance.js';
import type { Report } from '../../core/reportTypes.js';
import type { RunResult } from '../../run/runner.js';
import type { ResolvedParams, ScenarioGame } from '../../core/scenarioGame.js';
import { parseSetOptions, type ScenarioDoc } from '../../core/scenarioFile.js';
import { loadSim } from '../../run/registry.js';
import { compareMetrics, halfWidth, type MetricComparison } from '../../report/compareReport.js';
import { loadScenarioFile, resolveFromSources, runGameForShell, runOptionsWithScenario } from '../gameCommand.js';
import { collect, parseGameCount } from '../parseOptions.js';
import { addRunOptions, announceSeed, chooseSeed, emitReport, refuseResumeOptions, runWithShell, type RunCliOptions } from '../runOptions.js';
import { requireScenarioGame } from './scenarioCommands.js';

interface CompareOptions extends RunCliOptions {
  set: string[];
  targetCi?: number;
  untilDecided?: boolean;
  margin?: number;
  metric?: string;
  maxGames: number;
}

/** Stopping rule for the paired run. */
export type StopRule =
  | { kind: 'fixed'; n: number }
  | { kind: 'target-ci'; first: number; target: number; max: number }
  | { kind: 'until-decided'; first: number; margin: number; max: number; alpha: number };

export interface StopOutcome {
  /** The game's name for this simulation (a Rev-9 version), else its number. */
  label: string;
  rule: StopRule['kind'];
  games: number;
  looks: number;
  decision: 'fixed' | 'target reached' | 'maximum reached' | 'different' | 'smaller than margin' | 'undecided' | 'identical' | 'interrupted';
}

/** Parses "0.5pp" (percentage points), "0.5%" or "0.005". */
export function parseDifference(raw: string): number {
  const t = raw.trim().toLowerCase();
  const pp = t.endsWith('pp') ? 2 : t.endsWith('%') ? 1 : 0;
  const v = Number(pp ? t.slice(0, -pp) : t) / (pp ? 100 : 1);
  if (!Number.isFinite(v) || v <= 0 || t === '') throw new InvalidArgumentError('Expected a positive size, e.g. 0.5pp (percentage points), 0.5% or 0.005.');
  return v;
}

/** Next batch size for --target-ci from the current half-width (deterministic given the data). */
export function nextTargetBatch(done: number, half: number, target: number, max: number): number {
  // No interval yet (too few pairs or no spread): double the games.
  if (!Number.isFinite(half)) return Math.max(0, Math.min(max - done, Math.max(1, done)));
  const needed = Math.ceil(done * (half / target) ** 2 * 1.1);
  return Math.max(0, Math.min(max - done, Math.max(needed - done, Math.ceil(done / 4))));
}

/**
 * Planned looks for --until-decided: the batch doubles from `first` up to `max`. The test at each
 * look uses alpha / looks (Bonferroni over the planned looks), so the chance of a wrong "different"
 * or a wrong "smaller than margin" stays at most alpha overall.
 */
function plannedLooks(first: number, max: number): number {
  // Doubling from `first`, the last look is at `max` itself.
  return Math.ceil(Math.log2(Math.max(1, max / first))) + 1;
}

/** Pairs the k-th simulate call of side A with the k-th of side B and runs them as one paired simulation. */
class Rendezvous {
  private readonly calls: { simId: string; simParams: unknown; label?: string; resolve: (r: RunResult) => void; reject: (e: unknown) => void }[][] = [[], []];
  readonly comparisons: (MetricComparison & { label: string })[] = [];
  readonly outcomes: StopOutcome[] = [];
  private started = 0;
  private readonly finished = [false, false];

  constructor(
    private readonly opts: CompareOptions,
    private readonly seed: number,
    private readonly rule: StopRule,
  ) {}

  side(s: 0 | 1): (simId: string, simParams: unknown, label?: string) => Promise<RunResult> {
    return (simId, simParams, label) =>
      new Promise<RunResult>((resolve, reject) => {
        this.calls[s].push({ simId, simParams, label, resolve, reject });
        this.pump();
      });
  }

  /** Marks side s as finished; a call left unpaired means the variants run different simulations. */
  finish(s: 0 | 1): void {
    this.finished[s] = true;
    const other = this.calls[1 - s];
    for (let k = this.calls[s].length; k < other.length; k++) {
      other[k].reject(new UsageError('the two variants run different numbers of simulations (e.g. --rev9 all against one version); compare like with like'));
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
      a: { simId: ca.simId, params: ca.simParams, metrics: simA.metrics(ca.simParams) },
      b: { simId: cb.simId, params: cb.simParams, metrics: simB.metrics(cb.simParams) },
    };
    const shared = sharedMetrics(pp);
    if (shared.length === 0) throw new UsageError('the two variants share no metric to compare');
    const main = this.opts.metric ? shared.findIndex((s) => s.name === this.opts.metric) : 0;
    if (main < 0) throw new UsageError(`option --metric: got "${this.opts.metric}", expected one of ${shared.map((s) => s.name).join(', ')}`);
    const nA = pp.a.metrics.length;
    const nB = pp.b.metrics.length;
    let total: Totals | null = null;
    let done = 0;
    let partial = false;
    let last: RunResult | null = null;
    const batch = async (count: number) => {
      if (k === 0 && done === 0) announceSeed(this.opts, this.seed);
      const r = await runWithShell('paired', pp, this.opts, this.seed, { start: done, n: count });
      last = r.result;
      if (total) total.addTotals(r.result.totals);
      else total = r.result.totals;
      done += r.result.games;
      partial ||= r.result.partial;
    };
    const mainDiff = (confidence: number) => compareMetrics(k, shared, total!, nA, nB, confidence)[main];
    const rule = this.rule;
    let decision: StopOutcome['decision'] = 'fixed';
    let looks = 1;
    // The same simulation with the same parameters plays the very same games: every difference is
    // exactly 0, which no interval can show (a mean's paired differences have no spread), so a
    // stopping rule would play on to --max-games. One look suffices.
    const identical = ca.simId === cb.simId && canonicalJson(ca.simParams) === canonicalJson(cb.simParams);
    if (rule.kind === 'fixed') {
      await batch(rule.n);
    } else if (identical) {
      await batch(Math.min(rule.first, rule.max));
      decision = 'identical';
    } else if (rule.kind === 'target-ci') {
      await batch(Math.min(rule.first, rule.max));
      decision = 'maximum reached';
      for (;;) {
        const half = halfWidth(mainDiff(this.opts.confidence));
        if (half <= rule.target) {
          decision = 'target reached';
          break;
        }
        const next = nextTargetBatch(done, half, rule.target, rule.max);
        if (partial || next <= 0) break;
        await batch(next);
        looks++;
      }
    } else {
      const planned = plannedLooks(rule.first, rule.max);
      const alphaLook = rule.alpha / planned;
      let target = Math.min(rule.first, rule.max);
      decision = 'undecided';
      for (looks = 1; ; looks++) {
        await batch(target - done);
        const d = mainDiff(1 - alphaLook);
        if (d.pValue < alphaLook) {
          decision = 'different';
          break;
        }
        if (d.lo > -rule.margin && d.hi < rule.margin) {
          decision = 'smaller than margin';
          break;
        }
        if (partial || done >= rule.max || looks >= planned) break;
        target = Math.min(rule.max, target * 2);
      }
    }
    if (partial) decision = 'interrupted';
    const label = ca.label !== undefined && ca.label === cb.label ? ca.label : ca.label !== undefined || cb.label !== undefined ? `${ca.label ?? k} vs ${cb.label ?? k}` : String(k);
    this.comparisons.push(...compareMetrics(k, shared, total!, nA, nB, this.opts.confidence).map((c) => ({ ...c, label })));
    this.outcomes.push({ label, rule: rule.kind, games: done, looks, decision });
    const split = splitPairedTotals(pp, total!);
    const base = last as unknown as RunResult;
    ca.resolve({ ...base, totals: split.a, games: done, partial });
    cb.resolve({ ...base, totals: split.b, games: done, partial });
  }
}

/** Numeric leaves of two JSON values that differ, for exact (non-simulated) comparisons. */
export function numericDiffs(a: unknown, b: unknown, path = ''): { path: string; a: number; b: number }[] {
  // NaN (an unknown value) is absent like null, which is how JSON writes it: a golden's null equals a rerun's NaN.
  const numA = typeof a === 'number' && !Number.isNaN(a);
  const numB = typeof b === 'number' && !Number.isNaN(b);
  if (numA && numB) return a === b ? [] : [{ path: path || '(value)', a: a as number, b: b as number }];
  const objA = a !== null && typeof a === 'object';
  const objB = b !== null && typeof b === 'object';
  // A number on one side only (absent on the other, e.g. a fourth hit with ROF 3): NaN stands for "none".
  if ((numA || numB) && !objA && !objB) return [{ path: path || '(value)', a: numA ? (a as number) : NaN, b: numB ? (b as number) : NaN }];
  if (!objA && !objB) return [];
  const isArray = Array.isArray(objA ? a : b);
  const keysOf = (x: unknown): string[] => (x !== null && typeof x === 'object' ? (Array.isArray(x) ? [...x.keys()].map(String) : Object.keys(x)) : []);
  const keys = [...new Set([...keysOf(a), ...keysOf(b)])];
  const at = (x: unknown, k: string): unknown => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined);
  return keys.flatMap((k) => numericDiffs(at(a, k), at(b, k), isArray ? `${path}[${k}]` : path ? `${path}.${k}` : k));
}

async function loadVariant(arg: string, which: 'a' | 'b'): Promise<{ label: string; doc: ScenarioDoc | null; entry: ScenarioGame; file: string | null }> {
  if (existsSync(arg)) {
    const doc = loadScenarioFile(arg);
    return { label: arg, doc, entry: await requireScenarioGame(doc.game, `${arg}: game`), file: arg };
  }
  if (/[\\/.]/.test(arg)) throw new UsageError(`argument ${arg}: no such scenario file`);
  return { label: arg, doc: null, entry: await requireScenarioGame(arg, `argument ${which}`), file: null };
}


export function registerCompare(program: Command): void {
  const cmd = program
    .command('compare')
    .description('compare two variants on common random numbers: A, B, A − B with its interval and a paired p-value')
    .argument('<a>', 'scenario file (or game id) for variant A')
    .argument('[b]', 'scenario file for variant B; without it, B is A plus the --set changes')
    .option('--set <key=value>', 'a change that makes variant B (repeatable)', collect)
    .option('--target-ci <size>', 'keep playing until the main difference has this half-width (0.5pp, 0.5%, 0.005)', parseDifference)
    .option('--until-decided', 'sequential test: stop once the difference is significant or shown smaller than --margin')
    .option('--margin <size>', 'equivalence margin for --until-decided (default 1pp)', parseDifference)
    .option('--metric <name>', "main metric for the stopping rules (default: the game's first)")
    .addOption(new Option('--max-games <N>', 'upper bound on games for --target-ci / --until-decided').argParser(parseGameCount).default(1e7));
  addRunOptions(cmd, 1e5, { resumable: false }).action(async (aArg: string, bArg: string | undefined, opts: CompareOptions) => {
    opts.set ??= [];
    refuseResumeOptions(opts, 'compare');
    if (opts.targetCi !== undefined && opts.untilDecided) throw new UsageError('options --target-ci and --until-decided: choose one');
    const A = await loadVariant(aArg, 'a');
    const B = bArg ? await loadVariant(bArg, 'b') : A;
    if (!bArg && opts.set.length === 0) throw new UsageError('compare needs a second scenario file or at least one --set change for variant B');
    if (A.entry.id !== B.entry.id) throw new UsageError(`variants run different games (${A.entry.id} vs ${B.entry.id})`);
    const scen = (v: typeof A) => (v.doc && v.file ? { file: v.file, doc: v.doc } : null);
    const paramsA: ResolvedParams = resolveFromSources(A.entry, scen(A), {}, {});
    const paramsB: ResolvedParams = resolveFromSources(B.entry, scen(B), parseSetOptions(opts.set), {});
    const runOpts = runOptionsWithScenario(cmd, opts, A.doc);
    const seed = chooseSeed(runOpts);
    const gamesGiven = cmd.getOptionValueSource('games') === 'cli';
    const first = gamesGiven ? runOpts.games : 10_000;
    const rule: StopRule =
      opts.targetCi !== undefined
        ? { kind: 'target-ci', first, target: opts.targetCi, max: opts.maxGames }
        : opts.untilDecided
          ? { kind: 'until-decided', first, margin: opts.margin ?? 0.01, max: opts.maxGames, alpha: 1 - runOpts.confidence }
          : { kind: 'fixed', n: runOpts.games };
    const rv = new Rendezvous({ ...runOpts, set: opts.set, maxGames: opts.maxGames, metric: opts.metric }, seed, rule);
    const sideRun = (s: 0 | 1, entry: ScenarioGame, params: ResolvedParams) =>
      runGameForShell(entry, params, runOpts, seed, rv.side(s)).finally(() => rv.finish(s));
    const [repA, repB] = await Promise.all([sideRun(0, A.entry, paramsA), sideRun(1, B.entry, paramsB)]);
    const labelB = bArg ? `${B.label}${opts.set.length ? ` + ${opts.set.join(' ')}` : ''}` : `${A.label} + ${opts.set.join(' ')}`;
    emitReport(compareReport(A.label, labelB, paramsA, paramsB, repA, repB, rv, seed, runOpts.confidence), opts);
  });
}

function compareReport(
  labelA: string,
  labelB: string,
  paramsA: ResolvedParams,
  paramsB: ResolvedParams,
  repA: Report,
  repB: Report,
  rv: Rendezvous,
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
