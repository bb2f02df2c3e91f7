// Throughput of the Terminator CCG simulations through the real runner path: the opening model
// (Level 2) and whole Termination Scenario games (Level 3) with the default bots and with random
// policies, on the bundled example decks.
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { defaultsOf } from '../src/core/params.js';
import { gameSimParams, GAME_PARAMS } from '../src/games/tccg/gameMode.js';
import { gameSim } from '../src/games/tccg/gameSim.js';
import { loadMatchup } from '../src/games/tccg/matchup.js';
import { OPENING_PARAMS, openingSimParams } from '../src/games/tccg/openingMode.js';
import { openingSim } from '../src/games/tccg/openingSim.js';

function gameCase(resistance: string, skynet: string): BenchCase {
  return playerCase(`tccg game, ${resistance} vs ${skynet} (Monte Carlo)`, gameSim, () =>
    gameSimParams(loadMatchup('example', 'example'), defaultsOf(GAME_PARAMS), [resistance, skynet], [null, null]), 100);
}

export const cases: BenchCase[] = [
  playerCase('tccg opening, example decks (Monte Carlo)', openingSim, () => openingSimParams(loadMatchup('example', 'example'), defaultsOf(OPENING_PARAMS)), 5_000),
  gameCase('protect', 'hunt-main'),
  gameCase('random', 'random'),
];
