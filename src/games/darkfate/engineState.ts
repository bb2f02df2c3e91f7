// Dark Fate engine, layer 1 of 7: the state and the view. Every zone is a preallocated typed
// array, allocated once per engine and reset per game (engine.ts): card instances are small
// integers (fate cards, wounds, starters, then the Rev-9 cards), zones are Int16Array stacks, the
// fate deck is a ring buffer (cards go to its top and bottom). The engine is one object whose
// class is a chain, one file per concern (a chain, not free functions, so the hot path keeps its
// `this.` calls and V8 sees one object shape): state and view (here) ← zones.ts (zone primitives)
// ← effects.ts (the card-text interpreter) ← playPhase.ts ← reservePhase.ts ← huntPhase.ts ←
// engine.ts (set-up and turn structure). Trace text, the conservation check and the setters of
// hand-built test positions are free functions over the state (trace.ts, conservation.ts,
// engineFixtures.ts).
//
// Members: a policy reads only the DarkFateView members (built-in policies get the engine itself,
// typed as the view; a user module gets a read-only facade with those members only:
// userPolicy.ts). The other public members are engine internals for the engine's own files.
import { shownAnswer } from '../../core/gameError.js';
import type { Rng } from '../../core/rng.js';
import type { CardTable } from './cardData.js';
import type { DarkFateRules, DarkFateSetup } from './darkfateRules.js';
import { OUTCOME_NONE } from './darkfateRules.js';
import { KW, OP, SECTIONS, SEC_PLAY } from './ops.js';
import { decisionName, REV9_FATE, type DarkFatePolicy, type DarkFateView } from './policy.js';

/**
 * Where a resumable decision is being asked (resumeCtx): the engine contract's resume
 * (decisionEngine.ts) answers it from a restored snapshot and plays on from there. Each names the
 * decision and the call stack above it, whose locals the engine keeps in fields (the rs* and hunt*
 * fields) while it asks. 0: the decision being asked (if any) cannot be resumed.
 */
export const RESUME_NONE = 0;
/** ACTION in the play phase loop. */
export const RESUME_ACTION = 1;
/** DISCARD_COST or DISCARD_FORCED in the text of a card played in the play phase (its own or a leadership card). */
export const RESUME_PLAY_DISCARD = 2;
/** DISCARD_COST or DISCARD_FORCED in the text of a hostile activated by a hunt. */
export const RESUME_HUNT_DISCARD = 3;
/** GAIN_RECIPIENT of a card bought in the play phase. */
export const RESUME_BUY_RECIPIENT = 4;
/** GAIN_RECIPIENT of a card gained free by the text of a card played in the play phase. */
export const RESUME_PLAY_GAIN_RECIPIENT = 5;
/** EXTRA_DRAW in the reserve phase. */
export const RESUME_EXTRA_DRAW = 6;
/** FLEE at the start of the hunt phase. */
export const RESUME_FLEE = 7;
/** FLEE_WHICH after FLEE was answered yes. */
export const RESUME_FLEE_WHICH = 8;

/** What a text is resolved for (resolveIn): a card played in the play phase and a hostile activated by a hunt can be resumed inside. */
export const RESOLVE_OTHER = 0;
export const RESOLVE_PLAY = 1;
export const RESOLVE_ACTIVATE = 2;

/** handBits flags: what the per-hand counters count. */
export const HAND_WOUND = 1;
export const HAND_LEADER = 2;
export const HAND_DEFENSE = 4;
/** playInfo's layout: per card type PLAY_STRIDE words; PLAY_HOW's values (a skill stays in front of its player; a self-destroying card is destroyed). */
export const PLAY_STRIDE = 8;
export const PLAY_HOW = 0;
export const PLAY_FIGHT = 1;
export const PLAY_SUPPLY = 2;
export const PLAY_FROM = 3;
export const PLAY_TO = 4;
export const PLAY_AS_SKILL = 1;
export const PLAY_DESTROYED = 2;
/** instOwnKind beyond the finisher kinds (1 ordinary, 2 special): a Wound; OWN_KINDS counters per player. */
export const OWN_WOUND = 3;
export const OWN_KINDS = 3;

