// What the charts of a report draw, from hand-built results (no browser: the specs are data):
// names rather than keys, the same histogram bins for every Rev-9 version, the compare forest plot
// of the summary metrics only, and the skill-ladder chart.
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/core/reportTypes.js';
import { wilson } from '../src/core/stats.js';
import { chartsOf, namesOf } from '../src/report/charts.js';
import { humanize } from '../src/report/names.js';

const report = (over: Partial<Report>): Report =>
  ({ tool: 'sim', version: '0', schemaVersion: 1, game: 'x', title: 't', method: 'mc', seed: 1, n: 100, confidence: 0.95, params: {}, paramsHash: '', result: {}, assumptions: [], tables: [], notes: [], ...over }) as Report;
const values = (spec: Record<string, unknown>) => (spec.data as { values: Record<string, unknown>[] }).values;

describe('chart names', () => {
  it('a key in words: camelCase split, data. dropped, a number set apart, die sizes kept', () => {
    expect(humanize('lossEmptyWoundDeck')).toBe('loss empty wound deck');
    expect(humanize('data.finalGirl.saveRewardHorror')).toBe('final girl · save reward horror');
    expect(humanize('card12Survived')).toBe('card 12 survived');
    expect(humanize('winA')).toBe('win A');
    expect(humanize('d8')).toBe('d8');
  });
  it("an id the result names is drawn by its name (Dark Fate's versions), other text with its keys in words", () => {
    const nameOf = namesOf({ versions: [{ rev9: 'damaged-endo', name: 'Damaged Endo' }] });
    expect(nameOf('damaged-endo')).toBe('Damaged Endo');
    expect(nameOf('2: Keep calm · horrorAtMost 1')).toBe('2: Keep calm · horror at most 1');
  });
});

describe('Dark Fate charts', () => {
  const bin = (from: number, to: number, won: number, lost: number, n: number) => ({
    from,
    to,
    won,
    lost,
    wonShare: { estimate: won / n, lo: 0, hi: 1, k: won, n },
    lostShare: { estimate: lost / n, lo: 0, hi: 1, k: lost, n },
  });
  const version = (rev9: string, name: string, binWidth: number, bins: ReturnType<typeof bin>[]) => ({
    rev9,
    name,
    win: { estimate: 0.8, lo: 0.7, hi: 0.9 },
    designer: {
      length: { binWidth, bins },
      cards: Array.from({ length: 20 }, (_, i) => ({ card: `Card ${i}`, gainedIn: { estimate: i / 20, lo: 0, hi: 1 }, winIfGained: { estimate: 0.9, lo: 0.8, hi: 0.95, k: 9, n: 10 } })),
    },
  });
  const r = report({
    game: 'darkfate',
    result: {
      versions: [
        version('endoskeleton', 'Endoskeleton', 5, [bin(5, 9, 1, 2, 40), bin(10, 14, 3, 0, 40), bin(15, 19, 4, 1, 40)]),
        version('damaged-endo', 'Damaged Endo', 10, [bin(10, 19, 6, 1, 40)]),
      ],
    },
  });
  const charts = chartsOf(r);

  it('game length: every version on the same bins (the widths’ least common multiple), counts summed, intervals computed again', () => {
    const h = charts.find((c) => c.title.startsWith('Game length (player turns), won and lost'))!;
    const rows = values(h.spec) as { version: string; turns: string; games: string; p: number; lo: number; hi: number }[];
    expect([...new Set(rows.map((x) => x.turns))].sort()).toEqual(['0–9', '10–19']);
    const endoWon = rows.find((x) => x.version === 'Endoskeleton' && x.turns === '10–19' && x.games === 'won')!;
    expect(endoWon.p).toBeCloseTo(7 / 40, 12);
    expect([endoWon.lo, endoWon.hi]).toEqual(Object.values(wilson(7, 40, 0.95)));
    expect(h.caption).toMatch(/the same 10-turn bins for every version/);
  });

  it("cards: the most gained per version, on a 0–100% axis, with the conditional caveat in the title and caption", () => {
    const c = charts.find((x) => x.title.startsWith('Cards '))!;
    expect(c.title).toMatch(/conditional on the game lasting long enough to gain the card/);
    expect(c.caption).toMatch(/Conditional on the game lasting long enough/);
    const rows = values(c.spec) as { version: string; card: string }[];
    expect(rows.filter((x) => x.version === 'Endoskeleton').map((x) => x.card)).toEqual(Array.from({ length: 12 }, (_, i) => `Card ${19 - i}`));
    expect(JSON.stringify(c.spec)).toContain('"domain":[0,1]');
  });
});

describe('compare and ladder charts', () => {
  it('the forest plot shows the summary metrics, as the table does: per-card and per-seat details stay in the JSON', () => {
    const comparison = (metric: string, detail: boolean) => ({ metric, kind: 'rate', difference: 0.01, lo: -0.01, hi: 0.03, ...(detail ? { detail: true } : {}) });
    const r = report({ params: { a: {}, b: {} }, result: { comparisons: [comparison('win', false), comparison('lossEmptyWoundDeck', false), comparison('card12GainedIn', true), comparison('seat1First', true)] } });
    const [forest] = chartsOf(r);
    expect((values(forest.spec) as { metric: string }[]).map((x) => x.metric)).toEqual(['win', 'loss empty wound deck']);
  });

  it("a ladder: the search's rate and the default's (rate − paired gain) against the budget, and the gap with its interval", () => {
    const rung = (budget: number, estimate: number, gain: number) => ({ label: '0', budget, estimate, estimateLo: estimate - 0.1, estimateHi: estimate + 0.05, gain, gainLo: gain - 0.05, gainHi: gain + 0.05, games: 100 });
    const r = report({ result: { baseline: 'planner', search: 'search', budget: 'searchRollouts', metric: 'survived', rungs: [rung(1, 0.6, 0.02), rung(2, 0.7, 0.12)] } });
    const [rate, gap] = chartsOf(r);
    expect(rate.title).toBe('Skill ladder: survived of search against its budget');
    expect(gap.title).toBe('Skill ladder: search − planner against the budget (percentage points)');
    const rows = values(rate.spec) as { budget: number; baseline: number; gap: number; gapLo: number }[];
    expect(rows.map((x) => x.baseline)).toEqual([0.6 - 0.02, 0.7 - 0.12]);
    expect(rows[1].gap).toBeCloseTo(12, 12);
    expect(rows[1].gapLo).toBeCloseTo(7, 12);
    expect(JSON.stringify(rate.spec)).toContain('"domain":[0,1]');
    expect(rate.caption).toMatch(/dashed line: planner on the same 100 games/);
    expect(JSON.stringify(rate.spec)).toContain('search rollouts (budget of search, doubling)');
  });
});
