// `sim gaps`: every stored policy gap of every game, as the reports print them, read from the gap
// files (nothing played). The real parser, in-process (runCli).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gapsAnswer, type GapRow } from '../src/cli/commands/gaps.js';
import { parseYamlSafely } from '../src/core/safeYaml.js';
import { policyGapFileOf } from '../src/core/policyGapNote.js';
import { chartsOf } from '../src/report/charts.js';
import { storedGaps as darkfateStoredGaps, gapEntries } from '../src/games/darkfate/policyGap.js';
import { deploymentStamp, layoutGapEntries, matchGapEntries, matchGapLine, storedGaps as matchStoredGaps } from '../src/games/dualfates/matchPolicyGap.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const dir = tempDir('sim-gaps-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Json {
  kind: string;
  text: string;
  result: { gaps: (GapRow & { layout: string; why: string })[]; unmeasured: string[] };
  notes: string[];
  tables: { name: string; rows: unknown[] }[];
}

const json = (args: string[]): Json => {
  const r = runCli(['gaps', ...args, '--format', 'json', '-q']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Json;
};

/** The entries a game's gap file lists (its `measured` or `layouts` list, as written). */
const written = (game: string, list = 'measured'): Record<string, unknown>[] => (parseYamlSafely(readFileSync(policyGapFileOf(game), 'utf8'), game) as Record<string, Record<string, unknown>[]>)[list] ?? [];

describe('sim gaps', () => {
  it("lists every search entry of every gap file with the numbers it stores, and each Dual Fates side's fixed deployment the match reports print", () => {
    const all = json([]);
    expect(all.kind).toBe('gaps');
    expect(all.result.unmeasured).toEqual([]);
    const searchRows = all.result.gaps.filter((r) => r.challenger === 'search');
    const count = (game: string) => searchRows.filter((r) => r.game.split(' ')[0] === game).length;
    for (const game of ['darkfate', 'terror', 'dualfates', 'tccg', 'genisys']) expect(count(game), game).toBe(written(game).length);
    expect(new Set(all.result.gaps.map((r) => r.game))).toEqual(new Set(['darkfate', 'terror', 'dualfates match', 'tccg game', 'genisys skirmish']));
    expect(all.tables).toHaveLength(5);
    // Each row is its file's entry: same command, games, seed and numbers; the difference is challenger − default.
    for (const game of ['darkfate', 'terror', 'dualfates', 'tccg', 'genisys']) {
      for (const e of written(game)) {
        const r = searchRows.find((x) => x.command === e.command)!;
        expect(r, String(e.command)).toBeDefined();
        expect([r.games, r.seed, r.difference, r.lo, r.hi, r.pValue, r.budget]).toEqual([e.games, e.seed, e.difference, e.lo, e.hi, e.pValue, e.budget]);
        expect(r.challengerRate - r.base).toBeCloseTo(r.difference, 6);
      }
    }
    // The defaults the reports name: the CCG's bot of each side, Dark Fate's planner, the Dual Fates match's threat.
    expect(searchRows.filter((r) => r.game === 'tccg game').map((r) => `${r.side}:${r.policy}`)).toEqual(['Resistance:protect', 'Skynet:hunt-support']);
    expect(searchRows.filter((r) => r.game === 'darkfate').every((r) => r.side === null && r.policy === 'planner')).toBe(true);
    expect(new Set(searchRows.filter((r) => r.game === 'dualfates match').map((r) => r.policy))).toEqual(new Set(['threat']));
    // One fixed deployment per pairing and side, the one its match report prints (its numbers in the report's line).
    const fixed = all.result.gaps.filter((r) => r.challenger === 'fixed deployment');
    expect(fixed).toHaveLength(8);
    for (const r of fixed) {
      const [teamA, teamB] = r.configuration.split(' vs ');
      const line = matchGapLine(teamA, teamB, ['threat', 'threat'], true);
      expect(line, r.configuration).toContain(`${r.side === 'A' ? 'side A' : 'side B'}`);
      expect(line, `${r.configuration} ${r.side}`).toContain(`[${r.lo >= 0 ? '+' : '−'}${Math.abs(r.lo * 100).toFixed(1)}, ${r.hi >= 0 ? '+' : '−'}${Math.abs(r.hi * 100).toFixed(1)}]`);
      expect(r.layout.length).toBeGreaterThan(0);
      expect(r.budget).toBeNull();
      expect(written('dualfates', 'layouts').some((e) => e.command === r.command && e.difference === r.difference)).toBe(true);
    }
  });

  it('answers first: for each game the largest significant gap of its printed entries, or that none is significant', () => {
    const all = json([]);
    for (const game of new Set(all.result.gaps.map((r) => r.game))) {
      const mine = all.result.gaps.filter((r) => r.game === game && r.printed);
      const gained = mine.filter((r) => r.lo > 0);
      const line = all.text.split('\n').find((l) => l.startsWith(`- ${game}:`))!;
      expect(line, game).toBeDefined();
      if (mine.length === 0) expect(line).toMatch(/no current entry/);
      else if (gained.length === 0) expect(line).toMatch(new RegExp(`^- ${game}: no significant gap in ${mine.length} measured`));
      else {
        const top = gained.reduce((a, b) => (b.difference > a.difference ? b : a));
        expect(line).toContain(`up to +${(top.difference * 100).toFixed(1)} pp`);
        expect(line).toContain(top.configuration);
        expect(line).toContain(`significant in ${gained.length} of ${mine.length} measured`);
      }
    }
    // On screen the same answer, then a table per game whose gap cells say what a non-significant one reads as.
    const screen = runCli(['gaps', 'darkfate']).stdout;
    expect(screen).toMatch(/^Stored policy gaps of darkfate/);
    expect(screen).toMatch(/- darkfate: up to \+\d+\.\d pp/);
    // Each Rev-9 version by its name, as the reports name it (not its key).
    const rows = json(['darkfate']).result.gaps;
    expect(new Set(rows.map((r) => r.configuration.split(',')[0]))).toEqual(new Set(['Damaged Endo', 'Endoskeleton', 'Fully Operational', 'Liquid Exoskeleton']));
    const endo = rows.find((r) => r.configuration.startsWith('Endoskeleton'))!;
    if (endo.lo <= 0) expect(screen).toMatch(/\(n\.s\.\)/);
  });

  it('a game or one mode of it; a game without a search, an unknown game or mode, and --confidence are refused', () => {
    const match = json(['dualfates', 'match']);
    expect(match.result.gaps.filter((r) => r.challenger === 'search').length).toBe(written('dualfates').length);
    expect(new Set(match.result.gaps.map((r) => r.game))).toEqual(new Set(['dualfates match']));
    expect(json(['dualfates']).result).toEqual(match.result);
    const refused = (args: string[], message: string | RegExp) => {
      const r = runCli(['gaps', ...args]);
      expect([r.code, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr.trim(), args.join(' ')).toMatch(message);
    };
    refused(['dice'], 'sim: argument game: dice has no search policy, so no policy gap is stored for it (games with one: darkfate, genisys, terror, dualfates, tccg)');
    refused(['nosuch'], /^sim: argument game: unknown game "nosuch" \(games: dice, darkfate/);
    refused(['_fault'], /^sim: argument game: unknown game "_fault"/);
    refused(['tccg', 'opening'], 'sim: argument game: tccg opening stores no policy gap (tccg game does)');
    refused(['tccg', 'sideways'], 'sim: argument game: tccg has no mode "sideways" (its modes: opening, game)');
    // A command of the game that is no mode with decisions (sim tccg deck): the same answer, not "no such mode".
    refused(['tccg', 'deck'], 'sim: argument game: tccg deck: no policy gap is stored for it (tccg game stores one)');
    // An empty game is no game: refused, not read as "every game".
    refused([''], 'sim: argument game: empty; name a game (darkfate, dualfates match, …), or give none for every game');
    refused(['darkfate', 'extra'], 'sim: argument game: darkfate has no mode "extra" (give the game alone: sim gaps darkfate)');
    refused(['--confidence', '0.9'], /option --confidence: sim gaps draws no interval/);
  });

  it('an entry no report prints (an earlier Dual Fates deployment, another default, a later entry of the same configuration) is listed as not printed, with why, and never answers', () => {
    const [e] = matchGapEntries();
    expect(e.deployment).toBe(deploymentStamp(e.teamA, e.teamB));
    // The stale copies show a larger gap than the current entry: an answer that took one would show it.
    const bigger = { difference: 0.5, lo: 0.4, hi: 0.6, search: e.base + 0.5 };
    const [current, stale, other] = matchStoredGaps([e, { ...e, ...bigger, deployment: 'feedfacecafe' }, { ...e, ...bigger, policy: 'fight' }], []);
    expect([current.printed, current.why]).toEqual([true, undefined]);
    expect(stale.printed).toBe(false);
    expect(stale.why).toMatch(/earlier deployment/);
    expect(other.printed).toBe(false);
    expect(other.why).toBe("measured against fight, not today's default (threat)");
    const rows = [current, stale, other].map((r) => ({ ...r, game: 'dualfates match' }));
    const line = gapsAnswer({ gaps: rows, unmeasured: [] }).split('\n')[1];
    if (current.lo > 0) expect(line).toBe(`- dualfates match: up to +${(current.difference * 100).toFixed(1)} pp [+${(current.lo * 100).toFixed(1)}, +${(current.hi * 100).toFixed(1)}] (knights vs knights, side A; threat ${(current.base * 100).toFixed(1)}%), significant in 1 of 1 measured (configuration × side)`);
    else expect(line).toBe('- dualfates match: no significant gap in 1 measured (configuration × side)');
    expect(gapsAnswer({ gaps: rows.slice(1), unmeasured: [] })).toMatch(/\n- dualfates match: no current entry \(2 not printed by the reports any more: see the notes\)$/);
    // A game whose gap file gave nothing says so.
    expect(gapsAnswer({ gaps: [], unmeasured: ['genisys'] })).toMatch(/\n- genisys: no stored gap \(scenarios\/genisys\/policy-gap\.yaml is missing, empty or holds no entry that passes its checks\)$/);
    // The reports print the first entry of a configuration (find): a second one is listed, not printed.
    const [first] = gapEntries();
    const twice = darkfateStoredGaps([first, { ...first, difference: 0.3, lo: 0.2, hi: 0.4, search: first.planner + 0.3 }]);
    expect(twice.map((r) => r.printed)).toEqual([true, false]);
    expect(twice[1].why).toMatch(/earlier entry of the same configuration/);
    // The layouts' rows come from today's entries only.
    expect(matchStoredGaps([], layoutGapEntries().map((g) => ({ ...g, deployment: 'feedfacecafe' })))).toEqual([]);
  });

  it('JSON passes its schema (sim report reads it back: the same table), and the HTML page draws each gap with its interval under a label of its own', () => {
    const file = join(dir, 'gaps.json');
    const r = runCli(['gaps', '--format', 'json', '--out', file, '-q']);
    expect(r.code, r.stderr).toBe(0);
    const back = runCli(['report', file, '--format', 'table']);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toBe(runCli(['gaps']).stdout);
    // A report that breaks the schema is refused, naming the field.
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.result.gaps[0].difference = 'big';
    writeFileSync(file, JSON.stringify(doc));
    const bad = runCli(['report', file, '--format', 'table']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/field result\.gaps\.0\.difference: got "big"; must be number/)]);
    const report = json([]);
    const charts = chartsOf(report as never);
    expect(charts).toHaveLength(1);
    const spec = charts[0].spec as { data: { values: { metric: string; d: number; lo: number; hi: number }[] }; config: { axis: { labelLimit: number } } };
    const data = spec.data.values;
    expect(data).toHaveLength(report.result.gaps.length);
    expect(data[0].d).toBeCloseTo(report.result.gaps[0].difference * 100, 9);
    expect(data.every((x) => x.lo <= x.d && x.d <= x.hi)).toBe(true);
    // Every label is its own, within what the axis shows (about 8 px a character).
    const shown = data.map((x) => x.metric.slice(0, Math.floor(spec.config.axis.labelLimit / 8)));
    expect(new Set(shown).size).toBe(data.length);
  });
});
