// Dual Fates, issue 20 item 2: the control calculator against a hand enumeration and a second
// formulation, the armor reading, unit sheets as parameters, the table's headers.
import { describe, expect, it } from 'vitest';
import { runSimulation } from '../src/run/runner.js';
import { applyDamage, attacksToIncapacitate, exactAttack } from '../src/games/dualfates/attackExact.js';
import { mcAttackResult } from '../src/games/dualfates/attackReport.js';
import type { AttackSimParams } from '../src/games/dualfates/attackSim.js';
import { bigFraction, controlResult, convolveRounds, roundCounts, roundScore } from '../src/games/dualfates/control.js';
import { controlCheckRows } from '../src/games/dualfates/controlEntry.js';
import { defaultAttackParams } from '../src/games/dualfates/dualfatesParams.js';
import { forEachFateRoll } from '../src/games/dualfates/fateDice.js';
import { MODIFIER_SETS } from '../src/games/dualfates/oddsTable.js';
import { classifyPillarRoll } from '../src/games/dualfates/pillars.js';
import { applyUnitPicks, loadUnitSheets } from '../src/games/dualfates/unitPicks.js';
import { defaultsOf } from '../src/core/params.js';
import { ATTACK_PARAMS } from '../src/games/dualfates/dualfatesParams.js';
import { runCli } from './helpers/runCli.js';

/**
 * Second formulation of one round's VP from classifyPillarRoll: the named objectives held, plus the
 * best Secret pick (any held pillar not named), doubled by the roll's multiplier.
 */
function vpByClassification(a: number, b: number, held: Set<number>): number {
  const r = classifyPillarRoll(a, b);
  let objectives = r.pillars.filter((k) => held.has(k)).length;
  if (r.secretPicks > 0 && [1, 2, 3, 4, 5].some((k) => held.has(k) && !r.pillars.includes(k))) objectives += 1;
  return objectives * r.vpMultiplier;
}

