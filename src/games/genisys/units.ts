// The Terminator Genisys units data file (scenarios/genisys/units.yaml): stat-lines and weapons
// from the rulebook, parsed safely (src/core/safeYaml.ts), validated on load with valibot; messages
// name the file, the entry and the field. applyUnits() fills the attack's stats from the picks.
import { join } from 'node:path';
import * as v from 'valibot';
import { applyDataValues, dataValueSpecs, dataValuesOf, type DataLabel } from '../../core/dataValues.js';
import { type ParamSpec, type ParamValue } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { readInputFile } from '../../core/inputFile.js';
import { issueText } from '../../core/issues.js';
import { packageInfo } from '../../core/packageInfo.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import { DIE_NAMES } from './dieLadder.js';
import { AUTO, DEFAULT_UNITS_FILE } from './genisysParams.js';
import { displayKey } from '../../core/displayName.js';

/** Special rules a unit may list: the first eight change an attack (TARGET_SPECIALS); the rest are recorded only. */
export const UNIT_SPECIALS = ['mindless', 'ill-be-back', 'vehicle', 'vtol', 'stealth', 'no-resolution', 'no-cover', 'small-target', 'slow', 'fire-control', 'command-1', 'command-2', 'fist', 'fast', 'agile'] as const;
/** A target's special rules that the attack engine reads. */
export const TARGET_SPECIALS: readonly string[] = ['mindless', 'ill-be-back', 'vehicle', 'vtol', 'stealth', 'no-resolution', 'no-cover', 'small-target'];
export const WEAPON_SPECIALS = ['sniper', 'flame', 'area', 'ignores-cover', 'semi-automatic', 'stopping-power', 'brace'] as const;

const Die = v.picklist(DIE_NAMES as unknown as string[], `expected one of ${DIE_NAMES.join(', ')}`);
const Text = v.pipe(v.string('expected text'), v.minLength(1, 'expected non-empty text'));

const WeaponSchema = v.strictObject({
  name: Text,
  range: v.picklist(['cc', 'short', 'long'], 'expected cc, short or long'),
  rof: v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'expected 1..20'), v.maxValue(20, 'expected 1..20')),
  power: Die,
  special: v.array(v.picklist(WEAPON_SPECIALS as unknown as string[], `expected one of ${WEAPON_SPECIALS.join(', ')}`), 'expected a list of special rules'),
  source: Text,
  notes: v.optional(Text),
  assumptions: v.optional(v.array(Text, 'expected a list of texts')),
}, 'expected a weapon { name, range, rof, power, special, source, notes?, assumptions? }');

const UnitSchema = v.strictObject({
  name: Text,
  skill: v.optional(Die),
  armor: v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'expected 1..21'), v.maxValue(21, 'expected 1..21')),
  resolution: v.optional(Die),
  resilient: v.optional(v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'expected 1..10'), v.maxValue(10, 'expected 1..10'))),
  // Size 0 is a rulebook value (Machine Special Rules – I'll Be Back: "they are Size 0").
  size: v.optional(v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(0, 'expected 0..100'), v.maxValue(100, 'expected 0..100'))),
  /** Cost in points with the weapons listed (Force Lists – Using the Force Lists); absent: not bought (a scenario model). */
  points: v.optional(v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'expected 1..10000'), v.maxValue(10000, 'expected 1..10000'))),
  special: v.array(v.picklist(UNIT_SPECIALS as unknown as string[], `expected one of ${UNIT_SPECIALS.join(', ')}`), 'expected a list of special rules'),
  weapons: v.array(Text, 'expected a list of weapon ids'),
  source: Text,
  notes: v.optional(Text),
  assumptions: v.optional(v.array(Text, 'expected a list of texts')),
}, 'expected a unit { name, skill?, armor, resolution?, resilient?, size?, points?, special, weapons, source, notes?, assumptions? }');

const FileSchema = v.strictObject(
  {
    weapons: v.record(v.string(), WeaponSchema, 'expected a mapping of weapon ids'),
    units: v.record(v.string(), UnitSchema, 'expected a mapping of unit ids'),
  },
  'expected the units mapping { weapons, units } (see scenarios/genisys/units.yaml)',
);

export type WeaponData = v.InferOutput<typeof WeaponSchema>;
export type UnitData = v.InferOutput<typeof UnitSchema>;
export type UnitsFile = v.InferOutput<typeof FileSchema>;

