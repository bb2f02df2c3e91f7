// Every simulation the runner can execute, by id. Loaded lazily so a command only pays for
// the game it runs; worker threads resolve the same ids.
import type { GameSim } from '../core/game.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySim = GameSim<any>;

const SIMS: Record<string, () => Promise<AnySim>> = {
  dice: async () => (await import('../games/dice/diceSim.js')).diceSim,
  darkfate: async () => (await import('../games/darkfate/darkfateSim.js')).darkfateSim,
  'genisys-attack': async () => (await import('../games/genisys/attackSim.js')).attackSim,
  terror: async () => (await import('../games/terror/terrorSim.js')).terrorSim,
  dualfates: async () => (await import('../games/dualfates/dualfatesSim.js')).dualfatesSim,
  paired: async () => (await import('./paired.js')).pairedSim,
  fault: async () => (await import('../games/fault/faultSim.js')).faultSim,
};

export function simIds(): string[] {
  return Object.keys(SIMS);
}

export async function loadSim(id: string): Promise<AnySim> {
  const load = SIMS[id];
  if (!load) throw new Error(`unknown simulation "${id}" (known: ${simIds().join(', ')})`);
  return load();
}
