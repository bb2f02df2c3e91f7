// Every game, one line each, loaded lazily: `sim dice` imports the dice folder and nothing else.
// Commands, scenario files (`game:`), `sim params`, compare, sweep, check, the runner's worker
// threads, the conformance suite and the bench all find games here. A new game is one folder
// (src/games/<id>/index.ts exporting `game`, see src/games/README.md) plus one line below.
import type { AnySim, GameModule, GameMode } from '../core/gameModule.js';
import { modeId } from '../core/gameModule.js';
import { UsageError } from '../core/usageError.js';

/**
 * The environment variable that adds the hidden fault-injection game `_fault` (src/games/fault: it
 * throws or sleeps on purpose) to the registry: '1' in the test suite (vitest.config.ts; child
 * processes and worker threads inherit it), unset everywhere else, so that no scenario, golden,
 * part file, checkpoint or queued job can name it.
 */
export const FAULT_GAME_ENV = 'SIM_FAULT_GAME';

interface RegistryEntry {
  /** One line for `sim --help` (shown without loading the game). */
  readonly summary: string;
  readonly hidden?: boolean;
  readonly load: () => Promise<GameModule>;
  /**
   * Each of the game's simulations (the keys and objects of its module's `sims`), loaded alone: a
   * worker thread imports the simulation it plays, not the game's commands, reports and parsers.
   * test/conformance.test.ts checks that they are the module's very objects.
   */
  readonly sims: Readonly<Record<string, () => Promise<AnySim>>>;
}

const GAMES: Readonly<Record<string, RegistryEntry>> = {
  dice: { summary: 'K dice of X sides, success on T+: Monte Carlo beside the exact binomial (calibration)', load: async () => (await import('./dice/index.js')).game, sims: { roll: async () => (await import('./dice/diceSim.js')).diceSim } },
  darkfate: { summary: 'Terminator: Dark Fate card game: win rate, losses by cause and game length by Rev-9 version', load: async () => (await import('./darkfate/index.js')).game, sims: { darkfate: async () => (await import('./darkfate/darkfateSim.js')).darkfateSim } },
  genisys: {
    summary: 'Terminator Genisys: The Miniatures Game — attack odds by die step, fire teams, squad skirmishes',
    load: async () => (await import('./genisys/index.js')).game,
    sims: {
      attack: async () => (await import('./genisys/attackSim.js')).attackSim,
      fireteam: async () => (await import('./genisys/fireTeamSim.js')).fireTeamSim,
      skirmish: async () => (await import('./genisys/skirmishSim.js')).skirmishSim,
    },
  },
  terror: { summary: 'Final Girl: Terror from Destiny: survival odds, what kills her, Fated Victims saved/killed/in Limbo', load: async () => (await import('./terror/index.js')).game, sims: { terror: async () => (await import('./terror/terrorSim.js')).terrorSim } },
  dualfates: {
    summary: 'Dual Fates: exact Fate-roll odds (attacks, running, Pillars of Fate, Initiative, holding pillars), team validation, whole matches',
    load: async () => (await import('./dualfates/index.js')).game,
    sims: { dualfates: async () => (await import('./dualfates/dualfatesSim.js')).dualfatesSim, match: async () => (await import('./dualfates/matchSim.js')).matchSim },
  },
  tccg: {
    summary: 'Terminator CCG (Termination Scenario): deck validation, the opening and tempo, whole games on documented assumptions',
    load: async () => (await import('./tccg/index.js')).game,
    sims: { opening: async () => (await import('./tccg/openingSim.js')).openingSim, game: async () => (await import('./tccg/gameSim.js')).gameSim },
  },
  // Test fixture: a game that fails on purpose (hidden), only where FAULT_GAME_ENV asks for it (below).
  ...(process.env[FAULT_GAME_ENV] === '1' ? { _fault: { summary: 'fault injection (tests)', hidden: true, load: async () => (await import('./fault/index.js')).game, sims: { fault: async () => (await import('./fault/faultSim.js')).faultSim } } } : {}),
};

