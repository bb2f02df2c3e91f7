// Ctrl-C, SIGTERM and SIGHUP (a closed terminal) for the whole command. The first signal stops a
// run at its completed games (reported, marked partial; a stuck worker is stopped after a short
// grace), a second ends the process at once; outside a run a signal ends it at once (during a named
// step, such as drawing an HTML page, saying what was stopped). Exit 130 after
// SIGINT, 143 after SIGTERM, 129 after SIGHUP (128 + the signal's number). Temp files being written are removed on every path, and a process
// ended by code inside a game (`process.exit` in a policy or game) says so instead of exiting silently.
import { unlinkSync } from 'node:fs';
import { err } from './io.js';

let controller = new AbortController();
let received: NodeJS.Signals | null = null;
let activeRuns = 0;
let installed = false;
let quietNotice = false;
let step: string | null = null;
const temps = new Set<string>();

/** Aborted at the first signal (a fresh signal per command, see resetInterrupt). */
export function interruption(): AbortSignal {
  return controller.signal;
}

/** The signals that stop a run with a partial report. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** 128 + the signal's number: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP). */
function codeOf(signal: NodeJS.Signals | null): number {
  return signal === 'SIGTERM' ? 143 : signal === 'SIGHUP' ? 129 : 130;
}

/** The exit code of an interrupted command: 143 after SIGTERM, 129 after SIGHUP, else 130. */
export function interruptExitCode(): number {
  return codeOf(received);
}

/** A run is going on (its completed games can be reported); `quiet`: no notice on stderr. */
export function runStarted(quiet = false): () => void {
  activeRuns++;
  quietNotice = quiet;
  return () => {
    activeRuns--;
    runsEnded++;
  };
}

/** Runs of this command that have ended: between two (a sweep's cells, a tune's settings) a signal still stops it with what they gave. */
let runsEnded = 0;


/**
 * Names a step outside any run that a signal ends at once (drawing a page), in words for the
 * notice, e.g. "drawing the HTML page; nothing was written". Returns the function ending it.
 */
export function stepStarted(what: string): () => void {
  step = what;
  return () => {
    step = null;
  };
}

/** Marks a temp file as being written (removed if the process ends before it is renamed). */
export function trackTemp(file: string): () => void {
  temps.add(file);
  return () => temps.delete(file);
}

function removeTemps(): void {
  for (const f of temps) {
    try {
      unlinkSync(f);
    } catch {
      /* already gone */
    }
  }
  temps.clear();
}

/** For in-process use (tests): a new command starts uninterrupted. */
export function resetInterrupt(): void {
  controller = new AbortController();
  received = null;
  activeRuns = 0;
  runsEnded = 0;
  step = null;
}

/** Installs the handlers on the real process (once); tests calling main() in-process do not. */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received !== null || (activeRuns === 0 && runsEnded === 0) || step !== null) {
      // A second signal, or nothing to finish: stop now.
      if (step !== null) err().write(`\nsim: interrupted while ${step}\n`);
      else if (received === null) err().write(`\nsim: interrupted before a run was under way; nothing to report\n`);
      else err().write(`\nsim: stopped at once (a second ${signal === 'SIGINT' ? 'Ctrl-C' : signal}); the completed games were not reported\n`);
      removeTemps();
      process.exit(codeOf(signal));
    }
    received = signal;
    if (!quietNotice) err().write(`\nsim: interrupted; reporting the completed games (${signal === 'SIGINT' ? 'Ctrl-C' : signal} again to stop at once)\n`);
    controller.abort();
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  process.on('exit', (code) => {
    removeTemps();
    // Code inside a game or a policy ended the process in the middle of a run: say so, as a failure.
    if (activeRuns > 0 && received === null) {
      process.stderr.write(`sim: error: the process was ended (exit code ${code}) by code inside a game or policy during a run; nothing was reported\n`);
      process.exitCode = 1;
    }
  });
}
