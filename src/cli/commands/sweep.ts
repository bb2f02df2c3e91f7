// `sim sweep GAME --grid key=v1,v2 …`: the cross product of parameter values, every cell on the
// same seed (so the same game indices and streams), one row per cell (per row of the game's main
// table) with its intervals.
import { Command } from 'commander';
import { collect } from '../parseOptions.js';
import { UsageError, validateParam, type ParamSpec } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { Column, Report, ResultTable } from '../../core/reportTypes.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import type { ScenarioGame } from '../../core/scenarioGame.js';
import { nearest } from '../../core/params.js';
import { loadScenarioFile, resolveFromSources, runGameForShell, runOptionsWithScenario } from '../gameCommand.js';
import { addRunOptions, chooseSeed, emitReport, refuseResumeOptions, type RunCliOptions } from '../runOptions.js';
import { requireScenarioGame } from './scenarioCommands.js';

export interface GridAxis {
  key: string;
  values: string[];
}

/** Parses one --grid "key=v1,v2" (a "set:" prefix is accepted: every key is a parameter). */
export function parseGrid(raw: string): GridAxis {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UsageError(`option --grid: got ${JSON.stringify(raw)}, expected key=v1,v2 (e.g. --grid set:handSize=5,6)`);
  const key = raw.slice(0, eq).trim().replace(/^set:/, '');
  const values = raw.slice(eq + 1).split(',').map((v) => v.trim()).filter((v) => v !== '');
  if (values.length === 0) throw new UsageError(`option --grid ${key}: no values given`);
  return { key, values };
}

/** Expands "all": every choice of an enum (unless the game itself accepts "all"), both booleans. */
export function expandAxis(axis: GridAxis, spec: ParamSpec): string[] {
  const out: string[] = [];
  for (const v of axis.values) {
    if (v === 'all' && spec.type === 'enum' && !(spec.choices ?? []).includes('all')) out.push(...(spec.choices ?? []));
    else if (v === 'all' && spec.type === 'bool') out.push('false', 'true');
    else out.push(v);
  }
  return [...new Set(out)];
}

/** Cells of the cross product, first axis varying slowest. */
export function crossProduct(axes: { key: string; values: string[] }[]): Record<string, string>[] {
  return axes.reduce<Record<string, string>[]>((cells, axis) => cells.flatMap((c) => axis.values.map((v) => ({ ...c, [axis.key]: v }))), [{}]);
}


interface SweepOptions extends RunCliOptions {
  grid: string[];
  set: string[];
  scenario?: string;
}

export function registerSweep(program: Command): void {
  const cmd = program
    .command('sweep')
    .description('run the cross product of parameter values on the same streams; one row per cell with intervals')
    .argument('<game>', 'game id (see `sim params`)')
    .option('--grid <key=values>', 'an axis: parameter and comma-separated values; "all" = every choice (repeatable)', collect)
    .option('--scenario <file>', 'base parameters from a scenario file')
    .option('--set <key=value>', 'fixed override for every cell (repeatable)', collect);
  addRunOptions(cmd, 1e4, { resumable: false }).action(async (game: string, opts: SweepOptions) => {
    opts.grid ??= [];
    refuseResumeOptions(opts, 'sweep');
    opts.set ??= [];
    const entry = await requireScenarioGame(game, 'argument game');
    if (opts.grid.length === 0) throw new UsageError('option --grid: give at least one axis, e.g. --grid set:handSize=5,6');
    const axes = opts.grid.map(parseGrid).map((axis) => {
      const spec = entry.params.find((p) => p.key === axis.key);
      if (!spec) {
        const near = nearest(axis.key, entry.params.map((p) => p.key));
        throw new UsageError(`option --grid: unknown parameter "${axis.key}" of ${entry.id}${near ? ` (did you mean "${near}"?)` : ''}; see \`sim params ${entry.id}\``);
      }
      const values = expandAxis(axis, spec);
      for (const v of values) validateParam(spec, v, `option --grid ${axis.key}`);
      return { key: axis.key, values };
    });
    const scenario = opts.scenario ? { file: opts.scenario, doc: loadScenarioFile(opts.scenario, entry.id) } : null;
    const runOpts = runOptionsWithScenario(cmd, opts, scenario?.doc ?? null);
    const seed = chooseSeed(runOpts);
    const sets = parseSetOptions(opts.set);
    const cells = crossProduct(axes);
    const reports: Report[] = [];
    for (const cell of cells) {
      const params = resolveFromSources(entry, scenario, sets, {}, cell);
      reports.push(await runGameForShell(entry, params, runOpts, seed));
    }
    emitReport(sweepReport(entry, axes, cells, reports, seed, runOpts), opts);
  });
}

function sweepReport(entry: ScenarioGame, axes: GridAxis[], cells: Record<string, string>[], reports: Report[], seed: number, opts: RunCliOptions): Report {
  const main = reports[0].tables[0];
  const axisCols: Column[] = axes.map((a) => ({ key: `cell.${a.key}`, header: a.key, format: 'text' }));
  const table: ResultTable = {
    title: `${main?.title ?? entry.id} — by ${axes.map((a) => a.key).join(' × ')}`,
    columns: [...axisCols, ...(main?.columns ?? [])],
    rows: reports.flatMap((r, i) =>
      (r.tables[0]?.rows ?? []).map((row) => ({ ...Object.fromEntries(Object.entries(cells[i]).map(([k, v]) => [`cell.${k}`, v])), ...row })),
    ),
  };
  const timings = reports.reduce((s, r) => s + Number(r.timings?.wallMs ?? 0), 0);
  return {
    ...provenance(entry.id, { grid: Object.fromEntries(axes.map((a) => [a.key, a.values])) }),
    title: `Sweep of ${entry.id} over ${axes.map((a) => `${a.key} ∈ {${a.values.join(', ')}}`).join(' × ')}`,
    method: reports[0].method,
    seed: reports[0].method === 'mc' ? seed : null,
    n: reports[0].n,
    confidence: opts.confidence,
    result: { axes, cells: cells.map((cell, i) => ({ cell, params: reports[i].rerun?.params, result: reports[i].result })) },
    assumptions: [...new Set(reports.flatMap((r) => r.assumptions))],
    tables: [table],
    notes: [
      'Every cell uses the same seed: game i of each cell draws from the same stream (common random numbers), so differences between cells are not blurred by independent noise.',
      ...[...new Set(reports.flatMap((r) => r.notes))],
    ],
    timings: { wallMs: timings },
  };
}
