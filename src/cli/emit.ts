// Emit: renders a report and writes it to --out (atomically) or stdout. Interrupted runs end
// with exit 130 (143 after SIGTERM) after their report is written.
import { renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { render, type Report } from '../report/report.js';
import { interruptExitCode, trackTemp } from './interrupt.js';
import { err, out, setExitCode } from './io.js';
import type { OutputOptions } from './runOptions.js';

/** Writes `text` to `file` atomically: a temp file in the same folder, then rename. */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const done = trackTemp(tmp);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
    done();
  } catch (e) {
    done();
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    throw e;
  }
}

/** Renders the report and writes it to --out or stdout. Interrupted runs exit 130 after writing. */
export function emitReport(report: Report, opts: OutputOptions): void {
  const text = render(report, opts.format);
  if (opts.out) {
    writeFileAtomic(opts.out, text);
    if (!opts.quiet) err().write(`sim: wrote ${opts.out}\n`);
  } else {
    out().write(text);
  }
  if (report.partial) setExitCode(interruptExitCode());
}
