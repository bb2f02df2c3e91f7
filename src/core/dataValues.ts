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

/** Every number and true/false of `raw` by its path, in document order (a list item's segment made unique with "-2", "-3"). */
export function dataLeaves(raw: unknown): Map<string, { value: number | boolean; set: (v: ParamValue) => void }> {
  const out = new Map<string, { value: number | boolean; set: (v: ParamValue) => void }>();
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      const seen = new Map<string, number>();
      node.forEach((item, i) => {
        let seg = itemSegment(item, i);
        const k = (seen.get(seg) ?? 0) + 1;
        seen.set(seg, k);
        if (k > 1) seg = `${seg}-${k}`;
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
  walk(raw, DATA_PREFIX.slice(0, -1));
  return out;
}

/**
 * The parameter specs of a parsed data file's values: `data.<path>`, its current value as the
 * default, `source` naming the file. Numbers are validated only as numbers here: the file's own
 * validation (after applyDataValues) holds them to their ranges.
 */
export function dataValueSpecs(raw: unknown, file: string): ParamSpec[] {
  return [...dataLeaves(raw)].map(([key, { value }]) =>
    typeof value === 'boolean'
      ? { key, type: 'bool' as const, default: value, doc: 'a value of the data file', source: `data: ${file}` }
      : { key, type: 'number' as const, default: value, doc: 'a value of the data file', source: `data: ${file}` },
  );
}

/** The data values among resolved parameters (keys `data.…`). */
export function dataValuesOf(params: Readonly<Record<string, ParamValue>>): Record<string, ParamValue> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => k.startsWith(DATA_PREFIX)));
}

/**
 * A deep copy of `raw` with `values` set at their paths. An unknown path throws UsageError naming
 * the nearest known one. `raw` itself is not changed.
 */
export function applyDataValues<T>(raw: T, values: Readonly<Record<string, ParamValue>>): T {
  const keys = Object.keys(values);
  if (keys.length === 0) return raw;
  const copy = structuredClone(raw);
  const leaves = dataLeaves(copy);
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
