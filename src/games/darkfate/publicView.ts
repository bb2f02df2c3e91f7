// What a user policy module sees: the DarkFateView members and nothing else. The engine object
// implements DarkFateView itself (the built-in policies read it directly, for speed), but it also
// holds what no player sees: the order of every deck (fateAt, drawPile, …) and the Rev-9 player's
// hand. A module gets this facade instead, its own copy of the card table and of the options (so
// it can neither peek nor rewrite the rules or the list the engine acts on), and a random stream
// it can draw from but not copy or read (either would foresee the next shuffles).
import { drawOnlyRng, type Rng } from '../../core/rng.js';
import type { CardTable } from './cardData.js';
import type { DarkFateEngine } from './engine.js';
import type { DarkFatePolicy, DarkFateView } from './policy.js';

class PublicView implements DarkFateView {
  readonly #e: DarkFateEngine;
  readonly #cards: CardTable;
  readonly #rng: Rng;
  constructor(engine: DarkFateEngine, cards: CardTable) {
    this.#e = engine;
    this.#cards = cards;
    this.#rng = drawOnlyRng(() => engine.rng, 'view.rng');
  }
  get cards() {
    return this.#cards;
  }
  get players() {
    return this.#e.players;
  }
  get current() {
    return this.#e.current;
  }
  get deciding() {
    return this.#e.deciding;
  }
  get turn() {
    return this.#e.turn;
  }
  get fight() {
    return this.#e.fight;
  }
  get supply() {
    return this.#e.supply;
  }
  get locationSupply() {
    return this.#e.locationSupply;
  }
  get rng() {
    return this.#rng;
  }
  handCount(p: number) {
    return this.#e.handCount(p);
  }
  handCard(p: number, i: number) {
    return this.#e.handCard(p, i);
  }
  woundsInHand(p: number) {
    return this.#e.woundsInHand(p);
  }
  leadersInHand(p: number) {
    return this.#e.leadersInHand(p);
  }
  drawCount(p: number) {
    return this.#e.drawCount(p);
  }
  discardCount(p: number) {
    return this.#e.discardCount(p);
  }
  discardCard(p: number, i: number) {
    return this.#e.discardCard(p, i);
  }
  skillCount(p: number) {
    return this.#e.skillCount(p);
  }
  skillCard(p: number, i: number) {
    return this.#e.skillCard(p, i);
  }
  alive(p: number) {
    return this.#e.alive(p);
  }
  character(p: number) {
    return this.#e.character(p);
  }
  reserveCount() {
    return this.#e.reserveCount();
  }
  reserveCard(i: number) {
    return this.#e.reserveCard(i);
  }
  reserveDamage(i: number) {
    return this.#e.reserveDamage(i);
  }
  reserveHostileCount() {
    return this.#e.reserveHostileCount();
  }
  fateCount() {
    return this.#e.fateCount();
  }
  woundsLeft() {
    return this.#e.woundsLeft();
  }
  rev9Count() {
    return this.#e.rev9Count();
  }
  rev9Where(k: number) {
    return this.#e.rev9Where(k);
  }
  rev9Damage(k: number) {
    return this.#e.rev9Damage(k);
  }
  rev9Version(k: number) {
    return this.#e.rev9Version(k);
  }
  rev9HuntValue(k: number) {
    return this.#e.rev9HuntValue(k);
  }
  nnHandCount() {
    return this.#e.nnHandCount();
  }
  nnHandCard(i: number) {
    // rulebook: Neural Net Processor — the Rev-9 player's hand is theirs alone (deciding -1).
    if (this.#e.deciding !== -1) throw new Error("view.nnHandCard: the Rev-9 player's hand is visible only in the Rev-9 player's own decision (NEURAL_NET)");
    return this.#e.nnHandCard(i);
  }
}

/** Wraps a user policy so that it sees only the public view (with `cards`, the module's own copy) and a copy of each decision's options. */
export function guardedPolicy(user: DarkFatePolicy, engine: DarkFateEngine, cards: CardTable): DarkFatePolicy {
  const view: DarkFateView = Object.freeze(new PublicView(engine, cards));
  const options = new Int32Array(engine.opts.length);
  return {
    name: user.name,
    choose(_engine, decision, o, n, allowNone) {
      options.set(o.subarray(0, n));
      return user.choose(view, decision, options, n, allowNone);
    },
  };
}
