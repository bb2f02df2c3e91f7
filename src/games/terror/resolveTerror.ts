// Terror cards: drawing and resolving them (Destiny symbols, Killer actions, effects), discarding
// the top one, the effect vocabulary (data: horror, health, bloodlust, kill, scatter, discards),
// the Bloodlust track whose thresholds apply effects, and how victims leave the board (by an exit,
// killed, or by the Fated Death procedure). One file: these rules call each other recursively (an
// effect kills, a death raises bloodlust, a threshold applies effects).
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
} from './terrorTables.js';
import { TERROR_DECISION, V_BOARD, V_CONSEQUENCE, V_DEAD, V_DEATH_TOKEN, V_FG_CARD, V_LIMBO, V_SAVED } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { discardActionCard, returnActionCard } from './discardActionCard.js';
import { horrorRoll } from './horrorRoll.js';
import { addHorror, heal, loseHealth } from './loseHealth.js';
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
        returnActionCard(g, c);
        // assumption (parameter thwartRoll): no horror roll; with thwartRoll it ignores the symbol only on a success
        if (!g.p.thwartRoll || horrorRoll(g) > 0) {
          if (g.trace) traceLine(g, 'Thwart Destiny ignores a Destiny symbol');
          return;
        }
        if (g.trace) traceLine(g, 'Thwart Destiny: no success, the Destiny symbol resolves');
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
    // assumption: "nearest" counts steps along paths (exits included), whatever moveThroughExits says of moving
    const d = g.pathDistance(g.fgSpace_, g.vSpace[v]);
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

// rulebook: Fated Victims and Fated Death Terror Cards — how victims leave the board (by an exit,
// or killed), and the full Fated Death procedure on the next Death token.

/**
 * A victim on the board dies by something other than a Fated Death card.
 * rulebook: Fated Victims — a Fated Victim goes to Limbo and bloodlust is NOT raised yet.
 * public fact: a normal victim's death raises bloodlust by 1.
 */
export function killOnBoard(g: TerrorGame, v: number): void {
  if (v < g.fc) {
    g.vState[v] = V_LIMBO;
    g.vSpace[v] = -1;
    g.limboEver |= 1 << v;
    if (g.trace) traceLine(g, `${victimName(g, v)} dies: to Limbo (no bloodlust yet)`);
    return;
  }
  g.vState[v] = V_DEAD;
  g.vSpace[v] = -1;
  g.normalKilled++;
  if (g.trace) traceLine(g, `${victimName(g, v)} dies`);
  raiseBloodlust(g, 1);
}

/**
 * A victim leaves the board by an exit.
 * rulebook: Fated Victims — a Fated Victim's token goes on the first Death token without one; not yet saved.
 */
export function leaveByExit(g: TerrorGame, v: number): void {
  if (v < g.fc) {
    const p = g.firstFreeDeathToken();
    g.vState[v] = V_DEATH_TOKEN;
    g.vSpace[v] = -1;
    g.deathOn[p] = v;
    if (g.trace) traceLine(g, `${victimName(g, v)} leaves by the exit: token on Death token ${p + 1}`);
    return;
  }
  g.vState[v] = V_SAVED;
  g.vSpace[v] = -1;
  g.savedCount++;
  g.pendingRewards++;
  if (g.trace) traceLine(g, `${victimName(g, v)} saved`);
}

/**
 * rulebook: Fated Death Terror Cards — the full procedure on the next Death token (the Arrow).
 * Mutates tokens, victims, bloodlust, health and the Arrow.
 */
export function resolveFatedDeath(g: TerrorGame): void {
  const p = g.arrow_;
  if (p >= g.fc) return;
  // rulebook: Fated Death — if a Fated Victim token is on top, set it aside
  const top = g.deathOn[p];
  g.deathOn[p] = -1;
  // rulebook: Fated Death — flip the Death token faceup if it is facedown
  g.deathFaceUp[p] = 1;
  const pictured = g.deathPic[p];
  if (g.trace) traceLine(g, `Fated Death: Death token ${p + 1} shows ${victimName(g, pictured)}${top >= 0 ? `; ${victimName(g, top)} was on it` : ''}`);
  if (top < 0) {
    // rulebook: Fated Death — a lone token: kill the pictured victim wherever they are
    killPictured(g, pictured);
  } else if (top === pictured) {
    // rulebook: Fated Death — matching: take the Saved reward, token onto the Final Girl card
    g.vState[top] = V_FG_CARD;
    g.savedCount++;
    // rulebook: Fated Death — the saving effects apply at the start of the next Action phase
    g.pendingRewards++;
    if (g.trace) traceLine(g, `${victimName(g, top)} saved in order: Saved reward +${g.data.fatedDeath.savedHeal} health`);
    heal(g, g.data.fatedDeath.savedHeal);
  } else {
    // rulebook: Fated Death — mismatch: kill the pictured victim, then the set-aside token to Limbo
    killPictured(g, pictured);
    g.vState[top] = V_LIMBO;
    g.limboEver |= 1 << top;
    g.outOfOrder++;
    if (g.trace) traceLine(g, `${victimName(g, top)} saved out of order: to Limbo`);
  }
  // rulebook: Fated Death — discard the Death token, move the Arrow one card to the right
  g.deathDone[p] = 1;
  g.arrow_ = p + 1;
}

/** rulebook: Fated Death — kill the pictured Fated Victim (Limbo consequences only from Limbo). */
function killPictured(g: TerrorGame, v: number): void {
  if (g.vState[v] === V_LIMBO) {
    // rulebook: Fated Death — in Limbo: apply the card's Limbo consequences (not when on the board)
    if (g.trace) traceLine(g, `${victimName(g, v)} was in Limbo: Limbo consequence`);
    loseHealth(g, g.data.fatedDeath.limboDamage);
    // assumption: a revival here still completes the Fated Death procedure (kill, tokens, Arrow: the
    // game depends on each Death token resolving once); the effects after it (bloodlust thresholds) are skipped
  } else if (g.vState[v] === V_DEATH_TOKEN) {
    // rulebook: Fated Death — killed even from on top of a different Death token
    for (let q = 0; q < g.fc; q++) if (g.deathOn[q] === v) g.deathOn[q] = -1;
  }
  // rulebook: Fated Death — killed even where Location rules protect victims
  g.vState[v] = V_CONSEQUENCE;
  g.vSpace[v] = -1;
  // rulebook: Fated Death — token onto the Consequence card under the Arrow
  g.consVictim[g.arrow_] = v;
  if (g.trace) traceLine(g, `${victimName(g, v)} is killed: onto Consequence card ${g.arrow_ + 1}`);
  // rulebook: Fated Death — increasing bloodlust
  raiseBloodlust(g, 1);
}
