// `sim tccg game` (issue 17, Level 3): whole Termination Scenario games between two policies,
// Monte Carlo through settings.simulate('game', …). How much the rules the digest does not give and
// the assumed card values move the answer is `sim sensitivity tccg game` (the report's robustness line).
import { dataValuesOf } from '../../core/dataValues.js';
import { parseSearchDecisions, searchDecisionsParam } from '../../core/searchDecisions.js';
import { sensitivityNote, sensitivityShort } from '../../core/sensitivityNote.js';
import { answerSentence, estimateHeadline, pctText } from '../../core/answer.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Totals } from '../../core/aggregate.js';
import type { GameMode } from '../../core/gameModule.js';
import { fileHash } from '../../core/hash.js';
import { countSummary, proportion, type CountEstimate, type ProportionEstimate } from '../../core/intervals.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { loadPolicyModule } from '../../core/policy.js';
import { provenance } from '../../core/provenance.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { UsageError } from '../../core/usageError.js';
import { cardIdOf, S_RESISTANCE, S_SKYNET, SIDE_NAMES, T_LOCATION } from './cardData.js';
import { REFERENCE_CARDS_LABEL } from './deckFile.js';
import { MAIN_STREET, START_LOCATION, startPoints } from './deckRules.js';
import { builtinPolicy, defaultPolicyName, RESISTANCE_POLICIES, SKYNET_POLICIES } from './gameBots.js';
import type { GameSimParams } from './gameEngine.js';
import { isGapReference, tccgGapLine, tccgGapShort } from './gamePolicyGap.js';
import { DECISION_NAMES } from './gameDecisions.js';
import { DEFAULT_TCCG_SEARCH, SEARCH_ROOTS } from './gameSearch.js';
import { RULE_PARAMS, rulesOf, type GameRules } from './gameRules.js';
import { traceGame, GM_CONTACT_TURN, GM_ELIMINATED, GM_ELIMINATED_IMP, GM_NO_WINNER, GM_PROTECTED, GM_PROTECTED_IMP, GM_R_MAIN, GM_R_MAIN_LOST, GM_R_MISSION_POINTS, GM_R_WIN, GM_S_MAIN_LOST, GM_S_MISSION_POINTS, GM_S_WIN, GM_TURNS } from './gameSim.js';
import { cardValueSpecs, expand, loadMatchup, unusedCards, type Matchup } from './matchup.js';
import { bandOf, OPENING_BANDS, type OpeningCount } from './opening.js';
import { DECK_PARAMS } from './openingMode.js';
import { INACTIVE_SIDE } from './openingSim.js';

/** The search's settings change nothing unless a side plays search. */
const searchOnly = (p: Readonly<Record<string, ParamValue>>): string | null =>
  p.resistancePolicy === 'search' || p.skynetPolicy === 'search' ? null : `it sets the search policy, and neither side plays it (resistancePolicy ${String(p.resistancePolicy)}, skynetPolicy ${String(p.skynetPolicy)}; --set resistancePolicy=search or --set skynetPolicy=search)`;

