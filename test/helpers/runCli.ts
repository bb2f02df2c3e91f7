// Runs the real, compiled CLI (bin/sim → dist) in a child process. `npm test` builds first (pretest).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/sim', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string; input?: string; timeoutMs?: number } = {}): CliResult {
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
 * Runs the CLI without blocking this process (so other children, e.g. queue workers, can run
 * meanwhile); sends SIGINT after `interruptAfterMs` when given.
 */
export function runCliAsync(args: string[], opts: { interruptAfterMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = opts.interruptAfterMs === undefined ? null : setTimeout(() => child.kill('SIGINT'), opts.interruptAfterMs);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
