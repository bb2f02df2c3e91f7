// The answer sentence's pieces (src/core/answer.ts): the words every mode composes its first line from.
import { describe, expect, it } from 'vitest';
import { answerSentence, besideExactWords, exactPctText, gapWords, headlineText, meanText, pctText } from '../src/core/answer.js';

describe('answer pieces', () => {
  it('print a rate or a mean with its interval, and say so when there is none (one game)', () => {
    expect(pctText({ estimate: 0.8526, lo: 0.8425, hi: 0.8622 })).toBe('85.3% [84.3, 86.2]');
    expect(meanText({ estimate: 1, lo: NaN, hi: NaN })).toBe('1.00 [no interval]');
    expect(pctText({ estimate: 0, lo: 0, hi: Infinity })).toBe('0.0% [no interval]');
    expect(exactPctText(3 / 8)).toBe('37.5%');
  });

  it('say whether each exact value lies in its interval, naming those outside and those without one', () => {
    expect(besideExactWords(['58.3%'], [true])).toBe('exact 58.3%, inside the interval');
    expect(besideExactWords(['58.3%', '3.71'], [true, true])).toBe('exact 58.3% and 3.71, each inside its interval');
    expect(besideExactWords(['58.3%', '3.71'], [true, false])).toBe('exact 58.3% and 3.71; 3.71 outside its interval');
    expect(besideExactWords(['58.3%', '3.71'], [false, null])).toBe('exact 58.3% and 3.71; 58.3% outside its interval; no interval for 3.71');
  });

  it('print a headline exact (no interval) or with its interval, and drop empty conditions', () => {
    expect(headlineText({ label: 'P', estimate: 0.375, lo: null, hi: null, kind: 'rate' })).toBe('37.5%');
    expect(headlineText({ label: 'm', estimate: 2, lo: 1.99, hi: 2.01, kind: 'mean' })).toBe('2.00 [1.99, 2.01]');
    expect(answerSentence('It hits 37.5%', ['', 'exact'])).toBe('It hits 37.5% (exact).');
    expect(answerSentence('It hits', [])).toBe('It hits.');
  });
  it('a policy gap in words: a floor where the search gains significantly, and no claim of a floor where its interval holds 0 (as the README says)', () => {
    expect(gapWords('the search', 0.05, 0.02, 0.08)).toMatch(/^the search wins 5\.0 pp more \[\+2\.0, \+8\.0\]: the printed rate is at least that far below strong play$/);
    const none = gapWords('the search', 0.01, -0.008, 0.028);
    expect(none).toMatch(/no significant gap at its measured budget \(not a distance either: a stronger search may still gain\)$/);
    expect(none).not.toMatch(/floor/);
  });
});
