// Exact facts of the Termination Scenario's opening: the production-point table that decides
// which side acts in turns 1-2, the hand limits, and hypergeometric draw odds. Pure functions;
// used by the deck view (Level 1) and by the opening and game simulations.
import { shuffleInPlace, type Rng } from '../../core/rng.js';
import { S_RESISTANCE, S_SKYNET } from './cardData.js';

/** One band of the opening table (digest §全体の基本進行). */
export interface OpeningBand {
  /** Inclusive range of production points. */
  lo: number;
  hi: number;
  /** The side that acts alone in the opening turns, or -1 when both act from turn 1. */
  soloSide: number;
  /** How many opening turns that side acts alone (0, 1 or 2). */
  soloTurns: number;
  label: string;
}

// rulebook: digest §全体の基本進行 — 0-6 / 7-10 / 11-14 / 15-18 / 19-20 production points spent on item equipment
export const OPENING_BANDS: readonly OpeningBand[] = [
  { lo: 0, hi: 6, soloSide: S_SKYNET, soloTurns: 2, label: 'turns 1-2: only Skynet acts' },
  { lo: 7, hi: 10, soloSide: S_SKYNET, soloTurns: 1, label: 'turn 1: only Skynet acts' },
  { lo: 11, hi: 14, soloSide: -1, soloTurns: 0, label: 'both act from turn 1' },
  { lo: 15, hi: 18, soloSide: S_RESISTANCE, soloTurns: 1, label: 'turn 1: only the Resistance acts' },
  { lo: 19, hi: 20, soloSide: S_RESISTANCE, soloTurns: 2, label: 'turns 1-2: only the Resistance acts' },
];

/** The band index of `points` production points, or -1 outside [0, 20]. */
export function bandOf(points: number): number {
  for (let b = 0; b < OPENING_BANDS.length; b++) if (points >= OPENING_BANDS[b].lo && points <= OPENING_BANDS[b].hi) return b;
  return -1;
}

/** Does `side` act in turn `turn` (1-based) under band `band`? */
export function actsInTurn(band: number, side: number, turn: number): boolean {
  const b = OPENING_BANDS[band];
  return b.soloSide < 0 || turn > b.soloTurns || b.soloSide === side;
}

/** What the opening table counts: the digest's words (implant points only) or every point spent. */
export type OpeningCount = 'implants' | 'all';
export const OPENING_COUNTS: readonly OpeningCount[] = ['implants', 'all'];

/** Base hand limit of both sides (digest §開始時基本設定). */
export const BASE_HAND_LIMIT = 5;

/**
 * Hand limit: 5, +1 per Leader in play for the Resistance, -1 per deck-out reshuffle, never below 0.
 */
export function handLimit(side: number, leadersInPlay: number, reshuffles: number): number {
  // rulebook: digest §開始時基本設定 (5, Resistance +1 per Leader) and §基本構成細則 (each reshuffle -1)
  return Math.max(0, BASE_HAND_LIMIT + (side === S_RESISTANCE ? leadersInPlay : 0) - reshuffles);
}

/** An exact probability as a reduced fraction and its value. */
export interface ExactProbability {
  num: bigint;
  den: bigint;
  value: number;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** C(n, k) exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  const kk = Math.min(k, n - k);
  for (let i = 1; i <= kk; i++) r = (r * BigInt(n - kk + i)) / BigInt(i);
  return r;
}

/**
 * P(at least one of `copies` copies among `drawn` cards drawn without replacement from `deck`
 * cards) = 1 - C(deck - copies, drawn) / C(deck, drawn), exactly. `drawn` above `deck` is capped.
 */
export function atLeastOne(deck: number, copies: number, drawn: number): ExactProbability {
  const n = Math.min(drawn, deck);
  const den = binomial(deck, n);
  const num = den - binomial(deck - copies, n);
  const g = gcd(num, den) || 1n;
  const rn = num / g;
  const rd = den / g;
  return { num: rn, den: rd, value: Number(rn) / Number(rd) };
}

/**
 * Shuffles a location deck (filled with the deck's cards) in place with Main Street at its bottom;
 * a deck without Main Street is shuffled whole.
 */
export function shuffleLocationDeck(rng: Rng, deck: Int16Array | Int32Array, mainStreet: number): void {
  // rulebook: digest §開始準備 — shuffle the location deck without Main Street, then put Main Street at the bottom
  let ms = -1;
  for (let i = 0; i < deck.length; i++) if (deck[i] === mainStreet) ms = i;
  if (ms < 0) {
    shuffleInPlace(rng, deck, 0, deck.length);
    return;
  }
  deck[ms] = deck[deck.length - 1];
  deck[deck.length - 1] = mainStreet;
  shuffleInPlace(rng, deck, 0, deck.length - 1);
}
