import { readFileSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseSetOptions } from '../src/core/scenarioFile.js';
import { resolveParams } from '../src/core/params.js';
import { UsageError } from '../src/core/usageError.js';
import { DICE_PARAMS } from '../src/games/dice/diceParams.js';
import { deterministicJson, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

describe('scenario files: parsing and validation', () => {
  const bad: [string, RegExp][] = [
    ['game: dice\nparams: {count: 3}\nextra: 1\n', /f\.yaml: .*extra|f\.yaml: extra/],
    ['params: {count: 3}\n', /^f\.yaml: game: missing field "game"$/],
    // A data file given as a scenario is named as what it is, with where it goes.
    ['side: resistance\ndrawDeck: []\n', /^f\.yaml: a CCG deck file, not a scenario \(no "game:"\): check it with `sim tccg deck f\.yaml`/],
    ['units:\n  - {name: x}\n', /^f\.yaml: a units file, not a scenario \(no "game:"\): name it with --set units=f\.yaml/],
    ['game: 7\n', /^f\.yaml: game: expected string, got 7$/],
    ['game: dice\nrun: {n: -5}\n', /^f\.yaml: run\.n: expected >=1, got -5$/],
    ['game: dice\nrun: {sed: 5}\n', /^f\.yaml: run\.sed: unknown field "sed" \(did you mean "seed"\?\); expected n, seed, method, policy$/],
    ['game: dice\nparam: {count: 3}\n', /^f\.yaml: param: unknown field "param" \(did you mean "params"\?\); expected game, description, params, run$/],
    ['game: dice\nrun: {seed: 1.5}\n', /f\.yaml: run\.seed/],
    ['game: dice\nparams: {__proto__: {x: 1}}\n', /__proto__: key not allowed/],
    ['game: dice\nparams:\n  constructor: 1\n', /constructor: key not allowed/],
    ['game: [unclosed\n', /not valid YAML/],
    ['- a\n- b\n', /expected a mapping/],
    ['game: dice\nparams: [1, 2]\n', /^f\.yaml: params: expected a mapping of parameter: value, got a list$/],
    ['game: dice\na: 1\n---\ngame: dice\n', /a second document starts here/],
    ['game: dice\ngame: dice\n', /not valid YAML/],
    [`game: dice\nparams: ${'{a: '.repeat(12)}1${'}'.repeat(12)}\n`, /nested deeper/],
  ];
  for (const [text, pattern] of bad) {
    it(`rejects ${JSON.stringify(text.slice(0, 40))}`, () => {
      expect(() => parseScenario(text, 'f.yaml')).toThrow(UsageError);
      expect(() => parseScenario(text, 'f.yaml')).toThrow(pattern);
    });
  }
  it('reads run.n and run.seed as -n and --seed do (1_000, 1e3, quoted)', () => {
    expect(parseScenario('game: dice\nrun: {n: 1_000, seed: "7"}\n', 'f.yaml').run).toEqual({ n: 1000, seed: 7 });
    expect(parseScenario('game: dice\nrun: {n: 1e3}\n', 'f.yaml').run).toEqual({ n: 1000 });
  });
  it('flattens nested params to dotted keys', () => {
    const doc = parseScenario('game: genisys attack\nparams:\n  cover:\n    save: 3\n  rof: 2\n', 'f.yaml');
    expect(doc.params).toEqual({ 'cover.save': 3, rof: 2 });
  });
  it('unknown parameter → the nearest valid name; wrong type → key path and what is allowed', () => {
    expect(() => resolveParams(DICE_PARAMS, { sidez: 6 }, (k) => `f.yaml: params.${k}`)).toThrow(/f\.yaml: params\.sidez: unknown parameter "sidez" \(did you mean "sides"\?\)/);
    expect(() => resolveParams(DICE_PARAMS, { sides: 'six' }, (k) => `f.yaml: params.${k}`)).toThrow(/f\.yaml: params\.sides: got "six", expected an integer in \[2, 1000\]/);
    expect(() => resolveParams(DICE_PARAMS, { sides: 1 }, (k) => `f.yaml: params.${k}`)).toThrow(/\[2, 1000\]/);
  });
  it('--set needs key=value, each key once', () => {
    expect(parseSetOptions(['a=1', 'b = x'])).toEqual({ a: '1', b: 'x' });
    expect(() => parseSetOptions(['a=1', 'b = x', 'a=2'])).toThrow(/option --set a: given twice \(1 and 2\)/);
    expect(() => parseSetOptions(['novalue'])).toThrow(/expected key=value/);
  });
  it('fuzz: random and mutated documents give a UsageError or a valid document, never a crash', () => {
    const valid = readFileSync('scenarios/dice/default.yaml', 'utf8');
    const mutated = fc.tuple(fc.nat(valid.length), fc.nat(20), fc.string()).map(([at, del, ins]) => valid.slice(0, at) + ins + valid.slice(at + del));
    fc.assert(
      fc.property(fc.oneof(fc.string(), mutated, fc.jsonValue().map((v) => JSON.stringify(v))), (text) => {
        try {
          const doc = parseScenario(text, 'fuzz.yaml');
          expect(typeof doc.game).toBe('string');
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
          expect((err as Error).message.startsWith('fuzz.yaml')).toBe(true);
        }
      }),
      { numRuns: 500, seed: 42 },
    );
  });
});

describe('sim run / params / --set precedence (real CLI)', () => {
  it('runs a scenario file; --set or an explicit option beats the scenario; both for one parameter are refused', () => {
    const base = runCli(['run', 'scenarios/dice/default.yaml', '--format', 'json', '-n', '1000']);
    expect(base.code).toBe(0);
    const j = JSON.parse(base.stdout);
    expect(j.params.target).toBe(5);
    expect(j.seed).toBe(1); // from the scenario's run block
    expect(j.rerun).toEqual({ game: 'dice', params: { count: 3, sides: 6, target: 5 }, seed: 1, n: 1000 });
    const set = runCli(['run', 'scenarios/dice/default.yaml', '--set', 'target=6', '--format', 'json', '-n', '1000']);
    expect(JSON.parse(set.stdout).params.target).toBe(6);
    const explicit = runCli(['dice', '--scenario', 'scenarios/dice/default.yaml', '--target', '4', '--format', 'json', '-n', '1000']);
    expect(JSON.parse(explicit.stdout).params.target).toBe(4);
    const both = runCli(['dice', '--scenario', 'scenarios/dice/default.yaml', '--set', 'target=6', '--target', '4', '--format', 'json', '-n', '1000']);
    expect([both.code, both.stdout]).toEqual([2, '']);
    expect(both.stderr).toMatch(/parameter target given twice: --target 4 and --set target=6; give it once/);
  });
  it("the report names its scenario file with the file's description, and the parameters the command line changed over it (table, JSON, HTML)", async () => {
    const file = 'scenarios/dice/easier-4plus.yaml';
    const description = parseScenario(readFileSync(file, 'utf8'), file).description!;
    expect(description).toBe('3d6, success on 4+');
    const plain = runCli(['run', file, '-n', '1000', '-q']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout.split('\n').slice(0, 4)).toContain(`scenario: ${file} (${description})`);
    const json = JSON.parse(runCli(['run', file, '-n', '1000', '-q', '--format', 'json']).stdout);
    expect(json.scenario).toEqual({ file, description });
    // --set and an option over the scenario: the description may no longer hold, so the header says what changed.
    const changed = runCli(['dice', '--scenario', file, '--set', 'target=6', '--count', '2', '-n', '1000', '-q', '--format', 'json']);
    expect(changed.code, changed.stderr).toBe(0);
    const cj = JSON.parse(changed.stdout);
    expect(cj.scenario).toEqual({ file, description, changed: expect.arrayContaining(['target', 'count']) });
    expect(cj.scenario.changed).toHaveLength(2);
    const { headerLines } = await import('../src/report/report.js');
    expect(headerLines(cj, 200)).toContain(`scenario: ${file} (${description}); the command line changed ${cj.scenario.changed.join(', ')}`);
    const html = runCli(['dice', '--scenario', file, '-n', '1000', '-q', '--format', 'html']).stdout;
    expect(html).toContain(`<p class="facts">scenario: ${file} (${description})</p>`);
    // Without a scenario, no scenario line; a saved report keeps it (its schema knows the field) and refuses one without a file.
    const none = JSON.parse(runCli(['dice', '-n', '1000', '-q', '--format', 'json']).stdout);
    expect(none.scenario).toBeUndefined();
    const dir = tempDir('sim-scenario-');
    const saved = join(dir, 'r.json');
    writeFileSync(saved, JSON.stringify(json));
    const shown = runCli(['report', saved, '--format', 'table']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`scenario: ${file} (${description})`);
    writeFileSync(saved, JSON.stringify({ ...json, scenario: { description } }));
    const refused = runCli(['report', saved, '--format', 'table']);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('scenario.file: missing')]);
    // A value the command line gives that the scenario already has changes nothing: not listed.
    const same = JSON.parse(runCli(['dice', '--scenario', file, '--set', 'target=4', '--count', '2', '-n', '1000', '-q', '--format', 'json']).stdout);
    expect(same.scenario.changed).toEqual(['count']);
    // A description written as a YAML block is shown on one line.
    const block = join(dir, 'block.yaml');
    writeFileSync(block, 'game: dice\ndescription: |\n  two lines\n  of text\nparams: {target: 4}\n');
    expect(JSON.parse(runCli(['run', block, '-n', '100', '-q', '--format', 'json']).stdout).scenario).toEqual({ file: block, description: 'two lines of text' });
  });

  it("an exact run says its scenario's run block (n, seed) goes unused; a Monte Carlo run of it does not", () => {
    const line = "The scenario's run block (n 1,000,000, seed 1) is for a Monte Carlo run (--set method=mc): this exact run plays no games and draws no random numbers.";
    for (const args of [['run', 'scenarios/genisys/default.yaml'], ['genisys', 'attack', '--scenario', 'scenarios/genisys/default.yaml']]) {
      expect(JSON.parse(runCli([...args, '--format', 'json']).stdout).notes, args.join(' ')).toContain(line);
    }
    expect(JSON.parse(runCli(['run', 'scenarios/genisys/default.yaml', '--set', 'method=mc', '-n', '50', '-j', '1', '-q', '--format', 'json']).stdout).notes).not.toContain(line);
    expect(JSON.parse(runCli(['genisys', 'attack', '--format', 'json']).stdout).notes.join('\n')).not.toMatch(/run block/);
  });
  it('a sharded run merges to the whole run, its scenario line included', () => {
    const dir = tempDir('sim-scenario-');
    const file = 'scenarios/dice/easier-4plus.yaml';
    const whole = runCli(['run', file, '-n', '2000', '--seed', '3', '-q', '--format', 'json', '-j', '1']);
    const parts = [1, 2].map((k) => join(dir, `part-${k}.json`));
    for (const [i, part] of parts.entries()) expect(runCli(['run', file, '-n', '2000', '--seed', '3', '-q', '-j', '1', '--shard', `${i + 1}/2`, '--out', part]).code).toBe(0);
    const merged = runCli(['merge', ...parts, '--format', 'json', '-q']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(merged.stdout).scenario).toEqual(JSON.parse(whole.stdout).scenario);
    expect(deterministicJson(merged.stdout)).toEqual(deterministicJson(whole.stdout));
  });
  it('precedence holds across the two spellings of a card value: --set data.cards.X over a scenario\'s card.X; both in one source are refused', () => {
    const dir = tempDir('sim-scen-alias-');
    const file = join(dir, 'sc.yaml');
    writeFileSync(file, 'game: darkfate\nparams:\n  card.pistol.fight: 5\nrun: {n: 50, seed: 1}\n');
    const j = (args: string[]) => JSON.parse(runCli([...args, '-j', '1', '-q', '--format', 'json']).stdout);
    const over = j(['run', file, '--set', 'data.cards.pistol.fight=6']);
    expect(Object.entries(over.rerun.params).filter(([k]) => k.includes('pistol'))).toEqual([['data.cards.pistol.fight', 6]]);
    expect(over.result).toEqual(j(['darkfate', '-n', '50', '--seed', '1', '--set', 'card.pistol.fight=6']).result);
    expect(runCli(['darkfate', '--set', 'card.pistol.fight=6', '--set', 'data.cards.pistol.fight=7', '-n', '5']).stderr).toMatch(/two spellings of pistol\.fight\); give one of them/);
    // An axis of one spelling beside a --set of the other would drop the --set silently: refused.
    expect(runCli(['sweep', 'darkfate', '--grid', 'card.pistol.fight=1,2', '--set', 'data.cards.pistol.fight=6', '-n', '5']).stderr).toMatch(/^sim: option --set data\.cards\.pistol\.fight: the same value as the --grid axis card\.pistol\.fight \(another spelling\)/);
    expect(runCli(['tune', 'darkfate', '--vary', 'card.pistol.fight=1|2', '--set', 'data.cards.pistol.fight=6', '--target', 'win=0.5', '-n', '5']).stderr).toMatch(/^sim: option --set data\.cards\.pistol\.fight: the same value as the --vary parameter card\.pistol\.fight \(another spelling\)/);
    // sensitivity's baseline is the value under either spelling.
    const sens = JSON.parse(runCli(['sensitivity', 'darkfate', '--rev9', 'endoskeleton', '--only', 'card.pistol.fight', '--set', 'data.cards.pistol.fight=6', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(sens.result.effects.map((c: { from: number; to: number }) => [c.from, c.to])).toEqual([[6, 5], [6, 7]]);
  });
  it("a scenario's value the command line makes idle (its search budget once --policy greedy replaces its search) is no question asked: the run goes on; the file alone is still judged", () => {
    const dir = tempDir('sim-scen-idle-');
    const file = join(dir, 'ov.yaml');
    writeFileSync(file, 'game: darkfate\nparams: {policy: search, searchRollouts: 64}\nrun: {n: 5, seed: 1}\n');
    for (const extra of [['darkfate', '--scenario', file, '--policy', 'greedy'], ['run', file, '--set', 'policy=planner']]) expect(runCli([...extra, '-j', '1', '-q']).code, extra.join(' ')).toBe(0);
    // Given on the command line, it is a question: refused.
    expect(runCli(['darkfate', '--scenario', file, '--policy', 'greedy', '--set', 'searchRollouts=32', '-j', '1', '-q']).stderr).toMatch(/^sim: option --set searchRollouts: has no effect here/);
    writeFileSync(file, 'game: darkfate\nparams: {policy: planner, searchRollouts: 64}\n');
    // The scenario alone is read as the resolver reads it: a quoted "true" is true, so its contest is no mistake of its own.
    const quoted = join(dir, 'q.yaml');
    writeFileSync(quoted, 'game: genisys attack\nparams: {defenderTdd: contest, tdd: "true"}\n');
    expect(runCli(['genisys', 'attack', '--scenario', quoted, '--no-tdd', '-q']).code).toBe(0);
    // The scenario's own mistake, whatever unrelated option comes with it.
    for (const extra of [['run', file], ['run', file, '--set', 'handSize=6'], ['darkfate', '--scenario', file, '--rev9', 'endoskeleton']]) {
      expect(runCli([...extra, '-n', '5', '-j', '1', '-q']).stderr, extra.join(' ')).toMatch(/ov\.yaml: params\.searchRollouts: has no effect here/);
    }
  });
  it('unknown key → exit 2 with the nearest name; bad value → exit 2 naming the source', () => {
    const r = runCli(['run', 'scenarios/dice/default.yaml', '--set', 'targt=6']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/option --set targt: unknown parameter "targt" \(did you mean "target"\?\)/);
    const dir = tempDir('sim-');
    const f = join(dir, 'bad.yaml');
    writeFileSync(f, 'game: dice\nparams:\n  sides: 1\n');
    const b = runCli(['run', f]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain(`${f}: params.sides: got 1, expected an integer in [2, 1000]`);
    writeFileSync(f, 'game: dise\n');
    const g = runCli(['run', f]);
    expect(g.code).toBe(2);
    expect(g.stderr).toMatch(/unknown game "dise" \(did you mean "dice"\?\)/);
    // A game of several modes lists every one of them; a mode that does not exist is suggested from them.
    const listed = runCli(['params', 'genisys', '--format', 'json']);
    expect(listed.code).toBe(0);
    expect(new Set(JSON.parse(listed.stdout).result.map((r: { game: string }) => r.game))).toEqual(new Set(['genisys attack', 'genisys fireteam', 'genisys skirmish']));
    expect(runCli(['params', 'genisys', 'attak']).stderr).toMatch(/^sim: argument game: unknown game "genisys attak" \(did you mean one of "genisys attack", "genisys fireteam", "genisys skirmish"\?\)/);
    const both = runCli(['compare', 'dualfates', '--set', 'value=8']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^sim: argument a: unknown game "dualfates" \(did you mean one of "dualfates attack", "dualfates pillars", "dualfates match", "dualfates control"\?\)/);
    // Names of JavaScript's own object keys are unknown games like any other (they were a raw TypeError, exit 1).
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty']) {
      const r = runCli(['params', name]);
      expect([r.code, r.stderr], name).toEqual([2, expect.stringMatching(new RegExp(`^sim: argument game: unknown game "${name}"`))]);
    }
  });
  it('sim params lists every parameter with default and source', () => {
    const r = runCli(['params', 'dice', '--format', 'json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout).result;
    expect(rows.map((x: { key: string }) => x.key)).toEqual(['count', 'sides', 'target']);
    expect(rows[0]).toMatchObject({ default: '3', allowed: 'an integer in [1, 1000]' });
    // Every game: one table per game, each within 100 columns; the JSON rows name their game.
    const all = runCli(['params']);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/Parameters of darkfate/);
    expect(all.stdout).toMatch(/Parameters of dice/);
    expect(Math.max(...all.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    const json = JSON.parse(runCli(['params', '--format', 'json']).stdout).result;
    expect(new Set(json.map((x: { game: string }) => x.game)).size).toBeGreaterThanOrEqual(5);
    // As CSV: one table whose rows say their game.
    const csv = runCli(['params', '--format', 'csv']).stdout.trim().split('\n');
    expect(csv[0]).toBe('game,key,default,allowed,doc,source,sensitivity');
    expect(csv.filter((l) => l === '')).toEqual([]);
    expect(csv[1]).toMatch(/^dice,count,3,/);
    expect(csv.some((l) => /^darkfate,rev9,endoskeleton,/.test(l))).toBe(true);
  });
});

describe('fuzz through the real CLI', () => {
  it('mutated scenario documents: exit 2 with one message line, or a valid run — never a crash trace', () => {
    const sources = ['scenarios/dice/default.yaml', 'scenarios/genisys/default.yaml'].map((f) => readFileSync(f, 'utf8'));
    const dir = tempDir('sim-fuzz-');
    const docs = fc.sample(
      fc.tuple(fc.constantFrom(...sources), fc.nat(400), fc.nat(12), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__: 1\n', 'constructor:\n', '{', ': :', '\t', '- x\n', 'game: dice\n', 'params: 7\n', 'run: {n: 0}\n'))),
      { numRuns: 14, seed: 7 },
    ).map(([src, at, del, ins]) => src.slice(0, at % (src.length + 1)) + ins + src.slice((at % (src.length + 1)) + del));
    docs.forEach((text, i) => {
      const f = join(dir, `doc${i}.yaml`);
      writeFileSync(f, text);
      const r = runCli(['run', f, '-n', '200', '-q', '-j', '1', '--format', 'json']);
      expect([0, 2], `${text}\n→ ${r.stderr}`).toContain(r.code);
      if (r.code === 2) {
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(r.stdout).toBe('');
      } else expect(JSON.parse(r.stdout).tool).toBe('sim');
    });
  }, 60_000);
});

describe('parameters a mode\'s data adds (extraParams)', () => {
  it('resolve after the fixed ones, against the data those name; appear only when given; unknown keys name the nearest of both', async () => {
    const { resolveSourceParams } = await import('../src/core/params.js');
    const source = {
      params: [{ key: 'deck', type: 'enum' as const, choices: ['small', 'big'], default: 'small', doc: 'deck', source: 'test' }],
      extraParams: (fixed: Record<string, unknown>) => [{ key: 'card.ace.value', type: 'int' as const, default: fixed.deck === 'big' ? 11 : 1, min: 0, max: 20, doc: 'ace', source: 'test data' }],
    };
    const where = (k: string) => `option --set ${k}`;
    expect(resolveSourceParams(source, {}, where)).toEqual({ deck: 'small' });
    expect(resolveSourceParams(source, { deck: 'big', 'card.ace.value': '7' }, where)).toEqual({ deck: 'big', 'card.ace.value': 7 });
    expect(() => resolveSourceParams(source, { 'card.ace.value': 21 }, where)).toThrow(/option --set card.ace.value: got 21, expected an integer in \[0, 20\]/);
    expect(() => resolveSourceParams(source, { 'card.ace.valeu': 3 }, where)).toThrow(/unknown parameter "card.ace.valeu" \(did you mean "card.ace.value"\?\)/);
  });
});
