// Registers a ScenarioGame as a command: its own options, plus --scenario FILE and repeated
// --set key=value, plus the run and output options. Precedence, lowest first: rulebook defaults,
// scenario file, --set, explicit options.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative as relativePath, resolve as resolvePath } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Totals } from '../core/aggregate.js';
import { GameError } from '../core/gameError.js';
import { fileHash, hashOf } from '../core/hash.js';
import { packageInfo } from '../core/packageInfo.js';
import type { RunResult } from '../run/runner.js';
import {
  identityMismatch,
  identityOf,
  readJsonFile,
  savedTotals,
  shardRange,
  type CheckpointFile,
  type PartFile,
  type RunIdentity,
  type SavedCall,
} from './runState.js';
import type { Command } from 'commander';
import { collect } from './parseOptions.js';
import { resolveParams } from '../core/params.js';
import { UsageError } from '../core/usageError.js';
import type { ResolvedParams, RunSettings, ScenarioGame } from '../core/scenarioGame.js';
import { parseScenario, parseSetOptions, type ScenarioDoc } from '../core/scenarioFile.js';
import type { Report } from '../core/reportTypes.js';
import { addRunOptions, announceSeed, chooseSeed, emitReport, runWithShell, writeFileAtomic, type RunCliOptions } from './runOptions.js';

