// Parameters of `genisys attack`: one attack by one model with one weapon against one target.
// Rules source: ../shared/rules/genisys-miniatures-game.txt (Terminator Genisys: The Miniatures
// Game rulebook). Every rule constant a house rule might change is a ParamSpec with its rulebook
// default and section; assumptions are named in scenarios/genisys/README.md.
//
// Parameters:
//   units      — units (data file), attacker, weapon, target: picks from it that fill the stats below
//   attack     — method, skill, rof, range, power, armor, resolution, cover, open, …
//   flags      — aimed, stealth, mindless, vehicle, vtol, coverSaves, resolutionTests, size, resilient, damageTaken, doneMarkers, illBeBack, hastaLaVista, tdd, defenderTdd
//   weapon     — weaponRange, sniper, flame, area, ignoresCover, semiAutomatic, stoppingPower
//   rules      — toHit.*, save.target, extremeCover.maxSize, size.*, cover.*, resolution.*, heavy.*, hasta.*, illBeBack.*, …
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { DIE_NAMES } from './dieLadder.js';

const DICE = DIE_NAMES as readonly string[];
export const RANGES = ['cc', 'pb', 'short', 'long', 'extreme'] as const;
export type RangeName = (typeof RANGES)[number];
export const COVERS = ['none', 'soft', 'hard', 'fort'] as const;
export type CoverName = (typeof COVERS)[number];
/** The rulebook's names of the range bands (Attacking – Range; Larger Playing Surfaces). */
export const RANGE_NAMES: Readonly<Record<RangeName, string>> = { cc: 'Close Combat', pb: 'Point Blank', short: 'Short', long: 'Long', extreme: 'Extreme' };
/** "Point Blank range", "Close Combat range". */
export const rangeName = (r: RangeName): string => `${RANGE_NAMES[r]} range`;
/** Readings of Mindless at Extreme range (README choice 14). */
export const MINDLESS_EXTREME = ['automatic', 'none', 'full'] as const;
/** What the defender does with its TDD agent (README choice 15). */
export const DEFENDER_TDD = ['none', 'contest'] as const;
export const WEAPON_RANGES = ['any', 'cc', 'short', 'long'] as const;

const ATTACKING = 'rulebook: Attacking';
const PICKED = 'from the picked unit or weapon when one is picked, else';

/** A stat left to the picked unit (dice, range, counts, cover): `auto`. */
export const AUTO = 'auto';
/** Integer stats that may be `auto`, with their real bounds: 0 is a value only where the rulebook has one (a crawler is Size 0). */
export const AUTO_INT_BOUNDS = { rof: [1, 20], armor: [1, 21], resilient: [1, 10], size: [0, 100] } as const;
export type AutoIntStat = keyof typeof AUTO_INT_BOUNDS;

/**
 * An `auto`-or-integer stat: 'auto', or its integer value (numbers, or text such as "2" from the
 * command line or YAML). Throws UsageError naming the parameter for anything else, 0 included
 * where the stat has no 0 (ROF, Armor, Resilient).
 */
export function autoInt(key: AutoIntStat, raw: unknown): number | typeof AUTO {
  if (raw === AUTO || raw === undefined) return AUTO;
  const [min, max] = AUTO_INT_BOUNDS[key];
  let text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (text === AUTO) return AUTO;
  if (key === 'armor') text = text.replace(/\+$/, ''); // "4+" is Armor 4
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`parameter ${key}: got ${JSON.stringify(raw)}, expected auto or an integer in [${min}, ${max}]`);
  return n;
}

/** What an `auto` stat becomes when no unit or weapon is picked: the quickplay attack (see sources). */
export const STAT_FALLBACK = { skill: 'd8', rof: 2, range: 'short', power: 'd8', armor: 4, resolution: 'd8', resilient: 1, cover: 'hard' } as const;
/** The default units file; any other value is a path (resolved by the shell). */
export const DEFAULT_UNITS_FILE = 'scenarios/genisys/units.yaml';
/** Stat and unit names are matched in lower case on the command line (`--skill D8`, `--target Resistance-Soldier`). */
const lowerCase = (raw: string): string => raw.trim().toLowerCase();
const QUICKPLAY = 'rulebook: Machine Special Rules (Quickplay Reference) – Endoskeleton plasma gun';