export const GAME_PARAMS: readonly ParamSpec[] = [
  ...DECK_PARAMS,
  // choices: every built-in name (so that one of the other side's is refused by name, not looked up as a file).
  { key: 'resistancePolicy', type: 'path', module: true, default: RESISTANCE_POLICIES[0], choices: RESISTANCE_POLICIES, doc: `the Resistance's policy: ${RESISTANCE_POLICIES.join(', ')}, or a policy module (src/core/policy.ts contract; decisions in src/games/tccg/gameDecisions.ts)`, source: 'assumption: bots, not rules', cli: {} },
  { key: 'skynetPolicy', type: 'path', module: true, default: SKYNET_POLICIES[0], choices: SKYNET_POLICIES, doc: `Skynet's policy: ${SKYNET_POLICIES.join(', ')}, or a policy module`, source: 'assumption: bots, not rules', cli: {} },
  { key: 'searchIterations', inert: searchOnly, type: 'int', default: DEFAULT_TCCG_SEARCH.iterations, min: 1, max: 4096, doc: "policy search: iterations of the tree search per searched decision (a move, an attack's target, what a searcher finds); each plays the game on from the decision with the bots (the searching side's default, the other side's own)", source: 'sim: search budget', cli: {} },
  { key: 'searchDepth', inert: searchOnly, type: 'int', default: DEFAULT_TCCG_SEARCH.depth, min: 0, max: 200, doc: "policy search: turns an iteration plays after the current one before a static value (each side's progress to its nearest victory; 0: to the end of the game)", source: 'sim: search budget', cli: {} },
  { key: 'searchMargin', inert: searchOnly, type: 'number', default: DEFAULT_TCCG_SEARCH.margin, min: 0, max: 10, doc: "policy search: standard errors (of paired playout differences) by which the tree's answer must beat the default bot's to be played instead (0: any gain)", source: 'sim: search budget', cli: {} },
  searchDecisionsParam(DECISION_NAMES, SEARCH_ROOTS, searchOnly),
  { key: 'locationsPerTurn', assumed: 'value', type: 'int', default: 1, min: 0, max: 3, doc: 'locations a side plays from its location deck in each turn it acts (in its Movement round)', source: 'assumption: the AvP trace plays new locations in the Movement round; the count is not given (alternatives 0..3)', cli: {} },
  { key: 'inactiveSide', assumed: 'reading', type: 'enum', default: 'nothing', choices: INACTIVE_SIDE, doc: 'what the side that does not act in a solo opening turn does: nothing (no rounds, no cards, no reactions), or locations (plays its locations only)', source: 'assumption: the digest says only that one side acts (処理を行う)', cli: {} },
  ...RULE_PARAMS,
  { key: 'maxTurns', type: 'int', default: 30, min: 1, max: 200, doc: 'turn cap: a game with no victory by then has no winner', source: 'assumption: a simulation bound (the digest plays until a victory)', cli: {} },
  // Output, not a rule: a parameter, so that a scenario, --set and sim check can ask for it too.
  { key: 'trace', type: 'int', default: -1, min: -1, max: 1e12 - 1, doc: 'print game K of the run (counting from 0) step by step instead of the report (-1: off)', source: 'output option', cli: { value: '<K>', help: 'print game K of this run (same --seed) step by step instead of the report (-1: none, the report as usual)' } },
];

