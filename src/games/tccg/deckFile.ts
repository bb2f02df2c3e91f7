// Deck files of the Termination Scenario (issue 17, Level 1): one side's draw deck, location deck,
// start cards, optional Condition card and reserve, and the card data they name. Parsed safely,
// shape-checked with valibot, names resolved against the card data; every message names the file,
// the entry and the field. Shape errors and unknown names are UsageErrors (exit 2); the deck
// rules themselves are checked by deckRules.ts (an illegal deck is an answer, not an error).
import { dirname, isAbsolute, resolve } from 'node:path';
import * as v from 'valibot';
import { issueText } from '../../core/issues.js';
import { nearest } from '../../core/params.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import { UsageError } from '../../core/usageError.js';
import { cardIdOf, defaultCardFile, describePath, loadCardData, readText, S_RESISTANCE, S_SKYNET, type CardTable } from './cardData.js';

export const DECK_SIDES = ['resistance', 'skynet'] as const;

const Name = v.pipe(v.string('expected a card name (text)'), v.trim(), v.minLength(1, 'expected a non-empty card name'));
const Count = v.pipe(v.number('expected a whole number of copies'), v.integer('expected a whole number of copies'), v.minValue(1, 'expected at least 1 copy'), v.maxValue(200, 'expected at most 200 copies'));
const Entry = v.strictObject({ card: Name, count: Count }, 'expected an entry { card: NAME, count: N }');

const DeckSchema = v.strictObject(
  {
    side: v.picklist([...DECK_SIDES], `expected ${DECK_SIDES.join(' or ')}`),
    name: v.optional(v.string('expected text')),
    description: v.optional(v.string('expected text')),
    cards: v.optional(v.pipe(v.string('expected the path of a card data file'), v.minLength(1, 'expected the path of a card data file'))),
    drawDeck: v.array(Entry, 'expected a list of entries { card: NAME, count: N }'),
    locationDeck: v.array(Name, 'expected a list of location names'),
    start: v.array(Name, 'expected a list of card names'),
    // The rule allows 0-1 Condition cards; a list is accepted so that two can be refused by the rule, not the parser.
    condition: v.optional(v.union([Name, v.array(Name, 'expected a list of card names')], 'expected a Condition card name')),
    reserve: v.optional(v.array(Entry, 'expected a list of entries { card: NAME, count: N }')),
  },
  'expected a deck mapping { side, drawDeck, locationDeck, start, condition?, reserve?, cards? }',
);

/** A deck entry with its card id and the field that named it (for messages). */
export interface DeckEntry {
  card: number;
  count: number;
  field: string;
}

/** A parsed deck: names resolved to card ids of `table`. */
export interface Deck {
  file: string;
  name: string;
  /** S_RESISTANCE or S_SKYNET. */
  side: number;
  table: CardTable;
  /** How the card data was named: "scenarios/tccg/cards.yaml (reference set)" or the file. */
  cardsLabel: string;
  drawDeck: DeckEntry[];
  locationDeck: DeckEntry[];
  start: DeckEntry[];
  condition: DeckEntry[];
  reserve: DeckEntry[];
}

export const REFERENCE_CARDS_LABEL = 'scenarios/tccg/cards.yaml (reference set)';

/**
 * Parses deck text. `file` names it in messages; a relative `cards:` path is taken from `baseDir`
 * (the deck file's folder). `table` replaces the card data the deck names (tests). Throws UsageError.
 */
