// Builds the `dualfates attack` result (the JSON contract) and its table views, exact alone or
// Monte Carlo beside exact with Wilson intervals.
import type { Totals } from '../../core/aggregate.js';
import type { Cell, ResultTable } from '../../core/reportTypes.js';
import { countSummary, proportion } from '../../core/intervals.js';
import type { AttackExact } from './attackExact.js';
import type { AttackParams } from './dualfatesParams.js';
import { fraction } from './fateDice.js';

export interface Estimate {
  exact: number;
  estimate: number;
  lo: number;
  hi: number;
  /** Games counted and games played: what `sim check --tolerance stat` tests. */
  k: number;
  n: number;
  exactInInterval: boolean;
}

function estimateOf(exact: number, k: number, n: number, confidence: number): Estimate {
  const e = proportion(k, n, confidence);
  return { exact, estimate: e.estimate, lo: e.lo, hi: e.hi, k, n, exactInInterval: exact >= e.lo && exact <= e.hi };
}

/** The part of the result both methods share: what was attacked and how. */
function targetBlock(p: AttackParams, x: AttackExact) {
  return {
    vs: p.vs,
    value: p.value,
    attack: x.target.kind,
    modifiers: x.target.applied,
    ignored: x.target.ignored,
    targetNumber: x.target.target,
    damageType: p.damage,
    damageDice: x.damageDice,
    pools: { shields: p.shields, armor: p.armor, health: p.health },
  };
}

function damageRows(x: AttackExact) {
  let last = 0;
  x.damage.weights.forEach((w, v) => {
    if (w > 0) last = v;
  });
  return x.damage.weights.slice(0, last + 1).map((w, v) => ({ damage: v, p: w / x.damage.total, fraction: fraction(w, x.damage.total) }));
}

function attacksRows(x: AttackExact) {
  let cum = 0;
  return x.toIncapacitate.dist.map((q, i) => {
    cum += q;
    return { attacks: i + 1, p: q, cumulative: Math.min(1, cum) };
  });
}

export function exactAttackResult(p: AttackParams, x: AttackExact) {
  const dmg = damageRows(x);
  return {
    method: 'exact' as const,
    target: targetBlock(p, x),
    success: x.success.landed / x.success.total,
    successFraction: fraction(x.success.landed, x.success.total),
    rollSucceeds: x.success.rollSucceeds / x.success.total,
    deflected: x.success.deflected / x.success.total,
    damage: dmg,
    meanDamage: dmg.reduce((s, r) => s + r.damage * r.p, 0),
    incapacitated: x.incapacitatedCount / x.damage.total,
    incapacitatedFraction: fraction(x.incapacitatedCount, x.damage.total),
    attacksToIncapacitate: {
      possible: x.toIncapacitate.possible,
      mean: x.toIncapacitate.possible ? x.toIncapacitate.mean : null,
      distribution: attacksRows(x),
      tailRemaining: x.toIncapacitate.remaining,
    },
  };
}

export type ExactAttackResult = ReturnType<typeof exactAttackResult>;

/** A mean beside its exact value; every field null when it is unknown (an attack that never lands). */
interface UnknownableMean {
  exact: number | null;
  estimate: number | null;
  se: number | null;
  lo: number | null;
  hi: number | null;
  exactInInterval: boolean | null;
}

export function mcAttackResult(p: AttackParams, x: AttackExact, totals: Totals, confidence: number) {
  const s = totals.get('success');
  const d = totals.get('damage');
  const inc = totals.get('incapacitated');
  const a = totals.get('attacksToIncapacitate');
  const exactDamage = damageRows(x);
  const exactAttacks = attacksRows(x);
  const summary = countSummary(a, confidence);
  const dSummary = countSummary(d, confidence);
  const exactMeanDamage = exactDamage.reduce((acc, r) => acc + r.damage * r.p, 0);
  const bins = a.bins.length;
  // An attack that can never land: every simulated game stopped at its cap, so the simulated
  // count is a placeholder, not an estimate — unknown (null), like the exact side, never compared.
  const possible = x.toIncapacitate.possible;
  const m = x.toIncapacitate.mean;
  const mean: UnknownableMean = possible
    ? { exact: m, estimate: summary.mean, se: summary.se, lo: summary.lo, hi: summary.hi, exactInInterval: m >= summary.lo && m <= summary.hi }
    : { exact: null, estimate: null, se: null, lo: null, hi: null, exactInInterval: null };
  return {
    method: 'mc' as const,
    target: targetBlock(p, x),
    success: estimateOf(x.success.landed / x.success.total, s.bins[1], s.n, confidence),
    damage: exactDamage.map((r) => ({ damage: r.damage, ...estimateOf(r.p, d.bins[r.damage], d.n, confidence) })),
    meanDamage: { exact: exactMeanDamage, estimate: dSummary.mean, se: dSummary.se, lo: dSummary.lo, hi: dSummary.hi, exactInInterval: exactMeanDamage >= dSummary.lo && exactMeanDamage <= dSummary.hi },
    incapacitated: estimateOf(x.incapacitatedCount / x.damage.total, inc.bins[1], inc.n, confidence),
    attacksToIncapacitate: {
      possible,
      mean,
      quantiles: possible ? { p10: summary.p10, p50: summary.p50, p90: summary.p90 } : { p10: null, p50: null, p90: null },
      // Rows while the histogram covers them (longer games are in `overflow`).
      distribution: exactAttacks.filter((r) => r.attacks < bins).map((r) => ({ attacks: r.attacks, ...estimateOf(r.p, a.bins[r.attacks], a.n, confidence) })),
      overflow: a.overflow,
      tailRemaining: x.toIncapacitate.remaining,
    },
  };
}

