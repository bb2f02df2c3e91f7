// `sim genisys table`: a die-step table of exact probabilities over the attack's parameters —
// rows Skill × range × Power, columns Armor, one table per cover by default (ROF 1 unless given).
import { COVER_RULES } from './idleWeaponRules.js';
import { answerSentence, EXACT, exactHeadline, exactPctText } from '../../core/answer.js';
import type { Cell, Headline } from '../../core/reportTypes.js';
import type { GameView } from '../../core/gameModule.js';
import type { ParamSpec } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import { UsageError } from '../../core/usageError.js';
import { compileAttack } from './attackPlan.js';
import { AXES, axisValueLabel, cellValue, combos, metricWords, dieStepCells, dieStepTables, parseAxes, TABLE_METRICS, withValues, type Axis, type TableMetric } from './dieStepTable.js';
import { genisysAssumptions, unitsTitle } from './genisysEntry.js';
import { planTitle } from './genisysReport.js';
import { AUTO, readParams, type GenisysParams } from './genisysParams.js';
import { applyUnits, picksOf } from './units.js';
import { groupedInteger } from '../../core/numberText.js';

const TABLE_PARAMS: readonly ParamSpec[] = [
  // Power in the rows keeps the default table within 100 columns (as columns it took 451).
  { key: 'rows', type: 'string', default: 'skill,range,power', doc: `row axes, comma-separated (${AXES.join(', ')})`, source: 'output option', cli: { value: '<axes>', help: `row axes, comma-separated (${AXES.join(', ')}; default skill,range,power)` } },
  { key: 'cols', type: 'string', default: 'armor', doc: 'column axes, comma-separated', source: 'output option', cli: { value: '<axes>', help: 'column axes, comma-separated (default armor)' } },
  { key: 'split', type: 'string', default: 'cover', doc: 'one table per value of these axes ("" for none)', source: 'output option', cli: { value: '<axes>', help: 'one table per value of these axes ("" for none; default cover)' } },
  { key: 'metric', type: 'enum', default: 'any-damage', choices: TABLE_METRICS, doc: 'cell value: P(at least one damage), a per-die probability, or P(final state): removed = destroyed or retreated; reeling and damaged count every state with a Reeling result / new damage', source: 'output option', cli: { value: '<metric>', help: `cell value: P(at least one damage), a per-die probability or P(final state): ${TABLE_METRICS.join(', ')} (default any-damage; removed = destroyed or retreated; reeling/damaged: any state with a Reeling result/new damage)` } },
];

/**
 * The table's answer: the attack as given (the options' own values, where the rules allow it) and
 * the lowest and highest cell over the table's axes. `cells` as dieStepCells writes them.
 */
function tableAnswer(base: GenisysParams, axes: readonly Axis[], metric: TableMetric, cells: readonly Record<string, Cell>[]): { text: string; headline?: Headline } {
  const where = (c: Record<string, Cell>) => axes.map((a) => `${a} ${axisValueLabel(a, c[a] as string | number)}`).join(', ');
  let lo: Record<string, Cell> | null = null;
  let hi: Record<string, Cell> | null = null;
  for (const c of cells) {
    if (c.p === null) continue;
    if (lo === null || (c.p as number) < (lo.p as number)) lo = c;
    if (hi === null || (c.p as number) > (hi.p as number)) hi = c;
  }
  const given = cellValue(base, metric);
  // Aimed or Stealth moves the die rolled a step from the card's: the skill rows are the card's die (the answer named D10 for row D8).
  const card = (base.aimed || base.stealth) && axes.includes('skill') ? `; Skill ${base.skill.toUpperCase()} on the card, its row in the table` : '';
  const head = given === null ? '' : `The attack as given (${planTitle(compileAttack(base))}${card}) has P(${metricWords(metric)}) ${exactPctText(given)}; `;
  const range = `over ${groupedInteger(cells.length)} combinations of ${axes.join(', ')} it runs from ${exactPctText(lo!.p as number)} (${where(lo!)}) to ${exactPctText(hi!.p as number)} (${where(hi!)})`;
  const text = answerSentence(`${head}${head ? range : range.charAt(0).toUpperCase() + range.slice(1)}`, [EXACT]);
  return given === null ? { text } : { text, headline: exactHeadline(`P(${metricWords(metric)})`, given, 'rate') };
}

/**
 * The weapon rules and target properties given to a table that leave every cell as it is (--brace
 * with no Extreme range in the table, --open where no cell has a save to lose, …): said, never
 * silently ignored. Found as genisys attack finds them: the table without the rule has the same cells.
 */
function idleTableRules(base: ReturnType<typeof readParams>, axes: Axis[], metric: TableMetric, cells: ReturnType<typeof dieStepCells>, given: ReadonlySet<string>): string[] {
  const flags: [keyof typeof base, string][] = [['brace', '--brace'], ['stoppingPower', '--stopping-power'], ['semiAutomatic', '--semi-automatic'], ['multipleCover', '--multiple-cover'], ['open', '--open'], ['mindless', '--mindless'], ['flame', '--flame'], ['area', '--area'], ['ignoresCover', '--ignores-cover'], ['stealth', '--stealth'], ['vehicle', '--vehicle']];
  const same = JSON.stringify(cells);
  const cellsWith = (over: Record<string, boolean>): string | null => {
    try {
      return JSON.stringify(dieStepCells({ ...base, ...over }, axes, metric));
    } catch {
      return null; // No cell is an attack then.
    }
  };
  // The rules given that take a cover save away (or upgrade one): each is judged alone too, so two
  // that each take it away are not both said to have no effect.
  const cover = new Set<string>(COVER_RULES);
  const givenRules = flags.filter(([key]) => given.has(key as string) && base[key] === true);
  const out: string[] = [];
  for (const [key, flag] of givenRules) {
    if (cellsWith({ [key]: false }) !== same) continue; // It acts (or without it no cell is an attack).
    const others = cover.has(key as string) ? givenRules.filter(([k]) => k !== key && cover.has(k as string)) : [];
    const othersOff = Object.fromEntries(others.map(([k]) => [k, false]));
    const aloneActs = others.length > 0 && cellsWith(othersOff) !== cellsWith({ ...othersOff, [key]: false });
    out.push(aloneActs ? `${flag} adds nothing to this table beside ${others.map(([, f]) => f).join(' and ')} (alone it would change cells; with ${others.length > 1 ? 'those' : 'that'} given, every cell is the same without it).` : `${flag} has no effect on any cell of this table: every attack in it is the same without it.`);
  }
  return out;
}

