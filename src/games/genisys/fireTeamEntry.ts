// `sim genisys fireteam`: several attackers and weapons against a group of target models over one
// or more volleys: the distribution of models removed, P(all removed), the volley by which all
// are, the attacks until the first target is removed, Annihilate points; exact (focus targeting,
// no hit reaching another model) or Monte Carlo with the exact values beside.
import { answerSentence, besideExactWords, EXACT, estimateHeadline, exactHeadline, exactPctText, meanText, pctText } from '../../core/answer.js';
import type { Totals } from '../../core/aggregate.js';
import type { GameMode } from '../../core/gameModule.js';
import { countSummary, outsideIntervalsNote, proportion } from '../../core/intervals.js';
import { dataValuesOf } from '../../core/dataValues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { Cell, Column, ResultTable } from '../../core/reportTypes.js';
import { UsageError } from '../../core/usageError.js';
import { compileFireTeam, parseTeam, MAX_TARGETS, MAX_VOLLEYS, TARGETINGS, type FireTeamInput, type FireTeamPlan, type Targeting } from './fireTeam.js';
import { exactFireTeam, exactUnavailable, type FireTeamExact } from './fireTeamExact.js';
import { genisysAssumptions } from './genisysEntry.js';
import { AUTO, COVERS, DEFAULT_UNITS_FILE, GENISYS_PARAMS, RANGES, rangeName, type RangeName } from './genisysParams.js';
import type { Estimate as AttackEstimate } from './genisysReport.js';
import { loadUnits, unitsValueSpecs, unusedUnitsData, type UnitsFile } from './units.js';

const lowerCase = (raw: string): string => raw.trim().toLowerCase();
/** The attack rule constants (dotted keys) and the targets' cover, as `genisys attack` has them; no TDD agents (a fire team never contests a re-roll). */
const SHARED = GENISYS_PARAMS.filter((p) => (p.key.includes('.') && !p.key.startsWith('tdd.')) || p.key === 'multipleCover' || p.key === 'open');

