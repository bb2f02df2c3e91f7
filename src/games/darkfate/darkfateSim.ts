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
import { KW } from './ops.js';
import { DEFAULT_POLICY, defaultPolicy } from './policyNames.js';
import type { SearchBudget } from './darkfateSearch.js';

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

export const M_TURNS_LOST = 10;
/** Metrics before the designer statistics (the ten above and turnsWhenLost). */
export const M_FIXED = 11;

/**
 * Where the designer statistics live among the metrics (after the M_FIXED fixed ones): per seat
 * (wounds, died, cards gained, win when first), per character in solo mode (turns), and per card
 * type those of the card kinds that have them (-1 where a type has none).
 */
export interface DesignerLayout {
  seats: number;
  /** Index of seat s's first metric: seatBase + 5 * s + (0 wounds, 1 died, 2 gained, 3 played first, 4 played first and won). */
  seatBase: number;
  /** Solo mode: characters with a turn count (charBase + c), else 0. */
  chars: number;
  charBase: number;
  /** Per card type: metric index of each statistic, or -1. */
  gained: Int32Array;
  bought: Int32Array;
  playedTurns: Int32Array;
  huntDestroyed: Int32Array;
  finished: Int32Array;
  /** Rates recorded in every game (so that paired runs pair every metric): gained (or bought) at least once, and that and won. */
  gainedIn: Int32Array;
  winGained: Int32Array;
  specs: MetricSpec[];
}

const layouts = new WeakMap<DarkFateSimParams, DesignerLayout>();

/** The metrics of a game and where each statistic is (computed once per parameters object). */
export function designerLayout(p: DarkFateSimParams): DesignerLayout {
  const cached = layouts.get(p);
  if (cached) return cached;
  const c = compiledCards(p.cards);
  const turns = Math.min(1 << 20, p.rules.maxTurns);
  const specs: MetricSpec[] = [
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
    { name: 'turnsWhenLost', description: 'player turns played, in lost games (the turn cap is not a loss)', kind: 'count', maxValue: turns },
  ];
  const seats = p.setup.players;
  const seatBase = specs.length;
  for (let s = 0; s < seats; s++) {
    specs.push({ name: `seat${s + 1}Wounds`, description: `wound cards taken by seat ${s + 1}`, kind: 'count', maxValue: c.woundCount, detail: true });
    specs.push({ name: `seat${s + 1}Died`, description: `seat ${s + 1} died`, kind: 'rate', maxValue: 1, detail: true });
    specs.push({ name: `seat${s + 1}Gained`, description: `cards gained into seat ${s + 1}'s discard pile`, kind: 'count', maxValue: Math.max(1, c.fateTotal), detail: true });
    specs.push({ name: `seat${s + 1}First`, description: `seat ${s + 1} played first`, kind: 'rate', maxValue: 1, detail: true });
    specs.push({ name: `seat${s + 1}FirstWin`, description: `seat ${s + 1} played first and the players won`, kind: 'rate', maxValue: 1, detail: true });
  }
  const chars = p.setup.solo ? c.characters.length : 0;
  const charBase = specs.length;
  for (let ch = 0; ch < chars; ch++) specs.push({ name: `character${ch + 1}Turns`, description: `player turns played as ${c.characters[ch].name}`, kind: 'count', maxValue: turns, detail: true });
  const T = c.nTypes;
  const none = () => new Int32Array(T).fill(-1);
  const L: DesignerLayout = { seats, seatBase, chars, charBase, gained: none(), bought: none(), playedTurns: none(), huntDestroyed: none(), finished: none(), gainedIn: none(), winGained: none(), specs };
  const splits = c.rev9[p.setup.rev9].splitsInto.length;
  for (let t = 0; t < T; t++) {
    const kw = c.kw[t];
    if (kw & KW.WOUND) continue;
    const location = (kw & KW.LOCATION) !== 0;
    const hostile = (kw & KW.HOSTILE) !== 0;
    const n = c.fateCount[t];
    const add = (stat: string, what: string, kind: 'rate' | 'count', maxValue: number) => {
      specs.push({ name: `card${t}${stat}`, description: `${c.names[t]}: ${what}`, kind, maxValue: Math.max(1, maxValue), detail: true });
      return specs.length - 1;
    };
    if (n > 0 && !hostile && !location) L.gained[t] = add('Gained', 'copies gained', 'count', n);
    if (n > 0 && location) L.bought[t] = add('BoughtTurns', 'player turns it was bought in', 'count', turns);
    if (!hostile && !location) L.playedTurns[t] = add('PlayedTurns', 'player turns it was played in', 'count', turns);
    if (n > 0 && !hostile && !location) L.huntDestroyed[t] = add('HuntDestroyed', 'copies a hunt destroyed', 'count', n);
    if (c.finisher[t]) L.finished[t] = add('Finished', 'Rev-9 cards it destroyed', 'count', 1 + splits);
    if (n > 0 && !hostile) {
      L.gainedIn[t] = add('GainedIn', location ? 'bought at least once' : 'gained at least once', 'rate', 1);
      L.winGained[t] = add('WinGained', location ? 'bought at least once, and the players won' : 'gained at least once, and the players won', 'rate', 1);
    }
  }
  layouts.set(p, L);
  return L;
}

