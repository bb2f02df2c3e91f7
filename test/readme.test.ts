// The README's promises, checked: the quick start's two lines, every `npx sim` line of its code
// blocks (scaled down as it says), every output it quotes, and the GNU parallel recipe run exactly
// as written (with `npx sim` pointing at this checkout). The BullMQ lines run in distributed.test.ts.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesOf, quotedBlocks } from '../scripts/readmeQuotes.mjs';
import { README, scaled, shBlocks, simCommands } from './helpers/readme.js';
import { deterministicJson, ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const readme = README;
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
  it('runs every `npx sim` line of its code blocks (scaled down as it says): each exits 0', () => {
    const blocks = shBlocks();
    // The GNU parallel recipe runs below, as written; the BullMQ lines against a real Redis in distributed.test.ts.
    const here = blocks.filter((b) => !b.includes('parallel') && !b.includes('sim worker'));
    expect(here.length).toBe(blocks.length - 2);
    const commands = here.flatMap(simCommands);
    expect(commands.length).toBeGreaterThanOrEqual(9);
    for (const args of commands) {
      const r = runCli(scaled(args));
      expect(r.code, `npx sim ${scaled(args).join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout.length, `npx sim ${args.join(' ')}`).toBeGreaterThan(0);
    }
  }, 120_000);
  it('every output it quotes is what its command prints (npm run readme:quotes rewrites them)', () => {
    const blocks = quotedBlocks(readme);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const b of blocks) {
      // A command that plays games names its seed; `sim gaps` reads stored numbers only.
      if (b.args[0] !== 'gaps') expect(b.args, b.marker).toContain('--seed');
      const r = runCli([...b.args, '-q']);
      expect(r.code, r.stderr).toBe(0);
      expect(b.quoted, `${b.marker}: run npm run readme:quotes`).toEqual(linesOf(r.stdout, b.from, b.to));
      // `sim gaps`' answer grows with the stored entries: its quote is the whole answer, blank lines around it.
      if (b.args[0] === 'gaps') expect([linesOf(r.stdout, b.from - 1, b.from - 1), linesOf(r.stdout, b.to + 1, b.to + 1)], `${b.marker}: quote the whole answer`).toEqual([[''], ['']]);
    }
  }, 60_000);
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
