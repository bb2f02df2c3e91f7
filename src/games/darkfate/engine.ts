// Terminator: Dark Fate – The Card Game: the rules engine. Rulebook:
// shared/rules/dark-fate-card-game.txt (sections cited as `// rulebook: <section>`).
// Parameters: DarkFateRules (rule constants a house rule might change) and DarkFateSetup
// (players, characters, Rev-9 version, optional rules); card data: CardTable.
//
// State is preallocated once per engine and reset per game: card instances are small integers
// (fate cards, wounds, starters, then the Rev-9 cards), zones are Int16Array stacks, the fate
// deck is a ring buffer (cards go to its top and bottom). Nothing is allocated per game unless a
// trace sink is attached. Every choice the rules leave to players goes through the policy.
import { randIndex, shuffleInPlace, type Rng } from '../../core/rng.js';
import { shownAnswer } from '../../core/gameError.js';
import type { CardTable } from './cardData.js';
import { KW, OP, SECTIONS, SEC_ACTIVATE, SEC_DEFENSE, SEC_EACH_TURN, SEC_PLAY } from './ops.js';
import {
  ACTION_BUY,
  ACTION_END,
  ACTION_FIGHT_HOSTILE,
  ACTION_FIGHT_REV9,
  ACTION_LEAD,
  ACTION_PLAY,
  ACTION_REST,
  DECISION,
  DECISION_NAMES,
  REV9_DESTROYED,
  REV9_FATE,
  REV9_HUNT,
  REV9_OUT,
  type DarkFatePolicy,
  type DarkFateView,
} from './policy.js';

export interface DarkFateRules {
  /** rulebook: End of Play Phase — draw back up to five. */
  handSize: number;
  /** rulebook: Glossary, Die — three wound cards in hand. */
  woundsToDie: number;
  /** rulebook: Set-Up — the reserve starts with five cards. */
  reserveSetup: number;
  /** rulebook: Reserve Phase step 1 — refill to four. */
  refillTo: number;
  /** rulebook: Set-Up — the Rev-9 is shuffled into the top five cards. */
  rev9Depth: number;
  /** Safety net: player turns before the game is stopped (reported apart, never a loss). */
  maxTurns: number;
  /** rulebook: Set-Up — 5 prep and 4 struggle (setback) cards. */
  prepCards: number;
  setbackCards: number;
  /** rulebook: Neural Net Processor — the Rev-9 player's hand of 5. */
  nnHandSize: number;
  /**
   * Reading of "End the hunt phase" (rulebook: Flee; Multiple Rev-9s in Play): true, a flee ends
   * the hunt phase, so a Rev-9 that did not flee does not hunt that turn; false (default), a Rev-9
   * that did not flee (undamaged, or left out) still hunts ("they hunt separately"; Hunt Phase:
   * "If they are unwilling or unable to flee, the Rev-9 hunts").
   */
  fleeEndsHunt: boolean;
}

export interface DarkFateSetup {
  players: number;
  /** Character index per player; solo mode: two characters for the one player. */
  characters: number[];
  solo: boolean;
  /** Index into cards.rev9. */
  rev9: number;
  goOnWithoutMe: boolean;
  neuralNet: boolean;
}

/** How a game ended. */
export const OUTCOME_NONE = 0;
export const OUTCOME_WIN = 1;
export const OUTCOME_THREE_WOUNDS = 2;
export const OUTCOME_EMPTY_WOUND_DECK = 3;
export const OUTCOME_TURN_CAP = 4;
export const OUTCOME_NAMES = ['none', 'win', 'three wounds in hand', 'empty wound deck', 'turn cap'];

/** Phases of a turn, as passed to the onPhase hook. */
export const PHASE_PLAY = 0;
export const PHASE_RESERVE = 1;
export const PHASE_HUNT = 2;
export const PHASE_END = 3;
export const PHASE_NAMES = ['play', 'reserve', 'hunt', 'end of turn'];


/** handBits flags: what the per-hand counters count. */
const HAND_WOUND = 1;
const HAND_LEADER = 2;
const HAND_DEFENSE = 4;

export class DarkFateEngine implements DarkFateView {
  readonly cards: CardTable;
  readonly players: number;
  readonly rules: DarkFateRules;
  readonly setup: DarkFateSetup;
  policy: DarkFatePolicy;
  /** Optional trace sink (turn-by-turn lines); null in Monte Carlo runs. */
  trace: ((line: string) => void) | null = null;

  // ---- view fields ----
  current = 0;
  deciding = 0;
  turn = 0;
  fight = 0;
  supply = 0;
  locationSupply = 0;
  rng!: Rng;

  // ---- outcome and statistics of the last game ----
  outcome = OUTCOME_NONE;
  staggers = 0;
  rev9Destroyed = 0;
  flees = 0;
  woundsTaken = 0;

  // ---- instances ----
  readonly nInst: number;
  readonly instType: Int16Array;
  private readonly fateInstN: number;
  private readonly woundBase: number;
  private readonly starterBase: number;
  private readonly startersPerPlayer: number;
  readonly rev9Base: number;
  readonly rev9N: number;
  private readonly selfDestroy: Uint8Array;
  /** Per instance: HAND_WOUND | HAND_LEADER | HAND_DEFENSE (one load instead of type + keyword + wound checks on every hand move). */
  private readonly handBits: Uint8Array;
  /** Keyword bits per instance (0 for a Rev-9): saves the instType lookup in the reserve and hunt loops. */
  private readonly instKw: Int32Array;
  /** Lowest cost of any gainable card type (a bound for skipping buy scans). */
  private readonly minCost: number;

  // ---- zones ----
  /** The fate deck before the set-up shuffle, and the Rev-9 deck (Neural Net Processor): fixed per engine. */
  private readonly fateStart: Int16Array;
  private readonly nnStart: Int16Array;
  private readonly S: number;
  private readonly fate: Int16Array;
  private readonly fateMask: number;
  private fateHead = 0;
  fateN = 0;
  readonly reserve: Int16Array;
  /** Card type per reserve slot (instType of reserve[j], kept alongside): one load for reserveCard and the reserve scans. */
  private readonly reserveType: Int16Array;
  readonly reserveDmg: Int16Array;
  reserveN = 0;
  /** Hostile cards in the reserve: lets the hunt and the policies skip scanning a reserve with none. */
  reserveHostiles = 0;
  readonly woundPile: Int16Array;
  woundN = 0;
  readonly drawPile: Int16Array;
  readonly drawN: Int32Array;
  readonly hand: Int16Array;
  /** Card type per hand slot (instType of hand[i], kept alongside): one load for handCard and the hand scans. */
  private readonly handType: Int16Array;
  readonly handN: Int32Array;
  readonly handWounds: Int32Array;
  /** Leadership cards per hand: lets legalActions skip other hands that hold none. */
  private readonly handLeaders: Int32Array;
  /** Defense cards per hand: lets an attack skip the hands that hold none. */
  private readonly handDefense: Int32Array;
  readonly discard: Int16Array;
  readonly discardN: Int32Array;
  readonly played: Int16Array;
  readonly playedOwner: Int8Array;
  playedN = 0;
  readonly skills: Int16Array;
  readonly skillsN: Int32Array;
  readonly destroyed: Int16Array;
  destroyedN = 0;
  /** A card being resolved (a hostile being activated, a location just bought): -1 when none. */
  limbo = -1;
  /** While a Rev-9 hunts (a Rev-9 a hostile's text reveals then joins the hunt without hunting: trace wording). */
  private inHunt = false;
  /** A gained card waiting for its recipient (GAIN_RECIPIENT): -1 when none. */
  pending = -1;
  /** Optional hook called after each phase of a turn (conformance tests); null in Monte Carlo runs. */
  onPhase: ((phase: number) => void) | null = null;
  readonly nnHand: Int16Array;
  nnHandN = 0;
  readonly nnDeck: Int16Array;
  nnDeckN = 0;
  readonly dead: Uint8Array;
  aliveN = 0;
  readonly activeCharacter: Int32Array;

