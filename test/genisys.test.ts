// Terminator Genisys attack engine: the rulebook's own statements, hand-computed cases, the die
// ladder's ends and every special rule, on the exact engine (rulebook: ../shared/rules/genisys-miniatures-game.txt).
import { describe, expect, it } from 'vitest';
import { resolveParams } from '../src/core/params.js';
import { UsageError } from '../src/core/usageError.js';
import { compileAttack } from '../src/games/genisys/attackPlan.js';
import { plainResolution, NO_EFFECT, passFailCheck } from '../src/games/genisys/dieChecks.js';
import { dieLabel, moveDie, OVER_D20, UNDER_D4, dieStep } from '../src/games/genisys/dieLadder.js';
import { CRAWLER, CRAWLER_REELING, DAMAGED, exactAttack, passFailBatch, REELING_DAMAGED } from '../src/games/genisys/exactAttack.js';
import { GENISYS_PARAMS, readParams } from '../src/games/genisys/genisysParams.js';
import { loadUnits, parseUnits, unitOverrides } from '../src/games/genisys/units.js';
import { dieStepTables, cellValue } from '../src/games/genisys/dieStepTable.js';

const params = (o: Record<string, unknown>) => readParams(resolveParams(GENISYS_PARAMS, o, (k) => k));
const plan = (o: Record<string, unknown>) => compileAttack(params(o));
const attack = (o: Record<string, unknown>) => exactAttack(plan(o));
const outcome = (o: Record<string, unknown>) => attack(o).outcome;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** P(a crawler, reeling or not). */
const crawlerAny = (o: number[]) => o[CRAWLER] + o[CRAWLER_REELING];
const units = loadUnits();
const fromUnits = (sel: { attacker?: string; weapon?: string; target?: string }, extra: Record<string, unknown> = {}) => ({ ...unitOverrides(units, sel), ...extra });

