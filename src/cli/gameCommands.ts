// A game's commands, generated from its GameModule: `sim <game>` for a game whose main mode has
// no name, else `sim <game> <mode>` per mode and `sim <game> <view>` per view. Each parameter with
// `cli` becomes an option by the option table (optionTable.ts); every mode command also takes
// --scenario FILE, repeated --set key=value and the run and output options. Precedence, lowest
// first: rulebook defaults, scenario file, --set, explicit options.
import type { Command } from 'commander';
import { modeId, type GameMode, type GameModule, type GameView, type ViewResult } from '../core/gameModule.js';
import type { ResolvedParams } from '../core/scenarioGame.js';
import { printable } from '../core/printable.js';
import { parseSetOptions } from '../core/scenarioFile.js';
import { UsageError } from '../core/usageError.js';
import { err, setExitCode } from './io.js';
import { addOptionRows, checkOptionClashes, hintSetForParameters, onUnknownOption, optionTable, refuseRepeatedOptions, valuesByRow } from './optionTable.js';
import { parseInputPath, collect } from './parseOptions.js';
import { givenKeys, loadScenarioFor, refuseIgnored, refuseInert, reportOptionsGiven, resolveFromSources, runOptionsWithScenario, sourceOf, type RunRequest } from './resolve.js';
import { addOutputOptions, addRunOptions, type OutputOptions, type RunCliOptions } from './runOptions.js';

/** What a mode command does with its resolved request: run and emit it (or, for `sim submit`, keep it). */
export type OnRun = (req: RunRequest) => Promise<void>;

/** A view's resolved request: its parameters (the argument included) and what it was asked to print. */
export interface ViewRequest {
  game: GameModule;
  view: GameView;
  params: ResolvedParams;
  given: ReadonlySet<string>;
  opts: OutputOptions;
}

/** What a view command does with its resolved request: run the view and emit its report (tests capture it instead). */
export type OnView = (req: ViewRequest) => Promise<void>;

// Running and writing load when a command runs: `sim <game> --help` needs the options alone.
const runAndEmit: OnRun = async (req) => (await import('./execute.js')).runAndEmit(req);

async function runViewAndEmit({ game, view, params, given, opts }: ViewRequest): Promise<void> {
  const { report, failure }: ViewResult = await view.run(params, { given, confidence: opts.confidence ?? 0.95, format: opts.format, sourceOf: (key) => sourceOf(params, key) });
  // What the view was asked away from its defaults, as a mode's report says it (the header's settings line).
  const base = view.baseMode !== undefined ? game.modes.find((m) => m.name === view.baseMode) : undefined;
  const { settingsOf } = await import('./execute.js');
  const asked = view.argument ? Object.fromEntries(Object.entries(params).filter(([k]) => k !== view.argument!.key)) : params;
  const settings = report.settings ?? settingsOf([...(base?.params ?? []), ...view.params], asked, report.title);
  await (await import('./emit.js')).emitReport(settings.length && report.method !== 'none' ? { ...report, settings } : report, opts);
  if (failure) {
    err().write(`sim: ${printable(failure)}\n`);
    setExitCode(1);
  }
}

/** `sim <game> [<mode>]`: resolves its sources into a RunRequest and hands it to `onRun`. */
export function addModeCommand(cmd: Command, game: GameModule, mode: GameMode, onRun: OnRun = runAndEmit): Command {
  const id = modeId(game, mode);
  cmd.description(mode.summary);
  const rows = optionTable(mode.params);
  addOptionRows(cmd, rows);
  cmd
    .option('--scenario <file>', `take parameters (and -n/--seed) from a scenario YAML file (game: ${id})`, parseInputPath)
    .option('--set <key=value>', `override one parameter of the scenario or the defaults (repeatable; not together with the parameter's own option); see \`sim params ${id}\``, collect);
  addRunOptions(cmd, mode.defaultGames);
  // A mode that is exact by default refuses -n, --seed and --confidence unless --method mc: its help says so.
  if (mode.params.some((s) => s.key === 'method' && s.default === 'exact')) {
    for (const o of cmd.options) if (o.long === '--games' || o.long === '--seed' || o.long === '--confidence') o.description += ' (Monte Carlo only: with --method mc)';
  }
  checkOptionClashes(cmd);
  hintSetForParameters(cmd, mode.params, `\`sim params ${id}\``);
  cmd.action(async (opts: RunCliOptions & { scenario?: string; set?: string[] } & Record<string, unknown>) => {
    refuseRepeatedOptions(cmd);
    const scenario = opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, id) } : null;
    const params = resolveFromSources(mode, scenario, parseSetOptions(opts.set ?? []), valuesByRow(opts, rows), {}, id);
    refuseIgnored({ mode, params }, { games: cmd.getOptionValueSource('games') === 'cli', seed: cmd.getOptionValueSource('seed') === 'cli', shard: opts.shard !== undefined, checkpoint: opts.checkpoint !== undefined, jobs: cmd.getOptionValueSource('jobs') === 'cli', reportOptions: reportOptionsGiven(cmd) });
    await onRun({ game, mode, id, params, opts: runOptionsWithScenario(cmd, opts, scenario?.doc ?? null), scenarioFile: opts.scenario, ...(scenario?.doc.description ? { scenarioDescription: scenario.doc.description } : {}), ...(scenario ? { scenarioRun: scenario.doc.run } : {}) });
  });
  return cmd;
}

