// Paired simulation with common random numbers: game i of variant A and game i of variant B
// both use stream (seed, i), so shared randomness cancels out of the difference. One paired
// game records A's metrics, B's metrics, and for every metric the two share, the joint outcome
// (rates: 2a + b in 0..3, the McNemar table) or, for counts, the shifted difference a − b + offset
// plus A's and B's values in the same games (a metric recorded only in some games — "turns when
// won" — is compared over the games where both sides recorded it).
import { Layout, Totals, type MetricSpec } from '../core/aggregate.js';
import { sharedMetrics } from '../core/pairing.js';
import type { GamePlayer, GameSim } from '../core/game.js';
import type { AnySim } from '../core/gameModule.js';
import { loadGameSim } from './gameSims.js';
import { CaptureRecorder, sidesPerChunk } from './fan.js';

export interface PairedSide {
  simId: string;
  params: unknown;
  /** The side's metrics (computed by the caller: GameSim.metrics is synchronous). */
  metrics: MetricSpec[];
  /** The side's own GameSim.gamesPerChunk (given by the caller, which has the sim loaded): sizes the chunks of a pairing of costly games. */
  gamesPerChunk?: number;
}

/** One side of a paired or fanned run, from its own simulation (loaded by the caller): its metrics and chunk hint. */
export function pairedSide(sim: AnySim, simId: string, params: unknown): PairedSide {
  return { simId, params, metrics: sim.metrics(params), gamesPerChunk: sim.gamesPerChunk(params) };
}

export interface PairedParams {
  a: PairedSide;
  b: PairedSide;
  /**
   * B's outcome in every game of a shared rate metric (the ladder's paired test between rungs):
   * the index of each game in [0, games) that B won is recorded in \`wonB.<name>\`, one bin a game.
   */
  perGame?: { metric: string; games: number };
}

/** Where B's per-game outcomes lie in a paired run's totals (the last metric), or null. */
export function perGameIndex(p: PairedParams): number | null {
  return p.perGame ? pairedMetrics(p).length - 1 : null;
}

/** The largest run whose per-game outcomes a paired run keeps (a bin a game, in every chunk's buffer). */
export const PER_GAME_MAX = 100_000;

function pairedMetrics(p: PairedParams): MetricSpec[] {
  const joint = sharedMetrics(p).flatMap((s): MetricSpec[] => {
    if (s.kind === 'rate') return [{ name: `joint.${s.name}`, description: `2·A + B for ${s.name}`, kind: 'count', maxValue: 3 }];
    const ma = p.a.metrics[s.ia];
    const mb = p.b.metrics[s.ib];
    return [
      { name: `diff.${s.name}`, description: `A − B + ${s.offset} for ${s.name}`, kind: 'count', maxValue: 2 * s.offset },
      { ...ma, name: `jointA.${s.name}`, description: `A's ${s.name} in games where both recorded it` },
      { ...mb, name: `jointB.${s.name}`, description: `B's ${s.name} in games where both recorded it` },
    ];
  });
  const g = p.perGame;
  if (g && !(Number.isInteger(g.games) && g.games >= 1 && g.games <= PER_GAME_MAX && sharedMetrics(p).some((s) => s.kind === 'rate' && s.name === g.metric))) {
    throw new Error(`paired run: per-game outcomes need a shared rate metric and 1 to ${PER_GAME_MAX} games (got ${g.metric}, ${g.games})`);
  }
  return [
    ...p.a.metrics.map((m) => ({ ...m, name: `a.${m.name}` })),
    ...p.b.metrics.map((m) => ({ ...m, name: `b.${m.name}` })),
    ...joint,
    ...(g ? [{ name: `wonB.${g.metric}`, description: `the index of each game B won (${g.metric})`, kind: 'count' as const, maxValue: Math.max(1, g.games - 1), detail: true }] : []),
  ];
}

/** B's outcome of game i (1 won, 0 not) from a paired run's totals, checked: every game once at most, none outside [0, games). */
export function perGameOutcomes(p: PairedParams, totals: Totals): Uint8Array | null {
  const at = perGameIndex(p);
  if (at === null) return null;
  const m = totals.metrics[at];
  const games = p.perGame!.games;
  if (m.overflow !== 0 || m.bins.length < games || m.bins.some((c, i) => c > (i < games ? 1 : 0))) throw new Error(`paired run: the per-game outcomes of ${p.perGame!.metric} are inconsistent (a game counted twice or outside 0..${games - 1})`);
  return Uint8Array.from(m.bins.slice(0, games));
}

export const pairedSim: GameSim<PairedParams> = {
  metrics: pairedMetrics,
  // A search policy plays about one game in 20 ms: a fixed 2,000 made a 400-game ladder rung one chunk (one thread, deaf to Ctrl-C).
  gamesPerChunk: (p) => sidesPerChunk([p.a, p.b], 2, 2000),
  async createPlayer(p) {
    const [simA, simB] = await Promise.all([loadGameSim(p.a.simId), loadGameSim(p.b.simId)]);
    const playerA: GamePlayer = await simA.createPlayer(p.a.params);
    const playerB: GamePlayer = await simB.createPlayer(p.b.params);
    const capA = new CaptureRecorder(new Layout(p.a.metrics));
    const capB = new CaptureRecorder(new Layout(p.b.metrics));
    const nA = p.a.metrics.length;
    const nB = p.b.metrics.length;
    const shared = sharedMetrics(p);
    const wonAt = perGameIndex(p);
    const wonIb = p.perGame ? p.b.metrics.findIndex((m) => m.name === p.perGame!.metric && m.kind === 'rate') : -1;
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
          const j = nA + nB + sm.joint;
          if (sm.kind === 'rate') rec.record(j, 2 * a + b);
          else {
            rec.record(j, a - b + sm.offset);
            rec.record(j + 1, a);
            rec.record(j + 2, b);
          }
        }
        if (wonAt !== null && capB.seen[wonIb] && capB.values[wonIb] === 1) rec.record(wonAt, index);
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
