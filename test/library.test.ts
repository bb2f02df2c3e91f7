// The library API from the outside: the packed package (npm pack: its `files`, `exports` and type
// declarations) is put in a scratch project's node_modules, the README's example is compiled there
// with TypeScript against the declarations and run; its report equals the CLI's JSON for the same run.
// Offline: the tarball is unpacked as npm would; its dependencies resolve from this checkout's
// node_modules (the scratch project lives under the checkout, in a git-ignored *.tmp folder).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DarkFateVersionResult, DiceResult, PillarsCheckResult, PillarsReportResult, SimReport } from '../src/cli/library.js';
import { modeIds } from '../src/games/index.js';
import { MODE_IDS } from '../src/games/modeIds.js';
import { deterministicJson, ROOT, runCli } from './helpers/runCli.js';

const scratch = join(ROOT, `library-test-${process.pid}.tmp`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf('### Using sim as a library');
  expect(at).toBeGreaterThanOrEqual(0);
  return /```ts\n([\s\S]*?)```/.exec(readme.slice(at))![1];
}

describe('library API', () => {
  it("the README example compiles against the packed package's declarations and prints the CLI's numbers", () => {
    mkdirSync(join(scratch, 'node_modules', 'sim'), { recursive: true });
    // dist is built by `npm test`'s pretest (JavaScript and declarations): pack without running it again.
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch], { cwd: ROOT, stdio: 'pipe' });
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'))!;
    execFileSync('tar', ['xzf', join(scratch, tarball), '-C', join(scratch, 'node_modules', 'sim'), '--strip-components=1']);
    // The package carries what it needs at run time, and not its tests or sources.
    const packed = readdirSync(join(scratch, 'node_modules', 'sim'));
    expect(packed.sort()).toEqual(['README.md', 'bin', 'dist', 'package.json', 'scenarios', 'schemas']);
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: [], outDir: 'out' }, include: ['example.ts'] }));
    writeFileSync(join(scratch, 'example.ts'), readmeExample());
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', scratch], { cwd: scratch, stdio: 'pipe' });
    const printed = execFileSync(process.execPath, [join(scratch, 'out', 'example.js')], { cwd: scratch, encoding: 'utf8' }).trim().split('\n');
    const cli = deterministicJson(runCli(['dice', '--set', 'count=3', '--set', 'target=5', '-n', '20000', '--seed', '1', '-j', '1', '--format', 'json']).stdout) as { tables: { rows: unknown[] }[] };
    expect(printed[0]).toBe(`game 1 1 ${cli.tables[0].rows.length}`);
    expect(printed[1]).toBe(runCli(['dice', '-n', '20000', '--seed', '1', '-j', '1', '--format', 'csv', '--table', '1']).stdout.split('\n')[0]);
  }, 60_000);

  it('run() returns the report the CLI prints as JSON (timings aside)', async () => {
    const { run } = await import('../src/cli/library.js');
    const report = JSON.parse(JSON.stringify(await run('darkfate', { params: { rev9: 'all', handSize: 6 }, games: 30, seed: 4, jobs: 1 })));
    delete report.timings;
    expect(report).toEqual(deterministicJson(runCli(['darkfate', '--rev9', 'all', '--set', 'handSize=6', '-n', '30', '--seed', '4', '-j', '1', '--format', 'json']).stdout));
    await expect(run('dice', { params: { sides: 1 } })).rejects.toThrow(/sides/);
    // As on the command line, an exact run takes no games, seed, threads or confidence: each refused by its library name ('auto', the default, is no request).
    for (const [options, field] of [[{ games: 10 }, 'games'], [{ seed: 7 }, 'seed'], [{ jobs: 2 }, 'jobs'], [{ confidence: 0.8 }, 'confidence']] as const) {
      await expect(run('genisys attack', options), field).rejects.toMatchObject({ message: expect.stringMatching(new RegExp(`^${field}: the exact method .*set params\\.method to 'mc' for a Monte Carlo run$`)), field });
    }
    expect((await run('genisys attack', { jobs: 'auto' })).method).toBe('exact');
  });

  it("run() types each mode's result (checked by tsc), and ModeId lists every mode of the registry", async () => {
    const { format, run } = await import('../src/cli/library.js');
    const dice = await run('dice', { games: 100, seed: 1, jobs: 1 });
    const d: DiceResult = dice.result;
    expect(d.distribution.map((row) => row.successes)).toEqual([0, 1, 2, 3]);
    // @ts-expect-error a dice result has no Rev-9 versions
    expect(dice.result.versions).toBeUndefined();
    // A report of one mode is a report of any mode (format and html take every SimReport).
    const any: SimReport = dice;
    expect(format(any, 'csv', { table: '1' }).split('\n')[0]).toContain('successes');

    // A trace run (params.trace) answers game K alone: the result is a union, told apart by `trace`.
    const darkfate = await run('darkfate', { games: 10, seed: 1, jobs: 1 });
    // @ts-expect-error versions belong to the full run's result, not the trace's: narrow first
    expect(darkfate.result.versions).toHaveLength(1);
    if ('trace' in darkfate.result) throw new Error('a full run has no trace');
    const versions: DarkFateVersionResult[] = darkfate.result.versions;
    expect(versions).toHaveLength(1);
    const traced = await run('darkfate', { params: { trace: 2 }, games: 10, seed: 1, jobs: 1 });
    if (!('trace' in traced.result)) throw new Error('a trace run has its trace');
    expect(traced.result.game).toBe(2);

    // Exact (the default) or Monte Carlo beside exact: the mc form has `checks`.
    const pillars = await run('dualfates pillars');
    const p: PillarsReportResult | PillarsCheckResult = pillars.result;
    // @ts-expect-error a pillars result is not a dice result
    const notDice: DiceResult = pillars.result;
    expect(notDice).toBe(p);
    if ('checks' in p) throw new Error('the exact method has no Monte Carlo checks');
    expect(p.initiative.pWin).toBeCloseTo(0.5);

    expect([...MODE_IDS].sort()).toEqual((await modeIds()).sort());
  });
});
