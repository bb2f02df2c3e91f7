// Dark Fate on the engine contract (src/core/engine.ts): what the shared search (src/core/search.ts)
// plays. The engine (engine.ts) keeps the rules' state; this wraps it: playOn swaps in the chooser
// and the stream, resumes at a resumable decision (engine.resumeTurn), plays the turns on to the end
// or the cut-off, and puts the game's own policy, stream, trace and phase hook back. The snapshot
// is the shared field snapshot over the fields play mutates; the re-deal is determinize.ts.
//
// Players: the contract's player 0 is the players, one team (the game is cooperative and
// open-handed: every seat decides for the same result and sees the same cards), player 1 the Neural
// Net Processor's Rev-9 player (its one decision, NEURAL_NET; its result is the team's loss).
//
// Resumable decisions (the search's roots), where the planner's choices are measured to lose games
// (issue 24): ACTION (rest or play, which card, fight per Rev-9 and per hostile: stagger, bury or
// drive off, buys and leadership), the discards (DISCARD_COST and DISCARD_FORCED) inside a played
// card's or an activated hostile's text, the recipient of a bought card or of one a played card
// gains free (GAIN_RECIPIENT), EXTRA_DRAW, FLEE and FLEE_WHICH. A decision is resumable where it is
// asked from one of those places (engine.resumeCtx, set while it is asked): a discard inside a
// character's power, say, is not. The others (DEFENSE, HOSTILE_ORDER, HUNT_ORDER, DESTROY_REV9,
// GAIN_FREE, DESTROY_FROM_HAND, CHARACTER, NEURAL_NET) are answered by the default policy in the
// game, and by the tree inside an iteration; each would need its own frame kept in fields.
import { HASH_START, hashWord, NO_ANSWER, type DecisionEngine } from '../../core/engine.js';
import { FieldSnapshot } from '../../core/fieldSnapshot.js';
import type { Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { OUTCOME_NONE, OUTCOME_WIN } from './darkfateRules.js';
import { determinizeState, OBSERVER_PLAYERS, OBSERVER_REV9 } from './determinize.js';
import type { DarkFateEngine } from './engine.js';
import { RESUME_ACTION, RESUME_BUY_RECIPIENT, RESUME_EXTRA_DRAW, RESUME_FLEE, RESUME_FLEE_WHICH, RESUME_HUNT_DISCARD, RESUME_NONE, RESUME_PLAY_DISCARD, RESUME_PLAY_GAIN_RECIPIENT } from './engineState.js';
import { DECISION, type DarkFatePolicy, type DarkFateView } from './policy.js';

/** The typed-array fields play mutates (the designer statistics and the options being asked included). */
export const SNAPSHOT_ARRAYS = [
  'fate', 'fateKnown', 'reserve', 'reserveType', 'reserveDmg', 'drawPile', 'drawN', 'hand', 'handType', 'handN', 'handWounds', 'handLeaders', 'handDefense', 'ownFight', 'ownKinds',
  'discard', 'discardN', 'played', 'playedOwner', 'skills', 'skillsN', 'destroyed', 'turnPlayed', 'nnHand', 'nnDeck', 'dead', 'activeCharacter',
  'r9Version', 'r9Where', 'r9Dmg', 'r9Hunting', 'r9WinBase', 'drawVer', 'sortedVer', 'drawSorted', 'opts',
  'statGained', 'statBoughtTurns', 'statPlayedTurns', 'statHuntDestroyed', 'statFinished', 'statPlayedMark', 'statBoughtMark', 'statSeatWounds', 'statSeatDied', 'statSeatGained', 'statCharTurns',
] as const;

/** The engine's mutable scalar fields (numbers and booleans). The laws test checks that none is missing. */
export const SNAPSHOT_SCALARS = [
  'current', 'deciding', 'turn', 'fight', 'supply', 'locationSupply', 'outcome', 'staggers', 'rev9Destroyed', 'flees', 'woundsTaken', 'firstPlayer',
  'fateHead', 'fateN', 'topOffset', 'reserveN', 'reserveHostiles', 'woundN', 'playedN', 'destroyedN', 'limbo', 'inHunt', 'pending', 'playing', 'turnPlayedN',
  'nnHandN', 'nnDeckN', 'aliveN', 'resumeCtx', 'playFirst', 'resolveIn', 'rsOp', 'rsTo', 'rsWho', 'rsWasDead', 'rsD', 'rsCount', 'rsDecision',
  'huntLeft', 'huntK', 'huntH', 'huntStage',
] as const;

/** The decision each resume point asks (the discards: the one the text names, rsDecision). */
function resumeDecision(e: DarkFateEngine): number {
  switch (e.resumeCtx) {
    case RESUME_ACTION:
      return DECISION.ACTION;
    case RESUME_PLAY_DISCARD:
    case RESUME_HUNT_DISCARD:
      return e.rsDecision;
    case RESUME_BUY_RECIPIENT:
    case RESUME_PLAY_GAIN_RECIPIENT:
      return DECISION.GAIN_RECIPIENT;
    case RESUME_EXTRA_DRAW:
      return DECISION.EXTRA_DRAW;
    case RESUME_FLEE:
      return DECISION.FLEE;
    case RESUME_FLEE_WHICH:
      return DECISION.FLEE_WHICH;
    default:
      return -1;
  }
}

/**
 * What a cut-off playout (searchDepth > 0) counts for the players: one half, neither a win nor a
 * loss (the old Dark Fate search's rule). Depth 0, to the end of the game, is the measured default.
 */
const UNFINISHED = 0.5;

export class DarkFateDecisionEngine implements DecisionEngine<DarkFateView, FieldSnapshot> {
  readonly players = 2;
  readonly view: DarkFateView;
  readonly maxOptions: number;
  /** determinize's scratch (the engine's opts hold the options being asked: they must survive a re-deal). */
  private readonly depth: Int32Array;
  private readonly cards: Int16Array;

  constructor(readonly e: DarkFateEngine) {
    this.view = e;
    this.maxOptions = e.opts.length;
    this.depth = new Int32Array(e.fate.length + 2 * e.rev9N + 2);
    this.cards = new Int16Array(e.S);
  }

  reset(rng: Rng): void {
    this.e.reset(rng);
  }

  playOn(rng: Rng, chooser: Policy<DarkFateView>, decision: number, answer: number, stopTurn: number): void {
    const e = this.e;
    const realRng = e.rng;
    const realPolicy = e.policy;
    const realTrace = e.trace;
    const realPhase = e.onPhase;
    e.rng = rng;
    e.policy = chooser as DarkFatePolicy;
    e.trace = null;
    e.onPhase = null;
    try {
      if (decision !== NO_ANSWER) {
        if (resumeDecision(e) !== decision) throw new Error(`darkfate: cannot resume at decision ${decision} here (resume point ${e.resumeCtx})`);
        e.resumeTurn(answer);
      }
      e.playTurns(stopTurn);
    } finally {
      e.rng = realRng;
      e.policy = realPolicy;
      e.trace = realTrace;
      e.onPhase = realPhase;
    }
  }

  /** Whether the decision being asked is `decision` asked at a resume point (read while it is asked). */
  resumable(decision: number): boolean {
    return this.e.resumeCtx !== RESUME_NONE && resumeDecision(this.e) === decision;
  }
  decider(): number {
    return this.e.deciding < 0 ? OBSERVER_REV9 : OBSERVER_PLAYERS;
  }
  over(): boolean {
    return this.e.outcome !== OUTCOME_NONE;
  }
  result(player: number): number {
    const won = this.e.outcome === OUTCOME_WIN ? 1 : 0;
    return player === OBSERVER_PLAYERS ? won : 1 - won;
  }
  turn(): number {
    return this.e.turn;
  }
  value(_player: number): number {
    return UNFINISHED;
  }

  newSnapshot(): FieldSnapshot {
    return new FieldSnapshot(this.e, SNAPSHOT_ARRAYS, SNAPSHOT_SCALARS);
  }
  save(into: FieldSnapshot): void {
    into.save();
  }
  restore(from: FieldSnapshot): void {
    from.restore();
  }

  determinize(rng: Rng, observer: number): void {
    determinizeState(this.e, rng, observer, this.depth, this.cards);
  }

  /**
   * A hash of what `observer` sees: the turn, whose turn and what is being decided, the spendable
   * amounts, every hand, discard pile, skill and played card, each draw pile as a set (by type),
   * the reserve with its damage, the destroyed and wound piles' sizes, the fate deck's size and the
   * cards seen going to its bottom (by depth), each Rev-9 (where, damage, window), who is dead,
   * each character; the Rev-9 player's hand by size (its cards too for that player).
   */
  observe(observer: number): number {
    const e = this.e;
    const S = e.S;
    let h = hashWord(HASH_START, e.turn);
    h = hashWord(h, e.current);
    h = hashWord(h, e.deciding);
    h = hashWord(h, e.resumeCtx);
    h = hashWord(h, e.fight);
    h = hashWord(h, e.supply);
    h = hashWord(h, e.locationSupply);
    h = hashWord(h, e.outcome);
    h = hashWord(h, e.woundN);
    h = hashWord(h, e.destroyedN);
    h = hashWord(h, e.fateN);
    for (let p = 0; p < e.players; p++) {
      h = hashWord(h, e.handN[p] | (e.discardN[p] << 10) | (e.dead[p] << 20));
      for (let i = 0; i < e.handN[p]; i++) h = hashWord(h, e.handType[p * S + i]);
      for (let i = 0; i < e.discardN[p]; i++) h = hashWord(h, e.discard[p * S + i]);
      for (let i = 0; i < e.skillsN[p]; i++) h = hashWord(h, e.skills[p * S + i]);
      h = hashWord(h, e.drawN[p]);
      for (let i = 0; i < e.drawN[p]; i++) h = hashWord(h, e.drawPileCard(p, i));
      h = hashWord(h, e.activeCharacter[p]);
    }
    for (let i = 0; i < e.playedN; i++) h = hashWord(h, e.played[i]);
    for (let i = 0; i < e.turnPlayedN; i++) h = hashWord(h, e.turnPlayed[i]);
    for (let j = 0; j < e.reserveN; j++) h = hashWord(h, e.reserve[j] | (e.reserveDmg[j] << 16));
    for (let d = 0; d < e.fateN; d++) {
      const slot = (e.fateHead + d) & e.fateMask;
      if (e.fateKnown[slot]) h = hashWord(h, (d << 16) | e.fate[slot]);
    }
    for (let k = 0; k < e.rev9N; k++) h = hashWord(h, e.r9Where[k] | (e.r9Dmg[k] << 4) | (e.rev9Window(k) << 16));
    h = hashWord(h, e.nnHandN);
    if (observer === OBSERVER_REV9) for (let i = 0; i < e.nnHandN; i++) h = hashWord(h, e.nnHand[i]);
    return h;
  }
}
