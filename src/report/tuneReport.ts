// The report of `sim tune`: the answer (the best setting with each target metric's estimate and
// interval there), the settings indistinguishable from it, the explored landscape (every setting
// with its games, estimates, distance and when it left the race), the rounds, and the games spent
// beside what a full sweep to the same games per setting would have played. Pure.
import { combinedProvenance } from '../core/provenance.js';
import type { Column, Report, ResultTable } from '../core/reportTypes.js';
import type { ParamValue } from '../core/params.js';
import { distance, targetScale, type MetricEstimate, type TuneOutcome, type TuneTarget } from '../run/tuneSearch.js';
import { columnLabels } from './charts.js';
import { groupedInteger } from '../core/numberText.js';

export interface TuneSetting {
  cell: Record<string, string>;
  params: Record<string, unknown>;
  /** Games per simulation played for this setting (0: exact, or never played). */
  games: number;
  exact: boolean;
  /** The targets' estimates (target order), null when the setting never ran. */
  estimates: MetricEstimate[] | null;
}

export interface TuneInput {
  id: string;
  axes: { key: string; values: string[] }[];
  targets: readonly TuneTarget[];
  settings: TuneSetting[];
  outcome: TuneOutcome;
  /** The best setting's parameters, typed. */
  best: Record<string, ParamValue>;
  /** The game's own report at the best setting (its assumptions, policy and labels). */
  bestReport: Report;
  seed: number;
  spent: number;
  /** Of the games spent, those a checkpoint held (played by an earlier, interrupted run of the same tune). */
  restored?: number;
  budget: number;
  tolerance: number;
  confidence: number;
  /** The fixed parameters (those of the first setting but the varied ones). */
  base: Record<string, unknown>;
  /** The fixed parameters set away from their defaults, in words (the header's settings line). */
  fixedSettings?: string[];
}

const STOP_WORDS: Record<TuneOutcome['stop'], string> = {
  decided: 'one setting is left, known to within the tolerance',
  indistinguishable: 'the settings left are within the tolerance of each other: statistically indistinguishable at this precision',
  exact: 'every setting left is computed exactly',
  budget: 'the budget is spent',
  interrupted: 'interrupted',
};

/** "61.2%" for a rate, 4 significant digits for a mean. */
function shown(e: MetricEstimate | number, rate: boolean): string {
  const v = typeof e === 'number' ? e : e.estimate;
  return rate ? `${Number((v * 100).toFixed(2))}%` : String(Number(v.toPrecision(4)));
}

function withInterval(e: MetricEstimate, rate: boolean): string {
  return e.kind === 'exact' ? `${shown(e, rate)} (exact)` : `${shown(e, rate)} [${shown(e.lo, rate)}, ${shown(e.hi, rate)}]`;
}

