// The plots of a `sim tune` report (Vega-Lite, drawn by src/report/svg.ts): for each target metric
// and each varied parameter, the metric with its interval against the parameter's values (the other
// parameters held at the best setting's), the target as a red line and the best setting marked.
import type { Chart } from './charts.js';
import { humanize } from './names.js';

interface Estimate {
  estimate: number;
  lo: number;
  hi: number;
  kind: string;
}

interface Landscape {
  cell: Record<string, string>;
  estimates: Record<string, Estimate | null>;
  status: string;
}

/** The charts of a tune report's result (none when it has no landscape). */
export function tuneCharts(result: Record<string, unknown>): Chart[] {
  const axes = (result.axes ?? []) as { key: string; values: string[] }[];
  const targets = (result.targets ?? []) as { metric: string; value: number; kind: string }[];
  const landscape = (result.landscape ?? []) as Landscape[];
  const best = landscape.find((s) => s.status === 'best');
  if (!best) return [];
  const out: Chart[] = [];
  for (const t of targets) {
    const prob = t.kind === 'rate' || (t.kind === 'exact' && Math.abs(t.value) <= 1);
    for (const axis of axes) {
      // The slice through the best: every other parameter at its best value.
      const slice = landscape.filter((s) => axes.every((a) => a.key === axis.key || s.cell[a.key] === best.cell[a.key]) && s.estimates[t.metric]);
      if (slice.length < 2) continue;
      const numeric = axis.values.every((v) => v.trim() !== '' && Number.isFinite(Number(v)));
      const data = slice.map((s) => {
        const e = s.estimates[t.metric]!;
        return { x: numeric ? Number(s.cell[axis.key]) : s.cell[axis.key], y: e.estimate, lo: Number.isFinite(e.lo) ? e.lo : e.estimate, hi: Number.isFinite(e.hi) ? e.hi : e.estimate, status: s.status === 'best' ? 'best' : s.status.startsWith('out') ? 'out of the race' : 'indistinguishable' };
      });
      const name = humanize(axis.key);
      const metric = humanize(t.metric);
      const x = numeric ? { field: 'x', type: 'quantitative', title: name, scale: { zero: false }, axis: { tickMinStep: 1 } } : { field: 'x', type: 'ordinal', title: name, sort: null };
      // A rate on the whole 0–100% axis; another metric on its own scale.
      const y = { field: 'y', type: 'quantitative', title: metric, ...(prob ? { axis: { format: '.0%' }, scale: { domain: [0, 1] } } : { scale: { zero: false } }) };
      const others = axes.filter((a) => a.key !== axis.key).map((a) => `${humanize(a.key)} ${best.cell[a.key]}`);
      const title = `${metric} against ${name}${others.length ? ` (${others.join(', ')})` : ''}`;
      out.push({
        title,
        caption: `Dots: the estimate at each setting, bars: its interval (settings that left the race early have wider ones); red line: the target ${t.value}; the best setting is drawn larger.`,
        spec: {
          $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
          title: { text: title, anchor: 'start', fontSize: 13 },
          background: 'white',
          config: { view: { stroke: '#ddd' }, axis: { titleFontWeight: 'normal' } },
          width: 420,
          height: 260,
          layer: [
            { data: { values: data }, mark: { type: 'errorbar', ticks: true }, encoding: { x, y: { ...y, field: 'lo' }, y2: { field: 'hi' } } },
            { data: { values: data }, mark: { type: 'line', color: '#9bb7d4' }, encoding: { x, y } },
            { data: { values: data }, mark: { type: 'point', filled: true }, encoding: { x, y, color: { field: 'status', type: 'nominal', title: null }, size: { condition: { test: "datum.status === 'best'", value: 120 }, value: 40 } } },
            { data: { values: [{ target: t.value }] }, mark: { type: 'rule', color: '#d62728', strokeDash: [4, 3] }, encoding: { y: { field: 'target', type: 'quantitative' } } },
          ],
        },
      });
    }
  }
  return out;
}
