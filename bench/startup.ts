// `npm run bench:startup`: start-up CPU of the command line, user+sys seconds of the whole `sim`
// process (median of --runs, default 5), for each game's default mode at `-n 1 --seed 1` and for
// the help screens. A bare `node -e 0` is measured in the same run as the floor no command can go
// under. Target (issue 29): every line ≤ 0.2 s CPU. Never part of `npm test`: machines are noisy.
//
// `node dist/bench/startup.js [--runs N] [--against DIR] [FILTER]` (FILTER: a substring of the
// command line). `--against DIR`: another built checkout (e.g. the commit before a change), its
// bin/sim run alternately with this one's, so both columns see the same load.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SIM = fileURLToPath(new URL('../../bin/sim', import.meta.url));
const TARGET_S = 0.2;

/**
 * Each game's default mode (its main mode, else its first) at `-n 1 --seed 1`: a mode exact by
 * default plays no games, so it runs as it is and as `--method mc -n 1`. Then the help screens.
 */
const COMMANDS: readonly string[] = [
  'dice -n 1 --seed 1',
  'darkfate -n 1 --seed 1',
  'darkfate --rev9 endoskeleton -n 1 --seed 1',
  'genisys attack',
  'genisys attack --method mc -n 1 --seed 1',
  'terror -n 1 --seed 1',
  'dualfates attack',
  'dualfates attack --method mc -n 1 --seed 1',
  'tccg opening -n 1 --seed 1',
  '--help',
  'darkfate --help',
  'genisys attack --help',
];

/** User+sys CPU seconds of one run of `argv`, measured by GNU time (the child's own rusage, exit and all). */
function cpuSeconds(argv: readonly string[]): number {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', ...argv], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr.trim().split('\n').slice(-2).join(' ')}`);
  // GNU time's line is the last one of stderr (the command's own notes come before it).
  const last = r.stderr.trim().split('\n').at(-1) ?? '';
  const [user, sys] = last.split(' ').map(Number);
  if (!Number.isFinite(user) || !Number.isFinite(sys)) throw new Error(`unexpected output of /usr/bin/time: ${last}`);
  return user + sys;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function usage(message: string): never {
  process.stderr.write(`bench:startup: ${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  if (at + 1 >= args.length) usage(`option ${name} needs a value`);
  return args.splice(at, 2)[1];
};
const runs = Number(option('--runs') ?? 5);
if (!Number.isInteger(runs) || runs < 1) usage('option --runs must be a whole number ≥ 1');
const againstDir = option('--against');
const other = againstDir === undefined ? undefined : join(resolve(againstDir), 'bin', 'sim');
if (other !== undefined && !existsSync(other)) usage(`option --against: no bin/sim in ${againstDir}`);
const filter = args[0];
if (!existsSync('/usr/bin/time')) {
  process.stderr.write('bench:startup: needs GNU time at /usr/bin/time (Debian: apt-get install time)\n');
  process.exit(1);
}

const fmt = (xs: number[]) => `${median(xs).toFixed(2)}  [${xs.map((x) => x.toFixed(2)).join(' ')}]`;
const rows: { command: string; text: string; met?: boolean }[] = [];
const floor = Array.from({ length: runs }, () => cpuSeconds([process.execPath, '-e', '0']));
rows.push({ command: 'node -e 0 (floor)', text: fmt(floor) });
for (const c of COMMANDS.filter((x) => !filter || x.includes(filter))) {
  const mine: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (other !== undefined) theirs.push(cpuSeconds([process.execPath, other, ...c.split(' ')]));
    mine.push(cpuSeconds([process.execPath, SIM, ...c.split(' ')]));
  }
  rows.push({ command: `sim ${c}`, text: other !== undefined ? `${fmt(theirs)}  →  ${fmt(mine)}` : fmt(mine), met: median(mine) <= TARGET_S });
}
const width = Math.max(...rows.map((r) => r.command.length));
process.stdout.write(`start-up CPU (user+sys s), median of ${runs} [each run]${other !== undefined ? `; ${againstDir} → this checkout, alternating` : ''}; target ≤ ${TARGET_S} s\n`);
for (const r of rows) process.stdout.write(`${r.command.padEnd(width)}  ${r.text}${r.met === undefined ? '' : r.met ? '  ok' : '  over'}\n`);
