// Level 3 of issue 17: whole Termination Scenario games. One TccgGame holds preallocated state for
// both sides (card instances in zones, characters and items on the board, pools, victory piles)
// and plays a game from its stream: set-up, then turns of rounds in the order `rules.roundOrder`
// names, each round played by the Resistance, then Skynet (the summary corrections: a turn is
// shared), only by the sides the opening band lets act. Every choice goes to the side's policy
// (gameDecisions.ts); every rule the digest states carries its section; every reading it does not
// is a parameter (gameRules.ts). Names appear only in traces.
import { NO_STOP } from '../../core/engine.js';
import type { Policy } from '../../core/policy.js';
import { rollDie, shuffleInPlace, type Rng } from '../../core/rng.js';
import { Board, boardCards, L_EXTERIOR, MAX_NODES } from './board.js';
import {
  E_DAMAGE,
  E_HEAL,
  E_HIT,
  E_POOL,
  E_RESIST,
  I_ARMOR,
  K_ANIMAL,
  K_BODY_ARMOR,
  K_DRONE,
  K_HK,
  K_IMPLANT,
  K_INFILTRATOR,
  K_LEADER,
  K_STEALTH,
  K_TERMINATOR,
  M_DEFEAT,
  M_ELIMINATE,
  M_FIND,
  M_PROTECT,
  M_REACH,
  R_LONG,
  S_RESISTANCE,
  S_SKYNET,
  T_EVENT,
  T_ITEM,
  T_MAIN,
  T_MISSION,
  T_SUPPORT,
  type CardTable,
} from './cardData.js';
import {
  ATTACK_DECOY,
  D_ATTACK,
  D_DECOY,
  D_DRONE_ENTRY,
  D_ESCORT,
  D_EVENT,
  D_MOVE,
  D_PICKUP,
  D_PLACE_END,
  D_PLACE_INTERIOR,
  D_POOL_RESIST,
  D_PRODUCE,
  D_SEARCH,
  EC_ATTACK,
  EC_DEFEND,
  EC_HEAL,
  EC_POOL,
  MAX_OPTIONS,
  PHASE_CLOSE,
  PHASE_RANGED,
} from './gameDecisions.js';
import type { GameRules } from './gameRules.js';
import { actsInTurn, handLimit, shuffleLocationDeck } from './opening.js';
import { leaveExtra, outnumberingCode } from './outnumbering.js';

/** What the game simulation receives (plain JSON, sent to worker threads). */
export interface GameSimParams {
  table: CardTable;
  /** Draw decks (card ids, one per copy), location decks, start cards; index 0 Resistance, 1 Skynet. */
  draw: [number[], number[]];
  locations: [number[], number[]];
  start: [number[], number[]];
  startLocation: [number, number];
  mainStreet: number;
  /** The Police Station card id (the protection site), or -1. */
  police: number;
  /** Opening band 0..4 (opening.ts). */
  band: number;
  rules: GameRules;
  /** Built-in policy names or absolute module paths, per side. */
  policies: [string, string];
  /** Content hashes of user modules (null for built-ins): part of the run's identity. */
  policyHashes?: [string | null, string | null];
  maxTurns: number;
  /** The search policy's settings (gameSearch.ts), when a side plays search. */
  search?: { iterations: number; depth: number; margin: number; decisions?: readonly number[] | null };
}

// Zones of a card instance.
export const Z_DECK = 0;
export const Z_HAND = 1;
export const Z_DISCARD = 2;
export const Z_PLAY = 3;
/** Out of the game: defeated humans (digest §メインキャラクター), items that went with them. */
export const Z_REMOVED = 4;
/** Victory piles: protected (Resistance) and eliminated (Skynet) supporting characters, scored missions. */
export const Z_PROTECTED = 5;
export const Z_ELIMINATED = 6;
export const Z_SCORED = 7;
export const ZONE_NAMES = ['deck', 'hand', 'discard', 'play', 'removed', 'protected', 'eliminated', 'scored'];

// Rounds (digest round names: 実演 = movement, 探索 = search, 戦闘 = combat).
export const RD_READY = 0;
export const RD_MOVEMENT = 1;
export const RD_DRAW = 2;
export const RD_COMBAT = 3;
export const RD_SEARCH = 4;
const ROUND_SEQUENCES: Record<GameRules['roundOrder'], readonly number[]> = {
  avp: [RD_READY, RD_MOVEMENT, RD_DRAW, RD_COMBAT, RD_SEARCH],
  drawFirst: [RD_READY, RD_DRAW, RD_MOVEMENT, RD_COMBAT, RD_SEARCH],
  combatLast: [RD_READY, RD_MOVEMENT, RD_DRAW, RD_SEARCH, RD_COMBAT],
};
/** Who plays a round of the turn's sequence: both sides (the Resistance, then Skynet), or one side only. */
const BOTH_SIDES = -1;

/** Hidden characters searching (parameter hiddenSearch), as codes. */
const HS_STAYS = 0;
const HS_REVEALS = 1;
const HS_CANNOT = 2;

// Win routes.
export const WIN_MAIN = 0;
export const WIN_IMPORTANCE = 1;
export const WIN_MISSIONS = 2;
export const ROUTE_NAMES = ['main characters', 'Importance', 'Mission Points'];

const MAX_DECOYS = 8;
const HAND_CAP = 64;
/** A round's loop (stStep): its list of characters is still to be made, or is being walked. */
const ST_LIST = 0;
const ST_LOOP = 1;

/** What a policy is asked through: a side's view (gameView.ts). */
export interface SideView {
  readonly side: number;
}

export class TccgGame {
  readonly p: GameSimParams;
  readonly rules: GameRules;
  readonly board: Board;
  // Card data compiled to typed arrays (by card id).
  readonly cType: Int8Array;
  readonly cSide: Int8Array;
  readonly cKw: Int32Array;
  readonly cSpeed: Int8Array;
  readonly cPower: Int8Array;
  readonly cInf: Int8Array;
  readonly cImp: Int8Array;
  readonly cCost: Int8Array;
  readonly cItem: Int8Array;
  readonly cDamage: Int8Array;
  readonly cRange: Int8Array;
  readonly cMelee: Int8Array;
  readonly cArmor: Int8Array;
  readonly cHit: Int8Array;
  readonly cSpeedBonus: Int8Array;
  readonly cProduction: Int8Array;
  readonly cDecoys: Int8Array;
  /** Locations: their features; supporting characters and human items: where they can be found (bit per feature name; 0 = anywhere). */
  readonly cFeatures: Int32Array;
  readonly cEffect: Int8Array;
  readonly cAmount: Int8Array;
  readonly cPoolCost: Int8Array;
  readonly cMission: Int8Array;
  readonly cMissionPlace: Int16Array;
  readonly cMissionPoints: Int8Array;
  // Card instances: [0, nDraw0) Resistance draw deck, then Skynet's, then the start cards of each side.
  readonly nInst: number;
  readonly instCard: Int16Array;
  readonly instSide: Int8Array;
  readonly zone: Int8Array;
  // Per-side piles (instance ids); the deck's top is its last entry.
  readonly deck: [Int16Array, Int16Array];
  readonly deckN = new Int32Array(2);
  readonly hand: [Int16Array, Int16Array];
  readonly handN = new Int32Array(2);
  readonly discard: [Int16Array, Int16Array];
  readonly discardN = new Int32Array(2);
  // On the board.
  readonly chars: Int16Array;
  nChars = 0;
  readonly items: Int16Array;
  nItems = 0;
  readonly node: Int16Array;
  readonly dmg: Int16Array;
  readonly rotated: Uint8Array;
  readonly hidden: Uint8Array;
  readonly decoyNode: Int16Array;
  readonly decoyN: Uint8Array;
  /** A disguised Infiltrator that has attacked: the Resistance may attack it (reveal infZero). */
  readonly exposed: Uint8Array;
  /** An Infiltrator whose disguise failed. */
  readonly revealed: Uint8Array;
  /** Supporting characters: the side commanding it, or -1. */
  readonly commander: Int8Array;
  /** Items: the character carrying it, or -1 (on the ground at itemNode). */
  readonly carrier: Int16Array;
  readonly itemNode: Int16Array;
  readonly attacked: Uint8Array;
  // Per side.
  readonly pool = new Int32Array(2);
  production = 0;
  readonly reshuffles = new Int32Array(2);
  readonly missionPoints = new Int32Array(2);
  readonly missionTurn = new Int32Array(2);
  readonly foundThisTurn = new Uint8Array(2);
  readonly defeatedThisTurn = new Uint8Array(2);
  protectedThisTurn = 0;
  eliminatedThisTurn = 0;
  droneEnteredTurn = 0;
  readonly protectedPile: Int16Array;
  nProtected = 0;
  readonly eliminatedPile: Int16Array;
  nEliminated = 0;
  /** Location decks as dealt, per side, drawn from the front. */
  readonly locDeck: [Int16Array, Int16Array];
  readonly locPos = new Int16Array(2);
  readonly locRemoved = new Int16Array(2);
  /** 1 while a drawn location waits for its placement decision. */
  readonly locPending = new Uint8Array(2);
  // Outcome.
  turn = 0;
  over = false;
  winner = -1;
  route = -1;
  contactTurn = 0;
  /** Main characters each side lost (defeated). */
  readonly mainLost = new Int32Array(2);
  // Decision context read through the views.
  deciding = -1;
  phase = PHASE_RANGED;
  eventContext = EC_POOL;
  decoyFrom = -1;
  escortTo = -1;
  /** The attack being resolved: attacker and target (for EC_DEFEND / D_POOL_RESIST), -1 otherwise. */
  attackBy = -1;
  attackOn = -1;
  // Where play is (so that a snapshot saved at a decision can be resumed: gameSearch.ts). The round
  // being played is roundSeq[rdIdx] of turn `turn` (rdIdx = roundSeq.length: the turn is done);
  // inside a round, stSide / stPhase / stStep / stK index its loops over `order` (stN characters).
  rdIdx = 0;
  stSide = 0;
  stPhase = 0;
  stStep = 0;
  stK = 0;
  stN = 0;
  /** The characters a round's loop walks (its main characters, listed when the loop starts). */
  readonly order: Int16Array;
  /** The game has ended: a victory, or the turn cap played out (play() returned). */
  finished = false;
  /** The decision being asked (-1 none) and the side asked. */
  asking = -1;
  askSide = -1;
  /** When set, answers every decision of both sides instead of `policies` (a search's playOn). */
  chooser: Policy<SideView> | null = null;
  readonly policies: [Policy<SideView>, Policy<SideView>];
  views: [SideView, SideView];
  rng!: Rng;
  /** Trace lines when set (sim tccg game --trace), else null: no strings built in the hot loop. */
  trace: string[] | null = null;
  /** Called after each round (conformance checks). */
  onStep: ((g: TccgGame, round: number) => void) | null = null;
  // Scratch.
  readonly opts = new Int32Array(MAX_OPTIONS);
  readonly cost = new Int16Array(MAX_NODES);
  readonly costHidden = new Int16Array(MAX_NODES);
  private readonly extra = new Int8Array(MAX_NODES);
  private readonly zeroExtra = new Int8Array(MAX_NODES);
  private readonly usedEffect = new Uint8Array(8);
  private readonly roundSeq: readonly number[];
  /** Per entry of roundSeq: the side that plays it, or BOTH_SIDES (reading turnOrder). */
  private readonly roundSides: readonly number[];
  private readonly outnumberRule: number;
  private readonly hiddenSearchRule: number;
  private atkHit = 0;
  private atkDamage = 0;
  private defResist = 0;
  readonly policeCard: number;
  readonly featureNames: string[];

