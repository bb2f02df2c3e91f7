// `dualfates attack` as a scenario game: parameters → exact odds, or Monte Carlo beside them.
import { answerSentence, besideExactWords, EXACT, estimateHeadline, exactHeadline, exactPctText, meanText, pctText } from '../../core/answer.js';
import { provenance } from '../../core/provenance.js';
import { dataValuesOf, slugOf } from '../../core/dataValues.js';
import type { ParamValue } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import type { ModeEntry } from '../../core/gameModule.js';
import { exactAttack } from './attackExact.js';
import { exactAttackResult, exactAttackTables, mcAttackResult, mcAttackTables, type ExactAttackResult, type McAttackResult } from './attackReport.js';
import type { AttackSimParams } from './attackSim.js';
import { DUALFATES_SIM_ID } from './dualfatesSim.js';
import { outsideIntervalsNote } from '../../core/intervals.js';
import { ATTACK_PARAMS, attackParamsFrom, type AttackParams } from './dualfatesParams.js';
import { applyUnitPicks, loadUnitSheets, type AttackPicks } from './unitPicks.js';

/** Stop a simulated game after this many attacks (metric values must stay ≤ 2^20). */
const MAX_SIM_ATTACKS = (1 << 20) - 1;

export function attackAssumptions(p: AttackParams): string[] {
  const out = [
    'Damage is rolled only when the attack succeeds; a miss deals 0 (rulebook: ATTACK EXAMPLE).',
    'attacksToIncapacitate: repeated identical attacks from full shields/armor/health, nothing healed or repaired between them.',
  ];
  // rulebook: Understanding The Statistics ("absorbs damage before Health is lost"); Healing & Repair ("Armor can be repaired").
  if (p.armorRule === 'perHit') out.push('Armor per hit (reading, --armor-rule perHit): armor is taken off the damage of every hit that gets past the shields and is never used up; the default reads it as a pool used up by damage and repaired by the repair ability.');
  else if (p.armor > 0) out.push('Armor as a pool (reading, the default): damage past the shields uses armor up before health, as the rulebook\'s "absorbs damage before Health is lost" and "Armor can be repaired" suggest; --armor-rule perHit takes it off every hit instead.');
  if (p.attack === 'auto') out.push('Melee vs DEF, ranged vs DOD/WILL/static unless --attack says otherwise (assumption: ATTACK EXAMPLE, Understanding The Statistics).');
  if (p.damage === 'medium' && p.damageMedium === 'd6') out.push('Medium damage is one d6 (the enumeration counts the second die as ignored).');
  // rulebook: Actions & Activations (Example Activation) — the Shield deflect is a Free Action, one per round.
  if (!p.deflect) out.push("Deflect off (assumption): the target's Shield special, if it has one, is not used: --deflect applies it (the deflect is a Free Action, once per round, so whether it is available depends on the round).");
  else {
    out.push('Deflect on (assumption): the Shield deflect is available against every attack, including each attack counted in attacksToIncapacitate; an upper bound, as the deflect is a Free Action, once per round (rulebook: Actions & Activations, Example Activation).');
    // rulebook: Running — "Units that Run may not perform Actions, and may not perform Free Actions."
    if (p.running) out.push('Running with deflect (assumption): the rulebook says "Units that Run may not perform Actions, and may not perform Free Actions" (rulebook: Running); --running with --deflect assumes the deflect is still available.');
  }
  return out;
}

/** " (Training Knight's Training Strike on Training Knight)" for the title, or "". */
function pickedTitle(picks: AttackPicks): string {
  const by = picks.attacker ? `${picks.attacker}'s ${picks.ability ?? 'attack'}` : '';
  const on = picks.target ? `on ${picks.target}` : '';
  return by || on ? ` (${[by, on].filter(Boolean).join(' ')})` : '';
}

/** The unit picks (`result.units`): the units file, the names picked (null: none) and what they filled. */
export interface DualFatesAttackUnits {
  file: string;
  attacker: string | null;
  ability: string | null;
  target: string | null;
  /** Which parameters the picks filled, and from what: "value = DEF 7 (Training Knight)". */
  filled: string[];
}

