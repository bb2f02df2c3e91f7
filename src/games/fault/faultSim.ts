// A fault-injection simulation for robustness tests (hidden `sim _fault` command): plays trivial
// games and, at game `failAt`, throws or ends its thread, so tests can check that a failing or
// dying worker stops the run with exit 1 and a message naming the chunk — never a hang, never
// numbers that silently miss games.
import type { GameSim } from '../../core/game.js';
import { randIndex } from '../../core/rng.js';

export interface FaultParams {
  /** Game index that fails; -1 = none. */
  failAt: number;
  mode: 'throw' | 'exit';
  /** Busy work per game (loop iterations), to make runs last. */
  work: number;
}

export const faultSim: GameSim<FaultParams> = {
  metrics: () => [{ name: 'coin', description: 'a fair coin', kind: 'rate', maxValue: 1 }],
  gamesPerChunk: (p) => Math.max(100, Math.floor(2e6 / (1 + p.work))),
  createPlayer(p) {
    return {
      play(rng, rec, index) {
        if (index === p.failAt) {
          if (p.mode === 'exit') process.exit(3);
          throw new Error('injected fault');
        }
        let x = 0;
        for (let i = 0; i < p.work; i++) x += i & 1;
        rec.record(0, randIndex(rng, 2) + (x < 0 ? 1 : 0));
      },
    };
  },
};
