// Exact engine vs Monte Carlo engine on random configurations at a fixed seed. Every Monte Carlo
// proportion (hits, unsaved hits, damaging hits and Reeling results 0..ROF, the eight final states) must contain the exact value in its
// Clopper–Pearson interval. Tolerance: family-wise confidence 0.999 over all checks of the file
// (Bonferroni: each interval at 1 − 0.001/m), 20,000 attacks per configuration. Clopper–Pearson,
// not Wilson: many checked probabilities are rare (n·p < 1), where Wilson's interval undercovers
// and would fail far more often than the stated 0.1%.
import { describe, expect, it } from 'vitest';
import { Layout } from '../src/core/aggregate.js';
import type { GamePlayer } from '../src/core/game.js';
import { playChunk } from '../src/core/chunk.js';
import { resolveParams } from '../src/core/params.js';
import { UsageError } from '../src/core/usageError.js';
import { randIndex, streamFor } from '../src/core/rng.js';
import { clopperPearson } from '../src/core/stats.js';
import { compileAttack, type AttackPlan } from '../src/games/genisys/attackPlan.js';
import { attackSim } from '../src/games/genisys/attackSim.js';
import { exactAttack } from '../src/games/genisys/exactAttack.js';
import { COVERS, GENISYS_PARAMS, RANGES, readParams } from '../src/games/genisys/genisysParams.js';
import { DIE_NAMES } from '../src/games/genisys/dieLadder.js';

const CONFIGS = 60;
const ATTACKS = 20_000;
const SEED = 20260313;

/** Configuration number i, drawn from its own stream; null when the rules forbid it. */
function randomPlan(i: number): { o: Record<string, unknown>; plan: AttackPlan } | null {
  const rng = streamFor(SEED, i);
  const pick = <T>(xs: readonly T[]) => xs[randIndex(rng, xs.length)];
  const flag = (oneIn: number) => randIndex(rng, oneIn) === 0;
  const resilient = pick([1, 1, 2, 3]);
  const o: Record<string, unknown> = {
    skill: pick(DIE_NAMES),
    rof: 1 + randIndex(rng, 4),
    range: pick(RANGES),
    power: pick(DIE_NAMES),
    armor: 2 + randIndex(rng, 9),
    resolution: pick(DIE_NAMES),
    cover: pick(COVERS),
    multipleCover: flag(4),
    open: flag(5),
    aimed: flag(3),
    stealth: flag(4),
    mindless: flag(6),
    vehicle: flag(6),
    resilient,
    damageTaken: randIndex(rng, resilient),
    illBeBack: flag(3),
    hastaLaVista: flag(8),
    tdd: flag(2),
    flame: flag(10),
    area: flag(10),
    semiAutomatic: flag(8),
    stoppingPower: flag(6),
    sniper: flag(8),
    // Drawn last, so the fields above are those of the earlier configurations.
    defenderTdd: flag(3) ? 'contest' : 'none',
    'tdd.attackerAgent': pick(['d8', 'd8', 'd10']),
    vtol: flag(10),
    coverSaves: !flag(12),
    'mindless.extremeCover': pick(['automatic', 'none', 'full']),
    doneMarkers: randIndex(rng, 3),
  };
  if (o.aimed) o.rof = 1;
  if (o.cover === 'none' || o.open) o.multipleCover = false;
  try {
    return { o, plan: compileAttack(readParams(resolveParams(GENISYS_PARAMS, o, (k) => k))) };
  } catch (err) {
    if (err instanceof UsageError) return null;
    throw err;
  }
}

describe('exact engine vs Monte Carlo engine', () => {
  it(`${CONFIGS} random configurations, ${ATTACKS} attacks each: every exact value inside its Monte Carlo interval`, () => {
    const cases: { o: Record<string, unknown>; plan: AttackPlan }[] = [];
    for (let i = 0; cases.length < CONFIGS; i++) {
      const c = randomPlan(i);
      if (c) cases.push(c);
    }
    // Number of checks: per configuration (rof + 1) each of hits, unsaved, damage and Reeling results + 8 outcomes.
    const m = cases.reduce((a, c) => a + 4 * (c.plan.rof + 1) + 8, 0);
    const confidence = 1 - 0.001 / m;
    const failures: string[] = [];
    let withTdd = 0;
    let contested = 0;
    for (const [ci, { o, plan }] of cases.entries()) {
      if (plan.tdd) withTdd++;
      if (plan.tddContest) contested++;
      const exact = exactAttack(plan);
      const layout = new Layout(attackSim.metrics(plan));
      const data = playChunk(attackSim.createPlayer(plan) as GamePlayer, layout, SEED + ci, 0, ATTACKS);
      const bins = (metric: number, k: number) => data[layout.offsets[metric] + 6 + k];
      const check = (what: string, count: number, p: number) => {
        const { lo, hi } = clopperPearson(count, ATTACKS, confidence);
        if (p < lo - 1e-12 || p > hi + 1e-12) failures.push(`config ${ci} ${JSON.stringify(o)}: ${what} exact ${p} outside [${lo}, ${hi}]`);
      };
      for (let k = 0; k <= plan.rof; k++) {
        check(`hits[${k}]`, bins(0, k), exact.hits[k]);
        check(`unsaved[${k}]`, bins(1, k), exact.unsaved[k]);
        check(`damage[${k}]`, bins(2, k), exact.damage[k]);
      }
      for (let k = 0; k <= plan.rof; k++) check(`reels[${k}]`, bins(4, k), exact.reels[k]);
      for (let i = 0; i < 8; i++) check(`outcome[${i}]`, bins(3, i), exact.outcome[i]);
    }
    expect(failures).toEqual([]);
    expect(withTdd).toBeGreaterThanOrEqual(15);
    expect(contested).toBeGreaterThanOrEqual(5);
  }, 60_000);
});

