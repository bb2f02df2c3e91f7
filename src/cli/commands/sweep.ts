// `sim sweep GAME --grid key=v1,v2 …`: the cross product of parameter values, every cell on the
// same seed (so the same game indices and streams). Each table of the game's report becomes one
// sweep table with the cells as rows (one row per cell and row of that table), with its intervals.
import { Command } from 'commander';
import { parseInputPath, collect, intInRange } from '../parseOptions.js';
import { validateParam, type ParamSpec } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { combinedProvenance } from '../../core/provenance.js';
import type { Cell, Column, Headline, Report, ResultTable } from '../../core/reportTypes.js';
import { answerSentence, EXACT, headlineText } from '../../core/answer.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { nearest } from '../../core/params.js';
import { findMode } from '../../games/index.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { inputsOf, runReport, settingsOf } from '../execute.js';
import { loadScenarioFor, namingSource, refuseExactAcross, refuseInertAcross, refuseMixedMethods, refuseTrace, resolveFromSources, runOptionsWithScenario } from '../resolve.js';
import { refuseIdleRunOptions } from '../trust.js';
import type { GameMode } from '../../core/gameModule.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { interruptExitCode, interruption } from '../interrupt.js';
import { err, setExitCode } from '../io.js';
import { commandProgress } from '../progress.js';
import { addRunOptions, chooseSeed, refuseResumeOptions, type RunCliOptions } from '../runOptions.js';
import { humanize } from '../../report/names.js';
import { groupedInteger } from '../../core/numberText.js';

export interface GridAxis {
  key: string;
  values: string[];
}

/** Parses one --grid "key=v1,v2" (a "set:" prefix is accepted: every key is a parameter). */
export function parseGrid(raw: string): GridAxis {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UsageError(`option --grid: got ${JSON.stringify(raw)}, expected key=v1,v2 (e.g. --grid handSize=5,6)`);
  const key = raw.slice(0, eq).trim().replace(/^set:/, '');
  // Values that hold commas themselves (Dark Fate's characters=sarah,grace) are separated by | instead, as tune's --vary separates them.
  const list = raw.slice(eq + 1);
  const values = list.split(list.includes('|') ? '|' : ',').map((v) => v.trim());
  if (values.every((v) => v === '')) throw new UsageError(`option --grid ${key}: no values given`);
  // An empty value (5,,6 or a trailing comma) is a typo, not a value: refused rather than dropped.
  if (values.some((v) => v === '')) throw new UsageError(`option --grid ${key}: an empty value in ${JSON.stringify(list)}; list the values with one ${list.includes('|') ? '|' : 'comma'} between each`);
  return { key, values };
}

/** Expands "all": every choice of an enum but auto (unless the game itself accepts "all"), both booleans. `option` names the flag in errors. */
export function expandAxis(axis: GridAxis, spec: ParamSpec, option = '--grid', slow: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const v of axis.values) {
    // "auto" stands for one of the other choices (Genisys' range: cc, short, or long for a VTOL): a cell of its own would repeat one.
    // LO..HI: every whole number between, for a whole-number parameter or a data value (data.finalGirl.health=4..6 was refused as not a number).
    const range = spec.type === 'int' || spec.type === 'number' ? /^(-?\d+)\.\.(-?\d+)$/.exec(v) : null;
    // A policy (a path parameter with built-in choices) expands to its built-ins, as an enum does.
    // (leaving out the slow ones, a search, which are played only when listed, as sim policies does).
    if (v === 'all' && (spec.type === 'enum' || (spec.type === 'path' && spec.choices)) && !(spec.choices ?? []).includes('all')) out.push(...(spec.choices ?? []).filter((c) => c !== 'auto' && !(spec.type === 'path' && slow.includes(c))));
    else if (v === 'all' && spec.type === 'bool') out.push('false', 'true');
    else if (range) {
      // LO..HI of a whole-number parameter: every value from LO to HI.
      const [lo, hi] = [Number(range[1]), Number(range[2])];
      if (hi < lo) throw new UsageError(`option ${option} ${axis.key}: the range ${v} runs backwards; write LO..HI with LO ≤ HI`);
      if (hi - lo >= 1000) throw new UsageError(`option ${option} ${axis.key}: the range ${v} holds ${hi - lo + 1} values; at most 1000`);
      for (let x = lo; x <= hi; x++) out.push(String(x));
    } else out.push(v);
  }
  // A value listed twice (count=2,2, or short beside all) would be dropped silently.
  const twice = out.find((v, i) => out.indexOf(v) !== i);
  if (twice !== undefined) throw new UsageError(`option ${option} ${axis.key}: "${twice}" is listed twice${axis.values.includes('all') ? ' (all lists every choice but auto)' : ''}; list each value once`);
  return out;
}

