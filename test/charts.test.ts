// What the charts of a report draw, from hand-built results (no browser: the specs are data):
// names rather than keys, the same histogram bins for every Rev-9 version, the compare forest plot
// of the summary metrics only, and the skill-ladder chart.
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/core/reportTypes.js';
import { wilson } from '../src/core/stats.js';
import { chartsOf, LABEL_LIMIT, namesOf, titleLines } from '../src/report/charts.js';
import { humanize } from '../src/report/names.js';
import { runCli } from './helpers/runCli.js';

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

  it("a Dark Fate page's first chart answers its question (how the game ends, by version); the seats chart of its table comes after the game's own", () => {
    for (const rev9 of ['all', 'endoskeleton']) {
      const r = JSON.parse(runCli(['darkfate', '--rev9', rev9, '-n', '60', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout) as Report;
      const titles = chartsOf(r).map((c) => c.title);
      expect(titles[0], rev9).toMatch(/^How the game ends, by Rev-9 version/);
      expect(titles.findIndex((t) => t.startsWith('Seats')), rev9).toBe(titles.length - 1);
    }
  });

  it('the forest plot of means keeps the table order of its rows; zero is always on the axis', () => {
    const mean = (metric: string, d: number) => ({ metric, kind: 'count', difference: d, lo: d - 1, hi: d - 0.5 });
    const r = report({ params: { a: {}, b: {} }, result: { comparisons: [mean('turns', -10), mean('wonIn', -11), mean('flees', -2)] } });
    const means = chartsOf(r).find((c) => c.title.startsWith('B − A for each mean'))!;
    expect(((means.spec.facet as { row: { sort: string[] } }).row.sort)).toEqual(['turns', 'won in', 'flees']);
    expect(JSON.stringify(means.spec)).toContain('"zero":true');
    // A mean equal in every pair (no interval, no difference) is left to the table, and the caption names it.
    const flat = report({ params: { a: {}, b: {} }, result: { comparisons: [mean('turns', -10), { metric: 'wonIn', kind: 'count', difference: 0, lo: null, hi: null }] } });
    const only = chartsOf(flat).find((c) => c.title.startsWith('B − A for each mean'))!;
    expect(((only.spec.facet as { row: { sort: string[] } }).row.sort)).toEqual(['turns']);
    expect(only.caption).toMatch(/Equal in every paired game, so not drawn \(the table has them\): won in\.$/);
    // A mean that differs but has no interval (too few pairs: Dark Fate's "lost in") is no bare dot either: left to the table, named.
    const few = report({ params: { a: {}, b: {} }, result: { comparisons: [mean('turns', -10), { metric: 'lostIn', kind: 'count', difference: -9.2, lo: null, hi: null }] } });
    const drawn = chartsOf(few).find((c) => c.title.startsWith('B − A for each mean'))!;
    expect(((drawn.spec.facet as { row: { sort: string[] } }).row.sort)).toEqual(['turns']);
    expect(drawn.caption).toMatch(/No interval \(fewer than 30 pairs, or no spread\), so not drawn \(the table has them\): lost in\.$/);
    // A difference of 0 with an interval is drawn.
    expect(chartsOf(report({ params: { a: {}, b: {} }, result: { comparisons: [{ metric: 'flees', kind: 'count', difference: 0, lo: -1, hi: 1 }] } })).map((c) => c.title)).toContain('B − A for each mean (each on its own scale)');
  });

  it('the tornado: a change\'s label lies beyond its interval away from 0 (never over its bar); one no-effect line for the whole chart; a lone change sits in its own row', () => {
    const effect = (key: string, direction: string, d: number) => ({ key, direction, from: 2, to: 1, difference: d, lo: d - 0.01, hi: d + 0.01, changed: 10 });
    const r = report({ params: { top: 25, base: {} }, result: { kind: 'rate', metric: 'win', baseline: [], effects: [effect('a', 'lower', -0.1), effect('a', 'higher', 0.05), effect('b', 'other', -0.03)] } });
    const [tornado] = chartsOf(r);
    const spec = JSON.stringify(tornado.spec);
    expect(spec).toContain('{"filter":"datum.d < 0"}],"mark":{"type":"text","align":"right"');
    expect(spec).toContain('"encoding":{"x":{"field":"lo","type":"quantitative"},"text":{"field":"change"}}');
    const rows = values(tornado.spec) as { row: string; slot: number }[];
    expect(rows.map((x) => [x.row, x.slot])).toEqual([['a', 0], ['a', 1], ['b', 0]]);
    expect((tornado.spec.layer as { data?: { values: unknown[] } }[])[0].data?.values).toEqual([{}]);
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

describe('legible charts: row labels, units, parts, titles, grid numbers', () => {
  const col = (key: string, header: string, format: string) => ({ key, header, format }) as never;
  const interval = (v: number) => ({ estimate: v, lo: v - 0.05, hi: v + 0.05 });

  it("a sweep draws one line per row label (the dice table's k), not one sawtooth per other axis; the axis in words", () => {
    const columns = [col('cell.target', 'target', 'text'), col('cell.count', 'count', 'text'), col('successes', 'k', 'int'), col('estimate', 'MC P(=k)', 'prob'), col('lo', 'lo', 'prob'), col('hi', 'hi', 'prob')];
    const rows = ['3', '4'].flatMap((target) => ['2', '3'].flatMap((count) => [0, 1, 2].map((k) => ({ 'cell.target': target, 'cell.count': count, successes: k, ...((e) => ({ estimate: e.estimate, lo: e.lo, hi: e.hi }))(interval(0.1 * (k + 1))) }))));
    const r = report({ result: { axes: [{ key: 'target', values: ['3', '4'] }, { key: 'count', values: ['2', '3'] }], cells: [] }, tables: [{ title: 'Successes', columns, rows }], params: { grid: {} } });
    const [c] = chartsOf(r);
    const data = values(c.spec) as { x: number; line: string }[];
    // Each line has one point per target: no two points of one line share an x.
    const lines = new Set(data.map((d) => d.line));
    expect(lines.size).toBe(6);
    for (const l of lines) expect(data.filter((d) => d.line === l).map((d) => d.x)).toEqual([3, 4]);
    expect([...lines]).toContain('count 2 · k 1');
    expect(c.title).toBe('MC P(=k) against target, one line per count · k');
  });

  it('a sweep axis with one value in every row (--grid rev9=all) is left out of the line names; the legend sits under the plot with whole names and full-colour swatches', () => {
    const columns = [col('cell.rev9', 'rev9', 'text'), col('cell.handSize', 'handSize', 'text'), col('cell.policy', 'policy', 'text'), col('version', 'Rev-9', 'text'), col('win', 'win', 'prob'), col('winLo', 'lo', 'prob'), col('winHi', 'hi', 'prob')];
    const rows = ['5', '6'].flatMap((h) => ['greedy', 'planner'].flatMap((policy) => ['Damaged Endo', 'Fully Operational'].map((version) => ({ 'cell.rev9': 'all', 'cell.handSize': h, 'cell.policy': policy, version, win: 0.5, winLo: 0.4, winHi: 0.6 }))));
    const r = report({ result: { axes: [{ key: 'rev9', values: ['all'] }, { key: 'handSize', values: ['5', '6'] }, { key: 'policy', values: ['greedy', 'planner'] }], cells: [] }, tables: [{ title: 'Win rate by Rev-9 version', columns, rows }], params: { grid: {} } });
    const [c] = chartsOf(r);
    const lines = [...new Set((values(c.spec) as { line: string }[]).map((d) => d.line))];
    expect(lines).toEqual(['policy greedy · Damaged Endo', 'policy greedy · Fully Operational', 'policy planner · Damaged Endo', 'policy planner · Fully Operational']);
    expect(c.title).toBe('win against hand size, one line per policy · Rev-9');
    const legend = JSON.stringify(c.spec);
    expect(legend).toContain('"legend":{"orient":"bottom","columns":2,"labelLimit":360,"titleLimit":360,"symbolOpacity":1');
  });

  it('a sweep whose only axis has one value (--grid rev9=all) draws its lines as categories with their intervals, not one dot per line', () => {
    const columns = [col('cell.rev9', 'rev9', 'text'), col('version', 'Rev-9', 'text'), col('win', 'win', 'prob'), col('winLo', 'lo', 'prob'), col('winHi', 'hi', 'prob')];
    const rows = ['Damaged Endo', 'Endoskeleton', 'Fully Operational'].map((version, i) => ({ 'cell.rev9': 'all', version, win: 0.5 + i / 10, winLo: 0.4 + i / 10, winHi: 0.6 + i / 10 }));
    const r = report({ result: { axes: [{ key: 'rev9', values: ['all'] }], cells: [] }, tables: [{ title: 'Win rate by Rev-9 version', columns, rows }], params: { grid: {} } });
    const [c] = chartsOf(r);
    expect(c.title).toBe('win by Rev-9 (rev 9 all)');
    const spec = JSON.stringify(c.spec);
    expect(spec).toContain('"x":{"field":"line","type":"ordinal","title":"Rev-9"');
    expect(spec).not.toContain('"type":"line"');
    expect((values(c.spec) as { line: string }[]).map((d) => d.line)).toEqual(['Damaged Endo', 'Endoskeleton', 'Fully Operational']);
  });

  it('a sweep with more lines than the palette draws the 8 whose intervals\' lower ends are highest (not a line on a few games with a high estimate) and says how many are left', () => {
    const columns = [col('cell.handSize', 'handSize', 'text'), col('card', 'card', 'text'), col('win', 'win', 'prob'), col('winLo', 'lo', 'prob'), col('winHi', 'hi', 'prob')];
    // card-11: the highest estimate, on so few games that its interval is 0 to 100%.
    const rows = ['4', '5'].flatMap((h) => Array.from({ length: 12 }, (_, i) => ({ 'cell.handSize': h, card: `card-${i}`, win: i === 11 ? 0.95 : i / 20, winLo: i === 11 ? 0 : i / 20 - 0.01, winHi: i === 11 ? 1 : i / 20 + 0.01 })));
    const r = report({ result: { axes: [{ key: 'handSize', values: ['4', '5'] }], cells: [{ result: { cards: Array.from({ length: 12 }, (_, i) => ({ id: `card-${i}`, name: `Card ${i}` })) } }] }, tables: [{ title: 'Cards', columns, rows }], params: { grid: {} } });
    const [c] = chartsOf(r);
    const lines = [...new Set((values(c.spec) as { line: string }[]).map((d) => d.line))];
    expect(lines).toEqual(Array.from({ length: 8 }, (_, i) => `Card ${i + 3}`));
    expect(c.title).toBe('win against hand size, one line per card (the 8 whose lower ends are highest, of 12)');
    // The same table after another: its quantity names its table (a card's win is the win of the games in which it was gained).
    const first = { title: 'Win rate by Rev-9 version', columns: [col('cell.handSize', 'handSize', 'text'), col('win', 'win', 'prob'), col('winLo', 'lo', 'prob'), col('winHi', 'hi', 'prob')], rows: ['4', '5'].map((h) => ({ 'cell.handSize': h, win: 0.5, winLo: 0.4, winHi: 0.6 })) };
    const both = chartsOf({ ...r, tables: [first, { title: 'Cards (per game; win: of the games in which it was gained)', columns, rows }] });
    expect(both.map((x) => x.title)).toEqual(['win against hand size', 'Cards: win against hand size, one line per card (the 8 whose lower ends are highest, of 12)']);
    expect(c.caption).toMatch(/The other 4 lines are in the table/);
    expect(JSON.stringify(c.spec)).toContain('"title":"hand size"');
  });

  it('a difference of rates is drawn in percentage points (data ×100, a pp axis, no % format), bars named by the text column, not the rank', () => {
    const columns = [col('rank', 'rank', 'int'), col('side', 'side', 'text'), col('policy', 'policy', 'text'), col('difference', 'vs default', 'pp'), col('lo', 'lo', 'pp'), col('hi', 'hi', 'pp')];
    const rows = [
      { rank: 2, side: 'A', policy: 'hold', difference: -0.44, lo: -0.55, hi: -0.32 },
      { rank: 3, side: 'A', policy: 'random', difference: -0.5, lo: -0.6, hi: -0.4 },
    ];
    const [c] = chartsOf(report({ tables: [{ title: 'Policies', columns, rows }] }));
    const data = values(c.spec) as { _label: string; difference: number; lo: number }[];
    expect(data.map((d) => d._label)).toEqual(['hold', 'random']);
    expect(data[0].difference).toBeCloseTo(-44, 9);
    expect(data[0].lo).toBeCloseTo(-55, 9);
    const spec = JSON.stringify(c.spec);
    expect(spec).toContain('"title":"vs default (pp)"');
    expect(spec).not.toContain('.0%');
  });

  it('a part of an outcome (of which) and the sub-routes of a total are drawn lighter, under their row, named "↳ of which"', () => {
    const terror = { title: 'How the game ends', columns: [col('metric', 'outcome', 'text'), col('estimate', 'rate', 'prob'), col('lo', 'lo', 'prob'), col('hi', 'hi', 'prob')], rows: [{ metric: 'win', estimate: 0.9, lo: 0.8, hi: 0.95 }, { metric: '  of which at 0 health', estimate: 0.04, lo: 0.02, hi: 0.1 }, { metric: 'dies', estimate: 0.1, lo: 0.05, hi: 0.2 }] };
    const ccg = { title: 'Winner', columns: [col('winner', 'winner', 'text'), col('route', 'route', 'text'), col('estimate', 'P', 'prob'), col('lo', 'lo', 'prob'), col('hi', 'hi', 'prob')], rows: [['Resistance', 'any', 0.4], ['Skynet', 'any', 0.5], ['Resistance', 'main', 0.1], ['Skynet', 'main', 0.2]].map(([winner, route, e]) => ({ winner, route, estimate: e, lo: (e as number) - 0.05, hi: (e as number) + 0.05 })) };
    const [a, b] = chartsOf(report({ tables: [terror, ccg] }));
    expect((values(a.spec) as { _label: string; _part: boolean }[]).map((d) => [d._label, d._part])).toEqual([['win', false], ['↳ of which at 0 health', true], ['dies', false]]);
    expect((values(b.spec) as { _label: string }[]).map((d) => d._label)).toEqual(['Resistance · any', '↳ Resistance · of which main', 'Skynet · any', '↳ Skynet · of which main']);
    expect(a.caption).toMatch(/lighter bars marked ↳/);
    expect(JSON.stringify(a.spec)).toContain('"test":"datum._part"');
  });

  it('a long title is broken into lines no longer than 64 characters; a label gets 480 px before it is cut', () => {
    expect(titleLines('a '.repeat(100).trim()).every((l) => l.length <= 64)).toBe(true);
    expect(titleLines('short')).toEqual(['short']);
    const t = { title: `${'Fated Victims per game '.repeat(6)}`.trim(), columns: [col('metric', 'what', 'text'), col('mean', 'mean', 'fixed2'), col('lo', 'lo', 'fixed2'), col('hi', 'hi', 'fixed2')], rows: [{ metric: 'saved', mean: 2, lo: 1.8, hi: 2.2 }] };
    const [c] = chartsOf(report({ tables: [t] }));
    expect(Array.isArray((c.spec.title as { text: unknown }).text)).toBe(true);
    expect(LABEL_LIMIT).toBeGreaterThanOrEqual(480);
  });

  it('every cell of a grid of die-step heatmaps has its number (percent), coloured against the cell', () => {
    const axes = ['skill', 'range', 'power', 'armor'];
    const cells = ['d4', 'd6'].flatMap((skill) => ['cc', 'pb'].flatMap((range) => ['d4', 'd6'].flatMap((power) => [3, 4].map((armor) => ({ skill, range, power, armor, p: 0.25 })))));
    const [c] = chartsOf(report({ game: 'genisys', result: { axes, cells, metric: 'hit' } }));
    const text = JSON.stringify(c.spec);
    expect(text).toContain('"type":"text"');
    expect(text).toContain('round(datum.p * 100)');
    expect(text).toContain('"test":"datum.p > 0.5"');
    expect(c.caption).toMatch(/Colour and number/);
  });
});
