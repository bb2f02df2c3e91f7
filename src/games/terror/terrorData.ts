// Reference data of Terror from Destiny (scenarios/terror/data.yaml or a user's --data FILE):
// parsed safely (src/core/safeYaml.ts: core schema, unique keys, bounded size and nesting, no
// prototype keys), validated with valibot (messages name the file, the entry and the field),
// cross-checked (names resolve, counts fit the rulebook's procedures) and compiled to integer ids.
// The compiled TerrorData is plain JSON: it travels to worker threads inside the sim parameters.
import { applyDataValues } from '../../core/dataValues.js';
import type { ParamValue } from '../../core/params.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { UsageError } from '../../core/usageError.js';
import { readInputFile } from '../../core/inputFile.js';
import { entryPath, issueText } from '../../core/issues.js';
import { parseYamlSafely } from '../../core/safeYaml.js';

// The compiled form and its codes live in terrorTables.ts; re-exported for the loader's users.
export * from './terrorTables.js';
import { CARD_KINDS, FX_BLOODLUST, FX_DISCARD_ACTION, FX_DISCARD_TERROR, FX_HEALTH, FX_HORROR, FX_KILL_NEAREST, FX_KILL_RANDOM, FX_SCATTER, NEED_KINDS, TIE_RULES, type Effect, type TerrorCardData, type TerrorData } from './terrorTables.js';


const int = (min: number, max: number) => v.pipe(v.number(`expected an integer in [${min}, ${max}]`), v.integer(`expected an integer in [${min}, ${max}]`), v.minValue(min, `expected an integer in [${min}, ${max}]`), v.maxValue(max, `expected an integer in [${min}, ${max}]`));
const name = v.pipe(v.string('expected a name (text)'), v.minLength(1, 'expected a non-empty name'));

const EffectSchema = v.strictObject(
  {
    horror: v.optional(int(-10, 10)),
    health: v.optional(int(-20, 20)),
    bloodlust: v.optional(int(0, 20)),
    kill: v.optional(v.picklist(['nearest', 'random'], 'expected nearest or random')),
    scatter: v.optional(int(1, 1)),
    discardTerror: v.optional(int(1, 1)),
    discardAction: v.optional(int(1, 10)),
  },
  'expected one effect, e.g. { horror: 1 }, { health: -1 }, { kill: nearest }, { scatter: 1 }',
);
const Effects = v.array(EffectSchema, 'expected a list of effects');

const CardSchema = v.strictObject(
  {
    id: name,
    kind: v.picklist([...CARD_KINDS], `expected one of ${CARD_KINDS.join(', ')}`),
    play: int(0, 6),
    buy: int(0, 10),
    copies: int(0, 10),
    range: v.optional(int(1, 6)),
    carry: v.optional(int(1, 6)),
    reveal: v.optional(int(1, 10)),
  },
  'expected an action card { id, kind, play, buy, copies, ... }',
);

const TerrorSchema = v.strictObject(
  {
    name,
    destiny: v.optional(int(0, 5)),
    killerActions: v.optional(int(0, 5)),
    killerOther: v.optional(v.boolean('expected true or false')),
    effects: v.optional(Effects),
  },
  'expected a terror card { name, destiny?, killerActions?, killerOther?, effects? }',
);

