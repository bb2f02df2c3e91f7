// Can a fixed deployment beat the Dual Fates match default's? Plays every fixed layout of one
// side (which units start, filling the Vortex cap as far as it goes, and where: each at one of its
// side's deployment points; units with the same sheet are one choice: scripts/dualfatesStrategies.mjs)
// against the default on the same games (`sim policies`,
// common random numbers; the other side plays the default), ranks them by the paired difference,
// and re-plays the best few on fresh seeds (the sweep's maximum of many noisy differences is biased
// upwards; each confirmation is not, though the largest of a few confirmations is a little, and its
// p-value is not adjusted for them). Every other decision of the layout's side is the default's.
// An independent check of the default's deployment (issue 24: other policies must not beat the
// default significantly); see scenarios/dualfates/README.md, Deployment. Build first (`npm run
// build`). Usage:
//   node scripts/dualfatesLayouts.mjs [--team-a knights] [--team-b knights] [--side A|B]
//        [--games 2000] [--seed 31] [--confirm 3] [--confirm-games 5000] [--confirm-seed 7601]
//        [--order team|reverse|cheap] [--set key=value …] [--base module.js] [-j 1] [--out rows.json]
// --order: the order the layout's units are deployed in, one at a time as the rulebook has it:
// team order (the default), its reverse, or the cheapest first (ties in team order).
// --base: measure against a policy module instead of the default (both sides play it; each layout
// module hands its other answers to the default, so give a module that differs only in deployment).
// --engine: play in this process's worker threads on the engine directly (the layouts as policies,
// the default as it is; game i on stream (seed, i); the same paired test as `sim policies`:
// McNemar with Newcombe's interval), some 20 times faster than the CLI with one module per layout;
// not with --base.
// Cost: the knights (585 layouts) at 2,000 games about 10 minutes at -j 2 on the development
// machine, the horde (123) about 2, plus about 10 s per confirmed layout at 5,000 games.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { wholeFlag } from './flags.mjs';
import { MATCH_POLICIES } from '../dist/src/games/dualfates/matchPolicies.js';
import { Worker } from 'node:worker_threads';
import { LAYOUT_ORDERS, deployedBefore, layoutKey, layoutsOf, paramsFor } from './dualfatesStrategies.mjs';
import { pairedProportionDifference } from '../dist/src/core/stats.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: a } = parseArgs({
  options: {
    'team-a': { type: 'string', default: 'knights' },
    'team-b': { type: 'string', default: 'knights' },
    side: { type: 'string', default: 'A' },
    games: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '31' },
    confirm: { type: 'string', default: '3' },
    'confirm-games': { type: 'string', default: '5000' },
    'confirm-seed': { type: 'string', default: '7601' },
    set: { type: 'string', multiple: true, default: [] },
    base: { type: 'string' },
    jobs: { type: 'string', short: 'j', default: '1' },
    out: { type: 'string' },
    engine: { type: 'boolean', default: false },
    order: { type: 'string', default: 'team' },
  },
});
if (!LAYOUT_ORDERS.includes(a.order)) {
  console.error(`dualfatesLayouts: --order must be one of ${LAYOUT_ORDERS.join(', ')}; got ${a.order}`);
  process.exit(2);
}
const whole = (name, lo, hi) => wholeFlag('dualfatesLayouts', a, name, lo, hi);
if (a.side !== 'A' && a.side !== 'B') {
  console.error(`dualfatesLayouts: --side must be A or B; got ${a.side}`);
  process.exit(2);
}
const games = whole('games', 10, 1e7);
const confirm = whole('confirm', 0, 20);
const confirmGames = whole('confirm-games', 10, 1e7);
const side = a.side === 'A' ? 0 : 1;
const sets = a.set.flatMap((kv) => ['--set', kv]);
let p;
try {
  // --set deployment=FILE measures against another deployment file's default; the layouts are the same.
  p = paramsFor('dualfatesLayouts', a['team-a'], a['team-b'], a.set.filter((kv) => !kv.startsWith('deployment=')));
} catch (err) {
  console.error(String(err.message).startsWith('dualfatesLayouts:') ? err.message : `dualfatesLayouts: ${err.message}`);
  process.exit(2);
}
const all = layoutsOf(p, side);
const count = all.length;
if (count === 0 || count > 4096) {
  console.error(`dualfatesLayouts: side ${a.side} has ${count} layouts (1 to 4,096 are played)`);
  process.exit(2);
}

