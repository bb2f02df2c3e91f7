// What a mode's run receives (src/core/gameModule.ts): its resolved parameters, and the settings the
// shell chose — games, seed, confidence, and simulate(), through which all Monte Carlo work goes.
import type { ParamValue } from './params.js';
import type { RunResult } from './game.js';

export type ResolvedParams = Record<string, ParamValue>;

/** Execution settings chosen by the shell; games never read argv, clocks or TTYs themselves. */
export interface RunSettings {
  /** Games to simulate (Monte Carlo) — ignored by exact methods. */
  n: number;
  seed: number;
  /** Two-sided confidence level of every interval, e.g. 0.95. */
  confidence: number;
  /**
   * Runs registered simulation `simId` on games [0, n) with `seed`; the shell supplies threads,
   * progress and interruption. The result may be partial (interrupted): report it as such.
   * `label` names the call where a report makes several (a Rev-9 version): `sim compare` shows it.
   * `secondary` marks a side run of the report (a sensitivity replay): `sim compare` pairs it and
   * lists it in its table, but gives it no answer line of its own.
   */
  simulate(simId: string, simParams: unknown, label?: string, secondary?: boolean): Promise<RunResult>;
  /** Tells the shell how many simulate calls this run will make (its progress bar's total); optional. */
  expectCalls?(count: number): void;
}
