// Dual Fates match (issue 20 item 3): the board's zone model, team compilation, each rule of the
// round on hand-built positions (scripted policies), the policies, user modules, the CLI and the
// golden. The shared conformance suite (test/conformance.test.ts) adds determinism, metric ranges
// and the checkGame invariants over seeded rollouts.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Policy } from '../src/core/policy.js';
import { NO_ANSWER, NO_STOP } from '../src/core/engine.js';
import { streamFor } from '../src/core/rng.js';
import { boardGraph, parseBoard } from '../src/games/dualfates/board.js';
import { defaultTeamRules } from '../src/games/dualfates/dualfatesParams.js';
import { compileSide, DEFAULT_BOARD_FILE, loadBoard, type MatchData, type MatchUnit } from '../src/games/dualfates/matchData.js';
import { ACT_CHARGE, ACT_ENGAGE, ACT_PILLAR, ACT_RUN_ENEMY, ACT_RUN_PILLAR, ACT_STAY, actArg, actKind, ABL_ATTACK, ABL_BUFF, ablKind, DECISION, INI_FIRST, INI_PASS, MatchEngine, WHERE_ACTIVE, WHERE_INCAP, WHERE_REMOVED, WHERE_RESERVE, type MatchRules, type MatchView } from '../src/games/dualfates/matchEngine.js';
import { fightPolicy, holdPolicy, huntPolicy, policyCodes, threatPolicy } from '../src/games/dualfates/matchPolicies.js';
import { loadUnitSheets } from '../src/games/dualfates/unitPicks.js';
import { compileDeployment, DEFAULT_DEPLOYMENT_FILE, parseDeployment, type DeployMix } from '../src/games/dualfates/deployment.js';
import { bestAgainst, buildDeployPlan, childOf, planPath, unitSheets } from '../src/games/dualfates/deployPlan.js';
import { runSimulation } from '../src/run/runner.js';
import { matchResult, matchSimParams } from '../src/games/dualfates/matchEntry.js';
import { createMatchEngine } from '../src/games/dualfates/matchSim.js';
import { MATCH_PARAMS } from '../src/games/dualfates/matchEntry.js';
import { resolveParams } from '../src/core/params.js';
import { deterministicJson, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const board = loadBoard(DEFAULT_BOARD_FILE);
const node = (id: string) => board.nodeIds.indexOf(id);

const RULES: MatchRules = { rounds: 10, vortexCap: 5, controlRange: 4, successRule: 'meetOrBeat', deflectRule: 'meetOrBeat', armorRule: 'pool', coverDod: 0, runningDef: 2, runningDod: 2, pillarNumbers: 'fixed' };

function unit(name: string, over: Partial<MatchUnit> = {}): MatchUnit {
  return { name, type: 'companion', cost: 1, scoring: 1, health: 4, armor: 0, speed: 5, def: 6, dod: 6, will: 5, shield: false, deployFirst: false, attacks: [{ name: 'Strike', ranged: false, stat: 0, dice: 'd6', range: 0, fate: 0 }], buff: null, charge: null, ...over };
}

function data(a: MatchUnit[], b: MatchUnit[], fate = 3): MatchData {
  return { sides: [{ team: 'A', kind: 'full', fateTokens: fate, units: a }, { team: 'B', kind: 'full', fateTokens: fate, units: b }], board };
}

/** A policy that answers from `answer(decision, options, n, view)`, and logs every question. */
function scripted(answer: (d: number, options: number[], view: MatchView) => number, log: { d: number; options: number[]; side: number }[] = []): Policy<MatchView> {
  return {
    name: 'scripted',
    choose(_rng, view, decision, options, n) {
      const opts = Array.from(options.subarray(0, n));
      log.push({ d: decision, options: opts, side: view.deciding });
      return answer(decision, opts, view);
    },
  };
}

describe('the board (zone model of the Vortex, board.yaml)', () => {
  it('five pillars as the rulebook places them, lines as long as the straight distance in whole inches', () => {
    expect(board.pillarPoint.map((p) => board.nodeIds[p])).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    const inches = (a: string, b: string) => board.lines.find((l) => (l.from === a && l.to === b) || (l.from === b && l.to === a))!.inches;
    // centre (12,12) to a section centre (6,6): 8.49 → 8; zone edge (6,4) to (6,6): 2; (12,4) to (6,6): 6.32 → 6.
    expect([inches('P1', 'P2'), inches('A-west', 'P2'), inches('A-centre', 'P2'), inches('P2', 'P3'), inches('A-centre', 'P1')]).toEqual([8, 2, 6, 12, 8]);
  });
  it('distances along the lines: a unit at a zone\'s west point is within 4 inches of its near pillar, 14 from the far one; the board is a mirror image', () => {
    const g = boardGraph(board);
    const d = (a: string, b: string) => g.dist[node(a) * g.points + node(b)];
    expect(d('A-west', 'P2')).toBe(2);
    expect(d('A-west', 'P4')).toBe(14);
    expect(d('A-centre', 'P1')).toBe(8);
    expect(d('A-west', 'B-west')).toBe(16);
    const mirror: Record<string, string> = { P1: 'P1', P2: 'P4', P3: 'P5', P4: 'P2', P5: 'P3', 'A-west': 'B-west', 'A-centre': 'B-centre', 'A-east': 'B-east', 'B-west': 'A-west', 'B-centre': 'A-centre', 'B-east': 'A-east' };
    for (const a of Object.keys(mirror)) for (const b of Object.keys(mirror)) expect(d(a, b), `${a}-${b}`).toBe(d(mirror[a], mirror[b]));
  });
  it('next steps follow shortest ways, each side breaking ties toward its own totem', () => {
    const g = boardGraph(board);
    const n = g.points;
    for (const side of [0, 1] as const)
      for (let p = 0; p < n; p += 7)
        for (let q = 0; q < n; q += 5) {
          if (p === q) continue;
          const r = g.nextStep[side][p * n + q];
          expect(g.dist[p * n + r]).toBe(1);
          expect(g.dist[r * n + q]).toBe(g.dist[p * n + q] - 1);
        }
    // The middle of the P2–P4 line is 6 inches from both ends: toward P1, A steps to P2's side, B to P4's.
    const mid = board.pointNames.indexOf('P2>P4 6');
    const a = g.nextStep[0][mid * n + node('P1')];
    const b = g.nextStep[1][mid * n + node('P1')];
    expect([board.pointNames[a], board.pointNames[b]]).toEqual(['P2>P4 5', 'P2>P4 7']);
  });
  it('bad board files are named: a missing pillar, an unknown node, a node no line reaches', () => {
    const base = 'size: 24\nnodes:\n  - { id: P1, kind: pillar, pillar: 1, x: 1, y: 1 }\n';
    expect(() => parseBoard(`${base}edges: []\n`, 'b.yaml')).toThrow(/b\.yaml: nodes: Pillar 2 is missing/);
    const five = [1, 2, 3, 4, 5].map((k) => `  - { id: P${k}, kind: pillar, pillar: ${k}, x: ${k}, y: 1 }`).join('\n');
    const zones = '  - { id: A, kind: deploy, side: A, totem: true, x: 0, y: 0 }\n  - { id: B, kind: deploy, side: B, totem: true, x: 9, y: 22 }';
    expect(() => parseBoard(`size: 24\nnodes:\n${five}\n${zones}\nedges: [[P1, Q]]\n`, 'b.yaml')).toThrow(/b\.yaml: edges\.0\.1: unknown node "Q"/);
    expect(() => parseBoard(`size: 24\nnodes:\n${five}\n${zones}\nedges: [[P1, P2]]\n`, 'b.yaml')).toThrow(/cannot be reached/);
  });
});

describe('match teams: team files + unit sheets', () => {
  const sheets = loadUnitSheets();
  const rules = defaultTeamRules();
  it('the built-in teams are legal 8-point full faction teams (3 Fate Tokens), the Training Knight with its Shield, Battle Cry and Heroic Charge', () => {
    const k = compileSide('knights', 'teamA', sheets, 'units.yaml', rules);
    expect([k.kind, k.fateTokens, k.units.reduce((s, u) => s + u.cost, 0)]).toEqual(['full', 3, 8]);
    const tk = k.units.find((u) => u.name === 'Training Knight')!;
    expect(tk).toMatchObject({ health: 5, armor: 1, speed: 5, def: 7, dod: 6, will: 5, shield: true });
    expect(tk.attacks[0]).toMatchObject({ name: 'Training Strike', ranged: false, stat: 0, dice: 'd6' });
    expect(tk.buff).toMatchObject({ name: 'Battle Cry', fate: 1, amount: 1, radius: 3 });
    expect(tk.charge).toMatchObject({ name: 'Heroic Charge', fate: 5, fateOnSuccess: 1 });
    expect(compileSide('horde', 'teamB', sheets, 'units.yaml', rules).units.reduce((s, u) => s + u.cost, 0)).toBe(8);
  });
  it('scoring value: cost by default, 1 under scoringValue=one', () => {
    const brute = (r = rules) => compileSide('knights', 'teamA', sheets, 'units.yaml', r).units.find((u) => u.name === 'Generic Brute')!.scoring;
    expect(brute()).toBe(2);
    expect(brute(defaultTeamRules({ scoringValue: 'one' }))).toBe(1);
  });
  it('refused, naming the parameter and the field: an illegal team, a unit without a sheet, a unit whose stats the rulebook does not give', () => {
    expect(() => compileSide('scenarios/dualfates/teams/invalid-over-points.yaml', 'teamA', sheets, 'units.yaml', rules)).toThrow(/^parameter teamA: scenarios\/dualfates\/teams\/invalid-over-points\.yaml: .*rulebook: CORE RULES/);
    expect(() => compileSide('scenarios/dualfates/teams/valid-mixed.yaml', 'teamB', sheets, 'units.yaml', rules)).toThrow(/parameter teamB: .*units\[0\]\.name: no unit sheet "Ember"/);
    expect(() => compileSide('scenarios/dualfates/teams/rulebook-example.yaml', 'teamA', sheets, 'units.yaml', rules)).toThrow(/"Eric" has no health on its sheet .*not in the rulebook/);
  });
});

describe('the rules of a round, on hand-built positions', () => {
  it('SUMMONING EXAMPLE: 5 active + 3 in reserve; a 1-point unit lost, the point is saved; another lost: 2 points summon a 2-point unit (rulebook: 3. Summoning Phase)', () => {
    const a = [1, 2, 3, 4, 5].map((i) => unit(`c${i}`)).concat([unit('big', { type: 'character', cost: 2, scoring: 2 }), unit('small')]);
    const log: { d: number; options: number[]; side: number }[] = [];
    let wait = true;
    const g = new MatchEngine(data(a, [unit('foe')]), RULES, [scripted((d, o) => (d === DECISION.SUMMON ? (wait ? -1 : o.indexOf(5)) : 0), log), scripted(() => -1)]);
    g.reset();
    for (let u = 0; u < 5; u++) (g.where[u] = WHERE_ACTIVE), (g.pos[u] = node('A-west'));
    g.where[7] = WHERE_ACTIVE;
    g.pos[7] = node('B-west');
    const rng = streamFor(1, 0);
    g.round = 1;
    g.summoning(rng);
    expect(g.credit(0)).toBe(0); // 5 active: nothing accrues
    g.where[0] = WHERE_REMOVED; // round 2: a 1-point Companion removed
    g.round = 3;
    g.summoning(rng);
    expect(g.credit(0)).toBe(1);
    expect(log.filter((q) => q.d === DECISION.SUMMON && q.side === 0).at(-1)!.options).toEqual([6]); // only the 1-point unit is affordable
    g.where[1] = WHERE_REMOVED; // another removed
    wait = false;
    g.round = 4;
    g.summoning(rng);
    expect(log.filter((q) => q.d === DECISION.SUMMON && q.side === 0).at(-1)!.options).toEqual([5, 6]);
    expect([g.where[5], g.pos[5], g.credit(0)]).toEqual([WHERE_ACTIVE, board.totemPoint[0], 0]);
    expect(g.activePoints(0)).toBe(5);
  });
  it("deployment (every built-in): Characters and the costliest starting unit at the totem point, each other Companion at a deployment point drawn uniformly from the game's stream; the unit placed is the view's `acting` while it is placed", () => {
    const a = [unit('dear', { type: 'character', cost: 3, scoring: 3, deployFirst: true }), unit('next', { deployFirst: true }), unit('last', { deployFirst: true })];
    const seen: number[] = [];
    const watch: Policy<MatchView> = { name: 'watch', choose: (rng, v, d, o, n, none) => (d === DECISION.DEPLOY_AT && seen.push(v.acting), fightPolicy.choose(rng, v, d, o, n, none)) };
    const g = new MatchEngine(data(a, [unit('foe', { deployFirst: true })]), RULES, [watch, fightPolicy]);
    g.reset();
    g.deploy(streamFor(3, 0));
    expect(seen).toEqual([0, 1, 2]);
    expect(g.acting).toBe(-1);
    // 'dear' takes the totem (the centre); the Companions each take a point drawn at random.
    expect(g.pos[0]).toBe(board.totemPoint[0]);
    expect(board.totemPoint[0]).toBe(node('A-centre'));
    // Characters all at the totem (the rule before 2026-12-05 spread a second one); of two Companions
    // as costly, the first at the totem; a cheap Character before a dearer Companion there too.
    const b = [unit('d1', { type: 'character', cost: 2, scoring: 2, deployFirst: true }), unit('d2', { type: 'character', cost: 2, scoring: 2, deployFirst: true })];
    const c = [unit('c1', { cost: 2, scoring: 2, deployFirst: true }), unit('c2', { cost: 2, scoring: 2, deployFirst: true })];
    const d = [unit('knight', { type: 'character', deployFirst: true }), unit('brute', { cost: 2, scoring: 2, deployFirst: true }), unit('soldier', { deployFirst: true }), unit('archer', { deployFirst: true })];
    const points = board.deployPoints[0];
    const counts = new Map<number, number>(points.map((p) => [p, 0]));
    const games = 300;
    for (const [k, p] of [fightPolicy, huntPolicy, holdPolicy].entries()) {
      const [hb, hc, hd] = [b, c, d].map((team) => new MatchEngine(data(team, [unit('foe', { deployFirst: true })]), RULES, [p, p]));
      for (let game = 0; game < games; game++) {
        // Each policy its own games (they share the rule: on the same streams they would draw alike).
        const placed = (h: MatchEngine, team: MatchUnit[]) => {
          h.reset();
          h.deploy(streamFor(30 + k, game));
          return team.map((_, u) => h.pos[u]);
        };
        expect(placed(hb, b), p.name).toEqual([board.totemPoint[0], board.totemPoint[0]]);
        expect(placed(hc, c)[0], p.name).toBe(board.totemPoint[0]);
        const at = placed(hd, d);
        expect(at.slice(0, 2), p.name).toEqual([board.totemPoint[0], board.totemPoint[0]]);
        for (const q of at.slice(2)) counts.set(q, (counts.get(q) ?? -1e9) + 1);
      }
    }
    // 1,800 draws over three points (three policies × 300 games × 2 Companions): each about a third, within
    // 0.03 (2.7 standard errors; the spread rule before always took west, then east: a half, 0, a half).
    const draws = 3 * games * 2;
    for (const p of points) expect(Math.abs(counts.get(p)! / draws - 1 / 3), board.nodeIds[p]).toBeLessThan(0.03);
  });
  it('deployment by a mix (scenarios/dualfates/deployment.yaml): each game one whole-team layout drawn by weight, unit by unit, consistent with where the side\'s earlier starting units stand; other units by the spread rule', () => {
    const a = [unit('k', { type: 'character', deployFirst: true }), unit('b', { cost: 2, scoring: 2, deployFirst: true }), unit('s', { deployFirst: true }), unit('late')];
    const [west, centre, east] = ['A-west', 'A-centre', 'A-east'].map(node);
    // Two layouts, 3 : 1; the Character away from the totem in the first (the spread rule never puts it there); 'late' in reserve.
    const mix = { weights: [3, 1], at: [[east, east, west, -1], [centre, west, west, -1]] };
    const d: MatchData = { ...data(a, [unit('foe', { deployFirst: true })]), deploy: [mix, null] };
    const seen = new Map<string, number>();
    const games = 2000;
    for (const p of [fightPolicy, huntPolicy, holdPolicy]) {
      const g = new MatchEngine(d, RULES, [p, p]);
      expect([g.deployMixSize(0), g.deployMixWeight(0, 1), g.deployMixPoint(0, 1, 2), g.deployMixSize(1)]).toEqual([2, 1, west, 0]);
      for (let game = 0; game < games; game++) {
        g.reset();
        g.deploy(streamFor(40, game));
        const key = [0, 1, 2].map((u) => board.nodeIds[g.pos[u]]).join(' ');
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    // Only the two whole layouts (never a unit from one and a unit from the other), about 3 : 1.
    expect([...seen.keys()].sort()).toEqual(['A-centre A-west A-west', 'A-east A-east A-west']);
    const share = seen.get('A-east A-east A-west')! / (3 * games);
    expect(Math.abs(share - 0.75)).toBeLessThan(0.025); // the three policies draw alike on the same streams: 2,000 draws, a standard error of 0.0097
    // Starting units deployed in another order (a module's DEPLOY answer, or a search's): still one whole layout of the mix.
    const order: number[] = [];
    const reverse: Policy<MatchView> = {
      name: 'reverse',
      choose(rng, v, dd, o, n, none) {
        if (dd === DECISION.DEPLOY_AT) order.push(v.acting);
        // The last starting unit offered, then the one before it, …
        for (let i = n - 1; dd === DECISION.DEPLOY && i >= 0; i--) if (v.unitDeployFirst(o[i])) return i;
        return fightPolicy.choose(rng, v, dd, o, n, none);
      },
    };
    const back = new MatchEngine(d, RULES, [reverse, fightPolicy]);
    const placedBack = new Set<string>();
    for (let game = 0; game < 200; game++) {
      back.reset();
      back.deploy(streamFor(42, game));
      placedBack.add([0, 1, 2].map((u) => board.nodeIds[back.pos[u]]).join(' '));
    }
    expect(order.slice(0, 3)).toEqual([2, 1, 0]);
    expect([...placedBack].sort()).toEqual(['A-centre A-west A-west', 'A-east A-east A-west']);
    // A unit placed elsewhere than any layout says (a user module's choice): the later ones fall back to the spread rule.
    const odd: Policy<MatchView> = { name: 'odd', choose: (rng, v, dd, o, n, none) => (dd === DECISION.DEPLOY_AT && v.acting === 0 ? Array.from(o.subarray(0, n)).indexOf(west) : fightPolicy.choose(rng, v, dd, o, n, none)) };
    const g = new MatchEngine(d, RULES, [odd, fightPolicy]);
    for (let game = 0; game < 50; game++) {
      g.reset();
      g.deploy(streamFor(41, game));
      expect(g.pos[0]).toBe(west);
      expect(g.pos[1]).toBe(centre); // the dearest starting unit at the totem, as the spread rule has it
    }
  });
  it('deployment by a mix chooses which units start too (rulebook: Starting The Game, "which units to deploy first, which units to keep in reserve"): each layout\'s units and only they, in team order, whatever the team file marks', () => {
    // The team file marks k and s; the layouts start {b, late} or {k, s, late} instead (all cost 1 but b, 2).
    const a = [unit('k', { type: 'character', deployFirst: true }), unit('b', { cost: 2, scoring: 2 }), unit('s', { deployFirst: true }), unit('late')];
    const [west, centre, east] = ['A-west', 'A-centre', 'A-east'].map(node);
    const mix = { weights: [1, 1], at: [[-1, west, -1, east], [centre, -1, east, east]] };
    const d: MatchData = { ...data(a, [unit('foe', { deployFirst: true })]), deploy: [mix, null] };
    const seen = new Map<string, number>();
    const orders = new Set<string>();
    const games = 300;
    for (const p of [fightPolicy, huntPolicy, holdPolicy]) {
      let order: number[] = [];
      const watch: Policy<MatchView> = { name: 'watch', choose: (rng, v, dd, o, n, none) => (dd === DECISION.DEPLOY_AT && order.push(v.acting), p.choose(rng, v, dd, o, n, none)) };
      const g = new MatchEngine(d, RULES, [watch, p]);
      for (let game = 0; game < games; game++) {
        order = [];
        g.reset();
        g.deploy(streamFor(43, game));
        const key = [0, 1, 2, 3].map((u) => (g.unitWhere(u) === WHERE_ACTIVE ? board.nodeIds[g.pos[u]] : '-')).join(' ');
        seen.set(key, (seen.get(key) ?? 0) + 1);
        orders.add(order.join(','));
      }
    }
    expect([...seen.keys()].sort()).toEqual(['- A-west - A-east', 'A-centre - A-east A-east']);
    expect([...orders].sort()).toEqual(['0,2,3', '1,3']);
    // The three policies draw alike on the same streams: the share over 4,000 games of one, about a half (a standard error of 0.008).
    const g = new MatchEngine(d, RULES, [fightPolicy, fightPolicy]);
    let first = 0;
    for (let game = 0; game < 4000; game++) {
      g.reset();
      g.deploy(streamFor(44, game));
      if (g.unitWhere(1) === WHERE_ACTIVE) first++;
    }
    expect(Math.abs(first / 4000 - 0.5)).toBeLessThan(0.03);
  });
  it('the alternating deployment\'s plan (rulebook: Starting The Game, alternate one unit at a time, "how to respond to the opponent\'s deployment choices"): backward induction over the payoffs; the second to deploy answers the first; off the plan, the best against the mix', () => {
    const [aw, ac] = ['A-west', 'A-centre'].map(node);
    const [bw, bc] = ['B-west', 'B-centre'].map(node);
    // Matching pennies: A wins when its unit's flank matches B's (west with west, centre with centre).
    const mixes: [DeployMix, DeployMix] = [{ weights: [1, 1], at: [[aw, -1], [ac, -1]] }, { weights: [1, 1], at: [[bw], [bc]] }];
    const P = [[1, -1], [-1, 1]];
    const plan = buildDeployPlan(mixes, P);
    // Whoever deploys second sees the other's unit and answers it: A first loses, B first loses.
    expect(plan.value).toEqual([-1, 1]);
    expect(planPath(plan, P, 0).value).toBe(-1);
    expect(planPath(plan, P, 1).value).toBe(1);
    // Two units for A, the second telling nothing more: B still answers the first; A's layout complete, it stops.
    const two: [DeployMix, DeployMix] = [{ weights: [1, 1], at: [[aw, aw], [ac, ac]] }, mixes[1]];
    expect(buildDeployPlan(two, P).value).toEqual([-1, 1]);
    // Played by the engine: each game B (or A) answers the other's placement; which side deploys first is the roll's.
    const d: MatchData = { ...data([unit('a0'), unit('a1')], [unit('b0')]), deploy: [mixes[0], mixes[1]], deployPayoffs: P };
    const firsts = new Map<string, number>();
    let first = -1;
    const watch = (p: Policy<MatchView>): Policy<MatchView> => ({ name: 'watch', choose: (rng, v, dd, o, n, none) => (dd === DECISION.DEPLOY && first < 0 && (first = v.deciding), p.choose(rng, v, dd, o, n, none)) });
    const g = new MatchEngine(d, RULES, [watch(fightPolicy), watch(fightPolicy)]);
    for (let game = 0; game < 200; game++) {
      first = -1;
      g.reset();
      g.deploy(streamFor(45, game));
      const matched = (g.pos[0] === aw) === (g.pos[2] === bw);
      // The second mover wins the pennies: A matches when B went first, B mismatches when A did; a1 stays in reserve.
      expect(matched, `game ${game}, first ${first}`).toBe(first === 1);
      expect(g.unitWhere(1)).toBe(WHERE_RESERVE);
      firsts.set(String(first), (firsts.get(String(first)) ?? 0) + 1);
    }
    expect([...firsts.keys()].sort()).toEqual(['0', '1']);
    // A first mover that always puts a0 west (a module) is answered with the centre; B deploying first takes the first of its equal choices, west.
    const west: Policy<MatchView> = { name: 'west', choose: (rng, v, dd, o, n, none) => (dd === DECISION.DEPLOY_AT ? Array.from(o.subarray(0, n)).indexOf(aw) : fightPolicy.choose(rng, v, dd, o, n, none)) };
    const dev = new MatchEngine(d, RULES, [watch(west), watch(fightPolicy)]);
    for (let game = 0; game < 50; game++) {
      first = -1;
      dev.reset();
      dev.deploy(streamFor(46, game));
      expect([game, dev.pos[0], dev.pos[2]]).toEqual([game, aw, first === 0 ? bc : bw]);
    }
    // A layout deployed out of team order (a module placing a1 before a0, both west) is still recognised: B answers it with the centre.
    const two2: MatchData = { ...data([unit('a0'), unit('a1')], [unit('b0')]), deploy: [two[0], two[1]], deployPayoffs: P };
    const reverse: Policy<MatchView> = {
      name: 'reverse',
      choose: (rng, v, dd, o, n, none) => {
        const opts = Array.from(o.subarray(0, n));
        if (dd === DECISION.DEPLOY) return opts.includes(1) ? opts.indexOf(1) : opts.includes(0) ? opts.indexOf(0) : -1;
        if (dd === DECISION.DEPLOY_AT) return opts.indexOf(aw);
        return fightPolicy.choose(rng, v, dd, o, n, none);
      },
    };
    const rev = new MatchEngine(two2, RULES, [watch(reverse), watch(fightPolicy)]);
    let answered = 0;
    for (let game = 0; game < 50; game++) {
      first = -1;
      rev.reset();
      rev.deploy(streamFor(48, game));
      expect([rev.pos[0], rev.pos[1]]).toEqual([aw, aw]);
      if (first === 0) {
        expect(rev.pos[2], `game ${game}`).toBe(bc);
        answered++;
      }
    }
    expect(answered).toBeGreaterThan(10);
    // A placement no layout has (a0 at the east): off the plan, B completes its layout best against A's mix (a tie here: its first).
    const ae = node('A-east');
    const east: Policy<MatchView> = { name: 'east', choose: (rng, v, dd, o, n, none) => (dd === DECISION.DEPLOY_AT ? Array.from(o.subarray(0, n)).indexOf(ae) : fightPolicy.choose(rng, v, dd, o, n, none)) };
    const off = new MatchEngine(d, RULES, [east, fightPolicy]);
    off.reset();
    off.deploy(streamFor(47, 0));
    expect([off.pos[0], off.deployPlanNext(1), off.pos[2]]).toEqual([ae, -2, bw]);
  });
  it('the plan deploys in team order and answers an opponent who deploys in another order on the same induction (rulebook: Starting The Game, "which units to deploy first"); units of one sheet are one choice whichever stands where', () => {
    const [aw, ac] = ['A-west', 'A-centre'].map(node);
    const [bw, bc, be] = ['B-west', 'B-centre', 'B-east'].map(node);
    // A's a0 at west or centre, a1 always west; B matches a0's flank (A's payoff -1) or stands east (0.2 whatever A does).
    const mixes: [DeployMix, DeployMix] = [{ weights: [1, 1], at: [[aw, aw], [ac, aw]] }, { weights: [1, 1, 1], at: [[bw], [bc], [be]] }];
    const P = [[-1, 1, 0.2], [1, -1, 0.2]];
    // In team order a0 goes first and tells: B matches it (-1); B first stands east, which A cannot punish (0.2).
    const value = buildDeployPlan(mixes, P).value;
    expect(value[0]).toBe(-1);
    expect(value[1]).toBeCloseTo(0.2, 6);
    const d: MatchData = { ...data([unit('a0'), unit('a1')], [unit('b0')]), deploy: [mixes[0], mixes[1]], deployPayoffs: P };
    const order: number[] = [];
    const log = (p: Policy<MatchView>): Policy<MatchView> => ({ name: 'log', choose: (rng, v, dd, o, n, none) => {
      const k = p.choose(rng, v, dd, o, n, none);
      if (dd === DECISION.DEPLOY && k >= 0) order.push(o[k]);
      return k;
    } });
    /** Deploys games [0, n) of stream `seed` on g, the DEPLOY answers logged in `order`, calling check after each. */
    const deployEach = (g: MatchEngine, seed: number, n: number, check: (game: number) => void) => {
      for (let game = 0; game < n; game++) {
        order.length = 0;
        g.reset();
        g.deploy(streamFor(seed, game));
        check(game);
      }
    };
    // The plan on its own: a0 first.
    const g = new MatchEngine(d, RULES, [log(fightPolicy), log(fightPolicy)]);
    deployEach(g, 49, 40, (game) => expect(order.indexOf(0), `game ${game}: ${order.join(',')}`).toBeLessThan(order.indexOf(1)));
    // A module placing a1 first (west, telling nothing), then a0 where the plan says: B, to move, knows A still chooses a0
    // after seeing b0 and stands east; against A's mix (or its layouts agreeing with a1) it would take a flank (0 each).
    const a1First: Policy<MatchView> = {
      name: 'a1-first',
      choose: (rng, v, dd, o, n, none) => {
        const opts = Array.from(o.subarray(0, n));
        if (dd === DECISION.DEPLOY) return opts.includes(1) ? opts.indexOf(1) : fightPolicy.choose(rng, v, dd, o, n, none);
        if (dd === DECISION.DEPLOY_AT && v.acting === 1) return opts.indexOf(aw);
        return fightPolicy.choose(rng, v, dd, o, n, none);
      },
    };
    const g1 = new MatchEngine(d, RULES, [log(a1First), log(fightPolicy)]);
    let outOfOrder = 0;
    deployEach(g1, 51, 60, (game) => {
      expect(g1.pos[1]).toBe(aw);
      // B east in every game: deploying first by the plan, or second as the answer to a1 on the graph.
      expect(g1.pos[2], `game ${game}: ${order.join(',')}`).toBe(be);
      if (order[0] === 1) outOfOrder++;
    });
    expect(outOfOrder).toBeGreaterThan(10);
    // Two units of one sheet (s, s), apart (west and centre) or together (west): a module deploying unit 0 at the centre
    // first places no unit where a layout does, unit by unit, but one sheet at the centre is only "apart": B answers it on the plan.
    const same: [DeployMix, DeployMix] = [{ weights: [1, 1], at: [[aw, ac], [aw, aw]] }, { weights: [1, 1], at: [[bw], [bc]] }];
    const Q = [[1, -1], [-1, 1]];
    const d2: MatchData = { ...data([unit('s'), unit('s')], [unit('b0')]), deploy: [same[0], same[1]], deployPayoffs: Q };
    // Nodes: nothing, one west, one at the centre, apart, together.
    expect(buildDeployPlan(same, Q, [unitSheets(d2.sides[0].units), unitSheets(d2.sides[1].units)]).tries[0].layout.length).toBe(5);
    const swapped: Policy<MatchView> = {
      name: 'swapped',
      choose: (rng, v, dd, o, n, none) => {
        const opts = Array.from(o.subarray(0, n));
        if (dd === DECISION.DEPLOY) return opts.includes(0) ? opts.indexOf(0) : opts.includes(1) ? opts.indexOf(1) : -1;
        if (dd === DECISION.DEPLOY_AT) return opts.indexOf(v.acting === 0 ? ac : aw);
        return fightPolicy.choose(rng, v, dd, o, n, none);
      },
    };
    const g2 = new MatchEngine(d2, RULES, [log(swapped), log(fightPolicy)]);
    let answered = 0;
    deployEach(g2, 50, 50, (game) => {
      expect([g2.pos[0], g2.pos[1]]).toEqual([ac, aw]);
      // A deployed first: B answers "apart" at the centre (with a unit per sheet it would face the whole mix, a tie: west).
      if (order[0] === 0) {
        expect(g2.pos[2], `game ${game}`).toBe(bc);
        answered++;
      }
    });
    expect(answered).toBeGreaterThan(10);
  });
  it('the plan keeps its own moves in team order where a placement starts one layout and is a later unit of another: it commits, and off the graph it completes only a layout its placements start', () => {
    const [aw, ac] = ['A-west', 'A-centre'].map(node);
    const [bw, bc] = ['B-west', 'B-centre'].map(node);
    // L1 starts a1 west then a2 at the centre; L2 is a0 at the centre then a1 west. a1 west first commits A to L1.
    const mixes: [DeployMix, DeployMix] = [{ weights: [1, 1], at: [[-1, aw, ac], [ac, aw, -1]] }, { weights: [1, 1], at: [[bw], [bc]] }];
    const P = [[1, -1], [-1, 1]];
    const plan = buildDeployPlan(mixes, P);
    // Deploying first A must show its layout (-1); were a0 allowed after a1, A would wait for b0 and match it (+1).
    expect(plan.value[0]).toBe(-1);
    expect(plan.value[1]).toBe(1);
    // Facing placements off the graph (B's whole weight on the centre, where L2 wins), A at {a1 west} completes L1: a2 at the centre.
    const A = plan.tries[0];
    const at = childOf(A, 0, 1 * 4096 + aw);
    expect(at).toBeGreaterThan(0);
    const e = bestAgainst(plan, P, 0, at, [0, 1]);
    expect(A.childKey[e]).toBe(2 * 4096 + ac);
  });
  it("the plan's point goes to whichever unit of the placement's sheet a side deploys (units alike are one choice)", () => {
    const [aw, ac] = ['A-west', 'A-centre'].map(node);
    const bw = node('B-west');
    // Two units of one sheet: the plan plays "both west" (+1), the mix draws only "both at the centre" (weight 0 for the plan's).
    const mixes: [DeployMix, DeployMix] = [{ weights: [0, 1], at: [[aw, aw], [ac, ac]] }, { weights: [1], at: [[bw]] }];
    const d: MatchData = { ...data([unit('s'), unit('s')], [unit('b0')]), deploy: [mixes[0], mixes[1]], deployPayoffs: [[1], [-1]] };
    // A module deploying the second unit first and leaving where to fight.
    const secondFirst: Policy<MatchView> = {
      name: 'second-first',
      choose: (rng, v, dd, o, n, none) => (dd === DECISION.DEPLOY && Array.from(o.subarray(0, n)).includes(1) ? Array.from(o.subarray(0, n)).indexOf(1) : fightPolicy.choose(rng, v, dd, o, n, none)),
    };
    const g = new MatchEngine(d, RULES, [secondFirst, fightPolicy]);
    for (let game = 0; game < 20; game++) {
      g.reset();
      g.deploy(streamFor(53, game));
      expect([g.pos[0], g.pos[1]], `game ${game}`).toEqual([aw, aw]);
    }
  });
  it('the deployment file: the bundled one has a mix for every pairing of the built-in teams, each layout a deployment point per starting unit; a bad file is refused naming the field; other teams fall back to the spread rule, and the report says which', () => {
    const sheets = loadUnitSheets('scenarios/dualfates/units.yaml');
    const side = (t: string, param: string) => compileSide(t, param, sheets, 'units.yaml', defaultTeamRules());
    const text = readFileSync(DEFAULT_DEPLOYMENT_FILE, 'utf8');
    const file = parseDeployment(text, DEFAULT_DEPLOYMENT_FILE);
    for (const ta of ['knights', 'horde']) {
      for (const tb of ['knights', 'horde']) {
        const sides = [side(ta, 'teamA'), side(tb, 'teamB')] as const;
        const r = compileDeployment(file, DEFAULT_DEPLOYMENT_FILE, sides, board, 5);
        expect(r.mixes, `${ta} vs ${tb}`).not.toBeNull();
        for (const s of [0, 1]) {
          for (const row of r.mixes![s].at) {
            expect(row).toHaveLength(sides[s].units.length);
            // Each starting unit at a deployment point of its side, the rest in reserve, the Vortex cap filled as far as it goes.
            const cost = row.reduce((c, q, j) => c + (q >= 0 ? sides[s].units[j].cost : 0), 0);
            for (const q of row) if (q >= 0) expect(board.deployPoints[s]).toContain(q);
            expect(cost).toBeLessThanOrEqual(5);
            for (const [j, q] of row.entries()) if (q < 0) expect(cost + sides[s].units[j].cost, `${ta} vs ${tb} ${s}`).toBeGreaterThan(5);
          }
        }
      }
    }
    const sides = [side('knights', 'teamA'), side('horde', 'teamB')] as const;
    const other = [{ ...sides[0], units: sides[0].units.slice(1) }, sides[1]] as const;
    expect(compileDeployment(file, 'f.yaml', other, board, 5)).toMatchObject({ mixes: null, why: expect.stringMatching(/^f\.yaml has no mix for these two teams \(A: Generic Brute, .*; B: Generic Champion, .*, starting Generic Champion, Generic Skirmisher, Generic Skirmisher\)$/) });
    // The same units with other deploy: true marks is the same team: the mix chooses which units start.
    const archers = [sides[0], { ...sides[1], units: sides[1].units.map((u) => ({ ...u, deployFirst: u.name === 'Generic Champion' || u.name === 'Generic Archer' })) }] as const;
    expect(compileDeployment(file, 'f.yaml', archers, board, 5).mixes).toEqual(compileDeployment(file, 'f.yaml', sides, board, 5).mixes);
    const names = (k: 0 | 1) => sides[k].units.map((u) => u.name).join(', ');
    const starting = (k: 0 | 1) => sides[k].units.filter((u) => u.deployFirst).map((u) => u.name).join(', ');
    const entry = (layouts: string) => `  - name: x\n    A: { team: [${names(0)}], starting: [${starting(0)}], layouts: [${layouts}] }\n    B: { team: [${names(1)}], starting: [${starting(1)}], layouts: [{ weight: 1, at: [B-west, B-west, B-west] }] }\n`;
    const one = (layouts: string) => parseDeployment(`mixes:\n${entry(layouts)}`, 'f.yaml');
    expect(() => compileDeployment(parseDeployment(`mixes:\n${entry('{ weight: 1, at: [A-west, A-west, A-west, A-west] }').repeat(2)}`, 'f.yaml'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.1: a second mix for the teams of mixes\.0 \("x"\)/);
    expect(() => compileDeployment(one('{ weight: 1, at: [A-west] }'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.0\.A\.layouts\.0\.at: 1 point for 4 starting units/);
    // The older form (side `starting`, layouts without `start`) places the deploy: true units; `start` names others.
    const older = compileDeployment(one('{ weight: 1, at: [A-west, A-centre, A-east, A-west] }'), 'f.yaml', sides, board, 5);
    const [w, c, e] = ['A-west', 'A-centre', 'A-east'].map(node);
    expect(older.mixes![0].at[0]).toEqual([w, c, e, w, -1, -1, -1]);
    const archersStart = compileDeployment(one('{ weight: 1, start: [Generic Soldier, Generic Archer, Generic Soldier, Generic Archer, Generic Soldier], at: [A-west, A-west, A-east, A-east, A-centre] }'), 'f.yaml', sides, board, 5);
    expect(archersStart.mixes![0].at[0]).toEqual([-1, -1, w, w, e, e, c]);
    expect(() => compileDeployment(one('{ weight: 1, start: [Training Knight, Generic Brute, Generic Brute], at: [A-west, A-west, A-west] }'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.0\.A\.layouts\.0\.start\.2: "Generic Brute" is not a unit of side A's team still in reserve/);
    expect(() => compileDeployment(one('{ weight: 1, start: [Generic Brute, Generic Soldier, Generic Soldier, Generic Soldier, Generic Archer], at: [A-west, A-west, A-west, A-west, A-west] }'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.0\.A\.layouts\.0\.start: 6 Summoning Points, over the Vortex cap of 5/);
    expect(() => compileDeployment(parseDeployment(`mixes:\n  - name: x\n    A: { team: [${names(0)}], layouts: [{ weight: 1, at: [A-west] }] }\n    B: { team: [${names(1)}], layouts: [{ weight: 1, at: [B-west] }] }\n`, 'f.yaml'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.0\.A\.layouts\.0: no `start` \(the units it starts\), and side A has no `starting`/);
    // payoffs: a row per A layout, a column per B layout; weights of 0 (the plan's only) but not all.
    const withPayoffs = (rows: string) => parseDeployment(`mixes:\n${entry('{ weight: 1, at: [A-west, A-west, A-west, A-west] }, { weight: 0, at: [A-east, A-east, A-east, A-east] }')}    payoffs: ${rows}\n`, 'f.yaml');
    expect(compileDeployment(withPayoffs('[[0.1], [-0.2]]'), 'f.yaml', sides, board, 5)).toMatchObject({ payoffs: [[0.1], [-0.2]] });
    expect(() => compileDeployment(withPayoffs('[[0.1]]'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.0\.payoffs: 1 rows for side A's 2 layouts/);
    expect(() => compileDeployment(withPayoffs('[[0.1], [0.2, 0.3]]'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.0\.payoffs\.1: 2 columns for side B's 1 layouts/);
    expect(() => withPayoffs('[[1.5], [0]]')).toThrow(/f\.yaml: mixes\.0\.payoffs\.0\.0: /);
    expect(() => compileDeployment(one('{ weight: 0, at: [A-west, A-west, A-west, A-west] }'), 'f.yaml', sides, board, 5)).toThrow(/f\.yaml: mixes\.0\.A\.layouts: every weight is 0/);
    expect(compileDeployment(one('{ weight: 1, at: [A-west, A-west, A-west, B-west] }'), 'f.yaml', sides, board, 5)).toMatchObject({ mixes: null, why: expect.stringMatching(/deploys side A at "B-west", not one of this board's side-A deployment points \(A-west, A-centre, A-east\)/) });
    expect(() => one('{ weight: 0.5, at: [A-west, A-west, A-west, A-west] }')).toThrow(/f\.yaml: mixes\.0\.A\.layouts\.0\.weight: expected a whole number/);
    expect(() => parseDeployment('mixes:\n  - { name: x, A: {}, B: {}, extra: 1 }\n', 'f.yaml')).toThrow(/f\.yaml: mixes\.0\./);
  });
  it('summoning (every built-in but random): a ranged unit first, the longest range, then the dearest; with none ranged, the dearest', () => {
    const bow = (range: number): MatchUnit['attacks'] => [{ name: 'Bow', ranged: true, stat: 1, dice: 'd6', range, fate: 0 }];
    const a = [unit('brute', { type: 'character', cost: 2, scoring: 2 }), unit('short', { attacks: bow(8) }), unit('long', { attacks: bow(12) }), unit('longDear', { type: 'character', cost: 2, scoring: 2, attacks: bow(12) }), unit('melee'), unit('shortDear', { type: 'character', cost: 2, scoring: 2, attacks: bow(8) })];
    const g = new MatchEngine(data(a, [unit('foe')]), RULES, [fightPolicy, fightPolicy]);
    g.reset();
    const pick = (p: Policy<MatchView>, ...units: number[]) => units[p.choose(streamFor(1, 0), g, DECISION.SUMMON, Int32Array.from(units), units.length, true)];
    for (const p of [fightPolicy, huntPolicy, holdPolicy]) {
      expect(pick(p, 0, 1, 2)).toBe(2); // the longest range before the dearest (the rule before 2026-12-05 took 'brute')
      expect(pick(p, 0, 1, 2, 3)).toBe(3); // equal range: the dearest
      expect(pick(p, 0, 1)).toBe(1); // any range before none
      expect(pick(p, 4, 0)).toBe(0); // none ranged: the dearest
      expect(pick(p, 5, 2)).toBe(2); // the range before the cost: the cheap long bow, not the dear short one
    }
  });
  it('deployment is resumable (a search root): saved at DEPLOY_AT and at DEPLOY, restored and answered otherwise, the game goes on from there', () => {
    const a = [unit('a0', { deployFirst: true }), unit('a1', { deployFirst: true }), unit('a2', { deployFirst: true })];
    const b = [unit('b0', { deployFirst: true }), unit('b1', { deployFirst: true })];
    for (const [decision, answer] of [[DECISION.DEPLOY_AT, 2], [DECISION.DEPLOY, -1]] as const) {
      const g = new MatchEngine(data(a, b), RULES, [fightPolicy, fightPolicy]);
      const snap = g.newSnapshot();
      let saved = false;
      let side = -1;
      let unitAsked = -1;
      const saver: Policy<MatchView> = {
        name: 'saver',
        choose(rng, v, d, o, n, none) {
          if (!saved && d === decision && g.resumable(d)) {
            g.save(snap);
            saved = true;
            side = v.deciding;
            unitAsked = v.acting;
          }
          return fightPolicy.choose(rng, v, d, o, n, none);
        },
      };
      g.reset();
      g.playOn(streamFor(5, 0), saver, NO_ANSWER, NO_ANSWER, NO_STOP);
      expect(saved).toBe(true);
      g.restore(snap);
      // Resumed with another answer, up to the end of deployment (round 0), then on to the end.
      g.playOn(streamFor(5, 1), fightPolicy, decision, answer, 0);
      const mine = side === 0 ? [0, 1, 2] : [3, 4];
      if (decision === DECISION.DEPLOY_AT) expect([g.round, g.unitPos(unitAsked)]).toEqual([0, board.deployPoints[side][2]]);
      // Stopped at its first DEPLOY: none of that side's units is in the Vortex; the other side deployed all of its.
      else expect([mine.map((u) => g.unitWhere(u)), (side === 0 ? [3, 4] : [0, 1, 2]).every((u) => g.unitWhere(u) === WHERE_ACTIVE)]).toEqual([mine.map(() => WHERE_RESERVE), true]);
      g.playOn(streamFor(5, 2), fightPolicy, NO_ANSWER, NO_ANSWER, NO_STOP);
      expect(g.over()).toBe(true);
    }
  });
  it('the Vortex cap: a unit that would take the side over 5 points is never offered, at deployment or summoning', () => {
    const a = [unit('big', { type: 'character', cost: 3, scoring: 3 }), unit('mid', { type: 'character', cost: 2, scoring: 2 }), unit('x', { type: 'monster', cost: 2, scoring: 2 }), unit('y')];
    const log: { d: number; options: number[]; side: number }[] = [];
    const g = new MatchEngine(data(a, [unit('foe')]), RULES, [scripted(() => 0, log), scripted(() => 0)]);
    g.reset();
    g.deploy(streamFor(2, 0));
    expect(g.activePoints(0)).toBe(5);
    expect([g.where[0], g.where[1], g.where[2], g.where[3]]).toEqual([WHERE_ACTIVE, WHERE_ACTIVE, WHERE_RESERVE, WHERE_RESERVE]);
    const deploys = log.filter((q) => q.d === DECISION.DEPLOY && q.side === 0).map((q) => q.options);
    expect(deploys).toEqual([[0, 1, 2, 3], [1, 2, 3]]); // then 5 points: nothing fits, deployment ends
    g.credit_[0] = 5;
    g.round = 1;
    g.summoning(streamFor(2, 1));
    expect(g.activePoints(0)).toBe(5);
  });
  it('Initiative: the winner may pass, and activations alternate until a side runs out, the other then finishing (rulebook: 4., 5.)', () => {
    const order: number[] = [];
    const a = [unit('a0'), unit('a1'), unit('a2')];
    const pol = (pass: boolean) => scripted((d, o, v) => {
      if (d === DECISION.INITIATIVE) return pass ? 1 : 0;
      if (d === DECISION.ACTIVATE) order.push(o[0]);
      return d === DECISION.ABILITY ? -1 : 0;
    });
    const g = new MatchEngine(data(a, [unit('b0')]), RULES, [pol(true), pol(true)]);
    g.reset();
    for (let u = 0; u < 4; u++) (g.where[u] = WHERE_ACTIVE), (g.pos[u] = node(u < 3 ? 'A-west' : 'B-west'));
    g.round = 1;
    g.initiative(streamFor(3, 0));
    const winner = g.initiatives[0] === 1 ? 0 : 1;
    expect(g.first).toBe(1 - winner); // passed
    g.first = 0;
    g.activationPhase(streamFor(3, 1));
    expect(order).toEqual([0, 3, 1, 2]);
  });
  it('melee: moving onto an enemy locks both for the rest of the round (only "stay"); at the next round they may leave (rulebook: Melee Combat & Engagement)', () => {
    const log: { d: number; options: number[]; side: number }[] = [];
    const g = new MatchEngine(data([unit('a')], [unit('b')]), RULES, [scripted((d, o) => (d === DECISION.ACTION ? o.indexOf((ACT_ENGAGE << 8) | 1) : -1), log), scripted((d) => (d === DECISION.ACTION ? 0 : -1), log)]);
    g.reset();
    g.where[0] = g.where[1] = WHERE_ACTIVE;
    g.pos[0] = node('P1');
    g.pos[1] = board.pointNames.indexOf('P1>P2 3');
    g.round = 1;
    g.activate(streamFor(4, 0), 0);
    expect(g.pos[0]).toBe(g.pos[1]);
    expect([g.unitLocked(0), g.unitLocked(1)]).toEqual([true, true]);
    g.activate(streamFor(4, 1), 1);
    const bActions = log.filter((q) => q.d === DECISION.ACTION && q.side === 1).at(-1)!.options;
    expect(bActions.map(actKind)).toEqual([ACT_STAY]);
    g.round = 2;
    g.startOfRound();
    expect(g.unitLocked(1)).toBe(false);
    g.activate(streamFor(4, 2), 1);
    const free = log.filter((q) => q.d === DECISION.ACTION && q.side === 1).at(-1)!.options;
    expect(free.map(actKind)).toContain(ACT_PILLAR);
  });
  it('running: Speed + the higher die, +2 DEF until its next activation, no ability; a Shield that ran does not deflect that round (rulebook: Running)', () => {
    const lines: string[] = [];
    const log: { d: number; options: number[]; side: number }[] = [];
    const knight = unit('knight', { shield: true, def: 7 });
    let plan = (ACT_RUN_PILLAR << 8) | 1;
    const g = new MatchEngine(data([knight], [unit('b', { speed: 0 })]), RULES, [scripted((d, o) => (d === DECISION.ACTION ? o.indexOf(plan) : 0), log), scripted((d, o) => (d === DECISION.ABILITY ? o.findIndex((c) => ablKind(c) === ABL_ATTACK) : 0), log)]);
    g.trace = (l) => lines.push(l);
    g.reset();
    g.where[0] = g.where[1] = WHERE_ACTIVE;
    g.pos[0] = node('A-centre');
    g.round = 1;
    g.activate(streamFor(5, 0), 0);
    const run = /runs 5\+(\d) inches/.exec(lines.join('\n'));
    expect(run).not.toBeNull();
    // From A-centre (8 from P1) the run stops once within 4 inches of P1.
    expect(g.distance(g.pos[0], g.pillarPoint(1))).toBe(Math.max(4, 8 - 5 - Number(run![1])));
    expect(log.filter((q) => q.d === DECISION.ABILITY && q.side === 0)).toHaveLength(0);
    expect(g.ranBonus[0]).toBe(1);
    g.pos[1] = g.pos[0];
    for (let i = 0; i < 30; i++) g.activate(streamFor(5, 10 + i), 1);
    expect(lines.join('\n')).toMatch(/vs DEF 9/);
    expect(log.filter((q) => q.d === DECISION.DEFLECT)).toHaveLength(0);
    // Its next activation ends the bonus.
    plan = ACT_STAY << 8;
    g.activate(streamFor(5, 99), 0);
    expect(g.ranBonus[0]).toBe(0);
  });
  it('the Shield deflect is asked once a round, on a successful attack roll, and meets or beats it (rulebook: Example Activation)', () => {
    const lines: string[] = [];
    const log: { d: number; options: number[]; side: number }[] = [];
    const g = new MatchEngine(data([unit('knight', { shield: true, def: 2, health: 50 })], [unit('b')]), RULES, [scripted((d) => (d === DECISION.DEFLECT ? 1 : 0), log), scripted((d, o) => (d === DECISION.ABILITY ? 0 : 0), log)]);
    g.trace = (l) => lines.push(l);
    g.reset();
    g.where[0] = g.where[1] = WHERE_ACTIVE;
    g.pos[0] = g.pos[1] = node('P1');
    g.round = 1;
    for (let i = 0; i < 5; i++) g.attack(streamFor(6, i), 1, 0, 0, false);
    expect(log.filter((q) => q.d === DECISION.DEFLECT)).toHaveLength(1);
    const shield = /Shield: .* rolls (\d+) against (\d+): (deflected|not deflected)/.exec(lines.join('\n'))!;
    expect(shield[3] === 'deflected').toBe(Number(shield[1]) >= Number(shield[2]));
    g.round = 2;
    g.attack(streamFor(6, 9), 1, 0, 0, false);
    expect(log.filter((q) => q.d === DECISION.DEFLECT)).toHaveLength(2);
  });
  it('Battle Cry: 1 Fate, +1 DEF to friends within 3 inches (itself too) until the end of the round; Heroic Charge: 5 Fate, +1 on a hit', () => {
    const knight = unit('knight', { buff: { name: 'Battle Cry', fate: 1, stat: 0, amount: 1, radius: 3 }, charge: { name: 'Heroic Charge', fate: 5, fateOnSuccess: 1 } });
    const a = [knight, unit('near'), unit('far')];
    const log: { d: number; options: number[]; side: number }[] = [];
    let plan = ACT_STAY << 8;
    const g = new MatchEngine(data(a, [unit('b', { def: 2, health: 50 })]), RULES, [scripted((d, o) => (d === DECISION.ACTION ? o.indexOf(plan) : d === DECISION.ABILITY ? o.indexOf(ABL_BUFF << 16) : 0), log), scripted(() => 0)]);
    g.reset();
    for (let u = 0; u < 4; u++) g.where[u] = WHERE_ACTIVE;
    g.pos[0] = node('P1');
    g.pos[1] = board.pointNames.indexOf('P1>P2 3');
    g.pos[2] = board.pointNames.indexOf('P1>P2 4');
    g.pos[3] = node('B-centre');
    g.round = 1;
    g.activate(streamFor(7, 0), 0);
    expect([g.buffDef[0], g.buffDef[1], g.buffDef[2], g.fate(0)]).toEqual([1, 1, 0, 2]);
    g.endOfRound();
    expect([g.buffDef[0], g.buffDef[1]]).toEqual([0, 0]);
    // With 4 Fate no charge is offered; with 5 it is, and it costs 5 (+1 when it lands: DEF 2 always does).
    g.fate_[0] = 4;
    g.round = 2;
    g.activate(streamFor(7, 1), 0);
    expect(log.filter((q) => q.d === DECISION.ACTION).at(-1)!.options.some((c) => actKind(c) === ACT_CHARGE)).toBe(false);
    g.fate_[0] = 5;
    g.pos[0] = node('P1');
    plan = (ACT_CHARGE << 8) | 3;
    g.round = 3;
    g.activate(streamFor(7, 2), 0);
    expect(g.pos[0]).toBe(g.pos[3]); // 8 inches: its move and the charge's
    expect(g.fate(0)).toBe(1);
  });
  it('incapacitated units do not activate or score and are removed at the end of the round; a side with no unit left loses (rulebook: Incapacitated Units, 6., 7.)', () => {
    const log: { d: number; options: number[]; side: number }[] = [];
    const g = new MatchEngine(data([unit('a0'), unit('a1')], [unit('b0')]), RULES, [scripted((d) => (d === DECISION.ABILITY ? -1 : 0), log), scripted((d) => (d === DECISION.ABILITY ? -1 : 0), log)]);
    g.reset();
    for (let u = 0; u < 3; u++) (g.where[u] = WHERE_ACTIVE), (g.pos[u] = g.pillarPoint(1));
    g.where[0] = WHERE_INCAP;
    g.health[0] = 0;
    expect(g.pillarScore(1, 0)).toBe(1);
    g.round = 1;
    g.first = 0;
    g.activationPhase(streamFor(8, 0));
    expect(log.filter((q) => q.d === DECISION.ACTIVATE && q.side === 0).flatMap((q) => q.options)).toEqual([1]);
    g.endOfRound();
    expect([g.where[0], g.lost[0]]).toEqual([WHERE_REMOVED, 1]);
    expect(g.wipedOut()).toBe(-1);
    g.where[2] = WHERE_REMOVED;
    expect(g.wipedOut()).toBe(1);
  });
  it('Example Scoring: Ember 1 + Skull Splitters 2 beat Grog and Timber 2; without Ember a tie controls nothing; VP per the roll (rulebook: Scoring Pillars of Fate)', () => {
    const g = new MatchEngine(data([unit('Ember'), unit('Skull Splitters', { cost: 2, scoring: 2 })], [unit('Grog and Timber', { cost: 2, scoring: 2, type: 'character' })]), RULES, [holdPolicy, holdPolicy]);
    g.reset();
    for (let u = 0; u < 3; u++) (g.where[u] = WHERE_ACTIVE), (g.pos[u] = g.pillarPoint(3));
    g.round = 1;
    // A rolled 3 and 5, B a 6 and a 3 (Secret Mission + Pillar 3).
    g.rollA[0] = 3;
    g.rollB[0] = 5;
    g.rollA[1] = 6;
    g.rollB[1] = 3;
    g.scoringPhase();
    expect([g.controller(3), g.vp(0), g.vp(1), g.fate(0)]).toEqual([0, 1, 0, 4]);
    g.pos[0] = node('A-west'); // Ember walks away: 2 against 2
    g.rollA[0] = 3;
    g.rollB[0] = 3; // doubles: Pillar 3 alone, for double VP
    g.scoringPhase();
    expect([g.controller(3), g.vp(0)]).toEqual([-1, 1]);
    g.pos[0] = g.pillarPoint(3);
    g.scoringPhase();
    expect([g.controller(3), g.vp(0), g.fate(0)]).toEqual([0, 3, 5]);
  });
});

describe('the fight policy (the default): hand-built positions where it and hunt answer differently', () => {
  const rng = streamFor(1, 0);
  /** An engine in round `round` with side A's units and side B's at the given points (-1: in reserve). */
  function position(a: MatchUnit[], b: MatchUnit[], at: number[], round = 3): MatchEngine {
    const g = new MatchEngine(data(a, b, 5), RULES, [fightPolicy, fightPolicy]);
    g.reset();
    at.forEach((p, u) => {
      if (p >= 0) (g.where[u] = WHERE_ACTIVE), (g.pos[u] = p);
    });
    g.round = round;
    g.deciding = 0;
    return g;
  }
  /** The first board point exactly `d` inches from `from`. */
  const pointAt = (g: MatchEngine, from: number, d: number): number => {
    for (let q = 0; q < g.graph.points; q++) if (g.distance(from, q) === d) return q;
    throw new Error(`no point ${d} inches from ${from}`);
  };
  const ask = (pol: Policy<MatchView>, g: MatchEngine, decision: number, opts: number[]) => pol.choose(rng, g, decision, Int32Array.from(opts), opts.length, false);
  const p0 = node('P1');

  it('ACTIVATE: a unit that can strike without moving goes first, the one whose target has least health + armour left (rulebook: 5. Activation Phase)', () => {
    // A0 has no enemy in reach; A1 and A2 stand on enemies: B0 (health 4, armour 2) and B1 (health 5, armour 0).
    const far = node('A-west');
    const g = position([unit('a0'), unit('a1'), unit('a2')], [unit('b0', { armor: 2 }), unit('b1', { health: 5 })], [far, p0, node('P5'), p0, node('P5')]);
    expect(ask(huntPolicy, g, DECISION.ACTIVATE, [0, 1, 2])).toBe(0);
    expect(ask(fightPolicy, g, DECISION.ACTIVATE, [0, 1, 2])).toBe(2); // B1: 5 left, B0: 6
  });

  it('ACTIVATE: a unit that would Battle Cry goes before the strikers: a buff it can pay for, nothing in reach, a friend within its radius (rulebook: the Training Knight\'s Battle Cry)', () => {
    const cry: MatchUnit['buff'] = { name: 'Battle Cry', fate: 1, stat: 0, amount: 1, radius: 3 };
    const far = node('A-west');
    const g0 = position([unit('a')], [unit('b')], [far, -1]);
    const near = pointAt(g0, far, 2);
    const wide = pointAt(g0, far, 4);
    // A0 (the crier) at the west point, a friend 2 inches away (A2); A1 stands on enemy B0 and could strike.
    const g = position([unit('crier', { buff: cry }), unit('a1'), unit('a2')], [unit('b0')], [far, p0, near, p0]);
    expect(ask(fightPolicy, g, DECISION.ACTIVATE, [1, 2, 0])).toBe(2); // the crier; the rule before took A1
    expect(g.unitBuffRadius(0)).toBe(3);
    expect([g.unitBuffFate(0), g.unitBuffFate(1), g.unitBuffRadius(1)]).toEqual([1, -1, 0]);
    // The friend 4 inches away, beyond the radius: the striker first.
    const out = position([unit('crier', { buff: cry }), unit('a1'), unit('a2')], [unit('b0')], [far, p0, wide, p0]);
    expect(ask(fightPolicy, out, DECISION.ACTIVATE, [1, 2, 0])).toBe(0);
    // No Fate to pay for it: the striker first.
    g.fate_[0] = 0;
    expect(ask(fightPolicy, g, DECISION.ACTIVATE, [1, 2, 0])).toBe(0);
    // A unit without a buff never counts as a crier, even with a friend at its own point (radius 0): the striker first.
    const plain = position([unit('plain'), unit('a1'), unit('a2')], [unit('b0')], [far, p0, far, p0]);
    expect(ask(fightPolicy, plain, DECISION.ACTIVATE, [0, 1, 2])).toBe(1);
    // The crier has an enemy in reach itself: it strikes, in the strikers' order (B0 with A1 as well: the first offered of equals).
    const both = position([unit('crier', { buff: cry }), unit('a1'), unit('a2')], [unit('b0')], [p0, p0, near, p0]);
    expect(ask(fightPolicy, both, DECISION.ACTIVATE, [1, 2, 0])).toBe(0);
  });

  it("ABILITY: with nothing to attack, Battle Cry when a friend stands within the buff's radius (the sheet's, not a fixed 3 inches)", () => {
    const far = node('A-west');
    const g0 = position([unit('a')], [unit('b')], [far, -1]);
    const four = pointAt(g0, far, 4);
    for (const [radius, cries] of [[5, true], [3, false]] as const) {
      const cry: MatchUnit['buff'] = { name: 'Battle Cry', fate: 1, stat: 0, amount: 1, radius };
      const g = position([unit('crier', { buff: cry }), unit('friend')], [unit('b0')], [far, four, node('B-east')]);
      g.acting = 0;
      const buff = ABL_BUFF << 16;
      for (const p of [fightPolicy, huntPolicy]) expect(ask(p, g, DECISION.ABILITY, [buff]), `radius ${radius}`).toBe(cries ? 0 : -1);
    }
  });

  it('INITIATIVE: pass on a quiet board (no unit of either side can strike from where it stands), else go first; hunt always goes first (rulebook: 4. Initiative Phase, "pass to the opponent")', () => {
    const far = node('A-west');
    const archer = (name: string) => unit(name, { attacks: [{ name: 'Bow', ranged: true, stat: 1, dice: 'd6', range: 12, fate: 0 }] });
    const opts = [INI_FIRST, INI_PASS];
    // Both sides at their deployment points, melee only: nothing in reach, pass.
    const quiet = position([unit('a0'), unit('a1')], [unit('b0')], [far, far, node('B-west')], 1);
    expect(ask(fightPolicy, quiet, DECISION.INITIATIVE, opts)).toBe(1);
    expect(ask(huntPolicy, quiet, DECISION.INITIATIVE, opts)).toBe(0);
    // The options in the other order: the answer is pass's index, not a fixed one.
    expect(ask(fightPolicy, quiet, DECISION.INITIATIVE, [INI_PASS, INI_FIRST])).toBe(0);
    // A unit of the side in contact with an enemy: go first (it strikes before it is struck).
    const contact = position([unit('a0'), unit('a1')], [unit('b0')], [far, p0, p0], 4);
    expect(ask(fightPolicy, contact, DECISION.INITIATIVE, opts)).toBe(0);
    // Only the enemy can strike (an archer within 12 inches of A's unit): go first too.
    const g0 = position([unit('a')], [unit('b')], [far, -1]);
    const shot = pointAt(g0, far, 12);
    const outOfRange = pointAt(g0, far, 13);
    expect(ask(fightPolicy, position([unit('a0')], [archer('b0')], [far, shot], 2), DECISION.INITIATIVE, opts)).toBe(0);
    // One inch further, out of the bow's range: quiet again, pass.
    expect(ask(fightPolicy, position([unit('a0')], [archer('b0')], [far, outOfRange], 2), DECISION.INITIATIVE, opts)).toBe(1);
    // Only the deciding side can strike (its archer 12 inches from B's unit): go first.
    expect(ask(fightPolicy, position([archer('a0')], [unit('b0')], [far, shot], 2), DECISION.INITIATIVE, opts)).toBe(0);
    // An incapacitated unit keeps its point but does not count: B's unit stands on A's, quiet otherwise.
    const incap = position([unit('a0'), unit('a1')], [unit('b0')], [far, node('B-west'), node('B-west')], 2);
    incap.where[1] = WHERE_INCAP;
    expect(ask(fightPolicy, incap, DECISION.INITIATIVE, opts)).toBe(1);
    incap.where[1] = WHERE_ACTIVE;
    expect(ask(fightPolicy, incap, DECISION.INITIATIVE, opts)).toBe(0);
    // A module offering only one of the two: that one (never -1).
    expect(ask(fightPolicy, quiet, DECISION.INITIATIVE, [INI_FIRST])).toBe(0);
    // hunt and hold go first whatever the options' order; modules see the codes.
    for (const p of [huntPolicy, holdPolicy]) expect(ask(p, quiet, DECISION.INITIATIVE, [INI_PASS, INI_FIRST])).toBe(1);
    expect(policyCodes().INI).toEqual({ FIRST: INI_FIRST, PASS: INI_PASS });
  });

  it('threat (fight weighing the enemy\'s threat): of the targets one move reaches, it strikes the one whose walk ends least exposed, where fight strikes the least tough; actionEnd is where the engine moves', () => {
    const g0 = position([unit('a')], [unit('b')], [p0, -1]);
    // b0 (3 left) 3 inches one way, beside a second enemy; b1 (4 left) 4 inches the other way, alone: 7 inches apart, beyond either's Speed 5.
    const q0 = pointAt(g0, p0, 3);
    let q1 = -1;
    for (let q = 0; q < g0.graph.points && q1 < 0; q++) if (g0.distance(p0, q) === 4 && g0.distance(q0, q) >= 7) q1 = q;
    expect(q1).toBeGreaterThanOrEqual(0);
    const g = position([unit('a')], [unit('b0', { health: 3 }), unit('b1'), unit('b2')], [p0, q0, q1, q0]);
    g.acting = 0;
    const opts = [ACT_STAY << 8, (ACT_ENGAGE << 8) | 1, (ACT_ENGAGE << 8) | 2, (ACT_RUN_ENEMY << 8) | 1, (ACT_RUN_ENEMY << 8) | 2];
    expect(ask(fightPolicy, g, DECISION.ACTION, opts)).toBe(1);
    expect(ask(threatPolicy, g, DECISION.ACTION, opts)).toBe(2);
    // Where the walks end, as the engine would move: at each target's point.
    expect([g.actionEnd(0, opts[1], 0), g.actionEnd(0, opts[2], 0), g.actionEnd(0, opts[0], 0)]).toEqual([q0, q1, p0]);
    // With b2 gone from b0's side, the two walks are as exposed (one enemy each, the same attack): fight's order decides, b0.
    g.where[3] = WHERE_REMOVED;
    expect(ask(threatPolicy, g, DECISION.ACTION, opts)).toBe(1);
    // Every other decision is fight's.
    expect(ask(threatPolicy, g, DECISION.INITIATIVE, [INI_FIRST, INI_PASS])).toBe(ask(fightPolicy, g, DECISION.INITIATIVE, [INI_FIRST, INI_PASS]));
  });

  it('expectedDamage: the chance the Fate roll meets DEF (or DOD, +2 after a run) times the mean of the damage dice; a Shield deflects at half weight; 0 out of reach', () => {
    const bow: MatchUnit['attacks'][number] = { name: 'Bow', ranged: true, stat: 1, dice: 'higher2d6', range: 12, fate: 0 };
    const g = position([unit('a'), unit('archer', { attacks: [bow] })], [unit('b', { def: 7, dod: 8 }), unit('s', { def: 7, shield: true })], [p0, p0, p0, p0]);
    const meets = (t: number) => [...Array(11)].reduce((s: number, _x, i) => s + (i + 2 >= t ? (6 - Math.abs(i + 2 - 7)) / 36 : 0), 0);
    // d6 on DEF 7: P(2d6 ≥ 7) = 21/36, mean 3.5.
    expect(g.expectedDamage(0, 2, 0, false)).toBeCloseTo((21 / 36) * 3.5, 12);
    expect(g.expectedDamage(0, 2, 1, false)).toBe(0);
    // The higher of 2d6 (mean 161/36) on DOD 8, and DOD 10 after a run.
    expect(g.expectedDamage(1, 2, 12, false)).toBeCloseTo(meets(8) * (161 / 36), 12);
    expect(g.expectedDamage(1, 2, 12, true)).toBeCloseTo(meets(10) * (161 / 36), 12);
    expect(g.expectedDamage(1, 2, 13, false)).toBe(0);
    // A Shield: each landing roll r kept with 1 − P(2d6 ≥ r) / 2.
    let land = 0;
    for (let r = 7; r <= 12; r++) land += ((6 - Math.abs(r - 7)) / 36) * (1 - meets(r) / 2);
    expect(g.expectedDamage(0, 3, 0, false)).toBeCloseTo(land * 3.5, 12);
  });

  it('ABILITY: attack the enemy with least health + armour, ties to the higher cost (rulebook: Damage Resolution); hunt takes the least health', () => {
    const g = position([unit('a')], [unit('b0', { health: 3, armor: 2 }), unit('b1', { health: 4 }), unit('b2', { health: 4, cost: 2, scoring: 2, type: 'character' })], [p0, p0, p0, p0]);
    g.acting = 0;
    const atk = (e: number) => (ABL_ATTACK << 16) | e;
    expect(ask(huntPolicy, g, DECISION.ABILITY, [atk(1), atk(2), atk(3)])).toBe(0);
    expect(ask(fightPolicy, g, DECISION.ABILITY, [atk(1), atk(2), atk(3)])).toBe(2); // b1 and b2 have 4 left: b2 costs more
  });

  it('ABILITY and ACTION: of enemies with as much left and the same cost, the one with the longer ranged attack first; any difference in what is left or in cost comes before it', () => {
    const bow: MatchUnit['attacks'][number] = { name: 'Bow', ranged: true, stat: 1, dice: 'd6', range: 12, fate: 0 };
    const archer = (name: string, over: Partial<MatchUnit> = {}) => unit(name, { attacks: [bow], ...over });
    const atk = (e: number) => (ABL_ATTACK << 16) | e;
    // b0 melee and b1 ranged, 4 left each, cost 1: the archer, whichever is offered first.
    const g = position([unit('a')], [unit('b0'), archer('b1')], [p0, p0, p0]);
    g.acting = 0;
    expect(ask(fightPolicy, g, DECISION.ABILITY, [atk(1), atk(2)])).toBe(1);
    expect(ask(fightPolicy, g, DECISION.ABILITY, [atk(2), atk(1)])).toBe(0);
    // The longer of two ranges.
    const two = position([unit('a')], [archer('b0', { attacks: [{ ...bow, range: 6 }] }), archer('b1')], [p0, p0, p0]);
    two.acting = 0;
    expect(ask(fightPolicy, two, DECISION.ABILITY, [atk(1), atk(2)])).toBe(1);
    // Less left to strike off, or a higher cost, comes first: the melee unit then.
    const tougher = position([unit('a')], [unit('b0'), archer('b1', { health: 5 })], [p0, p0, p0]);
    tougher.acting = 0;
    expect(ask(fightPolicy, tougher, DECISION.ABILITY, [atk(1), atk(2)])).toBe(0);
    const dearer = position([unit('a')], [unit('b0', { cost: 2, scoring: 2, type: 'character' }), archer('b1')], [p0, p0, p0]);
    dearer.acting = 0;
    expect(ask(fightPolicy, dearer, DECISION.ABILITY, [atk(1), atk(2)])).toBe(0);
    // ACTION: both within a walk (2 inches), the same left and cost: engage the archer.
    const near = pointAt(g, p0, 2);
    const walk = position([unit('a')], [unit('b0'), archer('b1')], [p0, near, near]);
    walk.acting = 0;
    const opts = [ACT_STAY << 8, (ACT_ENGAGE << 8) | 1, (ACT_ENGAGE << 8) | 2];
    expect(opts[ask(fightPolicy, walk, DECISION.ACTION, opts)]).toBe((ACT_ENGAGE << 8) | 2);
    // hunt still takes the nearest (the first of equals).
    expect(opts[ask(huntPolicy, walk, DECISION.ACTION, opts)]).toBe((ACT_ENGAGE << 8) | 1);
  });

  it('ACTION: engage the weakest enemy a walk reaches, not the nearest; beyond a walk, run at the nearest as hunt does', () => {
    // A melee unit (Speed 5): B0 tough (health 8) 2 inches away, B1 (health 2) 5 inches away.
    const g0 = position([unit('a')], [unit('b')], [p0, -1]);
    const near = pointAt(g0, p0, 2);
    const five = pointAt(g0, p0, 5);
    const g = position([unit('a')], [unit('b0', { health: 8 }), unit('b1', { health: 2 })], [p0, near, five]);
    g.acting = 0;
    const opts = [ACT_STAY << 8, (ACT_ENGAGE << 8) | 1, (ACT_RUN_ENEMY << 8) | 1, (ACT_ENGAGE << 8) | 2, (ACT_RUN_ENEMY << 8) | 2];
    expect(opts[ask(huntPolicy, g, DECISION.ACTION, opts)]).toBe((ACT_ENGAGE << 8) | 1);
    expect(opts[ask(fightPolicy, g, DECISION.ACTION, opts)]).toBe((ACT_ENGAGE << 8) | 2);
    // Both out of a walk's reach (Speed 1): close on the nearest, running.
    const slow = position([unit('a', { speed: 1 })], [unit('b0', { health: 8 }), unit('b1', { health: 2 })], [p0, near, five]);
    slow.acting = 0;
    expect(opts[ask(fightPolicy, slow, DECISION.ACTION, opts)]).toBe((ACT_RUN_ENEMY << 8) | 1);
  });

  it('ACTION: a charge goes to the weakest enemy it reaches at a distance; a locked unit stays', () => {
    const g0 = position([unit('a')], [unit('b')], [p0, -1]);
    const two = pointAt(g0, p0, 2);
    const four = pointAt(g0, p0, 4);
    const g = position([unit('a')], [unit('b0', { health: 8 }), unit('b1', { health: 3 })], [p0, two, four]);
    g.acting = 0;
    const opts = [ACT_STAY << 8, (ACT_ENGAGE << 8) | 1, (ACT_ENGAGE << 8) | 2, (ACT_CHARGE << 8) | 1, (ACT_CHARGE << 8) | 2];
    expect(opts[ask(huntPolicy, g, DECISION.ACTION, opts)]).toBe((ACT_CHARGE << 8) | 1);
    expect(opts[ask(fightPolicy, g, DECISION.ACTION, opts)]).toBe((ACT_CHARGE << 8) | 2);
    g.lockedRound[0] = g.round;
    expect(opts[ask(fightPolicy, g, DECISION.ACTION, [ACT_STAY << 8])]).toBe(ACT_STAY << 8);
  });

  it('ACTION: in the last round a unit with nothing to strike goes to score an objective pillar; before it, it closes on the enemy (rulebook: Winning The Game)', () => {
    const g0 = position([unit('a')], [unit('b')], [p0, -1]);
    const far = pointAt(g0, node('A-west'), 20);
    const opts = [ACT_STAY << 8, (ACT_PILLAR << 8) | 2, (ACT_RUN_PILLAR << 8) | 2, (ACT_ENGAGE << 8) | 1, (ACT_RUN_ENEMY << 8) | 1];
    for (const round of [9, 10]) {
      const g = position([unit('a')], [unit('b')], [node('A-west'), far], round);
      g.acting = 0;
      // Pillar 2 is side A's objective (rolled 2 and 3); it lies 4 inches from A-west: within a walk.
      g.rollA[0] = 2;
      g.rollB[0] = 3;
      const plan = opts[ask(fightPolicy, g, DECISION.ACTION, opts)];
      expect(plan, `round ${round}`).toBe(round === 10 ? ACT_STAY << 8 : (ACT_RUN_ENEMY << 8) | 1);
    }
  });
});

describe('the match simulation', () => {
  const params = (over: Record<string, unknown>) => matchSimParams(resolveParams(MATCH_PARAMS, over, (k) => k));
  it('a mirror match favours neither side: the VP margin\'s 99% interval holds 0 (30 000 games)', async () => {
    // Holding pillars both sides: games run the full 10 rounds, so Initiative is rolled 10 times. Deployed
    // by the spread rule: the stored plan is measured data (noisy payoffs), not a symmetric rule, so a mirror under it may favour a side.
    const p = params({ policyA: 'hold', policyB: 'hold', deployment: 'spread' });
    const run = await runSimulation({ simId: 'dualfates/match', params: p, n: 30_000, seed: 20261201, jobs: 2 });
    const r = matchResult(p, run.totals, 0.99);
    expect(r.means.vpMargin.lo).toBeLessThan(0);
    expect(r.means.vpMargin.hi).toBeGreaterThan(0);
    expect(r.means.initiativesA.lo).toBeLessThan(5);
    expect(r.means.initiativesA.hi).toBeGreaterThan(5);
  }, 60_000);
  it('holding pillars beats random play, and holds more pillars a round', async () => {
    const p = params({ policyA: 'hold', policyB: 'random' });
    const run = await runSimulation({ simId: 'dualfates/match', params: p, n: 4000, seed: 5, jobs: 1 });
    const r = matchResult(p, run.totals, 0.999);
    expect(r.rates.winA.lo).toBeGreaterThan(0.6);
    expect(r.means.pillarsHeldPerRoundA.lo).toBeGreaterThan(r.means.pillarsHeldPerRoundB.hi);
  }, 30_000);
  it('the readings move the numbers: scoring value 1 per unit changes pillar control against the horde; a larger Vortex cap more units in play', async () => {
    const run = async (over: Record<string, unknown>) => {
      // Both sides hunt: the readings' effect is stated for these policies (under fight the knights wipe the horde out before a larger Vortex costs them units).
      // Deployed by the spread rule: the bundled deployment plan is computed for the bundled Vortex cap, and stops at its five points.
      const p = params({ teamB: 'horde', policyA: 'hunt', policyB: 'hunt', deployment: 'spread', ...over });
      return matchResult(p, (await runSimulation({ simId: 'dualfates/match', params: p, n: 3000, seed: 6, jobs: 1 })).totals, 0.999);
    };
    const cost = await run({});
    const one = await run({ scoringValue: 'one' });
    expect(one.means.pillarsHeldPerRoundB.hi).toBeLessThan(cost.means.pillarsHeldPerRoundB.lo);
    const cap = await run({ vortexCap: 8 });
    expect(cap.means.unitsLostA.lo).toBeGreaterThan(cost.means.unitsLostA.hi);
  }, 30_000);
});

describe('user policy modules (core contract: loadPolicyModule, guardedPolicy, readOnlyView)', () => {
  const dir = tempDir('sim-dualfates-match-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('the example module plays (lead-then-hunt.js) and is named in the report', () => {
    const r = runCli(['dualfates', 'match', '--policy-a', 'scenarios/dualfates/policies/lead-then-hunt.js', '-n', '300', '--seed', '1', '-j', '1', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.policy).toEqual(['lead-then-hunt.js', 'threat']);
    expect(j.result.sides.A.policy).toBe('lead-then-hunt.js');
  }, 30_000);
  it('fight, the default before threat, plays either side on other unit data, and threat (the default) beats it where the policy header says', () => {
    const v3 = ['--set', 'data.units.generic-archer.abilities.bow-shot.range=3', '--set', 'data.units.generic-archer.speed=4', '--set', 'data.units.generic-skirmisher.speed=8'];
    const r = runCli(['dualfates', 'match', '--team-a', 'horde', '--policy-b', 'fight', ...v3, '-n', '200', '--seed', '1', '-j', '1', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).policy).toEqual(['threat', 'fight']);
    const asA = runCli(['dualfates', 'match', '--policy-a', 'fight', '--team-b', 'horde', ...v3, '-n', '200', '--seed', '1', '-j', '1', '--format', 'json']);
    expect(asA.code, asA.stderr).toBe(0);
    expect(JSON.parse(asA.stdout).policy).toEqual(['fight', 'threat']);
    // The knights against the horde as A, paired on 2,000 games against the default (threat): fight wins less (−0.88 [−1.53, −0.23] on 5,000 at seed 1 on the deployment file of 2026-12-07; −2.04 on the one before).
    const ranked = runCli(['policies', 'dualfates', 'match', '--set', 'teamA=knights', '--set', 'teamB=horde', '--param', 'policyA', '--metric', 'winA', '--policies', 'threat,fight', '-n', '2000', '--seed', '44', '-j', '1', '-q', '--format', 'json']);
    expect(ranked.code, ranked.stderr).toBe(0);
    const row = JSON.parse(ranked.stdout).result.rows.find((x: { policy: string }) => x.policy === 'fight');
    expect(row.hi).toBeLessThan(0);
  }, 60_000);
  it('a module\'s base is the default policy (threat): a module that hands every decision to it plays the default\'s games', async () => {
    const pass = join(dir, 'pass.js');
    writeFileSync(pass, 'export default (data, base) => ({ name: "pass", choose: (rng, view, d, o, n, none) => base.choose(rng, view, d, o, n, none) });\n');
    const games = async (policyA: string) => {
      const p = matchSimParams(resolveParams(MATCH_PARAMS, {}, (k) => k));
      const g = await createMatchEngine({ ...p, policies: [policyA, 'fight'], policyHashes: [null, null] });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) (g.play(streamFor(4, i)), out.push(g.outcome.winner, g.vp(0), g.vp(1), g.lost[0], g.lost[1]));
      return out;
    };
    const viaBase = await games(pass);
    expect(viaBase).toEqual(await games('threat'));
    expect(viaBase).not.toEqual(await games('fight'));
  });
  it('an answer out of contract stops the run naming the decision; the view cannot be written', () => {
    const bad = join(dir, 'bad.js');
    writeFileSync(bad, 'export default { name: "bad", choose(rng, view, decision, options, n) { return decision === 5 ? n : 0; } };\n');
    const r = runCli(['dualfates', 'match', '--policy-b', bad, '-n', '20', '--seed', '1', '-j', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/policy bad: decision ACTION returned \d+, expected an index in \[0, \d+\)/);
    const writer = join(dir, 'writer.js');
    writeFileSync(writer, 'export default (data, base) => ({ name: "writer", choose(rng, view, d, o, n, none) { view.round = 99; return base.choose(rng, view, d, o, n, none); } });\n');
    const w = runCli(['dualfates', 'match', '--policy-a', writer, '-n', '20', '--seed', '1', '-j', '1']);
    expect(w.code).toBe(1);
    expect(w.stderr).toMatch(/Cannot set property round/);
    const none = runCli(['dualfates', 'match', '--policy-a', join(dir, 'missing.js')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/option --policy-a: unknown policy/);
  }, 30_000);
});

describe('sim dualfates match through the CLI', () => {
  it('JSON: win rates, VP margin, pillars held per round, units lost, each with an interval; same at -j 1 and -j 2', () => {
    const base = ['dualfates', 'match', '--team-b', 'horde', '--policy-b', 'hunt', '-n', '2000', '--seed', '11', '--format', 'json'];
    const one = runCli([...base, '-j', '1']);
    const two = runCli([...base, '-j', '2']);
    expect(one.code, one.stderr).toBe(0);
    expect(deterministicJson(two.stdout)).toEqual(deterministicJson(one.stdout));
    const j = JSON.parse(one.stdout);
    expect(j.game).toBe('dualfates match');
    const r = j.result;
    expect(r.rates.winA.estimate + r.rates.winB.estimate + r.rates.draw.estimate).toBeCloseTo(1, 12);
    for (const m of ['vpMargin', 'pillarsHeldPerRoundA', 'unitsLostB']) expect(r.means[m].lo).toBeLessThanOrEqual(r.means[m].hi);
    expect(r.means.vpMargin.mean).toBeCloseTo(r.means.vpA.mean - r.means.vpB.mean, 10);
    expect(j.assumptions[0]).toMatch(/only as good as the unit data/);
  }, 30_000);
  it('--trace K replays game K of the run step by step', () => {
    // Holding both sides, the game runs its 10 rounds (fighting ends most games early by a wipe-out).
    const r = runCli(['dualfates', 'match', '--trace', '2', '--seed', '3', '-n', '10', '--policy-a', 'hold', '--policy-b', 'hold']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/deployment roll A \d+, B \d+/);
    expect(r.stdout).toMatch(/round 10: Pillars of Fate/);
    expect(r.stdout).toMatch(/scoring: P1 /);
  });
  it('bad input exits 2 with one line: an illegal team, an unknown team, a bad rounds value', () => {
    for (const [args, pattern] of [
      [['--team-a', 'scenarios/dualfates/teams/invalid-over-points.yaml'], /option --team-a: .*invalid-over-points\.yaml/],
      [['--team-b', 'no/such/team.yaml'], /option --team-b: no\/such\/team\.yaml: cannot read/],
      [['--rounds', '0'], /option --rounds/],
    ] as [string[], RegExp][]) {
      const r = runCli(['dualfates', 'match', ...args, '-n', '10']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
  });
  it('--deployment: the bundled mix by default, said in the report; spread is the rule without it and plays other games; a file of the format is read; bad values and a setting that changes nothing are refused', () => {
    const run = (...args: string[]) => runCli(['dualfates', 'match', '-n', '300', '--seed', '4', '-j', '1', '-q', '--format', 'json', ...args]);
    const mix = JSON.parse(run().stdout);
    const said = (j: { assumptions: string[] }) => j.assumptions.filter((x) => x.startsWith('Deployment'));
    expect(said(mix)).toEqual([expect.stringMatching(/^Deployment: each side follows the plan of the alternating deployment over the layouts of the bundled mix "knights vs knights" \(scenarios\/dualfates\/deployment\.yaml: A \d+ layouts?, B \d+; an equilibrium of fixed layouts.*\): with their measured payoffs, each placement \(the next unit, in team order, of one of its layouts, and where\) is the one best for its side given the other's so far \(backward induction\), and an opponent who places the units of its layouts in another order is answered by the same induction \(its placements so far in any order, assumed to go on in team order\); against placements no stored layout holds, a side completes its layout best against the opponent's whole mix\.$/)]);
    expect(said(mix)[0]).not.toMatch(/differs?/);
    // Under other data or rules the bundled mix still plays, and the report says it is not an equilibrium there, with the command that computes one.
    expect(said(JSON.parse(run('--set', 'data.units.generic-soldier.health=5').stdout))[0]).toMatch(/ It is an equilibrium with every parameter at its default; here data\.units\.generic-soldier\.health=5, and a fixed layout may beat it; `node scripts\/dualfatesDeployment\.mjs --pairs knights:knights --set data\.units\.generic-soldier\.health=5 --games 1000 --out FILE`/);
    // A value at its file's value, or of a unit neither team fields, changes nothing: no warning, and the gap lines stay.
    for (const same of ['data.units.generic-soldier.health=4', 'data.units.bone-boy.health=9']) {
      const j = JSON.parse(run('--set', same).stdout);
      expect(said(j)[0], same).not.toMatch(/equilibrium with/);
      expect(j.notes, same).toContainEqual(expect.stringMatching(/^Policy gap: (last measured|the search's gap is not re-measured)/));
    }
    // The plan and the mix are shown: what each side deploys by who goes first, and each side's layouts (unit@point, the rest in reserve) with their shares; none under spread.
    const layout = (k: string) => new RegExp(`^[A-Z][\\w ]+@${k}-\\w+(, [A-Z][\\w ]+@${k}-\\w+)*$`);
    for (const k of ['A', 'B']) {
      const rows = mix.result.deployment[k] as { layout: string; share: number }[];
      expect(rows.reduce((t, x) => t + x.share, 0)).toBeCloseTo(1, 12);
      for (const x of rows) expect(x.layout).toMatch(layout(k));
    }
    const plan = mix.result.deployment.plan as { first: string; A: string; B: string; payoff: number }[];
    expect(plan.map((x) => x.first)).toEqual(['A', 'B']);
    for (const x of plan) {
      expect(x.A).toMatch(layout('A'));
      expect(x.B).toMatch(layout('B'));
      expect(Math.abs(x.payoff)).toBeLessThanOrEqual(1);
    }
    expect(mix.tables.map((t: { title: string }) => t.title).filter((t: string) => t.startsWith('Deployment'))).toEqual(["Deployment plan — what each side deploys when both follow the plan, by who deploys first (the deployment roll's loser)", "Deployment mix — off the plan, each side's starting layouts and how often each is drawn"]);
    const spread = JSON.parse(run('--deployment', 'spread').stdout);
    expect(spread.result.deployment).toBeNull();
    expect(spread.tables.map((t: { title: string }) => t.title).filter((t: string) => t.startsWith('Deployment'))).toEqual([]);
    expect(said(spread)).toEqual([expect.stringMatching(/^Deployment \(--deployment spread\): Characters and Monsters and the dearest starting unit at the totem point/)]);
    expect(spread.result.rates).not.toEqual(mix.result.rates);
    expect(spread.dataHash).not.toBe(mix.dataHash);
    // A side that does not deploy by the rule is named: random, the search, a module.
    const mixed = JSON.parse(run('--policy-b', 'random').stdout);
    expect(said(mixed)[0]).toMatch(/ \(scenarios\/dualfates\/deployment\.yaml: .*\): .*\. Not every side uses it: side B plays random, which deploys at random\.$/);
    expect(said(JSON.parse(run('--policy-a', 'scenarios/dualfates/policies/lead-then-hunt.js').stdout))[0]).toMatch(/Not every side uses it: side A's module places its own units \(its base, the default, deploys by the rule\)\.$/);
    // A team file marking other units to start is the same team: the mix chooses which units start.
    const team = join(tempDir('sim-deploy-team-'), 'horde-archers.yaml');
    const hordeText = readFileSync('scenarios/dualfates/teams/match-horde.yaml', 'utf8');
    writeFileSync(team, hordeText.replace(/(Generic Skirmisher, type: companion, faction: Example Horde, cost: 1), deploy: true/g, '$1').replace(/(Generic Archer, type: companion, faction: Example Horde, cost: 1)/g, '$1, deploy: true'));
    const hordeRun = JSON.parse(run('--team-b', 'horde').stdout);
    const marked = JSON.parse(run('--team-b', team).stdout);
    expect(said(marked)[0]).toMatch(/the bundled mix "knights vs horde"/);
    expect(marked.result.rates).toEqual(hordeRun.result.rates);
    // The bundled file without a mix for the teams (a third Archer for a Skirmisher) falls back to the spread rule, and says so.
    const other = join(tempDir('sim-deploy-team-'), 'horde-other.yaml');
    writeFileSync(other, hordeText.replace(/(  - \{ name: )Generic Skirmisher(, type: companion, faction: Example Horde, cost: 1 \})/, '$1Generic Archer$2'));
    const fell = JSON.parse(run('--team-b', other).stdout);
    expect(said(fell)).toEqual([expect.stringMatching(/^Deployment: scenarios\/dualfates\/deployment\.yaml has no mix for these two teams \(A: .*; B: Generic Champion, Generic Skirmisher, Generic Skirmisher, Generic Archer, Generic Archer, Generic Archer, starting Generic Champion, Generic Skirmisher, Generic Skirmisher\), so Characters and Monsters and the dearest starting unit at the totem point, each other starting Companion at a deployment point drawn at random \(the spread rule\)\.$/)]);
    // The bundled file named as a path is the same run; a file the user names that has no mix for the teams is refused (it would answer another question).
    const dir = tempDir('sim-deploy-');
    try {
      const copy = join(dir, 'd.yaml');
      writeFileSync(copy, readFileSync(DEFAULT_DEPLOYMENT_FILE, 'utf8'));
      expect(JSON.parse(run('--deployment', copy).stdout).result).toEqual(mix.result);
      const none = join(dir, 'none.yaml');
      writeFileSync(none, 'mixes: []\n');
      const refused = run('--deployment', none);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim()).toMatch(new RegExp(`^sim: .*deployment: ${none.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} has no mix for these two teams \\(A: Training Knight, `));
      const typo = join(dir, 'typo.yaml');
      writeFileSync(typo, readFileSync(DEFAULT_DEPLOYMENT_FILE, 'utf8').replaceAll('A-centre', 'A-cnetre'));
      expect(run('--deployment', typo).stderr).toMatch(/deploys side A at "A-cnetre", not one of this board's side-A deployment points/);
      writeFileSync(join(dir, 'bad.yaml'), 'mixes: [{ name: x }]\n');
      const bad = run('--deployment', join(dir, 'bad.yaml'));
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/bad\.yaml: mixes\.0\.A: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const [args, pattern] of [
      [['--deployment', 'no/such.yaml'], /deployment: "no\/such\.yaml" is not equilibrium, spread or an existing deployment file/],
      [['--deployment', 'equilibrum'], /deployment: "equilibrum" is not equilibrium, spread or an existing deployment file/],
      [['--deployment', 'spread', '--policy-a', 'random', '--policy-b', 'random'], /deployment.*both sides play random/],
    ] as [string[], RegExp][]) {
      const r = runCli(['dualfates', 'match', ...args, '-n', '10']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(pattern);
    }
  }, 60_000);
  it('a sweep names the cells a line belongs to when not every cell has it; a compare labels what only one variant assumed', () => {
    const s = JSON.parse(runCli(['sweep', 'dualfates', 'match', '--grid', 'deployment=equilibrium,spread', '-n', '100', '--seed', '2', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(s.notes).toContainEqual(expect.stringMatching(/^\(deployment=equilibrium\) Policy gap: (last measured|the search's gap is not re-measured)/));
    expect(s.notes).toContainEqual(expect.stringMatching(/^\(deployment=spread\) Policy gap: not measured/));
    expect(s.assumptions).toContainEqual(expect.stringMatching(/^\(deployment=spread\) Deployment \(--deployment spread\)/));
    expect(s.notes).toContainEqual(expect.stringMatching(/^Every cell uses the same seed/));
    const c = JSON.parse(runCli(['compare', 'dualfates', 'match', '--set', 'deployment=spread', '-n', '100', '--seed', '2', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(c.assumptions).toContainEqual(expect.stringMatching(/^\(variant A only\) Deployment: each side follows the plan/));
    expect(c.assumptions).toContainEqual(expect.stringMatching(/^\(variant B only\) Deployment \(--deployment spread\)/));
    expect(c.assumptions).toContainEqual(expect.stringMatching(/^Team-strength numbers are only as good as the unit data/));
  }, 60_000);
  it('compare varies a reading on common random numbers; sweep varies a team', () => {
    const c = runCli(['compare', 'scenarios/dualfates/match.yaml', '--set', 'scoringValue=one', '-n', '1000', '--seed', '2', '-q', '--format', 'json']);
    expect(c.code, c.stderr).toBe(0);
    const s = runCli(['sweep', 'dualfates', 'match', '--grid', 'teamB=knights,horde', '-n', '500', '--seed', '2', '-q', '--format', 'csv']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/horde/);
  }, 60_000);
  it('the golden reports/dualfates-match.json re-runs identically (sim check)', () => {
    const r = runCli(['check', 'reports/dualfates-match.json', '--format', 'json']);
    expect(r.code, r.stdout).toBe(0);
    expect(resolve('reports/dualfates-match.json')).toMatch(/dualfates-match\.json$/);
  }, 60_000);
});

describe('a unit data value the match never reads', () => {
  it('for a unit in neither team is said to change nothing (and changes nothing); one of a fielded unit is not', () => {
    const run = (...set: string[]) => JSON.parse(runCli(['dualfates', 'match', '-n', '40', '--seed', '2', '-j', '1', '-q', '--format', 'json', ...set.flatMap((x) => ['--set', x])]).stdout);
    const base = run();
    const idle = run('data.units.eric.cost=3');
    expect(idle.result).toEqual(base.result);
    expect(idle.notes.filter((n: string) => n.includes('changes nothing'))).toEqual(['The data value data.units.eric.cost=3 changes nothing here: this configuration never reads it.']);
    const used = run('data.units.training-knight.health=9');
    expect(used.notes.some((n: string) => n.includes('changes nothing'))).toBe(false);
    expect(used.result).not.toEqual(base.result);
  });
});

describe('the VP margin is said as itself everywhere (recorded + 2 × rounds, a count from 0)', () => {
  it('compare, policies and sensitivity print the margin the match report prints, not 19.7 for −0.3', async () => {
    const { meanSummary } = await import('../src/core/stats.js');
    // The shift comes off last: the numbers (to the bit) of a report that subtracted it itself.
    const t = { spec: { name: 'm', description: '', kind: 'count', maxValue: 40, shift: 20 }, n: 4, sum: 82n, sumSq: 1690n } as never;
    const m = meanSummary(t, 0.95);
    const plain = meanSummary({ ...(t as object), spec: { name: 'm', description: '', kind: 'count', maxValue: 40 } } as never, 0.95);
    expect([m.mean, m.lo, m.hi, m.se]).toEqual([plain.mean - 20, plain.lo - 20, plain.hi - 20, plain.se]);
    const match = JSON.parse(runCli(['dualfates', 'match', '-n', '40', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout).result.means.vpMargin;
    const compare = JSON.parse(runCli(['compare', 'dualfates', 'match', '--set', 'scoringValue=one', '--metric', 'vpMargin', '-n', '40', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(compare.result.comparisons.find((c: { metric: string }) => c.metric === 'vpMargin').a).toBe(match.mean);
    const sens = JSON.parse(runCli(['sensitivity', 'dualfates', 'match', '--only', 'scoringValue', '--metric', 'vpMargin', '-n', '40', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(sens.result.baseline[0].estimate).toBe(match.mean);
    expect(Math.abs(match.mean)).toBeLessThan(10);
  });
});
