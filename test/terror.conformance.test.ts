// Conformance suite for `terror`: checkTerrorGame (the module's conformance hook) over random-
// policy rollouts — invariants after set-up, at every decision and at the end (tokens conserved,
// 13 terror cards consumed exactly, the game ends) — and its failures named; same seed → same
// game; the GameSim contract (integer metrics in range, any chunking); what a user module sees.
import { rmSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Layout, Recorder } from '../src/core/aggregate.js';
import { playChunk } from '../src/core/chunk.js';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { actionCardTotals, checkTerrorGame, checkTerrorInvariants } from '../src/games/terror/checkTerrorGame.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { OUTCOME_DIED_IN_PLAY, TERROR_DECISION, TERROR_DECISION_NAMES, V_LIMBO } from '../src/games/terror/terrorDecision.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { randomPolicy } from '../src/games/terror/terrorPolicy.js';
import { createTerrorGame, terrorSim } from '../src/games/terror/terrorSim.js';
import { traceGame } from '../src/games/terror/terrorTrace.js';
import { TERROR_VIEW_MEMBERS } from '../src/games/terror/terrorView.js';
import { tempDir } from './helpers/tempDir.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const params: TerrorSimParams = { ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: -1, policy: 'random', data };
const tmp = tempDir('sim-terror-view-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('terror conformance (checkTerrorGame)', () => {
  it('invariants hold after set-up, before every decision and at the end of 2000 random-policy, 1000 death-order and 1000 planner games; every decision kind is checked', () => {
    const seen = new Map<string, number>();
    for (const [policy, games] of [['random', 2000], ['death-order', 1000], ['planner', 1000]] as const) {
      for (let i = 0; i < games; i++) {
        checkTerrorGame({ ...params, policy }, streamFor(99, i), i, (where) => {
          const kind = / decision (\w+)$/.exec(where)?.[1] ?? where;
          seen.set(kind, (seen.get(kind) ?? 0) + 1);
        });
      }
    }
    expect(seen.get('after set-up')).toBe(4000);
    expect(seen.get('end')).toBe(4000);
    // (Fated Victims leaving together, EXIT_NEXT, are rare under the random policy: the death-order games ask it.)
    for (const name of TERROR_DECISION_NAMES) expect(seen.get(name) ?? 0, name).toBeGreaterThan(0);
    // The games end both ways, so both branches of the end checks ran.
    const g = new TerrorGame(params, randomPolicy);
    let died = 0;
    for (let i = 0; i < 2000; i++) (g.reset(streamFor(99, i)), g.play(), (died += g.outcome === OUTCOME_DIED_IN_PLAY ? 1 : 0));
    expect(died).toBeGreaterThan(0);
    expect(died).toBeLessThan(2000);
  });

  it('a broken invariant throws naming the invariant, the game and where; a module path is refused', () => {
    const g = new TerrorGame(params, randomPolicy);
    g.reset(streamFor(1, 0));
    const totals = actionCardTotals(data);
    expect(() => checkTerrorInvariants(g, totals, 7, 'turn 2, before decision BUY')).not.toThrow();
    g.hand_[0]++;
    expect(() => checkTerrorInvariants(g, totals, 7, 'turn 2, before decision BUY')).toThrow('terror game 7 (turn 2, before decision BUY): invariant broken: action card 0 conserved');
    g.hand_[0]--;
    g.vState[2] = V_LIMBO;
    g.deathOn[0] = 2;
    expect(() => checkTerrorInvariants(g, totals, 7, 'end')).toThrow('Fated Victim 2 on a Death token iff its state says so');
    g.deathOn[0] = -1;
    g.arrow_ = 1;
    expect(() => checkTerrorInvariants(g, totals, 7, 'end')).toThrow('one Fated Victim resolved per Death token resolved');
    expect(() => checkTerrorGame({ ...params, policy: '/x/mine.js' }, streamFor(1, 0), 0)).toThrow(/not a built-in policy/);
  });

  it('same seed, same game: identical turn-by-turn traces from two fresh games', async () => {
    for (const policy of ['random', 'death-order', 'planner']) {
      const p = { ...params, policy };
      for (const k of [0, 5, 123]) {
        const a = traceGame(await createTerrorGame(p), 42, k);
        const b = traceGame(await createTerrorGame(p), 42, k);
        expect(b).toEqual(a);
        expect(a.lines.length).toBeGreaterThan(10);
      }
      expect(traceGame(await createTerrorGame(p), 42, 1)).not.toEqual(traceGame(await createTerrorGame(p), 42, 2));
    }
  });

  it('a traced game is the same game as in an untraced run (tracing draws no randomness)', async () => {
    const g = await createTerrorGame({ ...params, policy: 'death-order' });
    for (let k = 0; k < 50; k++) {
      g.reset(streamFor(7, k));
      g.play();
      const plain = [g.outcome, g.turn, g.health_, g.fatedSaved(), g.fatedKilled(), g.fatedLimbo(), g.terrorConsumed];
      traceGame(g, 7, k);
      expect([g.outcome, g.turn, g.health_, g.fatedSaved(), g.fatedKilled(), g.fatedLimbo(), g.terrorConsumed]).toEqual(plain);
    }
  });

  it('GameSim contract: integer metrics within their ranges; chunking does not change totals', async () => {
    const layout = new Layout(terrorSim.metrics(params));
    const player = await terrorSim.createPlayer(params);
    const whole = playChunk(player, layout, 5, 0, 600);
    const parts = layout.emptyChunk();
    for (const [s, n] of [[0, 250], [250, 350]]) {
      const d = playChunk(player, layout, 5, s, n);
      for (let i = 0; i < d.length; i++) if (Number.isFinite(d[i])) parts[i] += d[i];
    }
    // N, sums and bins add up exactly (min/max fields are skipped above as ±Infinity-initialised).
    const rec = new Recorder(layout, layout.emptyChunk());
    expect(rec).toBeTruthy();
    for (let m = 0; m < layout.metrics.length; m++) {
      const o = layout.offsets[m];
      expect(whole[o + 5]).toBe(0); // no value above maxValue
      for (const f of [0, 1, 2]) expect(parts[o + f]).toBe(whole[o + f]);
    }
    // Every game records each fixed metric once; per-card metrics once per game in total.
    expect(whole[layout.offsets[0]]).toBe(600);
    let perCard = 0;
    for (let c = 0; c < data.deathOrders.length; c++) perCard += whole[layout.offsets[layout.indexOf(`card${c + 1}Survived`)]];
    expect(perCard).toBe(600);
  });
});

