import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectEstimates, statisticalFindings } from '../src/report/goldenDiff.js';
import { numericDiffs } from '../src/report/numericDiffs.js';
import { hashOf } from '../src/core/hash.js';
import { reportContentHash } from '../src/report/report.js';
import { ROOT, runCli, runCliAsync } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

function tempCopy(transform?: (j: Record<string, any>) => void, golden = 'dice-default'): { dir: string; file: string } {
  const dir = tempDir('sim-check-');
  const file = join(dir, `${golden}.json`);
  copyFileSync(`reports/${golden}.json`, file);
  if (transform) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    transform(j);
    // Sealed again, as a golden recorded by an older or newer engine would be (an unsealed edit is refused: see below).
    if (j.contentHash !== undefined) j.contentHash = reportContentHash(j);
    writeFileSync(file, JSON.stringify(j));
  }
  return { dir, file };
}

describe('sim check', () => {
  it('Ctrl-C while a golden reruns is neither a pass nor a failure: exit 130, the report says what was not checked', async () => {
    // A golden whose rerun lasts seconds without using the CPU (the fault fixture, sleeping 5 ms
    // every 1,000 games), then another: interrupted during the first.
    const dir = tempDir('sim-check-int-');
    const file = join(dir, 'fault.json');
    expect(runCli(['_fault', '-n', '1000', '--pause', '5', '--seed', '1', '-j', '1', '-q', '--format', 'json', '--out', file]).code).toBe(0);
    const j = JSON.parse(readFileSync(file, 'utf8'));
    j.rerun.n = 2e6;
    j.n = 2e6;
    j.contentHash = reportContentHash(j);
    writeFileSync(file, JSON.stringify(j));
    const junit = join(tempDir('sim-check-junit-'), 'junit.xml');
    const r = await runCliAsync(['check', file, 'reports/dice-default.json', '-j', '1', '--max-games', '1e8', '--junit', junit], { interruptAfterMs: 1500 });
    expect(r.code).toBe(130);
    // The JUnit file, when written, lists them as errors (not run to the end), not failures: a cancelled CI job is no regression, nor a pass.
    if (r.stdout) expect(readFileSync(junit, 'utf8')).toMatch(/tests="2" failures="0" errors="2" skipped="0"/);
    expect(r.stdout).not.toMatch(/[1-9]\d* failed/);
    // Unless the signal came during start-up (then nothing is reported at all), the table says which were not checked.
    if (r.stdout) expect(r.stdout).toMatch(/interrupted: 2 not checked[\s\S]*not checked/);
  }, 60_000);
  it("a file a golden's data names (a deck's cards:) is read under the golden's own rule: /etc/passwd is refused, never quoted", () => {
    const dir = tempDir('sim-check-nested-');
    const deck = join(dir, 'res.yaml');
    writeFileSync(join(dir, 'cards.yaml'), readFileSync('scenarios/tccg/cards.yaml'));
    writeFileSync(deck, readFileSync('scenarios/tccg/resistance.yaml', 'utf8').replace('side: resistance', 'cards: cards.yaml\nside: resistance'));
    const golden = join(dir, 'golden.json');
    expect(runCli(['tccg', 'opening', '--resistance-deck', deck, '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json', '--out', golden]).code).toBe(0);
    expect(runCli(['check', golden]).code).toBe(0);
    for (const target of ['/etc/passwd', 'link.yaml']) {
      if (target === 'link.yaml') symlinkSync('/etc/passwd', join(dir, 'link.yaml'));
      writeFileSync(deck, readFileSync('scenarios/tccg/resistance.yaml', 'utf8').replace('side: resistance', `cards: ${target}\nside: resistance`));
      const r = runCli(['check', golden]);
      expect(r.code, target).toBe(2);
      expect(r.stderr, target).toMatch(target === 'link.yaml' ? /link\.yaml leads \(through a link\) outside the folders this command may read/ : /is outside the folders this command may read/);
      // A folder may hold many goldens: the refusal names the one it came from.
      expect(r.stderr.startsWith(`sim: ${golden}: `), r.stderr).toBe(true);
      expect(r.stderr + r.stdout, target).not.toMatch(/root:/);
    }
    // With --allow-code the owner of the golden takes responsibility: the file is read (and is no card file).
    expect(runCli(['check', golden, '--allow-code']).stderr).not.toMatch(/outside the folders/);
  });
  it('refuses a golden edited after it was recorded (its content hash), naming the file and the field', () => {
    const { file } = tempCopy();
    const j = JSON.parse(readFileSync(file, 'utf8'));
    j.result.distribution[1].estimate += 0.01;
    writeFileSync(file, JSON.stringify(j));
    const r = runCli(['check', file, '-j', '1']);
    expect([r.code, r.stderr.trim()]).toEqual([2, `sim: ${file}: contentHash: does not match its content (the golden was edited after it was recorded); record it again`]);
    // Its text and tables edited and the hash deleted: nothing shows the edit (the re-run compares the result alone), so it is refused too.
    const bare = JSON.parse(readFileSync(tempCopy().file, 'utf8'));
    delete bare.contentHash;
    bare.text = 'edited';
    const { file: nohash } = tempCopy();
    writeFileSync(nohash, JSON.stringify(bare));
    const n = runCli(['check', nohash, '-j', '1']);
    expect([n.code, n.stdout]).toEqual([2, '']);
    expect(n.stderr.trim()).toBe(`sim: ${nohash}: carries no contentHash: nothing shows whether it was edited after it was recorded (sim writes one into every JSON report); record it again`);
  });
  it('passes on the golden reports in reports/', () => {
    const r = runCli(['check', 'reports/', '-j', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 failed/);
    // Every golden there also renders (sim report): one recorded by an older sim, without its tables, failed to.
    for (const f of readdirSync('reports').filter((x) => x.endsWith('.json'))) expect(runCli(['report', join('reports', f), '--format', 'table']).stderr, f).toBe('');
  });
  it('a golden recorded by an older sim (no schemaVersion, no tables) still checks, and sim report says why it cannot draw it', () => {
    const file = 'test/fixtures/dice-older-sim.json';
    const j = JSON.parse(readFileSync(file, 'utf8'));
    expect(j.schemaVersion).toBeUndefined();
    expect(j.tables).toBeUndefined();
    const r = runCli(['check', file, '-j', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/identical/);
    expect(runCli(['report', file]).stderr).toMatch(/field tables: missing \(a report from an older sim, which saved no tables\); re-run it and save it again to render it/);
  });
  it('a part file or a checkpoint given to sim check or sim report says what it is and what to do with it', () => {
    const dir = tempDir('sim-check-part-');
    try {
      const part = join(dir, 'part-1.json');
      const cp = join(dir, 'cp.json');
      expect(runCli(['dice', '-n', '200', '--seed', '1', '--shard', '1/2', '--out', part, '-j', '1', '-q']).code).toBe(0);
      expect(runCli(['dice', '-n', '200', '--seed', '1', '--checkpoint', cp, '-j', '1', '-q']).code).toBe(0);
      for (const cmd of ['check', 'report']) {
        const p = runCli([cmd, part]);
        expect([p.code, p.stderr], cmd).toEqual([2, `sim: ${part}: a part file of a sharded run (--shard), not a report: merge the parts with \`sim merge part-*.json\`\n`]);
        const c = runCli([cmd, cp]);
        expect([c.code, c.stderr], cmd).toEqual([2, `sim: ${cp}: a checkpoint (--checkpoint), not a report: run the command again with --checkpoint FILE to resume it\n`]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('a folder is searched one level deep, and its subfolders are said to be left out (not skipped unsaid)', () => {
    const dir = tempDir('sim-check-sub-');
    try {
      copyFileSync('reports/dice-default.json', join(dir, 'a.json'));
      mkdirSync(join(dir, 'sub'));
      copyFileSync('reports/dice-default.json', join(dir, 'sub', 'b.json'));
      const r = JSON.parse(runCli(['check', dir, '-j', '1', '--format', 'json']).stdout);
      expect(r.result.map((x: { file: string }) => x.file)).toEqual([join(dir, 'a.json')]);
      expect(r.notes).toEqual([`Not searched (a folder's own *.json files only): 1 subfolder, ${join(dir, 'sub')}; name them to check their reports.`]);
      expect(JSON.parse(runCli(['check', 'reports/', '-j', '1', '--format', 'json']).stdout).notes).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('checks a golden from another folder: a relative path recorded from the repository root is found in the tool\'s own folder', () => {
    // darkfate-default names scenarios/darkfate/cards.yaml, relative to where it was recorded.
    expect(JSON.parse(readFileSync(join(ROOT, 'reports/darkfate-default.json'), 'utf8')).rerun.params.cards).toBe('scenarios/darkfate/cards.yaml');
    const r = runCli(['check', join(ROOT, 'reports/darkfate-default.json'), '-j', '1', '--format', 'json'], { cwd: tempDir('sim-check-cwd-') });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout).result[0].detail).toBe('identical');
  });
  it('fails with a diff table when a parameter changed (exact mode), and writes well-formed JUnit', () => {
    const { dir, file } = tempCopy((j) => (j.rerun.params.target = 6));
    const junit = join(dir, 'junit.xml');
    const r = runCli(['check', file, '--junit', junit]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL/);
    // The hash difference is explained: the parameter that differs, not an opaque hash.
    expect(r.stdout).toMatch(/params\.target/);
    expect(r.stdout).toMatch(/distribution\[0\]\.estimate/);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toMatch(/<testsuite name="sim check" tests="1" failures="1"/);
    expect(xml).toMatch(/<testcase classname="sim.check" name="[^"]*dice-default.json">\s*<failure message="[^"]+">[^<]*<\/failure>\s*<\/testcase>/);
    expect(xml.trim().endsWith('</testsuite>')).toBe(true);
  });
  it('exact mode: a parameter added after the golden, left at its default, passes with identical numbers; changed data does not', () => {
    // A golden recorded before `target` existed: no such key in params or rerun.params, and the
    // paramsHash of those params (the dice game has no rules data).
    const dir = tempDir('sim-check-');
    const file = join(dir, 'older.json');
    expect(runCli(['dice', '-n', '2000', '--seed', '5', '--format', 'json', '--out', file]).code).toBe(0);
    const fresh = JSON.parse(readFileSync(file, 'utf8'));
    const older = (edit: (j: any) => void): string => {
      const j = structuredClone(fresh);
      delete j.params.target;
      delete j.rerun.params.target;
      j.paramsHash = hashOf({ params: j.params, rulesData: null });
      edit(j);
      if (j.contentHash !== undefined) j.contentHash = reportContentHash(j);
      const f = join(dir, `g${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(f, JSON.stringify(j));
      return f;
    };
    const ok = runCli(['check', older(() => {}), '--format', 'json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).result[0].detail).toMatch(/^identical; new parameter\(s\) at their default since the golden: target$/);
    // Without a dataHash the golden cannot show that its data is unchanged: still a failure, with the reason.
    const noData = runCli(['check', older((j) => delete j.dataHash), '--format', 'json']);
    expect(noData.code).toBe(1);
    const [outcome] = JSON.parse(noData.stdout).result;
    expect(outcome.detail).toMatch(/numbers identical; new parameter\(s\) at their default since the golden: target/);
    expect(outcome.findings.map((f: any) => f.path)).toEqual(['paramsHash']);
    // Changed rules data is named as such.
    const data = runCli(['check', older((j) => (j.dataHash = '0123456789abcdef')), '--format', 'json']);
    expect(data.code).toBe(1);
    expect(JSON.parse(data.stdout).result[0].findings[0]).toMatchObject({ path: 'data', golden: '0123456789abcdef' });
    // A parameter the golden has with another value is a difference, whatever the numbers.
    const other = runCli(['check', older((j) => (j.params.sides = 7)), '--format', 'json']);
    expect(other.code).toBe(1);
    expect(JSON.parse(other.stdout).result[0].findings[0]).toMatchObject({ path: 'params.sides', golden: '7', current: '6' });
  });
  it('--tolerance stat: another seed is compatible; a changed rule is not', () => {
    const other = tempCopy((j) => (j.seed = j.rerun.seed = 999));
    const exact = runCli(['check', other.file]);
    expect(exact.code).toBe(1);
    const stat = runCli(['check', other.file, '--tolerance', 'stat']);
    expect(stat.code).toBe(0);
    expect(stat.stdout).toMatch(/estimates tested/);
    const changed = tempCopy((j) => (j.rerun.params.target = 4));
    const bad = runCli(['check', changed.file, '--tolerance', 'stat']);
    expect(bad.code).toBe(1);
  });
  it('fails when the assumptions a golden states differ from the rerun\'s, even with identical numbers (both modes)', () => {
    // The Genisys golden (18 stated assumptions, exact: instant to rerun).
    const { dir, file } = tempCopy((j) => (j.assumptions[0] = 'an assumption the engine no longer makes'), 'genisys-default');
    for (const mode of ['exact', 'stat']) {
      const r = runCli(['check', file, '--tolerance', mode, '--format', 'json']);
      expect(r.code).toBe(1);
      const [outcome] = JSON.parse(r.stdout).result;
      // A reworded line: the golden's is dropped, the rerun's added.
      expect(outcome.detail).toMatch(/assumptions: 1 added, 1 dropped/);
      expect(outcome.findings[0]).toMatchObject({ path: 'assumptions[0]', golden: 'an assumption the engine no longer makes', current: '(none)' });
    }
    // One line inserted into the golden is one finding, not a shift of every line after it; order alone is no change.
    const inserted = tempCopy((j) => j.assumptions.splice(1, 0, 'an extra claim'), 'genisys-default');
    const ins = JSON.parse(runCli(['check', inserted.file, '--format', 'json']).stdout).result[0];
    expect(ins.detail).toMatch(/assumptions: 1 dropped$/);
    expect(ins.findings).toEqual([{ path: 'assumptions[1]', golden: 'an extra claim', current: '(none)' }]);
    const reordered = tempCopy((j) => j.assumptions.reverse(), 'genisys-default');
    expect(runCli(['check', reordered.file]).code).toBe(0);
    // (From the report's folder: a long temporary path is one word, and words are never cut.)
    const table = runCli(['check', 'genisys-default.json'], { cwd: dir });
    expect(table.stdout).toMatch(/Assumptions that differ/);
    expect(Math.max(...table.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    let last = -1;
    const dropped = tempCopy((j) => {
      j.assumptions.pop();
      last = j.assumptions.length;
    }, 'genisys-default');
    const r = runCli(['check', dropped.file, '--format', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result[0].findings[0]).toMatchObject({ path: `assumptions[${last}]`, golden: '(none)' });
  });
  it('the rerun block is validated like command-line input (exit 2 naming the field)', () => {
    const cases: [(j: Record<string, any>) => void, RegExp][] = [
      [(j) => (j.rerun.seed = 'abc'), /rerun\.seed: got "abc"/],
      [(j) => (j.rerun.n = 10.5), /rerun\.n: got 10\.5/],
      [(j) => (j.rerun.n = 0), /rerun\.n: got 0/],
      [(j) => (j.rerun.params.bogus = 1), /rerun\.params\.bogus: unknown parameter "bogus"/],
      [(j) => (j.rerun.params.sides = 1), /rerun\.params\.sides: got 1, expected an integer in \[2, 1000\]/],
      [(j) => (j.confidence = 2), /confidence: got 2/],
    ];
    for (const [change, pattern] of cases) {
      const { file } = tempCopy(change);
      const r = runCli(['check', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(pattern);
    }
  });
  it('--tolerance stat tests the Monte Carlo estimates of every game (Dual Fates k of n) and compares exact values as numbers', () => {
    const other = tempCopy((j) => (j.seed = j.rerun.seed = 999), 'dualfates-mc-check');
    const stat = runCli(['check', other.file, '--tolerance', 'stat', '--format', 'json']);
    expect(stat.code, stat.stdout).toBe(0);
    expect(JSON.parse(stat.stdout).result[0].detail).toMatch(/^\d+ estimates tested/);
    // An exact value beside the estimates has no sampling error: a change fails even in stat mode.
    const exact = tempCopy((j) => (j.result.distribution[0].exact = 0.3));
    const r = runCli(['check', exact.file, '--tolerance', 'stat', '--format', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result[0].findings[0]).toMatchObject({ path: 'distribution[0].exact', golden: 0.3 });
    expect(JSON.parse(r.stdout).result[0].detail).toMatch(/^\d+ estimates tested \(Holm, alpha 0\.01\); 1 exact value\(s\) differ$/);
  });
  it('a report no single run reproduces, or an interrupted one, fails as "not a golden" and the others are still checked', () => {
    const dir = tempDir('sim-check-');
    copyFileSync('reports/dice-default.json', join(dir, 'a-dice.json'));
    expect(runCli(['compare', 'dice', '--set', 'target=4', '-n', '200', '--seed', '1', '--format', 'json', '--out', join(dir, 'b-compare.json')]).code).toBe(0);
    const partial = JSON.parse(readFileSync('reports/dice-default.json', 'utf8'));
    partial.partial = true;
    partial.n = 5000;
    partial.contentHash = reportContentHash(partial);
    writeFileSync(join(dir, 'c-partial.json'), JSON.stringify(partial));
    const r = runCli(['check', dir, '--format', 'json']);
    expect(r.code).toBe(1);
    const byFile = Object.fromEntries(JSON.parse(r.stdout).result.map((o: any) => [o.file.split('/').pop(), o]));
    expect(byFile['a-dice.json'].passed).toBe(true);
    expect(byFile['b-compare.json'].detail).toMatch(/^not a golden: no "rerun" block \(a comparison, sweep/);
    expect(byFile['c-partial.json'].detail).toBe('not a golden: a partial report (interrupted after 5000 of 100000 games); record it again');
  });
  it('a golden whose header (seed, n, params) says another run than its rerun block replays fails as "not a golden", whatever its hash', () => {
    const detailOf = (transform: (j: Record<string, any>) => void) => {
      const { dir } = tempCopy(transform);
      const r = runCli(['check', dir, '--format', 'json']);
      expect(r.code).toBe(1);
      return JSON.parse(r.stdout).result[0].detail as string;
    };
    expect(detailOf((j) => (j.seed = 77))).toBe('not a golden: it says seed 77 but its rerun block replays seed 1; record it again');
    expect(detailOf((j) => (j.n = 999999))).toBe('not a golden: it says n 999999 but its rerun block replays n 100000; record it again');
    expect(detailOf((j) => (j.params.count = 4))).toBe('not a golden: its params say count 4 but its rerun block plays count 3; record it again');
  });
  it('a number only one side has is a difference (compare and check)', () => {
    expect(numericDiffs({ x: [1, 2], y: { a: 1 } }, { x: [1, 2, 3], y: { a: 1, b: 2 } })).toEqual([
      { path: 'x[2]', a: NaN, b: 3 },
      { path: 'y.b', a: NaN, b: 2 },
    ]);
    expect(numericDiffs({ x: [1, 2] }, { x: [1] })).toEqual([{ path: 'x[1]', a: 2, b: NaN }]);
    // An unknown value read back from JSON (null) equals the rerun's NaN; a number turning unknown is a difference.
    expect(numericDiffs({ lo: null, hi: 2 }, { lo: NaN, hi: NaN })).toEqual([{ path: 'hi', a: 2, b: NaN }]);
    const r = runCli(['compare', 'genisys attack', '--set', 'rof=3', '--format', 'csv', '-q']);
    expect(r.stdout).toMatch(/^hits\[3\],,0\.125,$/m);
  });
  it('unreadable or foreign files exit 2', () => {
    const dir = tempDir('sim-check-');
    writeFileSync(join(dir, 'x.json'), '{"not": "a report"}');
    const r = runCli(['check', join(dir, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no "rerun" block/);
    expect(runCli(['check', join(dir, 'missing.json')]).code).toBe(2);
    writeFileSync(join(dir, 'null.json'), 'null');
    const nul = runCli(['check', join(dir, 'null.json')]);
    expect([nul.code, nul.stderr.trim()]).toEqual([2, `sim: ${join(dir, 'null.json')}: not a report (a JSON object)`]);
    // An option of --tolerance stat alone has no effect on an exact check.
    const alpha = runCli(['check', 'reports/dice-default.json', '--alpha', '0.5']);
    expect([alpha.code, alpha.stderr.trim()]).toEqual([2, 'sim: option --alpha: the error rate of --tolerance stat has no effect on an exact check; add --tolerance stat']);
  });
  it('in a folder, a file that is not a golden fails its row and the others are still checked (exit 1)', () => {
    const dir = tempDir('sim-check-');
    writeFileSync(join(dir, 'a-broken.json'), '{"truncated": ');
    writeFileSync(join(dir, 'b-good.json'), runCli(['dice', '--count', '2', '-n', '200', '--seed', '1', '--format', 'json', '-q']).stdout);
    const r = runCli(['check', dir, '--format', 'csv', '-q']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/a-broken\.json,FAIL,not a golden: not a JSON report/);
    expect(r.stdout).toMatch(/b-good\.json,ok,identical/);
    // A refusal of a sound golden is not "not a golden": a rerun past --max-games stops the check (exit 2).
    rmSync(join(dir, 'a-broken.json'));
    writeFileSync(join(dir, 'c-more.json'), runCli(['dice', '--count', '2', '-n', '300', '--seed', '1', '--format', 'json', '-q']).stdout);
    const refused = runCli(['check', dir, '--max-games', '250', '--format', 'csv', '-q']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/rerun\.n: 300 games, more than --max-games 250/);
  });
  it('collects proportions and means from result trees; Holm keeps equal results compatible', () => {
    const est = collectEstimates({ win: { estimate: 0.5, k: 50, n: 100, lo: 0.4, hi: 0.6 }, turns: { mean: 10, se: 0.1 }, perShot: { hit: { estimate: 0.52, lo: 0.5, hi: 0.54, se: 0.01 } }, bare: { estimate: 0.3, lo: 0.2, hi: 0.4 } });
    expect([...est.keys()]).toEqual(['win', 'turns', 'perShot.hit']);
    expect(est.get('perShot.hit')).toEqual({ kind: 'mean', mean: 0.52, se: 0.01 });
    const same = statisticalFindings({ w: { estimate: 0.5, k: 500, n: 1000 } }, { w: { estimate: 0.52, k: 520, n: 1000 } }, 0.01);
    expect(same).toEqual({ tested: 1, untested: 0, findings: [] });
    const diff = statisticalFindings({ w: { estimate: 0.5, k: 500, n: 1000 } }, { w: { estimate: 0.6, k: 600, n: 1000 } }, 0.01);
    expect(diff.findings).toHaveLength(1);
  });
  it('an estimate the rerun dropped (or turned into another kind, or played no games for) is a finding, not skipped', () => {
    const golden = { a: { estimate: 0.5, k: 50, n: 100 }, b: { estimate: 0.3, k: 30, n: 100 }, m: { mean: 3, se: 0.2 }, z: { estimate: 0.2, k: 20, n: 100 } };
    const r = statisticalFindings(golden, { a: { estimate: 0.5, k: 50, n: 100 }, m: { estimate: 3, k: 3, n: 1 }, z: { estimate: 0, k: 0, n: 0 } }, 0.01);
    expect(r.findings).toEqual([
      { path: 'b', golden: 0.3, current: '(absent)' },
      { path: 'm', golden: 3, current: '(proportion, not a mean)' },
      { path: 'z', golden: 0.2, current: '(absent)' },
    ]);
    expect(r.tested).toBe(1);
  });
  it('a mean with no spread (se 0 or unknown) on either side is untested, never a certain failure', () => {
    const r = statisticalFindings({ t: { mean: 3, se: 0 }, u: { mean: 5, se: 0.5 } }, { t: { mean: 4, se: 0 }, u: { mean: 5.1, se: NaN } }, 0.01);
    expect(r).toEqual({ tested: 0, untested: 2, findings: [] });
    // Equal values with no spread pass without counting as untested.
    expect(statisticalFindings({ t: { mean: 3, se: 0 } }, { t: { mean: 3, se: 0 } }, 0.01)).toEqual({ tested: 0, untested: 0, findings: [] });
  });
});
