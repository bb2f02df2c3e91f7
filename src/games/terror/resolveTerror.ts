// Terror cards: drawing and resolving them (Destiny symbols, Killer actions, effects), discarding
// the top one, the effect vocabulary (data: horror, health, bloodlust, kill, scatter, discards),
// and the Bloodlust track whose thresholds apply effects.
import { randIndex } from '../../core/rng.js';
import {
  CARD_THWART,
  EFFECT_NAMES,
  FX_BLOODLUST,
  FX_DISCARD_ACTION,
  FX_DISCARD_TERROR,
  FX_HEALTH,
  FX_HORROR,
  FX_KILL_NEAREST,
  FX_KILL_RANDOM,
  FX_SCATTER,
  TIE_NORMAL_FIRST,
  TIE_RANDOM,
} from './terrorData.js';
import { TERROR_DECISION, V_BOARD } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { discardActionCard } from './actionPhase.js';
import { addHorror, heal, loseHealth } from './loseHealth.js';
import { killOnBoard, resolveFatedDeath } from './resolveFatedDeath.js';
import { spaceName, traceLine, victimName } from './terrorTrace.js';

/** Draws and resolves the top terror card. */
export function drawTerror(g: TerrorGame): void {
  const card = g.deck[g.deckPos++];
  g.topRevealed = false;
  g.terrorConsumed++;
  if (g.trace) traceLine(g, `terror card ${g.terrorConsumed}/${g.deckSize}: ${g.data.terror[card].name}`);
  resolveTerror(g, card);
}

/** Resolves terror card `card`: a Fated Death card's procedure, or its symbols and effects. */
export function resolveTerror(g: TerrorGame, card: number): void {
  const t = g.data.terror[card];
  if (t.fated) {
    resolveFatedDeath(g);
    return;
  }
  // assumption: printed Destiny symbols, then Killer actions, then the other effects
  for (let k = 0; k < t.destiny; k++) resolveDestinySymbol(g);
  // rulebook: Killer Actions — each Killer action on a terror card resolves as a Destiny symbol
  for (let k = 0; k < t.killerActions; k++) resolveDestinySymbol(g);
  // rulebook: Killer Actions — other killer effects (killerOther) are ignored
  applyEffects(g, g.terrorEffects[card]);
}

/** rulebook: Destiny Symbol — resolve the Death Order card's effect, unless Thwart Destiny ignores it (THWART). */
export function resolveDestinySymbol(g: TerrorGame): void {
  // public fact: a revival ends the current phase — nothing more of the card resolves
  if (g.dead || g.phaseEnded) return;
  for (let c = 0; c < g.nCards; c++) {
    if (g.data.cards[c].kind === CARD_THWART && g.hand_[c] > 0) {
      if (g.policy.choose(g.rng, g, TERROR_DECISION.THWART, g.yesNo, 2, false) === 1) {
        // rulebook: Destiny Symbol — play Thwart Destiny to ignore one Destiny symbol
        g.hand_[c]--;
        g.supply_[c]++;
        if (g.trace) traceLine(g, 'Thwart Destiny ignores a Destiny symbol');
        return;
      }
      break;
    }
  }
  if (g.trace) traceLine(g, `Destiny symbol: ${g.data.deathOrders[g.deathOrderCard].name}`);
  applyEffects(g, g.destinyEffects[g.deathOrderCard]);
}

