// The squad skirmish engine: two small forces on a track in inches, playing full turns of
// Terminator Genisys. Side A deploys at the low end and advances upwards, side B at the high end;
// each model keeps its lane across the table (a side's models stand `spread` apart, side by side),
// so friends never block, and it moves along the track only: enemies are never passed (a moving
// model stops `closest` short of the nearest enemy line: no base contact, and enemy bases are
// impenetrable). Ranges are measured straight, across lanes. rulebook sections are named at each
// rule; choices are README S1–S14.
//
// State (preallocated, reset per game): per model its side, type (a crawler after I'll Be Back),
// position along the track and lane across it (hundredths of an inch), in play, damage, Done
// markers, Ready marker, cover, Command.
// Decisions go to each side's Policy (src/core/policy.ts): who takes the first impulse, which
// models get Ready markers, each activation's move and its attack.
import { NO_ANSWER, NO_STOP } from '../../core/engine.js';
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
/** The decisions the search answers: every one (the skirmish resumes at each), a bit per decision code. */
export const SEARCH_ROOTS = (1 << DECISION_NAMES.length) - 1;

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

/** Where play() and a resumed search are in the game (Skirmish.stage). */
const ST_TURN = 0;
const ST_IMPULSE = 1;
const ST_READY = 2;
const ST_ACTIVATE = 3;
const ST_TURN_END = 4;
const ST_OVER = 5;
/** readyLeft in the Last Activations: every remaining model takes a marker, no commander extras. */
const ALL_LEFT = -1;