/** The other spelling of a parameter (Dark Fate's data.cards.X for card.X, and back), if it has one. */
export function spellingTwin(specs: readonly ParamSpec[], key: string): string | undefined {
  return specs.find((p) => p.key === key)?.alias ?? specs.find((p) => p.alias === key)?.key;
}

/** "sides=2, target=5": a cell in words. */
function cellLabel(cell: Record<string, string>): string {
  return Object.entries(cell).map(([key, v]) => `${key}=${v}`).join(', ');
}

/** Cells of the cross product, first axis varying slowest. */
export function crossProduct(axes: { key: string; values: string[] }[]): Record<string, string>[] {
  return axes.reduce<Record<string, string>[]>((cells, axis) => cells.flatMap((c) => axis.values.map((v) => ({ ...c, [axis.key]: v }))), [{}]);
}


/** Cells a sweep plays unless --max-cells says more: past this, a typo in a grid is likelier than a plan. */
export const DEFAULT_MAX_CELLS = 1000;
/** The most --max-cells may raise it to: each cell's parameters are held while every cell is checked before any plays (1e6 cells took over 1 GB). */
export const MAX_CELLS = 100_000;
/** The most table rows a sweep's report holds: past it the sweep stops, reports the cells played, and exits 1. */
export const MAX_SWEEP_ROWS = 250_000;

/** Thrown by the simulate of a dry run: the mode's checks passed and it asked to play. */
class ChecksPassed extends Error {}

/**
 * Runs the mode's own checks on a cell without playing a game: its run stops at the first
 * simulate call. UsageErrors (a cross-field check) are named after their source (--grid, --set).
 */
export async function checkCell(mode: GameMode, params: ResolvedParams, opts: RunCliOptions, label: string, word = 'cell'): Promise<void> {
  try {
    await mode.run(params, {
      n: opts.games,
      seed: 0,
      confidence: opts.confidence,
      simulate: () => Promise.reject(new ChecksPassed()),
    });
  } catch (e) {
    if (e instanceof ChecksPassed) return;
    const named = namingSource(e, params);
    throw named instanceof UsageError ? new UsageError(`${word} ${label}: ${named.message}`) : named;
  }
}

interface SweepOptions extends RunCliOptions {
  maxCells: number;
  grid: string[];
  set: string[];
  scenario?: string;
}

