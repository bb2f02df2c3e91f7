// The integers a Terror from Destiny policy and the engine share: the decisions (core policy
// contract, src/core/policy.ts: `choose(rng, view, decision, options, n, allowNone)` returns an
// index into options[0, n), or -1 where allowNone), how each decision's options are encoded, the
// victim states and the Unknown codes the view shows, and how a game ended.

/**
 * The decisions the rules leave to the player. Each one's options, as small integers in an
 * Int32Array (read options[0, n); the engine reuses the buffer: do not keep it):
 */
export const TERROR_DECISION = {
  /** Set-up: where a Fated Victim goes. Options: the legal space ids of the rolled grid section. */
  PLACE_FATED_VICTIM: 0,
  /**
   * Action phase: options are encoded actions (actionCode(card, dest): see actionCard and
   * actionDest), by card type ascending, each card's DISCARD_FOR_TIME first, then its plays (moves
   * and escorts by destination ascending). allowNone: -1 ends the Action phase.
   */
  ACTION: 1,
  /**
   * Escort: who goes along. Options are bitmasks over victim ids (bit v set: victim v goes): every
   * subset of the victims on the Final Girl's space with at most the card's carry of them, by
   * size, options[0] = 0 (nobody). Asked only when a victim is there.
   */
  CARRY: 2,
  /** Premonition: which Unknown to flip. Options: unknown codes (unknownCode(kind, index)). allowNone: -1 reveals nothing more. */
  REVEAL: 3,
  /** A Destiny symbol while Thwart Destiny is in hand: options [0 = let it resolve, 1 = play Thwart Destiny]. */
  THWART: 4,
  /**
   * Horror roll with partial results: options [0, 1, …, k], how many partials become successes
   * (each costs partialCost action cards, DISCARD asks which); k = the most she can afford.
   * Asked only when k >= 1.
   */
  CONVERT_PARTIALS: 5,
  /** An action card must be discarded. Options: card type ids, one entry per card held (ascending: a type held twice stands twice). */
  DISCARD: 6,
  /** Planning phase: options are the card type ids she can buy now. allowNone: -1 stops buying. */
  BUY: 7,
  /** A saved victim's effect at the start of the Action phase: options [0 = heal, 1 = lower horror]. */
  REWARD: 8,
  /**
   * Fated Victims leaving by an exit together (the order is the player's): options are their
   * victim ids, ascending; the one chosen takes the first free Death token. Asked again for the
   * rest while two or more are left.
   */
  EXIT_NEXT: 9,
} as const;

/** The decisions the search answers (the engine's resume points), a bit per decision code. */
export const SEARCH_ROOTS = (1 << TERROR_DECISION.ACTION) | (1 << TERROR_DECISION.BUY);
/** Decision names by code, for messages ("decision BUY returned 99 …"). */
export const TERROR_DECISION_NAMES: readonly string[] = Object.keys(TERROR_DECISION);

/** ACTION destination of a card without a target (search, steady, heal, premonition). */
export const DEST_NONE = -1;
/** ACTION destination meaning "discard the card for +1 time" (public fact). */
export const DISCARD_FOR_TIME = -2;

/** An ACTION option: action card type `card` played to space `dest` (or DEST_NONE, DISCARD_FOR_TIME). Spaces < 254. */
export const actionCode = (card: number, dest: number): number => (card << 8) | (dest + 2);
/** The action card type of an ACTION option. */
export const actionCard = (code: number): number => code >> 8;
/** The destination of an ACTION option: a space id, DEST_NONE or DISCARD_FOR_TIME. */
export const actionDest = (code: number): number => (code & 0xff) - 2;

/** Unknown kinds of REVEAL options (Premonition). */
export const UNKNOWN_DEATH_TOKEN = 0;
export const UNKNOWN_CONSEQUENCE = 1;
export const UNKNOWN_PUNISHMENT = 2;
export const UNKNOWN_TERROR = 3;
/** A REVEAL option: Unknown `kind` at position `index` (Death token / row slot in [0, 64); 0 for the next terror card). */
export const unknownCode = (kind: number, index: number): number => (kind << 6) | index;
export const unknownKind = (code: number): number => code >> 6;
export const unknownIndex = (code: number): number => code & 63;

/** Victim location states (view.victimState). */
export const V_BOARD = 0;
export const V_SAVED = 1;
export const V_DEAD = 2;
export const V_DEATH_TOKEN = 3;
export const V_LIMBO = 4;
export const V_CONSEQUENCE = 5;
export const V_FG_CARD = 6;
export const V_UNUSED = 7;
export const VICTIM_STATE_NAMES = ['on the board', 'saved', 'dead', 'on a Death token', 'in Limbo', 'on a Consequence card', 'on the Final Girl card', 'unused'];

/** How the game ended (TerrorGame.outcome). */
export const OUTCOME_RUNNING = 0;
export const OUTCOME_WON = 1;
export const OUTCOME_DIED_IN_PLAY = 2;
export const OUTCOME_DIED_IN_DESTINY = 3;
