// The squad skirmish's compiled form (plain JSON, sent to workers): the two forces, their unit
// types and weapons, and every attack plan the engine may need, keyed by (attacker type, weapon,
// attacker damaged, target type, range band, target in cover, aimed shot, 'Hasta la Vista').
// rulebook: Basic Rules – Miniatures; Weaponry; Attacking; Models' Special Rules; Machine Special Rules.
import { UsageError } from '../../core/usageError.js';
import { compileAttack, type AttackPlan } from './attackPlan.js';
import { moveDie } from './dieLadder.js';
import { exactAttack } from './exactAttack.js';
import { parseTeam, type TeamItem } from './fireTeam.js';
import { RANGES, readParams } from './genisysParams.js';
import { unitOverrides, type UnitsFile, type WeaponData } from './units.js';

export const SIDE_NAMES = ['A', 'B'] as const;
/** Range bands on the track, in order: cc, pb, short, long, extreme. */
export const BAND_COUNT = 5;
export const MAX_MODELS_PER_SIDE = 30;
/** Positions and distances are whole hundredths of an inch (exact integer arithmetic). */
export const HUNDREDTHS = 100;

export interface SkirmishType {
  unit: string;
  name: string;
  /** Weapon indices (into SkirmishSpec.weapons) the model carries; it picks one per attack. */
  weapons: number[];
  /** Normal and double move lengths, hundredths of an inch (double 0: no double move). */
  normal: number;
  double: number;
  /** Damaged (a Resilient model with damage): Slow, Fast lost. */
  damagedNormal: number;
  damagedDouble: number;
  resilient: number;
  vehicle: boolean;
  /** Attacks (each with another weapon) in one activation: 1, or every weapon for a vehicle (Vehicles – Attacking). */
  attacks: number;
  /** Type index the model becomes with I'll Be Back, or -1. */
  crawlerType: number;
  /** Command value of the unit (0: not a Commander). */
  command: number;
}

export interface SkirmishWeapon {
  name: string;
  ranged: boolean;
  brace: boolean;
}

export interface SkirmishModel {
  side: number;
  type: number;
  /** Lane across the table, hundredths of an inch from the centre line (README S1): fixed for the game. */
  y: number;
  points: number;
  command: number;
}

export interface SkirmishSpec {
  /** Track length, deployment depth and the closest a model may end to an enemy, hundredths of an inch. */
  track: number;
  deploy: number;
  closest: number;
  /** Upper bounds (inclusive) of the range bands cc, pb, short, long, extreme, hundredths of an inch. */
  bands: number[];
  /** Whether the Extreme range band exists (Larger Playing Surfaces: not on the 3×2 ft mat). */
  extreme: boolean;
  /** Command range (Point Blank), hundredths. */
  commandRange: number;
  /** P(a model is in cover after a move, at Point Blank and Short range), in millionths. */
  coverChance: number;
  /** Turn at the end of which the game-end rolls start (D4, then D6, then D20). */
  endStart: number;
  maxTurns: number;
  /** Sides of each side's Tactical roll-off die. */
  tactical: number[];
  /** Each side holds a TDD agent and spends it greedily in its own attacks (README choice 5). */
  tdd: boolean;
  /** 0 Annihilate (points, 10% of the game size), 1 survivors (more models in play). */
  victory: number;
  models: SkirmishModel[];
  types: SkirmishType[];
  weapons: SkirmishWeapon[];
  maxWeapons: number;
  plans: (AttackPlan | null)[];
  /** P(the target is removed by this attack from fresh), for the built-in policies. */
  pRemove: number[];
  /** Built-in policy names or absolute module paths, per side. */
  policies: string[];
  policyHashes?: (string | null)[];
  /** The search policy's budget (skirmishSearch.ts), only when a side plays search. */
  search?: { iterations: number; depth: number; margin: number; bot: string; decisions?: readonly number[] | null };
}