export function darkfateMetrics(p: DarkFateSimParams): MetricSpec[] {
  return designerLayout(p).specs;
}

/** Whether `p` plays the default built-in policy, whose code loads with the game (the others load when named). */
function playsDefault(p: DarkFateSimParams): boolean {
  return !p.policyPath && p.policy === DEFAULT_POLICY;
}

/** The engine with the default policy. */
function defaultEngine(p: DarkFateSimParams): DarkFateEngine {
  const cards = compiledCards(p.cards);
  return new DarkFateEngine(cards, p.rules, p.setup, defaultPolicy(cards));
}

/** Builds the engine (policy included) for these parameters; shared by the sim, the trace and tests. */
export async function buildEngine(p: DarkFateSimParams): Promise<DarkFateEngine> {
  if (playsDefault(p)) return defaultEngine(p);
  if (!p.policyPath) return (await import('./policies.js')).buildEngineSync(p);
  const { guardedUserPolicy, loadUserPolicy } = await import('./userPolicy.js');
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

function playerFor(engine: DarkFateEngine, p: DarkFateSimParams): GamePlayer {
  const L = designerLayout(p);
  const countMetric: number[] = [];
  const countSource: Int32Array[] = [];
  const countType: number[] = [];
  const winMetric: number[] = [];
  const winType: number[] = [];
  const sources: [Int32Array, Int32Array][] = [
    [L.gained, engine.statGained],
    [L.bought, engine.statBoughtTurns],
    [L.playedTurns, engine.statPlayedTurns],
    [L.huntDestroyed, engine.statHuntDestroyed],
    [L.finished, engine.statFinished],
  ];
  for (let t = 0; t < L.gained.length; t++) {
    for (const [metric, source] of sources) {
      if (metric[t] < 0) continue;
      countMetric.push(metric[t]);
      countSource.push(source);
      countType.push(t);
    }
    if (L.gainedIn[t] >= 0) {
      // WinGained is laid out right after GainedIn.
      winMetric.push(L.gainedIn[t]);
      winType.push(t);
    }
  }
  const nCounts = countMetric.length;
  const nWins = winMetric.length;
  return {
    play(rng, rec) {
      const outcome = engine.playGame(rng);
      const win = outcome === OUTCOME_WIN ? 1 : 0;
      rec.record(M_WIN, win);
      rec.record(M_LOSS_WOUNDS, outcome === OUTCOME_THREE_WOUNDS ? 1 : 0);
      rec.record(M_LOSS_WOUND_DECK, outcome === OUTCOME_EMPTY_WOUND_DECK ? 1 : 0);
      rec.record(M_TURN_CAP, outcome === OUTCOME_TURN_CAP ? 1 : 0);
      rec.record(M_TURNS, engine.turn);
      if (win) rec.record(M_TURNS_WON, engine.turn);
      rec.record(M_STAGGERS, engine.staggers);
      rec.record(M_DESTROYED, engine.rev9Destroyed);
      rec.record(M_FLEES, engine.flees);
      rec.record(M_WOUNDS, engine.woundsTaken);
      if (outcome === OUTCOME_THREE_WOUNDS || outcome === OUTCOME_EMPTY_WOUND_DECK) rec.record(M_TURNS_LOST, engine.turn);
      for (let s = 0; s < L.seats; s++) {
        const m = L.seatBase + 5 * s;
        const first = engine.firstPlayer === s ? 1 : 0;
        rec.record(m, engine.statSeatWounds[s]);
        rec.record(m + 1, engine.statSeatDied[s]);
        rec.record(m + 2, engine.statSeatGained[s]);
        rec.record(m + 3, first);
        rec.record(m + 4, first & win);
      }
      for (let ch = 0; ch < L.chars; ch++) rec.record(L.charBase + ch, engine.statCharTurns[ch]);
      // Flat (metric, source, type) lists built once: no per-type branching in the hot path.
      for (let i = 0; i < nCounts; i++) rec.record(countMetric[i], countSource[i][countType[i]]);
      for (let i = 0; i < nWins; i++) {
        const t = winType[i];
        const got = engine.statGained[t] + engine.statBoughtTurns[t] > 0 ? 1 : 0;
        rec.record(winMetric[i], got);
        rec.record(winMetric[i] + 1, got & win);
      }
    },
  };
}

export const darkfateSim: GameSim<DarkFateSimParams> = {
  metrics: darkfateMetrics,
  // About 10-20 ms of games on one core (measured: random ~72k games/s, greedy ~38k, planner ~10k,
  // cautious ~3.6k). Chunk size never changes results (exact aggregation).
  // About 20 ms of work a first chunk (the sizer measures the rest): an in-process run (-j 1) answers
  // a signal only between chunks, and a search game costs 0.4–4 s, so a search chunk is one game.
  gamesPerChunk: (p) => (p.policy === 'search' || p.policy === 'search-ismcts' ? 1 : p.policyPath ? 100 : p.policy === 'random' ? 1000 : p.policy === 'greedy' ? 500 : p.policy === 'planner' ? 150 : 60),
  // A user policy module is imported here, inside each worker thread, from its absolute path.
  createPlayer: (p) => (playsDefault(p) ? playerFor(defaultEngine(p), p) : buildEngine(p).then((e) => playerFor(e, p))),
};
