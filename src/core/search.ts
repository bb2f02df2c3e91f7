// The search policy of every game with decisions: single-observer information-set Monte Carlo tree
// search (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search"; OpenSpiel's
// ISMCTS) over the engine contract (src/core/engine.ts), written for this project's engines. It
// depends on core only: a game builds it over its own engine and default policy.
//
// At a decision the engine can resume at (the root), with m ≥ 2 answers, it runs `iterations`
// iterations from a snapshot of the game. Each iteration:
//  1. restores the snapshot and re-deals what the deciding player (the observer) cannot see
//     (engine.determinize), so the tree is built over states the observer believes possible;
//  2. walks the tree from the root: at every decision (either player's) whose node is in the tree,
//     the answers legal now that have a child are scored by UCT with availability counts (a child's
//     exploration term uses how often it was legal, not its parent's visits: answers are not legal
//     in every determinization), each from the point of view of the player deciding there;
//  3. expands one answer where the node has fewer children than progressive widening allows
//     (ceil(2·√(visits + 1))): the default policy's answer first, then a uniformly random one not
//     yet tried, so decisions with many options grow their children with their visits;
//  4. plays on from there with the game's default policy (the rollout), to the end of the game or,
//     with depth K > 0, to the end of turn root + K, scored by the engine's value estimate;
//  5. adds each player's result to the nodes on the path (a node holds the result of the player who
//     decided the answer leading to it).
// Nodes are keyed by (decision, deciding player, the answer's option code): the tree is open-loop,
// so one node averages over the dice that fell before its decision (chance is not a node).
// The answer is the root's most visited child (ties: the better mean, then the first expanded),
// played only when its mean result beats the default policy's answer's by `margin` standard errors
// (else the default's answer): with results that are mostly the dice's, a small budget cannot tell
// answers apart, and the most visited one would overrule a good default by chance.
//
// Deterministic from (seed, game): the search's stream is the game's stream at the decision, copied
// and jumped, and every draw of an iteration (the re-deal, the dice of the playout, the expansion's
// pick) comes from it; the game is restored exactly after the search. The default's answer at the
// root is the one it gives on a copy of the game's stream (a default may draw: the Dual Fates
// match deploys Companions at random); when the search plays it, the game's stream moves as under
// the default, and any other answer draws nothing from it, so one iteration plays the default's
// games. Allocation-light: the tree lives in typed arrays sized for the budget
// once, and a search allocates nothing per iteration.
import { NO_STOP, type DecisionEngine } from './engine.js';
import type { Policy } from './policy.js';
import { randIndex, type Rng } from './rng.js';
import { copyStreamInto, jumpedStreamInto } from './streamCopy.js';

export interface SearchSettings<View> {
  /** Iterations per searched decision (the budget; ≥ 1). */
  readonly iterations: number;
  /** Turns after the root's turn that an iteration plays before the value cut-off (0: to the end of the game). */
  readonly depth: number;
  /** The game's default policy: it plays the rollouts, proposes the first answer to expand, and answers the decisions not searched. */
  readonly rollout: Policy<View>;
  /** Proposes the first answer to expand and answers the decisions not searched (default: `rollout`). */
  readonly prior?: Policy<View>;
  /** When set, `iterations` is per answer: a decision with m answers gets iterations × m. */
  readonly perAnswer?: boolean;
  /** UCT's exploration constant (results in [0, 1]); default 0.7. */
  readonly exploration?: number;
  /**
   * Standard errors by which the tree's answer must beat the default policy's answer on the
   * confirmation's paired playouts to be played instead (0: any gain). At a budget too
   * small to tell answers apart the search plays the default's answer. Default 2: measured on the
   * Dual Fates match, margin 1 let chance overrule hunt often enough to lose games at 32 iterations.
   */
  readonly margin?: number;
  /**
   * Which resumable decisions to search (default: every one with two or more answers). The others
   * are answered by the prior in the game and, for the searching player, in the tree too (another
   * player's by the rollout): the tree branches only on the decisions searched.
   */
  readonly searches?: (decision: number) => boolean;
}

