// `sim genisys skirmish`: the engine's rules on hand-built positions (moves, the Close Combat lock,
// no ranged attack after a Run, 'Hasta la Vista', aimed shots, Reeling and recovery, "On Your
// Feet, Soldier!", Annihilate), the game-end rolls and the Tactical roll-off against their exact
// distributions, the symmetric Infighting match, user policy modules, and the CLI (compare,
// sweep, the large table). rulebook: ../shared/rules/genisys-miniatures-game.txt.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Layout } from '../src/core/aggregate.js';
import { playChunk } from '../src/core/chunk.js';
import type { GamePlayer } from '../src/core/game.js';
import { resolveParams } from '../src/core/params.js';
import { parseScenario } from '../src/core/scenarioFile.js';
import { streamFor } from '../src/core/rng.js';
import { clopperPearson, pairedProportionDifference } from '../src/core/stats.js';
import { rollOffWin } from '../src/games/genisys/attackPlan.js';
import { dieLabel } from '../src/games/genisys/dieLadder.js';
import { ATTACK_CODE, DEC_ATTACK, MOVE_CODE, OUT_A, OUT_DRAW, Skirmish } from '../src/games/genisys/skirmish.js';
import { buildSkirmish, SKIRMISH_PARAMS } from '../src/games/genisys/skirmishEntry.js';
import { checkSkirmishGame, createSkirmish, S_DRAW, S_EDGE_A, S_FIRST_WINS, S_SECOND_WINS, S_TURNS, S_WIN_A, S_WIN_B, skirmishSim } from '../src/games/genisys/skirmishSim.js';
import type { SkirmishSpec } from '../src/games/genisys/skirmishSpec.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const ARMED = 'scenarios/genisys/resistance-assumed.yaml';
const spec = (o: Record<string, unknown>) => buildSkirmish(resolveParams(SKIRMISH_PARAMS, o, (k) => k));
/** An engine with both sides' models placed by hand (positions in inches, every model in lane 0 unless `ys` says), every model in cover unless said. */
async function board(o: Record<string, unknown>, xs: number[], ys: number[] = []): Promise<Skirmish> {
  const g = new Skirmish(await spec(o));
  g.policies = (await createSkirmish(g.spec)).policies;
  g.play(streamFor(1, 0)); // a game, to size and reset everything; then the hand-built state
  for (let i = 0; i < g.m; i++) {
    g.x[i] = Math.round(xs[i] * 100);
    g.y[i] = Math.round((ys[i] ?? 0) * 100);
    g.inPlay[i] = 1;
    g.markers[i] = 0;
    g.damage[i] = 0;
    g.cover[i] = 1;
    g.type[i] = g.spec.models[i].type;
  }
  g.alive[0] = g.spec.models.filter((m) => m.side === 0).length;
  g.alive[1] = g.spec.models.filter((m) => m.side === 1).length;
  g.over = false;
  return g;
}
async function simulate(s: SkirmishSpec, games: number, seed: number) {
  const layout = new Layout(skirmishSim.metrics(s));
  const player = (await skirmishSim.createPlayer(s)) as GamePlayer;
  const data = playChunk(player, layout, seed, 0, games);
  return (metric: number, value: number) => data[layout.offsets[metric] + 6 + value];
}
const codes = (n: number, out: Int32Array) => Array.from(out.subarray(0, n));
const moves = (g: Skirmish, i: number) => {
  const out = new Int32Array(64);
  g.activeModel = i;
  return codes(g.moveOptions(i, out), out).map((c) => [Math.floor(c / MOVE_CODE), (c % MOVE_CODE) / 100]);
};
const attacks = (g: Skirmish, i: number, at: number, ran: boolean, moved: boolean) => {
  const c = new Int32Array(64);
  const p = new Int32Array(64);
  const n = g.attackOptions(i, Math.round(at * 100), ran, moved, c, p);
  return codes(n, c).map((code, k) => ({ weapon: g.spec.weapons[g.spec.types[g.type[i]].weapons[Math.floor(code / ATTACK_CODE)]].name, target: code % ATTACK_CODE, hasta: p[k] % 2 === 1, plan: g.spec.plans[p[k]]! }));
};