export function registerSweep(program: Command): void {
  const cmd = program
    .command('sweep')
    .description('run the cross product of parameter values on the same streams; one row per cell with intervals')
    .argument('<game...>', 'game or mode id, e.g. darkfate or genisys attack (see `sim params`)')
    .option('--grid <key=values>', 'an axis: parameter and comma-separated values, e.g. handSize=5,6 (a "set:" prefix, set:handSize=5,6, means the same); values that hold commas are separated by | instead, e.g. \'characters=sarah,grace|dani,t800\'; "all" = every choice but auto, which stands for one of them (of a policy: every built-in but the slow search, played only when listed); LO..HI = every whole number from LO to HI, e.g. handSize=3..7 (repeatable)', collect)
    .option('--scenario <file>', 'base parameters from a scenario file', parseInputPath)
    .option('--set <key=value>', 'fixed override for every cell (repeatable)', collect)
    .option('--max-cells <N>', `the most cells a sweep may have`, intInRange(1, MAX_CELLS), DEFAULT_MAX_CELLS);
  addRunOptions(cmd, 1e4, { resumable: false, gamesDefault: "the --scenario's run.n, else 10000 a cell" }).action(async (words: string[], opts: SweepOptions) => {
    opts.grid ??= [];
    refuseResumeOptions(opts, 'sweep');
    opts.set ??= [];
    const found = await findMode(words.join(' '), 'argument game');
    const { mode, id } = found;
    if (opts.grid.length === 0) throw new UsageError('option --grid: give at least one axis, e.g. --grid handSize=5,6');
    const grids = opts.grid.map(parseGrid);
    // One axis per parameter: a second --grid for it would make cells that differ only in a label.
    const dup = grids.find((g, i) => grids.findIndex((h) => h.key === g.key) !== i);
    if (dup) throw new UsageError(`option --grid: axis "${dup.key}" is given twice; list all its values in one --grid ${dup.key}=v1,v2`);
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file: opts.scenario, what: 'the scenario file' }]);
    const scenario = opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, id) } : null;
    const runOpts = runOptionsWithScenario(cmd, opts, scenario?.doc ?? null);
    const seed = chooseSeed(runOpts);
    const sets = parseSetOptions(opts.set);
    // A --set of an axis would be overridden in every cell.
    const both = grids.find((g) => Object.hasOwn(sets, g.key));
    if (both) throw new UsageError(`option --set ${both.key}: it is also a --grid axis, which sets it in every cell; give it in one of the two`);
    // An axis may be a parameter the data adds (a card's value): its spec comes from the base parameters' data.
    // The parameters every cell shares (--set, a scenario), before the axes set theirs.
    const shared = resolveFromSources(mode, scenario, sets, {}, {}, id);
    const specs = [...mode.params, ...(mode.extraParams?.(shared) ?? [])];
    // Also under its other spelling (card.X and data.cards.X are one value).
    const crossed = grids.map((g) => ({ g, twin: spellingTwin(specs, g.key) })).find(({ twin }) => twin !== undefined && Object.hasOwn(sets, twin));
    if (crossed) throw new UsageError(`option --set ${crossed.twin}: the same value as the --grid axis ${crossed.g.key} (another spelling), which sets it in every cell; give it in one of the two`);
    const axes = grids.map((axis) => {
      const spec = specs.find((p) => p.key === axis.key);
      if (!spec) {
        const near = nearest(axis.key, specs.map((p) => p.key));
        throw new UsageError(`option --grid: unknown parameter "${axis.key}" of ${id}${near ? ` (did you mean "${near}"?)` : ''}; see \`sim params ${id}\``);
      }
      const values = expandAxis(axis, spec, '--grid', found.game.slowPolicies ?? []);
      // Two spellings of one value (3, 03, 3.0) would play the same cell twice.
      const seen = new Map<string, string>();
      for (const v of values) {
        const value = JSON.stringify(validateParam(spec, v, `option --grid ${axis.key}`));
        const before = seen.get(value);
        if (before !== undefined) throw new UsageError(`option --grid ${axis.key}: "${before}" and "${v}" are the same value; list each value once`);
        seen.set(value, v);
      }
      return { key: axis.key, values };
    });
    // The cell count before the cells exist: a huge grid is refused, not built.
    const count = axes.reduce((k, a) => k * a.values.length, 1);
    if (count > opts.maxCells) throw new UsageError(`option --grid: ${groupedInteger(count)} cells, more than --max-cells ${opts.maxCells}; narrow the grid or raise --max-cells`);
    const cells = crossProduct(axes);
    // Every cell is checked before any plays: a bad later cell must not cost the earlier ones.
    const cellParams: ResolvedParams[] = [];
    for (const [k, cell] of cells.entries()) {
      const params = resolveFromSources(mode, scenario, sets, {}, cell, id);
      refuseTrace('sweep', params);
      await checkCell(mode, params, runOpts, cellLabel(cell));
      cellParams.push(params);
      // A long check stays interruptible: signals are handled between macrotasks.
      if (k % 500 === 499) {
        await new Promise((resolve) => setImmediate(resolve));
        if (interruption().aborted) {
          err().write(`sim: interrupted while checking cell ${k + 1} of ${cells.length}; nothing was played\n`);
          setExitCode(interruptExitCode());
          return;
        }
      }
    }
    // What would be refused in a single run is refused when it acts in no cell.
    refuseInertAcross(mode.params, cellParams);
    refuseIdleRunOptions(opts, mode.params, cellParams);
    refuseExactAcross(cellParams, cmd, 'in any cell');
    refuseMixedMethods(cellParams, '--grid');
    // Nothing a cell reads (its data and policy files) may be replaced by the report.
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, cellParams.flatMap((params) => inputsOf({ ...found, params, opts: runOpts })));
    // Each cell's report is folded in as it ends and then dropped: memory grows with the sweep's
    // own report, not with every cell's full report.
    const done = new SweepCells(axes);
    let cellOpts = runOpts;
    // One bar for the sweep: it names the cell (and the call within it) and the sweep's ETA.
    const progress = commandProgress(runOpts, cells.length);
    for (const [k, cell] of cells.entries()) {
      const params = cellParams[k];
      progress.startUnit(k, cellLabel(cell));
      const report = await runReport({ ...found, params, opts: { ...cellOpts, progress } }, seed).catch((e: unknown) => {
        progress.clear();
        throw e;
      });
      done.add(cell, report);
      // Ctrl-C: the cell that was playing is reported partial, the cells after it not at all.
      if (report.partial || interruption().aborted) break;
      // Memory is bounded by the report's rows, not by the grid (cells of hundreds of rows each ran out of heap).
      if (done.rows >= MAX_SWEEP_ROWS && k + 1 < cells.length) {
        done.stopped = `the report reached ${groupedInteger(done.rows)} rows (the most a sweep holds is ${groupedInteger(MAX_SWEEP_ROWS)}) after ${k + 1} of ${cells.length} cells; narrow the grid`;
        break;
      }
      // The first cell that plays games announces a random seed; the others share it, so say it once.
      if (report.seed !== null) cellOpts = { ...runOpts, seed };
    }
    progress.clear();
    // What every cell shares away from the defaults (--set, a scenario), for the header; the axes are in the title.
    // Where the cells' policies differ (a policy axis), the header names none: a policy every cell shares is then a setting (a scenario's side A hold was shown nowhere).
    const fixedPolicies = done.policy ? new Set<string>() : new Set(mode.params.filter((p) => /polic/i.test(p.key) && !axes.some((a) => a.key === p.key)).map((p) => p.key));
    const settings = settingsOf(mode.params, Object.fromEntries(Object.entries(shared).filter(([k]) => !axes.some((a) => a.key === k))), '', {}, fixedPolicies);
    // An axis without effect in some cells (searchRollouts where the policy is planner): those cells
    // play alike, and the answer and notes say so rather than name the value as if it played.
    const inertIn = new Map(cells.map((cell, k) => [JSON.stringify(cell), axes.filter((a) => specs.find((p) => p.key === a.key)?.inert?.(cellParams[k]) != null).map((a) => a.key)]));
    await emitReport({ ...sweepReport(id, axes, cells, done, seed, runOpts, inertIn), ...(settings.length ? { settings } : {}) }, opts);
    if (done.stopped) {
      err().write(`sim: error: sweep stopped: ${done.stopped}\n`);
      setExitCode(1);
    }
  });
}

