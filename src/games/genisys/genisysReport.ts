// Builds the `genisys attack` result (the command's JSON contract) and its tables, from the
// exact engine or from Monte Carlo totals.
import type { Totals } from '../../core/aggregate.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { countSummary, proportion } from '../../core/intervals.js';
import type { AttackPlan } from './attackPlan.js';
import { dieLabel } from './dieLadder.js';
import { CRAWLER, CRAWLER_REELING, DAMAGED, DESTROYED, REELING_DAMAGED, REELING_OUT, RETREATED, UNHARMED, type ExactAttack, type OutcomeName } from './exactAttack.js';
import { rangeName, type RangeName } from './genisysParams.js';

export interface Estimate {
  estimate: number;
  lo: number;
  hi: number;
  /** A proportion's count and games (k of n), or a mean's standard error: what `sim check --tolerance stat` tests. */
  k?: number;
  n?: number;
  se?: number;
}

/** What the attack rolls (`result.attack`): dice as labels (`D8`), targets as the number to roll. */
export interface GenisysAttackDescription {
  rof: number;
  range: RangeName;
  /** The Skill die, or 'auto-hit'. */
  skill: string;
  hitOn: number | null;
  save: string | null;
  saveOn: number | null;
  power: string;
  damageOn: number;
  heavy: boolean;
  improvised: boolean;
  /** The Resolution die, or null when surviving hits cause no tests. */
  resolution: string | null;
  woundsLeft: number;
  crawlerResolution: string | null;
  tdd: boolean;
  /** P(a spent TDD re-roll goes ahead): below 1 when the defender contests it. */
  tddProceeds: number;
  doneMarkers: number;
  size: number;
}

/** The `result` of an exact `genisys attack` (method exact, the default): probabilities. */
export interface GenisysAttackExactResult {
  attack: GenisysAttackDescription;
  /** Expected hits, unsaved hits and damaging hits per Skill die. */
  perShot: { hit: number; unsaved: number; damage: number };
  /** hits[k] = P(exactly k Skill dice hit), k in [0, rof]; unsaved and damage likewise. */
  hits: number[];
  unsaved: number[];
  damage: number[];
  atLeastOneDamage: number;
  /** P(destroyed or retreated): a Retreat! "counts as destroyed" (rulebook: Resolution Tests). */
  removed: number;
  /** Exclusive final states (those the plan can reach); they sum to 1. */
  outcome: Partial<Record<OutcomeName, number>>;
  /** P(a Resilient model stays in play with new damage: Slow, Skill degraded). */
  damaged: number;
  /** reels[k] = P(stays in play with exactly k Reeling results); sums to 1 − removed. */
  reels: number[];
  /** Done markers the target carries after k Reeling results (from attack.doneMarkers). */
  doneMarkersAfter: number[];
}

/** The `result` of a Monte Carlo `genisys attack` (method mc): estimates, with the exact values beside in `exact`. */
export interface GenisysAttackMcResult {
  attack: GenisysAttackDescription;
  perShot: { hit: Estimate; unsaved: Estimate; damage: Estimate };
  hits: Estimate[];
  unsaved: Estimate[];
  damage: Estimate[];
  atLeastOneDamage: Estimate;
  removed: Estimate;
  outcome: Partial<Record<OutcomeName, Estimate>>;
  damaged: Estimate;
  reels: Estimate[];
  doneMarkersAfter: number[];
  /** The exact engine's values for the same plan, for comparison. */
  exact: GenisysAttackExactResult;
}

/** What the attack rolls, for humans and the JSON. */
export function describePlan(plan: AttackPlan): GenisysAttackDescription {
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
    tddProceeds: plan.tddProceeds,
    doneMarkers: plan.doneMarkers,
    size: plan.size,
  };
}

/** The final states a plan can reach, in the order reports show them (each exclusive of the others). */
export function outcomeKeys(plan: AttackPlan): OutcomeName[] {
  const keys: OutcomeName[] = ['destroyed', 'retreated'];
  if (plan.illBeBack) keys.push('crawler', 'crawlerReeling');
  keys.push('reeling');
  if (plan.woundsLeft > 1) keys.push('reelingDamaged', 'damaged');
  keys.push('unharmed');
  return keys;
}

const OUTCOME_INDEX: Record<OutcomeName, number> = { destroyed: DESTROYED, retreated: RETREATED, reeling: REELING_OUT, unharmed: UNHARMED, crawler: CRAWLER, crawlerReeling: CRAWLER_REELING, damaged: DAMAGED, reelingDamaged: REELING_DAMAGED };

/** Row labels of the final-state table. */
function outcomeLabel(plan: AttackPlan, key: OutcomeName | 'removed'): string {
  const damaging = plan.woundsLeft > 1;
  switch (key) {
    case 'removed':
      return 'removed (destroyed or retreated)';
    case 'crawlerReeling':
      return 'crawler, reeling';
    case 'reeling':
      return damaging ? 'reeling, no new damage' : 'reeling';
    case 'reelingDamaged':
      return 'reeling, damaged';
    case 'damaged':
      return 'damaged, not reeling';
    case 'unharmed':
      return damaging ? 'unharmed (no new damage, not reeling)' : 'unharmed';
    default:
      return key;
  }
}

