// Exact distribution of successes: Binomial(count, p), by dynamic programming (no underflow,
// exact at p = 0 and p = 1).
import { dieSuccessProbability, type DiceParams } from './diceParams.js';

/** out[k] = P(exactly k successes), k in [0, count]. */
export function exactSuccesses(p: DiceParams): number[] {
  const q = dieSuccessProbability(p);
  let dist = [1];
  for (let d = 0; d < p.count; d++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      next[k] += dist[k] * (1 - q);
      next[k + 1] += dist[k] * q;
    }
    dist = next;
  }
  return dist;
}