/**
 * The title shared by the cells' tables at one index: the title itself when all agree, else the
 * words they start with (cut before an unclosed parenthesis, trailing punctuation dropped), since
 * titles may name parameter values that differ from cell to cell.
 */
export function commonTitle(titles: string[]): string {
  const words = titles.map((t) => t.split(/\s+/));
  let k = 0;
  while (k < words[0].length && words.every((w) => w[k] === words[0][k])) k++;
  if (k === words[0].length && words.every((w) => w.length === k)) return titles[0];
  let prefix = words[0].slice(0, k).join(' ');
  const open = prefix.lastIndexOf('(');
  if (open >= 0 && prefix.indexOf(')', open) < 0) prefix = prefix.slice(0, open);
  return prefix.replace(/[\s:;,.—–-]+$/, '');
}

/** One table of the sweep in the making: the cells' tables at one position, as they arrive. */
interface SweepTable {
  titles: string[];
  columns: Column[];
  /** The distinct headers each column had in the cells' tables, by key. */
  headers: Map<string, string[]>;
  rows: Record<string, Cell>[];
}

/**
 * The cells of a sweep played so far, in cell order, keeping only what the sweep's report shows of
 * each (add): its table rows (already as the sweep's rows), its result and parameters, its partial
 * state and games, its assumptions and notes (each once), its time. The cell's report can then go.
 */
