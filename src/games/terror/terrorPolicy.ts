// Decision policies for Terror from Destiny. A policy answers every decision the rules leave to the
// player from a TerrorView (what the player sees: public board, its own hand, faceup cards and
// tokens). The built-in policies are handed the game object itself (for speed) and read only the
// TerrorView members; a user module gets a facade with those members only (terrorPublicView.ts),
// so it cannot read hidden card or token order. Buffers passed in are reused: read them, don't keep them.
//
// User policies (`sim terror --policy ./file.js`): an ES module whose default export is either an
// object with any subset of the TerrorPolicy methods, or a function (data) => such an object.
// Methods it leaves out fall back to the built-in `death-order` policy. Methods must be
// deterministic given their arguments: any randomness must come from the `rng` argument
// (draw with `rng.next()`, e.g. `randIndex(rng, n)` from src/core/rng.ts).
import { pathToFileURL } from 'node:url';
import { randIndex, type Rng } from '../../core/rng.js';
import { frozenCopy } from './terrorPublicView.js';
import {
  CARD_ESCORT,
  CARD_HEAL,
  CARD_MOVE,
  CARD_PREMONITION,
  CARD_SEARCH,
  CARD_STEADY,
  CARD_THWART,
  type TerrorData,
} from './terrorData.js';

/** Legal actions of one Action-phase decision: entry i plays card `card[i]` to `dest[i]`. */
export interface ActionList {
  n: number;
  /** Action card type id (index into data.cards). */
  card: Int32Array;
  /** Destination space for move/escort; -1 for cards without a target; DISCARD_FOR_TIME: discard the card for +1 time. */
  dest: Int32Array;
}
export const DISCARD_FOR_TIME = -2;

/** Unknown codes passed to chooseReveal (Premonition): see unknownKind/unknownIndex on the view. */
export const UNKNOWN_DEATH_TOKEN = 0;
export const UNKNOWN_CONSEQUENCE = 1;
export const UNKNOWN_PUNISHMENT = 2;
export const UNKNOWN_TERROR = 3;

/** Victim location states (view.victimState). */
export const V_BOARD = 0;
export const V_SAVED = 1;
export const V_DEAD = 2;
export const V_DEATH_TOKEN = 3;
export const V_LIMBO = 4;
export const V_CONSEQUENCE = 5;
export const V_FG_CARD = 6;
export const V_UNUSED = 7;
export const VICTIM_STATE_NAMES = ['on the board', 'saved', 'dead', 'on a Death token', 'in Limbo', 'on a Consequence card', 'on the Final Girl card', 'unused'];

/** Everything a policy may look at. All methods are read-only. */
export interface TerrorView {
  readonly data: TerrorData;
  readonly deathOrderCard: number;
  fgSpace(): number;
  health(): number;
  maxHealth(): number;
  /** Is she "down to the final health token" now (+1 horror die; reading: parameter finalHealth)? */
  onFinalHealth(): boolean;
  horror(): number;
  time(): number;
  items(): number;
  bloodlust(): number;
  hand(card: number): number;
  handTotal(): number;
  supply(card: number): number;
  /** Terror cards left in the deck. */
  deckLeft(): number;
  /** The next terror card's id when Premonition revealed it, else -1. */
  nextTerrorKnown(): number;
  /** Victims: ids [0, fatedCount) are the Fated Victims, the rest normal victims. */
  victimCount(): number;
  fatedCount(): number;
  victimState(v: number): number;
  /** Space of a victim on the board, else -1. */
  victimSpace(v: number): number;
  /** Next Death token position (the Arrow), in [0, fatedCount]. */
  arrow(): number;
  /** Fated Victim pictured on Death token p when faceup, else -1. */
  deathPicture(p: number): number;
  /** Fated Victim token on top of Death token p, else -1. */
  deathTokenVictim(p: number): number;
  /** The Death token a Fated Victim leaving by an exit would go on now (first free one), or -1. */
  firstFreeDeathToken(): number;
  /** Consequence card id in row slot i when faceup, else -1. */
  consequence(i: number): number;
  /** Fated Victim on Consequence slot i, else -1. */
  consequenceVictim(i: number): number;
  /** Punishment (health lost) in row slot i when faceup, else -1. */
  punishment(i: number): number;
  spaceCount(): number;
  isExit(space: number): boolean;
  isSearch(space: number): boolean;
  distance(a: number, b: number): number;
  /** Steps from `space` to the nearest exit. */
  exitDistance(space: number): number;
}

