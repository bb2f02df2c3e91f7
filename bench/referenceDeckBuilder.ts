// The in-repo reference every game's throughput is read against: a minimal typed-array
// deck-builder. Two players, each with a 10-card starter (7 coppers, 3 estates); a 60-card
// market deck shuffled per game with a row of 5 face up. Each turn: draw 5 (reshuffling the
// discard pile when needed), count money, buy the dearest affordable card in the row, refill the
// row, discard. 20 turns per player. Measured in the same bench run as the games, so a game's
// ratio to it cancels out the machine's speed.
import type { BenchCase } from './benchCase.js';
import { randIndex, shuffleInPlace, StreamSeeder, type Rng } from '../src/core/rng.js';

const PLAYERS = 2;
const TURNS = 20;
const MARKET = 60;
const ROW = 5;
const MAX_CARDS = 10 + TURNS;
/** Player turns in one reference game: a case counted in player turns is read against the reference's turns per second. */
export const REFERENCE_PLAYER_TURNS = PLAYERS * TURNS;

interface DeckState {
  draw: Int8Array[];
  discard: Int8Array[];
  drawN: Int32Array;
  discardN: Int32Array;
  hand: Int8Array;
  market: Int8Array;
  row: Int8Array;
}

function playReferenceGame(rng: Rng, s: DeckState): number {
  const { hand, market, row, drawN, discardN } = s;
  // Market card values 1..4 (money when played; cost = 2 × value).
  for (let i = 0; i < MARKET; i++) market[i] = 1 + (i & 3);
  shuffleInPlace(rng, market, 0, MARKET);
  let marketN = MARKET;
  for (let r = 0; r < ROW; r++) row[r] = market[--marketN];
  for (let p = 0; p < PLAYERS; p++) {
    const discard = s.discard[p];
    drawN[p] = 0;
    discardN[p] = 0;
    for (let i = 0; i < 7; i++) discard[discardN[p]++] = 1;
    for (let i = 0; i < 3; i++) discard[discardN[p]++] = 0;
  }
  let score = 0;
  for (let t = 0; t < TURNS; t++) {
    for (let p = 0; p < PLAYERS; p++) {
      const draw = s.draw[p];
      const discard = s.discard[p];
      let money = 0;
      for (let h = 0; h < 5; h++) {
        if (drawN[p] === 0) {
          // Reshuffle the discard pile into the draw pile (inside-out Fisher–Yates while moving).
          const n = discardN[p];
          for (let i = 0; i < n; i++) {
            const j = randIndex(rng, i + 1);
            draw[i] = draw[j];
            draw[j] = discard[i];
          }
          drawN[p] = n;
          discardN[p] = 0;
        }
        const c = draw[--drawN[p]];
        hand[h] = c;
        money += c;
      }
      let best = -1;
      for (let r = 0; r < ROW; r++) if (row[r] > 0 && 2 * row[r] <= money && (best < 0 || row[r] > row[best])) best = r;
      for (let h = 0; h < 5; h++) discard[discardN[p]++] = hand[h];
      if (best >= 0) {
        discard[discardN[p]++] = row[best];
        score += row[best];
        row[best] = marketN > 0 ? market[--marketN] : 0;
      }
    }
  }
  return score;
}

export const referenceCase: BenchCase = {
  name: 'reference deck-builder (2 players × 20 turns)',
  unit: 'games',
  batch: 5_000,
  setup: (): DeckState => ({
    draw: [new Int8Array(MAX_CARDS), new Int8Array(MAX_CARDS)],
    discard: [new Int8Array(MAX_CARDS), new Int8Array(MAX_CARDS)],
    drawN: new Int32Array(PLAYERS),
    discardN: new Int32Array(PLAYERS),
    hand: new Int8Array(5),
    market: new Int8Array(MARKET),
    row: new Int8Array(ROW),
  }),
  run(state, start, units) {
    // Same stream handling as the runner: one generator re-seeded in place per game.
    const seeder = new StreamSeeder(1);
    const rng = seeder.streamFor(start);
    let sum = 0;
    for (let i = start; i < start + units; i++) {
      seeder.seedInto(rng, i);
      sum += playReferenceGame(rng, state as DeckState);
    }
    return sum;
  },
};
