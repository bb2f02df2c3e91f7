// `sim darkfate` through the real, compiled CLI: report contract, -j independence, the trace
// snapshot, user policy modules in worker threads, and bad input → exit 2 with a precise line.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deterministicJson, runCli, runCliAsync } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';
import { RULE_TEST_CARD_CHANGES } from '../src/games/darkfate/engineFixtures.js';

const CARDS = join(process.cwd(), 'scenarios', 'darkfate', 'cards.yaml');


describe('sim darkfate', () => {
  it('--rev9 all: one row per version with win rate, losses by cause, turn-cap hits apart; same result for -j 1 and -j 2', () => {
    const base = ['darkfate', '--rev9', 'all', '-n', '1000', '--seed', '5', '--format', 'json', '--policy', 'greedy'];
    const a = runCli([...base, '-j', '1']);
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    const j = JSON.parse(a.stdout);
    expect(j.game).toBe('darkfate');
    expect(j.policy).toBe('greedy');
    expect(j.result.versions.map((v: { rev9: string }) => v.rev9)).toEqual(['damaged-endo', 'endoskeleton', 'liquid-exoskeleton', 'fully-operational']);
    for (const v of j.result.versions) {
      expect(v.games).toBe(1000);
      expect(v.win.lo).toBeLessThanOrEqual(v.win.estimate);
      expect(v.win.hi).toBeGreaterThanOrEqual(v.win.estimate);
      // Every game is exactly one of: win, three wounds, empty wound deck, turn cap.
      expect(v.win.k + v.lossThreeWounds.k + v.lossEmptyWoundDeck.k + v.turnCap.k).toBe(1000);
      expect(v.turns.p10).toBeLessThanOrEqual(v.turns.p90);
    }
    const b = runCli([...base, '-j', '2', '--chunk-size', '700']);
    expect(b.code).toBe(0);
    expect(deterministicJson(b.stdout)).toEqual(deterministicJson(a.stdout));
  }, 60_000);

  it('games stopped at the turn cap are in the answer sentence (neither won nor lost), and only when there are some', () => {
    const capped = JSON.parse(runCli(['darkfate', '-n', '300', '-j', '1', '--seed', '5', '--set', 'maxTurns=30', '-q', '--format', 'json']).stdout);
    const row = capped.result.versions[0];
    const cap = row.turnCap;
    expect(cap.k).toBeGreaterThan(0);
    expect(capped.text).toMatch(new RegExp(`\\(${(cap.estimate * 100).toFixed(1)}% \\[[\\d.]+, [\\d.]+\\] of games stopped at the turn cap \\(maxTurns 30\\), neither won nor lost; policy planner`));
    const plain = JSON.parse(runCli(['darkfate', '-n', '100', '-j', '1', '--seed', '5', '-q', '--format', 'json']).stdout);
    expect(plain.text).not.toMatch(/turn cap/);
  });
  it('table output fits 100 columns and names the assumptions', () => {
    const r = runCli(['darkfate', '--rev9', 'all', '-n', '300', '--seed', '1', '-j', '1', '--policy', 'greedy']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('endoskeleton');
    expect(r.stdout).toContain('Assumptions:');
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
  });

  it('a note says what each cause of loss counts, with the column names of the rules in force', () => {
    const causes = (extra: string[]) => (JSON.parse(runCli(['darkfate', '-n', '10', '--seed', '1', '-j', '1', '-q', '--format', 'json', ...extra]).stdout).notes as string[]).find((n) => n.startsWith('Causes of loss: '));
    expect(causes([])).toBe('Causes of loss: "3 wounds", a player held 3 Wound cards in hand (rulebook: Glossary, Die); "no wounds left", a player was to take a Wound and the Wound deck was empty (rulebook: Glossary, Wound). One death loses the game for all (rulebook: Objective).');
    expect(causes(['--set', 'woundsToDie=4', '--players', '3', '--go-on-without-me'])).toMatch(/^Causes of loss: "4 wounds", a player held 4 Wound cards .* With Go On Without Me! the game is lost when every player has died, by the last death's cause\.$/);
  });

  it('the title and the answer name the characters as the card data names them, in the seating chosen; the parameter keeps the keys', () => {
    const run = (extra: string[]) => JSON.parse(runCli(['darkfate', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json', ...extra]).stdout);
    const four = run(['--players', '4', '--characters', 't800,dani,grace,sarah']);
    expect(four.title).toBe('Dark Fate: win rate by Rev-9 version (4 players: T-800, Dani Ramos, Grace, Sarah Connor)');
    expect(four.text).toMatch(/^Against the Endoskeleton, 4 players \(T-800, Dani Ramos, Grace, Sarah Connor\) win /);
    expect(four.result.characters).toBe('t800,dani,grace,sarah');
    const solo = run(['--solo', '--characters', 'grace,dani']);
    expect(solo.title).toBe('Dark Fate: win rate by Rev-9 version (solo: Grace, Dani Ramos)');
    expect(solo.text).toMatch(/^Against the Endoskeleton, a solo player \(Grace, Dani Ramos\) wins /);
  });

  it('the stored sensitivity and policy gap are found by configuration, not spelling: the default characters or the reference file named out', () => {
    const lines = (extra: string[]) => {
      const j = JSON.parse(runCli(['darkfate', '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json', ...extra]).stdout);
      return [j.text.replace(/\d+\.\d% \[[\d.]+, [\d.]+\]/, 'X'), j.notes.filter((n: string) => /Robustness|search policy/.test(n))];
    };
    const base = lines([]);
    expect(base[0]).toMatch(/most sensitive to /);
    for (const extra of [['--characters', 'sarah,grace'], ['--characters', 'SARAH,grace'], ['--cards', CARDS], ['--scenario', 'scenarios/darkfate/default.yaml']]) expect(lines(extra), extra.join(' ')).toEqual(base);
    // Another seating is another configuration.
    expect(lines(['--characters', 'grace,sarah'])[0]).toMatch(/sensitivity to the assumptions not measured here/);
  });
  it('the loss column is labelled from the woundsToDie rule in force, not a fixed "3 wounds"', () => {
    const one = runCli(['darkfate', '-n', '20', '--seed', '1', '-j', '1', '--policy', 'greedy', '--set', 'woundsToDie=1']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/│ 1 wound +│/);
    expect(one.stdout).not.toContain('3 wounds');
    expect(runCli(['darkfate', '-n', '20', '--seed', '1', '-j', '1', '--policy', 'greedy']).stdout).toMatch(/│ 3 wounds +│/);
    // So are the trace's deaths and its outcome.
    const trace = JSON.parse(runCli(['darkfate', '--trace', '0', '--seed', '3', '--policy', 'greedy', '--set', 'woundsToDie=1', '--format', 'json']).stdout);
    expect(trace.result.outcome).toBe('1 wound in hand');
    expect(trace.result.trace.filter((l: string) => l.includes('DIES'))).toEqual(['    p1 DIES (1 wound in hand)']);
    // A sweep or a compare across the rule names each value's label, never one variant's for all.
    const sweep = JSON.parse(runCli(['sweep', 'darkfate', '--grid', 'set:woundsToDie=1,2,3,4', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(sweep.tables[0].columns.find((c: { key: string }) => c.key === 'lossThreeWounds').header).toBe('1 wound / 2 wounds / 3 wounds / …');
    // A header the same in every cell (the CCG's quantile columns) is kept as it is.
    const ccg = JSON.parse(runCli(['sweep', 'tccg', 'opening', '--grid', 'openingCount=implants,all', '-n', '50', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(ccg.tables.flatMap((t: { columns: { header: string }[] }) => t.columns.map((c) => c.header)).filter((h: string) => /^p\d0/.test(h))).toEqual(['p10', 'p50', 'p90']);
    // Numbers, one column each (a CSV reader's numbers, not the text "3 / 5 / 7").
    const summary = ccg.tables.find((t: { columns: { key: string }[] }) => t.columns.some((c) => c.key === 'p50'));
    for (const row of summary.rows) expect([typeof row.p10, typeof row.p50, typeof row.p90]).toEqual(['number', 'number', 'number']);
    const cmp = JSON.parse(runCli(['compare', 'darkfate', '--set', 'woundsToDie=2', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(cmp.tables[0].rows.find((r: { metric: string }) => r.metric === 'lossThreeWounds').name).toBe('3 wounds (A) / 2 wounds (B)');
  });

  it('--flee-ends-hunt selects the other reading of "End the hunt phase", names it in the assumptions and changes Fully Operational results', () => {
    const base = ['darkfate', '--rev9', 'fully-operational', '-n', '2000', '--seed', '5', '-j', '1', '--format', 'json'];
    const literal = runCli([...base, '--flee-ends-hunt']);
    expect(literal.stderr).toBe('');
    expect(literal.code).toBe(0);
    const a = JSON.parse(literal.stdout);
    expect(a.params.fleeEndsHunt).toBe(true);
    expect(a.assumptions.some((l: string) => /a flee ends the hunt phase, so a Rev-9 that did not flee does not hunt/.test(l))).toBe(true);
    const b = JSON.parse(runCli(base).stdout);
    expect(b.params.fleeEndsHunt).toBe(false);
    expect(b.assumptions.some((l: string) => /undamaged ones cannot flee, and they and any left out of the flee still hunt/.test(l))).toBe(true);
    // Only games where the split Rev-9s are on the hunt together differ, but over 2,000 games some do.
    expect(a.result.versions[0].win.k).not.toBe(b.result.versions[0].win.k);
  }, 60_000);

  it('an interrupted --rev9 all run names the versions it never played', async () => {
    // Interrupted once the first version's run has saved a checkpoint (its first chunk), not during start-up.
    const cp = join(tempDir('sim-df-int-'), 'cp.json');
    const r = await runCliAsync(['darkfate', '--rev9', 'all', '-n', '1e6', '--policy', 'greedy', '-j', '1', '--seed', '1', '--format', 'json', '--checkpoint', cp], { interruptWhen: () => existsSync(cp) });
    expect(r.code).toBe(130);
    const j = JSON.parse(r.stdout);
    expect(j.partial).toBe(true);
    expect(j.result.versions.map((v: { rev9: string }) => v.rev9)).toEqual(['damaged-endo']);
    expect(j.notes).toContain('interrupted: not played at all: endoskeleton, liquid-exoskeleton, fully-operational');
    // The version cut short is named with its games, in a note and in the answer.
    const played = j.result.versions[0].games as number;
    expect(played).toBeLessThan(1e6);
    const cut = `interrupted: Damaged Endo after ${played.toLocaleString('en-US')} of 1,000,000 games`;
    expect(j.notes).toContain(`${cut} (each version played before it has all its games).`);
    expect(j.text).toContain(`${cut}, 3 versions not played`);
  }, 60_000);

  it('a --rev9 all run stopped at a version boundary lists the next version as not played, never as a 0-game row', async () => {
    const { executeGame } = await import('../src/cli/execute.js');
    const { runSimulation } = await import('../src/run/runner.js');
    const { Totals, Layout } = await import('../src/core/aggregate.js');
    const { loadSim } = await import('../src/run/sims.js');
    const { findMode } = await import('../src/games/index.js');
    const { resolveFromSources } = await import('../src/cli/resolve.js');
    const found = await findMode('darkfate', 'test');
    const params = resolveFromSources(found.mode, null, { rev9: 'all', policy: 'greedy' }, {}, {}, found.id);
    let calls = 0;
    // The first version plays its games; the signal lands before the second plays any.
    const simulate = async (simId: string, simParams: unknown) => {
      if (calls++ === 0) return runSimulation({ simId, params: simParams, n: 50, seed: 1, jobs: 1 });
      const sim = await loadSim(simId);
      return { totals: new Totals(new Layout(sim.metrics(simParams))), games: 0, partial: true, chunkSize: 0, jobs: 1 };
    };
    const ex = await executeGame({ ...found, params, opts: { games: 50, seed: 1, jobs: 1, format: 'json', quiet: true, confidence: 0.95 } as never }, 1, simulate as never);
    const r = ex.report as unknown as { result: { versions: { rev9: string }[] }; notes: string[]; text: string };
    expect(r.result.versions.map((v) => v.rev9)).toEqual(['damaged-endo']);
    expect(r.notes).toContain('interrupted: not played at all: endoskeleton, liquid-exoskeleton, fully-operational');
    expect(r.notes.some((n) => n.includes(' after 0 of '))).toBe(false);
    expect(r.text).not.toMatch(/NaN/);
  });

  it('--trace K --seed S prints that game turn by turn (regression snapshot, not truth)', async () => {
    const r = runCli(['darkfate', '--rev9', 'endoskeleton', '--seed', '42', '--trace', '7', '--policy', 'greedy', '--format', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result.game).toBe(7);
    expect(j.result.trace[0]).toMatch(/^SET-UP/);
    await expect(j.result.trace.join('\n') + '\n').toMatchFileSnapshot('__snapshots__/darkfate-trace-seed42-game7.noreg.txt');
    const t = runCli(['darkfate', '--rev9', 'endoskeleton', '--seed', '42', '--trace', '7', '--policy', 'greedy']);
    expect(t.stdout).toContain('TURN 1:');
    expect(runCli(['darkfate', '--help']).stdout).toMatch(/--trace <K> +print game K of this run \(same --seed; K counts from 0\)/);
    // Without --seed the trace tells the seed it chose (stderr), and that seed replays the same game.
    const chosen = runCli(['darkfate', '--trace', '2', '--policy', 'greedy', '--format', 'json']);
    const seed = /seed (\d+) \(chosen at random/.exec(chosen.stderr)?.[1];
    expect(seed).toBeDefined();
    const again = runCli(['darkfate', '--trace', '2', '--policy', 'greedy', '--format', 'json', '--seed', seed!]);
    expect(JSON.parse(again.stdout).result.trace).toEqual(JSON.parse(chosen.stdout).result.trace);
  });

  it('the trace shows what a reader needs to check each step: draws, fight and supply, single-use cards, which reserve card', () => {
    // The values these traced games were found with (the reference set before its last calibration).
    const pinned = ['--card-changes', RULE_TEST_CARD_CHANGES];
    const death = runCli(['darkfate', '--policy', 'random', '--players', '1', '--seed', '11', '--trace', '0', '-q', ...pinned]).stdout.split('\n');
    // A death by the end-of-phase draw follows the drawn hand, which holds the three wounds.
    const dies = death.findIndex((l) => l.includes('DIES (three wounds in hand)'));
    expect(dies).toBeGreaterThan(0);
    expect(death[dies - 1]).toMatch(/^  p1 discards and draws a new hand: /);
    expect(death[dies - 1].match(/Wound/g)).toHaveLength(3);
    // A death by a card's draw in mid-phase follows the drawn wound.
    const mid = runCli(['darkfate', '--policy', 'random', '--players', '1', '--seed', '11', '--trace', '59', '-q', ...pinned]).stdout.split('\n');
    const midDies = mid.findIndex((l) => l.includes('DIES (three wounds in hand)'));
    expect(mid[midDies - 1]).toBe('    p1 draws Wound');
    const t = runCli(['darkfate', '--seed', '11', '--trace', '3', '--policy', 'greedy', '-q', ...pinned]).stdout;
    expect(t).toMatch(/^  p\d's character power: fight 1, supply 0$/m);
    expect(t).toMatch(/^  p\d plays Prep \(\+1 supply\)$/m);
    expect(t).toMatch(/^    p\d draws \S/m);
    expect(t).toMatch(/^    Grenade is destroyed \(its text says so\)$/m);
    expect(t).toMatch(/^  p\d deals \d+ damage to \w+ \(reserve card \d+; fight left \d+\)$/m);
    expect(t).toMatch(/^  p\d gains .* \(cost \d+; supply left \d+\) into p\d's discard pile$/m);
    expect(t).toMatch(/^    Rev-9 Endoskeleton heals 3 \(now \d+ damage\)$/m);
  });

  it('--policy ./file.js loads a user policy, also inside worker threads', () => {
    const dir = tempDir('sim-df-');
    const file = join(dir, 'first.mjs');
    writeFileSync(file, "export default function createPolicy() { return { name: 'first-choice', choose: (rng, v, d, o, n) => (d === 0 ? n - 1 : 0) }; }\n");
    const r = runCli(['darkfate', '-n', '400', '--seed', '3', '--policy', file, '-j', '2', '--chunk-size', '100', '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).policy).toBe(file);
    const bad = join(dir, 'bad.mjs');
    writeFileSync(bad, 'export default 42;\n');
    const b = runCli(['darkfate', '-n', '10', '--policy', bad]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^sim: option --policy: .*bad\.mjs: expected a default export/);
  });

  it("a policy module's code is part of the run's identity: a checkpoint made with other code is refused", () => {
    const dir = tempDir('sim-df-');
    const file = join(dir, 'last.mjs');
    const code = "export default { name: 'last-action', choose: (rng, v, d, o, n) => (d === 0 ? n - 1 : 0) };\n";
    writeFileSync(file, code);
    const run = () => runCli(['darkfate', '-n', '200', '--seed', '3', '--policy', file, '-j', '1', '--checkpoint', join(dir, 'ck.json'), '--format', 'json', '-q']);
    const first = run();
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(file, `${code}// edited\n`);
    const again = run();
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/ck\.json.*the content of the policy file \(hash [0-9a-f]{16} vs [0-9a-f]{16}\)/);
  });

  it('a policy module that cannot be imported, or whose factory throws, is named in the one-line error', () => {
    const dir = tempDir('sim-df-');
    writeFileSync(join(dir, 'syntax.mjs'), "export default { name: ;\n");
    writeFileSync(join(dir, 'factory.mjs'), "export default function createPolicy() { throw new Error('factory broke'); }\n");
    const s = runCli(['darkfate', '-n', '10', '--policy', join(dir, 'syntax.mjs')]);
    expect(s.code).toBe(2);
    expect(s.stderr.trim().split('\n')).toHaveLength(1);
    expect(s.stderr.startsWith(`sim: option --policy: ${join(dir, 'syntax.mjs')}: cannot load the policy module: Unexpected token`)).toBe(true);
    const f = runCli(['darkfate', '-n', '10', '--policy', join(dir, 'factory.mjs')]);
    expect(f.code).toBe(2);
    expect(f.stderr.trim()).toBe(`sim: option --policy: ${join(dir, 'factory.mjs')}: the policy factory threw: factory broke`);
  });

  const thrower = () => {
    const file = join(tempDir('sim-df-'), 'throws.mjs');
    writeFileSync(file, "export default { name: 'thrower', choose(rng, v) { if (v.turn >= 3) throw new Error('boom'); return 0; } };\n");
    return file;
  };

  it('a policy that throws during --rev9 all: the reproduce hint names the Rev-9 version that failed', () => {
    const r = runCli(['darkfate', '--rev9', 'all', '-n', '40', '--seed', '1', '-j', '1', '--policy', thrower()]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(/game 0: boom — replay it: the game's command \(sim GAME\) with these parameters but --rev9 damaged-endo, --seed 1 and --trace 0$/);
  });

  it('--trace K of a game whose policy throws prints the game up to the failure (stdout), then the error (stderr, exit 1)', () => {
    const file = thrower();
    const args = ['darkfate', '--policy', file, '--rev9', 'damaged-endo', '--seed', '1', '--trace', '0'];
    const t = runCli(args);
    expect(t.code).toBe(1);
    expect(t.stderr).toBe('sim: error: game 0: boom\n');
    expect(t.stdout).toContain('game 0 of seed 1, turn by turn, up to its failure');
    expect(t.stdout).toMatch(/^SET-UP: [^\n]*Damaged Endo/m);
    expect(t.stdout).toMatch(/^TURN 3: [^]*\nFAILED: boom\n/m);
    const j = runCli([...args, '--format', 'json']);
    expect(j.code).toBe(1);
    const report = JSON.parse(j.stdout);
    expect([report.result.outcome, report.result.error, report.result.turns]).toEqual(['failed', 'boom', 3]);
    expect(report.result.trace[0]).toMatch(/^SET-UP/);
  });

  it('--cards FILE swaps in a transcription; a bad one exits 2 naming file, card and field', () => {
    const dir = tempDir('sim-df-');
    const good = join(dir, 'mine.yaml');
    writeFileSync(good, readFileSync(CARDS, 'utf8').replace('{ name: Cash, count: 8,', '{ name: Cash, count: 9,'));
    const r = runCli(['darkfate', '-n', '200', '--seed', '1', '--cards', good, '--format', 'json', '-j', '1']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result.fateCards).toBe(183);
    expect(j.notes[0]).toContain('183 fate cards');
    // A transcription's own Rev-9 keys are what --rev9 accepts.
    const renamed = join(dir, 'renamed.yaml');
    writeFileSync(renamed, readFileSync(CARDS, 'utf8').replace('  - key: endoskeleton\n', '  - key: endo-t1\n').replace('splitsInto: [endoskeleton,', 'splitsInto: [endo-t1,'));
    const own = runCli(['darkfate', '-n', '50', '--seed', '1', '--cards', renamed, '--rev9', 'endo-t1', '--format', 'json', '-j', '1']);
    expect(own.stderr).toBe('');
    expect(JSON.parse(own.stdout).result.versions.map((v: { rev9: string }) => v.rev9)).toEqual(['endo-t1']);
    expect(runCli(['darkfate', '-n', '50', '--cards', renamed, '--rev9', 'endoskeleton']).stderr).toMatch(/^sim: option --rev9: "endoskeleton" is not a Rev-9 of the card data.*expected one of damaged-endo, endo-t1,/);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, readFileSync(CARDS, 'utf8').replace('{ name: Shotgun, count: 8, cost: 4, fight: 5,', '{ name: Shotgun, count: 8, cost: 4, fihgt: 5,'));
    const b = runCli(['darkfate', '-n', '10', '--cards', bad]);
    expect(b.code).toBe(2);
    expect(b.stdout).toBe('');
    expect(b.stderr.trim()).toBe(`sim: ${bad}: fate[17] (Shotgun): fihgt: unknown field "fihgt" (did you mean "fight"?)`);
    // A fate card without a cost can never be gained (rulebook: Glossary, Cost): the report says so, not a silent 0 bought.
    const free = join(dir, 'nocost.yaml');
    writeFileSync(free, readFileSync(CARDS, 'utf8').replace('{ name: Shotgun, count: 8, cost: 4, fight: 5,', '{ name: Shotgun, count: 8, fight: 5,'));
    const note = 'A fate card has no cost, so it can never be gained (rulebook: Glossary, Cost): Shotgun; give a cost in the card data if it is meant to be bought.';
    expect(JSON.parse(runCli(['darkfate', '-n', '20', '--seed', '1', '--cards', free, '--format', 'json', '-j', '1']).stdout).notes).toContain(note);
    // The stored gap is the planner's: under another policy the note says so (it read as this run's).
    const greedy = JSON.parse(runCli(['darkfate', '-n', '20', '--seed', '1', '--policy', 'greedy', '--format', 'json', '-j', '1']).stdout);
    expect(greedy.notes.find((n: string) => n.startsWith('policy gap'))).toMatch(/\(the planner's gap, not this run's policy, greedy: `sim policies darkfate` measures others\)$/);
    expect(JSON.parse(runCli(['darkfate', '-n', '2', '--seed', '1', '--policy', 'search', '--set', 'searchRollouts=1', '--format', 'json', '-j', '1']).stdout).text).toContain('the search policy itself played (its stored gap is over the planner)');
    expect(j.notes).not.toContain(note);
  });

  it('bad options exit 2 with one line naming the option (also for checks across parameters)', () => {
    const cases: [string[], RegExp][] = [
      [['--rev9', 'terminator'], /^sim: option --rev9: "terminator" is not a Rev-9 of the card data; expected one of damaged-endo, endoskeleton/],
      [['--rev9', 'endoskeletn'], /^sim: option --rev9: "endoskeletn" is not a Rev-9 of the card data \(did you mean "endoskeleton"\?\)/],
      [['--characters', 'sarah', '--players', '2'], /^sim: option --characters: got 1 character\(s\), expected 2 \(one per player\)/],
      [['--solo', '--characters', 'sarah'], /^sim: option --characters: got 1 character\(s\), expected 2 \(solo mode plays two\)/],
      [['--players', '5'], /^sim: option --players: got "5", expected an integer in \[1, 4\]/],
      [['--characters', 'sarah,bob'], /^sim: option --characters: unknown character "bob", expected 2 of sarah, grace, dani, t800/],
      [['--characters', 'sarah,,grace'], /^sim: option --characters: an empty name in "sarah,,grace"; list 2 of sarah, grace, dani, t800 with one comma between each/],
      [['--characters', 'sarah'], /^sim: option --characters: got 1 character\(s\), expected 2/],
      [['--solo', '--players', '2'], /^sim: option --solo: solo mode is one player/],
      [['--policy', 'smart'], /^sim: option --policy: unknown policy "smart"/],
      [['--cards', '/nonexistent/cards.yaml'], /^sim: option --cards: cannot read \/nonexistent\/cards\.yaml: ENOENT/],
      [['--set', 'policy=smart'], /^sim: option --set policy: unknown policy "smart", expected one of planner, search, search-ismcts, random, greedy, cautious, legacy-planner or the path of an existing .js module/],
      [['--rev9', 'all', '--trace', '3'], /^sim: option --trace: choose one Rev-9 version/],
      [['--set', 'handSize=0'], /^sim: option --set handSize: got "0", expected an integer in \[1, 20\]/],
      // A trace simulates nothing: a shard would write an empty part file, a checkpoint would be ignored.
      [['--trace', '0', '--shard', '1/2'], /^sim: option --trace: replays one game, so it cannot be combined with --shard\n/],
      [['--set', 'trace=2', '--shard', '2/2'], /^sim: option --set trace: replays one game, so it cannot be combined with --shard\n/],
      [['--trace', '0', '--checkpoint', join(tempDir('sim-df-'), 'ck.json')], /^sim: option --trace: replays one game, so it cannot be combined with --checkpoint\n/],
    ];
    for (const [args, msg] of cases) {
      const r = runCli(['darkfate', '-n', '10', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(msg);
    }
  }, 60_000);

  it('a scenario file picks the policy, a cards file by relative path, the characters and the optional rules', () => {
    const dir = tempDir('sim-df-');
    writeFileSync(join(dir, 'my-cards.yaml'), readFileSync(CARDS, 'utf8').replace('{ name: Cash, count: 8,', '{ name: Cash, count: 9,'));
    writeFileSync(join(dir, 'last.mjs'), "export default { name: 'last-action', choose: (rng, v, d, o, n) => (d === 0 ? n - 1 : 0) };\n");
    const scenario = join(dir, 'mine.yaml');
    const yaml = (policy: string, extra = '') =>
      `game: darkfate\nparams:\n  rev9: liquid-exoskeleton\n  players: 3\n  characters: dani,t800,grace\n  cards: my-cards.yaml\n  goOnWithoutMe: true\n  neuralNet: true\n${extra}run:\n  n: 200\n  seed: 4\n  policy: ${policy}\n`;
    writeFileSync(scenario, yaml('greedy'));
    // From another working directory: the cards path is relative to the scenario file.
    const r = runCli(['run', scenario, '--format', 'json', '-j', '1'], { cwd: tmpdir() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.policy).toBe('greedy');
    expect(j.result.characters).toBe('dani,t800,grace');
    expect(j.result.fateCards).toBe(183);
    expect(resolve(tmpdir(), j.params.cards)).toBe(join(dir, 'my-cards.yaml')); // reported relative to the working directory
    expect(j.params.goOnWithoutMe).toBe(true);
    expect(j.params.neuralNet).toBe(true);
    // --set overrides the scenario; a policy module given by path.
    const s = runCli(['darkfate', '--scenario', scenario, '--set', `policy=${join(dir, 'last.mjs')}`, '--set', 'characters=sarah,grace,t800', '--format', 'json', '-j', '1']);
    expect(s.stderr).toBe('');
    expect(JSON.parse(s.stdout).policy).toBe(join(dir, 'last.mjs'));
    expect(JSON.parse(s.stdout).result.characters).toBe('sarah,grace,t800');
    // Bad values from the file exit 2 with one line.
    writeFileSync(scenario, yaml('smart'));
    const b = runCli(['run', scenario, '-j', '1']);
    expect(b.code).toBe(2);
    expect(b.stderr.trim().split('\n')).toHaveLength(1);
    expect(b.stderr).toMatch(/^sim: [^\n]*mine\.yaml: run\.policy: unknown policy "[^"]*smart", expected one of/);
    writeFileSync(scenario, yaml('greedy').replace('cards: my-cards.yaml', 'cards: missing.yaml'));
    const c = runCli(['run', scenario, '-j', '1']);
    expect(c.code).toBe(2);
    expect(c.stderr.trim()).toBe(`sim: ${scenario}: params.cards: cannot read ${join(dir, 'missing.yaml')}: ENOENT (no such file)`);
  }, 60_000);

  it('a report with a user card file and policy is portable: recorded in one folder, checked from a copy elsewhere', () => {
    const a = tempDir('sim-df-a-');
    mkdirSync(join(a, 'mine'));
    writeFileSync(join(a, 'mine', 'cards.yaml'), readFileSync(CARDS, 'utf8'));
    writeFileSync(join(a, 'mine', 'first.mjs'), "export default { name: 'first', choose: () => 0 };\n");
    const args = ['darkfate', '--cards', 'mine/cards.yaml', '--policy', 'mine/first.mjs', '-n', '40', '--seed', '2', '-j', '1', '--format', 'json'];
    const rec = runCli([...args, '--out', 'golden.json'], { cwd: a });
    expect(rec.code, rec.stderr).toBe(0);
    const golden = JSON.parse(readFileSync(join(a, 'golden.json'), 'utf8'));
    expect([golden.params.cards, golden.policy, golden.assumptions[0]]).toEqual(['mine/cards.yaml', 'mine/first.mjs', 'card data from mine/cards.yaml (a user transcription)']);
    const b = tempDir('sim-df-b-');
    cpSync(a, b, { recursive: true });
    for (const mode of ['exact', 'stat']) {
      // The golden names a policy module: code runs only when the user says so; its card file, next to it, is read.
      expect(runCli(['check', 'golden.json', '-j', '1', '--tolerance', mode], { cwd: b }).stderr).toMatch(/rerun\.params\.policy: mine\/first\.mjs is code \(a module\) named only by stored data, not by you: refused \(pass --allow-code to run it\)/);
      const check = runCli(['check', 'golden.json', '-j', '1', '--tolerance', mode, '--allow-code'], { cwd: b });
      expect(check.stderr).toBe('');
      expect(check.code, check.stdout).toBe(0);
    }
  }, 60_000);

  it('scenario files: the defaults and the hand-size-6 house rule', () => {
    const r = runCli(['darkfate', '--scenario', 'scenarios/darkfate/hand-size-6.yaml', '-n', '300', '--format', 'json', '-j', '1']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.params.handSize).toBe(6);
    expect(j.seed).toBe(1);
    const d = runCli(['darkfate', '--scenario', 'scenarios/darkfate/default.yaml', '-n', '300', '--format', 'json', '-j', '1']);
    expect(JSON.parse(d.stdout).params.handSize).toBe(5);
  });
});

describe('card values as parameters (--set card.<card>.<field>)', () => {
  it('play the same games as the same --card-changes, work as sweep axes, and an unknown field names the nearest', () => {
    const run = (...args: string[]) => JSON.parse(runCli(['darkfate', '-n', '300', '--seed', '4', '-j', '1', '-q', '--format', 'json', ...args]).stdout);
    const viaSet = run('--set', 'card.pistol.fight=1');
    const viaChanges = run('--card-changes', 'pistol.fight=1');
    expect(viaSet.params['card.pistol.fight']).toBe(1);
    expect(viaSet.result).toEqual(viaChanges.result);
    expect(viaSet.result).not.toEqual(run().result);
    const bad = runCli(['darkfate', '--set', 'card.pistol.fihgt=4', '-n', '10']);
    expect([bad.code, bad.stderr.trim()]).toEqual([2, 'sim: option --set card.pistol.fihgt: unknown parameter "card.pistol.fihgt" (did you mean "card.pistol.fight"?); see `sim params darkfate`']);
    // A field the card file needs at least 1 (a stagger, a hunt value, a card's count) says so when --set is read, as for -5.
    for (const [key, least] of [['card.fully-operational.stagger', 1], ['data.cards.endoskeleton.hunt', 1], ['card.pistol.count', 1], ['card.pistol.fight', 0]] as const) {
      const r = runCli(['darkfate', '--set', `${key}=${least - 1}`, '-n', '10']);
      expect([r.code, r.stderr.trim()]).toEqual([2, `sim: option --set ${key}: got "${least - 1}", expected an integer in [${least}, 99]`]);
    }
    const sweep = runCli(['sweep', 'darkfate', '--grid', 'card.pistol.cost=1,3', '-n', '100', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(JSON.parse(sweep.stdout).result.cells.map((c: { params: Record<string, unknown> }) => c.params['card.pistol.cost'])).toEqual([1, 3]);
  });
  it('a card change for a Rev-9 that does not play (nor split off one that does), or for a character not chosen, is said to change nothing', () => {
    const idle = (...args: string[]) => (JSON.parse(runCli(['darkfate', '-n', '20', '--seed', '1', '-j', '1', '-q', '--format', 'json', ...args]).stdout).notes as string[]).filter((n) => n.includes('changes nothing'));
    expect(idle('--set', 'card.liquid-exoskeleton.stagger=5', '--set', 'data.cards.dani.power.supply=5')).toEqual([
      'The card change liquid-exoskeleton.stagger=5 changes nothing here: the Rev-9 Liquid Exoskeleton does not play in this run (--rev9 endoskeleton).',
      'The card change dani.power.supply=5 changes nothing here: Dani Ramos is not among the characters played (sarah,grace).',
    ]);
    // Fully Operational splits into the Liquid Exoskeleton; --characters dani plays her: both act.
    expect(idle('--rev9', 'fully-operational', '--set', 'card.liquid-exoskeleton.stagger=5')).toEqual([]);
    expect(idle('--characters', 'sarah,dani', '--set', 'data.cards.dani.power.supply=5')).toEqual([]);
  });
});
