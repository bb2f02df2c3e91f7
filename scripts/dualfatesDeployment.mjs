// Computes the Dual Fates match's deployments (scenarios/dualfates/deployment.yaml): for each
// pairing of teams, the layouts each side may deploy (which units start: as many points as the
// Vortex cap holds, no reserve unit fitting beside them; and where: one of its side's deployment
// points each; units with the same name and sheet are one choice), the payoff between every two of
// them (A's win rate − B's, each cell played `--games` times on the same games: common random
// numbers, game i on stream (seed, i), every other decision the default policy's), and a mix of
// them (the equilibrium of that matrix game, solved exactly: src/core/matrixGame.ts; layouts under
// --min-weight get weight 0). The built-in policies deploy by the plan of the alternating
// deployment over those layouts and payoffs (src/games/dualfates/deployPlan.ts: each placement the
// best for its side given the other's so far) and draw from the mix off the plan. The layouts are
// found by a double oracle: from the team files' starting units at the totem, each round every
// layout of each side plays `--br-games` games against the default deploying so, and the best
// (`--add` a side, gaining over `--eps`) join; until none does or `--rounds` is reached. The last
// round's best challengers are in the file's `computed` line; scripts/dualfatesLayouts.mjs checks
// on fresh games that no fixed layout beats the default by much. Build first (`npm run build`). Usage:
//   node scripts/dualfatesDeployment.mjs [--pairs knights:knights,knights:horde,…] [--games 4000]
//        [--br-games 2000] [--screen 0] [--screen-top 40] [--orders team] [--add 4] [--eps 0.005] [--rounds 12]
//        [--seed 90001] [--confirm]
//        [--min-weight 0.01] [--set key=value …] [-j 2] [--from FILE [--from-weighted]] [--matrix FILE]
//        [--out scenarios/dualfates/deployment.yaml]
// --from: start each pairing from the layouts of its mix in FILE (a deployment file of this form,
// or a --matrix file), for example to go on from an earlier run; without it, from the team files'
// starting units. Its cells played on the same --games and --seed (and, for a deployment file, the
// same --set, its first cell played again and equal) are kept, not played again. --from-weighted: only
// the file's layouts of positive weight (a mix's support), so that a run under another default or
// other rules starts small and the double oracle adds what that play needs (its cells are new games).
// --matrix FILE: also write every joined layout and cell (A's win rate − B's), after each round.
// --screen N: each round, every layout first plays N games against the default, and only the best
// --screen-top of each side go on to the --br-games (on other games): cheaper for the knights' 585.
// --orders team,reverse,cheap: the challengers deploy their units in each of these orders (as
// scripts/dualfatesLayouts.mjs --order; default team order only); a layout joins in whichever order
// beat the default, and the plan deploys it in team order (its cells are played in team order).
// --confirm: the layouts that would join a round (the best --add a side over --eps) play again on
// --br-games fresh games (the stream's next ones) and join only if they gain over --eps there too;
// the run stops when none does. The best of many layouts on the same games gains by selection alone
// (2026-12-07: the horde against the knights joined 16 layouts in 3 rounds, best challengers +2.4 to
// +4.3, and neither the mix nor the plan moved), so without it a run rarely stops before --rounds.
// --set: parameters of the match (data values such as data.units.generic-soldier.health=5, a units
// or board file, a rule) the layouts and payoffs are computed under; `sim dualfates match --deployment FILE`
// with the same values then plays them (the bundled file is for the bundled data only).
// Cost: the four built-in pairings (the bundled file) took the time its `computed` lines state.
// --check [--file FILE] [--cells K] [--pairs …]: play again the first K × K cells of each mix in FILE
// (the bundled file unless given; every mix, or the pairings --pairs names), the layouts of the largest weight, on the
// games and seed its `computed` line names and under its `params`, and compare each with the stored
// payoff (4 decimals): exit 0 when all are equal, 1 naming each that is not. A change to the
// default policy or to the rules that moves those games makes the file the payoffs of another
// default: compute it again. npm test runs it (test/storedFresh.test.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { usageOf, wholeFlag } from './flags.mjs';
import { MatchEngine } from '../dist/src/games/dualfates/matchEngine.js';
import { defaultMatchPolicy } from '../dist/src/games/dualfates/matchPolicies.js';
import { streamFor } from '../dist/src/core/rng.js';
import { mixPayoffs, solveMatrixGame } from '../dist/src/core/matrixGame.js';
import { buildDeployPlan, planPath, sideSheets } from '../dist/src/games/dualfates/deployPlan.js';
import { layoutBag, layoutsOf, layoutPolicy, layoutKey, LAYOUT_ORDERS, paramsFor } from './dualfatesStrategies.mjs';