describe('control calculator (rulebook: 2. Pillars of Fate Phase, 7. Scoring Phase)', () => {
  it('hand enumeration: holding 1 pillar scores 22/36 VP a round (8 two-pillar, 2 doubles, 2 six+it, 8 six+other as the Secret pick, 2 Critical) — 6.1 over 10 rounds', () => {
    // Pillar 1 held. Two distinct non-6 faces naming it: (1,2..5) both orders = 8 outcomes, 1 VP.
    // Doubles 1+1: 2 VP. A 6 with a 1: 1 VP (the Secret pick needs another held pillar: none), 2 outcomes.
    // A 6 with 2..5: the Secret pick takes pillar 1, 1 VP, 8 outcomes. Double 6: Critical on pillar 1, 2 VP.
    const hand = 8 * 1 + 1 * 2 + 2 * 1 + 8 * 1 + 1 * 2;
    expect(hand).toBe(22);
    const c = roundCounts(1);
    expect(c.vp[1] + 2 * c.vp[2]).toBe(22);
    const r = controlResult(1, 10);
    expect(r.summary[1].vpPerRoundFraction).toBe('11/18');
    expect(r.summary[1].vpOverGame).toBeCloseTo(220 / 36, 12);
    expect(r.summary[1].vpOverGame.toFixed(1)).toBe('6.1');
  });
  it('hand enumeration: holding 2 pillars scores 1 VP a round (16 + 4 + 14 + 2 = 36 of 36), 10 over 10 rounds', () => {
    // Pillars 1, 2. Distinct non-6: both named 2 outcomes × 2 VP, one named 12 × 1 VP = 16. Doubles of a held one: 2 × 2 = 4.
    // A 6 with a held pillar: it scores and the Secret takes the other, 4 × 2 = 8; with an unheld one: Secret only, 6 × 1 = 6. Double 6: 2.
    expect(2 * 2 + 12 + 2 * 2 + 4 * 2 + 6 + 2).toBe(36);
    const r = controlResult(2, 10);
    expect(r.summary[2].vpPerRound).toBe(1);
    expect(r.summary[2].vpOverGame).toBe(10);
    expect(r.summary.map((s) => s.vpPerRoundFraction)).toEqual(['0', '11/18', '1', '4/3', '5/3', '2']);
  });
  it('roundScore agrees with the classifyPillarRoll formulation on all 36 outcomes, for every set of held pillars', () => {
    for (let mask = 0; mask < 32; mask++) {
      const held = new Set([1, 2, 3, 4, 5].filter((k) => mask & (1 << (k - 1))));
      forEachFateRoll((a, b) => expect(roundScore(a, b, (k) => held.has(k)).vp, `${a},${b} mask ${mask}`).toBe(vpByClassification(a, b, held)));
    }
  });
  it('any K pillars score alike (the roll names every number alike): {3, 5} = {1, 2}', () => {
    const dist = (held: Set<number>) => {
      const c = [0, 0, 0];
      forEachFateRoll((a, b) => (c[roundScore(a, b, (k) => held.has(k)).vp] += 1));
      return c;
    };
    expect(dist(new Set([3, 5]))).toEqual(dist(new Set([1, 2])));
    expect(dist(new Set([4]))).toEqual(roundCounts(1).vp);
  });
  it('a doubled objective gives one Fate Token (tokens: 20/36 a round holding 1)', () => {
    const c = roundCounts(1);
    expect(c.tokens[1] + 2 * c.tokens[2]).toBe(20);
    expect(controlResult(1, 10).summary[1].tokensOverGame).toBeCloseTo(200 / 36, 12);
  });
  it('the game distribution is the exact 10-fold convolution: sums to 36^10, mean = 10 × the round mean; 2 rounds by direct enumeration of 36^2', () => {
    const c = roundCounts(1);
    const d = convolveRounds(c.vp, 10);
    expect(d.reduce((s, x) => s + x, 0n)).toBe(36n ** 10n);
    expect(d.reduce((s, x, v) => s + x * BigInt(v), 0n)).toBe(220n * 36n ** 9n);
    const two = [0, 0, 0, 0, 0];
    forEachFateRoll((a, b) => forEachFateRoll((c2, d2) => (two[roundScore(a, b, (k) => k === 1).vp + roundScore(c2, d2, (k) => k === 1).vp] += 1)));
    expect(convolveRounds(c.vp, 2).map(Number)).toEqual(two);
    const r = controlResult(1, 10);
    expect(r.distribution[0].fraction).toBe(bigFraction(16n ** 10n, 36n ** 10n));
    expect(r.distribution[0].p).toBeCloseTo((16 / 36) ** 10, 18);
    expect(r.distribution[20].p).toBeCloseTo((2 / 36) ** 10, 25);
    expect(r.distribution.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 14);
    expect(r.distribution[0].atLeast).toBe(1);
  });
  it('holding 0 scores nothing, holding all 5 scores 2 every round', () => {
    expect(controlResult(0, 10).distribution[0].p).toBe(1);
    const all = controlResult(5, 10);
    expect(all.distribution[20].p).toBe(1);
    expect(all.summary[5].vpSd).toBe(0);
  });
  it('Monte Carlo (controlSim) within 99.9% intervals of exact at a fixed seed', async () => {
    for (const hold of [1, 3]) {
      const run = await runSimulation({ simId: 'dualfates/dualfates', params: { kind: 'control', hold, rounds: 10 }, n: 40_000, seed: 20261130, jobs: 1 });
      const rows = controlCheckRows(hold, 10, run.totals, 0.999);
      expect(rows.length).toBeGreaterThan(10);
      for (const r of rows) expect(r.exactInInterval, `${hold}: ${r.metric}`).toBe(true);
    }
  });
});

