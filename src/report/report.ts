// The report every command produces, and its three renderings. A game builds a Report from its
// aggregate (pure); the CLI renders it (pure) and writes it (the shell).
import type TableType from 'cli-table3';
import type { stringify as Stringify } from 'csv-stringify/sync';
import { createHash } from 'node:crypto';
import { jsonText, printableView } from '../core/printable.js';
import { createRequire } from 'node:module';
import { groupedInteger, signedText } from '../core/numberText.js';
import type { Cell, Column, Report, ResultTable } from '../core/reportTypes.js';
import { isTraced } from '../core/trace.js';
import { drawBoxTable, longestUnbreakable, textWidth } from './boxTable.js';
import { reportKind } from './reportKind.js';

export type { Cell, Column, Report, ResultTable };

// The table and CSV libraries load on first use, synchronously (render stays pure and sync): a
// JSON or HTML report never loads them, a table never loads the CSV writer. Start-up CPU of a
// one-game run is mostly module loading (bench/startup.ts).
const requireLib = createRequire(import.meta.url);
let tableClass: typeof TableType | undefined;
let csvStringify: typeof Stringify | undefined;
function newTable(options: TableType.TableConstructorOptions): TableType.Table {
  tableClass ??= requireLib('cli-table3') as typeof TableType;
  return new tableClass(options);
}
function stringify(records: Parameters<typeof Stringify>[0]): string {
  csvStringify ??= (requireLib('csv-stringify/sync') as { stringify: typeof Stringify }).stringify;
  return csvStringify(records);
}

/** The output formats: `table`, `csv` and `json` are rendered here; `html` by src/report/html.ts. */
export type Format = 'table' | 'csv' | 'json' | 'html';
export const FORMATS: readonly Format[] = ['table', 'csv', 'json', 'html'];
export type TextFormat = Exclude<Format, 'html'>;

/**
 * Version of the JSON report's shape (schemas/). Raised when a field is removed, renamed or
 * changes meaning; adding a field keeps it (README: "JSON reports and their schema").
 */
export const SCHEMA_VERSION = 1;

export interface RenderOptions {
  /** Width the table view fits (the terminal's columns; 100 when not a terminal). */
  width?: number;
  /** The answer tables only: no assumption list (counted in one line), no notes. */
  brief?: boolean;
  /** CSV: only this table (by name or 1-based number, see tableNames), without the `table` column. */
  table?: string;
}

/** The default width of the table view when the output is not a terminal. */
export const DEFAULT_WIDTH = 100;

/**
 * A name for each table, unique within the report: its title without parenthesised parts, in
 * lower-case words joined by hyphens, at most 60 characters ("Win rate and causes of loss by Rev-9
 * version" → "win-rate-and-causes-of-loss-by-rev-9-version"); a repeated name gets "-2", "-3".
 */
export function tableNames(tables: readonly ResultTable[]): string[] {
  const seen = new Map<string, number>();
  return tables.map((t, i) => {
    // Parenthesised asides often carry parameter values: left out, so a name stays put across runs.
    const stem = t.title.replace(/\([^()]*\)/g, ' ');
    const words = stem.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
    const slug = (words.length > 60 ? words.slice(0, 60).replace(/-[^-]*$/, '') : words) || `table-${i + 1}`;
    const k = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, k);
    return k === 1 ? slug : `${slug}-${k}`;
  });
}

