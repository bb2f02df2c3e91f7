// The skirmish's decisions and its built-in bots, on the core policy contract (src/core/policy.ts):
// `choose(rng, view, decision, options, n, allowNone)` returns an index into options[0, n) (or -1
// where allowNone). The view is the Skirmish engine (built-ins) or a read-only facade of the
// members below (user modules, `--policy-a ./file.js`).
//
// Decisions and their options:
//   DEC_FIRST (0)   options [0, 1]: 0 = my side takes the first impulse, 1 = the opponent's.
//   DEC_READY (1)   model indices that may take a Ready marker this impulse (pick one).
//   DEC_EXTRA (2)   model indices a Commander may give an extra marker (allowNone: stop).
//   DEC_MOVE (3)    move codes of the active model: kind × 1e6 + destination in hundredths of an
//                   inch (kind 0 stay, 1 normal move, 2 double move); option 0 is always "stay".
//   DEC_ATTACK (4)  attack codes: weapon slot × 64 + target model (allowNone: no attack).
// Built-ins (random aside): every one takes the first impulse and readies a Commander first (its
// Ready marker brings extra ones: commanderFirst below), else the model nearest an enemy; aim and hold
// attack with the option most likely to remove its target (the exact engine's P(removed), ties: an
// active target over a Reeling one, then the first); they differ in moving:
//   advance — the default: it attacks by the exchange (threatAttack below): P(remove) × (1 + the
//             target's return fire when it may still act this turn), so a model about to shoot
//             back is removed first; it moves where the exchange is best (exchange below): the
//             best attack it then has, valued so, less the best attack each enemy that may still
//             act this turn could then make at this side (standing or after any of its moves),
//             each weighted by the chance the enemy's next impulse activates it (its Fate roll,
//             the best shooters first; all of them when no other model of this side is without a
//             Done marker);
//             ties: the one nearest the enemy (so it closes in when nothing is in reach and no
//             enemy can answer, and charges into Close Combat when that pays);
//   aim     — the best attack after the move by P(remove) alone, ties: stay (an aimed shot), else
//             the farthest from the enemy;
//             with no attack anywhere, a normal move towards the enemy;
//   hold    — never moves (aimed shots when ROF 1), attacks what it can;
//   random  — a uniform choice at every decision (exploration, conformance);
//   search  — the shared tree search (src/core/search.ts) over the skirmish's engine with the bots'
//             rollouts (skirmishSearch.ts): built with its engine, so skirmishPolicy does not return it.
//
// Measured (paired on common random numbers, 5,000 games a side, -j 1; "vs" = the listed policy −
// the default in the measured side's win rate, 95% interval, McNemar p; the other side plays the
// default). The previous default moved where its best attack was best, ties nearest the enemy
// (old-advance below: a development copy of that rule as a policy module).
//   Kept — the exchange (return fire weighed), seed 8 (development; the independent check's seeds
//   2431–2435 are the evidence, scenarios/genisys/README.md):
//     Infighting A: old-advance −3.14 pp [−4.98, −1.30] p 8.9e-4, aim −1.30 [−3.03, +0.43],
//       hold −4.04; B: old-advance −2.78 [−4.59, −0.97] p 0.003, aim −1.66 [−3.41, +0.09], hold −3.76.
//     Modified data (an outside check's units file, not in the repository: see
//       scenarios/genisys/README.md), 3 Endoskeletons vs a Captain and 4
//       soldiers, A: old-advance −1.34 [−2.44, −0.24], aim −12.10, hold −11.50; B: old-advance
//       −2.56 [−3.81, −1.31], aim −0.76 [−2.38, +0.86], hold −6.56. Endoskeletons mirror on the
//       modified data, A: old-advance −1.70 [−3.47, +0.08], aim −2.26 [−3.96, −0.56]; B:
//       old-advance −3.50 [−5.27, −1.73], aim −5.08 [−6.75, −3.40].
//     skirmish-endo-vs-resistance.yaml (saturated), A: old-advance −0.04 [−0.51, +0.43], aim −8.58;
//       B (1.4% wins): aim +0.16 [−0.21, +0.53] p 0.445, hold +0.20 [−0.18, +0.58] p 0.343.
//     skirmish-liberty-or-death.yaml (6 Endoskeletons against 8 of the Resistance), 3,000 games,
//       seed 8, A: old-advance +0.93 [−0.07, +1.94] p 0.077, aim −9.63, hold −9.93; B: aim ±0.00,
//       old-advance −0.57, hold −0.70. Against the scenario's own side B (aim) old-advance does
//       better as A: +2.10 [+1.21, +3.02] p 5.4e-6 (94.6% → 96.7%): facing eight shooters the
//       Endoskeletons hold back where closing in pays. (Answered below: the attack rule.)
//   Kept — advance attacks by the exchange (threatAttack): P(remove) × (1 + the target's return
//     fire while it may still act this turn). Against advance with the previous attack rule (most
//     likely removal; a development module), seed 13, 5,000 games a side, the other side the
//     default (aim as B on Liberty or Death!): Infighting A −1.46 [−2.36, −0.56], B −1.14 [−2.01,
//     −0.27]; Liberty or Death! A −1.78 [−2.35, −1.23], B −0.70 [−1.27, −0.14]; endo-vs-resistance
//     A −0.48 [−0.79, −0.19], B −0.38 [−0.78, +0.01]; modified data, Endoskeletons against the
//     Resistance A −1.66, B −3.24; Endoskeleton mirror A −1.82, B −2.32 (nine of ten significant;
//     endo-vs-resistance B is not). aim and
//     hold lower in all ten. It answers the Liberty or Death! regression above: the previous move
//     rule (a module) scores +0.62 [−0.07, +1.32] p 0.088 as A there against this step, and −2.00
//     [−2.56, −1.46] against the next one (seed 13).
//   Kept — the move values the attack it then has as the attack rule does (P(remove) × (1 + the
//     target's return fire)), not by its likeliest removal. Against advance with the previous
//     move valuation (a development module), seed 14, 5,000 games a side: Liberty or Death! A
//     −2.52 [−3.14, −1.93], B −0.28 [−0.61, +0.04]; endo-vs-resistance A −0.56 [−0.92, −0.22], B
//     −0.02; modified data, Endoskeletons against the Resistance A −1.04 [−1.94, −0.14], B −2.66
//     [−4.03, −1.29]; the mirrors not significant either way: Infighting A +0.22 [−1.00, +1.44], B
//     +0.52 [−0.70, +1.74] (20,000 games, seed 15: A −0.55 [−1.16, +0.06], B −0.05 [−0.66, +0.56]),
//     modified Endoskeleton mirror A −0.52 [−1.85, +0.82], B +0.96 [−0.36, +2.28]. aim and hold
//     lower everywhere (the closest: aim as B on Infighting −1.46 [−3.15, +0.23]).
//   Dropped — the same with the return fire of targets that have acted this turn counted too
//     (seed 12, 5,000 games, against the previous attack rule): modified Endoskeleton mirror A −0.96
//     [−1.82, −0.10], B −1.42 [−2.34, −0.50]; Infighting A −0.60 [−1.35, +0.15]; Liberty or Death!
//     A +1.04 [+0.48, +1.61]. A model that has acted shoots again only next turn, from elsewhere.
//   Dropped — return fire from every enemy not Reeling (those that have acted this turn too). At
//     the acting model only, Infighting A against the previous default (seed 7): +0.40 pp
//     [−1.44, +2.24] over old-advance where aim gained +2.04 [+0.35, +3.72] (it backed away from
//     a range its friends stood in anyway); at any model of the side, seed 9, 20,000 games: A +0.92
//     [−0.01, +1.84], B +2.23 [+1.31, +3.15] over old-advance (aim +1.07, +2.09). But as the default
//     on both sides old-advance beat it: seed 7 A +0.96 [−0.89, +2.81], B +2.48 [+0.64, +4.32]
//     p 0.008; seed 8 A +1.10, B +1.28 [−0.55, +3.11]: both sides stood off at Long range, and the
//     side that closed in first took the better band. Counting only the enemies that can still
//     answer this turn (kept) closes in once they have acted.
//   Dropped — adding the shot the model would have standing at its destination at its next
//     activation, to the variant above (seed 7): no change (old-advance +0.98 [−0.88, +2.84] A,
//     +2.52 [+0.66, +4.37] B); to the kept rule, on Liberty or Death! against aim (seed 8, 3,000
//     games): worse, old-advance +4.20 [+3.10, +5.32] over it.
//   Kept (2026-12-05) — the return fire weighted by the enemy's next impulse (exchange,
//     activatesAtLeast): the k-th largest counts with P(its Fate roll activates at least k models),
//     all in full when no model of this side may still act; before, every enemy still to act
//     counted in full. It answers an outside check's finding: that rule at half weight beat the
//     default as the Resistance (B) on its units file (4 Endoskeletons against a Captain and 3
//     soldiers; plasma rifle Power D10, Endoskeleton Armor 6+ Resolution D10, soldiers and Captain
//     Skill D8 Armor 5+, soldiers Resolution D10; rebuilt here from its description, and the
//     half weight's +0.91 [+0.39, +1.43] at seed 4004 reproduced exactly). The rule before, as a
//     module, against this one (the other side the default; 10,000 paired games, Infighting
//     20,000; evidence seeds 4020 / 4021, chosen after development at 4004–4013):
//       that file, B: −0.83 [−1.36, −0.30] / −0.68 [−1.22, −0.14]; A: ±0.00 / −0.11 (n.s.);
//       its Endoskeleton mirror: A −0.24 / −0.07, B −0.35 / −0.23 (n.s.);
//       Infighting A −0.03 / +0.08, B +0.30 / +0.18 (n.s.; at 40,000 games, seed 4022: A +0.13
//       [−0.13, +0.39], B −0.24 [−0.49, +0.02]);
//       endo-vs-resistance with advance as B: A −0.15 [−0.28, −0.03] / +0.02, B −0.05 / −0.19
//       [−0.35, −0.04]; as bundled (aim as B), A +0.05 / +0.02;
//       Liberty or Death! with advance as B: A −0.03 / +0.03, B +0.03 / −0.18; as bundled, A
//       +0.05 / −0.01 (all n.s.).
//     Significant only where the rule before loses. The half weight against this rule: that file,
//     B +0.35 [−0.09, +0.79] / −0.01, A +0.19 / −0.12; the mirror, B −0.43 [−0.74, −0.12] /
//     −0.66 [−0.96, −0.36]; Infighting A −0.10 / +0.38, B +0.23 / +0.10 (n.s.). At the development
//     seeds it had read +0.35, +0.48 [+0.02, +0.94] (p 0.044) and +0.32 on that file's B.
//     Tried at development seeds and not kept: the largest return fire alone (B on that file
//     +0.33, +0.58, +0.28 over the rule before: less than this rule; as B on Liberty or Death!
//     −0.28 [−0.56, −0.00]); the Fate roll without the Commander's override (the same answers
//     within ±0.06 wherever measured).
//     Two readings closer to the rules, measured after a review and not taken (together, against
//     this rule; the rule as a module against them, seeds 8001 / 8002, 10,000 paired games,
//     Infighting 20,000): a friend readied in this impulse counted as done (it acts before the
//     enemy, but then the enemy's last activations follow), and an enemy Commander readied first
//     bringing its Command value in "Come With Me" markers (with FATE's override). This rule scored
//     +0.11 / +0.48 [+0.23, +0.73] on the outside file as B and −0.33 / −0.57 [−0.94, −0.20] on the
//     fourth check's u3 (below) as A, elsewhere within ±0.22 (n.s.); the half weight beat the
//     readings on the outside file as B again (+0.54 [+0.10, +0.98] at 4020, +0.38 at 4021).
//   Kept (2026-12-05) — a Commander readied first (commanderFirst; every built-in but random):
//     found by a fourth independent check (its own modules and units files, outside the
//     repository; evidence seeds 5001–5010, 10,000 paired games each, both sides playing
//     advance): Liberty or Death!'s
//     forces as B, all ten significant, +0.42 to +0.97; its units file u1 (soldiers Skill D8,
//     Armor 5+, Resolution D10; Captain Skill D8, Armor 5+; plasma rifle Power D10; 3 Endoskeletons
//     against a Captain and 4 soldiers) as B, all ten, +1.34 to +2.66; its u3 (plasma rifle ROF 2;
//     soldiers Armor 5+, Resolution D10; Endoskeleton Skill D10; 3 Endoskeletons against a Captain,
//     4 soldiers and a rocket launcher) as B −0.08 to +1.28 (two of five significant); endo-vs-
//     resistance as B level. The readying before ("nearest an enemy", as a module) against it, seeds
//     6001 / 6002: Liberty or Death! forces as B −0.91 [−1.32, −0.50] / −0.56 [−0.95, −0.17]; u1 as B
//     −1.64 [−2.69, −0.59] / −2.69 [−3.74, −1.64], the same forces as A −1.30 [−2.34, −0.26]
//     (6001); u3 as B +0.96 [+0.01, +1.91] / −1.08 [−2.03, −0.13], and at 6003–6006 −0.93, −1.20
//     [−2.15, −0.25], −0.49, +0.04; endo-vs-resistance (advance as B) +0.07 / −0.01; the outside
//     units file above (Endoskeletons against the Resistance) as B −0.06 / −0.21; aim as B of the
//     bundled Liberty or Death! and endo-vs-resistance −0.15 / +0.11 and −0.01 / −0.02 (n.s.). A
//     side without a Commander plays as before (Infighting, the mirrors: the same games). Its
//     check also found readying the model farthest from the enemy better for the Resistance (u3 B
//     +2.8 to +4.5) but worse for Endoskeletons (−0.6 to −3.2): not taken.
//   Dropped as the default (2026-12-05; the lead stays open) — readying (and giving extra
//     markers to) the model nearest an enemy that may still act this turn, not nearest any enemy
//     (the same check's; its u2: plasma gun ROF 3, Power D10, Endoskeleton Skill D6, Armor 7+,
//     Resolution D10, 4 against 4): against the default at seeds 6001 / 6002 it scored +1.07 [+0.26, +1.88] / +0.28 as B and +0.31 / +0.98 [+0.15, +1.81]
//     as A on u2, Infighting +0.21 to +0.52 (n.s.); as the default with a Commander first, the rule
//     here (as a module) against it, seeds 6101 / 6102, lost in several places (u2 B −0.67 / −1.14
//     [−1.99, −0.29], the outside file's Endoskeleton mirror B −0.46 / −0.78 [−1.39, −0.17], u1 A
//     −0.47 / −0.75 [−1.26, −0.24], the outside units file above as A −0.80 [−1.44, −0.16] /
//     −0.24) and won significantly in one: Liberty or Death!'s forces as A (the Endoskeletons,
//     advance against advance) it won at every seed: +0.19, +0.41, +0.46 [+0.03, +0.90], +0.60
//     [+0.17, +1.03] (6101–6104), and against the bundled scenario's aim −0.06 / +0.38 [+0.08,
//     +0.69]. A rule that loses for one side of a bundled force list is not taken.
import { randIndex, type Rng } from '../../core/rng.js';
import type { Policy, ViewMembers } from '../../core/policy.js';
import { DEC_ATTACK, DEC_EXTRA, DEC_FIRST, DEC_MOVE, DEC_READY, MAX_OPTIONS, MOVE_CODE, type Skirmish } from './skirmish.js';

