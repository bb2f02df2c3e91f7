// What a side's policy sees of a Termination Scenario game: the board, every card in play (face up,
// as at the table), its own hand, the counts of the other side's piles, the pools and victory
// piles; never the order of any deck, the other side's hand, or where a hidden character really
// is (only its candidate places). Built-in policies get a PlayerView (for speed); a user module
// gets a frozen facade over it with the members listed in PLAYER_VIEW_MEMBERS (readOnlyView).
import type { ViewMembers } from '../../core/policy.js';
import { S_SKYNET, type CardInfo } from './cardData.js';
import type { TccgGame } from './gameEngine.js';
import { PHASE_RANGED } from './gameDecisions.js';

export class PlayerView {
  readonly #g: TccgGame;
  readonly side: number;
  constructor(game: TccgGame, side: number) {
    this.#g = game;
    this.side = side;
  }
  /** The card data (a user module gets its own frozen copy). */
  get cards(): readonly CardInfo[] {
    return this.#g.p.table.cards;
  }
  get turn(): number {
    return this.#g.turn;
  }
  /** The character (instance id) the current decision is about, or -1. */
  get deciding(): number {
    return this.#g.deciding;
  }
  /** D_ATTACK: 0 ranged, 1 close. */
  get phase(): number {
    return this.#g.phase;
  }
  /** D_EVENT: EC_ATTACK, EC_DEFEND, EC_HEAL or EC_POOL. */
  get eventContext(): number {
    return this.#g.eventContext;
  }
  /** D_DECOY: the place the decoy moves from. */
  get decoyFrom(): number {
    return this.#g.decoyFrom;
  }
  /** D_ESCORT: where the commander went. */
  get escortTo(): number {
    return this.#g.escortTo;
  }
  /** During an attack (events, D_POOL_RESIST): attacker and target, else -1. */
  get attackBy(): number {
    return this.#g.attackBy;
  }
  get attackOn(): number {
    return this.#g.attackOn;
  }
  /** A hit being answered (D_EVENT in EC_DEFEND, D_POOL_RESIST): its damage, and the target's resistance so far (Power + armour, + resist events already played; before buying); 0 outside an attack. */
  get hitDamage(): number {
    return this.#g.atkDamageSeen;
  }
  get hitResistance(): number {
    return this.#g.resistanceSeen;
  }
  // ---- board
  nodeCount(): number {
    return this.#g.board.nNodes;
  }
  /** Card id of place n. */
  placeCard(n: number): number {
    return this.#g.board.nodeCard[n];
  }
  isInterior(n: number): boolean {
    return this.#g.board.nodeKind[n] !== 0;
  }
  isFactory(n: number): boolean {
    return this.#g.board.isFactory(n);
  }
  isPolice(n: number): boolean {
    return this.#g.board.nodeCard[n] === this.#g.policeCard;
  }
  /** Is place n in `side`'s layout (a bridge is in both)? */
  inLayout(side: number, n: number): boolean {
    return this.#g.board.inLayout(side, n);
  }
  /** Steps between places (127: no path); `exteriorOnly` for Hunter-Killers. */
  hops(a: number, b: number, exteriorOnly = false): number {
    return this.#g.board.hops(a, b, exteriorOnly);
  }
  /** D_MOVE: movement points the deciding character spends to reach n (hidden: without outnumbering). */
  moveCost(n: number, hidden: boolean): number {
    return this.#g.moveCostOf(n, hidden);
  }
  // ---- characters and items in play
  charCount(): number {
    return this.#g.nChars;
  }
  charAt(i: number): number {
    return this.#g.chars[i];
  }
  cardOf(inst: number): number {
    return this.#g.instCard[inst];
  }
  /** The side a card instance belongs to (supporting characters: the deck that brought them). */
  sideOf(inst: number): number {
    return this.#g.instSide[inst];
  }
  isMain(c: number): boolean {
    return this.#g.isMain(c);
  }
  isSupport(c: number): boolean {
    return this.#g.isSupport(c);
  }
  /** Place of character c, or -1 for a hidden character of the other side (see candidates). */
  nodeOf(c: number): number {
    const g = this.#g;
    return g.hidden[c] && g.instSide[c] !== this.side ? -1 : g.node[c];
  }
  /** Bit per place the character may be on (its place, or for a hidden one every decoy's). */
  candidates(c: number): number {
    return this.#g.candidates(c);
  }
  isHidden(c: number): boolean {
    return this.#g.hidden[c] === 1;
  }
  isRotated(c: number): boolean {
    return this.#g.rotated[c] === 1;
  }
  damageOf(c: number): number {
    return this.#g.dmg[c];
  }
  speedOf(c: number): number {
    return this.#g.speedOf(c);
  }
  powerOf(c: number): number {
    return this.#g.powerOf(c);
  }
  armorOf(c: number): number {
    return this.#g.armorOf(c);
  }
  hitBonusOf(c: number): number {
    return this.#g.hitBonusOf(c);
  }
  rangedDamageOf(c: number, longRange: boolean): number {
    return this.#g.rangedDamageOf(c, longRange);
  }
  meleeBonusOf(c: number): number {
    return this.#g.meleeBonusOf(c);
  }
  disguised(c: number): boolean {
    return this.#g.disguised(c);
  }
  /** A disguised Infiltrator that has attacked (the Resistance may attack it back). */
  exposed(c: number): boolean {
    return this.#g.exposed[c] === 1;
  }
  /** Supporting character s: the side commanding it, or -1. */
  commanderOf(s: number): number {
    return this.#g.commander[s];
  }
  mayAttack(a: number, t: number): boolean {
    return this.#g.mayAttack(a, t);
  }
  mayUse(c: number, card: number): boolean {
    return this.#g.mayUse(c, card);
  }
  /** Could character c find `card` where it stands? (false for a hidden character of the other side: its place is not known) */
  canFind(c: number, card: number): boolean {
    const g = this.#g;
    if (g.hidden[c] && g.instSide[c] !== this.side) return false;
    return g.canFind(c, card);
  }
  /** Can `card` be found at place n by a character able to find it (features match)? */
  findableAt(card: number, n: number): boolean {
    return this.#g.findableAt(card, n);
  }
  itemCount(): number {
    return this.#g.nItems;
  }
  itemAt(i: number): number {
    return this.#g.items[i];
  }
  /** The character carrying item it, or -1 (on the ground at itemNodeOf). */
  carrierOf(it: number): number {
    return this.#g.carrier[it];
  }
  itemNodeOf(it: number): number {
    return this.#g.itemNode[it];
  }
  // ---- hands, piles, pools
  handCount(): number {
    return this.#g.handN[this.side];
  }
  /** Card id in hand slot i of this side. */
  handCard(i: number): number {
    return this.#g.instCard[this.#g.hand[this.side][i]];
  }
  handCountOf(side: number): number {
    return this.#g.handN[side];
  }
  deckCount(side: number): number {
    return this.#g.deckN[side];
  }
  discardCount(side: number): number {
    return this.#g.discardN[side];
  }
  reshufflesOf(side: number): number {
    return this.#g.reshuffles[side];
  }
  handLimitOf(side: number): number {
    return this.#g.handLimitOf(side);
  }
  pool(side: number): number {
    return this.#g.pool[side];
  }
  /** Skynet's production points (0 for the Resistance's view of its own). */
  productionPoints(): number {
    return this.side === S_SKYNET ? this.#g.production : 0;
  }
  missionPoints(side: number): number {
    return this.#g.missionPoints[side];
  }
  /** Resistance's protected pile: [different, Importance] under the game's reading of "different". */
  protectedScore(): [number, number] {
    const out = new Int32Array(2);
    this.#g.pileScore(this.#g.protectedPile, this.#g.nProtected, out);
    return [out[0], out[1]];
  }
  /**
   * Is a card of this card id in the Resistance's protected pile? Assumption: the victory piles are
   * open to both sides (the digest does not say; every card in them left play in the open, and the
   * views already held their counts and scores).
   */
  protectedHas(card: number): boolean {
    return this.#g.pileHas(this.#g.protectedPile, this.#g.nProtected, card);
  }
  /** Is a card of this card id in Skynet's eliminated pile? */
  eliminatedHas(card: number): boolean {
    return this.#g.pileHas(this.#g.eliminatedPile, this.#g.nEliminated, card);
  }
  eliminatedScore(): [number, number] {
    const out = new Int32Array(2);
    this.#g.pileScore(this.#g.eliminatedPile, this.#g.nEliminated, out);
    return [out[0], out[1]];
  }
  /** Does `side` act this turn (the opening band)? */
  actsNow(side: number): boolean {
    return this.#g.actsNow(side);
  }
  /** The Termination rules in force (readings). */
  get rules() {
    return this.#g.rules;
  }
  /** Is the current attack phase the ranged one? */
  rangedPhase(): boolean {
    return this.#g.phase === PHASE_RANGED;
  }
}

