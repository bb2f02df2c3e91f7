// The sensitivity table (issue 20: "a reader sees how much each moves the survival odds"): the
// run's configuration replayed with one named reading or assumed data value changed at a time,
// every variant on the same games as the baseline (one simulation plays game i of the baseline
// and of each variant from the same stream), so each difference is paired (McNemar, Newcombe's
// interval). `sim terror --sensitivity`.
import type { MetricSpec } from '../../core/aggregate.js';
import type { GameSim } from '../../core/game.js';
import type { Totals } from '../../core/aggregate.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { proportion, type ProportionEstimate } from '../../core/intervals.js';
import { pairedProportionDifference, type DifferenceEstimate } from '../../core/stats.js';
import type { Rng } from '../../core/rng.js';
import { copyStreamState } from './copyStream.js';
import { TIE_RULES, type TerrorData } from './terrorData.js';
import { OUTCOME_WON } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';
import type { TerrorSimParams } from './terrorParams.js';
import { createTerrorGame } from './terrorSim.js';

/** One variant: what changes, where the baseline value comes from, and the changed parameters. */
export interface SensitivityVariant {
  /** e.g. "finalHealth = flipAtZero". */
  readonly change: string;
  /** What the baseline value is: a reading, an assumed data value, the policy. */
  readonly kind: 'reading' | 'assumed data' | 'policy';
  readonly sim: TerrorSimParams;
}

const withData = (p: TerrorSimParams, edit: (d: TerrorData) => void): TerrorSimParams => {
  const data = structuredClone(p.data);
  edit(data);
  return { ...p, data };
};

/**
 * The variants of `base`, each one change away from it: the other value of every named reading
 * (finalHealth, thwartRoll, moveThroughExits, the "kill nearest" tie rule), the assumed data values
 * the win rate leans on (starting health 5 vs 6, the Saved and Limbo icons ±1, every Punishment ±1,
 * the saving reward, the Bloodlust thresholds), and the earlier heuristic policy.
 */
export function sensitivityVariants(base: TerrorSimParams): SensitivityVariant[] {
  const d = base.data;
  const out: SensitivityVariant[] = [
    { change: `finalHealth = ${base.finalHealth === 'lastLife' ? 'flipAtZero' : 'lastLife'}`, kind: 'reading', sim: { ...base, finalHealth: base.finalHealth === 'lastLife' ? 'flipAtZero' : 'lastLife' } },
    { change: `thwartRoll = ${!base.thwartRoll}`, kind: 'reading', sim: { ...base, thwartRoll: !base.thwartRoll } },
    { change: `moveThroughExits = ${!base.moveThroughExits}`, kind: 'reading', sim: { ...base, moveThroughExits: !base.moveThroughExits } },
  ];
  for (let t = 0; t < TIE_RULES.length; t++) {
    if (t !== d.killNearestTie) out.push({ change: `killNearestTie = ${TIE_RULES[t]}`, kind: 'reading', sim: withData(base, (x) => (x.killNearestTie = t)) });
  }
  const hp = d.finalGirl.health === 6 ? 5 : 6;
  out.push({ change: `finalGirl.health = ${hp} (5 or 6: public)`, kind: 'assumed data', sim: withData(base, (x) => (x.finalGirl.health = hp)) });
  for (const delta of [-1, 1]) {
    const saved = Math.max(0, d.fatedDeath.savedHeal + delta);
    if (saved !== d.fatedDeath.savedHeal) out.push({ change: `fatedDeath.savedHeal = ${saved} (Saved icons)`, kind: 'assumed data', sim: withData(base, (x) => (x.fatedDeath.savedHeal = saved)) });
  }
  for (const delta of [-1, 1]) {
    const limbo = Math.max(0, d.fatedDeath.limboDamage + delta);
    if (limbo !== d.fatedDeath.limboDamage) out.push({ change: `fatedDeath.limboDamage = ${limbo} (Limbo icons)`, kind: 'assumed data', sim: withData(base, (x) => (x.fatedDeath.limboDamage = limbo)) });
  }
  for (const delta of [-1, 1]) {
    out.push({ change: `every Punishment ${delta > 0 ? '+1' : '−1'} health`, kind: 'assumed data', sim: withData(base, (x) => (x.punishments = x.punishments.map((v) => Math.max(0, v + delta)))) });
  }
  out.push({ change: 'saving a victim gives nothing (saveRewardHeal = saveRewardHorror = 0)', kind: 'assumed data', sim: withData(base, (x) => ((x.finalGirl.saveRewardHeal = 0), (x.finalGirl.saveRewardHorror = 0))) });
  out.push({ change: 'no Bloodlust threshold effects', kind: 'assumed data', sim: withData(base, (x) => (x.bloodlust.thresholds = [])) });
  if (base.policy !== 'death-order') out.push({ change: 'policy = death-order (the earlier heuristic)', kind: 'policy', sim: { ...base, policy: 'death-order', policyHash: undefined } });
  return out;
}

