// The search of `sim tune`: which setting of the varied parameters brings the target metrics
// closest to their targets. Successive halving with statistical elimination (a race): every
// setting still in the race plays the same games [0, n) (common random numbers: game i of every
// setting draws from stream (seed, i)), n doubles each round, and a setting leaves the race once
// its distance to the target is shown larger than the leader's. Pure given its evaluator: the
// order of work, the eliminations and the stop depend only on the estimates, so a run with the
// same seed makes the same decisions whatever -j.

/** One target: bring metric `metric` to `value`; `weight` scales its part of the distance. */
export interface TuneTarget {
  metric: string;
  value: number;
  weight: number;
}

/**
 * A metric's estimate at one setting: a rate (a proportion with its Wilson interval), a mean (with
 * its t interval), or an exact value (lo = hi = estimate; no sampling error).
 */
export interface MetricEstimate {
  estimate: number;
  lo: number;
  hi: number;
  kind: 'rate' | 'count' | 'exact';
  /** Observations behind the estimate (0 for an exact value). */
  n: number;
}

/** What the search asks of the shell: play settings, and read their estimates. */
export interface TuneEvaluator {
  /**
   * Brings every setting in `which` to `games` games (a setting already there plays nothing; an
   * exact setting is computed once). Resolves to false when the run was interrupted.
   */
  evaluate(which: readonly number[], games: number): Promise<boolean>;
  /** Whether setting c has played (has estimates); after an interrupted round some have not. */
  played(c: number): boolean;
  /** The targets' estimates at setting `c` (in target order), with intervals at `confidence`. */
  estimates(c: number, confidence: number): MetricEstimate[];
  /** Whether setting `c` is computed exactly (it plays no games). */
  exact(c: number): boolean;
  /** Games played so far over all settings (what the budget counts). */
  spent(): number;
}

export interface TunePlan {
  /** Games per setting in the first round. */
  first: number;
  /** The most games the search may play over all settings. */
  budget: number;
  /** Stop once the settings left are within this distance of each other (see distance()). */
  tolerance: number;
  /** Confidence of the reported intervals and of the tolerance check. */
  confidence: number;
}

export type TuneStop = 'decided' | 'indistinguishable' | 'exact' | 'budget' | 'interrupted';

export interface TuneRound {
  round: number;
  /** Games per setting after this round. */
  games: number;
  /** Settings that played in this round. */
  played: number[];
  /** Settings that left the race after it. */
  eliminated: number[];
  leader: number;
}

export interface TuneOutcome {
  /** The setting nearest the targets; -1 when a signal stopped the first round before any setting played. */
  best: number;
  /** Settings still in the race at the end (the best among them): not shown farther from the targets than the best. */
  indistinguishable: number[];
  /** Round after which each eliminated setting left (absent: still in the race). */
  eliminatedAfter: Map<number, number>;
  rounds: TuneRound[];
  stop: TuneStop;
  /** Confidence of the elimination intervals (Bonferroni over the settings). */
  eliminationConfidence: number;
}

/**
 * The unit of a target's distance: a rate's in probability (0.01 = 1 percentage point), a mean's
 * relative to the target (0.01 = 1% of it; absolute when the target is below 1 in size).
 */
export function targetScale(t: TuneTarget, kind: MetricEstimate['kind']): number {
  return kind === 'rate' ? 1 : Math.max(1, Math.abs(t.value));
}

/**
 * The distance of a setting from the targets: Σ weight · |estimate − target| / scale, with its
 * bounds from the intervals — lo: from each interval's nearest point (0 when the interval holds
 * the target), hi: from its farthest point. An interval that is unknown (NaN) leaves hi infinite.
 */
export function distance(targets: readonly TuneTarget[], est: readonly MetricEstimate[]): { point: number; lo: number; hi: number } {
  let point = 0;
  let lo = 0;
  let hi = 0;
  targets.forEach((t, m) => {
    const e = est[m];
    const s = t.weight / targetScale(t, e.kind);
    point += s * Math.abs(e.estimate - t.value);
    if (!Number.isFinite(e.lo) || !Number.isFinite(e.hi)) {
      hi = Infinity;
      return;
    }
    lo += s * (t.value < e.lo ? e.lo - t.value : t.value > e.hi ? t.value - e.hi : 0);
    hi += s * Math.max(Math.abs(e.lo - t.value), Math.abs(e.hi - t.value));
  });
  return { point, lo, hi };
}