export const UNITS_FILE = DEFAULT_UNITS_FILE;

/** Parses and validates units YAML; `file` names it in messages. Throws UsageError. */
export function parseUnits(text: string, file: string): UnitsFile {
  return validateUnits(parseYamlSafely(text, file), file);
}

/** Validates a parsed units document; `file` names it in messages. Throws UsageError. */
export function validateUnits(raw: unknown, file: string): UnitsFile {
  const r = v.safeParse(FileSchema, raw);
  if (!r.success) {
    const issue = r.issues[0];
    const path = (issue.path ?? []).map((p) => String(p.key)).join('.');
    // One line, whatever the input: valibot's default messages quote the value received.
    throw new UsageError(`${file}: ${path || 'document'}: ${issueText(issue)}`);
  }
  const data = r.output;
  // Names are what the tables and charts show: two of one name would read as one unit (or weapon).
  for (const kind of ['units', 'weapons'] as const) {
    const seen = new Map<string, string>();
    for (const [id, item] of Object.entries(data[kind])) {
      const key = displayKey(item.name);
      const other = seen.get(key);
      if (other !== undefined) throw new UsageError(`${file}: ${kind}.${id}.name: "${item.name}" is also the name of ${kind}.${other}; give each a name of its own`);
      seen.set(key, id);
    }
  }
  for (const [id, unit] of Object.entries(data.units)) {
    unit.weapons.forEach((w, i) => {
      if (!data.weapons[w]) throw new UsageError(`${file}: units.${id}.weapons.${i}: unknown weapon "${w}" (known: ${Object.keys(data.weapons).join(', ')})`);
    });
  }
  return data;
}

/** The text of the units file `path` names (the default's name means the package's) and how messages name it. Throws UsageError. */
function readUnitsText(path?: string): { text: string; label: string } {
  if (path === UNITS_FILE) path = undefined;
  const file = path ?? join(packageInfo().root, UNITS_FILE);
  // A regular file of bounded size, checked before it is opened (a FIFO or /dev/zero is refused).
  return { text: readInputFile(file, file, 4 * 1024 * 1024), label: path ?? UNITS_FILE };
}

/**
 * Loads the package's units file (or `path`; the default's name means the package's). `values`:
 * data values by `data.<path>` (`data.units.endoskeleton.armor`, src/core/dataValues.ts), set
 * before the file is validated, so a value out of range fails with the file's own message, which
 * then names the values given. Throws UsageError.
 */
export function loadUnits(path?: string, values: Readonly<Record<string, ParamValue>> = {}): UnitsFile {
  const { text, label } = readUnitsText(path);
  const raw = parseYamlSafely(text, label);
  const given = Object.entries(values);
  if (given.length === 0) return validateUnits(raw, label);
  return validateUnits(applyDataValues(raw, values), `${label} with ${given.map(([k, x]) => `${k}=${String(x)}`).join(', ')}`);
}

/**
 * Every number of the units file `fixed.units` names, as `data.units.<unit>.<field>` and
 * `data.weapons.<weapon>.<field>` parameter specs (a mode's extraParams), each labelled as the file
 * labels it (unitsLabels).
 */
export function unitsValueSpecs(fixed: Readonly<Record<string, ParamValue>>): ParamSpec[] {
  const { text, label } = readUnitsText(fixed.units === undefined ? undefined : String(fixed.units));
  const raw = parseYamlSafely(text, label);
  return dataValueSpecs(raw, label, unitsLabels(raw));
}

/** How the units file's fields are named in its `assumptions` and `source` texts. */
const FIELD_WORDS: Readonly<Record<string, string>> = { rof: 'ROF', armor: 'Armor', resilient: 'Resilient', size: 'Size', points: 'Points', skill: 'Skill', resolution: 'Resolution', power: 'Power' };

/**
 * How the units file labels each number (README "Units data"): a field an entry's `assumptions`
 * names before its colon ("U1 Points 30: …") is assumed, with that text; where the entry's
 * `source` itself speaks of an assumption (a user's file may say "Power D8: assumption H1" there),
 * the source's clause naming the field decides (assumed if it says so, else rulebook), and a field
 * no clause names is unlabelled; otherwise the value is the rulebook's, as the entry's source says.
 */
