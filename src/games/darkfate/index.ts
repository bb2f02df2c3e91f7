// Terminator: Dark Fate – The Card Game (rules: ../shared/rules/dark-fate-card-game.txt).
// A cooperative deck-builder: 1–4 players against one or more Rev-9 cards; the report gives the
// win rate, the causes of loss and game length per Rev-9 version, played by a policy.
//
// Parameters: rev9, players, solo, characters, goOnWithoutMe, neuralNet (set-up and optional
// rules); cards (card data), cardChanges (house rules on single cards), policy (built-in or a
// module) and the search policy's budget (searchRollouts, searchDepth, searchRollout,
// searchMargin); rule constants (handSize, woundsToDie, reserveSetup, refillTo, rev9Depth,
// prepCards, setbackCards, nnHandSize); fleeEndsHunt (a rule reading); maxTurns (safety net);
// trace (print one game).
import type { GameModule } from '../../core/gameModule.js';
import { cardValueSpecs, darkfateEntry } from './darkfateEntry.js';
import { DARKFATE_PARAMS } from './darkfateParams.js';
import { darkfateSim, type DarkFateSimParams } from './darkfateSim.js';
import { BUILTIN_POLICY_NAMES } from './policyNames.js';

export const game: GameModule = {
  id: 'darkfate',
  summary: 'Terminator: Dark Fate card game: win rate, losses by cause and game length by Rev-9 version',
  modes: [
    {
      name: '',
      summary: darkfateEntry.summary,
      params: DARKFATE_PARAMS,
      // Every numeric field of the card data chosen, as card.<card>.<field> (a house rule on one card).
      // (Also as data.cards.<card>.<field>, the spelling every game's data values share.)
      extraParams: cardValueSpecs,
      defaultGames: 1e5,
      run: darkfateEntry.run,
    },
  ],
  sims: { darkfate: darkfateSim },
  policies: ['planner', ...BUILTIN_POLICY_NAMES.filter((p) => p !== 'planner')],
  // Rollouts at every turn: about a thousand planner games per searched game (search-ismcts: some thousands).
  slowPolicies: ['search', 'search-ismcts'],
  search: { policy: 'search', budget: 'searchRollouts', stored: async () => (await import('./policyGap.js')).storedGaps(), split: { param: 'searchPlans', kinds: (DARKFATE_PARAMS.find((q) => q.key === 'searchPlans')?.choices ?? []).filter((k) => k !== 'all') } },
  conformance: {
    runs: [
      { mode: '', params: { rev9: 'all', policy: 'random' }, n: 60 },
      { mode: '', params: { policy: 'planner' }, n: 30 },
      { mode: '', params: { rev9: 'fully-operational', policy: 'cautious', players: 3, fleeEndsHunt: true }, n: 20 },
      { mode: '', params: { solo: true, players: 1, neuralNet: true, goOnWithoutMe: true, policy: 'greedy' }, n: 30 },
      // The search policy on a small budget: its rollouts must not change what a run plays at any -j.
      { mode: '', params: { rev9: 'fully-operational', policy: 'search', searchRollouts: 2 }, n: 2 },
    ],
    // Loaded when a conformance run asks (it brings every built-in policy).
    checkGame: async (_sim, p, rng, index) => (await import('./checkDarkFateGame.js')).checkDarkFateGame(p as DarkFateSimParams, rng, index),
  },
};
