// `sim tune`: the race finds the exact optimum where one is known (the dice's mean successes,
// count × (sides − target + 1) / sides; genisys attack's exact odds), gives the same answer at any
// -j, spends fewer games than a full sweep, and refuses bad input naming the option.
import { describe, expect, it } from 'vitest';
import { distance, tuneSearch, type MetricEstimate, type TuneEvaluator } from '../src/run/tuneSearch.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deterministicJson, runCli, runCliAsync } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const json = (args: string[]) => {
  const r = runCli([...args, '--format', 'json', '-q']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { result: Record<string, unknown>; n: number; seed: number };
};

describe('sim tune', () => {
  it('a target no setting reaches is in the answer (also with --brief) and in result.reached: the best is only the closest', () => {
    const args = ['tune', 'dice', '--vary', 'target=4|5|6', '-n', '500', '--seed', '1'];
    const far = runCli([...args, '--target', 'successes=2.9', '--brief']);
    expect(far.code).toBe(0);
    expect(far.stdout).toMatch(/^closest \(no setting reaches the target\): target=4 — successes 1\.5/m);
    expect(far.stdout).toMatch(/^no setting reaches successes = 2\.9: the nearest on it \(target=4\) has \[[\d.]+, [\d.]+\], and every\s+setting\s+is\s+on\s+one\s+side\s+of\s+it \(widen the --vary range\)\./m);
    // A rate's target and interval in % in that line too, as the line before prints them (it read "77.5% [71.23%, 82.74%]" then "[0.712, 0.827]").
    expect(runCli(['tune', 'darkfate', '--vary', 'handSize=4|5', '--target', 'win=0.2', '-n', '20', '--budget', '80', '--seed', '1', '-j', '1', '-q']).stdout.replace(/\s+/g, ' ')).toMatch(/no setting reaches win = 20%: the nearest on it \(handSize=4\) has \[[\d.]+%, [\d.]+%\]/);
    expect(JSON.parse(runCli([...args, '--target', 'successes=2.9', '--format', 'json']).stdout).result.reached).toBe(false);
    const near = JSON.parse(runCli([...args, '--target', 'successes=1.5', '--format', 'json']).stdout).result;
    expect([near.reached, near.answer[0]]).toEqual([true, expect.stringMatching(/^best: target=4/)]);
  });
  it('two targets that pull apart: a target the best misses but other settings reach is said so, never "no setting reaches"', () => {
    const r = JSON.parse(runCli(['tune', 'darkfate', '--vary', 'handSize=4..7', '--target', 'win=0.87', '--target', 'turns=40', '--budget', '4000', '-n', '100', '--seed', '1', '-j', '1', '-q', '--confidence', '0.8', '--format', 'json']).stdout);
    const [first, ...rest] = r.result.answer as string[];
    const settings = r.result.landscape as { cell: { handSize: string }; estimates: { win: { lo: number; hi: number }; turns: { lo: number; hi: number } } }[];
    const holding = settings.filter((x) => x.estimates.win.lo <= 0.87 && 0.87 <= x.estimates.win.hi).map((x) => `handSize=${x.cell.handSize}`);
    const best = settings.find((x) => x.cell.handSize === String(r.result.best.handSize))!;
    // The data this case is about: the best misses win = 0.87, some other setting's interval holds it, and no setting's holds turns = 40.
    expect(best.estimates.win.hi < 0.87 || best.estimates.win.lo > 0.87).toBe(true);
    expect(holding.length).toBeGreaterThan(0);
    expect(settings.some((x) => x.estimates.turns.lo <= 40 && 40 <= x.estimates.turns.hi)).toBe(false);
    expect(first).toMatch(/^closest \(no setting reaches 1 of the 2 targets\)/);
    expect(rest.join(' ')).toContain(`which ${holding.length === 1 ? 'another setting reaches' : `${holding.length} other settings reach`} alone (${holding.join('; ')}): the targets pull apart`);
    expect(rest.join(' ')).toMatch(/no setting reaches turns = 40: the nearest on it/);
    expect(rest.join(' ')).not.toMatch(/no setting reaches win/);
    expect(r.result.reached).toBe(false);
  });
  it('finds the exact optimum of a Monte Carlo mode: the dice target whose mean successes is nearest 1.5', () => {
    // Exact means for 3d6: target t → 3 (7 − t) / 6, i.e. 2.5, 2, 1.5, 1, 0.5 for t = 2..6.
    const exact = [2, 3, 4, 5, 6].map((t) => ({ t, mean: (3 * (7 - t)) / 6 }));
    const argmin = exact.reduce((b, e) => (Math.abs(e.mean - 1.5) < Math.abs(b.mean - 1.5) ? e : b)).t;
    const r = json(['tune', 'dice', '--vary', 'target=2..6', '--target', 'successes=1.5', '--budget', '20000', '--seed', '7', '-j', '1']).result;
    expect(r.best).toEqual({ target: argmin });
    const best = r.bestSetting as { estimates: { successes: MetricEstimate } };
    expect(best.estimates.successes.lo).toBeLessThanOrEqual(1.5);
    expect(best.estimates.successes.hi).toBeGreaterThanOrEqual(1.5);
    // The race spends less than a sweep of every setting to the best's games.
    expect(r.games as number).toBeLessThan(r.fullSweepGames as number);
    expect(r.games as number).toBeLessThanOrEqual(20000);
  });

  it('finds the exact optimum of an exact mode, checked against each setting run alone', () => {
    const r = json(['tune', 'genisys', 'attack', '--vary', 'rof=1|2|3|4', '--target', 'removed=0.5']).result;
    const alone = [1, 2, 3, 4].map((rof) => ({ rof, removed: (json(['genisys', 'attack', '--rof', String(rof)]).result as { removed: number }).removed }));
    const argmin = alone.reduce((b, e) => (Math.abs(e.removed - 0.5) < Math.abs(b.removed - 0.5) ? e : b));
    expect(r.best).toEqual({ rof: String(argmin.rof) });
    expect(r.stop).toBe('exact');
    expect(r.games).toBe(0);
    const landscape = r.landscape as { cell: { rof: string }; estimates: { removed: MetricEstimate } }[];
    for (const a of alone) expect(landscape.find((l) => l.cell.rof === String(a.rof))!.estimates.removed.estimate).toBe(a.removed);
  });

  it('exact settings equally far from the target tie (float noise does not eliminate one); --budget and --tolerance, which an exact tune cannot use, are refused', () => {
    // 7/12 and 5/12 are both 1/12 from 1/2; their distances differ by 1e-16 in floating point.
    const r = json(['tune', 'dualfates', 'attack', '--vary', 'mod=-3..3', '--target', 'success=0.5']).result;
    const tied = (r.indistinguishable as { mod: string }[]).map((c) => String(c.mod));
    expect(new Set(tied)).toEqual(new Set(['0', '1']));
    for (const [option, value] of [['--budget', '100'], ['--tolerance', '0.5']]) {
      const bad = runCli(['tune', 'dualfates', 'attack', '--vary', 'mod=-3..3', '--target', 'success=0.5', option, value]);
      expect(bad.code, option).toBe(2);
      expect(bad.stderr).toMatch(new RegExp(`^sim: option ${option}: every setting is exact`));
    }
  });
  it('is the same for a seed at any -j, with two axes and a weighted target', () => {
    const args = ['tune', 'dice', '--vary', 'target=3..5', '--vary', 'count=2|3', '--target', 'successes=1.5@2', '--target', 'successes=2', '--budget', '6000'];
    // The same metric twice is refused (which target would it be?).
    expect(runCli([...args, '--seed', '1']).stderr).toMatch(/option --target successes: given twice/);
    // So is a parameter varied twice, even where its second --vary is one value.
    expect(runCli(['tune', 'dice', '--vary', 'target=3..5', '--vary', 'target=4', '--target', 'successes=1.5']).stderr.trim()).toBe('sim: option --vary: "target" is given twice; give one range or list for it');
    const two = ['tune', 'dice', '--vary', 'target=3..5', '--vary', 'count=2|3', '--target', 'successes=1.5@2', '--budget', '6000', '--seed', '3', '--format', 'json', '-q'];
    const a = runCli([...two, '-j', '1']);
    const b = runCli([...two, '-j', '2']);
    expect(a.code, a.stderr).toBe(0);
    expect(deterministicJson(a.stdout)).toEqual(deterministicJson(b.stdout));
    expect((JSON.parse(a.stdout) as { result: { best: unknown } }).result.best).toEqual({ target: 4, count: 3 });
  });

  it('refuses a comma list in --vary (sweep\'s spelling), naming the | spelling', () => {
    const r = runCli(['tune', 'terror', '--vary', 'finalHealth=lastLife,flipAtZero', '--target', 'survived=0.8']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/option --vary finalHealth: got "lastLife,flipAtZero"; separate the values with \| \(finalHealth=lastLife\|flipAtZero\)/)]);
  });

  it('refuses bad input with exit 2 and one line naming the option', () => {
    const bad: [string[], RegExp][] = [
      [['--vary', 'target=2...6', '--target', 'successes=1'], /option --vary target: got "2\.\.\.6"|option --vary target/],
      [['--vary', 'target=6..2', '--target', 'successes=1'], /option --vary target: 6\.\.2 runs backwards/],
      [['--vary', 'target=2..6:0', '--target', 'successes=1'], /option --vary target: step "0" must be a number above 0/],
      [['--vary', 'target=2..6:0.5', '--target', 'successes=1'], /option --vary target: target takes whole numbers/],
      [['--vary', 'target', '--target', 'successes=1'], /option --vary: got "target", expected KEY=LO\.\.HI/],
      [['--vary', 'tagret=2..6', '--target', 'successes=1'], /option --vary: unknown parameter "tagret" of dice \(did you mean "target"\?\)/],
      [['--vary', 'count=2..3', '--target', 'five'], /option --target: got "five", expected METRIC=VALUE .*; the mode's own --target \(its target\) is --set target=five under sim tune/],
      [['--vary', 'target=2..6', '--target', 'successes=many'], /option --target successes: target "many" is not a number/],
      [['--vary', 'target=2..6', '--target', 'successes=1@-1'], /option --target successes: weight "-1" must be a number above 0/],
      [['--vary', 'target=2..6', '--target', 'wins=0.5'], /option --target: unknown metric "wins" of dice; valid: successes/],
      [['--vary', 'target=2..6'], /option --target: give at least one/],
      [['--target', 'successes=1'], /option --vary: give at least one/],
      [['--vary', 'target=2..6', '--vary', 'count=1..2', '--vary', 'sides=6|8', '--vary', 'target=3|4', '--vary', 'count=3|4', '--target', 'successes=1'], /option --vary: 5 parameters, at most 4/],
      [['--vary', 'target=2..6', '--set', 'target=3', '--target', 'successes=1'], /option --set target: it is also a --vary parameter/],
      [['--vary', 'count=2..3', '--count', '3', '--target', 'successes=1'], /option --count: count is also a --vary parameter/],
      [['--vary', 'target=2..6', '--target', 'successes=1', '--budget', '20'], /option --budget: the first round alone plays 5 settings × 100 games = 500/],
      [['--vary', 'target=2..6', '--target', 'successes=1', '--tolerance', '-1'], /--tolerance/],
      [['--vary', 'count=1|1.0', '--target', 'successes=1'], /option --vary count: "1" and "1.0" are the same value/],
      [['--vary', 'target=3..3', '--target', 'successes=1'], /option --vary target: one value \(3\) leaves nothing to choose/],
      [['--vary', 'target=4|5', '--vary', 'sides=6..6', '--target', 'successes=1'], /option --vary sides: one value \(6\) leaves nothing to choose/],
      [['--vary', 'target=4|4|5', '--target', 'successes=1'], /^sim: option --vary target: "4" is listed twice; list each value once$/m],
    ];
    // Targets all rates: a tolerance of the sum of their weights or more lets every setting through (--tolerance 5 meant 5pp);
    // a mean's distance has no such bound (dice's successes: 1.5 is a tolerance it can use).
    for (const [targets, tolerance, most] of [[['--target', 'win=0.6'], '5', '1'], [['--target', 'win=0.6', '--target', 'turns=50'], '5', null], [['--target', 'win=0.6@2', '--target', 'lossThreeWounds=0.1'], '3', '3']] as const) {
      const r = runCli(['tune', 'darkfate', '--vary', 'handSize=5|6', ...targets, '--tolerance', tolerance, '-n', '10', '--seed', '1', '-j', '1', '-q', '--budget', '40']);
      if (most === null) expect(r.stderr, targets.join(' ')).not.toMatch(/option --tolerance/);
      else expect([r.code, r.stderr.trim()], targets.join(' ')).toEqual([2, `sim: option --tolerance: ${tolerance} is a distance every setting is within (the targets are rates: a distance is at most ${most}, the sum of their weights); a rate's tolerance is in probability: 0.02 = 2pp`]);
    }
    for (const [args, message] of bad) {
      const r = runCli(['tune', 'dice', ...args, '-n', '100', '--seed', '1', '-j', '1']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    // Every setting exact: no seed to draw, no interval to draw (as -n, nothing to count).
    for (const [option, message] of [[['--seed', '1'], /^sim: option --seed: the exact method draws no random numbers for any setting/], [['--confidence', '0.9'], /^sim: option --confidence: the exact method has no sampling error for any setting/]] as const) {
      const r = runCli(['tune', 'genisys', 'attack', '--vary', 'rof=1|2', '--target', 'removed=0.3', '-j', '1', ...option]);
      expect([r.code, r.stderr], option.join(' ')).toEqual([2, expect.stringMatching(message)]);
    }
    // No such hint where the mode has no target parameter of its own.
    expect(runCli(['tune', 'darkfate', '--vary', 'handSize=4..5', '--target', 'win']).stderr).toBe('sim: option --target: got "win", expected METRIC=VALUE or METRIC=VALUE@WEIGHT (e.g. --target win=0.6 or win=60%@2)\n');
    const rate = runCli(['tune', 'darkfate', '--rev9', 'endoskeleton', '--vary', 'handSize=4..5', '--target', 'win=60', '-n', '10']);
    expect(rate.code).toBe(2);
    expect(rate.stderr).toMatch(/option --target win: a rate's target is in \[0, 1\]/);
    // A percentage is a rate's: on a mean it would quietly read as a hundredth.
    const mean = runCli(['tune', 'dice', '--vary', 'target=2..6', '--target', 'successes=150%', '-n', '100']);
    expect([mean.code, mean.stderr]).toEqual([2, 'sim: option --target successes: a percentage is for a rate, and successes is a mean: give its target as a number in its own units, without %\n']);
    expect(runCli(['tune', 'dice', '--vary', 'target=2..6', '--target', 'successes=1.5@2', '-n', '100', '--seed', '1', '-j', '1', '-q']).code).toBe(0);
    expect(runCli(['tune', 'darkfate', '--rev9', 'all', '--vary', 'handSize=4..5', '--target', 'win=0.6', '-n', '10', '--seed', '1', '-j', '1']).stderr).toMatch(/plays 4 runs per setting .*--rev9 damaged-endo/);
  });

  it('--help explains every option, the mode options included', () => {
    const r = runCli(['tune', 'dice', '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--vary', '--target', '--budget', '--tolerance', '--max-cells', '--scenario', '--set', '--count', '--sides', '-n, --games', '--seed', '-j, --jobs', '--format', '--confidence']) expect(r.stdout, flag).toContain(flag);
    // dice's own --target is tune's here: the parameter is reached with --set or --vary.
    expect(r.stdout).toMatch(/target of dice: give it with --set target=… or --vary/);
    expect(runCli(['tune', '--help']).stdout).toMatch(/darkfate/);
  });
});

describe('the race', () => {
  const est = (estimate: number, half: number): MetricEstimate => ({ estimate, lo: estimate - half, hi: estimate + half, kind: 'rate', n: 1 });
  it('measures distance from the intervals: 0 at the near end when the interval holds the target', () => {
    const targets = [{ metric: 'win', value: 0.6, weight: 1 }];
    expect(distance(targets, [est(0.7, 0.05)])).toEqual({ point: expect.closeTo(0.1, 12), lo: expect.closeTo(0.05, 12), hi: expect.closeTo(0.15, 12) });
    expect(distance(targets, [est(0.61, 0.05)]).lo).toBe(0);
    // A mean's distance is relative to its target; weights scale it.
    expect(distance([{ metric: 'turns', value: 40, weight: 2 }], [{ estimate: 44, lo: 43, hi: 45, kind: 'count', n: 9 }]).point).toBeCloseTo(0.2, 12);
  });
  it('eliminates the settings shown farther than the leader, doubles the games of the rest, and stops at the budget', async () => {
    // Settings with true rates 0.2, 0.58, 0.62, 0.9 (target 0.6): intervals shrink as 1/√n.
    const truth = [0.2, 0.58, 0.62, 0.9];
    const games = [0, 0, 0, 0];
    let spent = 0;
    const ev: TuneEvaluator = {
      async evaluate(which, n) {
        for (const c of which) {
          spent += n - games[c];
          games[c] = n;
        }
        return true;
      },
      played: (c) => games[c] > 0,
      estimates: (c) => [est(truth[c], 1 / Math.sqrt(games[c]))],
      exact: () => false,
      spent: () => spent,
    };
    const out = await tuneSearch(4, [{ metric: 'win', value: 0.6, weight: 1 }], ev, { first: 100, budget: 5000, tolerance: 0.001, confidence: 0.95 });
    expect([...out.eliminatedAfter.keys()].sort()).toEqual([0, 3]);
    expect(out.rounds[1].games).toBe(200);
    expect(out.indistinguishable.sort()).toEqual([1, 2]);
    expect(out.stop).toBe('budget');
    expect(spent).toBeLessThanOrEqual(5000);
  });
  it('a signal in the first round ranks only the settings that played (none played: best -1), never reads one that did not', async () => {
    const truth = [0.2, 0.58, 0.62, 0.9];
    const race = (stopAt: number) => {
      const games = [0, 0, 0, 0];
      const ev: TuneEvaluator = {
        async evaluate(which, n) {
          for (const c of which) {
            if (c === stopAt) return false;
            games[c] = n;
          }
          return true;
        },
        played: (c) => games[c] > 0,
        estimates: (c) => {
          if (games[c] === 0) throw new Error(`setting ${c} has no games`);
          return [est(truth[c], 1 / Math.sqrt(games[c]))];
        },
        exact: () => false,
        spent: () => games.reduce((a, b) => a + b, 0),
      };
      return tuneSearch(4, [{ metric: 'win', value: 0.6, weight: 1 }], ev, { first: 100, budget: 5000, tolerance: 0.001, confidence: 0.95 });
    };
    const cut = await race(2);
    expect([cut.stop, cut.best, cut.indistinguishable.sort()]).toEqual(['interrupted', 1, [0, 1]]);
    expect((await race(0)).best).toBe(-1);
  });
  it('an interrupted tune says so in its answer: its leader is the leader so far', async () => {
    const r = await runCliAsync(['tune', 'darkfate', '--vary', 'handSize=4..6', '--target', 'win=0.86', '--budget', '2e6', '--tolerance', '0.001', '--seed', '1', '-j', '1', '--format', 'json'], { interruptAfterMs: 2500 });
    expect(r.code).toBe(130);
    expect(JSON.parse(r.stdout).text).toMatch(/^interrupted, so far (best|closest)/);
  }, 30_000);
});

describe('sim tune --checkpoint', () => {
  const base = ['tune', 'dice', '--vary', 'target=2..6', '--target', 'successes=1.5', '-n', '300', '--seed', '3', '-j', '1'];
  it('resumes: a rerun with a larger budget goes on from the saved rounds and ends where a fresh tune ends', () => {
    const dir = tempDir('sim-tune-');
    const file = join(dir, 't.ckpt');
    const fresh = json([...base, '--budget', '9000']);
    const short = json([...base, '--budget', '3000', '--checkpoint', file]);
    expect(short.n).toBeLessThanOrEqual(3000);
    const r = runCli([...base, '--budget', '9000', '--checkpoint', file, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const resumed = JSON.parse(r.stdout) as { result: unknown; n: number; notes: string[] };
    expect(resumed.result).toEqual(fresh.result);
    expect(resumed.n).toBe(fresh.n);
    expect(resumed.notes.join('\n')).toMatch(new RegExp(`\\(${short.n.toLocaleString('en-US')} of them restored from the checkpoint\\)`));
    // The file is data, checked before it is trusted: an edit, another tune and --shard are refused.
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.settings[0][0].snapshots[0].games += 1;
    writeFileSync(join(dir, 'edited.ckpt'), JSON.stringify(doc));
    const edited = runCli([...base, '--budget', '9000', '--checkpoint', join(dir, 'edited.ckpt')]);
    expect([edited.code, edited.stderr]).toEqual([2, expect.stringMatching(/edited\.ckpt: contentHash: does not match its content/)]);
    const other = runCli([...base.slice(0, 5), 'successes=1.0', ...base.slice(6), '--budget', '9000', '--checkpoint', file]);
    expect([other.code, other.stderr]).toEqual([2, expect.stringMatching(/t\.ckpt: checkpoint of a different tune: /)]);
    // Without -n the first round comes from --budget: a larger budget is another n, and the message says which -n resumes it.
    const noN = base.filter((a, i) => a !== '-n' && base[i - 1] !== '-n');
    const budgetOnly = runCli([...noN, '--budget', '9000', '--checkpoint', file]);
    expect([budgetOnly.code, budgetOnly.stderr]).toEqual([2, expect.stringMatching(/checkpoint of a different tune: n \(300 vs \d+\); to resume it with another budget, give its first round's games: -n 300\n$/)]);
    // Without --seed the checkpoint's seed is taken; "resuming" is said only once the file is checked.
    const unseeded = base.filter((a, i) => a !== '--seed' && base[i - 1] !== '--seed');
    const otherUnseeded = runCli([...unseeded.slice(0, 5), 'successes=1.0', ...unseeded.slice(6), '--budget', '9000', '--checkpoint', file]);
    expect([otherUnseeded.code, otherUnseeded.stderr]).toEqual([2, expect.not.stringMatching(/resuming/)]);
    expect(runCli([...unseeded, '--budget', '9000', '--checkpoint', file]).stderr).toContain(`resuming ${file} with its seed 3`);
    const shard = runCli([...base, '--shard', '1/2']);
    expect([shard.code, shard.stderr]).toEqual([2, expect.stringMatching(/option --shard: a tune does not shard/)]);
  });
});

describe('the settings line of a tune and a sensitivity', () => {
  it('states the fixed parameters (--set, a mode option) as a single run does, never the varied ones', () => {
    const tune = runCli(['tune', 'dice', '--vary', 'target=4..6', '--target', 'successes=1', '--set', 'count=4', '--budget', '600', '-n', '100', '--seed', '1', '-q']);
    expect(tune.code, tune.stderr).toBe(0);
    expect(tune.stdout).toMatch(/\nsettings: count 4\n/);
    expect(tune.stdout).not.toMatch(/settings: .*target/);
    // A value a varied parameter implies (solo's one player) differs between settings: not stated as fixed (a probe found "players 1" for both).
    for (const vary of ['solo=true|false', 'solo=false|true']) {
      const solo = JSON.parse(runCli(['tune', 'darkfate', '--vary', vary, '--target', 'win=0.5', '-n', '20', '--budget', '40', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
      expect(solo.params.base.players, vary).toBeUndefined();
      expect(solo.settings ?? [], vary).not.toContainEqual(expect.stringMatching(/players/));
    }
    const sens = runCli(['sensitivity', 'terror', '--set', 'handLimit=5', '--set', 'horrorStart=3', '--only', 'thwartRoll', '-n', '60', '--seed', '2', '-j', '1', '-q', '--format', 'json']);
    expect(sens.code, sens.stderr).toBe(0);
    expect(JSON.parse(sens.stdout).settings).toEqual(['horror start 3', 'hand limit 5']);
    // At the defaults nothing is said.
    expect(JSON.parse(runCli(['sensitivity', 'terror', '--only', 'thwartRoll', '-n', '60', '--seed', '2', '-j', '1', '-q', '--format', 'json']).stdout).settings).toBeUndefined();
  });
});