export const FIRETEAM_PARAMS: readonly ParamSpec[] = [
  { key: 'method', type: 'enum', default: 'exact', choices: ['exact', 'mc'], doc: 'exact Markov chain (focus targeting, no hit that reaches another model) or Monte Carlo', source: 'issue 19: exact where the state space allows, Monte Carlo beside it', cli: { value: '<method>', help: 'exact (default; focus targeting, no Area/suppressive/comrade hits on other models) or mc', parse: lowerCase } },
  { key: 'units', type: 'path', default: DEFAULT_UNITS_FILE, doc: 'units data file the team specs pick from', source: 'rulebook stat-lines, transcribed in units.yaml (scenarios/genisys), checked on load', cli: { value: '<file>', help: `units data file (default ${DEFAULT_UNITS_FILE})` } },
  { key: 'attackers', type: 'string', default: '3*endoskeleton:plasma-gun', doc: 'attacking models, comma-separated, each N*unit:weapon@points (count and points optional, weapons joined by +; twin-<weapon> a twin mount of double ROF; several weapons only for a vehicle or a Fire Control model)', source: 'rulebook: Attacking – Choose Weapon and Target; Vehicles – Attacking, Twin Weapons; FAQ A6, A8', cli: { value: '<spec>', help: 'attackers: [N*]unit[:weapon[+weapon…]][@points], comma-separated (default 3*endoskeleton:plasma-gun)', parse: lowerCase } },
  { key: 'targets', type: 'string', default: '5*resistance-soldier', doc: 'target models, comma-separated [N*]unit[@points], attacked in this order by focus targeting', source: 'sim: the group fired at', cli: { value: '<spec>', help: 'targets: [N*]unit[@points], comma-separated (default 5*resistance-soldier)', parse: lowerCase } },
  { key: 'range', type: 'enum', default: 'short', choices: RANGES, doc: 'range band from the team to the targets', source: 'rulebook: Attacking – Range', cli: { value: '<band>', help: `range band: ${RANGES.join('|')} (default short)`, parse: lowerCase } },
  { key: 'cover', type: 'enum', default: AUTO, choices: [AUTO, ...COVERS], doc: "the targets' cover (auto: hard; with comrades: hard, the troops' own)", source: 'rulebook: Attacking – Taking Cover Saves; Different Types of Save ("Troops also fall into this category")', cli: { value: '<kind>', help: `targets' cover: ${AUTO}|${COVERS.join('|')} (default auto: hard)`, parse: lowerCase } },
  { key: 'targeting', type: 'enum', default: 'focus', choices: TARGETINGS, doc: 'which target each attack picks: focus (the first still in play, in the listed order), spread (the one attacked least so far), random (uniform)', source: 'assumption: fire-team choice F1', cli: { value: '<rule>', help: `${TARGETINGS.join('|')} (default focus: the first target still in play)`, parse: lowerCase } },
  { key: 'volleys', type: 'int', default: 1, min: 1, max: MAX_VOLLEYS, doc: 'turns of fire: every attacker fires every weapon once per volley; one Done marker comes off each model between volleys', source: 'rulebook: The Game Turn – End Turn', cli: { value: '<N>', help: `turns of fire: 1..${MAX_VOLLEYS} (default 1)` } },
  { key: 'near', type: 'int', default: 0, min: 0, max: MAX_TARGETS - 1, doc: 'other target models within 2 in. (Close Combat range) of each target: hit by Area/Flame weapons, sprayed by suppressive fire, shielding with comrades', source: 'assumption: fire-team choice F2 (the group as a cluster)', cli: { value: '<N>', help: 'other targets within 2 in. of each target: 0..29 (default 0)' } },
  { key: 'suppressive', type: 'bool', default: false, doc: 'the attackers did not move: ROF 2+ weapons spray one shot per target within 2 in. of the primary (the rest miss)', source: 'rulebook: Advanced Rules – Suppressive Fire', cli: { help: 'ROF 2+ weapons spray one shot at each target within 2 in. of the primary (the rest miss)' } },
  { key: 'comrades', type: 'bool', default: false, doc: "the targets' only cover is each other: a saved hit strikes a random model within 2 in., which gets no save; a target with none is in the open (Point Blank/Short only)", source: 'rulebook: Attacking – Cover from Comrades', cli: { help: 'cover from comrades: a saved hit strikes a random model within 2 in. instead (no save)' } },
  { key: 'aimed', type: 'bool', default: false, doc: 'the attackers did not move: ROF 1 ranged weapons take aimed shots (Skill upgraded; Sniper 4+, no save)', source: 'rulebook: Advanced Rules – Aimed Shots; Sniper', cli: { help: 'ROF 1 ranged weapons take aimed shots (the attackers did not move)' } },
  { key: 'hasta', type: 'bool', default: true, doc: "at Close Combat range an attack on a reeling target (two or more Done markers) is 'Hasta la Vista, Baby!'", source: "rulebook: Attacking – 'Hasta La Vista, Baby!' (reading: fire-team choice F4)" },
  ...SHARED,
];

/** The README's fire-team choices, as reported (after the attack's). */
export function fireTeamAssumptions(): string[] {
  return [
    'F1 Targeting: focus = every attack at the first target still in play, in the listed order; spread = at the target attacked least so far (ties: listed order); random = uniform among those in play. Attackers fire in the listed order, each weapon of a model in turn.',
    'F2 Models within 2 in.: each target has --near other targets in play within 2 in. (a random choice of them each time), no more; Area and Flame weapons hit them all once per hit on the target, suppressive fire adds one shot at each (up to ROF − 1), and they are the shielding comrades.',
    'F3 Cover from comrades: only at Point Blank and Short range (Long and Extreme give cover of their own, CC none); a target with a comrade within 2 in. saves on the hard-cover die and a saved hit strikes a random comrade with no save; without one it is in the open.',
    "F4 'Hasta la Vista': at Close Combat range every attack on a reeling target is a 'Hasta la Vista' attack (hasta), as if the attacker were in CC range of no other enemy; vehicles and targets that never test are attacked as normal.",
    'F5 No TDD in a fire team; a crawler keeps its model\'s Done markers; a removed target scores its points, a damaged Resilient one half (rounded up), a crawler none (Annihilate); reeling at the end is counted before the last End Turn.',
  ];
}

