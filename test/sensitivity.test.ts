// `sim sensitivity` (issue 26): the changes it makes (each other reading, numbers a step down and
// up, data true/false flipped), its paired effects (equal to `sim compare` of the same change on the
// same seed), its saturation mark (a change no game noticed), its determinism, and its errors.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesOf, parseStep, stepInWords, steps } from '../src/cli/commands/sensitivity.js';
import { resolveFromSources } from '../src/cli/resolve.js';
import { loadGame } from '../src/games/index.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const json = (args: string[]) => {
  const r = runCli([...args, '-q', '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('the changes', () => {
  it('a whole number up to 10 moves ±1, a larger one or a fraction ±20%, inside its bounds', () => {
    expect(steps(6, { type: 'number' }, { kind: 'auto' })).toEqual([{ to: 5, direction: 'lower' }, { to: 7, direction: 'higher' }]);
    expect(steps(30, { type: 'int' }, { kind: 'auto' })).toEqual([{ to: 24, direction: 'lower' }, { to: 36, direction: 'higher' }]);
    expect(steps(0.5, { type: 'number' }, { kind: 'auto' })).toEqual([{ to: 0.4, direction: 'lower' }, { to: 0.6, direction: 'higher' }]);
    expect(steps(0, { type: 'int', min: 0, max: 5 }, { kind: 'auto' })).toEqual([{ to: 1, direction: 'higher' }]);
    // A relative step of a small whole number still moves it by at least 1.
    expect(steps(2, { type: 'int' }, parseStep('10%'))).toEqual([{ to: 1, direction: 'lower' }, { to: 3, direction: 'higher' }]);
    expect(steps(4, { type: 'int' }, parseStep('2'))).toEqual([{ to: 2, direction: 'lower' }, { to: 6, direction: 'higher' }]);
    // A whole number moves the same whole size each way (3 ± 50% was 2 and 5).
    expect(steps(3, { type: 'int' }, parseStep('50%'))).toEqual([{ to: 1, direction: 'lower' }, { to: 5, direction: 'higher' }]);
    // Outside its bounds under a chosen step: kept, with why (the report lists it as not played).
    expect(steps(6, { type: 'int', min: 1, max: 20 }, parseStep('200%'))).toEqual([
      { to: -6, direction: 'lower', refused: 'below its minimum 1 (a smaller --step keeps it inside)' },
      { to: 18, direction: 'higher' },
    ]);
    // Already at its bound: no change that way is listed, whatever the step (no smaller step would help).
    expect(steps(1, { type: 'int', min: 1 }, parseStep('10%'))).toEqual([{ to: 2, direction: 'higher' }]);
    // A fixed size given is the size played (a real number that happens to be whole included: the
    // skirmish's spread 3 moves to 2.5 and 3.5 under --step 0.5, not ±1); an integer parameter
    // cannot take it, and says so rather than playing another size.
    expect(steps(3, { type: 'number', min: 0, max: 36 }, parseStep('0.5'))).toEqual([{ to: 2.5, direction: 'lower' }, { to: 3.5, direction: 'higher' }]);
    expect(steps(6, { type: 'int' }, parseStep('1.5'))).toEqual([
      { to: 4.5, direction: 'lower', refused: 'an integer: --step 1.5 does not keep it whole (give a whole --step, or a percentage)' },
      { to: 7.5, direction: 'higher', refused: 'an integer: --step 1.5 does not keep it whole (give a whole --step, or a percentage)' },
    ]);
    // A large value keeps a small fixed step both ways (no rounding to 6 digits).
    expect(steps(123456, { type: 'number' }, parseStep('0.5'))).toEqual([{ to: 123455.5, direction: 'lower' }, { to: 123456.5, direction: 'higher' }]);
    // A percentage rounded up to a whole 1 at a bound: the advice is the one that helps (a fixed size), not "a smaller --step".
    expect(steps(1, { type: 'number', min: 0.01, max: 2 }, parseStep('1%'))).toEqual([
      { to: 0, direction: 'lower', refused: 'below its minimum 0.01 (a percentage moves a whole value by at least 1; a fixed --step such as 0.5 moves it less)' },
      { to: 2, direction: 'higher' },
    ]);
    expect(stepInWords(parseStep('0.5'))).toBe('Numbers move ±0.5 (--step); an integer parameter only by a whole size (otherwise listed as not played).');
    expect(stepInWords({ kind: 'auto' })).toMatch(/±1 when whole and at most 10, else ±20%/);
    // The number grammar of every other option: no hexadecimal.
    expect(() => parseStep('0x10')).toThrow(/positive size/);
    expect(() => parseStep('-1')).toThrow(/positive/);
    expect(() => parseStep('x%')).toThrow(/percentage/);
  });

  it("sim params marks what sim sensitivity varies, from the same flag: a parameter marked is accepted by --only, one not marked is refused as no assumption", async () => {
    const rows = JSON.parse(runCli(['params', 'darkfate', '--format', 'json']).stdout).result as { key: string; sensitivity: string; source: string }[];
    const game = await loadGame('darkfate');
    const marked = rows.filter((r) => r.sensitivity === 'reading' || r.sensitivity === 'assumed value').map((r) => r.key);
    expect(marked).toEqual(game.modes[0].params.filter((p) => p.assumed).map((p) => p.key));
    expect(rows.find((r) => r.key === 'fleeEndsHunt')!.sensitivity).toBe('reading');
    // The screen says it beside the source.
    expect(runCli(['params', 'darkfate']).stdout.replace(/[│\s]+/g, ' ')).toMatch(/sim sensitivity varies it as a reading\)/);
    // A parameter whose source says "assumption" but is no reading (the search's budget): not marked, and refused by name.
    const budget = rows.find((r) => r.key === 'searchMargin')!;
    expect(budget.sensitivity).toBe('');
    expect(runCli(['sensitivity', 'darkfate', '--only', 'searchMargin', '-n', '2', '--seed', '1', '-j', '1', '-q']).stderr).toMatch(/searchMargin is not an assumption/);
    // A marked one is taken by --only (a reading here), and the other kind is said with its article.
    const reading = runCli(['sensitivity', 'darkfate', '--only', 'fleeEndsHunt', '-n', '2', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(reading.code, reading.stderr).toBe(0);
    expect(JSON.parse(reading.stdout).tables[0].rows.map((r: { assumption: string }) => r.assumption)).toEqual(['fleeEndsHunt']);
    // A scenario's run.n is one run's games, not each change's: -n keeps its default (2000, as the help says); its seed is kept.
    const scenario = join(tempDir('sim-sens-'), 's.yaml');
    writeFileSync(scenario, 'game: genisys attack\nparams:\n  method: mc\nrun:\n  n: 150\n  seed: 4\n');
    const fromScenario = JSON.parse(runCli(['sensitivity', 'genisys', 'attack', '--scenario', scenario, '-j', '1', '-q', '--format', 'json']).stdout);
    expect([fromScenario.n, fromScenario.seed]).toEqual([2000, 4]);
    expect(runCli(['sensitivity', 'genisys', 'attack', '--help']).stdout.replace(/\s+/g, ' ')).toContain("(default: 2000, whatever a --scenario's run.n says: every change costs a run)");
    expect(runCli(['sweep', '--help']).stdout.replace(/\s+/g, ' ')).toContain("(default: the --scenario's run.n, else 10000 a cell)");
    expect(runCli(['policies', '--help']).stdout.replace(/\s+/g, ' ')).toContain("(default: the --scenario's run.n, else 20000)");
    expect(runCli(['params', 'tccg', 'game']).stdout.replace(/[│\s]+/g, ' ')).toMatch(/sim sensitivity varies it as an assumed value\)/);
    // Data values too: the ones marked are exactly those the sensitivity varies in a default run (Terror's data).
    const terror = await loadGame('terror');
    const varied = new Set(changesOf(terror.modes[0], resolveFromSources(terror.modes[0], null, {}, {}), { kind: 'auto' }, []).filter((c) => c.kind === 'data value').map((c) => c.key));
    const dataRows = (JSON.parse(runCli(['params', 'terror', '--format', 'json']).stdout).result as { key: string; sensitivity: string }[]).filter((r) => r.key.startsWith('data.'));
    expect(varied.size).toBeGreaterThan(10);
    expect(new Set(dataRows.filter((r) => r.sensitivity === 'data value').map((r) => r.key))).toEqual(varied);
  });

  it('every other choice of a reading, data numbers both ways, data true/false flipped; --only chooses', async () => {
    const game = await loadGame('terror');
    const mode = game.modes[0];
    const base = resolveFromSources(mode, null, {}, {});
    const all = changesOf(mode, base, { kind: 'auto' }, []);
    expect(all.filter((c) => c.key === 'finalHealth').map((c) => c.to)).toEqual(['flipAtZero']);
    expect(all.filter((c) => c.key === 'thwartRoll').map((c) => c.to)).toEqual([true]);
    expect(all.filter((c) => c.key === 'data.finalGirl.health').map((c) => [c.to, c.direction])).toEqual([[5, 'lower'], [7, 'higher']]);
    // Rulebook constants and report settings are not assumptions.
    expect(all.some((c) => c.key === 'horrorStart' || c.key === 'policy' || c.key === 'trace' || c.key === 'data.version')).toBe(false);
    const only = changesOf(mode, base, { kind: 'auto' }, ['data.finalGirl.*', 'finalHealth']);
    expect(new Set(only.map((c) => c.key))).toEqual(new Set(['finalHealth', 'data.finalGirl.health', 'data.finalGirl.saveRewardHeal', 'data.finalGirl.saveRewardHorror']));
  });
});