export function tuneReport(input: TuneInput): Report {
  const { id, axes, targets, settings, outcome, confidence } = input;
  const labelOf = columnLabels(input.bestReport.tables);
  const cellName = (cell: Record<string, string>) => Object.entries(cell).map(([k, v]) => `${k}=${v}`).join(', ');
  const best = settings[outcome.best];
  const kindOf = (m: number) => best.estimates?.[m]?.kind ?? 'count';
  const isRate = (m: number) => kindOf(m) === 'rate' || (kindOf(m) === 'exact' && Math.abs(targets[m].value) <= 1);
  const simulated = settings.some((s) => !s.exact && s.games > 0);
  const maxGames = Math.max(0, ...settings.map((s) => s.games));
  const fullSweep = simulated ? settings.length * maxGames : 0;
  const targetText = targets.map((t, m) => `${t.metric} = ${shown(t.value, isRate(m))}${t.weight !== 1 ? ` (weight ${t.weight})` : ''}`).join(', ');
  const status = (c: number): string => {
    if (c === outcome.best) return 'best';
    const after = outcome.eliminatedAfter.get(c);
    if (after !== undefined) return `out after round ${after}`;
    return outcome.indistinguishable.includes(c) ? 'indistinguishable' : 'left';
  };
  // A target no setting reaches is part of the answer, not a note (--brief hides notes): the best is then only the closest.
  const missed = missedTargets(input, isRate);
  const unreached = missed.filter((m) => m.unreached);
  // An interrupted race is said in its answer (as compare, policies and sweep say it): its leader is so far only.
  const cut = outcome.stop === 'interrupted' ? 'interrupted, so far ' : '';
  const answer = [
    `${cut}${unreached.length ? `closest (no setting reaches ${targets.length === 1 ? 'the target' : unreached.length === targets.length ? 'the targets' : `${unreached.length} of the ${targets.length} targets`})` : missed.length ? `best compromise (it misses ${missed.length} of the ${targets.length} targets, which other settings reach)` : 'best'}: ${cellName(best.cell)} — ${targets.map((t, m) => `${labelOf(t.metric)} ${best.estimates ? withInterval(best.estimates[m], isRate(m)) : '–'} (target ${shown(t.value, isRate(m))})`).join('; ')}${best.games ? ` after ${groupedInteger(best.games)} games` : ''}`,
    ...missed.map((m) => m.text),
    outcome.indistinguishable.length > 1
      ? `indistinguishable from it (${outcome.indistinguishable.length - 1}): ${outcome.indistinguishable.filter((c) => c !== outcome.best).map((c) => cellName(settings[c].cell)).join('; ')}`
      : `no other setting is indistinguishable from it`,
    simulated
      ? `games: ${groupedInteger(input.spent)} of a budget of ${groupedInteger(input.budget)}; a sweep of all ${settings.length} settings to ${groupedInteger(maxGames)} games each would play ${groupedInteger(fullSweep)}`
      : `every setting computed exactly: no games played`,
  ];
  const rowOf = (c: number) => {
    const s = settings[c];
    const d = s.estimates ? distance(targets, s.estimates) : null;
    const row: Record<string, string | number | null> = { setting: cellName(s.cell), ...Object.fromEntries(Object.entries(s.cell).map(([k, v]) => [`cell.${k}`, v])) };
    targets.forEach((t, m) => {
      const e = s.estimates?.[m];
      row[t.metric] = e ? e.estimate : null;
      row[`${t.metric}Lo`] = e && Number.isFinite(e.lo) ? e.lo : null;
      row[`${t.metric}Hi`] = e && Number.isFinite(e.hi) ? e.hi : null;
    });
    row.distance = d ? d.point : null;
    row.games = s.exact ? null : s.games;
    row.status = status(c);
    return row;
  };
  const metricColumns: Column[] = targets.flatMap((t, m) => {
    const format = isRate(m) ? ('prob' as const) : ('sig4' as const);
    return [
      { key: t.metric, header: labelOf(t.metric), format },
      { key: `${t.metric}Lo`, header: 'lo', format },
      { key: `${t.metric}Hi`, header: 'hi', format },
    ];
  });
  const axisColumns: Column[] = axes.map((a) => ({ key: `cell.${a.key}`, header: a.key, format: 'text' }));
  const tailColumns: Column[] = [
    { key: 'distance', header: 'distance', format: 'sig4' },
    { key: 'games', header: 'games', format: 'int' },
    { key: 'status', header: 'status', format: 'text' },
  ];
  const tables: ResultTable[] = [
    { title: `Best setting${outcome.indistinguishable.length > 1 ? ' and those indistinguishable from it' : ''} (target ${targetText})`, columns: [...axisColumns, ...metricColumns, ...tailColumns], rows: outcome.indistinguishable.map(rowOf), rowLabels: axes.length },
    { title: 'Landscape: every setting explored', columns: [...axisColumns, ...metricColumns, ...tailColumns], rows: settings.map((_, c) => rowOf(c)), rowLabels: axes.length },
    ...(simulated
      ? [
          {
            title: 'Rounds',
            columns: [
              { key: 'round', header: 'round', format: 'int' as const },
              { key: 'games', header: 'games per setting', format: 'int' as const },
              { key: 'played', header: 'settings played', format: 'int' as const },
              { key: 'leader', header: 'leader', format: 'text' as const },
              { key: 'eliminated', header: 'left the race', format: 'text' as const },
            ],
            rows: outcome.rounds.map((r) => ({ round: r.round, games: r.games, played: r.played.length, leader: cellName(settings[r.leader].cell), eliminated: r.eliminated.map((c) => cellName(settings[c].cell)).join('; ') || '–' })),
          },
        ]
      : []),
  ];
  const scaleWords = targets.map((t, m) => `${t.metric}: ${isRate(m) ? 'in probability (0.01 = 1 pp)' : `relative to ${Number(targetScale(t, kindOf(m)).toPrecision(4))}`}`).join('; ');
  return {
    ...combinedProvenance(id, { base: input.base, vary: Object.fromEntries(axes.map((a) => [a.key, a.values])), targets: targets.map((t) => ({ ...t })), budget: input.budget, tolerance: input.tolerance }),
    title: `Tune ${id}: ${axes.map((a) => a.key).join(' × ')} for ${targetText}`,
    text: answer.join('\n'),
    method: simulated ? 'mc' : 'exact',
    seed: simulated ? input.seed : null,
    n: simulated ? input.spent : null,
    confidence,
    ...(input.bestReport.policy !== undefined ? { policy: input.bestReport.policy } : {}),
    ...(input.fixedSettings?.length ? { settings: input.fixedSettings } : {}),
    ...(outcome.stop === 'interrupted' ? { partial: true } : {}),
    result: {
      best: input.best,
      /** Whether the best setting's interval holds every target (false: it is only the closest setting tried). */
      reached: missed.length === 0,
      answer,
      bestSetting: { cell: best.cell, estimates: Object.fromEntries(targets.map((t, m) => [t.metric, best.estimates?.[m] ?? null])), distance: best.estimates ? distance(targets, best.estimates).point : null, games: best.games },
      indistinguishable: outcome.indistinguishable.map((c) => settings[c].cell),
      targets: targets.map((t, m) => ({ ...t, kind: kindOf(m), scale: targetScale(t, kindOf(m)) })),
      axes,
      landscape: settings.map((s, c) => ({
        cell: s.cell,
        games: s.games,
        exact: s.exact,
        estimates: Object.fromEntries(targets.map((t, m) => [t.metric, s.estimates?.[m] ?? null])),
        distance: s.estimates ? distance(targets, s.estimates).point : null,
        status: status(c),
        ...(outcome.eliminatedAfter.has(c) ? { eliminatedAfter: outcome.eliminatedAfter.get(c) } : {}),
      })),
      rounds: outcome.rounds.map((r) => ({ ...r, played: r.played.length })),
      stop: outcome.stop,
      games: input.spent,
      fullSweepGames: fullSweep,
      budget: input.budget,
      tolerance: input.tolerance,
      eliminationConfidence: outcome.eliminationConfidence,
    },
    assumptions: input.bestReport.assumptions,
    tables,
    notes: [
      `Stopped: ${STOP_WORDS[outcome.stop]}.`,
      `Distance to the targets: Σ weight × |estimate − target| / unit (${scaleWords}); the best is the setting with the smallest distance, and --tolerance ${input.tolerance} is measured in the same units.`,
      ...(simulated
        ? [
            'Search: successive halving with statistical elimination. Every setting plays the same games (common random numbers: game i of each setting draws from the same stream), the games per setting double each round, and a setting leaves the race once the nearest end of its interval is farther from the targets than the farthest end of the leader\'s.',
            `Eliminations use intervals at ${Number((outcome.eliminationConfidence * 100).toPrecision(6))}% (Bonferroni over the ${settings.length} settings); the intervals shown are at ${Number((confidence * 100).toPrecision(6))}%. The settings still in the race at the end are reported as indistinguishable from the best.`,
            `Games: ${groupedInteger(input.spent)} played${input.restored ? ` (${groupedInteger(input.restored)} of them restored from the checkpoint)` : ''}; a full sweep of the ${settings.length} settings to the ${groupedInteger(maxGames)} games the best got would play ${groupedInteger(fullSweep)}.`,
          ]
        : []),
      ...input.bestReport.notes.filter((n) => /policy gap/i.test(n)),
    ],
  };
}

