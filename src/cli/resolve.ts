// Resolve: every source of a run's parameters — rulebook defaults < scenario file < --set < a sweep
// cell < explicit options — into validated parameters and a RunRequest. Game commands, `sim run`,
// compare, sweep, check and submit all resolve through here, so a value means the same whichever
// way it was given, and an error names where it came from.
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative as relativePath, resolve as resolvePath, sep } from 'node:path';
import type { Command } from 'commander';
import { fileHash } from '../core/hash.js';
import { packageInfo } from '../core/packageInfo.js';
import { realTarget } from '../core/realPath.js';
import { readInputFile } from '../core/inputFile.js';
import type { GameMode, GameModule } from '../core/gameModule.js';
import { coerceParam, resolveSourceParams, type ParamSource, type ParamSpec, type ParamValue } from '../core/params.js';
import { isTraced } from '../core/trace.js';
import type { ResolvedParams } from '../core/scenarioGame.js';
import { parseScenario, type ScenarioDoc } from '../core/scenarioFile.js';
import { UsageError } from '../core/usageError.js';
import { findMode } from '../games/index.js';
import { flagOf } from './optionTable.js';
import type { RunCliOptions } from './runOptions.js';

/** A resolved run: which mode of which game, its parameters and the shell's options. */
export interface RunRequest {
  game: GameModule;
  mode: GameMode;
  /** The mode's id (`dice`, `genisys attack`): scenario `game:`, reports' rerun blocks, identities. */
  id: string;
  params: ResolvedParams;
  opts: RunCliOptions;
  /** The scenario file the parameters came from, if any (an input --out must not overwrite). */
  scenarioFile?: string;
  /** That file's `description:` line, shown in the report's header. */
  scenarioDescription?: string;
  /** That file's `run:` games and seed, where it gives them (an exact run plays none: its report says the block went unused). */
  scenarioRun?: { n?: number; seed?: number };
}

/** Reads and parses a scenario file; `where` names how the user gave it in messages. Throws UsageError. */
export function loadScenarioFile(file: string, where = 'option --scenario'): ScenarioDoc {
  // A scenario is a page of YAML: a megabyte is already far too much.
  return parseScenario(readInputFile(file, where, 1024 * 1024), file);
}

/** A scenario file for mode `id`: one whose `game:` names another mode is refused. */
export async function loadScenarioFor(file: string, id: string): Promise<ScenarioDoc> {
  const doc = loadScenarioFile(file);
  const found = await findMode(doc.game, `${file}: game`);
  if (found.id !== id) throw new UsageError(`${file}: game: got "${doc.game}", but this command runs "${id}"`);
  return doc;
}

/** Where each resolved parameter came from (kept beside the params object, for run-time errors). */
const paramSources = new WeakMap<ResolvedParams, Map<string, string>>();
/** The values a scenario gave that the command line then overrode, by key (refuseInert judges the scenario alone with them). */
const scenarioShadowed = new WeakMap<ResolvedParams, Map<string, unknown>>();

/**
 * A game's cross-field check names a parameter ("parameter players: …"); once resolved, the shell
 * knows where that value came from, so the message names the option, `--set` key or scenario
 * field instead. Parameters left at their defaults keep "parameter X".
 */
export function namingSource(err: unknown, params: ResolvedParams): unknown {
  if (!(err instanceof UsageError)) return err;
  const sources = paramSources.get(params);
  // "parameter data (x.yaml): …": the parenthesis (the file it names) stays beside the source.
  const m = /^parameter ([\w.-]+)( \([^)]*\))?:/.exec(err.message);
  const where = m ? sources?.get(m[1]) : undefined;
  let message = where ? `${where}${m![2] ?? ''}:${err.message.slice(m![0].length)}` : err.message;
  // A second parameter the message names in parentheses, "(parameter players)", is named by its source too.
  message = message.replace(/\(parameter ([\w.-]+)\)/g, (all, key: string) => (sources?.has(key) ? `(${sources.get(key)})` : all));
  return message === err.message ? err : new UsageError(message);
}

