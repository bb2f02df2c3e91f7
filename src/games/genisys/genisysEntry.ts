// `genisys attack` as a scenario game: parameters (unit picks filled in from the units file) →
// exact engine (default) or Monte Carlo on the foundation runner → report.
import { answerSentence, besideExactWords, EXACT, estimateHeadline, exactHeadline, exactPctText, pctText } from '../../core/answer.js';
import { provenance } from '../../core/provenance.js';
import { outsideIntervalsNote } from '../../core/intervals.js';
import type { ModeEntry } from '../../core/gameModule.js';
import { automaticCover, compileAttack } from './attackPlan.js';
import { exactAttack } from './exactAttack.js';
import { AUTO, GENISYS_PARAMS, rangeName, readParams, type GenisysParams } from './genisysParams.js';
import { exactResult, exactTables, mcResult, mcTables, planTitle } from './genisysReport.js';
import { applyUnits, picksOf, type AppliedUnits } from './units.js';
import { dataValuesOf } from '../../core/dataValues.js';
import type { ParamValue } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { idleRuleNote, idleWeaponRules } from './idleWeaponRules.js';

/** "Endoskeleton with Plasma gun vs Resistance Soldier: " for the picks made, or "". */
export function unitsTitle(names: AppliedUnits['names']): string {
  const parts = [names.attacker, names.weapon !== undefined ? `${names.attacker !== undefined ? 'with ' : ''}${names.weapon}` : undefined, names.target !== undefined ? `vs ${names.target}` : undefined].filter((x) => x !== undefined);
  return parts.length ? `${parts.join(' ')}: ` : '';
}

/**
 * The named choices behind every number: one per numbered choice of scenarios/genisys/README.md
 * ("Choices where the rulebook leaves one"), in its order, each opening with its bold title.
 */
/** The README's choices as reported; the Extreme-range Size bound and the Mindless reading are the run's. */
export function genisysAssumptions(maxSize: number, mindlessExtreme: GenisysParams['mindlessExtremeCover'] = 'automatic'): string[] {
  const mindless = {
    automatic: `a Mindless target of Size ${maxSize} or less gets the Extreme-range hard cover ("including Machines and vehicles!") and nothing from declared terrain, and it never takes cover saves at any other range (mindless.extremeCover automatic; none and full are the alternatives).`,
    none: 'Mindless wins: a Mindless target never takes a cover save, at Extreme range neither (mindless.extremeCover none; automatic is the default reading).',
    full: `a Mindless target of Size ${maxSize} or less is in cover at Extreme range like any model, declared terrain and Multiple Cover included; no cover saves at any other range (mindless.extremeCover full; automatic is the default reading).`,
  }[mindlessExtreme];
  return [
  'Order of damage and Resolution: damage rolls of a batch are made before any Resolution test; a Resilient model that reaches n damage is removed without testing, otherwise it tests once per damage point and once per surviving hit.',
  'Several tests: the worst result stands: any Retreat! → retreated, else any Reeling → reeling.',
  "Re-roll rights past the ladder's ends: an upgraded D20's owner re-rolls any failed result (for Resolution: anything but 'no effect'); the opponent of a degraded D4 forces a re-roll of any success (for Resolution: anything but Retreat!). A second step past the end adds nothing.",
  `Default cover: a target is in hard cover unless --cover or --open says otherwise ("Models are normally considered to be in cover"; its die is cover.hard, D6 by default); even with --open or --cover none a target at Long range (not a vehicle) or at Extreme range (Size ${maxSize} or less) is in hard cover; declared terrain never makes that save worse, and it is not Multiple Cover.`,
  "TDD policy (--tdd): the attacker spends it, uncontested, on the first die that a re-roll cannot make worse for him and that matters (a miss, a successful save, a failed Power roll while the target stands, a Resolution result other than Retreat! as in the README, an I'll Be Back 5–6), and only where a plain re-roll of that die can succeed (a Power die that cannot reach the Armor is passed over); a die already re-rolled is never re-rolled again.",
  "Crawler: after I'll Be Back the crawler takes one Resolution test on its own Resolution, stepped for a heavy or improvised weapon like any test for surviving a hit; the destroyed model's other surviving hits cause no tests.",
  'Sniper aimed shot: it is also an Aimed Shot, so the Skill upgrade applies as well as the 4+ and no-save rules.',
  "Stopping Power: 'Power D8 at Point Blank' is read literally (D8 even where the weapon's Power is higher).",
  "Heavy/improvised: judged on the Power die actually rolled (after Stopping Power or 'Hasta la Vista').",
  "Hasta la Vista: resolved at Close Combat range whatever --range says; Stealth does not apply and aimed shots are not taken.",
  "Degrading example: a degraded D8 is a D6 (one step down the ladder); the rulebook example's 'becomes a D4' is read as a slip.",
  'sim genisys table: a die-step table uses ROF 1 unless rof is given or a weapon is picked.',
  "Unit picks fill only stats not given: a stat at auto/0 takes the picked unit's value, else the quickplay attack's.",
  `Mindless at Extreme range: ${mindless}`,
  "Defender's TDD: with --defender-tdd contest the defender contests every TDD re-roll the attacker spends (a roll-off of the agents' dice, tdd.attackerAgent vs tdd.defenderAgent, ties rolled again; the re-roll goes ahead only if the attacker wins); the defender never spends its TDD on dice of its own here.",
  'Fence generator cover: it never takes a cover save (coverSaves false), since the energy fences it powers "do not provide cover".',
  'Flying VTOL cover: a flying VTOL hovers above all terrain, so Long range gives it no automatic cover and --cover auto means vtol.cover (none); Extreme-range cover follows its Size (20).',
  "Damaged, unharmed and Reeling results: damaged = new damage from this attack on a model that stays in play; unharmed = no new damage and no Reeling result; every Reeling result of a model that stays in play (a crawler's test included) is counted, one Done marker each (two on a model without any).",
  ];
}

