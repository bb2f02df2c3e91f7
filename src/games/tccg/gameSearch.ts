// A Termination Scenario game on the engine contract (src/core/engine.ts): what the shared search
// (src/core/search.ts) plays. The game object keeps the rules' state (gameEngine.ts) and this
// wraps it: playOn swaps in the chooser and the stream, resumes at a resumable decision (the rest of
// its round), plays on to the end or the cut-off, and puts the game's own chooser, stream, trace and
// step hook back. The snapshot is the shared field snapshot over the fields play mutates (the game's, its
// piles', its board's); the re-deal is determinize below.
//
// Resumable decisions (the search's roots): D_MOVE (where a main character goes, and whether
// hidden), D_ATTACK (whom it attacks, or holding a ranged attack for close combat) and D_SEARCH
// (what it finds: a supporting character to escort, an item to arm with, or nothing and an item
// picked up instead). These decide the game's routes — reaching, escorting and protecting or
// eliminating supporting characters, and fights — where the default bots follow one fixed goal.
// Every other decision (locations, decoys, escort, events, pool, pick-up, production, Drone entry)
// is answered inside a playOn by whoever the chooser is: they are many, mostly forced or minor, and
// resuming inside an attack's events or a move's decoys would need their call stacks too.
import { HASH_START, hashWord, NO_ANSWER, type DecisionEngine } from '../../core/engine.js';
import { FieldSnapshot } from '../../core/fieldSnapshot.js';
import type { Policy } from '../../core/policy.js';
import { randIndex, shuffleInPlace, type Rng } from '../../core/rng.js';
import { createSearchPolicy, type SearchStats } from '../../core/search.js';
import { searchesOf } from '../../core/searchDecisions.js';
import { S_SKYNET } from './cardData.js';
import { builtinPolicy, defaultPolicyName } from './gameBots.js';
import { D_ATTACK, D_MOVE, D_SEARCH, MAX_OPTIONS } from './gameDecisions.js';
import { MAX_DECOYS, TccgGame, Z_DECK, Z_HAND, type SideView } from './gameEngine.js';
import type { PlayerView } from './gameView.js';

/** Decisions a search resumes at (its roots), a bit per decision code. */
export const SEARCH_ROOTS = (1 << D_MOVE) | (1 << D_ATTACK) | (1 << D_SEARCH);

/** The game's typed-array fields that play mutates (options and movement costs of the decision being asked included). */
export const GAME_ARRAYS = [
  'zone', 'deckN', 'handN', 'discardN', 'chars', 'items', 'node', 'dmg', 'rotated', 'hidden', 'decoyNode', 'decoyN', 'exposed', 'revealed', 'commander', 'carrier', 'itemNode', 'attacked',
  'pool', 'reshuffles', 'missionPoints', 'missionTurn', 'foundThisTurn', 'defeatedThisTurn', 'protectedPile', 'eliminatedPile', 'locPos', 'locRemoved', 'locPending', 'mainLost',
  'opts', 'cost', 'costHidden', 'order', 'usedEffect',
] as const;
/** The game's number and boolean fields that play mutates. A law test checks that none is missing. */
export const GAME_SCALARS = [
  'nChars', 'nItems', 'production', 'protectedThisTurn', 'eliminatedThisTurn', 'droneEnteredTurn', 'nProtected', 'nEliminated', 'turn', 'over', 'winner', 'route', 'contactTurn',
  'deciding', 'phase', 'eventContext', 'decoyFrom', 'escortTo', 'attackBy', 'attackOn', 'atkHit', 'atkDamage', 'defResist', 'atkDamageSeen', 'resistanceSeen',
  'rdIdx', 'stSide', 'stPhase', 'stStep', 'stK', 'stN', 'finished', 'asking', 'askSide',
] as const;
/** The board's mutable fields (a placed location changes them; the BFS queue is scratch). */
const BOARD_ARRAYS = ['nodeCard', 'nodeKind', 'nodeSides', 'nodeStart', 'nodeBelow', 'rows', 'rowLo', 'rowHi', 'stackTop', 'ownCard', 'adj', 'nbr', 'degree', 'dist', 'distExt'] as const;
const BOARD_SCALARS = ['nNodes', 'bridges', 'distDirty', 'distExtDirty'] as const;