export const SKIRMISH_POLICIES = ['advance', 'aim', 'hold', 'random', 'search'] as const;

/** What a user module's view shows: the engine's read-only methods. */
export const SKIRMISH_VIEW: ViewMembers = {
  properties: [],
  methods: ['sideToAct', 'turn', 'models', 'modelSide', 'modelX', 'modelY', 'modelInPlay', 'modelType', 'typeName', 'modelDamage', 'modelMarkers', 'modelCover', 'modelCommand', 'trackLength', 'activeModelIndex', 'tddHeld', 'nearestEnemy', 'moveKind', 'moveTo', 'distanceAfterMove', 'bestAfterMove', 'bestTargetAfterMove', 'attacksAfterMove', 'returnFireAfterMove', 'attackWeapon', 'attackTarget', 'attackRemoval', 'attackIsHasta'],
};

/** The eligible model nearest an enemy (ties: the first); of the Commanders only with `commanders` (-1: none offered). */
function nearest(view: Skirmish, options: Int32Array, n: number, commanders = false): number {
  let best = -1;
  for (let k = 0; k < n; k++) {
    if (commanders && view.modelCommand(options[k]) <= 0) continue;
    if (best < 0 || view.nearestEnemy(options[k]) < view.nearestEnemy(options[best])) best = k;
  }
  return best;
}

