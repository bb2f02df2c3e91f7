// `sim gaps`: every stored policy gap of every game, as the reports print them, read from the gap
// files (nothing played). The real parser, in-process (runCli).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseYamlSafely } from '../src/core/safeYaml.js';
import { policyGapFileOf } from '../src/core/policyGapNote.js';
import { chartsOf } from '../src/report/charts.js';
import { gapsAnswer } from '../src/cli/commands/gaps.js';
import { storedGaps as matchStoredGaps, matchGapEntries, deploymentStamp } from '../src/games/dualfates/matchPolicyGap.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const dir = tempDir('sim-gaps-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Row {
  game: string;
  configuration: string;
  side: string | null;
  policy: string;
  base: number;
  search: number;
  budget: number;
  difference: number;
  lo: number;
  hi: number;
  pValue: number;
  games: number;
  seed: number;
  command: string;
  printed: boolean;
  why: string;
}

const json = (args: string[]) => {
  const r = runCli(['gaps', ...args, '--format', 'json', '-q']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { kind: string; text: string; result: Row[]; tables: { name: string; rows: unknown[] }[] };
};

/** The entries a game's gap file lists (its `measured` list, as written). */
const written = (game: string): Record<string, unknown>[] => (parseYamlSafely(readFileSync(policyGapFileOf(game), 'utf8'), game) as { measured: Record<string, unknown>[] }).measured;

describe('sim gaps', () => {
  it('lists every entry of every gap file, with the numbers each file stores, one screen table per game', () => {
    const all = json([]);
    expect(all.kind).toBe('gaps');
    const count = (game: string) => all.result.filter((r) => r.game.split(' ')[0] === game).length;
    for (const game of ['darkfate', 'terror', 'dualfates', 'tccg', 'genisys']) expect(count(game), game).toBe(written(game).length);
    expect(new Set(all.result.map((r) => r.game))).toEqual(new Set(['darkfate', 'terror', 'dualfates match', 'tccg game', 'genisys skirmish']));
    expect(all.tables.map((t) => t.name)).toHaveLength(5);
    // Each row is its file's entry: same command, games, seed and numbers; the difference is search − default.
    for (const game of ['darkfate', 'terror', 'dualfates', 'tccg', 'genisys']) {
      for (const e of written(game)) {
        const r = all.result.find((x) => x.command === e.command)!;
        expect(r, String(e.command)).toBeDefined();
        expect([r.games, r.seed, r.difference, r.lo, r.hi, r.pValue, r.budget]).toEqual([e.games, e.seed, e.difference, e.lo, e.hi, e.pValue, e.budget]);
        expect(r.search - r.base).toBeCloseTo(r.difference, 6);
      }
    }
    // The sides and defaults the reports name: the CCG's default bot of each side, Dual Fates' threat.
    expect(all.result.filter((r) => r.game === 'tccg game').map((r) => `${r.side}:${r.policy}`)).toEqual(['Resistance:protect', 'Skynet:hunt-support']);
    expect(all.result.filter((r) => r.game === 'darkfate').every((r) => r.side === null && r.policy === 'planner')).toBe(true);
  });

  it('answers first: for each game the largest significant gap of its current entries, or that none is significant', () => {
    const all = json([]);
    for (const game of new Set(all.result.map((r) => r.game))) {
      const mine = all.result.filter((r) => r.game === game && r.printed);
      const gained = mine.filter((r) => r.lo > 0);
      const line = all.text.split('\n').find((l) => l.startsWith(`- ${game}:`))!;
      expect(line, game).toBeDefined();
      if (gained.length === 0) expect(line).toBe(`- ${game}: no significant gap in ${mine.length} configuration${mine.length === 1 ? '' : 's'}`);
      else {
        const top = gained.reduce((a, b) => (b.difference > a.difference ? b : a));
        expect(line).toContain(`up to +${(top.difference * 100).toFixed(1)} pp`);
        expect(line).toContain(top.configuration);
        expect(line).toContain(`significant in ${gained.length} of ${mine.length}`);
      }
    }
    // On screen the same answer, then a table per game whose gap cells say what a non-significant one reads as.
    const screen = runCli(['gaps', 'darkfate']).stdout;
    expect(screen).toMatch(/^Stored policy gaps of darkfate/);
    expect(screen).toMatch(/- darkfate: up to \+\d+\.\d pp/);
    const endo = json(['darkfate']).result.find((r) => r.configuration.startsWith('endoskeleton'))!;
    if (endo.lo <= 0) expect(screen).toMatch(/\(n\.s\.\)/);
  });

  it('a game or one mode of it; a game without a search, an unknown game or mode, and --confidence are refused', () => {
    const match = json(['dualfates', 'match']);
    expect(match.result.length).toBe(written('dualfates').length);
    expect(new Set(match.result.map((r) => r.game))).toEqual(new Set(['dualfates match']));
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
    refused(['darkfate', 'extra'], 'sim: argument game: darkfate has no mode "extra" (give the game alone: sim gaps darkfate)');
    refused(['--confidence', '0.9'], /option --confidence: sim gaps draws no interval/);
  });

  it('a Dual Fates entry measured under an earlier deployment file, or against another default, is listed as not printed, with why', () => {
    const [e] = matchGapEntries();
    expect(e.deployment).toBe(deploymentStamp(e.teamA, e.teamB));
    const [current, stale, other] = matchStoredGaps([e, { ...e, deployment: 'feedfacecafe' }, { ...e, policy: 'fight' }]);
    expect([current.printed, current.why]).toEqual([true, undefined]);
    expect(stale.printed).toBe(false);
    expect(stale.why).toMatch(/earlier deployment file/);
    expect(other.printed).toBe(false);
    expect(other.why).toBe("measured against fight, not today's default (threat)");
    // The answer never takes a gap from an entry no report prints: a game left with none says so.
    const rows = [stale, other].map((r) => ({ ...r, game: 'dualfates match' }));
    expect(gapsAnswer(rows)).toMatch(/\n- dualfates match: no current entry \(2 not printed by the reports any more: see the notes\)$/);
    expect(gapsAnswer([...rows, { ...current, game: 'dualfates match' }])).toMatch(/\n- dualfates match: (up to \+|no significant gap in 1 configuration)/);
  });

  it('JSON passes its schema (sim report reads it back: the same table), and the HTML page draws each gap with its interval', () => {
    const file = join(dir, 'gaps.json');
    const r = runCli(['gaps', '--format', 'json', '--out', file, '-q']);
    expect(r.code, r.stderr).toBe(0);
    const back = runCli(['report', file, '--format', 'table']);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toBe(runCli(['gaps']).stdout);
    // A report that breaks the schema is refused, naming the field.
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.result[0].difference = 'big';
    writeFileSync(file, JSON.stringify(doc));
    const bad = runCli(['report', file, '--format', 'table']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/field result\.0\.difference: must be number/)]);
    const report = json([]);
    const charts = chartsOf(report as never);
    expect(charts).toHaveLength(1);
    const data = (charts[0].spec as { data: { values: { metric: string; d: number; lo: number; hi: number }[] } }).data.values;
    expect(data).toHaveLength(report.result.length);
    expect(data[0].d).toBeCloseTo(report.result[0].difference * 100, 9);
    expect(data.every((x) => x.lo <= x.d && x.d <= x.hi)).toBe(true);
  });
});
