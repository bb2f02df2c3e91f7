// Computes the Dual Fates match's deployment mixes (scenarios/dualfates/deployment.yaml): for each
// pairing of teams, every fixed layout of side A's starting units (team file `deploy: true`, each at
// one of its side's deployment points) against every fixed layout of side B's, each cell played
// `--games` times on the same games (common random numbers: game i on stream (seed, i)) with every
// other decision the default policy's; the payoff is A's win rate − B's. The mixes are the
// equilibrium of that matrix game (a linear programme, solved exactly: src/core/matrixGame.ts),
// with layouts of weight under --min-weight dropped. A side that deploys by its mix cannot be beaten
// by much by any fixed layout of the other side (scripts/dualfatesLayouts.mjs checks that on fresh
// games). Build first (`npm run build`). Usage:
//   node scripts/dualfatesDeployment.mjs [--pairs knights:knights,knights:horde,…] [--games 4000]
//        [--seed 90001] [--min-weight 0.01] [--set key=value …] [-j 2]
//        [--out scenarios/dualfates/deployment.yaml]
// --set: parameters of the match (data values such as data.units.generic-soldier.health=5, a units
// or board file, a rule) the mixes are computed under; `sim dualfates match --deployment FILE`
// with the same values then plays them (the bundled file is for the bundled data only).
// Cost: the four built-in pairings at 4,000 games a cell (the bundled file), 46.6 M games, 17 minutes
// at -j 2 on the development machine (knights vs knights, 81 × 81 layouts, is most of it).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { wholeFlag } from './flags.mjs';
import { matchSimParams } from '../dist/src/games/dualfates/matchEntry.js';
import { game } from '../dist/src/games/dualfates/index.js';
import { coerceParam, resolveSourceParams } from '../dist/src/core/params.js';
import { MatchEngine } from '../dist/src/games/dualfates/matchEngine.js';
import { defaultMatchPolicy, policyCodes } from '../dist/src/games/dualfates/matchPolicies.js';
import { streamFor } from '../dist/src/core/rng.js';
import { mixPayoffs, solveMatrixGame } from '../dist/src/core/matrixGame.js';

/** The pairing's parameters with the --set values, deploying by the spread rule outside the layouts played. */
function paramsFor(teamA, teamB, sets) {
  const mode = game.modes.find((m) => m.name === 'match');
  const given = Object.fromEntries(sets.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  for (const k of ['teamA', 'teamB', 'deployment', 'policyA', 'policyB']) if (k in given) throw new Error(`dualfatesDeployment: --set ${k} is not a value the mixes are computed under (--pairs names the teams)`);
  const specs = [...mode.params, ...mode.extraParams(Object.fromEntries(mode.params.map((q) => [q.key, given[q.key] ?? q.default])))];
  const coerced = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, coerceParam(specs.find((q) => q.key === k) ?? { type: 'string' }, v)]));
  return matchSimParams(resolveSourceParams(mode, { ...coerced, teamA, teamB, deployment: 'spread' }, (k) => `dualfatesDeployment: --set ${k}`));
}

/** Every layout of `side`'s starting units: layout[k] is the point of its k-th starting unit. */
function layoutsOf(p, side) {
  const K = p.data.sides[side].units.filter((u) => u.deployFirst).length;
  const points = p.data.board.deployPoints[side];
  const out = [];
  for (let i = 0; i < points.length ** K; i++) {
    const layout = [];
    for (let k = 0, x = i; k < K; k++, x = Math.floor(x / points.length)) layout.push(points[x % points.length]);
    out.push(layout);
  }
  return out;
}

/** The default policy, but a fixed layout for the side's starting units. */
function layoutPolicy(layout) {
  const { DEPLOY_AT } = policyCodes().DECISION;
  return {
    name: 'layout',
    choose(rng, view, decision, options, n, allowNone) {
      if (decision === DEPLOY_AT && view.acting >= 0 && view.unitDeployFirst(view.acting)) {
        let k = 0;
        for (let f = 0; f < view.acting; f++) if (view.unitSide(f) === view.deciding && view.unitDeployFirst(f)) k++;
        for (let i = 0; i < n; i++) if (options[i] === layout[k]) return i;
        throw new Error(`dualfatesDeployment: point ${layout[k]} not offered`);
      }
      return defaultMatchPolicy.choose(rng, view, decision, options, n, allowNone);
    },
  };
}

