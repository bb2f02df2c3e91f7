// The search-ismcts built-in policy: the shared search (src/core/search.ts, single-observer ISMCTS) over
// Dark Fate's engine contract (decisionEngine.ts), the planner proposing each searched decision's
// first answer and answering the rest, the rollout policy (default the planner) playing the
// playouts. It searches the resumable decisions with two or more answers (decisionEngine.ts lists
// them: the play phase's actions, discards, recipients, extra draws, flees), and plays the tree's
// answer only when its paired playouts beat the planner's answer by searchMargin standard errors.
// Of the play phase's actions it searches the first (rest or play) and those where the planner
// would do something other than play a card from hand (spend fight, buy, borrow a leadership card,
// end the phase): playing the hand's cards first is what every policy here does, and searching
// each of them would cost about three times the playouts for the decisions that are measured to
// matter (fight per Rev-9 and per hostile, buys, rests).
//
// It binds to the engine it is asked by (built-in policies get the engine as their view), on the
// first decision and again if asked by another engine: one search (its tree and snapshot buffers)
// per engine, each worker thread its own. Deterministic from (seed, game): core/search.ts.
import type { Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { createSearchPolicy, type SearchStats } from '../../core/search.js';
import type { CardTable } from './cardData.js';
import { DarkFateDecisionEngine } from './decisionEngine.js';
import { DarkFateEngine } from './engine.js';
import { PlannerPolicy } from './plannerPolicy.js';
import { ACTION_PLAY, actionKind, DECISION, type DarkFatePolicy, type DarkFateView } from './policy.js';

/** The search budget (parameters searchRollouts, searchDepth, searchRollout, searchMargin). */
export interface SearchBudget {
  /** Iterations (playouts) per searched decision, a quarter of them the confirmation's paired playouts. */
  rollouts: number;
  /** Player turns each playout plays after the searched decision's turn before its cut-off (0: to the end of the game); a cut-off counts one half. */
  depth: number;
  /** The policy that plays the playouts: a built-in heuristic name. */
  rollout: string;
  /** Standard errors (of the paired differences) the tree's answer must gain over the planner's to be played instead. */
  margin: number;
  /** search (turn plans) only: the plan kinds it lists besides the planner's own (searchPlans; default all). */
  plans?: SearchPlans;
}

/** The turn-plan search's plan kinds (parameter searchPlans): rest or play, flee or stay, extra reserve draws; or all of them. */
export type SearchPlans = 'all' | 'rest' | 'flee' | 'extra';

export const DEFAULT_SEARCH: SearchBudget = { rollouts: 32, depth: 0, rollout: 'planner', margin: 2 };

export class DarkFateSearchPolicy implements DarkFatePolicy {
  readonly name = 'search-ismcts';
  /** Work done since construction (bench, tests). */
  readonly stats: SearchStats = { decisions: 0, iterations: 0, nodes: 0 };
  private readonly prior: PlannerPolicy;
  private readonly rollout: DarkFatePolicy;
  private bound: DarkFateEngine | null = null;
  private search: Policy<DarkFateView> | null = null;

  constructor(cards: CardTable, readonly budget: SearchBudget, rollout: DarkFatePolicy) {
    if (!(budget.rollouts >= 1)) throw new Error(`search: rollouts ${budget.rollouts} must be at least 1`);
    this.prior = new PlannerPolicy(cards);
    this.rollout = rollout;
  }

  choose(rng: Rng, view: DarkFateView, d: number, o: Int32Array, n: number, allowNone: boolean): number {
    if (view !== this.bound) {
      // Built-in policies are handed the engine itself; anything else gets the planner's answers.
      if (!(view instanceof DarkFateEngine)) return this.prior.choose(rng, view, d, o, n, allowNone);
      this.bound = view;
      const b = this.budget;
      this.search = createSearchPolicy(new DarkFateDecisionEngine(view), { iterations: b.rollouts, depth: b.depth, margin: b.margin, rollout: this.rollout, prior: this.prior }, this.stats);
    }
    if (d === DECISION.ACTION && !this.searchesAction(rng, view)) return this.prior.choose(rng, view, d, o, n, allowNone);
    return this.search!.choose(rng, view, d, o, n, allowNone);
  }

  /** Whether the play-phase action being asked is searched: the first of the phase, or one where the planner would not play a card from hand. */
  private searchesAction(rng: Rng, e: DarkFateView): boolean {
    const engine = e as DarkFateEngine;
    // The planner's quickAction reads the view only and never draws from rng.
    return engine.playFirst || actionKind(this.prior.quickAction(rng, e, e.current, false)) !== ACTION_PLAY;
  }
}