/** rulebook: Weapons' Special Rules – Sniper: only an aimed shot, or a Long weapon fired into Extreme range, differs. */
const sniperInert = (p: Readonly<Record<string, ParamValue>>): string | null =>
  p.sniper !== true || p.aimed === true || p.range === 'extreme' ? null : 'a Sniper weapon differs only in an aimed shot (add --aimed: hits on 4+, no cover save) or fired into Extreme range';
/** rulebook: The Game Turn – TDD Tactics: the defender contests the attacker's re-roll, so only when the attacker spends its TDD. */
const contestInert = (p: Readonly<Record<string, ParamValue>>): string | null => (p.defenderTdd === 'none' || p.tdd === true ? null : "the defender contests the attacker's TDD re-roll, and the attacker spends none (add --tdd)");
/** The agents' dice decide only a contested re-roll. */
const agentInert = (p: Readonly<Record<string, ParamValue>>): string | null => (p.tdd === true && p.defenderTdd === 'contest' ? null : "the TDD agents' dice decide only a contested re-roll (add --tdd --defender-tdd contest)");

export const GENISYS_PARAMS: readonly ParamSpec[] = [
  { key: 'method', type: 'enum', default: 'exact', choices: ['exact', 'mc'], doc: 'exact probability arithmetic, or Monte Carlo on the runner', source: 'issue 3: exact by default', cli: { value: '<method>', help: 'exact (default) or mc (Monte Carlo, with -n and --seed)', parse: lowerCase } },
  // Units: picks from the units file fill every stat left at auto/0 (a stat given anywhere wins).
  { key: 'units', type: 'path', default: DEFAULT_UNITS_FILE, doc: 'units data file (stat-lines and weapons) that attacker, weapon and target pick from', source: 'rulebook stat-lines, transcribed in scenarios/genisys/units.yaml (gaps labelled there)', cli: { value: '<file>', help: `units data file (default ${DEFAULT_UNITS_FILE})` } },
  { key: 'attacker', type: 'string', default: '', doc: 'attacking unit from the units file (fills skill); empty = none', source: 'sim: unit choice', cli: { value: '<unit>', help: 'attacking unit from the units file (fills --skill unless given)', parse: lowerCase } },
  { key: 'weapon', type: 'string', default: '', doc: "weapon from the units file (fills rof, power, weaponRange, the weapon's special rules; a CC weapon sets range cc); empty = none", source: 'sim: unit choice', cli: { value: '<weapon>', help: 'weapon from the units file (fills --rof, --power, its special rules unless given)', parse: lowerCase } },
  { key: 'target', type: 'string', default: '', doc: "target unit from the units file (fills armor, resolution, resilient, the target's special rules); empty = none", source: 'sim: unit choice', cli: { value: '<unit>', help: 'target unit from the units file (fills --armor, --resolution, --resilient, its special rules unless given)', parse: lowerCase } },
  // The attack itself. auto/0: the picked unit's value; with no pick, an Endoskeleton's plasma gun
  // at a Resistance Soldier at Short range.
  { key: 'skill', type: 'enum', default: AUTO, choices: [AUTO, ...DICE], doc: `attacker's Skill die (auto: ${PICKED} D8)`, source: `${QUICKPLAY} (Skill D8)`, cli: { value: '<die>', help: `attacker's Skill die: ${AUTO}|${DICE.join('|')} (default auto: the --attacker's, else D8)`, parse: lowerCase } },
  { key: 'rof', type: 'string', default: AUTO, doc: `Rate of Fire: Skill dice rolled per attack, 1..20 (auto: ${PICKED} 2)`, source: `${QUICKPLAY} (ROF 2)`, cli: { value: '<N>', help: "Skill dice per attack: auto|1..20 (default auto: the --weapon's, else 2)", parse: lowerCase } },
  { key: 'range', type: 'enum', default: AUTO, choices: [AUTO, ...RANGES], doc: 'range band to the target (auto: cc for a picked Close Combat weapon, else short)', source: `${ATTACKING} – Range; Larger Playing Surfaces – Extreme Range`, cli: { value: '<band>', help: `range band: ${AUTO}|${RANGES.join('|')} (default auto: cc for a Close Combat weapon, else short)`, parse: lowerCase } },
  { key: 'power', type: 'enum', default: AUTO, choices: [AUTO, ...DICE], doc: `weapon's Power die (auto: ${PICKED} D8)`, source: `${QUICKPLAY} (Power D8)`, cli: { value: '<die>', help: `weapon's Power die: ${AUTO}|${DICE.join('|')} (default auto: the --weapon's, else D8)`, parse: lowerCase } },
  { key: 'armor', type: 'string', default: AUTO, doc: `target's Armor value N, damaged on a Power roll of N or more, 1..21 (auto: ${PICKED} 4)`, source: 'rulebook: Miniatures – Resistance Soldier (Armor 4+)', cli: { value: '<N>', help: "target's Armor N (N means N+): auto|1..21 (default auto: the --target's, else 4)", parse: (raw) => raw.trim().toLowerCase().replace(/\+$/, '') } },
  { key: 'resolution', type: 'enum', default: AUTO, choices: [AUTO, ...DICE], doc: `target's Resolution die (auto: ${PICKED} D8)`, source: 'rulebook: Miniatures – Resistance Soldier (Resolution D8)', cli: { value: '<die>', help: `target's Resolution die: ${AUTO}|${DICE.join('|')} (default auto: the --target's, else D8)`, parse: lowerCase } },
  { key: 'cover', type: 'enum', default: AUTO, choices: [AUTO, ...COVERS], doc: 'cover the target is in (none = nothing to hide behind; auto: hard cover, or vtol.cover for a flying VTOL)', source: `${ATTACKING} – Taking Cover Saves ("Models are normally considered to be in cover"; "Anything that has not been discussed counts as hard cover")`, cli: { value: '<kind>', help: `${AUTO}|${COVERS.join('|')} (default auto: hard, but none for a flying --vtol)`, parse: lowerCase } },
  { key: 'multipleCover', type: 'bool', default: false, doc: 'the target has more than one type of cover: best die upgraded one step', source: 'rulebook: Advanced Rules – Multiple Cover', cli: { help: 'target has more than one type of cover (best save die upgraded one step)' } },
  { key: 'open', type: 'bool', default: false, doc: "target 'in the open' (only possible at Point Blank/Short range, or Long for vehicles)", source: `${ATTACKING} – In the Open`, cli: { help: "target is 'in the open' (Point Blank/Short only; Long for vehicles): no save" } },
  { key: 'aimed', type: 'bool', default: false, doc: 'aimed shot (no move, ROF 1): Skill upgraded one step', source: 'rulebook: Advanced Rules – Aimed Shots', cli: { help: 'aimed shot (ROF 1, no move): Skill upgraded one step' } },
  { key: 'stealth', type: 'bool', default: false, doc: 'target has Stealth: Skill degraded one step except at Close Combat range', source: "rulebook: Models' Special Rules – Stealth", cli: { help: 'target has Stealth: Skill degraded one step except at Close Combat' } },
  { key: 'mindless', type: 'bool', default: false, doc: 'target is Mindless: never takes cover saves (at Extreme range: mindless.extremeCover)', source: 'rulebook: Machine Special Rules – Mindless', cli: { help: 'target is Mindless: never takes cover saves (at Extreme range see mindless.extremeCover)' } },
  { key: 'vehicle', type: 'bool', default: false, doc: 'target has the Vehicle rule', source: 'rulebook: Vehicles', cli: { help: 'target is a vehicle (Armor 8+: tests only against heavy weapons)' } },
  { key: 'vtol', type: 'bool', default: false, doc: 'target is a flying (not landed) VTOL: only Long Range weapons may target it, it counts as in Long range (Extreme where it is), Size 20, no automatic cover', source: 'rulebook: VTOLs; Errata – Page 58, VTOLs and Extreme range', cli: { help: 'target is a flying VTOL: Long Range weapons only, at Long (or Extreme) range, Size 20, no automatic cover' } },
  { key: 'coverSaves', type: 'bool', default: true, doc: 'the target may take cover saves (false: never, as the fence generator: energy fences "do not provide cover")', source: 'rulebook: Terminator Genisys Campaign Scenarios – Energy Fences (reading: README choice 16)', cli: { help: 'the target may take cover saves: true (default) or false; --no-cover-saves: never (e.g. the fence generator)' } },
  { key: 'resolutionTests', type: 'bool', default: true, doc: 'the target takes Resolution tests (false: never, e.g. a defensive turret)', source: 'rulebook: Terminator Genisys Campaign Scenarios – Defensive Turrets' },
  { key: 'smallTarget', type: 'bool', default: false, doc: "target is a small target: the firer's Skill die is degraded one step (fence generator)", source: 'rulebook: Terminator Genisys Campaign Scenarios – Energy Fences' },
  { key: 'size', type: 'string', default: AUTO, doc: `target's Size, 0..100 (auto: ${PICKED} size.vtol for a flying VTOL, size.vehicle for a vehicle, size.model otherwise); a target above extremeCover.maxSize gets no automatic cover at Extreme range`, source: "rulebook: Miniatures – Size; Vehicles – Size; VTOLs ('the model counts as Size 20'); Machine Special Rules – I'll Be Back (crawlers are Size 0)", cli: { value: '<N>', help: "target's Size: auto|0..100 (default auto: the --target's, else 20 for a --vtol, 3 for a vehicle, 2 otherwise); above extremeCover.maxSize (3) a target has no automatic cover at Extreme range", parse: lowerCase } },
  { key: 'resilient', type: 'string', default: AUTO, doc: `Resilient (n): points of damage that remove the model, 1..10 (1 = not resilient; auto: ${PICKED} 1)`, source: "rulebook: Models' Special Rules – Resilient (n)", cli: { value: '<N>', help: "target's Resilient N (1 = not resilient): auto|1..10 (default auto: the --target's, else 1)", parse: lowerCase } },
  { key: 'damageTaken', type: 'int', default: 0, min: 0, max: 9, doc: 'points of damage the target already carries (less than resilient)', source: "rulebook: Models' Special Rules – Resilient (n)", cli: { value: '<N>', help: 'damage the Resilient target already carries: 0..9 (default 0)' } },
  { key: 'doneMarkers', type: 'int', default: 0, min: 0, max: 9, doc: "Done markers the target carries before the attack (a Reeling result adds one, or two to a model without any)", source: 'rulebook: Attacking – Resolution Tests (Reeling)', cli: { value: '<N>', help: 'Done markers the target already carries: 0..9 (default 0); a Reeling result adds one, two to a model without any' } },
  { key: 'illBeBack', type: 'bool', default: false, doc: "target has I'll Be Back: destroyed → D6 5–6 becomes a crawler", source: "rulebook: Machine Special Rules – I'll Be Back", cli: { help: "target has I'll Be Back (destroyed → D6 5–6 crawler)" } },
  { key: 'hastaLaVista', type: 'bool', default: false, doc: "'Hasta la Vista, Baby!' against a reeling target in CC range: hits on 2+, no saves, Power D20 heavy", source: "rulebook: Attacking – 'Hasta La Vista, Baby!'", cli: { help: "'Hasta la Vista, Baby!' on a reeling target: 2+, no save, Power D20 heavy" } },
  { key: 'tdd', type: 'bool', default: false, doc: "the attacker spends its TDD re-roll in this attack (policy in the README)", source: 'rulebook: The Game Turn – TDD Tactics', cli: { help: 'the attacker spends its TDD re-roll in this attack' } },
  { key: 'defenderTdd', inert: contestInert, type: 'enum', default: 'none', choices: DEFENDER_TDD, doc: "the defender's TDD agent: none (not used), contest (contests the attacker's TDD re-roll: a roll-off of the agents' dice, the winner decides)", source: 'rulebook: The Game Turn – TDD Tactics ("the opponent can contest this … the players roll off using a D8")', cli: { value: '<use>', help: "the defender's TDD: none|contest (contest the attacker's re-roll: D8 roll-off, the winner decides; default none)", parse: lowerCase } },
  { key: 'tdd.attackerAgent', inert: agentInert, type: 'enum', default: 'd8', choices: DICE, doc: "die of the attacker's TDD agent in a contest (D10 for the heroic agent)", source: 'rulebook: The Game Turn – TDD Tactics (D8); Force Lists – Additional TDD Agents (D10 for +15 pts)' },
  { key: 'tdd.defenderAgent', inert: agentInert, type: 'enum', default: 'd8', choices: DICE, doc: "die of the defender's TDD agent in a contest (D10 for the heroic agent)", source: 'rulebook: The Game Turn – TDD Tactics (D8); Force Lists – Additional TDD Agents (D10 for +15 pts)' },
  // The weapon's special rules.
  { key: 'weaponRange', type: 'enum', default: 'any', choices: WEAPON_RANGES, doc: "weapon's maximum range (any = not checked)", source: 'rulebook: Weaponry – Range' },
  { key: 'sniper', inert: sniperInert, type: 'bool', default: false, doc: 'Sniper weapon (an aimed sniper shot hits on 4+, no cover save, not within Short range)', source: "rulebook: Weapons' Special Rules – Sniper", cli: { help: 'Sniper weapon (with --aimed: hits on 4+, no save, Long/Extreme only)' } },
  { key: 'flame', type: 'bool', default: false, doc: 'Flame weapon: primary target hit automatically, no cover', source: "rulebook: Weapons' Special Rules – Flame", cli: { help: 'Flame weapon: hits automatically, no cover' } },
  { key: 'area', type: 'bool', default: false, doc: 'Area weapon: no cover for models hit', source: "rulebook: Weapons' Special Rules – Area (Small)", cli: { help: 'Area weapon: no cover' } },
  { key: 'ignoresCover', type: 'bool', default: false, doc: 'weapon ignores cover: the target counts as in the open at any range', source: 'rulebook: Attacking – Attacks That Ignore Cover', cli: { help: 'weapon ignores cover' } },
  { key: 'semiAutomatic', type: 'bool', default: false, doc: 'Semi-automatic: ROF 1 at Long range, 2 within Short range', source: "rulebook: Weapons' Special Rules – Semi-automatic", cli: { help: 'Semi-automatic weapon: ROF 1 at Long, 2 within Short' } },
  { key: 'stoppingPower', type: 'bool', default: false, doc: 'Stopping Power: Power D8 at Point Blank range', source: "rulebook: Weapons' Special Rules – Stopping Power", cli: { help: 'Stopping Power weapon: Power D8 at Point Blank' } },
  { key: 'brace', type: 'bool', default: false, doc: 'Brace weapon (may fire into Extreme range)', source: 'rulebook: Larger Playing Surfaces – Extreme Range', cli: { help: 'Brace weapon (may fire into Extreme range)' } },
  // Rule constants a house rule might change.
  { key: 'toHit.cc', type: 'int', default: 3, min: 1, max: 21, doc: 'Skill roll needed at Close Combat range', source: `${ATTACKING} – Attack Rolls` },
  { key: 'toHit.pb', type: 'int', default: 4, min: 1, max: 21, doc: 'Skill roll needed at Point Blank range', source: `${ATTACKING} – Attack Rolls` },
  { key: 'toHit.short', type: 'int', default: 5, min: 1, max: 21, doc: 'Skill roll needed at Short range', source: `${ATTACKING} – Attack Rolls` },
  { key: 'toHit.long', type: 'int', default: 6, min: 1, max: 21, doc: 'Skill roll needed at Long range', source: `${ATTACKING} – Attack Rolls` },
  { key: 'toHit.extreme', type: 'int', default: 7, min: 1, max: 21, doc: 'Skill roll needed at Extreme range', source: 'rulebook: Larger Playing Surfaces – Extreme Range' },
  { key: 'save.target', type: 'int', default: 4, min: 1, max: 21, doc: 'cover save roll that negates a hit', source: `${ATTACKING} – Taking Cover Saves` },
  { key: 'extremeCover.maxSize', type: 'int', default: 3, min: 0, max: 100, doc: 'targets of this Size or less are in cover at Extreme range (Machines and vehicles included)', source: 'rulebook: Larger Playing Surfaces – Extreme Range ("all models of Size 3 or less … are in cover")' },
  { key: 'mindless.extremeCover', type: 'enum', default: 'automatic', choices: MINDLESS_EXTREME, doc: 'a Mindless target at Extreme range: automatic (only the automatic hard cover), none (Mindless wins: no save), full (cover like any model, declared terrain and Multiple Cover included)', source: 'assumption: README choice 14 (Mindless vs Larger Playing Surfaces – Extreme Range)' },
  { key: 'vtol.cover', type: 'enum', default: 'none', choices: COVERS, doc: 'cover of a flying VTOL when --cover is auto (it hovers above all terrain)', source: 'assumption: README choice 17 (VTOLs: "hovering/flying just above the height of all terrain")' },
  { key: 'size.model', type: 'int', default: 2, min: 1, max: 100, doc: "Size of a target whose Size is not given (size auto) and that is not a vehicle", source: 'rulebook: Miniatures – Size ("If a model has a size different from 2 (man-height), this will be indicated in their entry")' },
  { key: 'size.vehicle', type: 'int', default: 3, min: 1, max: 100, doc: 'Size of a vehicle target whose Size is not given (size auto)', source: 'rulebook: Vehicles – Size ("Unless stated differently in their entry, vehicles are Size 3")' },
  { key: 'size.vtol', type: 'int', default: 20, min: 0, max: 100, doc: 'Size of a flying VTOL target whose Size is not given (size auto)', source: 'rulebook: VTOLs ("Normally, the model counts as Size 20")' },
  { key: 'cover.soft', type: 'enum', default: 'd4', choices: DICE, doc: 'save die in soft cover', source: 'rulebook: Advanced Rules – Different Types of Save' },
  { key: 'cover.hard', type: 'enum', default: 'd6', choices: DICE, doc: 'save die in hard cover (and the default cover of Long/Extreme range)', source: 'rulebook: Advanced Rules – Different Types of Save' },
  { key: 'cover.fort', type: 'enum', default: 'd8', choices: DICE, doc: 'save die in a fortification ("D8 or better")', source: 'rulebook: Advanced Rules – Different Types of Save' },
  { key: 'resolution.retreatMax', type: 'int', default: 1, min: 0, max: 20, doc: 'Resolution results up to this are Retreat!', source: `${ATTACKING} – Resolution Tests` },
  { key: 'resolution.reelingMax', type: 'int', default: 5, min: 0, max: 20, doc: 'Resolution results above retreatMax up to this are Reeling; higher: no effect', source: `${ATTACKING} – Resolution Tests` },
  { key: 'heavy.power', type: 'enum', default: 'd10', choices: DICE, doc: 'weapons of this Power or more are Heavy: Resolution degraded one step', source: 'rulebook: Attacking – Heavy Weapons and Improvised Weapons vs Resolution Tests' },
  { key: 'improvised.power', type: 'enum', default: 'd4', choices: DICE, doc: 'weapons of this Power or less are Improvised: Resolution upgraded one step', source: 'rulebook: Attacking – Heavy Weapons and Improvised Weapons vs Resolution Tests' },
  { key: 'heavyArmor.armor', type: 'int', default: 8, min: 1, max: 21, doc: 'vehicles with this Armor or more test Resolution only against heavy weapons, never degraded', source: 'rulebook: Vehicles – Resolution' },
  { key: 'hasta.toHit', type: 'int', default: 2, min: 1, max: 21, doc: "'Hasta la Vista, Baby!' hits on this or more", source: "rulebook: Attacking – 'Hasta La Vista, Baby!'" },
  { key: 'hasta.power', type: 'enum', default: 'd20', choices: DICE, doc: "'Hasta la Vista, Baby!' Power die (always heavy)", source: "rulebook: Attacking – 'Hasta La Vista, Baby!'" },
  { key: 'sniper.toHit', type: 'int', default: 4, min: 1, max: 21, doc: 'an aimed sniper shot hits on this or more', source: "rulebook: Weapons' Special Rules – Sniper" },
  { key: 'stoppingPower.power', type: 'enum', default: 'd8', choices: DICE, doc: 'Power of a Stopping Power weapon at Point Blank range', source: "rulebook: Weapons' Special Rules – Stopping Power" },
  { key: 'illBeBack.target', type: 'int', default: 5, min: 1, max: 7, doc: "I'll Be Back: D6 roll of this or more turns the model into a crawler", source: "rulebook: Machine Special Rules – I'll Be Back" },
  { key: 'crawler.resolution', type: 'enum', default: 'd20', choices: DICE, doc: "crawler's Resolution die (its test after I'll Be Back)", source: 'rulebook: Machine Special Rules – Crawler profile' },
];

