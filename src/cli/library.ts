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
import { MAX_SEED } from '../core/rng.js';
import { UsageError } from '../core/usageError.js';
import type * as R from '../games/modeIds.js';
import type { ModeId } from '../games/modeIds.js';
import { MAX_GAMES } from './parseOptions.js';
import { MONTE_CARLO_HINT, refuseIgnored, resolveFromSources } from './resolve.js';
import { chooseSeed, type RunCliOptions } from './runOptions.js';

export type { Cell, Column, Report, ResultTable } from '../core/reportTypes.js';
export type { ReportKind } from '../report/reportKind.js';
export type {
  ModeId,
  DiceResult,
  DarkFateResult,
  DarkFateTraceResult,
  DarkFateVersionResult,
  GenisysAttackExactResult,
  GenisysAttackMcResult,
  FireTeamExactResult,
  FireTeamMcResult,
  SkirmishResult,
  TerrorReportResult,
  TerrorTraceResult,
  DualFatesAttackExactResult,
  DualFatesAttackMcResult,
  PillarsReportResult,
  PillarsCheckResult,
  MatchResult,
  MatchTraceResult,
  ControlResult,
  ControlCheckResult,
  TccgOpeningResult,
  TccgGameResult,
  TccgGameTraceResult,
} from '../games/modeIds.js';
/** Thrown by run() for bad input (the CLI's exit 2): `field` names the option or parameter at fault. */
export { UsageError };
export type { RenderOptions, TextFormat } from '../report/report.js';
export { SCHEMA_VERSION };

/**
 * The `result` of each mode's report, by mode id: the types its run builds the result with. Where a
 * mode answers in more than one form, the result is a union; tell the forms apart by a field:
 * - method exact or mc (genisys attack and fireteam, dualfates attack, pillars and control): the mc
 *   form has `exact` (genisys attack), `exactAvailable` (fireteam), `method: 'mc'` (dualfates attack),
 *   `checks` (pillars, control);
 * - a trace run (params `trace: K`: darkfate, terror, dualfates match, tccg game): game K alone,
 *   with `trace` (its lines).
 */
export interface ModeResults {
  dice: R.DiceResult;
  darkfate: R.DarkFateResult | R.DarkFateTraceResult;
  'genisys attack': R.GenisysAttackExactResult | R.GenisysAttackMcResult;
  'genisys fireteam': R.FireTeamExactResult | R.FireTeamMcResult;
  'genisys skirmish': R.SkirmishResult;
  terror: R.TerrorReportResult | R.TerrorTraceResult;
  'dualfates attack': R.DualFatesAttackExactResult | R.DualFatesAttackMcResult;
  'dualfates pillars': R.PillarsReportResult | R.PillarsCheckResult;
  'dualfates match': R.MatchResult | R.MatchTraceResult;
  'dualfates control': R.ControlResult | R.ControlCheckResult;
  'tccg opening': R.TccgOpeningResult;
  'tccg game': R.TccgGameResult | R.TccgGameTraceResult;
}

/** Fails to compile when ModeResults and ModeId (src/games/modeIds.ts) do not name the same modes. */
type ModeResultsCoverModeIds = Assert<[keyof ModeResults] extends [ModeId] ? ([ModeId] extends [keyof ModeResults] ? true : false) : false>;
type Assert<T extends true> = T;

/**
 * A report as the JSON output carries it: schemaVersion, kind, named tables (see schemas/), and the
 * `result` of mode M (SimReport<'dice'>: a DiceResult); SimReport alone is a report of any mode.
 */
export type SimReport<M extends ModeId = ModeId> = Omit<Report, 'tables' | 'result'> & { schemaVersion: number; kind: ReportKind; result: ModeResults[M]; tables: (ResultTable & { name: string })[] };

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
 * or `run('genisys attack')`. Bad options and parameters throw UsageError naming the field (`games`,
 * `params.handSize`), as the CLI exits 2; a parameter without effect is refused as on the command line.
 */