describe('rulebook statements', () => {
  it("Endoskeleton hit by a heavy weapon (Power D10+) and not destroyed tests on a D12 (Heavy Weapons vs Resolution Tests)", () => {
    const p = plan(fromUnits({ attacker: 'endoskeleton', weapon: 'terminator-claws', target: 'endoskeleton' }));
    expect(p.heavy).toBe(true);
    expect(dieLabel(p.resStep)).toBe('D12');
  });
  it('D4 Resolution can never pass: no "no effect" face', () => {
    expect(plainResolution(dieStep('d4'), 1, 5, new Float64Array(3))[NO_EFFECT]).toBe(0);
    // Every unsaved, undamaging hit leaves the target reeling or retreated.
    const e = attack({ resolution: 'd4', armor: 21, range: 'pb', cover: 'none' });
    expect(e.outcome[3]).toBeCloseTo(e.unsaved[0], 12);
  });
  it('upgrading a D8 rolls a D10; degrading moves one step down (Dice-Rolling Jargon)', () => {
    expect(dieLabel(moveDie(dieStep('d8'), 1))).toBe('D10');
    expect(dieLabel(moveDie(dieStep('d8'), -1))).toBe('D6');
  });
  it('a two-step upgrade turns a D6 into a D10 (Dice-Rolling Jargon: "upgrade a D6 to a D10")', () => {
    expect(dieLabel(moveDie(dieStep('d6'), 2))).toBe('D10');
    expect(dieLabel(moveDie(dieStep('d10'), -2))).toBe('D6');
  });
  it('public facts: at 6+ going from D6 to D8 raises the hit chance from 1/6 to 3/8 (Long range; Aimed Shots: the soldier\'s D6 becomes a D8)', () => {
    // Long range hits on 6+ (Attack Rolls): D6 one face of 6, D8 three faces of 8.
    expect(attack({ skill: 'd6', rof: 1, range: 'long' }).perShot.hit).toBeCloseTo(1 / 6, 15);
    expect(attack({ skill: 'd8', rof: 1, range: 'long' }).perShot.hit).toBeCloseTo(3 / 8, 15);
    expect(attack({ skill: 'd6', rof: 1, range: 'long', aimed: true }).perShot.hit).toBeCloseTo(3 / 8, 15);
  });
  it('a Sniper weapon fires into Extreme range without Brace (Larger Playing Surfaces: "Brace or Sniper")', () => {
    const sniper = { weaponRange: 'long', sniper: true, range: 'extreme', rof: 1, skill: 'd8' };
    const p = plan(sniper);
    expect(p.hitTarget).toBe(7);
    expect(dieLabel(p.saveStep)).toBe('D6');
    // D8 at 7+: 2/8; the Size 2 target is in hard cover at Extreme range: D6 4+ saves half.
    const e = attack(sniper);
    expect(e.perShot.hit).toBeCloseTo(2 / 8, 15);
    expect(e.perShot.unsaved).toBeCloseTo((2 / 8) * (1 / 2), 15);
    // Aimed: Skill D8 → D10, hits on 4+ (7/10), no cover save.
    const aimed = attack({ ...sniper, aimed: true });
    expect(aimed.perShot.hit).toBeCloseTo(7 / 10, 15);
    expect(aimed.perShot.unsaved).toBeCloseTo(7 / 10, 15);
    expect(() => plan({ ...sniper, sniper: false })).toThrow(/Brace or Sniper/);
  });
  it('the issue acceptance case: damage = [0.6475, 0.3143, 0.0381] from first principles', () => {
    const e = attack({ skill: 'd8', rof: 2, range: 'pb', power: 'd8', armor: 4, resolution: 'd8' });
    const q = (5 / 8) * (1 / 2) * (5 / 8);
    expect(e.damage[0]).toBeCloseTo((1 - q) ** 2, 14);
    expect(e.damage[1]).toBeCloseTo(2 * q * (1 - q), 14);
    expect(e.damage[2]).toBeCloseTo(q * q, 14);
    expect(e.damage.map((x) => Number(x.toFixed(4)))).toEqual([0.6475, 0.3143, 0.0381]);
    expect(e.perShot).toEqual({ hit: 5 / 8, unsaved: 5 / 16, damage: q });
  });
  it('to-hit thresholds by range: CC 3+, PB 4+, Short 5+, Long 6+, Extreme 7+ (Attack Rolls; Larger Playing Surfaces)', () => {
    const hit = (range: string) => attack({ skill: 'd12', rof: 1, range }).perShot.hit;
    expect([hit('cc'), hit('pb'), hit('short'), hit('long'), hit('extreme')]).toEqual([10 / 12, 9 / 12, 8 / 12, 7 / 12, 6 / 12]);
    expect(attack({ skill: 'd6', rof: 1, range: 'extreme' }).perShot.hit).toBe(0);
  });
});

describe('hand-computed cases', () => {
  it('single shot, D6 save, Resolution D8: outcome probabilities', () => {
    // Skill D6 at Short (5+): 1/3. Save D6 4+: unsaved 1/2. Power D6 vs 4+: 1/2.
    const o = outcome({ skill: 'd6', rof: 1, range: 'short', power: 'd6', armor: 4, resolution: 'd8' });
    const surv = (1 / 3) * (1 / 2) * (1 / 2);
    expect(o[0]).toBeCloseTo(surv, 14);
    expect(o[1]).toBeCloseTo(surv * (1 / 8), 14);
    expect(o[2]).toBeCloseTo(surv * (4 / 8), 14);
    expect(o[3]).toBeCloseTo(1 - surv - surv * (5 / 8), 14);
  });
  it('two surviving hits mean two tests; the worst result stands', () => {
    // Auto-hit (flame), no save, Armor 21 (never damaged), ROF 2, Resolution D8.
    const o = outcome({ flame: true, rof: 2, armor: 21, power: 'd8', resolution: 'd8' });
    expect(o[1]).toBeCloseTo(1 - (7 / 8) ** 2, 14);
    expect(o[3]).toBeCloseTo((3 / 8) ** 2, 14);
  });
  it('outcomes always sum to 1 and damage[k] to 1', () => {
    const e = attack({ rof: 5, resilient: 3, damageTaken: 1, illBeBack: true, tdd: true });
    expect(sum(e.outcome)).toBeCloseTo(1, 12);
    expect(sum(e.damage)).toBeCloseTo(1, 12);
  });
});

