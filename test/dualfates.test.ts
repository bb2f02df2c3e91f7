// Dual Fates (rulebook: ../shared/rules/dual-fates-core-rules.txt): every probability against a
// hand count over the 36 outcomes of 2d6, the rulebook's worked examples, damage ordering, the
// exact engine against an independent formulation, and Monte Carlo against exact at a fixed seed.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSimulation } from '../src/run/runner.js';
import { applyDamage, attacksToIncapacitate, damageFromDice, damageRollCounts, deflects, exactAttack, rollSucceeds, successCounts, targetNumber, type Pools } from '../src/games/dualfates/attackExact.js';
import { mcAttackResult } from '../src/games/dualfates/attackReport.js';
import type { AttackSimParams } from '../src/games/dualfates/attackSim.js';
import { defaultAttackParams, type AttackParams } from '../src/games/dualfates/dualfatesParams.js';
import { fateSumCounts, fraction } from '../src/games/dualfates/fateDice.js';
import { incapacitationTable, successTable } from '../src/games/dualfates/oddsTable.js';
import { classifyPillarRoll, initiativeOdds, pillarOdds, pillarsResult } from '../src/games/dualfates/pillars.js';
import { runDistance, runDistribution } from '../src/games/dualfates/running.js';
import { fateCheckRows } from '../src/games/dualfates/fateReport.js';
import { pillarKindCode } from '../src/games/dualfates/fateSim.js';
import { forEachFateRoll } from '../src/games/dualfates/fateDice.js';
import { parseUnits } from '../src/games/dualfates/units.js';
import { attackAssumptions } from '../src/games/dualfates/attackEntry.js';
import { outsideIntervalsNote } from '../src/core/intervals.js';
import { parse as parseYaml } from 'yaml';

const P = (over: Partial<AttackParams> = {}) => defaultAttackParams(over);
const pSuccess = (over: Partial<AttackParams>) => {
  const p = P(over);
  const s = successCounts(targetNumber(p).target, p);
  return s.landed / s.total;
};

describe('Fate roll: 2d6 hand counts (rulebook: Using Abilities)', () => {
  it('ways to roll each sum 2..12 are 1,2,3,4,5,6,5,4,3,2,1', () => {
    expect(fateSumCounts().slice(2)).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
  });
  it('P(2d6 >= 7) = 21/36 (6+5+4+3+2+1)', () => {
    expect(pSuccess({ vs: 'def', value: 7 })).toBe(21 / 36);
    expect(fraction(successCounts(7, P()).landed, 36)).toBe('7/12');
  });
  it('meet or beat: P(2d6 >= t) for t = 2..13 matches the hand table 36,35,33,30,26,21,15,10,6,3,1,0', () => {
    const hand = [36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1, 0];
    for (let t = 2; t <= 13; t++) expect(pSuccess({ vs: 'static', value: t })).toBe(hand[t - 2] / 36);
    expect(pSuccess({ vs: 'static', value: 0 })).toBe(1);
    expect(rollSucceeds(7, 7, 'meetOrBeat')).toBe(true);
    expect(rollSucceeds(6, 7, 'meetOrBeat')).toBe(false);
  });
  it('house rule successRule=beat: P(2d6 > 7) = 15/36', () => {
    expect(pSuccess({ vs: 'static', value: 7, successRule: 'beat' })).toBe(15 / 36);
  });
});

