// The robustness line (issue 26: from `sim sensitivity`) and the policy-gap line (issue 15) of `sim terror`.
import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../src/core/params.js';
import { storedSensitivity } from '../src/core/sensitivityNote.js';
import { changesOf } from '../src/cli/commands/sensitivity.js';
import { resolveFromSources } from '../src/cli/resolve.js';
import { loadGame } from '../src/games/index.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configKey, measuredGaps, policyGap, terrorGapFile } from '../src/games/terror/terrorPolicyGap.js';
import { runCli } from './helpers/runCli.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const sim = (over: Partial<TerrorSimParams> = {}): TerrorSimParams => ({ ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: -1, policy: 'planner', data, ...over });

describe('robustness line', () => {
  it('the default configuration prints what `sim sensitivity terror` measured there; any other configuration says it was not measured', () => {
    const j = JSON.parse(runCli(['terror', '-n', '100', '--seed', '4', '--format', 'json', '-q']).stdout);
    expect(j.notes.join('\n')).toMatch(/Robustness: the assumptions that move survived most, one at a time, measured on this configuration \(\d[\d,]* paired games, seed \d+: `sim sensitivity terror/);
    const other = JSON.parse(runCli(['terror', '-n', '100', '--seed', '4', '--set', 'data.finalGirl.health=5', '--format', 'json', '-q']).stdout);
    expect(other.notes.join('\n')).toMatch(/Robustness: not measured for this configuration. `sim sensitivity terror` with the same options/);
  });

  it('the answer crowns a change only when its interval excludes 0, and wraps each of its lines', () => {
    const answer = (only: string) => JSON.parse(runCli(['sensitivity', 'terror', '--only', only, '-n', '200', '--seed', '1', '-q', '-j', '1', '--format', 'json']).stdout).text as string;
    // Crowned or not by its interval, whichever way these 200 games fall (seeds 1 and 5 fall on either side since the planner's seventh pass).
    for (const seed of ['1', '5']) {
      const text = JSON.parse(runCli(['sensitivity', 'terror', '--only', 'thwartRoll', '-n', '200', '--seed', seed, '-q', '-j', '1', '--format', 'json']).stdout).text as string;
      const m = /thwart roll false → true [−+][\d.]+ pp \[([−+]?[\d.]+), ([−+]?[\d.]+)\]/.exec(text)!;
      expect(m, text).not.toBeNull();
      const [lo, hi] = [m[1], m[2]].map((x) => Number(x.replace('−', '-')));
      expect(text).toMatch(lo > 0 || hi < 0 ? /^Most sensitive to: thwart roll false → true [−+]\d/m : /^No change moved survived significantly at this number of games; the largest differences: thwart roll false → true [−+]\d/m);
    }
    expect(answer('data.actionCards.escort.range')).toMatch(/^Most sensitive to: action cards · escort · range 2 → 1 −\d/m);
    const table = runCli(['sensitivity', 'terror', '--only', 'thwartRoll', '-n', '200', '--seed', '1', '-q', '-j', '1']).stdout;
    expect(table.split('\n').every((line) => line.length <= 100)).toBe(true);
  });

  it("the stored measurement is of today's rules and data: the same number of changes as `sim sensitivity terror` makes now", async () => {
    const game = await loadGame('terror');
    const entry = storedSensitivity('terror').find((e) => e.mode === '' && Object.keys(e.params).length === 0)!;
    expect(entry).toBeDefined();
    const base = resolveFromSources(game.modes[0], null, {}, {});
    expect(changesOf(game.modes[0], base, { kind: 'auto' }, []).length).toBe(entry.changes + entry.skipped);
  });
});

describe('policy gap line', () => {
  it('keyed by configuration: not by the policy or its budget, nor by the name the data was loaded under; by any rule, reading or data change', () => {
    const base = configKey(sim());
    expect(configKey(sim({ policy: 'search', searchRollouts: 32 }))).toBe(base);
    expect(configKey(sim({ data: { ...data, file: '/elsewhere/data.yaml' } }))).toBe(base);
    expect(configKey(sim({ finalHealth: 'flipAtZero' }))).not.toBe(base);
    expect(configKey(sim({ deathOrder: 1 }))).not.toBe(base);
    expect(configKey(sim({ data: { ...data, punishments: data.punishments.map((p) => p + 1) } }))).not.toBe(base);
  });

  it('a measured configuration gets its numbers; another gets the caveat; every measured entry is a configuration of today\'s defaults', () => {
    const other = policyGap(sim({ timePerTurn: 5 }), 'planner');
    expect(other.measured).toBe(false);
    expect(other.line).toMatch(/^Policy planner: the gap to the search policy was not measured for this configuration/);
    const gaps = measuredGaps();
    // Every entry of the file passes the checks (one that failed would silently never be printed).
    expect(gaps.length).toBe(readFileSync(terrorGapFile(), 'utf8').match(/^  - config: /gm)?.length);
    const keys = [-1, 0, 1, 2].map((c) => configKey(sim({ deathOrder: c })));
    // The alternative data files (a random Death Order card per game).
    for (const f of ['data-harsh.yaml', 'data-shaped.yaml']) keys.push(configKey(sim({ data: loadTerrorData(new URL(`../scenarios/terror/${f}`, import.meta.url).pathname, f) })));
    // Each configuration has one entry, and it is the one its label names.
    expect(new Set(gaps.map((g) => g.config)).size).toBe(gaps.length);
    const labels = ['(a random Death Order card per game)', 'Death Order I', 'Death Order II', 'Death Order III', 'data-harsh.yaml', 'data-shaped.yaml'];
    for (let i = 0; i < keys.length; i++) expect(gaps.find((g) => g.config === keys[i])?.label, labels[i]).toMatch(new RegExp(`${labels[i].replace(/[().]/g, '\\$&')}( \\(|$)`));
    for (const g of gaps) {
      // A stale entry (rules, data or defaults changed since) would never be shown: re-measure it.
      expect(keys, g.label).toContain(g.config);
      expect(g.lo).toBeLessThanOrEqual(g.difference);
      expect(g.hi).toBeGreaterThanOrEqual(g.difference);
      expect(g.searchWin - g.defaultWin).toBeCloseTo(g.difference, 6);
    }
    const here = policyGap(sim(), 'planner');
    expect(here.measured).toBe(true);
    expect(here.line).toMatch(/^Policy planner \(the default\): the search policy wins \d+\.\d points (more|less)/);
    expect(policyGap(sim(), 'search').line).toMatch(/^Policy search: it won/);
    // A run whose search is not the one measured says so (a probe found a 2-rollout run quoting the 64-rollout measurement as its own).
    const stored = gaps.find((g) => g.config === configKey(sim()))!;
    expect(policyGap({ ...sim(), searchRollouts: stored.searchRollouts }, 'search').line).not.toMatch(/this run's search is another/);
    expect(policyGap({ ...sim(), searchRollouts: 2 }, 'search').line).toMatch(/; this run's search is another \(2 rollouts per answer\), not measured\.$/);
    expect(policyGap({ ...sim(), searchRollouts: stored.searchRollouts, rolloutPolicy: 'random' }, 'search').line).toMatch(/another \(rollouts by random\)/);
    expect(policyGap(sim(), 'random').line).toMatch(/not for this policy/);
  });

  it('the gap file is data, checked: an entry whose numbers disagree is never printed; no file, no gap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'terror-gap-'));
    try {
      const text = readFileSync(terrorGapFile(), 'utf8');
      const first = measuredGaps()[0];
      const file = join(dir, 'policy-gap.yaml');
      // The reference entry with a search rate (still a rate) that does not give its difference.
      writeFileSync(file, text.replace(`search: ${first.searchWin}\n`, `search: ${first.searchWin - 0.01}\n`));
      const bad = measuredGaps(file);
      expect(bad.length).toBe(measuredGaps().length - 1);
      expect(bad.some((g) => g.config === first.config)).toBe(false);
      expect(policyGap(sim(), 'planner', bad).measured).toBe(false);
      // A ladder's measurement says so in the line; a one-budget compare does not.
      expect(first.ladder).toBe(true);
      expect(policyGap(sim(), 'planner').line).toMatch(/rollouts per answer \(the highest budget its skill ladder measured\)/);
      writeFileSync(file, text.replace('\n    ladder: true\n', '\n    ladder: false\n'));
      const single = policyGap(sim(), 'planner', measuredGaps(file)).line;
      expect(single).toMatch(/rollouts per answer: `/);
      expect(single).not.toMatch(/skill ladder measured/);
      // Out of range or hostile values are never printed: a p-value above 1, an interval beyond ±1, a label with a terminal escape.
      for (const [from, to] of [[`pValue: ${first.pValue}\n`, 'pValue: 7\n'], [`lo: ${first.lo}\n`, 'lo: -5\n'], [`label: ${first.label}\n`, `label: "${first.label}\\u001b[31m"\n`]] as const) {
        expect(text.includes(from), from).toBe(true);
        writeFileSync(file, text.replace(from, to));
        expect(measuredGaps(file).some((g) => g.config === first.config), to).toBe(false);
      }
      const none = policyGap(sim(), 'planner', measuredGaps(join(dir, 'missing.yaml')));
      expect(none.measured).toBe(false);
      expect(none.line).toMatch(/^Policy planner: the gap to the search policy was not measured for this configuration;/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
