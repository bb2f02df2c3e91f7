// `sim tccg opening` (issue 17, Level 2): the opening and tempo model, Monte Carlo through
// settings.simulate('opening', …). Parameters name the decks and every assumption of the model.
import { answerSentence, estimateHeadline, meanText, pctText } from '../../core/answer.js';
import { dataValuesOf } from '../../core/dataValues.js';
import type { GameMode } from '../../core/gameModule.js';
import { countSummary, outsideIntervalsNote, proportion, type CountEstimate, type ProportionEstimate } from '../../core/intervals.js';
import type { ParamSpec } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { Report } from '../../core/reportTypes.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { cardIdOf, S_RESISTANCE, S_SKYNET, T_ITEM, T_MAIN } from './cardData.js';
import { MAIN_STREET, START_LOCATION, startPoints } from './deckRules.js';
import { RULE_PARAMS, type GameRules } from './gameRules.js';
import { cardValueSpecs, EXAMPLE_DECK, loadMatchup, unusedCards, type Matchup } from './matchup.js';
import { bandOf, OPENING_BANDS, OPENING_COUNTS, type OpeningCount } from './opening.js';
import { exactContactByTurn } from './openingExact.js';
import { INACTIVE_SIDE, OM_CONTACT_TURN, OM_PER_TURN, OM_POLICE_BEFORE_CONTACT, OM_POLICE_TURN, OM_REACH_TURN, PLACEMENTS, RESISTANCE_MOVEMENT, type InactiveSide, type OpeningSimParams, type Placement, type ResistanceMovement } from './openingSim.js';

/** Deck parameters shared by the opening and game modes. */
export const DECK_PARAMS: readonly ParamSpec[] = [
  { key: 'resistanceDeck', type: 'path', default: EXAMPLE_DECK, choices: [EXAMPLE_DECK], doc: 'the Resistance deck file (example: scenarios/tccg/resistance.yaml); it must be legal (sim tccg deck FILE)', source: 'assumption: the bundled example deck (no deck list is public)', cli: {} },
  { key: 'skynetDeck', type: 'path', default: EXAMPLE_DECK, choices: [EXAMPLE_DECK], doc: 'the Skynet deck file (example: scenarios/tccg/skynet.yaml); its start cards are the loadout', source: 'assumption: the bundled example deck (no deck list is public)', cli: {} },
  {
    key: 'openingCount',
    type: 'enum',
    default: 'implants',
    choices: OPENING_COUNTS,
    doc: 'a rule reading, not a report setting: which of Skynet\'s production points the rules\' opening table counts to decide who acts alone in turns 1-2 (so it changes the games): implants = the points Skynet spent on item equipment (the digest\'s words); all = every point spent, the Terminator included',
    source: 'summary corrections (the literal reading is implant points only; the summary\'s first text counts all points)',
    cli: {},
  },
];

/** The game's readings the opening plays too: the same specs (and defaults) as `tccg game`'s, varied by `sim sensitivity tccg opening`. */
export const OPENING_READINGS = ['outnumbering', 'startDuplicate'] as const;

export const OPENING_PARAMS: readonly ParamSpec[] = [
  ...DECK_PARAMS,
  ...OPENING_READINGS.map((key) => RULE_PARAMS.find((s) => s.key === key)!),
  { key: 'locationsPerTurn', type: 'int', default: 1, min: 0, max: 3, doc: 'locations a side plays from its location deck in each turn it acts', source: 'assumption: the digest does not say; the AvP CCG trace plays new locations in the Movement round, read as one per turn; alternatives 0..3', cli: {} },
  { key: 'inactiveSide', type: 'enum', default: 'nothing', choices: INACTIVE_SIDE, doc: 'what the side that does not act in a solo opening turn does: nothing, or locations (plays its locations but does not move)', source: 'assumption: the digest says only that one side "acts" (処理を行う) in those turns', cli: {} },
  { key: 'placement', type: 'enum', default: 'random', choices: PLACEMENTS, doc: 'placement policy: random = each exterior at a random end of the row, interiors over a random exterior; alternate = right, left, right, … with interiors over the start; right = always the right end', source: 'assumption: the digest lets the player choose either end (a policy, not a rule)', cli: {} },
  { key: 'resistanceMovement', type: 'enum', default: 'stay', choices: RESISTANCE_MOVEMENT, doc: 'what the Resistance main characters do in the opening: stay at Pawn Shop, or walk toward the nearest Police Station in reach', source: 'assumption: a policy of the opening model, not a rule', cli: {} },
  { key: 'maxTurns', type: 'int', default: 16, min: 2, max: 30, doc: 'turns simulated per opening', source: 'assumption: a report setting (both location decks are spent by turn 11 at one location per turn)', cli: {} },
];