/** A saved game: the game's fields, its per-side piles, its board. */
export class TccgSnapshot {
  private readonly parts: FieldSnapshot[];
  constructor(g: TccgGame) {
    const piles = { deck0: g.deck[0], deck1: g.deck[1], hand0: g.hand[0], hand1: g.hand[1], discard0: g.discard[0], discard1: g.discard[1], loc0: g.locDeck[0], loc1: g.locDeck[1] };
    this.parts = [new FieldSnapshot(g, GAME_ARRAYS, GAME_SCALARS), new FieldSnapshot(piles, Object.keys(piles), []), new FieldSnapshot(g.board, BOARD_ARRAYS, BOARD_SCALARS)];
  }
  save(): void {
    for (const p of this.parts) p.save();
  }
  restore(): void {
    for (const p of this.parts) p.restore();
  }
}

export class TccgEngine implements DecisionEngine<SideView, TccgSnapshot> {
  readonly players = 2;
  readonly maxOptions = MAX_OPTIONS;
  /** Scratch of the re-deal: a side's unseen cards; candidate places. */
  private readonly unseen: Int16Array;
  private readonly places = new Int32Array(32);

  constructor(readonly g: TccgGame) {
    this.unseen = new Int16Array(g.nInst);
  }

  /** The deciding side's view. */
  get view(): SideView {
    return this.g.views[Math.max(0, this.g.askSide)];
  }

  reset(rng: Rng): void {
    this.g.reset(rng);
  }

  playOn(rng: Rng, chooser: Policy<SideView>, decision: number, answer: number, stopTurn: number): void {
    const g = this.g;
    const realRng = g.rng;
    const realChooser = g.chooser;
    const realTrace = g.trace;
    const realStep = g.onStep;
    g.rng = rng;
    g.chooser = chooser;
    // A search's playouts are not part of the game's trace, nor checked round by round (the game's own rounds are).
    g.trace = null;
    g.onStep = null;
    try {
      if (answer !== NO_ANSWER) g.resume(decision, answer);
      g.runFrom(stopTurn);
    } finally {
      g.rng = realRng;
      g.chooser = realChooser;
      g.trace = realTrace;
      g.onStep = realStep;
    }
  }

  resumable(decision: number): boolean {
    return ((SEARCH_ROOTS >>> decision) & 1) === 1;
  }
  decider(): number {
    return this.g.askSide;
  }
  over(): boolean {
    return this.g.finished;
  }
  /** 1 a win, 0 a loss, 0.5 no winner by the turn cap. */
  result(player: number): number {
    const w = this.g.winner;
    return w === player ? 1 : w < 0 ? 0.5 : 0;
  }
  turn(): number {
    return this.g.turn;
  }

  /**
   * A crude estimate at a search's cut-off (searchDepth > 0), from what both sides see: each
   * side's progress to its nearest victory (Mission Points, or Importance in its pile with its
   * different characters, or the other side's Resistance main characters lost), a logistic of the
   * difference. Depth 0 (to the end of the game) is the default and the measured setting.
   */
  value(player: number): number {
    const g = this.g;
    const r = g.rules;
    const progress = (side: number): number => {
      let best = g.missionPoints[side] / r.victoryMissionPoints;
      const pile = side === 0 ? g.protectedPile : g.eliminatedPile;
      const n = side === 0 ? g.nProtected : g.nEliminated;
      g.pileScore(pile, n, this.score);
      best = Math.max(best, Math.min(1, this.score[1] / r.victoryImportance) * Math.min(1, this.score[0] / r.victoryDifferent));
      if (side === S_SKYNET) {
        let left = 0;
        for (let i = 0; i < g.nChars; i++) if (g.instSide[g.chars[i]] === 0 && g.isMain(g.chars[i])) left++;
        best = Math.max(best, g.mainLost[0] / (g.mainLost[0] + left));
      }
      return best;
    };
    const lead = progress(player) - progress(1 - player);
    return 1 / (1 + Math.exp(-4 * lead));
  }
  private readonly score = new Int32Array(2);

