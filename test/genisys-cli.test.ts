// `sim genisys` through the real, compiled CLI: the acceptance commands, the JSON
// contract, scenario files, the table, and bad input → exit 2 with one line naming the problem.
import { describe, expect, it } from 'vitest';
import { deterministicJson, runCli } from './helpers/runCli.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('sim genisys attack', () => {
  it('works from the data file: Endoskeleton plasma gun vs Resistance Soldier at Short range', () => {
    const r = runCli(['genisys', 'attack', '--attacker', 'endoskeleton', '--weapon', 'plasma-gun', '--target', 'resistance-soldier', '--range', 'short']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Skill D8 5+');
    expect(r.stdout).toContain('Final state of the target');
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
    expect(Object.keys(j.result.outcome)).toEqual(['destroyed', 'retreated', 'reeling', 'unharmed', 'crawler']);
    for (const e of [...Object.values(j.result.outcome), ...j.result.damage, ...Object.values(j.result.perShot)] as { estimate: number; lo: number; hi: number }[]) {
      expect(e.lo).toBeLessThanOrEqual(e.estimate);
      expect(e.hi).toBeGreaterThanOrEqual(e.estimate);
    }
    expect(sum((Object.values(j.result.outcome) as { estimate: number }[]).map((e) => e.estimate))).toBeCloseTo(1, 12);
    expect(deterministicJson(b.stdout)).toEqual(deterministicJson(a.stdout));
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
      [['--attacker', 'hk-tank'], /--attacker: unknown unit "hk-tank"; valid: endoskeleton/],
      [['--weapon', 'laser'], /--weapon: unknown weapon "laser"; valid: plasma-gun, terminator-claws/],
      [['--skill', 'd7'], /--skill: got "d7", expected one of d4, d6/],
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

describe('sim genisys table', () => {
  it('prints a CSV die-step table with a chosen metric and axes', () => {
    const r = runCli(['genisys', 'table', '--rows', 'skill', '--cols', 'range', '--split', '', '--metric', 'hit', '--rof', '1', '--format', 'csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('skill,cc,pb,short,long,extreme');
    expect(lines[3]).toBe('D8,0.75,0.625,0.5,0.375,0.25');
  });
  it('unknown axes exit 2', () => {
    const r = runCli(['genisys', 'table', '--rows', 'weather']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--rows: unknown axis "weather"/);
  });
});
