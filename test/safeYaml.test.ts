// parseYamlSafely (src/core/safeYaml.ts): the shared checks behind every data-file loader — core
// schema, unique keys, no custom tags, bounded size/nesting/aliases, no prototype keys — each
// failing with one UsageError naming the file and the key path; plus a seeded fuzz law.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/usageError.js';
import { MAX_YAML_DEPTH, parseYamlSafely } from '../src/core/safeYaml.js';

const F = 'dir/file.yaml';
/** Only null, booleans, numbers, strings, arrays and plain objects. */
const isPlain = (v: unknown): boolean =>
  v === null || ['boolean', 'number', 'string'].includes(typeof v) || (Array.isArray(v) ? v.every(isPlain) : typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && Object.values(v as object).every(isPlain));
const fails = (text: string, ...fragments: (string | RegExp)[]) => {
  let err: unknown;
  try {
    parseYamlSafely(text, F);
  } catch (e) {
    err = e;
  }
  expect(err, text).toBeInstanceOf(UsageError);
  const msg = (err as Error).message;
  expect(msg.startsWith(`${F}: `), msg).toBe(true);
  expect(msg.split('\n')).toHaveLength(1);
  for (const f of fragments) expect(msg).toMatch(f);
};

describe('parseYamlSafely', () => {
  it('returns plain maps, lists and scalars', () => {
    expect(parseYamlSafely('a: 1\nb: [x, true, null, 2.5]\nc: {d: "e"}\n', F)).toEqual({ a: 1, b: ['x', true, null, 2.5], c: { d: 'e' } });
    expect(parseYamlSafely('', F)).toBeNull();
  });
  it('refuses __proto__, constructor and prototype keys anywhere, naming the key path', () => {
    fails('__proto__: {polluted: 1}\n', '__proto__: key not allowed');
    fails('a:\n  b:\n    - constructor: 1\n', 'a.b[0].constructor: key not allowed');
    fails('x: [{prototype: 1}]\n', 'x[0].prototype');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('duplicate keys, custom and non-core tags, broken YAML are errors', () => {
    fails('a: 1\na: 2\n', 'not valid YAML', /unique|duplicate/i);
    fails('a: !foo 1\n', 'not valid YAML');
    fails('a: !!binary aGk=\n', 'a: unsupported value');
    fails('a: !!set {x, y}\n', /a: unsupported value|not valid YAML/);
    fails('a: [1, 2\n', 'not valid YAML');
    // A second document would be dropped without a word: refused, even when it is itself broken.
    fails('a: 1\n---\nb: 2\n', 'not valid YAML at line 2, column 1: a second document starts here (---); a file holds one: remove it, or split the file');
    fails('a: 1\n---\nx: [bad\n', 'a second document starts here');
    expect(parseYamlSafely('---\na: 1\n...\n', F)).toEqual({ a: 1 });
  });
  it('bounds size, nesting and alias expansion', () => {
    fails('a: ' + 'x'.repeat((1 << 20) + 1) + '\n', 'larger than');
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(() => parseYamlSafely(`a: ${deep(MAX_YAML_DEPTH - 1)}\n`, F)).not.toThrow();
    fails(`a: ${deep(MAX_YAML_DEPTH + 1)}\n`, 'nested deeper than 8 levels', 'a[0][0]');
    fails(deep(100_000), /not valid YAML|nested deeper/);
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    fails(laughs, 'not valid YAML');
  });
  it('law: any text gives a plain value or one UsageError naming the file (seeded)', () => {
    const nasty = fc.constantFrom('__proto__: 1', 'constructor: {}', 'a: !!binary aGk=', 'a: !x 1', '&a [*a]', '*nope', 'a: 1\na: 2', '[[[[[[[[[[[1]]]]]]]]]]', '? [a]\n: b', '\t- x', '%YAML 1.1\n---\na: 1', '---\na: 1\n---\nb: 2');
    const text = fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue({ maxDepth: 12 }).map((v) => stringify(v)), fc.tuple(fc.jsonValue({ maxDepth: 4 }).map((v) => stringify(v)), nasty).map(([a, b]) => `${b}\n${a}`));
    fc.assert(
      fc.property(text, (t) => {
        try {
          const v = parseYamlSafely(t, F);
          expect(isPlain(v ?? null)).toBe(true);
        } catch (e) {
          expect(e).toBeInstanceOf(UsageError);
          expect((e as Error).message.startsWith(`${F}: `)).toBe(true);
        }
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});