/** The `result` of an exact `dualfates attack` (method exact, the default). */
export interface DualFatesAttackExactResult extends ExactAttackResult {
  units: DualFatesAttackUnits;
}

/** The `result` of a Monte Carlo `dualfates attack` (method mc): estimates beside the exact values. */
export interface DualFatesAttackMcResult extends McAttackResult {
  units: DualFatesAttackUnits;
}

/** The unit picks in the JSON result: names and what they filled. */
function unitsBlock(picks: AttackPicks): DualFatesAttackUnits {
  return { file: picks.file, attacker: picks.attacker, ability: picks.ability, target: picks.target, filled: picks.filled };
}

/**
 * A data value of a unit the attack does not pick changes nothing: refused (exit 2) naming it and
 * the picks, rather than answering the same question silently. Throws UsageError.
 */
function refuseUnpickedValues(resolved: Record<string, ParamValue>, picks: AttackPicks): void {
  const picked = [picks.attacker, picks.target].filter((x): x is string => x !== null).map(slugOf);
  for (const key of Object.keys(dataValuesOf(resolved))) {
    const unit = key.split('.')[2];
    if (!picked.includes(unit)) throw new UsageError(`parameter ${key}: the attack does not use unit "${unit}" (pick it with --attacker or --target), so its value would change nothing`);
  }
}

/** Who attacks whom, for the answer sentence: "Training Knight's Training Strike on Training Knight" or "An attack vs DEF 7". */
function attackSubject(p: AttackParams, picks: AttackPicks, targetNumber: number): string {
  const by = picks.attacker ? `${picks.attacker}'s ${picks.ability ?? 'attack'}` : 'An attack';
  return `${by} ${picks.target ? `on ${picks.target} (${p.vs.toUpperCase()} ${p.value}, target number ${targetNumber})` : `vs ${p.vs.toUpperCase()} ${p.value} (target number ${targetNumber})`}`;
}

/** The conditions every attack answer rests on: damage and the target's pools. */
function attackConditions(p: AttackParams): string {
  return `${p.damage} damage; shields ${p.shields}, armor ${p.armor} ${p.armorRule === 'perHit' ? 'per hit' : 'as a pool'}, health ${p.health}${p.deflect ? '; deflect on' : ''}`;
}

/** The exact answer: P(success) and the mean attacks to incapacitate (or that it never happens). */
function exactAttackAnswer(p: AttackParams, picks: AttackPicks, r: ExactAttackResult): string {
  const m = r.attacksToIncapacitate.mean;
  const incap = m === null ? 'never incapacitates' : `incapacitates in ${m.toFixed(2)} attacks on average`;
  return answerSentence(`${attackSubject(p, picks, r.target.targetNumber)} succeeds ${exactPctText(r.success)} of the time and ${incap}`, [attackConditions(p), EXACT]);
}

/** The Monte Carlo answer: the same two numbers with their intervals, and whether the exact ones lie inside. */
function mcAttackAnswer(p: AttackParams, picks: AttackPicks, r: McAttackResult): string {
  const m = r.attacksToIncapacitate.mean;
  const known = m.estimate !== null && m.lo !== null && m.hi !== null && m.exact !== null;
  const incap = known ? `incapacitates in ${meanText({ estimate: m.estimate!, lo: m.lo!, hi: m.hi! })} attacks on average` : 'never incapacitates';
  const exact = besideExactWords([exactPctText(r.success.exact), ...(known ? [m.exact!.toFixed(2)] : [])], [r.success.exactInInterval, ...(known ? [Number.isFinite(m.lo) && Number.isFinite(m.hi) ? m.exactInInterval === true : null] : [])]);
  return answerSentence(`${attackSubject(p, picks, r.target.targetNumber)} succeeds ${pctText(r.success)} of the time and ${incap}`, [attackConditions(p), exact]);
}

