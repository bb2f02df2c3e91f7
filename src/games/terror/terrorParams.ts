// Parameters of `sim terror`: the rule constants a house rule might change, each with its rulebook
// (or public-fact) default and source, plus the run choices (Death Order card, policy, data file).
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { searchDecisionsParam } from '../../core/searchDecisions.js';
import { SEARCH_ROOTS, TERROR_DECISION_NAMES } from './terrorDecision.js';

/** Built-in policies (terrorPolicy.ts); any other `policy` value is a user module path (see scenarios/terror/README.md). */
export const BUILTIN_POLICIES = ['planner', 'death-order', 'random', 'search'] as const;

/** Policies a search may roll out with (the heuristics; not search itself). */
export const ROLLOUT_POLICIES = ['planner', 'death-order', 'random'] as const;

/** Readings of the Final Health token (parameter finalHealth; see scenarios/terror/README.md). */
export const FINAL_HEALTH_READINGS = ['lastLife', 'flipAtZero'] as const;
export type FinalHealthReading = (typeof FINAL_HEALTH_READINGS)[number];

/** Death Order choices: random (a card per game), or one of the rulebook's 3 cards. */
export const DEATH_ORDER_CHOICES = ['random', '1', '2', '3'] as const;

/** The `data` default: the bundled reference data (found next to the sources, see defaultDataFile). */
export const DEFAULT_DATA = 'scenarios/terror/data.yaml';

/** The search policy's settings change nothing under another policy. */
const searchOnly = (p: Readonly<Record<string, ParamValue>>): string | null => (p.policy === 'search' ? null : `it sets the search policy, and the policy is ${String(p.policy)} (policy search: --policy search or --set policy=search)`);

export const TERROR_PARAMS: readonly ParamSpec[] = [
  // rulebook: Components — 3 Death Order cards (the data loader requires exactly 3), so the choices are the data's cards.
  { key: 'deathOrder', type: 'enum', default: 'random', choices: DEATH_ORDER_CHOICES, doc: 'Death Order card used (1-based), or random: a random card each game, reported per card (a sweep\'s "all" runs random and each card)', source: 'rulebook: Components (3 Death Order cards); the choice is the player\'s', cli: { value: '<N|random>', help: 'Death Order card 1..3, or random: a random card per game, reported per card (default random; "all" is read as random)', parse: (raw: string) => (raw.trim().toLowerCase() === 'all' ? 'random' : raw) } },
  { key: 'policy', type: 'path', module: true, choices: BUILTIN_POLICIES, default: 'planner', doc: `decision policy: ${BUILTIN_POLICIES.join(' or ')}, or the path of a policy module (.js; in a scenario, relative to the scenario file)`, source: 'sim: policy choice', cli: { value: '<NAME|PATH>', help: `decision policy: ${BUILTIN_POLICIES.join(', ')} (default planner), or ./file.js` } },
  { key: 'data', type: 'path', default: DEFAULT_DATA, doc: 'reference data YAML (cards, Gabrielle, Location); the default is the bundled, partly assumed transcription', source: 'assumption: scenarios/terror/README.md labels every value [rulebook], [public] or [assumed]', cli: { value: '<FILE>', help: 'reference data YAML replacing scenarios/terror/data.yaml' } },
  { key: 'horrorStart', type: 'int', default: 5, min: 0, max: 30, doc: 'horror level at set-up', source: 'rulebook: Special Setup ("The Horror level starts at 5")' },
  { key: 'timePerTurn', type: 'int', default: 6, min: 1, max: 20, doc: 'time at the start of each Action phase', source: 'public fact: Final Girl core rules (time 6 per turn)' },
  { key: 'timeExtreme', type: 'int', default: 5, min: 1, max: 20, doc: 'time per turn while horror is on the extreme side of the track', source: 'public fact: Final Girl core rules (5 on the extreme side)' },
  { key: 'handLimit', type: 'int', default: 10, min: 1, max: 30, doc: 'action cards held at most (Planning phase)', source: 'public fact: Final Girl core rules (hand limit 10)' },
  { key: 'terrorDealt', type: 'int', default: 8, min: 1, max: 40, doc: 'terror cards dealt from the shuffled vignette + Location cards (one goes on top, the rest are shuffled with the Fated Death cards)', source: 'rulebook: Special Setup ("Deal out 8 cards")' },
  { key: 'terrorPerPhase', type: 'int', default: 1, min: 1, max: 5, doc: 'terror cards drawn per Killer phase while Fated Victims remain on the board', source: 'public fact: Final Girl core rules (draw and resolve a terror card)' },
  { key: 'terrorPerPhaseNoFated', type: 'int', default: 2, min: 1, max: 5, doc: 'terror cards per Killer phase once no Fated Victim is left on the board', source: 'rulebook: No More Fated Victims on the Board' },
  { key: 'bloodlustStart', type: 'int', default: 0, min: 0, max: 50, doc: 'bloodlust marker position at set-up (the start space)', source: 'rulebook: Special Setup (marker on the start space)' },
  { key: 'successFrom', type: 'int', default: 5, min: 1, max: 6, doc: 'horror-roll die face from which a die is a success', source: 'public fact: Final Girl core rules (5-6 success)' },
  { key: 'partialFrom', type: 'int', default: 3, min: 1, max: 6, doc: 'horror-roll die face from which a die is a partial success (below successFrom)', source: 'public fact: Final Girl core rules (3-4 partial)' },
  { key: 'partialCost', type: 'int', default: 2, min: 0, max: 10, doc: 'action cards discarded to turn one partial into a success', source: 'public fact: Final Girl core rules (discard 2 action cards)' },
  { key: 'finalHealth', assumed: 'reading', type: 'enum', default: 'lastLife', choices: FINAL_HEALTH_READINGS, doc: 'reading of the Final Health token: lastLife = at 0 health she is on the token (alive, +1 horror die), the next loss flips it; flipAtZero = flip it as soon as health reaches 0 (+1 die after a revival while health is at most the token\'s value)', source: 'assumption: the public fact "+1 die if … down to the final health token" read two ways, see scenarios/terror/README.md' },
  { key: 'thwartRoll', assumed: 'reading', type: 'bool', default: false, doc: 'Thwart Destiny needs a horror roll: the card is spent and ignores the Destiny symbol only with at least one success (false: no roll, it always ignores the symbol)', source: 'assumption: the rulebook says only "You may play the Thwart Destiny Reaction card to ignore one Destiny symbol" (no roll named), see scenarios/terror/README.md' },
  { key: 'moveThroughExits', assumed: 'reading', type: 'bool', default: true, doc: 'the Final Girl may move (and escort) through an exit space to a space beyond it (false: an exit ends a move; she may still start a move there)', source: 'assumption: neither the rulebook nor the public facts say whether an exit space can be passed through, see scenarios/terror/README.md' },
  { key: 'rebuy', assumed: 'reading', type: 'bool', default: true, doc: 'a played or discarded action card goes back to the supply and may be bought again in a later Planning phase (false: it leaves the game, so each card\'s copies can be bought only once)', source: 'assumption: the public facts say cards are bought in Planning and discarded for time, not where played or discarded cards go, see scenarios/terror/README.md' },
  { key: 'searchRollouts', inert: searchOnly, type: 'int', default: 8, min: 1, max: 10000, doc: 'policy search: iterations per answer (the budget of an ACTION or BUY decision with m answers is searchRollouts × m: tree-search iterations, a quarter of them paired playouts confirming the tree\'s answer against the planner\'s)', source: 'sim: search budget (issue 15)' },
  { key: 'searchMargin', inert: searchOnly, type: 'number', default: 1, min: 0, max: 10, doc: 'policy search: standard errors (of the paired playout differences) the tree\'s answer must gain over the planner\'s own, on fresh playouts, to be played instead (0: any gain)', source: 'sim: search budget (issue 15)' },
  { key: 'searchDepth', inert: searchOnly, type: 'int', default: 0, min: 0, max: 64, doc: 'policy search: turns a rollout plays after the current one before a static value (0: to the end of the game)', source: 'sim: search budget (issue 15)' },
  searchDecisionsParam(TERROR_DECISION_NAMES, SEARCH_ROOTS, searchOnly),
  { key: 'rolloutPolicy', inert: searchOnly, type: 'enum', default: 'planner', choices: ROLLOUT_POLICIES, doc: 'policy search: the heuristic that plays the rollouts', source: 'sim: search budget (issue 15)' },
  // Output, not a rule: a parameter so that a scenario, `--set trace=K`, `rerun` and `sim check` can ask for a trace.
  { key: 'trace', type: 'int', default: -1, min: -1, max: 1e12 - 1, doc: 'print game K of the run (counting from 0) turn by turn instead of the report (-1: off)', source: 'output option', cli: { value: '<K>', help: 'print game K of this run (same --seed) turn by turn instead of the report (-1: none, the report as usual)' } },
];