describe('a user policy module sees the TerrorView only (readOnlyView over TERROR_VIEW_MEMBERS, guardedPolicy)', () => {
  it('no hidden order (deathPic, deck, Final Health token, facedown cards), a frozen data copy, its own options buffer, a draw-only stream; the same games as the built-in policy', async () => {
    const file = join(tmp, 'peek.js');
    writeFileSync(
      file,
      `export default (data, base) => ({
  name: 'peek',
  choose(rng, view, decision, options, n, allowNone) {
    if (decision !== ${TERROR_DECISION.ACTION}) return base.choose(rng, view, decision, options, n, allowNone);
    const seen = (globalThis.__terrorPeek ??= { calls: 0, hidden: new Set(), keys: Object.keys(view) });
    seen.calls++;
    for (const k of ['deathPic', 'deathFaceUp', 'deck', 'deckPos', 'finalToken', 'consCard', 'punCard', 'rng', 'policy', 'scratch', 'actionOptions', 'p', 'trace'])
      if (view[k] !== undefined) seen.hidden.add(k);
    try { view.data.fatedDeath.savedHeal = 99; seen.viewDataWritable = true; } catch { seen.viewDataWritable = false; }
    try { data.fatedDeath.limboDamage = 0; seen.factoryDataWritable = true; } catch { seen.factoryDataWritable = false; }
    try { view.health = () => 99; seen.viewWritable = true; } catch { seen.viewWritable = false; }
    try { rng.clone(); seen.cloned = true; } catch { seen.cloned = false; }
    seen.options = options;
    options.fill(0); // tampering with its own copy only
    return -1;
  },
});
`,
    );
    const g = await createTerrorGame({ ...params, policy: file, data });
    g.reset(streamFor(3, 0));
    g.play();
    const seen = (globalThis as unknown as { __terrorPeek: { calls: number; hidden: Set<string>; keys: string[]; viewDataWritable: boolean; factoryDataWritable: boolean; viewWritable: boolean; cloned: boolean; options: unknown } }).__terrorPeek;
    expect(seen.calls).toBeGreaterThan(0);
    expect([...seen.hidden]).toEqual([]);
    expect(seen.keys.sort()).toEqual(['data', ...TERROR_VIEW_MEMBERS.properties, ...TERROR_VIEW_MEMBERS.methods].sort());
    expect(seen.viewDataWritable).toBe(false);
    expect(seen.factoryDataWritable).toBe(false);
    expect(seen.viewWritable).toBe(false);
    expect(data.fatedDeath.savedHeal).toBe(2);
    expect(data.fatedDeath.limboDamage).toBe(2);
    expect(seen.cloned).toBe(false);
    expect(seen.options).not.toBe(g.actionOptions);
    // A module that hands every decision to its base plays the very same games through the facade.
    const same = join(tmp, 'same.js');
    writeFileSync(same, "export default (data, base) => ({ name: 'same', choose: (...args) => base.choose(...args) });\n");
    const viaView = await createTerrorGame({ ...params, policy: same, deathOrder: -1, data });
    const direct = await createTerrorGame({ ...params, policy: 'planner', deathOrder: -1, data });
    for (let k = 0; k < 200; k++) {
      for (const x of [viaView, direct]) (x.reset(streamFor(8, k)), x.play());
      expect([viaView.outcome, viaView.turn, viaView.health_, viaView.fatedSaved(), viaView.terrorConsumed]).toEqual([direct.outcome, direct.turn, direct.health_, direct.fatedSaved(), direct.terrorConsumed]);
    }
  });

  it('a module drawing from its draw-only stream plays exactly the games the built-in random policy plays', async () => {
    const file = join(tmp, 'rand.js');
    // randIndex of src/core/rng.ts (Lemire, n small), and the random policy's answers.
    writeFileSync(
      file,
      `const randIndex = (rng, n) => {
  let m = (rng.next() >>> 0) * n;
  let lo = m >>> 0;
  if (lo < n) { const t = (4294967296 - n) % n; while (lo < t) { m = (rng.next() >>> 0) * n; lo = m >>> 0; } }
  return Math.floor(m / 4294967296);
};
export default {
  name: 'rand',
  choose(rng, view, decision, options, n) {
    if (decision === ${TERROR_DECISION.ACTION} || decision === ${TERROR_DECISION.BUY}) return randIndex(rng, n + 1) - 1;
    if (decision !== ${TERROR_DECISION.CARRY}) return randIndex(rng, n);
    let all = 0, cap = 0;
    for (let i = 0; i < n; i++) { all |= options[i]; let k = 0; for (let m = options[i]; m; m &= m - 1) k++; cap = Math.max(cap, k); }
    let mask = 0, taken = 0;
    for (let v = 0; v < 32 && taken < cap; v++) if ((all >>> v) & 1 && randIndex(rng, 2) === 1) { mask |= 1 << v; taken++; }
    return options.indexOf(mask);
  },
};
`,
    );
    const mine = await createTerrorGame({ ...params, policy: file });
    const builtin = await createTerrorGame({ ...params, policy: 'random' });
    for (let k = 0; k < 300; k++) {
      const a = traceGame(mine, 4, k);
      const b = traceGame(builtin, 4, k);
      expect(a).toEqual(b);
    }
  });
});
