// Registers a ScenarioGame as a command: its own options, plus --scenario FILE and repeated
// --set key=value, plus the run and output options. Precedence, lowest first: rulebook defaults,
// scenario file, --set, explicit options.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { resolveParams, UsageError } from '../core/params.js';
import type { ResolvedParams, RunSettings, ScenarioGame } from '../core/scenarioGame.js';
import { parseScenario, parseSetOptions, type ScenarioDoc } from '../core/scenarioFile.js';
import type { Report } from '../core/reportTypes.js';
import { addRunOptions, announceSeed, chooseSeed, emitReport, runWithShell, type RunCliOptions } from './runOptions.js';

export interface GameCommandSpec {
  entry: ScenarioGame;
  /** Command name under `parent`. */
  name: string;
  description: string;
  /** Default -n for Monte Carlo runs. */
  defaultGames: number;
  /** Declares the command's own options (without commander defaults: parameter defaults apply). */
  options?: (cmd: Command) => void;
  /** Maps the options the user actually gave to parameter overrides (key → raw value). */
  overrides?: (opts: Record<string, unknown>) => Record<string, unknown>;
}

export interface GameCliOptions extends RunCliOptions {
  scenario?: string;
  set?: string[];
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Reads and parses a scenario file for game `gameId`. Throws UsageError. */
export function loadScenarioFile(file: string, gameId?: string): ScenarioDoc {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`option --scenario: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const doc = parseScenario(text, file);
  if (gameId !== undefined && doc.game !== gameId) {
    throw new UsageError(`${file}: game: got "${doc.game}", but this command runs "${gameId}"`);
  }
  return doc;
}

/**
 * Resolves parameters from the three sources. `where` in messages names the source of each
 * key: the scenario file and key path, `--set key`, or the option.
 */
export function resolveFromSources(
  entry: ScenarioGame,
  scenario: { file: string; doc: ScenarioDoc } | null,
  sets: Record<string, string>,
  explicit: Record<string, unknown>,
): ResolvedParams {
  const source = new Map<string, string>();
  const merged: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(scenario?.doc.params ?? {})) {
    merged[k] = val;
    source.set(k, `${scenario!.file}: params.${k}`);
  }
  for (const [k, val] of Object.entries(sets)) {
    merged[k] = val;
    source.set(k, `option --set ${k}`);
  }
  for (const [k, val] of Object.entries(explicit)) {
    if (val === undefined) continue;
    merged[k] = val;
    source.set(k, `option --${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  }
  return resolveParams(entry.params, merged, (k) => source.get(k) ?? k);
}

/**
 * Runs a game for the shell: threads, progress, timings, and the `rerun` block that lets
 * `sim check` reproduce the report. `simulate` replaces local execution (shards, merge, compare).
 */
export async function runGameForShell(
  entry: ScenarioGame,
  params: ResolvedParams,
  opts: RunCliOptions,
  seed: number,
  simulate?: RunSettings['simulate'],
): Promise<Report> {
  let timings: Record<string, number | string> | undefined;
  let announced = false;
  const settings: RunSettings = {
    n: opts.games,
    seed,
    confidence: opts.confidence,
    simulate:
      simulate ??
      (async (simId, simParams) => {
        // Announced once parameters are valid, just before the games start.
        if (!announced) announceSeed(opts, seed);
        announced = true;
        const run = await runWithShell(simId, simParams, opts, seed);
        timings = mergeTimings(timings, run.timings);
        return run.result;
      }),
  };
  const report = await entry.run(params, settings);
  const withRerun: Report = { ...report, rerun: { game: entry.id, params: { ...params }, seed, n: opts.games } };
  return timings ? { ...withRerun, timings } : withRerun;
}

/** Adds wall time and games of several simulate calls (e.g. one per Rev-9 version). */
function mergeTimings(
  prev: Record<string, number | string> | undefined,
  next: Record<string, number | string>,
): Record<string, number | string> {
  if (!prev) return next;
  const wallMs = Number(prev.wallMs) + Number(next.wallMs);
  return { ...next, wallMs, calls: Number(prev.calls ?? 1) + 1 };
}

/** The -n/--seed of a command, falling back to the scenario's run block. */
export function runOptionsWithScenario(cmd: Command, opts: RunCliOptions, doc: ScenarioDoc | null): RunCliOptions {
  const fromCli = cmd.getOptionValueSource('games') === 'cli';
  return {
    ...opts,
    games: !fromCli && doc?.run.n !== undefined ? doc.run.n : opts.games,
    seed: opts.seed ?? doc?.run.seed,
  };
}

export function addGameCommand(parent: Command, spec: GameCommandSpec): Command {
  const cmd = parent.command(spec.name).description(spec.description);
  spec.options?.(cmd);
  cmd
    .option('--scenario <file>', 'take parameters (and -n/--seed) from a scenario YAML file')
    .option('--set <key=value>', 'override one parameter (repeatable); see `sim params`', collect, []);
  addRunOptions(cmd, spec.defaultGames);
  cmd.action(async (opts: GameCliOptions & Record<string, unknown>) => {
    const scenario = opts.scenario ? { file: opts.scenario, doc: loadScenarioFile(opts.scenario, spec.entry.id) } : null;
    const params = resolveFromSources(spec.entry, scenario, parseSetOptions(opts.set ?? []), spec.overrides?.(opts) ?? {});
    const runOpts = runOptionsWithScenario(cmd, opts, scenario?.doc ?? null);
    const seed = chooseSeed(runOpts);
    emitReport(await runGameForShell(spec.entry, params, runOpts, seed), opts);
  });
  return cmd;
}
