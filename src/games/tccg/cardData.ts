// Card data of the Terminator CCG (scenarios/tccg/cards.yaml or a deck's own `cards: FILE`):
// parsed safely (src/core/safeYaml.ts), validated with valibot (messages name the file, the entry
// and the field), cross-checked (each type carries the numbers its rules use) and compiled to a
// plain-JSON table indexed by card id (it travels to worker threads inside the sim parameters).
//
// No card list of the game is public (issue 17): the bundled set is a reference set, every value
// labelled rulebook / digest / public / assumed in scenarios/tccg/README.md.
import type { ParamValue } from '../../core/params.js';
import { applyDataValues } from '../../core/dataValues.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { entryPath, issueText } from '../../core/issues.js';
import { nearest } from '../../core/params.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import { UsageError } from '../../core/usageError.js';
import { readInputFile } from '../../core/inputFile.js';
import { displayKey } from '../../core/displayName.js';

// Card types (digest §カード構成).
export const T_CONDITION = 0;
export const T_LOCATION = 1;
export const T_MAIN = 2;
export const T_SUPPORT = 3;
export const T_ITEM = 4;
export const T_EVENT = 5;
export const T_MISSION = 6;
export const CARD_TYPES = ['condition', 'location', 'mainCharacter', 'supportingCharacter', 'item', 'event', 'mission'] as const;

// Sides (digest §陣営について); neutral cards (civilians, some events) go in either side's deck.
export const S_RESISTANCE = 0;
export const S_SKYNET = 1;
export const S_NEUTRAL = 2;
export const SIDES = ['resistance', 'skynet', 'neutral'] as const;
export const SIDE_NAMES = ['Resistance', 'Skynet', 'neutral'] as const;

// Eras as a bitmask (digest §時代について).
export const ERA_PAST = 1;
export const ERA_FUTURE = 2;
export const ERAS = ['past', 'future'] as const;

// Keywords, one bit each (digest §ルール細則 and §カード構成; Stealth and Collaborator are the model's names for hidden movement and 内通者).
export const KEYWORDS = [
  'Leader',
  'Terminator',
  'Infiltrator',
  'Hunter-Killer',
  'Drone',
  'Animal',
  'Unique',
  'Limited',
  'Distinct',
  'Implant',
  'Factory',
  'Body Armor',
  'Stealth',
  'Collaborator',
] as const;
export type Keyword = (typeof KEYWORDS)[number];
export const K_LEADER = 1 << 0;
export const K_TERMINATOR = 1 << 1;
export const K_INFILTRATOR = 1 << 2;
export const K_HK = 1 << 3;
export const K_DRONE = 1 << 4;
export const K_ANIMAL = 1 << 5;
export const K_UNIQUE = 1 << 6;
export const K_LIMITED = 1 << 7;
export const K_DISTINCT = 1 << 8;
export const K_IMPLANT = 1 << 9;
export const K_FACTORY = 1 << 10;
export const K_BODY_ARMOR = 1 << 11;
export const K_STEALTH = 1 << 12;
export const K_COLLABORATOR = 1 << 13;

// Item kinds (digest §アイテム).
export const ITEM_KINDS = ['weapon', 'armor', 'ammo', 'attachment', 'gear'] as const;
export const I_WEAPON = 0;
export const I_ARMOR = 1;
export const I_AMMO = 2;
export const I_ATTACHMENT = 3;
export const I_GEAR = 4;

// Ranged weapon ranges: short = the same location, long = the same or an adjacent one (assumption, README).
export const RANGES = ['short', 'long'] as const;
export const R_NONE = 0;
export const R_SHORT = 1;
export const R_LONG = 2;

// Location kinds (digest §ロケーション).
export const LOCATION_KINDS = ['exterior', 'interior'] as const;
export const L_EXTERIOR = 0;
export const L_INTERIOR = 1;

// Event effects (the model's small vocabulary; same-kind effects do not stack, digest §イベント).
export const EVENT_EFFECTS = ['hit', 'damage', 'resist', 'heal', 'pool'] as const;
export const E_HIT = 0;
export const E_DAMAGE = 1;
export const E_RESIST = 2;
export const E_HEAL = 3;
export const E_POOL = 4;

// Mission conditions (the model's vocabulary; each names its timing, README).
export const MISSION_CONDITIONS = ['reach', 'defeat', 'protect', 'eliminate', 'find'] as const;
export const M_REACH = 0;
export const M_DEFEAT = 1;
export const M_PROTECT = 2;
export const M_ELIMINATE = 3;
export const M_FIND = 4;