/**
 * The model to take a Ready marker: a Commander first, the one nearest an enemy of them (rulebook:
 * Commanders – "Come With Me If You Want To Live!": a Commander taking a Ready marker brings up to
 * its Command value in extra markers for friends within command range, so readying it first
 * activates more of the side this impulse); with none among the options, the model nearest an enemy.
 */
function commanderFirst(view: Skirmish, options: Int32Array, n: number): number {
  const commander = nearest(view, options, n, true);
  return commander >= 0 ? commander : nearest(view, options, n);
}

/** Whether the target of attack option `code` is Reeling (two or more Done markers: it acts no more this turn). */
function reelingTarget(view: Skirmish, code: number): boolean {
  return view.modelMarkers(view.attackTarget(code)) >= 2;
}

/**
 * The attack most likely to remove its target; of two as likely, the one at an active model (a
 * Reeling one acts no more this turn: rulebook, Attacking – Resolution Tests), then the first.
 */
function bestAttack(view: Skirmish, options: Int32Array, n: number): number {
  let best = 0;
  for (let k = 1; k < n; k++) {
    const r = view.attackRemoval(options[k]);
    const rb = view.attackRemoval(options[best]);
    if (r > rb || (r === rb && reelingTarget(view, options[best]) && !reelingTarget(view, options[k]))) best = k;
  }
  return best;
}

