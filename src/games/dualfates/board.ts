// The Vortex as a zone model (scenarios/dualfates/board.yaml): named points — the five Pillars of
// Fate and each side's deployment points — joined by lines, each split into 1-inch steps, so every
// position is a point of a graph whose edges are one inch long and every distance is a whole number
// of inches along the lines. Rulebook: BUILDING THE VORTEX (2 ft x 2 ft), Placing The Pillars of
// Fate, Starting The Game (deployment zones, totems). The geometry's readings are assumptions
// (README "The match"): whole inches, lines only, three deployment points a side.
import * as v from 'valibot';
import { commentLabels } from '../../core/dataLabels.js';
import { applyDataValues, dataValueSpecs, dataValuesOf } from '../../core/dataValues.js';
import { issueText } from '../../core/issues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import { UsageError } from '../../core/usageError.js';
import { PILLARS } from './pillars.js';

const Coord = v.pipe(v.number('expected a number of inches'), v.minValue(0), v.maxValue(1000));
const NodeSchema = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1)),
  kind: v.picklist(['pillar', 'deploy'], 'expected pillar or deploy'),
  pillar: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PILLARS))),
  side: v.optional(v.picklist(['A', 'B'], 'expected A or B')),
  totem: v.optional(v.boolean()),
  x: Coord,
  y: Coord,
});
const BoardSchema = v.strictObject({
  size: v.pipe(v.number(), v.minValue(1), v.maxValue(1000)),
  nodes: v.pipe(v.array(NodeSchema), v.minLength(1)),
  edges: v.array(v.tuple([v.string(), v.string()]), 'expected a list of [from, to] node ids'),
});

export type BoardFile = v.InferOutput<typeof BoardSchema>;

/** The compiled board: plain JSON (sent to worker threads); points are 0..points-1. */
export interface BoardData {
  points: number;
  /** Unit-length edges between points (each line split into whole inches). */
  edges: [number, number][];
  /** Named nodes: their ids and points. */
  nodeIds: string[];
  nodePoint: number[];
  /** pillarPoint[k - 1]: the point of Pillar k (1..5). */
  pillarPoint: number[];
  /** deployPoints[side]: the deployment points of side 0 (A) and 1 (B). */
  deployPoints: [number[], number[]];
  /** totemPoint[side]: where the side's Summoning Totem stands. */
  totemPoint: [number, number];
  /** Length in inches of every line, by node ids: what the README's board section lists. */
  lines: { from: string; to: string; inches: number }[];
  /** Every point's name for traces: a node's id, or "P1>P2 3" (3 inches from P1 toward P2). */
  pointNames: string[];
}

/** Parses and compiles a board file. Throws UsageError naming the file and field. */
export function parseBoard(text: string, file: string): BoardData {
  return validateBoard(parseYamlSafely(text, file), file);
}

/** Where the board's values live among the data values: data.board.size, data.board.nodes.<id>.x, … */
export const BOARD_ROOT = 'data.board';

/**
 * Parses a board file with data values applied (those under data.board, src/core/dataValues.ts;
 * others are left to their own files), then validates and compiles it: a value the board's rules
 * refuse fails with the file's own message, which then names the values given.
 */
export function parseBoardWith(text: string, file: string, values: Readonly<Record<string, ParamValue>>): BoardData {
  const mine = dataValuesOf(values, BOARD_ROOT);
  const given = Object.entries(mine);
  if (given.length === 0) return parseBoard(text, file);
  return validateBoard(applyDataValues(parseYamlSafely(text, file), mine, BOARD_ROOT), `${file} with ${given.map(([k, x]) => `${k}=${String(x)}`).join(', ')}`);
}

/** Every number and true/false of a board file as data.board.<path> specs, labelled by the file's comments (src/core/dataLabels.ts). */
export function boardValueSpecs(text: string, file: string): ParamSpec[] {
  return dataValueSpecs(parseYamlSafely(text, file), file, commentLabels(text, BOARD_ROOT), BOARD_ROOT);
}

/** Validates and compiles a parsed board document. Throws UsageError naming the file and field. */
export function validateBoard(raw: unknown, file: string): BoardData {
  const r = v.safeParse(BoardSchema, raw);
  if (!r.success) {
    const issue = r.issues[0];
    throw new UsageError(`${file}: ${v.getDotPath(issue) ?? '(document)'}: ${issueText(issue)}`);
  }
  return compileBoard(r.output, file);
}

