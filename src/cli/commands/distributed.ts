// Distributed mode on BullMQ (Redis). `sim submit <command …> --shards M --redis URL` enqueues the
// M shards of a run as jobs keyed by (run, shard), waits for them and merges the parts into the
// report the one-machine run prints; `sim worker --redis URL` plays shards on any number of
// machines. A retried or duplicated job cannot be counted twice: results are stored by shard
// number and checked against the run identity.
import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import cliProgress from 'cli-progress';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { hashOf } from '../../core/hash.js';
import { packageInfo } from '../../core/packageInfo.js';
import { UsageError } from '../../core/usageError.js';
import { printable } from '../../core/printable.js';
import { findMode, isGameId, loadGame } from '../../games/index.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { executeGame, identityOfRequest, inputsOf, replayTotals, runReport } from '../execute.js';
import { registerGame } from '../gameCommands.js';
import { endProcessWhenDone, err, setExitCode } from '../io.js';
import { newProgram } from '../program.js';
import { bundledScenarios, parseAllowedDir, refuseUnallowedPaths } from '../trust.js';
import { withInputsConfined } from '../../core/inputFile.js';
import { resolveSourceParams } from '../../core/params.js';
import { MAX_SEED } from '../../core/rng.js';
import { MAX_GAMES, parseInputPath } from '../parseOptions.js';
import { numberFromText } from '../../core/numberText.js';
import { MONTE_CARLO_HINT, namingSource, type RunRequest } from '../resolve.js';
import { announceSeed, chooseSeed } from '../runOptions.js';
import { checkSeal, identityMismatch, partCoverageProblem, readHmacKey, seal, type PartFile, type RunIdentity } from '../runState.js';
import { mergeParts } from './merge.js';
import { registerRun } from './run.js';
import { interruptExitCode, interruption, runStarted } from '../interrupt.js';

export const DEFAULT_QUEUE = 'sim-shards';

/** What one BullMQ job carries: everything a worker needs to play one shard. */
export interface ShardJob {
  runKey: string;
  identity: RunIdentity;
  shard: number;
  confidence: number;
}

/**
 * A queued job is data: its numbers are checked as the command line checks -n, --seed, --shard and
 * --confidence before anything plays. Throws Error naming the job and the field.
 */
export function checkShardJob(d: ShardJob, jobId: string): void {
  const whole = (v: unknown, lo: number, hi: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= lo && v <= hi;
  const bad = (field: string, v: unknown, allowed: string) => new Error(`job ${jobId}: ${field}: got ${JSON.stringify(v)}, expected ${allowed}; refused`);
  if (typeof d !== 'object' || d === null || typeof d.identity !== 'object' || d.identity === null) throw new Error(`job ${jobId}: not a shard job (no identity); refused`);
  const id = d.identity;
  if (!whole(id.n, 1, MAX_GAMES)) throw bad('identity.n', id.n, 'a whole number of games from 1 to 1e12');
  if (!whole(id.seed, 0, MAX_SEED)) throw bad('identity.seed', id.seed, `a whole number from 0 to ${MAX_SEED}`);
  if (!whole(id.shards, 1, 1e6)) throw bad('identity.shards', id.shards, 'a whole number of shards from 1 to 1e6');
  if (!whole(d.shard, 1, id.shards as number)) throw bad('shard', d.shard, `a shard from 1 to ${id.shards}`);
  if (!(typeof d.confidence === 'number' && d.confidence > 0 && d.confidence < 1)) throw bad('confidence', d.confidence, 'a level between 0 and 1');
  if (typeof id.game !== 'string') throw bad('identity.game', id.game, 'a mode id');
  if (typeof d.runKey !== 'string' || !/^[0-9a-f]{16}$/.test(d.runKey)) throw bad('runKey', d.runKey, '16 hex digits (the hash of the run)');
}

function parseRedisUrl(raw: string): string {
  if (!/^rediss?:\/\/[^\s]+$/.test(raw.trim())) throw new InvalidArgumentError('Expected a Redis URL such as redis://127.0.0.1:6379.');
  return raw.trim();
}

/** A BullMQ queue name: letters, digits and . _ : -, not empty (an empty name made BullMQ hang). */
function parseQueueName(raw: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/.test(raw)) throw new InvalidArgumentError('Expected a queue name of 1 to 100 letters, digits, ".", "_", ":" or "-".');
  return raw;
}

