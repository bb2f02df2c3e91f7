// The `dice` simulation: one game = one roll of `count` dice; metric = number of successes.
import type { GameSim } from '../../core/game.js';
import { rollDie } from '../../core/rng.js';
import type { DiceParams } from './diceParams.js';

export const SUCCESSES = 0;

export const diceSim: GameSim<DiceParams> = {
  metrics: (p) => [{ name: 'successes', description: 'dice that rolled target or more', kind: 'count', maxValue: p.count }],
  // ~20 ms of rolling: about 3e6 die rolls per 20 ms on one core.
  gamesPerChunk: (p) => Math.max(1000, Math.floor(3e6 / p.count)),
  createPlayer(p) {
    const { count, sides, target } = p;
    return {
      play(rng, rec) {
        let successes = 0;
        for (let d = 0; d < count; d++) if (rollDie(rng, sides) >= target) successes++;
        rec.record(SUCCESSES, successes);
      },
    };
  },
};