export function parseDeck(text: string, file: string, baseDir: string, table?: CardTable): Deck {
  const raw = parseYamlSafely(text, file);
  // A misspelt field is named as such before the field it was meant to be is reported missing.
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const known = Object.keys(DeckSchema.entries);
    const unknown = Object.keys(raw).find((k) => !known.includes(k));
    if (unknown !== undefined) {
      const near = nearest(unknown, known);
      throw new UsageError(`${file}: ${unknown}: unknown field "${unknown}"${near ? ` (did you mean "${near}"?)` : ''}; expected ${known.join(', ')}`);
    }
  }
  const r = v.safeParse(DeckSchema, raw);
  if (!r.success) {
    const issue = r.issues[0];
    const keys = (issue.path ?? []).map((p) => p.key as string | number);
    const known = keys.length === 1 ? Object.keys(DeckSchema.entries) : keys.length === 3 ? Object.keys(Entry.entries) : undefined;
    throw new UsageError(`${file}: ${describePath(raw, keys)}: ${issueText(issue, known)}`);
  }
  const d = r.output;
  let cardsLabel = REFERENCE_CARDS_LABEL;
  if (!table) {
    if (d.cards === undefined) table = loadCardData(defaultCardFile(), REFERENCE_CARDS_LABEL);
    else {
      const path = isAbsolute(d.cards) ? d.cards : resolve(baseDir, d.cards);
      cardsLabel = d.cards;
      table = loadCardData(path, `${file}: cards: ${d.cards}`);
    }
  } else cardsLabel = table.file;
  const names = table.cards.map((c) => c.name);
  const lookup = (name: string, field: string): number => {
    const id = cardIdOf(table!, name);
    if (id < 0) {
      const near = nearest(name, names);
      throw new UsageError(`${file}: ${field}: unknown card "${name}"${near ? ` (did you mean "${near}"?)` : ''} in ${cardsLabel}`);
    }
    return id;
  };
  const entries = (list: { card: string; count: number }[] | undefined, key: string): DeckEntry[] =>
    (list ?? []).map((e, i) => ({ card: lookup(e.card, `${key}[${i}] (${e.card}).card`), count: e.count, field: `${key}[${i}] (${e.card})` }));
  const singles = (list: string[], key: string): DeckEntry[] => list.map((n, i) => ({ card: lookup(n, `${key}[${i}]`), count: 1, field: `${key}[${i}] (${n})` }));
  const condition = d.condition === undefined ? [] : typeof d.condition === 'string' ? [{ card: lookup(d.condition, 'condition'), count: 1, field: `condition (${d.condition})` }] : singles(d.condition, 'condition');
  return {
    file,
    name: d.name ?? file,
    side: d.side === 'resistance' ? S_RESISTANCE : S_SKYNET,
    table,
    cardsLabel,
    drawDeck: entries(d.drawDeck, 'drawDeck'),
    locationDeck: singles(d.locationDeck, 'locationDeck'),
    start: singles(d.start, 'start'),
    condition,
    reserve: entries(d.reserve, 'reserve'),
  };
}

/** Reads and parses a deck file; `label` is how messages name it. Throws UsageError (unreadable, not YAML, bad shape, unknown card). */
/** The card data file deck `path` names (its `cards:`, relative to the deck), else the reference set: the file and how messages name it. */
export function deckCardsFile(path: string, label = path): { file: string; label: string } {
  const raw = parseYamlSafely(readText(path, label), label) as { cards?: unknown } | null;
  const cards = raw && typeof raw === 'object' && typeof raw.cards === 'string' && raw.cards !== '' ? raw.cards : undefined;
  if (cards === undefined) return { file: defaultCardFile(), label: REFERENCE_CARDS_LABEL };
  return { file: isAbsolute(cards) ? cards : resolve(dirname(resolve(path)), cards), label: `${label}: cards: ${cards}` };
}

export function loadDeck(path: string, label = path, table?: CardTable): Deck {
  return parseDeck(readText(path, label), label, dirname(resolve(path)), table);
}

/** Total copies in a list of entries. */
export function totalCount(entries: readonly DeckEntry[]): number {
  let n = 0;
  for (const e of entries) n += e.count;
  return n;
}

/** Copies per card id, summed over entries naming the same card. */
export function copiesByCard(entries: readonly DeckEntry[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const e of entries) m.set(e.card, (m.get(e.card) ?? 0) + e.count);
  return m;
}