/** Builds the opening simulation's parameters from the decks and the resolved parameters. */
export function openingSimParams(m: Matchup, params: ResolvedParams): OpeningSimParams {
  const cards = m.table.cards;
  const [res, sky] = m.decks;
  const pts = startPoints(sky);
  const reading = String(params.openingCount) as OpeningCount;
  const band = bandOf(reading === 'implants' ? pts.implants : pts.all);
  const term = sky.start.map((e) => e.card).find((id) => cards[id].type === T_MAIN)!;
  let speed = cards[term].speed;
  for (const e of sky.start) if (cards[e.card].type === T_ITEM) speed += cards[e.card].speedBonus;
  const id = (name: string) => cardIdOf(m.table, name);
  return {
    table: m.table,
    locations: [res.locationDeck.map((e) => e.card), sky.locationDeck.map((e) => e.card)],
    startLocation: [id(START_LOCATION[S_RESISTANCE]), id(START_LOCATION[S_SKYNET])],
    mainStreet: id(MAIN_STREET),
    police: id('Police Station'),
    terminatorSpeed: speed,
    resistanceSpeeds: res.start.map((e) => e.card).filter((c) => cards[c].type === T_MAIN).map((c) => cards[c].speed),
    band,
    locationsPerTurn: Number(params.locationsPerTurn),
    inactiveSide: String(params.inactiveSide) as InactiveSide,
    placement: String(params.placement) as Placement,
    resistanceMovement: String(params.resistanceMovement) as ResistanceMovement,
    maxTurns: Number(params.maxTurns),
    outnumbering: String(params.outnumbering) as GameRules['outnumbering'],
    startDuplicate: String(params.startDuplicate) as GameRules['startDuplicate'],
  };
}

/**
 * "X on turn 4.73 [4.61, 4.85] on average" when every game got there within the cap; else the share
 * of games that did by the cap (a game that never did counts as turn cap + 1 in the mean, which is
 * then no turn at all).
 */
function whenText(what: string, mean: CountEstimate, byCap: ProportionEstimate, cap: number): string {
  if (byCap.estimate === 1) return `${what} on turn ${meanText({ estimate: mean.mean, lo: mean.lo, hi: mean.hi })} on average`;
  return `${what} by turn ${cap} in ${pctText(byCap)} of games (the others not within the ${cap} turns played, so no mean turn is given)`;
}

/** Checks the start locations the simulation needs exist in the card data. */
function requireCards(m: Matchup): void {
  for (const name of [...START_LOCATION, MAIN_STREET]) {
    if (cardIdOf(m.table, name) < 0) throw new Error(`the card data has no ${name}`);
  }
}

/** One turn of `result.byTurn` (tccg opening): by-turn shares, the exact contact share beside. */
export interface TccgOpeningTurn {
  turn: number;
  /** P(contact by this turn). */
  contactBy: ProportionEstimate;
  contactByExact: number;
  exactInInterval: boolean;
  /** P(the Terminator shared a place with a Resistance main character by this turn). */
  reachBy: ProportionEstimate;
  /** P(a path from the Terminator to a Resistance main character at the end of this turn). */
  connected: ProportionEstimate;
  /** That path's cost, over the games that had one (null: none had). */
  pathCost: CountEstimate | null;
}

/**
 * The `result` of `tccg opening` (Monte Carlo): contact, the Terminator's approach, Police Station
 * turns. Turns count from 1; maxTurns + 1 in a turn's summary means "not by then".
 */
export interface TccgOpeningResult {
  decks: { resistance: string; skynet: string };
  loadout: { points: { all: number; implants: number }; openingCount: OpeningCount; band: string; terminatorSpeed: number };
  contactTurn: CountEstimate;
  contactByCap: ProportionEstimate;
  reachTurn: CountEstimate;
  reachByCap: ProportionEstimate;
  policeTurnsBeforeContact: CountEstimate;
  policeTurn: CountEstimate;
  byTurn: TccgOpeningTurn[];
}