/** The attack's choices a fire team relies on (not the table's, the unit picks' or the TDD's: a fire team has none of those). */
function attackAssumptionsUsed(maxSize: number, mindless: 'automatic' | 'none' | 'full'): string[] {
  const unused = ['TDD policy', 'sim genisys table', 'Unit picks fill', "Defender's TDD"];
  return genisysAssumptions(maxSize, mindless).filter((a) => !unused.some((u) => a.startsWith(u)));
}

function readInput(r: Record<string, unknown>): FireTeamInput {
  const base: Record<string, unknown> = {};
  for (const p of SHARED) base[p.key] = r[p.key];
  base.cover = r.comrades && r.cover === AUTO ? 'hard' : r.cover;
  return {
    attackers: String(r.attackers),
    targets: String(r.targets),
    range: r.range as RangeName,
    volleys: Number(r.volleys),
    targeting: r.targeting as Targeting,
    near: Number(r.near),
    suppressive: Boolean(r.suppressive),
    comrades: Boolean(r.comrades),
    aimed: Boolean(r.aimed),
    hasta: Boolean(r.hasta),
    base,
  };
}

/** Resolved fireteam parameters → the compiled team, its input and units file (for the run, the bench and tests). */
export function buildFireTeam(resolved: Record<string, unknown>): { fp: FireTeamPlan; input: FireTeamInput; data: UnitsFile; file: string } {
  const input = readInput(resolved);
  const file = String(resolved.units);
  const data = loadUnits(file, dataValuesOf(resolved as Record<string, ParamValue>));
  return { fp: compileFireTeam(input, data, file), input, data, file };
}

/** An estimate with the exact value beside it where the chain gives one. */
export interface Estimate extends AttackEstimate {
  exact?: number;
}

/** The team as played (`result.team`): attacker slots, targets in order, points where given. */
export interface FireTeamDescription {
  slots: string[];
  targets: string[];
  targetPoints: number[] | null;
  attackerPoints: number | null;
  volleys: number;
  targeting: Targeting;
  near: number;
  suppressive: boolean;
  comrades: boolean;
  hasta: boolean;
}

/** Points efficiency (`result.efficiency`), when every attacker's points are given. */
export interface FireTeamEfficiency {
  attackerPoints: number;
  targetPoints: number | null;
  removedPer100Points: number;
  pointsRemovedPerPoint: number | null;
  annihilatePerPoint: number | null;
}

/** The `result` of an exact `genisys fireteam` (method exact, the default): probabilities and expectations. */
export interface FireTeamExactResult {
  team: FireTeamDescription;
  /** removed[k] = P(exactly k targets removed after the last volley). */
  removed: number[];
  expectedRemoved: number;
  allRemoved: number;
  /** allRemovedAt[v] = P(every target removed by the end of volley v and not before); [volleys + 1]: not within them. */
  allRemovedAt: number[];
  /** attacksToRemove[t] = P(the first target removed by team attack t, not before); the last: not removed. */
  attacksToRemove: number[];
  expectedCrawlers: number;
  expectedDamaged: number;
  expectedReeling: number;
  /** P(target model m removed), in the listed order. */
  targetRemoved: number[];
  expectedPointsRemoved: number | null;
  expectedAnnihilatePoints: number | null;
  efficiency: FireTeamEfficiency | null;
}

/** The `result` of a Monte Carlo `genisys fireteam` (method mc): estimates, each with `exact` beside where the chain gives one. */
export interface FireTeamMcResult {
  team: FireTeamDescription;
  removed: Estimate[];
  expectedRemoved: Estimate;
  allRemoved: Estimate;
  allRemovedAt: Estimate[];
  attacksToRemove: Estimate[];
  expectedCrawlers: Estimate;
  expectedDamaged: Estimate;
  expectedReeling: Estimate;
  targetRemoved: Estimate[];
  expectedPointsRemoved: number | null;
  expectedAnnihilatePoints: Estimate | null;
  efficiency: FireTeamEfficiency | null;
  /** Whether the exact chain covers this team (the `exact` values beside). */
  exactAvailable: boolean;
  /** Why it does not, when it does not. */
  exactUnavailable?: string;
}

