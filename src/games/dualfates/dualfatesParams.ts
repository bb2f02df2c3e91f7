// Parameters of Dual Fates. Rulebook: ../shared/rules/dual-fates-core-rules.txt (the only
// source). Every rule constant a house rule might change is a ParamSpec with its rulebook default
// and the section it comes from; the attack's own inputs (target stat, unit numbers) default to
// the rulebook's example unit sheet, the Training Knight.
//
// Parameters (attack): units, attacker, ability, target (picks from the unit sheets that fill the
// stats left at auto / -1), vs, value, attack, cover, running, poisoned, fear, mod, damage, shields,
// armor, health, deflect, method; rule constants: successRule, coverBonus.*, runningBonus.*,
// poisonedMod.*, fearMod.will, damageDice.*, deflectRule, armorRule (a reading).
// Parameters (team): summoningPointCap, waywardCoinCap, fateTokens.*, vortexCap, scoringValue,
// monsterLimit.
import { defaultsOf, type ParamSpec, type ParamValue } from '../../core/params.js';

type ResolvedParamsLike = Record<string, ParamValue>;

export type Stat = 'def' | 'dod' | 'will' | 'static';
export type DamageType = 'light' | 'medium' | 'heavy';
/** How a damage die is rolled: the lower of 2d6, one d6, the higher of 2d6, or the sum of 2d6. */
export type DamageDice = 'lower2d6' | 'd6' | 'higher2d6' | 'sum2d6';
export type SuccessRule = 'meetOrBeat' | 'beat';

/** How armor absorbs damage (a reading, see scenarios/dualfates/README.md choice 7). */
export type ArmorRule = 'pool' | 'perHit';

const DAMAGE_DICE = ['lower2d6', 'd6', 'higher2d6', 'sum2d6'];
const SUCCESS_RULES = ['meetOrBeat', 'beat'];
export const ARMOR_RULES: readonly ArmorRule[] = ['pool', 'perHit'];

/** An enum left to the picked unit or ability. */
export const AUTO = 'auto';
/** An integer stat left to the picked target unit. */
export const FROM_UNIT = -1;
/** No unit picked (`--attacker none`, `--target none`). */
export const NO_UNIT = 'none';
/** The bundled unit sheets; any other value is a path (resolved by the shell). */
export const DEFAULT_UNITS_FILE = 'scenarios/dualfates/units.yaml';
/** The rulebook's example unit sheet (Understanding Unit Sheet): the default attacker and target. */
export const DEFAULT_UNIT = 'Training Knight';
/** Unit names are matched in lower case, with '-' or '_' read as spaces (`--target bone-boy`). */
export const unitKey = (raw: string): string => raw.trim().toLowerCase().replace(/[-_\s]+/g, ' ');

