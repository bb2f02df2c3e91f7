// The `dualfates` simulation, mode "attack": one game = attacks against one unit from full shields,
// armor and health until it is incapacitated. It plays the rules step by step (roll 2d6, compare,
// Shield roll, damage dice, applyDamage on the three pools), an independent formulation of the
// exact engine's pool convolution. Metrics are integers per attack: the first attack's
// success (0/1), damage (0 on a miss) and whether it incapacitated (0/1); and the number of
// attacks the game took.
import type { GameSim } from '../../core/game.js';
import { rollDie } from '../../core/rng.js';
import { applyDamage, damageFromDice, deflects, rollSucceeds, type Pools } from './attackExact.js';
import type { ArmorRule, DamageDice, SuccessRule } from './dualfatesParams.js';

/** Plain-JSON parameters (sent to workers). */
export interface AttackSimParams {
  target: number;
  successRule: SuccessRule;
  deflect: boolean;
  deflectRule: SuccessRule;
  damageDice: DamageDice;
  /** Armor reading (absent in older parameter sets: pool). */
  armorRule?: ArmorRule;
  shields: number;
  armor: number;
  health: number;
  /** Attacks after which a game stops (the count is then recorded as maxAttacks + 1). */
  maxAttacks: number;
}

export const SUCCESS = 0;
export const DAMAGE = 1;
export const INCAPACITATED = 2;
export const ATTACKS = 3;
/** Histogram bins for attacksToIncapacitate; longer games land in the overflow bin (mean stays exact). */
export const ATTACKS_HISTOGRAM_MAX = 4096;

export const attackSim: GameSim<AttackSimParams> = {
  metrics: (p) => [
    { name: 'success', description: 'the first attack landed (roll succeeded, not deflected)', kind: 'rate', maxValue: 1 },
    { name: 'damage', description: 'damage dealt by the first attack (0 on a miss)', kind: 'count', maxValue: 12 },
    { name: 'incapacitated', description: 'the first attack incapacitated the unit', kind: 'rate', maxValue: 1 },
    { name: 'attacksToIncapacitate', description: 'attacks until the unit was incapacitated', kind: 'count', maxValue: Math.min(ATTACKS_HISTOGRAM_MAX, p.maxAttacks + 1) },
  ],
  // ~20 ms on one core: ~1e6 attacks at ~5e7 dice/s; a game averages about pool/3 attacks.
  gamesPerChunk: (p) => Math.max(200, Math.floor(3e5 / Math.max(1, p.shields + p.armor + p.health))),
  createPlayer(p) {
    const { target, successRule, deflect, deflectRule, damageDice, shields, armor, health, maxAttacks } = p;
    const armorRule = p.armorRule ?? 'pool';
    const unit: Pools = { shields, armor, health }; // reset per game, never reallocated
    return {
      play(rng, rec) {
        unit.shields = shields;
        unit.armor = armor;
        unit.health = health;
        let attacks = 0;
        let down = false;
        while (!down && attacks < maxAttacks) {
          attacks++;
          const roll = rollDie(rng, 6) + rollDie(rng, 6);
          let landed = rollSucceeds(roll, target, successRule);
          if (landed && deflect && deflects(rollDie(rng, 6) + rollDie(rng, 6), roll, deflectRule)) landed = false;
          let dealt = 0;
          if (landed) {
            dealt = damageFromDice(damageDice, rollDie(rng, 6), rollDie(rng, 6));
            down = applyDamage(unit, dealt, armorRule);
          }
          if (attacks === 1) {
            rec.record(SUCCESS, landed ? 1 : 0);
            rec.record(DAMAGE, dealt);
            rec.record(INCAPACITATED, down ? 1 : 0);
          }
        }
        rec.record(ATTACKS, down ? attacks : maxAttacks + 1);
      },
    };
  },
};
