// The skirmish's search policy (skirmishSearch.ts over src/core/search.ts): either side, a
// one-iteration search is the default bot game for game; the cut-off stops at a turn's end with a
// value in [0, 1]; a vehicle's second attack resumes; and the report prints the measured policy gap
// for its configuration only. The engine laws themselves are test/engineLaws.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_ANSWER, NO_STOP } from '../src/core/engine.js';
import { resolveParams } from '../src/core/params.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor } from '../src/core/rng.js';
import { copyStreamInto } from '../src/core/streamCopy.js';
import { DEC_ATTACK, Skirmish } from '../src/games/genisys/skirmish.js';
import { buildSkirmish, SKIRMISH_PARAMS } from '../src/games/genisys/skirmishEntry.js';
import { skirmishPolicy } from '../src/games/genisys/skirmishPolicy.js';
import { skirmishGapEntries, skirmishGapLine, skirmishGapShort, type SkirmishGapEntry } from '../src/games/genisys/skirmishPolicyGap.js';
import { createSkirmishSearch, SkirmishEngine } from '../src/games/genisys/skirmishSearch.js';
import { createSkirmish } from '../src/games/genisys/skirmishSim.js';
import { tempDir } from './helpers/tempDir.js';

const resolved = (o: Record<string, unknown>) => resolveParams(SKIRMISH_PARAMS, o, (k) => k);
const spec = (o: Record<string, unknown>) => buildSkirmish(resolved(o));

describe('the skirmish search', () => {
  it('plays either side; a one-iteration search is the default bot, game for game', async () => {
    const s = await spec({});
    const play = async (side: number | null) => {
      const g = await createSkirmish(s);
      if (side !== null) g.policies[side] = createSkirmishSearch(g, ['advance', 'advance'], { iterations: 1, depth: 0, margin: 2, bot: 'advance' });
      const out: number[] = [];
      for (let i = 0; i < 4; i++) (g.play(streamFor(31, i)), out.push(g.outcome, g.turnNumber, g.score[0], g.score[1]));
      return out;
    };
    const plain = await play(null);
    expect(await play(0)).toEqual(plain);
    expect(await play(1)).toEqual(plain);
  });

  it('the cut-off stops at the end of a turn; the value is in (0, 1), the two sides summing to 1, above one half for the side ahead', async () => {
    const g = new Skirmish(await spec({}));
    const bot = skirmishPolicy('advance');
    g.policies = [bot, bot];
    const e = new SkirmishEngine(g);
    for (let i = 0; i < 8; i++) {
      const rng = streamFor(32, i);
      e.reset(rng);
      e.playOn(rng, bot, NO_ANSWER, NO_ANSWER, 2);
      if (e.over()) continue;
      expect(e.turn()).toBe(2);
      const v0 = e.value(0);
      expect(v0).toBeGreaterThan(0);
      expect(v0).toBeLessThan(1);
      expect(Math.abs(v0 + e.value(1) - 1)).toBeLessThan(1e-12);
      const lead = g.alive[0] - g.alive[1];
      if (lead !== 0 && g.damage.every((d) => d === 0)) expect(v0 > 0.5).toBe(lead > 0);
      e.playOn(rng, bot, NO_ANSWER, NO_ANSWER, NO_STOP);
      expect(e.over()).toBe(true);
    }
  });

  const dir = tempDir('sim-skirmish-search-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it("resumes at a vehicle's second attack: the same continuation as the uninterrupted game", async () => {
    const units = join(dir, 'units.yaml');
    writeFileSync(units, [
      'weapons:',
      '  plasma-gun: { name: Plasma gun, range: long, rof: 2, power: d8, special: [], source: test }',
      '  terminator-claws: { name: Terminator claws, range: cc, rof: 1, power: d10, special: [], source: test }',
      '  cannon: { name: Cannon, range: long, rof: 1, power: d10, special: [], source: test }',
      'units:',
      '  endoskeleton: { name: Endoskeleton, skill: d8, armor: 8, resolution: d20, special: [mindless, ill-be-back], weapons: [terminator-claws, plasma-gun], source: test }',
      '  crawler: { name: Crawler, skill: d6, armor: 8, resolution: d20, size: 0, special: [slow], weapons: [terminator-claws], source: test }',
      '  tank: { name: Tank, skill: d8, armor: 9, resolution: d12, special: [vehicle], weapons: [plasma-gun, cannon], source: test }',
      '',
    ].join('\n'));
    const g = new Skirmish(await spec({ units, sideA: 'tank', sideB: '3*endoskeleton' }));
    const e = new SkirmishEngine(g);
    const snap = e.newSnapshot();
    const bot = skirmishPolicy('advance');
    let resumed = 0;
    for (let i = 0; i < 6 && resumed < 2; i++) {
      const at = streamFor(0, 0);
      let saved = false;
      let answer = 0;
      const after: number[] = [];
      let attacks = 0;
      const chooser: Policy<Skirmish> = {
        name: 'save',
        choose(rng, view, d, o, n, none) {
          const a = bot.choose(rng, view, d, o, n, none);
          // The second attack decision of an activation of the tank (model 0).
          if (d === DEC_ATTACK && view.activeModelIndex() === 0) attacks++;
          else if (d !== DEC_ATTACK) attacks = 0;
          if (!saved && d === DEC_ATTACK && attacks === 2) {
            e.save(snap);
            copyStreamInto(rng, at);
            saved = true;
            answer = a;
          } else if (saved) after.push(d, e.decider(), n, a, ...o.subarray(0, n));
          return a;
        },
      };
      g.policies = [chooser, chooser];
      const rng = streamFor(33, i);
      e.reset(rng);
      e.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
      if (!saved) continue;
      const result = [g.outcome, g.score[0], g.score[1], g.turnNumber];
      e.restore(snap);
      const again: number[] = [];
      const log: Policy<Skirmish> = { name: 'log', choose: (rng, view, d, o, n, none) => ((a) => (again.push(d, e.decider(), n, a, ...o.subarray(0, n)), a))(bot.choose(rng, view, d, o, n, none)) };
      e.playOn(at, log, DEC_ATTACK, answer, NO_STOP);
      expect(again).toEqual(after);
      expect([g.outcome, g.score[0], g.score[1], g.turnNumber]).toEqual(result);
      resumed++;
    }
    expect(resumed).toBeGreaterThan(0);
  });
});

