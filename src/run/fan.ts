// One baseline against many variants on common random numbers (`sim sensitivity`): game i of the
// baseline and of every variant is played from the same stream (seed, i), so each variant's
// difference from the baseline is paired, and the baseline is played once per game however many
// variants there are. Per variant it records only the main metric's joint outcome (rates: 2·base +
// variant, the McNemar table; counts: base − variant + offset, and both values) and whether the
// game played differently at all (any metric the two share took another value): a variant that
// never changes a game marks a rule or value the games never reached.
import { Layout, Recorder, type MetricSpec } from '../core/aggregate.js';
import type { GamePlayer, GameSim } from '../core/game.js';
import { sharedMetrics, type SharedMetric } from '../core/pairing.js';
import type { Rng } from '../core/rng.js';
import { copyStreamInto } from '../core/streamCopy.js';
import type { PairedSide } from './paired.js';
import { loadGameSim } from './gameSims.js';

export interface FanParams {
  /** The baseline. */
  base: PairedSide;
  variants: PairedSide[];
  /** The main metric's name: a metric of the baseline and of every variant, of the same kind. */
  metric: string;
}

/** Games per chunk of a simulation that plays `per` games of each side per game (GameSim.gamesPerChunk: about 20 ms on one core): the costliest side's hint, over `per`, at most `cap`. */
export function sidesPerChunk(sides: readonly PairedSide[], per: number, cap: number): number {
  return Math.max(1, Math.floor(Math.min(cap * per, ...sides.map((s) => s.gamesPerChunk ?? cap * per)) / per));
}

/** Where variant v's block starts, after the baseline's own metrics. */
export interface FanBlock {
  /** The main metric as a shared metric of (baseline, variant), its joint block at `joint`. */
  main: SharedMetric;
  /** Index of the "played differently" rate. */
  changed: number;
  /** The metrics both record by name and kind: compared per game for `changed`. */
  shared: SharedMetric[];
}

/** The layout of a fan's totals: the baseline's metrics, then per variant its main block and its changed rate. */
export function fanBlocks(p: FanParams): FanBlock[] {
  let at = p.base.metrics.length;
  return p.variants.map((v, i) => {
    const shared = sharedMetrics({ a: p.base, b: v });
    const main = shared.find((s) => s.name === p.metric);
    if (!main) throw new Error(`variant ${i}: no metric ${p.metric} of the baseline's kind`);
    const block = { main: { ...main, joint: at }, changed: at + (main.kind === 'rate' ? 1 : 3), shared };
    at = block.changed + 1;
    return block;
  });
}

function fanMetrics(p: FanParams): MetricSpec[] {
  const out: MetricSpec[] = [...p.base.metrics];
  fanBlocks(p).forEach((b, i) => {
    const s = b.main;
    if (s.kind === 'rate') out.push({ name: `v${i}.joint`, description: `2·baseline + variant ${i} for ${s.name}`, kind: 'count', maxValue: 3 });
    else {
      out.push(
        { name: `v${i}.diff`, description: `baseline − variant ${i} + ${s.offset} for ${s.name}`, kind: 'count', maxValue: 2 * s.offset },
        { ...p.base.metrics[s.ia], name: `v${i}.base`, description: `the baseline's ${s.name} in games where both recorded it` },
        { ...p.variants[i].metrics[s.ib], name: `v${i}.variant`, description: `variant ${i}'s ${s.name} in games where both recorded it` },
      );
    }
    out.push({ name: `v${i}.changed`, description: `variant ${i} played the game differently (a shared metric took another value)`, kind: 'rate', maxValue: 1 });
  });
  return out;
}

/** Keeps the value each metric got in the current game; a metric may be recorded once per game. */
export class CaptureRecorder extends Recorder {
  readonly values: Float64Array;
  readonly seen: Uint8Array;
  constructor(layout: Layout) {
    super(layout, layout.emptyChunk());
    this.values = new Float64Array(layout.metrics.length);
    this.seen = new Uint8Array(layout.metrics.length);
  }
  override record(metric: number, value: number): void {
    // Pairing needs one value per game and metric; a second would silently replace the first.
    if (this.seen[metric]) throw new Error(`paired runs need each metric recorded at most once per game (metric ${metric} was recorded twice)`);
    this.values[metric] = value;
    this.seen[metric] = 1;
  }
  clear(): void {
    this.seen.fill(0);
  }
}

export const fanSim: GameSim<FanParams> = {
  metrics: fanMetrics,
  // Each game is played 1 + variants times.
  gamesPerChunk: (p) => sidesPerChunk([p.base, ...p.variants], 1 + p.variants.length, Math.max(50, Math.floor(4000 / (1 + p.variants.length)))),
  async createPlayer(p) {
    const sides = [p.base, ...p.variants];
    const players: GamePlayer[] = [];
    for (const s of sides) players.push(await (await loadGameSim(s.simId)).createPlayer(s.params));
    const caps = sides.map((s) => new CaptureRecorder(new Layout(s.metrics)));
    const blocks = fanBlocks(p);
    const nBase = p.base.metrics.length;
    const base = caps[0];
    // Generators made at the first game and re-seeded in place after (no allocation per game).
    let start: Rng | null = null;
    const streams: (Rng | null)[] = blocks.map(() => null);
    return {
      play(rng, rec, index) {
        // Every side plays game `index` from the same stream: a copy of its start, taken before the baseline draws.
        start ??= rng.clone();
        copyStreamInto(rng, start);
        base.clear();
        players[0].play(rng, base, index);
        for (let m = 0; m < nBase; m++) if (base.seen[m]) rec.record(m, base.values[m]);
        for (let v = 0; v < blocks.length; v++) {
          const cap = caps[v + 1];
          cap.clear();
          const stream = (streams[v] ??= start.clone());
          copyStreamInto(start, stream);
          players[v + 1].play(stream, cap, index);
          const { main, changed, shared } = blocks[v];
          if (base.seen[main.ia] && cap.seen[main.ib]) {
            const a = base.values[main.ia];
            const b = cap.values[main.ib];
            if (main.kind === 'rate') rec.record(main.joint, 2 * a + b);
            else {
              rec.record(main.joint, a - b + main.offset);
              rec.record(main.joint + 1, a);
              rec.record(main.joint + 2, b);
            }
          }
          let differs = 0;
          for (let s = 0; s < shared.length && !differs; s++) {
            const sm = shared[s];
            if (base.seen[sm.ia] !== cap.seen[sm.ib] || (base.seen[sm.ia] && base.values[sm.ia] !== cap.values[sm.ib])) differs = 1;
          }
          rec.record(changed, differs);
        }
      },
    };
  },
};
