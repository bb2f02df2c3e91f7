// A game that fails on purpose (hidden `sim _fault`, registered only in the test suite: FAULT_GAME_ENV in src/games/index.ts): at game `failAt` it throws or
// ends its thread, so tests can check that a failing or dying worker stops a run with exit 1 and
// a message naming the chunk — never a hang, never numbers that silently miss games.
import type { GameModule } from '../../core/gameModule.js';
import { faultEntry } from './faultEntry.js';
import { faultSim } from './faultSim.js';

export const game: GameModule = {
  id: '_fault',
  summary: 'fault injection (tests)',
  hidden: true,
  modes: [{ name: '', summary: 'fault injection (tests)', params: faultEntry.params, defaultGames: 1e5, run: faultEntry.run }],
  sims: { fault: faultSim },
  conformance: { runs: [{ mode: '', params: {}, n: 5_000 }] },
};
