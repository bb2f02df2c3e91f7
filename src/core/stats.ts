// Small statistics the reports need, written here because simple-statistics has no Wilson
// interval or proportion tests and its probit is a coarse table. Each is tested against
// published values in test/stats.test.ts.
import type { MetricTotals } from './aggregate.js';

// Acklam's coefficients (normalQuantile).
const QA = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const QB = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const QC = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const QD = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

/**
 * Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9,
 * refined by one Halley step to near double precision). p must be in (0, 1).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`);
  const a = QA;
  const b = QB;
  const c = QC;
  const d = QD;
  const plow = 0.02425;
  let x: number;
  if (p < plow) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - plow) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  // One Halley refinement step using the exact CDF.
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** Standard normal CDF, accurate to ~1e-15 through the regularised incomplete gamma. */
export function normalCdf(x: number): number {
  // Phi(x) = 1/2 erfc(-x/sqrt2); erfc via the regularised incomplete gamma: erfc(z) = Q(1/2, z^2) for z >= 0.
  const z = x / Math.SQRT2;
  if (Math.abs(z) < 1e-300) return 0.5;
  const q = regularizedGammaQ(0.5, z * z);
  return z > 0 ? 1 - q / 2 : q / 2;
}

/** The last confidence zFor was asked for and its z (a Dark Fate report asks for one level about a thousand times). */
let zConfidence = NaN;
let zValue = NaN;

/** z such that P(|Z| <= z) = confidence, e.g. 1.959964 for 0.95. */
export function zFor(confidence: number): number {
  if (confidence !== zConfidence) {
    zValue = normalQuantile(0.5 + confidence / 2);
    zConfidence = confidence;
  }
  return zValue;
}

/**
 * The two-sided Student t quantile for `df` degrees of freedom: the t with P(|T| > t) = 1 −
 * confidence (the normal z beyond 1e7 degrees of freedom, where the two agree to ~1e-8). NaN for
 * df < 1. Found by bisection on studentTTwoSided, which falls as t grows; t ≥ z always.
 */
