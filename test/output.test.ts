// Where sim writes: only a regular file or a new path, through an exclusively created temp file of
// an unpredictable name, never over a file the command reads.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../src/cli/emit.js';
import { reportContentHash } from '../src/report/report.js';
import { ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

describe('outputs', () => {
  it('--out refuses a symbolic link and a device, and leaves them as they were', () => {
    const dir = tempDir('sim-out-');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const link = join(dir, 'report.json');
    symlinkSync(victim, link);
    const r = runCli(['dice', '-n', '10', '--out', link]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^sim: option '--out <file>' argument '.*report\.json' is invalid\. .* is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(runCli(['dice', '-n', '10', '--out', '/dev/null']).stderr).toMatch(/\/dev\/null is not a regular file/);
    expect(runCli(['check', 'reports/dice-default.json', '--junit', '/dev/null']).code).toBe(2);
  });
  it('--out refuses a read-only file (as the shell\'s > would), before any game is played, and leaves it as it was', (ctx) => {
    // root may write anything: as root the command runs as nobody (where nobody can read this checkout).
    const asRoot = process.getuid?.() === 0;
    if (asRoot && spawnSync(process.execPath, ['-e', `require('fs').readFileSync(${JSON.stringify(join(ROOT, 'bin', 'sim'))})`], { uid: 65534, gid: 65534 }).status !== 0) return ctx.skip();
    const dir = tempDir('sim-ro-');
    const file = join(dir, 'r.txt');
    writeFileSync(file, 'keep\n');
    chmodSync(file, 0o444);
    if (asRoot) chmodSync(dir, 0o777);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'sim'), 'dice', '-n', '10', '--seed', '1', '--out', file], { cwd: ROOT, encoding: 'utf8', ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
    expect([r.status, r.stderr.trim()]).toEqual([2, `sim: option '--out <file>' argument '${file}' is invalid. ${file} is read-only; make it writable (chmod u+w) or name another file.`]);
    expect(readFileSync(file, 'utf8')).toBe('keep\n');
  });
  it('the atomic write replaces a regular file, leaves no temp file, and never writes through a link planted at the path', () => {
    const dir = tempDir('sim-out-');
    const file = join(dir, 'a.json');
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['a.json']);
    // A replaced file keeps its permissions: a private report stays private.
    chmodSync(file, 0o600);
    writeFileAtomic(file, 'three');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const link = join(dir, 'b.json');
    symlinkSync(victim, link);
    expect(() => writeFileAtomic(link, 'evil')).toThrow(/symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(existsSync(join(dir, `b.json.${process.pid}.tmp`))).toBe(false);
  });
  it('a write the system refuses names the file asked for and why, not the temp file beside it', () => {
    const dir = tempDir('sim-out-');
    const file = join(dir, 'gone', 'r.json');
    let message = '';
    try {
      writeFileAtomic(file, 'x');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(`${file} could not be written: ENOENT (its folder is gone, or does not take files)`);
    expect(readdirSync(dir)).toEqual([]);
  });
  it('no output replaces an input: submit --out over its scenario, check --junit over its --out', () => {
    const dir = tempDir('sim-out-');
    const scenario = join(dir, 's.yaml');
    writeFileSync(scenario, readFileSync('scenarios/dice/default.yaml'));
    const s = runCli(['submit', 'run', scenario, '--out', scenario, '--shards', '2', '--redis', 'redis://127.0.0.1:1']);
    expect(s.code).toBe(2);
    expect(s.stderr.trim()).toBe(`sim: option --out: ${scenario} is also the scenario file; write to another file`);
    const x = join(dir, 'x.xml');
    const c = runCli(['check', 'reports/dice-default.json', '--junit', x, '--out', x]);
    expect(c.code).toBe(2);
    expect(c.stderr.trim()).toBe(`sim: option --junit: ${x} is also the --out file; write to another file`);
  });
  it('--out-dir checks every table file before writing any: an input or a link among them refuses them all, and the tables go to stdout (nothing lost)', () => {
    const dir = tempDir('sim-out-');
    const scenario = join(dir, 'summary.csv');
    writeFileSync(scenario, readFileSync('scenarios/dice/default.yaml'));
    const over = runCli(['dice', '--scenario', scenario, '-n', '10', '--seed', '1', '--format', 'csv', '--out-dir', dir]);
    // Found after the run (the table names come with the report): the tables go to stdout instead, exit 1.
    expect([over.code, over.stderr.trim()]).toEqual([1, `sim: error: option --out-dir: ${scenario} is also the scenario file; write to another file; nothing was written there, and the tables follow on stdout as CSV`]);
    expect(over.stdout).toMatch(/^table,successes,/);
    expect(readFileSync(scenario, 'utf8')).toBe(readFileSync('scenarios/dice/default.yaml', 'utf8'));
    // The last table's file is a link: the earlier tables' files are not written either.
    const tables = join(dir, 'tables');
    runCli(['dice', '-n', '10', '--seed', '1', '--format', 'csv', '--out-dir', tables]);
    const names = readdirSync(tables).sort();
    expect(names.length).toBeGreaterThan(1);
    for (const n of names) writeFileSync(join(tables, n), 'old');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const last = join(tables, names[names.length - 1]);
    unlinkSync(last);
    symlinkSync(victim, last);
    const r = runCli(['dice', '-n', '10', '--seed', '1', '--format', 'csv', '--out-dir', tables]);
    expect([r.code, r.stderr.trim()]).toEqual([1, `sim: error: option --out-dir: ${last} is a symbolic link; name the file itself (an output never writes through a link); nothing was written there, and the tables follow on stdout as CSV`]);
    for (const n of names.slice(0, -1)) expect(readFileSync(join(tables, n), 'utf8')).toBe('old');
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
  });
  it('--out NAME.json, .csv or .html sets the format when --format is not given; a --format that contradicts the name is refused before the run', () => {
    const dir = tempDir('sim-out-');
    for (const [name, starts] of [['r.json', '{'], ['r.csv', 'table,successes,'], ['r.html', '<!DOCTYPE html>'], ['r.txt', '3d6, success on 5+']] as const) {
      const file = join(dir, name);
      const r = runCli(['dice', '-n', '10', '--seed', '1', '-j', '1', '-q', '--out', file]);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(readFileSync(file, 'utf8').startsWith(starts), name).toBe(true);
    }
    // What it wrote reads back as the report it is (a text table in r.json was "not a JSON report").
    expect(runCli(['report', join(dir, 'r.json'), '--format', 'table']).code).toBe(0);
    const refused = runCli(['dice', '-n', '10', '--seed', '1', '-j', '1', '--format', 'json', '--out', join(dir, 'x.csv')]);
    expect([refused.code, refused.stderr.trim()]).toEqual([2, `sim: option --out: ${join(dir, 'x.csv')} is named as a CSV file, but --format json writes JSON; give --format csv, or another name`]);
    expect(existsSync(join(dir, 'x.csv'))).toBe(false);
    // --brief shortens the text table only: a JSON name refuses it as --format json does.
    expect(runCli(['dice', '-n', '10', '--brief', '--out', join(dir, 'b.json')]).stderr).toMatch(/option --brief: shortens the table view \(--format table\); json keeps everything by design/);
  });
  it("--out-dir names the CSVs another run left there (tables of other names), and leaves them", () => {
    const dir = tempDir('sim-out-');
    expect(runCli(['dice', '-n', '10', '--seed', '1', '-j', '1', '-q', '--format', 'csv', '--out-dir', dir]).code).toBe(0);
    const dice = readdirSync(dir).sort();
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const again = runCli(['dice', '-n', '10', '--seed', '1', '-j', '1', '-q', '--format', 'csv', '--out-dir', dir]);
    expect(again.stderr).toBe('');
    const other = runCli(['genisys', 'attack', '-q', '--format', 'csv', '--out-dir', dir]);
    expect(other.code).toBe(0);
    expect(other.stderr).toMatch(new RegExp(`^sim: ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} also holds \\d+ CSV files? this run did not write \\(successes-per-roll\\.csv(, [^)]*)?\\): another run's tables, left as they were\n$`));
    for (const f of dice) expect(readdirSync(dir)).toContain(f);
  });
  it.skipIf(process.platform !== 'linux')('an --out-dir that cannot be made once the run ends (under /proc) puts the tables on stdout and exits 1, never hangs', () => {
    const r = runCli(['dice', '-n', '10', '--seed', '1', '--format', 'csv', '--out-dir', '/proc/no-such/tables']);
    expect([r.code, r.stderr.trim()]).toEqual([1, 'sim: error: option --out-dir: cannot make /proc/no-such/tables (ENOENT); nothing was written there, and the tables follow on stdout as CSV']);
    expect(r.stdout).toBe(runCli(['dice', '-n', '10', '--seed', '1', '--format', 'csv']).stdout);
  });
  it('--out never replaces a file a data file names (a deck\'s cards:): refused before any game is played, whichever command plays', () => {
    const dir = tempDir('sim-out-');
    const cards = join(dir, 'mycards.yaml');
    writeFileSync(cards, readFileSync(join(ROOT, 'scenarios/tccg/cards.yaml'), 'utf8'));
    const deck = join(dir, 'deck.yaml');
    writeFileSync(deck, `${readFileSync(join(ROOT, 'scenarios/tccg/resistance.yaml'), 'utf8')}\ncards: ${cards}\n`);
    const before = readFileSync(cards, 'utf8');
    for (const extra of [[], ['--shard', '1/1']]) {
      const r = runCli(['tccg', 'game', '--resistance-deck', deck, '-n', '10', '--seed', '1', '-j', '1', '-q', '--out', cards, ...extra]);
      expect([r.code, r.stderr.trim(), r.stdout]).toEqual([2, `sim: option --out: ${cards} is also a file this run read; write to another file`, '']);
      expect(readFileSync(cards, 'utf8')).toBe(before);
    }
    for (const args of [['compare', 'tccg', 'game', '--set', `resistanceDeck=${deck}`], ['policies', 'tccg', 'game', '--set', `resistanceDeck=${deck}`, '--policies', 'protect,fight'], ['tune', 'tccg', 'game', '--set', `resistanceDeck=${deck}`, '--vary', 'maxTurns=20|30', '--target', 'resistanceWins=0.5']]) {
      const c = runCli([...args, '-n', '10', '--seed', '1', '-j', '1', '-q', '--out', cards]);
      expect([c.code, c.stderr.trim(), c.stdout], args[0]).toEqual([2, `sim: option --out: ${cards} is also a file this run read; write to another file`, '']);
      expect(readFileSync(cards, 'utf8')).toBe(before);
    }
  });
  it("an output never replaces a file of the package's scenarios/ (data and stored measurements later runs read), whichever command writes and whether or not it reads it: refused before anything runs", () => {
    const cases: [string[], string, string][] = [
      [['gaps', 'darkfate'], '--out', 'scenarios/darkfate/policy-gap.yaml'],
      [['gaps', 'terror', '--format', 'json'], '--out', 'scenarios/terror/policy-gap.yaml'],
      [['darkfate', '-n', '3', '--seed', '1', '-j', '1', '-q'], '--out', 'scenarios/darkfate/sensitivity.yaml'],
      [['dualfates', 'match', '-n', '2', '--seed', '1', '-j', '1', '-q'], '--out', 'scenarios/dualfates/deployment.yaml'],
      [['dice', '-n', '3', '--seed', '1', '-q'], '--out', 'scenarios/darkfate/cards.yaml'],
      [['terror', '-n', '3', '--seed', '1', '-j', '1', '-q'], '--checkpoint', 'scenarios/terror/sensitivity.yaml'],
    ];
    // A stored measurement a game does not have yet: every later run of it would read the file written there.
    const absent = 'scenarios/genisys/sensitivity.yaml';
    expect(existsSync(join(ROOT, absent))).toBe(false);
    const r = runCli(['params', 'genisys', '--out', absent]);
    expect([r.code, r.stdout, existsSync(join(ROOT, absent))]).toEqual([2, '', false]);
    expect(r.stderr).toContain(`${absent} is a file of the package's scenarios/ folder`);
    for (const [args, option, rel] of cases) {
      const file = join(ROOT, rel);
      const before = readFileSync(file, 'utf8');
      try {
        const r = runCli([...args, option, rel]);
        expect([r.code, r.stderr.trim(), r.stdout], `${args.join(' ')} ${option} ${rel}`).toEqual([2, `sim: option '${option} <file>' argument '${rel}' is invalid. ${rel} is a file of the package's scenarios/ folder (${rel}): data and stored measurements that runs read, never replaced by an output; write to another file (reports/ keeps the golden reports).`, '']);
        expect(readFileSync(file, 'utf8')).toBe(before);
      } finally {
        // Were the refusal to fail, the repository's file is put back.
        writeFileSync(file, before);
      }
    }
    // A report written there is no one's data: written, and written again.
    const fresh = join(ROOT, 'scenarios', `out-test-${process.pid}.json`);
    try {
      expect(runCli(['dice', '-n', '3', '--seed', '1', '-q', '--format', 'json', '--out', fresh]).code).toBe(0);
      expect(existsSync(fresh)).toBe(true);
      expect(runCli(['dice', '-n', '3', '--seed', '2', '-q', '--format', 'json', '--out', fresh]).code).toBe(0);
    } finally {
      rmSync(fresh, { force: true });
    }
  });
  it('check --junit never replaces a file a golden\'s data names, known only once read: the report stands, exit 1', () => {
    const dir = tempDir('sim-out-');
    const cards = join(dir, 'mycards.yaml');
    writeFileSync(cards, readFileSync(join(ROOT, 'scenarios/tccg/cards.yaml'), 'utf8'));
    const deck = join(dir, 'deck.yaml');
    writeFileSync(deck, `${readFileSync(join(ROOT, 'scenarios/tccg/resistance.yaml'), 'utf8')}\ncards: ${cards}\n`);
    const golden = join(dir, 'g.json');
    expect(runCli(['tccg', 'game', '--resistance-deck', deck, '-n', '10', '--seed', '1', '-j', '1', '-q', '--format', 'json', '--out', golden]).code).toBe(0);
    const before = readFileSync(cards, 'utf8');
    const r = runCli(['check', golden, '-j', '1', '--junit', cards]);
    expect([r.code, r.stderr.trim()]).toEqual([1, `sim: error: option --junit: ${cards} is also a file this run read; nothing was written there (the outcomes are in the report above)`]);
    expect(r.stdout).toMatch(/identical/);
    expect(readFileSync(cards, 'utf8')).toBe(before);
  });
  it('a finished run whose --out cannot be written puts the report on stdout, says so, and exits 1', async () => {
    const { emitReport } = await import('../src/cli/emit.js');
    const { withIo } = await import('../src/cli/io.js');
    const file = join(tempDir('sim-out-'), 'gone', 'r.txt');
    let stdout = '';
    let stderr = '';
    const report = JSON.parse(readFileSync('reports/dice-default.json', 'utf8'));
    const code = await withIo({ stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } }, () => emitReport(report, { format: 'json', out: file, quiet: true } as never));
    expect(code).toBe(1);
    expect(stderr).toBe(`sim: error: ${file} could not be written: ENOENT (its folder is gone, or does not take files); the report follows on stdout\n`);
    expect(JSON.parse(stdout).title).toBe(report.title);
  });
});

describe('a stdout that cannot take the report', () => {
  // Real processes: the failure is the process's own stdout. Each run is a 10-game dice run.
  const args = [join(ROOT, 'bin/sim'), 'dice', '-n', '10', '--seed', '1', '-j', '1'];
  it('a reader gone before the report (`| head -c 0`) is exit 1 with one sim: line naming EPIPE, not a success', async () => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader goes away before anything is written
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^sim: error: the output could not be written to stdout: EPIPE \(the reader went away before reading it\)$/);
  });
  it('--out is unaffected by a reader gone from stdout and stderr (`--out r.txt 2>&1 | head -c 0`): exit 0, the report written', async () => {
    const file = join(tempDir('sim-stdout-'), 'r.txt');
    const child = spawn(process.execPath, [...args, '--out', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    child.stderr.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^3d6, success on 5\+/);
  });
  it('a stdout not open for writing (`1<file`) is exit 1 with one sim: line naming EBADF', () => {
    const readOnly = openSync(join(ROOT, 'package.json'), 'r');
    try {
      const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', readOnly, 'pipe'], encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toMatch(/^sim: error: the output could not be written to stdout: EBADF \(the descriptor is closed or not open for writing\)$/);
    } finally {
      closeSync(readOnly);
    }
  });
  it.skipIf(!existsSync('/bin/bash'))('a write the system takes only in part (a file size limit, as a disk filling up) is exit 1, never a short report with exit 0; --out keeps the old file', () => {
    // ulimit -f 16: at most 16 KiB a file; the Dark Fate JSON report is about 90 KB.
    const dir = tempDir('sim-short-');
    const file = join(dir, 'r.json');
    writeFileSync(file, 'precious\n');
    const sim = `'${process.execPath}' '${join(ROOT, 'bin', 'sim')}' darkfate -n 100 --seed 1 -j 1 --format json`;
    const viaOut = spawnSync('/bin/bash', ['-c', `ulimit -f 16; ${sim} --out '${file}' > /dev/null`], { cwd: ROOT, encoding: 'utf8' });
    expect(viaOut.status).toBe(1);
    expect(viaOut.stderr).toContain(`sim: error: ${file} could not be written: EFBIG (file too large (a file size limit was reached)); the report follows on stdout`);
    expect(readFileSync(file, 'utf8')).toBe('precious\n');
    expect(readdirSync(dir)).toEqual(['r.json']); // no temp file left
    const stdoutFile = join(dir, 's.json');
    const viaStdout = spawnSync('/bin/bash', ['-c', `ulimit -f 16; ${sim} > '${stdoutFile}'`], { cwd: ROOT, encoding: 'utf8' });
    expect([viaStdout.status, viaStdout.stderr.trim()]).toEqual([1, 'sim: error: the output could not be written to stdout: EFBIG (file too large (a file size limit was reached))']);
  });
  it('a second Ctrl-C stops at once: exit 130, nothing on stdout, and stderr says the completed games were not reported', async () => {
    // A slow run (the fault fixture asleep 10 ms every 1,000 games), under way once its first checkpoint is saved.
    const cp = join(tempDir('sim-twice-'), 'cp.json');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'sim'), '_fault', '-n', '2e5', '--pause', '10', '--seed', '1', '-j', '2', '--checkpoint', cp], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    for (let t = 0; t < 600 && !existsSync(cp); t++) await new Promise<void>((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    // The second once the first is taken (its notice on stderr).
    for (let t = 0; t < 200 && !/interrupted; reporting/.test(stderr); t++) await new Promise<void>((resolve) => setTimeout(resolve, 10));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([code, stdout]).toEqual([130, '']);
    expect(stderr).toMatch(/sim: stopped at once \(a second Ctrl-C\); the completed games were not reported/);
  });
  it.skipIf(!existsSync('/dev/full'))('a run stopped by Ctrl-C whose report cannot reach stdout (a full disk) is exit 1, not 130', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'sim'), 'darkfate', '-n', '1e7', '-j', '1'], { cwd: ROOT, stdio: ['ignore', full, 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      // Interrupted once it has started playing (its first note: the seed it chose), so a partial report is due.
      await new Promise<void>((resolve) => child.stderr!.once('data', () => setTimeout(resolve, 1000)));
      child.kill('SIGINT');
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect([code, stderr]).toEqual([1, expect.stringMatching(/sim: error: the output could not be written to stdout: ENOSPC/)]);
    } finally {
      closeSync(full);
    }
  });
});

