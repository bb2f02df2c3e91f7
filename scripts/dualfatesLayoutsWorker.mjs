// A worker of scripts/dualfatesLayouts.mjs --engine: plays each task (a layout index of `side`, its units deployed in `order`, or
// -1 for the default itself) against the default on games [0, n) of `seed` (game i on stream
// (seed, i)) and posts [task, wins] with wins[i] = 1 when `side` won game i.
import { parentPort, workerData } from 'node:worker_threads';
import { layoutPolicy, layoutsOf, paramsFor } from './dualfatesStrategies.mjs';
import { MatchEngine } from '../dist/src/games/dualfates/matchEngine.js';
import { defaultMatchPolicy } from '../dist/src/games/dualfates/matchPolicies.js';
import { streamFor } from '../dist/src/core/rng.js';

const { teamA, teamB, sets, deployment, side, n, seed, tasks, order } = workerData;
const L = layoutsOf(paramsFor('dualfatesLayouts', teamA, teamB, sets), side);
const p = paramsFor('dualfatesLayouts', teamA, teamB, sets, deployment);
const g = new MatchEngine(p.data, p.rules, [defaultMatchPolicy, defaultMatchPolicy]);
const offset = side === 0 ? 0 : p.data.sides[0].units.length;
const out = [];
for (const t of tasks) {
  g.policies[0] = defaultMatchPolicy;
  g.policies[1] = defaultMatchPolicy;
  if (t >= 0) g.policies[side] = layoutPolicy(L[t], offset, order);
  const wins = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    g.play(streamFor(seed, i));
    wins[i] = g.outcome.winner === side ? 1 : 0;
  }
  out.push([t, wins]);
}
parentPort.postMessage(out);
