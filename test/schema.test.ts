// The JSON schemas in schemas/ against real output: every report kind validates against its own
// schema; the schemas refuse what they must (another schemaVersion, a kind's missing field).
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/runCli.js';

const ajv = new Ajv2020({ allErrors: true, strict: false });
for (const f of readdirSync('schemas')) ajv.addSchema(JSON.parse(readFileSync(`schemas/${f}`, 'utf8')));
const validator = (kind: string) => ajv.getSchema(`https://sim.invalid/schemas/${kind}.schema.json`)!;

const RUNS: { kind: string; args: string[] }[] = [
  { kind: 'game', args: ['dice', '-n', '500', '--seed', '1'] },
  { kind: 'game', args: ['darkfate', '--rev9', 'all', '-n', '40', '--seed', '1', '-j', '1'] },
  { kind: 'game', args: ['genisys', 'attack'] },
  { kind: 'game', args: ['dualfates', 'attack', '--method', 'mc', '-n', '500', '--seed', '1'] },
  { kind: 'game', args: ['terror', '-n', '50', '--seed', '1', '-j', '1'] },
  { kind: 'compare', args: ['compare', 'dice', '--set', 'target=4', '-n', '500', '--seed', '1'] },
  { kind: 'compare', args: ['compare', 'genisys attack', '--set', 'rof=3'] },
  { kind: 'sweep', args: ['sweep', 'dice', '--grid', 'target=4,5', '-n', '500', '--seed', '1'] },
  { kind: 'sensitivity', args: ['sensitivity', 'terror', '--only', 'finalHealth,data.finalGirl.health,data.finalHealthTokens.0', '-n', '100', '--seed', '1', '-j', '1'] },
  { kind: 'check', args: ['check', 'reports/dice-default.json', '-j', '1'] },
  { kind: 'params', args: ['params', 'dice'] },
  { kind: 'gaps', args: ['gaps'] },
];

describe('JSON schemas', () => {
  it('every report kind validates against its schema, and names its kind and schemaVersion', () => {
    for (const { kind, args } of RUNS) {
      const r = runCli([...args, '-q', '--format', 'json']);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report.kind, args.join(' ')).toBe(kind);
      expect(report.schemaVersion).toBe(1);
      const validate = validator(kind);
      expect(validate(report), `${args.join(' ')}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      // Every kind also satisfies the common envelope.
      expect(validator('report')(report)).toBe(true);
    }
  });

  it('refuses another schemaVersion, a kind that is not its own, and a compare result without its answer', () => {
    const report = JSON.parse(runCli(['compare', 'dice', '--set', 'target=4', '-n', '200', '--seed', '1', '-q', '--format', 'json']).stdout);
    expect(validator('compare')({ ...report, schemaVersion: 2 })).toBe(false);
    expect(validator('sweep')(report)).toBe(false);
    const { answer: _answer, ...result } = report.result;
    expect(validator('compare')({ ...report, result })).toBe(false);
    expect(validator('report')({ ...report, tables: [{ title: 't', columns: [], rows: [] }] })).toBe(false);
  });
});