/** What the simulation receives (plain JSON, sent to worker threads). */
export interface TerrorSimParams {
  /** Death Order card index (0-based), or -1: a random card per game. */
  deathOrder: number;
  /** Built-in policy name, or an absolute path to a user module. */
  policy: string;
  /** A user module's content hash (fileHash): part of the run's identity, checked again where the module is loaded. */
  policyHash?: string;
  horrorStart: number;
  timePerTurn: number;
  timeExtreme: number;
  handLimit: number;
  terrorDealt: number;
  terrorPerPhase: number;
  terrorPerPhaseNoFated: number;
  bloodlustStart: number;
  successFrom: number;
  partialFrom: number;
  partialCost: number;
  /** How the Final Health token is read (assumption): see FINAL_HEALTH_READINGS. */
  finalHealth: FinalHealthReading;
  /** Thwart Destiny needs a horror roll with a success (assumption; default false). */
  thwartRoll: boolean;
  /** Moves may pass through exit spaces (assumption; default true). */
  moveThroughExits: boolean;
  /** Played and discarded action cards go back to the supply (assumption; default true); false: out of the game. */
  rebuy: boolean;
  /** policy search: rollouts per answer, horizon in turns (0: the end), the rollout heuristic. */
  searchRollouts: number;
  /** policy search: the paired gain in standard errors an answer needs over the heuristic's own. */
  searchMargin: number;
  searchDepth: number;
  /** policy search: the decision codes it answers (parameter searchDecisions, parsed); absent or null: every one it can (ACTION and BUY). */
  searchedDecisions?: readonly number[] | null;
  rolloutPolicy: (typeof ROLLOUT_POLICIES)[number];
  /** Compiled reference data (plain JSON). */
  data: import('./terrorData.js').TerrorData;
}
