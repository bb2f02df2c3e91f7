// The library API: `import { run } from 'sim'` runs a game mode (or view) in-process and returns
// the same report the CLI prints as JSON (`--format json`), as an object. It goes through the
// shell's own path (parameters resolved and validated as for `--set`, the runner, worker threads)
// with no progress bar, no stderr output and no signal handlers. Rendering is exported too.
import type { Report, ResultTable } from '../core/reportTypes.js';
import { findMode } from '../games/index.js';
import { renderHtml } from '../report/html.js';
import { jsonReport, render, SCHEMA_VERSION, type RenderOptions, type TextFormat } from '../report/report.js';
import type { ReportKind } from '../report/reportKind.js';
import { runReport } from './execute.js';
import { resolveFromSources } from './resolve.js';
import { chooseSeed, type RunCliOptions } from './runOptions.js';

export type { Cell, Column, Report, ResultTable } from '../core/reportTypes.js';
export type { ReportKind } from '../report/reportKind.js';
export type { RenderOptions, TextFormat } from '../report/report.js';
export { SCHEMA_VERSION };

/** A report as the JSON output carries it: schemaVersion, kind, named tables (see schemas/). */
export type SimReport = Omit<Report, 'tables'> & { schemaVersion: number; kind: ReportKind; tables: (ResultTable & { name: string })[] };

export interface RunOptions {
  /** Parameters by key, as `--set key=value` gives them (`sim params GAME` lists them): strings, numbers or booleans. */
  params?: Record<string, string | number | boolean>;
  /** Games to play (default: the mode's own, as on the command line). */
  games?: number;
  /** Seed; chosen at random when absent (the report's `seed` says which). */
  seed?: number;
  /** Worker threads (default 'auto': the available cores); 1 runs in this thread. */
  jobs?: number | 'auto';
  /** Confidence level of every interval (default 0.95). */
  confidence?: number;
}

/**
 * Runs a game mode, e.g. `run('darkfate', { params: { rev9: 'all' }, games: 10_000, seed: 1 })`
 * or `run('genisys attack')`. Bad parameters throw an Error naming the parameter (the CLI's exit 2).
 */
export async function run(game: string, options: RunOptions = {}): Promise<SimReport> {
  const found = await findMode(game, 'argument game');
  const sets = Object.fromEntries(Object.entries(options.params ?? {}).map(([k, v]) => [k, String(v)]));
  const params = resolveFromSources(found.mode, null, sets, {}, {}, found.id);
  const opts: RunCliOptions = {
    format: 'json',
    quiet: true,
    confidence: options.confidence ?? 0.95,
    games: options.games ?? found.mode.defaultGames,
    jobs: options.jobs ?? 'auto',
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  };
  const seed = chooseSeed(opts, params.method !== 'exact');
  return toSimReport(await runReport({ ...found, params, opts }, seed));
}

/** The JSON form of a report (what `--format json` prints, before JSON.stringify). */
export function toSimReport(report: Report): SimReport {
  return jsonReport(report) as unknown as SimReport;
}

/** The text formats of the CLI: `table` (with `width`, `brief`), `csv` (with `table`), `json`. */
export function format(report: Report | SimReport, as: TextFormat, opts: RenderOptions = {}): string {
  return render(report as Report, as, opts);
}

/** The self-contained HTML page (plots as inline SVG) that `--format html` writes. */
export function html(report: Report | SimReport): Promise<string> {
  return renderHtml(report as Report);
}
