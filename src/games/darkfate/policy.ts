// The decisions the Dark Fate rules leave to players, and what a policy sees. Every policy
// (built-in, or a user module loaded with --policy ./file.js) implements the core contract
// Policy<DarkFateView> (src/core/policy.ts): choose(rng, view, decision, options, n, allowNone).
// A policy sees what the players see through DarkFateView: hands (the game is cooperative and
// open-handed), discard piles, the reserve with its damage, the Rev-9s on the hunt, pile sizes.
// Never the order of any deck.
import type { Policy, ViewMembers } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import type { CardTable } from './cardData.js';
import type { DarkFateRules, DarkFateSetup } from './darkfateRules.js';

/**
 * Decision kinds. `options[0..n)` holds the choices; the policy returns an index in [0, n), or -1
 * for "none" when `allowNone` is true.
 */
export const DECISION = {
  /** Play phase: options are encoded actions (see ACTION_*); END is always options[0]. */
  ACTION: 0,
  /** Pay a "discard n" cost: options are hand slots of view.deciding. */
  DISCARD_COST: 1,
  /** "Destroy a card from your hand" (optional): hand slots; allowNone. */
  DESTROY_FROM_HAND: 2,
  /** "Gain a card costing up to n": reserve slots; allowNone. */
  GAIN_FREE: 3,
  /** Whose discard pile a gained card (bought or free) goes to: player indices (alive players). */
  GAIN_RECIPIENT: 4,
  /** Reserve phase step 2 again? options [0 = no, 1 = yes]. */
  EXTRA_DRAW: 5,
  /** Flee? options [0 = hunt, 1 = flee]. Asked only when a Rev-9 on the hunt is damaged. */
  FLEE: 6,
  /** Which hostile in the reserve the hunting Rev-9 activates next: reserve slots. */
  HOSTILE_ORDER: 7,
  /** Which Rev-9 hunts next: Rev-9 indices. */
  HUNT_ORDER: 8,
  /** Play a defense card against this attack? options: hand slots of view.deciding; allowNone. */
  DEFENSE: 9,
  /** Which staggered Rev-9 a destroy effect destroys: Rev-9 indices. */
  DESTROY_REV9: 10,
  /** Solo mode: which character to play this turn: character indices into cards.characters. */
  CHARACTER: 11,
  /** A hostile card forces a discard: hand slots of view.deciding. */
  DISCARD_FORCED: 12,
  /** Neural Net Processor: which card of the Rev-9 player's hand goes into the reserve: nn hand slots; allowNone. */
  NEURAL_NET: 13,
  /**
   * Which damaged Rev-9s flee (asked after FLEE is answered yes, when two or more damaged Rev-9s are
   * on the hunt): options are bitmasks over Rev-9 indices (bit k: Rev-9 k flees), every non-empty
   * subset; options[0] is all of them.
   */
  FLEE_WHICH: 14,
} as const;

export const DECISION_NAMES = Object.keys(DECISION);

/** Play-phase action encoding: kind << 16 | a << 8 | b. */
export const ACTION_END = 0;
/** a = hand slot of the current player. */
export const ACTION_PLAY = 1;
/** a = player, b = hand slot: a leadership card from another player's hand. */
export const ACTION_LEAD = 2;
/** a = Rev-9 index, b = amount of fight to spend on it (offered: 1, exactly to the stagger value, all). */
export const ACTION_FIGHT_REV9 = 3;
/** a = reserve slot, b = amount of fight to spend on a hostile card (offered: 1, exactly to its resistance). */
export const ACTION_FIGHT_HOSTILE = 4;
/** a = reserve slot. A location is played at once; any other card then asks GAIN_RECIPIENT. */
export const ACTION_BUY = 5;
/** a = hand slot: rest (destroy it); only as the first action of the play phase. */
export const ACTION_REST = 6;

export const actionKind = (code: number): number => code >>> 16;
export const actionA = (code: number): number => (code >>> 8) & 0xff;
export const actionB = (code: number): number => code & 0xff;
export const encodeAction = (kind: number, a = 0, b = 0): number => (kind << 16) | (a << 8) | b;

/** Where a Rev-9 card is. */
export const REV9_OUT = 0;
export const REV9_FATE = 1;
export const REV9_HUNT = 2;
export const REV9_DESTROYED = 3;