/** What the paired simulation receives: the baseline and the variants (plain JSON). */
export interface SensitivitySimParams {
  base: TerrorSimParams;
  variants: TerrorSimParams[];
}

/** Metrics: the baseline's win, then per variant its win and the two discordant counts. */
function sensitivityMetrics(p: SensitivitySimParams): MetricSpec[] {
  const m: MetricSpec[] = [{ name: 'baseWin', description: 'win, baseline', kind: 'rate', maxValue: 1 }];
  p.variants.forEach((_, i) => {
    m.push(
      { name: `v${i}Win`, description: `win, variant ${i + 1}`, kind: 'rate', maxValue: 1 },
      { name: `v${i}BaseOnly`, description: `baseline won, variant ${i + 1} lost`, kind: 'rate', maxValue: 1 },
      { name: `v${i}VariantOnly`, description: `variant ${i + 1} won, baseline lost`, kind: 'rate', maxValue: 1 },
    );
  });
  return m;
}

export const sensitivitySim: GameSim<SensitivitySimParams> = {
  metrics: sensitivityMetrics,
  // The baseline and each variant per game: ~30 µs each with a heuristic.
  gamesPerChunk: (p) => Math.max(1, Math.round(600 / (p.variants.length + 1))),
  async createPlayer(p) {
    const base = await createTerrorGame(p.base);
    const variants: TerrorGame[] = [];
    for (const v of p.variants) variants.push(await createTerrorGame(v));
    // Generators made at the first game and re-seeded in place after (no allocation per game).
    let start: Rng | null = null;
    const streams: (Rng | null)[] = variants.map(() => null);
    return {
      play(rng, rec) {
        // Every variant plays game i from the same stream as the baseline: a copy of its start.
        start ??= rng.clone();
        copyStreamState(rng, start);
        base.reset(rng);
        base.play();
        const won = base.outcome === OUTCOME_WON ? 1 : 0;
        rec.record(0, won);
        for (let i = 0; i < variants.length; i++) {
          const g = variants[i];
          const r = (streams[i] ??= start.clone());
          copyStreamState(start, r);
          g.reset(r);
          g.play();
          const w = g.outcome === OUTCOME_WON ? 1 : 0;
          rec.record(1 + 3 * i, w);
          rec.record(2 + 3 * i, won && !w ? 1 : 0);
          rec.record(3 + 3 * i, !won && w ? 1 : 0);
        }
      },
    };
  },
};

export interface SensitivityRow {
  change: string;
  kind: string;
  survival: ProportionEstimate;
  /** Variant − baseline win rate, paired. */
  delta: DifferenceEstimate;
}

export interface SensitivityResult {
  baseline: ProportionEstimate;
  rows: SensitivityRow[];
  /** The largest |Δ| among the rows. */
  largestShift: number;
}

/** The table's numbers from the paired run's totals. */
export function sensitivityResult(totals: Totals, variants: readonly SensitivityVariant[], confidence: number): SensitivityResult {
  const b = totals.get('baseWin');
  const baseWins = b.bins[1];
  const n = b.n;
  const rows = variants.map((v, i) => {
    const wins = totals.get(`v${i}Win`).bins[1];
    const n10 = totals.get(`v${i}BaseOnly`).bins[1];
    const n01 = totals.get(`v${i}VariantOnly`).bins[1];
    const n11 = baseWins - n10;
    // Variant − baseline: the variant is "A" of the paired difference.
    const delta = pairedProportionDifference(n11, n01, n10, n - n11 - n10 - n01, confidence);
    return { change: v.change, kind: v.kind, survival: proportion(wins, n, confidence), delta };
  });
  return { baseline: proportion(baseWins, n, confidence), rows, largestShift: rows.reduce((m, r) => Math.max(m, Math.abs(r.delta.difference)), 0) };
}

export function sensitivityTable(r: SensitivityResult): ResultTable {
  return {
    title: `Sensitivity: the win rate with one reading or assumed value changed (same games, paired; baseline ${(r.baseline.estimate * 100).toFixed(2)}%)`,
    columns: [
      { key: 'change', header: 'change', format: 'text' },
      { key: 'kind', header: 'what', format: 'text' },
      { key: 'win', header: 'win', format: 'prob' },
      { key: 'delta', header: 'Δ win', format: 'pp' },
      { key: 'lo', header: 'lo', format: 'pp' },
      { key: 'hi', header: 'hi', format: 'pp' },
      { key: 'p', header: 'p', format: 'pvalue' },
    ],
    rows: r.rows.map((x) => ({ change: x.change, kind: x.kind, win: x.survival.estimate, delta: x.delta.difference, lo: x.delta.lo, hi: x.delta.hi, p: x.delta.pValue })),
  };
}
