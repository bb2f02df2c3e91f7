// rulebook: Special Setup — the vignette's set-up on top of the normal one: tracks, the Final
// Health token, the Death Order card, the hand, victims (Fated Victims by setup-grid rolls), the
// facedown Death tokens, the Consequence / Punishment row and the terror deck.
import { randIndex, rollDie, shuffleInPlace, type Rng } from '../../core/rng.js';
import { OUTCOME_RUNNING, TERROR_DECISION, V_BOARD, V_UNUSED } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import { MAX_TURNS } from './playTerrorGame.js';
import { spaceName, traceLine, victimName } from './terrorTrace.js';

/** Starts a new game of `g` on stream `rng` (kept as g.rng). Mutates all state. */
export function terrorSetup(g: TerrorGame, rng: Rng): void {
  g.rng = rng;
  const d = g.data;
  const p = g.p;
  const fc = g.fc;
  g.turn = 0;
  g.turnLimit = MAX_TURNS;
  g.outcome = OUTCOME_RUNNING;
  g.dead = false;
  g.phaseEnded = false;
  g.noFatedLatch = false;
  g.escortDest = -1;
  g.pendingRewards = 0;
  g.savedCount = 0;
  g.limboEver = 0;
  g.normalKilled = 0;
  g.outOfOrder = 0;
  g.consequencesResolved = 0;
  g.destinyHealth = -1;
  g.items_ = 0;
  // rulebook: Special Setup — the Bloodlust marker on the start space; Horror level starts at 5
  g.bloodlust_ = p.bloodlustStart;
  g.horror_ = p.horrorStart;
  g.maxHealth_ = d.finalGirl.health;
  g.health_ = d.finalGirl.health;
  g.time_ = 0;
  // public fact: Final Health tokens — one drawn facedown (flipped per the finalHealth reading)
  g.finalToken = d.finalHealthTokens[randIndex(rng, d.finalHealthTokens.length)];
  g.finalFlipped = false;
  // Death Order card: the chosen one, or a random one per game (--death-order all).
  g.deathOrderCard = p.deathOrder >= 0 ? p.deathOrder : randIndex(rng, d.deathOrders.length);
  // Action cards: the starting hand out of the supply (assumed data).
  for (let c = 0; c < g.nCards; c++) {
    g.hand_[c] = 0;
    g.spent_[c] = 0;
    g.supply_[c] = d.cards[c].copies;
  }
  for (let i = 0; i < d.finalGirl.startingHand.length; i++) {
    const c = d.finalGirl.startingHand[i];
    g.hand_[c]++;
    if (g.supply_[c] > 0) g.supply_[c]--;
  }
  // The Death Order card and the Consequence row start empty and facedown before anything is
  // decided (so a policy asked during set-up sees this game's state; no draw here).
  for (let i = 0; i < fc; i++) {
    g.deathPic[i] = i;
    g.deathFaceUp[i] = 0;
    g.deathOn[i] = -1;
    g.deathDone[i] = 0;
    g.consVictim[i] = -1;
    g.consOutcome[i] = -1;
    g.consFaceUp[i] = 0;
    g.punFaceUp[i] = 0;
  }
  g.arrow_ = 0;
  // Normal set-up: Final Girl and victims per the setup card (assumed data).
  g.fgSpace_ = d.location.finalGirlStart;
  g.nVictims = fc + d.location.victimStarts.length;
  for (let v = 0; v < g.vState.length; v++) {
    g.vState[v] = V_UNUSED;
    g.vSpace[v] = -1;
  }
  for (let i = 0; i < d.location.victimStarts.length; i++) {
    g.vState[fc + i] = V_BOARD;
    g.vSpace[fc + i] = d.location.victimStarts[i];
  }
  // rulebook: Special Setup example — Fated Victims by setup-grid rolls, legal spaces only
  for (let v = 0; v < fc; v++) placeFatedVictim(g, v);
  // rulebook: Special Rules — the Death tokens lie facedown on the Death Order card in hidden order
  shuffleInPlace(rng, g.deathPic, 0, fc);
  // rulebook: Special Setup (layout picture) — a row of Consequence cards over Punishment cards, facedown
  const sc = g.scratch;
  for (let i = 0; i < d.consequences.length; i++) sc[i] = i;
  shuffleInPlace(rng, sc, 0, d.consequences.length);
  for (let i = 0; i < fc; i++) g.consCard[i] = sc[i];
  for (let i = 0; i < d.punishments.length; i++) sc[i] = i;
  shuffleInPlace(rng, sc, 0, d.punishments.length);
  for (let i = 0; i < fc; i++) g.punCard[i] = sc[i];
  buildTerrorDeck(g);
  if (g.trace) {
    traceLine(g, `set-up: ${d.finalGirl.name} at ${spaceName(g, g.fgSpace_)}, health ${g.health_}, horror ${g.horror_}, Death Order card ${d.deathOrders[g.deathOrderCard].name}`);
    for (let v = 0; v < g.nVictims; v++) traceLine(g, `set-up: ${victimName(g, v)} at ${spaceName(g, g.vSpace[v])}`);
    traceLine(g, `set-up: terror deck of ${g.deckSize}, top card ${d.terror[g.deck[0]].name}`);
  }
}

