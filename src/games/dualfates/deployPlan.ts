// The alternating deployment's plan (rulebook: Starting The Game, "players alternate deploying 1
// unit at a time", each seeing the other's placements, "how to respond to the opponent's deployment
// choices"): over two sides' mixes of layouts (deployment.ts) and the measured payoffs between them,
// the placement best for the side to move given everything placed so far. Kept apart from
// deployment.ts (which reads files) so that the engine loads no parser.
import type { DeployMix } from './deployment.js';

/** One side's layouts as a tree of placements in team order: node 0 is nothing placed. */
export interface DeployTrie {
  /** Per node, its children by side-unit index × 4096 + board point. */
  child: Map<number, number>[];
  /** Per node, the side-unit index and point of the placement that reached it (-1 at the root). */
  unit: Int32Array;
  point: Int32Array;
  /** Per node, the layout it completes, or -1. */
  layout: Int32Array;
}

/**
 * The plan of the alternating deployment (rulebook: Starting The Game, "players alternate
 * deploying 1 unit at a time", each seeing the other's placements): over the mixes' layouts,
 * deployed in team order, with payoffs[a][b] (A's win rate − B's) at the end, the side to move picks
 * the placement whose subgame is best for it (backward induction: A maximises, B minimises; a side
 * whose layout is complete stops, which tells the other nothing). `next[(a × nodesB + b) × 2 + t]`
 * is the child of side t's node that it moves to (-1: its layout is complete). Against placements
 * no layout's deployment in team order reaches (another order, or another layout), `bestAgainst`
 * completes the side's layout best against the other side's layouts that agree with them.
 */
export interface DeployPlan {
  tries: [DeployTrie, DeployTrie];
  next: Int32Array;
  /** The plan's value at the start for each side moving first (A's win rate − B's). */
  value: [number, number];
}

function trieOf(mix: DeployMix): DeployTrie {
  const child: Map<number, number>[] = [new Map()];
  const unit = [-1];
  const point = [-1];
  const layout = [-1];
  for (const [l, row] of mix.at.entries()) {
    let node = 0;
    for (const [j, q] of row.entries()) {
      if (q < 0) continue;
      const key = j * 4096 + q;
      let c = child[node].get(key);
      if (c === undefined) {
        c = child.length;
        child.push(new Map());
        unit.push(j);
        point.push(q);
        layout.push(-1);
        child[node].set(key, c);
      }
      node = c;
    }
    layout[node] = l;
  }
  return { child, unit: Int32Array.from(unit), point: Int32Array.from(point), layout: Int32Array.from(layout) };
}

const plans = new WeakMap<readonly (readonly number[])[], { mixes: readonly [DeployMix, DeployMix]; plan: DeployPlan }>();
/** buildDeployPlan, built once per payoffs array and mixes (the engine and the report of one run share it). */
export function deployPlanOf(mixes: readonly [DeployMix, DeployMix], payoffs: readonly (readonly number[])[]): DeployPlan {
  const seen = plans.get(payoffs);
  if (seen && seen.mixes[0] === mixes[0] && seen.mixes[1] === mixes[1]) return seen.plan;
  const plan = buildDeployPlan(mixes, payoffs);
  plans.set(payoffs, { mixes, plan });
  return plan;
}

/** The plan for two sides' mixes and the payoffs between their layouts (see DeployPlan). */
export function buildDeployPlan(mixes: readonly [DeployMix, DeployMix], payoffs: readonly (readonly number[])[]): DeployPlan {
  const tries: [DeployTrie, DeployTrie] = [trieOf(mixes[0]), trieOf(mixes[1])];
  const nB = tries[1].layout.length;
  const size = tries[0].layout.length * nB * 2;
  const value = new Float64Array(size).fill(Number.NaN);
  const next = new Int32Array(size).fill(-1);
  const V = (a: number, b: number, t: number): number => {
    const k = (a * nB + b) * 2 + t;
    if (!Number.isNaN(value[k])) return value[k];
    const la = tries[0].layout[a];
    const lb = tries[1].layout[b];
    let v: number;
    if (la >= 0 && lb >= 0) v = payoffs[la][lb];
    else if ((t === 0 ? la : lb) >= 0) v = V(a, b, 1 - t); // the mover's layout is complete: it stops
    else {
      v = t === 0 ? -Infinity : Infinity;
      for (const c of tries[t].child[t === 0 ? a : b].values()) {
        const w = t === 0 ? V(c, b, 1) : V(a, c, 0);
        if (t === 0 ? w > v : w < v) {
          v = w;
          next[k] = c;
        }
      }
    }
    value[k] = v;
    return v;
  };
  const start: [number, number] = [V(0, 0, 0), V(0, 0, 1)];
  for (let a = 0; a < tries[0].layout.length; a++) for (let b = 0; b < nB; b++) for (const t of [0, 1]) V(a, b, t);
  return { tries, next, value: start };
}

/**
 * For `side` at `node` of its tree, facing placements of the other side that the plan does not
 * reach: the child towards the layout below `node` with the best expected payoff for `side` against
 * the other side's layouts weighted by `weights` (the engine's: the mix's weights of the layouts
 * that place every unit of it in the Vortex where it stands, in any order; all zero: those layouts
 * alike; none: the whole mix). -1 at a complete layout.
 */
export function bestAgainst(plan: DeployPlan, payoffs: readonly (readonly number[])[], side: number, node: number, weights: Float64Array): number {
  const trie = plan.tries[side];
  let total = 0;
  for (let m = 0; m < weights.length; m++) total += weights[m];
  const worth = (l: number): number => {
    let v = 0;
    for (let m = 0; m < weights.length; m++) if (weights[m] > 0) v += (weights[m] * (side === 0 ? payoffs[l][m] : -payoffs[m][l])) / total;
    return v;
  };
  const walk = (n: number): number => {
    if (trie.layout[n] >= 0) return worth(trie.layout[n]);
    let best = -Infinity;
    for (const c of trie.child[n].values()) best = Math.max(best, walk(c));
    return best;
  };
  let step = -1;
  let best = -Infinity;
  for (const c of trie.child[node].values()) {
    const w = walk(c);
    if (w > best) {
      best = w;
      step = c;
    }
  }
  return step;
}

/** The layouts (A's, B's) the plan plays when both sides follow it and side `first` deploys first, and the payoff there. */
export function planPath(plan: DeployPlan, payoffs: readonly (readonly number[])[], first: number): { a: number; b: number; value: number } {
  const nB = plan.tries[1].layout.length;
  let a = 0;
  let b = 0;
  let t = first;
  while (plan.tries[0].layout[a] < 0 || plan.tries[1].layout[b] < 0) {
    const c = plan.next[(a * nB + b) * 2 + t];
    if (c >= 0) {
      if (t === 0) a = c;
      else b = c;
    }
    t = 1 - t;
  }
  const la = plan.tries[0].layout[a];
  const lb = plan.tries[1].layout[b];
  return { a: la, b: lb, value: payoffs[la][lb] };
}