export class EngineState implements DarkFateView {
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
  /** The game's random stream (set by reset): handed to the policy as its first argument, never part of the view. */
  rng!: Rng;

  // ---- outcome and statistics of the last game ----
  outcome = OUTCOME_NONE;
  staggers = 0;
  rev9Destroyed = 0;
  flees = 0;
  woundsTaken = 0;

  // ---- designer statistics of the last game (darkfateSim records them) ----
  /** Per card type: copies gained (bought or free; not locations), player turns a location was bought in, player turns a card was played in, copies a hunt destroyed, Rev-9s it destroyed. */
  readonly statGained: Int32Array;
  readonly statBoughtTurns: Int32Array;
  readonly statPlayedTurns: Int32Array;
  readonly statHuntDestroyed: Int32Array;
  readonly statFinished: Int32Array;
  /** The turn each type was last counted in statPlayedTurns / statBoughtTurns (one count per turn). */
  readonly statPlayedMark: Int32Array;
  readonly statBoughtMark: Int32Array;
  /** Per seat (player index): wound cards taken, 1 if that player died, cards gained into that player's discard pile. */
  readonly statSeatWounds: Int32Array;
  readonly statSeatDied: Uint8Array;
  readonly statSeatGained: Int32Array;
  /** Per character (solo mode): player turns played as that character. */
  readonly statCharTurns: Int32Array;
  /** The seat that played first. */
  firstPlayer = 0;

  // ---- instances ----
  readonly nInst: number;
  readonly instType: Int16Array;
  readonly fateInstN: number;
  readonly woundBase: number;
  readonly starterBase: number;
  readonly startersPerPlayer: number;
  readonly rev9Base: number;
  readonly rev9N: number;
  readonly selfDestroy: Uint8Array;
  /**
   * Per card type t, at t * PLAY_STRIDE: what playing it does, in one place (playCard's loads):
   * PLAY_HOW (PLAY_AS_SKILL, PLAY_DESTROYED or 0: into play), its printed fight and supply, and its
   * play section's ops [from, to).
   */
  readonly playInfo: Int32Array;
  /** Per instance: HAND_WOUND | HAND_LEADER | HAND_DEFENSE (one load instead of type + keyword + wound checks on every hand move). */
  readonly handBits: Uint8Array;
  /** Keyword bits per instance (0 for a Rev-9): saves the instType lookup in the reserve and hunt loops. */
  readonly instKw: Int32Array;
  /** Lowest cost of any gainable card type (a bound for skipping buy scans). */
  readonly minCost: number;
  /** Per instance: fight when played (printed + text), and what it counts as among the owned kinds (OWN_*: 0 nothing, a finisher of kind 1 ordinary or 2 special, a Wound): what the owned counters add up. */
  readonly instFight: Int16Array;
  readonly instOwnKind: Int8Array;

