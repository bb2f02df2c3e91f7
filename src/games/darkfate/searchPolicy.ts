// The search built-in policy: determinized rollouts over turn plans (a flat Monte Carlo search on
// information sets, in the manner of OpenSpiel's determinized and information-set MCTS bots, one
// level deep). Before each turn it lists a few plans for that turn (the planner's own choices, and
// the alternatives that matter now: rest or not, flee or stay, draw extra reserve cards or not),
// and plays each plan `rollouts` times from the current state: each rollout copies the state,
// re-deals what the players cannot see (engineSnapshot.ts: draw-pile order, the fate deck's unseen
// cards with each Rev-9 within its known window, the Rev-9 player's hand), plays the turn by the
// plan and the rest of the game (or `depth` turns) by the rollout policy. The plans share their
// rollouts' streams (common random numbers), so they are compared on the same deals. It then plays
// the turn by the plan with the best mean, but leaves the planner's own choice only when the gain
// is at least `margin` standard errors of the paired differences.
//
// Deterministic from (seed, game): rollout r of turn T draws from a stream hashed from the game
// stream's state at the start of T (read, never advanced: the game itself plays exactly the draws
// it would with the planner's choices) and r. The game stream's state says nothing about the deck
// order through a hash, so the rollouts see only what the players see.
import { StreamSeeder, streamFor, type Rng } from '../../core/rng.js';
import type { CardTable } from './cardData.js';
import { OUTCOME_NONE, OUTCOME_WIN } from './darkfateRules.js';
import { DarkFateEngine } from './engine.js';
import { copyState, determinize, sameShape, stateHash } from './engineSnapshot.js';
import { EngineState } from './engineState.js';
import { PlannerPolicy, type TurnPlan } from './plannerPolicy.js';
import { REV9_FATE, REV9_HUNT, type DarkFatePolicy, type DarkFateView } from './policy.js';

import type { SearchBudget } from './darkfateSearch.js';

/** What an unfinished (depth-limited) rollout counts as: a coin flip, neither win nor loss. */
const UNFINISHED = 0.5;

/** Most plans one turn lists. */
const MAX_PLANS = 6;

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

export class SearchPolicy implements DarkFatePolicy {
  name = 'search';
  readonly budget: SearchBudget;
  /** Plays the real game, by the chosen plan on the searched turn. */
  private readonly planner: PlannerPolicy;
  /** Plays the searched turn in a rollout, by the plan under test. */
  private readonly rootPlanner: PlannerPolicy;
  /** Plays the rollouts after the searched turn. */
  private readonly rolloutPolicy: DarkFatePolicy;
  private sim: DarkFateEngine | null = null;
  /** One generator for every rollout, re-seeded in place (StreamSeeder.seedInto). */
  private readonly rolloutRng: Rng = streamFor(0, 0);
  private readonly plans: TurnPlan[] = [];
  private readonly values = new Float64Array(MAX_PLANS * 256);
  private readonly hashes = new Int32Array(256);
  private readonly alive = new Uint8Array(MAX_PLANS);
  /** Turns searched and rollouts played since construction (bench). */
  searchedTurns = 0;
  rolloutsPlayed = 0;
  /** Turns on which a plan other than the planner's own was played. */
  deviations = 0;
  /** Deviations by the plan chosen (bench, tests). */
  readonly deviationsBy: Record<string, number> = {};

  constructor(cards: CardTable, budget: SearchBudget, rolloutPolicy: (cards: CardTable) => DarkFatePolicy) {
    if (!(budget.rollouts >= 1 && budget.rollouts <= 256)) throw new Error(`search: rollouts ${budget.rollouts} outside [1, 256]`);
    this.budget = budget;
    this.planner = new PlannerPolicy(cards);
    this.rootPlanner = new PlannerPolicy(cards);
    this.rolloutPolicy = budget.rollout === 'planner' ? this.rootPlanner : rolloutPolicy(cards);
    for (let j = 0; j < MAX_PLANS; j++) this.plans.push({ rest: -1, flee: -1, extra: -1 });
  }

  quickAction(rng: Rng, v: DarkFateView, p: number, mayRest: boolean): number {
    return this.planner.quickAction(rng, v, p, mayRest);
  }

  choose(rng: Rng, v: DarkFateView, d: number, o: Int32Array, n: number, allowNone: boolean): number {
    return this.planner.choose(rng, v, d, o, n, allowNone);
  }