export interface TerrorPolicy {
  readonly name: string;
  /** Set-up: where to put a Fated Victim; returns an index into candidates[0, n). */
  placeFatedVictim(view: TerrorView, candidates: Int32Array, n: number, rng: Rng): number;
  /** Action phase: an index into the legal actions, or -1 to end the phase. */
  chooseAction(view: TerrorView, actions: ActionList, rng: Rng): number;
  /** Escort: bit i set = take victims[i] along; at most `max` bits. */
  chooseCarry(view: TerrorView, victims: Int32Array, n: number, max: number, rng: Rng): number;
  /** Premonition: an index into the unknown codes (kind * 64 + index), or -1 to reveal nothing more. */
  chooseReveal(view: TerrorView, unknowns: Int32Array, n: number, rng: Rng): number;
  /** Play Thwart Destiny (held in hand) to ignore this Destiny symbol? */
  useThwart(view: TerrorView, rng: Rng): boolean;
  /** Horror roll: how many partial results to turn into successes (each costs partialCost cards). */
  convertPartials(view: TerrorView, partials: number, maxAffordable: number, rng: Rng): number;
  /** Which action card type (held) to discard. */
  chooseDiscard(view: TerrorView, rng: Rng): number;
  /** Planning phase: an index into the buyable card types, or -1 to stop buying. */
  chooseBuy(view: TerrorView, options: Int32Array, n: number, rng: Rng): number;
  /** A saved victim's effect at the start of the Action phase: 0 heal, 1 lower horror. */
  chooseReward(view: TerrorView, rng: Rng): number;
  /**
   * Fated Victims leaving by an exit together (rulebook: the order is the player's): an index into
   * victims[0, n) (ascending ids) — that one takes the first free Death token; asked again for the
   * rest. Optional: without it the lowest id goes first (index 0).
   */
  chooseExitNext?(view: TerrorView, victims: Int32Array, n: number, rng: Rng): number;
}

