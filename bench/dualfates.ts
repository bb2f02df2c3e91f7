// Dual Fates: the exact attack engine (one full computation: success, damage, attacks-to-
// incapacitate tail to 1e-9), the Monte Carlo attack player through the real recorder, the exact
// control calculator, and whole matches (knights holding pillars against the horde hunting).
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { exactAttack } from '../src/games/dualfates/attackExact.js';
import { attackSim, type AttackSimParams } from '../src/games/dualfates/attackSim.js';
import { defaultAttackParams } from '../src/games/dualfates/dualfatesParams.js';
import { controlResult } from '../src/games/dualfates/control.js';
import { MATCH_PARAMS, matchSimParams } from '../src/games/dualfates/matchEntry.js';
import { matchSim } from '../src/games/dualfates/matchSim.js';
import { resolveParams } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { DECISION, MatchEngine, type MatchView } from '../src/games/dualfates/matchEngine.js';
import { huntPolicy } from '../src/games/dualfates/matchPolicies.js';
import type { Policy } from '../src/core/policy.js';
import { createSearchPolicy } from '../src/core/search.js';

/**
 * The shared search's cost per decision on the match: the first ACTION of round 3 of a hunt-vs-hunt
 * game (knights vs horde, seed 1, game 0), searched again and again from the same state (the search
 * restores it). Unit: decisions.
 */
function searchDecisionCase(iterations: number): BenchCase {
  return {
    name: `dualfates match, search: one ACTION decision, ${iterations} iterations`,
    unit: 'decisions',
    batch: Math.max(1, Math.round(256 / iterations)),
    setup() {
      const p = matchSimParams(resolveParams(MATCH_PARAMS, { teamB: 'horde' }, (k) => k));
      const g = new MatchEngine(p.data, p.rules, [huntPolicy, huntPolicy]);
      class Here extends Error {}
      const stop: Policy<MatchView> = { name: 'stop', choose: (r, v, d, o, n, a) => {
        if (d === DECISION.ACTION && v.round >= 3 && n > 3) throw new Here();
        return huntPolicy.choose(r, v, d, o, n, a);
      } };
      g.policies = [stop, stop];
      try {
        g.play(streamFor(1, 0));
      } catch (e) {
        if (!(e instanceof Here)) throw e;
      }
      const search = createSearchPolicy(g, { iterations, depth: 0, rollout: huntPolicy });
      const options = (g as unknown as { options: Int32Array }).options;
      const n = (g as unknown as { pendingN: number }).pendingN;
      return { g, search, options, n, rng: streamFor(2, 0) };
    },
    run(state, _start, units) {
      const { g, search, options, n, rng } = state as { g: MatchEngine; search: Policy<MatchView>; options: Int32Array; n: number; rng: ReturnType<typeof streamFor> };
      let sum = 0;
      for (let u = 0; u < units; u++) sum += search.choose(rng, g, DECISION.ACTION, options, n, false);
      return sum;
    },
  };
}

// Heavy damage vs a Training Knight (DEF 7, armor 1, health 5): about 3.0 attacks per game.
const simParams: AttackSimParams = { target: 7, successRule: 'meetOrBeat', deflect: false, deflectRule: 'meetOrBeat', damageDice: 'higher2d6', shields: 0, armor: 1, health: 5, maxAttacks: (1 << 20) - 1 };

export const cases: BenchCase[] = [
  {
    name: 'dualfates exact attack (DEF 2..12, heavy, armor 1, health 5)',
    unit: 'computations',
    batch: 200,
    setup: () => defaultAttackParams({ damage: 'heavy', armor: 1, health: 5 }),
    run(state, start, units) {
      const base = state as ReturnType<typeof defaultAttackParams>;
      let sum = 0;
      for (let i = start; i < start + units; i++) sum += exactAttack({ ...base, value: 2 + (i % 11) }).toIncapacitate.mean;
      return sum;
    },
  },
  playerCase('dualfates attack Monte Carlo (games of ~3.0 attacks until incapacitated)', attackSim, () => simParams, 100_000),
  {
    name: 'dualfates control exact (K = 0..5 summary and the 10-round convolution)',
    unit: 'computations',
    batch: 20,
    setup: () => null,
    run(_state, start, units) {
      let sum = 0;
      for (let i = start; i < start + units; i++) sum += controlResult(i % 6, 10).distribution.length;
      return sum;
    },
  },
  playerCase('dualfates match (knights hold vs horde hunt, 10 rounds)', matchSim, () => matchSimParams(resolveParams(MATCH_PARAMS, { teamB: 'horde', policyA: 'hold', policyB: 'hunt' }, (k) => k)), 2_000),
  // fight (the default before 2026-12-06) against itself, and the default, threat (fight weighing the enemy's threat: actionEnd and expectedDamage at each ACTION), against itself: what threat costs a game.
  playerCase('dualfates match, fight vs fight (knights mirror)', matchSim, () => matchSimParams(resolveParams(MATCH_PARAMS, { policyA: 'fight', policyB: 'fight' }, (k) => k)), 2_000),
  playerCase('dualfates match, threat vs threat (knights mirror)', matchSim, () => matchSimParams(resolveParams(MATCH_PARAMS, { policyA: 'threat', policyB: 'threat' }, (k) => k)), 2_000),
  playerCase('dualfates match, search (32 iterations) vs hunt', matchSim, () => matchSimParams(resolveParams(MATCH_PARAMS, { teamB: 'horde', policyA: 'search', searchIterations: 32 }, (k) => k)), 1),
  searchDecisionCase(32),
  searchDecisionCase(128),
];
