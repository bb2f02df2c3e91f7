// Terminator: Dark Fate – The Card Game: the parameters of one game (rule constants a house rule
// might change, and the set-up: players, characters, Rev-9 version, optional rules) and the
// outcome and phase codes the engine reports. Rulebook: shared/rules/dark-fate-card-game.txt.

export interface DarkFateRules {
  /** rulebook: End of Play Phase — draw back up to five. */
  handSize: number;
  /** rulebook: Glossary, Die — three wound cards in hand. */
  woundsToDie: number;
  /** rulebook: Set-Up — the reserve starts with five cards. */
  reserveSetup: number;
  /** rulebook: Reserve Phase step 1 — refill to four. */
  refillTo: number;
  /** rulebook: Set-Up — the Rev-9 is shuffled into the top five cards. */
  rev9Depth: number;
  /** Safety net: player turns before the game is stopped (reported apart, never a loss). */
  maxTurns: number;
  /** rulebook: Set-Up — 5 prep and 4 struggle (setback) cards. */
  prepCards: number;
  setbackCards: number;
  /** rulebook: Neural Net Processor — the Rev-9 player's hand of 5. */
  nnHandSize: number;
  /**
   * Reading of "End the hunt phase" (rulebook: Flee; Multiple Rev-9s in Play): true, a flee ends
   * the hunt phase, so a Rev-9 that did not flee does not hunt that turn; false (default), a Rev-9
   * that did not flee (undamaged, or left out) still hunts ("they hunt separately"; Hunt Phase:
   * "If they are unwilling or unable to flee, the Rev-9 hunts").
   */
  fleeEndsHunt: boolean;
}

export interface DarkFateSetup {
  players: number;
  /** Character index per player; solo mode: two characters for the one player. */
  characters: number[];
  solo: boolean;
  /** Index into cards.rev9. */
  rev9: number;
  goOnWithoutMe: boolean;
  neuralNet: boolean;
}

/** How a game ended. */
export const OUTCOME_NONE = 0;
export const OUTCOME_WIN = 1;
export const OUTCOME_THREE_WOUNDS = 2;
export const OUTCOME_EMPTY_WOUND_DECK = 3;
export const OUTCOME_TURN_CAP = 4;
export const OUTCOME_NAMES = ['none', 'win', 'three wounds in hand', 'empty wound deck', 'turn cap'];

/** Phases of a turn, as passed to the onPhase hook (PHASE_SETUP: once per game, after the set-up). */
export const PHASE_PLAY = 0;
export const PHASE_RESERVE = 1;
export const PHASE_HUNT = 2;
export const PHASE_END = 3;
export const PHASE_SETUP = 4;
export const PHASE_NAMES = ['play', 'reserve', 'hunt', 'end of turn', 'set-up'];