  /** Lists this turn's plans (the planner's own first); returns how many. */
  private listPlans(e: EngineState): number {
    let n = 0;
    const set = (rest: number, flee: number, extra: number) => {
      const pl = this.plans[n++];
      pl.rest = rest;
      pl.flee = flee;
      pl.extra = extra;
    };
    set(-1, -1, -1);
    // searchPlans: only one kind of choice searched (the planner makes the others), to split the gap.
    const only = this.budget.plans ?? 'all';
    let onHunt = false;
    let inFate = -1;
    for (let k = 0; k < e.rev9N; k++) {
      if (e.r9Where[k] === REV9_HUNT) onHunt = true;
      if (e.r9Where[k] === REV9_FATE) inFate = k;
    }
    const p = e.current;
    if (onHunt) {
      // The flee at this turn's hunt phase: always stay, or flee every damaged one.
      if (only === 'all' || only === 'flee') {
        set(-1, 0, -1);
        set(-1, 1, -1);
      }
    } else if (e.dead[p] === 0 && (only === 'all' || only === 'rest')) {
      // Rest or play: the opposite of what the planner would do, when there is a choice.
      if (e.handN[p] > 0) set(this.planner.restSlotFor(e, p) >= 0 ? 0 : 1, -1, -1);
    }
    if (!onHunt && inFate >= 0 && e.fateN > 1 && (only === 'all' || only === 'extra')) {
      // Draw extra reserve cards to bring the Rev-9 out now.
      set(-1, -1, 4);
    }
    return n;
  }

  beginTurn(rng: Rng, view: DarkFateView): void {
    if (!(view instanceof EngineState)) return;
    const e = view as EngineState;
    this.planner.planTurn = -1;
    const nPlans = this.listPlans(e);
    if (nPlans <= 1) return;
    if (!this.sim || !sameShape(this.sim, e)) this.sim = new DarkFateEngine(e.cards, e.rules, e.setup, this.rootPlanner);
    this.sim.policy = this.rolloutPolicy === this.rootPlanner ? this.rootPlanner : this.switching(e.turn + 1);
    // This turn's rollout streams: a hash of the game stream's state (read, not advanced) and the turn.
    const st = (rng as unknown as { getState(): number[] }).getState();
    let h1 = fmix32(st[0] ^ 0x243f6a88);
    h1 = fmix32(h1 ^ st[1]);
    let h2 = fmix32(st[2] ^ 0x85a308d3);
    h2 = fmix32(h2 ^ st[3] ^ Math.imul(e.turn, 0x9e3779b9));
    h1 = fmix32(h1 ^ h2);
    const seeder = new StreamSeeder((h1 & 0x1fffff) * 4294967296 + (h2 >>> 0));
    const R = this.budget.rollouts;
    const vals = this.values;
    // Two rounds: a quarter of the rollouts for every plan, then the rest only for the plans that
    // beat the planner's on the first round (most turns end after the first round).
    const R1 = Math.min(R, Math.max(4, R >> 2));
    const alive = this.alive;
    for (let j = 0; j < nPlans; j++) alive[j] = 1;
    this.rollPlans(e, seeder, nPlans, 0, R1);
    let any = false;
    for (let j = 1; j < nPlans; j++) {
      let s = 0;
      for (let r = 0; r < R1; r++) s += vals[j * 256 + r] - vals[r];
      alive[j] = s > 0 ? 1 : 0;
      if (s > 0) any = true;
    }
    const Rn = any ? R : R1;
    if (any) this.rollPlans(e, seeder, nPlans, R1, R);
    this.searchedTurns++;
    // The best plan by mean; it replaces the planner's choice only with a clear paired gain.
    let best = 0;
    let bestGain = 0;
    for (let j = 1; j < nPlans && any; j++) {
      if (!alive[j]) continue;
      this.paired(j, R);
      const mean = this.pairMean;
      if (mean <= bestGain) continue;
      if (mean >= this.budget.margin * this.pairSe && mean > 0) {
        best = j;
        bestGain = mean;
      }
    }
    if (e.trace) {
      const names = this.plans.slice(0, nPlans).map((pl, j) => {
        let s = 0;
        const m = alive[j] ? Rn : R1;
        for (let r = 0; r < m; r++) s += vals[j * 256 + r];
        return `${planName(pl)} ${(s / m).toFixed(2)}${m < Rn ? ` (${m})` : ''}`;
      });
      e.trace(`  search (${Rn} rollouts per plan): ${names.join(', ')} → ${planName(this.plans[best])}`);
    }
    if (best > 0) {
      this.deviations++;
      const key = planName(this.plans[best]) + (this.planner.restSlotFor(e, e.current) >= 0 ? ' (planner rests)' : '');
      this.deviationsBy[key] = (this.deviationsBy[key] ?? 0) + 1;
      const pl = this.planner.plan;
      pl.rest = this.plans[best].rest;
      pl.flee = this.plans[best].flee;
      pl.extra = this.plans[best].extra;
      this.planner.planTurn = e.turn + 1;
    }
  }

