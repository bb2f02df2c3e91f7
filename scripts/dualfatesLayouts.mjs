// Can a fixed deployment beat the Dual Fates match default's? Plays every fixed layout of one
// side's starting units (the team file's `deploy: true` units, each at one of its side's
// deployment points: points^units layouts) against the default on the same games (`sim policies`,
// common random numbers; the other side plays the default), ranks them by the paired difference,
// and re-plays the best few on fresh seeds (the sweep's maximum of many noisy differences is biased
// upwards; each confirmation is not, though the largest of a few confirmations is a little, and its
// p-value is not adjusted for them). Every other decision of the layout's side is the default's.
// An independent check of the default's deployment (issue 24: other policies must not beat the
// default significantly); see scenarios/dualfates/README.md, Deployment. Build first (`npm run
// build`). Usage:
//   node scripts/dualfatesLayouts.mjs [--team-a knights] [--team-b knights] [--side A|B]
//        [--games 2000] [--seed 31] [--confirm 3] [--confirm-games 5000] [--confirm-seed 7601]
//        [--set key=value …] [--base module.js] [-j 1] [--out rows.json]
// --base: measure against a policy module instead of the default (both sides play it; each layout
// module hands its other answers to the default, so give a module that differs only in deployment).
// Cost: knights (4 starters, 81 layouts) at 2,000 games about 80 s on one core of the development
// machine, plus about 10 s per confirmed layout at 5,000 games.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { wholeFlag } from './flags.mjs';
import { DEFAULT_BOARD_FILE, loadBoard, loadTeam } from '../dist/src/games/dualfates/matchData.js';
import { MATCH_POLICIES } from '../dist/src/games/dualfates/matchPolicies.js';

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
  },
});
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
const boardFile = a.set.find((kv) => kv.startsWith('board='))?.slice('board='.length) ?? DEFAULT_BOARD_FILE;
const team = loadTeam(a[side === 0 ? 'team-a' : 'team-b'], side === 0 ? 'teamA' : 'teamB').team;
const board = loadBoard(boardFile);
const starters = team.units.filter((u) => u.deploy === true).map((u) => u.name);
const points = board.deployPoints[side].map((p) => board.nodeIds[p]);
const count = points.length ** starters.length;
if (starters.length === 0 || count > 4096) {
  console.error(`dualfatesLayouts: ${starters.length} starting units over ${points.length} points: ${count} layouts (1 to 4,096 are played)`);
  process.exit(2);
}

// One module per layout: layout[k] is the index in deployPoints[side] of the k-th starting unit
// (team-file order); the module answers DEPLOY_AT for its side's units and hands the rest to base.
const dir = mkdtempSync(join(tmpdir(), 'sim-layouts-'));
const cleanup = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
const moduleText = (layout) => `export default function (data, base) {
  const { DECISION } = data.codes;
  const layout = ${JSON.stringify(layout)};
  return { name: 'layout', choose(rng, view, decision, options, n, allowNone) {
    if (decision === DECISION.DEPLOY_AT && view.acting >= 0 && view.unitDeployFirst(view.acting)) {
      const side = view.deciding;
      let k = 0;
      for (let f = 0; f < view.acting; f++) if (view.unitSide(f) === side && view.unitDeployFirst(f)) k++;
      const want = data.board.deployPoints[side][layout[k]];
      for (let i = 0; i < n; i++) if (options[i] === want) return i;
    }
    return base.choose(rng, view, decision, options, n, allowNone);
  } };
}
`;
const layouts = [];
for (let i = 0; i < count; i++) {
  const layout = [];
  for (let k = 0, r = i; k < starters.length; k++, r = Math.floor(r / points.length)) layout.push(r % points.length);
  const file = join(dir, `layout-${layout.join('')}.mjs`);
  writeFileSync(file, moduleText(layout));
  layouts.push({ layout, file, label: layout.map((p, k) => `${starters[k]}@${points[p]}`).join(', ') });
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
const sweep = play(layouts.map((l) => l.file), games, a.seed);
const rows = layouts.map((l) => { const { difference, lo, hi, pValue, estimate } = sweep.byFile.get(l.file); return { ...l, estimate, difference, lo, hi, pValue }; }).sort((x, y) => y.difference - x.difference);
console.log(`${a['team-a']} (A) vs ${a['team-b']} (B), side ${a.side}'s ${count} fixed layouts against ${a.base ?? 'the default'} (${pct(sweep.base)}%), ${games} paired games, seed ${a.seed}:`);
for (const r of rows.slice(0, 10)) console.log(`  ${pct(r.difference).padStart(6)} [${pct(r.lo)}, ${pct(r.hi)}] p ${r.pValue.toPrecision(2)}  ${r.label}`);
const bonferroni = rows.filter((r) => r.difference > 0 && r.pValue < 0.05 / count).length;
console.log(`  above the default at p < 0.05/${count} (Bonferroni): ${bonferroni}`);
const confirmed = [];
if (confirm > 0) {
  const top = rows.slice(0, confirm);
  const again = play(top.map((r) => r.file), confirmGames, a['confirm-seed']);
  console.log(`confirmed on fresh games (${confirmGames}, seed ${a['confirm-seed']}; ${a.base ?? DEFAULT} ${pct(again.base)}%):`);
  for (const r of top) {
    const c = again.byFile.get(r.file);
    confirmed.push({ label: r.label, base: again.base, estimate: c.estimate, difference: c.difference, lo: c.lo, hi: c.hi, pValue: c.pValue });
    console.log(`  ${pct(c.difference).padStart(6)} [${pct(c.lo)}, ${pct(c.hi)}] p ${c.pValue.toPrecision(2)}  ${r.label}`);
  }
}
if (a.out) writeFileSync(a.out, JSON.stringify({ teamA: a['team-a'], teamB: a['team-b'], side: a.side, games, seed: Number(a.seed), base: sweep.base, rows: rows.map(({ file, ...r }) => r), confirmGames, confirmSeed: Number(a['confirm-seed']), confirmed }, null, 2));
