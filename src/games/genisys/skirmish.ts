// The squad skirmish engine: two small forces on a track in inches, playing full turns of
// Terminator Genisys. Side A deploys at the low end and advances upwards, side B at the high end;
// each model keeps its lane across the table (a side's models stand `spread` apart, side by side),
// so friends never block, and it moves along the track only: enemies are never passed (a moving
// model stops `closest` short of the nearest enemy line: no base contact, and enemy bases are
// impenetrable). Ranges are measured straight, across lanes. rulebook sections are named at each
// rule; choices are README S1–S13.
//
// State (preallocated, reset per game): per model its side, type (a crawler after I'll Be Back),
// position along the track and lane across it (hundredths of an inch), in play, damage, Done
// markers, Ready marker, cover, Command.
// Decisions go to each side's Policy (src/core/policy.ts): who takes the first impulse, which
// models get Ready markers, each activation's move and its attack.
import type { Policy } from '../../core/policy.js';
import { randIndex, rollDie, type Rng } from '../../core/rng.js';
import { DRAW_REROLLED, DRAW_SUCCESS, drawPassFail, resolutionTests, TESTS_TDD_SPENT, testsOutcome } from './dieChecks.js';
import { doneMarkersAfter } from './genisysReport.js';
import { PlanTable } from './planTable.js';
import { BAND_COUNT, planKey, type SkirmishSpec } from './skirmishSpec.js';

// Decisions (the options each one offers are documented in skirmishPolicy.ts).
export const DEC_FIRST = 0;
export const DEC_READY = 1;
export const DEC_EXTRA = 2;
export const DEC_MOVE = 3;
export const DEC_ATTACK = 4;
export const DECISION_NAMES = ['first impulse', 'ready marker', 'commander marker', 'move', 'attack'];

export const OUT_A = 0;
export const OUT_B = 1;
export const OUT_DRAW = 2;

export const MOVE_STAY = 0;
export const MOVE_NORMAL = 1;
export const MOVE_DOUBLE = 2;
/** A move option's code: kind × MOVE_CODE + destination (hundredths of an inch). */
export const MOVE_CODE = 1_000_000;
/** An attack option's code: weapon slot × ATTACK_CODE + target model. */
export const ATTACK_CODE = 64;
export const MAX_OPTIONS = 64;
/** Impulses in one turn before the engine gives up (a FATE streak that long has P < 1e-700). */
const MAX_IMPULSES = 1000;

export class Skirmish {
  readonly spec: SkirmishSpec;
  readonly plans: PlanTable;
  readonly m: number;
  // Per model.
  readonly side: Uint8Array;
  readonly type: Int32Array;
  readonly x: Int32Array;
  /** Lane across the table, hundredths from the centre line (set up from the spec; fixed in a game). */
  readonly y: Int32Array;
  readonly inPlay: Uint8Array;
  readonly damage: Int32Array;
  readonly markers: Int32Array;
  readonly ready: Uint8Array;
  readonly cover: Uint8Array;
  readonly command: Int32Array;
  readonly activations: Int32Array;
  // Per game.
  turnNumber = 0;
  edge = 0;
  deciding = 0;
  activeModel = -1;
  over = false;
  firstSide = -1;
  firstEdge = -1;
  readonly tdd = new Uint8Array(2);
  readonly alive = new Int32Array(2);
  outcome = OUT_DRAW;
  wipeout = false;
  readonly score = new Int32Array(2);
  /** Set by checkGame: every invariant is checked after each step and a break throws. */
  checking = false;
  policies: Policy<Skirmish>[] = [];
  // Scratch.
  private readonly options = new Int32Array(MAX_OPTIONS);
  private readonly optionPlans = new Int32Array(MAX_OPTIONS);
  private readonly scratchCodes = new Int32Array(MAX_OPTIONS);
  private readonly scratchPlans = new Int32Array(MAX_OPTIONS);
  private readonly order: Int32Array;
  private orderCount = 0;
  /** Options of the attack decision being asked (0 otherwise). */
  private attackCount = 0;

