// `sim genisys skirmish`: two small forces play full turns of Terminator Genisys on a 1-D track
// (Monte Carlo, seeded bots): win rates, survivors, turns, and the advantage of the first
// activation and of the Tactical Edge, each with an interval.
import { answerSentence, estimateHeadline, pctText } from '../../core/answer.js';
import { parseSearchDecisions, searchDecisionsParam } from '../../core/searchDecisions.js';
import { sensitivityNote, sensitivityShort } from '../../core/sensitivityNote.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Totals } from '../../core/aggregate.js';
import type { GameMode } from '../../core/gameModule.js';
import { fileHash } from '../../core/hash.js';
import { countSummary, proportion } from '../../core/intervals.js';
import { dataValuesOf } from '../../core/dataValues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { loadPolicyModule } from '../../core/policy.js';
import { provenance } from '../../core/provenance.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { pairedProportionDifference } from '../../core/stats.js';
import { UsageError } from '../../core/usageError.js';
import { dieStep, DIE_NAMES, sidesOf } from './dieLadder.js';
import { genisysAssumptions } from './genisysEntry.js';
import { DEFAULT_UNITS_FILE, GENISYS_PARAMS } from './genisysParams.js';
import type { Estimate } from './genisysReport.js';
import { skirmishPolicy, SKIRMISH_POLICIES, isBuiltinSkirmishPolicy } from './skirmishPolicy.js';
import { skirmishGapLine, skirmishGapShort } from './skirmishPolicyGap.js';
import { DECISION_NAMES, SEARCH_ROOTS } from './skirmish.js';
import { DEFAULT_SKIRMISH_SEARCH } from './skirmishSearch.js';
import { compileSkirmish, HUNDREDTHS, parseForce, type SkirmishInput, type SkirmishSpec } from './skirmishSpec.js';
import { loadUnits, unitsValueSpecs, unusedUnitsData } from './units.js';

const lowerCase = (raw: string): string => raw.trim().toLowerCase();
const DICE = DIE_NAMES as readonly string[];
/** The attack's rule constants (dotted keys), shared with `genisys attack`. */
const SHARED = GENISYS_PARAMS.filter((p) => p.key.includes('.') && !p.key.startsWith('tdd.') && !p.key.startsWith('vtol.') && p.key !== 'size.vtol');

/** The search's settings change nothing unless a side plays search. */
const searchOnly = (p: Readonly<Record<string, ParamValue>>): string | null => (p.policyA === 'search' || p.policyB === 'search' ? null : `it sets the search policy, and neither side plays it (policyA ${String(p.policyA)}, policyB ${String(p.policyB)}; --policy-a search or --policy-b search)`);

