// Every benchmark case, one line per game. The reference case is always measured first.
import type { BenchCase } from './benchCase.js';
import { diceCases } from './dice.js';

export const BENCH_CASES: BenchCase[] = [...diceCases];
