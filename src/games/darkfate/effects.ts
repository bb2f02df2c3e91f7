// Dark Fate engine, layer 3 of 7: the effect interpreter. A card's text is compiled (cardData.ts)
// into (op, arg) pairs per section (play, activate, defense, each turn); resolve runs a section's
// ops for one player, asking the policy where the text leaves a choice (which card to discard or
// destroy, which card to gain and for whom, which staggered Rev-9 to destroy).
import { OUTCOME_NONE } from './darkfateRules.js';
import { KW, OP } from './ops.js';
import { DECISION, REV9_HUNT } from './policy.js';
import { RESOLVE_ACTIVATE, RESOLVE_PLAY, RESUME_HUNT_DISCARD, RESUME_NONE, RESUME_PLAY_DISCARD, RESUME_PLAY_GAIN_RECIPIENT } from './engineState.js';
import { EngineZones } from './zones.js';

export class EngineEffects extends EngineZones {
  /**
   * Resolves ops [from, to) for the current player (or `who` for defense text); `ctx` (RESOLVE_*)
   * says what the text belongs to (a discard or free gain asked inside it can be resumed when it
   * is a played card's or an activated hostile's).
   */
  protected resolve(from: number, to: number, who: number, ctx: number): void {
    // Small enough to inline: most sections are empty (starters, plain cards), so skip the call.
    if (from < to) {
      this.resolveIn = ctx;
      // A text that is one fight op (most character powers, every turn): resolveOps' first step inline.
      if (to - from === 1 && this.cards.ops[from] === OP.FIGHT && this.outcome === OUTCOME_NONE) this.fight += this.cards.args[from];
      else this.resolveOps(from, to, who, this.dead[who]);
    }
  }
  /** Resolves ops [from, to) for `who`, who was dead (1) or alive (0) when the text began. */
  protected resolveOps(from: number, to: number, who: number, wasDead: number): void {
    const c = this.cards;
    // Go On Without Me!: the rest of a text stops when the player resolving it dies (a hostile's text
    // resolved on a dead current player's turn goes on: its wounds pass to the left).
    for (let i = from; i < to && this.outcome === OUTCOME_NONE && this.dead[who] === wasDead; i++) {
      const arg = c.args[i];
      switch (c.ops[i]) {
        case OP.FIGHT:
          this.fight += arg;
          break;
        case OP.SUPPLY:
          this.supply += arg;
          break;
        case OP.LOCATION_SUPPLY:
          // rulebook: card anatomy (Wheels) — this supply can only be spent on locations.
          this.locationSupply += arg;
          break;
        case OP.DRAW:
          for (let d = 0; d < arg && this.outcome === OUTCOME_NONE && this.dead[who] === wasDead; d++) this.drawOne(who, true);
          // An action names a hand slot in 8 bits (policy.ts): refuse a hand no action could name.
          if (this.handN[who] > 256) throw new Error(`player ${who + 1} holds ${this.handN[who]} cards; at most 256 are supported (an action names a hand slot in 8 bits)`);
          break;
        case OP.DISCARD:
          // rulebook: Playing Cards — the text is a cost; playability was checked before playing.
          this.textAt(i, to, who, wasDead);
          this.discardFromHand(who, 0, arg, DECISION.DISCARD_COST);
          break;
        case OP.DISCARD_FORCED:
          this.textAt(i, to, who, wasDead);
          this.discardFromHand(who, 0, arg, DECISION.DISCARD_FORCED);
          break;
        case OP.DESTROY_FROM_HAND:
          for (let d = 0; d < arg && this.handN[who] > 0; d++) {
            const j = this.askHandSlot(DECISION.DESTROY_FROM_HAND, who, true);
            if (j < 0) break;
            const inst = this.removeFromHand(who, j);
            this.ownOut(who, inst);
            this.destroy(inst);
            this.trace?.(`    p${who + 1} destroys ${this.name(inst)}`);
          }
          break;
        case OP.HEAL:
          for (let d = 0; d < arg; d++) if (!this.healOne(who)) break;
          break;
        case OP.GAIN_FREE:
          this.textAt(i, to, who, wasDead);
          this.gainFree(who, arg);
          break;
        case OP.FATE_TO_RESERVE:
          // rulebook: Specific Beats General (the gamble card) — draw from the fate deck into the reserve.
          for (let d = 0; d < arg; d++) {
            if (this.trace && this.fateN > 0 && this.isRev9(this.fateAt(0))) this.trace(`    the card's text draws the top fate card:`);
            const inst = this.fateToReserve(this.inHunt);
            if (inst >= 0 && !this.isRev9(inst)) this.trace?.(`    ${this.name(inst)} is added to the reserve`);
          }
          break;
        case OP.DESTROY_REV9:
        case OP.DESTROY_REV9_SPECIAL: {
          // rulebook: Glossary, Stagger — "if the Rev-9 is staggered, destroy it" ("the Rev-9" reads "a Rev-9").
          let n = 0;
          for (let k = 0; k < this.rev9N; k++) {
            const v = c.rev9[this.r9Version[k]];
            if (this.r9Where[k] === REV9_HUNT && this.r9Dmg[k] >= v.stagger && (c.ops[i] === OP.DESTROY_REV9_SPECIAL || !v.specialOnly)) this.opts[n++] = k;
          }
          if (n > 0) {
            this.destroyRev9(this.opts[n === 1 ? 0 : this.ask(DECISION.DESTROY_REV9, n, false, who)]);
            // Designer statistics: the card whose text destroyed it (a played card, or a bought location).
            const by = this.playing >= 0 ? this.playing : this.limbo;
            if (by >= 0) this.statFinished[this.instType[by]]++;
          }
          break;
        }
        case OP.WOUND_CURRENT:
          for (let d = 0; d < arg; d++) this.wound(this.current);
          break;
        case OP.WOUND_EACH:
          // rulebook: Go On Without Me! — a dead player's wound is gained by the player to the left (wound() passes it on).
          for (let d = 0; d < arg; d++) for (let q = 0; q < this.players; q++) this.wound(q);
          break;
        case OP.REV9_HEAL:
          for (let k = 0; k < this.rev9N; k++) {
            if (this.r9Where[k] !== REV9_HUNT || this.r9Dmg[k] === 0) continue;
            this.r9Dmg[k] = Math.max(0, this.r9Dmg[k] - arg);
            this.trace?.(`    Rev-9 ${c.rev9[this.r9Version[k]].name} heals ${arg} (now ${this.r9Dmg[k]} damage)`);
          }
          break;
        default:
          // DESTROY_SELF is applied where the card is played; DEFEND is the defense marker.
          break;
      }
    }
  }

