// `sim terror`: Final Girl: Terror from Destiny survival odds. --policy (a built-in name or a
// module path), --data and --death-order are parameters like any other (a scenario file can set
// them); --trace K prints game K of the run turn by turn instead of the report.
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../core/usageError.js';
import type { ScenarioDoc } from '../../core/scenarioFile.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { isBuiltinPolicy, terrorEntry, traceReport } from '../../games/terror/terrorEntry.js';
import { BUILTIN_POLICIES } from '../../games/terror/terrorParams.js';
import { addGameCommand, loadScenarioFile, resolveFromSources, runAndEmit, runOptionsWithScenario, type GameCliOptions } from '../gameCommand.js';
import { announceSeed, chooseSeed, emitReport } from '../runOptions.js';

/**
 * `policy` is free text (a built-in name or a module path), so the shell does not resolve it as a
 * file: a module path named in a scenario is resolved here against the scenario's folder, as the
 * shell does for `path` parameters such as `data`.
 */
function withScenarioPolicyResolved(file: string, doc: ScenarioDoc): ScenarioDoc {
  const dir = dirname(resolve(file));
  const fix = (p: unknown) => (typeof p === 'string' && p.trim() !== '' && !isBuiltinPolicy(p.trim()) ? resolve(dir, p.trim()) : p);
  const params = 'policy' in doc.params ? { ...doc.params, policy: fix(doc.params.policy) } : doc.params;
  const run = doc.run.policy !== undefined ? { ...doc.run, policy: fix(doc.run.policy) as string } : doc.run;
  return { ...doc, params, run };
}

function parseTrace(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const text = String(raw).trim();
  if (!/^\d+$/.test(text)) throw new UsageError(`option --trace: got "${text}", expected a game index (a whole number from 0)`);
  return Number(text);
}

const overrides = (o: Record<string, unknown>) => ({ deathOrder: o.deathOrder, policy: o.policy, data: o.data });

export function registerTerror(program: Command): void {
  const cmd = addGameCommand(program, {
    entry: terrorEntry,
    name: 'terror',
    description: 'Final Girl: Terror from Destiny: survival rate, deaths in play vs the Destiny phase, Fated Victims saved/killed/in Limbo, achievements',
    defaultGames: 1e5,
    options: (c) =>
      c
        .option('--death-order <N|all>', 'Death Order card 1..3, or all: a random card per game, reported per card (default all)')
        .option('--policy <NAME|PATH>', `decision policy: ${BUILTIN_POLICIES.join(', ')} (default death-order), or ./file.js`)
        .option('--data <FILE>', 'reference data YAML replacing scenarios/terror/data.yaml')
        .option('--trace <K>', 'print game K of this run (same --seed) turn by turn instead of the report'),
    overrides,
  });
  // Replaces the generic action: scenario policy paths and --trace need the command's help.
  cmd.action(async (opts: GameCliOptions & Record<string, unknown>) => {
    const trace = parseTrace(opts.trace);
    const loaded = opts.scenario ? loadScenarioFile(opts.scenario, terrorEntry.id) : null;
    const scenario = loaded ? { file: opts.scenario!, doc: withScenarioPolicyResolved(opts.scenario!, loaded) } : null;
    const params = resolveFromSources(terrorEntry, scenario, parseSetOptions(opts.set ?? []), overrides(opts));
    const runOpts = runOptionsWithScenario(cmd, opts, scenario?.doc ?? null);
    if (trace === undefined) {
      await runAndEmit(terrorEntry, params, runOpts);
      return;
    }
    // A trace replays one game and simulates none: nothing to split into shards or to checkpoint.
    if (runOpts.shard || runOpts.checkpoint) throw new UsageError(`option --trace: replays one game, so it cannot be combined with --${runOpts.shard ? 'shard' : 'checkpoint'}`);
    const seed = chooseSeed(runOpts);
    const report = await traceReport(params, seed, runOpts.games, trace, runOpts.confidence);
    // Like every run: a seed the user did not give is told on stderr, once the input is valid.
    announceSeed(runOpts, seed);
    emitReport(report, runOpts);
  });
}
