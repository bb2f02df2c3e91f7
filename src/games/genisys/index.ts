// Terminator Genisys: The Miniatures Game (rules: ../shared/rules/genisys-miniatures-game.txt).
// The odds of one attack — hits, cover saves, damage, Resolution tests, the target's final state —
// exact by default and by Monte Carlo beside it; die-step tables over the attack's parameters;
// fire teams (several attackers at a group of targets over volleys, exact where the state space
// allows it); matchups (several attackers against several targets, exact, per point).
//
// Parameters: see genisysParams.ts (units and picks; the attack; the target's and the weapon's
// special rules; rule constants toHit.*, save.target, cover.*, resolution.*, …) and
// fireTeamEntry.ts (attackers, targets, range, cover, targeting, volleys, near, suppressive,
// comrades, aimed, hasta, and the same rule constants).
import type { GameModule } from '../../core/gameModule.js';
import { attackSim } from './attackSim.js';
import { fireTeamMode } from './fireTeamEntry.js';
import { checkFireTeamGame, fireTeamSim } from './fireTeamSim.js';
import type { FireTeamPlan } from './fireTeam.js';
import { skirmishMode } from './skirmishEntry.js';
import { SKIRMISH_POLICIES } from './skirmishPolicy.js';
import { DECISION_NAMES, SEARCH_ROOTS } from './skirmish.js';
import { searchableNames } from '../../core/searchDecisions.js';
import { checkSkirmishGame, skirmishSim } from './skirmishSim.js';
import type { SkirmishSpec } from './skirmishSpec.js';
import { genisysEntry } from './genisysEntry.js';
import { GENISYS_PARAMS } from './genisysParams.js';
import { matchupView } from './matchupView.js';
import { tableView } from './tableView.js';
import { unitsValueSpecs } from './units.js';

export const game: GameModule = {
  id: 'genisys',
  summary: 'Terminator Genisys: The Miniatures Game — attack odds by die step, fire teams, a squad skirmish (exact, or Monte Carlo)',
  modes: [
    {
      name: 'attack',
      summary: 'odds of one attack: per-die hit/unsaved/damage, damaging hits 0..ROF, final state of the target',
      params: GENISYS_PARAMS,
      // Every number of the units file, as data.units.<unit>.<field> and data.weapons.<weapon>.<field>.
      extraParams: unitsValueSpecs,
      defaultGames: 1e6,
      run: genisysEntry.run,
    },
    fireTeamMode,
    skirmishMode,
  ],
  views: [tableView, matchupView],
  sims: { attack: attackSim, fireteam: fireTeamSim, skirmish: skirmishSim },
  policies: SKIRMISH_POLICIES,
  // The shared tree search (src/core/search.ts) over the skirmish (skirmishSearch.ts): thousands of playouts a game.
  slowPolicies: ['search'],
  search: { policy: 'search', budget: 'searchIterations', policyParam: 'policyA', stored: async () => (await import('./skirmishPolicyGap.js')).storedGaps(), split: { param: 'searchDecisions', kinds: searchableNames(DECISION_NAMES, SEARCH_ROOTS) } },
  conformance: {
    runs: [
      { mode: 'attack', params: {}, n: 1 },
      { mode: 'attack', params: { method: 'mc' }, n: 20_000 },
      { mode: 'attack', params: { method: 'mc', attacker: 'endoskeleton', weapon: 'plasma-gun', target: 'resistance-captain', tdd: true }, n: 20_000 },
      { mode: 'attack', params: { method: 'mc', target: 'endoskeleton', weapon: 'terminator-claws', tdd: true, defenderTdd: 'contest', resilient: '2' }, n: 20_000 },
      { mode: 'fireteam', params: {}, n: 1 },
      { mode: 'fireteam', params: { method: 'mc', volleys: 3, targets: '2*resistance-soldier,resistance-captain@30' }, n: 5_000 },
      { mode: 'fireteam', params: { method: 'mc', attackers: '2*endoskeleton:terminator-claws', targets: 'endoskeleton,resistance-soldier', range: 'cc', volleys: 4 }, n: 5_000 },
      { mode: 'skirmish', params: {}, n: 150 },
      { mode: 'skirmish', params: { policyA: 'random', policyB: 'random', sideB: '2*endoskeleton,crawler#2', tableSize: 'large', tdd: 'none' }, n: 300 },
      // The search, either side, at a tiny budget with no margin (so it departs from the bots): its resumes in the workers, its playouts checked like any game.
      { mode: 'skirmish', params: { policyB: 'search', searchIterations: 4, searchMargin: 0 }, n: 3 },
      { mode: 'skirmish', params: { units: 'scenarios/genisys/resistance-assumed.yaml', sideA: '2*endoskeleton', sideB: 'resistance-captain,4*resistance-soldier', policyA: 'aim', policyB: 'hold', 'cover.chance': 0.8 }, n: 300 },
      // Runs where the exact chain cannot follow the hits (spread/random targeting, Area, suppressive
      // fire, comrades) show no exact value, which the suite asks of an exact-capable mode's Monte
      // Carlo run: test/genisys-fireteam.test.ts replays them at other -j and chunk sizes instead.
    ],
    async checkGame(simName, simParams, rng, index) {
      if (simName === 'skirmish') await checkSkirmishGame(simParams as SkirmishSpec, rng, index);
      if (simName === 'fireteam') await checkFireTeamGame(simParams as FireTeamPlan, rng, index);
    },
  },
};
