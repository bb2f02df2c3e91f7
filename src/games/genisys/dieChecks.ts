// One die roll of the attack sequence, as probabilities (exact engine) and as a draw (Monte
// Carlo engine), with the re-roll rights of the die ladder's overflow steps. Both engines read
// the same definitions here, so they cannot disagree about what a roll means.
// rulebook: Dice-Rolling Jargon – Re-rolls ("The second result always stands").
import { rollDie, type Rng } from '../../core/rng.js';
import { REROLL_BY_OPPONENT, REROLL_BY_ROLLER, rerollOf, sidesOf } from './dieLadder.js';

/** P(one plain roll of the die at `step` is `target` or more), in [0, 1]. */
export function plainAtLeast(step: number, target: number): number {
  const sides = sidesOf(step);
  return Math.max(0, Math.min(1, (sides - target + 1) / sides));
}

// Indices of a pass/fail check's outcome probabilities: success or failure for the roller,
// first result kept, or a re-rolled result (which can never be re-rolled again, not even by a TDD).
export const SUCCESS_FIRST = 0;
export const SUCCESS_REROLLED = 1;
export const FAIL_FIRST = 2;
export const FAIL_REROLLED = 3;

/**
 * Writes into out[0..3] the probabilities of a "roll `target`+ on the die at `step`" check:
 * SUCCESS_FIRST, SUCCESS_REROLLED, FAIL_FIRST, FAIL_REROLLED (summing to 1).
 * A D20 upgraded: the roller re-rolls a failure. A D4 degraded: the opponent forces a re-roll
 * of a success. rulebook: Dice-Rolling Jargon.
 */
export function passFailCheck(step: number, target: number, out: Float64Array): Float64Array {
  const p = plainAtLeast(step, target);
  const mode = rerollOf(step);
  if (mode === REROLL_BY_ROLLER) {
    out[SUCCESS_FIRST] = p;
    out[SUCCESS_REROLLED] = (1 - p) * p;
    out[FAIL_FIRST] = 0;
    out[FAIL_REROLLED] = (1 - p) * (1 - p);
  } else if (mode === REROLL_BY_OPPONENT) {
    out[SUCCESS_FIRST] = 0;
    out[SUCCESS_REROLLED] = p * p;
    out[FAIL_FIRST] = 1 - p;
    out[FAIL_REROLLED] = p * (1 - p);
  } else {
    out[SUCCESS_FIRST] = p;
    out[SUCCESS_REROLLED] = 0;
    out[FAIL_FIRST] = 1 - p;
    out[FAIL_REROLLED] = 0;
  }
  return out;
}

/** Draw bits of a pass/fail check: bit 0 = success, bit 1 = the result was re-rolled. */
export const DRAW_SUCCESS = 1;
export const DRAW_REROLLED = 2;

/** Rolls a pass/fail check with the ladder's re-roll rights; returns DRAW_* bits. Mutates rng. */
export function drawPassFail(rng: Rng, sides: number, mode: number, target: number): number {
  let ok = rollDie(rng, sides) >= target;
  if ((mode === REROLL_BY_ROLLER && !ok) || (mode === REROLL_BY_OPPONENT && ok)) {
    ok = rollDie(rng, sides) >= target;
    return (ok ? DRAW_SUCCESS : 0) | DRAW_REROLLED;
  }
  return ok ? DRAW_SUCCESS : 0;
}

// Resolution test results. rulebook: Attacking – Resolution Tests (1 Retreat!, 2–5 Reeling, 6+ no effect).
export const RETREAT = 0;
export const REELING = 1;
export const NO_EFFECT = 2;

/** Plain-roll probabilities of one Resolution test: out[RETREAT], out[REELING], out[NO_EFFECT]. */
export function plainResolution(step: number, retreatMax: number, reelingMax: number, out: Float64Array): Float64Array {
  const sides = sidesOf(step);
  const r = Math.min(retreatMax, sides);
  const l = Math.max(r, Math.min(reelingMax, sides));
  out[RETREAT] = r / sides;
  out[REELING] = (l - r) / sides;
  out[NO_EFFECT] = (sides - l) / sides;
  return out;
}

/**
 * One Resolution test with the ladder's re-roll rights: out[2*c] = P(result c, first roll kept),
 * out[2*c + 1] = P(result c after a re-roll), c in RETREAT, REELING, NO_EFFECT.
 * Choice (README): an upgraded D20's owner re-rolls any result but "no effect"; the opponent of
 * a degraded D4 forces a re-roll of any result but Retreat!.
 */
