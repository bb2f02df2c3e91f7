// The calibration game: roll `count` dice of `sides` faces, success on `target` or more. Its Monte
// Carlo distribution is checked against the exact binomial in every report, so it tests the
// runner itself. No rulebook.
//
// Parameters: count (dice per roll), sides (faces per die), target (success on target+).
import type { GameModule } from '../../core/gameModule.js';
import { diceRun } from './diceRun.js';
import { DICE_PARAMS } from './diceParams.js';
import { diceSim } from './diceSim.js';

export const game: GameModule = {
  id: 'dice',
  summary: 'K dice of X sides, success on T+: Monte Carlo beside the exact binomial (calibration)',
  modes: [
    {
      name: '',
      summary: 'roll K dice of X sides, success on T+: Monte Carlo distribution of successes checked against the exact binomial',
      params: DICE_PARAMS,
      defaultGames: 1e5,
      run: diceRun,
    },
  ],
  sims: { roll: diceSim },
  conformance: {
    runs: [
      { mode: '', params: {}, n: 20_000 },
      { mode: '', params: { count: 12, sides: 10, target: 7 }, n: 5_000 },
    ],
  },
};