/** Plan index of an attack. */
export function planKey(spec: SkirmishSpec, a: number, w: number, damaged: number, t: number, band: number, cover: number, aimed: number, hasta: number): number {
  return ((((((a * spec.maxWeapons + w) * 2 + damaged) * spec.types.length + t) * BAND_COUNT + band) * 2 + cover) * 2 + aimed) * 2 + hasta;
}

/** One item of a force: `[N*]unit[:weapon[+weapon…]][#command][@points]` (the fire team's grammar, plus `#command`). */
export type ForceItem = TeamItem;

/** Parses a side's force (fireTeam.ts parseTeam, the one parser of both modes). Throws UsageError naming `param`. */
export function parseForce(text: string, param: string): ForceItem[] {
  return parseTeam(text, param, true, true);
}

/** The fists of a model whose entry lists ranged weapons only (Choose Weapon and Target: "even if it's just their fists!"; README S6). */
export const FISTS: WeaponData = { name: 'Fists', range: 'cc', rof: 1, power: 'd4', special: [], source: 'assumption: README S6' };

export interface SkirmishInput {
  sideA: string;
  sideB: string;
  track: number;
  /** Table width across the track and the spacing of a side's models in it, hundredths of an inch (README S1). */
  width: number;
  spread: number;
  /** The Extreme range band exists (a larger playing surface). */
  extreme: boolean;
  deploy: number;
  closest: number;
  coverChance: number;
  endStart: number;
  maxTurns: number;
  tactical: number[];
  tdd: boolean;
  victory: number;
  policies: string[];
  policyHashes?: (string | null)[];
  search?: { iterations: number; depth: number; margin: number; bot: string; decisions?: readonly number[] | null };
  /** The attack rule constants (dotted keys), as genisys attack reads them. */
  base: Record<string, unknown>;
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const commandOf = (special: readonly string[]) => (special.includes('command-2') ? 2 : special.includes('command-1') ? 1 : 0);

/** Compiles the two forces and every plan. Throws UsageError for bad specs. */
export function compileSkirmish(input: SkirmishInput, data: UnitsFile, file: string): SkirmishSpec {
  const types: SkirmishType[] = [];
  const weapons: SkirmishWeapon[] = [];
  const weaponData: WeaponData[] = [];
  const weaponIndex = new Map<string, number>();
  const typeIndex = new Map<string, number>();
  const skills: (string | undefined)[] = [];
  const addWeapon = (id: string, w: WeaponData) => {
    if (!weaponIndex.has(id)) {
      weaponIndex.set(id, weapons.length);
      weapons.push({ name: w.name, ranged: w.range !== 'cc', brace: w.special.includes('brace') });
      weaponData.push(w);
    }
    return weaponIndex.get(id)!;
  };
  /**
   * The weapons a model of `unitId` carries when the force names `named` (README S13): each named
   * weapon replaces the unit's listed weapons of its kind (ranged or close combat); a kind not
   * named is kept. Nothing named: the unit's own list. Throws UsageError naming `param`.
   */
  const loadout = (unitId: string, unitWeapons: readonly string[], named: readonly string[], param: string): string[] => {
    if (named.length === 0) return [...unitWeapons];
    for (const id of named) {
      if (id.startsWith('twin-')) throw new UsageError(`parameter ${param}: "${unitId}:${id}": a twin mount (Vehicles – 'Twin' Weapons) is not modelled in the skirmish; name the weapon without twin-`);
      if (!Object.hasOwn(data.weapons, id)) throw new UsageError(`parameter ${param}: unknown weapon "${id}" for ${unitId} in ${file}; valid: ${Object.keys(data.weapons).join(', ')}`);
    }
    if (new Set(named).size !== named.length) throw new UsageError(`parameter ${param}: "${unitId}:${named.join('+')}" names a weapon twice`);
    const isCc = (id: string) => data.weapons[id].range === 'cc';
    const namedCc = named.some(isCc);
    const namedRanged = named.some((id) => !isCc(id));
    return [...unitWeapons.filter((id) => (isCc(id) ? !namedCc : !namedRanged)), ...named];
  };
  const addType = (unitId: string, named: readonly string[], param: string): number => {
    const unit = Object.hasOwn(data.units, unitId) ? data.units[unitId] : undefined;
    if (!unit) throw new UsageError(`parameter ${param}: unknown unit "${unitId}" in ${file}; valid: ${Object.keys(data.units).join(', ')}`);
    const ids = loadout(unitId, unit.weapons, named, param);
    // A unit with its own weapons is one type, keyed by its id (as before loadouts existed); another loadout is another type.
    const own = ids.length === unit.weapons.length && ids.every((id, k) => id === unit.weapons[k]);
    const key = own ? unitId : `${unitId}:${ids.join('+')}`;
    if (typeIndex.has(key)) return typeIndex.get(key)!;
    const t = types.length;
    typeIndex.set(key, t);
    const vehicle = unit.special.includes('vehicle');
    const crawler = unitId === 'crawler';
    // rulebook: Walk 5", Run 11", Crawl 2" (Larger Playing Surfaces – Using a Tape Measure); Slow:
    // Crawl/Walk; Fast (vehicles unless stated): Run/two Runs; crawlers make no double move.
    const slow = unit.special.includes('slow') || crawler;
    const fast = unit.special.includes('fast') || vehicle;
    const walk = 5 * HUNDREDTHS;
    const run = 11 * HUNDREDTHS;
    const crawl = 2 * HUNDREDTHS;
    const normal = slow ? crawl : fast ? run : walk;
    const double = crawler ? 0 : slow ? walk : fast ? 2 * run : run;
    const ws = unit.skill ? ids.map((id) => addWeapon(id, data.weapons[id])) : [];
    if (unit.skill && ids.length > 0 && !vehicle && !ids.some((id) => data.weapons[id].range === 'cc')) ws.push(addWeapon('fists', FISTS));
    // rulebook: Vehicles – Attacking: "vehicles are not limited to firing a single weapon like other models; rather, they fire all of their weapons independently".
    const attacks = vehicle ? Math.max(1, ws.length) : 1;
    const name = own ? unit.name : `${unit.name} with ${named.map((id) => data.weapons[id].name).join(' and ')}`;
    types.push({ unit: unitId, name, weapons: ws, normal, double, damagedNormal: crawl, damagedDouble: crawler ? 0 : walk, resilient: unit.resilient ?? 1, vehicle, attacks, crawlerType: -1, command: commandOf(unit.special) });
    skills.push(unit.skill);
    if (unit.special.includes('ill-be-back')) {
      if (!Object.hasOwn(data.units, 'crawler')) throw new UsageError(`parameter ${param}: ${unit.name} has I'll Be Back, which needs the crawler profile ("crawler") in ${file}`);
      types[t].crawlerType = addType('crawler', [], param);
    }
    return t;
  };
  const models: SkirmishModel[] = [];
  for (const [side, text, param] of [[0, input.sideA, 'sideA'], [1, input.sideB, 'sideB']] as const) {
    let count = 0;
    for (const it of parseForce(text, param)) {
      const t = addType(it.unit, it.weapons, param);
      if (types[t].weapons.length === 0) {
        if (!skills[t]) throw new UsageError(`parameter ${param}: ${data.units[it.unit].name} has no Skill in ${file} and cannot fight`);
        throw new UsageError(`parameter ${param}: ${types[t].name} has no weapon in ${file} and cannot fight (name its weapons, e.g. ${it.unit}:combat-knife+plasma-rifle, or give them in a units file)`);
      }
      for (let c = 0; c < it.count; c++) models.push({ side, type: t, y: 0, points: it.points ?? 1, command: it.command ?? types[t].command });
      count += it.count;
    }
    if (count > MAX_MODELS_PER_SIDE) throw new UsageError(`parameter ${param}: ${count} models, at most ${MAX_MODELS_PER_SIDE}`);
  }
  // rulebook: Moving – Moving Through Models ("a model's base cannot end overlapping that of other
  // models, friendly or otherwise"): a side's models stand in lanes `spread` apart across the table,
  // centred, closer where the table is too narrow for them (README S1).
  for (const side of [0, 1]) {
    const mine = models.filter((m) => m.side === side);
    const gap = mine.length > 1 ? Math.min(input.spread, Math.floor(input.width / (mine.length - 1))) : 0;
    mine.forEach((m, k) => (m.y = Math.round((k - (mine.length - 1) / 2) * gap)));
  }
  if (input.deploy * 2 >= input.track) throw new UsageError(`parameter track.length: ${input.track / HUNDREDTHS} in. leaves no room between deployment zones of ${input.deploy / HUNDREDTHS} in.`);
  const spec: SkirmishSpec = {
    track: input.track,
    deploy: input.deploy,
    closest: input.closest,
    // rulebook: Larger Playing Surfaces – the range table (within 2", 5", 11", 22", 72").
    bands: [2, 5, 11, 22, 72].map((x) => x * HUNDREDTHS),
    extreme: input.extreme,
    commandRange: 5 * HUNDREDTHS,
    coverChance: input.coverChance,
    endStart: input.endStart,
    maxTurns: input.maxTurns,
    tactical: input.tactical,
    tdd: input.tdd,
    victory: input.victory,
    models,
    types,
    weapons,
    maxWeapons: Math.max(1, ...types.map((t) => t.weapons.length)),
    plans: [],
    pRemove: [],
    policies: input.policies,
    ...(input.policyHashes ? { policyHashes: input.policyHashes } : {}),
    ...(input.search ? { search: input.search } : {}),
  };
  const total = types.length * spec.maxWeapons * 2 * types.length * BAND_COUNT * 8;
  spec.plans = new Array<AttackPlan | null>(total).fill(null);
  spec.pRemove = new Array<number>(total).fill(0);
  for (let a = 0; a < types.length; a++) {
    const skill = skills[a];
    if (!skill) continue;
    for (let wi = 0; wi < types[a].weapons.length; wi++) {
      const w = weaponData[types[a].weapons[wi]];
      const weaponFields: Record<string, unknown> = { rof: w.rof, power: w.power, weaponRange: w.range };
      for (const s of w.special) weaponFields[camel(s)] = true;
      for (let t = 0; t < types.length; t++) {
        const target = unitOverrides(data, { target: types[t].unit }, file);
        for (let band = 0; band < BAND_COUNT; band++) {
          for (let cover = 0; cover < 2; cover++) {
            for (let aimed = 0; aimed < 2; aimed++) {
              for (let hasta = 0; hasta < 2; hasta++) {
                if (hasta && (band !== 0 || aimed || cover)) continue;
                if (aimed && (!spec.weapons[types[a].weapons[wi]].ranged || band === 0)) continue;
                const r = { ...input.base, skill, ...weaponFields, ...target, range: RANGES[band], cover: cover ? 'hard' : 'none', aimed: aimed === 1, hastaLaVista: hasta === 1, damageTaken: 0 };
                let plan: AttackPlan;
                try {
                  plan = compileAttack(readParams(r));
                } catch (err) {
                  if (err instanceof UsageError) continue; // the rules forbid this attack
                  throw err;
                }
                for (let damaged = 0; damaged < 2; damaged++) {
                  // rulebook: Resilient (n) – a damaged model's Skill die is degraded by one step.
                  const p = damaged ? { ...plan, skillStep: moveDie(plan.skillStep, -1) } : plan;
                  const k = planKey(spec, a, wi, damaged, t, band, cover, aimed, hasta);
                  spec.plans[k] = p;
                  spec.pRemove[k] = exactAttack(p).removed;
                }
              }
            }
          }
        }
      }
    }
  }
  return spec;
}
