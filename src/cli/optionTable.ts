// The option table: one row per parameter a command offers as an option, derived from the
// parameter specs, never written by hand. A row's flag comes from its key (`damageTaken` →
// `--damage-taken`, `cover.chance` → `--cover-chance`); every boolean has `--x [true|false]` and
// `--no-x`, and every choice with a `none` value has `--no-x` for it (`--no-cover` is `--cover none`);
// values are read back by row, so two options can never fill one parameter. Commands are
// registered from the rows, and a flag or attribute that two options share throws at registration.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { describeAllowed, type ParamSpec } from '../core/params.js';
import { UsageError } from '../core/usageError.js';

export interface OptionRow {
  /** The parameter key the option fills. */
  readonly key: string;
  /** `--kebab-key`. */
  readonly flag: string;
  /** The name commander stores the value under (camelCase of the flag). */
  readonly attribute: string;
  /** `--no-kebab-key` for a boolean (false) or a choice with a `none` value (none), else null. */
  readonly negate: string | null;
  /** The value placeholder: `<N>`, or `[true|false]` for a boolean. */
  readonly value: string;
  readonly help: string;
  /** The command refuses to run without it. */
  readonly required: boolean;
  /** The raw value as commander holds it → the value handed to validation (text rewritten by `cli.parse`). */
  parse(raw: unknown): unknown;
  readonly spec: ParamSpec;
}