if (!isMainThread) {
  // A worker: the cells c ≡ part (mod parts) of one pairing's matrix; [A wins, B wins] per cell.
  const { teamA, teamB, games, seed, part, parts, sets } = workerData;
  const p = paramsFor(teamA, teamB, sets);
  const L = [layoutsOf(p, 0), layoutsOf(p, 1)];
  const g = new MatchEngine(p.data, p.rules, [defaultMatchPolicy, defaultMatchPolicy]);
  const cells = [];
  for (let c = part; c < L[0].length * L[1].length; c += parts) {
    g.policies[0] = layoutPolicy(L[0][Math.floor(c / L[1].length)]);
    g.policies[1] = layoutPolicy(L[1][c % L[1].length]);
    let a = 0;
    let b = 0;
    for (let i = 0; i < games; i++) {
      g.play(streamFor(seed, i));
      if (g.outcome.winner === 0) a++;
      else if (g.outcome.winner === 1) b++;
    }
    cells.push([c, a, b]);
  }
  parentPort.postMessage(cells);
} else {
  try {
    await main();
  } catch (err) {
    // Bad input (an unknown --set key, a bad value, a team that is no team): one line, exit 2.
    if (err?.name !== 'UsageError' && !String(err?.message).startsWith('dualfatesDeployment:')) throw err;
    console.error(err.message.startsWith('dualfatesDeployment:') ? err.message : `dualfatesDeployment: ${err.message}`);
    process.exit(2);
  }
}

/** Weights under `min` dropped (the largest always kept), the rest as whole numbers summing to about 1,000. */
function wholeWeights(w, min) {
  const top = Math.max(...w);
  const kept = w.map((q) => (q >= min || q === top ? q : 0));
  const sum = kept.reduce((s, q) => s + q, 0);
  return kept.map((q) => Math.round((1000 * q) / sum));
}