const DataSchema = v.strictObject(
  {
    version: v.literal(1, 'expected 1'),
    finalGirl: v.strictObject({
      name,
      health: int(1, 20),
      startingHand: v.array(name, 'expected a list of action card ids'),
      saveRewardHeal: int(0, 5),
      saveRewardHorror: int(0, 5),
    }),
    horror: v.strictObject({ max: int(1, 30), dice: v.array(int(1, 10), 'expected dice per horror level'), extremeFrom: int(0, 30) }),
    finalHealthTokens: v.pipe(v.array(int(0, 10), 'expected a list of token values (0 = blank)'), v.minLength(1, 'expected at least one token')),
    actionCards: v.pipe(v.array(CardSchema, 'expected a list of action cards'), v.minLength(1, 'expected at least one card')),
    // rulebook: Components — 3 Death Order cards
    deathOrders: v.pipe(v.array(v.strictObject({ name, destiny: Effects }), 'expected a list of Death Order cards'), v.length(3, 'expected the rulebook\'s 3 Death Order cards (Components)')),
    fatedVictims: v.array(name, 'expected a list of names'),
    fatedDeath: v.strictObject({ count: int(1, 8), savedHeal: int(0, 10), limboDamage: int(0, 10) }),
    // Optional so older transcriptions still load; README.md names the default (fatedFirst).
    killNearestTie: v.optional(v.picklist([...TIE_RULES], `expected one of ${TIE_RULES.join(', ')}`)),
    consequences: v.array(v.strictObject({ name, need: v.picklist([...NEED_KINDS], `expected one of ${NEED_KINDS.join(', ')}`), n: int(0, 20) }), 'expected a list of Consequence cards'),
    punishments: v.array(int(0, 20), 'expected a list of health losses'),
    bloodlust: v.strictObject({
      length: int(1, 50),
      thresholds: v.array(v.strictObject({ at: int(1, 50), effects: Effects }), 'expected a list of thresholds'),
    }),
    vignetteTerror: v.array(TerrorSchema, 'expected a list of terror cards'),
    locationTerror: v.array(TerrorSchema, 'expected a list of terror cards'),
    location: v.strictObject({
      name,
      spaces: v.pipe(v.array(v.strictObject({ name, exit: v.optional(v.boolean('expected true or false')), search: v.optional(v.boolean('expected true or false')) }), 'expected a list of spaces'), v.minLength(2, 'expected at least two spaces'), v.maxLength(120, 'expected at most 120 spaces')),
      paths: v.array(v.tuple([name, name], 'expected a pair [space, space]'), 'expected a list of paths'),
      setupGrid: v.strictObject({
        vertical: v.pipe(v.array(int(0, 5)), v.length(6, 'expected 6 bands (die faces 1..6)')),
        horizontal: v.pipe(v.array(int(0, 5)), v.length(6, 'expected 6 bands (die faces 1..6)')),
        sections: v.array(v.array(v.array(name, 'expected a list of space names'), 'expected a list of sections'), 'expected sections[vertical][horizontal]'),
      }),
      setup: v.strictObject({ finalGirl: name, victims: v.pipe(v.array(name, 'expected a list of space names'), v.maxLength(16, 'expected at most 16 victims')) }),
    }),
  },
  'expected the Terror from Destiny data mapping (see scenarios/terror/data.yaml)',
);

type RawData = v.InferOutput<typeof DataSchema>;
type RawEffect = v.InferOutput<typeof EffectSchema>;

/** "actionCards[2] (search).play" from an issue path, naming the entry by its name or id. */
function describePath(raw: unknown, keys: (string | number)[]): string {
  return entryPath(raw, keys, ['name', 'id']);
}

function compileEffects(list: RawEffect[], fail: (path: string, msg: string) => never, path: string): Effect[] {
  return list.map((e, i) => {
    const keys = Object.keys(e).filter((k) => (e as Record<string, unknown>)[k] !== undefined);
    if (keys.length !== 1) fail(`${path}[${i}]`, `expected exactly one effect key, got ${keys.length}`);
    if (e.horror !== undefined) return { kind: FX_HORROR, amount: e.horror };
    if (e.health !== undefined) return { kind: FX_HEALTH, amount: e.health };
    if (e.bloodlust !== undefined) return { kind: FX_BLOODLUST, amount: e.bloodlust };
    if (e.kill !== undefined) return { kind: e.kill === 'nearest' ? FX_KILL_NEAREST : FX_KILL_RANDOM, amount: 1 };
    if (e.scatter !== undefined) return { kind: FX_SCATTER, amount: 1 };
    if (e.discardTerror !== undefined) return { kind: FX_DISCARD_TERROR, amount: 1 };
    return { kind: FX_DISCARD_ACTION, amount: e.discardAction! };
  });
}