describe('armor reading (parameter armorRule; README choice 7)', () => {
  const P = defaultAttackParams;
  it('Training Strike on the Training Knight: 3.71 attacks with armor as a pool, 4.27 with armor per hit', () => {
    expect(exactAttack(P()).toIncapacitate.mean.toFixed(2)).toBe('3.71');
    expect(exactAttack(P({ armorRule: 'perHit' })).toIncapacitate.mean.toFixed(2)).toBe('4.27');
  });
  it('per hit without shields = the pool convolution of max(0, damage - armor) against health alone', () => {
    for (const armor of [1, 2, 4]) {
      const x = exactAttack(P({ damage: 'heavy', armor, health: 6, armorRule: 'perHit' }));
      const raw = x.damage.weights.map((w) => w / x.damage.total);
      const reduced = raw.map(() => 0);
      raw.forEach((q, d) => (reduced[Math.max(0, d - armor)] += q));
      expect(x.toIncapacitate.mean).toBeCloseTo(attacksToIncapacitate(reduced, 6).mean, 12);
    }
  });
  it('per hit with shields agrees with a Markov chain over (shields, armor, health) using applyDamage(…, perHit)', () => {
    const p = P({ damage: 'heavy', shields: 2, armor: 1, health: 4, armorRule: 'perHit' });
    const x = exactAttack(p);
    const perAttack = x.damage.weights.map((w) => w / x.damage.total);
    let states = new Map<string, number>([['2,1,4', 1]]);
    for (let k = 0; k < 25; k++) {
      const next = new Map<string, number>();
      let down = 0;
      for (const [key, m] of states) {
        const [s, a, h] = key.split(',').map(Number);
        perAttack.forEach((q, d) => {
          if (q === 0) return;
          const u = { shields: s, armor: a, health: h };
          if (applyDamage(u, d, 'perHit')) down += m * q;
          else next.set(`${u.shields},${u.armor},${u.health}`, (next.get(`${u.shields},${u.armor},${u.health}`) ?? 0) + m * q);
        });
      }
      expect(x.toIncapacitate.dist[k]).toBeCloseTo(down, 14);
      states = next;
    }
    // Per hit, armor is never used up.
    const u = { shields: 0, armor: 1, health: 4 };
    applyDamage(u, 3, 'perHit');
    expect(u).toEqual({ shields: 0, armor: 1, health: 2 });
  });
  it('armor at least the highest damage never lets a hit through: never incapacitated', () => {
    const x = exactAttack(P({ damage: 'heavy', armor: 6, armorRule: 'perHit' }));
    expect(x.success.landed).toBeGreaterThan(0);
    expect(x.toIncapacitate.possible).toBe(false);
  });
  it('Monte Carlo per hit within 99.9% intervals of exact at a fixed seed', async () => {
    const p = P({ damage: 'medium', shields: 1, armor: 1, health: 5, armorRule: 'perHit' });
    const x = exactAttack(p);
    const simParams: AttackSimParams = { target: 7, successRule: 'meetOrBeat', deflect: false, deflectRule: 'meetOrBeat', damageDice: 'd6', armorRule: 'perHit', shields: 1, armor: 1, health: 5, maxAttacks: (1 << 20) - 1 };
    const run = await runSimulation({ simId: 'dualfates/dualfates', params: { kind: 'attack', ...simParams }, n: 40_000, seed: 7, jobs: 1 });
    const r = mcAttackResult(p, x, run.totals, 0.999);
    expect(r.attacksToIncapacitate.mean.exactInInterval).toBe(true);
    for (const d of r.attacksToIncapacitate.distribution.slice(0, 10)) expect(d.exactInInterval).toBe(true);
  });
});

