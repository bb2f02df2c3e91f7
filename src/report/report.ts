// The report every command produces, and its three renderings. A game builds a Report from its
// aggregate (pure); the CLI renders it (pure) and writes it (the shell).
import Table from 'cli-table3';
import { stringify } from 'csv-stringify/sync';
import type { Cell, Column, Report, ResultTable } from '../core/reportTypes.js';

export type { Cell, Column, Report, ResultTable };

export type Format = 'table' | 'csv' | 'json';
export const FORMATS: readonly Format[] = ['table', 'csv', 'json'];

function formatCell(value: Cell, format: Column['format']): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') {
    // NaN is an unknown (no interval, no test), shown like a missing value.
    if (!Number.isFinite(value)) return Number.isNaN(value) ? '–' : String(value);
    switch (format) {
      case 'prob':
        return value.toFixed(4);
      case 'fixed2':
        return value.toFixed(2);
      case 'int':
        return Math.round(value).toString();
      case 'sig4':
        return Number.isInteger(value) ? value.toString() : value.toPrecision(4);
      case 'pvalue':
        // Below double precision's resolution a p-value is just "tiny".
        return value < 1e-15 ? '<1e-15' : value < 0.001 ? value.toExponential(1) : value.toFixed(3);
      default:
        return Number.isInteger(value) ? value.toString() : value.toPrecision(6);
    }
  }
  return String(value);
}

/** Width the table view aims for: columns of text wrap to fit it; numbers never wrap. */
const TABLE_WIDTH = 100;

function renderTable(t: ResultTable): string {
  const cells = t.rows.map((row) => t.columns.map((c) => formatCell(row[c.key] ?? null, c.format)));
  // Natural width of each column (+2 for padding); shrink the widest text columns until it fits.
  const widths = t.columns.map((c, i) => 2 + Math.max(c.header.length, ...cells.map((r) => r[i].length)));
  const totalOf = (cols: readonly number[]) => cols.reduce((sum, i) => sum + widths[i], 0) + cols.length + 1;
  const all = t.columns.map((_, i) => i);
  // No column gets narrower than its longest word (words are never cut); numbers never wrap, but
  // a long header over them may.
  const longestWord = (text: string) => Math.max(...text.split(/\s+/).map((w) => w.length));
  const minWidths = t.columns.map((c, i) =>
    Math.min(widths[i], 2 + Math.max(longestWord(c.header), ...cells.map((r) => (c.format === 'text' ? longestWord(r[i]) : r[i].length)))),
  );
  const shrinkable = () => widths.map((w, i) => (w > minWidths[i] ? i : -1)).filter((i) => i >= 0);
  for (let cols = shrinkable(); totalOf(all) > TABLE_WIDTH && cols.length; cols = shrinkable()) {
    const widest = cols.reduce((a, b) => (widths[b] > widths[a] ? b : a));
    widths[widest] -= 1;
  }
  const title = wrap(t.title, TABLE_WIDTH, 2);
  if (totalOf(all) <= TABLE_WIDTH) return `${title}\n${tableText(t, cells, all, widths)}`;
  // Still too wide (many numeric columns): split the columns into blocks that fit, one under the
  // other, each repeating the leading label columns (the first column, and the text columns that
  // follow it) so every row stays readable.
  let labels = t.rowLabels ?? 1;
  if (t.rowLabels === undefined) while (labels < t.columns.length - 1 && t.columns[labels].format === 'text') labels++;
  labels = Math.max(1, Math.min(labels, t.columns.length - 1));
  const labelCols = all.slice(0, labels);
  const blocks: number[][] = [];
  for (const i of all.slice(labels)) {
    const last = blocks[blocks.length - 1];
    if (last && totalOf([...labelCols, ...last, i]) <= TABLE_WIDTH) last.push(i);
    else blocks.push([i]);
  }
  const parts = blocks.map((b, k) => `${k === 0 ? title : wrap(`${t.title} (continued, ${k + 1} of ${blocks.length})`, TABLE_WIDTH, 2)}\n${tableText(t, cells, [...labelCols, ...b], widths)}`);
  return parts.join('\n');
}

/** The columns `cols` of a table (cells already formatted, widths fitted). */
function tableText(t: ResultTable, cells: string[][], cols: readonly number[], widths: readonly number[]): string {
  const table = new Table({
    head: cols.map((i) => t.columns[i].header),
    style: { head: [], border: [], compact: true },
    colAligns: cols.map((i) => (t.columns[i].format === 'text' ? 'left' : 'right')),
    colWidths: cols.map((i) => widths[i]),
    wordWrap: true,
  });
  for (const r of cells) table.push(cols.map((i) => r[i]));
  return table.toString();
}

function headerLines(r: Report): string[] {
  const lines = [wrap(r.title, TABLE_WIDTH, 2)];
  if (r.method === 'none') return lines;
  const bits = [`method ${r.method}`];
  if (r.n !== null) bits.push(`n ${r.n.toLocaleString('en-US')}${r.partial ? ' (partial: interrupted)' : ''}`);
  if (r.seed !== null) bits.push(`seed ${r.seed}`);
  // As many digits as the level has (99.99%, not a rounded "100%"); toFixed trims float noise (0.95 * 100).
  if (r.method === 'mc') bits.push(`${Number((r.confidence * 100).toFixed(6))}% intervals`);
  if (r.policy) bits.push(`policy ${Array.isArray(r.policy) ? r.policy.join(', ') : r.policy}`);
  lines.push(bits.join(' · '));
  return lines;
}

/** Wraps prose at `width` columns, indenting continuation lines by `indent` spaces. */
export function wrap(text: string, width = 100, indent = 2): string {
  const out: string[] = [];
  const lead = /^\s*/.exec(text)![0];
  let line = lead;
  for (const word of text.trim().split(/\s+/)) {
    if (line.trim() && line.length + 1 + word.length > width) {
      out.push(line);
      line = ' '.repeat(indent) + word;
    } else line = line.trim() ? `${line} ${word}` : `${line}${word}`;
  }
  if (line) out.push(line);
  return out.join('\n');
}

export function renderText(r: Report): string {
  const parts = [headerLines(r).join('\n')];
  if (r.text) parts.push(r.text.replace(/\n+$/, ''));
  for (const t of r.tables) parts.push(renderTable(t));
  if (r.assumptions.length) parts.push(['Assumptions:', ...r.assumptions.map((a) => wrap(`  - ${a}`, 100, 4))].join('\n'));
  if (r.notes.length) parts.push(r.notes.map((n) => wrap(`Note: ${n}`)).join('\n'));
  return parts.join('\n\n') + '\n';
}

/** CSV: each table with its header row; tables are separated by one empty line. Raw numbers, full precision. */
export function renderCsv(r: Report): string {
  return r.tables
    .map((t) =>
      stringify([t.columns.map((c) => c.key), ...t.rows.map((row) => t.columns.map((c) => csvCell(row[c.key])))]),
    )
    .join('\n');
}

/**
 * An unknown value (absent, null, NaN) is an empty cell, as JSON writes it null: spreadsheets would
 * read "NaN" as text. A boolean is written true/false (csv-stringify's default writes false as an
 * empty cell, which would read as unknown).
 */
function csvCell(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v)) ? '' : v;
}

/** JSON: the whole report minus the presentation tables. */
export function renderJson(r: Report): string {
  const { tables: _tables, ...rest } = r;
  return JSON.stringify(rest, null, 2) + '\n';
}

export function render(r: Report, format: Format): string {
  switch (format) {
    case 'table':
      return renderText(r);
    case 'csv':
      return renderCsv(r);
    case 'json':
      return renderJson(r);
  }
}
