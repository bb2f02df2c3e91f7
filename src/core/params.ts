// Named, documented parameters. Every rule constant a house rule might change is a ParamSpec
// with its rulebook default; values are validated with valibot and errors name the key path
// and what is allowed.
import * as v from 'valibot';
import { numberFromText } from './numberText.js';
import { UsageError } from './usageError.js';

export type ParamValue = number | boolean | string;

export interface ParamSpec {
  /** Dotted key path, e.g. "handSize" or "cover.save". */
  readonly key: string;
  /** 'string': free text (a name, a list); 'path': a file, resolved against the scenario file's folder when given there. */
  readonly type: 'int' | 'number' | 'bool' | 'enum' | 'string' | 'path';
  readonly default: ParamValue;
  /** Inclusive bounds for int/number. */
  readonly min?: number;
  readonly max?: number;
  /** Allowed values of an enum; for a path, names taken as they are instead of as files (e.g. built-in policies). */
  readonly choices?: readonly string[];
  /**
   * A path whose file the game imports as code (a policy module), whatever its name ends with: every
   * value that is not a choice is code, for the rules on what stored data may run (src/cli/trust.ts).
   */
  readonly module?: true;
  /** One line: what it means. */
  readonly doc: string;
  /** Where the default comes from: a rulebook section, or "assumption: …". */
  readonly source: string;
  /**
   * A data value's label as its data file gives it (rulebook, public, digest, assumed, …; see
   * src/core/dataValues.ts), or "unlabelled" where the file says nothing; `source` then quotes the
   * file's words. Absent on rule parameters.
   */
  readonly label?: string;
  /**
   * Another spelling of the parameter this key names (Dark Fate's `data.cards.pistol.fight` for
   * `card.pistol.fight`): accepted wherever that one is, and the game refuses both at once. Listings
   * and `sim sensitivity` show and vary the parameter once, under its own key.
   */
  readonly alias?: string;
  /**
   * When this parameter is given the value `when` (by any source), the parameters in `set` that no
   * source gives take these values (solo mode implies one player); errors about them name this
   * parameter's source.
   */
  readonly implies?: { readonly when: ParamValue; readonly set: Readonly<Record<string, ParamValue>> };
  /** A path whose default is a built-in name (Dark Fate's `reference` cards): the file that name stands for, relative to the package root. */
  readonly defaultFile?: string;
  /**
   * Why this parameter's value (in `params`, with the others) would have no effect (null: it has
   * one), e.g. a search budget under another policy; a value that asks nothing (`--sniper false`)
   * returns null. The shell refuses a value some source gave that has no effect (exit 2, naming
   * the source and this reason) rather than answer another question silently.
   */
  readonly inert?: (params: Readonly<Record<string, ParamValue>>) => string | null;
  /**
   * A named assumption `sim sensitivity` varies: `reading`, one reading of an ambiguous rule (each
   * other choice of the enum, the other boolean); `value`, an assumed number (moved by a step).
   * Rulebook constants, report settings and policy choices have none.
   */
  readonly assumed?: 'reading' | 'value';
  /**
   * When present, the game's command offers this parameter as an option. Its flag comes from the
   * key (src/cli/optionTable.ts: `damageTaken` → `--damage-taken`; a bool has `--x [true|false]`
   * and `--no-x`); `value` names the placeholder (default `<value>`), `help` (default: doc, allowed
   * values and default), `parse` (a rewrite of the raw text before validation, e.g. lower case).
   */
  readonly cli?: ParamCli;
}

export interface ParamCli {
  /** The value placeholder in help, e.g. `<N>` (a bool's is always `[true|false]`). */
  readonly value?: string;
  readonly help?: string;
  readonly parse?: (raw: string) => unknown;
  /** The command refuses to run without it (a view's required input, e.g. `--speed`). */
  readonly required?: boolean;
}


/** What the spec allows, for messages: "an integer in [1, 1000]". */
export function describeAllowed(spec: ParamSpec): string {
  switch (spec.type) {
    // Unbounded sides are said in words: "a finite number" reads better than "[-inf, inf]" beside 1e309.
    case 'int':
      return spec.min === undefined && spec.max === undefined ? 'a whole number' : `an integer in [${spec.min ?? '-inf'}, ${spec.max ?? 'inf'}]`;
    case 'number':
      return spec.min === undefined && spec.max === undefined ? 'a finite number' : `a number in [${spec.min ?? '-inf'}, ${spec.max ?? 'inf'}]`;
    case 'bool':
      return 'true or false';
    case 'enum':
      return `one of ${(spec.choices ?? []).join(', ')}`;
    case 'string':
      return 'a text value';
    case 'path':
      return spec.choices?.length ? `one of ${spec.choices.join(', ')}, or a file path` : 'a file path';
  }
}

