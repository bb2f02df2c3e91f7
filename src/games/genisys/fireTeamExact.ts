// The fire team, exactly, where the state space allows it: focus targeting (every attack at the
// first target still in play), with no hit that reaches another model (no Area or Flame secondary
// hits, no suppressive fire, no shielding comrade: `near` 0 or none of those rules). Then the
// targets before the focused one are removed, those after it untouched, and the whole team is a
// Markov chain on (focused target i, its damage d, its form c — model or crawler —, its Done
// markers m), stepped attack by attack with the exact distribution of one attack (exactAttack)
// from that state. Done markers are kept up to volleys + 1: a model with that many is Reeling
// until the end whatever the End Turns remove, so the cap changes no answer.
import { compileAttack } from './attackPlan.js';
import { exactAttack, type ExactAttack } from './exactAttack.js';
import { fireTeamAttackParams, planIndex, TARGETING_FOCUS, type FireTeamInput, type FireTeamPlan } from './fireTeam.js';
import { readParams } from './genisysParams.js';
import { doneMarkersAfter } from './genisysReport.js';
import { annihilatePoints } from './fireTeamSim.js';
import type { UnitsFile } from './units.js';

export interface FireTeamExact {
  /** removed[k] = P(exactly k targets removed after the last volley). */
  removed: number[];
  /** allRemovedAt[v] = P(every target removed by the end of volley v and not before), v in [1, volleys]; [volleys + 1]: not within them; [0] = 0. */
  allRemovedAt: number[];
  /** attacksToRemove[t] = P(the first target removed by team attack t, not before), t in [1, A]; [A + 1]: not removed. */
  attacksToRemove: number[];
  crawlers: number[];
  damaged: number[];
  reeling: number[];
  /** E[Annihilate points scored]. */
  points: number;
  /** P(target model m removed). */
  targetRemoved: number[];
}

/** Why the exact chain cannot run this team (null when it can). */
export function exactUnavailable(fp: FireTeamPlan): string | null {
  if (fp.targeting !== TARGETING_FOCUS) return 'targeting spread and random';
  if (fp.near > 0) {
    if (fp.suppressive) return 'suppressive fire with models within 2 in.';
    if (fp.comrades) return 'cover from comrades with models within 2 in.';
    if (fp.plans.some((p) => p?.area)) return 'Area or Flame weapons with models within 2 in.';
  }
  return null;
}

