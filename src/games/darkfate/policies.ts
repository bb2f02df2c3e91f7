// Built-in Dark Fate policies (Dominiate's shape: a base with a default for every decision,
// specialised by overriding a few). They read only DarkFateView (what players see).
//   random   — uniform over the legal choices of every decision.
//   greedy   — plays everything, kills hostiles it can kill, piles damage on the Rev-9, finishes a
//              staggered Rev-9 whenever it can, buys the best card it can afford; never flees,
//              never draws extra reserve cards. It keeps a finisher a Rev-9 still needs: held while
//              a Rev-9 is on the hunt, never spent on its fight if single-use (Thermite Charge),
//              and the last card it pays a discard cost with.
//   cautious — greedy, but flees a damaged Rev-9 unless the next player can plausibly stagger it
//              ("flee until you are ready to take it out", rulebook difficulty chart).
//   planner  — cautious, with a plan per Rev-9 version (see PlannerPolicy): the best by calibration.
import { randIndex } from '../../core/rng.js';
import type { CardTable } from './cardData.js';
import { KW, OP, SECTIONS, SEC_EACH_TURN, SEC_PLAY } from './ops.js';
import {
  ACTION_BUY,
  ACTION_FIGHT_HOSTILE,
  ACTION_FIGHT_REV9,
  ACTION_LEAD,
  ACTION_PLAY,
  ACTION_REST,
  DECISION,
  REV9_FATE,
  REV9_HUNT,
  type DarkFatePolicy,
  type DarkFateView,
} from './policy.js';

export type PolicyFactory = (cards: CardTable) => DarkFatePolicy;

/** Uniform over legal choices ("none" counts as one choice where allowed). */
export const randomPolicy: PolicyFactory = () => ({
  name: 'random',
  choose(v, _d, _o, n, allowNone) {
    const r = randIndex(v.rng, allowNone ? n + 1 : n);
    return r === n ? -1 : r;
  },
});

/** Per-type numbers the heuristics use; computed once per card table. */
interface CardValues {
  value: Float64Array;
  heal: Uint8Array;
  locFight: Int16Array;
  powerFight: Int16Array;
  /** action()'s score for playing a card of this type (the fast path reads it precomputed). */
  playScore: Float64Array;
  /** Stagger value per Rev-9 version. */
  stagger: Int16Array;
  /** Lowest cost of any card that can be bought. */
  minCost: number;
  /** Highest score a buy can reach without a staggered Rev-9 (an upper bound: card value, +6 for a finisher). */
  maxPlainBuyScore: number;
  /**
   * Smallest hand (this card included) from which a card of this type may be played: discard
   * cost + 1, or a number no hand reaches for a wound. One load for legalActions' two checks.
   */
  minHand: Int16Array;
  /** How quickSpend scores buying this type (BUY_*): one load for the keyword, finisher, heal and location-fight checks. */
  buyClass: Int8Array;
  /** 1 for a finisher destroyed when played (Thermite Charge): played for its fight, it is lost for the finish. */
  spentFinisher: Uint8Array;
}

/** buyClass values. */
const BUY_NEVER = -1;
const BUY_PLAIN = 0;
const BUY_FINISHER = 1;
const BUY_LOCATION = 2;
const BUY_LOCATION_FINISHER = 3;
const BUY_LOCATION_HEAL = 4;
const BUY_LOCATION_FIGHT = 5;

/** quickAction's Rev-9 state bits. */
const HUNT_ON = 1;
const HUNT_STAGGERED = 2;