export const openingMode: GameMode = {
  name: 'opening',
  summary: 'the opening and tempo: turn of first contact, the Terminator\'s approach to the Resistance, Police Station turns before contact (Monte Carlo)',
  params: OPENING_PARAMS,
  // Every number and true/false of the decks' card data, as data.<path> (--set data.cards.t-800-infiltrator.power=5).
  extraParams: cardValueSpecs,
  // The opening reads the location decks and the start cards only (the Terminator's Speed and implants, the Resistance's Speeds).
  unusedData: (base) => unusedCards(base, ['locationDeck', 'start']),
  defaultGames: 100_000,
  async run(params, settings): Promise<Report> {
    const m = loadMatchup(String(params.resistanceDeck), String(params.skynetDeck), 'futureOnly', dataValuesOf(params));
    requireCards(m);
    const sim = openingSimParams(m, params);
    const run = await settings.simulate('opening', sim);
    const conf = settings.confidence;
    const t = run.totals;
    const cap = sim.maxTurns + 1;
    const byTurn = (metric: number, turn: number) => {
      const mt = t.metrics[metric];
      let k = 0;
      for (let v = 1; v <= turn; v++) k += mt.bins[v];
      return proportion(k, mt.n, conf);
    };
    const band = OPENING_BANDS[sim.band];
    const contact = countSummary(t.metrics[OM_CONTACT_TURN], conf);
    const reach = countSummary(t.metrics[OM_REACH_TURN], conf);
    const police = countSummary(t.metrics[OM_POLICE_BEFORE_CONTACT], conf);
    const policeTurn = countSummary(t.metrics[OM_POLICE_TURN], conf);
    const exact = exactContactByTurn(sim);
    const turns: TccgOpeningTurn[] = [];
    for (let turn = 1; turn <= sim.maxTurns; turn++) {
      const conn = t.metrics[OM_PER_TURN + 2 * (turn - 1)];
      const cost = t.metrics[OM_PER_TURN + 2 * (turn - 1) + 1];
      const pc = proportion(conn.bins[1], conn.n, conf);
      const cs = cost.n > 0 ? countSummary(cost, conf) : null;
      const contactBy = byTurn(OM_CONTACT_TURN, turn);
      const ex = exact[turn - 1];
      turns.push({ turn, contactBy, contactByExact: ex, exactInInterval: ex >= contactBy.lo - 1e-12 && ex <= contactBy.hi + 1e-12, reachBy: byTurn(OM_REACH_TURN, turn), connected: pc, pathCost: cs });
    }
    const pts = startPoints(m.decks[1]);
    const result: TccgOpeningResult = {
      decks: { resistance: m.labels[0], skynet: m.labels[1] },
      loadout: { points: pts, openingCount: params.openingCount as OpeningCount, band: `${band.lo}-${band.hi}: ${band.label}`, terminatorSpeed: sim.terminatorSpeed },
      contactTurn: contact,
      contactByCap: byTurn(OM_CONTACT_TURN, sim.maxTurns),
      reachTurn: reach,
      reachByCap: byTurn(OM_REACH_TURN, sim.maxTurns),
      policeTurnsBeforeContact: police,
      policeTurn,
      byTurn: turns,
    };
    const p = (x: { estimate: number }) => x.estimate;
    return {
      ...provenance('tccg', { ...params }, { cards: m.table.cards, decks: [m.decks[0].locationDeck, m.decks[1].start, m.decks[1].locationDeck, m.decks[0].start] }),
      title: `Terminator CCG opening: contact and the Terminator's approach (${m.labels[0]} vs ${m.labels[1]}; ${band.label})`,
      method: 'mc',
      seed: settings.seed,
      n: run.games,
      confidence: conf,
      ...(run.partial ? { partial: true } : {}),
      result,
      assumptions: [
        `Opening band from ${params.openingCount === 'implants' ? `the implant points only (${pts.implants}, the digest's reading)` : `all points spent (${pts.all})`}: ${band.label}.`,
        `${sim.locationsPerTurn} location(s) played per acting turn, from the top of the shuffled location deck (Main Street last); a duplicate of a place the side has is removed (digest); a side's own start location drawn from its deck is ${sim.startDuplicate === 'removed' ? 'removed as a copy (startDuplicate removed)' : 'placed as another location (startDuplicate placed)'}.`,
        `Inactive side in a solo opening turn: ${sim.inactiveSide}. Placement: ${sim.placement}. Resistance main characters: ${sim.resistanceMovement === 'stay' ? 'stay at Pawn Shop' : 'walk toward the nearest Police Station'}.`,
        `The Terminator (Speed ${sim.terminatorSpeed} with its implants) walks a cheapest path toward the nearest Resistance main character each Skynet acting turn (outnumbering ${sim.outnumbering}, the game's rule: where the enemy has more characters, +1 per excess enemy main character; every character here is a main character, so its readings agree); it waits while no path exists.`,
        `"Before contact" counts Resistance acting turns t < the contact turn; turns are capped at ${sim.maxTurns} (${cap} in the distributions = not by then).`,
      ],
      tables: [
        {
          title: 'Opening summary',
          columns: [
            { key: 'metric', header: 'metric', format: 'text' },
            { key: 'mean', header: 'mean', format: 'fixed2' },
            { key: 'lo', header: 'lo', format: 'fixed2' },
            { key: 'hi', header: 'hi', format: 'fixed2' },
            // One column per quantile: numbers a CSV reader reads as numbers.
            { key: 'p10', header: 'p10', format: 'int' },
            { key: 'p50', header: 'p50', format: 'int' },
            { key: 'p90', header: 'p90', format: 'int' },
          ],
          rows: [
            ['turn of first contact', contact, true],
            ['turn the Terminator reaches a Resistance main character', reach, true],
            ['Resistance turns with the Police Station before contact', police, false],
            ['turn the Police Station is in the Resistance layout', policeTurn, true],
          ].map(([label, s, isTurn]) => {
            const x = s as ReturnType<typeof countSummary>;
            // A turn some game never reached by the cap is recorded as cap + 1: no mean of it (as the answer says), and a quantile there is "not by the cap" (–).
            const censored = isTurn === true && x.max !== null && x.max >= cap;
            const q = (v: number | null) => (censored && v !== null && v >= cap ? null : v);
            return { metric: `${label as string}${censored ? ` (not by turn ${sim.maxTurns} in some games: no mean)` : ''}`, mean: censored ? null : x.mean, lo: censored ? null : x.lo, hi: censored ? null : x.hi, p10: q(x.p10), p50: q(x.p50), p90: q(x.p90) };
          }),
        },
        {
          title: 'By turn (end of the turn)',
          columns: [
            { key: 'turn', header: 'turn', format: 'int' },
            { key: 'contactByExact', header: 'exact P(contact by t)', format: 'prob' },
            { key: 'contactBy', header: 'MC P(contact by t)', format: 'prob' },
            { key: 'reachBy', header: 'P(reached by t)', format: 'prob' },
            { key: 'connected', header: 'P(path to a main character)', format: 'prob' },
            { key: 'pathCost', header: 'movement cost (given a path)', format: 'fixed2' },
          ],
          rows: turns.map((r) => ({ turn: r.turn, contactByExact: r.contactByExact, contactBy: p(r.contactBy), reachBy: p(r.reachBy), connected: p(r.connected), pathCost: r.pathCost ? r.pathCost.mean : null })),
        },
      ],
      // The answer first: when contact comes and when the Terminator gets there, on what decks and band.
      // A game with no contact by the cap counts as turn cap + 1 in the mean: a mean turn is stated only when every game had one; else the share by the cap.
      headline: result.contactByCap.estimate === 1 ? estimateHeadline('mean turn of first contact', { estimate: contact.mean, lo: contact.lo, hi: contact.hi }, 'mean') : estimateHeadline(`P(first contact by turn ${sim.maxTurns})`, result.contactByCap, 'rate'),
      text: answerSentence(`${whenText('First contact comes', contact, result.contactByCap, sim.maxTurns)}, and ${whenText('the Terminator reaches a Resistance main character', reach, result.reachByCap, sim.maxTurns)}`, [
        `${m.labels[0]} vs ${m.labels[1]}`,
        band.label,
        `turns capped at ${sim.maxTurns}`,
        `exact P(contact by turn t) inside the interval for ${turns.filter((r) => r.exactInInterval).length} of ${turns.length} turns`,
      ]),
      notes: [
        `decks: ${m.labels[0]} and ${m.labels[1]} (card data: ${m.decks[0].cardsLabel})`,
        `P(contact by t) has an exact value (openingExact.ts: which cards each side has drawn decides contact): ${outsideIntervalsNote(turns.map((r) => r.exactInInterval), conf)}`,
      ],
    };
  },
};
