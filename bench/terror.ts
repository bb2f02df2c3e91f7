// Throughput of the Terror from Destiny simulation (one game = set-up, up to 13 turns and the
// Destiny phase), through the real runner path, for the built-in policies; and the search
// policy's cost per searched decision (issue 15: decisions/s beside games/s).
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { listActions } from '../src/games/terror/actionPhase.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { TERROR_DECISION } from '../src/games/terror/terrorDecision.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { plannerPolicy } from '../src/games/terror/terrorPlanner.js';
import { createSearchPolicy } from '../src/core/search.js';
import { TerrorEngine } from '../src/games/terror/terrorEngine.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { terrorSim } from '../src/games/terror/terrorSim.js';

function params(policy: string, rollouts = 8): TerrorSimParams {
  return {
    ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams),
    deathOrder: -1,
    policy,
    searchRollouts: rollouts,
    data: loadTerrorData(defaultDataFile()),
  };
}

function terrorCase(policy: string, batch = 2_000, rollouts = 8): BenchCase {
  const label = policy === 'search' ? `search policy, ${rollouts} rollouts per answer` : `${policy} policy`;
  return playerCase(`terror, ${label} (Monte Carlo)`, terrorSim, () => params(policy, rollouts), batch);
}

/**
 * One searched decision: the first ACTION of turn 3 of a planner game (seed 1, game 0), searched
 * again and again from the same state (the search restores it). Unit: decisions.
 */
function searchDecisionCase(rollouts: number): BenchCase {
  return {
    name: `terror, search: one ACTION decision, ${rollouts} rollouts per answer`,
    unit: 'decisions',
    batch: 20,
    setup() {
      const p = params('planner', rollouts);
      class Here extends Error {}
      const g = new TerrorGame(p, {
        name: 'stop',
        choose: (r, v, d, o, n, a) => {
          if (d === TERROR_DECISION.ACTION && v.deckLeft() <= 11 && (v as TerrorGame).turn >= 3) throw new Here();
          return plannerPolicy.choose(r, v, d, o, n, a);
        },
      });
      g.reset(streamFor(1, 0));
      try {
        g.play();
      } catch (e) {
        if (!(e instanceof Here)) throw e;
      }
      const search = createSearchPolicy(new TerrorEngine(g), { iterations: rollouts, perAnswer: true, margin: 1, depth: 0, rollout: plannerPolicy });
      g.policy = search;
      return { g, search, n: listActions(g), rng: streamFor(2, 0) };
    },
    run(state, _start, units) {
      const { g, search, n, rng } = state as { g: TerrorGame; search: typeof plannerPolicy; n: number; rng: ReturnType<typeof streamFor> };
      let sum = 0;
      for (let u = 0; u < units; u++) sum += search.choose(rng, g, TERROR_DECISION.ACTION, g.actionOptions, n, true);
      return sum;
    },
  };
}

export const cases: BenchCase[] = [terrorCase('planner'), terrorCase('death-order'), terrorCase('random'), terrorCase('search', 2, 8), searchDecisionCase(8)];
