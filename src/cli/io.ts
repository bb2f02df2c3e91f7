// Where the CLI writes and the exit code it ends with. The real process writes to its stdout and
// stderr; tests call main(argv, io) in-process with captured streams (test/helpers/sim.ts). Only
// this module touches process.stdout/stderr for output: every command writes through out()/err().
import { fstatSync, writeSync } from 'node:fs';
import { forgetFilesRead } from '../core/inputFile.js';

export interface Output {
  write(text: string): unknown;
  /** A terminal: progress bars are drawn only there. */
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface CliIo {
  readonly stdout: Output;
  readonly stderr: Output;
  /**
   * Keep the worker threads for the next command (a caller that runs many commands in one process,
   * such as the test harness); by default a command stops its threads when it ends.
   */
  readonly keepWorkers?: boolean;
}

/**
 * Writes all of `data` to descriptor `fd`: a write the system takes only in part (a file size
 * limit, a disk filling up) is continued, and its error thrown; never a silent short write.
 */
export function writeAllSync(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let at = 0;
  while (at < buf.length) {
    const n = writeSync(fd, buf, at, buf.length - at);
    if (n <= 0) throw Object.assign(new Error(`write to descriptor ${fd} took no bytes`), { code: 'EIO' });
    at += n;
  }
}

/**
 * The process's stdout when it is a regular file (`> report.json`): written whole with
 * writeAllSync, a failure kept for processStdoutWritten (Node's own file stdout drops the rest of
 * a short write without an error, so a full disk or a size limit cut reports short with exit 0).
 */
const fileStdout: Output = {
  write(text: string) {
    if (stdoutFailure) return false;
    try {
      writeAllSync(1, text);
    } catch (e) {
      stdoutFailure ??= e as NodeJS.ErrnoException;
      return false;
    }
    return true;
  },
};

function stdoutIsFile(): boolean {
  try {
    return fstatSync(1).isFile();
  } catch {
    return false;
  }
}

export const PROCESS_IO: CliIo = { stdout: stdoutIsFile() ? fileStdout : process.stdout, stderr: process.stderr };

let current: CliIo = PROCESS_IO;
let code = 0;

/** Data (reports, part files) goes here. */
export function out(): Output {
  return current.stdout;
}

/** Progress, notes and errors go here. */
export function err(): Output {
  return current.stderr;
}

/** The inputs the current command named to refuseOutputOverInput (emit.ts), for the files --out-dir names only at the end; emptied as each command starts. */
export const commandInputs: { file: string | undefined; what: string }[] = [];

/** Starts a command with no inputs known. */
export function forgetCommandInputs(): void {
  commandInputs.length = 0;
  forgetFilesRead();
}

let endWhenDone = false;

/** Asks the real process to end once the command has reported and has its exit code (timers of a queue library would otherwise keep it alive). */
export function endProcessWhenDone(): void {
  endWhenDone = true;
}

/** Whether the command asked for it (read once, by main). */
export function takeEndProcessWhenDone(): boolean {
  const asked = endWhenDone;
  endWhenDone = false;
  return asked;
}

/** Sets the exit code the current command ends with (the highest-priority caller sets it last). */
export function setExitCode(c: number): void {
  code = c;
}

export function exitCode(): number {
  return code;
}

/** The first error of a write to the process's stdout (its reader gone, a read-only descriptor, a full disk). */
let stdoutFailure: NodeJS.ErrnoException | null = null;
let watchingStdout = false;

/**
 * Keeps the process stdout's write errors for processStdoutWritten (its 'error' event would
 * otherwise end the process with a stack trace) and ignores stderr's. Installed once, by the real
 * process only.
 */
export function watchProcessStdout(): void {
  if (watchingStdout) return;
  watchingStdout = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    stdoutFailure ??= e;
  });
  // Notes and progress whose reader went away are lost with nowhere left to say so; the run and
  // its report (stdout or --out) are not, so this is no failure (it ended the process with exit 1).
  process.stderr.on('error', () => {});
}

/**
 * Waits until everything written to the process's stdout has been handed to the system; resolves
 * to the first write error, or null when all of it was written. (Data taken by a pipe's reader and
 * then dropped unread is the reader's choice, as with `| head`, and no error.)
 */
export async function processStdoutWritten(): Promise<NodeJS.ErrnoException | null> {
  const s = process.stdout;
  if (!s.errored && !s.destroyed && s.writableLength > 0) await new Promise<void>((resolve) => s.write('', () => resolve()));
  return stdoutFailure ?? (s.errored as NodeJS.ErrnoException | null);
}

/** "EPIPE (the reader went away before reading it)": the code scripts match on, and its meaning in words. */
export function whyWriteFailed(e: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    EPIPE: 'the reader went away before reading it',
    EFBIG: 'file too large (a file size limit was reached)',
    EBADF: 'the descriptor is closed or not open for writing',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    EIO: 'input/output error',
    ENOENT: 'its folder is gone, or does not take files',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOTDIR: 'a part of the path is not a folder',
  };
  return e.code ? `${e.code}${words[e.code] ? ` (${words[e.code]})` : ''}` : e.message;
}

/** Runs `fn` with `io` as the output and a fresh exit code; restores the previous ones after. */
export async function withIo(io: CliIo, fn: () => Promise<void>): Promise<number> {
  const [prevIo, prevCode] = [current, code];
  current = io;
  code = 0;
  try {
    await fn();
    return code;
  } finally {
    current = prevIo;
    code = prevCode;
  }
}