export class SweepCells {
  private readonly axisColumns: Column[];
  /** Per table position of the cells' reports. */
  private readonly tables: SweepTable[] = [];
  /** The `result.cells` entries of the sweep's report. */
  readonly entries: Record<string, unknown>[] = [];
  /** Each assumption and note once, with the cells whose reports carry it. */
  readonly assumptions = new Map<string, Record<string, string>[]>();
  readonly notes = new Map<string, Record<string, string>[]>();
  /** Each cell's headline (Report.headline), in cell order; null where its report has none. */
  readonly headlines: { cell: Record<string, string>; headline: Headline | null }[] = [];
  /** Cells stopped by a signal, with the games each completed. */
  readonly cut: { cell: Record<string, string>; n: number | null }[] = [];
  /** Method and games of the first cell, and of the first that simulated (null: none yet). */
  first: { method: Report['method']; n: number | null } | null = null;
  simulated: { n: number | null } | null = null;
  wallMs = 0;
  /** The policy every cell played (its header says it, as a run's does); null once two cells differ (a policy axis names it). */
  policy: Report['policy'] | null | undefined = undefined;

  constructor(axes: GridAxis[]) {
    this.axisColumns = axes.map((a) => ({ key: `cell.${a.key}`, header: a.key, format: 'text' }));
  }

  /** Rows of the sweep's tables so far (what its memory grows with). */
  rows = 0;
  /** Why the sweep stopped before its last cell without a signal (null: it did not). */
  stopped: string | null = null;

  /** Cells added so far. */
  get count(): number {
    return this.entries.length;
  }

  /** Folds in the next cell's report; nothing of `report` is kept but what the sweep's report shows. */
  add(cell: Record<string, string>, report: Report): void {
    this.wallMs += Number(report.timings?.wallMs ?? 0);
    this.first ??= { method: report.method, n: report.n };
    if (!this.simulated && report.method === 'mc') this.simulated = { n: report.n };
    if (this.policy === undefined) this.policy = report.policy ?? null;
    else if (JSON.stringify(this.policy) !== JSON.stringify(report.policy ?? null)) this.policy = null;
    if (report.partial) this.cut.push({ cell, n: report.n });
    this.headlines.push({ cell, headline: report.headline ?? null });
    this.entries.push({ cell, params: report.rerun?.params, result: report.result, ...(report.partial ? { partial: true, n: report.n } : {}) });
    for (const a of report.assumptions) (this.assumptions.get(a) ?? this.assumptions.set(a, []).get(a)!).push(cell);
    for (const n of report.notes) (this.notes.get(n) ?? this.notes.set(n, []).get(n)!).push(cell);
    const cellValues = Object.fromEntries(Object.entries(cell).map(([k, v]) => [`cell.${k}`, v]));
    report.tables.forEach((table, j) => {
      const t = (this.tables[j] ??= { titles: [], columns: [], headers: new Map(), rows: [] });
      t.titles.push(table.title);
      for (const c of table.columns) {
        const i = t.columns.findIndex((d) => d.key === c.key);
        if (i < 0) {
          t.columns.push(c);
          t.headers.set(c.key, [c.header]);
          continue;
        }
        // A header a rule in force names ("2 wounds", "4 wounds") heads every cell's value: each one is
        // said, three at most (more are left to the rows' settings).
        const said = t.headers.get(c.key)!;
        if (said.includes(c.header)) continue;
        said.push(c.header);
        t.columns[i] = { ...t.columns[i], header: said.length <= 3 ? said.join(' / ') : `${said.slice(0, 3).join(' / ')} / …` };
      }
      for (const row of table.rows) t.rows.push({ ...cellValues, ...row });
      this.rows += table.rows.length;
    });
  }