describe('modifiers on the target number', () => {
  const t = (over: Partial<AttackParams>) => targetNumber(P(over));
  it('rulebook: Cover — light +1, heavy +2 DOD against ranged attacks', () => {
    expect(t({ vs: 'dod', value: 6, cover: 'light' }).target).toBe(7);
    expect(t({ vs: 'dod', value: 6, cover: 'heavy' }).target).toBe(8);
    expect(t({ vs: 'dod', value: 6, cover: 'heavy' }).kind).toBe('ranged');
    expect(pSuccess({ vs: 'dod', value: 6, cover: 'heavy' })).toBe(15 / 36);
  });
  it('rulebook: Cover — melee attacks ignore cover; cover never changes DEF', () => {
    const melee = t({ vs: 'dod', value: 6, cover: 'heavy', attack: 'melee' });
    expect(melee.target).toBe(6);
    expect(melee.ignored[0]).toMatch(/melee attacks ignore cover/);
    expect(t({ vs: 'def', value: 7, cover: 'light', attack: 'ranged' }).target).toBe(7);
    // auto: vs DEF is melee (ATTACK EXAMPLE), so cover is ignored
    expect(t({ vs: 'def', value: 7, cover: 'heavy' }).kind).toBe('melee');
  });
  it('rulebook: Running — +2 DEF and +2 DOD, not WILL', () => {
    expect(t({ vs: 'def', value: 7, running: true }).target).toBe(9);
    expect(t({ vs: 'dod', value: 6, running: true }).target).toBe(8);
    expect(t({ vs: 'will', value: 5, running: true }).target).toBe(5);
  });
  it('rulebook: Status Effects — Poisoned -1 DEF/-1 DOD; Fear -1 WILL only', () => {
    expect(t({ vs: 'def', value: 7, poisoned: true }).target).toBe(6);
    expect(t({ vs: 'dod', value: 6, poisoned: true }).target).toBe(5);
    expect(t({ vs: 'will', value: 5, fear: true }).target).toBe(4);
    expect(t({ vs: 'def', value: 7, fear: true }).target).toBe(7);
    expect(t({ vs: 'def', value: 7, fear: true }).ignored[0]).toMatch(/Fear changes WILL only/);
  });
  it('stacking and the free --mod; running + heavy cover vs DOD 6 needs 10: 6/36', () => {
    expect(t({ vs: 'dod', value: 6, running: true, cover: 'heavy', poisoned: true, mod: 1 }).target).toBe(10);
    expect(pSuccess({ vs: 'dod', value: 6, running: true, cover: 'heavy' })).toBe(6 / 36);
    expect(t({ vs: 'static', value: 9, mod: -2 }).target).toBe(7);
  });
});

describe('damage types (rulebook: Damage Types), hand counts over 36', () => {
  it('light = lower of 2d6: 11,9,7,5,3,1', () => {
    expect(damageRollCounts('lower2d6').weights.slice(1, 7)).toEqual([11, 9, 7, 5, 3, 1]);
  });
  it('medium = 1d6: 6 each', () => {
    expect(damageRollCounts('d6').weights.slice(1, 7)).toEqual([6, 6, 6, 6, 6, 6]);
  });
  it('heavy = higher of 2d6: 1,3,5,7,9,11', () => {
    expect(damageRollCounts('higher2d6').weights.slice(1, 7)).toEqual([1, 3, 5, 7, 9, 11]);
  });
  it('house rule damageDice=sum2d6: the sum of 2d6, 1,2,3,4,5,6,5,4,3,2,1 ways for 2..12', () => {
    expect(damageRollCounts('sum2d6').weights).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    expect(damageFromDice('sum2d6', 6, 5)).toBe(11);
    // Health 2, vs static 7: every landed hit deals >= 2, so one attack incapacitates with P(success) = 7/12.
    const x = exactAttack(P({ vs: 'static', value: 7, damage: 'heavy', damageHeavy: 'sum2d6', armor: 0, health: 2 }));
    expect(fraction(x.incapacitatedCount, x.damage.total)).toBe('7/12');
    expect(x.toIncapacitate.mean).toBeCloseTo(12 / 7, 12);
  });
  it('sum2d6 against health 12, every attack landing: mean attacks = Σ_k P(2k dice total <= 11) by direct dice convolution', () => {
    const x = exactAttack(P({ vs: 'static', value: 2, damageMedium: 'sum2d6', armor: 0, health: 12 }));
    expect(fraction(x.incapacitatedCount, x.damage.total)).toBe('1/36');
    // Independent: P(N > k) = P(the first k attacks, 2k dice, total at most 11).
    let ways = [1]; // ways[t] = ways for the dice so far to total t
    let expected = 0;
    for (let dice = 0; dice <= 24; dice += 2) {
      expected += ways.slice(0, 12).reduce((a, b) => a + b, 0) / 6 ** dice;
      for (let k = 0; k < 2; k++) {
        const next = new Array<number>(ways.length + 6).fill(0);
        ways.forEach((w, t) => { for (let f = 1; f <= 6; f++) next[t + f] += w; });
        ways = next;
      }
    }
    expect(x.toIncapacitate.mean).toBeCloseTo(expected, 12);
  });
  it('damage per attack is 0 on a miss: vs DEF 7 heavy, P(0) = 15/36, P(6) = 21/36 × 11/36', () => {
    const x = exactAttack(P({ vs: 'def', value: 7, damage: 'heavy' }));
    expect(x.damage.weights[0] / x.damage.total).toBe(15 / 36);
    expect(x.damage.weights[6] / x.damage.total).toBeCloseTo((21 / 36) * (11 / 36), 15);
  });
});

