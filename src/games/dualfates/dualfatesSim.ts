// The one simulation Dual Fates registers (id "dualfates"): a thin dispatcher over its two
// modes, chosen by `params.kind` — "attack" (attackSim) and "fate" (fateSim: Pillars of Fate,
// Initiative, running). One registry entry keeps the game's footprint in shared files to a line.
import type { GameSim } from '../../core/game.js';
import { attackSim, type AttackSimParams } from './attackSim.js';
import { fateSim, type FateSimParams } from './fateSim.js';

export type DualFatesSimParams = (AttackSimParams & { kind: 'attack' }) | FateSimParams;

export const DUALFATES_SIM_ID = 'dualfates';

export const dualfatesSim: GameSim<DualFatesSimParams> = {
  id: DUALFATES_SIM_ID,
  metrics: (p) => (p.kind === 'attack' ? attackSim.metrics(p) : fateSim.metrics(p)),
  gamesPerChunk: (p) => (p.kind === 'attack' ? attackSim.gamesPerChunk(p) : fateSim.gamesPerChunk(p)),
  createPlayer: (p) => (p.kind === 'attack' ? attackSim.createPlayer(p) : fateSim.createPlayer(p)),
};
