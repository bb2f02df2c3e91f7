// The engine contract's laws (src/core/engine.ts), run for every implementation: same seed → same
// game; a snapshot saved at a decision and restored gives the same continuation, whether the answer
// comes back through the engine's own call stack or through playOn's resume, and puts back every
// field play changed; determinize keeps what the observer sees. Then the shared search
// (src/core/search.ts) over each: it leaves the game as it found it, answers within the
// contract, and plays the default's answer at one iteration.
import { describe, expect, it } from 'vitest';
import { NO_ANSWER, NO_STOP, type DecisionEngine } from '../src/core/engine.js';
import { defaultsOf, resolveParams } from '../src/core/params.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor, type Rng } from '../src/core/rng.js';
import { copyStreamInto } from '../src/core/streamCopy.js';
import { MATCH_PARAMS, matchSimParams } from '../src/games/dualfates/matchEntry.js';
import { DECISION, MatchEngine, type MatchView } from '../src/games/dualfates/matchEngine.js';
import { huntPolicy, randomPolicy as matchRandom, threatPolicy } from '../src/games/dualfates/matchPolicies.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { TerrorEngine } from '../src/games/terror/terrorEngine.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { plannerPolicy } from '../src/games/terror/terrorPlanner.js';
import { createSearchPolicy } from '../src/core/search.js';
import { gameSimParams, GAME_PARAMS } from '../src/games/tccg/gameMode.js';
import { TccgGame, type SideView } from '../src/games/tccg/gameEngine.js';
import { rolloutPolicy, TccgEngine } from '../src/games/tccg/gameSearch.js';
import { PlayerView } from '../src/games/tccg/gameView.js';
import { loadMatchup } from '../src/games/tccg/matchup.js';
import { compiledCards } from '../src/games/darkfate/compiledCards.js';
import { loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { DARKFATE_PARAMS, rulesOf } from '../src/games/darkfate/darkfateParams.js';
import { DarkFateDecisionEngine } from '../src/games/darkfate/decisionEngine.js';
import { DarkFateEngine } from '../src/games/darkfate/engine.js';
import { PlannerPolicy } from '../src/games/darkfate/plannerPolicy.js';
import type { DarkFatePolicy } from '../src/games/darkfate/policy.js';
import { Skirmish } from '../src/games/genisys/skirmish.js';
import { buildSkirmish, SKIRMISH_PARAMS } from '../src/games/genisys/skirmishEntry.js';
import { skirmishPolicy } from '../src/games/genisys/skirmishPolicy.js';
import { SkirmishEngine } from '../src/games/genisys/skirmishSearch.js';
import type { SkirmishSpec } from '../src/games/genisys/skirmishSpec.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEngine = DecisionEngine<any, any>;

interface Subject {
  name: string;
  /** A fresh engine whose own policy (for set-up decisions asked in reset) is settable. */
  make(): { engine: AnyEngine; setOwnPolicy(p: Policy<unknown>): void; state: object };
  /** The game's default policy. */
  base: Policy<unknown>;
  /** Scratch fields (rewritten before every use), left out of the "every field back" check. */
  scratch: string[];
  /** Fields holding objects whose own fields are state too (a board). */
  nested?: string[];
}

const matchParams = matchSimParams(resolveParams(MATCH_PARAMS, { teamB: 'horde' }, (k) => k));
const terrorData = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const terrorParams: TerrorSimParams = { ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: -1, policy: 'planner', data: terrorData };

// Games capped at 8 turns (most are still running: the laws hold at a cap as at a victory), to keep the searches short.
const tccgParams = { ...gameSimParams(loadMatchup('example', 'example'), defaultsOf(GAME_PARAMS), ['protect', 'hunt-support'], [null, null]), maxTurns: 8 };
const tccgBase = rolloutPolicy(['protect', 'hunt-support']);
const darkfateCards = compiledCards(loadCardData(referenceCardsFile(), 'reference card data'));
// A turn cap of 14 player turns keeps the search law's whole games short (the cap ends a game like any outcome).
const darkfateRules = { ...rulesOf(defaultsOf(DARKFATE_PARAMS)), maxTurns: 14 };
const darkfatePlanner = new PlannerPolicy(darkfateCards);
/** Dark Fate, the Fully Operational Rev-9 (it splits: several Rev-9s, FLEE_WHICH) at 2 players. */
const darkfateSetup = { players: 2, characters: [0, 1], solo: false, rev9: darkfateCards.rev9.findIndex((r) => r.key === 'fully-operational'), goOnWithoutMe: false, neuralNet: false };

// The skirmish twice: Infighting (the defaults), and a commander (Command 2: its extra Ready markers) with the armed Resistance against Endoskeletons.
const skirmishSpecs = await Promise.all([{}, { units: 'scenarios/genisys/resistance-assumed.yaml', sideA: 'resistance-captain#2,3*resistance-soldier', sideB: '3*endoskeleton', policyA: 'aim' }].map((o) => buildSkirmish(resolveParams(SKIRMISH_PARAMS, o, (k) => k))));
const skirmishSubject = (name: string, spec: SkirmishSpec, bot: string): Subject => ({
  name,
  make() {
    const g = new Skirmish(spec);
    g.policies = [skirmishPolicy(bot), skirmishPolicy('advance')];
    return { engine: new SkirmishEngine(g), state: g, setOwnPolicy: (p) => (g.policies = [p as Policy<Skirmish>, p as Policy<Skirmish>]) };
  },
  base: skirmishPolicy(bot) as Policy<unknown>,
  scratch: ['scratchCodes', 'scratchPlans', 'fireMoves', 'fireCodes', 'firePlans'],
});
/** The Dual Fates match as a law subject, both sides playing `policy`. */
function matchSubject(name: string, policy: Policy<MatchView>): Subject {
  return {
    name,
    make() {
      const g = new MatchEngine(matchParams.data, matchParams.rules, [policy, policy]);
      return { engine: g, state: g, setOwnPolicy: (p) => (g.policies = [p as Policy<MatchView>, p as Policy<MatchView>]) };
    },
    base: policy as Policy<unknown>,
    // planWeights: the deployment plan's weights, filled afresh at each use; expected: expectedDamage's cache, derived from the sheets.
    scratch: ['pools', 'score', 'planWeights', 'expected'],
  };
}

const SUBJECTS: Subject[] = [
  skirmishSubject('genisys skirmish (Infighting)', skirmishSpecs[0], 'advance'),
  skirmishSubject('genisys skirmish (a commander and the armed Resistance)', skirmishSpecs[1], 'aim'),
  {
    name: 'darkfate',
    make() {
      const e = new DarkFateEngine(darkfateCards, darkfateRules, darkfateSetup, darkfatePlanner);
      return { engine: new DarkFateDecisionEngine(e), state: e, setOwnPolicy: (p) => (e.policy = p as DarkFatePolicy) };
    },
    // Played through choose (no fast path), so every ACTION is asked.
    base: { name: 'planner', choose: (rng, v, d, o, n, none) => darkfatePlanner.choose(rng, v as DarkFateEngine, d, o, n, none) },
    scratch: ['tmp', 'typeScratch'],
  },
  matchSubject('dualfates match', huntPolicy),
  // The same game played by threat, which asks the engine's actionEnd and expectedDamage at every ACTION.
  matchSubject('dualfates match (threat)', threatPolicy),
  {
    name: 'terror',
    make() {
      const g = new TerrorGame(terrorParams, plannerPolicy);
      return { engine: new TerrorEngine(g), state: g, setOwnPolicy: (p) => (g.policy = p as typeof g.policy) };
    },
    base: plannerPolicy as Policy<unknown>,
    scratch: ['scratch', 'pool', 'leaving', 'carryOptions', 'discardOptions'],
  },
  {
    name: 'tccg game',
    make() {
      const g = new TccgGame(tccgParams, [tccgBase, tccgBase], [{ side: 0 }, { side: 1 }]);
      g.views = [new PlayerView(g, 0), new PlayerView(g, 1)];
      return { engine: new TccgEngine(g), state: g, setOwnPolicy: (p) => (g.policies.fill(p as Policy<SideView>)) };
    },
    base: tccgBase as Policy<unknown>,
    scratch: ['countAll', 'countMain', 'extra', 'score', 'queue', 'done'],
    nested: ['board'],
  },
];

/** A chooser playing `base` and logging every question and answer (decision, decider, n, answer). */
function recorder(engine: AnyEngine, base: Policy<unknown>, log: number[]): Policy<unknown> {
  return {
    name: 'record',
    choose(rng, view, d, o, n, none) {
      const a = base.choose(rng, view, d, o, n, none);
      log.push(d, engine.decider(), n, a);
      return a;
    },
  };
}

/** Every number, boolean and typed array of `obj` (and of its plain-object fields, its arrays of typed arrays, the objects named in `nested`), as plain values. */
function fields(obj: object, skip: string[], nested: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const r = obj as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (skip.includes(k)) continue;
    const v = r[k];
    if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (ArrayBuffer.isView(v)) out[k] = Array.from(v as Int32Array);
    else if (Array.isArray(v) && v.length > 0 && v.every((x) => ArrayBuffer.isView(x))) v.forEach((x, i) => (out[`${k}[${i}]`] = Array.from(x as Int32Array)));
    else if (nested.includes(k) && v && typeof v === 'object') for (const [kk, vv] of Object.entries(fields(v, skip))) out[`${k}.${kk}`] = vv;
    else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && Object.values(v).every((x) => typeof x === 'number' || typeof x === 'boolean')) out[k] = JSON.stringify(v);
  }
  return out;
}