/** Scratch for threatAttack and exchange (never nested): the attacks after a move and their P(remove), and each model's return fire. */
const AFTER_CODES = new Int32Array(MAX_OPTIONS);
const AFTER_REMOVAL = new Float64Array(MAX_OPTIONS);
let returnFire = new Float64Array(16);

/**
 * The attack with the best exchange: P(remove its target) × (1 + what removing it saves), where
 * what it saves is the target's return fire (the best chance it removes a model of this side,
 * standing or after any of its moves: returnFireAfterMove with the attacker where it stands) when
 * the target may still act this turn (no Done marker: rulebook, Impulses – Execute Activations), 0
 * when it has acted — the move rule's exchange, counted in the same unit (models removed). Ties:
 * an active target over a Reeling one, then the first. (It undercounts what an attack saves: one
 * that does not remove its target may still leave it Reeling, acting no more this turn.)
 */
function threatAttack(view: Skirmish, options: Int32Array, n: number): number {
  const here = Math.round(view.modelX(view.activeModelIndex()) * 100); // a "stay" move code
  const m = view.models();
  if (returnFire.length < m) returnFire = new Float64Array(m);
  returnFire.fill(-1, 0, m); // not looked at yet: a target's weapons share one look
  let best = 0;
  let bestValue = -Infinity;
  for (let k = 0; k < n; k++) {
    const target = view.attackTarget(options[k]);
    if (returnFire[target] < 0) returnFire[target] = view.modelMarkers(target) > 0 ? 0 : Math.max(0, view.returnFireAfterMove(here, target));
    const v = view.attackRemoval(options[k]) * (1 + returnFire[target]);
    if (v > bestValue || (v === bestValue && reelingTarget(view, options[best]) && !reelingTarget(view, options[k]))) {
      best = k;
      bestValue = v;
    }
  }
  return best;
}

