// The tccg module's conformance checks (GameModule.conformance.checkGame): one game of a
// simulation played with its invariants asserted after every step; an Error names the invariant,
// the game and the turn where it broke.
import type { Rng } from '../../core/rng.js';
import { MAX_NODES } from './board.js';
import { OpeningGame, type OpeningSimParams } from './openingSim.js';

function ok(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

/** Checks an opening after a side's part of a turn: location cards conserved, the board consistent. */
export function checkOpeningStep(g: OpeningGame): void {
  const b = g.board;
  const where = `turn ${g.turn}`;
  ok(b.nNodes >= 2 && b.nNodes <= MAX_NODES, `${where}: place count in range`);
  for (let side = 0; side < 2; side++) {
    const deckSize = g.deck[side].length;
    ok(g.deckPos[side] >= 0 && g.deckPos[side] <= deckSize, `${where}: side ${side} location deck position in range`);
    let owned = 0;
    for (let c = 0; c < b.cards.nCards; c++) owned += b.ownCard[side * b.cards.nCards + c];
    // Location cards conserved: placed + removed as duplicates + still in the deck = the deck (start location aside).
    ok(owned - 1 + g.removed[side] + (deckSize - g.deckPos[side]) === deckSize, `${where}: side ${side} location cards conserved`);
    let inRow = 0;
    for (let slot = b.rowLo[side]; slot <= b.rowHi[side]; slot++) {
      const n = b.rowNode(side, slot);
      ok(n >= 0 && n < b.nNodes && b.inLayout(side, n), `${where}: side ${side} row slot ${slot} holds a place of its layout`);
      inRow++;
    }
    let ext = 0;
    for (let n = 0; n < b.nNodes; n++) if (b.nodeKind[n] === 0 && b.inLayout(side, n)) ext++;
    ok(inRow === ext, `${where}: side ${side} row holds each of its exteriors once`);
  }
  let bridges = 0;
  for (let n = 0; n < b.nNodes; n++) {
    if (b.nodeSides[n] === 3) bridges++;
    ok(b.nodeSides[n] === 3 ? b.nodeKind[n] === 0 && !b.nodeStart[n] && !b.cards.distinct[b.nodeCard[n]] : true, `${where}: place ${n} joins the layouts only as a non-Distinct, non-start exterior`);
    for (let m = 0; m < b.nNodes; m++) ok(b.adj[n * MAX_NODES + m] === b.adj[m * MAX_NODES + n], `${where}: adjacency symmetric`);
  }
  ok(bridges === b.bridges, `${where}: bridge count`);
  ok(g.terminatorNode >= 0 && g.terminatorNode < b.nNodes, `${where}: the Terminator is on a place`);
  for (let i = 0; i < g.resistanceNodes.length; i++) ok(g.resistanceNodes[i] >= 0 && g.resistanceNodes[i] < b.nNodes, `${where}: Resistance main character ${i} is on a place`);
  ok(g.reachTurn === 0 || g.contactTurn > 0, `${where}: no reach before contact`);
}

/** Plays opening `index` from `rng` with checkOpeningStep after every step. */
export function checkOpeningGame(p: OpeningSimParams, rng: Rng, index: number): void {
  const g = new OpeningGame(p);
  g.onStep = checkOpeningStep;
  g.reset(rng);
  try {
    g.play(rng);
  } catch (err) {
    throw new Error(`opening ${index}: ${err instanceof Error ? err.message : String(err)}`);
  }
  ok(g.turn === p.maxTurns, `opening ${index}: played every turn`);
}
