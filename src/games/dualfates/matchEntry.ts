// `dualfates match`: a Monte Carlo of whole Dual Fates games between two seeded policies on the
// zone model of the Vortex — win rate, VP margin, pillars held per round, units lost, with
// intervals. Teams, policies, the board and every rule constant are parameters, so `sim compare`
// and `sim sweep` vary them. Its team-strength numbers are only as good as the unit data: every
// unit but the Training Knight is invented (scenarios/dualfates/units.yaml).
import { matchGapLine, matchGapShort } from './matchPolicyGap.js';
import { existsSync, statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import type { Totals } from '../../core/aggregate.js';
import { fileHash } from '../../core/hash.js';
import { countSummary, proportion } from '../../core/intervals.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import type { ResolvedParams, RunSettings } from '../../core/scenarioGame.js';
import { answerSentence, estimateHeadline, pctText } from '../../core/answer.js';
import { parseSearchDecisions, searchDecisionsParam } from '../../core/searchDecisions.js';
import { sensitivityNote, sensitivityShort } from '../../core/sensitivityNote.js';
import { UsageError } from '../../core/usageError.js';
import { slugOf } from '../../core/dataValues.js';
import { ATTACK_PARAMS, DEFAULT_UNITS_FILE, TEAM_PARAMS, teamRulesFrom, type ArmorRule, type DamageDice, type SuccessRule } from './dualfatesParams.js';
import { matchDeployPlan, planPath } from './deployPlan.js';
import { BUILTIN_TEAMS, compileSide, DEFAULT_BOARD_FILE, loadBoard, loadDeployment, readBoardText, type MatchData } from './matchData.js';
import { DEPLOYMENT_EQUILIBRIUM, DEPLOYMENT_SPREAD } from './deployment.js';
import { DECISION_NAMES, SEARCH_ROOTS, type MatchRules } from './matchEngine.js';
import { isBuiltinMatchPolicy, MATCH_POLICIES } from './matchPolicies.js';
import { createMatchEngine, policyLabel, type MatchSimParams } from './matchSim.js';
import { streamFor } from '../../core/rng.js';
import { loadUnitSheets, unitSheetValueSpecs } from './unitPicks.js';
import { boardValueSpecs } from './board.js';

const rule = (key: string): ParamSpec => ATTACK_PARAMS.find((p) => p.key === key)!;
const teamRule = (key: string): ParamSpec => TEAM_PARAMS.find((p) => p.key === key)!;
const TEAMS_HELP = `${BUILTIN_TEAMS.join(', ')} (the files teams/match-NAME.yaml), or a team file`;
const POLICY_HELP = `${MATCH_POLICIES.join(', ')}, or a policy module (.js)`;

/** The search's settings change nothing unless a side plays search. */
const searchOnly = (p: Readonly<Record<string, ParamValue>>): string | null => (p.policyA === 'search' || p.policyB === 'search' ? null : `it sets the search policy, and neither side plays it (policyA ${String(p.policyA)}, policyB ${String(p.policyB)}; --policy-a search or --policy-b search)`);

const MATCH_SPECS: ParamSpec[] = [
  { key: 'teamA', type: 'path', choices: BUILTIN_TEAMS, default: 'knights', doc: `side A's team: ${TEAMS_HELP} (the \`sim dualfates team\` format; units by name from the unit sheets)`, source: 'rulebook: CORE RULES (team building); the built-in teams are invented (README "The match")', cli: { value: '<team>', help: `side A's team: ${TEAMS_HELP} (default knights)` } },
  { key: 'teamB', type: 'path', choices: BUILTIN_TEAMS, default: 'knights', doc: `side B's team: ${TEAMS_HELP}`, source: 'rulebook: CORE RULES (team building); the built-in teams are invented (README "The match")', cli: { value: '<team>', help: `side B's team: ${TEAMS_HELP} (default knights)` } },
  { key: 'policyA', type: 'path', module: true, choices: MATCH_POLICIES, default: MATCH_POLICIES[0], doc: `side A's policy: ${POLICY_HELP}`, source: 'sim: policy choice (README "The match": threat, the default since 2026-12-06; fight before it)', cli: { value: '<policy>', help: `side A's policy: ${POLICY_HELP} (default ${MATCH_POLICIES[0]})` } },
  { key: 'policyB', type: 'path', module: true, choices: MATCH_POLICIES, default: MATCH_POLICIES[0], doc: `side B's policy: ${POLICY_HELP}`, source: 'sim: policy choice (README "The match": threat, the default since 2026-12-06; fight before it)', cli: { value: '<policy>', help: `side B's policy: ${POLICY_HELP} (default ${MATCH_POLICIES[0]})` } },
  { key: 'searchIterations', inert: searchOnly, type: 'int', default: 32, min: 1, max: 4096, doc: 'policy search: iterations of the tree search per searched decision (each plays the game on from the decision with the default policy)', source: 'sim: search budget' },
  { key: 'searchDepth', inert: searchOnly, type: 'int', default: 0, min: 0, max: 100, doc: 'policy search: rounds an iteration plays after the current one before a static value (VP lead and units left; 0: to the end of the game)', source: 'sim: search budget' },
  searchDecisionsParam(DECISION_NAMES, SEARCH_ROOTS, searchOnly),
  { key: 'units', type: 'path', default: DEFAULT_UNITS_FILE, doc: 'unit sheets the teams name their units from', source: 'rulebook: Understanding Unit Sheet (Training Knight); every other unit invented (units.yaml, assumed)', cli: { value: '<file>', help: `unit sheets file (default ${DEFAULT_UNITS_FILE})` } },
  { key: 'board', type: 'path', default: DEFAULT_BOARD_FILE, doc: 'the zone model of the Vortex: pillars, deployment points and the lines between them', source: 'rulebook: BUILDING THE VORTEX, Placing The Pillars of Fate, Starting The Game; the lines are an assumption (board.yaml)', cli: { value: '<file>', help: `board file (default ${DEFAULT_BOARD_FILE})` } },
  { key: 'deployment', type: 'path', choices: [DEPLOYMENT_EQUILIBRIUM, DEPLOYMENT_SPREAD], default: DEPLOYMENT_EQUILIBRIUM, inert: (p) => (p.policyA === 'random' && p.policyB === 'random' ? 'it sets where the built-in policies deploy, and both sides play random (which deploys at random)' : null), doc: `which units the built-in policies start and where: ${DEPLOYMENT_EQUILIBRIUM} (the plan of the alternating deployment over the bundled layouts and payoffs for the two teams, deployment.yaml, each placement the best given the other side's so far, and its mix off the plan, where it has them; else as spread), ${DEPLOYMENT_SPREAD} (the team file's deploy: true units, Characters and the dearest at the totem point, the other Companions at points drawn at random), or a deployment file of that format`, source: 'sim: policy choice; the bundled layouts, payoffs and mixes are computed for the bundled teams, unit sheets and board by a script (the Dual Fates README, Deployment)', cli: { value: '<mix>', help: `which units the built-in policies start and where: ${DEPLOYMENT_EQUILIBRIUM} (default: the bundled plan for the two teams), ${DEPLOYMENT_SPREAD} (the team file's deploy: true units), or a deployment file` } },
  { key: 'rounds', type: 'int', default: 10, min: 1, max: 100, doc: 'rounds in the game', source: 'rulebook: Round Structure ("Dual Fates is played over 10 rounds")', cli: { value: '<N>', help: 'rounds in the game (1..100; default 10)' } },
  { key: 'controlRange', type: 'int', default: 4, min: 0, max: 24, doc: 'inches within which a unit scores a Pillar', source: 'rulebook: Scoring Pillars of Fate ("within 4 inches")' },
  { key: 'pillarNumbers', assumed: 'reading', type: 'enum', choices: ['shuffled', 'fixed'], default: 'shuffled', doc: "how the numbers 1..5 are placed: dealt to the five pillar places afresh each game (shuffled) or as board.yaml numbers them (fixed)", source: 'rulebook: Placing The Pillars of Fate ("Players are encouraged to move the numbered Pillars between games"); shuffled: assumption' },
  { key: 'cover', assumed: 'reading', type: 'enum', choices: ['none', 'light', 'heavy'], default: 'none', doc: 'cover every ranged attack\'s target has (the zone model places no terrain)', source: 'assumption: the board has no terrain pieces (README "The match"); rulebook: Cover for the bonuses', cli: { value: '<cover>', help: 'cover of every ranged target: none (default), light (+1 DOD) or heavy (+2 DOD)' } },
  teamRule('vortexCap'),
  teamRule('scoringValue'),
  teamRule('summoningPointCap'),
  teamRule('waywardCoinCap'),
  teamRule('fateTokens.full'),
  teamRule('fateTokens.mixed'),
  teamRule('monsterLimit'),
  rule('armorRule'),
  rule('successRule'),
  rule('deflectRule'),
  rule('coverBonus.light'),
  rule('coverBonus.heavy'),
  rule('runningBonus.def'),
  rule('runningBonus.dod'),
  rule('damageDice.light'),
  rule('damageDice.medium'),
  rule('damageDice.heavy'),
  // Output, not a rule: a parameter so that `rerun`/`sim check` reproduce a trace report.
  { key: 'trace', type: 'int', default: -1, min: -1, max: Number.MAX_SAFE_INTEGER, doc: 'print game K of the run (counting from 0) step by step instead of the summary (-1: off)', source: 'output option', cli: { value: '<K>', help: 'print game K of this run (same --seed; K counts from 0) step by step instead of the summary (-1: none, the report as usual)' } },
];

/** The match's parameters: the shared rule constants, with command-line options for the readings a user compares. */
export const MATCH_PARAMS: readonly ParamSpec[] = MATCH_SPECS.map((s): ParamSpec => (s.key === 'armorRule' ? { ...s, cli: { value: '<rule>', help: 'pool (default: armor is used up) or perHit (taken off every hit)' } } : s.key === 'scoringValue' || s.key === 'vortexCap' ? { ...s, cli: { value: s.key === 'vortexCap' ? '<N>' : '<rule>', help: s.key === 'vortexCap' ? 'points active in the Vortex at one time (default 5)' : 'a unit\'s scoring value: cost (default) or one (the Scoring Phase note)' } } : s));

export const MATCH_ASSUMPTIONS = [
  'Team-strength numbers are only as good as the unit data: every unit but the Training Knight is invented (scenarios/dualfates/units.yaml, assumed:); use the match to compare core rules (Initiative, the scoring reading, pillar luck, the Vortex cap), not real teams.',
  'Zone model (board.yaml): units stand and move on lines between the pillars and three deployment points a side, in whole inches (each line the straight distance rounded); no terrain, line of sight everywhere; moving through another unit is allowed and only where a move ends counts.',
  'Melee range is the same point (within 1/2 inch); a unit that moves onto an enemy locks both for the rest of the round; units still in contact at a new round may leave, and staying does not lock them again.',
  'An activation moves first, then uses its Ability Action (no attack-then-move); a run replaces both; the Heroic Charge moves up to Speed after the unit\'s own move and its free attack is the unit\'s first attack.',
  'The deployment roll re-rolls ties; the zones are mirror images, so choosing one is not modelled; a player who stops deploying stops for good; summoned units stand at the totem.',
  'Summoning credit: 1 point a Summoning Phase while under the Vortex cap, banked without limit; at most one unit a phase; a removed unit of any type never returns.',
  'A unit that ran has no Free Action (Shield deflect) for the rest of that round; the Shield deflect is offered once a round, against any attack.',
  'A doubled objective gives double VP and one Fate Token; the Secret pick is the best controlled pillar at the end of the round.',
  'A side with no unit left in the Vortex or in reserve loses at the end of that round (points no longer matter); both at once: the VP decide.',
  // M8 and M10 (scenarios/dualfates/README.md): stated in every report too (issue 26).
  'Battle Cry (M8): the Training Knight counts itself among the friendly units within 3 inches; two Battle Cries do not add up.',
  'Not modelled (M10: no unit here has them, or the rulebook gives no numbers): healing and repair, status effects other than running and Battle Cry (Poisoned, Fear, Burning, Frozen, Stunned, …), Stealthed, multi-model companions (a unit is one model), totem abilities, Interrupts, Keywords (Flying, Mounted, …), and a player continuing after a draw.',
];

/** A policy parameter: a built-in name, or an existing .js module (absolute path and content hash). Throws UsageError. */
function checkPolicy(value: string, param: string): { name: string; hash: string | null } {
  if (isBuiltinMatchPolicy(value)) return { name: value, hash: null };
  const abs = resolvePath(value);
  if (!/\.(m?js)$/.test(value) || !existsSync(abs) || !statSync(abs).isFile()) throw new UsageError(`parameter ${param}: unknown policy "${value}", expected one of ${MATCH_POLICIES.join(', ')} or the path of an existing .js module`);
  return { name: abs, hash: fileHash(abs) };
}

/** Who places a side's starting units: the built-ins but random by the `deployment` rule; random, the search and a module their own way. */
function deployDecider(policy: string): 'rule' | 'random' | 'search' | 'module' {
  return policy === 'random' || policy === 'search' ? policy : isBuiltinMatchPolicy(policy) ? 'rule' : 'module';
}

/** Resolved parameters → the simulation's plain-JSON parameters (teams, units and board read and checked here). */
export function matchSimParams(r: ResolvedParams): MatchSimParams {
  const rules = teamRulesFrom(r);
  const unitsFile = String(r.units);
  const sheets = loadUnitSheets(unitsFile, r);
  const dice = { light: r['damageDice.light'] as DamageDice, medium: r['damageDice.medium'] as DamageDice, heavy: r['damageDice.heavy'] as DamageDice };
  const sides = (['teamA', 'teamB'] as const).map((k) => compileSide(String(r[k]), k, sheets, unitsFile, rules, dice)) as MatchData['sides'];
  const board = loadBoard(String(r.board), r);
  const cover = r.cover === 'light' ? (r['coverBonus.light'] as number) : r.cover === 'heavy' ? (r['coverBonus.heavy'] as number) : 0;
  const matchRules: MatchRules = {
    rounds: r.rounds as number,
    vortexCap: rules.vortexCap,
    controlRange: r.controlRange as number,
    successRule: r.successRule as SuccessRule,
    deflectRule: r.deflectRule as SuccessRule,
    armorRule: r.armorRule as ArmorRule,
    coverDod: cover,
    runningDef: r['runningBonus.def'] as number,
    runningDod: r['runningBonus.dod'] as number,
    pillarNumbers: r.pillarNumbers as MatchRules['pillarNumbers'],
  };
  const a = checkPolicy(String(r.policyA), 'policyA');
  const b = checkPolicy(String(r.policyB), 'policyB');
  const search = a.name === 'search' || b.name === 'search' ? { iterations: r.searchIterations as number, depth: r.searchDepth as number, decisions: parseSearchDecisions(r.searchDecisions, DECISION_NAMES, SEARCH_ROOTS) } : undefined;
  const deployment = loadDeployment(String(r.deployment), sides, board, rules.vortexCap, [String(r.teamA), String(r.teamB)], differingParams(r, sides, ['deployment']), [deployDecider(a.name), deployDecider(b.name)]);
  return { data: { sides, board, ...(deployment.mixes ? { deploy: deployment.mixes } : {}), ...(deployment.payoffs ? { deployPayoffs: deployment.payoffs } : {}) }, deploymentNote: deployment.note, rules: matchRules, policies: [a.name, b.name], policyHashes: [a.hash, b.hash], ...(search ? { search } : {}) };
}

type Rate = { estimate: number; lo: number; hi: number; k: number; n: number };
type Mean = { mean: number; se: number; lo: number; hi: number; p10: number | null; p50: number | null; p90: number | null };

/** The JSON result: per-game rates and means with intervals, from the run's totals. */
export function matchResult(p: MatchSimParams, totals: Totals, confidence: number) {
  const R = p.rules.rounds;
  const rate = (name: string): Rate => {
    const t = totals.get(name);
    const e = proportion(t.bins[1], t.n, confidence);
    return { estimate: e.estimate, lo: e.lo, hi: e.hi, k: e.k, n: e.n };
  };
  // A mean, optionally shifted and scaled back to its meaning (margin: minus 2R; per round: / R).
  const mean = (name: string, shift = 0, scale = 1): Mean => {
    const s = countSummary(totals.get(name), confidence);
    const f = (x: number | null) => (x === null ? null : (x - shift) / scale);
    return { mean: (s.mean - shift) / scale, se: s.se / scale, lo: (s.lo - shift) / scale, hi: (s.hi - shift) / scale, p10: f(s.p10), p50: f(s.p50), p90: f(s.p90) };
  };
  const side = (s: 0 | 1) => ({ team: p.data.sides[s].team, policy: policyLabel(p.policies[s]), kind: p.data.sides[s].kind, fateTokens: p.data.sides[s].fateTokens, units: p.data.sides[s].units.map((u) => u.name) });
  // Each side's deployment mix (null: the spread rule): its layouts, each starting unit at its point (the rest in reserve), and their shares.
  const text = (s: 0 | 1, l: number) => {
    const names = p.data.sides[s].units.map((u) => u.name);
    return p.data.deploy![s]!.at[l].flatMap((q, j) => (q < 0 ? [] : [`${names[j]}@${p.data.board.nodeIds[q]}`])).join(', ');
  };
  const mix = (s: 0 | 1) => {
    const m = p.data.deploy?.[s];
    if (!m) return null;
    const total = m.weights.reduce((a, b) => a + b, 0);
    return m.at.flatMap((_, l) => (m.weights[l] > 0 ? [{ layout: text(s, l), share: m.weights[l] / total }] : []));
  };
  // The alternating deployment's plan, both sides following it: what each deploys, by who deploys first (deployPlan.ts).
  const P = p.data.deployPayoffs;
  const built = matchDeployPlan(p.data);
  const plan = built && P ? ([0, 1] as const).map((first) => {
    const x = planPath(built, P, first);
    return { first: first === 0 ? 'A' : 'B', A: text(0, x.a), B: text(1, x.b), payoff: x.value };
  }) : null;
  return {
    sides: { A: side(0), B: side(1) },
    deployment: p.data.deploy ? { A: mix(0), B: mix(1), plan } : null,
    rounds: R,
    rates: { winA: rate('winA'), winB: rate('winB'), draw: rate('draw'), wipeout: rate('wipeout'), firstInitiativeWins: rate('firstInitiativeWins') },
    means: {
      vpA: mean('vpA'),
      vpB: mean('vpB'),
      vpMargin: mean('vpMargin'),
      pillarsHeldPerRoundA: mean('heldA', 0, R),
      pillarsHeldPerRoundB: mean('heldB', 0, R),
      unitsLostA: mean('lostA'),
      unitsLostB: mean('lostB'),
      initiativesA: mean('initiativesA'),
      fateSpentA: mean('fateSpentA'),
      fateSpentB: mean('fateSpentB'),
      roundsPlayed: mean('rounds'),
    },
  };
}

/** The `result` of `dualfates match`: per-game rates and means with intervals (built by matchResult). */
export type MatchResult = ReturnType<typeof matchResult>;

/** The `result` of a trace run (parameter trace K): game K of the run, step by step. */
export interface MatchTraceResult {
  game: number;
  /** E.g. "A wins (wipe-out), VP 7-3, 6 rounds". */
  outcome: string;
  /** Victory Points of A and B at the end. */
  vp: [number, number];
  /** The step-by-step lines (the report's `text`, numbered there). */
  trace: string[];
}

const RATE_LABELS: Record<keyof MatchResult['rates'], string> = {
  winA: 'P(A wins)',
  winB: 'P(B wins)',
  draw: 'P(draw)',
  wipeout: 'P(a side wiped out: the game ends then, in any round, the last too)',
  firstInitiativeWins: "P(round 1's Initiative winner wins)",
};
const MEAN_LABELS: Record<keyof MatchResult['means'], string> = {
  vpA: 'Victory Points, A',
  vpB: 'Victory Points, B',
  vpMargin: 'VP margin, A − B',
  pillarsHeldPerRoundA: 'pillars held per round, A',
  pillarsHeldPerRoundB: 'pillars held per round, B',
  unitsLostA: 'units lost, A',
  unitsLostB: 'units lost, B',
  initiativesA: 'Initiatives won, A',
  fateSpentA: 'Fate Tokens spent, A',
  fateSpentB: 'Fate Tokens spent, B',
  roundsPlayed: 'rounds played',
};

export function matchTables(r: MatchResult): ResultTable[] {
  return [
    {
      title: 'Per game — rates',
      columns: [
        { key: 'metric', header: 'metric', format: 'text' },
        { key: 'estimate', header: 'estimate', format: 'prob' },
        { key: 'lo', header: 'lo', format: 'prob' },
        { key: 'hi', header: 'hi', format: 'prob' },
      ],
      rows: (Object.keys(RATE_LABELS) as (keyof MatchResult['rates'])[]).map((k) => ({ metric: RATE_LABELS[k], estimate: r.rates[k].estimate, lo: r.rates[k].lo, hi: r.rates[k].hi })),
    },
    {
      title: 'Per game — means',
      columns: [
        { key: 'metric', header: 'metric', format: 'text' },
        { key: 'mean', header: 'mean', format: 'sig4' },
        { key: 'lo', header: 'lo', format: 'sig4' },
        { key: 'hi', header: 'hi', format: 'sig4' },
        { key: 'p10', header: 'p10', format: 'sig4' },
        { key: 'p50', header: 'p50', format: 'sig4' },
        { key: 'p90', header: 'p90', format: 'sig4' },
      ],
      rows: (Object.keys(MEAN_LABELS) as (keyof MatchResult['means'])[]).map((k) => ({ metric: MEAN_LABELS[k], mean: r.means[k].mean, lo: r.means[k].lo, hi: r.means[k].hi, p10: r.means[k].p10, p50: r.means[k].p50, p90: r.means[k].p90 })),
    },
    // Where the built-in policies start their units (the deployment mix, drawn once a game; none under the spread rule).
    ...(r.deployment?.plan
      ? [
          {
            title: 'Deployment plan — what each side deploys when both follow the plan, by who deploys first (the deployment roll\'s loser)',
            columns: [
              { key: 'first', header: 'first', format: 'text' as const },
              { key: 'A', header: 'side A (unit@point)', format: 'text' as const },
              { key: 'B', header: 'side B (unit@point)', format: 'text' as const },
              { key: 'payoff', header: 'A − B (measured)', format: 'pp' as const },
            ],
            rows: r.deployment.plan.map((x) => ({ ...x })),
          },
        ]
      : []),
    ...(r.deployment
      ? [
          {
            title: r.deployment.plan ? "Deployment mix — off the plan, each side's starting layouts and how often each is drawn" : "Deployment mix — each side's starting layouts and how often each is drawn",
            columns: [
              { key: 'side', header: 'side', format: 'text' as const },
              { key: 'layout', header: 'layout (starting unit@point)', format: 'text' as const },
              { key: 'share', header: 'share', format: 'prob' as const },
            ],
            rows: (['A', 'B'] as const).flatMap((k) => (r.deployment![k] ?? []).map((x) => ({ side: k, layout: x.layout, share: x.share }))),
          },
        ]
      : []),
  ];
}

/**
 * The parameters but the teams, policies, search budget and trace that are not at their defaults
 * (key=value): data values (data.units.…, data.board.…) too, but one at its file's value or of a
 * unit neither side fields (`sides`) changes nothing and is not listed.
 */
function differingParams(r: ResolvedParams, sides: MatchData['sides'], alsoFree: readonly string[] = []): string[] {
  const free = new Set(['teamA', 'teamB', 'policyA', 'policyB', 'searchIterations', 'searchDepth', 'searchDecisions', 'trace', ...alsoFree]);
  const own = new Set(MATCH_PARAMS.map((p) => p.key));
  const data = Object.keys(r).filter((k) => !own.has(k));
  let fileValue = new Map<string, ParamValue>();
  if (data.length > 0) fileValue = new Map([...unitSheetValueSpecs(String(r.units)), ...boardValueSpecs(readBoardText(String(r.board)), String(r.board))].map((spec) => [spec.key, spec.default]));
  const unread = unfieldedUnitData(sides);
  const changes = (k: string) => r[k] !== fileValue.get(k) && !unread(k);
  return [...MATCH_PARAMS.filter((p) => !free.has(p.key) && r[p.key] !== p.default).map((p) => p.key), ...data.filter(changes)].map((k) => `${k}=${String(r[k])}`);
}

/** Whether every parameter but the teams, policies, search budget and trace is at its default (the gap file's configurations). */
function isReference(r: ResolvedParams, sides: MatchData['sides']): boolean {
  return differingParams(r, sides).length === 0;
}

/**
 * The data keys a match never reads: `data.units.<unit>.…` of every unit in neither team (the
 * match reads its teams' sheets only). Teams that do not load read as using everything (their own
 * error comes when the match runs). `sim sensitivity` does not play them; a run says they change nothing.
 */
export function unusedMatchData(base: ResolvedParams): (key: string) => boolean {
  try {
    return unfieldedUnitData(matchSimParams(base).data.sides);
  } catch {
    return () => false;
  }
}

/** Whether a key is a data value (`data.units.<unit>.…`) of a unit neither side fields. */
function unfieldedUnitData(sides: MatchData['sides']): (key: string) => boolean {
  const fielded = new Set(sides.flatMap((s) => s.units.map((u) => slugOf(u.name))));
  return (key) => {
    const m = /^data\.units\.([^.]+)\./.exec(key);
    return m !== null && !fielded.has(m[1]);
  };
}

/** What the numbers depend on besides the parameters: the teams, the unit sheets, the board, the deployment mixes, and a user module's code. */
function matchRulesData(p: MatchSimParams) {
  return { sides: p.data.sides, board: p.data.board.lines, policyModules: p.policyHashes, ...(p.data.deploy ? { deploy: p.data.deploy } : {}) };
}

/** `sim dualfates match`. */
export async function runMatch(resolved: ResolvedParams, settings: RunSettings): Promise<Report> {
  const p = matchSimParams(resolved);
  // A user module that cannot load fails here, once, as bad input (exit 2), not in every worker.
  if (p.policyHashes.some((h) => h !== null)) {
    try {
      await createMatchEngine(p);
    } catch (err) {
      throw new UsageError(`parameter ${p.policyHashes[0] !== null ? 'policyA' : 'policyB'}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
    }
  }
  const policy = [policyLabel(p.policies[0]), policyLabel(p.policies[1])];
  const trace = resolved.trace as number;
  if (trace >= 0) return traceReport(p, resolved, trace, settings, policy);
  const run = await settings.simulate('match', p);
  const result = matchResult(p, run.totals, settings.confidence);
  const params = { ...resolved };
  return {
    ...provenance('dualfates match', params, matchRulesData(p)),
    title: `Dual Fates match: ${result.sides.A.team} (${policy[0]}) vs ${result.sides.B.team} (${policy[1]}), ${p.rules.rounds} round${p.rules.rounds === 1 ? '' : 's'}`,
    method: 'mc',
    seed: settings.seed,
    n: run.games,
    confidence: settings.confidence,
    policy,
    ...(run.partial ? { partial: true } : {}),
    result,
    // The answer first: who wins how often, on what that is conditional.
    text: answerSentence(
      `${result.sides.A.team} (A, ${policy[0]}) wins ${pctText(result.rates.winA)} of games, ${result.sides.B.team} (B, ${policy[1]}) ${pctText(result.rates.winB)}, draws ${pctText(result.rates.draw)}`,
      [matchGapShort(String(resolved.teamA), String(resolved.teamB), [String(resolved.policyA), String(resolved.policyB)], isReference(resolved, p.data.sides)), sensitivityShort('dualfates', 'match', MATCH_PARAMS, resolved)],
    ),
    headline: estimateHeadline('side A wins', result.rates.winA, 'rate'),
    tables: matchTables(result),
    assumptions: [
      ...MATCH_ASSUMPTIONS,
      ...(p.deploymentNote ? [p.deploymentNote] : []),
      `Scoring value: ${resolved.scoringValue === 'cost' ? 'Summoning Point cost (Scoring Pillars of Fate)' : '1 per unit (the Scoring Phase note)'}; armor ${resolved.armorRule === 'perHit' ? 'per hit' : 'as a pool'}; ranged targets in ${String(resolved.cover)} cover; Vortex cap ${p.rules.vortexCap}.`,
    ],
    notes: [
      ...(['A', 'B'] as const).map((k) => `${k}: ${result.sides[k].team} (${result.sides[k].kind === 'full' ? 'full faction' : 'mixed'} team, ${result.sides[k].fateTokens} starting Fate Tokens): ${result.sides[k].units.join(', ')}.`),
      matchGapLine(String(resolved.teamA), String(resolved.teamB), [String(resolved.policyA), String(resolved.policyB)], isReference(resolved, p.data.sides)),
      sensitivityNote('dualfates', 'match', MATCH_PARAMS, resolved),
    ],
  };
}

/** Game `index` of the run (seed, index) replayed step by step: the same game the run plays. */
async function traceReport(p: MatchSimParams, resolved: ResolvedParams, index: number, settings: RunSettings, policy: string[]): Promise<Report> {
  if (index >= settings.n) throw new UsageError(`parameter trace: got ${index}, expected a game index of this run, 0..${settings.n - 1}`);
  const g = await createMatchEngine(p);
  const lines: string[] = [];
  g.trace = (l) => lines.push(l);
  g.play(streamFor(settings.seed, index));
  const o = g.outcome;
  const outcome = `${o.winner < 0 ? 'draw' : `${'AB'[o.winner]} wins`}${o.wipeout ? ' (wipe-out)' : ''}, VP ${g.vp(0)}-${g.vp(1)}, ${o.roundsPlayed} round${o.roundsPlayed === 1 ? '' : 's'}`;
  const width = String(lines.length).length;
  return {
    ...provenance('dualfates match', { ...resolved }, matchRulesData(p)),
    title: `Dual Fates match, game ${index} of seed ${settings.seed}: ${p.data.sides[0].team} (${policy[0]}) vs ${p.data.sides[1].team} (${policy[1]})`,
    method: 'mc',
    seed: settings.seed,
    n: null,
    confidence: settings.confidence,
    policy,
    result: { game: index, outcome, vp: [g.vp(0), g.vp(1)], trace: lines } satisfies MatchTraceResult,
    text: lines.map((line, i) => `${String(i + 1).padStart(width)}  ${line}`).join('\n'),
    tables: [{ title: `Game ${index}`, columns: [{ key: 'game', header: 'game', format: 'int' }, { key: 'outcome', header: 'outcome', format: 'text' }, { key: 'steps', header: 'trace lines', format: 'int' }], rows: [{ game: index, outcome, steps: lines.length }] }],
    assumptions: [...MATCH_ASSUMPTIONS, ...(p.deploymentNote ? [p.deploymentNote] : [])],
    notes: [],
  };
}
