// The note under a Monte Carlo cross-check: how many exact values fall outside their intervals,
// and how many would by chance alone. At confidence c each interval misses its exact value with
// probability about 1 - c, so about (1 - c) × rows are expected outside even when all is right.

const percent = (x: number): string => `${Number((x * 100).toFixed(4))}%`;
const about = (x: number): string => (x >= 1 ? String(Math.round(x * 10) / 10) : String(Number(x.toPrecision(2))));

/**
 * "2 of 26 rows outside their 95% intervals; about 1.3 expected by chance (5% of 26)".
 * `inInterval` holds each row's exact-in-interval flag; null (unknown, not compared) rows are left out.
 */
export function outsideIntervalsNote(inInterval: readonly (boolean | null)[], confidence: number): string {
  const compared = inInterval.filter((b) => b !== null);
  const outside = compared.filter((b) => b === false).length;
  const n = compared.length;
  return `${outside} of ${n} rows outside their ${percent(confidence)} intervals; about ${about(n * (1 - confidence))} expected by chance (${percent(1 - confidence)} of ${n})`;
}