describe('queued jobs are data', () => {
  it('a worker refuses a job whose n, seed, shard or confidence the command line would refuse, naming the field', async () => {
    const { checkShardJob } = await import('../src/cli/commands/distributed.js');
    const good = { runKey: '0123456789abcdef', identity: { tool: 'sim', version: '0.1.0', game: 'dice', paramsHash: 'h', params: {}, seed: 1, n: 1000, shards: 2 }, shard: 1, confidence: 0.95 } as never;
    expect(() => checkShardJob(good, '7')).not.toThrow();
    const edit = (f: (j: Record<string, any>) => void) => {
      const j = JSON.parse(JSON.stringify(good));
      f(j);
      return j;
    };
    expect(() => checkShardJob(edit((j) => (j.identity.n = 1e15)), '7')).toThrow(/^job 7: identity\.n: got 1000000000000000/);
    expect(() => checkShardJob(edit((j) => (j.identity.seed = 1.5)), '7')).toThrow(/^job 7: identity\.seed: got 1\.5/);
    expect(() => checkShardJob(edit((j) => (j.shard = 5)), '7')).toThrow(/^job 7: shard: got 5, expected a shard from 1 to 2/);
    expect(() => checkShardJob(edit((j) => (j.identity.shards = 0)), '7')).toThrow(/identity\.shards/);
    expect(() => checkShardJob(edit((j) => (j.confidence = 2)), '7')).toThrow(/confidence/);
    // The run key is printed by the worker: only the hash it is, never text that could drive a terminal.
    expect(() => checkShardJob(edit((j) => (j.runKey = 'rk\u001b]0;X\u0007')), '7')).toThrow(/^job 7: runKey: got .*, expected 16 hex digits/);
  });
});

