// The parsed-YAML cache (src/core/parsedYamlCache.ts): a shipped file's text comes back as the
// value stored for it; any other text, a value JSON would change, and an unreadable entry are
// never served, so a result never depends on the cache.
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { readParsedYaml, storeParsedYaml } from '../src/core/parsedYamlCache.js';
import { parseYamlSafely } from '../src/core/safeYaml.js';
import { tempDir } from './helpers/tempDir.js';

const require = createRequire(import.meta.url);

/** A cache in a fresh folder, whose "shipped" data is one file with `text`. */
function cacheWith(text: string) {
  const shipped = tempDir();
  writeFileSync(join(shipped, 'data.yaml'), text);
  return { dir: join(tempDir(), 'cache'), shipped };
}

describe('parsed-YAML cache', () => {
  it('serves a shipped text the value stored for it, per nesting limit', () => {
    const text = 'cards:\n  - {name: Pistol, fight: 3}  # [assumed]\n  - {name: Truck, count: 2}\n';
    const dirs = cacheWith(text);
    const value = parseYamlSafely(text, 'data.yaml');
    expect(readParsedYaml(text, 8, dirs)).toBeUndefined();
    expect(storeParsedYaml(text, 8, value, dirs)).toBe(true);
    expect(readParsedYaml(text, 8, dirs)).toEqual(value);
    // Another limit is another entry.
    expect(readParsedYaml(text, 7, dirs)).toBeUndefined();
  });

  it('never stores a text no shipped file has, nor a value JSON would change', () => {
    const dirs = cacheWith('a: 1\n');
    expect(storeParsedYaml('a: 2\n', 8, { a: 2 }, dirs)).toBe(false);
    expect(readParsedYaml('a: 2\n', 8, dirs)).toBeUndefined();
    // -0, NaN and infinities do not survive JSON: such a file is always parsed.
    for (const [text, value] of [['x: -0\n', { x: -0 }], ['x: .nan\n', { x: NaN }], ['x: .inf\n', { x: Infinity }]] as const) {
      const d = cacheWith(text);
      expect(parseYamlSafely(text, 'f.yaml')).toEqual(value);
      expect(storeParsedYaml(text, 8, value, d), text).toBe(false);
    }
  });

  it('a planted entry is never served for a text no shipped file has, nor once the shipped file changed, nor when others can write it', () => {
    const text = 'a: 1\n';
    const dirs = cacheWith(text);
    expect(storeParsedYaml(text, 8, { a: 1 }, dirs)).toBe(true);
    const [entry] = readdirSync(dirs.dir);
    // The same entry content under the name another text would have: that text is not shipped.
    const other = 'a: 2\n';
    const { createHash } = require('node:crypto') as typeof import('node:crypto');
    const name = (t: string) => `${createHash('sha256').update(`sim-yaml-cache 3\nyaml ${(require('yaml/package.json') as { version: string }).version}\ndepth 8\n${t}`).digest('hex')}.json`;
    expect(name(text)).toBe(entry);
    writeFileSync(join(dirs.dir, name(other)), JSON.stringify({ source: 'data.yaml', value: { a: 999 } }));
    expect(readParsedYaml(other, 8, dirs)).toBeUndefined();
    // The shipped file edited after the entry was stored: the entry is stale, not served.
    writeFileSync(join(dirs.shipped, 'data.yaml'), 'a: 3\n');
    expect(readParsedYaml(text, 8, dirs)).toBeUndefined();
    writeFileSync(join(dirs.shipped, 'data.yaml'), text);
    expect(readParsedYaml(text, 8, dirs)).toEqual({ a: 1 });
    // An entry others can write is not read.
    chmodSync(join(dirs.dir, entry), 0o666);
    expect(readParsedYaml(text, 8, dirs)).toBeUndefined();
  });

  it('an entry that cannot be read is no entry; a cache folder that cannot be made is no cache', () => {
    const text = 'a: [1, 2]\n';
    const dirs = cacheWith(text);
    expect(storeParsedYaml(text, 8, { a: [1, 2] }, dirs)).toBe(true);
    const [entry] = readdirSync(dirs.dir);
    writeFileSync(join(dirs.dir, entry), '{"a": [1, ');
    expect(readParsedYaml(text, 8, dirs)).toBeUndefined();
    // The cache folder's place is a file: nothing is stored, nothing throws.
    const blocked = { dir: join(dirs.shipped, 'data.yaml', 'cache'), shipped: dirs.shipped };
    expect(storeParsedYaml(text, 8, { a: [1, 2] }, blocked)).toBe(false);
  });

  it('a shipped data file comes back from the cache as the YAML library parses it', () => {
    for (const file of [join('scenarios', 'darkfate', 'cards.yaml'), join('scenarios', 'terror', 'data.yaml')]) {
      const text = readFileSync(file, 'utf8');
      const fresh = parseDocument(text, { schema: 'core', uniqueKeys: true }).toJS() as unknown;
      const dirs = { dir: join(tempDir(), 'cache'), shipped: 'scenarios' };
      expect(storeParsedYaml(text, 8, fresh, dirs), file).toBe(true);
      expect(readParsedYaml(text, 8, dirs), file).toEqual(fresh);
      // What a command gets, from the package's own cache or not.
      expect(parseYamlSafely(text, file), file).toEqual(fresh);
    }
  });
});
