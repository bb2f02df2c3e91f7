// Terminator: Dark Fate – The Card Game: the rules engine. Rulebook:
// shared/rules/dark-fate-card-game.txt (sections cited as `// rulebook: <section>`).
// Parameters: DarkFateRules (rule constants a house rule might change) and DarkFateSetup
// (players, characters, Rev-9 version, optional rules): darkfateRules.ts; card data: CardTable.
//
// This file is the last layer of the engine's class chain (engineState.ts explains it): the
// set-up, a whole game, and the turn structure (play, reserve, hunt, end of turn). Nothing is
// allocated per game unless a trace sink is attached. Every choice the rules leave to players
// goes through the policy.
import { randIndex, shuffleInPlace, type Rng } from '../../core/rng.js';
import { OUTCOME_NONE, OUTCOME_TURN_CAP, OUTCOME_WIN, PHASE_END, PHASE_HUNT, PHASE_PLAY, PHASE_RESERVE, PHASE_SETUP } from './darkfateRules.js';
import { RESUME_ACTION, RESUME_BUY_RECIPIENT, RESUME_EXTRA_DRAW, RESUME_FLEE, RESUME_FLEE_WHICH, RESUME_HUNT_DISCARD, RESUME_NONE, RESUME_PLAY_DISCARD, RESUME_PLAY_GAIN_RECIPIENT } from './engineState.js';
import { EngineHuntPhase } from './huntPhase.js';
import { DECISION, REV9_FATE, REV9_HUNT, REV9_OUT } from './policy.js';
import { traceSetup, traceTurn } from './trace.js';

export class DarkFateEngine extends EngineHuntPhase {
  // =============================== set-up ===============================
  /** rulebook: Set-Up. Resets every zone and plays the set-up with `rng`. */
  reset(rng: Rng): void {
    this.rng = rng;
    const P = this.players;
    this.outcome = OUTCOME_NONE;
    this.staggers = 0;
    this.rev9Destroyed = 0;
    this.flees = 0;
    this.woundsTaken = 0;
    this.resetStats();
    this.turn = 0;
    this.fight = this.supply = this.locationSupply = 0;
    this.playedN = 0;
    this.destroyedN = 0;
    this.limbo = -1;
    this.pending = -1;
    this.playing = -1;
    this.turnPlayedN = 0;
    this.topOffset = 0;
    this.inHunt = false;
    this.resumeCtx = RESUME_NONE;
    this.aliveN = P;
    this.dead.fill(0);
    this.handWounds.fill(0);
    this.handLeaders.fill(0);
    this.handDefense.fill(0);
    // Take all the wound cards: the wound deck (its cards never change: only its count).
    this.woundN = this.cards.woundCount;
    // Shuffle the fate cards to form the fate deck (Neural Net Processor: hostiles form the Rev-9 deck).
    this.fateHead = 0;
    this.fateN = this.fateStart.length;
    this.fate.set(this.fateStart);
    this.fateKnown.fill(0);
    this.nnDeckN = this.nnStart.length;
    this.nnDeck.set(this.nnStart);
    this.nnHandN = 0;
    shuffleInPlace(rng, this.fate, 0, this.fateN);
    if (this.setup.neuralNet) {
      shuffleInPlace(rng, this.nnDeck, 0, this.nnDeckN);
      for (let i = 0; i < this.rules.nnHandSize && this.nnDeckN > 0; i++) this.nnHand[this.nnHandN++] = this.nnDeck[--this.nnDeckN];
    }
    // Draw the top five cards of the fate deck: the reserve.
    this.reserveN = 0;
    this.reserveHostiles = 0;
    for (let i = 0; i < this.rules.reserveSetup; i++) this.fateToReserve(false);
    // Choose a version of the Rev-9; draw the top five cards, shuffle the Rev-9 into them, put them back on top.
    const ver = this.cards.rev9[this.setup.rev9];
    this.r9Version[0] = this.setup.rev9;
    this.r9Where[0] = REV9_FATE;
    this.r9Dmg[0] = 0;
    for (let s = 1; s < this.rev9N; s++) {
      this.r9Version[s] = ver.splitsInto[s - 1];
      this.r9Where[s] = REV9_OUT; // "keep the Rev-9 Endoskeleton and Liquid Exoskeleton nearby"
      this.r9Dmg[s] = 0;
    }
    let m = 0;
    for (let i = 0; i < this.rules.rev9Depth && this.fateN > 0; i++) this.tmp[m++] = this.fatePopTop();
    this.tmp[m++] = this.rev9Base;
    shuffleInPlace(rng, this.tmp, 0, m);
    for (let i = m - 1; i >= 0; i--) this.fatePushTop(this.tmp[i]);
    // The players know the Rev-9 is among these m cards (rev9Window).
    this.r9WinBase[0] = m - this.topOffset;
    // Each player: a shuffled draw deck of 10 starter cards (solo: 11), then a hand of five.
    for (let p = 0; p < P; p++) {
      const base = p * this.S;
      this.drawN[p] = this.startersPerPlayer;
      this.drawVer[p]++;
      for (let i = 0; i < this.startersPerPlayer; i++) this.drawPile[base + i] = this.starterBase + p * this.startersPerPlayer + i;
      shuffleInPlace(rng, this.drawPile, base, base + this.startersPerPlayer);
      this.handN[p] = 0;
      this.discardN[p] = 0;
      this.skillsN[p] = 0;
      this.activeCharacter[p] = this.setup.characters[this.setup.solo ? 0 : p];
    }
    for (let p = 0; p < P; p++) this.recountOwned(p);
    for (let p = 0; p < P; p++) for (let i = 0; i < this.rules.handSize; i++) this.drawOne(p);
    // Choose a first player randomly.
    this.current = randIndex(rng, P);
    this.firstPlayer = this.current;
  }

