// The options every simulating command shares, and the imperative shell around the pure runner:
// seed choice, progress bar, Ctrl-C and timings.
import { randomInt } from 'node:crypto';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Totals } from '../core/aggregate.js';
import { UsageError } from '../core/usageError.js';
import type { RunResult } from '../run/runner.js';
import { FORMATS, type Format } from '../report/report.js';
import { interruption, runStarted, STOP_SIGNALS } from './interrupt.js';
import { commandProgress, type CommandProgress } from './progress.js';
import { err } from './io.js';
import { intInRange, parseConfidence, parseGameCount, parseInputPath, parseJobs, parseOutFile, parseSeed } from './parseOptions.js';
import { numberFromText } from '../core/numberText.js';
import { parseShard } from './runState.js';

export interface OutputOptions {
  format: Format;
  out?: string;
  quiet?: boolean;
  confidence: number;
  /** The answer tables only (assumptions and notes counted in one line; all of them stay in JSON and HTML). */
  brief?: boolean;
  /** CSV: only the table with this name or number (see tableNames in src/report/report.ts). */
  table?: string;
  /** CSV: one file per table in this folder. */
  outDir?: string;
  /** The report is a saved one rendered again (`sim report`): a partial one is not this command's interruption. */
  rendered?: boolean;
}

export interface RunCliOptions extends OutputOptions {
  games: number;
  seed?: number;
  jobs: number | 'auto';
  chunkSize?: number;
  /** Run only shard K of M (games [floor((K−1)n/M), floor(Kn/M))) and write a part file. */
  shard?: { k: number; m: number };
  /** Save completed chunks here and resume from it. */
  checkpoint?: string;
  /** The seed was taken from the --checkpoint file (rerun without --seed): say so once the file is checked. */
  seedFromCheckpoint?: boolean;
  /** Run chunks on worker threads even with one job (keeps the event loop free). */
  forcePool?: boolean;
  /** Sign part files and checkpoints with this key, and check those read (see runState.ts, Sealed). */
  hmacKeyFile?: string;
  /** Seconds a user policy may take to load or to answer one decision (--decision-timeout). */
  decisionTimeout?: number;
  /** Set by the shell when a parameter names a module: the run goes to watched worker threads. */
  userCode?: boolean;
  /** Heap limit of a thread running user code, in MiB (hidden --policy-memory; default 4096). */
  policyMemory?: number;
  /** The command's one progress bar, shared by its calls and runs (src/cli/progress.ts); absent: one per call. */
  progress?: CommandProgress;
}

/** Adds --format, --out, --brief, --table, --out-dir, --quiet and --confidence. */
export function addOutputOptions(cmd: Command, o: { intervals?: boolean; why?: string } = {}): Command {
  // A command that draws no interval (an exact view, a parameter list, a check's summary) takes no
  // --confidence: one given is refused, not written into the report as if it meant something.
  const confidence =
    o.intervals === false
      ? new Option('--confidence <level>')
          .hideHelp()
          .argParser((): number => {
            throw new UsageError(`option --confidence: sim ${commandPath(cmd)} draws no interval (${o.why ?? 'it plays no games'}); leave --confidence out`);
          })
      : new Option('--confidence <level>', 'confidence level of every interval (0.95 or 95%)').argParser(parseConfidence).default(0.95);
  return cmd
    .addOption(new Option('--format <format>', 'output format (html: one self-contained page with plots)').choices(FORMATS as string[]).default('table'))
    .option('--out <file>', 'write the report to FILE (atomically) instead of stdout; a name ending .json, .csv or .html sets --format', parseOutFile)
    .option('--brief', 'table format: the answer tables only; assumptions and notes are counted in one line (json and html keep everything)')
    .option('--table <name>', 'CSV: only this table (its name, or its number from 1); without it several tables come as one long table with a first column "table"')
    .option('--out-dir <dir>', 'CSV: write one file per table, DIR/<table name>.csv', parseOutDir)
    .addOption(confidence)
    .option('-q, --quiet', 'no progress bar or notes on stderr');
}