export const ATTACK_PARAMS: readonly ParamSpec[] = [
  // The units: picks from the unit sheets fill every stat left at auto / -1 (a value given anywhere wins).
  { key: 'units', type: 'path', default: DEFAULT_UNITS_FILE, doc: 'unit sheets file that attacker and target pick from', source: 'rulebook unit sheets, transcribed in units.yaml (gaps null, assumptions labelled)', cli: { value: '<file>', help: `unit sheets file (default ${DEFAULT_UNITS_FILE})` } },
  { key: 'attacker', type: 'string', default: DEFAULT_UNIT, doc: 'attacking unit from the unit sheets: its ability fills vs, damage and melee/ranged (none: no unit)', source: 'rulebook: Understanding Unit Sheet (the Training Knight, the only complete sheet)', cli: { value: '<unit>', help: `attacking unit from --units (default ${DEFAULT_UNIT}; none: no unit); its ability fills --vs, --damage, --attack unless given`, parse: unitKey } },
  { key: 'ability', type: 'string', default: '', doc: "the attacker's ability used (empty: its first melee or ranged ability)", source: 'rulebook: Understanding Unit Sheet (Training Strike)', cli: { value: '<name>', help: "the attacker's ability (default: its first melee or ranged ability)", parse: unitKey } },
  { key: 'target', type: 'string', default: DEFAULT_UNIT, doc: 'target unit from the unit sheets: fills value (its DEF, DOD or WILL per vs), armor and health (none: no unit)', source: 'rulebook: Understanding Unit Sheet (Training Knight DEF 7, DOD 6, WILL 5, Armor 1, Health 5)', cli: { value: '<unit>', help: `target unit from --units (default ${DEFAULT_UNIT}; none: no unit); fills --value, --armor, --health unless given`, parse: unitKey } },
  // The attack itself.
  { key: 'vs', type: 'enum', choices: [AUTO, 'def', 'dod', 'will', 'static'], default: AUTO, doc: "statistic the Fate roll is compared with (static: a fixed number; auto: the ability's target)", source: 'rulebook: Understanding The Statistics; auto: the ability (Training Strike targets DEF)', cli: { value: '<stat>', help: "statistic targeted: def, dod, will or static (default auto: the attacker's ability's)" } },
  { key: 'value', type: 'int', min: FROM_UNIT, max: 20, default: FROM_UNIT, doc: "the target's stat (or the static number) before modifiers (-1: the target unit's stat for vs)", source: 'rulebook: Understanding Unit Sheet (Training Knight DEF 7, DOD 6, WILL 5)', cli: { value: '<N>', help: "the target's stat, or the static number (0..20; default -1: the --target's DEF/DOD/WILL for --vs)" } },
  { key: 'attack', type: 'enum', choices: ['auto', 'melee', 'ranged'], default: 'auto', doc: "melee or ranged (auto: the ability's kind, else melee vs DEF, ranged otherwise); melee ignores cover", source: 'rulebook: Cover; auto: assumption (ATTACK EXAMPLE, Understanding The Statistics)', cli: { value: '<kind>', help: "melee or ranged (default auto: the ability's kind, else melee vs DEF, ranged otherwise)" } },
  { key: 'cover', type: 'enum', choices: ['none', 'light', 'heavy'], default: 'none', doc: "the target's cover (adds to DOD against ranged attacks)", source: 'rulebook: Cover', cli: { value: '<cover>', help: 'none, light (+1 DOD) or heavy (+2 DOD); ranged attacks only' } },
  { key: 'running', type: 'bool', default: false, doc: 'the target ran at its last activation (+DEF, +DOD)', source: 'rulebook: Running', cli: { help: 'the target ran (+2 DEF, +2 DOD)' } },
  { key: 'poisoned', type: 'bool', default: false, doc: 'the target is Poisoned (-DEF, -DOD)', source: 'rulebook: Status Effects', cli: { help: 'the target is Poisoned (-1 DEF, -1 DOD)' } },
  { key: 'fear', type: 'bool', default: false, doc: 'the target suffers Fear (-WILL)', source: 'rulebook: Status Effects', cli: { help: 'the target suffers Fear (-1 WILL)' } },
  { key: 'mod', type: 'int', min: -20, max: 20, default: 0, doc: 'free modifier added to the target number (e.g. +1 DEF from Battle Cry)', source: 'rulebook: Understanding Unit Sheet (abilities change stats)', cli: { value: '<N>', help: 'add N to the target number (unit-sheet effects; -20..20)' } },
  { key: 'damage', type: 'enum', choices: [AUTO, 'light', 'medium', 'heavy'], default: AUTO, doc: "damage type of the ability (auto: the ability's)", source: 'rulebook: Damage Types; auto: the ability (Training Strike: Medium)', cli: { value: '<type>', help: "light, medium or heavy (default auto: the attacker's ability's)" } },
  { key: 'shields', type: 'int', min: 0, max: 200, default: 0, doc: "the target's shields (absorb damage first; never on a unit sheet)", source: 'rulebook: Damage Resolution ("not reflected on the unit sheet")', cli: { value: '<N>', help: 'shields (default 0)' } },
  { key: 'armor', type: 'int', min: FROM_UNIT, max: 200, default: FROM_UNIT, doc: "the target's armor (absorbs damage after shields; -1: the target unit's)", source: 'rulebook: Understanding Unit Sheet (Training Knight Armor 1)', cli: { value: '<N>', help: "armor (default -1: the --target's)" } },
  { key: 'health', type: 'int', min: FROM_UNIT, max: 200, default: FROM_UNIT, doc: "the target's health (incapacitated at 0; -1: the target unit's)", source: 'rulebook: Understanding Unit Sheet (Training Knight Health 5)', cli: { value: '<N>', help: "health, 1..200 (default -1: the --target's)" } },
  { key: 'deflect', type: 'bool', default: false, doc: 'the target uses a Shield special: rolls Fate against the attack roll and deflects on meet-or-beat (default off: the Shield is not used, even for the Training Knight, whose sheet lists it)', source: 'rulebook: Actions & Activations (Example Activation, Midknight); default off: assumption (the deflect is a Free Action, once per round; README)', cli: { help: 'the target has a Shield: it deflects when its Fate roll meets or beats the attack roll' } },
  { key: 'method', type: 'enum', choices: ['exact', 'mc'], default: 'exact', doc: 'exact enumeration of the 36 outcomes, or Monte Carlo (-n, --seed)', source: 'tool option', cli: { value: '<method>', help: 'exact or mc (default exact)' } },
  // Rule constants.
  { key: 'successRule', type: 'enum', choices: SUCCESS_RULES, default: 'meetOrBeat', doc: 'a Fate roll succeeds when it meets or beats (or only beats) the target number', source: 'rulebook: Using Abilities ("equals or exceeds")' },
  { key: 'coverBonus.light', type: 'int', min: -10, max: 10, default: 1, doc: 'DOD bonus of light cover against ranged attacks', source: 'rulebook: Cover' },
  { key: 'coverBonus.heavy', type: 'int', min: -10, max: 10, default: 2, doc: 'DOD bonus of heavy cover against ranged attacks', source: 'rulebook: Cover' },
  { key: 'runningBonus.def', type: 'int', min: -10, max: 10, default: 2, doc: 'DEF bonus of a unit that ran', source: 'rulebook: Running' },
  { key: 'runningBonus.dod', type: 'int', min: -10, max: 10, default: 2, doc: 'DOD bonus of a unit that ran', source: 'rulebook: Running' },
  { key: 'poisonedMod.def', type: 'int', min: -10, max: 10, default: -1, doc: 'DEF change of a Poisoned unit', source: 'rulebook: Status Effects' },
  { key: 'poisonedMod.dod', type: 'int', min: -10, max: 10, default: -1, doc: 'DOD change of a Poisoned unit', source: 'rulebook: Status Effects' },
  { key: 'fearMod.will', type: 'int', min: -10, max: 10, default: -1, doc: 'WILL change of a unit suffering Fear', source: 'rulebook: Status Effects' },
  { key: 'damageDice.light', type: 'enum', choices: DAMAGE_DICE, default: 'lower2d6', doc: 'how light damage is rolled', source: 'rulebook: Damage Types' },
  { key: 'damageDice.medium', type: 'enum', choices: DAMAGE_DICE, default: 'd6', doc: 'how medium damage is rolled', source: 'rulebook: Damage Types' },
  { key: 'damageDice.heavy', type: 'enum', choices: DAMAGE_DICE, default: 'higher2d6', doc: 'how heavy damage is rolled', source: 'rulebook: Damage Types' },
  { key: 'deflectRule', type: 'enum', choices: SUCCESS_RULES, default: 'meetOrBeat', doc: 'a Shield deflects when its roll meets or beats (or only beats) the attack roll', source: 'rulebook: Actions & Activations ("if she meets or beats it")' },
  { key: 'armorRule', assumed: 'reading', type: 'enum', choices: ARMOR_RULES, default: 'pool', doc: 'armor as a pool used up by damage (pool: "absorbs damage before Health is lost", "can be repaired") or taken off every hit and never used up (perHit)', source: 'assumption: Understanding The Statistics and Healing & Repair read as a pool (README choice 7)', cli: { value: '<rule>', help: 'pool (default: armor is used up, then repaired) or perHit (armor is taken off each hit, never used up)' } },
];