type MoveRule = (view: Skirmish, options: Int32Array, n: number) => number;
type AttackRule = (view: Skirmish, options: Int32Array, n: number) => number;

function bot(name: string, move: MoveRule, attack: AttackRule = bestAttack): Policy<Skirmish> {
  return {
    name,
    choose(_rng, view, decision, options, n) {
      switch (decision) {
        case DEC_FIRST:
          return 0;
        case DEC_READY:
          return commanderFirst(view, options, n);
        case DEC_EXTRA:
          return nearest(view, options, n);
        case DEC_MOVE:
          return move(view, options, n);
        case DEC_ATTACK:
          return attack(view, options, n);
        default:
          return 0;
      }
    },
  };
}

/** Scratch for exchange: the return fire of each enemy that may still act, largest first. */
let fireOrder = new Float64Array(16);

/**
 * The exchange a move offers, in models removed: the best attack it then has, valued as the attack
 * rule values it (threatAttack: P(remove) × (1 + the target's return fire)), less the return fire
 * it then stands in before this side acts again. Each enemy that may still act this turn (no Done
 * marker: a model activates once a turn and takes a Done marker after it, rulebook: Impulses –
 * Execute Activations; one that has acted shoots again next turn only when this model does too)
 * has a return fire: the best chance it removes a model of this side from where it stands or after
 * any of its moves (returnFireAfterMove). The attack's credit counts its target's return fire in
 * full, as the attack rule does (removing it with chance p takes p of that fire away, this impulse
 * or later this turn). Which of them fire before this side's next impulse is the enemy's Fate roll
 * (rulebook: Impulses – Fate Roll; Fate Dice – faces 1, 1, 1, 2, 2, FATE; Commanders – "No Fate But
 * What We Make"): its next impulse activates one model (1/2), two (1/3), or on FATE (1/6) none, or
 * as many as the largest Command among its Commanders without markers; the enemy is taken to
 * activate its best shooters, so the k-th largest return fire counts with P(the impulse activates
 * at least k models). When no other model of this side is without a Done marker, the enemy's
 * remaining models all act first (Last Activations): each counts in full.
 * Two readings closer to the rules were measured and not taken (skirmishPolicy.ts's header, "Kept
 * (2026-12-05)"): a friend readied in this impulse counted as done (it acts before the enemy, but
 * then the enemy's last activations follow), and an enemy Commander's "Come With Me" markers.
 */
