// The README's promises, checked: the quick start's two lines, and the GNU parallel recipe run
// exactly as written (with `npx sim` pointing at this checkout).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deterministicJson, ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const haveParallel = spawnSync('sh', ['-c', 'command -v parallel']).status === 0;
if (!haveParallel && process.env.CI) throw new Error('GNU parallel is missing in CI: .ci/run should have installed it');

function codeBlockAfter(marker: string): string {
  const at = readme.indexOf(marker);
  expect(at, `README section "${marker}"`).toBeGreaterThanOrEqual(0);
  const m = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  expect(m).not.toBeNull();
  return m![1];
}

describe('README', () => {
  it('quick start: exactly two command lines, the main job and the tests', () => {
    const lines = codeBlockAfter('## Quick start').trim().split('\n');
    expect(lines).toEqual(['npm ci && npx sim darkfate --rev9 endoskeleton -n 1e6', 'npm test']);
    expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(/\nnpm ci\nnpm test\n$/);
  });
  it.skipIf(!haveParallel)('the GNU parallel recipe merges to the one-machine numbers', () => {
    const script = codeBlockAfter('**GNU parallel on one machine**');
    const dir = tempDir('sim-readme-');
    // `npx sim` in the recipe: a shim on PATH that runs this checkout's CLI.
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'npx'), `#!/bin/sh\n[ "$1" = sim ] && shift\nexec "${process.execPath}" "${join(ROOT, 'bin/sim')}" "$@"\n`);
    chmodSync(join(dir, 'bin', 'npx'), 0o755);
    const r = spawnSync('bash', ['-euo', 'pipefail', '-c', script.replace('npx sim merge part-*.json', 'npx sim merge part-*.json --format json')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` },
      timeout: 120_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const whole = runCli(['dice', '-n', '1e6', '--seed', '42', '--format', 'json', '-q']);
    expect(deterministicJson(r.stdout)).toEqual(deterministicJson(whole.stdout));
  }, 120_000);
});
