// The one sentence every game report opens with (issue 28: "the answer first"): the headline number
// with its interval, and what it is conditional on (the policy and its measured gap, the assumption
// it is most sensitive to). Each mode composes its sentence from these pieces; the HTML page and
// the table output print it before anything else (Report.text).
import { signedText } from './numberText.js';
import type { Headline } from './reportTypes.js';

/** An estimate with its interval. */
export interface Interval {
  estimate: number;
  lo: number;
  hi: number;
}

/** "85.3% [83.6, 86.7]": a rate in percent with its interval ("[no interval]" where its ends are not numbers, as with one game). */
export function pctText(p: Interval, digits = 1): string {
  const f = (x: number) => (x * 100).toFixed(digits);
  return `${f(p.estimate)}% ${hasInterval(p) ? `[${f(p.lo)}, ${f(p.hi)}]` : NO_INTERVAL}`;
}

/** "5.26 [5.05, 5.46]": a mean with its interval ("[no interval]" where its ends are not numbers). */
export function meanText(p: Interval, digits = 2): string {
  return `${p.estimate.toFixed(digits)} ${hasInterval(p) ? `[${p.lo.toFixed(digits)}, ${p.hi.toFixed(digits)}]` : NO_INTERVAL}`;
}

const NO_INTERVAL = '[no interval]';

/** Whether both ends of an interval are numbers (a mean of one game has none). */
function hasInterval(p: Interval): boolean {
  return Number.isFinite(p.lo) && Number.isFinite(p.hi);
}

const signed = signedText;

/** "+2.0 pp [+0.5, +3.5]": a difference of rates in percentage points with its interval. */
export function ppText(d: number, lo: number, hi: number): string {
  return `${signed(d * 100, 1)} pp [${signed(lo * 100, 1)}, ${signed(hi * 100, 1)}]`;
}

/** The level every stored measurement (a ladder's gap, a sensitivity entry) was measured at. */
export const STORED_CONFIDENCE = 0.95;
/** " (95%)" while runs at another level build their reports, else empty: see labelStoredIntervals. */
let storedLabel = '';
/** Runs building their reports now (a compare builds two at once, at one level: the command's). */
let building = 0;

/**
 * A run at a confidence level other than the stored measurements' labels their intervals in its
 * sentences ("[+1.2, +4.9] (95%)"): the run calls this with its level before its report is built,
 * and with null after (the label stays while any run of the command is still building).
 */
export function labelStoredIntervals(runConfidence: number | null): void {
  if (runConfidence === null) {
    building = Math.max(0, building - 1);
    if (building === 0) storedLabel = '';
    return;
  }
  building++;
  storedLabel = runConfidence === STORED_CONFIDENCE ? '' : ` (${STORED_CONFIDENCE * 100}%)`;
}

/** "[lo, hi]" of a stored measurement, with its level where the run's is another. */
export function storedBounds(lo: string, hi: string): string {
  return `[${lo}, ${hi}]${storedLabel}`;
}

/** "Subject (a; b; c)." — the answer and what it is conditional on. */
export function answerSentence(answer: string, conditions: readonly string[]): string {
  const c = conditions.filter((x) => x !== '');
  return `${answer}${c.length ? ` (${c.join('; ')})` : ''}.`;
}

/**
 * The policy gap in a few words for the answer sentence: "the search wins +2.0 pp [+0.5, +3.5] more:
 * strong play wins at least that much more" when the interval excludes 0, else that no gap was
 * shown at that budget. `who` names the stronger player ("the search policy").
 */
export function gapWords(who: string, d: number, lo: number, hi: number): string {
  const bounds = storedBounds(signed(lo * 100, 1), signed(hi * 100, 1));
  const interval = `${signed(d * 100, 1)} pp ${bounds}`;
  if (lo > 0) return `${who} wins ${Math.abs(d * 100).toFixed(1)} pp more ${bounds}: the printed rate is at least that far below strong play`;
  if (hi < 0) return `${who} wins ${Math.abs(d * 100).toFixed(1)} pp less ${bounds} at its measured budget: no gap to stronger play shown`;
  return `${who}: ${interval}, no significant gap at its measured budget (not a distance either: a stronger search may still gain)`;
}

/** "37.5%": an exact rate in percent (the sentence names "exact" among its conditions, EXACT). */
export function exactPctText(p: number, digits = 1): string {
  return `${(p * 100).toFixed(digits)}%`;
}

/** The condition an exact answer carries instead of an interval. */
export const EXACT = 'exact';

/**
 * A Monte Carlo cross-check in a few words, for modes that play games beside an exact answer: "exact
 * 58.3% and 3.71, each inside its interval", or naming those outside ("exact 58.3% and 3.71; 3.71
 * outside its interval"). `exact[i]` is the exact value of the i-th estimate, as text; `inInterval[i]` null: that
 * estimate has no interval (one game).
 */
export function besideExactWords(exact: readonly string[], inInterval: readonly (boolean | null)[]): string {
  const list = exact.length > 1 ? `${exact.slice(0, -1).join(', ')} and ${exact[exact.length - 1]}` : exact[0];
  const outside = exact.filter((_, i) => inInterval[i] === false);
  const unknown = exact.filter((_, i) => inInterval[i] === null);
  if (outside.length === 0 && unknown.length === 0) return `exact ${list}, ${exact.length > 1 ? 'each inside its interval' : 'inside the interval'}`;
  const parts = [`exact ${list}`];
  if (outside.length) parts.push(`${outside.join(' and ')} outside ${outside.length > 1 ? 'their intervals' : 'its interval'}`);
  if (unknown.length) parts.push(`no interval for ${unknown.join(' and ')}`);
  return parts.join('; ');
}

/**
 * An exact value beside its interval as text to `digits` decimals, with as many more as it takes
 * (up to 6) for one outside the interval not to print as its end: "1.2500 outside [1.2539, …]" was
 * "1.25 outside [1.25, 1.49]". Returns the value's text and, where it is outside, the nearer end's.
 */
export function exactApart(exact: number, lo: number, hi: number, digits = 2): { text: string; end?: string } {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || (exact >= lo && exact <= hi)) return { text: exact.toFixed(digits) };
  const end = exact < lo ? lo : hi;
  let d = digits;
  while (d < 6 && exact.toFixed(d) === end.toFixed(d)) d++;
  return { text: exact.toFixed(d), end: `${exact < lo ? 'lower' : 'upper'} end ${end.toFixed(d)}` };
}

/** A headline's number as the answer prints it: "37.5%" (exact), "37.5% [36.1, 38.9]", "2.33 [2.30, 2.36]". */
export function headlineText(h: Headline): string {
  if (h.lo === null || h.hi === null) return h.kind === 'rate' ? exactPctText(h.estimate) : h.estimate.toFixed(2);
  const i = { estimate: h.estimate, lo: h.lo, hi: h.hi };
  return h.kind === 'rate' ? pctText(i) : meanText(i);
}

/** An exact headline (no interval). */
export function exactHeadline(label: string, estimate: number, kind: Headline['kind']): Headline {
  return { label, estimate, lo: null, hi: null, kind };
}

/** A headline with its interval. */
export function estimateHeadline(label: string, e: Interval, kind: Headline['kind']): Headline {
  return { label, estimate: e.estimate, lo: e.lo, hi: e.hi, kind };
}
