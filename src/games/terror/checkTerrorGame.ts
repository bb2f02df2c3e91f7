// The conformance hook (GameModule.conformance.checkGame): one full game with Terror from
// Destiny's invariants asserted after set-up, at every decision and at the end. A broken one
// throws an Error naming the invariant, the game and where it broke.
import type { Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import type { TerrorData } from './terrorData.js';
import {
  OUTCOME_DIED_IN_PLAY,
  OUTCOME_RUNNING,
  TERROR_DECISION,
  TERROR_DECISION_NAMES,
  V_BOARD,
  V_CONSEQUENCE,
  V_DEATH_TOKEN,
  V_FG_CARD,
  V_LIMBO,
  V_UNUSED,
} from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import type { TerrorSimParams } from './terrorParams.js';
import { BUILTIN_POLICIES } from './terrorParams.js';
import { builtinGame } from './terrorSim.js';
import type { TerrorView } from './terrorView.js';

/** Action cards of each type in play (hand + supply), constant through a game: the copies, plus starting cards the supply lacked. */
export function actionCardTotals(data: TerrorData): Int32Array {
  const totals = Int32Array.from(data.cards, (c) => c.copies);
  const inHand = new Int32Array(data.cards.length);
  for (const c of data.finalGirl.startingHand) inHand[c]++;
  for (let c = 0; c < totals.length; c++) totals[c] += Math.max(0, inHand[c] - data.cards[c].copies);
  return totals;
}

/**
 * Throws `terror game <index> (<where>): invariant broken: <what>` unless every invariant of the
 * state holds: each Fated Victim in exactly one place (and tokens agree), one resolved Fated Victim
 * per Death token resolved, action cards conserved (`totals`: actionCardTotals), tracks in range,
 * terror cards consumed = cards off the deck. `placing`: set-up is placing Fated Victims, so those
 * not yet placed (the higher ids) are still unused.
 */
export function checkTerrorInvariants(g: TerrorGame, totals: Int32Array, index: number, where: string, placing = false): void {
  const ok = (cond: boolean, what: string): void => {
    if (!cond) throw new Error(`terror game ${index} (${where}): invariant broken: ${what}`);
  };
  const fc = g.fc;
  for (let v = 0; v < fc; v++) {
    const s = g.vState[v];
    if (placing && s === V_UNUSED) {
      ok(v + 1 === fc || g.vState[v + 1] === V_UNUSED, `Fated Victims placed in id order (${v} before ${v + 1})`);
      continue;
    }
    ok(s === V_BOARD || s === V_DEATH_TOKEN || s === V_LIMBO || s === V_CONSEQUENCE || s === V_FG_CARD, `Fated Victim ${v} has a place`);
    let tokens = 0;
    let cons = 0;
    for (let p = 0; p < fc; p++) {
      if (g.deathOn[p] === v) tokens++;
      if (g.consVictim[p] === v) cons++;
    }
    ok(tokens === (s === V_DEATH_TOKEN ? 1 : 0), `Fated Victim ${v} on a Death token iff its state says so`);
    ok(cons === (s === V_CONSEQUENCE ? 1 : 0), `Fated Victim ${v} on a Consequence card iff its state says so`);
    if (s === V_BOARD) ok(g.vSpace[v] >= 0 && g.vSpace[v] < g.nSpaces, `Fated Victim ${v} on the board has a space`);
  }
  let resolved = 0;
  for (let v = 0; v < fc; v++) if (g.vState[v] === V_CONSEQUENCE || g.vState[v] === V_FG_CARD) resolved++;
  ok(resolved === g.arrow(), 'one Fated Victim resolved per Death token resolved');
  for (let p = 0; p < fc; p++) ok(g.deathDone[p] === (p < g.arrow() ? 1 : 0), 'Death tokens discarded up to the Arrow');
  for (let c = 0; c < g.nCards; c++) ok(g.hand_[c] >= 0 && g.supply_[c] >= 0 && g.spent_[c] >= 0 && g.hand_[c] + g.supply_[c] + g.spent_[c] === totals[c], `action card ${c} conserved`);
  if (g.p.rebuy) ok(g.spent_.every((x) => x === 0), 'with rebuy no action card leaves the game');
  ok(g.health() >= 0 && g.health() <= g.maxHealth(), 'health in range');
  ok(g.horror() >= 0 && g.horror() <= g.data.horror.max, 'horror in range');
  ok(g.bloodlust() >= 0 && g.bloodlust() <= g.data.bloodlust.length, 'bloodlust in range');
  ok(g.items() >= 0, 'items not negative');
  ok(g.terrorConsumed === g.deckPos && g.deckPos <= g.deckSize, 'terror cards consumed = cards off the deck');
}

/** Per params object: a game built once (its tables) and reused, and its built-in policy. */
const games = new WeakMap<TerrorSimParams, TerrorGame>();
const bases = new WeakMap<TerrorGame, Policy<TerrorView>>();

/**
 * Plays game `index` of a run from `rng` with a built-in policy (`simParams.policy`), checking the
 * invariants after set-up, before every decision and at the end: the game ended (won, or died in
 * play or in Destiny) within deckSize turns; all deckSize terror cards consumed and every Fated
 * Victim saved or killed unless she died in play. `onCheck` (tests) is told each check's place.
 * Throws an Error naming the invariant, the game and where.
 */
export function checkTerrorGame(simParams: TerrorSimParams, rng: Rng, index: number, onCheck?: (where: string) => void): void {
  let g = games.get(simParams);
  if (!g) {
    const built = builtinGame(simParams);
    if (!built) throw new Error(`checkTerrorGame: policy "${simParams.policy}" is not a built-in policy (a conformance run names one of ${BUILTIN_POLICIES.join(', ')})`);
    games.set(simParams, (g = built));
    bases.set(g, g.policy);
  }
  const game = g;
  const base = bases.get(g)!;
  const totals = actionCardTotals(simParams.data);
  const check = (where: string, placing = false) => {
    checkTerrorInvariants(game, totals, index, where, placing);
    onCheck?.(where);
  };
  const checking: Policy<TerrorView> = {
    name: base.name,
    choose(r, view, decision, options, n, allowNone) {
      check(`turn ${game.turn}, before decision ${TERROR_DECISION_NAMES[decision]}`, decision === TERROR_DECISION.PLACE_FATED_VICTIM);
      return base.choose(r, view, decision, options, n, allowNone);
    },
  };
  game.policy = checking;
  game.reset(rng);
  check('after set-up');
  game.play();
  check('end');
  const fail = (what: string) => new Error(`terror game ${index} (end, turn ${game.turn}): invariant broken: ${what}`);
  if (game.outcome === OUTCOME_RUNNING) throw fail('the game ended');
  if (game.turn > game.deckSize) throw fail(`at most ${game.deckSize} turns (one terror card at least per turn)`);
  if (game.outcome !== OUTCOME_DIED_IN_PLAY) {
    if (game.terrorConsumed !== game.deckSize) throw fail(`all ${game.deckSize} terror cards consumed before the Destiny phase`);
    if (game.fatedSaved() + game.fatedKilled() !== game.fc) throw fail('every Fated Victim saved or killed after the last Fated Death card');
  }
}
