// Reports of the exact, parameter-light Dual Fates commands: pillars, run, table, team. Pure:
// inputs → Report; the CLI parses options, reads files and writes the output.
import { answerSentence, EXACT, exactHeadline, exactPctText } from '../../core/answer.js';
import { provenance } from '../../core/provenance.js';
import type { Report, ResultTable } from '../../core/reportTypes.js';
import { successCounts, targetNumber } from './attackExact.js';
import { defaultAttackParams, type AttackParams } from './dualfatesParams.js';
import { incapacitationTable, MODIFIER_SETS, successTable, type IncapRow } from './oddsTable.js';
import { pillarsResult } from './pillars.js';
import { runDistribution } from './running.js';
import { formatTeamError, type Team, type TeamSummary } from './team.js';

function exactReport(game: string, params: Record<string, unknown>, title: string, confidence: number, rest: Pick<Report, 'result' | 'tables' | 'assumptions' | 'notes' | 'text' | 'headline'>, rulesData: unknown = null): Report {
  return { ...provenance(game, params, rulesData), title, method: 'exact', seed: null, n: null, confidence, ...rest };
}

/** `sim dualfates pillars`. */
export function pillarsReport(rounds: number, confidence: number): Report {
  const r = pillarsResult(rounds);
  const tables: ResultTable[] = [
    {
      title: 'Pillars of Fate roll (2d6; faces 1-5 name pillars, 6 = Secret Mission)',
      columns: [
        { key: 'kind', header: 'outcome', format: 'text' },
        { key: 'count', header: 'of 36', format: 'int' },
        { key: 'p', header: 'P', format: 'prob' },
        { key: 'fraction', header: 'exact', format: 'text' },
      ],
      rows: [...r.outcomes, { kind: 'any Secret Mission (at least one 6)', ...r.secretMissionAny }],
    },
    {
      title: 'A given pillar this round (rolled by the dice; Secret picks excluded)',
      columns: [
        { key: 'pillar', header: 'pillar', format: 'int' },
        { key: 'pObjective', header: 'P(objective)', format: 'prob' },
        { key: 'fraction', header: 'exact', format: 'text' },
        { key: 'pDoubled', header: 'P(doubled)', format: 'prob' },
        { key: 'doubledFraction', header: 'exact', format: 'text' },
      ],
      rows: r.perPillar,
    },
    {
      title: `Rounds (of ${rounds}) in which a given pillar is a rolled objective: Binomial(${rounds}, 11/36)`,
      columns: [
        { key: 'k', header: 'rounds', format: 'int' },
        { key: 'p', header: 'P', format: 'prob' },
      ],
      rows: r.objectiveRounds.distribution,
    },
    {
      title: `Initiative: P(win) = ${r.initiative.pWinFraction}; P(tie) = ${r.initiative.pTieFraction}; tie re-rolls`,
      columns: [
        { key: 'rerolls', header: 're-rolls', format: 'int' },
        { key: 'p', header: 'P', format: 'prob' },
      ],
      rows: r.initiative.rerolls.slice(0, 8),
    },
  ];
  return exactReport('dualfates pillars', { rounds, method: 'exact' }, `Dual Fates: Pillars of Fate and Initiative odds (${rounds} rounds)`, confidence, {
    result: r,
    tables,
    assumptions: [
      'Rounds are independent: each round rolls afresh (rulebook: 2. Pillars of Fate Phase).',
      'P(objective) counts pillars named by the dice; a Secret or Critical Mission may add any pillar at the end of the round.',
    ],
    notes: [`Every roll can score at most ${Math.max(...r.maxVictoryPoints.map((m) => m.vp))} Victory Points (two pillars, a doubled pillar, Secret Mission + pillar, or a doubled Critical Mission).`],
    // The answer first: how often a given pillar is an objective, and who wins Initiative.
    headline: exactHeadline('P(a given pillar is an objective)', r.perPillar[0].pObjective, 'rate'),
    text: answerSentence(`A given pillar is a rolled objective in ${exactPctText(r.perPillar[0].pObjective)} of rounds (${r.perPillar[0].fraction}), ${r.objectiveRounds.mean.toFixed(2)} of ${rounds} rounds on average, and the first player wins Initiative ${exactPctText(r.initiative.pWin)} of the time`, ['Secret and Critical Mission picks excluded', EXACT]),
  });
}