describe('the skirmish engine on hand-built positions', () => {
  it('moves: Walk 5 in., Run 11 in. beyond it, stopping short of the enemy and at range-band edges (Moving; Larger Playing Surfaces)', async () => {
    // An Endoskeleton at 2 in., the enemy at 22 in. (20 in. away), 1 in. closest approach:
    // stay; walk to 7 or back to the edge (0); run to 13, or to 11 (the enemy exactly at Short range's edge, 11 in.).
    const g = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [2, 22]);
    expect(moves(g, 0)).toEqual([[0, 2], [1, 7], [1, 0], [2, 13], [2, 11]]);
    // A crawler is Slow and makes no double move (I'll Be Back): 2 in. only (12 in. away: forward
    // to 12, back to 8, or 1 in. to have the enemy exactly at Short range's edge).
    const c = await board({ sideA: 'crawler', sideB: 'endoskeleton' }, [10, 22]);
    expect(moves(c, 0)).toEqual([[0, 10], [1, 12], [1, 8], [1, 11]]);
    // Next to the enemy it stops 1 in. short: from 3 in. away a walk forward ends at 12 (1 in.
    // short) or 11 (the enemy at the edge of Close Combat range), never nearer; no run.
    const close = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [10, 13]);
    expect(moves(close, 0).filter(([, x]) => x > 10)).toEqual([[1, 12], [1, 11]]);
  });
  it('no ranged attack after a Run; the Close Combat lock; a ranged weapon at Long range (Moving and Attacking; Weaponry)', async () => {
    const g = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [2, 22]);
    // 20 in.: Long range: the plasma gun (6+), not the claws.
    expect(attacks(g, 0, 2, false, false).map((a) => [a.weapon, a.plan.hitTarget])).toEqual([['Plasma gun', 6]]);
    expect(attacks(g, 0, 13, true, true)).toEqual([]); // ran: nothing at 9 in.
    // Within 2 in. of a standing enemy: the claws only (3+), after a walk or a run.
    const cc = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [10, 11.5]);
    expect(attacks(cc, 0, 10, false, true).map((a) => [a.weapon, a.plan.hitTarget, a.hasta])).toEqual([['Terminator claws', 3, false]]);
    expect(attacks(cc, 0, 10, true, true).map((a) => a.weapon)).toEqual(['Terminator claws']);
  });
  it("'Hasta la Vista' on a reeling enemy within 2 in. when no other enemy is there, with either weapon; not with another enemy in CC range", async () => {
    const g = await board({ sideA: 'endoskeleton', sideB: '2*endoskeleton' }, [10, 11.5, 20]);
    g.markers[1] = 2;
    const hasta = attacks(g, 0, 10, false, true).filter((a) => a.target === 1);
    expect(hasta.map((a) => [a.weapon, a.hasta, a.plan.hitTarget, dieLabel(a.plan.powerStep)])).toEqual([['Terminator claws', true, 2, 'D20'], ['Plasma gun', true, 2, 'D20']]);
    // Not locked by a reeling enemy: the plasma gun may fire at the other one (Long range, 10 in.: Short).
    expect(attacks(g, 0, 10, false, true).filter((a) => a.target === 2).map((a) => a.weapon)).toEqual(['Plasma gun']);
    g.x[2] = 1150; // a second enemy within 2 in.
    const two = attacks(g, 0, 10, false, true);
    expect(two.some((a) => a.hasta)).toBe(false);
    expect(two.every((a) => a.weapon === 'Terminator claws')).toBe(true);
  });
  it('an aimed shot when the model did not move and the weapon has ROF 1 (Aimed Shots): a soldier\'s D6 rolls a D8', async () => {
    const g = await board({ units: ARMED, sideA: 'resistance-soldier', sideB: 'endoskeleton' }, [2, 20]);
    expect(attacks(g, 0, 2, false, false).map((a) => [a.weapon, dieLabel(a.plan.skillStep), a.plan.hitTarget])).toEqual([['Plasma rifle', 'D8', 6]]);
    expect(attacks(g, 0, 4, false, true).map((a) => [a.weapon, dieLabel(a.plan.skillStep)])).toEqual([['Plasma rifle', 'D6']]);
    // A damaged Resilient attacker degrades its Skill (Resilient (n)).
    g.damage[0] = 1;
    expect(attacks(g, 0, 4, false, true).map((a) => dieLabel(a.plan.skillStep))).toEqual(['D4']);
  });
  it('cover is the target\'s after its move at Point Blank and Short range; Long range is always cover, CC never (issue 19)', async () => {
    const g = await board({ units: ARMED, sideA: 'resistance-soldier', sideB: 'resistance-soldier' }, [2, 10]);
    g.cover[1] = 1;
    expect(attacks(g, 0, 2, false, true)[0].plan.hasSave).toBe(true);
    g.cover[1] = 0;
    expect(attacks(g, 0, 2, false, true)[0].plan.hasSave).toBe(false);
    g.x[1] = 2000;
    expect(attacks(g, 0, 2, false, true)[0].plan.hasSave).toBe(true); // 18 in.: Long
  });
  it('Reeling: two Done markers on a model without any; the End Turn takes one off, so it sits out this turn and the next (Resolution Tests; End Turn)', async () => {
    const g = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [2, 22]);
    g.markers[1] = 2;
    g.endTurn();
    expect(g.modelMarkers(1)).toBe(1);
    g.endTurn();
    expect(g.modelMarkers(1)).toBe(0);
  });
  it('"On Your Feet, Soldier!": a Command 2 captain takes off two more markers from friends within 5 in., most first (Commanders)', async () => {
    const g = await board({ units: ARMED, sideA: 'resistance-captain,3*resistance-soldier', sideB: 'endoskeleton' }, [5, 6, 8, 15, 22]);
    g.markers.set([0, 3, 2, 2, 0]);
    g.endTurn();
    // One off each (→ 2, 1, 1), then the captain: soldier 1 (2 → 1), then the first with the most (soldier 1 → 0); soldier 3 is 10 in. away.
    expect([1, 2, 3].map((i) => g.modelMarkers(i))).toEqual([0, 1, 1]);
  });
  it('Annihilate: the points of enemy models removed and half of damaged Resilient ones; a win needs 10% of the game size (Mission 1)', async () => {
    const g = await board({ units: ARMED, sideA: '10*resistance-soldier', sideB: '10*resistance-soldier' }, [...Array(10).fill(2), ...Array(10).fill(22)]);
    g.inPlay[10] = 0;
    g.alive[1] = 9;
    g.decide();
    expect([g.outcome, g.score[0], g.score[1]]).toEqual([OUT_A, 1, 0]); // 1 of 10 points: exactly 10%
    g.inPlay[0] = 0;
    g.alive[0] = 9;
    g.decide();
    expect(g.outcome).toBe(OUT_DRAW);
    const big = await board({ units: ARMED, sideA: '10*resistance-soldier', sideB: '10*resistance-soldier@3' }, [...Array(10).fill(2), ...Array(10).fill(22)]);
    big.inPlay[10] = 0;
    big.decide();
    expect([big.outcome, big.score[0]]).toEqual([OUT_A, 3]); // 3 ≥ 10% of 30
  });
  it('the invariant check names what broke', async () => {
    const g = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [2, 22]);
    g.x[0] = 2150; // within 1 in. of the enemy
    expect(() => g.checkInvariants('test')).toThrow(/enemies 0\.5 in\. apart/);
    g.x[0] = 200;
    g.markers[0] = -1;
    expect(() => g.checkInvariants('test')).toThrow(/-1 Done markers/);
  });
});

