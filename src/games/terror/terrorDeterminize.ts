// The determinizer of the search policy (issue 15): re-deals, in place, everything the player
// cannot see, from the distribution she would give it after what she has seen — so a rollout
// plays from a state she believes possible, and never from the game's true hidden order.
//
// Hidden, and re-dealt here (rulebook: Special Setup; Premonition Action Card):
// - the terror deck below what she has seen: the Fated Death cards still to come (5 minus those
//   resolved) and as many other cards as the deck still holds, drawn from the vignette and
//   Location cards she has not seen drawn or discarded, in a uniformly random order; the top card
//   stays when Premonition revealed it, and before the first draw the top card is never Fated
//   Death (the set-up puts a dealt card on top);
// - the facedown Death tokens from the Arrow on: the unresolved Fated Victims that no faceup token
//   pictures, in a uniformly random order;
// - the facedown Consequence and Punishment cards: drawn from the cards of each deck that are not
//   faceup in the row;
// - the Final Health token while unflipped: uniform over the tokens.
// Exchangeability makes each of these the exact posterior: nothing else she saw depends on them.
// Reads only what the view shows (faceup flags, the cards off the deck, the Arrow, victim states).
import { randIndex, shuffleInPlace, type Rng } from '../../core/rng.js';
import type { TerrorGame } from './terrorGame.js';
import { V_CONSEQUENCE, V_FG_CARD } from './terrorDecision.js';

/** Scratch of one determinizer (per game object): no allocation per call. */
export class TerrorDeterminizer {
  private readonly pool: Int16Array;
  private readonly seen: Uint8Array;
  private readonly picks: Int32Array;

  constructor(g: TerrorGame) {
    this.pool = new Int16Array(g.data.terror.length + 8);
    this.seen = new Uint8Array(Math.max(g.data.terror.length, g.data.consequences.length, g.data.punishments.length) + 8);
    this.picks = new Int32Array(Math.max(g.fc, 8));
  }

  /** Re-deals g's hidden state from `rng` (consistent with what she has seen). Mutates g and rng. */
  determinize(g: TerrorGame, rng: Rng): void {
    this.terrorDeck(g, rng);
    this.deathTokens(g, rng);
    this.row(g, rng, g.consCard, g.consFaceUp, g.data.consequences.length);
    this.row(g, rng, g.punCard, g.punFaceUp, g.data.punishments.length);
    // public fact: the Final Health token is drawn facedown; unflipped, she does not know it
    if (!g.finalFlipped) g.finalToken = g.data.finalHealthTokens[randIndex(rng, g.data.finalHealthTokens.length)];
  }

  private terrorDeck(g: TerrorGame, rng: Rng): void {
    const d = g.data;
    const fc = g.fc;
    const seen = this.seen;
    seen.fill(0);
    // Seen: every card drawn or discarded (deck[0, deckPos)), and the top card if revealed.
    for (let i = 0; i < g.deckPos; i++) seen[g.deck[i]] = 1;
    const from = g.topRevealed && g.deckPos < g.deckSize ? g.deckPos + 1 : g.deckPos;
    if (from > g.deckPos) seen[g.deck[g.deckPos]] = 1;
    const left = g.deckSize - from;
    if (left <= 0) return;
    // The Fated Death cards she has not seen (drawn, discarded or revealed on top) are all still below.
    const pool = this.pool;
    let fatedLeft = 0;
    for (let c = 0; c < fc; c++) if (!seen[c]) pool[fatedLeft++] = c;
    const fatedIds = this.picks;
    for (let i = 0; i < fatedLeft; i++) fatedIds[i] = pool[i];
    const others = left - fatedLeft;
    // The non-Fated cards she has not seen, then a uniform sample of `others` of them (partial Fisher–Yates).
    let n = 0;
    for (let c = fc; c < d.terror.length; c++) if (!seen[c]) pool[n++] = c;
    for (let i = 0; i < others; i++) {
      const j = i + randIndex(rng, n - i);
      const t = pool[i];
      pool[i] = pool[j];
      pool[j] = t;
    }
    const deck = g.deck;
    let k = from;
    for (let i = 0; i < others; i++) deck[k++] = pool[i];
    for (let f = 0; f < fatedLeft; f++) deck[k++] = fatedIds[f];
    // rulebook: Special Setup — before the first draw the top card is a dealt one, never Fated Death
    if (from === 0) {
      const top = randIndex(rng, others);
      const t = deck[0];
      deck[0] = deck[top];
      deck[top] = t;
      shuffleInPlace(rng, deck, 1, g.deckSize);
    } else shuffleInPlace(rng, deck, from, g.deckSize);
  }

  private deathTokens(g: TerrorGame, rng: Rng): void {
    const fc = g.fc;
    let shown = 0;
    for (let p = g.arrow_; p < fc; p++) if (g.deathFaceUp[p]) shown |= 1 << g.deathPic[p];
    const picks = this.picks;
    let n = 0;
    for (let v = 0; v < fc; v++) if (g.vState[v] !== V_CONSEQUENCE && g.vState[v] !== V_FG_CARD && ((shown >>> v) & 1) === 0) picks[n++] = v;
    shuffleInPlace(rng, picks, 0, n);
    let k = 0;
    for (let p = g.arrow_; p < fc; p++) if (!g.deathFaceUp[p]) g.deathPic[p] = picks[k++];
  }

  /** A row of cards (Consequence or Punishment ids in `cards`), the facedown ones re-drawn from the deck's cards not faceup. */
  private row(g: TerrorGame, rng: Rng, cards: Int8Array, faceUp: Uint8Array, deckSize: number): void {
    const seen = this.seen;
    seen.fill(0);
    let hidden = 0;
    for (let i = 0; i < g.fc; i++) {
      if (faceUp[i]) seen[cards[i]] = 1;
      else hidden++;
    }
    if (hidden === 0) return;
    const pool = this.pool;
    let n = 0;
    for (let c = 0; c < deckSize; c++) if (!seen[c]) pool[n++] = c;
    for (let i = 0; i < g.fc; i++) {
      if (faceUp[i]) continue;
      const j = randIndex(rng, n);
      cards[i] = pool[j];
      pool[j] = pool[--n];
    }
  }
}
