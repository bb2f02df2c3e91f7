// The CLI in a worker thread of the test process: main(argv, io) from the compiled code, called
// once per request with captured stdout and stderr (test/helpers/runCli.ts waits for it
// synchronously). Modules load once per test file, not once per command as a spawned CLI does.
import { parentPort, workerData } from 'node:worker_threads';

const { main } = await import(workerData.mainUrl);
const { port, signal } = workerData;

port.on('message', async ({ id, args }) => {
  let stdout = '';
  let stderr = '';
  // The thread runs many commands: their worker threads are kept from one to the next.
  const io = { stdout: { write: (s) => (stdout += s), isTTY: false }, stderr: { write: (s) => (stderr += s), isTTY: false }, keepWorkers: true };
  let code;
  try {
    code = await main(['node', 'sim', ...args], io);
  } catch (err) {
    stderr += `uncaught: ${err instanceof Error ? err.stack : String(err)}\n`;
    code = 70;
  }
  port.postMessage({ id, result: { code, stdout, stderr } });
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
parentPort.postMessage('ready');
