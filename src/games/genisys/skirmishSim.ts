// The squad skirmish as a Monte Carlo simulation: one game per stream, the two sides' policies
// (built-in bots, or user modules behind the core guard), integer metrics per game.
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { guardedPolicy, loadPolicyModule, readOnlyView, frozenCopy, type Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { DECISION_NAMES, MAX_OPTIONS, OUT_A, OUT_B, OUT_DRAW, Skirmish } from './skirmish.js';
import { isBuiltinSkirmishPolicy, skirmishPolicy, SKIRMISH_VIEW } from './skirmishPolicy.js';
import { createSkirmishSearch, DEFAULT_SKIRMISH_SEARCH } from './skirmishSearch.js';
import type { SkirmishSpec } from './skirmishSpec.js';
import type { SearchStats } from '../../core/search.js';

// Rates first (compare and sweep pair them game by game), then counts.
export const S_WIN_A = 0;
export const S_WIN_B = 1;
export const S_DRAW = 2;
export const S_TURNS = 3;
export const S_SURVIVORS_A = 4;
export const S_SURVIVORS_B = 5;
export const S_WIPEOUT = 6;
export const S_SCORE_A = 7;
export const S_SCORE_B = 8;
export const S_FIRST_A = 9;
export const S_FIRST_WINS = 10;
export const S_SECOND_WINS = 11;
export const S_EDGE_A = 12;
export const S_EDGE_WINS = 13;
export const S_EDGE_LOSES = 14;
export const S_EDGE_FIRST = 15;

export function skirmishMetrics(spec: SkirmishSpec): MetricSpec[] {
  const count = (side: number) => spec.models.filter((m) => m.side === side).length;
  const points = (side: number) => spec.models.filter((m) => m.side !== side).reduce((a, m) => a + m.points, 0);
  const rate = (name: string, description: string): MetricSpec => ({ name, description, kind: 'rate', maxValue: 1 });
  return [
    rate('winA', 'side A wins'),
    rate('winB', 'side B wins'),
    rate('draw', 'a draw'),
    { name: 'turns', description: 'turns played', kind: 'count', maxValue: spec.maxTurns },
    { name: 'survivorsA', description: "side A's models in play at the end (crawlers included)", kind: 'count', maxValue: count(0) },
    { name: 'survivorsB', description: "side B's models in play at the end (crawlers included)", kind: 'count', maxValue: count(1) },
    rate('wipeout', 'the game ended with a side wiped out'),
    { name: 'scoreA', description: "side A's Annihilate points", kind: 'count', maxValue: Math.max(1, points(0)) },
    { name: 'scoreB', description: "side B's Annihilate points", kind: 'count', maxValue: Math.max(1, points(1)) },
    rate('firstA', 'side A had the first impulse of turn 1'),
    rate('firstWins', 'the side with the first impulse of turn 1 wins'),
    rate('secondWins', 'the other side wins'),
    rate('edgeA', 'side A had the Tactical Edge of turn 1'),
    rate('edgeWins', 'the side with the Tactical Edge of turn 1 wins'),
    rate('edgeLoses', 'the other side wins'),
    rate('edgeFirst', 'the side with the Tactical Edge of turn 1 took its first impulse'),
  ];
}

/** The engine with both sides' policies (a user module is loaded from its absolute path; a search is built over this engine). */
export async function createSkirmish(spec: SkirmishSpec, stats?: SearchStats): Promise<Skirmish> {
  const game = new Skirmish(spec);
  const policies: Policy<Skirmish>[] = [];
  for (const name of spec.policies) {
    if (name === 'search') policies.push(createSkirmishSearch(game, spec.policies, spec.search ?? DEFAULT_SKIRMISH_SEARCH, stats));
    else if (isBuiltinSkirmishPolicy(name)) policies.push(skirmishPolicy(name));
    else {
      const base = skirmishPolicy('advance');
      const user = await loadPolicyModule<Skirmish>(name, frozenCopy({ types: spec.types.map((t) => t.name), weapons: spec.weapons.map((w) => w.name) }), base);
      policies.push(guardedPolicy(user, readOnlyView<Skirmish>(game, SKIRMISH_VIEW), MAX_OPTIONS, (d) => DECISION_NAMES[d] ?? String(d)));
    }
  }
  game.policies = policies;
  return game;
}

export const skirmishSim: GameSim<SkirmishSpec> = {
  metrics: skirmishMetrics,
  // A search plays thousands of playouts a game: small chunks, so that progress and -j see them.
  gamesPerChunk: (spec) => (spec.policies.includes('search') ? Math.max(1, Math.round(256 / (spec.search ?? DEFAULT_SKIRMISH_SEARCH).iterations)) : Math.max(50, Math.floor(20_000 / Math.max(1, spec.models.length)))),
  async createPlayer(spec) {
    const game = await createSkirmish(spec);
    return {
      play(rng, rec) {
        game.play(rng);
        const o = game.outcome;
        rec.record(S_WIN_A, o === OUT_A ? 1 : 0);
        rec.record(S_WIN_B, o === OUT_B ? 1 : 0);
        rec.record(S_DRAW, o === OUT_DRAW ? 1 : 0);
        rec.record(S_TURNS, game.turnNumber);
        rec.record(S_SURVIVORS_A, game.alive[0]);
        rec.record(S_SURVIVORS_B, game.alive[1]);
        rec.record(S_WIPEOUT, game.wipeout ? 1 : 0);
        rec.record(S_SCORE_A, game.score[0]);
        rec.record(S_SCORE_B, game.score[1]);
        rec.record(S_FIRST_A, game.firstSide === 0 ? 1 : 0);
        rec.record(S_FIRST_WINS, o === game.firstSide ? 1 : 0);
        rec.record(S_SECOND_WINS, o === 1 - game.firstSide ? 1 : 0);
        rec.record(S_EDGE_A, game.firstEdge === 0 ? 1 : 0);
        rec.record(S_EDGE_WINS, o === game.firstEdge ? 1 : 0);
        rec.record(S_EDGE_LOSES, o === 1 - game.firstEdge ? 1 : 0);
        rec.record(S_EDGE_FIRST, game.firstEdge === game.firstSide ? 1 : 0);
      },
    };
  },
};

/** The conformance suite's invariant check: plays game `index` with every invariant checked at every step. */
export async function checkSkirmishGame(spec: SkirmishSpec, rng: Rng, index: number): Promise<void> {
  const game = await createSkirmish(spec);
  game.checking = true;
  try {
    game.play(rng);
  } catch (err) {
    throw new Error(`skirmish game ${index}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (game.turnNumber < 1 || game.turnNumber > spec.maxTurns) throw new Error(`skirmish game ${index}: ended at turn ${game.turnNumber}`);
  if (game.outcome < 0 || game.outcome > 2) throw new Error(`skirmish game ${index}: outcome ${game.outcome}`);
  if (game.firstSide !== 0 && game.firstSide !== 1) throw new Error(`skirmish game ${index}: no side took the first impulse`);
}
