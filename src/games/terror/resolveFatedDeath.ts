// rulebook: Fated Victims and Fated Death Terror Cards — how victims leave the board (by an exit,
// or killed), and the full Fated Death procedure on the next Death token.
import { V_CONSEQUENCE, V_DEAD, V_DEATH_TOKEN, V_FG_CARD, V_LIMBO, V_SAVED } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { heal, loseHealth } from './loseHealth.js';
import { raiseBloodlust } from './resolveTerror.js';
import { traceLine, victimName } from './terrorTrace.js';

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