export const SKIRMISH_PARAMS: readonly ParamSpec[] = [
  { key: 'units', type: 'path', default: DEFAULT_UNITS_FILE, doc: 'units data file the forces pick from, weapons included (resistance-assumed.yaml in scenarios/genisys arms the Resistance)', source: 'rulebook stat-lines, transcribed in units.yaml (scenarios/genisys), checked on load', cli: { value: '<file>', help: `units data file (default ${DEFAULT_UNITS_FILE}; scenarios/genisys/resistance-assumed.yaml arms the Resistance)` } },
  { key: 'sideA', type: 'string', default: '3*endoskeleton', doc: 'side A, comma-separated items: a count (N*), a unit, its weapons (:weapon+weapon, each replacing the unit\'s weapons of its kind, ranged or close combat: README S13), a Command value (#N) and points (@N), all but the unit optional; it deploys at the low end of the track', source: 'rulebook: Battle Scenarios – Infighting (Endoskeletons against Endoskeletons)', cli: { value: '<force>', help: 'side A: [N*]unit[:weapon[+weapon…]][#command][@points], comma-separated (default 3*endoskeleton; e.g. 2*resistance-soldier:rocket-launcher)', parse: lowerCase } },
  { key: 'sideB', type: 'string', default: '3*endoskeleton', doc: 'side B, the same grammar; it deploys at the high end', source: 'rulebook: Battle Scenarios – Infighting', cli: { value: '<force>', help: 'side B (default 3*endoskeleton)', parse: lowerCase } },
  { key: 'policyA', type: 'path', module: true, default: 'advance', choices: SKIRMISH_POLICIES, doc: `side A's policy: ${SKIRMISH_POLICIES.join(', ')}, or the path of a policy module (.js)`, source: 'sim: policy choice (skirmishPolicy.ts)', cli: { value: '<NAME|PATH>', help: `side A's policy: ${SKIRMISH_POLICIES.join(', ')} (default advance), or ./file.js` } },
  { key: 'policyB', type: 'path', module: true, default: 'advance', choices: SKIRMISH_POLICIES, doc: "side B's policy (as policyA)", source: 'sim: policy choice (skirmishPolicy.ts)', cli: { value: '<NAME|PATH>', help: `side B's policy (default advance)` } },
  { key: 'searchIterations', inert: searchOnly, type: 'int', default: DEFAULT_SKIRMISH_SEARCH.iterations, min: 1, max: 4096, doc: "policy search: iterations of the tree search per searched decision (first impulse, Ready markers, each move and attack); each plays the game on from the decision with the bots (the searching side's default, advance; the other side's own)", source: 'sim: search budget', cli: {} },
  { key: 'searchBot', inert: searchOnly, type: 'enum', default: DEFAULT_SKIRMISH_SEARCH.bot, choices: SKIRMISH_POLICIES.filter((p) => p !== 'search'), doc: "policy search: the built-in bot the search starts from — it proposes the first answer, plays the searching side's rollouts and is played unless the tree's answer beats it by searchMargin (the bot the search replaces: set it to that side's bot when it is not advance)", source: 'sim: search budget', cli: {} },
  { key: 'searchDepth', inert: searchOnly, type: 'int', default: DEFAULT_SKIRMISH_SEARCH.depth, min: 0, max: 100, doc: 'policy search: turns an iteration plays after the current one before a static value (the Annihilate lead, or models in play; 0: to the end of the game)', source: 'sim: search budget', cli: {} },
  { key: 'searchMargin', inert: searchOnly, type: 'number', default: DEFAULT_SKIRMISH_SEARCH.margin, min: 0, max: 10, doc: "policy search: standard errors (of paired playout differences) by which the tree's answer must beat the default bot's to be played instead (0: any gain)", source: 'sim: search budget', cli: {} },
  searchDecisionsParam(DECISION_NAMES, SEARCH_ROOTS, searchOnly),
  { key: 'tableSize', type: 'enum', default: 'mat', choices: ['mat', 'large'], doc: 'mat: the 3×2 ft play mat; large: a 6×4 ft table (set-up distances doubled, game-end rolls from turn 8)', source: 'rulebook: Components Needed (play mat 3×2 ft); Larger Playing Surfaces – Set-up, Game Length', implies: { when: 'large', set: { 'track.length': 48, 'track.width': 72, deploy: 5, 'gameEnd.start': 8 } }, cli: { value: '<mat|large>', help: 'mat (3×2 ft, default; no Extreme range) or large (6×4 ft: 48 in. track, set-up within 5 in., game end from turn 8, Extreme range beyond 22 in.)', parse: lowerCase } },
  { key: 'track.length', type: 'number', default: 24, min: 6, max: 200, doc: 'inches between the two table edges the forces deploy on (Battle Lines: the long edges of the 3×2 ft mat are 24 in. apart)', source: 'rulebook: Components Needed; Set-up 2, Battle Lines (README S1)' },
  { key: 'track.width', type: 'number', default: 36, min: 1, max: 400, doc: "inches of table across the track: a side's lanes fit in it (the 3×2 ft mat is 36 in. wide)", source: 'rulebook: Components Needed (play mat 3×2 ft); Larger Playing Surfaces (6×4 ft) (README S1)' },
  { key: 'spread', assumed: 'value', type: 'number', default: 3, min: 0, max: 36, doc: "inches between neighbouring models of a side across the table (0: all on one point, which the rulebook forbids: bases never overlap)", source: 'assumption: README S1 (more than the 2 in. of an Area (Small) template or of Close Combat range)', cli: { value: '<inches>', help: "inches between neighbouring models of a side across the table (default 3; narrower where the table's width needs it)" } },
  { key: 'deploy', type: 'number', default: 2, min: 0, max: 100, doc: 'inches from its table edge a side deploys (Battle Lines: within a Crawl template)', source: 'rulebook: Set-up 2, Battle Lines ("within a Crawl template"); Larger Playing Surfaces – Set-up (doubled)' },
  { key: 'gameEnd.start', type: 'int', default: 5, min: 1, max: 100, doc: 'turn at whose end the game-end rolls start: D4 = 4, then D6 4+, then D20 4+', source: 'rulebook: Roll for Game End; Larger Playing Surfaces – Game Length (turn 8)' },
  { key: 'gameEnd.maxTurns', type: 'int', default: 30, min: 1, max: 200, doc: 'turns after which the game stops whatever the rolls say (a safety bound: P(reaching turn 30) < 1e-18)', source: 'assumption: README S12' },
  { key: 'cover.chance', assumed: 'value', type: 'number', default: 0.5, min: 0, max: 1, doc: 'probability that a model is in (hard) cover after it moves, against Point Blank and Short attacks (always in cover at Long range, in the open at Close Combat)', source: 'assumption: README S4 (issue 19: cover per model after each move is a probability)', cli: { value: '<p>', help: 'P(in hard cover after a move) at Point Blank/Short range: 0..1 (default 0.5)' } },
  { key: 'closest', assumed: 'value', type: 'number', default: 1, min: 0.01, max: 2, doc: 'inches a model stops short of the nearest enemy (it cannot end in base contact or pass it)', source: 'rulebook: Moving Through Models (reading: README S3)' },
  { key: 'tdd', type: 'enum', default: 'greedy', choices: ['none', 'greedy'], doc: "each side's TDD agent: none, or greedy (spent in its own attack on the first die a re-roll cannot make worse, README choice 5; never contested)", source: 'rulebook: The Game Turn – TDD Tactics (reading: README S10)', cli: { value: '<use>', help: 'none|greedy (default greedy: each side spends its TDD on the first die of its own attacks that a re-roll cannot make worse)', parse: lowerCase } },
  { key: 'victory', type: 'enum', default: 'annihilate', choices: ['annihilate', 'survivors'], doc: 'annihilate: Mission 1 (points of enemy models destroyed, damaged Resilient ones half; a win needs a 10% of game size margin); survivors: more models in play', source: 'rulebook: Battle Scenarios – Mission 1, Annihilate (README S11)', cli: { value: '<rule>', help: 'annihilate (default; Mission 1) or survivors', parse: lowerCase } },
  { key: 'tactical.a', type: 'enum', default: 'd8', choices: DICE, doc: "side A's Tactical roll-off die", source: 'rulebook: Impulses – Tactical Roll-off ("roll off using a D8")' },
  { key: 'tactical.b', type: 'enum', default: 'd8', choices: DICE, doc: "side B's Tactical roll-off die", source: 'rulebook: Impulses – Tactical Roll-off' },
  ...SHARED,
];

