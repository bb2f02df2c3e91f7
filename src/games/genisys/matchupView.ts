// `sim genisys matchup`: several attackers (a unit, or unit:weapon) against several target units at
// one range and cover, exact: P(removed), expected damaging hits, P(at least one damage) and
// removals per 100 points of the attacker, one row per pair. Each cell is the `genisys attack`
// of that pair with the same options (the same parameters through the same pipeline: applyUnits
// → readParams → compileAttack → exactAttack → exactResult), so the two always agree.
import { answerSentence, EXACT, exactHeadline, exactPctText } from '../../core/answer.js';
import type { GameView, ViewResult } from '../../core/gameModule.js';
import { dataValuesOf } from '../../core/dataValues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { provenance } from '../../core/provenance.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { UsageError } from '../../core/usageError.js';
import { compileAttack } from './attackPlan.js';
import { idleRuleNote, idleWeaponRules, type IdleWeaponRule } from './idleWeaponRules.js';
import { exactAttack } from './exactAttack.js';
import { genisysAssumptions } from './genisysEntry.js';
import { GENISYS_PARAMS } from './genisysParams.js';
import { rangeName, readParams, type GenisysParams } from './genisysParams.js';
import { exactResult } from './genisysReport.js';
import { applyUnits, loadUnits, unitOverrides, type UnitsFile } from './units.js';

const lowerCase = (raw: string): string => raw.trim().toLowerCase();

const MATCHUP_PARAMS: readonly ParamSpec[] = [
  { key: 'attackers', type: 'string', default: 'endoskeleton:plasma-gun,resistance-soldier:plasma-rifle', doc: 'attackers, comma-separated: unit (one row per weapon it lists) or unit:weapon', source: 'sim: unit choice', cli: { value: '<list>', help: 'attackers, comma-separated: unit (a row per weapon it lists) or unit:weapon (default endoskeleton:plasma-gun,resistance-soldier:plasma-rifle)', parse: lowerCase } },
  { key: 'targets', type: 'string', default: 'resistance-soldier,endoskeleton', doc: 'target units, comma-separated', source: 'sim: unit choice', cli: { value: '<list>', help: 'target units, comma-separated (default resistance-soldier,endoskeleton)', parse: lowerCase } },
  { key: 'points', type: 'string', default: '', doc: "points per model replacing the units file's, comma-separated unit=N (the text prices no model: the file's points are assumptions)", source: 'assumption: units.yaml U1 (points)', cli: { value: '<unit=N,…>', help: "points per model replacing the units file's: unit=N, comma-separated (the file's are assumptions, U1)", parse: lowerCase } },
];

/** One attacker row: a unit with the weapon it attacks with ('' for none: the attack's stats as given). */
interface AttackerPick {
  unit: string;
  weapon: string;
  /** Picked as a bare unit: its weapon rows that no target can be attacked with are dropped. */
  bare: boolean;
}

/**
 * `unit` (one pick per weapon it lists, or one with no weapon) or `unit:weapon`, comma-separated.
 * Throws UsageError naming the parameter.
 */
export function parseAttackers(text: string, data: UnitsFile, file: string): AttackerPick[] {
  const items = text.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (items.length === 0) throw new UsageError('parameter attackers: empty (expected e.g. endoskeleton:plasma-gun,resistance-soldier)');
  const out: AttackerPick[] = [];
  for (const item of items) {
    const [unit, weapon, extra] = item.split(':');
    if (extra !== undefined || !unit) throw new UsageError(`parameter attackers: cannot read "${item}" (expected unit or unit:weapon)`);
    // Checks the names (unknown ones list the valid), the weapon against the unit's list, and a Skill.
    unitOverrides(data, { attacker: unit, ...(weapon !== undefined ? { weapon } : {}) }, file, WHERE);
    const listed = data.units[unit].weapons;
    if (weapon !== undefined) out.push({ unit, weapon, bare: false });
    else if (listed.length > 0) for (const w of listed) out.push({ unit, weapon: w, bare: true });
    else out.push({ unit, weapon: '', bare: false });
  }
  // A pair listed twice (endoskeleton beside endoskeleton:plasma-gun) would be a duplicate row.
  const twice = out.find((a, i) => out.findIndex((b) => b.unit === a.unit && b.weapon === a.weapon) !== i);
  if (twice) throw new UsageError(`parameter attackers: ${twice.unit}${twice.weapon ? `:${twice.weapon}` : ''} is listed twice (a unit alone stands for each of its weapons); list each once`);
  return out;
}