describe('an error names a file, never quotes it', () => {
  it('a file that is not JSON, given to sim report or sim check, is refused without a word of its content', () => {
    const dir = tempDir('sim-quote-');
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'root:x:0:0:SECRET-LINE:/root:/bin/bash\n');
    for (const cmd of ['report', 'check']) {
      const r = runCli([cmd, secret]);
      expect([r.code, r.stderr.trim()], cmd).toEqual([2, `sim: ${secret}: not a JSON report (an unexpected character)`]);
    }
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"tool": "sim",\n  "title" "SECRET"}');
    // Where JSON.parse stops, in its words (the runtime's), as a line and column.
    const b = runCli(['report', broken]).stderr.trim();
    expect(b.startsWith(`sim: ${broken}: not a JSON report (`)).toBe(true);
    expect(b).toMatch(/ at line 2, column 11\)$/);
    expect(b).not.toMatch(/SECRET/);
  });
});

describe('sim report reads a saved report as data', () => {
  it('a hand-edited field of the wrong type exits 2 naming it; a saved partial report renders with exit 0 and says so', () => {
    const dir = tempDir('sim-report-');
    const saved = JSON.parse(runCli(['dice', '-n', '100', '--seed', '1', '-q', '--format', 'json']).stdout);
    const write = (name: string, edit: (j: Record<string, unknown>) => void) => {
      const j = JSON.parse(JSON.stringify(saved));
      edit(j);
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(j));
      return file;
    };
    for (const [field, value] of [['text', 5], ['notes', [1]], ['assumptions', 'x'], ['seed', 1.5], ['partial', 'yes']] as const) {
      const r = runCli(['report', write(`${field}.json`, (j) => (j[field] = value)), '--format', 'table']);
      expect(r.code, field).toBe(2);
      expect(r.stderr.trim(), field).toMatch(new RegExp(`^sim: .*${field}\\.json: field ${field}: expected`));
    }
    // What only the JSON Schema says: sim report and sim check refuse it with exit 2, naming the field.
    for (const [name, edit, message] of [
      ['version', (j: Record<string, any>) => (j.schemaVersion = 99), 'field schemaVersion: got 99; this sim reads reports of schemaVersion 1'],
      ['kind', (j: Record<string, any>) => (j.kind = 'nonsense'), 'field kind: got "nonsense"; must be equal to one of the allowed values ("game", "compare", "sweep", "sensitivity", "check", "params", "gaps")'],
      ['result', (j: Record<string, any>) => delete j.result, 'field result: missing (the report schema requires it)'],
      ['cell', (j: Record<string, any>) => (j.tables[0].rows[0] = { ...j.tables[0].rows[0], successes: { a: 1 } }), /(tables\[0\]\.rows\[0\]\.successes: expected a number, text, true\/false or null|field tables\.0\.rows\.0\.successes: got \{"a":1\}; must be string,number,boolean,null)$/],
      ['unversioned', (j: Record<string, any>) => delete j.schemaVersion, 'field schemaVersion: missing (a report that names its kind names its schemaVersion)'],
    ] as const) {
      const file = write(`${name}.json`, edit);
      for (const cmd of ['report', 'check']) {
        const r = runCli([cmd, file, '--format', 'table']);
        expect([r.code, r.stderr.trim()], `${cmd} ${name}`).toEqual([2, typeof message === 'string' ? `sim: ${file}: ${message}` : expect.stringMatching(message)]);
      }
    }
    // A report from before reports carried tables (no schemaVersion, no kind, no tables) would render as a title alone.
    const old = runCli(['report', write('old.json', (j) => (delete j.schemaVersion, delete j.kind, delete j.tables, delete j.text)), '--format', 'table']);
    expect([old.code, old.stdout]).toEqual([2, '']);
    expect(old.stderr).toMatch(/old\.json: field tables: missing \(a report from an older sim, which saved no tables\)/);
    const partial = runCli(['report', write('partial.json', (j) => (j.partial = true)), '--format', 'table']);
    expect(partial.code).toBe(0);
    expect(partial.stderr).toMatch(/is a partial report/);
    expect(partial.stdout).toContain('partial');
    // Edited after sim wrote it: drawn with a warning and a note (the note is in what is written again, under a new hash);
    // a terminal escape sequence in its text is drawn as U+FFFD, never sent to the terminal.
    const edited = write('edited.json', (j) => (j.title = 'Evil \u001b[2J\u001b[31mred'));
    const shown = runCli(['report', edited, '--format', 'table']);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toMatch(/warning: .*edited\.json was edited after sim wrote it \(its content hash does not match\)/);
    expect(shown.stdout).not.toMatch(/\u001b/);
    expect(shown.stdout).toMatch(/^Evil \ufffd\[2J\ufffd\[31mred$/m);
    const again = JSON.parse(runCli(['report', edited, '--format', 'json']).stdout);
    expect(again.notes[0]).toMatch(/^This report was edited after sim wrote it/);
    expect(again.contentHash).toBe(reportContentHash(again));
    // No hash at all: nothing shows whether it was edited; said, as for an edited one.
    const nohash = write('nohash.json', (j) => delete j.contentHash);
    const drawn = runCli(['report', nohash, '--format', 'json']);
    expect(drawn.stderr).toMatch(/warning: .*nohash\.json carries no content hash: nothing shows whether it was edited/);
    expect(JSON.parse(drawn.stdout).notes[0]).toMatch(/^This report was drawn from a file with no content hash/);
    // Drawn again, each keeps its one note (never cleared by rendering, never stacked), and says so.
    for (const [name, first, warning] of [['again1.json', drawn.stdout, /drawn from a file with no content hash \(its notes say so\)/], ['again2.json', JSON.stringify(again), /drawn from an edited report \(its notes say so\)/]] as const) {
      const file = join(dirname(nohash), name);
      writeFileSync(file, first);
      const r = runCli(['report', file, '--format', 'json']);
      expect(r.stderr).toMatch(warning);
      expect(JSON.parse(r.stdout).notes).toEqual(JSON.parse(first).notes);
    }
    const untouched = write('untouched.json', () => {});
    expect(JSON.parse(runCli(['report', untouched, '--format', 'json']).stdout).notes).toEqual(JSON.parse(readFileSync(untouched, 'utf8')).notes);
  });
});

describe('sim reads back what sim wrote', () => {
  it('sim report splits a saved report into one CSV per table (--out-dir), as the command that made it would', () => {
    const dir = tempDir('sim-report-outdir-');
    const saved = join(dir, 'r.json');
    expect(runCli(['dice', '-n', '100', '--seed', '1', '-j', '1', '-q', '--format', 'json', '--out', saved]).code).toBe(0);
    expect(runCli(['report', saved, '--format', 'csv', '--out-dir', join(dir, 'a'), '-q']).code).toBe(0);
    expect(runCli(['dice', '-n', '100', '--seed', '1', '-j', '1', '-q', '--format', 'csv', '--out-dir', join(dir, 'b')]).code).toBe(0);
    const names = readdirSync(join(dir, 'b')).sort();
    expect(readdirSync(join(dir, 'a')).sort()).toEqual(names);
    for (const n of names) expect(readFileSync(join(dir, 'a', n), 'utf8')).toBe(readFileSync(join(dir, 'b', n), 'utf8'));
  });
  it('a table of 200,000 rows (a sweep near its row cap) renders as a table: no call-stack overflow', async () => {
    const { render } = await import('../src/report/report.js');
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ k: i, p: i / 200_000 }));
    const report = { tool: 'sim', version: '0', game: 'x', title: 't', method: 'mc', params: {}, paramsHash: '', seed: 1, n: 1, confidence: 0.95, result: {}, assumptions: [], notes: [], tables: [{ title: 'big', columns: [{ key: 'k', header: 'k', format: 'int' }, { key: 'p', header: 'p', format: 'prob' }], rows }] };
    const text = render(report as never, 'table', { width: 100 });
    expect(text.split('\n').filter((l) => l.startsWith('│')).length).toBe(200_001);
  });
  it('a saved report over the 16 MiB allowed other inputs (a 200-cell sweep: 18 MB) renders with sim report (sim check reads goldens as large)', () => {
    const dir = tempDir('sim-big-');
    const file = join(dir, 'big.json');
    // A small report, then 17 MiB of the whitespace a JSON text may end with.
    writeFileSync(file, runCli(['dice', '-n', '100', '--seed', '1', '-q', '--format', 'json']).stdout + ' '.repeat(17 * 1024 * 1024));
    const r = runCli(['report', file, '--format', 'csv', '--table', '2', '-q']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^metric,exact,estimate,lo,hi\n/);
  });
});