/** The README's skirmish choices, as reported after the attack's, with the run's own values (`r`: the resolved parameters). */
export function skirmishAssumptions(r: Readonly<Record<string, unknown>>): string[] {
  const spread = Number(r.spread);
  return [
    `S1 Track: the battle runs between the two table edges (track.length ${Number(r['track.length'])} in.; 24 on the mat, 48 on a large table); each model keeps a lane across the table, a side's models spread ${spread} in. apart (spread; closer where track.width, 36 in. on the mat and 72 on a large table, needs it), centred; ranges are measured straight across lanes; friends never block a move or a shot and every model sees every enemy (no terrain, no Friends in the Way).`,
    `S2 Set-up: Battle Lines, every model at the front of its deployment zone (deploy ${Number(r.deploy)} in. from its edge; 2 on the mat, 5 on a large table); ${r.victory === 'survivors' ? 'the game is won by the side with more models in play (victory survivors, not a rulebook mission)' : 'the mission is Annihilate (Mission 1)'}.`,
    `S3 Moving: a model moves forward or back up to its move; it stops \`closest\` (${Number(r.closest)} in.) along the track short of the nearest enemy's position and never passes it (in any lane); the options offered are the full move each way and the moves that end exactly at a range-band edge of the nearest enemy; a double move only beyond a normal move.`,
    `S4 Cover: after every move a model is in hard cover with probability cover.chance (${Number(r['cover.chance'])}), else in the open, at Point Blank and Short range; at Long and Extreme range it is in cover, at Close Combat in the open; a model that stays keeps its cover.`,
    'S5 Attacks: a ranged attack needs no Run that activation and no non-reeling enemy (vehicles aside) within 2 in.; an aimed shot is taken whenever the model did not move and the weapon has ROF 1; a vehicle fires each of its weapons once per activation, each at the target its policy picks (rulebook: Vehicles – Attacking); Extreme range only on a large table (rulebook: Larger Playing Surfaces); no suppressive fire, Ambush or Opportunity Fire.',
    'S6 A model whose entry lists ranged weapons but no close combat weapon (vehicles aside) fights in CC with fists: ROF 1, Power D4 (improvised); a model whose entry lists no weapon at all cannot be fielded.',
    'S7 Commanders always use "No Fate But What We Make" on a FATE result (the first commander in the list without markers), and "Come With Me If You Want To Live!" for every Ready marker a commander takes, giving the extra markers to the eligible models the policy picks (built-ins: nearest an enemy); command range is Point Blank (5 in.); every friend is visible.',
    'S8 "On Your Feet, Soldier!": each commander removes Done markers from friends within 5 in. with the most markers first, up to its Command value.',
    'S9 A crawler keeps its model\'s Done markers and Command value (FAQ A2) and moves 2 in. (no double move).',
    r.tdd === 'none' ? 'S10 TDD: not used (tdd none).' : 'S10 TDD: greedy, as in genisys attack choice 5, in the side\'s own attacks only; never contested, never used on the Tactical roll-off or a Resolution test of its own.',
    r.victory === 'survivors'
      ? 'S11 Victory (survivors): the side with more models in play when the game ends wins; equal numbers are a draw; a wiped-out side ends the game at once.'
      : 'S11 Victory (Annihilate): a side scores the points of every enemy model removed and half (rounded up) of every damaged Resilient one in play; a crawler scores nothing; models are 1 point unless @points is given, and the game size is the larger force\'s points; a wiped-out side ends the game at once.',
    `S12 A game stops after gameEnd.maxTurns turns (${Number(r['gameEnd.maxTurns'])}) whatever the game-end rolls say.`,
    'S13 Weapons: unit:weapon[+weapon…] in a force gives its models weapons other than their entry lists: each named weapon replaces the unit\'s weapons of its kind (ranged or close combat) and a kind not named is kept (resistance-soldier:rocket-launcher keeps its combat knife); any unit with a Skill may take any weapon of the units file (the printed force lists, which say who may swap what, and their Rare wargear limits per 250 pts are not transcribed); the weapons are carried from the start: no mid-game re-arming (the Infiltrators scenario\'s Armory).',
    "S14 Area (Small) and Flame: the template around the primary target touches the models within 2 in. of it (Close Combat range, measured as every range on the track); each hit on the primary hits each enemy there once more, with no Skill roll and no cover, damage rolled after the primary's, in model order; a target is not offered when a friend or the firer is within 2 in. of it (Diagram 10); a 'Hasta la Vista' attack is not an Area attack (as in genisys attack); the built-in bots value an Area attack by its primary target alone. With spread 3 in. a side's own models are never within 2 in. of each other, so secondary hits need lanes 2 in. apart or closer (spread 2 or less, or 19 or more models a side on the 36 in. mat).",
  ];
}

