// `sim run FILE` runs a scenario file; `sim params [GAME]` lists every parameter a scenario or
// `--set` may change, with its rulebook default and where that default comes from.
import type { Command } from 'commander';
import { collect } from '../parseOptions.js';
import { describeAllowed } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import type { Column, Report } from '../../core/reportTypes.js';
import { packageInfo } from '../../core/packageInfo.js';
import { nearest } from '../../core/params.js';
import type { ScenarioGame } from '../../core/scenarioGame.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { loadScenarioFile, markRunsAGame, resolveFromSources, runAndEmit, runOptionsWithScenario, type GameCliOptions } from '../gameCommand.js';
import { addOutputOptions, addRunOptions, emitReport, type OutputOptions } from '../runOptions.js';
import { findScenarioGame, scenarioGameIds } from '../scenarioGames.js';

/** The scenario game named `id`; unknown → UsageError with the nearest valid name. */
export async function requireScenarioGame(id: string, where: string): Promise<ScenarioGame> {
  const entry = await findScenarioGame(id);
  if (!entry) {
    // A command name is a game's prefix (genisys → genisys-attack; dualfates → two games).
    const ids = scenarioGameIds();
    const prefixed = ids.filter((g) => g.startsWith(`${id}-`));
    const near = prefixed.length ? prefixed : [nearest(id, ids)].filter((g): g is string => g !== null);
    const hint = near.length === 1 ? ` (did you mean "${near[0]}"?)` : near.length > 1 ? ` (did you mean one of ${near.map((g) => `"${g}"`).join(', ')}?)` : '';
    throw new UsageError(`${where}: unknown game "${id}"${hint}; known: ${ids.join(', ')}`);
  }
  return entry;
}


export function registerScenarioCommands(program: Command): void {
  const run = program
    .command('run')
    .description('run a scenario file (YAML: game, params, optional run: {n, seed})')
    .argument('<file>', 'scenario file, e.g. scenarios/dice/default.yaml')
    .option('--set <key=value>', 'override one parameter (repeatable)', collect);
  addRunOptions(markRunsAGame(run), 1e5).action(async (file: string, opts: GameCliOptions) => {
    const doc = loadScenarioFile(file);
    const entry = await requireScenarioGame(doc.game, `${file}: game`);
    const params = resolveFromSources(entry, { file, doc }, parseSetOptions(opts.set ?? []), {});
    await runAndEmit(entry, params, runOptionsWithScenario(run, opts, doc));
  });

  const params = program
    .command('params')
    .description('list the parameters of a game (or all games): key, default, allowed values, meaning, source')
    .argument('[game]', `one of: ${scenarioGameIds().join(', ')}`);
  addOutputOptions(params).action(async (game: string | undefined, opts: OutputOptions) => {
    const ids = game ? [game] : scenarioGameIds();
    const entries = await Promise.all(ids.map((id) => requireScenarioGame(id, 'argument game')));
    const rows = entries.flatMap((e) =>
      e.params.map((p) => ({ game: e.id, key: p.key, default: String(p.default), allowed: describeAllowed(p), source: p.source, doc: p.doc })),
    );
    const columns: Column[] = [
      { key: 'key', header: 'key', format: 'text' },
      { key: 'default', header: 'default', format: 'text' },
      { key: 'allowed', header: 'allowed', format: 'text' },
    ];
    // On screen the meaning and its source share one wrapping column (two would not fit 100 columns); CSV keeps them apart.
    const screenRows = rows.map((r) => ({ ...r, about: `${r.doc} (source: ${r.source})` }));
    const screenColumns: Column[] = [...columns, { key: 'about', header: 'meaning (source)', format: 'text' }];
    const csvColumns: Column[] = [...columns, { key: 'doc', header: 'meaning', format: 'text' }, { key: 'source', header: 'source', format: 'text' }];
    const report: Report = {
      tool: 'sim',
      version: packageInfo().version,
      game: game ?? 'all',
      title: `Parameters${game ? ` of ${game}` : ''} (override with --set key=value or a scenario's params:)`,
      method: 'none',
      params: {},
      paramsHash: '',
      seed: null,
      n: null,
      confidence: opts.confidence,
      result: rows,
      assumptions: [],
      // On screen, one table per game (no game column): each fits 100 columns, where one wide
      // table did not. As CSV, one table with the game column, so every row says its game.
      tables:
        opts.format === 'csv'
          ? [{ title: 'Parameters', columns: [...(game ? [] : [{ key: 'game', header: 'game', format: 'text' as const }]), ...csvColumns], rows }]
          : entries.map((e) => ({ title: game ? 'Parameters' : `Parameters of ${e.id}`, columns: screenColumns, rows: screenRows.filter((r) => r.game === e.id) })),
      notes: [],
    };
    emitReport(report, opts);
  });
}
