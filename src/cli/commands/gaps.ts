// `sim gaps [GAME]`: every policy gap the games store (scenarios/<game>/policy-gap.yaml), in one
// table per game: for each measured configuration, the default bot's rate, the search's at the
// highest budget measured, and search − default with its 95% interval on the same games. Each is
// the gap a report of that configuration prints; together they say how far each game's printed
// numbers are (at least) from strong play. Nothing is played: the entries are read and checked
// (readGapEntries), and npm test replays each default's side (test/storedFresh.test.ts).
import type { Command } from 'commander';
import { modeId } from '../../core/gameModule.js';
import { packageInfo } from '../../core/packageInfo.js';
import { gapGained, gapPoints, type StoredGap } from '../../core/policyGapNote.js';
import type { Column, Report } from '../../core/reportTypes.js';
import { UsageError } from '../../core/usageError.js';
import { gameIds, isGameId, loadGame } from '../../games/index.js';
import { emitReport } from '../emit.js';
import { addOutputOptions, type OutputOptions } from '../runOptions.js';

/** A stored gap with the mode it belongs to, as the command lists it. */
type Row = StoredGap & { game: string };

/** The search's budget in words, for a table's title: "its budget in rollouts (searchRollouts)". */
const budgetUnit = (param: string): string => `its budget in ${param === 'searchRollouts' ? 'rollouts' : 'iterations'} (${param})`;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The gap cell: search − default with its interval, and what it reads as where it is not a floor (a significant gain). */
function gapCell(r: Row): string {
  const tag = !r.printed ? ' (not printed)' : gapGained(r) ? '' : r.hi < 0 ? ' (search lower)' : ' (n.s.)';
  return `${gapPoints(r.difference)} [${gapPoints(r.lo)}, ${gapPoints(r.hi)}]${tag}`;
}

/** The modes with stored gaps among `games`, or the one mode `words` name. */
async function rowsOf(words: string[]): Promise<{ rows: Row[]; shown: string }> {
  const text = words.join(' ').trim().replace(/\s+/g, ' ');
  const [gameWord, modeWord] = text === '' ? [undefined, undefined] : [text.split(' ')[0], text.split(' ').slice(1).join(' ') || undefined];
  if (gameWord !== undefined && (!isGameId(gameWord) || !gameIds().includes(gameWord))) throw new UsageError(`argument game: unknown game "${gameWord}" (games: ${gameIds().join(', ')})`);
  const games = await Promise.all((gameWord ? [gameWord] : gameIds()).map(loadGame));
  const withSearch = games.filter((g) => g.search?.stored);
  if (gameWord && withSearch.length === 0) {
    const all = await Promise.all(gameIds().map(loadGame));
    throw new UsageError(`argument game: ${gameWord} has no search policy, so no policy gap is stored for it (games with one: ${all.filter((g) => g.search?.stored).map((g) => g.id).join(', ')})`);
  }
  const rows: Row[] = [];
  for (const g of withSearch) {
    for (const e of await g.search!.stored!()) {
      const mode = g.modes.find((m) => m.name === e.mode);
      rows.push({ ...e, game: mode ? modeId(g, mode) : g.id });
    }
  }
  if (modeWord !== undefined) {
    const game = withSearch[0];
    const mode = game.modes.find((m) => m.name === modeWord);
    const named = game.modes.filter((m) => m.name !== '').map((m) => m.name);
    if (!mode) throw new UsageError(`argument game: ${game.id} has no mode "${modeWord}" (${named.length ? `its modes: ${named.join(', ')}` : `give the game alone: sim gaps ${game.id}`})`);
    const id = modeId(game, mode);
    const mine = rows.filter((r) => r.game === id);
    const stored = [...new Set(rows.map((r) => r.game))];
    if (mine.length === 0) throw new UsageError(`argument game: ${id} stores no policy gap (${stored.join(', ')} do${stored.length === 1 ? 'es' : ''})`);
    return { rows: mine, shown: id };
  }
  return { rows, shown: gameWord ?? 'all' };
}

/** The answer: per game, the largest gap its current entries show, or that none is significant, or that none is current. */
export function gapsAnswer(rows: readonly Row[]): string {
  const byGame = new Map<string, Row[]>();
  for (const r of rows) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  const parts = [...byGame].map(([game, all]) => {
    const rs = all.filter((r) => r.printed);
    if (rs.length === 0) return `${game}: no current entry (${all.length} not printed by the reports any more: see the notes)`;
    const gained = rs.filter(gapGained);
    if (gained.length === 0) return `${game}: no significant gap in ${rs.length} configuration${rs.length === 1 ? '' : 's'}`;
    const top = gained.reduce((a, b) => (b.difference > a.difference ? b : a));
    return `${game}: up to ${gapPoints(top.difference)} pp [${gapPoints(top.lo)}, ${gapPoints(top.hi)}] (${top.configuration}${top.side ? `, side ${top.side}` : ''}; ${top.policy} ${pct(top.base)}), significant in ${gained.length} of ${rs.length}`;
  });
  return `How far each default bot is from the search's play, as stored (search − default on the same games, 95% intervals; where the search gains, a floor on the distance to strong play):\n${parts.map((x) => `- ${x}`).join('\n')}`;
}

