// The `terror` simulation: one game of Terror from Destiny per stream. Records integers per game:
// outcome rates, Fated Victim counts, the rulebook's achievements, and the same per Death Order card.
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { assertFileUnchanged } from '../../core/hash.js';
import { frozenCopy, guardedPolicy, loadPolicyModule, readOnlyView, type Policy } from '../../core/policy.js';
import { maxHealthValue, type TerrorData } from './terrorTables.js';
import { OUTCOME_DIED_IN_DESTINY, OUTCOME_DIED_IN_PLAY, OUTCOME_WON, TERROR_DECISION_NAMES } from './terrorDecision.js';
import { TerrorGame } from './terrorGame.js';
import type { TerrorSimParams } from './terrorParams.js';
import { builtinPolicy } from './terrorPolicy.js';
import { plannerPolicy } from './terrorPlanner.js';
import { createSearchPolicy, type SearchStats } from '../../core/search.js';
import { searchesOf } from '../../core/searchDecisions.js';
import { TerrorEngine } from './terrorEngine.js';
import { TERROR_VIEW_MEMBERS, type TerrorView } from './terrorView.js';

// Metric indices (fixed part); per-card metrics follow at PER_CARD + 4 * card, then the designer
// statistics' conditional blocks (terrorLayout).
export const M_SURVIVED = 0;
export const M_DIED_IN_PLAY = 1;
export const M_DIED_IN_DESTINY = 2;
export const M_FATED_SAVED = 3;
export const M_FATED_KILLED = 4;
export const M_FATED_LIMBO = 5;
export const M_ACH_NO_LIMBO = 6;
export const M_ACH_ALL_SAVED = 7;
export const M_ACH_ALL_CONSEQUENCES = 8;
export const M_CONSEQUENCES_RESOLVED = 9;
export const M_TERROR_CONSUMED = 10;
export const M_TURNS = 11;
export const M_VICTIMS_SAVED = 12;
export const M_VICTIMS_KILLED = 13;
export const M_HEALTH_AT_END = 14;
export const M_WON_ON_FINAL_HEALTH = 15;
export const M_OUT_OF_ORDER = 16;
export const PER_CARD = 17;
export const PER_CARD_METRICS = 4;

/**
 * Where the conditional blocks start (metric indices), for data `p.data`: per Death Order card
 * (PER_CARD), win by Fated Victims killed (k in [0, fc]), failure per Consequence card (card ids),
 * health entering the Destiny phase (one count), win by that health (h in [0, starting health]).
 */
export interface TerrorLayout {
  readonly winByKilled: number;
  readonly consFailed: number;
  readonly destinyHealth: number;
  readonly winByHealth: number;
  readonly total: number;
}

export function terrorLayout(data: TerrorData): TerrorLayout {
  const winByKilled = PER_CARD + PER_CARD_METRICS * data.deathOrders.length;
  const consFailed = winByKilled + data.fatedDeath.count + 1;
  const destinyHealth = consFailed + data.consequences.length;
  const winByHealth = destinyHealth + 1;
  return { winByKilled, consFailed, destinyHealth, winByHealth, total: winByHealth + maxHealthValue(data) + 1 };
}