function schemaFor(spec: ParamSpec): v.GenericSchema<unknown, ParamValue> {
  const allowed = describeAllowed(spec);
  switch (spec.type) {
    case 'int':
      return v.pipe(v.number(allowed), v.integer(allowed), v.minValue(spec.min ?? -Infinity, allowed), v.maxValue(spec.max ?? Infinity, allowed));
    case 'number':
      return v.pipe(v.number(allowed), v.finite(allowed), v.minValue(spec.min ?? -Infinity, allowed), v.maxValue(spec.max ?? Infinity, allowed));
    case 'bool':
      return v.boolean(allowed);
    case 'enum':
      return v.picklist(spec.choices as string[], allowed);
    case 'string':
      return v.pipe(v.string(allowed), v.maxLength(4096, allowed));
    case 'path':
      return v.pipe(v.string(allowed), v.minLength(1, allowed), v.maxLength(4096, allowed));
  }
}

/** Converts a command-line string to the spec's type ("6" → 6, "true" → true); leaves others alone. */
export function coerceParam(spec: ParamSpec, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const s = raw.trim();
  if (spec.type === 'int' || spec.type === 'number') {
    // The one number grammar (src/core/numberText.ts): "_3_" is a typo, not 3.
    const value = numberFromText(s);
    return Number.isNaN(value) ? raw : value;
  }
  // Any case, as the option (--open TRUE) and YAML (open: TRUE) read it.
  if (spec.type === 'bool') return s.toLowerCase() === 'true' ? true : s.toLowerCase() === 'false' ? false : raw;
  return s;
}

/** YAML reads `deathOrder: 2` as a number; text-valued parameters take it as the text "2". */
function textual(spec: ParamSpec, raw: unknown): unknown {
  return (spec.type === 'enum' || spec.type === 'string' || spec.type === 'path') && typeof raw === 'number' ? String(raw) : raw;
}

/**
 * Validates one value against its spec. `where` names the source for the message,
 * e.g. "option --sides" or "scenarios/x.yaml: params.handSize". Throws UsageError.
 */
export function validateParam(spec: ParamSpec, raw: unknown, where: string): ParamValue {
  const result = v.safeParse(schemaFor(spec), coerceParam(spec, textual(spec, raw)));
  if (!result.success) {
    throw new UsageError(`${where}: got ${JSON.stringify(raw)}, expected ${describeAllowed(spec)}`);
  }
  return result.output;
}

/** Defaults of all specs as a flat object keyed by spec.key. */
export function defaultsOf(specs: readonly ParamSpec[]): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const s of specs) out[s.key] = s.default;
  return out;
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0];
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j];
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length];
}

/** The candidate closest to `name`, or null when none is reasonably close. */
export function nearest(name: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}

/**
 * For a dotted key that is not among `candidates` (data values: `data.units.endo.armor`): the
 * nearest candidate found segment by segment (at the first segment no candidate has, the one that
 * begins with what was typed, else the nearest by edit distance), and the valid segments there.
 * `near` is null when no whole candidate is reached.
 */
export function nearestPath(name: string, candidates: readonly string[]): { near: string | null; after: string; valid: string[] } {
  const segs = name.split('.');
  const split = candidates.map((c) => c.split('.'));
  const prefix: string[] = [];
  let failed: { after: string; valid: string[] } | null = null;
  for (let i = 0; i < segs.length; i++) {
    const next = [...new Set(split.filter((c) => c.length > i && prefix.every((p, j) => c[j] === p)).map((c) => c[i]))];
    if (next.includes(segs[i])) {
      prefix.push(segs[i]);
      continue;
    }
    // Past a value: the value itself is the nearest.
    if (next.length === 0) break;
    failed ??= { after: prefix.join('.'), valid: next };
    const typed = segs[i].toLowerCase();
    const choice = next.find((n) => n.toLowerCase().startsWith(typed) || typed.startsWith(n.toLowerCase())) ?? nearest(segs[i], next);
    if (choice === null) break;
    prefix.push(choice);
  }
  const whole = prefix.join('.');
  const near = candidates.includes(whole) ? whole : null;
  if (!failed) {
    // Every segment matched: the key stops short of a value, or runs past one.
    failed = { after: whole, valid: [...new Set(split.filter((c) => c.length > prefix.length && prefix.every((p, j) => c[j] === p)).map((c) => c[prefix.length]))] };
  }
  return { near, ...failed };
}

