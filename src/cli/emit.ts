// Emit: renders a report and writes it to --out (atomically) or stdout. Interrupted runs end
// with exit 130 (143 after SIGTERM) after their report is written.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, fchmodSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { groupedInteger } from '../core/numberText.js';
import { UsageError } from '../core/usageError.js';
import { DEFAULT_WIDTH, render, selectTable, tableCsv, tableNames, type Report } from '../report/report.js';
import { interruptExitCode, trackTemp } from './interrupt.js';
import { wasRead } from '../core/inputFile.js';
import { refuseOutputShape } from './outputShape.js';
import { printableView } from '../core/printable.js';
import { realTarget } from '../core/realPath.js';
import { commandInputs, err, out, setExitCode, whyWriteFailed, writeAllSync } from './io.js';
import { renderHtmlOnThread } from './renderHtmlOnThread.js';
import type { OutputOptions } from './runOptions.js';

/**
 * Writes `text` to `file` atomically: a temp file of an unpredictable name in the same folder,
 * created exclusively (a planted file or link of that name makes it fail, never redirects it),
 * flushed to disk, then renamed over `file`. Only a regular file or a new path is replaced: a
 * link, device, pipe or folder at `file` throws UsageError.
 */
export function writeFileAtomic(file: string, text: string): void {
  refuseNonRegular(file, file);
  const tmp = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  const done = trackTemp(tmp);
  // A file replaced keeps its permissions (a private 0600 report stays private, from the temp file's first byte).
  let kept: number | null = null;
  try {
    const st = statSync(file);
    if (st.isFile()) kept = st.mode & 0o777;
  } catch {
    /* a new file */
  }
  try {
    const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, kept ?? 0o644);
    try {
      if (kept !== null) fchmodSync(fd, kept);
      // All of it or an error: a short write (a full disk, a size limit) never becomes the file.
      writeAllSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
    done();
  } catch (e) {
    done();
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    // Named by the file asked for, not by the temp file the system refused.
    throw (e as NodeJS.ErrnoException).code ? new WriteError(file, whyWriteFailed(e as NodeJS.ErrnoException)) : e;
  }
}

/** A file that could not be written (nothing of it was: the temp file is removed); `reason` in words with its code. */
export class WriteError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file} could not be written: ${reason}`);
  }
}

/** Throws UsageError when `file` exists and is not a regular file (a symbolic link, device, pipe or folder); `where` names it. */
export function refuseNonRegular(file: string, where: string): void {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return; // a new path
  }
  if (st.isSymbolicLink()) throw new UsageError(`${where}: ${file} is a symbolic link; name the file itself (an output never writes through a link)`);
  if (!st.isFile()) throw new UsageError(`${where}: ${file} is not a regular file (a folder, device or pipe is never replaced)`);
}

/** The columns of the terminal that stdout is, else DEFAULT_WIDTH (a file, a pipe, a test). */
export function outputWidth(): number {
  const o = out();
  return o.isTTY && o.columns ? o.columns : DEFAULT_WIDTH;
}

/** The report as text in the asked format (html drawn on a worker thread, see renderHtmlOnThread). */
async function renderFor(report: Report, opts: OutputOptions): Promise<string> {
  if (opts.format === 'html') return renderHtmlOnThread(report, opts.quiet ? undefined : () => err().write('sim: drawing the HTML page (Ctrl-C stops it; nothing is written until it is drawn)\n'));
  try {
    return render(report, opts.format, { width: opts.out ? DEFAULT_WIDTH : outputWidth(), brief: opts.brief, table: opts.table });
  } catch (e) {
    if (e instanceof RangeError && opts.table !== undefined) throw new UsageError(`option --table: ${e.message}`);
    throw e;
  }
}

/**
 * Renders the report and writes it to --out or stdout; with --out-dir (CSV), one file per table
 * named after it. Interrupted runs exit 130 after writing.
 */
export async function emitReport(report: Report, opts: OutputOptions): Promise<void> {
  refuseOutputShape(opts);
  if (opts.outDir !== undefined) {
    try {
      makeFolder(opts.outDir);
    } catch (e) {
      // Checked before the run, but the folder can go or lose its rights while the games play: nothing lost.
      const code = (e as NodeJS.ErrnoException).code ?? String(e);
      return tablesToStdout(report, 0, `option --out-dir: cannot make ${opts.outDir} (${code}); nothing was written there, and the tables follow on stdout as CSV`);
    }
    const names = tableNames(report.tables);
    const files = names.map((name) => join(opts.outDir!, `${name}.csv`));
    // Every target checked before any is written: a link or an input among them refuses them all.
    // The names are known only now, after the run: its tables then go to stdout (nothing lost), exit 1.
    try {
      for (const file of files) {
        refuseNonRegular(file, 'option --out-dir');
        refuseOutputOverInput({ file, option: 'option --out-dir' }, commandInputs);
        refuseOverRead({ file, option: 'option --out-dir' });
      }
    } catch (e) {
      if (!(e instanceof UsageError) || report.n === null) throw e;
      return tablesToStdout(report, 0, `${e.message}; nothing was written there, and the tables follow on stdout as CSV`);
    }
    // A partial run's CSV carries no mark of it: it never replaces tables there (perhaps a whole run's); a saved report rendered again (sim report) is written, said partial.
    if (report.partial && !opts.rendered && files.some((f) => existsSync(f))) {
      err().write(`sim: ${PARTIAL_CSV(report)}: the tables in ${opts.outDir} are left as they were, and the partial tables follow on stdout\n`);
      out().write(render(report, 'csv', { width: DEFAULT_WIDTH }));
      setExitCode(interruptExitCode());
      return;
    }
    for (const [i, t] of report.tables.entries()) {
      try {
        // As on stdout: no control character from the data in a file a terminal may show (printableView).
        writeFileAtomic(files[i], tableCsv(printableView(t)));
      } catch (e) {
        if (!(e instanceof WriteError)) throw e;
        // A disk that fails part-way (full, gone): the tables not yet written go to stdout.
        const left = report.tables.length - i;
        return tablesToStdout(report, i, `${e.message}; the ${left} table${left === 1 ? '' : 's'} not written follow on stdout as CSV`);
      }
      if (!opts.quiet) err().write(`sim: wrote ${files[i]}\n`);
    }
    if (report.partial) err().write(`sim: ${PARTIAL_CSV(report)}\n`);
    // CSVs of another run left in the folder (its tables had other names) would read as this run's: named, never removed.
    const ours = new Set(names.map((name) => `${name}.csv`));
    let others: string[] = [];
    try {
      others = readdirSync(opts.outDir).filter((f) => f.endsWith('.csv') && !ours.has(f)).sort();
    } catch {
      // A folder that cannot be listed now: nothing to warn about that can be said.
    }
    if (others.length > 0) err().write(`sim: ${opts.outDir} also holds ${others.length} CSV file${others.length === 1 ? '' : 's'} this run did not write (${others.slice(0, 5).join(', ')}${others.length > 5 ? `, and ${others.length - 5} more` : ''}): another run's tables, left as they were\n`);
  } else {
    if (opts.table !== undefined) selectTableOrUsage(report, opts.table);
    const text = await renderFor(report, opts);
    const csvPartial = opts.format === 'csv' && report.partial === true;
    if (opts.out && wasRead(opts.out)) {
      // Files a data file names are known only once the run has read them: checked again now, and nothing lost.
      err().write(`sim: error: option --out: ${opts.out} is also a file this run read; nothing was written there, and the report follows on stdout\n`);
      out().write(text);
      setExitCode(1);
      return;
    } else if (opts.out && csvPartial && !opts.rendered && existsSync(opts.out)) {
      // A partial run's CSV carries no mark of it: it never replaces the file there (perhaps a whole run's).
      err().write(`sim: ${PARTIAL_CSV(report)}: ${opts.out} is left as it was, and the partial CSV follows on stdout\n`);
      out().write(text);
    } else if (opts.out) {
      try {
        writeFileAtomic(opts.out, text);
        if (!opts.quiet) err().write(`sim: wrote ${opts.out}\n`);
        if (csvPartial) err().write(`sim: ${PARTIAL_CSV(report)}\n`);
      } catch (e) {
        if (!(e instanceof WriteError)) throw e;
        // Nothing lost: a finished run whose file cannot be written (its folder gone, read-only, a full disk) goes to stdout.
        err().write(`sim: error: ${e.message}; the report follows on stdout\n`);
        out().write(text);
        setExitCode(1);
        return;
      }
    } else {
      if (csvPartial) err().write(`sim: ${PARTIAL_CSV(report)}\n`);
      out().write(text);
    }
  }
  // A run stopped by a signal ends with its code; a saved partial report rendered again is no interruption.
  if (report.partial && !opts.rendered) setExitCode(interruptExitCode());
}