  newSnapshot(): TccgSnapshot {
    return new TccgSnapshot(this.g);
  }
  save(into: TccgSnapshot): void {
    into.save();
  }
  restore(from: TccgSnapshot): void {
    from.restore();
  }

  /**
   * Re-deals what `observer` cannot see (gameView.ts), consistent with what it has seen:
   * - the other side's hand and draw deck: its cards in neither (known from its deck list: the
   *   scenario's decks are public) dealt afresh, as many to the hand as it holds;
   * - the observer's own draw deck: its order;
   * - both location decks below what was drawn: their order (Main Street stays at the bottom);
   * - where each hidden character of the other side really is: uniform over its candidate places
   *   (its decoys' and its own) that leave every supporting character's commander as it is (who
   *   commands whom is seen, and a hidden main character commands where it really is).
   * Not re-dealt: what the other side's past choices suggest (a bot's hand shows in what it plays
   * and when it scores a mission), and Skynet's production points, which the Resistance's view
   * hides but which follow from what it saw (Drones at factories, cards produced).
   */
  determinize(rng: Rng, observer: number): void {
    const g = this.g;
    const o = 1 - observer;
    const pool = this.unseen;
    let n = 0;
    for (let i = 0; i < g.handN[o]; i++) pool[n++] = g.hand[o][i];
    for (let i = 0; i < g.deckN[o]; i++) pool[n++] = g.deck[o][i];
    shuffleInPlace(rng, pool, 0, n);
    let k = 0;
    for (let i = 0; i < g.handN[o]; i++) {
      const inst = pool[k++];
      g.hand[o][i] = inst;
      g.zone[inst] = Z_HAND;
    }
    for (let i = 0; i < g.deckN[o]; i++) {
      const inst = pool[k++];
      g.deck[o][i] = inst;
      g.zone[inst] = Z_DECK;
    }
    shuffleInPlace(rng, g.deck[observer], 0, g.deckN[observer]);
    for (let s = 0; s < 2; s++) {
      const d = g.locDeck[s];
      let to = d.length;
      if (to - g.locPos[s] >= 2 && d[to - 1] === g.p.mainStreet) to--;
      shuffleInPlace(rng, d, g.locPos[s], to);
    }
    for (let i = 0; i < g.nChars; i++) {
      const c = g.chars[i];
      if (g.hidden[c] && g.instSide[c] === o) this.placeHidden(rng, c);
    }
  }

  /** Puts hidden character c on one of its candidate places, uniformly among those the commanders seen allow. */
  private placeHidden(rng: Rng, c: number): void {
    const g = this.g;
    const real = g.node[c];
    const base = c * MAX_DECOYS;
    let m = 0;
    this.places[m++] = real;
    for (let d = 0; d < g.decoyN[c]; d++) {
      const v = g.decoyNode[base + d];
      g.node[c] = v;
      let same = true;
      for (let j = 0; j < g.nChars && same; j++) {
        const s = g.chars[j];
        if (g.isSupport(s) && g.commandOf(s) !== g.commander[s]) same = false;
      }
      if (same) this.places[m++] = d;
    }
    g.node[c] = real;
    const pick = randIndex(rng, m);
    if (pick === 0) return;
    // Swap the real place with decoy `d`'s: the candidate places stay the same set.
    const d = this.places[pick];
    g.node[c] = g.decoyNode[base + d];
    g.decoyNode[base + d] = real;
  }