/** The exact fire team. Throws Error when exactUnavailable(fp) is not null. */
export function exactFireTeam(fp: FireTeamPlan, input: FireTeamInput, data: UnitsFile, file: string): FireTeamExact {
  const why = exactUnavailable(fp);
  if (why) throw new Error(`exact fire team: not for ${why}`);
  const N = fp.targetType.length;
  const D = Math.max(...fp.types.map((t) => t.resilient));
  const M = fp.volleys + 1;
  const S = (N + 1) * D * 2 * (M + 1);
  const at = (i: number, d: number, c: number, m: number) => ((i * D + d) * 2 + c) * (M + 1) + m;
  let cur = new Float64Array(S);
  let next = new Float64Array(S);
  cur[at(0, 0, 0, 0)] = 1;
  const cache = new Map<string, ExactAttack | null>();
  // Cover from Comrades with no comrade within 2 in.: every target is in the open (MC: the same).
  const openCover = fp.comrades;
  const attack = (slot: number, type: number, d: number, c: number, h: number): ExactAttack | null => {
    const key = `${slot}/${type}/${d}/${c}/${h}`;
    if (!cache.has(key)) {
      // null where the team's plans have none (no crawler form, no 'Hasta la Vista' on this target).
      if (!fp.plans[planIndex(fp, slot, type, c, h)]) cache.set(key, null);
      else {
        const args = { slot: fp.slotSpecs[slot], type: fp.types[type], form: c, hasta: h === 1, damageTaken: h === 1 || c === 1 ? 0 : d };
        cache.set(key, exactAttack(compileAttack(readParams(fireTeamAttackParams(input, data, file, args, openCover)))));
      }
    }
    return cache.get(key)!;
  };
  const A = fp.volleys * fp.slots;
  const allRemovedAt = new Array<number>(fp.volleys + 2).fill(0);
  const attacksToRemove = new Array<number>(A + 2).fill(0);
  let doneAll = 0;
  let doneFirst = 0;
  let t = 0;
  for (let v = 0; v < fp.volleys; v++) {
    for (let slot = 0; slot < fp.slots; slot++) {
      next.fill(0);
      t++;
      for (let i = 0; i <= N; i++) {
        for (let d = 0; d < D; d++) {
          for (let c = 0; c < 2; c++) {
            for (let m = 0; m <= M; m++) {
              const p = cur[at(i, d, c, m)];
              if (p === 0) continue;
              if (i === N) {
                next[at(i, d, c, m)] += p;
                continue;
              }
              const type = fp.targetType[i];
              // rulebook: 'Hasta La Vista, Baby!' at CC range against a reeling model (two or more Done markers).
              const hastaPlan = fp.hasta && m >= 2 ? attack(slot, type, d, c, 1) : null;
              const e = hastaPlan ?? attack(slot, type, d, c, 0)!;
              next[at(i + 1, 0, 0, 0)] += p * e.removed;
              const K = e.reels.length;
              const wounds = e.survive.length / K;
              for (let dd = 0; dd < wounds; dd++) {
                for (let k = 0; k < K; k++) {
                  const q = e.survive[dd * K + k];
                  if (q === 0) continue;
                  next[at(i, d + dd, c, Math.min(M, doneMarkersAfter(m, k)))] += p * q;
                }
              }
              for (let k = 0; k < 2; k++) if (e.crawler[k] > 0) next[at(i, 0, 1, Math.min(M, doneMarkersAfter(m, k)))] += p * e.crawler[k];
            }
          }
        }
      }
      [cur, next] = [next, cur];
      // The first target is removed once the focus has moved past it.
      let first = 0;
      for (let i = 1; i <= N; i++) for (let d = 0; d < D; d++) for (let c = 0; c < 2; c++) for (let m = 0; m <= M; m++) first += cur[at(i, d, c, m)];
      attacksToRemove[t] = first - doneFirst;
      doneFirst = first;
    }
    let all = 0;
    for (let d = 0; d < D; d++) for (let c = 0; c < 2; c++) for (let m = 0; m <= M; m++) all += cur[at(N, d, c, m)];
    allRemovedAt[v + 1] = all - doneAll;
    doneAll = all;
    // rulebook: The Game Turn – End Turn: one Done marker off each model, between volleys.
    if (v + 1 < fp.volleys) {
      next.fill(0);
      for (let i = 0; i <= N; i++) for (let d = 0; d < D; d++) for (let c = 0; c < 2; c++) for (let m = 0; m <= M; m++) next[at(i, d, c, Math.max(0, m - 1))] += cur[at(i, d, c, m)];
      [cur, next] = [next, cur];
    }
  }
  attacksToRemove[A + 1] = 1 - doneFirst;
  allRemovedAt[fp.volleys + 1] = 1 - doneAll;
  const removed = new Array<number>(N + 1).fill(0);
  const crawlers = new Array<number>(N + 1).fill(0);
  const damaged = new Array<number>(N + 1).fill(0);
  const reeling = new Array<number>(N + 1).fill(0);
  const targetRemoved = new Array<number>(N).fill(0);
  let points = 0;
  for (let i = 0; i <= N; i++) {
    let before = 0;
    for (let j = 0; j < i; j++) before += annihilatePoints(fp.targetPoints[j], true, false);
    for (let d = 0; d < D; d++) {
      for (let c = 0; c < 2; c++) {
        for (let m = 0; m <= M; m++) {
          const p = cur[at(i, d, c, m)];
          if (p === 0) continue;
          removed[i] += p;
          for (let j = 0; j < i; j++) targetRemoved[j] += p;
          const inPlay = i < N;
          crawlers[inPlay && c === 1 ? 1 : 0] += p;
          damaged[inPlay && d > 0 ? 1 : 0] += p;
          reeling[inPlay && m >= 2 ? 1 : 0] += p;
          points += p * (before + (inPlay ? annihilatePoints(fp.targetPoints[i], false, c === 0 && d > 0) : 0));
        }
      }
    }
  }
  return { removed, allRemovedAt, attacksToRemove, crawlers, damaged, reeling, points, targetRemoved };
}