describe('a checkpoint that cannot be saved', () => {
  it('costs nothing but itself: the run goes on, its report is written, and stderr says the checkpoint failed', async () => {
    const { spawn } = await import('node:child_process');
    const { rmSync, mkdirSync } = await import('node:fs');
    const { ROOT } = await import('./helpers/runCli.js');
    const dir = join(tempDir('sim-ck-'), 'gone');
    mkdirSync(dir);
    // A run that lasts a second or so without using the CPU (the test fixture sleeps every 1,000 games).
    const child = spawn(process.execPath, [join(ROOT, 'bin/sim'), '_fault', '-n', '1e5', '--pause', '10', '--seed', '1', '-j', '1', '--checkpoint', join(dir, 'c.json'), '--format', 'json'], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    // The folder goes once the first save is made (the file appears), before the run ends.
    const poll = setInterval(() => {
      if (existsSync(join(dir, 'c.json'))) {
        clearInterval(poll);
        rmSync(dir, { recursive: true, force: true });
      }
    }, 20);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(poll);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.n).toBe(1e5);
    expect(report.partial).toBeUndefined();
    expect(stderr).toMatch(/sim: checkpoint .*c\.json could not be saved .* its report is still written/);
  }, 60_000);
});

describe('the library leaves signals to its caller', () => {
  it('a program running a simulation through run() still ends on Ctrl-C (sim adds no signal listener without a bar)', async () => {
    const { spawn } = await import('node:child_process');
    const { ROOT } = await import('./helpers/runCli.js');
    const lib = join(ROOT, 'dist/src/cli/library.js');
    // 1e6 games of the fault fixture sleeping 10 ms every 1,000: ten seconds unless the signal ends it.
    const child = spawn(process.execPath, ['--input-type=module', '-e', `const { run } = await import(${JSON.stringify(lib)}); process.stdout.write('started\\n'); await run('_fault', { games: 1e6, seed: 1, jobs: 1, params: { pause: 10 } }); process.stdout.write('finished\\n');`], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('started')) setTimeout(() => child.kill('SIGINT'), 1500);
    });
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
    expect(out).not.toContain('finished');
    expect(signal ?? code).toBe('SIGINT');
  }, 30_000);
});

