// `sim run FILE`: runs a scenario file — its game (a mode id such as `dice` or `genisys attack`),
// parameters and optional run settings — like the game's own command would.
import type { Command } from 'commander';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { findMode } from '../../games/index.js';
import { runAndEmit } from '../execute.js';
import { collect } from '../parseOptions.js';
import { loadScenarioFile, refuseIgnored, reportOptionsGiven, resolveFromSources, runOptionsWithScenario } from '../resolve.js';
import { addRunOptions, type RunCliOptions } from '../runOptions.js';
import type { OnRun } from '../gameCommands.js';

export function registerRun(program: Command, onRun: OnRun = runAndEmit): void {
  const run = program
    .command('run')
    .description('run a scenario file (YAML: game, params, optional run: {n, seed})')
    .argument('<file>', 'scenario file, e.g. scenarios/dice/default.yaml')
    .option('--set <key=value>', 'override one parameter (repeatable)', collect);
  addRunOptions(run, 'mode').action(async (file: string, opts: RunCliOptions & { set?: string[] }) => {
    const doc = loadScenarioFile(file, 'argument file');
    const { game, mode, id } = await findMode(doc.game, `${file}: game`);
    const params = resolveFromSources(mode, { file, doc }, parseSetOptions(opts.set ?? []), {}, {}, id);
    refuseIgnored({ mode, params }, { games: run.getOptionValueSource('games') === 'cli', seed: run.getOptionValueSource('seed') === 'cli', shard: opts.shard !== undefined, checkpoint: opts.checkpoint !== undefined, jobs: run.getOptionValueSource('jobs') === 'cli', reportOptions: reportOptionsGiven(run) });
    await onRun({ game, mode, id, params, opts: runOptionsWithScenario(run, opts, doc, mode), scenarioFile: file, ...(doc.description ? { scenarioDescription: doc.description } : {}), scenarioRun: doc.run });
  });
}
