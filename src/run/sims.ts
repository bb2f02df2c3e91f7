// Every simulation the runner executes, by id: a game's (`<game>/<sim>`, src/run/gameSims.ts) or
// the runner's own paired simulation ("paired", common random numbers for `sim compare`).
import type { AnySim } from '../core/gameModule.js';
import { loadGameSim } from './gameSims.js';

export const PAIRED_SIM_ID = 'paired';

export async function loadSim(id: string): Promise<AnySim> {
  if (id === PAIRED_SIM_ID) return (await import('./paired.js')).pairedSim;
  return loadGameSim(id);
}