describe('a long table', () => {
  it('drawn in blocks of rows (cli-table3 is quadratic in rows), reads as the one table cli-table3 draws', async () => {
    const { default: Table } = await import('cli-table3');
    const { renderText } = await import('../src/report/report.js');
    // 250 rows (blocks of 100, the last one short), a header and cells that wrap onto two lines.
    const rows = Array.from({ length: 250 }, (_, i) => ({ name: i % 7 === 0 ? `row ${i} with a name long enough to wrap in its column` : `row ${i}`, note: `n${i % 13}` }));
    const columns = [{ key: 'name', header: 'name', format: 'text' as const }, { key: 'note', header: 'a header long enough to wrap', format: 'text' as const }];
    const table = { title: 'Rows', columns, rows };
    const report = { tool: 'sim', version: '0', game: 'dice', title: 'T', method: 'none', params: {}, paramsHash: '', seed: null, n: null, confidence: 0.95, result: {}, assumptions: [], notes: [], tables: [table] } as const;
    const text = renderText(report as never, { width: 40 });
    const drawn = text.slice(text.indexOf('┌'), text.lastIndexOf('┘') + 1);
    // The same rows as one cli-table3 table, with the column widths the text has.
    const widths = drawn.split('\n')[0].slice(1, -1).split('┬').map((w) => w.length);
    const one = new Table({ head: columns.map((c) => c.header), style: { head: [], border: [], compact: true }, colAligns: ['left', 'left'], colWidths: widths, wordWrap: true });
    for (const r of rows) one.push([r.name, r.note]);
    expect(widths).toHaveLength(2);
    expect(drawn).toBe(one.toString());
    expect(drawn.split('\n').length).toBeGreaterThan(250 + 36);
  });
});


