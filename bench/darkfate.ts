// Throughput of Dark Fate: whole games (2 players, reference cards, greedy policy, the
// Endoskeleton), through the real engine and recorder. Setup (YAML parse, compile, preallocate)
// is timed apart.
//
// A diagnostic case splits the greedy game's cost between the rules engine and the policy: it
// first records every decision of a fixed set of greedy games, then replays exactly those games
// (same streams, same decisions) with a policy that only reads the recorded answers. Its rate is
// the engine's alone; the gap to the greedy case is what the policy's decisions cost.
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { defaultsOf } from '../src/core/params.js';
import { StreamSeeder } from '../src/core/rng.js';
import { DARKFATE_PARAMS, rulesOf } from '../src/games/darkfate/darkfateParams.js';
import { loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { darkfateSim, type DarkFateSimParams } from '../src/games/darkfate/darkfateSim.js';
import { buildEngineSync } from '../src/games/darkfate/policies.js';
import type { DarkFateEngine } from '../src/games/darkfate/engine.js';
import type { DarkFatePolicy } from '../src/games/darkfate/policy.js';
import { OUTCOME_NONE } from '../src/games/darkfate/darkfateRules.js';

function params(policy: string): DarkFateSimParams {
  return {
    cards: loadCardData(referenceCardsFile()),
    rules: rulesOf(defaultsOf(DARKFATE_PARAMS)),
    setup: { players: 2, characters: [0, 1], solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false },
    policy,
  };
}

function darkfateCase(policy: string): BenchCase {
  return playerCase(`darkfate endoskeleton, 2 players, ${policy}`, darkfateSim, () => params(policy), 500);
}

/** Games recorded for the replay; replayed round-robin. */
const REPLAY_GAMES = 2_000;
const SEED = 7;

interface ReplayState {
  engine: DarkFateEngine;
  seeder: StreamSeeder;
  rng: ReturnType<StreamSeeder['streamFor']>;
  /** Recorded answers of quickAction and choose, and where each game's answers start. */
  quick: Int32Array;
  chosen: Int32Array;
  quickAt: Int32Array;
  chosenAt: Int32Array;
  cursor: { q: number; c: number };
}

/** The engine surface the recording needs (bench/darkfateAB.ts passes another build's engine). */
interface Recordable {
  policy: DarkFatePolicy;
  playGame(rng: ReturnType<StreamSeeder['streamFor']>): number;
}

/**
 * Records every answer of the engine's policy over games 0..games-1 of `seeder`'s streams, then
 * gives the engine a policy that only reads them back from the cursor (set it to a game's start
 * before replaying that game). The policy's hooks run as in a game while recording.
 */
export function recordAndReplay(engine: Recordable, seeder: Pick<StreamSeeder, 'seedInto'>, rng: ReturnType<StreamSeeder['streamFor']>, games: number): Pick<ReplayState, 'quick' | 'chosen' | 'quickAt' | 'chosenAt' | 'cursor'> {
  const played = engine.policy;
  const quick: number[] = [];
  const chosen: number[] = [];
  const quickAt = new Int32Array(games + 1);
  const chosenAt = new Int32Array(games + 1);
  engine.policy = {
    name: `${played.name} (recording)`,
    // The planner's hooks run as in a game (its turn plan, read by quickAction).
    beginTurn: played.beginTurn?.bind(played),
    quickAction: (r, v, p, mayRest) => {
      const x = played.quickAction!(r, v, p, mayRest);
      quick.push(x);
      return x;
    },
    choose: (r, v, d, o, n, allowNone) => {
      const x = played.choose(r, v, d, o, n, allowNone);
      chosen.push(x);
      return x;
    },
  };
  for (let g = 0; g < games; g++) {
    quickAt[g] = quick.length;
    chosenAt[g] = chosen.length;
    seeder.seedInto(rng, g);
    engine.playGame(rng);
  }
  quickAt[games] = quick.length;
  chosenAt[games] = chosen.length;
  const q = Int32Array.from(quick);
  const c = Int32Array.from(chosen);
  const cursor = { q: 0, c: 0 };
  engine.policy = { name: `${played.name} (replayed)`, quickAction: () => q[cursor.q++], choose: () => c[cursor.c++] };
  return { quick: q, chosen: c, quickAt, chosenAt, cursor };
}

function replaySetup(policy: string): ReplayState {
  const engine = buildEngineSync(params(policy));
  const seeder = new StreamSeeder(SEED);
  const rng = seeder.streamFor(0);
  return { engine, seeder, rng, ...recordAndReplay(engine, seeder, rng, REPLAY_GAMES) };
}

/**
 * The engine alone on `policy`'s games: they are recorded once, then replayed with their answers.
 * In turns, whole games are played until the batch's player turns are (the excess carried over).
 */
function engineOnlyCase(policy: string, unit: 'games' | 'turns', of: string, target?: BenchCase['target']): BenchCase {
  let carried = 0;
  return {
    name: `darkfate engine alone (${policy} games, decisions replayed)${unit === 'turns' ? ': player turns' : ''}`,
    unit,
    batch: unit === 'turns' ? 5000 : 500,
    engineOf: of,
    ...(target ? { target } : {}),
    setup: () => replaySetup(policy),
    run(state, start, units) {
      const s = state as ReplayState;
      let sum = 0;
      let done = carried;
      for (let i = start; done < units; i++) {
        const g = i % REPLAY_GAMES;
        s.cursor.q = s.quickAt[g];
        s.cursor.c = s.chosenAt[g];
        s.seeder.seedInto(s.rng, g);
        sum += s.engine.playGame(s.rng);
        done += unit === 'turns' ? s.engine.turn : 1;
        // The replay must consume exactly that game's answers, or it played a different game.
        if (s.cursor.q !== s.quickAt[g + 1] || s.cursor.c !== s.chosenAt[g + 1]) throw new Error(`replay of game ${g} diverged`);
      }
      carried = done - units;
      return sum;
    },
  };
}

/**
 * Player turns of whole games by `policy` (Endoskeleton, 2 players): one unit is one player turn,
 * so policies whose games differ in length compare per turn (issue 15: the planner may cost at most
 * twice the previous one per player turn). A policy's `beginTurn` hook (the turn-plan search's) runs as in a game.
 */
function turnsCase(policy: string, batch: number, search?: DarkFateSimParams['search']): BenchCase {
  interface TurnState {
    engine: DarkFateEngine;
    seeder: StreamSeeder;
    rng: ReturnType<StreamSeeder['streamFor']>;
    game: number;
  }
  return {
    name: `darkfate endoskeleton, 2 players, ${policy}${search ? ` (${search.rollouts} ${policy === 'search' ? 'rollouts' : 'iterations per searched decision'})` : ''}: player turns`,
    unit: 'turns',
    batch,
    setup: () => {
      const engine = buildEngineSync({ ...params(policy), ...(search ? { search } : {}) });
      const seeder = new StreamSeeder(SEED);
      const rng = seeder.streamFor(0);
      engine.reset(rng);
      return { engine, seeder, rng, game: 0 } satisfies TurnState;
    },
    run(state, _start, units) {
      const s = state as TurnState;
      const e = s.engine;
      let sum = 0;
      for (let u = 0; u < units; u++) {
        if (e.outcome !== OUTCOME_NONE || e.turn >= e.rules.maxTurns) {
          sum += e.outcome;
          s.seeder.seedInto(s.rng, ++s.game);
          e.reset(s.rng);
        }
        e.policy.beginTurn?.(s.rng, e);
        e.playTurn();
      }
      return sum + e.turn;
    },
  };
}

const SEARCH_BENCH = { rollouts: 32, depth: 0, rollout: 'planner', margin: 2 };

export const cases: BenchCase[] = [
  // "at least 100,000 games per second per core with the greedy policy on the Endoskeleton, and a ratio of at least 0.5".
  { ...darkfateCase('greedy'), target: { perSecond: 100_000, ratio: 0.5, source: 'issue 4' } },
  engineOnlyCase('greedy', 'games', 'darkfate endoskeleton, 2 players, greedy'),
  darkfateCase('planner'),
  // Per player turn: the planner against the previous default measured in the same run ("≥ 0.08 of the reference loop's player turns", issue 29).
  { ...turnsCase('planner', 5000), target: { perSecond: 0, ratio: 0.08, source: 'issue 29' } },
  // The engine alone on the default policy's games ("the engine alone ≥ 0.15", issue 29, read per player turn), and the split of the planner's turns.
  engineOnlyCase('planner', 'turns', 'darkfate endoskeleton, 2 players, planner: player turns', { perSecond: 0, ratio: 0.15, source: 'issue 29' }),
  turnsCase('legacy-planner', 5000),
  // The search policies: whole games, and turns (search: one search a turn; search-ismcts, the
  // shared search: some four searched decisions a turn).
  { ...playerCase('darkfate endoskeleton, 2 players, search (32 rollouts)', darkfateSim, () => ({ ...params('search'), search: SEARCH_BENCH }), 2) },
  turnsCase('search', 40, SEARCH_BENCH),
  { ...playerCase('darkfate endoskeleton, 2 players, search-ismcts (32 iterations per searched decision)', darkfateSim, () => ({ ...params('search-ismcts'), search: SEARCH_BENCH }), 1) },
  turnsCase('search-ismcts', 10, SEARCH_BENCH),
];