/** What players can see. Card values are integer type ids into `cards`. */
export interface DarkFateView {
  readonly cards: CardTable;
  /** The rule constants and readings in force (woundsToDie, handSize, fleeEndsHunt, …; darkfateRules.ts). */
  readonly rules: DarkFateRules;
  /** The set-up: players, characters, solo, Rev-9 version, goOnWithoutMe, neuralNet. */
  readonly setup: DarkFateSetup;
  readonly players: number;
  /** The player whose turn it is. */
  readonly current: number;
  /** The player making this decision (-1: the Neural Net Rev-9 player). */
  readonly deciding: number;
  /** Player turns started so far (1 on the first turn). */
  readonly turn: number;
  readonly fight: number;
  readonly supply: number;
  /** Supply that can be spent only on locations. */
  readonly locationSupply: number;
  handCount(p: number): number;
  /** Card type in slot i of player p's hand. */
  handCard(p: number, i: number): number;
  woundsInHand(p: number): number;
  /** Leadership cards in player p's hand. */
  leadersInHand(p: number): number;
  drawCount(p: number): number;
  /**
   * Card type i of player p's draw pile (i in [0, drawCount(p))), in type order: players know
   * their draw pile as a set (their deck minus what they have seen leave it), never its order.
   */
  drawPileCard(p: number, i: number): number;
  discardCount(p: number): number;
  discardCard(p: number, i: number): number;
  skillCount(p: number): number;
  skillCard(p: number, i: number): number;
  alive(p: number): boolean;
  /** Character index (into cards.characters) player p plays this turn. */
  character(p: number): number;
  reserveCount(): number;
  reserveCard(i: number): number;
  reserveDamage(i: number): number;
  /** Hostile cards in the reserve. */
  reserveHostileCount(): number;
  /** Cards the current player has played this play phase (skills, self-destroying and other players' leadership cards included). */
  playedCount(): number;
  /** Card type of the i-th of them, in the order played. */
  playedCard(i: number): number;
  /**
   * The card type this decision is about, or -1: the gained card (GAIN_RECIPIENT, and after a
   * GAIN_FREE pick), the hostile being activated (DEFENSE: the attack it answers; DISCARD_FORCED),
   * the card whose text is resolving (DISCARD_COST, DESTROY_FROM_HAND, GAIN_FREE, DESTROY_REV9;
   * a bought location).
   */
  decisionCard(): number;
  fateCount(): number;
  woundsLeft(): number;
  rev9Count(): number;
  /** REV9_OUT, REV9_FATE, REV9_HUNT or REV9_DESTROYED. */
  rev9Where(k: number): number;
  rev9Damage(k: number): number;
  /** Index into cards.rev9. */
  rev9Version(k: number): number;
  /** Hunt value right now (enrage included). */
  rev9HuntValue(k: number): number;
  /**
   * Rev-9 k in the fate deck is among its top rev9Window(k) cards, every one of them equally
   * likely (public: the set-up and every flee show how many cards it was shuffled into, and
   * everyone sees the cards drawn since); 0 when it is not in the fate deck.
   */
  rev9Window(k: number): number;
  /** Neural Net Processor: the Rev-9 player's hand (its cards readable by a user module only in the NEURAL_NET decision). */
  nnHandCount(): number;
  nnHandCard(i: number): number;
  /**
   * Totals over the cards player p owns outside play (draw pile, hand and discard pile; not skills
   * in play nor cards played this turn), kept by the engine as cards move (public: the three
   * zones are open as sets): the sum of their fight when played (printed + text)…
   */
  ownedFight(p: number): number;
  /** … how many of them are finishers of `kind` (cards.finisher: 1 ordinary, 2 special; 0 for any other kind)… */
  ownedFinishers(p: number, kind: number): number;
  /** … and how many are Wounds. */
  ownedWounds(p: number): number;
}

/**
 * The members of DarkFateView, for the read-only facade a user module sees (readOnlyView): one
 * list, checked against the interface at compile time (DarkFateViewCovered below).
 */
export const DARKFATE_VIEW_MEMBERS = {
  properties: ['cards', 'rules', 'setup', 'players', 'current', 'deciding', 'turn', 'fight', 'supply', 'locationSupply'],
  methods: [
    'handCount',
    'handCard',
    'woundsInHand',
    'leadersInHand',
    'drawCount',
    'drawPileCard',
    'discardCount',
    'discardCard',
    'skillCount',
    'skillCard',
    'alive',
    'character',
    'reserveCount',
    'reserveCard',
    'reserveDamage',
    'reserveHostileCount',
    'playedCount',
    'playedCard',
    'decisionCard',
    'fateCount',
    'woundsLeft',
    'rev9Count',
    'rev9Where',
    'rev9Damage',
    'rev9Version',
    'rev9HuntValue',
    'rev9Window',
    'nnHandCount',
    'nnHandCard',
    'ownedFight',
    'ownedFinishers',
    'ownedWounds',
  ],
} as const satisfies ViewMembers;

type ListedMember = (typeof DARKFATE_VIEW_MEMBERS)['properties'][number] | (typeof DARKFATE_VIEW_MEMBERS)['methods'][number];
/** Compile-time check: every DarkFateView member is listed, and every listed name is a member. */
export type DarkFateViewCovered = [Exclude<keyof DarkFateView, ListedMember>, Exclude<ListedMember, keyof DarkFateView>] extends [never, never] ? true : never;
const covered: DarkFateViewCovered = true;
void covered;

/**
 * A Dark Fate policy: the core contract (`choose` returns an index in [0, n), or -1 when
 * allowNone; no state across games: an answer may depend only on the view and on draws from
 * `rng`, the game's stream), plus an optional fast path for the built-in policies.
 */
export interface DarkFatePolicy extends Policy<DarkFateView> {
  /**
   * Optional fast path for the play-phase ACTION decision (the built-in policies use it): given the
   * view, the current player `p` and whether resting is allowed, return the encoded action that
   * `choose` would pick from the full option list, or -1 to have the engine list the options and
   * call `choose`. It must never return anything else (tests compare the two paths), and it draws
   * from `rng` exactly as `choose` would. The engine does not check the code, so a user module's
   * quickAction is not loaded (loadPolicyModule takes only name and choose).
   */
  quickAction?(rng: Rng, view: DarkFateView, p: number, mayRest: boolean): number;
  /**
   * Optional, built-in policies only (the search policy): called before each turn starts, with the
   * game's stream and the engine as the view. It must not draw from `rng` (it may read its state to
   * derive a stream of its own) and must leave the game unchanged.
   */
  beginTurn?(rng: Rng, view: DarkFateView): void;
}

/** A decision's name as errors show it: "ACTION (0)". */
export const decisionName = (decision: number): string => `${DECISION_NAMES[decision] ?? '?'} (${decision})`;
