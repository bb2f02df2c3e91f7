import { describe, expect, it } from 'vitest';
import { printableView } from '../src/core/printable.js';

describe('printableView', () => {
  it('returns a clean document itself (no copy), whatever its nesting', () => {
    const doc = { a: 'text\twith tab\nand newline', b: [1, 'x', { c: null, d: ['é', 2.5] }], e: new Float64Array(3) };
    expect(printableView(doc)).toBe(doc);
  });
  it('replaces a control character wherever it is: a nested value, an array item, a key', () => {
    const inValue = { t: [{ name: 'card\u001b[2J' }] };
    expect(printableView(inValue)).toEqual({ t: [{ name: 'card\ufffd[2J' }] });
    const inArray = { rows: ['ok', ['deep \u009b31m']] };
    expect(printableView(inArray)).toEqual({ rows: ['ok', ['deep \ufffd31m']] });
    const inKey = { outer: { ['k\u0007']: 1 } };
    expect(printableView(inKey)).toEqual({ outer: { ['k\ufffd']: 1 } });
    expect(inValue.t[0].name).toBe('card\u001b[2J'); // the original is not changed
  });
  it('looks at own keys only, as Object.entries does', () => {
    const proto = { ['bad\u001b']: 'x' };
    const doc = Object.create(proto) as Record<string, unknown>;
    doc.fine = 'y';
    expect(printableView(doc)).toBe(doc);
  });
});
