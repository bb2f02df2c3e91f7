// The search policy's machinery on Terror (the shared search, src/core/search.ts, over terrorEngine.ts): snapshot/restore of the whole mutable state, the
// determinizer (re-deals only what she cannot see, consistent with what she has seen, from the
// right distribution, and blind to the true hidden order), and the policy itself (puts the game
// back exactly, decides the same whatever the hidden order, deterministic from (seed, game)).
import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../src/core/params.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor } from '../src/core/rng.js';
import { listActions } from '../src/games/terror/actionPhase.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { TERROR_DECISION } from '../src/games/terror/terrorDecision.js';
import { TerrorDeterminizer } from '../src/games/terror/terrorDeterminize.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { plannerPolicy } from '../src/games/terror/terrorPlanner.js';
import { randomPolicy } from '../src/games/terror/terrorPolicy.js';
import { createSearchPolicy, gainsBy, type SearchStats } from '../src/core/search.js';
import { builtinGame } from '../src/games/terror/terrorSim.js';
import { SNAPSHOT_SCALARS, TerrorEngine } from '../src/games/terror/terrorEngine.js';
import type { TerrorView } from '../src/games/terror/terrorView.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const params = (over: Partial<TerrorSimParams> = {}): TerrorSimParams => ({ ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: -1, policy: 'planner', data, ...over });

// Fields that never change after construction (tables, sizes, the reading).
const STATIC_SCALARS = ['nSpaces', 'fc', 'nCards', 'deckSize', 'maxOptions', 'flipAtZero'];
// Scratch buffers: decision options and set-up scratch, rewritten before every use.
const SCRATCH = ['dist', 'pathDist', 'adjStart', 'adj', 'exitSpace', 'searchSpace', 'exitDist', 'actionOptions', 'scratch', 'scratch2', 'pool', 'leaving', 'carryOptions', 'discardOptions', 'yesNo', 'counts'];

/** Every mutable field of g, as plain values (for equality). */
function state(g: TerrorGame): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const r = g as unknown as Record<string, unknown>;
  for (const k of Object.keys(g)) {
    const v = r[k];
    if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (ArrayBuffer.isView(v) && !SCRATCH.includes(k)) out[k] = Array.from(v as Int32Array);
  }
  return out;
}

/** A policy that plays `inner` but stops the game (throws) at its decision number `at` after set-up, leaving the game mid-procedure. */
class Stop extends Error {}
function stoppingAt(inner: Policy<TerrorView>, at: number): Policy<TerrorView> {
  let count = 0;
  return {
    name: 'stop',
    choose(r, v, d, o, n, a) {
      if (d !== TERROR_DECISION.PLACE_FATED_VICTIM && count++ === at) throw new Stop();
      return inner.choose(r, v, d, o, n, a);
    },
  };
}

describe('snapshot/restore', () => {
  it('covers every mutable scalar of the game (a new field must be added to SNAPSHOT_SCALARS)', () => {
    const g = new TerrorGame(params(), plannerPolicy);
    const r = g as unknown as Record<string, unknown>;
    const scalars = Object.keys(g).filter((k) => typeof r[k] === 'number' || typeof r[k] === 'boolean');
    expect(scalars.filter((k) => !STATIC_SCALARS.includes(k)).sort()).toEqual([...SNAPSHOT_SCALARS].sort());
  });

  it('save mid-game, play on, restore: every field is back; and playing on from the restored state is the same game', () => {
    for (let k = 0; k < 40; k++) {
      const g = new TerrorGame(params(), stoppingAt(randomPolicy, 5 + (k % 30)));
      g.reset(streamFor(5, k));
      try {
        g.play();
      } catch (e) {
        if (!(e instanceof Stop)) throw e;
      }
      const engine = new TerrorEngine(g);
      const snap = engine.newSnapshot();
      engine.save(snap);
      const before = state(g);
      g.policy = randomPolicy;
      g.rng = streamFor(6, k);
      try {
        g.play();
      } catch {
        /* a game left mid-procedure may end oddly: only the restore is checked */
      }
      engine.restore(snap);
      expect(state(g)).toEqual(before);
    }
  });
});

