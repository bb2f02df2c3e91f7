// Paired simulation with common random numbers: game i of variant A and game i of variant B
// both use stream (seed, i), so shared randomness cancels out of the difference. One paired
// game records A's metrics, B's metrics, and for every metric the two share, the joint outcome
// (rates: 2a + b in 0..3, the McNemar table) or the shifted difference (counts: a - b + offset).
import { Layout, Recorder, Totals, type MetricSpec } from '../core/aggregate.js';
import type { GamePlayer, GameSim } from '../core/game.js';
import { loadSim } from './registry.js';

export interface PairedSide {
  simId: string;
  params: unknown;
  /** The side's metrics (computed by the caller: GameSim.metrics is synchronous). */
  metrics: MetricSpec[];
}

export interface PairedParams {
  a: PairedSide;
  b: PairedSide;
}

export interface SharedMetric {
  name: string;
  kind: 'rate' | 'count';
  /** Index of the metric in A's and B's own lists. */
  ia: number;
  ib: number;
  /** For counts: difference a - b is recorded as a - b + offset. */
  offset: number;
}

/** Metrics present in both sides with the same name and kind. */
export function sharedMetrics(p: PairedParams): SharedMetric[] {
  const out: SharedMetric[] = [];
  p.a.metrics.forEach((ma, ia) => {
    const ib = p.b.metrics.findIndex((mb) => mb.name === ma.name && mb.kind === ma.kind);
    if (ib >= 0) out.push({ name: ma.name, kind: ma.kind, ia, ib, offset: Math.max(ma.maxValue, p.b.metrics[ib].maxValue) });
  });
  return out;
}

function pairedMetrics(p: PairedParams): MetricSpec[] {
  const joint = sharedMetrics(p).map(
    (s): MetricSpec =>
      s.kind === 'rate'
        ? { name: `joint.${s.name}`, description: `2·A + B for ${s.name}`, kind: 'count', maxValue: 3 }
        : { name: `diff.${s.name}`, description: `A − B + ${s.offset} for ${s.name}`, kind: 'count', maxValue: 2 * s.offset },
  );
  return [
    ...p.a.metrics.map((m) => ({ ...m, name: `a.${m.name}` })),
    ...p.b.metrics.map((m) => ({ ...m, name: `b.${m.name}` })),
    ...joint,
  ];
}

/** Keeps the last value each metric got in the current game. */
class CaptureRecorder extends Recorder {
  readonly values: Float64Array;
  readonly seen: Uint8Array;
  constructor(layout: Layout) {
    super(layout, layout.emptyChunk());
    this.values = new Float64Array(layout.metrics.length);
    this.seen = new Uint8Array(layout.metrics.length);
  }
  override record(metric: number, value: number): void {
    this.values[metric] = value;
    this.seen[metric] = 1;
  }
  clear(): void {
    this.seen.fill(0);
  }
}

export const pairedSim: GameSim<PairedParams> = {
  id: 'paired',
  metrics: pairedMetrics,
  gamesPerChunk: () => 2000,
  async createPlayer(p) {
    const [simA, simB] = await Promise.all([loadSim(p.a.simId), loadSim(p.b.simId)]);
    const playerA: GamePlayer = await simA.createPlayer(p.a.params);
    const playerB: GamePlayer = await simB.createPlayer(p.b.params);
    const capA = new CaptureRecorder(new Layout(p.a.metrics));
    const capB = new CaptureRecorder(new Layout(p.b.metrics));
    const nA = p.a.metrics.length;
    const nB = p.b.metrics.length;
    const shared = sharedMetrics(p);
    return {
      play(rng, rec, index) {
        // Both sides play game `index` from the same stream: B gets a clone taken before A draws.
        capA.clear();
        capB.clear();
        const twin = rng.clone();
        playerA.play(rng, capA, index);
        playerB.play(twin, capB, index);
        for (let m = 0; m < nA; m++) if (capA.seen[m]) rec.record(m, capA.values[m]);
        for (let m = 0; m < nB; m++) if (capB.seen[m]) rec.record(nA + m, capB.values[m]);
        for (let s = 0; s < shared.length; s++) {
          const sm = shared[s];
          if (!capA.seen[sm.ia] || !capB.seen[sm.ib]) continue;
          const a = capA.values[sm.ia];
          const b = capB.values[sm.ib];
          rec.record(nA + nB + s, sm.kind === 'rate' ? 2 * a + b : a - b + sm.offset);
        }
      },
    };
  },
};

/** Splits paired totals into A's and B's own totals (their layouts as given). */
export function splitPairedTotals(p: PairedParams, totals: Totals): { a: Totals; b: Totals } {
  const a = new Totals(new Layout(p.a.metrics));
  const b = new Totals(new Layout(p.b.metrics));
  a.games = totals.games;
  b.games = totals.games;
  p.a.metrics.forEach((_, i) => Object.assign(a.metrics[i], { ...totals.metrics[i], spec: a.metrics[i].spec, bins: totals.metrics[i].bins.slice() }));
  const nA = p.a.metrics.length;
  p.b.metrics.forEach((_, i) => Object.assign(b.metrics[i], { ...totals.metrics[nA + i], spec: b.metrics[i].spec, bins: totals.metrics[nA + i].bins.slice() }));
  return { a, b };
}
