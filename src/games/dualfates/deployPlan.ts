// The alternating deployment's plan (rulebook: Starting The Game, "players alternate deploying 1
// unit at a time", each seeing the other's placements, "how to respond to the opponent's deployment
// choices"): over two sides' mixes of layouts (deployment.ts) and the measured payoffs between them,
// the placement best for the side to move given everything placed so far. Kept apart from
// deployment.ts (which reads files) so that the engine loads no parser.
import type { DeployMix } from './deployment.js';

/**
 * One side's layouts as the placements they can be reached by, in any order: node 0 is nothing
 * placed; a node is a multiset of placements (a unit's sheet at a board point: units with the same
 * sheet are one choice) that some layout contains; its children add one placement.
 */
export interface DeployTrie {
  /** Per node n, its children are edges childStart[n] .. childStart[n + 1] - 1: placement key (sheet × 4096 + point) and child node. */
  childStart: Int32Array;
  childKey: Int32Array;
  childNode: Int32Array;
  /** Per node, the layout it completes, or -1. */
  layout: Int32Array;
  /** Per node, how many placements it holds. */
  depth: Int32Array;
  /** Per unit of the side (team order), its sheet: units alike but for the team file's deploy mark share one. */
  sheet: Int32Array;
  /** Per edge, whether the plan may take it: the next unit in team order of a layout holding the node as its first units (or, at a node no layout holds so, of any layout holding it). */
  allowed: Uint8Array;
}

/** The edge of `node` placing `key` (sheet × 4096 + point): its child, or -1. */
export function childOf(trie: DeployTrie, node: number, key: number): number {
  for (let e = trie.childStart[node]; e < trie.childStart[node + 1]; e++) if (trie.childKey[e] === key) return trie.childNode[e];
  return -1;
}

/** The version of how a plan plays from a deployment file, part of the stamp of a measurement against it (matchPolicyGap.ts): 3 = as 2, and the plan's point is given for any reserve unit of the placement's sheet, not only the first (a search or module deploying an identical unit); 2 = team-order moves over the any-order graph (the hybrid plan, 2026-12-06); 1 (no version in the stamp) = a tree of team-order placements, out-of-order opponents answered by their agreeing layouts. */
export const DEPLOY_PLAN_VERSION = 3;

/**
 * The plan of the alternating deployment (rulebook: Starting The Game, "players alternate
 * deploying 1 unit at a time", each seeing the other's placements, and choosing "which units to
 * deploy first"): over the mixes' layouts, with payoffs[a][b] (A's win rate − B's) at the end, the
 * side to move picks the placement whose subgame is best for it (backward induction: A maximises,
 * B minimises; a side whose layout is complete stops, which tells the other nothing). The states are
 * every order of the layouts' placements, but a side's own moves are the `allowed` edges: the next
 * unit in team order of a layout (so on its own the plan deploys in team order, as the measured
 * layouts were), while an opponent who places the same units in another order is still on the
 * graph and answered by the induction (which assumes it goes on in team order from there).
 * `next[(a × nodesB + b) × 2 + t]` is the edge (an index into side t's childKey / childNode) it
 * takes (-1: its layout is complete). Against placements no layout holds, `bestAgainst` completes
 * the side's layout best against the other side's mix.
 */
export interface DeployPlan {
  tries: [DeployTrie, DeployTrie];
  next: Int32Array;
  /** The plan's value at the start for each side moving first (A's win rate − B's). */
  value: [number, number];
  /** Scratch for bestAgainst, a value per node of each side. */
  memo: [Float64Array, Float64Array];
}

/** Per unit, a key of its sheet: units alike but for the team file's deploy mark (one choice in a layout) share one. */
export function unitSheets(units: readonly { deployFirst?: boolean }[]): string[] {
  return units.map((u) => JSON.stringify({ ...u, deployFirst: undefined }));
}

/** Both sides' unit sheets (unitSheets), as buildDeployPlan takes them. */
export function sideSheets(sides: readonly { units: readonly { deployFirst?: boolean }[] }[]): [string[], string[]] {
  return [unitSheets(sides[0].units), unitSheets(sides[1].units)];
}

/** The plan of a match's data (both sides' mixes, the payoffs between them, the units' sheets), built once (deployPlanOf); null without them. */
export function matchDeployPlan(data: { deploy?: readonly [DeployMix | null, DeployMix | null]; deployPayoffs?: readonly (readonly number[])[]; sides: readonly { units: readonly { deployFirst?: boolean }[] }[] }): DeployPlan | null {
  const [a, b] = data.deploy ?? [null, null];
  return a && b && data.deployPayoffs ? deployPlanOf([a, b], data.deployPayoffs, sideSheets(data.sides)) : null;
}

/** Sheet ids per unit: the same id for units whose sheets are alike (`key` of each; default: every unit its own). */
function sheetIds(count: number, keys?: readonly string[]): Int32Array {
  const ids = new Map<string, number>();
  return Int32Array.from({ length: count }, (_, j) => {
    const k = keys?.[j] ?? `#${j}`;
    if (!ids.has(k)) ids.set(k, ids.size);
    return ids.get(k)!;
  });
}