export function unitsLabels(raw: unknown): Map<string, DataLabel> {
  const out = new Map<string, DataLabel>();
  if (!raw || typeof raw !== 'object') return out;
  for (const table of ['weapons', 'units'] as const) {
    const entries = (raw as Record<string, unknown>)[table];
    if (!entries || typeof entries !== 'object') continue;
    for (const [id, entry] of Object.entries(entries as Record<string, unknown>)) {
      if (!entry || typeof entry !== 'object') continue;
      const e = entry as Record<string, unknown>;
      const source = typeof e.source === 'string' ? e.source : '';
      const assumptions = Array.isArray(e.assumptions) ? e.assumptions.filter((a): a is string => typeof a === 'string') : [];
      for (const [field, value] of Object.entries(e)) {
        if (typeof value !== 'number') continue;
        const word = new RegExp(`\\b${FIELD_WORDS[field] ?? field}\\b`, 'i');
        const assumption = assumptions.find((a) => word.test(a.split(':')[0]));
        let label: DataLabel | null = null;
        if (assumption) label = { label: 'assumed', text: assumption };
        else if (/assum/i.test(source)) {
          const clause = source.split(/[.;]\s+/).find((c) => word.test(c));
          if (clause) label = { label: /assum/i.test(clause) ? 'assumed' : 'rulebook', text: source };
        } else if (source) label = { label: 'rulebook', text: source };
        if (label) out.set(`data.${table}.${id}.${field}`, label);
      }
    }
  }
  return out;
}

function pick<T>(table: Record<string, T>, name: string, param: string, what: string, file: string): T {
  const key = name.trim().toLowerCase();
  // Own keys only: "constructor" or "toString" must not find Object.prototype's.
  const found = Object.hasOwn(table, key) ? table[key] : undefined;
  if (!found) throw new UsageError(`${param}: unknown ${what} "${name}" in ${file}; valid: ${Object.keys(table).join(', ')}`);
  return found;
}

export interface UnitPicks {
  attacker?: string;
  weapon?: string;
  target?: string;
}

/**
 * Parameter values implied by the picks (keys as in GENISYS_PARAMS): skill; rof, power,
 * weaponRange, range cc for a Close Combat weapon, the weapon's special rules; armor, resolution,
 * resilient, size and the target's special rules. `file` names the units file in messages.
 */
export function unitOverrides(data: UnitsFile, sel: UnitPicks, file: string = UNITS_FILE, where: { attacker: string; weapon: string; target: string } = PICK_OPTIONS): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  if (sel.attacker !== undefined) {
    const id = sel.attacker.trim().toLowerCase();
    const a = pick(data.units, sel.attacker, where.attacker, 'unit', file);
    if (!a.skill) throw new UsageError(`${where.attacker}: ${a.name} has no Skill and cannot attack (${file}: units.${id}.skill)`);
    out.skill = a.skill;
    if (sel.weapon !== undefined && a.weapons.length > 0 && !a.weapons.includes(sel.weapon.trim().toLowerCase())) {
      throw new UsageError(`${where.weapon}: ${a.name} carries ${a.weapons.join(', ')}, not "${sel.weapon}"`);
    }
  }
  if (sel.weapon !== undefined) {
    const w = pick(data.weapons, sel.weapon, where.weapon, 'weapon', file);
    out.rof = w.rof;
    out.power = w.power;
    out.weaponRange = w.range;
    if (w.range === 'cc') out.range = 'cc';
    for (const s of w.special) out[camel(s)] = true;
  }
  if (sel.target !== undefined) {
    const t = pick(data.units, sel.target, where.target, 'unit', file);
    out.armor = t.armor;
    if (t.resolution) out.resolution = t.resolution;
    if (t.resilient) out.resilient = t.resilient;
    if (t.size !== undefined) out.size = t.size;
    // A target's 'no-cover' and 'no-resolution' turn off its cover saves and Resolution tests.
    for (const s of t.special) if (TARGET_SPECIALS.includes(s)) out[NEGATED_SPECIALS[s] ?? camel(s)] = !Object.hasOwn(NEGATED_SPECIALS, s);
  }
  return out;
}

/** How `genisys attack` names the picks in messages (other modes name their own options). */
const PICK_OPTIONS = { attacker: 'attacker (--attacker)', weapon: 'weapon (--weapon)', target: 'target (--target)' };