function cardValues(c: CardTable): CardValues {
  const value = new Float64Array(c.nTypes);
  const heal = new Uint8Array(c.nTypes);
  const spentFinisher = new Uint8Array(c.nTypes);
  const locFight = new Int16Array(c.nTypes);
  for (let t = 0; t < c.nTypes; t++) {
    let val = c.fight[t] * 1.0 + c.supply[t] * 0.8 + c.drawOnPlay[t] * 0.9 - c.discardCost[t] * 0.5;
    for (let i = c.sec[t * SECTIONS + SEC_PLAY]; i < c.sec[t * SECTIONS + SEC_PLAY + 1]; i++) {
      const op = c.ops[i];
      if (op === OP.LOCATION_SUPPLY) val += 0.4 * c.args[i];
      if (op === OP.FIGHT) {
        val += c.args[i];
        locFight[t] += c.args[i];
      }
      if (op === OP.SUPPLY) val += 0.8 * c.args[i];
      if (op === OP.HEAL) heal[t] = 1;
      if (op === OP.DESTROY_SELF) {
        val *= 0.6;
        if (c.finisher[t]) spentFinisher[t] = 1;
      }
      if (op === OP.FATE_TO_RESERVE) val += 0.2;
    }
    for (let i = c.sec[t * SECTIONS + SEC_EACH_TURN]; i < c.sec[t * SECTIONS + SEC_EACH_TURN + 1]; i++) {
      if (c.ops[i] === OP.FIGHT) val += 2.5 * c.args[i];
      if (c.ops[i] === OP.SUPPLY) val += 2.0 * c.args[i];
    }
    if (c.kw[t] & KW.DEFENSE) val += 1.0;
    if (c.kw[t] & KW.WOUND) val = -10;
    value[t] = val;
  }
  const powerFight = new Int16Array(c.characters.length);
  c.characters.forEach((ch, i) => {
    for (let j = ch.powerStart; j < ch.powerEnd; j++) if (c.ops[j] === OP.FIGHT) powerFight[i] += c.args[j];
  });
  const playScore = new Float64Array(c.nTypes);
  for (let t = 0; t < c.nTypes; t++) playScore[t] = c.drawOnPlay[t] * 10 + (c.discardCost[t] ? -5 : 0) + value[t];
  const stagger = Int16Array.from(c.rev9, (r) => r.stagger);
  let minCost = Infinity;
  for (let t = 0; t < c.nTypes; t++) if (c.cost[t] >= 0 && c.cost[t] < minCost) minCost = c.cost[t];
  const minHand = new Int16Array(c.nTypes);
  const buyClass = new Int8Array(c.nTypes);
  for (let t = 0; t < c.nTypes; t++) {
    minHand[t] = c.kw[t] & KW.WOUND ? 0x7fff : c.discardCost[t] + 1;
    const location = (c.kw[t] & KW.LOCATION) !== 0;
    // The same tests, in the same order, as action()'s ACTION_BUY case.
    if (c.cost[t] < 0) buyClass[t] = BUY_NEVER;
    else if (!location) buyClass[t] = c.finisher[t] ? BUY_FINISHER : BUY_PLAIN;
    else if (c.finisher[t]) buyClass[t] = BUY_LOCATION_FINISHER;
    else if (heal[t]) buyClass[t] = BUY_LOCATION_HEAL;
    else if (locFight[t] > 0) buyClass[t] = BUY_LOCATION_FIGHT;
    else buyClass[t] = BUY_LOCATION;
  }
  let maxPlainBuyScore = -Infinity;
  for (let t = 0; t < c.nTypes; t++) if (buyClass[t] !== BUY_NEVER) maxPlainBuyScore = Math.max(maxPlainBuyScore, value[t] + (c.finisher[t] ? 6 : 0), 2);
  return { value, heal, locFight, powerFight, playScore, stagger, minCost, minHand, buyClass, maxPlainBuyScore, spentFinisher };
}

/** The greedy policy; `cautious` adds fleeing. Exported as a class so user policies can extend it. */
export class GreedyPolicy implements DarkFatePolicy {
  name = 'greedy';
  protected readonly c: CardTable;
  protected readonly vals: CardValues;
  /** Whether quickAction may answer: false when a subclass changed choose() or action(). */
  private readonly quick: boolean;
  constructor(cards: CardTable) {
    this.c = cards;
    this.vals = cardValues(cards);
    // The prototype chain is in place in the constructor: a subclass's overrides are visible here.
    this.quick = this.choose === GreedyPolicy.prototype.choose && this.action === GreedyPolicy.prototype.action;
  }

