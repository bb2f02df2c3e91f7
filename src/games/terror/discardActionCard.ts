// Discarding one action card from the hand (a terror card's or a Destiny effect's cost, the hand
// limit): the policy's DISCARD decision over the held cards. A leaf: the phases and the terror-card
// effects all call it.
import { TERROR_DECISION } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';

const { DISCARD } = TERROR_DECISION;

/** Discards one action card the policy picks (DISCARD) back to the supply. Does nothing with an empty hand. */
export function discardActionCard(g: TerrorGame): void {
  const opts = g.discardOptions;
  let n = 0;
  for (let c = 0; c < g.nCards; c++) for (let k = g.hand_[c]; k > 0; k--) opts[n++] = c;
  if (n === 0) return;
  const c = opts[g.policy.choose(g.rng, g, DISCARD, opts, n, false)];
  g.hand_[c]--;
  g.supply_[c]++;
}