  // =============================== a game ===============================
  /** Plays one whole game from `rng`; returns the outcome (statistics in the fields). */
  playGame(rng: Rng): number {
    this.reset(rng);
    if (this.trace) traceSetup(this);
    this.onPhase?.(PHASE_SETUP);
    const pol = this.policy;
    while (this.outcome === OUTCOME_NONE) {
      if (this.turn >= this.rules.maxTurns) {
        this.outcome = OUTCOME_TURN_CAP;
        break;
      }
      if (pol.beginTurn) pol.beginTurn(this.rng, this);
      this.playTurn();
    }
    this.trace?.(`GAME OVER after ${this.turn} turns: ${this.outcome === OUTCOME_WIN ? 'the players WIN' : this.outcomeName(this.outcome)}`);
    return this.outcome;
  }

  /**
   * Plays on from a turn boundary (a snapshot: engineSnapshot.ts) with `rng`, for at most `turns`
   * more player turns (0: to the end); the policy's beginTurn is not called. Returns the outcome
   * (OUTCOME_NONE when stopped by `turns`).
   */
  playOn(rng: Rng, turns: number): number {
    this.rng = rng;
    const stop = turns > 0 ? this.turn + turns : Infinity;
    while (this.outcome === OUTCOME_NONE) {
      if (this.turn >= this.rules.maxTurns) {
        this.outcome = OUTCOME_TURN_CAP;
        break;
      }
      if (this.turn >= stop) break;
      this.playTurn();
    }
    return this.outcome;
  }

  /** rulebook: Playing the Game — one player's turn: play, reserve, hunt, end of turn. */
  playTurn(): void {
    const p = this.current;
    this.turn++;
    if (this.setup.solo) {
      // rulebook: Solo Mode — at the start of each turn, choose a character card.
      this.opts[0] = this.setup.characters[0];
      this.opts[1] = this.setup.characters[1];
      this.activeCharacter[p] = this.opts[this.ask(DECISION.CHARACTER, 2, false, p)];
      this.statCharTurns[this.activeCharacter[p]]++;
    }
    if (this.trace) traceTurn(this, p);
    // rulebook: Go On Without Me! — a dead player skips the play phase.
    if (!this.dead[p]) this.playPhase(p);
    this.afterPlayPhase(p);
  }

  /** The rest of p's turn after the play phase. */
  protected afterPlayPhase(p: number): void {
    this.onPhase?.(PHASE_PLAY);
    if (this.outcome !== OUTCOME_NONE) return;
    this.reservePhase(p);
    this.afterReservePhase(p);
  }

  /** The rest of p's turn after the reserve phase. */
  protected afterReservePhase(p: number): void {
    this.onPhase?.(PHASE_RESERVE);
    if (this.outcome !== OUTCOME_NONE) return;
    this.huntPhase(p);
    this.afterHuntPhase(p);
  }

  /** The rest of p's turn after the hunt phase. */
  protected afterHuntPhase(p: number): void {
    this.onPhase?.(PHASE_HUNT);
    if (this.outcome !== OUTCOME_NONE) return;
    this.endOfTurn();
    this.onPhase?.(PHASE_END);
    // rulebook: End of Turn — play continues with the player to the left.
    this.current = p + 1 < this.players ? p + 1 : 0;
  }

