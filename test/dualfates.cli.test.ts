// `sim dualfates …` through the real, compiled CLI: the command line, JSON contract,
// determinism of the Monte Carlo cross-check, and bad input (exit 2, one line).


import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deterministicJson, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

describe('sim dualfates attack', () => {
  it('the issue command: --vs def --value 7 --damage heavy --armor 1 --health 5 --format json', () => {
    const r = runCli(['dualfates', 'attack', '--vs', 'def', '--value', '7', '--damage', 'heavy', '--armor', '1', '--health', '5', '--format', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.game).toBe('dualfates attack');
    expect(j.method).toBe('exact');
    expect(j.result.success).toBe(21 / 36);
    expect(j.result.successFraction).toBe('7/12');
    expect(j.result.damage.map((d: { fraction: string }) => d.fraction)).toEqual(['5/12', '7/432', '7/144', '35/432', '49/432', '7/48', '77/432']);
    expect(j.result.incapacitatedFraction).toBe('77/432');
    const a = j.result.attacksToIncapacitate;
    expect(a.mean).toBeGreaterThan(1);
    expect(a.tailRemaining).toBeLessThan(1e-9);
    expect(a.distribution[0].p).toBeCloseTo(77 / 432, 15);
    expect(a.distribution.at(-1).cumulative).toBeGreaterThan(1 - 1e-9);
  });
  it('--method mc: intervals, same JSON for -j 1 and -j 2 at a fixed seed', () => {
    const base = ['dualfates', 'attack', '--vs', 'dod', '--value', '6', '--cover', 'light', '--damage', 'light', '--shields', '1', '--method', 'mc', '-n', '40000', '--seed', '7', '--format', 'json'];
    const one = runCli([...base, '-j', '1']);
    const two = runCli([...base, '-j', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(deterministicJson(two.stdout)).toEqual(deterministicJson(one.stdout));
    const j = JSON.parse(one.stdout);
    expect(j.n).toBe(40000);
    expect(j.result.target.targetNumber).toBe(7);
    expect(j.result.success).toMatchObject({ exact: 21 / 36 });
    expect(j.result.success.lo).toBeLessThan(j.result.success.estimate);
    expect(j.result.success.hi).toBeGreaterThan(j.result.success.estimate);
    expect(j.result.attacksToIncapacitate.mean.exactInInterval).toBe(true);
  }, 30_000);
  it('--method mc, an attack that can never land: mean attacks unknown (null, "–"), the exact side\'s note, never "false"', () => {
    const args = ['dualfates', 'attack', '--vs', 'static', '--value', '13', '--method', 'mc', '-n', '1000', '--seed', '1', '-j', '1'];
    const j = JSON.parse(runCli([...args, '--format', 'json']).stdout);
    expect(j.result.attacksToIncapacitate.mean).toEqual({ exact: null, estimate: null, se: null, lo: null, hi: null, exactInInterval: null });
    expect(j.notes).toContain('No attack can land: the unit is never incapacitated.');
    const exact = JSON.parse(runCli(['dualfates', 'attack', '--vs', 'static', '--value', '13', '--format', 'json']).stdout);
    expect(exact.notes).toContain('No attack can land: the unit is never incapacitated.');
    const table = runCli(args).stdout;
    const row = table.split('\n').find((l) => l.includes('mean attacks to incapacitate'))!;
    expect(row.split('│').slice(2, 7).map((c) => c.trim())).toEqual(['–', '–', '–', '–', '–']);
  }, 30_000);
  it('rule constants through --set: damageDice.heavy=sum2d6 and deflectRule=beat, exact (by hand) and Monte Carlo', () => {
    const args = ['dualfates', 'attack', '--vs', 'static', '--value', '7', '--damage', 'heavy', '--armor', '0', '--health', '2', '--deflect', '--set', 'damageDice.heavy=sum2d6', '--set', 'deflectRule=beat', '--format', 'json'];
    const x = JSON.parse(runCli(args).stdout);
    expect(x.params).toMatchObject({ 'damageDice.heavy': 'sum2d6', deflectRule: 'beat' });
    expect(x.result.target.damageDice).toBe('sum2d6');
    // Rolls 7..12 (6,5,4,3,2,1 ways) survive Shield rolls not above them (21,26,30,33,35,36 ways): 581 of 1296.
    expect(x.result.successFraction).toBe('581/1296');
    // Every landed hit deals 2..12 >= health 2.
    expect(x.result.incapacitatedFraction).toBe('581/1296');
    expect(x.result.damage[1].p).toBe(0);
    const mc = JSON.parse(runCli([...args, '--method', 'mc', '-n', '20000', '--seed', '3', '-j', '1', '--confidence', '0.999']).stdout).result;
    expect(mc.success).toMatchObject({ exact: 581 / 1296, exactInInterval: true });
    expect(mc.meanDamage.exact).toBeCloseTo((581 / 1296) * 7, 12);
    expect(mc.meanDamage.exactInInterval).toBe(true);
    expect(mc.attacksToIncapacitate.mean.exactInInterval).toBe(true);
  }, 30_000);
  it('Monte Carlo cross-checks note how many table rows fall outside their intervals and how many chance explains (attack and pillars)', () => {
    const table = runCli(['run', 'scenarios/dualfates/mc-check.yaml', '-n', '20000', '-j', '1', '-q']).stdout;
    const flags = table.split('\n').map((l) => /│ (true|false) +│$/.exec(l)?.[1]).filter((f) => f !== undefined);
    const outside = flags.filter((f) => f === 'false').length;
    expect(flags.length).toBeGreaterThan(20);
    const expected = Math.round(flags.length * 0.05 * 10) / 10;
    expect(table).toContain(`Note: ${outside} of ${flags.length} rows outside their 95% intervals; about ${expected} expected by chance (5% of ${flags.length})`);
    const pillars = JSON.parse(runCli(['dualfates', 'pillars', '--method', 'mc', '-n', '4000', '--seed', '2', '-j', '1', '--confidence', '0.9', '--format', 'json']).stdout);
    // The answer names what was measured: pillar 1 in round 1 (its row), not "a given pillar … of rounds".
    const row = pillars.tables[0].rows.find((r: { metric: string }) => r.metric === 'Pillar 1 is an objective (round 1)');
    expect(pillars.text).toMatch(new RegExp(`^Pillar 1 is a rolled objective in round 1 of ${(row.estimate * 100).toFixed(1)}% \\[`));
    const checks = pillars.result.checks as { exactInInterval: boolean }[];
    const out = checks.filter((c) => !c.exactInInterval).length;
    expect(pillars.notes).toContain(`${out} of ${checks.length} rows outside their 90% intervals; about ${Math.round(checks.length * 0.1 * 10) / 10} expected by chance (10% of ${checks.length})`);
  }, 30_000);
  it('melee ignores cover, and says so', () => {
    const r = runCli(['dualfates', 'attack', '--vs', 'dod', '--value', '6', '--cover', 'heavy', '--attack', 'melee', '--format', 'json']);
    const j = JSON.parse(r.stdout);
    expect(j.result.target.targetNumber).toBe(6);
    expect(j.notes.join(' ')).toMatch(/melee attacks ignore cover/);
    // The settings line marks it too, as Genisys marks what it ignores (it listed "cover heavy" as if played).
    expect(j.settings).toContain('cover heavy (ignored: melee attacks ignore cover)');
    const mc = JSON.parse(runCli(['dualfates', 'attack', '--vs', 'will', '--running', '--method', 'mc', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(mc.settings).toContain('running (ignored: running changes DEF and DOD only)');
    expect(JSON.parse(runCli(['dualfates', 'attack', '--vs', 'dod', '--cover', 'heavy', '--attack', 'ranged', '--format', 'json']).stdout).settings.join(' ')).not.toMatch(/ignored/);
  });
  it('the Training Knight scenarios: default.yaml says its Shield is not used; training-knight-shield.yaml deflects (490/1296 land, by hand)', () => {
    const off = JSON.parse(runCli(['run', 'scenarios/dualfates/default.yaml', '--format', 'json']).stdout);
    expect(off.result.successFraction).toBe('7/12');
    expect(off.assumptions.join(' ')).toMatch(/the target's Shield special, if it has one, is not used: --deflect applies it/);
    const on = runCli(['run', 'scenarios/dualfates/training-knight-shield.yaml', '--format', 'json']);
    expect(on.code).toBe(0);
    const j = JSON.parse(on.stdout);
    // Rolls 7..12 (6,5,4,3,2,1 ways) land when the Shield's roll is lower: 15,21,26,30,33,35 ways.
    expect(j.result.successFraction).toBe('245/648');
    expect(j.assumptions.join(' ')).toMatch(/available against every attack, including each attack counted in attacksToIncapacitate; an upper bound/);
    const both = JSON.parse(runCli(['run', 'scenarios/dualfates/training-knight-shield.yaml', '--set', 'running=true', '--format', 'json']).stdout);
    expect(both.assumptions.join(' ')).toMatch(/"Units that Run may not perform Actions, and may not perform Free Actions" \(rulebook: Running\)/);
  }, 30_000);
  it('a scenario file runs through `sim run`', () => {
    const r = runCli(['run', 'scenarios/dualfates/wrench-strike.yaml', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).result.successFraction).toBe('11/12');
    // It names the units its description names (the rulebook's ATTACK EXAMPLE), not the defaults.
    expect(JSON.parse(r.stdout).result.units).toMatchObject({ attacker: 'Eric', ability: 'Wrench Strike', target: 'Bone Boy' });
  });
});

describe('sim dualfates run, pillars, table, team', () => {
  it('run --speed 5: 6..11 inches, 11 with probability 11/36', () => {
    const j = JSON.parse(runCli(['dualfates', 'run', '--speed', '5', '--format', 'json']).stdout);
    expect(j.result.distribution.at(-1)).toMatchObject({ inches: 11, fraction: '11/36' });
  });
  it('pillars: Secret Mission 11/36, doubles without 6 5/36, Critical 1/36, Initiative 1/2', () => {
    const j = JSON.parse(runCli(['dualfates', 'pillars', '--format', 'json']).stdout).result;
    expect(j.secretMissionAny.fraction).toBe('11/36');
    expect(j.doublesWithoutSix.fraction).toBe('5/36');
    expect(j.outcomes.find((o: { kind: string }) => o.kind === 'criticalMission').fraction).toBe('1/36');
    expect(j.initiative.pWinFraction).toBe('1/2');
    expect(j.objectiveRounds.distribution).toHaveLength(11);
  });
  it('pillars --method mc: every check reported with an interval, deterministic for -j 1 and -j 2', () => {
    const base = ['dualfates', 'pillars', '--method', 'mc', '-n', '20000', '--seed', '11', '--format', 'json'];
    const one = runCli([...base, '-j', '1']);
    const two = runCli([...base, '-j', '2']);
    expect(one.code).toBe(0);
    expect(deterministicJson(two.stdout)).toEqual(deterministicJson(one.stdout));
    const j = JSON.parse(one.stdout);
    expect(j.method).toBe('mc');
    expect(j.result.checks.find((c: { metric: string }) => c.metric === 'first player wins Initiative').exact).toBe(0.5);
  }, 30_000);
  it('pillars --method mc is a scenario game run: shards merge to the one-machine report, and it is a golden sim check re-runs', () => {
    const dir = tempDir('sim-pillars-');
    const base = ['dualfates', 'pillars', '--method', 'mc', '-n', '4000', '--seed', '5', '-q'];
    for (const k of [1, 2]) expect(runCli([...base, '--shard', `${k}/2`, '--out', join(dir, `part-${k}.json`)]).code).toBe(0);
    const merged = runCli(['merge', join(dir, 'part-1.json'), join(dir, 'part-2.json'), '--format', 'json']);
    expect(merged.code, merged.stderr).toBe(0);
    const whole = runCli([...base, '--format', 'json', '-j', '1']);
    expect(deterministicJson(merged.stdout)).toEqual(deterministicJson(whole.stdout));
    expect(runCli([...base, '--format', 'json', '--out', join(dir, 'golden.json')]).code).toBe(0);
    const check = runCli(['check', join(dir, 'golden.json'), '--tolerance', 'stat', '--format', 'json']);
    expect(check.code, check.stdout).toBe(0);
    expect(JSON.parse(check.stdout).result[0].detail).toMatch(/^\d+ estimates tested/);
    expect(runCli(['params', 'dualfates', 'pillars']).stdout).toMatch(/rounds/);
  }, 60_000);
  it('table fits in 100 columns and has rows for stat 2..13', () => {
    const r = runCli(['dualfates', 'table']);
    expect(r.code).toBe(0);
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    const j = JSON.parse(runCli(['dualfates', 'table', '--format', 'json']).stdout).result;
    expect(j.success.map((x: { value: number }) => x.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
  it('team: a valid file exits 0 with tokens, points and Vortex', () => {
    const r = runCli(['dualfates', 'team', 'scenarios/dualfates/teams/valid-full-faction.yaml', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).result).toMatchObject({ valid: true, kind: 'full', points: 8, startingFateTokens: 3, vortex: { deployedPoints: 5 } });
  });
  it('team: an illegal team has no starting Fate Tokens (null, "–"); its type is shown only when it can be determined', () => {
    const cases: [string, string | null, string][] = [
      ['invalid-no-totem', 'full', 'full'],
      ['invalid-wayward-coin', 'mixed', 'mixed'],
      ['invalid-two-factions', null, 'type –'],
    ];
    for (const [f, kind, shown] of cases) {
      const file = `scenarios/dualfates/teams/${f}.yaml`;
      const j = JSON.parse(runCli(['dualfates', 'team', file, '--format', 'json']).stdout).result;
      expect([j.valid, j.kind, j.startingFateTokens], f).toEqual([false, kind, null]);
      const table = runCli(['dualfates', 'team', file]);
      expect(table.code, f).toBe(1);
      expect(table.stdout, f).toMatch(new RegExp(`Team: ${shown} · .*starting Fate Tokens – ·`));
    }
  }, 30_000);
  it('a value given that the view would not read is refused or said (a hostile probe found them silent): run --unit beside --speed, table --target beside --value, a team rule of the other type of team', () => {
    const refused = (args: string[], re: RegExp) => {
      const r = runCli(['dualfates', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(re);
    };
    refused(['run', '--unit', 'Training Knight', '--speed', '3'], /^sim: option --unit: has no effect here: --speed 3 is the Speed that runs/);
    refused(['table', '--target', 'Generic Brute', '--value', '5'], /^sim: option --target: --value 5 is the DEF the table uses, and it is not Generic Brute's DEF/);
    // Its own DEF beside it names the table's target (a review found this refused too).
    const named = runCli(['dualfates', 'table', '--target', 'Generic Brute', '--value', '7']);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toMatch(/Generic Brute/);
    expect(runCli(['dualfates', 'run', '--unit', 'Training Knight']).code).toBe(0);
    expect(runCli(['dualfates', 'table', '--target', 'none', '--value', '5']).code).toBe(0);
    const notes = (f: string, sets: string[]) => (JSON.parse(runCli(['dualfates', 'team', `scenarios/dualfates/teams/${f}.yaml`, ...sets.flatMap((x) => ['--set', x]), '--format', 'json']).stdout).notes as string[]).filter((n) => /has no effect on this team/.test(n));
    expect(notes('valid-mixed', ['fateTokens.full=1'])).toEqual(['--set fateTokens.full=1 has no effect on this team: it is a rule of full faction teams, and this team is a mixed team.']);
    expect(notes('valid-full-faction', ['fateTokens.mixed=1', 'waywardCoinCap=0'])).toHaveLength(2);
    expect(notes('valid-full-faction', ['fateTokens.full=1'])).toEqual([]);
    expect(notes('valid-mixed', ['fateTokens.mixed=1', 'waywardCoinCap=3'])).toEqual([]);
  }, 30_000);
  it('sim params lists a view\'s parameters: a team\'s rules (its --set keys), a table\'s options after its base mode\'s', () => {
    const keys = (words: string[]) => (JSON.parse(runCli(['params', ...words, '--format', 'json']).stdout).result as { key: string }[]).map((r) => r.key);
    const team = keys(['dualfates', 'team']);
    expect(team).toEqual(expect.arrayContaining(['summoningPointCap', 'waywardCoinCap', 'fateTokens.full', 'fateTokens.mixed']));
    // Every key it lists is one the view's --set takes.
    for (const k of team) expect(runCli(['dualfates', 'team', 'scenarios/dualfates/teams/valid-mixed.yaml', '--set', `${k}=${k === 'scoringValue' ? 'one' : k === 'monsterLimit' ? 'one' : '9'}`, '-q']).code, k).toBe(0);
    const table = keys(['genisys', 'table']);
    expect(table).toEqual(expect.arrayContaining(['skill', 'armor', 'rows', 'cols', 'split']));
    expect(table).not.toContain('method');
    expect(runCli(['params', 'genisys', 'nothing']).stderr).toMatch(/unknown game "genisys nothing"/);
  }, 30_000);
  it('team --set fateTokens.full / fateTokens.mixed: each override reaches its own team type', () => {
    const tokens = (f: string) => JSON.parse(runCli(['dualfates', 'team', `scenarios/dualfates/teams/${f}.yaml`, '--set', 'fateTokens.full=5', '--set', 'fateTokens.mixed=1', '--format', 'json']).stdout).result.startingFateTokens;
    expect(tokens('valid-full-faction')).toBe(5);
    expect(tokens('valid-mixed')).toBe(1);
    expect(tokens('rulebook-example')).toBe(1);
  }, 30_000);
  it('team: the "uses N of 8 points" note for a legal team under the cap, none at the cap or for an illegal team', () => {
    const notes = (f: string, ...set: string[]) => JSON.parse(runCli(['dualfates', 'team', `scenarios/dualfates/teams/${f}.yaml`, ...set.flatMap((x) => ['--set', x]), '--format', 'json']).stdout).notes as string[];
    const uses = (ns: string[]) => ns.filter((n) => / Summoning Points \(allowed/.test(n));
    // valid-mixed: Ember 1 + Skull Splitters 2 + Bone Boys 1 + Grog and Timber 2 + Eric 1 = 7.
    expect(uses(notes('valid-mixed'))).toEqual(['the team uses 7 of 8 Summoning Points (allowed: the rulebook says never exceed)']);
    expect(uses(notes('rulebook-example'))).toEqual(['the team uses 3 of 8 Summoning Points (allowed: the rulebook says never exceed)']);
    expect(uses(notes('valid-full-faction'))).toEqual([]);
    expect(uses(notes('valid-full-faction', 'summoningPointCap=10'))).toEqual(['the team uses 8 of 10 Summoning Points (allowed: the rulebook says never exceed)']);
    expect(uses(notes('invalid-no-totem'))).toEqual([]);
  }, 30_000);
  it('team: a broken rule exits 1, the report lists every error, stderr has one line naming file, field and rule', () => {
    const r = runCli(['dualfates', 'team', 'scenarios/dualfates/teams/invalid-no-totem.yaml', '--format', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result.errors).toHaveLength(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/invalid-no-totem\.yaml: totem: .*rulebook: The Summoning Totem's role.*\(and 1 more\)/);
  });
});

describe('bad input: exit 2, one line on stderr naming the option or file, nothing on stdout', () => {
  const cases: [string[], RegExp][] = [
    [['attack', '--vs', 'armour'], /option --vs: .*def, dod, will, static/],
    [['attack', '--value', '99'], /option --value: .*\[-1, 20\]/],
    [['attack', '--damage', 'huge'], /option --damage/],
    [['attack', '--cover', 'partial'], /option --cover/],
    [['attack', '--health', '0'], /option --health: .*\[1, 200\]/],
    [['attack', '--method', 'guess'], /option --method/],
    [['attack', '--set', 'coverBonus.lite=3'], /did you mean "coverBonus.light"/],
    [['run'], /--speed/],
    [['run', '--speed', '-2'], /--speed/],
    [['pillars', '--rounds', '0'], /--rounds/],
    [['pillars', '--method', 'guess'], /option --method/],
    [['team', 'no/such/file.yaml'], /no\/such\/file\.yaml: cannot read/],
    [['team', 'scenarios/dualfates/units.yaml'], /units\.yaml: units\.0\.faction/],
    [['team', 'scenarios/dualfates/teams/valid-mixed.yaml', '--set', 'vortexCap=-1'], /option --set vortexCap/],
  ];
  for (const [args, pattern] of cases) {
    it(args.join(' '), () => {
      const r = runCli(['dualfates', ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    });
  }
});

describe('what the reports record', () => {
  it('attack, run and table hash the unit sheets they read: an edited file is another answer, with another hash', () => {
    const dir = tempDir('sim-df-units-');
    const file = join(dir, 'units.yaml');
    const original = readFileSync('scenarios/dualfates/units.yaml', 'utf8');
    writeFileSync(file, original);
    const json = (args: string[]) => JSON.parse(runCli([...args, '--units', file, '--format', 'json', '-q']).stdout);
    const commands = [['dualfates', 'attack'], ['dualfates', 'run', '--unit', 'training knight'], ['dualfates', 'table']];
    const before = commands.map(json);
    writeFileSync(file, original.replace(/def: 7\b/, 'def: 11'));
    const after = commands.map(json);
    for (let i = 0; i < commands.length; i++) {
      expect(after[i].dataHash, commands[i].join(' ')).not.toBe(before[i].dataHash);
      expect(after[i].paramsHash, commands[i].join(' ')).not.toBe(before[i].paramsHash);
      expect(after[i].params.units, commands[i].join(' ')).toBe(file);
    }
    expect(after[0].result).not.toEqual(before[0].result);
  });
  it('pillars records its method; the team report names its parameters as --set does', () => {
    expect(JSON.parse(runCli(['dualfates', 'pillars', '--format', 'json', '-q']).stdout).params).toEqual({ rounds: 10, method: 'exact' });
    const team = JSON.parse(runCli(['dualfates', 'team', 'scenarios/dualfates/teams/match-knights.yaml', '--set', 'fateTokens.full=4', '--format', 'json', '-q']).stdout);
    expect(team.params['fateTokens.full']).toBe(4);
    expect(team.params.fateTokensFull).toBeUndefined();
  });
});
