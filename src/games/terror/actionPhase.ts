// The Action phase (model, public facts): time, the saved victims' rewards, the legal actions,
// playing action cards (move, escort, search, steady, heal, Premonition), horror rolls, and
// discarding action cards.
import { CARD_ESCORT, CARD_HEAL, CARD_MOVE, CARD_PREMONITION, CARD_SEARCH, CARD_STEADY, CARD_THWART } from './terrorTables.js';
import * as codes from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { addHorror, heal } from './loseHealth.js';
import { horrorRoll } from './horrorRoll.js';
import { returnActionCard } from './discardActionCard.js';
import { leaveByExit } from './resolveTerror.js';

export { horrorRoll };
import { spaceName, traceLine, victimName } from './terrorTrace.js';

// Module-local copies of the shared codes for the hot loops: V8 folds a module's own const into
// compiled code but loads an imported binding at every use (bench/terror.ts: a few % per game).
const { ACTION, CARRY, REVEAL, REWARD, EXIT_NEXT } = codes.TERROR_DECISION;
const { actionCard, actionCode, actionDest, DEST_NONE, DISCARD_FOR_TIME, UNKNOWN_CONSEQUENCE, UNKNOWN_DEATH_TOKEN, UNKNOWN_PUNISHMENT, UNKNOWN_TERROR, unknownCode, unknownIndex, unknownKind, V_BOARD } = codes;

/** Model (public facts): spend time on action cards (ACTION); rolls where the card says so. */
export function actionPhase(g: TerrorGame): void {
  g.phaseEnded = false;
  const d = g.data;
  g.time_ = g.horror_ >= d.horror.extremeFrom ? g.p.timeExtreme : g.p.timePerTurn;
  // rulebook: Fated Death — saved effects apply at the start of the next Action phase (normal victims too: assumption)
  while (g.pendingRewards > 0) {
    g.pendingRewards--;
    if (g.policy.choose(g.rng, g, REWARD, g.yesNo, 2, false) === 1) addHorror(g, -d.finalGirl.saveRewardHorror);
    else heal(g, d.finalGirl.saveRewardHeal);
  }
  if (g.trace) traceLine(g, `Action phase: time ${g.time_}, health ${g.health_}, horror ${g.horror_}, hand ${g.handTotal()}, at ${spaceName(g, g.fgSpace_)}`);
  actionLoop(g);
}

/** The Action phase's actions from the current state on (ACTION until she stops, time runs out or the phase ends). */
export function actionLoop(g: TerrorGame): void {
  // Every action spends a card, so the loop ends within handTotal + 1 decisions.
  // public fact: the action phase ends when time goes below 0
  while (!g.dead && !g.phaseEnded && g.time_ >= 0) {
    const n = listActions(g);
    if (n === 0) break;
    const i = g.policy.choose(g.rng, g, ACTION, g.actionOptions, n, true);
    if (i < 0) break;
    const code = g.actionOptions[i];
    doAction(g, actionCard(code), actionDest(code));
  }
}

/** Fills g.actionOptions with the legal actions now (actionCode); returns their count. */
export function listActions(g: TerrorGame): number {
  const a = g.actionOptions;
  const cards = g.data.cards;
  const ns = g.nSpaces;
  let n = 0;
  const here = g.fgSpace_;
  for (let c = 0; c < g.nCards; c++) {
    if (g.hand_[c] === 0) continue;
    // public fact: discard an action card any time for +1 time
    a[n++] = actionCode(c, DISCARD_FOR_TIME);
    const card = cards[c];
    // public fact: the phase ends when time goes below 0 — so with time ≥ 0 left any card may be
    // played, even one that takes time below 0 (which then ends the phase)
    if (card.kind === CARD_THWART) continue;
    if (card.kind === CARD_MOVE || card.kind === CARD_ESCORT) {
      for (let s = 0; s < ns; s++) {
        const dd = g.dist[here * ns + s];
        if (dd >= 1 && dd <= card.range) a[n++] = actionCode(c, s);
      }
    } else if (card.kind === CARD_SEARCH) {
      if (g.searchSpace[here]) a[n++] = actionCode(c, DEST_NONE);
    } else if (card.kind === CARD_PREMONITION) {
      if (listUnknowns(g) > 0) a[n++] = actionCode(c, DEST_NONE);
    } else {
      a[n++] = actionCode(c, DEST_NONE);
    }
  }
  return n;
}

/** rulebook: Premonition Action Card — the facedown things a Premonition may flip, as unknown codes into g.scratch; returns the count. */
export function listUnknowns(g: TerrorGame): number {
  const u = g.scratch;
  let n = 0;
  for (let p = g.arrow_; p < g.fc; p++) if (!g.deathFaceUp[p]) u[n++] = unknownCode(UNKNOWN_DEATH_TOKEN, p);
  for (let i = 0; i < g.fc; i++) if (!g.consFaceUp[i]) u[n++] = unknownCode(UNKNOWN_CONSEQUENCE, i);
  for (let i = 0; i < g.fc; i++) if (!g.punFaceUp[i]) u[n++] = unknownCode(UNKNOWN_PUNISHMENT, i);
  if (g.deckPos < g.deckSize && !g.topRevealed) u[n++] = unknownCode(UNKNOWN_TERROR, 0);
  return n;
}

