// Builds the `genisys attack` result (the command's JSON contract) and its tables, from the
// exact engine or from Monte Carlo totals.
import type { Totals } from '../../core/aggregate.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { countSummary, proportion } from '../../core/intervals.js';
import type { AttackPlan } from './attackPlan.js';
import { dieLabel } from './dieLadder.js';
import { OUTCOMES, type ExactAttack } from './exactAttack.js';

export interface Estimate {
  estimate: number;
  lo: number;
  hi: number;
  /** A proportion's count and games (k of n), or a mean's standard error: what `sim check --tolerance stat` tests. */
  k?: number;
  n?: number;
  se?: number;
}

/** What the attack rolls, for humans and the JSON. */
export function describePlan(plan: AttackPlan) {
  return {
    rof: plan.rof,
    range: plan.range,
    skill: plan.autoHit ? 'auto-hit' : dieLabel(plan.skillStep),
    hitOn: plan.autoHit ? null : plan.hitTarget,
    save: plan.hasSave ? dieLabel(plan.saveStep) : null,
    saveOn: plan.hasSave ? plan.saveTarget : null,
    power: dieLabel(plan.powerStep),
    damageOn: plan.armor,
    heavy: plan.heavy,
    improvised: plan.improvised,
    resolution: plan.tests ? dieLabel(plan.resStep) : null,
    woundsLeft: plan.woundsLeft,
    crawlerResolution: plan.illBeBack ? dieLabel(plan.crawlerResStep) : null,
    tdd: plan.tdd,
  };
}

export function planTitle(plan: AttackPlan): string {
  const d = describePlan(plan);
  const hit = plan.autoHit ? 'auto-hit' : `Skill ${d.skill} ${d.hitOn}+`;
  const save = d.save ? `save ${d.save} ${d.saveOn}+` : 'no save';
  const res = d.resolution ? `Resolution ${d.resolution}` : 'no Resolution tests';
  return `${plan.rof} shot${plan.rof > 1 ? 's' : ''} at ${plan.range}: ${hit}, ${save}, Power ${d.power} vs Armor ${plan.armor}+, ${res}`;
}

function outcomeObject<T>(plan: AttackPlan, values: T[]): Record<string, T> {
  const out: Record<string, T> = {};
  OUTCOMES.forEach((name, i) => {
    if (name !== 'crawler' || plan.illBeBack) out[name] = values[i];
  });
  return out;
}

export function exactResult(plan: AttackPlan, e: ExactAttack) {
  return {
    attack: describePlan(plan),
    perShot: e.perShot,
    hits: e.hits,
    unsaved: e.unsaved,
    damage: e.damage,
    atLeastOneDamage: 1 - e.damage[0],
    outcome: outcomeObject(plan, e.outcome),
  };
}

export function mcResult(plan: AttackPlan, totals: Totals, confidence: number, exact: ExactAttack) {
  const n = totals.games;
  const dist = (name: string): Estimate[] =>
    totals.get(name).bins.map((k) => {
      const p = proportion(k, n, confidence);
      return { estimate: p.estimate, lo: p.lo, hi: p.hi, k, n };
    });
  // Per Skill die: mean count per attack / ROF, with the mean's interval (valid even when the
  // dice of one attack are dependent, as with a TDD re-roll).
  const perDie = (name: string): Estimate => {
    const s = countSummary(totals.get(name), confidence);
    return { estimate: s.mean / plan.rof, lo: Math.max(0, s.lo / plan.rof), hi: Math.min(1, s.hi / plan.rof), se: s.se / plan.rof };
  };
  const outcomes = dist('outcome');
  const damage = dist('damage');
  const atLeast = proportion(n - totals.get('damage').bins[0], n, confidence);
  return {
    attack: describePlan(plan),
    perShot: { hit: perDie('hits'), unsaved: perDie('unsaved'), damage: perDie('damage') },
    hits: dist('hits'),
    unsaved: dist('unsaved'),
    damage,
    atLeastOneDamage: { estimate: atLeast.estimate, lo: atLeast.lo, hi: atLeast.hi, k: atLeast.k, n: atLeast.n },
    outcome: outcomeObject(plan, outcomes),
    /** The exact engine's values for the same plan, for comparison. */
    exact: exactResult(plan, exact),
  };
}

export function exactTables(r: ReturnType<typeof exactResult>): ResultTable[] {
  return [
    {
      title: 'Per Skill die',
      columns: [
        { key: 'stage', header: 'stage', format: 'text' },
        { key: 'p', header: 'P', format: 'prob' },
      ],
      rows: [
        { stage: 'hit', p: r.perShot.hit },
        { stage: 'hit, not saved', p: r.perShot.unsaved },
        { stage: 'hit, not saved, damaging', p: r.perShot.damage },
      ],
    },
    {
      title: 'Damaging hits per attack',
      columns: [
        { key: 'damagingHits', header: 'k', format: 'int' },
        { key: 'p', header: 'P(=k)', format: 'prob' },
        { key: 'atLeast', header: 'P(>=k)', format: 'prob' },
      ],
      rows: r.damage.map((p, k) => ({ damagingHits: k, p, atLeast: r.damage.slice(k).reduce((a, b) => a + b, 0) })),
    },
    {
      title: 'Final state of the target',
      columns: [
        { key: 'outcome', header: 'outcome', format: 'text' },
        { key: 'p', header: 'P', format: 'prob' },
      ],
      rows: Object.entries(r.outcome).map(([outcome, p]) => ({ outcome, p })),
    },
  ];
}

export function mcTables(r: ReturnType<typeof mcResult>): ResultTable[] {
  const cols = [
    { key: 'estimate', header: 'MC', format: 'prob' as const },
    { key: 'lo', header: 'lo', format: 'prob' as const },
    { key: 'hi', header: 'hi', format: 'prob' as const },
    { key: 'exact', header: 'exact', format: 'prob' as const },
    { key: 'exactInInterval', header: 'in CI', format: 'text' as const },
  ];
  // Each row names its own fields: an Estimate also carries k (a Monte Carlo count), which must
  // never land in a column of the same name (the damaging-hits column once showed the counts).
  const row = (e: Estimate, exact: number) => ({ estimate: e.estimate, lo: e.lo, hi: e.hi, exact, exactInInterval: exact >= e.lo && exact <= e.hi });
  const stageName = { hit: 'hit', unsaved: 'hit, not saved', damage: 'hit, not saved, damaging' } as const;
  const perShotRows = (['hit', 'unsaved', 'damage'] as const).map((k) => ({ stage: stageName[k], ...row(r.perShot[k], r.exact.perShot[k]) }));
  return [
    { title: 'Per Skill die (Monte Carlo beside exact)', columns: [{ key: 'stage', header: 'stage', format: 'text' }, ...cols], rows: perShotRows },
    { title: 'Damaging hits per attack', columns: [{ key: 'damagingHits', header: 'k', format: 'int' }, ...cols], rows: r.damage.map((e, k) => ({ damagingHits: k, ...row(e, r.exact.damage[k]) })) },
    {
      title: 'Final state of the target',
      columns: [{ key: 'outcome', header: 'outcome', format: 'text' }, ...cols],
      rows: Object.entries(r.outcome).map(([outcome, e]) => ({ outcome, ...row(e, (r.exact.outcome as Record<string, number>)[outcome]) })),
    },
  ];
}
