// `sim gaps [GAME]`: every policy gap the games store (scenarios/<game>/policy-gap.yaml), in one
// table per game: for each measured configuration and side, the default bot's rate, the
// challenger's on the same games (the game's search at the highest budget measured, or a Dual
// Fates fixed deployment) and challenger − default with its 95% interval. Each is a line the
// reports of that configuration print; together they say how far each game's printed numbers are
// (at least) from strong play. Nothing is played: the entries are read and checked
// (readGapEntries), and npm test replays each default's side (test/storedFresh.test.ts).
import type { Command } from 'commander';
import { modeId, type GameModule } from '../../core/gameModule.js';
import { packageInfo } from '../../core/packageInfo.js';
import { gapGained, gapPoints, type StoredGap } from '../../core/policyGapNote.js';
import type { Column, Report } from '../../core/reportTypes.js';
import { UsageError } from '../../core/usageError.js';
import { gameIds, isGameId, loadGame } from '../../games/index.js';
import { emitReport } from '../emit.js';
import { addOutputOptions, type OutputOptions } from '../runOptions.js';

/** A stored gap with the mode it belongs to, as the command lists it. */
export type GapRow = StoredGap & { game: string };

/** What `sim gaps` answers: the rows, and each listed mode with a search whose gap file gave none. */
export interface GapsResult {
  gaps: GapRow[];
  /** Modes with a search policy and no readable entry (their gap file missing, empty or refused by its checks). */
  unmeasured: string[];
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The challenger cell: "search 60.5% at 256", "fixed layout 91.9%" (a fixed deployment). */
const challengerText = (r: GapRow): string => (r.challenger === 'search' ? `search ${pct(r.challengerRate)} at ${r.budget}` : `fixed layout ${pct(r.challengerRate)}`);

/** The gap cell: challenger − default with its interval, and what it reads as where it is not a floor (a significant gain). */
function gapCell(r: GapRow): string {
  const tag = !r.printed ? ` (${gapGained(r) ? 'significant; ' : ''}not printed)` : gapGained(r) ? '' : r.hi < 0 ? ' (challenger lower)' : ' (n.s.)';
  return `${gapPoints(r.difference)} [${gapPoints(r.lo)}, ${gapPoints(r.hi)}]${tag}`;
}

/** The game's stored gaps, each under its mode's id (a row naming a mode the game lacks is a bug in the game). */
async function rowsOfGame(g: GameModule): Promise<GapRow[]> {
  return (await g.search!.stored!()).map((e) => {
    const mode = g.modes.find((m) => m.name === e.mode);
    if (!mode) throw new Error(`${g.id}'s stored gaps name a mode it does not have: "${e.mode}"`);
    return { ...e, game: modeId(g, mode) };
  });
}

/** The rows of every game with a search, or of the game (and mode) `words` name. */
async function gapsOf(words: string[]): Promise<{ result: GapsResult; shown: string }> {
  const text = words.join(' ').trim().replace(/\s+/g, ' ');
  if (words.length > 0 && text === '') throw new UsageError('argument game: empty; name a game (darkfate, dualfates match, …), or give none for every game');
  const [gameWord, modeWord] = text === '' ? [undefined, undefined] : [text.split(' ')[0], text.split(' ').slice(1).join(' ') || undefined];
  if (gameWord !== undefined && (!isGameId(gameWord) || !gameIds().includes(gameWord))) throw new UsageError(`argument game: unknown game "${gameWord}" (games: ${gameIds().join(', ')})`);
  // Only the game named is loaded; every game for the listing (or the message naming the games with a search).
  const withSearch = async (ids: string[]) => (await Promise.all(ids.map(loadGame))).filter((g) => g.search?.stored);
  const games = await withSearch(gameWord ? [gameWord] : gameIds());
  if (gameWord && games.length === 0) throw new UsageError(`argument game: ${gameWord} has no search policy, so no policy gap is stored for it (games with one: ${(await withSearch(gameIds())).map((g) => g.id).join(', ')})`);
  const gaps: GapRow[] = [];
  const unmeasured: string[] = [];
  for (const g of games) {
    const rows = await rowsOfGame(g);
    gaps.push(...rows);
    if (rows.length === 0) unmeasured.push(g.id);
  }
  if (modeWord === undefined) return { result: { gaps, unmeasured }, shown: gameWord ?? 'all' };
  const game = games[0];
  const mode = game.modes.find((m) => m.name === modeWord);
  const named = game.modes.filter((m) => m.name !== '').map((m) => m.name);
  // Another command of the game (tccg deck, a view with no decisions): no gap is stored under it, and which mode stores one; else no such mode.
  const storedModes = [...new Set(gaps.map((r) => r.game))];
  const commands = [...named, ...(game.views ?? []).map((v) => v.name)];
  if (!mode && commands.includes(modeWord)) throw new UsageError(`argument game: ${game.id} ${modeWord}: no policy gap is stored for it (${storedModes.length ? `${storedModes.join(', ')} ${storedModes.length === 1 ? 'stores one' : 'store one'}` : `none of ${game.id}'s modes stores one`})`);
  if (!mode) throw new UsageError(`argument game: ${game.id} has no mode "${modeWord}" (${named.length ? `its modes: ${named.join(', ')}` : `give the game alone: sim gaps ${game.id}`})`);
  const id = modeId(game, mode);
  const mine = gaps.filter((r) => r.game === id);
  const stored = [...new Set(gaps.map((r) => r.game))];
  if (mine.length === 0 && stored.length > 0) throw new UsageError(`argument game: ${id} stores no policy gap (${stored.join(', ')} ${stored.length === 1 ? 'does' : 'do'})`);
  return { result: { gaps: mine, unmeasured: mine.length === 0 ? [id] : [] }, shown: id };
}

/** "1 configuration and side", "8 configurations and sides" (or configurations alone in a one-sided game). */
function measuredWords(rows: readonly GapRow[]): string {
  const sided = rows.some((r) => r.side !== null);
  const s = rows.length === 1 ? '' : 's';
  return `${rows.length} measured (configuration${s}${sided ? ` × side${s}` : ''})`;
}

/** The answer: per game, the largest significant gap of its printed entries, or that none is significant, or that none is current or stored. */
export function gapsAnswer(result: GapsResult): string {
  const byGame = new Map<string, GapRow[]>();
  for (const r of result.gaps) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  const parts = [...byGame].map(([game, all]) => {
    const rs = all.filter((r) => r.printed);
    if (rs.length === 0) return `${game}: no current entry (${all.length} not printed by the reports any more: see the notes)`;
    const gained = rs.filter(gapGained);
    if (gained.length === 0) return `${game}: no significant gap in ${measuredWords(rs)}`;
    const top = gained.reduce((a, b) => (b.difference > a.difference ? b : a));
    const by = top.challenger === 'search' ? '' : `, a ${top.challenger}`;
    return `${game}: up to ${gapPoints(top.difference)} pp [${gapPoints(top.lo)}, ${gapPoints(top.hi)}] (${top.configuration}${top.side ? `, side ${top.side}` : ''}${by}; ${top.policy} ${pct(top.base)}), significant in ${gained.length} of ${measuredWords(rs)}`;
  });
  for (const game of result.unmeasured) parts.push(`${game}: no stored gap (scenarios/${game.split(' ')[0]}/policy-gap.yaml is missing, empty or holds no entry that passes its checks)`);
  return `How far each default bot is from stronger play, as stored (challenger − default on the same games, 95% intervals; where the challenger gains, a floor on the distance to strong play):\n${parts.map((x) => `- ${x}`).join('\n')}`;
}

export function registerGaps(program: Command): void {
  const cmd = program
    .command('gaps')
    .description('the stored policy gaps: for each game and configuration measured, the default bot against the search at the highest budget its skill ladder measured (and Dual Fates\' best fixed deployments), on the same games (nothing is played)')
    .argument('[game...]', 'a game or mode id, e.g. darkfate or dualfates match (default: every game with a search policy)');
  addOutputOptions(cmd, { intervals: false, why: 'it lists the stored 95% intervals and plays no games' }).action(async (words: string[], opts: OutputOptions) => {
    const { result, shown } = await gapsOf(words);
    const rows = result.gaps;
    const screenColumns = (sided: boolean): Column[] => [
      { key: 'configuration', header: 'configuration', format: 'text' },
      ...(sided ? [{ key: 'sideText', header: 'side', format: 'text' as const }] : []),
      { key: 'defaultText', header: 'default', format: 'text' },
      { key: 'challengerText', header: 'challenger', format: 'text' },
      { key: 'gapText', header: 'gap, pp [95%]', format: 'text' },
      { key: 'games', header: 'games', format: 'int' },
    ];
    const screen = rows.map((r) => ({ ...r, sideText: r.side ?? '–', defaultText: `${r.policy} ${pct(r.base)}`, challengerText: challengerText(r), gapText: gapCell(r) }));
    // CSV: one table of the JSON rows' fields (every row says its game).
    const csvColumns: Column[] = [
      { key: 'game', header: 'game', format: 'text' },
      { key: 'mode', header: 'mode', format: 'text' },
      { key: 'configuration', header: 'configuration', format: 'text' },
      { key: 'side', header: 'side', format: 'text' },
      { key: 'policy', header: 'default', format: 'text' },
      { key: 'base', header: 'default rate', format: 'sig4' },
      { key: 'challenger', header: 'challenger', format: 'text' },
      { key: 'challengerRate', header: 'challenger rate', format: 'sig4' },
      { key: 'budget', header: 'budget', format: 'int' },
      { key: 'budgetParam', header: 'budget parameter', format: 'text' },
      { key: 'layout', header: 'layout', format: 'text' },
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
    const fixed = rows.filter((r) => r.challenger === 'fixed deployment');
    const report: Report = {
      tool: 'sim',
      version: packageInfo().version,
      game: shown,
      title: `Stored policy gaps${shown === 'all' ? '' : ` of ${shown}`}: each default bot against a stronger challenger on the same games`,
      method: 'none',
      params: {},
      paramsHash: '',
      seed: null,
      n: null,
      confidence: 0.95,
      result: { gaps: rows.map((r) => ({ ...r, layout: r.layout ?? '', why: r.why ?? '' })), unmeasured: result.unmeasured } satisfies GapsResult,
      assumptions: [],
      text: gapsAnswer(result),
      tables:
        opts.format === 'csv'
          ? [{ title: 'Stored policy gaps', columns: csvColumns, rows: rows.map((r) => ({ ...r, side: r.side ?? '', budget: r.budget ?? '', budgetParam: r.budgetParam ?? '', layout: r.layout ?? '', printed: r.printed ? 'true' : 'false', why: r.why ?? '' })) }]
          : modes.map((m) => {
              const mine = screen.filter((r) => r.game === m);
              const param = mine.find((r) => r.budgetParam)?.budgetParam;
              return { title: `${m}: the default against the challenger${param ? ` (the search's budget: ${param})` : ''}`, columns: screenColumns(mine.some((r) => r.side !== null)), rows: mine, rowLabels: 1 };
            }),
      notes: [
        "Each row is an entry of scenarios/<game>/policy-gap.yaml (its command in the file and in JSON/CSV): the default bot and a challenger played the same games (common random numbers). The challenger is the game's search policy at the highest budget its skill ladder measured (`sim policies GAME --ladder`), or for the Dual Fates match the best fixed deployment of a side's starting units (`scripts/dualfatesLayouts.mjs`), which the match reports print beside the search's gap. A report of the row's configuration prints the same numbers.",
        'gap: challenger − default in percentage points of the side\'s win (or survival) rate, with its paired 95% interval (JSON and CSV add the paired test\'s p-value, which can disagree at the edge: significance here is the interval\'s, as in the reports). Where the challenger wins significantly more, the default is at least that far from strong play (a floor: a larger budget may gain more); n.s.: the interval holds 0, no gap shown there (not a distance: a stronger search may still gain).',
        ...fixed.map((r) => `Fixed deployment, ${r.game}, ${r.configuration}, side ${r.side}: ${r.layout}.`),
        ...rows.filter((r) => !r.printed).map((r) => `Not printed by the reports: ${r.game}, ${r.configuration}${r.side ? `, side ${r.side}` : ''}: ${r.why ?? 'not current'} (\`${r.command}\` measures it again).`),
        "npm test plays every printed entry's configuration again with today's default on the entry's games and fails when the default's rate moved (test/storedFresh.test.ts); `node scripts/remeasureGaps.mjs GAME [--match TEXT]` plays each entry's command again (those matching TEXT) and writes the new numbers into the file.",
      ],
    };
    await emitReport(report, opts);
  });
}