function trieOf(mix: DeployMix, sheet: Int32Array): DeployTrie {
  // Each distinct placement (sheet × 4096 + point) gets an index i; a multiset of them is the number Σ count_i × radix^i
  // (exact while under 2^53), or else its sorted placements as text.
  const index = new Map<number, number>();
  let most = 1;
  for (const row of mix.at) {
    const per = new Map<number, number>();
    for (const [j, q] of row.entries()) {
      if (q < 0) continue;
      const key = sheet[j] * 4096 + q;
      if (!index.has(key)) index.set(key, index.size);
      per.set(key, (per.get(key) ?? 0) + 1);
    }
    for (const c of per.values()) most = Math.max(most, c);
  }
  const radix = most + 1;
  const numeric = index.size * Math.log2(radix) < 52;
  const nodes = new Map<number | string, number>();
  const layout: number[] = [];
  const depth: number[] = [];
  const from: number[] = [];
  const via: number[] = [];
  const to: number[] = [];
  const seen = new Map<number, number>(); // edge key → index
  const teamNext: number[] = [];
  const prefixNext: number[] = [];
  const nodeOf = (bag: number | string, d: number): number => {
    let n = nodes.get(bag);
    if (n === undefined) {
      n = layout.length;
      nodes.set(bag, n);
      layout.push(-1);
      depth.push(d);
    }
    return n;
  };
  nodeOf(numeric ? 0 : '', 0);
  const placed: number[] = [];
  const weight: number[] = [];
  const bagOf = (mask: number): number | string => {
    if (numeric) {
      let x = 0;
      for (let i = 0; i < placed.length; i++) if ((mask >> i) & 1) x += weight[i];
      return x;
    }
    return placed.filter((_, i) => (mask >> i) & 1).sort((x, y) => x - y).join(',');
  };
  for (const [l, row] of mix.at.entries()) {
    placed.length = 0;
    weight.length = 0;
    for (const [j, q] of row.entries()) {
      if (q < 0) continue;
      placed.push(sheet[j] * 4096 + q);
      weight.push(radix ** index.get(sheet[j] * 4096 + q)!);
    }
    const k = placed.length;
    const full = (1 << k) - 1;
    for (let mask = 0; mask <= full; mask++) {
      let d = 0;
      for (let i = 0; i < k; i++) d += (mask >> i) & 1;
      const n = nodeOf(bagOf(mask), d);
      if (mask === full && layout[n] < 0) layout[n] = l;
      let lowest = 0;
      while (lowest < k && (mask >> lowest) & 1) lowest++;
      const prefix = mask === (1 << d) - 1;
      for (let i = 0; i < k; i++) {
        if ((mask >> i) & 1) continue;
        const c = nodeOf(bagOf(mask | (1 << i)), d + 1);
        const edge = n * 16777216 + placed[i];
        let at = seen.get(edge);
        if (at === undefined) {
          at = from.length;
          seen.set(edge, at);
          from.push(n);
          via.push(placed[i]);
          to.push(c);
          teamNext.push(0);
          prefixNext.push(0);
        }
        if (i === lowest) {
          teamNext[at] = 1;
          if (prefix) prefixNext[at] = 1;
        }
      }
    }
  }
  const count = layout.length;
  const childStart = new Int32Array(count + 1);
  for (const n of from) childStart[n + 1]++;
  for (let n = 0; n < count; n++) childStart[n + 1] += childStart[n];
  const fill = childStart.slice(0, count);
  const childKey = new Int32Array(from.length);
  const childNode = new Int32Array(from.length);
  const allowed = new Uint8Array(from.length);
  const hasPrefix = new Uint8Array(count);
  for (let e = 0; e < from.length; e++) if (prefixNext[e]) hasPrefix[from[e]] = 1;
  for (let e = 0; e < from.length; e++) {
    const at = fill[from[e]]++;
    childKey[at] = via[e];
    childNode[at] = to[e];
    allowed[at] = hasPrefix[from[e]] ? prefixNext[e] : teamNext[e];
  }
  return { childStart, childKey, childNode, layout: Int32Array.from(layout), depth: Int32Array.from(depth), sheet, allowed };
}

const plans = new WeakMap<readonly (readonly number[])[], { mixes: readonly [DeployMix, DeployMix]; sheets: string; plan: DeployPlan }>();
/** buildDeployPlan, built once per payoffs array, mixes and sheets (the engine and the report of one run share it). */
export function deployPlanOf(mixes: readonly [DeployMix, DeployMix], payoffs: readonly (readonly number[])[], sheets?: readonly [readonly string[], readonly string[]]): DeployPlan {
  const key = JSON.stringify(sheets ?? null);
  const seen = plans.get(payoffs);
  if (seen && seen.mixes[0] === mixes[0] && seen.mixes[1] === mixes[1] && seen.sheets === key) return seen.plan;
  const plan = buildDeployPlan(mixes, payoffs, sheets);
  plans.set(payoffs, { mixes, sheets: key, plan });
  return plan;
}