describe('sim sensitivity', () => {
  const args = ['sensitivity', 'terror', '--only', 'finalHealth,data.finalGirl.health,data.actionCards.run.copies', '-n', '300', '--seed', '3', '-j', '1'];

  it('each effect is the paired difference `sim compare` gives for the same change on the same seed; sorted by |Δ|', () => {
    const r = json(args);
    expect(r.kind).toBe('sensitivity');
    const fx = r.result.effects as { key: string; to: unknown; difference: number; lo: number; hi: number; pValue: number; changed: number }[];
    expect(fx).toHaveLength(5);
    const sizes = fx.map((e) => Math.abs(e.difference));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    for (const change of ['data.finalGirl.health=5', 'finalHealth=flipAtZero']) {
      const [key, to] = change.split('=');
      const c = json(['compare', 'terror', '--set', change, '-n', '300', '--seed', '3', '-j', '1']);
      const survived = c.result.comparisons.find((x: { metric: string; call: number }) => x.metric === r.result.metric && x.call === 0);
      const e = fx.find((x) => x.key === key && String(x.to) === to)!;
      expect(e.difference, change).toBe(survived.difference);
      expect([e.lo, e.hi, e.pValue], change).toEqual([survived.lo, survived.hi, survived.pValue]);
    }
    // Starting with one health less loses games (−2.9 points at 5,000 games; at 300 its interval may reach past 0), and only changes games that it changes.
    const lower = fx.find((x) => x.key === 'data.finalGirl.health' && x.to === 5)!;
    expect(lower.difference).toBeLessThan(0);
    expect(lower.changed).toBeGreaterThan(0);
    expect(r.text).toMatch(/^Baseline \(300 games\): survived \d+\.\d% \[/);
  });

  it('the text view prints each effect with its interval in one cell within 100 columns; the CSV keeps every column; the notes count what chance alone would give', () => {
    const text = runCli([...args, '-q']);
    expect(text.code, text.stderr).toBe(0);
    const r = json(args);
    // One block: the wide table is not split into column blocks that put the interval pages away from its effect.
    expect(text.stdout).not.toMatch(/\(continued, /);
    expect(Math.max(...text.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    const flat = text.stdout.replace(/\s*│\s*/g, '|');
    expect(flat).toContain('|Δ survived [lo,hi]|');
    for (const e of r.result.effects as { key: string; to: unknown; difference: number; lo: number; hi: number }[]) {
      const pp = (x: number) => `${Number((Math.abs(x) * 100).toFixed(1)) === 0 ? '±' : x > 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)}`;
      expect(text.stdout, `${e.key} → ${String(e.to)}`).toContain(`${pp(e.difference)} pp [${pp(e.lo)}, ${pp(e.hi)}]`);
    }
    // The text leaves out the value, the p-value and the note; the CSV keeps them, with the interval's own columns.
    expect(flat).not.toMatch(/\|p\|/);
    const csvHead = runCli([...args, '-q', '--format', 'csv']).stdout.split('\n')[0];
    expect(csvHead).toBe('assumption,kind,change,value,difference,lo,hi,pValue,changed,note');
    // Many tests: the note says how many intervals chance alone would put off 0, and how many pass Holm's correction (recounted here).
    const tested = (r.result.effects as { changed: number; pValue: number; lo: number; hi: number }[]).filter((e) => e.changed > 0 && Number.isFinite(e.pValue));
    const sorted = tested.map((e) => e.pValue).sort((a, b) => a - b);
    let holm = 0;
    while (holm < sorted.length && sorted[holm] * (sorted.length - holm) < 0.05) holm++;
    const off = tested.filter((e) => e.lo > 0 || e.hi < 0).length;
    expect(r.notes.join('\n')).toContain(`${tested.length} changes played differently; with no effect at all, about ${(tested.length * 0.05).toFixed(1)} of them would show an interval without 0 by chance alone. ${off} show${off === 1 ? 's' : ''} one; ${holm} stay significant after Holm's correction over the ${tested.length}`);
  });

  it('a significant change that decided every game (the metric 0% or 100% with it) says so where the answer names it; a non-significant one does not', () => {
    const r = json(['sensitivity', 'tccg', 'game', '--only', 'locationsPerTurn,hitRule', '-n', '100', '--seed', '1', '-j', '1']);
    const none = (r.result.effects as { key: string; to: unknown; value: number }[]).find((e) => e.key === 'locationsPerTurn' && e.to === 0)!;
    expect(none.value).toBe(0);
    expect(r.text).toMatch(/locations per turn 1 → 0 −[\d.]+ pp \[[^\]]+\] \(resistanceWins 0% in all 100 games with it\)/);
    expect(r.text.match(/in all 100 games with it/g)).toHaveLength(1);
    // 100% on a few games, the interval holding 0 (a review's case): no tag.
    const small = json(['sensitivity', 'darkfate', '--only', 'card.attack.count', '-n', '10', '--seed', '2', '-j', '1']);
    const full = (small.result.effects as { value: number; lo: number; hi: number }[]).filter((e) => e.value === 1 && e.lo <= 0 && e.hi >= 0);
    expect(full.length).toBeGreaterThan(0);
    expect(small.text).not.toMatch(/in all 10 games with it/);
  });
  it('a change no game noticed is marked as never in play, with no effect; a change the data refuses is listed with the reason', () => {
    // The Steady cards' supply: the planner never buys them all in these games (the run cards' was such
    // a value until the eighth pass bought run cards with the time left at Planning).
    const r = json([...args.slice(0, 3), 'data.actionCards.steady.copies,data.horror.dice.9,data.finalHealthTokens.0', ...args.slice(4)]);
    const copies = r.result.effects.filter((e: { key: string }) => e.key === 'data.actionCards.steady.copies');
    expect(copies).toHaveLength(2);
    for (const e of copies) expect([e.changed, e.difference]).toEqual([0, 0]);
    // Every change that no game noticed is marked, and only those (the planner never lets horror reach
    // level 9 in these 300 games, so its dice are never rolled either).
    const unnoticed = r.result.effects.filter((e: { changed: number }) => e.changed === 0).length;
    expect(unnoticed).toBeGreaterThanOrEqual(2);
    expect(r.tables[0].rows.filter((row: { note: string }) => /never came into play/.test(row.note))).toHaveLength(unnoticed);
    // The count is of changes (a value lowered and raised are two), said so.
    expect(r.text).toContain(`; ${unnoticed} of the changes never came into play`);
    // The last horror level rolls 1 die: 0 dice is refused by the file's own validation.
    expect(r.result.skipped).toEqual([expect.objectContaining({ key: 'data.horror.dice.9', to: 0, reason: expect.stringMatching(/horror\.dice\[9\]: expected an integer/) })]);
    expect(r.result.effects.find((e: { key: string; to: number }) => e.key === 'data.horror.dice.9' && e.to === 2)).toBeDefined();
    // A value the file states as a public fact (the Final Health tokens) is not an assumption: not varied, and counted.
    expect(r.result.effects.some((e: { key: string }) => e.key === 'data.finalHealthTokens.0')).toBe(false);
    expect(r.notes.join('\n')).toMatch(/Not varied: 1 data value the data file states as rulebook, digest or public facts/);
  });

  it('a conditional metric (recorded in some games only) says on how many games its baseline interval rests', () => {
    const cond = JSON.parse(runCli(['sensitivity', 'terror', '--metric', 'winKilled1', '--only', 'thwartRoll', '-n', '300', '--seed', '2', '-j', '1', '-q', '--format', 'json']).stdout);
    const b = cond.result.baseline[0];
    expect(b.n).toBeGreaterThan(0);
    expect(b.n).toBeLessThan(300);
    expect(cond.text).toMatch(new RegExp(`^Baseline \\(300 games\\): winKilled1 [\\d.]+% \\[[\\d.]+%, [\\d.]+%\\] \\(of the ${b.n} games that record it\\)\\.`));
    // A metric every game records says nothing more.
    const all = JSON.parse(runCli(['sensitivity', 'terror', '--only', 'thwartRoll', '-n', '300', '--seed', '2', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(all.result.baseline[0].n).toBe(300);
    expect(all.text).not.toMatch(/games that record it/);
  });
  it('the same numbers for any chunk size and batch split', () => {
    const strip = (j: { timings?: unknown }) => ({ ...j, timings: undefined });
    expect(strip(json([...args, '--chunk-size', '7']))).toEqual(strip(json(args)));
  });

  it("takes the mode's own options as its command does: the same values as --set, an option's key varied from the option's value, the same checks", () => {
    const strip = (j: { timings?: unknown }) => ({ ...j, timings: undefined });
    const tail = ['--only', 'hitRule', '-n', '10', '--seed', '1', '-j', '1'];
    const byOption = json(['sensitivity', 'tccg', 'game', '--resistance-policy', 'fight', '--hit-rule', 'ge', ...tail]);
    expect(strip(byOption)).toEqual(strip(json(['sensitivity', 'tccg', 'game', '--set', 'resistancePolicy=fight', '--set', 'hitRule=ge', ...tail])));
    expect([byOption.params.base.resistancePolicy, byOption.params.base.hitRule]).toEqual(['fight', 'ge']);
    // The varied key moves away from the option's value (the option does not pin the variant).
    expect(byOption.result.effects.map((e: { key: string; from: string; to: string }) => `${e.key} ${e.from} → ${e.to}`)).toEqual(['hitRule ge → gt']);
    expect(byOption.result.effects[0].changed).toBeGreaterThan(0);
    const bad = (a: string[], re: RegExp) => {
      const r = runCli(['sensitivity', 'tccg', 'game', ...a, ...tail]);
      expect(r.code, a.join(' ')).toBe(2);
      expect(r.stderr.trim()).toMatch(re);
    };
    bad(['--resistance-policy', 'nope'], /^sim: option --resistance-policy: got "nope", expected protect, fight/);
    bad(['--hit-rule', 'ge', '--hit-rule', 'gt'], /^sim: option --hit-rule is given 2 times/);
    bad(['--search-iterations', '64'], /^sim: option --search-iterations: has no effect here/);
    bad(['--no-such-flag'], /unknown option '--no-such-flag'/);
    // A game word without a mode, or a view, is not a mode: the message lists the modes.
    const view = runCli(['sensitivity', 'tccg', 'deck']);
    expect([view.code, view.stderr]).toEqual([2, expect.stringMatching(/argument game: unknown game "tccg deck" \(did you mean one of "tccg opening", "tccg game"\?\)/)]);
  });

  it('data of units or cards the configuration does not use is not played: listed as skipped, "not used by this configuration"', async () => {
    type Row = { key: string; reason?: string };
    const unusedKeys = (r: { result: { skipped: Row[] } }) => r.result.skipped.filter((k) => k.reason === 'not used by this configuration').map((k) => k.key);
    // Dual Fates attack: the Training Knight attacks the Training Knight; Bone Boy's values are not read, until it is the target.
    const tail = ['--method', 'mc', '--only', 'data.units.*', '-n', '50', '--seed', '1', '-j', '1'];
    const knight = json(['sensitivity', 'dualfates', 'attack', ...tail]);
    expect(unusedKeys(knight)).toContain('data.units.bone-boy.health');
    expect(unusedKeys(knight).every((k) => !k.startsWith('data.units.training-knight.'))).toBe(true);
    expect(knight.result.effects.some((e: Row) => e.key.startsWith('data.units.bone-boy.'))).toBe(false);
    expect(knight.text).toMatch(/of data the configuration does not use; see the last table/);
    const bone = json(['sensitivity', 'dualfates', 'attack', '--target', 'bone-boy', ...tail]);
    expect(unusedKeys(bone).some((k) => k.startsWith('data.units.bone-boy.'))).toBe(false);
    // Genisys skirmish: units in neither force and weapons none of them carries.
    const { skirmishMode } = await import('../src/games/genisys/skirmishEntry.js');
    const skirmish = skirmishMode.unusedData!(resolveFromSources(skirmishMode, null, { sideA: '2*resistance-soldier' }, {}));
    expect([skirmish('data.units.resistance-soldier.armor'), skirmish('data.weapons.plasma-rifle.rof'), skirmish('data.units.endoskeleton.armor'), skirmish('data.weapons.plasma-gun.rof')]).toEqual([false, false, false, false]);
    // The Endoskeletons (side B by default) have I'll Be Back: their models become crawlers, whose profile is read.
    expect([skirmish('data.units.crawler.armor'), skirmish('data.weapons.grenade-launcher.rof')]).toEqual([false, true]);
    // Without such a unit the crawler is unused; a weapon a force names (unit:weapon) is read.
    const soldiers = skirmishMode.unusedData!(resolveFromSources(skirmishMode, null, { sideA: '2*resistance-soldier:rocket-launcher', sideB: '3*resistance-soldier' }, {}));
    expect([soldiers('data.units.crawler.armor'), soldiers('data.units.endoskeleton.armor'), soldiers('data.weapons.rocket-launcher.rof'), soldiers('data.weapons.grenade-launcher.rof')]).toEqual([true, true, false, true]);
    // Genisys fire team: its attackers and targets, with the weapons they name (and carry), and the crawler behind I'll Be Back.
    const { fireTeamMode } = await import('../src/games/genisys/fireTeamEntry.js');
    const team = fireTeamMode.unusedData!(resolveFromSources(fireTeamMode, null, { attackers: '2*resistance-soldier:plasma-rifle', targets: '3*resistance-soldier' }, {}));
    expect(['data.units.resistance-soldier.armor', 'data.weapons.plasma-rifle.rof', 'data.units.crawler.armor', 'data.units.endoskeleton.armor', 'data.weapons.plasma-gun.rof'].map(team)).toEqual([false, false, true, true, true]);
    const endos = fireTeamMode.unusedData!(resolveFromSources(fireTeamMode, null, { targets: '2*endoskeleton' }, {}));
    expect(['data.units.crawler.armor', 'data.weapons.plasma-gun.rof', 'data.units.resistance-soldier.armor'].map(endos)).toEqual([false, false, true]);
    // A run says so in a note (the same notes for every mode that knows its unused data).
    const note = runCli(['genisys', 'fireteam', '--set', 'data.units.slave.armor=5', '--format', 'json']);
    expect(JSON.parse(note.stdout).notes).toContain('The data value data.units.slave.armor=5 changes nothing here: this configuration never reads it.');
    // The CCG: a game reads its decks' cards; the opening only the location decks and start cards.
    const tccg = await loadGame('tccg');
    const [game, opening] = ['game', 'opening'].map((n) => tccg.modes.find((m) => m.name === n)!);
    const inGame = game.unusedData!(resolveFromSources(game, null, {}, {}));
    const inOpening = opening.unusedData!(resolveFromSources(opening, null, {}, {}));
    expect(['data.cards.john-connor.power', 'data.cards.kyle-reese.speed', 'data.cards.uzi-9mm.damage'].map(inGame)).toEqual([true, false, false]);
    expect(['data.cards.john-connor.power', 'data.cards.kyle-reese.speed', 'data.cards.uzi-9mm.damage'].map(inOpening)).toEqual([true, false, true]);
  });

  it('refuses what it cannot answer, naming the option', () => {
    const bad = (a: string[], re: RegExp) => {
      const r = runCli(a);
      expect(r.code, a.join(' ')).toBe(2);
      expect(r.stderr).toMatch(re);
    };
    bad(['sensitivity', 'terror', '--only', 'data.finalGirl.heath'], /option --only: no parameter "data.finalGirl.heath".*did you mean "data.finalGirl.health"/);
    bad(['sensitivity', 'terror', '--only', 'nothing.*'], /option --only: no parameter starts with "nothing."/);
    bad(['sensitivity', 'terror', '--step', '0'], /--step/);
    bad(['sensitivity', 'terror', '--max-changes', '3'], /more than --max-changes 3/);
    bad(['sensitivity', 'dice'], /names no assumption to vary/);
    // Accepted and dropped, a hostile probe found: a step where no number is varied, and the chart's row count for a table or CSV.
    bad(['sensitivity', 'terror', '--only', 'thwartRoll', '--step', '2', '-n', '10'], /^sim: option --step: no number is varied here/);
    for (const format of ['table', 'csv']) bad(['sensitivity', 'terror', '--only', 'finalHealth', '--top', '3', '--format', format, '-n', '10'], new RegExp(`^sim: option --top: it sets the rows of the tornado chart, which --format ${format} does not draw`));
    for (const format of ['html', 'json']) expect(runCli(['sensitivity', 'terror', '--only', 'finalHealth', '--top', '3', '--format', format, '-n', '10', '--seed', '1', '-j', '1', '-q']).code, format).toBe(0);
    expect(runCli(['sensitivity', 'terror', '--only', 'thwartRoll,data.finalGirl.health', '--step', '2', '-n', '10', '--seed', '1', '-j', '1', '-q']).code).toBe(0);
    // Every change refused: the answer says nothing was measured (not that no game played differently).
    const none = runCli(['sensitivity', 'darkfate', '--only', 'card.attack.count', '--step', '500%', '-n', '50', '--seed', '1', '-q', '-j', '1', '--format', 'json']);
    expect(JSON.parse(none.stdout).text.split('\n')[1]).toBe('No change could be played (the last table says why): nothing was measured.');
    // A key --only names that is not varied is refused, not silently dropped from the answer.
    bad(['sensitivity', 'terror', '--only', 'data.finalGirl.health,handLimit'], /option --only: handLimit is not an assumption \(a setting, or a rule the rulebook states\): nothing to vary/);
    bad(['sensitivity', 'genisys', 'attack'], /exact method plays no games/);
  });
});

describe('sim sensitivity: the answer marks what is not significant', () => {
  it('"Most sensitive to" lists the largest effects; one whose interval holds 0 is said to be not significant (it stood beside the significant ones unmarked)', () => {
    const j = JSON.parse(runCli(['sensitivity', 'darkfate', '--only', 'card.attack.activate.woundCurrent,card.attack.count', '-n', '100', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    const line = (j.text as string).split('\n').find((l) => l.startsWith('Most sensitive to'))!;
    const parts = line.replace(/^Most sensitive to: /, '').replace(/\.$/, '').split('; ');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) {
      const [lo, hi] = /\[([−+][\d.]+), ([−+][\d.]+)\]/.exec(p)!.slice(1).map((x) => Number(x.replace('−', '-')));
      expect(p.endsWith('(not significant)'), p).toBe(lo <= 0 && hi >= 0);
    }
  });
  it('a mean metric\'s differences are signed in the table, as the answer prints them (it printed ASCII -7.24)', () => {
    const j = JSON.parse(runCli(['sensitivity', 'darkfate', '--metric', 'turns', '--only', 'card.attack.count', '-n', '30', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    expect(j.tables[0].columns.filter((c: { key: string }) => ['difference', 'lo', 'hi'].includes(c.key)).map((c: { format: string }) => c.format)).toEqual(['signed4', 'signed4', 'signed4']);
  });
});