/** Target unit ids. Throws UsageError listing the valid ones. */
export function parseTargets(text: string, data: UnitsFile, file: string): string[] {
  const items = text.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (items.length === 0) throw new UsageError('parameter targets: empty (expected e.g. resistance-soldier,endoskeleton)');
  for (const t of items) unitOverrides(data, { target: t }, file, WHERE);
  // A target listed twice would be a duplicate column, and counted twice in the pairs.
  const twice = items.find((t, i) => items.indexOf(t) !== i);
  if (twice !== undefined) throw new UsageError(`parameter targets: ${twice} is listed twice; list each target once`);
  return items;
}

/** `unit=N,…` → points by unit id. Throws UsageError naming the parameter. */
export function parsePoints(text: string, data: UnitsFile, file: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z0-9][a-z0-9-]*)=(\d+)$/.exec(item);
    if (!m || Number(m[2]) < 1) throw new UsageError(`parameter points: cannot read "${item}" (expected unit=N with N ≥ 1, e.g. endoskeleton=30)`);
    if (!Object.hasOwn(data.units, m[1])) throw new UsageError(`parameter points: unknown unit "${m[1]}" in ${file}; valid: ${Object.keys(data.units).join(', ')}`);
    // Last-wins would silently drop the first price.
    if (out.has(m[1])) throw new UsageError(`parameter points: ${m[1]} is priced twice; give it once`);
    out.set(m[1], Number(m[2]));
  }
  return out;
}

/** How the matchup names the picks in messages (the shell renames `parameter x` after its source). */
const WHERE = { attacker: 'parameter attackers', weapon: 'parameter attackers', target: 'parameter targets' };

export interface MatchupCell {
  attacker: string;
  weapon: string | null;
  target: string;
  /** "Endoskeleton (Plasma gun)": the attacker's row label. */
  attackerName: string;
  targetName: string;
  /** null where the rules allow no such attack (`reason` says why). */
  removed: number | null;
  expectedDamage: number | null;
  atLeastOneDamage: number | null;
  /** The attacker's points (the file's or --points), null when unknown. */
  points: number | null;
  /** P(removed) × 100 / points: target models removed per 100 points of attackers. */
  removalsPer100Points: number | null;
  reason?: string;
}

export const matchupView: GameView = {
  name: 'matchup',
  summary: 'several attackers (unit or unit:weapon) against several targets, exact: P(removed), expected damage, P(any damage), removals per 100 points',
  params: MATCHUP_PARAMS,
  baseMode: 'attack',
  // Exact only, and the picks are the view's lists.
  omit: ['method', 'attacker', 'weapon', 'target'],
  // The attack's help names its single picks; here a stat at auto comes from each row's and column's units.
  help: Object.fromEntries(
    GENISYS_PARAMS.filter((p) => p.cli?.help && /the --(attacker|weapon|target)'s/.test(p.cli.help)).map((p) => [
      p.key,
      p.cli!.help!.replace(/the --attacker's/g, "each row's attacker's (--attackers)").replace(/the --weapon's/g, "each row's weapon's (--attackers)").replace(/the --target's/g, "each column's target's (--targets)"),
    ]),
  ),
  run(resolved, { confidence, given, sourceOf }) {
    try {
      return runMatchup(resolved, confidence, sourceOf);
    } catch (err) {
      // Name the view's own option the user gave (a view's errors are not renamed by the shell).
      const m = err instanceof UsageError ? /^parameter (attackers|targets|points):/.exec(err.message) : null;
      if (m && given.has(m[1])) throw new UsageError(`option --${m[1]}:${(err as Error).message.slice(m[0].length)}`);
      throw err;
    }
  },
};

