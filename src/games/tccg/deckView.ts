// `sim tccg deck FILE` (issue 17, Level 1): validates one side's decks against every Termination
// Scenario rule of the digest and prints what follows from them, exactly: the opening band under
// both readings of what the table counts, the hand limits, every legal Skynet start loadout with
// its band, and hypergeometric draw odds under the digest's refill rule. No dice, no seed.
import { answerSentence, EXACT } from '../../core/answer.js';
import type { ParamSpec } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { UsageError } from '../../core/usageError.js';
import { hasKeyword, K_LEADER, S_RESISTANCE, S_SKYNET, SIDE_NAMES, T_MAIN, type CardTable } from './cardData.js';
import { copiesByCard, loadDeck, totalCount, type Deck } from './deckFile.js';
import { checkDeck, FUTURE_READINGS, isImplant, isStartTerminator, SKYNET_START_POINTS, START_LOCATION, startPoints, type FutureReading, type Violation } from './deckRules.js';
import { atLeastOne, bandOf, handLimit, OPENING_BANDS, type OpeningCount } from './opening.js';

export const DECK_VIEW_PARAMS: readonly ParamSpec[] = [
  {
    key: 'playsPerTurn',
    type: 'int',
    default: 2,
    min: 0,
    max: 20,
    doc: 'cards played from hand per turn, so drawn at the next refill (the draw-odds table: refill r has seen limit + playsPerTurn × (r - 1) cards)',
    source: 'assumption: the digest refills the hand to the limit with no discard, so what a refill draws is what was played; alternatives: any count 0..20',
    cli: {},
  },
  { key: 'refills', type: 'int', default: 5, min: 1, max: 30, doc: 'refills shown in the draw-odds table (the first one and the next ones)', source: 'assumption: a report setting, not a rule', cli: {} },
  {
    key: 'futureCards',
    type: 'enum',
    default: 'futureOnly',
    choices: FUTURE_READINGS,
    doc: 'which cards the Termination Scenario Future rule refuses: futureOnly = cards that are Future and not Past (the issue\'s reading); anyFuture = every card printed Future, Past/Future included (the digest\'s literal "“Future”を持つカード")',
    source: 'assumption: issue 17 reads the rule as Future-only; the digest says cards "having Future"',
    cli: {},
  },
];

/** Loadouts listed in full up to this many; the counts per band are always exact. */
export const MAX_LOADOUT_ROWS = 256;

export interface BandReading {
  reading: OpeningCount;
  points: number;
  band: number | null;
  label: string;
}

export interface Loadout {
  implants: string[];
  implantPoints: number;
  totalPoints: number;
  bandImplants: string;
  bandAll: string;
  chosen: boolean;
}

export interface DeckResult {
  file: string;
  deck: string;
  side: 'resistance' | 'skynet';
  legal: boolean;
  violations: Violation[];
  counts: { drawDeck: number; locationDeck: number; start: number; condition: number; reserve: number };
  cards: string;
  futureCards: FutureReading;
  /** Skynet: both readings of the opening table; Resistance: null (it depends on the Skynet loadout). */
  opening: BandReading[] | null;
  handLimits: { reshuffles: number; limit: number; limitWithoutLeader: number | null }[];
  /** Skynet: every start loadout of the Terminator with a subset of the set's implants. */
  loadouts: { terminator: string; terminatorCost: number; implantsAvailable: string[]; total: number; listed: number; byBand: { band: string; implants: number; all: number }[]; rows: Loadout[] } | null;
  drawOdds: { deckSize: number; handLimit: number; playsPerTurn: number; cardsSeen: number[]; rows: { card: string; copies: number; p: number[]; exact: string[] }[] };
  notes: string[];
}

/** The band label of `points` ("n/a" outside 0-20). */
function bandLabel(points: number): string {
  const b = bandOf(points);
  return b < 0 ? `n/a (${points} > ${SKYNET_START_POINTS})` : `${OPENING_BANDS[b].lo}-${OPENING_BANDS[b].hi}: ${OPENING_BANDS[b].label}`;
}

/** All subsets of `implants` (card ids) whose cost fits `budget`, as lists of ids (depth-first, in card order). */
function enumerateLoadouts(table: CardTable, implants: readonly number[], budget: number, limit: number, visit: (ids: number[], cost: number) => void): number {
  let count = 0;
  const chosen: number[] = [];
  const walk = (from: number, cost: number) => {
    count++;
    if (count <= limit) visit(chosen.slice(), cost);
    for (let i = from; i < implants.length; i++) {
      const c = table.cards[implants[i]].cost;
      if (cost + c > budget) continue;
      chosen.push(implants[i]);
      walk(i + 1, cost + c);
      chosen.pop();
    }
  };
  walk(0, 0);
  return count;
}

