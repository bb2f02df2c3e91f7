// The exact engine: probability arithmetic over the outcomes of one attack, stage by stage
// (to-hit batch → save batch → damage batch → final state), carrying one bit of state between
// stages: whether the attacker's TDD re-roll is still unspent. Dice within a batch are
// exchangeable, so each batch is a multinomial in closed form; no enumeration of rolls.
import type { AttackPlan } from './attackPlan.js';
import {
  FAIL_FIRST,
  FAIL_REROLLED,
  NO_EFFECT,
  passFailCheck,
  plainAtLeast,
  REELING,
  resolutionCheck,
  RETREAT,
  SUCCESS_FIRST,
  SUCCESS_REROLLED,
} from './dieChecks.js';

/**
 * Final states of the target, mutually exclusive (they sum to 1). "Damaged" is new damage from
 * this attack on a Resilient model that stays in play; "unharmed" is no new damage and no Reeling
 * result. The indices are the Monte Carlo engine's outcome values.
 */
export const OUTCOMES = ['destroyed', 'retreated', 'reeling', 'unharmed', 'crawler', 'crawlerReeling', 'damaged', 'reelingDamaged'] as const;
export type OutcomeName = (typeof OUTCOMES)[number];
export const DESTROYED = 0;
export const RETREATED = 1;
/** Reeling, no new damage. */
export const REELING_OUT = 2;
/** No new damage, no Reeling result. */
export const UNHARMED = 3;
/** I'll Be Back: a crawler that did not reel on its test. */
export const CRAWLER = 4;
export const CRAWLER_REELING = 5;
/** A Resilient model that stays with new damage, not Reeling. */
export const DAMAGED = 6;
export const REELING_DAMAGED = 7;

export const MAX_ROF = 20;

export interface ExactAttack {
  /** hits[k] = P(exactly k Skill dice hit), k in [0, rof]. */
  hits: number[];
  /** unsaved[k] = P(exactly k hits not saved). */
  unsaved: number[];
  /** damage[k] = P(exactly k damaging hits). */
  damage: number[];
  /** outcome[i] = P(final state OUTCOMES[i]); sums to 1. */
  outcome: number[];
  /** P(removed) = P(destroyed) + P(retreated) (rulebook: Resolution Tests – a Retreat! "counts as destroyed"). */
  removed: number;
  /** reels[k] = P(the target stays in play, as itself or a crawler, with exactly k Reeling results), k in [0, rof]; sums to 1 − removed. */
  reels: number[];
  /**
   * survive[d * (rof + 1) + k] = P(the model stays in play, not a crawler, with d new points of
   * damage and k Reeling results), d in [0, woundsLeft), k in [0, rof]; crawler[k] likewise for a
   * crawler (k in {0, 1}). The fire-team chain reads these.
   */
  survive: number[];
  crawler: number[];
  /** Expected hits, unsaved hits and damaging hits per Skill die (= per-die probabilities without a TDD). */
  perShot: { hit: number; unsaved: number; damage: number };
}

// Binomial coefficients C(n, k) for n, k in [0, MAX_ROF].
const BINOM = new Float64Array((MAX_ROF + 1) * (MAX_ROF + 1));
for (let n = 0; n <= MAX_ROF; n++) {
  BINOM[n * (MAX_ROF + 1)] = 1;
  for (let k = 1; k <= n; k++) BINOM[n * (MAX_ROF + 1) + k] = BINOM[(n - 1) * (MAX_ROF + 1) + k - 1] + (k <= n - 1 ? BINOM[(n - 1) * (MAX_ROF + 1) + k] : 0);
}
const choose = (n: number, k: number) => BINOM[n * (MAX_ROF + 1) + k];

