// The control calculator (`sim dualfates control --hold K`): Victory Points and Fate Tokens a player
// scores per round, and over a game, while controlling K of the 5 Pillars of Fate every round —
// exact, from the 36 outcomes of the Pillars of Fate roll and the scoring rules alone.
// Rulebook: 2. Pillars of Fate Phase and PILLARS OF FATE EXAMPLES (objectives), 7. Scoring Phase
// (Check Objective Pillars, Gain Victory Points), Earning Victory Points (1 VP and 1 Fate Token per
// valid objective controlled), Round Structure (10 rounds).
//
// By symmetry of the pillar numbers (the roll names each number alike) holding K given pillars is
// holding pillars 1..K. Over a game the rounds are independent, so the total is the R-fold
// convolution of one round; counts are BigInt over 36^R outcomes (exact for any R).
import { FATE_OUTCOMES, forEachFateRoll } from './fateDice.js';
import { PILLARS, SECRET_FACE } from './pillars.js';

/** What one round scores: Victory Points and Fate Tokens. */
export interface RoundScore {
  vp: number;
  tokens: number;
}

/** Is some pillar other than `except` (0: none excepted) held? */
function holdsAnother(held: (pillar: number) => boolean, except: number): boolean {
  for (let k = 1; k <= PILLARS; k++) if (k !== except && held(k)) return true;
  return false;
}

/**
 * The score of one round with Pillars of Fate dice a, b (each 1..6) for a player who controls the
 * pillars with `held(k)` true (k in 1..5). Writes into `out` and returns it; allocates nothing (it is
 * the Monte Carlo's step too). A test checks it against classifyPillarRoll on all 36 outcomes.
 */
export function roundScore(a: number, b: number, held: (pillar: number) => boolean, out: RoundScore = { vp: 0, tokens: 0 }): RoundScore {
  let objectives = 0;
  let multiplier = 1;
  if (a === SECRET_FACE && b === SECRET_FACE) {
    // rulebook: PILLARS OF FATE EXAMPLES — double 6s: a Critical Mission, "like a Secret Mission, but it's only one pillar", double VP.
    multiplier = 2;
    if (holdsAnother(held, 0)) objectives = 1;
  } else if (a === SECRET_FACE || b === SECRET_FACE) {
    const other = a === SECRET_FACE ? b : a;
    // rulebook: PILLARS OF FATE EXAMPLES — "If only one die shows a 6, the other die still scores normally".
    if (held(other)) objectives++;
    // rulebook: 2. Pillars of Fate Phase — at the end of the round the player "may choose any Pillar they
    // currently control as their Secret Mission objective as long as it's not one they are required to control".
    if (holdsAnother(held, other)) objectives++;
  } else if (a === b) {
    // rulebook: PILLARS OF FATE EXAMPLES — doubles: only that pillar scores, for double Victory Points.
    multiplier = 2;
    if (held(a)) objectives = 1;
  } else {
    // rulebook: PILLARS OF FATE EXAMPLES — "a 2 and a 5 ... may score Pillar 2 and Pillar 5 ... if they control them".
    if (held(a)) objectives++;
    if (held(b)) objectives++;
  }
  // rulebook: 7. Scoring Phase (Gain Victory Points) — 1 VP and 1 Fate Token per valid objective controlled;
  // doubles and the Critical Mission award double Victory Points (the token is not doubled: README choice 24).
  out.vp = objectives * multiplier;
  out.tokens = objectives;
  return out;
}

/** counts[v] = outcomes of the 36 with v Victory Points (v in 0..2) when holding pillars 1..hold; same for tokens. */
export function roundCounts(hold: number): { vp: number[]; tokens: number[] } {
  const vp = [0, 0, 0];
  const tokens = [0, 0, 0];
  const s: RoundScore = { vp: 0, tokens: 0 };
  forEachFateRoll((a, b) => {
    roundScore(a, b, (k) => k <= hold, s);
    vp[s.vp] += 1;
    tokens[s.tokens] += 1;
  });
  return { vp, tokens };
}

/** The R-fold convolution of a per-round count vector: out[t] = outcomes (of 36^R) with total t. */
export function convolveRounds(perRound: readonly number[], rounds: number): bigint[] {
  let dist: bigint[] = [1n];
  const step = perRound.map((c) => BigInt(c));
  for (let r = 0; r < rounds; r++) {
    const next = new Array<bigint>(dist.length + step.length - 1).fill(0n);
    for (let i = 0; i < dist.length; i++) {
      if (dist[i] === 0n) continue;
      for (let j = 0; j < step.length; j++) next[i + j] += dist[i] * step[j];
    }
    dist = next;
  }
  return dist;
}

