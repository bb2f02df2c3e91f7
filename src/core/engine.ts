// The engine contract below the mode level: what a game with decisions offers so that one search
// (src/core/search.ts) and one set of laws (test/engineLaws.test.ts) work for every game.
// OpenSpiel's State in this project's shape: a decision is "decision code D, options[0, n), answer
// an index or -1 where allowNone", asked of the deciding player through the core policy contract
// (src/core/policy.ts); chance is drawn from the stream handed in (rng first, mutated in place).
//
// Why the engine asks and is not stepped from outside: a rule that asks (a Shield's deflect inside
// an attack inside an activation; a discard inside a terror card inside the Killer phase) sits deep
// in the rules' call stack, and JavaScript cannot suspend a call stack and copy it. So the engine
// keeps its own stack and asks a chooser at each decision ("run to the next decision" is the
// chooser being called); what a search needs on top is to *resume* a game from a snapshot saved
// while a decision was asked, with an answer ("apply an answer"): `playOn(rng, chooser, answer)`.
// An engine resumes at the decisions it lists as resumable (the search's roots); every other
// decision is still answered, by whoever the chooser is, inside a playOn.
import type { Policy } from './policy.js';
import type { Rng } from './rng.js';

/** `playOn`'s answer when the state is not a restored decision (a fresh reset): nothing to answer first. */
export const NO_ANSWER = -2;

/** Plays to the end: `playOn`'s stopTurn when there is no cut-off. */
export const NO_STOP = Number.MAX_SAFE_INTEGER;

/**
 * A game engine with decisions. One per thread, its state preallocated and reset per game; the
 * game's parameters are fixed when it is built. `S` is its snapshot (preallocated buffers).
 */
export interface DecisionEngine<View, S = unknown> {
  /** Players that decide, ids 0..players-1 (1 for a solo game). */
  readonly players: number;
  /** What a policy reads at a decision (the engine itself for built-in policies). */
  readonly view: View;
  /** The longest options list any decision can have (sizes a search's copies). */
  readonly maxOptions: number;
  /**
   * Starts a new game on `rng`. The set-up may be dealt here (asking the engine's own policies any
   * set-up decision) or at the start of playOn. Mutates all state.
   */
  reset(rng: Rng): void;
  /**
   * Plays on from the current state until the game is over, or turn() would pass `stopTurn` (the
   * engine stops at the first turn boundary after turn `stopTurn`), asking `chooser` at every
   * decision (both players'), drawing chance from `rng`, tracing nothing. After reset pass
   * `decision` and `answer` NO_ANSWER. After restore of a snapshot saved while decision code
   * `decision` was asked (a resumable one), `answer` (an index into its options, or -1 where
   * allowed) answers it first, exactly as if the chooser had returned it there.
   */
  playOn(rng: Rng, chooser: Policy<View>, decision: number, answer: number, stopTurn: number): void;
  /** Whether playOn can resume at decision code `decision`. */
  resumable(decision: number): boolean;
  /** The player deciding the decision being asked (valid while the engine asks). */
  decider(): number;
  /** Whether the game is over (playOn stopped at its end, not at stopTurn). */
  over(): boolean;
  /** `player`'s result of a game that is over, in [0, 1]: 1 a win, 0 a loss (0.5 a draw of two players). */
  result(player: number): number;
  /** The game's clock for stopTurn: turns or rounds begun (0 during set-up). */
  turn(): number;
  /** An estimate in [0, 1] of `player`'s result for a game not over (a search's cut-off), from what `player` sees. */
  value(player: number): number;
  /** A snapshot sized for this engine (allocates: once per search, not per use). */
  newSnapshot(): S;
  /** Copies the whole mutable state (the decision being asked and its options included) into `into`. Mutates only `into`. */
  save(into: S): void;
  /** Puts a saved state back. Mutates the engine's state (not its policies, trace or check flags). */
  restore(from: S): void;
  /**
   * Re-deals, from `rng`, everything `observer` cannot see, from what they would believe after what
   * they have seen (the same observe(observer) after as before). Mutates the state and `rng`.
   */
  determinize(rng: Rng, observer: number): void;
  /** A hash of everything `player` can see now (the determinize law compares it before and after). */
  observe(player: number): number;
}

/** Mixes `x` into hash `h` (32-bit FNV-1a over a word): for observe(). */
export function hashWord(h: number, x: number): number {
  return Math.imul(h ^ (x | 0), 0x01000193) >>> 0;
}

/** The start of an observe() hash. */
export const HASH_START = 0x811c9dc5;