describe('die ladder overflow (Dice-Rolling Jargon)', () => {
  it('stays within [D4 degraded, D20 upgraded]', () => {
    expect(moveDie(dieStep('d20'), 1)).toBe(OVER_D20);
    expect(moveDie(OVER_D20, 1)).toBe(OVER_D20);
    expect(moveDie(dieStep('d4'), -1)).toBe(UNDER_D4);
    expect(moveDie(UNDER_D4, -2)).toBe(UNDER_D4);
  });
  it('an upgraded D20 re-rolls a failure: P = p + (1-p)p', () => {
    const e = attack({ skill: 'd20', aimed: true, rof: 1, range: 'long' });
    expect(e.perShot.hit).toBeCloseTo(0.75 + 0.25 * 0.75, 14);
  });
  it('a degraded D4 is re-rolled by the opponent on a success: P = p²', () => {
    const e = attack({ skill: 'd4', stealth: true, rof: 1, range: 'pb' });
    expect(e.perShot.hit).toBeCloseTo(0.25 * 0.25, 14);
    const c = passFailCheck(UNDER_D4, 3, new Float64Array(4));
    expect(sum(Array.from(c))).toBeCloseTo(1, 14);
  });
  it('an improvised weapon against a D20 Resolution gives the D20 a re-roll of anything but "no effect"', () => {
    // Armor 21: never damaged. Auto-hit, Power D4 (improvised), Resolution D20 upgraded.
    const o = outcome({ flame: true, rof: 1, power: 'd4', armor: 21, resolution: 'd20' });
    const bad = 5 / 20;
    expect(o[1]).toBeCloseTo(bad * (1 / 20), 14);
    expect(o[2]).toBeCloseTo(bad * (4 / 20), 14);
  });
  it('a heavy weapon against a D4 Resolution lets the attacker force a re-roll of any result but Retreat!', () => {
    const o = outcome({ flame: true, rof: 1, power: 'd10', armor: 21, resolution: 'd4' });
    expect(o[1]).toBeCloseTo(1 / 4 + (3 / 4) * (1 / 4), 14);
  });
});