  // ---- Rev-9s ----
  readonly r9Version: Int8Array;
  readonly r9Where: Int8Array;
  readonly r9Dmg: Int16Array;
  private readonly r9Hunting: Uint8Array;

  // ---- scratch ----
  readonly opts: Int32Array;
  private readonly tmp: Int16Array;

  constructor(cards: CardTable, rules: DarkFateRules, setup: DarkFateSetup, policy: DarkFatePolicy) {
    this.cards = cards;
    this.rules = rules;
    this.setup = setup;
    this.policy = policy;
    this.players = setup.players;
    const P = setup.players;
    this.fateInstN = cards.fateTotal;
    this.woundBase = this.fateInstN;
    this.starterBase = this.woundBase + cards.woundCount;
    this.startersPerPlayer = rules.prepCards + rules.setbackCards + (setup.solo ? 2 : 1);
    this.rev9Base = this.starterBase + P * this.startersPerPlayer;
    const ver = cards.rev9[setup.rev9];
    this.rev9N = 1 + ver.splitsInto.length;
    this.nInst = this.rev9Base + this.rev9N;
    this.instType = new Int16Array(this.nInst);
    let at = 0;
    for (let t = 0; t < cards.nTypes; t++) for (let c = 0; c < cards.fateCount[t]; c++) this.instType[at++] = t;
    for (let w = 0; w < cards.woundCount; w++) this.instType[at++] = cards.woundType;
    for (let p = 0; p < P; p++) {
      for (let c = 0; c < rules.prepCards; c++) this.instType[at++] = cards.prepType;
      for (let c = 0; c < rules.setbackCards; c++) this.instType[at++] = cards.setbackType;
      const chars = setup.solo ? setup.characters : [setup.characters[p]];
      for (const ch of chars) this.instType[at++] = cards.characters[ch].uniqueType;
    }
    for (let k = 0; k < this.rev9N; k++) this.instType[at++] = cards.nTypes + k;
    this.selfDestroy = new Uint8Array(cards.nTypes);
    for (let t = 0; t < cards.nTypes; t++) {
      for (let i = cards.sec[t * SECTIONS + SEC_PLAY]; i < cards.sec[t * SECTIONS + SEC_PLAY + 1]; i++) if (cards.ops[i] === OP.DESTROY_SELF) this.selfDestroy[t] = 1;
    }
    this.handBits = new Uint8Array(this.nInst);
    this.instKw = new Int32Array(this.nInst);
    for (let i = 0; i < this.nInst; i++) if (this.instType[i] < cards.nTypes) this.instKw[i] = cards.kw[this.instType[i]];
    for (let i = 0; i < this.nInst; i++) {
      const t = this.instType[i];
      if (t >= cards.nTypes) continue; // a Rev-9 card is never in a hand
      const kw = cards.kw[t];
      this.handBits[i] = (t === cards.woundType ? HAND_WOUND : 0) | (kw & KW.LEADERSHIP ? HAND_LEADER : 0) | (kw & KW.DEFENSE ? HAND_DEFENSE : 0);
    }
    let minCost = 1 << 30;
    for (let t = 0; t < cards.nTypes; t++) if (cards.cost[t] >= 0 && cards.cost[t] < minCost) minCost = cards.cost[t];
    this.minCost = minCost;
    const S = this.nInst;
    this.S = S;
    let cap = 1;
    while (cap < S + 1) cap <<= 1;
    this.fate = new Int16Array(cap);
    this.fateMask = cap - 1;
    this.reserve = new Int16Array(S);
    this.reserveType = new Int16Array(S);
    this.reserveDmg = new Int16Array(S);
    this.woundPile = new Int16Array(cards.woundCount);
    for (let i = 0; i < cards.woundCount; i++) this.woundPile[i] = this.woundBase + i;
    const fateStart: number[] = [];
    const nnStart: number[] = [];
    for (let i = 0; i < this.fateInstN; i++) {
      // rulebook: Neural Net Processor — remove all hostile cards to form the Rev-9 deck.
      if (setup.neuralNet && cards.kw[this.instType[i]] & KW.HOSTILE) nnStart.push(i);
      else fateStart.push(i);
    }
    this.fateStart = Int16Array.from(fateStart);
    this.nnStart = Int16Array.from(nnStart);
    this.drawPile = new Int16Array(P * S);
    this.drawN = new Int32Array(P);
    this.hand = new Int16Array(P * S);
    this.handType = new Int16Array(P * S);
    this.handN = new Int32Array(P);
    this.handWounds = new Int32Array(P);
    this.handLeaders = new Int32Array(P);
    this.handDefense = new Int32Array(P);
    this.discard = new Int16Array(P * S);
    this.discardN = new Int32Array(P);
    this.played = new Int16Array(S);
    this.playedOwner = new Int8Array(S);
    this.skills = new Int16Array(P * S);
    this.skillsN = new Int32Array(P);
    this.destroyed = new Int16Array(S);
    this.nnHand = new Int16Array(S);
    this.nnDeck = new Int16Array(S);
    this.dead = new Uint8Array(P);
    this.activeCharacter = new Int32Array(P);
    this.r9Version = new Int8Array(this.rev9N);
    this.r9Where = new Int8Array(this.rev9N);
    this.r9Dmg = new Int16Array(this.rev9N);
    this.r9Hunting = new Uint8Array(this.rev9N);
    this.opts = new Int32Array(4 * S + 64);
    this.tmp = new Int16Array(S);
  }