/** Counts of implant subsets by total implant cost 0..budget (exact dynamic programming). */
function subsetCountsByCost(table: CardTable, implants: readonly number[], budget: number): number[] {
  const ways = new Array<number>(budget + 1).fill(0);
  ways[0] = 1;
  for (const id of implants) {
    const c = table.cards[id].cost;
    for (let t = budget; t >= c; t--) ways[t] += ways[t - c];
  }
  return ways;
}

/** Computes the deck's result (pure given the parsed deck). */
export function deckResult(deck: Deck, opts: { playsPerTurn: number; refills: number; futureCards: FutureReading }): DeckResult {
  const cards = deck.table.cards;
  const violations = checkDeck(deck, opts.futureCards);
  const side = deck.side === S_RESISTANCE ? 'resistance' : 'skynet';
  const notes: string[] = [];
  if (violations.length) notes.push('The deck is not legal; what follows is computed from the deck as written.');

  let opening: BandReading[] | null = null;
  let loadouts: DeckResult['loadouts'] = null;
  if (deck.side === S_SKYNET) {
    const pts = startPoints(deck);
    // rulebook: digest §全体の基本進行 — the table counts points spent on item equipment (literal); "all" is the other reading
    opening = [
      { reading: 'implants', points: pts.implants, band: bandOf(pts.implants) < 0 ? null : bandOf(pts.implants), label: bandLabel(pts.implants) },
      { reading: 'all', points: pts.all, band: bandOf(pts.all) < 0 ? null : bandOf(pts.all), label: bandLabel(pts.all) },
    ];
    const startMain = deck.start.map((e) => e.card).find((id) => isStartTerminator(cards[id]));
    const terminators = startMain !== undefined ? [startMain] : cards.map((_, id) => id).filter((id) => isStartTerminator(cards[id]));
    if (startMain === undefined) notes.push(terminators.length ? `The start names no Terminator Infiltrator: loadouts are listed for the first one of the card set (${cards[terminators[0]].name}).` : 'The card set has no Skynet Terminator Infiltrator: no start loadout is possible.');
    if (terminators.length) {
      const term = terminators[0];
      const implants = cards.map((_, id) => id).filter((id) => isImplant(cards[id]));
      const tc = cards[term].cost;
      const budget = Math.max(-1, SKYNET_START_POINTS - tc);
      const chosenSet = deck.start.map((e) => e.card).filter((id) => isImplant(cards[id])).sort((a, b) => a - b).join(',');
      const rows: Loadout[] = [];
      const total = budget < 0 ? 0 : enumerateLoadouts(deck.table, implants, budget, MAX_LOADOUT_ROWS, (ids, cost) =>
        rows.push({ implants: ids.map((id) => cards[id].name), implantPoints: cost, totalPoints: cost + tc, bandImplants: bandLabel(cost), bandAll: bandLabel(cost + tc), chosen: startMain === term && [...ids].sort((a, b) => a - b).join(',') === chosenSet }),
      );
      const ways = budget < 0 ? [] : subsetCountsByCost(deck.table, implants, budget);
      const byBand = OPENING_BANDS.map((b, bi) => {
        let byImplants = 0;
        let byAll = 0;
        ways.forEach((w, cost) => {
          if (bandOf(cost) === bi) byImplants += w;
          if (bandOf(cost + tc) === bi) byAll += w;
        });
        return { band: `${b.lo}-${b.hi}: ${b.label}`, implants: byImplants, all: byAll };
      });
      if (total > MAX_LOADOUT_ROWS) notes.push(`${total} legal loadouts: the first ${MAX_LOADOUT_ROWS} are listed; the counts per band cover all of them.`);
      loadouts = { terminator: cards[term].name, terminatorCost: tc, implantsAvailable: implants.map((id) => cards[id].name), total, listed: rows.length, byBand, rows };
    }
  }

  // rulebook: digest §開始時基本設定 — Resistance 5 + 1 per Leader in play, Skynet 5; §基本構成細則 — each reshuffle lowers it by 1
  const leaders = deck.side === S_RESISTANCE ? new Set(deck.start.map((e) => e.card).filter((id) => cards[id].type === T_MAIN && hasKeyword(cards[id], K_LEADER))).size : 0;
  const handLimits = [];
  for (let r = 0; r <= 5; r++) handLimits.push({ reshuffles: r, limit: handLimit(deck.side, leaders, r), limitWithoutLeader: deck.side === S_RESISTANCE ? handLimit(deck.side, 0, r) : null });

  // rulebook: digest §基本構成細則 — no discard; the hand is refilled to the limit (opening hand 0, no mulligan)
  const deckSize = totalCount(deck.drawDeck);
  const limit = handLimit(deck.side, leaders, 0);
  const cardsSeen: number[] = [];
  for (let r = 1; r <= opts.refills; r++) cardsSeen.push(Math.min(deckSize, limit + opts.playsPerTurn * (r - 1)));
  if (deckSize > 0 && limit + opts.playsPerTurn * (opts.refills - 1) > deckSize) notes.push(`By refill ${opts.refills} the ${deckSize}-card deck runs out (deck-out reshuffle): later columns are capped at the whole deck.`);
  const oddsRows = [...copiesByCard(deck.drawDeck)].map(([id, copies]) => {
    const ps = cardsSeen.map((n) => atLeastOne(deckSize, copies, n));
    return { card: cards[id].name, copies, p: ps.map((x) => x.value), exact: ps.map((x) => `${x.num}/${x.den}`) };
  });

  return {
    file: deck.file,
    deck: deck.name,
    side,
    legal: violations.length === 0,
    violations,
    counts: { drawDeck: deckSize, locationDeck: deck.locationDeck.length, start: deck.start.length, condition: deck.condition.length, reserve: totalCount(deck.reserve) },
    cards: deck.cardsLabel,
    futureCards: opts.futureCards,
    opening,
    handLimits,
    loadouts,
    drawOdds: { deckSize, handLimit: limit, playsPerTurn: opts.playsPerTurn, cardsSeen, rows: oddsRows },
    notes,
  };
}

