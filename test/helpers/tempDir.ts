// Temporary folders for tests, removed after the test file (test/helpers/setup.ts): a test leaves
// nothing in the temp directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** Removes every folder tempDir made so far (test/helpers/setup.ts calls it after each test file). */
export function removeTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A new folder under the temp directory, removed when the test file ends. */
export function tempDir(prefix = 'sim-test-'): string {
  // Inside the run's folder (test/helpers/globalTemp.ts) when there is one: it goes when the run ends, whatever hooks ran.
  const dir = mkdtempSync(join(process.env.SIM_TEST_TMP ?? tmpdir(), prefix));
  made.push(dir);
  return dir;
}
