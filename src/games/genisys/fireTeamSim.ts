// The fire team by Monte Carlo: every volley, each attack slot (an attacker model's weapon, in
// firing order) picks a primary target by the targeting rule and is resolved die by die with the
// rulebook's attack sequence, applied to every model it hits: the primary target, the secondary
// targets of an Area or Flame weapon and of suppressive fire (models within 2 in. of it), a
// shielding comrade hit instead (Cover from Comrades). Models keep their damage, Done markers and
// crawler form from attack to attack; the End Turn removes one Done marker between volleys.
// No TDD is spent in a fire team (README, fire teams).
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { randIndex, rollDie, type Rng } from '../../core/rng.js';
import { DRAW_SUCCESS, drawPassFail, drawResolution, REELING, RETREAT } from './dieChecks.js';
import { PlanTable } from './planTable.js';
import { planIndex, TARGETING_FOCUS, TARGETING_RANDOM, TARGETING_SPREAD, type FireTeamPlan } from './fireTeam.js';
import { doneMarkersAfter } from './genisysReport.js';

// Metric indices: the fixed ones, then one removal rate per target model.
export const F_REMOVED = 0;
export const F_ALL_AT = 1;
export const F_ATTACKS = 2;
export const F_CRAWLERS = 3;
export const F_DAMAGED = 4;
export const F_REELING = 5;
export const F_POINTS = 6;
export const F_TARGET0 = 7;

/** Model states. */
export const IN_PLAY = 0;
export const AS_CRAWLER = 1;
export const REMOVED = 2;

/** Annihilate points for one target at the end: its cost if removed, half (rounded up) for a damaged Resilient model. rulebook: Battle Scenarios – Mission 1, Annihilate. */
export function annihilatePoints(points: number, removed: boolean, damaged: boolean): number {
  return removed ? points : damaged ? Math.ceil(points / 2) : 0;
}

export function fireTeamMetrics(fp: FireTeamPlan): MetricSpec[] {
  const n = fp.targetType.length;
  const attacks = fp.volleys * fp.slots;
  const points = fp.targetPoints.reduce((a, b) => a + b, 0);
  const out: MetricSpec[] = [
    { name: 'removed', description: 'target models removed (destroyed or retreated) after the last volley', kind: 'count', maxValue: n },
    { name: 'allRemovedAt', description: `volley after which every target is removed (${fp.volleys + 1}: not within the volleys)`, kind: 'count', maxValue: fp.volleys + 1 },
    { name: 'attacksToRemove', description: `team attacks, in firing order, until the first target is removed (${attacks + 1}: not removed)`, kind: 'count', maxValue: attacks + 1 },
    { name: 'crawlers', description: 'targets in play as crawlers at the end', kind: 'count', maxValue: n },
    { name: 'damaged', description: 'targets in play carrying damage at the end', kind: 'count', maxValue: n },
    { name: 'reeling', description: 'targets in play with two or more Done markers after the last volley', kind: 'count', maxValue: n },
    { name: 'points', description: 'Annihilate points scored against the targets (removed: full cost, damaged Resilient: half, rounded up)', kind: 'count', maxValue: Math.max(1, points) },
  ];
  for (let m = 0; m < n; m++) out.push({ name: `removed.${m}`, description: `${fp.targetNames[m]} removed`, kind: 'rate', maxValue: 1 });
  return out;
}

