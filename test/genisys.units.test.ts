// The Terminator Genisys units loader (parseUnits) on hostile input and the unit picks: random and
// mutated documents give a validated UnitsFile or one UsageError naming the file — never another
// exception; picks only find the file's own entries.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { resolveParams } from '../src/core/params.js';
import { UsageError } from '../src/core/usageError.js';
import { GENISYS_PARAMS, readParams } from '../src/games/genisys/genisysParams.js';
import { applyUnits, parseUnits, unitOverrides } from '../src/games/genisys/units.js';
import { mutatedYaml } from './helpers/yamlFuzz.js';

const UNITS = readFileSync(new URL('../scenarios/genisys/units.yaml', import.meta.url), 'utf8');
const FILE = 'my/units.yaml';

function loadsOrUsageError(text: string): void {
  try {
    const data = parseUnits(text, FILE);
    // A valid file: every pick it offers works or fails with a UsageError naming the file.
    for (const id of Object.keys(data.units)) {
      try {
        unitOverrides(data, { attacker: id, target: id }, FILE);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        expect((e as Error).message).toContain(FILE);
      }
    }
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(UsageError);
    expect((e as Error).message.startsWith(`${FILE}: `), (e as Error).message).toBe(true);
    expect((e as Error).message.split('\n')).toHaveLength(1);
  }
}

describe('genisys units loader: safety', () => {
  it('prototype keys, duplicate keys, tags and deep nesting are refused with the file and key path', () => {
    const bad: [string, string][] = [
      [UNITS.replace('units:\n', 'units:\n  __proto__:\n    name: X\n'), 'units.__proto__: key not allowed'],
      [UNITS.replace('weapons:\n', 'weapons:\n  constructor: {}\n'), 'weapons.constructor: key not allowed'],
      [UNITS.replace('units:\n', 'units:\n  crawler: {}\n'), 'not valid YAML'],
      [UNITS.replace('    rof: 2\n', '    rof: !!binary aGk=\n'), 'weapons.plasma-gun.rof: unsupported value'],
      [UNITS.replace('    special: [slow]\n', '    special: [[[[[[[slow]]]]]]]\n'), 'nested deeper than 8 levels'],
      // Two units a table would show under one name (case and invisible characters aside).
      [UNITS.replace('    name: Crawler\n', '    name: " endo\u200bSKELETON"\n'), 'units.crawler.name: " endo\u200bSKELETON" is also the name of units.endoskeleton'],
      // Compatibility forms fold (NFKC): a fullwidth Ｅ reads as E.
      [UNITS.replace('    name: Crawler\n', '    name: "\uff25ndoskeleton"\n'), 'units.crawler.name: "\uff25ndoskeleton" is also the name of units.endoskeleton'],
    ];
    for (const [text, fragment] of bad) {
      expect(() => parseUnits(text, FILE)).toThrow(UsageError);
      expect(() => parseUnits(text, FILE)).toThrow(`${FILE}: `);
      expect(() => parseUnits(text, FILE)).toThrow(fragment);
    }
  });
  it('picks find only the file\'s own entries: "constructor", "toString", "__proto__" are unknown units listing the valid ones', () => {
    const data = parseUnits(UNITS, FILE);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(() => unitOverrides(data, { target: name }, FILE)).toThrow(/unknown unit .* in my\/units\.yaml; valid: endoskeleton, crawler/);
      expect(() => unitOverrides(data, { weapon: name }, FILE)).toThrow(/unknown weapon .*; valid: plasma-gun/);
    }
  });
  it('applyUnits fills only stats left at auto/0; a given stat wins', () => {
    const resolved = (o: Record<string, unknown>) => resolveParams(GENISYS_PARAMS, o, (k) => k);
    const endo = readParams(applyUnits(resolved({ target: 'endoskeleton' })).params);
    expect([endo.armor, endo.resolution, endo.mindless, endo.illBeBack]).toEqual([8, 'd20', true, true]);
    expect(readParams(applyUnits(resolved({ target: 'endoskeleton', armor: 4 })).params).armor).toBe(4);
    const claws = readParams(applyUnits(resolved({ weapon: 'terminator-claws' })).params);
    expect([claws.range, claws.rof, claws.power, claws.weaponRange]).toEqual(['cc', 1, 'd10', 'cc']);
    expect(readParams(resolved({})).skill).toBe('d8');
    expect(applyUnits(resolved({})).data).toBeNull();
  });
  it('fuzz: mutated and random documents → a UnitsFile or a UsageError naming the file (seeded)', () => {
    fc.assert(fc.property(mutatedYaml(UNITS), loadsOrUsageError), { seed: 42, numRuns: 150 });
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }).map((v) => stringify(v)), loadsOrUsageError), { seed: 42, numRuns: 80 });
    const unitsDoc = fc.dictionary(fc.string({ maxLength: 12 }), fc.record({ name: fc.string({ maxLength: 8 }), armor: fc.integer({ min: -2, max: 25 }), special: fc.constant([]), weapons: fc.array(fc.string({ maxLength: 8 }), { maxLength: 2 }), source: fc.string({ maxLength: 5 }) }, { requiredKeys: [] }));
    fc.assert(fc.property(unitsDoc.map((units) => stringify({ weapons: {}, units })), loadsOrUsageError), { seed: 42, numRuns: 80 });
  });
});
