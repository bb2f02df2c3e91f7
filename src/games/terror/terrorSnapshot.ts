// Snapshot and restore of a TerrorGame's mutable state (issue 15: the search policy plays a
// decision's options out from the same state, then puts the game back). Every field a rule
// mutates is here; the static tables (board, data, effect lists) are shared and never written.
// Preallocated: save and restore copy into and out of arrays made once, so a search allocates
// nothing per rollout.
import type { TerrorGame } from './terrorGame.js';

/** One saved state of a game (its shape fixed by the game it was made for). */
export class TerrorSnapshot {
  private readonly ints = new Float64Array(SCALARS.length);
  private readonly hand: Int8Array;
  private readonly supply: Int8Array;
  private readonly vState: Uint8Array;
  private readonly vSpace: Int16Array;
  private readonly deathPic: Int8Array;
  private readonly deathFaceUp: Uint8Array;
  private readonly deathOn: Int8Array;
  private readonly deathDone: Uint8Array;
  private readonly consCard: Int8Array;
  private readonly punCard: Int8Array;
  private readonly consFaceUp: Uint8Array;
  private readonly punFaceUp: Uint8Array;
  private readonly consVictim: Int8Array;
  private readonly consOutcome: Int8Array;
  private readonly deck: Int16Array;

  constructor(g: TerrorGame) {
    this.hand = new Int8Array(g.hand_.length);
    this.supply = new Int8Array(g.supply_.length);
    this.vState = new Uint8Array(g.vState.length);
    this.vSpace = new Int16Array(g.vSpace.length);
    this.deathPic = new Int8Array(g.fc);
    this.deathFaceUp = new Uint8Array(g.fc);
    this.deathOn = new Int8Array(g.fc);
    this.deathDone = new Uint8Array(g.fc);
    this.consCard = new Int8Array(g.fc);
    this.punCard = new Int8Array(g.fc);
    this.consFaceUp = new Uint8Array(g.fc);
    this.punFaceUp = new Uint8Array(g.fc);
    this.consVictim = new Int8Array(g.fc);
    this.consOutcome = new Int8Array(g.fc);
    this.deck = new Int16Array(g.deck.length);
  }

  /** Copies g's mutable state into this snapshot. Mutates only the snapshot. */
  save(g: TerrorGame): void {
    const s = g as unknown as Record<string, number | boolean>;
    for (let i = 0; i < SCALARS.length; i++) this.ints[i] = +s[SCALARS[i]];
    this.hand.set(g.hand_);
    this.supply.set(g.supply_);
    this.vState.set(g.vState);
    this.vSpace.set(g.vSpace);
    this.deathPic.set(g.deathPic);
    this.deathFaceUp.set(g.deathFaceUp);
    this.deathOn.set(g.deathOn);
    this.deathDone.set(g.deathDone);
    this.consCard.set(g.consCard);
    this.punCard.set(g.punCard);
    this.consFaceUp.set(g.consFaceUp);
    this.punFaceUp.set(g.punFaceUp);
    this.consVictim.set(g.consVictim);
    this.consOutcome.set(g.consOutcome);
    this.deck.set(g.deck);
  }

  /** Puts the saved state back into g (the policy, rng and trace fields are the caller's). Mutates g. */
  restore(g: TerrorGame): void {
    const s = g as unknown as Record<string, number | boolean>;
    for (let i = 0; i < SCALARS.length; i++) s[SCALARS[i]] = BOOLEAN[i] ? this.ints[i] === 1 : this.ints[i];
    g.hand_.set(this.hand);
    g.supply_.set(this.supply);
    g.vState.set(this.vState);
    g.vSpace.set(this.vSpace);
    g.deathPic.set(this.deathPic);
    g.deathFaceUp.set(this.deathFaceUp);
    g.deathOn.set(this.deathOn);
    g.deathDone.set(this.deathDone);
    g.consCard.set(this.consCard);
    g.punCard.set(this.punCard);
    g.consFaceUp.set(this.consFaceUp);
    g.punFaceUp.set(this.punFaceUp);
    g.consVictim.set(this.consVictim);
    g.consOutcome.set(this.consOutcome);
    g.deck.set(this.deck);
  }
}

/** The game's mutable scalar fields (numbers and booleans). A test checks that none is missing. */
export const SNAPSHOT_SCALARS = [
  'deathOrderCard', 'fgSpace_', 'health_', 'maxHealth_', 'horror_', 'time_', 'items_', 'bloodlust_', 'finalToken',
  'finalFlipped', 'dead', 'phaseEnded', 'pendingRewards', 'savedCount', 'outcome', 'turn', 'noFatedLatch', 'escortDest',
  'nVictims', 'limboEver', 'normalKilled', 'outOfOrder', 'arrow_', 'consequencesResolved', 'destinyHealth', 'deckPos',
  'topRevealed', 'terrorConsumed', 'turnLimit',
] as const;
const SCALARS: readonly string[] = SNAPSHOT_SCALARS;
const BOOLEAN_FIELDS = new Set(['finalFlipped', 'dead', 'phaseEnded', 'noFatedLatch', 'topRevealed']);
const BOOLEAN = SCALARS.map((k) => BOOLEAN_FIELDS.has(k));
