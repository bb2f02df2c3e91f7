// The dice game's run: parameters → Monte Carlo run → report.
import { answerSentence, besideExactWords, estimateHeadline, exactApart, meanText } from '../../core/answer.js';
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
  const apart = exactApart(result.mean.exact, result.mean.lo, result.mean.hi);
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
    notes: [
      outsideIntervalsNote(result.distribution.map((row) => row.exactInInterval), settings.confidence),
      // Its df is of the cells after pooling: said, so that "df 3" beside 6 outcomes is not read as a slip.
      ...(result.chiSquare.degreesOfFreedom > 0 && result.chiSquare.degreesOfFreedom < params.count
        ? [`chi-square: the ${params.count + 1} outcomes (0 to ${params.count} successes) are pooled, left to right, into ${result.chiSquare.degreesOfFreedom + 1} cells of at least 5 expected rolls each, so its df is ${result.chiSquare.degreesOfFreedom}.`]
        : []),
    ],
    // The answer first: the mean successes a roll, beside the exact binomial mean.
    headline: estimateHeadline('mean successes a roll', { estimate: result.mean.mean, lo: result.mean.lo, hi: result.mean.hi }, 'mean'),
    text: answerSentence(`Rolling ${params.count}d${params.sides} with success on ${params.target}+ gives ${meanText({ estimate: result.mean.mean, lo: result.mean.lo, hi: result.mean.hi })} successes on average`, [
      // One game has no interval for the mean, and no chi-square.
      besideExactWords([apart.text], [Number.isFinite(result.mean.lo) ? result.mean.exact >= result.mean.lo && result.mean.exact <= result.mean.hi : null]).replace(' outside its interval', apart.end ? ` outside its interval (its ${apart.end})` : ' outside its interval'),
      Number.isFinite(result.chiSquare.pValue) ? `chi-square p = ${result.chiSquare.pValue.toPrecision(2)} for the whole distribution` : '',
    ]),
  };
};
