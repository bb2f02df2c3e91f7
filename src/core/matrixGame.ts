// Two-player zero-sum matrix games: the value and an optimal mixed strategy of each player, exactly,
// by the simplex method. Used to compute deployment mixes from a payoff matrix of fixed layouts
// (scripts/dualfatesDeployment.mjs), where any fixed rule can be countered.

/** The value of M (rows maximise, columns minimise) and an optimal mix of each: rows x, columns y. */
export interface MatrixGameSolution {
  value: number;
  x: number[];
  y: number[];
}

/**
 * Solves the zero-sum game M (m × n, finite entries): max Σy subject to (M + c)y ≤ 1, y ≥ 0, with
 * c such that every entry of M + c is at least 1, by the tableau simplex method (Dantzig's rule,
 * ties in the ratio test to the lower basis index, at most 100,000 pivots); the columns' strategy is
 * y / Σy, the value 1 / Σy − c, the rows' strategy the dual, read from the slack columns' reduced costs.
 */
export function solveMatrixGame(M: readonly (readonly number[])[]): MatrixGameSolution {
  const m = M.length;
  const n = m > 0 ? M[0].length : 0;
  if (m === 0 || n === 0 || M.some((r) => r.length !== n || r.some((q) => !Number.isFinite(q)))) throw new Error(`solveMatrixGame: expected a non-empty rectangular matrix of finite numbers`);
  let min = Infinity;
  for (const r of M) for (const q of r) min = Math.min(min, q);
  const c = 1 - min;
  const W = n + m + 1;
  const T = Array.from({ length: m + 1 }, () => new Float64Array(W));
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) T[i][j] = M[i][j] + c;
    T[i][n + i] = 1;
    T[i][W - 1] = 1;
  }
  for (let j = 0; j < n; j++) T[m][j] = -1;
  const basis = Array.from({ length: m }, (_, i) => n + i);
  for (let pivots = 0; ; pivots++) {
    if (pivots > 100_000) throw new Error('solveMatrixGame: the simplex method did not finish');
    let e = -1;
    let best = -1e-12;
    for (let j = 0; j < W - 1; j++) {
      if (T[m][j] < best) {
        best = T[m][j];
        e = j;
      }
    }
    if (e < 0) break;
    let l = -1;
    let ratio = Infinity;
    for (let i = 0; i < m; i++) {
      if (T[i][e] <= 1e-12) continue;
      const q = T[i][W - 1] / T[i][e];
      if (q < ratio - 1e-12 || (Math.abs(q - ratio) <= 1e-12 && basis[i] < basis[l])) {
        ratio = q;
        l = i;
      }
    }
    // Every entry of M + c is positive, so the programme is bounded: a pivot row always exists.
    const pivot = T[l][e];
    for (let j = 0; j < W; j++) T[l][j] /= pivot;
    for (let i = 0; i <= m; i++) {
      if (i === l || T[i][e] === 0) continue;
      const f = T[i][e];
      for (let j = 0; j < W; j++) T[i][j] -= f * T[l][j];
    }
    basis[l] = e;
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < m; i++) if (basis[i] < n) y[basis[i]] = T[i][W - 1];
  const x = Array.from({ length: m }, (_, i) => T[m][n + i]);
  const sy = y.reduce((s, q) => s + q, 0);
  const sx = x.reduce((s, q) => s + q, 0);
  return { value: 1 / sy - c, x: x.map((q) => q / sx), y: y.map((q) => q / sy) };
}

/** What mix x of the rows earns against each column, and mix y of the columns against each row. */
export function mixPayoffs(M: readonly (readonly number[])[], x: readonly number[], y: readonly number[]): { rows: number[]; cols: number[] } {
  return { rows: M.map((r) => r.reduce((s, q, j) => s + q * y[j], 0)), cols: M[0].map((_, j) => M.reduce((s, r, i) => s + r[j] * x[i], 0)) };
}
