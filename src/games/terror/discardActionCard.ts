// Discarding one action card from the hand (a terror card's or a Destiny effect's cost, the hand
// limit): the policy's DISCARD decision over the held cards. A leaf: the phases and the terror-card
// effects all call it.
import { TERROR_DECISION } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';

const { DISCARD } = TERROR_DECISION;

/**
 * Where a played or discarded action card of type c goes (its hand count already lowered): back to
 * the supply, to be bought again; or, with rebuy false, out of the game (spent_).
 */
export function returnActionCard(g: TerrorGame, c: number): void {
  // assumption (parameter rebuy): the public facts buy cards in Planning but do not say where played ones go
  if (g.p.rebuy) g.supply_[c]++;
  else g.spent_[c]++;
}

/** Discards one action card the policy picks (DISCARD): to the supply, or out of the game (rebuy). Does nothing with an empty hand. */
export function discardActionCard(g: TerrorGame): void {
  const opts = g.discardOptions;
  let n = 0;
  for (let c = 0; c < g.nCards; c++) for (let k = g.hand_[c]; k > 0; k--) opts[n++] = c;
  if (n === 0) return;
  const c = opts[g.policy.choose(g.rng, g, DISCARD, opts, n, false)];
  g.hand_[c]--;
  returnActionCard(g, c);
}
