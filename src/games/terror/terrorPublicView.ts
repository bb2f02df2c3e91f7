// What a user policy module (`--policy FILE`) sees: the TerrorView members and nothing else. The
// game object implements TerrorView itself (the built-in policies read it directly, for speed), but
// it also holds what no player sees: the Death tokens' pictures (deathPic), the terror deck's order
// (deck), the facedown Consequence and Punishment cards, the Final Health token. A module gets this
// facade instead, its own frozen copy of the data (so it can neither rewrite the rules nor the
// data the run reports), copies of each decision's buffers (so it cannot rewrite the list the
// engine acts on), and the game's random stream to draw from but not to copy or read (either
// would foresee the next rolls).
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

/** An index answer: a whole number, else -1 (the engine reads -1 as "none" or its default). */
const index = (r: unknown): number => (Number.isInteger(r) ? (r as number) : -1);

/**
 * Wraps a user module's policy so that it sees only the public view (with its own frozen data
 * copy), copies of each decision's buffers and a draw-only stream. Answers that are not whole
 * numbers are read as -1 (none / the engine's default; for chooseCarry, 0: nobody).
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
  return {
    name: user.name,
    placeFatedVictim: (_g, c, n) => index(user.placeFatedVictim(view, copy(c, n), n, rng)),
    chooseAction(_g, a) {
      actions.n = a.n;
      actions.card.set(a.card);
      actions.dest.set(a.dest);
      return index(user.chooseAction(view, actions, rng));
    },
    chooseCarry(_g, v, n, max) {
      const mask = user.chooseCarry(view, copy(v, n), n, max, rng);
      return Number.isInteger(mask) ? mask : 0;
    },
    chooseReveal: (_g, u, n) => index(user.chooseReveal(view, copy(u, n), n, rng)),
    useThwart: () => Boolean(user.useThwart(view, rng)),
    convertPartials: (_g, partials, max) => Math.max(0, index(user.convertPartials(view, partials, max, rng))),
    chooseDiscard: () => index(user.chooseDiscard(view, rng)),
    chooseBuy: (_g, o, n) => index(user.chooseBuy(view, copy(o, n), n, rng)),
    chooseReward: () => index(user.chooseReward(view, rng)),
    ...(user.chooseExitNext ? { chooseExitNext: (_g: TerrorView, v: Int32Array, n: number) => index(user.chooseExitNext!(view, copy(v, n), n, rng)) } : {}),
  };
}
