// Dark Fate conformance suite (OpenSpiel's habit): random-policy rollouts over every Rev-9
// version, player count and optional rule, checking card conservation (every card in exactly
// one zone), no negative counts, termination within the turn cap, and same seed → same game.
// Most games go through the module's conformance hook, checkDarkFateGame.
import { describe, expect, it } from 'vitest';
import { streamFor } from '../src/core/rng.js';
import { compileCards, loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { checkConservation } from '../src/games/darkfate/checkConservation.js';
import { OWN_KINDS, OWN_WOUND } from '../src/games/darkfate/engineState.js';
import { checkDarkFateGame, finishedGameProblem, watchInvariants } from '../src/games/darkfate/checkDarkFateGame.js';
import { OUTCOME_EMPTY_WOUND_DECK, OUTCOME_NONE, OUTCOME_THREE_WOUNDS, OUTCOME_TURN_CAP, type DarkFateSetup } from '../src/games/darkfate/darkfateRules.js';
import type { DarkFateSimParams } from '../src/games/darkfate/darkfateSim.js';
import type { DarkFateEngine } from '../src/games/darkfate/engine.js';
import { GreedyPolicy } from '../src/games/darkfate/greedyPolicy.js';
import { BUILTIN_POLICIES, buildEngineSync } from '../src/games/darkfate/policies.js';
import { DECISION } from '../src/games/darkfate/policy.js';

const BUILTIN_CLASSES = { GreedyPolicy };

const DOC = loadCardData(referenceCardsFile());
const CARDS = compileCards(DOC);
const RULES = { handSize: 5, woundsToDie: 3, reserveSetup: 5, refillTo: 4, rev9Depth: 5, maxTurns: 400, prepCards: 5, setbackCards: 4, nnHandSize: 5, fleeEndsHunt: false };

function params(policy: string, setup: Partial<DarkFateSetup>): DarkFateSimParams {
  const players = setup.players ?? 2;
  return {
    cards: DOC,
    // The search policies' games stop at 16 player turns (the turn cap, a legal end): they search every turn.
    rules: policy.startsWith('search') ? { ...RULES, maxTurns: 16 } : RULES,
    setup: { players, characters: setup.solo ? [0, 1] : [0, 1, 2, 3].slice(0, players), solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false, ...setup },
    policy,
    // The search policies on a small budget (2 iterations a searched decision; 2 rollouts a plan): the same code paths, quickly.
    ...(policy.startsWith('search') ? { search: { rollouts: 2, depth: 0, rollout: 'planner', margin: 2 } } : {}),
  };
}

/** Plays game (seed, i) turn by turn, checking invariants after set-up and every turn. */
function rollout(e: DarkFateEngine, seed: number, i: number): void {
  e.reset(streamFor(seed, i));
  expect(checkConservation(e)).toBeNull();
  while (e.outcome === OUTCOME_NONE && e.turn < RULES.maxTurns) {
    e.playTurn();
    const err = checkConservation(e);
    if (err) throw new Error(`game (${seed}, ${i}) turn ${e.turn}: ${err}`);
  }
}

/** Plays game (seed, i) on an engine under watchInvariants (checked at every decision and phase); returns the number of turns. */
function watchedGame(e: DarkFateEngine, seed: number, i: number): number {
  e.playGame(streamFor(seed, i));
  const problem = finishedGameProblem(e);
  if (problem) throw new Error(`game (${seed}, ${i}): ${problem}`);
  return e.turn;
}

const CONFIGS: [string, Partial<DarkFateSetup>][] = [];
for (let v = 0; v < 4; v++) for (const players of [1, 2, 3, 4]) CONFIGS.push([`${DOC.rev9[v].key}, ${players} player(s)`, { rev9: v, players }]);
CONFIGS.push(['solo', { players: 1, solo: true, rev9: 3 }]);
CONFIGS.push(['go on without me, 4 players', { players: 4, goOnWithoutMe: true, rev9: 3 }]);
CONFIGS.push(['neural net processor', { neuralNet: true, rev9: 0 }]);

describe('conformance: random rollouts keep every invariant', () => {
  for (const [name, setup] of CONFIGS) {
    it(name, () => {
      const e = buildEngineSync(params('random', setup));
      for (let i = 0; i < 12; i++) {
        rollout(e, 3, i);
        // Termination: the game ends (random players lose quickly) before the safety cap.
        expect(e.outcome).not.toBe(OUTCOME_NONE);
      }
    });
  }
  for (const policy of ['greedy', 'cautious', 'planner']) {
    it(`${policy}: conservation over whole games (all versions, optional rules)`, () => {
      for (const setup of [{ rev9: 0 }, { rev9: 3, players: 3 }, { rev9: 2, goOnWithoutMe: true, players: 3 }, { rev9: 1, solo: true, players: 1 }, { rev9: 1, neuralNet: true }]) {
        const e = buildEngineSync(params(policy, setup));
        for (let i = 0; i < 4; i++) rollout(e, 11, i);
      }
    });
  }
});

describe('conformance: every optional-rule combination, checked at every decision and phase', () => {
  // Every Rev-9 version (the Fully Operational one brings three Rev-9 cards) × 1–4 players and solo
  // × Go On Without Me! × Neural Net Processor: 80 configurations, random policy, many seeds.
  const combos: [string, Partial<DarkFateSetup>][] = [];
  for (let v = 0; v < 4; v++) {
    for (const seat of [1, 2, 3, 4, 'solo'] as const) {
      for (const goOnWithoutMe of [false, true]) {
        for (const neuralNet of [false, true]) {
          const players = seat === 'solo' ? 1 : seat;
          combos.push([
            `${DOC.rev9[v].key}, ${seat === 'solo' ? 'solo' : `${players}p`}${goOnWithoutMe ? ', go on without me' : ''}${neuralNet ? ', neural net' : ''}`,
            { rev9: v, players, solo: seat === 'solo', goOnWithoutMe, neuralNet },
          ]);
        }
      }
    }
  }
  it(`random policy: ${combos.length} configurations × 4 games, through the conformance hook`, () => {
    for (const [name, setup] of combos) {
      const p = params('random', setup);
      for (let seed = 100; seed < 101; seed++) {
        for (let game = 0; game < 4; game++) {
          try {
            checkDarkFateGame(p, streamFor(seed, game), game);
          } catch (err) {
            throw new Error(`${name}, seed ${seed}: ${(err as Error).message}`);
          }
        }
      }
    }
  });
  it('cautious and planner, Fully Operational, both readings of "End the hunt phase": flee choices reached and checked', () => {
    for (const policy of ['cautious', 'planner']) {
      for (const fleeEndsHunt of [false, true]) {
        const e = buildEngineSync({ ...params(policy, { rev9: 3, players: 2 }), rules: { ...RULES, fleeEndsHunt } });
        const inner = e.policy;
        let choices = 0;
        e.policy = { name: inner.name, choose: (r, v, d, o, n, a) => ((choices += d === DECISION.FLEE_WHICH ? 1 : 0), inner.choose(r, v, d, o, n, a)) };
        let game = 0;
        watchInvariants(e, () => `${policy}, fleeEndsHunt ${fleeEndsHunt}, game (13, ${game})`);
        for (game = 0; game < 8; game++) watchedGame(e, 13, game);
        // These games do reach a choice of which Rev-9s flee (measured: 10 to 39 per 8 games).
        expect(choices, `${policy} fleeEndsHunt ${fleeEndsHunt}`).toBeGreaterThan(0);
      }
    }
  });
  it('random policy, Neural Net + Fully Operational (three Rev-9s) + Go On Without Me, 4 players: 150 games', () => {
    const p = params('random', { rev9: 3, players: 4, goOnWithoutMe: true, neuralNet: true });
    for (let game = 0; game < 150; game++) checkDarkFateGame(p, streamFor(7, game), game);
  });
  // Random players rarely live long enough to split the Fully Operational Rev-9 or flee several
  // Rev-9s at once; the built-in policies reach those late-game states.
  for (const policy of ['greedy', 'cautious', 'planner']) {
    it(`${policy}: Neural Net + Go On Without Me, every version, solo and 2–4 players`, () => {
      for (let v = 0; v < 4; v++) {
        for (const seat of ['solo', 2, 3, 4] as const) {
          const players = seat === 'solo' ? 1 : seat;
          const p = params(policy, { rev9: v, players, solo: seat === 'solo', goOnWithoutMe: true, neuralNet: true });
          for (let game = 0; game < (v === 3 ? 6 : 2); game++) checkDarkFateGame(p, streamFor(8, game), game);
        }
      }
    });
  }
});

describe('conformance: the built-in policies\' fast path picks what their option-list path picks', () => {
  /** Plays games with every fast-path answer compared to the list path's; returns the decisions compared. */
  function compareFastPath(doc: typeof DOC, games: number): number {
    let compared = 0;
    for (const policy of ['greedy', 'cautious', 'planner']) {
      for (const setup of [{ rev9: 1 }, { rev9: 0, players: 3 }, { rev9: 3, players: 4, goOnWithoutMe: true, neuralNet: true }, { rev9: 2, players: 1, solo: true }, { rev9: 3, players: 2 }]) {
        const e = buildEngineSync({ ...params(policy, setup), cards: doc });
        const inner = e.policy;
        e.policy = {
          name: inner.name,
          choose: (r, v, d, o, n, a) => inner.choose(r, v, d, o, n, a),
          quickAction(r, v, p, mayRest) {
            const quick = inner.quickAction!(r, v, p, mayRest);
            const n = e.legalActions(p, mayRest);
            const listed = e.opts[inner.choose(r, v, DECISION.ACTION, e.opts, n, false)];
            if (quick !== listed) throw new Error(`${policy} ${JSON.stringify(setup)} turn ${e.turn}: quickAction ${quick} but the list path ${listed}`);
            compared++;
            return quick;
          },
        };
        for (let i = 0; i < games; i++) e.playGame(streamFor(21, i));
      }
    }
    return compared;
  }
  it('quickAction equals choose() over legalActions at every play-phase decision', () => {
    expect(compareFastPath(DOC, 6)).toBeGreaterThan(5000);
  });
  it('… also with card data whose values reach the scores that outrank fighting (1000 and more)', () => {
    // Skills with five "fight 99 each turn" entries: a buy value of about 1,240.
    const huge = [{ fight: 99 }, { fight: 99 }, { fight: 99 }, { fight: 99 }, { fight: 99 }];
    const doc = { ...DOC, fate: DOC.fate.map((c) => (c.name === 'Combat Training' ? { ...c, eachTurn: huge } : c)) };
    expect(compareFastPath(doc, 3)).toBeGreaterThan(1000);
  });
  it('a subclass that overrides the ACTION decision is not bypassed by the fast path', () => {
    class Ender extends BUILTIN_CLASSES.GreedyPolicy {
      protected override action(): number {
        return 0;
      }
    }
    const e = buildEngineSync(params('greedy', { rev9: 1 }));
    const ender = new Ender(e.cards);
    expect(ender.quickAction(streamFor(1, 0), e, 0, true)).toBe(-1);
  });
});

describe('conformance: same seed, same game', () => {
  const fingerprint = (e: DarkFateEngine) => [e.outcome, e.turn, e.staggers, e.flees, e.woundsTaken, e.rev9Destroyed, e.fateN, e.reserveN];
  it('a reused engine and a fresh one play game (seed, i) identically, in any order', () => {
    const p = params('planner', { rev9: 3, players: 3 });
    const reused = buildEngineSync(p);
    const seq = [];
    for (let i = 0; i < 20; i++) {
      reused.playGame(streamFor(99, i));
      seq.push(fingerprint(reused));
    }
    for (const i of [19, 3, 0, 11]) {
      const fresh = buildEngineSync(p);
      fresh.playGame(streamFor(99, i));
      expect(fingerprint(fresh)).toEqual(seq[i]);
    }
  });
  it('a trace replays exactly game K of a run (the trace sink changes nothing)', () => {
    const p = params('random', { rev9: 1 });
    const run = buildEngineSync(p);
    let k7: number[] = [];
    for (let i = 0; i <= 7; i++) {
      run.playGame(streamFor(5, i));
      if (i === 7) k7 = fingerprint(run);
    }
    const traced = buildEngineSync(p);
    const lines: string[] = [];
    traced.trace = (l) => lines.push(l);
    traced.playGame(streamFor(5, 7));
    expect(fingerprint(traced)).toEqual(k7);
    expect(lines[0]).toMatch(/^SET-UP/);
    expect(lines.at(-1)).toMatch(/^GAME OVER/);
  });
  it('every built-in policy only returns legal indices (the engine checks and would throw)', () => {
    for (const name of Object.keys(BUILTIN_POLICIES)) {
      const e = buildEngineSync(params(name, { rev9: 3, players: 4 }));
      for (let i = 0; i < 3; i++) e.playGame(streamFor(2, i));
    }
    expect(CARDS.fateTotal).toBe(182);
  });
});

describe('conformance hook: checkDarkFateGame', () => {
  it('plays the game a run plays as game K (the checks change nothing), for every built-in policy', () => {
    for (const name of Object.keys(BUILTIN_POLICIES)) {
      const p = params(name, { rev9: 3, players: 3, neuralNet: true });
      const run = buildEngineSync(p);
      for (const k of [0, 5, 2]) {
        const checkedRng = streamFor(31, k);
        checkDarkFateGame(p, checkedRng, k);
        const runRng = streamFor(31, k);
        run.playGame(runRng);
        // Same stream position afterwards: the same draws were made.
        expect(checkedRng.next(), `${name} game ${k}`).toBe(runRng.next());
      }
    }
  });
  /** A greedy game whose state `breakIt` puts out of step at the first decision of turn 3 (as a missed update would), watched by the invariant checks. */
  function sabotaged(breakIt: (e: DarkFateEngine) => void): DarkFateEngine {
    const e = buildEngineSync(params('greedy', { rev9: 1 }));
    const inner = e.policy;
    let broken = false;
    e.policy = {
      name: 'saboteur',
      choose(r, v, d, o, n, a) {
        if (e.turn === 3 && !broken) {
          broken = true;
          breakIt(e);
        }
        return inner.choose(r, v, d, o, n, a);
      },
      quickAction: (r, v, p, mayRest) => (e.turn === 3 ? -1 : inner.quickAction!(r, v, p, mayRest)),
    };
    watchInvariants(e, () => 'darkfate game 7');
    return e;
  }
  it('a state broken mid-turn is caught at the next decision, naming the invariant, the game and the turn', () => {
    // A wound counter out of step with the hand.
    const e = sabotaged((x) => (x.handWounds[0] += 1));
    expect(() => e.playGame(streamFor(5, 7))).toThrow(/^darkfate game 7, turn 3, (before decision \w+|after the \w+ phase)[^:]*: counters in step: p1: wound counter \d+ but \d+ wounds in hand$/);
  });
  it('the owned Wound counter (ownedWounds: draw pile, hand and discard pile) follows every wound, heal and rest, and a stray change is caught', () => {
    // The planner's "heal the nearly dead" reads it; the invariant check recounts it at every decision.
    const e = buildEngineSync(params('planner', { rev9: 1 }));
    const recount = (p: number) => {
      let w = 0;
      for (let i = 0; i < e.drawCount(p); i++) if (e.drawPileCard(p, i) === e.cards.woundType) w++;
      for (let i = 0; i < e.handCount(p); i++) if (e.handCard(p, i) === e.cards.woundType) w++;
      for (let i = 0; i < e.discardCount(p); i++) if (e.discardCard(p, i) === e.cards.woundType) w++;
      return w;
    };
    let seen = 0;
    let max = 0;
    e.onPhase = () => {
      for (let p = 0; p < e.players; p++) {
        expect(e.ownedWounds(p)).toBe(recount(p));
        max = Math.max(max, e.ownedWounds(p));
        seen++;
      }
    };
    for (let g = 0; g < 20; g++) e.playGame(streamFor(9, g));
    expect(seen).toBeGreaterThan(100);
    expect(max).toBeGreaterThan(1);
    const s = sabotaged((x) => (x.ownKinds[OWN_KINDS * 1 + OWN_WOUND - 1] += 1));
    expect(() => s.playGame(streamFor(5, 7))).toThrow(/counters in step: p2: owned Wound counter \d+ but \d+ in draw pile, hand and discard pile$/);
  });
  it('a finished game whose statistics disagree with its zones is named', () => {
    const e = buildEngineSync(params('random', { rev9: 1 }));
    e.playGame(streamFor(2, 0));
    expect(finishedGameProblem(e)).toBeNull();
    e.woundsTaken += 1;
    expect(finishedGameProblem(e)).toMatch(/^statistics: \d+ wounds taken but \d+ gone from the wound deck$/);
  });
  it("a win or a loss on the turn cap's own turn is a legal end; the cap's outcome before the cap is not", () => {
    // The random policy never reads the cap: game (3, g) capped at its own length is the same game.
    const free = buildEngineSync(params('random', { rev9: 1 }));
    let g = 0;
    while (free.playGame(streamFor(3, g)) === OUTCOME_TURN_CAP) g++;
    const turns = free.turn;
    const capped = buildEngineSync({ ...params('random', { rev9: 1 }), rules: { ...RULES, maxTurns: turns } });
    expect(capped.playGame(streamFor(3, g))).toBe(free.outcome);
    expect(capped.turn).toBe(turns);
    expect(finishedGameProblem(capped)).toBeNull();
    const short = buildEngineSync({ ...params('random', { rev9: 1 }), rules: { ...RULES, maxTurns: turns - 1 } });
    expect(short.playGame(streamFor(3, g))).toBe(OUTCOME_TURN_CAP);
    expect(finishedGameProblem(short)).toBeNull();
    free.outcome = OUTCOME_TURN_CAP;
    expect(finishedGameProblem(free)).toMatch(/^termination: \d+ turns with a cap of 400 and outcome /);
    // A capped game called a loss: no one died, and the wound deck is not empty.
    short.outcome = OUTCOME_EMPTY_WOUND_DECK;
    expect(finishedGameProblem(short)).toMatch(/^outcome: empty wound deck with 0 of 2 player\(s\) dead$/);
    short.outcome = OUTCOME_THREE_WOUNDS;
    expect(finishedGameProblem(short)).toMatch(/^outcome: three wounds in hand with 0 of 2 player\(s\) dead$/);
  });
  it('a loss shows on the table: the wound deck empty, or a hand of as many Wounds as kill', () => {
    // At 3 Wounds to die the wound deck seldom runs out; at 9 it does.
    const engines = [buildEngineSync(params('random', { rev9: 0 })), buildEngineSync({ ...params('random', { rev9: 0 }), rules: { ...RULES, woundsToDie: 9 } })];
    const seen = new Set<number>();
    for (let g = 0; g < 800 && seen.size < 2; g++) {
      const e = engines[g % 2];
      const outcome = e.playGame(streamFor(4, g));
      if (outcome !== OUTCOME_THREE_WOUNDS && outcome !== OUTCOME_EMPTY_WOUND_DECK) continue;
      expect(finishedGameProblem(e), `game (4, ${g})`).toBeNull();
      if (seen.has(outcome)) continue;
      seen.add(outcome);
      // The other loss on the same table does not show.
      e.outcome = outcome === OUTCOME_THREE_WOUNDS ? OUTCOME_EMPTY_WOUND_DECK : OUTCOME_THREE_WOUNDS;
      expect(finishedGameProblem(e)).toMatch(outcome === OUTCOME_THREE_WOUNDS ? /^outcome: empty wound deck with \d+ wound\(s\) in it$/ : /^outcome: three wounds in hand with no hand of \d wounds$/);
    }
    expect([...seen].sort()).toEqual([OUTCOME_THREE_WOUNDS, OUTCOME_EMPTY_WOUND_DECK]);
  });
  it('refuses a policy module (it loads asynchronously) with a clear message', () => {
    expect(() => checkDarkFateGame({ ...params('planner', {}), policyPath: '/tmp/x.mjs' }, streamFor(1, 0), 0)).toThrow(/built-in policies only/);
  });
});