/** Validates and compiles parsed YAML. `file` names the source in messages. Throws UsageError. */
export function compileTerrorData(raw: unknown, file: string): TerrorData {
  const result = v.safeParse(DataSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const keys = (issue.path ?? []).map((p) => p.key as string | number);
    // One line, whatever the input: valibot's default messages quote the value received.
    throw new UsageError(`${file}: ${describePath(raw, keys)}: ${issueText(issue)}`);
  }
  const d: RawData = result.output;
  const fail = (path: string, msg: string): never => {
    throw new UsageError(`${file}: ${path}: ${msg}`);
  };
  const loc = d.location;
  const spaceId = new Map<string, number>();
  loc.spaces.forEach((s, i) => {
    if (spaceId.has(s.name)) fail(`location.spaces[${i}] (${s.name}).name`, 'duplicate space name');
    spaceId.set(s.name, i);
  });
  const space = (n: string, path: string) => spaceId.get(n) ?? fail(path, `unknown space "${n}"`);
  const paths = loc.paths.map((p, i) => {
    const a = space(p[0], `location.paths[${i}][0]`);
    const b = space(p[1], `location.paths[${i}][1]`);
    if (a === b) fail(`location.paths[${i}]`, 'a path must join two different spaces');
    return [a, b] as [number, number];
  });
  // Every space must be reachable, or distances (and escorts) are undefined.
  const adj = loc.spaces.map(() => [] as number[]);
  for (const [a, b] of paths) adj[a].push(b), adj[b].push(a);
  const seen = new Set([0]);
  const queue = [0];
  while (queue.length) for (const n of adj[queue.shift()!]) if (!seen.has(n)) seen.add(n), queue.push(n);
  loc.spaces.forEach((s, i) => {
    if (!seen.has(i)) fail(`location.spaces[${i}] (${s.name})`, 'not connected to the rest of the location by paths');
  });
  if (!loc.spaces.some((s) => s.exit)) fail('location.spaces', 'expected at least one exit: true space');
  const grid = loc.setupGrid;
  const bandsV = Math.max(...grid.vertical) + 1;
  const bandsH = Math.max(...grid.horizontal) + 1;
  if (grid.sections.length !== bandsV) fail('location.setupGrid.sections', `expected ${bandsV} vertical bands (as the vertical ruler uses), got ${grid.sections.length}`);
  const sections = grid.sections.map((col, i) => {
    if (col.length !== bandsH) fail(`location.setupGrid.sections[${i}]`, `expected ${bandsH} horizontal bands, got ${col.length}`);
    return col.map((sec, j) => {
      if (sec.length === 0) fail(`location.setupGrid.sections[${i}][${j}]`, 'expected at least one space');
      return sec.map((n, k) => space(n, `location.setupGrid.sections[${i}][${j}][${k}]`));
    });
  });
  // The set-up rerolls a section without a legal space until one has (assumption). That ends only if
  // the sections the die faces reach hold a legal space for every Fated Victim: at least
  // fatedDeath.count spaces that are not exits and not the Final Girl's start (Fated Victims never share).
  const fgStart = space(loc.setup.finalGirl, 'location.setup.finalGirl');
  const reachable = new Set<number>();
  for (const vb of grid.vertical) for (const hb of grid.horizontal) for (const s of sections[vb][hb]) if (!loc.spaces[s].exit && s !== fgStart) reachable.add(s);
  if (reachable.size < d.fatedDeath.count) {
    fail('location.setupGrid.sections', `the sections the rulers reach hold ${reachable.size} space(s) a Fated Victim may take (not an exit, not the Final Girl's start); ${d.fatedDeath.count} Fated Victims need ${d.fatedDeath.count}`);
  }
  const cardId = new Map<string, number>();
  d.actionCards.forEach((c, i) => {
    if (cardId.has(c.id)) fail(`actionCards[${i}] (${c.id}).id`, 'duplicate card id');
    cardId.set(c.id, i);
    if ((c.kind === 'move' || c.kind === 'escort') && c.range === undefined) fail(`actionCards[${i}] (${c.id}).range`, `required for kind ${c.kind}`);
    if (c.kind === 'escort' && c.carry === undefined) fail(`actionCards[${i}] (${c.id}).carry`, 'required for kind escort');
    if (c.kind === 'premonition' && c.reveal === undefined) fail(`actionCards[${i}] (${c.id}).reveal`, 'required for kind premonition');
  });
  const startingHand = d.finalGirl.startingHand.map((id, i) => cardId.get(id) ?? fail(`finalGirl.startingHand[${i}]`, `unknown action card "${id}"`));
  if (d.horror.dice.length !== d.horror.max + 1) fail('horror.dice', `expected ${d.horror.max + 1} entries (levels 0..${d.horror.max}), got ${d.horror.dice.length}`);
  if (d.horror.extremeFrom > d.horror.max) fail('horror.extremeFrom', `expected at most horror.max (${d.horror.max}), got ${d.horror.extremeFrom}`);
  const fc = d.fatedDeath.count;
  // rulebook: Fated Death Terror Cards — one Death token, one Consequence and Punishment card per Fated Victim
  if (d.fatedVictims.length !== fc) fail('fatedVictims', `expected ${fc} names (fatedDeath.count), got ${d.fatedVictims.length}`);
  if (new Set(d.fatedVictims).size !== fc) fail('fatedVictims', 'names must be distinct');
  if (d.consequences.length < fc) fail('consequences', `expected at least ${fc} cards (a row of ${fc}), got ${d.consequences.length}`);
  if (d.punishments.length < fc) fail('punishments', `expected at least ${fc} cards (a row of ${fc}), got ${d.punishments.length}`);
  if (fc + loc.setup.victims.length > 16) fail('location.setup.victims', 'at most 16 victims in all (Fated Victims included)');
  d.bloodlust.thresholds.forEach((t, i) => {
    if (t.at > d.bloodlust.length) fail(`bloodlust.thresholds[${i}].at`, `beyond the track (length ${d.bloodlust.length})`);
  });
  const terrorCard = (t: v.InferOutput<typeof TerrorSchema>, origin: number, path: string): TerrorCardData => ({
    name: t.name,
    fated: false,
    origin,
    destiny: t.destiny ?? 0,
    killerActions: t.killerActions ?? 0,
    killerOther: t.killerOther ?? false,
    effects: compileEffects(t.effects ?? [], fail, `${path}.effects`),
  });
  const terror: TerrorCardData[] = [];
  for (let i = 0; i < fc; i++) terror.push({ name: 'Fated Death', fated: true, origin: 2, destiny: 0, killerActions: 0, killerOther: false, effects: [] });
  d.vignetteTerror.forEach((t, i) => terror.push(terrorCard(t, 0, `vignetteTerror[${i}] (${t.name})`)));
  d.locationTerror.forEach((t, i) => terror.push(terrorCard(t, 1, `locationTerror[${i}] (${t.name})`)));
  return {
    file,
    finalGirl: { name: d.finalGirl.name, health: d.finalGirl.health, startingHand, saveRewardHeal: d.finalGirl.saveRewardHeal, saveRewardHorror: d.finalGirl.saveRewardHorror },
    horror: { ...d.horror },
    finalHealthTokens: [...d.finalHealthTokens],
    cards: d.actionCards.map((c) => ({ id: c.id, kind: CARD_KINDS.indexOf(c.kind), play: c.play, buy: c.buy, copies: c.copies, range: c.range ?? 0, carry: c.carry ?? 0, reveal: c.reveal ?? 0 })),
    deathOrders: d.deathOrders.map((o, i) => ({ name: o.name, destiny: compileEffects(o.destiny, fail, `deathOrders[${i}] (${o.name}).destiny`) })),
    fatedVictims: [...d.fatedVictims],
    fatedDeath: { ...d.fatedDeath },
    killNearestTie: TIE_RULES.indexOf(d.killNearestTie ?? 'fatedFirst'),
    consequences: d.consequences.map((c) => ({ name: c.name, need: NEED_KINDS.indexOf(c.need), n: c.n })),
    punishments: [...d.punishments],
    bloodlust: { length: d.bloodlust.length, thresholds: d.bloodlust.thresholds.map((t, i) => ({ at: t.at, effects: compileEffects(t.effects, fail, `bloodlust.thresholds[${i}].effects`) })) },
    terror,
    vignetteTerrorCount: d.vignetteTerror.length,
    locationTerrorCount: d.locationTerror.length,
    location: {
      name: loc.name,
      spaces: loc.spaces.map((s) => ({ name: s.name, exit: s.exit ?? false, search: s.search ?? false })),
      paths,
      gridVertical: [...grid.vertical],
      gridHorizontal: [...grid.horizontal],
      sections,
      finalGirlStart: fgStart,
      victimStarts: loc.setup.victims.map((n, i) => space(n, `location.setup.victims[${i}]`)),
    },
  };
}

/** Parses YAML text and compiles it. Throws UsageError naming `file`. */
export function parseTerrorData(text: string, file: string): TerrorData {
  return compileTerrorData(parseYamlSafely(text, file), file);
}

/** The bundled data file (scenarios/terror/data.yaml), found from src/ or dist/src/. */
export function defaultDataFile(): string {
  for (const rel of ['../../../scenarios/terror/data.yaml', '../../../../scenarios/terror/data.yaml']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('scenarios/terror/data.yaml not found next to the sources');
}

/** Reads a data file as parsed YAML, before validation; `label` is how messages name it. */
export function readTerrorDataRaw(file: string, label = file): unknown {
  // A regular file of bounded size, checked before it is opened (a FIFO or /dev/zero is refused).
  return parseYamlSafely(readInputFile(file, label, 4 * 1024 * 1024), label);
}

/**
 * Reads and compiles a data file; `label` is how messages name it (e.g. "option --data x.yaml").
 * `values`: data values by `data.<path>` (src/core/dataValues.ts), set before validation.
 */
export function loadTerrorData(file: string, label = file, values: Readonly<Record<string, ParamValue>> = {}): TerrorData {
  return compileTerrorData(applyDataValues(readTerrorDataRaw(file, label), values), label);
}
