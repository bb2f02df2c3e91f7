// The simulation of Dual Fates' odds (id "dualfates"): a thin dispatcher over its kinds, chosen by
// `params.kind` — "attack" (attackSim), "fate" (fateSim: Pillars of Fate, Initiative, running) and
// "control" (controlSim: VP while holding K pillars). One registry entry keeps the game's footprint in shared files to a line.
import type { GameSim } from '../../core/game.js';
import { attackSim, type AttackSimParams } from './attackSim.js';
import { controlSim, type ControlSimParams } from './controlSim.js';
import { fateSim, type FateSimParams } from './fateSim.js';

export type DualFatesSimParams = (AttackSimParams & { kind: 'attack' }) | FateSimParams | ControlSimParams;

/** The simulation of one kind. */
function simOf(p: DualFatesSimParams): GameSim<DualFatesSimParams> {
  return (p.kind === 'attack' ? attackSim : p.kind === 'control' ? controlSim : fateSim) as GameSim<DualFatesSimParams>;
}

export const DUALFATES_SIM_ID = 'dualfates';

export const dualfatesSim: GameSim<DualFatesSimParams> = {
  metrics: (p) => simOf(p).metrics(p),
  gamesPerChunk: (p) => simOf(p).gamesPerChunk(p),
  createPlayer: (p) => simOf(p).createPlayer(p),
};
