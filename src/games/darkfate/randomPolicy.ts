// The random built-in policy: uniform over the legal choices of every decision.
import { randIndex } from '../../core/rng.js';
import type { DarkFatePolicy } from './policy.js';

/** Uniform over legal choices ("none" counts as one choice where allowed): one draw from the game's stream per decision. */
export const randomPolicy = (): DarkFatePolicy => ({
  name: 'random',
  choose(rng, _v, _d, _o, n, allowNone) {
    const r = randIndex(rng, allowNone ? n + 1 : n);
    return r === n ? -1 : r;
  },
});
