// `sim tune GAME [MODE] --vary KEY=LO..HI --target METRIC=VALUE`: the inverse question — which
// house rule, card value or difficulty brings a metric to a target. The settings (the cross product
// of the --vary axes) race on common random numbers (src/run/tuneSearch.ts): every setting plays the
// same games, the games per setting double each round, and a setting leaves once it is shown
// farther from the target than the leader. The command takes the mode's own options (`sim tune
// darkfate --rev9 endoskeleton …`), so its subcommands are built, like the game commands, from the
// mode named on the command line.
import { existsSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Totals } from '../../core/aggregate.js';
import type { GameMode, GameModule } from '../../core/gameModule.js';
import { modeId } from '../../core/gameModule.js';
import { hashOf } from '../../core/hash.js';
import { countSummary, proportion } from '../../core/intervals.js';
import { nearest, validateParam, type ParamSpec, type ParamValue } from '../../core/params.js';
import type { Report } from '../../core/reportTypes.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { UsageError } from '../../core/usageError.js';
import { gameIds, gameSummary, isGameId, loadGame } from '../../games/index.js';
import { tuneReport, type TuneSetting } from '../../report/tuneReport.js';
import { loadSim } from '../../run/sims.js';
import { tuneSearch, type MetricEstimate, type TuneTarget } from '../../run/tuneSearch.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { inputsOf, runReport, settingsOf, type Simulate } from '../execute.js';
import { interruptExitCode, interruption } from '../interrupt.js';
import { addOptionRows, checkOptionClashes, flagOf, optionTable, refuseRepeatedOptions, valuesByRow } from '../optionTable.js';
import { parseInputPath, collect, intInRange, parseGameCount } from '../parseOptions.js';
import { commandProgress } from '../progress.js';
import { inputFileHashes, loadScenarioFor, refuseExactAcross, refuseInertAcross, refuseMixedMethods, refuseTrace, resolveFromSources, runOptionsWithScenario, type RunRequest } from '../resolve.js';
import { addRunOptions, announceSeed, chooseSeed, runWithShell, type RunCliOptions } from '../runOptions.js';
import { identityOf, readHmacKey, readJsonFile } from '../runState.js';
import { openTuneCheckpoint, type TuneCheckpoint } from '../tuneCheckpoint.js';
import { err, setExitCode } from '../io.js';
import { packageInfo } from '../../core/packageInfo.js';
import { namesUserCode, refuseIdleRunOptions } from '../trust.js';
import { checkCell, crossProduct, DEFAULT_MAX_CELLS, expandAxis, spellingTwin } from './sweep.js';
import { groupedInteger, numberFromText } from '../../core/numberText.js';

/** The most --vary axes: past four, a grid is too large for a race to be cheaper than thought. */
export const MAX_VARY = 4;
/** Tune's own flags: a mode option of the same flag is given with --set instead. */
const TUNE_FLAGS = ['--vary', '--target', '--budget', '--tolerance', '--max-cells'];
/** The most values one axis may list. */
const MAX_AXIS_VALUES = 1000;
/** Default --tolerance: the settings left are known to within 2 percentage points (rates) or 2% (means). */
export const DEFAULT_TOLERANCE = 0.02;

export interface VaryAxis {
  key: string;
  /** The values as text (as a sweep's axis), in order. */
  values: string[];
}

/**
 * Parses one --vary against its parameter's spec: `KEY=LO..HI[:STEP]` (a numeric parameter: step 1
 * by default when both ends are whole numbers) or `KEY=a|b|c` (any parameter; `all` is every
 * choice of an enum, both booleans). Throws UsageError naming the option.
 */