export const attackEntry: ModeEntry = {
  summary: 'Dual Fates: odds that an attack succeeds, its damage, and attacks needed to incapacitate (exact; mc cross-check)',
  params: ATTACK_PARAMS,
  async run(resolved, settings) {
    const units = String(resolved.units);
    const sheets = loadUnitSheets(units, resolved);
    const { params: filled, picks } = applyUnitPicks(resolved, sheets, units);
    refuseUnpickedValues(resolved, picks);
    const p = attackParamsFrom(filled);
    const x = exactAttack(p);
    const title = `Dual Fates attack${pickedTitle(picks)} vs ${p.vs.toUpperCase()} ${p.value} (target ${x.target.target}), ${p.damage} damage, shields ${p.shields} armor ${p.armor} health ${p.health}`;
    const notes = x.target.ignored.map((i) => `ignored ${i}`);
    // The settings line marks what was given but not applied ("cover heavy (ignored: melee attacks ignore cover)"), as Genisys' does.
    const ignoredSettings = Object.fromEntries(
      x.target.ignored.map((i) => {
        const [name, why] = [i.slice(0, i.indexOf(': ')), i.slice(i.indexOf(': ') + 2).replace(/ \(rulebook: [^)]*\)$/, '')];
        return [name.endsWith(' cover') ? 'cover' : name, why];
      }),
    );
    if (picks.filled.length) notes.push(`From the unit sheets (${units}): ${picks.filled.join('; ')}; a value given as an option, --set or scenario parameter wins.`);
    if (x.success.landed === 0) notes.push('No attack can land: the unit is never incapacitated.');
    else if (!x.toIncapacitate.possible) notes.push(`No landed attack gets past armor ${p.armor} (per-hit reading): the unit is never incapacitated.`);
    if (p.method === 'exact') {
      const result: DualFatesAttackExactResult = { ...exactAttackResult(p, x), units: unitsBlock(picks) };
      return {
        // The unit sheets are data the numbers depend on (an edited file is another answer).
        ...provenance('dualfates attack', { ...resolved }, sheets),
        title,
        method: 'exact',
        seed: null,
        n: null,
        confidence: settings.confidence,
        result,
        assumptions: attackAssumptions(p),
        tables: exactAttackTables(result),
        notes,
        ...(Object.keys(ignoredSettings).length ? { ignoredSettings } : {}),
        // The answer first: how often the attack succeeds, and how many it takes.
        text: exactAttackAnswer(p, picks, result),
        headline: exactHeadline('P(success)', result.success, 'rate'),
      };
    }
    const simParams: AttackSimParams = {
      target: x.target.target,
      successRule: p.successRule,
      deflect: p.deflect,
      deflectRule: p.deflectRule,
      damageDice: x.damageDice,
      armorRule: p.armorRule,
      shields: p.shields,
      armor: p.armor,
      health: p.health,
      // A game that can never end is played for one attack only (its count lands in overflow).
      maxAttacks: x.toIncapacitate.possible ? MAX_SIM_ATTACKS : 1,
    };
    const run = await settings.simulate(DUALFATES_SIM_ID, { kind: 'attack', ...simParams });
    const result: DualFatesAttackMcResult = { ...mcAttackResult(p, x, run.totals, settings.confidence), units: unitsBlock(picks) };
    const tables = mcAttackTables(result);
    notes.push(outsideIntervalsNote(tables.flatMap((t) => t.rows.map((r) => r.exactInInterval as boolean | null)), settings.confidence));
    return {
      ...provenance('dualfates attack', { ...resolved }, sheets),
      ...(Object.keys(ignoredSettings).length ? { ignoredSettings } : {}),
      title,
      method: 'mc',
      seed: settings.seed,
      n: run.games,
      confidence: settings.confidence,
      ...(run.partial ? { partial: true } : {}),
      result,
      assumptions: attackAssumptions(p),
      tables,
      notes,
      text: mcAttackAnswer(p, picks, result),
      headline: estimateHeadline('P(success)', result.success, 'rate'),
    };
  },
};
