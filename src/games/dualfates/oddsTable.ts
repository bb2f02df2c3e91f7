// `sim dualfates table`: success probability for every stat value 2..13 under each modifier set,
// and P(incapacitated within k attacks) by damage type × health × armor. Built from the same
// stages as one attack (targetNumber → successCounts → damage → attacksToIncapacitate).
import { exactAttack, successCounts, targetNumber } from './attackExact.js';
import type { AttackParams, DamageType } from './dualfatesParams.js';

/** A named set of target-side modifiers (rulebook: Cover, Running, Status Effects). */
export interface ModifierSet {
  key: string;
  /** Column header (short, so the table fits 100 columns). */
  header: string;
  label: string;
  over: Partial<AttackParams>;
}

export const MODIFIER_SETS: readonly ModifierSet[] = [
  // Headers name the stat and the modifier: "light"/"heavy" alone read like damage types (issue 20).
  { key: 'plain', header: 'no mod', label: 'no modifier', over: {} },
  { key: 'lightCover', header: 'DOD+lt cover', label: 'DOD, light cover (ranged)', over: { vs: 'dod', attack: 'ranged', cover: 'light' } },
  { key: 'heavyCover', header: 'DOD+hv cover', label: 'DOD, heavy cover (ranged)', over: { vs: 'dod', attack: 'ranged', cover: 'heavy' } },
  { key: 'running', header: 'ran', label: 'DEF/DOD, target ran', over: { running: true } },
  { key: 'poisoned', header: 'poisoned', label: 'DEF/DOD, Poisoned', over: { poisoned: true } },
  { key: 'fear', header: 'WILL+fear', label: 'WILL, Fear', over: { vs: 'will', fear: true } },
  { key: 'runningHeavyCover', header: 'DOD+ran+hv', label: 'DOD, ran + heavy cover', over: { vs: 'dod', attack: 'ranged', running: true, cover: 'heavy' } },
  { key: 'runningPoisoned', header: 'ran+poisoned', label: 'DEF/DOD, ran + Poisoned', over: { running: true, poisoned: true } },
];

export const STAT_VALUES = { from: 2, to: 13 };

/** rows[i] = { value, <set key>: P(success) } for stat values 2..13. */
export function successTable(base: AttackParams): Record<string, number>[] {
  const rows: Record<string, number>[] = [];
  for (let value = STAT_VALUES.from; value <= STAT_VALUES.to; value++) {
    const row: Record<string, number> = { value };
    for (const set of MODIFIER_SETS) {
      const p = { ...base, value, mod: 0, cover: 'none' as const, running: false, poisoned: false, fear: false, ...set.over };
      const s = successCounts(targetNumber(p).target, p);
      row[set.key] = s.landed / s.total;
    }
    rows.push(row);
  }
  return rows;
}

export interface IncapRow {
  damage: DamageType;
  health: number;
  armor: number;
  /** withinK[k-1] = P(incapacitated within k attacks). */
  withinK: number[];
  mean: number | null;
}

/** P(incapacitated within k ≤ maxK attacks), for each damage type, health 1..maxHealth, armor 0..maxArmor. */
export function incapacitationTable(base: AttackParams, maxHealth: number, maxArmor: number, maxK: number): IncapRow[] {
  const rows: IncapRow[] = [];
  for (const damage of ['light', 'medium', 'heavy'] as const)
    for (let health = 1; health <= maxHealth; health++)
      for (let armor = 0; armor <= maxArmor; armor++) {
        const x = exactAttack({ ...base, damage, health, armor });
        const withinK: number[] = [];
        let cum = 0;
        for (let k = 0; k < maxK; k++) {
          cum += x.toIncapacitate.dist[k] ?? 0;
          withinK.push(Math.min(1, cum));
        }
        rows.push({ damage, health, armor, withinK, mean: x.toIncapacitate.possible ? x.toIncapacitate.mean : null });
      }
  return rows;
}
