// The Terminator CCG (Precedence, 2000), two-player Termination Scenario (issue 17).
// Rules source: ../shared/rules/terminator-ccg-ja.txt (a Japanese player's digest), our summary
// ../shared/rules/terminator-ccg-summary-en.md (its corrections section wins) and
// ../shared/rules/public-facts.md. No card list is public: scenarios/tccg/cards.yaml is a
// reference set with every value labelled (scenarios/tccg/README.md).
//
// Parameters: `sim params tccg` lists them all with their sources; each assumption names its
// alternatives.
//   view  deck FILE  Level 1: deck validation and exact consequences (deckView.ts)
//   mode  opening    Level 2: the opening and tempo model, Monte Carlo (openingMode.ts, openingSim.ts)
//   mode  game       Level 3: whole games between policies (gameMode.ts, gameEngine.ts)
import type { GameModule } from '../../core/gameModule.js';
import { checkOpeningGame, checkWholeGame } from './conformance.js';
import type { GameSimParams } from './gameEngine.js';
import { DECK_VIEW_PARAMS, runDeckView } from './deckView.js';
import { BUILTIN_POLICIES, RESISTANCE_POLICIES, SKYNET_POLICIES } from './gameBots.js';
import { DECISION_NAMES } from './gameDecisions.js';
import { SEARCH_ROOTS } from './gameSearch.js';
import { searchableNames } from '../../core/searchDecisions.js';
import { gameMode } from './gameMode.js';
import { gameSim } from './gameSim.js';
import { openingMode } from './openingMode.js';
import { openingSim, type OpeningSimParams } from './openingSim.js';

export const game: GameModule = {
  id: 'tccg',
  summary: 'The Terminator CCG, Termination Scenario: deck validation with exact set-up odds, the opening tempo, whole games on documented assumptions',
  modes: [openingMode, gameMode],
  views: [
    {
      name: 'deck',
      summary: "validates one side's Termination Scenario decks (every digest rule) and prints the exact opening band, hand limits, start loadouts and draw odds",
      argument: { key: 'file', name: 'FILE', doc: 'a deck file (YAML: side, drawDeck, locationDeck, start, condition?, reserve?, cards?)' },
      params: DECK_VIEW_PARAMS,
      sets: true,
      // An illegal deck is an answer (exit 0, result.legal false); an unreadable or unparsable file is a UsageError (exit 2).
      run: (params, { confidence }) => ({ report: runDeckView(params, confidence) }),
    },
  ],
  sims: { opening: openingSim, game: gameSim },
  policies: BUILTIN_POLICIES,
  // The shared tree search (src/core/search.ts) at every move, attack and search decision: hundreds of playouts a game.
  slowPolicies: ['search'],
  // The ladder climbs the Resistance's search by default; Skynet's: --param skynetPolicy --metric skynetWins.
  search: { policy: 'search', budget: 'searchIterations', policyParam: 'resistancePolicy', stored: async () => (await import('./gamePolicyGap.js')).storedGaps({ Resistance: RESISTANCE_POLICIES[0], Skynet: SKYNET_POLICIES[0] }), split: { param: 'searchDecisions', kinds: searchableNames(DECISION_NAMES, SEARCH_ROOTS) } },
  conformance: {
    runs: [
      { mode: 'opening', params: {}, n: 2000 },
      { mode: 'game', params: { resistancePolicy: 'random', skynetPolicy: 'random' }, n: 100 },
      { mode: 'game', params: {}, n: 100 },
      // The search on both sides at a small budget with no margin (so it departs from the bots), in short games: its resumes and re-deals in the workers, its games checked like any other.
      { mode: 'game', params: { resistancePolicy: 'search', skynetPolicy: 'search', searchIterations: 8, searchMargin: 0, maxTurns: 4 }, n: 2 },
    ],
    // The opening report's P(contact by turn t) beside its exact value (openingExact.ts).
    exactRows(report) {
      const r = report.result as { byTurn?: { contactByExact: number; contactBy: { lo: number; hi: number } }[] };
      return (r.byTurn ?? []).map((x) => ({ exact: x.contactByExact, lo: x.contactBy.lo, hi: x.contactBy.hi }));
    },
    checkGame(simName, simParams, rng, index) {
      if (simName === 'opening') return checkOpeningGame(simParams as OpeningSimParams, rng, index);
      if (simName === 'game') return checkWholeGame(simParams as GameSimParams, rng, index);
      throw new Error(`tccg has no simulation ${simName}`);
    },
  },
};
