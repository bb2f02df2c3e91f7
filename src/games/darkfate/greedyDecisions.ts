// The greedy policy's answers to every Dark Fate decision (Dominiate's shape: a base with a
// default for every decision, which cautious and planner specialise by overriding a few), over
// the listed options. greedyPolicy.ts adds the play phase's fast path, which must pick exactly
// what action() picks here.
//   greedy — plays everything, kills hostiles it can kill, piles damage on the Rev-9, finishes a
//            staggered Rev-9 whenever it can, buys the best card it can afford; never flees,
//            never draws extra reserve cards. It keeps a finisher a Rev-9 still needs: held while
//            a Rev-9 is on the hunt, never spent on its fight if single-use (Thermite Charge),
//            and the last card it pays a discard cost with.
// It reads only DarkFateView (what players see) and never draws from the rng.
import type { Rng } from '../../core/rng.js';
import type { CardTable } from './cardData.js';
import { cardValues, type CardValues } from './cardValues.js';
import { KW } from './ops.js';
import { ACTION_BUY, ACTION_FIGHT_HOSTILE, ACTION_FIGHT_REV9, ACTION_LEAD, ACTION_PLAY, ACTION_REST, DECISION, REV9_FATE, REV9_HUNT, REV9_OUT, type DarkFatePolicy, type DarkFateView } from './policy.js';

/** The greedy decisions over listed options. Exported as a class so policies can extend it. */
export class GreedyDecisions implements DarkFatePolicy {
  name = 'greedy';
  protected readonly c: CardTable;
  protected readonly vals: CardValues;
  /** Whether choose() and action() are these ones (false when a subclass changed either): the fast path mirrors them only then. */
  protected readonly listPathIntact: boolean;
  constructor(cards: CardTable) {
    this.c = cards;
    this.vals = cardValues(cards);
    // The prototype chain is in place in the constructor: a subclass's overrides are visible here.
    this.listPathIntact = this.choose === GreedyDecisions.prototype.choose && this.action === GreedyDecisions.prototype.action;
  }

  choose(_rng: Rng, v: DarkFateView, d: number, o: Int32Array, n: number, allowNone: boolean): number {
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

  /** Whether some Rev-9 still to beat (in the fate deck, on the hunt, or still to come from a split) can be destroyed by a finisher of this kind. */
  protected finisherNeed(v: DarkFateView, kind: number): boolean {
    for (let k = 0; k < v.rev9Count(); k++) {
      const w = v.rev9Where(k);
      const ver = this.c.rev9[v.rev9Version(k)];
      if ((w === REV9_HUNT || w === REV9_FATE || w === REV9_OUT) && (kind === 2 || !ver.specialOnly)) return true;
    }
    return false;
  }
}