describe('damage resolution: shields → armor → health (rulebook: Damage Resolution)', () => {
  const hit = (u: Pools, d: number) => {
    const down = applyDamage(u, d);
    return { ...u, down };
  };
  it('shields absorb first, then armor, then health', () => {
    expect(hit({ shields: 2, armor: 1, health: 3 }, 1)).toEqual({ shields: 1, armor: 1, health: 3, down: false });
    expect(hit({ shields: 2, armor: 1, health: 3 }, 3)).toEqual({ shields: 0, armor: 0, health: 3, down: false });
    expect(hit({ shields: 2, armor: 1, health: 3 }, 4)).toEqual({ shields: 0, armor: 0, health: 2, down: false });
    expect(hit({ shields: 0, armor: 2, health: 3 }, 1)).toEqual({ shields: 0, armor: 1, health: 3, down: false });
  });
  it('rulebook: Incapacitated Units — health 0 incapacitates; overkill stops at 0', () => {
    expect(hit({ shields: 1, armor: 1, health: 3 }, 5)).toEqual({ shields: 0, armor: 0, health: 0, down: true });
    expect(hit({ shields: 0, armor: 0, health: 2 }, 12)).toEqual({ shields: 0, armor: 0, health: 0, down: true });
  });
  it('P(one attack incapacitates) vs DEF 7, heavy, armor 1, health 5 = 21/36 × 11/36 = 77/432', () => {
    const x = exactAttack(P({ vs: 'def', value: 7, damage: 'heavy', armor: 1, health: 5 }));
    expect(fraction(x.incapacitatedCount, x.damage.total)).toBe('77/432');
  });
  it('one attack incapacitates only when damage ≥ shields + armor + health: shields 1 armor 1 health 2, medium vs DEF 2: 3/6', () => {
    const x = exactAttack(P({ vs: 'def', value: 2, damage: 'medium', shields: 1, armor: 1, health: 2 }));
    expect(x.incapacitatedCount / x.damage.total).toBe(3 / 6);
  });
});

