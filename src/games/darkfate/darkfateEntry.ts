// Dark Fate as a scenario game: parameters → one Monte Carlo run per Rev-9 version → report;
// or, with trace >= 0, game K of the run replayed turn by turn.
import { existsSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { GameError } from '../../core/gameError.js';
import { fileHash } from '../../core/hash.js';
import { nearest, type ParamSpec } from '../../core/params.js';
import { checkInputFile, readInputFile } from '../../core/inputFile.js';
import { UsageError } from '../../core/usageError.js';
import { provenance } from '../../core/provenance.js';
import { streamFor } from '../../core/rng.js';
import type { Report } from '../../core/reportTypes.js';
import type { ModeEntry } from '../../core/gameModule.js';
import type { ResolvedParams, RunSettings } from '../../core/scenarioGame.js';
import { loadCardData, referenceCardsFile, type CardDataDoc } from './cardData.js';
import { KW } from './ops.js';
import { compiledCards } from './compiledCards.js';
import { DARKFATE_PARAMS, isPolicyPath, rulesOf } from './darkfateParams.js';
import { darkfateVersionResult, darkfateTables, engineAssumptions, type DarkFateVersionResult } from './darkfateReport.js';
import { buildEngine, type DarkFateSimParams } from './darkfateSim.js';
import { BUILTIN_POLICY_NAMES } from './policyNames.js';
import { applyCardChanges, cardParamChanges, cardParamSpecs, parseCardChanges } from './cardChanges.js';
import { cardLabels } from './cardLabels.js';
import type { SearchBudget, SearchPlans } from './darkfateSearch.js';
import { policyGapLine, policyGapShort } from './policyGap.js';
import { answerSentence, estimateHeadline, pctText } from '../../core/answer.js';
import { sensitivityNote, sensitivityShort } from '../../core/sensitivityNote.js';
import { groupedInteger } from '../../core/numberText.js';

function parseCharacters(doc: CardDataDoc, raw: string, want: number, solo: boolean): number[] {
  const keys = doc.characters.map((c) => c.key);
  if (raw.trim() === '') {
    if (want > keys.length) throw new UsageError(`parameter players: the card data has only ${keys.length} characters for ${want} character slots`);
    return keys.slice(0, want).map((_, i) => i);
  }
  const names = raw.split(',').map((s) => s.trim().toLowerCase());
  // An empty name (sarah,,grace or a trailing comma) is a typo, not a choice: refused rather than dropped, as --grid refuses one.
  if (names.includes('')) throw new UsageError(`parameter characters: an empty name in ${JSON.stringify(raw)}; list ${want} of ${keys.join(', ')} with one comma between each`);
  const out = names.map((n) => {
    const i = keys.indexOf(n);
    if (i < 0) throw new UsageError(`parameter characters: unknown character "${n}", expected ${want} of ${keys.join(', ')} separated by commas`);
    return i;
  });
  if (out.length !== want) throw new UsageError(`parameter characters: got ${out.length} character(s), expected ${want} (${solo ? 'solo mode plays two' : 'one per player'}) of ${keys.join(', ')}`);
  if (new Set(out).size !== out.length) throw new UsageError(`parameter characters: each character can be chosen once`);
  return out;
}

/** The built-in policy name, or the absolute path of a policy module. Throws UsageError. */
export function checkPolicy(policy: string, where = 'parameter policy'): { name: string; path?: string } {
  if (BUILTIN_POLICY_NAMES.includes(policy)) return { name: policy };
  // The name stays as given (the shell keeps it relative to the working directory), so a report does not depend on where the checkout lives.
  if (isPolicyPath(policy) && existsSync(resolvePath(policy))) {
    // A folder, a FIFO or a device is refused here, in one line, before anything opens it.
    checkInputFile(resolvePath(policy), where);
    return { name: policy, path: resolvePath(policy) };
  }
  throw new UsageError(`${where}: unknown policy "${policy}", expected one of ${BUILTIN_POLICY_NAMES.join(', ')} or the path of an existing .js module`);
}


/** The card data `cards` names (the reference set, or a file the shell resolved), before any change. */
export function cardDataOf(resolved: ResolvedParams): CardDataDoc {
  const cardsParam = resolved.cards as string;
  const cardsFile = cardsParam === 'reference' ? referenceCardsFile() : resolvePath(cardsParam);
  const userCards = cardsFile !== resolvePath(referenceCardsFile());
  return loadCardData(cardsFile, userCards ? 'parameter cards' : 'reference card data');
}

/**
 * The card fields of the card data `cards` names as parameters (card.<path>, and data.cards.<path>
 * for the same value), each labelled as the card file's comments label it (cardLabels.ts).
 */
export function cardValueSpecs(resolved: ResolvedParams): ParamSpec[] {
  const cardsParam = resolved.cards as string;
  const cardsFile = cardsParam === 'reference' ? referenceCardsFile() : resolvePath(cardsParam);
  const label = cardsParam === 'reference' ? 'scenarios/darkfate/cards.yaml' : cardsParam;
  return cardParamSpecs(cardDataOf(resolved), cardLabels(readInputFile(cardsFile, label, 4 * 1024 * 1024)), label);
}

/** The `result` of a Dark Fate run (`sim darkfate`): one row per Rev-9 version played, and what was played. */
export interface DarkFateResult {
  /** One per Rev-9 version, in the card data's order (an interrupted `rev9 all` run stops at the one it was playing). */
  versions: DarkFateVersionResult[];
  players: number;
  solo: boolean;
  /** The characters played, by key, comma-separated. */
  characters: string;
  /** The policy's name (a user module: the path as given). */
  policy: string;
  /** Fate cards in the card data (182 in the published game). */
  fateCards: number;
  builtinPolicies: string[];
}

/** The `result` of a trace run (parameter trace K): game K of the run, turn by turn. */
export interface DarkFateTraceResult {
  game: number;
  outcome: string;
  turns: number;
  staggers: number;
  flees: number;
  woundsTaken: number;
  /** Why the game failed; the report then travels with the error (the library's run() rejects). */
  error?: string;
  /** The turn-by-turn lines (the report's `text`). */
  trace: string[];
}

/**
 * Dark Fate for every front end (`sim darkfate`, `sim run` on a scenario file, compare, sweep):
 * every input is a parameter — the card file, the policy, the characters — so a scenario file
 * and `--set` can choose each of them.
 */
export const darkfateEntry: ModeEntry = {
  summary: 'Terminator: Dark Fate card game: win rate, causes of loss and game length by Rev-9 version',
  params: DARKFATE_PARAMS,
  async run(resolved: ResolvedParams, settings: RunSettings): Promise<Report> {
    const cardsParam = resolved.cards as string;
    // A path parameter arrives absolute (the shell resolves it against the scenario's folder or the
    // cwd); naming the reference file itself is the reference set.
    const cardsFile = cardsParam === 'reference' ? referenceCardsFile() : resolvePath(cardsParam);
    const userCards = cardsFile !== resolvePath(referenceCardsFile());
    // House rules on cards: the cardChanges text, then each `card.<path>` parameter (--set card.pistol.fight=5).
    const textChanges = parseCardChanges(resolved.cardChanges as string);
    const paramChanges = cardParamChanges(resolved);
    // One value per card field: --card-changes and card.<path> (or data.cards.<path>) naming the same field would let the last win silently.
    const both = paramChanges.find(([path]) => textChanges.some(([p]) => p === path));
    if (both) throw new UsageError(`parameter cardChanges: ${both[0]} is also given as card.${both[0]} (or data.cards.${both[0]}); give it once`);
    const changes = [...textChanges, ...paramChanges];
    const cards = applyCardChanges(loadCardData(cardsFile, userCards ? 'parameter cards' : 'reference card data'), changes);
    const players = resolved.players as number;
    const solo = resolved.solo as boolean;
    if (solo && players !== 1) throw new UsageError(`parameter solo: solo mode is one player with two characters; got ${players} players (parameter players)`);
    const characters = parseCharacters(cards, resolved.characters as string, solo ? 2 : players, solo);
    const versions = resolved.rev9 === 'all' ? cards.rev9.map((_, i) => i) : [cards.rev9.findIndex((r) => r.key === resolved.rev9)];
    if (versions[0] < 0) {
      const keys = cards.rev9.map((r) => r.key);
      const near = nearest(String(resolved.rev9), keys);
      throw new UsageError(`parameter rev9: "${resolved.rev9}" is not a Rev-9 of the card data${near ? ` (did you mean "${near}"?)` : ''}; expected one of ${keys.join(', ')} or all`);
    }
    const rules = rulesOf(resolved);
    if (rules.refillTo < 1 && rules.reserveSetup < 1) throw new UsageError('parameters refillTo and reserveSetup cannot both be 0');
    const { name: policyName, path: policyPath } = checkPolicy(resolved.policy as string);
    const policyHash = policyPath ? fileHash(policyPath) : undefined;
    const searchBudget: SearchBudget = { rollouts: resolved.searchRollouts as number, depth: resolved.searchDepth as number, rollout: resolved.searchRollout as string, margin: resolved.searchMargin as number, ...(resolved.searchPlans !== 'all' ? { plans: resolved.searchPlans as SearchPlans } : {}) };
    // Compiled once here; the in-process player and the trace reuse this table (compiledCards).
    const compiled = compiledCards(cards);
    if (policyPath) {
      try {
        await (await import('./userPolicy.js')).loadUserPolicy(policyPath, compiled);
      } catch (err) {
        throw new UsageError(`parameter policy: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
      }
    }
    const simParamsFor = (v: number): DarkFateSimParams => ({
      cards,
      rules,
      setup: { players, characters, solo, rev9: v, goOnWithoutMe: resolved.goOnWithoutMe as boolean, neuralNet: resolved.neuralNet as boolean },
      policy: policyPath ? 'planner' : policyName,
      ...(policyPath ? { policyPath, policyHash } : {}),
      ...(policyName === 'search' || policyName === 'search-ismcts' ? { search: searchBudget } : {}),
    });
    const params = { ...resolved, characters: characters.map((i) => cards.characters[i].key).join(','), cards: userCards ? cardsParam : 'reference', policy: policyName };
    // A user policy module's code is part of what the numbers depend on (built-in policies are part of the tool's version).
    const prov = provenance('darkfate', params, policyHash ? { cards, policyModule: policyHash } : cards);
    const assumptions = [
      userCards ? `card data from ${cardsParam} (a user transcription)` : 'reference card set: counts and values beyond the public facts are assumptions (scenarios/darkfate/README.md)',
      ...(changes.length ? [`card changes (house rules): ${changes.map(([p, v]) => `${p}=${v}`).join('; ')}`] : []),
      ...engineAssumptions(rules.fleeEndsHunt, resolved.goOnWithoutMe as boolean),
    ];
    const trace = resolved.trace as number;
    if (trace >= 0) {
      if (versions.length !== 1) throw new UsageError('parameter trace: choose one Rev-9 version (not rev9 all)');
      const engine = await buildEngine(simParamsFor(versions[0]));
      const lines: string[] = [];
      engine.trace = (l) => lines.push(l);
      let outcome: string;
      let error: string | undefined;
      try {
        outcome = engine.outcomeName(engine.playGame(streamFor(settings.seed, trace)));
      } catch (err) {
        // The game up to the failure is what the user asked to see: it travels with the error,
        // and the shell prints it as the report (stdout) before the error (stderr, exit 1).
        outcome = 'failed';
        error = err instanceof Error ? err.message : String(err);
      }
      const summary = { game: trace, outcome, turns: engine.turn, staggers: engine.staggers, flees: engine.flees, woundsTaken: engine.woundsTaken };
      const report: Report = {
        ...prov,
        title: `Dark Fate vs the ${cards.rev9[versions[0]].name}: game ${trace} of seed ${settings.seed}, turn by turn${error === undefined ? '' : ', up to its failure'}`,
        method: 'mc',
        seed: settings.seed,
        n: 1,
        confidence: settings.confidence,
        policy: policyName,
        result: { ...summary, ...(error === undefined ? {} : { error }), trace: lines } satisfies DarkFateTraceResult,
        assumptions,
        text: lines.join('\n') + (error === undefined ? '' : `\nFAILED: ${error}`),
        tables: [
          {
            title: `game ${trace}`,
            columns: [
              { key: 'game', header: 'game', format: 'int' },
              { key: 'outcome', header: 'outcome', format: 'text' },
              { key: 'turns', header: 'turns', format: 'int' },
              { key: 'staggers', header: 'staggers', format: 'int' },
              { key: 'flees', header: 'flees', format: 'int' },
              { key: 'woundsTaken', header: 'wounds taken', format: 'int' },
            ],
            rows: [summary],
          },
        ],
        notes: [],
      };
      if (error !== undefined) throw new GameError(trace, `game ${trace}: ${error}`, report);
      return report;
    }
    const rows: DarkFateVersionResult[] = [];
    let partial = false;
    let games = 0;
    // The games of the version a signal cut short (a --rev9 all run: the ones before it played all theirs).
    let cutGames = 0;
    settings.expectCalls?.(versions.length);
    for (const v of versions) {
      // Same seed for every version: the rows are paired by game index.
      let run: Awaited<ReturnType<RunSettings['simulate']>>;
      try {
        run = await settings.simulate('darkfate', simParamsFor(v), cards.rev9[v].key);
      } catch (err) {
        // The shell's hint "replay it: the game's command (sim GAME) with these parameters, --seed S and --trace K" replays one version: name the one
        // that failed (the run may be --rev9 all, which --trace refuses, or another default).
        if (err instanceof Error) err.message = err.message.replace(' with these parameters, ', ` with these parameters but --rev9 ${cards.rev9[v].key}, `);
        throw err;
      }
      // Stopped before this version played a game (a signal at a version boundary): it is "not played at all", not a row.
      if (run.partial && run.games === 0) {
        partial = true;
        break;
      }
      rows.push(darkfateVersionResult(cards.rev9[v].key, cards.rev9[v].name, run.totals, settings.confidence, compiled, simParamsFor(v).setup));
      games = Math.max(games, run.games);
      if (run.partial) {
        partial = true;
        cutGames = run.games;
        break;
      }
    }
    const fateTotal = compiled.fateTotal;
    const notes: string[] = [];
    // A card change for a Rev-9 that never plays here (nor splits off one that does), or for a character
    // not chosen, changes nothing: said, never silently ignored (a note: in a sweep over --rev9 it acts in some cells).
    const inPlay = new Set(versions.flatMap((v) => [cards.rev9[v].key, ...(cards.rev9[v].splitsInto ?? [])]));
    const chosen = new Set(characters.map((i) => cards.characters[i].key));
    for (const [path, value] of changes) {
      const key = path.split('.')[0];
      const r9 = cards.rev9.find((r) => r.key === key);
      const ch = cards.characters.find((c) => c.key === key);
      if (r9 && !inPlay.has(key)) notes.push(`The card change ${path}=${value} changes nothing here: the Rev-9 ${r9.name} does not play in this run (--rev9 ${String(resolved.rev9)}).`);
      if (ch && !chosen.has(key)) notes.push(`The card change ${path}=${value} changes nothing here: ${ch.name} is not among the characters played (${params.characters}).`);
    }
    // An interrupted --rev9 all run stops at the version it was playing: say which never ran.
    const skipped = versions.slice(rows.length).map((v) => cards.rev9[v].key);
    if (partial && skipped.length) notes.push(`interrupted: not played at all: ${skipped.join(', ')}`);
    // The version cut short is named with its games, in the notes and the answer (the table's games column shows it too).
    const cutVersion = partial && versions.length > 1 && cutGames > 0 ? `interrupted: ${rows[rows.length - 1].name} after ${groupedInteger(cutGames)} of ${groupedInteger(settings.n)} games` : '';
    if (cutVersion) notes.push(`${cutVersion} (each version played before it has all its games).`);
    const cutShort = cutVersion && skipped.length ? `${cutVersion}, ${skipped.length} version${skipped.length === 1 ? '' : 's'} not played` : cutVersion;
    // The last measured policy gap for each version's configuration (or a caveat that it was not measured).
    const ruleKeys = ['handSize', 'woundsToDie', 'reserveSetup', 'refillTo', 'rev9Depth', 'prepCards', 'setbackCards', 'nnHandSize', 'fleeEndsHunt', 'maxTurns', 'goOnWithoutMe', 'neuralNet'];
    // A rule without effect here (the Neural Net's hand size without the Neural Net, as a sweep cell may set it) leaves the configuration the reference's.
    const reference = !userCards && changes.length === 0 && ruleKeys.every((k) => { const spec = DARKFATE_PARAMS.find((q) => q.key === k)!; return resolved[k] === spec.default || spec.inert?.(resolved) != null; });
    if (fateTotal !== 182) notes.push(`the card data has ${fateTotal} fate cards (the published game has 182)`);
    // rulebook: Glossary, Cost — "Cards without a cost cannot be gained": a fate card left without one (a typo, or by design) is never bought; said, not silent.
    const ungainable = compiled.names.filter((_, t) => compiled.fateCount[t] > 0 && compiled.cost[t] < 0 && !(compiled.kw[t] & KW.HOSTILE));
    if (ungainable.length > 0) notes.push(`${ungainable.length === 1 ? 'A fate card has' : `${ungainable.length} fate cards have`} no cost, so ${ungainable.length === 1 ? 'it' : 'they'} can never be gained (rulebook: Glossary, Cost): ${ungainable.join(', ')}; give a cost in the card data if ${ungainable.length === 1 ? 'it is' : 'they are'} meant to be bought.`);
    if (compiled.woundCount !== 30) notes.push(`the card data has ${compiled.woundCount} wound cards (the published game has 30)`);
    // The loss columns in words (a reader of the table asked what they count).
    const wtd = resolved.woundsToDie as number;
    notes.push(`Causes of loss: "${wtd} wound${wtd === 1 ? '' : 's'}", a player held ${wtd} Wound card${wtd === 1 ? '' : 's'} in hand (rulebook: Glossary, Die); "no wounds left", a player was to take a Wound and the Wound deck was empty (rulebook: Glossary, Wound). ${resolved.goOnWithoutMe ? 'With Go On Without Me! the game is lost when every player has died, by the last death\'s cause' : 'One death loses the game for all (rulebook: Objective)'}.`);
    // The stored gaps are the planner's: under another policy the note says whose they are (it read as this run's).
    const notPlanner = policyName === 'planner' ? '' : policyName === 'search' ? ' (the planner\'s gap: this run played the search itself)' : ` (the planner's gap, not this run's policy, ${policyName}: \`sim policies darkfate\` measures others)`;
    for (const r of rows) notes.push(`${policyGapLine({ rev9: r.rev9, players, solo, characters: params.characters, reference })}${notPlanner}`);
    // The stored sensitivity is looked up by configuration, not spelling: the reference file named by
    // its path, and the characters the game picks by default named one by one, are the defaults.
    const defaultCharacters = parseCharacters(cards, '', solo ? 2 : players, solo).map((i) => cards.characters[i].key).join(',');
    const configuration = {
      ...resolved,
      // A value without effect here (a sweep cell's nnHandSize without the Neural Net) is the default's configuration.
      ...Object.fromEntries(DARKFATE_PARAMS.filter((q) => q.inert?.(resolved) != null).map((q) => [q.key, q.default])),
      cards: userCards ? resolved.cards : DARKFATE_PARAMS.find((q) => q.key === 'cards')!.default,
      characters: params.characters === defaultCharacters ? '' : params.characters,
    };
    notes.push(sensitivityNote('darkfate', '', DARKFATE_PARAMS, configuration));
    // The answer first: the win rate per version, on what it is conditional.
    // Characters by their names (Sarah Connor, T-800), as the rulebook and `sim gaps` name them; the parameter keeps the keys.
    const characterNames = characters.map((i) => cards.characters[i].name).join(', ');
    const who = solo ? `a solo player (${characterNames})` : `${players} player${players > 1 ? 's' : ''} (${characterNames})`;
    const sensitivity = sensitivityShort('darkfate', '', DARKFATE_PARAMS, configuration);
    // The measured gap is the planner's (the default): another policy's distance to strong play is not measured.
    const gapOf = (r: (typeof rows)[number]) => (policyName === 'planner' ? policyGapShort({ rev9: r.rev9, players, solo, characters: params.characters, reference }) : policyName === 'search' ? 'the search policy itself played (its stored gap is over the planner)' : `gap to the search policy measured for the planner only, not for ${policyName}`);
    // Games stopped by the turn cap are neither won nor lost: the answer says how many, where any were (the rates then do not add up to all games).
    const capped = rows.filter((r) => r.turnCap.k > 0);
    const cappedText = capped.length ? [`${capped.map((r) => `${rows.length > 1 ? `${r.name}: ` : ''}${pctText(r.turnCap)}`).join(', ')} of games stopped at the turn cap (maxTurns ${String(resolved.maxTurns)}), neither won nor lost`] : [];
    const text =
      rows.length === 1
        ? answerSentence(`Against the ${rows[0].name}, ${who} win${solo || players === 1 ? 's' : ''} ${pctText(rows[0].win)} of games`, [...(cutShort ? [cutShort] : []), ...cappedText, `policy ${policyName}`, gapOf(rows[0]), sensitivity])
        : rows.length > 1
          ? answerSentence(`${who[0].toUpperCase()}${who.slice(1)} win${solo || players === 1 ? 's' : ''}: ${rows.map((r) => `${r.name} ${pctText(r.win)}`).join(', ')}`, [...(cutShort ? [cutShort] : []), ...cappedText, `policy ${policyName}`, ...(rows.every((r) => gapOf(r) === gapOf(rows[0])) ? [gapOf(rows[0])] : ['the gap to the search policy per version: notes']), sensitivity])
          : '';
    return {
      ...prov,
      title: `Dark Fate: win rate by Rev-9 version (${solo ? 'solo' : `${players} player${players > 1 ? 's' : ''}`}: ${characterNames})`,
      // The title names the characters: the settings line does not repeat their keys.
      titleSettings: ['characters'],
      method: 'mc',
      seed: settings.seed,
      n: games,
      confidence: settings.confidence,
      policy: policyName,
      ...(partial ? { partial: true } : {}),
      result: { versions: rows, players, solo, characters: params.characters, policy: policyName, fateCards: fateTotal, builtinPolicies: BUILTIN_POLICY_NAMES } satisfies DarkFateResult,
      assumptions,
      tables: darkfateTables(rows, rules.woundsToDie),
      notes,
      ...(text ? { text } : {}),
      // One version: its win rate is the headline (a sweep compares cells by it); several have none.
      ...(rows.length === 1 ? { headline: estimateHeadline('win rate', rows[0].win, 'rate') } : {}),
    };
  },
};