  choose(v: DarkFateView, d: number, o: Int32Array, n: number, allowNone: boolean): number {
    switch (d) {
      case DECISION.ACTION:
        return this.action(v, o, n);
      case DECISION.DISCARD_COST:
      case DECISION.DISCARD_FORCED:
        return this.worstHandSlot(v, v.deciding, o, n);
      case DECISION.DESTROY_FROM_HAND: {
        const i = this.worstHandSlot(v, v.deciding, o, n);
        const t = v.handCard(v.deciding, o[i]);
        return t === this.c.woundType || t === this.c.setbackType ? i : allowNone ? -1 : i;
      }
      case DECISION.GAIN_FREE:
        return this.bestReserve(v, o, n);
      case DECISION.GAIN_RECIPIENT: {
        for (let i = 0; i < n; i++) if (o[i] === v.deciding) return i;
        return 0;
      }
      case DECISION.EXTRA_DRAW:
        return this.extraDraw(v);
      case DECISION.FLEE:
        return this.flee(v);
      case DECISION.FLEE_WHICH:
        return this.fleeWhich(v, o, n);
      case DECISION.DEFENSE:
        return 0;
      case DECISION.CHARACTER:
        return this.character(v, o, n);
      case DECISION.NEURAL_NET: {
        let best = 0;
        for (let i = 1; i < n; i++) if (this.c.resistance[v.nnHandCard(o[i])] > this.c.resistance[v.nnHandCard(o[best])]) best = i;
        return best;
      }
      default:
        // HOSTILE_ORDER, HUNT_ORDER, DESTROY_REV9: the first choice.
        return 0;
    }
  }

  /**
   * Fast path of action() (the engine's hot loop): the choices that depend on the current
   * player's hand alone — rest away a wound, play a finisher, play the best card — computed
   * straight from the view, in the same order and with the same ties as action() over the listed
   * options. Returns the action code, or -1 when action() must see the whole list (no card to
   * play, or a subclass changed the ACTION decision).
   */
  quickAction(v: DarkFateView, p: number, mayRest: boolean): number {
    if (!this.quick) return -1;
    const c = this.c;
    const finisher = c.finisher;
    const minHand = this.vals.minHand;
    const playScore = this.vals.playScore;
    const hn = v.handCount(p);
    // Rest to shed a wound when the hand holds two or more (the third would kill): the first wound's slot.
    if (mayRest && v.woundsInHand(p) >= 2) {
      for (let i = 0; i < hn; i++) if (v.handCard(p, i) === c.woundType) return (ACTION_REST << 16) | (i << 8);
    }
    // The Rev-9 state is read only when needed (a finisher in hand, or spending): most plays skip it.
    let hunt = -1;
    let finisherPlay = -1;
    let bestPlay = -1;
    let bestPlayScore = -Infinity;
    for (let i = 0; i < hn; i++) {
      const t = v.handCard(p, i);
      // The engine's legality filter (legalActions): no wounds, the discard cost must be payable.
      if (minHand[t] > hn) continue;
      if (finisher[t]) {
        if (hunt < 0) hunt = this.huntState(v);
        if (hunt & HUNT_STAGGERED && this.canFinish(v, finisher[t])) finisherPlay = i;
        if (hunt & HUNT_ON) continue;
        // A single-use finisher is kept for a Rev-9 still to beat, not spent on its fight.
        if (this.vals.spentFinisher[t] && this.finisherNeed(v, finisher[t])) continue;
      }
      const score = playScore[t];
      if (score > bestPlayScore) {
        bestPlayScore = score;
        bestPlay = i;
      }
    }
    if (finisherPlay >= 0) return (ACTION_PLAY << 16) | (finisherPlay << 8);
    if (bestPlay >= 0) return (ACTION_PLAY << 16) | (bestPlay << 8);
    // Nothing to spend (no fight, no affordable card) and no leadership card elsewhere: quickSpend would end the phase.
    if (v.fight <= 0 && v.supply + v.locationSupply < this.vals.minCost && !this.leadersElsewhere(v, p)) return 0; // END
    if (hunt < 0) hunt = this.huntState(v);
    return this.quickSpend(v, p, hn, (hunt & HUNT_ON) !== 0, (hunt & HUNT_STAGGERED) !== 0);
  }

