// `sim dice`: the calibration game. Rolls --count dice of --sides faces, success on --target+.
import type { Command } from 'commander';
import { UsageError, resolveParams } from '../../core/params.js';
import { DICE_PARAMS, type DiceParams } from '../../games/dice/diceParams.js';
import { diceResult, diceTables } from '../../games/dice/diceReport.js';
import type { Report } from '../../report/report.js';
import { provenance } from '../provenance.js';
import { addRunOptions, chooseSeed, emitReport, runWithShell, type RunCliOptions } from '../runOptions.js';

interface DiceCliOptions extends RunCliOptions {
  count?: string;
  sides?: string;
  target?: string;
}

export function registerDice(program: Command): void {
  const cmd = program
    .command('dice')
    .description('roll K dice of X sides, success on T+: Monte Carlo distribution of successes checked against the exact binomial')
    .option('--count <K>', 'dice per roll (1..1000)', '3')
    .option('--sides <X>', 'faces per die (2..1000)', '6')
    .option('--target <T>', 'a die succeeds on T or more (1..sides)', '5');
  addRunOptions(cmd, 1e5).action(async (opts: DiceCliOptions) => {
    const resolved = resolveParams(
      DICE_PARAMS,
      { count: opts.count, sides: opts.sides, target: opts.target },
      (key) => `option --${key}`,
    );
    const params = resolved as unknown as DiceParams;
    if (params.target > params.sides) {
      throw new UsageError(`option --target: got ${params.target}, expected a face of the die, 1..${params.sides}`);
    }
    const seed = chooseSeed(opts);
    const run = await runWithShell('dice', params, opts, seed);
    const result = diceResult(params, run.result.totals, opts.confidence);
    const report: Report = {
      ...provenance('dice', { ...params }),
      title: `${params.count}d${params.sides}, success on ${params.target}+: successes per roll`,
      method: 'mc',
      seed,
      n: run.result.games,
      confidence: opts.confidence,
      ...(run.result.partial ? { partial: true } : {}),
      result,
      assumptions: [],
      tables: diceTables(result),
      notes: [],
      timings: run.timings,
    };
    emitReport(report, opts);
  });
}
