// The one policy contract of every game with decisions (Dark Fate's decision-code shape, rng
// first), the read-only view a user module sees, and the loader of user modules.
//
// A game asks its policy one kind of question: "decision D, choose one of options[0, n)". The
// options are small integers whose meaning the game documents per decision (hand slots, encoded
// actions, yes/no as [0, 1], …). The answer is an index into them, or -1 ("none") where the
// decision allows it. Built-in policies get the engine itself as their view (for speed) and read
// only the documented view members; a user module gets a facade with those members only
// (readOnlyView), its own copy of each decision's options, and a random stream it may draw from
// but not copy (drawOnlyRng), so it can neither peek at hidden order nor rewrite the game.
import { pathToFileURL } from 'node:url';
import { policyTimeoutMs, watchDecisionEnd, watchDecisionStart } from './decisionWatch.js';
import { shownAnswer } from './gameError.js';
import { checkInputFile } from './inputFile.js';
import { drawOnlyRng, type Rng } from './rng.js';

/**
 * A policy. `choose` returns an index in [0, n), or -1 when `allowNone`. It must not keep state
 * across games: game K of a run replays on its own (a trace plays only game K; each worker
 * thread has its own copy of the policy), so an answer may depend only on what the view shows and
 * on draws from `rng` (the game's stream: drawing from it is part of the game). Scratch buffers
 * reused between calls are fine; `options` is the engine's (or a copy): read it, do not keep it.
 */
export interface Policy<View> {
  readonly name: string;
  choose(rng: Rng, view: View, decision: number, options: Int32Array, n: number, allowNone: boolean): number;
}

/** The members of a view a user module may read: value properties and methods of the engine. */
export interface ViewMembers {
  readonly properties: readonly string[];
  readonly methods: readonly string[];
}

/**
 * A frozen facade over `source` exposing `members` only: a getter per property and a bound method
 * per method, read at call time (so it always shows the current state). `overrides` replace members
 * (a copy of the card table, a guarded method) or add ones the engine lacks.
 */
export function readOnlyView<View>(source: object, members: ViewMembers, overrides: Record<string, unknown> = {}): View {
  const view: Record<string, unknown> = {};
  const src = source as Record<string, unknown>;
  for (const p of members.properties) {
    if (p in overrides) continue;
    Object.defineProperty(view, p, { get: () => src[p], enumerable: true });
  }
  for (const m of members.methods) {
    if (m in overrides) continue;
    const fn = src[m];
    if (typeof fn !== 'function') throw new Error(`view member ${m} is not a method of the engine`);
    view[m] = (fn as (...a: unknown[]) => unknown).bind(source);
  }
  for (const [k, val] of Object.entries(overrides)) Object.defineProperty(view, k, { value: val, enumerable: true });
  return Object.freeze(view) as View;
}

/** Why an answer is outside decision `name`'s contract, or null when it is a legal index. */
export function answerProblem(got: unknown, n: number, allowNone: boolean): string | null {
  if (typeof got === 'number' && Number.isInteger(got) && ((got >= 0 && got < n) || (got === -1 && allowNone))) return null;
  return `returned ${shownAnswer(got)}, expected an index in [0, ${n})${allowNone ? ' or -1 (none)' : ''}`;
}

/**
 * Wraps a user module's policy: it is called with the read-only `view`, a draw-only face of the
 * game's stream, and its own copy of the options (up to `maxOptions`); an answer out of the
 * contract throws an Error naming the policy and the decision (`decisionName(d)`).
 */
export function guardedPolicy<View>(
  user: Policy<View>,
  view: View,
  maxOptions: number,
  decisionName: (decision: number) => string,
): Policy<View> {
  const copy = new Int32Array(maxOptions);
  let current: Rng | null = null;
  const rng = drawOnlyRng(() => current!, 'rng');
  return {
    name: user.name,
    choose(gameRng, _engineView, decision, options, n, allowNone) {
      copy.set(options.subarray(0, n));
      current = gameRng;
      // The watchdog (a worker thread's slot, src/core/decisionWatch.ts) sees how long this decision takes.
      watchDecisionStart(decisionName(decision));
      let got: number;
      try {
        got = withoutAmbientRandomness(() => user.choose(rng, view, decision, copy, n, allowNone));
      } finally {
        watchDecisionEnd();
      }
      const problem = answerProblem(got, n, allowNone);
      if (problem) throw new Error(`policy ${user.name}: decision ${decisionName(decision)} ${problem}`);
      return got;
    },
  };
}

