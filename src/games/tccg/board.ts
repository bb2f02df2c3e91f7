// The abstract map of a Termination Scenario game (digest §ロケーション, §キャラクターの移動について):
// each side's exterior locations in one row grown at either end from its start location, interior
// locations stacked above them, and exterior locations of the same name in both rows joined into
// one place (a bridge between the layouts) unless Distinct; start locations and interiors are always
// separate places. Preallocated typed arrays, reset per game; distances are recomputed when a
// location is placed (at most ~20 places, so all-pairs BFS is cheap) and movement costs with
// outnumbering come from a small Dijkstra over scratch arrays.
import { hasKeyword, K_DISTINCT, K_FACTORY, L_EXTERIOR, L_INTERIOR, type CardTable } from './cardData.js';

/** Places on the board at most: two start locations and two 9-card location decks, with room to spare. */
export const MAX_NODES = 32;
/** Exterior slots per side row: the start in the middle, up to 10 to either side. */
const ROW_CAP = 24;
const ROW_MID = 12;
/** Neighbours a place can have: two in each row it is in (a bridge is in both), one below, one above. */
const MAX_DEGREE = 6;
export const UNREACHABLE = 127;
/** A movement cost with no path (movementCosts). */
export const NO_PATH = 10000;

/** The card data the board reads, compiled once per player. */
export interface BoardCards {
  /** Per card id: L_EXTERIOR / L_INTERIOR, or -1. */
  kind: Int8Array;
  distinct: Uint8Array;
  factory: Uint8Array;
  nCards: number;
}

export function boardCards(table: CardTable): BoardCards {
  const n = table.cards.length;
  const kind = new Int8Array(n);
  const distinct = new Uint8Array(n);
  const factory = new Uint8Array(n);
  table.cards.forEach((c, i) => {
    kind[i] = c.location;
    distinct[i] = hasKeyword(c, K_DISTINCT) ? 1 : 0;
    factory[i] = hasKeyword(c, K_FACTORY) ? 1 : 0;
  });
  return { kind, distinct, factory, nCards: n };
}

export class Board {
  readonly cards: BoardCards;
  /** Per node: its card id. */
  readonly nodeCard = new Int16Array(MAX_NODES);
  readonly nodeKind = new Int8Array(MAX_NODES);
  /** Bit s set: the node is in side s's layout (both bits: a bridge). */
  readonly nodeSides = new Uint8Array(MAX_NODES);
  readonly nodeStart = new Uint8Array(MAX_NODES);
  /** The node an interior stands on (-1 for an exterior). */
  readonly nodeBelow = new Int16Array(MAX_NODES);
  nNodes = 0;
  /** rows[side * ROW_CAP + slot] = exterior node id; slots [rowLo[side], rowHi[side]] are filled. */
  readonly rows = new Int16Array(2 * ROW_CAP);
  readonly rowLo = new Int16Array(2);
  readonly rowHi = new Int16Array(2);
  /** stackTop[side * MAX_NODES + exterior] = top node of side's interior stack over that exterior (the exterior itself when none). */
  readonly stackTop = new Int16Array(2 * MAX_NODES);
  /** ownCard[side * nCards + card] = 1 when side has placed that card (its start included when startOwned): uniqueness per side. */
  readonly ownCard: Uint8Array;
  /** The start locations count as their side's cards (a drawn copy is removed); false: reading startDuplicate placed. */
  startOwned = true;
  /** adj[a * MAX_NODES + b] = 1 when a and b are adjacent places. */
  readonly adj = new Uint8Array(MAX_NODES * MAX_NODES);
  /** The same as lists: nbr[a * MAX_DEGREE + k], k < degree[a] (hot loops walk these, not the matrix). */
  readonly nbr = new Int16Array(MAX_NODES * MAX_DEGREE);
  readonly degree = new Uint8Array(MAX_NODES);
  /** Hops between places (UNREACHABLE when none; read through hops()); distExt: exterior places only (Hunter-Killers). */
  private readonly dist = new Int8Array(MAX_NODES * MAX_NODES);
  private readonly distExt = new Int8Array(MAX_NODES * MAX_NODES);
  /** Number of bridges (exterior places in both layouts). */
  bridges = 0;
  // Scratch for BFS and Dijkstra.
  private readonly queue = new Int16Array(MAX_NODES);
  private readonly done = new Uint8Array(MAX_NODES);

  constructor(cards: BoardCards) {
    this.cards = cards;
    this.ownCard = new Uint8Array(2 * cards.nCards);
  }

