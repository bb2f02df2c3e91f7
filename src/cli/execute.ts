// Execute: runs a resolved RunRequest for the shell — threads, progress, timings, shards,
// checkpoints, and the `rerun` block that lets `sim check` reproduce the report — then emits it
// (a report, or a part file for --shard).
import { existsSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { performance } from 'node:perf_hooks';
import { labelStoredIntervals, STORED_CONFIDENCE } from '../core/answer.js';
import { Totals } from '../core/aggregate.js';
import { setPolicyTimeoutMs } from '../core/decisionWatch.js';
import { GameError } from '../core/gameError.js';
import { hashOf } from '../core/hash.js';
import { humanize } from '../core/keyWords.js';
import { groupedInteger } from '../core/numberText.js';
import type { ParamSpec } from '../core/params.js';
import { isTraced } from '../core/trace.js';
import { packageInfo } from '../core/packageInfo.js';
import type { Report } from '../core/reportTypes.js';
import type { RunSettings } from '../core/scenarioGame.js';
import { UsageError } from '../core/usageError.js';
import { simIdOf } from '../run/gameSims.js';
import type { RunResult } from '../run/runner.js';
import { emitReport, refuseOutputOverInput, refuseOverRead, writeFileAtomic, WriteError } from './emit.js';
import { interruptExitCode } from './interrupt.js';
import { wasRead } from '../core/inputFile.js';
import { err, out, setExitCode } from './io.js';
import { commandLineKeys, inputFileHashes, namingSource, type RunRequest } from './resolve.js';
import { commandProgress } from './progress.js';
import { announceSeed, chooseSeed, DEFAULT_DECISION_TIMEOUT, runWithShell, type RunCliOptions } from './runOptions.js';
import { namesUserCode, refuseIdleRunOptions } from './trust.js';
import { jsonText } from '../core/printable.js';
import { checkSeal, identityMismatch, identityOf, readHmacKey, readJsonFile, savedTotals, seal, shardRange, type CheckpointFile, type PartFile, type RunIdentity, type SavedCall } from './runState.js';

/** Runs one simulation (by runner id) for a game run: the shell's default, or a replay of stored totals. */
export type Simulate = (simId: string, simParams: unknown, label?: string, secondary?: boolean) => Promise<RunResult>;

/** Everything a game run left: its report and, per simulate call, the aggregate of its range. */
export interface GameExecution {
  report: Report;
  calls: SavedCall[];
  range: [number, number];
  identity: RunIdentity;
  partial: boolean;
}

/** The identity of a run: part files, checkpoints and queued jobs of other runs are refused. */
export function identityOfRequest(req: RunRequest, seed: number, shards?: number): RunIdentity {
  return identityOf(req.id, packageInfo().version, { ...req.params }, seed, req.opts.games, shards, inputFileHashes(req.mode.params, req.params));
}

/**
 * Runs the request's mode with `seed`. `simulate` replaces local execution (merge, submit and
 * compare replay or pair the simulations); it receives runner ids (`<game>/<sim>`).
 */
export async function executeGame(req: RunRequest, seed: number, simulate?: Simulate): Promise<GameExecution> {
  const { params } = req;
  // A parameter that names a module means user code: it loads under a time limit and runs on watched threads.
  const userCode = namesUserCode(req.mode.params, params);
  // One bar for the whole run (every call), unless the command (a sweep, a compare) holds one.
  const progress = req.opts.progress ?? commandProgress(req.opts);
  const opts: RunCliOptions = { ...req.opts, userCode, progress };
  setPolicyTimeoutMs((opts.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT) * 1000);
  let timings: Record<string, number | string> | undefined;
  let announced = false;
  let partial = false;
  const range: [number, number] = opts.shard ? shardRange(opts.games, opts.shard.k, opts.shard.m) : [0, opts.games];
  const identity = identityOfRequest(req, seed, opts.shard?.m);
  const key = opts.hmacKeyFile ? readHmacKey(opts.hmacKeyFile) : undefined;
  const checkpoint = opts.checkpoint ? openCheckpoint(opts.checkpoint, identity, range, key) : null;
  if (checkpoint && opts.seedFromCheckpoint && !opts.quiet) err().write(`sim: resuming ${checkpoint.file} with its seed ${seed}\n`);
  else if (checkpoint && checkpoint.saved.calls.length > 0 && !opts.quiet) err().write(`sim: resuming ${checkpoint.file}: the games it saved are not played again\n`);
  const calls: SavedCall[] = [];
  const local: Simulate = async (simId, simParams, label) => {
    // Announced once parameters are valid, just before the games start.
    if (!announced) announceSeed(opts, seed);
    announced = true;
    const c = calls.length;
    const simParamsHash = hashOf(simParams);
    const saved = checkpoint?.saved.calls[c];
    if (saved && (saved.simId !== simId || saved.simParamsHash !== simParamsHash)) {
      throw new UsageError(`${checkpoint!.file}: checkpoint entry ${c} is for another simulation; delete it or use another file`);
    }
    let prior = null;
    try {
      prior = saved ? await savedTotals(saved) : null;
    } catch (e) {
      // A checkpoint's numbers are checked before they are resumed from: an inconsistent one is bad input.
      throw new UsageError(`${checkpoint!.file}: calls[${c}]: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (saved && prior && saved.games !== prior.games) throw new UsageError(`${checkpoint!.file}: calls[${c}].games is ${saved.games}, but its totals hold ${prior.games} games`);
    if (saved && (saved.start !== range[0] || (prior?.games ?? 0) > range[1] - range[0])) {
      throw new UsageError(`${checkpoint!.file}: calls[${c}] holds games ${saved.start}..${saved.start + (prior?.games ?? 0) - 1}, but this run plays games ${range[0]}..${range[1] - 1}`);
    }
    const from = range[0] + (prior?.games ?? 0);
    const call: SavedCall = { simId, simParamsHash, simParams, start: range[0], games: prior?.games ?? 0, totals: prior?.toJSON() ?? null };
    calls.push(call);
    let totals = prior;
    let result: RunResult | null = null;
    if (from < range[1] || !prior) {
      let lastSave = -Infinity;
      const run = await runWithShell(simId, simParams, opts, seed, { start: from, n: range[1] - from }, (done, t) => {
        // Checkpoint at the first completed chunk, then at most every 2 s: merge the saved prefix with the completed chunks so far.
        if (!checkpoint || performance.now() - lastSave < 2000) return;
        lastSave = performance.now();
        const merged = prior ? Totals.fromJSON(prior.layout, prior.toJSON()) : null;
        if (merged) merged.addTotals(t);
        call.games = (prior?.games ?? 0) + done;
        call.totals = (merged ?? t).toJSON();
        checkpoint.save(calls);
      }, label);
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
  const run = simulate ?? local;
  let firstCall = true;
  const settings: RunSettings = {
    n: opts.games,
    seed,
    confidence: opts.confidence,
    simulate: (name, simParams, label, secondary) => {
      // The files a data file names (a deck's cards:) are read by now: an --out over one is refused
      // before any game is played, whichever command plays (compare, policies, tune pass their own simulate).
      if (firstCall) refuseOverRead({ file: opts.out, option: 'option --out' });
      firstCall = false;
      return run(simIdOf(req.game.id, name), simParams, label, secondary);
    },
    expectCalls: (count) => progress.expectCalls(count),
  };
  let report: Report;
  try {
    labelStoredIntervals(opts.confidence);
    report = await req.mode.run(params, settings);
  } catch (e) {
    throw namingSource(e, params);
  } finally {
    labelStoredIntervals(null);
    if (!req.opts.progress) progress.clear();
  }
  // A report that used the seed without simulating a run (a --trace of one game) tells it too;
  // with `simulate`, the caller (compare, merge, submit) announces the seed once for the command.
  if (!announced && !simulate && report.method === 'mc') announceSeed(opts, seed);
  // The data values a mode adds (their defaults: the file's values) only when the run sets one: listing them reads the data file's labels (tens of ms).
  const own = new Set(req.mode.params.map((s) => s.key));
  const setsData = Object.keys(params).some((k) => !own.has(k));
  const inTitle = new Set(report.titleSettings ?? []);
  const given = settingsOf([...req.mode.params, ...(setsData ? (req.mode.extraParams?.(params) ?? []) : [])], Object.fromEntries(Object.entries(params).filter(([k]) => !inTitle.has(k))), report.title, report.ignoredSettings);
  // The settings line carries what the mode ignored and what the title spells: the fields themselves are not part of the report.
  if (report.ignoredSettings || report.titleSettings) {
    const { ignoredSettings: _ignored, titleSettings: _title, ...rest } = report;
    report = rest;
  }
  // A data value this configuration never reads (a unit no side fields, a card in no deck) is said to change nothing.
  const idle = setsData && req.mode.unusedData ? idleDataNotes(req.mode.unusedData(params), params, own) : [];
  // A stored measurement (the policy gap, the robustness line) keeps the 95% interval it was measured with: said when --confidence asks for another level.
  if (opts.confidence !== STORED_CONFIDENCE && [...report.notes, ...report.assumptions].some((l) => STORED_LINE.test(l))) {
    report = { ...report, notes: [...report.notes, `The policy gap and robustness lines quote stored measurements (scenarios/<game>/policy-gap.yaml, sensitivity.yaml) with the ${STORED_CONFIDENCE * 100}% intervals they were measured with; --confidence ${opts.confidence} applies to this run's own estimates only.`] };
  }
  // The scenario named, with its description and what the command line changed of it (the description may no longer hold).
  const changed = req.scenarioFile !== undefined ? commandLineKeys(req.mode.params, params) : [];
  // A description written over several lines (a YAML block) is shown as one.
  const description = req.scenarioDescription?.replace(/\s+/g, ' ').trim();
  const scenario = req.scenarioFile !== undefined ? { scenario: { file: req.scenarioFile, ...(description ? { description } : {}), ...(changed.length ? { changed } : {}) } } : {};
  // An exact run reads no games or seed: a scenario's run block that gives them is said to go unused (it was dropped unsaid).
  const block = req.scenarioRun;
  const unusedRun = report.method === 'exact' && block && (block.n !== undefined || block.seed !== undefined) ? [`The scenario's run block (${[block.n !== undefined ? `n ${groupedInteger(block.n)}` : '', block.seed !== undefined ? `seed ${block.seed}` : ''].filter(Boolean).join(', ')}) is for a Monte Carlo run (--set method=mc): this exact run plays no games and draws no random numbers.`] : [];
  const notes = [...report.notes, ...idle, ...unusedRun];
  const withRerun: Report = { ...report, ...scenario, ...(notes.length > report.notes.length ? { notes } : {}), ...(given.length && report.method !== 'none' ? { settings: given } : {}), rerun: { game: req.id, params: { ...params }, seed, n: exactRerunGames(req, report, opts.games) } };
  return { report: timings ? { ...withRerun, timings } : withRerun, calls, range, identity, partial: partial || report.partial === true };
}

/** A line quoting a stored measurement with its interval: an interval, then the file it comes from. */
const STORED_LINE = /\[[^\]]*,[^\]]*\][\s\S]*scenarios\/[\w-]+\/(policy-gap|sensitivity)\.yaml/;

/** A note for each data value `params` sets (a key not among the mode's own) that `unused` says the configuration never reads. */
function idleDataNotes(unused: (key: string) => boolean, params: Readonly<Record<string, unknown>>, own: ReadonlySet<string>): string[] {
  return Object.entries(params)
    .filter(([k]) => !own.has(k) && unused(k))
    .map(([k, v]) => `The data value ${k}=${String(v)} changes nothing here: this configuration never reads it.`);
}

/**
 * The games a report's rerun block records: an exact run plays none, so it records the mode's
 * default whatever a scenario's `run: {n}` said (the same computation, the same report).
 */
function exactRerunGames(req: RunRequest, report: Report, games: number): number {
  return report.method === 'exact' ? (req.mode.defaultGames ?? games) : games;
}

/**
 * The parameters a run sets away from their defaults, in words ("hand size 6", "neural net",
 * "data · final girl · health 3"), for the report's header: a report says what it was asked, not
 * only in its JSON. Not a setting: the method and the policies (the header has them), a trace, a
 * value that restates the default (a data value at the file's own, a path naming the default file),
 * a value another setting implies (a large table's track length), a text the title spells out (a
 * skirmish's forces). `specs`: the mode's parameters and the data values it adds.
 */
export function settingsOf(specs: readonly ParamSpec[], params: Readonly<Record<string, unknown>>, title = '', ignored: Readonly<Record<string, string>> = {}, policies: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  const byKey = new Map(specs.map((s) => [s.key, s]));
  const implied = new Set<string>();
  for (const spec of specs) {
    if (!spec.implies || String(params[spec.key]) !== String(spec.implies.when)) continue;
    for (const [k, v] of Object.entries(spec.implies.set)) if (String(params[k]) === String(v)) implied.add(k);
  }
  for (const [key, value] of Object.entries(params)) {
    const spec = byKey.get(key);
    // A policy is in the header, but for `policies`: a side's policy the header does not name (the other side's, fixed) is a setting there.
    if (key === 'method' || key === 'trace' || (/^policy/.test(key) && !policies.has(key)) || implied.has(key)) continue;
    if (spec && (JSON.stringify(value) === JSON.stringify(spec.default) || (spec.type === 'path' && namesDefaultFile(spec, value)))) continue;
    if (spec?.type === 'string' && typeof value === 'string' && value.length >= 4 && title.includes(value)) continue;
    const said = spec?.type === 'bool' || typeof value === 'boolean' ? (value ? humanize(key) : `${humanize(key)} off`) : `${humanize(key)} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    // A value the mode did not play as given is marked, never stated as if it were played.
    out.push(Object.hasOwn(ignored, key) ? `${said} (ignored: ${ignored[key]})` : said);
  }
  return out;
}

/** Whether a path parameter's value is the file its default names (the default itself, or the file a built-in name such as `reference` stands for). */
function namesDefaultFile(spec: ParamSpec, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const root = packageInfo().root;
  const file = resolvePath(value);
  return [String(spec.default), spec.defaultFile].some((d) => d !== undefined && d !== '' && (resolvePath(root, d) === file || resolvePath(d) === file));
}

/** The report of a run with `seed` (compare, sweep, check, merge). */
export async function runReport(req: RunRequest, seed: number, simulate?: Simulate): Promise<Report> {
  return (await executeGame(req, seed, simulate)).report;
}

/** The files a run reads (its scenario, key and data or policy files), which nothing it writes may replace. */
export function inputsOf(req: RunRequest): { file: string | undefined; what: string }[] {
  const { params, opts } = req;
  return [
    { file: req.scenarioFile, what: 'the scenario file' },
    { file: opts.hmacKeyFile, what: 'the --hmac-key-file' },
    ...req.mode.params.filter((p) => p.type === 'path' && typeof params[p.key] === 'string' && params[p.key] !== p.default && !(p.choices ?? []).includes(params[p.key] as string)).map((p) => ({ file: params[p.key] as string, what: `the ${p.key} file` })),
  ];
}

/** Runs the request and writes the result: a part file for --shard, the report otherwise. */
export async function runAndEmit(req: RunRequest): Promise<void> {
  let { opts } = req;
  const { params } = req;
  // Nothing the run reads may be overwritten by what it writes.
  const inputs = inputsOf(req);
  refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [...inputs, { file: opts.checkpoint, what: 'the --checkpoint file' }]);
  refuseOutputOverInput({ file: opts.checkpoint, option: 'option --checkpoint' }, inputs);
  refuseIdleRunOptions(opts, req.mode.params, [params]);
  // A trace replays one game and simulates none: nothing to split into shards or to checkpoint.
  const traced = isTraced(params);
  if (traced && (opts.shard || opts.checkpoint)) {
    throw namingSource(new UsageError(`parameter trace: replays one game, so it cannot be combined with --${opts.shard ? 'shard' : 'checkpoint'}`), params);
  }
  // The game traced is a game of the run (-n games): game 25 of a 20-game run is no game of it.
  if (traced && (params.trace as number) >= opts.games) {
    throw namingSource(new UsageError(`parameter trace: got ${String(params.trace)}, expected a game index of this run, 0..${opts.games - 1} (-n ${opts.games})`), params);
  }
  // Rerunning an interrupted command without --seed resumes its checkpoint with the seed it used.
  const saved = opts.seed === undefined && opts.checkpoint && existsSync(opts.checkpoint) ? readJsonFile<CheckpointFile>(opts.checkpoint, 'checkpoint') : null;
  // Every shard of a run must play the same seed: one chosen at random per shard would make parts that never merge (a probe found it).
  if (opts.shard && opts.seed === undefined && !saved?.identity) throw new UsageError(`option --shard: give --seed (or a scenario's run.seed): each shard would otherwise choose its own random seed, and parts of different seeds do not merge`);
  // A game's `method: exact` never simulates (the conformance suite holds each game to it): no random seed to draw.
  const seed = saved?.identity && Number.isSafeInteger(saved.identity.seed) ? saved.identity.seed : chooseSeed(opts, params.method !== 'exact');
  if (saved?.identity) {
    opts = { ...opts, seed, seedFromCheckpoint: true };
  }
  let ex: GameExecution;
  try {
    ex = await executeGame({ ...req, opts }, seed);
  } catch (e) {
    // A failed game may leave its output so far (a trace up to the failure): data first, then the error.
    if (e instanceof GameError && e.partialReport && !opts.shard) await emitReport(e.partialReport, opts);
    throw e;
  }
  if (!opts.shard) {
    await emitReport(ex.report, opts);
    return;
  }
  const key = opts.hmacKeyFile ? readHmacKey(opts.hmacKeyFile) : undefined;
  const part: PartFile & { partial?: boolean } = seal({ kind: 'sim-part', identity: ex.identity, shard: opts.shard.k, range: ex.range, calls: ex.calls, ...(ex.partial ? { partial: true } : {}), ...(ex.report.scenario ? { scenario: ex.report.scenario } : {}) }, key);
  // jsonText: the same document (the seal is over the parsed content), no raw control character on a terminal.
  const text = jsonText(part) + '\n';
  const played = ex.calls.length ? Math.min(...ex.calls.map((c) => c.games)) : 0;
  const games = ex.partial ? `interrupted after ${played} of its ${ex.range[1] - ex.range[0]} games, ${ex.range[0]}..${ex.range[1] - 1}` : `games ${ex.range[0]}..${ex.range[1] - 1}`;
  if (opts.out && wasRead(opts.out)) {
    // A file a data file names, known only once the run read it: never replaced; the part goes to stdout.
    err().write(`sim: error: option --out: ${opts.out} is also a file this run read; nothing was written there, and the part follows on stdout\n`);
    out().write(text);
    setExitCode(1);
  } else if (opts.out && ex.partial && existsSync(opts.out)) {
    // A partial part cannot be merged: it never replaces the file there (perhaps this shard's complete part).
    err().write(`sim: shard ${opts.shard.k}/${opts.shard.m} ${games}; ${opts.out} left as it was (a partial part cannot be merged; rerun the shard, with --checkpoint to resume)\n`);
  } else if (opts.out) {
    writeFileAtomic(opts.out, text);
    if (!opts.quiet || ex.partial) err().write(`sim: wrote shard ${opts.shard.k}/${opts.shard.m} (${games}) to ${opts.out}\n`);
  } else out().write(text);
  if (ex.partial) setExitCode(interruptExitCode());
}

/** Opens (or prepares) a checkpoint file for this run; refuses one written by another run. */
function openCheckpoint(file: string, identity: RunIdentity, range: [number, number], key?: Buffer): { file: string; saved: CheckpointFile; save: (calls: SavedCall[]) => void } {
  let saved: CheckpointFile = { kind: 'sim-checkpoint', identity, range, calls: [] };
  if (existsSync(file)) {
    const loaded = readJsonFile<CheckpointFile>(file, 'checkpoint');
    if (loaded?.kind !== 'sim-checkpoint' || !loaded.identity) throw new UsageError(`${file}: not a checkpoint file`);
    checkSeal(loaded, file, key);
    const diff = identityMismatch(loaded.identity, identity);
    if (diff) throw new UsageError(`${file}: checkpoint of a different run: ${diff}`);
    if (loaded.range[0] !== range[0] || loaded.range[1] !== range[1]) throw new UsageError(`${file}: checkpoint covers games ${loaded.range.join('..')}, this run ${range.join('..')}`);
    saved = loaded;
  }
  // A save that fails (the folder gone, the disk full) must not cost the run: say so once, play on,
  // and the report still comes out; the next save tries again.
  let warned = false;
  const save = (calls: SavedCall[]) => {
    try {
      writeFileAtomic(file, JSON.stringify(seal({ ...saved, calls }, key)) + '\n');
    } catch (e) {
      if (!warned) err().write(`sim: checkpoint ${file} could not be saved (${e instanceof WriteError ? e.reason : e instanceof Error ? e.message.split('\n')[0] : String(e)}); the run goes on and its report is still written, but it cannot be resumed from this file\n`);
      warned = true;
    }
  };
  return { file, saved, save };
}

/** Adds wall time and games of several simulate calls (e.g. one per Rev-9 version). */
function mergeTimings(prev: Record<string, number | string> | undefined, next: Record<string, number | string>): Record<string, number | string> {
  if (!prev) return next;
  const wallMs = Number(prev.wallMs) + Number(next.wallMs);
  return { ...next, wallMs, calls: Number(prev.calls ?? 1) + 1 };
}

/** Replays stored totals (merged parts, finished jobs) in call order instead of simulating. */
export function replayTotals(merged: readonly { simId: string; simParamsHash: string; totals: Totals }[], mismatch: string): Simulate {
  let next = 0;
  return async (simId, simParams) => {
    const m = merged[next++];
    // The stored calls must be what this command simulates now.
    if (!m || m.simId !== simId || m.simParamsHash !== hashOf(simParams)) throw new UsageError(mismatch);
    return { totals: m.totals, games: m.totals.games, partial: false, chunkSize: 0, jobs: 0 };
  };
}

export type { RunCliOptions };
