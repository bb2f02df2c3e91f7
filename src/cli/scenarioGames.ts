// Every scenario game by id, loaded lazily: `sim run`, `sim params`, `sim compare`, `sim sweep`
// and `sim check` find games here. One line per game.
import type { ScenarioGame } from '../core/scenarioGame.js';

const ENTRIES: Record<string, () => Promise<ScenarioGame>> = {
  dice: async () => (await import('../games/dice/diceEntry.js')).diceEntry,
  darkfate: async () => (await import('../games/darkfate/darkfateEntry.js')).darkfateEntry,
  'genisys-attack': async () => (await import('../games/genisys/genisysEntry.js')).genisysEntry,
  terror: async () => (await import('../games/terror/terrorEntry.js')).terrorEntry,
  'dualfates-attack': async () => (await import('../games/dualfates/attackEntry.js')).attackEntry,
  'dualfates-pillars': async () => (await import('../games/dualfates/pillarsEntry.js')).pillarsEntry,
  // Test fixture (hidden): found by id, never listed.
  _fault: async () => (await import('../games/fault/faultEntry.js')).faultEntry,
};

/** Ids users see (fixtures starting with "_" are left out). */
export function scenarioGameIds(): string[] {
  return Object.keys(ENTRIES)
    .filter((id) => !id.startsWith('_'))
    .sort();
}

/** The game registered as `id`, or undefined. */
export async function findScenarioGame(id: string): Promise<ScenarioGame | undefined> {
  const load = ENTRIES[id];
  return load ? load() : undefined;
}