/** Distances closer than this are equal (float noise of exact arithmetic). */
const TIE_EPSILON = 1e-12;

/**
 * Runs the race over settings [0, count). Round 1 plays every setting `plan.first` games; each
 * later round doubles the games of the settings left. After a round, the leader is the setting
 * nearest the targets (ties: the lower index); a setting leaves when the lower bound of its
 * distance exceeds the upper bound of the leader's, both at confidence 1 − (1 − c)/count
 * (Bonferroni over the settings, so that all the intervals of a round hold together at c). Stops
 * when one setting is left and known to within the tolerance, when the settings left are within
 * the tolerance of each other (indistinguishable), when all left are exact, or when the next round
 * would pass the budget (its last round then plays what the budget leaves).
 */
export async function tuneSearch(count: number, targets: readonly TuneTarget[], ev: TuneEvaluator, plan: TunePlan): Promise<TuneOutcome> {
  const eliminationConfidence = count > 1 ? 1 - (1 - plan.confidence) / count : plan.confidence;
  let alive = Array.from({ length: count }, (_, i) => i);
  const eliminatedAfter = new Map<number, number>();
  const rounds: TuneRound[] = [];
  let games = 0;
  let next = plan.first;
  for (let round = 1; ; round++) {
    const playing = alive.filter((c) => !ev.exact(c) || round === 1);
    let last = false;
    const cost = (round === 1 ? count : playing.length) * (next - games);
    if (round > 1 && ev.spent() + cost > plan.budget) {
      // The last round plays what the budget leaves, shared equally.
      next = games + Math.floor((plan.budget - ev.spent()) / Math.max(1, playing.length));
      last = true;
    }
    if (round > 1 && next <= games) return finish('budget');
    const completed = await ev.evaluate(playing, next);
    games = next;
    // An interrupted round: the settings it never reached have nothing to rank; the race ends among
    // those that played (none: the evaluator has nothing to report).
    if (!completed) {
      alive = alive.filter((c) => ev.played(c));
      rounds.push({ round, games, played: playing.filter((c) => ev.played(c)), eliminated: [], leader: alive[0] ?? -1 });
      return finish('interrupted');
    }
    const near = (c: number, confidence: number) => distance(targets, ev.estimates(c, confidence));
    const leader = alive.reduce((b, c) => (near(c, plan.confidence).point < near(b, plan.confidence).point ? c : b), alive[0]);
    const leaderHi = near(leader, eliminationConfidence).hi;
    // Past the leader by more than float noise (two exact settings equally far, 7/12 and 5/12 from 1/2, differ by 1e-16: a tie, not an elimination).
    const out = alive.filter((c) => c !== leader && near(c, eliminationConfidence).lo > leaderHi + TIE_EPSILON);
    for (const c of out) eliminatedAfter.set(c, round);
    alive = alive.filter((c) => !out.includes(c));
    rounds.push({ round, games, played: playing, eliminated: out, leader });
    if (alive.every((c) => ev.exact(c))) return finish('exact');
    const bounds = alive.map((c) => near(c, plan.confidence));
    const spread = Math.max(...bounds.map((b) => b.hi)) - Math.min(...bounds.map((b) => b.lo));
    if (spread <= plan.tolerance) return finish(alive.length === 1 ? 'decided' : 'indistinguishable');
    if (last) return finish('budget');
    next = games * 2;
  }

  function finish(stop: TuneStop): TuneOutcome {
    if (alive.length === 0) return { best: -1, indistinguishable: [], eliminatedAfter, rounds, stop, eliminationConfidence };
    const point = (c: number) => distance(targets, ev.estimates(c, plan.confidence)).point;
    const best = alive.reduce((b, c) => (point(c) < point(b) ? c : b), alive[0]);
    // Exact settings tie only when their distances are equal.
    const indistinguishable = stop === 'exact' ? alive.filter((c) => point(c) <= point(best) + TIE_EPSILON) : alive;
    return { best, indistinguishable: [best, ...indistinguishable.filter((c) => c !== best)], eliminatedAfter, rounds, stop, eliminationConfidence };
  }
}
