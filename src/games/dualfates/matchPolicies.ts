// Built-in policies of the Dual Fates match, on the core policy contract (src/core/policy.ts):
// `choose(rng, view, decision, options, n, allowNone)` → an index into options[0, n) or -1. They
// read only MatchView members, so a user module can delegate to them through its read-only view.
//   hold   — hold pillars: each unit heads for this round's objective pillars (any pillar on a
//            Secret Mission) and stays within control range; attacks what it can reach.
//   hunt   — hunt units: each unit goes for the nearest enemy (charging, shooting or running at it).
//   random — every decision uniformly at random (exercises every rule; a floor to compare with).
// Every other decision is shared: deploy the units the team file marks `deploy: true` first,
// spread over the deployment points; summon the most expensive affordable unit; go first on
// Initiative; always deflect; Battle Cry when no attack is in reach and a friend stands near.
import type { Policy } from '../../core/policy.js';
import { randIndex, type Rng } from '../../core/rng.js';
import { ABL_ATTACK, ABL_BUFF, ablB, ablKind, ACT_CHARGE, ACT_ENGAGE, ACT_PILLAR, ACT_RANGE, ACT_RUN_ENEMY, ACT_RUN_PILLAR, ACT_STAY, actArg, actKind, DECISION, WHERE_ACTIVE, type MatchView } from './matchEngine.js';
import { PILLARS } from './pillars.js';

/**
 * The built-in policies, the default first: `hunt`, the strongest built-in as either side (paired,
 * 5,000 games, seed 1, knights vs knights: against a hunting opponent, hold wins 32.8 points less as
 * side A [31.0, 34.5] and 33.3 less as side B [31.6, 35.0], random 48 less; against a holding one,
 * hunt wins 36.6 / 37.6 points more than hold). `hold` stays the base of user modules. `search`
 * is the shared search (src/core/search.ts) over the game's engine with hunt's rollouts: it is
 * built with its engine (matchSim.ts), so builtinMatchPolicy does not return it.
 */
export const MATCH_POLICIES = ['hunt', 'hold', 'random', 'search'] as const;
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

/** Shared answers to every decision but the activation's plan. */
function commonChoice(view: MatchView, decision: number, options: Int32Array, n: number): number {
  const side = view.deciding;
  switch (decision) {
    case DECISION.DEPLOY: {
      // The units the team file marks to start, in file order; then nothing more.
      for (let i = 0; i < n; i++) if (view.unitDeployFirst(options[i])) return i;
      let any = false;
      for (let u = 0; u < view.unitCount(); u++) if (view.unitSide(u) === side && view.unitDeployFirst(u)) any = true;
      return any ? -1 : 0;
    }
    case DECISION.DEPLOY_AT: {
      // Spread: the deployment point with the fewest friends, the first of equals.
      let best = 0;
      let bestCount = Infinity;
      for (let i = 0; i < n; i++) {
        let c = 0;
        for (let u = 0; u < view.unitCount(); u++) if (view.unitSide(u) === side && view.unitPos(u) === options[i]) c++;
        if (c < bestCount) {
          bestCount = c;
          best = i;
        }
      }
      return best;
    }
    case DECISION.SUMMON: {
      let best = 0;
      for (let i = 1; i < n; i++) if (view.unitCost(options[i]) > view.unitCost(options[best])) best = i;
      return best;
    }
    case DECISION.INITIATIVE:
      return 0;
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
      if (buff >= 0) {
        const u = view.acting;
        for (let f = 0; f < view.unitCount(); f++) if (f !== u && view.unitSide(f) === side && view.unitWhere(f) === WHERE_ACTIVE && view.distance(view.unitPos(u), view.unitPos(f)) <= 3) return buff;
      }
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

function heuristic(name: MatchPolicyName, action: (view: MatchView, options: Int32Array, n: number) => number): Policy<MatchView> {
  return {
    name,
    choose(_rng, view, decision, options, n) {
      if (decision === DECISION.ACTION) return action(view, options, n);
      return commonChoice(view, decision, options, n);
    },
  };
}

export const holdPolicy: Policy<MatchView> = heuristic('hold', holdAction);
export const huntPolicy: Policy<MatchView> = heuristic('hunt', huntAction);

/** Uniformly at random over the options (and "none" where allowed, as one more choice). */
export const randomPolicy: Policy<MatchView> = {
  name: 'random',
  choose(rng: Rng, _view, _decision, _options, n, allowNone) {
    const k = randIndex(rng, allowNone ? n + 1 : n);
    return k === n ? -1 : k;
  },
};

/** Whether `name` is a built-in policy (the heuristics and search). */
export function isBuiltinMatchPolicy(name: string): boolean {
  return (MATCH_POLICIES as readonly string[]).includes(name);
}

/** A built-in heuristic by name (search, built over an engine, is not one), or null. */
export function builtinMatchPolicy(name: string): Policy<MatchView> | null {
  return name === 'hold' ? holdPolicy : name === 'hunt' ? huntPolicy : name === 'random' ? randomPolicy : null;
}

/** Codes a user module needs, handed to it as `data.codes` (plain, frozen). */
export function policyCodes() {
  return {
    DECISION: { ...DECISION },
    ACT: { STAY: ACT_STAY, PILLAR: ACT_PILLAR, ENGAGE: ACT_ENGAGE, RANGE: ACT_RANGE, RUN_PILLAR: ACT_RUN_PILLAR, RUN_ENEMY: ACT_RUN_ENEMY, CHARGE: ACT_CHARGE },
    ABL: { ATTACK: ABL_ATTACK, BUFF: ABL_BUFF },
    WHERE: { RESERVE: 0, ACTIVE: 1, INCAPACITATED: 2, REMOVED: 3 },
    /** ACTION options are kind << 8 | arg; ABILITY options kind << 16 | attack << 8 | enemy. */
    encoding: 'ACTION: kind << 8 | arg (a pillar 1..5 or an enemy unit id); ABILITY: kind << 16 | attack index << 8 | enemy unit id',
  };
}

export { actArg, actKind };