export const TEAM_PARAMS: readonly ParamSpec[] = [
  { key: 'summoningPointCap', type: 'int', min: 1, max: 100, default: 8, doc: 'most Summoning Points a team may cost', source: 'rulebook: CORE RULES ("never exceed 8 Summoning Points")' },
  { key: 'waywardCoinCap', type: 'int', min: 0, max: 100, default: 3, doc: 'most points of The Wayward Coin in a mixed team', source: 'rulebook: CORE RULES (note)' },
  { key: 'fateTokens.full', type: 'int', min: 0, max: 100, default: 3, doc: 'starting Fate Tokens of a full faction team', source: 'rulebook: Full Faction Teams & Mixed Teams' },
  { key: 'fateTokens.mixed', type: 'int', min: 0, max: 100, default: 2, doc: 'starting Fate Tokens of a mixed team', source: 'rulebook: Full Faction Teams & Mixed Teams' },
  { key: 'vortexCap', type: 'int', min: 0, max: 100, default: 5, doc: 'most Summoning Points active in the Vortex at one time', source: 'rulebook: Understanding the role of The Vortex' },
  { key: 'scoringValue', assumed: 'reading', type: 'enum', choices: ['cost', 'one'], default: 'cost', doc: "a unit's scoring value: its Summoning Point cost, or 1", source: 'rulebook: Scoring Pillars of Fate (cost); Scoring Phase note says 1: see README' },
  { key: 'monsterLimit', type: 'enum', choices: ['unique', 'one'], default: 'unique', doc: 'each Monster at most once (unique), or at most one Monster in the team (one)', source: 'rulebook: Character Ability Structure ("Just like a character ... you can only have one"); reading: assumption' },
];

