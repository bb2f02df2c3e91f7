// What a Terror from Destiny policy may look at: the public board, the Final Girl's own hand and
// tracks, faceup cards and tokens. Never hidden order: the Death tokens' pictures while facedown,
// the terror deck, facedown Consequence and Punishment cards, the Final Health token.
//
// The built-in policies are handed the game object itself (it implements TerrorView, for speed)
// and read only these members; a user module gets readOnlyView(game, TERROR_VIEW_MEMBERS,
// {data: its frozen copy}) (src/core/policy.ts): a facade with exactly these members.
import type { ViewMembers } from '../../core/policy.js';
import type { TerrorData } from './terrorTables.js';

/** Everything a policy may look at. All methods are read-only. */
export interface TerrorView {
  readonly data: TerrorData;
  readonly deathOrderCard: number;
  fgSpace(): number;
  health(): number;
  maxHealth(): number;
  /** Is she "down to the final health token" now (+1 horror die; reading: parameter finalHealth)? */
  onFinalHealth(): boolean;
  horror(): number;
  time(): number;
  items(): number;
  bloodlust(): number;
  hand(card: number): number;
  handTotal(): number;
  supply(card: number): number;
  /** Terror cards left in the deck. */
  deckLeft(): number;
  /** The next terror card's id when Premonition revealed it, else -1. */
  nextTerrorKnown(): number;
  /** Victims: ids [0, fatedCount) are the Fated Victims, the rest normal victims. */
  victimCount(): number;
  fatedCount(): number;
  /** V_BOARD, V_SAVED, … (terrorDecision.ts). */
  victimState(v: number): number;
  /** Space of a victim on the board, else -1. */
  victimSpace(v: number): number;
  /** Next Death token position (the Arrow), in [0, fatedCount]. */
  arrow(): number;
  /** Fated Victim pictured on Death token p when faceup, else -1. */
  deathPicture(p: number): number;
  /** Fated Victim token on top of Death token p, else -1. */
  deathTokenVictim(p: number): number;
  /** The Death token a Fated Victim leaving by an exit would go on now (first free one), or -1. */
  firstFreeDeathToken(): number;
  /** Consequence card id in row slot i when faceup, else -1. */
  consequence(i: number): number;
  /** Fated Victim on Consequence slot i, else -1. */
  consequenceVictim(i: number): number;
  /** Punishment (health lost) in row slot i when faceup, else -1. */
  punishment(i: number): number;
  spaceCount(): number;
  isExit(space: number): boolean;
  isSearch(space: number): boolean;
  /** Moving steps from a to b (parameter moveThroughExits; 32767 when she cannot get there). */
  distance(a: number, b: number): number;
  /** Steps along paths from a to b, exits counted like any space: what "nearest" means for a killing effect. */
  pathDistance(a: number, b: number): number;
  /** Moving steps from `space` to the nearest exit. */
  exitDistance(space: number): number;
  /** During a CARRY decision: the space the escort goes to (an exit takes the carried victims off the board); else -1. */
  escortDestination(): number;
  /** Terror cards the next Killer phase draws if no Fated Victim leaves the board before it (1, or 2 once none is left there). */
  killerDraws(): number;
  /** Whether a played or discarded action card goes back to the supply (parameter rebuy: true) or leaves the game (false). */
  rebuy(): boolean;
  /** Action cards discarded to turn one partial result into a success (parameter partialCost; public fact: 2). */
  partialCost(): number;
}

const PROPERTIES = ['deathOrderCard'] as const satisfies readonly (keyof TerrorView)[];
const METHODS = [
  'fgSpace', 'health', 'maxHealth', 'onFinalHealth', 'horror', 'time', 'items', 'bloodlust', 'hand', 'handTotal', 'supply',
  'deckLeft', 'nextTerrorKnown', 'victimCount', 'fatedCount', 'victimState', 'victimSpace', 'arrow', 'deathPicture',
  'deathTokenVictim', 'firstFreeDeathToken', 'consequence', 'consequenceVictim', 'punishment', 'spaceCount', 'isExit',
  'isSearch', 'distance', 'pathDistance', 'exitDistance', 'escortDestination', 'killerDraws', 'rebuy', 'partialCost',
] as const satisfies readonly (keyof TerrorView)[];

// Compile-time check: every TerrorView member is listed (`data` is the module's own copy, an override).
type Unlisted = Exclude<keyof TerrorView, (typeof PROPERTIES)[number] | (typeof METHODS)[number] | 'data'>;
const everyMemberListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyMemberListed;

/** The TerrorView members of the game object a user module's facade exposes (plus `data`, its frozen copy). */
export const TERROR_VIEW_MEMBERS: ViewMembers = { properties: PROPERTIES, methods: METHODS };
