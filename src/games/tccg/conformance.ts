// The tccg module's conformance checks (GameModule.conformance.checkGame): one game of a
// simulation played with its invariants asserted after every step; an Error names the invariant,
// the game and the turn where it broke.
import type { Rng } from '../../core/rng.js';
import { MAX_NODES } from './board.js';
import { OpeningGame, type OpeningSimParams } from './openingSim.js';
import { K_HK, K_IMPLANT, K_TERMINATOR, T_ITEM, T_MAIN, T_SUPPORT } from './cardData.js';
import { decisionName, MAX_OPTIONS } from './gameDecisions.js';
import { MAX_DECOYS, TccgGame, WIN_IMPORTANCE, WIN_MAIN, WIN_MISSIONS, Z_DECK, Z_DISCARD, Z_ELIMINATED, Z_HAND, Z_PLAY, Z_PROTECTED, Z_SCORED, ZONE_NAMES, type GameSimParams } from './gameEngine.js';
import { createGame } from './gameSim.js';

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

// ---------------------------------------------------------------- whole games (Level 3)

/** Checks a game's invariants: every card in exactly one zone, the piles, the board, the pools. `where` names the moment. */
export function checkGameState(g: TccgGame, where: string): void {
  const w = `turn ${g.turn}, ${where}`;
  const NI = g.nInst;
  const seen = new Uint8Array(NI);
  const count = new Int32Array(2 * 8);
  for (let i = 0; i < NI; i++) {
    ok(g.zone[i] >= Z_DECK && g.zone[i] <= Z_SCORED, `${w}: card ${i} has a zone`);
    count[g.instSide[i] * 8 + g.zone[i]]++;
  }
  for (let s = 0; s < 2; s++) {
    // Card conservation: the deck, hand and discard lists hold exactly the cards whose zone says so.
    const lists: [Int16Array, number, number][] = [[g.deck[s], g.deckN[s], Z_DECK], [g.hand[s], g.handN[s], Z_HAND], [g.discard[s], g.discardN[s], Z_DISCARD]];
    for (const [list, n, z] of lists) {
      ok(count[s * 8 + z] === n, `${w}: side ${s} ${ZONE_NAMES[z]} count (${n} listed, ${count[s * 8 + z]} by zone)`);
      for (let k = 0; k < n; k++) {
        const inst = list[k];
        ok(inst >= 0 && inst < NI && g.instSide[inst] === s && g.zone[inst] === z && !seen[inst], `${w}: side ${s} ${ZONE_NAMES[z]} entry ${k} is a card of that zone, once`);
        seen[inst] = 1;
      }
    }
    ok(g.pool[s] >= 0, `${w}: side ${s} combat pool not negative`);
    ok(g.handN[s] <= 64, `${w}: side ${s} hand within its buffer`);
  }
  ok(g.production >= 0, `${w}: production points not negative`);
  let chars = 0;
  let items = 0;
  for (let i = 0; i < NI; i++) {
    if (g.zone[i] !== Z_PLAY) continue;
    const t = g.cType[g.instCard[i]];
    if (t === T_MAIN || t === T_SUPPORT) chars++;
    else if (t === T_ITEM) items++;
    else ok(false, `${w}: card ${i} (${g.cardName(i)}) is in play but is neither a character nor an item`);
  }
  ok(chars === g.nChars, `${w}: the character list holds every character in play (${g.nChars} vs ${chars})`);
  ok(items === g.nItems, `${w}: the item list holds every item in play (${g.nItems} vs ${items})`);
  const b = g.board;
  for (let k = 0; k < g.nChars; k++) {
    const c = g.chars[k];
    ok(g.zone[c] === Z_PLAY && !seen[c], `${w}: character entry ${k} is in play, once`);
    seen[c] = 1;
    ok(g.node[c] >= 0 && g.node[c] < b.nNodes, `${w}: ${g.cardName(c)} is on a place`);
    const card = g.instCard[c];
    const hk = (g.cKw[card] & K_HK) !== 0;
    ok(g.dmg[c] >= 0, `${w}: ${g.cardName(c)} damage not negative`);
    if (hk) {
      ok(b.nodeKind[g.node[c]] === 0, `${w}: Hunter-Killer ${g.cardName(c)} on an exterior`);
      if (g.rules.hkDefeat === 'powerDamage') ok(g.dmg[c] < g.cPower[card], `${w}: Hunter-Killer ${g.cardName(c)} would be defeated`);
    } else ok(g.cPower[card] - g.dmg[c] > 0, `${w}: ${g.cardName(c)} at Power 0 is still in play`);
    if (!g.hidden[c]) ok(g.decoyN[c] === 0, `${w}: ${g.cardName(c)} has decoys but is not hidden`);
    for (let d = 0; d < g.decoyN[c]; d++) {
      const at = g.decoyNode[c * MAX_DECOYS + d];
      ok(at >= 0 && at < b.nNodes, `${w}: ${g.cardName(c)} decoy ${d} on a place`);
      // Merged after the move (digest §隠密移動): while decoys are still moving they may share a place.
      if (g.decoyFrom < 0) ok(at !== g.node[c], `${w}: ${g.cardName(c)} decoy ${d} on another place than the real one`);
    }
    if (g.isSupport(c)) ok(g.commander[c] >= -1 && g.commander[c] <= 1, `${w}: ${g.cardName(c)} commander`);
  }
  for (let k = 0; k < g.nItems; k++) {
    const it = g.items[k];
    ok(g.zone[it] === Z_PLAY && !seen[it], `${w}: item entry ${k} is in play, once`);
    seen[it] = 1;
    const by = g.carrier[it];
    if (by >= 0) {
      ok(g.zone[by] === Z_PLAY && (g.isMain(by) || g.isSupport(by)), `${w}: ${g.cardName(it)} carried by a character in play`);
      ok(g.canCarry(by), `${w}: ${g.cardName(by)} may carry items`);
      if ((g.cKw[g.instCard[it]] & K_IMPLANT) !== 0) ok((g.cKw[g.instCard[by]] & K_TERMINATOR) !== 0, `${w}: implant ${g.cardName(it)} on a Terminator`);
    } else ok(g.itemNode[it] >= 0 && g.itemNode[it] < b.nNodes, `${w}: ${g.cardName(it)} on the ground at a place`);
  }
  // Victory piles.
  for (let k = 0; k < g.nProtected; k++) ok(g.zone[g.protectedPile[k]] === Z_PROTECTED && g.isSupport(g.protectedPile[k]), `${w}: protected pile entry ${k}`);
  for (let k = 0; k < g.nEliminated; k++) ok(g.zone[g.eliminatedPile[k]] === Z_ELIMINATED && g.isSupport(g.eliminatedPile[k]), `${w}: eliminated pile entry ${k}`);
  ok(count[0 * 8 + Z_ELIMINATED] + count[1 * 8 + Z_ELIMINATED] === g.nEliminated, `${w}: eliminated pile holds every eliminated card`);
  for (let s = 0; s < 2; s++) {
    let pts = 0;
    for (let i = 0; i < NI; i++) if (g.zone[i] === Z_SCORED && g.instSide[i] === s) pts += g.cMissionPoints[g.instCard[i]];
    ok(pts === g.missionPoints[s], `${w}: side ${s} Mission Points = its scored missions`);
    // Location cards conserved: placed + removed duplicates + still in the location deck.
    let owned = 0;
    for (let c = 0; c < b.cards.nCards; c++) owned += b.ownCard[s * b.cards.nCards + c];
    // The start location is among the owned cards unless it does not count as one (reading startDuplicate placed).
    ok(owned - (b.startOwned ? 1 : 0) + g.locPending[s] + g.locRemoved[s] + (g.locDeck[s].length - g.locPos[s]) === g.locDeck[s].length, `${w}: side ${s} location cards conserved`);
  }
  ok(g.turn >= 0 && g.turn <= g.p.maxTurns, `${w}: turn within the cap`);
}

