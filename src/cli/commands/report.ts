// `sim report FILE.json`: renders a saved JSON report again, by default as the HTML page
// (`--out page.html`), or as a table, CSV or JSON. Nothing is re-run: the page shows the saved
// numbers, and a JSON report written before reports carried their tables shows its charts
// drawn from the result alone.
import { Command, Option } from 'commander';
import { readInputFile } from '../../core/inputFile.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import { UsageError } from '../../core/usageError.js';
import { FORMATS, reportContentHash } from '../../report/report.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { err } from '../io.js';
import { checkReportSchema, notAReport } from '../reportSchema.js';
import { parseOutFile } from '../parseOptions.js';
import { parseOutDir } from '../runOptions.js';
import { jsonSyntax, MAX_REPORT_BYTES } from '../trust.js';
import type { OutputOptions } from '../runOptions.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first note of a report whose content no longer matches its content hash. */
export const EDITED_NOTE = 'This report was edited after sim wrote it (its content hash does not match its content): its numbers are not those of a run.';

/** The first note of a report drawn from a file that carried no content hash. */
export const UNVERIFIED_NOTE = 'This report was drawn from a file with no content hash (written by an older sim, or its hash was removed): nothing shows whether it was edited after sim wrote it.';

/**
 * Whether a parsed report's content hash matches: 'edited' when it does not (its numbers are no run's), 'none'
 * when it has none (an older sim, or one removed: nothing shows whether it was edited). The hash is of the text
 * as written; what is rendered has no control characters.
 */
export function hashStatus(parsed: unknown): 'ok' | 'edited' | 'none' {
  if (!isObject(parsed)) return 'ok';
  if (parsed.contentHash === undefined) return 'none';
  return parsed.contentHash === reportContentHash(parsed) ? 'ok' : 'edited';
}

/**
 * A saved JSON report (see jsonReport in src/report/report.ts) as a Report, with the parsed document
 * and its hash status (each computed once); throws UsageError naming the file and field.
 */
