// Built-in policies of the Dual Fates match, on the core policy contract (src/core/policy.ts):
// `choose(rng, view, decision, options, n, allowNone)` → an index into options[0, n) or -1. They
// read only MatchView members, so a user module can delegate to them through its read-only view.
//   threat — the default (since 2026-12-06, late): fight, with its ACTION answer weighed against the
//            enemy's threat (strike where the walk ends least exposed; approach where the loss less
//            the next blow is least); it beats fight (the header below, "threat").
//   fight  — the default before threat: pass the Initiative when no unit of either side can strike from where it
//            stands (else go first); activate first a unit that could Battle Cry, then, of those whose blow
//            lands now, one an enemy yet to activate can strike (the least tough first), then any
//            whose blow lands now, at the enemy with the least left to strike off (health + armour;
//            ties: the higher cost, then the longer ranged attack); move to strike the best target one move
//            reaches; in the last round go and score; else close on the nearest enemy as hunt.
//   hunt   — hunt units: each unit goes for the nearest enemy (charging, shooting or running at it).
//   hold   — hold pillars: each unit heads for this round's objective pillars (any pillar on a
//            Secret Mission) and stays within control range; attacks what it can reach.
//   random — every decision uniformly at random (exercises every rule; a floor to compare with).
// Every other decision is shared: deploy by the plan of the alternating deployment for the two
// teams (deployPlan.ts over scenarios/dualfates/deployment.yaml's layouts and their measured
// payoffs: the next unit of a layout in team order, and where, the best for the side given the
// other's placements so far, in whatever order the other placed them),
// off the plan a whole-team layout drawn from the pairing's mix (an equilibrium of the deployment
// game: which units start, and where); without a mix, the units the team file marks `deploy: true`,
// its Characters and the costliest of them at the totem point, each other Companion at a deployment
// point drawn at random (the spread rule: any fixed deployment can be countered); summon a
// ranged unit first (the longest range, then the dearest), else the dearest; go first on
// Initiative (fight: only where a unit of either side can strike from where it stands, else pass);
// always deflect; Battle Cry when no attack is in reach and a friend stands within its
// radius.
import type { Policy } from '../../core/policy.js';
import { randIndex, type Rng } from '../../core/rng.js';
import { ABL_ATTACK, ABL_BUFF, ablB, ablKind, ACT_CHARGE, ACT_ENGAGE, ACT_PILLAR, ACT_RANGE, ACT_RUN_ENEMY, ACT_RUN_PILLAR, ACT_STAY, actArg, actKind, DECISION, INI_FIRST, INI_PASS, WHERE_ACTIVE, type MatchView } from './matchEngine.js';
import { MAX_TEAM_UNITS } from './matchData.js';
import { PILLARS } from './pillars.js';