/** One line per source of Redis or BullMQ errors, once: never a stack trace per retry. */
function oneLineErrors(what: string, emitter: { on(event: 'error', fn: (e: Error) => void): unknown }): void {
  let told = false;
  emitter.on('error', (e: Error) => {
    if (told) return;
    told = true;
    err().write(`sim: ${what}: ${e.message}\n`);
  });
}

function parsePositive(max: number): (raw: string) => number {
  return (raw) => {
    const v = numberFromText(raw);
    if (!Number.isInteger(v) || v < 1 || v > max) throw new InvalidArgumentError(`Expected a whole number from 1 to ${max}.`);
    return v;
  };
}

/** BullMQ and ioredis load only for submit/worker, so other commands start fast. */
async function loadQueueLibs() {
  const libs = await Promise.all([import('bullmq'), import('ioredis')]).catch((e: unknown) => {
    throw new UsageError(`distributed mode needs the optional packages bullmq and ioredis (npm install bullmq ioredis): ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  });
  const [bullmq, ioredis] = libs;
  // BullMQ requires maxRetriesPerRequest: null for blocking connections.
  const connect = (url: string): Redis => {
    const r = new ioredis.Redis(url, { maxRetriesPerRequest: null });
    // ioredis retries forever; without a listener each failed retry prints a stack trace. One line, once.
    let told = false;
    r.on('error', (e: Error) => {
      if (told) return;
      told = true;
      err().write(`sim: Redis at ${url}: ${e.message} (retrying)\n`);
    });
    return r;
  };
  /** Fails fast, in one line, when the server cannot be reached at all (else BullMQ would wait forever). */
  const reachable = async (url: string, what: string): Promise<void> => {
    const probe = new ioredis.Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null, connectTimeout: 5000 });
    let cause = '';
    probe.on('error', (err: Error) => (cause ||= err.message));
    try {
      await probe.connect();
      await probe.ping();
    } catch (err) {
      throw new Error(`${what}: cannot reach Redis at ${url}: ${cause || (err instanceof Error ? err.message : String(err))}`);
    } finally {
      probe.disconnect();
    }
  };
  return { Queue: bullmq.Queue, QueueEvents: bullmq.QueueEvents, Worker: bullmq.Worker, connect, reachable };
}

/**
 * Accepts a job's part only if it is the expected shard of the expected run, and its seal (content
 * hash; the HMAC with a key) is intact: a stored result is checked before it is trusted. Throws
 * UsageError naming the job and what is wrong.
 */
export function acceptPart(expected: RunIdentity, shard: number, part: PartFile, jobId: string, key?: Buffer): PartFile {
  if (!part || part.kind !== 'sim-part' || !part.identity) throw new UsageError(`job ${jobId} returned something that is not a part file`);
  checkSeal(part, `job ${jobId}`, key);
  const diff = identityMismatch(expected, part.identity);
  if (diff) throw new UsageError(`job ${jobId} returned a result of a different run (${diff}); refused`);
  if (part.shard !== shard) throw new UsageError(`job ${jobId} returned shard ${part.shard}, expected ${shard}; refused`);
  const problem = partCoverageProblem(part);
  if (problem) throw new UsageError(`job ${jobId}: ${problem}; refused`);
  return part;
}

const NOT_A_GAME = (args: readonly string[]) => `submit: "${args.join(' ')}" is not a game command (e.g. sim submit dice -n 1e8 --shards 16 --redis URL)`;

/**
 * Resolves a game command line (e.g. ["dice", "--count", "4", "-n", "1e8"]) into a run request
 * without running it, through the very commands `sim` itself would run (generated from the game).
 */
async function requestOf(args: string[]): Promise<RunRequest> {
  const program = newProgram();
  let captured: RunRequest | null = null;
  const keep = async (req: RunRequest) => {
    captured = req;
  };
  const [word, sub] = args;
  if (word === 'run') registerRun(program, keep);
  else if (word !== undefined && isGameId(word)) {
    const game = await loadGame(word);
    // Refuse before parsing: a view (a table) would run here in full first.
    if (!game.modes.some((m) => m.name === '') && !game.modes.some((m) => m.name === sub)) throw new UsageError(NOT_A_GAME(args));
    registerGame(program, game, keep);
  } else throw new UsageError(NOT_A_GAME(args));
  await program.parseAsync(['node', 'sim', ...args]);
  if (!captured) throw new UsageError(NOT_A_GAME(args));
  const req: RunRequest = captured;
  // sim submit splits a run into shards: a trace replays one game and has none.
  if (typeof req.params.trace === 'number' && req.params.trace >= 0) throw namingSource(new UsageError('parameter trace: replays one game, so it cannot be submitted as shards'), req.params);
  return req;
}

interface SubmitOptions {
  shards: number;
  redis: string;
  queue: string;
  timeout: number;
  hmacKeyFile?: string;
}

/** How often a waiting submit checks that its jobs still exist (a job removed from Redis would be waited for until --timeout). */
const LOST_JOB_POLL_MS = 2000;

export function registerSubmit(program: Command): void {
  program
    .command('submit')
    .description('run a game command as M BullMQ jobs on `sim worker`s and merge the results (same numbers as one machine)')
    .argument('<command...>', 'the game command and its options, e.g. dice --count 4 -n 1e9 --seed 1')
    .requiredOption('--shards <M>', 'number of shards (jobs); size them to seconds of work each', parsePositive(1e6))
    .requiredOption('--redis <url>', 'Redis URL, e.g. redis://127.0.0.1:6379', parseRedisUrl)
    .option('--queue <name>', 'BullMQ queue name', parseQueueName, DEFAULT_QUEUE)
    .addOption(new Option('--timeout <seconds>', 'give up waiting after this long').argParser(parsePositive(1e7)).default(86_400))
    .option('--hmac-key-file <file>', 'the key the workers sign their results with (sim worker --hmac-key-file): unsigned or wrongly signed results are refused', parseInputPath)
    .allowUnknownOption()
    .action(async (command: string[], opts: SubmitOptions) => {
      const req = await requestOf(command);
      const { params, opts: runOpts } = req;
      if (runOpts.shard) throw new UsageError('submit: use --shards M, not --shard K/M');
      // As `sim run`: the report never replaces a file the run reads.
      refuseOutputOverInput({ file: runOpts.out, option: 'option --out' }, [...inputsOf(req), { file: opts.hmacKeyFile, what: 'the --hmac-key-file' }]);
      // The queue keeps each finished shard (a resubmit resumes from them): a checkpoint would do nothing.
      if (runOpts.checkpoint) throw new UsageError('option --checkpoint: submit does not checkpoint; the queue keeps every finished shard, and submitting the same command again resumes from them');
      // As --shard on one machine: an exact method plays no games, so there is nothing to split (refused before Redis is reached).
      if (params.method === 'exact') throw new UsageError(`option --shards: the exact method plays no games, so there is nothing to split into jobs; ${MONTE_CARLO_HINT}`);
      // As on one machine: an exact method draws no random seed.
      const seed = chooseSeed(runOpts, params.method !== 'exact');
      if (params.method !== 'exact') announceSeed(runOpts, seed);
      const identity = identityOfRequest(req, seed, opts.shards);
      const runKey = hashOf(identity);
      const key = opts.hmacKeyFile !== undefined ? readHmacKey(opts.hmacKeyFile) : undefined;
      const { Queue, QueueEvents, connect, reachable } = await loadQueueLibs();
      await reachable(opts.redis, 'submit');
      const connection = connect(opts.redis);
      const eventsConnection = connect(opts.redis);
      const queue = new Queue<ShardJob>(opts.queue, { connection });
      const events = new QueueEvents(opts.queue, { connection: eventsConnection });
      oneLineErrors(`queue ${opts.queue}`, queue);
      oneLineErrors(`queue ${opts.queue} events`, events);
      const showBar = err().isTTY && !runOpts.quiet;
      const bar = showBar ? new cliProgress.SingleBar({ stream: err() as NodeJS.WriteStream, format: 'sim [{bar}] {value}/{total} shards' }, cliProgress.Presets.shades_classic) : null;
      let poll: ReturnType<typeof setInterval> | undefined;
      try {
        await events.waitUntilReady();
        const jobs: Job<ShardJob>[] = [];
        for (let k = 1; k <= opts.shards; k++) {
          // jobId = (run, shard): submitting the same run twice never creates a second job…
          const jobId = `${runKey}-${k}`;
          const stored = await queue.getJob(jobId);
          // …but a failed one is played again (its cause may be fixed), never reported failed forever.
          if (stored && (await stored.getState()) === 'failed') await stored.remove();
          jobs.push(await queue.add('shard', { runKey, identity, shard: k, confidence: runOpts.confidence }, { jobId, attempts: 5, backoff: { type: 'fixed', delay: 200 }, removeOnComplete: false, removeOnFail: false }));
        }
        // A job that disappears from Redis (removed, flushed) would be waited for until --timeout: say so instead.
        const lost = new Map<string, (e: Error) => void>();
        poll = setInterval(() => {
          for (const [id, fail] of lost) {
            queue.getJob(id).then(
              (job) => job || fail(new Error(`job ${id} disappeared from the queue (removed, or Redis lost its data); submit again`)),
              () => undefined,
            );
          }
        }, LOST_JOB_POLL_MS);
        if (!runOpts.quiet) err().write(`sim: submitted run ${runKey} as ${opts.shards} jobs on queue ${opts.queue}\n`);
        bar?.start(opts.shards, 0);
        const parts = new Map<number, PartFile>();
        // Waiting is a run under way: a signal stops the wait (below), not the process at once.
        const waitEnded = runStarted(true);
        const stopped = new Promise<'interrupted'>((resolve) => {
          if (interruption().aborted) resolve('interrupted');
          interruption().addEventListener('abort', () => resolve('interrupted'), { once: true });
        });
        const finishedAll = Promise.all(
          jobs.map(async (job, i) => {
            let value: unknown;
            try {
              value = await new Promise<unknown>((resolve, reject) => {
                lost.set(String(job.id), reject);
                job.waitUntilFinished(events, opts.timeout * 1000).then(resolve, reject);
              }).finally(() => lost.delete(String(job.id)));
            } catch (err) {
              const why = err instanceof Error ? err.message : String(err);
              // BullMQ may notice a removed job first ("Missing key for job …"): the same loss, said the same way.
              if (/^Missing key for job /.test(why)) throw new Error(`job ${job.id} disappeared from the queue (removed, or Redis lost its data); submit again`);
              throw new Error(`shard ${i + 1}/${opts.shards} (job ${job.id}) failed: ${why}`);
            }
            // Keyed by shard number: a duplicated or retried job overwrites, never adds.
            try {
              parts.set(i + 1, acceptPart(identity, i + 1, value as PartFile, String(job.id), key));
            } catch (e) {
              // A stored result that fails its checks is never reused: removed, so the next submit plays it again.
              await job.remove().catch(() => undefined);
              throw e instanceof UsageError ? new UsageError(`${e.message} (the job was removed: submit again to play it again)`) : e;
            }
            bar?.update(parts.size);
          }),
        );
        const outcome = await Promise.race([finishedAll, stopped]).finally(waitEnded);
        if (outcome === 'interrupted') {
          bar?.stop();
          // Shards no worker has started are taken back (nobody would collect them); running and
          // finished ones stay: a submit of the same command reuses them.
          let removed = 0;
          for (const job of jobs) {
            const state = await job.getState().catch(() => 'unknown');
            if (state === 'waiting' || state === 'delayed' || state === 'prioritized') removed += await job.remove().then(() => 1, () => 0);
          }
          const kept = opts.shards - removed;
          err().write(`sim: interrupted: ${parts.size} of ${opts.shards} shards were in; ${removed} not yet started ${removed === 1 ? 'was' : 'were'} taken off the queue${kept ? `; ${kept} running or finished stay, and submitting the same command again reuses them` : ''}\n`);
          setExitCode(interruptExitCode());
          return;
        }
        bar?.stop();
        const merged = await mergeParts([...parts.entries()].map(([k, part]) => ({ file: `shard ${k}`, part })));
        // As in sim merge: the parts must be what this command simulates now.
        const replay = replayTotals(merged, 'submit: the shards returned do not match what this command simulates');
        const report = await runReport({ ...req, opts: { ...runOpts, shard: undefined } }, seed, replay);
        await emitReport({ ...report, timings: { shards: opts.shards } }, runOpts);
      } finally {
        clearInterval(poll);
        bar?.stop();
        await events.close();
        await queue.close();
        // Connections we created are ours to close; open sockets would keep the process alive.
        connection.disconnect();
        eventsConnection.disconnect();
        // When one shard fails, BullMQ still holds timers for the other jobs' waits (up to
        // --timeout): the process ends once the command has its exit code and its last line is out
        // (a timer here exited 0 before a failed submit's error was even reported, under load).
        endProcessWhenDone();
      }
    });
}

interface WorkerOptions {
  redis: string;
  queue: string;
  concurrency?: number;
  lockMs: number;
  allowPolicy?: string[];
  allowData?: string[];
  hmacKeyFile?: string;
}

/** How long a stopping worker waits for its running shards (and for Redis) before it exits anyway. */
const WORKER_STOP_GRACE_MS = 10_000;

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('play shards submitted with `sim submit` (run on any number of machines; Ctrl-C to stop)')
    .requiredOption('--redis <url>', 'Redis URL, e.g. redis://127.0.0.1:6379 (with a password: redis://user:pass@host:6379; TLS: rediss://)', parseRedisUrl)
    .option('--queue <name>', 'BullMQ queue name', parseQueueName, DEFAULT_QUEUE)
    .option('--concurrency <N>', 'shards played at once, one worker thread each (default: cores)', parsePositive(1024))
    .addOption(new Option('--lock-ms <ms>', 'job lock; a worker silent this long is presumed dead and its shard retried').argParser(parsePositive(3_600_000)).default(30_000))
    .option('--allow-policy <dir>', 'a folder whose policy modules jobs may name (repeatable); a job naming any other module is refused, and a module must still have the content hash the job was submitted with', wrapDir)
    .option('--allow-data <dir>', "a folder whose data files (cards, units, …) jobs may name (repeatable; the tool's own scenarios/ always)", wrapDir)
    .option('--hmac-key-file <file>', 'sign every result with this key (submit checks it with the same key)', parseInputPath)
    .action(async (opts: WorkerOptions) => {
      const concurrency = opts.concurrency ?? availableParallelism();
      const key = opts.hmacKeyFile !== undefined ? readHmacKey(opts.hmacKeyFile) : undefined;
      const { Worker, connect, reachable } = await loadQueueLibs();
      await reachable(opts.redis, 'worker');
      const version = packageInfo().version;
      const connection = connect(opts.redis);
      // A file a job's data names (a deck's `cards:`) is read under the same rule as the job's own paths.
      const roots = [bundledScenarios(), ...(opts.allowData ?? []), ...(opts.allowPolicy ?? [])];
      await withInputsConfined(roots, "a job may only name files in the worker's --allow-data and --allow-policy folders and this tool's scenarios/", async () => {
        const worker = new Worker<ShardJob, PartFile>(
          opts.queue,
          async (job) => {
            const d = job.data;
            checkShardJob(d, String(job.id));
            if (d.identity.version !== version) throw new Error(`job ${job.id} is for sim ${d.identity.version}, this worker is ${version}`);
            const found = await findMode(d.identity.game, `job ${job.id}`);
            // A job is data: its parameters are validated like a command line's, and name no code or file the worker was not told to trust.
            // Paths are checked before a data value (data.…) makes the game read the file they name.
            const params = resolveSourceParams(found.mode, d.identity.params ?? {}, (k) => `job ${job.id}: params.${k}`, (fixed) =>
              refuseUnallowedPaths(found.mode.params, fixed, {
                codeDirs: [bundledScenarios(), ...(opts.allowPolicy ?? [])],
                // Data from a folder trusted with code is trusted too (as the files a data file names are, below).
                dataDirs: [...(opts.allowData ?? []), ...(opts.allowPolicy ?? [])],
                where: `job ${job.id}: params`,
                hint: { code: 'start the worker with --allow-policy DIR to allow modules from DIR', data: 'start the worker with --allow-data DIR to allow files from DIR' },
              }),
            );
            err().write(`sim worker: shard ${d.shard}/${d.identity.shards} of run ${d.runKey} started\n`);
            // From here a signal stops the shard as a run (failed, retried elsewhere), not the process at once.
            const finished = runStarted(true);
            try {
              // One worker thread per job keeps this event loop free to renew job locks.
              const runOpts = { games: d.identity.n, seed: d.identity.seed, jobs: 1, forcePool: true, shard: { k: d.shard, m: d.identity.shards! }, confidence: d.confidence, format: 'json' as const, quiet: true };
              const req = { ...found, params, opts: runOpts };
              // The files here must be the ones the job was submitted with (an edited module is another run).
              const here = identityOfRequest(req, d.identity.seed, d.identity.shards);
              const diff = identityMismatch(d.identity, here);
              if (diff) throw new Error(`job ${job.id}: this worker would play another run (${diff}); refused`);
              const ex = await executeGame(req, d.identity.seed);
              // An interrupted shard (Ctrl-C on this worker) is a failed job, retried elsewhere: never a short part.
              if (ex.partial) throw new Error(`shard ${d.shard}/${d.identity.shards} interrupted before all its games were played`);
              err().write(`sim worker: shard ${d.shard}/${d.identity.shards} of run ${d.runKey} done\n`);
              return seal({ kind: 'sim-part', identity: ex.identity, shard: d.shard, range: ex.range, calls: ex.calls }, key);
            } finally {
              finished();
            }
          },
          { connection, concurrency, lockDuration: opts.lockMs, stalledInterval: Math.max(500, Math.floor(opts.lockMs / 2)), maxStalledCount: 5 },
        );
        oneLineErrors('worker', worker);
        // A job's id and the messages about it come from the queue: nothing of theirs drives the terminal.
        worker.on('failed', (job, e) => err().write(printable(`sim worker: job ${job?.id} failed: ${e.message}\n`)));
        // Said once the queue's connection is up: a job submitted after the line is seen by this worker.
        await worker.waitUntilReady();
        err().write(`sim worker: waiting for shards on ${opts.queue} (concurrency ${concurrency})\n`);
        await new Promise<void>((resolve) => {
          const stop = () => {
            err().write('sim worker: stopping after running shards\n');
            // Redis may be gone: the worker exits after a grace period whatever close() does.
            const forced = setTimeout(() => {
              err().write('sim worker: stopped without waiting longer for running shards or Redis\n');
              resolve();
            }, WORKER_STOP_GRACE_MS);
            forced.unref();
            worker.close().finally(() => {
              clearTimeout(forced);
              connection.disconnect();
              resolve();
            });
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      });
      endProcessWhenDone();
    });
}

function wrapDir(raw: string, previous: string[] = []): string[] {
  try {
    return parseAllowedDir(raw, previous);
  } catch (e) {
    throw new InvalidArgumentError(e instanceof Error ? e.message : String(e));
  }
}