export interface GameCommandSpec {
  entry: ScenarioGame;
  /** Command name under `parent`. */
  name: string;
  /** Left out of --help (test fixtures). */
  hidden?: boolean;
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

/** Where each resolved parameter came from (kept beside the params object, for run-time errors). */
const paramSources = new WeakMap<ResolvedParams, Map<string, string>>();

/**
 * A game's cross-field check names a parameter ("parameter players: …"); once resolved, the shell
 * knows where that value came from, so the message names the option, `--set` key or scenario
 * field instead. Parameters left at their defaults keep "parameter X".
 */
export function namingSource(err: unknown, params: ResolvedParams): unknown {
  if (!(err instanceof UsageError)) return err;
  const sources = paramSources.get(params);
  const m = /^parameter (\w+):/.exec(err.message);
  const where = m ? sources?.get(m[1]) : undefined;
  let message = where ? `${where}:${err.message.slice(m![0].length)}` : err.message;
  // A second parameter the message names in parentheses, "(parameter players)", is named by its source too.
  message = message.replace(/\(parameter (\w+)\)/g, (all, key: string) => (sources?.has(key) ? `(${sources.get(key)})` : all));
  return message === err.message ? err : new UsageError(message);
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
  grid: Record<string, string> = {},
): ResolvedParams {
  const source = new Map<string, string>();
  const merged: Record<string, unknown> = {};
  // File parameters are resolved against the folder of the scenario that names them, or the
  // working directory when given on the command line, so a run means the same files anywhere.
  // Resolved paths are kept relative to the working directory when inside it, so that reports
  // (and their parameter hashes) do not depend on where the checkout lives.
  const put = (k: string, val: unknown, base: string, where: string) => {
    const spec = entry.params.find((p) => p.key === k);
    const isFile = spec?.type === 'path' && typeof val === 'string' && val !== '' && !(spec.choices ?? []).includes(val);
    merged[k] = isFile ? portablePath(resolvePath(base, val as string)) : val;
    source.set(k, where);
  };
  const scenarioDir = scenario ? dirname(resolvePath(scenario.file)) : process.cwd();
  // A scenario's `run: {policy}` names the policy when the game has a `policy` parameter.
  if (scenario?.doc.run.policy !== undefined && entry.params.some((p) => p.key === 'policy')) {
    put('policy', scenario.doc.run.policy, scenarioDir, `${scenario.file}: run.policy`);
  }
  for (const [k, val] of Object.entries(scenario?.doc.params ?? {})) put(k, val, scenarioDir, `${scenario!.file}: params.${k}`);
  for (const [k, val] of Object.entries(sets)) put(k, val, process.cwd(), `option --set ${k}`);
  // A sweep cell (`sim sweep --grid`) overrides --set.
  for (const [k, val] of Object.entries(grid)) put(k, val, process.cwd(), `option --grid ${k}`);
  for (const [k, val] of Object.entries(explicit)) {
    if (val === undefined) continue;
    put(k, val, process.cwd(), `option --${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  }
  // A value that implies others (solo → one player) fills in those no source gave, named by its source.
  for (const spec of entry.params) {
    if (!spec.implies || !(spec.key in merged) || String(merged[spec.key]) !== String(spec.implies.when)) continue;
    for (const [k, val] of Object.entries(spec.implies.set)) if (!(k in merged)) put(k, val, process.cwd(), source.get(spec.key)!);
  }
  const resolved = resolveParams(entry.params, merged, (k) => source.get(k) ?? k);
  paramSources.set(resolved, source);
  return resolved;
}

/**
 * Content hashes of the files the path parameters name (card data, a policy module; not a
 * built-in choice such as "reference", nor a default file), for the run's identity: a checkpoint, shard or submitted
 * job made with other file contents is another run. A file that cannot be read is left to the game's own error.
 */
export function inputFileHashes(entry: ScenarioGame, params: ResolvedParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of entry.params) {
    const value = params[spec.key];
    // A default file ships with the tool: its version identifies it (and it resolves the same from anywhere).
    if (spec.type !== 'path' || typeof value !== 'string' || value === '' || value === spec.default || (spec.choices ?? []).includes(value)) continue;
    const file = resolvePath(value);
    if (existsSync(file) && statSync(file).isFile()) out[spec.key] = fileHash(file);
  }
  return out;
}

/** Everything a game run left: its report and, per simulate call, the aggregate of its range. */
export interface GameExecution {
  report: Report;
  calls: SavedCall[];
  range: [number, number];
  identity: RunIdentity;
  partial: boolean;
}

/**
 * Runs a game for the shell: threads, progress, timings, shards, checkpoints, and the `rerun`
 * block that lets `sim check` reproduce the report. `simulate` replaces local execution (merge,
 * compare).
 */
export async function executeGame(
  entry: ScenarioGame,
  params: ResolvedParams,
  opts: RunCliOptions,
  seed: number,
  simulate?: RunSettings['simulate'],
): Promise<GameExecution> {
  let timings: Record<string, number | string> | undefined;
  let announced = false;
  let partial = false;
  const range: [number, number] = opts.shard ? shardRange(opts.games, opts.shard.k, opts.shard.m) : [0, opts.games];
  const identity = identityOf(entry.id, packageInfo().version, { ...params }, seed, opts.games, opts.shard?.m, inputFileHashes(entry, params));
  const checkpoint = opts.checkpoint ? openCheckpoint(opts.checkpoint, identity, range) : null;
  const calls: SavedCall[] = [];
  const local = async (simId: string, simParams: unknown): Promise<RunResult> => {
    // Announced once parameters are valid, just before the games start.
    if (!announced) announceSeed(opts, seed);
    announced = true;
    const c = calls.length;
    const simParamsHash = hashOf(simParams);
    const saved = checkpoint?.saved.calls[c];
    if (saved && (saved.simId !== simId || saved.simParamsHash !== simParamsHash)) {
      throw new UsageError(`${checkpoint!.file}: checkpoint entry ${c} is for another simulation; delete it or use another file`);
    }
    const prior = saved ? await savedTotals(saved) : null;
    const from = range[0] + (prior?.games ?? 0);
    const call: SavedCall = { simId, simParamsHash, simParams, start: range[0], games: prior?.games ?? 0, totals: prior?.toJSON() ?? null };
    calls.push(call);
    let totals = prior;
    let result: RunResult | null = null;
    if (from < range[1] || !prior) {
      let lastSave = performance.now();
      const run = await runWithShell(simId, simParams, opts, seed, { start: from, n: range[1] - from }, (done, t) => {
        // Checkpoint at most every 2 s: merge the saved prefix with the completed chunks so far.
        if (!checkpoint || performance.now() - lastSave < 2000) return;
        lastSave = performance.now();
        const merged = prior ? Totals.fromJSON(prior.layout, prior.toJSON()) : null;
        if (merged) merged.addTotals(t);
        call.games = (prior?.games ?? 0) + done;
        call.totals = (merged ?? t).toJSON();
        checkpoint.save(calls);
      });
      timings = mergeTimings(timings, run.timings);
      result = run.result;
      if (prior) prior.addTotals(run.result.totals);
      totals = prior ?? run.result.totals;
      partial ||= run.result.partial;
    }
    call.games = totals!.games;
    call.totals = totals!.toJSON();
    checkpoint?.save(calls);
    return { totals: totals!, games: totals!.games, partial: totals!.games < range[1] - range[0], chunkSize: result?.chunkSize ?? 0, jobs: result?.jobs ?? 0 };
  };
  const settings: RunSettings = { n: opts.games, seed, confidence: opts.confidence, simulate: simulate ?? local };
  let report: Report;
  try {
    report = await entry.run(params, settings);
  } catch (err) {
    throw namingSource(err, params);
  }
  // A report that used the seed without simulating a run (a --trace of one game) tells it too.
  if (!announced && report.method === 'mc') announceSeed(opts, seed);
  const withRerun: Report = { ...report, rerun: { game: entry.id, params: { ...params }, seed, n: opts.games } };
  return { report: timings ? { ...withRerun, timings } : withRerun, calls, range, identity, partial: partial || report.partial === true };
}

export async function runGameForShell(
  entry: ScenarioGame,
  params: ResolvedParams,
  opts: RunCliOptions,
  seed: number,
  simulate?: RunSettings['simulate'],
): Promise<Report> {
  return (await executeGame(entry, params, opts, seed, simulate)).report;
}

/** A resolved game run, as `sim submit` captures it from a game command line instead of running it. */
export interface CapturedRun {
  entry: ScenarioGame;
  params: ResolvedParams;
  opts: RunCliOptions;
}

let captureHook: ((run: CapturedRun) => void) | null = null;

/** The commands that run a game (and so can be submitted as shards): game commands and `sim run`. */
const RUNS_A_GAME = new WeakSet<Command>();
export function markRunsAGame(cmd: Command): Command {
  RUNS_A_GAME.add(cmd);
  return cmd;
}
/** Whether the command an argument list names (its deepest subcommand, options aside) runs a game. */
export function commandRunsAGame(program: Command, args: readonly string[]): boolean {
  let cmd = program;
  for (const arg of args) {
    const sub = cmd.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) break;
    cmd = sub;
  }
  return cmd !== program && RUNS_A_GAME.has(cmd);
}

/** While set, game commands hand their resolved run to `hook` instead of running it. */
export function setCaptureHook(hook: ((run: CapturedRun) => void) | null): void {
  captureHook = hook;
}

/** Runs and writes the result: a part file for --shard, the report otherwise. */
export async function runAndEmit(entry: ScenarioGame, params: ResolvedParams, opts: RunCliOptions): Promise<void> {
  const traced = typeof params.trace === 'number' && params.trace >= 0;
  if (captureHook) {
    // sim submit splits a run into shards: a trace replays one game and has none.
    if (traced) throw namingSource(new UsageError('parameter trace: replays one game, so it cannot be submitted as shards'), params);
    captureHook({ entry, params, opts });
    return;
  }
  // A trace replays one game and simulates none: nothing to split into shards or to checkpoint.
  if (traced && (opts.shard || opts.checkpoint)) {
    throw namingSource(new UsageError(`parameter trace: replays one game, so it cannot be combined with --${opts.shard ? 'shard' : 'checkpoint'}`), params);
  }
  // Rerunning an interrupted command without --seed resumes its checkpoint with the seed it used.
  const saved = opts.seed === undefined && opts.checkpoint && existsSync(opts.checkpoint) ? readJsonFile<CheckpointFile>(opts.checkpoint, 'checkpoint') : null;
  // A game's `method: exact` never simulates (a conformance test holds each game to it): no random seed to draw.
  const seed = saved?.identity && Number.isSafeInteger(saved.identity.seed) ? saved.identity.seed : chooseSeed(opts, params.method !== 'exact');
  if (saved?.identity) {
    if (!opts.quiet) process.stderr.write(`sim: resuming ${opts.checkpoint} with its seed ${seed}\n`);
    opts = { ...opts, seed };
  }
  let ex: GameExecution;
  try {
    ex = await executeGame(entry, params, opts, seed);
  } catch (err) {
    // A failed game may leave its output so far (a trace up to the failure): data first, then the error.
    if (err instanceof GameError && err.partialReport && !opts.shard) emitReport(err.partialReport, opts);
    throw err;
  }
  if (!opts.shard) {
    emitReport(ex.report, opts);
    return;
  }
  const part: PartFile & { partial?: boolean } = { kind: 'sim-part', identity: ex.identity, shard: opts.shard.k, range: ex.range, calls: ex.calls, ...(ex.partial ? { partial: true } : {}) };
  const text = JSON.stringify(part) + '\n';
  if (opts.out) {
    writeFileAtomic(opts.out, text);
    if (!opts.quiet) process.stderr.write(`sim: wrote shard ${opts.shard.k}/${opts.shard.m} (games ${ex.range[0]}..${ex.range[1] - 1}) to ${opts.out}\n`);
  } else process.stdout.write(text);
  if (ex.partial) process.exitCode = 130;
}

/** Opens (or prepares) a checkpoint file for this run; refuses one written by another run. */
function openCheckpoint(file: string, identity: RunIdentity, range: [number, number]): { file: string; saved: CheckpointFile; save: (calls: SavedCall[]) => void } {
  let saved: CheckpointFile = { kind: 'sim-checkpoint', identity, range, calls: [] };
  if (existsSync(file)) {
    const loaded = readJsonFile<CheckpointFile>(file, 'checkpoint');
    if (loaded?.kind !== 'sim-checkpoint' || !loaded.identity) throw new UsageError(`${file}: not a checkpoint file`);
    const diff = identityMismatch(loaded.identity, identity);
    if (diff) throw new UsageError(`${file}: checkpoint of a different run: ${diff}`);
    if (loaded.range[0] !== range[0] || loaded.range[1] !== range[1]) throw new UsageError(`${file}: checkpoint covers games ${loaded.range.join('..')}, this run ${range.join('..')}`);
    saved = loaded;
  }
  return { file, saved, save: (calls) => writeFileAtomic(file, JSON.stringify({ ...saved, calls }) + '\n') };
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

/** `file` relative to the working directory when it lies inside it, else absolute. */
function portablePath(file: string): string {
  const rel = relativePath(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
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
  const cmd = markRunsAGame(parent.command(spec.name, { hidden: spec.hidden === true }).description(spec.description));
  spec.options?.(cmd);
  cmd
    .option('--scenario <file>', 'take parameters (and -n/--seed) from a scenario YAML file')
    .option('--set <key=value>', 'override one parameter (repeatable); see `sim params`', collect);
  addRunOptions(cmd, spec.defaultGames);
  cmd.action(async (opts: GameCliOptions & Record<string, unknown>) => {
    const scenario = opts.scenario ? { file: opts.scenario, doc: loadScenarioFile(opts.scenario, spec.entry.id) } : null;
    const params = resolveFromSources(spec.entry, scenario, parseSetOptions(opts.set ?? []), spec.overrides?.(opts) ?? {});
    await runAndEmit(spec.entry, params, runOptionsWithScenario(cmd, opts, scenario?.doc ?? null));
  });
  return cmd;
}
