// Throughput of the Terminator CCG simulations through the real runner path: the opening model
// (Level 2) and whole Termination Scenario games (Level 3) with the default bots and with random
// policies, on the bundled example decks; the shared search's cost per decision on the game.
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { defaultsOf } from '../src/core/params.js';
import { gameSimParams, GAME_PARAMS } from '../src/games/tccg/gameMode.js';
import { createGame, gameSim } from '../src/games/tccg/gameSim.js';
import { D_MOVE } from '../src/games/tccg/gameDecisions.js';
import type { SideView, TccgGame } from '../src/games/tccg/gameEngine.js';
import { createTccgSearch } from '../src/games/tccg/gameSearch.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor } from '../src/core/rng.js';
import { loadMatchup } from '../src/games/tccg/matchup.js';
import { OPENING_PARAMS, openingSimParams } from '../src/games/tccg/openingMode.js';
import { openingSim } from '../src/games/tccg/openingSim.js';

function gameCase(resistance: string, skynet: string): BenchCase {
  return playerCase(`tccg game, ${resistance} vs ${skynet} (Monte Carlo)`, gameSim, () =>
    gameSimParams(loadMatchup('example', 'example'), defaultsOf(GAME_PARAMS), [resistance, skynet], [null, null]), 100);
}

/**
 * The shared search's cost per decision: the first Resistance move of turn 5 or later with more
 * than 3 options in a protect-vs-hunt-support game (seed 1, game 0), searched again and again from
 * the same state (the search restores it). Unit: decisions.
 */
function searchDecisionCase(iterations: number): BenchCase {
  return {
    name: `tccg game, search: one Resistance move, ${iterations} iterations`,
    unit: 'decisions',
    batch: Math.max(1, Math.round(64 / iterations)),
    async setup() {
      const p = gameSimParams(loadMatchup('example', 'example'), defaultsOf(GAME_PARAMS), ['protect', 'hunt-support'], [null, null]);
      const g = await createGame(p);
      class Here extends Error {}
      let n = 0;
      for (const s of [0, 1]) {
        const bot = g.policies[s];
        g.policies[s] = { name: 'stop', choose: (r, v, d, o, k, a) => {
          if (s === 0 && d === D_MOVE && g.turn >= 5 && k > 3) throw new Here((n = k).toString());
          return bot.choose(r, v, d, o, k, a);
        } };
      }
      g.reset(streamFor(1, 0));
      try {
        g.play();
      } catch (e) {
        if (!(e instanceof Here)) throw e;
      }
      // The game stands at the move, asked (a snapshot taken now resumes there).
      const search = createTccgSearch(g, ['search', 'hunt-support'], { iterations, depth: 0, margin: 2 });
      return { g, search, n, rng: streamFor(2, 0) };
    },
    run(state, _start, units) {
      const { g, search, n, rng } = state as { g: TccgGame; search: Policy<SideView>; n: number; rng: ReturnType<typeof streamFor> };
      let sum = 0;
      for (let u = 0; u < units; u++) sum += search.choose(rng, g.views[0], D_MOVE, g.opts, n, false);
      return sum;
    },
  };
}

export const cases: BenchCase[] = [
  playerCase('tccg opening, example decks (Monte Carlo)', openingSim, () => openingSimParams(loadMatchup('example', 'example'), defaultsOf(OPENING_PARAMS)), 5_000),
  gameCase('protect', 'hunt-main'),
  gameCase('random', 'random'),
  searchDecisionCase(32),
  searchDecisionCase(128),
];
