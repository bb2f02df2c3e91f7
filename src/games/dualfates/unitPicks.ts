// Unit sheets as parameters: `--attacker`, `--ability`, `--target` (and `--unit` for running) pick
// sheets from the units file (scenarios/dualfates/units.yaml by default), and the picks fill every
// stat left at auto / -1 — a value given anywhere (option, --set, scenario) wins. Rulebook:
// Understanding Unit Sheet, Understanding The Statistics.
import { join } from 'node:path';
import { packageInfo } from '../../core/packageInfo.js';
import type { ResolvedParams } from '../../core/scenarioGame.js';
import { readInputFile } from '../../core/inputFile.js';
import { UsageError } from '../../core/usageError.js';
import { AUTO, DEFAULT_UNITS_FILE, FROM_UNIT, NO_UNIT, unitKey } from './dualfatesParams.js';
import { parseUnits, unitSheetLabels, validateUnits, type UnitSheet } from './units.js';
import { applyDataValues, dataValueSpecs, dataValuesOf, slugOf } from '../../core/dataValues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { parseYamlSafely } from '../../core/safeYaml.js';

type Ability = NonNullable<UnitSheet['abilities']>[number];

/** The text of a units file; the default's name means the bundled one (found from anywhere). Throws UsageError. */
function readUnitsText(path: string): string {
  const file = path === DEFAULT_UNITS_FILE ? join(packageInfo().root, DEFAULT_UNITS_FILE) : path;
  // A regular file of bounded size, checked before it is opened (a FIFO or /dev/zero is refused).
  return readInputFile(file, path, 4 * 1024 * 1024);
}

/**
 * Reads and validates a units file; the default's name means the bundled one (found from
 * anywhere). `values`: data values (`data.units.<unit>.<field>`, src/core/dataValues.ts; others
 * are left to their own files), set before the file is validated, so a value out of range fails
 * with the file's own message, which then names the values given. Throws UsageError.
 */
export function loadUnitSheets(path: string = DEFAULT_UNITS_FILE, values: Readonly<Record<string, ParamValue>> = {}): UnitSheet[] {
  const text = readUnitsText(path);
  const mine = dataValuesOf(values, UNITS_ROOT);
  const given = Object.entries(mine);
  if (given.length === 0) return parseUnits(text, path);
  return validateUnits(applyDataValues(parseYamlSafely(text, path), mine), `${path} with ${given.map(([k, x]) => `${k}=${String(x)}`).join(', ')}`);
}

/** Where the unit sheets' values live among the data values: data.units.<unit>.<field>. */
const UNITS_ROOT = 'data.units';

/** Every number of the unit sheets `units` names, as data.units.<unit>.<field> specs labelled as the sheets label them. */
export function unitSheetValueSpecs(units: string): ParamSpec[] {
  const raw = parseYamlSafely(readUnitsText(units), units);
  return dataValueSpecs(raw, units, unitSheetLabels(raw));
}

/**
 * Data keys of unit sheets an attack does not read: `data.units.<unit>.…` of every unit that is
 * neither its attacker nor its target (picks by unitKey; "none" picks no unit).
 */
export function unusedUnitSheets(fixed: ResolvedParams): (key: string) => boolean {
  const picked = new Set([fixed.attacker, fixed.target].map((v) => unitKey(String(v ?? ''))).filter((k) => k !== '' && k !== NO_UNIT).map((k) => slugOf(k)));
  return (key) => {
    const m = /^data\.units\.([^.]+)\./.exec(key);
    return m !== null && !picked.has(m[1]);
  };
}

/** The sheet named `name` (any case; '-' or '_' for spaces), or null for "none". Throws UsageError naming `param`. */
export function findUnit(units: readonly UnitSheet[], name: string, param: string, file: string): UnitSheet | null {
  const key = unitKey(name);
  if (key === NO_UNIT || key === '') return null;
  const found = units.find((u) => unitKey(u.name) === key);
  if (!found) throw new UsageError(`parameter ${param}: unknown unit "${name}" in ${file}; known: ${units.map((u) => u.name).join(', ')}, none`);
  return found;
}

/** An attack ability: melee or ranged with a target statistic and a damage type. */
function isAttack(a: Ability): boolean {
  return (a.kind === 'melee' || a.kind === 'ranged') && a.target !== undefined;
}

export interface AttackPicks {
  attacker: string | null;
  ability: string | null;
  target: string | null;
  /** The units file the picks came from (as given). */
  file: string;
  /** Which parameters the picks filled, and from what: "value = DEF 7 (Training Knight)". */
  filled: string[];
}

const STAT_NAMES = { def: 'DEF', dod: 'DOD', will: 'WILL' } as const;