// Scratch, reused across calls (the table computes thousands of configurations). Index
// [count * 2 + tdd], tdd 0 = re-roll still available, 1 = spent or never held.
const W = MAX_ROF + 2;
const hitMass = new Float64Array(W * 2);
const unsavedMass = new Float64Array(W * 2);
const dmgMass = new Float64Array(W * W * 2); // [(d * W + s) * 2 + tdd]
const check = new Float64Array(4);
const resPlain = new Float64Array(3);
const res = new Float64Array(6);
/** resCounts[k] = P(no Retreat! and exactly k Reeling results) of the last resolutionCounts call. */
const resCounts = new Float64Array(MAX_ROF + 2);

/**
 * Distributes `mass` over k successes of n exchangeable pass/fail dice, into out[k * 2 + tdd].
 * `good` = P(die ends good for the attacker), `badFirst` = P(bad for the attacker and not
 * re-rolled: the TDD may re-roll it), `badRerolled` = P(bad after a re-roll: stands).
 * With the TDD available and at least one re-rollable bad die, the attacker re-rolls one: it
 * turns good with `plainGood`. Choice (README 5): spend the TDD on the first batch with such a
 * die, and only where the re-roll can succeed (plainGood > 0); otherwise the TDD is kept. A
 * contested re-roll (the defender's TDD) goes ahead with probability `proceeds`.
 * Exported for its tests.
 */
export function passFailBatch(n: number, good: number, badFirst: number, badRerolled: number, plainGood: number, tdd: number, mass: number, out: Float64Array, proceeds = 1): void {
  const bad = badFirst + badRerolled;
  for (let k = 0; k <= n; k++) {
    const a = mass * choose(n, k) * good ** k;
    if (a === 0) continue;
    const all = a * bad ** (n - k);
    if (tdd === 0 && plainGood === 0) {
      out[k * 2] += all; // no re-roll could turn a die good: the TDD is kept
      continue;
    }
    if (tdd === 1) {
      out[k * 2 + 1] += all;
      continue;
    }
    const keep = a * badRerolled ** (n - k); // no re-rollable bad die: TDD kept
    const spend = all - keep;
    out[k * 2] += keep;
    if (spend > 0) {
      // A contested re-roll goes ahead with P(proceeds); either way the TDD is spent.
      out[k * 2 + 1] += spend * (1 - proceeds * plainGood);
      out[(k + 1) * 2 + 1] += spend * proceeds * plainGood;
    }
  }
}

/**
 * `tests` Resolution tests on the die in `res` (from resolutionCheck): returns P(any Retreat!) and
 * writes resCounts[k] = P(no Retreat! and exactly k Reeling results), k in [0, tests] (the worst
 * result counts: any Retreat! removes the model; each Reeling result is a Done marker). With the
 * TDD available (tdd 0) the attacker re-rolls one test that a re-roll cannot make worse for his
 * category (README 5): a kept "no effect", else a kept Reeling when another test is also Reeling
 * or the die has no "no effect" face; the re-roll goes ahead with P(proceeds) (a contest). With
 * R = P(Reeling), N = P(no effect), z = P(re-rolled no effect), y = P(re-rolled Reeling):
 *   a kept "no effect" among n − k:   C(n,k) R^k (N^(n−k) − z^(n−k)) → k+1 / k / Retreat!;
 *   none, but a kept Reeling:         C(n,k) (R^k − y^k) z^(n−k) → k / k−1 / Retreat!;
 *   neither:                          C(n,k) y^k z^(n−k), kept as it is.
 * rulebook: Attacking – Resolution Tests.
 */
