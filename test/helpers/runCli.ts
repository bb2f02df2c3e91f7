// Runs the real, compiled CLI (dist, built by `npm test`'s pretest). `runCli` calls main(argv, io)
// in a worker thread of the test process and waits for it synchronously: the same code path as
// `bin/sim`, without a process start per command. `spawnCli` and `runCliAsync` start `bin/sim` as a
// child process, for what only a real process shows: another working directory, stdin, signals,
// process exits, terminals.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/sim', import.meta.url));
const MAIN = pathToFileURL(fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url))).href;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let thread: { worker: Worker; port: MessagePort; signal: Int32Array } | null = null;

function cliThread(): NonNullable<typeof thread> {
  if (thread) return thread;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL('./cliThread.mjs', import.meta.url), { workerData: { mainUrl: MAIN, port: port2, signal }, transferList: [port2] });
  // The thread must never keep the test process alive on its own.
  worker.unref();
  thread = { worker, port: port1, signal };
  return thread;
}

/** Runs `sim args…` in-process (a worker thread); a cwd other than the repository root, or stdin, spawns instead. */
export function runCli(args: string[], opts: { cwd?: string; input?: string; timeoutMs?: number } = {}): CliResult {
  if ((opts.cwd !== undefined && opts.cwd !== ROOT && opts.cwd !== process.cwd()) || opts.input !== undefined) return spawnCli(args, opts);
  const t = cliThread();
  const id = ++requests;
  Atomics.store(t.signal, 0, 0);
  t.port.postMessage({ id, args });
  const waited = Atomics.wait(t.signal, 0, 0, opts.timeoutMs ?? 120_000);
  if (waited === 'timed-out') {
    void t.worker.terminate();
    thread = null;
    return { code: null, stdout: '', stderr: `runCli: timed out after ${opts.timeoutMs ?? 120_000} ms` };
  }
  // The reply to this request (by its id: a stale one is dropped), which may reach the port a moment
  // after the signal on a loaded machine: polled for up to 5 s before the thread is called broken.
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let tries = 0; tries < 5000; tries++) {
    const reply = receiveMessageOnPort(t.port);
    if (reply && (reply.message as { id: number }).id === id) return (reply.message as { result: CliResult }).result;
    if (!reply) Atomics.wait(pause, 0, 0, 1);
  }
  throw new Error('runCli: the CLI thread signalled without a reply');
}

let requests = 0;

/** Runs `bin/sim args…` as a child process and waits for it. */
export function spawnCli(args: string[], opts: { cwd?: string; input?: string; timeoutMs?: number } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 120_000,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Parses a JSON report and drops the execution-dependent `timings` field. */
export function deterministicJson(stdout: string): unknown {
  const parsed = JSON.parse(stdout) as Record<string, unknown>;
  delete parsed.timings;
  return parsed;
}

/**
 * Runs the CLI as a child process without blocking this process (so other children, e.g. queue
 * workers, can run meanwhile); sends SIGINT (or `signal`) `interruptAfterMs` after `interruptWhen(stderr so far)`
 * holds (polled every 50 ms; without it, after the start). A signal during start-up, before the
 * run has begun, ends the process at once by design, so a test of the partial report waits for a
 * sign that the run is going (its checkpoint file, the seed announcement, a marker its policy
 * writes) rather than for a guessed delay.
 */
export function runCliAsync(args: string[], opts: { interruptAfterMs?: number; interruptWhen?: (stderr: string) => boolean; signal?: NodeJS.Signals } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let timer: NodeJS.Timeout | null = null;
    const when = opts.interruptWhen;
    if (opts.interruptAfterMs !== undefined || when) {
      const poll = () => {
        if (when && !when(stderr)) timer = setTimeout(poll, 50);
        else timer = setTimeout(() => child.kill(opts.signal ?? 'SIGINT'), opts.interruptAfterMs ?? 0);
      };
      poll();
    }
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