export function parseVary(raw: string, specOf: (key: string) => ParamSpec): VaryAxis {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UsageError(`option --vary: got ${JSON.stringify(raw)}, expected KEY=LO..HI[:STEP] or KEY=a|b|c (e.g. --vary handSize=3..7)`);
  const key = raw.slice(0, eq).trim().replace(/^set:/, '');
  const text = raw.slice(eq + 1).trim();
  const spec = specOf(key);
  const where = `option --vary ${key}`;
  const range = /^([^.|]*?)\.\.([^:|]*?)(?::(.*))?$/.exec(text);
  let values: string[];
  if (range) {
    if (spec.type !== 'int' && spec.type !== 'number') throw new UsageError(`${where}: a range LO..HI needs a numeric parameter (${key} is ${spec.type}); list the values instead, e.g. ${key}=a|b`);
    const [lo, hi] = [range[1], range[2]].map((s) => numberFromText(s));
    if (range[1].trim() === '' || range[2].trim() === '' || !Number.isFinite(lo) || !Number.isFinite(hi)) throw new UsageError(`${where}: got ${JSON.stringify(text)}, expected LO..HI[:STEP] with numbers (e.g. 3..7 or 0.5..2:0.25)`);
    if (hi < lo) throw new UsageError(`${where}: ${text} runs backwards; write the smaller end first`);
    const stepText = range[3]?.trim();
    if (stepText === undefined && !(Number.isInteger(lo) && Number.isInteger(hi))) throw new UsageError(`${where}: ${text} has fractional ends; give a step, e.g. ${key}=${text}:0.1`);
    const step = stepText === undefined ? 1 : numberFromText(stepText);
    if (!Number.isFinite(step) || step <= 0) throw new UsageError(`${where}: step ${JSON.stringify(stepText)} must be a number above 0`);
    if (spec.type === 'int' && !(Number.isInteger(lo) && Number.isInteger(step))) throw new UsageError(`${where}: ${key} takes whole numbers; give whole ends and step`);
    const count = Math.floor((hi - lo) / step + 1e-9) + 1;
    if (count > MAX_AXIS_VALUES) throw new UsageError(`${where}: ${groupedInteger(count)} values, more than ${MAX_AXIS_VALUES}; use a larger step`);
    // Rounded to 12 significant digits: 0.1 steps give 0.3, not 0.30000000000000004.
    values = Array.from({ length: count }, (_, i) => String(Number((lo + i * step).toPrecision(12))));
  } else {
    // A comma list is sweep's spelling (--grid k=a,b); here values are separated by | (a comma may be part of a value).
    if (!text.includes('|') && text.includes(',') && spec.type !== 'string' && spec.type !== 'path') throw new UsageError(`${where}: got ${JSON.stringify(text)}; separate the values with | (${key}=${text.split(',').map((v) => v.trim()).join('|')}), or give a range LO..HI`);
    values = text.split('|').map((v) => v.trim());
    if (values.some((v) => v === '')) throw new UsageError(`${where}: got ${JSON.stringify(text)}, expected LO..HI[:STEP] or a list a|b|c with no empty value`);
    values = expandAxis({ key, values }, spec, '--vary');
  }
  // Two spellings of one value (3, 03, 3.0) would race a setting against itself.
  const seen = new Map<string, string>();
  for (const v of values) {
    const value = JSON.stringify(validateParam(spec, v, where));
    const before = seen.get(value);
    if (before !== undefined) throw new UsageError(`${where}: "${before}" and "${v}" are the same value; list each value once`);
    seen.set(value, v);
  }
  if (values.length < 2 && !range) throw new UsageError(`${where}: one value (${values[0]}) leaves nothing to choose; give a range or at least two values`);
  return { key, values };
}

/** Parses one --target METRIC=VALUE[@WEIGHT] (VALUE: a number, or a percentage such as 60%). Throws UsageError. */
export function parseTarget(raw: string, modeHasTarget = false): TuneTarget {
  const m = /^\s*([^=\s]+)\s*=\s*([^@]*?)\s*(?:@\s*(.*?)\s*)?$/.exec(raw);
  // A mode's own --target (genisys attack's target unit) is taken by tune's: that one is --set target=NAME here.
  const modeTarget = modeHasTarget && !raw.includes('=') ? `; the mode's own --target (its target) is --set target=${raw} under sim tune` : '';
  if (!m) throw new UsageError(`option --target: got ${JSON.stringify(raw)}, expected METRIC=VALUE or METRIC=VALUE@WEIGHT (e.g. --target win=0.6 or win=60%@2)${modeTarget}`);
  const [, metric, valueText, weightText] = m;
  const percent = /%$/.test(valueText);
  const value = numberFromText(percent ? valueText.slice(0, -1) : valueText) / (percent ? 100 : 1);
  if (valueText === '' || !Number.isFinite(value)) throw new UsageError(`option --target ${metric}: target ${JSON.stringify(valueText)} is not a number (e.g. ${metric}=0.6 or ${metric}=60%)`);
  const weight = weightText === undefined ? 1 : numberFromText(weightText);
  if (weightText !== undefined && (weightText === '' || !Number.isFinite(weight) || weight <= 0)) throw new UsageError(`option --target ${metric}: weight ${JSON.stringify(weightText)} must be a number above 0`);
  return { metric, value, weight };
}

