// The attack sequence's choices as small named stages (rulebook: Attacking – Attack Sequence):
// choose dice → to-hit target → cover save → damage → Resolution → final state. Each stage turns
// the resolved parameters into numbers; together they compile an AttackPlan (plain JSON, sent to
// Monte Carlo workers) that both the exact and the Monte Carlo engine execute.
import { UsageError } from '../../core/usageError.js';
import { dieStep, moveDie, rerollOf, sidesOf } from './dieLadder.js';
import { rangeName, type GenisysParams, type RangeName } from './genisysParams.js';

export interface AttackPlan {
  /** Skill dice rolled (after Semi-automatic). */
  rof: number;
  /** Range band the attack is resolved at ("cc" for 'Hasta la Vista, Baby!'). */
  range: RangeName;
  /** Flame: the primary target is hit without a Skill roll. */
  autoHit: boolean;
  /** Area or Flame: every hit also hits the models within the template around the target (fire teams). */
  area: boolean;
  /** Ladder step of the Skill die (-1 = D4 degraded, 6 = D20 upgraded). */
  skillStep: number;
  /** A Skill roll of this or more hits. */
  hitTarget: number;
  /** Whether the target rolls cover saves at all. */
  hasSave: boolean;
  saveStep: number;
  saveTarget: number;
  /** The cover the save comes from ("hard cover", "soft cover, multiple", …; null without a save): the report names it. */
  saveCover: string | null;
  /** Power die step (never past the ladder ends). */
  powerStep: number;
  armor: number;
  heavy: boolean;
  improvised: boolean;
  /** Whether surviving hits cause Resolution tests at all. */
  tests: boolean;
  resStep: number;
  retreatMax: number;
  reelingMax: number;
  /** Damage that removes the model now (Resilient n minus damage taken; 1 if not resilient). */
  woundsLeft: number;
  /** Resilient: each point of damage short of removal also causes a Resolution test. */
  testsOnDamage: boolean;
  illBeBack: boolean;
  illBeBackTarget: number;
  crawlerResStep: number;
  /** The attacker holds an unspent TDD re-roll for this attack. */
  tdd: boolean;
  /**
   * P(the attacker's TDD re-roll goes ahead once he spends it): 1 uncontested; with the defender
   * contesting, P(the attacker's agent wins the roll-off). rulebook: The Game Turn – TDD Tactics.
   */
  tddProceeds: number;
  /** The defender contests the attacker's TDD (a roll-off of the agents' dice, sides below). */
  tddContest: boolean;
  tddAttackerSides: number;
  tddDefenderSides: number;
  /** Done markers the target carries before the attack (for the Done markers a Reeling result leaves). */
  doneMarkers: number;
  /** The target's Size (reported; it decided the Extreme-range cover). */
  size: number;
}

/** Range the attack is resolved at. */
export function attackRange(p: GenisysParams): RangeName {
  // rulebook: Attacking – 'Hasta La Vista, Baby!' (the attacker is within CC range of the reeling target).
  return p.hastaLaVista ? 'cc' : p.range;
}

/** Throws UsageError when the weapon cannot attack at this range. rulebook: Weaponry – Range. */
export function checkWeaponRange(p: GenisysParams, range: RangeName): void {
  const at = rangeName(range);
  if (p.hastaLaVista) return; // rulebook: 'Hasta La Vista, Baby!' allows a close combat or a ranged weapon
  if (p.vtol) {
    // rulebook: VTOLs ("can only be targeted by Long Range weapons and are always in Long Range"); Errata p. 58 (Extreme where it is).
    if (p.weaponRange !== 'any' && p.weaponRange !== 'long') throw new UsageError(`parameter vtol: only Long Range weapons can target a flying VTOL, got a ${p.weaponRange === 'cc' ? 'Close Combat' : 'Short Range'} weapon`);
    if (range !== 'long' && range !== 'extreme') throw new UsageError(`parameter range: a flying VTOL always counts as in Long range (Extreme range where it is there), got ${at}`);
  }
  if (p.weaponRange === 'cc' && range !== 'cc') throw new UsageError(`option --range: a Close Combat weapon can only attack at Close Combat range, got ${at}`);
  // rulebook: Attacking – Moving and Attacking (no ranged weapons within Close Combat range).
  if ((p.weaponRange === 'short' || p.weaponRange === 'long') && range === 'cc') throw new UsageError('option --range: a ranged weapon cannot attack at Close Combat range (except \'Hasta la Vista, Baby!\')');
  if (p.weaponRange === 'short' && (range === 'long' || range === 'extreme')) throw new UsageError(`option --range: a Short range weapon reaches Point Blank and Short only, got ${at}`);
  // rulebook: Larger Playing Surfaces – only Long-ranged weapons with Brace or Sniper fire into Extreme range.
  if (range === 'extreme' && p.weaponRange !== 'any' && !(p.weaponRange === 'long' && (p.brace || p.sniper))) {
    throw new UsageError('option --range: only Long range weapons with Brace or Sniper can fire into Extreme range');
  }
  // rulebook: Weapons' Special Rules – Sniper ("it cannot target a model within Short range").
  if (p.sniper && p.aimed && range !== 'long' && range !== 'extreme') throw new UsageError(`option --aimed: an aimed Sniper shot cannot target a model within Short range, got ${at}`);
}

