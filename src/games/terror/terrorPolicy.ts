// The built-in Terror from Destiny policies, on the core decision-code contract
// (src/core/policy.ts; decisions and their options: terrorDecision.ts). Each reads only the
// TerrorView members of the view it is given (the game object itself, for speed) and draws only
// from the rng it is given. A user module (`--policy ./file.js`) gets `planner` as its base
// (terrorSim.ts), so it can answer a few decisions and delegate the rest.
import type { Policy } from '../../core/policy.js';
import { randIndex, type Rng } from '../../core/rng.js';
import { CARD_ESCORT, CARD_HEAL, CARD_MOVE, CARD_PREMONITION, CARD_SEARCH, CARD_STEADY, CARD_THWART } from './terrorTables.js';
import * as codes from './terrorDecision.js';
import { plannerPolicy } from './terrorPlanner.js';
import type { TerrorView } from './terrorView.js';

// Module-local copies of the shared codes for the hot loops: V8 folds a module's own const into
// compiled code but loads an imported binding at every use (bench/terror.ts: a few % per game).
const { PLACE_FATED_VICTIM, ACTION, CARRY, REVEAL, THWART, CONVERT_PARTIALS, DISCARD, BUY, REWARD, EXIT_NEXT } = codes.TERROR_DECISION;
const { actionCard, actionDest, DISCARD_FOR_TIME, UNKNOWN_DEATH_TOKEN, UNKNOWN_TERROR, unknownIndex, unknownKind, V_BOARD } = codes;

/** The victims CARRY options range over: the union of the subsets offered. */
function carryVictims(options: Int32Array, n: number): number {
  let all = 0;
  for (let i = 0; i < n; i++) all |= options[i];
  return all;
}

/** Victims one CARRY answer may take: the size of the largest subset offered (the last: options come by size). */
function carryCap(options: Int32Array, n: number): number {
  let k = 0;
  for (let m = options[n - 1]; m; m &= m - 1) k++;
  return k;
}

/** The index of `value` in options[0, n) (the engine offers every answer a built-in computes). */
function indexOf(options: Int32Array, n: number, value: number): number {
  for (let i = 0; i < n; i++) if (options[i] === value) return i;
  throw new Error(`built-in policy: ${value} is not among the options offered`);
}

/**
 * Random legal choices: the conformance policy. Uniform over the options, except two that keep
 * their draws as they always were: CARRY takes each victim there with chance 1/2, in id order,
 * until the escort is full; ACTION and BUY end with chance 1/(n + 1).
 */
export const randomPolicy: Policy<TerrorView> = {
  name: 'random',
  choose(rng: Rng, _view: TerrorView, decision: number, options: Int32Array, n: number, _allowNone: boolean): number {
    switch (decision) {
      case ACTION:
      case BUY:
        return randIndex(rng, n + 1) - 1;
      case CARRY: {
        const all = carryVictims(options, n);
        const cap = carryCap(options, n);
        let mask = 0;
        let taken = 0;
        for (let v = 0; v < 32 && taken < cap; v++) if (((all >>> v) & 1) === 1 && randIndex(rng, 2) === 1) (mask |= 1 << v), taken++;
        return indexOf(options, n, mask);
      }
      default:
        return randIndex(rng, n);
    }
  },
};

// Discard preference of the built-in policy: the least useful kinds first.
const DISCARD_ORDER = [CARD_SEARCH, CARD_MOVE, CARD_STEADY, CARD_HEAL, CARD_PREMONITION, CARD_ESCORT, CARD_THWART];

/** Is Fated Victim v known (faceup) to be pictured on a Death token other than q, from the Arrow on? */
function picturedElsewhere(view: TerrorView, v: number, q: number): boolean {
  for (let p = view.arrow(); p < view.fatedCount(); p++) if (p !== q && view.deathPicture(p) === v) return true;
  return false;
}

