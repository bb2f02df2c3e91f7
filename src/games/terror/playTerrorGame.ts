// The turn (model, public facts): Action (actionPhase.ts) → Planning (buy cards with the time
// left) → Killer (no killer: the terror cards only) → Panic (no killer meeple: nothing scatters;
// assumption) → Upkeep. The game ends as soon as the last terror card is resolved, then the
// Destiny phase (destinyPhase.ts).
import { actionPhase } from './actionPhase.js';
import { destinyPhase } from './destinyPhase.js';
import { OUTCOME_DIED_IN_PLAY, OUTCOME_RUNNING, TERROR_DECISION } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { drawTerror } from './resolveTerror.js';
import { traceEndOfTurn, traceLine } from './terrorTrace.js';

// A module-local copy for the hot Planning loop (V8 folds a module's own const, not an imported binding).
const { BUY } = TERROR_DECISION;

/** A safety net only: every turn draws a terror card, so a game ends within deckSize turns (TerrorGame.turnLimit). */
export const MAX_TURNS = 64;

/** Plays `g` to its end from the current (set-up) state; sets g.outcome. */
export function playTerrorGame(g: TerrorGame): void {
  playTurns(g);
  endGame(g);
}

/** Turns from the next one on, until the game ends or g.turnLimit turns have been played. */
export function playTurns(g: TerrorGame): void {
  while (g.outcome === OUTCOME_RUNNING && g.turn < g.turnLimit) {
    g.turn++;
    actionPhase(g);
    if (restOfTurn(g)) return;
  }
}

/** The rest of a turn after its Action phase: Planning, Killer, (no Panic), Upkeep. True when the game is over (dead, or the deck is out). */
export function restOfTurn(g: TerrorGame): boolean {
  if (g.dead) return true;
  planningPhase(g);
  return killerAndUpkeep(g);
}

/** The Killer phase and the end of the turn. True when the game is over. */
export function killerAndUpkeep(g: TerrorGame): boolean {
  killerPhase(g);
  if (g.trace) traceEndOfTurn(g);
  // Panic (assumption: no killer meeple, so no victims share its space: nothing scatters) and Upkeep.
  return g.dead || g.deckPos >= g.deckSize;
}

/** After the last turn: death in play, or the Destiny phase. Sets g.outcome (left running when a turn limit cut the game short). */
export function endGame(g: TerrorGame): void {
  if (g.dead) {
    g.outcome = OUTCOME_DIED_IN_PLAY;
    if (g.trace) traceLine(g, 'the Final Girl is dead: Destiny wins during play');
    return;
  }
  // rulebook: End of the Game & the Destiny Phase — no Finale; the Destiny phase begins
  if (g.deckPos >= g.deckSize) destinyPhase(g);
}

/** public fact: Planning — spend the time left buying action cards (hand limit); the policy picks (BUY). */
export function planningPhase(g: TerrorGame): void {
  const cards = g.data.cards;
  const opts = g.scratch2;
  for (;;) {
    if (g.handTotal() >= g.p.handLimit) return;
    let n = 0;
    for (let c = 0; c < g.nCards; c++) if (g.supply_[c] > 0 && cards[c].buy <= g.time_) opts[n++] = c;
    if (n === 0) return;
    const i = g.policy.choose(g.rng, g, BUY, opts, n, true);
    if (i < 0) return;
    buyCard(g, opts[i]);
  }
}

/** public fact: Planning — buy action card type c with the time left (the caller checked it is legal). */
export function buyCard(g: TerrorGame, c: number): void {
  g.time_ -= g.data.cards[c].buy;
  g.supply_[c]--;
  g.hand_[c]++;
  if (g.trace) traceLine(g, `buys ${g.data.cards[c].id}`);
}

/** Killer phase: no killer; draw the terror cards. */
export function killerPhase(g: TerrorGame): void {
  g.phaseEnded = false;
  // rulebook: No More Fated Victims on the Board — then 2 terror cards for all subsequent Killer phases
  if (!g.noFatedLatch && g.fatedOnBoard() === 0) g.noFatedLatch = true;
  const draws = g.noFatedLatch ? g.p.terrorPerPhaseNoFated : g.p.terrorPerPhase;
  if (g.trace) traceLine(g, `Killer phase: ${draws} terror card(s)`);
  for (let k = 0; k < draws && g.deckPos < g.deckSize && !g.dead && !g.phaseEnded; k++) drawTerror(g);
}