/** Skill dice per attack. */
export function effectiveRof(p: GenisysParams, range: RangeName): number {
  // rulebook: Weapons' Special Rules – Semi-automatic (ROF 1 at Long range, ROF 2 within Short range).
  if (p.semiAutomatic) return range === 'long' || range === 'extreme' ? 1 : 2;
  return p.rof;
}

/** Stage 1: the Skill die after aimed shots, Stealth and small targets. */
export function chooseSkillDie(p: GenisysParams, range: RangeName, rof: number): number {
  let step = dieStep(p.skill);
  if (p.aimed && !p.hastaLaVista) {
    // rulebook: Advanced Rules – Aimed Shots (ranged weapon, ROF 1, not moving: Skill upgraded one step).
    if (rof !== 1) throw new UsageError(`option --aimed: aimed shots need a weapon with ROF 1, got ROF ${rof}`);
    if (range === 'cc') throw new UsageError('option --aimed: aimed shots are taken with ranged weapons, not at Close Combat range');
    step = moveDie(step, 1);
  }
  // rulebook: Models' Special Rules – Stealth (degraded one step, except at Close Combat range).
  if (p.stealth && range !== 'cc') step = moveDie(step, -1);
  // rulebook: Terminator Genisys Campaign Scenarios – Energy Fences (the firer degrades its dice roll at the generator).
  if (p.smallTarget) step = moveDie(step, -1);
  return step;
}

/** Stage 2: the Skill roll that hits. */
export function toHitTarget(p: GenisysParams, range: RangeName): number {
  // rulebook: Attacking – 'Hasta La Vista, Baby!' (hits are scored on 2+).
  if (p.hastaLaVista) return p.hastaToHit;
  // rulebook: Weapons' Special Rules – Sniper (an aimed sniper shot always hits on a 4+).
  if (p.sniper && p.aimed) return p.sniperToHit;
  // rulebook: Attacking – Attack Rolls (3+/4+/5+/6+) and Larger Playing Surfaces (Extreme 7+).
  return p.toHit[range];
}

/**
 * The cover the range itself gives with no terrain declared: hard cover at Long range (In the
 * Open: "the undulation of the terrain"; vehicles excepted, Vehicles – Cover Saves) and at Extreme
 * range for targets of Size 3 or less (Larger Playing Surfaces: "all models of Size 3 or less
 * (including Machines and vehicles!) are in cover when shot at in Extreme range"); else null.
 * That automatic cover is hard cover (Different Types of Save: "Anything that has not been
 * discussed counts as hard cover").
 */
export function automaticCover(p: GenisysParams, range: RangeName): 'hard' | null {
  // rulebook: Larger Playing Surfaces – Extreme Range (Size 3 or less are in cover; a Size 20 VTOL is not).
  if (range === 'extreme') return p.size <= p.extremeCoverMaxSize ? 'hard' : null;
  // rulebook: Attacking – In the Open (Long range gives cover); Vehicles – Cover Saves (not to vehicles);
  // a flying VTOL hovers above all terrain (VTOLs): the undulation hides nothing (README choice 17).
  return range === 'long' && !p.vehicle && !p.vtol ? 'hard' : null;
}