  /**
   * Empties the board and puts each side's start location (separate places, digest §スタートカード).
   * startOwned: the start card counts as the side's own (a copy drawn later is removed); false: it does
   * not, so a drawn copy is placed as another location (reading startDuplicate).
   */
  reset(startCard0: number, startCard1: number, startOwned = true): void {
    this.nNodes = 0;
    this.adj.fill(0);
    this.degree.fill(0);
    this.distDirty = true;
    this.distExtDirty = true;
    this.ownCard.fill(0);
    this.stackTop.fill(-1);
    this.bridges = 0;
    this.startOwned = startOwned;
    for (let s = 0; s < 2; s++) {
      const node = this.newNode(s === 0 ? startCard0 : startCard1, L_EXTERIOR, s);
      this.nodeStart[node] = 1;
      this.rows[s * ROW_CAP + ROW_MID] = node;
      this.rowLo[s] = ROW_MID;
      this.rowHi[s] = ROW_MID;
      this.stackTop[s * MAX_NODES + node] = node;
      // rulebook: digest §スタートカード / §ロケーション — whether the start is a copy of its card (reading startDuplicate)
      if (startOwned) this.ownCard[s * this.cards.nCards + (s === 0 ? startCard0 : startCard1)] = 1;
    }
  }

  private newNode(card: number, kind: number, side: number): number {
    const n = this.nNodes++;
    this.nodeCard[n] = card;
    this.nodeKind[n] = kind;
    this.nodeSides[n] = 1 << side;
    this.nodeStart[n] = 0;
    this.nodeBelow[n] = -1;
    this.degree[n] = 0;
    return n;
  }

  /** Has `side` a location of this card in play (its start included)? A second one drawn is removed (digest §ロケーション). */
  owns(side: number, card: number): boolean {
    return this.ownCard[side * this.cards.nCards + card] === 1;
  }

  /** Exterior nodes of side's row, left to right: slots rowLo..rowHi. */
  rowNode(side: number, slot: number): number {
    return this.rows[side * ROW_CAP + slot];
  }

  /** Can `side` place another exterior at an end of its row? */
  rowHasRoom(side: number, right: boolean): boolean {
    return right ? this.rowHi[side] < ROW_CAP - 1 : this.rowLo[side] > 0;
  }

  /**
   * Places exterior `card` at the left or right end of side's row (digest §エクステリア: added at
   * either end). Joins the other side's place of the same name unless Distinct or a start location.
   * Returns the node. The caller checks `owns` first (a duplicate is removed instead).
   */
  placeExterior(side: number, card: number, right: boolean): number {
    // rulebook: digest §ロケーション — same-named exteriors in both layouts are one place unless Distinct
    let node = -1;
    if (!this.cards.distinct[card]) {
      for (let n = 0; n < this.nNodes; n++) {
        if (this.nodeCard[n] === card && this.nodeKind[n] === L_EXTERIOR && !this.nodeStart[n] && this.nodeSides[n] === 1 << (1 - side)) {
          node = n;
          break;
        }
      }
    }
    if (node < 0) node = this.newNode(card, L_EXTERIOR, side);
    else {
      this.nodeSides[node] |= 1 << side;
      this.bridges++;
    }
    const end = this.rows[side * ROW_CAP + (right ? this.rowHi[side] : this.rowLo[side])];
    const slot = right ? ++this.rowHi[side] : --this.rowLo[side];
    this.rows[side * ROW_CAP + slot] = node;
    this.stackTop[side * MAX_NODES + node] = node;
    this.ownCard[side * this.cards.nCards + card] = 1;
    this.addEdge(end, node);
    return node;
  }

  /**
   * Places interior `card` on top of side's stack over exterior `exterior` (a node of side's row):
   * digest §インテリア — stacked "above", connected only up and down, always a separate place.
   */
  placeInterior(side: number, card: number, exterior: number): number {
    const below = this.stackTop[side * MAX_NODES + exterior];
    const node = this.newNode(card, L_INTERIOR, side);
    this.nodeBelow[node] = below;
    this.stackTop[side * MAX_NODES + exterior] = node;
    this.ownCard[side * this.cards.nCards + card] = 1;
    this.addEdge(below, node);
    return node;
  }