export function registerGaps(program: Command): void {
  const cmd = program
    .command('gaps')
    .description('the stored policy gaps: for each game and configuration measured, the default bot against the search at the highest budget its skill ladder measured, on the same games (nothing is played)')
    .argument('[game...]', 'a game or mode id, e.g. darkfate or dualfates match (default: every game with a search policy)');
  addOutputOptions(cmd, { intervals: false, why: 'it lists stored 95% intervals and plays no games' }).action(async (words: string[], opts: OutputOptions) => {
    const { rows, shown } = await rowsOf(words);
    const columns: Column[] = [
      { key: 'configuration', header: 'configuration', format: 'text' },
      ...(rows.some((r) => r.side !== null) ? [{ key: 'sideText', header: 'side', format: 'text' as const }] : []),
      { key: 'defaultText', header: 'default', format: 'text' },
      { key: 'searchText', header: 'search at budget', format: 'text' },
      { key: 'gapText', header: 'gap, pp [95%]', format: 'text' },
      { key: 'games', header: 'games', format: 'int' },
    ];
    const screen = rows.map((r) => ({
      ...r,
      sideText: r.side ?? '–',
      defaultText: `${r.policy} ${pct(r.base)}`,
      searchText: `${pct(r.search)} at ${r.budget}`,
      gapText: gapCell(r),
    }));
    // CSV: one table of the JSON result's fields (every row says its game).
    const csvColumns: Column[] = [
      { key: 'game', header: 'game', format: 'text' },
      { key: 'mode', header: 'mode', format: 'text' },
      { key: 'configuration', header: 'configuration', format: 'text' },
      { key: 'side', header: 'side', format: 'text' },
      { key: 'policy', header: 'default', format: 'text' },
      { key: 'base', header: 'default rate', format: 'sig4' },
      { key: 'budgetParam', header: 'budget parameter', format: 'text' },
      { key: 'budget', header: 'budget', format: 'int' },
      { key: 'search', header: 'search rate', format: 'sig4' },
      { key: 'difference', header: 'difference', format: 'sig4' },
      { key: 'lo', header: 'lo', format: 'sig4' },
      { key: 'hi', header: 'hi', format: 'sig4' },
      { key: 'pValue', header: 'p', format: 'pvalue' },
      { key: 'games', header: 'games', format: 'int' },
      { key: 'seed', header: 'seed', format: 'int' },
      { key: 'command', header: 'command', format: 'text' },
      { key: 'printed', header: 'printed', format: 'text' },
      { key: 'why', header: 'why not printed', format: 'text' },
    ];
    const modes = [...new Set(rows.map((r) => r.game))];
    const report: Report = {
      tool: 'sim',
      version: packageInfo().version,
      game: shown,
      title: `Stored policy gaps${shown === 'all' ? '' : ` of ${shown}`}: each default bot against the search on the same games`,
      method: 'none',
      params: {},
      paramsHash: '',
      seed: null,
      n: null,
      confidence: 0.95,
      result: rows.map((r) => ({ ...r, why: r.why ?? '' })),
      assumptions: [],
      text: gapsAnswer(rows),
      tables:
        opts.format === 'csv'
          ? [{ title: 'Stored policy gaps', columns: csvColumns, rows: rows.map((r) => ({ ...r, side: r.side ?? '', printed: r.printed ? 'true' : 'false', why: r.why ?? '' })) }]
          : modes.map((m) => {
              const mine = screen.filter((r) => r.game === m);
              return { title: `${m}: the default against the search at ${budgetUnit(mine[0].budgetParam)}`, columns: mine.some((r) => r.side !== null) ? columns : columns.filter((c) => c.key !== 'sideText'), rows: mine, rowLabels: 1 };
            }),
      notes: [
        'Each row is the last measurement stored in scenarios/<game>/policy-gap.yaml for that configuration (its command in the file and in JSON/CSV): the default bot and the game\'s search policy played the same games (common random numbers), the search at the highest budget its skill ladder measured (`sim policies GAME --ladder`). A report of that configuration prints the same gap.',
        'gap: search − default in percentage points of the side\'s win (or survival) rate, with its paired 95% interval (JSON and CSV add the paired test\'s p-value). Where the search wins significantly more the default is at least that far from strong play (a floor: a larger budget may gain more); n.s.: the interval holds 0, no gap shown at that budget (not a distance: a stronger search may still gain).',
        ...rows.filter((r) => !r.printed).map((r) => `Not printed by the reports: ${r.game}, ${r.configuration}${r.side ? `, side ${r.side}` : ''}: ${r.why ?? 'not current'}; its command measures it again (\`${r.command}\`).`),
        'npm test plays every entry\'s configuration again with today\'s default on the entry\'s games and fails when the default\'s rate moved (test/storedFresh.test.ts); `node scripts/remeasureGaps.mjs GAME` measures stale entries again.',
      ],
    };
    await emitReport(report, opts);
  });
}
