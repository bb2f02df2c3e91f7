import { writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Layout, Totals } from '../src/core/aggregate.js';
import { pairedSim, perGameIndex, perGameOutcomes, splitPairedTotals, type PairedParams } from '../src/run/paired.js';
import { pairedStep } from '../src/cli/commands/ladder.js';
import { runSimulation } from '../src/run/runner.js';
import { binomialHalfTwoSided, normalCdf, pairedProportionDifference, studentTTwoSided } from '../src/core/stats.js';
import { randIndex, streamFor } from '../src/core/rng.js';
import { diceSim } from '../src/games/dice/diceSim.js';
import { commonTitle, crossProduct, expandAxis, parseGrid, SweepCells } from '../src/cli/commands/sweep.js';
import type { Report } from '../src/core/reportTypes.js';
import { parseDifference } from '../src/cli/commands/compare.js';
import { nextTargetBatch } from '../src/run/stopping.js';
import { columnLabels } from '../src/report/charts.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';
import { calibrationWords } from '../src/games/tccg/gameMode.js';

const side = (target: number) => {
  const params = { count: 3, sides: 6, target };
  return { simId: 'dice/roll', params, metrics: diceSim.metrics(params) };
};

describe('paired tests against known values', () => {
  it('exact McNemar: 15 vs 5 discordant pairs → p = 0.04139', () => {
    expect(binomialHalfTwoSided(15, 20)).toBeCloseTo(0.041389, 6);
    const d = pairedProportionDifference(30, 15, 5, 50);
    expect(d.test).toBe('McNemar exact');
    expect(d.pValue).toBeCloseTo(0.041389, 6);
    expect(d.difference).toBeCloseTo(0.1, 12);
  });
  it("Newcombe's square-and-add interval for paired proportions: a published value, and agreement with the exact test", () => {
    // Bentur et al. (2009), as worked in Fagerland, Lydersen & Laake, Statistical Analysis of
    // Contingency Tables (2017), ch. 8: table [[1, 1], [7, 12]], difference -0.2857, 95% CI -0.5069 to -0.0256.
    const bentur = pairedProportionDifference(1, 1, 7, 12);
    expect(bentur.difference).toBeCloseTo(-0.2857, 4);
    expect(bentur.lo).toBeCloseTo(-0.5069, 4);
    expect(bentur.hi).toBeCloseTo(-0.0256, 4);
    // Nine discordant pairs, all one way, in 200 games (exact McNemar p = 0.0039): the interval
    // excludes 0 (the earlier widened Wald interval was [-0.084, 0.084]).
    const oneWay = pairedProportionDifference(0, 9, 0, 191);
    expect(oneWay.pValue).toBeCloseTo(0.00390625, 8);
    expect(oneWay.lo).toBeGreaterThan(0);
    expect(oneWay.hi).toBeLessThan(0.09);
    // Many pairs: it agrees with the Wald interval.
    const big = pairedProportionDifference(3000, 400, 300, 6300);
    expect(big.lo).toBeCloseTo(big.difference - 1.959964 * big.se, 3);
    expect(big.hi).toBeCloseTo(big.difference + 1.959964 * big.se, 3);
  });
  it('the paired interval covers the true difference about 95% of the time with few discordant pairs', () => {
    // 4,000 simulated 200-game paired tables: P(A only) 3%, P(B only) 0.5%, P(both) 20%; true difference 0.025.
    const rng = streamFor(2026, 0);
    let covered = 0;
    const runs = 4000;
    for (let r = 0; r < runs; r++) {
      const c = [0, 0, 0, 0];
      for (let g = 0; g < 200; g++) {
        const u = randIndex(rng, 1000);
        c[u < 200 ? 0 : u < 230 ? 1 : u < 235 ? 2 : 3]++;
      }
      const d = pairedProportionDifference(c[0], c[1], c[2], c[3]);
      if (d.lo <= 0.025 && 0.025 <= d.hi) covered++;
    }
    expect(covered / runs).toBeGreaterThan(0.93);
    expect(covered / runs).toBeLessThan(0.99);
  });
  it('McNemar 60 vs 40 is exact: p = 0.0569 (the uncorrected chi-square said 0.0455, anti-conservative)', () => {
    const d = pairedProportionDifference(100, 60, 40, 800);
    expect(d.test).toBe('McNemar exact');
    // 2 · P(X ≤ 40), X ~ Binomial(100, 1/2) (R: 2 * pbinom(40, 100, 0.5) = 0.05688793).
    expect(d.pValue).toBeCloseTo(0.0568879, 6);
    // From 100,000 discordant pairs: the continuity-corrected chi-square, (|b − c| − 1)² / (b + c) on 1 df.
    const big = pairedProportionDifference(0, 50_300, 49_700, 0);
    expect(big.test).toBe('McNemar chi-square (continuity-corrected)');
    const stat = (599 * 599) / 100_000;
    expect(big.pValue).toBeCloseTo(2 * (1 - normalCdf(Math.sqrt(stat))), 8);
  });
  it('Student t two-sided p-values match tables', () => {
    expect(studentTTwoSided(2.228138851986274, 10)).toBeCloseTo(0.05, 10);
    expect(studentTTwoSided(2.0, 1e6)).toBeCloseTo(0.0455, 4);
    expect(studentTTwoSided(0, 5)).toBeCloseTo(1, 12);
  });
});

