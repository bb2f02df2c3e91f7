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
    this.onPhase?.(PHASE_PLAY);
    if (this.outcome !== OUTCOME_NONE) return;
    this.reservePhase(p);
    this.onPhase?.(PHASE_RESERVE);
    if (this.outcome !== OUTCOME_NONE) return;
    this.huntPhase(p);
    this.onPhase?.(PHASE_HUNT);
    if (this.outcome !== OUTCOME_NONE) return;
    this.endOfTurn();
    this.onPhase?.(PHASE_END);
    // rulebook: End of Turn — play continues with the player to the left.
    this.current = p + 1 < this.players ? p + 1 : 0;
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
