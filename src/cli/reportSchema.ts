// A saved report is checked against its JSON Schema (schemas/) before it is trusted: `sim report`
// and `sim check` refuse one that breaks it with exit 2, naming the field. A report from before the
// schemas (no schemaVersion) is left to the field-by-field checks of its reader.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../core/packageInfo.js';
import { UsageError } from '../core/usageError.js';

type Validate = ((doc: unknown) => boolean) & { errors?: { instancePath: string; message?: string; params?: Record<string, unknown> }[] | null };

let validators: Map<string, Validate> | null = null;

/** The schemas' validators by report kind ('report': the fields every kind has); compiled once, on first use. */
async function schemaValidators(): Promise<Map<string, Validate>> {
  if (validators) return validators;
  // Loaded here only: the validator library is for saved reports, not for runs.
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  const dir = join(packageInfo().root, 'schemas');
  const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'));
  for (const f of files) ajv.addSchema(JSON.parse(readFileSync(join(dir, f), 'utf8')));
  validators = new Map(files.map((f) => [f.replace(/\.schema\.json$/, ''), ajv.getSchema(`https://sim.invalid/schemas/${f}`) as unknown as Validate]));
  return validators;
}

/** What a file of sim's own that is no report is, and what to do with it (a part file, a checkpoint); '' for anything else. */
export function notAReport(doc: unknown): string {
  const kind = doc !== null && typeof doc === 'object' ? (doc as { kind?: unknown }).kind : undefined;
  if (kind === 'sim-part') return 'a part file of a sharded run (--shard), not a report: merge the parts with `sim merge part-*.json`';
  if (kind === 'sim-checkpoint') return 'a checkpoint (--checkpoint), not a report: run the command again with --checkpoint FILE to resume it';
  if (kind === 'sim-tune-checkpoint') return 'a tune checkpoint, not a report: run the tune again with --checkpoint FILE to resume it';
  return '';
}

/** Throws UsageError naming `file` and the first field of `doc` its schema refuses; no-op for a report without schemaVersion. */
export async function checkReportSchema(doc: Record<string, unknown>, file: string): Promise<void> {
  // A part file or a checkpoint is sim's too, and says what it is rather than which field a report would need.
  const other = notAReport(doc);
  if (other) throw new UsageError(`${file}: ${other}`);
  // A report from before the schemas names neither; one that names its kind but not its schemaVersion is refused, not waved through.
  if (doc.schemaVersion === undefined && doc.kind !== undefined) throw new UsageError(`${file}: field schemaVersion: missing (a report that names its kind names its schemaVersion)`);
  if (doc.schemaVersion === undefined) return;
  if (doc.schemaVersion !== 1) throw new UsageError(`${file}: field schemaVersion: got ${JSON.stringify(doc.schemaVersion)}; this sim reads reports of schemaVersion 1`);
  const all = await schemaValidators();
  const validate = (typeof doc.kind === 'string' && all.get(doc.kind)) || all.get('report')!;
  if (validate(doc)) return;
  const e = validate.errors![0];
  const at = e.instancePath.slice(1).replace(/\//g, '.');
  const missing = e.params?.missingProperty;
  if (typeof missing === 'string') throw new UsageError(`${file}: field ${at ? `${at}.` : ''}${missing}: missing (the report schema requires it)`);
  const field = at || '(document)';
  const extra = e.params && typeof e.params.allowedValues !== 'undefined' ? ` (${(e.params.allowedValues as unknown[]).map((x) => JSON.stringify(x)).join(', ')})` : '';
  // A constant ("tool": "sim") is named rather than left as "must be equal to constant".
  const constant = e.params && 'allowedValue' in e.params ? `must be ${JSON.stringify(e.params.allowedValue)}` : undefined;
  // The value refused, as a command-line error names what it got ("got "abc""); a long one is cut.
  const value = e.instancePath === '' ? undefined : e.instancePath.slice(1).split('/').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  const text = value === undefined ? undefined : JSON.stringify(value);
  const got = text === undefined ? '' : `got ${text.length > 60 ? `${text.slice(0, 57)}...` : text}; `;
  throw new UsageError(`${file}: field ${field}: ${got}${constant ?? e.message ?? 'does not match the report schema'}${extra}`);
}