/** Appends move `code` to codes[0, n) unless it is there already or the list is full; the new count. (A function, not a closure per call: moveOptions runs in the bots' look-ahead.) */
function addMove(codes: Int32Array, n: number, code: number): number {
  for (let k = 0; k < n; k++) if (codes[k] === code) return n;
  if (n < MAX_OPTIONS) codes[n++] = code;
  return n;
}

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
  /** When set, answers every decision of both sides instead of `policies` (a search's playOn). */
  private chooser: Policy<Skirmish> | null = null;
  // Where the game is (a search resumes from here): the stage, the impulse (its side, its number in
  // the turn, the Ready markers still to ask and a commander's extra ones, the activation under way),
  // the active model's move and attacks, and the decision being asked.
  private stage = ST_TURN;
  private impulseSide = 0;
  private impulseNo = 0;
  private readyLeft = 0;
  private extraFrom = -1;
  private extraLeft = 0;
  private actK = 0;
  private moveDest = 0;
  private moveKindNow = 0;
  private moved = false;
  private attackNo = 0;
  private usedWeapons = 0;
  private pendingDecision = -1;
  private pendingN = 0;
  private pendingNone = false;
  // Scratch.
  private readonly options = new Int32Array(MAX_OPTIONS);
  private readonly optionPlans = new Int32Array(MAX_OPTIONS);
  private readonly scratchCodes = new Int32Array(MAX_OPTIONS);
  private readonly scratchPlans = new Int32Array(MAX_OPTIONS);
  /** An enemy's moves and attacks while returnFireAfterMove looks at them (apart from the scratch bestAfterMove uses). */
  private readonly fireMoves = new Int32Array(MAX_OPTIONS);
  private readonly fireCodes = new Int32Array(MAX_OPTIONS);
  private readonly firePlans = new Int32Array(MAX_OPTIONS);
  private readonly order: Int32Array;
  private orderCount = 0;
  /** The secondary targets of the Area attack being resolved (preallocated: no allocation per attack). */
  private readonly secondaries: Int32Array;
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
    this.secondaries = new Int32Array(m);
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
  /** Model i's cover roll (S4 `cover.chance`, rolled after each of its moves): 1 in cover against Point Blank and Short attacks, 0 in the open; Long and Extreme range always count as cover, Close Combat never. */
  modelCover(i: number): number {
    return this.cover[i];
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
    const k = this.bestAttackAfterMove(code);
    return k < 0 ? -1 : this.spec.pRemove[this.scratchPlans[k]];
  }
  /** The target model of the best attack (highest P(remove), the first of equals) the active model could make after move `code` (-1: none). */
  bestTargetAfterMove(code: number): number {
    const k = this.bestAttackAfterMove(code);
    return k < 0 ? -1 : this.scratchCodes[k] % ATTACK_CODE;
  }
  /**
   * The attacks the active model could make after move `code`: writes their attack codes (weapon
   * slot × 64 + target) into `codes` and their P(remove the target, from fresh) into `removal`
   * (both at least MAX_OPTIONS long) and returns how many. Reads the game only.
   */
  attacksAfterMove(code: number, codes: Int32Array, removal: Float64Array): number {
    const n = this.optionsAfterMove(code, codes);
    for (let k = 0; k < n; k++) removal[k] = this.spec.pRemove[this.scratchPlans[k]];
    return n;
  }
  /** The active model's attack options after move `code`: codes into `codes`, plans into scratchPlans; how many. */
  private optionsAfterMove(code: number, codes: Int32Array): number {
    const i = this.activeModel;
    const dest = code % MOVE_CODE;
    return this.attackOptions(i, dest, Math.floor(code / MOVE_CODE) === MOVE_DOUBLE, dest !== this.x[i], codes, this.scratchPlans);
  }
  /** The active model's attack options after move `code`, in the scratch arrays; the index of the best (the first of equals), -1 when none. */
  private bestAttackAfterMove(code: number): number {
    const n = this.optionsAfterMove(code, this.scratchCodes);
    let best = -1;
    let at = -1;
    for (let k = 0; k < n; k++) {
      const r = this.spec.pRemove[this.scratchPlans[k]];
      if (r > best) {
        best = r;
        at = k;
      }
    }
    return at;
  }
  /**
   * The return fire of enemy j once the active model has made move `code`: the best P(remove the
   * target, from fresh) of any attack j could then make at a model of the active model's side, j
   * standing (an aimed shot where it may) or after any of its own moves; 0 when none reaches one;
   * -1 when j is not an enemy in play. At any model, not the active one only: what a move changes is
   * the enemy's best attack, and it shoots a friend when that is better. The active model's position
   * is set to the destination for the look and restored.
   */
  returnFireAfterMove(code: number, j: number): number {
    const i = this.activeModel;
    if (i < 0 || !this.inPlay[j] || this.side[j] === this.side[i]) return -1;
    const here = this.x[i];
    this.x[i] = code % MOVE_CODE;
    const nMoves = this.moveOptions(j, this.fireMoves);
    const reach = this.spec.bands[this.spec.extreme ? BAND_COUNT - 1 : BAND_COUNT - 2]; // the longest range band's edge
    // A step back moves j away from every model of this side (they all stand on one side of it along
    // the track): no band, cover or aim gets better, so it can only help j out of the Close Combat lock.
    const dir = this.side[j] === 0 ? 1 : -1;
    const backHelps = this.nearestEnemyFrom(j, this.x[j]) <= this.spec.bands[0];
    let best = 0;
    for (let k = 0; k < nMoves; k++) {
      const move = this.fireMoves[k];
      const dest = move % MOVE_CODE;
      if (!backHelps && (dest - this.x[j]) * dir < 0) continue;
      const ran = Math.floor(move / MOVE_CODE) === MOVE_DOUBLE;
      // No attack beyond the longest range band (rulebook: Weaponry – Range), and after a Run only
      // Close Combat ones (Attacking – Moving and Attacking): none unless a model of this side is that near.
      const near = this.nearestEnemyFrom(j, dest);
      if (near > (ran ? this.spec.bands[0] : reach)) continue;
      const n = this.attackOptions(j, dest, ran, dest !== this.x[j], this.fireCodes, this.firePlans);
      for (let a = 0; a < n; a++) best = Math.max(best, this.spec.pRemove[this.firePlans[a]]);
    }
    this.x[i] = here;
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
        // rulebook: Weapons' Special Rules – Area (Small), Diagram 10: not at a target whose template would touch a friend or the firer.
        if (this.plans.area[p] && this.friendInTemplate(i, at, j)) continue;
        codes[n] = w * ATTACK_CODE + j;
        plans[n] = p;
        n++;
      }
    }
    return n;
  }

  /** Whether a model of model i's side (i itself standing at `at`) is within Close Combat range (2 in.) of model j: an Area template on j would touch it. */
  private friendInTemplate(i: number, at: number, j: number): boolean {
    const cc2 = this.spec.bands[0] * this.spec.bands[0];
    for (let k = 0; k < this.m; k++) {
      if (!this.inPlay[k] || this.side[k] !== this.side[i]) continue;
      const dx = (k === i ? at : this.x[k]) - this.x[j];
      const dy = this.y[k] - this.y[j];
      if (dx * dx + dy * dy <= cc2) return true;
    }
    return false;
  }

  /** Writes into `secondaries` the enemies of `side` in play within Close Combat range (2 in.) of model j, j excluded; their count. */
  private secondaryTargets(side: number, j: number): number {
    const cc2 = this.spec.bands[0] * this.spec.bands[0];
    let n = 0;
    for (let k = 0; k < this.m; k++) {
      if (k === j || !this.inPlay[k] || this.side[k] === side) continue;
      const dx = this.x[k] - this.x[j];
      const dy = this.y[k] - this.y[j];
      if (dx * dx + dy * dy <= cc2) this.secondaries[n++] = k;
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
    const normal = damaged ? ty.damagedNormal : ty.normal;
    const double = damaged ? ty.damagedDouble : ty.double;
    let n = 0;
    codes[n++] = MOVE_STAY * MOVE_CODE + here;
    for (let kind = MOVE_NORMAL; kind <= MOVE_DOUBLE; kind++) {
      const len = kind === MOVE_NORMAL ? normal : double;
      if (len <= 0) continue;
      // A double move only where a normal one cannot reach (it gives up the ranged attack).
      const minLen = kind === MOVE_DOUBLE ? normal + 1 : 1;
      const fwd = Math.min(len, maxFwd);
      const bwd = Math.min(len, back);
      if (fwd >= minLen) n = addMove(codes, n, kind * MOVE_CODE + here + dir * fwd);
      if (bwd >= minLen) n = addMove(codes, n, kind * MOVE_CODE + here - dir * bwd);
      if (near >= 0) {
        for (let k = 0; k < BAND_COUNT - 1; k++) {
          const edge = spec.bands[k];
          if (edge <= dy) continue;
          const gap = Math.floor(Math.sqrt(edge * edge - dy * dy));
          // Signed distance forward to the point `gap` short of the nearest enemy along the track.
          const f = (this.x[near] - here) * dir - gap;
          if (f >= minLen && f <= fwd) n = addMove(codes, n, kind * MOVE_CODE + here + dir * f);
          if (-f >= minLen && -f <= bwd) n = addMove(codes, n, kind * MOVE_CODE + here + dir * f);
        }
      }
    }
    return n;
  }

  private ask(rng: Rng, side: number, decision: number, n: number, allowNone: boolean): number {
    this.deciding = side;
    this.pendingDecision = decision;
    this.pendingN = n;
    this.pendingNone = allowNone;
    const k = (this.chooser ?? this.policies[side]).choose(rng, this, decision, this.options, n, allowNone);
    this.pendingDecision = -1;
    return k;
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
    // rulebook: Weapons' Special Rules – Area (Small): on a hit, the models the CC template around the primary touches are hit too (README S14).
    const nSecondary = P.area[p] && hits > 0 ? this.secondaryTargets(side, j) : 0;
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
    if (unsaved > 0) this.takeHits(rng, p, j, unsaved, hasta);
    if (nSecondary > 0) {
      // The secondary's plan: the same attacker, weapon and range band at the secondary's type, no
      // cover, not aimed (its hits need no Skill roll; models hit by an Area weapon receive no cover).
      const band = Math.floor((p % (BAND_COUNT * 8)) / 8);
      const attackerPart = Math.floor(p / (this.spec.types.length * BAND_COUNT * 8));
      for (let k = 0; k < nSecondary; k++) {
        const s = this.secondaries[k];
        if (!this.inPlay[s]) continue;
        const q = ((attackerPart * this.spec.types.length + this.type[s]) * BAND_COUNT + band) * 8;
        if (P.ok[q]) this.takeHits(rng, q, s, hits, false);
      }
    }
    if (this.spec.tdd && this.tdd[side] === 1 && !this.tddLeft) this.tdd[side] = 0;
  }

  /**
   * Model j takes `unsaved` hits of plan p: the damage rolls, then removal (I'll Be Back first) or
   * the Resolution tests of the hits that did no damage (README choices 1–2). Mutates model j and,
   * through tddLeft, the attacker's TDD. rulebook: Attacking – Damage Rolls, Resolution Tests;
   * Resilient (n); I'll Be Back; 'Hasta La Vista, Baby!'.
   */
  private takeHits(rng: Rng, p: number, j: number, unsaved: number, hasta: boolean): void {
    const P = this.plans;
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

  /** Activates model i: a move, then its attacks. rulebook: Impulses – Execute Activations; Moving; Attacking. */
  private activate(rng: Rng, i: number): void {
    this.activeModel = i;
    this.activations[i]++;
    const nMoves = this.moveOptions(i, this.options);
    this.moveAnswer(rng, this.ask(rng, this.side[i], DEC_MOVE, nMoves, false));
    this.attackLoop(rng);
  }

  /** The active model makes move option `pick` of the move decision. */
  private moveAnswer(rng: Rng, pick: number): void {
    const i = this.activeModel;
    const code = this.options[pick];
    const dest = code % MOVE_CODE;
    this.moveDest = dest;
    this.moveKindNow = Math.floor(code / MOVE_CODE);
    this.moved = dest !== this.x[i];
    this.x[i] = dest;
    // Cover after a move: a probability (README S4); a model that stays keeps its cover.
    if (this.moved) this.cover[i] = randIndex(rng, 1_000_000) < this.spec.coverChance ? 1 : 0;
    if (this.checking) this.checkInvariants('after a move');
    this.attackNo = 0;
    this.usedWeapons = 0;
  }

  /**
   * The active model's attacks from attackNo on, then the end of its activation. rulebook: Vehicles –
   * Attacking: a vehicle fires each of its weapons (at targets of its choice); other models one.
   */
  private attackLoop(rng: Rng): void {
    const i = this.activeModel;
    while (this.attackNo < this.spec.types[this.type[i]].attacks && this.inPlay[i] && !this.over) {
      const nAtt = this.attackOptions(i, this.moveDest, this.moveKindNow === MOVE_DOUBLE, this.moved, this.options, this.optionPlans, this.usedWeapons);
      if (nAtt === 0) break;
      this.attackCount = nAtt;
      if (!this.attackAnswer(rng, this.ask(rng, this.side[i], DEC_ATTACK, nAtt, true))) break;
    }
    this.endActivation();
  }

  /** The active model makes attack option `a` of the attack decision (-1: none); whether it attacked. */
  private attackAnswer(rng: Rng, a: number): boolean {
    this.attackCount = 0;
    if (a < 0) return false;
    const p = this.optionPlans[a];
    const j = this.options[a] % ATTACK_CODE;
    this.usedWeapons |= 1 << Math.floor(this.options[a] / ATTACK_CODE);
    this.attack(rng, this.side[this.activeModel], p, j, p % 2 === 1);
    this.attackNo++;
    return true;
  }

  private endActivation(): void {
    const i = this.activeModel;
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

  /** Writes into options the eligible models of `side` (only non-commanders within command range of `near` when near ≥ 0); their count. */
  private modelOptions(side: number, near: number): number {
    let n = 0;
    for (let i = 0; i < this.m && n < MAX_OPTIONS; i++) {
      if (this.side[i] !== side || !this.eligible(i)) continue;
      if (near >= 0 && (this.command[i] > 0 || this.dist2(i, this.x[i], near) > this.spec.commandRange * this.spec.commandRange)) continue;
      this.options[n++] = i;
    }
    return n;
  }

  private readyModel(i: number): void {
    this.ready[i] = 1;
    this.order[this.orderCount++] = i;
  }

  /** The start of the turn once the Tactical Edge's holder chose who goes first (option k of DEC_FIRST). */
  private firstAnswer(k: number): void {
    const first = k === 0 ? this.edge : 1 - this.edge;
    if (this.turnNumber === 1) {
      this.firstSide = first;
      this.firstEdge = this.edge;
    }
    this.impulseSide = first;
    this.impulseNo = 0;
    this.stage = ST_IMPULSE;
  }

  /**
   * The start of an impulse of impulseSide: the Fate roll and how many Ready markers it gives (or
   * the last activations), then the readying. rulebook: Impulses (Fate Roll, Switchovers, Last
   * Activations); Fate Dice – faces 1, 1, 1, 2, 2, FATE; Commanders.
   */
  private impulseStart(rng: Rng): void {
    if (this.impulseNo > MAX_IMPULSES) throw new Error(`skirmish: more than ${MAX_IMPULSES} impulses in turn ${this.turnNumber}`);
    if (this.over) {
      this.stage = ST_TURN_END;
      return;
    }
    const active = this.impulseSide;
    const mine = this.eligibleCount(active);
    const theirs = this.eligibleCount(1 - active);
    if (mine === 0 && theirs === 0) {
      this.stage = ST_TURN_END;
      return;
    }
    if (mine === 0) {
      this.impulseSide = 1 - active;
      this.impulseNo++;
      return;
    }
    this.orderCount = 0;
    this.extraLeft = 0;
    if (theirs === 0) {
      // rulebook: Last Activations – no Fate roll: every remaining model is activated.
      this.readyLeft = ALL_LEFT;
      this.stage = ST_READY;
      return;
    }
    const face = rollDie(rng, 6);
    const count = face <= 3 ? 1 : face <= 5 ? 2 : 0;
    if (count > 0) this.readyLeft = count;
    else {
      // rulebook: Commanders – "No Fate But What We Make": a Commander without markers overrides the FATE result (README S7).
      let c = -1;
      for (let i = 0; i < this.m; i++)
        if (this.side[i] === active && this.command[i] > 0 && this.eligible(i)) {
          c = i;
          break;
        }
      if (c < 0) {
        this.impulseSide = 1 - active; // the Fate die passes to the opponent
        this.impulseNo++;
        return;
      }
      this.readyModel(c);
      this.readyLeft = 0;
      this.extraFrom = c;
      this.extraLeft = this.command[c] - 1;
    }
    this.stage = ST_READY;
  }

  /** Asks for the impulse's Ready markers (a commander's extra markers after each one it takes), then starts the activations. */
  private readying(rng: Rng): void {
    const side = this.impulseSide;
    for (;;) {
      if (this.extraLeft > 0) {
        const n = this.modelOptions(side, this.extraFrom);
        if (n === 0) this.extraLeft = 0;
        else this.extraAnswer(this.ask(rng, side, DEC_EXTRA, n, true));
        continue;
      }
      if (this.readyLeft === 0) break;
      const n = this.modelOptions(side, -1);
      if (n === 0) break;
      this.readyAnswer(this.ask(rng, side, DEC_READY, n, false));
    }
    this.actK = 0;
    this.stage = ST_ACTIVATE;
  }

  /** Option k of DEC_READY takes a Ready marker; a commander then gives extra markers. rulebook: Commanders – "Come With Me If You Want To Live!" (up to its Command value). */
  private readyAnswer(k: number): void {
    const i = this.options[k];
    this.readyModel(i);
    if (this.readyLeft === ALL_LEFT) return;
    this.readyLeft--;
    if (this.command[i] > 0) {
      this.extraFrom = i;
      this.extraLeft = this.command[i];
    }
  }

  /** Option k of DEC_EXTRA takes a commander's extra Ready marker (-1: the commander gives no more). */
  private extraAnswer(k: number): void {
    if (k < 0) this.extraLeft = 0;
    else {
      this.readyModel(this.options[k]);
      this.extraLeft--;
    }
  }

  /** The impulse's activations from actK on, in the order the markers were taken; then the other side's impulse. */
  private activating(rng: Rng): void {
    while (this.actK < this.orderCount && !this.over) {
      const i = this.order[this.actK];
      if (this.inPlay[i] && this.ready[i]) this.activate(rng, i);
      this.actK++;
    }
    if (this.checking) this.checkInvariants('after an impulse');
    this.impulseSide = 1 - this.impulseSide;
    this.impulseNo++;
    this.stage = ST_IMPULSE;
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

  /** Starts a new game: Battle Lines set-up (each model's cover drawn from `rng`). rulebook: Battle Scenarios – Set-up. */
  reset(rng: Rng): void {
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
    this.orderCount = 0;
    this.attackCount = 0;
    this.pendingDecision = -1;
    this.stage = ST_TURN;
  }

  /** Plays one game. rulebook: Battle Scenarios (Battle Lines set-up, Roll for Game End, Mission 1 Annihilate). */
  play(rng: Rng): void {
    this.reset(rng);
    this.runFrom(rng, NO_STOP);
  }

  /**
   * Plays from `stage` until the game is over, or until turn `stopTurn` has ended (its End Turn and
   * game-end roll done). One implementation of the turn for play() and for a search resuming a
   * snapshot (playOn).
   */
  private runFrom(rng: Rng, stopTurn: number): void {
    for (;;) {
      switch (this.stage) {
        case ST_TURN:
          if (this.turnNumber >= this.spec.maxTurns) {
            this.finish();
            return;
          }
          if (this.turnNumber >= stopTurn) return;
          this.turnNumber++;
          this.activations.fill(0);
          // rulebook: Impulses – Tactical Roll-off (D8 each unless the scenario says otherwise).
          this.edge = this.rollOff(rng, this.spec.tactical[0], this.spec.tactical[1]);
          this.options[0] = 0;
          this.options[1] = 1;
          this.firstAnswer(this.ask(rng, this.edge, DEC_FIRST, 2, false));
          break;
        case ST_IMPULSE:
          this.impulseStart(rng);
          break;
        case ST_READY:
          this.readying(rng);
          break;
        case ST_ACTIVATE:
          this.activating(rng);
          break;
        case ST_TURN_END:
          this.turnEnd(rng);
          break;
        default:
          return;
      }
    }
  }

  /** After the impulses: the End Turn and the Roll for Game End, or the end of the game at a wipe-out. */
  private turnEnd(rng: Rng): void {
    const spec = this.spec;
    if (this.checking) this.checkInvariants('at the end of the impulses');
    if (this.over) return this.finish();
    this.endTurn();
    if (this.checking) this.checkInvariants('after the End Turn');
    // rulebook: Roll for Game End – D4 = 4 after turn 5, D6 4+ after turn 6, D20 4+ after turn 7 on
    // (Larger Playing Surfaces: from turn 8); the player with the Tactical Edge rolls.
    const turn = this.turnNumber;
    if (turn >= spec.endStart) {
      const die = turn === spec.endStart ? 4 : turn === spec.endStart + 1 ? 6 : 20;
      if (rollDie(rng, die) >= 4) return this.finish();
    }
    this.stage = ST_TURN;
  }

  private finish(): void {
    this.decide();
    this.stage = ST_OVER;
  }

  /** Whether the game has ended (decided), not stopped at a turn boundary. */
  ended(): boolean {
    return this.stage === ST_OVER;
  }

  /**
   * Plays on with `chooser` answering every decision of both sides (a search's playout): after a
   * reset with `decision` NO_ANSWER; after restoring a snapshot saved while `decision` was asked,
   * `answer` answers it first, as if the chooser had returned it there.
   */
  playOn(rng: Rng, chooser: Policy<Skirmish>, decision: number, answer: number, stopTurn: number): void {
    if (decision !== NO_ANSWER && decision !== this.pendingDecision) throw new Error(`skirmish: resuming decision ${DECISION_NAMES[decision] ?? decision}, but the state was saved at ${DECISION_NAMES[this.pendingDecision] ?? 'no decision'}`);
    const before = this.chooser;
    this.chooser = chooser;
    try {
      if (decision !== NO_ANSWER) this.resume(rng, answer);
      this.runFrom(rng, stopTurn);
    } finally {
      this.chooser = before;
    }
  }

  /** Answers the decision a restored snapshot was asking, and finishes the step it belongs to. */
  private resume(rng: Rng, k: number): void {
    const d = this.pendingDecision;
    this.pendingDecision = -1;
    switch (d) {
      case DEC_FIRST:
        return this.firstAnswer(k);
      case DEC_READY:
        return this.readyAnswer(k);
      case DEC_EXTRA:
        return this.extraAnswer(k);
      case DEC_MOVE:
        this.moveAnswer(rng, k);
        this.attackLoop(rng);
        this.actK++;
        return;
      case DEC_ATTACK:
        if (this.attackAnswer(rng, k)) this.attackLoop(rng);
        else this.endActivation();
        this.actK++;
        return;
      default:
        throw new Error(`skirmish: cannot resume at decision ${DECISION_NAMES[d] ?? d}`);
    }
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
