// House rules on single cards: "pistol.fight=5", "truck-ram.count=8", "endoskeleton.hunt=5",
// "recon.effects.draw=3", "attack.activate.woundCurrent=2", "sarah.power.fight=2",
// "wounds.count=25" — any numeric field of any card, Rev-9, character or the wound deck, applied to
// the card document before it is compiled, then validated like a card file (counts, ranges, the
// rules a card's text must follow). The parameter `cardChanges` holds a list of them separated by
// ";" (so that a sweep's --grid can still separate its values with commas).
//
// Names: a card's key is its name in lower case with every run of other characters than letters
// and digits turned into "-" (Truck Ram → truck-ram, Sarah's Arsenal → sarah-s-arsenal); Rev-9s
// and characters by their keys; "wounds" for the wound deck. Fields: count, fight, supply, cost,
// resistance (cards); hunt, stagger, forcedFleeAt, enrageAt, enrageHunt, regen (Rev-9s); and
// <section>.<effect> for an effect's amount (sections effects, activate, defense, eachTurn; power
// for a character), the effect named as in the card file.
import { FORMAT_DEFAULT, UNLABELLED, type DataLabel } from '../../core/dataValues.js';
import type { ParamSpec } from '../../core/params.js';
import { nearest } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { validateCardDoc, type CardDataDoc, type CardDoc } from './cardData.js';

const CARD_FIELDS = ['count', 'fight', 'supply', 'cost', 'resistance'] as const;
const REV9_FIELDS = ['hunt', 'stagger', 'forcedFleeAt', 'enrageAt', 'enrageHunt', 'regen'] as const;
const SECTIONS = ['effects', 'activate', 'defense', 'eachTurn'] as const;

/** A card name as a key: lower case, every run of other characters than letters and digits one "-". */
export function cardKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

type Target = { kind: 'card'; card: CardDoc } | { kind: 'rev9'; r: CardDataDoc['rev9'][number] } | { kind: 'character'; ch: CardDataDoc['characters'][number] } | { kind: 'wounds' };

function targets(doc: CardDataDoc): Map<string, Target> {
  const m = new Map<string, Target>();
  const add = (key: string, t: Target) => {
    if (!m.has(key)) m.set(key, t);
  };
  for (const c of doc.fate) add(cardKey(c.name), { kind: 'card', card: c });
  add(cardKey(doc.starter.prep.name), { kind: 'card', card: doc.starter.prep });
  add(cardKey(doc.starter.setback.name), { kind: 'card', card: doc.starter.setback });
  for (const u of doc.starter.uniques) add(cardKey(u.name), { kind: 'card', card: u });
  for (const r of doc.rev9) add(r.key, { kind: 'rev9', r });
  for (const ch of doc.characters) add(ch.key, { kind: 'character', ch });
  add('wounds', { kind: 'wounds' });
  return m;
}

/**
 * Every field `cardChanges` can set in `doc`, as `key.field` paths with their current values and
 * the least value the card file accepts (1 for a card's count, a Rev-9's hunt and stagger, the
 * wound count; 0 for the rest).
 */
export function cardFields(doc: CardDataDoc): { path: string; value: number; min: number }[] {
  const out: { path: string; value: number; min: number }[] = [];
  for (const [key, t] of targets(doc)) {
    if (t.kind === 'card') {
      for (const f of CARD_FIELDS) if (t.card[f] !== undefined || f !== 'resistance') out.push({ path: `${key}.${f}`, value: (t.card[f] as number | undefined) ?? (f === 'count' ? 1 : 0), min: f === 'count' ? 1 : 0 });
      for (const sec of SECTIONS) for (const e of t.card[sec] ?? []) if (typeof e !== 'string') for (const [name, n] of Object.entries(e)) out.push({ path: `${key}.${sec}.${name}`, value: n, min: 0 });
    } else if (t.kind === 'rev9') {
      for (const f of REV9_FIELDS) out.push({ path: `${key}.${f}`, value: (t.r[f] as number | undefined) ?? 0, min: f === 'hunt' || f === 'stagger' ? 1 : 0 });
    } else if (t.kind === 'character') {
      for (const e of t.ch.power ?? []) if (typeof e !== 'string') for (const [name, n] of Object.entries(e)) out.push({ path: `${key}.power.${name}`, value: n, min: 0 });
    } else {
      out.push({ path: 'wounds.count', value: doc.wounds.count, min: 1 });
    }
  }
  return out;
}

