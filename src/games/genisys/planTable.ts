// Attack plans as dense typed arrays (struct of arrays), indexed like the plan list they come
// from: what the hot loops of the fire team and the skirmish read per attack, with no object
// access. Built once per player (thread).
import type { AttackPlan } from './attackPlan.js';
import { NO_EFFECT, plainAtLeast, plainResolution } from './dieChecks.js';
import { rerollOf, sidesOf } from './dieLadder.js';

/** Dense per-plan dice (struct of arrays) for the hot loop. */
export class PlanTable {
  readonly ok: Uint8Array;
  readonly rof: Int32Array;
  readonly autoHit: Uint8Array;
  readonly skillSides: Int32Array;
  readonly skillMode: Int32Array;
  readonly hitTarget: Int32Array;
  readonly hasSave: Uint8Array;
  readonly saveSides: Int32Array;
  readonly saveMode: Int32Array;
  readonly saveTarget: Int32Array;
  readonly powerSides: Int32Array;
  readonly armor: Int32Array;
  readonly tests: Uint8Array;
  readonly testsOnDamage: Uint8Array;
  readonly resSides: Int32Array;
  readonly resMode: Int32Array;
  readonly illBeBack: Uint8Array;
  readonly ibbTarget: Int32Array;
  readonly crawlerSides: Int32Array;
  readonly crawlerMode: Int32Array;
  readonly area: Uint8Array;
  /** Damage that removes the model from fresh (its Resilient n; 1 for 'Hasta la Vista'). */
  readonly wounds: Int32Array;
  /** README 5: where a plain re-roll of that die can succeed (the TDD is spent only there). */
  readonly canHit: Uint8Array;
  readonly canFailSave: Uint8Array;
  readonly canDamage: Uint8Array;
  readonly canStayDown: Uint8Array;
  /** Whether the (crawler's) Resolution die has a "no effect" face (a lone Reeling is then kept). */
  readonly resHasNoEffect: Uint8Array;
  readonly crawlerHasNoEffect: Uint8Array;
  readonly retreatMax: number;
  readonly reelingMax: number;
  constructor(plans: (AttackPlan | null)[]) {
    const n = plans.length;
    this.ok = new Uint8Array(n);
    this.rof = new Int32Array(n);
    this.autoHit = new Uint8Array(n);
    this.skillSides = new Int32Array(n);
    this.skillMode = new Int32Array(n);
    this.hitTarget = new Int32Array(n);
    this.hasSave = new Uint8Array(n);
    this.saveSides = new Int32Array(n);
    this.saveMode = new Int32Array(n);
    this.saveTarget = new Int32Array(n);
    this.powerSides = new Int32Array(n);
    this.armor = new Int32Array(n);
    this.tests = new Uint8Array(n);
    this.testsOnDamage = new Uint8Array(n);
    this.resSides = new Int32Array(n);
    this.resMode = new Int32Array(n);
    this.illBeBack = new Uint8Array(n);
    this.ibbTarget = new Int32Array(n);
    this.crawlerSides = new Int32Array(n);
    this.crawlerMode = new Int32Array(n);
    this.area = new Uint8Array(n);
    this.wounds = new Int32Array(n);
    this.canHit = new Uint8Array(n);
    this.canFailSave = new Uint8Array(n);
    this.canDamage = new Uint8Array(n);
    this.canStayDown = new Uint8Array(n);
    this.resHasNoEffect = new Uint8Array(n);
    this.crawlerHasNoEffect = new Uint8Array(n);
    const plain = new Float64Array(3);
    let retreatMax = 1;
    let reelingMax = 5;
    plans.forEach((p, i) => {
      if (!p) return;
      this.ok[i] = 1;
      this.rof[i] = p.rof;
      this.autoHit[i] = p.autoHit ? 1 : 0;
      this.skillSides[i] = sidesOf(p.skillStep);
      this.skillMode[i] = rerollOf(p.skillStep);
      this.hitTarget[i] = p.hitTarget;
      this.hasSave[i] = p.hasSave ? 1 : 0;
      this.saveSides[i] = sidesOf(p.saveStep);
      this.saveMode[i] = rerollOf(p.saveStep);
      this.saveTarget[i] = p.saveTarget;
      this.powerSides[i] = sidesOf(p.powerStep);
      this.armor[i] = p.armor;
      this.tests[i] = p.tests ? 1 : 0;
      this.testsOnDamage[i] = p.testsOnDamage ? 1 : 0;
      this.resSides[i] = sidesOf(p.resStep);
      this.resMode[i] = rerollOf(p.resStep);
      this.illBeBack[i] = p.illBeBack ? 1 : 0;
      this.ibbTarget[i] = p.illBeBackTarget;
      this.crawlerSides[i] = sidesOf(p.crawlerResStep);
      this.crawlerMode[i] = rerollOf(p.crawlerResStep);
      this.area[i] = p.area ? 1 : 0;
      this.wounds[i] = p.woundsLeft;
      this.canHit[i] = plainAtLeast(p.skillStep, p.hitTarget) > 0 ? 1 : 0;
      this.canFailSave[i] = plainAtLeast(p.saveStep, p.saveTarget) < 1 ? 1 : 0;
      this.canDamage[i] = plainAtLeast(p.powerStep, p.armor) > 0 ? 1 : 0;
      this.canStayDown[i] = p.illBeBackTarget > 1 ? 1 : 0;
      this.resHasNoEffect[i] = plainResolution(p.resStep, p.retreatMax, p.reelingMax, plain)[NO_EFFECT] > 0 ? 1 : 0;
      this.crawlerHasNoEffect[i] = plainResolution(p.crawlerResStep, p.retreatMax, p.reelingMax, plain)[NO_EFFECT] > 0 ? 1 : 0;
      retreatMax = p.retreatMax;
      reelingMax = p.reelingMax;
    });
    this.retreatMax = retreatMax;
    this.reelingMax = reelingMax;
  }
}
