// Exact odds of one Dual Fates attack, as small named stages:
//   target number (stat + modifiers) → Fate roll succeeds? → (Shield deflect) → damage roll by
//   type → shields → armor → health → incapacitated?
// Every probability is a count over the 36 outcomes of 2d6 (1296 when the target deflects).
// Rulebook: ../shared/rules/dual-fates-core-rules.txt; each rule names its section.
import { DIE_FACES, FATE_OUTCOMES, fateSumCounts, forEachFateRoll, type CountDist } from './fateDice.js';
import type { ArmorRule, AttackParams, DamageDice, DamageType, SuccessRule } from './dualfatesParams.js';

export interface Modifier {
  name: string;
  amount: number;
  source: string;
}

export interface TargetNumber {
  /** The number the Fate roll must meet or beat. */
  target: number;
  kind: 'melee' | 'ranged';
  applied: Modifier[];
  /** Options given that do not change this statistic, with why. */
  ignored: string[];
}

/** Melee or ranged; auto = melee against DEF, ranged otherwise (assumption, see README). */
export function attackKind(p: AttackParams): 'melee' | 'ranged' {
  if (p.attack !== 'auto') return p.attack;
  // rulebook: Using Abilities, ATTACK EXAMPLE — DEF "since it's a melee attack"; DOD "used against ranged attacks".
  return p.vs === 'def' ? 'melee' : 'ranged';
}

/** Stage 1: the target number — the statistic plus every modifier that applies to it. */
export function targetNumber(p: AttackParams): TargetNumber {
  const kind = attackKind(p);
  const applied: Modifier[] = [];
  const ignored: string[] = [];
  const add = (on: boolean, name: string, amount: number, source: string, statOk: boolean, why: string) => {
    if (!on) return;
    if (statOk) applied.push({ name, amount, source });
    else ignored.push(`${name}: ${why}`);
  };
  const stat = p.vs;
  if (p.cover !== 'none') {
    // rulebook: Cover — light +1 DOD, heavy +2 DOD; "Melee attacks ignore Cover".
    const amount = p.cover === 'light' ? p.coverLight : p.coverHeavy;
    if (kind === 'melee') ignored.push(`${p.cover} cover: melee attacks ignore cover (rulebook: Cover)`);
    else add(true, `${p.cover} cover`, amount, 'rulebook: Cover', stat === 'dod', 'cover changes DOD only');
  }
  // rulebook: Running — "+2 Defense, +2 Dodge until the unit's next activation".
  add(p.running, 'running', stat === 'dod' ? p.runningDod : p.runningDef, 'rulebook: Running', stat === 'def' || stat === 'dod', 'running changes DEF and DOD only');
  // rulebook: Status Effects — Poisoned: -1 Defense and -1 Dodge.
  add(p.poisoned, 'poisoned', stat === 'dod' ? p.poisonedDod : p.poisonedDef, 'rulebook: Status Effects', stat === 'def' || stat === 'dod', 'Poisoned changes DEF and DOD only');
  // rulebook: Status Effects — Fear: -1 Willpower.
  add(p.fear, 'fear', p.fearWill, 'rulebook: Status Effects', stat === 'will', 'Fear changes WILL only');
  if (p.mod !== 0) applied.push({ name: 'mod', amount: p.mod, source: 'option --mod (unit sheet effects)' });
  const target = p.value + applied.reduce((s, m) => s + m.amount, 0);
  return { target, kind, applied, ignored };
}

/** Stage 2: does a Fate roll of `roll` succeed against `target`? */
export function rollSucceeds(roll: number, target: number, rule: SuccessRule): boolean {
  // rulebook: Using Abilities — "If the Fate Roll equals or exceeds the target number, the ability succeeds."
  return rule === 'meetOrBeat' ? roll >= target : roll > target;
}

/** Does a Shield's roll `defence` deflect an attack roll `attackRoll`? */
export function deflects(defence: number, attackRoll: number, rule: SuccessRule): boolean {
  // rulebook: Actions & Activations (Example Activation) — "if she meets or beats it, she deflects the shot".
  return rule === 'meetOrBeat' ? defence >= attackRoll : defence > attackRoll;
}

export interface SuccessCounts {
  /** Outcomes (of `total`) where the Fate roll succeeds. */
  rollSucceeds: number;
  /** Outcomes where it succeeds and is then deflected (0 without --deflect). */
  deflected: number;
  /** Outcomes where the attack lands: succeeds and is not deflected. */
  landed: number;
  /** 36, or 36 × 36 when the target deflects. */
  total: number;
}

/** Stages 2–3 over every outcome: the attack's roll (and the defender's Shield roll). */
export function successCounts(target: number, p: Pick<AttackParams, 'successRule' | 'deflect' | 'deflectRule'>): SuccessCounts {
  const sums = fateSumCounts();
  const perDefence = p.deflect ? FATE_OUTCOMES : 1;
  let ok = 0;
  let deflected = 0;
  for (let roll = 2; roll <= 12; roll++) {
    if (!rollSucceeds(roll, target, p.successRule)) continue;
    ok += sums[roll] * perDefence;
    if (p.deflect) for (let d = 2; d <= 12; d++) if (deflects(d, roll, p.deflectRule)) deflected += sums[roll] * sums[d];
  }
  return { rollSucceeds: ok, deflected, landed: ok - deflected, total: FATE_OUTCOMES * perDefence };
}

