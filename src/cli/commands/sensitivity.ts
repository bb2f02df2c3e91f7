// `sim sensitivity MODE`: how much each named assumption moves the answer. One at a time, on
// common random numbers (game i of the baseline and of every variant from stream (seed, i); one
// simulation plays the baseline once and every variant of a batch, src/run/fan.ts), it moves each
// reading of an ambiguous rule to each other choice (ParamSpec.assumed 'reading'), each assumed rule
// number (assumed 'value') and each value of the game's data file (`data.…`, Dark Fate's `card.…`)
// one step down and up, and ranks the changes by |effect| on the main metric with paired intervals:
// a table, and an HTML tornado chart. A change that made no game play differently is marked: the
// rule or value never came into play in the games played (where the number is saturated).
import { Command, InvalidArgumentError, Option } from 'commander';
import { Layout, Totals } from '../../core/aggregate.js';
import type { RunResult } from '../../core/game.js';
import { modeId, type GameMode, type GameModule } from '../../core/gameModule.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { nearest } from '../../core/params.js';
import { NOT_ASSUMED_LABELS, variesDataValue } from '../../core/dataValues.js';
import { proportion } from '../../core/intervals.js';
import { holmAdjust, meanSummary } from '../../core/stats.js';
import { combinedProvenance } from '../../core/provenance.js';
import type { Column, Report, ResultTable } from '../../core/reportTypes.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { UsageError } from '../../core/usageError.js';
import { findMode, isGameId, loadGame, type FoundMode } from '../../games/index.js';
import { compareMetrics } from '../../report/compareReport.js';
import { fanBlocks, type FanParams } from '../../run/fan.js';
import { pairedSide } from '../../run/paired.js';
import { FAN_SIM_ID, loadSim } from '../../run/sims.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { inputsOf, runReport, type Simulate } from '../execute.js';
import { interruption } from '../interrupt.js';
import { collect, intInRange, parseInputPath } from '../parseOptions.js';
import { commandProgress } from '../progress.js';
import { addOptionRows, checkOptionClashes, flagOf, optionTable, refuseRepeatedOptions, valuesByRow, type OptionRow } from '../optionTable.js';
import { loadScenarioFor, refuseInert, refuseTrace, resolveFromSources, runOptionsWithScenario } from '../resolve.js';
import { refuseIdleRunOptions } from '../trust.js';
import { addRunOptions, announceSeed, chooseSeed, refuseResumeOptions, runWithShell, type RunCliOptions } from '../runOptions.js';
import { groupedInteger, numberFromText, signedText } from '../../core/numberText.js';
import { changeInWords } from '../../core/keyWords.js';

/** How far a number moves: auto (±1 for whole numbers up to 10 in size, else ±20%), a fraction of it, or a fixed size. */
export type Step = { kind: 'auto' } | { kind: 'relative'; fraction: number } | { kind: 'absolute'; size: number };

/** "20%" (of the value), "0.5" (a fixed size) or "auto". */
export function parseStep(raw: string): Step {
  const t = raw.trim().toLowerCase();
  if (t === 'auto') return { kind: 'auto' };
  const pct = t.endsWith('%');
  // The number grammar of every other option (no hexadecimal, Infinity or stray characters).
  const v = numberFromText(pct ? t.slice(0, -1) : t);
  if (t === '' || t === '%' || !Number.isFinite(v) || v <= 0) throw new InvalidArgumentError('Expected auto, a percentage of the value (20%) or a positive size (1, 0.5).');
  return pct ? { kind: 'relative', fraction: v / 100 } : { kind: 'absolute', size: v };
}

/** How numbers moved, as the note says it (the step given, not only the automatic one). */
export function stepInWords(step: Step): string {
  if (step.kind === 'auto') return 'Numbers move ±1 when whole and at most 10, else ±20% (--step auto).';
  if (step.kind === 'relative') return `Numbers move ±${Number((step.fraction * 100).toPrecision(6))}% of their value (--step), a whole number to the nearest whole size (at least 1).`;
  return `Numbers move ±${step.size} (--step); an integer parameter only by a whole size (otherwise listed as not played).`;
}

/** What kind of assumption a change moves. */
export type AssumptionKind = 'reading' | 'assumed value' | 'data value';

/** One change away from the baseline. */
export interface Change {
  key: string;
  kind: AssumptionKind;
  from: ParamValue;
  to: ParamValue;
  /** lower / higher for a number, other for a reading's other choice or a flipped true/false. */
  direction: 'lower' | 'higher' | 'other';
  /** Why the change cannot be played (a value outside its bounds): listed among the changes not played. */
  refused?: string;
}

/** Variants per simulation: the baseline plays once per game for each batch. */
export const BATCH = 24;

/** Data values that say what a file is, not what the game does. */

function isWhole(v: number): boolean {
  return Number.isInteger(v);
}

/**
 * The values a number moves to, lower then higher (none equal to it). A value outside its bounds is
 * left out under the automatic step (a value at its bound moves one way only), and kept with why it
 * cannot be played under a step the user chose (--step 200%), so that the report names it.
 */