/** A cell as the table view (and the HTML page) shows it. */
export function formatCell(value: Cell, format: Column['format']): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') {
    // NaN is an unknown (no interval, no test), shown like a missing value.
    if (!Number.isFinite(value)) return Number.isNaN(value) ? '–' : String(value);
    switch (format) {
      case 'prob':
        // A rate or probability as a percentage, to two decimals (0.7344 → 73.44%); exactly 0 and 1 as 0% and 100%.
        return value === 0 || value === 1 ? `${value * 100}%` : `${(value * 100).toFixed(2)}%`;
      case 'pp':
        // A difference of two rates in percentage points, signed (0.0131 → +1.31 pp).
        return `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value * 100).toFixed(2)} pp`;
      case 'fixed2':
        return value.toFixed(2);
      case 'int':
        return Math.round(value).toString();
      case 'sig4':
        // The minus sign of the signed formats (pp): one sign for negative numbers across a page.
        return (Number.isInteger(value) ? value.toString() : value.toPrecision(4)).replace(/^-/, '−');
      case 'signed4':
        // A difference of two means (B − A, a step, a gap), signed as pp is: +0.1250, −3.000, ±0.
        return value === 0 ? '±0' : `${value > 0 ? '+' : ''}${formatCell(value, 'sig4')}`;
      case 'pvalue':
        // Below double precision's resolution a p-value is just "tiny".
        return value < 1e-15 ? '<1e-15' : value < 0.001 ? value.toExponential(1) : value.toFixed(3);
      default:
        return Number.isInteger(value) ? value.toString() : value.toPrecision(6);
    }
  }
  return String(value);
}

/** A difference of two rates in percentage points, signed, to one decimal (0.0131 → +1.3 pp; one that rounds to 0, ±0.0). */
function ppText(value: number): string {
  return Number.isFinite(value) ? `${signedText(Number((value * 100).toFixed(1)), 1)} pp` : formatCell(value, 'pp');
}

/** An interval's end as printed inside an estimate's cell: as the estimate, without the unit (" pp"). */
function intervalEnd(value: Cell, format: Column['format']): string {
  return (format === 'pp' && typeof value === 'number' ? ppText(value) : formatCell(value, format)).replace(/ pp$/, '');
}

/**
 * The table as the text view prints it: a column with an `interval` shows it in its own cell
 * ("+12.7 pp [+7.2, +18.0]", a difference of rates to one decimal; the estimate alone where there is none) and the interval's columns
 * go, as do the columns marked `text: false`.
 */
function textView(t: ResultTable): ResultTable {
  const folded = new Set(t.columns.flatMap((c) => (c.interval ? [c.interval.lo, c.interval.hi] : c.text === false ? [c.key] : [])));
  if (folded.size === 0) return t;
  const columns = t.columns.filter((c) => !folded.has(c.key)).map((c) => (c.interval ? { key: c.key, header: `${c.header} [lo,hi]`, format: c.format } : c));
  const rows = t.rows.map((row) => {
    const out: Record<string, Cell> = { ...row };
    for (const c of t.columns) {
      if (!c.interval) continue;
      const lo = row[c.interval.lo] ?? null;
      const hi = row[c.interval.hi] ?? null;
      // A difference of rates to one decimal, as the answer lines print it (the CSV keeps every digit).
      const value = c.format === 'pp' && typeof row[c.key] === 'number' ? ppText(row[c.key] as number) : formatCell(row[c.key] ?? null, c.format);
      // No interval (a value missing, or an estimate with no test): the estimate alone.
      out[c.key] = typeof lo === 'number' && typeof hi === 'number' && Number.isFinite(lo) && Number.isFinite(hi) ? `${value} [${intervalEnd(lo, c.format)}, ${intervalEnd(hi, c.format)}]` : value;
    }
    return out;
  });
  // The cell is a string now, printed as it is, right-aligned and unbroken as a number is (its format kept).
  return { ...t, columns, rows };
}