/** Done markers on the target after k Reeling results (one more each, two for a model without any). rulebook: Resolution Tests – Reeling. */
export function doneMarkersAfter(before: number, k: number): number {
  return k === 0 ? before : before === 0 ? k + 1 : before + k;
}

export function planTitle(plan: AttackPlan): string {
  const d = describePlan(plan);
  const hit = plan.autoHit ? 'auto-hit' : `Skill ${d.skill} ${d.hitOn}+`;
  // rulebook: Attacking – Taking Cover Saves ("Models are normally considered to be in cover"): the title says which.
  const save = d.save ? `save ${d.save} ${d.saveOn}+${plan.saveCover ? ` (${plan.saveCover})` : ''}` : 'no save';
  const res = d.resolution ? `Resolution ${d.resolution}` : 'no Resolution tests';
  return `${plan.rof} shot${plan.rof > 1 ? 's' : ''} at ${rangeName(plan.range)}: ${hit}, ${save}, Power ${d.power} vs Armor ${plan.armor}+, ${res}`;
}

function outcomeObject<T>(plan: AttackPlan, values: T[]): Partial<Record<OutcomeName, T>> {
  const out: Partial<Record<OutcomeName, T>> = {};
  for (const k of outcomeKeys(plan)) out[k] = values[OUTCOME_INDEX[k]];
  return out;
}

export function exactResult(plan: AttackPlan, e: ExactAttack): GenisysAttackExactResult {
  const o = e.outcome;
  return {
    attack: describePlan(plan),
    perShot: e.perShot,
    hits: e.hits,
    unsaved: e.unsaved,
    damage: e.damage,
    atLeastOneDamage: 1 - e.damage[0],
    removed: e.removed,
    outcome: outcomeObject(plan, o),
    damaged: o[DAMAGED] + o[REELING_DAMAGED],
    reels: e.reels,
    doneMarkersAfter: e.reels.map((_, k) => doneMarkersAfter(plan.doneMarkers, k)),
  };
}

export function mcResult(plan: AttackPlan, totals: Totals, confidence: number, exact: ExactAttack): GenisysAttackMcResult {
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
  const ob = totals.get('outcome').bins;
  const share = (k: number): Estimate => {
    const p = proportion(k, n, confidence);
    return { estimate: p.estimate, lo: p.lo, hi: p.hi, k, n };
  };
  return {
    attack: describePlan(plan),
    perShot: { hit: perDie('hits'), unsaved: perDie('unsaved'), damage: perDie('damage') },
    hits: dist('hits'),
    unsaved: dist('unsaved'),
    damage,
    atLeastOneDamage: { estimate: atLeast.estimate, lo: atLeast.lo, hi: atLeast.hi, k: atLeast.k, n: atLeast.n },
    removed: share(ob[DESTROYED] + ob[RETREATED]),
    outcome: outcomeObject(plan, outcomes),
    damaged: share(ob[DAMAGED] + ob[REELING_DAMAGED]),
    reels: dist('reels'),
    doneMarkersAfter: exact.reels.map((_, k) => doneMarkersAfter(plan.doneMarkers, k)),
    exact: exactResult(plan, exact),
  };
}

export function exactTables(plan: AttackPlan, r: GenisysAttackExactResult): ResultTable[] {
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
      rows: [{ outcome: outcomeLabel(plan, 'removed'), p: r.removed }, ...(Object.entries(r.outcome) as [OutcomeName, number][]).map(([k, p]) => ({ outcome: outcomeLabel(plan, k), p }))],
    },
    {
      title: 'Reeling results of a target that stays in play (each one a Done marker)',
      columns: [
        { key: 'reelingResults', header: 'k', format: 'int' },
        { key: 'p', header: 'P(stays, k)', format: 'prob' },
        { key: 'doneMarkers', header: 'Done markers after', format: 'int' },
      ],
      rows: r.reels.map((p, k) => ({ reelingResults: k, p, doneMarkers: r.doneMarkersAfter[k] })),
    },
  ];
}

export function mcTables(plan: AttackPlan, r: GenisysAttackMcResult): ResultTable[] {
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
      rows: [
        { outcome: outcomeLabel(plan, 'removed'), ...row(r.removed, r.exact.removed) },
        ...(Object.entries(r.outcome) as [OutcomeName, Estimate][]).map(([k, e]) => ({ outcome: outcomeLabel(plan, k), ...row(e, r.exact.outcome[k]!) })),
      ],
    },
    {
      title: 'Reeling results of a target that stays in play (each one a Done marker)',
      columns: [{ key: 'reelingResults', header: 'k', format: 'int' }, ...cols, { key: 'doneMarkers', header: 'Done markers after', format: 'int' }],
      rows: r.reels.map((e, k) => ({ reelingResults: k, ...row(e, r.exact.reels[k]), doneMarkers: r.doneMarkersAfter[k] })),
    },
  ];
}
