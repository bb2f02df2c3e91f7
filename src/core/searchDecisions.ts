// The parameter `searchDecisions` of every game whose search policy is the shared tree search
// (src/core/search.ts): which of the game's decisions the search answers; the game's default bot
// answers the others. Searching one kind of decision at a time, each in a paired compare against
// the bot, splits the bot's gap to the search between its decisions (where a better bot would
// gain): e.g. `sim compare "tccg game" --set resistancePolicy=search --set
// searchDecisions=move`.
import { nearest, type ParamSpec, type ParamValue } from './params.js';
import { UsageError } from './usageError.js';

/** Its value when the search answers every decision it can (the default). */
export const ALL_DECISIONS = 'all';

/** A decision name as the parameter matches it: case, spaces, hyphens and underscores ignored. */
const norm = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

/** The names of the decisions in bitmask `searchable` (bit = decision code): the kinds `sim policies --split` plays. */
export const searchableNames = (names: readonly string[], searchable: number): string[] => names.filter((_, i) => (searchable >>> i) & 1);

/**
 * The parameter, for a game whose decisions are `names` (index = decision code), of which the search
 * answers those in bitmask `searchable` (the engine's resumable ones); `inert` says why it has no
 * effect (no side plays the search).
 */
export function searchDecisionsParam(names: readonly string[], searchable: number, inert: (p: Readonly<Record<string, ParamValue>>) => string | null): ParamSpec {
  return {
    key: 'searchDecisions',
    // "all" asks nothing of a policy that is not the search (as --sniper false asks nothing).
    inert: (p) => (norm(String(p.searchDecisions)) === ALL_DECISIONS ? null : inert(p)),
    type: 'string',
    default: ALL_DECISIONS,
    doc: `policy search: the decisions it answers, all or a list separated by commas of ${searchableNames(names, searchable).join(', ')}; the default bot answers the others. A paired compare of the search on each against the bot splits the bot's gap between its decisions`,
    source: 'sim: search setting',
    cli: { value: '<names>', help: `policy search: the decisions it answers: all (default) or names separated by commas (${searchableNames(names, searchable).join(', ')})` },
  };
}

/**
 * The decision codes a value names, in code order; null for all. A name that is not a decision the
 * search answers (see searchDecisionsParam) is a UsageError naming the parameter and the names it takes.
 */
export function parseSearchDecisions(value: ParamValue, names: readonly string[], searchable: number): number[] | null {
  const text = String(value).trim();
  if (norm(text) === ALL_DECISIONS) return null;
  const ok = searchableNames(names, searchable);
  const expected = `expected all or a list separated by commas of ${ok.join(', ')}`;
  const byName = new Map(names.map((n, i) => [norm(n), i]));
  const codes = new Set<number>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const code = byName.get(norm(part));
    if (code === undefined) {
      const near = nearest(part, ok);
      throw new UsageError(`parameter searchDecisions: "${part}" is not a decision of this game${near ? ` (did you mean "${near}"?)` : ''}; ${expected}`);
    }
    if (!((searchable >>> code) & 1)) throw new UsageError(`parameter searchDecisions: the search does not answer "${names[code]}" (the default bot always does); ${expected}`);
    codes.add(code);
  }
  return [...codes].sort((a, b) => a - b);
}

/** The search's `searches` test for a parsed list (undefined: every decision). */
export function searchesOf(codes: readonly number[] | null | undefined): ((decision: number) => boolean) | undefined {
  if (!codes) return undefined;
  const on = new Set(codes);
  return (decision) => on.has(decision);
}