/** How far a Deployment Zone reaches in from its side of the Vortex, in inches (rulebook: Starting The Game). */
export const DEPLOYMENT_DEPTH = 4;

export function compileBoard(b: BoardFile, file: string): BoardData {
  const index = new Map<string, number>();
  b.nodes.forEach((n, i) => {
    if (index.has(n.id)) throw new UsageError(`${file}: nodes.${i}.id: duplicate node "${n.id}"`);
    // rulebook: BUILDING THE VORTEX — the Vortex is `size` inches square (2 ft x 2 ft: 24); nothing stands outside it.
    for (const axis of ['x', 'y'] as const) {
      if (n[axis] > b.size) throw new UsageError(`${file}: nodes.${i}.${axis}: ${n.id} at ${axis} ${n[axis]} lies outside the Vortex (size ${b.size}: 0..${b.size})`);
    }
    // rulebook: Starting The Game — "The Deployment Zones extend 4 inches from the Vortex edge along one
    // full side"; A deploys on the south side (y 0..4), B directly opposite (y size-4..size).
    if (n.kind === 'deploy' && n.side !== undefined) {
      const inZone = n.side === 'A' ? n.y <= DEPLOYMENT_DEPTH : n.y >= b.size - DEPLOYMENT_DEPTH;
      if (!inZone) throw new UsageError(`${file}: nodes.${i}.y: deployment point ${n.id} at y ${n.y} is outside side ${n.side}'s Deployment Zone (y ${n.side === 'A' ? `0..${DEPLOYMENT_DEPTH}` : `${b.size - DEPLOYMENT_DEPTH}..${b.size}`} on a Vortex of size ${b.size})`);
    }
    index.set(n.id, i);
    if (n.kind === 'pillar' && n.pillar === undefined) throw new UsageError(`${file}: nodes.${i}.pillar: a pillar node needs its number (1..${PILLARS})`);
    if (n.kind === 'deploy' && n.side === undefined) throw new UsageError(`${file}: nodes.${i}.side: a deployment point needs its side (A or B)`);
  });
  const pillarPoint = new Array<number>(PILLARS).fill(-1);
  b.nodes.forEach((n, i) => {
    if (n.kind !== 'pillar') return;
    if (pillarPoint[n.pillar! - 1] >= 0) throw new UsageError(`${file}: nodes.${i}.pillar: Pillar ${n.pillar} appears twice`);
    pillarPoint[n.pillar! - 1] = i;
  });
  // rulebook: Placing The Pillars of Fate — "Each Pillar is numbered 1 through 5".
  pillarPoint.forEach((p, k) => {
    if (p < 0) throw new UsageError(`${file}: nodes: Pillar ${k + 1} is missing (the rulebook places 5)`);
  });
  const deployPoints: [number[], number[]] = [[], []];
  const totemPoint: [number, number] = [-1, -1];
  b.nodes.forEach((n, i) => {
    if (n.kind !== 'deploy') return;
    const s = n.side === 'A' ? 0 : 1;
    deployPoints[s].push(i);
    if (n.totem) {
      if (totemPoint[s] >= 0) throw new UsageError(`${file}: nodes.${i}.totem: side ${n.side} has two totems`);
      totemPoint[s] = i;
    }
  });
  for (const s of [0, 1] as const) {
    const name = s === 0 ? 'A' : 'B';
    if (deployPoints[s].length === 0) throw new UsageError(`${file}: nodes: side ${name} has no deployment point`);
    if (totemPoint[s] < 0) throw new UsageError(`${file}: nodes: side ${name} has no totem (mark one deployment point totem: true)`);
  }
  // Nodes are points 0..nodes-1; each line of length L adds L - 1 points between its ends.
  let points = b.nodes.length;
  const edges: [number, number][] = [];
  const lines: BoardData['lines'] = [];
  const seen = new Set<string>();
  const pointNames = b.nodes.map((n) => n.id);
  b.edges.forEach(([from, to], i) => {
    const a = index.get(from);
    const c = index.get(to);
    if (a === undefined) throw new UsageError(`${file}: edges.${i}.0: unknown node "${from}"`);
    if (c === undefined) throw new UsageError(`${file}: edges.${i}.1: unknown node "${to}"`);
    if (a === c) throw new UsageError(`${file}: edges.${i}: a line from "${from}" to itself`);
    const key = a < c ? `${a},${c}` : `${c},${a}`;
    if (seen.has(key)) throw new UsageError(`${file}: edges.${i}: the line ${from}–${to} appears twice`);
    seen.add(key);
    const na = b.nodes[a];
    const nc = b.nodes[c];
    // Assumption (README "The match"): a line is as long as the straight distance, rounded to whole inches (at least 1).
    const inches = Math.max(1, Math.round(Math.hypot(na.x - nc.x, na.y - nc.y)));
    lines.push({ from, to, inches });
    let prev = a;
    for (let step = 1; step < inches; step++) {
      edges.push([prev, points]);
      pointNames.push(`${from}>${to} ${step}`);
      prev = points++;
    }
    edges.push([prev, c]);
  });
  const board: BoardData = { points, edges, nodeIds: b.nodes.map((n) => n.id), nodePoint: b.nodes.map((_, i) => i), pillarPoint, deployPoints, totemPoint, lines, pointNames };
  // Every point must be reachable from every other (one board, no islands).
  const g = boardGraph(board);
  // (Points inside a line always reach its ends, so checking the named nodes is enough.)
  for (let p = 1; p < b.nodes.length; p++) if (g.dist[p] === UNREACHABLE) throw new UsageError(`${file}: edges: node "${b.nodes[p].id}" cannot be reached from "${b.nodes[0].id}" (the lines must join every node)`);
  return board;
}