/** The unit the last --tolerance was given in (pp: a rate's; the value alone does not keep it), read once by the command that parsed it. */
let toleranceUnit: 'pp' | '%' | '' = '';

/** --tolerance: a distance (0.02), or percentage points / percent (2pp, 2%). */
function parseTolerance(raw: string): number {
  const t = raw.trim();
  toleranceUnit = t.endsWith('pp') ? 'pp' : t.endsWith('%') ? '%' : '';
  const scaled = /(pp|%)$/.test(t);
  const v = numberFromText(t.replace(/(pp|%)$/, '')) / (scaled ? 100 : 1);
  if (!Number.isFinite(v) || v <= 0 || v >= 10) throw new InvalidArgumentError('Expected a distance above 0: 0.02, 2pp or 2%.');
  return v;
}

/** The estimate of metric `name` in a simulation's totals: a rate's proportion, a mean's interval. */
function estimateOf(totals: Totals, name: string, confidence: number): MetricEstimate {
  const t = totals.get(name);
  if (t.spec.kind === 'rate') {
    const p = proportion(Number(t.sum), t.n, confidence);
    return { estimate: p.estimate, lo: p.lo, hi: p.hi, kind: 'rate', n: t.n };
  }
  const c = countSummary(t, confidence);
  return { estimate: c.mean, lo: c.lo, hi: c.hi, kind: 'count', n: c.n };
}