export function steps(value: number, spec: Pick<ParamSpec, 'type' | 'min' | 'max'>, step: Step): { to: number; direction: 'lower' | 'higher'; refused?: string }[] {
  // A fixed size given (--step 0.5) is the size played, except on an integer parameter, where a
  // size that is not whole cannot be played (listed with why); only the automatic and the relative
  // steps keep a whole number whole (3 ± 50% is 1 and 5), at least 1 each way.
  const integer = spec.type === 'int';
  const whole = step.kind === 'absolute' ? integer : integer || isWhole(value);
  const size = step.kind === 'absolute' ? step.size : step.kind === 'relative' ? Math.abs(value) * step.fraction : whole && Math.abs(value) <= 10 ? 1 : Math.abs(value) * 0.2;
  const wholeSize = step.kind === 'absolute' ? size : Math.max(1, Math.round(size));
  const out: { to: number; direction: 'lower' | 'higher'; refused?: string }[] = [];
  for (const [sign, direction] of [[-1, 'lower'], [1, 'higher']] as const) {
    // 12 significant digits: no float noise (0.5 × 0.8 is 0.4), and a small step on a large value kept (123456 − 0.5).
    const to = whole ? value + sign * wholeSize : Number((value + sign * size).toPrecision(12));
    if (to === value) continue;
    if (whole && !isWhole(to)) {
      out.push({ to, direction, refused: `an integer: --step ${size} does not keep it whole (give a whole --step, or a percentage)` });
      continue;
    }
    const bound = sign < 0 ? spec.min : spec.max;
    const outside = bound !== undefined && (sign < 0 ? to < bound : to > bound);
    // At its bound already, a value has no change that way (as under the automatic step): none is listed.
    if (outside && (step.kind === 'auto' || value === bound)) continue;
    // Where a percentage was rounded up to a whole 1, no smaller percentage moves it less: a fixed size does (on a real parameter).
    const rounded = whole && step.kind === 'relative' && wholeSize > size;
    const advice = rounded ? (integer ? 'it moves by whole numbers, at least 1' : 'a percentage moves a whole value by at least 1; a fixed --step such as 0.5 moves it less') : 'a smaller --step keeps it inside';
    out.push({ to, direction, ...(outside ? { refused: `${sign < 0 ? 'below its minimum' : 'above its maximum'} ${bound} (${advice})` } : {}) });
  }
  return out;
}

/** Matches a key against --only patterns: exact keys, or prefixes ending in `*` (data.finalGirl.*). */
function selected(key: string, only: readonly string[]): boolean {
  return only.length === 0 || only.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p));
}

/**
 * Every change of the baseline: each other choice of every reading, each assumed number and data
 * value one step down and up, each data true/false flipped (those --only selects).
 */
export function changesOf(mode: Pick<GameMode, 'params' | 'extraParams'>, base: ResolvedParams, step: Step, only: readonly string[]): Change[] {
  const out: Change[] = [];
  for (const spec of mode.params) {
    if (!spec.assumed || !selected(spec.key, only)) continue;
    const from = base[spec.key];
    if (spec.assumed === 'reading') {
      const others = spec.type === 'bool' ? [!from] : (spec.choices ?? []).filter((c) => c !== from && c !== 'all');
      for (const to of others) out.push({ key: spec.key, kind: 'reading', from, to, direction: 'other' });
    } else if (typeof from === 'number') {
      for (const s of steps(from, spec, step)) out.push({ key: spec.key, kind: 'assumed value', from, ...s });
    }
  }
  const extra = mode.extraParams?.(base) ?? [];
  // Another spelling of a value (Dark Fate's data.cards.… for card.…) is varied once, under the
  // value's own key; --only may name either spelling.
  const spellings = new Map(extra.filter((s) => s.alias !== undefined).map((s) => [s.alias!, s.key]));
  for (const spec of extra) {
    // Values the file states as rulebook, digest or public facts, or does not state at all (a format default), are not assumptions.
    if (!variesDataValue(spec)) continue;
    if (!selected(spec.key, only) && !(spellings.has(spec.key) && selected(spellings.get(spec.key)!, only))) continue;
    // The baseline is the run's value under either spelling (--set data.cards.X=2 is card.X's value).
    const from = base[spec.key] ?? (spellings.has(spec.key) ? base[spellings.get(spec.key)!] : undefined) ?? spec.default;
    if (typeof from === 'boolean') out.push({ key: spec.key, kind: 'data value', from, to: !from, direction: 'other' });
    else if (typeof from === 'number') for (const s of steps(from, spec, step)) out.push({ key: spec.key, kind: 'data value', from, ...s });
  }
  return out;
}

/** One change's measured effect on the main metric, for one simulate call of the mode. */
export interface Effect extends Change {
  call: number;
  /** The call's label (a Rev-9 version), when the mode makes several. */
  label?: string;
  /** The main metric with the change. */
  value: number;
  /** Change − baseline, paired; its interval and p-value. */
  difference: number;
  lo: number;
  hi: number;
  pValue: number;
  /** Share of games that played differently (any metric the two record took another value). */
  changed: number;
}