  // =============================== view ===============================
  handCount(p: number): number {
    return this.handN[p];
  }
  handCard(p: number, i: number): number {
    return this.handType[p * this.S + i];
  }
  woundsInHand(p: number): number {
    return this.handWounds[p];
  }
  leadersInHand(p: number): number {
    return this.handLeaders[p];
  }
  drawCount(p: number): number {
    return this.drawN[p];
  }
  discardCount(p: number): number {
    return this.discardN[p];
  }
  discardCard(p: number, i: number): number {
    return this.instType[this.discard[p * this.S + i]];
  }
  skillCount(p: number): number {
    return this.skillsN[p];
  }
  skillCard(p: number, i: number): number {
    return this.instType[this.skills[p * this.S + i]];
  }
  alive(p: number): boolean {
    return this.dead[p] === 0;
  }
  character(p: number): number {
    return this.activeCharacter[p];
  }
  reserveCount(): number {
    return this.reserveN;
  }
  reserveCard(i: number): number {
    return this.reserveType[i];
  }
  reserveDamage(i: number): number {
    return this.reserveDmg[i];
  }
  reserveHostileCount(): number {
    return this.reserveHostiles;
  }
  fateCount(): number {
    return this.fateN;
  }
  woundsLeft(): number {
    return this.woundN;
  }
  rev9Count(): number {
    return this.rev9N;
  }
  rev9Where(k: number): number {
    return this.r9Where[k];
  }
  rev9Damage(k: number): number {
    return this.r9Dmg[k];
  }
  rev9Version(k: number): number {
    return this.r9Version[k];
  }
  rev9HuntValue(k: number): number {
    const v = this.cards.rev9[this.r9Version[k]];
    // Public fact (reviewer): the Endoskeleton hits harder once it has taken half its stagger value.
    return v.hunt + (v.enrageAt > 0 && this.r9Dmg[k] >= v.enrageAt ? v.enrageHunt : 0);
  }
  nnHandCount(): number {
    return this.nnHandN;
  }
  nnHandCard(i: number): number {
    return this.instType[this.nnHand[i]];
  }

