// A game's commands, generated from its GameModule: `sim <game>` for a game whose main mode has
// no name, else `sim <game> <mode>` per mode and `sim <game> <view>` per view. Each parameter with
// `cli` becomes an option (flag, help, choices from the spec); every mode command also takes
// --scenario FILE, repeated --set key=value and the run and output options. Precedence, lowest
// first: rulebook defaults, scenario file, --set, explicit options.
import { Command, Option } from 'commander';
import { modeId, type GameMode, type GameModule, type GameView } from '../core/gameModule.js';
import { describeAllowed, type ParamSpec } from '../core/params.js';
import type { ResolvedParams } from '../core/scenarioGame.js';
import { parseSetOptions } from '../core/scenarioFile.js';
import { UsageError } from '../core/usageError.js';
import { emitReport, refuseOutputOverInput } from './emit.js';
import { runAndEmit } from './execute.js';
import { err, setExitCode } from './io.js';
import { collect } from './parseOptions.js';
import { givenKeys, loadScenarioFor, resolveFromSources, runOptionsWithScenario, type RunRequest } from './resolve.js';
import { addOutputOptions, addRunOptions, type OutputOptions, type RunCliOptions } from './runOptions.js';

/** What a mode command does with its resolved request: run and emit it (or, for `sim submit`, keep it). */
export type OnRun = (req: RunRequest) => Promise<void>;

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The commander option of a parameter with `cli`, and the parameter key it fills. */
function optionOf(spec: ParamSpec, helpText?: string): Option {
  const cli = spec.cli!;
  const flag = cli.flag ?? (spec.type === 'bool' ? `--${kebab(spec.key)}` : `--${kebab(spec.key)} <value>`);
  const help = helpText ?? cli.help ?? `${spec.doc}: ${describeAllowed(spec)} (default ${String(spec.default)})`;
  const option = new Option(flag, help);
  // No commander default: the parameter's default applies (and a scenario or --set can give the value).
  if (cli.required) option.makeOptionMandatory();
  return option;
}

/** Adds the options of the parameters that have `cli`; returns attribute name → parameter key. */
function addParamOptions(cmd: Command, specs: readonly ParamSpec[], help: Readonly<Record<string, string>> = {}): Map<string, ParamSpec> {
  const byAttribute = new Map<string, ParamSpec>();
  for (const spec of specs) {
    if (!spec.cli) continue;
    const option = optionOf(spec, Object.hasOwn(help, spec.key) ? help[spec.key] : undefined);
    cmd.addOption(option);
    byAttribute.set(option.attributeName(), spec);
  }
  return byAttribute;
}

/** The options the user gave, as parameter overrides (raw text, rewritten by `cli.parse`). */
function explicitParams(opts: Record<string, unknown>, byAttribute: Map<string, ParamSpec>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [attr, spec] of byAttribute) {
    const raw = opts[attr];
    if (raw === undefined) continue;
    out[spec.key] = typeof raw === 'string' && spec.cli?.parse ? spec.cli.parse(raw) : raw;
  }
  return out;
}

/** `sim <game> [<mode>]`: resolves its sources into a RunRequest and hands it to `onRun`. */
export function addModeCommand(cmd: Command, game: GameModule, mode: GameMode, onRun: OnRun = runAndEmit): Command {
  const id = modeId(game, mode);
  cmd.description(mode.summary);
  const byAttribute = addParamOptions(cmd, mode.params);
  cmd
    .option('--scenario <file>', `take parameters (and -n/--seed) from a scenario YAML file (game: ${id})`)
    .option('--set <key=value>', `override one parameter (repeatable); see \`sim params ${id}\``, collect);
  addRunOptions(cmd, mode.defaultGames);
  cmd.action(async (opts: RunCliOptions & { scenario?: string; set?: string[] } & Record<string, unknown>) => {
    const scenario = opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, id) } : null;
    const params = resolveFromSources(mode, scenario, parseSetOptions(opts.set ?? []), explicitParams(opts, byAttribute), {}, id);
    await onRun({ game, mode, id, params, opts: runOptionsWithScenario(cmd, opts, scenario?.doc ?? null), scenarioFile: opts.scenario });
  });
  return cmd;
}

/** `sim <game> <view>`: an exact table or a validator; pure given its resolved parameters. */
function addViewCommand(cmd: Command, game: GameModule, view: GameView): Command {
  const base = view.baseMode !== undefined ? game.modes.find((m) => m.name === view.baseMode) : undefined;
  if (view.baseMode !== undefined && !base) throw new Error(`game ${game.id}: view ${view.name} names an unknown mode ${view.baseMode}`);
  cmd.description(view.summary);
  if (view.argument) cmd.argument(`<${view.argument.name}>`, view.argument.doc);
  const specs = [...(base?.params ?? []), ...view.params];
  const byAttribute = addParamOptions(cmd, specs, view.help);
  if (base) {
    const id = modeId(game, base);
    cmd
      .option('--scenario <file>', `take base parameters from a scenario YAML file (game: ${id})`)
      .option('--set <key=value>', 'override one base parameter (repeatable)', collect);
  } else if (view.sets) {
    cmd.option('--set <key=value>', `override a rule (repeatable): ${view.params.map((s) => s.key).join(', ')}`, collect);
  }
  addOutputOptions(cmd);
  cmd.action(async (...args: unknown[]) => {
    const opts = (view.argument ? args[1] : args[0]) as OutputOptions & { scenario?: string; set?: string[] } & Record<string, unknown>;
    refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file: opts.scenario, what: 'the scenario file' }, { file: view.argument ? (args[0] as string) : undefined, what: `the ${view.argument?.name} argument` }]);
    const scenario = base && opts.scenario ? { file: opts.scenario, doc: await loadScenarioFor(opts.scenario, modeId(game, base)) } : null;
    let params: ResolvedParams;
    try {
      params = resolveFromSources(specs, scenario, parseSetOptions(opts.set ?? []), explicitParams(opts, byAttribute), {}, base ? modeId(game, base) : undefined);
    } catch (e) {
      // A view's own rules have no `sim params` entry: the message lists them instead.
      if (e instanceof UsageError && !base) throw new UsageError(e.message.replace('see `sim params`', `known: ${view.params.map((s) => s.key).join(', ')}`));
      throw e;
    }
    const given = givenKeys(params);
    if (view.argument) params[view.argument.key] = args[0] as string;
    const { report, failure } = await view.run(params, { given, confidence: opts.confidence, format: opts.format });
    emitReport(report, opts);
    if (failure) {
      err().write(`sim: ${failure}\n`);
      setExitCode(1);
    }
  });
  return cmd;
}

/** Registers every command of `game` on `program`; `onRun` receives each mode command's request. */
export function registerGame(program: Command, game: GameModule, onRun: OnRun = runAndEmit): void {
  const main = game.modes.find((m) => m.name === '');
  if (main) {
    if (game.modes.length > 1 || game.views?.length) throw new Error(`game ${game.id}: a game with a main mode has no other modes or views`);
    addModeCommand(program.command(game.id, { hidden: game.hidden === true }), game, main, onRun);
    return;
  }
  const parent = program.command(game.id, { hidden: game.hidden === true }).description(game.summary);
  for (const mode of game.modes) addModeCommand(parent.command(mode.name), game, mode, onRun);
  for (const view of game.views ?? []) addViewCommand(parent.command(view.name), game, view);
}