/** A change that was not played, and why (an invalid value, a rule that does not apply). */
export interface Skipped extends Change {
  reason: string;
}

interface Call {
  simId: string;
  simParams: unknown;
  label?: string;
  resolve: (r: RunResult) => void;
  reject: (e: unknown) => void;
}

/**
 * Gathers the k-th simulate call of the baseline and of every variant (each a run of the mode) and
 * plays them as fan simulations of at most BATCH variants each, one batch after another.
 */
class FanRendezvous {
  private readonly calls: Call[][];
  private readonly finished: boolean[];
  private next = 0;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  readonly effects: Effect[] = [];
  /** The baseline's main metric per call; `n`: the games that recorded it (fewer than played for a conditional metric). */
  readonly baseline: { call: number; label?: string; estimate: number; lo: number; hi: number; n: number }[] = [];
  /** Variant index → why it was not measured (for every call). */
  readonly unmeasured = new Map<number, string>();
  games = 0;
  partial = false;
  /** The main metric's name and kind, once the baseline's first call named it. */
  metricName: string | null = null;
  metricKind: 'rate' | 'count' | null = null;

  constructor(
    private readonly changes: readonly Change[],
    private readonly metric: string | undefined,
    private readonly opts: RunCliOptions,
    private readonly seed: number,
  ) {
    this.calls = Array.from({ length: changes.length + 1 }, () => []);
    this.finished = new Array<boolean>(changes.length + 1).fill(false);
  }

  side(s: number): Simulate {
    return (simId, simParams, label) =>
      new Promise<RunResult>((resolve, reject) => {
        this.calls[s].push({ simId, simParams, label, resolve, reject });
        this.pump();
      });
  }

  finish(s: number): void {
    this.finished[s] = true;
    this.pump();
  }

  private pump(): void {
    for (;;) {
      const k = this.next;
      // Call k starts when every side has made it or ended.
      if (!this.calls.every((c, s) => c.length > k || this.finished[s])) return;
      if (this.calls.every((c) => c.length <= k)) return;
      this.next++;
      this.chain = this.chain.then(() => this.playCall(k));
    }
  }

  /** Waits until every call made so far has been played. */
  async settled(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen;
    }
  }

  private async playCall(k: number): Promise<void> {
    const base = this.calls[0][k];
    const variants = this.calls.slice(1).map((c, i) => ({ i, call: c[k] })).filter((x) => x.call !== undefined);
    if (!base) {
      for (const { i, call } of variants) {
        this.unmeasured.set(i, 'with it the mode runs more simulations than the baseline');
        call.reject(new UsageError('the baseline made no such call'));
      }
      return;
    }
    const emptyFor = async (call: Call, games: number): Promise<RunResult> => {
      const totals = new Totals(new Layout((await loadSim(call.simId)).metrics(call.simParams)));
      totals.games = games;
      return { totals, games, partial: this.partial, chunkSize: 0, jobs: 0 };
    };
    try {
      const baseSim = await loadSim(base.simId);
      const baseMetrics = baseSim.metrics(base.simParams);
      const main = this.metric === undefined ? baseMetrics.find((m) => !m.detail) ?? baseMetrics[0] : baseMetrics.find((m) => m.name === this.metric);
      if (!main) throw new UsageError(`option --metric: got "${this.metric}", expected one of ${baseMetrics.filter((m) => !m.detail).map((m) => m.name).join(', ')}`);
      this.metricName ??= main.name;
      this.metricKind ??= main.kind;
      const sides = [];
      for (const { i, call } of variants) {
        const side = pairedSide(await loadSim(call.simId), call.simId, call.simParams);
        if (!side.metrics.some((m) => m.name === main.name && m.kind === main.kind)) this.unmeasured.set(i, `with it the game records no ${main.name}`);
        else sides.push({ i, call, side });
      }
      let baseTotals: Totals | null = null;
      let baseResult: RunResult | null = null;
      const batches = Math.max(1, Math.ceil(sides.length / BATCH));
      for (let b = 0; b < batches && !this.stopped; b++) {
        const batch = sides.slice(b * BATCH, (b + 1) * BATCH);
        const fp: FanParams = { base: pairedSide(baseSim, base.simId, base.simParams), variants: batch.map((x) => x.side), metric: main.name };
        const label = `${base.label !== undefined ? `${base.label}: ` : ''}changes ${b * BATCH + 1}–${b * BATCH + batch.length} of ${sides.length}`;
        if (k === 0 && b === 0) announceSeed(this.opts, this.seed);
        const run = await runWithShell(FAN_SIM_ID, fp, this.opts, this.seed, { start: 0, n: this.opts.games }, undefined, label);
        const totals = run.result.totals;
        if (run.result.partial || interruption().aborted) {
          this.partial = true;
          this.stopped = true;
        }
        if (!baseTotals) {
          // The baseline's own metrics lead the fan's layout.
          baseTotals = new Totals(new Layout(baseMetrics));
          baseTotals.games = totals.games;
          baseMetrics.forEach((_, m) => Object.assign(baseTotals!.metrics[m], { ...totals.metrics[m], spec: baseTotals!.metrics[m].spec, bins: totals.metrics[m].bins.slice() }));
          baseResult = { ...run.result, totals: baseTotals };
          this.games = totals.games;
          const bm = baseTotals.metrics[baseMetrics.indexOf(main)];
          const est = main.kind === 'rate' ? proportion(bm.bins[1], bm.n, this.opts.confidence) : (() => {
            const m = meanSummary(bm, this.opts.confidence);
            return { estimate: m.mean, lo: m.lo, hi: m.hi };
          })();
          this.baseline.push({ call: k, ...(base.label !== undefined ? { label: base.label } : {}), estimate: est.estimate, lo: est.lo, hi: est.hi, n: bm.n });
        }
        if (run.result.partial) break;
        const blocks = fanBlocks(fp);
        batch.forEach((x, j) => {
          const c = compareMetrics(k, [blocks[j].main], totals, 0, 0, this.opts.confidence)[0];
          const ch = totals.metrics[blocks[j].changed];
          this.effects.push({
            ...this.changes[x.i],
            call: k,
            ...(base.label !== undefined ? { label: base.label } : {}),
            value: c.b,
            difference: c.difference,
            lo: c.lo,
            hi: c.hi,
            pValue: c.pValue,
            changed: ch.n > 0 ? ch.bins[1] / ch.n : 0,
          });
        });
      }
      base.resolve(baseResult ?? (await emptyFor(base, 0)));
      for (const { call } of variants) call.resolve(await emptyFor(call, this.games));
    } catch (e) {
      base.reject(e);
      for (const { call } of variants) call.reject(e);
    }
  }
}