describe('skirmish rule fixes against the rulebook', () => {
  const dir = tempDir('sim-skirmish-rules-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A units file: the bundled one plus a sniper rifle (Long, Sniper) and a vehicle with two ranged weapons. */
  const unitsFile = () => {
    const file = join(dir, 'units.yaml');
    writeFileSync(file, [
      'weapons:',
      '  plasma-gun: { name: Plasma gun, range: long, rof: 2, power: d8, special: [], source: test }',
      '  terminator-claws: { name: Terminator claws, range: cc, rof: 1, power: d10, special: [], source: test }',
      '  sniper-rifle: { name: Sniper rifle, range: long, rof: 1, power: d8, special: [sniper], source: test }',
      '  cannon: { name: Cannon, range: long, rof: 1, power: d10, special: [], source: test }',
      'units:',
      '  endoskeleton: { name: Endoskeleton, skill: d8, armor: 8, resolution: d20, special: [mindless, ill-be-back], weapons: [terminator-claws, plasma-gun], source: test }',
      '  crawler: { name: Crawler, skill: d6, armor: 8, resolution: d20, size: 0, special: [slow], weapons: [terminator-claws], source: test }',
      '  sniper: { name: Sniper, skill: d6, armor: 4, resolution: d8, special: [], weapons: [sniper-rifle], source: test }',
      '  tank: { name: Tank, skill: d8, armor: 9, resolution: d12, special: [vehicle], weapons: [plasma-gun, cannon], source: test }',
      '',
    ].join('\n'));
    return file;
  };
  it("no ranged 'Hasta la Vista' after a Run: a double move leaves only close combat weapons (Attacking – Moving and Attacking)", async () => {
    const g = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [10, 11.5]);
    g.markers[1] = 2; // reeling
    expect(attacks(g, 0, 10, true, true).map((a) => [a.weapon, a.hasta])).toEqual([['Terminator claws', true]]);
    // After a Walk both weapons may finish it off.
    expect(attacks(g, 0, 10, false, true).map((a) => [a.weapon, a.hasta])).toEqual([['Terminator claws', true], ['Plasma gun', true]]);
  });
  it("Battle Lines: a side's models stand apart (Moving – Moving Through Models: bases never overlap), so a model facing one enemy of a line is within 2 in. of it alone and may 'Hasta la Vista' it", async () => {
    const g = new Skirmish(await spec({ sideA: 'endoskeleton', sideB: '3*endoskeleton', policyA: 'hold', policyB: 'hold', 'track.length': 200, deploy: 0 }));
    g.policies = (await createSkirmish(g.spec)).policies;
    g.play(streamFor(1, 0)); // 200 in. apart and nobody moves: every model ends where the set-up put it
    g.over = false;
    g.markers.fill(0);
    g.markers[2] = 2; // the middle of side B's line reels
    const facing = attacks(g, 0, 199, false, true).filter((a) => a.target === 2);
    expect(facing.map((a) => [a.weapon, a.hasta])).toEqual([['Terminator claws', true], ['Plasma gun', true]]);
  });
  it('Extreme range only on a larger playing surface: a Sniper 23 in. away is out of range on the 3×2 ft mat, at 7+ on a large table (Larger Playing Surfaces – Extreme Range)', async () => {
    const units = unitsFile();
    const mat = await board({ units, sideA: 'sniper', sideB: 'endoskeleton', 'track.length': 30 }, [2, 25]);
    expect(attacks(mat, 0, 2, false, false)).toEqual([]);
    const large = await board({ units, sideA: 'sniper', sideB: 'endoskeleton', tableSize: 'large' }, [2, 25]);
    expect(attacks(large, 0, 2, false, false).map((a) => [a.weapon, a.plan.hitTarget])).toEqual([['Sniper rifle', 4]]);
    expect(attacks(large, 0, 2, false, true).map((a) => [a.weapon, a.plan.hitTarget])).toEqual([['Sniper rifle', 7]]);
  });
  it('a vehicle fires each of its weapons in one activation, other models one (Vehicles – Attacking: "they fire all of their weapons independently")', async () => {
    const units = unitsFile();
    const asked = async (sideA: string) => {
      const g = await board({ units, sideA, sideB: 'endoskeleton', policyA: 'hold', policyB: 'hold' }, [2, 14]);
      const base = g.policies[0];
      const weapons: number[] = [];
      g.policies[0] = {
        name: 'recorder',
        choose(rng, view, d, o, n, none) {
          if (d === DEC_ATTACK) weapons.push(Math.floor(o[0] / ATTACK_CODE));
          return d === DEC_ATTACK ? 0 : base.choose(rng, view, d, o, n, none);
        },
      };
      (g as unknown as { activate(rng: unknown, i: number): void }).activate(streamFor(2, 0), 0);
      return weapons;
    };
    expect(await asked('tank')).toEqual([0, 1]); // the plasma gun, then the cannon
    expect(await asked('endoskeleton')).toEqual([1]); // the plasma gun (12 in.: no claws), once
  });
});