  // ---- zones ----
  /** The fate deck before the set-up shuffle, and the Rev-9 deck (Neural Net Processor): fixed per engine. */
  readonly fateStart: Int16Array;
  readonly nnStart: Int16Array;
  readonly S: number;
  readonly fate: Int16Array;
  /**
   * Per fate ring slot: 1 when the players know which card is there (one they saw go to the
   * bottom: an activated or driven-off hostile, a location), 0 when it is face down unseen (the
   * set-up shuffle, the cards of a flee). The determinizer re-deals only the unknown slots.
   */
  readonly fateKnown: Uint8Array;
  readonly fateMask: number;
  fateHead = 0;
  fateN = 0;
  /** Cards put on top of the fate deck minus cards taken from its top, ever (the Rev-9 windows are relative to it). */
  topOffset = 0;
  readonly reserve: Int16Array;
  /** Card type per reserve slot (instType of reserve[j], kept alongside): one load for reserveCard and the reserve scans. */
  readonly reserveType: Int16Array;
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
  readonly handType: Int16Array;
  readonly handN: Int32Array;
  readonly handWounds: Int32Array;
  /** Leadership cards per hand: lets legalActions skip other hands that hold none. */
  readonly handLeaders: Int32Array;
  /** Defense cards per hand: lets an attack skip the hands that hold none. */
  readonly handDefense: Int32Array;
  /**
   * Per player, over the cards p owns in draw pile, hand and discard pile together AND p's cards
   * played this turn (in `played`, back to p's discard pile at the end of the play phase): the sum
   * of instFight, and in ownKinds[OWN_KINDS * p + kind - 1] the finishers of each kind (1, 2) and
   * the Wounds (OWN_WOUND). Kept in step where a card joins or leaves those zones (ownIn, ownOut: a
   * gain, a wound, a card rested, destroyed, or played as a skill or a self-destroying card; a card
   * played and back, or moves among the zones, change nothing), so a policy reads a player's deck
   * totals without scanning every card. The view's owned* subtract the few cards in play
   * (ownedFight: the cards outside play only).
   */
  readonly ownFight: Int32Array;
  readonly ownKinds: Int32Array;
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
  inHunt = false;
  /** A gained card waiting for its recipient (GAIN_RECIPIENT): -1 when none. */
  pending = -1;
  /** The card being played while its text resolves (DISCARD_COST, DESTROY_FROM_HAND, DESTROY_REV9 are about it): -1 when none. */
  playing = -1;
  /** Card types played this play phase, in order (skills, self-destroying and leadership cards included): what the view shows as played this turn. */
  readonly turnPlayed: Int16Array;
  turnPlayedN = 0;
  /** Optional hook called after the set-up and after each phase of a turn (PHASE_*; conformance checks); null in Monte Carlo runs. */
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
  readonly r9Hunting: Uint8Array;
  /** Rev-9 k in the fate deck is known to be among its top r9WinBase[k] + topOffset cards (rev9Window). */
  readonly r9WinBase: Int32Array;

  // ---- a player's draw pile as a set (drawPileCard): sorted by type on demand ----
  /** Bumped whenever p's draw pile changes; drawSorted of p is valid while sortedVer[p] equals it. */
  readonly drawVer: Int32Array;
  readonly sortedVer: Int32Array;
  readonly drawSorted: Int16Array;
  readonly typeScratch: Int32Array;

  // ---- where the decision being asked sits (the engine contract's resume: decisionEngine.ts) ----
  /** RESUME_*: the resumable decision being asked, or RESUME_NONE. Set by askAt for the length of the ask. */
  resumeCtx = RESUME_NONE;
  /** The play phase's first action is still to come (resting allowed). */
  playFirst = false;
  /** RESOLVE_*: what the text being resolved belongs to. */
  resolveIn = RESOLVE_OTHER;
  /** The text being resolved at a discard or free gain: op index, end, player, whether they were dead when it began. */
  rsOp = 0;
  rsTo = 0;
  rsWho = 0;
  rsWasDead = 0;
  /** The discard being asked: its index d in [0, count), count, and its decision code. */
  rsD = 0;
  rsCount = 0;
  rsDecision = 0;
  /** The hunt phase's loop (Rev-9 hunts still to come, counting the current one) and the current hunt (Rev-9, hunt value left, 0: from the reserve, 1: from the fate deck). */
  huntLeft = 0;
  huntK = 0;
  huntH = 0;
  huntStage = 0;