/**
 * Loads a user policy module from an absolute path. Its default export (or `createPolicy`) is a
 * policy object {name, choose} or a factory `(data, base) => policy`: `data` is the game's copy for
 * modules (its card table, its data), `base` the game's default built-in policy, so a module can
 * answer a few decisions itself and delegate the rest (`return base.choose(rng, view, …)`).
 * Every failure names the file.
 */
export async function loadPolicyModule<View>(absPath: string, data: unknown, base: Policy<View>): Promise<Policy<View>> {
  const why = (err: unknown) => (err instanceof Error ? err.message : String(err));
  // A folder, a FIFO or an unreadable file is refused before Node tries to import it (EISDIR, or a hang).
  checkInputFile(absPath, 'policy module', 16 * 1024 * 1024);
  let mod: { default?: unknown; createPolicy?: unknown };
  const limit = policyTimeoutMs();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A module whose top-level await never settles would end the process silently (exit 13) or hang it.
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish loading within ${limit / 1000} s (a top-level await that never settles?)`)), limit);
  });
  try {
    mod = (await Promise.race([withoutAmbientRandomnessAsync(() => import(pathToFileURL(absPath).href)), late])) as typeof mod;
  } catch (err) {
    throw new Error(`${absPath}: cannot load the policy module: ${why(err)}`);
  } finally {
    clearTimeout(timer);
  }
  const exp = mod.createPolicy ?? mod.default;
  let policy: Partial<Policy<View>> | undefined;
  try {
    policy = withoutAmbientRandomness(() => (typeof exp === 'function' ? (exp as (d: unknown, b: Policy<View>) => unknown)(data, base) : exp)) as Partial<Policy<View>> | undefined;
  } catch (err) {
    throw new Error(`${absPath}: the policy factory threw: ${why(err)}`);
  }
  if (!policy || typeof policy.choose !== 'function') {
    throw new Error(`${absPath}: expected a default export (or createPolicy) that is a policy {name, choose(rng, view, decision, options, n, allowNone)} or a function (data, base) => policy`);
  }
  // Only name and choose are taken (any other member is the module's own business).
  return { name: typeof policy.name === 'string' ? policy.name : absPath, choose: policy.choose.bind(policy) };
}

/** A deep copy of plain JSON-like `value`, frozen all the way down: the data a module may read but not rewrite. */
export function frozenCopy<T>(value: T): T {
  const freeze = (v: unknown): unknown => {
    if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) freeze((v as Record<string, unknown>)[k]);
      Object.freeze(v);
    }
    return v;
  };
  return freeze(structuredClone(value)) as T;
}

/** What a policy module gets instead of Math.random: an error that says where randomness comes from. */
function refusedRandom(): number {
  throw new Error('Math.random is not available to policies: draw from the rng argument (rng.next(), a signed 32-bit integer: (rng.next() >>> 0) / 2 ** 32 is uniform in [0, 1)), so that every game replays from its seed');
}

/**
 * Runs user code with Math.random refused (src/core/rng.ts streams only): ambient randomness
 * would make a run irreproducible without a word.
 */
export function withoutAmbientRandomness<T>(fn: () => T): T {
  const saved = Math.random;
  Math.random = refusedRandom;
  try {
    return fn();
  } finally {
    Math.random = saved;
  }
}

async function withoutAmbientRandomnessAsync<T>(fn: () => Promise<T>): Promise<T> {
  const saved = Math.random;
  Math.random = refusedRandom;
  try {
    return await fn();
  } finally {
    Math.random = saved;
  }
}
