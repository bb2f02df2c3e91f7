// The contract every simulated game implements (OpenSpiel's shape, TypeScript ergonomics).
// A GameSim is pure data plus factories: the runner (in-process or in a worker) builds one
// player per thread with preallocated state and calls play() once per game.
import type { MetricSpec, Recorder, Totals } from './aggregate.js';
import type { Rng, StreamSeeder } from './rng.js';

/** What a run of a simulation returns: exact totals of the games merged. */
export interface RunResult {
  totals: Totals;
  /** Games merged (equals n unless stopped early). */
  games: number;
  partial: boolean;
  chunkSize: number;
  jobs: number;
}

/** Plays one game from its own stream and records its metrics. Reuses preallocated state. */
export interface GamePlayer {
  /** Plays game `index` (its stream is `rng`, fresh for this game), writing observations into `rec`. */
  play(rng: Rng, rec: Recorder, index: number): void;
  /**
   * Optional batch form of `play`, for simulations whose games cost about as much as recording
   * them (one attack): plays games [start, end), re-seeding `rng` to game i's stream with
   * `seeder.seedInto(rng, i)` before game i, and writes into `rec` exactly the observations `play`
   * would have recorded for those games (in any order: a chunk is a histogram), typically counted
   * locally and added once at the end (Recorder.recordMany). It must play each game with the same
   * code as `play` (one implementation of the rules). For simulations without policies: the
   * decision watchdog sees only the range's first game. playChunk uses it for the games of a chunk
   * that are not kept for the replay check.
   */
  playRange?(seeder: StreamSeeder, rng: Rng, rec: Recorder, start: number, end: number): void;
}

/**
 * A Monte Carlo simulation of a game (a GameModule's `sims` names it). `P` must be plain JSON (it is sent to workers).
 * Metrics may depend on the parameters (e.g. a histogram sized by the number of dice).
 */
export interface GameSim<P> {
  metrics(params: P): MetricSpec[];
  /** About how many games take 20 ms on one core: the default chunk size. */
  gamesPerChunk(params: P): number;
  createPlayer(params: P): GamePlayer | Promise<GamePlayer>;
}
