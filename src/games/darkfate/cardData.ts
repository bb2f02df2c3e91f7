// Dark Fate card data: YAML → validated plain JSON (CardDataDoc, sent to worker threads) →
// compiled dense integer tables (CardTable). Every message names the file, the entry (with its
// card name) and the field.
import { join } from 'node:path';
import * as v from 'valibot';
import { nearest } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { readInputFile } from '../../core/inputFile.js';
import { issueText } from '../../core/issues.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import { packageInfo } from '../../core/packageInfo.js';
import { KW, KW_NAMES, OP, OP_COUNT, OP_NAMES, SECTIONS, SEC_ACTIVATE, SEC_EACH_TURN, SEC_PLAY } from './ops.js';
import { displayKey } from '../../core/displayName.js';

const Small = v.pipe(v.number('expected a whole number'), v.integer('expected a whole number'), v.minValue(0, 'expected 0 or more'), v.maxValue(99, 'expected at most 99'));
const Effect = v.union(
  [v.string(), v.pipe(v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99))), v.check((r) => Object.keys(r).length === 1, 'expected one effect per entry'))],
  'expected an effect name or a mapping {effect: n}',
);
const Effects = v.optional(v.array(Effect, 'expected a list of effects'));
const Keywords = v.optional(v.array(v.string(), 'expected a list of keywords'));

const CardSchema = v.strictObject({
  name: v.pipe(v.string('expected a card name'), v.minLength(1)),
  count: v.optional(v.pipe(Small, v.minValue(1, 'expected at least 1'))),
  fight: v.optional(Small),
  supply: v.optional(Small),
  cost: v.optional(Small),
  resistance: v.optional(Small),
  keywords: Keywords,
  effects: Effects,
  activate: Effects,
  defense: Effects,
  eachTurn: Effects,
});
export type CardDoc = v.InferOutput<typeof CardSchema>;

const Rev9Schema = v.strictObject({
  key: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'expected lower-case letters, digits and -')),
  name: v.string(),
  hunt: v.pipe(Small, v.minValue(1, 'expected at least 1')),
  stagger: v.pipe(Small, v.minValue(1, 'expected at least 1')),
  forcedFleeAt: v.optional(Small),
  enrageAt: v.optional(Small),
  enrageHunt: v.optional(Small),
  regen: v.optional(Small),
  specialOnly: v.optional(v.boolean()),
  splitsInto: v.optional(v.array(v.string())),
});

const DocSchema = v.strictObject({
  assumedNote: v.optional(v.string()),
  characters: v.pipe(
    v.array(v.strictObject({ key: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'expected lower-case letters, digits and -')), name: v.string(), unique: v.string(), power: Effects })),
    v.minLength(1, 'expected at least one character'),
  ),
  starter: v.strictObject({ prep: CardSchema, setback: CardSchema, uniques: v.array(CardSchema) }),
  wounds: v.strictObject({ count: v.pipe(Small, v.minValue(1)), name: v.optional(v.string()) }),
  rev9: v.pipe(v.array(Rev9Schema), v.minLength(1, 'expected at least one Rev-9 version')),
  fate: v.pipe(v.array(CardSchema), v.minLength(1, 'expected at least one fate card')),
});

/** Most Rev-9s one version may split into. */
export const MAX_SPLITS = 6;
/** Most fate cards a card file may hold: every reserve slot must fit the 8 bits an encoded action gives it. */
export const MAX_FATE_CARDS = 256;

/** Effect sections only one keyword uses: [section, keyword, the rule]. */
const SECTION_KEYWORDS = [
  ['defense', 'defense', 'rulebook: Glossary, Defense: only a defense card is played against an attack'],
  ['eachTurn', 'skill', 'rulebook: Glossary, Skill: only a skill stays in play to act each turn'],
  ['activate', 'hostile', 'rulebook: Glossary, Hostile: the Rev-9 activates hostile cards only'],
] as const;

