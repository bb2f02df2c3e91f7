// Dark Fate engine, layer 6 of 7: the hunt phase. The choice to flee (which damaged Rev-9s), each
// Rev-9's hunt in the chosen order (reserve hostiles first, then fate cards), a hostile's
// activation with the defense cards it allows.
import { shuffleInPlace } from '../../core/rng.js';
import { OUTCOME_NONE } from './darkfateRules.js';
import { KW, SECTIONS, SEC_ACTIVATE, SEC_DEFENSE } from './ops.js';
import { DECISION, REV9_FATE, REV9_HUNT } from './policy.js';
import { RESOLVE_ACTIVATE, RESOLVE_OTHER, RESUME_FLEE, RESUME_FLEE_WHICH } from './engineState.js';
import { EngineReservePhase } from './reservePhase.js';

export class EngineHuntPhase extends EngineReservePhase {
  // =============================== hunt phase ===============================
  /** rulebook: 3: Hunt Phase. */
  huntPhase(p: number): void {
    const c = this.cards;
    let hunters = 0;
    let damaged = false;
    let forced = false;
    for (let k = 0; k < this.rev9N; k++) {
      this.r9Hunting[k] = 0;
      if (this.r9Where[k] !== REV9_HUNT) continue;
      this.r9Hunting[k] = 1;
      hunters++;
      if (this.r9Dmg[k] > 0) damaged = true;
      const f = c.rev9[this.r9Version[k]].forcedFleeAt;
      // Public fact (reviewer, Damaged Endo): "the fight is cancelled if it starts with 5 damage":
      // read as a forced flee when it is on the hunt with at least forcedFleeAt damage but is not
      // staggered (assumption: one big hit staggers it for good; see scenarios/darkfate/README.md).
      if (f > 0 && this.r9Dmg[k] >= f && this.r9Dmg[k] < c.rev9[this.r9Version[k]].stagger) forced = true;
    }
    // If the Rev-9 is not on the hunt, skip this phase.
    if (hunters === 0) return;
    this.huntLeft = hunters;
    if (damaged) {
      // rulebook: Hunt Phase — if the Rev-9 is damaged the current player may choose to flee.
      let flee = forced;
      if (!flee) {
        this.opts[0] = 0;
        this.opts[1] = 1;
        flee = this.askAt(RESUME_FLEE, DECISION.FLEE, 2, false, p) === 1;
      }
      // rulebook: Flee; Multiple Rev-9s in Play — "End the hunt phase" (read literally when fleeEndsHunt).
      if (flee && this.fleeChosen(p, forced)) return;
    }
    this.huntLoop(p, hunters);
  }

  /**
   * The players flee: which damaged Rev-9s (FLEE_WHICH), then the flee. True when the flee ends the
   * hunt phase (fleeEndsHunt).
   */
  protected fleeChosen(p: number, forced: boolean): boolean {
    // rulebook: Multiple Rev-9s in Play — "you may flee multiple Rev-9s" and "they hunt separately":
    // the player picks which damaged ones flee; an undamaged Rev-9 cannot flee, so it still hunts
    // (Hunt Phase: "If they are unwilling or unable to flee, the Rev-9 hunts").
    let mask = 0;
    let m = 0;
    for (let k = 0; k < this.rev9N; k++) {
      if (this.r9Where[k] === REV9_HUNT && this.r9Dmg[k] > 0) {
        mask |= 1 << k;
        m++;
      }
    }
    // A forced flee (the Damaged Endo's) takes every damaged Rev-9, as before the choice existed.
    if (!forced && m > 1) mask = this.opts[this.askAt(RESUME_FLEE_WHICH, DECISION.FLEE_WHICH, this.fleeChoices(mask), false, p)];
    return this.fleeEnds(forced, mask);
  }

  /** The flee of the Rev-9s in `mask`; true when it ends the hunt phase. */
  protected fleeEnds(forced: boolean, mask: number): boolean {
    this.flee(forced, mask);
    return this.rules.fleeEndsHunt;
  }

