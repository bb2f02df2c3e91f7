// Nothing runs, hangs or lies unless the user asked (README: What runs as code): code and files named
// by stored data, stored results that were edited, hangs, and silent loss. Each case failed before
// the change that fixed it. Distributed-mode cases (queued jobs, Redis) are in distributed.test.ts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seal } from '../src/cli/runState.js';
import { hashOf } from '../src/core/hash.js';
import { reportContentHash } from '../src/report/report.js';
import { ROOT, runCli, runCliAsync, spawnCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const dir = tempDir('sim-trust-');
/** A policy module in the test folder; `marker` is a file it creates when imported (to prove it never ran). */
function module(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, body);
  return file;
}
const marker = join(dir, 'imported.txt');
const spy = module('spy.mjs', `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default { name: 'spy', choose: () => 0 };\n`);

/** A copy of golden `name` with `edit` applied, in the test folder. */
function golden(name: string, edit: (j: Record<string, any>) => void, from = join(ROOT, 'reports', `${name}.json`)): string {
  const file = join(dir, `${name}-${Math.random().toString(36).slice(2)}.json`);
  const j = JSON.parse(readFileSync(from, 'utf8'));
  edit(j);
  // Sealed again: these goldens are written so (their author controls them), the edit is not what is refused.
  j.contentHash = reportContentHash(j);
  writeFileSync(file, JSON.stringify(j));
  return file;
}

