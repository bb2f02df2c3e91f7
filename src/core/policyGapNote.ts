// The line every report of a game with decisions prints about its bots when no gap to a stronger
// player was measured: the printed numbers are conditional on the bots, and how far those are from
// good play is unknown; and the one reader of the measured gaps, scenarios/<game>/policy-gap.yaml
// (every game with a search: Dark Fate, Terror, the Dual Fates match, the Genisys skirmish, the CCG).
// Each entry names its default and keeps that default's own rate on its games;
// test/storedFresh.test.ts plays every entry's configuration again on those games, so an entry whose
// default no longer plays them fails the tests instead of being printed (the search's side of an
// entry is not replayed).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from './packageInfo.js';
import { parseYamlSafely } from './safeYaml.js';

/** What every measured gap entry holds: a paired difference with its interval, on stated games. */
export interface GapMeasurement {
  games: number;
  seed: number;
  difference: number;
  lo: number;
  hi: number;
  pValue: number;
  command: string;
}

/**
 * One stored gap as `sim gaps` lists it (every game's gap file, one shape): the mode it was measured
 * in, its configuration in words, the side measured (null: a one-sided game), the default it was
 * measured against and its rate `base`, and the challenger that played in its place on the same
 * games (the game's search at a budget, or a Dual Fates fixed deployment) with its rate.
 * `printed` is false for an entry no report prints (`why` says why: measured under an earlier
 * Dual Fates deployment or against another default, or a later entry of a configuration whose
 * first entry the reports print).
 */
export interface StoredGap extends GapMeasurement {
  /** The mode's name ('' for the game's main mode). */
  mode: string;
  configuration: string;
  side: string | null;
  policy: string;
  base: number;
  challenger: 'search' | 'fixed deployment';
  challengerRate: number;
  /** The search's budget and the parameter that sets it (searchRollouts, searchIterations); null for a fixed deployment. */
  budget: number | null;
  budgetParam: string | null;
  /** A fixed deployment's layout (its units and points, and the order they were deployed in). */
  layout?: string;
  printed: boolean;
  why?: string;
}

/** Marks every entry after the first of its key as not printed: the reports print the first entry of a configuration (`find`). */
export function firstOfEach<T extends StoredGap>(rows: T[], key: (r: T) => string): T[] {
  const seen = new Set<string>();
  return rows.map((r) => {
    const k = key(r);
    if (seen.has(k)) return { ...r, printed: false, why: 'an earlier entry of the same configuration is the one the reports print' };
    seen.add(k);
    return r;
  });
}

/** The measurement fields of an entry, alone (what a StoredGap takes over from any game's entry). */
export function measurementOf(e: GapMeasurement): GapMeasurement {
  return { games: e.games, seed: e.seed, difference: e.difference, lo: e.lo, hi: e.hi, pValue: e.pValue, command: e.command };
}

/** A search entry (its measurement, budget and the search's rate) as a printed StoredGap, with the row's own fields. */
export function searchGap(e: GapMeasurement & { budget: number; search: number }, budgetParam: string, row: Pick<StoredGap, 'mode' | 'configuration' | 'side' | 'policy' | 'base'>): StoredGap {
  return { ...row, challenger: 'search', challengerRate: e.search, budget: e.budget, budgetParam, ...measurementOf(e), printed: true };
}

/** A game's gap file: scenarios/<game>/policy-gap.yaml. */
export function policyGapFileOf(gameId: string): string {
  return join(packageInfo().root, 'scenarios', gameId, 'policy-gap.yaml');
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** A rate: within [0, 1]. */
const isRate = (v: unknown): v is number => isNum(v) && v >= 0 && v <= 1;
/** A difference of two rates: within [−1, 1]. */
const isDiff = (v: unknown): v is number => isNum(v) && v >= -1 && v <= 1;

/** Text a gap file may hand to a report: a string with no control characters (a terminal escape read from a file is never printed). */
export function isPrintable(v: unknown): v is string {
  return typeof v === 'string' && !/[\u0000-\u001f\u007f-\u009f]/.test(v);
}

/** A rate difference in percentage points with one decimal, signed ("+14.8", "−0.7"): the gap lines' unit. */
export function gapPoints(x: number): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
}

/** Where an entry keeps the two rates its difference is made of: the default's (or the bot's) and the search's. */
export interface GapRates<T> {
  base: keyof T & string;
  search: keyof T & string;
}

/**
 * The measured entries of a gap file that hold a well-formed measurement (games and seed whole, the
 * difference inside its interval and every difference within [−1, 1], a p-value in [0, 1], a command
 * of printable text, the two rates in [0, 1] with difference = search − base) and pass `isEntry`
 * (the game's own fields), from the file's list `list` (`measured`: the search's entries); none when
 * the file is missing: the reports then say the gap was not measured. An entry that fails a check
 * is never printed.
 */
export function readGapEntries<T extends GapMeasurement>(file: string, rates: GapRates<T>, isEntry: (e: Record<string, unknown>) => boolean, list = 'measured'): T[] {
  if (!existsSync(file)) return [];
  const doc = parseYamlSafely(readFileSync(file, 'utf8'), file) as Record<string, unknown> | null;
  const entries = doc?.[list];
  if (!Array.isArray(entries)) return [];
  return entries.filter((e): e is T => {
    if (!e || typeof e !== 'object') return false;
    const x = e as Record<string, unknown>;
    const ok =
      Number.isSafeInteger(x.games) && (x.games as number) > 0 && Number.isSafeInteger(x.seed) && (x.seed as number) >= 0 &&
      isDiff(x.difference) && isDiff(x.lo) && isDiff(x.hi) && x.lo <= x.difference && x.difference <= x.hi &&
      isNum(x.pValue) && x.pValue >= 0 && x.pValue <= 1 && isPrintable(x.command) &&
      isRate(x[rates.base]) && isRate(x[rates.search]) && Math.abs((x[rates.search] as number) - (x[rates.base] as number) - x.difference) < 1e-6;
    return ok && isEntry(x);
  });
}

/** Whether the search gained significantly: the only case an entry is a floor on the distance to strong play. */
export const gapGained = (e: Pick<GapMeasurement, 'lo'>): boolean => e.lo > 0;

/** What an entry that is not a significant gain says after its numbers ("" for a gain); `bot`: what the search was measured against. */
export function gapTag(e: Pick<GapMeasurement, 'lo' | 'hi'>, bot: string): string {
  return gapGained(e) ? '' : e.hi < 0 ? ` (significantly lower: the search at this budget does not beat the ${bot})` : ' (no significant gap)';
}

/** A gap line's closing words: a floor only when some entry's search gained significantly. */
export function gapClosing(measured: readonly Pick<GapMeasurement, 'lo'>[]): string {
  return measured.some(gapGained) ? 'a floor on the distance to strong play' : 'no gap to stronger play shown at the measured budget (not a distance: a stronger search may still gain)';
}

/** "Policy gap: not measured for genisys skirmish (no search policy yet): …". */
export function unmeasuredGapNote(modeId: string, policies: readonly string[]): string {
  return `Policy gap: not measured for ${modeId} (it has no search policy yet), so how far the bots that played (${policies.join(', ')}) are from good play is unknown; every rate above is conditional on them. \`sim policies ${modeId}\` compares the built-in policies on the same games.`;
}
