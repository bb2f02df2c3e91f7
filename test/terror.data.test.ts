// The Terror from Destiny data loader (parseTerrorData) on hostile input: random and mutated
// documents give a compiled TerrorData or one UsageError naming the file — never another exception.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/usageError.js';
import { parseTerrorData } from '../src/games/terror/terrorData.js';
import { mutatedYaml } from './helpers/yamlFuzz.js';

const DATA = readFileSync(new URL('../scenarios/terror/data.yaml', import.meta.url), 'utf8');
const FILE = 'my/terror-data.yaml';

function loadsOrUsageError(text: string): void {
  try {
    expect(parseTerrorData(text, FILE).file).toBe(FILE);
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(UsageError);
    expect((e as Error).message.startsWith(`${FILE}: `), (e as Error).message).toBe(true);
    expect((e as Error).message.split('\n')).toHaveLength(1);
  }
}

describe('terror data loader: safety', () => {
  it('the bundled data loads', () => {
    expect(parseTerrorData(DATA, FILE).deathOrders).toHaveLength(3);
  });
  it('the alternative data files load and differ from the bundled data only where they say ([harsh] / [shaped] marks)', () => {
    const base = parseTerrorData(DATA, FILE);
    for (const [name, mark] of [['data-harsh.yaml', '[harsh]'], ['data-shaped.yaml', '[shaped]']] as const) {
      const text = readFileSync(new URL(`../scenarios/terror/${name}`, import.meta.url), 'utf8');
      const alt = parseTerrorData(text, name);
      expect(alt.deathOrders).toHaveLength(3);
      expect(JSON.stringify({ ...alt, file: '' })).not.toBe(JSON.stringify({ ...base, file: '' }));
      // Every line that differs from data.yaml (past the header) carries the file's mark.
      const body = (t: string) => t.split('\n').slice(t.split('\n').indexOf('version: 1'));
      const [was, now] = [body(DATA), body(text)];
      expect(now).toHaveLength(was.length);
      now.forEach((l, i) => {
        if (l !== was[i]) expect(l, `${name}: ${l}`).toContain(mark);
      });
    }
  });
  it('a set-up grid whose reachable sections cannot hold every Fated Victim is refused (rerolls could never end)', () => {
    const small = DATA.replace(
      /    sections:\n(      - .*\n){3}/,
      '    sections:\n      - [[Lake], [Lake], [Lake]]\n      - [[Lake], [Highway Exit], [Campsite]]\n      - [[Town Square], [Lake], [Campsite]]\n',
    );
    expect(small).not.toBe(DATA);
    expect(() => parseTerrorData(small, FILE)).toThrow(/location\.setupGrid\.sections: the sections the rulers reach hold 2 space\(s\) a Fated Victim may take .*5 Fated Victims need 5/);
  });
  it('prototype keys, duplicate keys, tags and deep nesting are refused with the file and key path', () => {
    const bad: [string, string][] = [
      [DATA.replace('finalGirl:\n', 'finalGirl:\n  __proto__: {health: 99}\n'), 'finalGirl.__proto__: key not allowed'],
      [DATA.replace('finalGirl:\n', 'constructor: 1\nfinalGirl:\n'), 'constructor: key not allowed'],
      [DATA.replace('finalGirl:\n', 'finalGirl:\n  health: 3\n'), 'not valid YAML'],
      [DATA.replace('version: 1', 'version: !!binary aGk='), 'version: unsupported value'],
      [DATA.replace('version: 1', 'version: [[[[[[[[[1]]]]]]]]]'), 'nested deeper than 8 levels'],
    ];
    for (const [text, fragment] of bad) {
      expect(() => parseTerrorData(text, FILE)).toThrow(UsageError);
      expect(() => parseTerrorData(text, FILE)).toThrow(`${FILE}: `);
      expect(() => parseTerrorData(text, FILE)).toThrow(fragment);
    }
  });
  it('fuzz: mutated and random documents → TerrorData or a UsageError naming the file (seeded)', () => {
    fc.assert(fc.property(mutatedYaml(DATA), loadsOrUsageError), { seed: 42, numRuns: 200 });
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }).map((v) => stringify(v)), loadsOrUsageError), { seed: 42, numRuns: 100 });
  });
});