/** Applies a flat effect list [kind, amount, …]. */
export function applyEffects(g: TerrorGame, fx: Int32Array): void {
  for (let i = 0; i < fx.length; i += 2) {
    // public fact: a revival ends the current phase — the card's remaining effects (and threshold effects) are not resolved
    if (g.dead || g.phaseEnded) return;
    const kind = fx[i];
    const amount = fx[i + 1];
    if (g.trace) traceLine(g, `effect: ${EFFECT_NAMES[kind]} ${amount}`);
    switch (kind) {
      case FX_HORROR:
        addHorror(g, amount);
        break;
      case FX_HEALTH:
        if (amount < 0) loseHealth(g, -amount);
        else heal(g, amount);
        break;
      case FX_BLOODLUST:
        raiseBloodlust(g, amount);
        break;
      case FX_KILL_NEAREST:
      case FX_KILL_RANDOM: {
        const v = kind === FX_KILL_NEAREST ? nearestVictim(g) : randomVictim(g);
        if (v >= 0) killOnBoard(g, v);
        break;
      }
      case FX_SCATTER:
        scatterVictims(g);
        break;
      case FX_DISCARD_TERROR:
        discardTopTerror(g);
        break;
      case FX_DISCARD_ACTION:
        for (let k = 0; k < amount && g.handTotal() > 0; k++) discardActionCard(g);
        break;
    }
  }
}

/** Raises bloodlust by n, resolving each threshold passed (assumed Bloodlust card data). */
export function raiseBloodlust(g: TerrorGame, n: number): void {
  const bl = g.data.bloodlust;
  for (let k = 0; k < n; k++) {
    if (g.bloodlust_ >= bl.length) return;
    g.bloodlust_++;
    for (let t = 0; t < bl.thresholds.length; t++) {
      if (bl.thresholds[t].at === g.bloodlust_) applyEffects(g, g.thresholdEffects[t]);
    }
  }
}

/** An effect discards the top terror card. rulebook: Fated Death card text — resolve it first. */
export function discardTopTerror(g: TerrorGame): void {
  if (g.deckPos >= g.deckSize) return;
  const card = g.deck[g.deckPos++];
  g.topRevealed = false;
  g.terrorConsumed++;
  if (g.trace) traceLine(g, `discards terror card ${g.terrorConsumed}/${g.deckSize}: ${g.data.terror[card].name}`);
  if (g.data.terror[card].fated) resolveFatedDeath(g);
}

/** The victim on the board nearest the Final Girl; ties per data killNearestTie (assumption). -1 when none. */
function nearestVictim(g: TerrorGame): number {
  const tie = g.data.killNearestTie;
  let best = -1;
  let bestD = 0;
  let ties = 0;
  for (let v = 0; v < g.nVictims; v++) {
    if (g.vState[v] !== V_BOARD) continue;
    const d = g.distance(g.fgSpace_, g.vSpace[v]);
    if (best < 0 || d < bestD) {
      best = v;
      bestD = d;
      ties = 1;
    } else if (d === bestD) {
      ties++;
      // assumption (data killNearestTie): fatedFirst keeps the lowest id (Fated Victims come first);
      // normalFirst prefers a normal victim; random keeps each tied one with chance 1/ties (uniform)
      if (tie === TIE_NORMAL_FIRST ? best < g.fc && v >= g.fc : tie === TIE_RANDOM && randIndex(g.rng, ties) === 0) best = v;
    }
  }
  return best;
}

/** A uniformly random victim on the board, or -1. */
function randomVictim(g: TerrorGame): number {
  let n = 0;
  for (let v = 0; v < g.nVictims; v++) if (g.vState[v] === V_BOARD) n++;
  if (n === 0) return -1;
  let k = randIndex(g.rng, n);
  for (let v = 0; v < g.nVictims; v++) if (g.vState[v] === V_BOARD && k-- === 0) return v;
  return -1;
}

/** assumption: scatter moves each victim on the board to a random adjacent non-exit space. */
function scatterVictims(g: TerrorGame): void {
  for (let v = 0; v < g.nVictims; v++) {
    if (g.vState[v] !== V_BOARD) continue;
    const s = g.vSpace[v];
    let n = 0;
    for (let e = g.adjStart[s]; e < g.adjStart[s + 1]; e++) if (!g.exitSpace[g.adj[e]]) g.scratch[n++] = g.adj[e];
    if (n > 0) g.vSpace[v] = g.scratch[randIndex(g.rng, n)];
    if (g.trace) traceLine(g, `${victimName(g, v)} scatters to ${spaceName(g, g.vSpace[v])}`);
  }
}