/**
 * The matchup's answer: the pairs most and least likely to remove their target, and the attacker
 * that removes most per 100 points (where priced). `cells` with at least one allowed pair.
 */
function matchupAnswer(cells: readonly MatchupCell[], range: string, cover: string): string {
  const allowed = cells.filter((c) => c.removed !== null);
  const pair = (c: MatchupCell) => `${c.attackerName} against ${c.targetName}`;
  let best = allowed[0];
  let worst = allowed[0];
  let value: MatchupCell | null = null;
  for (const c of allowed) {
    if (c.removed! > best.removed!) best = c;
    if (c.removed! < worst.removed!) worst = c;
    if (c.removalsPer100Points !== null && (value === null || c.removalsPer100Points > value.removalsPer100Points!)) value = c;
  }
  const head = allowed.length === 1 ? `${pair(best)} removes the target ${exactPctText(best.removed!)} of attacks` : `Of ${allowed.length} pairs, ${pair(best)} removes the target most often, ${exactPctText(best.removed!)} of attacks, and ${pair(worst)} least, ${exactPctText(worst.removed!)}`;
  const most = value === null ? '' : value.removalsPer100Points!.toFixed(2);
  const perPoints = value === null ? '' : allowed.length === 1 ? `, ${most} per 100 points` : value === best ? `; the first also removes the most per 100 points, ${most}` : `; ${pair(value)} removes the most per 100 points, ${most}`;
  return answerSentence(`${head}${perPoints}`, [`at ${range}`, `cover ${cover}`, EXACT]);
}

/**
 * The rank of a value's source in the README's precedence (rulebook defaults < scenario < --set <
 * explicit options); a sweep cell (--grid) overrides --set. `where` is as ViewContext.sourceOf gives it.
 */
function sourceRank(where: string): number {
  if (where.startsWith('option --set ')) return 2;
  if (where.startsWith('option --grid ')) return 3;
  if (where.startsWith('option ')) return 4;
  return 1;
}

/**
 * Settles a unit whose points two keys give, `points` (unit=N) and `data.units.<unit>.points`: the
 * higher source in the README's precedence wins (`--points` over `--set data.…`, `--set data.…` over
 * a scenario's `points`); two of one rank are refused, naming both. Deletes from `points` the units
 * whose data value wins (the loaded file holds it already); returns a note per unit given both ways.
 */
export function settlePoints(points: Map<string, number>, data: UnitsFile, sourceOf: ((key: string) => string | undefined) | undefined): string[] {
  const notes: string[] = [];
  const pointsFrom = sourceOf?.('points');
  if (pointsFrom === undefined) return notes;
  for (const [unit, n] of [...points]) {
    const key = `data.units.${unit}.points`;
    const dataFrom = sourceOf?.(key);
    if (dataFrom === undefined) continue;
    const [p, d] = [sourceRank(pointsFrom), sourceRank(dataFrom)];
    if (p === d) throw new UsageError(`${pointsFrom} and ${dataFrom}: both give the points of ${unit} (${n} and ${String(data.units[unit].points)}) at the same precedence; give one`);
    if (p > d) notes.push(`Points of ${data.units[unit].name}: ${n} from ${pointsFrom}, over ${String(data.units[unit].points)} from ${dataFrom} (precedence: scenario < --set < explicit options).`);
    else {
      notes.push(`Points of ${data.units[unit].name}: ${String(data.units[unit].points)} from ${dataFrom}, over ${n} from ${pointsFrom} (precedence: scenario < --set < explicit options).`);
      points.delete(unit);
    }
  }
  return notes;
}

