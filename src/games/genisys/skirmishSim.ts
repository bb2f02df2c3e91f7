// The squad skirmish as a Monte Carlo simulation: one game per stream, the two sides' policies
// (built-in bots, or user modules behind the core guard), integer metrics per game.
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { guardedPolicy, loadPolicyModule, readOnlyView, frozenCopy, type Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { DECISION_NAMES, MAX_OPTIONS, Skirmish } from './skirmish.js';
import { isBuiltinSkirmishPolicy, skirmishPolicy, SKIRMISH_VIEW } from './skirmishPolicy.js';
import type { SkirmishSpec } from './skirmishSpec.js';

export const S_OUTCOME = 0;
export const S_TURNS = 1;
export const S_SURVIVORS_A = 2;
export const S_SURVIVORS_B = 3;
export const S_FIRST = 4;
export const S_EDGE = 5;
export const S_WIPEOUT = 6;
export const S_SCORE_A = 7;
export const S_SCORE_B = 8;

export function skirmishMetrics(spec: SkirmishSpec): MetricSpec[] {
  const count = (side: number) => spec.models.filter((m) => m.side === side).length;
  const points = (side: number) => spec.models.filter((m) => m.side !== side).reduce((a, m) => a + m.points, 0);
  return [
    { name: 'outcome', description: '0 side A wins, 1 side B wins, 2 draw', kind: 'count', maxValue: 2 },
    { name: 'turns', description: 'turns played', kind: 'count', maxValue: spec.maxTurns },
    { name: 'survivorsA', description: "side A's models in play at the end (crawlers included)", kind: 'count', maxValue: count(0) },
    { name: 'survivorsB', description: "side B's models in play at the end (crawlers included)", kind: 'count', maxValue: count(1) },
    { name: 'firstOutcome', description: 'side with the first impulse of turn 1 × 3 + outcome', kind: 'count', maxValue: 5 },
    { name: 'edgeOutcome', description: 'side with the Tactical Edge of turn 1 × 3 + outcome', kind: 'count', maxValue: 5 },
    { name: 'wipeout', description: 'the game ended with a side wiped out', kind: 'rate', maxValue: 1 },
    { name: 'scoreA', description: "side A's Annihilate points", kind: 'count', maxValue: Math.max(1, points(0)) },
    { name: 'scoreB', description: "side B's Annihilate points", kind: 'count', maxValue: Math.max(1, points(1)) },
  ];
}

/** The engine with both sides' policies (a user module is loaded from its absolute path). */
export async function createSkirmish(spec: SkirmishSpec): Promise<Skirmish> {
  const game = new Skirmish(spec);
  const policies: Policy<Skirmish>[] = [];
  for (const name of spec.policies) {
    if (isBuiltinSkirmishPolicy(name)) policies.push(skirmishPolicy(name));
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
  id: 'genisys-skirmish',
  metrics: skirmishMetrics,
  gamesPerChunk: (spec) => Math.max(50, Math.floor(20_000 / Math.max(1, spec.models.length))),
  async createPlayer(spec) {
    const game = await createSkirmish(spec);
    return {
      play(rng, rec) {
        game.play(rng);
        rec.record(S_OUTCOME, game.outcome);
        rec.record(S_TURNS, game.turnNumber);
        rec.record(S_SURVIVORS_A, game.alive[0]);
        rec.record(S_SURVIVORS_B, game.alive[1]);
        rec.record(S_FIRST, game.firstSide * 3 + game.outcome);
        rec.record(S_EDGE, game.firstEdge * 3 + game.outcome);
        rec.record(S_WIPEOUT, game.wipeout ? 1 : 0);
        rec.record(S_SCORE_A, game.score[0]);
        rec.record(S_SCORE_B, game.score[1]);
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