/** The unknown-key message for a data value (`data.…`): the nearest key and the valid names where it went wrong. */
export function unknownPathMessage(key: string, candidates: readonly string[]): string {
  const { near, after, valid } = nearestPath(key, candidates);
  const shown = valid.length > 12 ? `${valid.slice(0, 12).join(', ')}, … (${valid.length} in all)` : valid.join(', ');
  return `unknown parameter "${key}"${near ? ` (did you mean "${near}"?)` : ''}${valid.length ? `; known after ${after || 'the start'}: ${shown}` : ''}`;
}

/** Resolves a flat record of overrides against specs: unknown keys and bad values throw UsageError. */
export function resolveParams(
  specs: readonly ParamSpec[],
  overrides: Record<string, unknown>,
  where: (key: string) => string,
): Record<string, ParamValue> {
  const out = defaultsOf(specs);
  const keys = specs.map((s) => s.key);
  for (const [key, raw] of Object.entries(overrides)) {
    const spec = specs.find((s) => s.key === key);
    if (!spec) {
      const near = nearest(key, keys);
      throw new UsageError(`${where(key)}: unknown parameter "${key}"${near ? ` (did you mean "${near}"?)` : ''}; see \`sim params\``);
    }
    out[key] = validateParam(spec, raw, where(key));
  }
  return out;
}

/** Where parameters come from: a mode's fixed specs, and the ones its data adds (card values). */
export interface ParamSource {
  readonly params: readonly ParamSpec[];
  /** Specs that exist only given the fixed parameters' values (e.g. one per numeric card field of the card file). */
  extraParams?(fixed: Record<string, ParamValue>): readonly ParamSpec[];
}

/**
 * Resolves overrides against a mode's fixed specs, then the keys left over against the specs its
 * data adds (extraParams, given the fixed values: the card file chosen). Extra parameters appear in
 * the result only when given. Unknown keys and bad values throw UsageError naming `where(key)`.
 * `beforeData` sees the fixed values before any data file is read for the extra parameters: where the
 * overrides are stored data (a golden, a job, a part), it refuses files the user did not allow.
 */
export function resolveSourceParams(
  source: ParamSource,
  overrides: Record<string, unknown>,
  where: (key: string) => string,
  beforeData?: (fixed: Record<string, ParamValue>) => void,
  /** The precedence of the source that gave a key (higher wins): of two spellings of one data value, the higher is kept. */
  rank?: (key: string) => number,
): Record<string, ParamValue> {
  const fixedKeys = new Set(source.params.map((p) => p.key));
  const fixedOverrides: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(overrides)) (fixedKeys.has(k) || !source.extraParams ? fixedOverrides : rest)[k] = v;
  const fixed = resolveParams(source.params, fixedOverrides, where);
  beforeData?.(fixed);
  const restKeys = Object.keys(rest);
  if (restKeys.length === 0) return fixed;
  const extra = source.extraParams!(fixed);
  // Two spellings of one value (card.pistol.fight, data.cards.pistol.fight) from sources of different
  // precedence: the higher one wins, as for any parameter; from the same source the game refuses both.
  if (rank) {
    for (const spec of extra) {
      if (!spec.alias || !Object.hasOwn(rest, spec.key) || !Object.hasOwn(rest, spec.alias)) continue;
      const [mine, twin] = [rank(spec.key), rank(spec.alias)];
      if (mine !== twin) delete rest[mine > twin ? spec.alias : spec.key];
    }
    restKeys.splice(0, restKeys.length, ...Object.keys(rest));
  }
  const extraKeys = new Set(extra.map((p) => p.key));
  const unknown = restKeys.find((k) => !extraKeys.has(k));
  if (unknown !== undefined && unknown.startsWith('data.') && [...extraKeys].some((k) => k.startsWith('data.'))) {
    throw new UsageError(`${where(unknown)}: ${unknownPathMessage(unknown, [...extraKeys].filter((k) => k.startsWith('data.')))}; see \`sim params\``);
  }
  if (unknown !== undefined) {
    const near = nearest(unknown, [...fixedKeys, ...extraKeys]);
    throw new UsageError(`${where(unknown)}: unknown parameter "${unknown}"${near ? ` (did you mean "${near}"?)` : ''}; see \`sim params\``);
  }
  const resolvedExtra = resolveParams(extra, rest, where);
  for (const k of restKeys) fixed[k] = resolvedExtra[k];
  return fixed;
}