/**
 * The built-in policies, the default first: `threat` (since 2026-12-06, late; `fight` before it). Every
 * number below is paired (common random numbers), `sim policies dualfates match --param policyA
 * --metric winA` (and policyB / winB for side B), 5,000 games, knights vs knights unless named;
 * differences in points of the side's win rate with the 95% interval and McNemar p.
 *
 * fight replaced hunt as the default (an independent check found hunt beaten by 11 points: focus
 * fire and activation order). Seed 9, against a fighting opponent: hunt wins 8.4 points less as A
 * [6.5, 10.3] and 11.3 less as B [9.4, 13.2]; hold 32.3 / 35.2 less; random 47.5 / 49.2 less.
 * What fight does differently from hunt:
 *  - INITIATIVE: pass on a quiet board, no unit of either side able to strike from where it stands
 *    (since 2026-12-06, last: below); hunt (and hold) always go first;
 *  - ACTIVATE: a unit that would Battle Cry goes first (since 2026-12-05, below); then a unit that
 *    can strike without moving, the one with the weakest target;
 *  - ACTION and ABILITY: the target is the enemy with the least health + armour left (ties: the
 *    higher cost, then the longer ranged attack: below), for the charge, the move (engage, or get
 *    within range) and the attack; hunt takes the nearest enemy and attacks the least health.
 *    Both, seed 7 against hunt: +9.5 pp as A [+7.6, +11.4], +10.4 as B [+8.5, +12.3]. Against
 *    fight, hunt's targets with fight's activation order win 7.1 points less as A [5.4, 8.9] and
 *    6.8 less as B [5.0, 8.6] (seed 7). fight without its activation order (the first unit
 *    offered) wins as A +1.5 [−0.4, +3.4], +2.6 [+0.7, +4.5] p 0.008, +2.0 [+0.1, +3.9] p 0.044
 *    (seeds 7, 8, 9), as B +0.7, +0.0, +0.1 (n.s.); but on the modified units of the independent
 *    check, horde vs horde, −3.7 / −4.1 (seed 8) and −2.3 / −4.5 (seed 9) [all below −0.6], and
 *    knights vs horde −0.5 / −0.6 and −0.8 / −0.3: kept for the net gain, the one place the
 *    default is known to leave points (side A, knights vs knights). Activating first the unit whose
 *    best target one move reaches is weakest instead: +1.4 [−0.3, +3.2] as A, −1.9 [−3.6, −0.1]
 *    as B (seed 8): dropped.
 *  - the last round: a unit with nothing to strike goes to score (hold's move) instead of closing
 *    on the enemy: seed 8, against fight without it, +0.16 pp as A [+0.02, +0.30] p 0.039, +0.18 as
 *    B [+0.04, +0.32] p 0.012 (never lower on the other data sets).
 * Pass on a quiet board (INITIATIVE, 2026-12-06, last): the Initiative's winner passes when no unit of
 * either side can strike an enemy from where it stands (before: it always went first); the side
 * that moves first can then only walk into the other's reach. Found by logging the search's answers
 * beside fight's (horde vs horde, side A, every decision searched at 128 iterations, 300 games, seed
 * 5, a script outside the repository): its commonest departure was passing (44 of 278), 34 of them
 * in round 1, both sides' five units at one deployment point each, 16 inches apart. `sim policies
 * --split` there (128 iterations, 1,000 games, seed 2, side A): every decision +11.0 [+8.0, +13.9],
 * ACTION +8.8 [+6.4, +11.2], INITIATIVE +4.0 [+2.3, +5.7], the rest under +1 (n.s.); with only the
 * Initiative searched (256 iterations, 600 games) it passed in 102 of 292 round-1 decisions, in at
 * most 3 of any later round's. As a module against the rule before (5,000 paired games; A / B):
 * seed 41: the horde's mirror +9.48 [+8.02, +10.93] / +8.70 [+7.27, +10.13], knights vs knights
 * +1.10 / +0.74 (n.s.), the knights against the horde +0.80 (n.s.) / +1.54 [+0.69, +2.39], the horde
 * against the knights +0.40 / +0.78 (n.s.); seed 42: +8.94 / +10.82, +0.06 / +2.04, +0.34 / +1.06,
 * −0.08 / −0.24 (n.s.). Passing in round 1 only: within 0.4 of it everywhere (seed 41); passing on a
 * quiet board after round 1 only: +0.32 [+0.06, +0.58] (knights vs knights as A), +0.24 (the horde
 * as B against the knights), the rest within ±0.25 (seed 42): the later rounds add a little. On
 * other unit data (seed 23; V1, V2, V3 as below): the horde's mirror +9.12 / +10.46, +1.22 (n.s.) /
 * +1.70, +21.04 / +23.32; knights vs knights +4.78 / +5.46, +0.62 / 0.00, +5.84 / +5.68; the knights
 * against the horde +0.60 / +0.12, −0.64 / −0.66 (both n.s.), +1.54 / +1.82; the horde against the
 * knights −0.16 / +0.82, −0.14 / +0.28 (n.s.), +2.14 / +2.10. The rule before as a module against
 * this one (seed 43): the horde's mirror −9.42 / −10.66, knights vs knights −1.32 (n.s.) / −1.74
 * [−3.21, −0.27], the knights against the horde −0.20 / −0.58, the horde against the knights +0.26 /
 * +0.08 (all four n.s.). An earlier reading (2026-12-05: pass when no unit of the side itself has an
 * enemy in reach, against that day's fight, whose Companions deployed at random points) lost −7.1 /
 * −6.9 in the horde's mirror. hunt and hold still go first. deployment.yaml was recomputed for it
 * (scenarios/dualfates/README.md, Recomputed for the quiet-board Initiative); then no built-in beats
 * fight in any of the 8 (sim policies, 5,000 games, seed 1: hunt −2.4 to −17.6, every upper end
 * −1.4 or lower; hold −7.6 to −64.4; random −9.0 to −84.5), and `--split` again (the same
 * command) reads every decision +8.6 [+5.5, +11.6], ACTION +7.0, ACTIVATE +1.3, INITIATIVE −0.1
 * [−0.6, +0.4]. Tried beside it, from the search's
 * ACTION departures in the same log (as modules against fight with this rule, 5,000 paired games,
 * seed 44 unless named; A / B): a melee unit not locked, with no enemy ranged unit within its Speed
 * but one within Speed + 6, runs at it (the search's "run at the Archer" where fight struck a
 * Skirmisher in contact): knights vs knights +3.20 / +1.50, the knights against the horde −0.58 /
 * +2.96, the horde against the knights +2.40 / +0.22, the horde's mirror +1.58 / −0.68 (seed 45:
 * +2.48 / +1.86, +0.12 / +2.36, +2.44 / −0.42, +2.20 / −1.04), but on other unit data (seed 23) V1
 * −4.42 in the horde's mirror as B and −2.24 in knights vs knights as B, V3 (archers' range 3)
 * −13.2 / −13.5 in knights vs knights and −10.0 / −10.2 in the horde's mirror: it rests on the
 * bundled archers' range, not adopted (a rule that weighs the ranged threat is open); the same only
 * with no enemy at the unit's point, or within Speed + 3: smaller and mixed. From round 8, a unit
 * not locked whose only enemies in reach are tougher than it goes to score (the search's Champion
 * leaving a fresher Champion for a pillar late in the game): +0.06 to +0.82, −0.56 for the knights as
 * B against the horde, −0.24 (n.s.); the same only while ahead on Victory Points, from round 7:
 * −0.10 to +0.52: too little to keep.
 * threat (2026-12-06, latest; the default since that night): fight with two ACTION answers that weigh the
 * enemy's threat (weighThreat, below): (1) where fight walks to strike, the target whose walk ends
 * least exposed (the loss at the end point: over the active enemies that can strike it in their next
 * activation, their expected damage on the unit as a share of its health + armour, capped at 1, ×
 * its cost); (2) where fight closes on the nearest enemy with nothing in one move's reach (not in
 * the last round), the same kind of move toward the enemy whose end point has the least loss from
 * the enemies yet to activate less the best blow the unit could strike from there next activation
 * (a run's averaged over its die). Found by a helper's search for a rule that weighs the ranged
 * threat (the "run at the Archer" rule below rested on the bundled range). Against fight (5,000
 * paired games, points of the side's win rate, A / B): seed 44 knights vs knights +6.80 / +3.38,
 * the knights against the horde +2.56 / +2.90, the horde against the knights +4.82 / +2.24, the
 * horde's mirror +2.64 / +5.00; seed 45 +5.48 / +3.88, +3.36 / +3.18, +4.40 / +2.60, +1.94 / +4.38;
 * V1 and V2 (seed 23) all 16 positive, +0.84 to +7.88; V3 mixed, three of 16 significantly
 * negative at seeds 23 and 24 (−0.90, −1.60, −1.26). Tried beside it and lost: holding back out of
 * reach, targets ranked by threat or damage per toughness. Made the default the same night:
 * deployment.yaml computed again with threat playing every other decision, every policy-gap entry
 * measured again (scenarios/dualfates/README.md, Weighing the threat). On that file (5,000 paired
 * games, seed 1) no built-in beats it but fight for the horde as side B against the knights: +2.32
 * [+1.34, +3.31] (seeds 2, 3: +2.22, +1.20), all of it the approach half (threat with fight's
 * approach +1.88, with fight's strike +0.36 n.s.); fight scores −0.24 to −2.52 elsewhere (two n.s.;
 * the knights against the horde as A −2.04 [−2.84, −1.25]). That exception was the file's: with the
 * knights' two mixes computed on from it (2026-12-07; scenarios/dualfates/README.md, Computed on for
 * threat) no built-in beats threat in any of the 8 (5,000 paired games, seed 1): fight −0.24 to
 * −5.46 (three n.s.), for the horde as B against the knights −0.72 [−1.50, +0.05] (seeds 2, 3: −0.82
 * [−1.54, −0.10], −0.40 n.s.); hunt −5.1 to −31.4; hold and random lower still.
 * An independent check the same day (modules outside the repository; scenarios/dualfates/README.md,
 * An independent check of threat) beat it on two seeds: weighing every move of the unit (pillars
 * too) where threat closes on an enemy out of reach, +3.7 to +8.9 in both mirrors but −0.9 to −1.4
 * for the horde against the knights; a ranged unit keeping its best shot less its exposure, +0.7 to
 * +3.7 in six of eight but −9 in the horde's mirror; a badly hurt unit retreating, +0.8 to +4.3 in
 * four of eight. Not yet rules here. The first, made the default on a branch (`position`) with its
 * deployment mixes computed in part: on them threat still beats it (the horde against the knights as
 * A +2.28 [+1.08, +3.48]; the knights' mirror as B +12.2, that mix unsettled): not adopted
 * (scenarios/dualfates/README.md, An independent check of threat).
 * The ranged one first (2026-12-06): of enemies with as much left to strike off and the same cost,
 * the one with the longer ranged attack (before: the first in unit order). Found by logging the
 * search's answers beside fight's (horde vs horde, ACTIVATE and ACTION searched at 128 iterations,
 * 40 games, a script outside the repository): where they differed, the search often struck the
 * Archer where fight struck an equally hurt Skirmisher (the two have 3 left and cost 1 on the
 * bundled sheets). An archer strikes every activation from 12 inches without coming into reach.
 * The rule before as a module against this one (5,000 paired games; the other side this rule;
 * new − before, A / B; seeds 22, 24, 25): horde vs horde +2.36 / +2.44, +3.30 / +2.90, +2.20 /
 * +2.14 (each significant); knights vs knights +0.04 / +0.32, +0.54 [+0.05, +1.03] / +0.38,
 * +0.24 / −0.04; the knights against the horde +0.70 / +1.28 / +0.92 as A, +1.12 / +1.26 / +0.68 as
 * B (each significant); the horde against the knights +0.06 / +0.10 / −0.06 as A, +0.22 / −0.04
 * / +0.26 as B (n.s.). On other unit data (seed 23; V1: archers' range 8, Soldier health 5, Brute
 * speed 5; V2: Champion health 6 and speed 6, Skirmisher DEF 6 and health 4, so no such ties;
 * V3: archers' range 3 and speed 4, Skirmisher speed 8): horde vs horde +2.08 / +1.92, 0.00 /
 * −0.04, +0.94 / +0.64 (p 0.06, 0.2); the knights against the horde as A +0.40, +0.10, +0.44, the
 * horde as B +0.10, +0.28, 0.00 (n.s.). A tie-break by threat reach instead (Speed + range) plays
 * the same games on the bundled sheets but on V3, where it prefers the faster Skirmisher, gains
 * nothing (±0.1): the ranged attack is what matters. Tried and dropped with it (seed 26): a melee
 * unit that would engage an enemy with twice (three times) its health + armour goes to score
 * instead: −1.5 / −1.5 (−1.0 / −0.9) in knights vs knights, −1.0 (−0.7) for the knights against
 * the horde as A, never a significant gain. The fixed layouts re-run after it (policy-gap.yaml,
 * `layouts`): the best gains at most +4.16 (the horde's mirror as B, every unit at the centre),
 * significantly in 4 of the 8 configurations and sides (before: 6 of 8, at most +4.70). No
 * built-in beats it in any pairing and side (sim policies, 5,000 games, seed 1: the next highest,
 * hunt, −2.4 to −14.0, every upper end −1.3 or lower).
 * The threatened first (2026-12-06): of the units that can strike without moving and that an
 * enemy yet to activate this round can strike where they stand (at their point, or within its
 * ranged attack), the one with the least health + armour left activates first (ties: the better
 * target), before fight's other strikers: it strikes before it is struck down. Found by logging
 * the search's ACTIVATE and ACTION answers beside fight's (horde vs horde, 128 iterations, 400
 * games, seed 5, a script outside the repository): of its 56 ACTIVATE departures most activated a
 * Skirmisher or an Archer where fight activated the Champion, all three in contact. This rule as a
 * module against the rule before (the other side the rule before; 5,000 paired games; A / B):
 * seed 41: horde vs horde +1.82 [+0.17, +3.47] / +2.08, knights vs knights +1.12 (n.s.) / +2.22,
 * the knights against the horde +0.96 / +1.66, the horde (A) against the knights +1.32 and the
 * knights (B) against the horde +1.40; seed 42: +4.96 / +2.54, +1.92 / +1.06 (n.s.), +1.12 / +1.28,
 * +1.08 / +1.64. On other unit data (seed 23; V1, V2, V3 as above): horde vs horde +3.10 / +2.76,
 * +2.18 / +1.56, +1.84 / +3.26; knights vs knights +1.38 / +1.48, +0.58 / +1.04 (both n.s.), +1.56 /
 * −0.56 (n.s.); the knights against the horde +0.20 / +0.56 (both n.s.), +0.96 (n.s.) / +1.66,
 * +0.38 (n.s.) / +1.46; the horde (A) against the knights +1.14, +1.90, +1.84 and the knights (B)
 * +0.54 (n.s.), +1.48, +0.84 (n.s.) (23 of 24 positive, 15 significant). The rule before as a module against this one (seeds 41 / 43): horde
 * vs horde −0.24 (n.s.) / −2.96 as A, −3.24 / −1.90 as B; knights vs knights −0.42 (n.s.) / −1.98,
 * −2.70 / −1.34 (n.s.); the knights against the horde −0.46 (n.s.) / −1.04 as A, −2.34 / −0.94 as
 * B; the horde against the knights −1.58 / −1.24 as A, −0.90 / −0.14 (n.s.) as B.
 * Tried beside it (against the rule before, 5,000 paired games, seed 41 unless named; A / B):
 * the least tough striker first, threatened or not: horde vs horde −2.68 / −2.98, knights vs
 * knights +1.16 / +1.78; the threatened striker with the best target (not the least tough): every
 * pairing within ±0.42 (n.s.): the order of fragility is what gains; a threat counted from enemies
 * one move away too (Speed + range): knights vs knights +2.82 to +3.36 (seeds 41, 42), but the
 * horde's mirror −0.60 / −0.62 (n.s.) and +1.80 / −0.64 (seed 42); the threatened first whether or
 * not it can strike now: within 0.4 of this rule (seed 42). Tried after it (against it, seed 41):
 * with nothing to strike, the cheapest (or the least tough) unit activated first: the horde's
 * mirror −0.32 / −2.00 (−0.30 / −2.04), elsewhere −1.22 to +0.22; the search's ACTION departures
 * (a Champion leaving a healthier Champion for a pillar, Archers scoring rather than closing on
 * Archers, Skirmishers running to pillars) as rules: a unit in contact with a tougher enemy goes
 * to score: −0.96 to −1.82 in the mirrors, −1.90 for the knights against the horde as A; a ranged unit does not move into reach of a ranged
 * enemy yet to activate: the horde's mirror +1.06 / +1.06, knights vs knights −1.40 / −0.68, the
 * horde against the knights −1.00 as A; a unit with nothing in one move's reach whose nearest enemy
 * has twice its health + armour goes to score: −1.78 / −5.08 in the horde's mirror. No built-in
 * beats it in any pairing and side (sim policies, 5,000 games, seed 1: the next highest, hunt,
 * −4.6 to −17.7). The search's 256 rungs after it (policy-gap.yaml): 6 of the 8 configurations
 * and sides closer (knights vs knights as A +10.0 → +6.3, the horde's mirror as B +13.5 → +8.8);
 * the best fixed layouts still gain +1.5 to +3.8 where significant, now in 7 of 8 (before: 4);
 * in 5 of the 7 every unit but at most the Archer stands at the centre.
 * Tried and dropped (seed 8, against fight without the last-round rule, A / B): a unit with nothing
 * to strike holds an objective pillar every round: −11.5 / −13.1 (upper ends −9.6, −11.2); the same
 * with running to far pillars: −11.6 / −13.8; playing hold's moves while the side has fewer points in
 * play than the enemy: −9.8 / −12.1 (by 2 points or more: −2.5 / −2.3); the same only for units
 * with nothing to strike: −2.3 / −3.2; while the side has under 0.8 of the enemy's health + armour
 * left: −3.2 / −3.9 (it gained +1.6 as B for the outmatched horde on modified units); hold's moves
 * with fight's targets always: −22.8 / −26.9; going to score for the last two or three rounds:
 * −0.1 / +0.0 and −0.5 / −0.2; (against fight) a unit on an objective pillar with nothing to strike
 * stays: −5.0 / −6.7 (+0.7 as B for the outmatched horde); hold's moves while ahead on VP with
 * nothing to strike: +0.6 / −0.4 (n.s.), −1.2 [−1.7, −0.7] as A with the knights on modified units.
 * Deployment by the plan of the alternating deployment (every built-in but random, 2026-12-06,
 * late): the rulebook has the players alternate one unit at a time, each seeing the other's, and
 * choose "which units to deploy first, which units to keep in reserve" (Starting The Game). The
 * mix below left both out: its starting units were the team file's invented `deploy: true` plan,
 * and it drew a layout blind, unit by unit, so each placement told the other side something. Now
 * per pairing of the built-in teams a side's layouts are starting sets (the Vortex cap filled as
 * far as it goes) with their places, and deployment.yaml stores the joined layouts and the payoff
 * (A's win rate − B's, 4,000 games a cell) between every two of them; the side to move places the
 * unit, and where, whose subgame is best for it given the other's placements so far (deployPlan.ts:
 * backward induction), in team order, stopping when its layout is complete; a side facing
 * placements no joined layout has completes the layout best against the other's mix (the
 * equilibrium of the same matrix, also drawn from when its own placements leave the plan). The
 * layouts were found by a double oracle (scripts/dualfatesDeployment.mjs): each round every layout
 * of each side (585 for the knights, 123 for the horde) played against the default deploying so,
 * and the best joined. The independent layout check (scripts/dualfatesLayouts.mjs --engine, 2,000 paired
 * games, seed 31, the best three again on 5,000, seed 7601), best confirmed fixed layout: knights vs
 * knights −1.68 as A but +3.62 [+1.71, +5.53] as B; the knights against the horde +1.42 [+0.25,
 * +2.59] (p 0.018), the horde +0.34; the horde against the knights +1.78 [+0.57, +2.99] (p 0.004),
 * the knights +0.04; the horde's mirror +0.22 / −1.02. Against the blind mix of the team file's
 * starting units, with starting sets in play: +8.96 [+7.02, +10.89] (the horde's mirror as A). Not
 * converged: the knights' mirror as B and the horde as A against the knights; reactive modules not
 * tried against the plan. hunt and hold deploy by fight's plan too. Out of team order (2026-12-06,
 * night): the plan's tree held each layout's units in team order, and a side deploying its units
 * in another order left it (the default then answered the opponent's agreeing layouts): the same
 * fixed layouts deployed in reverse team order beat it significantly in 6 of 8 configurations and
 * sides (up to +9.64 [+7.71, +11.56], knights vs knights as B; scripts/dualfatesLayouts.mjs --order,
 * 5,000 fresh paired games, seed 7601). Since the hybrid plan (2026-12-06, deployPlan.ts) such
 * placements are a state of the plan's graph, answered by its induction: fixed layouts in some
 * order still beat it significantly in 6 of 8 (up to +9.04 [+7.13, +10.94], knights vs knights as
 * B, reverse order; 12 of the 24 order × side checks, against 14). The plan over every order, a
 * double oracle against it, a behaviour strategy, a robust and a deviation-aware plan were tried
 * and not adopted (scenarios/dualfates/README.md, Deploying in another order; The hybrid plan). No built-in beats
 * fight in any of the 8 (sim policies, 5,000 games, seed 1: hunt −3.8 to −18.9, hold −8.2 to
 * −61.2, random −9.3 to −82.4). Since the quiet-board Initiative (above) and the deployment file
 * recomputed for it: in 5 of 8, up to +6.28 [+4.36, +8.19] (the same configuration and order), 10
 * of the 24 checks.
 * Deployment by an equilibrium mix (every built-in but random, 2026-12-06): per pairing of the
 * built-in teams, each side draws a whole-team layout of its starting units from a mix stored as data
 * (scenarios/dualfates/deployment.yaml; `--deployment spread` is the rule below), the equilibrium of
 * the matrix game of every fixed layout of A against every fixed layout of B, 4,000 games a cell
 * with every other decision fight's (scripts/dualfatesDeployment.mjs). The layout check below
 * (scripts/dualfatesLayouts.mjs, 2,000 paired games, seed 31, the best three again at seed 7601):
 * no fixed layout beats it significantly in any configuration or side (the best +1.66, p 0.098, the
 * horde's mirror as A; before, up to +3.76 and significant in 7 of 8). The spread rule as one side
 * against it (a module, 5,000 paired games, seed 41): −0.6 to −1.9 in all eight, one significant
 * (−1.94 for the horde against the knights as A). No built-in beats it (sim policies, 5,000 games,
 * seed 1: the next highest −3.8 to −13.4). The search's 256 rungs after it (policy-gap.yaml): 2 of
 * the 8 configurations and sides 0.5 closer, the rest 0.5 to 3.9 further (single rungs, ±3 points).
 * An equilibrium for the bundled data only: with the
 * archers' range 8, the Soldiers' health 5 and the Brute's speed 5 a fixed layout beats it by +3.9
 * (knights vs knights as B), and a report under other values says so and how to compute a mix for
 * them (computed for those values, the best fixed layout +0.76, n.s.; scenarios/dualfates/README.md,
 * Deployment). Not covered (an independent check, confirmed at fresh seeds): which units start (the
 * team file's plan; the horde starting its Archers instead of its Skirmishers gains +2.0 to +6.6),
 * and placements that answer the enemy's during the alternating deployment (+1.2 to +3.2).
 * Deployment (every built-in but random, 2026-12-05): the costliest starting unit goes to the
 * totem point (the centre deployment point on the bundled board), the rest spread as before (the
 * point with the fewest friends, the first of equals). Found by an independent check (its own modules and data
 * variants, evidence seeds 7001–7006, 5,000 paired games each): against `fight` with spread
 * deployment the horde gained at every seed, +2.3 to +5.3 (horde vs horde either side, horde vs
 * knights, knights vs horde), and on its data variants +0.8 to +8.1 in horde vs horde, −0.9 to +1.2
 * against the knights on two of them (one seed significantly negative: −0.86 [−1.54, −0.19]). The
 * knights' Brute (their costliest) already stood at the centre, so the knights play the same games.
 * The spread deployment as a module against this rule (the other side this rule too), seed 7101 /
 * 7102: horde vs horde as A −4.44 [−6.22, −2.65] / −3.08, as B −3.58 / −3.22; horde vs knights as A
 * −4.02 [−5.07, −2.98] / −3.72; knights vs horde as B −4.38 / −2.72 [−3.80, −1.64]; with the
 * check's variants (Champion health 6, speed 6, Skirmisher DEF 6, health 4; archers' range 8,
 * Soldier health 5, Brute speed 5) horde vs horde −5.22 / −6.10 and −4.94 / −3.62, against the
 * knights level (+0.08, −0.62, −0.02, +0.10).
 * Characters at the totem, the other Companions at random (2026-12-05, late). A Character or
 * Monster deploys at the totem point with the dearest (the rulebook's Unit Classifications:
 * Characters are "the centrepiece around which the rest of your force is built"); each other
 * Companion at a deployment point drawn uniformly from the game's stream: a mixed deployment.
 * Deployment alternates one unit at a time and is mostly blind, so a side that always deploys the
 * same way can be countered: every fixed layout of one side played against the default
 * (scripts/dualfatesLayouts.mjs: 81 knights' or 27 horde layouts, 2,000 paired games, seed 31; the
 * best three again on 5,000 fresh games, seed 7601). First step, deterministic: the Characters at
 * the totem, the Companions spread (the point with the fewest friends, first of equals). As a
 * module against the rule before (the dearest alone at the totem), 5,000 paired games, seed 7802,
 * knights vs knights +3.62 [+1.67, +5.56] as A, +3.56 as B; knights vs horde +2.22 as A, +2.38 as
 * B; the horde unchanged. But the best fixed layouts still beat it (confirmed): knights vs knights
 * +6.66 as A, +5.22 as B; the horde's, whose Champion always stood at the centre, +7.46 and +8.16
 * against the knights (A, B), +7.30 and +8.04 in its mirror; nothing beat the knights against the
 * horde. Every unit at a uniformly random point instead: at most +4.58 (knights vs knights as B; the
 * others +0.80 to +3.86), but the knights then lost −3.78 / −4.28 against the horde (as A / B,
 * 5,000 paired games against the deterministic rule, seed 7803), and what beat it there was the
 * Knight and the Brute together at the centre. Today's rule (Characters fixed, Companions at
 * random): at most +4.70 (the horde's mirror as B: the Champion east, both Skirmishers west), the
 * others +0.16 to +2.90, each the largest of three confirmed layouts; against the deterministic rule
 * −0.44 / −2.48 in knights vs knights (A / B), −1.10 / −1.48 for the knights against the horde,
 * +0.74 / +1.04 in the horde's mirror (seed 7803): slightly weaker against that one rule, much
 * harder to counter, on other unit data too (three checks with changed horde or knights stats,
 * side A: +3.9 / +0.5 n.s. / +3.1 against today's rule, +5.9 / +8.3 / +5.0 against the
 * deterministic one; scenarios/dualfates/README.md). Each configuration's best fixed layout against today's rule is printed in the
 * match report beside the search's gap (policy-gap.yaml, `layouts`).
 * Before that (against the dearest-alone-at-the-totem rule with the summoning and crier rules
 * below): fixed whole-team layouts beat `fight`'s in knights vs knights: of the knights' 81 layouts (2,000 paired games, seed 31,
 * side A) the best put the three melee units west and the Archer at the centre: WWWC +11.5, WCWC
 * +10.3; at seed 7601, 5,000 paired games, WWWC +9.26 [+7.38, +11.13] as A, +8.32 as B, but −2.14
 * for the knights against the horde as either side (there no layout beats the default by more than
 * +1.95 at 2,000 games). The check's WCWE, +7.66 / +10.46 against the rule before (seed 7201), is
 * level now (−0.28 / +1.48). Rules that answer the enemy's placements (modules, seed 32): ranged at
 * the totem and the melee together on one flank +9.2 / +10.5 in knights vs knights, −2.4 / −1.7
 * against the horde; the melee at the flank facing the least enemy melee +4.5 / +6.6, −2.4 against
 * the horde: counters, not a default. The search decides deployment too (DEPLOY, DEPLOY_AT are
 * roots since 2026-12-05) but nearly always keeps the default's placements, so its gap does not show
 * the counters; the match's rates are conditional on both sides deploying this way.
 * The crier first (fight's ACTIVATE, 2026-12-05): a unit with a buff it can pay for, nothing in
 * reach and a friend within its radius activates before the strikers. It then plays fight's ACTION
 * (charge, move to strike, or run at the nearest enemy) and so almost never cries (an outside review:
 * 0 Battle Cries in 716 such activations, knights vs horde, 1 in 1,101 in knights vs knights, 400
 * games, seed 77): what gains is the Training Knight (Shield, Heroic Charge) leading the advance
 * before the strikers; staying to cry instead (a module, seed 51) loses −6.38 / −9.44 in knights vs
 * knights (A / B) and −18.7 / −18.3 for the knights against the horde. Why it leads well is not
 * measured apart; a rule for it without the buff's test (the sturdiest unit first, say) is open.
 * Found when hunt beat fight
 * for the knights against the horde as A (+2.54 [+1.38, +3.70] / +1.98, seeds 1 / 2; +1.28 / +1.78
 * after the summoning change below): of hunt's answers only its ACTIVATE order gained (+3.08 /
 * +3.40); of that, the Training Knight first gained +2.64 there, +1.94 / +2.34 in knights vs knights
 * as A / B (seed 11). The rule before as a module against this one, 5,000 paired games, seeds 7501
 * / 7502: the knights against the horde as A −2.42 [−3.32, −1.52] / −2.56, the knights as B against
 * the horde −3.14 / −2.24; knights vs knights as A −3.18 / −2.52, as B −2.02 / −1.58 [−3.01,
 * −0.15]. Sides without a crier play the same games. After it (and the summoning change) no
 * built-in beats fight in any of the eight pairings and sides (sim policies, 5,000 games, seed 1;
 * the next highest −1.5 to −12.2). The ABILITY answer's Battle Cry now reads the buff's radius (3 on
 * the bundled sheet) instead of a fixed 3 inches.
 * Summoning (every built-in but random, 2026-12-05): a ranged unit first, the longest range, then
 * the dearest; with none ranged, the dearest (the rule before: the dearest, the first of equals, a
 * Soldier or a Skirmisher on the bundled teams, now an Archer). Found by an independent check and
 * confirmed at seeds 7301 / 7302 (as a module against fight, knights vs knights as A +2.82 / +2.86);
 * the rule before as a module against this one, 5,000 paired games, seeds 7401 / 7402 (negative:
 * the rule before wins less): knights vs knights as A −1.64 [−3.18, −0.10] / −1.74, as B −2.12 /
 * −3.36 [−4.91, −1.80]; horde vs horde as A −3.26 / −3.78, as B −3.34 / −2.24; the horde against
 * the knights as A −1.74 / −2.62, as B −2.12 / −1.90 (all twelve significant). The one pairing
 * where it costs: the knights against the horde (which they beat 86% of the time with this rule
 * and the crier rule before it; 89% with both), as A +0.52 /
 * +0.08 (n.s.), as B +1.30 [+0.24, +2.36] / +0.58 (n.s.) for the rule before. On other data (seed
 * 7701, 5,000 paired games; V1: archers' range 8, Soldier health 5, Brute speed 5; V2: Champion
 * health 6 and speed 6, Skirmisher DEF 6 and health 4): V1 horde mirror −9.30 for the rule before,
 * elsewhere level or lower; but V2's horde mirror, with its stronger Skirmishers, favours the rule
 * before: +3.76 [+2.22, +5.30] / +1.40 (n.s.) as A, +2.48 / +3.14 as B (seeds 7701 / 7702), while
 * V2's knights vs knights still favours this one (−1.66 for the rule before). Which unit is worth
 * summoning first depends on the data; a rule that weighs it is open.
 * The crier rule on the same variants (the rule before as a module, seed 7701): V1 knights vs
 * knights −1.50, V2 −2.00, V2 knights against the horde −2.10 as A, −1.70 as B; level elsewhere.
 * `hold` is no longer the base of user modules: `base` is the default (fight, then threat). `search` is the
 * shared search (src/core/search.ts) over the game's engine with the default's rollouts: it is
 * built with its engine (matchSim.ts), so builtinMatchPolicy does not return it.
 */