/** Fully resolved attack parameters, typed. */
export interface AttackParams {
  vs: Stat;
  value: number;
  attack: 'auto' | 'melee' | 'ranged';
  cover: 'none' | 'light' | 'heavy';
  running: boolean;
  poisoned: boolean;
  fear: boolean;
  mod: number;
  damage: DamageType;
  shields: number;
  armor: number;
  health: number;
  deflect: boolean;
  method: 'exact' | 'mc';
  successRule: SuccessRule;
  coverLight: number;
  coverHeavy: number;
  runningDef: number;
  runningDod: number;
  poisonedDef: number;
  poisonedDod: number;
  fearWill: number;
  damageLight: DamageDice;
  damageMedium: DamageDice;
  damageHeavy: DamageDice;
  deflectRule: SuccessRule;
  armorRule: ArmorRule;
}

/**
 * Flat resolved record (dotted keys), with the unit picks already applied (applyUnitPicks in
 * unitPicks.ts: no auto or -1 left) → typed attack parameters. Throws on a stat left to a unit.
 */
export function attackParamsFrom(r: ResolvedParamsLike): AttackParams {
  for (const k of ['vs', 'damage'] as const) if (r[k] === AUTO) throw new Error(`attackParamsFrom: ${k} is still auto (apply the unit picks first)`);
  for (const k of ['value', 'armor', 'health'] as const) if (r[k] === FROM_UNIT) throw new Error(`attackParamsFrom: ${k} is still -1 (apply the unit picks first)`);
  return {
    vs: r.vs as Stat,
    value: r.value as number,
    attack: r.attack as AttackParams['attack'],
    cover: r.cover as AttackParams['cover'],
    running: r.running as boolean,
    poisoned: r.poisoned as boolean,
    fear: r.fear as boolean,
    mod: r.mod as number,
    damage: r.damage as DamageType,
    shields: r.shields as number,
    armor: r.armor as number,
    health: r.health as number,
    deflect: r.deflect as boolean,
    method: r.method as AttackParams['method'],
    successRule: r.successRule as SuccessRule,
    coverLight: r['coverBonus.light'] as number,
    coverHeavy: r['coverBonus.heavy'] as number,
    runningDef: r['runningBonus.def'] as number,
    runningDod: r['runningBonus.dod'] as number,
    poisonedDef: r['poisonedMod.def'] as number,
    poisonedDod: r['poisonedMod.dod'] as number,
    fearWill: r['fearMod.will'] as number,
    damageLight: r['damageDice.light'] as DamageDice,
    damageMedium: r['damageDice.medium'] as DamageDice,
    damageHeavy: r['damageDice.heavy'] as DamageDice,
    deflectRule: r.deflectRule as SuccessRule,
    armorRule: (r.armorRule ?? 'pool') as ArmorRule,
  };
}

/** Fully resolved team rule constants, typed. */
export interface TeamRules {
  summoningPointCap: number;
  waywardCoinCap: number;
  fateTokensFull: number;
  fateTokensMixed: number;
  vortexCap: number;
  scoringValue: 'cost' | 'one';
  monsterLimit: 'unique' | 'one';
}

export function teamRulesFrom(r: ResolvedParamsLike): TeamRules {
  return {
    summoningPointCap: r.summoningPointCap as number,
    waywardCoinCap: r.waywardCoinCap as number,
    fateTokensFull: r['fateTokens.full'] as number,
    fateTokensMixed: r['fateTokens.mixed'] as number,
    vortexCap: r.vortexCap as number,
    scoringValue: r.scoringValue as TeamRules['scoringValue'],
    monsterLimit: r.monsterLimit as TeamRules['monsterLimit'],
  };
}

/**
 * Attack parameters at their rulebook defaults with the stats a unit fills taken from the rulebook's
 * Training Knight (Training Strike vs its DEF 7, Medium damage, Armor 1, Health 5; the bundled
 * units.yaml says the same, and a test holds them equal), with `over` applied (tests, bench).
 */
export function defaultAttackParams(over: Partial<AttackParams> = {}): AttackParams {
  return { ...attackParamsFrom({ ...defaultsOf(ATTACK_PARAMS), vs: 'def', value: 7, damage: 'medium', armor: 1, health: 5 }), ...over };
}

export function defaultTeamRules(over: Partial<TeamRules> = {}): TeamRules {
  return { ...teamRulesFrom(defaultsOf(TEAM_PARAMS)), ...over };
}
