// fast-check arbitraries for data-loader fuzz tests: a valid YAML document mutated line by line
// (deleted, duplicated, replaced by noise or by a hostile snippet, a value swapped for a random one).
import fc from 'fast-check';

/** Lines that probe the safe parser: prototype keys, tags, aliases, deep nesting, odd syntax. */
export const HOSTILE_LINES = [
  '__proto__: {polluted: 1}',
  '  __proto__: 1',
  'constructor: {}',
  '  prototype: [1]',
  'x: !!binary aGk=',
  'x: !!set {a, b}',
  'x: !custom 1',
  'x: &a [*a]',
  'x: *missing',
  'x: [[[[[[[[[[[[1]]]]]]]]]]]]',
  '? [complex]\n: key',
  '\t- tab',
  '---',
  'x: .nan',
  'x: 1e999',
  '- list item',
  '  - name: ""',
] as const;

/** `base` with 1..4 random line mutations. */
export function mutatedYaml(base: string): fc.Arbitrary<string> {
  const lines = base.split('\n');
  const n = lines.length;
  const op = fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(n - 1) }),
    fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(n - 1) }),
    fc.record({ kind: fc.constant('noise' as const), at: fc.nat(n - 1), text: fc.string({ maxLength: 30 }) }),
    fc.record({ kind: fc.constant('hostile' as const), at: fc.nat(n - 1), text: fc.constantFrom(...HOSTILE_LINES) }),
    fc.record({ kind: fc.constant('value' as const), at: fc.nat(n - 1), text: fc.oneof(fc.integer({ min: -100, max: 100 }).map(String), fc.constantFrom('null', 'true', '[]', '{}', '""', '-1', '999999', 'x', '1.5')) }),
  );
  return fc.array(op, { minLength: 1, maxLength: 4 }).map((ops) => {
    const out = [...lines];
    for (const o of ops) {
      const at = Math.min(o.at, out.length - 1);
      if (at < 0) break;
      if (o.kind === 'delete') out.splice(at, 1);
      else if (o.kind === 'duplicate') out.splice(at, 0, out[at]);
      else if (o.kind === 'noise' || o.kind === 'hostile') out.splice(at, 0, o.text);
      else out[at] = out[at].replace(/:\s+[^#\n]+/, `: ${o.text}`);
    }
    return out.join('\n');
  });
}
