// Data values in the games that gained them (Genisys units, Dual Fates unit sheets and board, Dark
// Fate's data.cards spelling), their labels, and `sim params --data`: each through the real CLI.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentLabels } from '../src/core/dataLabels.js';
import { nearestPath } from '../src/core/params.js';
import { ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const json = (args: string[]) => {
  const r = runCli([...args, '--format', 'json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
};
const dir = tempDir('sim-data-values-');
const ATTACK = ['genisys', 'attack', '--attacker', 'resistance-soldier', '--weapon', 'plasma-rifle', '--target', 'endoskeleton'];

describe('Genisys units as data values', () => {
  it('--set data.units.endoskeleton.armor moves genisys attack exactly as editing the file would', () => {
    const edited = join(dir, 'units-armor-9.yaml');
    const text = readFileSync(join(ROOT, 'scenarios/genisys/units.yaml'), 'utf8');
    const changed = text.replace(/(\n  endoskeleton:\n(?:    .*\n)*?    armor: )8\n/, '$19\n');
    expect(changed).not.toBe(text);
    writeFileSync(edited, changed);
    const viaSet = json([...ATTACK, '--set', 'data.units.endoskeleton.armor=9']);
    const viaFile = json([...ATTACK, '--units', edited]);
    const base = json(ATTACK);
    expect(viaSet.result).toEqual(viaFile.result);
    expect([viaSet.result.attack.damageOn, base.result.attack.damageOn]).toEqual([9, 8]);
    expect(viaSet.result.removed).not.toEqual(base.result.removed);
  });
  it('the same key works in a sweep --grid and a scenario file, with the same numbers', () => {
    const sweep = json(['sweep', ...ATTACK.slice(0, 2), '--set', 'attacker=resistance-soldier', '--set', 'weapon=plasma-rifle', '--set', 'target=endoskeleton', '--grid', 'data.units.endoskeleton.armor=8,9', '-q']);
    const scenario = join(dir, 'armor-9.yaml');
    writeFileSync(scenario, 'game: genisys attack\nparams:\n  attacker: resistance-soldier\n  weapon: plasma-rifle\n  target: endoskeleton\n  data.units.endoskeleton.armor: 9\n');
    const viaScenario = json(['genisys', 'attack', '--scenario', scenario]);
    expect(sweep.result.cells.map((c: { params: Record<string, unknown> }) => c.params['data.units.endoskeleton.armor'])).toEqual([8, 9]);
    expect(sweep.result.cells[1].result).toEqual(viaScenario.result);
    expect(sweep.result.cells[0].result).toEqual(json(ATTACK).result);
  });
  it('a bad path names the nearest key and the valid names; a bad value fails with the file\'s own message naming the key; an unpicked unit is refused', () => {
    const bad = runCli([...ATTACK, '--set', 'data.units.endo.armor=9']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^sim: option --set data\.units\.endo\.armor: unknown parameter "data\.units\.endo\.armor" \(did you mean "data\.units\.endoskeleton\.armor"\?\); known after data\.units: endoskeleton, crawler, .*; see `sim params genisys attack`\n$/);
    expect(runCli([...ATTACK, '--set', 'data.units.endoskeleton.armour=9']).stderr).toMatch(/did you mean "data\.units\.endoskeleton\.armor"\?\); known after data\.units\.endoskeleton: armor, points;/);
    const range = runCli([...ATTACK, '--set', 'data.units.endoskeleton.armor=30']);
    expect([range.code, range.stderr]).toEqual([2, 'sim: scenarios/genisys/units.yaml with data.units.endoskeleton.armor=30: units.endoskeleton.armor: expected 1..21\n']);
    const unpicked = runCli([...ATTACK, '--set', 'data.units.crawler.armor=3']);
    expect([unpicked.code, unpicked.stderr]).toEqual([2, 'sim: option --set data.units.crawler.armor: the attack does not use unit "crawler" (pick it with --attacker crawler or --target crawler), so its value would change nothing\n']);
  });
  it('sim params --data without a game is titled as every game\'s list, not as the first game\'s (a probe found "of dice")', () => {
    const all = json(['params', '--data']);
    expect(all.game).toBe('all');
    expect(all.title).toMatch(/^Data values \(override/);
    expect(new Set((all.result as { game: string }[]).map((r) => r.game)).size).toBeGreaterThan(3);
    expect(json(['params', 'darkfate', '--data']).title).toMatch(/^Data values of darkfate /);
  });
  it('sim params genisys attack --data lists each value with its label and the file\'s words', () => {
    const rows: { key: string; value: string; label: string; source: string }[] = json(['params', 'genisys', 'attack', '--data']).result;
    expect(rows.find((r) => r.key === 'data.units.endoskeleton.armor')).toEqual({ game: 'genisys attack', key: 'data.units.endoskeleton.armor', value: '8', label: 'rulebook', source: 'scenarios/genisys/units.yaml: Machine Special Rules (Quickplay Reference)' });
    expect(rows.find((r) => r.key === 'data.units.endoskeleton.points')).toMatchObject({ value: '30', label: 'assumed', source: expect.stringContaining('U1 Points 30') });
    expect(rows.find((r) => r.key === 'data.weapons.combat-knife.rof')).toMatchObject({ label: 'assumed', source: expect.stringContaining('U3 ROF 1') });
    expect(rows.find((r) => r.key === 'data.units.resistance-captain.armor')?.label).toBe('assumed');
    // The ordinary listing keeps its shape: the values as a second table, once each.
    const plain = json(['params', 'genisys', 'skirmish']).result as { key: string }[];
    expect(plain.filter((r) => r.key === 'data.weapons.plasma-gun.rof')).toHaveLength(1);
  });
});

describe('Dual Fates data values', () => {
  it('a unit sheet value moves the attack as the stat would; an unpicked unit is refused', () => {
    const viaData = json(['dualfates', 'attack', '--set', 'data.units.training-knight.def=9']);
    const viaStat = json(['dualfates', 'attack', '--value', '9']);
    expect(viaData.result.success).toEqual(viaStat.result.success);
    expect(viaData.result.success).not.toEqual(json(['dualfates', 'attack']).result.success);
    expect(runCli(['dualfates', 'attack', '--set', 'data.units.bone-boy.def=9']).stderr).toMatch(/option --set data\.units\.bone-boy\.def: the attack does not use unit "bone-boy"/);
  });
  it('the board: its size is used (nodes within the Vortex, deployment points within their zone); its values are labelled by its comment tags', () => {
    const size = runCli(['dualfates', 'match', '-n', '10', '-q', '--set', 'data.board.size=30']);
    expect([size.code, size.stderr]).toEqual([2, "sim: scenarios/dualfates/board.yaml with data.board.size=30: nodes.8.y: deployment point B-west at y 20 is outside side B's Deployment Zone (y 26..30 on a Vortex of size 30)\n"]);
    expect(runCli(['dualfates', 'match', '-n', '10', '-q', '--set', 'data.board.nodes.p2.x=25']).stderr).toMatch(/nodes\.1\.x: P2 at x 25 lies outside the Vortex \(size 24: 0\.\.24\)/);
    const rows: { key: string; label: string }[] = json(['params', 'dualfates', 'match', '--data']).result;
    expect(rows.find((r) => r.key === 'data.board.size')?.label).toBe('rulebook');
    expect(rows.find((r) => r.key === 'data.board.nodes.a-west.y')?.label).toBe('assumed');
    expect(rows.find((r) => r.key === 'data.units.generic-soldier.health')?.label).toBe('assumed');
    expect(rows.find((r) => r.key === 'data.units.training-knight.def')?.label).toBe('rulebook');
  });
});

describe('Dark Fate: data.cards.<card>.<field> spells card.<card>.<field>', () => {
  it('both spellings play the same games; both at once are refused naming both', () => {
    const run = (k: string) => json(['darkfate', '-n', '10', '--seed', '1', '-j', '1', '-q', '--rev9', 'damaged-endo', '--set', `${k}=1`]).result.versions;
    expect(run('data.cards.pistol.fight')).toEqual(run('card.pistol.fight'));
    const both = runCli(['darkfate', '-n', '10', '--set', 'card.pistol.fight=2', '--set', 'data.cards.pistol.fight=2']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/card\.pistol\.fight.*data\.cards\.pistol\.fight|data\.cards\.pistol\.fight.*card\.pistol\.fight/);
    const rows: { key: string; label: string; also?: string }[] = json(['params', 'darkfate', '--data']).result;
    expect(rows.find((r) => r.key === 'data.cards.damaged-endo.stagger')).toMatchObject({ label: 'public', also: 'card.damaged-endo.stagger' });
    expect(rows.some((r) => r.key === 'card.pistol.fight')).toBe(false);
    // As a table: 100 columns, the key repeated in each block of columns (long keys and their other spelling cannot wrap side by side).
    const table = runCli(['params', 'darkfate', '--data']).stdout;
    const lines = table.split('\n');
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(100);
    expect(table).toMatch(/Data values \(continued, 2 of \d\)/);
    for (const r of rows.slice(0, 20)) expect(lines.filter((l) => l.includes(`│ ${r.key} `)).length, r.key).toBeGreaterThanOrEqual(2);
  });
});

describe('labels and paths', () => {
  it('comment tags label the values below them, up to the next comment or blank line; the header labels nothing', () => {
    const text = '# legend: [rulebook] [assumed]\nversion: 1\n\n# [public] a track\ntrack:\n  max: 10   # [rulebook: 10 spaces]\n  start: 2\n# numbers [assumed], the card [rulebook]\ncards:\n  - { name: A B, cost: 3 }\n\nother: 4\n';
    const labels = commentLabels(text);
    expect(labels.get('data.version')).toBeUndefined();
    expect(labels.get('data.track.max')?.label).toBe('rulebook');
    expect(labels.get('data.track.start')?.label).toBe('public');
    expect(labels.get('data.cards.a-b.cost')?.label).toBe('assumed');
    expect(labels.get('data.other')).toBeUndefined();
  });
  it('nearestPath walks segment by segment', () => {
    const keys = ['data.units.endoskeleton.armor', 'data.units.endoskeleton.points', 'data.units.crawler.armor'];
    expect(nearestPath('data.units.endo.armor', keys)).toEqual({ near: 'data.units.endoskeleton.armor', after: 'data.units', valid: ['endoskeleton', 'crawler'] });
    expect(nearestPath('data.units.crawler', keys)).toEqual({ near: null, after: 'data.units.crawler', valid: ['armor'] });
  });
});

describe('a data-value listing written as JSON is a report sim reads back', () => {
  it('sim params --data --format json passes the params schema: sim report draws it again, the same table', () => {
    const dir = tempDir('sim-data-json-');
    const file = join(dir, 'data.json');
    writeFileSync(file, runCli(['params', 'terror', '--data', '--format', 'json', '-q']).stdout);
    const drawn = runCli(['report', file, '--format', 'table']);
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(drawn.stdout).toBe(runCli(['params', 'terror', '--data', '-q']).stdout);
  });
});