function exchange(view: Skirmish, code: number): number {
  const m = view.models();
  if (returnFire.length < m) returnFire = new Float64Array(m);
  if (fireOrder.length < m) fireOrder = new Float64Array(m);
  const me = view.activeModelIndex();
  const side = view.modelSide(me);
  let count = 0;
  let friends = 0;
  let command = 0;
  for (let j = 0; j < m; j++) {
    returnFire[j] = 0;
    if (view.modelMarkers(j) > 0 || !view.modelInPlay(j)) continue;
    if (view.modelSide(j) === side) {
      if (j !== me) friends++;
      continue;
    }
    command = Math.max(command, view.modelCommand(j));
    const q = view.returnFireAfterMove(code, j);
    if (q > 0) {
      returnFire[j] = q;
      // Insertion, largest first (a side has a few models).
      let k = count++;
      while (k > 0 && fireOrder[k - 1] < q) {
        fireOrder[k] = fireOrder[k - 1];
        k--;
      }
      fireOrder[k] = q;
    }
  }
  let fire = 0;
  for (let k = 0; k < count; k++) fire += fireOrder[k] * (friends === 0 ? 1 : activatesAtLeast(k + 1, command));
  const n = view.attacksAfterMove(code, AFTER_CODES, AFTER_REMOVAL);
  let best = 0;
  for (let k = 0; k < n; k++) {
    const v = AFTER_REMOVAL[k] * (1 + returnFire[view.attackTarget(AFTER_CODES[k])]);
    if (v > best) best = v;
  }
  return best - fire;
}

/**
 * P(an impulse activates at least k models): the Fate die gives 1 marker on three faces, 2 on two,
 * and on FATE a Commander without markers (Command c) takes up to c, else none (rulebook: Fate
 * Dice; Commanders – "No Fate But What We Make").
 */
export function activatesAtLeast(k: number, command: number): number {
  const rolled = k <= 1 ? 5 / 6 : k === 2 ? 1 / 3 : 0;
  return rolled + (command >= k ? 1 / 6 : 0);
}

const advance: MoveRule = (view, options, n) => {
  let best = 0;
  let bestValue = exchange(view, options[0]);
  for (let k = 1; k < n; k++) {
    const v = exchange(view, options[k]);
    if (v > bestValue || (v === bestValue && view.distanceAfterMove(options[k]) < view.distanceAfterMove(options[best]))) {
      best = k;
      bestValue = v;
    }
  }
  return best;
};

const aim: MoveRule = (view, options, n) => {
  let best = 0;
  let bestValue = view.bestAfterMove(options[0]);
  for (let k = 1; k < n; k++) {
    const v = view.bestAfterMove(options[k]);
    if (v > bestValue || (v === bestValue && v >= 0 && best !== 0 && view.distanceAfterMove(options[k]) > view.distanceAfterMove(options[best]))) {
      best = k;
      bestValue = v;
    }
  }
  if (bestValue >= 0) return best;
  // Nothing to attack anywhere: a normal move towards the enemy.
  let walk = 0;
  for (let k = 1; k < n; k++) {
    if (Math.floor(options[k] / MOVE_CODE) !== 1) continue;
    if (walk === 0 || view.distanceAfterMove(options[k]) < view.distanceAfterMove(options[walk])) walk = k;
  }
  return walk;
};

// Option 0 of a move decision is always "stay".
const hold: MoveRule = () => 0;

const random: Policy<Skirmish> = {
  name: 'random',
  choose(rng: Rng, _view, _decision, _options, n) {
    return randIndex(rng, n);
  },
};

/** A built-in skirmish policy by name. */
export function skirmishPolicy(name: string): Policy<Skirmish> {
  switch (name) {
    case 'advance':
      return bot('advance', advance, threatAttack);
    case 'aim':
      return bot('aim', aim);
    case 'hold':
      return bot('hold', hold);
    case 'random':
      return random;
    case 'search':
      throw new Error('the skirmish search is built over its engine (skirmishSearch.ts: createSkirmishSearch), not by name');
    default:
      throw new Error(`unknown skirmish policy "${name}" (built-in: ${SKIRMISH_POLICIES.join(', ')})`);
  }
}

export const isBuiltinSkirmishPolicy = (name: string): boolean => (SKIRMISH_POLICIES as readonly string[]).includes(name);
