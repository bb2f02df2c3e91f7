// Mergeable aggregates. A chunk of games writes integer observations into one Float64Array;
// the main thread adds chunks together with exact integer arithmetic (BigInt for the moments),
// so the merged numbers are bit-identical whatever the chunk size or worker count.
// Why not Welford: merging Welford states rounds differently for different chunkings, which
// would break the "same seed, any -j, any chunk size → same bits" contract.

/** One quantity recorded by a game. Values are integers in [0, 2^20]. */
export interface MetricSpec {
  /** Stable identifier used in reports (camelCase). */
  readonly name: string;
  /** One line for humans. */
  readonly description: string;
  /** 'rate': one 0/1 observation per game, reported as a proportion. 'count': integer values, reported as mean and quantiles. */
  readonly kind: 'rate' | 'count';
  /** Histogram bins cover the integers [0, maxValue]; larger values fall in an overflow bin. Rates use 1. */
  readonly maxValue: number;
}

// Field offsets inside one metric's block.
const N = 0;
const SUM = 1;
const SUMSQ = 2;
const MIN = 3;
const MAX = 4;
const OVER = 5;
const BINS = 6;

/** Where each metric lives in a chunk's Float64Array. */
export class Layout {
  readonly offsets: Int32Array;
  readonly maxValues: Int32Array;
  readonly size: number;
  constructor(readonly metrics: readonly MetricSpec[]) {
    this.offsets = new Int32Array(metrics.length);
    this.maxValues = new Int32Array(metrics.length);
    let at = 0;
    metrics.forEach((m, i) => {
      if (!Number.isInteger(m.maxValue) || m.maxValue < 1 || m.maxValue > 1 << 20) {
        throw new Error(`metric ${m.name}: maxValue must be an integer in [1, 2^20]`);
      }
      this.offsets[i] = at;
      this.maxValues[i] = m.maxValue;
      at += BINS + m.maxValue + 1;
    });
    this.size = at;
  }

  /** A fresh, empty chunk buffer. */
  emptyChunk(): Float64Array {
    const data = new Float64Array(this.size);
    this.resetChunk(data);
    return data;
  }

  /** Empties `data` in place. */
  resetChunk(data: Float64Array): void {
    data.fill(0);
    for (let i = 0; i < this.offsets.length; i++) {
      data[this.offsets[i] + MIN] = Infinity;
      data[this.offsets[i] + MAX] = -Infinity;
    }
  }

  indexOf(name: string): number {
    const i = this.metrics.findIndex((m) => m.name === name);
    if (i < 0) throw new Error(`unknown metric ${name}`);
    return i;
  }
}

/**
 * Writes observations of one chunk into its buffer. Hot path: an in-range value is one histogram
 * increment; count, sums, min and max are derived from the histogram by finish() (exact: integer
 * bins times integer values). Values outside [0, maxValue] go to the overflow fields directly.
 */
export class Recorder {
  data: Float64Array;
  private readonly offsets: Int32Array;
  private readonly maxValues: Int32Array;
  constructor(layout: Layout, data: Float64Array) {
    this.data = data;
    this.offsets = layout.offsets;
    this.maxValues = layout.maxValues;
  }

  /** Records integer `value` ≥ 0 for metric index `metric` (anything else is a game's bug: it throws). */
  record(metric: number, value: number): void {
    const d = this.data;
    const o = this.offsets[metric];
    // (value | 0) === value: a 32-bit integer, one cheap test (a fraction would index nothing and be lost).
    if ((value | 0) === value && value >= 0 && value <= this.maxValues[metric]) {
      d[o + BINS + value] += 1;
      return;
    }
    // Overflow holds integers above the histogram; a fraction or a negative count has no place.
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`metric ${metric}: recorded ${value}; metrics are whole numbers ≥ 0`);
    d[o + OVER] += 1;
    d[o + SUM] += value;
    d[o + SUMSQ] += value * value;
    if (value < d[o + MIN]) d[o + MIN] = value;
    if (value > d[o + MAX]) d[o + MAX] = value;
  }

  /**
   * Completes the buffer after the chunk's last record: adds the histogram's count, sums, min and
   * max to the overflow ones. Call exactly once; playChunk does.
   */
  finish(): void {
    const d = this.data;
    for (let m = 0; m < this.offsets.length; m++) {
      const o = this.offsets[m];
      let n = d[o + OVER];
      let sum = d[o + SUM];
      let sumSq = d[o + SUMSQ];
      let min = d[o + MIN];
      let max = d[o + MAX];
      for (let v = 0; v <= this.maxValues[m]; v++) {
        const c = d[o + BINS + v];
        if (c === 0) continue;
        n += c;
        sum += v * c;
        sumSq += v * v * c;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      // Chunk sums are exact only below 2^53; say so rather than merge rounded numbers.
      if (sumSq > Number.MAX_SAFE_INTEGER || sum > Number.MAX_SAFE_INTEGER || sum < -Number.MAX_SAFE_INTEGER) {
        throw new Error(`metric ${m}: chunk sums exceed 2^53 (values too large for exact aggregation); use a smaller --chunk-size`);
      }
      d[o + N] = n;
      d[o + SUM] = sum;
      d[o + SUMSQ] = sumSq;
      d[o + MIN] = min;
      d[o + MAX] = max;
    }
  }
}