export const MATCH_POLICIES = ['threat', 'fight', 'hunt', 'hold', 'random', 'search'] as const;
export type MatchPolicyName = (typeof MATCH_POLICIES)[number];

/** Index of `code` in options[0, n), or -1. */
function find(options: Int32Array, n: number, code: number): number {
  for (let i = 0; i < n; i++) if (options[i] === code) return i;
  return -1;
}

/** The deciding unit's nearest active enemy, or -1. */
function nearestEnemy(view: MatchView, u: number): number {
  const p = view.unitPos(u);
  let best = -1;
  let bestD = Infinity;
  for (let e = 0; e < view.unitCount(); e++) {
    if (view.unitSide(e) === view.unitSide(u) || view.unitWhere(e) !== WHERE_ACTIVE) continue;
    const d = view.distance(p, view.unitPos(e));
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

/** Is pillar k one `side` may score this round (rolled, or any pillar on a Secret or Critical Mission)? */
function isObjective(view: MatchView, side: number, k: number): boolean {
  return (view.objectives(side) & (1 << (k - 1))) !== 0 || view.secret(side) > 0;
}

/** Is u the costliest of `side`'s starting units (team file `deploy: true`), with none as costly already in the Vortex? */
function dearestStarter(view: MatchView, side: number, u: number): boolean {
  let max = 0;
  for (let f = 0; f < view.unitCount(); f++) if (view.unitSide(f) === side && view.unitDeployFirst(f)) max = Math.max(max, view.unitCost(f));
  if (view.unitCost(u) !== max) return false;
  for (let f = 0; f < view.unitCount(); f++) if (f !== u && view.unitSide(f) === side && view.unitWhere(f) === WHERE_ACTIVE && view.unitCost(f) === max) return false;
  return true;
}

/**
 * A layout of `side`'s deployment mix drawn by weight among those that could have led here deployed
 * in team order (`agrees`, strict), or else (another order: a module's or a search's DEPLOY answers)
 * among those that place every unit in the Vortex where it stands and start `acting`; -1 when none
 * does. Drawn again at each step of a deployment in team order among the layouts that agree with
 * every step before, the whole layout is drawn with the mix's weights: which units start, and where,
 * are chosen together.
 */
function drawLayout(rng: Rng, view: MatchView, side: number, acting: number): number {
  const layouts = view.deployMixSize(side);
  for (const strict of [true, false]) {
    let total = 0;
    for (let l = 0; l < layouts; l++) if (agrees(view, side, acting, l, strict)) total += view.deployMixWeight(side, l);
    if (total === 0) continue;
    let r = randIndex(rng, total);
    for (let l = 0; l < layouts; l++) {
      if (!agrees(view, side, acting, l, strict)) continue;
      r -= view.deployMixWeight(side, l);
      if (r < 0) return l;
    }
  }
  return -1;
}

/**
 * Does layout l of `side`'s mix place each of the side's units in the Vortex where it stands, and
 * start `acting` (being deployed; -1: none)? Strict: and keep in reserve every unit before the last
 * of those that is not in the Vortex (l could have led here, deployed unit by unit in team order).
 */
function agrees(view: MatchView, side: number, acting: number, l: number, strict: boolean): boolean {
  let last = acting;
  for (let f = 0; f < view.unitCount(); f++) if (view.unitSide(f) === side && view.unitWhere(f) === WHERE_ACTIVE && f > last) last = f;
  for (let f = 0; f < view.unitCount(); f++) {
    if (view.unitSide(f) !== side) continue;
    const q = view.deployMixPoint(side, l, f);
    if (f === acting) {
      if (q < 0) return false;
    } else if (view.unitWhere(f) === WHERE_ACTIVE) {
      if (view.unitPos(f) !== q) return false;
    } else if (strict && f < last && q >= 0) return false;
  }
  return true;
}

/** Is an active friend of u (not u) within `radius` inches of it? */
function friendWithin(view: MatchView, u: number, radius: number): boolean {
  for (let f = 0; f < view.unitCount(); f++) if (f !== u && view.unitSide(f) === view.unitSide(u) && view.unitWhere(f) === WHERE_ACTIVE && view.distance(view.unitPos(u), view.unitPos(f)) <= radius) return true;
  return false;
}

/** Shared answers to every decision but the activation's plan. */
function commonChoice(rng: Rng, view: MatchView, decision: number, options: Int32Array, n: number): number {
  const side = view.deciding;
  switch (decision) {
    case DECISION.DEPLOY: {
      // The alternating deployment's plan: its next unit, or stop; see the header.
      const planned = view.deployPlanNext(side);
      if (planned === -2) return -1;
      if (planned >= 0) {
        const i = find(options, n, planned);
        if (i >= 0) return i;
      }
      // A side with a deployment mix: the next unit (in team order) of a layout drawn from it, or stop when it has none left; see the header.
      if (view.deployMixSize(side) > 0) {
        const l = drawLayout(rng, view, side, -1);
        if (l >= 0) {
          let next = -1;
          for (let u = 0; u < view.unitCount() && next < 0; u++) if (view.unitSide(u) === side && view.unitWhere(u) !== WHERE_ACTIVE && view.deployMixPoint(side, l, u) >= 0) next = u;
          if (next < 0) return -1;
          const i = find(options, n, next);
          if (i >= 0) return i;
        }
      }
      // The units the team file marks to start, in file order; then nothing more.
      for (let i = 0; i < n; i++) if (view.unitDeployFirst(options[i])) return i;
      let any = false;
      for (let u = 0; u < view.unitCount(); u++) if (view.unitSide(u) === side && view.unitDeployFirst(u)) any = true;
      return any ? -1 : 0;
    }
    case DECISION.DEPLOY_AT: {
      const u = view.acting;
      // The plan's place for the unit it deploys next; see the header.
      const at = u >= 0 ? find(options, n, view.deployPlanAt(side, u)) : -1;
      if (at >= 0) return at;
      // A side with a deployment mix: the unit's place in a layout drawn from it that starts it; see the header.
      if (u >= 0 && view.deployMixSize(side) > 0) {
        const l = drawLayout(rng, view, side, u);
        const i = l < 0 ? -1 : find(options, n, view.deployMixPoint(side, l, u));
        if (i >= 0) return i;
      }
      // Characters and Monsters, and the side's dearest starting unit, at its totem point (the centre one here); see the header.
      if (u >= 0 && (!view.unitCompanion(u) || dearestStarter(view, side, u))) {
        const t = find(options, n, view.totemPoint(side));
        if (t >= 0) return t;
      }
      // Else (a Companion) a deployment point drawn uniformly at random from the game's stream: a mixed deployment; see the header.
      return randIndex(rng, n);
    }
    case DECISION.SUMMON: {
      // A ranged unit first (the longest range, then the dearest); else the dearest; see the header.
      let best = 0;
      for (let i = 1; i < n; i++) {
        const r = view.unitRange(options[i]) - view.unitRange(options[best]);
        if (r > 0 || (r === 0 && view.unitCost(options[i]) > view.unitCost(options[best]))) best = i;
      }
      return best;
    }
    case DECISION.INITIATIVE:
      // Go first (hunt, hold; fight has its own answer: fightInitiative).
      return Math.max(0, find(options, n, INI_FIRST));
    case DECISION.ACTIVATE:
      return 0;
    case DECISION.DEFLECT:
      return find(options, n, 1);
    case DECISION.ABILITY: {
      // Attack the reachable enemy with the least health; else a Battle Cry when a friend is within its reach.
      let best = -1;
      for (let i = 0; i < n; i++) {
        if (ablKind(options[i]) !== ABL_ATTACK) continue;
        if (best < 0 || view.unitHealth(ablB(options[i])) < view.unitHealth(ablB(options[best]))) best = i;
      }
      if (best >= 0) return best;
      const buff = find(options, n, ABL_BUFF << 16);
      if (buff >= 0 && friendWithin(view, view.acting, view.unitBuffRadius(view.acting))) return buff;
      return -1;
    }
  }
  return 0;
}

/** hold: each unit heads for the nearest objective pillar its side does not control, and stays once within range of one. */
function holdAction(view: MatchView, options: Int32Array, n: number): number {
  const u = view.acting;
  const side = view.deciding;
  const p = view.unitPos(u);
  const range = view.controlRange();
  // Already scoring an objective: stay (and strike what is in reach).
  for (let k = 1; k <= PILLARS; k++) if (isObjective(view, side, k) && view.distance(p, view.pillarPoint(k)) <= range) return find(options, n, ACT_STAY << 8);
  let target = -1;
  let targetD = Infinity;
  for (let pass = 0; pass < 2 && target < 0; pass++)
    for (let k = 1; k <= PILLARS; k++) {
      if (!isObjective(view, side, k)) continue;
      // First pass: objectives the other side holds or ties; second: any objective.
      if (pass === 0 && view.pillarScore(k, side) > view.pillarScore(k, 1 - side)) continue;
      const d = view.distance(p, view.pillarPoint(k));
      if (d < targetD) {
        targetD = d;
        target = k;
      }
    }
  if (target < 0) return find(options, n, ACT_STAY << 8);
  // Walk when the walk reaches control range, else run.
  const walk = find(options, n, (ACT_PILLAR << 8) | target);
  if (targetD - range <= view.unitSpeed(u) || walk < 0) return walk >= 0 ? walk : find(options, n, ACT_STAY << 8);
  const run = find(options, n, (ACT_RUN_PILLAR << 8) | target);
  return run >= 0 ? run : walk;
}

/** hunt: go for the nearest enemy — charge when it can, shoot from range, engage within reach, else run at it. */
function huntAction(view: MatchView, options: Int32Array, n: number): number {
  const u = view.acting;
  const e = nearestEnemy(view, u);
  const stay = find(options, n, ACT_STAY << 8);
  if (e < 0) return stay;
  const d = view.distance(view.unitPos(u), view.unitPos(e));
  const charge = find(options, n, (ACT_CHARGE << 8) | e);
  if (charge >= 0 && d > 0) return charge;
  if (view.unitRange(u) > 0) {
    const shoot = find(options, n, (ACT_RANGE << 8) | e);
    return shoot >= 0 ? shoot : stay;
  }
  if (d === 0) return stay;
  const engage = find(options, n, (ACT_ENGAGE << 8) | e);
  if (d <= view.unitSpeed(u) || engage < 0) return engage >= 0 ? engage : stay;
  const run = find(options, n, (ACT_RUN_ENEMY << 8) | e);
  return run >= 0 ? run : engage;
}

/**
 * What is left to strike off enemy e before it is Incapacitated: its armour, then its health
 * (rulebook: Damage Resolution — damage goes to armour first, then health). The fewer, the fewer
 * blows it takes to remove it.
 */
function toughness(view: MatchView, e: number): number {
  return view.unitHealth(e) + view.unitArmor(e);
}

/**
 * Is enemy a the better target than b (-1: none yet): less left to strike off, then the higher cost
 * (more Summoning Points removed), then the longer ranged attack (see the header, "the ranged one
 * first": it strikes from where it stands, every activation, without coming into reach).
 */
function betterTarget(view: MatchView, a: number, b: number): boolean {
  if (b < 0) return true;
  const ta = toughness(view, a);
  const tb = toughness(view, b);
  if (ta !== tb) return ta < tb;
  const ca = view.unitCost(a);
  const cb = view.unitCost(b);
  if (ca !== cb) return ca > cb;
  return view.unitRange(a) > view.unitRange(b);
}

/** The best enemy of unit u within `reach` inches of it (distance 0: at its point), or -1. */
function targetWithin(view: MatchView, u: number, reach: number): number {
  const p = view.unitPos(u);
  let best = -1;
  for (let e = 0; e < view.unitCount(); e++) {
    if (view.unitSide(e) === view.unitSide(u) || view.unitWhere(e) !== WHERE_ACTIVE) continue;
    if (view.distance(p, view.unitPos(e)) <= reach && betterTarget(view, e, best)) best = e;
  }
  return best;
}

/**
 * The best target unit u can strike from where it stands, or -1: an enemy at its point (melee
 * within 1/2 inch) or within its longest ranged attack (rulebook: Melee Combat & Engagement).
 */
function targetInReach(view: MatchView, u: number): number {
  return targetWithin(view, u, view.unitRange(u));
}

/**
 * The best target u can bring into reach with one move of its Speed (to its point, or within its
 * range when it shoots), or -1.
 */
function targetInMove(view: MatchView, u: number): number {
  return targetWithin(view, u, view.unitSpeed(u) + view.unitRange(u));
}

/** Could unit u Battle Cry from where it stands: a buff it can pay for, nothing in reach to strike, a friend within the buff's radius? */
function wouldBuff(view: MatchView, u: number): boolean {
  const side = view.unitSide(u);
  if (view.unitBuffFate(u) < 0 || view.fate(side) < view.unitBuffFate(u) || targetInReach(view, u) >= 0) return false;
  return friendWithin(view, u, view.unitBuffRadius(u));
}

/** Does an enemy that has not activated this round stand where it can strike unit u without moving (at u's point, or within its ranged attack)? */
function threatened(view: MatchView, u: number): boolean {
  const p = view.unitPos(u);
  for (let e = 0; e < view.unitCount(); e++) {
    if (view.unitSide(e) === view.unitSide(u) || view.unitWhere(e) !== WHERE_ACTIVE || view.unitActivated(e)) continue;
    if (view.distance(p, view.unitPos(e)) <= view.unitRange(e)) return true;
  }
  return false;
}

/**
 * fight, the ACTIVATE answer: first a unit that could Battle Cry from where it stands (rulebook: the
 * Training Knight's sheet, Battle Cry; it then moves as ACTION says, and rarely cries: see the
 * header, "the crier first"); else, of the units that can strike without moving and that an enemy
 * yet to activate can strike where they stand, the one with the least left to strike off (ties: the
 * better target), so that it strikes before it is struck down (see the header, "the threatened
 * first"); else a unit that can strike without moving (rulebook: 5. Activation Phase — one unit at
 * a time, so a blow struck now may remove an enemy before it activates), the one whose best target
 * has the least left; else the first offered.
 */
function fightActivate(view: MatchView, options: Int32Array, n: number): number {
  for (let i = 0; i < n; i++) if (wouldBuff(view, options[i])) return i;
  // One pass over the strikers (each target found once): the threatened one with the least left, else the one with the best target.
  let first = -1;
  let firstTarget = -1;
  let best = 0;
  let bestTarget = -1;
  for (let i = 0; i < n; i++) {
    const u = options[i];
    const t = targetInReach(view, u);
    if (t < 0) continue;
    if (betterTarget(view, t, bestTarget)) {
      best = i;
      bestTarget = t;
    }
    if (!threatened(view, u)) continue;
    const d = first < 0 ? -1 : toughness(view, u) - toughness(view, options[first]);
    if (d < 0 || (d === 0 && betterTarget(view, t, firstTarget))) {
      first = i;
      firstTarget = t;
    }
  }
  if (first >= 0) return first;
  return best;
}

/**
 * fight, the ACTION answer: charge the best target a charge reaches; else move to strike the best
 * target one move brings into reach (engage it, or get it within range); else, in the last round,
 * go to score as hold does; else close on the nearest enemy as hunt does (run when a walk falls short).
 */
function fightAction(view: MatchView, options: Int32Array, n: number): number {
  const u = view.acting;
  const p = view.unitPos(u);
  // The charge's free attack needs the charge's move (offered only within reach), so it is worth its Fate at a distance only.
  let charge = -1;
  for (let i = 0; i < n; i++) {
    if (actKind(options[i]) !== ACT_CHARGE) continue;
    const e = actArg(options[i]);
    if (view.distance(p, view.unitPos(e)) > 0 && (charge < 0 || betterTarget(view, e, actArg(options[charge])))) charge = i;
  }
  if (charge >= 0) return charge;
  // rulebook: Melee Combat & Engagement — a locked unit may not move away: it stays and strikes.
  if (view.unitLocked(u)) return find(options, n, ACT_STAY << 8);
  const t = targetInMove(view, u);
  if (t >= 0) {
    const move = find(options, n, ((view.unitRange(u) > 0 ? ACT_RANGE : ACT_ENGAGE) << 8) | t);
    if (move >= 0) return move;
  }
  // rulebook: Winning The Game — after the last round's Scoring Phase the Victory Points decide: nothing to strike, go and score.
  if (view.round === view.rounds) return holdAction(view, options, n);
  return huntAction(view, options, n);
}

/** fight, the ABILITY answer: attack the best target in reach; else hunt's answer (Battle Cry with a friend near). */
function fightAbility(rng: Rng, view: MatchView, options: Int32Array, n: number): number {
  let best = -1;
  for (let i = 0; i < n; i++) if (ablKind(options[i]) === ABL_ATTACK && (best < 0 || betterTarget(view, ablB(options[i]), ablB(options[best])))) best = i;
  return best >= 0 ? best : commonChoice(rng, view, DECISION.ABILITY, options, n);
}

function heuristic(name: MatchPolicyName, action: (view: MatchView, options: Int32Array, n: number) => number): Policy<MatchView> {
  return {
    name,
    choose(rng, view, decision, options, n) {
      if (decision === DECISION.ACTION) return action(view, options, n);
      return commonChoice(rng, view, decision, options, n);
    },
  };
}

export const holdPolicy: Policy<MatchView> = heuristic('hold', holdAction);
export const huntPolicy: Policy<MatchView> = heuristic('hunt', huntAction);

/**
 * fight, the INITIATIVE answer (rulebook: 4. Initiative Phase — the winner "can choose to go first or
 * pass to the opponent"): pass when no unit of either side can strike an enemy from where it stands
 * (a quiet board, as in round 1 with both sides at their deployment points), since the side that
 * moves first can then only walk into the other's reach; else go first (see the header, "pass on a
 * quiet board").
 */
function fightInitiative(view: MatchView, options: Int32Array, n: number): number {
  let quiet = true;
  for (let u = 0; u < view.unitCount() && quiet; u++) if (view.unitWhere(u) === WHERE_ACTIVE && targetInReach(view, u) >= 0) quiet = false;
  // Whichever is offered when the other is not (a module may offer fewer options).
  const i = find(options, n, quiet ? INI_PASS : INI_FIRST);
  return i >= 0 ? i : 0;
}

/** P(a run's bonus is k inches): the higher of two dice (rulebook: Running). */
const RUN_BONUS = [0, 1, 3, 5, 7, 9, 11].map((x) => x / 36);

/** Enemy e's reach in its next activation: its range alone when locked and yet to activate; else Speed + range, or 2 × Speed for a charge its side can pay for. */
function reachOf(view: MatchView, e: number): number {
  const r = view.unitRange(e);
  if (view.unitLocked(e) && !view.unitActivated(e)) return r;
  const walk = view.unitSpeed(e) + r;
  const charge = view.unitChargeFate(e);
  return charge >= 0 && view.fate(view.unitSide(e)) >= charge ? Math.max(walk, 2 * view.unitSpeed(e)) : walk;
}

/** weighThreat's scratch, per decision: the acting unit's active enemies (id, point, reach, range, fresh: yet to activate), and scores per end point (stamped by the decision). */
const MAX_ENEMIES = MAX_TEAM_UNITS;
const enemy = { n: 0, id: new Int32Array(MAX_ENEMIES), pos: new Int32Array(MAX_ENEMIES), reach: new Int32Array(MAX_ENEMIES), range: new Int32Array(MAX_ENEMIES), fresh: new Uint8Array(MAX_ENEMIES), left: new Float64Array(MAX_ENEMIES), cost: new Float64Array(MAX_ENEMIES) };
let scoreAt = new Float64Array(0);
let stampAt = new Int32Array(0);
let stamp = 0;

/**
 * What u stands to lose at point q: over the active enemies that can strike q in their next
 * activation (only those yet to activate this round: `fresh`), their expected damage on u as a
 * share of its health + armour, the sum capped at 1, × u's cost (`ran`: u ran, +DEF/DOD).
 */
function lossAt(view: MatchView, u: number, q: number, ran: boolean, fresh: boolean): number {
  const left = toughness(view, u);
  let s = 0;
  for (let k = 0; k < enemy.n; k++) {
    if (fresh && enemy.fresh[k] === 0) continue;
    const de = view.distance(q, enemy.pos[k]);
    if (de > enemy.reach[k]) continue;
    const r = enemy.range[k];
    s += Math.min(view.expectedDamage(enemy.id[k], u, r > 0 ? Math.min(de, r) : 0, ran), left) / left;
  }
  return Math.min(1, s) * view.unitCost(u);
}

/** The best blow u could strike from q next activation: over the enemies within its Speed + range, its expected damage (capped at what they have left) as a share of it, × their cost. */
function nextGainAt(view: MatchView, u: number, q: number): number {
  let best = 0;
  const r = view.unitRange(u);
  const reach = view.unitSpeed(u) + r;
  for (let k = 0; k < enemy.n; k++) {
    const de = view.distance(q, enemy.pos[k]);
    if (de > reach) continue;
    const left = enemy.left[k];
    const g = (Math.min(view.expectedDamage(u, enemy.id[k], r > 0 ? Math.min(r, de) : 0, false), left) / left) * enemy.cost[k];
    if (g > best) best = g;
  }
  return best;
}

/** The approach score of ending at q (loss from the enemies yet to activate less the best blow from q), remembered per point for this decision (`ran` scores in the odd slots). */
function approachAt(view: MatchView, u: number, q: number, ran: boolean): number {
  const at = 2 * q + (ran ? 1 : 0);
  if (at >= stampAt.length) {
    const size = Math.max(2 * at + 2, 256);
    const s2 = new Float64Array(size);
    const t2 = new Int32Array(size);
    s2.set(scoreAt);
    t2.set(stampAt);
    scoreAt = s2;
    stampAt = t2;
  }
  if (stampAt[at] !== stamp) {
    stampAt[at] = stamp;
    scoreAt[at] = lossAt(view, u, q, ran, true) - nextGainAt(view, u, q);
  }
  return scoreAt[at];
}

/**
 * fight's ACTION answer k weighed against the enemy's threat (see the header, "Weighing the
 * threat"): where it walks to strike, the target whose walk ends least exposed (every active enemy
 * counted; ties: fight's target order); where it closes on the nearest enemy with nothing in one
 * move's reach (not in the last round), the same kind of move toward the enemy whose end point has
 * the least loss from enemies yet to activate less the best blow from there next activation (a
 * run's over its die; ties: fight's answer, then the nearer enemy). Every other answer is k.
 */
function weighThreat(view: MatchView, options: Int32Array, n: number, k: number): number {
  if (k < 0) return k;
  const kind = actKind(options[k]);
  const u = view.acting;
  if (view.unitLocked(u) || (kind !== ACT_ENGAGE && kind !== ACT_RANGE && kind !== ACT_RUN_ENEMY)) return k;
  const p = view.unitPos(u);
  const reach = view.unitSpeed(u) + view.unitRange(u);
  const approach = kind === ACT_RUN_ENEMY || view.distance(p, view.unitPos(actArg(options[k]))) > reach;
  if (approach && view.round === view.rounds) return k;
  // The enemies, once for this decision.
  enemy.n = 0;
  for (let e = 0; e < view.unitCount(); e++) {
    if (view.unitSide(e) === view.unitSide(u) || view.unitWhere(e) !== WHERE_ACTIVE) continue;
    const j = enemy.n++;
    enemy.id[j] = e;
    enemy.pos[j] = view.unitPos(e);
    enemy.reach[j] = reachOf(view, e);
    enemy.range[j] = view.unitRange(e);
    enemy.fresh[j] = view.unitActivated(e) ? 0 : 1;
    enemy.left[j] = toughness(view, e);
    enemy.cost[j] = view.unitCost(e);
  }
  stamp = (stamp + 1) | 0;
  if (approach) {
    let best = k;
    let bestScore = Infinity;
    let bestD = Infinity;
    for (let i = 0; i < n; i++) {
      if (actKind(options[i]) !== kind) continue;
      const d0 = view.distance(p, view.unitPos(actArg(options[i])));
      let score = 0;
      if (kind === ACT_RUN_ENEMY) for (let b = 1; b <= 6; b++) score += RUN_BONUS[b] * approachAt(view, u, view.actionEnd(u, options[i], b), true);
      else score = approachAt(view, u, view.actionEnd(u, options[i], 0), false);
      if (score < bestScore - 1e-9 || (Math.abs(score - bestScore) <= 1e-9 && (i === k || (best !== k && d0 < bestD)))) {
        best = i;
        bestScore = score;
        bestD = d0;
      }
    }
    return best;
  }
  const strike = view.unitRange(u) > 0 ? ACT_RANGE : ACT_ENGAGE;
  let best = -1;
  let bestTarget = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    if (actKind(options[i]) !== strike) continue;
    const e = actArg(options[i]);
    if (view.distance(p, view.unitPos(e)) > reach) continue;
    const score = -lossAt(view, u, view.actionEnd(u, options[i], 0), false, false);
    if (score > bestScore + 1e-9 || (Math.abs(score - bestScore) <= 1e-9 && betterTarget(view, e, bestTarget))) {
      best = i;
      bestTarget = e;
      bestScore = score;
    }
  }
  return best >= 0 ? best : k;
}

export const fightPolicy: Policy<MatchView> = {
  name: 'fight',
  choose(rng, view, decision, options, n) {
    if (decision === DECISION.INITIATIVE) return fightInitiative(view, options, n);
    if (decision === DECISION.ACTION) return fightAction(view, options, n);
    if (decision === DECISION.ACTIVATE) return fightActivate(view, options, n);
    if (decision === DECISION.ABILITY) return fightAbility(rng, view, options, n);
    return commonChoice(rng, view, decision, options, n);
  },
};

/** threat, the default: fight with its ACTION answer weighed against the enemy's threat (weighThreat); every other answer fight's (the header, "threat"). */
export const threatPolicy: Policy<MatchView> = {
  name: 'threat',
  choose(rng, view, decision, options, n, allowNone) {
    if (decision === DECISION.ACTION) return weighThreat(view, options, n, fightAction(view, options, n));
    return fightPolicy.choose(rng, view, decision, options, n, allowNone);
  },
};

/** Uniformly at random over the options (and "none" where allowed, as one more choice). */
export const randomPolicy: Policy<MatchView> = {
  name: 'random',
  choose(rng: Rng, _view, _decision, _options, n, allowNone) {
    const k = randIndex(rng, allowNone ? n + 1 : n);
    return k === n ? -1 : k;
  },
};

/** The default of both sides (MATCH_POLICIES[0]): the base a user module delegates to, and the search's rollouts. */
export const defaultMatchPolicy: Policy<MatchView> = threatPolicy;

/** Whether `name` is a built-in policy (the heuristics and search). */
export function isBuiltinMatchPolicy(name: string): boolean {
  return (MATCH_POLICIES as readonly string[]).includes(name);
}

/** A built-in heuristic by name (search, built over an engine, is not one), or null. */
export function builtinMatchPolicy(name: string): Policy<MatchView> | null {
  return name === 'hold' ? holdPolicy : name === 'hunt' ? huntPolicy : name === 'fight' ? fightPolicy : name === 'threat' ? threatPolicy : name === 'random' ? randomPolicy : null;
}

/** Codes a user module needs, handed to it as `data.codes` (plain, frozen). */
export function policyCodes() {
  return {
    DECISION: { ...DECISION },
    ACT: { STAY: ACT_STAY, PILLAR: ACT_PILLAR, ENGAGE: ACT_ENGAGE, RANGE: ACT_RANGE, RUN_PILLAR: ACT_RUN_PILLAR, RUN_ENEMY: ACT_RUN_ENEMY, CHARGE: ACT_CHARGE },
    ABL: { ATTACK: ABL_ATTACK, BUFF: ABL_BUFF },
    INI: { FIRST: INI_FIRST, PASS: INI_PASS },
    WHERE: { RESERVE: 0, ACTIVE: 1, INCAPACITATED: 2, REMOVED: 3 },
    /** ACTION options are kind << 8 | arg; ABILITY options kind << 16 | attack << 8 | enemy. */
    encoding: 'ACTION: kind << 8 | arg (a pillar 1..5 or an enemy unit id); ABILITY: kind << 16 | attack index << 8 | enemy unit id',
  };
}

export { actArg, actKind };
