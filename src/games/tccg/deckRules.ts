// The Termination Scenario's deck-construction rules (digest §事前準備: ドローデッキ, ロケーション
// デッキ, スタートカード, その他準備), each a separate violation naming its rule. Pure: a parsed
// Deck in, the list of violations out.
import {
  ERA_FUTURE,
  ERA_PAST,
  eraLabel,
  hasKeyword,
  K_DISTINCT,
  K_IMPLANT,
  K_INFILTRATOR,
  K_LEADER,
  K_LIMITED,
  K_TERMINATOR,
  K_UNIQUE,
  S_NEUTRAL,
  S_RESISTANCE,
  S_SKYNET,
  SIDE_NAMES,
  T_CONDITION,
  T_ITEM,
  T_LOCATION,
  T_MAIN,
  type CardInfo,
} from './cardData.js';
import { copiesByCard, totalCount, type Deck } from './deckFile.js';

/** One rule of deck construction. */
export interface DeckRule {
  /** Stable id (the JSON output's `rule`). */
  id: string;
  /** Where it comes from: "digest §…" or "assumption: …". */
  source: string;
  /** The rule in one line. */
  text: string;
}

export const RULES = {
  drawDeckSize: { id: 'draw-deck-size', source: 'digest §ドローデッキ (デッキ枚数)', text: 'the draw deck holds at least 40 cards' },
  drawDeckNoConditionLocation: { id: 'draw-deck-no-condition-location', source: 'digest §ドローデッキ (構築条件)', text: 'no Condition or Location cards in the draw deck' },
  drawDeckMainCharacters: { id: 'draw-deck-main-characters', source: 'digest §ドローデッキ (構築条件)', text: 'only Skynet main characters may be in a draw deck' },
  drawDeckCopies: { id: 'draw-deck-copies', source: 'digest §ドローデッキ (構築条件)', text: 'at most 3 copies of a card (items excepted)' },
  drawDeckUnique: { id: 'draw-deck-unique', source: 'digest §ドローデッキ (構築条件)', text: 'at most 1 copy of a Unique card' },
  drawDeckLimited: { id: 'draw-deck-limited', source: 'digest §ドローデッキ (構築条件)', text: 'at most 3 copies of a Limited item' },
  drawDeckFuture: { id: 'draw-deck-future', source: 'digest §ドローデッキ (抹消シナリオ)', text: 'no Future cards in the draw deck (Termination Scenario)' },
  deckSide: { id: 'deck-side', source: 'digest §陣営について (each player prepares the deck of their side)', text: "draw deck and reserve hold the side's own cards or neutral ones" },
  locationDeckSize: { id: 'location-deck-size', source: 'digest §ロケーションデッキ (抹消シナリオ)', text: 'the location deck holds exactly 9 cards (the start location not counted)' },
  locationDeckType: { id: 'location-deck-type', source: 'digest §ロケーションデッキ (構築条件)', text: 'the location deck holds Location cards only' },
  locationDeckDifferent: { id: 'location-deck-different', source: 'digest §ロケーションデッキ (抹消シナリオ)', text: 'the location deck cards are all different' },
  locationDeckEra: { id: 'location-deck-era', source: 'digest §ロケーションデッキ (抹消シナリオ)', text: 'every location is Past or Past/Future' },
  locationDeckDistinct: { id: 'location-deck-distinct', source: 'digest §ロケーションデッキ (抹消シナリオ)', text: 'at most 3 Distinct locations' },
  locationDeckMainStreet: { id: 'location-deck-main-street', source: 'digest §ロケーションデッキ (抹消シナリオ)', text: 'Main Street is in the location deck' },
  startResistanceCharacters: { id: 'start-resistance-characters', source: 'digest §スタートカード (抹消シナリオ, レジスタンス)', text: 'Resistance start: 3 different Resistance main characters (Pawn Shop is the start location)' },
  startResistanceLeader: { id: 'start-resistance-leader', source: 'digest §スタートカード (抹消シナリオ, レジスタンス)', text: 'Resistance start: exactly one of the 3 main characters is a Leader' },
  startSkynetTerminator: { id: 'start-skynet-terminator', source: 'digest §スタートカード (抹消シナリオ, スカイネット)', text: 'Skynet start: exactly one Skynet main character, both Terminator and Infiltrator' },
  startSkynetImplants: { id: 'start-skynet-implants', source: 'digest §スタートカード (抹消シナリオ, スカイネット)', text: 'Skynet start: besides it, only Skynet Implant items (Alamo Sport Shop is the start location)' },
  startSkynetCost: { id: 'start-skynet-cost', source: 'digest §スタートカード / §開始準備 (20 production points)', text: 'Skynet start: production cost at most 20 in total' },
  conditionCount: { id: 'condition-count', source: 'digest §その他準備 (コンディションカード 0～1枚)', text: 'at most one Condition card' },
  conditionType: { id: 'condition-type', source: 'digest §その他準備 (コンディションカード)', text: 'the condition is a Condition card' },
  reserveSize: { id: 'reserve-size', source: 'digest §その他準備 (Reserve: 抹消シナリオでは 15枚以下)', text: 'the reserve holds at most 15 cards' },
} as const satisfies Record<string, DeckRule>;