  /** Whether a living player other than p holds a leadership card. */
  private leadersElsewhere(v: DarkFateView, p: number): boolean {
    for (let q = 0; q < v.players; q++) if (q !== p && v.alive(q) && v.leadersInHand(q) > 0) return true;
    return false;
  }

  /** HUNT_ON when some Rev-9 is on the hunt, | HUNT_STAGGERED when one of those is staggered. */
  private huntState(v: DarkFateView): number {
    const staggerOf = this.vals.stagger;
    let state = 0;
    for (let k = 0; k < v.rev9Count(); k++) {
      if (v.rev9Where(k) !== REV9_HUNT) continue;
      state |= HUNT_ON;
      if (v.rev9Damage(k) >= staggerOf[v.rev9Version(k)]) state |= HUNT_STAGGERED;
    }
    return state;
  }

  /** The rest of quickAction: leadership, buys and fight, in legalActions' order and action()'s priorities. */
  private quickSpend(v: DarkFateView, p: number, hn: number, onHunt: boolean, staggered: boolean): number {
    const c = this.c;
    const kw = c.kw;
    if (onHunt) {
      for (let q = 0; q < v.players; q++) {
        if (q === p || !v.alive(q) || v.leadersInHand(q) === 0) continue;
        for (let i = 0; i < v.handCount(q); i++) {
          const t = v.handCard(q, i);
          if (kw[t] & KW.LEADERSHIP && c.discardCost[t] <= hn) return (ACTION_LEAD << 16) | (q << 8) | i;
        }
      }
    }
    // A buy outranks fighting only when scored 1000 or more: a location finisher with a staggered
    // Rev-9, or card data whose values reach that far. Otherwise the reserve is scanned for a buy
    // only once no fight action is chosen.
    const buyFirst = staggered || this.vals.maxPlainBuyScore >= 1000;
    let buy = -1;
    if (buyFirst) {
      buy = this.bestBuy(v, p, onHunt, staggered);
      if (this.buyScore >= 1000) return buy;
    }
    const rn = v.reserveCount();
    const f = v.fight;
    let fightRev9 = -1;
    let fightRev9Score = -Infinity;
    let fightHostile = -1;
    let fightHostileScore = -Infinity;
    if (f > 0) {
      const all = f > 255 ? 255 : f;
      for (let k = 0; k < v.rev9Count(); k++) {
        if (v.rev9Where(k) !== REV9_HUNT) continue;
        const ver = c.rev9[v.rev9Version(k)];
        const need = ver.stagger - v.rev9Damage(k);
        if (need <= 0) continue; // already staggered: more damage is wasted
        if (ver.forcedFleeAt <= 0) {
          // The loop below in closed form for a Rev-9 that never flees by itself: the best offered
          // amount staggers it with exactly `need` (score 100) when all the fight reaches, else it is all.
          const b = all >= need ? need : all;
          const score = all >= need ? 100 : 10 + b * 0.01;
          if (score > fightRev9Score) {
            fightRev9Score = score;
            fightRev9 = (ACTION_FIGHT_REV9 << 16) | (k << 8) | b;
          }
          continue;
        }
        // Offered amounts: 1, exactly to the stagger value, all.
        for (let m = 0; m < 3; m++) {
          const b = m === 0 ? 1 : m === 1 ? (need > 1 && need < all ? need : 0) : all > 1 ? all : 0;
          if (b === 0) continue;
          let score: number;
          if (b >= need) score = ver.forcedFleeAt > 0 ? this.staggerFleeing(v, k, b, need) : 100 - (b - need) * 0.1;
          else if (ver.forcedFleeAt > 0) score = this.pushAway(v, k, b);
          else score = 10 + b * 0.01;
          if (score > fightRev9Score) {
            fightRev9Score = score;
            fightRev9 = (ACTION_FIGHT_REV9 << 16) | (k << 8) | b;
          }
        }
      }
      for (let j = 0, hostiles = v.reserveHostileCount(); j < rn && hostiles > 0; j++) {
        const t = v.reserveCard(j);
        if (!(kw[t] & KW.HOSTILE)) continue;
        hostiles--;
        const left = c.resistance[t] - v.reserveDamage(j);
        const attack = kw[t] & KW.ATTACK ? 20 : 0;
        // Offered amounts: 1, exactly to the resistance.
        for (let m = 0; m < 2; m++) {
          const b = m === 0 ? 1 : left > 1 && left <= all ? left : 0;
          if (b === 0) continue;
          const score = b >= left ? 50 + attack - left * 0.1 : 1 + b * 0.01;
          if (score > fightHostileScore) {
            fightHostileScore = score;
            fightHostile = (ACTION_FIGHT_HOSTILE << 16) | (j << 8) | b;
          }
        }
      }
    }
    if (fightRev9 >= 0 && fightRev9Score >= 50) return fightRev9;
    if (fightHostile >= 0 && fightHostileScore >= 50) return fightHostile;
    if (fightRev9 >= 0) return fightRev9;
    if (fightHostile >= 0 && fightHostileScore > -Infinity) return fightHostile;
    if (!buyFirst) buy = this.bestBuy(v, p, onHunt, staggered);
    if (buy >= 0) return buy;
    return 0; // END
  }

