// The Monte Carlo engine: plays one attack per game from its own stream, rolling every die the
// rulebook rolls, with the same plan, the same re-roll rights (dieChecks.ts) and the same TDD
// policy (and the defender's contest of it) as the exact engine. Metrics are integers per attack.
import type { MetricSpec, Recorder } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import { rollDie, type Rng } from '../../core/rng.js';
import { planDice, type AttackPlan } from './attackPlan.js';
import { DRAW_REROLLED, DRAW_SUCCESS, drawPassFail, NO_EFFECT, plainAtLeast, plainResolution, resolutionTests, testsOutcome } from './dieChecks.js';
import { CRAWLER, CRAWLER_REELING, DAMAGED, DESTROYED, OUTCOMES, REELING_DAMAGED, REELING_OUT, RETREATED, UNHARMED } from './exactAttack.js';

export const M_HITS = 0;
export const M_UNSAVED = 1;
export const M_DAMAGE = 2;
export const M_OUTCOME = 3;
export const M_REELS = 4;

export function attackMetrics(plan: AttackPlan): MetricSpec[] {
  return [
    { name: 'hits', description: 'Skill dice that hit', kind: 'count', maxValue: plan.rof },
    { name: 'unsaved', description: 'hits not negated by a cover save', kind: 'count', maxValue: plan.rof },
    { name: 'damage', description: 'damaging hits (Power roll ≥ Armor)', kind: 'count', maxValue: plan.rof },
    // One categorical metric instead of eight rates: one record per attack instead of eight.
    { name: 'outcome', description: `final state: ${OUTCOMES.map((o, i) => `${i} ${o}`).join(', ')}`, kind: 'count', maxValue: OUTCOMES.length - 1 },
    // Recorded only when the target stays in play: bins[k] / games = P(stays with k Reeling results).
    { name: 'reels', description: 'Reeling results of a target that stays in play (each one a Done marker); not recorded when it is removed', kind: 'count', maxValue: plan.rof },
  ];
}

/** A TDD contest: true when the attacker's agent wins the roll-off (ties rolled again). rulebook: The Game Turn – TDD Tactics. */
export function attackerWinsContest(rng: Rng, attackerSides: number, defenderSides: number): boolean {
  for (;;) {
    const a = rollDie(rng, attackerSides);
    const d = rollDie(rng, defenderSides);
    if (a !== d) return a > d;
  }
}