export const tableView: GameView = {
  name: 'table',
  summary: 'die-step table of exact probabilities: rows Skill × range × Power, columns Armor, one table per cover (by default; ROF 1 unless --rof/--weapon)',
  params: TABLE_PARAMS,
  baseMode: 'attack',
  // Exact only: a die-step table is hundreds of attacks, each exact in microseconds.
  omit: ['method'],
  help: { rof: "Skill dice per attack: auto|1..20 (default auto: the --weapon's, else 1)" },
  run(resolved, { given, confidence, format }) {
    if (resolved.method !== 'exact') throw new UsageError('parameter method: genisys table is exact only (use `sim genisys attack --method mc` for a Monte Carlo check of one attack)');
    const params = { ...resolved };
    // A die-step table is per Skill die unless the user asks for more: ROF 1 unless given or a weapon is picked.
    if (String(params.rof).trim().toLowerCase() === AUTO && picksOf(params).weapon === undefined) params.rof = 1;
    const units = applyUnits(params);
    const axesOf = { rows: parseAxes(String(params.rows), '--rows'), cols: parseAxes(String(params.cols), '--cols'), split: parseAxes(String(params.split), '--split') };
    // An axis option left at its default gives up the axes the user placed elsewhere (e.g. `--cols
    // power,armor` takes Power out of the default rows) and the axes the user fixed (`--skill d10`,
    // or `--attacker`, which fixes the Skill die); axes given twice by the user stay an error.
    const keys = Object.keys(axesOf) as (keyof typeof axesOf)[];
    const fixedBy = (a: Axis): string | undefined => (given.has(a) ? `--${a}` : a === 'skill' && given.has('attacker') ? '--attacker' : undefined);
    const placed = keys.filter((k) => given.has(k)).flatMap((k) => axesOf[k]);
    const axes = (k: keyof typeof axesOf) => (given.has(k) ? axesOf[k] : axesOf[k].filter((a) => !placed.includes(a) && fixedBy(a) === undefined));
    const [rows, cols, split] = [axes('rows'), axes('cols'), axes('split')];
    // A value fixed by the user on an axis the user placed: one of the two would be ignored.
    for (const k of keys.filter((x) => given.has(x))) {
      const clash = axesOf[k].find((a) => fixedBy(a) !== undefined);
      if (clash) throw new UsageError(`option ${fixedBy(clash)}: fixes ${clash}, which --${k} makes an axis of the table; drop one of the two`);
    }
    const metric = params.metric as TableMetric;
    const base = readParams(units.params);
    // CSV has no table titles: its rows carry the split axes (the text view's titles name them).
    const tables = dieStepTables(base, rows, cols, split, metric, { splitColumns: format === 'csv' });
    // A table with no cell the rules allow answers nothing: say why (the first cell's reason), as `genisys attack` would.
    const cells = dieStepCells(base, [...split, ...rows, ...cols], metric);
    if (cells.length > 0 && cells.every((c) => c.p === null)) {
      const [first] = combos([...split, ...rows, ...cols]);
      compileAttack(withValues(base, [...split, ...rows, ...cols], first));
      throw new UsageError('genisys table: no combination of the axes is an attack the rules allow');
    }
    const { rows: _r, cols: _c, split: _s, metric: _m, ...attack } = resolved;
    return {
      report: {
        ...provenance('genisys table', { ...attack, rows, cols, split, metric }, units.data),
        title: `Terminator Genisys die-step table: ${unitsTitle(units.names)}P(${metricWords(metric)}) by ${[...rows, ...cols, ...split].join(' × ')}`,
        method: 'exact',
        seed: null,
        n: null,
        confidence,
        result: { metric, axes: [...split, ...rows, ...cols], cells },
        assumptions: genisysAssumptions(base.extremeCoverMaxSize, base.mindlessExtremeCover),
        tables,
        notes: [
          'Cells are exact; "–" marks combinations the rules forbid (e.g. an aimed shot with ROF above 1).',
          ...((base.aimed || base.stealth) && [...split, ...rows, ...cols].includes('skill') ? [`The skill ${rows.includes('skill') ? 'rows' : cols.includes('skill') ? 'columns' : 'tables'} are the Skill die on the card: ${[base.aimed ? 'an aimed shot rolls it one step up (rulebook: Advanced Rules – Aimed Shots)' : '', base.stealth ? "a Stealth target takes it one step down outside Close Combat (rulebook: Models' Special Rules – Stealth)" : ''].filter(Boolean).join(', and ')}.`] : []),
          ...idleTableRules(base, [...split, ...rows, ...cols], metric, cells, given),
        ],
        // The answer first: the attack as given, and the range of the table.
        ...tableAnswer(base, [...split, ...rows, ...cols], metric, cells),
      },
    };
  },
};
