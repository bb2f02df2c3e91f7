// The two decks a simulated game uses (Levels 2 and 3): a Resistance deck and a Skynet deck, both
// legal for the Termination Scenario and naming the same card data. Parameters name them by path
// or `example` (the bundled scenarios/tccg/resistance.yaml and skynet.yaml).
import { resolve } from 'node:path';
import { hashOf } from '../../core/hash.js';
import { UsageError } from '../../core/usageError.js';
import { bundledFile, S_RESISTANCE, S_SKYNET, SIDE_NAMES, type CardTable } from './cardData.js';
import { loadDeck, type Deck } from './deckFile.js';
import { checkDeck, type FutureReading } from './deckRules.js';

/** The parameter value that names a bundled example deck. */
export const EXAMPLE_DECK = 'example';

export interface Matchup {
  table: CardTable;
  decks: [Deck, Deck];
  labels: [string, string];
}

/** Loads one side's deck named by parameter `key` (a path, or `example`). Throws UsageError naming the parameter. */
function loadSide(side: number, value: string, key: string, futureCards: FutureReading): { deck: Deck; label: string } {
  const example = value === EXAMPLE_DECK;
  const path = example ? bundledFile(side === S_RESISTANCE ? 'resistance.yaml' : 'skynet.yaml') : resolve(value);
  const label = example ? `scenarios/tccg/${side === S_RESISTANCE ? 'resistance' : 'skynet'}.yaml (example)` : value;
  const deck = loadDeck(path, example ? label : `parameter ${key}: ${value}`);
  if (deck.side !== side) throw new UsageError(`parameter ${key}: ${label} is a ${SIDE_NAMES[deck.side]} deck; expected a ${SIDE_NAMES[side]} deck`);
  const violations = checkDeck(deck, futureCards);
  if (violations.length) {
    throw new UsageError(`parameter ${key}: ${label} is not a legal Termination Scenario deck (${violations.length} violation(s), first: ${violations[0].rule}: ${violations[0].message}); see sim tccg deck ${value === EXAMPLE_DECK ? label.split(' ')[0] : value}`);
  }
  return { deck, label };
}

/** Loads and checks both decks; they must name the same card data. */
export function loadMatchup(resistance: string, skynet: string, futureCards: FutureReading = 'futureOnly'): Matchup {
  const r = loadSide(S_RESISTANCE, resistance, 'resistanceDeck', futureCards);
  const s = loadSide(S_SKYNET, skynet, 'skynetDeck', futureCards);
  if (hashOf(r.deck.table.cards) !== hashOf(s.deck.table.cards)) {
    throw new UsageError(`parameter skynetDeck: ${s.label} uses other card data (${s.deck.cardsLabel}) than ${r.label} (${r.deck.cardsLabel}); both decks of a game must name the same card data`);
  }
  return { table: r.deck.table, decks: [r.deck, s.deck], labels: [r.label, s.label] };
}

/** A deck's cards expanded to one card id per copy (deck order). */
export function expand(entries: readonly { card: number; count: number }[]): number[] {
  const out: number[] = [];
  for (const e of entries) for (let i = 0; i < e.count; i++) out.push(e.card);
  return out;
}

export { S_RESISTANCE, S_SKYNET };