/** Distances of 255 or more inches are not representable (and no board is that large). */
export const UNREACHABLE = 255;

/** All-pairs distances and next steps, built once per thread. */
export interface BoardGraph {
  points: number;
  /** dist[p * points + q]: inches along the lines from p to q (UNREACHABLE when not joined). */
  dist: Uint8Array;
  /**
   * nextStep[side][p * points + q]: the neighbour of p on a shortest way to q (p itself when p = q)
   * for a unit of `side`. Among equally short ways a unit takes the step nearer its own totem,
   * then the lowest-numbered point: the same rule for both sides, so a board that is a mirror
   * image favours neither (a plain lowest-number rule would send both sides toward the points
   * listed first).
   */
  nextStep: [Int16Array, Int16Array];
}

/** Breadth-first search from every point (edges are one inch): distances and each side's first steps. */
export function boardGraph(b: BoardData): BoardGraph {
  const n = b.points;
  const deg = new Int32Array(n + 1);
  for (const [a, c] of b.edges) {
    deg[a + 1]++;
    deg[c + 1]++;
  }
  for (let i = 0; i < n; i++) deg[i + 1] += deg[i];
  const adj = new Int32Array(deg[n]);
  const fill = deg.slice(0, n);
  for (const [a, c] of b.edges) {
    adj[fill[a]++] = c;
    adj[fill[c]++] = a;
  }
  // Sorted neighbours: the last tie-break is by point number.
  for (let i = 0; i < n; i++) adj.subarray(deg[i], deg[i + 1]).sort();
  const dist = new Uint8Array(n * n).fill(UNREACHABLE);
  const queue = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    const row = s * n;
    dist[row + s] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      const p = queue[head++];
      const d = dist[row + p];
      for (let k = deg[p]; k < deg[p + 1]; k++) {
        const q = adj[k];
        if (dist[row + q] === UNREACHABLE && d + 1 < UNREACHABLE) {
          dist[row + q] = d + 1;
          queue[tail++] = q;
        }
      }
    }
  }
  const steps = (totem: number): Int16Array => {
    const next = new Int16Array(n * n);
    for (let p = 0; p < n; p++)
      for (let q = 0; q < n; q++) {
        if (p === q) {
          next[p * n + q] = p;
          continue;
        }
        let best = p;
        const d = dist[p * n + q];
        for (let k = deg[p]; k < deg[p + 1]; k++) {
          const r = adj[k];
          if (dist[r * n + q] + 1 !== d) continue;
          if (best === p || dist[r * n + totem] < dist[best * n + totem]) best = r;
        }
        next[p * n + q] = best;
      }
    return next;
  };
  return { points: n, dist, nextStep: [steps(b.totemPoint[0]), steps(b.totemPoint[1])] };
}