describe('sim check: a golden is data, not a command line', () => {
  it('never imports a policy module a golden names unless --allow-code', () => {
    const file = golden('darkfate-default', (j) => (j.rerun.params.policy = spy));
    const r = runCli(['check', file, '-j', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/rerun\.params\.policy: .*spy\.mjs is code \(a module\) named only by stored data, not by you: refused \(pass --allow-code to run it\)$/);
    expect(existsSync(marker)).toBe(false);
  });
  it('never reads a file outside its folder and scenarios/ that only a golden names (/etc/passwd)', () => {
    const file = golden('darkfate-default', (j) => (j.rerun.params.cards = '/etc/passwd'));
    const r = runCli(['check', file, '-j', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/rerun\.params\.cards: \/etc\/passwd is a file named only by stored data, not by you: refused/);
    expect(r.stderr).not.toMatch(/root:/);
  });
  it('a policy is code whatever its name: an extensionless module, or a .yaml link to one, in the golden\'s own folder is refused', () => {
    module('evil', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = { name: 'evil', choose: () => 0 };\n`);
    const innocent = join(dir, 'innocent.yaml');
    symlinkSync(spy, innocent);
    for (const policy of ['./evil', './innocent.yaml']) {
      const file = golden('darkfate-default', (j) => (j.rerun.params.policy = policy));
      const r = runCli(['check', file, '-j', '1'], { cwd: dir });
      expect(r.code, policy).toBe(2);
      expect(r.stderr).toMatch(/rerun\.params\.policy: .* is code \(a module\) named only by stored data, not by you: refused/);
      expect(existsSync(marker)).toBe(false);
    }
  });
  // A path whose key names a policy, or whose meaning names a module (not one that only mentions the built-in policies, as the Dual Fates deployment file's does: data).
  it('every path parameter that names a policy is marked as code (module), in every mode of every game', async () => {
    const { gameIds, loadGame } = await import('../src/games/index.js');
    const policyPaths: string[] = [];
    for (const id of gameIds({ hidden: true })) {
      for (const mode of (await loadGame(id)).modes) {
        for (const spec of mode.params) if (spec.type === 'path' && (/polic/i.test(spec.key) || /module|\.m?js\b/i.test(spec.doc))) policyPaths.push(`${id} ${mode.name}: ${spec.key}${spec.module ? '' : ' (not marked)'}`);
      }
    }
    expect(policyPaths.length).toBeGreaterThanOrEqual(8);
    expect(policyPaths.filter((k) => k.endsWith('(not marked)'))).toEqual([]);
  });
  it('a relative data path is read from the current folder, as recorded: from elsewhere it is refused with that reason, never looked for', () => {
    copyFileSync(join(ROOT, 'scenarios/darkfate/cards.yaml'), join(dir, 'mycards.yaml'));
    const file = golden('darkfate-default', (j) => (j.rerun.params.cards = 'mycards.yaml'));
    const r = runCli(['check', file, '-j', '1'], { cwd: tempDir('sim-trust-elsewhere-') });
    expect([r.code, r.stderr.trim()]).toEqual([2, `sim: ${file}: rerun.params.cards: mycards.yaml is a file named only by stored data, not by you: refused (pass --allow-code to read it; a relative path is read from the current folder, as when it was recorded: run this from that folder)`]);
  });
  it('checks the paths before a data value (card.…) makes the game read the file they name', () => {
    const file = golden('darkfate-default', (j) => Object.assign(j.rerun.params, { cards: '/etc/passwd', 'card.attack.count': 5 }));
    const r = runCli(['check', file, '-j', '1']);
    expect([r.code, r.stderr.trim()]).toEqual([2, `sim: ${file}: rerun.params.cards: /etc/passwd is a file named only by stored data, not by you: refused (pass --allow-code to read it)`]);
  });
  it('no control character from a golden reaches the terminal: its tables and its errors show U+FFFD', () => {
    const esc = '\u001b]0;PWNED\u0007\u001b[2J';
    const differs = runCli(['check', golden('dice-default', (j) => (j.assumptions[0] = `assumed ${esc}`)), '-j', '1']);
    expect(differs.code).toBe(1);
    // Replaced before the layout, so the cell may wrap between the word and the replaced sequence.
    expect(differs.stdout).toMatch(/│ assumed\b/);
    expect(differs.stdout).toContain('\ufffd]0;PWNED\ufffd\ufffd[2J');
    // Its JUnit XML too (XML 1.0 admits no control character but tab, newline and carriage return).
    const junit = join(dir, `junit-${Math.random().toString(36).slice(2)}.xml`);
    expect(runCli(['check', golden('dice-default', (j) => (j.assumptions[0] = `assumed ${esc}`)), '-j', '1', '--junit', junit]).code).toBe(1);
    expect(readFileSync(junit, 'utf8')).toContain('\ufffd]0;PWNED\ufffd\ufffd[2J');
    expect(readFileSync(junit, 'utf8')).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const refused = runCli(['check', golden('dice-default', (j) => (j.rerun.params[`x${esc}`] = 1)), '-j', '1']);
    expect(refused.code).toBe(2);
    for (const text of [differs.stdout, differs.stderr, refused.stdout, refused.stderr]) expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
  it('refuses a rerun above --max-games instead of starting 10^12 games', () => {
    const file = golden('dice-default', (j) => (j.rerun.n = 1e12));
    const r = runCli(['check', file, '-j', '1']);
    expect([r.code, r.stderr.trim()]).toEqual([2, `sim: ${file}: rerun.n: 1000000000000 games, more than --max-games 10000000; raise --max-games to rerun it`]);
  });
  it("a golden of another tool, or of a newer sim, does not pass as identical", () => {
    // One from before the report schema (test/fixtures) is judged by the check itself; today's by its schema too (named alone: exit 2).
    const older = join(ROOT, 'test', 'fixtures', 'dice-older-sim.json');
    for (const [edit, detail] of [
      [(j: Record<string, any>) => (j.tool = 'other'), 'not a golden of sim: tool "other"'],
      [(j: Record<string, any>) => (j.version = '99.0.0'), 'recorded by sim 99.0.0, newer than this sim'],
    ] as const) {
      const r = runCli(['check', golden('dice-default', edit, older), '-j', '1', '--format', 'json']);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).result[0].detail).toContain(detail);
    }
    const newer = runCli(['check', golden('dice-default', (j) => (j.version = '99.0.0')), '-j', '1', '--format', 'json']);
    expect(newer.code).toBe(1);
    expect(JSON.parse(newer.stdout).result[0].detail).toContain('recorded by sim 99.0.0, newer than this sim');
    const other = golden('dice-default', (j) => (j.tool = 'other'));
    expect([runCli(['check', other, '-j', '1']).code, runCli(['check', other, '-j', '1']).stderr.trim()]).toEqual([2, `sim: ${other}: field tool: got "other"; must be "sim"`]);
  });
});

describe('the fault-injection game is a test fixture only', () => {
  // Without SIM_FAULT_GAME=1 (the test suite sets it: vitest.config.ts) `_fault`, which throws or sleeps on purpose, is no game.
  const outside = (args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
    delete env.SIM_FAULT_GAME;
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sim'), ...args], { cwd: dir, encoding: 'utf8', env, timeout: 60_000 });
    return { code: r.status, stderr: r.stderr };
  };
  it('a golden, a scenario or the command line naming _fault is refused outside the tests', () => {
    // Made inside the suite, where the game exists, and played by check here: identical.
    const file = join(dir, 'fault-golden.json');
    expect(runCli(['_fault', '-n', '20', '--seed', '1', '--format', 'json', '-q', '--out', file]).code).toBe(0);
    expect(runCli(['check', file, '-j', '1']).code).toBe(0);
    const check = outside(['check', file, '-j', '1']);
    expect(check.code).toBe(2);
    expect(check.stderr).toMatch(/rerun\.game: unknown game "_fault"; known: dice, darkfate, /);
    const scenario = join(dir, 'fault-scenario.yaml');
    writeFileSync(scenario, 'game: _fault\n');
    const run = outside(['run', scenario, '-n', '5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/game: unknown game "_fault"/);
    const direct = outside(['_fault', '-n', '5']);
    expect(direct.code).toBe(2);
    expect(direct.stderr).toMatch(/unknown command '_fault'/);
  }, 60_000);
});

describe('stored aggregates are checked before they are trusted', () => {
  const cp = join(dir, 'ck.json');
  const args = ['dice', '-n', '20000', '--seed', '3', '-j', '1', '--chunk-size', '1000', '-q', '--format', 'json', '--checkpoint', cp];
  const edited = (edit: (j: any) => void, resealed: boolean) => {
    const j = JSON.parse(readFileSync(cp, 'utf8'));
    edit(j);
    const file = join(dir, `ck-edit-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(resealed ? seal(j) : j));
    return runCli(args.map((a) => (a === cp ? file : a)));
  };
  it('a checkpoint with fewer games, or a doubled sum, is refused (hash; and its numbers when resealed), never resumed', () => {
    expect(runCli(args).code).toBe(0);
    const fewer = (j: any) => (j.calls[0].totals.games -= 9000);
    expect(edited(fewer, false).stderr).toMatch(/contentHash: does not match its content/);
    expect(edited(fewer, true).stderr).toMatch(/saved metric successes: n is 20000, more observations than the 11000 games saved/);
    const doubled = (j: any) => (j.calls[0].totals.metrics[0].sum = String(2 * Number(j.calls[0].totals.metrics[0].sum)));
    expect(edited(doubled, true).stderr).toMatch(/saved metric successes: sum is \d+, but its bins sum to \d+/);
    expect(edited((j: any) => (j.calls[0].totals.metrics[0].sumSq = '-1'), true).stderr).toMatch(/sumSq must be a whole number/);
    for (const e of [fewer, doubled]) expect(edited(e, true).code).toBe(2);
  });
  it('a resealed checkpoint holding more games than the run is refused, and nothing says "resuming" before the file is checked', () => {
    expect(runCli(args).code).toBe(0);
    const j = JSON.parse(readFileSync(cp, 'utf8'));
    Object.assign(j.identity, { n: 10000 });
    j.range = [0, 10000];
    const file = join(dir, 'ck-more.json');
    writeFileSync(file, JSON.stringify(seal(j)));
    const more = runCli(args.map((a) => (a === cp ? file : a === '20000' ? '10000' : a)));
    expect([more.code, more.stderr.trim()]).toEqual([2, `sim: ${file}: calls[0] holds games 0..19999, but this run plays games 0..9999`]);
    // Resumed without --seed: the seed comes from the file, which is then refused (another run's parameters).
    const other = runCli(['dice', '-n', '10000', '-j', '1', '--format', 'json', '--checkpoint', file, '--set', 'sides=8']);
    expect(other.code).toBe(2);
    expect(other.stderr).not.toMatch(/resuming/);
    expect(other.stderr).toMatch(/checkpoint of a different run/);
  });
  it('a part file signed with --hmac-key-file merges only with the key; an edited one is refused', () => {
    const key = join(dir, 'key');
    writeFileSync(key, 'k'.repeat(32));
    const parts = [1, 2].map((k) => join(dir, `part-${k}.json`));
    for (const [i, p] of parts.entries()) expect(runCli(['dice', '-n', '2000', '--seed', '5', '-j', '1', '-q', '--shard', `${i + 1}/2`, '--out', p, '--hmac-key-file', key]).code).toBe(0);
    expect(runCli(['merge', ...parts, '--hmac-key-file', key, '-q']).code).toBe(0);
    expect(runCli(['merge', ...parts]).stderr).toMatch(/hmac: the file is signed; give --hmac-key-file/);
    const j = JSON.parse(readFileSync(parts[1], 'utf8'));
    j.calls[0].totals.metrics[0].bins[1] += 1;
    j.calls[0].totals.metrics[0].bins[0] -= 1;
    writeFileSync(parts[1], JSON.stringify(seal(j)));
    expect(runCli(['merge', ...parts, '--hmac-key-file', key]).stderr).toMatch(/hmac: wrong signature/);
    // A run that writes no part file or checkpoint has nothing to sign.
    for (const args of [['dice'], ['tune', 'dice', '--vary', 'count=2|3', '--target', 'successes=1']]) {
      expect(runCli([...args, '-n', '100', '--seed', '5', '-j', '1', '--hmac-key-file', key]).stderr, args.join(' ')).toBe('sim: option --hmac-key-file: signs part files and checkpoints; this run writes neither (add --shard K/M or --checkpoint FILE)\n');
    }
  });
});

describe('sim merge: a part file is data, not a command line', () => {
  const parts = [1, 2].map((k) => join(dir, `mpart-${k}.json`));
  const outside = tempDir('sim-trust-outside-');
  /** The two parts with `edit` applied to each identity, resealed (a forger can always reseal without a key). */
  const forged = (edit: (id: Record<string, any>) => void): string[] =>
    parts.map((p, i) => {
      const j = JSON.parse(readFileSync(p, 'utf8'));
      edit(j.identity);
      j.identity.paramsHash = hashOf(j.identity.params);
      const file = join(dir, `forged-${i}-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, JSON.stringify(seal(j)));
      return file;
    });
  it('merges the parts of a run into its report, and refuses a policy module or a file outside the parts\' folders that only the parts name', () => {
    for (const [i, p] of parts.entries()) expect(runCli(['darkfate', '-n', '200', '--seed', '5', '-j', '1', '-q', '--shard', `${i + 1}/2`, '--out', p]).code).toBe(0);
    expect(runCli(['merge', ...parts, '-q']).code).toBe(0);
    const spyParts = forged((id) => (id.params.policy = spy));
    const r = runCli(['merge', ...spyParts]);
    expect([r.code, r.stderr.trim()]).toEqual([2, `sim: ${spyParts[0]}: identity.params.policy: ${spy} is code (a module) named only by stored data, not by you: refused (pass --allow-code to run it)`]);
    expect(existsSync(marker)).toBe(false);
    const secret = join(outside, 'secret.yaml');
    writeFileSync(secret, 'secret: [1, 2\n');
    const cardParts = forged((id) => Object.assign(id.params, { cards: secret, 'card.attack.count': 5 }));
    const c = runCli(['merge', ...cardParts]);
    expect([c.code, c.stderr.trim()]).toEqual([2, `sim: ${cardParts[0]}: identity.params.cards: ${secret} is a file named only by stored data, not by you: refused (pass --allow-code to read it)`]);
  });
  it('names the data file that changed since the parts were played', () => {
    const cards = join(dir, 'partcards.yaml');
    copyFileSync(join(ROOT, 'scenarios/darkfate/cards.yaml'), cards);
    const own = [1, 2].map((k) => join(dir, `cpart-${k}.json`));
    for (const [i, p] of own.entries()) expect(runCli(['darkfate', '--cards', cards, '-n', '100', '--seed', '5', '-j', '1', '-q', '--shard', `${i + 1}/2`, '--out', p]).code).toBe(0);
    writeFileSync(cards, readFileSync(cards, 'utf8').replace(/count: 26/, 'count: 25'));
    const r = runCli(['merge', ...own]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/identity\.files\.cards: .*partcards\.yaml changed since the parts were played \(content hash \w+, was \w+\); play them again, or restore the file/)]);
  });
  it("refuses parts of another sim version, or whose parameters do not match their hash", () => {
    const old = forged((id) => (id.version = '0.0.1'));
    expect(runCli(['merge', ...old]).stderr).toMatch(/identity: parts of "sim" "0\.0\.1", this is sim [\d.]+: merge them with the sim that played them/);
    const swapped = forged((id) => (id.params.players = 3)).map((f) => {
      const j = JSON.parse(readFileSync(f, 'utf8'));
      j.identity.params.players = 4;
      writeFileSync(f, JSON.stringify(seal(j)));
      return f;
    });
    expect(runCli(['merge', ...swapped]).stderr).toMatch(/identity\.params: do not match identity\.paramsHash; refused/);
  });
});

describe('no hangs', () => {
  const fifo = join(dir, 'fifo');
  const haveFifo = spawnSync('mkfifo', [fifo]).status === 0;
  it.runIf(haveFifo)('a FIFO or a device as scenario, card file, checkpoint, merge input or policy is refused before it is opened', () => {
    const cases: [string[], RegExp][] = [
      [['run', fifo], /is not a regular file/],
      [['dice', '--scenario', fifo], /is not a regular file/],
      [['darkfate', '--cards', fifo, '-n', '10'], /is not a regular file/],
      [['darkfate', '--cards', '/dev/zero', '-n', '10'], /\/dev\/zero is not a regular file/],
      [['merge', fifo], /is not a regular file/],
      [['darkfate', '--policy', `${fifo}.mjs`, '-n', '10'], /is not a regular file/],
    ];
    spawnSync('mkfifo', [`${fifo}.mjs`]);
    for (const [args, message] of cases) {
      const r = runCli(args, { timeoutMs: 20_000 });
      expect([r.code, r.stderr.split('\n').length], args.join(' ')).toEqual([2, 2]);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });
  it('a checkpoint that is a FIFO is refused', () => {
    const r = runCli(['dice', '-n', '100', '--checkpoint', fifo, '-q'], { timeoutMs: 20_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not a regular file/);
  });
  it('a policy stuck in a decision stops the run at -j 1 with the decision and the game to trace', () => {
    // Stuck without burning a core: blocked on a wait that never ends (a spin loop is stopped the same way).
    const loop = module('loop.mjs', 'const never = new Int32Array(new SharedArrayBuffer(4));\nexport default { name: "loop", choose(rng, view) { if (view.turn > 3) Atomics.wait(never, 0, 0); return 0; } };\n');
    const r = runCli(['darkfate', '--policy', loop, '-n', '20', '--seed', '1', '-j', '1', '-q', '--decision-timeout', '1'], { timeoutMs: 30_000 });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^sim: error: a policy decision took too long: decision \w+ \(\d+\) of game 0 was still running after \d+\.\d s \(--decision-timeout\); its thread was stopped — replay it with --seed 1 --trace 0$/);
    // With built-in policies only, the limit would limit nothing: refused.
    for (const args of [['darkfate'], ['compare', 'dice', '--set', 'count=3'], ['sweep', 'dice', '--grid', 'count=2,3'], ['policies', 'darkfate', '--policies', 'greedy,random'], ['sensitivity', 'terror', '--only', 'finalHealth'], ['tune', 'dice', '--vary', 'count=2|3', '--target', 'successes=1']]) {
      expect(runCli([...args, '-n', '20', '--seed', '1', '-j', '1', '-q', '--decision-timeout', '1']).stderr, args.join(' ')).toBe('sim: option --decision-timeout: limits a policy module of yours (--policy ./mine.js); this run plays built-in policies only\n');
    }
  });
  it('a module whose top-level await never settles is refused after --decision-timeout (no silent exit 13)', () => {
    const never = module('never.mjs', 'await new Promise(() => {});\nexport default { name: "never", choose: () => 0 };\n');
    const r = runCli(['darkfate', '--policy', never, '-n', '10', '-q', '--decision-timeout', '0.5'], { timeoutMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot load the policy module: did not finish loading within 0\.5 s/);
  });
  it('Ctrl-C ends a run whose policy is stuck within seconds (-j 2): partial report, exit 130', async () => {
    // Writes a marker as it gets stuck, so that the interrupt comes during the run (not during start-up).
    const stuck = join(dir, 'stuck.txt');
    const loop = module('loop2.mjs', `import { writeFileSync } from 'node:fs';\nconst never = new Int32Array(new SharedArrayBuffer(4));\nexport default { name: "loop", choose(rng, view) { if (view.turn > 3) { writeFileSync(${JSON.stringify(stuck)}, 'stuck'); Atomics.wait(never, 0, 0); } return 0; } };\n`);
    let stuckAt = 0;
    const r = await runCliAsync(['darkfate', '--policy', loop, '-n', '200', '--seed', '1', '-j', '2', '--format', 'json', '--decision-timeout', '60'], { interruptWhen: () => existsSync(stuck) && (stuckAt = Date.now()) > 0 });
    expect(stuckAt).toBeGreaterThan(0);
    // Ended within seconds of the signal, although the policy never returns (--decision-timeout 60).
    expect(Date.now() - stuckAt).toBeLessThan(12_000);
    expect(r.code).toBe(130);
    expect(JSON.parse(r.stdout).partial).toBe(true);
  }, 30_000);
});

describe('no silent loss', () => {
  // The seed chosen at random is announced just before the games start: a sign the run is going.
  const seedAnnounced = (stderr: string) => stderr.includes('chosen at random');
  it('a policy that ends the process is a failure with a message, not exit 0 with nothing', () => {
    const exit = module('exit.mjs', 'export default { name: "exit", choose(rng, view) { if (view.turn > 2) process.exit(0); return 0; } };\n');
    const r = runCli(['darkfate', '--policy', exit, '-n', '20', '--seed', '1', '-j', '1', '-q', '--out', join(dir, 'never.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/worker exited with code: 0/);
    expect(existsSync(join(dir, 'never.json'))).toBe(false);
  });
  it('a game that ends the process in-process (_fault --mode exit, -j 1) says so and exits 1', () => {
    const r = spawnCli(['_fault', '-n', '2000', '--fail-at', '50', '--mode', 'exit', '-j', '1', '--seed', '1', '-q']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('sim: error: the process was ended (exit code 3) by code inside a game or policy during a run; nothing was reported');
  });
  it('a policy that runs out of memory is one line and exit 1', () => {
    const oom = module('oom.mjs', 'const hoard = [];\nexport default { name: "oom", choose() { for (;;) hoard.push(new Array(1e6).fill(1)); } };\n');
    const r = runCli(['darkfate', '--policy', oom, '-n', '10', '--seed', '1', '-j', '1', '-q', '--policy-memory', '64'], { timeoutMs: 60_000 });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/memory limit/);
  });
  it('Ctrl-C during sim sweep: the report is marked partial, names what was not run, exit 130', async () => {
    // The fault fixture sleeping 5 ms every 1,000 games: a long sweep that hardly uses the CPU.
    const r = await runCliAsync(['sweep', '_fault', '--grid', 'work=0,1,2', '--set', 'pause=5', '-n', '1e11', '-j', '1', '--format', 'json'], { interruptWhen: seedAnnounced, interruptAfterMs: 500 });
    expect(r.code).toBe(130);
    const j = JSON.parse(r.stdout);
    expect(j.partial).toBe(true);
    expect(j.notes[0]).toMatch(/^interrupted: .*stopped after \d+ games; not run: work=/);
    // The answer is only about the settings run, names them, and says so (it said "Across 1 setting").
    expect(j.text).toMatch(/^Only 1 of 3 settings of _fault was run before the stop: .* at work 0/);
  }, 30_000);
  it('Ctrl-C during sim policies: the report names the policies never played, in its answer and its first note', async () => {
    const r = await runCliAsync(['policies', 'darkfate', '--policies', 'planner,random,greedy', '-n', '1e8', '-j', '1', '--format', 'json'], { interruptWhen: seedAnnounced, interruptAfterMs: 500 });
    expect(r.code).toBe(130);
    const j = JSON.parse(r.stdout);
    expect(j.partial).toBe(true);
    expect(j.notes[0]).toBe('Interrupted: not played: greedy (not in the table or the answer); run it again for the whole ranking.');
    expect(j.text).toMatch(/interrupted: greedy not played/);
  }, 30_000);
  it("Ctrl-C during a ladder's first rung (search games of ~40 ms): the games completed are reported, never a rung of 0 games or NaN", async () => {
    // A paired run was cut into chunks of up to 2,000 games whatever each game cost: the whole rung was one chunk, deaf to Ctrl-C until it ended.
    const r = await runCliAsync(['policies', 'darkfate', '--ladder', '--ladder-start', '4', '-n', '300', '-j', '1', '--format', 'json'], { interruptWhen: seedAnnounced, interruptAfterMs: 1500 });
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).not.toMatch(/NaN/);
    const j = JSON.parse(r.stdout);
    expect(j.partial).toBe(true);
    expect(j.result.rungs).toHaveLength(1);
    expect(j.result.rungs[0].games).toBeGreaterThan(0);
    expect(j.result.rungs[0].games).toBeLessThan(300);
    expect(j.notes[0]).toContain(`the last one stopped after ${j.result.rungs[0].games}`);
  }, 30_000);
  it('Ctrl-C during sim compare: the batches done are reported, marked partial, exit 130', async () => {
    // B sleeps 5 ms every 1,000 games, and a paired game plays both: a long comparison that hardly uses the CPU.
    const r = await runCliAsync(['compare', '_fault', '--set', 'pause=5', '-n', '1e11', '-j', '1', '--format', 'json'], { interruptWhen: seedAnnounced, interruptAfterMs: 500 });
    expect(r.code).toBe(130);
    const j = JSON.parse(r.stdout);
    expect(j.partial).toBe(true);
    expect(j.result.stopping[0].decision).toBe('interrupted');
    expect(j.n).toBeGreaterThan(0);
    expect(j.n).toBeLessThan(1e11);
  }, 30_000);
  it('SIGTERM ends a run with its partial report and exit 143 (SIGINT: 130)', async () => {
    const { code } = await runCliAsync(['_fault', '-n', '1e9', '--pause', '5', '-j', '1', '--format', 'json', '--out', join(dir, 'term.json')], { interruptWhen: seedAnnounced, interruptAfterMs: 500, signal: 'SIGTERM' });
    expect(code).toBe(143);
    expect(JSON.parse(readFileSync(join(dir, 'term.json'), 'utf8')).partial).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A closed terminal (SIGHUP) loses nothing either: the partial report, exit 129.
    const hup = await runCliAsync(['_fault', '-n', '1e9', '--pause', '5', '-j', '1', '--format', 'json', '--out', join(dir, 'hup.json')], { interruptWhen: seedAnnounced, interruptAfterMs: 500, signal: 'SIGHUP' });
    expect(hup.code).toBe(129);
    expect(JSON.parse(readFileSync(join(dir, 'hup.json'), 'utf8')).partial).toBe(true);
  }, 30_000);
  it('--out naming an input (the scenario, the policy, the checkpoint) is refused before anything runs', () => {
    const scenario = join(dir, 'dice.yaml');
    copyFileSync(join(ROOT, 'scenarios/dice/default.yaml'), scenario);
    const before = readFileSync(scenario, 'utf8');
    const policy = module('first.mjs', 'export default { name: "first", choose: () => 0 };\n');
    const cp = join(dir, 'out-ck.json');
    for (const [args, what] of [
      [['run', scenario, '--out', scenario], 'the scenario file'],
      [['darkfate', '--policy', policy, '-n', '10', '--out', policy], 'the policy file'],
      [['dice', '-n', '10', '--checkpoint', cp, '--out', cp], 'the --checkpoint file'],
    ] as const) {
      const r = runCli([...args]);
      expect([r.code, r.stderr.trim()]).toEqual([2, `sim: option --out: ${args[args.length - 1]} is also ${what}; write to another file`]);
    }
    expect(readFileSync(scenario, 'utf8')).toBe(before);
  });
  it('--policy naming a folder, or a --confidence too close to 1, is one line and exit 2', () => {
    const folder = runCli(['darkfate', '--policy', `${dir}/`, '-n', '10']);
    expect(folder.code).toBe(2);
    expect(folder.stderr.trim().split('\n')).toHaveLength(1);
    expect(folder.stderr).not.toMatch(/EISDIR/);
    const conf = runCli(['dice', '--confidence', '0.9999999999999999', '-n', '10']);
    expect(conf.code).toBe(2);
    expect(conf.stderr).toMatch(/Too close to 1/);
  });
});

describe('determinism is guarded', () => {
  it('Math.random is unavailable to a policy, with an error pointing to the rng argument', () => {
    const random = module('random.mjs', 'export default { name: "ambient", choose: (rng, view, d, o, n) => Math.floor(Math.random() * n) };\n');
    const r = runCli(['darkfate', '--policy', random, '-n', '20', '--seed', '1', '-j', '1', '-q']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Math\.random is not available to policies: draw from the rng argument/);
  });
  it('a policy that keeps state across games fails the replay of sampled games, naming one', () => {
    const stateful = module('stateful.mjs', 'let calls = 0;\nexport default { name: "stateful", choose: (rng, view, d, o, n) => (++calls % 7 === 0 && n > 1 ? 1 : 0) };\n');
    // One chunk on the watched thread (-j 2) plays the games in order, as -j 1 does: the state the policy carries is deterministic.
    for (const jobs of ['1', '2']) {
      const r = runCli(['darkfate', '--policy', stateful, '-n', '40', '--seed', '1', '-j', jobs, '--chunk-size', '40', '-q']);
      expect(r.code, jobs).toBe(1);
      expect(r.stderr, jobs).toMatch(/game \d+ recorded other results when replayed alone .* keeps state across games or draws randomness from elsewhere/);
    }
  });
});
