// The greedy policy (greedyDecisions.ts) with the play phase's fast path: quickAction picks the
// play-phase action straight from the view, without the engine listing every option, and must
// return exactly what action() picks from the list (test/darkfate.conformance.test.ts compares
// the two at every play-phase decision of many games). cautious and planner extend this class.
import type { Rng } from '../../core/rng.js';
import { BUY_FINISHER, BUY_LOCATION, BUY_LOCATION_FIGHT, BUY_LOCATION_FINISHER, BUY_LOCATION_HEAL } from './cardValues.js';
import { GreedyDecisions } from './greedyDecisions.js';
import { KW } from './ops.js';
import { ACTION_BUY, ACTION_FIGHT_HOSTILE, ACTION_FIGHT_REV9, ACTION_LEAD, ACTION_PLAY, ACTION_REST, REV9_HUNT, type DarkFateView } from './policy.js';

/** quickAction's Rev-9 state bits. */
const HUNT_ON = 1;
const HUNT_STAGGERED = 2;

/** The greedy policy; `cautious` adds fleeing. Exported as a class so user policies can extend it. */
export class GreedyPolicy extends GreedyDecisions {
  /**
   * Fast path of action() (the engine's hot loop): the choices that depend on the current
   * player's hand alone — rest away a wound, play a finisher, play the best card — computed
   * straight from the view, in the same order and with the same ties as action() over the listed
   * options. Returns the action code, or -1 when action() must see the whole list (no card to
   * play, or a subclass changed the ACTION decision).
   */
  quickAction(_rng: Rng, v: DarkFateView, p: number, mayRest: boolean): number {
    if (!this.listPathIntact) return -1;
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

}