  /**
   * Every plan this turn lists, valued against the planner's own (a development probe, the values
   * behind the search's choices): `rollouts` paired rollouts each (at most 256) from turn state `e`,
   * on streams of `seed`; mean and standard error of plan − planner in wins. Plays nothing in `e`
   * and leaves this policy's plan as it was (the planner's own for the turn). Empty when the turn
   * offers no alternative.
   */
  planValues(e: EngineState, rollouts: number, seed: number): { plan: string; mean: number; se: number }[] {
    if (!(rollouts >= 1 && rollouts <= 256)) throw new Error(`planValues: rollouts ${rollouts} outside [1, 256]`);
    const planTurn = this.planner.planTurn;
    const nPlans = this.listPlans(e);
    if (nPlans <= 1) return [];
    if (!this.sim || !sameShape(this.sim, e)) this.sim = new DarkFateEngine(e.cards, e.rules, e.setup, this.rootPlanner);
    this.sim.policy = this.rolloutPolicy === this.rootPlanner ? this.rootPlanner : this.switching(e.turn + 1);
    for (let j = 0; j < nPlans; j++) this.alive[j] = 1;
    this.rollPlans(e, new StreamSeeder(seed), nPlans, 0, rollouts);
    const out: { plan: string; mean: number; se: number }[] = [];
    for (let j = 1; j < nPlans; j++) {
      this.paired(j, rollouts);
      out.push({ plan: planName(this.plans[j]), mean: this.pairMean, se: this.pairSe });
    }
    this.planner.planTurn = planTurn;
    return out;
  }

  /** paired's results: the mean of plan j − the planner's over rollouts [0, R), and its standard error. */
  private pairMean = 0;
  private pairSe = 0;
  /** Mean and standard error of plan j's rollout values minus the planner's (plan 0's), paired by rollout, into pairMean and pairSe. */
  private paired(j: number, R: number): void {
    const vals = this.values;
    let s = 0;
    let s2 = 0;
    for (let r = 0; r < R; r++) {
      const d = vals[j * 256 + r] - vals[r];
      s += d;
      s2 += d * d;
    }
    const mean = s / R;
    const sd = R > 1 ? Math.sqrt(Math.max(0, (s2 - R * mean * mean) / (R - 1))) : 0;
    this.pairMean = mean;
    this.pairSe = sd / Math.sqrt(R);
  }

  /** Plays rollouts [r0, r1) of every plan still alive (the planner's own, plan 0, always), values into `values`. */
  private rollPlans(e: EngineState, seeder: StreamSeeder, nPlans: number, r0: number, r1: number): void {
    const sim = this.sim!;
    const vals = this.values;
    const rr = this.rolloutRng;
    const hashes = this.hashes;
    for (let j = 0; j < nPlans; j++) {
      if (!this.alive[j]) continue;
      const plan = this.plans[j];
      for (let r = r0; r < r1; r++) {
        // Same r, same stream for every plan: the same deal and the same later draws.
        seeder.seedInto(rr, r);
        copyState(sim, e);
        determinize(sim, rr);
        this.rootPlanner.plan = plan;
        this.rootPlanner.planTurn = e.turn + 1;
        let outcome = sim.playOn(rr, 1);
        if (outcome === OUTCOME_NONE) {
          // A plan that played this turn exactly as the planner's did (same state, same stream)
          // has the same rollout: reuse its value instead of playing it again.
          const h = stateHash(sim, rr);
          if (j > 0 && h === hashes[r]) {
            vals[j * 256 + r] = vals[r];
            continue;
          }
          if (j === 0) hashes[r] = h;
          const more = this.budget.depth - 1;
          if (more !== 0) outcome = sim.playOn(rr, more < 0 ? 0 : more);
          this.rolloutsPlayed++;
        } else if (j === 0) hashes[r] = 0;
        vals[j * 256 + r] = outcome === OUTCOME_WIN ? 1 : outcome === OUTCOME_NONE ? UNFINISHED : 0;
      }
    }
  }

  /** A policy playing turn `root` by the root planner (with its plan), every later turn by the rollout policy. */
  private switching(root: number): DarkFatePolicy {
    const a = this.rootPlanner;
    const b = this.rolloutPolicy;
    const sw = this.switcher;
    sw.root = root;
    if (!sw.policy) {
      sw.policy = {
        name: 'search rollout',
        quickAction: (rng, v, p, mayRest) => (v.turn === sw.root ? a.quickAction(rng, v, p, mayRest) : b.quickAction ? b.quickAction(rng, v, p, mayRest) : -1),
        choose: (rng, v, d, o, n, allowNone) => (v.turn === sw.root ? a : b).choose(rng, v, d, o, n, allowNone),
      };
    }
    return sw.policy;
  }
  private readonly switcher: { root: number; policy: DarkFatePolicy | null } = { root: -1, policy: null };
}

/** A plan in words (search trace lines). */
export function planName(pl: TurnPlan): string {
  if (pl.rest === 0) return 'play';
  if (pl.rest === 1) return 'rest';
  if (pl.flee === 0) return 'stay';
  if (pl.flee === 1) return 'flee';
  if (pl.extra > 0) return `draw ${pl.extra} extra`;
  return 'planner';
}