describe('control characters from a data file never reach the terminal raw', () => {
  it('a card named with ESC and CSI (U+009B): the table shows U+FFFD; JSON escapes both and reads back the same name; HTML keeps none', async () => {
    const dir = tempDir('sim-controls-');
    const cards = join(dir, 'cards.yaml');
    const name = 'Pis\u001b[2Jtol\u009b31m';
    writeFileSync(cards, readFileSync(join(ROOT, 'scenarios/darkfate/cards.yaml'), 'utf8').replace('{ name: Pistol,', '{ name: "Pis\\e[2Jtol\\u009b31m",'));
    const run = (format: string) => runCli(['darkfate', '--cards', cards, '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', format]);
    const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
    const json = run('json');
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).not.toMatch(raw);
    expect(json.stdout).toContain('\\u009b');
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain(JSON.stringify(name).slice(1, -1));
    const html = run('html');
    expect(html.code, html.stderr).toBe(0);
    expect(html.stdout).toContain('Pis\ufffd[2Jtol\ufffd31m');
    expect(html.stdout).not.toMatch(raw);
    const table = run('table');
    expect(table.stdout).not.toMatch(raw);
    // Replaced before the layout: the card's row is as wide as its neighbour's (the columns line up).
    const lines = table.stdout.split('\n');
    const rows = lines.flatMap((l, i) => (l.includes('Pis\ufffd[2Jtol\ufffd31m') ? [i] : []));
    expect(rows.length).toBeGreaterThan(0);
    for (const i of rows) expect([...lines[i]].length, lines[i]).toBe([...lines[i + 1]].length);
    // The CSV files of --out-dir, as the CSV on stdout; a part file on stdout (--shard), escaped as JSON is.
    const outDir = join(dir, 'tables');
    const csv = runCli(['darkfate', '--cards', cards, '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'csv', '--out-dir', outDir]);
    expect(csv.code, csv.stderr).toBe(0);
    const files = readdirSync(outDir);
    expect(files.length).toBeGreaterThan(0);
    const texts = files.map((f) => readFileSync(join(outDir, f), 'utf8'));
    expect(texts.some((t) => t.includes('Pis\ufffd[2Jtol\ufffd31m'))).toBe(true);
    for (const t of texts) expect(t).not.toMatch(raw);
    const part = runCli(['darkfate', '--cards', cards, '-n', '20', '--seed', '1', '-j', '1', '-q', '--shard', '1/1']);
    expect(part.code, part.stderr).toBe(0);
    expect(part.stdout).not.toMatch(raw);
    expect(JSON.parse(part.stdout).kind).toBe('sim-part');
    // sim report of that report: as JSON the same document under the same hash (escaped, not
    // replaced); as a table, the replacement character.
    const saved = join(dir, 'saved.json');
    expect(runCli(['darkfate', '--cards', cards, '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json', '--out', saved]).code).toBe(0);
    const again = runCli(['report', saved, '--format', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/edited|warning/);
    expect(again.stdout).not.toMatch(raw);
    const original = JSON.parse(readFileSync(saved, 'utf8'));
    expect(JSON.parse(again.stdout).contentHash).toBe(original.contentHash);
    expect(JSON.parse(again.stdout).tables).toEqual(original.tables);
    expect(runCli(['report', saved, '--format', 'table']).stdout).toContain('Pis\ufffd[2Jtol\ufffd31m');
    // A view's failure line (a team that breaks a rule, naming the file's faction).
    const team = join(dir, 'team.yaml');
    writeFileSync(team, readFileSync(join(ROOT, 'scenarios/dualfates/teams/invalid-two-factions.yaml'), 'utf8').replace('faction: Example Order', 'faction: "Example \\e]0;X\\aOrder"'));
    const bad = runCli(['dualfates', 'team', team]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Example \ufffd]0;X\ufffdOrder');
    expect(bad.stderr).not.toMatch(raw);
  });
});
