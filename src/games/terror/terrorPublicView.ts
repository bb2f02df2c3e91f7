// What a user policy module (`--policy FILE`) sees: the TerrorView members and nothing else. The
// game object implements TerrorView itself (the built-in policies read it directly, for speed), but
// it also holds what no player sees: the Death tokens' pictures (deathPic), the terror deck's order
// (deck), the facedown Consequence and Punishment cards, the Final Health token. A module gets this
// facade instead, its own frozen copy of the data (so it can neither rewrite the rules nor the
// data the run reports), copies of each decision's buffers (so it cannot rewrite the list the
// engine acts on), and the game's random stream to draw from but not to copy or read (either
// would foresee the next rolls).
import { shownAnswer } from '../../core/gameError.js';
import { drawOnlyRng } from '../../core/rng.js';
import type { TerrorData } from './terrorData.js';
import type { TerrorGame } from './terrorGame.js';
import type { ActionList, TerrorPolicy, TerrorView } from './terrorPolicy.js';

/** A deep copy of `value`, frozen all the way down (plain JSON data). */
export function frozenCopy<T>(value: T): T {
  const freeze = (v: unknown): unknown => {
    if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) freeze((v as Record<string, unknown>)[k]);
      Object.freeze(v);
    }
    return v;
  };
  return freeze(structuredClone(value)) as T;
}

class PublicTerrorView implements TerrorView {
  readonly #g: TerrorGame;
  readonly #data: TerrorData;
  constructor(game: TerrorGame, data: TerrorData) {
    this.#g = game;
    this.#data = data;
  }
  get data() {
    return this.#data;
  }
  get deathOrderCard() {
    return this.#g.deathOrderCard;
  }
  fgSpace() {
    return this.#g.fgSpace();
  }
  health() {
    return this.#g.health();
  }
  maxHealth() {
    return this.#g.maxHealth();
  }
  onFinalHealth() {
    return this.#g.onFinalHealth();
  }
  horror() {
    return this.#g.horror();
  }
  time() {
    return this.#g.time();
  }
  items() {
    return this.#g.items();
  }
  bloodlust() {
    return this.#g.bloodlust();
  }
  hand(card: number) {
    return this.#g.hand(card);
  }
  handTotal() {
    return this.#g.handTotal();
  }
  supply(card: number) {
    return this.#g.supply(card);
  }
  deckLeft() {
    return this.#g.deckLeft();
  }
  nextTerrorKnown() {
    return this.#g.nextTerrorKnown();
  }
  victimCount() {
    return this.#g.victimCount();
  }
  fatedCount() {
    return this.#g.fatedCount();
  }
  victimState(v: number) {
    return this.#g.victimState(v);
  }
  victimSpace(v: number) {
    return this.#g.victimSpace(v);
  }
  arrow() {
    return this.#g.arrow();
  }
  deathPicture(p: number) {
    return this.#g.deathPicture(p);
  }
  deathTokenVictim(p: number) {
    return this.#g.deathTokenVictim(p);
  }
  firstFreeDeathToken() {
    return this.#g.firstFreeDeathToken();
  }
  consequence(i: number) {
    return this.#g.consequence(i);
  }
  consequenceVictim(i: number) {
    return this.#g.consequenceVictim(i);
  }
  punishment(i: number) {
    return this.#g.punishment(i);
  }
  spaceCount() {
    return this.#g.spaceCount();
  }
  isExit(space: number) {
    return this.#g.isExit(space);
  }
  isSearch(space: number) {
    return this.#g.isSearch(space);
  }
  distance(a: number, b: number) {
    return this.#g.distance(a, b);
  }
  exitDistance(space: number) {
    return this.#g.exitDistance(space);
  }
}

/**
 * Wraps a user module's policy so that it sees only the public view (with its own frozen data
 * copy), copies of each decision's buffers and a draw-only stream. Every answer is checked
 * against its decision's contract: one out of it (a wrong index, a non-number) stops the run with
 * an error naming the decision and the value, as the engine's built-in defaults would otherwise
 * hide a policy's bug.
 */
export function guardedTerrorPolicy(user: TerrorPolicy, game: TerrorGame): TerrorPolicy {
  const view: TerrorView = Object.freeze(new PublicTerrorView(game, frozenCopy(game.data)));
  const rng = drawOnlyRng(() => game.rng, 'rng');
  const size = Math.max(game.actions.card.length, game.scratch.length, game.scratch2.length, game.leaving.length);
  const buf = new Int32Array(size);
  const actions: ActionList = { n: 0, card: new Int32Array(game.actions.card.length), dest: new Int32Array(game.actions.dest.length) };
  const copy = (src: Int32Array, n: number): Int32Array => {
    buf.set(src.subarray(0, n));
    buf.fill(0, n);
    return buf;
  };
  const check = (decision: string, r: unknown, ok: (x: number) => boolean, expected: string): number => {
    if (typeof r === 'number' && Number.isInteger(r) && ok(r)) return r;
    throw new Error(`policy ${user.name}: ${decision} returned ${shownAnswer(r)}, expected ${expected}`);
  };
  const indexIn = (decision: string, r: unknown, n: number, none: boolean): number =>
    check(decision, r, (x) => x < n && (x >= 0 || (none && x === -1)), `an index in [0, ${n})${none ? ' or -1' : ''}`);
  return {
    name: user.name,
    placeFatedVictim: (_g, c, n) => indexIn('placeFatedVictim', user.placeFatedVictim(view, copy(c, n), n, rng), n, false),
    chooseAction(_g, a) {
      actions.n = a.n;
      actions.card.set(a.card);
      actions.dest.set(a.dest);
      return indexIn('chooseAction', user.chooseAction(view, actions, rng), a.n, true);
    },
    chooseCarry(_g, v, n, max) {
      const bits = (x: number) => {
        let k = 0;
        for (let m = x; m; m &= m - 1) k++;
        return k;
      };
      return check('chooseCarry', user.chooseCarry(view, copy(v, n), n, max, rng), (x) => x >= 0 && x < 2 ** n && bits(x) <= max, `a bit mask over ${n} victims with at most ${max} bits set`);
    },
    chooseReveal: (_g, u, n) => indexIn('chooseReveal', user.chooseReveal(view, copy(u, n), n, rng), n, true),
    useThwart: () => {
      const r: unknown = user.useThwart(view, rng);
      if (typeof r !== 'boolean') throw new Error(`policy ${user.name}: useThwart returned ${shownAnswer(r)}, expected true or false`);
      return r;
    },
    convertPartials: (_g, partials, max) => check('convertPartials', user.convertPartials(view, partials, max, rng), (x) => x >= 0 && x <= max, `a count in [0, ${max}]`),
    chooseDiscard: () => check('chooseDiscard', user.chooseDiscard(view, rng), (x) => x >= 0 && x < game.nCards && view.hand(x) > 0, 'a card type the Final Girl holds'),
    chooseBuy: (_g, o, n) => indexIn('chooseBuy', user.chooseBuy(view, copy(o, n), n, rng), n, true),
    chooseReward: () => check('chooseReward', user.chooseReward(view, rng), (x) => x === 0 || x === 1, '0 (heal) or 1 (lower horror)'),
    ...(user.chooseExitNext ? { chooseExitNext: (_g: TerrorView, v: Int32Array, n: number) => indexIn('chooseExitNext', user.chooseExitNext!(view, copy(v, n), n, rng), n, false) } : {}),
  };
}