describe('cover saves (Attacking – Taking Cover Saves; Advanced Rules – Different Types of Save)', () => {
  const unsavedGivenHit = (o: Record<string, unknown>) => {
    const e = attack({ skill: 'd20', rof: 1, ...o });
    return e.perShot.unsaved / e.perShot.hit;
  };
  it('hard D6 4+ by default; soft D4; fortification D8; none at CC', () => {
    expect(unsavedGivenHit({ range: 'short' })).toBeCloseTo(1 / 2, 14);
    expect(unsavedGivenHit({ range: 'short', cover: 'soft' })).toBeCloseTo(3 / 4, 14);
    expect(unsavedGivenHit({ range: 'short', cover: 'fort' })).toBeCloseTo(3 / 8, 14);
    expect(unsavedGivenHit({ range: 'cc' })).toBe(1);
  });
  it('multiple cover: best die upgraded one step (hard → D8)', () => {
    expect(unsavedGivenHit({ range: 'short', multipleCover: true })).toBeCloseTo(3 / 8, 14);
    expect(() => plan({ cover: 'none', multipleCover: true })).toThrow(UsageError);
  });
  it('in the open at Point Blank/Short: no save; Long range is always cover except for vehicles', () => {
    expect(unsavedGivenHit({ range: 'pb', open: true })).toBe(1);
    expect(unsavedGivenHit({ range: 'short', cover: 'none' })).toBe(1);
    expect(unsavedGivenHit({ range: 'long', open: true })).toBeCloseTo(1 / 2, 14);
    expect(unsavedGivenHit({ range: 'long', open: true, vehicle: true })).toBe(1);
    expect(unsavedGivenHit({ range: 'extreme', open: true, vehicle: true })).toBeCloseTo(1 / 2, 14);
  });
  it('house rule: save.target 3 → hard cover saves on 3+', () => {
    expect(unsavedGivenHit({ range: 'short', 'save.target': 3 })).toBeCloseTo(1 / 3, 14);
  });
  it('Extreme range: every model is in cover, Machines included (Mindless yields there); soft terrain never beats the automatic hard cover', () => {
    const extremeMindless = plan({ range: 'extreme', brace: true, rof: 1, mindless: true });
    expect(extremeMindless.hasSave).toBe(true);
    expect(dieLabel(extremeMindless.saveStep)).toBe('D6');
    // Mindless takes nothing from declared terrain there: not fortified cover's D8, not Multiple Cover's upgrade.
    expect(dieLabel(plan({ range: 'extreme', brace: true, rof: 1, mindless: true, cover: 'fort' }).saveStep)).toBe('D6');
    expect(dieLabel(plan({ range: 'extreme', brace: true, rof: 1, mindless: true, cover: 'hard', multipleCover: true }).saveStep)).toBe('D6');
    expect(dieLabel(plan({ range: 'long', rof: 1, cover: 'soft' }).saveStep)).toBe('D6');
    expect(dieLabel(plan({ range: 'extreme', brace: true, rof: 1, cover: 'soft' }).saveStep)).toBe('D6');
    expect(dieLabel(plan({ range: 'long', rof: 1, cover: 'fort' }).saveStep)).toBe('D8');
    expect(dieLabel(plan({ range: 'short', rof: 1, cover: 'soft' }).saveStep)).toBe('D4');
    expect(dieLabel(plan({ range: 'long', rof: 1, cover: 'soft', vehicle: true }).saveStep)).toBe('D4');
  });
  it('Extreme range: only models of Size 3 or less are in cover (Larger Playing Surfaces); a Size 20 VTOL is not', () => {
    const extreme = { range: 'extreme', brace: true, rof: 1 };
    // Defaults: a model is Size 2 (Miniatures – Size), a vehicle Size 3 (Vehicles – Size): both in cover.
    expect(params({}).size).toBe(2);
    expect(params({ vehicle: true }).size).toBe(3);
    expect(dieLabel(plan({ ...extreme, open: true }).saveStep)).toBe('D6');
    expect(plan({ ...extreme, open: true, vehicle: true }).hasSave).toBe(true);
    expect(plan({ ...extreme, open: true, size: 3 }).hasSave).toBe(true);
    // Size above 3 with nothing declared: no save at Extreme range (and none for a Mindless one either).
    expect(plan({ ...extreme, open: true, vehicle: true, size: 20 }).hasSave).toBe(false);
    expect(plan({ ...extreme, cover: 'none', size: 4 }).hasSave).toBe(false);
    expect(plan({ ...extreme, mindless: true, size: 4 }).hasSave).toBe(false);
    expect(plan({ ...extreme, mindless: true, size: 3 }).hasSave).toBe(true);
    // Declared terrain still counts; the Size rule only removes the automatic cover.
    expect(dieLabel(plan({ ...extreme, cover: 'soft', size: 20 }).saveStep)).toBe('D4');
    // Skill D20 at Extreme 7+ (14/20), no save: every hit unsaved.
    const vtol = attack({ ...extreme, skill: 'd20', open: true, vehicle: true, size: 20 });
    expect(vtol.perShot.unsaved).toBeCloseTo(14 / 20, 14);
    // Long range is unchanged by Size (In the Open).
    expect(plan({ range: 'long', rof: 1, open: true, size: 20 }).hasSave).toBe(true);
    // House rule: extremeCover.maxSize.
    expect(plan({ ...extreme, open: true, size: 4, 'extremeCover.maxSize': 4 }).hasSave).toBe(true);
  });
  it("a target unit's size in the units file fills size (a stat given wins)", () => {
    const text = 'weapons: {}\nunits:\n  vtol:\n    name: VTOL\n    armor: 9\n    size: 20\n    special: [vehicle]\n    weapons: []\n    source: x\n';
    const data = parseUnits(text, 'u.yaml');
    expect(unitOverrides(data, { target: 'vtol' }, 'u.yaml')).toMatchObject({ size: 20, vehicle: true });
    // Size 0 is a rulebook value (a crawler); below it is an error naming the field.
    expect(unitOverrides(parseUnits(text.replace('size: 20', 'size: 0'), 'u.yaml'), { target: 'vtol' }, 'u.yaml')).toMatchObject({ size: 0 });
    expect(() => parseUnits(text.replace('size: 20', 'size: -1'), 'u.yaml')).toThrow(/units\.vtol\.size: expected 0\.\.100/);
  });
  it('Mindless targets never save (short of Extreme range); area, flame, ignores-cover and aimed sniper shots allow none', () => {
    for (const o of [{ mindless: true }, { area: true }, { flame: true }, { ignoresCover: true }, { sniper: true, aimed: true, range: 'long' }]) {
      expect(plan({ range: 'long', rof: 1, ...o }).hasSave).toBe(false);
    }
  });
});

