// Final Girl: Terror from Destiny — the vignette's rules (exact) inside a documented model of the
// Final Girl core turn. Rules source: ../shared/rules/final-girl-terror-from-destiny.txt; core
// turn: ../shared/rules/public-facts.md (Final Girl section); everything else is labelled data in
// scenarios/terror/ (see its README.md).
//
// Parameters: see terrorParams.ts (horrorStart, timePerTurn, timeExtreme, handLimit, terrorDealt,
// terrorPerPhase, terrorPerPhaseNoFated, bloodlustStart, successFrom, partialFrom, partialCost,
// finalHealth).
//
// This file holds the state: one TerrorGame keeps everything in preallocated typed arrays with
// integer ids, and is what a built-in policy sees (TerrorView). The rules live beside it, one
// concern a file, as functions of the game: terrorSetup.ts (Special Setup), playTerrorGame.ts
// (the turn: Planning, Killer), actionPhase.ts, resolveTerror.ts (terror cards, Destiny symbols,
// effects, bloodlust), resolveFatedDeath.ts (Fated Victims, Fated Death), loseHealth.ts (health,
// Final Health, horror), destinyPhase.ts; terrorTrace.ts formats the trace. reset() starts a game
// and play() runs it to the end; nothing in play() allocates unless tracing is on.
import type { Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { terrorBoard } from './terrorBoard.js';
import { CARD_ESCORT, type Effect, type TerrorData } from './terrorTables.js';
import { OUTCOME_RUNNING, V_BOARD, V_CONSEQUENCE, V_FG_CARD, V_SAVED } from './terrorDecision.js';
import type { TerrorSimParams } from './terrorParams.js';
import { MAX_TURNS, playTerrorGame } from './playTerrorGame.js';
import { terrorSetup } from './terrorSetup.js';
import type { TerrorView } from './terrorView.js';

/** Victims at most (the data loader refuses more): ids fit a 16-bit CARRY mask. */
export const MAX_VICTIMS = 16;

/** Effects as flat integer lists: [kind, amount, kind, amount, …]. */
function flatEffects(list: Effect[]): Int32Array {
  const out = new Int32Array(list.length * 2);
  list.forEach((e, i) => {
    out[2 * i] = e.kind;
    out[2 * i + 1] = e.amount;
  });
  return out;
}

/** Subsets of at most `k` of `n` things: the size of the CARRY options. */
function subsetsUpTo(n: number, k: number): number {
  let total = 0;
  let c = 1;
  for (let j = 0; j <= Math.min(n, k); j++) {
    total += c;
    c = (c * (n - j)) / (j + 1);
  }
  return total;
}

export class TerrorGame implements TerrorView {
  readonly data: TerrorData;
  readonly p: TerrorSimParams;
  policy: Policy<TerrorView>;
  rng!: Rng;
  /** Turn-by-turn log when non-null (trace mode only). */
  trace: string[] | null = null;

  // Static tables (built once).
  readonly nSpaces: number;
  /** Moving distances (parameter moveThroughExits): what moves, escorts and the view's distance() use. */
  readonly dist: Int16Array;
  /** Path distances: what "nearest" means for a killing effect (exits are spaces like any). */
  readonly pathDist: Int16Array;
  readonly adjStart: Int32Array;
  readonly adj: Int32Array;
  readonly exitSpace: Uint8Array;
  readonly searchSpace: Uint8Array;
  readonly exitDist: Int16Array;
  readonly fc: number;
  readonly nCards: number;
  readonly deckSize: number;
  readonly terrorEffects: Int32Array[];
  readonly destinyEffects: Int32Array[];
  readonly thresholdEffects: Int32Array[];

  // Board and Final Girl.
  deathOrderCard = 0;
  fgSpace_ = 0;
  health_ = 0;
  maxHealth_ = 0;
  horror_ = 0;
  time_ = 0;
  items_ = 0;
  bloodlust_ = 0;
  finalToken = 0;
  finalFlipped = false;
  /** assumption (parameter finalHealth): flip the Final Health token at 0 health (else at the next loss). */
  readonly flipAtZero: boolean;
  dead = false;
  /** Set when a Final Health revival ends the current phase (public fact). */
  phaseEnded = false;
  pendingRewards = 0;
  savedCount = 0;
  outcome = OUTCOME_RUNNING;
  turn = 0;
  /** Turns play while turn < turnLimit: MAX_TURNS (a safety net), or a search rollout's horizon. */
  turnLimit = MAX_TURNS;
  noFatedLatch = false;
  /** The destination of the escort being resolved (its CARRY decision), else -1. */
  escortDest = -1;
  readonly hand_: Int8Array;
  readonly supply_: Int8Array;
  /** Action cards of each type out of the game (played or discarded with rebuy false); hand + supply + spent is constant. */
  readonly spent_: Int8Array;

  // Victims: ids [0, fc) are the Fated Victims, then normal victims.
  nVictims = 0;
  readonly vState: Uint8Array;
  readonly vSpace: Int16Array;
  limboEver = 0;
  normalKilled = 0;
  /** Fated Victims whose token lay on a Death token picturing another (saved out of order: to Limbo). */
  outOfOrder = 0;

  // Death Order card: token positions in arrow order [0, fc).
  readonly deathPic: Int8Array;
  readonly deathFaceUp: Uint8Array;
  readonly deathOn: Int8Array;
  readonly deathDone: Uint8Array;
  arrow_ = 0;

  // Consequence row.
  readonly consCard: Int8Array;
  readonly punCard: Int8Array;
  readonly consFaceUp: Uint8Array;
  readonly punFaceUp: Uint8Array;
  readonly consVictim: Int8Array;
  /** Destiny phase, per row slot: -1 not resolved, 0 requirement unmet (Punishment paid), 1 met. */
  readonly consOutcome: Int8Array;
  consequencesResolved = 0;
  /** Health when the Destiny phase began, or -1 (she died in play, or the game is running). */
  destinyHealth = -1;

  // Terror deck: deck[0] is the top card.
  readonly deck: Int16Array;
  deckPos = 0;
  topRevealed = false;
  terrorConsumed = 0;

  // Scratch buffers and decision options (reused; see TERROR_DECISION for what each holds).
  /** ACTION options (actionCode). */
  readonly actionOptions: Int32Array;
  /** REVEAL options (listUnknowns), and set-up shuffles, scatter destinations. */
  readonly scratch: Int32Array;
  /** PLACE_FATED_VICTIM and BUY options; the victims on the escort's space. */
  readonly scratch2: Int32Array;
  readonly pool: Int16Array;
  /** EXIT_NEXT options: the Fated Victims leaving by an exit together. */
  readonly leaving: Int32Array;
  readonly carryOptions: Int32Array;
  readonly discardOptions: Int32Array;
  /** [0, 1]: THWART and REWARD options. */
  readonly yesNo: Int32Array;
  /** [0, 1, 2, …]: CONVERT_PARTIALS options. */
  readonly counts: Int32Array;
  /** The longest options list any decision can have (a guarded policy's copy buffer). */
  readonly maxOptions: number;

  constructor(params: TerrorSimParams, policy: Policy<TerrorView>) {
    this.p = params;
    this.data = params.data;
    this.flipAtZero = params.finalHealth === 'flipAtZero';
    // Checked with a message for the user in terrorEntry's prepare(); here a guard for direct callers.
    if (params.horrorStart > this.data.horror.max || params.bloodlustStart > this.data.bloodlust.length) throw new Error('horrorStart or bloodlustStart beyond its track');
    this.policy = policy;
    const d = this.data;
    const board = terrorBoard(d.location, params.moveThroughExits !== false);
    const n = board.nSpaces;
    this.nSpaces = n;
    this.adjStart = board.adjStart;
    this.adj = board.adj;
    this.dist = board.dist;
    this.pathDist = board.pathDist;
    this.exitSpace = board.exitSpace;
    this.searchSpace = board.searchSpace;
    this.exitDist = board.exitDist;
    this.fc = d.fatedDeath.count;
    this.nCards = d.cards.length;
    this.deckSize = params.terrorDealt + this.fc;
    this.terrorEffects = d.terror.map((t) => flatEffects(t.effects));
    this.destinyEffects = d.deathOrders.map((o) => flatEffects(o.destiny));
    this.thresholdEffects = d.bloodlust.thresholds.map((t) => flatEffects(t.effects));
    this.hand_ = new Int8Array(this.nCards);
    this.supply_ = new Int8Array(this.nCards);
    this.spent_ = new Int8Array(this.nCards);
    this.vState = new Uint8Array(MAX_VICTIMS);
    this.vSpace = new Int16Array(MAX_VICTIMS);
    this.deathPic = new Int8Array(this.fc);
    this.deathFaceUp = new Uint8Array(this.fc);
    this.deathOn = new Int8Array(this.fc);
    this.deathDone = new Uint8Array(this.fc);
    this.consCard = new Int8Array(this.fc);
    this.punCard = new Int8Array(this.fc);
    this.consFaceUp = new Uint8Array(this.fc);
    this.punFaceUp = new Uint8Array(this.fc);
    this.consVictim = new Int8Array(this.fc);
    this.consOutcome = new Int8Array(this.fc);
    this.deck = new Int16Array(this.deckSize);
    this.actionOptions = new Int32Array(this.nCards * (n + 1) + 8);
    this.scratch = new Int32Array(Math.max(n, d.terror.length, 64, d.consequences.length, d.punishments.length) + 8);
    this.scratch2 = new Int32Array(Math.max(n, 64) + 8);
    this.pool = new Int16Array(d.terror.length + 8);
    this.leaving = new Int32Array(MAX_VICTIMS);
    const victims = this.fc + d.location.victimStarts.length;
    const carry = d.cards.reduce((m, c) => (c.kind === CARD_ESCORT ? Math.max(m, c.carry) : m), 0);
    this.carryOptions = new Int32Array(subsetsUpTo(victims, carry));
    // A hand holds at most every copy plus the starting cards the supply lacked.
    this.discardOptions = new Int32Array(d.cards.reduce((t, c) => t + c.copies, 0) + d.finalGirl.startingHand.length + 8);
    this.yesNo = Int32Array.of(0, 1);
    // Partials per roll: at most the dice of a roll (+1 on final health).
    this.counts = new Int32Array(Math.max(...d.horror.dice) + 2);
    for (let i = 0; i < this.counts.length; i++) this.counts[i] = i;
    this.maxOptions = Math.max(this.actionOptions.length, this.scratch.length, this.scratch2.length, this.leaving.length, this.carryOptions.length, this.discardOptions.length, this.counts.length);
  }

  // ---------------------------------------------------------------- view (what the player sees)
  fgSpace(): number { return this.fgSpace_; }
  health(): number { return this.health_; }
  maxHealth(): number { return this.maxHealth_; }
  horror(): number { return this.horror_; }
  time(): number { return this.time_; }
  items(): number { return this.items_; }
  bloodlust(): number { return this.bloodlust_; }
  hand(card: number): number { return this.hand_[card]; }
  handTotal(): number {
    let t = 0;
    for (let c = 0; c < this.nCards; c++) t += this.hand_[c];
    return t;
  }
  supply(card: number): number { return this.supply_[card]; }
  deckLeft(): number { return this.deckSize - this.deckPos; }
  nextTerrorKnown(): number { return this.topRevealed && this.deckPos < this.deckSize ? this.deck[this.deckPos] : -1; }
  victimCount(): number { return this.nVictims; }
  fatedCount(): number { return this.fc; }
  victimState(v: number): number { return this.vState[v]; }
  victimSpace(v: number): number { return this.vState[v] === V_BOARD ? this.vSpace[v] : -1; }
  arrow(): number { return this.arrow_; }
  deathPicture(p: number): number { return this.deathFaceUp[p] ? this.deathPic[p] : -1; }
  deathTokenVictim(p: number): number { return this.deathOn[p]; }
  firstFreeDeathToken(): number {
    for (let p = this.arrow_; p < this.fc; p++) if (!this.deathDone[p] && this.deathOn[p] < 0) return p;
    return -1;
  }
  consequence(i: number): number { return this.consFaceUp[i] ? this.consCard[i] : -1; }
  consequenceVictim(i: number): number { return this.consVictim[i]; }
  punishment(i: number): number { return this.punFaceUp[i] ? this.data.punishments[this.punCard[i]] : -1; }
  spaceCount(): number { return this.nSpaces; }
  isExit(space: number): boolean { return this.exitSpace[space] === 1; }
  isSearch(space: number): boolean { return this.searchSpace[space] === 1; }
  /** Steps she needs to move from a to b (moveThroughExits reading; UNREACHABLE = 32767 when she cannot). */
  distance(a: number, b: number): number { return this.dist[a * this.nSpaces + b]; }
  /** Steps along paths from a to b, exits counted like any space ("nearest" for killing effects). */
  pathDistance(a: number, b: number): number { return this.pathDist[a * this.nSpaces + b]; }
  exitDistance(space: number): number { return this.exitDist[space]; }
  escortDestination(): number { return this.escortDest; }
  /** Terror cards the next Killer phase draws if no Fated Victim leaves the board before it (rulebook: No More Fated Victims on the Board). */
  killerDraws(): number { return this.noFatedLatch || this.fatedOnBoard() === 0 ? this.p.terrorPerPhaseNoFated : this.p.terrorPerPhase; }
  rebuy(): boolean { return this.p.rebuy; }
  partialCost(): number { return this.p.partialCost; }

  /**
   * public fact: "+1 die if the Final Girl … is down to the final health token".
   * lastLife (assumption): while she is at 0 on the unflipped token.
   * flipAtZero (assumption): after a revival, while her health is at most what the token gave
   * (she lives on the token's health; healed above it she is no longer down to it).
   */
  onFinalHealth(): boolean {
    if (this.dead) return false;
    if (this.flipAtZero) return this.finalFlipped && this.health_ <= this.finalToken;
    return !this.finalFlipped && this.health_ === 0;
  }

  // ---------------------------------------------------------------- a game
  /** Starts a new game on stream `rng`: the rulebook's Special Setup (terrorSetup.ts). Mutates all state. */
  reset(rng: Rng): void {
    terrorSetup(this, rng);
  }

  /** Plays the game to its end from the current (reset) state; sets `outcome`. */
  play(): void {
    playTerrorGame(this);
  }

  // ---------------------------------------------------------------- results
  fatedOnBoard(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if (this.vState[v] === V_BOARD) n++;
    return n;
  }
  fatedSaved(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if (this.vState[v] === V_FG_CARD) n++;
    return n;
  }
  fatedKilled(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if (this.vState[v] === V_CONSEQUENCE) n++;
    return n;
  }
  /** Distinct Fated Victims that were in Limbo at some time this game. */
  fatedLimbo(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if ((this.limboEver >>> v) & 1) n++;
    return n;
  }
  normalSaved(): number {
    let n = 0;
    for (let v = this.fc; v < this.nVictims; v++) if (this.vState[v] === V_SAVED) n++;
    return n;
  }
}
