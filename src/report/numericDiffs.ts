// The numbers that differ between two JSON values, leaf by leaf: `sim compare` on exact results
// and `sim check` on a rerun use it.

/** Numeric leaves of two JSON values that differ, for exact (non-simulated) comparisons. */
export function numericDiffs(a: unknown, b: unknown, path = ''): { path: string; a: number; b: number }[] {
  // NaN (an unknown value) is absent like null, which is how JSON writes it: a golden's null equals a rerun's NaN.
  const numA = typeof a === 'number' && !Number.isNaN(a);
  const numB = typeof b === 'number' && !Number.isNaN(b);
  if (numA && numB) return a === b ? [] : [{ path: path || '(value)', a: a as number, b: b as number }];
  const objA = a !== null && typeof a === 'object';
  const objB = b !== null && typeof b === 'object';
  // A number on one side only (absent on the other, e.g. a fourth hit with ROF 3): NaN stands for "none".
  if ((numA || numB) && !objA && !objB) return [{ path: path || '(value)', a: numA ? (a as number) : NaN, b: numB ? (b as number) : NaN }];
  if (!objA && !objB) return [];
  const isArray = Array.isArray(objA ? a : b);
  const keysOf = (x: unknown): string[] => (x !== null && typeof x === 'object' ? (Array.isArray(x) ? [...x.keys()].map(String) : Object.keys(x)) : []);
  const keys = [...new Set([...keysOf(a), ...keysOf(b)])];
  const at = (x: unknown, k: string): unknown => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined);
  return keys.flatMap((k) => numericDiffs(at(a, k), at(b, k), isArray ? `${path}[${k}]` : path ? `${path}.${k}` : k));
}
