// `sim report FILE.json`: renders a saved JSON report again, by default as the HTML page
// (`--out page.html`), or as a table, CSV or JSON. Nothing is re-run: the page shows the saved
// numbers, and a JSON report written before reports carried their tables shows its charts
// drawn from the result alone.
import { Command, Option } from 'commander';
import { readInputFile } from '../../core/inputFile.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import { UsageError } from '../../core/usageError.js';
import { FORMATS } from '../../report/report.js';
import { emitReport, refuseOutputOverInput } from '../emit.js';
import { parseOutFile } from '../parseOptions.js';
import type { OutputOptions } from '../runOptions.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A saved JSON report (see jsonReport in src/report/report.ts) as a Report; throws UsageError naming the file and field. */
export function reportFromJson(text: string, file: string): Report {
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not a JSON report (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
  if (!isObject(j) || j.tool !== 'sim') throw new UsageError(`${file}: not a report of sim (no "tool": "sim")`);
  for (const [key, type] of [['title', 'string'], ['game', 'string'], ['method', 'string']] as const) {
    if (typeof j[key] !== type) throw new UsageError(`${file}: field ${key}: expected a ${type}`);
  }
  if (j.tables !== undefined && !Array.isArray(j.tables)) throw new UsageError(`${file}: field tables: expected a list`);
  const tables: ResultTable[] = ((j.tables as unknown[] | undefined) ?? []).map((t, i) => {
    if (!isObject(t) || typeof t.title !== 'string' || !Array.isArray(t.columns) || !Array.isArray(t.rows)) throw new UsageError(`${file}: tables[${i}]: expected title, columns and rows`);
    const { name: _name, ...table } = t;
    return table as unknown as ResultTable;
  });
  const { schemaVersion: _v, kind: _k, ...rest } = j;
  return {
    ...(rest as unknown as Report),
    params: isObject(j.params) ? j.params : {},
    assumptions: Array.isArray(j.assumptions) ? (j.assumptions as string[]) : [],
    notes: Array.isArray(j.notes) ? (j.notes as string[]) : [],
    seed: typeof j.seed === 'number' ? j.seed : null,
    n: typeof j.n === 'number' ? j.n : null,
    confidence: typeof j.confidence === 'number' ? j.confidence : 0.95,
    tables,
  };
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('render a saved JSON report (sim … --format json) as an HTML page with plots, or as a table or CSV')
    .argument('<file>', 'a JSON report written by sim')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS as string[]).default('html'))
    .option('--out <file>', 'write to FILE (atomically) instead of stdout', parseOutFile)
    .option('--brief', 'table format: the answer tables only')
    .option('--table <name>', 'CSV: only this table (its name, or its number from 1)')
    .option('-q, --quiet', 'no notes on stderr')
    .action((file: string, opts: OutputOptions) => {
      refuseOutputOverInput({ file: opts.out, option: 'option --out' }, [{ file, what: 'the report to render' }]);
      const report = reportFromJson(readInputFile(file, 'argument file'), file);
      emitReport(report, { ...opts, confidence: report.confidence });
    });
}
