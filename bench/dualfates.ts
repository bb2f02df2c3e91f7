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
  playerCase('dualfates match (knights hold vs horde hunt, 10 rounds)', matchSim, () => matchSimParams(resolveParams(MATCH_PARAMS, { teamB: 'horde', policyB: 'hunt' }, (k) => k)), 2_000),
];