describe('the determinizer', () => {
  /** A game stopped at its k-th decision (mid-game, some things seen), with a few Unknowns flipped. */
  function midGame(k: number, at: number): TerrorGame {
    const g = new TerrorGame(params(), stoppingAt(plannerPolicy, at));
    g.reset(streamFor(11, k));
    try {
      g.play();
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
    }
    return g;
  }

  it('changes only what she cannot see: faceup tokens and cards, cards off the deck, a revealed top card, the flipped Final Health token; the deck stays a deck', () => {
    for (let k = 0; k < 200; k++) {
      const g = midGame(k, k % 40);
      if (k % 3 === 0) g.topRevealed = g.deckPos < g.deckSize;
      if (k % 5 === 0) g.consFaceUp[k % 5] = 1;
      const before = state(g);
      new TerrorDeterminizer(g).determinize(g, streamFor(12, k));
      const after = state(g);
      const deck = after.deck as number[];
      const oldDeck = before.deck as number[];
      const from = g.topRevealed ? g.deckPos + 1 : g.deckPos;
      expect(deck.slice(0, from)).toEqual(oldDeck.slice(0, from));
      // The rest: each card at most once, none seen, the Fated Death cards still to come all there.
      const rest = deck.slice(from);
      expect(new Set(rest).size).toBe(rest.length);
      for (const c of rest) expect(oldDeck.slice(0, from)).not.toContain(c);
      expect(rest.filter((c) => data.terror[c].fated)).toHaveLength(5 - deck.slice(0, from).filter((c) => data.terror[c].fated).length);
      if (g.deckPos === 0 && !g.topRevealed) expect(deck[0]).toBeGreaterThanOrEqual(5);
      for (let p = 0; p < 5; p++) {
        if (g.deathFaceUp[p]) expect(g.deathPic[p]).toBe((before.deathPic as number[])[p]);
        if (g.consFaceUp[p]) expect(g.consCard[p]).toBe((before.consCard as number[])[p]);
        if (g.punFaceUp[p]) expect(g.punCard[p]).toBe((before.punCard as number[])[p]);
      }
      expect(new Set(Array.from(g.consCard)).size).toBe(5);
      expect(new Set(Array.from(g.punCard)).size).toBe(5);
      // The Death tokens from the Arrow on picture exactly the unresolved Fated Victims.
      const pics = Array.from(g.deathPic.slice(g.arrow_)).sort();
      const unresolved = [0, 1, 2, 3, 4].filter((v) => g.vState[v] !== 5 && g.vState[v] !== 6);
      expect(pics).toEqual(unresolved);
      if (g.finalFlipped) expect(g.finalToken).toBe(before.finalToken);
      // Nothing else moved.
      for (const key of Object.keys(before)) if (!['deck', 'deathPic', 'consCard', 'punCard', 'finalToken'].includes(key)) expect(after[key], key).toEqual(before[key]);
    }
  });

  it('is blind to the true hidden order: two games alike in all she sees but dealt differently re-deal identically', () => {
    for (let k = 0; k < 100; k++) {
      const a = midGame(k, 3 + (k % 20));
      const b = midGame(k, 3 + (k % 20));
      // Scramble b's hidden state (facedown tokens, facedown row cards, the unseen deck, the token).
      new TerrorDeterminizer(b).determinize(b, streamFor(99, k));
      new TerrorDeterminizer(a).determinize(a, streamFor(13, k));
      new TerrorDeterminizer(b).determinize(b, streamFor(13, k));
      expect(state(b)).toEqual(state(a));
    }
  });

  it('deals the posterior: facedown Death tokens uniform over the unseen pictures; the top card at set-up uniform over the dealt kinds, never Fated Death', () => {
    const g = new TerrorGame(params(), plannerPolicy);
    g.reset(streamFor(1, 0));
    g.deathFaceUp[0] = 1; // token 0 known: tokens 1..4 picture the other four, each equally often
    const counts = Array.from({ length: 5 }, () => new Array(5).fill(0));
    const det = new TerrorDeterminizer(g);
    const rng = streamFor(14, 0);
    const N = 8000;
    let fatedTop = 0;
    let fatedSecond = 0;
    for (let i = 0; i < N; i++) {
      det.determinize(g, rng);
      for (let p = 1; p < 5; p++) counts[p][g.deathPic[p]]++;
      if (g.deck[0] < 5) fatedTop++;
      if (g.deck[1] < 5) fatedSecond++;
    }
    const known = g.deathPic[0];
    for (let p = 1; p < 5; p++) {
      expect(counts[p][known]).toBe(0);
      for (let v = 0; v < 5; v++) if (v !== known) expect(Math.abs(counts[p][v] / N - 0.25)).toBeLessThan(0.02); // sd ≈ 0.005
    }
    expect(fatedTop).toBe(0);
    // Below the top: 5 Fated Death cards among 12 (rulebook: Special Setup).
    expect(Math.abs(fatedSecond / N - 5 / 12)).toBeLessThan(0.02);
  });
});

