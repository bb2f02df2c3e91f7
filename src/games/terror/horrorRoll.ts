// The horror roll (public fact): dice by the horror level, successes and partials, partials
// turned into successes by discarding action cards (CONVERT_PARTIALS). A leaf: action cards and
// Thwart Destiny (parameter thwartRoll) both roll.
import { rollDie } from '../../core/rng.js';
import { discardActionCard } from './discardActionCard.js';
import { TERROR_DECISION } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { traceLine } from './terrorTrace.js';

const { CONVERT_PARTIALS } = TERROR_DECISION;

/** public fact: horror roll — dice by horror level (+1 on final health); 5–6 success, 3–4 partial. Returns the successes. */
export function horrorRoll(g: TerrorGame): number {
  const dice = g.data.horror.dice[g.horror_] + (g.onFinalHealth() ? 1 : 0);
  let successes = 0;
  let partials = 0;
  for (let i = 0; i < dice; i++) {
    const f = rollDie(g.rng, 6);
    if (f >= g.p.successFrom) successes++;
    else if (f >= g.p.partialFrom) partials++;
  }
  const cost = g.p.partialCost;
  if (partials > 0) {
    const affordable = cost === 0 ? partials : Math.min(partials, Math.floor(g.handTotal() / cost));
    const k = affordable > 0 ? g.counts[g.policy.choose(g.rng, g, CONVERT_PARTIALS, g.counts, affordable + 1, false)] : 0;
    // public fact: discard 2 action cards to turn a partial into a success
    for (let j = 0; j < k * cost; j++) discardActionCard(g);
    successes += k;
  }
  if (g.trace) traceLine(g, `horror roll: ${dice} dice, ${successes} success(es)`);
  return successes;
}

