// The plots of a `sim policies GAME --ladder` report (Vega-Lite, drawn by src/report/svg.ts): the
// search policy's rate with its interval against its budget (doubling, so on a log axis), the
// default policy's rate on the same games as a dashed line; and the gap (search − default, paired)
// with its interval against the budget, with the line of no gap. One line per run (Rev-9 version).
import type { Chart, VlSpec } from './charts.js';
import { humanize } from './names.js';
import { groupedInteger } from '../core/numberText.js';

interface RungLike {
  label: string;
  budget: number;
  estimate: number;
  estimateLo: number | null;
  estimateHi: number | null;
  gain: number;
  gainLo: number | null;
  gainHi: number | null;
  games: number;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isRung = (r: unknown): r is RungLike => typeof r === 'object' && r !== null && isNum((r as RungLike).budget) && isNum((r as RungLike).estimate) && isNum((r as RungLike).gain);

/** The charts of a ladder report's result (none without rungs). */
export function ladderCharts(result: Record<string, unknown>): Chart[] {
  const rungs = (Array.isArray(result.rungs) ? result.rungs : []).filter(isRung);
  if (!rungs.length) return [];
  const metric = humanize(typeof result.metric === 'string' ? result.metric : 'the metric');
  const budget = humanize(typeof result.budget === 'string' ? result.budget : 'budget');
  const search = String(result.search ?? 'search');
  const baseline = String(result.baseline ?? 'default');
  // A rate: every estimate, and its Wilson interval, within [0, 1].
  const rate = rungs.every((r) => r.estimate >= 0 && r.estimate <= 1 && isNum(r.estimateLo) && isNum(r.estimateHi));
  const runs = new Set(rungs.map((r) => r.label)).size;
  const data = rungs.map((r) => ({
    run: r.label,
    budget: r.budget,
    search: r.estimate,
    searchLo: isNum(r.estimateLo) ? r.estimateLo : r.estimate,
    searchHi: isNum(r.estimateHi) ? r.estimateHi : r.estimate,
    // The same games: the default's rate is the search's less the paired gain.
    baseline: r.estimate - r.gain,
    gap: r.gain * (rate ? 100 : 1),
    gapLo: (isNum(r.gainLo) ? r.gainLo : r.gain) * (rate ? 100 : 1),
    gapHi: (isNum(r.gainHi) ? r.gainHi : r.gain) * (rate ? 100 : 1),
  }));
  const budgets = [...new Set(rungs.map((r) => r.budget))].sort((a, b) => a - b);
  const x = { field: 'budget', type: 'quantitative', title: `${budget} (budget of ${search}, doubling)`, scale: { type: 'log', base: 2, domain: [budgets[0] / 1.4, budgets[budgets.length - 1] * 1.4] }, axis: { values: budgets, format: 'd', grid: false } };
  const color = runs > 1 ? { color: { field: 'run', type: 'nominal', title: 'run' } } : {};
  const base = (title: string, layer: VlSpec[]): VlSpec => ({
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, anchor: 'start', fontSize: 13 },
    background: 'white',
    config: { view: { stroke: '#ddd' }, axis: { titleFontWeight: 'normal' } },
    data: { values: data },
    width: 420,
    height: 240,
    layer,
  });
  const y = (field: string, title: string) => ({ field, type: 'quantitative', title, ...(rate ? { axis: { format: '.0%' }, scale: { domain: [0, 1] } } : { scale: { zero: false } }) });
  const rateTitle = `Skill ladder: ${metric} of ${search} against its budget`;
  const gapTitle = `Skill ladder: ${search} − ${baseline} against the budget${rate ? ' (percentage points)' : ''}`;
  const games = groupedInteger(Math.min(...rungs.map((r) => r.games)));
  return [
    {
      title: rateTitle,
      caption: `Dots and line: ${metric} of ${search} at each budget; bars: its interval; dashed line: ${baseline} on the same ${games} games.`,
      spec: base(rateTitle, [
        { mark: { type: 'rule', strokeDash: [5, 4], color: '#888' }, encoding: { x: { aggregate: 'min', field: 'budget', type: 'quantitative' }, x2: { aggregate: 'max', field: 'budget' }, y: { ...y('baseline', metric), aggregate: 'mean' }, ...(runs > 1 ? { color: { field: 'run', type: 'nominal' } } : {}) } },
        { mark: { type: 'errorbar', ticks: true }, encoding: { x, y: y('searchLo', metric), y2: { field: 'searchHi' }, ...color } },
        { mark: { type: 'line', point: { filled: true, size: 50 } }, encoding: { x, y: y('search', metric), ...color } },
      ]),
    },
    {
      title: gapTitle,
      caption: `Dots and line: ${search} − ${baseline}, paired on the same games, at each budget; bars: its interval; dashed line: no gap. ${rate ? "Above the line: the search plays better; the top rung's gap is a floor on the distance to strong play." : `Above the line: the search's games have more ${metric} (a mean, not a win rate: more is not necessarily better play).`}`,
      spec: base(gapTitle, [
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: 0, type: 'quantitative' } } },
        { mark: { type: 'errorbar', ticks: true }, encoding: { x, y: { field: 'gapLo', type: 'quantitative', title: `${search} − ${baseline}${rate ? ' (pp)' : ''}` }, y2: { field: 'gapHi' }, ...color } },
        { mark: { type: 'line', point: { filled: true, size: 50 } }, encoding: { x, y: { field: 'gap', type: 'quantitative' }, ...color } },
      ]),
    },
  ];
}