  /** rulebook: Multiple Rev-9s — they hunt separately, in the order the current player chooses: `left` hunts still to come. */
  protected huntLoop(p: number, left: number): void {
    for (; left > 0 && this.outcome === OUTCOME_NONE; left--) {
      let n = 0;
      for (let k = 0; k < this.rev9N; k++) if (this.r9Hunting[k] && this.r9Where[k] === REV9_HUNT) this.opts[n++] = k;
      if (n === 0) break;
      const k = this.opts[n === 1 ? 0 : this.ask(DECISION.HUNT_ORDER, n, false, p)];
      this.r9Hunting[k] = 0;
      this.huntLeft = left;
      this.hunt(k);
    }
  }

  /** FLEE_WHICH's options: every non-empty subset of `damaged` (a bitmask over Rev-9 indices), all of them first. */
  protected fleeChoices(damaged: number): number {
    let n = 0;
    this.opts[n++] = damaged;
    for (let s = 1; s < damaged; s++) if ((s & damaged) === s) this.opts[n++] = s;
    return n;
  }

  /**
   * rulebook: Flee — remove all damage, draw that many fate cards, shuffle the Rev-9(s) in, put them
   * on top. `mask` (bit k: Rev-9 k) picks which damaged Rev-9s on the hunt flee; default all.
   */
  flee(forced: boolean, mask = -1): void {
    let m = 0;
    let damage = 0;
    for (let k = 0; k < this.rev9N; k++) {
      if (this.r9Where[k] !== REV9_HUNT || this.r9Dmg[k] === 0 || !(mask & (1 << k))) continue;
      damage += this.r9Dmg[k];
      this.r9Dmg[k] = 0;
      this.r9Where[k] = REV9_FATE;
      // A fled Rev-9 drawn again during this hunt joins the hunt but does not hunt this turn.
      this.r9Hunting[k] = 0;
      this.tmp[m++] = this.rev9Base + k;
    }
    this.flees++;
    if (this.trace) {
      // With several Rev-9s in the game, name the ones that fled (a choice of the players).
      const which = this.rev9N > 1 ? ` (fled: ${Array.from(this.tmp.subarray(0, m), (inst) => this.name(inst)).join(', ')})` : '';
      this.trace(`  ${forced ? 'the Rev-9 flees by itself' : 'the players flee'}: ${damage} damage removed, the Rev-9 is shuffled into the top ${Math.min(damage, this.fateN) + m} cards${which}`);
    }
    let fledMask = 0;
    for (let i = 0; i < m; i++) fledMask |= 1 << (this.tmp[i] - this.rev9Base);
    for (let i = 0; i < damage && this.fateN > 0; i++) this.tmp[m++] = this.fatePopTop();
    shuffleInPlace(this.rng, this.tmp, 0, m);
    for (let i = m - 1; i >= 0; i--) this.fatePushTop(this.tmp[i]);
    // The players know each fled Rev-9 is among these m cards (rev9Window); a Rev-9 already in the
    // fate deck may have been among the cards drawn (face down) and shuffled in, so its window grows to m.
    for (let k = 0; k < this.rev9N; k++) {
      if (fledMask & (1 << k)) this.r9WinBase[k] = m - this.topOffset;
      else if (this.r9Where[k] === REV9_FATE && this.r9WinBase[k] + this.topOffset < m) this.r9WinBase[k] = m - this.topOffset;
    }
  }

  /** rulebook: Hunt — activate reserve hostiles up to the hunt value, then draw the rest from the fate deck. */
  hunt(k: number): void {
    const h = this.rev9HuntValue(k);
    this.trace?.(`  Rev-9 ${this.cards.rev9[this.r9Version[k]].name} hunts (hunt value ${h})`);
    this.inHunt = true;
    this.huntFrom(k, h, 0);
  }