/** `sim dualfates run --speed N`; with a unit, the unit sheets file it was read from and its content (hashed). */
export function runReport(speed: number, confidence: number, unit: string | null = null, units: { file: string; sheets: unknown } | null = null): Report {
  const r = runDistribution(speed);
  return exactReport('dualfates run', { speed, ...(unit ? { unit } : {}), ...(units ? { units: units.file } : {}) }, `Dual Fates: running distance for ${unit ? `${unit} (Speed ${speed})` : `Speed ${speed}`} (Speed + higher die of 2d6)`, confidence, {
    result: { speed, distribution: r.rows, mean: r.mean },
    tables: [
      {
        title: `Inches moved when running (mean ${r.mean.toFixed(4)})`,
        columns: [
          { key: 'inches', header: 'inches', format: 'int' },
          { key: 'p', header: 'P', format: 'prob' },
          { key: 'fraction', header: 'exact', format: 'text' },
          { key: 'atLeast', header: 'P(>=)', format: 'prob' },
        ],
        rows: r.rows.map((x) => ({ ...x })),
      },
    ],
    assumptions: ['Terrain is ignored (Hard Terrain doubles movement cost: rulebook: Terrain Rules).'],
    notes: [],
    // The answer first: the mean distance and its range.
    headline: exactHeadline('mean inches run', r.mean, 'mean'),
    text: answerSentence(`${unit ? `${unit} (Speed ${speed})` : `A unit of Speed ${speed}`} runs ${r.mean.toFixed(2)} inches on average, ${r.rows[0].inches} to ${r.rows[r.rows.length - 1].inches}`, ['Speed + the higher die of 2d6; terrain ignored', EXACT]),
  }, units?.sheets ?? null);
}

/**
 * The table's answer: an unmodified attack's P(success) against the target, and the range of the
 * mean attacks to incapacitate over the incapacitation table's rows (rows that never end left out).
 */
function oddsTableAnswer(base: AttackParams, value: number, targetName: string | null, success: number, rows: readonly IncapRow[]): string {
  const against = `${base.vs.toUpperCase()} ${value}${targetName ? ` (${targetName})` : ''}`;
  const ending = rows.filter((r) => r.mean !== null);
  const row = (r: IncapRow) => `${r.mean!.toFixed(2)} (${r.damage} damage, health ${r.health}, armor ${r.armor})`;
  let range = '';
  if (ending.length > 0) {
    let lo = ending[0];
    let hi = ending[0];
    for (const r of ending) {
      if (r.mean! < lo.mean!) lo = r;
      if (r.mean! > hi.mean!) hi = r;
    }
    range = `, and the mean attacks to incapacitate range from ${row(lo)} to ${row(hi)}`;
  }
  return answerSentence(`Against ${against} an unmodified attack succeeds ${exactPctText(success)} of the time${range}`, [`no shields; armor ${base.armorRule === 'perHit' ? 'per hit' : 'as a pool'}`, EXACT]);
}

/** `sim dualfates table`. */
export function oddsTableReport(value: number, maxHealth: number, maxArmor: number, maxK: number, confidence: number, base: AttackParams = defaultAttackParams(), targetName: string | null = null, units: { file: string; sheets: unknown } | null = null): Report {
  const success = successTable(base);
  const p = { ...base, value };
  const incap = incapacitationTable(p, maxHealth, maxArmor, maxK);
  const plain = successCounts(targetNumber(p).target, p);
  const kCols = Array.from({ length: maxK }, (_, i) => ({ key: `k${i + 1}`, header: `<=${i + 1}`, format: 'prob' as const }));
  return exactReport('dualfates table', { value, maxHealth, maxArmor, maxK, armorRule: base.armorRule, target: targetName, ...(units ? { units: units.file } : {}) }, 'Dual Fates: success by target value and modifiers; incapacitation within k attacks', confidence, {
    result: {
      modifierSets: MODIFIER_SETS.map((m) => ({ key: m.key, label: m.label })),
      success,
      incapacitation: { targetValue: value, target: targetName, vs: base.vs, armorRule: base.armorRule, rows: incap },
    },
    tables: [
      {
        title: `P(success) by stat value (rows) and modifier (columns): no mod, ran, poisoned and ran+poisoned target ${base.vs.toUpperCase()}; "DOD+lt cover" / "DOD+hv cover" is light (+1) / heavy (+2) cover on DOD against a ranged attack (cover, not damage); ran = the target ran (+2); fear is -1 WILL`,
        columns: [{ key: 'value', header: 'stat', format: 'int' }, ...MODIFIER_SETS.map((m) => ({ key: m.key, header: m.header, format: 'prob' as const }))],
        rows: success,
      },
      {
        title: `P(incapacitated within k attacks), attacks vs ${base.vs.toUpperCase()} ${value}, no shields, armor ${base.armorRule === 'perHit' ? 'per hit' : 'pool'}`,
        columns: [
          { key: 'damage', header: 'damage', format: 'text' },
          { key: 'health', header: 'health', format: 'int' },
          { key: 'armor', header: 'armor', format: 'int' },
          ...kCols,
          { key: 'mean', header: 'mean', format: 'fixed2' },
        ],
        rows: incap.map((r) => ({ damage: r.damage, health: r.health, armor: r.armor, mean: r.mean, ...Object.fromEntries(r.withinK.map((q, i) => [`k${i + 1}`, q])) })),
        rowLabels: 3,
      },
    ],
    assumptions: [
      `Modifier sets use the rulebook bonuses (cover +1/+2 DOD, running +2, Poisoned -1, Fear -1); the plain, running and Poisoned columns target ${base.vs.toUpperCase()}.`,
      base.armorRule === 'perHit' ? 'Armor per hit (reading, --armor-rule perHit): taken off every hit, never used up.' : 'Armor as a pool (reading, the default): used up by damage before health; --armor-rule perHit takes it off every hit instead.',
    ],
    notes: [],
    headline: exactHeadline('P(success), unmodified', plain.landed / plain.total, 'rate'),
    text: oddsTableAnswer(base, value, targetName, plain.landed / plain.total, incap),
  }, units?.sheets ?? null);
}