export function terrorMetrics(p: TerrorSimParams): MetricSpec[] {
  const fc = p.data.fatedDeath.count;
  const deck = p.terrorDealt + fc;
  const m: MetricSpec[] = [
    { name: 'survived', description: 'alive after the Destiny phase (a win)', kind: 'rate', maxValue: 1 },
    { name: 'diedInPlay', description: 'died before the last terror card was resolved', kind: 'rate', maxValue: 1 },
    { name: 'diedInDestiny', description: 'died in the Destiny phase', kind: 'rate', maxValue: 1 },
    { name: 'fatedSaved', description: 'Fated Victims saved (on the Final Girl card) at the end', kind: 'count', maxValue: fc },
    { name: 'fatedKilled', description: 'Fated Victims killed (on a Consequence card) at the end', kind: 'count', maxValue: fc },
    { name: 'fatedLimbo', description: 'distinct Fated Victims that were in Limbo during the game', kind: 'count', maxValue: fc },
    { name: 'achNoLimbo', description: 'achievement: win with no Fated Victim being in Limbo', kind: 'rate', maxValue: 1 },
    { name: 'achAllSaved', description: 'achievement: win with all Fated Victims saved', kind: 'rate', maxValue: 1 },
    { name: 'achAllConsequences', description: 'achievement: win with all Consequence cards resolved', kind: 'rate', maxValue: 1 },
    { name: 'consequencesResolved', description: 'Consequence cards resolved in the Destiny phase', kind: 'count', maxValue: fc },
    { name: 'terrorConsumed', description: 'terror cards drawn or discarded', kind: 'count', maxValue: deck },
    { name: 'turns', description: 'turns played', kind: 'count', maxValue: 64 },
    { name: 'victimsSaved', description: 'normal victims saved', kind: 'count', maxValue: 16 },
    { name: 'victimsKilled', description: 'normal victims killed', kind: 'count', maxValue: 16 },
    { name: 'healthAtEnd', description: 'health at the end (0: dead, or a win on the unflipped Final Health token: see wonOnFinalHealth)', kind: 'count', maxValue: 30 },
    { name: 'wonOnFinalHealth', description: 'a win at 0 health, on the unflipped Final Health token (finalHealth lastLife)', kind: 'rate', maxValue: 1 },
    { name: 'fatedOutOfOrder', description: 'Fated Victims saved out of order (their token on a Death token picturing another: to Limbo)', kind: 'count', maxValue: fc },
  ];
  p.data.deathOrders.forEach((_, c) => {
    m.push(
      { name: `card${c + 1}Survived`, description: `win, games with Death Order card ${c + 1}`, kind: 'rate', maxValue: 1 },
      { name: `card${c + 1}NoLimbo`, description: `no-Limbo win, games with card ${c + 1}`, kind: 'rate', maxValue: 1 },
      { name: `card${c + 1}AllSaved`, description: `all-saved win, games with card ${c + 1}`, kind: 'rate', maxValue: 1 },
      { name: `card${c + 1}AllConsequences`, description: `all-Consequences win, games with card ${c + 1}`, kind: 'rate', maxValue: 1 },
    );
  });
  // Designer statistics (issue 15): conditional rates, each recorded only in the games it is about.
  for (let k = 0; k <= fc; k++) m.push({ name: `winKilled${k}`, description: `win, games that reached the Destiny phase with ${k} Fated Victim(s) killed`, kind: 'rate', maxValue: 1 });
  p.data.consequences.forEach((c, i) => m.push({ name: `consFailed${i + 1}`, description: `Consequence "${c.name}" unmet (Punishment paid), games that resolved it`, kind: 'rate', maxValue: 1 }));
  const hp = maxHealthValue(p.data);
  m.push({ name: 'destinyHealth', description: 'health entering the Destiny phase, games that reached it', kind: 'count', maxValue: hp });
  for (let h = 0; h <= hp; h++) m.push({ name: `winAtHealth${h}`, description: `win, games that entered the Destiny phase with ${h} health`, kind: 'rate', maxValue: 1 });
  return m;
}

/** A decision's name for a guarded policy's messages. */
const decisionName = (d: number): string => TERROR_DECISION_NAMES[d] ?? `#${d}`;

/**
 * Loads the user policy module at `absPath` with its own frozen copy of the data and the
 * `planner` policy (the default) as its base (a module may answer a few decisions and delegate the rest).
 * Throws an Error naming the file when the module does not load or has the wrong shape.
 */
export function loadTerrorPolicyModule(absPath: string, data: TerrorData): Promise<Policy<TerrorView>> {
  return loadPolicyModule<TerrorView>(absPath, frozenCopy(data), plannerPolicy);
}

/** A game playing built-in policy `p.policy` (search included: it plays its rollouts on this game), or null for a module path. */
export function builtinGame(p: TerrorSimParams, stats?: SearchStats): TerrorGame | null {
  if (p.policy === 'search') {
    const g = new TerrorGame(p, plannerPolicy);
    const rollout = builtinPolicy(p.rolloutPolicy ?? 'planner') ?? plannerPolicy;
    // The shared search at ACTION and BUY (the resumable decisions): searchRollouts iterations per answer.
    g.policy = createSearchPolicy(new TerrorEngine(g), { iterations: p.searchRollouts ?? 8, perAnswer: true, margin: p.searchMargin ?? 1, depth: p.searchDepth ?? 0, rollout, prior: plannerPolicy, searches: searchesOf(p.searchedDecisions) }, stats);
    return g;
  }
  const builtin = builtinPolicy(p.policy);
  return builtin ? new TerrorGame(p, builtin) : null;
}