export async function run<M extends ModeId>(game: M, options: RunOptions = {}): Promise<SimReport<M>> {
  checkRunOptions(options);
  const found = await findMode(game, 'argument game');
  const sets: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.params ?? {})) {
    if (!['string', 'number', 'boolean'].includes(typeof v)) throw new UsageError(`params.${k}: got ${typeof v}, expected a string, number or boolean`, `params.${k}`);
    sets[k] = String(v);
  }
  let params;
  try {
    params = resolveFromSources(found.mode, null, sets, {}, {}, found.id);
    // As on the command line: a parameter without effect, or games for the exact method, are refused.
    refuseIgnored({ mode: found.mode, params }, { games: options.games !== undefined, seed: options.seed !== undefined, jobs: options.jobs !== undefined && options.jobs !== 'auto', reportOptions: options.confidence !== undefined ? ['--confidence'] : [] });
  } catch (e) {
    // The CLI's "option --set handSize" is the library's params.handSize.
    if (e instanceof UsageError) {
      const key = /^option --set ([^:]+):/.exec(e.message)?.[1];
      if (key) throw new UsageError(e.message.replace(`option --set ${key}:`, `params.${key}:`), `params.${key}`);
      // The CLI's -n, -j, --seed and --confidence are the library's games, jobs, seed and confidence.
      const option = /^option (-n|-j|--seed|--confidence):/.exec(e.message)?.[1];
      const field = option === '-n' ? 'games' : option === '-j' ? 'jobs' : option?.slice(2);
      if (option && field) throw new UsageError(e.message.replace(`option ${option}`, field).replace(MONTE_CARLO_HINT, "set params.method to 'mc' for a Monte Carlo run"), field);
    }
    throw e;
  }
  const opts: RunCliOptions = {
    format: 'json',
    quiet: true,
    confidence: options.confidence ?? 0.95,
    games: options.games ?? found.mode.defaultGames,
    jobs: options.jobs ?? 'auto',
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  };
  const seed = chooseSeed(opts, params.method !== 'exact');
  // The mode's run builds its result with the types ModeResults names.
  return toSimReport(await runReport({ ...found, params, opts }, seed)) as SimReport<M>;
}

/** Checks the run options as the CLI checks -n, --seed, -j and --confidence; throws UsageError naming the field. */
function checkRunOptions(o: RunOptions): void {
  if (typeof o !== 'object' || o === null) throw new UsageError('options: expected an object', 'options');
  const known = ['params', 'games', 'seed', 'jobs', 'confidence'];
  for (const k of Object.keys(o)) if (!known.includes(k)) throw new UsageError(`${k}: unknown option (known: ${known.join(', ')})`, k);
  const whole = (v: unknown, lo: number, hi: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= lo && v <= hi;
  if (o.games !== undefined && !whole(o.games, 1, MAX_GAMES)) throw new UsageError(`games: got ${String(o.games)}, expected a whole number of games from 1 to 1e12`, 'games');
  if (o.seed !== undefined && !whole(o.seed, 0, MAX_SEED)) throw new UsageError(`seed: got ${String(o.seed)}, expected a whole number from 0 to ${MAX_SEED}`, 'seed');
  if (o.jobs !== undefined && o.jobs !== 'auto' && !whole(o.jobs, 1, 256)) throw new UsageError(`jobs: got ${String(o.jobs)}, expected "auto" or a number of worker threads from 1 to 256`, 'jobs');
  if (o.confidence !== undefined && !(typeof o.confidence === 'number' && o.confidence > 0 && o.confidence < 1 && o.confidence <= 1 - 1e-12)) {
    throw new UsageError(`confidence: got ${String(o.confidence)}, expected a level between 0 and 1 (exclusive), e.g. 0.95`, 'confidence');
  }
  if (o.params !== undefined && (typeof o.params !== 'object' || o.params === null || Array.isArray(o.params))) throw new UsageError('params: expected an object of parameter values by key', 'params');
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