/** Plays card type c to `dest` (a space, DEST_NONE), or discards it for time (DISCARD_FOR_TIME). */
export function doAction(g: TerrorGame, c: number, dest: number): void {
  const card = g.data.cards[c];
  g.hand_[c]--;
  returnActionCard(g, c);
  if (dest === DISCARD_FOR_TIME) {
    g.time_++;
    if (g.trace) traceLine(g, `discards ${card.id} for +1 time`);
    return;
  }
  g.time_ -= card.play;
  if (g.trace) traceLine(g, `plays ${card.id}${dest >= 0 ? ` to ${spaceName(g, dest)}` : ''}`);
  switch (card.kind) {
    case CARD_MOVE:
      g.fgSpace_ = dest;
      break;
    case CARD_ESCORT:
      escort(g, dest, card.carry);
      break;
    case CARD_SEARCH:
      g.items_ += horrorRoll(g);
      break;
    case CARD_STEADY:
      addHorror(g, -horrorRoll(g));
      break;
    case CARD_HEAL:
      heal(g, horrorRoll(g));
      break;
    case CARD_PREMONITION:
      premonition(g, card.reveal);
      break;
  }
}

/**
 * Writes the CARRY options into `out`: every subset of at most `carry` of the victims here[0, n)
 * as a bitmask over victim ids, by size (options[0] = 0), each size in Gosper order. Returns the count.
 */
function carryOptionsInto(out: Int32Array, here: Int32Array, n: number, carry: number): number {
  let m = 0;
  out[m++] = 0;
  const top = 1 << n;
  for (let k = 1; k <= Math.min(carry, n); k++) {
    for (let s = (1 << k) - 1; s < top; ) {
      let ids = 0;
      for (let i = 0; i < n; i++) if ((s >>> i) & 1) ids |= 1 << here[i];
      out[m++] = ids;
      // Gosper's hack: the next larger set of k bits.
      const low = s & -s;
      const r = s + low;
      s = (((r ^ s) >>> 2) / low) | r;
    }
  }
  return m;
}

/** Model: victims on the Final Girl's space chosen by the policy (CARRY) move with her; an exit takes them off the board. */
function escort(g: TerrorGame, dest: number, carry: number): void {
  const from = g.fgSpace_;
  const here = g.scratch2;
  let n = 0;
  for (let v = 0; v < g.nVictims; v++) if (g.vState[v] === V_BOARD && g.vSpace[v] === from) here[n++] = v;
  let mask = 0;
  if (n > 0) {
    const k = carryOptionsInto(g.carryOptions, here, n, carry);
    g.escortDest = dest;
    mask = g.carryOptions[g.policy.choose(g.rng, g, CARRY, g.carryOptions, k, false)];
    g.escortDest = -1;
  }
  g.fgSpace_ = dest;
  const out = g.leaving;
  let nOut = 0;
  for (let i = 0; i < n; i++) {
    const v = here[i];
    if (((mask >>> v) & 1) === 0) continue;
    g.vSpace[v] = dest;
    if (g.trace) traceLine(g, `escorts ${victimName(g, v)}`);
    if (!g.exitSpace[dest]) continue;
    if (v < g.fc) out[nOut++] = v;
    else leaveByExit(g, v);
  }
  // rulebook: Fated Victims — each leaving one takes the first free Death token; the order of
  // several leaving together is the player's: the policy picks who goes next (EXIT_NEXT).
  while (nOut > 0) {
    const i = nOut > 1 ? g.policy.choose(g.rng, g, EXIT_NEXT, out, nOut, false) : 0;
    const v = out[i];
    for (let j = i; j < nOut - 1; j++) out[j] = out[j + 1];
    nOut--;
    leaveByExit(g, v);
  }
}

/** rulebook: Premonition Action Card — flip up to `count` Unknowns faceup (the policy picks: REVEAL). */
export function premonition(g: TerrorGame, count: number): void {
  for (let k = 0; k < count; k++) {
    const n = listUnknowns(g);
    if (n === 0) return;
    const i = g.policy.choose(g.rng, g, REVEAL, g.scratch, n, true);
    if (i < 0) return;
    const code = g.scratch[i];
    const kind = unknownKind(code);
    const idx = unknownIndex(code);
    if (kind === UNKNOWN_DEATH_TOKEN) g.deathFaceUp[idx] = 1;
    else if (kind === UNKNOWN_CONSEQUENCE) g.consFaceUp[idx] = 1;
    else if (kind === UNKNOWN_PUNISHMENT) g.punFaceUp[idx] = 1;
    else g.topRevealed = true;
    if (g.trace) traceLine(g, `Premonition reveals ${['Death token', 'Consequence card', 'Punishment card', 'next terror card'][kind]} ${kind === UNKNOWN_TERROR ? g.data.terror[g.deck[g.deckPos]].name : idx + 1}`);
  }
}