  // ---- scratch ----
  readonly opts: Int32Array;
  readonly tmp: Int16Array;

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
    this.playInfo = new Int32Array(cards.nTypes * PLAY_STRIDE);
    for (let t = 0; t < cards.nTypes; t++) {
      const at = t * PLAY_STRIDE;
      this.playInfo[at + PLAY_HOW] = cards.kw[t] & KW.SKILL ? PLAY_AS_SKILL : this.selfDestroy[t] ? PLAY_DESTROYED : 0;
      this.playInfo[at + PLAY_FIGHT] = cards.fight[t];
      this.playInfo[at + PLAY_SUPPLY] = cards.supply[t];
      this.playInfo[at + PLAY_FROM] = cards.sec[t * SECTIONS + SEC_PLAY];
      this.playInfo[at + PLAY_TO] = cards.sec[t * SECTIONS + SEC_PLAY + 1];
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
    this.instFight = new Int16Array(this.nInst);
    this.instOwnKind = new Int8Array(this.nInst);
    for (let i = 0; i < this.nInst; i++) {
      const t = this.instType[i];
      if (t >= cards.nTypes) continue; // a Rev-9 card is never owned
      this.instFight[i] = cards.fight[t] + cards.textFight[t];
      this.instOwnKind[i] = t === cards.woundType ? OWN_WOUND : cards.finisher[t];
    }
    const S = this.nInst;
    this.S = S;
    let cap = 1;
    while (cap < S + 1) cap <<= 1;
    this.fate = new Int16Array(cap);
    this.fateKnown = new Uint8Array(cap);
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
    this.ownFight = new Int32Array(P);
    this.ownKinds = new Int32Array(OWN_KINDS * P);
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
    this.r9WinBase = new Int32Array(this.rev9N);
    this.drawVer = new Int32Array(P);
    this.sortedVer = new Int32Array(P).fill(-1);
    this.drawSorted = new Int16Array(P * S);
    this.typeScratch = new Int32Array(cards.nTypes);
    this.turnPlayed = new Int16Array(S);
    const T = cards.nTypes;
    this.statGained = new Int32Array(T);
    this.statBoughtTurns = new Int32Array(T);
    this.statPlayedTurns = new Int32Array(T);
    this.statHuntDestroyed = new Int32Array(T);
    this.statFinished = new Int32Array(T);
    this.statPlayedMark = new Int32Array(T);
    this.statBoughtMark = new Int32Array(T);
    this.statSeatWounds = new Int32Array(P);
    this.statSeatDied = new Uint8Array(P);
    this.statSeatGained = new Int32Array(P);
    this.statCharTurns = new Int32Array(cards.characters.length);
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
  rev9Window(k: number): number {
    if (this.r9Where[k] !== REV9_FATE) return 0;
    const w = this.r9WinBase[k] + this.topOffset;
    return w < this.fateN ? w : this.fateN;
  }
  drawPileCard(p: number, i: number): number {
    if (this.sortedVer[p] !== this.drawVer[p]) this.sortDrawPile(p);
    return this.drawSorted[p * this.S + i];
  }
  playedCount(): number {
    return this.turnPlayedN;
  }
  playedCard(i: number): number {
    return this.turnPlayed[i];
  }
  decisionCard(): number {
    const inst = this.pending >= 0 ? this.pending : this.limbo >= 0 ? this.limbo : this.playing;
    return inst >= 0 ? this.instType[inst] : -1;
  }
  nnHandCount(): number {
    return this.nnHandN;
  }
  nnHandCard(i: number): number {
    return this.instType[this.nnHand[i]];
  }
  ownedFight(p: number): number {
    // The counter includes p's cards in play this turn (ownFight): take them off.
    let f = this.ownFight[p];
    for (let i = 0, n = this.playedN; i < n; i++) if (this.playedOwner[i] === p) f -= this.instFight[this.played[i]];
    return f;
  }
  ownedFinishers(p: number, kind: number): number {
    return kind === 1 || kind === 2 ? this.ownedOfKind(p, kind) : 0;
  }
  ownedWounds(p: number): number {
    return this.ownedOfKind(p, OWN_WOUND);
  }
  /** ownKinds of p for `kind` (OWN_*), less p's cards of that kind in play this turn. */
  private ownedOfKind(p: number, kind: number): number {
    let n = this.ownKinds[OWN_KINDS * p + kind - 1];
    for (let i = 0, m = this.playedN; i < m; i++) if (this.playedOwner[i] === p && this.instOwnKind[this.played[i]] === kind) n--;
    return n;
  }

  /** Copies the per-game statistics of `src` (same shape): part of a snapshot (engineSnapshot.ts). */
  copyStatsFrom(src: EngineState): void {
    this.statGained.set(src.statGained);
    this.statBoughtTurns.set(src.statBoughtTurns);
    this.statPlayedTurns.set(src.statPlayedTurns);
    this.statHuntDestroyed.set(src.statHuntDestroyed);
    this.statFinished.set(src.statFinished);
    this.statPlayedMark.set(src.statPlayedMark);
    this.statBoughtMark.set(src.statBoughtMark);
    this.statSeatWounds.set(src.statSeatWounds);
    this.statSeatDied.set(src.statSeatDied);
    this.statSeatGained.set(src.statSeatGained);
    this.statCharTurns.set(src.statCharTurns);
    this.firstPlayer = src.firstPlayer;
  }

  /** Zeroes the designer statistics (at each game's set-up). */
  resetStats(): void {
    this.statGained.fill(0);
    this.statBoughtTurns.fill(0);
    this.statPlayedTurns.fill(0);
    this.statHuntDestroyed.fill(0);
    this.statFinished.fill(0);
    this.statPlayedMark.fill(-1);
    this.statBoughtMark.fill(-1);
    this.statSeatWounds.fill(0);
    this.statSeatDied.fill(0);
    this.statSeatGained.fill(0);
    this.statCharTurns.fill(0);
  }

  // =============================== helpers ===============================
  /** Card inst joins the cards p owns (gained, a wound): the owned counters. */
  protected ownIn(p: number, inst: number): void {
    this.ownFight[p] += this.instFight[inst];
    const f = this.instOwnKind[inst];
    if (f !== 0) this.ownKinds[OWN_KINDS * p + f - 1]++;
  }
  /** Card inst leaves the cards p owns (rested, destroyed, played as a skill or self-destroying). */
  protected ownOut(p: number, inst: number): void {
    this.ownFight[p] -= this.instFight[inst];
    const f = this.instOwnKind[inst];
    if (f !== 0) this.ownKinds[OWN_KINDS * p + f - 1]--;
  }
  /** Sets p's owned counters from the zones (set-up, hand-built positions). */
  recountOwned(p: number): void {
    const base = p * this.S;
    this.ownFight[p] = 0;
    this.ownKinds.fill(0, OWN_KINDS * p, OWN_KINDS * (p + 1));
    for (let i = 0; i < this.drawN[p]; i++) this.ownIn(p, this.drawPile[base + i]);
    for (let i = 0; i < this.handN[p]; i++) this.ownIn(p, this.hand[base + i]);
    for (let i = 0; i < this.discardN[p]; i++) this.ownIn(p, this.discard[base + i]);
    for (let i = 0; i < this.playedN; i++) if (this.playedOwner[i] === p) this.ownIn(p, this.played[i]);
  }
  /** Counting sort of p's draw pile by card type into drawSorted (what drawPileCard shows: the set, never the order). */
  private sortDrawPile(p: number): void {
    const cnt = this.typeScratch;
    cnt.fill(0);
    const base = p * this.S;
    const n = this.drawN[p];
    for (let i = 0; i < n; i++) cnt[this.instType[this.drawPile[base + i]]]++;
    let at = base;
    for (let t = 0; t < cnt.length; t++) for (let c = cnt[t]; c > 0; c--) this.drawSorted[at++] = t;
    this.sortedVer[p] = this.drawVer[p];
  }
  isRev9(inst: number): boolean {
    return inst >= this.rev9Base;
  }
  name(inst: number): string {
    const t = this.instType[inst];
    return t >= this.cards.nTypes ? `Rev-9 ${this.cards.rev9[this.r9Version[inst - this.rev9Base]].name}` : this.cards.names[t];
  }
  /** Card at depth d (0 = top) of the fate deck (engine internals: conservation, fixtures, trace; a policy never sees deck order). */
  fateAt(d: number): number {
    return this.fate[(this.fateHead + d) & this.fateMask];
  }
  /**
   * The one way a rule asks a player: decision `decision` over opts[0, n), made by `decider` (-1:
   * the Neural Net Rev-9 player). Returns the policy's index, checked: in [0, n), or -1 when allowNone.
   */
  protected ask(decision: number, n: number, allowNone: boolean, decider: number): number {
    this.deciding = decider;
    const r = this.policy.choose(this.rng, this, decision, this.opts, n, allowNone);
    if (!(Number.isInteger(r) && r < n && (r >= 0 || (allowNone && r === -1)))) {
      throw new Error(`policy ${this.policy.name}: decision ${decisionName(decision)} returned ${shownAnswer(r)}, expected an index in [0, ${n})${allowNone ? ' or -1' : ''}`);
    }
    return r;
  }
  /** ask, with the decision marked resumable at `ctx` (RESUME_*) while it is asked. */
  protected askAt(ctx: number, decision: number, n: number, allowNone: boolean, decider: number): number {
    this.resumeCtx = ctx;
    const r = this.ask(decision, n, allowNone, decider);
    this.resumeCtx = RESUME_NONE;
    return r;
  }
}