  constructor(spec: SkirmishSpec) {
    this.spec = spec;
    this.plans = new PlanTable(spec.plans);
    const m = spec.models.length;
    this.m = m;
    this.side = new Uint8Array(m);
    this.type = new Int32Array(m);
    this.x = new Int32Array(m);
    this.y = new Int32Array(m);
    this.inPlay = new Uint8Array(m);
    this.damage = new Int32Array(m);
    this.markers = new Int32Array(m);
    this.ready = new Uint8Array(m);
    this.cover = new Uint8Array(m);
    this.command = new Int32Array(m);
    this.activations = new Int32Array(m);
    this.order = new Int32Array(m);
  }

  // ---- The view a policy reads (every method is read-only). ----
  /** The side whose decision it is. */
  sideToAct(): number {
    return this.deciding;
  }
  turn(): number {
    return this.turnNumber;
  }
  models(): number {
    return this.m;
  }
  modelSide(i: number): number {
    return this.side[i];
  }
  /** Position in inches (side A deploys at 0, side B at the track's length). */
  modelX(i: number): number {
    return this.x[i] / 100;
  }
  /** Lane across the table in inches from its centre line (fixed for the game). */
  modelY(i: number): number {
    return this.y[i] / 100;
  }
  modelInPlay(i: number): boolean {
    return this.inPlay[i] === 1;
  }
  modelType(i: number): number {
    return this.type[i];
  }
  typeName(t: number): string {
    return this.spec.types[t].name;
  }
  modelDamage(i: number): number {
    return this.damage[i];
  }
  modelMarkers(i: number): number {
    return this.markers[i];
  }
  modelCommand(i: number): number {
    return this.command[i];
  }
  trackLength(): number {
    return this.spec.track / 100;
  }
  /** The model being activated (moves and attacks), else -1. */
  activeModelIndex(): number {
    return this.activeModel;
  }
  tddHeld(side: number): boolean {
    return this.tdd[side] === 1;
  }
  /** Inches from model i to the nearest enemy in play (Infinity when none). */
  nearestEnemy(i: number): number {
    return this.nearestEnemyFrom(i, this.x[i]) / 100;
  }
  moveKind(code: number): number {
    return Math.floor(code / MOVE_CODE);
  }
  /** Destination of a move option, inches. */
  moveTo(code: number): number {
    return (code % MOVE_CODE) / 100;
  }
  /** Inches to the nearest enemy after move option `code` of the active model. */
  distanceAfterMove(code: number): number {
    return this.nearestEnemyFrom(this.activeModel, code % MOVE_CODE) / 100;
  }
  /** The best P(remove the target) of any attack the active model could make after move `code` (-1: none). */
  bestAfterMove(code: number): number {
    const i = this.activeModel;
    const dest = code % MOVE_CODE;
    const n = this.attackOptions(i, dest, Math.floor(code / MOVE_CODE) === MOVE_DOUBLE, dest !== this.x[i], this.scratchCodes, this.scratchPlans);
    let best = -1;
    for (let k = 0; k < n; k++) best = Math.max(best, this.spec.pRemove[this.scratchPlans[k]]);
    return best;
  }
  attackWeapon(code: number): number {
    return Math.floor(code / ATTACK_CODE);
  }
  attackTarget(code: number): number {
    return code % ATTACK_CODE;
  }
  /** P(attack option `code` of the current decision removes its target from fresh), from the exact engine (-1: not an option). */
  attackRemoval(code: number): number {
    for (let k = 0; k < this.attackCount; k++) if (this.options[k] === code) return this.spec.pRemove[this.optionPlans[k]];
    return -1;
  }
  /** Whether attack option `code` of the current decision is 'Hasta la Vista, Baby!'. */
  attackIsHasta(code: number): boolean {
    for (let k = 0; k < this.attackCount; k++) if (this.options[k] === code) return this.optionPlans[k] % 2 === 1;
    return false;
  }
  // ---- Rules. ----

  /** Squared distance, hundredths², from model i standing at `at` (its lane) to model j. Exact in integers. */
  private dist2(i: number, at: number, j: number): number {
    const dx = this.x[j] - at;
    const dy = this.y[j] - this.y[i];
    return dx * dx + dy * dy;
  }

  /** Hundredths from model i standing at `at` (its lane) to the nearest enemy in play (Infinity when none). */
  private nearestEnemyFrom(i: number, at: number): number {
    let best = Infinity;
    for (let j = 0; j < this.m; j++) if (this.inPlay[j] && this.side[j] !== this.side[i]) best = Math.min(best, this.dist2(i, at, j));
    return Math.sqrt(best);
  }

