// Parameters of the built-in `dice` game: roll `count` dice with `sides` faces; a die succeeds
// on `target` or more. No rulebook: a calibration game for the runner.
import type { ParamSpec } from '../../core/params.js';

export interface DiceParams {
  count: number;
  sides: number;
  target: number;
}

export const DICE_PARAMS: readonly ParamSpec[] = [
  { key: 'count', type: 'int', default: 3, min: 1, max: 1000, doc: 'dice rolled per game', source: 'built-in calibration game', cli: {} },
  { key: 'sides', type: 'int', default: 6, min: 2, max: 1000, doc: 'faces per die (numbered 1..sides)', source: 'built-in calibration game', cli: {} },
  { key: 'target', type: 'int', default: 5, min: 1, max: 1000, doc: 'a die succeeds on this face or higher', source: 'built-in calibration game', cli: {} },
];

/** P(one die succeeds) = (sides - target + 1) / sides, clamped to [0, 1]. */
export function dieSuccessProbability(p: DiceParams): number {
  return Math.max(0, Math.min(1, (p.sides - p.target + 1) / p.sides));
}