/**
 * A warning per target the best setting's interval leaves out. One no setting's interval holds is
 * unreached (said with the setting nearest to it on that metric: the target lies between two
 * settings, or beyond the range tried); one another setting holds is missed only because the
 * targets pull apart (said with those settings): "no setting reaches" would be false.
 */
function missedTargets(input: TuneInput, isRate: (m: number) => boolean): { text: string; unreached: boolean }[] {
  const best = input.settings[input.outcome.best];
  if (!best?.estimates) return [];
  const cellName = (cell: Record<string, string>) => Object.entries(cell).map(([k, v]) => `${k}=${v}`).join(', ');
  const out: { text: string; unreached: boolean }[] = [];
  input.targets.forEach((t, i) => {
    // A rate's target and interval in % as the answer's line before prints them (it read "77.5% [71.23%, 82.74%]" then "[0.712, 0.827]").
    const range = (e: MetricEstimate) => `[${shown(e.lo, isRate(i))}, ${shown(e.hi, isRate(i))}]`;
    const value = t.value;
    const target = shown(value, isRate(i));
    const e = best.estimates![i];
    if (!e || (e.lo <= value && value <= e.hi)) return;
    const ran = input.settings.filter((s) => s.estimates);
    const holders = ran.filter((s) => s.estimates![i].lo <= value && value <= s.estimates![i].hi);
    if (holders.length) {
      const names = holders.slice(0, 3).map((s) => cellName(s.cell)).join('; ') + (holders.length > 3 ? `; and ${holders.length - 3} more` : '');
      // One target: the best is the nearest; a setting left behind early (fewer games, a wider interval) may still hold it.
      if (input.targets.length === 1) {
        out.push({ unreached: true, text: `the best misses ${t.metric} = ${target} (its interval ${range(e)}); ${holders.length === 1 ? 'the interval' : 'the intervals'} of ${names}, left with fewer games, still ${holders.length === 1 ? 'holds' : 'hold'} it.` });
        return;
      }
      out.push({ unreached: false, text: `the best over all targets misses ${t.metric} = ${target} (its interval ${range(e)}), which ${holders.length === 1 ? 'another setting reaches' : `${holders.length} other settings reach`} alone (${names}): the targets pull apart (weigh them: --target ${t.metric}=${target}@W).` });
      return;
    }
    const nearest = ran.reduce((a, b) => (Math.abs(b.estimates![i].estimate - value) < Math.abs(a.estimates![i].estimate - value) ? b : a));
    const values = ran.map((s) => s.estimates![i].estimate);
    const between = values.some((v) => v < value) && values.some((v) => v > value);
    out.push({ unreached: true, text: `no setting reaches ${t.metric} = ${target}: the nearest on it (${cellName(nearest.cell)}) has ${range(nearest.estimates![i])}, and ${between ? 'the target lies between two settings: no value tried hits it' : 'every setting is on one side of it (widen the --vary range)'}.` });
  });
  return out;
}
