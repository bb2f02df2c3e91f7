// Dark Fate conformance suite (OpenSpiel's habit): random-policy rollouts over every Rev-9
// version, player count and optional rule, checking card conservation (every card in exactly
// one zone), no negative counts, termination within the turn cap, and same seed → same game.
import { describe, expect, it } from 'vitest';
import { streamFor } from '../src/core/rng.js';
import { compileCards, loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { buildEngineSync, type DarkFateSimParams } from '../src/games/darkfate/darkfateSim.js';
import { DarkFateEngine, OUTCOME_NONE, type DarkFateSetup } from '../src/games/darkfate/engine.js';
import { BUILTIN_POLICIES } from '../src/games/darkfate/policies.js';

const DOC = loadCardData(referenceCardsFile());
const CARDS = compileCards(DOC);
const RULES = { handSize: 5, woundsToDie: 3, reserveSetup: 5, refillTo: 4, rev9Depth: 5, maxTurns: 400, prepCards: 5, setbackCards: 4, nnHandSize: 5 };

function params(policy: string, setup: Partial<DarkFateSetup>): DarkFateSimParams {
  const players = setup.players ?? 2;
  return {
    cards: DOC,
    rules: RULES,
    setup: { players, characters: setup.solo ? [0, 1] : [0, 1, 2, 3].slice(0, players), solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false, ...setup },
    policy,
  };
}

/** Plays game (seed, i) turn by turn, checking invariants after set-up and every turn. */
function rollout(e: DarkFateEngine, seed: number, i: number): void {
  e.reset(streamFor(seed, i));
  expect(e.checkConservation()).toBeNull();
  while (e.outcome === OUTCOME_NONE && e.turn < RULES.maxTurns) {
    e.playTurn();
    const err = e.checkConservation();
    if (err) throw new Error(`game (${seed}, ${i}) turn ${e.turn}: ${err}`);
  }
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
      for (let i = 0; i < 5; i++) e.playGame(streamFor(2, i));
    }
    expect(CARDS.fateTotal).toBe(182);
  });
});