describe("the rulebook's worked examples", () => {
  it("ATTACK EXAMPLE: Eric's Wrench Strike (melee, DEF, light) on a Bone Boy (DEF 4, no armor)", () => {
    const units = parseUnits(readFileSync('scenarios/dualfates/units.yaml', 'utf8'), 'units.yaml');
    const boy = units.find((u) => u.name === 'Bone Boy')!;
    const wrench = units.find((u) => u.name === 'Eric')!.abilities![0];
    expect(wrench).toMatchObject({ name: 'Wrench Strike', kind: 'melee', target: 'def', damage: 'light' });
    expect(boy.def).toBe(4);
    expect(boy.armor).toBe(0);
    // Eric rolls 8 against DEF 4: success.
    expect(rollSucceeds(8, boy.def!, 'meetOrBeat')).toBe(true);
    // Light damage, dice 4 and 2: the lower, 2.
    expect(damageFromDice(P().damageLight, 4, 2)).toBe(2);
    // No armor: all to health, 2 left.
    const u = { shields: 0, armor: boy.armor!, health: boy.health! };
    expect(applyDamage(u, 2)).toBe(false);
    expect(u.health).toBe(2);
    // And the odds of the whole strike: P(2d6 >= 4) = 33/36.
    const x = exactAttack(P({ vs: 'def', value: 4, damage: 'light', armor: 0, health: 4 }));
    expect(x.target.kind).toBe('melee');
    expect(fraction(x.success.landed, x.success.total)).toBe('11/12');
  });
  it('Running example: Speed 5, roll 3 and 6 → 11 inches', () => {
    expect(runDistance(5, 3, 6)).toBe(11);
    expect(runDistance(5, 6, 3)).toBe(11);
  });
  it('running distance = Speed + higher die: Speed 5 → 6..11 in 1,3,5,7,9,11 of 36', () => {
    const r = runDistribution(5);
    expect(r.rows.map((x) => [x.inches, x.count])).toEqual([[6, 1], [7, 3], [8, 5], [9, 7], [10, 9], [11, 11]]);
    expect(r.mean).toBeCloseTo(5 + 161 / 36, 12);
  });
  it('Training Knight sheet (rulebook: Understanding Unit Sheet) is the default target; its Shield special is off by default, and the report says so', () => {
    const k = parseUnits(readFileSync('scenarios/dualfates/units.yaml', 'utf8'), 'units.yaml').find((u) => u.name === 'Training Knight')!;
    expect([k.cost, k.health, k.armor, k.speed, k.def, k.dod, k.will]).toEqual([1, 5, 1, 5, 7, 6, 5]);
    expect(k.abilities![0]).toMatchObject({ name: 'Training Strike', target: 'def', damage: 'medium' });
    // The sheet's "Special: Shield" (spelled "Sheild" in the rulebook).
    expect(k.special).toEqual(['Shield']);
    const d = P();
    expect([d.vs, d.value, d.armor, d.health, d.damage]).toEqual(['def', k.def, k.armor, k.health, 'medium']);
    // Shield not used by default (assumption, README choice 9), and stated with the results.
    expect(d.deflect).toBe(false);
    expect(attackAssumptions(d)).toContainEqual(expect.stringMatching(/^Deflect off \(assumption\): the target's Shield special, if it has one, is not used: --deflect applies it/));
    expect(attackAssumptions(d).join(' ')).not.toMatch(/Deflect on/);
  });
  it('scenarios: default.yaml and mc-check.yaml are the Training Knight with its Shield off; training-knight-shield.yaml with it on', () => {
    const k = parseUnits(readFileSync('scenarios/dualfates/units.yaml', 'utf8'), 'units.yaml').find((u) => u.name === 'Training Knight')!;
    const params = (f: string) => (parseYaml(readFileSync(`scenarios/dualfates/${f}`, 'utf8')) as { params: Record<string, unknown> }).params;
    for (const [f, deflect] of [['default.yaml', false], ['mc-check.yaml', undefined], ['training-knight-shield.yaml', true]] as const) {
      const q = params(f);
      expect([q.vs, q.value, q.armor, q.health], f).toEqual(['def', k.def, k.armor, k.health]);
      expect(q.deflect, f).toBe(deflect);
    }
    for (const f of ['default.yaml', 'mc-check.yaml']) expect(readFileSync(`scenarios/dualfates/${f}`, 'utf8'), f).toMatch(/^description: .*Shield special not used/m);
  });
});

describe('Shield deflect (rulebook: Example Activation — meets or beats the attack roll)', () => {
  it('matches a brute-force count over the 1296 outcomes of four dice', () => {
    for (const target of [2, 7, 10]) {
      let landed = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) if (a + b >= target && !(c + d >= a + b)) landed++;
      const s = successCounts(target, { successRule: 'meetOrBeat', deflect: true, deflectRule: 'meetOrBeat' });
      expect(s.total).toBe(1296);
      expect(s.landed).toBe(landed);
    }
    expect(deflects(7, 7, 'meetOrBeat')).toBe(true);
    expect(deflects(6, 7, 'meetOrBeat')).toBe(false);
  });
  it('house rule deflectRule=beat: a Shield roll must exceed the attack roll (brute force over 1296; target 12: 36 land, not 35; target 7: 581)', () => {
    for (const target of [2, 7, 10]) {
      let landed = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) if (a + b >= target && !(c + d > a + b)) landed++;
      expect(successCounts(target, { successRule: 'meetOrBeat', deflect: true, deflectRule: 'beat' }).landed).toBe(landed);
    }
    // Only a 12 succeeds; nothing beats 12, while a Shield 12 meets it (1 of 36).
    expect(successCounts(12, { successRule: 'meetOrBeat', deflect: true, deflectRule: 'beat' }).landed).toBe(36);
    expect(successCounts(12, { successRule: 'meetOrBeat', deflect: true, deflectRule: 'meetOrBeat' }).landed).toBe(35);
    // Rolls 7..12 (6,5,4,3,2,1 ways) survive Shield rolls not above them: 21,26,30,33,35,36 ways.
    expect(successCounts(7, { successRule: 'meetOrBeat', deflect: true, deflectRule: 'beat' }).landed).toBe(581);
    expect(deflects(7, 7, 'beat')).toBe(false);
    expect(deflects(8, 7, 'beat')).toBe(true);
  });
  it('--deflect is assumed available against every attack (an upper bound: a Free Action, once per round), and the report says so', () => {
    const on = attackAssumptions(P({ deflect: true }));
    expect(on).toContainEqual(expect.stringMatching(/^Deflect on \(assumption\): .*available against every attack, including each attack counted in attacksToIncapacitate; an upper bound, .*Free Action, once per round/));
    expect(on.join(' ')).not.toMatch(/Deflect off|Units that Run/);
  });
  it('--running with --deflect: quotes the rulebook (Running: no Free Actions) and says the deflect is assumed still available', () => {
    const both = attackAssumptions(P({ deflect: true, running: true }));
    expect(both).toContainEqual(expect.stringMatching(/"Units that Run may not perform Actions, and may not perform Free Actions" \(rulebook: Running\); --running with --deflect assumes the deflect is still available/));
    expect(attackAssumptions(P({ running: true })).join(' ')).not.toMatch(/Units that Run/);
  });
});