const FIELD_NAMES = ['name', 'count', 'fight', 'supply', 'cost', 'resistance', 'keywords', 'effects', 'activate', 'defense', 'eachTurn', 'key', 'hunt', 'stagger', 'forcedFleeAt', 'enrageAt', 'enrageHunt', 'regen', 'specialOnly', 'splitsInto', 'unique', 'power', 'prep', 'setback', 'uniques'];

/** Validated card data: plain JSON (goes to workers inside simulation parameters). */
export type CardDataDoc = v.InferOutput<typeof DocSchema>;

/** The reference set shipped in scenarios/darkfate/cards.yaml. */
export function referenceCardsFile(): string {
  return join(packageInfo().root, 'scenarios', 'darkfate', 'cards.yaml');
}

function describeEntry(raw: unknown, path: (string | number)[]): string {
  // "fate[3] (Pistol): effects[1]" — the entry with its card name, then the field.
  let at: unknown = raw;
  let entry = '';
  let name = '';
  let i = 0;
  for (; i < path.length; i++) {
    const k = path[i];
    entry += typeof k === 'number' ? `[${k}]` : entry ? `.${k}` : k;
    at = at && typeof at === 'object' ? (at as Record<string | number, unknown>)[k] : undefined;
    if (typeof k === 'number' && at && typeof at === 'object' && typeof (at as { name?: unknown }).name === 'string') {
      name = (at as { name: string }).name;
      i++;
      break;
    }
  }
  const field = path.slice(i).map((k, j) => (typeof k === 'number' ? `[${k}]` : j ? `.${k}` : k)).join('');
  return name ? `${entry} (${name})${field ? `: ${field}` : ''}` : entry + (field ? (entry ? '.' : '') + field : '');
}

/** Parses and validates card data text; `file` names it in messages. Throws UsageError. */
export function parseCardData(text: string, file: string): CardDataDoc {
  // Bounded size and nesting, no custom tags, no prototype keys (src/core/safeYaml.ts).
  const raw = parseYamlSafely(text, file);
  return validateCardDoc(raw, file);
}

