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

/**
 * The page's text; rejects when it cannot be drawn (the drawing's error) or takes over
 * HTML_TIMEOUT_MS. `onSlow` is called once if the drawing lasts over SLOW_DRAWING_MS.
 */
export async function renderHtmlOnThread(report: Report, onSlow?: () => void): Promise<string> {
  const stepDone = stepStarted('drawing the HTML page; nothing was written');
  const worker = new Worker(new URL('./htmlWorker.js', import.meta.url), { workerData: { report } });
  let timer: NodeJS.Timeout | undefined;
  const slow = onSlow ? setTimeout(onSlow, SLOW_DRAWING_MS) : undefined;
  try {
    const reply = await new Promise<{ html?: string; error?: string }>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the HTML page took longer than ${HTML_TIMEOUT_MS / 1000} s to draw`)), HTML_TIMEOUT_MS);
      worker.once('message', resolve);
      worker.once('error', (e) => resolve({ error: e.message }));
      worker.once('exit', () => resolve({ error: 'no reply from its thread' }));
    });
    if (reply.html === undefined) throw new Error(`the HTML page could not be drawn: ${reply.error ?? 'no reply from its thread'}`);
    return reply.html;
  } finally {
    clearTimeout(timer);
    clearTimeout(slow);
    stepDone();
    void worker.terminate();
  }
}