async function policyOf(raw: unknown, param: string): Promise<{ policy: string; hash: string | null }> {
  const label = String(raw).trim();
  if (isBuiltinSkirmishPolicy(label)) return { policy: label, hash: null };
  const abs = resolve(label);
  if (label === '' || !existsSync(abs)) throw new UsageError(`parameter ${param}: got "${label}", expected ${SKIRMISH_POLICIES.join(', ')} or the path of a policy module (file not found)`);
  try {
    await loadPolicyModule(abs, {}, skirmishPolicy('advance'));
  } catch (err) {
    throw new UsageError(`parameter ${param}: ${label}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
  }
  return { policy: abs, hash: fileHash(abs) };
}

/** Resolved skirmish parameters → the compiled forces (for the run, the bench and tests). */
export async function buildSkirmish(resolved: Record<string, unknown>): Promise<SkirmishSpec> {
  const file = String(resolved.units);
  const data = loadUnits(file, dataValuesOf(resolved as Record<string, ParamValue>));
  const a = await policyOf(resolved.policyA, 'policyA');
  const b = await policyOf(resolved.policyB, 'policyB');
  const base: Record<string, unknown> = {};
  for (const p of SHARED) base[p.key] = resolved[p.key];
  const input: SkirmishInput = {
    sideA: String(resolved.sideA),
    sideB: String(resolved.sideB),
    track: Math.round(Number(resolved['track.length']) * HUNDREDTHS),
    width: Math.round(Number(resolved['track.width']) * HUNDREDTHS),
    spread: Math.round(Number(resolved.spread) * HUNDREDTHS),
    // rulebook: Larger Playing Surfaces – Extreme Range: a band of the larger surfaces only.
    extreme: resolved.tableSize === 'large',
    deploy: Math.round(Number(resolved.deploy) * HUNDREDTHS),
    closest: Math.round(Number(resolved.closest) * HUNDREDTHS),
    coverChance: Math.round(Number(resolved['cover.chance']) * 1_000_000),
    endStart: Number(resolved['gameEnd.start']),
    maxTurns: Number(resolved['gameEnd.maxTurns']),
    tactical: [sidesOf(dieStep(String(resolved['tactical.a']))), sidesOf(dieStep(String(resolved['tactical.b'])))],
    tdd: resolved.tdd === 'greedy',
    victory: resolved.victory === 'survivors' ? 1 : 0,
    policies: [a.policy, b.policy],
    ...(a.hash || b.hash ? { policyHashes: [a.hash, b.hash] } : {}),
    ...(a.policy === 'search' || b.policy === 'search' ? { search: { iterations: Number(resolved.searchIterations), depth: Number(resolved.searchDepth), margin: Number(resolved.searchMargin), bot: String(resolved.searchBot), decisions: parseSearchDecisions(resolved.searchDecisions as ParamValue, DECISION_NAMES, SEARCH_ROOTS) } } : {}),
    base,
  };
  return compileSkirmish(input, data, file);
}

/** Who wins when a side held an advantage of turn 1 (the first impulse, the Tactical Edge), paired over the same games. */
export interface SkirmishAdvantage {
  /** P(the side that held it wins). */
  holderWins: Estimate;
  otherWins: Estimate;
  /** holderWins − otherWins, paired (McNemar). */
  advantage: { estimate: number; lo: number; hi: number; se: number; pValue: number };
  /** P(side A held it). */
  byA: Estimate;
}

/** The `result` of `genisys skirmish` (Monte Carlo): outcome rates, means per game, first-activation and Tactical Edge advantages. */
export interface SkirmishResult {
  /** Side A, then side B: its models and its policy ('module' for a policy module). */
  sides: { side: 'A' | 'B'; models: string[]; policy: string }[];
  winA: Estimate;
  winB: Estimate;
  draw: Estimate;
  turns: Estimate;
  /** turnsDistribution[k] = P(the game lasts k turns). */
  turnsDistribution: Estimate[];
  survivorsA: Estimate;
  survivorsB: Estimate;
  scoreA: Estimate;
  scoreB: Estimate;
  wipeout: Estimate;
  firstActivation: SkirmishAdvantage;
  tacticalEdge: SkirmishAdvantage;
  /** P(the side with the Tactical Edge of turn 1 took its first impulse): at 100% the two advantages are the same games' (one table shows both). */
  edgeTookFirst: Estimate;
}

function skirmishResult(spec: SkirmishSpec, totals: Totals, confidence: number): SkirmishResult {
  const n = totals.games;
  const share = (k: number): Estimate => {
    const p = proportion(k, n, confidence);
    return { estimate: p.estimate, lo: p.lo, hi: p.hi, k, n };
  };
  const mean = (name: string): Estimate => {
    const s = countSummary(totals.get(name), confidence);
    return { estimate: s.mean, lo: s.lo, hi: s.hi, se: s.se };
  };
  const ones = (name: string) => totals.get(name).bins[1];
  // Who wins when a side held the first impulse (or the Tactical Edge) of turn 1: the paired
  // difference P(that side wins) − P(the other wins) over the same games (a McNemar table with no
  // game where both win).
  const advantage = (wins: string, loses: string, byA: string): SkirmishAdvantage => {
    const holderWins = ones(wins);
    const otherWins = ones(loses);
    const d = pairedProportionDifference(0, holderWins, otherWins, n - holderWins - otherWins, confidence);
    return { holderWins: share(holderWins), otherWins: share(otherWins), advantage: { estimate: d.difference, lo: d.lo, hi: d.hi, se: d.se, pValue: d.pValue }, byA: share(ones(byA)) };
  };
  return {
    sides: spec.policies.map((p, s) => ({ side: s === 0 ? 'A' : 'B', models: spec.models.filter((m) => m.side === s).map((m) => spec.types[m.type].name), policy: isBuiltinSkirmishPolicy(p) ? p : 'module' })),
    winA: share(ones('winA')),
    winB: share(ones('winB')),
    draw: share(ones('draw')),
    turns: mean('turns'),
    turnsDistribution: totals.get('turns').bins.map((k) => share(k)),
    survivorsA: mean('survivorsA'),
    survivorsB: mean('survivorsB'),
    scoreA: mean('scoreA'),
    scoreB: mean('scoreB'),
    wipeout: share(totals.get('wipeout').bins[1]),
    firstActivation: advantage('firstWins', 'secondWins', 'firstA'),
    tacticalEdge: advantage('edgeWins', 'edgeLoses', 'edgeA'),
    edgeTookFirst: share(ones('edgeFirst')),
  };
}

const EST_COLS = [
  { key: 'estimate', header: 'estimate', format: 'sig4' as const },
  { key: 'lo', header: 'lo', format: 'sig4' as const },
  { key: 'hi', header: 'hi', format: 'sig4' as const },
];
/** A table of rates only: in percent, as every rate is shown. */
const RATE_COLS = EST_COLS.map((c) => ({ ...c, format: 'prob' as const }));

function skirmishTables(r: SkirmishResult): ResultTable[] {
  const row = (label: string, e: Estimate) => ({ quantity: label, estimate: e.estimate, lo: e.lo, hi: e.hi });
  const quantity = { key: 'quantity', header: 'quantity', format: 'text' as const };
  const adv = (what: string, a: SkirmishAdvantage) => [row(`P(the side with the ${what} wins)`, a.holderWins), row(`P(the other side wins)`, a.otherWins), row(`P(side A had the ${what})`, a.byA)];
  // The Tactical Edge's own rows only where its holder did not always take the first impulse (else the two are the same games).
  const edgeApart = r.edgeTookFirst.k !== r.edgeTookFirst.n;
  const last = r.turnsDistribution.reduce((m, e, k) => (e.estimate > 0 ? k : m), 0);
  return [
    { title: 'Outcome', columns: [quantity, ...RATE_COLS], rows: [row('P(side A wins)', r.winA), row('P(side B wins)', r.winB), row('P(draw)', r.draw), row('P(a side wiped out)', r.wipeout)] },
    { title: 'Survivors, points and turns (means)', columns: [quantity, ...EST_COLS], rows: [row('side A models in play', r.survivorsA), row('side B models in play', r.survivorsB), row('side A Annihilate points', r.scoreA), row('side B Annihilate points', r.scoreB), row('turns played', r.turns)] },
    // A difference of two rates, in points with its sign, apart from the rates themselves.
    {
      title: 'Advantage in turn 1: P(the holder wins) − P(the other side wins), paired over the same games',
      columns: [quantity, ...EST_COLS.map((c) => ({ ...c, format: 'pp' as const }))],
      rows: [row(edgeApart ? 'the first impulse' : "the first impulse (the Tactical Edge's holder took it in every game)", r.firstActivation.advantage), ...(edgeApart ? [row('the Tactical Edge', r.tacticalEdge.advantage)] : [])],
    },
    // One table whatever the games (a sweep joins its cells' tables by position): the Tactical Edge's own rows only where they differ.
    { title: 'First impulse and Tactical Edge of turn 1 (paired over the same games)', columns: [quantity, ...RATE_COLS], rows: [...adv('first impulse', r.firstActivation), row('P(the side with the Tactical Edge took the first impulse)', r.edgeTookFirst), ...(edgeApart ? adv('Tactical Edge', r.tacticalEdge) : [])] },
    { title: 'Turns played', columns: [{ key: 'turns', header: 'turns', format: 'int' }, ...RATE_COLS], rows: r.turnsDistribution.map((e, k) => ({ turns: k, estimate: e.estimate, lo: e.lo, hi: e.hi })).filter((x) => x.turns >= 1 && x.turns <= last) },
  ];
}

/**
 * Data keys of the units file a skirmish does not read (unusedUnitsData over both forces). A force
 * that does not parse reads as using everything (its own error comes when it runs).
 */
export function unusedSkirmishData(resolved: Readonly<Record<string, unknown>>): (key: string) => boolean {
  try {
    return unusedUnitsData(loadUnits(String(resolved.units)), [...parseForce(String(resolved.sideA), 'sideA'), ...parseForce(String(resolved.sideB), 'sideB')]);
  } catch {
    return () => false;
  }
}

export const skirmishMode: GameMode = {
  name: 'skirmish',
  summary: 'a squad skirmish: two small forces play full turns on a 1-D track (Monte Carlo, seeded bots) — win rate, survivors, turns, first-activation advantage',
  params: SKIRMISH_PARAMS,
  // Every number of the units file, as data.units.<unit>.<field> and data.weapons.<weapon>.<field>.
  extraParams: unitsValueSpecs,
  unusedData: unusedSkirmishData,
  defaultGames: 2e4,
  async run(resolved, settings) {
    const spec = await buildSkirmish(resolved);
    const data = loadUnits(String(resolved.units), dataValuesOf(resolved));
    const run = await settings.simulate('skirmish', spec);
    const result = skirmishResult(spec, run.totals, settings.confidence);
    const name = (s: number) => `${s === 0 ? resolved.sideA : resolved.sideB} (${isBuiltinSkirmishPolicy(spec.policies[s]) ? spec.policies[s] : 'module'})`;
    return {
      ...provenance('genisys skirmish', { ...resolved, ...(spec.policyHashes ? { policyHashes: spec.policyHashes } : {}) }, data),
      title: `Terminator Genisys skirmish: ${name(0)} vs ${name(1)}, ${spec.track / HUNDREDTHS} in. track, ${String(resolved.victory)}`,
      method: 'mc' as const,
      seed: settings.seed,
      n: run.games,
      ...(run.partial ? { partial: true } : {}),
      confidence: settings.confidence,
      policy: spec.policies.map((p) => (isBuiltinSkirmishPolicy(p) ? p : 'module')),
      result,
      // The answer first: who wins how often, on what that is conditional.
      text: answerSentence(`${name(0)} (A) wins ${pctText(result.winA)} of games, ${name(1)} (B) ${pctText(result.winB)}, draws ${pctText(result.draw)}`, [skirmishGapShort(SKIRMISH_PARAMS, resolved), sensitivityShort('genisys', 'skirmish', SKIRMISH_PARAMS, resolved)]),
      headline: estimateHeadline('side A wins', result.winA, 'rate'),
      tables: skirmishTables(result),
      notes: [skirmishGapLine(SKIRMISH_PARAMS, resolved, [`${name(0)} (A)`, `${name(1)} (B)`]), sensitivityNote('genisys', 'skirmish', SKIRMISH_PARAMS, resolved)],
      assumptions: [...genisysAssumptions(Number(resolved['extremeCover.maxSize']), resolved['mindless.extremeCover'] as 'automatic').filter((a) => !/^(sim genisys table|Unit picks fill|Defender's TDD|Flying VTOL cover|Fence generator cover)/.test(a)), ...skirmishAssumptions(resolved)],
    };
  },
};
