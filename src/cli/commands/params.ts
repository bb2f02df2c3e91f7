// `sim params [GAME]`: every parameter a scenario or `--set` may change, with its rulebook default,
// allowed values, meaning and where that default comes from.
import type { Command } from 'commander';
import { modeId, type GameMode, type GameModule } from '../../core/gameModule.js';
import { packageInfo } from '../../core/packageInfo.js';
import { UNLABELLED, variesDataValue } from '../../core/dataValues.js';
import { describeAllowed, resolveParams, type ParamSpec } from '../../core/params.js';
import type { Column, Report } from '../../core/reportTypes.js';
import { findMode, gameIds, isGameId, loadGame } from '../../games/index.js';
import { emitReport } from '../emit.js';
import { addOutputOptions, type OutputOptions } from '../runOptions.js';

/** A view of `game` named `name` listed as a mode (only its parameters are read here: it plays nothing): its base mode's parameters (and data values), then its own; null when there is no such view. */
async function viewAsMode(game: GameModule, name: string): Promise<{ game: GameModule; mode: GameMode; id: string } | null> {
  const view = game.views?.find((v) => v.name === name);
  if (!view) return null;
  const base = view.baseMode !== undefined ? game.modes.find((m) => m.name === view.baseMode) : undefined;
  const omit = new Set(view.omit ?? []);
  const params = [...(base?.params ?? []).filter((p) => !omit.has(p.key)), ...view.params];
  return { game, mode: { name: view.name, summary: view.summary, params, ...(base?.extraParams ? { extraParams: base.extraParams } : {}) } as unknown as GameMode, id: `${game.id} ${view.name}` };
}

export function registerParams(program: Command): void {
  const params = program
    .command('params')
    .description('list the parameters of a game (or all games): key, default, allowed values, meaning, source')
    .argument('[game...]', `a game or mode id, e.g. darkfate or genisys attack (default: all of ${gameIds().join(', ')})`);
  params.option('--data', "list the data values instead: every value of the mode's data files addressable as data.<path> (and Dark Fate's card.<card>.<field>), with its current value, its label (rulebook, public, digest, assumed, or unlabelled where the file says nothing) and the file's words for it");
  addOutputOptions(params, { intervals: false }).action(async (words: string[], opts: OutputOptions & { data?: boolean }) => {
    const game = words.length ? words.join(' ') : undefined;
    const modesOf = (g: GameModule) => g.modes.map((mode) => ({ game: g, mode, id: modeId(g, mode) }));
    // A game of several modes (`sim params tccg`) lists every one of them.
    const whole = game !== undefined && isGameId(game) ? await loadGame(game) : undefined;
    // A view (`sim params genisys table`, `dualfates team`): its own parameters, after those of the mode it views.
    const view = words.length === 2 && isGameId(words[0]) ? await viewAsMode(await loadGame(words[0]), words[1]) : null;
    const modes = view ? [view] : whole && !whole.modes.some((m) => m.name === '') ? modesOf(whole) : game ? [await findMode(game, 'argument game')] : (await Promise.all(gameIds().map(loadGame))).flatMap(modesOf);
    const extraOf = (m: (typeof modes)[number]) => m.mode.extraParams?.(resolveParams(m.mode.params, {}, (k) => k)) ?? [];
    if (opts.data) {
      // Without a game every game's (titled as all, not as the first listed).
      await emitReport(dataValuesReport(modes.map((m) => ({ id: m.id, specs: extraOf(m) })), game, game === undefined ? undefined : whole && modes.length > 1 ? whole.id : modes[0]?.id, opts), opts);
      return;
    }
    const rows = modes.flatMap((m) =>
      // With the parameters its default data adds (card values), after the fixed ones; another
      // spelling of a value (data.cards.… beside card.…) once, under the value's own key.
      [...m.mode.params.map((p) => ({ p, extra: false })), ...extraOf(m).filter((p) => p.alias === undefined).map((p) => ({ p, extra: true }))].map(({ p, extra }) => ({ game: m.id, key: p.key, default: String(p.default), allowed: describeAllowed(p), source: p.source, doc: p.doc, sensitivity: extra ? dataSensitivityKind(p) : sensitivityKind(p), extra })),
    );
    const columns: Column[] = [
      { key: 'key', header: 'key', format: 'text' },
      { key: 'default', header: 'default', format: 'text' },
      { key: 'allowed', header: 'allowed', format: 'text' },
    ];
    // On screen the meaning and its source share one wrapping column (two would not fit 100 columns); CSV keeps them apart.
    const screenRows = rows.map((r) => ({ ...r, about: `${r.doc} (source: ${r.source}${r.sensitivity ? `; sim sensitivity varies it as ${r.sensitivity === 'assumed value' ? 'an' : 'a'} ${r.sensitivity}` : ''})` }));
    const screenColumns: Column[] = [...columns, { key: 'about', header: 'meaning (source)', format: 'text' }];
    const csvColumns: Column[] = [...columns, { key: 'doc', header: 'meaning', format: 'text' }, { key: 'source', header: 'source', format: 'text' }, { key: 'sensitivity', header: 'sensitivity', format: 'text' }];
    const shown = game ? (whole && modes.length > 1 ? whole.id : modes[0].id) : undefined;
    const perMode = !game || modes.length > 1;
    const report: Report = {
      tool: 'sim',
      version: packageInfo().version,
      game: shown ?? 'all',
      title: `Parameters${shown ? ` of ${shown}` : ''} (override with --set key=value or a scenario's params:)`,
      method: 'none',
      params: {},
      paramsHash: '',
      seed: null,
      n: null,
      confidence: opts.confidence ?? 0.95,
      result: rows.map(({ extra: _extra, ...row }) => row),
      assumptions: [],
      // On screen, one table per game (no game column): each fits 100 columns, where one wide
      // table did not. As CSV, one table with the game column, so every row says its game.
      tables:
        opts.format === 'csv'
          ? [{ title: 'Parameters', columns: [...(perMode ? [{ key: 'game', header: 'game', format: 'text' as const }] : []), ...csvColumns], rows }]
          : modes.flatMap((m) => {
              const extra = screenRows.filter((r) => r.game === m.id && r.extra);
              return [
                { title: perMode ? `Parameters of ${m.id}` : 'Parameters', columns: screenColumns, rows: screenRows.filter((r) => r.game === m.id && !r.extra) },
                // The data's own values (card.<card>.<field>): many, long keys, one meaning — key, default and allowed only.
                ...(extra.length ? [{ title: `Values of ${m.id}'s data, settable like parameters (${extra[0].source})`, columns, rows: extra }] : []),
              ];
            }),
      notes: [],
    };
    await emitReport(report, opts);
  });
}