/**
 * A data value of a unit or weapon the attack does not pick changes nothing: refused (exit 2)
 * naming it and the picks, rather than answering the same question silently. Throws UsageError.
 */
function refuseUnpickedValues(resolved: Record<string, ParamValue>): void {
  const picks = picksOf(resolved);
  const id = (x?: string) => x?.trim().toLowerCase();
  for (const key of Object.keys(dataValuesOf(resolved))) {
    const [, table, entry] = key.split('.');
    const used = table === 'weapons' ? [id(picks.weapon)] : [id(picks.attacker), id(picks.target)];
    if (used.includes(entry)) continue;
    const asked = table === 'weapons' ? `--weapon ${entry}` : `--attacker ${entry} or --target ${entry}`;
    throw new UsageError(`parameter ${key}: the attack does not use ${table === 'weapons' ? 'weapon' : 'unit'} "${entry}" (pick it with ${asked}), so its value would change nothing`);
  }
}

/** Whether an exact value lies in an estimate's interval. */
function inside(e: { lo: number; hi: number }, exact: number): boolean {
  return exact >= e.lo && exact <= e.hi;
}

export const genisysEntry: ModeEntry = {
  summary: 'Terminator Genisys: exact (or Monte Carlo) odds of one attack — hits, saves, damage, Resolution, final state',
  params: GENISYS_PARAMS,
  async run(resolved, settings) {
    refuseUnpickedValues(resolved);
    const units = applyUnits(resolved, { weaponOfAttacker: true });
    const p = readParams(units.params);
    const plan = compileAttack(p);
    const exact = exactAttack(plan);
    const notes: string[] = [];
    // An attacker firing none of its sheet's weapons (it lists none, or --rof and --power describe another) says what it fires.
    if (units.names.attacker !== undefined && units.names.weapon === undefined) {
      const fires = `ROF ${p.rof} and Power ${p.power.toUpperCase()}${resolved.rof === AUTO || resolved.power === AUTO ? " (the quickplay attack's where not given)" : ' (as given)'}`;
      notes.push(units.attackerWeapons.length === 0 ? `${units.names.attacker} carries no weapon in ${String(resolved.units)}: the attack uses ${fires}.` : `${units.names.attacker} fires ${fires}, none of the weapons its sheet lists (${units.attackerWeapons.join(', ')}).`);
    }
    // What these notes say was not played as given, marked on the settings line too.
    const ignoredSettings: Record<string, string> = {};
    // --open where the range itself gives cover (automaticCover): say why a save remains.
    if (p.open && plan.hasSave && plan.range === 'long' && automaticCover(p, plan.range)) notes.push('--open has no effect at Long range: only Point Blank/Short targets can be in the open (rulebook: In the Open); vehicles excepted.');
    if (p.open && plan.hasSave && plan.range === 'extreme' && automaticCover(p, plan.range)) {
      notes.push(`--open has no effect at Extreme range: all models of Size ${p.extremeCoverMaxSize} or less, Machines and vehicles included, are in cover there (rulebook: Larger Playing Surfaces – Extreme Range), so this Size ${p.size} target${p.vehicle ? ' (a vehicle)' : ''} still saves on the hard-cover die. A larger target (a flying VTOL is Size 20: --set size=20) gets no such cover.`);
    }
    // 'Hasta la Vista, Baby!' resolves at Close Combat range (README choice 10): say what it drops.
    const givenRange = units.params.range;
    if (p.hastaLaVista && givenRange !== AUTO && givenRange !== 'cc') {
      notes.push(`'Hasta la Vista, Baby!' is resolved at Close Combat range (the attacker is within CC range of the reeling target): --range ${String(givenRange)} (${rangeName(p.range)}) is ignored${p.stealth ? ', and Stealth does not apply' : ''}.`);
      ignoredSettings.range = "'Hasta la Vista' is at Close Combat";
    }
    if (p.hastaLaVista && p.aimed) {
      notes.push("'Hasta la Vista, Baby!' is a close combat attack: --aimed is ignored (aimed shots are ranged shots).");
      ignoredSettings.aimed = "'Hasta la Vista' is a close combat attack";
    }
    if (p.defenderTdd === 'contest' && !p.tdd) notes.push('--defender-tdd contest has no effect without --tdd: the attacker spends no TDD re-roll to contest.');
    if (p.tdd && p.defenderTdd === 'contest') notes.push(`The defender contests the attacker's TDD: a re-roll goes ahead with P = ${plan.tddProceeds.toFixed(4)} (${p.tddAttackerAgent.toUpperCase()} vs ${p.tddDefenderAgent.toUpperCase()} roll-off, ties rolled again).`);
    if (p.semiAutomatic && p.rof !== plan.rof) {
      notes.push(`Semi-automatic: ROF ${plan.rof} at this range (rof ${p.rof} ignored).`);
      if (units.params.rof !== AUTO) ignoredSettings.rof = `semi-automatic gives ROF ${plan.rof} here`;
    }
    // A weapon rule that leaves this attack as it is is said, never silently ignored (a note, not a
    // refusal: in a sweep over range it acts in some cells).
    // (--open at Long or Extreme range has its own note above, with the rule that keeps the save.)
    const openNoted = p.open && plan.hasSave && (plan.range === 'long' || plan.range === 'extreme') && automaticCover(p, plan.range);
    for (const rule of idleWeaponRules(p, plan, resolved)) {
      if (rule.key === 'open' && openNoted) continue;
      notes.push(`${idleRuleNote(rule, 'this attack')}.`);
      if (rule.short) ignoredSettings[rule.key] = rule.short;
    }
    if (units.data) notes.push(`units from ${String(resolved.units)}; stats given as parameters override the picked units' (see result.attack for the values used)`);
    // A data value the attack never reads is said, never silently ignored (a note: in a sweep over the picks it acts in some cells).
    for (const idle of units.idleData) notes.push(`data value ${idle}.`);
    // The answer first: how often one attack removes the target and how often it damages it at all.
    const answer = 'One attack removes the target (destroyed or retreated)';
    const conditions = [unitsTitle(units.names).replace(/: $/, ''), planTitle(plan)];
    const base = { ...provenance('genisys attack', { ...resolved }, units.data), title: unitsTitle(units.names) + planTitle(plan), confidence: settings.confidence, assumptions: genisysAssumptions(p.extremeCoverMaxSize, p.mindlessExtremeCover), notes, ...(Object.keys(ignoredSettings).length ? { ignoredSettings } : {}) };
    if (p.method === 'exact') {
      const result = exactResult(plan, exact);
      const text = answerSentence(`${answer} ${exactPctText(result.removed)} of the time and scores at least one damaging hit ${exactPctText(result.atLeastOneDamage)}`, [...conditions, EXACT]);
      return { ...base, method: 'exact' as const, seed: null, n: null, result, tables: exactTables(plan, result), text, headline: exactHeadline('P(target removed)', result.removed, 'rate') };
    }
    const run = await settings.simulate('attack', plan);
    const result = mcResult(plan, run.totals, settings.confidence, exact);
    const tables = mcTables(plan, result);
    notes.push(outsideIntervalsNote(tables.flatMap((t) => t.rows.map((r) => r.exactInInterval as boolean)), settings.confidence));
    return {
      ...base,
      method: 'mc' as const,
      seed: settings.seed,
      n: run.games,
      ...(run.partial ? { partial: true } : {}),
      result,
      tables,
      headline: estimateHeadline('P(target removed)', result.removed, 'rate'),
      text: answerSentence(`${answer} ${pctText(result.removed)} of the time and scores at least one damaging hit ${pctText(result.atLeastOneDamage)}`, [
        ...conditions,
        besideExactWords([exactPctText(result.exact.removed), exactPctText(result.exact.atLeastOneDamage)], [inside(result.removed, result.exact.removed), inside(result.atLeastOneDamage, result.exact.atLeastOneDamage)]),
      ]),
    };
  },
};