/** Stage 3: the cover save (its die step and the cover it comes from), or null for no save. */
export function coverSave(p: GenisysParams, range: RangeName): { step: number; cover: string } | null {
  if (p.hastaLaVista) return null; // rulebook: 'Hasta La Vista, Baby!' – no cover saves are allowed
  // rulebook: Campaign Scenarios – Energy Fences ("nor do they provide cover"): the generator never saves (README choice 16).
  if (!p.coverSaves) return null;
  const automatic = range === 'cc' ? null : automaticCover(p, range);
  // rulebook: Machine Special Rules – Mindless (never take cover saves), except where Larger
  // Playing Surfaces puts "all models … (including Machines and vehicles!)" in cover: Extreme
  // range, Size 3 or less (unless mindless.extremeCover is none).
  const mindlessAtExtreme = p.mindless && range === 'extreme' && automatic !== null;
  if (p.mindless && !(mindlessAtExtreme && p.mindlessExtremeCover !== 'none')) return null;
  if (p.flame || p.area) return null; // rulebook: Weapons' Special Rules – Area/Flame (no cover)
  if (p.sniper && p.aimed) return null; // rulebook: Weapons' Special Rules – Sniper (no cover Save)
  if (p.ignoresCover) return null; // rulebook: Attacking – Attacks That Ignore Cover
  // A Mindless target takes no cover from terrain: at Extreme range only the automatic cover
  // (README choice 14, mindless.extremeCover automatic); `full` treats it as any model there.
  if (p.mindless && p.mindlessExtremeCover === 'automatic') return { step: dieStep(p.coverDie[automatic!]), cover: `${automatic!} cover` };
  if (range === 'cc') return null; // rulebook: Attacking – In the Open (always in the open at CC range; CC weapons ignore cover)
  const declared = p.open || p.cover === 'none' ? null : p.cover;
  if (p.multipleCover && declared === null) throw new UsageError('option --multiple-cover: needs --cover soft, hard or fort (and no --open)');
  // rulebook: In the Open – only Short/Point Blank targets can be in the open; the range's own cover: automaticCover.
  if (declared === null && automatic === null) return null;
  // rulebook: Advanced Rules – Multiple Cover ("always use the best type of cover available"):
  // declared terrain never makes the save worse than the automatic cover.
  let kind: 'soft' | 'hard' | 'fort' = declared ?? automatic!;
  if (declared !== null && automatic !== null && dieStep(p.coverDie[automatic]) > dieStep(p.coverDie[declared])) kind = automatic;
  const base = dieStep(p.coverDie[kind]);
  // rulebook: Advanced Rules – Multiple Cover (best cover, save die upgraded by one).
  return p.multipleCover ? { step: moveDie(base, 1), cover: `${kind} cover, multiple` } : { step: base, cover: `${kind} cover` };
}

/** Stage 4: the Power die. */
export function damagePowerDie(p: GenisysParams, range: RangeName): number {
  if (p.hastaLaVista) return dieStep(p.hastaPower); // rulebook: 'Hasta La Vista, Baby!' – Power D20
  if (p.stoppingPower && range === 'pb') return dieStep(p.stoppingPowerPower); // rulebook: Stopping Power – D8 at Point Blank
  return dieStep(p.power);
}

/** Heavy (Power ≥ D10, or 'Hasta la Vista') and improvised (Power D4) weapons. */
export function weaponClass(p: GenisysParams, powerStep: number): { heavy: boolean; improvised: boolean } {
  // rulebook: Attacking – Heavy Weapons and Improvised Weapons vs Resolution Tests; 'Hasta La Vista' counts as heavy.
  const heavy = p.hastaLaVista || powerStep >= dieStep(p.heavyPower);
  const improvised = !heavy && powerStep <= dieStep(p.improvisedPower);
  return { heavy, improvised };
}

/** Stage 5: whether surviving hits cause tests, and the Resolution die. */
export function resolutionDie(p: GenisysParams, heavy: boolean, improvised: boolean): { tests: boolean; step: number } {
  const base = dieStep(p.resolution);
  // rulebook: Terminator Genisys Campaign Scenarios – Defensive Turrets ("never has to take Resolution tests").
  if (!p.resolutionTests) return { tests: false, step: base };
  // rulebook: Vehicles – Resolution (Armor 8+: tests only against heavy weapons, never degraded).
  if (p.vehicle && p.armor >= p.heavyArmor) return { tests: heavy, step: base };
  return { tests: true, step: moveDie(base, heavy ? -1 : improvised ? 1 : 0) };
}

/** Compiles the stages into a plan. Cross-field errors throw UsageError (exit 2). */
/** P(an agent rolling a D`a` beats one rolling a D`b` in a roll-off; ties are rolled again). rulebook: Dice-Rolling Jargon – Roll-offs. */
export function rollOffWin(a: number, b: number): number {
  let win = 0;
  let lose = 0;
  for (let x = 1; x <= a; x++) for (let y = 1; y <= b; y++) if (x > y) win++;
  else if (x < y) lose++;
  return win / (win + lose);
}

