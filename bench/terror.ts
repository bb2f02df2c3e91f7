// Throughput of the Terror from Destiny simulation (one game = set-up, up to 13 turns and the
// Destiny phase), through the real player and recorder, for both built-in policies.
import type { BenchCase } from './benchCase.js';
import { Layout, Recorder } from '../src/core/aggregate.js';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { builtinPolicy } from '../src/games/terror/terrorPolicy.js';
import { recordGame, terrorMetrics } from '../src/games/terror/terrorSim.js';

function terrorCase(policy: string): BenchCase {
  return {
    name: `terror, ${policy} policy (Monte Carlo)`,
    unit: 'games',
    batch: 2_000,
    setup: () => {
      const data = loadTerrorData(defaultDataFile());
      const params: TerrorSimParams = { ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: -1, policy, data };
      const layout = new Layout(terrorMetrics(params));
      // The built-in policy directly (createPlayer is async; the bench contract is synchronous).
      return { game: new TerrorGame(params, builtinPolicy(policy)!), rec: new Recorder(layout, layout.emptyChunk()) };
    },
    run(state, start, units) {
      const { game, rec } = state as { game: TerrorGame; rec: Recorder };
      for (let i = start; i < start + units; i++) {
        game.reset(streamFor(7, i));
        game.play();
        recordGame(game, rec);
      }
      return rec.data[1];
    },
  };
}

export const terrorCases: BenchCase[] = [terrorCase('death-order'), terrorCase('random')];