function playGame(s: Subject, seed: number, index: number, log: number[]) {
  const { engine, setOwnPolicy } = s.make();
  const rng = streamFor(seed, index);
  const chooser = recorder(engine, s.base, log);
  setOwnPolicy(chooser);
  engine.reset(rng);
  engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
  return { engine, results: Array.from({ length: engine.players }, (_, p) => engine.result(p)) };
}

for (const s of SUBJECTS) {
  describe(`engine laws: ${s.name}`, () => {
    it('same seed → same game (every question, answer and result)', () => {
      for (let i = 0; i < 3; i++) {
        const a: number[] = [];
        const b: number[] = [];
        const ra = playGame(s, 21, i, a);
        const rb = playGame(s, 21, i, b);
        expect(ra.engine.over()).toBe(true);
        expect(b).toEqual(a);
        expect(rb.results).toEqual(ra.results);
        expect(a.length).toBeGreaterThan(8);
      }
    });

    it('snapshot at a resumable decision, restore, resume with the same answer: the same continuation, and every field back', () => {
      let checked = 0;
      for (let i = 0; i < 6; i++) {
        const { engine, setOwnPolicy, state } = s.make();
        const snap = engine.newSnapshot();
        const rngAt = streamFor(0, 0);
        let at = -1;
        let answer = 0;
        let savedFields: Record<string, unknown> | null = null;
        let count = 0;
        const after: number[] = [];
        const target = 5 + 7 * i;
        const chooser: Policy<unknown> = {
          name: 'save',
          choose(rng, view, d, o, n, none) {
            const a = s.base.choose(rng, view, d, o, n, none);
            if (at < 0 && engine.resumable(d) && n + (none ? 1 : 0) > 1 && count++ === target) {
              engine.save(snap);
              copyStreamInto(rng, rngAt);
              savedFields = fields(state, s.scratch, s.nested);
              at = d;
              answer = a;
            } else if (at >= 0) after.push(d, engine.decider(), n, a);
            return a;
          },
        };
        setOwnPolicy(chooser);
        const rng = streamFor(22, i);
        engine.reset(rng);
        engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
        if (at < 0) continue;
        const results = Array.from({ length: engine.players }, (_, p) => engine.result(p));
        engine.restore(snap);
        expect(fields(state, s.scratch, s.nested)).toEqual(savedFields);
        const again: number[] = [];
        engine.playOn(rngAt, recorder(engine, s.base, again), at, answer, NO_STOP);
        expect(again).toEqual(after);
        expect(Array.from({ length: engine.players }, (_, p) => engine.result(p))).toEqual(results);
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(4);
    });

    it('determinize keeps what the observer sees, and the game plays on from the re-deal to its end', () => {
      for (let i = 0; i < 6; i++) {
        const { engine, setOwnPolicy } = s.make();
        let count = 0;
        let done = false;
        const chooser: Policy<unknown> = {
          name: 'redeal',
          choose(rng, view, d, o, n, none) {
            if (!done && engine.resumable(d) && count++ === 3 + 5 * i) {
              done = true;
              const who = engine.decider();
              const seen = engine.observe(who);
              engine.determinize(streamFor(23, i), who);
              expect(engine.observe(who)).toBe(seen);
            }
            return s.base.choose(rng, view, d, o, n, none);
          },
        };
        setOwnPolicy(chooser);
        const rng = streamFor(24, i);
        engine.reset(rng);
        engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
        expect(engine.over()).toBe(true);
      }
    });

    it('the shared search leaves the game as it found it, answers within the contract, and at one iteration plays the default', () => {
      for (const iterations of [1, 4]) {
        const { engine, setOwnPolicy, state } = s.make();
        const search = createSearchPolicy(engine, { iterations, depth: 0, rollout: s.base });
        let searched = 0;
        let departures = 0;
        const chooser: Policy<unknown> = {
          name: 'check',
          choose(rng: Rng, view, d, o, n, none) {
            const root = engine.resumable(d) && n + (none ? 1 : 0) > 1;
            // The whole state is compared at the first searched decisions (a deep copy is slow).
            const check = root && searched < 10;
            const before = check ? fields(state, s.scratch, s.nested) : null;
            const opts = Array.from(o.subarray(0, n));
            const state0 = (r: Rng) => (r as unknown as { getState(): number[] }).getState();
            const rngState = state0(rng);
            const defRng = rng.clone();
            const a = search.choose(rng, view, d, o, n, none);
            if (root) searched++;
            if (check) expect(fields(state, s.scratch, s.nested)).toEqual(before);
            expect(Array.from(o.subarray(0, n))).toEqual(opts);
            // The default's answer here and the stream it leaves (it may draw: the Dual Fates match deploys Companions at random).
            const def = s.base.choose(defRng, view, d, o, n, none);
            // A searched decision draws from the game's stream only what the default draws, and only when it plays
            // the default's answer; elsewhere the search answers as the default does, which may draw too.
            if (root) expect(state0(rng)).toEqual(a === def ? state0(defRng) : rngState);
            expect(a >= (none ? -1 : 0) && a < n).toBe(true);
            if (root && a !== def) departures++;
            return a;
          },
        };
        setOwnPolicy(chooser);
        const rng = streamFor(25, iterations);
        engine.reset(rng);
        engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
        expect(searched).toBeGreaterThan(5);
        if (iterations === 1) expect(departures).toBe(0);
      }
    });
    // Dark Fate's command sets no searchDecisions (its ladder's search plays turn plans: searchPlans, test/darkfate.bots.test.ts),
    // and at this subject's 14-turn cap its playouts end alike, so the search never departs there.
    it.skipIf(s.name === 'darkfate')('limited to some decisions (searches: the parameter searchDecisions), it answers the others as the default does', () => {
      // The same games with a 16-iteration search on every decision, then on none: the first departs
      // from the default somewhere (in one of forty games; Terror's planner agrees with it through
      // the first ten since its sixth pass), the second never (it plays the default's games, decision
      // for decision).
      const play = (searches?: (d: number) => boolean, games = 40) => {
        const { engine, setOwnPolicy } = s.make();
        const search = createSearchPolicy(engine, { iterations: 16, depth: 0, rollout: s.base, margin: 0, ...(searches ? { searches } : {}) });
        let departures = 0;
        const chooser: Policy<unknown> = {
          name: 'check',
          choose(rng: Rng, view, d, o, n, none) {
            const expected = s.base.choose(rng.clone(), view, d, o, n, none);
            const a = search.choose(rng, view, d, o, n, none);
            if (a !== expected) departures++;
            return a;
          },
        };
        setOwnPolicy(chooser);
        for (let g = 0; g < games && departures === 0; g++) {
          const rng = streamFor(26, g);
          engine.reset(rng);
          engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
        }
        return departures;
      };
      expect(play()).toBeGreaterThan(0);
      expect(play(() => false)).toBe(0);
    });
  });
}

describe('the shared search on the Dual Fates match', () => {
  it('plays either side; a one-iteration search is the default, game for game', () => {
    const play = (side: number, iterations: number) => {
      const g = new MatchEngine(matchParams.data, matchParams.rules, [huntPolicy, huntPolicy]);
      g.policies[side] = createSearchPolicy(g, { iterations, depth: 0, rollout: huntPolicy });
      const out: number[] = [];
      for (let i = 0; i < 3; i++) {
        g.play(streamFor(26, i));
        out.push(g.outcome.winner, g.vp(0), g.vp(1));
      }
      return out;
    };
    const hunt = play(0, 1);
    expect(play(1, 1)).toEqual(hunt);
    const g = new MatchEngine(matchParams.data, matchParams.rules, [huntPolicy, huntPolicy]);
    const plain: number[] = [];
    for (let i = 0; i < 3; i++) (g.play(streamFor(26, i)), plain.push(g.outcome.winner, g.vp(0), g.vp(1)));
    expect(hunt).toEqual(plain);
  });

  it("a default that draws at a searched decision (the match's random Companion deployment): the game's stream moves as the default's only when the search plays the default's answer", () => {
    const state = (r: Rng) => (r as unknown as { getState(): number[] }).getState();
    // The spread rule draws a Companion's point from the game's stream (the plan of --deployment equilibrium draws nothing).
    const spreadParams = matchSimParams(resolveParams(MATCH_PARAMS, { teamB: 'horde', deployment: 'spread' }, (k) => k));
    let agreed = 0;
    let departed = 0;
    for (let game = 0; game < 30 && (agreed === 0 || departed === 0); game++) {
      const g = new MatchEngine(spreadParams.data, spreadParams.rules, [huntPolicy, huntPolicy]);
      // Deployment only, margin 0 (any positive mean is played), random playouts: the search departs from its default (hunt) at some placements.
      const search = createSearchPolicy(g, { iterations: 32, depth: 0, rollout: matchRandom, prior: huntPolicy, margin: 0, searches: (d) => d === DECISION.DEPLOY_AT });
      g.policies[0] = {
        name: 'check',
        choose(rng, view, d, o, n, none) {
          const before = state(rng);
          const defRng = rng.clone();
          const a = search.choose(rng, view, d, o, n, none);
          const def = huntPolicy.choose(defRng, view, d, o, n, none);
          if (d === DECISION.DEPLOY_AT && n > 1 && view.unitCompanion(view.acting)) {
            // The default drew here; the stream after the search: the default's when it played the default's answer, untouched otherwise.
            expect(state(defRng)).not.toEqual(before);
            if (a === def) (agreed++, expect(state(rng)).toEqual(state(defRng)));
            else (departed++, expect(state(rng)).toEqual(before));
          }
          return a;
        },
      };
      g.play(streamFor(28, game));
    }
    expect([agreed, departed].map((x) => x > 0), `agreed ${agreed}, departed ${departed}`).toEqual([true, true]);
  });

  it('the cut-off stops at a round boundary and the value is an estimate in [0, 1], higher for the side ahead', () => {
    const g = new MatchEngine(matchParams.data, matchParams.rules, [matchRandom, matchRandom]);
    g.reset();
    const rng = streamFor(27, 0);
    g.playOn(rng, huntPolicy, NO_ANSWER, NO_ANSWER, 3);
    expect(g.over()).toBe(false);
    expect(g.turn()).toBe(3);
    const v0 = g.value(0);
    const v1 = g.value(1);
    expect(v0).toBeGreaterThan(0);
    expect(v0).toBeLessThan(1);
    expect(Math.abs(v0 + v1 - 1)).toBeLessThan(1e-9);
    if (g.vp(0) > g.vp(1) + 2) expect(v0).toBeGreaterThan(0.5);
    g.playOn(rng, huntPolicy, NO_ANSWER, NO_ANSWER, NO_STOP);
    expect(g.over()).toBe(true);
  });
});

describe('the match report prints the measured policy gap', () => {
  it('for a measured configuration the ladder line, else not measured; never a gap measured against another default', async () => {
    const { matchGapLine, matchGapShort, deploymentStamp } = await import('../src/games/dualfates/matchPolicyGap.js');
    const { MATCH_POLICIES } = await import('../src/games/dualfates/matchPolicies.js');
    const def = MATCH_POLICIES[0];
    // Each entry names the deployment mix the default deployed by (its stamp); today's is the bundled file's for the teams.
    const deployment = deploymentStamp('knights', 'knights');
    expect(deploymentStamp('knights', 'horde')).not.toBe(deployment);
    expect(deploymentStamp('knights', 'nobody')).toBe('');
    expect(deployment).toMatch(/^[0-9a-f]{12}$/);
    const entry = (policy: string) => ({ teamA: 'knights', teamB: 'knights', side: 'A' as const, games: 400, seed: 1, budget: 256, policy, deployment, base: 0.4655, search: 0.6125, difference: 0.1475, lo: 0.0944, hi: 0.1991, pValue: 9.7e-8, command: 'sim policies dualfates match --ladder' });
    const now = [entry(def)];
    expect(matchGapLine('knights', 'knights', [def, def], true, now, [])).toMatch(new RegExp(`^Policy gap: last measured for side A on 400 paired games .*${def} wins 46\\.6%.*search − ${def} \\+14\\.8 pp \\[\\+9\\.4, \\+19\\.9\\].* — a floor on the distance to strong play`));
    // Both sides measured: both printed, A first; a side with no significant gap says so, and the line is a floor only where one gained.
    const sideB = { ...entry(def), side: 'B' as const, base: 0.5, search: 0.51, difference: 0.01, lo: -0.03, hi: 0.05, pValue: 0.6 };
    const both = matchGapLine('knights', 'knights', [def, def], true, [sideB, entry(def)], []);
    expect(both).toMatch(/last measured for side A on 400 .*\+14\.8 pp.*; for side B on 400 .*\+1\.0 pp \[−3\.0, \+5\.0\], p 0\.600 \(no significant gap\)/);
    expect(both).toMatch(/a floor on the distance to strong play/);
    expect(matchGapLine('knights', 'knights', [def, def], true, [sideB], [])).toMatch(/ — no gap to stronger play shown at the measured budget/);
    expect(matchGapShort('knights', 'knights', [def, def], true, [entry(def), sideB], [])).toMatch(/\+14\.8 pp \[\+9\.4, \+19\.9\] more as A; the search at 256 iterations wins \+1\.0 pp \[−3\.0, \+5\.0\] more as B \(no significant gap\): a floor/);
    // One side measured: the other says so. A side playing the search has no gap of its own; both playing it, nothing is measured.
    expect(matchGapLine('knights', 'knights', [def, def], true, [entry(def)], [])).toMatch(/; side B not measured — a floor/);
    const searchB = matchGapLine('knights', 'knights', [def, 'search'], true, [sideB, entry(def)], []);
    expect(searchB).toMatch(/last measured for side A on 400 .*; side B plays the search: its own gap is not measured — a floor/);
    expect(searchB).not.toMatch(/for side B/);
    expect(matchGapLine('knights', 'knights', ['search', 'search'], true, [sideB, entry(def)], [])).toMatch(/not measured/);
    // A significantly lower search is said to be one, in the line and in the answer's words.
    const lower = { ...sideB, search: 0.47, difference: -0.03, lo: -0.06, hi: -0.001, pValue: 0.04 };
    expect(matchGapShort('knights', 'knights', [def, def], true, [lower], [])).toMatch(/−3\.0 pp \[−6\.0, −0\.1\] more as B \(significantly lower: the search at this budget does not beat the default\): no gap to stronger play shown/);
    // Every entry of the shipped file passes the checks (one that failed would silently never be printed).
    const { matchGapEntries, matchGapFile } = await import('../src/games/dualfates/matchPolicyGap.js');
    const { readFileSync } = await import('node:fs');
    const { layoutGapEntries } = await import('../src/games/dualfates/matchPolicyGap.js');
    expect(matchGapEntries().length + layoutGapEntries().length).toBe(readFileSync(matchGapFile(), 'utf8').match(/^  - teamA: /gm)?.length);
    // A fixed deployment that beat the default's (scripts/dualfatesLayouts.mjs) is printed beside the search's, and the line is a floor for it alone;
    // one that did not says so; neither when a side plays another policy than the default.
    const fixed = { teamA: 'knights', teamB: 'knights', side: 'B' as const, policy: def, deployment, layout: 'Generic Brute@B-west', games: 5000, seed: 7601, base: 0.5, fixed: 0.59, difference: 0.09, lo: 0.07, hi: 0.11, pValue: 1e-9, command: 'node scripts/dualfatesLayouts.mjs --side B' };
    const withFixed = matchGapLine('knights', 'knights', [def, def], true, [sideB], [fixed]);
    expect(withFixed).toMatch(/; a fixed deployment beats (\w+)'s deployment as side B on 5,000 paired games \(seed 7601\): side B deploying Generic Brute@B-west wins 59\.0% \(with \1's own deployment 50\.0%\), \+9\.0 pp \[\+7\.0, \+11\.0\] \(`node scripts\/dualfatesLayouts\.mjs --side B`\) — a floor on the distance to strong play/);
    expect(matchGapShort('knights', 'knights', [def, def], true, [sideB], [fixed])).toMatch(/more as B \(no significant gap\); a fixed deployment wins \+9\.0 pp \[\+7\.0, \+11\.0\] more as B: a floor/);
    const level = { ...fixed, fixed: 0.505, difference: 0.005, lo: -0.01, hi: 0.02, pValue: 0.5 };
    // The same side measured with its units deployed in other orders (--order): the line prints one per side, a significant gain first, then the largest, and names its order.
    const reverse = { ...fixed, order: 'reverse' as const, layout: 'Generic Archer@B-east', fixed: 0.62, difference: 0.12, lo: 0.1, hi: 0.14 };
    const ordered = matchGapLine('knights', 'knights', [def, def], true, [sideB], [level, reverse, fixed]);
    expect(ordered).toMatch(/; a fixed deployment beats \w+'s deployment as side B on 5,000 paired games \(seed 7601\): side B deploying Generic Archer@B-east \(listed in team order, deployed in reverse\) wins 62\.0% .*\+12\.0 pp \[\+10\.0, \+14\.0\] \(`node scripts\/dualfatesLayouts\.mjs --side B`\) — a floor/);
    expect(ordered).not.toMatch(/Brute/);
    // A larger gain that is not significant does not hide a significant one.
    const wide = { ...reverse, order: 'cheap' as const, layout: 'Generic Archer@B-west', fixed: 0.65, difference: 0.15, lo: -0.01, hi: 0.31, pValue: 0.06 };
    expect(matchGapLine('knights', 'knights', [def, def], true, [sideB], [wide, fixed])).toMatch(/side B deploying Generic Brute@B-west wins 59\.0%/);
    // None significant in any order: the line says which orders were tried.
    expect(matchGapLine('knights', 'knights', [def, def], true, [sideB], [level, { ...level, order: 'cheap' as const }])).toMatch(/none of the fixed deployments of side B \(deployed in team order, the cheapest first\) confirmed after a sweep beat/);
    // Side A first, whatever the entries' order in the file.
    expect(matchGapLine('knights', 'knights', [def, def], true, [sideB], [reverse, { ...fixed, side: 'A' as const, layout: 'Generic Brute@A-west' }])).toMatch(/as side A .* as side B/);
    expect(matchGapLine('knights', 'knights', [def, def], true, [sideB], [level])).toMatch(/; none of the fixed deployments of side B confirmed after a sweep beat \w+'s deployment significantly \(the best, on 5,000 fresh paired games, seed 7601: \+0\.5 pp \[−1\.0, \+2\.0\]; .*\) — no gap to stronger play shown/);
    expect(matchGapShort('knights', 'knights', [def, def], true, [sideB], [level])).not.toMatch(/fixed deployment/);
    expect(matchGapLine('knights', 'knights', [def, 'search'], true, [entry(def)], [fixed])).not.toMatch(/fixed deployment/);
    expect(matchGapLine('knights', 'horde', [def, def], true, [sideB], [fixed])).not.toMatch(/fixed deployment/);
    // Teams whose search gap was not measured still print their layout entry.
    const hordeStamp = deploymentStamp('knights', 'horde');
    const horde = { ...fixed, teamB: 'horde', deployment: hordeStamp };
    expect(matchGapLine('knights', 'horde', [def, def], true, [sideB], [horde])).toMatch(/^Policy gap: the search's gap is not measured for these teams \(every rate above is conditional on the bots that played\); a fixed deployment beats \w+'s deployment as side B .* — a floor on the distance to strong play/);
    expect(matchGapShort('knights', 'horde', [def, def], true, [sideB], [horde])).toBe('gap to a search policy not measured here; a fixed deployment wins +9.0 pp [+7.0, +11.0] more as B: a floor on the distance to strong play');
    expect(matchGapShort('knights', 'horde', [def, def], true, [sideB], [{ ...level, teamB: 'horde', deployment: hordeStamp }])).toBe('gap to a search policy not measured here');
    // Both sides' layouts in one clause.
    expect(matchGapShort('knights', 'horde', [def, def], true, [], [horde, { ...horde, side: 'A' as const, difference: 0.02, fixed: 0.52, lo: 0.01, hi: 0.03 }])).toBe('gap to a search policy not measured here; a fixed deployment wins +2.0 pp [+1.0, +3.0] more as A, +9.0 pp [+7.0, +11.0] as B: a floor on the distance to strong play');
    expect(matchGapLine('knights', 'horde', [def, def], true, [sideB], [{ ...level, teamB: 'horde', deployment: hordeStamp }])).toMatch(/^Policy gap: the search's gap is not measured for these teams \(every rate above is conditional on the bots that played\); none of the fixed deployments of side B confirmed after a sweep beat .* — no gap to stronger play shown/);
    expect(matchGapLine('knights', 'knights', [def, def], false, [sideB], [fixed])).not.toMatch(/fixed deployment/);
    expect(matchGapLine('knights', 'knights', [def, 'search'], true, now, [])).toMatch(/^Policy gap: last measured/);
    expect(matchGapShort('knights', 'knights', [def, def], true, now, [])).toMatch(/\+14\.8 pp/);
    expect(matchGapLine('knights', 'horde', [def, def], true, now, [])).toMatch(/not measured/);
    expect(matchGapLine('knights', 'knights', [def, def], false, now)).toMatch(/not measured/);
    expect(matchGapLine('knights', 'knights', ['hold', def], true, now, [])).toMatch(/not measured/);
    // Measured against another default (hold here): stale, never printed, whoever plays.
    for (const policies of [[def, def], ['hold', 'hold']]) expect(matchGapLine('knights', 'knights', policies, true, [entry('hold')], [])).toMatch(/not measured/);
    expect(matchGapShort('knights', 'knights', [def, def], true, [entry('hold')], [])).toMatch(/not measured/);
    // Measured against the default under another deployment file (another stamp, or none): not printed, and the line says it was not re-measured since.
    for (const old of [{ ...entry(def), deployment: '0123456789ab' }, { ...entry(def), deployment: undefined }]) {
      expect(matchGapLine('knights', 'knights', [def, def], true, [old], [{ ...fixed, deployment: old.deployment }])).toMatch(/^Policy gap: not re-measured since the default's deployment \(scenarios\/dualfates\/deployment\.yaml\) changed: .*the bots that played \(\w+, \w+\) are from good play is unknown here/);
      expect(matchGapShort('knights', 'knights', [def, def], true, [old], [])).toBe("gap to a search policy not re-measured since the default's deployment changed");
      // Other bots than the default: not measured, whether the default's entries are current or stale.
      for (const policies of [['hold', 'hunt'], [def, 'hold']]) {
        expect(matchGapLine('knights', 'knights', policies, true, [old], [{ ...fixed, deployment: old.deployment }]), policies.join()).toMatch(/^Policy gap: not measured for dualfates match/);
        expect(matchGapShort('knights', 'knights', policies, true, [old], [{ ...fixed, deployment: old.deployment }]), policies.join()).toBe('gap to a search policy not measured here');
      }
      // Beside a current entry for the other side, the stale one is simply not printed; beside a current layout entry, the search's gap is said not re-measured.
      expect(matchGapLine('knights', 'knights', [def, def], true, [old, sideB], [])).toMatch(/^Policy gap: last measured for side B/);
      expect(matchGapLine('knights', 'knights', [def, def], true, [old], [fixed])).toMatch(/^Policy gap: the search's gap is not re-measured since the default's deployment changed \(every rate above is conditional on the bots that played\); a fixed deployment beats/);
    }
    // The file's entries (read and checked): every pairing of the built-in teams measured, with its layouts; a team file is another configuration.
    // The search's ladder is re-measured or said not to be since the deployment changed; the layouts are always re-measured with it.
    for (const [a, b] of [['knights', 'knights'], ['knights', 'horde'], ['horde', 'knights'], ['horde', 'horde']]) expect(matchGapLine(a, b, [def, def], true), `${a} ${b}`).toMatch(/^Policy gap: (last measured for side A .*; for side B .*|the search's gap is not re-measured since the default's deployment changed \(every rate above is conditional on the bots that played\)); (a fixed deployment beats|none of the fixed deployments of side A( \(deployed in [^)]*\))? confirmed after a sweep beat)/);
    expect(matchGapLine('knights', 'scenarios/dualfates/teams/match-horde.yaml', [def, def], true)).toMatch(/not measured/);
    // Through the CLI: a data value (a unit's stat, the board) is another configuration.
    const { runCli } = await import('./helpers/runCli.js');
    const text = (extra: string[]) => JSON.parse(runCli(['dualfates', 'match', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json', ...extra]).stdout).text as string;
    expect(text([])).toMatch(/the search at \d+ iterations wins|gap to a search policy not re-measured since the default's deployment changed/);
    for (const extra of [['--set', 'data.units.training-knight.def=8'], ['--set', 'data.board.nodes.p1.x=11']]) expect(text(extra), extra.join(' ')).toMatch(/not measured here/);
  });
});

describe('every game\'s gap file', () => {
  it('a Dual Fates layout entry with an order the check does not have (--order team|reverse|cheap) is dropped, not printed as team order', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { layoutGapEntries } = await import('../src/games/dualfates/matchPolicyGap.js');
    const dir = mkdtempSync(join(tmpdir(), 'sim-layout-order-'));
    try {
      const entry = (order: string) => `  - teamA: knights\n    teamB: knights\n    side: B\n    policy: fight\n${order ? `    order: ${order}\n` : ''}    layout: Generic Brute@B-west\n    games: 5000\n    seed: 7601\n    base: 0.5\n    fixed: 0.59\n    difference: 0.09\n    lo: 0.07\n    hi: 0.11\n    pValue: 1e-9\n    command: node scripts/dualfatesLayouts.mjs --side B\n`;
      const file = join(dir, 'policy-gap.yaml');
      writeFileSync(file, `measured: []\nlayouts:\n${entry('')}${entry('reverse')}${entry('cheap')}${entry('sideways')}`);
      expect(layoutGapEntries(file).map((e) => e.order ?? 'team')).toEqual(['team', 'reverse', 'cheap']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('is checked by one reader: an entry whose two rates do not give its difference is never printed, in any game', async () => {
    const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const df = await import('../src/games/darkfate/policyGap.js');
    const dual = await import('../src/games/dualfates/matchPolicyGap.js');
    const gen = await import('../src/games/genisys/skirmishPolicyGap.js');
    const tccg = await import('../src/games/tccg/gamePolicyGap.js');
    const terror = await import('../src/games/terror/terrorPolicyGap.js');
    // Each game's file, reader and the key of the rate the search is measured against.
    const readers: [string, string, (file?: string) => unknown[], string][] = [
      ['darkfate', df.policyGapFile(), df.gapEntries, 'planner'],
      ['dualfates', dual.matchGapFile(), (file?: string) => [...dual.matchGapEntries(file), ...dual.layoutGapEntries(file)], 'base'],
      ['genisys', gen.skirmishGapFile(), gen.skirmishGapEntries, 'botWins'],
      ['tccg', tccg.tccgGapFile(), tccg.tccgGapEntries, 'bot'],
      ['terror', terror.terrorGapFile(), terror.measuredGaps, 'planner'],
    ];
    const dir = mkdtempSync(join(tmpdir(), 'gap-rates-'));
    try {
      for (const [game, shipped, read, baseKey] of readers) {
        const text = readFileSync(shipped, 'utf8');
        // Every shipped entry passes (one that failed would silently never be printed).
        expect(read(shipped).length, game).toBe(text.match(/^ {2}- /gm)?.length);
        // The first entry's lines (up to the next entry or the end of the file).
        const at = text.indexOf('\n  - ');
        const next = text.indexOf('\n  - ', at + 1);
        const first = text.slice(at, next < 0 ? undefined : next);
        const edit = (change: (entry: string) => string) => writeFileSync(file, text.slice(0, at) + change(first) + (next < 0 ? '' : text.slice(next)));
        const search = /^ {4}search: (\S+)$/m.exec(first)!;
        const base = new RegExp(`^ {4}${baseKey}: (\\S+)$`, 'm').exec(first)!;
        const file = join(dir, `${game}.yaml`);
        // Its search rate moved by a point (still a rate): its difference no longer holds.
        edit((e) => e.replace(search[0], `    search: ${Number(search[1]) - 0.01}`));
        expect(read(file).length, game).toBe(read(shipped).length - 1);
        // Both rates moved past 1 together: the difference still holds, the rates are not rates.
        edit((e) => e.replace(base[0], `    ${baseKey}: ${Number(base[1]) + 0.6}`).replace(search[0], `    search: ${Number(search[1]) + 0.6}`));
        expect(read(file).length, game).toBe(read(shipped).length - 1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