  // =============================== helpers ===============================
  isRev9(inst: number): boolean {
    return inst >= this.rev9Base;
  }
  name(inst: number): string {
    const t = this.instType[inst];
    return t >= this.cards.nTypes ? `Rev-9 ${this.cards.rev9[this.r9Version[inst - this.rev9Base]].name}` : this.cards.names[t];
  }
  private ask(decision: number, n: number, allowNone: boolean, decider: number): number {
    this.deciding = decider;
    const r = this.policy.choose(this, decision, this.opts, n, allowNone);
    if (!(Number.isInteger(r) && r < n && (r >= 0 || (allowNone && r === -1)))) {
      throw new Error(`policy ${this.policy.name}: decision ${DECISION_NAMES[decision] ?? '?'} (${decision}) returned ${shownAnswer(r)}, expected an index in [0, ${n})${allowNone ? ' or -1' : ''}`);
    }
    return r;
  }
  private fatePopTop(): number {
    if (this.fateN === 0) return -1;
    const c = this.fate[this.fateHead];
    this.fateHead = (this.fateHead + 1) & this.fateMask;
    this.fateN--;
    return c;
  }
  private fatePushTop(c: number): void {
    this.fateHead = (this.fateHead - 1) & this.fateMask;
    this.fate[this.fateHead] = c;
    this.fateN++;
  }
  private fatePushBottom(c: number): void {
    this.fate[(this.fateHead + this.fateN) & this.fateMask] = c;
    this.fateN++;
  }
  /** Card at depth d (0 = top) of the fate deck; for tests and conservation checks. */
  fateAt(d: number): number {
    return this.fate[(this.fateHead + d) & this.fateMask];
  }
  private addToHand(p: number, inst: number): void {
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
  private removeFromHand(p: number, i: number): number {
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
  private toDiscard(p: number, inst: number): void {
    this.discard[p * this.S + this.discardN[p]++] = inst;
  }
  private destroy(inst: number): void {
    this.destroyed[this.destroyedN++] = inst;
  }
  private addReserve(inst: number): void {
    this.reserveDmg[this.reserveN] = 0;
    this.reserveType[this.reserveN] = this.instType[inst];
    this.reserve[this.reserveN++] = inst;
    if (this.instKw[inst] & KW.HOSTILE) this.reserveHostiles++;
  }
  private removeReserve(j: number): number {
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
    if (traced) this.trace?.(`    p${p + 1} draws ${this.name(inst)}`);
    this.addToHand(p, inst);
    return true;
  }
  /** rulebook: End of Play Phase — an empty draw deck: shuffle your discard to form a new one. Returns its size (0: no discard). */
  private reshuffle(p: number): number {
    const base = p * this.S;
    const n = this.discardN[p];
    if (n === 0) return 0;
    const drawPile = this.drawPile;
    const discard = this.discard;
    for (let i = base, end = base + n; i < end; i++) drawPile[i] = discard[i];
    this.discardN[p] = 0;
    this.drawN[p] = n;
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
  private die(p: number, cause: number): void {
    if (this.dead[p]) return;
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
    this.toDiscard(p, this.woundPile[--this.woundN]);
    this.woundsTaken++;
    this.trace?.(`    p${p + 1} is wounded (${this.woundN} wounds left in the wound deck)`);
  }
  private anyOnHunt(): boolean {
    for (let k = 0; k < this.rev9N; k++) if (this.r9Where[k] === REV9_HUNT) return true;
    return false;
  }
  private goOnHunt(inst: number, duringHunt: boolean): void {
    const k = inst - this.rev9Base;
    this.r9Where[k] = REV9_HUNT;
    // rulebook: Multiple Rev-9s — one drawn during the hunt phase joins but does not hunt this turn
    // (huntPhase fixes its hunters when it starts).
    this.trace?.(`    ${this.name(inst)} is revealed: it is on the hunt${duringHunt ? ' (it does not hunt this turn)' : ''}`);
  }
  /** Draws the top fate card into the reserve; a Rev-9 goes on the hunt instead. Returns the card or -1. */
  private fateToReserve(duringHunt: boolean): number {
    const c = this.fatePopTop();
    if (c < 0) return -1;
    // rulebook: Reserve Phase — the Rev-9 is never placed into the reserve.
    if (this.isRev9(c)) this.goOnHunt(c, duringHunt);
    else this.addReserve(c);
    return c;
  }
  private destroyRev9(k: number): void {
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
    this.turn = 0;
    this.fight = this.supply = this.locationSupply = 0;
    this.playedN = 0;
    this.destroyedN = 0;
    this.limbo = -1;
    this.pending = -1;
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
    // Each player: a shuffled draw deck of 10 starter cards (solo: 11), then a hand of five.
    for (let p = 0; p < P; p++) {
      const base = p * this.S;
      this.drawN[p] = this.startersPerPlayer;
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
  }

  // =============================== a game ===============================
  /** Plays one whole game from `rng`; returns the outcome (statistics in the fields). */
  playGame(rng: Rng): number {
    this.reset(rng);
    this.traceSetup();
    while (this.outcome === OUTCOME_NONE) {
      if (this.turn >= this.rules.maxTurns) {
        this.outcome = OUTCOME_TURN_CAP;
        break;
      }
      this.playTurn();
    }
    this.trace?.(`GAME OVER after ${this.turn} turns: ${this.outcome === OUTCOME_WIN ? 'the players WIN' : this.outcomeName(this.outcome)}`);
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
    }
    this.traceTurn(p);
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

  /** Resolves ops [from, to) for the current player (or `who` for defense text). */
  private resolve(from: number, to: number, who: number): void {
    // Small enough to inline: most sections are empty (starters, plain cards), so skip the call.
    if (from < to) this.resolveOps(from, to, who);
  }
  private resolveOps(from: number, to: number, who: number): void {
    const c = this.cards;
    // Go On Without Me!: the rest of a text stops when the player resolving it dies (a hostile's text
    // resolved on a dead current player's turn goes on: its wounds pass to the left).
    const wasDead = this.dead[who];
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
          this.discardFromHand(who, arg, DECISION.DISCARD_COST);
          break;
        case OP.DISCARD_FORCED:
          this.discardFromHand(who, arg, DECISION.DISCARD_FORCED);
          break;
        case OP.DESTROY_FROM_HAND:
          for (let d = 0; d < arg && this.handN[who] > 0; d++) {
            const j = this.askHandSlot(DECISION.DESTROY_FROM_HAND, who, true);
            if (j < 0) break;
            const inst = this.removeFromHand(who, j);
            this.destroy(inst);
            this.trace?.(`    p${who + 1} destroys ${this.name(inst)}`);
          }
          break;
        case OP.HEAL:
          for (let d = 0; d < arg; d++) if (!this.healOne(who)) break;
          break;
        case OP.GAIN_FREE:
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
          if (n > 0) this.destroyRev9(this.opts[n === 1 ? 0 : this.ask(DECISION.DESTROY_REV9, n, false, who)]);
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

  private askHandSlot(decision: number, p: number, allowNone: boolean): number {
    const n = this.handN[p];
    for (let i = 0; i < n; i++) this.opts[i] = i;
    return this.ask(decision, n, allowNone, p);
  }

  /** Destroys a wound from p's hand, else from p's discard pile. */
  private healOne(p: number): boolean {
    const w = this.cards.woundType;
    for (let i = 0; i < this.handN[p]; i++) {
      if (this.handType[p * this.S + i] === w) {
        this.destroy(this.removeFromHand(p, i));
        this.trace?.(`    p${p + 1} heals a wound from hand`);
        return true;
      }
    }
    const base = p * this.S;
    for (let i = 0; i < this.discardN[p]; i++) {
      if (this.instType[this.discard[base + i]] === w) {
        this.destroy(this.discard[base + i]);
        this.discard[base + i] = this.discard[base + --this.discardN[p]];
        this.trace?.(`    p${p + 1} heals a wound from the discard pile`);
        return true;
      }
    }
    return false;
  }

  /** rulebook: Playing Cards — whose discard pile a gained card goes to (no question when one player is alive). */
  private askRecipient(p: number): number {
    if (this.aliveN === 1 && !this.dead[p]) return p;
    let m = 0;
    for (let q = 0; q < this.players; q++) if (!this.dead[q]) this.opts[m++] = q;
    return this.opts[m === 1 ? 0 : this.ask(DECISION.GAIN_RECIPIENT, m, false, p)];
  }

  private gainFree(p: number, maxCost: number): void {
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
    const r = this.askRecipient(p);
    this.pending = -1;
    this.toDiscard(r, inst);
    this.trace?.(`    p${p + 1} gains ${this.name(inst)} free for p${r + 1}`);
  }

  // =============================== play phase ===============================
  /** Fills opts with the legal play-phase actions of player p; returns their number. END is first. */
  legalActions(p: number, mayRest: boolean): number {
    // Hot: called before every play-phase decision; typed arrays hoisted into locals.
    const c = this.cards;
    const kwOf = c.kw;
    const discardCost = c.discardCost;
    const costOf = c.cost;
    const handType = this.handType;
    const reserveType = this.reserveType;
    const o = this.opts;
    const S = this.S;
    const P = this.players;
    let n = 0;
    o[n++] = ACTION_END << 16;
    const hn = this.handN[p];
    const hb = p * S;
    for (let i = 0; i < hn; i++) {
      const t = handType[hb + i];
      // rulebook: Glossary, Wound — wounds cannot be played.
      if (kwOf[t] & KW.WOUND) continue;
      // rulebook: Playing Cards — if you cannot fulfil the text of a card, it cannot be played.
      if (discardCost[t] > hn - 1) continue;
      o[n++] = (ACTION_PLAY << 16) | (i << 8);
    }
    // rulebook: Rest — destroy a card in your hand (instead of playing cards).
    if (mayRest) for (let i = 0; i < hn; i++) o[n++] = (ACTION_REST << 16) | (i << 8);
    // rulebook: Glossary, Leadership — played in another player's play phase.
    for (let q = 0; q < P; q++) {
      if (q === p || this.dead[q] || this.handLeaders[q] === 0) continue;
      const qn = this.handN[q];
      const qb = q * S;
      for (let i = 0; i < qn; i++) {
        const t = handType[qb + i];
        if (kwOf[t] & KW.LEADERSHIP && discardCost[t] <= hn) o[n++] = (ACTION_LEAD << 16) | (q << 8) | i;
      }
    }
    const f = this.fight;
    const rn = this.reserveN;
    if (f > 0) {
      // rulebook: Playing Cards — one damage per fight on a Rev-9 (on the hunt) or a hostile card in
      // the reserve. Amounts offered: 1, exactly enough to reach the threshold, and all (b = amount);
      // any other split is a sequence of these.
      const all = f > 255 ? 255 : f;
      for (let k = 0; k < this.rev9N; k++) {
        if (this.r9Where[k] !== REV9_HUNT) continue;
        o[n++] = (ACTION_FIGHT_REV9 << 16) | (k << 8) | 1;
        const need = c.rev9[this.r9Version[k]].stagger - this.r9Dmg[k];
        if (need > 1 && need < all) o[n++] = (ACTION_FIGHT_REV9 << 16) | (k << 8) | need;
        if (all > 1) o[n++] = (ACTION_FIGHT_REV9 << 16) | (k << 8) | all;
      }
      for (let j = 0; j < rn && this.reserveHostiles > 0; j++) {
        const t = reserveType[j];
        if (!(kwOf[t] & KW.HOSTILE)) continue;
        o[n++] = (ACTION_FIGHT_HOSTILE << 16) | (j << 8) | 1;
        const need = c.resistance[t] - this.reserveDmg[j];
        if (need > 1 && need <= all) o[n++] = (ACTION_FIGHT_HOSTILE << 16) | (j << 8) | need;
      }
    }
    const supply = this.supply;
    const locSupply = supply + this.locationSupply;
    // Skip the reserve scan while no card there could be affordable (most decisions early in a turn).
    if (locSupply >= this.minCost) {
      for (let j = 0; j < rn; j++) {
        const t = reserveType[j];
        const cost = costOf[t];
        if (cost < 0 || cost > locSupply) continue;
        if (kwOf[t] & KW.LOCATION) {
          // rulebook: Glossary, Location — played at once on purchase; location-only supply counts.
          o[n++] = (ACTION_BUY << 16) | (j << 8) | p;
        } else if (cost <= supply) {
          // rulebook: Playing Cards — gained cards go into any player's discard pile (asked next: GAIN_RECIPIENT).
          o[n++] = (ACTION_BUY << 16) | (j << 8);
        }
      }
    }
    return n;
  }

  /** rulebook: 1: Play Phase — play cards or rest; then discard everything and draw up to five. */
  playPhase(p: number): void {
    const c = this.cards;
    this.fight = 0;
    this.supply = 0;
    this.locationSupply = 0;
    this.playedN = 0;
    // rulebook: Glossary, Skill / Character Card — passive powers and skills act each turn (assumption: at its start).
    const ch = c.characters[this.activeCharacter[p]];
    this.resolve(ch.powerStart, ch.powerEnd, p);
    for (let i = 0; i < this.skillsN[p]; i++) {
      const t = this.instType[this.skills[p * this.S + i]];
      this.resolve(c.sec[t * SECTIONS + SEC_EACH_TURN], c.sec[t * SECTIONS + SEC_EACH_TURN + 1], p);
    }
    if (this.trace && (this.fight || this.supply || this.locationSupply)) this.trace(`  p${p + 1}'s character power${this.skillsN[p] ? ` and skills in play (${this.names(this.skills, p * this.S, this.skillsN[p])})` : ''}: ${this.spendable()}`);
    let first = true;
    // A built-in policy usually decides from the hand alone; else list every legal action.
    const pol = this.policy;
    const quick = pol.quickAction !== undefined;
    // rulebook: Go On Without Me! — a player who dies skips the play phase: one who dies during it stops there.
    while (this.outcome === OUTCOME_NONE && this.dead[p] === 0) {
      let code = -1;
      if (quick) {
        this.deciding = p;
        code = pol.quickAction!(this, p, first);
      }
      if (code < 0) code = this.opts[this.ask(DECISION.ACTION, this.legalActions(p, first), false, p)];
      const kind = code >>> 16;
      const a = (code >>> 8) & 0xff;
      const b = code & 0xff;
      if (kind === ACTION_END) break;
      first = false;
      if (kind === ACTION_REST) {
        const inst = this.removeFromHand(p, a);
        this.destroy(inst);
        this.trace?.(`  p${p + 1} rests, destroying ${this.name(inst)}`);
        break;
      }
      this.doAction(p, kind, a, b);
    }
    if (this.outcome !== OUTCOME_NONE) return;
    if (this.dead[p]) this.leavePlayDead(p);
    else this.endPlayPhase(p);
  }

  /**
   * Go On Without Me!: p died during their own play phase, which ends there. Played cards leave
   * play (leadership cards to their owners' discard piles, assumption: as at the end of a play
   * phase); the dead player's hand stays as it is and nothing is drawn (a dead player never plays).
   */
  private leavePlayDead(p: number): void {
    for (let i = 0; i < this.playedN; i++) this.toDiscard(this.playedOwner[i], this.played[i]);
    this.playedN = 0;
    this.fight = this.supply = this.locationSupply = 0;
    this.trace?.(`  p${p + 1}'s play phase ends with their death`);
  }

  /** Executes one non-END, non-REST play-phase action for current player p. */
  doAction(p: number, kind: number, a: number, b: number): void {
    const c = this.cards;
    switch (kind) {
      case ACTION_PLAY:
        this.playCard(p, p, a);
        break;
      case ACTION_LEAD:
        this.playCard(p, a, b);
        break;
      case ACTION_FIGHT_REV9: {
        this.fight -= b;
        const stagger = c.rev9[this.r9Version[a]].stagger;
        const before = this.r9Dmg[a];
        this.r9Dmg[a] += b;
        this.trace?.(`  p${p + 1} deals ${b} damage to Rev-9 ${c.rev9[this.r9Version[a]].name} (now ${this.r9Dmg[a]}; fight left ${this.fight})`);
        // rulebook: Playing Cards — damage equal to or greater than the stagger value: staggered.
        if (before < stagger && this.r9Dmg[a] >= stagger) {
          this.staggers++;
          this.trace?.(`    Rev-9 ${c.rev9[this.r9Version[a]].name} is STAGGERED`);
        }
        break;
      }
      case ACTION_FIGHT_HOSTILE: {
        this.fight -= b;
        const t = this.reserveType[a];
        this.reserveDmg[a] += b;
        this.trace?.(`  p${p + 1} deals ${b} damage to ${c.names[t]} (reserve card ${a + 1}; fight left ${this.fight})`);
        // rulebook: Glossary, Hostile — damage >= resistance: moved to the bottom of the fate deck.
        if (this.reserveDmg[a] >= c.resistance[t]) {
          this.fatePushBottom(this.removeReserve(a));
          this.trace?.(`    ${c.names[t]} is driven off to the bottom of the fate deck`);
        }
        break;
      }
      case ACTION_BUY: {
        const inst = this.removeReserve(a);
        const t = this.instType[inst];
        const cost = c.cost[t];
        if (c.kw[t] & KW.LOCATION) {
          const fromLoc = Math.min(cost, this.locationSupply);
          this.locationSupply -= fromLoc;
          this.supply -= cost - fromLoc;
          this.trace?.(`  p${p + 1} buys location ${c.names[t]} (cost ${cost}; ${this.spendable()} left) and plays it${this.gains(t)}`);
          // rulebook: Glossary, Location — immediately play it, then move it to the bottom of the fate deck.
          this.limbo = inst;
          this.fight += c.fight[t];
          this.supply += c.supply[t];
          this.resolve(c.sec[t * SECTIONS + SEC_PLAY], c.sec[t * SECTIONS + SEC_PLAY + 1], p);
          this.limbo = -1;
          this.fatePushBottom(inst);
        } else {
          this.supply -= cost;
          this.pending = inst;
          const r = this.askRecipient(p);
          this.pending = -1;
          this.toDiscard(r, inst);
          this.trace?.(`  p${p + 1} gains ${c.names[t]} (cost ${cost}; supply left ${this.supply}) into p${r + 1}'s discard pile`);
        }
        break;
      }
      default:
        throw new Error(`unknown action kind ${kind}`);
    }
  }

  /** Current player p plays slot i of owner q's hand (q !== p: a leadership card). */
  private playCard(p: number, q: number, i: number): void {
    const c = this.cards;
    const inst = this.removeFromHand(q, i);
    const t = this.instType[inst];
    this.trace?.(`  p${p + 1} plays ${c.names[t]}${q !== p ? ` from p${q + 1}'s hand (leadership)` : ''}${this.gains(t)}`);
    if (c.kw[t] & KW.SKILL) {
      // rulebook: Glossary, Skill — placed in front of you; remains for the rest of the game.
      this.skills[p * this.S + this.skillsN[p]++] = inst;
    } else if (this.selfDestroy[t]) {
      this.destroy(inst);
    } else {
      this.playedOwner[this.playedN] = q;
      this.played[this.playedN++] = inst;
    }
    this.fight += c.fight[t];
    this.supply += c.supply[t];
    this.resolve(c.sec[t * SECTIONS + SEC_PLAY], c.sec[t * SECTIONS + SEC_PLAY + 1], p);
    if (this.selfDestroy[t]) this.trace?.(`    ${c.names[t]} is destroyed (its text says so)`);
  }

  /** What playing a card of type t adds to fight and supply, in words (trace only): "+2 fight, +1 supply". */
  private gains(t: number): string {
    const c = this.cards;
    let fight = c.fight[t];
    let supply = c.supply[t];
    let loc = 0;
    for (let i = c.sec[t * SECTIONS + SEC_PLAY]; i < c.sec[t * SECTIONS + SEC_PLAY + 1]; i++) {
      if (c.ops[i] === OP.FIGHT) fight += c.args[i];
      else if (c.ops[i] === OP.SUPPLY) supply += c.args[i];
      else if (c.ops[i] === OP.LOCATION_SUPPLY) loc += c.args[i];
    }
    const out = [fight ? `+${fight} fight` : '', supply ? `+${supply} supply` : '', loc ? `+${loc} supply for locations` : ''].filter(Boolean);
    return out.length ? ` (${out.join(', ')})` : '';
  }

  /** Fight and supply left to spend this phase, in words (trace only). */
  private spendable(): string {
    return `fight ${this.fight}, supply ${this.supply}${this.locationSupply ? ` (+${this.locationSupply} for locations)` : ''}`;
  }

  /** rulebook: End of Play Phase — discard played cards and hand, draw up to five. */
  private endPlayPhase(p: number): void {
    const S = this.S;
    const discard = this.discard;
    const hand = this.hand;
    const hb = p * S;
    let dn = this.discardN[p];
    for (let i = 0, n = this.playedN; i < n; i++) {
      // rulebook: Glossary, Leadership — returns to its owner's discard pile.
      const q = this.playedOwner[i];
      if (q === p) discard[hb + dn++] = this.played[i];
      else this.toDiscard(q, this.played[i]);
    }
    this.playedN = 0;
    // The whole hand goes to the discard pile, last slot first (as removing the last card
    // repeatedly would), so every hand counter ends at zero: one pass, no per-card bookkeeping.
    for (let i = hb + this.handN[p] - 1; i >= hb; i--) discard[hb + dn++] = hand[i];
    this.discardN[p] = dn;
    this.handWounds[p] = 0;
    this.handLeaders[p] = 0;
    this.handDefense[p] = 0;
    // Supply does not carry on to another player's turn.
    this.fight = this.supply = this.locationSupply = 0;
    // Draw up to five: drawOne's steps, with the counts in locals (addToHand's bookkeeping inline).
    const drawPile = this.drawPile;
    const handBits = this.handBits;
    const handType = this.handType;
    const instType = this.instType;
    let hn = 0;
    let drawn = this.drawN[p];
    for (let i = 0, size = this.rules.handSize; i < size && this.outcome === OUTCOME_NONE; i++) {
      if (drawn === 0 && (drawn = this.reshuffle(p)) === 0) break;
      const inst = drawPile[hb + --drawn];
      handType[hb + hn] = instType[inst];
      hand[hb + hn++] = inst;
      const bits = handBits[inst];
      if (bits === 0) continue;
      if (bits & HAND_LEADER) this.handLeaders[p]++;
      if (bits & HAND_DEFENSE) this.handDefense[p]++;
      if (bits & HAND_WOUND) {
        // rulebook: Glossary, Die — three wound cards in your hand at any time and you die.
        if (++this.handWounds[p] >= this.rules.woundsToDie) {
          this.handN[p] = hn;
          this.drawN[p] = drawn;
          this.traceDrawn(p, hn);
          this.die(p, OUTCOME_THREE_WOUNDS);
          // Lost, or (Go On Without Me!) dead: a dead player draws no more.
          return;
        }
      }
    }
    this.handN[p] = hn;
    this.drawN[p] = drawn;
    this.traceDrawn(p, hn);
  }

  /** Trace: the hand p drew at the end of the play phase (before a death it causes). */
  private traceDrawn(p: number, hn: number): void {
    this.trace?.(`  p${p + 1} discards and draws ${hn === this.rules.handSize ? 'a new hand' : `${hn} card${hn === 1 ? '' : 's'}`}: ${this.names(this.hand, p * this.S, hn)}`);
  }

  // =============================== reserve phase ===============================
  /** rulebook: 2: Reserve Phase. */
  reservePhase(p: number): void {
    const onHuntBefore = this.anyOnHunt();
    let revealed = false;
    // Step 1: refill the reserve to four.
    while (this.reserveN < this.rules.refillTo) {
      const c = this.fateToReserve(false);
      if (c < 0) break;
      if (this.isRev9(c)) {
        revealed = true;
        break;
      }
      this.trace?.(`  reserve + ${this.name(c)}`);
    }
    // Step 2: one more card; repeat at will while the Rev-9 is not on the hunt.
    if (!revealed) {
      let again = true;
      while (again) {
        const c = this.fateToReserve(false);
        if (c < 0) break;
        if (this.isRev9(c)) {
          // The reserve phase ends immediately.
          revealed = true;
          break;
        }
        this.trace?.(`  reserve + ${this.name(c)}`);
        again = false;
        if (!onHuntBefore && !this.anyOnHunt() && this.fateN > 0) {
          this.opts[0] = 0;
          this.opts[1] = 1;
          again = this.ask(DECISION.EXTRA_DRAW, 2, false, p) === 1;
          if (again) this.trace?.(`  p${p + 1} draws an extra reserve card`);
        }
      }
    }
    if (this.setup.neuralNet && this.nnHandN > 0) {
      // rulebook: Neural Net Processor — at the end of each reserve phase the Rev-9 player may add a
      // card from their hand to the reserve and draw from the Rev-9 deck.
      for (let i = 0; i < this.nnHandN; i++) this.opts[i] = i;
      const j = this.ask(DECISION.NEURAL_NET, this.nnHandN, true, -1);
      if (j >= 0) {
        const inst = this.nnHand[j];
        this.nnHand[j] = this.nnHand[--this.nnHandN];
        this.addReserve(inst);
        this.trace?.(`  the Rev-9 player adds ${this.name(inst)} to the reserve`);
        if (this.nnDeckN > 0) this.nnHand[this.nnHandN++] = this.nnDeck[--this.nnDeckN];
      }
    }
  }

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
    if (damaged) {
      // rulebook: Hunt Phase — if the Rev-9 is damaged the current player may choose to flee.
      let flee = forced;
      if (!flee) {
        this.opts[0] = 0;
        this.opts[1] = 1;
        flee = this.ask(DECISION.FLEE, 2, false, p) === 1;
      }
      // rulebook: Multiple Rev-9s in Play — "you may flee multiple Rev-9s" and "they hunt separately":
      // the player picks which damaged ones flee; an undamaged Rev-9 cannot flee, so it still hunts
      // (Hunt Phase: "If they are unwilling or unable to flee, the Rev-9 hunts").
      if (flee) {
        let mask = 0;
        let m = 0;
        for (let k = 0; k < this.rev9N; k++) {
          if (this.r9Where[k] === REV9_HUNT && this.r9Dmg[k] > 0) {
            mask |= 1 << k;
            m++;
          }
        }
        // A forced flee (the Damaged Endo's) takes every damaged Rev-9, as before the choice existed.
        if (!forced && m > 1) mask = this.opts[this.ask(DECISION.FLEE_WHICH, this.fleeChoices(mask), false, p)];
        this.flee(forced, mask);
        // rulebook: Flee; Multiple Rev-9s in Play — "End the hunt phase" (read literally when fleeEndsHunt).
        if (this.rules.fleeEndsHunt) return;
      }
    }
    // rulebook: Multiple Rev-9s — they hunt separately, in the order the current player chooses.
    for (let left = hunters; left > 0 && this.outcome === OUTCOME_NONE; left--) {
      let n = 0;
      for (let k = 0; k < this.rev9N; k++) if (this.r9Hunting[k] && this.r9Where[k] === REV9_HUNT) this.opts[n++] = k;
      if (n === 0) break;
      const k = this.opts[n === 1 ? 0 : this.ask(DECISION.HUNT_ORDER, n, false, p)];
      this.r9Hunting[k] = 0;
      this.hunt(k);
    }
  }

  /** Player `who` discards up to `count` cards of their choice (`decision` says why). */
  private discardFromHand(who: number, count: number, decision: number): void {
    for (let d = 0; d < count && this.handN[who] > 0; d++) {
      const inst = this.removeFromHand(who, this.askHandSlot(decision, who, false));
      this.toDiscard(who, inst);
      this.trace?.(`    p${who + 1} discards ${this.name(inst)}`);
    }
  }

  /** FLEE_WHICH's options: every non-empty subset of `damaged` (a bitmask over Rev-9 indices), all of them first. */
  private fleeChoices(damaged: number): number {
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
    for (let i = 0; i < damage && this.fateN > 0; i++) this.tmp[m++] = this.fatePopTop();
    shuffleInPlace(this.rng, this.tmp, 0, m);
    for (let i = m - 1; i >= 0; i--) this.fatePushTop(this.tmp[i]);
  }

  /** rulebook: Hunt — activate reserve hostiles up to the hunt value, then draw the rest from the fate deck. */
  hunt(k: number): void {
    const c = this.cards;
    let h = this.rev9HuntValue(k);
    this.trace?.(`  Rev-9 ${c.rev9[this.r9Version[k]].name} hunts (hunt value ${h})`);
    this.inHunt = true;
    const kw = c.kw;
    const reserveType = this.reserveType;
    const opts = this.opts;
    while (h > 0 && this.outcome === OUTCOME_NONE && this.reserveHostiles > 0) {
      let n = 0;
      // Stop once every hostile is listed (the counter says how many there are).
      for (let j = 0, left = this.reserveHostiles, rn = this.reserveN; j < rn && n < left; j++) if (kw[reserveType[j]] & KW.HOSTILE) opts[n++] = j;
      if (n === 0) break;
      // rulebook: Hunt — in any order of your choosing.
      const j = this.opts[n === 1 ? 0 : this.ask(DECISION.HOSTILE_ORDER, n, false, this.current)];
      this.trace?.(`    reserve card ${j + 1}, ${this.name(this.reserve[j])}${this.reserveDmg[j] ? ` [${this.reserveDmg[j]} dmg]` : ''}, leaves the reserve to activate`);
      const inst = this.removeReserve(j);
      h--;
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
        this.activate(inst);
      }
      else if (kw & KW.LOCATION) {
        this.fatePushBottom(inst);
        this.trace?.(`    drawn: ${this.name(inst)} (location) goes to the bottom`);
      } else {
        this.destroy(inst);
        this.trace?.(`    drawn: ${this.name(inst)} is destroyed`);
      }
    }
    this.inHunt = false;
  }

  /** rulebook: Glossary, Activate — resolve the hostile's text, then put it at the bottom of the fate deck. */
  private activate(inst: number): void {
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
        this.resolve(c.sec[dt * SECTIONS + SEC_DEFENSE], c.sec[dt * SECTIONS + SEC_DEFENSE + 1], q);
        this.toDiscard(q, card);
        defended = true;
      }
    }
    if (!defended) this.resolve(c.sec[t * SECTIONS + SEC_ACTIVATE], c.sec[t * SECTIONS + SEC_ACTIVATE + 1], this.current);
    this.limbo = -1;
    this.fatePushBottom(inst);
  }

  /** rulebook: 4: End of Turn. The Liquid Exoskeleton heals (public fact; amount assumed). */
  private endOfTurn(): void {
    for (let k = 0; k < this.rev9N; k++) {
      if (this.r9Where[k] !== REV9_HUNT) continue;
      const regen = this.cards.rev9[this.r9Version[k]].regen;
      if (regen > 0 && this.r9Dmg[k] > 0) {
        this.r9Dmg[k] = Math.max(0, this.r9Dmg[k] - regen);
        this.trace?.(`  Rev-9 ${this.cards.rev9[this.r9Version[k]].name} heals to ${this.r9Dmg[k]} damage`);
      }
    }
  }

  // =============================== checks and trace ===============================
  /**
   * Card conservation: every card instance is in exactly one zone. Returns null when it holds,
   * else a description. Also checks counts are in range. (Tests only: allocates.)
   */
  checkConservation(): string | null {
    const seen = new Int32Array(this.nInst);
    const S = this.S;
    const mark = (inst: number, zone: string): string | null => {
      if (inst < 0 || inst >= this.nInst) return `${zone}: bad card ${inst}`;
      seen[inst]++;
      return null;
    };
    const zones: [string, () => Iterable<number>][] = [];
    const list = (arr: Int16Array, from: number, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(arr[from + i]);
      return out;
    };
    const counts = [this.fateN, this.reserveN, this.woundN, this.destroyedN, this.nnHandN, this.nnDeckN, this.playedN];
    for (const x of counts) if (x < 0) return `negative zone count ${x}`;
    zones.push(['fate', () => Array.from({ length: this.fateN }, (_, d) => this.fateAt(d))]);
    zones.push(['reserve', () => list(this.reserve, 0, this.reserveN)]);
    zones.push(['wounds', () => list(this.woundPile, 0, this.woundN)]);
    zones.push(['destroyed', () => list(this.destroyed, 0, this.destroyedN)]);
    zones.push(['played', () => list(this.played, 0, this.playedN)]);
    zones.push(['nnHand', () => list(this.nnHand, 0, this.nnHandN)]);
    zones.push(['nnDeck', () => list(this.nnDeck, 0, this.nnDeckN)]);
    if (this.limbo >= 0) zones.push(['limbo', () => [this.limbo]]);
    if (this.pending >= 0) zones.push(['pending', () => [this.pending]]);
    for (let p = 0; p < this.players; p++) {
      for (const x of [this.drawN[p], this.handN[p], this.discardN[p], this.skillsN[p]]) if (x < 0) return `negative count for p${p + 1}`;
      zones.push([`p${p + 1} draw`, () => list(this.drawPile, p * S, this.drawN[p])]);
      zones.push([`p${p + 1} hand`, () => list(this.hand, p * S, this.handN[p])]);
      zones.push([`p${p + 1} discard`, () => list(this.discard, p * S, this.discardN[p])]);
      zones.push([`p${p + 1} skills`, () => list(this.skills, p * S, this.skillsN[p])]);
      for (let i = 0; i < this.handN[p]; i++) if (this.handType[p * S + i] !== this.instType[this.hand[p * S + i]]) return `p${p + 1}: hand slot ${i} type out of step`;
      let w = 0;
      for (let i = 0; i < this.handN[p]; i++) if (this.instType[this.hand[p * S + i]] === this.cards.woundType) w++;
      if (w !== this.handWounds[p]) return `p${p + 1}: wound counter ${this.handWounds[p]} but ${w} wounds in hand`;
      let l = 0;
      for (let i = 0; i < this.handN[p]; i++) if (this.cards.kw[this.instType[this.hand[p * S + i]]] & KW.LEADERSHIP) l++;
      if (l !== this.handLeaders[p]) return `p${p + 1}: leadership counter ${this.handLeaders[p]} but ${l} in hand`;
      let d = 0;
      for (let i = 0; i < this.handN[p]; i++) if (this.cards.kw[this.instType[this.hand[p * S + i]]] & KW.DEFENSE) d++;
      if (d !== this.handDefense[p]) return `p${p + 1}: defense counter ${this.handDefense[p]} but ${d} in hand`;
    }
    for (const [zone, items] of zones) {
      for (const inst of items()) {
        const err = mark(inst, zone);
        if (err) return err;
        if (this.isRev9(inst)) {
          const k = inst - this.rev9Base;
          if (zone !== 'fate' || this.r9Where[k] !== REV9_FATE) return `Rev-9 ${k} in ${zone} but marked ${this.r9Where[k]}`;
        }
      }
    }
    for (let k = 0; k < this.rev9N; k++) if (this.r9Where[k] !== REV9_FATE) seen[this.rev9Base + k]++;
    for (let i = 0; i < this.nInst; i++) if (seen[i] !== 1) return `card ${i} (${this.name(i)}) is in ${seen[i]} zones`;
    for (let k = 0; k < this.rev9N; k++) if (this.r9Dmg[k] < 0) return `negative damage on Rev-9 ${k}`;
    if (this.fight < 0 || this.supply < 0 || this.locationSupply < 0) return 'negative fight or supply';
    for (let j = 0; j < this.reserveN; j++) if (this.reserveType[j] !== this.instType[this.reserve[j]]) return `reserve slot ${j} type out of step`;
    let hostiles = 0;
    for (let j = 0; j < this.reserveN; j++) if (this.cards.kw[this.instType[this.reserve[j]]] & KW.HOSTILE) hostiles++;
    if (hostiles !== this.reserveHostiles) return `hostile counter ${this.reserveHostiles} but ${hostiles} hostiles in the reserve`;
    return null;
  }

  // ---- test support (boardgame.io's habit: helpers for hand-built positions ship with the engine) ----
  /** The `nth` card instance of type `type` (throws if there is none). */
  instanceOf(type: number, nth = 0): number {
    for (let i = 0; i < this.nInst; i++) if (this.instType[i] === type && nth-- === 0) return i;
    throw new Error(`no instance ${nth} of card type ${type}`);
  }
  /** Replaces a zone's contents (bottom first for piles; hand slots in order). Tests only. */
  setZone(zone: 'hand' | 'draw' | 'discard' | 'skills', p: number, insts: number[]): void {
    const arr = zone === 'hand' ? this.hand : zone === 'draw' ? this.drawPile : zone === 'discard' ? this.discard : this.skills;
    const counts = zone === 'hand' ? this.handN : zone === 'draw' ? this.drawN : zone === 'discard' ? this.discardN : this.skillsN;
    insts.forEach((x, i) => (arr[p * this.S + i] = x));
    if (zone === 'hand') insts.forEach((x, i) => (this.handType[p * this.S + i] = this.instType[x]));
    counts[p] = insts.length;
    if (zone === 'hand') {
      this.handWounds[p] = insts.filter((x) => this.instType[x] === this.cards.woundType).length;
      this.handLeaders[p] = insts.filter((x) => this.cards.kw[this.instType[x]] & KW.LEADERSHIP).length;
      this.handDefense[p] = insts.filter((x) => this.cards.kw[this.instType[x]] & KW.DEFENSE).length;
    }
  }
  /** Replaces the fate deck, top first. Tests only. */
  setFate(insts: number[]): void {
    this.fateHead = 0;
    this.fateN = 0;
    for (const x of insts) this.fatePushBottom(x);
  }
  /** Replaces the reserve (with optional damage per card). Tests only. */
  setReserve(insts: number[], damage: number[] = []): void {
    insts.forEach((x, i) => {
      this.reserve[i] = x;
      this.reserveType[i] = this.instType[x];
      this.reserveDmg[i] = damage[i] ?? 0;
    });
    this.reserveN = insts.length;
    this.reserveHostiles = insts.filter((x) => this.cards.kw[this.instType[x]] & KW.HOSTILE).length;
  }
  /**
   * Puts Rev-9 k in `where` with `damage`, moving its card so that the zones stay consistent: a
   * Rev-9 card is in the fate deck exactly when it is marked REV9_FATE. Leaving the fate deck
   * takes the card out of it (the other cards keep their order); entering it puts the card on top
   * (a following setFate replaces the deck anyway). Tests only.
   */
  setRev9(k: number, where: number, damage = 0): void {
    const inst = this.rev9Base + k;
    let at = -1;
    for (let d = 0; d < this.fateN; d++) if (this.fateAt(d) === inst) at = d;
    if (where !== REV9_FATE && at >= 0) {
      for (let d = at; d > 0; d--) this.fate[(this.fateHead + d) & this.fateMask] = this.fateAt(d - 1);
      this.fatePopTop();
    } else if (where === REV9_FATE && at < 0) {
      this.fatePushTop(inst);
    }
    this.r9Where[k] = where;
    this.r9Dmg[k] = damage;
  }
  /** Sets the wound deck to `n` wound cards. Tests only. */
  setWoundsLeft(n: number): void {
    this.woundN = n;
  }

  private names(arr: Int16Array, from: number, n: number): string {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.name(arr[from + i]));
    return out.join(', ') || '(none)';
  }

  private traceSetup(): void {
    if (!this.trace) return;
    const v = this.cards.rev9[this.setup.rev9];
    this.trace(`SET-UP: ${this.players} player(s); Rev-9 ${v.name} (hunt ${v.hunt}, stagger ${v.stagger}) shuffled into the top ${this.rules.rev9Depth + 1} fate cards`);
    this.trace(`  (each turn: "fate N" counts the fate deck, a Rev-9 in it included; "reserve card K" is the K-th card of the reserve line)`);
    this.trace(`  reserve: ${this.names(this.reserve, 0, this.reserveN)}`);
    for (let p = 0; p < this.players; p++) {
      const chars = this.setup.solo ? this.setup.characters.map((c) => this.cards.characters[c].name).join(' + ') : this.cards.characters[this.setup.characters[p]].name;
      this.trace(`  p${p + 1} (${chars}) hand: ${this.names(this.hand, p * this.S, this.handN[p])}`);
    }
    this.trace(`  first player: p${this.current + 1}`);
  }

  private traceTurn(p: number): void {
    if (!this.trace) return;
    const parts: string[] = [];
    for (let k = 0; k < this.rev9N; k++) {
      const where = ['out', 'in the fate deck', 'ON THE HUNT', 'destroyed'][this.r9Where[k]];
      parts.push(`${this.cards.rev9[this.r9Version[k]].name} ${where}${this.r9Where[k] === REV9_HUNT ? ` (${this.r9Dmg[k]} damage)` : ''}`);
    }
    this.trace(`TURN ${this.turn}: p${p + 1} (${this.cards.characters[this.activeCharacter[p]].name})${this.dead[p] ? ' [dead]' : ''}; ${parts.join('; ')}; fate ${this.fateN}, wounds left ${this.woundN}`);
    this.trace(`  hand: ${this.names(this.hand, p * this.S, this.handN[p])}`);
    const res: string[] = [];
    for (let j = 0; j < this.reserveN; j++) res.push(this.name(this.reserve[j]) + (this.reserveDmg[j] ? ` [${this.reserveDmg[j]} dmg]` : ''));
    this.trace(`  reserve: ${res.join(', ') || '(empty)'}`);
  }
}