describe("weapons' and models' special rules", () => {
  it('aimed shot: ROF 1 only, Skill upgraded one step; not at CC', () => {
    expect(dieLabel(plan({ skill: 'd6', rof: 1, aimed: true, range: 'long' }).skillStep)).toBe('D8');
    expect(() => plan({ rof: 2, aimed: true })).toThrow(/ROF 1/);
    expect(() => plan({ rof: 1, aimed: true, range: 'cc' })).toThrow(UsageError);
  });
  it('Stealth degrades the Skill die except at Close Combat range', () => {
    expect(dieLabel(plan({ skill: 'd8', stealth: true, range: 'short' }).skillStep)).toBe('D6');
    expect(dieLabel(plan({ skill: 'd8', stealth: true, range: 'cc' }).skillStep)).toBe('D8');
  });
  it('small target (fence generator) degrades the firer\'s die', () => {
    expect(dieLabel(plan(fromUnits({ target: 'fence-generator' }, { skill: 'd8' })).skillStep)).toBe('D6');
  });
  it('Semi-automatic: ROF 1 at Long, 2 within Short', () => {
    expect(plan({ semiAutomatic: true, rof: 5, range: 'long' }).rof).toBe(1);
    expect(plan({ semiAutomatic: true, rof: 1, range: 'short' }).rof).toBe(2);
    expect(plan({ semiAutomatic: true, range: 'long', aimed: true }).skillStep).toBe(dieStep('d10'));
  });
  it('Stopping Power: Power D8 at Point Blank only', () => {
    expect(dieLabel(plan({ power: 'd6', stoppingPower: true, range: 'pb' }).powerStep)).toBe('D8');
    expect(dieLabel(plan({ power: 'd6', stoppingPower: true, range: 'short' }).powerStep)).toBe('D6');
  });
  it('Sniper aimed shot hits on 4+ with no save; never within Short range', () => {
    const p = plan({ sniper: true, aimed: true, rof: 1, range: 'long', skill: 'd6' });
    expect(p.hitTarget).toBe(4);
    expect(dieLabel(p.skillStep)).toBe('D8');
    expect(() => plan({ sniper: true, aimed: true, rof: 1, range: 'short' })).toThrow(/within Short range/);
    expect(plan({ sniper: true, rof: 1, range: 'long' }).hitTarget).toBe(6);
  });
  it('Flame hits automatically', () => {
    expect(attack({ flame: true, skill: 'd4', range: 'short', rof: 1 }).perShot.hit).toBe(1);
  });
  it('heavy weapon degrades Resolution, improvised upgrades it', () => {
    expect(dieLabel(plan({ power: 'd12', resolution: 'd8' }).resStep)).toBe('D6');
    expect(dieLabel(plan({ power: 'd4', resolution: 'd8' }).resStep)).toBe('D10');
    expect(dieLabel(plan({ power: 'd8', resolution: 'd8' }).resStep)).toBe('D8');
  });
  it('heavily armoured vehicles (Armor 8+) test only against heavy weapons and are never degraded', () => {
    const light = plan({ vehicle: true, armor: 8, power: 'd8', resolution: 'd8' });
    expect(light.tests).toBe(false);
    const heavy = plan({ vehicle: true, armor: 8, power: 'd12', resolution: 'd8' });
    expect(heavy.tests).toBe(true);
    expect(dieLabel(heavy.resStep)).toBe('D8');
    expect(plan({ vehicle: true, armor: 7, power: 'd8' }).tests).toBe(true);
    expect(outcome({ vehicle: true, armor: 9, power: 'd8', flame: true })[3]).toBeCloseTo(1 - attack({ vehicle: true, armor: 9, power: 'd8', flame: true }).outcome[0], 14);
  });
  it('turret: never takes Resolution tests', () => {
    const o = outcome(fromUnits({ target: 'turret' }, { flame: true, power: 'd8' }));
    expect(o[2] + o[1]).toBe(0);
  });
  it('Resilient (n): damage short of n → a Resolution test; n points remove the model', () => {
    // Auto-hit, no save, Power D8 (not heavy) vs Armor 1: every hit damages. Resilient 3, 1 taken: 2 left.
    const base = { flame: true, power: 'd8', armor: 1, resolution: 'd8', resilient: 3, damageTaken: 1 };
    const one = outcome({ ...base, rof: 1 });
    expect(one[0]).toBe(0);
    expect(one[1]).toBeCloseTo(1 / 8, 14);
    // The survivor carries the new damage: reeling and damaged 4/8, damaged and not reeling 3/8.
    expect(one[REELING_DAMAGED]).toBeCloseTo(4 / 8, 14);
    expect(one[DAMAGED]).toBeCloseTo(3 / 8, 14);
    expect(one[2] + one[3]).toBe(0);
    expect(outcome({ ...base, rof: 2 })[0]).toBeCloseTo(1, 14);
    expect(() => plan({ resilient: 2, damageTaken: 2 })).toThrow(/damage-taken/);
  });
  it("I'll Be Back: destroyed → D6 5–6 crawler, which then takes a Resolution test (crawler D20)", () => {
    // Power D20 is heavy: the crawler's D20 Resolution is degraded to a D12.
    const o = outcome({ flame: true, rof: 1, power: 'd20', armor: 1, illBeBack: true });
    expect(o[0]).toBeCloseTo(2 / 3, 14);
    expect(o[1]).toBeCloseTo((1 / 3) * (1 / 12), 14);
    expect(crawlerAny(o)).toBeCloseTo((1 / 3) * (11 / 12), 14);
    // The crawler's D12 test: 2–5 Reeling (4/12), 6–12 no effect (7/12).
    expect(o[CRAWLER_REELING]).toBeCloseTo((1 / 3) * (4 / 12), 14);
    expect(o[CRAWLER]).toBeCloseTo((1 / 3) * (7 / 12), 14);
  });
  it("I'll Be Back: a heavy weapon's crawler tests on a D12, a Power D8 weapon's on the D20", () => {
    const p = plan({ power: 'd20', illBeBack: true });
    expect(dieLabel(p.crawlerResStep)).toBe('D12');
    const o = outcome({ flame: true, rof: 1, power: 'd8', armor: 1, illBeBack: true });
    expect(crawlerAny(o)).toBeCloseTo((1 / 3) * (19 / 20), 14);
    expect(o[1]).toBeCloseTo((1 / 3) * (1 / 20), 14);
  });
  it("'Hasta la Vista, Baby!': 2+, no save, Power D20 heavy, no I'll Be Back, all remaining damage; vehicles immune", () => {
    const e = attack({ hastaLaVista: true, skill: 'd8', rof: 1, range: 'long', armor: 8, illBeBack: true, resilient: 3 });
    expect(e.perShot.hit).toBeCloseTo(7 / 8, 14);
    expect(e.perShot.unsaved).toBeCloseTo(7 / 8, 14);
    expect(e.perShot.damage).toBeCloseTo((7 / 8) * (13 / 20), 14);
    expect(e.outcome[0]).toBeCloseTo((7 / 8) * (13 / 20), 14);
    expect(() => plan({ hastaLaVista: true, vehicle: true })).toThrow(/immune/);
  });
  it('TDD: a missed to-hit die is re-rolled once', () => {
    // Skill D6 at Short 5+, open, Power D20 vs Armor 1 (always damages).
    const e = attack({ skill: 'd6', rof: 1, range: 'short', open: true, power: 'd20', armor: 1, tdd: true });
    expect(e.perShot.hit).toBeCloseTo(1 / 3 + (2 / 3) * (1 / 3), 14);
  });
  it('TDD: a successful save is re-rolled when every hit landed', () => {
    const e = attack({ flame: false, skill: 'd20', 'toHit.short': 1, rof: 1, range: 'short', power: 'd20', armor: 1, tdd: true });
    // hit certain; save D6 4+: saved 1/2 → re-roll → saved 1/2: unsaved = 3/4.
    expect(e.perShot.unsaved).toBeCloseTo(3 / 4, 14);
  });
  it('TDD is not spent on a Power roll that cannot reach the Armor: it re-rolls the Resolution test (README 5)', () => {
    // Resistance Soldier (Skill D6) at an Endoskeleton (Armor 8+, Resolution D20, Mindless: no save) at
    // Point Blank (4+), ROF 1, Power D6: never damages, so a hit means one Resolution test on the D20
    // (1 Retreat!, 2–5 Reeling, 6–20 no effect).
    const o = outcome(fromUnits({ attacker: 'resistance-soldier', target: 'endoskeleton' }, { rof: 1, power: 'd6', range: 'pb', tdd: true }));
    const [r, l, n] = [1 / 20, 4 / 20, 15 / 20];
    // Hit at once (1/2): the TDD is still held and re-rolls a "no effect" (a lone Reeling is kept:
    // the D20 has "no effect" faces). Missed, then hit by the TDD re-roll (1/2 · 1/2): plain test.
    const retreated = (1 / 2) * (r + n * r) + (1 / 4) * r;
    const reeling = (1 / 2) * (l + n * l) + (1 / 4) * l;
    expect(retreated).toBeCloseTo(0.05625, 15);
    expect(reeling).toBeCloseTo(0.225, 15);
    expect(o[1]).toBeCloseTo(retreated, 14);
    expect(o[2]).toBeCloseTo(reeling, 14);
    expect(o[3]).toBeCloseTo(0.71875, 14);
  });
  it('TDD on the Resolution batch: Flame, Power D6 vs Armor 8+ (no damage possible), two tests on a D8', () => {
    // Two auto-hits, no save, no damage: two D8 tests (R 1/8, L 4/8, N 3/8), the worst stands.
    // Any Retreat!: 1 − (7/8)² = 15/64. No Retreat! with a "no effect": one N re-rolled — NN (9/64):
    // the re-roll decides; NL (24/64): Retreat! on a 1, else Reeling. LL (16/64): one L re-rolled:
    // Retreat! on a 1, else Reeling.
    const o = outcome({ flame: true, power: 'd6', armor: 8, tdd: true });
    const retreat = 15 / 64 + (9 / 64) * (1 / 8) + (24 / 64) * (1 / 8) + (16 / 64) * (1 / 8);
    const reel = (9 / 64) * (4 / 8) + (24 / 64) * (7 / 8) + (16 / 64) * (7 / 8);
    const none = (9 / 64) * (3 / 8);
    expect(retreat + reel + none).toBeCloseTo(1, 15);
    expect(o[1]).toBeCloseTo(retreat, 14);
    expect(o[2]).toBeCloseTo(reel, 14);
    expect(o[3]).toBeCloseTo(none, 14);
    // Without the TDD: Retreat! 15/64, no effect (3/8)².
    const plain = outcome({ flame: true, power: 'd6', armor: 8 });
    expect(plain[3]).toBeCloseTo(9 / 64, 14);
    expect(o[3]).toBeLessThan(plain[3]);
  });
  it("TDD on I'll Be Back: a crawler result (D6 5–6) is re-rolled; when every roll crawls the TDD goes to the crawler's test", () => {
    // Flame, Power D20 vs Armor 1: always destroyed. Crawler 1/3, re-rolled: 1/9. Heavy: crawler tests on a D12.
    const o = outcome({ flame: true, rof: 1, power: 'd20', armor: 1, illBeBack: true, tdd: true });
    expect(o[0]).toBeCloseTo(8 / 9, 14);
    expect(o[1]).toBeCloseTo((1 / 9) * (1 / 12), 14);
    expect(crawlerAny(o)).toBeCloseTo((1 / 9) * (11 / 12), 14);
    // House rule illBeBack.target 1: every roll crawls, a re-roll cannot help; the D12 test's "no
    // effect" (6–12, 7/12) is re-rolled instead: Retreat! 1/12 + 7/12 · 1/12.
    const always = outcome({ flame: true, rof: 1, power: 'd20', armor: 1, illBeBack: true, tdd: true, 'illBeBack.target': 1 });
    expect(always[0]).toBe(0);
    expect(always[1]).toBeCloseTo(1 / 12 + (7 / 12) * (1 / 12), 14);
    expect(crawlerAny(always)).toBeCloseTo(1 - (1 / 12 + (7 / 12) * (1 / 12)), 14);
  });
  it('passFailBatch keeps the TDD when a re-roll cannot turn a die good', () => {
    const out = new Float64Array(8);
    // One die, always bad, never re-rolled; a plain re-roll can never succeed.
    passFailBatch(1, 0, 1, 0, 0, 0, 1, out);
    expect(Array.from(out.slice(0, 4))).toEqual([1, 0, 0, 0]); // 0 good, TDD still held
    out.fill(0);
    passFailBatch(1, 0, 1, 0, 1 / 2, 0, 1, out);
    expect(Array.from(out.slice(0, 4))).toEqual([0, 1 / 2, 0, 1 / 2]); // spent: good with 1/2
  });
  it('TDD never helps less than no TDD', () => {
    for (const o of [{}, { rof: 4, resilient: 2 }, { illBeBack: true, power: 'd12', armor: 8 }, { resolution: 'd20', power: 'd4' }]) {
      const a = attack({ ...o, tdd: false }).outcome;
      const b = attack({ ...o, tdd: true }).outcome;
      expect(b[3]).toBeLessThanOrEqual(a[3] + 1e-12);
    }
  });
  it('weapon range restrictions: ranged weapons not at CC, Short weapons not at Long, Extreme needs Brace or Sniper', () => {
    expect(() => plan({ weaponRange: 'long', range: 'cc' })).toThrow(UsageError);
    expect(() => plan({ weaponRange: 'short', range: 'long' })).toThrow(UsageError);
    expect(() => plan({ weaponRange: 'long', range: 'extreme' })).toThrow(/Brace or Sniper/);
    expect(plan({ weaponRange: 'long', range: 'extreme', brace: true }).hitTarget).toBe(7);
    expect(() => plan({ weaponRange: 'cc', range: 'pb' })).toThrow(UsageError);
  });
});

