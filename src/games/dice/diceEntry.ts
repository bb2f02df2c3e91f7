// The dice game as a scenario game: parameters → Monte Carlo run → report.
import { UsageError } from '../../core/usageError.js';
import { provenance } from '../../core/provenance.js';
import { outsideIntervalsNote } from '../../core/intervals.js';
import type { ScenarioGame } from '../../core/scenarioGame.js';
import { DICE_PARAMS, type DiceParams } from './diceParams.js';
import { diceResult, diceTables } from './diceReport.js';

export const diceEntry: ScenarioGame = {
  id: 'dice',
  summary: 'K dice of X sides, success on T+: distribution of successes (checks the runner against the exact binomial)',
  params: DICE_PARAMS,
  async run(resolved, settings) {
    const params = { count: resolved.count, sides: resolved.sides, target: resolved.target } as DiceParams;
    if (params.target > params.sides) {
      throw new UsageError(`parameter target: got ${params.target}, expected a face of the die, 1..${params.sides}`);
    }
    const run = await settings.simulate('dice', params);
    const result = diceResult(params, run.totals, settings.confidence);
    return {
      ...provenance('dice', { ...params }),
      title: `${params.count}d${params.sides}, success on ${params.target}+: successes per roll`,
      method: 'mc',
      seed: settings.seed,
      n: run.games,
      confidence: settings.confidence,
      ...(run.partial ? { partial: true } : {}),
      result,
      assumptions: [],
      tables: diceTables(result),
      notes: [outsideIntervalsNote(result.distribution.map((row) => row.exactInInterval), settings.confidence)],
    };
  },
};
