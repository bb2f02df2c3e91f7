// In-process RunSettings for the tccg module's modes, until the lead's registry runs them through
// the real runner: settings.simulate(name, simParams) plays game.sims[name] with playChunk over
// games [0, n) in chunks of `chunkSize` (as src/run/runner.ts does with -j 1) and merges the
// chunks with exact Totals, so any chunk size gives the same totals.
import { Layout, Totals } from '../../src/core/aggregate.js';
import { playChunk } from '../../src/core/chunk.js';
import type { RunResult } from '../../src/core/game.js';
import type { RunSettings } from '../../src/core/scenarioGame.js';
import { game } from '../../src/games/tccg/index.js';

export interface SimulateCall {
  name: string;
  params: unknown;
  label?: string;
}

/** Settings whose simulate() runs the tccg sims in this thread; `calls` records every call made. */
export function tccgSettings(n: number, seed: number, opts: { chunkSize?: number; confidence?: number } = {}): RunSettings & { calls: SimulateCall[] } {
  const calls: SimulateCall[] = [];
  return {
    n,
    seed,
    confidence: opts.confidence ?? 0.95,
    calls,
    async simulate(name: string, params: unknown, label?: string): Promise<RunResult> {
      calls.push({ name, params, label });
      const sim = game.sims[name];
      if (!sim) throw new Error(`tccg has no simulation ${name} (has ${Object.keys(game.sims).join(', ')})`);
      // Plain JSON, as the real runner sends it to worker threads.
      const p = JSON.parse(JSON.stringify(params));
      const layout = new Layout(sim.metrics(p));
      const totals = new Totals(layout);
      const player = await sim.createPlayer(p);
      const chunk = opts.chunkSize ?? sim.gamesPerChunk(p);
      for (let start = 0; start < n; start += chunk) {
        const count = Math.min(chunk, n - start);
        totals.addChunk(playChunk(player, layout, seed, start, count), count);
      }
      return { totals, games: totals.games, partial: false, chunkSize: chunk, jobs: 1 };
    },
  };
}