export const attackSim: GameSim<AttackPlan> = {
  metrics: attackMetrics,
  // ~20 ms of attacks at about 5–10 million attacks per second (ROF 2), fewer for big ROF.
  gamesPerChunk: (plan) => Math.max(10_000, Math.floor(200_000 / plan.rof)),
  createPlayer(plan) {
    const dice = planDice(plan);
    const { skillSides, skillMode, saveSides, saveMode, powerSides, resSides, resMode, crawlerSides, crawlerMode } = dice;
    const { rof, autoHit, hitTarget, hasSave, saveTarget, armor, woundsLeft, tests, testsOnDamage, retreatMax, reelingMax, illBeBack, illBeBackTarget } = plan;
    const contest = plan.tddContest === true;
    const aSides = plan.tddAttackerSides;
    const dSides = plan.tddDefenderSides;
    // Whether a re-rolled lone Reeling can turn into "no effect" (then the TDD keeps off it).
    const plain = new Float64Array(3);
    // README 5: the TDD is spent only where its re-roll can succeed (a plain roll of the die).
    const canHit = plainAtLeast(plan.skillStep, hitTarget) > 0;
    const canFailSave = plainAtLeast(plan.saveStep, saveTarget) < 1;
    const canDamage = plainAtLeast(plan.powerStep, armor) > 0;
    const canStayDown = illBeBackTarget > 1; // a re-rolled I'll Be Back D6 can miss its target
    const resHasNoEffect = plainResolution(plan.resStep, retreatMax, reelingMax, plain)[NO_EFFECT] > 0;
    const crawlerHasNoEffect = plainResolution(plan.crawlerResStep, retreatMax, reelingMax, plain)[NO_EFFECT] > 0;
    /** The attacker spends his TDD: does the re-roll go ahead (the defender may contest it)? */
    const proceeds = (rng: Rng) => !contest || attackerWinsContest(rng, aSides, dSides);

    /** Resolution tests as both engines roll them: -1 for a Retreat!, else the Reeling results. */
    const rollTests = (rng: Rng, n: number, sides: number, mode: number, hasNoEffect: boolean, tdd: boolean) =>
      testsOutcome(resolutionTests(rng, n, sides, mode, retreatMax, reelingMax, hasNoEffect, tdd, contest ? proceeds : null));

    /**
     * Plays one attack from `rng` (the rules of both play and playRange) and writes its metrics
     * into out: hits, unsaved, damage, outcome, and the Reeling results (-1: removed, not recorded).
     */
    function attack(rng: Rng, out: Int32Array): void {
      let tdd = plan.tdd;
      // Stage 2: to-hit batch. rulebook: Attacking – Attack Rolls; The Game Turn – TDD Tactics.
      let hits = 0;
      if (autoHit) hits = rof;
      else {
        let missFirst = 0;
        for (let i = 0; i < rof; i++) {
          const r = drawPassFail(rng, skillSides, skillMode, hitTarget);
          if (r & DRAW_SUCCESS) hits++;
          else if (!(r & DRAW_REROLLED)) missFirst++;
        }
        if (tdd && missFirst > 0 && canHit) {
          tdd = false;
          if (proceeds(rng) && rollDie(rng, skillSides) >= hitTarget) hits++;
        }
      }
      // Stage 3: one save per hit. rulebook: Attacking – Taking Cover Saves.
      let unsaved = hits;
      if (hasSave && hits > 0) {
        let savedFirst = 0;
        for (let i = 0; i < hits; i++) {
          const r = drawPassFail(rng, saveSides, saveMode, saveTarget);
          if (r & DRAW_SUCCESS) {
            unsaved--;
            if (!(r & DRAW_REROLLED)) savedFirst++;
          }
        }
        if (tdd && savedFirst > 0 && canFailSave) {
          tdd = false;
          if (proceeds(rng) && rollDie(rng, saveSides) < saveTarget) unsaved++;
        }
      }
      // Stage 4: Power roll ≥ Armor damages. rulebook: Attacking – Damage Rolls.
      let damage = 0;
      for (let i = 0; i < unsaved; i++) if (rollDie(rng, powerSides) >= armor) damage++;
      if (tdd && damage < woundsLeft && damage < unsaved && canDamage) {
        tdd = false;
        if (proceeds(rng) && rollDie(rng, powerSides) >= armor) damage++;
      }
      // Stages 5–6: final state. rulebook: Attacking – Resolution Tests; Resilient (n); Machine Special Rules – I'll Be Back.
      let outcome: number;
      let reels = -1; // -1: removed (nothing recorded)
      if (damage >= woundsLeft) {
        outcome = DESTROYED;
        if (illBeBack) {
          let crawl = rollDie(rng, 6) >= illBeBackTarget;
          if (crawl && tdd && canStayDown) {
            tdd = false;
            if (proceeds(rng)) crawl = rollDie(rng, 6) >= illBeBackTarget;
          }
          if (crawl) {
            reels = rollTests(rng, 1, crawlerSides, crawlerMode, crawlerHasNoEffect, tdd);
            outcome = reels < 0 ? RETREATED : reels > 0 ? CRAWLER_REELING : CRAWLER;
          }
        }
      } else {
        const n = tests ? unsaved - damage + (testsOnDamage ? damage : 0) : 0;
        reels = n === 0 ? 0 : rollTests(rng, n, resSides, resMode, resHasNoEffect, tdd);
        outcome = reels < 0 ? RETREATED : damage > 0 ? (reels > 0 ? REELING_DAMAGED : DAMAGED) : reels > 0 ? REELING_OUT : UNHARMED;
      }
      out[M_HITS] = hits;
      out[M_UNSAVED] = unsaved;
      out[M_DAMAGE] = damage;
      out[M_OUTCOME] = outcome;
      out[M_REELS] = reels;
    }

    const got = new Int32Array(5);
    // playRange's chunk-local histograms: metric m, value v at counts[m * width + v] (values are at most rof, outcome at most 7).
    const width = Math.max(rof, OUTCOMES.length - 1) + 1;
    const counts = new Int32Array(5 * width);
    /** Counts value v of metric m in the local histograms; a value they cannot hold goes to the recorder (which throws or counts it as overflow). */
    const count = (rec: Recorder, m: number, v: number) => {
      if (v >>> 0 < width) counts[m * width + v]++;
      else rec.record(m, v);
    };
    return {
      play(rng, rec) {
        attack(rng, got);
        rec.record(M_HITS, got[M_HITS]);
        rec.record(M_UNSAVED, got[M_UNSAVED]);
        rec.record(M_DAMAGE, got[M_DAMAGE]);
        rec.record(M_OUTCOME, got[M_OUTCOME]);
        if (got[M_REELS] >= 0) rec.record(M_REELS, got[M_REELS]);
      },
      // Why: an attack costs about as much as five recorder calls; counting into a local typed
      // array and adding the histograms once per range: 1.2–1.3× the attacks per CPU-second (bench/speedups.md).
      playRange(seeder, rng, rec, start, end) {
        counts.fill(0);
        for (let i = start; i < end; i++) {
          seeder.seedInto(rng, i);
          attack(rng, got);
          for (let m = M_HITS; m <= M_OUTCOME; m++) count(rec, m, got[m]);
          if (got[M_REELS] >= 0) count(rec, M_REELS, got[M_REELS]);
        }
        for (let m = 0; m < 5; m++) {
          for (let v = 0; v < width; v++) if (counts[m * width + v] > 0) rec.recordMany(m, v, counts[m * width + v]);
        }
      },
    };
  },
};
