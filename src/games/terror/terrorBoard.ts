// The Location board as static integer tables, built once per game object: adjacency in CSR form,
// all-pairs path distances, the moving distances under the moveThroughExits reading, exit and
// search flags, the moving distance to the nearest exit.
import type { TerrorData } from './terrorTables.js';

export interface TerrorBoard {
  readonly nSpaces: number;
  /** Neighbours of space s: adj[adjStart[s], adjStart[s + 1]). */
  readonly adjStart: Int32Array;
  readonly adj: Int32Array;
  /** Steps along paths from a to b: pathDist[a * nSpaces + b] (the data loader refuses a board that is not connected). */
  readonly pathDist: Int16Array;
  /**
   * Steps she needs to move from a to b: the path distance, or with moveThroughExits false the
   * shortest path whose inner spaces are not exits (UNREACHABLE when there is none).
   */
  readonly dist: Int16Array;
  readonly exitSpace: Uint8Array;
  readonly searchSpace: Uint8Array;
  /** Moving steps from s to the nearest exit (UNREACHABLE when none is reachable). */
  readonly exitDist: Int16Array;
}

/** A distance for "no way there" (larger than any real one). */
export const UNREACHABLE = 32767;

/**
 * The tables of `location` (paths are undirected; a repeated path counts once; connected, as
 * loaded). `throughExits` (parameter moveThroughExits): may a move pass through an exit space?
 */
export function terrorBoard(location: TerrorData['location'], throughExits = true): TerrorBoard {
  const n = location.spaces.length;
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of location.paths) {
    if (!lists[a].includes(b)) lists[a].push(b);
    if (!lists[b].includes(a)) lists[b].push(a);
  }
  const adjStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) adjStart[i + 1] = adjStart[i] + lists[i].length;
  const adj = Int32Array.from(lists.flat());
  const exitSpace = Uint8Array.from(location.spaces.map((s) => (s.exit ? 1 : 0)));
  const searchSpace = Uint8Array.from(location.spaces.map((s) => (s.search ? 1 : 0)));
  // All-pairs distances by BFS (why: O(1) distance queries in policies and rules).
  const bfs = (passExits: boolean): Int16Array => {
    const dist = new Int16Array(n * n).fill(-1);
    for (let s = 0; s < n; s++) {
      const q = [s];
      dist[s * n + s] = 0;
      for (let h = 0; h < q.length; h++) {
        // assumption (moveThroughExits false): an exit space ends a move; a move may start there
        if (!passExits && q[h] !== s && exitSpace[q[h]]) continue;
        for (const t of lists[q[h]]) {
          if (dist[s * n + t] < 0) {
            dist[s * n + t] = dist[s * n + q[h]] + 1;
            q.push(t);
          }
        }
      }
    }
    for (let i = 0; i < dist.length; i++) if (dist[i] < 0) dist[i] = UNREACHABLE;
    return dist;
  };
  const pathDist = bfs(true);
  const dist = throughExits ? pathDist : bfs(false);
  const exitDist = new Int16Array(n);
  for (let s = 0; s < n; s++) {
    let best = UNREACHABLE;
    for (let t = 0; t < n; t++) if (exitSpace[t] && dist[s * n + t] < best) best = dist[s * n + t];
    exitDist[s] = best;
  }
  return { nSpaces: n, adjStart, adj, pathDist, dist, exitSpace, searchSpace, exitDist };
}
