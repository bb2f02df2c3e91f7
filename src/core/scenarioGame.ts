// What a game exposes so that every front end — its own command, `sim run` on a scenario file,
// `sim compare`, `sim sweep`, `sim check` — can run it the same way: named parameters with
// rulebook defaults, and one run function from resolved parameters to a Report.
import type { ParamSpec, ParamValue } from './params.js';
import type { Report } from './reportTypes.js';
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
   */
  simulate(simId: string, simParams: unknown, label?: string): Promise<RunResult>;
}

export interface ScenarioGame {
  /** Scenario `game:` value, e.g. "dice", "darkfate", "genisys-attack". */
  readonly id: string;
  /** One line for `sim params` and help. */
  readonly summary: string;
  /** Every parameter, each with its rulebook default and source; `--set key=value` overrides them. */
  readonly params: readonly ParamSpec[];
  /** Resolved parameters → report. Cross-field checks throw UsageError (exit 2). */
  run(params: ResolvedParams, settings: RunSettings): Promise<Report>;
}