/** What a partial run's CSV does not say itself (JSON, text and HTML mark it `partial`). */
const PARTIAL_CSV = (report: Report) => `the CSV is partial: the run stopped after ${report.n === null ? 'some' : groupedInteger(report.n)} games, before its end (a CSV carries no mark of it)`;

/**
 * Makes `dir` and its missing ancestors one at a time (mkdirSync's recursive mode spins forever under
 * /proc, Node 20); throws the first failure.
 */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.push(d);
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      // Another run made it meanwhile: as good.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** Nothing lost when --out-dir cannot take the tables: `why` on stderr, the tables from `from` on stdout as CSV, exit 1. */
function tablesToStdout(report: Report, from: number, why: string): void {
  err().write(`sim: error: ${why}\n`);
  out().write(render({ ...report, tables: report.tables.slice(from) }, 'csv', { width: DEFAULT_WIDTH }));
  setExitCode(1);
}

function selectTableOrUsage(report: Report, table: string): void {
  try {
    selectTable(report, table);
  } catch (e) {
    throw e instanceof RangeError ? new UsageError(`option --table: ${e.message}`) : e;
  }
}

/**
 * Refuses an output file that is also one of the command's inputs (writing the report over the
 * scenario, the policy or the checkpoint would destroy it). Throws UsageError naming both.
 */
export function refuseOutputOverInput(output: { file: string | undefined; option: string }, inputs: readonly { file: string | undefined; what: string }[]): void {
  // Kept for the files --out-dir names only once the report is made.
  if (inputs !== commandInputs) for (const input of inputs) if (input.file) commandInputs.push(input);
  if (!output.file) return;
  const target = realTarget(output.file);
  for (const input of inputs) {
    if (input.file && realTarget(input.file) === target) throw new UsageError(`${output.option}: ${output.file} is also ${input.what}; write to another file`);
  }
}

/** Refuses an output over a file this command has read (a file a data file names: a deck's `cards:`). */
export function refuseOverRead(output: { file: string | undefined; option: string }): void {
  if (output.file && wasRead(output.file)) throw new UsageError(`${output.option}: ${output.file} is also a file this run read; write to another file`);
}
