// `sim terror` through the real, compiled CLI: the report contract, determinism, --trace,
// --policy FILE, --data FILE, and one-line exit-2 messages for bad options and bad data.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deterministicJson, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const DATA = readFileSync(new URL('../scenarios/terror/data.yaml', import.meta.url), 'utf8');
const tmp = tempDir('sim-terror-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const base = ['terror', '--seed', '5', '--format', 'json', '-q'];

function bad(args: string[], ...fragments: string[]): void {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  for (const f of fragments) expect(lines[0]).toContain(f);
}

describe('sim terror', () => {
  it('prints the JSON report: outcome rates with intervals, Fated Victim counts, achievements, per Death Order card', () => {
    const r = runCli([...base, '-n', '3000', '-j', '1']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.game).toBe('terror');
    expect(j.n).toBe(3000);
    const res = j.result;
    expect(res.survival.k + res.diedInPlay.k + res.diedInDestiny.k).toBe(3000);
    expect(res.survival.lo).toBeLessThanOrEqual(res.survival.estimate);
    expect(res.survival.hi).toBeGreaterThanOrEqual(res.survival.estimate);
    expect(res.fatedVictims.saved.distribution).toHaveLength(6);
    expect(res.perDeathOrder).toHaveLength(3);
    expect(res.perDeathOrder.reduce((a: number, c: { games: number }) => a + c.games, 0)).toBe(3000);
    expect(res.achievements.allSaved.estimate).toBeLessThanOrEqual(res.survival.estimate);
    expect(j.assumptions.length).toBeGreaterThan(3);
    expect(j.params.horrorStart).toBe(5);
  });

  it('same seed → same report for -j 1, -j 2 and another chunk size; --death-order 2 plays only card 2', () => {
    const runs = [['-j', '1'], ['-j', '2'], ['-j', '2', '--chunk-size', '77']].map((x) => runCli([...base, '-n', '2000', ...x]));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const first = deterministicJson(runs[0].stdout);
    for (const r of runs.slice(1)) expect(deterministicJson(r.stdout)).toEqual(first);
    const one = JSON.parse(runCli([...base, '-n', '500', '-j', '1', '--death-order', '2']).stdout);
    expect(one.result.perDeathOrder.map((c: { card: number }) => c.card)).toEqual([2]);
  });

  it('--trace K replays game K of the run: game 0 of a 1-game run has the same outcome', () => {
    const t = runCli([...base, '-n', '1', '--trace', '0']);
    expect(t.code, t.stderr).toBe(0);
    const trace = JSON.parse(t.stdout).result;
    const run = JSON.parse(runCli([...base, '-n', '1', '-j', '1']).stdout).result;
    expect(trace.outcome === 'survives Destiny (win)').toBe(run.survival.k === 1);
    expect(trace.trace.some((l: string) => l.includes('Fated Death') || l.includes('dead'))).toBe(true);
    const text = runCli(['terror', '--seed', '5', '-n', '100', '--trace', '17', '-q']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('game 17 of the run with seed 5');
    expect(text.stdout).toContain('set-up:');
    expect(runCli(['terror', '--seed', '5', '-n', '100', '--trace', '17', '-q']).stdout).toBe(text.stdout);
  });

  it('trace is a parameter: --trace K, --set trace=K and a scenario\'s params.trace print the same bytes (regression guard: the trace as recorded with the planner default)', async () => {
    const viaOption = runCli(['terror', '--seed', '3', '--trace', '5', '-q']);
    expect(viaOption.code, viaOption.stderr).toBe(0);
    // Recorded when planner became the default policy (issue 15), re-recorded after its fourth, sixth and seventh passes (issue 24): a guard against drift, not a truth.
    await expect(viaOption.stdout).toMatchFileSnapshot('__snapshots__/terror-trace-seed3-game5.noreg.txt');
    expect(runCli(['terror', '--seed', '3', '--set', 'trace=5', '-q']).stdout).toBe(viaOption.stdout);
    const file = join(tmp, 'trace.yaml');
    writeFileSync(file, 'game: terror\nparams:\n  trace: 5\nrun:\n  seed: 3\n');
    // From a scenario, the same bytes under one more header line naming the scenario.
    const [title, facts, ...rest] = viaOption.stdout.split('\n');
    expect(runCli(['run', file, '-q']).stdout).toBe([title, facts, `scenario: ${file}`, ...rest].join('\n'));
    for (const how of [['--set', 'trace=5'], ['--trace', '5']]) expect(JSON.parse(runCli(['terror', '--seed', '3', ...how, '-q', '--format', 'json']).stdout).params.trace).toBe(5);
    bad([...base, '-n', '10', '--set', 'trace=10'], 'option --set trace', '0..9');
    bad([...base, '--set', 'trace=-2'], 'trace', 'an integer in [-1,');
  });

  it('--trace without --seed tells the seed it chose on stderr, and that seed replays the same game', () => {
    const t = runCli(['terror', '-n', '50', '--trace', '3']);
    expect(t.code, t.stderr).toBe(0);
    const m = /^sim: seed (\d+) \(chosen at random; add --seed \1 to repeat this run\)$/m.exec(t.stderr);
    expect(m, t.stderr).not.toBeNull();
    expect(t.stdout).toContain(`game 3 of the run with seed ${m![1]}`);
    const again = runCli(['terror', '-n', '50', '--trace', '3', '--seed', m![1]]);
    expect(again.stderr).not.toContain('chosen at random');
    expect(again.stdout).toBe(t.stdout);
  });

  it('--trace renders the turn-by-turn lines as preformatted text after the header (Report.text)', () => {
    const j = JSON.parse(runCli([...base, '-n', '20', '--trace', '4']).stdout);
    expect(j.text.split('\n')).toHaveLength(j.result.trace.length);
    expect(j.text.split('\n')[0]).toContain(j.result.trace[0]);
    const table = runCli(['terror', '--seed', '5', '-n', '20', '--trace', '4', '-q']).stdout;
    expect(table.indexOf('set-up:')).toBeLessThan(table.indexOf('Game 4'));
  });

  it('a scenario file sets the policy and the data file, relative to the scenario (not the working directory)', () => {
    const dir = mkdtempSync(join(tmp, 'scenario-'));
    writeFileSync(join(dir, 'policy.js'), readFileSync(new URL('../scenarios/terror/policy-example.js', import.meta.url), 'utf8'));
    writeFileSync(join(dir, 'data.yaml'), DATA.replace('health: 6 ', 'health: 15 '));
    const scenario = (policyAt: 'params' | 'run') =>
      [
        'game: terror',
        'params:',
        '  data: ./data.yaml',
        '  deathOrder: "2"',
        ...(policyAt === 'params' ? ['  policy: ./policy.js'] : []),
        'run:',
        '  seed: 11',
        '  n: 400',
        ...(policyAt === 'run' ? ['  policy: ./policy.js'] : []),
      ].join('\n') + '\n';
    writeFileSync(join(dir, 'params.yaml'), scenario('params'));
    writeFileSync(join(dir, 'run.yaml'), scenario('run'));
    const viaParams = runCli(['terror', '--scenario', join(dir, 'params.yaml'), '--format', 'json', '-q', '-j', '1']);
    expect(viaParams.code, viaParams.stderr).toBe(0);
    // A file the scenario names that is not there: the error names the scenario and its field (it blamed an option --policy never given).
    writeFileSync(join(dir, 'gone.yaml'), 'game: terror\nparams:\n  policy: ./gone.js\n  data: ./data.yaml\n');
    expect(runCli(['run', join(dir, 'gone.yaml'), '-n', '5', '-j', '1']).stderr.trim()).toBe(`sim: ${join(dir, 'gone.yaml')}: params.policy: got "${join(dir, 'gone.js')}", expected planner, death-order, random, search or the path of a policy module (file not found)`);
    // A module that loads but is no policy: named as the scenario's field too, with no option beside it.
    writeFileSync(join(dir, 'nopolicy.mjs'), 'export const x = 1;\n');
    writeFileSync(join(dir, 'nopolicy.yaml'), 'game: terror\nparams:\n  policy: ./nopolicy.mjs\n');
    expect(runCli(['run', join(dir, 'nopolicy.yaml'), '-n', '5', '-j', '1']).stderr).toMatch(new RegExp(`^sim: ${join(dir, 'nopolicy.yaml').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: params\\.policy: [^ ]*nopolicy\\.mjs: expected a default export`));
    writeFileSync(join(dir, 'nodata.yaml'), 'game: terror\nparams:\n  data: ./missing.yaml\n');
    expect(runCli(['run', join(dir, 'nodata.yaml'), '-n', '5', '-j', '1']).stderr).toMatch(new RegExp(`^sim: ${join(dir, 'nodata.yaml').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: params\\.data \\([^)]*missing\\.yaml\\): cannot read`));
    const a = JSON.parse(viaParams.stdout);
    expect(a.params.data).toBe(join(dir, 'data.yaml'));
    expect(a.params.policy).toBe(join(dir, 'policy.js'));
    expect(a.params.deathOrder).toBe('2');
    expect(a.result.perDeathOrder.map((c: { card: number }) => c.card)).toEqual([2]);
    // The same run spelled out on the command line: the scenario really used both files.
    const explicit = runCli([...base.slice(0, 1), '--seed', '11', '-n', '400', '--format', 'json', '-q', '-j', '1', '--death-order', '2', '--policy', join(dir, 'policy.js'), '--data', join(dir, 'data.yaml')]);
    expect(explicit.code, explicit.stderr).toBe(0);
    expect(JSON.parse(explicit.stdout).result).toEqual(a.result);
    expect(JSON.parse(explicit.stdout).paramsHash).toBe(a.paramsHash);
    const builtin = JSON.parse(runCli([...base.slice(0, 1), '--seed', '11', '-n', '400', '--format', 'json', '-q', '-j', '1', '--death-order', '2', '--data', join(dir, 'data.yaml')]).stdout);
    expect(builtin.paramsHash).not.toBe(a.paramsHash);
    // run.policy fills the policy parameter the same way.
    const viaRun = runCli(['terror', '--scenario', join(dir, 'run.yaml'), '--format', 'json', '-q', '-j', '1']);
    expect(viaRun.code, viaRun.stderr).toBe(0);
    expect(JSON.parse(viaRun.stdout).result).toEqual(a.result);
    // From another working directory: still the files next to the scenario.
    const elsewhere = runCli(['terror', '--scenario', join(dir, 'params.yaml'), '--format', 'json', '-q', '-j', '1'], { cwd: tmpdir() });
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    // Paths are reported relative to the working directory when inside it: the same file here.
    const other = JSON.parse(elsewhere.stdout);
    expect(join(tmpdir(), other.params.policy)).toBe(join(dir, 'policy.js'));
    // (The policy is named as given, here and in the policy-gap line.)
    expect({ ...other.result, policy: null, policyGap: null }).toEqual({ ...a.result, policy: null, policyGap: null });
    expect(other.result.policyGap.config).toBe(a.result.policyGap.config);
  });

  it('--policy ./file.js loads a user module (in worker threads too); --policy random works', () => {
    const r = runCli([...base, '-n', '1000', '-j', '2', '--policy', 'scenarios/terror/policy-example.js']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).policy).toBe('scenarios/terror/policy-example.js');
    expect(runCli([...base, '-n', '300', '--policy', 'random', '-j', '1']).code).toBe(0);
  });

  it("a policy module's code is part of the run's identity: shards made with other code do not merge", () => {
    const dir = mkdtempSync(join(tmp, 'pol-'));
    const pol = join(dir, 'mine.js');
    const code = readFileSync('scenarios/terror/policy-example.js', 'utf8');
    writeFileSync(pol, code);
    const a = runCli([...base, '-n', '400', '-j', '1', '--policy', pol, '--shard', '1/2', '--out', join(dir, 'p1.json')]);
    expect(a.code, a.stderr).toBe(0);
    const hashBefore = JSON.parse(runCli([...base, '-n', '100', '-j', '1', '--policy', pol]).stdout).paramsHash;
    writeFileSync(pol, `${code}\n// edited\n`);
    expect(runCli([...base, '-n', '400', '-j', '1', '--policy', pol, '--shard', '2/2', '--out', join(dir, 'p2.json')]).code).toBe(0);
    const merged = runCli(['merge', join(dir, 'p1.json'), join(dir, 'p2.json')]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/belongs to a different run .*the content of the policy file/);
    expect(JSON.parse(runCli([...base, '-n', '100', '-j', '1', '--policy', pol]).stdout).paramsHash).not.toBe(hashBefore);
  });

  it('--data FILE swaps in a user transcription (different data, different hash)', () => {
    const file = join(tmp, 'tough.yaml');
    writeFileSync(file, DATA.replace('health: 6 ', 'health: 15 '));
    const a = JSON.parse(runCli([...base, '-n', '1000', '-j', '1']).stdout);
    const b = JSON.parse(runCli([...base, '-n', '1000', '-j', '1', '--data', file]).stdout);
    expect(b.paramsHash).not.toBe(a.paramsHash);
    expect(b.result.survival.estimate).toBeGreaterThan(a.result.survival.estimate);
  });

  it('--set finalHealth=flipAtZero switches the Final Health reading: listed by `sim params terror`, named in the assumptions, other numbers', () => {
    const params = JSON.parse(runCli(['params', 'terror', '--format', 'json']).stdout).result;
    expect(params.find((p: { key: string }) => p.key === 'finalHealth')).toMatchObject({ default: 'lastLife' });
    const a = JSON.parse(runCli([...base, '-n', '2000', '-j', '1']).stdout);
    const b = JSON.parse(runCli([...base, '-n', '2000', '-j', '1', '--set', 'finalHealth=flipAtZero']).stdout);
    expect(a.params.finalHealth).toBe('lastLife');
    expect(b.params.finalHealth).toBe('flipAtZero');
    expect(a.assumptions.some((l: string) => l.startsWith('Final Health (finalHealth lastLife)'))).toBe(true);
    expect(b.assumptions.some((l: string) => l.startsWith('Final Health (finalHealth flipAtZero)'))).toBe(true);
    expect(b.result.survival.k).not.toBe(a.result.survival.k);
    bad([...base, '--set', 'finalHealth=never'], 'finalHealth', 'lastLife, flipAtZero');
  });

  it('the assumptions state the numbers of the data the run used (--data FILE), not the bundled ones', () => {
    const file = join(tmp, 'rewards.yaml');
    writeFileSync(
      file,
      DATA.replace('savedHeal: 2 ', 'savedHeal: 3 ')
        .replace('limboDamage: 2 ', 'limboDamage: 1 ')
        .replace('saveRewardHeal: 1', 'saveRewardHeal: 2')
        .replace('saveRewardHorror: 1', 'saveRewardHorror: 0')
        .replace('health: 6 ', 'health: 7 '),
    );
    const bundled = JSON.parse(runCli([...base, '-n', '200', '-j', '1']).stdout).assumptions.join('\n');
    expect(bundled).toContain('Saved reward +2 health, Limbo consequence −2 health; every heal is capped at the starting health (6)');
    expect(bundled).toContain('+1 health or −1 horror');
    const mine = JSON.parse(runCli([...base, '-n', '200', '-j', '1', '--data', file]).stdout).assumptions.join('\n');
    expect(mine).toContain('Saved reward +3 health, Limbo consequence −1 health; every heal is capped at the starting health (7)');
    expect(mine).toContain('+2 health or −0 horror');
    expect(mine).not.toContain('+1 health or −1 horror');
  });

  it('scenarios/terror/default.yaml through `sim run` gives the same report as `sim terror` with its seed', () => {
    const a = runCli(['run', 'scenarios/terror/default.yaml', '-n', '800', '-j', '1', '--format', 'json', '-q']);
    expect(a.code, a.stderr).toBe(0);
    const b = runCli(['terror', '--seed', '1', '-n', '800', '-j', '1', '--format', 'json', '-q']);
    expect((deterministicJson(a.stdout) as { result: unknown }).result).toEqual((deterministicJson(b.stdout) as { result: unknown }).result);
  });

  it('deathOrder: random (a card per game; --death-order all reads as random) or one of the rulebook\'s 3 cards; a sweep over "all" runs random and each card', () => {
    const viaAll = JSON.parse(runCli([...base, '-n', '300', '--death-order', 'all']).stdout);
    const viaRandom = JSON.parse(runCli([...base, '-n', '300', '--death-order', 'random']).stdout);
    expect(viaAll.params.deathOrder).toBe('random');
    expect(viaAll.result).toEqual(viaRandom.result);
    const sweep = JSON.parse(runCli(['sweep', 'terror', '--grid', 'deathOrder=all', '-n', '300', '--seed', '5', '--format', 'json', '-q']).stdout);
    expect(sweep.result.axes).toEqual([{ key: 'deathOrder', values: ['random', '1', '2', '3'] }]);
    expect(sweep.result.cells.map((c: { result: { deathOrder: string } }) => c.result.deathOrder)).toEqual(['random (a card per game)', 'Death Order I', 'Death Order II', 'Death Order III']);
    const params = runCli(['params', 'terror', '--format', 'json']);
    expect(params.stdout).toMatch(/"random","1","2","3"|random, 1, 2, 3/);
    // A data file with other than the rulebook's 3 Death Order cards is refused.
    const two = join(tmp, 'two-orders.yaml');
    writeFileSync(two, DATA.replace(/  - \{ name: "Death Order III".*\n/, ''));
    bad([...base, '--data', two], 'deathOrders', "3 Death Order cards");
  });

  it('bad options exit 2 with one precise line', () => {
    bad([...base, '--death-order', '4'], '--death-order', 'random, 1, 2, 3');
    bad([...base, '--set', 'deathOrder=all'], 'deathOrder', 'random, 1, 2, 3');
    bad([...base, '--death-order', 'x'], 'option --death-order');
    bad([...base, '--policy', 'nosuch'], '--policy', 'death-order, random');
    bad([...base, '--trace', 'abc'], 'option --trace');
    bad([...base, '-n', '10', '--trace', '10'], 'option --trace', '0..9');
    bad([...base, '--trace', '1', '--shard', '1/2'], 'option --trace: replays one game, so it cannot be combined with --shard');
    bad([...base, '--trace', '1', '--checkpoint', join(tmp, 'ck.json')], 'option --trace: replays one game, so it cannot be combined with --checkpoint');
    bad([...base, '--set', 'horrorStart=99'], 'horrorStart');
    bad([...base, '--data', join(tmp, 'missing.yaml')], 'missing.yaml', 'cannot read');
    const policy = join(tmp, 'bad-policy.js');
    writeFileSync(policy, 'export default 42;\n');
    bad([...base, '--policy', policy], '--policy', 'default export');
    bad([...base, '--set', 'policy=nosuch'], 'policy', 'death-order, random');
  });

  it('start values beyond the data\'s tracks are refused (exit 2), not silently clamped', () => {
    bad([...base, '--set', 'horrorStart=11'], 'horrorStart: got 11', 'at most 10', 'horror.max');
    bad([...base, '--set', 'bloodlustStart=13'], 'bloodlustStart: got 13', 'at most 12', 'bloodlust.length');
    expect(runCli([...base, '-n', '50', '-j', '1', '--set', 'horrorStart=10', '--set', 'bloodlustStart=12']).code).toBe(0);
    const f = join(tmp, 'extreme.yaml');
    writeFileSync(f, DATA.replace('extremeFrom: 8 ', 'extremeFrom: 11 '));
    bad([...base, '--data', f], 'extreme.yaml', 'horror.extremeFrom', 'at most horror.max (10), got 11');
  });

  it('bad data exits 2 naming the file, the entry and the field', () => {
    const f1 = join(tmp, 'bad1.yaml');
    writeFileSync(f1, DATA.replace('{ id: search,      kind: search,      play: 1', '{ id: search,      kind: search,      play: -1'));
    bad([...base, '--data', f1], 'bad1.yaml', 'actionCards[2] (search).play', 'integer');
    const f2 = join(tmp, 'bad2.yaml');
    writeFileSync(f2, DATA.replace('- [House, Highway Exit]', '- [House, Highway Exitt]'));
    bad([...base, '--data', f2], 'bad2.yaml', 'location.paths', 'unknown space "Highway Exitt"');
    const f4 = join(tmp, 'bad4.yaml');
    writeFileSync(f4, DATA.replace('killNearestTie: fatedFirst', 'killNearestTie: closest'));
    bad([...base, '--data', f4], 'bad4.yaml', 'killNearestTie', 'fatedFirst, normalFirst, random');
    const f3 = join(tmp, 'bad3.yaml');
    writeFileSync(f3, DATA.replace('fatedVictims: [cheerleader, rebel, jock, nerd, loner]', 'fatedVictims: [cheerleader, rebel, jock, nerd]'));
    bad([...base, '--data', f3], 'bad3.yaml', 'fatedVictims', 'expected 5');
  });
  it('a user policy answer out of its contract stops the run, naming the decision and the value (never read as a default)', () => {
    const dir = mkdtempSync(join(tmp, 'bad-'));
    // BUY is decision 7, REWARD 8 (src/games/terror/terrorDecision.ts).
    writeFileSync(join(dir, 'bad.mjs'), "export default (data, base) => ({ name: 'bad', choose: (rng, view, d, o, n, none) => (d === 7 ? 99 : base.choose(rng, view, d, o, n, none)) });\n");
    writeFileSync(join(dir, 'str.mjs'), "export default (data, base) => ({ name: 'str', choose: (rng, view, d, o, n, none) => (d === 8 ? '1' : base.choose(rng, view, d, o, n, none)) });\n");
    writeFileSync(join(dir, 'old.mjs'), "export default { name: 'old', useThwart: () => false };\n");
    const bad = runCli(['terror', '-n', '10', '--seed', '1', '--policy', join(dir, 'bad.mjs'), '-j', '1', '-q']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/policy bad: decision BUY returned 99, expected an index in \[0, \d+\) or -1 \(none\)/);
    const str = runCli(['terror', '-n', '50', '--seed', '1', '--policy', join(dir, 'str.mjs'), '-j', '1', '-q']);
    expect(str.code).toBe(1);
    expect(str.stderr).toMatch(/policy str: decision REWARD returned "1" \(type string\), expected an index in \[0, 2\)/);
    // A module of the old ten-method shape is refused up front (exit 2), naming what is expected.
    const old = runCli(['terror', '-n', '10', '--seed', '1', '--policy', join(dir, 'old.mjs'), '-j', '1', '-q']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('choose(rng, view, decision, options, n, allowNone)');
  }, 60_000);
});
