// The built-in Dark Fate policies by name, the default first (Dominiate's shape: a base with a
// default for every decision, specialised by overriding a few). They read only DarkFateView.
//   planner  — a turn planner over the view (plannerPolicy.ts): the best heuristic, measured by paired runs.
//   search   — determinized rollouts over turn plans, the planner playing the rollouts (searchPolicy.ts).
//   search-ismcts — the shared search (ISMCTS, core/search.ts) over the engine contract, the
//              planner proposing and playing the playouts (darkfateSearch.ts). Not yet `search`:
//              on the measured runs (scenarios/darkfate/README.md) it gained less over the planner.
//   legacy-planner — the default before issue 15, kept to measure what the planner changed (legacyPlannerPolicy.ts).
//   random   — uniform over the legal choices of every decision (randomPolicy.ts).
//   greedy   — plays everything, fights, buys the best card it can afford; never flees
//              (greedyDecisions.ts, with its fast path in greedyPolicy.ts).
//   cautious — greedy, but flees a damaged Rev-9 unless the next player can plausibly stagger
//              it (cautiousPolicy.ts).
// Their names and the default's factory are in policyNames.ts, which a run of the default loads
// instead of this module (a shorter start-up).
import type { CardTable } from './cardData.js';
import { CautiousPolicy } from './cautiousPolicy.js';
import { GreedyPolicy } from './greedyPolicy.js';
import { LegacyPlannerPolicy } from './legacyPlannerPolicy.js';
import type { DarkFatePolicy } from './policy.js';
import { BUILTIN_POLICY_NAMES, DEFAULT_POLICY, defaultPolicy } from './policyNames.js';
import { compiledCards } from './compiledCards.js';
import { DarkFateEngine } from './engine.js';
import type { DarkFateSimParams } from './darkfateSim.js';
import { randomPolicy } from './randomPolicy.js';
import { DarkFateSearchPolicy, DEFAULT_SEARCH, type SearchBudget } from './darkfateSearch.js';
import { SearchPolicy } from './searchPolicy.js';

/** A built-in policy for a card table; `search` is the search policy's budget (the others ignore it). */
export type PolicyFactory = (cards: CardTable, search?: SearchBudget) => DarkFatePolicy;

export const BUILTIN_POLICIES: Record<string, PolicyFactory> = {
  planner: defaultPolicy,
  search: (cards, search = DEFAULT_SEARCH) => new SearchPolicy(cards, search, rolloutFactory(search)),
  'search-ismcts': (cards, search = DEFAULT_SEARCH) => new DarkFateSearchPolicy(cards, search, rolloutFactory(search)(cards)),
  random: randomPolicy,
  greedy: (cards) => new GreedyPolicy(cards),
  cautious: (cards) => new CautiousPolicy(cards),
  'legacy-planner': (cards) => new LegacyPlannerPolicy(cards),
};

/** The heuristic that plays a search's rollouts. */
function rolloutFactory(search: SearchBudget): PolicyFactory {
  const rollout = BUILTIN_POLICIES[search.rollout];
  if (!rollout || search.rollout.startsWith('search')) throw new Error(`search: rollout policy "${search.rollout}" is not a built-in heuristic`);
  return rollout;
}

export { BUILTIN_POLICY_NAMES, DEFAULT_POLICY };

/** Builds the engine with a built-in policy (synchronous: no module to import). */
export function buildEngineSync(p: DarkFateSimParams): DarkFateEngine {
  const cards = compiledCards(p.cards);
  const factory = BUILTIN_POLICIES[p.policy];
  if (!factory) throw new Error(`unknown built-in policy ${p.policy}`);
  return new DarkFateEngine(cards, p.rules, p.setup, factory(cards, p.search));
}
