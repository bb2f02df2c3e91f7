// The `tccg/game` simulation: one whole Termination Scenario game per stream. Records the winner
// and the route, the game length, the contact turn, Importance protected and eliminated, Mission
// Points, main characters lost and deck-outs.
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { assertFileUnchanged } from '../../core/hash.js';
import { streamFor } from '../../core/rng.js';
import { frozenCopy, guardedPolicy, loadPolicyModule, readOnlyView, type Policy } from '../../core/policy.js';
import { builtinPolicy, defaultPolicyName } from './gameBots.js';
import { decisionName, MAX_OPTIONS } from './gameDecisions.js';
import { TccgGame, WIN_IMPORTANCE, WIN_MAIN, WIN_MISSIONS, type GameSimParams, type SideView } from './gameEngine.js';
import { createTccgSearch, DEFAULT_TCCG_SEARCH } from './gameSearch.js';
import { PLAYER_VIEW_MEMBERS, PlayerView } from './gameView.js';
import type { SearchStats } from '../../core/search.js';

export const GM_R_WIN = 0;
export const GM_S_WIN = 1;
export const GM_NO_WINNER = 2;
export const GM_R_MAIN = 3;
export const GM_R_IMPORTANCE = 4;
export const GM_R_MISSIONS = 5;
export const GM_S_MAIN = 6;
export const GM_S_IMPORTANCE = 7;
export const GM_S_MISSIONS = 8;
export const GM_TURNS = 9;
export const GM_CONTACT_TURN = 10;
export const GM_PROTECTED_IMP = 11;
export const GM_ELIMINATED_IMP = 12;
export const GM_PROTECTED = 13;
export const GM_ELIMINATED = 14;
export const GM_R_MISSION_POINTS = 15;
export const GM_S_MISSION_POINTS = 16;
export const GM_R_MAIN_LOST = 17;
export const GM_S_MAIN_LOST = 18;
export const GM_R_RESHUFFLES = 19;
export const GM_S_RESHUFFLES = 20;

export function gameMetrics(p: GameSimParams): MetricSpec[] {
  const cap = p.maxTurns + 1;
  return [
    { name: 'resistanceWins', description: 'the Resistance wins', kind: 'rate', maxValue: 1 },
    { name: 'skynetWins', description: 'Skynet wins', kind: 'rate', maxValue: 1 },
    { name: 'noWinner', description: `no victory by turn ${p.maxTurns}`, kind: 'rate', maxValue: 1 },
    { name: 'resistanceWinsMain', description: 'the Resistance wins: all Skynet main characters defeated', kind: 'rate', maxValue: 1 },
    { name: 'resistanceWinsImportance', description: 'the Resistance wins: protected supporting characters', kind: 'rate', maxValue: 1 },
    { name: 'resistanceWinsMissions', description: 'the Resistance wins: Mission Points', kind: 'rate', maxValue: 1 },
    { name: 'skynetWinsMain', description: 'Skynet wins: all Resistance main characters defeated', kind: 'rate', maxValue: 1 },
    { name: 'skynetWinsImportance', description: 'Skynet wins: eliminated supporting characters', kind: 'rate', maxValue: 1 },
    { name: 'skynetWinsMissions', description: 'Skynet wins: Mission Points', kind: 'rate', maxValue: 1 },
    { name: 'turns', description: 'game length in turns (the turn it ended, or the cap)', kind: 'count', maxValue: p.maxTurns },
    { name: 'contactTurn', description: `turn of first contact; ${cap} = none`, kind: 'count', maxValue: cap },
    { name: 'protectedImportance', description: 'Importance protected by the Resistance (its protected pile, all copies)', kind: 'count', maxValue: 100 },
    { name: 'eliminatedImportance', description: 'Importance eliminated by Skynet (its pile, all copies)', kind: 'count', maxValue: 100 },
    { name: 'protected', description: 'supporting characters protected', kind: 'count', maxValue: 60 },
    { name: 'eliminated', description: 'supporting characters eliminated', kind: 'count', maxValue: 60 },
    { name: 'resistanceMissionPoints', description: 'Resistance Mission Points', kind: 'count', maxValue: 60 },
    { name: 'skynetMissionPoints', description: 'Skynet Mission Points', kind: 'count', maxValue: 60 },
    { name: 'resistanceMainLost', description: 'Resistance main characters defeated', kind: 'count', maxValue: 3 },
    { name: 'skynetMainLost', description: 'Skynet main characters defeated', kind: 'count', maxValue: 60 },
    { name: 'resistanceReshuffles', description: 'Resistance deck-out reshuffles', kind: 'count', maxValue: 20 },
    { name: 'skynetReshuffles', description: 'Skynet deck-out reshuffles', kind: 'count', maxValue: 20 },
  ];
}