/** The damage dice a damage type rolls. */
export function damageDiceOf(type: DamageType, p: Pick<AttackParams, 'damageLight' | 'damageMedium' | 'damageHeavy'>): DamageDice {
  return type === 'light' ? p.damageLight : type === 'medium' ? p.damageMedium : p.damageHeavy;
}

/** The damage of one roll of dice `a`, `b` (each 1..6) under `dice`. */
export function damageFromDice(dice: DamageDice, a: number, b: number): number {
  switch (dice) {
    case 'lower2d6':
      return a < b ? a : b; // rulebook: Damage Types — Light: roll 2d6 and use the lower result.
    case 'd6':
      return a; // rulebook: Damage Types — Medium: roll 1d6 (the second die is ignored).
    case 'higher2d6':
      return a > b ? a : b; // rulebook: Damage Types — Heavy: roll 2d6 and use the higher result.
    case 'sum2d6':
      return a + b; // house rule only.
  }
}

/** Stage 4: damage of a landed attack, over the 36 outcomes of two dice (values 0..12). */
export function damageRollCounts(dice: DamageDice): CountDist {
  const weights = new Array<number>(13).fill(0);
  forEachFateRoll((a, b) => {
    weights[damageFromDice(dice, a, b)] += 1;
  });
  return { weights, total: FATE_OUTCOMES };
}

/** Per-attack damage dealt: 0 on a miss (or deflect), else the damage roll. Denominator = success total × 36. */
export function attackDamageCounts(s: SuccessCounts, dmg: CountDist): CountDist {
  const weights = dmg.weights.map((w) => s.landed * w);
  weights[0] += (s.total - s.landed) * dmg.total;
  return { weights, total: s.total * dmg.total };
}

/** A unit's damage pools. Mutated in place by applyDamage. */
export interface Pools {
  shields: number;
  armor: number;
  health: number;
}

/**
 * Stage 5: applies `damage` to `u` in place — shields, then armor, then health (never below 0).
 * `armorRule` pool (default): armor is used up like shields; perHit: armor takes up to `u.armor`
 * off what passes the shields and is never used up. Returns true when health is 0 afterwards
 * (incapacitated).
 */
export function applyDamage(u: Pools, damage: number, armorRule: ArmorRule = 'pool'): boolean {
  // rulebook: Damage Resolution — "Damage is always applied in this order: Shields, Armor, Health".
  let left = damage;
  const s = left < u.shields ? left : u.shields;
  u.shields -= s;
  left -= s;
  const a = left < u.armor ? left : u.armor;
  // Armor reading (README choice 7): a pool is used up; per hit it only reduces this hit.
  if (armorRule === 'pool') u.armor -= a;
  left -= a;
  const h = left < u.health ? left : u.health;
  u.health -= h;
  // rulebook: Incapacitated Units — "When a unit's Health reaches 0 it becomes Incapacitated".
  return u.health === 0;
}

export interface AttacksToIncapacitate {
  /** False when no attack can deal damage (the unit is never incapacitated). */
  possible: boolean;
  /** Expected attacks from full pools (exact recursion; Infinity when impossible). */
  mean: number;
  /** dist[k - 1] = P(incapacitated by exactly the k-th attack), k = 1.. until the rest < tailBelow. */
  dist: number[];
  /** P(not yet incapacitated after dist.length attacks). */
  remaining: number;
}

/**
 * Distribution of attacks needed to incapacitate a unit from full shields + armor + health.
 * Because damage fills the pools strictly in order (shields → armor → health, see applyDamage),
 * the unit is incapacitated exactly when cumulative damage ≥ shields + armor + health, so the
 * state is the remaining total; `perAttack[v]` = P(one attack deals v). The tail is followed
 * until the remaining probability is below `tailBelow` (or `maxAttacks`, a safety bound).
 */
