// The sensitivity table (issue 20) and the policy-gap line (issue 15) of `sim terror`.
import { describe, expect, it } from 'vitest';
import { Layout, Recorder, Totals } from '../src/core/aggregate.js';
import { defaultsOf } from '../src/core/params.js';
import { StreamSeeder } from '../src/core/rng.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { configKey, MEASURED_GAPS, policyGap } from '../src/games/terror/terrorPolicyGap.js';
import { sensitivityResult, sensitivitySim, sensitivityVariants } from '../src/games/terror/terrorSensitivity.js';
import { runCli } from './helpers/runCli.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const sim = (over: Partial<TerrorSimParams> = {}): TerrorSimParams => ({ ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: -1, policy: 'planner', data, ...over });

/** Plays games [0, n) of seed 9 of the paired simulation; returns its totals. */
async function playPaired(p: Parameters<typeof sensitivitySim.createPlayer>[0], n: number): Promise<Totals> {
  const layout = new Layout(sensitivitySim.metrics(p));
  const rec = new Recorder(layout, layout.emptyChunk());
  const player = await sensitivitySim.createPlayer(p);
  const seeder = new StreamSeeder(9);
  for (let i = 0; i < n; i++) player.play(seeder.streamFor(i), rec, i);
  rec.finish();
  const t = new Totals(layout);
  t.addChunk(rec.data, n);
  return t;
}

describe('sensitivity table', () => {
  it('each variant is one change away from the run: the other reading, or one assumed value', () => {
    const base = sim();
    const variants = sensitivityVariants(base);
    const changed = (v: TerrorSimParams): string[] => {
      const keys = Object.keys(v).filter((k) => k !== 'data' && k !== 'policyHash' && JSON.stringify((v as unknown as Record<string, unknown>)[k]) !== JSON.stringify((base as unknown as Record<string, unknown>)[k]));
      const d = v.data as unknown as Record<string, unknown>;
      const b = base.data as unknown as Record<string, unknown>;
      for (const k of Object.keys(d)) if (JSON.stringify(d[k]) !== JSON.stringify(b[k])) keys.push(`data.${k}`);
      return keys;
    };
    expect(variants.map((v) => [v.change, changed(v.sim)])).toEqual([
      ['finalHealth = flipAtZero', ['finalHealth']],
      ['thwartRoll = true', ['thwartRoll']],
      ['moveThroughExits = false', ['moveThroughExits']],
      ['killNearestTie = normalFirst', ['data.killNearestTie']],
      ['killNearestTie = random', ['data.killNearestTie']],
      [expect.stringMatching(/^finalGirl\.health = 5/), ['data.finalGirl']],
      [expect.stringMatching(/^fatedDeath\.savedHeal = 1/), ['data.fatedDeath']],
      [expect.stringMatching(/^fatedDeath\.savedHeal = 3/), ['data.fatedDeath']],
      [expect.stringMatching(/^fatedDeath\.limboDamage = 1/), ['data.fatedDeath']],
      [expect.stringMatching(/^fatedDeath\.limboDamage = 3/), ['data.fatedDeath']],
      ['every Punishment −1 health', ['data.punishments']],
      ['every Punishment +1 health', ['data.punishments']],
      [expect.stringMatching(/^saving a victim gives nothing/), ['data.finalGirl']],
      ['no Bloodlust threshold effects', ['data.bloodlust']],
      ['policy = death-order (the earlier heuristic)', ['policy']],
    ]);
    // Relative to the run: with the other Final Health reading, the variant is lastLife.
    expect(sensitivityVariants(sim({ finalHealth: 'flipAtZero' }))[0].change).toBe('finalHealth = lastLife');
    // The run's data is never changed by making variants.
    expect(base.data).toEqual(data);
  });

  it('the variants play the baseline\'s games: a variant equal to the baseline agrees game by game (no discordant pair), a changed one does not', async () => {
    const base = sim();
    const t = await playPaired({ base, variants: [base, { ...base, finalHealth: 'flipAtZero' }] }, 300);
    expect(t.get('v0Win').bins[1]).toBe(t.get('baseWin').bins[1]);
    expect(t.get('v0BaseOnly').bins[1] + t.get('v0VariantOnly').bins[1]).toBe(0);
    expect(t.get('v1BaseOnly').bins[1] + t.get('v1VariantOnly').bins[1]).toBeGreaterThan(0);
    const r = sensitivityResult(t, [{ change: 'same', kind: 'reading', sim: base }, { change: 'flip', kind: 'reading', sim: base }], 0.95);
    expect(r.rows[0].delta).toMatchObject({ difference: 0 });
    const v1 = t.get('v1Win').bins[1] / 300 - t.get('baseWin').bins[1] / 300;
    expect(r.rows[1].delta.difference).toBeCloseTo(v1, 12);
    expect(r.rows[1].delta.lo).toBeLessThan(r.rows[1].delta.difference);
    expect(r.largestShift).toBeCloseTo(Math.abs(v1), 12);
  });

  it('sim terror --sensitivity: the table and result.sensitivity; its baseline is the run itself (same games)', () => {
    const r = runCli(['terror', '-n', '300', '--seed', '4', '--sensitivity', '--format', 'json', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.result.sensitivity.baseline).toEqual(j.result.survival);
    expect(j.result.sensitivity.rows).toHaveLength(15);
    expect(j.notes.join('\n')).toMatch(/move the win rate by up to \d+\.\d points/);
    const off = JSON.parse(runCli(['terror', '-n', '300', '--seed', '4', '--format', 'json', '-q']).stdout);
    expect(off.result.sensitivity).toBeUndefined();
    expect(off.result.survival).toEqual(j.result.survival);
    expect(off.notes.join('\n')).toMatch(/Sensitivity table off/);
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
    expect(MEASURED_GAPS.length).toBeGreaterThan(0);
    const keys = [-1, 0, 1, 2].map((c) => configKey(sim({ deathOrder: c })));
    for (const g of MEASURED_GAPS) {
      // A stale entry (rules, data or defaults changed since) would never be shown: re-measure it.
      expect(keys, g.label).toContain(g.config);
      expect(g.lo).toBeLessThanOrEqual(g.difference);
      expect(g.hi).toBeGreaterThanOrEqual(g.difference);
      expect(g.searchWin - g.defaultWin).toBeCloseTo(g.difference, 6);
    }
    const here = policyGap(sim(), 'planner');
    expect(here.measured).toBe(true);
    expect(here.line).toMatch(/^Policy planner \(the default\): the search policy wins [+−]\d+\.\d points more/);
    expect(policyGap(sim(), 'search').line).toMatch(/^Policy search: it won/);
    expect(policyGap(sim(), 'random').line).toMatch(/not for this policy/);
  });
});
