// `sim genisys` through the real, compiled CLI: the acceptance commands, the JSON
// contract, scenario files, the table, and bad input → exit 2 with one line naming the problem.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvTables } from './helpers/csvTables.js';
import { deterministicJson, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const UNITS = readFileSync(new URL('../scenarios/genisys/units.yaml', import.meta.url), 'utf8');
const json = (args: string[]) => {
  const r = runCli(['genisys', 'attack', ...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('sim genisys attack', () => {
  it('works from the data file: Endoskeleton plasma gun vs Resistance Soldier at Short range', () => {
    const r = runCli(['genisys', 'attack', '--attacker', 'endoskeleton', '--weapon', 'plasma-gun', '--target', 'resistance-soldier', '--range', 'short']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Skill D8 5+');
    expect(r.stdout).toContain('Final state of the target');
  });
  it("an attacker picked without --weapon fires its own weapon: its only one, refused among several, the quickplay one (said) when it carries none", () => {
    // Several weapons (combat knife, plasma rifle): no quiet quickplay weapon under the unit's name.
    const several = runCli(['genisys', 'attack', '--attacker', 'resistance-soldier', '--target', 'endoskeleton', '--range', 'short']);
    expect([several.code, several.stderr]).toEqual([2, 'sim: weapon (--weapon): Resistance Soldier carries combat-knife, plasma-rifle (scenarios/genisys/units.yaml): pick one with --weapon, or give --rof and --power for another weapon (sim genisys matchup plays each weapon a unit carries)\n']);
    // The same attack with the weapon named is what matchup's row for that weapon plays.
    const named = json(['--attacker', 'resistance-soldier', '--weapon', 'plasma-rifle', '--target', 'endoskeleton', '--range', 'short']);
    expect(named.result.attack.rof).toBe(1);
    // --rof and --power given describe the weapon: no refusal.
    const described = json(['--attacker', 'resistance-soldier', '--rof', '1', '--power', 'd6', '--target', 'endoskeleton']);
    expect(described.result.attack.power).toBe('D6');
    expect(described.notes).toContain('Resistance Soldier fires ROF 1 and Power D6 (as given), none of the weapons its sheet lists (combat-knife, plasma-rifle).');
    // One weapon (the crawler's claws): it fires that one, named in the title.
    const crawler = json(['--attacker', 'crawler', '--target', 'resistance-soldier']);
    expect(crawler.title).toContain('Crawler with Terminator claws');
    // None: the quickplay weapon, said in a note.
    const bare = json(['--attacker', 'freedman', '--target', 'resistance-soldier']);
    expect(bare.notes.join(' ')).toContain('Freedman carries no weapon in scenarios/genisys/units.yaml: the attack uses ROF 2 and Power D8');
  });
  it('a --cover the attack cannot use is said (note and settings line), with why: Mindless, a Flame weapon, --open, automatic cover at Long range', () => {
    const noteOf = (args: string[]) => (json(args).notes as string[]).find((n) => n.startsWith('--cover')) ?? null;
    expect(noteOf(['--mindless', '--cover', 'soft'])).toBe('--cover soft has no effect on this attack: the target takes no cover save here (it is Mindless: it never takes cover saves).');
    expect(noteOf(['--target', 'endoskeleton', '--cover', 'soft'])).toContain('(it is Mindless: it never takes cover saves)');
    expect(noteOf(['--flame', '--cover', 'soft'])).toContain('(a Flame weapon allows no cover)');
    expect(noteOf(['--open', '--cover', 'hard'])).toContain("(it is 'in the open': --open)");
    expect(noteOf(['--range', 'long', '--cover', 'soft'])).toBe('--cover soft has no effect on this attack: at this range the target is in automatic cover, whatever --cover says (the save shown).');
    // Where the cover plays, nothing is said.
    expect(noteOf(['--cover', 'soft'])).toBeNull();
    expect(noteOf(['--range', 'long', '--cover', 'hard'])).toBeNull();
    const text = runCli(['genisys', 'attack', '--open', '--cover', 'hard']);
    expect(text.stdout).toContain('settings: cover hard (ignored: the target takes no cover save here), open');
  });
  it('acceptance: Skill D8, ROF 2, Point Blank, Power D8 vs 4+, Resolution D8 → damage ≈ [0.6475, 0.3143, 0.0381]', () => {
    const r = runCli(['genisys', 'attack', '--skill', 'd8', '--rof', '2', '--range', 'pb', '--power', 'd8', '--armor', '4', '--resolution', 'd8', '--format', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.method).toBe('exact');
    expect(j.result.damage.map((x: number) => Number(x.toFixed(4)))).toEqual([0.6475, 0.3143, 0.0381]);
    expect(Object.keys(j.result.perShot)).toEqual(['hit', 'unsaved', 'damage']);
    expect(Object.keys(j.result.outcome)).toEqual(['destroyed', 'retreated', 'reeling', 'unharmed']);
    expect(sum(Object.values(j.result.outcome) as number[])).toBeCloseTo(1, 12);
  });
  it('Monte Carlo: every entry carries an interval, crawler appears with I\'ll Be Back, same seed → same JSON', () => {
    const args = ['genisys', 'attack', '--attacker', 'endoskeleton', '--weapon', 'plasma-gun', '--target', 'endoskeleton', '--range', 'pb', '--method', 'mc', '-n', '200000', '--seed', '9', '--format', 'json', '-j', '1'];
    const a = runCli(args);
    const b = runCli([...args.slice(0, -2), '-j', '2']);
    expect(a.code).toBe(0);
    const j = JSON.parse(a.stdout);
    expect(j.method).toBe('mc');
    expect(j.n).toBe(200000);
    expect(Object.keys(j.result.outcome)).toEqual(['destroyed', 'retreated', 'crawler', 'crawlerReeling', 'reeling', 'unharmed']);
    for (const e of [...Object.values(j.result.outcome), ...j.result.damage, ...Object.values(j.result.perShot)] as { estimate: number; lo: number; hi: number }[]) {
      expect(e.lo).toBeLessThanOrEqual(e.estimate);
      expect(e.hi).toBeGreaterThanOrEqual(e.estimate);
    }
    expect(sum((Object.values(j.result.outcome) as { estimate: number }[]).map((e) => e.estimate))).toBeCloseTo(1, 12);
    expect(deterministicJson(b.stdout)).toEqual(deterministicJson(a.stdout));
  });
  it('Monte Carlo tables: the damaging-hits column holds k = 0..ROF (not the counts), in CSV and text', () => {
    const args = ['genisys', 'attack', '--method', 'mc', '-n', '100000', '--seed', '1', '-q'];
    const blocks = csvTables(args);
    const dmg = blocks.find((b) => b[0].startsWith('damagingHits,'))!;
    expect(dmg[0]).toBe('damagingHits,estimate,lo,hi,exact,exactInInterval');
    const rows = dmg.slice(1).map((l) => l.split(',').map(Number));
    expect(rows.map((r) => r[0])).toEqual([0, 1, 2]);
    // Quickplay attack, by hand: P(damaging hit per die) q = 1/2 (D8 5+) × 1/2 (D6 save 4+) × 5/8 (D8 vs 4+).
    const q = (1 / 2) * (1 / 2) * (5 / 8);
    rows.forEach((r, k) => expect(r[4]).toBeCloseTo([(1 - q) ** 2, 2 * q * (1 - q), q * q][k], 12));
    // The Monte Carlo proportions are the JSON's (count / n), not counts.
    const j = JSON.parse(runCli([...args, '--format', 'json']).stdout);
    rows.forEach((r, k) => expect(r[1]).toBe(j.result.damage[k].estimate));
    for (const r of rows) expect(r[1]).toBeLessThanOrEqual(1);
    const text = runCli(args).stdout;
    const table = text.slice(text.indexOf('Damaging hits per attack')).split('\n\n')[0].split('\n');
    const ks = table.filter((l) => /^│\s+\d+ │/.test(l)).map((l) => Number(l.split('│')[1]));
    expect(ks).toEqual([0, 1, 2]);
  });
  it('Monte Carlo: each row flags whether its exact value lies in the interval; the note counts the rows outside', () => {
    // 50% intervals: about half the rows fall outside, so the count is not trivially 0.
    const args = ['genisys', 'attack', '--method', 'mc', '-n', '20000', '--seed', '1', '-q', '--confidence', '0.5'];
    const rows = csvTables(args).flatMap((b) => b.slice(1));
    // Per die 3, damaging hits 0..2, removed + 4 final states, Reeling results 0..2.
    expect(rows).toHaveLength(3 + 3 + 5 + 3);
    // Independently of the flags: the exact value against the row's own lo and hi (fields estimate, lo, hi, exact, flag after the row's label).
    const fields = rows.map((l) => l.replace(/^"[^"]*"/, 'label').split(',').slice(1, 6));
    const outside = fields.filter(([, lo, hi, exact]) => !(Number(exact) >= Number(lo) && Number(exact) <= Number(hi))).length;
    expect(fields.filter((f) => f[4] === 'false').length).toBe(outside); // CSV writes true/false (an empty cell is unknown)
    expect(fields.filter((f) => f[4] === 'true').length).toBe(14 - outside);
    const text = runCli(args).stdout;
    expect(text.match(/│ false │/g)?.length ?? 0).toBe(outside);
    expect(text.match(/│ true  │/g)?.length ?? 0).toBe(14 - outside);
    expect(outside).toBeGreaterThan(0);
    expect(text).toContain(`Note: ${outside} of 14 rows outside their 50% intervals; about 7 expected by chance (50% of 14)`);
  });
  it('scenario files: default and the 3+ cover-save house rule', () => {
    const d = JSON.parse(runCli(['genisys', 'attack', '--scenario', 'scenarios/genisys/default.yaml', '--format', 'json']).stdout);
    const h = JSON.parse(runCli(['genisys', 'attack', '--scenario', 'scenarios/genisys/cover-saves-3plus.yaml', '--format', 'json']).stdout);
    expect(d.result.damage[0]).toBeCloseTo(0.64752197265625, 12);
    expect(h.params['save.target']).toBe(3);
    expect(h.result.perShot.unsaved).toBeCloseTo((5 / 8) * (2 / 6), 12);
  });
  it('bad input exits 2 with one line naming the option', () => {
    const cases: [string[], RegExp][] = [
      [['--attacker', 'hk-tank'], /--attacker\): unknown unit "hk-tank" in scenarios\/genisys\/units.yaml; valid: endoskeleton, crawler/],
      [['--weapon', 'laser'], /--weapon\): unknown weapon "laser" in scenarios\/genisys\/units.yaml; valid: plasma-gun, terminator-claws/],
      [['--set', 'target=toaster'], /target \(--target\): unknown unit "toaster" in .*; valid: endoskeleton, crawler, resistance-soldier/],
      [['--target', 'constructor'], /unknown unit "constructor"/],
      [['--units', 'no/such/units.yaml', '--target', 'crawler'], /units.yaml: cannot read/],
      [["--skill", "d7"], /--skill: got "d7", expected one of auto, d4, d6/],
      [['--range', 'far'], /--range/],
      [['--rof', '2', '--aimed'], /--aimed: aimed shots need a weapon with ROF 1/],
      [['--resilient', '2', '--damage-taken', '2'], /--damage-taken/],
      [['--hasta-la-vista', '--vehicle'], /immune/],
      [['--attacker', 'fence-generator'], /has no Skill/],
      [['--method', 'guess'], /--method/],
    ];
    for (const [args, msg] of cases) {
      const r = runCli(['genisys', 'attack', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('sim genisys attack: assumptions and notes', () => {
  it("every numbered choice of the README is named, in order, in every report's assumptions", () => {
    const readme = readFileSync(new URL('../scenarios/genisys/README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Choices where the rulebook leaves one'), readme.indexOf('## Data gaps'));
    // "N. **Title.**" or "N. **Title** continues": the bold title, without backticks or a final period.
    const titles = [...section.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((m) => m[1].replace(/`/g, '').replace(/\.$/, ''));
    expect(titles.length).toBe(18);
    for (const args of [[], ['--method', 'mc', '-n', '1000', '--seed', '1']]) {
      const assumptions = json(args).assumptions as string[];
      expect(assumptions).toHaveLength(titles.length);
      titles.forEach((t, i) => expect(assumptions[i].startsWith(`${t}:`), `${i + 1}. ${t} / ${assumptions[i]}`).toBe(true));
    }
    const table = JSON.parse(runCli(['genisys', 'table', '--rows', 'skill', '--cols', 'armor', '--split', '', '--format', 'json']).stdout);
    expect(table.assumptions).toEqual(json([]).assumptions);
  });
  it('a die-step table of an aimed shot (or a Stealth target) says its skill rows are the die on the card, and the answer names that row (it named D10 for row D8)', () => {
    const aimed = JSON.parse(runCli(['genisys', 'table', '--aimed', '--rows', 'skill,rof', '--split', '', '--format', 'json']).stdout);
    expect(aimed.text).toMatch(/^The attack as given \(1 shot at Short range: Skill D10 5\+, .*?; Skill D8 on the card, its row in the table\) has P\(any damage\) 18\.8%/);
    const row = aimed.tables[0].rows.find((r: Record<string, unknown>) => r.skill === 'D8' && String(r.rof) === '1');
    expect(row['4+']).toBeCloseTo(0.1875, 6);
    expect(aimed.notes).toContain('The skill rows are the Skill die on the card: an aimed shot rolls it one step up (rulebook: Advanced Rules – Aimed Shots).');
    const plain = JSON.parse(runCli(['genisys', 'table', '--rows', 'skill,rof', '--split', '', '--format', 'json']).stdout);
    expect(plain.text).not.toMatch(/on the card/);
    expect(plain.notes.join('\n')).not.toMatch(/Skill die on the card/);
  });
  it("notes say when 'Hasta la Vista' drops --range and --aimed, and why --open at Extreme range still saves", () => {
    const hasta = json(['--hasta-la-vista', '--range', 'long', '--aimed', '--rof', '1', '--stealth']).notes as string[];
    expect(hasta).toContain("'Hasta la Vista, Baby!' is resolved at Close Combat range (the attacker is within CC range of the reeling target): --range long (Long range) is ignored, and Stealth does not apply.");
    expect(hasta).toContain("'Hasta la Vista, Baby!' is a close combat attack: --aimed is ignored (aimed shots are ranged shots).");
    expect(json(['--hasta-la-vista']).notes).toEqual([]); // --range not given: nothing dropped
    expect(json(['--hasta-la-vista', '--range', 'cc']).notes).toEqual([]);
    const vehicle = json(['--vehicle', '--range', 'extreme', '--brace', '--open']);
    expect(vehicle.result.attack.save).toBe('D6');
    expect(vehicle.notes.join(' ')).toMatch(/--open has no effect at Extreme range: all models of Size 3 or less, Machines and vehicles included, are in cover there \(rulebook: Larger Playing Surfaces – Extreme Range\), so this Size 3 target \(a vehicle\)/);
    const vtol = json(['--vehicle', '--range', 'extreme', '--brace', '--open', '--set', 'size=20']);
    expect(vtol.result.attack.save).toBeNull();
    // (--brace allows nothing here: with weaponRange any no range is checked, and the note says so.)
    // (--vehicle changes nothing either: at Extreme range a Size 20 target has no cover anyway, and its Armor is under 8.)
    expect(vtol.notes).toEqual([
      '--brace has no effect on this attack: it only lets a Long range weapon fire into Extreme range (--set weaponRange=long --range extreme).',
      '--vehicle has no effect on this attack: a vehicle differs only in taking no automatic cover at Long range and, at Armor 8 or more, in testing only against heavy weapons; neither changes this attack (its range, cover, Armor and weapon).',
    ]);
    // The reported assumptions name the run's Size bound, not a fixed 3.
    const bigger = json(['--range', 'extreme', '--brace', '--set', 'extremeCover.maxSize=5']).assumptions as string[];
    expect(bigger.filter((a) => a.includes('Size 5 or less'))).toHaveLength(2);
    expect(bigger.some((a) => a.includes('Size 3 or less'))).toBe(false);
    // --size is the option for the same parameter.
    expect(json(['--vehicle', '--range', 'extreme', '--brace', '--open', '--size', '20']).result).toEqual(vtol.result);
    expect(json(['--vehicle', '--range', 'extreme', '--brace', '--open', '--size', '3']).result.attack.save).toBe('D6');
    expect(json(['--range', 'long', '--open']).notes[0]).toMatch(/^--open has no effect at Long range/);
    expect(json(['--range', 'long', '--open', '--vehicle']).notes).toEqual([]);
    // A weapon rule that leaves the attack as it is is said, never silently ignored; where it acts, nothing is said.
    const said = (args: string[]) => (json(args).notes as string[]).filter((n) => / has no effect on this attack/.test(n)).map((n) => n.split(' ')[0]);
    expect(said(['--stopping-power', '--semi-automatic', '--brace'])).toEqual(['--stopping-power', '--brace', '--semi-automatic']);
    expect(said(['--stopping-power', '--range', 'pb', '--power', 'd6'])).toEqual([]);
    expect(said(['--semi-automatic', '--range', 'long'])).toEqual([]);
    expect(said(['--brace', '--range', 'extreme', '--set', 'weaponRange=long'])).toEqual([]);
    // So is a target property: Stealth at Close Combat, a Size away from Extreme range (or where the cover is declared), a Vehicle where neither its cover nor its Resolution applies.
    expect(said(['--range', 'cc', '--stealth'])).toEqual(['--stealth']);
    expect(said(['--range', 'short', '--stealth'])).toEqual([]);
    expect(said(['--size', '50'])).toEqual(['--size']);
    expect(said(['--size', '50', '--range', 'extreme'])).toEqual(['--size']); // in hard cover by default whatever its Size
    expect(said(['--size', '50', '--range', 'extreme', '--open'])).toEqual([]);
    expect(said(['--vehicle'])).toEqual(['--vehicle']);
    expect(said(['--vehicle', '--range', 'long', '--cover', 'none'])).toEqual([]);
    expect(said(['--vehicle', '--armor', '8'])).toEqual([]);
    // The settings line never states a value as played that was not: it marks it.
    expect(json(['--semi-automatic', '--rof', '3']).settings).toEqual(['rof 3 (ignored: semi-automatic gives ROF 2 here)', 'semi automatic']);
    expect(json(['--hasta-la-vista', '--range', 'long', '--aimed']).settings).toEqual(["range long (ignored: 'Hasta la Vista' is at Close Combat)", "aimed (ignored: 'Hasta la Vista' is a close combat attack)", 'hasta la vista']);
    expect(json(['--semi-automatic', '--rof', '2']).settings).toEqual(['rof 2', 'semi automatic']);
    expect(Object.keys(json(['--semi-automatic', '--rof', '3']))).not.toContain('ignoredSettings');
    // 'Hasta la Vista' names Stealth in its own note: not twice.
    expect(said(['--hasta-la-vista', '--stealth', '--range', 'cc'])).toEqual([]);
    const result = (args: string[]) => JSON.stringify(json(args).result.attack);
    // The rules that take a cover save away (or upgrade one), where the attack has none (a hostile probe found them silent); where one acts, nothing is said.
    expect(said(['--multiple-cover', '--range', 'cc'])).toEqual(['--multiple-cover']);
    expect(said(['--open', '--mindless', '--ignores-cover', '--area', '--no-cover-saves', '--no-cover'])).toEqual(['--open', '--mindless', '--ignores-cover', '--no-cover-saves', '--cover']);
    // No cover given at Long range, where the target is in automatic cover: said as soft cover there is (title "hard cover" beside "cover none" was unexplained).
    expect(json(['--range', 'long', '--cover', 'none']).settings).toEqual(['range long', 'cover none (ignored: automatic cover at this range)']);
    expect(json(['--range', 'short', '--cover', 'none']).settings).toEqual(['range short', 'cover none']);
    expect(said(['--open', '--range', 'cc'])).toEqual(['--open']);
    // Two rules that each take the save away: neither has "no effect" (dropping both changes the attack); each adds nothing beside the other (a review found both called idle).
    const besides = (args: string[]) => (json(args).notes as string[]).filter((n) => / adds nothing to this attack beside /.test(n)).map((n) => n.split(' ')[0]);
    expect(said(['--flame', '--open'])).toEqual([]);
    expect(besides(['--flame', '--open'])).toEqual(['--open']);
    expect(said(['--range', 'short', '--open', '--mindless'])).toEqual([]);
    expect(besides(['--range', 'short', '--open', '--mindless'])).toEqual(['--open', '--mindless']);
    expect(result(['--range', 'short'])).not.toBe(result(['--range', 'short', '--open', '--mindless']));
    expect(said(['--range', 'cc', '--open', '--mindless'])).toEqual(['--open', '--mindless']);
    expect(said(['--multiple-cover'])).toEqual([]);
    expect(said(['--open'])).toEqual([]);
    expect(said(['--mindless'])).toEqual([]);
    expect(said(['--no-cover-saves'])).toEqual([]);
    // --open at Long range keeps its own note (the rule that keeps the save), not a second one.
    expect((json(['--range', 'long', '--open']).notes as string[]).filter((n) => n.startsWith('--open has no effect'))).toHaveLength(1);
    // Each note holds: the attack is the same without the rule.
    expect(result(['--multiple-cover', '--range', 'cc'])).toBe(result(['--range', 'cc']));
    expect(result(['--flame', '--open'])).toBe(result(['--flame']));
  });
  it('a fire team and a die-step table say a cover or weapon rule given that changes none of their attacks', () => {
    const notes = (args: string[]) => {
      const r = runCli(['genisys', ...args, '-q', '--format', 'json']);
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout).notes as string[]).filter((n) => /has no effect on (this fire team|any cell)/.test(n));
    };
    expect(notes(['fireteam', '--range', 'long', '--open'])).toEqual([expect.stringMatching(/^--open has no effect on this fire team at Long range: /)]);
    expect(notes(['fireteam', '--range', 'short', '--open'])).toEqual([]);
    expect(notes(['table', '--brace'])).toEqual(['--brace has no effect on any cell of this table: every attack in it is the same without it.']);
    expect(notes(['table', '--stealth', '--range', 'cc'])).toEqual(['--stealth has no effect on any cell of this table: every attack in it is the same without it.']);
    expect(notes(['table', '--stealth'])).toEqual([]);
    // Two cover rules that each act alone: neither is called idle; each adds nothing beside the other.
    const both = (JSON.parse(runCli(['genisys', 'table', '--area', '--ignores-cover', '-q', '--format', 'json']).stdout).notes as string[]).filter((n) => /--(area|ignores-cover) /.test(n));
    expect(both).toEqual([expect.stringMatching(/^--area adds nothing to this table beside --ignores-cover /), expect.stringMatching(/^--ignores-cover adds nothing to this table beside --area /)]);
  });
});

describe('sim genisys attack: units as parameters', () => {
  it('a data value the attack never reads, or one a stat given beside it overrides, is said in a note; one that acts is not', () => {
    const pick = ['genisys', 'attack', '--attacker', 'endoskeleton', '--weapon', 'plasma-gun', '--target', 'resistance-soldier', '--range', 'short'];
    const idle = (extra: string[]) => (JSON.parse(runCli([...pick, ...extra, '--format', 'json']).stdout).notes as string[]).filter((n) => n.startsWith('data value'));
    expect(idle(['--set', 'data.units.endoskeleton.armor=9'])).toEqual(['data value data.units.endoskeleton.armor=9 changes nothing in this attack: no stat of the units and weapon picked reads it.']);
    expect(idle(['--set', 'data.weapons.plasma-gun.rof=3', '--rof', '2'])).toEqual(['data value data.weapons.plasma-gun.rof=3 changes nothing in this attack: rof 2 given beside it sets that stat anyway.']);
    expect(idle(['--set', 'data.weapons.plasma-gun.rof=3'])).toEqual([]);
    expect(idle(['--set', 'data.units.resistance-soldier.armor=5'])).toEqual([]);
    // The file's own value is read all the same (a sweep over armour holds it): nothing said.
    expect(idle(['--set', 'data.units.resistance-soldier.armor=4'])).toEqual([]);
    expect(idle(['--set', 'data.weapons.plasma-gun.rof=2'])).toEqual([]);
    expect(idle(['--set', 'data.weapons.plasma-gun.rof=2', '--rof', '3'])).toEqual(['data value data.weapons.plasma-gun.rof=2 changes nothing in this attack: rof 3 given beside it sets that stat anyway.']);
  });
  it('a units file the user names is checked even when nothing is picked from it (exit 2, one line)', () => {
    for (const cmd of [['genisys', 'attack'], ['genisys', 'table']]) {
      const missing = runCli([...cmd, '--units', 'nope.yaml', '-q']);
      expect([missing.code, missing.stdout], cmd.join(' ')).toEqual([2, '']);
      expect(missing.stderr.trim()).toMatch(/^sim: nope\.yaml: cannot read/);
    }
    const wrong = runCli(['genisys', 'attack', '--units', 'scenarios/darkfate/cards.yaml', '-q']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/cards\.yaml: weapons: missing field "weapons"/);
  });
  it('--set target=crawler fills armor, resolution and the title from the units file', () => {
    const j = json(['--set', 'target=crawler']);
    expect(j.params.target).toBe('crawler');
    expect(j.title).toMatch(/^vs Crawler: /);
    expect(j.result.attack.damageOn).toBe(8);
    expect(j.result.attack.resolution).toBe('D20');
    expect(j.result.attack.size).toBe(0); // rulebook: I'll Be Back ("they are Size 0")
    expect(j.result).toEqual(json(['--armor', '8', '--resolution', 'd20', '--size', '0']).result);
  });

  it('a stat given anywhere overrides the picked unit, even when it equals the no-pick default', () => {
    expect(json(['--target', 'endoskeleton', '--armor', '4']).result.attack.damageOn).toBe(4);
    expect(json(['--target', 'endoskeleton', '--set', 'armor=5']).result.attack.damageOn).toBe(5);
    expect(json(['--set', 'target=endoskeleton', '--armor', '6']).result.attack.damageOn).toBe(6);
    expect(json(['--attacker', 'crawler']).result.attack.skill).toBe('D6');
    expect(json(['--attacker', 'crawler', '--skill', 'd8']).result.attack.skill).toBe('D8');
  });

  it('a scenario file picks attacker, weapon and target (and may override a stat); sim run agrees', () => {
    const dir = tempDir('sim-genisys-');
    const file = join(dir, 'endo.yaml');
    writeFileSync(file, 'game: genisys attack\nparams:\n  attacker: endoskeleton\n  weapon: plasma-gun\n  target: resistance-soldier\n  range: pb\n');
    const a = json(['--scenario', file]);
    expect(a.title).toMatch(/^Endoskeleton with Plasma gun vs Resistance Soldier: 2 shots at Point Blank range/);
    expect(a.result.damage.map((x: number) => Number(x.toFixed(4)))).toEqual([0.6475, 0.3143, 0.0381]);
    expect(a.result).toEqual(json(['--attacker', 'endoskeleton', '--weapon', 'plasma-gun', '--target', 'resistance-soldier', '--range', 'pb']).result);
    const viaRun = runCli(['run', file, '--format', 'json']);
    expect(viaRun.code, viaRun.stderr).toBe(0);
    expect(JSON.parse(viaRun.stdout).result).toEqual(a.result);
    // An explicit option beats the scenario's pick, a scenario stat beats the scenario's unit.
    expect(json(['--scenario', file, '--target', 'crawler']).title).toContain('vs Crawler');
    writeFileSync(file, 'game: genisys attack\nparams:\n  target: endoskeleton\n  armor: 5\n');
    expect(json(['--scenario', file]).result.attack.damageOn).toBe(5);
  });

  it('a scenario names its own units file, relative to the scenario; unknown names there list the valid ones', () => {
    const dir = tempDir('sim-genisys-units-');
    writeFileSync(join(dir, 'units.yaml'), UNITS.replace('  resistance-soldier:\n    name: Resistance Soldier\n    skill: d6\n    armor: 4', '  resistance-soldier:\n    name: Resistance Soldier\n    skill: d6\n    armor: 6'));
    writeFileSync(join(dir, 's.yaml'), 'game: genisys attack\nparams:\n  units: ./units.yaml\n  target: resistance-soldier\n');
    const j = JSON.parse(runCli(['genisys', 'attack', '--scenario', join(dir, 's.yaml'), '--format', 'json'], { cwd: tmpdir() }).stdout);
    expect(j.result.attack.damageOn).toBe(6);
    expect(resolve(tmpdir(), j.params.units)).toBe(join(dir, 'units.yaml')); // relative to the working directory
    expect(j.paramsHash).not.toBe(json(['--target', 'resistance-soldier']).paramsHash);
    // A former id (genisys-attack, before ids became the command words) is still read.
    writeFileSync(join(dir, 'bad.yaml'), 'game: genisys-attack\nparams:\n  units: ./units.yaml\n  target: t-1000\n');
    const r = runCli(['genisys', 'attack', '--scenario', join(dir, 'bad.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`unknown unit "t-1000" in ${join(dir, 'units.yaml')}; valid: endoskeleton, crawler`);
  });
});

describe('sim genisys table', () => {
  it('prints a CSV die-step table with a chosen metric and axes', () => {
    const r = runCli(['genisys', 'table', '--rows', 'skill', '--cols', 'range', '--split', '', '--metric', 'hit', '--rof', '1', '--format', 'csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('skill,cc,pb,short,long,extreme');
    expect(lines[3]).toBe('D8,0.75,0.625,0.5,0.375,0.25');
  });
  it('the default table fits 100 columns: rows Skill × range × Power, columns Armor, one table per cover', () => {
    const r = runCli(['genisys', 'table']);
    expect(r.code).toBe(0);
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(r.stdout).toMatch(/│ skill │ range\s+│ power │\s+3\+ │/);
    expect(r.stdout).toMatch(/P\(any damage\) — cover none/);
  });
  it('CSV rows lead with the split axes, so split tables can be told apart without titles', () => {
    const tables = (args: string[]) => csvTables(['genisys', 'table', ...args]).map((t) => t.map((l) => l.split(',')));
    const byCover = tables([]);
    expect(byCover.map((t) => t[0].slice(0, 4).join(','))).toEqual(Array(4).fill('cover,skill,range,power'));
    expect(byCover.map((t) => [...new Set(t.slice(1).map((r) => r[0]))])).toEqual([['none'], ['soft'], ['hard'], ['fort']]);
    // By hand, Skill D8 at Short (5+: 1/2), Power D8 vs Armor 4+ (5/8), ROF 1: no cover → 5/16;
    // hard cover (D6 4+ saves half) → 5/32.
    const cell = (t: string[][], key: string[], armor: string) => Number(t.find((r) => r.slice(0, key.length).join() === key.join())![t[0].indexOf(armor)]);
    expect(cell(byCover[0], ['none', 'D8', 'short', 'D8'], '4+')).toBeCloseTo(5 / 16, 14);
    expect(cell(byCover[2], ['hard', 'D8', 'short', 'D8'], '4+')).toBeCloseTo(5 / 32, 14);
    const twenty = tables(['--split', 'cover,range']);
    expect(twenty).toHaveLength(20);
    expect(new Set(twenty.map((t) => t[0].slice(0, 4).join(',')))).toEqual(new Set(['cover,range,skill,power']));
    const pairs = twenty.map((t) => [...new Set(t.slice(1).map((r) => `${r[0]} ${r[1]}`))]);
    for (const p of pairs) expect(p).toHaveLength(1);
    expect(new Set(pairs.flat()).size).toBe(20);
    expect(cell(twenty.find((t) => t[1][0] === 'hard' && t[1][1] === 'short')!, ['hard', 'short', 'D8', 'D8'], '4+')).toBeCloseTo(5 / 32, 14);
    // The text view names the split in its titles and keeps its first column.
    const text = runCli(['genisys', 'table']).stdout;
    expect(text).toMatch(/P\(any damage\) — cover hard\n┌[^\n]*\n│ skill │/);
  });
  it('an axis the user places elsewhere leaves the default axes (the old default --cols power,armor still works)', () => {
    const r = runCli(['genisys', 'table', '--cols', 'power,armor', '--format', 'csv', '--table', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^cover,skill,range,D4 3\+,D4 4\+/);
    const twice = runCli(['genisys', 'table', '--rows', 'skill,power', '--cols', 'power']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/axis "power" is used twice/);
  });
  it('unknown axes exit 2', () => {
    const r = runCli(['genisys', 'table', '--rows', 'weather']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--rows: unknown axis "weather"/);
  });
});

describe('genisys help agrees with `sim params genisys attack`', () => {
  let params: { key: string; default: unknown }[] | undefined;
  const defaultOf = (key: string) => {
    params ??= JSON.parse(runCli(['params', 'genisys', 'attack', '--format', 'json']).stdout).result as { key: string; default: unknown }[];
    return String(params.find((p) => p.key === key)!.default);
  };
  // Help lines joined per option (commander wraps long descriptions onto indented lines).
  const optionHelp = (args: string[]) => {
    const text = runCli([...args, '--help']).stdout.replace(/\n {20,}/g, ' ');
    return (flag: string) => text.split('\n').find((l) => l.trimStart().startsWith(`${flag} `)) ?? '';
  };
  const options: [string, string][] = [
    ['--skill', 'skill'], ['--rof', 'rof'], ['--range', 'range'], ['--power', 'power'], ['--armor', 'armor'],
    ['--resolution', 'resolution'], ['--resilient', 'resilient'], ['--cover', 'cover'], ['--damage-taken', 'damageTaken'], ['--units', 'units'],
  ];
  for (const command of [['genisys', 'attack'], ['genisys', 'table']]) {
    it(`${command.join(' ')}: every stat option shows the parameter's real default`, () => {
      const help = optionHelp(command);
      for (const [flag, key] of options) expect(help(flag), flag).toContain(`(default ${defaultOf(key)}`);
      // The lies this replaced: Resilient's default is auto (the target's, else 1); ROF is auto or 1..20 (0 is no ROF).
      expect(help('--resilient')).not.toContain('default 1');
      expect(help('--rof')).toContain('auto|1..20');
    });
  }
  it('the fallback without a picked unit is what a run uses (ROF 2 for an attack, 1 for a die-step table)', () => {
    expect(optionHelp(['genisys', 'attack'])('--rof')).toContain("(default auto: the --weapon's, else 2)");
    expect(optionHelp(['genisys', 'table'])('--rof')).toContain("(default auto: the --weapon's, else 1)");
    expect(json([]).title).toMatch(/^2 shots at Short range: Skill D8 5\+, save D6 4\+ \(hard cover\), Power D8 vs Armor 4\+, Resolution D8/);
  });
});

describe('errors name the option the user gave', () => {
  it('fireteam: a weapon the unit does not carry names --attackers; a table no cell of which the rules allow is refused with the reason', () => {
    const r = runCli(['genisys', 'fireteam', '--attackers', 'resistance-soldier:plasma-gun', '--units', 'scenarios/genisys/resistance-assumed.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('sim: option --attackers: Resistance Soldier carries plasma-rifle, combat-knife, not "plasma-gun"');
    const t = runCli(['genisys', 'table', '--damage-taken', '9']);
    expect(t.code).toBe(2);
    expect(t.stdout).toBe('');
    expect(t.stderr.trim()).toBe('sim: option --damage-taken: got 9, expected less than Resilient (1)');
  });
});