export function tFor(confidence: number, df: number): number {
  const z = zFor(confidence);
  if (!(df >= 1)) return NaN;
  if (df > 1e7) return z;
  const alpha = 1 - confidence;
  let lo = z;
  let hi = 2 * z;
  while (studentTTwoSided(hi, df) > alpha) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTTwoSided(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface Interval {
  lo: number;
  hi: number;
}

/** Wilson score interval for k successes in n trials at the given two-sided confidence. */
export function wilson(k: number, n: number, confidence = 0.95): Interval {
  if (n <= 0) return { lo: 0, hi: 1 };
  const z = zFor(confidence);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 (k = n) the bound is exactly 0 (1); rounding would otherwise leave ~1e-17.
  return { lo: k === 0 ? 0 : Math.max(0, centre - half), hi: k === n ? 1 : Math.min(1, centre + half) };
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9): ~15 significant digits. */
export function logGamma(x: number): number {
  const g = 7;
  const coef = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  x -= 1;
  let a = coef[0];
  const t = x + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += coef[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised lower incomplete gamma P(a, x) (series / continued fraction, Numerical Recipes). */
export function regularizedGammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  if (x < a + 1) return gammaSeries(a, x);
  return 1 - gammaContinuedFraction(a, x);
}

/** Regularised upper incomplete gamma Q(a, x) = 1 - P(a, x), computed without cancellation. */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - gammaSeries(a, x);
  return gammaContinuedFraction(a, x);
}

function gammaSeries(a: number, x: number): number {
  let ap = a;
  let sum = 1 / a;
  let del = sum;
  for (let n = 0; n < 10000; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * 1e-16) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function gammaContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** P(X >= x) for X chi-square with k degrees of freedom. */
export function chiSquareSurvival(x: number, k: number): number {
  return regularizedGammaQ(k / 2, x / 2);
}

export interface ChiSquareResult {
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
}

/**
 * Pearson goodness-of-fit of observed counts against expected probabilities. Cells with expected
 * count below 5 are pooled into their neighbour (left to right) so the chi-square approximation holds.
 * Fewer than 2 cells after pooling leave nothing to test: df 0, statistic and p-value NaN (unknown).
 */
export function chiSquareGoodnessOfFit(observed: readonly number[], probabilities: readonly number[]): ChiSquareResult {
  const n = observed.reduce((s, v) => s + v, 0);
  const pooledObs: number[] = [];
  const pooledExp: number[] = [];
  let o = 0;
  let e = 0;
  for (let i = 0; i < observed.length; i++) {
    o += observed[i];
    e += probabilities[i] * n;
    if (e >= 5) {
      pooledObs.push(o);
      pooledExp.push(e);
      o = 0;
      e = 0;
    }
  }
  if (pooledExp.length > 0) {
    pooledObs[pooledObs.length - 1] += o;
    pooledExp[pooledExp.length - 1] += e;
  }
  if (pooledObs.length < 2) return { statistic: NaN, degreesOfFreedom: 0, pValue: NaN };
  let stat = 0;
  for (let i = 0; i < pooledObs.length; i++) stat += (pooledObs[i] - pooledExp[i]) ** 2 / pooledExp[i];
  const df = pooledObs.length - 1;
  return { statistic: stat, degreesOfFreedom: df, pValue: chiSquareSurvival(stat, df) };
}

export interface MeanSummary {
  n: number;
  mean: number;
  /** Sample standard deviation; NaN below 2 observations. */
  sd: number;
  /** Standard error of the mean; NaN below 2 observations. */
  se: number;
  /** Normal-approximation interval of the mean at the run's confidence; NaN (unknown) below 2 observations. */
  lo: number;
  hi: number;
}

/** Mean, standard deviation, standard error and interval from exact integer moments. */
export function meanSummary(t: MetricTotals, confidence = 0.95): MeanSummary {
  const n = t.n;
  if (n === 0) return { n, mean: NaN, sd: NaN, se: NaN, lo: NaN, hi: NaN };
  // A count recorded shifted (MetricSpec.shift) is reported as itself; its spread is the same. The
  // shift comes off each number last, so the bits are those a report that subtracted it got.
  const shift = t.spec.shift ?? 0;
  const raw = Number(t.sum) / n;
  const mean = raw - shift;
  // One observation says nothing about spread: unknown, never a zero-width certainty.
  if (n < 2) return { n, mean, sd: NaN, se: NaN, lo: NaN, hi: NaN };
  // Exact numerator n*S2 - S1^2 in BigInt, so the variance is the same bits for any merge order.
  const nb = BigInt(n);
  const num = nb * t.sumSq - t.sum * t.sum;
  const variance = Number(num) / (n * (n - 1));
  const sd = Math.sqrt(Math.max(0, variance));
  const se = sd / Math.sqrt(n);
  // Student t with n − 1 degrees of freedom: a z interval covers far less than it says at small n (0.81 at n = 3 for "95%").
  const q = tFor(confidence, n - 1);
  return { n, mean, sd, se, lo: raw - q * se - shift, hi: raw + q * se - shift };
}

/**
 * The q-quantile (0 < q < 1) of an integer metric from its histogram: the smallest v with
 * P(X <= v) >= q. Returns null when it lies in the overflow bin (beyond the histogram).
 */
export function histogramQuantile(t: MetricTotals, q: number): number | null {
  if (t.n === 0) return null;
  const need = q * t.n;
  let acc = 0;
  for (let v = 0; v < t.bins.length; v++) {
    acc += t.bins[v];
    if (acc >= need && acc > 0) return v;
  }
  return null;
}

/** Regularised incomplete beta I_x(a, b) (continued fraction, Numerical Recipes betacf). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(lnFront) * betaContinuedFraction(x, a, b)) / a;
  return 1 - (Math.exp(lnFront) * betaContinuedFraction(1 - x, b, a)) / b;
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 10000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Two-sided p-value of Student's t statistic with df degrees of freedom. */
export function studentTTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? NaN : 0;
  // Beyond ~1e7 degrees of freedom the beta form loses digits; t is normal there to ~1e-8.
  if (df > 1e7) return normalTwoSided(t);
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/** Two-sided p-value of a standard normal statistic. */
export function normalTwoSided(z: number): number {
  if (Number.isNaN(z)) return NaN;
  return 2 * normalCdf(-Math.abs(z));
}

/** Binomial(n, 1/2) two-sided exact p-value for observing k (sign test / exact McNemar). */
export function binomialHalfTwoSided(k: number, n: number): number {
  if (n === 0) return 1;
  const lo = Math.min(k, n - k);
  // P(X <= lo) summed in log space, doubled and capped at 1.
  let tail = 0;
  for (let i = 0; i <= lo; i++) tail += Math.exp(logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

export interface DifferenceEstimate {
  /** A − B. */
  difference: number;
  se: number;
  lo: number;
  hi: number;
  pValue: number;
  test: string;
  /** Observations (pairs, or games per side for unpaired tests). */
  n: number;
}

export const MIN_PAIRS_FOR_T = 30;

/** McNemar's test is exact (binomial) below this many discordant pairs: O(pairs) and cheap; the corrected chi-square above. */
export const MCNEMAR_EXACT_BELOW = 100_000;

/**
 * Paired proportions from the McNemar table: n11 both, n10 A only, n01 B only, n00 neither.
 * Difference pA − pB with Newcombe's square-and-add interval for paired data (Newcombe 1998,
 * method 10: Wilson intervals of the two margins combined with their continuity-corrected
 * correlation φ), which stays sound with few or no discordant pairs, where a Wald interval has
 * zero width or contradicts an exact test. p-value from McNemar's test (exact binomial below
 * MCNEMAR_EXACT_BELOW discordant pairs, continuity-corrected chi-square above).
 */
export function pairedProportionDifference(n11: number, n10: number, n01: number, n00: number, confidence = 0.95): DifferenceEstimate {
  const n = n11 + n10 + n01 + n00;
  const diff = (n10 - n01) / n;
  const s2 = n > 1 ? (n10 + n01 - n * diff * diff) / (n - 1) : 0;
  const se = Math.sqrt(Math.max(0, s2) / n);
  const discordant = n10 + n01;
  let pValue: number;
  let test: string;
  if (discordant < MCNEMAR_EXACT_BELOW) {
    pValue = binomialHalfTwoSided(n10, discordant);
    test = 'McNemar exact';
  } else {
    // Continuity-corrected: without it the chi-square is anti-conservative (33 vs 17: 0.024 against the exact 0.033).
    const gap = Math.max(0, Math.abs(n10 - n01) - 1);
    pValue = chiSquareSurvival((gap * gap) / discordant, 1);
    test = 'McNemar chi-square (continuity-corrected)';
  }
  const a = n11 + n10; // A's successes
  const b = n11 + n01; // B's successes
  const pa = a / n;
  const pb = b / n;
  const ia = wilson(a, n, confidence);
  const ib = wilson(b, n, confidence);
  // φ: the correlation of the two margins, continuity-corrected (0 for small positive association; 0 when a margin is empty).
  let phi = 0;
  const margins = a * (n - a) * b * (n - b);
  if (margins > 0) {
    const cross = n11 * n00 - n10 * n01;
    phi = (cross > n / 2 ? cross - n / 2 : cross < 0 ? cross : 0) / Math.sqrt(margins);
  }
  const dl = pa - ia.lo;
  const du = ia.hi - pa;
  const el = pb - ib.lo;
  const eu = ib.hi - pb;
  const lo = diff - Math.sqrt(Math.max(0, dl * dl - 2 * phi * dl * eu + eu * eu));
  const hi = diff + Math.sqrt(Math.max(0, el * el - 2 * phi * el * du + du * du));
  return { difference: diff, se, lo: Math.max(-1, lo), hi: Math.min(1, hi), pValue, test, n };
}

/**
 * Paired mean difference from exact moments of d = a − b (+ offset): paired t-test. With fewer than
 * MIN_PAIRS_FOR_T pairs, or no spread at all, there is no trustworthy interval: lo, hi and the
 * p-value are NaN (reported as unknown, never as a zero-width certainty).
 */
export function pairedMeanDifference(d: MetricTotals, offset: number, confidence = 0.95): DifferenceEstimate {
  const m = meanSummary(d, confidence);
  const diff = m.mean - offset;
  if (m.n < MIN_PAIRS_FOR_T || !(m.se > 0)) return { difference: diff, se: m.se, lo: NaN, hi: NaN, pValue: NaN, test: 'paired t', n: m.n };
  // The interval from the same t distribution as the p-value: it excludes 0 exactly when p < 1 − confidence.
  const t = tFor(confidence, m.n - 1);
  return { difference: diff, se: m.se, lo: diff - t * m.se, hi: diff + t * m.se, pValue: studentTTwoSided(diff / m.se, m.n - 1), test: 'paired t', n: m.n };
}

/** Unpaired difference of two proportions (k1/n1 − k2/n2), z-test with pooled variance. */
export function twoProportionDifference(k1: number, n1: number, k2: number, n2: number, confidence = 0.95): DifferenceEstimate {
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const diff = p1 - p2;
  const se = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  const pooled = (k1 + k2) / (n1 + n2);
  const seTest = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const z = zFor(confidence);
  const pValue = seTest > 0 ? normalTwoSided(diff / seTest) : diff === 0 ? 1 : 0;
  return { difference: diff, se, lo: diff - z * se, hi: diff + z * se, pValue, test: 'two-proportion z', n: Math.min(n1, n2) };
}

/** Unpaired difference of two means with standard errors se1, se2 (Welch z for large n). */
export function twoMeanDifference(m1: number, se1: number, m2: number, se2: number, confidence = 0.95): DifferenceEstimate {
  const diff = m1 - m2;
  const se = Math.sqrt(se1 * se1 + se2 * se2);
  const z = zFor(confidence);
  const pValue = se > 0 ? normalTwoSided(diff / se) : diff === 0 ? 1 : 0;
  return { difference: diff, se, lo: diff - z * se, hi: diff + z * se, pValue, test: 'two-mean z', n: NaN };
}

/** Holm–Bonferroni adjusted p-values (same order as the input). */
export function holmAdjust(pValues: readonly number[]): number[] {
  const order = pValues.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const out = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p));
    out[i] = running;
  });
  return out;
}

/**
 * Clopper–Pearson ("exact") interval for k successes in n trials: conservative for every p,
 * including rare events (n·p < 1) where Wilson's interval undercovers. Used by tests that check
 * Monte Carlo against exact values over many, possibly tiny, probabilities.
 */
export function clopperPearson(k: number, n: number, confidence = 0.95): Interval {
  const alpha = 1 - confidence;
  // P(X >= k | p) = I_p(k, n - k + 1) grows with p; P(X <= k | p) = 1 - I_p(k + 1, n - k) falls.
  const solve = (f: (p: number) => number, target: number): number => {
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) < target) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const lo = k === 0 ? 0 : solve((p) => regularizedBeta(p, k, n - k + 1), alpha / 2);
  const hi = k === n ? 1 : solve((p) => regularizedBeta(p, k + 1, n - k), 1 - alpha / 2);
  return { lo, hi };
}