describe('the search policy', () => {
  it('leaves the game exactly as it found it at every searched decision, and answers within the contract', () => {
    const g = builtinGame(params({ policy: 'search', searchRollouts: 1 }))!;
    const search = g.policy;
    let searched = 0;
    g.policy = {
      name: 'check',
      choose(r, v, d, o, n, a) {
        const before = state(g);
        const opts = Array.from(o.subarray(0, n));
        const rngState = (r as unknown as { getState(): number[] }).getState();
        const i = search.choose(r, v, d, o, n, a);
        if (d === TERROR_DECISION.ACTION || d === TERROR_DECISION.BUY) searched++;
        expect(state(g)).toEqual(before);
        expect(Array.from(o.subarray(0, n))).toEqual(opts);
        expect((r as unknown as { getState(): number[] }).getState()).toEqual(rngState);
        expect(g.policy).toBe(this);
        expect(i >= (a ? -1 : 0) && i < n).toBe(true);
        return i;
      },
    };
    for (let k = 0; k < 4; k++) (g.reset(streamFor(2, k)), g.play());
    expect(searched).toBeGreaterThan(20);
  });

  it('plays another answer than the heuristic only on a paired gain of searchMargin standard errors', () => {
    // gainsBy(sum, sumSq, count, margin) over the paired differences (challenger − heuristic).
    expect(gainsBy(0, 0, 10, 2)).toBe(false); // no gain
    expect(gainsBy(-2, 2, 10, 0)).toBe(false); // a loss, even at margin 0
    expect(gainsBy(1, 1, 10, 0)).toBe(true); // margin 0: any positive mean
    expect(gainsBy(1, 1, 1, 2)).toBe(false); // one rollout has no spread to judge by
    expect(gainsBy(3, 3, 3, 2)).toBe(true); // every rollout agrees: no spread, a gain
    // 2 wins and 1 loss in 16 pairs: mean 1/16, sd ≈ 0.44, se ≈ 0.11: 0.57 standard errors.
    expect(gainsBy(1, 3, 16, 2)).toBe(false);
    expect(gainsBy(1, 3, 16, 0.5)).toBe(true);
    // 12 wins in 16 pairs, no loss: mean 0.75, se ≈ 0.11: 6.7 standard errors.
    expect(gainsBy(12, 12, 16, 2)).toBe(true);
    // In play: with margin 0 it departs from the planner (13 times in these 3 games); with a margin no
    // paired noise can reach, only where all its rollouts agree (none here).
    const departures = (margin: number) => {
      const g = builtinGame(params({ policy: 'search', searchRollouts: 2, searchMargin: margin }))!;
      const search = g.policy;
      let differs = 0;
      g.policy = {
        name: 'count',
        choose(r, v, d, o, n, a) {
          const plan = plannerPolicy.choose(r.clone(), v, d, o, n, a);
          const i = search.choose(r, v, d, o, n, a);
          if (i !== plan) differs++;
          return i;
        },
      };
      for (let k = 0; k < 3; k++) (g.reset(streamFor(4, k)), g.play());
      return differs;
    };
    const free = departures(0);
    expect(free).toBeGreaterThan(0);
    expect(departures(10)).toBeLessThan(free);
  });

  it('decides the same whatever the true hidden order (it sees only what she sees)', () => {
    for (let k = 0; k < 12; k++) {
      const at = 4 + k * 3;
      const games = [0, 1].map(() => {
        const g = new TerrorGame(params(), stoppingAt(plannerPolicy, at));
        g.reset(streamFor(15, k));
        try {
          g.play();
        } catch (e) {
          if (!(e instanceof Stop)) throw e;
        }
        return g;
      });
      // Re-deal game 1's hidden state: what she sees is the same, the truth differs.
      new TerrorDeterminizer(games[1]).determinize(games[1], streamFor(77, k));
      const answers = games.map((g) => {
        const policy = createSearchPolicy(new TerrorEngine(g), { iterations: 2, perAnswer: true, margin: 0, depth: 0, rollout: plannerPolicy });
        g.policy = policy;
        const n = g.time_ >= 0 && !g.dead ? listActions(g) : 0;
        return n > 0 ? policy.choose(streamFor(16, k), g, TERROR_DECISION.ACTION, g.actionOptions, n, true) : null;
      });
      expect(answers[1]).toBe(answers[0]);
    }
  });

  it('deterministic from (seed, game): the same games at -j 1 and -j 2, at any chunk size (CLI)', async () => {
    const { runCli } = await import('./helpers/runCli.js');
    const run = (...extra: string[]) => JSON.parse(runCli(['terror', '--policy', 'search', '--set', 'searchRollouts=1', '-n', '6', '--seed', '3', '--format', 'json', '-q', ...extra]).stdout).result;
    const one = run('-j', '1');
    expect(run('-j', '2')).toEqual(one);
    expect(one.policy).toBe('search');
  });

  it('counts its work (decisions searched, playouts played) for the bench', () => {
    const stats: SearchStats = { decisions: 0, iterations: 0, nodes: 0 };
    const g = builtinGame(params({ policy: 'search', searchRollouts: 2 }), stats)!;
    g.reset(streamFor(4, 0));
    g.play();
    expect(stats.decisions).toBeGreaterThan(5);
    expect(stats.iterations).toBeGreaterThanOrEqual(stats.decisions * 2);
    expect(stats.nodes).toBeGreaterThan(stats.decisions);
  });
});