export function deckTables(r: DeckResult): ResultTable[] {
  const tables: ResultTable[] = [
    {
      title: r.legal ? `Deck rules: legal (${r.side})` : `Deck rules: ${r.violations.length} violation(s) (${r.side})`,
      columns: [
        { key: 'rule', header: 'rule', format: 'text' },
        { key: 'field', header: 'field', format: 'text' },
        { key: 'message', header: 'message', format: 'text' },
      ],
      rows: r.violations.length ? r.violations.map((x) => ({ rule: x.rule, field: x.field, message: x.message })) : [{ rule: 'all rules', field: '', message: 'legal for the Termination Scenario' }],
    },
    {
      title: 'Deck',
      columns: [
        { key: 'what', header: 'what', format: 'text' },
        { key: 'value', header: 'value', format: 'text' },
      ],
      rows: [
        { what: 'side', value: r.side },
        { what: 'draw deck', value: `${r.counts.drawDeck} cards` },
        { what: 'location deck', value: `${r.counts.locationDeck} cards (+ ${START_LOCATION[r.side === 'resistance' ? 0 : 1]}, the start location)` },
        { what: 'start cards', value: String(r.counts.start) },
        { what: 'condition', value: String(r.counts.condition) },
        { what: 'reserve', value: `${r.counts.reserve} cards` },
        { what: 'card data', value: r.cards },
      ],
    },
  ];
  if (r.opening) {
    tables.push({
      title: 'Opening band (production points Skynet spent at set-up)',
      columns: [
        { key: 'reading', header: 'the table counts', format: 'text' },
        { key: 'points', header: 'points', format: 'int' },
        { key: 'label', header: 'opening turns', format: 'text' },
      ],
      rows: r.opening.map((o) => ({ reading: o.reading === 'implants' ? 'implant points only (literal)' : 'all points spent', points: o.points, label: o.label })),
    });
  } else {
    tables.push({
      title: 'Opening band: set by the Skynet loadout (the table, production points spent on implants)',
      columns: [
        { key: 'points', header: 'points', format: 'text' },
        { key: 'label', header: 'opening turns', format: 'text' },
      ],
      rows: OPENING_BANDS.map((b) => ({ points: `${b.lo}-${b.hi}`, label: b.label })),
    });
  }
  tables.push({
    title: 'Hand limit by deck-out reshuffles',
    columns: [
      { key: 'reshuffles', header: 'reshuffles', format: 'int' },
      { key: 'limit', header: r.side === 'resistance' ? 'limit (Leader in play)' : 'limit', format: 'int' },
      ...(r.side === 'resistance' ? [{ key: 'limitWithoutLeader', header: 'limit (no Leader)', format: 'int' as const }] : []),
    ],
    rows: r.handLimits,
  });
  if (r.loadouts) {
    const l = r.loadouts;
    tables.push({
      title: `Start loadouts: ${l.terminator} (${l.terminatorCost} points) with each subset of implants, ${l.total} legal`,
      columns: [
        { key: 'band', header: 'band', format: 'text' },
        { key: 'implants', header: 'loadouts (implant points)', format: 'int' },
        { key: 'all', header: 'loadouts (all points)', format: 'int' },
      ],
      rows: l.byBand,
    });
    tables.push({
      title: `Start loadouts listed (${l.listed} of ${l.total}; * = this deck's)`,
      columns: [
        { key: 'chosen', header: '', format: 'text' },
        { key: 'implants', header: 'implants', format: 'text' },
        { key: 'implantPoints', header: 'implant pts', format: 'int' },
        { key: 'totalPoints', header: 'all pts', format: 'int' },
        { key: 'bandImplants', header: 'band (implants)', format: 'text' },
        { key: 'bandAll', header: 'band (all)', format: 'text' },
      ],
      rows: l.rows.map((x) => ({ ...x, chosen: x.chosen ? '*' : '', implants: x.implants.join(', ') || '(none)' })),
    });
  }
  const d = r.drawOdds;
  tables.push({
    title: `P(at least one copy in hand) after each refill (hand limit ${d.handLimit}, ${d.playsPerTurn} played per turn, ${d.deckSize}-card deck)`,
    columns: [
      { key: 'card', header: 'card', format: 'text' },
      { key: 'copies', header: 'copies', format: 'int' },
      ...d.cardsSeen.map((n, i) => ({ key: `r${i + 1}`, header: `refill ${i + 1} (${n} seen)`, format: 'prob' as const })),
    ],
    rows: d.rows.map((row) => {
      const out: Record<string, string | number> = { card: row.card, copies: row.copies };
      row.p.forEach((p, i) => (out[`r${i + 1}`] = p));
      return out;
    }),
  });
  return tables;
}