  /**
   * One sweep table per table position of the cells' reports: the axis columns, then every column
   * any cell's table has (in order of first appearance), one row per cell and row.
   */
  sweepTables(axes: GridAxis[], fallbackTitle: string): ResultTable[] {
    const by = axes.map((a) => humanize(a.key)).join(' × ');
    return this.tables.map((t) => ({
      title: `${commonTitle(t.titles) || fallbackTitle} — by ${by}`,
      columns: [...this.axisColumns, ...t.columns],
      rows: t.rows,
    }));
  }
}

/** Headers that say "the estimate" and nothing of what it estimates: the row names it instead. */
const GENERIC_HEADERS = new Set(['mc', 'estimate', 'value', 'p', 'mean', 'exact']);

/** How many leading columns of a cell's table name its rows (as the table view counts them). */
function rowLabelCount(t: ResultTable): number {
  let labels = t.rowLabels ?? 1;
  if (t.rowLabels === undefined) while (labels < t.columns.length - 1 && t.columns[labels].format === 'text') labels++;
  return labels;
}

/** A setting's headline value; `row` names the row of its table it came from when a setting has several (win by Rev-9 version). */
export interface SettingHeadline {
  cell: Record<string, string>;
  headline: Headline;
  row?: { header: string; name: string };
}

/**
 * The headline of each cell read from the sweep's tables, for cells whose reports carry none: the
 * first estimate with an interval (a column followed by lo and hi, or keyLo and keyHi) of the first
 * table that has one; with no interval anywhere (an exact sweep), the first table's first
 * probability or number. In a table with several rows per cell, rows of one quantity (win by Rev-9
 * version) each give a headline, named by their row; rows of different quantities (a generic
 * column: "estimate") cannot be ranged over together, so each cell's row is the one named like the
 * first row, and cells without that row are left out.
 */
export function tableHeadlines(axes: readonly GridAxis[], tables: readonly ResultTable[]): SettingHeadline[] {
  const axisKey = (k: string) => `cell.${k}`;
  const own = (t: ResultTable) => ({ ...t, columns: t.columns.filter((c) => !c.key.startsWith('cell.')) });
  let pick: { table: ResultTable; key: string; lo: string | null; hi: string | null } | null = null;
  for (const t of tables.map(own)) {
    const cols = t.columns;
    for (const [i, c] of cols.entries()) {
      if (pick || c.format === 'text' || c.format === 'int') continue;
      const [a, b] = [cols[i + 1]?.key, cols[i + 2]?.key];
      if ((a === 'lo' && b === 'hi') || (a === `${c.key}Lo` && b === `${c.key}Hi`)) pick = { table: t, key: c.key, lo: a, hi: b };
    }
    if (pick) break;
  }
  if (!pick && tables.length > 0) {
    const t = own(tables[0]);
    const c = t.columns.slice(rowLabelCount(t)).find((d) => d.format !== 'text' && d.format !== 'int');
    if (c) pick = { table: t, key: c.key, lo: null, hi: null };
  }
  if (!pick) return [];
  const { table, key, lo, hi } = pick;
  const labelCols = table.columns.slice(0, rowLabelCount(table)).filter((c) => c.key !== key);
  const rowName = (row: Record<string, Cell>) => labelCols.map((c) => String(row[c.key])).join(' ');
  const cellId = (row: Record<string, Cell>) => JSON.stringify(axes.map((a) => row[axisKey(a.key)]));
  const counts = new Map<string, number>();
  for (const row of table.rows) counts.set(cellId(row), (counts.get(cellId(row)) ?? 0) + 1);
  const several = [...counts.values()].some((n) => n > 1);
  const first = table.rows.length ? rowName(table.rows[0]) : '';
  const header = table.columns.find((c) => c.key === key)!;
  const generic = GENERIC_HEADERS.has(header.header.toLowerCase());
  const others = Math.max(...counts.values()) - 1;
  const rest = `; the tables give the other ${others} row${others === 1 ? '' : 's'} of each setting`;
  const label = !several || !generic ? header.header : `${first} (the first row${rest})`;
  const rowHeader = labelCols.map((c) => c.header).join(' ');
  const out: SettingHeadline[] = [];
  const seen = new Set<string>();
  for (const row of table.rows) {
    const id = several && !generic ? `${cellId(row)} ${rowName(row)}` : cellId(row);
    const value = row[key];
    if (seen.has(id) || (several && generic && rowName(row) !== first) || typeof value !== 'number' || !Number.isFinite(value)) continue;
    seen.add(id);
    const end = (k: string | null) => (k !== null && typeof row[k] === 'number' ? (row[k] as number) : null);
    const cell: Record<string, string> = Object.fromEntries(axes.map((a) => [a.key, String(row[axisKey(a.key)])]));
    out.push({ cell, headline: { label, estimate: value, lo: end(lo), hi: end(hi), kind: header.format === 'prob' ? 'rate' : 'mean' }, ...(several && !generic ? { row: { header: rowHeader, name: rowName(row) } } : {}) });
  }
  return out;
}