/** The prefix of a card field as a parameter, and its spelling among every game's data values (`data.cards.pistol.fight`). */
export const CARD_PREFIX = 'card.';
export const DATA_CARDS_PREFIX = 'data.cards.';

/**
 * The card fields as parameter specs (`card.<path>`, int from the field's least value to 99, default the card data's value):
 * what a shell can offer as `--set card.pistol.fight=5` keys (they depend on the card data loaded);
 * each also as `data.cards.<path>`, the spelling every game's data values share (an alias: the same
 * value, one implementation). `labels` (cardLabels) says how the card file labels each path.
 */
export function cardParamSpecs(doc: CardDataDoc, labels?: ReadonlyMap<string, DataLabel>, file = 'the card data'): ParamSpec[] {
  const out: ParamSpec[] = [];
  for (const { path, value, min } of cardFields(doc)) {
    const l = labels?.get(path);
    const source = l ? `${file}: ${l.text}` : labels ? `${file}: not in the file (the card format's default)` : 'assumption: the reference card set (scenarios/darkfate/README.md), or the card file loaded';
    // A field the file does not state is the card format's default (no regeneration, no forced flee): not an assumption of the file.
    const spec: ParamSpec = { key: `${CARD_PREFIX}${path}`, type: 'int', default: value, min, max: 99, doc: `card data: ${path}`, source, label: l?.label ?? (labels ? FORMAT_DEFAULT : UNLABELLED) };
    out.push(spec, { ...spec, key: `${DATA_CARDS_PREFIX}${path}`, alias: spec.key });
  }
  return out;
}

/**
 * The card changes the parameters give: `card.<path>` or `data.cards.<path>` (one value either
 * way). Both spellings of one field are refused, naming both. Throws UsageError.
 */
export function cardParamChanges(resolved: Readonly<Record<string, unknown>>): [string, number][] {
  const out = new Map<string, { key: string; value: number }>();
  for (const [k, v] of Object.entries(resolved)) {
    const path = k.startsWith(CARD_PREFIX) ? k.slice(CARD_PREFIX.length) : k.startsWith(DATA_CARDS_PREFIX) ? k.slice(DATA_CARDS_PREFIX.length) : null;
    if (path === null) continue;
    const seen = out.get(path);
    if (seen) throw new UsageError(`parameter ${k}: the same value as ${seen.key} (two spellings of ${path}); give one of them`);
    out.set(path, { key: k, value: v as number });
  }
  return [...out].map(([path, { value }]) => [path, value]);
}

/** Parses "a.b=1; c.d=2" into [path, value] pairs. Throws UsageError naming `where`. */
export function parseCardChanges(text: string, where = 'parameter cardChanges'): [string, number][] {
  const out: [string, number][] = [];
  for (const raw of text.split(';')) {
    const item = raw.trim();
    if (item === '') continue;
    const m = /^([a-z0-9-]+(?:\.[A-Za-z0-9-]+){1,2})\s*=\s*(-?\d+(?:\.\d+)?)$/.exec(item);
    if (!m) throw new UsageError(`${where}: "${item}" is not <card>.<field>=<whole number> (e.g. pistol.fight=5; truck-ram.count=8)`);
    const path = m[1].replace(/^card\./, '');
    // Last-wins would silently drop the first value.
    if (out.some(([p]) => p === path)) throw new UsageError(`${where}: ${path} is given twice; give it once`);
    out.push([path, Number(m[2])]);
  }
  // Separators alone ("; ;") change nothing: refused rather than shown as a setting.
  if (out.length === 0 && text.trim() !== '') throw new UsageError(`${where}: "${text}" names no change; give <card>.<field>=<whole number> (e.g. pistol.fight=5), or leave it out`);
  return out;
}