if (a.engine && a.base) {
  console.error('dualfatesLayouts: --engine plays the default itself; --base needs the CLI (leave out --engine)');
  process.exit(2);
}
// One module per layout (not with --engine): layout[j] is the board point the side's j-th unit (team order) starts at, or
// -1 (reserve); the module answers DEPLOY (its starting units in --order, then stop) and
// DEPLOY_AT for its side and hands the rest to base.
const dir = a.engine ? null : mkdtempSync(join(tmpdir(), 'sim-layouts-'));
const cleanup = () => dir && rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
const moduleText = (layout) => `export default function (data, base) {
  const { DECISION } = data.codes;
  const layout = ${JSON.stringify(layout)};
  const order = ${JSON.stringify(a.order)};
  const deployedBefore = ${deployedBefore.toString()};
  return { name: 'layout', choose(rng, view, decision, options, n, allowNone) {
    let first = 0;
    while (view.unitSide(first) !== view.deciding) first++;
    if (decision === DECISION.DEPLOY) {
      let best = -1;
      for (let i = 0; i < n; i++) if (layout[options[i] - first] >= 0 && (best < 0 || deployedBefore(order, options[i], options[best], (u) => view.unitCost(u)))) best = i;
      return best;
    }
    if (decision === DECISION.DEPLOY_AT) {
      const want = layout[view.acting - first];
      for (let i = 0; i < n; i++) if (options[i] === want) return i;
    }
    return base.choose(rng, view, decision, options, n, allowNone);
  } };
}
`;
const layouts = all.map((layout, i) => {
  // With --engine a layout is its index (the workers enumerate the same layouts).
  const file = a.engine ? String(i) : join(dir, `layout-${i}.mjs`);
  if (!a.engine) writeFileSync(file, moduleText(layout));
  return { layout, file, label: layoutKey(p, side, layout) };
});

/** --engine: each layout (by index) and the default against the default on games [0, n) of `seed`, in worker threads; the rows as `sim policies` gives them. */
async function playEngine(files, n, seed) {
  const jobs = Math.max(1, Number(a.jobs) || 1);
  const deployment = a.set.findLast((kv) => kv.startsWith('deployment='))?.slice('deployment='.length) ?? 'equilibrium';
  const data = { teamA: a['team-a'], teamB: a['team-b'], sets: a.set.filter((kv) => !kv.startsWith('deployment=')), deployment, side, n, seed, order: a.order };
  const tasks = [-1, ...files.map(Number)];
  const parts = await Promise.all(Array.from({ length: jobs }, (_, k) => new Promise((ok, bad) => {
    const w = new Worker(new URL('./dualfatesLayoutsWorker.mjs', import.meta.url), { workerData: { ...data, tasks: tasks.filter((_, t) => t % jobs === k) } });
    w.once('message', ok);
    w.once('error', bad);
  })));
  const wins = new Map(parts.flat());
  const base = wins.get(-1);
  const rate = (w) => w.reduce((x, y) => x + y, 0) / n;
  const byFile = new Map();
  for (const f of files) {
    const w = wins.get(Number(f));
    let n11 = 0, n10 = 0, n01 = 0;
    for (let i = 0; i < n; i++) {
      if (w[i] && base[i]) n11++;
      else if (w[i]) n10++;
      else if (base[i]) n01++;
    }
    const d = pairedProportionDifference(n11, n10, n01, n - n11 - n10 - n01, 0.95);
    byFile.set(f, { estimate: rate(w), difference: d.difference, lo: d.lo, hi: d.hi, pValue: d.pValue });
  }
  return { base: rate(base), byFile };
}