interface SensitivityOptions extends RunCliOptions {
  set: string[];
  scenario?: string;
  only: string[];
  step: Step;
  metric?: string;
  top: number;
  maxChanges: number;
  /** --only was given (possibly with nothing in it). */
  onlyGiven?: boolean;
}

/** Why a change of a data value the configuration never reads is not played. */
export const NOT_USED = 'not used by this configuration';

/** Default games: the baseline and every change play them all. */
const DEFAULT_GAMES = 2000;
const DEFAULT_MAX_CHANGES = 1000;

const DESCRIPTION = 'how much each named assumption moves the answer: every rule reading and assumed value changed one at a time, on the same games, ranked by effect (a tornado chart)';
/** Sensitivity's own flags: a mode option of the same flag is given with --set instead. */
const SENSITIVITY_FLAGS = ['--scenario', '--set', '--only', '--step', '--metric', '--top', '--max-changes'];

/** Sensitivity's own options and the run options, on `cmd`. */
function addSensitivityOptions(cmd: Command, id?: string): Command {
  cmd
    .option('--scenario <file>', `the baseline: parameters from a scenario file${id ? ` (game: ${id})` : ''}`, parseInputPath)
    .option('--set <key=value>', `the baseline: a parameter (repeatable)${id ? `; see \`sim params ${id}\`` : ''}`, collect)
    .option('--only <keys>', 'vary only these keys, comma-separated; a trailing * takes a prefix (data.finalGirl.*) (repeatable)', (v: string, prev: string[] = []) => [...prev, ...v.split(',').map((s) => s.trim()).filter(Boolean)])
    .on('option:only', function (this: Command) {
      (this.opts() as { onlyGiven?: boolean }).onlyGiven = true;
    })
    .addOption(new Option('--step <size>', 'how far a number moves each way: auto = ±1 for whole numbers up to 10, else ±20%; or 20% (of the value, a whole number kept whole) or a fixed size (1, 0.5: played as given; an integer only by a whole size)').argParser(parseStep).default({ kind: 'auto' }, 'auto'))
    .option('--metric <name>', "the metric the changes are ranked by (default: the game's first)")
    .option('--top <N>', 'rows in the tornado chart (the table has them all)', intInRange(1, 1000), 25)
    .option('--max-changes <N>', `the most changes a run may play`, intInRange(1, 1e6), DEFAULT_MAX_CHANGES);
  return addRunOptions(cmd, DEFAULT_GAMES, { resumable: false, gamesDefault: `${DEFAULT_GAMES}, whatever a --scenario's run.n says: every change costs a run` });
}

/** `sim sensitivity <game words…>` without a game's own options: help, a former id (genisys-attack), an unknown game. */
export function registerSensitivity(program: Command): void {
  const cmd = program.command('sensitivity').description(DESCRIPTION).argument('<game...>', 'game or mode id, e.g. terror or tccg game (see `sim params`)');
  addSensitivityOptions(cmd).action(async (words: string[], opts: SensitivityOptions & Record<string, unknown>) => {
    await sensitivity(cmd, await findMode(words.join(' '), 'argument game'), [], opts);
  });
}