/**
 * A copy of `doc` with the changes applied, validated as a card file (`label` names it). Throws
 * UsageError naming the change: an unknown card (with the nearest key), an unknown field, a value
 * out of range, or a document the card-file rules refuse.
 */
export function applyCardChanges(doc: CardDataDoc, changes: [string, number][], where = 'parameter cardChanges'): CardDataDoc {
  if (changes.length === 0) return doc;
  const copy = structuredClone(doc);
  const map = targets(copy);
  for (const [path, value] of changes) {
    const parts = path.split('.');
    const key = parts[0];
    const t = map.get(key);
    if (!t) {
      const near = nearest(key, [...map.keys()]);
      throw new UsageError(`${where}: ${path}: no card, Rev-9 or character "${key}"${near ? ` (did you mean "${near}"?)` : ''}`);
    }
    if (!Number.isInteger(value) || value < 0 || value > 99) throw new UsageError(`${where}: ${path}=${value}: expected a whole number in 0..99`);
    const fail = (what: string, choices: readonly string[]) => {
      const near = nearest(parts.slice(1).join('.'), choices);
      return new UsageError(`${where}: ${path}: ${what}${near ? ` (did you mean "${key}.${near}"?)` : ''}`);
    };
    if (t.kind === 'wounds') {
      if (parts[1] !== 'count' || parts.length !== 2) throw fail('the wound deck has one field, count', ['count']);
      copy.wounds.count = value;
    } else if (t.kind === 'rev9') {
      if (parts.length !== 2 || !(REV9_FIELDS as readonly string[]).includes(parts[1])) throw fail(`unknown Rev-9 field; expected one of ${REV9_FIELDS.join(', ')}`, REV9_FIELDS);
      (t.r as unknown as Record<string, number>)[parts[1]] = value;
    } else if (t.kind === 'character') {
      if (parts.length !== 3 || parts[1] !== 'power') throw fail('a character has power.<effect> fields', (t.ch.power ?? []).flatMap((e) => (typeof e === 'string' ? [] : Object.keys(e).map((k) => `power.${k}`))));
      setEffect(t.ch.power ?? [], parts[2], value, () => fail(`no effect ${parts[2]} in its power`, []));
    } else if (parts.length === 2) {
      if (!(CARD_FIELDS as readonly string[]).includes(parts[1])) throw fail(`unknown card field; expected one of ${CARD_FIELDS.join(', ')} or <section>.<effect>`, CARD_FIELDS);
      (t.card as Record<string, unknown>)[parts[1]] = value;
    } else {
      const sec = parts[1] as (typeof SECTIONS)[number];
      if (!(SECTIONS as readonly string[]).includes(sec)) throw fail(`unknown section ${parts[1]}; expected one of ${SECTIONS.join(', ')}`, SECTIONS);
      const list = t.card[sec];
      setEffect(list ?? [], parts[2], value, () => fail(`the card has no ${parts[2]} amount in ${sec}`, (list ?? []).flatMap((e) => (typeof e === 'string' ? [] : Object.keys(e).map((k) => `${sec}.${k}`)))));
    }
  }
  return validateCardDoc(copy, `${where} (${changes.map(([p, v]) => `${p}=${v}`).join('; ')})`);
}

function setEffect(list: (string | Record<string, number>)[], name: string, value: number, fail: () => Error): void {
  for (const e of list) {
    if (typeof e !== 'string' && name in e) {
      e[name] = value;
      return;
    }
  }
  throw fail();
}
