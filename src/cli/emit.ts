// Emit: renders a report and writes it to --out (atomically) or stdout. Interrupted runs end
// with exit 130 (143 after SIGTERM) after their report is written.
import { realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../core/usageError.js';
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

/** The real path a file has (or will have, in its folder's real path). */
function realTarget(file: string): string {
  const abs = resolve(file);
  try {
    return realpathSync(abs);
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return abs;
    }
  }
}

/**
 * Refuses an output file that is also one of the command's inputs (writing the report over the
 * scenario, the policy or the checkpoint would destroy it). Throws UsageError naming both.
 */
export function refuseOutputOverInput(output: { file: string | undefined; option: string }, inputs: readonly { file: string | undefined; what: string }[]): void {
  if (!output.file) return;
  const target = realTarget(output.file);
  for (const input of inputs) {
    if (input.file && realTarget(input.file) === target) throw new UsageError(`${output.option}: ${output.file} is also ${input.what}; write to another file`);
  }
}
