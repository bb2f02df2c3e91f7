// Throughput of the dice simulation (one game = one roll of 3d6), through the real runner path.
import type { BenchCase } from './benchCase.js';
import { playerCase } from './playerCase.js';
import { diceSim } from '../src/games/dice/diceSim.js';

export const cases: BenchCase[] = [playerCase('dice 3d6 5+ (Monte Carlo)', diceSim, () => ({ count: 3, sides: 6, target: 5 }), 200_000)];