if (!isMainThread) {
  // A worker: { plan } sets the default's deployment (the layouts joined so far, their mix and payoffs);
  // tasks [id, a, b, from, to, seed] (a layout index of each side, -1: the default, which deploys by
  // the plan; games [from, to)) → [id, A wins − B wins].
  const { teamA, teamB, sets } = workerData;
  const p = paramsFor('dualfatesDeployment', teamA, teamB, sets);
  const L = [layoutsOf(p, 0), layoutsOf(p, 1)];
  const offset = [0, p.data.sides[0].units.length];
  // Per order (LAYOUT_ORDERS), per side, a policy per layout: the cells and the team-order challengers use order 0.
  const pol = LAYOUT_ORDERS.map((order) => [L[0].map((l) => layoutPolicy(l, offset[0], order)), L[1].map((l) => layoutPolicy(l, offset[1], order))]);
  let g = new MatchEngine(p.data, p.rules, [defaultMatchPolicy, defaultMatchPolicy]);
  parentPort.on('message', (msg) => {
    if (msg.plan) {
      const { rows, cols, wx, wy, M } = msg.plan;
      const deploy = [{ weights: wx, at: rows.map((i) => L[0][i]) }, { weights: wy, at: cols.map((j) => L[1][j]) }];
      g = new MatchEngine({ ...p.data, deploy, deployPayoffs: M }, p.rules, [defaultMatchPolicy, defaultMatchPolicy]);
      parentPort.postMessage([]);
      return;
    }
    const out = [];
    for (const [id, a, b, from, to, seed, order = 0] of msg) {
      g.policies[0] = a < 0 ? defaultMatchPolicy : pol[order][0][a];
      g.policies[1] = b < 0 ? defaultMatchPolicy : pol[order][1][b];
      let d = 0;
      for (let i = from; i < to; i++) {
        g.play(streamFor(seed, i));
        if (g.outcome.winner === 0) d++;
        else if (g.outcome.winner === 1) d--;
      }
      out.push([id, d]);
    }
    parentPort.postMessage(out);
  });
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

/** A pool of `jobs` workers for one pairing: run(tasks) spreads [id, a, b, from, to, seed] tasks and returns the sums by id. */
function pool(jobs, data) {
  const workers = Array.from({ length: jobs }, () => new Worker(new URL(import.meta.url), { workerData: data }));
  return {
    async run(tasks) {
      const parts = workers.map(() => []);
      tasks.forEach((t, k) => parts[k % workers.length].push(t));
      const res = await Promise.all(workers.map((w, k) => new Promise((ok, bad) => {
        w.once('error', bad);
        w.once('message', (m) => {
          w.off('error', bad);
          ok(m);
        });
        w.postMessage(parts[k]);
      })));
      const sums = new Map();
      for (const [id, d] of res.flat()) sums.set(id, (sums.get(id) ?? 0) + d);
      return sums;
    },
    /** Sends the same message to every worker and waits for each to answer. */
    broadcast: (msg) => Promise.all(workers.map((w) => new Promise((ok, bad) => {
      w.once('error', bad);
      w.once('message', () => {
        w.off('error', bad);
        ok();
      });
      w.postMessage(msg);
    }))),
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

/**
 * --from a deployment file (without --from-weighted): the pairing's stored payoffs kept as cells
 * where its `computed` line names this run's --games and --seed and its `params` are this run's
 * --set (a payoff is A's wins − B's over the games, rounded to 4 decimals: × games it rounds back to
 * the whole number exactly while games ≤ 5,000). First its first cell is played again; a different
 * result (the payoffs of another default or other rules) keeps none, and says so.
 */
async function keepFileCells(teamA, teamB, a, opts, bags, cells, work) {
  const m = opts.fromWeighted ? undefined : opts.from?.mixes?.find((x) => x.name === `${teamA} vs ${teamB}`);
  if (!m || !Array.isArray(m.payoffs) || !Array.isArray(m.A?.layouts) || !Array.isArray(m.B?.layouts)) return;
  const { games, seed } = opts;
  const sameParams = JSON.stringify(Object.entries(m.params ?? {}).map(([k, x]) => `${k}=${x}`).sort()) === JSON.stringify([...a.set].sort());
  if (Number(/--games (\d+)/.exec(m.computed ?? '')?.[1]) !== games || Number(/--seed (\d+)/.exec(m.computed ?? '')?.[1]) !== seed || !sameParams || games > 5000) return;
  const at = ['A', 'B'].map((key, s) => m[key].layouts.map((l) => (Array.isArray(l?.start) && Array.isArray(l?.at) ? bags[s].indexOf(layoutBag(l.start.map((name, k) => `${name}@${l.at[k]}`).join(', '))) : -1)));
  if (at[0][0] < 0 || at[1][0] < 0 || m.payoffs.length !== at[0].length) return;
  const first = (await work.run([['first', at[0][0], at[1][0], 0, games, seed]])).get('first');
  if (Number((first / games).toFixed(4)) !== m.payoffs[0][0]) {
    console.error(`dualfatesDeployment: --from: ${teamA} vs ${teamB}: the file's first cell plays ${(first / games).toFixed(4)} now, stored ${m.payoffs[0][0]}: its payoffs are another default's or other rules' games; every cell is played again`);
    return;
  }
  let kept = 0;
  m.payoffs.forEach((row, r) => {
    if (!Array.isArray(row) || row.length !== at[1].length) return;
    row.forEach((x, c) => {
      if (at[0][r] < 0 || at[1][c] < 0 || typeof x !== 'number') return;
      cells.set(`${at[0][r]},${at[1][c]}`, Math.round(x * games) / games);
      kept++;
    });
  });
  console.error(`dualfatesDeployment: --from: ${teamA} vs ${teamB}: ${kept} cells kept from the file (its first played again and equal)`);
}

async function solvePair(teamA, teamB, a, opts) {
  const { games, brGames, add, eps, rounds, seed, jobs, minWeight } = opts;
  const p = paramsFor('dualfatesDeployment', teamA, teamB, a.set);
  const L = [layoutsOf(p, 0), layoutsOf(p, 1)];
  const keys = [L[0].map((l) => layoutKey(p, 0, l)), L[1].map((l) => layoutKey(p, 1, l))];
  const bags = keys.map((ks) => ks.map(layoutBag));
  // Start from the team files' starting units (deploy: true), all at the totem point (else the first layout).
  const R = [new Set(), new Set()];
  for (const s of [0, 1]) {
    const totem = p.data.board.totemPoint[s];
    const start = L[s].findIndex((l) => l.every((q, k) => (p.data.sides[s].units[k].deployFirst ? q === totem : q < 0)));
    R[s].add(start >= 0 ? start : 0);
    // The --from file's layouts for this pairing (as multisets of unit@point: units of one name are one choice).
    const from = opts.from?.mixes?.find((m) => m.name === `${teamA} vs ${teamB}`)?.[s === 0 ? 'A' : 'B'];
    for (const l of from?.layouts ?? []) {
      if (opts.fromWeighted && !(Number(l.weight) > 0)) continue;
      const i = l.start ? bags[s].indexOf(layoutBag(l.start.map((name, k) => `${name}@${l.at[k]}`).join(', '))) : -1;
      if (i >= 0) R[s].add(i);
      else console.error(`dualfatesDeployment: --from: a layout of ${teamA} vs ${teamB} side ${s === 0 ? 'A' : 'B'} that is not one of this pairing's (${JSON.stringify(l)}); left out`);
    }
  }
  const cells = new Map(); // "i,j" → A's win − B's (rate)
  // A --matrix file from an earlier run: its layouts, and its cells where played on the same games.
  const old = opts.from?.[`${teamA} vs ${teamB}`];
  if (old) {
    const at = [old.A.map((k) => bags[0].indexOf(layoutBag(k))), old.B.map((k) => bags[1].indexOf(layoutBag(k)))];
    for (const s of [0, 1]) for (const i of at[s]) if (i >= 0) R[s].add(i);
    if (old.games === games && old.seed === seed) old.M.forEach((row, r) => row.forEach((x, c) => at[0][r] >= 0 && at[1][c] >= 0 && cells.set(`${at[0][r]},${at[1][c]}`, x)));
  }
  const work = pool(jobs, { teamA, teamB, sets: a.set });
  await keepFileCells(teamA, teamB, a, opts, bags, cells, work);
  const started = `${R[0].size} × ${R[1].size}`;
  const signed = (q) => `${q < 0 ? '−' : '+'}${Math.abs(100 * q).toFixed(2)}`;
  const t0 = Date.now();
  let sol;
  let played = 0;
  const log = [];
  let last = { gainA: Infinity, gainB: Infinity };
  try {
    for (let round = 1; ; round++) {
      const rows = [...R[0]];
      const cols = [...R[1]];
      const missing = [];
      for (const i of rows) for (const j of cols) if (!cells.has(`${i},${j}`)) missing.push([`${i},${j}`, i, j, 0, games, seed]);
      for (const [id, d] of await work.run(missing)) cells.set(id, d / games);
      played += missing.length * games;
      const M = rows.map((i) => cols.map((j) => cells.get(`${i},${j}`)));
      sol = { rows, cols, M, ...solveMatrixGame(M) };
      if (opts.matrix) {
        const prev = existsSync(opts.matrix) ? JSON.parse(readFileSync(opts.matrix, 'utf8')) : {};
        prev[`${teamA} vs ${teamB}`] = { games, seed, A: rows.map((i) => keys[0][i]), B: cols.map((j) => keys[1][j]), M };
        writeFileSync(opts.matrix, JSON.stringify(prev));
      }
      // The default deploying by the plan over the joined layouts (and their mix off it): every layout of each side against it, on the same games.
      const plan = { rows, cols, wx: wholeWeights(sol.x, minWeight), wy: wholeWeights(sol.y, minWeight), M };
      await work.broadcast({ plan });
      // Screened first (every layout on --screen games, when given), then the --screen-top of each side and the default on --br-games more.
      // A candidate is a layout index and an order (an index into LAYOUT_ORDERS); a layout joins whatever order found it.
      const gains = async (from, to, candidates) => {
        const tasks = [['base', -1, -1, from, to, seed + 1]];
        for (const [i, o] of candidates[0]) tasks.push([`A${i}:${o}`, i, -1, from, to, seed + 1, o]);
        for (const [j, o] of candidates[1]) tasks.push([`B${j}:${o}`, -1, j, from, to, seed + 1, o]);
        const br = await work.run(tasks);
        played += tasks.length * (to - from);
        const base = br.get('base') / (to - from);
        return {
          base,
          A: candidates[0].map(([i, o]) => [i, br.get(`A${i}:${o}`) / (to - from) - base, o]).sort((u, v) => v[1] - u[1]),
          B: candidates[1].map(([j, o]) => [j, base - br.get(`B${j}:${o}`) / (to - from), o]).sort((u, v) => v[1] - u[1]),
        };
      };
      let all = [0, 1].map((s) => opts.orders.flatMap((o) => L[s].map((_, i) => [i, o])));
      let from = 0;
      if (opts.screen > 0) {
        const first = await gains(0, opts.screen, all);
        all = [first.A.slice(0, opts.screenTop).map(([i, , o]) => [i, o]), first.B.slice(0, opts.screenTop).map(([j, , o]) => [j, o])];
        from = opts.screen;
      }
      const { base, A: gA, B: gB } = await gains(from, from + brGames, all);
      const built = buildDeployPlan([{ weights: plan.wx, at: rows.map((i) => L[0][i]) }, { weights: plan.wy, at: cols.map((j) => L[1][j]) }], M, sideSheets(p.data.sides));
      const paths = [0, 1].map((first) => planPath(built, M, first).value);
      const named = (s, [i, , o]) => `${keys[s][i]}${o === 0 ? '' : ` (deployed ${LAYOUT_ORDERS[o]})`}`;
      last = { gainA: gA[0][1], gainB: gB[0][1], bestA: named(0, gA[0]), bestB: named(1, gB[0]) };
      // Each layout once, in its best order.
      const firstOf = (list, R) => list.filter(([i, g], k) => g > eps && !R.has(i) && list.findIndex(([x]) => x === i) === k);
      let newA = firstOf(gA, R[0]).slice(0, add);
      let newB = firstOf(gB, R[1]).slice(0, add);
      // --confirm: the would-be joiners again on --br-games fresh games (the next ones of the stream); only a gain over --eps there too joins.
      let confirmed = '';
      if (opts.confirm && newA.length + newB.length > 0) {
        const c = await gains(from + brGames, from + 2 * brGames, [newA.map(([i, , o]) => [i, o]), newB.map(([j, , o]) => [j, o])]);
        const best = (list) => (list.length === 0 ? 'none' : signed(list[0][1]));
        confirmed = `; on ${brGames} fresh games ${best(c.A)} / ${best(c.B)} (the best of the ${newA.length} + ${newB.length} again)`;
        newA = c.A.filter(([, g]) => g > eps);
        newB = c.B.filter(([, g]) => g > eps);
        last.confirmedA = c.A.length > 0 ? c.A[0][1] : null;
        last.confirmedB = c.B.length > 0 ? c.B[0][1] : null;
      }
      const line = `${teamA} vs ${teamB} round ${round}: ${rows.length} × ${cols.length} layouts, mix value ${(100 * sol.value).toFixed(2)}, plan ${(100 * paths[0]).toFixed(2)} (A first) / ${(100 * paths[1]).toFixed(2)} (B first), default vs default ${(100 * base).toFixed(2)}; best challenger as A ${signed(gA[0][1])} (${last.bestA}), as B ${signed(gB[0][1])} (${last.bestB})${confirmed}; adding ${newA.length} + ${newB.length} (${((Date.now() - t0) / 1000).toFixed(0)} s, ${(played / 1e6).toFixed(1)} M games)`;
      console.log(line);
      log.push(line);
      if ((newA.length === 0 && newB.length === 0) || round >= rounds) break;
      for (const [i] of newA) R[0].add(i);
      for (const [j] of newB) R[1].add(j);
    }
  } finally {
    await work.close();
  }
  const wx = wholeWeights(sol.x, minWeight);
  const wy = wholeWeights(sol.y, minWeight);
  const kept = mixPayoffs(sol.M, wx.map((q) => q / 1000), wy.map((q) => q / 1000));
  const ids = p.data.board.nodeIds;
  // Every joined layout, the mix's by weight first (weight 0: the plan's only), and the payoffs between them in that order.
  const order = [sol.rows, sol.cols].map((support, s) => support.map((_, k) => k).sort((u, v) => (s === 0 ? wx : wy)[v] - (s === 0 ? wx : wy)[u]));
  const side = (s, support, w) => ({
    team: p.data.sides[s].units.map((u) => u.name),
    layouts: order[s].map((k) => ({ weight: w[k], start: L[s][support[k]].flatMap((q, u) => (q < 0 ? [] : [p.data.sides[s].units[u].name])), at: L[s][support[k]].flatMap((q) => (q < 0 ? [] : [ids[q]])) })),
  });
  const payoffs = order[0].map((r) => order[1].map((c) => Number(sol.M[r][c].toFixed(4))));
  const minutes = ((Date.now() - t0) / 60000).toFixed(0);
  return {
    name: `${teamA} vs ${teamB}`,
    A: side(0, sol.rows, wx),
    B: side(1, sol.cols, wy),
    value: Number(sol.value.toFixed(4)),
    payoffs,
    params: Object.fromEntries(a.set.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
    computed: `scripts/dualfatesDeployment.mjs --pairs ${teamA}:${teamB} --games ${games} --br-games ${brGames}${opts.screen > 0 ? ` --screen ${opts.screen} --screen-top ${opts.screenTop}` : ''}${opts.orders.length > 1 || opts.orders[0] !== 0 ? ` --orders ${opts.orders.map((o) => LAYOUT_ORDERS[o]).join(',')}` : ''}${opts.confirm ? ' --confirm' : ''} --add ${add} --eps ${eps} --rounds ${rounds} --seed ${seed} --min-weight ${minWeight}${a.set.map((kv) => ` --set ${kv}`).join('')}: of ${L[0].length} × ${L[1].length} layouts (starting set and places), ${sol.rows.length} × ${sol.cols.length} joined in ${log.length} rounds${a.from ? ` from an earlier run's ${started}${opts.fromWeighted ? ' of positive weight (--from --from-weighted)' : ' (--from)'}` : ''} (${(played / 1e6).toFixed(1)} M games, ${minutes} min at -j ${jobs}); ${games} games a cell; the mix: the equilibrium of A's win rate − B's among them; in the last round the best of all layouts against the default (deploying by the plan) gained ${signed(last.gainA)} pp as A (${last.bestA}), ${signed(last.gainB)} pp as B (${last.bestB}) on ${brGames} games${last.confirmedA !== undefined ? ` (those that would have joined, again on ${brGames} fresh games: ${last.confirmedA === null ? 'none' : signed(last.confirmedA)} as A, ${last.confirmedB === null ? 'none' : signed(last.confirmedB)} as B)` : ''}; the stored (rounded) mixes' best joined layout gains ${signed(Math.max(...kept.rows) - sol.value)} pp as A, ${signed(sol.value - Math.min(...kept.cols))} pp as B`,
  };
}

async function main() {
  const { values: a } = parseArgs({
    options: {
      pairs: { type: 'string', default: 'knights:knights,knights:horde,horde:knights,horde:horde' },
      games: { type: 'string', default: '4000' },
      'br-games': { type: 'string', default: '2000' },
      add: { type: 'string', default: '4' },
      eps: { type: 'string', default: '0.005' },
      rounds: { type: 'string', default: '12' },
      screen: { type: 'string', default: '0' },
      'screen-top': { type: 'string', default: '40' },
      orders: { type: 'string', default: 'team' },
      seed: { type: 'string', default: '90001' },
      'min-weight': { type: 'string', default: '0.01' },
      set: { type: 'string', multiple: true, default: [] },
      jobs: { type: 'string', short: 'j', default: '2' },
      from: { type: 'string' },
      'from-weighted': { type: 'boolean', default: false },
      confirm: { type: 'boolean', default: false },
      matrix: { type: 'string' },
      out: { type: 'string', default: 'scenarios/dualfates/deployment.yaml' },
      check: { type: 'boolean', default: false },
      file: { type: 'string', default: 'scenarios/dualfates/deployment.yaml' },
      cells: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: false,
  });
  const known = new Set(['pairs', 'games', 'br-games', 'add', 'eps', 'rounds', 'screen', 'screen-top', 'orders', 'seed', 'min-weight', 'set', 'jobs', 'j', 'from', 'from-weighted', 'confirm', 'matrix', 'out', 'check', 'file', 'cells', 'help', 'h']);
  const unknown = Object.keys(a).find((k) => !known.has(k));
  if (a.help || unknown !== undefined) {
    const header = usageOf(import.meta.url);
    (unknown === undefined ? console.log : console.error)(`${unknown === undefined ? '' : `dualfatesDeployment: unknown option --${unknown}\n\n`}${header}`);
    process.exit(unknown === undefined ? 0 : 2);
  }
  if (a.check) {
    // --set, --games and --seed describe a computation: the check plays what each mix's own line names.
    for (const k of ['set', 'games', 'seed', 'br-games', 'from', 'from-weighted', 'confirm', 'matrix', 'out']) if (k in a && !(k === 'set' && a.set.length === 0) && process.argv.some((w) => w === `--${k}` || w.startsWith(`--${k}=`))) throw new Error(`dualfatesDeployment: --check plays each mix on the games, seed and values its own entry names; --${k} does not apply`);
    // The pairings: those --pairs names, else every mix of the file.
    const given = process.argv.some((w) => w === '--pairs' || w.startsWith('--pairs='));
    process.exit(checkFile(a.file, given ? a.pairs.split(',') : null, wholeFlag('dualfatesDeployment', a, 'cells', 1, 64)));
  }
  const opts = {
    games: wholeFlag('dualfatesDeployment', a, 'games', 10, 1e6),
    brGames: wholeFlag('dualfatesDeployment', a, 'br-games', 10, 1e6),
    add: wholeFlag('dualfatesDeployment', a, 'add', 1, 64),
    rounds: wholeFlag('dualfatesDeployment', a, 'rounds', 1, 100),
    screen: wholeFlag('dualfatesDeployment', a, 'screen', 0, 1e6),
    screenTop: wholeFlag('dualfatesDeployment', a, 'screen-top', 1, 4096),
    seed: wholeFlag('dualfatesDeployment', a, 'seed', 0, 2 ** 32 - 2),
    jobs: wholeFlag('dualfatesDeployment', a, 'jobs', 1, 64),
    minWeight: Number(a['min-weight']),
    eps: Number(a.eps),
    from: a.from === undefined ? undefined : a.from.endsWith('.json') ? JSON.parse(readFileSync(a.from, 'utf8')) : parseYaml(readFileSync(a.from, 'utf8')),
    fromWeighted: a['from-weighted'],
    confirm: a.confirm,
    matrix: a.matrix,
    orders: a.orders.split(',').map((o) => LAYOUT_ORDERS.indexOf(o)),
  };
  if (opts.orders.some((o) => o < 0)) {
    console.error(`dualfatesDeployment: --orders takes a comma-separated list of ${LAYOUT_ORDERS.join(', ')}; got ${a.orders}`);
    process.exit(2);
  }
  if (!(opts.minWeight >= 0 && opts.minWeight < 0.5)) {
    console.error(`dualfatesDeployment: --min-weight must be in [0, 0.5); got ${a['min-weight']}`);
    process.exit(2);
  }
  if (opts.fromWeighted && opts.from === undefined) {
    console.error('dualfatesDeployment: --from-weighted keeps the positive-weight layouts of the --from file; name one with --from');
    process.exit(2);
  }
  if (!(opts.eps >= 0 && opts.eps < 1)) {
    console.error(`dualfatesDeployment: --eps must be in [0, 1) (a rate: 0.005 is half a point); got ${a.eps}`);
    process.exit(2);
  }
  // Each cell's payoff has a standard error of about 1/√games (A's win − B's): a mix from few games is mostly noise.
  if (opts.games < 1000) console.error(`dualfatesDeployment: ${opts.games} games a cell: each cell ±${(196 / Math.sqrt(opts.games)).toFixed(0)} points (95%), so the payoffs are mostly noise; the bundled ones use 4,000`);
  const mixes = [];
  for (const pair of a.pairs.split(',')) {
    const [teamA, teamB] = pair.split(':');
    mixes.push(await solvePair(teamA, teamB, a, opts));
  }
  const header = `# The Dual Fates match's deployment mixes (the built-in policies' --deployment equilibrium, the
# default): per pairing of teams (every unit, in order: \`team\`), a weighted list of whole-team
# layouts of each side: which units start (\`start\`, by name; the team file's deploy: true marks
# are not used) and where (\`at\`, each one's deployment point, in the same order). A side draws one
# layout a game with these weights (weight 0: a layout only the plan plays). \`payoffs\`: A's win rate
# − B's for each of A's layouts (rows) against each of B's (columns), in file order: the built-ins
# deploy by the plan of the alternating deployment computed from them (each placement the best
# for its side given the other's so far), and draw from the mix only off the plan. Computed, not
# invented: an equilibrium of the deployment game with every other decision the default policy's,
# for the teams and the data \`computed\` names (the bundled unit sheets,
# scenarios/dualfates/units.yaml, and board, board.yaml, where it names no --set); see
# scenarios/dualfates/README.md, Deployment. Regenerate with scripts/dualfatesDeployment.mjs after a
# change to those files or to the default policy (npm test plays each mix's first cell again on its
# games: --check). value: A's win rate − B's at the mixes.
`;
  // Written by hand: one line a layout (JSON strings are YAML).
  const q = JSON.stringify;
  const sideText = (k, s) => [`    ${k}:`, `      team: [${s.team.map(q).join(', ')}]`, '      layouts:', ...s.layouts.map((l) => `        - { weight: ${l.weight}, start: [${l.start.map(q).join(', ')}], at: [${l.at.map(q).join(', ')}] }`)];
  const params = (m) => (Object.keys(m.params).length === 0 ? [] : [`    params: { ${Object.entries(m.params).map(([k, x]) => `${q(k)}: ${q(x)}`).join(', ')} }`]);
  const body = mixes.flatMap((m) => [`  - name: ${q(m.name)}`, `    value: ${m.value}`, `    computed: ${q(m.computed)}`, ...params(m), ...sideText('A', m.A), ...sideText('B', m.B), '    payoffs:', ...m.payoffs.map((row) => `      - [${row.join(', ')}]`)]);
  writeFileSync(a.out, `${header}mixes:\n${body.join('\n')}\n`);
  console.log(`wrote ${a.out}`);
}

/**
 * --check: each mix of `file` named in `pairs` ("teamA:teamB"), its first k × k cells played again on
 * the games and seed its `computed` line names, under its `params`, against the stored payoffs.
 * Returns the exit code: 0 when every cell is equal, 1 when one is not (each named on stderr).
 */
function checkFile(file, pairs, k) {
  if (!existsSync(file)) throw new Error(`dualfatesDeployment: --check: no file ${file}`);
  const parsed = parseYaml(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed?.mixes)) throw new Error(`dualfatesDeployment: --check: ${file} has no list \`mixes\``);
  // Each mix is named "teamA vs teamB" (the built-in teams it was computed for).
  const names = pairs ?? parsed.mixes.map((m) => String(m?.name ?? '').replace(' vs ', ':'));
  let bad = 0;
  let checked = 0;
  for (const pair of names) {
    const [teamA, teamB] = pair.split(':');
    if (!teamA || !teamB) throw new Error(`dualfatesDeployment: --check: "${pair}" is not a pairing teamA:teamB`);
    const m = parsed.mixes.find((x) => x?.name === `${teamA} vs ${teamB}`);
    if (!m) {
      console.error(`dualfatesDeployment: --check: ${file} has no mix "${teamA} vs ${teamB}"`);
      bad++;
      continue;
    }
    const games = Number(/--games (\d+)/.exec(m.computed ?? '')?.[1]);
    const seed = Number(/--seed (\d+)/.exec(m.computed ?? '')?.[1]);
    const shaped = ['A', 'B'].every((key) => Array.isArray(m[key]?.layouts) && m[key].layouts.every((l) => Array.isArray(l?.start) && Array.isArray(l?.at) && l.start.length === l.at.length)) && Array.isArray(m.payoffs) && m.payoffs.length === m.A.layouts.length && m.payoffs.every((row) => Array.isArray(row) && row.length === m.B.layouts.length);
    if (!shaped) throw new Error(`dualfatesDeployment: --check: ${file}: mix "${m.name}" is not of the deployment file's form (each side's layouts with start and at of one length, a payoff row per A layout and a column per B layout)`);
    if (!(games > 0) || !(seed >= 0)) {
      console.error(`dualfatesDeployment: --check: ${file}: mix "${m.name}" names no --games and --seed in its computed line, or has no payoffs: it cannot be played again`);
      bad++;
      continue;
    }
    const sets = Object.entries(m.params ?? {}).map(([key, x]) => `${key}=${x}`);
    const p = paramsFor('dualfatesDeployment', teamA, teamB, sets);
    const L = [layoutsOf(p, 0), layoutsOf(p, 1)];
    const bags = L.map((ls, s) => ls.map((l) => layoutBag(layoutKey(p, s, l))));
    const offset = [0, p.data.sides[0].units.length];
    // The side's first k layouts (the file lists them by weight, largest first) as fixed-layout policies in team order, as the cells were played.
    const pols = ['A', 'B'].map((key, s) =>
      m[key].layouts.slice(0, k).map((l) => {
        const i = bags[s].indexOf(layoutBag(l.start.map((name, u) => `${name}@${l.at[u]}`).join(', ')));
        if (i < 0) throw new Error(`dualfatesDeployment: --check: ${file}: mix "${m.name}" side ${key}: ${JSON.stringify(l)} is not a layout of this pairing`);
        return layoutPolicy(L[s][i], offset[s]);
      }),
    );
    const g = new MatchEngine(p.data, p.rules, [defaultMatchPolicy, defaultMatchPolicy]);
    for (let r = 0; r < pols[0].length; r++) {
      for (let c = 0; c < pols[1].length; c++) {
        g.policies[0] = pols[0][r];
        g.policies[1] = pols[1][c];
        let d = 0;
        for (let i = 0; i < games; i++) {
          g.play(streamFor(seed, i));
          if (g.outcome.winner === 0) d++;
          else if (g.outcome.winner === 1) d--;
        }
        const now = Number((d / games).toFixed(4));
        checked++;
        if (now !== m.payoffs[r][c]) {
          bad++;
          console.error(`dualfatesDeployment: --check: ${file}: mix "${m.name}", A's layout ${r + 1} against B's ${c + 1}: stored ${m.payoffs[r][c]}, played again ${now} (${games} games from seed ${seed}): the payoffs are another default's or other rules' games; compute the mix again`);
        }
      }
    }
  }
  if (bad === 0) console.log(`dualfatesDeployment: --check: ${file}: ${checked} cell${checked === 1 ? '' : 's'} played again, each equal to the stored payoff`);
  return bad === 0 ? 0 : 1;
}
