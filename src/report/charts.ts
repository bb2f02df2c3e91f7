// The plots of a report, as Vega-Lite specifications (pure data; src/report/svg.ts draws them).
// Every estimate is drawn with its interval. What is drawn depends on the report's kind:
// - compare: a forest plot of B − A per metric (rates in percentage points, means on their own scales);
// - sweep: each metric with an interval against the swept parameter, a band per line, one line per
//   other axis (and per row label of the game's table, e.g. the Rev-9 version);
// - a game: from its tables, every column with an interval (value, lo, hi) against the table's row
//   labels, with the exact value beside a Monte Carlo estimate where the table has one; distributions
//   (an integer first column: k, attacks, damage) as bars; die-step tables as heatmaps; plus, from
//   the result, Dark Fate's causes of loss and game length, and any `distribution` of a count;
//   matchups (attackers × targets) as heatmaps with the number in each cell;
// - sensitivity: a tornado chart of change − baseline per assumption.
import type { Cell, Column, Report, ResultTable } from '../core/reportTypes.js';
import { wilson } from '../core/stats.js';
import { reportKind } from './reportKind.js';
import { ladderCharts } from './ladderCharts.js';
import { humanize } from './names.js';
import { camelWords } from '../core/keyWords.js';
import { tuneCharts } from './tuneCharts.js';

/** A Vega-Lite specification (JSON). Kept loose: the specs are data, checked by drawing them. */
export type VlSpec = Record<string, unknown>;

export interface Chart {
  title: string;
  /** One line under the chart: what the marks and the bars mean. */
  caption: string;
  spec: VlSpec;
}

type Row = Record<string, Cell>;

const WIDTH = 560;
/** More bars or points than this in one chart and it stops being readable: the table shows them. */
const MAX_MARKS = 400;

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A chart title longer than this many characters is broken into lines: a longer line widens the SVG past its plot (about 10 px a character as drawn in-process: 64 characters keep a 560-px chart within some 680 px). */
const TITLE_LINE = 64;
/**
 * The most room, in pixels, a category label may take before it is cut with "…": enough for a
 * designer's longest outcome or card name (about 75 characters at the axis font); Vega-Lite gives a
 * label only the room it needs, so short labels cost nothing.
 */
export const LABEL_LIMIT = 480;

/** A title in lines of at most `width` characters, broken at spaces (a word longer than a line keeps its own line). */
export function titleLines(title: string, width = TITLE_LINE): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function base(title: string, data: Row[] | Record<string, unknown>[]): VlSpec {
  const lines = titleLines(title);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: lines.length > 1 ? lines : title, anchor: 'start', fontSize: 13 },
    data: { values: data },
    background: 'white',
    config: { view: { stroke: '#ddd' }, axis: { labelLimit: LABEL_LIMIT, titleFontWeight: 'normal' }, legend: { labelLimit: 260 }, header: { labelLimit: LABEL_LIMIT } },
  };
}

/**
 * How one quantitative column is shown: a rate as a percentage on the whole 0–100% axis (a rate's
 * bar is read against the whole, and no tick can pass 100%); a share of a distribution as a
 * percentage from 0; a difference of rates in percentage points from 0 (the data already ×100, the
 * axis titled "pp": a "%" tick would read as a rate); anything else on its own scale.
 */
type Unit = 'rate' | 'percent' | 'pp' | 'number';
function quant(field: string, title: string, unit: Unit | boolean, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const u: Unit = unit === true ? 'percent' : unit === false ? 'number' : unit;
  const scale = u === 'rate' ? { domain: [0, 1] } : { zero: u === 'percent' || u === 'pp' };
  const percent = u === 'rate' || u === 'percent';
  return { field, type: 'quantitative', title: u === 'pp' ? `${title} (pp)` : title, ...(percent ? { axis: { format: '.0%' } } : {}), scale, ...extra };
}

// ---------------------------------------------------------------------------------------------
// Tables: intervals and distributions.

export interface IntervalColumns {
  value: Column;
  lo: Column;
  hi: Column;
  /** The exact value beside a Monte Carlo estimate, when the table has one. */
  exact?: Column;
}

/**
 * The value columns of a table that carry an interval: a column V with `${V}Lo`/`${V}Hi`, or
 * columns `lo`/`hi` right after it (the games' convention); the exact column beside an estimate is
 * `exact` for `estimate`, else `${V}Exact`.
 */
export function intervalColumns(t: ResultTable): IntervalColumns[] {
  const out: IntervalColumns[] = [];
  const byKey = new Map(t.columns.map((c) => [c.key, c]));
  t.columns.forEach((c, i) => {
    if (c.format === 'text' || c.key === 'lo' || c.key === 'hi' || /(Lo|Hi)$/.test(c.key)) return;
    let lo = byKey.get(`${c.key}Lo`);
    let hi = byKey.get(`${c.key}Hi`);
    if (!lo && t.columns[i + 1]?.key === 'lo' && t.columns[i + 2]?.key === 'hi') [lo, hi] = [t.columns[i + 1], t.columns[i + 2]];
    if (!lo || !hi) return;
    const exact = byKey.get(c.key === 'estimate' ? 'exact' : `${c.key}Exact`);
    out.push({ value: c, lo, hi, ...(exact ? { exact } : {}) });
  });
  return out;
}

/** Every camelCase word of a text in words ("Keep calm · horrorAtMost 2" → "Keep calm · horror at most 2"). */
const wordsOf = (text: string) => text.replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, humanize);

/** A value's name for a chart: the report's own name for an id it has one for, else the text with its keys in words. */
export type NameOf = (value: string) => string;
const plainNames: NameOf = wordsOf;

/**
 * The names a report's result gives its ids: every object with a string `name` beside an `id`,
 * `rev9` or `key` (Dark Fate's versions: damaged-endo → "Damaged Endo").
 */
export function namesOf(result: unknown): NameOf {
  const names = new Map<string, string>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string') for (const k of ['id', 'rev9', 'key']) if (typeof o[k] === 'string' && !names.has(o[k] as string)) names.set(o[k] as string, o.name);
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  walk(result, 0);
  return (value) => names.get(value) ?? wordsOf(value);
}

/** A row's name from its label columns: text by its name, a number with its column's header (seat 1). */
const rowLabel = (row: Row, labels: Column[], nameOf: NameOf = plainNames) =>
  labels.map((c) => (typeof row[c.key] === 'number' ? `${c.header} ${row[c.key]}` : nameOf(String(row[c.key] ?? '–')))).join(' · ');

/**
 * The columns that name a row: the leading text columns, a column that is the same on every row
 * left out (the policies table's side), an integer column before them (a rank) too; while those name
 * two rows alike, the next leading text or integer columns (a version's seats). Without a text
 * column, an integer first column (k, attacks) is an ordinal axis. Two rows of one name would be
 * drawn as one stacked bar.
 */
