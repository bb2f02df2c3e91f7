// Tidy CSV: every command's CSV is one rectangular table that a strict CSV reader (csv-parse, which
// refuses a row of another length) loads; its field names are the column keys of the JSON report's
// tables; --table picks one table, --out-dir writes one file per table.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const dir = tempDir('sim-csv-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const strict = (text: string): string[][] => parse(text, { relax_column_count: false, relax_quotes: false, skip_empty_lines: false }) as string[][];

const COMMANDS: string[][] = [
  ['dice', '-n', '500', '--seed', '1'],
  ['darkfate', '--rev9', 'all', '-n', '40', '--seed', '1', '-j', '1'],
  ['sweep', 'darkfate', '--grid', 'handSize=5,6', '-n', '40', '--seed', '1', '-j', '1'],
  ['compare', 'dice', '--set', 'target=4', '-n', '500', '--seed', '1'],
  ['compare', 'genisys attack', '--set', 'rof=3'],
  ['genisys', 'table'],
  ['genisys', 'attack', '--method', 'mc', '-n', '2000', '--seed', '1'],
  ['terror', '-n', '100', '--seed', '1', '-j', '1'],
  ['dualfates', 'attack'],
  ['tccg', 'opening', '-n', '200', '--seed', '1', '-j', '1'],
  ['params'],
  ['gaps'],
  ['check', 'reports/dice-default.json', '-j', '1'],
];

describe('CSV output', () => {
  it('is one rectangular table per command, with the JSON tables\' column keys as its header', () => {
    for (const args of COMMANDS) {
      const csv = runCli([...args, '-q', '--format', 'csv']);
      expect(csv.code, `${args.join(' ')}: ${csv.stderr}`).toBe(0);
      const rows = strict(csv.stdout);
      expect(rows.length, args.join(' ')).toBeGreaterThan(1);
      const json = JSON.parse(runCli([...args, '-q', '--format', 'json']).stdout);
      const tables = json.tables as { name: string; columns: { key: string }[]; rows: unknown[] }[];
      const header = rows[0];
      if (args[0] === 'params' || args[0] === 'gaps') {
        // `sim params` and `sim gaps` shape their tables for the format (one CSV table, a screen table per mode): the CSV's fields are the JSON result's.
        const listed = args[0] === 'gaps' ? json.result.gaps : json.result;
        expect([...header].sort()).toEqual(Object.keys(listed[0]).sort());
        expect(rows.length - 1).toBe(listed.length);
      } else if (tables.length === 1) {
        expect(header, args.join(' ')).toEqual(tables[0].columns.map((c) => c.key));
        expect(rows.length - 1).toBe(tables[0].rows.length);
      } else {
        // The long format: a `table` column naming the JSON table of each row, then every table's keys.
        expect(header[0], args.join(' ')).toBe('table');
        for (const t of tables) for (const c of t.columns) expect(header, `${args.join(' ')}: ${t.name}`).toContain(c.key);
        const perTable = new Map<string, number>();
        for (const r of rows.slice(1)) perTable.set(r[0], (perTable.get(r[0]) ?? 0) + 1);
        expect(Object.fromEntries(perTable), args.join(' ')).toEqual(Object.fromEntries(tables.map((t) => [t.name, t.rows.length])));
      }
    }
  }, 120_000);

  it('--table NAME or NUMBER gives one table; --out-dir one file per table; mistakes are usage errors', () => {
    const args = ['darkfate', '--rev9', 'all', '-n', '40', '--seed', '1', '-j', '1', '-q', '--format'];
    const json = JSON.parse(runCli([...args, 'json']).stdout);
    const [first, second] = json.tables as { name: string; columns: { key: string }[]; rows: Record<string, unknown>[] }[];
    expect(first.name).toBe('win-rate-and-causes-of-loss-by-rev-9-version');
    const byName = strict(runCli([...args, 'csv', '--table', second.name]).stdout);
    expect(byName[0]).toEqual(second.columns.map((c) => c.key));
    expect(byName.slice(1).map((r) => r[0])).toEqual(second.rows.map((r) => r.rev9));
    expect(runCli([...args, 'csv', '--table', '2']).stdout).toBe(runCli([...args, 'csv', '--table', second.name]).stdout);
    // The JSON's numbers, in full precision.
    const win = strict(runCli([...args, 'csv', '--table', '1']).stdout);
    expect(Number(win[1][win[0].indexOf('winLo')])).toBe(first.rows[0].winLo);

    const out = join(dir, 'tables');
    const r = runCli([...args, 'csv', '--out-dir', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(json.tables.map((t: { name: string }) => `${t.name}.csv`).sort());
    expect(strict(readFileSync(join(out, `${first.name}.csv`), 'utf8'))[0]).toEqual(first.columns.map((c) => c.key));

    const unknown = runCli([...args, 'csv', '--table', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/option --table: no table "nope" in this report; its tables: 1 win-rate/);
    expect(runCli([...args, 'table', '--table', '1']).code).toBe(2);
    expect(runCli([...args, 'json', '--out-dir', out]).stderr).toMatch(/option --out-dir: .*--format csv/);
  }, 60_000);
});
