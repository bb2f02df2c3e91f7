// Scale-out and robustness with real processes: shards + merge, Ctrl-C, checkpoints, failing and
// dying workers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seal, shardRange } from '../src/cli/runState.js';
import { deterministicJson, ROOT, runCli, runCliAsync } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';


function tmp(): string {
  return tempDir('sim-robust-');
}

describe('shards', () => {
  it('the partition is contiguous, disjoint and covers [0, n)', () => {
    for (const [n, m] of [[10, 3], [7, 7], [5, 8], [1e12 + 7, 13]] as const) {
      let at = 0;
      for (let k = 1; k <= m; k++) {
        const [from, to] = shardRange(n, k, m);
        expect(from).toBe(at);
        expect(to).toBeGreaterThanOrEqual(from);
        at = to;
      }
      expect(at).toBe(n);
    }
  });
  it('merging 3 shards gives the numbers of the one-machine run; bad part sets are refused', () => {
    const dir = tmp();
    const common = ['dice', '-n', '30001', '--seed', '12', '-q'];
    for (const k of [1, 2, 3]) expect(runCli([...common, '--shard', `${k}/3`, '--out', join(dir, `part-${k}.json`)]).code).toBe(0);
    const merged = runCli(['merge', join(dir, 'part-3.json'), join(dir, 'part-1.json'), join(dir, 'part-2.json'), '--format', 'json']);
    expect(merged.code).toBe(0);
    const whole = runCli([...common, '--format', 'json', '-j', '1']);
    expect(deterministicJson(merged.stdout)).toEqual(deterministicJson(whole.stdout));

    const missing = runCli(['merge', join(dir, 'part-1.json'), join(dir, 'part-3.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing shard\(s\) 2 of 3/);
    const twice = runCli(['merge', join(dir, 'part-1.json'), join(dir, 'part-1.json'), join(dir, 'part-2.json'), join(dir, 'part-3.json')]);
    expect(twice.stderr).toMatch(/shard 1\/3 appears twice/);
    expect(runCli(['dice', '-n', '30001', '--seed', '13', '-q', '--shard', '2/3', '--out', join(dir, 'other.json')]).code).toBe(0);
    const other = runCli(['merge', join(dir, 'part-1.json'), join(dir, 'other.json'), join(dir, 'part-3.json')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/other\.json: belongs to a different run .*seed \(12 vs 13\)/);
    // Other parameters: named with their values, not only by their hash.
    expect(runCli(['dice', '-n', '30001', '--seed', '12', '--count', '4', '-q', '--shard', '2/3', '--out', join(dir, 'four.json')]).code).toBe(0);
    expect(runCli(['merge', join(dir, 'part-1.json'), join(dir, 'four.json'), join(dir, 'part-3.json')]).stderr).toMatch(/four\.json: belongs to a different run than .*part-1\.json: parameters count \(3 vs 4\)/);
    expect(runCli(['dice', '--shard', '4/3']).code).toBe(2);
    // A part that holds fewer games than its shard (an interrupted worker) is refused.
    const part = JSON.parse(readFileSync(join(dir, 'part-2.json'), 'utf8'));
    part.calls[0].games -= 500;
    part.calls[0].totals.games -= 500;
    // Edited, the part no longer matches its content hash: refused for that alone.
    writeFileSync(join(dir, 'short.json'), JSON.stringify(part));
    expect(runCli(['merge', join(dir, 'part-1.json'), join(dir, 'short.json'), join(dir, 'part-3.json')]).stderr).toMatch(/short\.json: contentHash: does not match its content/);
    // Sealed again (as a buggy writer would), its coverage is still checked.
    writeFileSync(join(dir, 'short.json'), JSON.stringify(seal(part)));
    const short = runCli(['merge', join(dir, 'part-1.json'), join(dir, 'short.json'), join(dir, 'part-3.json')]);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/short\.json: simulation 0 holds 9500 games, shard 2\/3 needs 10000/);
    part.calls[0].games += 500;
    part.calls[0].totals.games += 500;
    part.range = [0, 10000];
    writeFileSync(join(dir, 'moved.json'), JSON.stringify(seal(part)));
    expect(runCli(['merge', join(dir, 'part-1.json'), join(dir, 'moved.json'), join(dir, 'part-3.json')]).stderr).toMatch(/covers games \[0,10000\], but shard 2\/3 is games \[10000, 20000\)/);
    // Histogram counts that do not add up to the metric's count: a damaged or hand-edited part.
    const edited = JSON.parse(readFileSync(join(dir, 'part-2.json'), 'utf8'));
    edited.calls[0].totals.metrics[0].bins[3] += 7;
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(seal(edited)));
    const bad = runCli(['merge', join(dir, 'part-1.json'), join(dir, 'edited.json'), join(dir, 'part-3.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^sim: .*edited\.json: call 0: saved metric \w+ is inconsistent: n \d+, but its bins and overflow hold \d+/);
    // Games claimed that no metric observed (a count raised by hand, the metrics left as they were).
    const raised = JSON.parse(readFileSync(join(dir, 'part-2.json'), 'utf8'));
    raised.calls[0].totals.games += 500;
    writeFileSync(join(dir, 'raised.json'), JSON.stringify(seal(raised)));
    const claimed = runCli(['merge', join(dir, 'part-1.json'), join(dir, 'raised.json'), join(dir, 'part-3.json')]);
    expect(claimed.code).toBe(2);
    expect(claimed.stderr).toMatch(/raised\.json: simulation 0 says 10000 games but its totals hold 10500, shard 2\/3 needs 10000/);
  });
});

describe('nothing lost', () => {
  /** A long _fault run (10 ms asleep every 1,000 games), interrupted once it has saved its first checkpoint at `cp`: during the run, not its start-up. */
  const interrupted = (extra: string[], cp: string) => runCliAsync(['_fault', '-n', '2e5', '--pause', '10', '--seed', '21', '-j', '2', ...extra, '--checkpoint', cp], { interruptWhen: () => existsSync(cp) });
  const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  it('Ctrl-C: reports the completed games marked partial, exits 130; the checkpoint resumes to identical numbers', async () => {
    const dir = tmp();
    const cp = join(dir, 'cp.json');
    const args = ['_fault', '-n', '2e5', '--pause', '10', '--seed', '21', '-j', '2', '--format', 'json', '--checkpoint', cp];
    // Interrupted once the run has saved its first checkpoint (at its first chunk): during the run, not its start-up.
    const r = await runCliAsync(args, { interruptWhen: () => existsSync(cp) });
    expect(r.code).toBe(130);
    const partial = JSON.parse(r.stdout);
    expect(partial.partial).toBe(true);
    expect(partial.n).toBeGreaterThan(0);
    expect(partial.n).toBeLessThan(2e5);
    expect(partial.result.coin.n).toBe(partial.n);
    expect(existsSync(cp)).toBe(true);
    const resumed = runCli(args);
    expect(resumed.code).toBe(0);
    // With its seed given, the resume is still said.
    expect(resumed.stderr).toContain(`sim: resuming ${cp}: the games it saved are not played again`);
    const fresh = runCli(args.filter((a, i) => a !== '--checkpoint' && args[i - 1] !== '--checkpoint'));
    expect(deterministicJson(resumed.stdout)).toEqual(deterministicJson(fresh.stdout));
    expect(JSON.parse(resumed.stdout).partial).toBeUndefined();
  }, 60_000);
  it('an interrupted shard never replaces the file at --out (a complete part there is kept), and says how far it got', async () => {
    const dir = tmp();
    const part = join(dir, 'part-1.json');
    const cp = join(dir, 'cp.json');
    expect(runCli(['_fault', '-n', '2000', '--seed', '21', '-q', '--shard', '1/2', '--out', part]).code).toBe(0);
    const complete = readFileSync(part, 'utf8');
    const r = await interrupted(['--shard', '1/2', '--out', part], cp);
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(new RegExp(`sim: shard 1/2 interrupted after \\d+ of its 100000 games, 0\\.\\.99999; ${escaped(part)} left as it was`));
    expect(readFileSync(part, 'utf8')).toBe(complete);
  }, 60_000);
  it('an interrupted run never replaces a CSV at --out (a CSV carries no partial mark), and says it is partial', async () => {
    const dir = tmp();
    const file = join(dir, 'r.csv');
    const cp = join(dir, 'cp.json');
    expect(runCli(['_fault', '-n', '2000', '--seed', '21', '-q', '--format', 'csv', '--out', file]).code).toBe(0);
    const complete = readFileSync(file, 'utf8');
    const r = await interrupted(['--format', 'csv', '--out', file], cp);
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(new RegExp(`sim: the CSV is partial: the run stopped after [\\d,]+ games, before its end \\(a CSV carries no mark of it\\): ${escaped(file)} is left as it was, and the partial CSV follows on stdout`));
    expect(readFileSync(file, 'utf8')).toBe(complete);
    expect(r.stdout.length).toBeGreaterThan(0);
    // A new file is written, and the partial run is said.
    const fresh = join(dir, 'new.csv');
    const w = await interrupted(['--format', 'csv', '--out', fresh], join(dir, 'cp2.json'));
    expect(w.code).toBe(130);
    expect(existsSync(fresh)).toBe(true);
    expect(w.stderr).toMatch(/sim: the CSV is partial: the run stopped after [\d,]+ games/);
    // A saved partial report rendered again (sim report) is what was asked for: written, said partial, exit 0.
    const saved = join(dir, 'partial.json');
    expect((await interrupted(['--format', 'json', '--out', saved], join(dir, 'cp3.json'))).code).toBe(130);
    const again = runCli(['report', saved, '--format', 'csv', '--out', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/sim: the CSV is partial: the run stopped after [\d,]+ games/);
    expect(readFileSync(file, 'utf8')).not.toBe(complete);
  }, 60_000);
  it('a checkpoint whose game count was raised by hand (its metrics left as they were) is refused, not reported as a whole run', async () => {
    const dir = tmp();
    const cp = join(dir, 'cp.json');
    const r = await interrupted(['--format', 'json'], cp);
    expect(r.code).toBe(130);
    const saved = JSON.parse(readFileSync(cp, 'utf8'));
    saved.calls[0].games = 2e5;
    saved.calls[0].totals.games = 2e5;
    writeFileSync(cp, JSON.stringify(seal(saved)));
    const resumed = runCli(['_fault', '-n', '2e5', '--pause', '10', '--seed', '21', '-j', '2', '--format', 'json', '--checkpoint', cp]); // the same run, resumed
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/saved totals are inconsistent: 200000 games, but the most any metric observed is \d+ \(each game records its outcome\)/);
  }, 60_000);
  it('rerunning the same command without --seed resumes its checkpoint with the seed it used', async () => {
    const dir = tmp();
    const cp = join(dir, 'cp.json');
    const args = ['_fault', '-n', '2e5', '--pause', '10', '-j', '2', '--format', 'json', '--checkpoint', cp];
    // Interrupted once the run has saved its first checkpoint (at its first chunk): during the run, not its start-up.
    const r = await runCliAsync(args, { interruptWhen: () => existsSync(cp) });
    expect(r.code).toBe(130);
    const seed = JSON.parse(r.stdout).seed;
    const resumed = runCli(args);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`resuming ${cp} with its seed ${seed}`);
    expect(JSON.parse(resumed.stdout).seed).toBe(seed);
    expect(JSON.parse(resumed.stdout).n).toBe(2e5);
  }, 60_000);
  it('a bad --out or --checkpoint folder is refused before any game is played', () => {
    const r = runCli(['dice', '-n', '1e9', '--out', '/nonexistent-dir/r.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out <file>.*\/nonexistent-dir is not an existing, writable folder/);
    expect(runCli(['dice', '-n', '1e9', '--checkpoint', '/nonexistent-dir/c.json']).code).toBe(2);
  });
  it('a checkpoint of another run is refused', () => {
    const dir = tmp();
    const cp = join(dir, 'cp.json');
    expect(runCli(['dice', '-n', '1000', '--seed', '1', '--checkpoint', cp, '-q']).code).toBe(0);
    const r = runCli(['dice', '-n', '1000', '--seed', '2', '--checkpoint', cp, '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/checkpoint of a different run: seed \(1 vs 2\)/);
    // A shard's checkpoint for a whole run: "none", never "undefined".
    const shard = join(dir, 'shard.json');
    expect(runCli(['dice', '-n', '1000', '--seed', '1', '--shard', '1/2', '--checkpoint', shard, '--out', join(dir, 'p.json'), '-q']).code).toBe(0);
    expect(runCli(['dice', '-n', '1000', '--seed', '1', '--checkpoint', shard, '-q']).stderr).toMatch(/checkpoint of a different run: shards \(2 vs none\)\n$/);
  });
  it('--out is atomic: an interrupted or failed run leaves no half-written file', () => {
    const dir = tmp();
    const out = join(dir, 'r.json');
    const r = runCli(['_fault', '-n', '1e5', '--fail-at', '500', '--seed', '1', '-j', '1', '--out', out]);
    expect(r.code).toBe(1);
    expect(existsSync(out)).toBe(false);
  });
  for (const [mode, jobs, pattern] of [
    ['throw', '1', /game 777: injected fault — replay it: the game's command \(sim GAME\) with these parameters, --seed 4 and --trace 777/],
    ['throw', '2', /game 777: injected fault — replay it: the game's command \(sim GAME\) with these parameters, --seed 4 and --trace 777/],
    ['exit', '2', /worker exited .*replay it: the game's command \(sim GAME\) with these parameters, --seed 4/],
  ] as const) {
    it(`a worker that ${mode === 'exit' ? 'dies' : 'throws'} (-j ${jobs}): exit 1 naming the chunk and seed, no numbers`, () => {
      const r = runCli(['_fault', '-n', '2e5', '--fail-at', '777', '--mode', mode, '--seed', '4', '-j', jobs, '--chunk-size', '10000', '--format', 'json'], { timeoutMs: 30_000 });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/chunk 0 \(games 0\.\.9999, seed 4\) failed/);
      expect(r.stderr).toMatch(pattern);
    });
  }
});

describe('hidden fixture', () => {
  it('_fault is not listed in --help', () => {
    expect(runCli(['--help']).stdout).not.toContain('_fault');
    expect(readFileSync(join(ROOT, 'src/games/index.ts'), 'utf8')).toMatch(/_fault: \{[^}]*hidden: true/);
  });
});
