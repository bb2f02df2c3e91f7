// Conformance suite for `terror`: random-policy rollouts checked against invariants at every
// decision and at the end (tokens conserved, 13 terror cards consumed exactly, the game ends,
// same seed → same game), plus the GameSim contract (integer metrics in range, any chunking).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Layout, Recorder } from '../src/core/aggregate.js';
import { playChunk } from '../src/core/chunk.js';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { traceGame } from '../src/games/terror/terrorEntry.js';
import { OUTCOME_DIED_IN_PLAY, OUTCOME_RUNNING, TerrorGame } from '../src/games/terror/terrorGame.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import {
  randomPolicy,
  V_BOARD,
  V_CONSEQUENCE,
  V_DEATH_TOKEN,
  V_FG_CARD,
  V_LIMBO,
  type TerrorPolicy,
} from '../src/games/terror/terrorPolicy.js';
import { createTerrorGame, terrorSim } from '../src/games/terror/terrorSim.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const params: TerrorSimParams = { ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: -1, policy: 'random', data };

/** Throws naming the broken invariant (plain checks: expect() is too slow for ~20 checks × 20k decisions). */
function ok(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

function checkInvariants(g: TerrorGame, cardTotals: number[]): void {
  const fc = g.fc;
  // Every Fated Victim token is in exactly one place, and the places agree with the tokens.
  for (let v = 0; v < fc; v++) {
    const s = g.vState[v];
    ok(s === V_BOARD || s === V_DEATH_TOKEN || s === V_LIMBO || s === V_CONSEQUENCE || s === V_FG_CARD, `Fated Victim ${v} has a place`);
    let tokens = 0;
    let cons = 0;
    for (let p = 0; p < fc; p++) {
      if (g.deathOn[p] === v) tokens++;
      if (g.consVictim[p] === v) cons++;
    }
    ok(tokens === (s === V_DEATH_TOKEN ? 1 : 0), `Fated Victim ${v} on a Death token iff its state says so`);
    ok(cons === (s === V_CONSEQUENCE ? 1 : 0), `Fated Victim ${v} on a Consequence card iff its state says so`);
    if (s === V_BOARD) ok(g.vSpace[v] >= 0, `Fated Victim ${v} on the board has a space`);
  }
  // Resolved Death tokens = Fated Victims on Consequence cards or the Final Girl card (one each).
  let resolved = 0;
  for (let v = 0; v < fc; v++) if (g.vState[v] === V_CONSEQUENCE || g.vState[v] === V_FG_CARD) resolved++;
  ok(resolved === g.arrow(), 'one Fated Victim resolved per Death token resolved');
  for (let p = 0; p < fc; p++) ok(g.deathDone[p] === (p < g.arrow() ? 1 : 0), 'Death tokens discarded up to the Arrow');
  // Action cards are conserved between hand and supply.
  for (let c = 0; c < g.nCards; c++) ok(g.hand_[c] + g.supply_[c] === cardTotals[c], `action card ${c} conserved`);
  ok(g.health() >= 0 && g.health() <= g.maxHealth(), 'health in range');
  ok(g.horror() >= 0 && g.horror() <= data.horror.max, 'horror in range');
  ok(g.terrorConsumed === g.deckPos, 'terror cards consumed = cards off the deck');
}

describe('terror conformance (random policy)', () => {
  it('invariants hold at every decision and at the end of 2000 games; 13 terror cards consumed exactly unless she died in play', () => {
    let checks = 0;
    let totals: number[] = [];
    let g!: TerrorGame;
    const checking: TerrorPolicy = {
      ...randomPolicy,
      chooseAction(view, a, rng) {
        checkInvariants(g, totals);
        checks++;
        return randomPolicy.chooseAction(view, a, rng);
      },
    };
    g = new TerrorGame(params, checking);
    let died = 0;
    let lived = 0;
    for (let i = 0; i < 2000; i++) {
      g.reset(streamFor(99, i));
      totals = Array.from({ length: g.nCards }, (_, c) => g.hand_[c] + g.supply_[c]);
      checkInvariants(g, totals);
      g.play();
      checkInvariants(g, totals);
      expect(g.outcome).not.toBe(OUTCOME_RUNNING);
      expect(g.turn).toBeLessThanOrEqual(13);
      if (g.outcome === OUTCOME_DIED_IN_PLAY) {
        died++;
        expect(g.terrorConsumed).toBeLessThanOrEqual(13);
      } else {
        lived++;
        expect(g.terrorConsumed).toBe(13);
        // All 5 Fated Death cards were resolved: every Fated Victim is saved or killed.
        expect(g.fatedSaved() + g.fatedKilled()).toBe(5);
      }
    }
    expect(checks).toBeGreaterThan(2000);
    expect(died).toBeGreaterThan(0);
    expect(lived).toBeGreaterThan(0);
  });

  it('same seed, same game: identical turn-by-turn traces from two fresh games', async () => {
    for (const policy of ['random', 'death-order']) {
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

describe('a user policy module sees the TerrorView only (terrorPublicView.ts)', () => {
  it('no hidden order (deathPic, deck, Final Health token, facedown cards), a frozen data copy, its own buffers, a draw-only stream; the same games as the built-in policy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-terror-view-'));
    const file = join(dir, 'peek.js');
    writeFileSync(
      file,
      `export default (data) => ({
  name: 'peek',
  chooseAction(view, a, rng) {
    const seen = (globalThis.__terrorPeek ??= { calls: 0, hidden: new Set() });
    seen.calls++;
    for (const k of ['deathPic', 'deathFaceUp', 'deck', 'deckPos', 'finalToken', 'consCard', 'punCard', 'rng', 'policy', 'scratch', 'actions'])
      if (view[k] !== undefined) seen.hidden.add(k);
    try { view.data.fatedDeath.savedHeal = 99; seen.viewDataWritable = true; } catch { seen.viewDataWritable = false; }
    try { data.fatedDeath.limboDamage = 0; seen.factoryDataWritable = true; } catch { seen.factoryDataWritable = false; }
    try { rng.clone(); seen.cloned = true; } catch { seen.cloned = false; }
    seen.actions = a;
    a.card.fill(0); a.dest.fill(0); // tampering with its own copy only
    return -1;
  },
});
`,
    );
    const g = await createTerrorGame({ ...params, policy: file, data });
    g.reset(streamFor(3, 0));
    g.play();
    const seen = (globalThis as unknown as { __terrorPeek: { calls: number; hidden: Set<string>; viewDataWritable: boolean; factoryDataWritable: boolean; cloned: boolean; actions: unknown } }).__terrorPeek;
    expect(seen.calls).toBeGreaterThan(0);
    expect([...seen.hidden]).toEqual([]);
    expect(seen.viewDataWritable).toBe(false);
    expect(seen.factoryDataWritable).toBe(false);
    expect(data.fatedDeath.savedHeal).toBe(2);
    expect(data.fatedDeath.limboDamage).toBe(2);
    expect(seen.cloned).toBe(false);
    expect(seen.actions).not.toBe(g.actions);
    // A module that only restates the built-in policy plays the very same games through the facade.
    const same = join(dir, 'same.js');
    writeFileSync(same, 'export default {};\n');
    const viaView = await createTerrorGame({ ...params, policy: same, deathOrder: -1, data });
    const direct = await createTerrorGame({ ...params, policy: 'death-order', deathOrder: -1, data });
    for (let k = 0; k < 200; k++) {
      for (const x of [viaView, direct]) (x.reset(streamFor(8, k)), x.play());
      expect([viaView.outcome, viaView.turn, viaView.health_, viaView.fatedSaved(), viaView.terrorConsumed]).toEqual([direct.outcome, direct.turn, direct.health_, direct.fatedSaved(), direct.terrorConsumed]);
    }
  });
});