describe('units.yaml', () => {
  it('has the rulebook stat-lines', () => {
    expect(units.units.endoskeleton).toMatchObject({ skill: 'd8', armor: 8, resolution: 'd20', special: ['mindless', 'ill-be-back'] });
    expect(units.weapons['plasma-gun']).toMatchObject({ range: 'long', rof: 2, power: 'd8' });
    expect(units.units['resistance-soldier']).toMatchObject({ skill: 'd6', armor: 4, resolution: 'd8' });
  });
  it('validation errors name the file, the unit and the field', () => {
    const bad = 'weapons: {}\nunits:\n  grunt:\n    name: Grunt\n    skill: d7\n    armor: 4\n    special: []\n    weapons: []\n    source: x\n';
    expect(() => parseUnits(bad, 'u.yaml')).toThrow(/u\.yaml: units\.grunt\.skill: expected one of d4/);
    const missingWeapon = 'weapons: {}\nunits:\n  grunt:\n    name: Grunt\n    armor: 4\n    special: []\n    weapons: [laser]\n    source: x\n';
    expect(() => parseUnits(missingWeapon, 'u.yaml')).toThrow(/units\.grunt\.weapons\.0: unknown weapon "laser"/);
  });
  it('unknown names list the valid ones', () => {
    expect(() => unitOverrides(units, { attacker: 'hk' })).toThrow(/valid: endoskeleton, crawler/);
  });
});