describe('common random numbers', () => {
  it('paired A-vs-A: every game concordant, difference exactly 0', async () => {
    const p: PairedParams = { a: side(5), b: side(5) };
    const r = await runSimulation({ simId: 'paired', params: p, n: 3000, seed: 4, jobs: 1 });
    const diff = r.totals.get('diff.successes');
    expect(diff.bins[diff.bins.length >> 1]).toBe(3000); // all at offset: a − b = 0
  });
  it('each side of a paired run equals its unpaired run on the same seed (same streams per game index)', async () => {
    const p: PairedParams = { a: side(4), b: side(6) };
    const paired = await runSimulation({ simId: 'paired', params: p, n: 5000, seed: 8, jobs: 1, chunkSize: 333 });
    const { a, b } = splitPairedTotals(p, paired.totals);
    const alone = async (target: number) => (await runSimulation({ simId: 'dice/roll', params: side(target).params, n: 5000, seed: 8, jobs: 1 })).totals;
    expect(JSON.stringify(a.toJSON())).toBe(JSON.stringify((await alone(4)).toJSON()));
    expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify((await alone(6)).toJSON()));
  });
  it('pairing shrinks the noise: 4+ dominates 6+ game by game (never fewer successes)', async () => {
    const p: PairedParams = { a: side(4), b: side(6) };
    const r = await runSimulation({ simId: 'paired', params: p, n: 2000, seed: 2, jobs: 1 });
    const diff = r.totals.get('diff.successes');
    const offset = diff.bins.length >> 1;
    for (let v = 0; v < offset; v++) expect(diff.bins[v]).toBe(0); // a − b < 0 never happens
    expect(new Layout(pairedSim.metrics(p)).metrics.map((m) => m.name)).toEqual(['a.successes', 'b.successes', 'diff.successes', 'jointA.successes', 'jointB.successes']);
  });
  it("per-game outcomes (the ladder's paired step): one bin a game B won, checked before they are trusted", () => {
    const rate = { name: 'won', description: 'won', kind: 'rate', maxValue: 1 } as const;
    const p: PairedParams = { a: { simId: 'x', params: {}, metrics: [rate] }, b: { simId: 'x', params: {}, metrics: [rate] }, perGame: { metric: 'won', games: 5 } };
    const totals = new Totals(new Layout(pairedSim.metrics(p)));
    const m = totals.metrics[perGameIndex(p)!];
    expect(m.spec.name).toBe('wonB.won');
    m.bins[1] = 1;
    m.bins[4] = 1;
    expect(Array.from(perGameOutcomes(p, totals)!)).toEqual([0, 1, 0, 0, 1]);
    m.bins[4] = 2;
    expect(() => perGameOutcomes(p, totals)).toThrow(/a game counted twice/);
    m.bins[4] = 1;
    m.overflow = 1;
    expect(() => perGameOutcomes(p, totals)).toThrow(/inconsistent/);
    expect(perGameOutcomes({ a: p.a, b: p.b }, totals)).toBeNull();
    // Only a rate both sides share, over at most PER_GAME_MAX games.
    expect(() => pairedSim.metrics({ ...p, perGame: { metric: 'successes', games: 5 } })).toThrow(/shared rate metric/);
    expect(() => pairedSim.metrics({ ...p, perGame: { metric: 'won', games: 1e6 } })).toThrow(/1 to 100000 games/);
    // The step upper − lower game by game is the paired difference of the two rungs (A = the upper rung).
    const upper = Uint8Array.from([1, 1, 0, 1, 1, 0]);
    const lower = Uint8Array.from([1, 0, 0, 0, 0, 1]);
    const d = pairedProportionDifference(1, 3, 1, 1);
    expect(pairedStep(upper, lower, 0.95)).toEqual({ step: d.difference, lo: d.lo, hi: d.hi, p: d.pValue, significant: false });
    expect(d.difference).toBeCloseTo(2 / 6, 12);
    expect(pairedStep(new Uint8Array(200).fill(1), new Uint8Array(200), 0.95).significant).toBe(true);
    expect(() => pairedStep(upper, lower.subarray(1), 0.95)).toThrow(/cannot be paired/);
  });
  it("chunks of a paired or fanned run follow the costliest side's games per 20 ms (a search's 1), over the games a pair or fan plays, at most the old caps", async () => {
    const { fanSim } = await import('../src/run/fan.js');
    const hinted = (g: number) => ({ ...side(4), gamesPerChunk: g });
    expect(pairedSim.gamesPerChunk({ a: hinted(150), b: hinted(1) })).toBe(1);
    expect(pairedSim.gamesPerChunk({ a: hinted(150), b: hinted(60) })).toBe(30);
    expect(pairedSim.gamesPerChunk({ a: hinted(1e6), b: hinted(1e6) })).toBe(2000);
    expect(pairedSim.gamesPerChunk({ a: side(4), b: side(6) })).toBe(2000);
    expect(fanSim.gamesPerChunk({ base: hinted(150), variants: [hinted(1), hinted(150)], metric: 'successes' })).toBe(1);
    expect(fanSim.gamesPerChunk({ base: hinted(900), variants: [hinted(900), hinted(900)], metric: 'successes' })).toBe(300);
    expect(fanSim.gamesPerChunk({ base: side(4), variants: [side(6)], metric: 'successes' })).toBe(2000);
    expect(fanSim.gamesPerChunk({ base: side(4), variants: Array.from({ length: 200 }, () => side(6)), metric: 'successes' })).toBe(50);
  });
});

