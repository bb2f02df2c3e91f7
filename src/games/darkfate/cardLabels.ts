// How a Dark Fate card file labels each value a card change can set (`pistol.fight`,
// `endoskeleton.hunt`, `attack.activate.woundCurrent`, …), read from its comments
// (scenarios/darkfate/cards.yaml): a value's own line comment ("stagger: 15  # public fact …"), or
// its card's line comment, clause by clause ("name/keywords/discard: rulebook anatomy; count,
// resistance assumed": a clause names the fields it speaks of before its colon, or before
// "assumed"), then the comment after its list's key ("uniques:  # texts not public: assumed").
// A value no comment names takes the file's `assumedNote` ("every value not listed under "known"
// in README.md is an assumption"): assumed. Without a note it is unlabelled.
import { createRequire } from 'node:module';
import type { Node, YAMLMap } from 'yaml';
import type { DataLabel } from '../../core/dataValues.js';
import { cardKey } from './cardChanges.js';

// The YAML library (its document model, for comments) loads when labels are first asked for, not at start-up.
const requireLib = createRequire(import.meta.url);
let yamlLib: typeof import('yaml') | undefined;

const SECTIONS = ['effects', 'activate', 'defense', 'eachTurn', 'power'];

/** The label words of one comment or clause: assumed wins (it says which part is assumed), then public fact, then rulebook. */
function labelWord(text: string): string | null {
  if (/\bassumed\b/i.test(text)) return 'assumed';
  if (/\bpublic\b/i.test(text)) return 'public';
  if (/\brulebook\b/i.test(text)) return 'rulebook';
  return null;
}

/** The fields a clause speaks of: the words before its colon, or before "assumed" ("count, resistance assumed"). */
function clauseFields(clause: string): string[] {
  const head = clause.includes(':') ? clause.slice(0, clause.indexOf(':')) : clause.replace(/\bassumed\b.*$/i, '');
  return head.split(/[\s,/()]+/).filter(Boolean);
}

/** The clause of an entry's comment that names `field` ("count, resistance assumed", "name/keywords/discard: rulebook anatomy"), if any. */
function clauseFor(comment: string, field: string): string | null {
  for (const clause of comment.split(';')) if (clauseFields(clause).includes(field)) return clause.trim();
  return null;
}

/** Card-change paths (cardFields) → how the card file `text` labels them. */
export function cardLabels(text: string): Map<string, DataLabel> {
  const { isMap, isScalar, isSeq, parseDocument } = (yamlLib ??= requireLib('yaml') as typeof import('yaml'));
  const out = new Map<string, DataLabel>();
  const doc = parseDocument(text);
  const root = doc.contents;
  if (!isMap(root)) return out;
  const note = root.get('assumedNote');
  const fallback: DataLabel | null = typeof note === 'string' ? { label: 'assumed', text: note } : null;
  const put = (path: string, label: DataLabel | null) => {
    if (label && !out.has(path)) out.set(path, label);
  };
  /** One entry (a card, a Rev-9, a character, the wounds): its key and every numeric field under it. */
  const entry = (key: string, node: unknown, heading: string | null | undefined) => {
    if (!isMap(node)) return;
    const line = (node as YAMLMap).comment ?? '';
    // A comment none of whose clauses names a field of the entry ("public fact: 1 supply") labels the whole entry.
    const names = new Set(['name', 'text', 'keywords', ...JSON.stringify((node as YAMLMap).toJSON()).match(/"(\w+)":/g)!.map((m) => m.slice(1, -2))]);
    const wide = line !== '' && !line.split(';').some((c) => clauseFields(c).some((w) => names.has(w)));
    for (const pair of (node as YAMLMap).items) {
      const field = String(isScalar(pair.key) ? pair.key.value : pair.key);
      const value = pair.value as Node | null;
      const numbers: { path: string; field: string; own: string | null | undefined }[] = [];
      if (isScalar(value) && typeof value.value === 'number') numbers.push({ path: `${key}.${field}`, field, own: value.comment });
      else if (isSeq(value) && SECTIONS.includes(field)) {
        for (const e of value.items) if (isMap(e)) for (const p of e.items) if (isScalar(p.value) && typeof p.value.value === 'number') numbers.push({ path: `${key}.${field}.${String(isScalar(p.key) ? p.key.value : p.key)}`, field: String(isScalar(p.key) ? p.key.value : p.key), own: p.value.comment });
      }
      for (const n of numbers) {
        const ownWord = n.own ? labelWord(n.own) : null;
        if (ownWord) {
          put(n.path, { label: ownWord, text: n.own!.trim() });
          continue;
        }
        // The entry's comment: the clause naming this field (an effect by its name, or its section: "power assumed").
        const clause = wide ? line : line ? clauseFor(line, n.field) ?? clauseFor(line, field) : null;
        const clauseWord = clause ? labelWord(clause) : null;
        if (clauseWord) {
          put(n.path, { label: clauseWord, text: line.trim() });
          continue;
        }
        const headWord = heading ? labelWord(heading) : null;
        put(n.path, headWord ? { label: headWord, text: heading!.trim() } : fallback);
      }
    }
  };
  const list = (name: string, keyOf: (m: YAMLMap) => string | null) => {
    const pair = root.items.find((p) => isScalar(p.key) && p.key.value === name);
    const seq = pair?.value;
    if (!isSeq(seq)) return;
    for (const item of seq.items) {
      if (!isMap(item)) continue;
      const k = keyOf(item);
      if (k) entry(k, item, null);
    }
  };
  const byName = (m: YAMLMap) => (typeof m.get('name') === 'string' ? cardKey(String(m.get('name'))) : null);
  const byKey = (m: YAMLMap) => (typeof m.get('key') === 'string' ? String(m.get('key')) : null);
  list('fate', byName);
  list('rev9', byKey);
  list('characters', byKey);
  const starter = root.get('starter');
  if (isMap(starter)) {
    for (const part of ['prep', 'setback'] as const) {
      const m = starter.get(part);
      if (isMap(m)) {
        const k = byName(m);
        const pair = starter.items.find((p) => isScalar(p.key) && p.key.value === part);
        if (k) entry(k, m, isScalar(pair?.key) ? pair.key.comment : null);
      }
    }
    const uniquesPair = starter.items.find((p) => isScalar(p.key) && p.key.value === 'uniques');
    const uniques = uniquesPair?.value;
    if (isSeq(uniques)) {
      // The comment after "uniques:" heads the list.
      const heading = (uniques as Node).commentBefore ?? (isScalar(uniquesPair?.key) ? uniquesPair.key.comment : null);
      for (const u of uniques.items) if (isMap(u)) entry(byName(u) ?? '', u, heading);
    }
  }
  const wounds = root.get('wounds');
  if (isMap(wounds)) entry('wounds', wounds, null);
  return out;
}