  /** Rev-9 k's hunt with hunt value h left, from the reserve's hostiles (stage 0) or already from the fate deck (stage 1). */
  protected huntFrom(k: number, h: number, stage: number): void {
    const kw = this.cards.kw;
    const reserveType = this.reserveType;
    const opts = this.opts;
    while (stage === 0 && h > 0 && this.outcome === OUTCOME_NONE && this.reserveHostiles > 0) {
      let n = 0;
      // Stop once every hostile is listed (the counter says how many there are).
      for (let j = 0, left = this.reserveHostiles, rn = this.reserveN; j < rn && n < left; j++) if (kw[reserveType[j]] & KW.HOSTILE) opts[n++] = j;
      if (n === 0) break;
      // rulebook: Hunt — in any order of your choosing.
      const j = this.opts[n === 1 ? 0 : this.ask(DECISION.HOSTILE_ORDER, n, false, this.current)];
      this.trace?.(`    reserve card ${j + 1}, ${this.name(this.reserve[j])}${this.reserveDmg[j] ? ` [${this.reserveDmg[j]} dmg]` : ''}, leaves the reserve to activate`);
      const inst = this.removeReserve(j);
      h--;
      this.huntAt(k, h, 0);
      this.activate(inst);
    }
    // If there are no hostile cards remaining in the reserve, draw from the fate deck for the rest.
    // (Assumption: the hunt never goes back to the reserve: a hostile a drawn card adds there waits.)
    while (h > 0 && this.outcome === OUTCOME_NONE) {
      const inst = this.fatePopTop();
      if (inst < 0) break;
      h--;
      if (this.isRev9(inst)) {
        this.goOnHunt(inst, true);
        continue;
      }
      const kw = this.instKw[inst];
      if (kw & KW.HOSTILE) {
        this.trace?.(`    drawn: ${this.name(inst)} (hostile)`);
        this.huntAt(k, h, 1);
        this.activate(inst);
      }
      else if (kw & KW.LOCATION) {
        this.fatePushBottom(inst);
        this.trace?.(`    drawn: ${this.name(inst)} (location) goes to the bottom`);
      } else {
        this.destroy(inst);
        this.statHuntDestroyed[this.instType[inst]]++;
        this.trace?.(`    drawn: ${this.name(inst)} is destroyed`);
      }
    }
    this.inHunt = false;
  }

  /** Keeps where the hunt is while a hostile activates (a discard its text asks can be resumed). */
  private huntAt(k: number, h: number, stage: number): void {
    this.huntK = k;
    this.huntH = h;
    this.huntStage = stage;
  }

  /** rulebook: Glossary, Activate — resolve the hostile's text, then put it at the bottom of the fate deck. */
  protected activate(inst: number): void {
    const c = this.cards;
    const t = this.instType[inst];
    this.limbo = inst;
    this.trace?.(`    activates ${c.names[t]}`);
    let defended = false;
    if (c.kw[t] & KW.ATTACK) {
      // rulebook: Glossary, Defense — after an attack activates, any player may play a defense card
      // from hand to ignore it, even off-turn (asked from the current player leftwards).
      for (let i = 0; i < this.players && !defended; i++) {
        // (current + i) mod players, without a division.
        const q = this.current + i < this.players ? this.current + i : this.current + i - this.players;
        if (this.dead[q] || this.handDefense[q] === 0) continue;
        let n = 0;
        for (let s = 0; s < this.handN[q]; s++) if (c.kw[this.handType[q * this.S + s]] & KW.DEFENSE) this.opts[n++] = s;
        if (n === 0) continue;
        const pick = this.ask(DECISION.DEFENSE, n, true, q);
        if (pick < 0) continue;
        const card = this.removeFromHand(q, this.opts[pick]);
        const dt = this.instType[card];
        this.trace?.(`    p${q + 1} plays ${c.names[dt]} as defense: the attack is ignored`);
        // Only the defense text activates; the card is then discarded (assumption: to its owner's discard pile).
        this.resolve(c.sec[dt * SECTIONS + SEC_DEFENSE], c.sec[dt * SECTIONS + SEC_DEFENSE + 1], q, RESOLVE_OTHER);
        this.toDiscard(q, card);
        defended = true;
      }
    }
    if (!defended) this.resolve(c.sec[t * SECTIONS + SEC_ACTIVATE], c.sec[t * SECTIONS + SEC_ACTIVATE + 1], this.current, RESOLVE_ACTIVATE);
    this.activated();
  }

  /** The end of an activation: the hostile (limbo) goes to the bottom of the fate deck. */
  protected activated(): void {
    const inst = this.limbo;
    this.limbo = -1;
    this.fatePushBottom(inst);
  }

}
