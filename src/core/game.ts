// The contract every simulated game implements (OpenSpiel's shape, TypeScript ergonomics).
// A GameSim is pure data plus factories: the runner (in-process or in a worker) builds one
// player per thread with preallocated state and calls play() once per game.
import type { MetricSpec, Recorder, Totals } from './aggregate.js';
import type { Rng } from './rng.js';

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