  constructor(p: GameSimParams, policies: [Policy<SideView>, Policy<SideView>], views: [SideView, SideView]) {
    this.p = p;
    this.rules = p.rules;
    this.policies = policies;
    this.views = views;
    // rulebook: summary corrections (同一ターン内で全員が処理を行う) — both sides act in a turn, the Resistance first; round by round or side by side (reading turnOrder)
    const seq = ROUND_SEQUENCES[p.rules.roundOrder];
    this.roundSeq = p.rules.turnOrder === 'bySide' ? [...seq, ...seq] : seq;
    this.roundSides = p.rules.turnOrder === 'bySide' ? [...seq.map(() => S_RESISTANCE), ...seq.map(() => S_SKYNET)] : seq.map(() => BOTH_SIDES);
    this.outnumberRule = outnumberingCode(p.rules.outnumbering);
    this.hiddenSearchRule = p.rules.hiddenSearch === 'reveals' ? HS_REVEALS : p.rules.hiddenSearch === 'cannot' ? HS_CANNOT : HS_STAYS;
    const cards = p.table.cards;
    const n = cards.length;
    this.board = new Board(boardCards(p.table));
    const i8 = () => new Int8Array(n);
    this.cType = i8();
    this.cSide = i8();
    this.cKw = new Int32Array(n);
    this.cSpeed = i8();
    this.cPower = i8();
    this.cInf = i8();
    this.cImp = i8();
    this.cCost = i8();
    this.cItem = i8();
    this.cDamage = i8();
    this.cRange = i8();
    this.cMelee = i8();
    this.cArmor = i8();
    this.cHit = i8();
    this.cSpeedBonus = i8();
    this.cProduction = i8();
    this.cDecoys = i8();
    this.cFeatures = new Int32Array(n);
    this.cEffect = i8();
    this.cAmount = i8();
    this.cPoolCost = i8();
    this.cMission = i8();
    this.cMissionPlace = new Int16Array(n);
    this.cMissionPoints = i8();
    this.featureNames = [];
    const featureBit = (f: string) => {
      let i = this.featureNames.indexOf(f);
      if (i < 0) {
        if (this.featureNames.length >= 31) throw new Error('card data: more than 31 different features');
        i = this.featureNames.push(f) - 1;
      }
      return 1 << i;
    };
    cards.forEach((c, i) => {
      this.cType[i] = c.type;
      this.cSide[i] = c.side;
      this.cKw[i] = c.keywords;
      this.cSpeed[i] = c.speed;
      this.cPower[i] = c.power;
      this.cInf[i] = c.infiltration;
      this.cImp[i] = c.importance;
      this.cCost[i] = c.cost;
      this.cItem[i] = c.item;
      this.cDamage[i] = c.damage;
      this.cRange[i] = c.range;
      this.cMelee[i] = c.melee;
      this.cArmor[i] = c.armor;
      this.cHit[i] = c.hit;
      this.cSpeedBonus[i] = c.speedBonus;
      this.cProduction[i] = c.production;
      this.cDecoys[i] = Math.min(c.decoys, MAX_DECOYS);
      let fm = 0;
      for (const f of c.features) fm |= featureBit(f);
      this.cFeatures[i] = fm;
      this.cEffect[i] = c.effect;
      this.cAmount[i] = c.amount;
      this.cPoolCost[i] = c.poolCost;
      this.cMission[i] = c.mission;
      this.cMissionPlace[i] = c.missionPlace ? cards.findIndex((x) => x.name === c.missionPlace) : -1;
      this.cMissionPoints[i] = c.missionPoints;
    });
    this.policeCard = p.police;
    const ids: number[] = [...p.draw[0], ...p.draw[1], ...p.start[0], ...p.start[1]];
    const sides: number[] = [...p.draw[0].map(() => 0), ...p.draw[1].map(() => 1), ...p.start[0].map(() => 0), ...p.start[1].map(() => 1)];
    this.nInst = ids.length;
    const NI = this.nInst;
    this.instCard = Int16Array.from(ids);
    this.instSide = Int8Array.from(sides);
    this.zone = new Int8Array(NI);
    this.deck = [new Int16Array(NI), new Int16Array(NI)];
    this.hand = [new Int16Array(HAND_CAP), new Int16Array(HAND_CAP)];
    this.discard = [new Int16Array(NI), new Int16Array(NI)];
    this.chars = new Int16Array(NI);
    this.items = new Int16Array(NI);
    this.node = new Int16Array(NI);
    this.dmg = new Int16Array(NI);
    this.rotated = new Uint8Array(NI);
    this.hidden = new Uint8Array(NI);
    this.decoyNode = new Int16Array(NI * MAX_DECOYS);
    this.decoyN = new Uint8Array(NI);
    this.exposed = new Uint8Array(NI);
    this.revealed = new Uint8Array(NI);
    this.commander = new Int8Array(NI);
    this.carrier = new Int16Array(NI);
    this.itemNode = new Int16Array(NI);
    this.attacked = new Uint8Array(NI);
    this.order = new Int16Array(NI);
    this.protectedPile = new Int16Array(NI);
    this.eliminatedPile = new Int16Array(NI);
    this.locDeck = [Int16Array.from(p.locations[0]), Int16Array.from(p.locations[1])];
  }

  // ------------------------------------------------------------------ small queries

