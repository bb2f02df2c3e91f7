// Terminator Genisys: The Miniatures Game (rules: ../shared/rules/genisys-miniatures-game.txt).
// The odds of one attack — hits, cover saves, damage, Resolution tests, the target's final state —
// exact by default and by Monte Carlo beside it; and die-step tables over the attack's parameters.
//
// Parameters: see genisysParams.ts (units and picks; the attack; the target's and the weapon's
// special rules; rule constants toHit.*, save.target, cover.*, resolution.*, …).
import type { GameModule } from '../../core/gameModule.js';
import { attackSim } from './attackSim.js';
import { genisysEntry } from './genisysEntry.js';
import { GENISYS_PARAMS } from './genisysParams.js';
import { tableView } from './tableView.js';

export const game: GameModule = {
  id: 'genisys',
  summary: 'Terminator Genisys: The Miniatures Game — attack odds by die step (exact, or Monte Carlo)',
  modes: [
    {
      name: 'attack',
      summary: 'odds of one attack: per-die hit/unsaved/damage, damaging hits 0..ROF, final state of the target',
      params: GENISYS_PARAMS,
      defaultGames: 1e6,
      run: genisysEntry.run,
    },
  ],
  views: [tableView],
  sims: { attack: attackSim },
  conformance: {
    runs: [
      { mode: 'attack', params: {}, n: 1 },
      { mode: 'attack', params: { method: 'mc' }, n: 20_000 },
      { mode: 'attack', params: { method: 'mc', attacker: 'endoskeleton', weapon: 'plasma-gun', target: 'resistance-captain', tdd: true }, n: 20_000 },
    ],
  },
};
