// Terror from Destiny on the engine contract (src/core/engine.ts): what the shared search
// (src/core/search.ts) plays. One player (the Final Girl); the game object keeps the rules'
// state (terrorGame.ts) and this wraps it: playOn swaps in the chooser and the stream, resumes at an
// ACTION (the rest of the Action phase, then the turn) or a BUY (the rest of Planning, then the
// Killer phase), plays the turns on to the end or the cut-off, and puts the game's own policy,
// stream, trace and turn limit back. The snapshot is the shared field snapshot over the fields play
// mutates; the re-deal is terrorDeterminize.ts.
import { HASH_START, hashWord, NO_ANSWER, type DecisionEngine } from '../../core/engine.js';
import { FieldSnapshot } from '../../core/fieldSnapshot.js';
import type { Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { actionLoop, doAction } from './actionPhase.js';
import { buyCard, endGame, killerAndUpkeep, MAX_TURNS, planningPhase, playTurns, restOfTurn } from './playTerrorGame.js';
import { actionCard, actionDest, OUTCOME_RUNNING, OUTCOME_WON, SEARCH_ROOTS, TERROR_DECISION, V_CONSEQUENCE, V_FG_CARD } from './terrorDecision.js';
import { TerrorDeterminizer } from './terrorDeterminize.js';
import type { TerrorGame } from './terrorGame.js';
import type { TerrorView } from './terrorView.js';

const { ACTION, BUY } = TERROR_DECISION;

/** The typed-array fields play mutates (the option buffers of the resumable decisions included). */
export const SNAPSHOT_ARRAYS = ['hand_', 'supply_', 'spent_', 'vState', 'vSpace', 'deathPic', 'deathFaceUp', 'deathOn', 'deathDone', 'consCard', 'punCard', 'consFaceUp', 'punFaceUp', 'consVictim', 'consOutcome', 'deck', 'actionOptions', 'scratch2'] as const;

/** The game's mutable scalar fields (numbers and booleans). A test checks that none is missing. */
export const SNAPSHOT_SCALARS = [
  'deathOrderCard', 'fgSpace_', 'health_', 'maxHealth_', 'horror_', 'time_', 'items_', 'bloodlust_', 'finalToken',
  'finalFlipped', 'dead', 'phaseEnded', 'pendingRewards', 'savedCount', 'outcome', 'turn', 'noFatedLatch', 'escortDest',
  'nVictims', 'limboEver', 'normalKilled', 'outOfOrder', 'arrow_', 'consequencesResolved', 'destinyHealth', 'deckPos',
  'topRevealed', 'terrorConsumed', 'turnLimit',
] as const;

export class TerrorEngine implements DecisionEngine<TerrorView, FieldSnapshot> {
  readonly players = 1;
  readonly view: TerrorView;
  readonly maxOptions: number;
  private readonly determinizer: TerrorDeterminizer;

  constructor(readonly g: TerrorGame) {
    this.view = g;
    this.maxOptions = g.maxOptions;
    this.determinizer = new TerrorDeterminizer(g);
  }

  reset(rng: Rng): void {
    this.g.reset(rng);
  }

  playOn(rng: Rng, chooser: Policy<TerrorView>, decision: number, answer: number, stopTurn: number): void {
    const g = this.g;
    const realRng = g.rng;
    const realPolicy = g.policy;
    const realTrace = g.trace;
    const realLimit = g.turnLimit;
    g.rng = rng;
    g.policy = chooser;
    g.trace = null;
    g.turnLimit = Math.min(stopTurn, MAX_TURNS);
    try {
      let over = false;
      if (decision === ACTION) {
        if (answer >= 0) {
          const code = g.actionOptions[answer];
          doAction(g, actionCard(code), actionDest(code));
          actionLoop(g);
        }
        over = restOfTurn(g);
      } else if (decision === BUY) {
        if (answer >= 0) {
          buyCard(g, g.scratch2[answer]);
          planningPhase(g);
        }
        over = killerAndUpkeep(g);
      } else if (decision !== NO_ANSWER) throw new Error(`terror: cannot resume at decision ${decision} (resumable: ACTION, BUY)`);
      if (!over) playTurns(g);
      endGame(g);
    } finally {
      g.rng = realRng;
      g.policy = realPolicy;
      g.trace = realTrace;
      g.turnLimit = realLimit;
    }
  }

  resumable(decision: number): boolean {
    return ((SEARCH_ROOTS >>> decision) & 1) === 1;
  }
  decider(): number {
    return 0;
  }
  over(): boolean {
    return this.g.outcome !== OUTCOME_RUNNING;
  }
  result(_player: number): number {
    return this.g.outcome === OUTCOME_WON ? 1 : 0;
  }
  turn(): number {
    return this.g.turn;
  }

  /**
   * The static value at a cut-off (searchDepth > 0): 1 when her health exceeds what the Destiny
   * phase is expected to cost — the mean Punishment times one half (an even chance to meet a
   * requirement) for each Fated Victim not already saved or on a Death token known to match — else 0.
   * A crude stand-in for the rest of the game; depth 0 (to the end) is the measured default.
   */
  value(_player: number): number {
    const g = this.g;
    const d = g.data;
    let mean = 0;
    for (let i = 0; i < d.punishments.length; i++) mean += d.punishments[i];
    mean /= d.punishments.length;
    let loss = 0;
    for (let v = 0; v < g.fc; v++) {
      if (g.vState[v] === V_FG_CARD) continue;
      let safe = false;
      for (let p = g.arrow_; p < g.fc; p++) if (g.deathOn[p] === v && g.deathFaceUp[p] && g.deathPic[p] === v) safe = true;
      if (!safe || g.vState[v] === V_CONSEQUENCE) loss += mean / 2;
    }
    return g.health_ + (g.finalFlipped ? 0 : 1) > loss ? 1 : 0;
  }

  newSnapshot(): FieldSnapshot {
    return new FieldSnapshot(this.g, SNAPSHOT_ARRAYS, SNAPSHOT_SCALARS);
  }
  save(into: FieldSnapshot): void {
    into.save();
  }
  restore(from: FieldSnapshot): void {
    from.restore();
  }

  determinize(rng: Rng, _observer: number): void {
    this.determinizer.determinize(this.g, rng);
  }

  /** A hash of what the view shows her (faceup cards and tokens, the board, her card, the deck's size and a revealed top). */
  observe(_player: number): number {
    const g = this.g;
    let h = hashWord(HASH_START, g.turn);
    h = hashWord(h, g.fgSpace_);
    h = hashWord(h, g.health_);
    h = hashWord(h, g.horror_);
    h = hashWord(h, g.time_);
    h = hashWord(h, g.items_);
    h = hashWord(h, g.bloodlust_);
    h = hashWord(h, g.deckLeft());
    h = hashWord(h, g.nextTerrorKnown());
    h = hashWord(h, g.finalFlipped ? g.finalToken : -1);
    for (let c = 0; c < g.nCards; c++) h = hashWord(h, g.hand_[c] | (g.supply_[c] << 8));
    for (let v = 0; v < g.nVictims; v++) h = hashWord(h, g.vState[v] | (g.victimSpace(v) << 8));
    h = hashWord(h, g.arrow_);
    for (let p = 0; p < g.fc; p++) {
      h = hashWord(h, g.deathPicture(p));
      h = hashWord(h, g.deathOn[p]);
      h = hashWord(h, g.consequence(p));
      h = hashWord(h, g.punishment(p));
      h = hashWord(h, g.consVictim[p]);
    }
    // The cards drawn or discarded so far, in order (what she saw come off the deck).
    for (let i = 0; i < g.deckPos; i++) h = hashWord(h, g.deck[i]);
    return h;
  }
}