describe('attacks to incapacitate', () => {
  it('health 1: geometric in P(success); mean 1/p; tail followed until < 1e-9', () => {
    const x = exactAttack(P({ vs: 'def', value: 9, armor: 0, health: 1 }));
    const p = 10 / 36;
    expect(x.toIncapacitate.mean).toBeCloseTo(1 / p, 12);
    x.toIncapacitate.dist.slice(0, 20).forEach((q, i) => expect(q).toBeCloseTo((1 - p) ** i * p, 15));
    expect(x.toIncapacitate.remaining).toBeLessThan(1e-9);
    const n = x.toIncapacitate.dist.length;
    expect((1 - p) ** (n - 1)).toBeGreaterThanOrEqual(1e-9);
  });
  it('the pool convolution agrees with a Markov chain over (shields, armor, health) using applyDamage', () => {
    for (const over of [{ shields: 2, armor: 1, health: 3, damage: 'light' as const }, { shields: 0, armor: 2, health: 5, damage: 'heavy' as const }]) {
      const p = P({ vs: 'def', value: 7, ...over });
      const x = exactAttack(p);
      const perAttack = x.damage.weights.map((w) => w / x.damage.total);
      // Independent formulation: states keyed "s,a,h".
      let states = new Map<string, number>([[`${p.shields},${p.armor},${p.health}`, 1]]);
      for (let k = 0; k < 30; k++) {
        const next = new Map<string, number>();
        let down = 0;
        for (const [key, m] of states) {
          const [s, a, h] = key.split(',').map(Number);
          perAttack.forEach((q, d) => {
            if (q === 0) return;
            const u = { shields: s, armor: a, health: h };
            if (applyDamage(u, d)) down += m * q;
            else {
              const kk = `${u.shields},${u.armor},${u.health}`;
              next.set(kk, (next.get(kk) ?? 0) + m * q);
            }
          });
        }
        expect(x.toIncapacitate.dist[k]).toBeCloseTo(down, 14);
        states = next;
      }
    }
  });
  it('mean matches Σ k P(N = k) over the reported tail', () => {
    const x = exactAttack(P({ vs: 'dod', value: 6, cover: 'light', damage: 'light', armor: 1, health: 5 }));
    const sum = x.toIncapacitate.dist.reduce((s, q, i) => s + (i + 1) * q, 0);
    expect(sum).toBeCloseTo(x.toIncapacitate.mean, 6);
  });
  it('an attack that cannot land never incapacitates', () => {
    const x = exactAttack(P({ vs: 'def', value: 13 }));
    expect(x.success.landed).toBe(0);
    expect(x.toIncapacitate.possible).toBe(false);
    expect(attacksToIncapacitate([1, 0], 3).mean).toBe(Infinity);
  });
});