function resolutionCounts(tests: number, tdd: number, proceeds: number): number {
  const r = res[2 * RETREAT] + res[2 * RETREAT + 1];
  const x = res[2 * REELING]; // Reeling, first roll kept (re-rollable)
  const y = res[2 * REELING + 1];
  const nF = res[2 * NO_EFFECT];
  const z = res[2 * NO_EFFECT + 1];
  const R = x + y;
  const N = nF + z;
  resCounts.fill(0, 0, tests + 2);
  let retreat = 1 - (1 - r) ** tests;
  if (tdd === 1) {
    for (let k = 0; k <= tests; k++) resCounts[k] = choose(tests, k) * R ** k * N ** (tests - k);
    return retreat;
  }
  const pr = resPlain[RETREAT];
  const pl = resPlain[REELING];
  const pn = resPlain[NO_EFFECT];
  for (let k = 0; k <= tests; k++) {
    const c = choose(tests, k);
    const withNone = c * R ** k * (N ** (tests - k) - z ** (tests - k));
    retreat += withNone * proceeds * pr;
    resCounts[k + 1] += withNone * proceeds * pl;
    resCounts[k] += withNone * (proceeds * pn + 1 - proceeds);
    const withReel = c * (R ** k - y ** k) * z ** (tests - k);
    const neither = c * y ** k * z ** (tests - k);
    resCounts[k] += neither;
    if (k >= 2 || (k === 1 && pn === 0)) {
      retreat += withReel * proceeds * pr;
      resCounts[k] += withReel * (proceeds * pl + 1 - proceeds);
      resCounts[k - 1] += withReel * proceeds * pn;
    } else resCounts[k] += withReel; // a lone Reeling that a re-roll could turn into "no effect": kept
  }
  return retreat;
}