describe('a model with a weapon other than its unit\'s; Area and AT weapons (Weapons\' Special Rules)', () => {
  /** Rngs whose every die rolls its highest face (rng.next() = 2^32 − 1: the last index) or its lowest (2^16: index 0, above Lemire's rejection threshold). */
  const maxRng = { next: () => -1 } as unknown as ReturnType<typeof streamFor>;
  const minRng = { next: () => 0x10000 } as unknown as ReturnType<typeof streamFor>;
  it('unit:weapon replaces the unit\'s weapons of that kind (README S13): a soldier keeps its combat knife and fires a rocket launcher (AT) instead of its plasma rifle', async () => {
    const s = await spec({ sideA: '4*endoskeleton', sideB: 'resistance-captain,resistance-soldier,resistance-soldier:plasma-rifle,resistance-soldier:rocket-launcher,resistance-soldier:grenade-launcher' });
    const carried = (m: number) => s.types[s.models[m].type].weapons.map((w) => s.weapons[w].name);
    expect(s.models.slice(4).map((m) => s.types[m.type].name)).toEqual(['Resistance Captain', 'Resistance Soldier', 'Resistance Soldier', 'Resistance Soldier with Rocket launcher (AT)', 'Resistance Soldier with Grenade launcher']);
    expect(s.models[6].type).toBe(s.models[5].type); // naming its own weapon: the same type
    expect([5, 7, 8].map(carried)).toEqual([['Combat knife', 'Plasma rifle'], ['Combat knife', 'Rocket launcher (AT)'], ['Combat knife', 'Grenade launcher']]);
    // A model the units file leaves unarmed is armed by naming both (Liberty or Death! – Arming Freedmen).
    const freed = await spec({ sideA: 'endoskeleton', sideB: 'freedman:combat-knife+plasma-rifle' });
    expect(freed.types[freed.models[1].type].weapons.map((w) => freed.weapons[w].name)).toEqual(['Combat knife', 'Plasma rifle']);
    for (const [sideB, msg] of [
      ['resistance-soldier:bazooka', /^parameter sideB: unknown weapon "bazooka" for resistance-soldier in .*units\.yaml; valid: plasma-gun, /],
      ['resistance-soldier:rocket-launcher+rocket-launcher', /names a weapon twice/],
      ['resistance-soldier:twin-plasma-rifle', /a twin mount .* is not modelled in the skirmish/],
      ['fence-generator:plasma-gun', /^parameter sideB: Fence generator has no Skill in .* and cannot fight$/],
    ] as const) await expect(spec({ sideA: 'endoskeleton', sideB }), sideB).rejects.toThrow(msg);
  });
  it('the rocket launcher (AT): Power D12, a Heavy weapon, degrades the target\'s Resolution die; no rule of its own (AT names a profile: HE Rounds)', async () => {
    const g = await board({ sideA: 'resistance-soldier:rocket-launcher', sideB: 'endoskeleton' }, [2, 20]);
    // 18 in.: Long range, not moved: an aimed shot (D6 → D8), 6+; Power D12 ≥ D10: heavy, the Endoskeleton's D20 Resolution degraded to D12.
    expect(attacks(g, 0, 2, false, false).map((a) => [a.weapon, dieLabel(a.plan.skillStep), a.plan.hitTarget, dieLabel(a.plan.powerStep), a.plan.heavy, dieLabel(a.plan.resStep)])).toEqual([['Rocket launcher (AT)', 'D8', 6, 'D12', true, 'D12']]);
    const rifle = await board({ sideA: 'resistance-soldier', sideB: 'endoskeleton' }, [2, 20]);
    expect(attacks(rifle, 0, 2, false, false).map((a) => [dieLabel(a.plan.powerStep), a.plan.heavy, dieLabel(a.plan.resStep)])).toEqual([['D8', false, 'D20']]);
  });
  it('Area: models hit receive no cover, regardless of range or terrain (Area (Small))', async () => {
    const g = await board({ sideA: 'resistance-soldier:grenade-launcher', sideB: 'resistance-soldier' }, [2, 10]);
    expect(attacks(g, 0, 2, false, true).map((a) => [a.weapon, a.plan.hasSave])).toEqual([['Grenade launcher', false]]); // in cover, Short range
    g.x[1] = 2000;
    expect(attacks(g, 0, 2, false, true)[0].plan.hasSave).toBe(false); // Long range: still no cover
    const rifle = await board({ sideA: 'resistance-soldier', sideB: 'resistance-soldier' }, [2, 20]);
    expect(attacks(rifle, 0, 2, false, true)[0].plan.hasSave).toBe(true);
  });
  // Diagram 10 on the track (inches, x along it, y across): the firer at (2, 0); a friend at (12, −3),
  // 1.4 in. from enemy A at (13, −2); enemy D at (13, 3) with B (13, 4.5) and C (14.5, 3) within 2 in.
  // of it and more than 2 in. from A.
  const diagram = { sideA: 'endoskeleton:grenade-launcher,endoskeleton', sideB: '4*resistance-soldier', tdd: 'none' };
  const xs = [2, 12, 13, 13, 13, 14.5];
  const ys = [0, -3, -2, 3, 4.5, 3];
  it('Area, Diagram 10: no firing at a target whose template would touch a friend (A); the others may be targeted', async () => {
    const g = await board(diagram, xs, ys);
    expect(attacks(g, 0, 2, false, false).filter((a) => a.weapon === 'Grenade launcher').map((a) => a.target)).toEqual([3, 4, 5]);
    g.inPlay[1] = 0; // the friend gone: A may be targeted too
    g.alive[0] = 1;
    expect(attacks(g, 0, 2, false, false).filter((a) => a.weapon === 'Grenade launcher').map((a) => a.target)).toEqual([2, 3, 4, 5]);
  });
  it('Area: a hit on the primary (D) hits the models within 2 in. of it too (B, C), not A; a miss hits none', async () => {
    const g = await board(diagram, xs, ys);
    const c = new Int32Array(64);
    const p = new Int32Array(64);
    const n = g.attackOptions(0, 200, false, false, c, p);
    const k = codes(n, c).findIndex((code, q) => code % ATTACK_CODE === 3 && g.spec.plans[p[q]]!.area);
    expect(k).toBeGreaterThanOrEqual(0);
    const attack = (rng: unknown) => (g as unknown as { attack(rng: unknown, side: number, p: number, j: number, hasta: boolean): void }).attack(rng, 0, p[k], 3, false);
    // Every die at its highest: the Skill roll hits, each Power D8 (8) beats Armor 4+: D, B and C are removed.
    attack(maxRng);
    expect([2, 3, 4, 5].map((i) => g.modelInPlay(i))).toEqual([true, false, false, false]);
    // Every die at its lowest: a miss, nobody is hit.
    const h = await board(diagram, xs, ys);
    (h as unknown as { attack(rng: unknown, side: number, p: number, j: number, hasta: boolean): void }).attack(minRng, 0, p[k], 3, false);
    expect([2, 3, 4, 5].map((i) => h.modelInPlay(i))).toEqual([true, true, true, true]);
  });
});

describe('the game turn against exact distributions', () => {
  // No shot can reach (200 in. apart, past Extreme range's 72) and nobody moves: every game is a
  // draw, and the number of turns is the game-end rolls' law: end after turn 5 with 1/4 (D4 = 4),
  // after 6 with 3/4 · 1/2 (D6 4+), after 7 + k with 3/8 · (3/20)^k · 17/20 (D20 4+).
  const apart = { sideA: 'endoskeleton', sideB: 'endoskeleton', policyA: 'hold', policyB: 'hold', 'track.length': 200, deploy: 0 };
  const law = (start: number) => (t: number) => (t < start ? 0 : t === start ? 1 / 4 : t === start + 1 ? 3 / 8 : (3 / 8) * (3 / 20) ** (t - start - 2) * (17 / 20));
  const GAMES = 20_000;
  for (const [label, extra, start] of [['play mat: from turn 5', {}, 5], ['large table: from turn 8', { 'gameEnd.start': 8 }, 8]] as const) {
    it(`Roll for Game End (${label}): turns played follow the D4/D6/D20 law; every game a draw`, async () => {
      const s = await spec({ ...apart, ...extra });
      const bins = await simulate(s, GAMES, 3);
      expect(bins(S_DRAW, 1)).toBe(GAMES);
      const p = law(start);
      const confidence = 1 - 0.001 / 12;
      for (let t = 1; t <= start + 4; t++) {
        const { lo, hi } = clopperPearson(bins(S_TURNS, t), GAMES, confidence);
        expect(p(t), `turns = ${t}`).toBeGreaterThanOrEqual(lo - 1e-12);
        expect(p(t), `turns = ${t}`).toBeLessThanOrEqual(hi + 1e-12);
      }
    });
  }
  it('the Tactical roll-off: D8 against D8 is even; D20 against D8 wins 124/152 (Tactical Roll-off; Roll-offs)', async () => {
    expect(rollOffWin(20, 8)).toBeCloseTo(124 / 152, 15);
    for (const [a, p] of [['d8', 1 / 2], ['d20', 124 / 152]] as const) {
      const bins = await simulate(await spec({ ...apart, 'tactical.a': a }), GAMES, 4);
      const { lo, hi } = clopperPearson(bins(S_EDGE_A, 1), GAMES, 0.9999);
      expect(p).toBeGreaterThan(lo);
      expect(p).toBeLessThan(hi);
    }
  });
  it('Infighting (Endoskeletons against Endoskeletons, the same bots): neither side is favoured (paired 99.9% interval covers 0)', async () => {
    // 12,000 games (±2.7 points at 99.9%): the default's look at the enemies' replies costs 3–3.5× a game.
    const MIRROR = 12_000;
    const bins = await simulate(await spec({}), MIRROR, 5);
    const a = bins(S_WIN_A, 1);
    const b = bins(S_WIN_B, 1);
    const d = pairedProportionDifference(0, a, b, MIRROR - a - b, 0.999);
    expect(d.lo).toBeLessThan(0);
    expect(d.hi).toBeGreaterThan(0);
    // Someone wins most games, and the first impulse is counted in every game won.
    expect(a + b).toBeGreaterThan(MIRROR / 2);
    expect(bins(S_FIRST_WINS, 1) + bins(S_SECOND_WINS, 1)).toBe(a + b);
  });
  it('the invariants hold over seeded rollouts of every policy, both tables, commanders, the armed Resistance and Area weapons', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { policyA: 'random', policyB: 'aim', tableSize: 'large', 'track.length': 48, deploy: 5, 'gameEnd.start': 8 },
      { units: ARMED, sideA: '3*endoskeleton', sideB: 'resistance-captain,4*resistance-soldier', policyA: 'hold', policyB: 'random', 'cover.chance': 1 },
      { units: ARMED, sideA: 'endoskeleton#2,2*endoskeleton', sideB: '2*resistance-captain,resistance-soldier', policyA: 'random', policyB: 'random', tdd: 'none', victory: 'survivors' },
      // Area weapons with lanes 1.5 in. apart: secondary hits happen.
      { sideA: '4*endoskeleton', sideB: 'resistance-captain,resistance-soldier:grenade-launcher,2*resistance-soldier:grenade-launcher+combat-knife,resistance-soldier:rocket-launcher', policyB: 'aim', spread: 1.5 },
    ];
    for (const o of cases) {
      const s = await spec(o);
      for (let i = 0; i < 150; i++) await checkSkirmishGame(s, streamFor(77, i), i);
    }
  }, 60_000);
});

