// Every value of a game's data file as a parameter: `data.<path>` names one number or true/false of
// the parsed file (map keys by name; a list item by the slug of its `name`, `id` or `key`, else its
// index), so `--set data.finalGirl.health=5`, a scenario's params, a sweep's --grid and compare reach
// it like any rule constant. The game applies the given values to the parsed file before it
// validates it, so a value out of its range fails with the file's own message.
import type { ParamSpec, ParamValue } from './params.js';
import { nearest } from './params.js';
import { UsageError } from './usageError.js';

/** The prefix of data-value keys. */
export const DATA_PREFIX = 'data.';

/** "T-800 Infiltrator" → "t-800-infiltrator": how a list item is named in a path. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The path segment of list item `item` at `index`: the slug of its name, id or key, else the index. */
function itemSegment(item: unknown, index: number): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    for (const field of ['name', 'id', 'key'] as const) {
      const v = (item as Record<string, unknown>)[field];
      if (typeof v === 'string' && slugOf(v) !== '') return slugOf(v);
    }
  }
  return String(index);
}

/** The path segments of a list's items: each item's segment, a repeat made unique with "-2", "-3". */
export function listSegments(items: readonly unknown[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item, i) => {
    const seg = itemSegment(item, i);
    const k = (seen.get(seg) ?? 0) + 1;
    seen.set(seg, k);
    return k > 1 ? `${seg}-${k}` : seg;
  });
}

/**
 * Every number and true/false of `raw` by its path under `root` (default "data"; a game of several
 * data files gives each its own, e.g. "data.board"), in document order (a list item's segment made
 * unique with "-2", "-3").
 */
export function dataLeaves(raw: unknown, root = 'data'): Map<string, { value: number | boolean; set: (v: ParamValue) => void }> {
  const out = new Map<string, { value: number | boolean; set: (v: ParamValue) => void }>();
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      const segs = listSegments(node);
      node.forEach((item, i) => {
        const seg = segs[i];
        if (typeof item === 'number' || typeof item === 'boolean') out.set(`${path}.${seg}`, { value: item, set: (v) => (node[i] = v) });
        else walk(item, `${path}.${seg}`);
      });
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (typeof v === 'number' || typeof v === 'boolean') out.set(`${path}.${k}`, { value: v, set: (x) => ((node as Record<string, unknown>)[k] = x) });
        else walk(v, `${path}.${k}`);
      }
    }
  };
  walk(raw, root);
  return out;
}

/** How a data file labels one of its values: the label (rulebook, public, digest, assumed, …) and the file's words. */
export interface DataLabel {
  readonly label: string;
  readonly text: string;
}

/** The label of a value the file says nothing about. */
export const UNLABELLED = 'unlabelled';
/** The label of a field the file does not state: its format's default (a Rev-9 with no regeneration has regen 0). */
export const FORMAT_DEFAULT = 'format default';
/** Labels of values that are not assumptions: stated by a rulebook, a digest or public facts, or absent from the file. */
export const NOT_ASSUMED_LABELS: ReadonlySet<string> = new Set(['rulebook', 'public', 'digest', FORMAT_DEFAULT]);

/** The format's version: a data value, but no assumption. */
const NOT_AN_ASSUMPTION = /^data\.version$/;

/** Whether `sim sensitivity` varies a data value: not another spelling, not the format's version, not one the file states as rulebook, digest or public facts (or does not state). */
export function variesDataValue(spec: Pick<ParamSpec, 'key' | 'alias' | 'label'>): boolean {
  return spec.alias === undefined && !NOT_AN_ASSUMPTION.test(spec.key) && !(spec.label !== undefined && NOT_ASSUMED_LABELS.has(spec.label));
}

/**
 * The parameter specs of a parsed data file's values: `<root>.<path>`, its current value as the
 * default, `source` naming the file (with the file's own words for the value where `labels` has
 * them) and `label` (see DataLabel; "unlabelled" where the file says nothing). Numbers are
 * validated only as numbers here: the file's own validation (after applyDataValues) holds them to
 * their ranges.
 */
export function dataValueSpecs(raw: unknown, file: string, labels?: ReadonlyMap<string, DataLabel>, root = 'data'): ParamSpec[] {
  return [...dataLeaves(raw, root)].map(([key, { value }]) => {
    const l = labels?.get(key);
    const about = { doc: 'a value of the data file', source: l ? `${file}: ${l.text}` : `data: ${file}`, label: l?.label ?? UNLABELLED };
    return typeof value === 'boolean' ? { key, type: 'bool' as const, default: value, ...about } : { key, type: 'number' as const, default: value, ...about };
  });
}

/** The data values among resolved parameters (keys `data.…`, or under `root`). */
export function dataValuesOf(params: Readonly<Record<string, ParamValue>>, root = 'data'): Record<string, ParamValue> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => k.startsWith(`${root}.`)));
}

/**
 * A deep copy of `raw` with `values` set at their paths (under `root`). An unknown path throws
 * UsageError naming the nearest known one. `raw` itself is not changed.
 */
export function applyDataValues<T>(raw: T, values: Readonly<Record<string, ParamValue>>, root = 'data'): T {
  const keys = Object.keys(values);
  if (keys.length === 0) return raw;
  const copy = structuredClone(raw);
  const leaves = dataLeaves(copy, root);
  for (const key of keys) {
    const leaf = leaves.get(key);
    if (!leaf) {
      const near = nearest(key, [...leaves.keys()]);
      throw new UsageError(`parameter ${key}: no such value in the data file${near ? ` (did you mean "${near}"?)` : ''}; see \`sim params\``);
    }
    leaf.set(values[key]);
  }
  return copy;
}

/**
 * Labels from the `source` text of each entry (a card file's `source:` line per card): every
 * number and true/false under an entry that has a `source` is labelled by it — assumed where the
 * source says "assumed" (the CCG's cards.yaml: "numbers are ASSUMED unless the `source` line says
 * otherwise"), else by the word that opens it (rulebook, public, digest), else unlabelled, with the
 * source quoted. Values under no entry with a source are left out.
 */
export function sourceLabels(raw: unknown, root = 'data'): Map<string, DataLabel> {
  const out = new Map<string, DataLabel>();
  const leaves = [...dataLeaves(raw, root).keys()];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      const segs = listSegments(node);
      node.forEach((item, i) => walk(item, `${path}.${segs[i]}`));
    } else if (node && typeof node === 'object') {
      const source = (node as Record<string, unknown>).source;
      if (typeof source === 'string' && source.trim() !== '') {
        const opening = /^\s*(rulebook|public|digest)\b/i.exec(source)?.[1].toLowerCase();
        const label = { label: /\bassumed\b/i.test(source) ? 'assumed' : opening ?? UNLABELLED, text: source };
        for (const k of leaves) if (k.startsWith(`${path}.`)) out.set(k, label);
        return;
      }
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) walk(v, `${path}.${k}`);
    }
  };
  walk(raw, root);
  return out;
}