/** The team in words, for titles and the JSON. */
function teamTitle(fp: FireTeamPlan, input: FireTeamInput): string {
  return `${input.attackers} vs ${input.targets} at ${rangeName(input.range)}, ${fp.volleys} volley${fp.volleys > 1 ? 's' : ''}, ${TARGETINGS[fp.targeting]} targeting`;
}

const sumFrom = (xs: number[], k: number) => xs.slice(k).reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => xs.reduce((a, x, k) => a + k * x, 0);

/** The team's points, for efficiency: per 100 attacker points. */
function efficiency(fp: FireTeamPlan, expectedRemoved: number, expectedPointsRemoved: number, annihilate: number): FireTeamEfficiency | null {
  if (!fp.attackerPointsGiven) return null;
  const per100 = (x: number) => (fp.attackerPoints > 0 ? (100 * x) / fp.attackerPoints : NaN);
  return {
    attackerPoints: fp.attackerPoints,
    targetPoints: fp.targetPointsGiven ? fp.targetPoints.reduce((a, b) => a + b, 0) : null,
    removedPer100Points: per100(expectedRemoved),
    pointsRemovedPerPoint: fp.targetPointsGiven && fp.attackerPoints > 0 ? expectedPointsRemoved / fp.attackerPoints : null,
    annihilatePerPoint: fp.targetPointsGiven && fp.attackerPoints > 0 ? annihilate / fp.attackerPoints : null,
  };
}

function exactResultOf(fp: FireTeamPlan, e: FireTeamExact): Omit<FireTeamExactResult, 'team'> {
  const pointsRemoved = e.targetRemoved.reduce((a, p, m) => a + p * fp.targetPoints[m], 0);
  return {
    removed: e.removed,
    expectedRemoved: mean(e.removed),
    allRemoved: e.removed[fp.targetType.length],
    allRemovedAt: e.allRemovedAt,
    attacksToRemove: e.attacksToRemove,
    expectedCrawlers: mean(e.crawlers),
    expectedDamaged: mean(e.damaged),
    expectedReeling: mean(e.reeling),
    targetRemoved: e.targetRemoved,
    expectedPointsRemoved: fp.targetPointsGiven ? pointsRemoved : null,
    expectedAnnihilatePoints: fp.targetPointsGiven ? e.points : null,
    efficiency: efficiency(fp, mean(e.removed), pointsRemoved, e.points),
  };
}

function describeTeam(fp: FireTeamPlan): FireTeamDescription {
  return {
    slots: fp.slotNames,
    targets: fp.targetNames,
    targetPoints: fp.targetPointsGiven ? fp.targetPoints : null,
    attackerPoints: fp.attackerPointsGiven ? fp.attackerPoints : null,
    volleys: fp.volleys,
    targeting: TARGETINGS[fp.targeting],
    near: fp.near,
    suppressive: fp.suppressive,
    comrades: fp.comrades,
    hasta: fp.hasta,
  };
}

/** Rows of a distribution worth showing: every k up to the last with P > 1e-9 (at most `cap` rows). */
function shownRows(ps: number[], from: number, cap = 60): number[] {
  let last = from;
  for (let k = from; k < ps.length; k++) if (ps[k] > 1e-9) last = k;
  const out: number[] = [];
  for (let k = from; k <= last && out.length < cap; k++) out.push(k);
  return out;
}