describe('die-step table', () => {
  it('the default grid has 6 × 5 × 6 × 8 × 4 cells; forbidden combinations are null', () => {
    const tables = dieStepTables(params({}), ['skill', 'range'], ['power', 'armor'], ['cover'], 'any-damage');
    expect(tables).toHaveLength(4);
    expect(tables[0].rows).toHaveLength(30);
    expect(tables[0].columns).toHaveLength(1 + 2 + 48); // cover, skill, range, Power × Armor
    expect(cellValue(params({ aimed: true, rof: 2 }), 'hit')).toBeNull();
  });
  it('rows lead with the split axes (unless splitColumns is off)', () => {
    const tables = dieStepTables(params({}), ['skill'], ['armor'], ['cover', 'range'], 'hit');
    expect(tables).toHaveLength(20);
    expect(tables[0].columns.slice(0, 3).map((c) => c.key)).toEqual(['cover', 'range', 'skill']);
    expect(tables[1 * 5 + 3].rows.every((r) => r.cover === 'soft' && r.range === 'long')).toBe(true);
    const bare = dieStepTables(params({}), ['skill'], ['armor'], ['cover'], 'hit', { splitColumns: false });
    expect(bare[0].columns[0].key).toBe('skill');
    expect('cover' in bare[0].rows[0]).toBe(false);
  });
});