/**
 * The sweep's answer: how far the headline moves over the grid, its lowest and highest setting (and
 * row, when a setting has several) with their intervals ("exact" when the cells are). The headline
 * is each cell's own (Report.headline) when every cell has one of the same name, else the one
 * tableHeadlines reads from the tables. `total`: the settings of the whole grid (more than those
 * answered for when the sweep stopped early); `fixed`: axes with one value in the grid (--grid
 * rev9=all), which tell no setting apart and are left out of where each end is. Empty when there is none.
 */
export function sweepAnswer(id: string, cells: readonly SettingHeadline[], total?: number, fixed: ReadonlySet<string> = new Set(), inertIn: ReadonlyMap<string, readonly string[]> = new Map()): string {
  if (cells.length === 0) return '';
  let low = cells[0];
  let high = cells[0];
  for (const c of cells) {
    if (c.headline.estimate < low.headline.estimate) low = c;
    if (c.headline.estimate > high.headline.estimate) high = c;
  }
  // Settings answered for, and the rows each gave.
  const perSetting = new Map<string, number>();
  for (const c of cells) perSetting.set(JSON.stringify(c.cell), (perSetting.get(JSON.stringify(c.cell)) ?? 0) + 1);
  const settings = perSetting.size;
  const of = total ?? settings;
  const [fewest, most] = [Math.min(...perSetting.values()), Math.max(...perSetting.values())];
  const rows = cells.some((c) => c.row) ? ` (${fewest === most ? most : `${fewest} to ${most}`} rows each)` : '';
  const keys = Object.keys(cells[0].cell).filter((k) => !fixed.has(k));
  // An axis without effect in this cell is not named as if it played (searchRollouts under the planner).
  const where = (c: SettingHeadline) => [...keys.filter((k) => !inertIn.get(JSON.stringify(c.cell))?.includes(k)).map((k) => `${humanize(k)} ${c.cell[k]}`), ...(c.row ? [`${c.row.header} ${c.row.name}`] : [])].join(', ') || 'every setting';
  const exact = cells.every((c) => c.headline.lo === null);
  const plural = (n: number) => `${n} setting${n === 1 ? '' : 's'}`;
  // A sweep stopped early answers for the settings it ran, and says how many of how many.
  const across = settings < of ? `Across the ${settings} of ${plural(of)} of ${id} run before the stop${rows}` : `Across ${plural(settings)} of ${id}${rows}`;
  const answer =
    cells.length === 1
      ? `${settings < of ? `Only 1 of ${plural(of)} of ${id} was run before the stop: ` : ''}${low.headline.label} is ${headlineText(low.headline)} at ${where(low)}`
      : low === high || low.headline.estimate === high.headline.estimate
        ? `${across}, ${low.headline.label} is ${headlineText(low.headline)} in every one`
        : `${across}, ${low.headline.label} ranges from ${headlineText(low.headline)} at ${where(low)} to ${headlineText(high.headline)} at ${where(high)}`;
  return answerSentence(answer, [exact ? EXACT : '']);
}