/**
 * `sim params GAME [MODE] --data`: every data value of each mode (its data files at their
 * defaults), with its value, label and the file's words. One table per mode on screen; one table
 * with the mode column in CSV. A value with two spellings (Dark Fate) is listed once, under its
 * data.… spelling, the other named in the `also` column.
 */
function dataValuesReport(modes: { id: string; specs: readonly ParamSpec[] }[], game: string | undefined, shown: string | undefined, opts: OutputOptions): Report {
  const perMode = !game || modes.length > 1;
  const rowsOf = (m: { id: string; specs: readonly ParamSpec[] }) => {
    const spelled = new Set(m.specs.filter((s) => s.alias !== undefined).map((s) => s.alias!));
    return m.specs
      .filter((s) => !spelled.has(s.key))
      .map((s) => ({ game: m.id, key: s.key, value: String(s.default), label: s.label ?? UNLABELLED, source: s.source, also: s.alias ?? '' }));
  };
  const rows = modes.flatMap(rowsOf);
  const hasAlso = rows.some((r) => r.also !== '');
  const columns: Column[] = [
    { key: 'key', header: 'key', format: 'text' },
    { key: 'value', header: 'value', format: 'text' },
    { key: 'label', header: 'label', format: 'text' },
    ...(hasAlso ? [{ key: 'also', header: 'also', format: 'text' as const }] : []),
    { key: 'source', header: 'source (the file\'s words)', format: 'text' },
  ];
  const none = modes.filter((m) => m.specs.length === 0).map((m) => m.id);
  return {
    tool: 'sim',
    version: packageInfo().version,
    game: shown ?? 'all',
    title: `Data values${shown ? ` of ${shown}` : ''} (override with --set data.<path>=value, a scenario's params:, sweep --grid)`,
    method: 'none',
    params: {},
    paramsHash: '',
    seed: null,
    n: null,
    confidence: opts.confidence ?? 0.95,
    result: rows.map(({ also, ...r }) => (also ? { ...r, also } : r)),
    assumptions: [],
    tables:
      opts.format === 'csv'
        ? [{ title: 'Data values', columns: [...(perMode ? [{ key: 'game', header: 'game', format: 'text' as const }] : []), ...columns], rows }]
        : // The key names a row: a table too wide for the terminal repeats it in each block (long keys cannot wrap).
          modes.filter((m) => m.specs.length > 0).map((m) => ({ title: perMode ? `Data values of ${m.id}` : 'Data values', columns, rows: rows.filter((r) => r.game === m.id), rowLabels: 1 })),
    notes: [
      'label: how the data file labels the value — rulebook, public, digest or assumed where it says so (a comment tag, an entry\'s source or assumptions), unlabelled where it says nothing.',
      ...(none.length ? [`No data values: ${none.join(', ')} (the mode reads no data file, or offers none of its values yet).`] : []),
    ],
  };
}

/** What `sim sensitivity` varies a parameter as (the same flag it reads): a rule reading, an assumed value, or nothing (''). */
function sensitivityKind(p: { assumed?: 'reading' | 'value' }): string {
  return p.assumed === 'reading' ? 'reading' : p.assumed === 'value' ? 'assumed value' : '';
}

/** What `sim sensitivity` varies a data value as: a number or a true/false its file does not state as a fact, else nothing. */
function dataSensitivityKind(p: ParamSpec): string {
  return variesDataValue(p) && (typeof p.default === 'number' || typeof p.default === 'boolean') ? 'data value' : '';
}
