// Dark Fate engine, layer 2 of 7: zone primitives. Moving one card between zones (fate deck top
// and bottom, hands with their counters, discard piles, the reserve, the destroyed pile), drawing
// and reshuffling, wounds and deaths, a Rev-9 revealed or destroyed. Each keeps the counters
// (wounds, leaders and defense cards in hand, hostiles in the reserve) in step with the zones;
// conservation.ts checks that they are.
import { shuffleInPlace } from '../../core/rng.js';
import { OUTCOME_EMPTY_WOUND_DECK, OUTCOME_NAMES, OUTCOME_NONE, OUTCOME_THREE_WOUNDS, OUTCOME_WIN } from './darkfateRules.js';
import { EngineState, HAND_DEFENSE, HAND_LEADER, HAND_WOUND } from './engineState.js';
import { KW } from './ops.js';
import { REV9_DESTROYED, REV9_FATE, REV9_HUNT, REV9_OUT } from './policy.js';

export class EngineZones extends EngineState {
  // The fate ring buffer: public, so the fixtures can build a fate deck.
  fatePopTop(): number {
    if (this.fateN === 0) return -1;
    const c = this.fate[this.fateHead];
    this.fateHead = (this.fateHead + 1) & this.fateMask;
    this.fateN--;
    this.topOffset--;
    return c;
  }
  /** Puts c on top, face down and unseen (the set-up and flee batches). */
  fatePushTop(c: number): void {
    this.fateHead = (this.fateHead - 1) & this.fateMask;
    this.fate[this.fateHead] = c;
    this.fateKnown[this.fateHead] = 0;
    this.fateN++;
    this.topOffset++;
  }
  /** Puts c at the bottom; `known`: the players saw it go there (every rule that does so shows the card). */
  fatePushBottom(c: number, known = 1): void {
    const at = (this.fateHead + this.fateN) & this.fateMask;
    this.fate[at] = c;
    this.fateKnown[at] = known;
    this.fateN++;
  }
  protected addToHand(p: number, inst: number): void {
    const at = p * this.S + this.handN[p]++;
    this.hand[at] = inst;
    this.handType[at] = this.instType[inst];
    const bits = this.handBits[inst];
    // Most cards carry no counted property: one test skips all three counters.
    if (bits === 0) return;
    if (bits & HAND_LEADER) this.handLeaders[p]++;
    if (bits & HAND_DEFENSE) this.handDefense[p]++;
    if (bits & HAND_WOUND) {
      this.handWounds[p]++;
      // rulebook: Glossary, Die — three wound cards in your hand at any time and you die.
      if (this.handWounds[p] >= this.rules.woundsToDie) this.die(p, OUTCOME_THREE_WOUNDS);
    }
  }
  protected removeFromHand(p: number, i: number): number {
    const base = p * this.S;
    const inst = this.hand[base + i];
    const n = --this.handN[p];
    const hand = this.hand;
    const handType = this.handType;
    for (let j = base + i, end = base + n; j < end; j++) {
      hand[j] = hand[j + 1];
      handType[j] = handType[j + 1];
    }
    const bits = this.handBits[inst];
    if (bits !== 0) {
      if (bits & HAND_WOUND) this.handWounds[p]--;
      if (bits & HAND_LEADER) this.handLeaders[p]--;
      if (bits & HAND_DEFENSE) this.handDefense[p]--;
    }
    return inst;
  }
  protected toDiscard(p: number, inst: number): void {
    this.discard[p * this.S + this.discardN[p]++] = inst;
  }
  protected destroy(inst: number): void {
    this.destroyed[this.destroyedN++] = inst;
  }
  protected addReserve(inst: number): void {
    this.reserveDmg[this.reserveN] = 0;
    this.reserveType[this.reserveN] = this.instType[inst];
    this.reserve[this.reserveN++] = inst;
    if (this.instKw[inst] & KW.HOSTILE) this.reserveHostiles++;
  }
  protected removeReserve(j: number): number {
    const inst = this.reserve[j];
    if (this.instKw[inst] & KW.HOSTILE) this.reserveHostiles--;
    const n = --this.reserveN;
    const reserve = this.reserve;
    const reserveType = this.reserveType;
    const reserveDmg = this.reserveDmg;
    for (let i = j; i < n; i++) {
      reserve[i] = reserve[i + 1];
      reserveType[i] = reserveType[i + 1];
      reserveDmg[i] = reserveDmg[i + 1];
    }
    return inst;
  }
  /** Draws one card into p's hand; false when draw deck and discard pile are both empty. `traced`: name it in the trace (before a death it causes). */
  drawOne(p: number, traced = false): boolean {
    if (this.drawN[p] === 0 && this.reshuffle(p) === 0) return false;
    const inst = this.drawPile[p * this.S + --this.drawN[p]];
    this.drawVer[p]++;
    if (traced) this.trace?.(`    p${p + 1} draws ${this.name(inst)}`);
    this.addToHand(p, inst);
    return true;
  }
  /** rulebook: End of Play Phase — an empty draw deck: shuffle your discard to form a new one. Returns its size (0: no discard). */
  protected reshuffle(p: number): number {
    const base = p * this.S;
    const n = this.discardN[p];
    if (n === 0) return 0;
    const drawPile = this.drawPile;
    const discard = this.discard;
    for (let i = base, end = base + n; i < end; i++) drawPile[i] = discard[i];
    this.discardN[p] = 0;
    this.drawN[p] = n;
    this.drawVer[p]++;
    shuffleInPlace(this.rng, drawPile, base, base + n);
    this.trace?.(`    p${p + 1} shuffles ${n} discarded cards into a new draw deck`);
    return n;
  }
  /** An outcome in words; deaths by wounds in hand name the woundsToDie rule in force ("three" by the rulebook). */
  outcomeName(outcome: number): string {
    const n = this.rules.woundsToDie;
    return outcome === OUTCOME_THREE_WOUNDS && n !== 3 ? `${n} wound${n === 1 ? '' : 's'} in hand` : OUTCOME_NAMES[outcome];
  }
  /** Player `p` dies (cause: OUTCOME_THREE_WOUNDS or OUTCOME_EMPTY_WOUND_DECK). */
  protected die(p: number, cause: number): void {
    if (this.dead[p]) return;
    this.statSeatDied[p] = 1;
    this.trace?.(`    p${p + 1} DIES (${this.outcomeName(cause)})`);
    if (this.setup.goOnWithoutMe) {
      // rulebook: Go On Without Me! — the game is lost only when all players have died.
      this.dead[p] = 1;
      if (--this.aliveN === 0) this.outcome = cause;
    } else {
      // rulebook: Objective — if one player dies, you all lose.
      this.outcome = cause;
    }
  }
  /** rulebook: Glossary, Wound — a wound goes into the discard pile; none left → that player dies. */
  wound(p: number): void {
    if (this.outcome !== OUTCOME_NONE) return;
    // rulebook: Go On Without Me! — wounds gained while dead go to the player to the left.
    if (this.setup.goOnWithoutMe) for (let i = 0; i < this.players && this.dead[p]; i++) p = (p + 1) % this.players;
    if (this.woundN === 0) {
      this.die(p, OUTCOME_EMPTY_WOUND_DECK);
      return;
    }
    const w = this.woundPile[--this.woundN];
    this.toDiscard(p, w);
    this.ownIn(p, w);
    this.woundsTaken++;
    this.statSeatWounds[p]++;
    this.trace?.(`    p${p + 1} is wounded (${this.woundN} wounds left in the wound deck)`);
  }
  protected anyOnHunt(): boolean {
    for (let k = 0; k < this.rev9N; k++) if (this.r9Where[k] === REV9_HUNT) return true;
    return false;
  }
  protected goOnHunt(inst: number, duringHunt: boolean): void {
    const k = inst - this.rev9Base;
    this.r9Where[k] = REV9_HUNT;
    // rulebook: Multiple Rev-9s — one drawn during the hunt phase joins but does not hunt this turn
    // (huntPhase fixes its hunters when it starts).
    this.trace?.(`    ${this.name(inst)} is revealed: it is on the hunt${duringHunt ? ' (it does not hunt this turn)' : ''}`);
  }
  /** Draws the top fate card into the reserve; a Rev-9 goes on the hunt instead. Returns the card or -1. */
  protected fateToReserve(duringHunt: boolean): number {
    const c = this.fatePopTop();
    if (c < 0) return -1;
    // rulebook: Reserve Phase — the Rev-9 is never placed into the reserve.
    if (this.isRev9(c)) this.goOnHunt(c, duringHunt);
    else this.addReserve(c);
    return c;
  }
  protected destroyRev9(k: number): void {
    const v = this.cards.rev9[this.r9Version[k]];
    this.rev9Destroyed++;
    this.r9Where[k] = REV9_DESTROYED;
    this.r9Dmg[k] = 0;
    this.trace?.(`    Rev-9 ${v.name} is DESTROYED`);
    if (v.splitsInto.length > 0) {
      // Public fact (reviewer) + rulebook Set-Up: the Fully Operational Rev-9 splits into the
      // Endoskeleton and the Liquid Exoskeleton, which join the hunt (assumption: undamaged, at once).
      for (let s = 0; s < this.rev9N; s++) {
        if (this.r9Where[s] === REV9_OUT) {
          this.r9Where[s] = REV9_HUNT;
          this.r9Dmg[s] = 0;
          this.trace?.(`    it splits: Rev-9 ${this.cards.rev9[this.r9Version[s]].name} joins the hunt`);
        }
      }
    }
    // rulebook: Multiple Rev-9s — you only win if there are no Rev-9s in the fate deck or on the hunt.
    for (let s = 0; s < this.rev9N; s++) if (this.r9Where[s] === REV9_FATE || this.r9Where[s] === REV9_HUNT) return;
    this.outcome = OUTCOME_WIN;
  }

}