export function compileAttack(p: GenisysParams): AttackPlan {
  // rulebook: Vehicles – Resolution ("Vehicles, however, are immune to the 'Hasta la Vista, Baby' rule").
  if (p.hastaLaVista && p.vehicle) throw new UsageError("parameter hastaLaVista: vehicles are immune to 'Hasta la Vista, Baby!'");
  // rulebook: Attacking – 'Hasta La Vista, Baby!' needs a reeling target: one that never tests Resolution never reels.
  if (p.hastaLaVista && !p.resolutionTests) throw new UsageError("parameter hastaLaVista: the target never takes Resolution tests, so it is never Reeling ('Hasta la Vista, Baby!' needs a reeling target)");
  // rulebook: VTOLs ("always in Long Range"): a flying VTOL is never within Close Combat range.
  if (p.hastaLaVista && p.vtol) throw new UsageError("parameter hastaLaVista: a flying VTOL is always at Long range or beyond, never within Close Combat range");
  if (p.damageTaken >= p.resilient) throw new UsageError(`option --damage-taken: got ${p.damageTaken}, expected less than Resilient (${p.resilient})`);
  if (p.retreatMax > p.reelingMax) throw new UsageError(`parameter resolution.retreatMax (${p.retreatMax}) must not exceed resolution.reelingMax (${p.reelingMax})`);
  const range = attackRange(p);
  checkWeaponRange(p, range);
  const rof = effectiveRof(p, range);
  const skillStep = chooseSkillDie(p, range, rof);
  const cover = coverSave(p, range);
  const save = cover?.step ?? null;
  const powerStep = damagePowerDie(p, range);
  const { heavy, improvised } = weaponClass(p, powerStep);
  const res = resolutionDie(p, heavy, improvised);
  return {
    rof,
    range,
    // rulebook: Weapons' Special Rules – Flame (the primary target is hit automatically).
    autoHit: p.flame && !p.hastaLaVista,
    // rulebook: Weapons' Special Rules – Area (Small), Flame (secondary targets within the CC template).
    area: (p.area || p.flame) && !p.hastaLaVista,
    skillStep,
    hitTarget: toHitTarget(p, range),
    hasSave: save !== null,
    saveStep: save ?? 0,
    saveTarget: p.saveTarget,
    saveCover: cover?.cover ?? null,
    powerStep,
    armor: p.armor,
    heavy,
    improvised,
    tests: res.tests,
    resStep: res.step,
    retreatMax: p.retreatMax,
    reelingMax: p.reelingMax,
    // rulebook: Models' Special Rules – Resilient (n); damaged by 'Hasta la Vista' → all remaining damage.
    woundsLeft: p.hastaLaVista ? 1 : p.resilient - p.damageTaken,
    testsOnDamage: p.resilient > 1 && !p.hastaLaVista,
    // rulebook: Machine Special Rules – I'll Be Back (not when destroyed by 'Hasta la Vista' or by a Retreat).
    illBeBack: p.illBeBack && !p.hastaLaVista,
    illBeBackTarget: p.illBeBackTarget,
    // The crawler's test is "as normal for surviving a hit": the weapon's heavy/improvised step applies.
    crawlerResStep: moveDie(dieStep(p.crawlerResolution), heavy ? -1 : improvised ? 1 : 0),
    tdd: p.tdd,
    // rulebook: The Game Turn – TDD Tactics (a contest is a roll-off of the agents' dice; the winner decides).
    tddProceeds: p.tdd && p.defenderTdd === 'contest' ? rollOffWin(sidesOf(dieStep(p.tddAttackerAgent)), sidesOf(dieStep(p.tddDefenderAgent))) : 1,
    tddContest: p.tdd && p.defenderTdd === 'contest',
    tddAttackerSides: sidesOf(dieStep(p.tddAttackerAgent)),
    tddDefenderSides: sidesOf(dieStep(p.tddDefenderAgent)),
    doneMarkers: p.doneMarkers,
    size: p.size,
  };
}

/** Faces and re-roll right of each die of the plan, for the Monte Carlo player. */
export function planDice(plan: AttackPlan) {
  return {
    skillSides: sidesOf(plan.skillStep),
    skillMode: rerollOf(plan.skillStep),
    saveSides: sidesOf(plan.saveStep),
    saveMode: rerollOf(plan.saveStep),
    powerSides: sidesOf(plan.powerStep),
    resSides: sidesOf(plan.resStep),
    resMode: rerollOf(plan.resStep),
    crawlerSides: sidesOf(plan.crawlerResStep),
    crawlerMode: rerollOf(plan.crawlerResStep),
  };
}