/** The plan for two sides' mixes and the payoffs between their layouts (see DeployPlan); `sheets`: per side, a key per unit (units with one key are one choice; default: every unit its own). */
export function buildDeployPlan(mixes: readonly [DeployMix, DeployMix], payoffs: readonly (readonly number[])[], sheets?: readonly [readonly string[], readonly string[]]): DeployPlan {
  const tries: [DeployTrie, DeployTrie] = [0, 1].map((s) => trieOf(mixes[s], sheetIds(mixes[s].at[0]?.length ?? 0, sheets?.[s]))) as [DeployTrie, DeployTrie];
  const [A, B] = tries;
  const nA = A.layout.length;
  const nB = B.layout.length;
  const value = new Float32Array(nA * nB * 2);
  const next = new Int32Array(nA * nB * 2).fill(-1);
  // Deepest nodes first: a state's value rests on states one placement deeper (A's on B's nodes as they stand, B's likewise).
  const byDepth = (t: DeployTrie) => Int32Array.from(t.layout.keys()).sort((x, y) => t.depth[y] - t.depth[x]);
  const orderA = byDepth(A);
  const orderB = byDepth(B);
  for (let i = 0; i < nA; i++) {
    const a = orderA[i];
    const la = A.layout[a];
    const a0 = A.childStart[a];
    const a1 = A.childStart[a + 1];
    for (let j = 0; j < nB; j++) {
      const b = orderB[j];
      const lb = B.layout[b];
      const k = (a * nB + b) * 2;
      if (la >= 0 && lb >= 0) {
        value[k] = value[k + 1] = payoffs[la][lb];
        continue;
      }
      // A to move (A maximises): its best child, B to move there; a complete layout stops, B moves on.
      let vA = -Infinity;
      if (la < 0) {
        for (let e = a0; e < a1; e++) {
          if (!A.allowed[e]) continue;
          const w = value[(A.childNode[e] * nB + b) * 2 + 1];
          if (w > vA) {
            vA = w;
            next[k] = e;
          }
        }
      }
      // B to move (B minimises), likewise.
      let vB = Infinity;
      if (lb < 0) {
        for (let e = B.childStart[b]; e < B.childStart[b + 1]; e++) {
          if (!B.allowed[e]) continue;
          const w = value[(a * nB + B.childNode[e]) * 2];
          if (w < vB) {
            vB = w;
            next[k + 1] = e;
          }
        }
      }
      value[k] = la >= 0 ? vB : vA;
      value[k + 1] = lb >= 0 ? vA : vB;
    }
  }
  return { tries, next, value: [value[0], value[1]], memo: [new Float64Array(nA), new Float64Array(nB)] };
}

/**
 * For `side` at `node` of its graph, facing placements of the other side that no layout of its
 * holds: the edge towards the layout reachable from `node` with the best expected payoff for `side`
 * against the other side's layouts weighted by `weights`. -1 at a complete layout.
 */
export function bestAgainst(plan: DeployPlan, payoffs: readonly (readonly number[])[], side: number, node: number, weights: ArrayLike<number>): number {
  const trie = plan.tries[side];
  const memo = plan.memo[side];
  memo.fill(Number.NaN);
  let total = 0;
  for (let m = 0; m < weights.length; m++) total += weights[m];
  const worth = (l: number): number => {
    let v = 0;
    for (let m = 0; m < weights.length; m++) if (weights[m] > 0) v += (weights[m] * (side === 0 ? payoffs[l][m] : -payoffs[m][l])) / total;
    return v;
  };
  const walk = (n: number): number => {
    if (!Number.isNaN(memo[n])) return memo[n];
    let best = -Infinity;
    if (trie.layout[n] >= 0) best = worth(trie.layout[n]);
    else for (let e = trie.childStart[n]; e < trie.childStart[n + 1]; e++) if (trie.allowed[e]) best = Math.max(best, walk(trie.childNode[e]));
    memo[n] = best;
    return best;
  };
  let step = -1;
  let best = -Infinity;
  for (let e = trie.childStart[node]; e < trie.childStart[node + 1]; e++) {
    if (!trie.allowed[e]) continue;
    const w = walk(trie.childNode[e]);
    if (w > best) {
      best = w;
      step = e;
    }
  }
  return step;
}

/** The layouts (A's, B's) the plan plays when both sides follow it and side `first` deploys first, and the payoff there. */
export function planPath(plan: DeployPlan, payoffs: readonly (readonly number[])[], first: number): { a: number; b: number; value: number } {
  const nB = plan.tries[1].layout.length;
  const at = [0, 0];
  let t = first;
  while (plan.tries[0].layout[at[0]] < 0 || plan.tries[1].layout[at[1]] < 0) {
    const e = plan.next[(at[0] * nB + at[1]) * 2 + t];
    if (e >= 0) at[t] = plan.tries[t].childNode[e];
    t = 1 - t;
  }
  const la = plan.tries[0].layout[at[0]];
  const lb = plan.tries[1].layout[at[1]];
  return { a: la, b: lb, value: payoffs[la][lb] };
}