/** Checks a side's policy parameter and names the module by absolute path (with its content hash). */
async function resolvePolicy(value: string, side: number, key: string, m: Matchup): Promise<{ name: string; hash: string | null; label: string }> {
  const label = value.trim();
  const own = side === S_RESISTANCE ? RESISTANCE_POLICIES : SKYNET_POLICIES;
  if ((own as readonly string[]).includes(label)) return { name: label, hash: null, label };
  if (builtinPolicy(label)) throw new UsageError(`parameter ${key}: ${label} is a ${SIDE_NAMES[1 - side]} policy; the ${SIDE_NAMES[side]} has ${own.join(', ')} or a policy module`);
  const abs = resolve(label);
  if (label === '' || !existsSync(abs)) throw new UsageError(`parameter ${key}: got "${label}", expected ${own.join(', ')} or the path of a policy module (file not found)`);
  try {
    await loadPolicyModule(abs, { side, cards: m.table.cards }, builtinPolicy(defaultPolicyName(side))!);
  } catch (err) {
    throw new UsageError(`parameter ${key}: ${label}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
  }
  return { name: abs, hash: fileHash(abs), label };
}

/** The game simulation's parameters from the decks and resolved parameters (policies already resolved). */
export function gameSimParams(m: Matchup, params: ResolvedParams, policies: [string, string], hashes: [string | null, string | null]): GameSimParams {
  const [res, sky] = m.decks;
  const pts = startPoints(sky);
  const reading = String(params.openingCount) as OpeningCount;
  const id = (name: string) => cardIdOf(m.table, name);
  for (const name of [...START_LOCATION, MAIN_STREET]) if (id(name) < 0) throw new UsageError(`parameter resistanceDeck: the card data (${res.cardsLabel}) has no ${name}`);
  const startOf = (d: typeof res) => d.start.map((e) => e.card).filter((c) => m.table.cards[c].type !== T_LOCATION);
  return {
    table: m.table,
    draw: [expand(res.drawDeck), expand(sky.drawDeck)],
    locations: [res.locationDeck.map((e) => e.card), sky.locationDeck.map((e) => e.card)],
    start: [startOf(res), startOf(sky)],
    startLocation: [id(START_LOCATION[S_RESISTANCE]), id(START_LOCATION[S_SKYNET])],
    mainStreet: id(MAIN_STREET),
    police: id('Police Station'),
    band: bandOf(reading === 'implants' ? pts.implants : pts.all),
    rules: rulesOf(params),
    policies,
    ...(hashes[0] || hashes[1] ? { policyHashes: hashes } : {}),
    maxTurns: Number(params.maxTurns),
    ...(policies.includes('search') ? { search: { iterations: Number(params.searchIterations), depth: Number(params.searchDepth), margin: Number(params.searchMargin), decisions: parseSearchDecisions(params.searchDecisions, DECISION_NAMES, SEARCH_ROOTS) } } : {}),
  };
}

const rate = (t: Totals, m: number, conf: number) => proportion(t.metrics[m].bins[1], t.metrics[m].n, conf);

/** P(a side wins by each route). */
export interface TccgWinRoutes {
  mainCharacters: ProportionEstimate;
  importance: ProportionEstimate;
  missionPoints: ProportionEstimate;
}

/** The numbers of one run (baseline or variant): winner and route, means per game. */
export interface TccgGameOutcome {
  resistanceWins: ProportionEstimate;
  skynetWins: ProportionEstimate;
  /** No victory by the turn cap. */
  noWinner: ProportionEstimate;
  routes: { resistance: TccgWinRoutes; skynet: TccgWinRoutes };
  turns: CountEstimate;
  contactTurn: CountEstimate;
  protectedImportance: CountEstimate;
  eliminatedImportance: CountEstimate;
  protected: CountEstimate;
  eliminated: CountEstimate;
  missionPoints: { resistance: CountEstimate; skynet: CountEstimate };
  mainLost: { resistance: CountEstimate; skynet: CountEstimate };
}

/** The `result` of `tccg game` (Monte Carlo): the run's numbers and what was played. */
export interface TccgGameResult extends TccgGameOutcome {
  decks: { resistance: string; skynet: string };
  policies: { resistance: string; skynet: string };
  opening: { openingCount: OpeningCount; points: { all: number; implants: number }; band: string };
  rules: GameRules;
}

/** The `result` of a trace run (parameter trace K): game K of the run, step by step. */
export interface TccgGameTraceResult {
  game: number;
  winner: 'Resistance' | 'Skynet' | 'no winner';
  /** The win route: 0 main characters, 1 Importance, 2 Mission Points; -1 with no winner. */
  route: number;
  turns: number;
  /** The step-by-step lines (the report's `text`). */
  trace: string[];
}

/** The result of one run (baseline or variant). */
function outcome(t: Totals, conf: number): TccgGameOutcome {
  return {
    resistanceWins: rate(t, GM_R_WIN, conf),
    skynetWins: rate(t, GM_S_WIN, conf),
    noWinner: rate(t, GM_NO_WINNER, conf),
    routes: {
      resistance: { mainCharacters: rate(t, GM_R_MAIN, conf), importance: rate(t, GM_R_MAIN + 1, conf), missionPoints: rate(t, GM_R_MAIN + 2, conf) },
      skynet: { mainCharacters: rate(t, GM_R_MAIN + 3, conf), importance: rate(t, GM_R_MAIN + 4, conf), missionPoints: rate(t, GM_R_MAIN + 5, conf) },
    },
    turns: countSummary(t.metrics[GM_TURNS], conf),
    contactTurn: countSummary(t.metrics[GM_CONTACT_TURN], conf),
    protectedImportance: countSummary(t.metrics[GM_PROTECTED_IMP], conf),
    eliminatedImportance: countSummary(t.metrics[GM_ELIMINATED_IMP], conf),
    protected: countSummary(t.metrics[GM_PROTECTED], conf),
    eliminated: countSummary(t.metrics[GM_ELIMINATED], conf),
    missionPoints: { resistance: countSummary(t.metrics[GM_R_MISSION_POINTS], conf), skynet: countSummary(t.metrics[GM_S_MISSION_POINTS], conf) },
    mainLost: { resistance: countSummary(t.metrics[GM_R_MAIN_LOST], conf), skynet: countSummary(t.metrics[GM_S_MAIN_LOST], conf) },
  };
}

function gameTables(base: TccgGameOutcome): ResultTable[] {
  const p = (x: { estimate: number; lo: number; hi: number }) => ({ estimate: x.estimate, lo: x.lo, hi: x.hi });
  const routeRows = [
    ['Resistance', 'main characters', base.routes.resistance.mainCharacters],
    ['Resistance', 'Importance (protected)', base.routes.resistance.importance],
    ['Resistance', 'Mission Points', base.routes.resistance.missionPoints],
    ['Skynet', 'main characters', base.routes.skynet.mainCharacters],
    ['Skynet', 'Importance (eliminated)', base.routes.skynet.importance],
    ['Skynet', 'Mission Points', base.routes.skynet.missionPoints],
    ['no winner', `by the turn cap`, base.noWinner],
  ] as const;
  const tables: ResultTable[] = [
    {
      title: 'Winner and win route',
      columns: [
        { key: 'winner', header: 'winner', format: 'text' },
        { key: 'route', header: 'route', format: 'text' },
        { key: 'estimate', header: 'P', format: 'prob' },
        { key: 'lo', header: 'lo', format: 'prob' },
        { key: 'hi', header: 'hi', format: 'prob' },
      ],
      rows: [
        { winner: 'Resistance', route: 'any', ...p(base.resistanceWins) },
        { winner: 'Skynet', route: 'any', ...p(base.skynetWins) },
        ...routeRows.map(([winner, route, x]) => ({ winner, route, ...p(x) })),
      ],
    },
    {
      title: 'Per game',
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
      rows: (
        [
          ['game length (turns)', base.turns],
          ['contact turn', base.contactTurn],
          ['Importance protected', base.protectedImportance],
          ['Importance eliminated', base.eliminatedImportance],
          ['supporting characters protected', base.protected],
          ['supporting characters eliminated', base.eliminated],
          ['Resistance Mission Points', base.missionPoints.resistance],
          ['Skynet Mission Points', base.missionPoints.skynet],
          ['Resistance main characters lost', base.mainLost.resistance],
          ['Skynet main characters lost', base.mainLost.skynet],
        ] as const
      ).map(([metric, s]) => ({ metric, mean: s.mean, lo: s.lo, hi: s.hi, p10: s.p10, p50: s.p50, p90: s.p90 })),
    },
  ];
  return tables;
}

const ROUND_TEXT: Record<GameRules['roundOrder'], string> = {
  avp: 'Ready → Movement (protection, new locations, movement) → Draw → Combat (ranged, then close) → Search',
  drawFirst: 'Ready → Draw → Movement → Combat → Search',
  combatLast: 'Ready → Movement → Draw → Search → Combat',
};
const OUTNUMBERING_TEXT: Record<GameRules['outnumbering'], string> = {
  mainDiff: "where the enemy has more characters, +1 per enemy main character beyond the mover's side's main characters",
  mainOnly: "where the enemy has more main characters, +1 per main character of the excess (other characters not compared)",
  surplusMain: 'where the enemy has more characters, +1 per character of the surplus, at most the enemy\'s main characters',
};
const HIDDEN_SEARCH_TEXT: Record<GameRules['hiddenSearch'], string> = {
  stays: 'a hidden character searches (finds, picks up) like any and stays hidden',
  reveals: 'a hidden character that finds or picks up something is revealed',
  cannot: 'a hidden character neither finds nor picks up',
};

/** The assumptions a game report (and a trace) states: every reading as set, and what is not modelled. */
export function gameAssumptions(sim: GameSimParams, params: ResolvedParams): string[] {
  const r = sim.rules;
  const band = OPENING_BANDS[sim.band];
  return [
    `Round order ${r.roundOrder} (${ROUND_TEXT[r.roundOrder]}); turn order ${r.turnOrder} (${r.turnOrder === 'byRound' ? 'each round the Resistance, then Skynet' : 'the Resistance plays all its rounds, then Skynet all of its; the other side still defends'}); a side the opening band (${band.label}) does not let act plays no round (inactiveSide ${params.inactiveSide}).`,
    `To hit: 1d6 + item and event modifiers ${r.hitRule === 'gt' ? '>' : '>='} the target's current Speed (+1 hidden). Damage ${r.damage}: ranged weapon damage or Power + melee bonus, against Power + armor. Ranges ${r.ranges}. One attack per character per combat round; supporting characters do not attack.`,
    `Combat pool ${r.combatPool} each, +${r.poolPerTurn} per acting Ready round; ${r.poolSpend === 'resist' ? `${r.poolPerResist} pool buys +1 resistance; ` : ''}events cost pool; one event of each effect kind per attack (same kinds do not stack).`,
    `Infiltrators: reveal ${r.reveal}; human items ${r.infiltratorHumanItems ? 'allowed' : 'not allowed'}; supporting characters commanded by ${r.command}; "different" by ${r.different}; Hunter-Killers defeated by ${r.hkDefeat}.`,
    `Movement: outnumbering ${r.outnumbering} (${OUTNUMBERING_TEXT[r.outnumbering]}; hidden characters are not counted, and a hidden mover pays none).`,
    `Locations: ${r.locationsPerTurn} per acting Movement round, either end of the row by policy; a side's own start location drawn from its deck is ${r.startDuplicate === 'removed' ? 'removed as a copy (startDuplicate removed)' : 'placed as another location (startDuplicate placed)'}. Search: one card found per ready searching character (Resistance main characters, Skynet Terminators), which rotates; hiddenSearch ${r.hiddenSearch}: ${HIDDEN_SEARCH_TEXT[r.hiddenSearch]}. Skynet produces in its Search round (Drones at a Factory; a Drone enters ${r.droneEntry === 'free' ? 'free at any Factory' : 'at a Factory with a Skynet main character'}, once per turn; points ${r.productionCarry ? 'carry over' : 'lost each turn'}).`,
    'Missions: the side plays the best mission whose condition holds at its timing, one per turn. Conditions have no effect. Ammo and attachments are not played.',
    'Not modelled (no card text or rule for them in the sources, see scenarios/tccg/README.md): Condition card effects; ammo and attachments; handing items over and dropping them; dragging helpless allies; collaborators; supporting characters attacking, finding or picking up; events beyond hit, damage, resist, heal and pool; healing outside events; reserve swaps.',
    `No victory by turn ${sim.maxTurns}: no winner.`,
  ];
}

export const gameMode: GameMode = {
  name: 'game',
  summary: 'whole Termination Scenario games between two policies: winner and route, length, contact, Importance (Monte Carlo)',
  params: GAME_PARAMS,
  // Every number and true/false of the decks' card data, as data.<path> (--set data.cards.t-800-infiltrator.power=5).
  extraParams: cardValueSpecs,
  // A game plays the cards of its two decks (and the start locations and Main Street) only.
  unusedData: (base) => unusedCards(base, ['drawDeck', 'locationDeck', 'start', 'condition', 'reserve']),
  defaultGames: 2000,
  async run(params, settings): Promise<Report> {
    const m = loadMatchup(String(params.resistanceDeck), String(params.skynetDeck), 'futureOnly', dataValuesOf(params));
    const rp = await resolvePolicy(String(params.resistancePolicy), S_RESISTANCE, 'resistancePolicy', m);
    const sp = await resolvePolicy(String(params.skynetPolicy), S_SKYNET, 'skynetPolicy', m);
    const sim = gameSimParams(m, params, [rp.name, sp.name], [rp.hash, sp.hash]);
    const conf = settings.confidence;
    const trace = params.trace as number;
    if (trace >= 0) {
      if (trace >= settings.n) throw new UsageError(`parameter trace: got ${trace}, expected a game index of this run, 0..${settings.n - 1}`);
      // The same game as game K of the run (stream (seed, K)), played again with its steps written down.
      const t = await traceGame(sim, settings.seed, trace);
      const winner = t.winner === S_RESISTANCE ? 'Resistance' : t.winner === S_SKYNET ? 'Skynet' : 'no winner';
      const summary = { game: trace, winner, route: t.route, turns: t.turns } satisfies Omit<TccgGameTraceResult, 'trace'>;
      return {
        ...provenance('tccg', { ...params }, { cards: m.table.cards, draw: sim.draw, locations: sim.locations, start: sim.start }),
        title: `Terminator CCG: game ${trace} of seed ${settings.seed}, ${rp.label} (Resistance) vs ${sp.label} (Skynet), step by step`,
        method: 'mc',
        seed: settings.seed,
        n: 1,
        confidence: conf,
        policy: [rp.label, sp.label],
        result: { ...summary, trace: t.lines } satisfies TccgGameTraceResult,
        assumptions: gameAssumptions(sim, params),
        text: t.lines.join('\n'),
        tables: [{ title: `game ${trace}`, columns: [{ key: 'game', header: 'game', format: 'int' }, { key: 'winner', header: 'winner', format: 'text' }, { key: 'route', header: 'route', format: 'int' }, { key: 'turns', header: 'turns', format: 'int' }], rows: [summary] }],
        notes: [`replays stream (seed ${settings.seed}, game ${trace}): the same game as in the full run`],
      };
    }
    const run = await settings.simulate('game', sim);
    const base = outcome(run.totals, conf);
    const band = OPENING_BANDS[sim.band];
    const pts = startPoints(m.decks[1]);
    const result: TccgGameResult = {
      decks: { resistance: m.labels[0], skynet: m.labels[1] },
      policies: { resistance: rp.label, skynet: sp.label },
      opening: { openingCount: params.openingCount as OpeningCount, points: pts, band: `${band.lo}-${band.hi}: ${band.label}` },
      rules: sim.rules,
      ...base,
    };
    return {
      ...provenance('tccg', { ...params }, { cards: m.table.cards, draw: sim.draw, locations: sim.locations, start: sim.start, ...(rp.hash || sp.hash ? { policyModules: [rp.hash, sp.hash] } : {}) }),
      title: `Terminator CCG, Termination Scenario: ${rp.label} (Resistance) vs ${sp.label} (Skynet) — who wins, and how`,
      method: 'mc',
      seed: settings.seed,
      n: run.games,
      confidence: conf,
      policy: [rp.label, sp.label],
      ...(run.partial ? { partial: true } : {}),
      result,
      // The answer first: who wins how often, on what that is conditional.
      text: answerSentence(`The Resistance (${rp.label}) wins ${pctText(base.resistanceWins)} of games, Skynet (${sp.label}) ${pctText(base.skynetWins)}, no winner by turn ${sim.maxTurns} ${pctText(base.noWinner)}`, [calibrationWords(isGapReference(GAME_PARAMS, params) && rp.label === RESISTANCE_POLICIES[0] && sp.label === SKYNET_POLICIES[0], base.resistanceWins, base.skynetWins, userCardsOf(m)), tccgGapShort([rp.label, sp.label], [RESISTANCE_POLICIES[0], SKYNET_POLICIES[0]], isGapReference(GAME_PARAMS, params)), sensitivityShort('tccg', 'game', GAME_PARAMS, params)]),
      headline: estimateHeadline('Resistance wins', base.resistanceWins, 'rate'),
      assumptions: gameAssumptions(sim, params),
      tables: gameTables(base),
      notes: [
        `decks: ${m.labels[0]} and ${m.labels[1]} (card data: ${m.decks[0].cardsLabel}); policies: ${rp.label} and ${sp.label}`,
        sensitivityNote('tccg', 'game', GAME_PARAMS, params),
        tccgGapLine([rp.label, sp.label], [RESISTANCE_POLICIES[0], SKYNET_POLICIES[0]], isGapReference(GAME_PARAMS, params)),
      ],
    };
  },
};

/** The card data file the decks name (their cards: field, as written there), or undefined for the bundled reference set. */
export function userCardsOf(m: { decks: readonly { cardsLabel: string }[] }): string | undefined {
  const label = m.decks[0].cardsLabel;
  return label === REFERENCE_CARDS_LABEL ? undefined : label;
}

/** The calibration's target: each side's win rate at the defaults with the default bots (scenarios/tccg/README.md, Calibration). */
const CALIBRATION_TARGET = { lo: 0.4, hi: 0.6 };

/**
 * The calibration the card set rests on, in the answer's words: it holds for the default bots at
 * the defaults, not for another pairing or configuration; and where this run's interval for a side
 * lies wholly outside the target, the answer says so (the bots have changed since the set was
 * calibrated) instead of claiming the calibration.
 */
export function calibrationWords(calibrated: boolean, resistance: ProportionEstimate, skynet: ProportionEstimate, userCards?: string): string {
  // The decks' own card data (their cards: field) is not the invented set the calibration is of.
  if (userCards !== undefined) return `on the decks' own card data (${userCards}), not the bundled invented set`;
  if (!calibrated) return `on an invented card set calibrated to 40–60% for ${RESISTANCE_POLICIES[0]} vs ${SKYNET_POLICIES[0]} at the defaults, not for this configuration (scenarios/tccg/README.md)`;
  const off = (
    [
      ['the Resistance', resistance],
      ['Skynet', skynet],
    ] as const
  ).filter(([, e]) => e.n > 0 && (e.lo > CALIBRATION_TARGET.hi || e.hi < CALIBRATION_TARGET.lo));
  if (off.length === 0) return 'on an invented card set calibrated to 40–60% with these bots (scenarios/tccg/README.md)';
  const where = off.map(([side, e]) => `${side}'s rate lies ${e.lo > CALIBRATION_TARGET.hi ? 'above' : 'below'} it`).join(' and ');
  return `on an invented card set calibrated to 40–60% with earlier versions of these bots: here ${where}, so the set needs calibrating again (scenarios/tccg/README.md, Calibration)`;
}