export const RULE_LIST: readonly DeckRule[] = Object.values(RULES);

/** One broken rule. */
export interface Violation {
  rule: string;
  source: string;
  /** The deck file field it concerns, e.g. "drawDeck[3] (Uzi 9mm)". */
  field: string;
  message: string;
}

/** Which cards the Future rule refuses: only Future-only cards (the issue's reading) or any card printed Future. */
export type FutureReading = 'futureOnly' | 'anyFuture';
export const FUTURE_READINGS: readonly FutureReading[] = ['futureOnly', 'anyFuture'];

/** Start locations (digest §スタートカード): Pawn Shop for the Resistance, Alamo Sport Shop for Skynet. */
export const START_LOCATION = ['Pawn Shop', 'Alamo Sport Shop'] as const;
export const MAIN_STREET = 'Main Street';

export const DRAW_DECK_MIN = 40;
export const COPIES_MAX = 3;
export const LIMITED_MAX = 3;
export const LOCATION_DECK_SIZE = 9;
export const DISTINCT_MAX = 3;
export const SKYNET_START_POINTS = 20;
export const RESERVE_MAX = 15;

/** Is the card refused by the Termination Scenario's Future rule under `reading`? */
export function isFutureRefused(c: CardInfo, reading: FutureReading): boolean {
  // rulebook: digest §ドローデッキ (抹消シナリオ) — "Future" cards are not allowed
  return reading === 'futureOnly' ? c.eras === ERA_FUTURE : (c.eras & ERA_FUTURE) !== 0;
}

/** Is the card a Skynet main character that is both Terminator and Infiltrator? */
export function isStartTerminator(c: CardInfo): boolean {
  return c.type === T_MAIN && c.side === S_SKYNET && hasKeyword(c, K_TERMINATOR) && hasKeyword(c, K_INFILTRATOR);
}

/** Is the card a Skynet Implant item? */
export function isImplant(c: CardInfo): boolean {
  return c.type === T_ITEM && c.side === S_SKYNET && hasKeyword(c, K_IMPLANT);
}

