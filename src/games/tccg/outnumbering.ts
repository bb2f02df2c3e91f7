// Outnumbering (digest §敵集団からの脱出): the extra movement a character pays to leave a place where
// the enemy has more characters, under the reading the parameter `outnumbering` names (gameRules.ts).
// One implementation for the game engine and the opening model.
import type { GameRules } from './gameRules.js';

/** Outnumbering readings as codes for movement-cost loops. */
export const OUT_MAIN_DIFF = 0;
export const OUT_MAIN_ONLY = 1;
export const OUT_SURPLUS_MAIN = 2;

/** The code of a reading of `outnumbering`. */
export function outnumberingCode(reading: GameRules['outnumbering']): number {
  return reading === 'mainOnly' ? OUT_MAIN_ONLY : reading === 'surplusMain' ? OUT_SURPLUS_MAIN : OUT_MAIN_DIFF;
}

/**
 * Extra movement points (≥ 0) to leave one place, from the visible characters there: all of them
 * and the main ones, of the mover's side (own) and of the enemy (commanded supporting characters
 * count for their commander's side). Called per place inside movement-cost loops: numbers in, a
 * number out, nothing allocated.
 */
export function leaveExtra(rule: number, ownAll: number, ownMain: number, enemyAll: number, enemyMain: number): number {
  let x = 0;
  // rulebook: digest §敵集団からの脱出 — if the enemy has more characters, +1 per excess enemy main character (reading outnumbering)
  if (rule === OUT_MAIN_ONLY) x = enemyMain - ownMain;
  else if (enemyAll > ownAll) {
    if (rule === OUT_MAIN_DIFF) x = enemyMain - ownMain;
    else {
      x = enemyAll - ownAll;
      if (x > enemyMain) x = enemyMain;
    }
  }
  return x < 0 ? 0 : x;
}
