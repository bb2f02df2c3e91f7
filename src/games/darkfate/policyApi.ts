// What a Dark Fate policy module may import: the decision codes, the play-phase action encoding,
// where a Rev-9 can be, the card-effect vocabulary (op codes, sections, keyword bits) and the
// built-in heuristic policies as classes to extend. Import it by its compiled path
// (dist/src/games/darkfate/policyApi.js in a checkout of this repository), e.g.
//
//   import { DECISION, ACTION_PLAY, KW, OP, SEC_PLAY, effectAmount, PlannerPolicy } from '/path/to/sim/dist/src/games/darkfate/policyApi.js';
//
// Every name here is a plain constant, a pure function or a class reading only the view
// (DarkFateView); nothing gives access to the engine. scenarios/darkfate/README.md ("Policies")
// documents the decisions, the view and how to extend a built-in policy.
import type { CardTable } from './cardData.js';
import { OP_COUNT, SECTIONS } from './ops.js';

export {
  ACTION_BUY,
  ACTION_END,
  ACTION_FIGHT_HOSTILE,
  ACTION_FIGHT_REV9,
  ACTION_LEAD,
  ACTION_PLAY,
  ACTION_REST,
  DECISION,
  DECISION_NAMES,
  DARKFATE_VIEW_MEMBERS,
  REV9_DESTROYED,
  REV9_FATE,
  REV9_HUNT,
  REV9_OUT,
  actionA,
  actionB,
  actionKind,
  decisionName,
  encodeAction,
} from './policy.js';
export type { DarkFatePolicy, DarkFateView } from './policy.js';
export { KW, KW_NAMES, OP, OP_COUNT, OP_NAMES, SECTIONS, SEC_ACTIVATE, SEC_DEFENSE, SEC_EACH_TURN, SEC_PLAY } from './ops.js';
export type { CardTable, CharacterDef, Rev9Version } from './cardData.js';
export type { DarkFateRules, DarkFateSetup } from './darkfateRules.js';
export { PlannerPolicy, PLANNER_KNOBS, BASE_PLAN } from './plannerPolicy.js';
export type { PlannerKnobs, TurnPlan } from './plannerPolicy.js';
export { GreedyPolicy } from './greedyPolicy.js';
export { CautiousPolicy } from './cautiousPolicy.js';

/**
 * The sum of the arguments of op `op` (OP.*) in section `section` (SEC_PLAY, SEC_ACTIVATE,
 * SEC_DEFENSE, SEC_EACH_TURN) of card type t: e.g. effectAmount(cards, t, SEC_PLAY, OP.DRAW) is the
 * cards it draws when played; 0 when the card's text has no such effect.
 */
export function effectAmount(cards: CardTable, t: number, section: number, op: number): number {
  return cards.effectSum[(t * SECTIONS + section) * OP_COUNT + op];
}

/** Whether card type t has every keyword bit of `kw` (KW.*, or-ed). */
export function hasKeyword(cards: CardTable, t: number, kw: number): boolean {
  return (cards.kw[t] & kw) === kw;
}