/** Every rule the deck breaks, in the order of RULE_LIST (then the deck's order). */
export function checkDeck(deck: Deck, futureReading: FutureReading = 'futureOnly'): Violation[] {
  const out: Violation[] = [];
  const cards = deck.table.cards;
  const add = (rule: DeckRule, field: string, message: string) => out.push({ rule: rule.id, source: rule.source, field, message });
  const firstField = new Map<number, string>();
  for (const e of deck.drawDeck) if (!firstField.has(e.card)) firstField.set(e.card, e.field);

  // rulebook: digest §ドローデッキ — at least 40 cards
  const size = totalCount(deck.drawDeck);
  if (size < DRAW_DECK_MIN) add(RULES.drawDeckSize, 'drawDeck', `the draw deck holds ${size} cards; at least ${DRAW_DECK_MIN} are needed`);

  for (const e of deck.drawDeck) {
    const c = cards[e.card];
    // rulebook: digest §ドローデッキ — no Condition or Location cards
    if (c.type === T_CONDITION || c.type === T_LOCATION) add(RULES.drawDeckNoConditionLocation, e.field, `${c.name} is a ${c.type === T_CONDITION ? 'Condition' : 'Location'} card; it cannot be in the draw deck`);
    // rulebook: digest §ドローデッキ — only Skynet main characters in a deck
    if (c.type === T_MAIN && c.side !== S_SKYNET) add(RULES.drawDeckMainCharacters, e.field, `${c.name} is a ${SIDE_NAMES[c.side]} main character; only Skynet main characters may be in a draw deck`);
  }

  for (const [id, n] of copiesByCard(deck.drawDeck)) {
    const c = cards[id];
    const field = firstField.get(id)!;
    // rulebook: digest §ドローデッキ — at most 3 copies; items unlimited except Unique (1) and Limited (3)
    if (hasKeyword(c, K_UNIQUE)) {
      if (n > 1) add(RULES.drawDeckUnique, field, `${n} copies of ${c.name}, which is Unique: at most 1`);
    } else if (c.type === T_ITEM) {
      if (hasKeyword(c, K_LIMITED) && n > LIMITED_MAX) add(RULES.drawDeckLimited, field, `${n} copies of ${c.name}, which is Limited: at most ${LIMITED_MAX}`);
    } else if (n > COPIES_MAX) add(RULES.drawDeckCopies, field, `${n} copies of ${c.name}: at most ${COPIES_MAX}`);
  }

  for (const e of deck.drawDeck) {
    const c = cards[e.card];
    if (isFutureRefused(c, futureReading)) add(RULES.drawDeckFuture, e.field, `${c.name} is ${eraLabel(c.eras)}: no ${futureReading === 'futureOnly' ? 'Future-only' : 'Future'} cards in a Termination Scenario draw deck`);
  }

  // rulebook: digest §陣営について — each side prepares its own side's deck
  for (const e of [...deck.drawDeck, ...deck.reserve]) {
    const c = cards[e.card];
    if (c.side !== S_NEUTRAL && c.side !== deck.side) add(RULES.deckSide, e.field, `${c.name} is a ${SIDE_NAMES[c.side]} card in a ${SIDE_NAMES[deck.side]} deck`);
  }

  // rulebook: digest §ロケーションデッキ (抹消シナリオ) — exactly 9, all different, Past or Past/Future, ≤ 3 Distinct, Main Street included
  if (deck.locationDeck.length !== LOCATION_DECK_SIZE) add(RULES.locationDeckSize, 'locationDeck', `the location deck holds ${deck.locationDeck.length} cards; exactly ${LOCATION_DECK_SIZE} are needed`);
  const seen = new Set<number>();
  for (const e of deck.locationDeck) {
    const c = cards[e.card];
    if (c.type !== T_LOCATION) add(RULES.locationDeckType, e.field, `${c.name} is not a Location card`);
    if (seen.has(e.card)) add(RULES.locationDeckDifferent, e.field, `${c.name} is in the location deck more than once`);
    seen.add(e.card);
  }
  for (const e of deck.locationDeck) {
    const c = cards[e.card];
    if (c.type === T_LOCATION && (c.eras & ERA_PAST) === 0) add(RULES.locationDeckEra, e.field, `${c.name} is ${eraLabel(c.eras)}: locations must be Past or Past/Future`);
  }
  const distinct = [...seen].filter((id) => cards[id].type === T_LOCATION && hasKeyword(cards[id], K_DISTINCT));
  if (distinct.length > DISTINCT_MAX) add(RULES.locationDeckDistinct, 'locationDeck', `${distinct.length} Distinct locations (${distinct.map((id) => cards[id].name).join(', ')}); at most ${DISTINCT_MAX}`);
  if (!deck.locationDeck.some((e) => cards[e.card].name === MAIN_STREET)) add(RULES.locationDeckMainStreet, 'locationDeck', `${MAIN_STREET} is not in the location deck`);

  checkStart(deck, add);

  // rulebook: digest §その他準備 — 0-1 Condition card; reserve at most 15 (Termination Scenario)
  if (deck.condition.length > 1) add(RULES.conditionCount, 'condition', `${deck.condition.length} Condition cards; at most 1`);
  for (const e of deck.condition) if (cards[e.card].type !== T_CONDITION) add(RULES.conditionType, e.field, `${cards[e.card].name} is not a Condition card`);
  const reserve = totalCount(deck.reserve);
  if (reserve > RESERVE_MAX) add(RULES.reserveSize, 'reserve', `the reserve holds ${reserve} cards; at most ${RESERVE_MAX}`);
  return out;
}