function sweepReport(id: string, axes: GridAxis[], cells: Record<string, string>[], done: SweepCells, seed: number, opts: RunCliOptions, inertIn: ReadonlyMap<string, readonly string[]> = new Map()): Report {
  // The cells are all exact or all Monte Carlo (refuseMixedMethods): the seed belongs to the header when they played games.
  const { simulated } = done;
  const first = done.first!;
  const skipped = cells.slice(done.count);
  const partial = skipped.length > 0 || done.cut.length > 0;
  const cellName = (cell: Record<string, string>) => Object.entries(cell).map(([k, v]) => `${k}=${v}`).join(' ');
  const cut = done.cut.map(({ cell, n }) => `${cellName(cell)} stopped after ${n} games`);
  // A line only some cells' reports carry names those cells (two cells' notes may differ: a gap measured in one, not in the other).
  const ofCells = (lines: Map<string, Record<string, string>[]>) => [...lines].map(([line, cells]) => (cells.length === done.count ? line : `(${cells.slice(0, 4).map(cellName).join('; ')}${cells.length > 4 ? ` and ${cells.length - 4} more cells` : ''}) ${line}`));
  const tables = done.sweepTables(axes, id);
  // The cells' own headlines when each has one of one name; else read from the tables.
  const own = done.headlines;
  const same = own.length > 0 && own.every((h) => h.headline !== null && h.headline.label === own[0].headline!.label);
  // Only a sweep stopped early answers for fewer settings than it has (a setting without a headline value is no stop).
  const headlines = same ? (own as SettingHeadline[]) : tableHeadlines(axes, tables);
  // An axis the grid gives one value (--grid rev9=all) names no end of the range.
  const answer = sweepAnswer(id, headlines, partial ? cells.length : undefined, new Set(axes.filter((a) => a.values.length === 1).map((a) => a.key)), inertIn);
  // Each axis without effect in some cells: in how many, and that those cells play alike.
  const inertNotes = axes.flatMap((a) => {
    const where = cells.filter((c) => inertIn.get(JSON.stringify(c))?.includes(a.key));
    return where.length === 0 ? [] : [`${a.key} has no effect in ${where.length} of ${cells.length} cells (${where.slice(0, 4).map(cellName).join('; ')}${where.length > 4 ? ` and ${where.length - 4} more` : ''}): there its values play the same games, and the answer does not name it.`];
  });
  return {
    ...combinedProvenance(id, { grid: Object.fromEntries(axes.map((a) => [a.key, a.values])) }),
    title: `Sweep of ${id} over ${axes.map((a) => `${humanize(a.key)} ∈ {${a.values.join(a.values.some((v) => v.includes(',')) ? ' | ' : ', ')}}`).join(' × ')}`,
    method: simulated ? 'mc' : first.method,
    // The policy that played, where every cell played the same (--set policy=greedy was shown nowhere).
    ...(done.policy ? { policy: done.policy } : {}),
    seed: simulated ? seed : null,
    n: (simulated ?? first).n,
    confidence: opts.confidence,
    ...(partial ? { partial: true } : {}),
    result: { axes, cells: done.entries },
    assumptions: ofCells(done.assumptions),
    tables,
    // The answer first: how far the headline quantity moves over the grid.
    ...(answer ? { text: answer } : {}),
    notes: [
      ...(partial ? [`${done.stopped ? `stopped: ${done.stopped}` : 'interrupted'}: ${[...cut, ...(skipped.length ? [`not run: ${skipped.slice(0, 10).map(cellName).join(', ')}${skipped.length > 10 ? ` and ${skipped.length - 10} more` : ''}`] : [])].join('; ')}`] : []),
      ...(simulated
        ? ['Every cell uses the same seed: game i of each cell draws from the same stream (common random numbers), so differences between cells are not blurred by independent noise.']
        : []),
      ...inertNotes,
      ...ofCells(done.notes),
    ],
    timings: { wallMs: done.wallMs },
  };
}