describe('exact engine vs Monte Carlo engine: the TDD where a re-roll cannot succeed (README 5)', () => {
  // Directed cases: a Power die that cannot reach the Armor, the Resolution batch, I'll Be Back.
  const CASES: Record<string, unknown>[] = [
    { skill: 'd6', rof: 1, range: 'pb', power: 'd6', armor: 8, resolution: 'd20', mindless: true, illBeBack: true, tdd: true },
    { flame: true, power: 'd6', armor: 8, tdd: true },
    { flame: true, rof: 1, power: 'd20', armor: 1, illBeBack: true, tdd: true },
    { flame: true, rof: 1, power: 'd20', armor: 1, illBeBack: true, tdd: true, 'illBeBack.target': 1 },
    // The defender contests (README 15): every kind of re-roll, at D8 vs D8 and D10 vs D8.
    { skill: 'd6', rof: 2, range: 'short', open: true, power: 'd8', armor: 5, resolution: 'd8', tdd: true, defenderTdd: 'contest' },
    { flame: true, power: 'd6', armor: 8, tdd: true, defenderTdd: 'contest', 'tdd.attackerAgent': 'd10' },
    { flame: true, rof: 1, power: 'd20', armor: 1, illBeBack: true, tdd: true, defenderTdd: 'contest' },
    { skill: 'd20', 'toHit.short': 1, rof: 3, range: 'short', power: 'd8', armor: 6, resilient: 3, tdd: true, defenderTdd: 'contest', 'tdd.defenderAgent': 'd10' },
  ];
  it(`${CASES.length} configurations, ${2 * ATTACKS} attacks each: every exact value inside its Monte Carlo interval`, () => {
    const plans = CASES.map((o) => compileAttack(readParams(resolveParams(GENISYS_PARAMS, o, (k) => k))));
    const m = plans.reduce((a, p) => a + 4 * (p.rof + 1) + 8, 0);
    const confidence = 1 - 0.001 / m;
    const failures: string[] = [];
    for (const [ci, plan] of plans.entries()) {
      const exact = exactAttack(plan);
      const layout = new Layout(attackSim.metrics(plan));
      const data = playChunk(attackSim.createPlayer(plan) as GamePlayer, layout, SEED + 1000 + ci, 0, 2 * ATTACKS);
      const check = (what: string, metric: number, k: number, p: number) => {
        const { lo, hi } = clopperPearson(data[layout.offsets[metric] + 6 + k], 2 * ATTACKS, confidence);
        if (p < lo - 1e-12 || p > hi + 1e-12) failures.push(`case ${ci} ${JSON.stringify(CASES[ci])}: ${what} exact ${p} outside [${lo}, ${hi}]`);
      };
      for (let k = 0; k <= plan.rof; k++) {
        check(`hits[${k}]`, 0, k, exact.hits[k]);
        check(`unsaved[${k}]`, 1, k, exact.unsaved[k]);
        check(`damage[${k}]`, 2, k, exact.damage[k]);
        check(`reels[${k}]`, 4, k, exact.reels[k]);
      }
      for (let i = 0; i < 8; i++) check(`outcome[${i}]`, 3, i, exact.outcome[i]);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('Monte Carlo attacks by range (playRange) and one by one (play)', () => {
  it('record the same chunk, bit for bit, on 20 random configurations', () => {
    let done = 0;
    for (let i = 0; done < 20; i++) {
      const c = randomPlan(i);
      if (!c) continue;
      done++;
      const layout = new Layout(attackSim.metrics(c.plan));
      const player = attackSim.createPlayer(c.plan) as GamePlayer;
      const byRange = playChunk(player, layout, SEED, 10, 2_000, [500]);
      const oneByOne = playChunk({ play: player.play }, layout, SEED, 10, 2_000);
      expect([...byRange]).toEqual([...oneByOne]);
    }
  });
});
