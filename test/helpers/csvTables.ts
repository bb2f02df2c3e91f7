// Every table of a command's CSV output, one CSV file each (`--out-dir`), in the report's order:
// [header line, row lines…] per table. (Plain `--format csv` writes one long table with a `table` column.)
import { readFileSync } from 'node:fs';
import { runCli } from './runCli.js';
import { tempDir } from './tempDir.js';

export function csvTables(args: readonly string[]): string[][] {
  const dir = tempDir('sim-csv-');
  const r = runCli([...args.filter((a) => a !== '-q' && a !== '--quiet'), '--format', 'csv', '--out-dir', dir]);
  if (r.code !== 0) throw new Error(`sim ${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  const files = [...r.stderr.matchAll(/^sim: wrote (.+\.csv)$/gm)].map((m) => m[1]);
  return files.map((f) => readFileSync(f, 'utf8').trim().split('\n'));
}