describe('skirmish policies (src/core/policy.ts)', () => {
  const dir = tempDir('sim-skirmish-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('a user module answers some decisions and hands the rest to the base policy (one handing every decision plays the default policy’s games); an answer out of contract stops the game naming the decision', async () => {
    const file = join(dir, 'stayer.mjs');
    // Never moves (option 0 is "stay"), attacks like aim and hold (the likeliest removal, ties: an
    // active target, then the first); everything else: the base policy (advance).
    const likeliest = 'let b = 0; const reel = (c) => view.modelMarkers(view.attackTarget(c)) >= 2; for (let k = 1; k < n; k++) { const r = view.attackRemoval(o[k]), rb = view.attackRemoval(o[b]); if (r > rb || (r === rb && reel(o[b]) && !reel(o[k]))) b = k; } return b;';
    writeFileSync(file, `export default (data, base) => ({ name: "stayer", choose(rng, view, d, o, n, none) { if (d === 3) return 0; if (d === 4) { ${likeliest} } return base.choose(rng, view, d, o, n, none); } });\n`);
    const user = await spec({ policyA: file, policyB: 'hold' });
    const hold = await spec({ policyA: 'hold', policyB: 'hold' });
    expect(user.policies[0]).toBe(file);
    // Same decisions as `hold` (hold: stay; attack, ready and first as every built-in): the same games.
    const a = await simulate(user, 500, 9);
    const b = await simulate(hold, 500, 9);
    for (const m of [S_WIN_A, S_WIN_B, S_TURNS]) for (let v = 0; v <= 30; v++) expect(a(m, v), `metric ${m} = ${v}`).toBe(b(m, v));
    // A module that hands every decision (moves and attacks included) to the base plays the default's games.
    const pass = join(dir, 'pass.mjs');
    writeFileSync(pass, 'export default (data, base) => ({ name: "pass", choose: (rng, view, d, o, n, none) => base.choose(rng, view, d, o, n, none) });\n');
    const viaBase = await simulate(await spec({ policyA: pass, policyB: 'hold' }), 300, 10);
    const advance = await simulate(await spec({ policyA: 'advance', policyB: 'hold' }), 300, 10);
    for (const m of [S_WIN_A, S_WIN_B, S_TURNS]) for (let v = 0; v <= 30; v++) expect(viaBase(m, v), `metric ${m} = ${v}`).toBe(advance(m, v));
    const bad = join(dir, 'bad.mjs');
    writeFileSync(bad, 'export default { name: "bad", choose() { return 99; } };\n');
    const g = await createSkirmish(await spec({ policyA: bad }));
    expect(() => g.play(streamFor(1, 0))).toThrow(/policy bad: decision first impulse returned 99, expected an index in \[0, 2\)/);
  });
});

