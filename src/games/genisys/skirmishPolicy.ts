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
// Built-ins: every one attacks with the option most likely to remove its target (the exact
// engine's P(removed), ties: an active target over a Reeling one, then the first), takes the first impulse, readies the model nearest an
// enemy; they differ in moving:
//   advance — the move after which the best attack is best; ties: the one nearest the enemy
//             (so it charges into Close Combat when that is best and closes in when nothing is in reach);
//   aim     — the same best attack, ties: stay (an aimed shot), else the farthest from the enemy;
//             with no attack anywhere, a normal move towards the enemy;
//   hold    — never moves (aimed shots when ROF 1), attacks what it can;
//   random  — a uniform choice at every decision (exploration, conformance);
//   search  — the shared tree search (src/core/search.ts) over the skirmish's engine with the bots'
//             rollouts (skirmishSearch.ts): built with its engine, so skirmishPolicy does not return it.
import { randIndex, type Rng } from '../../core/rng.js';
import type { Policy, ViewMembers } from '../../core/policy.js';
import { DEC_ATTACK, DEC_EXTRA, DEC_FIRST, DEC_MOVE, DEC_READY, MOVE_CODE, type Skirmish } from './skirmish.js';

export const SKIRMISH_POLICIES = ['advance', 'aim', 'hold', 'random', 'search'] as const;

/** What a user module's view shows: the engine's read-only methods. */
export const SKIRMISH_VIEW: ViewMembers = {
  properties: [],
  methods: ['sideToAct', 'turn', 'models', 'modelSide', 'modelX', 'modelY', 'modelInPlay', 'modelType', 'typeName', 'modelDamage', 'modelMarkers', 'modelCommand', 'trackLength', 'activeModelIndex', 'tddHeld', 'nearestEnemy', 'moveKind', 'moveTo', 'distanceAfterMove', 'bestAfterMove', 'attackWeapon', 'attackTarget', 'attackRemoval', 'attackIsHasta'],
};

/** The eligible model nearest an enemy (ties: the first). */
function nearest(view: Skirmish, options: Int32Array, n: number): number {
  let best = 0;
  for (let k = 1; k < n; k++) if (view.nearestEnemy(options[k]) < view.nearestEnemy(options[best])) best = k;
  return best;
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

type MoveRule = (view: Skirmish, options: Int32Array, n: number) => number;

function bot(name: string, move: MoveRule): Policy<Skirmish> {
  return {
    name,
    choose(_rng, view, decision, options, n) {
      switch (decision) {
        case DEC_FIRST:
          return 0;
        case DEC_READY:
        case DEC_EXTRA:
          return nearest(view, options, n);
        case DEC_MOVE:
          return move(view, options, n);
        case DEC_ATTACK:
          return bestAttack(view, options, n);
        default:
          return 0;
      }
    },
  };
}

const advance: MoveRule = (view, options, n) => {
  let best = 0;
  let bestValue = view.bestAfterMove(options[0]);
  for (let k = 1; k < n; k++) {
    const v = view.bestAfterMove(options[k]);
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
      return bot('advance', advance);
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