/** The picks of resolved parameters (empty text = no pick). */
export function picksOf(resolved: Record<string, unknown>): UnitPicks {
  const get = (k: string) => (typeof resolved[k] === 'string' && (resolved[k] as string).trim() !== '' ? (resolved[k] as string) : undefined);
  return { attacker: get('attacker'), weapon: get('weapon'), target: get('target') };
}

export interface AppliedUnits {
  /** The parameters with every stat the picks fill that was left at auto/0 (or false/any) filled. */
  params: Record<string, ParamValue>;
  /** The units file's content when a pick was made (it goes into the report's hash), else null. */
  data: UnitsFile | null;
  /** Display names: "Endoskeleton", "Plasma gun", … */
  names: { attacker?: string; weapon?: string; target?: string };
  /** Data values given (data.units.…, data.weapons.…) that change nothing in this attack, each with why. */
  idleData: string[];
  /** The weapons the picked attacker's sheet lists (empty: none, or no attacker picked). */
  attackerWeapons: readonly string[];
}

/**
 * The data values in `values` that change nothing in this attack: one that moves no stat the picks
 * fill (a unit or weapon not picked, a field the attack never reads) or only stats a parameter given
 * beside it sets anyway (--rof beside data.weapons.<w>.rof). Each is tried alone against the file.
 */
function idleDataValues(file: string, values: Readonly<Record<string, ParamValue>>, sel: UnitPicks, resolved: Readonly<Record<string, ParamValue>>): string[] {
  const base = unitOverrides(loadUnits(file, {}), sel, file);
  // The stats a value of `k` fills differently from the file's own.
  const moves = (k: string, v: ParamValue): string[] => Object.entries(unitOverrides(loadUnits(file, { [k]: v }), sel, file)).filter(([x, val]) => base[x] !== val).map(([x]) => x);
  // The stats `k` feeds: those `v` moves, or (v is the file's own value) those a neighbouring value moves; null when that cannot be told.
  const feeds = (k: string, v: ParamValue): string[] | null => {
    const moved = moves(k, v);
    if (moved.length > 0 || typeof v !== 'number') return moved;
    for (const probe of [v + 1, v - 1]) {
      try {
        const m = moves(k, probe);
        if (m.length > 0) return m;
      } catch {
        return null; // Out of the file's range: the field's use is not told by this probe.
      }
    }
    return [];
  };
  const explicit = (x: string) => {
    const cur = resolved[x];
    return !(cur === undefined || (typeof cur === 'string' && cur.trim().toLowerCase() === AUTO) || (x === 'weaponRange' && cur === 'any'));
  };
  const out: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    const fed = feeds(k, v);
    if (fed === null) continue;
    if (fed.length === 0) out.push(`${k}=${String(v)} changes nothing in this attack: no stat of the units and weapon picked reads it`);
    else if (fed.every(explicit)) out.push(`${k}=${String(v)} changes nothing in this attack: ${fed.map((x) => `${x} ${String(resolved[x])}`).join(', ')} given beside it sets ${fed.length === 1 ? 'that stat' : 'those stats'} anyway`);
  }
  return out;
}

/**
 * Fills stats from the unit picks. A stat given anywhere (scenario, --set, option) wins over the
 * pick: only stats left at `auto` (dice, range, rof, armor, resilient, size), `any` (weaponRange)
 * take the unit's value; special rules are added (true wins). Reads the units file only when a
 * pick is made. Throws UsageError naming the file and listing the valid names.
 */