export const fireTeamSim: GameSim<FireTeamPlan> = {
  metrics: fireTeamMetrics,
  gamesPerChunk: (fp) => Math.max(500, Math.floor(200_000 / Math.max(1, fp.volleys * fp.slots * 4))),
  createPlayer(fp) {
    const n = fp.targetType.length;
    const normal = new PlanTable(fp.plans);
    const open = new PlanTable(fp.openPlans);
    const { retreatMax, reelingMax } = normal;
    const status = new Uint8Array(n);
    const damage = new Int32Array(n);
    const markers = new Int32Array(n);
    const aimedAt = new Int32Array(n);
    const pending = new Int32Array(n);
    const pendingHasta = new Uint8Array(n);
    const touched = new Int32Array(n);
    const scratch = new Int32Array(n);
    const group = new Int32Array(n);
    const attacks = fp.volleys * fp.slots;
    const comrades = fp.comrades;
    let touchedCount = 0;
    let inPlay = 0;

    const plan = (slot: number, m: number, hasta: number) => planIndex(fp, slot, fp.targetType[m], status[m], hasta);
    const touch = (m: number) => {
      if (pending[m] === 0) touched[touchedCount++] = m;
    };
    /** Fills scratch[0, k) with up to `want` random models in play other than `m` (its neighbours within 2 in.); returns k. */
    function neighbours(rng: Rng, m: number, want: number): number {
      let c = 0;
      for (let i = 0; i < n; i++) if (i !== m && status[i] !== REMOVED) scratch[c++] = i;
      const k = Math.min(want, c);
      for (let i = 0; i < k; i++) {
        const j = i + randIndex(rng, c - i);
        const t = scratch[i];
        scratch[i] = scratch[j];
        scratch[j] = t;
      }
      return k;
    }
    function pickPrimary(rng: Rng): number {
      if (fp.targeting === TARGETING_FOCUS) {
        for (let m = 0; m < n; m++) if (status[m] !== REMOVED) return m;
      } else if (fp.targeting === TARGETING_SPREAD) {
        let best = -1;
        for (let m = 0; m < n; m++) if (status[m] !== REMOVED && (best < 0 || aimedAt[m] < aimedAt[best])) best = m;
        return best;
      } else if (fp.targeting === TARGETING_RANDOM) {
        let c = 0;
        for (let m = 0; m < n; m++) if (status[m] !== REMOVED) scratch[c++] = m;
        return scratch[randIndex(rng, c)];
      }
      return -1;
    }
    /** Resolution tests: -1 for a Retreat!, else the number of Reeling results. rulebook: Attacking – Resolution Tests. */
    function tests(rng: Rng, count: number, sides: number, mode: number): number {
      let reels = 0;
      let retreat = false;
      for (let i = 0; i < count; i++) {
        const c = drawResolution(rng, sides, mode, retreatMax, reelingMax) & 3;
        if (c === RETREAT) retreat = true;
        else if (c === REELING) reels++;
      }
      return retreat ? -1 : reels;
    }
    /** Damage rolls and Resolution tests for the hits pending on model m (plan index p). */
    function resolve(rng: Rng, m: number, p: number): void {
      const hits = pending[m];
      let dmg = 0;
      for (let i = 0; i < hits; i++) if (rollDie(rng, normal.powerSides[p]) >= normal.armor[p]) dmg++;
      // rulebook: Resilient (n) (removed at n points); 'Hasta la Vista' (a damaged model takes all remaining damage).
      const woundsLeft = pendingHasta[m] ? 1 : normal.wounds[p] - damage[m];
      if (dmg >= woundsLeft) {
        // rulebook: Machine Special Rules – I'll Be Back (not after 'Hasta la Vista', whose plan has illBeBack off).
        if (status[m] === IN_PLAY && normal.illBeBack[p] && rollDie(rng, 6) >= normal.ibbTarget[p]) {
          status[m] = AS_CRAWLER;
          damage[m] = 0;
          const r = tests(rng, 1, normal.crawlerSides[p], normal.crawlerMode[p]);
          if (r < 0) remove(m);
          else markers[m] = doneMarkersAfter(markers[m], r);
        } else remove(m);
        return;
      }
      damage[m] += dmg;
      const count = normal.tests[p] ? hits - dmg + (normal.testsOnDamage[p] ? dmg : 0) : 0;
      if (count === 0) return;
      const r = tests(rng, count, normal.resSides[p], normal.resMode[p]);
      if (r < 0) remove(m);
      else markers[m] = doneMarkersAfter(markers[m], r);
    }
    function remove(m: number): void {
      status[m] = REMOVED;
      inPlay--;
    }
    /** Rolls `shots` Skill dice of plan p at model g and queues the hits it and its neighbours take. */
    function shoot(rng: Rng, slot: number, g: number, shots: number, hasta: number, table: PlanTable, area: boolean): void {
      const p = plan(slot, g, hasta);
      let hits = 0;
      if (table.autoHit[p]) hits = shots;
      else for (let i = 0; i < shots; i++) if (drawPassFail(rng, table.skillSides[p], table.skillMode[p], table.hitTarget[p]) & DRAW_SUCCESS) hits++;
      if (hits === 0) return;
      // rulebook: Weapons' Special Rules – Area (Small), Flame: models within the CC template of the primary are hit too, no cover.
      if (area && fp.near > 0) {
        const k = neighbours(rng, g, fp.near);
        for (let i = 0; i < k; i++) {
          const s = scratch[i];
          touch(s);
          pending[s] += hits;
        }
      }
      let unsaved = hits;
      if (table.hasSave[p]) {
        for (let i = 0; i < hits; i++) {
          if (!(drawPassFail(rng, table.saveSides[p], table.saveMode[p], table.saveTarget[p]) & DRAW_SUCCESS)) continue;
          unsaved--;
          // rulebook: Attacking – Cover from Comrades (a saved hit strikes a random shielding model, with no cover).
          if (comrades) {
            const k = neighbours(rng, g, fp.near);
            if (k > 0) {
              const c = scratch[randIndex(rng, k)];
              touch(c);
              pending[c]++;
            }
          }
        }
      }
      if (unsaved > 0) {
        touch(g);
        pending[g] += unsaved;
        if (hasta) pendingHasta[g] = 1;
      }
    }

    return {
      play(rng, rec) {
        status.fill(IN_PLAY);
        damage.fill(0);
        markers.fill(0);
        aimedAt.fill(0);
        inPlay = n;
        let allAt = fp.volleys + 1;
        let attacksToRemove = attacks + 1;
        let made = 0;
        for (let v = 0; v < fp.volleys && inPlay > 0; v++) {
          for (let slot = 0; slot < fp.slots && inPlay > 0; slot++) {
            const g = pickPrimary(rng);
            aimedAt[g]++;
            made++;
            // rulebook: 'Hasta La Vista, Baby!' against a reeling model (two or more Done markers) at CC range.
            const hasta = fp.hasta && markers[g] >= 2 && normal.ok[plan(slot, g, 1)] ? 1 : 0;
            // Cover from Comrades: a target whose only cover is its comrades is in the open without them.
            const table = comrades && (fp.near === 0 || inPlay <= 1) ? open : normal;
            const p = plan(slot, g, hasta);
            const rof = table.rof[p];
            const area = table.area[p] === 1;
            touchedCount = 0;
            // rulebook: Advanced Rules – Suppressive Fire (one shot per target within CC range of the
            // primary, the rest miss); with no other target there the attack is made as normal.
            const k = fp.suppressive && rof >= 2 && !hasta && fp.near > 0 ? neighbours(rng, g, Math.min(fp.near, rof - 1)) : 0;
            if (k > 0) {
              for (let i = 0; i < k; i++) group[i] = scratch[i];
              shoot(rng, slot, g, 1, 0, table, area);
              for (let i = 0; i < k; i++) shoot(rng, slot, group[i], 1, 0, table, area);
            } else shoot(rng, slot, g, rof, hasta, table, area);
            for (let i = 0; i < touchedCount; i++) {
              const m = touched[i];
              if (status[m] !== REMOVED) resolve(rng, m, plan(slot, m, pendingHasta[m]));
              pending[m] = 0;
              pendingHasta[m] = 0;
            }
            if (attacksToRemove > attacks && status[0] === REMOVED) attacksToRemove = made;
          }
          if (inPlay === 0 && allAt > fp.volleys) allAt = v + 1;
          // rulebook: The Game Turn – End Turn (one Done marker removed from each model), between volleys.
          if (v + 1 < fp.volleys) for (let m = 0; m < n; m++) if (markers[m] > 0) markers[m]--;
        }
        let removed = 0;
        let crawlers = 0;
        let damaged = 0;
        let reeling = 0;
        let points = 0;
        for (let m = 0; m < n; m++) {
          const gone = status[m] === REMOVED;
          if (gone) removed++;
          else {
            if (status[m] === AS_CRAWLER) crawlers++;
            if (damage[m] > 0) damaged++;
            if (markers[m] >= 2) reeling++;
          }
          points += annihilatePoints(fp.targetPoints[m], gone, !gone && status[m] === IN_PLAY && damage[m] > 0);
        }
        rec.record(F_REMOVED, removed);
        rec.record(F_ALL_AT, allAt);
        rec.record(F_ATTACKS, attacksToRemove);
        rec.record(F_CRAWLERS, crawlers);
        rec.record(F_DAMAGED, damaged);
        rec.record(F_REELING, reeling);
        rec.record(F_POINTS, points);
        for (let m = 0; m < n; m++) rec.record(F_TARGET0 + m, status[m] === REMOVED ? 1 : 0);
      },
    };
  },
};

