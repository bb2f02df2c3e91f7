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
  /** A detail (per card, per seat): in JSON, left out of summary tables such as compare's. */
  readonly detail?: boolean;
  /**
   * A count that can be negative, recorded as value + shift (histograms start at 0): every mean,
   * interval and quantile reported of it subtracts the shift (meanSummary, countSummary), so compare,
   * policies, sensitivity and tune say the value itself (a VP margin of −0.3, not 19.7).
   */
  readonly shift?: number;
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
   * Records `count` observations of integer `value` at once (`count` ≥ 0): what `count` calls of
   * record(metric, value) would do. For a player that counts a chunk's observations itself and
   * adds them once at the chunk's end (GamePlayer.playRange).
   */
  recordMany(metric: number, value: number, count: number): void {
    if ((value | 0) === value && value >= 0 && value <= this.maxValues[metric]) {
      this.data[this.offsets[metric] + BINS + value] += count;
      return;
    }
    for (let k = 0; k < count; k++) this.record(metric, value);
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

  /**
   * Rebuilds totals saved by toJSON() — from a checkpoint, a part file, a stored job result — and
   * checks them before they are trusted: every field of the right type, every observation in a bin
   * or the overflow, no metric with more observations than games, sums and squares equal to the
   * histogram's where nothing overflowed (and possible given the overflow where something did), min
   * and max where the bins say. Throws Error naming the metric and the field.
   */
  static fromJSON(layout: Layout, json: unknown): Totals {
    const j = json as { games: unknown; metrics: { name: string; n: number; sum: string; sumSq: string; min: number | null; max: number | null; overflow: number; bins: number[] }[] };
    const t = new Totals(layout);
    if (!j || typeof j !== 'object' || !Array.isArray(j.metrics) || j.metrics.length !== t.metrics.length) throw new Error('saved totals do not match the metrics of this game');
    if (!Number.isSafeInteger(j.games) || (j.games as number) < 0) throw new Error(`saved totals: games must be a whole number, got ${JSON.stringify(j.games)}`);
    t.games = j.games as number;
    j.metrics.forEach((m, i) => {
      const into = t.metrics[i];
      if (!m || typeof m !== 'object' || m.name !== into.spec.name || !Array.isArray(m.bins) || m.bins.length !== into.bins.length) throw new Error(`saved metric ${m?.name} does not match ${into.spec.name}`);
      checkSavedMetric(m, into.spec, t.games);
      into.n = m.n;
      into.sum = BigInt(m.sum);
      into.sumSq = BigInt(m.sumSq);
      into.min = m.min ?? Infinity;
      into.max = m.max ?? -Infinity;
      into.overflow = m.overflow;
      into.bins = m.bins.slice();
    });
    // Every game records its outcome (a metric observed in each game): games no metric saw were
    // never played, as a count raised by hand or a damaged file would claim.
    const most = t.metrics.reduce((a, m) => Math.max(a, m.n), 0);
    if (t.metrics.length > 0 && most !== t.games) throw new Error(`saved totals are inconsistent: ${t.games} games, but the most any metric observed is ${most} (each game records its outcome)`);
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

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** The consistency checks of one saved metric (see Totals.fromJSON); throws Error naming the field. */
function checkSavedMetric(
  m: { name: string; n: number; sum: string; sumSq: string; min: number | null; max: number | null; overflow: number; bins: number[] },
  spec: MetricSpec,
  games: number,
): void {
  const bad = (field: string, why: string) => new Error(`saved metric ${m.name}: ${field} ${why}`);
  // Every observation is in a bin or the overflow: a hand-edited or damaged file breaks that.
  const counts = [m.n, m.overflow, ...m.bins];
  if (!counts.every((c) => Number.isSafeInteger(c) && c >= 0)) throw new Error(`saved metric ${m.name}: counts must be non-negative integers`);
  const held = m.bins.reduce((a, c) => a + c, m.overflow);
  if (held !== m.n) throw new Error(`saved metric ${m.name} is inconsistent: n ${m.n}, but its bins and overflow hold ${held}`);
  // A game records a metric at most once.
  if (m.n > games) throw bad('n', `is ${m.n}, more observations than the ${games} games saved`);
  if (spec.kind === 'rate' && m.overflow > 0) throw bad('overflow', 'is not 0: a rate is 0 or 1');
  if (typeof m.sum !== 'string' || !DECIMAL.test(m.sum)) throw bad('sum', `must be a whole number ≥ 0 written as a decimal string, got ${JSON.stringify(m.sum)}`);
  if (typeof m.sumSq !== 'string' || !DECIMAL.test(m.sumSq)) throw bad('sumSq', `must be a whole number ≥ 0 written as a decimal string, got ${JSON.stringify(m.sumSq)}`);
  let binSum = 0n;
  let binSumSq = 0n;
  let lo = Infinity;
  let hi = -Infinity;
  m.bins.forEach((c, v) => {
    if (c === 0) return;
    binSum += BigInt(v) * BigInt(c);
    binSumSq += BigInt(v) * BigInt(v) * BigInt(c);
    lo = Math.min(lo, v);
    hi = v;
  });
  const sum = BigInt(m.sum);
  const sumSq = BigInt(m.sumSq);
  const overSum = sum - binSum;
  const overSumSq = sumSq - binSumSq;
  const over = BigInt(m.overflow);
  const above = BigInt(spec.maxValue + 1);
  if (m.overflow === 0) {
    if (overSum !== 0n) throw bad('sum', `is ${m.sum}, but its bins sum to ${binSum}`);
    if (overSumSq !== 0n) throw bad('sumSq', `is ${m.sumSq}, but its bins' squares sum to ${binSumSq}`);
  } else {
    // Overflowed values are each above maxValue: their sum and squares have floors (and sumSq ≥ sum²/count).
    if (overSum < over * above) throw bad('sum', `is ${m.sum}: too small for ${m.overflow} value(s) above ${spec.maxValue}`);
    if (overSumSq < overSum * above || overSumSq * over < overSum * overSum) throw bad('sumSq', `is ${m.sumSq}: not possible with sum ${m.sum}`);
  }
  const min = m.min ?? null;
  const max = m.max ?? null;
  if (m.n === 0) {
    if (min !== null || max !== null) throw bad('min/max', 'must be null for a metric with no observations');
    return;
  }
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) throw bad('min/max', `must be whole numbers, got ${JSON.stringify(min)} and ${JSON.stringify(max)}`);
  if (m.overflow === 0 ? min !== lo || max !== hi : (Number.isFinite(lo) ? min !== lo : min! <= spec.maxValue) || max! <= spec.maxValue) {
    throw bad('min/max', `are ${min} and ${max}, which the bins and overflow contradict`);
  }
}