function exactTables(fp: FireTeamPlan, r: ReturnType<typeof exactResultOf>): ResultTable[] {
  const n = fp.targetType.length;
  const A = fp.volleys * fp.slots;
  const tables: ResultTable[] = [
    {
      title: `Targets removed (destroyed or retreated) after ${fp.volleys} volley${fp.volleys > 1 ? 's' : ''}`,
      columns: [
        { key: 'removed', header: 'k', format: 'int' },
        { key: 'p', header: 'P(=k)', format: 'prob' },
        { key: 'atLeast', header: 'P(>=k)', format: 'prob' },
      ],
      rows: r.removed.map((p, k) => ({ removed: k, p, atLeast: sumFrom(r.removed, k) })),
    },
    {
      title: 'Summary',
      columns: [
        { key: 'quantity', header: 'quantity', format: 'text' },
        { key: 'value', header: 'value', format: 'sig4' },
      ],
      rows: [
        { quantity: `P(all ${n} removed)`, value: r.allRemoved },
        { quantity: 'E[targets removed]', value: r.expectedRemoved },
        { quantity: 'E[crawlers in play]', value: r.expectedCrawlers },
        { quantity: 'E[damaged in play]', value: r.expectedDamaged },
        { quantity: 'E[reeling in play]', value: r.expectedReeling },
        ...efficiencyRows(r.efficiency, r.expectedPointsRemoved, r.expectedAnnihilatePoints),
      ],
    },
  ];
  if (fp.volleys > 1) {
    tables.push({
      title: 'Volley by which every target is removed',
      columns: [
        { key: 'volley', header: 'volley', format: 'int' },
        { key: 'p', header: 'P(=v)', format: 'prob' },
        { key: 'byThen', header: 'P(<=v)', format: 'prob' },
      ],
      rows: shownRows(r.allRemovedAt, 1).filter((v) => v <= fp.volleys).map((v) => ({ volley: v, p: r.allRemovedAt[v], byThen: r.allRemovedAt.slice(1, v + 1).reduce((a, b) => a + b, 0) })),
    });
  }
  tables.push({
    title: `Team attacks until ${fp.targetNames[0]} is removed`,
    columns: [
      { key: 'attacks', header: 'attacks', format: 'int' },
      { key: 'p', header: 'P(=t)', format: 'prob' },
      { key: 'byThen', header: 'P(<=t)', format: 'prob' },
    ],
    rows: shownRows(r.attacksToRemove, 1).filter((t) => t <= A).map((t) => ({ attacks: t, p: r.attacksToRemove[t], byThen: r.attacksToRemove.slice(1, t + 1).reduce((a, b) => a + b, 0) })),
  });
  tables.push(targetTable(fp, r.targetRemoved.map((p) => ({ p }))));
  return tables;
}

function efficiencyRows(eff: ReturnType<typeof efficiency>, pointsRemoved: number | null, annihilate: number | null): Record<string, Cell>[] {
  const rows: Record<string, Cell>[] = [];
  if (pointsRemoved !== null) rows.push({ quantity: 'E[points removed]', value: pointsRemoved });
  if (annihilate !== null) rows.push({ quantity: 'E[Annihilate points]', value: annihilate });
  if (eff) {
    rows.push({ quantity: 'attacker points', value: eff.attackerPoints });
    rows.push({ quantity: 'E[targets removed] per 100 points', value: eff.removedPer100Points });
    if (eff.pointsRemovedPerPoint !== null) rows.push({ quantity: 'points removed per point', value: eff.pointsRemovedPerPoint });
    if (eff.annihilatePerPoint !== null) rows.push({ quantity: 'Annihilate points per point', value: eff.annihilatePerPoint });
  }
  return rows;
}

function targetTable(fp: FireTeamPlan, cells: Record<string, Cell>[], extra: Column[] = []): ResultTable {
  return {
    title: 'Each target: P(removed)',
    columns: [{ key: 'target', header: 'target', format: 'text' }, { key: 'p', header: 'P', format: 'prob' }, ...extra, ...(fp.targetPointsGiven ? [{ key: 'points', header: 'points', format: 'int' as const }] : [])],
    rows: cells.map((c, m) => ({ target: fp.targetNames[m], ...c, ...(fp.targetPointsGiven ? { points: fp.targetPoints[m] } : {}) })),
  };
}