describe('the answer names the change', () => {
  it("a variant given as a scenario file alone is named with the file's own description; a --set change in words", () => {
    const two = JSON.parse(runCli(['compare', 'scenarios/darkfate/default.yaml', 'scenarios/darkfate/hand-size-6.yaml', '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(two.result.answer[0]).toMatch(/^scenarios\/darkfate\/hand-size-6\.yaml \("House rule, hands of six, two players against the Endoskeleton"\): win /);
    const set = JSON.parse(runCli(['compare', 'scenarios/darkfate/default.yaml', '--set', 'handSize=6', '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(set.result.answer[0]).toMatch(/^hand size 6: win /);
  });
});

describe('stopping rules', () => {
  it('a compare stopped before any pair was played says so instead of printing NaN', async () => {
    const { headlineOf } = await import('../src/report/compareReport.js');
    const none = { call: 0, metric: 'win', kind: 'rate' as const, a: NaN, b: NaN, difference: NaN, lo: NaN, hi: NaN, pValue: NaN, se: NaN, n: 0, test: 'McNemar exact' } as never;
    const line = headlineOf(none, 'handSize=6', (k) => k, { decision: 'interrupted' } as never);
    expect(line).toBe('handSize=6: win: no paired games were played (interrupted: partial)');
  });
  it('a mean with no interval (too few pairs) gets no verdict, not "the interval includes 0"', () => {
    const r = runCli(['compare', 'darkfate', '--set', 'policy=greedy', '-n', '20', '--seed', '1', '-j', '1', '--metric', 'turns', '-q', '--format', 'json']);
    const answer = JSON.parse(r.stdout).result.answer[0] as string;
    expect(answer).toMatch(/\[no interval\] .* — no verdict: no interval \(fewer than 30 pairs, or no spread\)$/);
    expect(answer).not.toMatch(/includes 0/);
    // sim policies says why its row has dashes.
    const p = JSON.parse(runCli(['policies', 'darkfate', '--policies', 'planner,greedy', '--metric', 'turns', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(p.result.rows.find((r: { policy: string }) => r.policy === 'greedy').lo).toBeNull();
    expect(p.notes.join('\n')).toMatch(/A dash in lo, hi and p: no trustworthy interval \(fewer than 30 pairs/);
  });
  it('a rate whose interval leaves out 0 while its exact test does not reach the level is called borderline, not a difference', async () => {
    const { headlineOf } = await import('../src/report/compareReport.js');
    // 5 discordant games one way, none the other: Newcombe's interval excludes 0, McNemar's exact p is 0.0625.
    const c = { call: 0, metric: 'win', kind: 'rate' as const, a: 0.01, b: 0, difference: -0.01, lo: -0.023, hi: -0.0004, pValue: 0.0625, se: 0.004, n: 500, test: 'McNemar exact' } as never;
    expect(headlineOf(c, 'x', (k) => k, undefined, undefined, null, 0.05)).toMatch(/— borderline: the interval leaves out 0 but the exact test does not \(p ≥ 0\.05\); play more games to decide$/);
    expect(headlineOf({ ...(c as object), pValue: 0.03 } as never, 'x', (k) => k, undefined, undefined, null, 0.05)).not.toMatch(/borderline/);
    // Through the command: such a case (the probe found one at seed 1; since the planner's rules of 2026-12-07, seed 15 is one).
    const r = runCli(['compare', 'darkfate', '--set', 'handSize=6', '--metric', 'lossEmptyWoundDeck', '-n', '500', '--seed', '15', '-j', '1', '-q', '--format', 'json']);
    const j = JSON.parse(r.stdout);
    const main = j.result.comparisons.find((x: { metric: string }) => x.metric === 'lossEmptyWoundDeck');
    expect(main.hi).toBeLessThan(0);
    expect(main.pValue).toBeGreaterThanOrEqual(0.05);
    expect(j.result.answer[0]).toMatch(/borderline/);
    // The table's rows carry no verdict: a note names every rate of the table that is borderline, and only those.
    const borderline = j.result.comparisons.filter((x: { kind: string; lo: number; hi: number; pValue: number; detail?: boolean }) => !x.detail && x.kind === 'rate' && (x.lo > 0 || x.hi < 0) && x.pValue >= 0.05);
    const note = j.notes.find((n: string) => n.startsWith('Borderline: '));
    expect(note).toContain(`no wounds left (p = ${main.pValue.toFixed(3)})`);
    expect(note.slice(0, note.indexOf(': the interval')).split('), ').length).toBe(borderline.length);
    // A clear difference is not named: a fourth wound to die wins more games, p far below 0.05.
    const clear = JSON.parse(runCli(['compare', 'darkfate', '--set', 'woundsToDie=4', '-n', '300', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(clear.result.comparisons.find((x: { metric: string }) => x.metric === 'win').pValue).toBeLessThan(0.001);
    expect(clear.notes.join('\n')).not.toMatch(/Borderline: [^:]*\bwin\b \(/);
  });
  it('parses sizes', () => {
    expect(parseDifference('0.5pp')).toBeCloseTo(0.005, 15);
    expect(parseDifference('2%')).toBeCloseTo(0.02, 15);
    expect(parseDifference('0.01')).toBe(0.01);
    expect(() => parseDifference('-1')).toThrow();
  });
  it('a size in points (pp, %) is a rate\'s: on a mean it is refused before a game is played, and so is --until-decided\'s default margin (1pp)', () => {
    const cases: [string[], RegExp][] = [
      [['--target-ci', '5pp'], /^sim: option --target-ci: 5pp is in points of a rate, but the main metric, successes, is a mean \(a count per game\), not a rate; give the half-width in its own units/],
      [['--target-ci', '2%'], /^sim: option --target-ci: 2% is in points of a rate/],
      [['--until-decided'], /^sim: option --until-decided: its default margin \(1pp\) is in points of a rate, but the main metric, successes, is a mean/],
      [['--until-decided', '--margin', '1pp'], /^sim: option --margin: 1pp is in points of a rate/],
    ];
    for (const [rule, message] of cases) {
      const r = runCli(['compare', 'dice', '--set', 'count=4', ...rule, '-n', '50', '--seed', '1', '-j', '1', '-q']);
      expect([r.code, r.stdout], rule.join(' ')).toEqual([2, '']);
      expect(r.stderr, rule.join(' ')).toMatch(message);
    }
    // A rate takes points; a mean takes its own units (a half-width of 0.05 successes: more games than -n).
    expect(runCli(['compare', 'terror', '--set', 'deathOrder=1', '--target-ci', '20pp', '-n', '50', '--seed', '1', '-j', '1', '-q']).code).toBe(0);
    const mean = runCli(['compare', 'dice', '--set', 'count=4', '--target-ci', '0.05', '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(mean.code, mean.stderr).toBe(0);
    expect(JSON.parse(mean.stdout).result.stopping[0].games).toBeGreaterThan(50);
    // A mean chosen with --metric on a game whose first metric is a rate: points are refused for it.
    expect(runCli(['compare', 'terror', '--set', 'deathOrder=1', '--metric', 'fatedSaved', '--target-ci', '5pp', '-n', '50', '--seed', '1', '-j', '1', '-q']).stderr).toMatch(/main metric, fatedSaved, is a mean/);
    // On a rate a plain number is a fraction: 1 is 100 points (it printed "no difference bigger than ±100 pp" for a significant −13 pp).
    for (const [rule, points] of [[['--until-decided', '--margin', '1'], 100], [['--target-ci', '5'], 500]] as const) {
      const r = runCli(['compare', 'terror', '--set', 'deathOrder=1', ...rule, '-n', '50', '--seed', '1', '-j', '1', '-q']);
      expect([r.code, r.stdout], rule.join(' ')).toEqual([2, '']);
      expect(r.stderr.trim()).toBe(`sim: option ${rule.at(-2)}: ${rule.at(-1)} is a fraction of the main metric, survived, a rate: ${points} points, wider than any difference of rates; give points (e.g. ${rule.at(-2)} ${rule.at(-1)}pp) or a fraction under 1 (0.01 = 1pp)`);
    }
  });
  it('one variant exact and the other Monte Carlo is refused saying so (not as "different numbers of simulations")', () => {
    const r = runCli(['compare', 'genisys', 'attack', '--set', 'method=mc', '-n', '100', '--seed', '1', '-j', '1', '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: variant A is exact \(it plays no games\) and variant B is Monte Carlo: there are no games to pair/);
  });
  it('a stopping rule whose first look (-n) passes --max-games is refused, never cut short unsaid; without -n the first look is the bound if lower', () => {
    for (const rule of [['--target-ci', '0.05'], ['--until-decided']]) {
      const r = runCli(['compare', 'dice', '--set', 'count=4', '-n', '100', '--seed', '1', ...rule, '--max-games', '50', '-j', '1', '-q']);
      expect(r.code, rule.join(' ')).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^sim: option -n: the first look of ${rule[0]} plays -n games \\(100\\), more than --max-games 50`));
    }
    const bounded = JSON.parse(runCli(['compare', 'dice', '--set', 'count=4', '--seed', '1', '--target-ci', '0.05', '--max-games', '300', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(bounded.n).toBe(300);
  });
  it('target-ci batches grow toward the needed size and respect the maximum', () => {
    expect(nextTargetBatch(10_000, 0.01, 0.005, 1e7)).toBe(34_000);
    expect(nextTargetBatch(10_000, 0.0051, 0.005, 1e7)).toBe(2500);
    expect(nextTargetBatch(10_000, 0.1, 0.005, 20_000)).toBe(10_000);
    expect(nextTargetBatch(10, NaN, 0.005, 1e6)).toBe(10);
  });
  /** A scenario file for `count` dice of 100 sides with success on `target`+. */
  const d100 = (target: number, count = 3) => {
    const f = join(tempDir('sim-cmp-'), 'a.yaml');
    writeFileSync(f, `game: dice\nparams:\n  count: ${count}\n  sides: 100\n  target: ${target}\n`);
    return f;
  };
  it('sequential test stops at once on a known large difference, and decides "smaller than margin" for a small one', () => {
    // successes is a mean: the margin is given in successes (the default, 1pp, is a rate's).
    const diff = runCli(['compare', 'dice', '--set', 'target=4', '--until-decided', '--margin', '0.01', '--seed', '5', '--format', 'json', '-q']);
    expect(diff.code).toBe(0);
    const j = JSON.parse(diff.stdout);
    expect(j.result.stopping[0]).toMatchObject({ rule: 'until-decided', decision: 'different', looks: 1, games: 10000 });
    // The rule's settings are in the report: the question it stopped on (margin, level, maximum, metric).
    expect(j.result.stopping[0].settings).toEqual({ first: 10000, margin: 0.01, max: 10_000_000, alpha: 0.05, metric: 'successes' });
    // -n is the first look's games under a stopping rule (as --help says): a decided difference stops there.
    const first = JSON.parse(runCli(['compare', 'dice', '--set', 'target=4', '--until-decided', '--margin', '0.01', '-n', '300', '--seed', '5', '--format', 'json', '-q']).stdout);
    expect(first.result.stopping[0]).toMatchObject({ games: 300, looks: 1, settings: { first: 300 } });
    // B − A: the house rule (target 4+) gives more successes.
    expect(j.result.comparisons[0].difference).toBeGreaterThan(0);
    // Equal means, different games: 4d100 at 76+ vs 2d2 at 2+ (mean 1 success each). The games
    // differ, so the interval is not degenerate; the true difference is 0.
    const small = runCli(['compare', d100(76, 4), '--set', 'count=2', '--set', 'sides=2', '--set', 'target=2', '--until-decided', '--margin', '0.1', '--seed', '5', '--format', 'json', '-q']);
    const k = JSON.parse(small.stdout);
    expect(k.result.stopping[0].decision).toBe('smaller than margin');
    const c = k.result.comparisons[0];
    expect(c.se).toBeGreaterThan(0);
    expect(c.lo).toBeGreaterThan(-0.1);
    expect(c.hi).toBeLessThan(0.1);
  });
  it('a run --until-decided ends undecided: its verdict says so even where the interval shown (not adjusted for the looks) leaves out 0', () => {
    // Hand size 6 gains about 2 points: at 3,000 games (seed 67) the plain 95% interval leaves out 0 (p 0.030), the sequential test (4 looks, 0.0125 each) does not.
    const r = runCli(['compare', 'darkfate', '--set', 'handSize=6', '-n', '500', '--until-decided', '--max-games', '3000', '-j', '1', '-q', '--seed', '67', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result.stopping[0]).toMatchObject({ decision: 'undecided', looks: 4 });
    const win = j.result.comparisons.find((c: { metric: string }) => c.metric === 'win');
    expect(win.lo).toBeGreaterThan(0);
    expect(j.text).toMatch(/— undecided by the sequential test \(--until-decided: no difference at its level for 4 looks, nor one within the margin\); the interval shown, not adjusted for the looks, leaves out 0: play more games/);
    expect(j.text).not.toMatch(/easier/);
    // The note says why a row has no interval (too few pairs for the t-test, or no spread).
    expect(j.notes.join(' ')).toContain('A dash means no trustworthy interval: fewer than 30 pairs for the t-test, or no spread at all.');
  });
  it('never calls a difference "smaller than margin" on a degenerate interval (tiny first batch, true gap 3× the margin)', () => {
    // 3 dice of 100 sides, success on 100+ vs 99+: A − B = −0.03; margin 0.01. Most 10-game batches
    // show no difference at all (zero spread); that must not count as evidence of equivalence.
    const a = d100(100);
    for (const seed of ['1', '2', '3', '4', '5']) {
      const r = runCli(['compare', a, '--set', 'target=99', '--until-decided', '--margin', '0.01', '-n', '10', '--max-games', '2e5', '--seed', seed, '--format', 'json', '-q']);
      expect(r.code).toBe(0);
      const dice100 = (json: string) => JSON.parse(json).result.stopping[0].decision;
      expect(dice100(r.stdout), `seed ${seed}`).not.toBe('smaller than margin');
    }
  }, 60_000);
  it('zero-spread counts get no interval; a rate with no discordant pair still gets a non-degenerate one', () => {
    const d = pairedProportionDifference(50, 0, 0, 50, 0.95);
    // Newcombe's interval: symmetric and of non-zero width with no discordant pair (Wald would give [0, 0]).
    expect(d.hi).toBeCloseTo(0.0192, 4);
    expect(d.lo).toBeCloseTo(-d.hi, 12);
    const r = runCli(['compare', 'dice', '--set', 'target=4', '--target-ci', '0.005', '-n', '1', '--max-games', '3000', '--seed', '1', '--format', 'json', '-q']);
    const j = JSON.parse(r.stdout);
    expect(j.result.stopping[0].games).toBeGreaterThan(1);
  });
  it('--shard and --checkpoint are refused where they cannot work', () => {
    expect(runCli(['compare', 'dice', '--set', 'target=4', '--shard', '1/2']).code).toBe(2);
    expect(runCli(['sweep', 'dice', '--grid', 'target=4,5', '--checkpoint', '/tmp/x.json']).code).toBe(2);
  });
  it('--target-ci keeps running until the half-width is below target', () => {
    const r = runCli(['compare', 'dice', '--set', 'target=4', '--target-ci', '0.01', '--seed', '5', '--format', 'json', '-q']);
    const j = JSON.parse(r.stdout);
    const c = j.result.comparisons[0];
    expect((c.hi - c.lo) / 2).toBeLessThanOrEqual(0.01);
    expect(j.result.stopping[0].decision).toBe('target reached');
  });
  it('compare prints A, B, the difference, its interval and a p-value', () => {
    const r = runCli(['compare', 'scenarios/dice/default.yaml', '--set', 'target=4', '-n', '1e4']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/B − A/);
    expect(r.stdout).toMatch(/paired\s+t-test/);
    expect(r.stdout).toMatch(/pairs/);
    expect(r.stdout).toMatch(/conditional on the policy/);
  });
  it('a report of several simulations (Dark Fate --rev9 all) labels each comparison with its Rev-9 version', () => {
    const dir = tempDir('sim-cmp-');
    const file = join(dir, 'all.yaml');
    writeFileSync(file, 'game: darkfate\nparams:\n  rev9: all\n  policy: greedy\n');
    const r = runCli(['compare', file, '--set', 'handSize=6', '-n', '100', '--seed', '2', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect([...new Set(j.result.comparisons.map((c: { label: string }) => c.label))]).toEqual(['damaged-endo', 'endoskeleton', 'liquid-exoskeleton', 'fully-operational']);
    expect(j.notes.some((n: string) => n.startsWith('Run liquid-exoskeleton: fixed rule, 100 games'))).toBe(true);
  });
  it('a mode id may be given as its two words, as in sweep: compare genisys attack = compare "genisys attack"', () => {
    const words = runCli(['compare', 'genisys', 'attack', '--set', 'rof=3', '--format', 'json', '-q']);
    const quoted = runCli(['compare', 'genisys attack', '--set', 'rof=3', '--format', 'json', '-q']);
    expect(words.code, words.stderr).toBe(0);
    const strip = (s: string) => { const j = JSON.parse(s); delete j.timings; return j; };
    expect(strip(words.stdout)).toEqual(strip(quoted.stdout));
    // A game word and a word that is no file nor mode: refused, naming the two words read as one id.
    expect(runCli(['compare', 'genisys', 'nope', '--set', 'rof=3']).stderr).toMatch(/^sim: argument a: unknown game "genisys nope"/);
  });
  it("names each metric as the game's tables head it, else in words from its key", () => {
    const labels = columnLabels([{ title: 't', columns: [{ key: 'lossEmptyWoundDeck', header: 'no wounds left', format: 'prob' }, { key: 'winLo', header: 'lo', format: 'prob' }], rows: [] }]);
    expect(['lossEmptyWoundDeck', 'woundsTaken', 'rev9Destroyed', 'winLo', 'win', 'winA', 'cardsPerTurnAB', 'fatedOutOfOrder', 'goOnWithoutMe'].map(labels)).toEqual(['no wounds left', 'wounds taken', 'rev9 destroyed', 'win lo', 'win', 'win A', 'cards per turn AB', 'fated out of order', 'go on without me']);
  });
  it('bad compare usage exits 2', () => {
    expect(runCli(['compare', 'dice']).code).toBe(2);
    expect(runCli(['compare', 'nofile.yaml']).code).toBe(2);
    expect(runCli(['compare', 'dice', '--set', 'x=1']).code).toBe(2);
    // An unknown parameter's hint names the mode whose parameters to list.
    expect(runCli(['compare', 'tccg', 'game', '--set', 'bogus=1']).stderr.trim()).toBe('sim: option --set bogus: unknown parameter "bogus"; see `sim params tccg game`');
  });
});

describe('sweep', () => {
  it('grid parsing, "all" expansion and cross-product order (first axis slowest)', () => {
    expect(parseGrid('set:handSize=5,6')).toEqual({ key: 'handSize', values: ['5', '6'] });
    // Values that hold commas are separated by | (a probe found characters=sarah,grace split into two cells).
    expect(parseGrid('characters=sarah,grace|dani,t800')).toEqual({ key: 'characters', values: ['sarah,grace', 'dani,t800'] });
    expect(() => parseGrid('characters=sarah,grace||dani,t800')).toThrow(/an empty value in "sarah,grace\|\|dani,t800"; list the values with one \| between each/);
    const seats = JSON.parse(runCli(['sweep', 'darkfate', '--grid', 'characters=sarah,grace|dani,t800', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(seats.title).toBe('Sweep of darkfate over characters ∈ {sarah,grace | dani,t800}');
    expect(seats.result.cells.map((c: { cell: Record<string, string> }) => c.cell.characters)).toEqual(['sarah,grace', 'dani,t800']);
    expect(expandAxis({ key: 'v', values: ['all'] }, { key: 'v', type: 'enum', choices: ['x', 'y'], default: 'x', doc: '', source: '' })).toEqual(['x', 'y']);
    expect(expandAxis({ key: 'v', values: ['all'] }, { key: 'v', type: 'enum', choices: ['x', 'all'], default: 'x', doc: '', source: '' })).toEqual(['all']);
    // "auto" stands for one of the others (Genisys' range: cc or short): all leaves it out; it can still be listed.
    expect(expandAxis({ key: 'v', values: ['all'] }, { key: 'v', type: 'enum', choices: ['auto', 'x', 'y'], default: 'auto', doc: '', source: '' })).toEqual(['x', 'y']);
    // LO..HI on a data value (a number) as on a whole-number parameter (data.finalGirl.health=4..6 was refused as not a number).
    expect(expandAxis({ key: 'data.finalGirl.health', values: ['4..6'] }, { key: 'data.finalGirl.health', type: 'number', default: 6, doc: '', source: '' })).toEqual(['4', '5', '6']);
    expect(runCli(['sweep', 'terror', '--grid', 'data.finalGirl.health=5..6', '-n', '4', '--seed', '1', '-j', '1', '-q']).stdout.split('\n')[0]).toBe('Sweep of terror over final girl · health ∈ {5, 6}');
    expect(expandAxis({ key: 'v', values: ['auto', 'x'] }, { key: 'v', type: 'enum', choices: ['auto', 'x', 'y'], default: 'auto', doc: '', source: '' })).toEqual(['auto', 'x']);
    // LO..HI of a whole-number parameter: every value (as --help says); backwards is refused.
    const int = { key: 'n', type: 'int', min: 1, max: 20, default: 5, doc: '', source: '' } as const;
    expect(expandAxis({ key: 'n', values: ['3..6', '9'] }, int)).toEqual(['3', '4', '5', '6', '9']);
    expect(() => expandAxis({ key: 'n', values: ['6..3'] }, int)).toThrow(/the range 6\.\.3 runs backwards/);
    // An empty value is a typo: refused, not dropped.
    expect(runCli(['sweep', 'dice', '--grid', 'count=2,,4', '-n', '10']).stderr.trim()).toBe('sim: option --grid count: an empty value in "2,,4"; list the values with one comma between each');
    // "all" of a policy: every built-in but the slow search (listed, it plays).
    expect(expandAxis({ key: 'p', values: ['all'] }, { key: 'p', type: 'path', module: true, choices: ['fight', 'hunt', 'search'], default: 'fight', doc: '', source: '' } as never, '--grid', ['search'])).toEqual(['fight', 'hunt']);
    // A report combining runs carries no data hash (each run's data is its own; the hash of none read as the data's); a run's own does.
    expect(JSON.parse(runCli(['compare', 'dice', '--set', 'target=4', '-n', '50', '--seed', '1', '-q', '--format', 'json']).stdout).dataHash).toBeUndefined();
    expect(JSON.parse(runCli(['sweep', 'dice', '--grid', 'count=2,3', '-n', '50', '--seed', '1', '-q', '--format', 'json']).stdout).dataHash).toBeUndefined();
    expect(typeof JSON.parse(runCli(['terror', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout).dataHash).toBe('string');
    // The CCG's calibration is said for the pairing it holds for: not as if it covered hunt-main or changed data.
    const ccg = (extra: string[]) => JSON.parse(runCli(['tccg', 'game', ...extra, '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout).text as string;
    expect(ccg([])).toContain('calibrated to 40–60% with these bots');
    expect(ccg(['--set', 'skynetPolicy=hunt-main'])).toContain('calibrated to 40–60% for protect vs hunt-support at the defaults, not for this configuration');
    // Where a side's interval lies wholly outside 40–60% at the defaults, the answer says the set needs calibrating again, not that it is calibrated.
    const est = (estimate: number, lo: number, hi: number) => ({ estimate, lo, hi, k: Math.round(estimate * 20000), n: 20000 });
    expect(calibrationWords(true, est(0.61, 0.603, 0.616), est(0.382, 0.375, 0.388))).toBe(
      "on an invented card set calibrated to 40–60% with earlier versions of these bots: here the Resistance's rate lies above it and Skynet's rate lies below it, so the set needs calibrating again (scenarios/tccg/README.md, Calibration)",
    );
    expect(calibrationWords(true, est(0.395, 0.388, 0.402), est(0.59, 0.583, 0.597))).toContain('with these bots (scenarios');
    expect(calibrationWords(true, est(0.35, 0.343, 0.357), est(0.64, 0.633, 0.647))).toContain("here the Resistance's rate lies below it and Skynet's rate lies above it");
    expect(calibrationWords(false, est(0.7, 0.69, 0.71), est(0.3, 0.29, 0.31))).toContain('not for this configuration');
    // A size in points of 100 or more is no difference of rates.
    expect(runCli(['compare', 'dice', '--set', 'target=4', '--target-ci', '150pp']).stderr).toMatch(/150pp is 100 points or more, wider than any difference of rates/);
    const run = runCli(['sweep', 'dice', '--grid', 'count=2..4', '-n', '100', '--seed', '1', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).result.axes[0].values).toEqual(['2', '3', '4']);
    // A value listed twice would be played once, silently.
    expect(() => expandAxis({ key: 'v', values: ['2', '2'] }, { key: 'v', type: 'int', default: 1, doc: '', source: '' })).toThrow(/option --grid v: "2" is listed twice; list each value once/);
    expect(() => expandAxis({ key: 'v', values: ['y', 'all'] }, { key: 'v', type: 'enum', choices: ['x', 'y'], default: 'x', doc: '', source: '' })).toThrow(/"y" is listed twice \(all lists every choice but auto\)/);
    expect(crossProduct([{ key: 'a', values: ['1', '2'] }, { key: 'b', values: ['x', 'y', 'z'] }])).toEqual([
      { a: '1', b: 'x' }, { a: '1', b: 'y' }, { a: '1', b: 'z' }, { a: '2', b: 'x' }, { a: '2', b: 'y' }, { a: '2', b: 'z' },
    ]);
  });
  it('one CSV row per cell and table row, for every table of the game, cells on the same streams', () => {
    const sweep = (table: string) => runCli(['sweep', 'dice', '--grid', 'target=4,5,6', '--grid', 'set:count=1,2', '-n', '2000', '--seed', '3', '--format', 'csv', '--table', table]);
    const r = sweep('1');
    expect(r.code).toBe(0);
    const [dist, summary] = [r.stdout.trim().split('\n'), sweep('2').stdout.trim().split('\n')];
    expect(sweep('3').code).toBe(2);
    expect(dist[0].startsWith('cell.target,cell.count,successes')).toBe(true);
    // 3 targets × (2 rows for count 1 + 3 rows for count 2)
    expect(dist).toHaveLength(1 + 3 * 5);
    expect(dist[1].startsWith('4,1,0,')).toBe(true);
    expect(dist[15].startsWith('6,2,2,')).toBe(true);
    // The game's second table (its summary) is swept too: every metric row of every cell.
    const one = runCli(['dice', '--target', '4', '--count', '1', '-n', '2000', '--seed', '3', '--format', 'csv', '--table', '2']).stdout.trim().split('\n');
    expect(summary[0]).toBe(`cell.target,cell.count,${one[0]}`);
    expect(summary).toHaveLength(1 + 6 * (one.length - 1));
    expect(summary[1]).toBe(`4,1,${one[1]}`);
    const bad = runCli(['sweep', 'dice', '--grid', 'targte=1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/did you mean "target"/);
  });
  it('the table view has one sweep table per table of the game, titled by what the cells share', () => {
    const r = runCli(['sweep', 'dualfates', 'attack', '--grid', 'damage=light,heavy', '--grid', 'armor=1,2', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const titles = r.stdout.split('\n').filter((l) => l.endsWith('— by damage × armor'));
    expect(titles).toEqual([
      'Attack (exact, over the 36 outcomes of 2d6) — by damage × armor',
      'Damage per attack — by damage × armor',
      'Attacks to incapacitate — by damage × armor',
    ]);
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(commonTitle(['Damage (light: d6; 0 = miss)', 'Damage (heavy: 2d6; 0 = miss)'])).toBe('Damage');
    expect(commonTitle(['Per game — means', 'Per game — rates'])).toBe('Per game');
    expect(commonTitle(['Summary', 'Summary'])).toBe('Summary');
  });
  it('a parameter given as two axes is refused, not run as mislabelled cells', () => {
    for (const second of ['count=2', 'set:count=2']) {
      const r = runCli(['sweep', 'dice', '--grid', 'count=1', '--grid', second, '-n', '100']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toBe('sim: option --grid: axis "count" is given twice; list all its values in one --grid count=v1,v2');
    }
  });
  it('a seed chosen at random is announced once, not once per cell or variant', () => {
    const r = runCli(['sweep', 'dice', '--grid', 'target=4,5,6', '-n', '100', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr.match(/chosen at random/g)).toHaveLength(1);
    expect(r.stderr).toContain(`--seed ${JSON.parse(r.stdout).seed}`);
    // sim compare: once, not once per variant as well.
    const c = runCli(['compare', 'dice', '--set', 'target=4', '-n', '100', '--format', 'json']);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr.match(/chosen at random/g)).toHaveLength(1);
    expect(c.stderr).toContain(`--seed ${JSON.parse(c.stdout).seed}`);
  });
  it('a finished cell leaves only what the sweep report shows: no reference to its report, its params or its rows', () => {
    const cellReport = (target: number, extraTable: boolean): Report => ({
      tool: 'sim', version: '0', game: 'dice', title: `t${target}`, method: 'mc', params: { target, big: new Array(1000).fill(target) }, paramsHash: 'h',
      seed: 1, n: 10, confidence: 0.95, result: { target }, assumptions: ['A', `B${target}`], notes: ['N'], text: 'a trace',
      rerun: { game: 'dice', params: { target }, seed: 1, n: 10 }, timings: { wallMs: 5 },
      tables: [
        { title: `Successes (target ${target})`, columns: [{ key: 'p', header: 'p' }], rows: [{ p: target / 10 }, { p: target / 20 }] },
        ...(extraTable ? [{ title: 'Extra', columns: [{ key: 'q', header: 'q' }, { key: 'p', header: 'p' }], rows: [{ q: 1, p: 2 }] }] : []),
      ],
    });
    const axes = [{ key: 'target', values: ['4', '5'] }];
    const done = new SweepCells(axes);
    const reports = [cellReport(4, false), cellReport(5, true)];
    done.add({ target: '4' }, reports[0]);
    done.add({ target: '5' }, reports[1]);
    // Everything reachable from the accumulator: the report objects, their params, tables and rows are not.
    const reachable = new Set<unknown>();
    const walk = (v: unknown) => {
      if (v === null || typeof v !== 'object' || reachable.has(v)) return;
      reachable.add(v);
      for (const x of v instanceof Set || v instanceof Map ? [...v.values()] : Object.values(v)) walk(x);
    };
    walk(done);
    for (const r of reports) {
      for (const dropped of [r, r.params, r.tables, ...r.tables, ...r.tables.flatMap((t) => t.rows)]) expect(reachable.has(dropped)).toBe(false);
      expect(reachable.has(r.result)).toBe(true);
    }
    expect(done.sweepTables(axes, 'dice')).toEqual([
      { title: 'Successes — by target', columns: [{ key: 'cell.target', header: 'target', format: 'text' }, { key: 'p', header: 'p' }], rows: [{ 'cell.target': '4', p: 0.4 }, { 'cell.target': '4', p: 0.2 }, { 'cell.target': '5', p: 0.5 }, { 'cell.target': '5', p: 0.25 }] },
      { title: 'Extra — by target', columns: [{ key: 'cell.target', header: 'target', format: 'text' }, { key: 'q', header: 'q' }, { key: 'p', header: 'p' }], rows: [{ 'cell.target': '5', q: 1, p: 2 }] },
    ]);
    expect([done.entries, [...done.assumptions.keys()], [...done.notes.keys()], done.wallMs]).toEqual([
      [{ cell: { target: '4' }, params: { target: 4 }, result: { target: 4 } }, { cell: { target: '5' }, params: { target: 5 }, result: { target: 5 } }],
      ['A', 'B4', 'B5'], ['N'], 10,
    ]);
    // Each line keeps the cells that carry it: the sweep's report names them where not every cell does.
    expect([done.assumptions.get('A'), done.assumptions.get('B5')]).toEqual([[{ target: '4' }, { target: '5' }], [{ target: '5' }]]);
  });
  it('sweep and compare --help do not offer --shard or --checkpoint (they refuse them); game commands do', () => {
    for (const cmd of ['sweep', 'compare']) {
      const help = runCli([cmd, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--seed');
      expect(help.stdout, cmd).not.toMatch(/--shard|--checkpoint/);
    }
    expect(runCli(['dice', '--help']).stdout).toMatch(/--shard[\s\S]*--checkpoint/);
  });
});

describe('common random numbers in a card game', () => {
  it('same seed and game index → the same shuffles where the decks are identical (Dark Fate set-up under a wound-rule change)', () => {
    // The trace from its SET-UP line (the header above it names the settings, which differ).
    const fromSetUp = (text: string) => text.slice(text.indexOf('SET-UP')).split('\n').slice(0, 7).join('\n');
    const setup = (extra: string[]) => fromSetUp(runCli(['darkfate', '--trace', '7', '--seed', '42', '-q', ...extra]).stdout);
    const base = setup([]);
    expect(base).toMatch(/SET-UP: .*\n  \(each turn: .*\n  reserve: .*\n  p1 .* hand: .*\n  p2 .* hand: .*/);
    expect(setup(['--set', 'woundsToDie=4'])).toBe(base);
    // Another game index or seed shuffles differently: the check above is not vacuous.
    expect(fromSetUp(runCli(['darkfate', '--trace', '8', '--seed', '42', '-q']).stdout)).not.toBe(base);
  });
  it('two exact variants: the answer leads with the main number, A → B and its exact difference, then how many numbers moved', () => {
    const j = JSON.parse(runCli(['compare', 'scenarios/genisys/default.yaml', '--set', 'save.target=3', '--format', 'json', '-q']).stdout);
    expect(j.method).toBe('exact');
    expect(j.result.answer[0]).toMatch(/^save · target 3: P\(target removed\) 37\.6% → 26\.0% \(−11\.\d pp, exact\); \d+ exact numbers changed \(B − A below, no sampling error\)$/);
  });
  it('a comparison of policies alone says how the bot plays, not that the game got easier or harder', () => {
    const bots = JSON.parse(runCli(['compare', 'dice', '--set', 'target=4', '-n', '300', '--seed', '1', '--format', 'json', '-q']).stdout);
    expect(bots.result.answer[0]).not.toMatch(/policy plays/);
    const terror = JSON.parse(runCli(['compare', 'terror', '--set', 'policy=random', '-n', '300', '--seed', '1', '--format', 'json', '-q', '-j', '1']).stdout);
    expect(terror.result.answer[0]).toMatch(/^policy random: survived −\d+\.\d pp .* — the changed bot plays worse$/);
    // Side B's policy changed: side A's win is not B's bot playing better.
    const sideB = JSON.parse(runCli(['compare', 'dualfates', 'match', '--set', 'policyB=random', '-n', '100', '--seed', '1', '--format', 'json', '-q', '-j', '1']).stdout);
    expect(sideB.result.answer[0]).toMatch(/^policy B random: win A \+\d+\.\d pp .* — higher with policy B random \(a change of side B's bot; winA is not its own win\)$/);
    // A rule change in a two-sided game: higher or lower for side A, never "easier" or "harder" (B moves the other way).
    const rule = JSON.parse(runCli(['compare', 'scenarios/dualfates/match.yaml', '--set', 'vortexCap=8', '-n', '100', '--seed', '1', '--format', 'json', '-q', '-j', '1']).stdout);
    expect(rule.result.answer[0]).toMatch(/^vortex cap 8: win A −\d+\.\d pp \[−[\d.]+, −[\d.]+\] .* — lower with vortex cap 8$/);
  });
  it("without -n (or a scenario's run.n), compare and run play the mode's own default (2,000 for the CCG game, not 100,000)", async () => {
    const { Command } = await import('commander');
    const { addRunOptions } = await import('../src/cli/runOptions.js');
    const { runOptionsWithScenario } = await import('../src/cli/resolve.js');
    const games = (args: string[], doc: { run: { n?: number } } | null) => {
      const cmd = addRunOptions(new Command('x').exitOverride(), 'mode');
      cmd.parse(args, { from: 'user' });
      return runOptionsWithScenario(cmd, cmd.opts() as never, doc as never, { defaultGames: 2000 }).games;
    };
    expect(games([], null)).toBe(2000);
    expect(games([], { run: { n: 500 } })).toBe(500);
    expect(games(['-n', '300'], { run: { n: 500 } })).toBe(300);
    expect(runCli(['compare', '--help']).stdout).toMatch(/-n, --games <N> .*\(default: the scenario's\s+run\.n, else the mode's own/s);
  });
  it('a variant identical to A pairs every game with itself: all differences exactly 0', () => {
    const r = runCli(['compare', 'scenarios/darkfate/default.yaml', '--set', 'woundsToDie=3', '-n', '400', '--seed', '3', '--format', 'json', '-q', '-j', '1']);
    expect(r.code, r.stderr).toBe(0);
    const comps = JSON.parse(r.stdout).result.comparisons as { metric: string; difference: number; se: number }[];
    expect(comps.length).toBeGreaterThan(3);
    for (const c of comps) {
      expect(c.difference, c.metric).toBe(0);
      expect(c.se, c.metric).toBe(0);
    }
    // The report says why, so the zeros are not read as a finding.
    expect(JSON.parse(r.stdout).notes[1]).toMatch(/^The two variants have identical parameters/);
    expect(JSON.parse(r.stdout).result.answer).toEqual(['wounds to die 3: the same parameters as A, so the very same games and no difference (did a --set restate a default?)']);
    const real = runCli(['compare', 'dice', '--set', 'target=4', '-n', '200', '--seed', '3', '--format', 'json', '-q']);
    expect(JSON.parse(real.stdout).notes.some((n: string) => n.includes('identical parameters'))).toBe(false);
    expect(JSON.parse(real.stdout).result.answer[0]).toMatch(/^target 4: successes [+−]\d/);
    // Other parameters, the same games: a card change to the value the card already has (Pistol's fight is 4).
    const restated = JSON.parse(runCli(['compare', 'darkfate', '--set', 'cardChanges=pistol.fight=4', '-n', '200', '--seed', '3', '--format', 'json', '-q', '-j', '1']).stdout);
    expect(restated.result.answer).toEqual(['card changes pistol.fight=4: every game played exactly as in A, so no difference: the change never came into play in these games, or it changes nothing (a value set to what it already is?)']);
    expect(restated.notes.some((n: string) => n.startsWith('Every game of B played exactly as the same game of A'))).toBe(true);
  }, 60_000);
  it('a stopping rule on identical variants stops at its first look, even on a mean (no spread, no interval)', () => {
    for (const rule of [['--until-decided', '--margin', '0.5'], ['--target-ci', '0.1']]) {
      const r = runCli(['compare', 'scenarios/darkfate/default.yaml', '--set', 'woundsToDie=3', '--metric', 'turns', '-n', '300', '--max-games', '1e6', ...rule, '--seed', '3', '--format', 'json', '-q', '-j', '1']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).result.stopping[0], rule[0]).toMatchObject({ decision: 'identical', looks: 1, games: 300 });
    }
  }, 60_000);
});

describe('a setting of both variants', () => {
  it('--set rev9=all makes B alone: refused, saying how to set it for both; a scenario file as A with rev9: all compares every version', () => {
    const one = runCli(['compare', 'darkfate', '--set', 'rev9=all', '-n', '10', '--seed', '1', '-q']);
    expect([one.code, one.stdout]).toEqual([2, '']);
    expect(one.stderr).toMatch(/compare like with like: for a setting of both variants \(rev9: all\), give A as a scenario file that sets it under params:, and B's change with --set/);
    const a = join(tempDir('sim-cmp-'), 'all.yaml');
    writeFileSync(a, 'game: darkfate\nparams:\n  rev9: all\n');
    const both = runCli(['compare', a, '--set', 'woundsToDie=4', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(both.code, both.stderr).toBe(0);
    const labels = new Set(JSON.parse(both.stdout).result.comparisons.map((c: { label: string }) => c.label));
    expect([...labels].sort()).toEqual(['damaged-endo', 'endoskeleton', 'fully-operational', 'liquid-exoskeleton']);
  });
});

describe('variant labels in words', () => {
  it('several --set changes (joined by spaces) each read as words, as comma-joined ones do', async () => {
    const { settingInWords } = await import('../src/report/names.js');
    expect(settingInWords('target=5 count=3')).toBe('target 5, count 3');
    expect(settingInWords('handSize=6, woundsToDie=4')).toBe('hand size 6, wounds to die 4');
    expect(settingInWords('cards=./my cards.yaml')).toBe('cards ./my cards.yaml');
    const r = runCli(['compare', 'dice', '--set', 'target=5', '--set', 'count=3', '-n', '100', '--seed', '1', '-j', '1', '-q']);
    expect(r.stdout.split('\n')[0]).toBe('Compare dice (A) with dice + target 5, count 3 (B)');
  });
});

describe('differences of means carry their sign, as differences of rates do', () => {
  it("signed4: '+0.8400', '−2.607', '±0' (a difference printed '0.8400' read as a mean)", async () => {
    const { formatCell } = await import('../src/report/report.js');
    expect([0.84, -2.6067, 0, -9, 12, 1e-7].map((x) => formatCell(x, 'signed4'))).toEqual(['+0.8400', '−2.607', '±0', '−9', '+12', '+1.000e-7']);
    const j = JSON.parse(runCli(['compare', 'darkfate', '--set', 'handSize=6', '-n', '40', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    const means = j.tables.find((t: { title: string }) => t.title.startsWith('B − A per mean'));
    expect(means.columns.filter((c: { key: string }) => ['difference', 'lo', 'hi'].includes(c.key)).map((c: { format: string }) => c.format)).toEqual(['signed4', 'signed4', 'signed4']);
    const text = runCli(['compare', 'darkfate', '--set', 'handSize=6', '-n', '40', '--seed', '1', '-j', '1', '-q']).stdout;
    const row = text.split('\n').find((l) => l.startsWith('│ wounds taken'))!;
    expect(row.split('│').map((c) => c.trim())[4]).toMatch(/^[+−±]\d/);
  });
});

describe('the answer names variant B as given', () => {
  it("a scenario file with --set on it reads 'b.yaml + hand size 7' (it read 'b.yaml +, hand size 7')", () => {
    const r = runCli(['compare', 'scenarios/darkfate/default.yaml', 'scenarios/darkfate/hand-size-6.yaml', '--set', 'handSize=7', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).text).toMatch(/^scenarios\/darkfate\/hand-size-6\.yaml \+ hand size 7: win /);
  });
});

describe('a row of no pairs', () => {
  it('shows no p-value (it showed p = 1.000 beside dashes, 0 pairs)', () => {
    const j = JSON.parse(runCli(['compare', 'terror', '--set', 'policy=random', '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    const rows = j.tables.flatMap((t: { rows: Record<string, unknown>[] }) => t.rows).filter((r: Record<string, unknown>) => r.n === 0);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.pValue, String(r.metric)).toBeNull();
  });
});
