// `genisys-attack` as a scenario game: parameters (unit picks filled in from the units file) →
// exact engine (default) or Monte Carlo on the foundation runner → report.
import { provenance } from '../../core/provenance.js';
import { outsideIntervalsNote } from '../../report/intervals.js';
import type { ScenarioGame } from '../../core/scenarioGame.js';
import { compileAttack } from './attackPlan.js';
import { exactAttack } from './exactAttack.js';
import { GENISYS_PARAMS, readParams } from './genisysParams.js';
import { exactResult, exactTables, mcResult, mcTables, planTitle } from './genisysReport.js';
import { applyUnits, type AppliedUnits } from './units.js';

/** "Endoskeleton with Plasma gun vs Resistance Soldier: " for the picks made, or "". */
export function unitsTitle(names: AppliedUnits['names']): string {
  const parts = [names.attacker, names.weapon !== undefined ? `${names.attacker !== undefined ? 'with ' : ''}${names.weapon}` : undefined, names.target !== undefined ? `vs ${names.target}` : undefined].filter((x) => x !== undefined);
  return parts.length ? `${parts.join(' ')}: ` : '';
}

/** The named choices behind every number (scenarios/genisys/README.md has the full list). */
export const GENISYS_ASSUMPTIONS = [
  'Damage rolls of a batch are made before any Resolution test: a Resilient model that reaches n damage is removed without testing; otherwise it tests once per damage point and once per surviving hit.',
  'The worst Resolution result of an attack stands: any Retreat! → retreated, else any Reeling → reeling.',
  "Die ladder overflow: an upgraded D20's owner re-rolls any failed result (for Resolution: anything but 'no effect'); the opponent of a degraded D4 forces a re-roll of any success (for Resolution: anything but Retreat!). A second step past the end adds nothing.",
  "TDD (--tdd): the attacker spends it, uncontested, on the first die that a re-roll cannot make worse for him and that matters (a miss, a successful save, a failed Power roll while the target stands, a Resolution result other than Retreat! as in the README, an I'll Be Back 5–6), and only where a plain re-roll of that die can succeed (a Power die that cannot reach the Armor is passed over); a die already re-rolled is never re-rolled again.",
  "Cover at Long/Extreme range with no declared cover (or --open) is hard cover (D6); vehicles at Long range may be in the open.",
  "A crawler's Resolution test after I'll Be Back uses the crawler's Resolution, stepped for a heavy or improvised weapon like any test for surviving a hit; the destroyed model's other surviving hits cause no tests.",
];

export const genisysEntry: ScenarioGame = {
  id: 'genisys-attack',
  summary: 'Terminator Genisys: exact (or Monte Carlo) odds of one attack — hits, saves, damage, Resolution, final state',
  params: GENISYS_PARAMS,
  async run(resolved, settings) {
    const units = applyUnits(resolved);
    const p = readParams(units.params);
    const plan = compileAttack(p);
    const exact = exactAttack(plan);
    const notes: string[] = [];
    if (p.open && (p.range === 'long' || p.range === 'extreme') && !p.vehicle) notes.push('--open has no effect at Long/Extreme range: only Point Blank/Short targets can be in the open (rulebook: In the Open).');
    if (p.semiAutomatic && p.rof !== plan.rof) notes.push(`Semi-automatic: ROF ${plan.rof} at this range (rof ${p.rof} ignored).`);
    if (units.data) notes.push(`units from ${String(resolved.units)}; stats given as parameters override the picked units' (see result.attack for the values used)`);
    const base = { ...provenance('genisys-attack', { ...resolved }, units.data), title: unitsTitle(units.names) + planTitle(plan), confidence: settings.confidence, assumptions: GENISYS_ASSUMPTIONS, notes };
    if (p.method === 'exact') {
      const result = exactResult(plan, exact);
      return { ...base, method: 'exact' as const, seed: null, n: null, result, tables: exactTables(result) };
    }
    const run = await settings.simulate('genisys-attack', plan);
    const result = mcResult(plan, run.totals, settings.confidence, exact);
    const tables = mcTables(result);
    notes.push(outsideIntervalsNote(tables.flatMap((t) => t.rows.map((r) => r.exactInInterval as boolean)), settings.confidence));
    return {
      ...base,
      method: 'mc' as const,
      seed: settings.seed,
      n: run.games,
      ...(run.partial ? { partial: true } : {}),
      result,
      tables,
    };
  },
};