/**
 * Ids of earlier versions, still read from scenario files, goldens, part files and checkpoints
 * (the id is now the command that runs the mode: `sim genisys attack` ↔ `game: genisys attack`).
 */
const FORMER_IDS: Readonly<Record<string, string>> = {
  'genisys-attack': 'genisys attack',
  'dualfates-attack': 'dualfates attack',
  'dualfates-pillars': 'dualfates pillars',
};

/** Game ids, in registry order; hidden fixtures only when asked. */
export function gameIds({ hidden = false }: { hidden?: boolean } = {}): string[] {
  return Object.keys(GAMES).filter((id) => hidden || !GAMES[id].hidden);
}

export function gameSummary(id: string): string | undefined {
  return GAMES[id]?.summary;
}

export function isGameId(id: string): boolean {
  return Object.hasOwn(GAMES, id);
}

const cache = new Map<string, Promise<GameModule>>();

/** The game module `id` (loaded once per thread). Throws Error for an unknown id. */
export function loadGame(id: string): Promise<GameModule> {
  const entry = Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
  if (!entry) return Promise.reject(new Error(`unknown game "${id}" (known: ${gameIds().join(', ')})`));
  let p = cache.get(id);
  if (!p) {
    p = entry.load();
    cache.set(id, p);
  }
  return p;
}

/**
 * Simulation `name` of game `id` without the rest of the game (the runner's worker threads), or
 * undefined when the game has no such simulation. Throws Error for an unknown game id.
 */
export async function loadGameSimOnly(id: string, name: string): Promise<AnySim | undefined> {
  const entry = Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
  if (!entry) throw new Error(`unknown game "${id}" (known: ${gameIds().join(', ')})`);
  return Object.hasOwn(entry.sims, name) ? entry.sims[name]() : undefined;
}

/** The names of game `id`'s simulations as the registry lists them (the conformance suite compares them with the module's). */
export function registrySimNames(id: string): string[] {
  return Object.keys(GAMES[id]?.sims ?? {});
}

/** The games this thread has loaded so far (a command loads only the one it runs). */
export function loadedGames(): string[] {
  return [...cache.keys()];
}

/** Every mode id users see, e.g. dice, darkfate, genisys attack, dualfates pillars (loads every game). */
export async function modeIds(): Promise<string[]> {
  const games = await Promise.all(gameIds().map(loadGame));
  return games.flatMap((g) => g.modes.map((m) => modeId(g, m)));
}

export interface FoundMode {
  game: GameModule;
  mode: GameMode;
  /** The mode's id as written now (a former id is translated). */
  id: string;
}

/**
 * The mode a `game:` value, a `sim params`/`sweep` argument or a stored identity names: "dice",
 * "genisys attack" (or a former id, "genisys-attack"). Unknown → UsageError naming `where`, with
 * the nearest ids (a game with several modes suggests its modes).
 */
export async function findMode(raw: string, where: string): Promise<FoundMode> {
  const text = raw.trim().replace(/\s+/g, ' ');
  const id = Object.hasOwn(FORMER_IDS, text) ? FORMER_IDS[text] : text;
  const [gameWord, modeWord = ''] = id.split(' ', 2);
  if (isGameId(gameWord) && id.split(' ').length <= 2) {
    const game = await loadGame(gameWord);
    const mode = game.modes.find((m) => m.name === modeWord);
    if (mode) return { game, mode, id: modeId(game, mode) };
  }
  const ids = await modeIds();
  const prefixed = ids.filter((m) => m.startsWith(`${gameWord} `));
  // Loaded here only (an error path): the parameter module brings the schema library with it.
  const { nearest } = await import('../core/params.js');
  const near = prefixed.length ? prefixed : [nearest(id, ids)].filter((g): g is string => g !== null);
  const hint = near.length === 1 ? ` (did you mean "${near[0]}"?)` : near.length > 1 ? ` (did you mean one of ${near.map((g) => `"${g}"`).join(', ')}?)` : '';
  throw new UsageError(`${where}: unknown game "${raw}"${hint}; known: ${ids.join(', ')}`);
}