/** The options of a command that plays games (addRunOptions), which a view has none of. */
const VIEW_RUN_OPTIONS = ['-n', '--games', '--seed', '-j', '--jobs', '--chunk-size', '--shard', '--checkpoint', '--decision-timeout', '--policy-memory', '--hmac-key-file'];

/** `sim <game> <view>`: an exact table or a validator; pure given its resolved parameters. */
function addViewCommand(cmd: Command, game: GameModule, view: GameView, onView: OnView): Command {
  const base = view.baseMode !== undefined ? game.modes.find((m) => m.name === view.baseMode) : undefined;
  if (view.baseMode !== undefined && !base) throw new Error(`game ${game.id}: view ${view.name} names an unknown mode ${view.baseMode}`);
  cmd.description(view.summary);
  if (view.argument) cmd.argument(`<${view.argument.name}>`, view.argument.doc);
  const specs = [...(base?.params ?? []), ...view.params];
  const rows = optionTable(specs, { help: view.help, omit: view.omit });
  addOptionRows(cmd, rows);
  if (base) {
    const id = modeId(game, base);
    cmd
      .option('--scenario <file>', `take base parameters from a scenario YAML file (game: ${id})`, parseInputPath)
      .option('--set <key=value>', 'override one base parameter (repeatable)', collect);
  } else if (view.sets) {
    cmd.option('--set <key=value>', `override a rule (repeatable): ${view.params.map((s) => s.key).join(', ')}`, collect);
  }
  addOutputOptions(cmd, { intervals: false });
  checkOptionClashes(cmd);
  // A view computes, it plays no games: a run option is refused with that reason, not only as unknown.
  onUnknownOption(cmd, (flag, commanders) => {
    // --seed=3, and a short option with its value attached (-n5, -j1).
    const long = flag.split('=')[0];
    const name = /^-[a-zA-Z]./.test(long) ? long.slice(0, 2) : long;
    return VIEW_RUN_OPTIONS.includes(name) ? `error: unknown option '${name}': sim ${game.id} ${view.name} computes its numbers and plays no games, so it takes no run options (-n, --seed, -j, --shard, --checkpoint)` : commanders;
  });
  if (base) hintSetForParameters(cmd, specs, `\`sim params ${modeId(game, base)}\``);
  else if (view.sets) hintSetForParameters(cmd, view.params, `\`sim ${game.id} ${view.name} --help\``);
  cmd.action(async (...args: unknown[]) => {
    const opts = (view.argument ? args[1] : args[0]) as OutputOptions & { scenario?: string; set?: string[] } & Record<string, unknown>;
    refuseRepeatedOptions(cmd);
    (await import('./emit.js')).refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file: opts.scenario, what: 'the scenario file' }, { file: view.argument ? (args[0] as string) : undefined, what: `the ${view.argument?.name} argument` }]);
    const scenario = base && opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, modeId(game, base)) } : null;
    let params: ResolvedParams;
    try {
      // A view over a mode takes the values its data adds too (genisys table --set data.units.endoskeleton.armor=9).
      const from = base?.extraParams ? { params: specs, extraParams: base.extraParams } : specs;
      params = resolveFromSources(from, scenario, parseSetOptions(opts.set ?? []), valuesByRow(opts, rows), {}, base ? modeId(game, base) : undefined);
    } catch (e) {
      // A view's own rules have no `sim params` entry: the message lists them instead.
      if (e instanceof UsageError && !base) throw new UsageError(e.message.replace('see `sim params`', `known: ${view.params.map((s) => s.key).join(', ')}`));
      throw e;
    }
    refuseInert(specs, params);
    const given = givenKeys(params);
    if (view.argument) params[view.argument.key] = args[0] as string;
    await onView({ game, view, params, given, opts });
  });
  return cmd;
}

/** Registers every command of `game` on `program`; `onRun` receives each mode command's request, `onView` each view's. */
export function registerGame(program: Command, game: GameModule, onRun: OnRun = runAndEmit, onView: OnView = runViewAndEmit): void {
  const main = game.modes.find((m) => m.name === '');
  if (main) {
    if (game.modes.length > 1 || game.views?.length) throw new Error(`game ${game.id}: a game with a main mode has no other modes or views`);
    addModeCommand(program.command(game.id, { hidden: game.hidden === true }), game, main, onRun);
    return;
  }
  const parent = program.command(game.id, { hidden: game.hidden === true }).description(game.summary);
  for (const mode of game.modes) addModeCommand(parent.command(mode.name), game, mode, onRun);
  for (const view of game.views ?? []) addViewCommand(parent.command(view.name), game, view, onView);
}
