// rulebook: End of the Game & the Destiny Phase — after the last terror card, each Consequence
// card with a Fated Victim on it, left to right: its requirement met, or its Punishment paid.
import {
  NEED_BLOODLUST_AT_MOST,
  NEED_HAND_AT_LEAST,
  NEED_HEALTH_AT_LEAST,
  NEED_HORROR_AT_MOST,
  NEED_ITEMS,
  NEED_SAVED_AT_LEAST,
} from './terrorTables.js';
import { OUTCOME_DIED_IN_DESTINY, OUTCOME_WON } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { discardActionCard } from './discardActionCard.js';
import { loseHealth } from './loseHealth.js';
import { traceLine } from './terrorTrace.js';

/** rulebook: End of the Game & the Destiny Phase — left to right, each Consequence card with a Fated Victim. Sets g.outcome. */
export function destinyPhase(g: TerrorGame): void {
  const d = g.data;
  g.phaseEnded = false;
  g.destinyHealth = g.health_;
  if (g.trace) traceLine(g, 'Destiny phase');
  for (let i = 0; i < g.fc; i++) {
    // rulebook: Destiny Phase — ignore Consequence cards without a Fated Victim on them
    if (g.consVictim[i] < 0) continue;
    // rulebook: Destiny Phase — flip the card faceup if facedown
    g.consFaceUp[i] = 1;
    const met = meetRequirement(g, g.consCard[i]);
    g.consequencesResolved++;
    g.consOutcome[i] = met ? 1 : 0;
    if (g.trace) traceLine(g, `Consequence ${i + 1} "${d.consequences[g.consCard[i]].name}": ${met ? 'met' : 'NOT met'}`);
    if (!met) {
      // rulebook: Destiny Phase — reveal the Punishment beneath and lose that much health
      g.punFaceUp[i] = 1;
      loseHealth(g, d.punishments[g.punCard[i]]);
      // rulebook: Destiny Phase — back with health: ignore the excess loss, then resolve the remaining Consequence cards (the revival does not end this phase)
      g.phaseEnded = false;
      if (g.dead) {
        g.outcome = OUTCOME_DIED_IN_DESTINY;
        if (g.trace) traceLine(g, 'the Final Girl dies in the Destiny phase');
        return;
      }
    }
  }
  // rulebook: Destiny Phase — still alive after all of them: you win
  g.outcome = OUTCOME_WON;
  if (g.trace) traceLine(g, `the Final Girl survives Destiny with ${g.health_} health`);
}

/** Checks (and pays, where the card spends something) Consequence card `c`'s requirement. */
export function meetRequirement(g: TerrorGame, c: number): boolean {
  const r = g.data.consequences[c];
  switch (r.need) {
    case NEED_ITEMS:
      // rulebook example: "at least 3 Items to discard"
      if (g.items_ < r.n) return false;
      g.items_ -= r.n;
      return true;
    case NEED_HORROR_AT_MOST:
      // rulebook example: "the Horror level must be at 1 or lower"
      return g.horror_ <= r.n;
    case NEED_HEALTH_AT_LEAST:
      return g.health_ >= r.n;
    case NEED_HAND_AT_LEAST:
      if (g.handTotal() < r.n) return false;
      for (let k = 0; k < r.n; k++) discardActionCard(g);
      return true;
    case NEED_SAVED_AT_LEAST:
      return g.savedCount >= r.n;
    case NEED_BLOODLUST_AT_MOST:
      return g.bloodlust_ <= r.n;
  }
  return false;
}
