// The Terminator Genisys units data file (scenarios/genisys/units.yaml): stat-lines and weapons
// from the rulebook, validated on load with valibot; messages name the file, the entry and the field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { parse } from 'yaml';
import { UsageError } from '../../core/params.js';
import { packageInfo } from '../../core/packageInfo.js';
import { DIE_NAMES } from './dieLadder.js';

/** Special rules a unit may list: the first group changes an attack; the rest are recorded only. */
export const UNIT_SPECIALS = ['mindless', 'ill-be-back', 'vehicle', 'stealth', 'no-resolution', 'small-target', 'slow', 'fire-control', 'command-1', 'command-2', 'fist', 'fast', 'agile'] as const;
export const WEAPON_SPECIALS = ['sniper', 'flame', 'area', 'ignores-cover', 'semi-automatic', 'stopping-power', 'brace'] as const;

const Die = v.picklist(DIE_NAMES as unknown as string[], `expected one of ${DIE_NAMES.join(', ')}`);
const Text = v.pipe(v.string('expected text'), v.minLength(1, 'expected non-empty text'));

const WeaponSchema = v.strictObject({
  name: Text,
  range: v.picklist(['cc', 'short', 'long'], 'expected cc, short or long'),
  rof: v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'expected 1..20'), v.maxValue(20, 'expected 1..20')),
  power: Die,
  special: v.array(v.picklist(WEAPON_SPECIALS as unknown as string[], `expected one of ${WEAPON_SPECIALS.join(', ')}`)),
  source: Text,
  notes: v.optional(Text),
});

const UnitSchema = v.strictObject({
  name: Text,
  skill: v.optional(Die),
  armor: v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'expected 1..21'), v.maxValue(21, 'expected 1..21')),
  resolution: v.optional(Die),
  resilient: v.optional(v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'expected 1..10'), v.maxValue(10, 'expected 1..10'))),
  special: v.array(v.picklist(UNIT_SPECIALS as unknown as string[], `expected one of ${UNIT_SPECIALS.join(', ')}`)),
  weapons: v.array(Text),
  source: Text,
  notes: v.optional(Text),
  assumptions: v.optional(v.array(Text)),
});

const FileSchema = v.strictObject({
  weapons: v.record(v.string(), WeaponSchema),
  units: v.record(v.string(), UnitSchema),
});

export type WeaponData = v.InferOutput<typeof WeaponSchema>;
export type UnitData = v.InferOutput<typeof UnitSchema>;
export type UnitsFile = v.InferOutput<typeof FileSchema>;

export const UNITS_FILE = 'scenarios/genisys/units.yaml';

/** Parses and validates units YAML; `file` names it in messages. Throws UsageError. */
export function parseUnits(text: string, file: string): UnitsFile {
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 0 });
  } catch (err) {
    throw new UsageError(`${file}: not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const r = v.safeParse(FileSchema, raw);
  if (!r.success) {
    const issue = r.issues[0];
    const path = (issue.path ?? []).map((p) => String(p.key)).join('.');
    throw new UsageError(`${file}: ${path || 'document'}: ${issue.message}`);
  }
  const data = r.output;
  for (const [id, unit] of Object.entries(data.units)) {
    unit.weapons.forEach((w, i) => {
      if (!data.weapons[w]) throw new UsageError(`${file}: units.${id}.weapons.${i}: unknown weapon "${w}" (known: ${Object.keys(data.weapons).join(', ')})`);
    });
  }
  return data;
}

/** Loads the package's units file (or `path`). Throws UsageError. */
export function loadUnits(path?: string): UnitsFile {
  const file = path ?? join(packageInfo().root, UNITS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${file}: cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return parseUnits(text, path ?? UNITS_FILE);
}

function pick<T>(table: Record<string, T>, name: string, option: string, what: string): T {
  const found = table[name.toLowerCase()];
  if (!found) throw new UsageError(`option ${option}: unknown ${what} "${name}"; valid: ${Object.keys(table).join(', ')}`);
  return found;
}

/**
 * Parameter overrides implied by --attacker/--weapon/--target (keys as in GENISYS_PARAMS).
 * The caller lays explicit options over these.
 */
export function unitOverrides(data: UnitsFile, sel: { attacker?: string; weapon?: string; target?: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (sel.attacker !== undefined) {
    const a = pick(data.units, sel.attacker, '--attacker', 'unit');
    if (!a.skill) throw new UsageError(`option --attacker: ${a.name} has no Skill and cannot attack (${UNITS_FILE}: units.${sel.attacker}.skill)`);
    out.skill = a.skill;
    if (sel.weapon !== undefined && a.weapons.length > 0 && !a.weapons.includes(sel.weapon.toLowerCase())) {
      throw new UsageError(`option --weapon: ${a.name} carries ${a.weapons.join(', ')}, not "${sel.weapon}"`);
    }
  }
  if (sel.weapon !== undefined) {
    const w = pick(data.weapons, sel.weapon, '--weapon', 'weapon');
    out.rof = w.rof;
    out.power = w.power;
    out.weaponRange = w.range;
    if (w.range === 'cc') out.range = 'cc';
    for (const s of w.special) out[camel(s)] = true;
  }
  if (sel.target !== undefined) {
    const t = pick(data.units, sel.target, '--target', 'unit');
    out.armor = t.armor;
    if (t.resolution) out.resolution = t.resolution;
    if (t.resilient) out.resilient = t.resilient;
    for (const s of t.special) {
      if (s === 'mindless' || s === 'ill-be-back' || s === 'vehicle' || s === 'stealth' || s === 'no-resolution' || s === 'small-target') out[camel(s)] = true;
    }
  }
  return out;
}

function camel(s: string): string {
  return s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