  /** Score of bestBuy's pick (0 when none). */
  private buyScore = 0;

  /** quickSpend's buy: the best-scored affordable reserve card as an action code (-1: none), its score in buyScore. */
  private bestBuy(v: DarkFateView, p: number, onHunt: boolean, staggered: boolean): number {
    const c = this.c;
    const vals = this.vals;
    const rn = v.reserveCount();
    let buy = -1;
    let buyScore = 0;
    const supply = v.supply;
    const locSupply = supply + v.locationSupply;
    // No card costs less than minCost: skip the scan while nothing can be affordable.
    const costOf = c.cost;
    const buyClass = vals.buyClass;
    for (let j = 0; j < rn && locSupply >= vals.minCost; j++) {
      const t = v.reserveCard(j);
      const cost = costOf[t];
      // (A card that cannot be bought has cost -1 and class BUY_NEVER.)
      if (cost < 0 || cost > locSupply) continue;
      const cls = buyClass[t];
      const location = cls >= BUY_LOCATION;
      if (!location && cost > supply) continue;
      let score = vals.value[t];
      if (cls === BUY_LOCATION_FINISHER) score = staggered && this.canFinish(v, c.finisher[t]) ? 1000 : -1;
      else if (cls === BUY_LOCATION_HEAL) score = v.woundsInHand(p) > 0 || v.discardCount(p) > 0 ? 2 : -1;
      else if (cls === BUY_LOCATION_FIGHT) score = onHunt ? score : -1;
      else if (cls === BUY_FINISHER) score += this.finisherNeed(v, c.finisher[t]) ? 6 : 0;
      if (score > buyScore) {
        buyScore = score;
        buy = (ACTION_BUY << 16) | (j << 8) | (location ? p : 0);
      }
    }
    this.buyScore = buyScore;
    return buy;
  }

  /** Score for staggering a Rev-9 that flees by itself when damaged (greedy: always worth it). */
  protected staggerFleeing(_v: DarkFateView, _k: number, amount: number, need: number): number {
    return 100 - (amount - need) * 0.1;
  }

  /** Whether a finisher of a kind that can destroy Rev-9 k is in the current hand or affordable in the reserve now. */
  protected finishReachable(v: DarkFateView, k: number): boolean {
    const c = this.c;
    const special = c.rev9[v.rev9Version(k)].specialOnly;
    const p = v.current;
    for (let i = 0; i < v.handCount(p); i++) {
      const f = c.finisher[v.handCard(p, i)];
      if (f === 2 || (f === 1 && !special)) return true;
    }
    for (let j = 0; j < v.reserveCount(); j++) {
      const t = v.reserveCard(j);
      const f = c.finisher[t];
      if ((f === 2 || (f === 1 && !special)) && c.cost[t] >= 0 && c.cost[t] <= v.supply + (c.kw[t] & KW.LOCATION ? v.locationSupply : 0)) return true;
    }
    return false;
  }