/** num/den as a fraction in lowest terms ("0", and a whole number without "/1"). */
export function bigFraction(num: bigint, den: bigint): string {
  if (num === 0n) return '0';
  let x = num;
  let y = den;
  while (y !== 0n) [x, y] = [y, x % y];
  return den / x === 1n ? `${num / x}` : `${num / x}/${den / x}`;
}

/** num/den (BigInts, num ≤ den, either may exceed 2^53) as a double with full relative precision. */
export function ratio(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  // Shift so the integer quotient carries 64 significant bits, then scale back by 2^-shift.
  const bits = (x: bigint) => x.toString(2).length;
  const shift = Math.max(0, 64 + bits(den) - bits(num));
  return Number((num << BigInt(shift)) / den) * 2 ** -shift;
}

export interface ControlSummaryRow {
  hold: number;
  /** Expected VP per round and its fraction of 36. */
  vpPerRound: number;
  vpPerRoundFraction: string;
  vpOverGame: number;
  vpSd: number;
  tokensPerRound: number;
  tokensOverGame: number;
  /** P(0, 1, 2 VP in a round). */
  pRound: [number, number, number];
}

export interface ControlResult {
  rounds: number;
  hold: number;
  summary: ControlSummaryRow[];
  perRound: { vp: number; count: number; p: number; fraction: string }[];
  distribution: { vp: number; p: number; fraction: string; atLeast: number }[];
  tokens: { tokens: number; p: number; atLeast: number }[];
}

function summaryRow(hold: number, rounds: number): ControlSummaryRow {
  const c = roundCounts(hold);
  const mean = (w: number[]) => w.reduce((s, x, v) => s + x * v, 0);
  const vpSum = mean(c.vp);
  const vpSq = c.vp.reduce((s, x, v) => s + x * v * v, 0);
  const varRound = vpSq / FATE_OUTCOMES - (vpSum / FATE_OUTCOMES) ** 2;
  return {
    hold,
    vpPerRound: vpSum / FATE_OUTCOMES,
    vpPerRoundFraction: bigFraction(BigInt(vpSum), BigInt(FATE_OUTCOMES)),
    vpOverGame: (rounds * vpSum) / FATE_OUTCOMES,
    vpSd: Math.sqrt(rounds * varRound),
    tokensPerRound: mean(c.tokens) / FATE_OUTCOMES,
    tokensOverGame: (rounds * mean(c.tokens)) / FATE_OUTCOMES,
    pRound: [c.vp[0] / FATE_OUTCOMES, c.vp[1] / FATE_OUTCOMES, c.vp[2] / FATE_OUTCOMES],
  };
}

/** Everything `sim dualfates control` reports: K = 0..5 summarised; the chosen K's round and game distributions. */
export function controlResult(hold: number, rounds: number): ControlResult {
  const c = roundCounts(hold);
  const den = BigInt(FATE_OUTCOMES) ** BigInt(rounds);
  const tail = (d: bigint[]) => {
    const out: bigint[] = new Array<bigint>(d.length).fill(0n);
    let acc = 0n;
    for (let v = d.length - 1; v >= 0; v--) out[v] = acc += d[v];
    return out;
  };
  const vpDist = convolveRounds(c.vp, rounds);
  const vpTail = tail(vpDist);
  const tokDist = convolveRounds(c.tokens, rounds);
  const tokTail = tail(tokDist);
  const g = (n: number) => bigFraction(BigInt(n), BigInt(FATE_OUTCOMES));
  return {
    rounds,
    hold,
    summary: Array.from({ length: PILLARS + 1 }, (_, k) => summaryRow(k, rounds)),
    perRound: c.vp.map((count, vp) => ({ vp, count, p: count / FATE_OUTCOMES, fraction: g(count) })),
    distribution: vpDist.map((w, vp) => ({ vp, p: ratio(w, den), fraction: bigFraction(w, den), atLeast: ratio(vpTail[vp], den) })),
    tokens: tokDist.map((w, t) => ({ tokens: t, p: ratio(w, den), atLeast: ratio(tokTail[t], den) })),
  };
}