/** `file` relative to the working directory when it lies inside it, else absolute. */
function portablePath(file: string): string {
  const rel = relativePath(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/**
 * The portable spelling of a file the user named (portablePath), never one the game would read as
 * a built-in instead: a file named like a choice (`./reference`, `./planner`) or lying where the
 * default's name points from here (a user's own scenarios/terror/data.yaml) keeps a leading "./".
 */
function distinctFromBuiltin(spec: ParamSpec, file: string): string {
  const portable = portablePath(file);
  if (isAbsolute(portable)) return portable;
  // Only a file that is there is another file: a default's name with nothing under it here still reads the built-in.
  const otherThanDefault = portable === spec.default && existsSync(file) && realTarget(file) !== realTarget(resolvePath(packageInfo().root, String(spec.default)));
  return (spec.choices ?? []).includes(portable) || otherThanDefault ? `.${sep}${portable}` : portable;
}

/** An option's name as the user typed it: the flag derived from the key (src/cli/optionTable.ts). */
export function optionName(key: string): string {
  return flagOf(key);
}

/**
 * Resolves parameters from their sources. `where` in messages names the source of each key: the
 * scenario file and key path, `--set key`, `--grid key`, or the option; an unknown key's hint names
 * `sim params <id>` when the mode's id is given.
 */
export function resolveFromSources(
  from: readonly ParamSpec[] | ParamSource,
  scenario: { file: string; doc: ScenarioDoc } | null,
  sets: Record<string, string>,
  explicit: Record<string, unknown>,
  grid: Record<string, string> = {},
  id?: string,
  /** How a message names a grid value's source (`sim policies` lists its values with --policies). */
  gridSource: (key: string) => string = (key) => `option --grid ${key}`,
): ResolvedParams {
  const params: ParamSource = Array.isArray(from) ? { params: from as readonly ParamSpec[] } : (from as ParamSource);
  const specs = params.params;
  const source = new Map<string, string>();
  const merged: Record<string, unknown> = {};
  // File parameters are resolved against the folder of the scenario that names them, or the
  // working directory when given on the command line, so a run means the same files anywhere.
  // Resolved paths are kept relative to the working directory when inside it, so that reports
  // (and their parameter hashes) do not depend on where the checkout lives.
  // The precedence of each key's source (scenario < --set < grid < explicit option), for two spellings of one data value.
  const rank = new Map<string, number>();
  const shadowed = new Map<string, unknown>();
  const put = (k: string, val: unknown, base: string, where: string) => {
    // A scenario's value the command line overrides is kept aside: refuseInert judges the scenario alone with it.
    if (where.startsWith('option ') && source.has(k) && !source.get(k)!.startsWith('option ') && !shadowed.has(k)) shadowed.set(k, merged[k]);
    rank.set(k, where.startsWith('option --grid') || where.startsWith('option --policies') || where.startsWith('option --vary') ? 2 : where.startsWith('option --set') ? 1 : where.startsWith('option ') ? 3 : 0);
    const spec = specs.find((p) => p.key === k);
    const isFile = spec?.type === 'path' && typeof val === 'string' && val !== '' && !(spec.choices ?? []).includes(val);
    merged[k] = isFile ? distinctFromBuiltin(spec, resolvePath(base, val as string)) : val;
    source.set(k, where);
  };
  const scenarioDir = scenario ? dirname(resolvePath(scenario.file)) : process.cwd();
  // A scenario's `run: {policy, method}` names the parameter of that name; a mode without one refuses it.
  for (const field of ['policy', 'method'] as const) {
    const value = scenario?.doc.run[field];
    if (value === undefined) continue;
    if (!specs.some((p) => p.key === field)) {
      const similar = specs.filter((p) => p.key.startsWith(field)).map((p) => p.key);
      throw new UsageError(`${scenario!.file}: run.${field}: ${id ?? 'this game'} has no ${field} parameter${similar.length ? ` (set ${similar.join(', ')} under params:)` : ''}`);
    }
    // The same parameter under params: with another value: one would be dropped silently.
    const alsoParams = scenario!.doc.params[field];
    if (alsoParams !== undefined && String(alsoParams) !== String(value)) {
      throw new UsageError(`${scenario!.file}: run.${field} is ${String(value)} but params.${field} is ${String(alsoParams)}; give ${field} once`);
    }
    put(field, value, scenarioDir, `${scenario!.file}: run.${field}`);
  }
  for (const [k, val] of Object.entries(scenario?.doc.params ?? {})) put(k, val, scenarioDir, `${scenario!.file}: params.${k}`);
  for (const [k, val] of Object.entries(sets)) put(k, val, process.cwd(), `option --set ${k}`);
  // A sweep cell (`sim sweep --grid`) overrides --set.
  for (const [k, val] of Object.entries(grid)) put(k, val, process.cwd(), gridSource(k));
  for (const [k, val] of Object.entries(explicit)) {
    if (val === undefined) continue;
    // Both spellings on one command line: which was meant is not for us to guess (as --set given twice).
    if (Object.hasOwn(sets, k)) throw new UsageError(`parameter ${k} given twice: ${val === true ? optionName(k) : val === false ? optionName(k).replace(/^--/, '--no-') : `${optionName(k)} ${String(val)}`} and --set ${k}=${sets[k]}; give it once`);
    put(k, val, process.cwd(), `option ${optionName(k)}`);
  }
  // A value that implies others (solo → one player) fills in those no source gave, named by its source.
  for (const spec of specs) {
    // Compared as the parameter reads it (--set solo=TRUE is true, as --solo TRUE is).
    if (!spec.implies || !(spec.key in merged) || String(coerceParam(spec, merged[spec.key])) !== String(spec.implies.when)) continue;
    for (const [k, val] of Object.entries(spec.implies.set)) if (!(k in merged)) put(k, val, process.cwd(), source.get(spec.key)!);
  }
  let resolved: ResolvedParams;
  try {
    resolved = resolveSourceParams(params, merged, (k) => source.get(k) ?? k, undefined, (k) => rank.get(k) ?? 0);
    // A spelling overridden by a higher source is no longer given.
    for (const k of [...source.keys()]) if (!Object.hasOwn(resolved, k)) source.delete(k);
  } catch (e) {
    // The hint names the mode whose parameters to list.
    if (id !== undefined && e instanceof UsageError) throw new UsageError(e.message.replace('see `sim params`', `see \`sim params ${id}\``));
    throw e;
  }
  paramSources.set(resolved, source);
  scenarioShadowed.set(resolved, shadowed);
  return resolved;
}

/**
 * Throws UsageError when a parameter some source gave has no effect given the others (its spec's
 * `inert` says why, given the value): `--set searchRollouts=64` under the planner, `--sniper`
 * without `--aimed`.
 */
export function refuseInert(specs: readonly ParamSpec[], params: ResolvedParams): void {
  const sources = paramSources.get(params);
  // A policy that is neither a built-in nor a file is the first thing wrong: the mode names it
  // (unknown policy, expected …), rather than a search budget "without effect" under it.
  const unknownPolicy = specs.some((s) => s.module && s.choices !== undefined && typeof params[s.key] === 'string' && !s.choices.includes(params[s.key] as string) && !existsSync(params[s.key] as string));
  if (unknownPolicy) return;
  for (const spec of specs) {
    const where = sources?.get(spec.key);
    if (where === undefined || !spec.inert) continue;
    const why = spec.inert(params);
    if (why === null) continue;
    // A scenario's value made idle by the command line (its search budget once --policy greedy
    // replaces its search) is no question the user asked: refused only when the scenario alone idles it.
    if (!where.startsWith('option ') && spec.inert(scenarioAlone(specs, params)) === null) continue;
    throw new UsageError(`${where}: has no effect here: ${why}`);
  }
}

/** `params` as the scenario alone gives them: the command line's values back to the scenario's, or to the defaults. */
function scenarioAlone(specs: readonly ParamSpec[], params: ResolvedParams): Record<string, ParamValue> {
  const sources = paramSources.get(params);
  const shadowed = scenarioShadowed.get(params);
  const alone: Record<string, ParamValue> = { ...params };
  for (const [k, where] of sources ?? []) {
    if (!where.startsWith('option ')) continue;
    const spec = specs.find((p) => p.key === k);
    // The scenario's value, read as the resolver reads it ("true" in YAML quotes is true); else the default.
    if (shadowed?.has(k)) alone[k] = (spec ? coerceParam(spec, shadowed.get(k)) : shadowed.get(k)) as ParamValue;
    else if (spec) alone[k] = spec.default;
    else delete alone[k];
  }
  return alone;
}

/**
 * refuseInert for a command of several runs (compare's variants, a sweep's cells, the policies
 * played): a value is refused only when it has no effect in every one of them (`--grid
 * policy=planner,search --set searchRollouts=8` is a fair question), naming its source in the first.
 */
export function refuseInertAcross(specs: readonly ParamSpec[], runs: readonly ResolvedParams[]): void {
  for (const spec of specs) {
    if (!spec.inert) continue;
    const given = runs.filter((p) => paramSources.get(p)?.has(spec.key));
    if (given.length === 0) continue;
    const why = runs.map((p) => spec.inert!(p));
    if (why.every((w) => w !== null)) throw new UsageError(`${paramSources.get(given[0])!.get(spec.key)}: has no effect in any of the runs: ${why[0]}`);
  }
}

/**
 * For a command of several runs (compare's variants, a sweep's cells, tune's settings) that are all
 * exact: -n, --seed and --confidence would change nothing (no games, no random numbers, no
 * interval), so each given is refused. `across` says over what ("in either variant").
 */
export function refuseExactAcross(runs: readonly ResolvedParams[], cmd: Pick<Command, 'getOptionValueSource'>, across: string, hint = 'add --set method=mc for a Monte Carlo run'): void {
  if (!runs.every((p) => p.method === 'exact')) return;
  const given = (option: string) => cmd.getOptionValueSource(option) === 'cli';
  // These commands take a game's parameters through --set (or a scenario), not as options: the hint is the command's own.
  if (given('games')) throw new UsageError(`option -n: the exact method plays no games ${across}; ${hint}`);
  if (given('confidence')) throw new UsageError(`option --confidence: the exact method has no sampling error ${across}, so no interval to draw; ${hint}`);
  if (given('seed')) throw new UsageError(`option --seed: the exact method draws no random numbers ${across}; ${hint}`);
}

/**
 * For a sweep's cells or tune's settings: some exact and some Monte Carlo answer the same question
 * twice, and the spread between them is sampling noise, not an effect of a setting (an answer would
 * rank 30.8% exact against 37.5% [31.1, 44.4] estimated). `where` names the axis option ("--grid").
 */
export function refuseMixedMethods(runs: readonly ResolvedParams[], where: string): void {
  const exact = runs.some((p) => p.method === 'exact');
  const mc = runs.some((p) => p.method === 'mc');
  if (!exact || !mc) return;
  throw new UsageError(`option ${where} method: exact and mc are two ways to compute the same numbers, not two settings of the game: their difference is Monte Carlo noise; give one method (--set method=mc prints the exact value beside each estimate where there is one, with whether its interval holds it)`);
}

/** The advice for a run that plays no games: how to ask for Monte Carlo. */
export const MONTE_CARLO_HINT = 'add --method mc (or --set method=mc) for a Monte Carlo run';

/** Where the value of `key` came from ("option --set x", a scenario field), if a source gave it. */
export function sourceOf(params: ResolvedParams, key: string): string | undefined {
  return paramSources.get(params)?.get(key);
}

/**
 * The parameters the command line (an option, --set, a grid cell) set to another value than the
 * scenario's own (or, where the scenario is silent, the default): what a scenario's description may
 * no longer say.
 */
export function commandLineKeys(specs: readonly ParamSpec[], params: ResolvedParams): string[] {
  const shadowed = scenarioShadowed.get(params);
  return [...(paramSources.get(params) ?? [])]
    .filter(([k, where]) => {
      if (!where.startsWith('option ')) return false;
      const before = shadowed?.has(k) ? shadowed.get(k) : specs.find((p) => p.key === k)?.default;
      return before === undefined || String(before) !== String(params[k]);
    })
    .map(([k]) => k);
}

/** The keys some source gave for these resolved parameters (the rest are defaults). */
export function givenKeys(params: ResolvedParams): Set<string> {
  return new Set(paramSources.get(params)?.keys() ?? []);
}

/**
 * Content hashes of the files the path parameters name (card data, a policy module; not a
 * built-in choice such as "reference", nor a default file), for the run's identity: a checkpoint,
 * shard or submitted job made with other file contents is another run. A file that cannot be read
 * is left to the game's own error.
 */
export function inputFileHashes(specs: readonly ParamSpec[], params: ResolvedParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    const value = params[spec.key];
    // A default file ships with the tool: its version identifies it (and it resolves the same from anywhere).
    if (spec.type !== 'path' || typeof value !== 'string' || value === '' || value === spec.default || (spec.choices ?? []).includes(value)) continue;
    const file = resolvePath(value);
    if (existsSync(file) && statSync(file).isFile()) out[spec.key] = fileHash(file);
  }
  return out;
}

/**
 * A trace replays one game of one run: a command that plays many runs to compare them (compare,
 * sweep, policies, sensitivity, tune) has no game to replay, and would read a trace's empty
 * counts as numbers. Refused, naming where the trace came from.
 */
export function refuseTrace(command: string, params: ResolvedParams): void {
  if (!isTraced(params)) return;
  throw namingSource(new UsageError(`parameter trace: replays one game of a single run; \`sim ${command}\` plays many games of several runs, so there is no one game to replay (trace it with \`sim GAME … --trace N\`)`), params);
}

/**
 * The checks of a single run's request before it runs: no given parameter without effect
 * (refuseInert); no -n, --seed, --shard or --checkpoint for a run whose method is exact (it plays no games),
 * nor --confidence (it draws no interval); no --confidence for a trace; no report option for a
 * --shard (its part file is for `sim merge`, which takes them).
 */
export function refuseIgnored(req: Pick<RunRequest, 'mode' | 'params'>, given: { games: boolean; seed?: boolean; shard?: boolean; checkpoint?: boolean; jobs?: boolean; reportOptions?: readonly string[] }): void {
  refuseInert(req.mode.params, req.params);
  // An exact method draws no interval (as it plays no games: -n above).
  if (req.params.method === 'exact' && given.reportOptions?.includes('--confidence')) throw new UsageError(`option --confidence: the exact method has no sampling error, so no interval to draw${sourceOf(req.params, 'method') ? '' : ' (method is exact by default)'}; ${MONTE_CARLO_HINT}`);
  // A trace replays one game of the run (its -n bounds which): no intervals.
  if (isTraced(req.params) && given.reportOptions?.includes('--confidence')) throw new UsageError('option --confidence: a trace replays one game and draws no interval; leave --confidence out');
  // A shard writes a part file (JSON for `sim merge`), never a report: what shapes a report belongs to the merge.
  const shaping = given.reportOptions?.[0];
  if (given.shard && shaping) throw new UsageError(`option ${shaping}: a --shard run writes a part file (JSON) for \`sim merge\`, not a report; give ${shaping} to sim merge`);
  // A seed too: an exact report's seed is 0, so that the same command gives the same report.
  // With -n beside it, both are named in one refusal (a second run would only meet the other).
  if (req.params.method === 'exact' && given.seed) throw new UsageError(`option --seed${given.games ? ' (and -n)' : ''}: the exact method draws no random numbers${given.games ? ' and plays no games' : ''}${sourceOf(req.params, 'method') ? '' : ' (method is exact by default)'}; ${MONTE_CARLO_HINT}`);
  const option = given.games ? '-n' : given.shard ? '--shard' : given.checkpoint ? '--checkpoint' : given.jobs ? '-j' : null;
  if (req.params.method === 'exact' && option !== null) {
    throw new UsageError(`option ${option}: the exact method plays no games${sourceOf(req.params, 'method') ? '' : ' (method is exact by default)'}, so there is nothing to ${option === '-n' ? 'count' : option === '--shard' ? 'split' : option === '-j' ? 'spread over threads' : 'save'}; ${MONTE_CARLO_HINT}`);
  }
}

/**
 * The options of `cmd` that shape a report (format, tables, brevity, interval level), as the command
 * line gave them; `--format json` is not one for a part file, which is JSON.
 */
export function reportOptionsGiven(cmd: Command): string[] {
  const flags: Record<string, string> = { format: '--format', table: '--table', outDir: '--out-dir', brief: '--brief', confidence: '--confidence' };
  return Object.entries(flags)
    .filter(([attr]) => cmd.getOptionValueSource(attr) === 'cli' && !(attr === 'format' && cmd.getOptionValue('format') === 'json'))
    .map(([, flag]) => flag);
}

/** The -n/--seed of a command, falling back to the scenario's run block. */
export function runOptionsWithScenario(cmd: Command, opts: RunCliOptions, doc: ScenarioDoc | null, mode?: Pick<GameMode, 'defaultGames'>): RunCliOptions {
  const fromCli = cmd.getOptionValueSource('games') === 'cli';
  return {
    ...opts,
    // -n given, else the scenario's run.n, else the command's default, else (a command of one mode) the mode's own.
    games: fromCli ? opts.games : (doc?.run.n ?? opts.games ?? mode?.defaultGames ?? 1e5),
    seed: opts.seed ?? doc?.run.seed,
  };
}