/** `sim sensitivity <game> [<mode>]`: the mode's own options (as its command takes them), --scenario, --set and sensitivity's. */
function addSensitivityModeCommand(cmd: Command, game: GameModule, mode: GameMode): void {
  const id = modeId(game, mode);
  cmd.description(`sensitivity of ${id}: ${mode.summary}`);
  // A mode option spelled like a sensitivity option stays reachable by --set.
  const clashing = mode.params.filter((p) => p.cli && SENSITIVITY_FLAGS.includes(flagOf(p.key))).map((p) => p.key);
  const rows = optionTable(mode.params, { omit: clashing });
  addOptionRows(cmd, rows);
  if (clashing.length) cmd.addHelpText('after', `\nThe parameter${clashing.length > 1 ? 's' : ''} ${clashing.join(', ')} of ${id}: give ${clashing.length > 1 ? 'them' : 'it'} with --set ${clashing[0]}=… (${clashing.length > 1 ? 'their flags are' : 'its flag is'} sensitivity's own here).`);
  addSensitivityOptions(cmd, id);
  checkOptionClashes(cmd);
  cmd.action(async (opts: SensitivityOptions & Record<string, unknown>) => {
    refuseRepeatedOptions(cmd);
    await sensitivity(cmd, { game, mode, id }, rows, opts);
  });
}

/**
 * Registers `sim sensitivity`; `argv` picks the game whose modes become its subcommands, each with
 * that mode's own options (`sim sensitivity tccg game --resistance protect`), as `sim tune` does.
 * Without a game word (help, a former id, an unknown word) the command takes the words as its argument.
 */
export async function sensitivityRegister(argv: readonly string[]): Promise<(program: Command) => void> {
  const at = argv.indexOf('sensitivity');
  const word = at >= 0 ? argv.slice(at + 1).find((w) => !w.startsWith('-')) : undefined;
  const game = word !== undefined && isGameId(word) ? await loadGame(word) : null;
  return (program) => {
    if (!game) {
      registerSensitivity(program);
      return;
    }
    const top = program.command('sensitivity').description(DESCRIPTION).addHelpText('after', `\nEach mode is a subcommand with its own options: sim sensitivity tccg game --resistance protect --only 'hitRule,damage'\n(\`sim sensitivity GAME [MODE] --help\` lists them).`);
    const main = game.modes.find((m) => m.name === '');
    if (main) {
      addSensitivityModeCommand(top.command(game.id), game, main);
      return;
    }
    // A word that is no mode of the game (a view, a typo): the mode finder's message, with the modes it knows.
    const parent = top
      .command(game.id)
      .description(game.summary)
      .argument('[mode]', `a mode of ${game.id}`)
      .action(async (word?: string) => {
        await findMode(word === undefined ? game.id : `${game.id} ${word}`, 'argument game');
        throw new UsageError(`argument game: ${game.id} ${word ?? ''}: no sensitivity for it`);
      });
    for (const mode of game.modes) addSensitivityModeCommand(parent.command(mode.name), game, mode);
  };
}

