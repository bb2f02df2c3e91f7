// `sim genisys matchup`: attackers × targets, each cell the `genisys attack` of that pair through
// the real command-line parser (exact equality), the per-points figure from the units file or
// --points, the weapons a bare unit attacks with, the chart, and bad input (exit 2, one line).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/core/reportTypes.js';
import { chartsOf } from '../src/report/charts.js';
import { parseUnits } from '../src/games/genisys/units.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';
import type { MatchupCell } from '../src/games/genisys/matchupView.js';

const UNITS = parseUnits(readFileSync(new URL('../scenarios/genisys/units.yaml', import.meta.url), 'utf8'), 'units.yaml');
const json = (args: string[]) => {
  const r = runCli([...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Report & { result: Record<string, unknown> };
};
type Cell = MatchupCell;
const cellsOf = (r: { result: Record<string, unknown> }) => r.result.matchup as Cell[];

describe('sim genisys matchup', () => {
  it('the acceptance matchup: 4 cells, each exactly `sim genisys attack` of its pair at Short range in soft cover, with removals per 100 points', () => {
    const m = json(['genisys', 'matchup', '--attackers', 'endoskeleton:plasma-gun,resistance-soldier', '--targets', 'resistance-soldier,endoskeleton', '--range', 'short', '--cover', 'soft']);
    const cells = cellsOf(m);
    // A bare unit attacks with the weapons it can use at this range: the soldier's plasma rifle, not its knife.
    expect(cells.map((c) => [c.attacker, c.weapon, c.target])).toEqual([
      ['endoskeleton', 'plasma-gun', 'resistance-soldier'],
      ['endoskeleton', 'plasma-gun', 'endoskeleton'],
      ['resistance-soldier', 'plasma-rifle', 'resistance-soldier'],
      ['resistance-soldier', 'plasma-rifle', 'endoskeleton'],
    ]);
    for (const c of cells) {
      const a = json(['genisys', 'attack', '--attacker', c.attacker, '--weapon', c.weapon!, '--target', c.target, '--range', 'short', '--cover', 'soft']).result as { removed: number; atLeastOneDamage: number; damage: number[] };
      expect(c.removed, `${c.attacker} vs ${c.target}`).toBe(a.removed);
      expect(c.atLeastOneDamage).toBe(a.atLeastOneDamage);
      expect(c.expectedDamage).toBe(a.damage.reduce((s, q, k) => s + k * q, 0));
      const pts = UNITS.units[c.attacker].points!;
      expect(c.points).toBe(pts);
      expect(c.removalsPer100Points).toBe((a.removed * 100) / pts);
    }
    // A hand check of one cell: plasma gun (D8, 5+: 1/2) at a soldier in soft cover (D4 4+: 1/4 saved), Power D8 vs 4+ (5/8):
    // P(damaging hit) per shot = 1/2 · 3/4 · 5/8 = 15/64, P(any damage) = 1 − (49/64)².
    expect(cells[0].atLeastOneDamage).toBeCloseTo(1 - (49 / 64) ** 2, 14);
    // The points are the units file's assumptions, named in the report.
    expect(m.assumptions.some((a) => a.startsWith('Endoskeleton: U1 Points 30'))).toBe(true);
  });
  it('--points replaces the file\'s points; a bare unit at Close Combat attacks with its close combat weapon only; CSV has one row per pair', () => {
    const cells = cellsOf(json(['genisys', 'matchup', '--attackers', 'resistance-soldier', '--targets', 'endoskeleton', '--range', 'cc', '--points', 'resistance-soldier=20']));
    expect(cells.map((c) => [c.weapon, c.points])).toEqual([['combat-knife', 20]]);
    expect(cells[0].removalsPer100Points).toBe((cells[0].removed! * 100) / 20);
    const csv = runCli(['genisys', 'matchup', '--attackers', 'endoskeleton', '--targets', 'resistance-soldier,crawler', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    // Range auto: the claws at Close Combat and the plasma gun at Short, 2 weapons × 2 targets.
    expect(csv.stdout.trim().split('\n')).toHaveLength(5);
    expect(csv.stdout.split('\n')[0]).toBe('attacker,target,removed,expectedDamage,atLeastOneDamage,points,removalsPer100Points');
  });
  it('--help names the options matchup has: a stat at auto comes from each row\'s or column\'s units', () => {
    const help = runCli(['genisys', 'matchup', '--help']).stdout;
    expect(help).not.toMatch(/--(attacker|weapon|target)'s/);
    expect(help.replace(/\s+/g, ' ')).toContain("default auto: each row's attacker's (--attackers), else D8");
  });
  it('the chart: a heatmap per value, names (not ids) on the axes and the number written in every cell', () => {
    const m = json(['genisys', 'matchup', '--attackers', 'endoskeleton:plasma-gun,cyborg-infiltrator:plasma-rifle', '--targets', 'resistance-soldier,endoskeleton']);
    const charts = chartsOf(m);
    expect(charts.map((c) => c.title)).toEqual(['P(target removed), by attacker and target', 'Targets removed per 100 points of attackers, by attacker and target']);
    const spec = charts[0].spec as { data: { values: { attacker: string; target: string; v: number }[] }; layer: { mark: unknown }[] };
    expect(spec.data.values.map((d) => `${d.attacker} → ${d.target}`)).toContain('Cyborg Infiltrator (Plasma rifle) → Endoskeleton');
    expect(spec.layer.map((l) => (typeof l.mark === 'string' ? l.mark : (l.mark as { type: string }).type))).toEqual(['rect', 'text']);
  });
  it("--points and data.units.<unit>.points for one unit: the README's precedence (scenario < --set < option) decides and a note says so; one rank is refused, naming both", () => {
    const base = ['genisys', 'matchup', '--attackers', 'endoskeleton:plasma-gun', '--targets', 'resistance-soldier'];
    const file = UNITS.units.endoskeleton.points!;
    // The option beats --set.
    const opt = json([...base, '--points', 'endoskeleton=40', '--set', 'data.units.endoskeleton.points=25']);
    expect(cellsOf(opt).map((c) => c.points)).toEqual([40]);
    expect(opt.notes.join('\n')).toMatch(/Points of Endoskeleton: 40 from option --points, over 25 from option --set data\.units\.endoskeleton\.points/);
    // --set of the data value beats a scenario's points.
    const dir = tempDir();
    const scen = join(dir, 'm.yaml');
    writeFileSync(scen, 'game: genisys attack\nparams:\n  points: endoskeleton=40\n');
    const set = json([...base, '--scenario', scen, '--set', 'data.units.endoskeleton.points=25']);
    expect(cellsOf(set).map((c) => c.points)).toEqual([25]);
    expect(set.notes.join('\n')).toMatch(/Points of Endoskeleton: 25 from option --set data\.units\.endoskeleton\.points, over 40 from .*m\.yaml: params\.points/);
    // Either alone: no note; the data value alone replaces the file's (and its U1 guess is not listed).
    const alone = json([...base, '--set', 'data.units.endoskeleton.points=25']);
    expect(cellsOf(alone).map((c) => c.points)).toEqual([25]);
    expect(alone.notes.join('\n')).not.toMatch(/Points of/);
    expect(alone.assumptions.join('\n')).not.toMatch(new RegExp(`U1 Points ${file}`));
    // Two --set of one rank: which was meant is not for us to guess.
    const r = runCli([...base, '--set', 'points=endoskeleton=40', '--set', 'data.units.endoskeleton.points=25']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^sim: option --set points and option --set data\.units\.endoskeleton\.points: both give the points of endoskeleton \(40 and 25\) at the same precedence; give one$/);
  });
  it('says what it was asked away from the defaults (the settings line), as a mode does; nothing at the defaults', () => {
    const j = JSON.parse(runCli(['genisys', 'matchup', '--range', 'short', '--cover', 'soft', '--format', 'json']).stdout);
    expect(j.settings).toEqual(['range short', 'cover soft']);
    expect(JSON.parse(runCli(['genisys', 'matchup', '--format', 'json']).stdout).settings).toBeUndefined();
    expect(runCli(['genisys', 'table', '--cover', 'soft', '--rof', '2']).stdout.split('\n')[2]).toBe('settings: rof 2, cover soft');
    // A weapon rule that acts on no pair is said once (and one that acts on some pair is not).
    expect(JSON.parse(runCli(['genisys', 'matchup', '--brace', '--format', 'json']).stdout).notes.filter((n: string) => n.includes('has no effect'))).toEqual(['--brace has no effect on any pair of this matchup (for each: it only lets a Long range weapon fire into Extreme range (--set weaponRange=long --range extreme)).']);
    // Pairs idle for different reasons: each reason said (the Resistance Soldier is no Mindless target: it is in automatic cover at Long range).
    expect(JSON.parse(runCli(['genisys', 'matchup', '--range', 'long', '--cover', 'soft', '--format', 'json']).stdout).notes.filter((n: string) => n.startsWith('--cover soft'))).toEqual(['--cover soft has no effect on any pair of this matchup (for each pair one of: at this range the target is in automatic cover, whatever --cover says (the save shown); the target takes no cover save here (it is Mindless: it never takes cover saves)).']);
    expect(JSON.parse(runCli(['genisys', 'matchup', '--semi-automatic', '--format', 'json']).stdout).notes.filter((n: string) => n.includes('has no effect'))).toEqual([]);
  });
  it('bad names exit 2 with one line listing the valid ones', () => {
    for (const [args, msg] of [
      [['--attackers', 'toaster'], /option --attackers: unknown unit "toaster" in scenarios\/genisys\/units.yaml; valid: endoskeleton, crawler/],
      [['--attackers', 'endoskeleton:laser'], /option --attackers: Endoskeleton carries terminator-claws, plasma-gun, not "laser"/],
      [['--targets', 'endoskeleton,t-1000'], /option --targets: unknown unit "t-1000"/],
      [['--points', 'endoskeleton=0'], /option --points: cannot read "endoskeleton=0"/],
      [['--points', 'endoskeleton=5,endoskeleton=6'], /option --points: endoskeleton is priced twice; give it once/],
      [['--attackers', 'fence-generator'], /option --attackers: Fence generator has no Skill/],
      [['--targets', 'endoskeleton,endoskeleton'], /option --targets: endoskeleton is listed twice; list each target once/],
      [['--attackers', 'endoskeleton,endoskeleton:plasma-gun'], /option --attackers: endoskeleton:plasma-gun is listed twice/],
      [['--points', 'crawler=10'], /option --points: crawler is not among the attackers \(endoskeleton, resistance-soldier\): its price would change nothing/],
    ] as [string[], RegExp][]) {
      const r = runCli(['genisys', 'matchup', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
