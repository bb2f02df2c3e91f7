// The Fate roll (rulebook: Using Abilities — "the controlling player rolls Fate (2d6)") as data:
// the 36 equally likely ordered outcomes of two six-sided dice, so every probability in this
// game is a count over them (icepool's "chance as data"). Counts are exact integers; callers
// divide by the denominator they report.

/** Faces of one die: 1..6. */
export const DIE_FACES = 6;
/** Ordered outcomes of 2d6. */
export const FATE_OUTCOMES = DIE_FACES * DIE_FACES;

/** Calls f(a, b) for each of the 36 ordered outcomes of 2d6, a and b in [1, 6]. */
export function forEachFateRoll(f: (a: number, b: number) => void): void {
  for (let a = 1; a <= DIE_FACES; a++) for (let b = 1; b <= DIE_FACES; b++) f(a, b);
}

/** out[s] = number of the 36 outcomes with a + b = s, s in [0, 12] (0 and 1 are empty). */
export function fateSumCounts(): number[] {
  const out = new Array<number>(13).fill(0);
  forEachFateRoll((a, b) => {
    out[a + b] += 1;
  });
  return out;
}

/** Greatest common divisor of two non-negative integers. */
export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** "num/den" in lowest terms, e.g. fraction(42, 72) = "7/12"; "0" and "1" for the ends. */
export function fraction(num: number, den: number): string {
  if (num === 0) return '0';
  if (num === den) return '1';
  const g = gcd(num, den);
  return `${num / g}/${den / g}`;
}

/** An exact discrete distribution: P(value = v) = weights[v] / total (integers). */
export interface CountDist {
  weights: number[];
  total: number;
}

/** The distribution as probabilities, probs[v] = weights[v] / total. */
export function toProbabilities(d: CountDist): number[] {
  return d.weights.map((w) => w / d.total);
}