async function sensitivity(cmd: Command, found: FoundMode, rows: readonly OptionRow[], opts: SensitivityOptions & Record<string, unknown>): Promise<void> {
  opts.set ??= [];
  opts.only ??= [];
  refuseResumeOptions(opts, 'sensitivity');
  const { mode, id } = found;
  refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file: opts.scenario, what: 'the scenario file' }]);
  const scenario = opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, id) } : null;
  // A scenario's run.n is one run's games: here every change costs a run, so -n keeps its own default (its seed is kept).
  const runOpts = runOptionsWithScenario(cmd, opts, scenario ? { ...scenario.doc, run: { ...scenario.doc.run, n: undefined } } : null);
  const sets = parseSetOptions(opts.set);
  // The mode's own options, read and checked as its command reads them (precedence: scenario < --set < option).
  const explicit = valuesByRow(opts, rows);
  const base = resolveFromSources(mode, scenario, sets, explicit, {}, id);
  refuseTrace('sensitivity', base);
  if (base.method === 'exact') throw new UsageError(`parameter method: the exact method plays no games; sensitivity pairs Monte Carlo games (give --set method=mc)`);
  refuseInert(mode.params, base);
  refuseIdleRunOptions(opts, mode.params, [base]);
  const all = [...mode.params, ...(mode.extraParams?.(base) ?? [])].map((p) => p.key);
  if (opts.onlyGiven && opts.only.length === 0) throw new UsageError('option --only: no key given; name keys or prefixes, e.g. --only finalHealth,data.finalGirl.*');
  for (const p of opts.only) {
    const prefix = p.endsWith('*') ? p.slice(0, -1) : null;
    if (prefix !== null ? !all.some((k) => k.startsWith(prefix)) : !all.includes(p)) {
      const near = nearest(p, all);
      throw new UsageError(`option --only: no parameter ${prefix !== null ? `starts with "${prefix}"` : `"${p}"`} in ${id}${near ? ` (did you mean "${near}"?)` : ''}; see \`sim params ${id}\``);
    }
  }
  const changes = changesOf(mode, base, opts.step, opts.only);
  // A key --only names that is not varied is not silently dropped: the answer would not be about it.
  for (const p of opts.only) {
    const why = p.endsWith('*') || changes.some((c) => c.key === p) || changesOf(mode, base, opts.step, [p]).length > 0 ? null : notVariedWhy(mode, base, p);
    if (why) throw new UsageError(`option --only: ${p} ${why}; sensitivity varies rule readings, assumed values and data values (the "source" column of \`sim params ${id}\`)`);
  }
  // Data values the file states (rulebook, digest, public facts) or leaves at its format's default: not varied, counted in the notes.
  const stated = (mode.extraParams?.(base) ?? []).filter((s) => s.alias === undefined && s.label !== undefined && NOT_ASSUMED_LABELS.has(s.label) && selected(s.key, opts.only)).length;
  if (changes.length === 0) throw new UsageError(`${id} names no assumption to vary${opts.only.length ? ' among --only' : ''}: no rule reading, assumed value or data value (see \`sim params ${id}\`)`);
  // Options that would shape nothing here are refused, as every command refuses one (never accepted and dropped).
  if (cmd.getOptionValueSource('step') === 'cli' && !changes.some((c) => typeof c.from === 'number')) {
    throw new UsageError(`option --step: no number is varied here (only readings and true/false values${opts.only.length ? ' among --only' : ''}), so a step moves nothing; leave it out`);
  }
  if (cmd.getOptionValueSource('top') === 'cli' && (opts.format === 'table' || opts.format === 'csv')) {
    throw new UsageError(`option --top: it sets the rows of the tornado chart, which --format ${opts.format} does not draw (its table lists every change); give --format html (or json, for \`sim report\` to draw later), or leave it out`);
  }
  if (changes.length > opts.maxChanges) throw new UsageError(`${changes.length} changes, more than --max-changes ${opts.maxChanges}; choose some with --only or raise --max-changes`);
  const seed = chooseSeed(runOpts);
  // A data value the configuration never reads (a unit no side fields, a card in neither deck) is not played: no game could notice it.
  const unused = mode.unusedData?.(base) ?? (() => false);
  // Each change is the baseline plus one value (as a sweep cell: it overrides --set, the scenario and the options).
  const variantParams: (ResolvedParams | string)[] = changes.map((c) => {
    if (c.refused) return c.refused;
    if (c.kind === 'data value' && unused(c.key)) return NOT_USED;
    try {
      return resolveFromSources(mode, scenario, sets, withoutKey(explicit, c.key), { [c.key]: String(c.to) }, id);
    } catch (e) {
      return reasonOf(e);
    }
  });
  const request = (params: ResolvedParams) => ({ ...found, params, opts: runOpts });
  refuseOutputOverInput({ file: opts.out, option: 'option --out' }, inputsOf(request(base)));
  const progress = commandProgress(runOpts);
  const fan = new FanRendezvous(changes, opts.metric, { ...runOpts, progress }, seed);
  const skipped: Skipped[] = [];
  const sideRun = async (s: number, params: ResolvedParams): Promise<unknown> => {
    try {
      return await runReport({ ...request(params), opts: { ...runOpts, progress } }, seed, fan.side(s));
    } finally {
      fan.finish(s);
    }
  };
  const baseRun = sideRun(0, base);
  const runs = variantParams.map((p, i) => (typeof p === 'string' ? (fan.finish(i + 1), Promise.reject(new Error(p))) : sideRun(i + 1, p)));
  const settled = await Promise.allSettled([baseRun, ...runs]).finally(() => progress.clear());
  await fan.settled();
  if (settled[0].status === 'rejected') throw settled[0].reason;
  const baseReport = settled[0].value as Report;
  settled.slice(1).forEach((r, i) => {
    if (fan.effects.some((e) => e.key === changes[i].key && e.to === changes[i].to)) return;
    const why = fan.unmeasured.get(i) ?? (r.status === 'rejected' ? reasonOf(r.reason) : fan.partial ? 'not played (interrupted)' : 'not played');
    skipped.push({ ...changes[i], reason: why });
  });
  await emitReport(sensitivityReport(id, base, baseReport, fan, skipped, seed, runOpts, opts, stated), opts);
}

/** Why --only's key `key` gives no change, in words; null for a value the data file states (counted in the report's notes). */
function notVariedWhy(mode: Pick<GameMode, 'params' | 'extraParams'>, base: ResolvedParams, key: string): string | null {
  const fixed = mode.params.find((s) => s.key === key);
  if (fixed) return fixed.assumed ? 'has no other value to try' : 'is not an assumption (a setting, or a rule the rulebook states): nothing to vary';
  const extra = (mode.extraParams?.(base) ?? []).find((s) => s.key === key);
  if (extra?.alias !== undefined) return `is another spelling of ${extra.alias}: name that`;
  if (extra?.label !== undefined && NOT_ASSUMED_LABELS.has(extra.label)) return null;
  return 'is not a number, true/false or reading that can change: nothing to vary';
}

