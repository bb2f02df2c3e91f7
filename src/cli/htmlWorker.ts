// Worker thread of renderHtmlSync: draws one report's HTML page (vega is asynchronous) and hands
// it back through the port, then wakes the waiting thread. Never throws: an error is the reply.
import { workerData, type MessagePort } from 'node:worker_threads';
import type { Report } from '../core/reportTypes.js';

const { report, port, signal } = workerData as { report: Report; port: MessagePort; signal: Int32Array };
try {
  const { renderHtml } = await import('../report/html.js');
  port.postMessage({ html: await renderHtml(report) });
} catch (e) {
  port.postMessage({ error: e instanceof Error ? e.message : String(e) });
} finally {
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
  port.close();
}