/** The matchup report from resolved parameters (pure but for reading the units file). Throws UsageError naming a parameter. */
function runMatchup(resolved: Record<string, ParamValue>, confidence: number, sourceOf?: (key: string) => string | undefined): ViewResult {
  if (resolved.method !== 'exact') throw new UsageError('parameter method: genisys matchup is exact only (use `sim genisys attack --method mc` for a Monte Carlo check of one pair)');
  const file = String(resolved.units);
  const data = loadUnits(file, dataValuesOf(resolved));
  const attackers = parseAttackers(String(resolved.attackers), data, file);
  const targets = parseTargets(String(resolved.targets), data, file);
  const points = parsePoints(String(resolved.points), data, file);
  // Points price the attackers (removals per 100 points): a price for a unit that attacks in no row would change nothing.
  for (const unit of points.keys()) {
    if (!attackers.some((a) => a.unit === unit)) throw new UsageError(`parameter points: ${unit} is not among the attackers (${[...new Set(attackers.map((a) => a.unit))].join(', ')}): its price would change nothing; price an attacker`);
  }
  const pointNotes = settlePoints(points, data, sourceOf);
  const { attackers: _a, targets: _t, points: _p, attacker: _x, weapon: _w, target: _y, ...attack } = resolved;
  const cells: MatchupCell[] = [];
  let first: GenisysParams | null = null;
  // Weapon rules the user set, by the cells where they changed nothing (said when that is every allowed cell).
  // Per rule: the pairs it leaves as they are, and each reason given (pairs differ: a Mindless target, automatic cover at this range).
  const idle = new Map<string, { rule: IdleWeaponRule; cells: number; whys: Set<string> }>();
  let allowedCells = 0;
  for (const a of attackers) {
    for (const t of targets) {
      // The `genisys attack` of this pair: the same parameters with the picks set.
      const params: Record<string, ParamValue> = { ...attack, attacker: a.unit, weapon: a.weapon, target: t } as Record<string, ParamValue>;
      const units = applyUnits(params);
      const p = readParams(units.params);
      first ??= p;
      const unit = data.units[a.unit];
      const pts = points.get(a.unit) ?? unit.points ?? null;
      const weaponName = a.weapon ? data.weapons[a.weapon].name : null;
      const cell: MatchupCell = {
        attacker: a.unit,
        weapon: a.weapon || null,
        target: t,
        attackerName: `${unit.name} (${weaponName ?? `no weapon: ROF ${p.rof}, Power ${p.power.toUpperCase()}`})`,
        targetName: data.units[t].name,
        removed: null,
        expectedDamage: null,
        atLeastOneDamage: null,
        points: pts,
        removalsPer100Points: null,
      };
      try {
        const plan = compileAttack(p);
        for (const rule of idleWeaponRules(p, plan, attack)) idle.set(rule.key, { rule, cells: (idle.get(rule.key)?.cells ?? 0) + 1, whys: (idle.get(rule.key)?.whys ?? new Set<string>()).add(rule.why) });
        allowedCells++;
        const r = exactResult(plan, exactAttack(plan));
        cell.removed = r.removed;
        cell.expectedDamage = r.damage.reduce((s, q, k) => s + k * q, 0);
        cell.atLeastOneDamage = r.atLeastOneDamage;
        cell.removalsPer100Points = pts === null ? null : (r.removed * 100) / pts;
      } catch (err) {
        // A cell the rules forbid (a close combat weapon at Short range) shows "–" and why.
        if (!(err instanceof UsageError)) throw err;
        cell.reason = err.message;
      }
      cells.push(cell);
    }
  }
  // A bare unit attacks with the weapons it can use here: its rows that no target allows go,
  // unless none of its weapons is allowed (then they stay, "–", with the reason).
  const allowed = (a: AttackerPick) => cells.some((c) => c.attacker === a.unit && c.weapon === (a.weapon || null) && c.removed !== null);
  const kept = attackers.filter((a) => !a.bare || allowed(a) || !attackers.some((b) => b.bare && b.unit === a.unit && allowed(b)));
  cells.splice(0, cells.length, ...cells.filter((c) => kept.some((a) => a.unit === c.attacker && (a.weapon || null) === c.weapon)));
  if (cells.every((c) => c.removed === null)) throw new UsageError(`genisys matchup: no pair is an attack the rules allow (${cells[0].reason ?? ''})`);
  const base = first!;
  const notes: string[] = [...pointNotes];
  for (const { rule, cells: n, whys } of idle.values()) if (n === allowedCells) notes.push(rule.besides ? `${idleRuleNote(rule, 'any pair of this matchup')}.` : `${rule.flag} has no effect on any pair of this matchup (${whys.size === 1 ? `for each: ${rule.why}` : `for each pair one of: ${[...whys].join('; ')}`}).`);
  for (const c of cells) if (c.reason) notes.push(`${c.attackerName} vs ${c.targetName}: no attack (${c.reason.replace(/^parameter [a-zA-Z.]+: /, '')}).`);
  const unpriced = [...new Set(cells.filter((c) => c.points === null).map((c) => data.units[c.attacker].name))];
  if (unpriced.length) notes.push(`No points for ${unpriced.join(', ')} (a scenario model): give them with --points unit=N.`);
  notes.push(`Each row is \`sim genisys attack --attacker <unit> --weapon <weapon> --target <unit>\` with the same options; expected damage counts damaging hits; removals per 100 points = P(removed) × 100 / the attacker's points.`);
  const range = String(attack.range) === 'auto' ? 'the range each weapon implies (Close Combat for a CC weapon, else Short)' : rangeName(base.range);
  const table: ResultTable = {
    title: `Matchups at ${range}, cover ${String(attack.cover)}`,
    columns: [
      { key: 'attacker', header: 'attacker', format: 'text' },
      { key: 'target', header: 'target', format: 'text' },
      { key: 'removed', header: 'P(removed)', format: 'prob' },
      { key: 'expectedDamage', header: 'E[damage]', format: 'sig4' },
      { key: 'atLeastOneDamage', header: 'P(any damage)', format: 'prob' },
      { key: 'points', header: 'points', format: 'int' },
      { key: 'removalsPer100Points', header: 'removed per 100 pts', format: 'sig4' },
    ],
    rows: cells.map((c) => ({ attacker: c.attackerName, target: c.targetName, removed: c.removed, expectedDamage: c.expectedDamage, atLeastOneDamage: c.atLeastOneDamage, points: c.points, removalsPer100Points: c.removalsPer100Points })),
    rowLabels: 2,
  };
  // The units' and weapons' own assumptions (units.yaml), named with the results they shape.
  const used = new Set<string>(cells.flatMap((c) => [`u:${c.attacker}`, ...(c.weapon ? [`w:${c.weapon}`] : []), `u:${c.target}`]));
  const dataAssumptions: string[] = [];
  for (const key of used) {
    const entry = key.startsWith('u:') ? data.units[key.slice(2)] : data.weapons[key.slice(2)];
    for (const text of entry.assumptions ?? []) {
      const id = key.slice(2);
      // Points given (--points, or the data value set): not the file's guess.
      if (/^U1 /.test(text) && key.startsWith('u:') && (points.has(id) || sourceOf?.(`data.units.${id}.points`) !== undefined)) continue;
      dataAssumptions.push(`${entry.name}: ${text}`);
    }
  }
  return {
    report: {
      ...provenance('genisys matchup', { ...attack, attackers: String(resolved.attackers), targets: String(resolved.targets), points: String(resolved.points) }, data),
      title: `Terminator Genisys matchups: ${kept.length} attacker${kept.length > 1 ? 's' : ''} × ${targets.length} target${targets.length > 1 ? 's' : ''} — P(removed), damage, removals per 100 points`,
      method: 'exact',
      seed: null,
      n: null,
      confidence,
      result: { matchup: cells },
      assumptions: [...genisysAssumptions(base.extremeCoverMaxSize, base.mindlessExtremeCover), ...dataAssumptions],
      tables: [table],
      notes,
      // The answer first: which pair removes its target most and least often.
      headline: exactHeadline('P(target removed), best pair', Math.max(...cells.filter((c) => c.removed !== null).map((c) => c.removed!)), 'rate'),
      text: matchupAnswer(cells, String(attack.range) === 'auto' ? 'the range each weapon implies' : rangeName(base.range), String(attack.cover)),
    },
  };
}