/** "genisys matchup": a command's words below `sim`. */
function commandPath(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** --out-dir: a folder (made when missing), not a file. */
export function parseOutDir(raw: string): string {
  if (raw.trim() === '') throw new InvalidArgumentError('Empty path; expected a folder to write the tables in.');
  if (raw.trim() === '-') throw new InvalidArgumentError('"-" is not a folder name here (it does not mean standard output); name a folder.');
  if (existsSync(raw) && !statSync(raw).isDirectory()) throw new InvalidArgumentError(`${raw} is not a folder (a file, pipe or device); expected a folder to write the tables in.`);
  // A folder still to make: its nearest existing ancestor must be a folder (mkdir would fail only after the run).
  let up = resolve(raw);
  while (!existsSync(up) && dirname(up) !== up) up = dirname(up);
  if (!statSync(up).isDirectory()) throw new InvalidArgumentError(`${raw} cannot be made: ${up} is not a folder; expected a folder to write the tables in.`);
  // Checked before the run: a folder that cannot be made or written in would leave the tables only on stdout.
  try {
    accessSync(up, constants.W_OK | constants.X_OK);
  } catch {
    throw new InvalidArgumentError(`${up === resolve(raw) ? `${raw} is not writable` : `${raw} cannot be made: ${up} is not writable`}; expected a folder to write the tables in.`);
  }
  return raw;
}

/**
 * Adds the Monte Carlo options: -n, --seed, -j, --chunk-size, --shard, --checkpoint, plus the
 * output options. A command that does not run through the shared game path (`resumable: false`)
 * keeps --shard and --checkpoint out of its help, and refuses them with refuseResumeOptions.
 */
export function addRunOptions(cmd: Command, defaultGames: number | 'mode', { resumable = true, gamesDefault }: { resumable?: boolean; gamesDefault?: string } = {}): Command {
  // 'mode': the command runs one mode, whose own default applies (the scenario's run.n first): runOptionsWithScenario fills it in.
  if (defaultGames === 'mode') cmd.option('-n, --games <N>', "games to play (1000000, 1e6 or 1_000_000) (default: the scenario's run.n, else the mode's own, as `sim GAME --help` shows)", parseGameCount);
  // A default whose --scenario's run.n stands in for it (or does not): the help says which, in words.
  else if (gamesDefault) cmd.addOption(new Option('-n, --games <N>', 'games to play (1000000, 1e6 or 1_000_000)').argParser(parseGameCount).default(defaultGames, gamesDefault));
  else cmd.option('-n, --games <N>', 'games to play (1000000, 1e6 or 1_000_000)', parseGameCount, defaultGames);
  cmd
    .option('--seed <S>', 'seed (whole number); chosen at random and reported when absent', parseSeed)
    .option('-j, --jobs <N|auto>', 'worker threads; 1 runs in-process; auto = available cores', parseJobs, 'auto')
    .addOption(new Option('--chunk-size <N>', 'games per work unit (never changes results)').argParser(intInRange(1, 1e9)).hideHelp())
    .addOption(new Option('--shard <K/M>', 'play only shard K of M and write a part file for `sim merge`').argParser(parseShard).hideHelp(!resumable))
    .addOption(new Option('--checkpoint <file>', 'save completed chunks to FILE; rerunning with it resumes').argParser(parseOutFile).hideHelp(!resumable))
    .addOption(new Option('--decision-timeout <seconds>', 'a policy module that takes longer to load or to answer one decision stops the run (default 5)').argParser(secondsOption))
    .addOption(new Option('--policy-memory <MiB>', 'heap limit of a thread that runs a policy module').argParser(intInRange(16, 1 << 20)).hideHelp())
    .addOption(new Option('--hmac-key-file <file>', 'sign part files and checkpoints with this key (and check those read), for machines that do not trust each other').argParser(parseInputPath).hideHelp(!resumable));
  return addOutputOptions(cmd);
}

/** Exit 2 when --shard or --checkpoint is given to a command added with `resumable: false` (they would be ignored). */
export function refuseResumeOptions(opts: RunCliOptions, command: string): void {
  if (opts.shard || opts.checkpoint || opts.hmacKeyFile) throw new UsageError(`options --shard, --checkpoint and --hmac-key-file work with game commands and \`sim run\`, not with ${command}`);
}

/** Seconds a policy module may spend loading or on one decision unless --decision-timeout says otherwise. */
export const DEFAULT_DECISION_TIMEOUT = 5;

function secondsOption(raw: string): number {
  const v = numberFromText(raw);
  if (!Number.isFinite(v) || v <= 0 || v > 86_400) throw new InvalidArgumentError('Expected a number of seconds above 0, up to 86400.');
  return v;
}

/**
 * Seed of a run that draws no random numbers (an exact method) when the user gave none: every seed
 * gives the same numbers, so a fixed one keeps its report, `rerun` block included, the same on
 * every run.
 */
export const EXACT_RUN_SEED = 0;

/**
 * The seed to use: the user's; else a fresh random one (see announceSeed), or EXACT_RUN_SEED when
 * the run draws no random numbers.
 */
export function chooseSeed(opts: { seed?: number }, drawsRandomNumbers = true): number {
  // A run that draws no random numbers has seed 0 whatever a scenario's run block says (the command line refuses --seed there).
  return drawsRandomNumbers ? (opts.seed ?? randomInt(0, 2 ** 47)) : EXACT_RUN_SEED;
}

/** Tells the user a randomly chosen seed on stderr, so the run can be repeated. */
export function announceSeed(opts: { seed?: number; quiet?: boolean }, seed: number): void {
  if (opts.seed === undefined && !opts.quiet) {
    err().write(`sim: seed ${seed} (chosen at random; add --seed ${seed} to repeat this run)\n`);
  }
}

export interface McRun {
  result: RunResult;
  seed: number;
  timings: Record<string, number | string>;
}

/**
 * Runs a registered simulation with a progress bar (TTY only, after ~1 s) and Ctrl-C → partial
 * results. `opts.progress`, when given, is the command's one bar (several calls, sweep cells), and
 * `label` names this call on it; `continued`: the same call goes on (a stopping rule's next batch).
 */
export async function runWithShell(
  simId: string,
  params: unknown,
  opts: RunCliOptions,
  seed: number,
  range: { start: number; n: number } = { start: 0, n: opts.games },
  onChunk?: (gamesDone: number, totals: Totals) => void,
  label?: string,
  continued = false,
): Promise<McRun> {
  // The runner loads with the first run, not with the commands' definitions (help).
  const { autoJobs, runSimulation } = await import('../run/runner.js');
  const jobs = opts.jobs === 'auto' ? autoJobs() : opts.jobs;
  const started = performance.now();
  // Ctrl-C / SIGTERM stop the run at its completed games (src/cli/interrupt.ts).
  const finished = runStarted(opts.quiet);
  const progress = opts.progress ?? commandProgress(opts);
  // Ctrl-C: the bar goes before the "interrupted" notice is written (this listener runs before the
  // command's own, see interrupt.ts), so it cannot redraw over it.
  const clearBar = () => progress.clear();
  // Only a bar on the screen needs clearing: a listener would also stop Node's own exit on a signal
  // for a library caller that installs no handlers.
  const listening = progress.isEnabled();
  if (listening) for (const s of STOP_SIGNALS) process.prependListener(s, clearBar);
  if (continued) progress.continueCall(range.n);
  else progress.startCall(label, range.n);
  try {
    const result = await runSimulation({
      simId,
      params,
      n: range.n,
      start: range.start,
      seed,
      jobs,
      chunkSize: opts.chunkSize,
      forcePool: opts.forcePool,
      // A policy module runs on watched threads: a stuck decision, an exit or runaway memory cannot take this process with it.
      userCode: opts.userCode ? { decisionTimeoutMs: (opts.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT) * 1000, memoryMb: opts.policyMemory ?? 4096 } : undefined,
      signal: interruption(),
      onProgress: (done, totals) => {
        onChunk?.(done, totals);
        if (!interruption().aborted) progress.update(done);
      },
    });
    progress.finishCall(result.games);
    const wallMs = performance.now() - started;
    return {
      result,
      seed,
      timings: {
        wallMs: Math.round(wallMs),
        gamesPerSecond: Math.round((result.games / wallMs) * 1000),
        jobs: result.jobs,
        chunkSize: result.chunkSize,
      },
    };
  } finally {
    // A bar of this call alone ends with it; the command's bar ends with the command.
    if (!opts.progress || interruption().aborted) progress.clear();
    if (listening) for (const s of STOP_SIGNALS) process.removeListener(s, clearBar);
    finished();
  }
}