/** Every finite number of an exact report's result by its dotted path (list items by index). */
export function numericLeaves(result: unknown, prefix = '', out = new Map<string, number>()): Map<string, number> {
  if (typeof result === 'number' && Number.isFinite(result) && prefix) out.set(prefix, result);
  else if (result && typeof result === 'object') {
    for (const [k, v] of Object.entries(result)) numericLeaves(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

/** Thrown by the probe's simulate: the mode asked to play; its first simulation is captured. */
class Probed extends Error {
  constructor(readonly simId: string, readonly simParams: unknown) {
    super('probed');
  }
}

/** The metrics a setting offers: its simulation's (by name and kind), or an exact report's numbers. */
async function metricsOf(req: RunRequest): Promise<{ exact: false; names: { name: string; kind: string; detail?: boolean }[] } | { exact: true; names: string[] }> {
  const simulate: Simulate = (simId, simParams) => Promise.reject(new Probed(simId, simParams));
  try {
    const report = await runReport({ ...req, opts: { ...req.opts, quiet: true } }, 0, simulate);
    return { exact: true, names: [...numericLeaves(report.result).keys()] };
  } catch (e) {
    if (!(e instanceof Probed)) throw e;
    const sim = await loadSim(e.simId);
    return { exact: false, names: sim.metrics(e.simParams).map((m) => ({ name: m.name, kind: m.kind, ...(m.detail ? { detail: true } : {}) })) };
  }
}

/** A setting in the race: its cell, parameters and what its runs have played so far. */
interface SettingState {
  cell: Record<string, string>;
  params: ResolvedParams;
  calls: { simId: string; simParamsHash: string; totals: Totals; secondary: boolean; label?: string }[];
  report: Report | null;
  exact: boolean;
  games: number;
}

type TuneCliOptions = RunCliOptions & { vary?: string[]; target?: string[]; budget?: number; tolerance: number; toleranceUnit?: string; maxCells: number; scenario?: string; set?: string[] } & Record<string, unknown>;

/** `sim tune <game> [<mode>]`: the mode's options, --scenario and --set, and the tune options. */
function addTuneModeCommand(cmd: Command, game: GameModule, mode: GameMode): void {
  const id = modeId(game, mode);
  cmd.description(`tune ${id}: ${mode.summary}`);
  // A mode option spelled like a tune option (dice's and genisys's --target) stays reachable by --set.
  const clashing = mode.params.filter((p) => p.cli && TUNE_FLAGS.includes(flagOf(p.key))).map((p) => p.key);
  const rows = optionTable(mode.params, { omit: clashing });
  addOptionRows(cmd, rows);
  if (clashing.length) cmd.addHelpText('after', `\nThe parameter${clashing.length > 1 ? 's' : ''} ${clashing.join(', ')} of ${id}: give ${clashing.length > 1 ? 'them' : 'it'} with --set ${clashing[0]}=… or --vary (${clashing.length > 1 ? 'their flags are' : 'its flag is'} tune's own here).`);
  cmd
    .option('--vary <KEY=LO..HI[:STEP]|KEY=a|b|c>', `a parameter to tune (up to ${MAX_VARY}, repeatable): a range of numbers (step 1 for whole ends) or a list of values; any parameter of \`sim params ${id}\`, data.* values included`, collect)
    .option('--target <METRIC=VALUE[@W]>', 'a metric and the value it should reach (repeatable; 0.6 or 60% for a rate); @W weighs its distance (default 1); an unknown metric lists the valid ones', collect)
    .addOption(new Option('--budget <games>', `the most games the search plays, summed over the settings (a side run a mode adds is not counted again) (default: the settings × ${groupedInteger(mode.defaultGames)}, a sweep's games at the default -n)`).argParser(parseGameCount))
    .option('--tolerance <distance>', `stop once the settings left are within this distance of the targets' best and of each other: a rate's in probability (0.02 = 2pp), a mean's relative to its target (0.02 = 2%)`, parseTolerance, DEFAULT_TOLERANCE)
    .option('--max-cells <N>', `the most settings the --vary axes may make`, intInRange(1, 1e7), DEFAULT_MAX_CELLS)
    .option('--scenario <file>', `base parameters (and --seed) from a scenario YAML file (game: ${id})`, parseInputPath)
    .option('--set <key=value>', `a fixed parameter for every setting (repeatable); see \`sim params ${id}\``, collect);
  addRunOptions(cmd, 1000, { resumable: false });
  // A tune resumes from a checkpoint (every setting's totals at every round it reached); it does not shard.
  for (const o of cmd.options) if (o.long === '--checkpoint' || o.long === '--hmac-key-file') o.hidden = false;
  cmd.options.find((o) => o.long === '--checkpoint')!.description = 'save every setting\'s games at every round to FILE; rerunning the same tune with it resumes (a larger --budget with the same -n goes on from it)';
  // -n here is the first round's games per setting, not a run's games.
  const games = cmd.options.find((o) => o.long === '--games')!;
  games.description = 'games per setting in the first round (doubles each round; default: from --budget, 100 to 2000)';
  games.defaultValue = undefined;
  checkOptionClashes(cmd);
  cmd.action(async (opts: TuneCliOptions) => {
    // The unit of this command's --tolerance (none when it was not given), and none left for the next command.
    opts.toleranceUnit = cmd.getOptionValueSource('tolerance') === 'cli' ? toleranceUnit : '';
    toleranceUnit = '';
    refuseRepeatedOptions(cmd);
    if (opts.shard) throw new UsageError('option --shard: a tune does not shard (its rounds depend on each other); use --checkpoint to resume one');
    await tune(cmd, { game, mode, id }, rows, opts);
  });
}

async function tune(cmd: Command, found: { game: GameModule; mode: GameMode; id: string }, rows: ReturnType<typeof optionTable>, opts: TuneCliOptions): Promise<void> {
  const { mode, id } = found;
  const varyRaw = opts.vary ?? [];
  if (varyRaw.length === 0) throw new UsageError(`option --vary: give at least one parameter to tune, e.g. --vary handSize=3..7 (see \`sim params ${id}\`)`);
  if (varyRaw.length > MAX_VARY) throw new UsageError(`option --vary: ${varyRaw.length} parameters, at most ${MAX_VARY}; fix the others with --set`);
  const targets = (opts.target ?? []).map((raw) => parseTarget(raw, mode.params.some((p) => p.key === 'target')));
  if (targets.length === 0) throw new UsageError('option --target: give at least one, e.g. --target win=0.6');
  const dupTarget = targets.find((t, i) => targets.findIndex((u) => u.metric === t.metric) !== i);
  if (dupTarget) throw new UsageError(`option --target ${dupTarget.metric}: given twice; give each metric one target`);
  refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file: opts.scenario, what: 'the scenario file' }]);
  const scenario = opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, id) } : null;
  // The tune keeps its own checkpoint (tuneCheckpoint.ts): the runs of its settings keep none.
  const runOpts = { ...runOptionsWithScenario(cmd, opts, scenario?.doc ?? null), checkpoint: undefined, hmacKeyFile: undefined };
  const sets = parseSetOptions(opts.set ?? []);
  const explicit = valuesByRow(opts, rows);
  // A varied parameter may be one the data adds (a card's value): its spec comes from the base parameters' data.
  const tuneBase = resolveFromSources(mode, scenario, sets, explicit, {}, id);
  refuseTrace('tune', tuneBase);
  const specs = [...mode.params, ...(mode.extraParams?.(tuneBase) ?? [])];
  const specOf = (key: string): ParamSpec => {
    const spec = specs.find((p) => p.key === key);
    if (spec) return spec;
    const near = nearest(key, specs.map((p) => p.key));
    throw new UsageError(`option --vary: unknown parameter "${key}" of ${id}${near ? ` (did you mean "${near}"?)` : ''}; see \`sim params ${id}\``);
  };
  // A parameter given twice is said first (its second --vary may be one value, refused on its own otherwise).
  const rawKeys = varyRaw.map((raw) => raw.slice(0, Math.max(0, raw.indexOf('='))).trim().replace(/^set:/, ''));
  const twice = rawKeys.find((k, i) => k !== '' && rawKeys.indexOf(k) !== i);
  if (twice) throw new UsageError(`option --vary: "${twice}" is given twice; give one range or list for it`);
  const axes = varyRaw.map((raw) => parseVary(raw, specOf));
  // A range of one value (1..1) is no more a choice than a single value.
  const single = axes.find((a) => a.values.length === 1);
  if (single) throw new UsageError(`option --vary ${single.key}: one value (${single.values[0]}) leaves nothing to choose; give a range or at least two values`);
  const dup = axes.find((a, i) => axes.findIndex((b) => b.key === a.key) !== i);
  if (dup) throw new UsageError(`option --vary: "${dup.key}" is given twice; give one range or list for it`);
  for (const a of axes) {
    if (Object.hasOwn(sets, a.key)) throw new UsageError(`option --set ${a.key}: it is also a --vary parameter; give it in one of the two`);
    const twin = spellingTwin(specs, a.key);
    if (twin !== undefined && Object.hasOwn(sets, twin)) throw new UsageError(`option --set ${twin}: the same value as the --vary parameter ${a.key} (another spelling); give it in one of the two`);
    const row = rows.find((r) => r.key === a.key);
    if (row && explicit[a.key] !== undefined) throw new UsageError(`option ${row.flag}: ${a.key} is also a --vary parameter; give it in one of the two`);
  }
  const count = axes.reduce((k, a) => k * a.values.length, 1);
  if (count > opts.maxCells) throw new UsageError(`option --vary: ${groupedInteger(count)} settings, more than --max-cells ${opts.maxCells}; narrow the ranges or raise --max-cells`);
  const cells = crossProduct(axes);
  const cellName = (cell: Record<string, string>) => Object.entries(cell).map(([k, v]) => `${k}=${v}`).join(', ');
  // Every setting is checked before any plays: a bad later one must not cost the earlier ones.
  const cellParams = cells.map((cell) => resolveFromSources(mode, scenario, sets, explicit, cell, id, (key) => `option --vary ${key}`));
  for (const params of cellParams) refuseTrace('tune', params);
  for (const [k, params] of cellParams.entries()) await checkCell(mode, params, runOpts, cellName(cells[k]), 'setting');
  refuseInertAcross(mode.params, cellParams);
  refuseIdleRunOptions(opts, mode.params, cellParams);
  const gamesGiven = cmd.getOptionValueSource('games') === 'cli';
  refuseExactAcross(cellParams, cmd, 'for any setting');
  refuseMixedMethods(cellParams, '--vary');
  // Every setting exact: no games to budget and no interval to narrow (a probe found both accepted and recorded, doing nothing).
  if (cellParams.every((p) => p.method === 'exact')) {
    for (const [option, attr] of [['--budget', 'budget'], ['--tolerance', 'tolerance']] as const) {
      if (cmd.getOptionValueSource(attr) === 'cli') throw new UsageError(`option ${option}: every setting is exact (method exact), so there are no games to ${attr === 'budget' ? 'budget' : 'narrow down'}; leave it out (or vary with method mc)`);
    }
  }
  const request = (params: ResolvedParams): RunRequest => ({ ...found, params, opts: runOpts, ...(opts.scenario ? { scenarioFile: opts.scenario } : {}) });
  refuseOutputOverInput({ file: opts.out, option: 'option --out' }, cellParams.flatMap((params) => inputsOf(request(params))));

  // The targets name metrics of the first setting's run: its simulation's, or an exact report's numbers.
  const offered = await metricsOf(request(cellParams[0]));
  for (const [i, t] of targets.entries()) {
    const names = offered.exact ? offered.names : offered.names.map((m) => m.name);
    if (!names.includes(t.metric)) {
      const shown = offered.exact ? offered.names : offered.names.filter((m) => !m.detail).map((m) => m.name);
      const near = nearest(t.metric, names);
      throw new UsageError(`option --target: unknown metric "${t.metric}" of ${id}${near ? ` (did you mean "${near}"?)` : ''}; valid: ${shown.slice(0, 60).join(', ')}${shown.length > 60 ? ', …' : ''}`);
    }
    const kind = offered.exact ? null : offered.names.find((m) => m.name === t.metric)!.kind;
    if (kind === 'rate' && (t.value < 0 || t.value > 1)) throw new UsageError(`option --target ${t.metric}: a rate's target is in [0, 1] (or 0% to 100%), got ${t.value}`);
    // A percentage is a rate's: on a mean (turns=50%) it would quietly read as 0.5.
    if (kind !== null && kind !== 'rate' && /%\s*(@.*)?$/.test(opts.target![i])) throw new UsageError(`option --target ${t.metric}: a percentage is for a rate, and ${t.metric} is a mean: give its target as a number in its own units, without %`);
    // Percentage points are a rate's unit: a mean's tolerance is relative to its target (2% or 0.02).
    if (kind !== null && kind !== 'rate' && opts.toleranceUnit === 'pp') throw new UsageError(`option --tolerance: percentage points are a rate's unit, and ${t.metric} is a mean: give its tolerance relative to the target (2% or 0.02)`);
  }
  // Every target a rate: no distance reaches the sum of their weights (each |estimate − target| ≤ 1), so such a
  // tolerance lets every setting through at the first round (--tolerance 5 meant 5pp). A mean's distance has no such bound.
  const rates = !offered.exact && targets.every((t) => offered.names.find((m) => m.name === t.metric)?.kind === 'rate');
  const most = targets.reduce((s, t) => s + t.weight, 0);
  if (rates && cmd.getOptionValueSource('tolerance') === 'cli' && opts.tolerance >= most) {
    throw new UsageError(`option --tolerance: ${String(opts.tolerance)} is a distance every setting is within (the targets are rates: a distance is at most ${String(most)}, the sum of their weights); a rate's tolerance is in probability: 0.02 = 2pp`);
  }

  const budget = opts.budget ?? count * mode.defaultGames;
  let first = gamesGiven ? runOpts.games : Math.max(100, Math.min(2000, Math.floor(budget / (16 * count))));
  if (count * first > budget) {
    if (gamesGiven) throw new UsageError(`option --budget: the first round alone plays ${count} settings × ${first} games = ${groupedInteger(count * first)}; raise --budget or lower -n`);
    first = Math.floor(budget / count);
    if (first < 10) throw new UsageError(`option --budget: ${budget} games leave fewer than 10 per setting for ${count} settings; raise it`);
  }
  // Rerunning an interrupted tune without --seed resumes its checkpoint with the seed it used.
  const savedSeed = opts.checkpoint && runOpts.seed === undefined && existsSync(opts.checkpoint) ? readJsonFile<{ identity?: { seed?: unknown } }>(opts.checkpoint, 'checkpoint').identity?.seed : undefined;
  const seed = typeof savedSeed === 'number' && Number.isSafeInteger(savedSeed) ? savedSeed : chooseSeed(runOpts, !offered.exact);
  let checkpoint: TuneCheckpoint | null = null;
  if (opts.checkpoint) {
    refuseOutputOverInput({ file: opts.checkpoint, option: 'option --checkpoint' }, [{ file: opts.scenario, what: 'the scenario file' }, ...cellParams.flatMap((params) => inputsOf(request(params)))]);
    if (opts.out && resolvePath(opts.out) === resolvePath(opts.checkpoint)) throw new UsageError('options --out and --checkpoint name the same file');
    // The same tune: its settings, targets, rule of play and first round (the budget may grow).
    const identity = identityOf(`tune ${id}`, packageInfo().version, { settings: cellParams, targets, tolerance: opts.tolerance, confidence: runOpts.confidence }, seed, first, undefined, Object.assign({}, ...cellParams.map((params) => inputFileHashes(mode.params, params))));
    checkpoint = openTuneCheckpoint(opts.checkpoint, identity, count, opts.hmacKeyFile ? readHmacKey(opts.hmacKeyFile) : undefined);
    if (savedSeed !== undefined && !runOpts.quiet) err().write(`sim: resuming ${opts.checkpoint} with its seed ${seed}\n`);
  }
  let restored = 0;
  const userCode = cellParams.some((params) => namesUserCode(mode.params, params));
  const states: SettingState[] = cells.map((cell, k) => ({ cell, params: cellParams[k], calls: [], report: null, exact: false, games: 0 }));
  let spent = 0;
  let announced = false;

  // One setting brought to `n` games: its mode runs again, each of its simulations playing only the games it lacks.
  const bring = async (st: SettingState, n: number, progress: RunCliOptions['progress']): Promise<boolean> => {
    const c = states.indexOf(st);
    let k = 0;
    let partial = false;
    const simulate: Simulate = async (simId, simParams, label, secondary) => {
      if (!announced) announceSeed(runOpts, seed);
      announced = true;
      const hash = hashOf(simParams);
      const call = st.calls[k];
      if (call && (call.simId !== simId || call.simParamsHash !== hash)) throw new Error(`setting ${cellName(st.cell)}: its simulation ${k} changed between rounds`);
      let totals = call?.totals ?? null;
      // A checkpoint may hold this call further on (a resumed tune): its games count as spent, as when they were played.
      const saved = checkpoint ? await checkpoint.totalsFor(c, k, simId, hash, simParams, n) : null;
      if (saved && saved.games > (totals?.games ?? 0)) {
        if (secondary !== true) {
          spent += saved.games - (totals?.games ?? 0);
          restored += saved.games - (totals?.games ?? 0);
        }
        totals = saved;
      }
      const from = totals?.games ?? 0;
      if (from < n) {
        const run = await runWithShell(simId, simParams, { ...runOpts, userCode, progress }, seed, { start: from, n: n - from }, undefined, label);
        // The budget counts a setting's games once, however many side runs (secondary) its mode adds.
        if (secondary !== true) spent += run.result.games;
        partial ||= run.result.partial;
        if (totals) totals.addTotals(run.result.totals);
        else totals = run.result.totals;
      }
      checkpoint?.record(c, k, simId, hash, totals!);
      st.calls[k++] = { simId, simParamsHash: hash, totals: totals!, secondary: secondary === true, label };
      return { totals: totals!, games: totals!.games, partial: totals!.games < n, chunkSize: 0, jobs: 0 };
    };
    st.report = await runReport({ ...request(st.params), opts: { ...runOpts, games: n, userCode, progress } }, seed, simulate);
    checkpoint?.save();
    st.exact = st.calls.length === 0;
    // The games it holds (fewer than n when a signal cut its run).
    st.games = st.exact ? 0 : (st.calls.find((c) => !c.secondary)?.totals.games ?? 0);
    const primary = st.calls.filter((c) => !c.secondary);
    if (primary.length > 1) {
      throw new UsageError(`${id} plays ${primary.length} runs per setting (${primary.map((c, i) => c.label ?? String(i)).join(', ')}); tune one at a time (e.g. --rev9 ${primary[0].label ?? '…'})`);
    }
    return !partial && !interruption().aborted;
  };
  const estimates = (c: number, confidence: number): MetricEstimate[] => {
    const st = states[c];
    if (st.exact) {
      const leaves = numericLeaves(st.report!.result);
      return targets.map((t) => {
        const v = leaves.get(t.metric);
        if (v === undefined) throw new UsageError(`option --target: setting ${cellName(st.cell)} reports no number "${t.metric}"`);
        return { estimate: v, lo: v, hi: v, kind: 'exact', n: 0 };
      });
    }
    const totals = st.calls.find((c) => !c.secondary)!.totals;
    return targets.map((t) => {
      if (!totals.layout.metrics.some((m) => m.name === t.metric)) throw new UsageError(`option --target: setting ${cellName(st.cell)} records no metric "${t.metric}"`);
      return estimateOf(totals, t.metric, confidence);
    });
  };
  const outcome = await tuneSearch(
    count,
    targets,
    {
      async evaluate(which, n) {
        const progress = commandProgress(runOpts, which.length);
        try {
          for (const [u, c] of which.entries()) {
            progress.startUnit(u, cellName(states[c].cell));
            if (!(await bring(states[c], n, progress))) return false;
          }
          return true;
        } finally {
          progress.clear();
        }
      },
      played: (c) => states[c].exact || states[c].games > 0,
      estimates,
      exact: (c) => states[c].exact,
      spent: () => spent,
    },
    { first, budget, tolerance: opts.tolerance, confidence: runOpts.confidence },
  );
  const settings: TuneSetting[] = states.map((st, c) => ({
    cell: st.cell,
    params: st.params,
    games: st.games,
    exact: st.exact,
    estimates: st.exact || st.games > 0 ? estimates(c, runOpts.confidence) : null,
  }));
  if (outcome.best < 0) {
    // Stopped before any setting played a game: no setting to report.
    err().write('sim: interrupted before any setting played a game; nothing to report\n');
    setExitCode(interruptExitCode());
    return;
  }
  // The fixed parameters: those every setting plays alike, but the varied ones (a value a varied one
  // implies, solo's one player, differs between settings: it is not fixed, a probe found it stated as if it were).
  const fixed = Object.fromEntries(Object.entries(cellParams[0]).filter(([k, v]) => !axes.some((a) => a.key === k) && cellParams.every((p) => JSON.stringify(p[k]) === JSON.stringify(v))));
  const typed = (cell: Record<string, string>): Record<string, ParamValue> => Object.fromEntries(Object.entries(cell).map(([k, v]) => [k, validateParam(specOf(k), v, `option --vary ${k}`)]));
  await emitReport(
    tuneReport({
      id,
      axes,
      targets,
      settings,
      outcome,
      best: typed(cells[outcome.best]),
      bestReport: states[outcome.best].report!,
      seed,
      spent,
      restored,
      budget,
      tolerance: opts.tolerance,
      confidence: runOpts.confidence,
      base: fixed,
      fixedSettings: settingsOf(specs, fixed),
    }),
    opts,
  );
}

