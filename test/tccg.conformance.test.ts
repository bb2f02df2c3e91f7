// The tccg module through its conformance block, the way the shared suite will run it: each run
// of each mode played at two chunk sizes (same report), its simulations' games replayed with the
// invariants checked at every step (checkGame), exact rows within their intervals as chance allows.
import { describe, expect, it } from 'vitest';
import { resolveParams } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { game } from '../src/games/tccg/index.js';
import { tccgSettings } from './helpers/tccgSimulate.js';

describe('tccg conformance block', () => {
  it('has at least one run per mode, every sim named by a mode run', () => {
    for (const m of game.modes) expect(game.conformance.runs.some((r) => r.mode === m.name), m.name).toBe(true);
  });
  for (const run of game.conformance.runs) {
    it(`${run.mode} ${JSON.stringify(run.params)}: deterministic for any chunking; invariants hold in every game`, async () => {
      const mode = game.modes.find((m) => m.name === run.mode)!;
      const params = resolveParams(mode.params, { ...run.params }, (k) => `--set ${k}`);
      const a = tccgSettings(run.n, 42);
      const ra = await mode.run(params, a);
      const rb = await mode.run(params, tccgSettings(run.n, 42, { chunkSize: 13 }));
      expect(rb.result).toEqual(ra.result);
      expect(ra.n).toBe(run.n);
      // checkGame: replay the first games of every simulation the run made.
      for (const call of a.calls) {
        const p = JSON.parse(JSON.stringify(call.params));
        // Whole games check the state at every decision (thousands per game): fewer of them.
        const games = call.name === 'game' ? 40 : 200;
        for (let i = 0; i < Math.min(run.n, games); i++) await game.conformance.checkGame!(call.name, p, streamFor(42, i), i);
      }
      const rows = game.conformance.exactRows?.(ra) ?? [];
      const outside = rows.filter((x) => x.exact < x.lo - 1e-12 || x.exact > x.hi + 1e-12).length;
      // At 95% about 5% of rows miss by chance; more than a third missing is a bug.
      expect(outside).toBeLessThanOrEqual(Math.max(2, Math.ceil(rows.length / 3)));
    }, 120_000);
  }
  it('checkGame catches a broken invariant (a location card lost)', async () => {
    const { OpeningGame } = await import('../src/games/tccg/openingSim.js');
    const { checkOpeningStep } = await import('../src/games/tccg/conformance.js');
    const a = tccgSettings(1, 1);
    const mode = game.modes.find((m) => m.name === 'opening')!;
    await mode.run(resolveParams(mode.params, {}, (k) => k), a);
    const g = new OpeningGame(JSON.parse(JSON.stringify(a.calls[0].params)));
    g.reset(streamFor(1, 0));
    g.onStep = (x) => {
      if (x.turn === 4) x.removed[1]++;
      checkOpeningStep(x);
    };
    expect(() => g.play(streamFor(1, 0))).toThrow(/location cards conserved/);
  });
});
