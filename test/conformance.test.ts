// The shared conformance suite (OpenSpiel's games_sim_test habit): every game in the registry —
// and so every game added later — is held to the same contract, with no per-game code here:
//   - every mode has a conformance run; its parameters resolve against the mode's specs;
//   - an exact method never simulates (and reports no seed);
//   - the same seed gives identical totals for -j 1, -j 2 and other chunk sizes;
//   - every metric value a game records is an integer within its declared range;
//   - exact values carried beside Monte Carlo intervals agree with them (Bonferroni over a run's rows);
//   - the game's own invariants (card conservation, …) hold at every step of seeded rollouts.
import { describe, expect, it } from 'vitest';
import { Layout, Recorder, type MetricSpec } from '../src/core/aggregate.js';
import type { ConformanceRun, GameModule } from '../src/core/gameModule.js';
import { modeId } from '../src/core/gameModule.js';
import { resolveParams } from '../src/core/params.js';
import type { Report } from '../src/core/reportTypes.js';
import { StreamSeeder, streamFor } from '../src/core/rng.js';
import { zFor } from '../src/core/stats.js';
import { gameIds, loadGame, loadGameSimOnly, registrySimNames } from '../src/games/index.js';
import { simIdOf } from '../src/run/gameSims.js';
import { runSimulation, type RunResult } from '../src/run/runner.js';

/** Games left out of the suite. It should remain empty: a game that cannot pass is not done. */
const EXCLUDED: readonly string[] = [];

const SEED = 20261201;
const CONFIDENCE = 0.95;

interface Call {
  name: string;
  simParams: unknown;
}

const plays = new Map<string, Promise<{ report: Report; calls: Call[]; results: RunResult[] }>>();

/** Runs one conformance run of a mode: its report and the simulations it asked for (each distinct run once per file). */
function play(game: GameModule, run: ConformanceRun, options: { jobs?: number; chunkSize?: number } = {}): Promise<{ report: Report; calls: Call[]; results: RunResult[] }> {
  const key = JSON.stringify([game.id, run, options]);
  if (!plays.has(key)) plays.set(key, playOnce(game, run, options));
  return plays.get(key)!;
}

async function playOnce(game: GameModule, run: ConformanceRun, options: { jobs?: number; chunkSize?: number } = {}): Promise<{ report: Report; calls: Call[]; results: RunResult[] }> {
  const mode = game.modes.find((m) => m.name === run.mode)!;
  const params = resolveParams(mode.params, run.params, (k) => `conformance run ${k}`);
  const calls: Call[] = [];
  const results: RunResult[] = [];
  const report = await mode.run(params, {
    n: run.n,
    seed: SEED,
    confidence: CONFIDENCE,
    async simulate(name, simParams) {
      calls.push({ name, simParams });
      const r = await runSimulation({ simId: simIdOf(game.id, name), params: simParams, n: run.n, seed: SEED, jobs: options.jobs ?? 1, chunkSize: options.chunkSize });
      results.push(r);
      return r;
    },
  });
  return { report, calls, results };
}

/** A recorder that refuses a value that is not an integer in [0, maxValue] or a second value of a metric in one game. */
class CheckingRecorder extends Recorder {
  private readonly seen: Uint8Array;
  constructor(
    layout: Layout,
    private readonly specs: readonly MetricSpec[],
    private readonly where: () => string,
  ) {
    super(layout, layout.emptyChunk());
    this.seen = new Uint8Array(specs.length);
  }
  startGame(): void {
    this.seen.fill(0);
  }
  override record(metric: number, value: number): void {
    const spec = this.specs[metric];
    if (!spec) throw new Error(`${this.where()}: metric index ${metric} is not declared`);
    if (!Number.isInteger(value) || value < 0 || value > spec.maxValue) throw new Error(`${this.where()}: metric ${spec.name} recorded ${value}, declared range 0..${spec.maxValue}`);
    if (spec.kind === 'rate' && value > 1) throw new Error(`${this.where()}: rate ${spec.name} recorded ${value}`);
    if (this.seen[metric]) throw new Error(`${this.where()}: metric ${spec.name} recorded twice in one game`);
    this.seen[metric] = 1;
    super.record(metric, value);
  }
}