/** Exact distribution of one attack. Pure; plan.rof must be in [1, MAX_ROF]. */
export function exactAttack(plan: AttackPlan): ExactAttack {
  const R = plan.rof;
  if (!(R >= 1 && R <= MAX_ROF)) throw new RangeError(`rof must be in [1, ${MAX_ROF}]`);
  const tdd0 = plan.tdd ? 0 : 1;
  // P(a spent TDD re-roll goes ahead): 1, or the attacker's chance in the defender's contest.
  const q0 = plan.tddProceeds ?? 1;
  hitMass.fill(0);
  unsavedMass.fill(0);
  dmgMass.fill(0);

  // Stage 2: to-hit batch. rulebook: Attacking – Attack Rolls.
  if (plan.autoHit) hitMass[R * 2 + tdd0] = 1;
  else {
    passFailCheck(plan.skillStep, plan.hitTarget, check);
    passFailBatch(R, check[SUCCESS_FIRST] + check[SUCCESS_REROLLED], check[FAIL_FIRST], check[FAIL_REROLLED], plainAtLeast(plan.skillStep, plan.hitTarget), tdd0, 1, hitMass, q0);
  }

  // Stage 3: cover saves, one per hit; the attacker's "good" is a failed save. rulebook: Attacking – Taking Cover Saves.
  if (!plan.hasSave) unsavedMass.set(hitMass);
  else {
    passFailCheck(plan.saveStep, plan.saveTarget, check);
    const plainSave = plainAtLeast(plan.saveStep, plan.saveTarget);
    for (let h = 0; h <= R; h++) {
      for (let t = 0; t < 2; t++) {
        const m = hitMass[h * 2 + t];
        if (m === 0) continue;
        passFailBatch(h, check[FAIL_FIRST] + check[FAIL_REROLLED], check[SUCCESS_FIRST], check[SUCCESS_REROLLED], 1 - plainSave, t, m, unsavedMass, q0);
      }
    }
  }

  // Stage 4: damage rolls, Power die vs Armor. rulebook: Attacking – Damage Rolls.
  const pd = plainAtLeast(plan.powerStep, plan.armor);
  const w = plan.woundsLeft;
  for (let u = 0; u <= R; u++) {
    for (let t = 0; t < 2; t++) {
      const m = unsavedMass[u * 2 + t];
      if (m === 0) continue;
      for (let d = 0; d <= u; d++) {
        const a = m * choose(u, d) * pd ** d * (1 - pd) ** (u - d);
        if (a === 0) continue;
        const s = u - d;
        // TDD on a failed Power roll, only while the target is not already removed by this batch
        // and the Power die can reach the Armor (README 5: a re-roll that cannot succeed is not made).
        if (t === 1 || d >= w || s === 0 || pd === 0) dmgMass[(d * W + s) * 2 + t] += a;
        else {
          dmgMass[((d + 1) * W + s - 1) * 2 + 1] += a * q0 * pd;
          dmgMass[(d * W + s) * 2 + 1] += a * (1 - q0 * pd);
        }
      }
    }
  }

  // Stages 5–6: Resolution tests and the final state.
  const K = R + 1;
  const q = q0;
  let destroyed = 0;
  let retreated = 0;
  const survive = new Array<number>(Math.max(1, w) * K).fill(0);
  const crawler = [0, 0];
  const damage = new Array<number>(R + 1).fill(0);
  resolutionCheck(plan.resStep, plan.retreatMax, plan.reelingMax, resPlain, res);
  const ibb = plan.illBeBack ? Math.max(0, Math.min(1, (7 - plan.illBeBackTarget) / 6)) : 0;
  for (let d = 0; d <= R; d++) {
    for (let s = 0; d + s <= R; s++) {
      for (let t = 0; t < 2; t++) {
        const m = dmgMass[(d * W + s) * 2 + t];
        if (m === 0) continue;
        damage[d] += m;
        if (d >= w) {
          // rulebook: Attacking – Damage Rolls (damage removes the model); Resilient (n) at n points.
          // rulebook: Machine Special Rules – I'll Be Back (D6 5–6 → crawler, which then tests Resolution).
          // A held TDD re-rolls a crawler result (so the crawler's own test never has it); when
          // the first roll fails the model is destroyed and nothing more is rolled. When every
          // roll crawls (ibb = 1) the re-roll cannot succeed: the TDD goes to the crawler's test.
          const rerollCrawl = t === 0 && ibb < 1;
          const crawl = rerollCrawl ? ibb * (1 - q + q * ibb) : ibb;
          destroyed += m * (1 - crawl);
          if (crawl > 0) {
            resolutionCheck(plan.crawlerResStep, plan.retreatMax, plan.reelingMax, resPlain, res);
            retreated += m * crawl * resolutionCounts(1, t === 0 && !rerollCrawl ? 0 : 1, q);
            crawler[0] += m * crawl * resCounts[0];
            crawler[1] += m * crawl * resCounts[1];
            resolutionCheck(plan.resStep, plan.retreatMax, plan.reelingMax, resPlain, res);
          }
          continue;
        }
        // rulebook: Attacking – Resolution Tests (one per surviving hit); Resilient (n) (one per point of damage).
        const tests = plan.tests ? s + (plan.testsOnDamage ? d : 0) : 0;
        if (tests === 0) {
          survive[d * K] += m;
          continue;
        }
        retreated += m * resolutionCounts(tests, t, q);
        for (let k = 0; k <= tests; k++) survive[d * K + k] += m * resCounts[k];
      }
    }
  }
  const outcome = [0, 0, 0, 0, 0, 0, 0, 0];
  const reels = new Array<number>(K).fill(0);
  outcome[DESTROYED] = destroyed;
  outcome[RETREATED] = retreated;
  for (let d = 0; d < w; d++) {
    for (let k = 0; k < K; k++) {
      const m = survive[d * K + k];
      reels[k] += m;
      outcome[d === 0 ? (k > 0 ? REELING_OUT : UNHARMED) : k > 0 ? REELING_DAMAGED : DAMAGED] += m;
    }
  }
  outcome[CRAWLER] = crawler[0];
  outcome[CRAWLER_REELING] = crawler[1];
  reels[0] += crawler[0];
  if (K > 1) reels[1] += crawler[1];

  const hits = new Array<number>(R + 1);
  const unsaved = new Array<number>(R + 1);
  let eh = 0;
  let eu = 0;
  let ed = 0;
  for (let k = 0; k <= R; k++) {
    hits[k] = hitMass[k * 2] + hitMass[k * 2 + 1];
    unsaved[k] = unsavedMass[k * 2] + unsavedMass[k * 2 + 1];
    eh += k * hits[k];
    eu += k * unsaved[k];
    ed += k * damage[k];
  }
  return { hits, unsaved, damage, outcome, removed: destroyed + retreated, reels, survive, crawler, perShot: { hit: eh / R, unsaved: eu / R, damage: ed / R } };
}
