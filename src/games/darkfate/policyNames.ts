// The names of the built-in Dark Fate policies and the default's factory, without the policies'
// code: a run of the default (the planner) loads only the planner, and the others (the searches,
// greedy, cautious, random, legacy-planner: policies.ts) load when a run names one, which keeps a
// default run's start-up short. policies.ts holds every factory and a test holds its names equal to these.
import type { CardTable } from './cardData.js';
import { PlannerPolicy } from './plannerPolicy.js';
import type { DarkFatePolicy } from './policy.js';

/** Every built-in policy, the default first (policies.ts describes each). */
export const BUILTIN_POLICY_NAMES: string[] = ['planner', 'search', 'search-ismcts', 'random', 'greedy', 'cautious', 'legacy-planner'];

/** The default policy (parameter policy's default), also the `base` a user module's factory gets. */
export const DEFAULT_POLICY = BUILTIN_POLICY_NAMES[0];

/** The default policy for a card table. */
export const defaultPolicy = (cards: CardTable): DarkFatePolicy => new PlannerPolicy(cards);