/** Resolved parameters as the engine reads them (dotted keys flattened to camelCase fields). */
export interface GenisysParams {
  method: 'exact' | 'mc';
  skill: string;
  rof: number;
  range: RangeName;
  power: string;
  armor: number;
  resolution: string;
  /** The declared cover (auto resolved: hard, or vtol.cover for a flying VTOL). */
  cover: CoverName;
  multipleCover: boolean;
  open: boolean;
  aimed: boolean;
  stealth: boolean;
  mindless: boolean;
  vehicle: boolean;
  vtol: boolean;
  /** False: the target never takes cover saves (fence generator). */
  coverSaves: boolean;
  /** False: the target never takes Resolution tests (turret). */
  resolutionTests: boolean;
  smallTarget: boolean;
  resilient: number;
  /** The target's Size (auto resolved: the picked unit's, else by VTOL, vehicle or not). */
  size: number;
  extremeCoverMaxSize: number;
  mindlessExtremeCover: (typeof MINDLESS_EXTREME)[number];
  damageTaken: number;
  doneMarkers: number;
  illBeBack: boolean;
  hastaLaVista: boolean;
  tdd: boolean;
  defenderTdd: (typeof DEFENDER_TDD)[number];
  tddAttackerAgent: string;
  tddDefenderAgent: string;
  weaponRange: (typeof WEAPON_RANGES)[number];
  sniper: boolean;
  flame: boolean;
  area: boolean;
  ignoresCover: boolean;
  semiAutomatic: boolean;
  stoppingPower: boolean;
  brace: boolean;
  toHit: Record<RangeName, number>;
  saveTarget: number;
  coverDie: Record<'soft' | 'hard' | 'fort', string>;
  retreatMax: number;
  reelingMax: number;
  heavyPower: string;
  improvisedPower: string;
  heavyArmor: number;
  hastaToHit: number;
  hastaPower: string;
  sniperToHit: number;
  stoppingPowerPower: string;
  illBeBackTarget: number;
  crawlerResolution: string;
}