  /** Score for damaging a forced-flee Rev-9 (Damaged Endo) below its stagger value: greedy never does. */
  protected pushAway(_v: DarkFateView, _k: number, _amount: number): number {
    return -Infinity;
  }

  protected extraDraw(_v: DarkFateView): number {
    return 0;
  }

  protected flee(_v: DarkFateView): number {
    return 0;
  }

  /** Which damaged Rev-9s flee (options are bitmasks): all of them (options[0]). */
  protected fleeWhich(_v: DarkFateView, _o: Int32Array, _n: number): number {
    return 0;
  }

  protected character(v: DarkFateView, o: Int32Array, n: number): number {
    // Solo: a fighting power while a Rev-9 is on the hunt, else the other power.
    let hunting = false;
    for (let k = 0; k < v.rev9Count(); k++) if (v.rev9Where(k) === REV9_HUNT) hunting = true;
    for (let i = 0; i < n; i++) if ((this.vals.powerFight[o[i]] > 0) === hunting) return i;
    return 0;
  }

  /** Lowest-value card of p's hand among slots o[0..n): wounds first. */
  protected worstHandSlot(v: DarkFateView, p: number, o: Int32Array, n: number): number {
    let best = 0;
    let bestVal = Infinity;
    for (let i = 0; i < n; i++) {
      const t = v.handCard(p, o[i]);
      // A finisher a Rev-9 still needs is worth keeping (as bestBuy scores it).
      const val = this.vals.value[t] + (this.c.finisher[t] && this.finisherNeed(v, this.c.finisher[t]) ? 6 : 0);
      if (val < bestVal) {
        bestVal = val;
        best = i;
      }
    }
    return best;
  }

  protected bestReserve(v: DarkFateView, o: Int32Array, n: number): number {
    let best = 0;
    for (let i = 1; i < n; i++) if (this.vals.value[v.reserveCard(o[i])] > this.vals.value[v.reserveCard(o[best])]) best = i;
    return best;
  }