/** The team's answer: valid or not (with the first broken rule), its points and starting Fate Tokens. */
function teamAnswer(name: string, summary: TeamSummary, params: Record<string, unknown>): string {
  const conditions = [`cap ${String(params.summoningPointCap)} Summoning Points, Vortex ${summary.vortex.cap}`];
  if (summary.valid) return answerSentence(`Team ${name} is valid: a ${summary.kind === 'mixed' ? 'mixed' : 'full-faction'} team of ${summary.points} Summoning Points that starts with ${summary.startingFateTokens} Fate Tokens`, conditions);
  const e = summary.errors[0];
  return answerSentence(`Team ${name} breaks ${summary.errors.length} rule${summary.errors.length > 1 ? 's' : ''}, first ${e.field}: ${e.message}`, conditions);
}

/** `sim dualfates team FILE`. */
export function teamReport(file: string, team: Team, summary: TeamSummary, params: Record<string, unknown>, confidence: number): Report {
  // The parameters by their keys (`fateTokens.full`), as --set and scenario files name them.
  return exactReport('dualfates team', { ...params, file }, `Dual Fates team ${team.name ?? file}: ${summary.valid ? 'valid' : `${summary.errors.length} rule violation(s)`}`, confidence, {
    result: summary,
    tables: [
      {
        title: `Team: ${summary.kind ?? 'type –'} · ${summary.points} Summoning Points · Wayward Coin ${summary.waywardCoinPoints} · starting Fate Tokens ${summary.startingFateTokens ?? '–'} · totem ${summary.totem ?? 'none'}`,
        columns: [
          { key: 'name', header: 'unit', format: 'text' },
          { key: 'type', header: 'type', format: 'text' },
          { key: 'faction', header: 'faction', format: 'text' },
          { key: 'cost', header: 'cost', format: 'int' },
          { key: 'scoringValue', header: 'scoring', format: 'int' },
          { key: 'mayStartInVortex', header: 'may start', format: 'text' },
          { key: 'deploy', header: 'deploy', format: 'text' },
        ],
        rows: summary.units,
      },
      ...(summary.errors.length
        ? [{ title: 'Rule violations (details below)', columns: [{ key: 'field', header: 'field', format: 'text' as const }, { key: 'rule', header: 'rule', format: 'text' as const }], rows: summary.errors.map((e) => ({ ...e })) }]
        : []),
    ],
    assumptions: [
      `Vortex: at most ${summary.vortex.cap} points active; the best starting deployment uses ${summary.vortex.maxStartingPoints} points.`,
      `Scoring value = ${params.scoringValue === 'cost' ? 'Summoning Point cost' : '1 per unit'} unless a unit states otherwise (see scenarios/dualfates/README.md).`,
    ],
    notes: [...summary.errors.map((e) => formatTeamError(file, e)), ...summary.notes],
    text: teamAnswer(team.name ?? file, summary, params),
  }, team);
}
