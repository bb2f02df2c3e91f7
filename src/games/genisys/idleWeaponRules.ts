// The weapon rules given to an attack that leave it as it is: Stopping Power away from Point Blank
// (or with the Power it gives already), Brace with no Extreme shot to allow, Semi-automatic where its
// ROF is the attack's already. Found by compiling the attack without each one: the same plan means
// the rule changed nothing, and the report says so rather than ignore it silently.
import { compileAttack, type AttackPlan } from './attackPlan.js';
import type { GenisysParams } from './genisysParams.js';

export interface IdleWeaponRule {
  key: 'stoppingPower' | 'brace' | 'semiAutomatic';
  flag: string;
  why: string;
}

/**
 * The weapon rules the user set (`asked`: the parameters as given, before a picked weapon's own rules
 * are applied) that `plan` (compileAttack(p)) would be without.
 */
export function idleWeaponRules(p: GenisysParams, plan: AttackPlan, asked: Readonly<Record<string, unknown>>): IdleWeaponRule[] {
  const sp = p.stoppingPowerPower.toUpperCase();
  const rules: IdleWeaponRule[] = [
    { key: 'stoppingPower', flag: '--stopping-power', why: `it makes the Power ${sp} at Point Blank range: this attack is not at Point Blank, or its Power is ${sp} already` },
    { key: 'brace', flag: '--brace', why: 'it only lets a Long range weapon fire into Extreme range (--set weaponRange=long --range extreme)' },
    { key: 'semiAutomatic', flag: '--semi-automatic', why: "its ROF (1 at Long, 2 within Short) is this attack's ROF already" },
  ];
  const planText = JSON.stringify(plan);
  return rules.filter((rule) => {
    if (asked[rule.key] !== true || p[rule.key] !== true) return false;
    try {
      return JSON.stringify(compileAttack({ ...p, [rule.key]: false })) === planText;
    } catch {
      return false; // Without it the attack is illegal (Brace into Extreme range): it acts.
    }
  });
}