  /** Keeps where the text being resolved is (op i of [.., to), for `who`), for a resume inside the op. */
  private textAt(i: number, to: number, who: number, wasDead: number): void {
    this.rsOp = i;
    this.rsTo = to;
    this.rsWho = who;
    this.rsWasDead = wasDead;
  }

  protected askHandSlot(decision: number, p: number, allowNone: boolean): number {
    const n = this.handN[p];
    for (let i = 0; i < n; i++) this.opts[i] = i;
    return this.ask(decision, n, allowNone, p);
  }

  /** Destroys a wound from p's hand, else from p's discard pile. */
  protected healOne(p: number): boolean {
    const w = this.cards.woundType;
    for (let i = 0; i < this.handN[p]; i++) {
      if (this.handType[p * this.S + i] === w) {
        const inst = this.removeFromHand(p, i);
        this.ownOut(p, inst);
        this.destroy(inst);
        this.trace?.(`    p${p + 1} heals a wound from hand`);
        return true;
      }
    }
    const base = p * this.S;
    for (let i = 0; i < this.discardN[p]; i++) {
      if (this.instType[this.discard[base + i]] === w) {
        this.ownOut(p, this.discard[base + i]);
        this.destroy(this.discard[base + i]);
        this.discard[base + i] = this.discard[base + --this.discardN[p]];
        this.trace?.(`    p${p + 1} heals a wound from the discard pile`);
        return true;
      }
    }
    return false;
  }

  /**
   * rulebook: Playing Cards — whose discard pile a gained card goes to (no question when one player
   * is alive). `ctx`: the RESUME_* the question can be resumed at (RESUME_NONE: it cannot).
   */
  protected askRecipient(p: number, ctx: number): number {
    if (this.aliveN === 1 && !this.dead[p]) return p;
    let m = 0;
    for (let q = 0; q < this.players; q++) if (!this.dead[q]) this.opts[m++] = q;
    return this.opts[m === 1 ? 0 : this.askAt(ctx, DECISION.GAIN_RECIPIENT, m, false, p)];
  }

  protected gainFree(p: number, maxCost: number): void {
    let n = 0;
    for (let j = 0; j < this.reserveN; j++) {
      const t = this.reserveType[j];
      if (this.cards.cost[t] >= 0 && this.cards.cost[t] <= maxCost && !(this.cards.kw[t] & KW.LOCATION)) this.opts[n++] = j;
    }
    if (n === 0) return;
    const pick = this.ask(DECISION.GAIN_FREE, n, true, p);
    if (pick < 0) return;
    const inst = this.removeReserve(this.opts[pick]);
    this.pending = inst;
    this.gainFreeTo(p, this.askRecipient(p, this.resolveIn === RESOLVE_PLAY ? RESUME_PLAY_GAIN_RECIPIENT : RESUME_NONE));
  }

  /** The end of a free gain: the pending card goes to r's discard pile. */
  protected gainFreeTo(p: number, r: number): void {
    const inst = this.pending;
    this.pending = -1;
    this.toDiscard(r, inst);
    this.ownIn(r, inst);
    this.statGained[this.instType[inst]]++;
    this.statSeatGained[r]++;
    this.trace?.(`    p${p + 1} gains ${this.name(inst)} free for p${r + 1}`);
  }

  /**
   * Player `who` discards cards d..count-1 of `count` (fewer when the hand runs out), each of their
   * choice (`decision` says why). Inside a played card's or an activated hostile's text each
   * question can be resumed (the text's place is in the rs* fields: resolveOps).
   */
  protected discardFromHand(who: number, d: number, count: number, decision: number): void {
    const ctx = this.resolveIn === RESOLVE_PLAY ? RESUME_PLAY_DISCARD : this.resolveIn === RESOLVE_ACTIVATE ? RESUME_HUNT_DISCARD : RESUME_NONE;
    for (; d < count && this.handN[who] > 0; d++) {
      const n = this.handN[who];
      for (let i = 0; i < n; i++) this.opts[i] = i;
      this.rsD = d;
      this.rsCount = count;
      this.rsDecision = decision;
      this.discardSlot(who, this.askAt(ctx, decision, n, false, who));
    }
  }

  /** Player `who` discards hand slot `slot`. */
  protected discardSlot(who: number, slot: number): void {
    const inst = this.removeFromHand(who, slot);
    this.toDiscard(who, inst);
    this.trace?.(`    p${who + 1} discards ${this.name(inst)}`);
  }

}
