// Terminator Genisys attack engines: the exact engine on one configuration, the full default
// die-step table (6 Skill × 5 ranges × 6 Power × 8 Armor × 4 covers = 5,760 exact attacks), and
// Monte Carlo attacks through the real player and recorder (one stream per attack, as the runner does);
// the fire team of scenarios/genisys/fireteam.yaml (3 plasma guns at 5 soldiers, 3 volleys), exact and Monte Carlo;
// the skirmish of scenarios/genisys/skirmish-infighting.yaml (3 Endoskeletons a side, advance bots),
// and its search (src/core/search.ts over skirmishSearch.ts): whole games, and one move decision.
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { resolveParams } from '../src/core/params.js';
import { compileAttack, type AttackPlan } from '../src/games/genisys/attackPlan.js';
import { attackSim } from '../src/games/genisys/attackSim.js';
import { dieStepTables } from '../src/games/genisys/dieStepTable.js';
import { exactAttack } from '../src/games/genisys/exactAttack.js';
import { GENISYS_PARAMS, readParams, type GenisysParams } from '../src/games/genisys/genisysParams.js';
import { buildFireTeam, FIRETEAM_PARAMS } from '../src/games/genisys/fireTeamEntry.js';
import { exactFireTeam } from '../src/games/genisys/fireTeamExact.js';
import { fireTeamSim } from '../src/games/genisys/fireTeamSim.js';
import { buildSkirmish, SKIRMISH_PARAMS } from '../src/games/genisys/skirmishEntry.js';
import { skirmishSim } from '../src/games/genisys/skirmishSim.js';
import { Layout } from '../src/core/aggregate.js';
import { playChunk } from '../src/core/chunk.js';
import type { GamePlayer } from '../src/core/game.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor } from '../src/core/rng.js';
import { DEC_MOVE, Skirmish } from '../src/games/genisys/skirmish.js';
import { skirmishPolicy } from '../src/games/genisys/skirmishPolicy.js';
import { createSkirmishSearch } from '../src/games/genisys/skirmishSearch.js';

// The acceptance configuration: Skill D8, ROF 2, Point Blank, Power D8 vs 4+, Resolution D8.
const ACCEPTANCE = { skill: 'd8', rof: 2, range: 'pb', power: 'd8', armor: 4, resolution: 'd8' };
const paramsOf = (o: Record<string, unknown>): GenisysParams => readParams(resolveParams(GENISYS_PARAMS, o, (k) => k));

/**
 * The search's cost per decision on the skirmish: the first move of turn 2 with more than three
 * options in an advance-vs-advance Infighting game (seed 1, game 0), searched again and again from
 * the same state (the search restores it). Unit: decisions.
 */
function skirmishSearchDecisionCase(iterations: number): BenchCase {
  return {
    name: `genisys skirmish, search: one move decision, ${iterations} iterations`,
    unit: 'decisions',
    batch: Math.max(1, Math.round(512 / iterations)),
    async setup() {
      const g = new Skirmish(await buildSkirmish(resolveParams(SKIRMISH_PARAMS, {}, (k) => k)));
      const bot = skirmishPolicy('advance');
      class Here extends Error {}
      const stop: Policy<Skirmish> = { name: 'stop', choose: (r, v, d, o, n, a) => {
        if (d === DEC_MOVE && v.turn() >= 2 && n > 3) throw new Here();
        return bot.choose(r, v, d, o, n, a);
      } };
      g.policies = [stop, stop];
      try {
        g.play(streamFor(1, 0));
      } catch (e) {
        if (!(e instanceof Here)) throw e;
      }
      const search = createSkirmishSearch(g, ['advance', 'advance'], { iterations, depth: 0, margin: 2, bot: 'advance' });
      const options = (g as unknown as { options: Int32Array }).options;
      const n = (g as unknown as { pendingN: number }).pendingN;
      return { g, search, options, n, rng: streamFor(2, 0) };
    },
    run(state, _start, units) {
      const { g, search, options, n, rng } = state as { g: Skirmish; search: Policy<Skirmish>; options: Int32Array; n: number; rng: ReturnType<typeof streamFor> };
      let sum = 0;
      for (let u = 0; u < units; u++) sum += search.choose(rng, g, DEC_MOVE, options, n, false);
      return sum;
    },
  };
}

