// The dice game's run: parameters → Monte Carlo run → report.
import { answerSentence, besideExactWords, estimateHeadline, meanText } from '../../core/answer.js';
import { UsageError } from '../../core/usageError.js';
import { provenance } from '../../core/provenance.js';
import { outsideIntervalsNote } from '../../core/intervals.js';
import type { GameMode } from '../../core/gameModule.js';
import type { DiceParams } from './diceParams.js';
import { diceResult, diceTables } from './diceReport.js';

export const diceRun: GameMode['run'] = async (resolved, settings) => {
  const params = { count: resolved.count, sides: resolved.sides, target: resolved.target } as DiceParams;
  if (params.target > params.sides) {
    throw new UsageError(`parameter target: got ${params.target}, expected a face of the die, 1..${params.sides}`);
  }
  const run = await settings.simulate('roll', params);
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
    // The answer first: the mean successes a roll, beside the exact binomial mean.
    headline: estimateHeadline('mean successes a roll', { estimate: result.mean.mean, lo: result.mean.lo, hi: result.mean.hi }, 'mean'),
    text: answerSentence(`Rolling ${params.count}d${params.sides} with success on ${params.target}+ gives ${meanText({ estimate: result.mean.mean, lo: result.mean.lo, hi: result.mean.hi })} successes on average`, [
      // One game has no interval for the mean, and no chi-square.
      besideExactWords([result.mean.exact.toFixed(2)], [Number.isFinite(result.mean.lo) ? result.mean.exact >= result.mean.lo && result.mean.exact <= result.mean.hi : null]),
      Number.isFinite(result.chiSquare.pValue) ? `chi-square p = ${result.chiSquare.pValue.toPrecision(2)} for the whole distribution` : '',
    ]),
  };
};
