// The HTML page of a report, drawn on a worker thread (src/cli/htmlWorker.ts) while this thread
// waits without blocking: vega's drawing of a large page is seconds of synchronous work, and the
// command's thread must stay free to act on Ctrl-C at once (src/cli/interrupt.ts: the page is not
// written, exit 130). Only the shell does this; a library user calls renderHtml (src/report/html.ts).
import { Worker } from 'node:worker_threads';
import type { Report } from '../core/reportTypes.js';
import { stepStarted } from './interrupt.js';

/** Longest a page may take to draw (a large die-step table takes about a second). */
const HTML_TIMEOUT_MS = 120_000;

/** A page still drawing after this long is announced (as a progress bar appears after a second). */
export const SLOW_DRAWING_MS = 1000;

/** A thread that drew a page and is free: the next page is drawn there (its chart libraries already loaded). */
let idle: Worker | null = null;

/** While a thread waits idle: if it ends or fails, it is forgotten (the next page starts a new one), never an unhandled error. */
function forgetIdle(this: Worker): void {
  if (idle === this) idle = null;
}

/**
 * The page's text; rejects when it cannot be drawn (the drawing's error) or takes over
 * HTML_TIMEOUT_MS. `onSlow` is called once if the drawing lasts over SLOW_DRAWING_MS. A thread
 * that answered (a page, or the drawing's error) is kept for the next page, unreferenced: it never
 * keeps the process alive, and closeHtmlThread ends it. A thread that died or timed out is stopped.
 * (A signal ends the process: src/cli/interrupt.ts.)
 */
export async function renderHtmlOnThread(report: Report, onSlow?: () => void): Promise<string> {
  const stepDone = stepStarted('drawing the HTML page; nothing was written');
  const worker = idle ?? new Worker(new URL('./htmlWorker.js', import.meta.url));
  idle = null;
  worker.off('exit', forgetIdle).off('error', forgetIdle);
  worker.ref();
  let timer: NodeJS.Timeout | undefined;
  const slow = onSlow ? setTimeout(onSlow, SLOW_DRAWING_MS) : undefined;
  let answered = false;
  let settle: (reply: { html?: string; error?: string }) => void = () => {};
  const onMessage = (m: { html?: string; error?: string }) => {
    answered = true;
    settle(m);
  };
  const onError = (e: Error) => settle({ error: e.message });
  const onExit = () => settle({ error: 'no reply from its thread' });
  try {
    const reply = await new Promise<{ html?: string; error?: string }>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the HTML page took longer than ${HTML_TIMEOUT_MS / 1000} s to draw`)), HTML_TIMEOUT_MS);
      settle = resolve;
      worker.once('message', onMessage).once('error', onError).once('exit', onExit);
      worker.postMessage({ report });
    });
    if (reply.html === undefined) throw new Error(`the HTML page could not be drawn: ${reply.error ?? 'no reply from its thread'}`);
    return reply.html;
  } finally {
    clearTimeout(timer);
    clearTimeout(slow);
    stepDone();
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    if (answered && idle === null) {
      worker.unref();
      worker.once('exit', forgetIdle).on('error', forgetIdle);
      idle = worker;
    } else void worker.terminate();
  }
}

/** Stops the kept drawing thread, if any (the shell calls it when a command ends, as it closes the worker pools). */
export async function closeHtmlThread(): Promise<void> {
  const worker = idle;
  idle = null;
  if (worker) await worker.terminate();
}