export function resolutionCheck(step: number, retreatMax: number, reelingMax: number, plain: Float64Array, out: Float64Array): Float64Array {
  plainResolution(step, retreatMax, reelingMax, plain);
  const mode = rerollOf(step);
  out.fill(0);
  if (mode === REROLL_BY_ROLLER) {
    const redo = 1 - plain[NO_EFFECT];
    out[2 * NO_EFFECT] = plain[NO_EFFECT];
    for (let c = 0; c < 3; c++) out[2 * c + 1] = redo * plain[c];
  } else if (mode === REROLL_BY_OPPONENT) {
    const redo = 1 - plain[RETREAT];
    out[2 * RETREAT] = plain[RETREAT];
    for (let c = 0; c < 3; c++) out[2 * c + 1] = redo * plain[c];
  } else {
    for (let c = 0; c < 3; c++) out[2 * c] = plain[c];
  }
  return out;
}

/** Category of a plain Resolution roll. */
export function resolutionCategory(roll: number, retreatMax: number, reelingMax: number): number {
  return roll <= retreatMax ? RETREAT : roll <= reelingMax ? REELING : NO_EFFECT;
}

/** Rolls one Resolution test with re-roll rights; returns category | (4 if re-rolled). Mutates rng. */
export function drawResolution(rng: Rng, sides: number, mode: number, retreatMax: number, reelingMax: number): number {
  const c = resolutionCategory(rollDie(rng, sides), retreatMax, reelingMax);
  if ((mode === REROLL_BY_ROLLER && c !== NO_EFFECT) || (mode === REROLL_BY_OPPONENT && c !== RETREAT)) {
    return resolutionCategory(rollDie(rng, sides), retreatMax, reelingMax) | 4;
  }
  return c;
}

/** Bit of resolutionTests' answer: the attacker spent his TDD re-roll. */
export const TESTS_TDD_SPENT = 1;

/**
 * Rolls `n` Resolution tests (the worst result counts) with the TDD policy both attack engines
 * share (README choice 5): with the re-roll in hand (`tdd`), the attacker re-rolls a first-roll
 * "no effect", else a first-roll Reeling when that can gain (two or more Reeling, or no "no effect"
 * on the die); `proceeds` (the defender's contest, or null) decides whether the re-roll goes ahead.
 * Returns `(outcome + 1) << 1 | spent`: outcome -1 for a Retreat!, else the Reeling results
 * (decode with testsOutcome); `spent` is TESTS_TDD_SPENT when the re-roll was used. Mutates rng.
 * rulebook: Resolution Tests; The Game Turn – TDD Tactics ("The second result always stands").
 */
export function resolutionTests(
  rng: Rng,
  n: number,
  sides: number,
  mode: number,
  retreatMax: number,
  reelingMax: number,
  hasNoEffect: boolean,
  tdd: boolean,
  proceeds: ((rng: Rng) => boolean) | null,
): number {
  let retreat = false;
  let reels = 0;
  let reelsFirst = 0;
  let noneFirst = 0;
  for (let i = 0; i < n; i++) {
    const r = drawResolution(rng, sides, mode, retreatMax, reelingMax);
    const c = r & 3;
    if (c === RETREAT) retreat = true;
    else if (c === REELING) {
      reels++;
      if (r < 4) reelsFirst++;
    } else if (r < 4) noneFirst++;
  }
  if (retreat) return 0;
  if (!tdd || !(noneFirst > 0 || (reelsFirst > 0 && (reels >= 2 || !hasNoEffect)))) return (reels + 1) << 1;
  if (proceeds !== null && !proceeds(rng)) return ((reels + 1) << 1) | TESTS_TDD_SPENT;
  // The TDD re-roll is a plain roll; its result stands.
  const c = resolutionCategory(rollDie(rng, sides), retreatMax, reelingMax);
  if (c === RETREAT) return TESTS_TDD_SPENT;
  // A kept "no effect" re-rolled, else a kept Reeling re-rolled.
  const after = noneFirst > 0 ? (c === REELING ? reels + 1 : reels) : c === REELING ? reels : reels - 1;
  return ((after + 1) << 1) | TESTS_TDD_SPENT;
}

/** The outcome in resolutionTests' answer: -1 for a Retreat!, else the number of Reeling results. */
export function testsOutcome(answer: number): number {
  return (answer >> 1) - 1;
}