/** Exact summary of one metric over all merged chunks. */
export interface MetricTotals {
  readonly spec: MetricSpec;
  /** Number of observations. */
  n: number;
  sum: bigint;
  sumSq: bigint;
  min: number;
  max: number;
  /** Observations above spec.maxValue. */
  overflow: number;
  /** bins[v] = observations equal to v, v in [0, maxValue]. */
  bins: number[];
}

/** The merged aggregate of a run: exact integer totals per metric. */
export class Totals {
  readonly metrics: MetricTotals[];
  /** Games merged so far. */
  games = 0;
  constructor(readonly layout: Layout) {
    this.metrics = layout.metrics.map((spec) => ({
      spec,
      n: 0,
      sum: 0n,
      sumSq: 0n,
      min: Infinity,
      max: -Infinity,
      overflow: 0,
      bins: new Array<number>(spec.maxValue + 1).fill(0),
    }));
  }

  /** Adds one chunk of `games` games. Exact: chunk sums are integers below 2^53. */
  addChunk(data: Float64Array, games: number): void {
    if (data.length !== this.layout.size) throw new Error('chunk does not match the metric layout');
    this.games += games;
    this.metrics.forEach((m, i) => {
      const o = this.layout.offsets[i];
      m.n += data[o + N];
      m.sum += BigInt(data[o + SUM]);
      m.sumSq += BigInt(data[o + SUMSQ]);
      if (data[o + MIN] < m.min) m.min = data[o + MIN];
      if (data[o + MAX] > m.max) m.max = data[o + MAX];
      m.overflow += data[o + OVER];
      for (let v = 0; v < m.bins.length; v++) m.bins[v] += data[o + BINS + v];
    });
  }

  /** Adds another Totals of the same layout (e.g. a shard). */
  addTotals(other: Totals): void {
    this.games += other.games;
    this.metrics.forEach((m, i) => {
      const t = other.metrics[i];
      m.n += t.n;
      m.sum += t.sum;
      m.sumSq += t.sumSq;
      m.min = Math.min(m.min, t.min);
      m.max = Math.max(m.max, t.max);
      m.overflow += t.overflow;
      for (let v = 0; v < m.bins.length; v++) m.bins[v] += t.bins[v];
    });
  }

  get(name: string): MetricTotals {
    return this.metrics[this.layout.indexOf(name)];
  }

  /** Rebuilds totals saved by toJSON(); throws if the metrics do not match the layout. */
  static fromJSON(layout: Layout, json: unknown): Totals {
    const j = json as { games: number; metrics: { name: string; n: number; sum: string; sumSq: string; min: number | null; max: number | null; overflow: number; bins: number[] }[] };
    const t = new Totals(layout);
    if (!j || !Array.isArray(j.metrics) || j.metrics.length !== t.metrics.length) throw new Error('saved totals do not match the metrics of this game');
    t.games = j.games;
    j.metrics.forEach((m, i) => {
      const into = t.metrics[i];
      if (m.name !== into.spec.name || m.bins.length !== into.bins.length) throw new Error(`saved metric ${m.name} does not match ${into.spec.name}`);
      // Every observation is in a bin or the overflow: a hand-edited or damaged file breaks that.
      const counts = [m.n, m.overflow, ...m.bins];
      if (!counts.every((c) => Number.isSafeInteger(c) && c >= 0)) throw new Error(`saved metric ${m.name}: counts must be non-negative integers`);
      const held = m.bins.reduce((a, c) => a + c, m.overflow);
      if (held !== m.n) throw new Error(`saved metric ${m.name} is inconsistent: n ${m.n}, but its bins and overflow hold ${held}`);
      into.n = m.n;
      into.sum = BigInt(m.sum);
      into.sumSq = BigInt(m.sumSq);
      into.min = m.min ?? Infinity;
      into.max = m.max ?? -Infinity;
      into.overflow = m.overflow;
      into.bins = m.bins.slice();
    });
    return t;
  }

  /** Plain-JSON form (BigInt as decimal strings) for partial results and checkpoints. */
  toJSON(): unknown {
    return {
      games: this.games,
      metrics: this.metrics.map((m) => ({
        name: m.spec.name,
        n: m.n,
        sum: m.sum.toString(),
        sumSq: m.sumSq.toString(),
        min: Number.isFinite(m.min) ? m.min : null,
        max: Number.isFinite(m.max) ? m.max : null,
        overflow: m.overflow,
        bins: m.bins,
      })),
    };
  }
}
