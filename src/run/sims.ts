// Every simulation the runner executes, by id: a game's (`<game>/<sim>`, src/run/gameSims.ts) or
// the runner's own paired simulations ("paired", common random numbers for `sim compare`; "fan",
// one baseline against many variants for `sim sensitivity`).
import type { AnySim } from '../core/gameModule.js';
import { loadGameSim } from './gameSims.js';

export const PAIRED_SIM_ID = 'paired';
/** One baseline against many variants on common random numbers (`sim sensitivity`). */
export const FAN_SIM_ID = 'fan';

export async function loadSim(id: string): Promise<AnySim> {
  if (id === PAIRED_SIM_ID) return (await import('./paired.js')).pairedSim;
  if (id === FAN_SIM_ID) return (await import('./fan.js')).fanSim;
  return loadGameSim(id);
}
