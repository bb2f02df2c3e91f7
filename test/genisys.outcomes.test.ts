// Terminator Genisys attack: the outcomes a player reads (removed, damaged, Reeling results and the
// Done markers they leave, the crawler), `auto` instead of 0, and the rule gaps of issue 19 (VTOLs,
// 'Hasta la Vista' on targets that never reel, the fence generator's cover, the Mindless reading at
// Extreme range, the defender's TDD contest). Every expected number is counted by hand in the comment
// beside it (rulebook: ../shared/rules/genisys-miniatures-game.txt).
import { describe, expect, it } from 'vitest';
import { resolveParams } from '../src/core/params.js';
import { compileAttack, rollOffWin } from '../src/games/genisys/attackPlan.js';
import { dieLabel } from '../src/games/genisys/dieLadder.js';
import { cellValue } from '../src/games/genisys/dieStepTable.js';
import { CRAWLER, CRAWLER_REELING, DAMAGED, DESTROYED, exactAttack, REELING_DAMAGED, REELING_OUT, RETREATED, UNHARMED } from '../src/games/genisys/exactAttack.js';
import { GENISYS_PARAMS, readParams } from '../src/games/genisys/genisysParams.js';
import { doneMarkersAfter, planTitle } from '../src/games/genisys/genisysReport.js';
import { loadUnits, unitOverrides } from '../src/games/genisys/units.js';
import { runCli } from './helpers/runCli.js';