/**
 * Fills the attack parameters left at auto / -1 from the picked units (returns a new record; the
 * input is not changed). vs, damage and attack come from the attacker's ability; value from the
 * target's DEF/DOD/WILL for vs; armor and health from the target. A stat still unknown (no unit, or
 * null on the sheet: not in the rulebook) throws UsageError naming the parameter to give.
 */
export function applyUnitPicks(r: ResolvedParams, units: readonly UnitSheet[], file: string): { params: ResolvedParams; picks: AttackPicks } {
  const out: ResolvedParams = { ...r };
  const filled: string[] = [];
  const attacker = findUnit(units, String(r.attacker), 'attacker', file);
  const target = findUnit(units, String(r.target), 'target', file);
  let ability: Ability | null = null;
  if (attacker) {
    const abilities = attacker.abilities ?? [];
    const wanted = String(r.ability ?? '');
    if (wanted !== '') {
      ability = abilities.find((a) => unitKey(a.name) === unitKey(wanted)) ?? null;
      if (!ability) throw new UsageError(`parameter ability: ${attacker.name} has no ability "${wanted}" (${file}); its abilities: ${abilities.map((a) => a.name).join(', ') || 'none'}`);
      if (!isAttack(ability)) throw new UsageError(`parameter ability: ${attacker.name}'s ${ability.name} is not an attack (a melee or ranged ability with a target statistic)`);
    } else {
      ability = abilities.find(isAttack) ?? null;
    }
  } else if (String(r.ability ?? '') !== '') {
    throw new UsageError('parameter ability: names an ability of the attacker, and no attacker is picked (attacker none)');
  }
  if (out.vs === AUTO) {
    if (!ability) throw new UsageError(`parameter vs: no attack ability to take it from (${attacker ? `${attacker.name} has none` : 'no attacker'}); give --vs`);
    out.vs = ability.target!;
    filled.push(`vs = ${ability.target!.toUpperCase()} (${attacker!.name}'s ${ability.name})`);
  }
  if (out.damage === AUTO) {
    if (!ability?.damage) throw new UsageError(`parameter damage: no damage type to take it from (${ability ? `${attacker!.name}'s ${ability.name} gives none` : 'no attack ability'}); give --damage`);
    out.damage = ability.damage;
    filled.push(`damage = ${ability.damage} (${attacker!.name}'s ${ability.name})`);
  }
  // rulebook: ATTACK EXAMPLE — the ability says melee or ranged; auto reads it when it targets the stat the attack uses.
  if (out.attack === 'auto' && ability && out.vs === ability.target) {
    out.attack = ability.kind;
    filled.push(`attack = ${ability.kind} (${attacker!.name}'s ${ability.name})`);
  }
  if (out.value === FROM_UNIT) {
    const vs = out.vs as string;
    if (vs === 'static') throw new UsageError('parameter value: a static target number is the ability\'s, not a unit\'s; give --value');
    const stat = STAT_NAMES[vs as keyof typeof STAT_NAMES];
    const v = target?.[vs as 'def' | 'dod' | 'will'];
    if (!target) throw new UsageError(`parameter value: no target unit (target none); give --value`);
    if (v === null || v === undefined) throw new UsageError(`parameter value: ${target.name}'s ${stat} is not in the rulebook (${file}: null); give --value`);
    out.value = v;
    filled.push(`value = ${stat} ${v} (${target.name})`);
  }
  for (const k of ['armor', 'health'] as const) {
    if (out[k] !== FROM_UNIT) continue;
    if (!target) throw new UsageError(`parameter ${k}: no target unit (target none); give --${k}`);
    const v = target[k];
    if (v === null || v === undefined) throw new UsageError(`parameter ${k}: ${target.name}'s ${k} is not in the rulebook (${file}: null); give --${k}`);
    if (k === 'health' && v < 1) throw new UsageError(`parameter health: ${target.name}'s health is ${v}; give --health 1..200`);
    out[k] = v;
    filled.push(`${k} = ${v} (${target.name})`);
  }
  if (out.health === 0) throw new UsageError('parameter health: expected an integer in [1, 200], or -1 (the target unit\'s)');
  return { params: out, picks: { attacker: attacker?.name ?? null, ability: ability?.name ?? null, target: target?.name ?? null, file, filled } };
}

/** A unit's Speed for `sim dualfates run --unit`. Throws UsageError naming the parameter. */
export function unitSpeed(units: readonly UnitSheet[], name: string, file: string): { unit: string; speed: number } {
  const u = findUnit(units, name, 'unit', file);
  if (!u) throw new UsageError('parameter unit: no unit picked (none); give --speed');
  if (u.speed === null) throw new UsageError(`parameter unit: ${u.name}'s Speed is not in the rulebook (${file}: null); give --speed`);
  return { unit: u.name, speed: u.speed };
}