/** One compiled card. Numbers absent on the card are 0. */
export interface CardInfo {
  name: string;
  type: number;
  side: number;
  /** ERA_* bitmask; 0 for a card with no era printed (allowed anywhere). */
  eras: number;
  /** K_* bitmask. */
  keywords: number;
  /** Production cost (Skynet characters and items), in production points. */
  cost: number;
  speed: number;
  power: number;
  infiltration: number;
  importance: number;
  /** Item kind (I_*), or -1 for a non-item. */
  item: number;
  /** Ranged weapon damage (0: not a ranged weapon). */
  damage: number;
  /** R_NONE, R_SHORT, R_LONG. */
  range: number;
  /** Melee weapon Power modifier. */
  melee: number;
  /** Armor: added to resistance. */
  armor: number;
  /** To-hit modifier an item gives its carrier (implants such as targeting). */
  hit: number;
  /** Speed an item adds to its carrier. */
  speedBonus: number;
  /** Production points a Drone makes when rotated at a Factory. */
  production: number;
  /** Stealth: dummy decoys beside the real one when it moves hidden. */
  decoys: number;
  /** Location kind (L_*), or -1 for a non-location. */
  location: number;
  /** Features a location has (e.g. Police, Residential), or for a supporting character / human item the features where it can be found. */
  features: string[];
  /** Event: combat-pool cost, effect (E_*) and amount; -1 when not an event. */
  poolCost: number;
  effect: number;
  amount: number;
  /** Mission: condition (M_*), the location a `reach` mission names, and its Mission Points; -1 when not a mission. */
  mission: number;
  missionPlace: string;
  missionPoints: number;
  /** Free text on the card (not used by the model). */
  text: string;
}

/** The compiled card data: cards by id, and where it came from. */
export interface CardTable {
  file: string;
  cards: CardInfo[];
}

const int = (min: number, max: number) => {
  const m = `expected an integer in [${min}, ${max}]`;
  return v.pipe(v.number(m), v.integer(m), v.minValue(min, m), v.maxValue(max, m));
};
const Name = v.pipe(v.string('expected a name (text)'), v.trim(), v.minLength(1, 'expected a non-empty name'), v.maxLength(80, 'expected a name of at most 80 characters'));

const CardSchema = v.strictObject(
  {
    name: Name,
    type: v.picklist([...CARD_TYPES], `expected one of ${CARD_TYPES.join(', ')}`),
    side: v.picklist([...SIDES], `expected one of ${SIDES.join(', ')}`),
    eras: v.optional(v.array(v.picklist([...ERAS], `expected ${ERAS.join(' or ')}`), 'expected a list of eras, e.g. [past] or [past, future]')),
    keywords: v.optional(v.array(v.string('expected a keyword (text)'), 'expected a list of keywords')),
    cost: v.optional(int(0, 40)),
    speed: v.optional(int(0, 20)),
    power: v.optional(int(0, 30)),
    infiltration: v.optional(int(0, 20)),
    importance: v.optional(int(0, 20)),
    item: v.optional(v.picklist([...ITEM_KINDS], `expected one of ${ITEM_KINDS.join(', ')}`)),
    damage: v.optional(int(0, 30)),
    range: v.optional(v.picklist([...RANGES], `expected one of ${RANGES.join(', ')}`)),
    melee: v.optional(int(0, 20)),
    armor: v.optional(int(0, 20)),
    hit: v.optional(int(0, 6)),
    speedBonus: v.optional(int(0, 10)),
    production: v.optional(int(0, 20)),
    decoys: v.optional(int(0, 8)),
    location: v.optional(v.picklist([...LOCATION_KINDS], `expected one of ${LOCATION_KINDS.join(', ')}`)),
    features: v.optional(v.array(Name, 'expected a list of feature names')),
    poolCost: v.optional(int(0, 10)),
    effect: v.optional(v.picklist([...EVENT_EFFECTS], `expected one of ${EVENT_EFFECTS.join(', ')}`)),
    amount: v.optional(int(0, 10)),
    mission: v.optional(v.picklist([...MISSION_CONDITIONS], `expected one of ${MISSION_CONDITIONS.join(', ')}`)),
    place: v.optional(Name),
    missionPoints: v.optional(int(0, 10)),
    text: v.optional(v.string('expected text')),
    source: v.optional(v.string('expected a label (rulebook, digest, public or assumed)')),
  },
  'expected a card { name, type, side, eras?, keywords?, numbers… }',
);

