// Determinization of a Dark Fate state for search (decisionEngine.ts): re-deals what an observer
// cannot see, consistently with what they know (rulebook: the fate deck is face down, draw decks
// are shuffled; the game is open-handed otherwise):
//   - each player's draw pile: its order (players know it as a set);
//   - the fate deck's unseen slots (fateKnown 0): their cards change places; a slot whose card the
//     players saw go to the bottom keeps it; each Rev-9 in the deck lands on a random unseen slot
//     within its known window (rev9Window: the cards it was shuffled into, less those drawn since);
//   - Neural Net Processor: the Rev-9 player's hand is re-dealt from hand and Rev-9 deck together
//     (for the players; the Rev-9 player sees it).
// Everything else (hands, discard piles, the reserve, the wound deck, damage) is open.
import { randIndex, shuffleInPlace, type Rng } from '../../core/rng.js';
import type { EngineState } from './engineState.js';
import { REV9_FATE } from './policy.js';

/** The observers of the engine contract: the players (one team: every hand is open) and the Neural Net Processor's Rev-9 player. */
export const OBSERVER_PLAYERS = 0;
export const OBSERVER_REV9 = 1;

/**
 * Re-deals what `observer` cannot see (see the file header), from `rng`: OBSERVER_PLAYERS (the
 * players, one team) or OBSERVER_REV9 (the Neural Net Processor's Rev-9 player, who sees their own
 * hand). Mutates e and the scratch arrays `depth` (at least fate capacity + 2 × Rev-9 cards long)
 * and `cards` (at least e.S long). Call between turns or at any decision: only order and hidden
 * hands change.
 */
export function determinizeState(e: EngineState, rng: Rng, observer: number, depth: Int32Array, cards: Int16Array): void {
  // Draw piles: players know each as a set.
  for (let p = 0; p < e.players; p++) {
    const base = p * e.S;
    if (e.drawN[p] > 1) {
      shuffleInPlace(rng, e.drawPile, base, base + e.drawN[p]);
      e.drawVer[p]++;
    }
  }
  // Fate deck: the unseen slots (their depths in `depth`), their non-Rev-9 cards (in `cards`) shuffled.
  let u = 0;
  let m = 0;
  const mask = e.fateMask;
  for (let d = 0; d < e.fateN; d++) {
    const slot = (e.fateHead + d) & mask;
    if (e.fateKnown[slot]) continue;
    depth[u++] = d;
    const c = e.fate[slot];
    if (!e.isRev9(c)) cards[m++] = c;
  }
  if (u > 0) redealFate(e, rng, u, m, depth, cards);
  // Neural Net Processor: the players do not see the Rev-9 player's hand.
  if (observer === OBSERVER_PLAYERS && e.nnHandN > 0 && e.nnDeckN > 0) {
    const n = e.nnHandN + e.nnDeckN;
    for (let i = 0; i < e.nnDeckN; i++) cards[i] = e.nnDeck[i];
    for (let i = 0; i < e.nnHandN; i++) cards[e.nnDeckN + i] = e.nnHand[i];
    shuffleInPlace(rng, cards, 0, n);
    for (let i = 0; i < e.nnDeckN; i++) e.nnDeck[i] = cards[i];
    for (let i = 0; i < e.nnHandN; i++) e.nnHand[i] = cards[e.nnDeckN + i];
  }
}

/** The fate deck's u unseen slots (depths in depth[0, u)) re-dealt: their m non-Rev-9 cards (cards[0, m)) shuffled, each Rev-9 within its window. */
function redealFate(e: EngineState, rng: Rng, u: number, m: number, depth: Int32Array, cards: Int16Array): void {
  const mask = e.fateMask;
  shuffleInPlace(rng, cards, 0, m);
  // Each Rev-9 in the deck: a random unseen slot within its window, smallest window first (so the
  // joint placement is uniform over the placements the windows allow). Marked by writing -1 - k.
  const placed = u; // depth[u + j] holds the chosen index into depth for the j-th placed Rev-9
  let nPlaced = 0;
  for (;;) {
    let next = -1;
    let nextWin = 1 << 30;
    for (let k = 0; k < e.rev9N; k++) {
      if (e.r9Where[k] !== REV9_FATE) continue;
      let done = false;
      for (let j = 0; j < nPlaced; j++) if (depth[placed + 2 * j + 1] === k) done = true;
      if (done) continue;
      const w = e.rev9Window(k);
      if (w < nextWin) {
        nextWin = w;
        next = k;
      }
    }
    if (next < 0) break;
    // Unseen slots within the window that no Rev-9 took yet.
    let free = 0;
    for (let i = 0; i < u && depth[i] < nextWin; i++) if (!takenIndex(depth, placed, nPlaced, i)) free++;
    let pick = -1;
    if (free > 0) {
      let r = randIndex(rng, free);
      for (let i = 0; i < u && depth[i] < nextWin; i++) {
        if (takenIndex(depth, placed, nPlaced, i)) continue;
        if (r-- === 0) {
          pick = i;
          break;
        }
      }
    } else {
      // A window with no unseen slot cannot happen with the engine's rules; keep a consistent deck anyway.
      for (let i = 0; i < u && pick < 0; i++) if (!takenIndex(depth, placed, nPlaced, i)) pick = i;
    }
    depth[placed + 2 * nPlaced] = pick;
    depth[placed + 2 * nPlaced + 1] = next;
    nPlaced++;
  }
  let ci = 0;
  for (let i = 0; i < u; i++) {
    const slot = (e.fateHead + depth[i]) & mask;
    let rev9 = -1;
    for (let j = 0; j < nPlaced; j++) if (depth[placed + 2 * j] === i) rev9 = depth[placed + 2 * j + 1];
    e.fate[slot] = rev9 >= 0 ? e.rev9Base + rev9 : cards[ci++];
  }
}

function takenIndex(depth: Int32Array, placed: number, nPlaced: number, i: number): boolean {
  for (let j = 0; j < nPlaced; j++) if (depth[placed + 2 * j] === i) return true;
  return false;
}