export type McAttackResult = ReturnType<typeof mcAttackResult>;

/** The table view of attacksToIncapacitate stops at 25 rows or P(<=k) >= 0.9999 (JSON has the whole tail). */
const SHOWN_ATTACK_ROWS = 25;
const SHOWN_CUMULATIVE = 0.9999;

function cumulativeOf(ps: number[]): { cumulative: number }[] {
  let c = 0;
  return ps.map((p) => ({ cumulative: (c += p) }));
}

function shownRows<T extends { attacks: number }>(rows: T[], exactDist: { cumulative: number }[]): T[] {
  let end = rows.length;
  const stop = exactDist.findIndex((r) => r.cumulative >= SHOWN_CUMULATIVE);
  if (stop >= 0) end = Math.min(end, stop + 1);
  return rows.slice(0, Math.min(end, SHOWN_ATTACK_ROWS));
}

export function exactAttackTables(r: ExactAttackResult): ResultTable[] {
  const mods = r.target.modifiers.map((m) => `${m.name} ${m.amount >= 0 ? '+' : ''}${m.amount}`).join(', ') || 'none';
  return [
    {
      title: 'Attack (exact, over the 36 outcomes of 2d6)',
      columns: [
        { key: 'metric', header: 'metric', format: 'text' },
        { key: 'value', header: 'value' },
        { key: 'fraction', header: 'exact', format: 'text' },
      ],
      rows: [
        { metric: `target number (${r.target.vs.toUpperCase()} ${r.target.value}; ${mods})`, value: r.target.targetNumber, fraction: '' },
        { metric: 'P(success)', value: r.success, fraction: r.successFraction },
        { metric: 'P(incapacitated by one attack)', value: r.incapacitated, fraction: r.incapacitatedFraction },
        { metric: 'mean damage per attack', value: r.meanDamage, fraction: '' },
        { metric: 'mean attacks to incapacitate', value: r.attacksToIncapacitate.mean, fraction: '' },
      ],
    },
    {
      title: `Damage per attack (${r.target.damageType}: ${r.target.damageDice}; 0 = miss)`,
      columns: [
        { key: 'damage', header: 'damage', format: 'int' },
        { key: 'p', header: 'P', format: 'prob' },
        { key: 'fraction', header: 'exact', format: 'text' },
      ],
      rows: r.damage,
    },
    {
      title: `Attacks to incapacitate (from shields ${r.target.pools.shields}, armor ${r.target.pools.armor}, health ${r.target.pools.health})`,
      columns: [
        { key: 'attacks', header: 'attacks', format: 'int' },
        { key: 'p', header: 'P(=k)', format: 'prob' },
        { key: 'cumulative', header: 'P(<=k)', format: 'prob' },
      ],
      rows: shownRows(r.attacksToIncapacitate.distribution, r.attacksToIncapacitate.distribution),
    },
  ];
}

export function mcAttackTables(r: McAttackResult): ResultTable[] {
  const est = (metric: string, e: { exact: number | null; estimate: number | null; lo: number | null; hi: number | null; exactInInterval: boolean | null }): Record<string, Cell> => ({ metric, exact: e.exact, estimate: e.estimate, lo: e.lo, hi: e.hi, exactInInterval: e.exactInInterval });
  const cols = [
    { key: 'exact', header: 'exact', format: 'prob' as const },
    { key: 'estimate', header: 'MC', format: 'prob' as const },
    { key: 'lo', header: 'lo', format: 'prob' as const },
    { key: 'hi', header: 'hi', format: 'prob' as const },
    { key: 'exactInInterval', header: 'exact in CI', format: 'text' as const },
  ];
  return [
    {
      title: `Attack (Monte Carlo beside exact; target number ${r.target.targetNumber})`,
      columns: [{ key: 'metric', header: 'metric', format: 'text' }, ...cols.map((c) => (c.key === 'exactInInterval' ? c : { ...c, format: undefined }))],
      rows: [
        est('P(success)', r.success),
        est('P(incapacitated by one attack)', r.incapacitated),
        est('mean damage per attack', r.meanDamage),
        est('mean attacks to incapacitate', r.attacksToIncapacitate.mean),
      ],
    },
    { title: 'Damage per attack (0 = miss)', columns: [{ key: 'damage', header: 'damage', format: 'int' }, ...cols], rows: r.damage.map((d) => ({ damage: d.damage, exact: d.exact, estimate: d.estimate, lo: d.lo, hi: d.hi, exactInInterval: d.exactInInterval })) },
    {
      title: 'Attacks to incapacitate',
      columns: [{ key: 'attacks', header: 'attacks', format: 'int' }, ...cols],
      rows: shownRows(r.attacksToIncapacitate.distribution, cumulativeOf(r.attacksToIncapacitate.distribution.map((d) => d.exact))).map((d) => ({ attacks: d.attacks, exact: d.exact, estimate: d.estimate, lo: d.lo, hi: d.hi, exactInInterval: d.exactInInterval })),
    },
  ];
}