const DataSchema = v.strictObject(
  {
    version: v.literal(1, 'expected 1'),
    description: v.optional(v.string()),
    cards: v.pipe(v.array(CardSchema, 'expected a list of cards'), v.minLength(1, 'expected at least one card'), v.maxLength(2000, 'expected at most 2000 cards')),
  },
  'expected the card data mapping { version: 1, cards: [...] } (see scenarios/tccg/cards.yaml)',
);

/** "cards[3] (Kyle Reese).speed" from an issue path, naming list entries by their name. */
export function describePath(raw: unknown, keys: readonly (string | number)[]): string {
  return entryPath(raw, keys, ['name', 'card']);
}

/** Validates and compiles parsed YAML card data; `file` names the source in messages. Throws UsageError. */
export function compileCardData(raw: unknown, file: string): CardTable {
  const result = v.safeParse(DataSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const keys = (issue.path ?? []).map((p) => p.key as string | number);
    const known = keys.length === 3 ? Object.keys(CardSchema.entries) : keys.length === 1 ? Object.keys(DataSchema.entries) : undefined;
    throw new UsageError(`${file}: ${describePath(raw, keys)}: ${issueText(issue, known)}`);
  }
  const seen = new Map<string, number>();
  const cards = result.output.cards.map((c, i): CardInfo => {
    const at = `cards[${i}] (${c.name})`;
    const fail = (field: string, msg: string): never => {
      throw new UsageError(`${file}: ${at}${field ? `.${field}` : ''}: ${msg}`);
    };
    const key = displayKey(c.name);
    if (seen.has(key)) fail('name', `duplicate card name (also cards[${seen.get(key)}])`);
    seen.set(key, i);
    let keywords = 0;
    (c.keywords ?? []).forEach((k, j) => {
      const bit = (KEYWORDS as readonly string[]).indexOf(k);
      if (bit < 0) {
        const near = nearest(k, KEYWORDS);
        fail(`keywords[${j}]`, `unknown keyword "${k}"${near ? ` (did you mean "${near}"?)` : ''}; expected one of ${KEYWORDS.join(', ')}`);
      }
      keywords |= 1 << bit;
    });
    let eras = 0;
    for (const e of c.eras ?? []) eras |= e === 'past' ? ERA_PAST : ERA_FUTURE;
    const type = CARD_TYPES.indexOf(c.type);
    const need = (field: keyof typeof c, why: string) => {
      if (c[field] === undefined) fail(field, `required for ${why}`);
    };
    // Each type carries the numbers its rules read (digest §カード構成).
    if (type === T_MAIN) {
      need('speed', 'a main character (Speed: movement and defence)');
      need('power', 'a main character (Power: damage and resistance)');
      if (c.side === 'neutral') fail('side', 'a main character belongs to the Resistance or Skynet');
      if (c.side === 'skynet') need('cost', 'a Skynet main character (production cost)');
      if (keywords & K_INFILTRATOR) need('infiltration', 'an Infiltrator (Infiltration)');
    }
    if (type === T_SUPPORT) {
      need('speed', 'a supporting character');
      need('power', 'a supporting character');
      need('importance', 'a supporting character (Importance)');
    }
    if (type === T_ITEM) {
      need('item', 'an item (weapon, armor, ammo, attachment or gear)');
      if (c.side === 'skynet') need('cost', 'a Skynet item (production cost)');
      if (c.item === 'weapon' && c.damage === undefined && c.melee === undefined) fail('', 'a weapon needs damage (ranged, with range) or melee (a Power modifier)');
      if (c.damage !== undefined && c.range === undefined) fail('range', 'required for a ranged weapon (short or long)');
      if ((keywords & K_IMPLANT) && c.side !== 'skynet') fail('keywords', 'an Implant is a Skynet item');
    } else if (c.item !== undefined) fail('item', 'only items have an item kind');
    if (type === T_LOCATION) need('location', 'a location (exterior or interior)');
    else if (c.location !== undefined) fail('location', 'only locations have a location kind');
    if (type === T_EVENT) {
      need('effect', `an event (one of ${EVENT_EFFECTS.join(', ')})`);
      need('amount', 'an event');
    }
    if (type === T_MISSION) {
      need('mission', `a mission (one of ${MISSION_CONDITIONS.join(', ')})`);
      need('missionPoints', 'a mission');
      if (c.mission === 'reach') need('place', 'a reach mission (the location to reach)');
    }
    if ((keywords & K_STEALTH) && c.decoys === undefined) fail('decoys', 'required for Stealth (dummy decoys)');
    return {
      name: c.name,
      type,
      side: SIDES.indexOf(c.side),
      eras,
      keywords,
      cost: c.cost ?? 0,
      speed: c.speed ?? 0,
      power: c.power ?? 0,
      infiltration: c.infiltration ?? 0,
      importance: c.importance ?? 0,
      item: c.item === undefined ? -1 : ITEM_KINDS.indexOf(c.item),
      damage: c.damage ?? 0,
      range: c.range === undefined ? R_NONE : c.range === 'short' ? R_SHORT : R_LONG,
      melee: c.melee ?? 0,
      armor: c.armor ?? 0,
      hit: c.hit ?? 0,
      speedBonus: c.speedBonus ?? 0,
      production: c.production ?? 0,
      decoys: c.decoys ?? 0,
      location: c.location === undefined ? -1 : LOCATION_KINDS.indexOf(c.location),
      features: [...(c.features ?? [])],
      poolCost: c.poolCost ?? 0,
      effect: c.effect === undefined ? -1 : EVENT_EFFECTS.indexOf(c.effect),
      amount: c.amount ?? 0,
      mission: c.mission === undefined ? -1 : MISSION_CONDITIONS.indexOf(c.mission),
      missionPlace: c.place ?? '',
      missionPoints: c.missionPoints ?? 0,
      text: c.text ?? '',
    };
  });
  // A reach mission names a location of the set (else it could never be scored).
  cards.forEach((c, i) => {
    if (c.mission !== M_REACH) return;
    const target = seen.get(c.missionPlace.toLowerCase());
    if (target === undefined || cards[target].type !== T_LOCATION) throw new UsageError(`${file}: cards[${i}] (${c.name}).place: "${c.missionPlace}" is not a location of this card set`);
    // Card names match whatever their case (as the check above does): the place is the location's own
    // name from here on, which the engine and the bots compare exactly (a "police station" was accepted
    // here and never scored).
    c.missionPlace = cards[target].name;
  });
  return { file, cards };
}

