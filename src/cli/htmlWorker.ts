// Worker thread of renderHtmlOnThread: draws one report's HTML page and posts it back (or the
// error's message: this thread never throws).
import { parentPort, workerData } from 'node:worker_threads';
import type { Report } from '../core/reportTypes.js';

const { report } = workerData as { report: Report };
try {
  const { renderHtml } = await import('../report/html.js');
  parentPort!.postMessage({ html: await renderHtml(report) });
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