export function applyUnits(resolved: Record<string, ParamValue>, opts: { weaponOfAttacker?: boolean } = {}): AppliedUnits {
  const sel = picksOf(resolved);
  const values = dataValuesOf(resolved);
  if (sel.attacker === undefined && sel.weapon === undefined && sel.target === undefined) {
    // No pick: the file is not needed, but one the user named (or changed) is still loaded and
    // checked (a missing or malformed file must not pass silently into the report's parameters).
    const named = (resolved.units !== undefined && String(resolved.units) !== UNITS_FILE) || Object.keys(values).length > 0;
    // (A data value of a unit or weapon not picked is refused before this: refuseUnpickedValues.)
    return { params: resolved, data: named ? loadUnits(resolved.units === undefined ? undefined : String(resolved.units), values) : null, names: {}, idleData: [], attackerWeapons: [] };
  }
  const file = String(resolved.units ?? UNITS_FILE);
  const data = loadUnits(file, values);
  // An attacker picked without a weapon fires its own (attackerWeapon), read from the file loaded here.
  if (opts.weaponOfAttacker && sel.attacker !== undefined && sel.weapon === undefined) sel.weapon = attackerWeapon(data, sel.attacker, resolved, file);
  const params = { ...resolved };
  for (const [k, val] of Object.entries(unitOverrides(data, sel, file))) {
    const cur = params[k];
    // A special rule is added whatever the stat says: true wins, and for a negated special (no-cover) false wins.
    const unset = cur === undefined || (typeof cur === 'string' && cur.trim().toLowerCase() === AUTO) || typeof val === 'boolean' || (k === 'weaponRange' && cur === 'any');
    if (unset) params[k] = val;
  }
  const name = (t: Record<string, { name: string }>, id?: string) => (id === undefined ? undefined : t[id.trim().toLowerCase()].name);
  const idleData = Object.keys(values).length ? idleDataValues(file, values, sel, resolved) : [];
  const attackerWeapons = sel.attacker === undefined ? [] : data.units[sel.attacker.trim().toLowerCase()].weapons;
  return { params, data, names: { attacker: name(data.units, sel.attacker), weapon: name(data.weapons, sel.weapon), target: name(data.units, sel.target) }, idleData, attackerWeapons };
}

/**
 * The weapon an attacker picked without --weapon fires: its only weapon; none when it carries
 * none (the quickplay ROF and Power, or those given); refused when it carries several and --rof and
 * --power do not both describe the weapon (the attack would otherwise play the quickplay weapon
 * under the unit's name: a question other than the one asked).
 */
function attackerWeapon(data: UnitsFile, attacker: string, resolved: Readonly<Record<string, ParamValue>>, file: string): string | undefined {
  const a = pick(data.units, attacker, PICK_OPTIONS.attacker, 'unit', file);
  if (a.weapons.length === 1) return a.weapons[0];
  if (a.weapons.length === 0) return undefined;
  const given = (k: string) => resolved[k] !== undefined && !(typeof resolved[k] === 'string' && (resolved[k] as string).trim().toLowerCase() === AUTO);
  if (given('rof') && given('power')) return undefined;
  throw new UsageError(`${PICK_OPTIONS.weapon}: ${a.name} carries ${a.weapons.join(', ')} (${file}): pick one with --weapon, or give --rof and --power for another weapon (sim genisys matchup plays each weapon a unit carries)`);
}

/** Special rules that switch a default-on parameter off (the parameter key they set to false). */
const NEGATED_SPECIALS: Readonly<Record<string, string>> = { 'no-cover': 'coverSaves', 'no-resolution': 'resolutionTests' };

function camel(s: string): string {
  return s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The data keys of the units file a configuration never reads, given the models it fields
 * (`items`: each unit with the weapons its spec names): `data.units.<unit>.…` of every unit not
 * fielded, and `data.weapons.<weapon>.…` of every weapon none of them carries. The crawler profile
 * counts as fielded when a fielded unit has I'll Be Back (its models become crawlers). A weapon a
 * spec names counts, and so do the unit's own (named or not): reading too many as used only plays
 * a change that may move nothing, never skips one that moves something.
 */
export function unusedUnitsData(data: UnitsFile, items: readonly { unit: string; weapons: readonly string[] }[]): (key: string) => boolean {
  const units = new Set<string>();
  const weapons = new Set<string>();
  for (const f of items) {
    units.add(f.unit);
    for (const w of f.weapons) weapons.add(w.replace(/^twin-/, ''));
  }
  // rulebook: Machine Special Rules – I'll Be Back: the model becomes a crawler (the crawler profile's stats and weapons).
  for (const u of [...units]) if (data.units[u]?.special.includes('ill-be-back')) units.add('crawler');
  for (const u of units) for (const w of data.units[u]?.weapons ?? []) weapons.add(w);
  return (key) => {
    const m = /^data\.(units|weapons)\.([^.]+)\./.exec(key);
    return m !== null && !(m[1] === 'units' ? units : weapons).has(m[2]);
  };
}