/**
 * Plays game `index` of the `game` simulation from `rng` with the invariants checked at every
 * decision (a wrapper around both policies) and after every round; also checks the outcome.
 */
export async function checkWholeGame(p: GameSimParams, rng: Rng, index: number): Promise<void> {
  const g = await createGame(p);
  let decisions = 0;
  for (let s = 0; s < 2; s++) {
    const inner = g.policies[s];
    g.policies[s] = {
      name: inner.name,
      choose(r, view, decision, options, n, allowNone) {
        decisions++;
        checkGameState(g, `before decision ${decisionName(decision)}`);
        ok(n > 0 && n <= MAX_OPTIONS, `turn ${g.turn}: decision ${decisionName(decision)} offers 1..${MAX_OPTIONS} options (got ${n})`);
        return inner.choose(r, view, decision, options, n, allowNone);
      },
    };
  }
  g.onStep = (x, round) => checkGameState(x, `after round ${round}`);
  try {
    g.reset(rng);
    checkGameState(g, 'set-up');
    g.play();
    checkGameState(g, 'the end');
    if (g.over) {
      ok(g.winner === 0 || g.winner === 1, 'a finished game has a winner');
      // The winner's condition holds at the end.
      const mains = [0, 0];
      for (let k = 0; k < g.nChars; k++) if (g.isMain(g.chars[k])) mains[g.instSide[g.chars[k]]]++;
      const score = new Int32Array(2);
      if (g.route === WIN_MAIN) ok(mains[1 - g.winner] === 0, 'main-character victory: the loser has none in play');
      if (g.route === WIN_MISSIONS) ok(g.missionPoints[g.winner] >= g.rules.victoryMissionPoints, 'mission victory: enough Mission Points');
      if (g.route === WIN_IMPORTANCE) {
        if (g.winner === 0) g.pileScore(g.protectedPile, g.nProtected, score);
        else g.pileScore(g.eliminatedPile, g.nEliminated, score);
        ok(score[0] >= g.rules.victoryDifferent && score[1] >= g.rules.victoryImportance, 'Importance victory: enough different characters and Importance');
      }
    } else ok(g.turn === g.p.maxTurns && g.winner === -1, 'an unfinished game ran to the turn cap');
  } catch (err) {
    throw new Error(`game ${index}: ${err instanceof Error ? err.message : String(err)} (after ${decisions} decisions)`);
  }
}
