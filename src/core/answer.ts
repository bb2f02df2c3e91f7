// The one sentence every game report opens with (issue 28: "the answer first"): the headline number
// with its interval, and what it is conditional on (the policy and its measured gap, the assumption
// it is most sensitive to). Each mode composes its sentence from these pieces; the HTML page and
// the table output print it before anything else (Report.text).
import { signedText } from './numberText.js';

/** An estimate with its interval. */
export interface Interval {
  estimate: number;
  lo: number;
  hi: number;
}

/** "85.3% [83.6, 86.7]": a rate in percent with its interval. */
export function pctText(p: Interval, digits = 1): string {
  const f = (x: number) => (x * 100).toFixed(digits);
  return `${f(p.estimate)}% [${f(p.lo)}, ${f(p.hi)}]`;
}

/** "5.26 [5.05, 5.46]": a mean with its interval. */
export function meanText(p: Interval, digits = 2): string {
  return `${p.estimate.toFixed(digits)} [${p.lo.toFixed(digits)}, ${p.hi.toFixed(digits)}]`;
}

const signed = signedText;

/** "+2.0 pp [+0.5, +3.5]": a difference of rates in percentage points with its interval. */
export function ppText(d: number, lo: number, hi: number): string {
  return `${signed(d * 100, 1)} pp [${signed(lo * 100, 1)}, ${signed(hi * 100, 1)}]`;
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
  const interval = ppText(d, lo, hi);
  if (lo > 0) return `${who} wins ${interval} more: strong play wins at least that much more`;
  if (hi < 0) return `${who} wins ${interval} less at its measured budget: no gap to stronger play shown`;
  return `${who}: ${interval}, no significant gap at its measured budget (a floor, not a distance)`;
}
