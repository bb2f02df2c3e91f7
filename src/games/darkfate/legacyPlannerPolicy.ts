// The planner built-in policy (the default): cautious, with a plan per Rev-9 version; the best
// by calibration (scenarios/darkfate/README.md).
import { CautiousPolicy } from './cautiousPolicy.js';
import { REV9_HUNT, type DarkFateView } from './policy.js';

/**
 * Planner: greedy play, with a plan per Rev-9 version. Damage that stays (no regeneration) is
 * progress once it is a third of the stagger value: never flee from it then. Below that, and for
 * damage that heals away, flee (burying the Rev-9 under as many cards as its damage) unless the
 * next player can plausibly stagger it. A Rev-9 that flees by itself at some damage (Damaged
 * Endo) is either staggered in one turn or pushed away with all the fight at hand. With several
 * Rev-9s on the hunt, each gets its own plan: the ones it would flee flee, the others stay.
 */
export class LegacyPlannerPolicy extends CautiousPolicy {
  override name = 'legacy-planner';
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
