// The output options that only make sense together, checked before anything runs (a long run must
// not end in a usage error) and again when a report is written (the library path).
import { UsageError } from '../core/usageError.js';

/** The output options of a command as commander parsed them. */
export interface OutputShape {
  format?: string;
  table?: string;
  outDir?: string;
  out?: string;
  brief?: boolean;
}

/** Throws UsageError for an output option the chosen format ignores or contradicts. */
export function refuseOutputShape(o: OutputShape): void {
  if (o.outDir !== undefined) {
    if (o.format !== 'csv') throw new UsageError('option --out-dir: writes one CSV file per table; add --format csv');
    if (o.out !== undefined || o.table !== undefined) throw new UsageError(`option --out-dir: writes every table; leave out ${o.out !== undefined ? '--out' : '--table'}`);
  }
  if (o.table !== undefined && o.format !== 'csv') throw new UsageError('option --table: picks one table of the CSV output; add --format csv');
  // --brief hides notes and assumptions of the table view; CSV has none, JSON and HTML keep everything.
  if (o.brief && o.format !== undefined && o.format !== 'table') throw new UsageError(`option --brief: shortens the table view (--format table); ${o.format} ${o.format === 'csv' ? 'holds only the tables already' : 'keeps everything by design'}: leave --brief out`);
}