describe('Pillars of Fate (rulebook: 2. Pillars of Fate Phase; PILLARS OF FATE EXAMPLES)', () => {
  it('the four outcomes: 20 two-pillar, 5 doubles without a 6, 10 Secret + pillar, 1 Critical (of 36)', () => {
    const o = pillarOdds();
    expect(o.kinds).toEqual({ twoPillars: 20, doubles: 5, secretMission: 10, criticalMission: 1 });
    expect(o.anySix).toBe(11); // P(Secret Mission) = 11/36
  });
  it('the examples: 2+5, 6+3, 4+4, 6+6', () => {
    expect(classifyPillarRoll(2, 5)).toMatchObject({ kind: 'twoPillars', pillars: [2, 5], vpMultiplier: 1 });
    expect(classifyPillarRoll(6, 3)).toMatchObject({ kind: 'secretMission', pillars: [3], secretPicks: 1 });
    expect(classifyPillarRoll(4, 4)).toMatchObject({ kind: 'doubles', pillars: [4], vpMultiplier: 2 });
    expect(classifyPillarRoll(6, 6)).toMatchObject({ kind: 'criticalMission', pillars: [], vpMultiplier: 2, secretPicks: 1 });
  });
  it('a given pillar is an objective in 11 of 36 (doubled in 1); every roll can score at most 2 VP', () => {
    const o = pillarOdds();
    for (const q of o.perPillar) expect([q.named, q.doubled]).toEqual([11, 1]);
    expect(o.maxVictoryPoints).toEqual({ 2: 36 });
  });
  it('objective rounds over 10 rounds: Binomial(10, 11/36)', () => {
    const r = pillarsResult(10);
    const d = r.objectiveRounds.distribution.map((x) => x.p);
    expect(d.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(d[0]).toBeCloseTo((25 / 36) ** 10, 15);
    expect(d[10]).toBeCloseTo((11 / 36) ** 10, 18);
    expect(r.objectiveRounds.mean).toBeCloseTo(110 / 36, 14);
  });
  it('Initiative (rulebook: 4. Initiative Phase): ties 146/1296, P(win) exactly 1/2, re-rolls geometric', () => {
    const ini = initiativeOdds();
    const sq = fateSumCounts().reduce((s, c) => s + c * c, 0);
    expect(ini.ties).toBe(sq);
    expect(ini.ties).toBe(146);
    expect(ini.firstHigher).toBe(575);
    expect(ini.pWin).toBe(0.5);
    const t = 146 / 1296;
    expect(ini.rerolls[0]).toBeCloseTo(1 - t, 15);
    expect(ini.rerolls[2]).toBeCloseTo(t * t * (1 - t), 15);
    expect(ini.meanRerolls).toBeCloseTo(146 / 1150, 15);
    expect(ini.tailRemaining).toBeLessThan(1e-9);
  });
});

describe('odds table', () => {
  it('success columns are the hand table shifted by each modifier', () => {
    const rows = successTable(P());
    const hand = (t: number) => (t <= 2 ? 36 : t > 12 ? 0 : [36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1][t - 2]) / 36;
    for (const r of rows) {
      expect(r.plain).toBe(hand(r.value));
      expect(r.lightCover).toBe(hand(r.value + 1));
      expect(r.heavyCover).toBe(hand(r.value + 2));
      expect(r.running).toBe(hand(r.value + 2));
      expect(r.poisoned).toBe(hand(r.value - 1));
      expect(r.fear).toBe(hand(r.value - 1));
      expect(r.runningHeavyCover).toBe(hand(r.value + 4));
    }
  });
  it('P(incapacitated within 1 attack) with health 1 = P(success); more armor never helps the attacker', () => {
    const rows = incapacitationTable(P({ value: 7 }), 3, 2, 4);
    expect(rows.find((r) => r.health === 1 && r.armor === 0)!.withinK[0]).toBe(21 / 36);
    for (const r of rows) {
      const more = rows.find((x) => x.damage === r.damage && x.health === r.health && x.armor === r.armor + 1);
      if (more) r.withinK.forEach((q, k) => expect(more.withinK[k]).toBeLessThanOrEqual(q + 1e-15));
    }
  });
});

describe('Monte Carlo within the interval of exact at a fixed seed', () => {
  it('heavy vs DEF 7, shields 1 armor 1 health 5, with Shield deflect: 60 000 games, 99.9% intervals', async () => {
    const p = P({ vs: 'def', value: 7, damage: 'heavy', shields: 1, armor: 1, health: 5, deflect: true });
    const x = exactAttack(p);
    const simParams: AttackSimParams = { target: x.target.target, successRule: p.successRule, deflect: true, deflectRule: p.deflectRule, damageDice: x.damageDice, shields: 1, armor: 1, health: 5, maxAttacks: (1 << 20) - 1 };
    const run = await runSimulation({ simId: 'dualfates/dualfates', params: { kind: 'attack', ...simParams }, n: 60_000, seed: 20261130, jobs: 1 });
    const r = mcAttackResult(p, x, run.totals, 0.999);
    expect(r.success.exactInInterval).toBe(true);
    expect(r.incapacitated.exactInInterval).toBe(true);
    for (const d of r.damage) expect(d.exactInInterval).toBe(true);
    expect(r.attacksToIncapacitate.mean.exactInInterval).toBe(true);
    for (const d of r.attacksToIncapacitate.distribution.slice(0, 10)) expect(d.exactInInterval).toBe(true);
  });
});

describe('Monte Carlo cross-check note: rows outside their intervals, and how many chance alone puts there', () => {
  it('2 of 20 at 95%: about 1 expected; unknown (null) rows are not counted; other levels', () => {
    const flags = [...Array<boolean>(18).fill(true), false, false];
    expect(outsideIntervalsNote(flags, 0.95)).toBe('2 of 20 rows outside their 95% intervals; about 1 expected by chance (5% of 20)');
    expect(outsideIntervalsNote([...flags, null, null], 0.95)).toBe('2 of 20 rows outside their 95% intervals; about 1 expected by chance (5% of 20)');
    expect(outsideIntervalsNote([...flags, ...Array<boolean>(6).fill(true)], 0.95)).toBe('2 of 26 rows outside their 95% intervals; about 1.3 expected by chance (5% of 26)');
    expect(outsideIntervalsNote(Array<boolean>(28).fill(true), 0.999)).toBe('0 of 28 rows outside their 99.9% intervals; about 0.028 expected by chance (0.1% of 28)');
  });
});

describe('Monte Carlo of an attack that can never land', () => {
  it('mean attacks to incapacitate is unknown (null), as on the exact side, and never marked as disagreeing', async () => {
    const p = P({ vs: 'static', value: 13 });
    const x = exactAttack(p);
    expect(x.toIncapacitate.possible).toBe(false);
    // The entry plays such a game for one attack only (recorded as 2): the count is a placeholder.
    const simParams: AttackSimParams = { target: x.target.target, successRule: p.successRule, deflect: false, deflectRule: p.deflectRule, damageDice: x.damageDice, shields: p.shields, armor: p.armor, health: p.health, maxAttacks: 1 };
    const run = await runSimulation({ simId: 'dualfates/dualfates', params: { kind: 'attack', ...simParams }, n: 1000, seed: 1, jobs: 1 });
    const r = mcAttackResult(p, x, run.totals, 0.95);
    expect(r.attacksToIncapacitate.possible).toBe(false);
    expect(r.attacksToIncapacitate.mean).toEqual({ exact: null, estimate: null, se: null, lo: null, hi: null, exactInInterval: null });
    expect(r.attacksToIncapacitate.quantiles).toEqual({ p10: null, p50: null, p90: null });
    expect(r.success.estimate).toBe(0);
  });
});

describe('Fate-roll Monte Carlo (Pillars of Fate, Initiative, running) within the interval of exact', () => {
  it('the simulated roll kind mirrors classifyPillarRoll on all 36 outcomes', () => {
    const order = ['twoPillars', 'doubles', 'secretMission', 'criticalMission'];
    forEachFateRoll((a, b) => expect(order[pillarKindCode(a, b)]).toBe(classifyPillarRoll(a, b).kind));
  });
  it('50 000 games at a fixed seed, 99.9% intervals', async () => {
    const run = await runSimulation({ simId: 'dualfates/dualfates', params: { kind: 'fate', rounds: 10 }, n: 50_000, seed: 20261130, jobs: 1 });
    const rows = fateCheckRows(10, run.totals, 0.999);
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) expect(r.exactInInterval, r.metric).toBe(true);
  });
});

describe('data files', () => {
  it('units.yaml parses; every scenario YAML names the game', () => {
    expect(parseUnits(readFileSync('scenarios/dualfates/units.yaml', 'utf8'), 'units.yaml').length).toBeGreaterThanOrEqual(3);
    const scen = readdirSync('scenarios/dualfates').filter((f) => f.endsWith('.yaml') && !['units.yaml', 'board.yaml', 'policy-gap.yaml', 'deployment.yaml'].includes(f));
    for (const f of scen) expect(readFileSync(`scenarios/dualfates/${f}`, 'utf8')).toMatch(f.startsWith('match') ? /^game: dualfates match$/m : /^game: dualfates attack$/m);
  });
  it('units.yaml: bad fields are named', () => {
    expect(() => parseUnits('units:\n  - {name: X, type: hero}\n', 'u.yaml')).toThrow(/u\.yaml: units\.0\.type/);
  });
});
