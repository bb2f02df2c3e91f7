// vitest globalSetup: one folder under the temp directory for the whole run, which every test's
// tempDir() makes its folders in (SIM_TEST_TMP, inherited by the workers), removed when the run
// ends. A file whose tests are all filtered out (-t) runs no afterAll hook, though its module-level
// folders were made: they go with the run's folder.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'sim-tests-'));
  // Traversable by others, as the temp directory is: a test that runs the command as another user (as root, nobody) reaches its folder.
  chmodSync(root, 0o755);
  process.env.SIM_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
