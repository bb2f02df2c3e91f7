// Every benchmark case, one line per game. The reference case is always measured first.
import type { BenchCase } from './benchCase.js';
import { diceCases } from './dice.js';

export const BENCH_CASES: BenchCase[] = [...diceCases];
BENCH_CASES.push(...(await import('./dualfates.js')).dualfatesCases);
BENCH_CASES.push(...(await import('./genisys.js')).genisysCases);
BENCH_CASES.push(...(await import('./darkfate.js')).darkfateCases);
BENCH_CASES.push(...(await import('./terror.js')).terrorCases);