const params = (o: Record<string, unknown>) => readParams(resolveParams(GENISYS_PARAMS, o, (k) => k));
const plan = (o: Record<string, unknown>) => compileAttack(params(o));
const attack = (o: Record<string, unknown>) => exactAttack(plan(o));
const units = loadUnits();
const target = (name: string, extra: Record<string, unknown> = {}) => ({ ...unitOverrides(units, { target: name }), ...extra });
const json = (args: string[]) => {
  const r = runCli(['genisys', 'attack', ...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};
const refused = (args: string[], message: RegExp) => {
  const r = runCli(['genisys', 'attack', ...args]);
  expect(r.code, r.stdout).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
};

describe('final states that read right (issue 19)', () => {
  // The case: Skill D8 at Point Blank (4+: 5/8), ROF 2, in the open, Power D8 vs Armor 4+
  // (5/8), Resistance Captain: Resolution D10 (1: 1/10, 2–5: 4/10, 6+: 5/10), Resilient 2.
  // Per die: D damaging 25/64, S hit and not damaging 15/64, M miss 24/64; over 4096:
  //   DD 625 destroyed; DM 1200 (one test); DS 750 (two tests); SS 225 (two); SM 720 (one); MM 576.
  const captain = attack(target('resistance-captain', { resilient: 2, rof: 2, range: 'pb', open: true }));
  const o = captain.outcome;
  it('a Resilient model that survives with damage is damaged, not unharmed', () => {
    expect(o[DESTROYED]).toBeCloseTo(625 / 4096, 14);
    // Retreat!: DM 1200·1/10 + DS 750·(1 − 0.9²) + SM 720·1/10 + SS 225·0.19 = 377.25.
    expect(o[RETREATED]).toBeCloseTo(377.25 / 4096, 14);
    expect(captain.removed).toBeCloseTo((625 + 377.25) / 4096, 14);
    // Damaged, not reeling: DM 1200·1/2 + DS 750·1/4 = 787.5 (the 0.192).
    expect(o[DAMAGED]).toBeCloseTo(787.5 / 4096, 14);
    expect(o[DAMAGED]).toBeCloseTo(0.19226, 5);
    // Reeling and damaged: DM 1200·4/10 + DS 750·(0.9² − 0.5²) = 900.
    expect(o[REELING_DAMAGED]).toBeCloseTo(900 / 4096, 14);
    // Unharmed (no new damage, not reeling): MM 576 + SM 720·1/2 + SS 225·1/4 = 992.25.
    expect(o[UNHARMED]).toBeCloseTo(992.25 / 4096, 14);
    // Reeling, no new damage: SM 720·4/10 + SS 225·(0.81 − 0.25) = 414.
    expect(o[REELING_OUT]).toBeCloseTo(414 / 4096, 14);
    expect(o.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
  });
  it('the number of Reeling results (each one a Done marker) of a model that stays in play', () => {
    // k = 0: 787.5 + 992.25; k = 1: DM 480 + DS 750·2·(4/10)(5/10) + SM 288 + SS 225·0.4 = 1158;
    // k = 2: DS 750·0.16 + SS 225·0.16 = 156.
    expect(captain.reels[0]).toBeCloseTo(1779.75 / 4096, 14);
    expect(captain.reels[1]).toBeCloseTo(1158 / 4096, 14);
    expect(captain.reels[2]).toBeCloseTo(156 / 4096, 14);
    expect(captain.reels.reduce((a, b) => a + b, 0)).toBeCloseTo(1 - captain.removed, 14);
  });
  it('Done markers: a Reeling result adds one, two to a model without any (Resolution Tests – Reeling)', () => {
    expect([0, 1, 2, 3].map((k) => doneMarkersAfter(0, k))).toEqual([0, 2, 3, 4]);
    expect([0, 1, 2].map((k) => doneMarkersAfter(1, k))).toEqual([1, 2, 3]);
  });
  it('Reeling results with a TDD: two auto-hits that cannot damage, two D8 tests (README 5)', () => {
    // Flame, Power D6 vs Armor 8+. Per test R 1/8, L 4/8, N 3/8. NN (9/64): one N re-rolled →
    // R / L (k 1) / N (k 0); NL (24/64): the N re-rolled → R / k 2 / k 1; LL (16/64): one L
    // re-rolled → R / k 2 / k 1. Over 512: k0 27, k1 36 + 72 + 48 = 156, k2 96 + 64 = 160.
    const e = attack({ flame: true, power: 'd6', armor: 8, tdd: true });
    expect(e.reels[0]).toBeCloseTo(27 / 512, 14);
    expect(e.reels[1]).toBeCloseTo(156 / 512, 14);
    expect(e.reels[2]).toBeCloseTo(160 / 512, 14);
    expect(e.removed).toBeCloseTo(169 / 512, 14);
  });
  it('every plan: the final states sum to 1 and the Reeling results to 1 − removed', () => {
    for (const o of [{}, { tdd: true }, { resilient: 3, rof: 4, range: 'pb' }, { illBeBack: true, power: 'd20', armor: 3, tdd: true }, { resilient: 2, damageTaken: 1, rof: 3, tdd: true, defenderTdd: 'contest' }]) {
      const e = attack(o);
      expect(e.outcome.reduce((a, b) => a + b, 0), JSON.stringify(o)).toBeCloseTo(1, 13);
      expect(e.reels.reduce((a, b) => a + b, 0), JSON.stringify(o)).toBeCloseTo(1 - e.removed, 13);
      expect(e.removed).toBeCloseTo(e.outcome[DESTROYED] + e.outcome[RETREATED], 15);
    }
  });
  it("the crawler's own test: Reeling or not (I'll Be Back)", () => {
    // Flame ROF 1, Power D8 vs Armor 1: always destroyed; 5–6 (1/3) a crawler, D20 test (not heavy):
    // 1 Retreat! (1/20), 2–5 Reeling (4/20), 6–20 no effect (15/20).
    const e = attack({ flame: true, rof: 1, power: 'd8', armor: 1, illBeBack: true });
    expect(e.outcome[CRAWLER]).toBeCloseTo((1 / 3) * (15 / 20), 14);
    expect(e.outcome[CRAWLER_REELING]).toBeCloseTo((1 / 3) * (4 / 20), 14);
    expect(e.reels[1]).toBeCloseTo((1 / 3) * (4 / 20), 14);
  });
  it('table metrics: removed, crawler, damaged and reeling (any state with a Reeling result)', () => {
    const p = params({ ...target('resistance-captain', { resilient: 2, rof: 2, range: 'pb', open: true }) });
    expect(cellValue(p, 'removed')).toBeCloseTo((625 + 377.25) / 4096, 14);
    expect(cellValue(p, 'damaged')).toBeCloseTo((787.5 + 900) / 4096, 14);
    expect(cellValue(p, 'reeling')).toBeCloseTo((900 + 414) / 4096, 14);
    expect(cellValue(params({ flame: true, rof: 1, power: 'd8', armor: 1, illBeBack: true }), 'crawler')).toBeCloseTo((1 / 3) * (19 / 20), 14);
  });
  it('CLI: removed first, damaged and the Reeling results in JSON; table --metric removed and crawler', () => {
    const j = json(['--target', 'resistance-captain', '--resilient', '2', '--rof', '2', '--range', 'pb', '--open']);
    expect(Object.keys(j.result).indexOf('removed')).toBeLessThan(Object.keys(j.result).indexOf('outcome'));
    expect(Object.keys(j.result.outcome)).toEqual(['destroyed', 'retreated', 'reeling', 'reelingDamaged', 'damaged', 'unharmed']);
    expect(j.result.damaged).toBeCloseTo((787.5 + 900) / 4096, 12);
    expect(j.result.reels).toHaveLength(3);
    expect(j.result.doneMarkersAfter).toEqual([0, 2, 3]);
    const text = runCli(['genisys', 'attack', '--target', 'resistance-captain', '--resilient', '2', '--rof', '2', '--range', 'pb', '--open']).stdout;
    const finalState = text.slice(text.indexOf('Final state of the target')).split('\n');
    expect(finalState[4]).toMatch(/removed \(destroyed or retreated\)/);
    for (const metric of ['removed', 'crawler', 'damaged']) {
      const r = runCli(['genisys', 'table', '--metric', metric, '--rows', 'skill', '--cols', 'armor', '--split', '', '--format', 'csv']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe('skill,3+,4+,5+,6+,7+,8+,9+,10+');
    }
  });
  it("titles name the rulebook's range bands", () => {
    expect(planTitle(plan({ range: 'pb' }))).toMatch(/^2 shots at Point Blank range:/);
    expect(planTitle(plan({ range: 'cc', rof: 1 }))).toMatch(/^1 shot at Close Combat range:/);
  });
  it('titles name the cover a save comes from: hard by default at every range (models are normally in cover), none in the open', () => {
    expect(planTitle(plan({ range: 'short' }))).toContain('save D6 4+ (hard cover)');
    expect(planTitle(plan({ range: 'short', cover: 'soft' }))).toMatch(/save D\d+ 4\+ \(soft cover\)/);
    expect(planTitle(plan({ range: 'short', cover: 'soft', multipleCover: true }))).toMatch(/\(soft cover, multiple\)/);
    // Long range's automatic cover beats declared soft cover (the best cover counts).
    expect(planTitle(plan({ range: 'long', cover: 'soft' }))).toContain('(hard cover)');
    expect(planTitle(plan({ range: 'short', open: true }))).toContain('no save');
  });
});

describe('auto instead of 0 (issue 19)', () => {
  it('0 is refused where the rulebook has no 0 (ROF, Armor, Resilient), with one line naming the option', () => {
    refused(['--rof', '0'], /option --rof: got "0", expected auto or an integer in \[1, 20\]/);
    refused(['--armor', '0'], /option --armor: got "0", expected auto or an integer in \[1, 21\]/);
    refused(['--resilient', '0'], /option --resilient: got "0", expected auto or an integer in \[1, 10\]/);
    refused(['--set', 'rof=x'], /rof: got "x", expected auto or an integer/);
  });
  it('auto takes the unit (else the quickplay value); Armor "4+" is 4; Size 0 is a value (a crawler)', () => {
    expect(json(['--rof', 'auto']).result.attack.rof).toBe(2);
    expect(json(['--armor', '5+']).result.attack.damageOn).toBe(5);
    expect(json(['--size', '0', '--range', 'extreme']).result.attack.size).toBe(0);
    // rulebook: Machine Special Rules – I'll Be Back ("they are Size 0").
    const crawler = json(['--target', 'crawler', '--range', 'extreme']);
    expect(crawler.result.attack.size).toBe(0);
    // Size 0 is of Size 3 or less: in cover at Extreme range (Larger Playing Surfaces).
    expect(crawler.result.attack.save).toBe('D6');
    expect(json(['--target', 'crawler', '--size', '2']).result.attack.size).toBe(2);
    expect(json([]).result.attack.size).toBe(2);
    expect(json(['--vehicle']).result.attack.size).toBe(3);
  });
});

describe('rule gaps (issue 19)', () => {
  it('a flying VTOL: Long Range weapons only, at Long or Extreme range, Size 20, no automatic cover (VTOLs; Errata p. 58)', () => {
    const v = plan({ vtol: true });
    expect(v.range).toBe('long'); // range auto
    expect(v.size).toBe(20);
    expect(v.hasSave).toBe(false); // cover auto = vtol.cover none; no Long-range undulation
    expect(dieLabel(plan({ vtol: true, cover: 'hard' }).saveStep)).toBe('D6');
    expect(plan({ vtol: true, range: 'extreme', brace: true }).hasSave).toBe(false); // Size 20 > 3
    expect(plan({ vtol: true, range: 'long', 'vtol.cover': 'hard' }).hasSave).toBe(true);
    expect(() => plan({ vtol: true, range: 'short' })).toThrow(/parameter range: a flying VTOL always counts as in Long range/);
    expect(() => plan({ vtol: true, range: 'cc' })).toThrow(/Long range/);
    expect(() => plan({ vtol: true, weaponRange: 'short' })).toThrow(/parameter vtol: only Long Range weapons can target a flying VTOL/);
    expect(() => plan({ vtol: true, weaponRange: 'cc' })).toThrow(/only Long Range weapons/);
    expect(() => plan({ vtol: true, hastaLaVista: true })).toThrow(/never within Close Combat range/);
    refused(['--vtol', '--range', 'short'], /option --range: a flying VTOL always counts as in Long range/);
    refused(['--vtol', '--weapon', 'terminator-claws'], /only Long Range weapons can target a flying VTOL/);
    expect(json(['--vtol', '--weapon', 'plasma-gun']).result.attack.range).toBe('long');
  });
  it("'Hasta la Vista, Baby!' is refused against targets that never test Resolution (turret, fence generator)", () => {
    expect(() => plan(target('turret', { hastaLaVista: true }))).toThrow(/never takes Resolution tests, so it is never Reeling/);
    expect(() => plan(target('fence-generator', { hastaLaVista: true }))).toThrow(/never Reeling/);
    refused(['--target', 'turret', '--hasta-la-vista'], /option --hasta-la-vista: the target never takes Resolution tests/);
  });
  it('the fence generator never takes a cover save (Energy Fences: "nor do they provide cover")', () => {
    for (const range of ['pb', 'short', 'long', 'extreme']) expect(plan(target('fence-generator', { range, brace: true })).hasSave, range).toBe(false);
    // Its firer's die is degraded (small target): a D8 rolls a D6.
    expect(dieLabel(plan(target('fence-generator')).skillStep)).toBe('D6');
  });
  it('Mindless at Extreme range: the three readings (mindless.extremeCover)', () => {
    const base = { mindless: true, range: 'extreme', brace: true, cover: 'fort', multipleCover: true };
    expect(dieLabel(plan(base).saveStep)).toBe('D6'); // automatic: only the automatic hard cover
    expect(plan({ ...base, 'mindless.extremeCover': 'none' }).hasSave).toBe(false);
    // full: fortification D8, Multiple Cover upgrade → D10.
    expect(dieLabel(plan({ ...base, 'mindless.extremeCover': 'full' }).saveStep)).toBe('D10');
    // No reading gives a save short of Extreme range.
    for (const r of ['automatic', 'none', 'full']) expect(plan({ ...base, range: 'long', 'mindless.extremeCover': r }).hasSave).toBe(false);
  });
  it("the defender's TDD contest: a D8 roll-off (ties rolled again), D10 for the heroic agent (TDD Tactics)", () => {
    expect(rollOffWin(8, 8)).toBe(1 / 2);
    // D10 vs D8: wins Σ min(x − 1, 8) = 44, losses Σ (8 − x) = 28: 44/72.
    expect(rollOffWin(10, 8)).toBeCloseTo(11 / 18, 15);
    expect(rollOffWin(8, 10)).toBeCloseTo(7 / 18, 15);
    // Skill D6 at Short (5+: 1/3), ROF 1, in the open: a miss (2/3) re-rolled only if the attacker wins (1/2).
    const contested = attack({ skill: 'd6', rof: 1, range: 'short', open: true, power: 'd20', armor: 1, tdd: true, defenderTdd: 'contest' });
    expect(contested.perShot.hit).toBeCloseTo(1 / 3 + (2 / 3) * (1 / 2) * (1 / 3), 14);
    // Without the attacker's TDD the contest changes nothing (and a note says so).
    expect(attack({ defenderTdd: 'contest' }).outcome).toEqual(attack({}).outcome);
    // On the command line such an option is refused rather than noted (it would answer another question).
    const refused = runCli(['genisys', 'attack', '--defender-tdd', 'contest']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe("sim: option --defender-tdd: has no effect here: the defender contests the attacker's TDD re-roll, and the attacker spends none (add --tdd)");
    expect(json(['--tdd', '--defender-tdd', 'contest']).notes.join(' ')).toMatch(/goes ahead with P = 0\.5000 \(D8 vs D8 roll-off/);
  });
});