/** What a user module's facade exposes (readOnlyView). */
export const PLAYER_VIEW_MEMBERS: ViewMembers = {
  properties: ['side', 'turn', 'deciding', 'phase', 'eventContext', 'decoyFrom', 'escortTo', 'attackBy', 'attackOn', 'hitDamage', 'hitResistance'],
  methods: [
    'nodeCount', 'placeCard', 'isInterior', 'isFactory', 'isPolice', 'inLayout', 'hops', 'moveCost',
    'charCount', 'charAt', 'cardOf', 'sideOf', 'isMain', 'isSupport', 'nodeOf', 'candidates', 'isHidden', 'isRotated', 'damageOf', 'speedOf', 'powerOf', 'armorOf', 'hitBonusOf', 'rangedDamageOf', 'meleeBonusOf', 'disguised', 'exposed', 'commanderOf', 'mayAttack', 'mayUse', 'canFind', 'findableAt',
    'itemCount', 'itemAt', 'carrierOf', 'itemNodeOf',
    'handCount', 'handCard', 'handCountOf', 'deckCount', 'discardCount', 'reshufflesOf', 'handLimitOf', 'pool', 'productionPoints', 'missionPoints', 'protectedScore', 'eliminatedScore', 'protectedHas', 'eliminatedHas', 'actsNow', 'rangedPhase',
  ],
};
