// A fire team: several attackers, each firing one weapon (a vehicle or a Fire Control model every
// weapon it lists; a twin mount counts as one weapon of double ROF), at a group of target models,
// over one or more turns of fire ("volleys"), with a stated targeting rule. This file parses the
// team specs and compiles every attack plan the simulations need (plain JSON, sent to workers).
// rulebook: Attacking – Choose Weapon and Target; Vehicles – Attacking, 'Twin' Weapons; FAQ A6, A8.
import { UsageError } from '../../core/usageError.js';
import { compileAttack, type AttackPlan } from './attackPlan.js';
import { readParams, type RangeName } from './genisysParams.js';
import { unitOverrides, type UnitsFile } from './units.js';

/** How each attack picks its primary target among the models still in play. */
export const TARGETINGS = ['focus', 'spread', 'random'] as const;
export type Targeting = (typeof TARGETINGS)[number];
export const TARGETING_FOCUS = 0;
export const TARGETING_SPREAD = 1;
export const TARGETING_RANDOM = 2;

export const MAX_ATTACKERS = 50;
export const MAX_TARGETS = 30;
export const MAX_VOLLEYS = 50;

/** One item of a team or force spec: `[N*]unit[:weapon[+weapon…]][#command][@points]`. */
export interface TeamItem {
  count: number;
  unit: string;
  /** Weapon ids as written (a `twin-` prefix is a twin mount). */
  weapons: string[];
  /** Command value, when given (null: not given); present only where `#command` is admitted (the skirmish's forces). */
  command?: number | null;
  /** Points per model, when given. */
  points: number | null;
}