const DEFAULT = MATCH_POLICIES[0];
const baseName = a.base ? resolve(a.base) : DEFAULT;
/** Each file against the default on the same games: the rows of `sim policies`, by file. */
function play(files, n, seed) {
  const param = side === 0 ? ['--param', 'policyA'] : ['--param', 'policyB', '--metric', 'winB'];
  const other = a.base ? ['--set', `${side === 0 ? 'policyB' : 'policyA'}=${a.base}`] : [];
  const args = [join(ROOT, 'bin/sim'), 'policies', 'dualfates', 'match', '--set', `teamA=${a['team-a']}`, '--set', `teamB=${a['team-b']}`, ...sets, ...other, ...param, '--policies', [baseName, ...files].join(','), '-n', String(n), '--seed', String(seed), '-j', a.jobs, '--format', 'json', '-q'];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) {
    console.error(r.stderr);
    process.exit(r.status ?? 1);
  }
  const byFile = new Map();
  let base = NaN;
  for (const row of JSON.parse(r.stdout).result.rows) {
    if (row.policy === baseName) base = row.estimate;
    else byFile.set(row.policy, row);
  }
  return { base, byFile };
}
const pct = (x) => (x * 100).toFixed(2);
const sweep = a.engine ? await playEngine(layouts.map((l) => l.file), games, Number(a.seed)) : play(layouts.map((l) => l.file), games, a.seed);
const rows = layouts.map((l) => { const { difference, lo, hi, pValue, estimate } = sweep.byFile.get(l.file); return { ...l, estimate, difference, lo, hi, pValue }; }).sort((x, y) => y.difference - x.difference);
console.log(`${a['team-a']} (A) vs ${a['team-b']} (B), side ${a.side}'s ${count} fixed layouts (deployed in ${a.order === 'team' ? 'team order' : a.order === 'reverse' ? 'reverse team order' : 'order of cost, the cheapest first'}) against ${a.base ?? 'the default'} (${pct(sweep.base)}%), ${games} paired games, seed ${a.seed}:`);
for (const r of rows.slice(0, 10)) console.log(`  ${pct(r.difference).padStart(6)} [${pct(r.lo)}, ${pct(r.hi)}] p ${r.pValue.toPrecision(2)}  ${r.label}`);
const bonferroni = rows.filter((r) => r.difference > 0 && r.pValue < 0.05 / count).length;
console.log(`  above the default at p < 0.05/${count} (Bonferroni): ${bonferroni}`);
const confirmed = [];
if (confirm > 0) {
  const top = rows.slice(0, confirm);
  const again = a.engine ? await playEngine(top.map((r) => r.file), confirmGames, Number(a['confirm-seed'])) : play(top.map((r) => r.file), confirmGames, a['confirm-seed']);
  console.log(`confirmed on fresh games (${confirmGames}, seed ${a['confirm-seed']}; ${a.base ?? DEFAULT} ${pct(again.base)}%):`);
  for (const r of top) {
    const c = again.byFile.get(r.file);
    confirmed.push({ label: r.label, base: again.base, estimate: c.estimate, difference: c.difference, lo: c.lo, hi: c.hi, pValue: c.pValue });
    console.log(`  ${pct(c.difference).padStart(6)} [${pct(c.lo)}, ${pct(c.hi)}] p ${c.pValue.toPrecision(2)}  ${r.label}`);
  }
}
if (a.out) writeFileSync(a.out, JSON.stringify({ teamA: a['team-a'], teamB: a['team-b'], side: a.side, order: a.order, games, seed: Number(a.seed), base: sweep.base, rows: rows.map(({ file, ...r }) => r), confirmGames, confirmSeed: Number(a['confirm-seed']), confirmed }, null, 2));
