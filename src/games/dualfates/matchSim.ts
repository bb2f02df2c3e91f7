// The `dualfates/match` simulation: one game = one Dual Fates match (matchEngine.ts) between two
// policies, built-in or user modules (loaded in each worker thread from their absolute paths,
// through the core loader and guard). Metrics are integers per game: the result (A wins, B wins,
// draw, by a wipe-out, won by round 1's Initiative winner), each side's Victory Points, the VP
// margin (A − B, shifted by 2 × rounds to stay ≥ 0), pillar-rounds controlled, units lost,
// Initiatives won, Fate Tokens spent, and the rounds played.
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { assertFileUnchanged } from '../../core/hash.js';
import { frozenCopy, guardedPolicy, loadPolicyModule, readOnlyView, type Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import type { MatchData } from './matchData.js';
import { DECISION_NAMES, MatchEngine, MAX_OPTIONS, type MatchRules, type MatchView } from './matchEngine.js';
import { createSearchPolicy, type SearchStats } from '../../core/search.js';
import { searchesOf } from '../../core/searchDecisions.js';
import { builtinMatchPolicy, defaultMatchPolicy, isBuiltinMatchPolicy, policyCodes } from './matchPolicies.js';
import { PILLARS } from './pillars.js';

export interface MatchSimParams {
  data: MatchData;
  rules: MatchRules;
  /** Per side: a built-in policy name, or the absolute path of a user module. */
  policies: [string, string];
  /** Per side: a user module's content hash (null for a built-in), checked where it is loaded. */
  policyHashes: [string | null, string | null];
  /** The report's sentence on where the sides deploy (matchData.ts loadDeployment). */
  deploymentNote?: string;
  /** The search policy's budget: iterations per searched decision, and rounds before its cut-off (0: to the end). */
  search?: { iterations: number; depth: number; decisions?: readonly number[] | null };
}

export const M_WIN_A = 0;
export const M_WIN_B = 1;
export const M_DRAW = 2;
export const M_WIPEOUT = 3;
export const M_FIRST_INI_WINS = 4;
export const M_VP_A = 5;
export const M_VP_B = 6;
export const M_MARGIN = 7;
export const M_HELD_A = 8;
export const M_HELD_B = 9;
export const M_LOST_A = 10;
export const M_LOST_B = 11;
export const M_INI_A = 12;
export const M_FATE_SPENT_A = 13;
export const M_FATE_SPENT_B = 14;
export const M_ROUNDS = 15;

/** Most Fate Tokens a side can spend in a game is far below this; larger counts land in overflow. */
const FATE_BINS = 200;

export function matchMetrics(p: MatchSimParams): MetricSpec[] {
  const r = p.rules.rounds;
  const units = Math.max(p.data.sides[0].units.length, p.data.sides[1].units.length);
  return [
    { name: 'winA', description: 'side A wins', kind: 'rate', maxValue: 1 },
    { name: 'winB', description: 'side B wins', kind: 'rate', maxValue: 1 },
    { name: 'draw', description: 'a draw (equal Victory Points)', kind: 'rate', maxValue: 1 },
    { name: 'wipeout', description: 'the game ended because a side had no unit left', kind: 'rate', maxValue: 1 },
    { name: 'firstInitiativeWins', description: "the side that won round 1's Initiative roll won the game", kind: 'rate', maxValue: 1 },
    { name: 'vpA', description: "side A's Victory Points", kind: 'count', maxValue: 2 * r },
    { name: 'vpB', description: "side B's Victory Points", kind: 'count', maxValue: 2 * r },
    { name: 'vpMargin', description: 'Victory Points of A minus B', kind: 'count', maxValue: 4 * r, shift: 2 * r },
    { name: 'heldA', description: 'pillar-rounds side A controlled at the Scoring Phase', kind: 'count', maxValue: PILLARS * r },
    { name: 'heldB', description: 'pillar-rounds side B controlled at the Scoring Phase', kind: 'count', maxValue: PILLARS * r },
    { name: 'lostA', description: 'units side A lost (removed from play)', kind: 'count', maxValue: Math.max(1, units) },
    { name: 'lostB', description: 'units side B lost (removed from play)', kind: 'count', maxValue: Math.max(1, units) },
    { name: 'initiativesA', description: 'rounds side A won the Initiative roll', kind: 'count', maxValue: r },
    { name: 'fateSpentA', description: 'Fate Tokens side A spent', kind: 'count', maxValue: FATE_BINS },
    { name: 'fateSpentB', description: 'Fate Tokens side B spent', kind: 'count', maxValue: FATE_BINS },
    { name: 'rounds', description: 'rounds played', kind: 'count', maxValue: r },
  ];
}

/** The members of the engine a user module's view shows (MatchView). */
export const MATCH_VIEW_MEMBERS = {
  properties: ['round', 'rounds', 'deciding', 'acting', 'attackRoll'],
  methods: ['unitCount', 'unitSide', 'unitWhere', 'unitPos', 'unitHealth', 'unitArmor', 'unitCost', 'unitScoring', 'unitSpeed', 'unitRange', 'unitBuffRadius', 'unitBuffFate', 'unitActivated', 'unitLocked', 'unitDeployFirst', 'unitCompanion', 'unitName', 'vp', 'fate', 'credit', 'activePoints', 'vortexCap', 'objectives', 'secret', 'multiplier', 'pillarPoint', 'distance', 'controlRange', 'pillarScore', 'deployPointCount', 'deployPoint', 'totemPoint', 'deployMixSize', 'deployMixWeight', 'deployMixPoint', 'deployPlanNext', 'deployPlanAt', 'unitChargeFate', 'actionEnd', 'expectedDamage'],
} as const;

/** What a user module's factory receives as `data`: the teams, the board and the decision codes, frozen. */
export function moduleData(p: MatchSimParams) {
  return frozenCopy({ sides: p.data.sides, board: { pillarPoint: p.data.board.pillarPoint, deployPoints: p.data.board.deployPoints, nodeIds: p.data.board.nodeIds }, rules: p.rules, codes: policyCodes() });
}

/** Search budget when the parameters give none (the parameters' defaults). */
export const DEFAULT_MATCH_SEARCH: NonNullable<MatchSimParams['search']> = { iterations: 32, depth: 0 };

/**
 * Builds the engine with each side's policy (a user module is loaded and guarded here, once per
 * thread, with the default policy as its `base`; a search is built over this engine, with the
 * default as its rollout policy).
 */
export async function createMatchEngine(p: MatchSimParams, stats?: SearchStats): Promise<MatchEngine> {
  const engine = new MatchEngine(p.data, p.rules, [defaultMatchPolicy, defaultMatchPolicy]);
  for (const s of [0, 1] as const) {
    const name = p.policies[s];
    if (name === 'search') {
      const b = p.search ?? DEFAULT_MATCH_SEARCH;
      engine.policies[s] = createSearchPolicy(engine, { iterations: b.iterations, depth: b.depth, rollout: defaultMatchPolicy, searches: searchesOf(b.decisions) }, stats);
      continue;
    }
    const builtin = builtinMatchPolicy(name);
    if (builtin) {
      engine.policies[s] = builtin;
      continue;
    }
    // The module must still be the one the run was identified with (shards and checkpoints rely on it).
    assertFileUnchanged(name, p.policyHashes[s] ?? undefined, 'policy module');
    const user = await loadPolicyModule<MatchView>(name, moduleData(p), defaultMatchPolicy);
    const view = readOnlyView<MatchView>(engine, MATCH_VIEW_MEMBERS);
    engine.policies[s] = guardedPolicy(user, view, MAX_OPTIONS, (d) => DECISION_NAMES[d] ?? String(d));
  }
  return engine;
}

/** Records one finished game. */
export function recordMatch(g: MatchEngine, rec: { record(metric: number, value: number): void }): void {
  const o = g.outcome;
  rec.record(M_WIN_A, o.winner === 0 ? 1 : 0);
  rec.record(M_WIN_B, o.winner === 1 ? 1 : 0);
  rec.record(M_DRAW, o.winner === -1 ? 1 : 0);
  rec.record(M_WIPEOUT, o.wipeout ? 1 : 0);
  rec.record(M_FIRST_INI_WINS, o.winner >= 0 && o.winner === o.firstInitiative ? 1 : 0);
  rec.record(M_VP_A, g.vp(0));
  rec.record(M_VP_B, g.vp(1));
  rec.record(M_MARGIN, g.vp(0) - g.vp(1) + 2 * g.rounds);
  rec.record(M_HELD_A, g.held[0]);
  rec.record(M_HELD_B, g.held[1]);
  rec.record(M_LOST_A, g.lost[0]);
  rec.record(M_LOST_B, g.lost[1]);
  rec.record(M_INI_A, g.initiatives[0]);
  rec.record(M_FATE_SPENT_A, g.fateSpent[0]);
  rec.record(M_FATE_SPENT_B, g.fateSpent[1]);
  rec.record(M_ROUNDS, o.roundsPlayed);
}

export const matchSim: GameSim<MatchSimParams> = {
  metrics: matchMetrics,
  // bench/dualfates.ts: a match takes tens of microseconds with built-in policies.
  // A search plays its budget of playouts at each of its hundred-odd decisions a game: a game or a few.
  gamesPerChunk: (p) => (p.policies.includes('search') ? Math.max(1, Math.round(8 / (p.search ?? DEFAULT_MATCH_SEARCH).iterations)) : p.policies.some((x) => !isBuiltinMatchPolicy(x)) ? 100 : 500),
  async createPlayer(p) {
    const g = await createMatchEngine(p);
    return {
      play(rng, rec) {
        g.play(rng);
        recordMatch(g, rec);
      },
    };
  },
};

/** The conformance suite's checkGame: plays game `index` with every invariant checked after each step. */
export async function checkMatch(p: MatchSimParams, rng: Rng): Promise<void> {
  const g = await createMatchEngine(p);
  g.check = true;
  g.play(rng);
  const o = g.outcome;
  // Round count: a game lasts the rulebook's rounds unless a wipe-out ends it.
  if (o.roundsPlayed < 1 || o.roundsPlayed > g.rounds || (!o.wipeout && o.roundsPlayed !== g.rounds)) throw new Error(`dualfates match invariant broken: ${o.roundsPlayed} rounds played of ${g.rounds} (wipe-out ${o.wipeout})`);
  if (g.vp(0) > 2 * o.roundsPlayed || g.vp(1) > 2 * o.roundsPlayed) throw new Error(`dualfates match invariant broken: VP ${g.vp(0)}–${g.vp(1)} after ${o.roundsPlayed} rounds`);
  if (!o.wipeout && o.winner !== (g.vp(0) > g.vp(1) ? 0 : g.vp(1) > g.vp(0) ? 1 : -1)) throw new Error(`dualfates match invariant broken: winner ${o.winner} with VP ${g.vp(0)}–${g.vp(1)}`);
}

/** The policy a side plays, as reports name it. */
export function policyLabel(name: string): string {
  return isBuiltinMatchPolicy(name) ? name : name.split(/[\\/]/).pop() ?? name;
}

export type { Policy };