const DEFAULTS: Readonly<Record<string, unknown>> = Object.fromEntries(GENISYS_PARAMS.map((p) => [p.key, p.default]));

/**
 * Reads the flat resolved record (keys as in GENISYS_PARAMS; a key left out takes its default)
 * into GenisysParams. Unit picks are not read here: pass the record through applyUnits (units.ts)
 * first when one may be set. Throws UsageError naming the parameter for an `auto`-or-integer stat
 * out of its bounds.
 */
export function readParams(r: Record<string, unknown>): GenisysParams {
  const get = (k: string) => (r[k] === undefined ? DEFAULTS[k] : r[k]);
  const b = (k: string) => get(k) as boolean;
  const n = (k: string) => get(k) as number;
  const s = (k: string) => get(k) as string;
  // A stat still at auto here had no unit to fill it (see applyUnits): the quickplay value.
  const die = <K extends 'skill' | 'power' | 'resolution' | 'range'>(k: K) => (get(k) === AUTO ? STAT_FALLBACK[k] : get(k)) as string;
  const int = <K extends 'rof' | 'armor' | 'resilient'>(k: K) => {
    const v = autoInt(k, get(k));
    return v === AUTO ? STAT_FALLBACK[k] : v;
  };
  const vtol = b('vtol');
  const size = autoInt('size', get('size'));
  const cover = s('cover');
  return {
    method: s('method') as 'exact' | 'mc',
    skill: die('skill'),
    rof: int('rof'),
    // rulebook: VTOLs – a flying VTOL is "always in Long Range" (Errata p. 58: Extreme where it is there).
    range: (vtol && get('range') === AUTO ? 'long' : die('range')) as RangeName,
    power: die('power'),
    armor: int('armor'),
    resolution: die('resolution'),
    // rulebook: Attacking – Taking Cover Saves (models are normally in cover; undiscussed terrain is hard cover).
    cover: (cover === AUTO ? (vtol ? s('vtol.cover') : STAT_FALLBACK.cover) : cover) as CoverName,
    multipleCover: b('multipleCover'),
    open: b('open'),
    aimed: b('aimed'),
    stealth: b('stealth'),
    mindless: b('mindless'),
    vehicle: b('vehicle'),
    vtol,
    coverSaves: b('coverSaves'),
    resolutionTests: b('resolutionTests'),
    smallTarget: b('smallTarget'),
    resilient: int('resilient'),
    // rulebook: Miniatures – Size (2 unless the entry says otherwise); Vehicles – Size (3); VTOLs (Size 20).
    size: size !== AUTO ? size : vtol ? n('size.vtol') : b('vehicle') ? n('size.vehicle') : n('size.model'),
    extremeCoverMaxSize: n('extremeCover.maxSize'),
    mindlessExtremeCover: s('mindless.extremeCover') as GenisysParams['mindlessExtremeCover'],
    damageTaken: n('damageTaken'),
    doneMarkers: n('doneMarkers'),
    illBeBack: b('illBeBack'),
    hastaLaVista: b('hastaLaVista'),
    tdd: b('tdd'),
    defenderTdd: s('defenderTdd') as GenisysParams['defenderTdd'],
    tddAttackerAgent: s('tdd.attackerAgent'),
    tddDefenderAgent: s('tdd.defenderAgent'),
    weaponRange: s('weaponRange') as GenisysParams['weaponRange'],
    sniper: b('sniper'),
    flame: b('flame'),
    area: b('area'),
    ignoresCover: b('ignoresCover'),
    semiAutomatic: b('semiAutomatic'),
    stoppingPower: b('stoppingPower'),
    brace: b('brace'),
    toHit: { cc: n('toHit.cc'), pb: n('toHit.pb'), short: n('toHit.short'), long: n('toHit.long'), extreme: n('toHit.extreme') },
    saveTarget: n('save.target'),
    coverDie: { soft: s('cover.soft'), hard: s('cover.hard'), fort: s('cover.fort') },
    retreatMax: n('resolution.retreatMax'),
    reelingMax: n('resolution.reelingMax'),
    heavyPower: s('heavy.power'),
    improvisedPower: s('improvised.power'),
    heavyArmor: n('heavyArmor.armor'),
    hastaToHit: n('hasta.toHit'),
    hastaPower: s('hasta.power'),
    sniperToHit: n('sniper.toHit'),
    stoppingPowerPower: s('stoppingPower.power'),
    illBeBackTarget: n('illBeBack.target'),
    crawlerResolution: s('crawler.resolution'),
  };
}