/** Validates a parsed card document (plain data); `file` names it in messages. Throws UsageError. */
export function validateCardDoc(raw: unknown, file: string): CardDataDoc {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${file}: expected a mapping with characters, starter, wounds, rev9 and fate`);
  const result = v.safeParse(DocSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const path = (issue.path ?? []).map((p) => p.key as string | number);
    const where = describeEntry(raw, path) || '(document)';
    if (issue.expected === 'never' && typeof path.at(-1) === 'string') {
      // valibot's strictObject reports an unknown key as "Expected never": say it plainly.
      const key = path.at(-1) as string;
      const near = nearest(key, FIELD_NAMES);
      throw new UsageError(`${file}: ${where}: unknown field "${key}"${near ? ` (did you mean "${near}"?)` : ''}`);
    }
    throw new UsageError(`${file}: ${where}: ${issueText(issue)}`);
  }
  const doc = result.output;
  // Names inside effects and keywords are checked here so the message can name card and field.
  const checkCard = (c: CardDoc, where: string) => {
    (c.keywords ?? []).forEach((k, i) => {
      if (!(k in KW_NAMES)) {
        const near = nearest(k, Object.keys(KW_NAMES));
        throw new UsageError(`${file}: ${where} (${c.name}): keywords[${i}]: unknown keyword "${k}"${near ? ` (did you mean "${near}"?)` : ''}`);
      }
    });
    for (const sec of ['effects', 'activate', 'defense', 'eachTurn'] as const) checkEffects(c[sec], `${where} (${c.name}): ${sec}`);
    const kws = c.keywords ?? [];
    const hostile = kws.includes('hostile');
    if (hostile && c.resistance === undefined) throw new UsageError(`${file}: ${where} (${c.name}): resistance: a hostile card needs a resistance`);
    // rulebook: Glossary, Hostile and Cost: hostiles are removed with fight, never gained.
    if (hostile && c.cost !== undefined) throw new UsageError(`${file}: ${where} (${c.name}): cost: a hostile card has no cost; it is removed with fight, never gained (rulebook: Glossary, Hostile and Cost)`);
    // A section the engine reads only for one keyword would be dead text on any other card.
    for (const [sec, kw, why] of SECTION_KEYWORDS) {
      if (c[sec]?.length && !kws.includes(kw)) throw new UsageError(`${file}: ${where} (${c.name}): ${sec}: the card lacks the ${kw} keyword, so this text could never be used (${why})`);
    }
  };
  const checkEffects = (effects: CardDoc['effects'], where: string) => {
    (effects ?? []).forEach((e, i) => {
      const name = typeof e === 'string' ? e : Object.keys(e)[0];
      if (!(name in OP_NAMES)) {
        const near = nearest(name, Object.keys(OP_NAMES));
        throw new UsageError(`${file}: ${where}[${i}]: unknown effect "${name}"${near ? ` (did you mean "${near}"?)` : ''}`);
      }
    });
  };
  doc.fate.forEach((c, i) => checkCard(c, `fate[${i}]`));
  doc.starter.uniques.forEach((c, i) => checkCard(c, `starter.uniques[${i}]`));
  checkCard(doc.starter.prep, 'starter.prep');
  checkCard(doc.starter.setback, 'starter.setback');
  const uniqueNames = doc.starter.uniques.map((u) => u.name);
  // A repeated name or key would make the later entry unreachable (lookups find the first).
  uniqueNames.forEach((name, i) => {
    const first = uniqueNames.indexOf(name);
    if (first < i) throw new UsageError(`${file}: starter.uniques[${i}] (${name}): name: "${name}" is already the name of starter.uniques[${first}]; each unique card needs its own name`);
  });
  // Card names identify card types (traces, policies, tests): one name, one card type.
  const named: [string, string][] = [
    ...doc.fate.map((c, i): [string, string] => [c.name, `fate[${i}]`]),
    ...doc.starter.uniques.map((c, i): [string, string] => [c.name, `starter.uniques[${i}]`]),
    [doc.starter.prep.name, 'starter.prep'],
    [doc.starter.setback.name, 'starter.setback'],
  ];
  // As a reader tells names apart (case and invisible characters aside): "Attack" and "ATTACK" are one name.
  const where = new Map<string, string>();
  for (const [name, at] of named) {
    const earlier = where.get(displayKey(name));
    if (earlier !== undefined && !(earlier.startsWith('starter.uniques') && at.startsWith('starter.uniques'))) {
      throw new UsageError(`${file}: ${at} (${name}): name: "${name}" is already the name of ${earlier}; give each card type its own name (use count for copies)`);
    }
    if (earlier === undefined) where.set(displayKey(name), at);
  }
  const characterKeys = doc.characters.map((ch) => ch.key);
  doc.characters.forEach((ch, i) => {
    const first = characterKeys.indexOf(ch.key);
    if (first < i) throw new UsageError(`${file}: characters[${i}] (${ch.name}): key: "${ch.key}" is already the key of characters[${first}] (${doc.characters[first].name})`);
    checkEffects(ch.power, `characters[${i}] (${ch.name}): power`);
    if (!uniqueNames.includes(ch.unique)) throw new UsageError(`${file}: characters[${i}] (${ch.name}): unique: "${ch.unique}" is not among starter.uniques`);
  });
  // A reserve slot is 8 bits of an encoded action (policy.ts), and the reserve holds at most the fate cards.
  const fateCards = doc.fate.reduce((sum, c) => sum + (c.count ?? 1), 0);
  if (fateCards > MAX_FATE_CARDS) throw new UsageError(`${file}: fate: ${fateCards} cards; at most ${MAX_FATE_CARDS} are supported (an action names a reserve slot in 8 bits)`);
  const keys = doc.rev9.map((r) => r.key);
  // Checked before splitsInto, which would otherwise report a repeated key as a bad split.
  keys.forEach((key, i) => {
    const first = keys.indexOf(key);
    if (first < i) throw new UsageError(`${file}: rev9[${i}] (${doc.rev9[i].name}): key: "${key}" is already the key of rev9[${first}] (${doc.rev9[first].name})`);
  });
  // Reports, tables and charts name a version by its name: two versions of one name would read (and draw) as one.
  const rev9Names = doc.rev9.map((r) => displayKey(r.name));
  doc.rev9.forEach(({ name }, i) => {
    const first = rev9Names.indexOf(rev9Names[i]);
    if (first < i) throw new UsageError(`${file}: rev9[${i}] (${name}): name: "${name}" is already the name of rev9[${first}] (key ${doc.rev9[first].key}); give each version its own name`);
  });
  doc.rev9.forEach((r, i) => {
    // Each flee may take any subset of the Rev-9s on the hunt (2^n options): keep n small.
    if ((r.splitsInto?.length ?? 0) > MAX_SPLITS) throw new UsageError(`${file}: rev9[${i}] (${r.name}): splitsInto: ${r.splitsInto!.length} Rev-9s; at most ${MAX_SPLITS} are supported`);
    (r.splitsInto ?? []).forEach((s, j) => {
      if (!keys.includes(s) || s === r.key) throw new UsageError(`${file}: rev9[${i}] (${r.name}): splitsInto[${j}]: "${s}" is not another Rev-9 key (${keys.join(', ')})`);
      const target = doc.rev9.find((x) => x.key === s)!;
      if (target.splitsInto?.length) throw new UsageError(`${file}: rev9[${i}] (${r.name}): splitsInto[${j}]: "${s}" splits again; only one level of splitting is supported`);
    });
  });
  return doc;
}

/** Reads a card data file. Throws UsageError naming `label` (e.g. "option --cards FILE"). */
export function loadCardData(file: string, label = file): CardDataDoc {
  // A regular file of bounded size, checked before it is opened (a FIFO or /dev/zero is refused).
  return parseCardData(readInputFile(file, label, 4 * 1024 * 1024), file);
}

export interface Rev9Version {
  key: string;
  name: string;
  hunt: number;
  stagger: number;
  /** 0 = none. On the hunt with at least this much damage at the hunt phase, it flees by itself. */
  forcedFleeAt: number;
  /** 0 = none. From this much damage on, its hunt value grows by enrageHunt. */
  enrageAt: number;
  enrageHunt: number;
  /** Damage removed from it at the end of each turn while on the hunt. */
  regen: number;
  /** Only "special" destroy effects destroy it. */
  specialOnly: boolean;
  /** Version indices it splits into when destroyed (empty: it is destroyed). */
  splitsInto: number[];
}

export interface CharacterDef {
  key: string;
  name: string;
  uniqueType: number;
  /** Power ops: [powerStart, powerEnd) into CardTable.ops. */
  powerStart: number;
  powerEnd: number;
}

/** Dense integer tables; card type ids index every array. */
export interface CardTable {
  nTypes: number;
  names: string[];
  fight: Int16Array;
  supply: Int16Array;
  /** -1 = cannot be gained. */
  cost: Int16Array;
  resistance: Int16Array;
  kw: Int32Array;
  /** Section offsets: ops of type t, section s are [sec[t*SECTIONS+s], sec[t*SECTIONS+s+1]). */
  sec: Int32Array;
  ops: Int32Array;
  args: Int32Array;
  /** Copies in the fate deck (0 for starters and wounds). */
  fateCount: Int16Array;
  /** Derived, for policies: draws on play, discard cost, finisher kind (0 none, 1 ordinary, 2 special). */
  drawOnPlay: Int16Array;
  discardCost: Int16Array;
  finisher: Int8Array;
  /** Derived, for policies: fight and supply from a card's text when played (a location's fight: Armory), on top of its printed fight/supply. */
  textFight: Int16Array;
  textSupply: Int16Array;
  /** Location-only supply when played (Wheels). */
  locationSupply: Int16Array;
  /** A skill's (eachTurn) fight and supply each turn. */
  eachTurnFight: Int16Array;
  eachTurnSupply: Int16Array;
  /** Wounds healed, cards it may destroy from hand, cards it draws into the reserve, when played. */
  heal: Int16Array;
  destroyFromHand: Int16Array;
  fateToReserve: Int16Array;
  /** 1 when the card is destroyed after it is played (Grenade, Thermite Charge). */
  selfDestroy: Uint8Array;
  /** What a hostile does when activated: wounds (to the current player, or each player), forced discards, damage it heals on each Rev-9, fate cards it draws into the reserve. */
  activateWound: Int16Array;
  activateWoundEach: Int16Array;
  activateDiscard: Int16Array;
  activateRev9Heal: Int16Array;
  activateFateToReserve: Int16Array;
  /**
   * The whole effect vocabulary as one table: effectSum[(t * SECTIONS + s) * OP_COUNT + op] is the
   * sum of the arguments of op `op` in section `s` of card type t (0 when absent). OP and SEC_*: ops.ts.
   */
  effectSum: Int16Array;
  prepType: number;
  setbackType: number;
  woundType: number;
  woundCount: number;
  characters: CharacterDef[];
  rev9: Rev9Version[];
  fateTotal: number;
}

function effectPair(e: string | Record<string, number>): [number, number] {
  if (typeof e === 'string') return [OP_NAMES[e], 1];
  const k = Object.keys(e)[0];
  return [OP_NAMES[k], e[k]];
}

/** Compiles validated data into dense tables. Pure. */
export function compileCards(doc: CardDataDoc): CardTable {
  const cards: { c: CardDoc; fate: number; extraKw: number }[] = [];
  cards.push({ c: doc.starter.prep, fate: 0, extraKw: KW.STARTER });
  cards.push({ c: doc.starter.setback, fate: 0, extraKw: KW.STARTER });
  cards.push({ c: { name: doc.wounds.name ?? 'Wound' }, fate: 0, extraKw: KW.WOUND });
  for (const u of doc.starter.uniques) cards.push({ c: u, fate: 0, extraKw: KW.STARTER });
  for (const f of doc.fate) cards.push({ c: f, fate: f.count ?? 1, extraKw: 0 });
  const n = cards.length;
  const t: CardTable = {
    nTypes: n,
    names: cards.map((x) => x.c.name),
    fight: new Int16Array(n),
    supply: new Int16Array(n),
    cost: new Int16Array(n),
    resistance: new Int16Array(n),
    kw: new Int32Array(n),
    sec: new Int32Array(n * SECTIONS + 1),
    ops: new Int32Array(0),
    args: new Int32Array(0),
    fateCount: new Int16Array(n),
    drawOnPlay: new Int16Array(n),
    discardCost: new Int16Array(n),
    finisher: new Int8Array(n),
    textFight: new Int16Array(n),
    textSupply: new Int16Array(n),
    locationSupply: new Int16Array(n),
    eachTurnFight: new Int16Array(n),
    eachTurnSupply: new Int16Array(n),
    heal: new Int16Array(n),
    destroyFromHand: new Int16Array(n),
    fateToReserve: new Int16Array(n),
    selfDestroy: new Uint8Array(n),
    activateWound: new Int16Array(n),
    activateWoundEach: new Int16Array(n),
    activateDiscard: new Int16Array(n),
    activateRev9Heal: new Int16Array(n),
    activateFateToReserve: new Int16Array(n),
    effectSum: new Int16Array(n * SECTIONS * OP_COUNT),
    prepType: 0,
    setbackType: 1,
    woundType: 2,
    woundCount: doc.wounds.count,
    characters: [],
    rev9: [],
    fateTotal: 0,
  };
  const ops: number[] = [];
  const args: number[] = [];
  cards.forEach(({ c, fate, extraKw }, i) => {
    t.fight[i] = c.fight ?? 0;
    t.supply[i] = c.supply ?? 0;
    let kw = extraKw;
    for (const k of c.keywords ?? []) kw |= KW_NAMES[k];
    t.kw[i] = kw;
    // Rulebook glossary, Cost: cards without a cost cannot be gained (hostiles, starters, wounds).
    t.cost[i] = c.cost === undefined || kw & KW.HOSTILE ? -1 : c.cost;
    t.resistance[i] = c.resistance ?? 0;
    t.fateCount[i] = fate;
    t.fateTotal += fate;
    const sections = [c.effects, c.activate, c.defense, c.eachTurn];
    for (let s = 0; s < SECTIONS; s++) {
      t.sec[i * SECTIONS + s] = ops.length;
      for (const e of sections[s] ?? []) {
        const [op, arg] = effectPair(e);
        ops.push(op);
        args.push(arg);
        t.effectSum[(i * SECTIONS + s) * OP_COUNT + op] += arg;
        if (s === SEC_PLAY && op === OP.DRAW) t.drawOnPlay[i] += arg;
        if (s === SEC_PLAY && op === OP.DISCARD) t.discardCost[i] += arg;
        if (s === SEC_PLAY && op === OP.DESTROY_REV9) t.finisher[i] = Math.max(t.finisher[i], 1);
        if (s === SEC_PLAY && op === OP.DESTROY_REV9_SPECIAL) t.finisher[i] = 2;
      }
    }
  });
  t.sec[n * SECTIONS] = ops.length;
  const sum = (i: number, s: number, op: number) => t.effectSum[(i * SECTIONS + s) * OP_COUNT + op];
  for (let i = 0; i < n; i++) {
    t.textFight[i] = sum(i, SEC_PLAY, OP.FIGHT);
    t.textSupply[i] = sum(i, SEC_PLAY, OP.SUPPLY);
    t.locationSupply[i] = sum(i, SEC_PLAY, OP.LOCATION_SUPPLY);
    t.eachTurnFight[i] = sum(i, SEC_EACH_TURN, OP.FIGHT);
    t.eachTurnSupply[i] = sum(i, SEC_EACH_TURN, OP.SUPPLY);
    t.heal[i] = sum(i, SEC_PLAY, OP.HEAL);
    t.destroyFromHand[i] = sum(i, SEC_PLAY, OP.DESTROY_FROM_HAND);
    t.fateToReserve[i] = sum(i, SEC_PLAY, OP.FATE_TO_RESERVE);
    t.selfDestroy[i] = sum(i, SEC_PLAY, OP.DESTROY_SELF) > 0 ? 1 : 0;
    t.activateWound[i] = sum(i, SEC_ACTIVATE, OP.WOUND_CURRENT);
    t.activateWoundEach[i] = sum(i, SEC_ACTIVATE, OP.WOUND_EACH);
    t.activateDiscard[i] = sum(i, SEC_ACTIVATE, OP.DISCARD_FORCED);
    t.activateRev9Heal[i] = sum(i, SEC_ACTIVATE, OP.REV9_HEAL);
    t.activateFateToReserve[i] = sum(i, SEC_ACTIVATE, OP.FATE_TO_RESERVE);
  }
  for (const ch of doc.characters) {
    const powerStart = ops.length;
    for (const e of ch.power ?? []) {
      const [op, arg] = effectPair(e);
      ops.push(op);
      args.push(arg);
    }
    t.characters.push({ key: ch.key, name: ch.name, uniqueType: t.names.indexOf(ch.unique, 3), powerStart, powerEnd: ops.length });
  }
  t.ops = Int32Array.from(ops);
  t.args = Int32Array.from(args);
  const keys = doc.rev9.map((r) => r.key);
  t.rev9 = doc.rev9.map((r) => ({
    key: r.key,
    name: r.name,
    hunt: r.hunt,
    stagger: r.stagger,
    forcedFleeAt: r.forcedFleeAt ?? 0,
    enrageAt: r.enrageAt ?? 0,
    enrageHunt: r.enrageHunt ?? 0,
    regen: r.regen ?? 0,
    specialOnly: r.specialOnly ?? false,
    splitsInto: (r.splitsInto ?? []).map((k) => keys.indexOf(k)),
  }));
  return t;
}
