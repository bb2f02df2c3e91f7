// A benchmark of whole games through the real path the runner takes: playChunk (one generator
// re-seeded in place per game, the real recorder). Setup builds the player and is timed apart.
import type { BenchCase } from './benchCase.js';
import { Layout } from '../src/core/aggregate.js';
import { playChunk } from '../src/core/chunk.js';
import type { GamePlayer, GameSim } from '../src/core/game.js';

export function playerCase<P>(name: string, sim: GameSim<P>, params: () => P, batch: number): BenchCase {
  return {
    name,
    unit: 'games',
    batch,
    setup: async () => {
      const p = params();
      return { player: await sim.createPlayer(p), layout: new Layout(sim.metrics(p)) };
    },
    run(state, start, units) {
      const { player, layout } = state as { player: GamePlayer; layout: Layout };
      // Field 1 of the first metric is its sum: a checksum that keeps the work observable.
      return playChunk(player, layout, 7, start, units)[1];
    },
  };
}