/** Does Fated Victim v fit free Death token q: its picture when faceup, else not known to be pictured on another? */
function fitsToken(view: TerrorView, v: number, q: number): boolean {
  const pic = view.deathPicture(q);
  return pic >= 0 ? pic === v : !picturedElsewhere(view, v, q);
}

/** Is Fated Victim v worth carrying out now: does it fit the Death token it would land on? */
function fatedWorthCarrying(view: TerrorView, v: number): boolean {
  const q = view.firstFreeDeathToken();
  return q >= 0 && fitsToken(view, v, q);
}

/** Facedown Death tokens from the Arrow on. */
function hiddenTokens(view: TerrorView): number {
  let hidden = 0;
  for (let p = view.arrow(); p < view.fatedCount(); p++) if (view.deathPicture(p) < 0) hidden++;
  return hidden;
}

function countKind(view: TerrorView, kind: number): number {
  let k = 0;
  const cards = view.data.cards;
  for (let c = 0; c < cards.length; c++) if (cards[c].kind === kind) k += view.hand(c);
  return k;
}

/** Index of a buyable card of `kind` while fewer than `have` of that kind are held, else -1. */
function buyOfKind(view: TerrorView, options: Int32Array, n: number, kind: number, have: number): number {
  if (countKind(view, kind) >= have) return -1;
  for (let i = 0; i < n; i++) if (view.data.cards[options[i]].kind === kind) return i;
  return -1;
}

