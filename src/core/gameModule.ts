// The one contract every game folder implements: `src/games/<game>/index.ts` exports a GameModule,
// and `src/games/index.ts` lists it (one line). Everything the shell offers — the game's commands,
// `sim run` on a scenario file, `sim params`, `compare`, `sweep`, `check`, shards, checkpoints,
// distributed runs, the conformance suite, the bench — is built from this object.
import type { GameSim } from './game.js';
import type { StoredGap } from './policyGapNote.js';
import type { ParamSpec, ParamValue } from './params.js';
import type { Report } from './reportTypes.js';
import type { Rng } from './rng.js';
import type { ResolvedParams, RunSettings } from './scenarioGame.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySim = GameSim<any>;

/**
 * One way to run a game from parameters. Its id is the command that runs it: the game's id for
 * its main mode (name '', `sim dice`, `game: dice`), else the game id and the mode name
 * (`sim genisys attack`, `game: genisys attack`).
 */
export interface GameMode {
  /** '' for the game's main mode, else its subcommand. */
  readonly name: string;
  /** One line: what it answers (help and `sim params`). */
  readonly summary: string;
  /**
   * Every parameter, with its rulebook default and source. Those with `cli` are the command's
   * options (flag, help text and choices come from the spec); every one can be given by a
   * scenario file or `--set key=value`.
   */
  readonly params: readonly ParamSpec[];
  /**
   * Parameters its data adds, given the fixed ones (a card file's numeric fields as
   * `card.<key>.<field>`): settable from `--set`, scenario files, sweeps and compare like any, and in
   * the resolved parameters (so in the report, its hash and its rerun block) only when given.
   */
  extraParams?(fixed: ResolvedParams): readonly ParamSpec[];
  /**
   * The data values (`data.…` keys of extraParams) this configuration never reads: a unit neither
   * side fields, a card in neither deck. `sim sensitivity` lists their changes as not played ("not
   * used by this configuration") instead of playing changes no game can notice. Absent: any data
   * value may be read.
   */
  unusedData?(base: ResolvedParams): (key: string) => boolean;
  /** Default -n of its Monte Carlo runs. */
  readonly defaultGames: number;
  /**
   * Resolved parameters → report. Monte Carlo through `settings.simulate(simName, simParams)`
   * (simName: a key of the module's `sims`); cross-field checks throw UsageError naming a
   * parameter ("parameter players: …"), which the shell renames after its source.
   */
  run(params: ResolvedParams, settings: RunSettings): Promise<Report>;
}

/** A mode's parts as a game's entry file defines them; its index.ts adds the name and default -n. */
export type ModeEntry = Pick<GameMode, 'summary' | 'params' | 'run'>;

/** What a view returns: its report, and a failure (exit 1, one line) when the answer is "no". */
export interface ViewResult {
  report: Report;
  /** Set when the command should exit 1 after printing the report (an invalid team). */
  failure?: string;
}

/**
 * A command of a game that is not a run of games (an exact table, a validator): `sim <game>
 * <name>`. Pure given its parameters (it may read the data files they name).
 */
export interface GameView {
  readonly name: string;
  readonly summary: string;
  /** A positional argument (e.g. a team file), handed to run as `params[argument.key]`. */
  readonly argument?: { readonly key: string; readonly name: string; readonly doc: string };
  /** The view's own options, as parameters (validated like any; those with `cli` are flags). */
  readonly params: readonly ParamSpec[];
  /**
   * When set, the view also takes that mode's parameters (its flags, --scenario and --set),
   * resolved and handed over in `params` beside the view's own.
   */
  readonly baseMode?: string;
  /** Base parameters the view offers no option for (it supports one value only, e.g. the exact method). */
  readonly omit?: readonly string[];
  /** Help texts that differ from the base mode's for the same option (key → help), e.g. another fallback. */
  readonly help?: Readonly<Record<string, string>>;
  /** Whether `--set key=value` sets the view's own parameters (when there is no base mode). */
  readonly sets?: boolean;
  run(params: ResolvedParams, context: ViewContext): ViewResult | Promise<ViewResult>;
}

export interface ViewContext {
  /** The keys the user gave (any source), for views whose defaults depend on others. */
  readonly given: ReadonlySet<string>;
  readonly confidence: number;
  /** The output format asked for: a view may shape its tables for it (CSV has no titles). */
  readonly format: string;
  /**
   * Where a given key's value came from, as messages name it ("option --points", "option --set
   * data.units.x.points", "FILE: params.points"); undefined for a default. For a view whose two
   * keys fill one value, so it can apply the precedence of their sources.
   */
  readonly sourceOf?: (key: string) => string | undefined;
}

/** A small run of a mode for the shared conformance suite (test/conformance.test.ts). */
export interface ConformanceRun {
  readonly mode: string;
  /** Parameter overrides (as from --set). */
  readonly params: Readonly<Record<string, ParamValue>>;
  /** Games: enough to exercise the game, a second or less of work. */
  readonly n: number;
}

export interface Conformance {
  /** At least one run per mode; Monte Carlo runs are replayed at other -j and chunk sizes. */
  readonly runs: readonly ConformanceRun[];
  /**
   * Rows of a Monte Carlo report that carry an exact value beside their interval (the suite
   * checks that no more fall outside than chance allows).
   */
  exactRows?(report: Report): readonly { exact: number; lo: number; hi: number }[];
  /**
   * Plays game `index` of simulation `simName` from `rng` with the game's invariants checked at
   * every decision and phase (card conservation, no negative counts, termination); throws an
   * Error naming the invariant and where it broke.
   */
  checkGame?(simName: string, simParams: unknown, rng: Rng, index: number): void | Promise<void>;
}

export interface GameModule {
  /** The folder's name and the command: `sim <id>`. */
  readonly id: string;
  readonly summary: string;
  /** Left out of help and listings (test fixtures). */
  readonly hidden?: boolean;
  readonly modes: readonly GameMode[];
  readonly views?: readonly GameView[];
  /** Monte Carlo simulations by name; the runner loads them as `<id>/<name>` in every thread. */
  readonly sims: Readonly<Record<string, AnySim>>;
  /** Built-in policy names, the default first (games with decisions). */
  readonly policies?: readonly string[];
  /** Built-in policies too slow for a default `sim policies` run (a search): played only when listed. */
  readonly slowPolicies?: readonly string[];
  /**
   * The game's search policy and the parameter that sets its budget (rollouts per decision), for
   * `sim policies --ladder`: the search at doubling budgets against the default policy.
   */
  readonly search?: {
    readonly policy: string;
    readonly budget: string;
    /** The parameter that names the policy, when it is not `policy` (a two-sided game's side: policyA). */
    readonly policyParam?: string;
    /**
     * For `sim policies --split`: the parameter that limits the search to one kind of decision
     * (searchDecisions; Dark Fate's searchPlans) and its kinds, each played against the default.
     */
    readonly split?: { readonly param: string; readonly kinds: readonly string[] };
    /** The gaps its gap file stores (scenarios/<game>/policy-gap.yaml, checked), for `sim gaps`; loaded only when asked. */
    readonly stored?: () => Promise<readonly StoredGap[]>;
  };
  readonly conformance: Conformance;
}

/** A mode's id: the command words that run it. */
export function modeId(game: GameModule, mode: GameMode): string {
  return mode.name ? `${game.id} ${mode.name}` : game.id;
}
