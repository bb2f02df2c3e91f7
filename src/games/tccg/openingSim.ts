// Level 2 of issue 17: the opening and tempo model. One game = both location decks shuffled (Main
// Street always last), both sides' locations laid out turn by turn under a placement policy, the
// Terminator walking toward the Resistance main characters at its Speed (outnumbering included);
// recorded: the turn of first contact (an exterior place in both layouts), the turn the Terminator
// first reaches a Resistance main character, whether a path exists and what it costs at the end
// of each turn, and how many Resistance acting turns have the Police Station in play before contact.
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { randIndex, type Rng } from '../../core/rng.js';
import { Board, boardCards, L_EXTERIOR, NO_PATH } from './board.js';
import type { CardTable } from './cardData.js';
import type { GameRules } from './gameRules.js';
import { actsInTurn, shuffleLocationDeck } from './opening.js';
import { leaveExtra, outnumberingCode } from './outnumbering.js';

export const PLACEMENTS = ['random', 'alternate', 'right'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const INACTIVE_SIDE = ['nothing', 'locations'] as const;
export type InactiveSide = (typeof INACTIVE_SIDE)[number];
export const RESISTANCE_MOVEMENT = ['stay', 'police'] as const;
export type ResistanceMovement = (typeof RESISTANCE_MOVEMENT)[number];

/** What the opening simulation receives (plain JSON). */
export interface OpeningSimParams {
  table: CardTable;
  /** Location decks (9 card ids each, any order; Main Street is put last every game). */
  locations: [number[], number[]];
  startLocation: [number, number];
  mainStreet: number;
  /** Police Station card id, or -1 when the card data has none. */
  police: number;
  terminatorSpeed: number;
  resistanceSpeeds: number[];
  /** Opening band (0..4) of the Skynet loadout under the chosen reading. */
  band: number;
  locationsPerTurn: number;
  inactiveSide: InactiveSide;
  placement: Placement;
  resistanceMovement: ResistanceMovement;
  maxTurns: number;
  /** The game's readings (gameRules.ts), played by the same code as in `tccg game`. */
  outnumbering: GameRules['outnumbering'];
  startDuplicate: GameRules['startDuplicate'];
}

// Metric indices; per-turn metrics follow at PER_TURN + 2 * (turn - 1).
export const OM_CONTACT_TURN = 0;
export const OM_REACH_TURN = 1;
export const OM_POLICE_BEFORE_CONTACT = 2;
export const OM_POLICE_TURN = 3;
export const OM_CONTACT_BY_CAP = 4;
export const OM_REACH_BY_CAP = 5;
export const OM_PER_TURN = 6;

export function openingMetrics(p: OpeningSimParams): MetricSpec[] {
  const cap = p.maxTurns + 1;
  const m: MetricSpec[] = [
    { name: 'contactTurn', description: `turn of first contact (an exterior place in both layouts); ${cap} = none by turn ${p.maxTurns}`, kind: 'count', maxValue: cap },
    { name: 'reachTurn', description: `turn the Terminator first shares a place with a Resistance main character; ${cap} = none by turn ${p.maxTurns}`, kind: 'count', maxValue: cap },
    { name: 'policeTurnsBeforeContact', description: 'Resistance acting turns before the contact turn that end with the Police Station in the Resistance layout', kind: 'count', maxValue: cap },
    { name: 'policeTurn', description: `turn the Police Station enters the Resistance layout; ${cap} = not by turn ${p.maxTurns}`, kind: 'count', maxValue: cap },
    { name: 'contactByCap', description: `contact by turn ${p.maxTurns}`, kind: 'rate', maxValue: 1 },
    { name: 'reachByCap', description: `the Terminator reaches a Resistance main character by turn ${p.maxTurns}`, kind: 'rate', maxValue: 1 },
  ];
  for (let t = 1; t <= p.maxTurns; t++) {
    m.push(
      { name: `connectedTurn${t}`, description: `end of turn ${t}: a path joins the Terminator and a Resistance main character`, kind: 'rate', maxValue: 1 },
      { name: `pathCostTurn${t}`, description: `end of turn ${t}: movement points from the Terminator to the nearest Resistance main character (games with a path)`, kind: 'count', maxValue: 64 },
    );
  }
  return m;
}

/** One opening, replayable from its stream; state preallocated and reset per game. */
export class OpeningGame {
  readonly board: Board;
  readonly p: OpeningSimParams;
  /** Location decks as dealt this game: deck[side][0..9), drawn from the front. */
  readonly deck: [Int16Array, Int16Array];
  readonly deckPos = new Int16Array(2);
  /** Removed duplicates (a location already in the side's layout), per side. */
  readonly removed = new Int16Array(2);
  /** Places of the Terminator and of the Resistance main characters. */
  terminatorNode = 0;
  readonly resistanceNodes: Int16Array;
  turn = 0;
  contactTurn = 0;
  reachTurn = 0;
  policeTurn = 0;
  policeTurnsBeforeContact = 0;
  /** Alternate placement: next end per side (0 left, 1 right). */
  private readonly nextEnd = new Uint8Array(2);
  private readonly cost = new Int16Array(32);
  private readonly prev = new Int16Array(32);
  private readonly extra = new Int8Array(32);
  /** The outnumbering reading as its code (outnumbering.ts). */
  private readonly outnumberRule: number;
  /** Per turn (1-based): path cost at the end of the turn, or -1 with no path. */
  readonly pathAtTurn: Int16Array;
  /** Called after each side's part of a turn (conformance checks). */
  onStep: ((g: OpeningGame) => void) | null = null;

  constructor(p: OpeningSimParams) {
    this.p = p;
    this.board = new Board(boardCards(p.table));
    this.deck = [Int16Array.from(p.locations[0]), Int16Array.from(p.locations[1])];
    this.resistanceNodes = new Int16Array(p.resistanceSpeeds.length);
    this.pathAtTurn = new Int16Array(p.maxTurns + 1);
    this.outnumberRule = outnumberingCode(p.outnumbering);
  }

  /** Deals both location decks from `rng` and sets up the start locations. */
  reset(rng: Rng): void {
    const p = this.p;
    for (let s = 0; s < 2; s++) {
      const d = this.deck[s];
      d.set(p.locations[s]);
      shuffleLocationDeck(rng, d, p.mainStreet);
      this.deckPos[s] = 0;
      this.removed[s] = 0;
      this.nextEnd[s] = 1;
    }
    // rulebook: digest §スタートカード / §ロケーション — whether the start is a copy of its card (reading startDuplicate)
    this.board.reset(p.startLocation[0], p.startLocation[1], p.startDuplicate === 'removed');
    // Start nodes are 0 (Resistance, Pawn Shop) and 1 (Skynet, Alamo Sport Shop).
    this.terminatorNode = 1;
    this.resistanceNodes.fill(0);
    this.turn = 0;
    this.contactTurn = 0;
    this.reachTurn = 0;
    this.policeTurn = 0;
    this.policeTurnsBeforeContact = 0;
    this.pathAtTurn.fill(-1);
  }

  /** Plays turns 1..maxTurns (or until nothing more can change). Mutates rng. */
  play(rng: Rng): void {
    const p = this.p;
    for (let t = 1; t <= p.maxTurns; t++) {
      this.turn = t;
      // rulebook: summary corrections — a turn is shared: the Resistance acts first, then Skynet
      for (let side = 0; side < 2; side++) {
        const acts = actsInTurn(p.band, side, t);
        if (acts || p.inactiveSide === 'locations') this.playLocations(rng, side);
        if (acts) {
          if (side === 1) this.moveTerminator();
          else if (p.resistanceMovement === 'police') this.moveResistance();
        }
        if (this.contactTurn === 0 && this.board.bridges > 0) this.contactTurn = t;
        if (this.reachTurn === 0 && this.sharesPlace()) this.reachTurn = t;
        if (side === 0) {
          const police = this.policeInLayout();
          if (police && this.policeTurn === 0) this.policeTurn = t;
          if (acts && police && (this.contactTurn === 0 || this.contactTurn > t)) this.policeTurnsBeforeContact++;
        }
        this.onStep?.(this);
      }
      this.pathAtTurn[t] = this.pathCost();
    }
  }

  /** The side plays the top `locationsPerTurn` cards of its location deck (a duplicate of a place it has is removed). */
  private playLocations(rng: Rng, side: number): void {
    const b = this.board;
    for (let k = 0; k < this.p.locationsPerTurn; k++) {
      const d = this.deck[side];
      if (this.deckPos[side] >= d.length) return;
      const card = d[this.deckPos[side]++];
      // rulebook: digest §ロケーション — unique per side: a second copy drawn is removed at once (the start counts as one under startDuplicate removed)
      if (b.owns(side, card)) {
        this.removed[side]++;
        continue;
      }
      if (b.cards.kind[card] === L_EXTERIOR) {
        const right = this.chooseEnd(rng, side);
        b.placeExterior(side, card, b.rowHasRoom(side, right) ? right : !right);
      } else b.placeInterior(side, card, this.chooseColumn(rng, side));
    }
  }

  private chooseEnd(rng: Rng, side: number): boolean {
    switch (this.p.placement) {
      case 'random':
        return randIndex(rng, 2) === 1;
      case 'alternate': {
        const right = this.nextEnd[side] === 1;
        this.nextEnd[side] ^= 1;
        return right;
      }
      case 'right':
        return true;
    }
  }

  /** The exterior an interior is stacked over: a random exterior of the row, else the start location. */
  private chooseColumn(rng: Rng, side: number): number {
    const b = this.board;
    if (this.p.placement !== 'random') return side;
    const lo = b.rowLo[side];
    return b.rowNode(side, lo + randIndex(rng, b.rowHi[side] - lo + 1));
  }

  /**
   * Outnumbering for a mover of `side`: extra[u] = the extra movement to leave place u, by the
   * game's own rule and reading (outnumbering.ts). Every character of the opening is a main
   * character, so the readings, which differ only in how supporting characters count, agree here.
   */
  private fillExtra(side: number): void {
    const n = this.board.nNodes;
    const rule = this.outnumberRule;
    for (let u = 0; u < n; u++) {
      const res = this.resistanceAt(u);
      const sky = this.terminatorNode === u ? 1 : 0;
      const enemy = side === 1 ? res : sky;
      const own = side === 1 ? sky : res;
      // rulebook: digest §敵集団からの脱出 — outnumbering.ts (reading outnumbering)
      this.extra[u] = leaveExtra(rule, own, own, enemy, enemy);
    }
  }

  private resistanceAt(u: number): number {
    let k = 0;
    for (let i = 0; i < this.resistanceNodes.length; i++) if (this.resistanceNodes[i] === u) k++;
    return k;
  }

  private sharesPlace(): boolean {
    return this.resistanceAt(this.terminatorNode) > 0;
  }

  private policeInLayout(): boolean {
    const b = this.board;
    if (this.p.police < 0) return false;
    for (let n = 0; n < b.nNodes; n++) if (b.nodeCard[n] === this.p.police && b.inLayout(0, n)) return true;
    return false;
  }

  /** Movement cost from the Terminator to the nearest Resistance main character (-1: no path). */
  pathCost(): number {
    // No bridge, no path between the layouts; sharing a place costs nothing.
    if (this.board.bridges === 0) return -1;
    if (this.sharesPlace()) return 0;
    this.fillExtra(1);
    this.board.movementCosts(this.terminatorNode, this.extra, false, this.cost, this.prev);
    let best = NO_PATH;
    for (let i = 0; i < this.resistanceNodes.length; i++) best = Math.min(best, this.cost[this.resistanceNodes[i]]);
    return best >= NO_PATH ? -1 : best;
  }

  /** The Terminator spends its Speed along a cheapest path to the nearest Resistance main character (it waits while there is none). */
  private moveTerminator(): void {
    if (this.board.bridges === 0 || this.sharesPlace()) return;
    this.fillExtra(1);
    const b = this.board;
    b.movementCosts(this.terminatorNode, this.extra, false, this.cost, this.prev);
    let target = -1;
    for (let i = 0; i < this.resistanceNodes.length; i++) {
      const n = this.resistanceNodes[i];
      if (this.cost[n] < NO_PATH && (target < 0 || this.cost[n] < this.cost[target])) target = n;
    }
    if (target < 0) return;
    this.terminatorNode = b.stepToward(this.terminatorNode, target, this.p.terminatorSpeed, this.cost, this.prev);
  }

  /** resistanceMovement = police: each Resistance main character walks toward the nearest Police Station place in reach. */
  private moveResistance(): void {
    const b = this.board;
    for (let i = 0; i < this.resistanceNodes.length; i++) {
      this.fillExtra(0);
      b.movementCosts(this.resistanceNodes[i], this.extra, false, this.cost, this.prev);
      let target = -1;
      for (let n = 0; n < b.nNodes; n++) {
        if (b.nodeCard[n] !== this.p.police || this.cost[n] >= NO_PATH) continue;
        if (target < 0 || this.cost[n] < this.cost[target]) target = n;
      }
      if (target >= 0) this.resistanceNodes[i] = b.stepToward(this.resistanceNodes[i], target, this.p.resistanceSpeeds[i], this.cost, this.prev);
    }
  }
}

/** Records one finished opening. */
export function recordOpening(g: OpeningGame, rec: { record(metric: number, value: number): void }): void {
  const cap = g.p.maxTurns + 1;
  rec.record(OM_CONTACT_TURN, g.contactTurn || cap);
  rec.record(OM_REACH_TURN, g.reachTurn || cap);
  rec.record(OM_POLICE_BEFORE_CONTACT, g.policeTurnsBeforeContact);
  rec.record(OM_POLICE_TURN, g.policeTurn || cap);
  rec.record(OM_CONTACT_BY_CAP, g.contactTurn ? 1 : 0);
  rec.record(OM_REACH_BY_CAP, g.reachTurn ? 1 : 0);
  for (let t = 1; t <= g.p.maxTurns; t++) {
    const c = g.pathAtTurn[t];
    rec.record(OM_PER_TURN + 2 * (t - 1), c >= 0 ? 1 : 0);
    if (c >= 0) rec.record(OM_PER_TURN + 2 * (t - 1) + 1, c);
  }
}

export const openingSim: GameSim<OpeningSimParams> = {
  metrics: openingMetrics,
  // About 4 µs per opening (bench/tccg.ts: ~236k openings/s on one core): ~4000 per 20 ms.
  gamesPerChunk: () => 4000,
  createPlayer(p) {
    const g = new OpeningGame(p);
    return {
      play(rng, rec) {
        g.reset(rng);
        g.play(rng);
        recordOpening(g, rec);
      },
    };
  },
};