export const cases: BenchCase[] = [
  {
    name: 'genisys exact attack (D8 ×2 pb, D8 vs 4+)',
    unit: 'configurations',
    batch: 20_000,
    // "one configuration in a few microseconds", read as at most 5 µs.
    target: { perSecond: 200_000, source: 'issue 3' },
    setup: () => compileAttack(paramsOf(ACCEPTANCE)),
    run(state, _start, units) {
      const plan = state as AttackPlan;
      let s = 0;
      for (let i = 0; i < units; i++) s += exactAttack(plan).damage[1];
      return s;
    },
  },
  {
    name: 'genisys exact default table (5,760 cells)',
    unit: 'tables',
    batch: 2,
    // "the full default table … in under 50 ms".
    target: { perSecond: 20, source: 'issue 3' },
    setup: () => paramsOf({ rof: 2 }),
    run(state, _start, units) {
      let s = 0;
      for (let i = 0; i < units; i++) s += dieStepTables(state as GenisysParams, ['skill', 'range'], ['power', 'armor'], ['cover'], 'any-damage').length;
      return s;
    },
  },
  // "at least 10 million attacks per second per core" (one game is one attack); and 1.1× the
  // reference's player turns per second in the same run (40 a game: ratio 44 in games).
  { ...playerCase('genisys attack (Monte Carlo, D8 ×2 pb)', attackSim, () => compileAttack(paramsOf(ACCEPTANCE)), 200_000), target: { perSecond: 10_000_000, ratio: 44, source: 'issues 3 and 29' } },
  {
    name: 'genisys fireteam exact chain (3 plasma guns × 3 volleys at 5 soldiers)',
    unit: 'teams',
    batch: 20,
    setup: () => buildFireTeam(resolveParams(FIRETEAM_PARAMS, { volleys: 3 }, (k) => k)),
    run(state, _start, units) {
      const t = state as ReturnType<typeof buildFireTeam>;
      let s = 0;
      for (let i = 0; i < units; i++) s += exactFireTeam(t.fp, t.input, t.data, t.file).removed[5];
      return s;
    },
  },
  playerCase('genisys fireteam (Monte Carlo, 3 plasma guns × 3 volleys at 5 soldiers)', fireTeamSim, () => buildFireTeam(resolveParams(FIRETEAM_PARAMS, { volleys: 3 }, (k) => k)).fp, 20_000),
  {
    // Setup compiles the forces' plans (and their exact P(removed)) and builds the engine.
    name: 'genisys skirmish (Monte Carlo, Infighting 3 vs 3, advance bots)',
    unit: 'games',
    batch: 2_000,
    setup: async () => {
      const spec = await buildSkirmish(resolveParams(SKIRMISH_PARAMS, {}, (k) => k));
      return { player: (await skirmishSim.createPlayer(spec)) as GamePlayer, layout: new Layout(skirmishSim.metrics(spec)) };
    },
    run(state, start, units) {
      const { player, layout } = state as { player: GamePlayer; layout: Layout };
      return playChunk(player, layout, 7, start, units)[1];
    },
  },
  {
    name: 'genisys skirmish, search (32 iterations) vs advance (Infighting)',
    unit: 'games',
    batch: 4,
    setup: async () => {
      const spec = await buildSkirmish(resolveParams(SKIRMISH_PARAMS, { policyA: 'search', searchIterations: 32 }, (k) => k));
      return { player: (await skirmishSim.createPlayer(spec)) as GamePlayer, layout: new Layout(skirmishSim.metrics(spec)) };
    },
    run(state, start, units) {
      const { player, layout } = state as { player: GamePlayer; layout: Layout };
      return playChunk(player, layout, 7, start, units)[1];
    },
  },
  skirmishSearchDecisionCase(32),
  skirmishSearchDecisionCase(128),
];
