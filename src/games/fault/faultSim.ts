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
  /** Milliseconds slept after every PAUSE_EVERY games: runs that last without using the CPU (tests of waits and kills). */
  pause: number;
}

/** Games between two pauses. */
const PAUSE_EVERY = 1000;
/** What Atomics.wait sleeps on (nothing ever wakes it: the timeout ends each sleep). */
const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

export const faultSim: GameSim<FaultParams> = {
  metrics: () => [{ name: 'coin', description: 'a fair coin', kind: 'rate', maxValue: 1 }],
  gamesPerChunk: (p) => (p.pause > 0 ? 20 * PAUSE_EVERY : Math.max(100, Math.floor(2e6 / (1 + p.work)))),
  createPlayer(p) {
    return {
      play(rng, rec, index) {
        if (index === p.failAt) {
          if (p.mode === 'exit') process.exit(3);
          throw new Error('injected fault');
        }
        let x = 0;
        for (let i = 0; i < p.work; i++) x += i & 1;
        if (p.pause > 0 && index % PAUSE_EVERY === PAUSE_EVERY - 1) Atomics.wait(SLEEPER, 0, 0, p.pause);
        rec.record(0, randIndex(rng, 2) + (x < 0 ? 1 : 0));
      },
    };
  },
};
