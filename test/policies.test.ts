// `sim policies`: every listed policy on the same games as the baseline, ranked by the main metric
// with its paired difference — the same numbers `sim compare` gives for each pair.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';
import { splitAnswer } from '../src/cli/commands/policies.js';

describe('sim policies', () => {
  it('ranks the policies and gives each the paired difference sim compare gives', () => {
    const r = runCli(['policies', 'terror', '--policies', 'planner,random', '-n', '400', '--seed', '2', '-j', '1', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result).toMatchObject({ param: 'policy', baseline: 'planner' });
    const [first, second] = j.result.rows;
    expect([first.rank, second.rank]).toEqual([1, 2]);
    const byPolicy = Object.fromEntries(j.result.rows.map((row: { policy: string }) => [row.policy, row]));
    const cmp = JSON.parse(runCli(['compare', 'terror', '--set', 'policy=random', '-n', '400', '--seed', '2', '-j', '1', '-q', '--format', 'json']).stdout);
    const c = cmp.result.comparisons.find((x: { metric: string }) => x.metric === j.result.metric);
    expect(byPolicy.random.difference).toBe(c.difference);
    expect([byPolicy.random.lo, byPolicy.random.hi]).toEqual([c.lo, c.hi]);
    expect(byPolicy.planner.estimate).toBe(c.a);
    expect(byPolicy.random.estimate).toBe(c.b);
    // The answer says it once (no note repeats it in other units).
    expect(j.text).toMatch(/^No listed policy scores .* clearly higher than the default planner \(.*\): the next highest, random, differs by −/);
    expect(j.notes.some((n: string) => /next best|scores higher/.test(n))).toBe(false);
    const reversed = JSON.parse(runCli(['policies', 'terror', '--policies', 'random,planner', '-n', '400', '--seed', '2', '-j', '1', '-q', '--format', 'json']).stdout);
    // random is not the game's default: it is called the baseline, in the answer and the column.
    expect(reversed.text).toMatch(/^The listed policy with the highest .*, planner, scores \+[\d.]+ pp .* more than the baseline random/);
    expect(reversed.tables[0].columns.find((col: { key: string }) => col.key === 'difference').header).toBe('vs baseline');
    expect(j.tables[0].columns.find((col: { key: string }) => col.key === 'difference').header).toBe('vs default');
    expect(reversed.notes.join(' ')).toMatch(/"vs baseline" is policy − random/);
  });
  it('the report says which base settings every policy played (a scenario\'s, --set\'s), as a single run does; the varied policy is not among them', () => {
    const viaScenario = runCli(['policies', 'darkfate', '--policies', 'planner,greedy', '--scenario', 'scenarios/darkfate/hand-size-6.yaml', '-n', '20', '--seed', '1', '-j', '1', '-q']);
    expect(viaScenario.code, viaScenario.stderr).toBe(0);
    expect(viaScenario.stdout).toMatch(/\nsettings: hand size 6\n/);
    const viaSet = JSON.parse(runCli(['policies', 'darkfate', '--policies', 'planner,greedy', '--set', 'handSize=6', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(viaSet.settings).toEqual(['hand size 6']);
    // At the defaults there is nothing to say.
    const plain = JSON.parse(runCli(['policies', 'darkfate', '--policies', 'planner,greedy', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(plain.settings).toBeUndefined();
  });
  it('a game without a policy parameter, or a single policy, is refused with what to do', () => {
    const dice = runCli(['policies', 'dice']);
    expect([dice.code, dice.stderr.trim()]).toEqual([2, 'sim: dice has no policy parameter: no player decides anything in it, so there are no policies to compare']);
    expect(runCli(['policies', 'terror', '--policies', 'random']).stderr).toMatch(/give at least two policies/);
    expect(runCli(['policies', 'terror', '--policies', 'random,planner,random']).stderr).toMatch(/^sim: option --policies: random is listed twice; list each policy once/);
    const two = runCli(['policies', 'genisys', 'skirmish', '--param', 'policyA', '--policies', 'advance,hold', '-n', '100', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(two.code, two.stderr).toBe(0);
    expect(JSON.parse(two.stdout).result.param).toBe('policyA');
  });
  it("varying a search's own bot (its rollouts') says so, and which policy played every game; it is no side of the game, and no slow policy it cannot be is offered", () => {
    for (const [words, key] of [[['darkfate'], 'searchRollout'], [['terror'], 'rolloutPolicy']] as const) {
      const r = runCli(['policies', ...words, '--param', key, '--set', 'policy=search', '--set', 'searchRollouts=1', '-n', '6', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.title).toMatch(new RegExp(`^The search's rollout bot in ${words[0]} \\(${key}\\): .* \\(baseline planner; every game played by policy search\\)$`));
      expect(j.text).toContain(`the search's rollout bot (${key}) varied, every game played by policy search`);
      expect(j.result.side, key).toBeUndefined();
      expect(j.notes.join('\n')).not.toMatch(/Left out as slow/);
    }
    // In a two-sided game the search's bot is ranked by the metric of the side that plays the search.
    const b = JSON.parse(runCli(['policies', 'genisys', 'skirmish', '--param', 'searchBot', '--set', 'policyB=search', '--set', 'searchIterations=2', '-n', '2', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(b.result.metric).toBe('winB');
    expect(b.title).toMatch(/every game played by policyA advance, policyB search\)$/);
  }, 60_000);
});

describe('sim compare names both policies when they differ', () => {
  it("varying side B's policy ranks by side B's metric and says which side; the baseline is the scenario's policy", () => {
    const r = runCli(['policies', 'dualfates', 'match', '--param', 'policyB', '--policies', 'threat,random', '-n', '200', '--seed', '3', '-j', '1', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result).toMatchObject({ param: 'policyB', side: 'B', metric: 'winB', baseline: 'threat' });
    for (const row of j.tables[0].rows) expect(row.side).toBe('B');
    // The difference is side B's: the same as compare's winB for the pair.
    const cmp = JSON.parse(runCli(['compare', 'dualfates', 'match', '--set', 'policyB=random', '-n', '200', '--seed', '3', '-j', '1', '-q', '--format', 'json']).stdout);
    const winB = cmp.result.comparisons.find((x: { metric: string }) => x.metric === 'winB');
    expect(j.result.rows.find((x: { policy: string }) => x.policy === 'random').difference).toBe(winB.difference);
    // Without --policies, the baseline is the policy the scenario plays (not the game's default).
    const file = join(tempDir('sim-policies-'), 'death-order.yaml');
    writeFileSync(file, 'game: terror\nparams:\n  policy: death-order\n');
    const s = runCli(['policies', 'terror', '--scenario', file, '-n', '20', '--seed', '3', '-j', '1', '-q', '--format', 'json']);
    expect(s.code, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout).result.baseline).toBe('death-order');
    expect(JSON.parse(s.stdout).result.rows.map((x: { policy: string }) => x.policy)).toContain('planner');
    expect(runCli(['policies', 'terror', '--set', 'policy=random', '-n', '20']).stderr).toMatch(/option --set policy: the policies are listed by --policies/);
  });
  it('--ladder: the search at doubling budgets, each rung paired with the default as sim compare pairs it', () => {
    const r = runCli(['policies', 'terror', '--ladder', '--ladder-start', '1', '--ladder-max', '2', '-n', '12', '--seed', '4', '-j', '1', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result).toMatchObject({ baseline: 'planner', search: 'search', budget: 'searchRollouts', metric: 'survived' });
    expect(j.result.rungs.map((x: { budget: number }) => x.budget)).toEqual([1, 2]);
    const cmp = JSON.parse(runCli(['compare', 'terror', '--set', 'policy=search', '--set', 'searchRollouts=2', '-n', '12', '--seed', '4', '-j', '1', '-q', '--format', 'json']).stdout);
    const c = cmp.result.comparisons.find((x: { metric: string }) => x.metric === 'survived');
    const top = j.result.rungs[1];
    expect([top.gain, top.gainLo, top.gainHi]).toEqual([c.difference, c.lo, c.hi]);
    expect(top.step).toBeCloseTo(top.gain - j.result.rungs[0].gain, 12);
    expect(j.text).toMatch(/^default policy planner; the search at budget 2 \(the ladder's top rung\) scores/);
    // Against another policy than the game's default, the answer does not call it the default.
    expect(JSON.parse(runCli(['policies', 'terror', '--ladder', '--policies', 'random', '--ladder-start', '1', '--ladder-max', '1', '-n', '6', '--seed', '4', '-j', '1', '-q', '--format', 'json']).stdout).text).toMatch(/^policy random \(not the default, planner\); the search at budget 1/);
    expect(runCli(['policies', 'dice', '--ladder']).stderr).toMatch(/dice has no policy parameter: no player decides anything in it/);
    expect(runCli(['policies', 'terror', '--ladder-max', '4']).stderr).toMatch(/add --ladder/);
  }, 60_000);
  it('--ladder tests each step game by game: the step and its interval are sim compare\'s between the two rungs', () => {
    const file = join(tempDir('ladder-step'), 'rung1.yaml');
    // On the harsh data file (more games lost, so two budgets part more often: on the bundled data the
    // two rungs came to the same 40 games after the planner's eighth pass).
    const harsh = join(ROOT, 'scenarios/terror/data-harsh.yaml');
    writeFileSync(file, `game: terror\nparams:\n  policy: search\n  searchRollouts: 1\n  data: ${harsh}\n`);
    const r = runCli(['policies', 'terror', '--ladder', '--set', `data=${harsh}`, '--ladder-start', '1', '--ladder-max', '2', '-n', '40', '--seed', '7', '-j', '1', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    const [lower, upper] = j.result.rungs;
    expect([lower.stepTest, upper.stepTest]).toEqual([null, 'paired']);
    // The rungs play different games (a step of 0 would make the comparison below vacuous).
    expect(upper.step).not.toBe(0);
    const cmp = JSON.parse(runCli(['compare', file, '--set', 'searchRollouts=2', '-n', '40', '--seed', '7', '-j', '1', '-q', '--format', 'json']).stdout);
    const c = cmp.result.comparisons.find((x: { metric: string }) => x.metric === 'survived');
    expect([upper.step, upper.stepLo, upper.stepHi, upper.stepPValue]).toEqual([c.difference, c.lo, c.hi, c.pValue]);
    expect(upper.step).toBeCloseTo(upper.gain - lower.gain, 12);
    expect(j.notes.join(' ')).toMatch(/tested game by game \(paired: every rung played the same games; significant when its Newcombe interval lies above 0\)/);
    // A count metric (and a rate some games do not record) keeps no per-game outcomes: the independent test, said so.
    for (const metric of ['fatedSaved', 'card1Survived']) {
      const x = JSON.parse(runCli(['policies', 'terror', '--ladder', '--set', 'searchDepth=1', '--ladder-start', '1', '--ladder-max', '2', '--metric', metric, '-n', '12', '--seed', '7', '-j', '1', '-q', '--format', 'json']).stdout);
      expect(x.result.rungs[1].stepTest, metric).toBe('independent');
      expect(x.notes.join(' '), metric).toMatch(/taken as independent/);
    }
  }, 60_000);
  it("--ladder --param policyB plays the search as side B and measures it by side B's metric (winB), its steps paired game by game", () => {
    // Playouts cut after two rounds (searchDepth 2, cheaper): the ladder and compare must agree whatever the search's cost.
    const args = ['policies', 'dualfates', 'match', '--ladder', '--param', 'policyB', '--set', 'searchDepth=2', '--ladder-start', '8', '--ladder-max', '16', '-n', '20', '--seed', '3', '-j', '1', '-q', '--format', 'json'];
    const j = JSON.parse(runCli(args).stdout);
    expect(j.result.metric).toBe('winB');
    expect(j.result.rungs.map((x: { stepTest: string | null }) => x.stepTest)).toEqual([null, 'paired']);
    // The rungs play different games (a step of 0 would make the rung checks below vacuous).
    expect(j.result.rungs[1].step).not.toBe(0);
    // The same rung as sim compare's side B: the gain is winB's difference.
    const cmp = JSON.parse(runCli(['compare', 'dualfates', 'match', '--set', 'searchDepth=2', '--set', 'policyB=search', '--set', 'searchIterations=8', '-n', '20', '--seed', '3', '-j', '1', '-q', '--format', 'json']).stdout);
    const c = cmp.result.comparisons.find((x: { metric: string }) => x.metric === 'winB');
    expect(j.result.rungs[0].gain).toBe(c.difference);
    // The note's command for a rung as its own run is one the CLI takes.
    const own = /its own run \(`sim ([^`]*)`/.exec(j.notes.join(' ').replace(/\s+/g, ' '))![1];
    expect(own).toBe('dualfates match --set policyB=search --set searchIterations=B -n N --seed S');
    expect(runCli([...own.replace('=B', '=2').replace('-n N', '-n 2').replace('--seed S', '--seed 1').split(' '), '-j', '1', '-q']).code).toBe(0);
    // The other side's metric ranks the varied side's policies upside down: the answer says so.
    const upside = JSON.parse(runCli(['policies', 'dualfates', 'match', '--param', 'policyB', '--metric', 'winA', '--policies', 'fight,random', '-n', '40', '--seed', '3', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(upside.text).toContain("win A is the other side's: highest is worst for side B, whose own is winB");
    // A side's own metric other than its win rate is its own (it called skynetMissionPoints the Resistance's); one of neither side by name gets no verdict on its direction.
    const ownMetric = JSON.parse(runCli(['policies', 'tccg', 'game', '--param', 'skynetPolicy', '--metric', 'skynetMissionPoints', '-n', '10', '--seed', '3', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(ownMetric.text).not.toMatch(/other side's|neither side's/);
    const neither = JSON.parse(runCli(['policies', 'dualfates', 'match', '--param', 'policyB', '--metric', 'vpMargin', '--policies', 'threat,random', '-n', '10', '--seed', '3', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(neither.text).toContain("vp margin is neither side's by name: whether highest is better for side B depends on what it counts (side B's own result is winB)");
    // A maximum between two doubled budgets: the stop names the rung it did not play, not the maximum as if played.
    const between = JSON.parse(runCli(['policies', 'dualfates', 'match', '--ladder', '--ladder-start', '3', '--ladder-max', '5', '-n', '4', '--seed', '3', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(between.result.stopped).toBe('--ladder-max (searchIterations 5: the rung after 3, at 6, would pass it)');
    // No rung significant: the notes call it no distance, not a floor (they said "floor" beside "no significant gap").
    expect(between.notes.join('\n')).toMatch(/No rung shows a significant gap at this n: that is not a distance to strong play either/);
    expect(between.notes.join('\n')).not.toMatch(/is a floor on the distance/);
    // --param names the parameter in messages (not an option not given), and the ladder's must be able to be the search.
    expect(runCli(['policies', 'darkfate', '--param', 'searchRollout', '-n', '20', '-j', '1']).stderr).toMatch(/^sim: option --param searchRollout: has no effect in any of the runs/);
    expect(runCli(['policies', 'darkfate', '--ladder', '--param', 'searchRollout', '--ladder-start', '1', '--ladder-max', '1', '-n', '20', '-j', '1']).stderr.trim()).toBe("sim: option --param searchRollout: the ladder plays the search policy in a side's place, and searchRollout cannot be search; name a side's policy parameter (policy)");
    // The rungs set the budget: one given with --set would be recorded and never played.
    const budget = runCli(['policies', 'darkfate', '--ladder', '--set', 'searchRollouts=4', '--ladder-start', '1', '--ladder-max', '1', '-n', '20', '-j', '1']);
    expect([budget.code, budget.stderr.trim()]).toEqual([2, 'sim: option --ladder: each rung sets searchRollouts itself (--ladder-start, --ladder-max); leave searchRollouts out of --set and the scenario']);
  }, 60_000);
  it('--ladder reports what it played: a mean as a number (not a rate), the climbing side, the settings of every rung, and the same JSON on a repeat (seconds only in timings)', () => {
    const ladder = (extra: string[]) => runCli(['policies', 'darkfate', '--ladder', '--ladder-start', '1', '--ladder-max', '2', '-n', '6', '--seed', '1', '-j', '1', '-q', ...extra]);
    // A mean metric: its own unit, never % or pp.
    const mean = ladder(['--metric', 'turns', '--set', 'handSize=6']);
    expect(mean.code, mean.stderr).toBe(0);
    const tableAndAnswer = mean.stdout.slice(mean.stdout.indexOf('default policy'), mean.stdout.indexOf('Note:'));
    expect(tableAndAnswer).toMatch(/searchRollouts/);
    expect(tableAndAnswer).not.toMatch(/\d%|\bpp\b/);
    expect(mean.stdout.replace(/\s+/g, ' ')).toMatch(/on turns, a mean \(search − planner; 6 paired games\)/);
    // The settings every rung played, as every other report says them.
    expect(mean.stdout).toMatch(/^settings: hand size 6$/m);
    expect(mean.stdout.replace(/\s+/g, ' ')).toMatch(/turns is a mean, not a win rate: the ladder counts a rise of it as a gain/);
    expect(mean.stdout).not.toMatch(/floor on the distance to strong play/);
    // Its differences signed, as a rate's are in pp.
    const meanJson = JSON.parse(ladder(['--metric', 'turns', '--set', 'handSize=6', '--format', 'json']).stdout);
    expect(meanJson.tables[0].columns.find((c: { key: string }) => c.key === 'gain').format).toBe('signed4');
    const plain = JSON.parse(runCli(['policies', 'darkfate', '--policies', 'planner,greedy', '--metric', 'turns', '-n', '6', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(plain.tables[0].columns.filter((c: { key: string }) => ['difference', 'lo', 'hi'].includes(c.key)).map((c: { format: string }) => c.format)).toEqual(['signed4', 'signed4', 'signed4']);
    const rate = JSON.parse(ladder(['--format', 'json', '--set', 'handSize=6']).stdout);
    expect(rate.settings).toEqual(['hand size 6']);
    expect(rate.tables[0].columns.find((c: { key: string }) => c.key === 'gain').format).toBe('pp');
    // Two identical runs: the same document but for the wall-clock timings, which hold each rung's seconds.
    const again = JSON.parse(ladder(['--format', 'json', '--set', 'handSize=6']).stdout);
    expect(Object.keys(again.timings)).toEqual(expect.arrayContaining(['wallMs', 'seconds searchRollouts 1', 'seconds searchRollouts 2']));
    delete rate.timings;
    delete again.timings;
    expect(again).toEqual(rate);
    // Which side climbed: its policy parameter in the params, the result and the title.
    const side = (param: string) => JSON.parse(runCli(['policies', 'dualfates', 'match', '--ladder', '--param', param, '--set', 'searchDepth=1', '--ladder-start', '1', '--ladder-max', '1', '-n', '2', '--seed', '3', '-j', '1', '-q', '--format', 'json']).stdout);
    const [a, b] = [side('policyA'), side('policyB')];
    expect([a.params.ladder.param, b.params.ladder.param, a.result.side, b.result.side]).toEqual(['policyA', 'policyB', 'A', 'B']);
    expect(a.paramsHash).not.toBe(b.paramsHash);
    expect(b.title).toMatch(/^Skill ladder of dualfates match, side B: search \(as policyB\)/);
  }, 60_000);
  it('--ladder runs for every mode its help names, and tells a seed chosen at random once', () => {
    const help = runCli(['policies', '--help']).stdout.replace(/\s+/g, ' ');
    const modes = /every mode with a search policy: ([^)]*)\)/.exec(help)![1].split(', ');
    expect(modes.length).toBeGreaterThanOrEqual(5);
    for (const m of modes) {
      const r = runCli(['policies', ...m.split(' '), '--ladder', '--ladder-start', '1', '--ladder-max', '2', '-n', '2', '-j', '1', '--format', 'json']);
      expect(r.code, `${m}: ${r.stderr}`).toBe(0);
      expect(r.stderr.match(/chosen at random/g), m).toHaveLength(1);
      expect(JSON.parse(r.stdout).result.rungs.length, m).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);
  it('--split: the search on all decisions and on each kind alone, each paired with the default as sim compare pairs it', () => {
    const r = runCli(['policies', 'terror', '--split', '--set', 'searchRollouts=2', '--set', 'searchDepth=1', '-n', '12', '--seed', '4', '-j', '1', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result).toMatchObject({ param: 'policy', split: 'searchDecisions', baseline: 'planner', metric: 'survived' });
    expect(j.result.rows.map((x: { policy: string }) => x.policy).sort()).toEqual(['planner', 'search: ACTION', 'search: BUY', 'search: all']);
    const row = (p: string) => j.result.rows.find((x: { policy: string }) => x.policy === p);
    for (const [kind, value] of [['all', 'all'], ['ACTION', 'ACTION'], ['BUY', 'BUY']]) {
      const cmp = JSON.parse(runCli(['compare', 'terror', '--set', 'policy=search', '--set', 'searchRollouts=2', '--set', 'searchDepth=1', '--set', `searchDecisions=${value}`, '-n', '12', '--seed', '4', '-j', '1', '-q', '--format', 'json']).stdout);
      const c = cmp.result.comparisons.find((x: { metric: string }) => x.metric === 'survived');
      expect([row(`search: ${kind}`).difference, row(`search: ${kind}`).lo, row(`search: ${kind}`).hi], kind).toEqual([c.difference, c.lo, c.hi]);
    }
    expect(j.text).toMatch(/^search on every kind of decision: .* against planner; on one kind alone, the default answering the rest: (ACTION|BUY) .*, (ACTION|BUY) /);
    expect(j.notes.join(' ')).toMatch(/searchDecisions limits the search to the decisions named \(ACTION, BUY; all: every one it answers\), planner answering the others; the search's budget is the parameters' \(searchRollouts 2\)/);
    // Dark Fate's turn-plan search splits by searchPlans; a side's search by its policy parameter.
    const df = runCli(['policies', 'darkfate', '--split', '--set', 'searchRollouts=2', '-n', '2', '--seed', '4', '-j', '1', '-q', '--format', 'json']);
    expect(df.code, df.stderr).toBe(0);
    expect(JSON.parse(df.stdout).result.rows.map((x: { policy: string }) => x.policy).sort()).toEqual(['planner', 'search: all', 'search: extra', 'search: flee', 'search: rest']);
    const sky = runCli(['policies', 'tccg', 'game', '--param', 'skynetPolicy', '--split', '--set', 'searchIterations=2', '--set', 'maxTurns=3', '-n', '2', '--seed', '4', '-j', '1', '-q', '--format', 'json']);
    expect(sky.code, sky.stderr).toBe(0);
    expect(JSON.parse(sky.stdout).result).toMatchObject({ param: 'skynetPolicy', side: 'skynet', baseline: 'hunt-support', metric: 'skynetWins' });
    // Refused: what would make the rows answer another question than the split's.
    const refused = (args: string[], message: RegExp) => {
      const x = runCli(['policies', ...args, '-n', '2', '--seed', '1', '-j', '1', '-q']);
      expect([x.code, x.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
    };
    refused(['terror', '--split', '--ladder'], /option --split: .*give one of --split and --ladder/);
    refused(['terror', '--split', '--policies', 'planner,random'], /option --split: the split plays the search against one default policy; give it alone \(--policies planner\)/);
    // The search answers what it does not search with the default bot: another baseline would measure another pair.
    refused(['terror', '--split', '--policies', 'random'], /option --split: the search answers the decisions it does not search with planner, so the split measures against planner: leave policy at planner \(got random\)/);
    refused(['terror', '--split', '--policies', 'search'], /leave policy at planner \(got search\)/);
    refused(['genisys', 'skirmish', '--split', '--set', 'searchBot=aim'], /answers the decisions it does not search with aim, .* and searchBot at advance/);
    refused(['terror', '--split', '--set', 'searchDecisions=ACTION'], /option --set searchDecisions: --split plays the search on each kind itself \(all, ACTION, BUY\)/);
    refused(['darkfate', '--split', '--param', 'searchRollout'], /option --split: searchRollout does not name the policy that can be search; split a side's policy \(policy\)/);
    // One searchDecisions serves both sides: the other side must not play the search.
    refused(['dualfates', 'match', '--split', '--set', 'policyB=search'], /option --split: policyB is search too, and searchDecisions would limit that side's search as well/);
  }, 60_000);
  it('--split answer: the whole, then every kind by its difference, largest first; what was not played is said', () => {
    const gap = (r: { difference: number | null }) => (r.difference === null ? '–' : `${r.difference > 0 ? '+' : ''}${r.difference}`);
    const row = (d: number) => ({ difference: d });
    expect(splitAnswer('search', 'protect', row(17), [{ kind: 'attack', row: row(0) }, { kind: 'move', row: row(15) }, { kind: 'search', row: row(-2) }], gap)).toBe(
      'search on every kind of decision: +17 against protect; on one kind alone, the default answering the rest: move +15, attack 0, search -2',
    );
    expect(splitAnswer('search', 'planner', undefined, [], gap)).toBe('search on every kind of decision: not played (interrupted); on one kind alone: not played (interrupted)');
    expect(splitAnswer('search', 'planner', row(1), [], gap)).toBe('search on every kind of decision: +1 against planner; on one kind alone: not played (interrupted)');
    // A scenario that sets the parameter the split varies is refused too.
    const file = join(tempDir('sim-split-'), 'terror.yaml');
    writeFileSync(file, 'game: terror\nparams:\n  searchDecisions: BUY\n');
    const r = runCli(['policies', 'terror', '--split', '--scenario', file, '-n', '2', '-q']);
    expect([r.code, r.stderr.trim()]).toEqual([2, 'sim: option --split: the scenario sets searchDecisions; --split plays the search on each kind itself']);
  });
  it('the header says variant A: planner, variant B: random (not planner for both); a two-sided game\'s variants name both sides\' policies', () => {
    const r = runCli(['compare', 'terror', '--set', 'policy=random', '-n', '200', '--seed', '1', '-j', '1', '-q']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[1]).toMatch(/· policy variant A: planner, variant B: random$/);
    expect(JSON.parse(runCli(['compare', 'terror', '--set', 'policy=random', '-n', '200', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout).policy).toEqual(['variant A: planner', 'variant B: random']);
    // Dual Fates: variants A and B are not the sides A and B (before: "policy A: fight, fight, B: hunt, fight").
    const match = runCli(['compare', 'dualfates', 'match', '--set', 'policyA=hunt', '-n', '50', '--seed', '1', '-j', '1', '-q']);
    expect(match.code, match.stderr).toBe(0);
    expect(match.stdout.split('\n')[1]).toMatch(/· policy variant A: threat vs threat, variant B: hunt vs threat$/);
  });
});