type Add = (rule: DeckRule, field: string, message: string) => void;

/** The start cards of the deck's side (the side's start location may be listed too). */
function checkStart(deck: Deck, add: Add): void {
  const cards = deck.table.cards;
  const startLoc = START_LOCATION[deck.side];
  const listed = deck.start.filter((e) => cards[e.card].name !== startLoc);
  if (deck.side === S_RESISTANCE) {
    // rulebook: digest §スタートカード (レジスタンス) — 3 different Resistance main characters, exactly one Leader
    const mains = listed.filter((e) => cards[e.card].type === T_MAIN && cards[e.card].side === S_RESISTANCE);
    for (const e of listed) if (!mains.includes(e)) add(RULES.startResistanceCharacters, e.field, `${cards[e.card].name} is not a Resistance main character (the start is 3 of them; ${startLoc} is the start location)`);
    const different = new Set(mains.map((e) => e.card));
    if (mains.length !== 3) add(RULES.startResistanceCharacters, 'start', `${mains.length} Resistance main characters at the start; exactly 3 are needed`);
    if (different.size !== mains.length) add(RULES.startResistanceCharacters, 'start', 'the 3 start main characters must be different');
    const leaders = [...different].filter((id) => hasKeyword(cards[id], K_LEADER));
    if (leaders.length !== 1) add(RULES.startResistanceLeader, 'start', `${leaders.length} Leaders among the start main characters (${leaders.map((id) => cards[id].name).join(', ') || 'none'}); exactly one is needed`);
    return;
  }
  // rulebook: digest §スタートカード (スカイネット) — one Terminator Infiltrator plus implants, ≤ 20 production points
  const mains = listed.filter((e) => cards[e.card].type === T_MAIN);
  const terminators = mains.filter((e) => isStartTerminator(cards[e.card]));
  if (mains.length !== 1 || terminators.length !== 1) {
    const what = mains.length === 0 ? 'no main character' : mains.map((e) => `${cards[e.card].name}${isStartTerminator(cards[e.card]) ? '' : ' (not a Skynet Terminator Infiltrator)'}`).join(', ');
    add(RULES.startSkynetTerminator, 'start', `start main characters: ${what}; exactly one Skynet main character that is both Terminator and Infiltrator is needed`);
  }
  for (const e of listed) {
    const c = cards[e.card];
    if (c.type === T_MAIN) continue;
    if (!isImplant(c)) add(RULES.startSkynetImplants, e.field, `${c.name} is not a Skynet Implant item${c.type === T_LOCATION ? ` (${startLoc} is the start location)` : ''}`);
  }
  const cost = startCost(deck);
  if (cost > SKYNET_START_POINTS) add(RULES.startSkynetCost, 'start', `the start cards cost ${cost} production points; at most ${SKYNET_START_POINTS}`);
}

/** Production points of the Skynet start cards: {all, implants} (the start location costs nothing). */
export function startPoints(deck: Deck): { all: number; implants: number } {
  const cards = deck.table.cards;
  let all = 0;
  let implants = 0;
  for (const e of deck.start) {
    const c = cards[e.card];
    if (c.type === T_LOCATION) continue;
    all += c.cost;
    if (c.type === T_ITEM) implants += c.cost;
  }
  return { all, implants };
}

function startCost(deck: Deck): number {
  return startPoints(deck).all;
}

