// The `search` policy (issue 15): determinized rollouts (perfect-information Monte Carlo over
// re-dealt hidden state, the flat form of OpenSpiel's ISMCTS family) at the decisions that steer a
// game — ACTION (which card, where, or stop) and BUY (which card, or stop) — with every other
// decision, and every decision inside a rollout, left to a heuristic policy.
//
// At a searched decision with m answers (the options, and "none" where allowed) it spends a budget
// of rollouts × m rollouts by sequential halving: each round gives the surviving answers the same
// rollouts j (common random numbers: rollout j re-deals the hidden state and rolls the dice from
// its own stream j, the same for every answer), and keeps the better half of the challengers by
// their mean difference from the heuristic's answer, which plays every round. The last challenger
// gets a round of fresh rollouts and is played only when its paired gain over the heuristic's answer
// there is at least `margin` standard errors (a noisy best mean would otherwise overrule a good
// heuristic by chance; judged on the rollouts that picked it, the best of many would). A
// rollout restores the snapshot, re-deals what she cannot see (terrorDeterminize.ts), applies the
// answer, and plays the game on (to its end, or `depth` more turns, then a static value) with the
// rollout policy. Value: 1 for a win, 0 otherwise. Afterwards the game is put back exactly as it was (state,
// options buffer, rng, policy, trace).
//
// Deterministic from (seed, game): the search streams come from a jump of a copy of the game's
// stream at the decision (the game's own stream is not drawn from), so -j and chunking change
// nothing, and the game's dice stay the same as under any policy that does not draw.
import type { Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { doAction, actionLoop } from './actionPhase.js';
import { buyCard, endGame, killerAndUpkeep, MAX_TURNS, planningPhase, playTurns, restOfTurn } from './playTerrorGame.js';
import { actionCard, actionDest, OUTCOME_RUNNING, OUTCOME_WON, TERROR_DECISION, V_CONSEQUENCE, V_FG_CARD } from './terrorDecision.js';
import { copyStreamState, setStreamState } from './copyStream.js';
import { TerrorDeterminizer } from './terrorDeterminize.js';
import type { TerrorGame } from './terrorGame.js';
import { TerrorSnapshot } from './terrorSnapshot.js';
import type { TerrorView } from './terrorView.js';

const { ACTION, BUY } = TERROR_DECISION;

export interface SearchSettings {
  /** Rollouts per answer on average (the budget is rollouts × answers). */
  readonly rollouts: number;
  /** Standard errors of the paired rollout differences an answer must gain over the heuristic's own to be played. */
  readonly margin: number;
  /** Turns a rollout plays after the current one before a static value (0: to the end of the game). */
  readonly depth: number;
  /** Plays the rollouts (and answers the decisions not searched: `fallback`). */
  readonly rolloutPolicy: Policy<TerrorView>;
  /** Answers the decisions not searched, and is the tie-break (the default heuristic). */
  readonly fallback: Policy<TerrorView>;
}

/** Counts of the work done, for the bench (decisions searched, rollouts played). */
export interface SearchStats {
  decisions: number;
  rollouts: number;
}

/**
 * The search policy for game object `g` (it plays its rollouts on g itself, then restores it).
 * `stats` (optional) is incremented as it works.
 */
export function createSearchPolicy(g: TerrorGame, s: SearchSettings, stats?: SearchStats): Policy<TerrorView> {
  const snapshot = new TerrorSnapshot(g);
  const determinizer = new TerrorDeterminizer(g);
  const maxAnswers = g.maxOptions + 1;
  const saved = new Int32Array(g.maxOptions);
  const cand = new Int32Array(maxAnswers);
  // Per challenger: the sum and sum of squares of its rollout values minus the heuristic's, and their count.
  const sum = new Float64Array(maxAnswers);
  const sumSq = new Float64Array(maxAnswers);
  const count = new Int32Array(maxAnswers);
  const order = new Int32Array(maxAnswers);
  const maxRollouts = s.rollouts * maxAnswers;
  const words = new Int32Array(4 * Math.max(1, maxRollouts));
  // Two generators made at the first decision and re-seeded in place after: the search's base stream and a rollout's.
  let baseRng: Rng | null = null;
  let rollRng: Rng | null = null;

  /** rollout j: re-deal, apply answer a of `decision`, play on; returns its value. */
  function rollout(j: number, decision: number, options: Int32Array, a: number): number {
    snapshot.restore(g);
    setStreamState(rollRng!, words, j);
    determinizer.determinize(g, rollRng!);
    g.rng = rollRng!;
    g.policy = s.rolloutPolicy;
    g.turnLimit = s.depth > 0 ? g.turn + s.depth : MAX_TURNS;
    let over: boolean;
    if (decision === ACTION) {
      if (a >= 0) {
        doAction(g, actionCard(options[a]), actionDest(options[a]));
        actionLoop(g);
      }
      over = restOfTurn(g);
    } else {
      if (a >= 0) {
        buyCard(g, options[a]);
        planningPhase(g);
      }
      over = killerAndUpkeep(g);
    }
    if (!over) playTurns(g);
    endGame(g);
    if (stats) stats.rollouts++;
    if (g.outcome === OUTCOME_WON) return 1;
    return g.outcome === OUTCOME_RUNNING ? horizonValue(g) : 0;
  }

  return {
    name: 'search',
    choose(rng, view, decision, options, n, allowNone) {
      const prior = s.fallback.choose(rng, view, decision, options, n, allowNone);
      const m = n + (allowNone ? 1 : 0);
      if ((decision !== ACTION && decision !== BUY) || m <= 1) return prior;
      if (stats) stats.decisions++;
      // The search's streams: a jump of a copy of the game's stream (the game's own is not drawn from).
      if (!baseRng || !rollRng) {
        baseRng = rng.clone();
        rollRng = rng.clone();
      }
      copyStreamState(rng, baseRng);
      (baseRng as Rng & { jump(): void }).jump();
      // Candidates: the heuristic's answer first (ties go to it), then the others in option order, -1 last.
      let k = 0;
      cand[k++] = prior;
      for (let i = 0; i < n; i++) if (i !== prior) cand[k++] = i;
      if (allowNone && prior !== -1) cand[k++] = -1;
      const budget = s.rollouts * m;
      for (let i = 0; i < 4 * budget; i++) words[i] = baseRng.next() | 1;
      saved.set(options.subarray(0, n));
      snapshot.save(g);
      const realRng = g.rng;
      const realPolicy = g.policy;
      const realTrace = g.trace;
      const realLimit = g.turnLimit;
      g.trace = null;
      // order[0, alive): the challengers still in (candidates 1..m-1); candidate 0, the heuristic's, plays every round.
      // Halving rounds narrow the challengers to one; a last round judges it on fresh rollouts only
      // (judged on the rollouts that picked it, the best of many would pass the margin by chance).
      let alive = m - 1;
      for (let c = 0; c < m; c++) (sum[c] = 0), (sumSq[c] = 0), (count[c] = 0), (order[c] = c + 1);
      let done = 0;
      const halvings = alive > 1 ? Math.ceil(Math.log2(alive)) : 0;
      const rounds = halvings + 1;
      for (let round = 0; round < rounds; round++) {
        if (round === halvings) (sum[order[0]] = 0), (sumSq[order[0]] = 0), (count[order[0]] = 0);
        const per = Math.max(1, Math.floor(budget / (rounds * (alive + 1))));
        for (let r = 0; r < per && done + r < budget; r++) {
          const base = rollout(done + r, decision, options, cand[0]);
          // A rollout rewrote the options buffer (the engine reuses it): put it back for the next.
          options.set(saved.subarray(0, n));
          for (let x = 0; x < alive; x++) {
            const c = order[x];
            const d = rollout(done + r, decision, options, cand[c]) - base;
            options.set(saved.subarray(0, n));
            sum[c] += d;
            sumSq[c] += d * d;
            count[c]++;
          }
        }
        done += per;
        if (round < halvings) {
          // Keep the better half of the challengers, rounded up (stable: on equal sums the earlier candidate stays ahead).
          sortBySum(order, alive, sum);
          alive = Math.ceil(alive / 2);
        }
      }
      const best = order[0];
      const answer = gainsBy(sum[best], sumSq[best], count[best], s.margin) ? cand[best] : cand[0];
      snapshot.restore(g);
      g.rng = realRng;
      g.policy = realPolicy;
      g.trace = realTrace;
      g.turnLimit = realLimit;
      options.set(saved.subarray(0, n));
      return answer;
    },
  };
}

/**
 * Whether paired differences (their sum, sum of squares and count) show a gain of at least
 * `margin` standard errors of their mean: a positive mean with no spread counts once two or more
 * rollouts agree; margin 0 takes any positive mean.
 */
export function gainsBy(sum: number, sumSq: number, count: number, margin: number): boolean {
  if (count === 0 || sum <= 0) return false;
  if (margin === 0) return true;
  if (count < 2) return false;
  const mean = sum / count;
  const variance = Math.max(0, (sumSq - count * mean * mean) / (count - 1));
  return variance === 0 || mean >= margin * Math.sqrt(variance / count);
}

/** Insertion sort of order[0, n) by sum descending, stable (no allocation). */
function sortBySum(order: Int32Array, n: number, sum: Float64Array): void {
  for (let i = 1; i < n; i++) {
    const x = order[i];
    let j = i - 1;
    while (j >= 0 && sum[order[j]] < sum[x]) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = x;
  }
}

/**
 * The static value at a rollout's horizon (searchDepth > 0): 1 when her health exceeds what the
 * Destiny phase is expected to cost — the mean Punishment times one half (an even chance to meet a
 * requirement) for each Fated Victim not already saved or on a Death token known to match — else 0.
 * A crude stand-in for the rest of the game; depth 0 (to the end) is the measured default.
 */
function horizonValue(g: TerrorGame): number {
  const d = g.data;
  let mean = 0;
  for (let i = 0; i < d.punishments.length; i++) mean += d.punishments[i];
  mean /= d.punishments.length;
  let loss = 0;
  for (let v = 0; v < g.fc; v++) {
    if (g.vState[v] === V_FG_CARD) continue;
    let safe = false;
    for (let p = g.arrow_; p < g.fc; p++) if (g.deathOn[p] === v && g.deathFaceUp[p] && g.deathPic[p] === v) safe = true;
    if (!safe || g.vState[v] === V_CONSEQUENCE) loss += mean / 2;
  }
  return g.health_ + (g.finalFlipped ? 0 : 1) > loss ? 1 : 0;
}
