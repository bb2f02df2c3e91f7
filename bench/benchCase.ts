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
  /** The speed an issue asks of this case, checked and reported by every bench run. */
  target?: BenchTarget;
  /** This case replays another case's games with their recorded decisions: the engine's part of that case (its name); the run prints the split. */
  engineOf?: string;
}

/** A speed target: units per second on one core, and optionally a ratio to the reference measured in the same run. */
export interface BenchTarget {
  perSecond: number;
  ratio?: number;
  /** Where the target comes from, e.g. "issue 4". */
  source: string;
}

/** Whether a measurement meets its target (every stated bound). */
export function meetsTarget(t: BenchTarget, perSecond: number, ratio: number | null): boolean {
  return perSecond >= t.perSecond && (t.ratio === undefined || (ratio !== null && ratio >= t.ratio));
}
