// The two decks a simulated game uses (Levels 2 and 3): a Resistance deck and a Skynet deck, both
// legal for the Termination Scenario and naming the same card data. Parameters name them by path
// or `example` (the bundled scenarios/tccg/resistance.yaml and skynet.yaml).
import { resolve } from 'node:path';
import { hashOf } from '../../core/hash.js';
import { UsageError } from '../../core/usageError.js';
import { dataValueSpecs, slugOf, sourceLabels } from '../../core/dataValues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { bundledFile, loadCardData, readCardDataRaw, S_RESISTANCE, S_SKYNET, SIDE_NAMES, type CardTable } from './cardData.js';
import { deckCardsFile, loadDeck, type Deck } from './deckFile.js';
import { checkDeck, MAIN_STREET, START_LOCATION, type FutureReading } from './deckRules.js';

/** The parameter value that names a bundled example deck. */
export const EXAMPLE_DECK = 'example';

export interface Matchup {
  table: CardTable;
  decks: [Deck, Deck];
  labels: [string, string];
}

/** The file and message label of one side's deck parameter value (a path, or `example`). */
export function deckPath(side: number, value: string, key: string): { path: string; label: string; where: string } {
  const example = value === EXAMPLE_DECK;
  const path = example ? bundledFile(side === S_RESISTANCE ? 'resistance.yaml' : 'skynet.yaml') : resolve(value);
  const label = example ? `scenarios/tccg/${side === S_RESISTANCE ? 'resistance' : 'skynet'}.yaml (example)` : value;
  return { path, label, where: example ? label : `parameter ${key}: ${value}` };
}

/** Loads one side's deck named by parameter `key` (a path, or `example`); `table` replaces its card data. Throws UsageError naming the parameter. */
function loadSide(side: number, value: string, key: string, futureCards: FutureReading, table?: CardTable): { deck: Deck; label: string } {
  const { path, label, where } = deckPath(side, value, key);
  const deck = loadDeck(path, where, table);
  if (deck.side !== side) throw new UsageError(`parameter ${key}: ${label} is a ${SIDE_NAMES[deck.side]} deck; expected a ${SIDE_NAMES[side]} deck`);
  const violations = checkDeck(deck, futureCards);
  if (violations.length) {
    throw new UsageError(`parameter ${key}: ${label} is not a legal Termination Scenario deck (${violations.length} violation(s), first: ${violations[0].rule}: ${violations[0].message}); see sim tccg deck ${value === EXAMPLE_DECK ? label.split(' ')[0] : value}`);
  }
  return { deck, label };
}

/**
 * Loads and checks both decks; they must name the same card data. `values`: data values of that
 * card data (`data.cards.<card>.<field>`), set before it is validated.
 */
export function loadMatchup(resistance: string, skynet: string, futureCards: FutureReading = 'futureOnly', values: Readonly<Record<string, ParamValue>> = {}): Matchup {
  let table: CardTable | undefined;
  if (Object.keys(values).length > 0) {
    const rp = deckPath(S_RESISTANCE, resistance, 'resistanceDeck');
    const sp = deckPath(S_SKYNET, skynet, 'skynetDeck');
    const [rc, sc] = [deckCardsFile(rp.path, rp.where), deckCardsFile(sp.path, sp.where)];
    if (resolve(rc.file) !== resolve(sc.file)) throw new UsageError(`parameter skynetDeck: ${sp.label} names other card data (${sc.label}) than ${rp.label} (${rc.label}); data values need one card file for both decks`);
    table = loadCardData(rc.file, rc.label, values);
  }
  const r = loadSide(S_RESISTANCE, resistance, 'resistanceDeck', futureCards, table);
  const s = loadSide(S_SKYNET, skynet, 'skynetDeck', futureCards, table);
  if (hashOf(r.deck.table.cards) !== hashOf(s.deck.table.cards)) {
    throw new UsageError(`parameter skynetDeck: ${s.label} uses other card data (${s.deck.cardsLabel}) than ${r.label} (${r.deck.cardsLabel}); both decks of a game must name the same card data`);
  }
  return { table: r.deck.table, decks: [r.deck, s.deck], labels: [r.label, s.label] };
}

/** The data values of the card data the Resistance deck names (`data.cards.<card>.<field>`), as parameter specs (a mode's extraParams). */
export function cardValueSpecs(fixed: Readonly<Record<string, ParamValue>>): ParamSpec[] {
  const rp = deckPath(S_RESISTANCE, String(fixed.resistanceDeck), 'resistanceDeck');
  const cf = deckCardsFile(rp.path, rp.where);
  const raw = readCardDataRaw(cf.file, cf.label);
  return dataValueSpecs(raw, cf.label, sourceLabels(raw));
}

/**
 * Data keys of cards a configuration does not read: `data.cards.<card>.…` of every card in none of
 * `parts` of either deck and not a start location or Main Street (placed by the rules, in no deck).
 */
export function unusedCards(fixed: Readonly<Record<string, ParamValue>>, parts: readonly ('drawDeck' | 'locationDeck' | 'start' | 'condition' | 'reserve')[]): (key: string) => boolean {
  const m = loadMatchup(String(fixed.resistanceDeck), String(fixed.skynetDeck));
  const used = new Set<string>([...START_LOCATION, MAIN_STREET].map(slugOf));
  for (const d of m.decks) for (const part of parts) for (const e of d[part]) used.add(slugOf(m.table.cards[e.card].name));
  return (key) => {
    const k = /^data\.cards\.([^.]+)\./.exec(key);
    return k !== null && !used.has(k[1]);
  };
}

/** A deck's cards expanded to one card id per copy (deck order). */
export function expand(entries: readonly { card: number; count: number }[]): number[] {
  const out: number[] = [];
  for (const e of entries) for (let i = 0; i < e.count; i++) out.push(e.card);
  return out;
}

export { S_RESISTANCE, S_SKYNET };
