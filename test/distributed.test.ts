// Distributed mode on BullMQ with a real redis-server on 127.0.0.1 (installed by .ci/run from
// Debian when missing): two workers + submit equal the local run; workers stopped mid-job have
// their shards retried with identical numbers; a result from a different run is refused. Workers
// are processes; a submit runs in this process (runCli) unless the test acts while it waits.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../src/cli/runState.js';
import { hashOf } from '../src/core/hash.js';
import { scaled, shBlocks, simCommands } from './helpers/readme.js';
import { deterministicJson, ROOT, runCli, runCliAsync } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const BIN = join(ROOT, 'bin/sim');
const haveRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
if (!haveRedis && process.env.CI) throw new Error('redis-server is missing in CI: .ci/run should have installed it');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startWorker(url: string, queue: string, log: { text: string }, extra: string[] = []): ChildProcess {
  const w = spawn(process.execPath, [BIN, 'worker', '--redis', url, '--queue', queue, '--concurrency', '1', '--lock-ms', '1000', ...extra], { cwd: ROOT });
  w.stderr!.on('data', (d) => (log.text += d));
  w.stdout!.resume();
  return w;
}

async function waitFor(pred: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!haveRedis)('distributed mode on BullMQ (real redis-server)', () => {
  let redis: ChildProcess;
  let url = '';
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPort(port);
    url = `redis://127.0.0.1:${port}`;
  });

  // A test's workers end with it: each test has its own queue, and idle workers still poll Redis.
  afterEach(() => {
    for (const w of workers.splice(0)) w.kill('SIGKILL');
  });

  afterAll(async () => {
    // Stopped by its PID, as the CI script expects.
    redis?.kill('SIGTERM');
  });

  it('two workers + submit give the numbers of the local run', async () => {
    const logs = [{ text: '' }, { text: '' }];
    workers.push(startWorker(url, 'q-two', logs[0]), startWorker(url, 'q-two', logs[1]));
    // Both connected before the shards are queued: one worker started late would see none (its shards are short).
    await waitFor(() => logs.every((l) => l.text.includes('waiting for shards')), 20_000, 'both workers');
    // The submit runs in this process (the workers are processes of their own).
    const sub = runCli(['submit', 'dice', '--count', '4', '-n', '300000', '--seed', '9', '--format', 'json', '-q', '--shards', '6', '--redis', url, '--queue', 'q-two']);
    expect(sub.stderr).toBe('');
    expect(sub.code).toBe(0);
    const local = runCli(['dice', '--count', '4', '-n', '300000', '--seed', '9', '--format', 'json', '-q', '-j', '1']);
    expect(deterministicJson(sub.stdout)).toEqual(deterministicJson(local.stdout));
    // Both workers took part (their logs read once this process's event loop runs again).
    await waitFor(() => logs.every((l) => /shard \d+\/6 .* done/.test(l.text)), 10_000, 'both workers to log a shard done');
  }, 60_000);

  it("the README's BullMQ lines (scaled down as it says) give the numbers of the local run", async () => {
    const block = shBlocks().find((b) => b.includes('sim worker'))!;
    const [worker, submit] = simCommands(block).map((args) => scaled(args).map((a) => a.replace('redis://HOST:6379', url)));
    expect(worker[0]).toBe('worker');
    expect(submit[0]).toBe('submit');
    const log = { text: '' };
    const w = spawn(process.execPath, [BIN, ...worker], { cwd: ROOT });
    w.stderr!.on('data', (d) => (log.text += d));
    w.stdout!.resume();
    workers.push(w);
    const sub = runCli([...submit, '--format', 'json', '-q']);
    expect(sub.code, sub.stderr).toBe(0);
    const local = runCli([...submit.slice(1).filter((_, i, all) => !['--shards', '--redis'].includes(all[i]) && !['--shards', '--redis'].includes(all[i - 1])), '--format', 'json', '-q']);
    expect(local.code, local.stderr).toBe(0);
    expect(deterministicJson(sub.stdout)).toEqual(deterministicJson(local.stdout));
    await waitFor(() => /shard \d+\/4 .* done/.test(log.text), 10_000, 'the worker to log a shard done');
  }, 60_000);

  it('workers stopped mid-job, one killed and one by Ctrl-C: both shards are retried elsewhere, never merged short, and the result is identical', async () => {
    const logA = { text: '' };
    const logB = { text: '' };
    workers.push(startWorker(url, 'q-kill', logA), startWorker(url, 'q-kill', logB));
    await waitFor(() => [logA, logB].every((l) => l.text.includes('waiting for shards')), 20_000, 'both workers');
    const [a, b] = workers;
    const args = ['_fault', '-n', '200000', '--pause', '10', '--seed', '4', '--format', 'json', '-q'];
    const pending = runCliAsync(['submit', ...args, '--shards', '2', '--redis', url, '--queue', 'q-kill']);
    // Each worker takes one shard (concurrency 1); both are stopped while their games run.
    await waitFor(() => [logA, logB].every((l) => /shard \d\/2 .* started/.test(l.text)), 20_000, 'both workers to start a shard');
    a.kill('SIGKILL');
    b.kill('SIGINT');
    const logC = { text: '' };
    workers.push(startWorker(url, 'q-kill', logC));
    const sub = await pending;
    expect(sub.code, sub.stderr).toBe(0);
    expect(logB.text).toMatch(/interrupted before all its games were played/);
    expect(logC.text).toMatch(/shard 1\/2 .* done/);
    expect(logC.text).toMatch(/shard 2\/2 .* done/);
    const local = runCli([...args, '-j', '2']);
    expect(deterministicJson(sub.stdout)).toEqual(deterministicJson(local.stdout));
  }, 90_000);

  it('an edited policy module is another run: resubmitting plays new jobs, never returns the old numbers', async () => {
    const dir = tempDir('sim-dist-');
    // A worker imports modules only from the folders it was started with.
    workers.push(startWorker(url, 'q-edit', { text: '' }, ['--allow-policy', dir]));
    const pol = join(dir, 'p.mjs');
    const args = ['submit', 'darkfate', '--policy', pol, '-n', '80', '--seed', '5', '--format', 'json', '-q', '--shards', '2', '--redis', url, '--queue', 'q-edit'];
    writeFileSync(pol, "export default { name: 'first', choose: () => 0 };\n");
    const first = runCli(args);
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(pol, "export default { name: 'last', choose: (rng, v, d, o, n) => (d === 0 ? n - 1 : 0) };\n");
    const second = runCli(args);
    expect(second.code, second.stderr).toBe(0);
    const local = runCli(['darkfate', '--policy', pol, '-n', '80', '--seed', '5', '--format', 'json', '-q', '-j', '1']);
    expect(deterministicJson(second.stdout)).toEqual(deterministicJson(local.stdout));
    expect(JSON.parse(second.stdout).result.versions[0].turns.mean).not.toBe(JSON.parse(first.stdout).result.versions[0].turns.mean);
  }, 60_000);

  it('a result of a different run is refused', async () => {
    // A rogue worker answers every job with a part whose identity names another seed.
    const { Worker } = await import('bullmq');
    const { Redis } = await import('ioredis');
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const rogue = new Worker(
      'q-rogue',
      async (job) => {
        const d = job.data as { identity: Record<string, unknown>; shard: number };
        const part = { kind: 'sim-part' as const, identity: { ...d.identity, seed: 12345 } as never, shard: d.shard, range: [0, 0] as [number, number], calls: [] };
        // Shard 1 answers with a correctly sealed part of another run; shard 2 with one whose seal is missing.
        return d.shard === 1 ? seal(part) : part;
      },
      { connection },
    );
    try {
      const sub = await runCliAsync(['submit', 'dice', '-n', '1000', '--seed', '2', '--shards', '2', '--redis', url, '--queue', 'q-rogue', '-q']);
      // A stored result that fails its checks is refused as bad input (exit 2), and removed so a later submit replays it.
      expect(sub.code).toBe(2);
      expect(sub.stdout).toBe('');
      expect(sub.stderr).toMatch(/returned a result of a different run \(seed \(2 vs 12345\)\); refused \(the job was removed|contentHash: missing/);
    } finally {
      await rogue.close();
      connection.disconnect();
    }
  }, 30_000);

  it('a worker imports no module a job names outside --allow-policy; the failed job is played again by the next submit', async () => {
    const dir = tempDir('sim-dist-');
    const pol = join(dir, 'p.mjs');
    writeFileSync(pol, "export default { name: 'first', choose: () => 0 };\n");
    const args = ['submit', 'darkfate', '--policy', pol, '-n', '100', '--seed', '6', '--format', 'json', '-q', '--shards', '1', '--redis', url, '--queue', 'q-allow'];
    const log = { text: '' };
    const strict = startWorker(url, 'q-allow', log);
    workers.push(strict);
    const refused = runCli(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/params\.policy: .*p\.mjs is code \(a module\) named only by stored data, not by you: refused \(start the worker with --allow-policy DIR/);
    strict.kill('SIGKILL');
    workers.push(startWorker(url, 'q-allow', { text: '' }, ['--allow-policy', dir]));
    const again = runCli(args);
    expect(again.code, again.stderr).toBe(0);
  }, 60_000);

  it('a worker reads no data file a job names outside --allow-data, even when a data value (card.…) of that file is set', async () => {
    const dir = tempDir('sim-dist-');
    const secret = join(dir, 'secret.yaml');
    writeFileSync(secret, 'SECRET-LINE: [1, 2\n');
    // A forged job (anyone who can write to the queue): the identity of a real run, its params pointed at the secret.
    const part = join(dir, 'part.json');
    expect(runCli(['darkfate', '-n', '100', '--seed', '6', '-q', '-j', '1', '--shard', '1/1', '--out', part]).code).toBe(0);
    const identity = JSON.parse(readFileSync(part, 'utf8')).identity;
    Object.assign(identity.params, { cards: secret, 'card.attack.count': 5 });
    identity.paramsHash = hashOf(identity.params);
    const { Queue } = await import('bullmq');
    const { Redis } = await import('ioredis');
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue('q-data', { connection });
    try {
      const job = await queue.add('shard', { runKey: 'f0f0f0f0f0f0f0f0', identity, shard: 1, confidence: 0.95 }, { attempts: 1 });
      const log = { text: '' };
      workers.push(startWorker(url, 'q-data', log));
      await waitFor(() => /failed/.test(log.text), 20_000, 'the forged job to fail');
      const reason = (await queue.getJob(job.id!))!.failedReason;
      expect(reason).toMatch(/params\.cards: .*secret\.yaml is a file named only by stored data, not by you: refused \(start the worker with --allow-data DIR/);
      expect(log.text + reason).not.toMatch(/SECRET/);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }, 60_000);

  it("a stored result edited in Redis is refused (exit 2) and removed, so the next submit plays it again", async () => {
    workers.push(startWorker(url, 'q-tamper', { text: '' }));
    const args = ['submit', 'dice', '-n', '4000', '--seed', '8', '--format', 'json', '-q', '--shards', '2', '--redis', url, '--queue', 'q-tamper'];
    const first = runCli(args);
    expect(first.code, first.stderr).toBe(0);
    const { Redis } = await import('ioredis');
    const r = new Redis(url);
    try {
      const keys = (await r.keys('bull:q-tamper:*-1')).filter((k) => !k.includes(':lock'));
      expect(keys.length).toBe(1);
      const part = JSON.parse((await r.hget(keys[0], 'returnvalue'))!);
      part.calls[0].totals.metrics[0].bins[0] += 1;
      part.calls[0].totals.metrics[0].bins[1] -= 1;
      await r.hset(keys[0], 'returnvalue', JSON.stringify(part));
    } finally {
      r.disconnect();
    }
    const tampered = runCli(args);
    expect(tampered.code).toBe(2);
    expect(tampered.stderr).toMatch(/contentHash: does not match its content .*\(the job was removed: submit again to play it again\)/);
    const replayed = runCli(args);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(deterministicJson(replayed.stdout)).toEqual(deterministicJson(first.stdout));
  }, 60_000);

  it('Ctrl-C on a waiting submit takes its unstarted shards off the queue and says so (exit 130)', async () => {
    const child = spawn(process.execPath, [BIN, 'submit', 'dice', '-n', '1000', '--seed', '4', '--shards', '3', '--redis', url, '--queue', 'q-cancel'], { cwd: ROOT });
    let stderr = '';
    child.stderr!.on('data', (d) => {
      stderr += d;
      if (/submitted run/.test(stderr) && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([130, expect.stringContaining('0 of 3 shards were in; 3 not yet started were taken off the queue')]);
    const { Queue } = await import('bullmq');
    const { Redis } = await import('ioredis');
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue('q-cancel', { connection });
    try {
      expect(await queue.getJobCounts('waiting', 'delayed', 'prioritized')).toEqual({ waiting: 0, delayed: 0, prioritized: 0 });
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }, 30_000);

  it('a job removed from Redis ends the wait with a message instead of waiting for --timeout', async () => {
    const pending = runCliAsync(['submit', 'dice', '-n', '1000', '--seed', '3', '-q', '--shards', '1', '--redis', url, '--queue', 'q-lost']);
    const { Queue } = await import('bullmq');
    const { Redis } = await import('ioredis');
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue('q-lost', { connection });
    try {
      let jobs: { remove(): Promise<void> }[] = [];
      for (let i = 0; i < 50 && jobs.length === 0; i++) {
        jobs = await queue.getJobs(['waiting']);
        if (jobs.length === 0) await new Promise((res) => setTimeout(res, 100));
      }
      expect(jobs.length).toBe(1);
      await jobs[0].remove();
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const r = await pending;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/disappeared from the queue/);
  }, 30_000);

  it('a worker told to stop while Redis is down still exits', async () => {
    const port = await freePort();
    const own = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPort(port);
    const log = { text: '' };
    const w = startWorker(`redis://127.0.0.1:${port}`, 'q-down', log);
    await waitFor(() => log.text.includes('waiting for shards'), 10_000, 'worker start');
    own.kill('SIGKILL');
    await new Promise((res) => setTimeout(res, 300));
    const started = Date.now();
    w.kill('SIGINT');
    const code = await new Promise<number | null>((res) => w.on('close', res));
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(code).not.toBeNull();
    // One line about the lost connection, not a stack trace per retry.
    expect(log.text).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('bad usage exits 2', () => {
    for (const cmd of [['submit', 'dice', '--shards', '2'], ['worker']]) expect(runCli([...cmd, '--redis', url, '--queue', '']).code, cmd[0]).toBe(2);
    expect(runCli(['submit', 'dice', '--shards', '2', '--redis', 'http://x']).code).toBe(2);
    expect(runCli(['submit', 'dice', '--redis', url]).code).toBe(2);
    expect(runCli(['submit', 'nosuch', '--shards', '2', '--redis', url]).code).toBe(2);
    const traced = runCli(['submit', 'darkfate', '--trace', '3', '--shards', '2', '--redis', url]);
    expect([traced.code, traced.stderr.trim()]).toEqual([2, 'sim: option --trace: replays one game, so it cannot be submitted as shards']);
    // An unreachable Redis: one line and exit 1, not endless retries with stack traces.
    for (const cmd of [['submit', 'dice', '-n', '1000', '--seed', '1', '--shards', '2'], ['worker']]) {
      const r = runCli([...cmd, '--redis', 'redis://127.0.0.1:1', '-q'].filter((a) => !(cmd[0] === 'worker' && a === '-q')));
      expect(r.code, cmd[0]).toBe(1);
      expect(r.stderr.trim(), cmd[0]).toBe(`sim: error: ${cmd[0]}: cannot reach Redis at redis://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1`);
    }
    // A command that is not a game is refused before it runs (a sweep printed its whole report first).
    for (const cmd of [['sweep', 'dice', '--grid', 'count=1,2', '-n', '1000'], ['genisys', 'table'], ['compare', 'dice', '--set', 'target=4']]) {
      const r = runCli(['submit', ...cmd, '--shards', '2', '--redis', url]);
      expect([r.code, r.stdout], cmd.join(' ')).toEqual([2, '']);
      expect(r.stderr).toMatch(/is not a game command/);
    }
  });
});
