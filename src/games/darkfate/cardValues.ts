// What the built-in Dark Fate policies think each card is worth: per-type numbers computed once
// per card table (policy heuristics live here, never in the card data), and the precomputed
// tables the greedy fast path reads with one load each.
import type { CardTable } from './cardData.js';
import { KW, OP, SECTIONS, SEC_EACH_TURN, SEC_PLAY } from './ops.js';

/** Per-type numbers the heuristics use; computed once per card table. */
export interface CardValues {
  value: Float64Array;
  heal: Uint8Array;
  locFight: Int16Array;
  powerFight: Int16Array;
  /** action()'s score for playing a card of this type (the fast path reads it precomputed). */
  playScore: Float64Array;
  /** Stagger value per Rev-9 version. */
  stagger: Int16Array;
  /** Lowest cost of any card that can be bought. */
  minCost: number;
  /** Highest score a buy can reach without a staggered Rev-9 (an upper bound: card value, +6 for a finisher). */
  maxPlainBuyScore: number;
  /**
   * Smallest hand (this card included) from which a card of this type may be played: discard
   * cost + 1, or a number no hand reaches for a wound. One load for legalActions' two checks.
   */
  minHand: Int16Array;
  /** How quickSpend scores buying this type (BUY_*): one load for the keyword, finisher, heal and location-fight checks. */
  buyClass: Int8Array;
  /** 1 for a finisher destroyed when played (Thermite Charge): played for its fight, it is lost for the finish. */
  spentFinisher: Uint8Array;
}

/** buyClass values. */
export const BUY_NEVER = -1;
export const BUY_PLAIN = 0;
export const BUY_FINISHER = 1;
export const BUY_LOCATION = 2;
export const BUY_LOCATION_FINISHER = 3;
export const BUY_LOCATION_HEAL = 4;
export const BUY_LOCATION_FIGHT = 5;

export function cardValues(c: CardTable): CardValues {
  const value = new Float64Array(c.nTypes);
  const heal = new Uint8Array(c.nTypes);
  const spentFinisher = new Uint8Array(c.nTypes);
  const locFight = new Int16Array(c.nTypes);
  for (let t = 0; t < c.nTypes; t++) {
    let val = c.fight[t] * 1.0 + c.supply[t] * 0.8 + c.drawOnPlay[t] * 0.9 - c.discardCost[t] * 0.5;
    for (let i = c.sec[t * SECTIONS + SEC_PLAY]; i < c.sec[t * SECTIONS + SEC_PLAY + 1]; i++) {
      const op = c.ops[i];
      if (op === OP.LOCATION_SUPPLY) val += 0.4 * c.args[i];
      if (op === OP.FIGHT) {
        val += c.args[i];
        locFight[t] += c.args[i];
      }
      if (op === OP.SUPPLY) val += 0.8 * c.args[i];
      if (op === OP.HEAL) heal[t] = 1;
      if (op === OP.DESTROY_SELF) {
        val *= 0.6;
        if (c.finisher[t]) spentFinisher[t] = 1;
      }
      if (op === OP.FATE_TO_RESERVE) val += 0.2;
    }
    for (let i = c.sec[t * SECTIONS + SEC_EACH_TURN]; i < c.sec[t * SECTIONS + SEC_EACH_TURN + 1]; i++) {
      if (c.ops[i] === OP.FIGHT) val += 2.5 * c.args[i];
      if (c.ops[i] === OP.SUPPLY) val += 2.0 * c.args[i];
    }
    if (c.kw[t] & KW.DEFENSE) val += 1.0;
    if (c.kw[t] & KW.WOUND) val = -10;
    value[t] = val;
  }
  const powerFight = new Int16Array(c.characters.length);
  c.characters.forEach((ch, i) => {
    for (let j = ch.powerStart; j < ch.powerEnd; j++) if (c.ops[j] === OP.FIGHT) powerFight[i] += c.args[j];
  });
  const playScore = new Float64Array(c.nTypes);
  for (let t = 0; t < c.nTypes; t++) playScore[t] = c.drawOnPlay[t] * 10 + (c.discardCost[t] ? -5 : 0) + value[t];
  const stagger = Int16Array.from(c.rev9, (r) => r.stagger);
  let minCost = Infinity;
  for (let t = 0; t < c.nTypes; t++) if (c.cost[t] >= 0 && c.cost[t] < minCost) minCost = c.cost[t];
  const minHand = new Int16Array(c.nTypes);
  const buyClass = new Int8Array(c.nTypes);
  for (let t = 0; t < c.nTypes; t++) {
    minHand[t] = c.kw[t] & KW.WOUND ? 0x7fff : c.discardCost[t] + 1;
    const location = (c.kw[t] & KW.LOCATION) !== 0;
    // The same tests, in the same order, as action()'s ACTION_BUY case.
    if (c.cost[t] < 0) buyClass[t] = BUY_NEVER;
    else if (!location) buyClass[t] = c.finisher[t] ? BUY_FINISHER : BUY_PLAIN;
    else if (c.finisher[t]) buyClass[t] = BUY_LOCATION_FINISHER;
    else if (heal[t]) buyClass[t] = BUY_LOCATION_HEAL;
    else if (locFight[t] > 0) buyClass[t] = BUY_LOCATION_FIGHT;
    else buyClass[t] = BUY_LOCATION;
  }
  let maxPlainBuyScore = -Infinity;
  for (let t = 0; t < c.nTypes; t++) if (buyClass[t] !== BUY_NEVER) maxPlainBuyScore = Math.max(maxPlainBuyScore, value[t] + (c.finisher[t] ? 6 : 0), 2);
  return { value, heal, locFight, powerFight, playScore, stagger, minCost, minHand, buyClass, maxPlainBuyScore, spentFinisher };
}