const ITEM = /^(?:(\d+)\s*\*\s*)?([a-z0-9][a-z0-9-]*)(?::([a-z0-9+-]+))?(?:#(\d))?(?:@(\d+))?$/;

/**
 * Parses a comma-separated team spec; `param` names the parameter in messages. `allowWeapons`
 * admits `:weapon[+weapon…]`, `allowCommand` admits `#command` (the skirmish's forces). One parser
 * for the fire team's attackers and targets and the skirmish's sides. Throws UsageError.
 */
export function parseTeam(text: string, param: string, allowWeapons: boolean, allowCommand = false): TeamItem[] {
  const syntax = `[N*]unit${allowWeapons ? '[:weapon[+weapon…]]' : ''}${allowCommand ? '[#command]' : ''}[@points]`;
  const examples = allowCommand ? '3*endoskeleton, resistance-captain#2@40, 2*resistance-soldier:rocket-launcher' : allowWeapons ? '3*endoskeleton:plasma-gun@30' : '5*resistance-soldier@10';
  const items = text.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (items.length === 0) throw new UsageError(`parameter ${param}: empty (expected e.g. ${allowCommand ? '"3*endoskeleton"' : allowWeapons ? '"3*endoskeleton:plasma-gun"' : '"5*resistance-soldier"'})`);
  return items.map((raw) => {
    const m = ITEM.exec(raw.replace(/\s+/g, ''));
    if (!m || (!allowWeapons && m[3] !== undefined) || (!allowCommand && m[4] !== undefined)) {
      throw new UsageError(`parameter ${param}: cannot read "${raw}" (expected ${syntax}, e.g. ${examples})`);
    }
    const count = m[1] === undefined ? 1 : Number(m[1]);
    if (count < 1) throw new UsageError(`parameter ${param}: "${raw}": a count must be 1 or more`);
    const item: TeamItem = { count, unit: m[2], weapons: m[3] ? m[3].split('+').filter(Boolean) : [], points: m[5] === undefined ? null : Number(m[5]) };
    if (allowCommand) item.command = m[4] === undefined ? null : Number(m[4]);
    return item;
  });
}

/** A target model type of the team (one per distinct unit). */
export interface TargetType {
  unit: string;
  name: string;
  resilient: number;
  illBeBack: boolean;
}

/**
 * Everything the fire-team simulations read: per attack slot of a volley (attacker model ×
 * weapon, in firing order) and per target type, the compiled plans. Plain JSON.
 * plan index: ((slot * types + type) * 2 + form) * 2 + hasta, form 0 the model, 1 its crawler;
 * hasta 1: the attack is 'Hasta la Vista, Baby!' (CC range, reeling target). `plans` use the
 * targets' cover; `openPlans` the same attacks with no cover (a shielding comrade hit, a target
 * whose only cover was comrades who are gone). null: the combination cannot happen.
 */
export interface FireTeamPlan {
  /** Whether any attack of the team is an aimed shot (with --aimed: a ROF 1 ranged weapon outside Close Combat range). */
  aimedShots?: boolean;
  volleys: number;
  targeting: number;
  /** Other target models within 2 in. (Close Combat range) of each target. */
  near: number;
  suppressive: boolean;
  comrades: boolean;
  /** 'Hasta la Vista' on reeling targets: only at Close Combat range. */
  hasta: boolean;
  slots: number;
  slotNames: string[];
  /** Attack slot s: the attacker's unit id, the weapon id, and whether it is a twin mount. */
  slotSpecs: SlotSpec[];
  types: TargetType[];
  /** Target model m is of type targetType[m]. */
  targetType: number[];
  targetNames: string[];
  /** Points per target model (0 when not given) and whether every one was given. */
  targetPoints: number[];
  targetPointsGiven: boolean;
  attackerPoints: number;
  attackerPointsGiven: boolean;
  plans: (AttackPlan | null)[];
  openPlans: (AttackPlan | null)[];
}

export const planIndex = (fp: FireTeamPlan, slot: number, type: number, form: number, hasta: number): number => ((slot * fp.types.length + type) * 2 + form) * 2 + hasta;

/** The resolved parameters a fire team reads (keys as in FIRETEAM_PARAMS). */
export interface FireTeamInput {
  attackers: string;
  targets: string;
  range: RangeName;
  volleys: number;
  targeting: Targeting;
  near: number;
  suppressive: boolean;
  comrades: boolean;
  aimed: boolean;
  hasta: boolean;
  /** Everything else (cover, open, rule constants), as genisys attack reads it. */
  base: Record<string, unknown>;
}

export interface SlotSpec {
  attacker: string;
  weapon: string;
  twin: boolean;
}
interface Slot extends SlotSpec {
  name: string;
}

/** Expands the attackers into attack slots (one per model per weapon fired), checking who may fire what. */
function attackSlots(items: TeamItem[], data: UnitsFile, file: string): { slots: Slot[]; points: number; pointsGiven: boolean } {
  const slots: Slot[] = [];
  let points = 0;
  let pointsGiven = true;
  let models = 0;
  for (const it of items) {
    const unit = Object.hasOwn(data.units, it.unit) ? data.units[it.unit] : undefined;
    if (!unit) throw new UsageError(`parameter attackers: unknown unit "${it.unit}" in ${file}; valid: ${Object.keys(data.units).join(', ')}`);
    let weapons = it.weapons;
    if (weapons.length === 0) {
      if (unit.weapons.length !== 1) throw new UsageError(`parameter attackers: "${it.unit}" carries ${unit.weapons.length ? unit.weapons.join(', ') : 'no weapon in the file'}: name the weapon (${it.unit}:weapon)`);
      weapons = [unit.weapons[0]];
    }
    // rulebook: Choose Weapon and Target ("Models can normally use a single weapon"); Vehicles –
    // Attacking ("they fire all of their weapons"); FAQ A8 (two weapons at once "thanks to the Fire Control rule").
    const many = unit.special.includes('vehicle') || unit.special.includes('fire-control');
    if (weapons.length > 1 && !many) throw new UsageError(`parameter attackers: ${unit.name} fires a single weapon (rulebook: Attacking – Choose Weapon and Target); only a vehicle or a Fire Control model fires several`);
    models += it.count;
    if (it.points === null) pointsGiven = false;
    else points += it.count * it.points;
    for (let c = 0; c < it.count; c++) {
      for (const w of weapons) {
        const twin = w.startsWith('twin-');
        const id = twin ? w.slice(5) : w;
        const weapon = Object.hasOwn(data.weapons, id) ? data.weapons[id] : undefined;
        if (!weapon) throw new UsageError(`parameter attackers: unknown weapon "${id}" in ${file}; valid: ${Object.keys(data.weapons).join(', ')}`);
        slots.push({ attacker: it.unit, weapon: id, twin, name: `${unit.name}${it.count > 1 ? ` ${c + 1}` : ''}: ${twin ? 'twin ' : ''}${weapon.name}` });
      }
    }
  }
  if (models > MAX_ATTACKERS) throw new UsageError(`parameter attackers: ${models} models, at most ${MAX_ATTACKERS}`);
  return { slots, points, pointsGiven };
}

/**
 * Compiles a fire team. `data` is the units file (`file` its name for messages). Throws
 * UsageError for bad specs and for attacks the rules forbid (a weapon out of range, …).
 */
export function compileFireTeam(input: FireTeamInput, data: UnitsFile, file: string): FireTeamPlan {
  const attackers = parseTeam(input.attackers, 'attackers', true);
  const targets = parseTeam(input.targets, 'targets', false);
  const { slots, points: attackerPoints, pointsGiven: attackerPointsGiven } = attackSlots(attackers, data, file);
  const types: TargetType[] = [];
  const targetType: number[] = [];
  const targetNames: string[] = [];
  const targetPoints: number[] = [];
  let targetPointsGiven = true;
  for (const it of targets) {
    const unit = Object.hasOwn(data.units, it.unit) ? data.units[it.unit] : undefined;
    if (!unit) throw new UsageError(`parameter targets: unknown unit "${it.unit}" in ${file}; valid: ${Object.keys(data.units).join(', ')}`);
    let t = types.findIndex((x) => x.unit === it.unit);
    if (t < 0) {
      t = types.length;
      types.push({ unit: it.unit, name: unit.name, resilient: unit.resilient ?? 1, illBeBack: unit.special.includes('ill-be-back') });
    }
    if (it.points === null) targetPointsGiven = false;
    for (let c = 0; c < it.count; c++) {
      targetType.push(t);
      targetNames.push(`${unit.name}${it.count > 1 ? ` ${c + 1}` : ''}`);
      targetPoints.push(it.points ?? 0);
    }
  }
  if (targetType.length > MAX_TARGETS) throw new UsageError(`parameter targets: ${targetType.length} models, at most ${MAX_TARGETS}`);
  if (types.some((t) => t.illBeBack) && !Object.hasOwn(data.units, 'crawler')) throw new UsageError(`parameter targets: a target with I'll Be Back needs the crawler profile ("crawler") in ${file}`);
  const fp: FireTeamPlan = {
    volleys: input.volleys,
    targeting: TARGETINGS_INDEX[input.targeting],
    near: input.near,
    suppressive: input.suppressive,
    // rulebook: Cover from Comrades is cover "only" from comrades: at Long and Extreme range the range itself gives cover, at CC none.
    comrades: input.comrades && (input.range === 'pb' || input.range === 'short'),
    hasta: input.hasta && input.range === 'cc',
    slots: slots.length,
    slotNames: slots.map((s) => s.name),
    slotSpecs: slots.map((s) => ({ attacker: s.attacker, weapon: s.weapon, twin: s.twin })),
    types,
    targetType,
    targetNames,
    targetPoints,
    targetPointsGiven,
    attackerPoints,
    attackerPointsGiven,
    plans: [],
    openPlans: [],
  };
  // Whether any attack of the team is an aimed shot (an --aimed that makes none would change nothing).
  const used = { aimed: false };
  for (let s = 0; s < slots.length; s++) {
    for (let t = 0; t < types.length; t++) {
      for (let form = 0; form < 2; form++) {
        for (let h = 0; h < 2; h++) {
          const args = { slot: slots[s], type: types[t], form, hasta: h === 1, damageTaken: 0 };
          const normal = form === 1 && !types[t].illBeBack ? null : fireTeamAttack(input, data, file, args, false, used);
          fp.plans.push(normal);
          fp.openPlans.push(normal === null ? null : fireTeamAttack(input, data, file, args, true, used));
        }
      }
    }
  }
  for (let s = 0; s < slots.length; s++) {
    for (let t = 0; t < types.length; t++) if (!fp.plans[planIndex(fp, s, t, 0, 0)]) throw new Error(`fire team: no plan for slot ${s}, type ${t}`);
  }
  // rulebook: Advanced Rules – Aimed Shots: only ROF 1 ranged weapons; the report says when none of the team's is one.
  fp.aimedShots = used.aimed;
  return fp;
}

const TARGETINGS_INDEX: Record<Targeting, number> = { focus: TARGETING_FOCUS, spread: TARGETING_SPREAD, random: TARGETING_RANDOM };

/**
 * The parameters of one attack of the team, as `genisys attack` reads them: the attacker's Skill,
 * the weapon (ROF doubled for a twin mount), the target's (or its crawler's) stat-line, the team's
 * range, cover and rule constants.
 */
export function fireTeamAttackParams(input: FireTeamInput, data: UnitsFile, file: string, a: { slot: SlotSpec; type: TargetType; form: number; hasta: boolean; damageTaken: number }, open: boolean): Record<string, unknown> {
  // The crawler profile (Machine Special Rules – I'll Be Back) replaces the model's stat-line.
  const target = a.form === 1 ? 'crawler' : a.type.unit;
  const picked = unitOverrides(data, { attacker: a.slot.attacker, weapon: a.slot.weapon, target }, file, { attacker: 'option --attackers', weapon: 'option --attackers', target: 'option --targets' });
  const r: Record<string, unknown> = { ...input.base, ...picked, range: input.range, damageTaken: a.damageTaken, hastaLaVista: a.hasta };
  // rulebook: Vehicles – 'Twin' Weapons ("a single weapon with double the ROF"); FAQ A6.
  if (a.slot.twin) r.rof = Number(picked.rof) * 2;
  // rulebook: Advanced Rules – Aimed Shots (ROF 1 ranged weapons of models that did not move).
  const rof = picked.semiAutomatic ? (input.range === 'long' || input.range === 'extreme' ? 1 : 2) : Number(r.rof);
  r.aimed = input.aimed && rof === 1 && input.range !== 'cc' && !a.hasta;
  // A hit that "receives no cover" (Cover from Comrades): the target counts as in the open at any range.
  if (open) r.ignoresCover = true;
  return r;
}

function fireTeamAttack(input: FireTeamInput, data: UnitsFile, file: string, a: { slot: Slot; type: TargetType; form: number; hasta: boolean; damageTaken: number }, open: boolean, used: { aimed: boolean }): AttackPlan | null {
  const r = fireTeamAttackParams(input, data, file, a, open);
  if (r.aimed) used.aimed = true;
  if (!a.hasta) return compileAttack(readParams(r));
  try {
    return compileAttack(readParams(r));
  } catch (err) {
    // 'Hasta la Vista' cannot happen against this target (a vehicle, one that never reels): no plan.
    if (err instanceof UsageError) return null;
    throw err;
  }
}