/**
 * rulebook: Special Setup — keep the Fated Death cards aside, shuffle the vignette's and the
 * Location's terror cards, deal terrorDealt, set one aside, shuffle the rest with the Fated Death
 * cards, put the set-aside card on top. deck[0] is the top card and is never Fated Death.
 */
export function buildTerrorDeck(g: TerrorGame): void {
  const d = g.data;
  const fc = g.fc;
  const pool = g.pool;
  const nPool = d.vignetteTerrorCount + d.locationTerrorCount;
  for (let i = 0; i < nPool; i++) pool[i] = fc + i;
  shuffleInPlace(g.rng, pool, 0, nPool);
  const dealt = g.p.terrorDealt;
  const deck = g.deck;
  deck[0] = pool[0];
  for (let i = 1; i < dealt; i++) deck[i] = pool[i];
  for (let f = 0; f < fc; f++) deck[dealt + f] = f;
  shuffleInPlace(g.rng, deck, 1, dealt + fc);
  g.deckPos = 0;
  g.topRevealed = false;
  g.terrorConsumed = 0;
}

/** Legal set-up spaces of a grid section (space ids) into out; returns the count. */
export function legalPlacements(g: TerrorGame, section: readonly number[], out: Int32Array): number {
  let n = 0;
  for (let k = 0; k < section.length; k++) {
    const s = section[k];
    // rulebook: Special Setup example — not on an Exit space (E4, E5)
    if (g.exitSpace[s]) continue;
    // rulebook: Special Setup example — not on the Final Girl's space (E3)
    if (s === g.fgSpace_) continue;
    // rulebook: Special Setup example — never two Fated Victims in one place (E2); other victims may share (E5)
    let taken = false;
    for (let v = 0; v < g.fc; v++) if (g.vState[v] === V_BOARD && g.vSpace[v] === s) taken = true;
    if (!taken) out[n++] = s;
  }
  return n;
}

/** Places Fated Victim v: grid rolls until a section holds a legal space, then the policy's pick (PLACE_FATED_VICTIM). */
function placeFatedVictim(g: TerrorGame, v: number): void {
  const grid = g.data.location;
  const cand = g.scratch2;
  // Ends: the data loader checked that the sections the dice reach hold a legal space for every Fated Victim.
  for (;;) {
    // rulebook: Special Setup example — one roll for the vertical guides, one for the horizontal
    const vr = rollDie(g.rng, 6);
    const hr = rollDie(g.rng, 6);
    const n = legalPlacements(g, grid.sections[grid.gridVertical[vr - 1]][grid.gridHorizontal[hr - 1]], cand);
    if (n > 0) {
      const i = g.policy.choose(g.rng, g, TERROR_DECISION.PLACE_FATED_VICTIM, cand, n, false);
      g.vState[v] = V_BOARD;
      g.vSpace[v] = cand[i];
      return;
    }
    // assumption: a section with no legal space is rolled again (as often as needed)
  }
}