export function labelColumns(t: ResultTable): { labels: Column[]; ordinal: Column | null } {
  const lead: Column[] = [];
  for (const c of t.columns) {
    if (c.format !== 'text' && c.format !== 'int') break;
    lead.push(c);
  }
  const texts = lead.filter((c) => c.format === 'text');
  if (!texts.length) {
    const first = t.columns[0];
    return first && first.format === 'int' ? { labels: [], ordinal: first } : { labels: [], ordinal: null };
  }
  const varies = (c: Column) => t.rows.length < 2 || new Set(t.rows.map((r) => r[c.key])).size > 1;
  const chosen = new Set(texts.filter(varies));
  if (!chosen.size) chosen.add(texts[0]);
  const inOrder = () => lead.filter((c) => chosen.has(c));
  const unique = () => new Set(t.rows.map((r) => rowLabel(r, inOrder()))).size === t.rows.length;
  for (const c of lead) {
    if (unique()) break;
    chosen.add(c);
  }
  return { labels: inOrder(), ordinal: null };
}

/**
 * Rows that are a part of another row, drawn lighter and named "↳ of which …" under it: a row whose
 * name starts with spaces or "of which" (terror: "  of which at 0 health") is a part of the row
 * above; with two or more label columns, rows whose last label is "any" or "all" are totals and the
 * rows that share the rest of their name are their parts (the CCG's winner · route), moved under them.
 * Returns the rows in drawing order with `_part` (true for a part) and their chart names.
 */
function markParts(rows: Row[], labels: Column[], nameOf: NameOf): (Row & { _label: string; _part: boolean })[] {
  const total = (r: Row) => labels.length >= 2 && /^(any|all)$/i.test(String(r[labels[labels.length - 1].key] ?? ''));
  const totals = rows.filter(total);
  const head = (r: Row) => rowLabel(r, labels.slice(0, -1), nameOf);
  const heads = new Set(totals.map(head));
  const named = rows.map((r) => {
    const raw = String(labels.length ? (r[labels[labels.length - 1].key] ?? '') : '');
    const ofWhich = labels.length > 0 && (/^\s+\S/.test(raw) || /^of which\b/i.test(raw.trim()));
    if (ofWhich) return { ...r, _label: `↳ ${rowLabel(r, labels, nameOf).replace(/^\s+/, '').replace(/^of which\s*/i, 'of which ')}`.replace(/· \s+/, '· '), _part: true };
    if (totals.length && !total(r) && heads.has(head(r))) return { ...r, _label: `↳ ${head(r)} · of which ${nameOf(raw)}`, _part: true };
    if (total(r)) return { ...r, _label: `${head(r)} · ${nameOf(String(r[labels[labels.length - 1].key]))}`, _part: false };
    return { ...r, _label: rowLabel(r, labels, nameOf), _part: false };
  });
  if (!totals.length) return named;
  // Each total, then its parts in their order; rows of no total stay where they were, after.
  const out: typeof named = [];
  for (const t of named.filter((r) => total(r))) out.push(t, ...named.filter((r) => r._part && head(r) === head(t)));
  return [...out, ...named.filter((r) => !out.includes(r))];
}

const isProbColumn = (c: Column) => c.format === 'prob';
/** A rate or a difference of rates: drawn on a percent axis. */
const isPercentColumn = (c: Column) => c.format === 'prob' || c.format === 'pp';

/** A row's label longer than this many characters, or more rows than this, and the bars lie down (names on the left, unrotated). */
const LONG_LABEL = 18;
const MANY_ROWS = 6;

/**
 * A bar per row with its interval (and the exact value as a tick) for one interval group: upright
 * bars for a few short names or an integer column (k, attacks), horizontal bars with the names
 * beside them for a long list or long names. Rates on a 0–100% axis.
 */
function intervalChart(t: ResultTable, g: IntervalColumns, labels: Column[], ordinal: Column | null, nameOf: NameOf): Chart | null {
  const rows = t.rows.filter((r) => isNum(r[g.value.key]) && isNum(r[g.lo.key]) && isNum(r[g.hi.key]));
  if (rows.length < 1 || rows.length > MAX_MARKS) return null;
  const prob = isPercentColumn(g.value);
  const pp = g.value.format === 'pp';
  const unit: Unit = isProbColumn(g.value) ? 'rate' : pp ? 'pp' : prob ? 'percent' : 'number';
  // Rows named by text may measure different things (a probability beside a mean): drawn on one
  // axis only when they are probabilities, or of one order of magnitude.
  if (!prob && !ordinal) {
    const values = rows.map((r) => Math.abs(r[g.value.key] as number)).filter((v) => v > 0);
    if (values.length && Math.max(...values) > 10 * Math.min(...values)) return null;
  }
  // A difference of rates in percentage points: the data ×100, the axis a number titled "pp".
  const scaled = pp ? rows.map((r) => ({ ...r, ...Object.fromEntries([g.value, g.lo, g.hi, ...(g.exact ? [g.exact] : [])].map((c) => [c.key, isNum(r[c.key]) ? (r[c.key] as number) * 100 : r[c.key]])) })) : rows;
  const data = markParts(scaled, labels, nameOf);
  const parts = data.some((d) => d._part);
  const header = g.value.header === 'MC' || g.value.key === 'estimate' ? 'estimate' : humanize(g.value.header);
  const lying = !ordinal && (rows.length > MANY_ROWS || data.some((d) => d._label.length > LONG_LABEL));
  const cat = ordinal
    ? { field: ordinal.key, type: 'ordinal', title: ordinal.header, axis: { labelAngle: 0 } }
    : { field: '_label', type: 'nominal', title: null, sort: null, axis: lying ? { labelLimit: LABEL_LIMIT } : { labelAngle: 0 } };
  // The category on x (upright bars) or on y (lying bars), the value on the other.
  const enc = (value: Record<string, unknown>, value2?: Record<string, unknown>) =>
    lying ? { y: cat, x: value, ...(value2 ? { x2: value2 } : {}) } : { x: cat, y: value, ...(value2 ? { y2: value2 } : {}) };
  const layers: VlSpec[] = [
    // A part of another row (of which …): a lighter bar, so it does not read as one more outcome.
    { mark: { type: 'bar', opacity: 0.85 }, encoding: { ...enc(quant(g.value.key, header, unit)), color: parts ? { condition: { test: 'datum._part', value: '#c6d9ee' }, value: '#7aa6d8' } : { value: '#7aa6d8' } } },
    { mark: { type: 'rule', color: '#1f3b73', strokeWidth: 1.5 }, encoding: enc(quant(g.lo.key, header, unit), { field: g.hi.key }) },
  ];
  if (g.exact) layers.push({ mark: { type: 'tick', color: '#d62728', thickness: 2, size: lying ? 14 : 18 }, encoding: enc(quant(g.exact.key, header, unit)) });
  const what = `${header}${labels.length ? ` by ${labels.map((c) => c.header).join(' · ')}` : ordinal ? ` by ${ordinal.header}` : ''}`;
  const size = lying
    ? { width: WIDTH - 160, height: { step: 18 } }
    : { width: Math.min(WIDTH, Math.max(260, rows.length * (ordinal ? 30 : 90))), height: 220 };
  return {
    title: `${t.title}: ${what}`,
    caption: `Bars: ${header}${pp ? ' (percentage points)' : ''}; black lines: its interval (${g.lo.header}–${g.hi.header})${g.exact ? '; red tick: the exact value' : ''}${parts ? '; lighter bars marked ↳: a part (of which) of the bar above, not one more outcome' : ''}.`,
    // The chart says which of the table's columns it draws (a table may hold more than one quantity).
    spec: { ...base(`${t.title}: ${header}`, data), ...size, layer: layers },
  };
}