function mcResultOf(fp: FireTeamPlan, totals: Totals, confidence: number, exact: ReturnType<typeof exactResultOf> | null): Omit<FireTeamMcResult, 'team' | 'exactAvailable' | 'exactUnavailable'> {
  const n = totals.games;
  const share = (k: number, ex?: number): Estimate => {
    const p = proportion(k, n, confidence);
    return { estimate: p.estimate, lo: p.lo, hi: p.hi, k, n, ...(ex !== undefined ? { exact: ex } : {}) };
  };
  const dist = (name: string, ex?: number[]) => totals.get(name).bins.map((k, i) => share(k, ex?.[i]));
  const meanOf = (name: string, ex?: number): Estimate => {
    const s = countSummary(totals.get(name), confidence);
    return { estimate: s.mean, lo: s.lo, hi: s.hi, se: s.se, ...(ex !== undefined && ex !== null ? { exact: ex } : {}) };
  };
  const N = fp.targetType.length;
  const removed = dist('removed', exact?.removed);
  const targetRemoved = fp.targetNames.map((_, m) => share(totals.get(`removed.${m}`).bins[1], exact?.targetRemoved[m]));
  const pointsRemoved = fp.targetPointsGiven ? targetRemoved.reduce((a, p, m) => a + p.estimate * fp.targetPoints[m], 0) : null;
  const annihilate = fp.targetPointsGiven ? meanOf('points', exact?.expectedAnnihilatePoints ?? undefined) : null;
  return {
    removed,
    expectedRemoved: meanOf('removed', exact?.expectedRemoved),
    allRemoved: removed[N],
    allRemovedAt: dist('allRemovedAt', exact?.allRemovedAt),
    attacksToRemove: dist('attacksToRemove', exact?.attacksToRemove),
    expectedCrawlers: meanOf('crawlers', exact?.expectedCrawlers),
    expectedDamaged: meanOf('damaged', exact?.expectedDamaged),
    expectedReeling: meanOf('reeling', exact?.expectedReeling),
    targetRemoved,
    expectedPointsRemoved: pointsRemoved,
    expectedAnnihilatePoints: annihilate,
    efficiency: efficiency(fp, meanOf('removed').estimate, pointsRemoved ?? 0, annihilate?.estimate ?? 0),
  };
}

const MC_COLS: Column[] = [
  { key: 'estimate', header: 'MC', format: 'prob' },
  { key: 'lo', header: 'lo', format: 'prob' },
  { key: 'hi', header: 'hi', format: 'prob' },
];
const EXACT_COLS: Column[] = [
  { key: 'exact', header: 'exact', format: 'prob' },
  { key: 'exactInInterval', header: 'in CI', format: 'text' },
];