/** Parses YAML text and compiles it. Throws UsageError naming `file`. */
export function parseCardData(text: string, file: string): CardTable {
  return compileCardData(parseYamlSafely(text, file), file);
}

/** The bundled reference set (scenarios/tccg/cards.yaml), found from src/ or dist/src/. */
export function defaultCardFile(): string {
  return bundledFile('cards.yaml');
}

/** A file of scenarios/tccg/, found from src/ or dist/src/. */
export function bundledFile(name: string): string {
  for (const rel of [`../../../scenarios/tccg/${name}`, `../../../../scenarios/tccg/${name}`]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`scenarios/tccg/${name} not found next to the sources`);
}

/** Reads a text file; a failure is a UsageError naming `label`. */
export function readText(file: string, label: string): string {
  // A regular file of bounded size, checked before it is opened (a FIFO or /dev/zero is refused).
  return readInputFile(file, label, 4 * 1024 * 1024);
}

/** Reads a card data file as parsed YAML, before validation; `label` is how messages name it. */
export function readCardDataRaw(file: string, label = file): unknown {
  return parseYamlSafely(readText(file, label), label);
}

/**
 * Reads and compiles a card data file; `label` is how messages name it. `values`: data values by
 * `data.<path>` (src/core/dataValues.ts: `data.cards.t-800-infiltrator.power`), set before validation.
 */
export function loadCardData(file: string, label = file, values: Readonly<Record<string, ParamValue>> = {}): CardTable {
  return compileCardData(applyDataValues(readCardDataRaw(file, label), values), label);
}

/** Card id by name (case-insensitive), or -1. */
export function cardIdOf(table: CardTable, name: string): number {
  const key = name.trim().toLowerCase();
  return table.cards.findIndex((c) => c.name.toLowerCase() === key);
}

export const hasKeyword = (c: CardInfo, k: number): boolean => (c.keywords & k) !== 0;

/** "Past", "Future", "Past/Future", or "no era". */
export function eraLabel(eras: number): string {
  if (eras === (ERA_PAST | ERA_FUTURE)) return 'Past/Future';
  if (eras === ERA_PAST) return 'Past';
  if (eras === ERA_FUTURE) return 'Future';
  return 'no era';
}