  /** Index of a Rev-9 on the hunt we can damage usefully, preferring a staggerable one; -1 if none. */
  protected action(v: DarkFateView, o: Int32Array, n: number): number {
    const c = this.c;
    const p = v.current;
    let staggered = false;
    let onHunt = false;
    for (let k = 0; k < v.rev9Count(); k++) {
      if (v.rev9Where(k) !== REV9_HUNT) continue;
      onHunt = true;
      if (v.rev9Damage(k) >= c.rev9[v.rev9Version(k)].stagger) staggered = true;
    }
    let rest = -1;
    let bestPlay = -1;
    let bestPlayScore = -Infinity;
    let finisherPlay = -1;
    let fightRev9 = -1;
    let fightRev9Score = -Infinity;
    let fightHostile = -1;
    let fightHostileScore = -Infinity;
    let buy = -1;
    let buyScore = 0;
    let lead = -1;
    const wounds = v.woundsInHand(p);
    for (let i = 1; i < n; i++) {
      const code = o[i];
      const kind = code >>> 16;
      const a = (code >>> 8) & 0xff;
      const b = code & 0xff;
      switch (kind) {
        case ACTION_REST:
          if (rest < 0 && v.handCard(p, a) === c.woundType) rest = i;
          break;
        case ACTION_PLAY: {
          const t = v.handCard(p, a);
          if (c.finisher[t]) {
            // Hold a finisher while a Rev-9 is on the hunt; play it once one it can destroy is staggered.
            if (staggered && this.canFinish(v, c.finisher[t])) finisherPlay = i;
            if (onHunt) break;
            // A single-use finisher is kept for a Rev-9 still to beat, not spent on its fight.
            if (this.vals.spentFinisher[t] && this.finisherNeed(v, c.finisher[t])) break;
          }
          const score = c.drawOnPlay[t] * 10 + (c.discardCost[t] ? -5 : 0) + this.vals.value[t];
          if (score > bestPlayScore) {
            bestPlayScore = score;
            bestPlay = i;
          }
          break;
        }
        case ACTION_LEAD:
          if (onHunt && lead < 0) lead = i;
          break;
        case ACTION_FIGHT_REV9: {
          const ver = c.rev9[v.rev9Version(a)];
          const need = ver.stagger - v.rev9Damage(a);
          if (need <= 0) break; // already staggered: more damage is wasted
          let score: number;
          if (b >= need) score = ver.forcedFleeAt > 0 ? this.staggerFleeing(v, a, b, need) : 100 - (b - need) * 0.1; // stagger it, with as little fight as possible
          else if (ver.forcedFleeAt > 0) score = this.pushAway(v, a, b);
          else score = 10 + b * 0.01; // pile damage on it: it stays between turns
          if (score > fightRev9Score) {
            fightRev9Score = score;
            fightRev9 = i;
          }
          break;
        }
        case ACTION_FIGHT_HOSTILE: {
          const t = v.reserveCard(a);
          const left = c.resistance[t] - v.reserveDamage(a);
          const attack = c.kw[t] & KW.ATTACK ? 20 : 0;
          const score = b >= left ? 50 + attack - left * 0.1 : 1 + b * 0.01;
          if (score > fightHostileScore) {
            fightHostileScore = score;
            fightHostile = i;
          }
          break;
        }
        case ACTION_BUY: {
          const t = v.reserveCard(a);
          let score = this.vals.value[t];
          if (c.kw[t] & KW.LOCATION) {
            if (c.finisher[t]) score = staggered && this.canFinish(v, c.finisher[t]) ? 1000 : -1;
            else if (this.vals.heal[t]) score = wounds > 0 || v.discardCount(p) > 0 ? 2 : -1;
            else if (this.vals.locFight[t] > 0 && !onHunt) score = -1;
          } else if (c.finisher[t]) {
            score += this.finisherNeed(v, c.finisher[t]) ? 6 : 0;
          }
          if (score > buyScore) {
            buyScore = score;
            buy = i;
          }
          break;
        }
      }
    }
    // Rest to shed a wound when the hand holds two or more (the third would kill).
    if (rest >= 0 && wounds >= 2) return rest;
    if (finisherPlay >= 0) return finisherPlay;
    if (bestPlay >= 0) return bestPlay;
    if (lead >= 0) return lead;
    if (buyScore >= 1000) return buy;
    // Spend fight: a Rev-9 we can stagger this turn first, then hostiles we can drive off, then the Rev-9.
    if (fightRev9 >= 0 && fightRev9Score >= 50) return fightRev9;
    if (fightHostile >= 0 && fightHostileScore >= 50) return fightHostile;
    if (fightRev9 >= 0) return fightRev9;
    if (fightHostile >= 0 && fightHostileScore > -Infinity) return fightHostile;
    if (buy >= 0) return buy;
    return 0;
  }

  /** Whether a staggered Rev-9 on the hunt can be destroyed by a finisher of this kind (1 ordinary, 2 special). */
  protected canFinish(v: DarkFateView, kind: number): boolean {
    for (let k = 0; k < v.rev9Count(); k++) {
      const ver = this.c.rev9[v.rev9Version(k)];
      if (v.rev9Where(k) === REV9_HUNT && v.rev9Damage(k) >= ver.stagger && (kind === 2 || !ver.specialOnly)) return true;
    }
    return false;
  }

  /** Whether some Rev-9 still to beat can be destroyed by a finisher of this kind. */
  protected finisherNeed(v: DarkFateView, kind: number): boolean {
    for (let k = 0; k < v.rev9Count(); k++) {
      const w = v.rev9Where(k);
      const ver = this.c.rev9[v.rev9Version(k)];
      if ((w === REV9_HUNT || w === REV9_FATE) && (kind === 2 || !ver.specialOnly)) return true;
    }
    return false;
  }
}

