// One benchmark: setup (timed apart) then a steady-state loop of `units` (games, attacks, …).
export interface BenchCase {
  /** e.g. "dice 3d6 5+ (MC games)". */
  name: string;
  /** What one unit is: "games", "attacks", "configurations". */
  unit: string;
  /** Builds state (parsing data, preallocating). Timed separately from the steady state. */
  setup(): unknown | Promise<unknown>;
  /** Performs `units` units of work on `state` starting at unit index `start`; returns a checksum so the work cannot be optimised away. */
  run(state: unknown, start: number, units: number): number;
  /** Units per timed batch (about 10–50 ms of work). */
  batch: number;
}