async function main() {
  const { values: a } = parseArgs({
    options: {
      pairs: { type: 'string', default: 'knights:knights,knights:horde,horde:knights,horde:horde' },
      games: { type: 'string', default: '4000' },
      seed: { type: 'string', default: '90001' },
      'min-weight': { type: 'string', default: '0.01' },
      set: { type: 'string', multiple: true, default: [] },
      jobs: { type: 'string', short: 'j', default: '2' },
      out: { type: 'string', default: 'scenarios/dualfates/deployment.yaml' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: false,
  });
  const known = new Set(['pairs', 'games', 'seed', 'min-weight', 'set', 'jobs', 'j', 'out', 'help', 'h']);
  const unknown = Object.keys(a).find((k) => !known.has(k));
  if (a.help || unknown !== undefined) {
    // The usage is this file's header comment.
    const lines = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
    const header = lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
    (unknown === undefined ? console.log : console.error)(`${unknown === undefined ? '' : `dualfatesDeployment: unknown option --${unknown}\n\n`}${header}`);
    process.exit(unknown === undefined ? 0 : 2);
  }
  const games = wholeFlag('dualfatesDeployment', a, 'games', 10, 1e6);
  const seed = wholeFlag('dualfatesDeployment', a, 'seed', 0, 2 ** 32 - 1);
  const jobs = wholeFlag('dualfatesDeployment', a, 'jobs', 1, 64);
  const minWeight = Number(a['min-weight']);
  if (!(minWeight >= 0 && minWeight < 0.5)) {
    console.error(`dualfatesDeployment: --min-weight must be in [0, 0.5); got ${a['min-weight']}`);
    process.exit(2);
  }
  // Each cell's payoff has a standard error of about 1/√games (A's win − B's): a mix from few games is mostly noise.
  if (games < 1000) console.error(`dualfatesDeployment: ${games} games a cell: each cell ±${(196 / Math.sqrt(games)).toFixed(0)} points (95%), so the mixes are mostly noise; the bundled ones use 4,000`);
  const mixes = [];
  for (const pair of a.pairs.split(',')) {
    const [teamA, teamB] = pair.split(':');
    const p = paramsFor(teamA, teamB, a.set);
    const L = [layoutsOf(p, 0), layoutsOf(p, 1)];
    const t0 = Date.now();
    const parts = await Promise.all(
      Array.from({ length: jobs }, (_, part) => new Promise((res, rej) => {
        const w = new Worker(new URL(import.meta.url), { workerData: { teamA, teamB, games, seed, part, parts: jobs, sets: a.set } });
        w.once('message', res);
        w.once('error', rej);
      })),
    );
    const M = L[0].map(() => new Array(L[1].length).fill(0));
    for (const [c, wa, wb] of parts.flat()) M[Math.floor(c / L[1].length)][c % L[1].length] = (wa - wb) / games;
    const { x, y, value } = solveMatrixGame(M);
    const wx = wholeWeights(x, minWeight);
    const wy = wholeWeights(y, minWeight);
    const kept = mixPayoffs(M, wx.map((q) => q / 1000), wy.map((q) => q / 1000));
    const name = `${teamA} vs ${teamB}`;
    const pct = (q) => (100 * q).toFixed(2);
    const signed = (q) => `${q < 0 ? '−' : '+'}${Math.abs(100 * q).toFixed(2)}`;
    console.log(`${name}: ${L[0].length} × ${L[1].length} layouts, ${games} games a cell (${((Date.now() - t0) / 1000).toFixed(0)} s); value (A's win − B's) ${pct(value)} pp; the mixes as stored: best fixed A layout ${pct(Math.max(...kept.rows))}, best fixed B layout ${pct(Math.min(...kept.cols))}`);
    const ids = p.data.board.nodeIds;
    const side = (s, w) => ({
      team: p.data.sides[s].units.map((u) => u.name),
      starting: p.data.sides[s].units.filter((u) => u.deployFirst).map((u) => u.name),
      layouts: L[s].map((l, i) => ({ weight: w[i], at: l.map((q) => ids[q]) })).filter((l) => l.weight > 0).sort((u, v) => v.weight - u.weight),
    });
    mixes.push({
      name,
      A: side(0, wx),
      B: side(1, wy),
      value: Number(value.toFixed(4)),
      params: Object.fromEntries(a.set.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
      computed: `scripts/dualfatesDeployment.mjs --pairs ${teamA}:${teamB} --games ${games} --seed ${seed} --min-weight ${minWeight}${a.set.map((kv) => ` --set ${kv}`).join('')}: ${L[0].length} × ${L[1].length} fixed layouts, ${games} games a cell; the equilibrium of A's win rate − B's; on these games the best fixed layout against the stored mixes gains ${signed(Math.max(...kept.rows) - value)} pp over the value as A, ${signed(value - Math.min(...kept.cols))} pp as B`,
    });
  }
  const header = `# The Dual Fates match's deployment mixes (the built-in policies' --deployment equilibrium, the
# default): per pairing of teams (every unit, in order, and the units that start: the team file's
# deploy: true units, \`starting\`), a weighted list of whole-team layouts of each side's starting
# units (\`at\` gives each one's deployment point, in file order). A side draws one layout a game with
# these weights. Computed, not invented: an equilibrium of the deployment game with every other
# decision the default policy's, for the teams and the data \`computed\` names (the bundled unit
# sheets, scenarios/dualfates/units.yaml, and board, board.yaml, where it names no --set); see
# scenarios/dualfates/README.md, Deployment. Regenerate with scripts/dualfatesDeployment.mjs after a
# change to those files or to the default policy. value: A's win rate − B's at the mixes.
`;
  // Written by hand: one line a layout (JSON strings are YAML).
  const q = JSON.stringify;
  const sideText = (k, s) => [`    ${k}:`, `      team: [${s.team.map(q).join(', ')}]`, `      starting: [${s.starting.map(q).join(', ')}]`, '      layouts:', ...s.layouts.map((l) => `        - { weight: ${l.weight}, at: [${l.at.map(q).join(', ')}] }`)];
  const params = (m) => (Object.keys(m.params).length === 0 ? [] : [`    params: { ${Object.entries(m.params).map(([k, x]) => `${q(k)}: ${q(x)}`).join(', ')} }`]);
  const body = mixes.flatMap((m) => [`  - name: ${q(m.name)}`, `    value: ${m.value}`, `    computed: ${q(m.computed)}`, ...params(m), ...sideText('A', m.A), ...sideText('B', m.B)]);
  writeFileSync(a.out, `${header}mixes:\n${body.join('\n')}\n`);
  console.log(`wrote ${a.out}`);
}