describe('sim genisys skirmish (CLI)', () => {
  it('reports win rates, survivors, turns and the first-activation advantage with intervals; --table-size large sets the large-table values', () => {
    const r = runCli(['genisys', 'skirmish', '-n', '400', '--seed', '3', '-q', '-j', '1', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    const { winA, winB, draw, firstActivation } = j.result;
    expect(winA.estimate + winB.estimate + draw.estimate).toBeCloseTo(1, 12);
    expect(firstActivation.advantage.lo).toBeLessThanOrEqual(firstActivation.advantage.estimate);
    expect(j.policy).toEqual(['advance', 'advance']);
    // The advantage is a difference of rates: in signed points, apart from the rate tables. These bots
    // always take the first impulse with the Tactical Edge, so its table would repeat the first impulse's.
    expect(j.result.edgeTookFirst).toMatchObject({ k: 400, n: 400 });
    const titles = (x: { tables: { title: string }[] }) => x.tables.map((t) => t.title);
    const advantage = j.tables.find((t: { title: string }) => t.title.startsWith('Advantage in turn 1'));
    expect(advantage.columns.slice(1).map((c: { format: string }) => c.format)).toEqual(['pp', 'pp', 'pp']);
    expect(advantage.rows.map((x: { quantity: string }) => x.quantity)).toEqual(["the first impulse (the Tactical Edge's holder took it in every game)"]);
    const turn1 = (x: { tables: { title: string; rows: { quantity: string }[] }[] }) => x.tables.find((t) => t.title.startsWith('First impulse and Tactical Edge of turn 1'))!.rows.map((r) => r.quantity);
    expect(turn1(j).some((q) => q.includes('(the side with the Tactical Edge wins)'))).toBe(false);
    const text = runCli(['genisys', 'skirmish', '-n', '400', '--seed', '3', '-q', '-j', '1']).stdout;
    expect(text).toMatch(/│ the first impulse \(the Tactical Edge's holder took it in every[^│]*│ +[−+±]\d+\.\d\d pp │ +[−+]\d+\.\d\d pp │/);
    expect(text).not.toMatch(/-\d/);
    // Random bots give the first impulse away at times: both advantages, each with its own table.
    const random = JSON.parse(runCli(['genisys', 'skirmish', '--policy-a', 'random', '--policy-b', 'random', '-n', '200', '--seed', '3', '-q', '-j', '1', '--format', 'json']).stdout);
    expect(random.result.edgeTookFirst.k).toBeLessThan(200);
    expect(random.result.edgeTookFirst.k).toBeGreaterThan(0);
    expect(random.tables.find((t: { title: string }) => t.title.startsWith('Advantage in turn 1')).rows.map((x: { quantity: string }) => x.quantity)).toEqual(['the first impulse', 'the Tactical Edge']);
    expect(turn1(random)).toContain('P(the side with the Tactical Edge wins)');
    // The same tables either way: a sweep joins its cells' tables by position (a cell with one table more shifted the rest).
    expect(titles(random)).toEqual(titles(j));
    const sweep = JSON.parse(runCli(['sweep', 'genisys', 'skirmish', '--grid', 'policyA=hold,random', '-n', '60', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    const turns = sweep.tables.find((t: { title: string }) => t.title.startsWith('Turns played'));
    expect(new Set(turns.rows.map((r: Record<string, string>) => r['cell.policyA']))).toEqual(new Set(['hold', 'random']));
    const large = JSON.parse(runCli(['genisys', 'skirmish', '--table-size', 'large', '-n', '50', '--seed', '3', '-q', '-j', '1', '--format', 'json']).stdout);
    expect([large.params['track.length'], large.params.deploy, large.params['gameEnd.start']]).toEqual([48, 5, 8]);
  });
  it("the assumptions state the run's own values, not the defaults (cover chance, spread, TDD, turn bound)", () => {
    const j = JSON.parse(runCli(['genisys', 'skirmish', '--cover-chance', '0', '--no-tdd', '--spread', '0', '--set', 'gameEnd.maxTurns=12', '-n', '20', '--seed', '3', '-q', '-j', '1', '--format', 'json']).stdout);
    const a = (prefix: string) => (j.assumptions as string[]).find((x) => x.startsWith(prefix)) ?? '';
    expect(a('S1 ')).toContain("a side's models spread 0 in. apart");
    expect(a('S4 ')).toContain('with probability cover.chance (0),');
    expect(a('S10 ')).toBe('S10 TDD: not used (tdd none).');
    expect(a('S12 ')).toContain('gameEnd.maxTurns turns (12)');
    const other = JSON.parse(runCli(['genisys', 'skirmish', '--set', 'victory=survivors', '--set', 'deploy=4', '--set', 'track.length=30', '-n', '10', '--seed', '3', '-q', '-j', '1', '--format', 'json']).stdout);
    const b = (prefix: string) => (other.assumptions as string[]).find((x) => x.startsWith(prefix)) ?? '';
    expect(b('S1 ')).toContain('(track.length 30 in.;');
    expect(b('S2 ')).toContain('(deploy 4 in. from its edge;');
    expect(b('S2 ')).toContain('won by the side with more models in play');
    expect(b('S11 ')).toMatch(/^S11 Victory \(survivors\)/);
  });
  it('compare pairs two policies on common random numbers; sweep runs a grid of them', () => {
    const c = runCli(['compare', 'genisys skirmish', '--set', 'policyA=hold', '-n', '300', '--seed', '2', '-q', '-j', '1', '--format', 'csv']);
    expect(c.code, c.stderr).toBe(0);
    // Rates and means in two tables (long CSV: the table's name first).
    expect(c.stdout.split('\n')[1]).toMatch(/^b-a-per-rate-in-percentage-points,win A,/);
    const s = runCli(['sweep', 'genisys', 'skirmish', '--grid', 'policyA=advance,hold', '-n', '200', '--seed', '2', '-q', '-j', '1', '--format', 'csv', '--table', '1']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/^cell\.policyA,quantity,/m);
  });
  it('the Liberty or Death! reference scenario fields the forces its header lists, plays at most 6 turns, and its lanes leave no two models of a side within 2 in. (no Area secondary hits, S14)', async () => {
    const file = 'scenarios/genisys/skirmish-liberty-or-death.yaml';
    const s = await spec(parseScenario(readFileSync(file, 'utf8'), file).params);
    expect([0, 1].map((side) => s.models.filter((m) => m.side === side).map((m) => s.types[m.type].name))).toEqual([
      Array(6).fill('Endoskeleton'),
      ['Resistance Captain', ...Array(5).fill('Resistance Soldier'), 'Resistance Soldier with Rocket launcher (AT)', 'Resistance Soldier with Grenade launcher'],
    ]);
    const bins = await simulate(s, 200, 1);
    // Every game ends by turn 6 (the turns metric counts 0..gameEnd.maxTurns), many at 6.
    let games = 0;
    for (let t = 0; t <= 6; t++) games += bins(S_TURNS, t);
    expect(games).toBe(200);
    expect(bins(S_TURNS, 6)).toBeGreaterThan(0);
    for (const side of [0, 1]) {
      const ys = s.models.filter((m) => m.side === side).map((m) => m.y);
      for (let k = 1; k < ys.length; k++) expect(ys[k] - ys[k - 1]).toBeGreaterThan(200);
    }
  });
  it('bad forces and policies exit 2 with one line naming the option', () => {
    for (const [args, msg] of [
      [['--side-b', 'slave'], /option --side-b: Slave has no weapon in scenarios\/genisys\/units.yaml and cannot fight \(name its weapons, e.g. slave:combat-knife\+plasma-rifle/],
      [['--side-b', 'resistance-soldier:bazooka'], /option --side-b: unknown weapon "bazooka" for resistance-soldier in scenarios\/genisys\/units.yaml; valid: /],
      [['--side-a', 'endoskeleton@x'], /option --side-a: cannot read "endoskeleton@x"/],
      [['--side-a', '3*endo'], /option --side-a: unknown unit "endo" in scenarios\/genisys\/units.yaml; valid: endoskeleton/],
      [['--policy-a', './missing.js'], /option --policy-a: got "(\.\/)?missing\.js", expected advance, aim, hold, random, search or the path of a policy module/],
    ] as [string[], RegExp][]) {
      const r = runCli(['genisys', 'skirmish', '-n', '10', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('the default bot moves', () => {
  it('weighs the return fire of the enemies that may still act this turn: it stays out of their walk to Short range, and closes in once they have acted', async () => {
    const { skirmishPolicy } = await import('../src/games/genisys/skirmishPolicy.js');
    const { DEC_MOVE } = await import('../src/games/genisys/skirmish.js');
    // 20 in. apart: a walk to 7 in. keeps the Long-range shot it has standing, but lets the enemy
    // walk into Short range of it (13 in. → 10 in.); standing, the enemy's walk ends at Long range.
    const g = await board({ sideA: 'endoskeleton', sideB: 'endoskeleton' }, [2, 22]);
    const options = new Int32Array(64);
    g.activeModel = 0;
    const n = g.moveOptions(0, options);
    const to = (k: number) => [Math.floor(options[k] / MOVE_CODE), (options[k] % MOVE_CODE) / 100];
    expect(g.returnFireAfterMove(options[1], 1)).toBeGreaterThan(g.returnFireAfterMove(options[0], 1));
    expect(to(skirmishPolicy('advance').choose(streamFor(1, 0), g, DEC_MOVE, options, n, false))).toEqual([0, 2]);
    // The enemy has acted this turn (a Done marker): no return fire before this model acts again; the walk in.
    g.markers[1] = 1;
    expect(to(skirmishPolicy('advance').choose(streamFor(1, 0), g, DEC_MOVE, options, n, false))).toEqual([1, 7]);
  });
});

describe('advance moves by the exchange', () => {
  it("a module's view shows each model's cover (S4: rolled after each move) and lists the attacks a move gives", async () => {
    const { readOnlyView } = await import('../src/core/policy.js');
    const { SKIRMISH_VIEW } = await import('../src/games/genisys/skirmishPolicy.js');
    // Model 1 at Short range (8 in.), where its cover is its own roll (Long range is always cover: S4).
    const g = await board({ sideA: 'endoskeleton', sideB: '2*resistance-soldier' }, [2, 10, 22]);
    g.cover[1] = 0;
    g.cover[2] = 1;
    const view = readOnlyView<Skirmish>(g, SKIRMISH_VIEW);
    expect([view.modelCover(1), view.modelCover(2)]).toEqual([0, 1]);
    g.activeModel = 0;
    const codes = new Int32Array(64);
    const removal = new Float64Array(64);
    // Model 1's best P(remove) from where model 0 stands, out of cover and in it: cover makes it harder.
    const best1 = () => {
      const n = view.attacksAfterMove(g.x[0], codes, removal);
      let p = -1;
      for (let k = 0; k < n; k++) if (view.attackTarget(codes[k]) === 1) p = Math.max(p, removal[k]);
      return p;
    };
    const open = best1();
    g.cover[1] = 1;
    expect(open).toBeGreaterThan(0);
    expect(best1()).toBeLessThan(open);
  });
  it('attacksAfterMove lists the attacks a move gives with their P(remove): the best of them is bestAfterMove', async () => {
    const { MOVE_CODE } = await import('../src/games/genisys/skirmish.js');
    // One Endoskeleton against two, 12 and 20 in. away: in reach standing (Long range), and after a
    // walk towards them the nearer one at Short range.
    const g = await board({ sideA: 'endoskeleton', sideB: '2*endoskeleton' }, [2, 14, 22]);
    g.activeModel = 0;
    const moves = new Int32Array(64);
    const nMoves = g.moveOptions(0, moves);
    const codes = new Int32Array(64);
    const removal = new Float64Array(64);
    let some = 0;
    for (let k = 0; k < nMoves; k++) {
      const n = g.attacksAfterMove(moves[k], codes, removal);
      const best = g.bestAfterMove(moves[k]);
      if (n === 0) {
        expect(best, `move ${moves[k]}`).toBe(-1);
        continue;
      }
      some++;
      expect(Math.max(...removal.subarray(0, n)), `move ${moves[k]}`).toBe(best);
      for (let a = 0; a < n; a++) expect([1, 2], `target of ${codes[a]}`).toContain(g.attackTarget(codes[a]));
    }
    expect(some).toBeGreaterThan(1);
    // A walk closer raises the chance: the best after the longest normal move beats standing.
    const stay = moves[0];
    let walk = stay;
    for (let k = 1; k < nMoves; k++) if (Math.floor(moves[k] / MOVE_CODE) === 1 && moves[k] % MOVE_CODE > walk % MOVE_CODE) walk = moves[k];
    expect(g.bestAfterMove(walk)).toBeGreaterThan(g.bestAfterMove(stay));
  });
  it("values a move's attacks as it attacks: P(remove) × (1 + the target's return fire), less the return fire it stands in", async () => {
    const { skirmishPolicy } = await import('../src/games/genisys/skirmishPolicy.js');
    const { DEC_MOVE } = await import('../src/games/genisys/skirmish.js');
    // Move 0 (stay) has two attacks: model 1 (P 0.4, no return fire) and model 2 (P 0.3, return fire
    // 0.5); move 1 one attack, at model 1 (P 0.43). Model 2's return fire, 0.5, is the same after
    // either move. Move 0: max(0.4, 0.3 × 1.5) − 0.5 = −0.05; move 1: 0.43 − 0.5 = −0.07. (The rule
    // before valued a move by its likeliest removal: move 0 at 0.4 − 0.5 = −0.1, so move 1.)
    const attacks: [number, number][][] = [
      [
        [1, 0.4],
        [2, 0.3],
      ],
      [[1, 0.43]],
    ];
    const markers = [0, 0, 0];
    const view = {
      models: () => 3,
      activeModelIndex: () => 0,
      modelSide: (m: number) => (m === 0 ? 0 : 1),
      modelInPlay: () => true,
      modelCommand: () => 0,
      modelMarkers: (m: number) => markers[m],
      returnFireAfterMove: (_code: number, j: number) => (j === 2 ? 0.5 : j === 1 ? 0 : -1),
      attacksAfterMove: (code: number, codes: Int32Array, removal: Float64Array) => {
        attacks[code].forEach(([t, p], k) => ((codes[k] = t), (removal[k] = p)));
        return attacks[code].length;
      },
      attackTarget: (c: number) => c % 64,
      distanceAfterMove: () => 5,
    };
    const move = () => skirmishPolicy('advance').choose(streamFor(1, 0), view as never, DEC_MOVE, Int32Array.from([0, 1]), 2, false);
    expect(move()).toBe(0);
    // Model 2 has acted this turn: no return fire from it, so the likelier removal after move 1 (0.43 > 0.4).
    markers[2] = 1;
    expect(move()).toBe(1);
  });
  it("counts the return fire that comes before this side's next impulse: the enemy's Fate roll, a Commander's override, Last Activations", async () => {
    const { skirmishPolicy, activatesAtLeast } = await import('../src/games/genisys/skirmishPolicy.js');
    const { DEC_MOVE } = await import('../src/games/genisys/skirmish.js');
    // Fate die faces 1, 1, 1, 2, 2, FATE: at least one model 5/6, two 1/3; on FATE a Commander
    // without markers takes up to its Command value.
    expect([activatesAtLeast(1, 0), activatesAtLeast(2, 0), activatesAtLeast(3, 0)]).toEqual([5 / 6, 1 / 3, 0]);
    expect([activatesAtLeast(1, 2), activatesAtLeast(2, 2), activatesAtLeast(3, 2)]).toEqual([1, 1 / 3 + 1 / 6, 0]);
    // Model 0 (side 0, acting) and a friend, model 1; enemies 2 and 3. No attack after either move.
    // Move 0: both enemies could then remove a model of ours with 0.6; move 1: enemy 2 with 0.85,
    // enemy 3 with nothing. Summing every enemy's fire (the rule before) would take move 1
    // (−0.85 > −1.2); the enemy's next impulse fires the best of them for sure only with chance 5/6
    // and a second with 1/3: move 0 −(0.5 + 0.2) = −0.7 > move 1 −0.708.
    const fire = [
      [0, 0, 0.6, 0.6],
      [0, 0, 0.85, 0],
    ];
    const markers = [1, 0, 0, 0];
    const command = [0, 0, 0, 0];
    const view = {
      models: () => 4,
      activeModelIndex: () => 0,
      modelSide: (m: number) => (m < 2 ? 0 : 1),
      modelInPlay: () => true,
      modelMarkers: (m: number) => markers[m],
      modelCommand: (m: number) => command[m],
      returnFireAfterMove: (code: number, j: number) => (j < 2 ? -1 : fire[code][j]),
      attacksAfterMove: () => 0,
      attackTarget: (c: number) => c % 64,
      distanceAfterMove: () => 5,
    };
    const move = () => skirmishPolicy('advance').choose(streamFor(1, 0), view as never, DEC_MOVE, Int32Array.from([0, 1]), 2, false);
    expect(move()).toBe(0);
    // A Commander among the enemies (Command 2, no markers): the best shooter fires for sure, a
    // second with 1/2: move 0 −0.9 < move 1 −0.85.
    command[3] = 2;
    expect(move()).toBe(1);
    command[3] = 0;
    // The friend has acted: no model of ours acts before the enemy's last activations, so every
    // enemy fires: move 0 −1.2 < move 1 −0.85.
    markers[1] = 1;
    expect(move()).toBe(1);
  });
});

describe('the built-in bots ready', () => {
  it('a Commander first (its Ready marker brings extra ones: Come With Me If You Want To Live!), the nearest of them; else the model nearest an enemy', async () => {
    const { skirmishPolicy } = await import('../src/games/genisys/skirmishPolicy.js');
    const { DEC_READY, DEC_EXTRA } = await import('../src/games/genisys/skirmish.js');
    // Models 0–3 of one side: distances to the nearest enemy and Command values.
    const near = [4, 9, 2, 7];
    const command = [0, 2, 0, 0];
    const view = { nearestEnemy: (m: number) => near[m], modelCommand: (m: number) => command[m] };
    const ready = (name: string, options: number[], decision = DEC_READY) =>
      options[skirmishPolicy(name).choose(streamFor(1, 0), view as never, decision, Int32Array.from(options), options.length, decision === DEC_EXTRA)];
    for (const name of ['advance', 'aim', 'hold']) {
      expect(ready(name, [0, 1, 2, 3]), name).toBe(1); // the Commander, though the farthest but one
      expect(ready(name, [0, 2, 3]), name).toBe(2); // no Commander offered: the nearest
    }
    // A Commander's extra markers go to the nearest (Commanders are not offered there).
    expect(ready('advance', [0, 2], DEC_EXTRA)).toBe(2);
    command[3] = 1; // two Commanders: the nearer of them
    expect(ready('advance', [0, 1, 2, 3])).toBe(3);
  });
});

describe('the built-in bots attack', () => {
  it('of two attacks as likely to remove their target, the one at an active model, not a Reeling one', async () => {
    const { skirmishPolicy } = await import('../src/games/genisys/skirmishPolicy.js');
    const { DEC_ATTACK } = await import('../src/games/genisys/skirmish.js');
    // Attack codes 0..2 at models 0..2: model 1 is Reeling (two Done markers); 0 and 1 as removable, 2 less.
    const removal = [0.4, 0.4, 0.3];
    const markers = [2, 0, 0];
    // No return fire anywhere (advance's exchange is then the removal chance alone).
    const view = { attackRemoval: (c: number) => removal[c], attackTarget: (c: number) => c, modelMarkers: (m: number) => markers[m], activeModelIndex: () => 3, modelX: () => 2, returnFireAfterMove: () => 0, models: () => 4 };
    for (const name of ['advance', 'aim', 'hold']) {
      expect(skirmishPolicy(name).choose(streamFor(1, 0), view as never, DEC_ATTACK, Int32Array.from([0, 1, 2]), 3, true), name).toBe(1);
    }
    // The likelier removal still comes first, Reeling or not.
    removal[0] = 0.5;
    expect(skirmishPolicy('advance').choose(streamFor(1, 0), view as never, DEC_ATTACK, Int32Array.from([0, 1, 2]), 3, true)).toBe(0);
  });
  it('advance attacks by the exchange: P(remove) × (1 + the target\'s return fire while it may still act); aim and hold by P(remove) alone', async () => {
    const { skirmishPolicy } = await import('../src/games/genisys/skirmishPolicy.js');
    const { DEC_ATTACK } = await import('../src/games/genisys/skirmish.js');
    // Model 1 is less likely removed (0.35 against 0.4) but would remove one of ours with 0.5: 0.35 × 1.5 > 0.4.
    const removal = [0.4, 0.35];
    const fire = [0.1, 0.5];
    const markers = [0, 0, 0];
    const asked: number[] = [];
    const view = {
      attackRemoval: (c: number) => removal[c],
      attackTarget: (c: number) => c,
      modelMarkers: (m: number) => markers[m],
      models: () => 3,
      activeModelIndex: () => 2,
      modelX: () => 0.29,
      returnFireAfterMove: (code: number, j: number) => (asked.push(code), fire[j]),
    };
    const pick = (name: string) => skirmishPolicy(name).choose(streamFor(1, 0), view as never, DEC_ATTACK, Int32Array.from([0, 1]), 2, true);
    expect(pick('advance')).toBe(1);
    // The attacker's return-fire look is from where it stands (a "stay" code: kind 0, 29 hundredths; 0.29 × 100 is not exactly 29 in binary).
    expect(asked).toEqual([29, 29]);
    for (const name of ['aim', 'hold']) expect(pick(name), name).toBe(0);
    // Model 1 has acted this turn (a Done marker): it shoots again only next turn, so the likelier removal.
    markers[1] = 1;
    expect(pick('advance')).toBe(0);
  });
});