/** ACTION: the target is the nearest victim worth escorting (Fated ones first); score each action. */
function deathOrderAction(view: TerrorView, options: Int32Array, n: number): number {
  const cards = view.data.cards;
  const here = view.fgSpace();
  let target = -1;
  let targetFated = false;
  let carryHere = false;
  for (let v = 0; v < view.victimCount(); v++) {
    if (view.victimState(v) !== V_BOARD) continue;
    const fated = v < view.fatedCount();
    if (fated && !fatedWorthCarrying(view, v)) continue;
    const s = view.victimSpace(v);
    if (s === here) carryHere = true;
    if (target < 0 || (fated && !targetFated) || (fated === targetFated && view.distance(here, s) < view.distance(here, target))) {
      target = s;
      targetFated = fated;
    }
  }
  let best = -1;
  let bestScore = -1e9;
  for (let i = 0; i < n; i++) {
    const dest = actionDest(options[i]);
    if (dest === DISCARD_FOR_TIME) continue;
    const c = cards[actionCard(options[i])];
    let score = -1e9;
    switch (c.kind) {
      case CARD_HEAL:
        score = view.health() <= 2 ? 100 : view.health() <= view.maxHealth() - 3 ? 20 : -1e9;
        break;
      case CARD_PREMONITION:
        score = hiddenTokens(view) > 1 ? 90 : -1e9;
        break;
      case CARD_ESCORT:
        if (carryHere) score = 80 - view.exitDistance(dest) * 5;
        else if (target >= 0) score = 40 - view.distance(dest, target) * 5;
        break;
      case CARD_MOVE:
        if (!carryHere && target >= 0) score = 50 - view.distance(dest, target) * 5;
        break;
      case CARD_STEADY:
        score = view.horror() > 3 ? 30 : view.horror() > 1 && view.deckLeft() <= 4 ? 25 : -1e9;
        break;
      case CARD_SEARCH:
        score = view.items() < 3 ? 10 : -1e9;
        break;
    }
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return bestScore > -1e9 ? best : -1;
}

/**
 * CARRY: Fated Victims first — the free Death tokens from the Arrow on, in order, each filled by a
 * victim here that fits it (EXIT_NEXT sends them out in that order); stop at the first none fits.
 * Then normal victims, up to the escort's capacity.
 */
function deathOrderCarry(view: TerrorView, options: Int32Array, n: number): number {
  const here = carryVictims(options, n);
  const max = carryCap(options, n);
  const fc = view.fatedCount();
  let mask = 0;
  let taken = 0;
  for (let q = view.arrow(); q < fc && taken < max; q++) {
    if (view.deathTokenVictim(q) >= 0) continue;
    let pick = -1;
    for (let v = 0; v < fc && pick < 0; v++) if (((here >>> v) & 1) === 1 && ((mask >>> v) & 1) === 0 && fitsToken(view, v, q)) pick = v;
    if (pick < 0) break;
    mask |= 1 << pick;
    taken++;
  }
  for (let v = fc; v < 32 && taken < max; v++) if (((here >>> v) & 1) === 1) (mask |= 1 << v), taken++;
  return indexOf(options, n, mask);
}

/** Built-in: save Fated Victims in Death Order once known (Premonition first), otherwise by distance. */
export const deathOrderPolicy: Policy<TerrorView> = {
  name: 'death-order',
  choose(_rng: Rng, view: TerrorView, decision: number, options: Int32Array, n: number, _allowNone: boolean): number {
    switch (decision) {
      case PLACE_FATED_VICTIM: {
        let best = 0;
        for (let i = 1; i < n; i++) if (view.distance(view.fgSpace(), options[i]) < view.distance(view.fgSpace(), options[best])) best = i;
        return best;
      }
      case ACTION:
        return deathOrderAction(view, options, n);
      case CARRY:
        return deathOrderCarry(view, options, n);
      case REVEAL: {
        // The Death Order first (nearest token first), then the next terror card, then the rest.
        let best = -1;
        let bestKey = 1e9;
        for (let i = 0; i < n; i++) {
          const kind = unknownKind(options[i]);
          const idx = unknownIndex(options[i]);
          const key = kind === UNKNOWN_DEATH_TOKEN ? idx : kind === UNKNOWN_TERROR ? 100 : 200 + idx;
          if (key < bestKey) (bestKey = key), (best = i);
        }
        return best;
      }
      case THWART:
        return 1;
      case CONVERT_PARTIALS:
        // Keep at least 3 cards in hand: each conversion costs 2 (options [0, n - 1]).
        return Math.min(n - 1, Math.max(0, Math.floor((view.handTotal() - 3) / 2)));
      case DISCARD: {
        const cards = view.data.cards;
        for (let k = 0; k < DISCARD_ORDER.length; k++) for (let i = 0; i < n; i++) if (cards[options[i]].kind === DISCARD_ORDER[k]) return i;
        return 0;
      }
      case BUY: {
        // A priority list (no allocation: one test after another).
        const hidden = hiddenTokens(view);
        let i = buyOfKind(view, options, n, CARD_THWART, 1);
        if (i < 0 && hidden > 1) i = buyOfKind(view, options, n, CARD_PREMONITION, 1);
        if (i < 0) i = buyOfKind(view, options, n, CARD_ESCORT, 2);
        if (i < 0) i = buyOfKind(view, options, n, CARD_MOVE, 2);
        if (i < 0 && view.health() <= view.maxHealth() - 2) i = buyOfKind(view, options, n, CARD_HEAL, 1);
        if (i < 0 && view.horror() > 1) i = buyOfKind(view, options, n, CARD_STEADY, 2);
        if (i < 0) i = buyOfKind(view, options, n, CARD_SEARCH, 1);
        return i;
      }
      case REWARD:
        return view.horror() > 1 && view.health() > 2 ? 1 : 0;
      case EXIT_NEXT: {
        // The one the next free Death token pictures when known; else one it may picture.
        const q = view.firstFreeDeathToken();
        if (q < 0) return 0;
        for (let i = 0; i < n; i++) if (view.deathPicture(q) === options[i]) return i;
        for (let i = 0; i < n; i++) if (fitsToken(view, options[i], q)) return i;
        return 0;
      }
    }
    throw new Error(`death-order policy: unknown decision ${decision}`);
  },
};

/** The built-in policy named `name`, or undefined. */
export function builtinPolicy(name: string): Policy<TerrorView> | undefined {
  return name === 'planner' ? plannerPolicy : name === 'random' ? randomPolicy : name === 'death-order' ? deathOrderPolicy : undefined;
}
