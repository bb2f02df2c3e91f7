// `dualfates pillars` as a scenario game: the Pillars of Fate and Initiative odds, exact, or a
// Monte Carlo cross-check beside them (--method mc) that shards, checkpoints and `sim check` can
// take like any other game's run.
import type { ParamSpec } from '../../core/params.js';
import type { ModeEntry } from '../../core/gameModule.js';
import { pillarsReport } from './dualfatesReports.js';
import { DUALFATES_SIM_ID } from './dualfatesSim.js';
import { fateCheckReport } from './fateReport.js';

export const PILLARS_PARAMS: readonly ParamSpec[] = [
  { key: 'rounds', type: 'int', default: 10, min: 1, max: 100, doc: 'rounds in the game', source: 'rulebook: Round Structure ("Dual Fates is played over 10 rounds")', cli: { value: '<N>', help: 'rounds in the game (1..100; default 10)' } },
  { key: 'method', type: 'enum', default: 'exact', choices: ['exact', 'mc'], doc: 'exact odds, or mc: Monte Carlo beside exact (with the running roll)', source: 'output option', cli: { value: '<method>', help: 'exact or mc: Monte Carlo beside exact (default exact)' } },
];

export const pillarsEntry: ModeEntry = {
  summary: 'Dual Fates: Pillars of Fate roll odds, objective rounds over a game, and the Initiative roll (exact; mc cross-check)',
  params: PILLARS_PARAMS,
  async run(resolved, settings) {
    const rounds = resolved.rounds as number;
    if (resolved.method === 'exact') return pillarsReport(rounds, settings.confidence);
    const run = await settings.simulate(DUALFATES_SIM_ID, { kind: 'fate', rounds });
    return fateCheckReport(rounds, run.totals, run.games, run.partial, settings.seed, settings.confidence);
  },
};
