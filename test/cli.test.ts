import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGameCount, parseSeed } from '../src/cli/parseOptions.js';
import { spawnSync } from 'node:child_process';
import { deterministicJson, ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

describe('sim --help and version', () => {
  it('lists the commands', () => {
    const r = runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('dice');
  });
  it('prints the version', () => {
    const r = runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
  it('help asked for exits 0; help shown for a missing or unknown command word is a usage error (exit 2, on stderr)', () => {
    for (const args of [['help', 'darkfate'], ['genisys', '--help']]) expect(runCli(args).code, args.join(' ')).toBe(0);
    for (const args of [[], ['genisys'], ['tune'], ['help', 'nope']]) {
      const r = runCli(args);
      expect([r.code, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr, args.join(' ')).toMatch(/^Usage: sim/);
    }
  });
});

describe('sim dice through the real CLI', () => {
  const base = ['dice', '--count', '3', '--sides', '6', '--target', '5', '--seed', '42', '--format', 'json', '-n'];
  it('prints JSON with the distribution, intervals and provenance', () => {
    const r = runCli([...base, '1e5', '-j', '1']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.tool).toBe('sim');
    expect(j.game).toBe('dice');
    expect(j.seed).toBe(42);
    expect(j.n).toBe(100000);
    expect(j.params).toEqual({ count: 3, sides: 6, target: 5 });
    expect(j.paramsHash).toMatch(/^[0-9a-f]{16}$/);
    expect(j.result.distribution).toHaveLength(4);
    for (const row of j.result.distribution) expect(row.lo).toBeLessThanOrEqual(row.estimate);
    expect(j.timings.wallMs).toBeGreaterThanOrEqual(0);
  });
  it('same seed → identical JSON apart from timings for -j 1, -j 2 and two chunk sizes', () => {
    const runs = [
      ['-j', '1'],
      ['-j', '2'],
      ['-j', '2', '--chunk-size', '1234'],
      ['-j', '1', '--chunk-size', '50000'],
    ].map((extra) => runCli([...base, '2e5', ...extra]));
    for (const r of runs) expect(r.code).toBe(0);
    const first = deterministicJson(runs[0].stdout);
    for (const r of runs.slice(1)) expect(deterministicJson(r.stdout)).toEqual(first);
  }, 60_000);
  it('accepts 1000000, 1e6 and 1_000_000 alike', () => {
    const outs = ['100000', '1e5', '100_000'].map((n) => runCli([...base, n, '-j', '1']));
    for (const r of outs) expect(r.code).toBe(0);
    expect(deterministicJson(outs[1].stdout)).toEqual(deterministicJson(outs[0].stdout));
    expect(deterministicJson(outs[2].stdout)).toEqual(deterministicJson(outs[0].stdout));
    // Underscores only between digits: anything else is a typo, not a number.
    for (const n of ['1_', '_1', '1__0', '1e_6']) expect(parseGameCount.bind(null, n), n).toThrow(/Expected a whole number of games/);
    expect(() => parseSeed('4_')).toThrow(/Expected a whole number/);
    expect(parseSeed('1_024')).toBe(1024);
    // The same rule for numeric parameters (--set, scenario files).
    expect(runCli(['dice', '--set', 'count=_3_', '-n', '10']).stderr.trim()).toBe('sim: option --set count: got "_3_", expected an integer in [1, 1000]');
    expect(runCli(['dice', '--set', 'count=1_0', '-n', '10', '-q']).code).toBe(0);
  });
  it('chooses and reports a seed when none is given', () => {
    const r = runCli(['dice', '-n', '1000', '--format', 'json']);
    expect(r.code).toBe(0);
    const seed = JSON.parse(r.stdout).seed;
    expect(Number.isSafeInteger(seed)).toBe(true);
    expect(r.stderr).toContain(`--seed ${seed}`);
  });
  it('table and csv formats', () => {
    const t = runCli(['dice', '-n', '1000', '--seed', '1']);
    expect(t.code).toBe(0);
    expect(t.stdout).toContain('seed 1');
    expect(Math.max(...t.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    // One table per CSV with --table; all tables as one long table with a first column "table" without it.
    const c = runCli(['dice', '-n', '1000', '--seed', '1', '--format', 'csv', '--table', '1']);
    expect(c.code).toBe(0);
    expect(c.stdout.split('\n')[0]).toBe('successes,exact,estimate,lo,hi,atLeastExact,atLeast,atLeastLo,atLeastHi');
    expect(runCli(['dice', '-n', '1000', '--seed', '1', '--format', 'csv']).stdout.split('\n')[0]).toBe('table,successes,exact,estimate,lo,hi,atLeastExact,atLeast,atLeastLo,atLeastHi,metric');
  });
  it('one game: the interval of the mean and the chi-square test are unknown, "–" in the table and null in JSON', () => {
    const t = runCli(['dice', '-n', '1', '--seed', '1']);
    expect(t.code).toBe(0);
    expect(t.stdout).not.toContain('NaN');
    expect(t.stdout).toMatch(/│ mean successes +│ +1 │ +\d+ │ +– │ +– │/);
    expect(t.stdout).toMatch(/│ chi-square \(df 0\) +│ +– │ +– │ +– │ +– │/);
    expect(t.stdout).toMatch(/│ chi-square p-value +│ +– │ +– │ +– │ +– │/);
    // CSV leaves an unknown cell empty (as JSON writes null): "NaN" would be read as text.
    const c = runCli(['dice', '-n', '1', '--seed', '1', '--format', 'csv', '--table', 'summary']).stdout;
    expect(c).not.toContain('NaN');
    expect(c).toMatch(/^mean successes,1,\d+,,$/m);
    const j = JSON.parse(runCli(['dice', '-n', '1', '--seed', '1', '--format', 'json']).stdout);
    expect(j.result.mean).toMatchObject({ se: null, lo: null, hi: null });
    expect(j.result.chiSquare).toEqual({ statistic: null, degreesOfFreedom: 0, pValue: null });
  });
  it('--out writes the report to a file, nothing to stdout', () => {
    const dir = tempDir('sim-');
    const file = join(dir, 'r.json');
    const r = runCli(['dice', '-n', '1000', '--seed', '1', '--format', 'json', '--out', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8')).n).toBe(1000);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });
});

describe('bad input: exit 2, one line on stderr naming the option, nothing on stdout', () => {
  const cases: [string[], RegExp][] = [
    [['dice', '-n', '-3'], /-n, --games.*'-3'/],
    [['dice', '-n', '1.5'], /-n, --games.*'1\.5'.*whole number/],
    [['dice', '-n', '0'], /-n, --games/],
    [['dice', '-n', 'lots'], /-n, --games/],
    [['dice', '-n', '1e13'], /Too many games/],
    [['dice', '--format', 'xml'], /--format.*table, csv, json/],
    [['dice', '--seed', '-1'], /--seed/],
    [['dice', '--seed', '1.5'], /--seed/],
    [['dice', '-j', '0'], /--jobs/],
    [['dice', '--confidence', '1.5'], /--confidence/],
    [['dice', '--sides', '1'], /option --sides.*\[2, 1000\]/],
    [['dice', '--count', 'x'], /option --count/],
    [['dice', '--target', '7'], /target.*1\.\.6/],
    [['dice', '--bogus'], /unknown option '--bogus'/],
    [['nosuchgame'], /unknown command 'nosuchgame'/],
    // A game's parameter spelled as an option: the mode says which --set gives it; a command that takes
    // parameters only through --set says so, after commander's suggestion of a near spelling.
    [['darkfate', '--hand-size', '6'], /unknown option '--hand-size': handSize has no option of its own; give it as --set handSize=<value> \(see `sim params darkfate`\)/],
    [['compare', 'darkfate', '--hand-size', '6'], /unknown option '--hand-size' \(a game's parameter is given here as --set key=value, which makes variant B; for a setting of both variants, such as rev9: all, give A as a scenario file that sets it under params:; `sim params GAME` lists them\)\n$/],
    [['compare', 'darkfate', '--scenario', 'x.yaml'], /unknown option '--scenario' \(compare takes scenario files as its arguments: sim compare A\.yaml \[B\.yaml\] \[--set key=value\]\)\n$/],
    [['sweep', 'darkfate', '--grid', 'handSize=5,6', '--hand-size', '6'], /unknown option '--hand-size' \(a game's parameter is given here as --set key=value; `sim params GAME` lists them\)\n$/],
    [['sweep', 'dice', '--grid', 'count=1,2', '--seeed', '3'], /unknown option '--seeed' \(Did you mean --seed\?\) \(a game's parameter is given here as --set key=value/],
    [['compare', 'dice', '--target', '4'], /unknown option '--target' \(Did you mean one of .*\) \(a game's parameter is given here as --set key=value/],
    // An output path is checked before the run: a folder, an empty path or a missing folder.
    [['dice', '-n', '1000', '--out', tmpdir()], /--out.*is a directory/],
    [['dice', '-n', '1000', '--out', ''], /--out.*Empty path/],
    [['dice', '-n', '1000', '--out', '-'], /--out.*"-" is not a file name here \(it does not mean standard output\); name a file/],
    [['dice', '-n', '1000', '--format', 'csv', '--out-dir', '-'], /--out-dir.*"-" is not a folder name here/],
    [['dice', '-n', '1000', '--out', `${join(tmpdir(), 'no-such-folder-sim')}/`], /--out.*ends in a slash/],
    [['dice', '-n', '1000', '--out', join(tmpdir(), 'no-such-folder-sim', 'r.json')], /--out.*not an existing, writable folder/],
    [['dice', '-n', '1000', '--checkpoint', tmpdir()], /--checkpoint.*is a directory/],
    // A shard writes a part file for sim merge: the options that shape a report belong to the merge.
    [['dice', '-n', '300', '--shard', '1/3', '--format', 'csv', '--out-dir', join(tmpdir(), 'sim-no-such-dir')], /option --format: a --shard run writes a part file \(JSON\) for `sim merge`, not a report; give --format to sim merge/],
    [['dice', '-n', '300', '--shard', '1/3', '--brief'], /option --brief: a --shard run/],
    // A shard without a seed would draw its own: parts of different seeds never merge (a probe found it late, at sim merge).
    [['dice', '-n', '300', '--shard', '1/3', '--out', join(tmpdir(), 'sim-never-written.json')], /^sim: option --shard: give --seed \(or a scenario's run\.seed\)/],
    [['run', 'scenarios/dice/default.yaml', '--shard', '1/3', '--confidence', '0.9'], /option --confidence: a --shard run/],
    // A trace replays a game of the run, and draws no interval.
    [['darkfate', '-n', '20', '--seed', '1', '--trace', '25'], /option --trace: got 25, expected a game index of this run, 0\.\.19 \(-n 20\)/],
    [['darkfate', '--seed', '1', '--trace', '2', '--confidence', '0.8'], /option --confidence: a trace replays one game and draws no interval/],
    // Options that would change nothing in their context.
    [['genisys', 'attack', '--confidence', '0.8'], /option --confidence: the exact method has no sampling error, so no interval to draw \(method is exact by default\)/],
    // No games, no threads to spread them over (-j 2 was accepted without a word).
    [['genisys', 'attack', '-j', '2'], /^sim: option -j: the exact method plays no games \(method is exact by default\), so there is nothing to spread over threads; add --method mc/],
    [['run', 'scenarios/genisys/default.yaml', '-j', '1'], /^sim: option -j: the exact method plays no games, so there is nothing to spread over threads/],
    [['compare', 'genisys', 'attack', '--set', 'cover=soft', '--confidence', '0.9'], /option --confidence: the exact method has no sampling error in either variant/],
    [['sweep', 'genisys', 'attack', '--grid', 'cover=soft,hard', '--confidence', '0.9'], /option --confidence: the exact method has no sampling error in any cell/],
    [['tccg', 'game', '--pool-spend', 'events', '--pool-per-resist', '3'], /option --pool-per-resist: has no effect here: .*poolSpend resist \(it is events\)/],
    [['submit', 'genisys', 'attack', '--shards', '2', '--redis', 'redis://127.0.0.1:1'], /option --shards: the exact method plays no games, so there is nothing to split into jobs/],
    // The stopping rules' settings without a stopping rule would change nothing.
    [['compare', 'dice', '--set', 'count=4', '--margin', '1pp'], /option --margin: .*add --until-decided/],
    [['compare', 'dice', '--set', 'count=4', '--max-games', '10'], /option --max-games: .*has no effect without one/],
    [['genisys', 'table', '--out', '.'], /--out.*is a directory/],
    [['check', 'reports/dice-default.json', '--junit', ''], /--junit.*Empty path/],
  ];
  for (const [args, pattern] of cases) {
    it(args.join(' '), () => {
      const r = runCli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    });
  }
});

describe('progress bar', () => {
  const haveScript = spawnSync('sh', ['-c', 'command -v script']).status === 0;
  it('is absent when stderr is not a terminal; on one, it waits a second, then shows one bar for every call, naming the current one', async () => {
    const r = runCli(['dice', '-n', '1000', '--seed', '1', '-j', '1', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const { CommandProgress, etaText, progressLine } = await import('../src/cli/progress.js');
    const { withIo } = await import('../src/cli/io.js');
    const written: string[] = [];
    const tty = { write: (s: string) => written.push(s), isTTY: true, columns: 100 };
    let clock = 0;
    await withIo({ stdout: tty, stderr: tty } as never, async () => {
      // Off (not a terminal, or -q): never drawn, however long it runs.
      const off = new CommandProgress(false, 1, () => clock);
      off.startCall('endoskeleton', 100);
      clock = 5000;
      off.update(50);
      expect(off.shown()).toBe(false);
      // On: nothing in the first second; then one bar over the four calls of a run.
      clock = 0;
      const on = new CommandProgress(true, 1, () => clock);
      on.expectCalls(4);
      on.startCall('damaged-endo', 100);
      clock = 900;
      on.update(90);
      expect(on.shown()).toBe(false);
      on.finishCall(100);
      on.startCall('endoskeleton', 100);
      clock = 1200;
      on.update(20);
      expect(on.shown()).toBe(true);
      expect(on.total()).toBe(400);
      expect(on.label()).toBe('endoskeleton (2 of 4)');
      on.clear();
      expect(on.shown()).toBe(false);
      // A ladder's bar: the work done (rungs weighted by their budget) and the time left as at most (it may stop early).
      clock = 0;
      const ladder = new CommandProgress(true, 2, () => clock, [1, 2], true);
      ladder.startUnit(0, 'searchIterations 16');
      ladder.startCall(undefined, 100);
      clock = 10_000;
      ladder.update(100);
      expect(ladder.shown()).toBe(true);
      ladder.clear();
    });
    expect(written.join('')).toMatch(/sim cell 1 of 2 \(searchIterations 16\) \[█+░+\] 33% \| 100\/200 games \| eta ≤ 20s/);
    expect(written.join('')).toMatch(/sim endoskeleton \(2 of 4\) \[/);
    // A skill ladder's rungs (budgets 16, 32, 64, 128): a game of each costs twice the one below, so
    // after the first rung of 100 games in 10 s the time left is 14 times that, not 3 (as equal games read).
    const rungs = new CommandProgress(false, 4, () => 0, [1, 2, 4, 8]);
    const equal = new CommandProgress(false, 4, () => 0);
    for (const p of [rungs, equal]) {
      p.startUnit(0, 'searchIterations 16');
      p.startCall(undefined, 100);
      p.update(50);
    }
    expect(rungs.workFraction()).toBeCloseTo(50 / 1500, 12);
    expect(equal.workFraction()).toBeCloseTo(50 / 400, 12);
    for (const p of [rungs, equal]) {
      p.finishCall(100);
      p.startUnit(1, 'searchIterations 32');
    }
    expect(etaText(10_000, rungs.workFraction())).toBe('eta 2m20s');
    expect(etaText(10_000, equal.workFraction())).toBe('eta 30s');
    rungs.startCall(undefined, 100);
    rungs.update(50);
    expect(rungs.workFraction()).toBeCloseTo(200 / 1500, 12);
    expect(etaText(10_000, 0.25)).toBe('eta 30s');
    expect(etaText(100, 0.5)).toBe('eta …');
    expect(etaText(60_000, 0.01)).toBe('eta 1h39m');
    const line = progressLine(60, 0.5, 50, 100, ' a very long label of a sweep cell · fully-operational (4 of 4)', 'eta 5s');
    expect(line.length).toBeLessThanOrEqual(59);
    expect(line).toMatch(/… \[█+░+\] 50% \| 50\/100 games/);
  });
  it.skipIf(!haveScript)('shows on a terminal for runs over a second, ends at 100%, and --quiet silences it', () => {
    // A run of about 2 s that hardly uses the CPU (the fault fixture sleeps 5 ms every 1,000 games).
    const cmd = (extra: string) => `"${process.execPath}" "${join(ROOT, 'bin/sim')}" _fault -n 4e5 --pause 5 --seed 1 -j 1 --format json ${extra} > /dev/null`;
    const shown = spawnSync('script', ['-qec', cmd(''), '/dev/null'], { encoding: 'utf8', timeout: 120_000 });
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/sim \[.*\] \d+% \| \d+\/400000 games/);
    expect(shown.stdout).toMatch(/100% \| 400000\/400000 games/);
    const quiet = spawnSync('script', ['-qec', cmd('-q'), '/dev/null'], { encoding: 'utf8', timeout: 120_000 });
    expect(quiet.status).toBe(0);
    expect(quiet.stdout).not.toMatch(/games/);
  }, 120_000);
});

describe('errors from checks across parameters name where the value came from', () => {
  it('option, --set or scenario field when known; "parameter X" for a default; other errors untouched', async () => {
    const { namingSource, resolveFromSources } = await import('../src/cli/resolve.js');
    const { UsageError } = await import('../src/core/usageError.js');
    const { DARKFATE_PARAMS } = await import('../src/games/darkfate/darkfateParams.js');
    const doc = { game: 'darkfate', params: { players: 3 }, run: {} } as never;
    const params = resolveFromSources(DARKFATE_PARAMS, { file: 'my.yaml', doc }, { handSize: '6' }, { solo: true });
    const msg = (e: unknown) => (e as Error).message;
    expect(msg(namingSource(new UsageError('parameter solo: solo mode is one player'), params))).toBe('option --solo: solo mode is one player');
    expect(msg(namingSource(new UsageError('parameter handSize: too big'), params))).toBe('option --set handSize: too big');
    expect(msg(namingSource(new UsageError('parameter players: too many'), params))).toBe('my.yaml: params.players: too many');
    expect(msg(namingSource(new UsageError('parameter characters: unknown'), params))).toBe('parameter characters: unknown');
    expect(msg(namingSource(new UsageError('parameters a and b cannot both be 0'), params))).toBe('parameters a and b cannot both be 0');
    const other = new Error('parameter solo: not a usage error');
    expect(namingSource(other, params)).toBe(other);
    // A value implied by another parameter (solo → players 1) names that parameter's source; a sweep cell names --grid.
    const implied = resolveFromSources(DARKFATE_PARAMS, null, {}, { solo: true }, { handSize: '7' });
    expect(implied.players).toBe(1);
    expect(msg(namingSource(new UsageError('parameter players: too few characters'), implied))).toBe('option --solo: too few characters');
    expect(msg(namingSource(new UsageError('parameter handSize: too big'), implied))).toBe('option --grid handSize: too big');
    // A second parameter named in parentheses is named by its source too.
    expect(msg(namingSource(new UsageError('parameter solo: one player; got 2 (parameter handSize)'), params))).toBe('option --solo: one player; got 2 (option --set handSize)');
    // Solo implies one player from any source, unless a source gives players: then it is an error naming both.
    expect(resolveFromSources(DARKFATE_PARAMS, null, { solo: 'true' }, {}).players).toBe(1);
    // In any spelling the parameter reads as true (a hostile probe found --set solo=TRUE refused as 2 players).
    for (const spelling of ['TRUE', ' True ']) expect(resolveFromSources(DARKFATE_PARAMS, null, { solo: spelling }, {}).players, spelling).toBe(1);
    expect(runCli(['darkfate', '--set', 'solo=TRUE', '-n', '5', '--seed', '1', '-j', '1', '-q']).code).toBe(0);
    expect(resolveFromSources(DARKFATE_PARAMS, null, { players: '3' }, {}, { solo: 'false' }).players).toBe(3);
    const swept = runCli(['sweep', 'darkfate', '--grid', 'solo=false,true', '--grid', 'policy=greedy', '-n', '20', '--seed', '1', '-q', '--format', 'csv']);
    expect(swept.code, swept.stderr).toBe(0);
    const both = runCli(['darkfate', '--solo', '--set', 'players=2', '-n', '10']);
    expect(both.code).toBe(2);
    expect(both.stderr.trim()).toBe('sim: option --solo: solo mode is one player with two characters; got 2 players (option --set players)');
  });
});

describe('a run whose method is exact draws no random seed: the same command gives the same report', () => {
  const commands = [
    ['genisys', 'attack'],
    ['dualfates', 'attack'],
    ['run', 'scenarios/dualfates/default.yaml'],
  ];
  for (const command of commands) {
    it(command.join(' '), () => {
      const [a, b] = [0, 1].map(() => runCli([...command, '--format', 'json']));
      expect(a.code, a.stderr).toBe(0);
      expect(a.stderr).toBe('');
      expect(b.stdout).toBe(a.stdout);
      const j = JSON.parse(a.stdout);
      expect(j.method).toBe('exact');
      expect(j.seed).toBeNull();
      expect(j.rerun.seed).toBe(0);
    });
  }
  it("a scenario's run block (n, seed) changes nothing in an exact report: the same computation, the same rerun block", () => {
    const file = join(tempDir('sim-exact-run-'), 'ge.yaml');
    writeFileSync(file, 'game: genisys attack\nparams: {}\nrun: {n: 100, seed: 1}\n');
    const scenario = JSON.parse(runCli(['run', file, '--format', 'json']).stdout);
    const plain = JSON.parse(runCli(['genisys', 'attack', '--format', 'json']).stdout);
    expect([scenario.rerun.seed, scenario.rerun.n]).toEqual([plain.rerun.seed, plain.rerun.n]);
    expect(scenario.result).toEqual(plain.result);
  });
  it('an explicit --seed is refused as -n is (it would change the report, not the numbers); Monte Carlo still draws and announces one', () => {
    // Each says how to ask for Monte Carlo in that command's own words (compare and sweep take no --method).
    for (const [args, hint] of [[['genisys', 'attack'], 'add --method mc'], [['compare', 'genisys', 'attack', '--set', 'armor=5'], 'give A as a scenario file that sets method: mc'], [['sweep', 'genisys', 'attack', '--grid', 'set:armor=4,5'], 'add --set method=mc']] as const) {
      const r = runCli([...args, '--seed', '9']);
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, expect.stringMatching(new RegExp(`^sim: option --seed: the exact method draws no random numbers.*; (for a Monte Carlo run of both, )?${hint}`))]);
    }
    // With -n beside it, one refusal names both.
    expect(runCli(['genisys', 'attack', '--seed', '9', '-n', '500']).stderr).toMatch(/^sim: option --seed \(and -n\): the exact method draws no random numbers and plays no games/);
    const mc = runCli(['dualfates', 'attack', '--method', 'mc', '-n', '1000', '--format', 'json']);
    expect(mc.code).toBe(0);
    const seed = JSON.parse(mc.stdout).rerun.seed;
    expect(mc.stderr).toContain(`--seed ${seed}`);
  });
});

describe('the header names the confidence level as given', () => {
  it('99.99% is not rounded to 100%', () => {
    expect(runCli(['dice', '-n', '100', '--seed', '1', '--confidence', '0.9999', '-q']).stdout).toMatch(/· 99\.99% intervals/);
    expect(runCli(['dice', '-n', '100', '--seed', '1', '-q']).stdout).toMatch(/· 95% intervals/);
    expect(runCli(['dice', '-n', '100', '--seed', '1', '--confidence', '0.9999999999', '-q']).stdout).toMatch(/· 99\.99999999% intervals/);
  });
});

describe('the header names every parameter the run sets away from its default', () => {
  it('a settings line in words (table, HTML and JSON); none for the defaults; data values too', () => {
    const lines = runCli(['darkfate', '-n', '50', '--seed', '1', '-q', '-j', '1', '--set', 'handSize=6', '--neural-net', '--set', 'card.pistol.fight=5']).stdout.split('\n');
    expect(lines[2]).toBe('settings: neural net, hand size 6, card · pistol · fight 5');
    expect(runCli(['darkfate', '-n', '50', '--seed', '1', '-q', '-j', '1']).stdout).not.toMatch(/^settings:/m);
    const j = JSON.parse(runCli(['terror', '-n', '20', '--seed', '1', '-q', '-j', '1', '--set', 'rebuy=false', '--set', 'data.finalGirl.health=3', '--format', 'json']).stdout);
    expect(j.settings).toEqual(['rebuy off', 'final girl · health 3']);
    // Not settings: a value that restates the default (a card's own value, the reference card file by its
    // path, from anywhere), a value another setting implies (a large table's track).
    expect(runCli(['run', 'scenarios/darkfate/default.yaml', '-n', '20', '-q', '-j', '1']).stdout).not.toMatch(/^settings:/m);
    expect(runCli(['darkfate', '--set', 'card.pistol.fight=4', '-n', '20', '--seed', '1', '-q', '-j', '1']).stdout).not.toMatch(/^settings:/m);
    expect(runCli(['genisys', 'skirmish', '--set', 'tableSize=large', '-n', '5', '--seed', '1', '-q', '-j', '1']).stdout.split('\n')[3]).toBe('settings: table size large');
    // Policies are in the header's own line already; an exact method's options are settings too.
    expect(runCli(['genisys', 'attack', '--open', '--range', 'short', '-q']).stdout.split('\n')[2]).toBe('settings: range short, open');
    expect(runCli(['darkfate', '-n', '20', '--seed', '1', '-q', '-j', '1', '--policy', 'greedy']).stdout).not.toMatch(/^settings:/m);
    expect(runCli(['dice', '-n', '20', '--seed', '1', '-q', '-j', '1', '--set', 'sides=8', '--format', 'html']).stdout).toContain('<p class="facts">settings: sides 8</p>');
    // A sweep of several rows of one quantity per setting (win by Rev-9 version) ranges over every row, each end named by its
    // setting and its row; an axis with one value (rev9 all) names no end.
    const all = runCli(['sweep', 'darkfate', '--grid', 'rev9=all', '--grid', 'policy=random,greedy', '-n', '20', '--seed', '1', '-q', '-j', '1', '--format', 'json']);
    expect(JSON.parse(all.stdout).text).toMatch(/^Across 2 settings of darkfate \(4 rows each\), win ranges from .* at policy (random|greedy), Rev-9 (Damaged Endo|Endoskeleton|Liquid Exoskeleton|Fully Operational) to .* at policy (random|greedy), Rev-9 (Damaged Endo|Endoskeleton|Liquid Exoskeleton|Fully Operational)/);
    expect(JSON.parse(all.stdout).text).not.toMatch(/rev 9 all/);
    // A sweep names what its cells share (its axes are in the title).
    expect(runCli(['sweep', 'dice', '--grid', 'count=2,3', '--set', 'sides=8', '-n', '500', '--seed', '1', '-q', '-j', '1']).stdout.split('\n').slice(0, 3)).toEqual(['Sweep of dice over count ∈ {2, 3}', 'method mc · n 500 · seed 1 · 95% intervals', 'settings: sides 8']);
    // The policy every cell played is in the header, as a run's is (it was shown nowhere); a policy axis is in the title instead.
    expect(runCli(['sweep', 'terror', '--grid', 'deathOrder=1,2', '--set', 'policy=random', '-n', '10', '--seed', '1', '-q', '-j', '1']).stdout.split('\n')[1]).toBe('method mc · n 10 · seed 1 · 95% intervals · policy random');
    expect(runCli(['sweep', 'terror', '--grid', 'policy=planner,random', '-n', '10', '--seed', '1', '-q', '-j', '1']).stdout.split('\n')[1]).toBe('method mc · n 10 · seed 1 · 95% intervals');
    // A side's policy fixed in every cell (the scenario's side A hold) is a setting where the header names none; `sim policies` says the fixed side's too.
    expect(runCli(['sweep', 'dualfates', 'match', '--scenario', 'scenarios/dualfates/match.yaml', '--grid', 'policyB=hunt,threat', '-n', '4', '--seed', '1', '-q', '-j', '1']).stdout.split('\n')[2]).toBe('settings: team B horde, policy A hold');
    expect(runCli(['policies', 'dualfates', 'match', '--scenario', 'scenarios/dualfates/match.yaml', '--policies', 'threat,random', '-n', '4', '--seed', '1', '-q', '-j', '1']).stdout.split('\n')[2]).toBe('settings: team B horde, policy B hunt');
  });
});

describe('wide tables', () => {
  it('a table too wide for 100 columns is split into column blocks that repeat the row labels; no cell is lost', () => {
    const t = runCli(['dualfates', 'table', '--max-k', '12', '-q']).stdout;
    const lines = t.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    // The incapacitation table (damage, health, armor, k = 1..12, mean) comes in two blocks.
    expect(t).toMatch(/^P\(incapacitated within k attacks\).*\(continued, 2 of 2\)$/m);
    const headers = lines.filter((l) => /^│ damage │ health │ armor │/.test(l));
    expect(headers).toHaveLength(2);
    const columns = headers.flatMap((h) => h.split('│').map((s) => s.trim()).filter((s) => s.startsWith('<=') || s === 'mean'));
    expect(columns).toEqual([...Array.from({ length: 12 }, (_, k) => `<=${k + 1}`), 'mean']);
    // Each block has every row: 3 damage types × 6 health × 3 armor.
    const light = lines.filter((l) => /^│ light +│ +6 │ +2 │/.test(l));
    expect(light).toHaveLength(2);
    // A long table title with its "(continued …)" wraps too (a sweep's per-cell tables).
    const sweep = runCli(['sweep', 'darkfate', '--grid', 'rev9=all', '--grid', 'policy=greedy,planner', '--grid', 'set:handSize=5,6', '-n', '50', '--seed', '1', '-q']).stdout;
    expect(sweep).toContain('(continued, 2 of');
    expect(Math.max(...sweep.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
  }, 60_000);
});

describe('commands load lazily', () => {
  it('`sim dice` loads the dice game and no other; `sim --help` loads none', () => {
    const script = (args: string[]) => `
      const { main } = await import(${JSON.stringify(join(ROOT, 'dist/src/cli/main.js'))});
      const { loadedGames } = await import(${JSON.stringify(join(ROOT, 'dist/src/games/index.js'))});
      const io = { stdout: { write() {} }, stderr: { write() {} } };
      const code = await main(['node', 'sim', ...${JSON.stringify(args)}], io);
      process.stdout.write(JSON.stringify({ code, loaded: loadedGames() }));`;
    const run = (args: string[]) => JSON.parse(spawnSync(process.execPath, ['--input-type=module', '-e', script(args)], { encoding: 'utf8' }).stdout);
    expect(run(['dice', '-n', '100', '--seed', '1', '-q'])).toEqual({ code: 0, loaded: ['dice'] });
    expect(run(['genisys', 'table', '--skill', 'd8'])).toEqual({ code: 0, loaded: ['genisys'] });
    expect(run(['--help'])).toEqual({ code: 0, loaded: [] });
  });
});

describe('an option given twice', () => {
  it('is refused (exit 2, naming it) for every command, unless its help says it is repeatable', () => {
    const cases: string[][] = [
      ['dice', '-n', '10', '--seed', '1', '--seed', '2'],
      ['dice', '-n', '10', '-n', '20'],
      ['dice', '--games=10', '-n', '20'],
      ['dice', '-n5', '-n', '6'],
      ['dice', '-j1', '-j', '2', '-n', '10'],
      ['dice', '--format', 'json', '--format', 'csv'],
      ['compare', 'dice', '--set', 'target=4', '-j', '1', '-j', '2'],
      ['sweep', 'dice', '--grid', 'target=4,5', '--max-cells', '5', '--max-cells', '6'],
      ['sensitivity', 'terror', '--step', '1', '--step', '2'],
      ['check', 'reports/dice-default.json', '--max-games', '100', '--max-games', '200'],
    ];
    for (const args of cases) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^sim: option (--[\w-]+)(\/-\w)? is given 2 times; give it once\n$/);
    }
    // A flag without a value asks the same thing twice; repeatable ones stay repeatable.
    expect(runCli(['dice', '-n', '10', '--seed', '1', '-q', '-q']).code).toBe(0);
    expect(runCli(['compare', 'dice', '--set', 'target=4', '--set', 'sides=8', '-n', '10', '--seed', '1', '-q']).code).toBe(0);
  });

  it('a parameter given both as its option and as --set is refused, whatever the two values (the option used to win silently)', () => {
    const cases: [string[], RegExp][] = [
      [['dice', '--count', '4', '--set', 'count=5'], /parameter count given twice: --count 4 and --set count=5; give it once/],
      [['dice', '--count', '4', '--set', 'count=4'], /parameter count given twice: --count 4 and --set count=4/],
      [['darkfate', '--players', '3', '--set', 'players=2'], /parameter players given twice: --players 3 and --set players=2/],
      [['darkfate', '--no-solo', '--set', 'solo=true'], /parameter solo given twice: --no-solo and --set solo=true/],
      [['darkfate', '--solo', '--set', 'solo=false'], /parameter solo given twice: --solo and --set solo=false/],
      [['terror', '--death-order', '2', '--set', 'deathOrder=3'], /parameter deathOrder given twice: --death-order 2 and --set deathOrder=3/],
    ];
    for (const [args, message] of cases) {
      const r = runCli([...args, '-n', '10', '--seed', '1', '-j', '1', '-q']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout, args.join(' ')).toBe('');
    }
    // Either spelling alone still plays.
    expect(runCli(['dice', '--count', '4', '-n', '10', '--seed', '1', '-q']).code).toBe(0);
    expect(runCli(['dice', '--set', 'count=4', '-n', '10', '--seed', '1', '-q']).code).toBe(0);
  });

  it('the rule reads the help text: every option that says "repeatable" accumulates, the others do not', async () => {
    const { buildProgram } = await import('../src/cli/main.js');
    const { isRepeatable } = await import('../src/cli/program.js');
    for (const word of ['compare', 'sweep', 'sensitivity', 'run', 'policies']) {
      const program = await buildProgram(['node', 'sim', word]);
      const cmd = program.commands.find((c) => c.name() === word)!;
      const set = cmd.options.find((o) => o.long === '--set')!;
      expect(isRepeatable(set), word).toBe(true);
      expect(isRepeatable(cmd.options.find((o) => o.long === '--seed')!), word).toBe(false);
    }
  });
});

describe('a sweep answer over several rows per setting', () => {
  it('rows of one quantity are all ranged over; rows of a generic column (different quantities) answer for the first', async () => {
    const { tableHeadlines, sweepAnswer } = await import('../src/cli/commands/sweep.js');
    const col = (key: string, header: string, format: string) => ({ key, header, format }) as never;
    const axes = [{ key: 'handSize', values: ['5', '6'] }];
    const table = (value: string) => ({
      title: 't',
      columns: [col('cell.handSize', 'handSize', 'text'), col('version', 'Rev-9', 'text'), col('win', value, 'prob'), col('lo', 'lo', 'prob'), col('hi', 'hi', 'prob')],
      rows: ['5', '6'].flatMap((h, i) => ['Endo', 'Liquid'].map((version, j) => ({ 'cell.handSize': h, version, win: 0.1 + 0.2 * i + 0.4 * j, lo: 0, hi: 1 }))),
    });
    const one = tableHeadlines(axes as never, [table('win')]);
    const row = (name: string) => ({ header: 'Rev-9', name });
    expect(one.map((h) => [h.cell, h.row, h.headline.label])).toEqual([
      [{ handSize: '5' }, row('Endo'), 'win'],
      [{ handSize: '5' }, row('Liquid'), 'win'],
      [{ handSize: '6' }, row('Endo'), 'win'],
      [{ handSize: '6' }, row('Liquid'), 'win'],
    ]);
    expect(sweepAnswer('darkfate', one)).toMatch(/^Across 2 settings of darkfate \(2 rows each\), win ranges from 10\.0% .* at hand size 5, Rev-9 Endo to 70\.0% .* at hand size 6, Rev-9 Liquid/);
    // A row header spelled like an axis key names the row, never replaces the setting.
    const clash = tableHeadlines([{ key: 'k', values: ['1', '2'] }] as never, [{ ...table('win'), columns: [col('cell.k', 'k', 'text'), col('version', 'k', 'text'), col('win', 'win', 'prob'), col('lo', 'lo', 'prob'), col('hi', 'hi', 'prob')], rows: ['1', '2'].flatMap((k) => ['a', 'b'].map((version) => ({ 'cell.k': k, version, win: 0.5, lo: 0, hi: 1 }))) }]);
    expect(sweepAnswer('dice', clash)).toMatch(/^Across 2 settings of dice \(2 rows each\), win is/);
    // Settings with different numbers of rows (rev9=endoskeleton,all: 1 and 4), a stopped sweep, an axis of one value.
    const h = (estimate: number) => ({ label: 'win', estimate, lo: estimate - 0.1, hi: estimate + 0.1, kind: 'rate' as const });
    const uneven = [{ cell: { rev9: 'endoskeleton', policy: 'a' }, headline: h(0.5), row: row('Endoskeleton') }, ...['D', 'E', 'L', 'F'].map((v, i) => ({ cell: { rev9: 'all', policy: 'a' }, headline: h(0.1 * (i + 1)), row: row(v) }))];
    expect(sweepAnswer('darkfate', uneven, undefined, new Set(['policy']))).toMatch(/^Across 2 settings of darkfate \(1 to 4 rows each\), win ranges from 10\.0% .* at rev 9 all, Rev-9 D to 50\.0% .* at rev 9 endoskeleton, Rev-9 Endoskeleton/);
    expect(sweepAnswer('darkfate', uneven, 12)).toMatch(/^Across the 2 of 12 settings of darkfate run before the stop \(1 to 4 rows each\), win ranges from 10\.0% .* at rev 9 all, policy a, Rev-9 D/);
    expect(sweepAnswer('darkfate', uneven.slice(1), undefined, new Set(['rev9']))).toMatch(/^Across 1 setting of darkfate \(4 rows each\), win ranges from 10\.0% .* at policy a, Rev-9 D to 40\.0%/);
    const generic = tableHeadlines(axes as never, [table('estimate')]);
    expect(generic.map((x) => [x.cell, x.row, x.headline.label])).toEqual([
      [{ handSize: '5' }, undefined, 'Endo (the first row; the tables give the other 1 row of each setting)'],
      [{ handSize: '6' }, undefined, 'Endo (the first row; the tables give the other 1 row of each setting)'],
    ]);
  });
  it('through the real CLI: a grid of one version and all of them counts two settings, each end named by its setting and row', () => {
    const r = runCli(['sweep', 'darkfate', '--grid', 'rev9=endoskeleton,all', '-n', '20', '--seed', '1', '-q', '-j', '1', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).text).toMatch(/^Across 2 settings of darkfate \(1 to 4 rows each\), win ranges from .* at rev 9 (endoskeleton|all), Rev-9 [A-Z]/);
  });
});

describe('a sweep stopped early', () => {
  it('answers only for the settings it ran, and says how many of how many', async () => {
    const { sweepAnswer } = await import('../src/cli/commands/sweep.js');
    const h = (estimate: number) => ({ label: 'mean successes', estimate, lo: estimate - 0.1, hi: estimate + 0.1, kind: 'mean' as const });
    const two = [{ cell: { count: '2' }, headline: h(1) }, { cell: { count: '3' }, headline: h(1.5) }];
    expect(sweepAnswer('dice', two, 5)).toMatch(/^Across the 2 of 5 settings of dice run before the stop, mean successes ranges from .* at count 2 to .* at count 3/);
    expect(sweepAnswer('dice', two)).toMatch(/^Across 2 settings of dice, mean successes ranges/);
    expect(sweepAnswer('dice', two.slice(0, 1), 5)).toMatch(/^Only 1 of 5 settings of dice was run before the stop: mean successes is .* at count 2/);
  });
});

describe('a file the user names is that file, never a built-in of the same name', () => {
  it('a file named like a choice (./reference) or lying where a default name points (scenarios/terror/data.yaml) is read as the user file', () => {
    const dir = tempDir('sim-builtin-name-');
    const cards = readFileSync(join(ROOT, 'scenarios/darkfate/cards.yaml'), 'utf8');
    // Sarah's fight at 0 would show in the win rate; here only the reading of the name is checked.
    writeFileSync(join(dir, 'reference'), cards);
    const df = JSON.parse(runCli(['darkfate', '--cards', './reference', '-n', '5', '--seed', '1', '-j', '1', '-q', '--format', 'json'], { cwd: dir }).stdout);
    expect([df.params.cards, df.assumptions[0]]).toEqual(['./reference', 'card data from ./reference (a user transcription)']);
    mkdirSync(join(dir, 'scenarios/terror'), { recursive: true });
    writeFileSync(join(dir, 'scenarios/terror/data.yaml'), 'not: terror data\n');
    const t = runCli(['terror', '--data', 'scenarios/terror/data.yaml', '-n', '5', '--seed', '1', '-j', '1', '-q'], { cwd: dir });
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(/scenarios\/terror\/data\.yaml/);
    // Recorded there, the golden names ./scenarios/terror/data.yaml: checked from another folder it is never taken for the bundled file.
    writeFileSync(join(dir, 'scenarios/terror/data.yaml'), readFileSync(join(ROOT, 'scenarios/terror/data-harsh.yaml'), 'utf8'));
    expect(runCli(['terror', '--data', 'scenarios/terror/data.yaml', '-n', '5', '--seed', '1', '-j', '1', '-q', '--format', 'json', '--out', 'g.json'], { cwd: dir }).code).toBe(0);
    const elsewhere = tempDir('sim-builtin-name-');
    const c = runCli(['check', join(dir, 'g.json'), '-j', '1'], { cwd: elsewhere });
    expect([c.code, c.stderr]).toEqual([2, expect.stringMatching(/rerun\.params\.data: \.\/scenarios\/terror\/data\.yaml is a file named only by stored data, not by you: refused/)]);
    // Where nothing lies under a default's name, that name still reads the built-in file.
    const plain = runCli(['terror', '--data', 'scenarios/terror/data.yaml', '-n', '5', '--seed', '1', '-j', '1', '-q', '--format', 'json'], { cwd: elsewhere });
    expect([plain.code, JSON.parse(plain.stdout).params.data]).toEqual([0, 'scenarios/terror/data.yaml']);
  });
});

describe('a true/false parameter', () => {
  it('reads true and false in any case, the same through its option, --set and a scenario', () => {
    const dir = tempDir('sim-bool-');
    const scenario = join(dir, 's.yaml');
    writeFileSync(scenario, 'game: genisys attack\nparams:\n  open: TRUE\n');
    const result = (args: string[]) => JSON.parse(runCli([...args, '--format', 'json']).stdout).result;
    const open = result(['genisys', 'attack', '--open']);
    for (const args of [['genisys', 'attack', '--open', 'TRUE'], ['genisys', 'attack', '--set', 'open=TRUE'], ['genisys', 'attack', '--set', 'open=True'], ['genisys', 'attack', '--scenario', scenario]]) expect(result(args), args.join(' ')).toEqual(open);
    expect(result(['genisys', 'attack', '--set', 'open=FALSE'])).toEqual(result(['genisys', 'attack']));
    expect(runCli(['genisys', 'attack', '--set', 'open=yes']).stderr).toBe('sim: option --set open: got "yes", expected true or false\n');
  });
});

describe('output options the format ignores', () => {
  it('are refused before anything runs (a billion games are never played to end in a usage error)', () => {
    const cases: [string[], string][] = [
      [['darkfate', '-n', '1e9', '--table', 'x'], 'sim: option --table: picks one table of the CSV output; add --format csv'],
      [['darkfate', '-n', '1e9', '--out-dir', '.'], 'sim: option --out-dir: writes one CSV file per table; add --format csv'],
      [['darkfate', '-n', '1e9', '--format', 'csv', '--brief'], 'sim: option --brief: shortens the table view (--format table); csv holds only the tables already: leave --brief out'],
      [['compare', 'darkfate', '--set', 'handSize=6', '-n', '1e9', '--format', 'json', '--brief'], 'sim: option --brief: shortens the table view (--format table); json keeps everything by design: leave --brief out'],
      [['report', 'reports/dice-default.json', '--brief'], 'sim: option --brief: shortens the table view (--format table); html keeps everything by design: leave --brief out'],
      // A shard takes no report option at all: said once, never "add --format csv" first.
      [['dice', '-n', '100', '--shard', '1/2', '--table', '1'], 'sim: option --table: a --shard run writes a part file (JSON) for `sim merge`, not a report; give --table to sim merge'],
    ];
    for (const [args, message] of cases) {
      const r = runCli([...args, '-q']);
      expect([r.code, r.stderr.trim(), r.stdout], args.join(' ')).toEqual([2, message, '']);
    }
  });
});

describe('--confidence only where an interval is drawn', () => {
  it('an exact view, a parameter list and a check refuse it (it would only change a field of the report), and do not offer it in --help', () => {
    for (const args of [['genisys', 'matchup'], ['genisys', 'table'], ['dualfates', 'table'], ['dualfates', 'run', '--speed', '3'], ['tccg', 'deck', 'scenarios/tccg/resistance.yaml'], ['params', 'dice'], ['check', 'reports/dice-default.json']]) {
      const r = runCli([...args, '--confidence', '0.8']);
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, expect.stringMatching(args[0] === 'check' ? /^sim: option --confidence: sim check draws no interval \(each golden is rerun at its own level; .*\); leave --confidence out\n$/ : /^sim: option --confidence: sim [\w ]+ draws no interval \(it plays no games\); leave --confidence out\n$/)]);
      expect(runCli([...args.slice(0, args[0] === 'params' || args[0] === 'check' ? 1 : 2), '--help']).stdout, args.join(' ')).not.toMatch(/--confidence/);
    }
  });
});

describe('a trace is one game of one run', () => {
  it('compare, sweep, policies, sensitivity and tune refuse a trace wherever it comes from, naming it (never a 0-game or 300% answer)', () => {
    const cases: [string[], string][] = [
      [['tune', 'terror', '--vary', 'data.finalGirl.health=3..5', '--target', 'game=1', '--budget', '2000', '--trace', '3'], 'option --trace'],
      [['tune', 'terror', '--vary', 'trace=1|2', '--target', 'game=1'], 'option --vary trace'],
      [['sensitivity', 'terror', '--set', 'trace=3', '--only', 'finalHealth', '-n', '10'], 'option --set trace'],
      [['policies', 'terror', '--set', 'trace=3', '-n', '10'], 'option --set trace'],
      [['compare', 'terror', '--set', 'trace=3', '-n', '10'], 'option --set trace'],
      [['sweep', 'terror', '--grid', 'set:trace=1,2', '-n', '10'], 'option --grid trace'],
    ];
    for (const [args, where] of cases) {
      const r = runCli([...args, '--seed', '1', '-j', '1', '-q']);
      expect([r.code, r.stderr.trim()]).toEqual([2, `sim: ${where}: replays one game of a single run; \`sim ${args[0]}\` plays many games of several runs, so there is no one game to replay (trace it with \`sim GAME … --trace N\`)`]);
      expect(r.stdout).toBe('');
    }
  });
});

describe('--confidence and the stored measurements a report quotes', () => {
  it('a report quoting a stored gap or robustness interval says, at another level, that those keep their 95% (a note, and each such interval in the answer sentence); at 95% nothing is said', () => {
    const note = /quote stored measurements \(scenarios\/<game>\/policy-gap\.yaml, sensitivity\.yaml\) with the 95% intervals they were measured with; --confidence 0\.5 applies to this run's own estimates only/;
    for (const game of [['darkfate'], ['terror']]) {
      const half = JSON.parse(runCli([...game, '-n', '50', '--seed', '5', '-j', '1', '-q', '--confidence', '0.5', '--format', 'json']).stdout);
      expect(half.notes.join(' '), game.join(' ')).toMatch(note);
      // The answer sentence labels each stored interval it quotes (the gap, the sensitivity) with its level.
      expect(half.text.match(/\] \(95%\)/g)?.length, game.join(' ')).toBe(2);
      const usual = JSON.parse(runCli([...game, '-n', '50', '--seed', '5', '-j', '1', '-q', '--format', 'json']).stdout);
      expect(usual.notes.join(' '), game.join(' ')).not.toMatch(/quote stored measurements/);
      expect(usual.text, game.join(' ')).not.toMatch(/\(95%\)/);
    }
    // A report with no stored line (dice) says nothing at any level.
    expect(JSON.parse(runCli(['dice', '-n', '50', '--seed', '5', '-q', '--confidence', '0.5', '--format', 'json']).stdout).notes.join(' ')).not.toMatch(/quote stored measurements/);
  });
});