/** Counts of the work done (the bench's cost per decision). */
export interface SearchStats {
  decisions: number;
  /** Playouts played (tree iterations and confirmation playouts). */
  iterations: number;
  nodes: number;
}

/** Progressive widening: a node with v visits may have ceil(PW_K · (v + 1)^PW_ALPHA) children per decision. */
const PW_K = 2;
const PW_ALPHA = 0.5;
/** The code of the answer "none" (-1) in a node: option codes are non-negative. */
const NONE_CODE = -1;

/**
 * The search policy over `engine` (it plays its iterations on the engine itself, then restores it).
 * `stats` (optional) is incremented as it works.
 */
export function createSearchPolicy<View, S>(engine: DecisionEngine<View, S>, s: SearchSettings<View>, stats?: SearchStats): Policy<View> {
  if (!(s.iterations >= 1)) throw new Error(`search: iterations must be at least 1, got ${s.iterations}`);
  const c = s.exploration ?? 0.7;
  const rollout = s.rollout;
  const prior = s.prior ?? rollout;
  // Tree, node 0 the root: children as linked lists. Sized for a decision's budget (each iteration
  // adds at most one node), grown only when a decision's budget exceeds every earlier one.
  let maxNodes = 0;
  let firstChild = new Int32Array(0);
  let sibling = new Int32Array(0);
  let nodeDecision = new Int32Array(0);
  let nodeCode = new Int32Array(0);
  let nodePlayer = new Int32Array(0);
  let visits = new Float64Array(0);
  let reward = new Float64Array(0);
  let avail = new Float64Array(0);
  // The iteration's path (every node it passed, root first).
  let path = new Int32Array(0);
  function ensureNodes(count: number): void {
    if (count <= maxNodes) return;
    maxNodes = count;
    firstChild = new Int32Array(count);
    sibling = new Int32Array(count);
    nodeDecision = new Int32Array(count);
    nodeCode = new Int32Array(count);
    nodePlayer = new Int32Array(count);
    visits = new Float64Array(count);
    reward = new Float64Array(count);
    avail = new Float64Array(count);
    path = new Int32Array(count + 1);
  }
  let nodes = 0;
  // Where the iteration is in the tree (-1: out, rolling out).
  let pathLen = 0;
  let cur = -1;
  const childFor = new Int32Array(engine.maxOptions + 1);
  const rootOptions = new Int32Array(engine.maxOptions);
  const results = new Float64Array(engine.players);
  const snapshot = engine.newSnapshot();
  let searchRng: Rng | null = null;
  let pairRng: Rng | null = null;
  let priorRng: Rng | null = null;
  /** The default's answer at the root (an option index, n for none), drawn on a copy of the game's stream; -1 while no root is searched. */
  let rootPrior = -1;
  let rootDecision = -1;
  /** The player the search decides for (the root's decider). */
  let rootPlayer = -1;

  function newNode(parent: number, decision: number, code: number, player: number): number {
    const k = nodes++;
    firstChild[k] = -1;
    sibling[k] = parent >= 0 ? firstChild[parent] : -1;
    if (parent >= 0) firstChild[parent] = k;
    nodeDecision[k] = decision;
    nodeCode[k] = code;
    nodePlayer[k] = player;
    visits[k] = 0;
    reward[k] = 0;
    avail[k] = 0;
    return k;
  }

  /** The tree's answer at a decision while the iteration is in the tree (cur ≥ 0); the rollout's after. */
  function treeChoose(rng: Rng, view: View, decision: number, options: Int32Array, n: number, allowNone: boolean): number {
    if (cur < 0) return rollout.choose(rng, view, decision, options, n, allowNone);
    // A decision the search does not answer (searches) is no node either: in the tree as in the game,
    // the searching player's default answers it (another player's, the rollout).
    if (s.searches && !s.searches(decision)) return (engine.decider() === rootPlayer ? prior : rollout).choose(rng, view, decision, options, n, allowNone);
    const m = n + (allowNone ? 1 : 0);
    // A forced answer is no node: the walk goes on at the next decision.
    if (m <= 1) return n === 1 ? 0 : -1;
    const player = engine.decider();
    for (let a = 0; a < m; a++) childFor[a] = -1;
    let legal = 0;
    for (let k = firstChild[cur]; k >= 0; k = sibling[k]) {
      if (nodeDecision[k] !== decision || nodePlayer[k] !== player) continue;
      const code = nodeCode[k];
      let a = -1;
      if (code === NONE_CODE) a = allowNone ? n : -1;
      else for (let i = 0; i < n; i++) if (options[i] === code) (a = i), (i = n);
      if (a < 0) continue;
      childFor[a] = k;
      avail[k]++;
      legal++;
    }
    if (legal < m && legal < Math.ceil(PW_K * Math.pow(visits[cur] + 1, PW_ALPHA)) && nodes < maxNodes) {
      // Expand: the default policy's answer first (at the root, the one it gives on the game's stream); else a uniformly random answer without a child.
      let a = cur === 0 && legal === 0 && rootPrior >= 0 ? rootPrior : prior.choose(rng, view, decision, options, n, allowNone);
      if (a < 0) a = n;
      if (childFor[a] >= 0) {
        let r = randIndex(rng, m - legal);
        for (a = 0; a < m; a++) if (childFor[a] < 0 && r-- === 0) break;
      }
      const k = newNode(cur, decision, a === n ? NONE_CODE : options[a], player);
      avail[k] = 1;
      path[pathLen++] = k;
      cur = -1;
      return a === n ? -1 : a;
    }
    // Select by UCT over the legal children (every child in the tree has been visited: an
    // iteration backs up through the node it created).
    let best = -1;
    let bestScore = -Infinity;
    for (let a = 0; a < m; a++) {
      const k = childFor[a];
      if (k < 0) continue;
      const score = reward[k] / visits[k] + c * Math.sqrt(Math.log(avail[k]) / visits[k]);
      if (score > bestScore) (bestScore = score), (best = a);
    }
    const k = childFor[best];
    path[pathLen++] = k;
    cur = k;
    return best === n ? -1 : best;
  }

  /** One playout of root answer `code` from a re-deal of the snapshot, with the default policy: the observer's result. */
  function playout(rng: Rng, view: View, code: number, n: number, observer: number, stopTurn: number): number {
    engine.restore(snapshot);
    engine.determinize(rng, observer);
    let a = -1;
    if (code !== NONE_CODE) for (let i = 0; i < n; i++) if (rootOptions[i] === code) (a = i), (i = n);
    cur = -1;
    engine.playOn(rng, rollout, rootDecision, a, stopTurn);
    return engine.over() ? engine.result(observer) : engine.value(observer);
  }

  const chooser: Policy<View> = { name: 'search-tree', choose: treeChoose };

  return {
    name: 'search',
    choose(rng, view, decision, options, n, allowNone) {
      const m = n + (allowNone ? 1 : 0);
      if (m <= 1 || !engine.resumable(decision) || (s.searches && !s.searches(decision))) return prior.choose(rng, view, decision, options, n, allowNone);
      const budget = s.perAnswer ? s.iterations * m : s.iterations;
      ensureNodes(budget + 1);
      if (stats) stats.decisions++;
      if (!searchRng || !pairRng || !priorRng) (searchRng = rng.clone()), (pairRng = rng.clone()), (priorRng = rng.clone());
      jumpedStreamInto(rng, searchRng);
      const sr = searchRng;
      const observer = engine.decider();
      rootDecision = decision;
      rootPlayer = observer;
      const stopTurn = s.depth > 0 ? engine.turn() + s.depth : NO_STOP;
      rootOptions.set(options.subarray(0, n));
      engine.save(snapshot);
      // The default's answer as it would give it here, on a copy of the game's stream (a default may
      // draw: the Dual Fates match deploys Companions at random). Played, it moves the game's stream
      // as the default would have; any other answer draws nothing from it.
      copyStreamInto(rng, priorRng);
      rootPrior = prior.choose(priorRng, view, decision, options, n, allowNone);
      if (rootPrior < 0) rootPrior = n;
      engine.restore(snapshot);
      options.set(rootOptions.subarray(0, n));
      nodes = 0;
      newNode(-1, decision, 0, observer);
      // A quarter of the budget (pairs of playouts) confirms the tree's answer against the default's on paired playouts.
      const pairs = budget >= 4 ? Math.floor(budget / 8) : 0;
      const treeIterations = budget - 2 * pairs;
      for (let it = 0; it < treeIterations; it++) {
        if (it > 0) engine.restore(snapshot);
        engine.determinize(sr, observer);
        pathLen = 0;
        path[pathLen++] = 0;
        cur = 0;
        const a = treeChoose(sr, view, decision, rootOptions, n, allowNone);
        engine.playOn(sr, chooser, decision, a, stopTurn);
        const done = engine.over();
        for (let p = 0; p < results.length; p++) results[p] = done ? engine.result(p) : engine.value(p);
        for (let i = 0; i < pathLen; i++) {
          const k = path[i];
          visits[k]++;
          reward[k] += results[nodePlayer[k]];
        }
      }
      // The most visited root answer (ties: the better mean, then the earlier expanded); the default's
      // is the first child expanded (the list's last).
      let best = -1;
      let priorChild = -1;
      for (let k = firstChild[0]; k >= 0; k = sibling[k]) {
        priorChild = k;
        if (best < 0 || visits[k] > visits[best] || (visits[k] === visits[best] && reward[k] / visits[k] >= reward[best] / visits[best])) best = k;
      }
      let played = treeIterations;
      if (best !== priorChild) {
        played += 2 * pairs;
        // Confirmation on fresh playouts (judged on the iterations that picked it, the best of many
        // would look better than it is): pair j plays both answers on one re-deal and one stream.
        let sum = 0;
        let sumSq = 0;
        for (let j = 0; j < pairs; j++) {
          copyStreamInto(sr, pairRng!);
          const a = playout(sr, view, nodeCode[priorChild], n, observer, stopTurn);
          copyStreamInto(pairRng!, sr);
          const d = playout(sr, view, nodeCode[best], n, observer, stopTurn) - a;
          sum += d;
          sumSq += d * d;
        }
        if (!gainsBy(sum, sumSq, pairs, s.margin ?? 2)) best = priorChild;
      }
      engine.restore(snapshot);
      options.set(rootOptions.subarray(0, n));
      if (stats) (stats.iterations += played), (stats.nodes += nodes);
      rootPrior = -1;
      if (best === priorChild) copyStreamInto(priorRng, rng);
      const code = nodeCode[best];
      if (code === NONE_CODE) return -1;
      for (let i = 0; i < n; i++) if (rootOptions[i] === code) return i;
      throw new Error(`search: the chosen answer ${code} is not an option of decision ${decision}`);
    },
  };
}

/**
 * Whether paired differences (their sum, sum of squares and count) show a gain of at least
 * `margin` standard errors of their mean: a positive mean with no spread counts once two or more
 * pairs agree; margin 0 takes any positive mean.
 */
export function gainsBy(sum: number, sumSq: number, count: number, margin: number): boolean {
  if (count === 0 || sum <= 0) return false;
  if (margin === 0) return true;
  if (count < 2) return false;
  const mean = sum / count;
  const variance = Math.max(0, (sumSq - count * mean * mean) / (count - 1));
  return variance === 0 || mean >= margin * Math.sqrt(variance / count);
}
