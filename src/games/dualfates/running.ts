// Running: "roll Fate and add the higher die to movement" (rulebook: Running).
import { FATE_OUTCOMES, forEachFateRoll, fraction } from './fateDice.js';

/** Inches moved by a running unit of `speed` with Fate dice a, b. */
export function runDistance(speed: number, a: number, b: number): number {
  // rulebook: Running — Speed 5, roll 3 and 6: "The higher result is 6 ... may move 11 inches".
  return speed + (a > b ? a : b);
}

export interface RunRow {
  inches: number;
  count: number;
  p: number;
  fraction: string;
  /** P(moving at least this far). */
  atLeast: number;
}

/** Distribution of a run's distance for a unit of `speed` (inches; rows speed+1..speed+6). */
export function runDistribution(speed: number): { rows: RunRow[]; mean: number } {
  const counts = new Map<number, number>();
  forEachFateRoll((a, b) => {
    const d = runDistance(speed, a, b);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  });
  const keys = [...counts.keys()].sort((x, y) => x - y);
  let left = FATE_OUTCOMES;
  const rows = keys.map((inches) => {
    const count = counts.get(inches)!;
    const row = { inches, count, p: count / FATE_OUTCOMES, fraction: fraction(count, FATE_OUTCOMES), atLeast: left / FATE_OUTCOMES };
    left -= count;
    return row;
  });
  return { rows, mean: rows.reduce((s, r) => s + r.inches * r.p, 0) };
}
