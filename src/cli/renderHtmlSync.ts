// The HTML page of a report, synchronously: the page's charts are drawn by vega, whose API is
// asynchronous, while every command emits its report synchronously (src/cli/emit.ts). The page is
// drawn on a worker thread and this thread waits for it (Atomics.wait), the pattern of `synckit`.
// Only the shell does this; a library user calls the asynchronous renderHtml (src/report/html.ts).
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Report } from '../core/reportTypes.js';

/** Longest a page may take to draw (a large die-step table takes about a second). */
const HTML_TIMEOUT_MS = 120_000;

export function renderHtmlSync(report: Report): string {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./htmlWorker.js', import.meta.url), { workerData: { report, port: port2, signal }, transferList: [port2] });
  try {
    if (Atomics.wait(signal, 0, 0, HTML_TIMEOUT_MS) === 'timed-out') throw new Error(`the HTML page took longer than ${HTML_TIMEOUT_MS / 1000} s to draw`);
    const reply = receiveMessageOnPort(port1)?.message as { html?: string; error?: string } | undefined;
    if (!reply || reply.html === undefined) throw new Error(`the HTML page could not be drawn: ${reply?.error ?? 'no reply from its thread'}`);
    return reply.html;
  } finally {
    port1.close();
    void worker.terminate();
  }
}