export function attacksToIncapacitate(perAttack: readonly number[], pool: number, tailBelow = 1e-9, maxAttacks = 1e6): AttacksToIncapacitate {
  const pHit = 1 - perAttack[0];
  if (!(perAttack.slice(1).some((x) => x > 0))) return { possible: false, mean: Infinity, dist: [], remaining: 1 };
  // mean: E[r] = (1 + Σ_{d≥1} p_d E[r-d]) / (1 - p_0), E[r ≤ 0] = 0.
  const e = new Float64Array(pool + 1);
  for (let r = 1; r <= pool; r++) {
    let s = 1;
    for (let d = 1; d < perAttack.length && d < r; d++) s += perAttack[d] * e[r - d];
    e[r] = s / pHit;
  }
  // alive[r] = P(not incapacitated, r points left), r in [1, pool]; two buffers reused.
  let alive = new Float64Array(pool + 1);
  let next = new Float64Array(pool + 1);
  alive[pool] = 1;
  let remaining = 1;
  const dist: number[] = [];
  while (remaining >= tailBelow && dist.length < maxAttacks) {
    next.fill(0);
    let incap = 0;
    for (let r = 1; r <= pool; r++) {
      const m = alive[r];
      if (m === 0) continue;
      for (let d = 0; d < perAttack.length; d++) {
        const q = m * perAttack[d];
        if (d >= r) incap += q;
        else next[r - d] += q;
      }
    }
    dist.push(incap);
    let left = 0;
    for (let r = 1; r <= pool; r++) left += next[r];
    remaining = left;
    [alive, next] = [next, alive];
  }
  return { possible: true, mean: e[pool], dist, remaining };
}

/**
 * attacksToIncapacitate under the per-hit armor reading: the state is (shields left, health left),
 * since armor takes up to `armor` off every hit that passes the shields and is never used up. Mean
 * by recursion over states in increasing order (every move lowers shields or health), the
 * distribution by iterating the mass over states; same contract as attacksToIncapacitate.
 */
export function attacksToIncapacitatePerHit(perAttack: readonly number[], shields: number, armor: number, health: number, tailBelow = 1e-9, maxAttacks = 1e6): AttacksToIncapacitate {
  const H = health + 1;
  const idx = (s: number, h: number) => s * H + h;
  const states = (shields + 1) * H;
  // next state of (s, h) after damage d, or -1 when incapacitated.
  const step = (s: number, h: number, d: number): number => {
    const toShields = d < s ? d : s;
    const past = d - toShields - armor;
    const h2 = past > 0 ? h - past : h;
    return h2 <= 0 ? -1 : idx(s - toShields, h2);
  };
  const e = new Float64Array(states).fill(Infinity);
  for (let s = 0; s <= shields; s++)
    for (let h = 1; h <= health; h++) {
      let stay = 0;
      let sum = 1;
      let finite = true;
      for (let d = 0; d < perAttack.length; d++) {
        const q = perAttack[d];
        if (q === 0) continue;
        const nx = step(s, h, d);
        if (nx === idx(s, h)) stay += q;
        else if (nx >= 0) {
          if (e[nx] === Infinity) finite = false;
          else sum += q * e[nx];
        }
      }
      // A state that only stays put, or moves only to states that never end, never ends.
      e[idx(s, h)] = stay >= 1 - 1e-15 || !finite ? Infinity : sum / (1 - stay);
    }
  const mean = e[idx(shields, health)];
  if (mean === Infinity) return { possible: false, mean: Infinity, dist: [], remaining: 1 };
  let alive = new Float64Array(states);
  let next = new Float64Array(states);
  alive[idx(shields, health)] = 1;
  let remaining = 1;
  const dist: number[] = [];
  while (remaining >= tailBelow && dist.length < maxAttacks) {
    next.fill(0);
    let incap = 0;
    for (let s = 0; s <= shields; s++)
      for (let h = 1; h <= health; h++) {
        const m = alive[idx(s, h)];
        if (m === 0) continue;
        for (let d = 0; d < perAttack.length; d++) {
          const q = m * perAttack[d];
          if (q === 0) continue;
          const nx = step(s, h, d);
          if (nx < 0) incap += q;
          else next[nx] += q;
        }
      }
    dist.push(incap);
    let left = 0;
    for (let i = 0; i < states; i++) left += next[i];
    remaining = left;
    [alive, next] = [next, alive];
  }
  return { possible: true, mean, dist, remaining };
}

/** Everything exact about one attack. */
export interface AttackExact {
  target: TargetNumber;
  success: SuccessCounts;
  damageDice: DamageDice;
  damage: CountDist;
  /** Outcomes (of damage.total) where one attack from full pools incapacitates. */
  incapacitatedCount: number;
  toIncapacitate: AttacksToIncapacitate;
}

export function exactAttack(p: AttackParams): AttackExact {
  const target = targetNumber(p);
  const success = successCounts(target.target, p);
  const damageDice = damageDiceOf(p.damage, p);
  const damage = attackDamageCounts(success, damageRollCounts(damageDice));
  const pool = p.shields + p.armor + p.health;
  let incapacitatedCount = 0;
  for (let v = 1; v < damage.weights.length; v++) if (v >= pool) incapacitatedCount += damage.weights[v];
  const probs = damage.weights.map((w) => w / damage.total);
  // Armor reading (README choice 7): the pool convolution, or the (shields, health) chain per hit.
  const toIncapacitate = p.armorRule === 'perHit' && p.armor > 0 ? attacksToIncapacitatePerHit(probs, p.shields, p.armor, p.health) : attacksToIncapacitate(probs, pool);
  return { target, success, damageDice, damage, incapacitatedCount, toIncapacitate };
}

/** Highest face of one die, for range checks elsewhere. */
export const MAX_DAMAGE = 2 * DIE_FACES;