/**
 * The conformance suite's invariant check for the fire team: plays game `index` and checks that
 * what it recorded agrees with itself (every metric recorded once, in range; the removed count is
 * the sum of the per-target removals; crawlers, damaged and reeling targets are among those in
 * play; all removed by a volley exactly when every target is; the first target's attack count
 * exactly when it is removed). Throws an Error naming the broken invariant.
 */
export async function checkFireTeamGame(fp: FireTeamPlan, rng: Rng, index: number): Promise<void> {
  const specs = fireTeamMetrics(fp);
  const got = new Array<number>(specs.length).fill(NaN);
  const rec = {
    record(metric: number, value: number) {
      if (!Number.isNaN(got[metric])) throw new Error(`fire team game ${index}: metric ${specs[metric].name} recorded twice`);
      if (!Number.isInteger(value) || value < 0 || value > specs[metric].maxValue) throw new Error(`fire team game ${index}: metric ${specs[metric].name} = ${value}, outside 0..${specs[metric].maxValue}`);
      got[metric] = value;
    },
  };
  const player = await fireTeamSim.createPlayer(fp);
  player.play(rng, rec as unknown as Parameters<typeof player.play>[1], index);
  const n = fp.targetType.length;
  const fail = (what: string) => {
    throw new Error(`fire team game ${index}: ${what}`);
  };
  if (got.some((v) => Number.isNaN(v))) fail('a metric was not recorded');
  let sum = 0;
  for (let m = 0; m < n; m++) sum += got[F_TARGET0 + m];
  if (sum !== got[F_REMOVED]) fail(`removed ${got[F_REMOVED]} but ${sum} targets flagged removed`);
  const inPlay = n - got[F_REMOVED];
  for (const [k, name] of [[F_CRAWLERS, 'crawlers'], [F_DAMAGED, 'damaged'], [F_REELING, 'reeling']] as const) if (got[k] > inPlay) fail(`${got[k]} ${name} with ${inPlay} targets in play`);
  if ((got[F_ALL_AT] <= fp.volleys) !== (got[F_REMOVED] === n)) fail(`all removed at volley ${got[F_ALL_AT]} with ${got[F_REMOVED]} of ${n} removed`);
  if ((got[F_ATTACKS] <= fp.volleys * fp.slots) !== (got[F_TARGET0] === 1)) fail(`first target removed after ${got[F_ATTACKS]} attacks, flagged ${got[F_TARGET0]}`);
}