/** The policy of `side` the parameters name: a built-in, or a user module behind the read-only facade and guard. */
async function policyFor(p: GameSimParams, side: number, view: PlayerView): Promise<Policy<SideView>> {
  const name = p.policies[side];
  const builtin = builtinPolicy(name);
  if (builtin) return builtin as unknown as Policy<SideView>;
  assertFileUnchanged(name, p.policyHashes?.[side] ?? undefined, 'policy module');
  const base = builtinPolicy(defaultPolicyName(side))!;
  const data = frozenCopy({ side, cards: p.table.cards, rules: p.rules });
  const user = await loadPolicyModule<PlayerView>(name, data, base);
  // A module sees what the side sees: the facade, never the game object; its own frozen copies of the data.
  const facade = readOnlyView<PlayerView>(view, PLAYER_VIEW_MEMBERS, { cards: data.cards, rules: data.rules });
  return guardedPolicy(user, facade, MAX_OPTIONS, decisionName) as unknown as Policy<SideView>;
}

/**
 * Builds a game with the policies the parameters name (a search is built over this game, rolling
 * out each side's built-in: gameSearch.ts). `stats` counts a search's work (the bench).
 */
export async function createGame(p: GameSimParams, stats?: SearchStats): Promise<TccgGame> {
  const placeholder: Policy<SideView> = { name: 'unset', choose: () => 0 };
  const g = new TccgGame(p, [placeholder, placeholder], [{ side: 0 }, { side: 1 }]);
  const views: [PlayerView, PlayerView] = [new PlayerView(g, 0), new PlayerView(g, 1)];
  g.views = views;
  for (let s = 0; s < 2; s++) g.policies[s] = p.policies[s] === 'search' ? createTccgSearch(g, p.policies, p.search ?? DEFAULT_TCCG_SEARCH, stats) : await policyFor(p, s, views[s]);
  return g;
}

/** Records one finished game. */
export function recordGame(g: TccgGame, rec: { record(metric: number, value: number): void }): void {
  const w = g.winner;
  rec.record(GM_R_WIN, w === 0 ? 1 : 0);
  rec.record(GM_S_WIN, w === 1 ? 1 : 0);
  rec.record(GM_NO_WINNER, w < 0 ? 1 : 0);
  rec.record(GM_R_MAIN, w === 0 && g.route === WIN_MAIN ? 1 : 0);
  rec.record(GM_R_IMPORTANCE, w === 0 && g.route === WIN_IMPORTANCE ? 1 : 0);
  rec.record(GM_R_MISSIONS, w === 0 && g.route === WIN_MISSIONS ? 1 : 0);
  rec.record(GM_S_MAIN, w === 1 && g.route === WIN_MAIN ? 1 : 0);
  rec.record(GM_S_IMPORTANCE, w === 1 && g.route === WIN_IMPORTANCE ? 1 : 0);
  rec.record(GM_S_MISSIONS, w === 1 && g.route === WIN_MISSIONS ? 1 : 0);
  rec.record(GM_TURNS, g.turn);
  rec.record(GM_CONTACT_TURN, g.contactTurn || g.p.maxTurns + 1);
  let pImp = 0;
  for (let i = 0; i < g.nProtected; i++) pImp += g.cImp[g.instCard[g.protectedPile[i]]];
  let eImp = 0;
  for (let i = 0; i < g.nEliminated; i++) eImp += g.cImp[g.instCard[g.eliminatedPile[i]]];
  rec.record(GM_PROTECTED_IMP, pImp);
  rec.record(GM_ELIMINATED_IMP, eImp);
  rec.record(GM_PROTECTED, g.nProtected);
  rec.record(GM_ELIMINATED, g.nEliminated);
  rec.record(GM_R_MISSION_POINTS, g.missionPoints[0]);
  rec.record(GM_S_MISSION_POINTS, g.missionPoints[1]);
  rec.record(GM_R_MAIN_LOST, g.mainLost[0]);
  rec.record(GM_S_MAIN_LOST, g.mainLost[1]);
  rec.record(GM_R_RESHUFFLES, g.reshuffles[0]);
  rec.record(GM_S_RESHUFFLES, g.reshuffles[1]);
}

export const gameSim: GameSim<GameSimParams> = {
  metrics: gameMetrics,
  // bench/tccg.ts: ~2900 games/s with the default bots, ~2000 random against random (30 turns), on one core: ~40-60 per 20 ms.
  // A search plays its budget of playouts at each of its decisions (dozens a game): a game or a few.
  gamesPerChunk: (p) => (p.policies.includes('search') ? Math.max(1, Math.round(8 / (p.search ?? DEFAULT_TCCG_SEARCH).iterations)) : 40),
  async createPlayer(p) {
    const g = await createGame(p);
    return {
      play(rng, rec) {
        g.reset(rng);
        g.play();
        recordGame(g, rec);
      },
    };
  },
};

/**
 * Game `index` of the run with `seed`, played again with tracing on (the same game as in the
 * run: stream (seed, index)): its lines, the winner (-1 none) and the route. For a `--trace K`
 * option of the shell.
 */
export async function traceGame(p: GameSimParams, seed: number, index: number): Promise<{ lines: string[]; winner: number; route: number; turns: number }> {
  const g = await createGame(p);
  g.trace = [];
  g.reset(streamFor(seed, index));
  g.play();
  return { lines: g.trace, winner: g.winner, route: g.route, turns: g.turn };
}
