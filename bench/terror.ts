// Throughput of the Terror from Destiny simulation (one game = set-up, up to 13 turns and the
// Destiny phase), through the real runner path, for both built-in policies.
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { defaultsOf } from '../src/core/params.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { terrorSim } from '../src/games/terror/terrorSim.js';

function terrorCase(policy: string): BenchCase {
  return playerCase(`terror, ${policy} policy (Monte Carlo)`, terrorSim, (): TerrorSimParams => ({
    ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams),
    deathOrder: -1,
    policy,
    data: loadTerrorData(defaultDataFile()),
  }), 2_000);
}

export const cases: BenchCase[] = [terrorCase('planner'), terrorCase('death-order'), terrorCase('random')];
