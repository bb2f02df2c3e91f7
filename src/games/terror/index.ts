// Final Girl: Terror from Destiny (rules: ../shared/rules/final-girl-terror-from-destiny.txt).
// Solo: Gabrielle against the Killer's Destiny on the Location; the report gives how often she
// survives, what kills her, and the Fated Victims saved, killed and in Limbo.
//
// Parameters: deathOrder, policy, data (the run's choices and data), the rule constants
// (horrorStart, timePerTurn, timeExtreme, handLimit, terrorDealt, terrorPerPhase,
// terrorPerPhaseNoFated, bloodlustStart, successFrom, partialFrom, partialCost), the readings
// (finalHealth, thwartRoll, moveThroughExits), the search budget (searchRollouts, searchMargin,
// searchDepth, rolloutPolicy), trace (print one game).
import { commentLabels } from '../../core/dataLabels.js';
import { dataValueSpecs } from '../../core/dataValues.js';
import { readInputFile } from '../../core/inputFile.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import type { GameModule } from '../../core/gameModule.js';
import { checkTerrorGame } from './checkTerrorGame.js';
import { terrorEntry } from './terrorEntry.js';
import { BUILTIN_POLICIES, DEFAULT_DATA, TERROR_PARAMS, type TerrorSimParams } from './terrorParams.js';
import { defaultDataFile } from './terrorData.js';
import { terrorSim } from './terrorSim.js';
import { SEARCH_ROOTS, TERROR_DECISION_NAMES } from './terrorDecision.js';
import { searchableNames } from '../../core/searchDecisions.js';

export const game: GameModule = {
  id: 'terror',
  summary: 'Final Girl: Terror from Destiny: survival odds, what kills her, Fated Victims saved/killed/in Limbo',
  modes: [
    {
      name: '',
      summary: 'Final Girl: Terror from Destiny: survival rate, deaths in play vs the Destiny phase, Fated Victims saved/killed/in Limbo, achievements',
      params: TERROR_PARAMS,
      // Every number and true/false of the data file chosen, as data.<path> (--set data.finalGirl.health=5).
      // Each labelled as the file's comments label it ([rulebook], [public], [assumed]; src/core/dataLabels.ts).
      extraParams: (fixed) => {
        const label = String(fixed.data);
        const text = readInputFile(label === DEFAULT_DATA ? defaultDataFile() : label, label, 4 * 1024 * 1024);
        return dataValueSpecs(parseYamlSafely(text, label), label, commentLabels(text));
      },
      defaultGames: 1e5,
      run: terrorEntry.run,
    },
  ],
  sims: { terror: terrorSim },
  policies: BUILTIN_POLICIES,
  search: { policy: 'search', budget: 'searchRollouts', stored: async () => (await import('./terrorPolicyGap.js')).storedGaps(), split: { param: 'searchDecisions', kinds: searchableNames(TERROR_DECISION_NAMES, SEARCH_ROOTS) } },
  // Rollouts at its ACTION and BUY decisions: thousands of games' work per searched game.
  slowPolicies: ['search'],
  conformance: {
    runs: [
      { mode: '', params: {}, n: 100 },
      { mode: '', params: { policy: 'random', deathOrder: '2' }, n: 100 },
      { mode: '', params: { policy: 'death-order', deathOrder: '3' }, n: 100 },
      { mode: '', params: { policy: 'search', searchRollouts: 1 }, n: 4 },
    ],
    checkGame: (_sim, p, rng, index) => checkTerrorGame(p as TerrorSimParams, rng, index),
  },
};
