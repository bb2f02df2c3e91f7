// Dark Fate as a scenario game: parameters → one Monte Carlo run per Rev-9 version → report;
// or, with trace >= 0, game K of the run replayed turn by turn.
import { resolve as resolvePath } from 'node:path';
import { UsageError } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import { streamFor } from '../../core/rng.js';
import type { Report } from '../../core/reportTypes.js';
import type { ResolvedParams, RunSettings, ScenarioGame } from '../../core/scenarioGame.js';
import { compileCards, loadCardData, referenceCardsFile, type CardDataDoc } from './cardData.js';
import { DARKFATE_PARAMS, rulesOf } from './darkfateParams.js';
import { darkfateVersionResult, darkfateTables, ENGINE_ASSUMPTIONS, type DarkFateVersionResult } from './darkfateReport.js';
import { buildEngine, loadUserPolicy, type DarkFateSimParams } from './darkfateSim.js';
import { OUTCOME_NAMES } from './engine.js';
import { BUILTIN_POLICY_NAMES } from './policies.js';

/** Inputs that are not rule parameters (files and lists): set by the command's options. */
export interface DarkFateExtras {
  /** --cards FILE: a card data file replacing the reference set. */
  cardsFile?: string;
  /** --policy PATH: a user policy module. */
  policyPath?: string;
  /** --characters a,b: character keys. */
  characters?: string;
}

function parseCharacters(doc: CardDataDoc, raw: string | undefined, want: number): number[] {
  const keys = doc.characters.map((c) => c.key);
  if (raw === undefined) {
    if (want > keys.length) throw new UsageError(`option --players: the card data has only ${keys.length} characters for ${want} character slots`);
    return keys.slice(0, want).map((_, i) => i);
  }
  const names = raw.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
  const out = names.map((n) => {
    const i = keys.indexOf(n);
    if (i < 0) throw new UsageError(`option --characters: unknown character "${n}", expected ${want} of ${keys.join(', ')} separated by commas`);
    return i;
  });
  if (out.length !== want) throw new UsageError(`option --characters: got ${out.length} character(s), expected ${want} (${want === 2 ? 'solo mode plays two' : 'one per player'}) of ${keys.join(', ')}`);
  if (new Set(out).size !== out.length) throw new UsageError(`option --characters: each character can be chosen once`);
  return out;
}

export function makeDarkFateEntry(extras: () => DarkFateExtras): ScenarioGame {
  return {
    id: 'darkfate',
    summary: 'Terminator: Dark Fate card game: win rate, causes of loss and game length by Rev-9 version',
    params: DARKFATE_PARAMS,
    async run(resolved: ResolvedParams, settings: RunSettings): Promise<Report> {
      const ex = extras();
      const cardsFile = ex.cardsFile ? resolvePath(ex.cardsFile) : referenceCardsFile();
      const cards = loadCardData(cardsFile, ex.cardsFile ? 'option --cards' : 'reference card data');
      const players = resolved.players as number;
      const solo = resolved.solo as boolean;
      if (solo && players !== 1) throw new UsageError(`option --solo: solo mode is one player with two characters; got --players ${players}`);
      const characters = parseCharacters(cards, ex.characters, solo ? 2 : players);
      const versions = resolved.rev9 === 'all' ? cards.rev9.map((_, i) => i) : [cards.rev9.findIndex((r) => r.key === resolved.rev9)];
      if (versions[0] < 0) throw new UsageError(`option --rev9: "${resolved.rev9}" is not in the card data (${cards.rev9.map((r) => r.key).join(', ')})`);
      const rules = rulesOf(resolved);
      if (rules.refillTo < 1 && rules.reserveSetup < 1) throw new UsageError('parameters refillTo and reserveSetup cannot both be 0');
      const policyPath = ex.policyPath ? resolvePath(ex.policyPath) : undefined;
      const compiled = compileCards(cards);
      if (policyPath) {
        try {
          await loadUserPolicy(policyPath, compiled);
        } catch (err) {
          throw new UsageError(`option --policy: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
        }
      }
      const policyName = policyPath ?? (resolved.policy as string);
      const simParamsFor = (v: number): DarkFateSimParams => ({
        cards,
        rules,
        setup: { players, characters, solo, rev9: v, goOnWithoutMe: resolved.goOnWithoutMe as boolean, neuralNet: resolved.neuralNet as boolean },
        policy: resolved.policy as string,
        ...(policyPath ? { policyPath } : {}),
      });
      const params = { ...resolved, characters: characters.map((i) => cards.characters[i].key).join(','), cards: ex.cardsFile ? cardsFile : 'reference', policy: policyName };
      const prov = provenance('darkfate', params, cards);
      const assumptions = [
        ex.cardsFile ? `card data from ${cardsFile} (a user transcription)` : 'reference card set: counts and values beyond the public facts are assumptions (scenarios/darkfate/README.md)',
        ...ENGINE_ASSUMPTIONS,
      ];
      const trace = resolved.trace as number;
      if (trace >= 0) {
        if (versions.length !== 1) throw new UsageError('option --trace: choose one Rev-9 version (not --rev9 all)');
        const engine = await buildEngine(simParamsFor(versions[0]));
        const lines: string[] = [];
        engine.trace = (l) => lines.push(l);
        const outcome = engine.playGame(streamFor(settings.seed, trace));
        const summary = { game: trace, outcome: OUTCOME_NAMES[outcome], turns: engine.turn, staggers: engine.staggers, flees: engine.flees, woundsTaken: engine.woundsTaken };
        return {
          ...prov,
          title: `Dark Fate vs the ${cards.rev9[versions[0]].name}: game ${trace} of seed ${settings.seed}, turn by turn`,
          method: 'mc',
          seed: settings.seed,
          n: 1,
          confidence: settings.confidence,
          policy: policyName,
          result: { ...summary, trace: lines },
          assumptions,
          tables: [
            {
              title: lines.join('\n'),
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
      }
      const rows: DarkFateVersionResult[] = [];
      let partial = false;
      let games = 0;
      for (const v of versions) {
        // Same seed for every version: the rows are paired by game index.
        const run = await settings.simulate('darkfate', simParamsFor(v));
        rows.push(darkfateVersionResult(cards.rev9[v].key, cards.rev9[v].name, run.totals, settings.confidence));
        games = Math.max(games, run.games);
        if (run.partial) {
          partial = true;
          break;
        }
      }
      const fateTotal = compiled.fateTotal;
      const notes: string[] = [];
      if (fateTotal !== 182) notes.push(`the card data has ${fateTotal} fate cards (the published game has 182)`);
      if (compiled.woundCount !== 30) notes.push(`the card data has ${compiled.woundCount} wound cards (the published game has 30)`);
      return {
        ...prov,
        title: `Dark Fate: win rate by Rev-9 version (${solo ? 'solo' : `${players} player${players > 1 ? 's' : ''}`}: ${params.characters})`,
        method: 'mc',
        seed: settings.seed,
        n: games,
        confidence: settings.confidence,
        policy: policyName,
        ...(partial ? { partial: true } : {}),
        result: { versions: rows, players, solo, characters: params.characters, policy: policyName, fateCards: fateTotal, builtinPolicies: BUILTIN_POLICY_NAMES },
        assumptions,
        tables: darkfateTables(rows),
        notes,
      };
    },
  };
}

/** The entry `sim run` uses for scenario files (reference cards, default characters, built-in policy). */
export const darkfateEntry = makeDarkFateEntry(() => ({}));
