// Throughput of the dice simulation (one game = one roll of 3d6), through the real player and recorder.
import type { BenchCase } from './benchCase.js';
import { Layout, Recorder } from '../src/core/aggregate.js';
import type { GamePlayer } from '../src/core/game.js';
import { streamFor } from '../src/core/rng.js';
import { diceSim } from '../src/games/dice/diceSim.js';

const params = { count: 3, sides: 6, target: 5 };

export const diceCases: BenchCase[] = [
  {
    name: 'dice 3d6 5+ (Monte Carlo)',
    unit: 'games',
    batch: 200_000,
    setup: () => {
      const layout = new Layout(diceSim.metrics(params));
      return { player: diceSim.createPlayer(params) as GamePlayer, rec: new Recorder(layout, layout.emptyChunk()) };
    },
    run(state, start, units) {
      const { player, rec } = state as { player: GamePlayer; rec: Recorder };
      for (let i = start; i < start + units; i++) player.play(streamFor(7, i), rec, i);
      return rec.data[1];
    },
  },
];