/** Builds a game with the policy the parameters name (a built-in or an absolute module path). */
export async function createTerrorGame(p: TerrorSimParams): Promise<TerrorGame> {
  // The module must still be the one the run was identified with (shards and checkpoints rely on it).
  assertFileUnchanged(p.policy, p.policyHash, 'policy module');
  const builtin = builtinGame(p);
  if (builtin) return builtin;
  const user = await loadTerrorPolicyModule(p.policy, p.data);
  const game = new TerrorGame(p, user);
  // A module sees what a player sees (the TerrorView members, its own frozen data copy), never the
  // game with its hidden order; its own copy of each decision's options; a draw-only stream; an
  // answer out of its decision's contract stops the run, naming the decision and the value.
  const view = readOnlyView<TerrorView>(game, TERROR_VIEW_MEMBERS, { data: frozenCopy(p.data) });
  game.policy = guardedPolicy(user, view, game.maxOptions, decisionName);
  return game;
}

/** Records one finished game's metrics (`layout`: terrorLayout(g.data), built once per player). */
export function recordGame(g: TerrorGame, rec: { record(metric: number, value: number): void }, layout: TerrorLayout = terrorLayout(g.data)): void {
  const won = g.outcome === OUTCOME_WON ? 1 : 0;
  const fc = g.fc;
  const saved = g.fatedSaved();
  const noLimbo = won && g.limboEver === 0 ? 1 : 0;
  const allSaved = won && saved === fc ? 1 : 0;
  const allCons = won && g.consequencesResolved === fc ? 1 : 0;
  rec.record(M_SURVIVED, won);
  rec.record(M_DIED_IN_PLAY, g.outcome === OUTCOME_DIED_IN_PLAY ? 1 : 0);
  rec.record(M_DIED_IN_DESTINY, g.outcome === OUTCOME_DIED_IN_DESTINY ? 1 : 0);
  rec.record(M_FATED_SAVED, saved);
  rec.record(M_FATED_KILLED, g.fatedKilled());
  rec.record(M_FATED_LIMBO, g.fatedLimbo());
  rec.record(M_ACH_NO_LIMBO, noLimbo);
  rec.record(M_ACH_ALL_SAVED, allSaved);
  rec.record(M_ACH_ALL_CONSEQUENCES, allCons);
  rec.record(M_CONSEQUENCES_RESOLVED, g.consequencesResolved);
  rec.record(M_TERROR_CONSUMED, g.terrorConsumed);
  rec.record(M_TURNS, g.turn);
  rec.record(M_VICTIMS_SAVED, g.normalSaved());
  rec.record(M_VICTIMS_KILLED, g.normalKilled);
  rec.record(M_HEALTH_AT_END, Math.max(0, g.health_));
  // Per Death Order card: recorded only in games that used the card (conditional rates).
  const o = PER_CARD + PER_CARD_METRICS * g.deathOrderCard;
  rec.record(o, won);
  rec.record(o + 1, noLimbo);
  rec.record(o + 2, allSaved);
  rec.record(o + 3, allCons);
  rec.record(M_WON_ON_FINAL_HEALTH, won && g.health_ === 0 ? 1 : 0);
  rec.record(M_OUT_OF_ORDER, g.outOfOrder);
  // Designer statistics: only games that reached the Destiny phase (then every Fated Victim is saved or killed).
  if (g.destinyHealth >= 0) {
    rec.record(layout.winByKilled + g.fatedKilled(), won);
    rec.record(layout.destinyHealth, g.destinyHealth);
    rec.record(layout.winByHealth + g.destinyHealth, won);
    for (let i = 0; i < fc; i++) if (g.consOutcome[i] >= 0) rec.record(layout.consFailed + g.consCard[i], g.consOutcome[i] === 0 ? 1 : 0);
  }
}

export const terrorSim: GameSim<TerrorSimParams> = {
  metrics: terrorMetrics,
  // About 30 µs per game on one core with a heuristic (bench/terror.ts): ~600 per 20 ms. The search
  // policy costs about a rollout per answer per searched decision (tens of ms a game): a few games.
  gamesPerChunk: (p) => (p.policy === 'search' ? Math.max(1, Math.round(16 / p.searchRollouts)) : 600),
  async createPlayer(p) {
    const g = await createTerrorGame(p);
    const layout = terrorLayout(p.data);
    return {
      play(rng, rec) {
        g.reset(rng);
        g.play();
        recordGame(g, rec, layout);
      },
    };
  },
};