/** Fits one table into `width` columns: text columns wrap; numbers never wrap. */
function renderTable(table: ResultTable, width: number): string {
  const t = textView(table);
  const cells = t.rows.map((row) => t.columns.map((c) => formatCell(row[c.key] ?? null, c.format)));
  // Natural width of each column (+2 for padding); shrink the widest text columns until it fits.
  // Loops, not Math.max(...list): a sweep's table of 250,000 rows overflowed the call stack as arguments.
  const widest = (start: number, of: (r: string[]) => number) => cells.reduce((m, r) => Math.max(m, of(r)), start);
  // Widths in columns on the terminal: a Japanese character (the CCG's citations) takes two.
  const widths = t.columns.map((c, i) => 2 + widest(textWidth(c.header), (r) => textWidth(r[i])));
  const totalOf = (cols: readonly number[]) => cols.reduce((sum, i) => sum + widths[i], 0) + cols.length + 1;
  const all = t.columns.map((_, i) => i);
  // No column gets narrower than its longest word (words are never cut; a Japanese run may break
  // between characters, src/report/boxTable.ts); numbers never wrap, but a long header over them may.
  const minWidths = t.columns.map((c, i) => Math.min(widths[i], 2 + widest(longestUnbreakable(c.header), (r) => (c.format === 'text' ? longestUnbreakable(r[i]) : textWidth(r[i])))));
  const shrinkable = () => widths.map((w, i) => (w > minWidths[i] ? i : -1)).filter((i) => i >= 0);
  for (let cols = shrinkable(); totalOf(all) > width && cols.length; cols = shrinkable()) {
    const widest = cols.reduce((a, b) => (widths[b] > widths[a] ? b : a));
    widths[widest] -= 1;
  }
  const title = wrap(t.title, width, 2);
  if (totalOf(all) <= width) return `${title}\n${tableText(t, cells, all, widths)}`;
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
    if (last && totalOf([...labelCols, ...last, i]) <= width) last.push(i);
    else blocks.push([i]);
  }
  const parts = blocks.map((b, k) => `${k === 0 ? title : wrap(`${t.title} (continued, ${k + 1} of ${blocks.length})`, width, 2)}\n${tableText(t, cells, [...labelCols, ...b], widths)}`);
  return parts.join('\n');
}

/**
 * Rows drawn per cli-table3 table: its layout takes time quadratic in the rows (a 200-cell sweep's
 * 24,000 rows took minutes), so a long table is drawn in blocks of fixed column widths and joined.
 */
const ROWS_PER_BLOCK = 100;

/** The columns `cols` of a table (cells already formatted, widths fitted). */
function tableText(t: ResultTable, cells: string[][], cols: readonly number[], widths: readonly number[]): string {
  const block = (rows: string[][]): string => {
    const head = cols.map((i) => t.columns[i].header);
    const aligns = cols.map((i) => (t.columns[i].format === 'text' ? ('left' as const) : ('right' as const)));
    const colWidths = cols.map((i) => widths[i]);
    // Plain text is drawn here, the same characters cli-table3 draws, in a fraction of its time; the rest by cli-table3.
    const drawn = drawBoxTable(head, rows.map((r) => cols.map((i) => r[i])), colWidths, aligns);
    if (drawn !== null) return drawn;
    const table = newTable({ head, style: { head: [], border: [], compact: true }, colAligns: aligns, colWidths, wordWrap: true });
    for (const r of rows) table.push(cols.map((i) => r[i]));
    return table.toString();
  };
  if (cells.length <= ROWS_PER_BLOCK) return block(cells);
  // A block's lines: top border and header lines, the header's rule, its rows, the bottom border.
  // The header alone is drawn as its top border, header lines and bottom border: as many lines as
  // a block has before its first row. Blocks after the first keep their rows only.
  const lead = block([]).split('\n').length;
  const lines: string[] = [];
  for (let k = 0; k < cells.length; k += ROWS_PER_BLOCK) {
    const drawn = block(cells.slice(k, k + ROWS_PER_BLOCK)).split('\n');
    const last = k + ROWS_PER_BLOCK >= cells.length;
    lines.push(...drawn.slice(k === 0 ? 0 : lead, last ? drawn.length : -1));
  }
  return lines.join('\n');
}

