// The cautious built-in policy: greedy, but flees a damaged Rev-9 unless the next player can
// plausibly stagger it ("flee until you are ready to take it out", rulebook difficulty chart).
import { GreedyPolicy } from './greedyPolicy.js';
import { OP, SECTIONS, SEC_EACH_TURN } from './ops.js';
import { REV9_HUNT, type DarkFateView } from './policy.js';


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