  /**
   * A hash of what `player` sees (gameView.ts): the board; every character in play (a hidden one of
   * the other side by its candidate places); items; its own hand and deck size; the other side's
   * hand and deck sizes; discard piles, pools, victory piles, Mission Points, location decks drawn;
   * the decision being asked.
   */
  observe(player: number): number {
    const g = this.g;
    const b = g.board;
    let h = hashWord(HASH_START, g.turn);
    h = hashWord(h, g.rdIdx);
    h = hashWord(h, g.asking);
    h = hashWord(h, g.deciding);
    h = hashWord(h, b.nNodes);
    for (let n = 0; n < b.nNodes; n++) h = hashWord(h, b.nodeCard[n] | (b.nodeSides[n] << 16) | ((b.nodeBelow[n] & 0xff) << 20));
    for (let i = 0; i < g.nChars; i++) {
      const c = g.chars[i];
      const unseen = g.hidden[c] === 1 && g.instSide[c] !== player;
      h = hashWord(h, c);
      h = hashWord(h, unseen ? -1 : g.node[c]);
      h = hashWord(h, g.candidates(c));
      h = hashWord(h, g.dmg[c] | (g.rotated[c] << 8) | (g.hidden[c] << 9) | (g.exposed[c] << 10) | (g.revealed[c] << 11) | ((g.commander[c] + 1) << 12) | (g.decoyN[c] << 16));
    }
    for (let i = 0; i < g.nItems; i++) {
      const it = g.items[i];
      h = hashWord(h, it | (g.carrier[it] << 16));
      h = hashWord(h, g.itemNode[it]);
    }
    for (let i = 0; i < g.handN[player]; i++) h = hashWord(h, g.hand[player][i]);
    for (let s = 0; s < 2; s++) {
      h = hashWord(h, g.handN[s]);
      h = hashWord(h, g.deckN[s]);
      h = hashWord(h, g.discardN[s]);
      for (let i = 0; i < g.discardN[s]; i++) h = hashWord(h, g.discard[s][i]);
      h = hashWord(h, g.pool[s]);
      h = hashWord(h, g.reshuffles[s]);
      h = hashWord(h, g.missionPoints[s]);
      h = hashWord(h, g.locPos[s] | (g.locRemoved[s] << 16));
      h = hashWord(h, g.mainLost[s]);
    }
    if (player === S_SKYNET) h = hashWord(h, g.production);
    for (let i = 0; i < g.nProtected; i++) h = hashWord(h, g.protectedPile[i]);
    for (let i = 0; i < g.nEliminated; i++) h = hashWord(h, g.eliminatedPile[i]);
    // Every card's zone, a hand or deck card of the other side and a deck card of one's own as "unseen".
    for (let i = 0; i < g.nInst; i++) {
      const z = g.zone[i];
      h = hashWord(h, z === Z_DECK || (z === Z_HAND && g.instSide[i] !== player) ? -1 : z);
    }
    return h;
  }
}

/** The search's settings in GameSimParams. */
export interface TccgSearchSettings {
  /** Iterations per searched decision. */
  iterations: number;
  /** Turns an iteration plays after the current one before value() (0: to the end of the game). */
  depth: number;
  /** Standard errors the tree's answer must gain over the default's on paired playouts. */
  margin: number;
  /** The decision codes it answers (searchDecisions); absent or null: every one it can. */
  decisions?: readonly number[] | null;
}

/** Search budget when the parameters give none (the parameters' defaults). */
export const DEFAULT_TCCG_SEARCH: TccgSearchSettings = { iterations: 32, depth: 0, margin: 2 };

/**
 * The rollout (and prior) of a search on game g: each side's built-in policy as the parameters
 * name it, or the side's default where it is the search or a user module (so the searching side
 * rolls out its default, and models the other side as the bot it is).
 */
export function rolloutPolicy(names: readonly [string, string]): Policy<SideView> {
  const per = [0, 1].map((s) => builtinPolicy(names[s] === 'search' ? defaultPolicyName(s) : names[s]) ?? builtinPolicy(defaultPolicyName(s))!) as [Policy<PlayerView>, Policy<PlayerView>];
  return {
    name: `rollout(${per[0].name}, ${per[1].name})`,
    choose(rng, view, decision, options, n, allowNone) {
      return per[view.side].choose(rng, view as PlayerView, decision, options, n, allowNone);
    },
  };
}

/** The search policy for one side of game g (it plays its iterations on g itself and restores it). */
export function createTccgSearch(g: TccgGame, names: readonly [string, string], s: TccgSearchSettings, stats?: SearchStats): Policy<SideView> {
  return createSearchPolicy(new TccgEngine(g), { iterations: s.iterations, depth: s.depth, margin: s.margin, rollout: rolloutPolicy(names), searches: searchesOf(s.decisions) }, stats);
}