/** The deck's answer: legal or not (the first violation), and for Skynet the opening band under each reading. */
function deckAnswer(deck: string, side: string, r: DeckResult): string {
  const legal = r.legal ? 'is legal for the Termination Scenario' : `breaks ${r.violations.length} deck rule${r.violations.length > 1 ? 's' : ''}, first ${r.violations[0].field ? `${r.violations[0].field}: ` : ''}${r.violations[0].message}`;
  // The label reads "0-6: turns 1-2: only Skynet acts": the band's turns after its points.
  const turns = (b: BandReading) => b.label.replace(/^[^:]*:\s*/, '');
  const band = r.opening ? `; in the opening ${r.opening.map((b) => `${turns(b)} when the table counts ${b.reading === 'implants' ? 'the implant points' : 'all points spent'} (${b.points})`).join(', or ')}` : '';
  return answerSentence(`The ${side} deck ${deck} ${legal}${band}`, [`hand limit ${r.handLimits[0].limit}`, `Future rule read as ${r.futureCards}`, EXACT]);
}

/** The view's run: reads the deck file the argument names. Unreadable or unparsable input is a UsageError (exit 2). */
export function runDeckView(params: ResolvedParams, confidence: number): Report {
  const file = params.file;
  if (typeof file !== 'string' || file === '') throw new UsageError('tccg deck: expected a deck file (sim tccg deck FILE)');
  const deck = loadDeck(file);
  const opts = { playsPerTurn: Number(params.playsPerTurn ?? 2), refills: Number(params.refills ?? 5), futureCards: String(params.futureCards ?? 'futureOnly') as FutureReading };
  const result = deckResult(deck, opts);
  return {
    ...provenance('tccg', { file, ...opts }, { deck: { ...deck, table: undefined }, cards: deck.table.cards }),
    title: `Terminator CCG, Termination Scenario: the ${SIDE_NAMES[deck.side]} deck ${deck.name} — ${result.legal ? 'legal' : `${result.violations.length} violation(s)`}`,
    method: 'exact',
    seed: null,
    n: null,
    confidence,
    result,
    assumptions: [
      `Draw odds: the hand is refilled to the limit with no discard (digest); ${opts.playsPerTurn} card(s) played per turn between refills (parameter playsPerTurn, assumption).`,
      `Future rule read as ${opts.futureCards} (parameter futureCards).`,
      'A Unique card of any type is limited to 1 copy (the digest states the Unique limit among items; other cards are read the same way).',
      'Loadouts: the Terminator with each subset of distinct implants of the card set (start cards are exempt from the Future rule).',
    ],
    tables: deckTables(result),
    notes: result.notes,
    // The answer first: is the deck legal, and what opening does it set up.
    text: deckAnswer(deck.name, SIDE_NAMES[deck.side], result),
  };
}