/** Bars of the probability columns of a distribution table (integer first column) that no interval chart draws (`drawn`). */
function distributionChart(t: ResultTable, ordinal: Column, drawn: ReadonlySet<string> = new Set()): Chart | null {
  const probs = t.columns.filter((c) => c !== ordinal && !drawn.has(c.key) && isProbColumn(c) && !/cumulative|atleast|P\(<=|P\(>=/i.test(`${c.key} ${c.header}`));
  if (!probs.length || t.rows.length < 2 || t.rows.length * probs.length > MAX_MARKS) return null;
  const data = t.rows.flatMap((r) => probs.filter((c) => isNum(r[c.key])).map((c) => ({ k: r[ordinal.key], series: c.header, p: r[c.key] })));
  const x = { field: 'k', type: 'ordinal', title: ordinal.header, axis: { labelAngle: 0 } };
  const spec: VlSpec = {
    ...base(t.title, data),
    width: Math.min(WIDTH, Math.max(200, t.rows.length * 28 * Math.max(1, probs.length / 2))),
    height: 200,
    mark: { type: 'bar' },
    encoding: {
      x,
      y: quant('p', 'share', true),
      ...(probs.length > 1 ? { color: { field: 'series', type: 'nominal', title: null }, xOffset: { field: 'series' } } : { color: { value: '#4c78a8' } }),
    },
  };
  return { title: drawn.size ? `${t.title}: ${probs.map((c) => c.header).join(', ')}` : t.title, caption: `Bars: ${probs.map((c) => c.header).join(', ')} for each ${ordinal.header} (exact or estimated shares, without intervals: the table gives any it has).`, spec };
}

/** The charts of a game report's tables; `nameOf` names the ids in their cells. */
export function tableCharts(tables: readonly ResultTable[], nameOf: NameOf = plainNames): Chart[] {
  const out: Chart[] = [];
  for (const t of tables) {
    if (!t.rows.length) continue;
    const { labels, ordinal } = labelColumns(t);
    const groups = intervalColumns(t);
    for (const g of groups) {
      const c = intervalChart(t, g, labels, ordinal, nameOf);
      if (c) out.push(c);
    }
    // The shares of a distribution table that carry no interval (Terror's health entering the Destiny
    // phase: its share of games beside P(win | health)) get their bars too.
    if (ordinal) {
      const drawn = new Set(groups.flatMap((g) => [g.value, g.lo, g.hi, ...(g.exact ? [g.exact] : [])].map((c) => c.key)));
      const c = distributionChart(t, ordinal, drawn);
      if (c) out.push(c);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Results: what the tables do not carry.

interface Estimate {
  estimate: number;
  lo: number;
  hi: number;
}
interface CountSummaryLike {
  mean: number;
  lo: number;
  hi: number;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  distribution?: number[];
}
const isEstimate = (v: unknown): v is Estimate => isObject(v) && isNum(v.estimate) && isNum(v.lo) && isNum(v.hi);
const isCountSummary = (v: unknown): v is CountSummaryLike => isObject(v) && isNum(v.mean) && 'p50' in v && isNum(v.lo) && isNum(v.hi);

/** Dark Fate: causes of loss per Rev-9 version, and game length (quantiles, or histograms when the result has them). */
function darkfateCharts(result: Record<string, unknown>, labelOf: (key: string) => string, confidence: number): Chart[] {
  const versions = Array.isArray(result.versions) ? (result.versions as Record<string, unknown>[]) : [];
  if (!versions.length) return [];
  const out: Chart[] = [];
  const causes = ['win', 'lossThreeWounds', 'lossEmptyWoundDeck', 'turnCap'];
  const causeRows = versions.flatMap((v) =>
    causes.filter((c) => isEstimate(v[c])).map((c) => {
      const e = v[c] as Estimate;
      return { version: String(v.name ?? v.rev9), outcome: c === 'turnCap' ? 'turn cap (no result)' : c === 'win' ? 'win' : `lost: ${labelOf(c)}`, p: e.estimate, lo: e.lo, hi: e.hi };
    }),
  );
  if (causeRows.length) {
    const x = { field: 'version', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0 } };
    const enc = { x, xOffset: { field: 'outcome', sort: null }, color: { field: 'outcome', type: 'nominal', title: 'how the game ended', sort: null } };
    out.push({
      title: 'How the game ends, by Rev-9 version',
      caption: 'Bars: share of games ending in a win or in each cause of loss; black lines: each interval.',
      spec: {
        ...base('How the game ends, by Rev-9 version', causeRows),
        width: Math.min(WIDTH, 120 * versions.length),
        height: 220,
        layer: [
          { mark: 'bar', encoding: { ...enc, y: quant('p', 'share of games', 'rate') } },
          { mark: { type: 'rule', color: 'black' }, encoding: { ...enc, color: { value: 'black' }, y: quant('lo', 'share of games', 'rate'), y2: { field: 'hi' } } },
        ],
      },
    });
  }
  const length = versions.flatMap((v) =>
    (['turns', 'turnsWhenWon', 'turnsWhenLost'] as const)
      .filter((k) => isCountSummary(v[k]))
      .map((k) => {
        const s = v[k] as CountSummaryLike;
        // A game lasts at least one turn: an interval of a few games' mean is not drawn below 0.
        return { version: String(v.name ?? v.rev9), games: k === 'turns' ? 'all games' : k === 'turnsWhenWon' ? 'won games' : 'lost games', mean: s.mean, lo: Math.max(0, s.lo), hi: s.hi, p10: s.p10, p50: s.p50, p90: s.p90 };
      }),
  );
  if (length.length) {
    const y = { field: 'version', type: 'nominal', title: null, sort: null };
    const enc = { y, yOffset: { field: 'games', sort: null }, color: { field: 'games', type: 'nominal', title: null, sort: null } };
    out.push({
      title: 'Game length (player turns), by Rev-9 version',
      caption: 'Thin line: the 10th to the 90th percentile of game length; tick: the median; dot: the mean, with its interval as the thick line (cut at 0).',
      spec: {
        ...base('Game length (player turns), by Rev-9 version', length),
        width: WIDTH - 100,
        height: { step: 16 },
        layer: [
          { mark: { type: 'rule', opacity: 0.6 }, encoding: { ...enc, x: { field: 'p10', type: 'quantitative', title: 'player turns' }, x2: { field: 'p90' } } },
          { mark: { type: 'tick', thickness: 2 }, encoding: { ...enc, x: { field: 'p50', type: 'quantitative' } } },
          { mark: { type: 'rule', strokeWidth: 4 }, encoding: { ...enc, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
          { mark: { type: 'point', filled: true, size: 40 }, encoding: { ...enc, x: { field: 'mean', type: 'quantitative' } } },
        ],
      },
    });
  }
  const histogram = gameLengthHistogram(versions, confidence);
  if (histogram) out.push(histogram);
  const cards = cardsChart(versions);
  if (cards) out.push(cards);
  return out;
}

interface CardLike {
  card: string;
  gainedIn: Estimate | null;
  winIfGained: (Estimate & { n: number }) | null;
}
/** Cards per version in the cards chart: the ones gained in most games (the best measured); the rest are in the table. */
const TOP_CARDS = 12;

/**
 * Dark Fate: the win rate of the games in which each card was gained, for the cards gained in most
 * games, one panel per Rev-9 version, beside the version's win rate over all games. A rate
 * conditional on the game lasting long enough to gain the card, and said so.
 */
function cardsChart(versions: Record<string, unknown>[]): Chart | null {
  let others = 0;
  const rows = versions.flatMap((v) => {
    const cards = (isObject(v.designer) && Array.isArray(v.designer.cards) ? v.designer.cards : []) as CardLike[];
    const measured = cards.filter((c) => c.winIfGained && c.winIfGained.n > 0 && isEstimate(c.winIfGained) && c.gainedIn && isNum(c.gainedIn.estimate));
    const top = [...measured].sort((a, b) => b.gainedIn!.estimate - a.gainedIn!.estimate).slice(0, TOP_CARDS);
    others = Math.max(others, measured.length - top.length);
    const all = isEstimate(v.win) ? v.win.estimate : null;
    return top.map((c) => ({ version: String(v.name ?? v.rev9), card: c.card, p: c.winIfGained!.estimate, lo: c.winIfGained!.lo, hi: c.winIfGained!.hi, gainedIn: c.gainedIn!.estimate, all }));
  });
  if (!rows.length) return null;
  const title = 'Cards gained in the most games: win rate of those games (conditional on the game lasting long enough to gain the card)';
  const y = { field: 'card', type: 'nominal', title: null, sort: null, axis: { labelLimit: LABEL_LIMIT } };
  const x = (field: string) => quant(field, 'win rate of the games in which the card was gained', 'rate');
  return {
    title,
    caption: `Bars: win rate of the games in which a copy was gained or bought, for the ${TOP_CARDS} cards gained in the most games of each version${others ? ` (the others, up to ${others} per version, are in the table)` : ''}; black lines: each interval; dashed line: the version's win rate over all games. Conditional on the game lasting long enough to gain the card: a card gained late is gained only in games that last, and those are more often won, so a high bar is not evidence that the card wins games.`,
    spec: {
      ...base(title, rows),
      facet: { row: { field: 'version', type: 'nominal', title: null, sort: versions.map((v) => String(v.name ?? v.rev9)), header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } } },
      spec: {
        width: WIDTH - 200,
        height: { step: 16 },
        layer: [
          { mark: { type: 'bar', color: '#7aa6d8', opacity: 0.85 }, encoding: { y, x: x('p') } },
          { mark: { type: 'rule', color: '#1f3b73', strokeWidth: 1.5 }, encoding: { y, x: x('lo'), x2: { field: 'hi' } } },
          { mark: { type: 'rule', color: '#555', strokeDash: [4, 3] }, encoding: { x: { aggregate: 'max', field: 'all', type: 'quantitative' } } },
        ],
      },
      resolve: { scale: { y: 'independent' } },
    },
  };
}

interface LengthBin {
  from: number;
  to: number;
  wonShare: Estimate & { k?: number; n?: number };
  lostShare: Estimate & { k?: number; n?: number };
}
const isLengthBin = (b: unknown): b is LengthBin => isObject(b) && isNum(b.from) && isNum(b.to) && isEstimate(b.wonShare) && isEstimate(b.lostShare);
const hasCounts = (e: { k?: number; n?: number }) => isNum(e.k) && isNum(e.n) && e.n > 0;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Dark Fate: the game-length histogram split by won and lost games, one panel per Rev-9 version,
 * every version on the same bins: each version's bins (of its own width, 1, 2, 5, 10 … turns) are
 * merged into bins of the least common multiple of the widths, their counts summed and their
 * intervals (Wilson, at the report's confidence) computed again.
 */
function gameLengthHistogram(versions: Record<string, unknown>[], confidence: number): Chart | null {
  const perVersion = versions.map((v) => {
    const d = isObject(v.designer) && isObject(v.designer.length) ? v.designer.length : null;
    return { version: String(v.name ?? v.rev9), bins: d && Array.isArray(d.bins) ? d.bins.filter(isLengthBin) : [] };
  });
  const all = perVersion.flatMap((p) => p.bins);
  if (!all.length) return null;
  const widths = [...new Set(all.map((b) => b.to - b.from + 1).filter((w) => w > 0))];
  const common = widths.reduce((a, b) => (a * b) / gcd(a, b), 1);
  // Older reports carry shares without counts: their bins are drawn as they are.
  const rebin = all.every((b) => hasCounts(b.wonShare) && hasCounts(b.lostShare)) && common <= 1000;
  const rows = perVersion.flatMap(({ version, bins }) => {
    const merged = new Map<number, { from: number; to: number; won: number; lost: number; n: number }>();
    for (const b of bins) {
      const from = rebin ? Math.floor(b.from / common) * common : b.from;
      const m = merged.get(from) ?? { from, to: rebin ? from + common - 1 : b.to, won: 0, lost: 0, n: b.wonShare.n ?? 0 };
      m.won += b.wonShare.k ?? 0;
      m.lost += b.lostShare.k ?? 0;
      merged.set(from, m);
    }
    return bins.length && !rebin
      ? bins.flatMap((b) => (['won', 'lost'] as const).map((games) => ({ version, turns: `${b.from}–${b.to}`, from: b.from, games, ...pick(games === 'won' ? b.wonShare : b.lostShare) })))
      : [...merged.values()].flatMap((m) =>
          (['won', 'lost'] as const).map((games) => {
            const k = games === 'won' ? m.won : m.lost;
            const w = wilson(k, m.n, confidence);
            return { version, turns: `${m.from}–${m.to}`, from: m.from, games, p: k / m.n, lo: w.lo, hi: w.hi };
          }),
        );
  });
  if (!rows.length || rows.length > MAX_MARKS * 2) return null;
  // Every bin on every panel, in order, so that the panels line up.
  const bins = [...new Map(rows.map((r) => [r.from, r.turns])).entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t);
  const x = { field: 'turns', type: 'nominal', title: 'player turns', sort: rebin ? bins : { field: 'from', op: 'min' }, ...(rebin ? { scale: { domain: bins } } : {}), axis: { labelAngle: -40 } };
  const enc = { x, xOffset: { field: 'games', sort: ['won', 'lost'] }, color: { field: 'games', type: 'nominal', title: 'games', sort: ['won', 'lost'], scale: { range: ['#4c9a57', '#c44e52'] } } };
  const title = 'Game length (player turns), won and lost games';
  return {
    title,
    caption: `Bars: share of all games of a version that were won (green) or lost (red) in each bin of game length${rebin ? ` (the same ${common}-turn bins for every version)` : ''}; black lines: each interval. Games cut by the turn cap are in neither.`,
    spec: {
      ...base(title, rows),
      facet: { row: { field: 'version', type: 'nominal', title: null, sort: perVersion.map((p) => p.version) } },
      spec: {
        width: WIDTH - 60,
        height: 120,
        layer: [
          { mark: 'bar', encoding: { ...enc, y: quant('p', 'share of games', true) } },
          { mark: { type: 'rule', color: 'black' }, encoding: { ...enc, color: { value: 'black' }, y: quant('lo', 'share of games', true), y2: { field: 'hi' } } },
        ],
      },
      ...(rebin ? {} : { resolve: { scale: { x: 'independent', xOffset: 'independent' } } }),
    },
  };
}

const pick = (e: Estimate) => ({ p: e.estimate, lo: e.lo, hi: e.hi });

/** Histograms of every count summary in the result that carries a `distribution` (share of games per value, from 0). */
function distributionCharts(result: unknown): Chart[] {
  const found: { path: string; dist: number[]; group: string; name: string }[] = [];
  const walk = (v: unknown, path: string[], depth: number) => {
    if (depth > 5 || !isObject(v)) {
      if (Array.isArray(v) && depth <= 5) v.forEach((x, i) => walk(x, [...path, String(isObject(x) ? (x.name ?? x.rev9 ?? i) : i)], depth + 1));
      return;
    }
    if (isCountSummary(v) && Array.isArray(v.distribution) && v.distribution.every(isNum) && v.distribution.length > 1) {
      found.push({ path: path.join('.'), dist: v.distribution, group: path.slice(0, -1).join(' · '), name: path[path.length - 1] });
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, [...path, k], depth + 1);
  };
  walk(result, [], 0);
  const byGroup = new Map<string, typeof found>();
  for (const f of found) byGroup.set(f.group, [...(byGroup.get(f.group) ?? []), f]);
  const out: Chart[] = [];
  for (const [group, items] of byGroup) {
    const max = Math.max(...items.map((i) => i.dist.length));
    if (max * items.length > MAX_MARKS * 2) continue;
    const data = items.flatMap((i) => i.dist.map((p, k) => ({ value: k, series: i.name, p })));
    const title = `Distribution${group ? ` of ${group}` : ''}: share of games with each value`;
    out.push({
      title,
      caption: `Bars: share of games with exactly that value, per ${items.map((i) => i.name).join(', ')}.`,
      spec: {
        ...base(title, data),
        width: Math.min(WIDTH, Math.max(200, max * 14 * Math.max(1, items.length / 2))),
        height: 180,
        mark: 'bar',
        encoding: {
          x: { field: 'value', type: max > 40 ? 'quantitative' : 'ordinal', title: 'value', ...(max > 40 ? { bin: false } : { axis: { labelAngle: 0 } }) },
          y: quant('p', 'share of games', true),
          ...(items.length > 1 ? { color: { field: 'series', type: 'nominal', title: null }, ...(max > 40 ? {} : { xOffset: { field: 'series' } }) } : {}),
        },
      },
    });
  }
  return out;
}

/** Die-step tables (`axes` and `cells` with `p`): heatmaps, one per value of the first axis when there are five. */
function heatmapCharts(result: Record<string, unknown>, title: string): Chart[] {
  const axes = result.axes as unknown[];
  const cells = result.cells as Record<string, unknown>[];
  if (!Array.isArray(axes) || !axes.every((a) => typeof a === 'string') || !Array.isArray(cells) || !cells.length || !isNum(cells[0].p)) return [];
  const keys = axes as string[];
  const split = keys.length >= 5 ? keys[0] : null;
  const rest = split ? keys.slice(1) : keys;
  const x = rest[rest.length - 1];
  const [y, row, column] = rest.slice(0, -1);
  const values = (k: string) => [...new Set(cells.map((c) => String(c[k])))];
  const groups = split ? values(split) : [''];
  // The metric in words (any-damage → any damage): a title is read, not typed.
  const metric = typeof result.metric === 'string' ? result.metric.replace(/-/g, ' ') : 'p';
  return groups.map((g) => {
    const data = (split ? cells.filter((c) => String(c[split]) === g) : cells).map((c) => ({ ...c, [x]: String(c[x]) }));
    const t = `P(${metric})${split ? ` with ${split} ${g}` : ''}: ${y ?? ''} × ${x}${row ? `, rows by ${row}` : ''}${column ? `, columns by ${column}` : ''}`;
    // One panel: cells large enough for the number (a whole percent) written in each; a grid of
    // panels (rows and columns by two more axes) has small cells: the number in percent without its
    // sign, in a smaller font, so the grid still fits the page column.
    const single = !row && !column;
    const cellX = { field: x, type: 'ordinal', sort: values(x), title: x };
    const cellY = y ? { y: { field: y, type: 'ordinal', sort: values(y), title: y } } : {};
    // The number's colour against its cell: black on the light (yellow-green) half of viridis, white on the dark.
    const textColor = { condition: { test: 'datum.p > 0.5', value: 'black' }, value: 'white' };
    const inner: VlSpec = {
      width: (single ? 34 : 14) * values(x).length,
      height: (single ? 20 : 13) * (y ? values(y).length : 1),
      layer: [
        {
          mark: 'rect',
          encoding: { x: cellX, ...cellY, color: { field: 'p', type: 'quantitative', title: `P(${metric})`, scale: { domain: [0, 1], scheme: 'viridis' }, legend: { format: '.0%' } } },
        },
        single
          ? { mark: { type: 'text', fontSize: 9 }, encoding: { x: cellX, ...cellY, text: { field: 'p', type: 'quantitative', format: '.0%' }, color: textColor } }
          : { transform: [{ calculate: 'round(datum.p * 100)', as: '_percent' }], mark: { type: 'text', fontSize: 7 }, encoding: { x: cellX, ...cellY, text: { field: '_percent', type: 'quantitative', format: 'd' }, color: textColor } },
      ],
    };
    const spec: VlSpec = row || column
      ? { ...base(t, data), facet: { ...(row ? { row: { field: row, type: 'ordinal', sort: values(row), title: row } } : {}), ...(column ? { column: { field: column, type: 'ordinal', sort: values(column), title: column } } : {}) }, spec: inner, resolve: { scale: { color: 'shared' } } }
      : { ...base(t, data), ...inner };
    return { title: `${title}${split ? ` (${split} ${g})` : ''}`, caption: `Colour and number: exact P(${metric}) per cell${single ? '' : ' (the number in percent)'}, from 0 (dark) to 100% (yellow).`, spec };
  });
}

/**
 * Matchups (`matchup`: rows with attackerName, targetName and per-pair values): one heatmap per
 * value, attackers down, targets across, the number written in each cell.
 */
function matchupCharts(result: Record<string, unknown>): Chart[] {
  const rows = (Array.isArray(result.matchup) ? result.matchup : []) as Record<string, unknown>[];
  if (!rows.length || rows.length > MAX_MARKS) return [];
  const attackers = [...new Set(rows.map((r) => String(r.attackerName)))];
  const targets = [...new Set(rows.map((r) => String(r.targetName)))];
  const out: Chart[] = [];
  const metrics = [
    { key: 'removed', title: 'P(target removed)', legend: 'P(removed)', prob: true, format: '.1%' },
    { key: 'removalsPer100Points', title: 'Targets removed per 100 points of attackers', legend: 'per 100 pts', prob: false, format: '.3f' },
  ];
  for (const m of metrics) {
    const data = rows.filter((r) => isNum(r[m.key])).map((r) => ({ attacker: String(r.attackerName), target: String(r.targetName), v: r[m.key] as number }));
    if (!data.length) continue;
    const max = Math.max(...data.map((d) => d.v));
    const domain = m.prob ? [0, 1] : [0, max > 0 ? max : 1];
    const mid = (domain[0] + domain[1]) / 2;
    const enc = { x: { field: 'target', type: 'nominal', sort: targets, title: 'target', axis: { labelAngle: 0 } }, y: { field: 'attacker', type: 'nominal', sort: attackers, title: 'attacker', axis: { labelLimit: LABEL_LIMIT } } };
    const title = `${m.title}, by attacker and target`;
    out.push({
      title,
      caption: `Colour and number: the exact ${m.prob ? 'probability' : 'value'} of each pair${m.prob ? '' : ' (blank: the attacker has no points)'}; cells without a number are attacks the rules forbid.`,
      spec: {
        ...base(title, data),
        width: Math.min(WIDTH - 200, 110 * targets.length),
        height: { step: 34 },
        layer: [
          { mark: 'rect', encoding: { ...enc, color: { field: 'v', type: 'quantitative', title: m.legend, scale: { domain, scheme: 'viridis' }, legend: { format: m.prob ? '.0%' : '.2f' } } } },
          { mark: { type: 'text', fontSize: 12 }, encoding: { ...enc, text: { field: 'v', type: 'quantitative', format: m.format }, color: { condition: { test: `datum.v > ${mid}`, value: 'black' }, value: 'white' } } },
        ],
      },
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Compare and sweep.

interface Comparison {
  metric: string;
  detail?: boolean;
  kind: 'rate' | 'count';
  label?: string;
  difference: number;
  lo: number | null;
  hi: number | null;
}

/** A forest plot's layers over rows { metric, d, lo, hi }: the zero line, each interval, each estimate. */
function forestLayers(xTitle: string): Record<string, unknown>[] {
  return [
    // Zero always in the domain, and room past the intervals' ends (an interval never runs into the frame).
    { mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { x: { datum: 0, type: 'quantitative', scale: { zero: true, padding: 16 } } } },
    { mark: { type: 'rule', strokeWidth: 2, color: '#1f3b73' }, encoding: { y: { field: 'metric', type: 'nominal', sort: null, title: null }, x: { field: 'lo', type: 'quantitative', title: xTitle }, x2: { field: 'hi' } } },
    { mark: { type: 'point', filled: true, size: 60, color: '#1f3b73' }, encoding: { y: { field: 'metric', type: 'nominal', sort: null }, x: { field: 'd', type: 'quantitative' } } },
  ];
}

/** `sim gaps`: each stored gap (search − default) with its interval, one row per configuration and side, in the table's order. */
function gapsCharts(r: Report): Chart[] {
  const result = isObject(r.result) ? r.result : {};
  const rows = (Array.isArray(result.gaps) ? result.gaps : []).filter(isObject).filter((g) => isNum(g.difference) && isNum(g.lo) && isNum(g.hi));
  if (!rows.length) return [];
  // The side and the challenger first: a label cut at the axis' limit keeps what tells two rows apart.
  const data = rows.map((g) => {
    const who = [typeof g.side === 'string' ? `side ${g.side}` : '', g.challenger === 'fixed deployment' ? 'fixed deployment' : ''].filter(Boolean).join(', ');
    return { metric: `${String(g.game)}${who ? ` (${who})` : ''}: ${String(g.configuration)}${g.printed === false ? ' (not printed)' : ''}`, d: (g.difference as number) * 100, lo: (g.lo as number) * 100, hi: (g.hi as number) * 100 };
  });
  const title = 'Challenger − default bot, per stored configuration (percentage points)';
  const spec = base(title, data);
  return [
    {
      title,
      caption: "Dot: how much more the challenger (the game's search at the highest budget measured, or a Dual Fates fixed deployment) won than the default bot on the same games; line: its 95% interval; dashed line: no gap. Right of the line, the default is at least that far from strong play (a floor: a larger budget may gain more).",
      spec: { ...spec, config: { ...(spec.config as object), axis: { ...((spec.config as { axis?: object }).axis ?? {}), labelLimit: 2 * LABEL_LIMIT } }, width: WIDTH - 160, height: { step: 22 }, layer: forestLayers('challenger − default (percentage points)') },
    },
  ];
}

/** Forest plots of B − A per metric: rates in percentage points on one axis, means each on its own. */
function compareCharts(result: Record<string, unknown>, labelOf: (key: string) => string): Chart[] {
  // The summary metrics, as the compare table has them: details (per card, per seat) stay in the JSON.
  const comps = ((Array.isArray(result.comparisons) ? result.comparisons : []) as Comparison[]).filter((c) => !c.detail);
  const runs = new Set(comps.map((c) => c.label ?? ''));
  const name = (c: Comparison) => `${humanize(labelOf(c.metric))}${runs.size > 1 ? ` (${c.label})` : ''}`;
  const out: Chart[] = [];
  const rates = comps.filter((c) => c.kind === 'rate' && isNum(c.difference)).map((c) => ({ metric: name(c), d: c.difference * 100, lo: isNum(c.lo) ? c.lo * 100 : c.difference * 100, hi: isNum(c.hi) ? c.hi * 100 : c.difference * 100 }));
  const layers = forestLayers;
  if (rates.length) {
    out.push({
      title: 'B − A for each rate (percentage points)',
      caption: 'Dot: B − A; line: its interval; dashed line: no difference. Right of the line: higher in B.',
      spec: { ...base('B − A for each rate (percentage points)', rates), width: WIDTH - 160, height: { step: 22 }, layer: layers('B − A (percentage points)') },
    });
  }
  // A mean equal in every pair (no spread, so no interval; Dark Fate's "won in" when a change never turns a loss into a win)
  // has nothing to draw but a point on an axis of one value: the table has it.
  const allCounts = comps.filter((c) => c.kind === 'count' && isNum(c.difference));
  const same = allCounts.filter((c) => c.difference === 0 && !isNum(c.lo) && !isNum(c.hi));
  // A mean with no trustworthy interval (too few pairs for the t-test: a conditional mean such as
  // "lost in") would be a bare dot read as an effect: left to the table, and named.
  const bare = allCounts.filter((c) => !same.includes(c) && (!isNum(c.lo) || !isNum(c.hi)));
  const counts = allCounts.filter((c) => !same.includes(c) && !bare.includes(c)).map((c) => ({ metric: name(c), d: c.difference, lo: c.lo, hi: c.hi }));
  if (counts.length) {
    out.push({
      title: 'B − A for each mean (each on its own scale)',
      caption: `Dot: B − A of the mean per game, in its own unit (turns, staggers, …); line: its interval; dashed line: no difference. Each row has its own scale.${same.length ? ` Equal in every paired game, so not drawn (the table has them): ${same.map(name).join(', ')}.` : ''}${bare.length ? ` No interval (fewer than 30 pairs, or no spread), so not drawn (the table has them): ${bare.map(name).join(', ')}.` : ''}`,
      spec: {
        ...base('B − A for each mean (each on its own scale)', counts),
        // The table's order (vega-lite sorts a facet's rows by name unless told the order).
        facet: { row: { field: 'metric', type: 'nominal', sort: counts.map((c) => c.metric), title: null, header: { labelAngle: 0, labelAlign: 'left', labelLimit: LABEL_LIMIT } } },
        spec: { width: WIDTH - 260, height: 18, layer: layers('B − A').map((l, i) => (i === 0 ? l : { ...l, encoding: { ...(l.encoding as object), y: undefined } })) },
        resolve: { scale: { x: 'independent', xOffset: 'independent' } },
      },
    });
  }
  return out;
}

/** More lines than this in one sweep chart and the colours repeat: the ones of highest mean are drawn, the rest left to the table. */
const MAX_LINES = 8;

/**
 * Sweep: every interval column of each sweep table against the swept parameter (the first axis
 * whose values are all numbers, else the first; titled in words), with a band for the interval and
 * one line per combination of the other axes and the table's own row labels (its text columns, or
 * its integer first column: the dice table's k), named as the report names them. Past MAX_LINES
 * lines, the MAX_LINES of highest mean are drawn and the caption says how many are left out.
 */
function sweepCharts(r: Report): Chart[] {
  const axes = ((r.result as Record<string, unknown>).axes as { key: string; values: string[] }[]) ?? [];
  if (!axes.length) return [];
  const numeric = axes.find((a) => a.values.every((v) => v.trim() !== '' && Number.isFinite(Number(v))));
  const xAxis = numeric ?? axes[0];
  const xName = humanize(xAxis.key);
  const nameOf = namesOf(r.result);
  const out: Chart[] = [];
  for (const t of r.tables) {
    const cellKey = `cell.${xAxis.key}`;
    // An axis with one value in every row (--grid rev9=all) names no line apart: left out of the names.
    const otherAxes = t.columns.filter((c) => c.key.startsWith('cell.') && c.key !== cellKey && new Set(t.rows.map((row) => row[c.key])).size > 1);
    // The table's own row labels, as one cell's rows name them (every cell has the same rows).
    const own = t.columns.filter((c) => !c.key.startsWith('cell.'));
    const firstCell = t.rows.filter((row) => t.columns.filter((c) => c.key.startsWith('cell.')).every((c) => row[c.key] === t.rows[0][c.key]));
    const { labels, ordinal } = labelColumns({ ...t, columns: own, rows: firstCell });
    const rowLabels = labels.length ? labels : ordinal ? [ordinal] : [];
    const keyNames = [...otherAxes.map((c) => humanize(c.header)), ...rowLabels.map((c) => c.header)];
    for (const g of intervalColumns(t)) {
      const rows = t.rows.filter((row) => isNum(row[g.value.key]) && isNum(row[g.lo.key]) && isNum(row[g.hi.key]));
      if (!rows.length || rows.length > MAX_MARKS) continue;
      const prob = isProbColumn(g.value);
      const pp = g.value.format === 'pp';
      const unit: Unit = prob ? 'rate' : pp ? 'pp' : 'number';
      const k = pp ? 100 : 1;
      const all = rows.map((row) => ({
        x: numeric ? Number(row[cellKey]) : String(row[cellKey]),
        y: (row[g.value.key] as number) * k,
        lo: (row[g.lo.key] as number) * k,
        hi: (row[g.hi.key] as number) * k,
        line: [...otherAxes.map((c) => `${humanize(c.header)} ${nameOf(String(row[c.key]))}`), ...(rowLabels.length ? [rowLabel(row, rowLabels, nameOf)] : [])].join(' · ') || 'all',
      }));
      // Lines by the mean of their intervals' lower ends, highest first: the first MAX_LINES are
      // drawn (by the estimate, a line resting on a few games, a card rarely gained, would lead with a
      // band from 0 to 100%).
      const sums = new Map<string, { sum: number; n: number }>();
      for (const d of all) {
        const m = sums.get(d.line) ?? { sum: 0, n: 0 };
        m.sum += d.lo;
        m.n += 1;
        sums.set(d.line, m);
      }
      const ranked = [...sums.entries()].sort((a, b) => b[1].sum / b[1].n - a[1].sum / a[1].n).map(([line]) => line);
      const kept = new Set(ranked.slice(0, MAX_LINES));
      const left = ranked.length - kept.size;
      // Drawn in the table's order, so the legend reads as the table does.
      const data = all.filter((d) => kept.has(d.line));
      const lines = kept.size;
      const header = humanize(g.value.header);
      const xEnc = numeric ? { field: 'x', type: 'quantitative', title: xName, scale: { zero: false }, axis: { tickMinStep: 1 } } : { field: 'x', type: 'ordinal', title: xName, sort: null };
      // The legend under the plot (two columns of short names, else one), whole names and title,
      // swatches in the lines' colour (not the pale band's).
      const longest = Math.max(...data.map((d) => d.line.length));
      const legend = { orient: 'bottom', columns: longest > 36 ? 1 : 2, labelLimit: 360, titleLimit: 360, symbolOpacity: 1, symbolType: 'stroke' };
      const color = lines > 1 ? { color: { field: 'line', type: 'nominal', title: keyNames.join(' · '), sort: null, legend } } : {};
      const per = lines > 1 ? `, one line per ${keyNames.join(' · ')}${left ? ` (the ${lines} whose lower ends are highest, of ${ranked.length})` : ''}` : '';
      // A quantity of a later table (a card's win: the games in which it was gained) names its table, as its column alone does not.
      const stem = t === r.tables[0] ? '' : `${t.title.split(/ \(| by | — /)[0]}: `;
      // One value on the x axis (--grid rev9=all alone) would draw each line as one dot: the lines are the categories instead.
      const xs = [...new Set(data.map((d) => String(d.x)))];
      if (xs.length === 1 && lines > 1) {
        const byTitle = `${stem}${header} by ${keyNames.join(' · ')} (${xName} ${xs[0]})`;
        const cat = { field: 'line', type: 'ordinal', title: keyNames.join(' · '), sort: null, axis: { labelLimit: 240 } };
        out.push({
          title: byTitle,
          caption: `Dot: the estimate for each; bar: its interval.${left ? ` The other ${left} are in the table.` : ''}`,
          spec: {
            ...base(byTitle, data),
            width: WIDTH - 140,
            height: 260,
            layer: [
              { mark: { type: 'errorbar', ticks: true }, encoding: { x: cat, y: quant('lo', header, unit), y2: { field: 'hi' } } },
              { mark: { type: 'point', filled: true }, encoding: { x: cat, y: quant('y', header, unit) } },
            ],
          },
        });
        continue;
      }
      const title = `${stem}${header} against ${xName}${per}`;
      out.push({
        title,
        caption: `Line and dots: the estimate in each cell; shaded band and bars: its interval.${left ? ` The other ${left} lines are in the table.` : ''}`,
        spec: {
          ...base(title, data),
          width: WIDTH - 140,
          height: 260,
          layer: [
            { mark: { type: 'area', opacity: 0.18 }, encoding: { x: xEnc, y: quant('lo', header, unit), y2: { field: 'hi' }, ...color } },
            { mark: { type: 'errorbar', ticks: true }, encoding: { x: xEnc, y: quant('lo', header, unit), y2: { field: 'hi' }, ...color } },
            { mark: { type: 'line', point: true }, encoding: { x: xEnc, y: quant('y', header, unit), ...color } },
          ],
        },
      });
    }
  }
  return out;
}

interface SensitivityEffect {
  key: string;
  from: unknown;
  to: unknown;
  direction: string;
  label?: string;
  difference: number;
  lo: number | null;
  hi: number | null;
  changed: number;
}

/**
 * Sensitivity: a tornado chart, one row per assumption (the largest |Δ| first, `top` of them), a bar
 * per change from 0 to its Δ (lower and higher values of a number side by side, coloured by
 * direction), its interval as a line. Rows that never came into play are left to the table.
 */
function sensitivityCharts(r: Report): Chart[] {
  const result = isObject(r.result) ? r.result : {};
  const params = isObject(r.params) ? r.params : {};
  const effects = (Array.isArray(result.effects) ? result.effects : []) as SensitivityEffect[];
  const rate = result.kind === 'rate';
  const scale = rate ? 100 : 1;
  const top = isNum(params.top) ? params.top : 25;
  const labels = new Set(effects.map((e) => e.label ?? ''));
  const row = (e: SensitivityEffect) => `${humanize(e.key)}${labels.size > 1 ? ` (${e.label})` : ''}`;
  // Rows by their largest |Δ|.
  const size = new Map<string, number>();
  for (const e of effects) if (e.changed > 0 && isNum(e.difference)) size.set(row(e), Math.max(size.get(row(e)) ?? 0, Math.abs(e.difference)));
  const rows = [...size.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k]) => k);
  if (!rows.length) return [];
  const keep = new Set(rows);
  const directionName: Record<string, string> = { lower: 'value lowered', higher: 'value raised', other: 'other reading / flipped' };
  // Each change's place in its row (0, 1, …): a row's bars stack within its band, a row of one change
  // takes the first place (not the place of its direction, which drifted a lone reading towards the next row).
  const placed = new Map<string, number>();
  const data = effects
    .filter((e) => keep.has(row(e)) && isNum(e.difference))
    .map((e) => {
      const slot = placed.get(row(e)) ?? 0;
      placed.set(row(e), slot + 1);
      return {
        row: row(e),
        slot,
        change: wordsOf(`${String(e.from)} → ${String(e.to)}`),
        direction: directionName[e.direction] ?? e.direction,
        d: e.difference * scale,
        lo: (isNum(e.lo) ? e.lo : e.difference) * scale,
        hi: (isNum(e.hi) ? e.hi : e.difference) * scale,
      };
    });
  const slots = Math.max(1, ...placed.values());
  const metric = typeof result.metric === 'string' ? result.metric : 'the main metric';
  const xTitle = `Δ ${metric}${rate ? ' (percentage points)' : ''}`;
  const title = `What moves ${metric} most: ${rows.length === size.size ? (size.size === 1 ? 'the one assumption' : `the ${size.size} assumptions`) : `the top ${rows.length} of ${size.size} assumptions`} that came into play`;
  const y = { field: 'row', type: 'nominal', sort: rows, title: null, axis: { labelLimit: LABEL_LIMIT } };
  const color = { field: 'direction', type: 'nominal', title: 'change', scale: { domain: Object.values(directionName), range: ['#c0504d', '#1f77b4', '#7f7f7f'] }, legend: { orient: 'bottom', labelLimit: 260 } };
  return [
    {
      title,
      caption: 'Bar: change − baseline on the same games, one assumption at a time (label: the value it moved to, beyond the interval); line: its interval; dashed line: no effect.',
      spec: {
        ...base(title, data),
        width: WIDTH,
        // Two changes of one assumption (lowered, raised) share its row: room for both labels.
        height: { step: slots > 1 ? 38 : 26, for: 'position' },
        layer: [
          // The no-effect line, the chart's whole height (not one segment per row, hidden under the bars).
          { data: { values: [{}] }, mark: { type: 'rule', color: '#555', strokeDash: [4, 3] }, encoding: { x: { datum: 0, type: 'quantitative', scale: { zero: true, padding: 56 } } } },
          {
            encoding: { y, yOffset: { field: 'slot', type: 'ordinal', scale: { domain: Array.from({ length: slots }, (_, i) => i) } } },
            layer: [
              // A change with no net effect has no bar: its interval line and label show it.
              { transform: [{ filter: 'datum.d != 0' }], mark: { type: 'bar', height: { band: 0.9 } }, encoding: { x: { field: 'd', type: 'quantitative', title: xTitle }, x2: { datum: 0 }, color } },
              { mark: { type: 'rule', color: '#333' }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
              // The label beyond the interval's far end from 0: never over the bar it names.
              { transform: [{ filter: 'datum.d >= 0' }], mark: { type: 'text', align: 'left', dx: 4, fontSize: 10, color: '#333' }, encoding: { x: { field: 'hi', type: 'quantitative' }, text: { field: 'change' } } },
              { transform: [{ filter: 'datum.d < 0' }], mark: { type: 'text', align: 'right', dx: -4, fontSize: 10, color: '#333' }, encoding: { x: { field: 'lo', type: 'quantitative' }, text: { field: 'change' } } },
            ],
          },
        ],
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------

/**
 * Column key → header over every table of a report: the game's own names for its quantities
 * ("no wounds left" for lossEmptyWoundDeck). Headers of one or two characters (k, lo) name a
 * column, not a quantity: the key stays, in words (turnCap → "turn cap").
 */
export function columnLabels(tables: readonly ResultTable[]): (key: string) => string {
  const m = new Map<string, string>();
  for (const t of tables) for (const c of t.columns) if (!m.has(c.key) && c.header !== c.key && c.header.length >= 3) m.set(c.key, c.header);
  // A quantity no table heads is named in words from its key: woundsTaken → "wounds taken".
  return (key) => m.get(key) ?? camelWords(key);
}

/** Every chart of a report (none for parameter lists and check summaries). */
export function chartsOf(r: Report, labels: (key: string) => string = columnLabels(r.tables ?? [])): Chart[] {
  const kind = reportKind(r);
  const result = isObject(r.result) ? r.result : {};
  switch (kind) {
    case 'compare': {
      // The compare table names each metric as the game's tables do (its `name` column).
      const names = new Map((r.tables ?? []).flatMap((t) => t.rows).filter((row) => typeof row.metric === 'string' && typeof row.name === 'string').map((row) => [row.metric as string, row.name as string]));
      return compareCharts(result, (key) => names.get(key) ?? labels(key));
    }
    case 'sweep':
      return sweepCharts(r);
    case 'sensitivity':
      return sensitivityCharts(r);
    case 'gaps':
      return gapsCharts(r);
    case 'check':
    case 'params':
      return [];
    case 'game': {
      if (Array.isArray(result.axes) && Array.isArray(result.cells)) return heatmapCharts(result, r.title);
      if (Array.isArray(result.matchup)) return matchupCharts(result);
      // `sim tune`: each target metric against each varied parameter, with the target line.
      if (Array.isArray(result.landscape) && Array.isArray(result.targets)) return tuneCharts(result);
      // `sim policies --ladder`: the search's rate and its gap over the default against the budget.
      if (Array.isArray(result.rungs)) return ladderCharts(result);
      // Dark Fate draws its cards from the result (the most gained, per version, with the caveat), not from the cards table.
      const darkfate = r.game === 'darkfate';
      const specific = darkfate ? darkfateCharts(result, labels, r.confidence) : [];
      // Its win-and-causes table too: "How the game ends" draws the win beside each cause of loss.
      const fromTables = tableCharts((r.tables ?? []).filter((t) => !(darkfate && t.columns.some((c) => c.key === 'card' || c.key === 'lossThreeWounds'))), namesOf(result));
      // A table of the distribution already draws it (terror's Fated Victims): draw the result's only where none does.
      const tableDrawsDistribution = (r.tables ?? []).some((t) => /distribution/i.test(t.title));
      // Dark Fate's own charts answer the question (how the game ends, by version): first, before its table charts (seats).
      return [...specific, ...fromTables, ...(tableDrawsDistribution ? [] : distributionCharts(result))];
    }
  }
}