/** `values` without `key`: a change's own value replaces the option that gave the baseline's. */
function withoutKey(values: Record<string, unknown>, key: string): Record<string, unknown> {
  if (!Object.hasOwn(values, key)) return values;
  const { [key]: _dropped, ...rest } = values;
  return rest;
}

/** An error as a reason a change was not played: its message, without the "option --grid k:" a variant's value is named by. */
function reasonOf(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.replace(/^option --grid [\w.-]+:\s*/, '');
}

const signed = signedText;

/** "finalGirl.health 6 → 5". */
export function changeText(c: Change): string {
  return `${c.key.replace(/^data\./, '')} ${String(c.from)} → ${String(c.to)}`;
}

function sensitivityReport(id: string, base: ResolvedParams, baseReport: Report, fan: FanRendezvous, skipped: Skipped[], seed: number, runOpts: RunCliOptions, opts: SensitivityOptions, stated: number): Report {
  // A rate is what the game records as one (a mean between 0 and 1 is not a rate).
  const rate = fan.metricKind === 'rate';
  const metric = fan.metricName ?? opts.metric ?? 'main metric';
  const effects = [...fan.effects].sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference) || a.key.localeCompare(b.key));
  const several = new Set(fan.baseline.map((b) => b.call)).size > 1;
  const scale = rate ? 100 : 1;
  const unit = rate ? ' pp' : '';
  const digits = rate ? 1 : 2;
  const valueFormat: Column['format'] = rate ? 'prob' : 'fixed2';
  // A difference of means signed, as one of rates is (it printed ASCII -7.24 beside the answer's −7.24).
  const diffFormat: Column['format'] = rate ? 'pp' : 'signed4';
  const never = effects.filter((e) => e.changed === 0);
  const unusedCount = skipped.filter((k) => k.reason === NOT_USED).length;
  const columns: Column[] = [
    { key: 'assumption', header: 'assumption', format: 'text' },
    { key: 'kind', header: 'kind', format: 'text' },
    { key: 'change', header: 'change', format: 'text' },
    ...(several ? [{ key: 'label', header: 'for', format: 'text' } as Column] : []),
    // The text view keeps the effect with its interval and the share of games it changed (within 100
    // columns): the metric's value is the baseline plus the effect, and the p-values are summed up in
    // the notes (how many pass Holm's correction); CSV, JSON and the page keep every column.
    { key: 'value', header: metric, format: valueFormat, text: false },
    { key: 'difference', header: `Δ ${metric}`, format: diffFormat, interval: { lo: 'lo', hi: 'hi' } },
    { key: 'lo', header: 'lo', format: diffFormat },
    { key: 'hi', header: 'hi', format: diffFormat },
    { key: 'pValue', header: 'p', format: 'pvalue', text: false },
    { key: 'changed', header: 'games changed', format: 'prob' },
    // The text view says it by "games changed 0%" (and the answer explains it): the note is for CSV, JSON and the page.
    { key: 'note', header: 'note', format: 'text', text: false },
  ];
  const tables: ResultTable[] = [
    {
      title: `Sensitivity of ${metric}: one assumption changed at a time, on the same games (paired), largest effect first`,
      columns,
      rowLabels: 3 + (several ? 1 : 0),
      rows: effects.map((e) => ({
        assumption: e.key,
        kind: e.kind,
        change: `${String(e.from)} → ${String(e.to)}`,
        ...(several ? { label: e.label ?? String(e.call) } : {}),
        value: e.value,
        difference: e.difference,
        lo: e.lo,
        hi: e.hi,
        pValue: e.pValue,
        changed: e.changed,
        note: e.changed === 0 ? 'never came into play: no game played differently' : '',
      })),
    },
  ];
  if (skipped.length) {
    tables.push({
      title: 'Changes not played, and why',
      columns: [
        { key: 'assumption', header: 'assumption', format: 'text' },
        { key: 'change', header: 'change', format: 'text' },
        { key: 'reason', header: 'why', format: 'text' },
      ],
      rows: skipped.map((s) => ({ assumption: s.key, change: `${String(s.from)} → ${String(s.to)}`, reason: s.reason })),
    });
  }
  const fmt = (x: number) => (rate ? `${(x * 100).toFixed(1)}%` : x.toFixed(2).replace(/^-/, '−'));
  // A conditional metric (recorded in some games only) says on how many games its interval rests.
  const baseLines = fan.baseline.map((b) => `${several ? `${b.label ?? b.call}: ` : ''}${metric} ${fmt(b.estimate)} [${fmt(b.lo)}, ${fmt(b.hi)}]${b.n < fan.games ? ` (of the ${groupedInteger(b.n)} games that record it)` : ''}`);
  // The changes that moved the metric (a change that made games differ but left the metric where it was is not "sensitive").
  const top = effects.filter((e) => e.changed > 0 && e.difference !== 0).slice(0, 3);
  const interval = (e: Effect) => (Number.isFinite(e.lo) && Number.isFinite(e.hi) ? `[${signed(e.lo * scale, digits)}, ${signed(e.hi * scale, digits)}]` : '[no interval]');
  const answer = [
    `Baseline (${groupedInteger(fan.games)} games): ${baseLines.join('; ')}.`,
    top.length
      ? // An effect whose interval holds 0 is not shown to be one: the sentence says so rather than crown it.
        `${top.some((e) => e.lo > 0 || e.hi < 0) ? 'Most sensitive to' : `No change moved ${metric} significantly at this number of games; the largest differences`}: ${top.map((e) => `${changeInWords(changeText(e))}${several ? ` (${e.label ?? e.call})` : ''} ${signed(e.difference * scale, digits)}${unit} ${interval(e)}${rate && (e.value === 0 || e.value === 1) && (e.lo > 0 || e.hi < 0) ? ` (${metric} ${e.value * 100}% in all ${groupedInteger(fan.games)} games with it)` : ''}${top.some((x) => x.lo > 0 || x.hi < 0) && !(e.lo > 0 || e.hi < 0) ? ' (not significant)' : ''}`).join('; ')}.`
      : fan.partial && effects.length === 0
        ? 'Interrupted before any change was measured.'
        : effects.length === 0
          ? 'No change could be played (the last table says why): nothing was measured.'
          : effects.some((e) => e.changed > 0)
          ? `No change moved ${metric} in these games.`
          : 'No change made any game play differently.',
    `${effects.length} change${effects.length === 1 ? '' : 's'} of ${new Set(effects.map((e) => e.key)).size} assumption${new Set(effects.map((e) => e.key)).size === 1 ? '' : 's'} measured${never.length ? `; ${never.length} of the changes never came into play (no game played differently: the rule or value is not reached in these games, so the number says nothing about it)` : ''}${skipped.length ? `; ${skipped.length} not played (${unusedCount ? `${unusedCount} of data the configuration does not use; ` : ''}see the last table)` : ''}.`,
  ].join('\n');
  // Many tests at once: how many "significant" effects chance alone would give, and how many survive Holm's correction.
  const tested = effects.filter((e) => e.changed > 0 && Number.isFinite(e.pValue));
  const alpha = 1 - runOpts.confidence;
  const significant = tested.filter((e) => e.lo > 0 || e.hi < 0).length;
  const holm = holmAdjust(tested.map((e) => e.pValue)).filter((q) => q < alpha).length;
  const multiplicity =
    tested.length > 1
      ? `Many changes, one test each: ${tested.length} changes played differently; with no effect at all, about ${(tested.length * alpha).toFixed(tested.length * alpha < 10 ? 1 : 0)} of them would show an interval without 0 by chance alone. ${significant} show${significant === 1 ? 's' : ''} one; ${holm} stay significant after Holm's correction over the ${tested.length} (family-wise error rate ${Number((alpha * 100).toFixed(2))}%; the p-values are in the CSV, the JSON and the page).`
      : '';
  const notes = [
    'Every change plays the same games as the baseline (game i from stream (seed, i)); each Δ is paired (McNemar for rates, paired t for means). Changes are one at a time: effects need not add up.',
    `Kinds: reading = another reading of a rule the rulebook leaves open; assumed value = a rule number the rulebook does not give; data value = a value of the game's data file (\`--set data.…\`). ${stepInWords(opts.step)}`,
    ...(stated ? [`Not varied: ${stated} data value${stated === 1 ? '' : 's'} the data file states as rulebook, digest or public facts, or does not state at all (its format's default); \`sim params ${id} --data\` lists every value with its label.`] : []),
    ...(multiplicity ? [multiplicity] : []),
    ...(fan.partial ? ['interrupted: the changes after the interruption were not played'] : []),
  ];
  return {
    ...combinedProvenance(id, { base: { ...base }, metric, step: opts.step.kind === 'auto' ? 'auto' : opts.step.kind === 'relative' ? `${opts.step.fraction * 100}%` : opts.step.size, only: opts.only, top: opts.top }),
    title: `Sensitivity of ${id}: ${metric} with each named assumption changed, one at a time`,
    method: 'mc',
    seed,
    n: fan.games,
    confidence: runOpts.confidence,
    ...(fan.partial ? { partial: true } : {}),
    ...(baseReport.policy !== undefined ? { policy: baseReport.policy } : {}),
    // The baseline's scenario and settings (a scenario's, --set's, the mode's options), as a plain run of it shows them.
    ...(baseReport.scenario ? { scenario: baseReport.scenario } : {}),
    ...(baseReport.settings?.length ? { settings: baseReport.settings } : {}),
    result: { metric, kind: rate ? 'rate' : 'count', baseline: fan.baseline, effects, skipped },
    assumptions: baseReport.assumptions,
    tables,
    notes,
    text: answer,
  };
}
