// The `darkfate` simulation: one game = one full game of Dark Fate by the chosen policy.
// Parameters are plain JSON (the validated card data travels with them to worker threads); a
// user policy module is imported in createPlayer from its absolute path.
import type { MetricSpec } from '../../core/aggregate.js';
import { assertFileUnchanged } from '../../core/hash.js';
import type { GamePlayer, GameSim } from '../../core/game.js';
import type { CardDataDoc } from './cardData.js';
import { compiledCards } from './compiledCards.js';
import { OUTCOME_EMPTY_WOUND_DECK, OUTCOME_THREE_WOUNDS, OUTCOME_TURN_CAP, OUTCOME_WIN, type DarkFateRules, type DarkFateSetup } from './darkfateRules.js';
import { DarkFateEngine } from './engine.js';
import { BUILTIN_POLICIES } from './policies.js';
import type { SearchBudget } from './searchPolicy.js';
import { guardedUserPolicy, loadUserPolicy } from './userPolicy.js';

export interface DarkFateSimParams {
  cards: CardDataDoc;
  rules: DarkFateRules;
  setup: DarkFateSetup;
  /** Built-in policy name, used when policyPath is absent. */
  policy: string;
  /** The search policy's budget (policy search; absent: DEFAULT_SEARCH). */
  search?: SearchBudget;
  /** Absolute path of a user policy module. */
  policyPath?: string;
  /** The module's content hash (fileHash): part of the run's identity, checked again where the module is loaded. */
  policyHash?: string;
}

export const M_WIN = 0;
export const M_LOSS_WOUNDS = 1;
export const M_LOSS_WOUND_DECK = 2;
export const M_TURN_CAP = 3;
export const M_TURNS = 4;
export const M_TURNS_WON = 5;
export const M_STAGGERS = 6;
export const M_DESTROYED = 7;
export const M_FLEES = 8;
export const M_WOUNDS = 9;

export function darkfateMetrics(p: DarkFateSimParams): MetricSpec[] {
  const turns = Math.min(1 << 20, p.rules.maxTurns);
  return [
    { name: 'win', description: 'the players destroyed every Rev-9', kind: 'rate', maxValue: 1 },
    { name: 'lossThreeWounds', description: 'lost: a player held woundsToDie wound cards (rulebook: three)', kind: 'rate', maxValue: 1 },
    { name: 'lossEmptyWoundDeck', description: 'lost: a wound was needed from an empty wound deck', kind: 'rate', maxValue: 1 },
    { name: 'turnCap', description: 'stopped by the turn cap (safety net; neither win nor loss)', kind: 'rate', maxValue: 1 },
    { name: 'turns', description: 'player turns played', kind: 'count', maxValue: turns },
    { name: 'turnsWhenWon', description: 'player turns played, in won games', kind: 'count', maxValue: turns },
    { name: 'staggers', description: 'times a Rev-9 became staggered', kind: 'count', maxValue: 200 },
    { name: 'rev9Destroyed', description: 'Rev-9 cards destroyed (a split counts)', kind: 'count', maxValue: 8 },
    { name: 'flees', description: 'flees (chosen or forced)', kind: 'count', maxValue: 400 },
    { name: 'woundsTaken', description: 'wound cards taken from the wound deck', kind: 'count', maxValue: 64 },
  ];
}

/** Builds the engine with a built-in policy (synchronous: no module to import). */
export function buildEngineSync(p: DarkFateSimParams): DarkFateEngine {
  const cards = compiledCards(p.cards);
  const factory = BUILTIN_POLICIES[p.policy];
  if (!factory) throw new Error(`unknown built-in policy ${p.policy}`);
  return new DarkFateEngine(cards, p.rules, p.setup, factory(cards, p.search));
}

/** Builds the engine (policy included) for these parameters; shared by the sim, the trace and tests. */
export async function buildEngine(p: DarkFateSimParams): Promise<DarkFateEngine> {
  if (!p.policyPath) return buildEngineSync(p);
  // The module must still be the one the run was identified with (shards and checkpoints rely on it).
  assertFileUnchanged(p.policyPath, p.policyHash, 'policy module');
  const cards = compiledCards(p.cards);
  // The module gets its own copy of the card table: writing to it cannot change the rules the engine plays.
  const loaded = await loadUserPolicy(p.policyPath, cards);
  const engine = new DarkFateEngine(cards, p.rules, p.setup, loaded.policy);
  // A module sees what players see (DarkFateView), not the engine with its deck order.
  engine.policy = guardedUserPolicy(loaded, engine);
  return engine;
}

function playerFor(engine: DarkFateEngine): GamePlayer {
  return {
    play(rng, rec) {
      const outcome = engine.playGame(rng);
      rec.record(M_WIN, outcome === OUTCOME_WIN ? 1 : 0);
      rec.record(M_LOSS_WOUNDS, outcome === OUTCOME_THREE_WOUNDS ? 1 : 0);
      rec.record(M_LOSS_WOUND_DECK, outcome === OUTCOME_EMPTY_WOUND_DECK ? 1 : 0);
      rec.record(M_TURN_CAP, outcome === OUTCOME_TURN_CAP ? 1 : 0);
      rec.record(M_TURNS, engine.turn);
      if (outcome === OUTCOME_WIN) rec.record(M_TURNS_WON, engine.turn);
      rec.record(M_STAGGERS, engine.staggers);
      rec.record(M_DESTROYED, engine.rev9Destroyed);
      rec.record(M_FLEES, engine.flees);
      rec.record(M_WOUNDS, engine.woundsTaken);
    },
  };
}

export const darkfateSim: GameSim<DarkFateSimParams> = {
  id: 'darkfate',
  metrics: darkfateMetrics,
  // About 10-20 ms of games on one core (measured: random ~72k games/s, greedy ~38k, planner ~10k,
  // cautious ~3.6k). Chunk size never changes results (exact aggregation).
  gamesPerChunk: (p) => (p.policyPath ? 100 : p.policy === 'random' ? 1000 : p.policy === 'greedy' ? 500 : p.policy === 'planner' ? 150 : 60),
  // A user policy module is imported here, inside each worker thread, from its absolute path.
  createPlayer: (p) => (p.policyPath ? buildEngine(p).then(playerFor) : playerFor(buildEngineSync(p))),
};