/** Greedy, plus: flee unless the next player can plausibly stagger the damaged Rev-9. */
export class CautiousPolicy extends GreedyPolicy {
  override name = 'cautious';
  /** Fight the next living player can plausibly bring: character power, hand (with location fight) and skills. */
  protected nextPlayerFight(v: DarkFateView): number {
    const c = this.c;
    let next = (v.current + 1) % v.players;
    for (let i = 0; i < v.players && !v.alive(next); i++) next = (next + 1) % v.players;
    let fight = this.vals.powerFight[v.character(next)] ?? 0;
    for (let i = 0; i < v.handCount(next); i++) fight += c.fight[v.handCard(next, i)] + this.vals.locFight[v.handCard(next, i)];
    for (let i = 0; i < v.skillCount(next); i++) {
      const t = v.skillCard(next, i);
      for (let j = c.sec[t * SECTIONS + SEC_EACH_TURN]; j < c.sec[t * SECTIONS + SEC_EACH_TURN + 1]; j++) if (c.ops[j] === OP.FIGHT) fight += c.args[j];
    }
    return fight;
  }
  protected override flee(v: DarkFateView): number {
    const c = this.c;
    const fight = this.nextPlayerFight(v);
    for (let k = 0; k < v.rev9Count(); k++) {
      if (v.rev9Where(k) !== REV9_HUNT || v.rev9Damage(k) === 0) continue;
      const need = c.rev9[v.rev9Version(k)].stagger - v.rev9Damage(k);
      // Keep the damage when the Rev-9 is staggered or nearly so: the next player may finish it.
      if (need <= 0 || need <= fight) return 0;
    }
    return 1;
  }
}

/**
 * Planner: greedy play, with a plan per Rev-9 version. Damage that stays (no regeneration) is
 * progress once it is a third of the stagger value: never flee from it then. Below that, and for
 * damage that heals away, flee (burying the Rev-9 under as many cards as its damage) unless the
 * next player can plausibly stagger it. A Rev-9 that flees by itself at some damage (Damaged
 * Endo) is either staggered in one turn or pushed away with all the fight at hand. With several
 * Rev-9s on the hunt, each gets its own plan: the ones it would flee flee, the others stay.
 */
export class PlannerPolicy extends CautiousPolicy {
  override name = 'planner';
  protected override pushAway(v: DarkFateView, k: number, amount: number): number {
    // Prime it: leave as much damage as it carries without fleeing, for the next player's big hit.
    const ver = this.c.rev9[v.rev9Version(k)];
    return v.rev9Damage(k) + amount < ver.forcedFleeAt ? 5 + amount * 0.01 : -Infinity;
  }
  /** Bitmask (bit k: Rev-9 k) of the damaged Rev-9s on the hunt that the plan flees. */
  protected fleeMask(v: DarkFateView): number {
    const c = this.c;
    const fight = this.nextPlayerFight(v);
    let mask = 0;
    for (let k = 0; k < v.rev9Count(); k++) {
      const damage = v.rev9Damage(k);
      if (v.rev9Where(k) !== REV9_HUNT || damage === 0) continue;
      const ver = c.rev9[v.rev9Version(k)];
      // Staggered (finish it), or one that flees by itself: stay.
      if (damage >= ver.stagger || ver.forcedFleeAt > 0) continue;
      // Damage that stays is progress once it is a third of the way: stay.
      if (ver.regen === 0 && damage * 3 >= ver.stagger) continue;
      // The next player may stagger it: stay.
      if (ver.stagger - damage <= fight) continue;
      mask |= 1 << k;
    }
    return mask;
  }
  protected override flee(v: DarkFateView): number {
    return this.fleeMask(v) !== 0 ? 1 : 0;
  }
  protected override fleeWhich(v: DarkFateView, o: Int32Array, n: number): number {
    const mask = this.fleeMask(v);
    for (let i = 0; i < n; i++) if (o[i] === mask) return i;
    return 0;
  }
}

export const BUILTIN_POLICIES: Record<string, PolicyFactory> = {
  planner: (cards) => new PlannerPolicy(cards),
  random: randomPolicy,
  greedy: (cards) => new GreedyPolicy(cards),
  cautious: (cards) => new CautiousPolicy(cards),
};

export const BUILTIN_POLICY_NAMES = Object.keys(BUILTIN_POLICIES);