describe('the skirmish report prints the measured policy gap', () => {
  const entry: SkirmishGapEntry = { config: { units: 'resistance-assumed.yaml', sideA: '4*endoskeleton', policyB: 'aim' }, side: 'A', budget: 64, bot: 'advance', botWins: 0.4, search: 0.5, games: 500, seed: 1, difference: 0.1, lo: 0.05, hi: 0.15, pValue: 1e-4, command: 'sim policies genisys skirmish --ladder' };
  const defaults: SkirmishGapEntry = { ...entry, config: {} };
  it('for its configuration (a file by its name; the measured side playing the bot or the search) the line, else not measured', () => {
    const labels = ['x (A)', 'y (B)'];
    const at = resolved({ units: 'scenarios/genisys/resistance-assumed.yaml', sideA: '4*endoskeleton', policyB: 'aim' });
    expect(skirmishGapLine(SKIRMISH_PARAMS, at, labels, [entry])).toMatch(/^Policy gap: last measured for side A on 500 paired games \(seed 1\): advance wins 40\.0%, the search at 64 iterations 50\.0%, search − advance \+10\.0 pp \[\+5\.0, \+15\.0\]/);
    expect(skirmishGapShort(SKIRMISH_PARAMS, resolved({ units: '/x/resistance-assumed.yaml', sideA: '4*endoskeleton', policyB: 'aim', policyA: 'search', searchIterations: 8 }), [entry])).toMatch(/^a search at 64 iterations as side A scores \+10\.0 pp \[\+5\.0, \+15\.0\] against advance: a floor/);
    for (const other of [{ sideA: '4*endoskeleton', policyB: 'aim' }, { units: 'resistance-assumed.yaml', sideA: '4*endoskeleton', policyB: 'hold' }, { units: 'resistance-assumed.yaml', sideA: '4*endoskeleton', policyB: 'aim', 'cover.chance': 0.4 }, { units: 'resistance-assumed.yaml', sideA: '4*endoskeleton', policyB: 'aim', policyA: 'aim' }, { units: 'resistance-assumed.yaml', sideA: '4*endoskeleton', policyB: 'search' }]) {
      expect(skirmishGapLine(SKIRMISH_PARAMS, resolved(other), labels, [entry]), JSON.stringify(other)).toMatch(/^Policy gap: not measured for genisys skirmish \(measured only for the configurations of scenarios\/genisys\/policy-gap\.yaml\)/);
    }
    expect(skirmishGapShort(SKIRMISH_PARAMS, resolved({}), [entry])).toMatch(/not measured/);
    expect(skirmishGapShort(SKIRMISH_PARAMS, resolved({}), [defaults])).toMatch(/^a search at 64 iterations/);
    // A search that scores significantly lower is no floor: the line says no gap was shown.
    const lower = { ...defaults, difference: -0.036, lo: -0.057, hi: -0.015 };
    expect(skirmishGapShort(SKIRMISH_PARAMS, resolved({}), [lower])).toBe('a search at 64 iterations as side A scores −3.6 pp [−5.7, −1.5] against advance (significantly lower: the search at this budget does not beat the bot): no gap to stronger play shown at the measured budget (not a distance: a stronger search may still gain)');
    expect(skirmishGapLine(SKIRMISH_PARAMS, resolved({}), labels, [lower])).not.toMatch(/floor/);
    expect(skirmishGapShort(SKIRMISH_PARAMS, { ...resolved({}), 'data.units.endoskeleton.armor': 7 }, [defaults])).toMatch(/not measured/);
  });

  it('the shipped gap file holds a checked entry for the defaults (Infighting)', () => {
    const entries = skirmishGapEntries();
    const def = entries.find((e) => Object.keys(e.config).length === 0 && e.side === 'A');
    expect(def).toBeDefined();
    expect(skirmishGapLine(SKIRMISH_PARAMS, resolved({}), ['a', 'b'])).toMatch(/^Policy gap: last measured for side A on [\d,]+ paired games/);
  });
});
