// The whole command-line surface, in-process: for every game, every mode and view, every option of
// its option table and every documented value (each enum choice, both booleans in all their
// spellings, the bounds of numbers, each built-in name of a path), the request that reaches the
// mode holds exactly that value. The real program parses the real argv; only the last step (running
// the games) is replaced by a capture. A new parameter with `cli` is covered without a new test.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameModule } from '../src/core/gameModule.js';
import type { ParamSpec, ParamValue } from '../src/core/params.js';
import { registerGame, type ViewRequest } from '../src/cli/gameCommands.js';
import { flagOf, optionTable, type OptionRow } from '../src/cli/optionTable.js';
import { newProgram } from '../src/cli/program.js';
import type { RunRequest } from '../src/cli/resolve.js';
import { runCli } from './helpers/runCli.js';
import { withIo, type CliIo } from '../src/cli/io.js';
import { gameIds, loadGame } from '../src/games/index.js';
import { tempDir } from './helpers/tempDir.js';

const games: GameModule[] = await Promise.all(gameIds({ hidden: true }).map(loadGame));
const scratch = tempDir('sim-options-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A command of the surface: its words, its parameter specs and option rows. */
interface Surface {
  words: string[];
  specs: readonly ParamSpec[];
  rows: OptionRow[];
  /** A positional argument the command needs (a view's file). */
  argument?: string;
  kind: 'mode' | 'view';
  /** Base parameters a view offers no option for (it fixes or replaces them). */
  omit?: readonly string[];
}

function surfaces(): Surface[] {
  const out: Surface[] = [];
  for (const g of games) {
    for (const m of g.modes) out.push({ words: m.name ? [g.id, m.name] : [g.id], specs: m.params, rows: optionTable(m.params), kind: 'mode' });
    for (const v of g.views ?? []) {
      const base = v.baseMode !== undefined ? g.modes.find((m) => m.name === v.baseMode)!.params : [];
      const specs = [...base, ...v.params];
      out.push({ words: [g.id, v.name], specs, rows: optionTable(specs, { help: v.help, omit: v.omit }), argument: v.argument ? 'x.yaml' : undefined, kind: 'view', omit: v.omit });
    }
  }
  return out;
}

const SILENT: CliIo = { stdout: { write: () => true, isTTY: false }, stderr: { write: () => true, isTTY: false } } as unknown as CliIo;

/** Parses `sim <words> <args>` with the real program; returns what reached the mode or view. */
async function parse(s: Surface, args: string[]): Promise<{ run?: RunRequest; view?: ViewRequest; error?: string }> {
  const game = games.find((g) => g.id === s.words[0])!;
  let run: RunRequest | undefined;
  let view: ViewRequest | undefined;
  let error: string | undefined;
  const program = newProgram();
  const stderr: string[] = [];
  program.configureOutput({ writeOut: () => undefined, writeErr: (t) => stderr.push(t), outputError: (t) => stderr.push(t) });
  registerGame(
    program,
    game,
    async (req) => {
      run = req;
    },
    async (req) => {
      view = req;
    },
  );
  const argv = ['node', 'sim', ...s.words, ...(s.argument ? [s.argument] : []), ...args];
  await withIo(SILENT, async () => {
    try {
      await program.parseAsync(argv);
    } catch (e) {
      error = stderr.join('') || (e instanceof Error ? e.message : String(e));
    }
  });
  return { run, view, error };
}

/**
 * Options that act only beside others (a parameter's `inert`): the context each documented value is
 * passed with, so that the value is not refused as having no effect. The test also checks the refusal.
 */
const CONTEXT: Readonly<Record<string, string[]>> = {
  sniper: ['--aimed'],
  defenderTdd: ['--tdd'],
  // A search budget acts only when a side plays the search (otherwise it is refused as inert).
  'tccg game:searchIterations': ['--resistance-policy', 'search'],
  'tccg game:searchDepth': ['--resistance-policy', 'search'],
  'tccg game:searchMargin': ['--resistance-policy', 'search'],
  'dualfates match:searchIterations': ['--policy-a', 'search'],
  'genisys skirmish:searchIterations': ['--policy-a', 'search'],
  'genisys skirmish:searchBot': ['--policy-a', 'search'],
  'genisys skirmish:searchDepth': ['--policy-a', 'search'],
  'genisys skirmish:searchMargin': ['--policy-a', 'search'],
  'dualfates match:searchDepth': ['--policy-a', 'search'],
  'tccg game:searchDecisions': ['--resistance-policy', 'search'],
  'dualfates match:searchDecisions': ['--policy-a', 'search'],
  'genisys skirmish:searchDecisions': ['--policy-a', 'search'],
  'terror:searchDecisions': ['--policy', 'search'],
};

/** Every documented value of a row: the text to pass (null: the flag alone) and the value that must arrive. */
function documentedValues(row: OptionRow): { args: string[]; expected: ParamValue }[] {
  const spec = row.spec;
  const same = (raw: string, expected: ParamValue = raw) => ({ args: [row.flag, raw], expected });
  switch (spec.type) {
    case 'bool':
      return [
        { args: [row.flag], expected: true },
        same('true', true),
        same('false', false),
        same('FALSE', false),
        { args: [row.negate!], expected: false },
      ];
    case 'enum':
      return [...(spec.choices ?? []).map((c) => same(c)), ...(row.negate ? [{ args: [row.negate], expected: 'none' }] : [])];
    case 'int':
    case 'number': {
      const values = [spec.min, spec.max, spec.default as number].filter((v): v is number => v !== undefined && Number.isFinite(v));
      return [...new Set(values)].map((v) => same(String(v), v));
    }
    case 'path':
      return [...(spec.choices ?? []), ...(spec.default !== '' && !(spec.choices ?? []).includes(String(spec.default)) ? [String(spec.default)] : [])].map((c) => same(c));
    case 'string': {
      const samples = [String(spec.default), 'sample-value'].filter((v) => v !== '');
      return samples.map((v) => same(v, row.parse(v) as ParamValue));
    }
  }
}

describe('the option table of every command', () => {
  const all = surfaces();
  it('covers every game, mode and view, and every parameter with cli', () => {
    expect(all.length).toBeGreaterThanOrEqual(16);
    for (const s of all) for (const spec of s.specs) if (spec.cli && !s.rows.some((r) => r.key === spec.key)) expect(s.kind === 'view' && (s.omit ?? []).includes(spec.key), `${s.words.join(' ')}: ${spec.key}`).toBe(true);
  });
  it('derives every flag from its key; no key reads as a negation', () => {
    for (const s of all) {
      for (const r of s.rows) {
        expect(r.flag).toBe(`--${r.key.replace(/\./g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
        expect(r.key).not.toMatch(/^no[A-Z]/);
        expect(r.negate === null).toBe(r.spec.type !== 'bool' && !(r.spec.type === 'enum' && r.spec.choices!.includes('none')));
      }
    }
  });
  it('refuses a key that reads as a negation, and two keys with one flag', () => {
    const spec = (key: string, type: ParamSpec['type'] = 'bool'): ParamSpec => ({ key, type, default: false, doc: 'd', source: 's', cli: {} });
    expect(() => optionTable([spec('noCover')])).toThrow(/negation/);
    expect(() => optionTable([spec('cover.chance', 'number'), spec('coverChance', 'number')])).toThrow(/share the option --cover-chance/);
  });
  for (const s of all) {
    it(`${s.words.join(' ')}: every documented value of every option reaches the ${s.kind}`, async () => {
      for (const row of s.rows) {
        const context = CONTEXT[`${s.words.join(' ')}:${row.key}`] ?? CONTEXT[row.key] ?? [];
        for (const { args, expected } of documentedValues(row)) {
          const r = await parse(s, [...args, ...context]);
          const where = `sim ${s.words.join(' ')} ${[...args, ...context].join(' ')}`;
          expect(r.error, where).toBeUndefined();
          const params = (r.run ?? r.view)!.params;
          expect(params[row.key], where).toEqual(expected);
          // Only that parameter differs from its default (plus what it implies, and its context).
          for (const other of s.specs) {
            if (other.key === row.key || row.spec.implies?.set[other.key] !== undefined || context.includes(flagOf(other.key))) continue;
            expect(params[other.key], `${where}: ${other.key}`).toEqual(other.default);
          }
        }
      }
    });
  }
  it('an option without effect in its context is refused, naming it and why', async () => {
    const attack = all.find((s) => s.words.join(' ') === 'genisys attack')!;
    expect((await parse(attack, ['--sniper'])).error).toMatch(/option --sniper: has no effect here: .*--aimed/);
    expect((await parse(attack, ['--sniper', '--range', 'extreme'])).error).toBeUndefined();
    expect((await parse(attack, ['--sniper', 'false'])).error).toBeUndefined();
    const darkfate = all.find((s) => s.words.join(' ') === 'darkfate')!;
    expect((await parse(darkfate, ['--set', 'searchRollouts=64'])).error).toMatch(/option --set searchRollouts: has no effect here: .*policy is planner/);
    expect((await parse(darkfate, ['--set', 'searchRollouts=64', '--policy', 'search'])).run?.params.searchRollouts).toBe(64);
    // An unknown policy is what is wrong, not a search budget "without effect" under it: the mode's own refusal names the policy.
    for (const [words, args] of [[['terror'], ['--policy', 'nonsense', '--set', 'searchRollouts=2']], [['tccg', 'game'], ['--resistance-policy', 'Search', '--search-iterations', '2']], [['darkfate'], ['--policy', 'Search', '--set', 'searchRollouts=2']]] as const) {
      const r = runCli([...words, ...args, '-n', '5', '-j', '1', '-q']);
      expect(r.code, `${words.join(' ')} ${args.join(' ')}`).toBe(2);
      expect(r.stderr, `${words.join(' ')} ${args.join(' ')}`).toMatch(/(nonsense|Search).*(expected|one of)/);
      expect(r.stderr).not.toMatch(/has no effect here/);
    }
    // rulebook: Optional Rules — the Rev-9 player's hand exists only with the Neural Net Processor; Go On Without Me! alone is every player's death.
    expect((await parse(darkfate, ['--set', 'nnHandSize=3'])).error).toMatch(/option --set nnHandSize: has no effect here: .*--neural-net/);
    expect((await parse(darkfate, ['--set', 'nnHandSize=3', '--neural-net'])).run?.params.nnHandSize).toBe(3);
    expect((await parse(darkfate, ['--go-on-without-me', '--solo'])).error).toMatch(/option --go-on-without-me: has no effect here: with one player/);
    expect((await parse(darkfate, ['--go-on-without-me', '--players', '1'])).error).toMatch(/option --go-on-without-me: has no effect here/);
    expect((await parse(darkfate, ['--go-on-without-me', '--players', '3'])).run?.params.goOnWithoutMe).toBe(true);
    expect((await parse(attack, ['--defender-tdd', 'contest'])).error).toMatch(/option --defender-tdd: has no effect here: .*add --tdd/);
    expect((await parse(attack, ['--defender-tdd', 'none'])).error).toBeUndefined();
    expect((await parse(attack, ['-n', '1000'])).error).toMatch(/option -n: the exact method plays no games/);
    expect((await parse(attack, ['--shard', '1/2'])).error).toMatch(/option --shard: the exact method plays no games/);
    expect((await parse(attack, ['--checkpoint', join(scratch, 'x.json')])).error).toMatch(/option --checkpoint: the exact method plays no games/);
    expect((await parse(attack, ['-n', '1000', '--method', 'mc'])).run?.opts.games).toBe(1000);
    // Its help says so for each of the three (every mode whose method is exact by default).
    for (const mode of [['genisys', 'attack'], ['dualfates', 'attack']]) {
      const help = runCli([...mode, '--help']).stdout.replace(/\s+/g, ' ');
      for (const o of ['-n, --games <N>', '--seed <S>', '--confidence <level>']) expect(help).toMatch(new RegExp(`${o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} [^-]*\\(Monte Carlo only: with --method mc\\)`));
    }
  });
  it('a value outside what the help allows is refused with one sim: line naming the option', async () => {
    for (const s of all) {
      for (const row of s.rows) {
        const bad = row.spec.type === 'bool' ? 'maybe' : row.spec.type === 'enum' ? 'not-a-choice' : row.spec.type === 'int' || row.spec.type === 'number' ? String((row.spec.max ?? 0) + 1) : null;
        if (bad === null) continue;
        const r = await parse(s, [row.flag, bad]);
        expect(r.run ?? r.view, `${s.words.join(' ')} ${row.flag} ${bad}`).toBeUndefined();
        expect(r.error, `${s.words.join(' ')} ${row.flag} ${bad}`).toContain(row.flag);
      }
    }
  });
  it('a parameter without an option of its own, spelled as one, is refused with the --set that gives it', async () => {
    let checked = 0;
    for (const s of all) {
      const withRow = new Set(s.rows.map((r) => r.key));
      for (const spec of s.specs) {
        // Data values (data.…) are not parameters of the table; a view's fixed keys are not offered at all.
        if (withRow.has(spec.key) || spec.key.startsWith('data.') || (s.omit ?? []).includes(spec.key)) continue;
        const where = `${s.words.join(' ')} ${flagOf(spec.key)}`;
        const r = await parse(s, [flagOf(spec.key), '1']);
        expect(r.run ?? r.view, where).toBeUndefined();
        expect(r.error, where).toContain(`unknown option '${flagOf(spec.key)}': ${spec.key} has no option of its own; give it as --set ${spec.key}=`);
        if (spec.type === 'bool') expect((await parse(s, [`--no-${flagOf(spec.key).slice(2)}`])).error, where).toContain(`--set ${spec.key}=false`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    // A misspelt option that is no parameter keeps commander's own message and suggestion.
    const darkfate = all.find((s) => s.words.join(' ') === 'darkfate')!;
    expect((await parse(darkfate, ['--sollo'])).error).toMatch(/unknown option '--sollo'\s*\(Did you mean --solo\?\)/);
  });
  it('a run option given to a view (which computes and plays no games) is refused with that reason, in every view', async () => {
    const views = all.filter((s) => s.kind === 'view');
    expect(views.length).toBeGreaterThan(3);
    for (const s of views) {
      for (const args of [['-j', '1'], ['-n', '5'], ['--seed', '4'], ['--jobs=2'], ['--shard', '1/2'], ['-n5'], ['-j1']]) {
        const where = `${s.words.join(' ')} ${args.join(' ')}`;
        const r = await parse(s, [...(s.argument ? [s.argument] : []), ...args]);
        expect(r.run ?? r.view, where).toBeUndefined();
        expect(r.error, where).toContain(`unknown option '${args[0].split('=')[0].slice(0, args[0].startsWith('--') ? undefined : 2)}': sim ${s.words.join(' ')} computes its numbers and plays no games, so it takes no run options`);
      }
    }
    // A mode takes them: -j reaches its request.
    const darkfate = all.find((s) => s.words.join(' ') === 'darkfate')!;
    expect((await parse(darkfate, ['-j', '1'])).error).toBeUndefined();
  });
});

describe('the options every simulating command shares reach its request', () => {
  const modes = surfaces().filter((s) => s.kind === 'mode');
  const out = join(scratch, 'report.json');
  const cases: { args: string[]; check: (req: RunRequest) => unknown; expected: unknown }[] = [
    { args: ['-n', '1'], check: (r) => r.opts.games, expected: 1 },
    { args: ['-n', '1e12'], check: (r) => r.opts.games, expected: 1e12 },
    { args: ['--games', '1_000'], check: (r) => r.opts.games, expected: 1000 },
    { args: ['--seed', '0'], check: (r) => r.opts.seed, expected: 0 },
    { args: ['--seed', String(2 ** 53 - 1)], check: (r) => r.opts.seed, expected: 2 ** 53 - 1 },
    { args: ['-j', 'auto'], check: (r) => r.opts.jobs, expected: 'auto' },
    { args: ['-j', '1'], check: (r) => r.opts.jobs, expected: 1 },
    { args: ['--jobs', '256'], check: (r) => r.opts.jobs, expected: 256 },
    ...['table', 'csv', 'json', 'html'].map((f) => ({ args: ['--format', f], check: (r: RunRequest) => r.opts.format, expected: f })),
    { args: ['--confidence', '95%'], check: (r) => r.opts.confidence, expected: 0.95 },
    // A percentage is the level it names, not a division's float (99.9% was 0.9990000000000001).
    { args: ['--confidence', '99.9%'], check: (r) => r.opts.confidence, expected: 0.999 },
    { args: ['--confidence', '0.5'], check: (r) => r.opts.confidence, expected: 0.5 },
    { args: ['--brief'], check: (r) => r.opts.brief, expected: true },
    { args: ['-q'], check: (r) => r.opts.quiet, expected: true },
    // --table and --out-dir shape CSV output (refused with another format before anything runs).
    { args: ['--table', '2', '--format', 'csv'], check: (r) => r.opts.table, expected: '2' },
    { args: ['--out', out], check: (r) => r.opts.out, expected: out },
    { args: ['--out-dir', scratch, '--format', 'csv'], check: (r) => r.opts.outDir, expected: scratch },
    { args: ['--chunk-size', '7'], check: (r) => r.opts.chunkSize, expected: 7 },
    { args: ['--shard', '2/3'], check: (r) => r.opts.shard, expected: { k: 2, m: 3 } },
    { args: ['--checkpoint', join(scratch, 'ck.json')], check: (r) => r.opts.checkpoint, expected: join(scratch, 'ck.json') },
    { args: ['--decision-timeout', '2.5'], check: (r) => r.opts.decisionTimeout, expected: 2.5 },
  ];
  for (const s of modes) {
    // -n is refused where the method is exact (it plays no games): those cases run with --method mc.
    const mc = s.specs.some((p) => p.key === 'method' && p.default === 'exact') ? ['--method', 'mc'] : [];
    it(`${s.words.join(' ')}`, async () => {
      for (const c of cases) {
        const r = await parse(s, [...c.args, ...mc]);
        expect(r.error, c.args.join(' ')).toBeUndefined();
        expect(c.check(r.run!), `${s.words.join(' ')} ${c.args.join(' ')}`).toEqual(c.expected);
      }
      // --set fills any parameter, by key; given beside the parameter's own option it is refused (which was meant is not for us to guess).
      const first = s.rows[0];
      if (first && first.spec.type === 'enum' && (first.spec.choices ?? []).length > 1) {
        const [a, b] = first.spec.choices!;
        expect((await parse(s, ['--set', `${first.key}=${a}`])).run!.params[first.key]).toBe(a);
        const r = await parse(s, ['--set', `${first.key}=${a}`, first.flag, b]);
        expect(r.error, `${s.words.join(' ')} ${first.flag}`).toMatch(new RegExp(`parameter ${first.key} given twice: ${first.flag} ${b} and --set ${first.key}=${a}; give it once`));
      }
    });
  }
});

describe('the library validates like the command line', () => {
  it('run() refuses bad options with a UsageError naming the field', async () => {
    const { run, UsageError } = await import('../src/cli/library.js');
    const refused = async (options: Record<string, unknown>, field: string, mode = 'dice') => {
      const e = await run(mode as 'dice', options as never).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e, JSON.stringify(options)).toBeInstanceOf(UsageError);
      expect((e as InstanceType<typeof UsageError>).field, JSON.stringify(options)).toBe(field);
    };
    for (const games of [0, -5, Number.NaN, 1.5, 1e13, '10']) await refused({ games }, 'games');
    for (const seed of [-1, 0.5, 2 ** 53]) await refused({ seed, games: 10 }, 'seed');
    for (const jobs of [0, 257, 1.5, 'many']) await refused({ jobs, games: 10 }, 'jobs');
    for (const confidence of [0, 1, 95, Number.NaN]) await refused({ confidence, games: 10 }, 'confidence');
    await refused({ games: 10, threads: 2 }, 'threads');
    await refused({ games: 10, params: { count: 0 } }, 'params.count');
    await refused({ games: 10, params: { count: [3] } }, 'params.count');
    await refused({ games: 10, params: { searchRollouts: 64 } }, 'params.searchRollouts', 'darkfate');
    await refused({ games: 10 }, 'games', 'genisys attack');
    const ok = await run('dice', { games: 10, seed: 1, jobs: 1 });
    expect(ok.n).toBe(10);
  });
});

describe('parameters are unambiguous', () => {
  it('a --set key given twice, beside its own option, or a scenario key written dotted and nested, is refused naming it', async () => {
    const dice = surfaces().find((s) => s.words.join(' ') === 'dice')!;
    expect((await parse(dice, ['--set', 'count=2', '--set', 'count=3'])).error).toMatch(/option --set count: given twice \(2 and 3\)/);
    expect((await parse(dice, ['--set', 'count=2', '--count', '4'])).error).toMatch(/parameter count given twice: --count 4 and --set count=2; give it once/);
    // One option twice, or a flag and its --no- form: which was meant is not for us to guess.
    expect((await parse(dice, ['--count', '2', '--count', '3'])).error).toMatch(/option --count is given 2 times; give it once/);
    const attack = surfaces().find((s) => s.words.join(' ') === 'genisys attack')!;
    expect((await parse(attack, ['--cover', 'hard', '--no-cover'])).error).toMatch(/option --cover and --no-cover: cover is given 2 times/);
    expect((await parse(attack, ['--aimed', '--no-aimed'])).error).toMatch(/option --aimed and --no-aimed/);
    const { parseScenario } = await import('../src/core/scenarioFile.js');
    expect(() => parseScenario('game: genisys attack\nparams:\n  cover.save: 3\n  cover:\n    save: 4\n', 's.yaml')).toThrow(/s\.yaml: params\.cover\.save is given twice/);
    expect(parseScenario('game: genisys attack\nparams:\n  cover:\n    save: 4\n  toHit.cc: 2\n', 's.yaml').params).toEqual({ 'cover.save': 4, 'toHit.cc': 2 });
    // A scenario's run.policy and params.policy that disagree: one would be dropped silently.
    const conflicting = join(scratch, 'conflict.yaml');
    writeFileSync(conflicting, 'game: darkfate\nparams:\n  policy: greedy\nrun:\n  n: 10\n  policy: random\n');
    const darkfate = surfaces().find((s) => s.words.join(' ') === 'darkfate')!;
    expect((await parse(darkfate, ['--scenario', conflicting])).error).toMatch(/conflict\.yaml: run\.policy is random but params\.policy is greedy; give policy once/);
    writeFileSync(conflicting, 'game: darkfate\nparams:\n  policy: greedy\nrun:\n  n: 10\n  policy: greedy\n');
    expect((await parse(darkfate, ['--scenario', conflicting])).run?.params.policy).toBe('greedy');
  });
});

describe('sweeps check every cell before playing any', () => {
  it('a bad later cell is refused before the first plays; a grid past --max-cells is refused before it is built', async () => {
    const { main } = await import('../src/cli/main.js');
    const lines: string[] = [];
    const io = { stdout: { write: (t: string) => lines.push(t) }, stderr: { write: (t: string) => lines.push(t) }, keepWorkers: true } as never;
    // 1e9 games a cell: were the first cell played before the second is checked, this would not end in the test's time.
    expect(await main(['node', 'sim', 'sweep', 'dice', '--grid', 'sides=6,2', '-n', '1e9', '-j', '1'], io)).toBe(2);
    expect(lines.join('')).toMatch(/^sim: cell sides=2: parameter target: got 5/);
    lines.length = 0;
    expect(await main(['node', 'sim', 'sweep', 'dice', '--grid', `count=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')}`, '--grid', `sides=${Array.from({ length: 100 }, (_, i) => i + 2).join(',')}`, '-n', '10'], io)).toBe(2);
    expect(lines.join('')).toMatch(/10,000 cells, more than --max-cells 1000/);
    // Raised at most to 100,000 (a million cells' parameters held for the check took over 1 GB).
    lines.length = 0;
    expect(await main(['node', 'sim', 'sweep', 'dice', '--grid', 'count=1,2', '--max-cells', '100001'], io)).toBe(2);
    expect(lines.join('')).toMatch(/--max-cells.*100001/);
  });
});

describe('a sweep axis without effect in some cells', () => {
  it('is said per axis, and the answer does not name it where it played nothing; a cell of the reference configuration gets its stored lines', () => {
    const j = JSON.parse(runCli(['sweep', 'darkfate', '--grid', 'policy=planner,search', '--grid', 'searchRollouts=1,2', '-n', '6', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(j.notes).toContainEqual(expect.stringMatching(/^searchRollouts has no effect in 2 of 4 cells \(policy=planner searchRollouts=1; policy=planner searchRollouts=2\)/));
    expect(j.text).not.toMatch(/policy planner, search rollouts/);
    // nnHandSize without the Neural Net changes nothing: those cells are the reference configuration, whose gap and robustness are stored.
    const nn = JSON.parse(runCli(['sweep', 'darkfate', '--grid', 'nnHandSize=3,5', '--grid', 'neuralNet=true,false', '-n', '6', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    const lineOf = (re: RegExp) => (nn.notes as string[]).find((n) => re.test(n) && /neuralNet=false/.test(n.slice(0, n.indexOf(')'))));
    expect(lineOf(/policy gap/)).toMatch(/last measured/);
    expect(lineOf(/Robustness/)).toMatch(/measured on this configuration/);
  });
});

describe('commands of several runs refuse only what acts in none of them', () => {
  it('compare, sweep and policies accept a value that acts in one run, and refuse one that acts in none', async () => {
    const { main } = await import('../src/cli/main.js');
    const lines: string[] = [];
    const io = { stdout: { write: (t: string) => lines.push(t) }, stderr: { write: (t: string) => lines.push(t) }, keepWorkers: true } as never;
    const sim = async (...args: string[]) => {
      lines.length = 0;
      const code = await main(['node', 'sim', ...args], io);
      return { code, text: lines.join('') };
    };
    // A search budget acts in B (policy search): the comparison is the question.
    const dir = tempDir('sim-across-');
    const budget = join(dir, 'budget.yaml');
    writeFileSync(budget, 'game: terror\nparams:\n  searchRollouts: 1\n');
    expect((await sim('compare', budget, '--set', 'policy=search', '-n', '4', '--seed', '1', '-j', '1', '-q')).code).toBe(0);
    expect((await sim('compare', budget, '--set', 'policy=random', '-n', '4', '--seed', '1', '-j', '1', '-q')).text).toMatch(/params\.searchRollouts: has no effect in any of the runs/);
    expect((await sim('compare', 'genisys', 'attack', '--set', 'skill=d6', '-n', '100')).text).toMatch(/option -n: the exact method plays no games in either variant; for a Monte Carlo run of both, give A as a scenario file that sets method: mc/);
    // The advice works (compare takes no --method: its --set makes variant B).
    const mc = join(mkdtempSync(join(tmpdir(), 'sim-mc-')), 'a.yaml');
    try {
      writeFileSync(mc, 'game: genisys attack\nparams:\n  method: mc\n');
      expect((await sim('compare', mc, '--set', 'skill=d6', '-n', '100', '--seed', '1', '-j', '1', '-q')).code).toBe(0);
    } finally {
      rmSync(dirname(mc), { recursive: true, force: true });
    }
    // Nor a stopping rule: nothing to stop early.
    expect((await sim('compare', 'genisys', 'attack', '--set', 'skill=d6', '--until-decided', '--margin', '5pp')).text).toMatch(/option --until-decided: the exact method plays no games in either variant, so there is nothing to stop early; for a Monte Carlo run of both, give A as a scenario file that sets method: mc/);
    expect((await sim('compare', 'genisys', 'attack', '--set', 'skill=d6', '--target-ci', '1pp', '--max-games', '100')).text).toMatch(/option --target-ci: the exact method plays no games in either variant/);
    // A sweep: acts in one cell → fine; in none → refused; an axis also --set → refused; -n over exact cells → refused.
    expect((await sim('sweep', 'terror', '--grid', 'policy=planner,search', '--set', 'searchRollouts=1', '-n', '4', '--seed', '1', '-j', '1', '-q', '--format', 'csv')).code).toBe(0);
    expect((await sim('sweep', 'genisys', 'attack', '--grid', 'skill=d6,d8', '--set', 'sniper=true')).text).toMatch(/option --set sniper: has no effect in any of the runs/);
    expect((await sim('sweep', 'dice', '--grid', 'sides=6,8', '--set', 'sides=10', '-n', '10')).text).toMatch(/option --set sides: it is also a --grid axis/);
    expect((await sim('sweep', 'genisys', 'attack', '--grid', 'skill=d6,d8', '-n', '500')).text).toMatch(/option -n: the exact method plays no games in any cell; add --set method=mc for a Monte Carlo run/);
    expect((await sim('sweep', 'genisys', 'attack', '--grid', 'skill=d6,d8', '--set', 'method=mc', '-n', '50', '--seed', '1', '-j', '1', '-q')).code).toBe(0);
    // A grid or a tune over the method itself: exact against estimated is noise, not an effect (its answer ranked 30.8% against 37.5%).
    for (const args of [['sweep', 'genisys', 'attack', '--grid', 'method=exact,mc', '-n', '50', '--seed', '1'], ['sweep', 'dualfates', 'pillars', '--grid', 'method=all', '-n', '50'], ['tune', 'genisys', 'attack', '--vary', 'method=exact|mc', '--target', 'removed=0.3', '-n', '50']]) {
      expect((await sim(...args)).text, args.join(' ')).toMatch(/option --(grid|vary) method: exact and mc are two ways to compute the same numbers, not two settings of the game/);
    }
    // Policies: a search budget with no search among the policies played acts for none.
    expect((await sim('policies', 'terror', '--policies', 'planner,random', '--set', 'searchRollouts=2', '-n', '4')).text).toMatch(/has no effect in any of the runs/);
    // Outputs never replace a data file a variant, cell or policy reads.
    const cards = join(dir, 'cards.yaml');
    writeFileSync(cards, readFileSync('scenarios/darkfate/cards.yaml'));
    for (const args of [['compare', 'darkfate', '--set', `cards=${cards}`, '--set', 'handSize=6'], ['sweep', 'darkfate', '--grid', 'handSize=5,6', '--set', `cards=${cards}`], ['policies', 'darkfate', '--policies', 'planner,greedy', '--set', `cards=${cards}`]]) {
      const r = await sim(...args, '-n', '2', '--out', cards);
      expect(r.code, args[0]).toBe(2);
      expect(r.text, args[0]).toMatch(/is also the cards file/);
    }
    expect(readFileSync(cards, 'utf8')).toBe(readFileSync('scenarios/darkfate/cards.yaml', 'utf8'));
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('the number grammar and empty values, on the options a hostile probe found loose', () => {
  it('hexadecimal is refused wherever a number is read (as -n, --set and -j refuse it), and an empty --scenario or --policies is refused, not read as "none given"', () => {
    const refused: [string[], RegExp][] = [
      [['compare', 'dice', '--set', 'target=5', '--target-ci', '0x1', '-n', '10'], /--target-ci <size>' argument '0x1' is invalid/],
      [['compare', 'dice', '--set', 'target=5', '--margin', '0x1', '-n', '10'], /--margin <size>' argument '0x1' is invalid/],
      [['tune', 'dice', '--vary', 'count=0x1..3', '--target', 'successes=1', '-n', '10'], /--vary count: got "0x1..3"/],
      [['tune', 'dice', '--vary', 'count=1..3:0x1', '--target', 'successes=1', '-n', '10'], /--vary count: step "0x1"/],
      [['tune', 'dice', '--vary', 'count=1..3', '--target', 'successes=0x1', '-n', '10'], /--target successes: target "0x1" is not a number/],
      [['tune', 'dice', '--vary', 'count=1..3', '--target', 'successes=1@0x2', '-n', '10'], /--target successes: weight "0x2"/],
      [['tune', 'dice', '--vary', 'count=1..3', '--target', 'successes=1', '--tolerance', '0x1', '-n', '10'], /--tolerance <distance>' argument '0x1' is invalid/],
      [['sensitivity', 'darkfate', '--step', '0x10', '-n', '2'], /--step <size>' argument '0x10' is invalid/],
      [['dice', '--scenario=', '-n', '10'], /--scenario <file>' argument '' is invalid. Empty path/],
      [['policies', 'darkfate', '--scenario=', '-n', '2'], /Empty path/],
      [['sensitivity', 'darkfate', '--scenario=', '-n', '2'], /Empty path/],
      [['tune', 'dice', '--scenario=', '--vary', 'count=1..3', '--target', 'successes=1'], /Empty path/],
      [['sweep', 'dice', '--scenario=', '--grid', 'count=1,2'], /Empty path/],
      [['policies', 'darkfate', '--policies=', '-n', '2'], /--policies <a,b,…>' argument '' is invalid. Empty list/],
      [['policies', 'darkfate', '--policies', ' , ', '-n', '2'], /Empty list/],
      [['policies', 'terror', '--policies', 'planner,,random', '-n', '2'], /An empty item in "planner,,random"/],
      [['compare', 'dice', '--set', 'target=4', '--metric=', '--target-ci', '0.05', '-n', '10'], /--metric <name>' argument '' is invalid. Empty/],
      [['policies', 'darkfate', '--param=', '-n', '2'], /--param <key>' argument '' is invalid. Empty; name the parameter/],
      [['darkfate', '-n', '2', '--hmac-key-file='], /--hmac-key-file <file>' argument '' is invalid. Empty path/],
      [['submit', 'dice', '-n', '10', '--shards', '2', '--redis', 'redis://127.0.0.1:1', '--hmac-key-file='], /--hmac-key-file <file>' argument '' is invalid. Empty path/],
      [['worker', '--redis', 'redis://127.0.0.1:1', '--hmac-key-file='], /--hmac-key-file <file>' argument '' is invalid. Empty path/],
      [['darkfate', '-n', '2', '--decision-timeout', '0x5'], /--decision-timeout <seconds>' argument '0x5' is invalid/],
      [['submit', 'dice', '-n', '10', '--shards', '0x2', '--redis', 'redis://127.0.0.1:1'], /--shards <M>' argument '0x2' is invalid/],
      [['tune', 'dice', '--vary', 'count=1..3', '--target', 'successes=1', '--tolerance', '2pp', '-n', '10'], /option --tolerance: percentage points are a rate's unit, and successes is a mean/],
    ];
    // A mean's tolerance in percent is accepted; a later tune without --tolerance is not refused by the unit an earlier one gave.
    expect(runCli(['tune', 'dice', '--vary', 'count=1..2', '--target', 'successes=1', '--tolerance', '2%', '-n', '50', '--seed', '1', '-j', '1', '-q']).code).toBe(0);
    expect(runCli(['tune', 'dice', '--vary', 'count=1..3', '--target', 'successes=1', '--tolerance', '2pp', '-n', '10', '-j', '1', '-q']).code).toBe(2);
    expect(runCli(['tune', 'dice', '--vary', 'count=1..2', '--target', 'successes=1', '-n', '50', '--seed', '1', '-j', '1', '-q']).code).toBe(0);
    // --trace -1 is "none" as its help says: the report as usual.
    const plain = JSON.parse(runCli(['darkfate', '-n', '5', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout).result;
    expect(runCli(['darkfate', '--help']).stdout.replace(/\s+/g, ' ')).toContain('(-1: none, the report as usual)');
    expect(JSON.parse(runCli(['darkfate', '--trace', '-1', '-n', '5', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout).result).toEqual(plain);
    // An exact check records no error rate (--alpha acts only with --tolerance stat, and is refused without it).
    expect(JSON.parse(runCli(['check', 'reports/dice-default.json', '--format', 'json']).stdout).params).toEqual({ tolerance: 'exact' });
    for (const [args, message] of refused) {
      const r = runCli([...args, '-j', '1', '-q']);
      expect([r.code, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });
});