/** `--damage-taken` from `damageTaken`, `--cover-chance` from `cover.chance`. */
export function flagOf(key: string): string {
  return `--${key.replace(/\./g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Commander's attribute for a long flag: `--damage-taken` → `damageTaken`. */
export function attributeOf(flag: string): string {
  return flag.replace(/^--(no-)?/, '').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The help of a row: the spec's own, else its meaning, what is allowed and the default. */
function helpOf(spec: ParamSpec, override?: string): string {
  return override ?? spec.cli?.help ?? `${spec.doc}: ${describeAllowed(spec)} (default ${String(spec.default)})`;
}

/** Parses a boolean option's value: `--x` alone is true; `--x true|false` (any case). */
export function parseBoolText(raw: string): boolean {
  const t = raw.trim().toLowerCase();
  if (t === 'true') return true;
  if (t === 'false') return false;
  throw new InvalidArgumentError('Expected true or false (or the flag alone for true, --no-… for false).');
}

/**
 * The rows of the specs that have `cli`, in spec order. `help` overrides a row's help text by key;
 * `omit` drops keys (a view that fixes a base parameter). Throws Error for a key that reads as a
 * negation (`noCover`: name it for what is on, `coverSaves`, default true) and for two rows with
 * one flag.
 */
export function optionTable(specs: readonly ParamSpec[], { help = {}, omit = [] }: { help?: Readonly<Record<string, string>>; omit?: readonly string[] } = {}): OptionRow[] {
  const rows: OptionRow[] = [];
  const seen = new Map<string, string>();
  for (const spec of specs) {
    if (!spec.cli || omit.includes(spec.key)) continue;
    if (/^no[A-Z]/.test(spec.key)) throw new Error(`parameter ${spec.key}: a key must not read as a negation (its --no- flag would clash); name what it turns on, default true`);
    const flag = flagOf(spec.key);
    const isBool = spec.type === 'bool';
    const noneChoice = spec.type === 'enum' && (spec.choices ?? []).includes('none');
    const attribute = attributeOf(flag);
    for (const f of isBool || noneChoice ? [flag, `--no-${flag.slice(2)}`] : [flag]) {
      const other = seen.get(f) ?? seen.get(attributeOf(f));
      if (other !== undefined) throw new Error(`parameters ${other} and ${spec.key} would share the option ${f}`);
    }
    seen.set(flag, spec.key);
    seen.set(attribute, spec.key);
    const cliParse = spec.cli.parse;
    rows.push({
      key: spec.key,
      flag,
      attribute,
      negate: isBool || noneChoice ? `--no-${flag.slice(2)}` : null,
      value: isBool ? '[true|false]' : (spec.cli.value ?? '<value>'),
      help: helpOf(spec, Object.hasOwn(help, spec.key) ? help[spec.key] : undefined),
      required: spec.cli.required === true,
      // commander stores `--no-x` as false: for a choice that is its `none`.
      parse: (raw) => (raw === false && noneChoice ? 'none' : typeof raw === 'string' && cliParse ? cliParse(raw) : raw),
      spec,
    });
  }
  return rows;
}

/** The flags given on the command line per parameter key, in order, while a command parses (see repeatedOption). */
const givenFlags = new WeakMap<Command, Map<string, string[]>>();

/**
 * Adds the rows' options to `cmd` (no commander defaults: the parameter's own default applies, so
 * a scenario or --set can give the value). Call checkOptionClashes once every option is added.
 */
export function addOptionRows(cmd: Command, rows: readonly OptionRow[]): void {
  const given = new Map<string, string[]>();
  givenFlags.set(cmd, given);
  const note = (key: string, flag: string) => given.set(key, [...(given.get(key) ?? []), flag]);
  for (const row of rows) {
    cmd.on(`option:${row.flag.slice(2)}`, () => note(row.key, row.flag));
    if (row.negate) cmd.on(`option:${row.negate.slice(2)}`, () => note(row.key, row.negate!));
    const isBool = row.spec.type === 'bool';
    const option = new Option(`${row.flag} ${row.value}`, row.help);
    if (isBool) option.argParser(parseBoolText);
    if (row.required) option.makeOptionMandatory();
    if (option.attributeName() !== row.attribute) throw new Error(`option ${row.flag}: commander names it ${option.attributeName()}, the table ${row.attribute}`);
    cmd.addOption(option);
    if (row.negate) cmd.addOption(new Option(row.negate, `the same as ${row.flag} ${isBool ? 'false' : 'none'}`));
  }
}

/**
 * Has commander's refusal of an unknown option of `cmd` say `message(flag, commanders)` instead of
 * its own message `commanders` (exit and code unchanged). One place for the private method this
 * reaches (Command.unknownOption, commander 14).
 */
export function onUnknownOption(cmd: Command, message: (flag: string, commanders: string) => string): void {
  const own = cmd as unknown as { unknownOption(flag: string): void };
  const unknown = own.unknownOption.bind(cmd);
  own.unknownOption = (flag: string) => {
    const error = cmd.error.bind(cmd);
    cmd.error = ((text: string, options?: { code?: string; exitCode?: number }) => error(message(flag, text), options)) as typeof cmd.error;
    try {
      unknown(flag);
    } finally {
      delete (cmd as unknown as { error?: unknown }).error;
    }
  };
}

/**
 * An unknown option that spells a parameter without an option of its own (`--hand-size` for
 * handSize, `--no-rebuy` for rebuy) is refused with the `--set` that gives it, not only "unknown":
 * every parameter is settable, only the main ones have options. `listed` says where they are all
 * listed (`sim params darkfate`).
 */
export function hintSetForParameters(cmd: Command, specs: readonly ParamSpec[], listed: string): void {
  onUnknownOption(cmd, (flag, commanders) => {
    const name = flag.split('=')[0];
    const spec = specs.find((s) => name === flagOf(s.key) || (s.type === 'bool' && name === `--no-${flagOf(s.key).slice(2)}`));
    if (!spec) return commanders;
    // Found by its --no- form: false.
    const value = name !== flagOf(spec.key) ? 'false' : spec.type === 'bool' ? 'true|false' : '<value>';
    return `error: unknown option '${name}': ${spec.key} has no option of its own; give it as --set ${spec.key}=${value} (see ${listed})`;
  });
}

/**
 * Throws when two options of `cmd` store their value under one attribute (commander itself refuses
 * only a shared flag): `--cover <kind>` and `--no-cover` once filled one parameter, silently. A
 * boolean's `--x`/`--no-x` pair is the one allowed sharing.
 */
export function checkOptionClashes(cmd: Command): void {
  const byAttribute = new Map<string, Option[]>();
  for (const o of cmd.options) {
    const list = byAttribute.get(o.attributeName()) ?? [];
    list.push(o);
    byAttribute.set(o.attributeName(), list);
  }
  for (const [attr, list] of byAttribute) {
    if (list.length === 1) continue;
    const pair = list.length === 2 && list[0].long !== undefined && list[1].long === `--no-${list[0].long.slice(2)}`;
    if (!pair) throw new Error(`command ${cmd.name()}: options ${list.map((o) => o.flags).join(' and ')} would fill the same value (${attr})`);
  }
}

/**
 * Throws UsageError when one parameter's option was given twice (`--cover hard --no-cover`,
 * `--aimed --no-aimed`): commander keeps the last, and which was meant is not for us to guess.
 */
export function refuseRepeatedOptions(cmd: Command): void {
  for (const [key, flags] of givenFlags.get(cmd) ?? []) {
    if (flags.length > 1) throw new UsageError(`option ${[...new Set(flags)].join(' and ')}: ${key} is given ${flags.length} times; give it once`);
  }
}

/** The options the user gave, as parameter overrides by key (raw text rewritten by `cli.parse`). */
export function valuesByRow(opts: Readonly<Record<string, unknown>>, rows: readonly OptionRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const raw = opts[row.attribute];
    if (raw !== undefined) out[row.key] = row.parse(raw);
  }
  return out;
}
