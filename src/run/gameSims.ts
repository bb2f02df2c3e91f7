// A game's simulation by its runner id, `<game id>/<sim name>` (e.g. "dice/roll"): the id the
// runner sends to worker threads and stores in part files and checkpoints.
import type { AnySim } from '../core/gameModule.js';
import { loadGame, loadGameSimOnly } from '../games/index.js';

/** The runner id of simulation `name` of game `gameId`. */
export function simIdOf(gameId: string, name: string): string {
  return `${gameId}/${name}`;
}

/**
 * Simulation `id` (its module alone, not the game's commands and reports: worker threads load
 * nothing else); unknown ids throw Error.
 */
export async function loadGameSim(id: string): Promise<AnySim> {
  const slash = id.indexOf('/');
  const gameId = slash > 0 ? id.slice(0, slash) : id;
  const sim = slash > 0 ? await loadGameSimOnly(gameId, id.slice(slash + 1)) : undefined;
  if (!sim) {
    const game = await loadGame(gameId);
    throw new Error(`unknown simulation "${id}" (game ${game.id} has: ${Object.keys(game.sims).map((s) => simIdOf(game.id, s)).join(', ')})`);
  }
  return sim;
}