export function reportFromJson(text: string, file: string): { report: Report; raw: Record<string, unknown>; hash: ReturnType<typeof hashStatus> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not a JSON report (${jsonSyntax(text, e)})`);
  }
  const hash = hashStatus(parsed);
  // Read as saved: each renderer keeps control characters off the terminal itself (tables and CSV
  // replace them before the layout, HTML in its text, JSON escapes them), so a JSON rendering is
  // the same document, under the same hash.
  const j = parsed;
  if (!isObject(j) || j.tool !== 'sim') throw new UsageError(`${file}: ${notAReport(j) || 'not a report of sim (no "tool": "sim")'}`);
  for (const [key, type] of [['title', 'string'], ['game', 'string'], ['method', 'string']] as const) {
    if (typeof j[key] !== type) throw new UsageError(`${file}: field ${key}: expected a ${type}`);
  }
  // Every field the renderers read is checked here: a hand-edited report fails naming the field, not inside a renderer.
  const optional: [string, (v: unknown) => boolean, string][] = [
    ['text', (v) => typeof v === 'string', 'a string'],
    ['notes', (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'), 'a list of strings'],
    ['assumptions', (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'), 'a list of strings'],
    ['params', isObject, 'an object'],
    ['seed', (v) => v === null || (typeof v === 'number' && Number.isSafeInteger(v)), 'a whole number or null'],
    ['n', (v) => v === null || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0), 'a whole number or null'],
    ['confidence', (v) => typeof v === 'number' && v > 0 && v < 1, 'a level between 0 and 1'],
    ['partial', (v) => typeof v === 'boolean', 'true or false'],
    ['policy', (v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')), 'a string or a list of strings'],
  ];
  for (const [key, ok, what] of optional) if (j[key] !== undefined && !ok(j[key])) throw new UsageError(`${file}: field ${key}: expected ${what}`);
  // A report saved before reports carried their tables (no schemaVersion) would render as a title alone.
  if (j.tables === undefined && j.text === undefined) throw new UsageError(`${file}: field tables: missing (a report from an older sim, which saved no tables); re-run it and save it again to render it`);
  if (j.tables !== undefined && !Array.isArray(j.tables)) throw new UsageError(`${file}: field tables: expected a list`);
  const tables: ResultTable[] = ((j.tables as unknown[] | undefined) ?? []).map((t, i) => {
    if (!isObject(t) || typeof t.title !== 'string' || !Array.isArray(t.columns) || !Array.isArray(t.rows)) throw new UsageError(`${file}: tables[${i}]: expected title, columns and rows`);
    t.columns.forEach((c, k) => {
      if (!isObject(c) || typeof c.key !== 'string' || typeof c.header !== 'string' || (c.format !== undefined && typeof c.format !== 'string')) throw new UsageError(`${file}: tables[${i}].columns[${k}]: expected key and header (and format) as strings`);
    });
    t.rows.forEach((r, k) => {
      if (!isObject(r)) throw new UsageError(`${file}: tables[${i}].rows[${k}]: expected an object`);
      // What every report, with a schema or from before one, may hold in a cell: a number, text, true/false or nothing.
      for (const [key, v] of Object.entries(r)) if (v !== null && typeof v === 'object') throw new UsageError(`${file}: tables[${i}].rows[${k}].${key}: expected a number, text, true/false or null`);
    });
    const { name: _name, ...table } = t;
    return table as unknown as ResultTable;
  });
  const { schemaVersion: _v, kind: _k, contentHash: _h, ...rest } = j;
  const report: Report = {
    ...(rest as unknown as Report),
    params: isObject(j.params) ? j.params : {},
    assumptions: Array.isArray(j.assumptions) ? (j.assumptions as string[]) : [],
    // An integrity note found now leads; one an earlier rendering wrote is kept (rendering again never clears it), never stacked.
    notes: [...new Set([...(hash === 'edited' ? [EDITED_NOTE] : hash === 'none' ? [UNVERIFIED_NOTE] : []), ...(Array.isArray(j.notes) ? (j.notes as string[]) : [])])],
    seed: typeof j.seed === 'number' ? j.seed : null,
    n: typeof j.n === 'number' ? j.n : null,
    confidence: typeof j.confidence === 'number' ? j.confidence : 0.95,
    tables,
  };
  return { report, raw: parsed as Record<string, unknown>, hash };
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('render a saved JSON report (sim … --format json) as an HTML page with plots, or as a table or CSV')
    .argument('<file>', 'a JSON report written by sim')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS as string[]).default('html'))
    .option('--out <file>', 'write to FILE (atomically) instead of stdout; a name ending .json, .csv or .html sets --format', parseOutFile)
    .option('--brief', 'table format: the answer tables only')
    .option('--table <name>', 'CSV: only this table (its name, or its number from 1)')
    .option('--out-dir <dir>', 'CSV: write one file per table, DIR/<table name>.csv', parseOutDir)
    .option('-q, --quiet', 'no notes on stderr')
    .action(async (file: string, opts: OutputOptions) => {
      refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file, what: 'the report to render' }]);
      const text = readInputFile(file, 'argument file', MAX_REPORT_BYTES);
      const { report, raw, hash } = reportFromJson(text, file);
      // Its schema first where it names one: a report that breaks it is refused, never drawn.
      await checkReportSchema(raw, file);
      // Warned whether found now or carried in its notes from an earlier rendering (drawn again, it has a hash).
      if (hash === 'none') err().write(`sim: warning: ${file} carries no content hash: nothing shows whether it was edited; it is drawn as it is, with a note saying so\n`);
      else if (report.notes.includes(UNVERIFIED_NOTE)) err().write(`sim: warning: ${file} was drawn from a file with no content hash (its notes say so): nothing shows whether that was edited\n`);
      if (hash === 'edited') err().write(`sim: warning: ${file} was edited after sim wrote it (its content hash does not match); it is drawn as it is, with a note saying so\n`);
      else if (report.notes.includes(EDITED_NOTE)) err().write(`sim: warning: ${file} was drawn from an edited report (its notes say so): its numbers are not those of a run\n`);
      if (report.partial && !opts.quiet) err().write(`sim: ${file} is a partial report (its run stopped before its end, interrupted or at a limit: its notes say which): the numbers cover the games played before the stop\n`);
      await emitReport(report, { ...opts, confidence: report.confidence, rendered: true });
    });
}