  /** Joins places a and b (idempotent); the distance matrices are rebuilt when next read (hops). */
  private addEdge(a: number, b: number): void {
    const N = MAX_NODES;
    if (this.adj[a * N + b]) return;
    this.adj[a * N + b] = 1;
    this.adj[b * N + a] = 1;
    this.nbr[a * MAX_DEGREE + this.degree[a]++] = b;
    this.nbr[b * MAX_DEGREE + this.degree[b]++] = a;
    this.distDirty = true;
    this.distExtDirty = true;
  }

  /** Distances are stale after a placement until hops() rebuilds them (BFS over at most ~20 places); one flag per matrix. */
  private distDirty = true;
  private distExtDirty = true;

  private bfsAll(out: Int8Array, exteriorOnly: boolean): void {
    const N = MAX_NODES;
    // Only the rows and columns of places in use are ever read.
    out.fill(UNREACHABLE, 0, this.nNodes * N);
    for (let src = 0; src < this.nNodes; src++) {
      if (exteriorOnly && this.nodeKind[src] !== L_EXTERIOR) continue;
      let head = 0;
      let tail = 0;
      this.queue[tail++] = src;
      out[src * N + src] = 0;
      while (head < tail) {
        const u = this.queue[head++];
        const du = out[src * N + u];
        for (let k = 0; k < this.degree[u]; k++) {
          const v = this.nbr[u * MAX_DEGREE + k];
          if (out[src * N + v] !== UNREACHABLE) continue;
          if (exteriorOnly && this.nodeKind[v] !== L_EXTERIOR) continue;
          out[src * N + v] = du + 1;
          this.queue[tail++] = v;
        }
      }
    }
  }

  /** Hops from a to b (UNREACHABLE when no path). */
  hops(a: number, b: number, exteriorOnly = false): number {
    if (exteriorOnly) {
      if (this.distExtDirty) {
        this.bfsAll(this.distExt, true);
        this.distExtDirty = false;
      }
      return this.distExt[a * MAX_NODES + b];
    }
    if (this.distDirty) {
      this.bfsAll(this.dist, false);
      this.distDirty = false;
    }
    return this.dist[a * MAX_NODES + b];
  }

  /**
   * Movement costs from `from` to every place, writing into `out[0, nNodes)`: each step costs 1
   * plus `leaveExtra[u]` for leaving place u (outnumbering, digest §敵集団からの脱出); NO_PATH
   * when none. `prev[v]` (when given) is the place before v on a cheapest path (-1 at `from` and
   * for places with no path). `exteriorOnly`: Hunter-Killers never enter interiors (digest
   * §ハンターキラー). Ties go to the lower node id, so the result is deterministic.
   */
  movementCosts(from: number, leaveExtra: Int8Array, exteriorOnly: boolean, out: Int16Array, prev?: Int16Array): void {
    const n = this.nNodes;
    for (let i = 0; i < n; i++) {
      out[i] = NO_PATH;
      this.done[i] = 0;
      if (prev) prev[i] = -1;
    }
    out[from] = 0;
    for (;;) {
      let u = -1;
      let bu = NO_PATH;
      for (let i = 0; i < n; i++) if (!this.done[i] && out[i] < bu) (u = i), (bu = out[i]);
      if (u < 0) break;
      this.done[u] = 1;
      const step = 1 + leaveExtra[u];
      const d = this.degree[u];
      for (let k = 0; k < d; k++) {
        const v = this.nbr[u * MAX_DEGREE + k];
        if (this.done[v]) continue;
        if (exteriorOnly && this.nodeKind[v] !== L_EXTERIOR) continue;
        const c = bu + step;
        if (c < out[v]) {
          out[v] = c;
          if (prev) prev[v] = u;
        }
      }
    }
  }

  /**
   * The farthest place along the cheapest path from `from` to `to` (given `cost`/`prev` from
   * movementCosts on `from`) whose cost is at most `points`: where a mover with that many movement
   * points gets to on its way. `from` when the first step is already too dear.
   */
  stepToward(from: number, to: number, points: number, cost: Int16Array, prev: Int16Array): number {
    let v = to;
    while (v !== from && v >= 0 && cost[v] > points) v = prev[v];
    return v < 0 ? from : v;
  }

  /** Is node `n` a place with the Factory keyword (digest §生産)? */
  isFactory(n: number): boolean {
    return this.cards.factory[this.nodeCard[n]] === 1;
  }

  /** Is `n` in side's layout (placed by it, or a bridge)? */
  inLayout(side: number, n: number): boolean {
    return (this.nodeSides[n] & (1 << side)) !== 0;
  }
}

export { L_EXTERIOR, L_INTERIOR };
