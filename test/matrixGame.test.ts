// The zero-sum matrix game solver (src/core/matrixGame.ts) that computes the Dual Fates deployment
// mixes (scripts/dualfatesDeployment.mjs): known games, and the equilibrium's defining property on
// seeded random ones; and the script itself, end to end on a tiny matrix.
import { spawnSync } from 'node:child_process';
import { parseDeployment } from '../src/games/dualfates/deployment.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mixPayoffs, solveMatrixGame } from '../src/core/matrixGame.js';
import { streamFor } from '../src/core/rng.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

describe('solveMatrixGame', () => {
  it('known games: rock-paper-scissors (value 0, a third each); a 2 × 2 without a saddle point; a saddle point; a dominated row gets nothing', () => {
    const rps = solveMatrixGame([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]);
    expect(rps.value).toBeCloseTo(0, 12);
    for (const q of [...rps.x, ...rps.y]) expect(q).toBeCloseTo(1 / 3, 12);
    // [[3, −1], [−2, 1]]: x = (3/7, 4/7), y = (2/7, 5/7), value 1/7.
    const g = solveMatrixGame([[3, -1], [-2, 1]]);
    expect(g.value).toBeCloseTo(1 / 7, 12);
    expect(g.x[0]).toBeCloseTo(3 / 7, 12);
    expect(g.y[0]).toBeCloseTo(2 / 7, 12);
    // A saddle point at (row 1, column 0): pure strategies.
    const s = solveMatrixGame([[1, 5], [2, 3], [0, 4]]);
    expect(s.value).toBeCloseTo(2, 12);
    expect(s.x).toEqual([0, 1, 0]);
    expect(s.y).toEqual([1, 0]);
    // Row 2 is dominated by row 0 (worse in every column).
    const d = solveMatrixGame([[2, -1], [-1, 2], [1, -2]]);
    expect(d.x[2]).toBe(0);
  });
  it('on seeded random games up to 40 × 30, each mix is a best answer to the other: no row earns more than the value against y, no column less against x', () => {
    const rng = streamFor(7, 0);
    for (let k = 0; k < 25; k++) {
      const m = 1 + (rng.next() >>> 0) % 40;
      const n = 1 + (rng.next() >>> 0) % 30;
      const M = Array.from({ length: m }, () => Array.from({ length: n }, () => ((rng.next() >>> 0) / 2 ** 32) * 2 - 1));
      const { value, x, y } = solveMatrixGame(M);
      expect(x.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(y.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      for (const q of [...x, ...y]) expect(q).toBeGreaterThanOrEqual(-1e-12);
      const { rows, cols } = mixPayoffs(M, x, y);
      expect(Math.max(...rows)).toBeLessThanOrEqual(value + 1e-9);
      expect(Math.min(...cols)).toBeGreaterThanOrEqual(value - 1e-9);
    }
  });
  it('refuses an empty or ragged matrix, or one with a non-finite entry', () => {
    expect(() => solveMatrixGame([])).toThrow(/non-empty rectangular/);
    expect(() => solveMatrixGame([[1, 2], [3]])).toThrow(/non-empty rectangular/);
    expect(() => solveMatrixGame([[1, Number.NaN]])).toThrow(/finite/);
  });
});

describe('scripts/dualfatesDeployment.mjs', () => {
  it('writes a deployment file the match reads: the horde mirror on 20 games a cell, two rounds of the double oracle, played with --deployment FILE; bad --set refused with one line', () => {
    const out = join(tempDir('sim-deploy-script-'), 'mix.yaml');
    const r = spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--pairs', 'horde:horde', '--games', '20', '--br-games', '20', '--rounds', '2', '-j', '1', '--set', 'data.units.generic-champion.health=6', '--out', out], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    // From the team file's starting units at the totem (1 layout a side); the best challengers join (up to 4 a side).
    expect(r.stdout).toMatch(/^horde vs horde round 1: 1 × 1 layouts, mix value [-\d.]+, plan [-\d.]+ \(A first\) \/ [-\d.]+ \(B first\), default vs default [-\d.]+; best challenger as A [+−][\d.]+ \(Generic /);
    expect(r.stdout).toMatch(/\nhorde vs horde round 2: [2-5] × [2-5] layouts/);
    expect(r.stderr).toMatch(/20 games a cell: each cell ±44 points \(95%\), so the payoffs are mostly noise/);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/computed: "scripts\/dualfatesDeployment\.mjs --pairs horde:horde --games 20 --br-games 20 --add 4 --eps 0\.005 --rounds 2 --seed 90001 --min-weight 0\.01 --set data\.units\.generic-champion\.health=6: of 123 × 123 layouts \(starting set and places\), [2-5] × [2-5] joined in 2 rounds/);
    // Each layout names its starting units; the file has no `starting` (the team file's marks are not used); a payoff per pair of layouts.
    expect(text).toMatch(/- \{ weight: \d+, start: \["Generic [A-Z]/);
    expect(text).not.toMatch(/starting:/);
    const written = parseDeployment(text, out).mixes[0];
    expect(written.payoffs).toHaveLength(written.A.layouts.length);
    for (const row of written.payoffs!) expect(row).toHaveLength(written.B.layouts.length);
    const run = runCli(['dualfates', 'match', '--team-a', 'horde', '--team-b', 'horde', '--set', 'data.units.generic-champion.health=6', '--deployment', out, '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const said = JSON.parse(run.stdout).assumptions.find((x: string) => x.startsWith('Deployment'));
    expect(said).toMatch(new RegExp(`over the layouts of ${out.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'s mix "horde vs horde" \\(A \\d+ layouts?, B \\d+\\): with their measured payoffs, each placement`));
    // Played under other values than it was computed for, the report says so.
    const elsewhere = runCli(['dualfates', 'match', '--team-a', 'horde', '--team-b', 'horde', '--deployment', out, '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(JSON.parse(elsewhere.stdout).assumptions.find((x: string) => x.startsWith('Deployment'))).toMatch(/ It is an equilibrium with data\.units\.generic-champion\.health=6; here every parameter is at its default, and a fixed layout may beat it;/);
    // --from this file on the same games, seed and --set: its cells are kept (its first played again), so the first round's matrix is the last round's above.
    const again = join(tempDir('sim-deploy-from-'), 'again.yaml');
    const from = (file: string) => spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--pairs', 'horde:horde', '--games', '20', '--br-games', '20', '--rounds', '1', '-j', '1', '--set', 'data.units.generic-champion.health=6', '--from', file, '--out', again], { encoding: 'utf8' });
    const kept = from(out);
    expect(kept.status, kept.stderr).toBe(0);
    const cellsOf = written.A.layouts.length * written.B.layouts.length;
    expect(kept.stderr).toContain(`dualfatesDeployment: --from: horde vs horde: ${cellsOf} cells kept from the file (its first played again and equal)`);
    const valueOf = (line: string | undefined) => /mix value ([-\d.]+)/.exec(line ?? '')?.[1];
    expect(valueOf(kept.stdout.split('\n')[0])).toBe(valueOf(r.stdout.split('\n').find((l) => l.startsWith('horde vs horde round 2'))));
    // A file whose first payoff is not what those games give (another default's, say): nothing kept.
    const tampered = join(tempDir('sim-deploy-from-'), 'tampered.yaml');
    writeFileSync(tampered, text.replace(/payoffs:\n {6}- \[(-?[\d.]+)/, (_m, x: string) => `payoffs:\n      - [${Number(x) + 0.05}`));
    const redo = from(tampered);
    expect(redo.status, redo.stderr).toBe(0);
    expect(redo.stderr).toMatch(/--from: horde vs horde: the file's first cell plays -?[\d.]+ now, stored -?[\d.]+: its payoffs are another default's or other rules' games; every cell is played again/);
    expect(redo.stderr).not.toContain('cells kept');
    const bad = spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--pairs', 'horde:horde', '--games', '1000', '--set', 'teamA=knights', '--out', out], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('dualfatesDeployment: --set teamA is not a value the layouts are played under (the script\'s flags name the teams)');
  }, 60_000);
  it('--confirm: the would-be joiners play again on fresh games and only a gain there too joins; the file says so', () => {
    const out = join(tempDir('sim-deploy-confirm-'), 'mix.yaml');
    const r = spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--pairs', 'horde:horde', '--games', '10', '--br-games', '10', '--rounds', '3', '--confirm', '-j', '1', '--out', out], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const rounds = r.stdout.split('\n').filter((l) => l.includes(' round '));
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    for (const line of rounds) {
      // "on 10 fresh games +a / +b (the best of the n + m again); adding k + l": k ≤ n, l ≤ m, and a side with a joiner gained over eps there.
      const m = /; on 10 fresh games (none|[+−][\d.]+) \/ (none|[+−][\d.]+) \(the best of the (\d+) \+ (\d+) again\); adding (\d+) \+ (\d+)/.exec(line);
      expect(m, line).not.toBeNull();
      const [, bestA, bestB, n, k, addA, addB] = m!;
      expect(Number(addA)).toBeLessThanOrEqual(Number(n));
      expect(Number(addB)).toBeLessThanOrEqual(Number(k));
      const gain = (t: string) => (t === 'none' ? -Infinity : Number(t.replace('−', '-')));
      if (Number(addA) > 0) expect(gain(bestA)).toBeGreaterThan(0.5);
      if (Number(addB) > 0) expect(gain(bestB)).toBeGreaterThan(0.5);
      if (gain(bestA) <= 0.5) expect(addA).toBe('0');
      if (gain(bestB) <= 0.5) expect(addB).toBe('0');
    }
    expect(readFileSync(out, 'utf8')).toMatch(/computed: "scripts\/dualfatesDeployment\.mjs --pairs horde:horde --games 10 --br-games 10 --confirm --add 4 [^"]*\(those that would have joined, again on 10 fresh games: (none|[+−][\d.]+) as A, (none|[+−][\d.]+) as B\)/);
    // A check plays what the file names: --confirm does not apply there.
    const check = spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--check', '--confirm', '--pairs', 'horde:horde'], { encoding: 'utf8' });
    expect(check.status).not.toBe(0);
    expect(check.stderr).toContain('--confirm does not apply');
  }, 60_000);
  it('--orders: the challengers deploy in each order named, the file says which; an unknown order is refused', () => {
    const out = join(tempDir('sim-deploy-orders-'), 'mix.yaml');
    const run = (orders: string) => spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--pairs', 'horde:horde', '--games', '10', '--br-games', '10', '--rounds', '2', '--orders', orders, '-j', '1', '--out', out], { encoding: 'utf8' });
    const r = run('team,reverse');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/computed: "scripts\/dualfatesDeployment\.mjs --pairs horde:horde --games 10 --br-games 10 --orders team,reverse --add 4 /);
    // Deployed in reverse, the same layouts play other games once the default has layouts to choose among (round 2).
    const team = run('team');
    const reverse = run('reverse');
    expect(reverse.stdout).toMatch(/best challenger as A [+−][\d.]+ \(Generic [^\n]*\(deployed reverse\)\), as B [+−][\d.]+ \(Generic [^\n]*\(deployed reverse\)\)/);
    expect(team.stdout).not.toMatch(/deployed/);
    const round2 = (text: string) => text.split('\n').find((l) => l.includes('round 2'))!.replace(/ \(deployed reverse\)/g, '').replace(/\(\d+ s, /, '(');
    expect(round2(reverse.stdout)).not.toBe(round2(team.stdout));
    const bad = spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--pairs', 'horde:horde', '--orders', 'team,sideways', '--out', out], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('dualfatesDeployment: --orders takes a comma-separated list of team, reverse, cheap; got team,sideways');
  }, 60_000);
});