/**
 * Registers `sim tune`; `argv` picks the game whose modes become its subcommands (each with that
 * mode's own options). Without a game word, the games are listed by summary for help.
 */
export async function tuneRegister(argv: readonly string[]): Promise<(program: Command) => void> {
  const at = argv.indexOf('tune');
  const word = at >= 0 ? argv.slice(at + 1).find((w) => !w.startsWith('-')) : undefined;
  const game = word !== undefined && isGameId(word) ? await loadGame(word) : null;
  return (program) => {
    const tune = program
      .command('tune')
      .description('find the parameter values (house rule, card value, difficulty) whose metrics come closest to targets: settings race on common random numbers')
      .addHelpText(
        'after',
        `\nEach mode is a subcommand with its own options: sim tune darkfate --rev9 endoskeleton --vary handSize=3..7 --target win=0.6\n(\`sim tune GAME [MODE] --help\` lists them). Metrics are the names \`sim compare\` uses (win, turns, …); an unknown one lists the valid ones.`,
      );
    if (!game) {
      for (const id of gameIds()) tune.command(id).description(gameSummary(id)!);
      return;
    }
    const main = game.modes.find((m) => m.name === '');
    if (main) {
      addTuneModeCommand(tune.command(game.id), game, main);
      return;
    }
    const parent = tune.command(game.id).description(game.summary);
    for (const mode of game.modes) addTuneModeCommand(parent.command(mode.name), game, mode);
  };
}