  /**
   * Turns from the current state until the game is over, or the turn cap, or (when `stopTurn` is
   * reached) the turn boundary after turn `stopTurn`: the engine contract's play-on
   * (decisionEngine.ts). Plays with this.rng and this.policy; calls no beginTurn.
   */
  playTurns(stopTurn: number): void {
    while (this.outcome === OUTCOME_NONE) {
      if (this.turn >= this.rules.maxTurns) {
        this.outcome = OUTCOME_TURN_CAP;
        break;
      }
      if (this.turn >= stopTurn) break;
      this.playTurn();
    }
  }

  /**
   * The engine contract's resume (decisionEngine.ts): in a state restored from a snapshot saved
   * while the resumable decision resumeCtx was asked, answers it with `answer` (an index into
   * opts, as the policy would have returned it) and plays the rest of that turn exactly as the
   * rules' own call stack would have (each frame's locals are the rs* and hunt* fields).
   */
  resumeTurn(answer: number): void {
    const ctx = this.resumeCtx;
    this.resumeCtx = RESUME_NONE;
    const p = this.current;
    switch (ctx) {
      case RESUME_ACTION:
        if (!this.playAction(p, this.opts[answer])) this.playLoop(p);
        this.endOfPlay(p);
        this.afterPlayPhase(p);
        return;
      case RESUME_BUY_RECIPIENT:
        this.boughtTo(p, this.opts[answer]);
        this.playLoop(p);
        this.endOfPlay(p);
        this.afterPlayPhase(p);
        return;
      case RESUME_PLAY_GAIN_RECIPIENT:
      case RESUME_PLAY_DISCARD: {
        const op = this.rsOp;
        const to = this.rsTo;
        const who = this.rsWho;
        const wasDead = this.rsWasDead;
        if (ctx === RESUME_PLAY_DISCARD) this.restOfDiscard(who, answer);
        else this.gainFreeTo(who, this.opts[answer]);
        this.resolveOps(op + 1, to, who, wasDead);
        this.playedCardDone();
        this.playLoop(p);
        this.endOfPlay(p);
        this.afterPlayPhase(p);
        return;
      }
      case RESUME_HUNT_DISCARD: {
        const op = this.rsOp;
        const to = this.rsTo;
        const who = this.rsWho;
        const wasDead = this.rsWasDead;
        const k = this.huntK;
        const h = this.huntH;
        const stage = this.huntStage;
        const left = this.huntLeft;
        this.restOfDiscard(who, answer);
        this.resolveOps(op + 1, to, who, wasDead);
        this.activated();
        this.huntFrom(k, h, stage);
        this.huntLoop(p, left - 1);
        this.afterHuntPhase(p);
        return;
      }
      case RESUME_EXTRA_DRAW:
        if (this.extraDrawn(p, answer)) this.reserveStep2(p, false);
        this.neuralNetStep();
        this.afterReservePhase(p);
        return;
      case RESUME_FLEE:
        if (!(answer === 1 && this.fleeChosen(p, false))) this.huntLoop(p, this.huntLeft);
        this.afterHuntPhase(p);
        return;
      case RESUME_FLEE_WHICH:
        if (!this.fleeEnds(false, this.opts[answer])) this.huntLoop(p, this.huntLeft);
        this.afterHuntPhase(p);
        return;
      default:
        throw new Error(`darkfate: no resumable decision is being asked (resume point ${ctx})`);
    }
  }

  /** The discard being asked (rsD of rsCount, for `who`) answered with hand slot `slot`, then the ones after it. */
  private restOfDiscard(who: number, slot: number): void {
    const d = this.rsD;
    const count = this.rsCount;
    const decision = this.rsDecision;
    this.discardSlot(who, slot);
    this.discardFromHand(who, d + 1, count, decision);
  }

  /** rulebook: 4: End of Turn. The Liquid Exoskeleton heals (public fact; amount assumed). */
  protected endOfTurn(): void {
    for (let k = 0; k < this.rev9N; k++) {
      if (this.r9Where[k] !== REV9_HUNT) continue;
      const regen = this.cards.rev9[this.r9Version[k]].regen;
      if (regen > 0 && this.r9Dmg[k] > 0) {
        this.r9Dmg[k] = Math.max(0, this.r9Dmg[k] - regen);
        this.trace?.(`  Rev-9 ${this.cards.rev9[this.r9Version[k]].name} heals to ${this.r9Dmg[k]} damage`);
      }
    }
  }

}
