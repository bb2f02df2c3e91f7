// Where the CLI writes and the exit code it ends with. The real process writes to its stdout and
// stderr; tests call main(argv, io) in-process with captured streams (test/helpers/sim.ts). Only
// this module touches process.stdout/stderr for output: every command writes through out()/err().
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

export const PROCESS_IO: CliIo = { stdout: process.stdout, stderr: process.stderr };

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

/** Sets the exit code the current command ends with (the highest-priority caller sets it last). */
export function setExitCode(c: number): void {
  code = c;
}

export function exitCode(): number {
  return code;
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