  /** Index of the enemy in play nearest model i standing at `at` (-1 when none). */
  private nearestEnemyIndex(i: number, at: number): number {
    let best = -1;
    let bestD = Infinity;
    for (let j = 0; j < this.m; j++) {
      if (!this.inPlay[j] || this.side[j] === this.side[i]) continue;
      const d = this.dist2(i, at, j);
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    return best;
  }

  /** Hundredths along the track from `at` to the nearest enemy's position (the enemy line a move may not reach or pass; Infinity when none). */
  private enemyLineFrom(i: number, at: number): number {
    let best = Infinity;
    for (let j = 0; j < this.m; j++) if (this.inPlay[j] && this.side[j] !== this.side[i]) best = Math.min(best, Math.abs(this.x[j] - at));
    return best;
  }

  /** Range band of a squared distance (hundredths²), -1 when out of range. rulebook: Larger Playing Surfaces – Extreme Range (only there). */
  private band(d2: number): number {
    const b = this.spec.bands;
    const last = this.spec.extreme ? BAND_COUNT : BAND_COUNT - 1;
    for (let k = 0; k < last; k++) if (d2 <= b[k] * b[k]) return k;
    return -1;
  }

  private damaged(i: number): number {
    return this.damage[i] > 0 ? 1 : 0;
  }

  /**
   * Writes into codes/plans the legal attacks of model i from position `at` (after a Run when
   * `ran`, having moved when `moved`). rulebook: Attacking – Moving and Attacking (no ranged attack
   * after a double move, nor within CC range of a non-reeling enemy: the Close Combat lock);
   * Weaponry – Range; 'Hasta La Vista, Baby!' (a reeling enemy in CC range, no other enemy there);
   * Aimed Shots (ROF 1, not moved); Brace (not moved); Vehicles (fire within CC range, not at it;
   * no CC weapons).
   */
  attackOptions(i: number, at: number, ran: boolean, moved: boolean, codes: Int32Array, plans: Int32Array, usedWeapons = 0): number {
    const spec = this.spec;
    const t = this.type[i];
    const ty = spec.types[t];
    const damaged = this.damaged(i);
    let locked = false;
    let inCC = 0;
    const cc2 = spec.bands[0] * spec.bands[0];
    for (let j = 0; j < this.m; j++) {
      if (!this.inPlay[j] || this.side[j] === this.side[i]) continue;
      if (this.dist2(i, at, j) <= cc2) {
        inCC++;
        if (this.markers[j] < 2 && !spec.types[this.type[j]].vehicle) locked = true;
      }
    }
    if (ty.vehicle) locked = false;
    let n = 0;
    for (let j = 0; j < this.m && n < MAX_OPTIONS; j++) {
      if (!this.inPlay[j] || this.side[j] === this.side[i]) continue;
      const b = this.band(this.dist2(i, at, j));
      if (b < 0) continue;
      const hasta = b === 0 && this.markers[j] >= 2 && inCC === 1 ? 1 : 0;
      for (let w = 0; w < ty.weapons.length && n < MAX_OPTIONS; w++) {
        if (usedWeapons & (1 << w)) continue; // a vehicle fires each weapon once
        const weapon = spec.weapons[ty.weapons[w]];
        let p = -1;
        // rulebook: Attacking – Moving and Attacking: after a double move no ranged attack, 'Hasta la Vista' included.
        if (hasta && !(weapon.ranged && (ran || (weapon.brace && moved)))) p = planKey(spec, t, w, damaged, this.type[j], 0, 0, 0, 1);
        if (p < 0 || !this.plans.ok[p]) {
          if (weapon.ranged) {
            if (ran || locked || b === 0 || (weapon.brace && moved)) continue;
            const c = this.cover[j];
            const aimedKey = moved ? -1 : planKey(spec, t, w, damaged, this.type[j], b, c, 1, 0);
            p = aimedKey >= 0 && this.plans.ok[aimedKey] ? aimedKey : planKey(spec, t, w, damaged, this.type[j], b, c, 0, 0);
          } else {
            if (b !== 0) continue;
            p = planKey(spec, t, w, damaged, this.type[j], 0, 0, 0, 0);
          }
        }
        if (!this.plans.ok[p]) continue;
        codes[n] = w * ATTACK_CODE + j;
        plans[n] = p;
        n++;
      }
    }
    return n;
  }

  /** Writes model i's move options into `codes`; option 0 is always "stay". rulebook: Moving (Walk, Run; Slow, Fast); Terrain (table edges impenetrable). */
  moveOptions(i: number, codes: Int32Array): number {
    const spec = this.spec;
    const ty = spec.types[this.type[i]];
    const dir = this.side[i] === 0 ? 1 : -1;
    const here = this.x[i];
    const front = this.enemyLineFrom(i, here);
    const maxFwd = Number.isFinite(front) ? Math.max(0, front - spec.closest) : dir > 0 ? spec.track - here : here;
    // The band edges are measured to the nearest enemy, across lanes: dx = floor(sqrt(edge² − dy²)) keeps it within the band.
    const near = this.nearestEnemyIndex(i, here);
    const dy = near >= 0 ? Math.abs(this.y[near] - this.y[i]) : 0;
    const back = dir > 0 ? here : spec.track - here;
    const damaged = this.damage[i] > 0;
    const lens = [damaged ? ty.damagedNormal : ty.normal, damaged ? ty.damagedDouble : ty.double];
    let n = 0;
    codes[n++] = MOVE_STAY * MOVE_CODE + here;
    const add = (kind: number, dest: number) => {
      const code = kind * MOVE_CODE + dest;
      for (let k = 0; k < n; k++) if (codes[k] === code) return;
      if (n < MAX_OPTIONS) codes[n++] = code;
    };
    for (let kind = MOVE_NORMAL; kind <= MOVE_DOUBLE; kind++) {
      const len = lens[kind - 1];
      if (len <= 0) continue;
      // A double move only where a normal one cannot reach (it gives up the ranged attack).
      const minLen = kind === MOVE_DOUBLE ? lens[0] + 1 : 1;
      const fwd = Math.min(len, maxFwd);
      const bwd = Math.min(len, back);
      if (fwd >= minLen) add(kind, here + dir * fwd);
      if (bwd >= minLen) add(kind, here - dir * bwd);
      if (near >= 0) {
        for (let k = 0; k < BAND_COUNT - 1; k++) {
          const edge = spec.bands[k];
          if (edge <= dy) continue;
          const gap = Math.floor(Math.sqrt(edge * edge - dy * dy));
          // Signed distance forward to the point `gap` short of the nearest enemy along the track.
          const f = (this.x[near] - here) * dir - gap;
          if (f >= minLen && f <= fwd) add(kind, here + dir * f);
          if (-f >= minLen && -f <= bwd) add(kind, here + dir * f);
        }
      }
    }
    return n;
  }

  private ask(rng: Rng, side: number, decision: number, n: number, allowNone: boolean): number {
    this.deciding = side;
    return this.policies[side].choose(rng, this, decision, this.options, n, allowNone);
  }

  /** Removes model i (destroyed or retreated); the game ends when a side has none left. */
  private remove(i: number): void {
    this.inPlay[i] = 0;
    this.ready[i] = 0;
    this.alive[this.side[i]]--;
    if (this.alive[this.side[i]] === 0) {
      this.over = true;
      this.wipeout = true;
    }
  }

  /** Resolution tests with the TDD policy of the attack engine; -1 Retreat!, else Reeling results. Returns via the field tddLeft. */
  private tddLeft = false;
  private tests(rng: Rng, n: number, sides: number, mode: number, hasNoEffect: boolean): number {
    const answer = resolutionTests(rng, n, sides, mode, this.plans.retreatMax, this.plans.reelingMax, hasNoEffect, this.tddLeft, null);
    if (answer & TESTS_TDD_SPENT) this.tddLeft = false;
    return testsOutcome(answer);
  }

  /**
   * One attack of plan p by a model of `side` at model j ('Hasta la Vista' when `hasta`), rolled as
   * the attack engine rolls it (README choices 1–6), the side's TDD spent greedily (choice 5).
   * rulebook: Attacking – Attack Sequence; Resilient (n); I'll Be Back; Reeling.
   */
  private attack(rng: Rng, side: number, p: number, j: number, hasta: boolean): void {
    const P = this.plans;
    this.tddLeft = this.spec.tdd && this.tdd[side] === 1;
    const rof = P.rof[p];
    let hits = 0;
    if (P.autoHit[p]) hits = rof;
    else {
      let missFirst = 0;
      for (let k = 0; k < rof; k++) {
        const r = drawPassFail(rng, P.skillSides[p], P.skillMode[p], P.hitTarget[p]);
        if (r & DRAW_SUCCESS) hits++;
        else if (!(r & DRAW_REROLLED)) missFirst++;
      }
      if (this.tddLeft && missFirst > 0 && P.canHit[p]) {
        this.tddLeft = false;
        if (rollDie(rng, P.skillSides[p]) >= P.hitTarget[p]) hits++;
      }
    }
    let unsaved = hits;
    if (P.hasSave[p] && hits > 0) {
      let savedFirst = 0;
      for (let k = 0; k < hits; k++) {
        const r = drawPassFail(rng, P.saveSides[p], P.saveMode[p], P.saveTarget[p]);
        if (r & DRAW_SUCCESS) {
          unsaved--;
          if (!(r & DRAW_REROLLED)) savedFirst++;
        }
      }
      if (this.tddLeft && savedFirst > 0 && P.canFailSave[p]) {
        this.tddLeft = false;
        if (rollDie(rng, P.saveSides[p]) < P.saveTarget[p]) unsaved++;
      }
    }
    if (unsaved > 0) {
      let dmg = 0;
      for (let k = 0; k < unsaved; k++) if (rollDie(rng, P.powerSides[p]) >= P.armor[p]) dmg++;
      // rulebook: Resilient (n); a model damaged by 'Hasta la Vista' suffers all remaining damage.
      const woundsLeft = hasta ? 1 : P.wounds[p] - this.damage[j];
      if (this.tddLeft && dmg < woundsLeft && dmg < unsaved && P.canDamage[p]) {
        this.tddLeft = false;
        if (rollDie(rng, P.powerSides[p]) >= P.armor[p]) dmg++;
      }
      if (dmg >= woundsLeft) {
        const crawlerType = this.spec.types[this.type[j]].crawlerType;
        let crawl = crawlerType >= 0 && P.illBeBack[p] === 1 && rollDie(rng, 6) >= P.ibbTarget[p];
        if (crawl && this.tddLeft && P.canStayDown[p]) {
          this.tddLeft = false;
          crawl = rollDie(rng, 6) >= P.ibbTarget[p];
        }
        if (crawl) {
          // rulebook: I'll Be Back – the model turns into a crawler and takes a Resolution test; it keeps its markers (README S9).
          this.type[j] = crawlerType;
          this.damage[j] = 0;
          const r = this.tests(rng, 1, P.crawlerSides[p], P.crawlerMode[p], P.crawlerHasNoEffect[p] === 1);
          if (r < 0) this.remove(j);
          else this.markers[j] = doneMarkersAfter(this.markers[j], r);
        } else this.remove(j);
      } else {
        this.damage[j] += dmg;
        const n = P.tests[p] ? unsaved - dmg + (P.testsOnDamage[p] ? dmg : 0) : 0;
        if (n > 0) {
          const r = this.tests(rng, n, P.resSides[p], P.resMode[p], P.resHasNoEffect[p] === 1);
          if (r < 0) this.remove(j);
          else this.markers[j] = doneMarkersAfter(this.markers[j], r);
        }
      }
    }
    if (this.spec.tdd && this.tdd[side] === 1 && !this.tddLeft) this.tdd[side] = 0;
  }

  /** Activates model i: a move, then an attack. rulebook: Impulses – Execute Activations; Moving; Attacking. */
  private activate(rng: Rng, i: number): void {
    const s = this.side[i];
    this.activeModel = i;
    this.activations[i]++;
    const nMoves = this.moveOptions(i, this.options);
    const pick = this.ask(rng, s, DEC_MOVE, nMoves, false);
    const code = this.options[pick];
    const dest = code % MOVE_CODE;
    const kind = Math.floor(code / MOVE_CODE);
    const moved = dest !== this.x[i];
    this.x[i] = dest;
    // Cover after a move: a probability (README S4); a model that stays keeps its cover.
    if (moved) this.cover[i] = randIndex(rng, 1_000_000) < this.spec.coverChance ? 1 : 0;
    if (this.checking) this.checkInvariants('after a move');
    // rulebook: Vehicles – Attacking: a vehicle fires each of its weapons (at targets of its choice); other models one.
    let used = 0;
    for (let k = 0; k < this.spec.types[this.type[i]].attacks && this.inPlay[i] && !this.over; k++) {
      const nAtt = this.attackOptions(i, dest, kind === MOVE_DOUBLE, moved, this.options, this.optionPlans, used);
      if (nAtt === 0) break;
      this.attackCount = nAtt;
      const a = this.ask(rng, s, DEC_ATTACK, nAtt, true);
      this.attackCount = 0;
      if (a < 0) break;
      const p = this.optionPlans[a];
      const j = this.options[a] % ATTACK_CODE;
      used |= 1 << Math.floor(this.options[a] / ATTACK_CODE);
      this.attack(rng, s, p, j, p % 2 === 1);
    }
    // rulebook: Execute Activations – the Ready marker is turned to its Done side.
    this.ready[i] = 0;
    if (this.inPlay[i]) this.markers[i]++;
    this.activeModel = -1;
    if (this.checking) this.checkInvariants('after an activation');
  }

  private eligible(i: number): boolean {
    return this.inPlay[i] === 1 && this.markers[i] === 0 && this.ready[i] === 0;
  }

  private eligibleCount(side: number): number {
    let n = 0;
    for (let i = 0; i < this.m; i++) if (this.side[i] === side && this.eligible(i)) n++;
    return n;
  }

  /** Asks `side` for one of its eligible models (optionally only non-commanders within command range of `near`); -1 when none or declined. */
  private pickModel(rng: Rng, side: number, near: number, decision: number, allowNone: boolean): number {
    let n = 0;
    for (let i = 0; i < this.m && n < MAX_OPTIONS; i++) {
      if (this.side[i] !== side || !this.eligible(i)) continue;
      if (near >= 0 && (this.command[i] > 0 || this.dist2(i, this.x[i], near) > this.spec.commandRange * this.spec.commandRange)) continue;
      this.options[n++] = i;
    }
    if (n === 0) return -1;
    const k = this.ask(rng, side, decision, n, allowNone);
    return k < 0 ? -1 : this.options[k];
  }

  private readyModel(i: number): void {
    this.ready[i] = 1;
    this.order[this.orderCount++] = i;
  }

  /** Up to `count` extra markers from commander c to eligible non-commanders within command range. rulebook: Commanders. */
  private commanderMarkers(rng: Rng, side: number, c: number, count: number): void {
    for (let k = 0; k < count; k++) {
      const i = this.pickModel(rng, side, c, DEC_EXTRA, true);
      if (i < 0) return;
      this.readyModel(i);
    }
  }

  /** One turn's impulses, `first` side first. rulebook: The Game Turn; Impulses (Fate Roll, Plan and Execute Activations, Switchovers, Last Activations); Commanders. */
  private impulses(rng: Rng, first: number): void {
    let active = first;
    for (let impulse = 0; ; impulse++) {
      if (impulse > MAX_IMPULSES) throw new Error(`skirmish: more than ${MAX_IMPULSES} impulses in turn ${this.turnNumber}`);
      if (this.over) return;
      const mine = this.eligibleCount(active);
      const theirs = this.eligibleCount(1 - active);
      if (mine === 0 && theirs === 0) return;
      if (mine === 0) {
        active = 1 - active;
        continue;
      }
      this.orderCount = 0;
      if (theirs === 0) {
        // rulebook: Last Activations – no Fate roll: every remaining model is activated.
        for (let i = this.pickModel(rng, active, -1, DEC_READY, false); i >= 0; i = this.pickModel(rng, active, -1, DEC_READY, false)) this.readyModel(i);
      } else {
        // rulebook: Fate Dice – faces 1, 1, 1, 2, 2, FATE.
        const face = rollDie(rng, 6);
        const count = face <= 3 ? 1 : face <= 5 ? 2 : 0;
        if (count === 0) {
          // rulebook: Commanders – "No Fate But What We Make": a Commander without markers overrides the FATE result (README S7).
          let c = -1;
          for (let i = 0; i < this.m; i++) if (this.side[i] === active && this.command[i] > 0 && this.eligible(i)) {
            c = i;
            break;
          }
          if (c < 0) {
            active = 1 - active; // the Fate die passes to the opponent
            continue;
          }
          this.readyModel(c);
          this.commanderMarkers(rng, active, c, this.command[c] - 1);
        } else {
          for (let k = 0; k < count; k++) {
            const i = this.pickModel(rng, active, -1, DEC_READY, false);
            if (i < 0) break;
            this.readyModel(i);
            // rulebook: Commanders – "Come With Me If You Want To Live!" (extra markers up to the Command value).
            if (this.command[i] > 0) this.commanderMarkers(rng, active, i, this.command[i]);
          }
        }
      }
      for (let k = 0; k < this.orderCount && !this.over; k++) {
        const i = this.order[k];
        if (this.inPlay[i] && this.ready[i]) this.activate(rng, i);
      }
      if (this.checking) this.checkInvariants('after an impulse');
      active = 1 - active;
    }
  }

  /** rulebook: The Game Turn – End Turn (one Done marker off each model); Commanders – "On Your Feet, Soldier!" (README S8). */
  endTurn(): void {
    for (let i = 0; i < this.m; i++) if (this.markers[i] > 0) this.markers[i]--;
    for (let c = 0; c < this.m; c++) {
      if (!this.inPlay[c] || this.command[c] === 0) continue;
      let left = this.command[c];
      while (left > 0) {
        let best = -1;
        for (let i = 0; i < this.m; i++) {
          if (i === c || !this.inPlay[i] || this.side[i] !== this.side[c] || this.markers[i] === 0) continue;
          if (this.dist2(i, this.x[i], c) > this.spec.commandRange * this.spec.commandRange) continue;
          if (best < 0 || this.markers[i] > this.markers[best]) best = i;
        }
        if (best < 0) break;
        this.markers[best]--;
        left--;
      }
    }
  }

  /** A roll-off of two dice; ties rolled again. Returns the winning side. rulebook: Dice-Rolling Jargon – Roll-offs. */
  private rollOff(rng: Rng, sidesA: number, sidesB: number): number {
    for (;;) {
      const a = rollDie(rng, sidesA);
      const b = rollDie(rng, sidesB);
      if (a !== b) return a > b ? 0 : 1;
    }
  }

  /** Plays one game. rulebook: Battle Scenarios (Battle Lines set-up, Roll for Game End, Mission 1 Annihilate). */
  play(rng: Rng): void {
    const spec = this.spec;
    this.alive.fill(0);
    for (let i = 0; i < this.m; i++) {
      const model = spec.models[i];
      this.side[i] = model.side;
      this.type[i] = model.type;
      // rulebook: Set-up 2, Battle Lines – within a Crawl template of the table edge (README S2: at its front).
      this.x[i] = model.side === 0 ? spec.deploy : spec.track - spec.deploy;
      this.y[i] = model.y; // README S1: its lane in the side's line
      this.inPlay[i] = 1;
      this.damage[i] = 0;
      this.markers[i] = 0;
      this.ready[i] = 0;
      this.command[i] = model.command;
      this.activations[i] = 0;
      this.cover[i] = randIndex(rng, 1_000_000) < spec.coverChance ? 1 : 0;
      this.alive[model.side]++;
    }
    this.tdd.fill(spec.tdd ? 1 : 0);
    this.over = false;
    this.wipeout = false;
    this.firstSide = -1;
    this.firstEdge = -1;
    this.activeModel = -1;
    this.turnNumber = 0;
    for (let turn = 1; turn <= spec.maxTurns; turn++) {
      this.turnNumber = turn;
      this.activations.fill(0);
      // rulebook: Impulses – Tactical Roll-off (D8 each unless the scenario says otherwise).
      this.edge = this.rollOff(rng, spec.tactical[0], spec.tactical[1]);
      this.options[0] = 0;
      this.options[1] = 1;
      const first = this.ask(rng, this.edge, DEC_FIRST, 2, false) === 0 ? this.edge : 1 - this.edge;
      if (turn === 1) {
        this.firstSide = first;
        this.firstEdge = this.edge;
      }
      this.impulses(rng, first);
      if (this.checking) this.checkInvariants('at the end of the impulses');
      if (this.over) break;
      this.endTurn();
      if (this.checking) this.checkInvariants('after the End Turn');
      // rulebook: Roll for Game End – D4 = 4 after turn 5, D6 4+ after turn 6, D20 4+ after turn 7 on
      // (Larger Playing Surfaces: from turn 8); the player with the Tactical Edge rolls.
      if (turn >= spec.endStart) {
        const die = turn === spec.endStart ? 4 : turn === spec.endStart + 1 ? 6 : 20;
        if (rollDie(rng, die) >= 4) break;
      }
    }
    this.decide();
  }

  /** The winner. rulebook: Mission 1, Annihilate (points of enemy models destroyed, damaged Resilient ones half, a 10% of the game size margin); README S11. */
  decide(): void {
    const spec = this.spec;
    this.score.fill(0);
    const force = [0, 0];
    for (let i = 0; i < this.m; i++) {
      const pts = spec.models[i].points;
      force[this.side[i]] += pts;
      const damaged = this.inPlay[i] && this.damage[i] > 0 && spec.types[this.type[i]].resilient > 1;
      const v = !this.inPlay[i] ? pts : damaged ? Math.ceil(pts / 2) : 0;
      this.score[1 - this.side[i]] += v;
    }
    if (spec.victory === 1) {
      this.outcome = this.alive[0] > this.alive[1] ? OUT_A : this.alive[1] > this.alive[0] ? OUT_B : OUT_DRAW;
      return;
    }
    const size = Math.max(force[0], force[1]);
    const diff = this.score[0] - this.score[1];
    // "10% or more than the game's agreed Game Size": 10 × diff ≥ size, in integers.
    this.outcome = 10 * diff >= size && diff > 0 ? OUT_A : 10 * -diff >= size && diff < 0 ? OUT_B : OUT_DRAW;
  }

  /** Throws an Error naming the invariant that broke (checkGame). */
  checkInvariants(where: string): void {
    const spec = this.spec;
    const alive = [0, 0];
    let maxA = -Infinity;
    let minB = Infinity;
    for (let i = 0; i < this.m; i++) {
      if (this.markers[i] < 0) throw new Error(`skirmish invariant (${where}, turn ${this.turnNumber}): model ${i} has ${this.markers[i]} Done markers`);
      if (this.activations[i] > 1) throw new Error(`skirmish invariant (${where}, turn ${this.turnNumber}): model ${i} activated ${this.activations[i]} times in one turn`);
      if (!this.inPlay[i]) continue;
      alive[this.side[i]]++;
      if (this.x[i] < 0 || this.x[i] > spec.track) throw new Error(`skirmish invariant (${where}): model ${i} at ${this.x[i] / 100} in., off the ${spec.track / 100} in. track`);
      const ty = spec.types[this.type[i]];
      if (this.damage[i] < 0 || this.damage[i] >= ty.resilient) throw new Error(`skirmish invariant (${where}): model ${i} (${ty.name}, Resilient ${ty.resilient}) in play with ${this.damage[i]} damage`);
      if (this.side[i] === 0) maxA = Math.max(maxA, this.x[i]);
      else minB = Math.min(minB, this.x[i]);
    }
    if (alive[0] !== this.alive[0] || alive[1] !== this.alive[1]) throw new Error(`skirmish invariant (${where}): ${alive.join('/')} models in play, counted ${this.alive[0]}/${this.alive[1]}`);
    if (maxA > -Infinity && minB < Infinity && minB - maxA < spec.closest) throw new Error(`skirmish invariant (${where}): enemies ${(minB - maxA) / 100} in. apart (closest ${spec.closest / 100}); a model moved into or past an enemy`);
    const wiped = alive[0] === 0 || alive[1] === 0;
    if (wiped !== this.wipeout || (wiped && !this.over)) throw new Error(`skirmish invariant (${where}): ${alive.join('/')} models in play but wipe-out ${this.wipeout}, game over ${this.over}`);
    if (this.turnNumber > spec.maxTurns) throw new Error(`skirmish invariant (${where}): turn ${this.turnNumber} beyond ${spec.maxTurns}`);
  }
}
