// The side a two-sided game's policy parameter names, and that side's metric: `sim policies` (and
// its ladder) rank side B's policies by side B's result.

/** The side a policy parameter names: policyA → A, policyB → B, skynetPolicy → skynet; none for a one-sided game's `policy`. */
export function sideOfPolicyParam(key: string): string | undefined {
  return /^polic\w*?([AB])$/.exec(key)?.[1] ?? /^([a-z]+)Policy$/.exec(key)?.[1];
}

/**
 * The side a metric belongs to by its name, of the game's sides (A, B; resistance, skynet): a
 * metric ending in the side's letter after a lower-case letter (winA, scoreB), or starting with the
 * side's word (skynetMissionPoints); undefined for one of neither (vpMargin, protected, eliminated),
 * whose better direction the name does not say.
 */
export function metricSide(metric: string, sides: readonly string[]): string | undefined {
  return sides.find((s) => (s.length === 1 ? new RegExp(`[a-z]${s}$`).test(metric) : metric.toLowerCase().startsWith(s.toLowerCase())));
}

/**
 * The metric to rank by for one side of a two-sided game: `winA` becomes `winB` when the policies
 * varied are side B's, and a side named by a word (skynet) takes the first rate that starts with it
 * (skynetWins); without such a metric, and in one-sided games, the first rate stays.
 */
export function sideMetric(metric: string | undefined, side: string | undefined, rates: readonly string[]): string | undefined {
  if (!metric || !side) return metric;
  if (side === 'A' || side === 'B') {
    const other = side === 'A' ? 'B' : 'A';
    const mine = metric.endsWith(other) ? `${metric.slice(0, -1)}${side}` : metric;
    return rates.includes(mine) ? mine : metric;
  }
  return rates.find((r) => r.toLowerCase().startsWith(side.toLowerCase())) ?? metric;
}