  isMain(c: number): boolean {
    return this.cType[this.instCard[c]] === T_MAIN;
  }
  isSupport(c: number): boolean {
    return this.cType[this.instCard[c]] === T_SUPPORT;
  }
  hasKw(c: number, k: number): boolean {
    return (this.cKw[this.instCard[c]] & k) !== 0;
  }
  /** Current Speed: printed − damage (Hunter-Killers never drop) + carried items' Speed bonuses, at least 0. */
  speedOf(c: number): number {
    const card = this.instCard[c];
    // rulebook: digest §メインキャラクター — damage lowers Power, Speed and Infiltration; §ハンターキラー — not theirs
    let s = this.cSpeed[card] - ((this.cKw[card] & K_HK) !== 0 ? 0 : this.dmg[c]);
    for (let i = 0; i < this.nItems; i++) if (this.carrier[this.items[i]] === c) s += this.cSpeedBonus[this.instCard[this.items[i]]];
    return s < 0 ? 0 : s;
  }
  powerOf(c: number): number {
    const card = this.instCard[c];
    const p = this.cPower[card] - ((this.cKw[card] & K_HK) !== 0 ? 0 : this.dmg[c]);
    return p < 0 ? 0 : p;
  }
  infOf(c: number): number {
    return this.cInf[this.instCard[c]] - this.dmg[c];
  }
  /** An Infiltrator whose disguise holds (digest §スカイネット: INF ≥ 1, not revealed). */
  disguised(c: number): boolean {
    return this.hasKw(c, K_INFILTRATOR) && this.revealed[c] === 0 && this.infOf(c) >= 1;
  }
  canCarry(c: number): boolean {
    // rulebook: summary corrections — Hunter-Killers, Drones and animals cannot find, carry or use items
    return (this.cKw[this.instCard[c]] & (K_HK | K_DRONE | K_ANIMAL)) === 0;
  }
  /** Armor: the best Body Armor (one counts, digest §装甲) plus every other armor item and implant. */
  armorOf(c: number): number {
    let body = 0;
    let other = 0;
    for (let i = 0; i < this.nItems; i++) {
      const it = this.items[i];
      if (this.carrier[it] !== c) continue;
      const card = this.instCard[it];
      if (this.cItem[card] !== I_ARMOR && this.cArmor[card] === 0) continue;
      if ((this.cKw[card] & K_BODY_ARMOR) !== 0) body = Math.max(body, this.cArmor[card]);
      else other += this.cArmor[card];
    }
    return body + other;
  }
  hitBonusOf(c: number): number {
    let h = 0;
    for (let i = 0; i < this.nItems; i++) if (this.carrier[this.items[i]] === c) h += this.cHit[this.instCard[this.items[i]]];
    return h;
  }
  /** Best ranged weapon damage carried (long range only when `needLong`); 0 when none. At most one weapon counts per attack (digest §武器). */
  rangedDamageOf(c: number, needLong: boolean): number {
    let best = 0;
    for (let i = 0; i < this.nItems; i++) {
      const it = this.items[i];
      if (this.carrier[it] !== c) continue;
      const card = this.instCard[it];
      if (this.cDamage[card] === 0) continue;
      if (needLong && this.cRange[card] !== R_LONG) continue;
      if (this.cDamage[card] > best) best = this.cDamage[card];
    }
    return best;
  }
  meleeBonusOf(c: number): number {
    let best = 0;
    for (let i = 0; i < this.nItems; i++) {
      const it = this.items[i];
      if (this.carrier[it] === c && this.cMelee[this.instCard[it]] > best) best = this.cMelee[this.instCard[it]];
    }
    return best;
  }
  acts(side: number): boolean {
    return actsInTurn(this.p.band, side, this.turn);
  }
  leadersInPlay(): number {
    let k = 0;
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.instSide[c] === S_RESISTANCE && this.isMain(c) && this.hasKw(c, K_LEADER)) k++;
    }
    return k;
  }
  handLimitOf(side: number): number {
    return handLimit(side, side === S_RESISTANCE ? this.leadersInPlay() : 0, this.reshuffles[side]);
  }
  /** Characters of `side` at place n that are not hidden (commanded supporting characters count for their commander). */
  visibleAt(side: number, n: number, mainOnly: boolean): number {
    let k = 0;
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.node[c] !== n || this.hidden[c]) continue;
      const s = this.isSupport(c) ? this.commander[c] : this.instSide[c];
      if (s !== side) continue;
      if (mainOnly && !this.isMain(c)) continue;
      k++;
    }
    return k;
  }
  private log(line: string): void {
    this.trace?.push(`turn ${this.turn}: ${line}`);
  }
  cardName(inst: number): string {
    return this.p.table.cards[this.instCard[inst]].name;
  }
  placeName(n: number): string {
    return this.p.table.cards[this.board.nodeCard[n]].name + (this.board.nodeSides[n] === 3 ? '' : this.board.nodeSides[n] === 1 ? ' (R)' : ' (S)');
  }

  private ask(side: number, decision: number, n: number, allowNone: boolean): number {
    const policy = this.chooser ?? this.policies[side];
    this.asking = decision;
    this.askSide = side;
    const got = policy.choose(this.rng, this.views[side], decision, this.opts, n, allowNone);
    this.asking = -1;
    if (!(Number.isInteger(got) && ((got >= 0 && got < n) || (got === -1 && allowNone)))) {
      throw new Error(`policy ${policy.name}: decision ${decision} returned ${String(got)}, expected an index in [0, ${n})${allowNone ? ' or -1' : ''}`);
    }
    return got;
  }

  // ------------------------------------------------------------------ set-up

  /** Deals a new game from `rng` (kept as this game's stream). */
  reset(rng: Rng): void {
    this.rng = rng;
    const p = this.p;
    const nd0 = p.draw[0].length;
    const nd1 = p.draw[1].length;
    this.nChars = 0;
    this.nItems = 0;
    this.dmg.fill(0);
    this.rotated.fill(0);
    this.hidden.fill(0);
    this.decoyN.fill(0);
    this.exposed.fill(0);
    this.revealed.fill(0);
    this.commander.fill(-1);
    this.carrier.fill(-1);
    this.itemNode.fill(-1);
    this.node.fill(-1);
    this.attacked.fill(0);
    for (let s = 0; s < 2; s++) {
      this.deckN[s] = 0;
      this.handN[s] = 0;
      this.discardN[s] = 0;
      this.pool[s] = this.rules.combatPool;
      this.reshuffles[s] = 0;
      this.missionPoints[s] = 0;
      this.missionTurn[s] = 0;
      this.mainLost[s] = 0;
    }
    this.production = 0;
    this.nProtected = 0;
    this.nEliminated = 0;
    this.turn = 0;
    this.over = false;
    this.winner = -1;
    this.route = -1;
    this.contactTurn = 0;
    this.droneEnteredTurn = 0;
    this.rdIdx = this.roundSeq.length;
    this.finished = false;
    this.asking = -1;
    this.askSide = -1;
    // rulebook: digest §開始準備 — shuffle each draw deck; opening hand 0 (no mulligan)
    for (let i = 0; i < nd0 + nd1; i++) {
      const s = this.instSide[i];
      this.zone[i] = Z_DECK;
      this.deck[s][this.deckN[s]++] = i;
    }
    for (let s = 0; s < 2; s++) shuffleInPlace(rng, this.deck[s], 0, this.deckN[s]);
    // rulebook: digest §開始準備 — location decks shuffled without Main Street, Main Street at the bottom
    for (let s = 0; s < 2; s++) {
      const d = this.locDeck[s];
      d.set(p.locations[s]);
      shuffleLocationDeck(rng, d, p.mainStreet);
      this.locPos[s] = 0;
      this.locRemoved[s] = 0;
    }
    this.board.reset(p.startLocation[0], p.startLocation[1], this.rules.startDuplicate === 'removed');
    // rulebook: digest §スタートカード — Resistance main characters at Pawn Shop; the Terminator (and its implants) at Alamo Sport Shop
    let terminator = -1;
    for (let i = nd0 + nd1; i < this.nInst; i++) {
      const s = this.instSide[i];
      const card = this.instCard[i];
      this.zone[i] = Z_PLAY;
      if (this.cType[card] === T_MAIN) {
        this.node[i] = s === S_RESISTANCE ? 0 : 1;
        this.chars[this.nChars++] = i;
        if (s === S_SKYNET) terminator = i;
      }
    }
    for (let i = nd0 + nd1; i < this.nInst; i++) {
      if (this.cType[this.instCard[i]] !== T_ITEM) continue;
      // rulebook: digest §スカイネット — implants go straight onto the Terminator
      this.carrier[i] = terminator;
      this.items[this.nItems++] = i;
    }
  }

  // ------------------------------------------------------------------ the game

  /** Plays the game to its end (a victory) or the turn cap. Mutates this.rng. */
  play(): void {
    this.runFrom(NO_STOP);
  }

  /**
   * Plays on from where the game is (after reset: turn 1) until it ends (`finished`), or until
   * turn `stopTurn` is over. One implementation of the turn for play() and a resumed search.
   */
  runFrom(stopTurn: number): void {
    const seq = this.roundSeq;
    while (!this.finished) {
      if (this.rdIdx >= seq.length) {
        if (this.turn >= this.p.maxTurns) {
          this.finished = true;
          return;
        }
        if (this.turn >= stopTurn) return;
        this.startTurn(this.turn + 1);
        this.rdIdx = 0;
      }
      this.playRound(seq[this.rdIdx]);
      this.endRound();
    }
  }

  /** After round roundSeq[rdIdx]: the step hook, the end of the game on a victory, the next round. */
  private endRound(): void {
    this.onStep?.(this, this.roundSeq[this.rdIdx]);
    if (this.over) this.finished = true;
    this.rdIdx++;
  }

  /**
   * Answers the decision a restored snapshot was asking (`decision`, one of D_MOVE, D_ATTACK,
   * D_SEARCH: `answer` an index into opts, or -1 where allowed), exactly as the ask there would
   * have returned it, and finishes the round it belongs to (the rest of play is runFrom's).
   */
  resume(decision: number, answer: number): void {
    if (decision !== this.asking) throw new Error(`tccg game: resuming decision ${decision}, but the state was saved at ${this.asking}`);
    this.asking = -1;
    const side = this.stSide;
    const c = this.deciding;
    if (decision === D_MOVE) {
      this.moveTo(side, c, this.opts[answer]);
      this.stK++;
      this.movementFrom();
    } else if (decision === D_ATTACK) {
      if (answer >= 0) this.resolveAttack(side, c, this.opts[answer], this.stPhase);
      if (!this.over) {
        this.stK++;
        this.combatFrom();
      }
    } else if (decision === D_SEARCH) {
      if (!this.found(side, c, answer)) this.pickUp(side, c);
      this.stK++;
      this.searchFrom();
    } else throw new Error(`tccg game: cannot resume at decision ${decision} (resumable: move, attack, search)`);
    this.endRound();
  }

  /** Resets the per-turn flags (missions' conditions) at the start of turn t. */
  startTurn(t: number): void {
    this.turn = t;
    this.foundThisTurn[0] = this.foundThisTurn[1] = 0;
    this.defeatedThisTurn[0] = this.defeatedThisTurn[1] = 0;
    this.protectedThisTurn = 0;
    this.eliminatedThisTurn = 0;
  }

  /** The first side that plays the current round (roundSeq[rdIdx]; reading turnOrder). */
  private sideLo(): number {
    const s = this.rdIdx < this.roundSides.length ? this.roundSides[this.rdIdx] : BOTH_SIDES;
    return s === BOTH_SIDES ? 0 : s;
  }
  /** The last side that plays the current round (inclusive). */
  private sideHi(): number {
    const s = this.rdIdx < this.roundSides.length ? this.roundSides[this.rdIdx] : BOTH_SIDES;
    return s === BOTH_SIDES ? 1 : s;
  }

  /** Plays one round (RD_*) of the current turn for the sides that play roundSeq[rdIdx] (both, unless turnOrder bySide; play() calls it; tests play single rounds of hand-built states). */
  playRound(round: number): void {
    switch (round) {
      case RD_READY:
        return this.readyRound();
      case RD_MOVEMENT:
        return this.movementRound();
      case RD_DRAW:
        return this.drawRound();
      case RD_COMBAT:
        return this.combatRound();
      case RD_SEARCH:
        return this.searchRound();
    }
  }

  private win(side: number, route: number): void {
    if (this.over) return;
    this.over = true;
    this.winner = side;
    this.route = route;
    this.log(`${side === 0 ? 'the Resistance' : 'Skynet'} wins by ${ROUTE_NAMES[route]}`);
  }

  /** Importance victory check on a pile: ≥ victoryDifferent different characters whose Importance totals ≥ victoryImportance. */
  pileScore(pile: Int16Array, n: number, out: Int32Array): void {
    // rulebook: digest §勝利条件 — 3+ different supporting characters, Importance totalling 10+
    let different = 0;
    let imp = 0;
    if (this.rules.different === 'copy') {
      for (let i = 0; i < n; i++) imp += this.cImp[this.instCard[pile[i]]];
      different = n;
    } else {
      for (let i = 0; i < n; i++) {
        const card = this.instCard[pile[i]];
        if (!this.pileHas(pile, i, card)) {
          different++;
          imp += this.cImp[card];
        }
      }
    }
    out[0] = different;
    out[1] = imp;
  }
  /** Is a card of card id `card` among the first n cards of victory pile `pile` ("different" compares card ids)? */
  pileHas(pile: Int16Array, n: number, card: number): boolean {
    for (let i = 0; i < n; i++) if (this.instCard[pile[i]] === card) return true;
    return false;
  }
  private readonly score = new Int32Array(2);

  /** Ends the game when a victory condition holds (digest §勝利条件: the game ends as soon as one is met). */
  checkVictory(): void {
    if (this.over) return;
    let mains0 = 0;
    let mains1 = 0;
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (!this.isMain(c)) continue;
      if (this.instSide[c] === 0) mains0++;
      else mains1++;
    }
    // rulebook: digest §勝利条件 — all of the opponent's main characters defeated
    if (mains1 === 0) return this.win(S_RESISTANCE, WIN_MAIN);
    if (mains0 === 0) return this.win(S_SKYNET, WIN_MAIN);
    const r = this.rules;
    this.pileScore(this.protectedPile, this.nProtected, this.score);
    if (this.score[0] >= r.victoryDifferent && this.score[1] >= r.victoryImportance) return this.win(S_RESISTANCE, WIN_IMPORTANCE);
    this.pileScore(this.eliminatedPile, this.nEliminated, this.score);
    if (this.score[0] >= r.victoryDifferent && this.score[1] >= r.victoryImportance) return this.win(S_SKYNET, WIN_IMPORTANCE);
    // rulebook: digest §勝利条件 — 10+ Mission Points
    if (this.missionPoints[0] >= r.victoryMissionPoints) return this.win(S_RESISTANCE, WIN_MISSIONS);
    if (this.missionPoints[1] >= r.victoryMissionPoints) return this.win(S_SKYNET, WIN_MISSIONS);
  }

  // ------------------------------------------------------------------ Ready

  private readyRound(): void {
    for (let side = this.sideLo(); side <= this.sideHi(); side++) {
      if (!this.acts(side)) continue;
      // rulebook: digest §カードの行動表現 — rotated cards stand up again (Ready round: AvP trace)
      for (let i = 0; i < this.nChars; i++) if (this.instSide[this.chars[i]] === side || this.commander[this.chars[i]] === side) this.rotated[this.chars[i]] = 0;
      this.pool[side] += this.rules.poolPerTurn;
    }
  }

  // ------------------------------------------------------------------ Movement (実演ラウンド)

  private movementRound(): void {
    // rulebook: summary corrections — protection happens at the start of the performance (movement) round
    if (this.sideLo() === S_RESISTANCE && this.acts(S_RESISTANCE)) this.protection();
    if (this.over) return;
    this.stSide = this.sideLo();
    this.stStep = ST_LIST;
    this.movementFrom();
  }

  /** The movement round from side stSide on: its locations, then each main character's move (stK on). */
  private movementFrom(): void {
    const hi = this.sideHi();
    for (; this.stSide <= hi; this.stSide++) {
      const side = this.stSide;
      if (this.stStep === ST_LIST) {
        const acts = this.acts(side);
        if (acts || this.rules.inactiveSide === 'locations') this.playLocations(side);
        if (this.contactTurn === 0 && this.board.bridges > 0) this.contactTurn = this.turn;
        if (!acts) continue;
        this.listMains(side, false);
      }
      for (; this.stK < this.stN; this.stK++) {
        const c = this.order[this.stK];
        if (this.zone[c] !== Z_PLAY) continue;
        this.moveCharacter(side, c);
      }
      this.updateCommand();
      this.stStep = ST_LIST;
      this.checkMission(side, M_REACH);
      if (this.over) return;
    }
  }

  /** Lists side's main characters in play into `order` (only Terminators for Skynet's searchers), and starts the loop over them. */
  private listMains(side: number, searchers: boolean): void {
    let n = 0;
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.instSide[c] !== side || !this.isMain(c)) continue;
      // Searching characters: Resistance main characters, Skynet Terminators (assumption: no Hunter-Killer or Drone searches).
      if (searchers && side === S_SKYNET && !this.hasKw(c, K_TERMINATOR)) continue;
      this.order[n++] = c;
    }
    this.stN = n;
    this.stK = 0;
    this.stStep = ST_LOOP;
  }

  /** Commands of supporting characters (digest §サポートキャラクター; reading `command`). */
  updateCommand(): void {
    for (let i = 0; i < this.nChars; i++) {
      const s = this.chars[i];
      if (this.isSupport(s)) this.commander[s] = this.commandOf(s);
    }
  }

  /** Who commands supporting character s from now (its place's main characters; its current commander breaks a tie). */
  commandOf(s: number): number {
    let r = 0;
    let k = 0;
    for (let j = 0; j < this.nChars; j++) {
      const c = this.chars[j];
      if (this.node[c] !== this.node[s] || !this.isMain(c)) continue;
      if (this.instSide[c] === S_RESISTANCE) r++;
      // rulebook: summary corrections — a human main character, or an Infiltrator whose disguise holds
      else if (this.rules.command === 'anyMain' || this.disguised(c)) k++;
    }
    const cur = this.commander[s];
    if (r === 0 && k === 0) return -1;
    if (r > 0 && k === 0) return 0;
    if (k > 0 && r === 0) return 1;
    // Both sides could command it: it stays with its commander while that side has one there; else the Resistance (assumption).
    return cur < 0 ? 0 : cur;
  }

  private protection(): void {
    this.updateCommand();
    for (let i = 0; i < this.nChars; i++) {
      const s = this.chars[i];
      if (!this.isSupport(s) || this.commander[s] !== S_RESISTANCE || this.rotated[s]) continue;
      const n = this.node[s];
      if (this.board.nodeCard[n] !== this.policeCard) continue;
      // rulebook: digest §保護 — not while an enemy character that is not hidden is there
      if (this.visibleAt(S_SKYNET, n, false) > 0) continue;
      this.log(`${this.cardName(s)} is protected at ${this.placeName(n)}`);
      // rulebook: digest §保護 — rotated, removed from play with its items, counted toward victory
      this.removeCharacter(s, Z_PROTECTED);
      this.protectedPile[this.nProtected++] = s;
      this.protectedThisTurn = 1;
      i--;
    }
    this.checkVictory();
    if (!this.over) this.checkMission(S_RESISTANCE, M_PROTECT);
  }

  private playLocations(side: number): void {
    const b = this.board;
    for (let k = 0; k < this.rules.locationsPerTurn; k++) {
      const d = this.locDeck[side];
      if (this.locPos[side] >= d.length) return;
      const card = d[this.locPos[side]++];
      // rulebook: digest §ロケーション — unique per side: a copy of a place the side has is removed at once
      if (b.owns(side, card)) {
        this.locRemoved[side]++;
        continue;
      }
      this.deciding = -1;
      // Drawn, being placed (the placement decision sees it).
      this.locPending[side] = 1;
      if (b.cards.kind[card] === L_EXTERIOR) {
        this.opts[0] = 0;
        this.opts[1] = 1;
        const right = this.ask(side, D_PLACE_END, 2, false) === 1;
        const n = b.placeExterior(side, card, b.rowHasRoom(side, right) ? right : !right);
        this.log(`${side === 0 ? 'R' : 'S'} places ${this.placeName(n)}${b.nodeSides[n] === 3 ? ' (joins the layouts)' : ''}`);
      } else {
        let m = 0;
        for (let slot = b.rowLo[side]; slot <= b.rowHi[side]; slot++) this.opts[m++] = b.rowNode(side, slot);
        const over = this.opts[this.ask(side, D_PLACE_INTERIOR, m, false)];
        b.placeInterior(side, card, over);
      }
      this.locPending[side] = 0;
    }
  }

  /** Outnumbering extras for a mover of `side` (digest §敵集団からの脱出), into this.extra. */
  private fillExtra(side: number): void {
    const n = this.board.nNodes;
    const all = this.countAll;
    const main = this.countMain;
    all.fill(0);
    main.fill(0);
    // One pass: visible characters per side and place (commanded supporting characters count for their commander).
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.hidden[c]) continue;
      const s = this.isSupport(c) ? this.commander[c] : this.instSide[c];
      if (s < 0) continue;
      all[s * MAX_NODES + this.node[c]]++;
      if (this.isMain(c)) main[s * MAX_NODES + this.node[c]]++;
    }
    const own = side * MAX_NODES;
    const enemy = (1 - side) * MAX_NODES;
    const rule = this.outnumberRule;
    // rulebook: digest §敵集団からの脱出 — outnumbering.ts (reading outnumbering)
    for (let u = 0; u < n; u++) this.extra[u] = leaveExtra(rule, all[own + u], main[own + u], all[enemy + u], main[enemy + u]);
  }
  private readonly countAll = new Int16Array(2 * MAX_NODES);
  private readonly countMain = new Int16Array(2 * MAX_NODES);

  /** Can `card` be found at place n (its features match the place's; no features: anywhere)? */
  findableAt(card: number, n: number): boolean {
    const need = this.cFeatures[card];
    return need === 0 || (need & this.cFeatures[this.board.nodeCard[n]]) !== 0;
  }

  /** Movement cost array for the current mover (read by views: moveCost). */
  moveCostOf(dest: number, hidden: boolean): number {
    return hidden ? this.costHidden[dest] : this.cost[dest];
  }

  private moveCharacter(side: number, c: number): void {
    const b = this.board;
    // rulebook: digest §キャラクターの移動 — movement points = current Speed, 1 per adjacent place
    const points = this.speedOf(c);
    if (points <= 0) return;
    const hk = this.hasKw(c, K_HK);
    const stealth = this.hasKw(c, K_STEALTH) && this.cDecoys[this.instCard[c]] > 0;
    const from = this.node[c];
    this.fillExtra(side);
    b.movementCosts(from, this.extra, hk, this.cost);
    // rulebook: digest §隠密移動 — outnumbering does not apply while moving hidden
    if (stealth) b.movementCosts(from, this.zeroExtra, hk, this.costHidden);
    let m = 0;
    for (let v = 0; v < b.nNodes; v++) {
      if (this.cost[v] <= points) this.opts[m++] = v * 2;
      if (stealth && this.costHidden[v] <= points) this.opts[m++] = v * 2 + 1;
    }
    this.deciding = c;
    this.moveTo(side, c, this.opts[this.ask(side, D_MOVE, m, false)]);
  }

  /** Carries out character c's move `choice` (a D_MOVE option: node * 2 + hidden); cost / costHidden as computed for the decision. */
  private moveTo(side: number, c: number, choice: number): void {
    const b = this.board;
    const points = this.speedOf(c);
    const hk = this.hasKw(c, K_HK);
    const from = this.node[c];
    const dest = choice >> 1;
    const goHidden = (choice & 1) === 1;
    if (goHidden) {
      const nDummies = this.cDecoys[this.instCard[c]];
      if (!this.hidden[c]) {
        // rulebook: digest §隠密移動 — the card is replaced by its decoys (one real, the rest dummies)
        this.hidden[c] = 1;
        this.decoyN[c] = nDummies;
        for (let d = 0; d < nDummies; d++) this.decoyNode[c * MAX_DECOYS + d] = from;
      }
      this.node[c] = dest;
      for (let d = 0; d < this.decoyN[c]; d++) {
        const at = this.decoyNode[c * MAX_DECOYS + d];
        b.movementCosts(at, this.zeroExtra, hk, this.costHidden);
        let k = 0;
        for (let v = 0; v < b.nNodes; v++) if (this.costHidden[v] <= points) this.opts[k++] = v;
        this.decoyFrom = at;
        this.decoyNode[c * MAX_DECOYS + d] = this.opts[this.ask(side, D_DECOY, k, false)];
      }
      this.decoyFrom = -1;
      this.mergeDecoys(c);
      if (dest !== from) this.log(`${this.cardName(c)} moves hidden (${this.decoyN[c] + 1} places possible)`);
    } else {
      if (this.hidden[c]) this.unhide(c);
      this.node[c] = dest;
      if (dest !== from) {
        this.log(`${this.cardName(c)} moves to ${this.placeName(dest)}`);
        this.escort(side, c, from, dest);
      }
    }
    this.updateCommand();
  }

  /** rulebook: digest §隠密移動 — decoys ending on one place are merged; the real one stays. */
  private mergeDecoys(c: number): void {
    let k = 0;
    const base = c * MAX_DECOYS;
    for (let d = 0; d < this.decoyN[c]; d++) {
      const at = this.decoyNode[base + d];
      if (at === this.node[c]) continue;
      let dup = false;
      for (let e = 0; e < k; e++) if (this.decoyNode[base + e] === at) dup = true;
      if (!dup) this.decoyNode[base + k++] = at;
    }
    this.decoyN[c] = k;
  }

  private unhide(c: number): void {
    this.hidden[c] = 0;
    this.decoyN[c] = 0;
  }

  /** Commanded supporting characters at `from` may follow their commander (movement: their own Speed pays the cost). */
  private escort(side: number, commanderChar: number, from: number, dest: number): void {
    const cost = this.cost[dest];
    for (let i = 0; i < this.nChars; i++) {
      const s = this.chars[i];
      if (!this.isSupport(s) || this.node[s] !== from || this.commander[s] !== side) continue;
      if (this.speedOf(s) < cost) continue;
      this.deciding = s;
      this.escortTo = dest;
      this.opts[0] = 0;
      this.opts[1] = 1;
      if (this.ask(side, D_ESCORT, 2, false) === 1) {
        this.node[s] = dest;
        this.log(`${this.cardName(s)} follows ${this.cardName(commanderChar)}`);
      }
    }
    this.escortTo = -1;
  }

  // ------------------------------------------------------------------ Draw

  private drawRound(): void {
    for (let side = this.sideLo(); side <= this.sideHi(); side++) if (this.acts(side)) this.drawTo(side);
  }

  /** rulebook: digest §基本構成細則 — no discard; refill the hand to the limit; deck-out reshuffles the discard pile, the limit −1 each time */
  drawTo(side: number): void {
    for (;;) {
      const limit = this.handLimitOf(side);
      if (this.handN[side] >= limit || this.handN[side] >= HAND_CAP) return;
      if (this.deckN[side] === 0) {
        if (this.discardN[side] === 0) return;
        const d = this.deck[side];
        for (let i = 0; i < this.discardN[side]; i++) {
          const inst = this.discard[side][i];
          this.zone[inst] = Z_DECK;
          d[this.deckN[side]++] = inst;
        }
        this.discardN[side] = 0;
        shuffleInPlace(this.rng, d, 0, this.deckN[side]);
        this.reshuffles[side]++;
        this.log(`${side === 0 ? 'R' : 'S'} reshuffles the discard pile (hand limit now ${this.handLimitOf(side)})`);
        continue;
      }
      const inst = this.deck[side][--this.deckN[side]];
      this.zone[inst] = Z_HAND;
      this.hand[side][this.handN[side]++] = inst;
    }
  }

  private removeFromHand(side: number, slot: number): number {
    const h = this.hand[side];
    const inst = h[slot];
    for (let i = slot; i < this.handN[side] - 1; i++) h[i] = h[i + 1];
    this.handN[side]--;
    return inst;
  }

  private toDiscard(inst: number): void {
    const s = this.instSide[inst];
    this.zone[inst] = Z_DISCARD;
    this.discard[s][this.discardN[s]++] = inst;
  }

  // ------------------------------------------------------------------ Combat (戦闘ラウンド)

  private combatRound(): void {
    for (let side = this.sideLo(); side <= this.sideHi(); side++) if (this.acts(side)) this.playEvents(side, EC_POOL);
    for (let i = 0; i < this.nChars; i++) this.attacked[this.chars[i]] = 0;
    this.stPhase = PHASE_RANGED;
    this.stSide = this.sideLo();
    this.stStep = ST_LIST;
    this.combatFrom();
  }

  /** The combat round from phase stPhase, side stSide, character stK on: the attacks, then heal events and missions. */
  private combatFrom(): void {
    // rulebook: summary corrections (AvP trace) — ranged attacks resolve before close combat
    const lo = this.sideLo();
    const hi = this.sideHi();
    for (; this.stPhase <= PHASE_CLOSE; this.stPhase++, this.stSide = lo) {
      for (; this.stSide <= hi; this.stSide++) {
        const side = this.stSide;
        if (!this.acts(side)) continue;
        if (this.stStep === ST_LIST) this.listMains(side, false);
        for (; this.stK < this.stN; this.stK++) {
          const c = this.order[this.stK];
          if (this.zone[c] !== Z_PLAY || this.attacked[c]) continue;
          this.attackWith(side, c, this.stPhase);
          if (this.over) return;
        }
        this.stStep = ST_LIST;
      }
    }
    for (let side = lo; side <= hi; side++) if (this.acts(side)) this.playEvents(side, EC_HEAL);
    for (let side = lo; side <= hi; side++) {
      if (!this.acts(side)) continue;
      this.checkMission(side, M_DEFEAT);
      if (side === S_SKYNET) this.checkMission(side, M_ELIMINATE);
      if (this.over) return;
    }
  }

  /** May attacker `a` (of side) attack target t at all (digest §レジスタンス: the Resistance attacks no humans but collaborators and those who attacked it, no disguised Infiltrator)? */
  mayAttack(a: number, t: number): boolean {
    if (this.instSide[a] === S_RESISTANCE) {
      if (this.isSupport(t)) return false;
      if (this.instSide[t] !== S_SKYNET) return false;
      // rulebook: digest §レジスタンス — a disguised Infiltrator cannot be attacked unless it attacked them (reading reveal)
      return !this.disguised(t) || this.exposed[t] === 1;
    }
    if (this.isSupport(t)) return true;
    return this.instSide[t] === S_RESISTANCE;
  }

  private attackWith(side: number, a: number, phase: number): void {
    const b = this.board;
    const from = this.node[a];
    const longRange = this.rules.ranges === 'adjacent';
    let dmgShort = 0;
    let dmgLong = 0;
    if (phase === PHASE_RANGED) {
      if (!this.canCarry(a)) return;
      dmgShort = this.rangedDamageOf(a, false);
      dmgLong = longRange ? this.rangedDamageOf(a, true) : 0;
      if (dmgShort === 0) return;
    }
    let m = 0;
    for (let i = 0; i < this.nChars && m < MAX_OPTIONS - MAX_DECOYS - 1; i++) {
      const t = this.chars[i];
      if (t === a || !this.mayAttack(a, t)) continue;
      if (this.hidden[t]) {
        // A hidden target: each place one of its decoys is on (the real one among them) may be attacked,
        // offered in place order so that the list does not tell which is real.
        const mask = this.candidates(t);
        for (let v = 0; v < this.board.nNodes; v++) {
          if ((mask & (1 << v)) === 0) continue;
          if (v === from || (phase === PHASE_RANGED && dmgLong > 0 && b.hops(from, v) === 1)) this.opts[m++] = ATTACK_DECOY | (t << 5) | v;
        }
        continue;
      }
      const at = this.node[t];
      const inRange = at === from || (phase === PHASE_RANGED && dmgLong > 0 && b.hops(from, at) === 1);
      if (inRange) this.opts[m++] = t;
    }
    const k = m;
    if (k === 0) return;
    this.deciding = a;
    this.phase = phase;
    const pick = this.ask(side, D_ATTACK, k, true);
    if (pick < 0) return;
    this.resolveAttack(side, a, this.opts[pick], phase);
  }

  /** The places character c may be on as the other side sees it: its own, or while hidden every decoy's (bit per place). */
  candidates(c: number): number {
    let mask = 1 << this.node[c];
    if (!this.hidden[c]) return mask;
    for (let d = 0; d < this.decoyN[c]; d++) mask |= 1 << this.decoyNode[c * MAX_DECOYS + d];
    return mask;
  }

  private resolveAttack(side: number, a: number, option: number, phase: number): void {
    const decoy = (option & ATTACK_DECOY) !== 0;
    const t = decoy ? (option & (ATTACK_DECOY - 1)) >> 5 : option;
    const at = decoy ? option & 31 : this.node[t];
    this.attacked[a] = 1;
    // rulebook: digest §隠密移動 — attacking from hidden movement ends it at the declaration
    if (this.hidden[a]) this.unhide(a);
    this.attackBy = a;
    this.attackOn = t;
    this.atkHit = 0;
    this.atkDamage = 0;
    this.defResist = 0;
    this.playEvents(side, EC_ATTACK);
    // rulebook: summary corrections (reading hitRule) — 1d6 + modifiers against the target's Speed, +1 while hidden
    const roll = rollDie(this.rng, 6) + this.hitBonusOf(a) + this.atkHit;
    const defence = this.speedOf(t) + (this.hidden[t] ? 1 : 0);
    const hit = this.rules.hitRule === 'gt' ? roll > defence : roll >= defence;
    this.exposeAttacker(a, t);
    if (!hit) {
      this.log(`${this.cardName(a)} attacks ${decoy ? 'a decoy of ' : ''}${this.cardName(t)} and misses (${roll} vs ${defence})`);
      return this.endAttack();
    }
    if (decoy) {
      if (at !== this.node[t]) {
        // rulebook: digest §隠密移動 — damage shows a dummy for what it is: that decoy is removed
        this.removeDecoy(t, at);
        this.log(`${this.cardName(a)} hits a dummy decoy of ${this.cardName(t)}`);
        return this.endAttack();
      }
      this.unhide(t);
    }
    const sameNode = this.node[t] === this.node[a];
    const weapon = phase === PHASE_RANGED ? this.rangedDamageOf(a, !sameNode) : 0;
    // rulebook: digest §武器 — ranged: the weapon's damage; close: Power plus the melee modifier
    const amount = (phase === PHASE_RANGED ? weapon : this.powerOf(a) + this.meleeBonusOf(a)) + this.atkDamage;
    const defSide = this.isSupport(t) ? this.commander[t] : this.instSide[t];
    // Power + armour: the defender's events add only resist (defResist), never change these.
    const base = this.powerOf(t) + this.armorOf(t);
    if (defSide >= 0 && this.acts(defSide)) {
      // The hit and its damage are known before the defender answers: its events see them (view.hitDamage).
      this.atkDamageSeen = amount;
      this.resistanceSeen = base;
      this.playEvents(defSide, EC_DEFEND);
    }
    let resistance = base + this.defResist;
    if (defSide >= 0 && this.acts(defSide) && this.rules.poolSpend === 'resist') resistance += this.buyResistance(defSide, amount, resistance);
    const dealt = this.rules.damage === 'subtract' ? Math.max(0, amount - resistance) : amount >= resistance ? amount : 0;
    this.log(`${this.cardName(a)} hits ${this.cardName(t)}: ${amount} against ${resistance}, ${dealt} damage`);
    if (dealt > 0) this.applyDamage(side, t, dealt);
    this.endAttack();
    this.checkVictory();
  }

  private endAttack(): void {
    this.attackBy = -1;
    this.attackOn = -1;
    // Outside an attack the view shows no hit (a module reading them then sees 0, not the last hit).
    this.atkDamageSeen = 0;
    this.resistanceSeen = 0;
  }

  /** Reading `reveal`: an Infiltrator attacking keeps its disguise but may be attacked back (infZero) or is revealed (onAttack). */
  private exposeAttacker(a: number, t: number): void {
    if (!this.disguised(a)) return;
    if (this.rules.reveal === 'onAttack') this.revealed[a] = 1;
    else if (this.isMain(t) || this.isSupport(t)) this.exposed[a] = 1;
  }

  private removeDecoy(t: number, at: number): void {
    const base = t * MAX_DECOYS;
    let k = 0;
    for (let d = 0; d < this.decoyN[t]; d++) if (this.decoyNode[base + d] !== at) this.decoyNode[base + k++] = this.decoyNode[base + d];
    this.decoyN[t] = k;
  }

  /** reading poolSpend resist: the defender's policy buys +1 resistance per poolPerResist points; returns the points bought. */
  private buyResistance(defSide: number, amount: number, resistance: number): number {
    const per = this.rules.poolPerResist;
    const most = Math.min(10, Math.floor(this.pool[defSide] / per));
    if (most <= 0) return 0;
    for (let i = 0; i <= most; i++) this.opts[i] = i;
    this.deciding = this.attackOn;
    this.atkDamageSeen = amount;
    this.resistanceSeen = resistance;
    const k = this.ask(defSide, D_POOL_RESIST, most + 1, false);
    this.pool[defSide] -= k * per;
    return k;
  }
  /** The hit being answered (the defender's events in EC_DEFEND, D_POOL_RESIST): its damage, and the target's Power + armour (+ resist events played, before buying); 0 outside an attack. */
  atkDamageSeen = 0;
  resistanceSeen = 0;

  private applyDamage(bySide: number, t: number, dealt: number): void {
    const card = this.instCard[t];
    if ((this.cKw[card] & K_HK) !== 0) {
      // reading hkDefeat: damage never lowers a Hunter-Killer's stats; powerDamage: defeated when it reaches Power; singleHit: one hit of at least Power
      if (this.rules.hkDefeat === 'singleHit') {
        if (dealt >= this.cPower[card]) this.defeat(bySide, t);
        return;
      }
      this.dmg[t] += dealt;
      if (this.dmg[t] >= this.cPower[card]) this.defeat(bySide, t);
      return;
    }
    this.dmg[t] += dealt;
    // rulebook: digest §潜入者 — damage taking Infiltration to 0 or below ends the disguise
    if ((this.cKw[card] & K_INFILTRATOR) !== 0 && this.infOf(t) <= 0) this.revealed[t] = 1;
    // rulebook: digest §メインキャラクター — defeated when Power reaches 0
    if (this.cPower[card] - this.dmg[t] <= 0) this.defeat(bySide, t);
  }

  private defeat(bySide: number, t: number): void {
    this.log(`${this.cardName(t)} is defeated`);
    if (this.isSupport(t)) {
      // rulebook: digest §サポートキャラクター — removed from the game, counted toward victory (Skynet's eliminations)
      this.removeCharacter(t, Z_ELIMINATED);
      this.eliminatedPile[this.nEliminated++] = t;
      this.eliminatedThisTurn = 1;
      return;
    }
    const side = this.instSide[t];
    this.mainLost[side]++;
    if (side !== bySide) this.defeatedThisTurn[bySide] = 1;
    // rulebook: digest §メインキャラクター — humans leave the game; Skynet characters go to the discard pile
    this.removeCharacter(t, side === S_RESISTANCE ? Z_REMOVED : Z_DISCARD);
  }

  /**
   * Takes character c off the board into zone `to`. Items: with a protected character they leave
   * too (digest §保護); implants go with their Terminator (they cannot be taken off); other items
   * stay at the place (digest §アイテム: a defeated carrier's items are left there).
   */
  private removeCharacter(c: number, to: number): void {
    const at = this.node[c];
    for (let i = 0; i < this.nItems; i++) {
      const it = this.items[i];
      if (this.carrier[it] !== c) continue;
      const implant = (this.cKw[this.instCard[it]] & K_IMPLANT) !== 0;
      if (to === Z_PROTECTED || implant) {
        this.removeItem(i);
        if (to === Z_PROTECTED) this.zone[it] = Z_PROTECTED;
        else this.toDiscard(it);
        i--;
      } else {
        this.carrier[it] = -1;
        this.itemNode[it] = at;
      }
    }
    for (let i = 0; i < this.nChars; i++) {
      if (this.chars[i] !== c) continue;
      this.chars[i] = this.chars[--this.nChars];
      break;
    }
    this.hidden[c] = 0;
    this.decoyN[c] = 0;
    this.node[c] = -1;
    this.commander[c] = -1;
    if (to === Z_DISCARD) this.toDiscard(c);
    else this.zone[c] = to;
    this.updateCommand();
  }

  private removeItem(i: number): void {
    const it = this.items[i];
    this.items[i] = this.items[--this.nItems];
    this.carrier[it] = -1;
    this.itemNode[it] = -1;
  }

  /** The side plays events of context `ctx` from its hand while its policy wants and can pay (same-kind effects do not stack: digest §イベント). */
  private playEvents(side: number, ctx: number): void {
    this.usedEffect.fill(0);
    this.eventContext = ctx;
    if (ctx === EC_HEAL && this.mostDamaged(side) < 0) return;
    for (;;) {
      let m = 0;
      const h = this.hand[side];
      for (let i = 0; i < this.handN[side]; i++) {
        const card = this.instCard[h[i]];
        if (this.cType[card] !== T_EVENT || this.cPoolCost[card] > this.pool[side]) continue;
        const e = this.cEffect[card];
        if (this.usedEffect[e]) continue;
        const fits = ctx === EC_ATTACK ? e === E_HIT || e === E_DAMAGE : ctx === EC_DEFEND ? e === E_RESIST : ctx === EC_HEAL ? e === E_HEAL : e === E_POOL;
        if (fits) this.opts[m++] = i;
      }
      if (m === 0) return;
      const pick = this.ask(side, D_EVENT, m, true);
      if (pick < 0) return;
      const inst = this.removeFromHand(side, this.opts[pick]);
      const card = this.instCard[inst];
      // rulebook: digest §コスト — event costs are paid from the combat pool, 1 per point
      this.pool[side] -= this.cPoolCost[card];
      const e = this.cEffect[card];
      const amt = this.cAmount[card];
      this.usedEffect[e] = 1;
      if (e === E_HIT) this.atkHit += amt;
      else if (e === E_DAMAGE) this.atkDamage += amt;
      else if (e === E_RESIST) this.defResist += amt;
      else if (e === E_POOL) this.pool[side] += amt;
      else if (e === E_HEAL) {
        const c = this.mostDamaged(side);
        if (c >= 0) this.dmg[c] = Math.max(0, this.dmg[c] - amt);
      }
      this.log(`${side === 0 ? 'R' : 'S'} plays ${this.cardName(inst)}`);
      this.toDiscard(inst);
      if (ctx === EC_HEAL && this.mostDamaged(side) < 0) return;
    }
  }

  /** The side's damaged main character with the most damage (Hunter-Killers excepted), or -1. */
  mostDamaged(side: number): number {
    let best = -1;
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.instSide[c] !== side || !this.isMain(c) || this.hasKw(c, K_HK) || this.dmg[c] === 0) continue;
      if (best < 0 || this.dmg[c] > this.dmg[best]) best = c;
    }
    return best;
  }

  // ------------------------------------------------------------------ Search (探索ラウンド) and production

  /** Can character c find the card in its place (summary corrections: found by a searching character, usually where a feature matches)? */
  canFind(c: number, card: number): boolean {
    const type = this.cType[card];
    const side = this.instSide[c];
    if (!this.findableAt(card, this.node[c])) return false;
    if (type === T_SUPPORT) return true;
    if (type !== T_ITEM || this.cSide[card] === S_SKYNET) return false;
    if (!this.canCarry(c)) return false;
    // rulebook: digest §スカイネット — Infiltrators presumably use human items (reading infiltratorHumanItems)
    if (side === S_SKYNET) return this.rules.infiltratorHumanItems && this.hasKw(c, K_INFILTRATOR);
    return true;
  }

  private searchRound(): void {
    this.stSide = this.sideLo();
    this.stStep = ST_LIST;
    this.searchFrom();
  }

  /** The search round from side stSide, searcher stK on: each searcher finds or picks up, then Skynet produces, then missions. */
  private searchFrom(): void {
    const hi = this.sideHi();
    for (; this.stSide <= hi; this.stSide++) {
      const side = this.stSide;
      if (!this.acts(side)) continue;
      if (this.stStep === ST_LIST) this.listMains(side, true);
      for (; this.stK < this.stN; this.stK++) {
        const c = this.order[this.stK];
        if (this.zone[c] !== Z_PLAY || this.rotated[c]) continue;
        // rulebook: digest §隠密移動 says nothing of searching — reading hiddenSearch cannot: no search while hidden
        if (this.hidden[c] && this.hiddenSearchRule === HS_CANNOT) continue;
        this.searchWith(side, c);
      }
      this.updateCommand();
      this.stStep = ST_LIST;
      if (side === S_SKYNET) this.produce();
      this.checkMission(side, M_FIND);
      if (this.over) return;
    }
  }

  /** Searcher c finds a card from the side's hand at its place, or else picks an item up. */
  private searchWith(side: number, c: number): void {
    let m = 0;
    const h = this.hand[side];
    for (let i = 0; i < this.handN[side]; i++) if (this.canFind(c, this.instCard[h[i]])) this.opts[m++] = i;
    this.deciding = c;
    if (m > 0 && this.found(side, c, this.ask(side, D_SEARCH, m, true))) return;
    this.pickUp(side, c);
  }

  /** The D_SEARCH answer `pick` (an index into opts, or -1: none): puts the card found into play; whether one was. */
  private found(side: number, c: number, pick: number): boolean {
    if (pick < 0) return false;
    const inst = this.removeFromHand(side, this.opts[pick]);
    this.place(inst, this.node[c], c);
    // Searching rotates the searcher (assumption).
    this.rotated[c] = 1;
    // Reading hiddenSearch reveals: finding ends hidden movement (as attacking does, digest §隠密移動).
    if (this.hidden[c] && this.hiddenSearchRule === HS_REVEALS) this.unhide(c);
    this.foundThisTurn[side] = 1;
    this.log(`${this.cardName(c)} finds ${this.cardName(inst)} at ${this.placeName(this.node[c])}`);
    return true;
  }

  /** Picking an item up at c's place: rotate (digest §アイテム: 拾う). */
  private pickUp(side: number, c: number): void {
    if (!this.canCarry(c)) return;
    let m = 0;
    for (let i = 0; i < this.nItems; i++) {
      const it = this.items[i];
      if (this.carrier[it] < 0 && this.itemNode[it] === this.node[c] && this.mayUse(c, this.instCard[it])) this.opts[m++] = it;
    }
    if (m === 0) return;
    const pick = this.ask(side, D_PICKUP, m, true);
    if (pick < 0) return;
    const it = this.opts[pick];
    this.carrier[it] = c;
    this.itemNode[it] = -1;
    this.rotated[c] = 1;
    // Reading hiddenSearch reveals: picking up ends hidden movement too.
    if (this.hidden[c] && this.hiddenSearchRule === HS_REVEALS) this.unhide(c);
    this.log(`${this.cardName(c)} picks up ${this.cardName(it)}`);
  }

  /** May character c use an item of this card (human items: humans and Infiltrators; Skynet items: Terminators)? */
  mayUse(c: number, card: number): boolean {
    if (!this.canCarry(c)) return false;
    if (this.cSide[card] === S_SKYNET) return this.hasKw(c, K_TERMINATOR);
    if (this.instSide[c] === S_SKYNET) return this.rules.infiltratorHumanItems && this.hasKw(c, K_INFILTRATOR);
    return true;
  }

  /**
   * Takes card `inst` from its deck, hand or discard pile and puts it into play at place n (a
   * character there, an item on `carrierChar` or on the ground): hand-built states in tests.
   */
  putInPlay(inst: number, n: number, carrierChar = -1): void {
    const s = this.instSide[inst];
    const piles: [Int16Array, Int32Array, number][] = [[this.deck[s], this.deckN, Z_DECK], [this.hand[s], this.handN, Z_HAND], [this.discard[s], this.discardN, Z_DISCARD]];
    for (const [list, count, z] of piles) {
      if (this.zone[inst] !== z) continue;
      const at = list.subarray(0, count[s]).indexOf(inst);
      for (let i = at; i < count[s] - 1; i++) list[i] = list[i + 1];
      count[s]--;
    }
    this.place(inst, n, carrierChar);
  }

  /** Moves card `inst` from its draw deck into its side's hand (hand-built states in tests). */
  putInHand(inst: number): void {
    const s = this.instSide[inst];
    const at = this.deck[s].subarray(0, this.deckN[s]).indexOf(inst);
    if (at < 0) throw new Error(`${this.cardName(inst)} is not in the deck`);
    for (let i = at; i < this.deckN[s] - 1; i++) this.deck[s][i] = this.deck[s][i + 1];
    this.deckN[s]--;
    this.zone[inst] = Z_HAND;
    this.hand[s][this.handN[s]++] = inst;
  }

  /** Puts a card from hand into play at place n: a character there, an item on `carrierChar` (or on the ground). */
  private place(inst: number, n: number, carrierChar: number): void {
    this.zone[inst] = Z_PLAY;
    const type = this.cType[this.instCard[inst]];
    if (type === T_MAIN || type === T_SUPPORT) {
      this.node[inst] = n;
      this.dmg[inst] = 0;
      this.rotated[inst] = 0;
      this.commander[inst] = -1;
      this.chars[this.nChars++] = inst;
      this.updateCommand();
    } else {
      this.carrier[inst] = carrierChar;
      this.itemNode[inst] = carrierChar < 0 ? n : -1;
      this.items[this.nItems++] = inst;
    }
  }

  /** A factory place with a ready-or-not Skynet Drone on it (exterior only when `exterior`), or -1; the first in place order. */
  private factoryWithDrone(exterior: boolean): number {
    const b = this.board;
    for (let n = 0; n < b.nNodes; n++) {
      if (!b.isFactory(n) || (exterior && b.nodeKind[n] !== L_EXTERIOR)) continue;
      for (let i = 0; i < this.nChars; i++) {
        const c = this.chars[i];
        if (this.node[c] === n && this.instSide[c] === S_SKYNET && this.hasKw(c, K_DRONE)) return n;
      }
    }
    return -1;
  }

  /** A Terminator standing at a factory with a Drone (where a Skynet item is produced), or -1. */
  private terminatorAtFactory(): number {
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.instSide[c] !== S_SKYNET || !this.hasKw(c, K_TERMINATOR)) continue;
      const n = this.node[c];
      if (!this.board.isFactory(n)) continue;
      for (let j = 0; j < this.nChars; j++) {
        const d = this.chars[j];
        if (this.node[d] === n && this.instSide[d] === S_SKYNET && this.hasKw(d, K_DRONE)) return c;
      }
    }
    return -1;
  }

  private produce(): void {
    const b = this.board;
    const side = S_SKYNET;
    // rulebook: digest §スカイネット — a Drone at a Factory rotates to make production points
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.instSide[c] !== side || !this.hasKw(c, K_DRONE) || this.rotated[c] || !b.isFactory(this.node[c])) continue;
      this.rotated[c] = 1;
      this.production += this.cProduction[this.instCard[c]];
    }
    // Reading droneEntry: a Drone from hand enters at a Factory (once per turn).
    if (this.droneEnteredTurn !== this.turn) {
      let at = -1;
      for (let n = 0; n < b.nNodes && at < 0; n++) {
        if (!b.isFactory(n)) continue;
        if (this.rules.droneEntry === 'free' || this.visibleAt(side, n, true) > 0 || this.skynetMainAt(n)) at = n;
      }
      if (at >= 0) {
        let m = 0;
        for (let i = 0; i < this.handN[side]; i++) {
          const card = this.instCard[this.hand[side][i]];
          if (this.cType[card] === T_MAIN && (this.cKw[card] & K_DRONE) !== 0) this.opts[m++] = i;
        }
        this.deciding = -1;
        if (m > 0) {
          const pick = this.ask(side, D_DRONE_ENTRY, m, true);
          if (pick >= 0) {
            const inst = this.removeFromHand(side, this.opts[pick]);
            this.place(inst, at, -1);
            this.droneEnteredTurn = this.turn;
            this.log(`${this.cardName(inst)} enters at ${this.placeName(at)}`);
          }
        }
      }
    }
    // rulebook: digest §生産 — pay the production cost: the card enters where a Drone is; implants onto a Terminator there
    for (;;) {
      let m = 0;
      const fac = this.factoryWithDrone(false);
      const facExt = this.factoryWithDrone(true);
      const term = this.terminatorAtFactory();
      for (let i = 0; i < this.handN[side]; i++) {
        const card = this.instCard[this.hand[side][i]];
        if (this.cSide[card] !== S_SKYNET || this.cCost[card] > this.production) continue;
        if (this.cType[card] === T_MAIN) {
          if ((this.cKw[card] & K_HK) !== 0 ? facExt >= 0 : fac >= 0) this.opts[m++] = i;
        } else if (this.cType[card] === T_ITEM && term >= 0) this.opts[m++] = i;
      }
      if (m === 0) break;
      this.deciding = term;
      const pick = this.ask(side, D_PRODUCE, m, true);
      if (pick < 0) break;
      const inst = this.removeFromHand(side, this.opts[pick]);
      const card = this.instCard[inst];
      this.production -= this.cCost[card];
      if (this.cType[card] === T_MAIN) this.place(inst, (this.cKw[card] & K_HK) !== 0 ? facExt : fac, -1);
      else this.place(inst, this.node[term], term);
      this.log(`Skynet produces ${this.cardName(inst)}`);
    }
    if (!this.rules.productionCarry) this.production = 0;
  }

  private skynetMainAt(n: number): boolean {
    for (let i = 0; i < this.nChars; i++) {
      const c = this.chars[i];
      if (this.node[c] === n && this.instSide[c] === S_SKYNET && this.isMain(c)) return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ Missions

  /**
   * rulebook: digest §ミッション — one per turn from hand, scored at once when its condition holds at
   * its timing. The model plays the mission with the most points whose condition holds (a player
   * always would); `cond` is the timing being checked.
   */
  private checkMission(side: number, cond: number): void {
    if (this.over || this.missionTurn[side] === this.turn) return;
    let best = -1;
    const h = this.hand[side];
    for (let i = 0; i < this.handN[side]; i++) {
      const card = this.instCard[h[i]];
      if (this.cType[card] !== T_MISSION || this.cMission[card] !== cond) continue;
      if (!this.missionMet(side, card)) continue;
      if (best < 0 || this.cMissionPoints[card] > this.cMissionPoints[this.instCard[h[best]]]) best = i;
    }
    if (best < 0) return;
    const inst = this.removeFromHand(side, best);
    this.zone[inst] = Z_SCORED;
    this.missionPoints[side] += this.cMissionPoints[this.instCard[inst]];
    this.missionTurn[side] = this.turn;
    this.log(`${side === 0 ? 'R' : 'S'} scores ${this.cardName(inst)} (${this.missionPoints[side]} Mission Points)`);
    this.checkVictory();
  }

  private missionMet(side: number, card: number): boolean {
    switch (this.cMission[card]) {
      case M_REACH: {
        const place = this.cMissionPlace[card];
        for (let i = 0; i < this.nChars; i++) {
          const c = this.chars[i];
          if (this.instSide[c] === side && this.isMain(c) && this.board.nodeCard[this.node[c]] === place) return true;
        }
        return false;
      }
      case M_DEFEAT:
        return this.defeatedThisTurn[side] === 1;
      case M_PROTECT:
        return side === S_RESISTANCE && this.protectedThisTurn === 1;
      case M_ELIMINATE:
        return side === S_SKYNET && this.eliminatedThisTurn === 1;
      case M_FIND:
        return this.foundThisTurn[side] === 1;
    }
    return false;
  }

  /** The opening band's solo turns are over and the side acts (views). */
  actsNow(side: number): boolean {
    return this.acts(side);
  }
}

export { MAX_DECOYS };
