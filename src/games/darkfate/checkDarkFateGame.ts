// The Dark Fate conformance hook (the game module's `conformance.checkGame`): one full game with
// every invariant checked at every decision and after the set-up and every phase, so a zone left
// inconsistent for part of a turn is caught where it happens, not at the end. Invariants:
//   card conservation, no negative counts, counters in step (checkConservation.ts), throughout;
//   termination   the game ends with an outcome, within the turn cap;
//   outcome       won exactly when no Rev-9 is left in the fate deck or on the hunt;
//   statistics    wounds taken = wound cards gone from the wound deck; Rev-9s destroyed = Rev-9
//                 cards marked destroyed.
// A broken one throws an Error naming the invariant, the game and the turn.
import type { Rng } from '../../core/rng.js';
import { checkConservation } from './checkConservation.js';
import { OUTCOME_EMPTY_WOUND_DECK, OUTCOME_NONE, OUTCOME_THREE_WOUNDS, OUTCOME_TURN_CAP, OUTCOME_WIN, PHASE_NAMES } from './darkfateRules.js';
import type { DarkFateSimParams } from './darkfateSim.js';
import { buildEngineSync } from './policies.js';
import type { DarkFateEngine } from './engine.js';
import { DECISION_NAMES, REV9_DESTROYED, REV9_FATE, REV9_HUNT, type DarkFatePolicy } from './policy.js';

/**
 * Checks the state invariants of `e` before every decision its policy is asked (choose and the
 * fast path) and after the set-up and every phase; `where()` names the game in the message
 * ("game 3"). Replaces e.policy with a checking wrapper (same answers, same draws) and e.onPhase.
 */
export function watchInvariants(e: DarkFateEngine, where: () => string): void {
  const inner: DarkFatePolicy = e.policy;
  const check = (when: string) => {
    const problem = checkConservation(e);
    if (problem) throw new Error(`${where()}, turn ${e.turn}, ${when}: ${problem}`);
  };
  const watched: DarkFatePolicy = {
    name: inner.name,
    choose(rng, view, decision, options, n, allowNone) {
      check(`before decision ${DECISION_NAMES[decision]}`);
      return inner.choose(rng, view, decision, options, n, allowNone);
    },
  };
  if (inner.quickAction) {
    // The built-in fast path stays in use (so the game played is the one a run plays).
    watched.quickAction = (rng, view, p, mayRest) => {
      check('before decision ACTION (fast path)');
      return inner.quickAction!(rng, view, p, mayRest);
    };
  }
  // The search policy's turn hook stays in use too (it reads the state; it must not change it).
  if (inner.beginTurn) watched.beginTurn = (rng, view) => {
    check('before the turn hook');
    inner.beginTurn!(rng, view);
    check('after the turn hook');
  };
  e.policy = watched;
  e.onPhase = (phase) => check(`after the ${PHASE_NAMES[phase]} phase`);
}

/** The invariants of a finished game (termination, outcome, statistics): the first broken one, or null. */
export function finishedGameProblem(e: DarkFateEngine): string | null {
  if (e.outcome === OUTCOME_NONE) return 'termination: the game stopped without an outcome';
  // A win or a loss on the cap's own turn is a legal end (the cap is checked before each turn); the
  // cap's outcome only when the cap's turn was played out without one.
  if (e.turn > e.rules.maxTurns || (e.outcome === OUTCOME_TURN_CAP && e.turn !== e.rules.maxTurns)) {
    return `termination: ${e.turn} turns with a cap of ${e.rules.maxTurns} and outcome ${e.outcomeName(e.outcome)}`;
  }
  let left = 0;
  let destroyed = 0;
  for (let k = 0; k < e.rev9N; k++) {
    if (e.r9Where[k] === REV9_FATE || e.r9Where[k] === REV9_HUNT) left++;
    if (e.r9Where[k] === REV9_DESTROYED) destroyed++;
  }
  if ((e.outcome === OUTCOME_WIN) !== (left === 0)) return `outcome: ${e.outcomeName(e.outcome)} with ${left} Rev-9(s) left in the fate deck or on the hunt`;
  // A loss shows on the table: a player died (with Go On Without Me!, every player), of a wound
  // the empty wound deck could not give, or of as many Wounds in hand as kill.
  if (e.outcome === OUTCOME_THREE_WOUNDS || e.outcome === OUTCOME_EMPTY_WOUND_DECK) {
    let died = 0;
    let killing = 0;
    for (let p = 0; p < e.players; p++) {
      died += e.statSeatDied[p];
      if (e.handWounds[p] >= e.rules.woundsToDie) killing++;
    }
    if (died === 0 || (e.setup.goOnWithoutMe && died !== e.players)) return `outcome: ${e.outcomeName(e.outcome)} with ${died} of ${e.players} player(s) dead`;
    if (e.outcome === OUTCOME_EMPTY_WOUND_DECK && e.woundN !== 0) return `outcome: empty wound deck with ${e.woundN} wound(s) in it`;
    if (e.outcome === OUTCOME_THREE_WOUNDS && killing === 0) return `outcome: three wounds in hand with no hand of ${e.rules.woundsToDie} wounds`;
  }
  if (e.woundsTaken !== e.cards.woundCount - e.woundN) return `statistics: ${e.woundsTaken} wounds taken but ${e.cards.woundCount - e.woundN} gone from the wound deck`;
  if (e.rev9Destroyed !== destroyed) return `statistics: ${e.rev9Destroyed} Rev-9s destroyed but ${destroyed} marked destroyed`;
  return null;
}

/** One watched engine per parameters object (the conformance suite checks many games of one configuration). */
const watchedEngines = new WeakMap<DarkFateSimParams, { engine: DarkFateEngine; game: number }>();

/**
 * Plays game `index` of the `darkfate` simulation with parameters `simParams` from `rng` (its
 * stream: the game a run plays as game `index`), every invariant checked (see the file header);
 * throws an Error naming the invariant, the game and the turn. Built-in policies only: a policy
 * module loads asynchronously, and its own answers are checked by guardedPolicy in every run.
 */
export function checkDarkFateGame(simParams: DarkFateSimParams, rng: Rng, index: number): void {
  if (simParams.policyPath) throw new Error(`checkDarkFateGame: plays the built-in policies only (got the module ${simParams.policyPath})`);
  let w = watchedEngines.get(simParams);
  if (!w) {
    const entry = { engine: buildEngineSync(simParams), game: index };
    watchInvariants(entry.engine, () => `darkfate game ${entry.game}`);
    watchedEngines.set(simParams, entry);
    w = entry;
  }
  w.game = index;
  const e = w.engine;
  e.playGame(rng);
  const problem = finishedGameProblem(e);
  if (problem) throw new Error(`darkfate game ${index}, turn ${e.turn}, at the end: ${problem}`);
}