describe('unit sheets as parameters (--attacker, --ability, --target, --unit)', () => {
  const units = loadUnitSheets();
  const pick = (over: Record<string, string | number>) => applyUnitPicks({ ...defaultsOf(ATTACK_PARAMS), ...over }, units, 'units.yaml');
  it('the defaults are the Training Knight\'s Training Strike on a Training Knight (the old defaults: DEF 7, medium, armor 1, health 5)', () => {
    const { params, picks } = pick({});
    expect([params.vs, params.value, params.damage, params.attack, params.armor, params.health]).toEqual(['def', 7, 'medium', 'melee', 1, 5]);
    expect(picks).toMatchObject({ attacker: 'Training Knight', ability: 'Training Strike', target: 'Training Knight' });
    const d = defaultAttackParams();
    expect([d.vs, d.value, d.damage, d.armor, d.health]).toEqual([params.vs, params.value, params.damage, params.armor, params.health]);
  });
  it('--vs dod takes the target\'s DOD (6), --vs will its WILL (5); a given --value wins', () => {
    expect(pick({ vs: 'dod' }).params.value).toBe(6);
    expect(pick({ vs: 'will' }).params.value).toBe(5);
    expect(pick({ vs: 'dod', value: 9 }).params.value).toBe(9);
  });
  it("ATTACK EXAMPLE by names: Eric's Wrench Strike on a Bone Boy is melee vs DEF 4, light, armor 0, health 4", () => {
    const { params } = pick({ attacker: 'eric', target: 'bone boy' });
    expect([params.vs, params.value, params.damage, params.attack, params.armor, params.health]).toEqual(['def', 4, 'light', 'melee', 0, 4]);
  });
  it('a stat the rulebook does not give (null on the sheet) or no unit (none) asks for the parameter', () => {
    expect(() => pick({ target: 'eric' })).toThrow(/parameter value: Eric's DEF is not in the rulebook .*give --value/);
    expect(() => pick({ target: 'bone boy', vs: 'dod' })).toThrow(/Bone Boy's DOD is not in the rulebook/);
    expect(() => pick({ target: 'none' })).toThrow(/parameter value: no target unit/);
    expect(() => pick({ attacker: 'none' })).toThrow(/parameter vs: no attack ability/);
    expect(() => pick({ vs: 'static' })).toThrow(/parameter value: a static target number/);
    expect(() => pick({ target: 'knight' })).toThrow(/parameter target: unknown unit "knight" .*known: Training Knight, Bone Boy, Eric/);
    expect(() => pick({ ability: 'battle cry' })).toThrow(/Battle Cry is not an attack/);
    expect(pick({ attacker: 'none', vs: 'static', value: 9, damage: 'heavy' }).params).toMatchObject({ vs: 'static', value: 9, damage: 'heavy', armor: 1, health: 5 });
  });
  it('through the CLI: --attacker eric --target bone-boy (11/12, as wrench-strike.yaml), --vs dod (13/18), --unit for running, --target for the table', () => {
    const j = (args: string[]) => JSON.parse(runCli(['dualfates', ...args, '--format', 'json']).stdout);
    const a = j(['attack', '--attacker', 'eric', '--target', 'bone-boy']);
    expect(a.result.successFraction).toBe('11/12');
    expect(a.result.units).toMatchObject({ attacker: 'Eric', ability: 'Wrench Strike', target: 'Bone Boy' });
    expect(a.result.target).toMatchObject({ value: 4, damageType: 'light', attack: 'melee' });
    expect(j(['attack', '--vs', 'dod']).result).toMatchObject({ successFraction: '13/18', target: { value: 6 } });
    expect(j(['run', '--unit', 'Training Knight']).result.speed).toBe(5);
    expect(j(['table', '--target', 'bone boy']).result.incapacitation).toMatchObject({ targetValue: 4, target: 'Bone Boy' });
    const bad = runCli(['dualfates', 'attack', '--target', 'eric']);
    expect([bad.code, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toMatch(/Eric's DEF is not in the rulebook/);
    const run = runCli(['dualfates', 'run', '--unit', 'eric']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Eric's Speed is not in the rulebook/);
  }, 30_000);
  it('--armor-rule perHit through the CLI, and the report names the reading either way', () => {
    const pool = JSON.parse(runCli(['dualfates', 'attack', '--format', 'json']).stdout);
    const hit = JSON.parse(runCli(['dualfates', 'attack', '--armor-rule', 'perHit', '--format', 'json']).stdout);
    expect(pool.result.attacksToIncapacitate.mean.toFixed(2)).toBe('3.71');
    expect(hit.result.attacksToIncapacitate.mean.toFixed(2)).toBe('4.27');
    expect(pool.assumptions.join(' ')).toMatch(/Armor as a pool \(reading, the default\)/);
    expect(hit.assumptions.join(' ')).toMatch(/Armor per hit \(reading, --armor-rule perHit\)/);
    const table = JSON.parse(runCli(['dualfates', 'table', '--armor-rule', 'perHit', '--format', 'json']).stdout);
    expect(table.result.incapacitation.armorRule).toBe('perHit');
  }, 30_000);
});

describe('sim dualfates control through the CLI', () => {
  it('--hold 1 and --hold 2 over 10 rounds: 6.1 and 10 expected VP; bad --hold exits 2', () => {
    const j = (hold: string) => JSON.parse(runCli(['dualfates', 'control', '--hold', hold, '--format', 'json']).stdout);
    const one = j('1');
    expect(one.method).toBe('exact');
    expect(one.result.summary[1].vpOverGame).toBeCloseTo(55 / 9, 12);
    expect(one.result.distribution).toHaveLength(21);
    expect(j('2').result.summary[2].vpOverGame).toBe(10);
    const bad = runCli(['dualfates', 'control', '--hold', '6']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/option --hold: .*\[0, 5\]/);
  }, 30_000);
  it('--method mc: same JSON at -j 1 and -j 2, every check beside its exact value', () => {
    const base = ['dualfates', 'control', '--hold', '2', '--method', 'mc', '-n', '20000', '--seed', '3', '--format', 'json'];
    const one = runCli([...base, '-j', '1']);
    const two = runCli([...base, '-j', '2']);
    expect(one.code, one.stderr).toBe(0);
    const strip = (s: string) => {
      const o = JSON.parse(s);
      delete o.timings;
      return o;
    };
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
    const checks = JSON.parse(one.stdout).result.checks as { metric: string; exact: number }[];
    expect(checks.find((c) => c.metric === 'mean VP over 10 rounds')!.exact).toBe(10);
  }, 30_000);
});

describe('sim dualfates table headers name cover, not damage', () => {
  it('no column is headed "light" or "heavy"; the cover columns say DOD and cover', () => {
    for (const m of MODIFIER_SETS) expect(['light', 'heavy']).not.toContain(m.header);
    expect(MODIFIER_SETS.find((m) => m.key === 'lightCover')!.header).toMatch(/DOD.*cover/);
    const r = runCli(['dualfates', 'table']);
    expect(r.stdout).toMatch(/lt cover/);
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
  });
});
