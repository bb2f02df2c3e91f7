// Dark Fate bots (issue 15): the view the policies see (rule settings, the draw pile as a set, the
// cards played this turn, the card a decision is about, the Rev-9's known window), the effect
// vocabulary, snapshot/restore and the determinizer the search plays on, the search policy's
// determinism and contract, the planner's play on hand-built positions, the designer statistics
// against hand-built games and known records, and card changes (house rules on single cards).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Layout, Recorder, Totals } from '../src/core/aggregate.js';
import { streamFor } from '../src/core/rng.js';
import { applyCardChanges, cardKey, cardParamSpecs, parseCardChanges } from '../src/games/darkfate/cardChanges.js';
import { compileCards, loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { OUTCOME_NONE, OUTCOME_WIN, type DarkFateRules, type DarkFateSetup } from '../src/games/darkfate/darkfateRules.js';
import { darkfateMetrics, designerLayout, M_TURNS, M_TURNS_LOST, M_TURNS_WON, M_WIN, type DarkFateSimParams } from '../src/games/darkfate/darkfateSim.js';
import { designerStats, lengthBinWidth } from '../src/games/darkfate/designerStats.js';
import { DarkFateEngine } from '../src/games/darkfate/engine.js';
import { instanceOf, setFate, setReserve, setRev9, setZone } from '../src/games/darkfate/engineFixtures.js';
import { copyState, determinize, stateHash } from '../src/games/darkfate/engineSnapshot.js';
import { KW, OP, SEC_ACTIVATE, SEC_EACH_TURN, SEC_PLAY } from '../src/games/darkfate/ops.js';
import { PLANNER_KNOBS, PlannerPolicy } from '../src/games/darkfate/plannerPolicy.js';
import { BUILTIN_POLICIES } from '../src/games/darkfate/policies.js';
import { ACTION_BUY, ACTION_END, ACTION_LEAD, ACTION_PLAY, ACTION_REST, DECISION, REV9_DESTROYED, REV9_FATE, REV9_HUNT, REV9_OUT, encodeAction, type DarkFatePolicy, type DarkFateView } from '../src/games/darkfate/policy.js';
import { effectAmount } from '../src/games/darkfate/policyApi.js';
import { SearchPolicy } from '../src/games/darkfate/searchPolicy.js';
import { ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const DOC = loadCardData(referenceCardsFile());
const CARDS = compileCards(DOC);
const RULES: DarkFateRules = { handSize: 5, woundsToDie: 3, reserveSetup: 5, refillTo: 4, rev9Depth: 5, maxTurns: 400, prepCards: 5, setbackCards: 4, nnHandSize: 5, fleeEndsHunt: false };
const T = (name: string) => CARDS.names.indexOf(name);
const V = (key: string) => CARDS.rev9.findIndex((r) => r.key === key);
const scripted = (fn: (v: DarkFateView, d: number, o: Int32Array, n: number, a: boolean) => number = () => 0): DarkFatePolicy => ({ name: 'scripted', choose: (_r, v, d, o, n, a) => fn(v, d, o, n, a) });

function engine(policy: DarkFatePolicy, setup: Partial<DarkFateSetup> = {}, seed = 1): DarkFateEngine {
  const players = setup.players ?? 2;
  const e = new DarkFateEngine(CARDS, RULES, { players, characters: [0, 1, 2, 3].slice(0, players), solo: false, rev9: V('endoskeleton'), goOnWithoutMe: false, neuralNet: false, ...setup }, policy);
  e.reset(streamFor(seed, 0));
  return e;
}
function clear(e: DarkFateEngine): void {
  for (let p = 0; p < e.players; p++) for (const z of ['hand', 'draw', 'discard', 'skills'] as const) setZone(e, z, p, []);
  setReserve(e, []);
  setFate(e, []);
  e.current = 0;
}
const inst = (e: DarkFateEngine, name: string, nth = 0) => instanceOf(e, T(name), nth);
const fingerprint = (e: DarkFateEngine) => [e.outcome, e.turn, e.staggers, e.flees, e.woundsTaken, e.rev9Destroyed, e.fateN, e.reserveN];

describe('the view: what a policy can see', () => {
  it('rule settings and set-up; the draw pile as a set in type order; the cards played this turn', () => {
    const e = engine(scripted());
    expect(e.rules.woundsToDie).toBe(3);
    expect(e.setup.players).toBe(2);
    clear(e);
    const pile = [inst(e, 'Shotgun'), inst(e, 'Prep'), inst(e, 'Pistol'), inst(e, 'Prep', 1)];
    setZone(e, 'draw', 0, pile);
    const seen = Array.from({ length: e.drawCount(0) }, (_, i) => e.drawPileCard(0, i));
    expect(seen).toEqual(pile.map((x) => e.instType[x]).sort((a, b) => a - b));
    // It follows the pile as it changes (a draw takes the top card, Prep slot 1).
    e.drawOne(0);
    expect(Array.from({ length: e.drawCount(0) }, (_, i) => e.drawPileCard(0, i))).toEqual([T('Prep'), T('Pistol'), T('Shotgun')].sort((a, b) => a - b));
    setZone(e, 'hand', 0, [inst(e, 'Cash'), inst(e, 'Combat Training')]);
    e.playedN = 0;
    e.turnPlayedN = 0;
    e.doAction(0, ACTION_PLAY, 1, 0);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect([e.playedCount(), e.playedCard(0), e.playedCard(1)]).toEqual([2, T('Combat Training'), T('Cash')]);
  });

  it('the card a decision is about: the card paying a discard cost, the card gained, the attack defended', () => {
    const about: [number, number][] = [];
    const e = engine(scripted((v, d) => (about.push([d, v.decisionCard()]), 0)));
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Pistol'), inst(e, 'Setback')]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    setReserve(e, [inst(e, 'Cash')]);
    e.supply = 5;
    e.doAction(0, 5, 0, 0);
    setRev9(e, 0, REV9_HUNT);
    setReserve(e, [inst(e, 'Attack')]);
    setZone(e, 'hand', 1, [inst(e, 'Body Armor')]);
    e.hunt(0);
    expect(about).toEqual([
      [DECISION.DISCARD_COST, T('Pistol')],
      [DECISION.GAIN_RECIPIENT, T('Cash')],
      [DECISION.DEFENSE, T('Attack')],
    ]);
    expect(e.decisionCard()).toBe(-1);
  });

  it("the Rev-9's window: the top cards it is known to be among, after the set-up, draws and a flee; the real card is always there", () => {
    const e = engine(scripted());
    expect(e.rev9Window(0)).toBe(RULES.rev9Depth + 1);
    e.fatePopTop();
    e.fatePopTop();
    if (e.r9Where[0] === REV9_FATE) expect(e.rev9Window(0)).toBe(RULES.rev9Depth - 1);
    // A flee with 4 damage: it is among the top 5.
    const f = engine(scripted());
    clear(f);
    setFate(f, Array.from({ length: 10 }, (_, i) => inst(f, 'Cash', i % 8)).slice(0, 8));
    setRev9(f, 0, REV9_HUNT, 4);
    f.flee(false);
    expect([f.rev9Where(0), f.rev9Window(0)]).toEqual([REV9_FATE, 5]);
    // A flee draws the top cards face down and shuffles them back: another Rev-9 known to be on top
    // of the fate deck may have been among them, so it is now somewhere in the whole batch (4 cards).
    const s = engine(scripted(), { rev9: V('fully-operational') });
    clear(s);
    setFate(s, Array.from({ length: 8 }, (_, i) => inst(s, 'Cash', i)));
    setRev9(s, 0, REV9_DESTROYED);
    setRev9(s, 1, REV9_FATE);
    s.r9WinBase[1] = 1 - s.topOffset;
    setRev9(s, 2, REV9_HUNT, 3);
    expect(s.rev9Window(1)).toBe(1);
    s.flee(false, 1 << 2);
    expect([s.rev9Window(1), s.rev9Window(2)]).toEqual([4, 4]);
    // Over whole games: at every decision, each Rev-9 in the fate deck lies within its window.
    let checked = 0;
    const watch: DarkFatePolicy = {
      name: 'window-check',
      choose(rng, v, d, o, n, a) {
        const g = v as unknown as DarkFateEngine;
        for (let k = 0; k < g.rev9N; k++) {
          if (g.r9Where[k] !== REV9_FATE) continue;
          let depth = -1;
          for (let x = 0; x < g.fateN; x++) if (g.fateAt(x) === g.rev9Base + k) depth = x;
          expect(depth).toBeGreaterThanOrEqual(0);
          expect(depth).toBeLessThan(g.rev9Window(k));
          checked++;
        }
        return planner.choose(rng, v, d, o, n, a);
      },
    };
    const planner = new PlannerPolicy(CARDS);
    const g = new DarkFateEngine(CARDS, RULES, { players: 2, characters: [0, 1], solo: false, rev9: V('fully-operational'), goOnWithoutMe: false, neuralNet: false }, watch);
    for (let i = 0; i < 20; i++) g.playGame(streamFor(3, i));
    expect(checked).toBeGreaterThan(200);
  });

  it('the effect vocabulary: derived fields and effectSum agree with the card text', () => {
    expect(CARDS.textFight[T('Armory')]).toBe(3);
    expect(CARDS.eachTurnFight[T('Combat Training')]).toBe(1);
    expect(CARDS.eachTurnSupply[T('Scavenging')]).toBe(1);
    expect([CARDS.heal[T('First Aid')], CARDS.selfDestroy[T('Grenade')], CARDS.destroyFromHand[T('Scrounge')], CARDS.locationSupply[T('Wheels')]]).toEqual([1, 1, 1, 2]);
    expect([CARDS.activateWound[T('Attack')], CARDS.activateDiscard[T('Ambush')], CARDS.activateRev9Heal[T('Regeneration')], CARDS.activateFateToReserve[T('Surveillance')]]).toEqual([1, 1, 3, 1]);
    expect(effectAmount(CARDS, T('Recon'), SEC_PLAY, OP.DRAW)).toBe(2);
    expect(effectAmount(CARDS, T('Attack'), SEC_ACTIVATE, OP.WOUND_CURRENT)).toBe(1);
    expect(effectAmount(CARDS, T('Combat Training'), SEC_EACH_TURN, OP.FIGHT)).toBe(1);
    expect(effectAmount(CARDS, T('Pistol'), SEC_PLAY, OP.DRAW)).toBe(0);
  });
});

describe('snapshot, restore and the determinizer', () => {
  it('a copied state plays on exactly as the original (same stream)', () => {
    const a = engine(new PlannerPolicy(CARDS), {}, 5);
    for (let t = 0; t < 12 && a.outcome === OUTCOME_NONE; t++) a.playTurn();
    const b = new DarkFateEngine(CARDS, RULES, a.setup, new PlannerPolicy(CARDS));
    copyState(b, a);
    const ra = streamFor(77, 0);
    const rb = streamFor(77, 0);
    expect(stateHash(b, rb)).toBe(stateHash(a, ra));
    a.playOn(ra, 0);
    b.playOn(rb, 0);
    expect(fingerprint(b)).toEqual(fingerprint(a));
    expect(stateHash(b, rb)).toBe(stateHash(a, ra));
  });

  it('re-deals only what players cannot see: draw-pile order, unseen fate slots, each Rev-9 within its window', () => {
    const a = engine(new PlannerPolicy(CARDS), { rev9: V('fully-operational') }, 8);
    for (let t = 0; t < 9 && a.outcome === OUTCOME_NONE; t++) a.playTurn();
    const b = new DarkFateEngine(CARDS, RULES, a.setup, new PlannerPolicy(CARDS));
    const sorted = (x: ArrayLike<number>) => Array.from(x).sort((p, q) => p - q);
    const depthOf = (e: DarkFateEngine, k: number) => {
      for (let d = 0; d < e.fateN; d++) if (e.fateAt(d) === e.rev9Base + k) return d;
      return -1;
    };
    const counts = new Map<number, number>();
    let orders = 0;
    const first = Array.from({ length: a.fateN }, (_, d) => a.fateAt(d)).join();
    for (let r = 0; r < 300; r++) {
      copyState(b, a);
      determinize(b, streamFor(100 + r, 0));
      for (let p = 0; p < 2; p++) {
        expect(Array.from(b.hand.subarray(p * b.S, p * b.S + b.handN[p]))).toEqual(Array.from(a.hand.subarray(p * a.S, p * a.S + a.handN[p])));
        expect(sorted(b.drawPile.subarray(p * b.S, p * b.S + b.drawN[p]))).toEqual(sorted(a.drawPile.subarray(p * a.S, p * a.S + a.drawN[p])));
      }
      expect(Array.from(b.reserve.subarray(0, b.reserveN))).toEqual(Array.from(a.reserve.subarray(0, a.reserveN)));
      const fa = Array.from({ length: a.fateN }, (_, d) => a.fateAt(d));
      const fb = Array.from({ length: b.fateN }, (_, d) => b.fateAt(d));
      expect(sorted(fb)).toEqual(sorted(fa));
      // A slot whose card the players saw go there keeps it.
      for (let d = 0; d < a.fateN; d++) if (a.fateKnown[(a.fateHead + d) & a.fateMask]) expect(fb[d]).toBe(fa[d]);
      for (let k = 0; k < b.rev9N; k++) {
        if (b.r9Where[k] !== REV9_FATE) continue;
        const d = depthOf(b, k);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(b.rev9Window(k));
        if (k === 0) counts.set(d, (counts.get(d) ?? 0) + 1);
      }
      if (fb.join() !== first) orders++;
    }
    expect(orders).toBeGreaterThan(290);
    // The Rev-9 lands on each slot of its window about equally often (300 deals, loose bound).
    if (a.r9Where[0] === REV9_FATE && a.rev9Window(0) > 1) {
      const w = a.rev9Window(0);
      for (let d = 0; d < w; d++) expect(counts.get(d) ?? 0).toBeGreaterThan(300 / w / 3);
    }
  });
});

describe('the search policy (turn plans)', () => {
  const params = (policy: string, search?: DarkFateSimParams['search']): DarkFateSimParams => ({ cards: DOC, rules: RULES, setup: { players: 2, characters: [0, 1], solo: false, rev9: V('endoskeleton'), goOnWithoutMe: false, neuralNet: false }, policy, ...(search ? { search } : {}) });

  it('plays the same game from the same (seed, game), and its turn hook leaves the state unchanged', () => {
    const mk = () => new SearchPolicy(CARDS, { rollouts: 4, depth: 0, rollout: 'planner', margin: 0 }, (c) => BUILTIN_POLICIES.greedy(c));
    const a = new DarkFateEngine(CARDS, RULES, params('search').setup, mk());
    const b = new DarkFateEngine(CARDS, RULES, params('search').setup, mk());
    for (let g = 0; g < 3; g++) {
      a.playGame(streamFor(12, g));
      b.playGame(streamFor(12, g));
      expect(fingerprint(b)).toEqual(fingerprint(a));
    }
    const s = mk();
    const e = engine(s, {}, 4);
    for (let t = 0; t < 6; t++) {
      const before = stateHash(e, e.rng);
      s.beginTurn(e.rng, e);
      expect(stateHash(e, e.rng)).toBe(before);
      e.playTurn();
    }
    expect(s.searchedTurns).toBeGreaterThan(0);
  });

  it('values each listed plan against the planner\'s own (planValues): reproducible from its seed, the game untouched, a plan the planner plays anyway worth 0', () => {
    const s = new SearchPolicy(CARDS, { rollouts: 4, depth: 0, rollout: 'planner', margin: 2 }, (c) => BUILTIN_POLICIES.planner(c));
    const e = engine(s, { rev9: V('fully-operational') }, 5);
    let valued = 0;
    for (let t = 0; t < 16 && e.outcome === 0; t++) {
      const before = stateHash(e, e.rng);
      const a = s.planValues(e, 8, 77);
      expect(stateHash(e, e.rng)).toBe(before);
      expect(s.planValues(e, 8, 77)).toEqual(a);
      for (const v of a) {
        expect(['play', 'rest', 'stay', 'flee', 'draw 4 extra']).toContain(v.plan);
        expect(Math.abs(v.mean)).toBeLessThanOrEqual(1);
        expect(v.se).toBeGreaterThanOrEqual(0);
      }
      if (a.length > 0) valued++;
      // The game itself goes on as the planner's (planValues sets no plan for the turn).
      s.beginTurn(e.rng, e);
      e.playTurn();
    }
    expect(valued).toBeGreaterThan(3);
    // A "plan" that is the planner's own (every override -1) plays the same rollouts: worth exactly 0.
    const same = new SearchPolicy(CARDS, { rollouts: 4, depth: 0, rollout: 'planner', margin: 2 }, (c) => BUILTIN_POLICIES.planner(c));
    (same as unknown as { listPlans(e: unknown): number }).listPlans = function (this: { plans: { rest: number; flee: number; extra: number }[] }) {
      for (const pl of this.plans.slice(0, 2)) Object.assign(pl, { rest: -1, flee: -1, extra: -1 });
      return 2;
    };
    expect(same.planValues(e, 16, 77)).toEqual([{ plan: 'planner', mean: 0, se: 0 }]);
  });

  it('searchPlans limits the plans it lists to one kind of choice (the planner makes the others), each kind listed somewhere', () => {
    const kinds = { rest: ['play', 'rest'], flee: ['stay', 'flee'], extra: ['draw 4 extra'] } as const;
    const all = new Set<string>();
    for (const [only, names] of Object.entries(kinds)) {
      const s = new SearchPolicy(CARDS, { rollouts: 4, depth: 0, rollout: 'planner', margin: 2, plans: only as 'rest' | 'flee' | 'extra' }, (c) => BUILTIN_POLICIES.planner(c));
      const e = engine(s, { rev9: V('fully-operational') }, 5);
      const seen = new Set<string>();
      for (let t = 0; t < 40 && e.outcome === 0; t++) {
        for (const v of s.planValues(e, 4, 77)) seen.add(v.plan);
        s.beginTurn(e.rng, e);
        e.playTurn();
      }
      expect([...seen].every((x) => (names as readonly string[]).includes(x)), `${only}: ${[...seen].join(', ')}`).toBe(true);
      expect(seen.size, only).toBeGreaterThan(0);
      for (const x of seen) all.add(x);
    }
    expect(all.size).toBeGreaterThanOrEqual(4);
  });

  it('scripts/darkfateTurnValues.mjs runs on the built code and prints a gain per plan and situation', () => {
    const r = spawnSync(process.execPath, ['scripts/darkfateTurnValues.mjs', '--games', '2', '--rollouts', '4', '--rev9', 'endoskeleton'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^endoskeleton, 2 players, 2 planner games, 4 rollouts a plan, seed 303$/m);
    expect(r.stdout).toMatch(/^(play|rest|stay|flee|draw 4 extra) \| [a-z!*+ -]+: \d+, [+-]\d+\.\d\d \[/m);
    // --help prints the usage; an unknown option is named with it, exit 2 (it was a stack trace).
    const help = spawnSync(process.execPath, ['scripts/darkfateTurnValues.mjs', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/node scripts\/darkfateTurnValues\.mjs \[--rev9 KEY\]/);
    const bad = spawnSync(process.execPath, ['scripts/darkfateTurnValues.mjs', '--bogus'], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^darkfateTurnValues: Unknown option '--bogus'/);
    expect(bad.stderr).not.toMatch(/\bat \w+ \(/);
  });

  it("with a margin no plan can reach, it plays exactly the planner's games (same draws from the game stream)", () => {
    const s = new DarkFateEngine(CARDS, RULES, params('search').setup, new SearchPolicy(CARDS, { rollouts: 4, depth: 0, rollout: 'planner', margin: 10 }, (c) => BUILTIN_POLICIES.planner(c)));
    const p = new DarkFateEngine(CARDS, RULES, params('planner').setup, new PlannerPolicy(CARDS));
    for (let g = 0; g < 4; g++) {
      const rs = streamFor(21, g);
      const rp = streamFor(21, g);
      s.playGame(rs);
      p.playGame(rp);
      expect(fingerprint(s)).toEqual(fingerprint(p));
      expect(rs.next()).toBe(rp.next());
    }
  });

  it('runs through the command with its budget parameters, the same at -j 1 and -j 2', () => {
    const run = (j: string) => runCli(['darkfate', '--policy', 'search', '--set', 'searchRollouts=4', '-n', '8', '--seed', '3', '-j', j, '--format', 'json', '-q']);
    const a = run('1');
    const b = run('2');
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout).result).toEqual(JSON.parse(b.stdout).result);
    expect(JSON.parse(a.stdout).policy).toBe('search');
  });
});

describe('the planner on hand-built positions', () => {
  it('plays a Pistol paying with a Setback (not the Setback first), with a Rev-9 on the hunt', () => {
    const e = engine(new PlannerPolicy(CARDS));
    clear(e);
    setRev9(e, 0, REV9_HUNT);
    setZone(e, 'hand', 0, [inst(e, 'Setback'), inst(e, 'Prep'), inst(e, 'Pistol')]);
    const pol = e.policy as PlannerPolicy;
    e.fight = 0;
    const first = pol.quickAction(e.rng, e, 0, false);
    expect(first).toBe(encodeAction(ACTION_PLAY, 2));
    // Its discard cost: the Setback.
    e.opts[0] = 0;
    e.opts[1] = 1;
    setZone(e, 'hand', 0, [inst(e, 'Setback'), inst(e, 'Prep')]);
    expect(pol.choose(e.rng, e, DECISION.DISCARD_COST, e.opts, 2, false)).toBe(0);
  });

  it('rests a Setback on a weak early hand while no Rev-9 hunts, and plays a strong one', () => {
    const e = engine(new PlannerPolicy(CARDS));
    clear(e);
    setReserve(e, [inst(e, 'Steel Plant'), inst(e, 'Wheels')]);
    setZone(e, 'hand', 0, [inst(e, 'Prep'), inst(e, 'Setback'), inst(e, 'Setback')]);
    const pol = e.policy as PlannerPolicy;
    expect(pol.quickAction(e.rng, e, 0, true)).toBe(encodeAction(ACTION_REST, 1));
    setReserve(e, [inst(e, 'Combat Training')]);
    setZone(e, 'hand', 0, [inst(e, 'Prep'), inst(e, 'Prep', 1), inst(e, 'Cash'), inst(e, 'Setback')]);
    expect(pol.quickAction(e.rng, e, 0, true) >>> 16).toBe(ACTION_PLAY);
  });

  // The Prep rest (plannerPolicy.ts header): thin a grown deck while a Rev-9 that splits is still to come.
  it('rests a Prep from a deck of 15 cards while the Fully Operational (which splits) is still to come and nothing hunts; not from 14, not after the split, not against the Endoskeleton, not alone, not with a Wound in hand', () => {
    const first = (rev9: string, opts: { owned?: number; players?: number; where?: number; wound?: boolean } = {}) => {
      const e = engine(new PlannerPolicy(CARDS), { rev9: V(rev9), players: opts.players ?? 2 });
      clear(e);
      setRev9(e, 0, opts.where ?? REV9_OUT);
      const hand = [inst(e, 'Prep'), inst(e, 'Cash'), opts.wound ? inst(e, 'Wound') : inst(e, 'Pistol')];
      const rest: number[] = [];
      for (let i = 0; rest.length < (opts.owned ?? 15) - hand.length; i++) {
        const t = e.instType[i];
        if (!hand.includes(i) && t !== CARDS.woundType && t !== CARDS.prepType && CARDS.cost[t] >= 0 && !(CARDS.kw[t] & (KW.LOCATION | KW.HOSTILE))) rest.push(i);
      }
      setZone(e, 'hand', 0, hand);
      setZone(e, 'discard', 0, rest);
      expect(e.drawCount(0) + e.handCount(0) + e.discardCount(0)).toBe(opts.owned ?? 15);
      return (e.policy as PlannerPolicy).quickAction(e.rng, e, 0, true);
    };
    expect(first('fully-operational')).toBe(encodeAction(ACTION_REST, 0));
    expect(first('fully-operational', { owned: 14 }) >>> 16).not.toBe(ACTION_REST);
    expect(first('fully-operational', { where: REV9_DESTROYED }) >>> 16).not.toBe(ACTION_REST);
    expect(first('fully-operational', { where: REV9_HUNT }) >>> 16).not.toBe(ACTION_REST);
    expect(first('fully-operational', { players: 1 }) >>> 16).not.toBe(ACTION_REST);
    expect(first('endoskeleton') >>> 16).not.toBe(ACTION_REST);
    expect(first('fully-operational', { wound: true })).not.toBe(encodeAction(ACTION_REST, 0));
  });

  it('counts the Rev-9s still to come from a split when it values a finisher (special ones for the Liquid Exoskeleton)', () => {
    const fo = engine(new PlannerPolicy(CARDS), { rev9: V('fully-operational') });
    const endo = engine(new PlannerPolicy(CARDS), { rev9: V('endoskeleton') });
    // Both teams own six ordinary finishers (Truck Ram): as many as the team wants (finishersWanted), enough for any Rev-9 ordinary cards destroy.
    for (const e of [fo, endo]) for (let p = 0; p < 2; p++) setZone(e, 'discard', p, [0, 1, 2].map((k) => inst(e, 'Truck Ram', 3 * p + k)));
    expect([fo.rev9Where(1), fo.rev9Where(2)]).toEqual([REV9_OUT, REV9_OUT]);
    const value = (e: DarkFateEngine) => (e.policy as unknown as { buyValue(v: DarkFateView, t: number): number }).buyValue(e, T('EMP'));
    // Before the split, the Liquid Exoskeleton (only special cards destroy it) is still to come: an EMP is worth more there.
    expect(value(endo)).toBe(CARDS.fight[T('EMP')] + 0);
    expect(value(fo)).toBeGreaterThan(value(endo));
  });

  // finishersWanted: the team wants six finishers in all, whatever the number of players (two a player was four at two players, eight at four).
  it('wants six finishers in all at any number of players: owning three, a Truck Ram is worth half the finisher bonus more at 2 and at 4 players', () => {
    const value = (players: number) => {
      const e = engine(new PlannerPolicy(CARDS), { players });
      clear(e);
      setZone(e, 'discard', 0, [0, 1, 2].map((k) => inst(e, 'Truck Ram', k)));
      return (e.policy as unknown as { buyValue(v: DarkFateView, t: number): number }).buyValue(e, T('Truck Ram'));
    };
    const base = new PlannerPolicy(CARDS) as unknown as { deckValue: Float64Array; knobs: { finisherBonus: number } };
    const expected = base.deckValue[T('Truck Ram')] + base.knobs.finisherBonus * (1 - 3 / 6);
    expect([value(2), value(4)]).toEqual([expected, expected]);
  });

  // Rule "heal where the Wounds are": a gained heal card goes to the player who owns the most Wounds; any other card to whoever draws it soonest.
  it('gives a First Aid bought by player 0 to player 1, who owns a Wound (in the discard pile, or in the draw pile), and a Cash to player 0 (it draws first)', () => {
    for (const [card, woundIn, to] of [['First Aid', 'discard', 1], ['First Aid', 'draw', 1], ['Cash', 'discard', 0], ['First Aid', null, 0]] as const) {
      const e = engine(new PlannerPolicy(CARDS));
      clear(e);
      if (woundIn) setZone(e, woundIn, 1, [inst(e, 'Wound')]);
      const bought = inst(e, card);
      setReserve(e, [bought]);
      e.supply = 5;
      e.doAction(0, ACTION_BUY, 0, 0);
      const owners = [0, 1].filter((p) => Array.from({ length: e.discardCount(p) }, (_, i) => e.discardCard(p, i)).includes(T(card)));
      expect(owners, `${card}, Wound in ${woundIn}`).toEqual([to]);
    }
  });

  // Rule "heal the nearly dead": a heal card is worth healNearDeathValue more to buy while a living player owns woundsToDie − 1 Wounds.
  it('values a First Aid 3 more while player 1 owns 2 Wounds (one in the draw pile; 3 kill), not while it owns 1; a Cash the same', () => {
    const value = (wounds: number, card: string) => {
      const e = engine(new PlannerPolicy(CARDS));
      clear(e);
      if (wounds > 0) setZone(e, 'discard', 1, [inst(e, 'Wound')]);
      if (wounds > 1) setZone(e, 'draw', 1, [inst(e, 'Wound', 1)]);
      return (e.policy as unknown as { buyValue(v: DarkFateView, t: number): number }).buyValue(e, T(card));
    };
    expect(RULES.woundsToDie).toBe(3);
    expect([value(2, 'First Aid') - value(1, 'First Aid'), value(1, 'First Aid') - value(0, 'First Aid'), value(2, 'Cash') - value(0, 'Cash')]).toEqual([3, 0, 0]);
  });

  it('heal the nearly dead on the buying path: between a First Aid and a card worth a little more, the best buy is the First Aid only while player 1 owns 2 Wounds', () => {
    const pol = new PlannerPolicy(CARDS) as unknown as { deckValue: Float64Array; knobs: { healNearDeathValue: number }; bestBuy(v: DarkFateView, p: number): number };
    const fa = T('First Aid');
    // A card the planner values above a First Aid by less than the bonus (not a finisher, not a location, not a heal).
    const other = CARDS.names.findIndex((_, t) => CARDS.cost[t] >= 0 && !CARDS.finisher[t] && !(CARDS.kw[t] & KW.LOCATION) && !CARDS.heal[t] && pol.deckValue[t] > pol.deckValue[fa] && pol.deckValue[t] < pol.deckValue[fa] + pol.knobs.healNearDeathValue);
    expect(other).toBeGreaterThanOrEqual(0);
    const bought = (wounds: number) => {
      const e = engine(pol as unknown as DarkFatePolicy);
      clear(e);
      for (let k = 0; k < wounds; k++) setZone(e, k ? 'draw' : 'discard', 1, [inst(e, 'Wound', k)]);
      setReserve(e, [inst(e, 'First Aid'), instanceOf(e, other, 0)]);
      e.supply = 20;
      const code = pol.bestBuy(e, 0);
      return e.reserveCard((code >> 8) & 0xff);
    };
    expect([bought(2), bought(1)]).toEqual([fa, other]);
  });

  it('its fast path answers exactly what choose answers over the listed options, at every play decision', () => {
    const planner = new PlannerPolicy(CARDS);
    let compared = 0;
    const twin: DarkFatePolicy = {
      name: 'twin',
      quickAction(rng, v, p, mayRest) {
        const e = v as unknown as DarkFateEngine;
        const quick = planner.quickAction(rng, v, p, mayRest);
        const n = e.legalActions(p, mayRest);
        const listed = e.opts[planner.choose(rng, v, DECISION.ACTION, e.opts, n, false)];
        expect(quick).toBe(listed);
        compared++;
        return quick;
      },
      choose: (rng, v, d, o, n, a) => planner.choose(rng, v, d, o, n, a),
    };
    for (const rev9 of [0, 1, 2, 3]) {
      const e = new DarkFateEngine(CARDS, RULES, { players: 3, characters: [0, 1, 2], solo: false, rev9, goOnWithoutMe: false, neuralNet: false }, twin);
      for (let g = 0; g < 6; g++) e.playGame(streamFor(41, g));
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('flees a damaged Rev-9 even when another, staying on the hunt, may draw it straight back (drawn back, it does not hunt that turn)', () => {
    const e = engine(new PlannerPolicy(CARDS), { rev9: V('fully-operational') });
    clear(e);
    setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
    setRev9(e, 0, 3);
    // The Endoskeleton (undamaged: it cannot flee) hunts 6 cards deep; the Liquid Exoskeleton, with 1
    // damage, would go into the top 2. Fleeing it still saves its hunt this turn (the former planner fled neither).
    setRev9(e, 1, REV9_HUNT, 0);
    setRev9(e, 2, REV9_HUNT, 1);
    expect((e.policy as unknown as { fleeMask(v: DarkFateView): number }).fleeMask(e)).toBe(1 << 2);
    e.opts[0] = 0;
    e.opts[1] = 1;
    expect(e.policy.choose(e.rng, e, DECISION.FLEE, e.opts, 2, false)).toBe(1);
    // And the engine's hunt phase: the Liquid Exoskeleton flees, only the Endoskeleton hunts.
    e.huntPhase(0);
    expect([e.rev9Where(1), e.rev9Where(2) === REV9_FATE || e.rev9Where(2) === REV9_HUNT, e.flees]).toEqual([REV9_HUNT, true, 1]);
    expect(e.rev9Damage(2)).toBe(0);
  });

  it('commits less to a damaged Rev-9 while another hunts too (the split\'s Endoskeleton with the Liquid Exoskeleton): the former planner kept it either way; not with the Neural Net', () => {
    const fleeMask = (policy: PlannerPolicy, liquid: 'hunt' | 'gone', neuralNet = false, turns = 4) => {
      const e = engine(policy, { rev9: V('fully-operational'), neuralNet });
      clear(e);
      setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
      e.current = 0;
      setRev9(e, 0, REV9_DESTROYED);
      // The Endoskeleton (stagger 30) with 10 damage: p2's hand of Preps brings 2 (power), p1's deck
      // about 12 a turn and p2's 2, so 12, 24, 26, 38: staggered in the 4th player turn, with an EMP
      // (a finisher for it) in p1's discard. The Liquid Exoskeleton, with 1 damage, flees either way
      // (no special finisher in p2's hand), or is gone.
      setRev9(e, 1, REV9_HUNT, 10);
      setRev9(e, 2, liquid === 'hunt' ? REV9_HUNT : REV9_DESTROYED, liquid === 'hunt' ? 1 : 0);
      setZone(e, 'hand', 1, Array.from({ length: 5 }, (_, i) => inst(e, 'Prep', i)));
      // (Or p1's deck of four Shotguns: about 22 a turn, staggered in the 2nd player turn.)
      const fill = turns === 4 ? [inst(e, 'Shotgun'), inst(e, 'Shotgun', 1), inst(e, 'Prep', 5), inst(e, 'Prep', 6)] : [0, 1, 2, 3].map((i) => inst(e, 'Shotgun', i));
      setZone(e, 'discard', 0, [...fill, inst(e, 'EMP')]);
      for (let p = 0; p < 2; p++) e.recountOwned(p);
      const planner = e.policy as unknown as { fleeMask(v: DarkFateView): number; turnsToStagger(v: DarkFateView, k: number, d: number): number };
      expect(planner.turnsToStagger(e, 1, 10)).toBe(turns);
      return planner.fleeMask(e);
    };
    const now = new PlannerPolicy(CARDS);
    const former = new PlannerPolicy(CARDS, { commitLessWhileOtherHunts: 0 });
    // Alone, a stagger 4 player turns off is within the window (2, and 2 more once the fate deck is hostile, as this one of Cash reads): kept.
    expect([fleeMask(now, 'gone'), fleeMask(former, 'gone')]).toEqual([0, 0]);
    // With the Liquid Exoskeleton hunting too, the window is 2 turns shorter: both flee.
    expect([fleeMask(now, 'hunt'), fleeMask(former, 'hunt')]).toEqual([(1 << 1) | (1 << 2), 1 << 2]);
    // With the Neural Net Processor (no hostile in the fate deck at the start: no late window either)
    // the window stays 2 turns with the Liquid Exoskeleton hunting: a stagger 2 turns off is kept.
    expect([fleeMask(now, 'hunt', true, 2), fleeMask(former, 'hunt', true, 2)]).toEqual([1 << 2, 1 << 2]);
    // Without it, and with no late window (lateCommitDensity 0), that stagger is kept alone and fled beside the Liquid Exoskeleton (a window of 2 − 2 = 0).
    expect([fleeMask(new PlannerPolicy(CARDS, { lateCommitDensity: 0 }), 'hunt', false, 2), fleeMask(new PlannerPolicy(CARDS, { lateCommitDensity: 0 }), 'gone', false, 2)]).toEqual([(1 << 1) | (1 << 2), 0]);
  });

  it('flees an enraged Endoskeleton early (the fate deck still mild) unless its stagger is near; once the fate deck has turned hostile it commits as before', () => {
    const fleeMask = (policy: PlannerPolicy, damage: number, late: boolean, turns = 2) => {
      const e = engine(policy, { rev9: V('endoskeleton') });
      const dealt = Array.from({ length: e.fateN }, (_, d) => e.fateAt(d));
      clear(e);
      // p2 (next) brings 2 (power) + 5 + 4; p1's deck about 22 a turn, with an EMP: staggered in the 2nd player turn.
      // (Or p2 brings 2 + 4 and p1's deck of Preps about 2: 16 + 6 + 2 + 22, staggered in the 3rd.)
      const hand = turns === 2 ? [inst(e, 'Shotgun'), inst(e, 'Pistol')] : [inst(e, 'Pistol')];
      const deck = [...(turns === 2 ? [1, 2, 3, 4].map((i) => inst(e, 'Shotgun', i)) : [0, 1, 2, 3].map((i) => inst(e, 'Prep', i))), inst(e, 'EMP')];
      // The fate deck as dealt but for those cards (its hostiles under lateCommitDensity of it), or one of 8 Cash (hostile by the count: late).
      setFate(e, late ? Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)) : dealt.filter((i) => !hand.includes(i) && !deck.includes(i)));
      e.current = 0;
      setRev9(e, 0, REV9_HUNT, damage);
      setZone(e, 'hand', 1, hand);
      setZone(e, 'discard', 0, deck);
      for (let p = 0; p < 2; p++) e.recountOwned(p);
      const planner = e.policy as unknown as { fleeMask(v: DarkFateView): number; turnsToStagger(v: DarkFateView, k: number, d: number): number; hostileDensity(v: DarkFateView): number };
      expect(planner.turnsToStagger(e, 0, damage)).toBe(turns);
      expect(planner.hostileDensity(e) >= PLANNER_KNOBS.lateCommitDensity).toBe(late);
      return planner.fleeMask(e);
    };
    const now = new PlannerPolicy(CARDS);
    const former = new PlannerPolicy(CARDS, { commitLessEnragedEarly: 0 });
    // Enraged (15 damage or more: it hunts 2 cards deeper) early: fled now, kept before.
    expect([fleeMask(now, 16, false), fleeMask(former, 16, false)]).toEqual([1, 0]);
    // Not yet enraged, or late: kept by both (late, the window is 4 turns: a stagger 3 turns off is kept; the cut would flee it).
    expect([fleeMask(now, 14, false), fleeMask(former, 14, false), fleeMask(now, 16, true, 3), fleeMask(former, 16, true, 3)]).toEqual([0, 0, 0, 0]);
    // The windows themselves (player turns): enraged early 2 − 2 = 0 (2 before), late 2 + 2 = 4 either way.
    const windowOf = (policy: PlannerPolicy, late: boolean) => {
      const e = engine(policy, { rev9: V('endoskeleton') });
      if (late) setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
      setRev9(e, 0, REV9_HUNT, 16);
      return (policy as unknown as { commitTurns(v: DarkFateView, k: number): number }).commitTurns(e, 0);
    };
    expect([windowOf(now, false), windowOf(former, false), windowOf(now, true), windowOf(former, true)]).toEqual([0, 2, 4, 4]);
  });

  it('flees a staggered Fully Operational Rev-9 (ready to split) unless the next player can finish it; the former planner stayed either way', () => {
    const build = (policy: PlannerPolicy, finisherInHand: boolean) => {
      const e = engine(policy, { rev9: V('fully-operational') });
      clear(e);
      setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
      e.current = 0;
      // The Fully Operational Rev-9 staggered (12) on the hunt; what it splits into still to come.
      setRev9(e, 0, REV9_HUNT, 12);
      // p2 (next) brings 2 (power) + 14 now (a Liquid Exoskeleton staggered at once), with or without a Truck Ram;
      // both decks are shotguns (an Endoskeleton within four turns) and p1 owns an EMP (a finisher for both).
      const hand = [inst(e, 'Shotgun'), inst(e, 'Shotgun', 1), inst(e, 'Pistol')];
      setZone(e, 'hand', 1, finisherInHand ? [...hand, inst(e, 'Truck Ram')] : [...hand, inst(e, 'Prep')]);
      setZone(e, 'discard', 0, [inst(e, 'Shotgun', 2), inst(e, 'Shotgun', 3), inst(e, 'Shotgun', 4), inst(e, 'Shotgun', 5), inst(e, 'EMP')]);
      setZone(e, 'discard', 1, [inst(e, 'Shotgun', 6), inst(e, 'Shotgun', 7)]);
      for (let p = 0; p < 2; p++) e.recountOwned(p);
      e.opts[0] = 0;
      e.opts[1] = 1;
      return e;
    };
    for (const finisherInHand of [false, true]) {
      const e = build(new PlannerPolicy(CARDS), finisherInHand);
      expect((e.policy as unknown as { splitReady(v: DarkFateView, k: number): boolean }).splitReady(e, 0)).toBe(true);
      // 1 = flee: it hunts every turn it waits for a finisher, and a stagger of 12 is soon dealt again.
      expect(e.policy.choose(e.rng, e, DECISION.FLEE, e.opts, 2, false)).toBe(finisherInHand ? 0 : 1);
      const former = build(new PlannerPolicy(CARDS, { splitStaggerNeedsFinisher: false }), finisherInHand);
      expect(former.policy.choose(former.rng, former, DECISION.FLEE, former.opts, 2, false)).toBe(0);
    }
  });

  it('draws extra reserve cards for the Fully Operational Rev-9 only once the team is ready for its split; the former planner drew whenever the next hand reached its stagger', () => {
    const build = (policy: PlannerPolicy, emp: boolean) => {
      const e = engine(policy, { rev9: V('fully-operational') });
      clear(e);
      setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
      // The Fully Operational Rev-9 in the fate deck (on top), what it splits into still to come.
      setRev9(e, 0, REV9_FATE);
      e.current = 0;
      // p2 (next) brings 2 (power) + 14 now: its stagger (12) in one turn; p1 owns a Truck Ram (a finisher for it).
      setZone(e, 'hand', 1, [inst(e, 'Shotgun'), inst(e, 'Shotgun', 1), inst(e, 'Pistol'), inst(e, 'Prep')]);
      // Shotgun decks (the Endoskeleton within four turns); an EMP (the Liquid Exoskeleton's finisher) or a Prep.
      setZone(e, 'discard', 0, [inst(e, 'Shotgun', 2), inst(e, 'Shotgun', 3), inst(e, 'Shotgun', 4), inst(e, 'Shotgun', 5), inst(e, 'Truck Ram'), emp ? inst(e, 'EMP') : inst(e, 'Prep', 1)]);
      setZone(e, 'discard', 1, [inst(e, 'Shotgun', 6), inst(e, 'Shotgun', 7)]);
      for (let p = 0; p < 2; p++) e.recountOwned(p);
      return e;
    };
    const extra = (knob: boolean, emp: boolean) => {
      const e = build(new PlannerPolicy(CARDS, { extraNeedsSplitReady: knob }), emp);
      const planner = e.policy as unknown as { splitReady(v: DarkFateView, k: number): boolean; turnsToStagger(v: DarkFateView, k: number, d: number): number };
      expect([planner.turnsToStagger(e, 0, 0), planner.splitReady(e, 0)]).toEqual([1, emp]);
      return e.policy.choose(e.rng, e, DECISION.EXTRA_DRAW, e.opts, 2, false);
    };
    // No special finisher in the team: not ready for the Liquid Exoskeleton, so no extra draw now (1 before: revealed, it would hunt and be fled).
    expect([extra(true, false), extra(false, false)]).toEqual([0, 1]);
    // Ready for the split: both draw.
    expect([extra(true, true), extra(false, true)]).toEqual([1, 1]);
  });

  it('flees a damaged Fully Operational Rev-9 that the next player would stagger but cannot finish (the damage no more than that player\'s expected fight); the former planner kept it', () => {
    const build = (policy: PlannerPolicy, damage: number, finisherInHand: boolean, weakDeck: boolean) => {
      const e = engine(policy, { rev9: V('fully-operational') });
      clear(e);
      setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
      e.current = 0;
      // The Fully Operational Rev-9 on the hunt, damaged, not staggered (12).
      setRev9(e, 0, REV9_HUNT, damage);
      // p2 (next) brings 2 (power) + 14: the stagger next turn; a Truck Ram (a finisher) or a Prep.
      const hand = [inst(e, 'Shotgun'), inst(e, 'Shotgun', 1), inst(e, 'Pistol')];
      setZone(e, 'hand', 1, finisherInHand ? [...hand, inst(e, 'Truck Ram')] : [...hand, inst(e, 'Prep')]);
      // p1 owns shotguns and an EMP (ready for the split); p2 two more shotguns, or nine Preps and a Setback (expected fight 2 + 14 × 5 / 14 = 7).
      setZone(e, 'discard', 0, [inst(e, 'Shotgun', 2), inst(e, 'Shotgun', 3), inst(e, 'Shotgun', 4), inst(e, 'Shotgun', 5), inst(e, 'EMP')]);
      setZone(e, 'discard', 1, weakDeck ? [...Array.from({ length: 9 }, (_, i) => inst(e, 'Prep', i + 1)), inst(e, 'Setback')] : [inst(e, 'Shotgun', 6), inst(e, 'Shotgun', 7)]);
      for (let p = 0; p < 2; p++) e.recountOwned(p);
      e.opts[0] = 0;
      e.opts[1] = 1;
      return e;
    };
    const flee = (knob: boolean, damage: number, finisherInHand: boolean, weakDeck = false) => {
      const e = build(new PlannerPolicy(CARDS, { splitFleeUnfinishedStagger: knob }), damage, finisherInHand, weakDeck);
      const planner = e.policy as unknown as { splitReady(v: DarkFateView, k: number): boolean; turnsToStagger(v: DarkFateView, k: number, d: number): number };
      expect([planner.splitReady(e, 0), planner.turnsToStagger(e, 0, damage)]).toEqual([true, 1]);
      return e.policy.choose(e.rng, e, DECISION.FLEE, e.opts, 2, false);
    };
    // 1 = flee: the next player staggers it but cannot finish it, so it would be fled a turn later after one more hunt.
    expect([flee(true, 4, false), flee(false, 4, false)]).toEqual([1, 0]);
    // The next player can finish it: kept by both.
    expect([flee(true, 4, true), flee(false, 4, true)]).toEqual([0, 0]);
    // More damage than the next player's expected fight (8 > 7) would be thrown away: kept by both.
    expect([flee(true, 8, false, true), flee(false, 8, false, true)]).toEqual([0, 0]);
    expect(flee(true, 4, false, true)).toBe(1);
  });

  it('with Go On Without Me!, the hand that counts for the staggered Fully Operational Rev-9 is the next living player\'s', () => {
    const build = (finisherWith: 1 | 2) => {
      const e = engine(new PlannerPolicy(CARDS), { rev9: V('fully-operational'), players: 3, goOnWithoutMe: true });
      clear(e);
      setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
      setRev9(e, 0, REV9_HUNT, 12);
      // p2 is dead: p3 plays next. The Truck Ram is in the dead p2's hand or in p3's.
      e.dead[1] = 1;
      e.aliveN = 2;
      const strong = (n: number) => [inst(e, 'Shotgun', n), inst(e, 'Shotgun', n + 1), inst(e, 'Pistol', n)];
      setZone(e, 'hand', 1, finisherWith === 1 ? [...strong(0), inst(e, 'Truck Ram')] : strong(0));
      setZone(e, 'hand', 2, finisherWith === 2 ? [...strong(2), inst(e, 'Truck Ram')] : [...strong(2), inst(e, 'Prep')]);
      setZone(e, 'discard', 0, [inst(e, 'Shotgun', 4), inst(e, 'Shotgun', 5), inst(e, 'Shotgun', 6), inst(e, 'Shotgun', 7), inst(e, 'EMP')]);
      for (let p = 0; p < 3; p++) e.recountOwned(p);
      e.opts[0] = 0;
      e.opts[1] = 1;
      return e;
    };
    const dead = build(1);
    expect((dead.policy as unknown as { splitReady(v: DarkFateView, k: number): boolean }).splitReady(dead, 0)).toBe(true);
    // The finisher is in the dead player's hand: nobody plays it, so the Rev-9 flees; in p3's, it stays.
    expect(dead.policy.choose(dead.rng, dead, DECISION.FLEE, dead.opts, 2, false)).toBe(1);
    const living = build(2);
    expect(living.policy.choose(living.rng, living, DECISION.FLEE, living.opts, 2, false)).toBe(0);
  });

  it('a card file\'s Rev-9 that splits and heals is kept on the hunt only once the team is ready for the split', () => {
    const cards = compileCards(applyCardChanges(DOC, parseCardChanges('fully-operational.regen=3')));
    const build = (emp: boolean) => {
      const e = new DarkFateEngine(cards, RULES, { players: 2, characters: [0, 1], solo: false, rev9: V('fully-operational'), goOnWithoutMe: false, neuralNet: false }, new PlannerPolicy(cards));
      e.reset(streamFor(1, 0));
      clear(e);
      setFate(e, Array.from({ length: 8 }, (_, i) => inst(e, 'Cash', i)));
      setRev9(e, 0, REV9_HUNT, 10);
      // p2 (next) staggers it again (2 + 5 + 5 >= 12 - 7 left after healing) and finishes it with the Truck Ram.
      setZone(e, 'hand', 1, [inst(e, 'Shotgun'), inst(e, 'Shotgun', 1), inst(e, 'Truck Ram')]);
      // Ready for the split only with a special finisher (the Liquid Exoskeleton's) in the team.
      setZone(e, 'discard', 0, [inst(e, 'Shotgun', 2), inst(e, 'Shotgun', 3), inst(e, 'Shotgun', 4), inst(e, 'Shotgun', 5), ...(emp ? [inst(e, 'EMP')] : [inst(e, 'Prep')])]);
      for (let p = 0; p < 2; p++) e.recountOwned(p);
      e.opts[0] = 0;
      e.opts[1] = 1;
      return e;
    };
    for (const emp of [false, true]) {
      const e = build(emp);
      expect((e.policy as unknown as { splitReady(v: DarkFateView, k: number): boolean }).splitReady(e, 0)).toBe(emp);
      // 1 = flee: before, the healing branch kept it whenever the next player could finish it.
      expect(e.policy.choose(e.rng, e, DECISION.FLEE, e.opts, 2, false)).toBe(emp ? 0 : 1);
    }
  });

  it('buys a defense card over a card of the same cost with a little more supply (it ignores an attack at every hunt until played)', () => {
    const e = engine(new PlannerPolicy(CARDS));
    clear(e);
    setReserve(e, [inst(e, 'Cash'), inst(e, 'Take Cover')]);
    e.fight = 0;
    e.supply = 2;
    // Take Cover (cost 2: draw 1, defense) rather than Cash (cost 2: 2 supply); the former planner bought the Cash.
    expect(e.policy.quickAction!(e.rng, e, 0, false)).toBe(encodeAction(ACTION_BUY, 1, 0));
  });

  it('keeps a damaged Endoskeleton on the hunt a stagger four turns off once the fate deck has turned hostile, and flees it while it has not', () => {
    const build = (denseFate: boolean) => {
      const e = engine(new PlannerPolicy(CARDS));
      for (let p = 0; p < e.players; p++) for (const z of ['hand', 'draw', 'discard', 'skills'] as const) setZone(e, z, p, []);
      setReserve(e, []);
      e.current = 0;
      // Dense: ten cards left in the fate deck, all 46 hostile ones of the card set counted in it
      // (hunts destroy the others); else the fate deck as dealt (about a quarter hostile).
      if (denseFate) setFate(e, Array.from({ length: 10 }, (_, i) => inst(e, 'Attack', i)));
      setRev9(e, 0, REV9_HUNT, 10);
      // p1 (next) brings 2 (power) + 4 (Pistol) now; each player about 6-8 a turn after that; a Truck Ram finishes.
      setZone(e, 'hand', 1, [inst(e, 'Pistol'), inst(e, 'Prep'), inst(e, 'Prep', 1), inst(e, 'Prep', 2), inst(e, 'Prep', 3)]);
      setZone(e, 'discard', 0, [inst(e, 'Shotgun'), inst(e, 'Prep', 4), inst(e, 'Prep', 5), inst(e, 'Prep', 6), inst(e, 'Prep', 7), inst(e, 'Truck Ram')]);
      return e;
    };
    for (const dense of [false, true]) {
      const e = build(dense);
      const pol = e.policy as unknown as { turnsToStagger(v: DarkFateView, k: number, d: number): number; hostileDensity(v: DarkFateView): number };
      expect(pol.turnsToStagger(e, 0, 10)).toBe(4);
      expect(pol.hostileDensity(e) >= 0.45).toBe(dense);
      e.opts[0] = 0;
      e.opts[1] = 1;
      // 1 = flee. The former planner fled in both cases (it kept a Rev-9 only for a stagger within two player turns).
      expect(e.policy.choose(e.rng, e, DECISION.FLEE, e.opts, 2, false)).toBe(dense ? 0 : 1);
    }
  });

  it('keeps the only finisher a Rev-9 still needs when a hostile forces a discard (the hand it plays next turn)', () => {
    const e = engine(new PlannerPolicy(CARDS), { rev9: V('liquid-exoskeleton') });
    clear(e);
    // The Liquid Exoskeleton (only special cards destroy it) hunts: the Pursuit in the reserve makes
    // p1 discard a card, then the hunt draws (and destroys) Cash from the fate deck for the rest.
    const cash = () => setFate(e, Array.from({ length: 6 }, (_, i) => inst(e, 'Cash', i)));
    setRev9(e, 0, REV9_HUNT, 4);
    setReserve(e, [inst(e, 'Pursuit')]);
    cash();
    setZone(e, 'hand', 0, [inst(e, 'EMP'), inst(e, 'Prep'), inst(e, 'Shotgun')]);
    e.hunt(0);
    const hand = () => Array.from({ length: e.handCount(0) }, (_, i) => e.handCard(0, i));
    // A Prep goes; the former planner discarded the EMP (worth 0 in a deck, below a Prep's 0.9).
    expect(hand()).toEqual([T('EMP'), T('Shotgun')]);
    expect(Array.from({ length: e.discardCount(0) }, (_, i) => e.discardCard(0, i))).toEqual([T('Prep')]);
    // With a second special finisher in hand, the EMP is no longer the only one: the lowest worth goes again.
    setReserve(e, [inst(e, 'Pursuit')]);
    cash();
    setZone(e, 'hand', 0, [inst(e, 'EMP'), inst(e, 'Prep'), inst(e, 'Thermite Charge')]);
    e.hunt(0);
    expect(hand()).toEqual([T('Prep'), T('Thermite Charge')]);
  });

  it('answers a forced discard by the worth of the hand it plays next turn, not by a card\'s worth in a deck (the Wound stays, a Prep goes)', () => {
    const e = engine(new PlannerPolicy(CARDS), { rev9: V('endoskeleton') });
    clear(e);
    setRev9(e, 0, REV9_HUNT, 0);
    setReserve(e, [inst(e, 'Pursuit')]);
    setFate(e, Array.from({ length: 6 }, (_, i) => inst(e, 'Cash', i)));
    setZone(e, 'hand', 0, [inst(e, 'Pistol'), inst(e, 'Prep', 0), inst(e, 'Prep', 1), inst(e, 'Prep', 2), inst(e, 'Wound')]);
    e.hunt(0);
    const names = (zone: number[]) => zone.map((t) => CARDS.names[t]).sort();
    // The former rule discarded the card worth least in a deck, the Wound; by the worth of the hand
    // left (handWorth) a Prep goes.
    expect(names(Array.from({ length: e.discardCount(0) }, (_, i) => e.discardCard(0, i)))).toEqual(['Prep']);
    expect(names(Array.from({ length: e.handCount(0) }, (_, i) => e.handCard(0, i)))).toEqual(['Pistol', 'Prep', 'Prep', 'Wound']);
  });

  it("keeps the only finisher a Rev-9 still needs when paying a discard cost, and finishes it with another player's leadership card", () => {
    const e = engine(new PlannerPolicy(CARDS), { rev9: V('liquid-exoskeleton') });
    clear(e);
    // p1 (Sarah Connor: 2 fight) plays a Pistol (4 fight, discard a card): 6 of the 7 damage the
    // stagger needs. p2's Rally (leadership, 2 fight) brings the 7th, and the EMP finishes it.
    setRev9(e, 0, REV9_HUNT, 5);
    setZone(e, 'hand', 0, [inst(e, 'Pistol'), inst(e, 'EMP'), inst(e, 'Prep')]);
    setZone(e, 'hand', 1, [inst(e, 'Rally')]);
    e.playPhase(0);
    // The former planner paid the Pistol's cost with the EMP (the hand's own fight cannot reach the
    // stagger, so it counted for 0.1 this turn), then had nothing to finish with.
    expect([e.outcome, e.rev9Where(0)]).toEqual([OUTCOME_WIN, REV9_DESTROYED]);
  });

  it("with no fight of its own and an undamaged Rev-9 on the hunt, plays another player's leadership card so that it can flee", () => {
    // p3 (Dani Ramos: a supply power) holds nothing with fight; p1 holds a Rally (leadership, 2 fight).
    const position = (rev9: string) => {
      const e = engine(new PlannerPolicy(CARDS), { players: 3, rev9: V(rev9) });
      clear(e);
      e.current = 2;
      setRev9(e, 0, REV9_HUNT, 0);
      setZone(e, 'hand', 0, [inst(e, 'Prep'), inst(e, 'Rally')]);
      setZone(e, 'hand', 2, []);
      e.fight = 0;
      e.supply = 0;
      return e;
    };
    const e = position('endoskeleton');
    // The former planner ended the play phase, and the Rev-9 (undamaged, unable to flee) hunted.
    expect(e.policy.quickAction!(e.rng, e, 2, false)).toBe(encodeAction(ACTION_LEAD, 0, 1));
    // With a damaged Rev-9 (it can flee already), it keeps the Rally in p1's hand.
    setRev9(e, 0, REV9_HUNT, 1);
    expect(e.policy.quickAction!(e.rng, e, 2, false)).toBe(encodeAction(ACTION_END));
    // Against the Damaged Endo, which the players never flee (it flees by itself at 5 damage), one
    // damage would buy nothing: the Rally stays too.
    const d = position('damaged-endo');
    expect(d.policy.quickAction!(d.rng, d, 2, false)).toBe(encodeAction(ACTION_END));
  });
});

describe('designer statistics', () => {
  it('the engine counts gains, plays (once per turn), hunt destructions, the finishing card, wounds and deaths by seat', () => {
    const e = engine(scripted((v, d, o, n) => (d === DECISION.GAIN_RECIPIENT ? n - 1 : 0)));
    clear(e);
    setReserve(e, [inst(e, 'Pistol')]);
    e.supply = 3;
    e.doAction(0, 5, 0, 0);
    expect([e.statGained[T('Pistol')], e.statSeatGained[1]]).toEqual([1, 1]);
    e.turn = 7;
    setZone(e, 'hand', 0, [inst(e, 'Cash'), inst(e, 'Cash', 1)]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.statPlayedTurns[T('Cash')]).toBe(1);
    setRev9(e, 0, REV9_HUNT, 30);
    setZone(e, 'hand', 0, [inst(e, 'Truck Ram')]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.outcome).toBe(OUTCOME_WIN);
    expect(e.statFinished[T('Truck Ram')]).toBe(1);
    const h = engine(scripted());
    clear(h);
    setRev9(h, 0, REV9_HUNT);
    // Six cards for the Endoskeleton's hunt value of six: the Attack is activated once (then at the bottom).
    setFate(h, [inst(h, 'Shotgun'), inst(h, 'Attack'), inst(h, 'Cash'), inst(h, 'Pistol'), inst(h, 'Pistol', 1), inst(h, 'Pistol', 2)]);
    expect(h.rev9HuntValue(0)).toBe(6);
    h.hunt(0);
    expect([h.statHuntDestroyed[T('Shotgun')], h.statHuntDestroyed[T('Cash')], h.statHuntDestroyed[T('Pistol')], h.statSeatWounds[0]]).toEqual([1, 1, 3, 1]);
    expect(h.statSeatDied[0]).toBe(0);
  });

  it('designerStats turns known records into per-card, per-seat, first-player and game-length numbers', () => {
    const p: DarkFateSimParams = { cards: DOC, rules: RULES, setup: { players: 2, characters: [0, 1], solo: false, rev9: V('endoskeleton'), goOnWithoutMe: false, neuralNet: false }, policy: 'planner' };
    const specs = darkfateMetrics(p);
    const L = designerLayout(p);
    const layout = new Layout(specs);
    const data = layout.emptyChunk();
    const rec = new Recorder(layout, data);
    const pistol = T('Pistol');
    // Game 1: won in 30 turns, seat 1 first, two Pistols gained; game 2: lost in 12, seat 2 first, none; game 3: won in 44, seat 1 first, one Pistol.
    const games: [number, number, number, number][] = [
      [1, 30, 0, 2],
      [0, 12, 1, 0],
      [1, 44, 0, 1],
    ];
    for (const [win, turns, first, pistols] of games) {
      rec.record(M_WIN, win);
      rec.record(M_TURNS, turns);
      if (win) rec.record(M_TURNS_WON, turns);
      else rec.record(M_TURNS_LOST, turns);
      for (let s = 0; s < 2; s++) {
        rec.record(L.seatBase + 5 * s, s === first ? 1 : 0);
        rec.record(L.seatBase + 5 * s + 1, !win && s === 1 ? 1 : 0);
        rec.record(L.seatBase + 5 * s + 2, pistols);
        rec.record(L.seatBase + 5 * s + 3, s === first ? 1 : 0);
        rec.record(L.seatBase + 5 * s + 4, s === first ? win : 0);
      }
      rec.record(L.gained[pistol], pistols);
      rec.record(L.gainedIn[pistol], pistols > 0 ? 1 : 0);
      rec.record(L.winGained[pistol], pistols > 0 ? win : 0);
    }
    rec.finish();
    const totals = new Totals(layout);
    totals.addChunk(data, games.length);
    const d = designerStats(totals, CARDS, p.setup, 0.95);
    const row = d.cards.find((c) => c.card === 'Pistol')!;
    expect(row.gained!.mean).toBe(1);
    expect([row.gainedIn!.k, row.gainedIn!.n, row.winIfGained!.k, row.winIfGained!.n]).toEqual([2, 3, 2, 2]);
    expect(row.winIfGained!.lo).toBeGreaterThan(0);
    expect(d.seats.map((s) => [s.winWhenFirst.k, s.winWhenFirst.n])).toEqual([
      [2, 2],
      [0, 1],
    ]);
    expect(d.seats[1].died.k).toBe(1);
    expect(d.length.binWidth).toBe(lengthBinWidth(44));
    const won = d.length.bins.reduce((s, b) => s + b.won, 0);
    const lost = d.length.bins.reduce((s, b) => s + b.lost, 0);
    expect([won, lost]).toEqual([2, 1]);
    const bin12 = d.length.bins.find((b) => b.from <= 12 && 12 <= b.to)!;
    expect([bin12.lost, bin12.lostShare.k, bin12.lostShare.n]).toEqual([1, 1, 3]);
  });

  it('sim darkfate --format json carries them for each version, consistent with the main numbers', () => {
    const r = runCli(['darkfate', '-n', '300', '--seed', '2', '-j', '1', '--format', 'json', '-q']);
    expect(r.code).toBe(0);
    const v = JSON.parse(r.stdout).result.versions[0];
    const bins = v.designer.length.bins as { won: number; lost: number }[];
    expect(bins.reduce((s, b) => s + b.won, 0)).toBe(v.win.k);
    expect(bins.reduce((s, b) => s + b.lost, 0)).toBe(v.lossThreeWounds.k + v.lossEmptyWoundDeck.k);
    expect(v.designer.seats.reduce((s: number, x: { winWhenFirst: { n: number } }) => s + x.winWhenFirst.n, 0)).toBe(300);
    const finished = (v.designer.cards as { finished: { mean: number } | null }[]).reduce((s, c) => s + (c.finished ? c.finished.mean : 0), 0);
    expect(finished).toBeCloseTo(v.rev9Destroyed.mean, 9);
  });
});

describe('extending a built-in policy from a user module (the README example)', () => {
  it('a module subclasses PlannerPolicy from policyApi.js and plays through the command', () => {
    const dir = tempDir('sim-df-api-');
    try {
      const api = pathToFileURL(resolve('dist/src/games/darkfate/policyApi.js')).href;
      const file = join(dir, 'patient.mjs');
      writeFileSync(
        file,
        `import { PlannerPolicy, REV9_HUNT, DECISION } from '${api}';
class Patient extends PlannerPolicy {
  fleeMask(view) {
    let mask = super.fleeMask(view);
    for (let k = 0; k < view.rev9Count(); k++) if (view.rev9Where(k) === REV9_HUNT && view.rev9Damage(k) >= view.cards.rev9[view.rev9Version(k)].stagger) mask &= ~(1 << k);
    return mask;
  }
}
if (DECISION.EXTRA_DRAW !== 5) throw new Error('decision codes moved');
export default (cards) => Object.assign(new Patient(cards, { commitRounds: 1.25 }), { name: 'patient' });
`,
      );
      const r = runCli(['darkfate', '--policy', file, '-n', '30', '--seed', '1', '-j', '1', '--format', 'json', '-q']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).result.versions[0].games).toBe(30);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('card changes (house rules on single cards)', () => {
  it('parses and applies any numeric field, validated like a card file', () => {
    const doc = applyCardChanges(DOC, parseCardChanges('pistol.fight=6; truck-ram.count=8; endoskeleton.hunt=5; recon.effects.draw=3; sarah.power.fight=3; wounds.count=25'));
    const c = compileCards(doc);
    expect(c.fight[c.names.indexOf('Pistol')]).toBe(6);
    expect(c.fateCount[c.names.indexOf('Truck Ram')]).toBe(8);
    expect(c.fateTotal).toBe(CARDS.fateTotal + 2);
    expect(c.rev9[V('endoskeleton')].hunt).toBe(5);
    expect(c.drawOnPlay[c.names.indexOf('Recon')]).toBe(3);
    expect(c.woundCount).toBe(25);
    expect(DOC.fate.find((x) => x.name === 'Pistol')!.fight).not.toBe(6); // the original is untouched
    expect(cardKey("Sarah's Arsenal")).toBe('sarah-s-arsenal');
  });
  it('refuses what it cannot apply, naming the change', () => {
    const bad = (s: string) => () => applyCardChanges(DOC, parseCardChanges(s));
    expect(bad('pistl.fight=4')).toThrow(/pistl\.fight: no card, Rev-9 or character "pistl" \(did you mean "pistol"\?\)/);
    expect(bad('pistol.fihgt=4')).toThrow(/pistol\.fihgt: unknown card field/);
    expect(bad('pistol.fight=100')).toThrow(/expected a whole number in 0\.\.99/);
    expect(bad('pistol.effects.draw=1')).toThrow(/the card has no draw amount in effects/);
    expect(bad('attack.resistance=0; attack.count=0')).toThrow(/attack\.count|count/);
    expect(() => parseCardChanges('pistol fight 4')).toThrow(/is not <card>\.<field>=<whole number>/);
    // A change given twice would keep the last silently.
    expect(() => parseCardChanges('pistol.fight=4; pistol.fight=5')).toThrow(/pistol\.fight is given twice; give it once/);
    expect(() => parseCardChanges('pistol.fight=4; card.pistol.fight=5')).toThrow(/pistol\.fight is given twice/);
    // Separators alone change nothing: refused (the option was shown as a setting of a run it left as it was); empty is "none".
    expect(() => parseCardChanges(';')).toThrow(/";" names no change/);
    expect(() => parseCardChanges(' ; ; ')).toThrow(/names no change/);
    expect(parseCardChanges('')).toEqual([]);
    expect(parseCardChanges('pistol.fight=4;')).toEqual([['pistol.fight', 4]]);
  });
  it('lists every field as a card.<path> parameter spec with the card data as default', () => {
    const specs = cardParamSpecs(DOC);
    const pistol = specs.find((s) => s.key === 'card.pistol.fight')!;
    expect(pistol.default).toBe(DOC.fate.find((x) => x.name === 'Pistol')!.fight);
    expect(specs.some((s) => s.key === 'card.endoskeleton.hunt')).toBe(true);
    expect(specs.some((s) => s.key === 'card.attack.activate.woundCurrent')).toBe(true);
    expect(new Set(specs.map((s) => s.key)).size).toBe(specs.length);
  });
  it('works from the command line and says so in the report', () => {
    const r = runCli(['darkfate', '-n', '50', '--seed', '1', '-j', '1', '--format', 'json', '-q', '--set', 'cardChanges=pistol.fight=6']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).assumptions).toContain('card changes (house rules): pistol.fight=6');
    expect(KW.LOCATION).toBeGreaterThan(0);
  });
});
