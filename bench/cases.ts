// Every benchmark case: for each game in the registry, the cases of bench/<game id>.ts (export
// `cases`) when that file exists. A new game's bench is one file, found by its id. The reference
// case (bench/referenceDeckBuilder.ts) is measured first by bench/run.ts.
import { existsSync } from 'node:fs';
import { gameIds } from '../src/games/index.js';
import type { BenchCase } from './benchCase.js';

export const BENCH_CASES: BenchCase[] = [];
for (const id of gameIds()) {
  const file = new URL(`./${id}.js`, import.meta.url);
  if (existsSync(file)) BENCH_CASES.push(...((await import(file.href)) as { cases: BenchCase[] }).cases);
}
