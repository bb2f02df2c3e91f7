// A user policy module (`--policy ./file.js`) for Dark Fate, through the core contract
// (src/core/policy.ts): loaded with loadPolicyModule, then wrapped with guardedPolicy over a
// read-only view of the engine. What a module can reach, and why:
//   - the DarkFateView members only (readOnlyView over DARKFATE_VIEW_MEMBERS): not the engine,
//     which also holds the order of every deck;
//   - its own copy of the card table (`view.cards`, and the factory's `cards`) and of each
//     decision's options: writing to them changes nothing in the game;
//   - the Rev-9 player's hand (nnHandCard) only in the Rev-9 player's own NEURAL_NET decision;
//   - a draw-only face of the game's stream as `rng` (next(); clone, getState and jump throw:
//     they would foresee shuffles).
// The factory's `base` is the default built-in policy (planner) over the real card table, so a
// module can answer a few decisions and delegate the rest: `return base.choose(rng, view, …)`.
import { frozenCopy, guardedPolicy, loadPolicyModule, readOnlyView, type Policy } from '../../core/policy.js';
import type { CardTable } from './cardData.js';
import type { EngineState } from './engineState.js';
import { defaultPolicy } from './policyNames.js';
import { DARKFATE_VIEW_MEMBERS, decisionName, type DarkFateView } from './policy.js';

/** The module's policy as loaded, with the card copy its view shows. */
export interface LoadedUserPolicy {
  readonly policy: Policy<DarkFateView>;
  /** The module's own copy of the card table (what its factory got). */
  readonly cards: CardTable;
}

/** Loads the module at absolute `path` for the card table `cards` (which it never gets: it gets a copy). Every failure names the file. */
export async function loadUserPolicy(path: string, cards: CardTable): Promise<LoadedUserPolicy> {
  const copy = structuredClone(cards);
  const base = defaultPolicy(cards);
  return { policy: await loadPolicyModule<DarkFateView>(path, copy, base), cards: copy };
}

/** The module's policy as the engine calls it: over the read-only view of `engine`, with copies of the options, answers checked. */
export function guardedUserPolicy(loaded: LoadedUserPolicy, engine: EngineState): Policy<DarkFateView> {
  const nnHandCard = (i: number): number => {
    // rulebook: Neural Net Processor — the Rev-9 player's hand is theirs alone (deciding -1).
    if (engine.deciding !== -1) throw new Error("view.nnHandCard: the Rev-9 player's hand is visible only in the Rev-9 player's own decision (NEURAL_NET)");
    return engine.nnHandCard(i);
  };
  // Copies of the rule settings and the set-up: a module reads them, it cannot change the game's.
  const view = readOnlyView<DarkFateView>(engine, DARKFATE_VIEW_MEMBERS, { cards: loaded.cards, nnHandCard, rules: frozenCopy(engine.rules), setup: frozenCopy(engine.setup) });
  return guardedPolicy(loaded.policy, view, engine.opts.length, decisionName);
}

