// Scenario documents: YAML naming a game, its parameter overrides and optional run settings.
// Parsed safely (src/core/safeYaml.ts: no custom tags, bounded size and depth, no prototype keys)
// and validated with valibot; every message names the file and the key path.
import * as v from 'valibot';
import { numberFromText } from './numberText.js';
import { UsageError } from './usageError.js';
import { issueText } from './issues.js';
import { FORBIDDEN_YAML_KEYS, parseYamlSafely } from './safeYaml.js';

export interface ScenarioDoc {
  game: string;
  description?: string;
  /** Flat overrides keyed by dotted path ("cover.save"). */
  params: Record<string, unknown>;
  run: { n?: number; seed?: number; method?: string; policy?: string };
}

const RunSchema = v.strictObject({
  n: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1e12))),
  seed: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER))),
  method: v.optional(v.string()),
  policy: v.optional(v.string()),
});

const DocSchema = v.strictObject({
  game: v.pipe(v.string(), v.minLength(1)),
  description: v.optional(v.string()),
  params: v.optional(v.record(v.string(), v.unknown())),
  run: v.optional(RunSchema),
});

/**
 * Flattens nested objects to dotted keys: {cover: {save: 3}} → {"cover.save": 3}. Arrays stay values.
 * One key written twice (`card.pistol.fight: 4` and `card: {pistol: {fight: 9}}`) throws UsageError
 * naming it: which one was meant is not for us to guess. `file` names the document in the message.
 */
export function flattenParams(obj: Record<string, unknown>, prefix = '', file = 'params', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [k, val] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (val && typeof val === 'object' && !Array.isArray(val)) flattenParams(val as Record<string, unknown>, key, file, out);
    else if (Object.hasOwn(out, key)) throw new UsageError(`${file}: params.${key} is given twice (once dotted, once nested); keep one`);
    else out[key] = val;
  }
  return out;
}

/** Parses scenario text; `file` names it in messages. Throws UsageError. */
export function parseScenario(text: string, file: string): ScenarioDoc {
  // Size, nesting, aliases, tags and prototype keys are checked by the shared safe parser.
  const raw = parseYamlSafely(text, file);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${file}: expected a mapping with at least "game:"`);
  const doc0 = raw as Record<string, unknown>;
  // A data file given where a scenario is wanted (a deck, a units or card file): said as such, with where it goes.
  if (!Object.hasOwn(doc0, 'game')) {
    if (Object.hasOwn(doc0, 'side') && (Object.hasOwn(doc0, 'drawDeck') || Object.hasOwn(doc0, 'cards'))) throw new UsageError(`${file}: a CCG deck file, not a scenario (no "game:"): check it with \`sim tccg deck ${file}\`, or name it in a scenario (resistanceDeck: or skynetDeck:)`);
    if (Object.hasOwn(doc0, 'units') || Object.hasOwn(doc0, 'weapons')) throw new UsageError(`${file}: a units file, not a scenario (no "game:"): name it with --set units=${file}, or units: in a scenario's params`);
  }
  // A list is no mapping (its items would read as parameters "0", "1", …).
  if (Array.isArray(doc0.params)) throw new UsageError(`${file}: params: expected a mapping of parameter: value, got a list`);
  // run: n and seed read as -n and --seed do: "1_000", "1e6" and quoted numbers are numbers.
  const run0 = doc0.run;
  if (run0 && typeof run0 === 'object' && !Array.isArray(run0)) {
    for (const k of ['n', 'seed'] as const) {
      const text = (run0 as Record<string, unknown>)[k];
      if (typeof text === 'string' && !Number.isNaN(numberFromText(text.trim()))) (run0 as Record<string, unknown>)[k] = numberFromText(text.trim());
    }
  }
  const result = v.safeParse(DocSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const path = v.getDotPath(issue) ?? '(document)';
    // The fields allowed where the issue is: under run:, or at the top.
    const known = Object.keys((issue.path?.length ?? 0) >= 2 && issue.path![0].key === 'run' ? RunSchema.entries : DocSchema.entries);
    throw new UsageError(`${file}: ${path}: ${issueText(issue, known)}`);
  }
  const doc = result.output;
  return { game: doc.game, description: doc.description, params: flattenParams(doc.params ?? {}, '', file), run: doc.run ?? {} };
}

/** Parses repeated `--set key=value` into a flat record; a key given twice is refused. Throws UsageError. */
export function parseSetOptions(sets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new UsageError(`option --set: got ${JSON.stringify(s)}, expected key=value (e.g. --set handSize=6)`);
    const key = s.slice(0, eq).trim();
    if (FORBIDDEN_YAML_KEYS.has(key)) throw new UsageError(`option --set: key ${JSON.stringify(key)} not allowed`);
    // Two values for one key: the intended one is not for us to guess.
    if (Object.hasOwn(out, key)) throw new UsageError(`option --set ${key}: given twice (${out[key]} and ${s.slice(eq + 1).trim()}); give it once`);
    out[key] = s.slice(eq + 1).trim();
  }
  return out;
}