/** Uniformly random legal choices: the conformance policy. */
export const randomPolicy: TerrorPolicy = {
  name: 'random',
  placeFatedVictim: (_v, _c, n, rng) => randIndex(rng, n),
  chooseAction: (_v, a, rng) => randIndex(rng, a.n + 1) - 1,
  chooseCarry: (_v, _victims, n, max, rng) => {
    let mask = 0;
    let taken = 0;
    for (let i = 0; i < n && taken < max; i++) if (randIndex(rng, 2) === 1) (mask |= 1 << i), taken++;
    return mask;
  },
  chooseReveal: (_v, _u, n, rng) => randIndex(rng, n),
  useThwart: (_v, rng) => randIndex(rng, 2) === 1,
  convertPartials: (_v, _p, max, rng) => randIndex(rng, max + 1),
  chooseDiscard: (v, rng) => {
    let k = randIndex(rng, v.handTotal());
    for (let c = 0; c < v.data.cards.length; c++) {
      k -= v.hand(c);
      if (k < 0) return c;
    }
    return -1;
  },
  chooseBuy: (_v, _o, n, rng) => randIndex(rng, n + 1) - 1,
  chooseReward: (_v, rng) => randIndex(rng, 2),
  chooseExitNext: (_v, _victims, n, rng) => randIndex(rng, n),
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

/** First card type of `kind` held, or -1. */
function heldOfKind(view: TerrorView, kind: number): number {
  const cards = view.data.cards;
  for (let c = 0; c < cards.length; c++) if (cards[c].kind === kind && view.hand(c) > 0) return c;
  return -1;
}

/** Built-in: save Fated Victims in Death Order once known (Premonition first), otherwise by distance. */
export const deathOrderPolicy: TerrorPolicy = {
  name: 'death-order',
  placeFatedVictim(view, cand, n) {
    let best = 0;
    for (let i = 1; i < n; i++) if (view.distance(view.fgSpace(), cand[i]) < view.distance(view.fgSpace(), cand[best])) best = i;
    return best;
  },
  chooseAction(view, a) {
    const cards = view.data.cards;
    const here = view.fgSpace();
    // The target: the nearest victim worth escorting (Fated ones first), else stay.
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
    for (let i = 0; i < a.n; i++) {
      if (a.dest[i] === DISCARD_FOR_TIME) continue;
      const c = cards[a.card[i]];
      let score = -1e9;
      switch (c.kind) {
        case CARD_HEAL:
          score = view.health() <= 2 ? 100 : view.health() <= view.maxHealth() - 3 ? 20 : -1e9;
          break;
        case CARD_PREMONITION: {
          let hidden = 0;
          for (let p = view.arrow(); p < view.fatedCount(); p++) if (view.deathPicture(p) < 0) hidden++;
          score = hidden > 1 ? 90 : -1e9;
          break;
        }
        case CARD_ESCORT:
          if (carryHere) score = 80 - view.exitDistance(a.dest[i]) * 5;
          else if (target >= 0) score = 40 - view.distance(a.dest[i], target) * 5;
          break;
        case CARD_MOVE:
          if (!carryHere && target >= 0) score = 50 - view.distance(a.dest[i], target) * 5;
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
  },
  chooseCarry(view, victims, n, max) {
    let mask = 0;
    let taken = 0;
    const fc = view.fatedCount();
    // Fated Victims first: the free Death tokens from the Arrow on, in order, each filled by a victim
    // here that fits it (chooseExitNext sends them out in that order); stop at the first none fits.
    for (let q = view.arrow(); q < fc && taken < max; q++) {
      if (view.deathTokenVictim(q) >= 0) continue;
      let pick = -1;
      for (let i = 0; i < n && pick < 0; i++) if (((mask >>> i) & 1) === 0 && victims[i] < fc && fitsToken(view, victims[i], q)) pick = i;
      if (pick < 0) break;
      mask |= 1 << pick;
      taken++;
    }
    // Then normal victims.
    for (let i = 0; i < n && taken < max; i++) if (victims[i] >= fc) (mask |= 1 << i), taken++;
    return mask;
  },
  chooseReveal(view, unknowns, n) {
    // The Death Order first (nearest token first), then the next terror card, then the rest.
    let best = -1;
    let bestKey = 1e9;
    for (let i = 0; i < n; i++) {
      const kind = unknowns[i] >> 6;
      const idx = unknowns[i] & 63;
      const key = kind === UNKNOWN_DEATH_TOKEN ? idx : kind === UNKNOWN_TERROR ? 100 : 200 + idx;
      if (key < bestKey) (bestKey = key), (best = i);
    }
    return best;
  },
  useThwart: () => true,
  convertPartials: (view, partials, max) => Math.min(partials, max, Math.max(0, Math.floor((view.handTotal() - 3) / 2))),
  chooseDiscard(view) {
    for (let k = 0; k < DISCARD_ORDER.length; k++) {
      const c = heldOfKind(view, DISCARD_ORDER[k]);
      if (c >= 0) return c;
    }
    return -1;
  },
  chooseBuy(view, options, n) {
    // A priority list (no allocation: one test after another).
    let hidden = 0;
    for (let p = view.arrow(); p < view.fatedCount(); p++) if (view.deathPicture(p) < 0) hidden++;
    let i = buyOfKind(view, options, n, CARD_THWART, 1);
    if (i < 0 && hidden > 1) i = buyOfKind(view, options, n, CARD_PREMONITION, 1);
    if (i < 0) i = buyOfKind(view, options, n, CARD_ESCORT, 2);
    if (i < 0) i = buyOfKind(view, options, n, CARD_MOVE, 2);
    if (i < 0 && view.health() <= view.maxHealth() - 2) i = buyOfKind(view, options, n, CARD_HEAL, 1);
    if (i < 0 && view.horror() > 1) i = buyOfKind(view, options, n, CARD_STEADY, 2);
    if (i < 0) i = buyOfKind(view, options, n, CARD_SEARCH, 1);
    return i;
  },
  chooseReward: (view) => (view.horror() > 1 && view.health() > 2 ? 1 : 0),
  chooseExitNext(view, victims, n) {
    // The one the next free Death token pictures when known; else one it may picture.
    const q = view.firstFreeDeathToken();
    if (q < 0) return 0;
    for (let i = 0; i < n; i++) if (view.deathPicture(q) === victims[i]) return i;
    for (let i = 0; i < n; i++) if (fitsToken(view, victims[i], q)) return i;
    return 0;
  },
};

/** Index of a buyable card of `kind` while fewer than `have` of that kind are held, else -1. */
function buyOfKind(view: TerrorView, options: Int32Array, n: number, kind: number, have: number): number {
  if (countKind(view, kind) >= have) return -1;
  for (let i = 0; i < n; i++) if (view.data.cards[options[i]].kind === kind) return i;
  return -1;
}

function countKind(view: TerrorView, kind: number): number {
  let k = 0;
  const cards = view.data.cards;
  for (let c = 0; c < cards.length; c++) if (cards[c].kind === kind) k += view.hand(c);
  return k;
}

const POLICY_METHODS = ['placeFatedVictim', 'chooseAction', 'chooseCarry', 'chooseReveal', 'useThwart', 'convertPartials', 'chooseDiscard', 'chooseBuy', 'chooseReward', 'chooseExitNext'] as const;

export function builtinPolicy(name: string): TerrorPolicy | undefined {
  return name === 'random' ? randomPolicy : name === 'death-order' ? deathOrderPolicy : undefined;
}

/**
 * Loads a user policy module from an absolute path (any thread). Missing methods fall back to the
 * death-order policy. Throws Error naming the file when the export has the wrong shape.
 */
export async function loadPolicyModule(absPath: string, data: TerrorData): Promise<TerrorPolicy> {
  const mod = (await import(pathToFileURL(absPath).href)) as { default?: unknown };
  let obj = mod.default;
  // The module gets its own frozen copy of the data: it cannot rewrite the run's rules.
  if (typeof obj === 'function') obj = (obj as (d: TerrorData) => unknown)(frozenCopy(data));
  if (!obj || typeof obj !== 'object') throw new Error(`${absPath}: default export must be a policy object or a function (data) => policy`);
  const user = obj as Record<string, unknown>;
  const out: Record<string, unknown> = { name: typeof user.name === 'string' ? user.name : absPath };
  for (const m of POLICY_METHODS) {
    if (user[m] !== undefined && typeof user[m] !== 'function') throw new Error(`${absPath}: ${m} must be a function`);
    const fn = (user[m] ?? deathOrderPolicy[m]) as (...args: unknown[]) => unknown;
    out[m] = user[m] !== undefined ? fn.bind(user) : fn;
  }
  return out as unknown as TerrorPolicy;
}