/** The report's title and its one line of run facts (method, games, seed, interval level, policy). */
export function headerLines(r: Report, width = DEFAULT_WIDTH): string[] {
  const lines = [wrap(r.title, width, 2)];
  if (r.method === 'none') return lines;
  const bits = [`method ${r.method}`];
  if (r.n !== null) bits.push(`n ${groupedInteger(r.n)}${r.partial ? ' (partial: stopped before its end)' : ''}`);
  if (r.seed !== null) bits.push(`seed ${r.seed}`);
  // As many digits as the level has (99.99%, 99.99999999%, not a rounded "100%"); toFixed trims float noise (0.95 * 100).
  // A trace draws no interval.
  if (r.method === 'mc' && !isTraced(r.params)) bits.push(`${Number((r.confidence * 100).toFixed(10))}% intervals`);
  if (r.policy) bits.push(`policy ${Array.isArray(r.policy) ? r.policy.join(', ') : r.policy}`);
  lines.push(bits.join(' · '));
  if (r.settings?.length) lines.push(wrap(`settings: ${r.settings.join(', ')}`, width, 2));
  if (r.scenario) {
    const { file, description, changed } = r.scenario;
    lines.push(wrap(`scenario: ${file}${description ? ` (${description})` : ''}${changed?.length ? `; the command line changed ${changed.join(', ')}` : ''}`, width, 2));
  }
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

export function renderText(r: Report, opts: RenderOptions = {}): string {
  const width = Math.max(40, opts.width ?? DEFAULT_WIDTH);
  const parts = [headerLines(r, width).join('\n')];
  // An answer wraps like prose, each of its lines (a sentence per line: a compare per version, a
  // sensitivity's baseline and top changes; a list item "- …" continues under its text); a trace's
  // text is preformatted and keeps its lines.
  const traced = isTraced(r.params);
  if (r.text) parts.push(traced ? r.text.replace(/\n+$/, '') : r.text.replace(/\n+$/, '').split('\n').map((line) => wrap(line, width, line.startsWith('- ') ? 2 : 0)).join('\n'));
  for (const t of r.tables) parts.push(renderTable(t, width));
  if (opts.brief) {
    // The answer only; what stands behind it is counted, and kept in full in JSON and HTML.
    const behind = [r.assumptions.length ? `${r.assumptions.length} assumption${r.assumptions.length === 1 ? '' : 's'}` : '', r.notes.length ? `${r.notes.length} note${r.notes.length === 1 ? '' : 's'}` : ''].filter(Boolean);
    if (behind.length) parts.push(wrap(`(${behind.join(' and ')} not shown: drop --brief, or see --format json or html)`, width, 2));
    return parts.join('\n\n') + '\n';
  }
  // Notes speak to this run (what an option did, what fell outside); the standing assumptions come after them.
  if (r.notes.length) parts.push(r.notes.map((n) => wrap(`Note: ${n}`, width)).join('\n'));
  if (r.assumptions.length) parts.push(['Assumptions:', ...r.assumptions.map((a) => wrap(`  - ${a}`, width, 4))].join('\n'));
  return parts.join('\n\n') + '\n';
}

/** The table that `table` names (a name from tableNames, its title, or its number from 1); throws a message listing the names. */
export function selectTable(r: Report, table: string): ResultTable {
  const names = tableNames(r.tables);
  // The name, or the title in any case and spacing ("Seats" finds the table titled "Seats").
  const slug = tableNames([{ title: table, columns: [], rows: [] }])[0];
  const exact = names.indexOf(table);
  const byName = exact >= 0 ? exact : names.indexOf(slug);
  const byNumber = /^\d+$/.test(table) ? Number(table) - 1 : -1;
  const i = byName >= 0 ? byName : byNumber >= 0 && byNumber < names.length ? byNumber : -1;
  if (i < 0) throw new RangeError(`no table "${table}" in this report; its tables: ${names.map((n, k) => `${k + 1} ${n}`).join(', ') || 'none'}`);
  return r.tables[i];
}

/** One table as CSV: a header row of its column keys, then its rows (raw numbers, full precision). */
export function tableCsv(t: ResultTable): string {
  return stringify([t.columns.map((c) => c.key), ...t.rows.map((row) => t.columns.map((c) => csvCell(row[c.key])))]);
}

/**
 * CSV, one rectangular table in every case (every row has the header's column count), with the
 * column keys of the JSON report's `tables`:
 * - `table` given: that table alone;
 * - a report with one table: that table;
 * - several tables: the long format: a first column `table` (the table's name, see tableNames),
 *   then every column of every table (in order of first appearance); a row leaves the columns of
 *   other tables empty.
 */
export function renderCsv(r: Report, opts: RenderOptions = {}): string {
  if (opts.table !== undefined) return tableCsv(selectTable(r, opts.table));
  if (r.tables.length === 1) return tableCsv(r.tables[0]);
  const names = tableNames(r.tables);
  const keys: string[] = [];
  for (const t of r.tables) for (const c of t.columns) if (!keys.includes(c.key)) keys.push(c.key);
  // A game column named `table` would clash with ours: the long format calls its own column `table` only when it is free.
  const tableKey = keys.includes('table') ? 'sim.table' : 'table';
  const rows = r.tables.flatMap((t, i) => {
    const own = new Set(t.columns.map((c) => c.key));
    return t.rows.map((row) => [names[i], ...keys.map((k) => (own.has(k) ? csvCell(row[k]) : ''))]);
  });
  return stringify([[tableKey, ...keys], ...rows]);
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

/**
 * The JSON report: `schemaVersion` and `kind` first, then the report, its tables last with their
 * names (the CSV's `table` values) and columns: the CSV's field names are the tables' column keys.
 */
export function jsonReport(r: Report): Record<string, unknown> {
  const { tables, ...rest } = r;
  const names = tableNames(tables ?? []);
  const body = {
    schemaVersion: SCHEMA_VERSION,
    kind: reportKind(r),
    ...rest,
    tables: (tables ?? []).map((t, i) => ({ name: names[i], ...t })),
  };
  const { schemaVersion, kind, ...content } = body;
  return { schemaVersion, kind, contentHash: reportContentHash(body), ...content };
}

/**
 * The SHA-256 of a JSON report's content as written (canonical JSON; NaN as null), without its
 * wall-clock `timings` and without this hash: a golden edited after it was recorded no longer
 * matches it (`sim check` refuses it).
 */
export function reportContentHash(json: Record<string, unknown>): string {
  const { contentHash: _h, timings: _t, ...content } = json;
  return createHash('sha256').update(JSON.stringify(content, sortedKeys)).digest('hex');
}

/**
 * JSON.stringify's replacer for canonical JSON in one pass: each object's keys in sorted order
 * (its values are then written as JSON writes them: NaN as null, undefined left out). The text is
 * canonicalJson's of the report as written, without the two whole copies that parsing the written
 * text back and sorting it made (a large sweep's report is tens of megabytes).
 */
function sortedKeys(this: unknown, _key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) sorted[k] = (value as Record<string, unknown>)[k];
  return sorted;
}

/** JSON: the whole report (see jsonReport), indented. NaN and infinities are written as null. */
export function renderJson(r: Report): string {
  return jsonText(jsonReport(r), 2) + '\n';
}

/** The text formats (table, csv, json); `html` is asynchronous (renderHtml in src/report/html.ts). */
export function render(r: Report, format: TextFormat, opts: RenderOptions = {}): string {
  switch (format) {
    // Text for a terminal: no control character from the data reaches it (printableView), replaced
    // before the layout so that a table's columns are measured with what is drawn.
    case 'table':
      return renderText(printableView(r), opts);
    case 'csv':
      return renderCsv(printableView(r), opts);
    case 'json':
      return renderJson(r);
  }
}