function mcTables(fp: FireTeamPlan, r: ReturnType<typeof mcResultOf>, withExact: boolean): ResultTable[] {
  const cols = withExact ? [...MC_COLS, ...EXACT_COLS] : MC_COLS;
  const row = (e: Estimate) => ({ estimate: e.estimate, lo: e.lo, hi: e.hi, ...(withExact && e.exact !== undefined ? { exact: e.exact, exactInInterval: e.exact >= e.lo && e.exact <= e.hi } : {}) });
  const n = fp.targetType.length;
  const A = fp.volleys * fp.slots;
  const meanCols: Column[] = cols.map((c) => (c.format === 'prob' ? { ...c, format: 'sig4' as const } : c));
  const tables: ResultTable[] = [
    {
      title: `Targets removed (destroyed or retreated) after ${fp.volleys} volley${fp.volleys > 1 ? 's' : ''}`,
      columns: [{ key: 'removed', header: 'k', format: 'int' }, ...cols],
      rows: r.removed.map((e, k) => ({ removed: k, ...row(e) })),
    },
    {
      title: 'Summary (means)',
      columns: [{ key: 'quantity', header: 'quantity', format: 'text' }, ...meanCols],
      rows: [
        { quantity: `P(all ${n} removed)`, ...row(r.allRemoved) },
        { quantity: 'E[targets removed]', ...row(r.expectedRemoved) },
        { quantity: 'E[crawlers in play]', ...row(r.expectedCrawlers) },
        { quantity: 'E[damaged in play]', ...row(r.expectedDamaged) },
        { quantity: 'E[reeling in play]', ...row(r.expectedReeling) },
        ...(r.expectedAnnihilatePoints ? [{ quantity: 'E[Annihilate points]', ...row(r.expectedAnnihilatePoints) }] : []),
      ],
    },
  ];
  const eff = efficiencyRows(r.efficiency, r.expectedPointsRemoved, null);
  if (eff.length) tables.push({ title: 'Points (estimates)', columns: [{ key: 'quantity', header: 'quantity', format: 'text' }, { key: 'value', header: 'value', format: 'sig4' }], rows: eff });
  if (fp.volleys > 1) {
    tables.push({
      title: 'Volley by which every target is removed',
      columns: [{ key: 'volley', header: 'volley', format: 'int' }, ...cols],
      rows: shownRows(r.allRemovedAt.map((e) => Math.max(e.estimate, e.exact ?? 0)), 1).filter((v) => v <= fp.volleys).map((v) => ({ volley: v, ...row(r.allRemovedAt[v]) })),
    });
  }
  tables.push({
    title: `Team attacks until ${fp.targetNames[0]} is removed`,
    columns: [{ key: 'attacks', header: 'attacks', format: 'int' }, ...cols],
    rows: shownRows(r.attacksToRemove.map((e) => Math.max(e.estimate, e.exact ?? 0)), 1).filter((t) => t <= A).map((t) => ({ attacks: t, ...row(r.attacksToRemove[t]) })),
  });
  tables.push(targetTable(fp, r.targetRemoved.map((e) => ({ p: e.estimate, lo: e.lo, hi: e.hi, ...(withExact && e.exact !== undefined ? { exact: e.exact, exactInInterval: e.exact >= e.lo && e.exact <= e.hi } : {}) })), [
    { key: 'lo', header: 'lo', format: 'prob' },
    { key: 'hi', header: 'hi', format: 'prob' },
    ...(withExact ? EXACT_COLS : []),
  ]));
  return tables;
}

/** The fire team's answer, exact: the targets it removes on average, and how often all of them. */
function exactFireTeamAnswer(fp: FireTeamPlan, input: FireTeamInput, r: FireTeamExactResult): string {
  const n = fp.targetType.length;
  return answerSentence(`The fire team removes ${r.expectedRemoved.toFixed(2)} of ${n} targets on average, and all ${n} ${exactPctText(r.allRemoved)} of the time`, [teamTitle(fp, input), EXACT]);
}

/** The same answer played: the two numbers with their intervals, beside the exact chain's where it covers the team. */
function mcFireTeamAnswer(fp: FireTeamPlan, input: FireTeamInput, r: FireTeamMcResult, why: string | null): string {
  const n = fp.targetType.length;
  const m = r.expectedRemoved;
  const a = r.allRemoved;
  const inside = (e: Estimate) => (Number.isFinite(e.lo) && Number.isFinite(e.hi) ? e.exact! >= e.lo && e.exact! <= e.hi : null);
  const exact = m.exact !== undefined && a.exact !== undefined ? besideExactWords([m.exact.toFixed(2), exactPctText(a.exact)], [inside(m), inside(a)]) : `no exact values: the chain does not cover ${why}`;
  return answerSentence(`The fire team removes ${meanText(m)} of ${n} targets on average, and all ${n} ${pctText(a)} of the time`, [teamTitle(fp, input), exact]);
}

/**
 * Data keys of the units file a fire team does not read (unusedUnitsData over its attackers and
 * targets). A spec that does not parse reads as using everything (its own error comes when it runs).
 */
export function unusedFireTeamData(resolved: Readonly<Record<string, unknown>>): (key: string) => boolean {
  try {
    return unusedUnitsData(loadUnits(String(resolved.units)), [...parseTeam(String(resolved.attackers), 'attackers', true), ...parseTeam(String(resolved.targets), 'targets', false)]);
  } catch {
    return () => false;
  }
}

