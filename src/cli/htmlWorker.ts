// Worker thread of renderHtmlOnThread: draws each report it is sent as an HTML page and posts the
// page back (or the error's message: this thread never throws). One thread draws many pages when
// its caller runs many commands (io.keepWorkers), loading the chart libraries once.
import { parentPort } from 'node:worker_threads';
import type { Report } from '../core/reportTypes.js';

parentPort!.on('message', async ({ report }: { report: Report }) => {
  try {
    const { renderHtml } = await import('../report/html.js');
    parentPort!.postMessage({ html: await renderHtml(report) });
  } catch (e) {
    parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
