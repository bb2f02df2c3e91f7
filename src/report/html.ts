// The HTML rendering of a report: one self-contained page (no script, no stylesheet or image from
// elsewhere, no URL at all), with the answer first, the plots drawn at report time as inline SVG
// (src/report/charts.ts, src/report/svg.ts), the tables, the notes, the assumptions and the
// provenance, and the JSON report itself embedded for whoever wants the numbers.
import type { Report, ResultTable } from '../core/reportTypes.js';
import { chartsOf, type Chart } from './charts.js';
import { formatCell, headerLines, jsonReport } from './report.js';
import { reportKind } from './reportKind.js';
import { specToSvg } from './svg.js';
import { humanize } from './names.js';
import { groupedInteger } from '../core/numberText.js';
import { jsonText, printableView } from '../core/printable.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2330; margin: 0 auto; max-width: 1100px; padding: 18px 24px 60px; }
h1 { font-size: 1.35em; margin: 0.2em 0 0.1em; } h2 { font-size: 1.1em; margin: 1.6em 0 0.5em; border-bottom: 1px solid #dde; padding-bottom: 3px; }
.facts { color: #556; margin: 0 0 0.8em; } .partial { background: #fff4d6; border: 1px solid #e8c15a; padding: 6px 10px; }
.answer { background: #eef5ff; border-left: 4px solid #3b6fc4; padding: 8px 12px; font-size: 1.05em; white-space: pre-wrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
figure.chart { margin: 14px 0 22px; } figure.chart figcaption { color: #556; font-size: 0.9em; margin-top: 2px; }
.chart-error { color: #a00; }
table.data { border-collapse: collapse; margin: 6px 0 18px; font-size: 0.92em; } table.data caption { text-align: left; font-weight: 600; padding: 4px 0; }
table.data th, table.data td { border: 1px solid #d8dbe3; padding: 3px 8px; } table.data th { background: #f3f4f8; font-weight: 600; }
table.data td.num { text-align: right; font-variant-numeric: tabular-nums; } .scroll { overflow-x: auto; }
ul.assumptions li, ul.notes li { margin: 2px 0; } dl.prov { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; } dl.prov dt { color: #556; } dl.prov dd { margin: 0; font-family: ui-monospace, Menlo, monospace; overflow-wrap: anywhere; }
`;

/** More rows than this in one HTML table are cut (the JSON embedded in the page has them all). */
const MAX_HTML_ROWS = 2000;

function tableHtml(t: ResultTable): string {
  const head = t.columns.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('');
  const shown = t.rows.slice(0, MAX_HTML_ROWS);
  const body = shown
    .map((row) => `<tr>${t.columns.map((c) => {
      const v = row[c.key] ?? null;
      return `<td${typeof v === 'number' ? ' class="num"' : ''}>${escapeHtml(formatCell(v, c.format))}</td>`;
    }).join('')}</tr>`)
    .join('\n');
  const cut = t.rows.length > shown.length ? `<p>… ${t.rows.length - shown.length} more rows in the JSON report embedded in this page.</p>` : '';
  return `<div class="scroll"><table class="data"><caption>${escapeHtml(t.title)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>${cut}`;
}

async function chartHtml(c: Chart): Promise<string> {
  try {
    const svg = await specToSvg(c.spec);
    return `<figure class="chart" data-chart="${escapeHtml(c.title)}"><div class="scroll">${svg}</div><figcaption>${escapeHtml(c.caption)}</figcaption></figure>`;
  } catch (e) {
    // A chart that cannot be drawn must not cost the reader the rest of the page: say so in its place.
    return `<figure class="chart-error" data-chart="${escapeHtml(c.title)}"><p>${escapeHtml(c.title)}: not drawn (${escapeHtml(e instanceof Error ? e.message : String(e))})</p></figure>`;
  }
}

function provenanceHtml(r: Report): string {
  const items: [string, string][] = [
    ['tool', `${r.tool} ${r.version}`],
    ['game', r.game],
    ['kind', reportKind(r)],
    ['method', r.method],
    ...(r.seed !== null ? [['seed', String(r.seed)] as [string, string]] : []),
    ...(r.n !== null ? [['games', groupedInteger(r.n)] as [string, string]] : []),
    // An exact report draws no interval: no confidence level to state.
    ...(r.method !== 'exact' ? [['confidence', String(r.confidence)] as [string, string]] : []),
    ['params hash', r.paramsHash || '–'],
    ...(r.dataHash ? [['data hash', r.dataHash] as [string, string]] : []),
    ...(r.rerun ? [['reproduce', `save this report as JSON (the same command with --format json, or the JSON embedded in this page) and run: sim check FILE.json — ${r.method === 'exact' ? `it computes ${r.rerun.game} exactly again (no games, no seed)` : `it reruns ${r.rerun.game} with seed ${r.rerun.seed} and n ${r.rerun.n}`} and compares`] as [string, string]] : []),
    ...Object.entries(r.timings ?? {}).map(([k, v]) => [`timing: ${k}`, String(v)] as [string, string]),
  ];
  // Each parameter in words, then its key (what --set takes) and its value.
  const params = Object.entries(r.params ?? {}).map(([k, v]) => `<tr><td>${escapeHtml(humanize(k))}</td><td><code>${escapeHtml(k)}</code></td><td>${escapeHtml(typeof v === 'object' ? JSON.stringify(v) : String(v))}</td></tr>`).join('');
  return `<dl class="prov">${items.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>${params ? `<details><summary>Parameters (${Object.keys(r.params).length})</summary><table class="data"><thead><tr><th>parameter</th><th>key (--set)</th><th>value</th></tr></thead><tbody>${params}</tbody></table></details>` : ''}`;
}

/** The page of a report. Pure given the report (the charts are drawn in-process, without a browser). */
export async function renderHtml(report: Report): Promise<string> {
  // What the page shows (text, tables, the charts' labels) is laid out from the report with its
  // control characters replaced, as a table's is; the embedded JSON is the report itself, escaped.
  const r = printableView(report);
  const charts = await Promise.all(chartsOf(r).map(chartHtml));
  const [, ...factLines] = headerLines(r, Infinity);
  // The embedded JSON must not close its own <script> element.
  const json = jsonText(jsonReport(report)).replace(/</g, '\\u003c');
  const parts = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(r.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    `<h1>${escapeHtml(r.title)}</h1>`,
    ...factLines.map((line) => `<p class="facts">${escapeHtml(line)}</p>`),
    r.partial ? '<p class="partial">Partial report: the run stopped before its end (interrupted, or a limit reached: the notes say which); the numbers cover the completed games only.</p>' : '',
    r.text ? `<div class="answer">${escapeHtml(r.text.replace(/\n+$/, ''))}</div>` : '',
    charts.length ? `<h2>Charts</h2>\n${charts.join('\n')}` : '',
    r.tables.length ? `<h2>Tables</h2>\n${r.tables.map(tableHtml).join('\n')}` : '',
    r.notes.length ? `<h2>Notes</h2><ul class="notes">${r.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '',
    r.assumptions.length ? `<h2>Assumptions (${r.assumptions.length})</h2><ul class="assumptions">${r.assumptions.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` : '',
    `<h2>Provenance</h2>${provenanceHtml(r)}`,
    `<script type="application/json" id="sim-report">${json}</script>`,
    '</body></html>',
  ];
  return parts.filter((p) => p !== '').join('\n') + '\n';
}