export const fireTeamMode: GameMode = {
  name: 'fireteam',
  summary: 'a fire team: several attackers and weapons at a group of targets over volleys — models removed, P(all removed), attacks until the first falls, points',
  params: FIRETEAM_PARAMS,
  // Every number of the units file, as data.units.<unit>.<field> and data.weapons.<weapon>.<field>.
  extraParams: unitsValueSpecs,
  unusedData: unusedFireTeamData,
  defaultGames: 2e5,
  async run(resolved, settings) {
    const { fp, input, data, file } = buildFireTeam(resolved);
    const why = exactUnavailable(fp);
    if (resolved.method === 'exact' && why) throw new UsageError(`parameter method: the exact fire team is not available for ${why}; use --method mc`);
    const exact = why ? null : exactResultOf(fp, exactFireTeam(fp, input, data, file));
    const notes: string[] = [];
    if (input.aimed && !fp.aimedShots) notes.push(`--aimed has no effect here: no attack of the team is an aimed shot (aimed shots need a ROF 1 ranged weapon, outside Close Combat range; the attackers carry ${fp.slotNames.join(', ')}).`);
    if (input.comrades && !fp.comrades) notes.push(`--comrades has no effect at ${rangeName(input.range)}: cover from comrades is the only cover only at Point Blank and Short range (fire-team choice F3).`);
    if (!fp.attackerPointsGiven && fp.targetPointsGiven) notes.push('Give every attacker its points (unit@points) for the efficiency rows.');
    // A cover rule given that leaves every attack of the team as it is (--open at Long range, where the
    // range's own cover stays; --multiple-cover with no cover save to upgrade) is said, never silently
    // ignored: the team compiled without it plays the same attacks.
    const plansOf = (t: typeof fp) => JSON.stringify([t.plans, t.openPlans]);
    const given = plansOf(fp);
    for (const [key, flag, why] of [
      ['open', '--open', `only Point Blank and Short range targets can be in the open (rulebook: In the Open; Long for vehicles), and none of these attacks takes a cover save it could lose`],
      ['multipleCover', '--multiple-cover', 'it upgrades the best cover save die one step, and no attack of the team has a cover save it would upgrade'],
    ] as const) {
      if (resolved[key] === true && plansOf(compileFireTeam(readInput({ ...resolved, [key]: false }), data, file)) === given) notes.push(`${flag} has no effect on this fire team at ${rangeName(input.range)}: ${why}.`);
    }
    const base = {
      ...provenance('genisys fireteam', { ...resolved }, data),
      title: `Terminator Genisys fire team: ${teamTitle(fp, input)}`,
      confidence: settings.confidence,
      assumptions: [...attackAssumptionsUsed(Number(resolved['extremeCover.maxSize']), resolved['mindless.extremeCover'] as 'automatic'), ...fireTeamAssumptions()],
      notes,
    };
    if (resolved.method === 'exact') {
      const result: FireTeamExactResult = { team: describeTeam(fp), ...exact! };
      // The answer first: how many targets the team removes, and how often all of them.
      return { ...base, method: 'exact' as const, seed: null, n: null, result, tables: exactTables(fp, exact!), text: exactFireTeamAnswer(fp, input, result), headline: exactHeadline('mean targets removed', result.expectedRemoved, 'mean') };
    }
    const run = await settings.simulate('fireteam', fp);
    const result: FireTeamMcResult = { team: describeTeam(fp), ...mcResultOf(fp, run.totals, settings.confidence, exact), exactAvailable: exact !== null, ...(why ? { exactUnavailable: why } : {}) };
    const tables = mcTables(fp, result, exact !== null);
    if (exact) notes.push(outsideIntervalsNote(tables.flatMap((t) => t.rows.filter((r) => typeof r.exactInInterval === 'boolean').map((r) => r.exactInInterval as boolean)), settings.confidence));
    else notes.push(`No exact values beside: the exact chain does not cover ${why}.`);
    return { ...base, method: 'mc' as const, seed: settings.seed, n: run.games, ...(run.partial ? { partial: true } : {}), result, tables, text: mcFireTeamAnswer(fp, input, result, why), headline: estimateHeadline('mean targets removed', result.expectedRemoved, 'mean') };
  },
};