/** Every {exact, lo, hi} row in a result tree (Monte Carlo beside exact). */
function exactRows(value: unknown, out: { path: string; exact: number; lo: number; hi: number }[] = [], path = ''): { path: string; exact: number; lo: number; hi: number }[] {
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.exact === 'number' && typeof o.lo === 'number' && typeof o.hi === 'number' && Number.isFinite(o.lo) && Number.isFinite(o.hi)) out.push({ path, exact: o.exact, lo: o.lo, hi: o.hi });
    for (const [k, v] of Object.entries(o)) exactRows(v, out, `${path}.${k}`);
  }
  return out;
}

/**
 * How far an exact value may sit from the centre of its 95% interval, in interval half-widths,
 * before it is a disagreement: a Bonferroni bound over the report's `m` rows at a family-wise error of
 * 1e-4. Rows of one run are correlated (one sample drives them all), so a count of rows outside their
 * intervals has no binomial law; a per-row bound corrected for `m` holds whatever the correlation.
 */
function allowedHalfWidths(m: number): number {
  return zFor(1 - 1e-4 / m) / zFor(CONFIDENCE);
}

const ids = gameIds({ hidden: true });

describe('conformance suite', () => {
  it('covers every registered game (the exclusion list is empty)', () => {
    expect(EXCLUDED).toEqual([]);
    expect(ids.length).toBeGreaterThanOrEqual(6);
  });

  for (const id of ids.filter((g) => !EXCLUDED.includes(g))) {
    describe(id, () => {
      it('every mode has a conformance run, and every run names a mode and resolves', async () => {
        const game = await loadGame(id);
        expect(game.id).toBe(id);
        for (const mode of game.modes) expect(game.conformance.runs.some((r) => r.mode === mode.name), `mode "${modeId(game, mode)}" has no conformance run`).toBe(true);
        for (const run of game.conformance.runs) {
          const mode = game.modes.find((m) => m.name === run.mode);
          expect(mode, `conformance run names mode "${run.mode}"`).toBeDefined();
          expect(() => resolveParams(mode!.params, run.params, (k) => k)).not.toThrow();
        }
        // Every simulation a mode may ask for is one of the module's.
        for (const [name, sim] of Object.entries(game.sims)) expect(typeof sim.createPlayer, name).toBe('function');
        // The registry loads each simulation alone (worker threads): the same names and the very same objects.
        expect(registrySimNames(id).sort()).toEqual(Object.keys(game.sims).sort());
        for (const [name, sim] of Object.entries(game.sims)) expect(await loadGameSimOnly(id, name), name).toBe(sim);
      });

      it('a mode with decisions (a policy parameter) states its policy gap: measured, or not measured', async () => {
        const game = await loadGame(id);
        for (const run of game.conformance.runs) {
          const mode = game.modes.find((m) => m.name === run.mode)!;
          if (!mode.params.some((p) => /^polic/i.test(p.key)) || (typeof run.params.trace === 'number' && run.params.trace >= 0)) continue;
          const { report } = await play(game, run);
          const lines = [...report.notes, ...report.assumptions];
          expect(lines.some((l) => /\bgap\b|the search policy wins|(more|less) than the default/i.test(l)), `${modeId(game, mode)} ${JSON.stringify(run.params)}: no line about the policy gap`).toBe(true);
        }
      });

      it('an exact method never simulates and reports no seed', async () => {
        const game = await loadGame(id);
        for (const mode of game.modes) {
          const method = mode.params.find((p) => p.key === 'method');
          if (!method?.choices?.includes('exact')) continue;
          const params = resolveParams(mode.params, { method: 'exact' }, (k) => k);
          const report = await mode.run(params, { n: 10, seed: 1, confidence: CONFIDENCE, simulate: () => Promise.reject(new Error(`${modeId(game, mode)}: method exact simulated`)) });
          expect(report.method).toBe('exact');
          expect(report.seed).toBeNull();
        }
      });

      it('same seed → identical totals at -j 1, -j 2 and another chunk size; the report does not depend on them', async () => {
        const game = await loadGame(id);
        for (const run of game.conformance.runs) {
          const base = await play(game, run);
          if (base.calls.length === 0) continue;
          const totals = (r: { results: RunResult[] }) => r.results.map((x) => JSON.stringify(x.totals.toJSON()));
          const odd = await play(game, run, { chunkSize: 7 });
          const pooled = await play(game, run, { jobs: 2, chunkSize: Math.max(1, Math.ceil(run.n / 5)) });
          const label = `${id} ${JSON.stringify(run)}`;
          expect(totals(odd), label).toEqual(totals(base));
          expect(totals(pooled), label).toEqual(totals(base));
          expect(JSON.stringify(pooled.report.result), label).toBe(JSON.stringify(base.report.result));
          for (const r of base.results) expect(r.games, label).toBe(run.n);
        }
      });

      it('every metric value is an integer within its declared range, recorded at most once per game', async () => {
        const game = await loadGame(id);
        for (const run of game.conformance.runs) {
          const { calls, results } = await play(game, run);
          // Over the whole run, from its totals: nothing above its declared range (no overflow), no metric with more observations than games.
          results.forEach((r, c) => {
            for (const m of r.totals.metrics) {
              expect(m.overflow, `${id}/${calls[c].name} ${m.spec.name}: values above maxValue ${m.spec.maxValue}`).toBe(0);
              expect(m.n, `${id}/${calls[c].name} ${m.spec.name}: more observations than games`).toBeLessThanOrEqual(r.games);
            }
          });
          // Game by game over the first 100 games: each value checked as it is recorded, at most once per game.
          for (const call of calls) {
            const sim = game.sims[call.name];
            const specs = sim.metrics(call.simParams);
            const player = await sim.createPlayer(call.simParams);
            let index = 0;
            const rec = new CheckingRecorder(new Layout(specs), specs, () => `${id}/${call.name} game ${index}`);
            const seeder = new StreamSeeder(SEED);
            const rng = seeder.streamFor(0);
            for (; index < Math.min(run.n, 100); index++) {
              seeder.seedInto(rng, index);
              rec.startGame();
              player.play(rng, rec, index);
            }
          }
        }
      });

      it('exact values beside Monte Carlo intervals agree with them (Bonferroni over the rows of a run)', async () => {
        const game = await loadGame(id);
        for (const run of game.conformance.runs) {
          const { report, calls } = await play(game, run);
          if (calls.length === 0 || report.confidence !== CONFIDENCE) continue;
          // Exact values in the JSON result, else in the tables (some games carry them only there).
          const inResult = exactRows(report.result);
          const rows = inResult.length ? inResult : exactRows(report.tables);
          // A Monte Carlo run of a mode that also has an exact method is a cross-check: it must show the exact values.
          const mode = game.modes.find((m) => m.name === run.mode)!;
          if (mode.params.find((p) => p.key === 'method')?.choices?.includes('exact')) expect(rows.length, `${id} ${JSON.stringify(run.params)} shows no exact value beside its intervals`).toBeGreaterThan(0);
          if (rows.length === 0) continue;
          const bound = allowedHalfWidths(rows.length);
          const far = rows.filter((r) => Math.abs(r.exact - (r.lo + r.hi) / 2) > bound * ((r.hi - r.lo) / 2) + 1e-12);
          expect(far.map((r) => r.path), `${id} ${JSON.stringify(run.params)}: exact values further than ${bound.toFixed(2)} half-widths from their interval's centre`).toEqual([]);
        }
      });

      it("the game's invariants hold at every step of seeded rollouts", async () => {
        const game = await loadGame(id);
        const checkGame = game.conformance.checkGame;
        if (!checkGame) return;
        for (const run of game.conformance.runs) {
          const { calls } = await play(game, run);
          for (const call of calls) for (let i = 0; i < Math.min(run.n, 25); i++) await checkGame(call.name, call.simParams, streamFor(SEED, i), i);
        }
      });
    });
  }
});
