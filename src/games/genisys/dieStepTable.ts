// The die-step table: one exact attack per cell over a grid of axes (default rows Skill die ×
// range, columns Power die × Armor, one table per cover), each cell a chosen probability.
import { UsageError } from '../../core/usageError.js';
import type { Cell, ResultTable } from '../../core/reportTypes.js';
import { compileAttack } from './attackPlan.js';
import { DIE_NAMES } from './dieLadder.js';
import { CRAWLER, CRAWLER_REELING, DAMAGED, DESTROYED, exactAttack, REELING_DAMAGED, REELING_OUT, RETREATED, UNHARMED, type ExactAttack } from './exactAttack.js';
import { COVERS, RANGES, type GenisysParams } from './genisysParams.js';

export const TABLE_AXES = {
  skill: DIE_NAMES as readonly string[],
  range: RANGES as readonly string[],
  power: DIE_NAMES as readonly string[],
  armor: [3, 4, 5, 6, 7, 8, 9, 10] as readonly number[],
  cover: COVERS as readonly string[],
  resolution: DIE_NAMES as readonly string[],
  rof: [1, 2, 3, 4] as readonly number[],
} as const;
export type Axis = keyof typeof TABLE_AXES;
export const AXES = Object.keys(TABLE_AXES) as Axis[];

export const TABLE_METRICS = ['any-damage', 'hit', 'unsaved', 'damage', 'removed', 'destroyed', 'retreated', 'crawler', 'reeling', 'damaged', 'unharmed'] as const;
export type TableMetric = (typeof TABLE_METRICS)[number];

/** The chosen probability of one exact attack. */
/** A cell metric as a title reads it: "any damage" for any-damage. */
export function metricWords(metric: TableMetric): string {
  return metric.replace(/-/g, ' ');
}

export function metricOf(e: ExactAttack, metric: TableMetric): number {
  switch (metric) {
    case 'any-damage':
      return 1 - e.damage[0];
    case 'hit':
      return e.perShot.hit;
    case 'unsaved':
      return e.perShot.unsaved;
    case 'damage':
      return e.perShot.damage;
    case 'removed':
      return e.removed;
    case 'destroyed':
      return e.outcome[DESTROYED];
    case 'retreated':
      return e.outcome[RETREATED];
    case 'crawler':
      return e.outcome[CRAWLER] + e.outcome[CRAWLER_REELING];
    // Any state with a Reeling result (no new damage, damaged, or a crawler's), and any with new damage.
    case 'reeling':
      return e.outcome[REELING_OUT] + e.outcome[REELING_DAMAGED] + e.outcome[CRAWLER_REELING];
    case 'damaged':
      return e.outcome[DAMAGED] + e.outcome[REELING_DAMAGED];
    case 'unharmed':
      return e.outcome[UNHARMED];
  }
}

/** Parses "skill,range" into axes; throws UsageError naming `option`. */
export function parseAxes(text: string, option: string): Axis[] {
  const axes = text.split(',').map((s) => s.trim()).filter(Boolean) as Axis[];
  for (const a of axes) if (!AXES.includes(a)) throw new UsageError(`option ${option}: unknown axis "${a}"; valid: ${AXES.join(', ')}`);
  return axes;
}

export function combos(axes: Axis[]): (string | number)[][] {
  let out: (string | number)[][] = [[]];
  for (const a of axes) out = out.flatMap((prefix) => TABLE_AXES[a].map((v) => [...prefix, v]));
  return out;
}

export function withValues(base: GenisysParams, axes: Axis[], values: (string | number)[]): GenisysParams {
  const p: GenisysParams = { ...base };
  axes.forEach((a, i) => ((p as unknown as Record<string, unknown>)[a] = values[i]));
  return p;
}

/** How a table prints an axis value: dice in capitals (D8), armor as 4+, range and cover as given. */
export const axisValueLabel = (a: Axis, v: string | number): string => (a === 'armor' ? `${v}+` : typeof v === 'string' && a !== 'range' && a !== 'cover' ? v.toUpperCase() : String(v));

/** One exact cell, or null where the rules forbid the combination (e.g. an aimed shot with ROF 2). */
export function cellValue(p: GenisysParams, metric: TableMetric): number | null {
  try {
    return metricOf(exactAttack(compileAttack(p)), metric);
  } catch (err) {
    if (err instanceof UsageError) return null;
    throw err;
  }
}

/**
 * Builds the tables: one per combination of `split` axes; rows × columns of the others. Pure.
 * Every row leads with the split axes' values (`splitColumns`, default on), so the rows of a CSV,
 * which has no table titles, tell the split tables apart; the text view, whose titles name the
 * split, may leave them out (they would take the default table past 100 columns).
 */
export function dieStepTables(base: GenisysParams, rows: Axis[], cols: Axis[], split: Axis[], metric: TableMetric, { splitColumns = true }: { splitColumns?: boolean } = {}): ResultTable[] {
  const used = [...rows, ...cols, ...split];
  const dup = used.find((a, i) => used.indexOf(a) !== i);
  if (dup) throw new UsageError(`options --rows/--cols/--split: axis "${dup}" is used twice`);
  const colCombos = combos(cols);
  const colKey = (vals: (string | number)[]) => (vals.length ? vals.map((v, i) => axisValueLabel(cols[i], v)).join(' ') : metric);
  const tables: ResultTable[] = [];
  for (const sv of combos(split)) {
    const splitBase = withValues(base, split, sv);
    const rowsOut: Record<string, Cell>[] = [];
    for (const rv of combos(rows)) {
      const rowBase = withValues(splitBase, rows, rv);
      const row: Record<string, Cell> = {};
      if (splitColumns) split.forEach((a, i) => (row[a] = axisValueLabel(a, sv[i])));
      rows.forEach((a, i) => (row[a] = axisValueLabel(a, rv[i])));
      for (const cv of colCombos) row[colKey(cv)] = cellValue(withValues(rowBase, cols, cv), metric);
      rowsOut.push(row);
    }
    const title = `P(${metricWords(metric)})${split.length ? ` — ${split.map((a, i) => `${a} ${axisValueLabel(a, sv[i])}`).join(', ')}` : ''}`;
    tables.push({
      title,
      columns: [...(splitColumns ? split : []).map((a) => ({ key: a, header: a, format: 'text' as const })), ...rows.map((a) => ({ key: a, header: a, format: 'text' as const })), ...colCombos.map((cv) => ({ key: colKey(cv), header: colKey(cv), format: 'prob' as const }))],
      rows: rowsOut,
    });
  }
  return tables;
}

/** Flat cell list of the table (for JSON): every grid point with its value. */
export function dieStepCells(base: GenisysParams, axes: Axis[], metric: TableMetric): Record<string, Cell>[] {
  return combos(axes).map((vals) => {
    const cell: Record<string, Cell> = {};
    axes.forEach((a, i) => (cell[a] = vals[i]));
    cell.p = cellValue(withValues(base, axes, vals), metric);
    return cell;
  });
}
