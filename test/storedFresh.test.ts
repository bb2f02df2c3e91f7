// The measurements stored beside the games, which reports print, are of today's defaults.
//
// Policy gaps. Every entry of every scenarios/<game>/policy-gap.yaml (the search's gaps and the
// Dual Fates match's best fixed deployments) names the default it was measured against and stores
// that default's rate on its own games (its command's configuration, `games` games from `seed`).
// Here each configuration is played again as a plain run on those games: the default that plays
// today must be the one the entry names, and must score exactly the stored rate. A change of the
// default, of a default's decisions or of the rules that moves those games fails here until the
// entry is measured again with its command. What this does not see: the other side of an entry,
// the search's (or the fixed layout's) rate, which a change to the search alone would move.
//
// Deployment. The Dual Fates match's default deploys by scenarios/dualfates/deployment.yaml, whose
// payoffs are games of fixed layouts with every other decision the default's: a change to the
// default or to the rules moves them, and the plan drawn from them is then another default's. A few
// of its cells are played again on their own games (scripts/dualfatesDeployment.mjs --check).
//
// Sensitivity. Each entry of scenarios/<game>/sensitivity.yaml stores the default's main metric on
// its games (`baseline`), which every effect it lists is a change from: the default must still
// score it there.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { policyGapFileOf } from '../src/core/policyGapNote.js';
import { parseYamlSafely } from '../src/core/safeYaml.js';
import { storedSensitivity } from '../src/core/sensitivityNote.js';
import { gapEntries } from '../src/games/darkfate/policyGap.js';
import { deploymentStamp, layoutGapEntries, matchGapEntries } from '../src/games/dualfates/matchPolicyGap.js';
import { skirmishGapEntries } from '../src/games/genisys/skirmishPolicyGap.js';
import { loadGame } from '../src/games/index.js';
import { tccgGapEntries } from '../src/games/tccg/gamePolicyGap.js';
import { GAP_DEFAULT_POLICY, measuredGaps } from '../src/games/terror/terrorPolicyGap.js';
import { runCli } from './helpers/runCli.js';

type Side = 'A' | 'B' | 'Resistance' | 'Skynet' | null;

/** One stored entry, reduced to what replaying its default needs. */
interface Stored {
  game: 'darkfate' | 'terror' | 'dualfates' | 'tccg' | 'genisys';
  /** The entry in words, for messages. */
  what: string;
  /** The configuration as the arguments of a plain run (mode words, --scenario, --set). */
  config: string[];
  games: number;
  seed: number;
  /** The side whose default the entry measured (null: a one-sided game). */
  side: Side;
  /** A Dual Fates entry measured under another deployment file than today's (its stamp differs): never printed (matchPolicyGap.ts), so not replayed. */
  otherDeployment?: boolean;
  /** The default the entry names, and its stored rate. */
  policy: string;
  rate: number;
}

/** Options of a `sim policies` command that do not shape the games played: dropped for the plain run (with their values). */
const RANKING_ONLY = new Set(['--ladder-start', '--ladder-max', '--ladder-seconds', '-n', '--games', '--seed', '-j', '--jobs', '--param', '--metric']);

/** The configuration of a `sim policies MODE …` command, as a plain run's arguments. */
function configOf(command: string): string[] {
  const words = command.trim().split(/\s+/);
  expect(words.slice(0, 2), command).toEqual(['sim', 'policies']);
  const out: string[] = [];
  for (let i = 2; i < words.length; i++) {
    if (words[i] === '--ladder') continue;
    if (RANKING_ONLY.has(words[i])) {
      i++;
      continue;
    }
    out.push(words[i]);
  }
  return out;
}

function storedGaps(): Stored[] {
  return [
    ...gapEntries().map((e): Stored => ({ game: 'darkfate', what: e.command, config: configOf(e.command), games: e.games, seed: e.seed, side: null, policy: 'planner', rate: e.planner })),
    ...measuredGaps().map((e): Stored => ({ game: 'terror', what: e.command, config: configOf(e.command), games: e.n, seed: e.seed, side: null, policy: GAP_DEFAULT_POLICY, rate: e.defaultWin })),
    ...matchGapEntries().map((e): Stored => ({ game: 'dualfates', what: e.command, config: configOf(e.command), games: e.games, seed: e.seed, side: e.side, policy: e.policy, rate: e.base, otherDeployment: e.deployment !== deploymentStamp(e.teamA, e.teamB) })),
    // The fixed layouts' baseline: the default against itself on the layout sweep's confirmation games.
    ...layoutGapEntries().map((e): Stored => ({ game: 'dualfates', what: `layout ${e.layout}${e.order ? ` deployed ${e.order === 'reverse' ? 'in reverse' : 'the cheapest first'}` : ''} (${e.teamA} vs ${e.teamB})`, config: ['dualfates', 'match', '--set', `teamA=${e.teamA}`, '--set', `teamB=${e.teamB}`], games: e.games, seed: e.seed, side: e.side, policy: e.policy, rate: e.base, otherDeployment: e.deployment !== deploymentStamp(e.teamA, e.teamB) })),
    ...tccgGapEntries().map((e): Stored => ({ game: 'tccg', what: e.command, config: configOf(e.command), games: e.games, seed: e.seed, side: e.side, policy: 'the default bot', rate: e.bot })),
    ...skirmishGapEntries().map((e): Stored => ({ game: 'genisys', what: e.command, config: configOf(e.command), games: e.games, seed: e.seed, side: e.side, policy: e.bot, rate: e.botWins })),
  ];
}

/** What a plain run of the configuration on the entry's games shows: the default that played the entry's side, and its rate. */
interface Played {
  policy: string;
  rate: number;
}

const runs = new Map<string, Record<string, unknown>>();

/** The plain run of `s`'s configuration on its games (`extra`: more arguments), read for `s`'s side. */
function played(s: Stored, extra: string[] = []): Played {
  const args = [...s.config, ...extra, '-n', String(s.games), '--seed', String(s.seed), '-j', '1', '--format', 'json', '-q'];
  const key = args.join(' ');
  let r = runs.get(key);
  if (!r) {
    const out = runCli(args);
    expect(out.code, `sim ${key}: ${out.stderr}`).toBe(0);
    r = JSON.parse(out.stdout) as Record<string, unknown>;
    runs.set(key, r);
  }
  const res = r.result as Record<string, any>;
  const policy = r.policy as string | string[];
  const two = (i: number) => (Array.isArray(policy) ? policy[i] : policy);
  switch (s.game) {
    case 'darkfate':
      return { policy: two(0), rate: res.versions[0].win.estimate };
    case 'terror':
      return { policy: two(0), rate: res.survival.estimate };
    case 'dualfates':
      return { policy: two(s.side === 'B' ? 1 : 0), rate: res.rates[`win${s.side}`].estimate };
    case 'tccg':
      return { policy: two(s.side === 'Skynet' ? 1 : 0), rate: res[s.side === 'Skynet' ? 'skynetWins' : 'resistanceWins'].estimate };
    case 'genisys':
      return { policy: two(s.side === 'B' ? 1 : 0), rate: res[`win${s.side}`].estimate };
  }
}

/** The CCG's gap file names a side, not its bot: today's default of that side's policy parameter. */
async function withCcgDefaults(all: Stored[]): Promise<Stored[]> {
  const mode = (await loadGame('tccg')).modes.find((m) => m.name === 'game')!;
  const def = (key: string) => String(mode.params.find((p) => p.key === key)!.default);
  return all.map((s) => (s.game === 'tccg' ? { ...s, policy: def(s.side === 'Skynet' ? 'skynetPolicy' : 'resistancePolicy') } : s));
}

/** Entries in a gap file's list, as written (a reader that dropped one, a malformed number say, would hide it from the check). */
function written(game: string, list: string): number {
  const file = policyGapFileOf(game);
  const doc = parseYamlSafely(readFileSync(file, 'utf8'), file) as Record<string, unknown[] | undefined>;
  return doc[list]?.length ?? 0;
}

describe('every stored policy gap is about the default that plays today', () => {
  it('every entry written is read (none dropped by a failed check, which would hide it from the replay)', () => {
    const all = storedGaps();
    const count = (game: string, pick = (_s: Stored) => true) => all.filter((s) => s.game === game && pick(s)).length;
    expect(count('darkfate')).toBe(written('darkfate', 'measured'));
    expect(count('terror')).toBe(written('terror', 'measured'));
    expect(count('dualfates', (s) => !s.what.startsWith('layout '))).toBe(written('dualfates', 'measured'));
    expect(count('dualfates', (s) => s.what.startsWith('layout '))).toBe(written('dualfates', 'layouts'));
    expect(count('tccg')).toBe(written('tccg', 'measured'));
    expect(count('genisys')).toBe(written('genisys', 'measured'));
    expect(new Set(all.map((s) => s.game))).toEqual(new Set(['darkfate', 'terror', 'dualfates', 'tccg', 'genisys']));
  });
  it("each entry's default is today's, and scores the stored rate on the entry's own games", async () => {
    const stale: string[] = [];
    for (const s of await withCcgDefaults(storedGaps())) {
      // Measured under an earlier deployment file: the report says it was not re-measured and prints none of it (engineLaws.test.ts).
      if (s.otherDeployment) continue;
      const now = played(s);
      if (now.policy !== s.policy) stale.push(`${s.game}: ${s.what}: measured against ${s.policy}, today's default${s.side ? ` for side ${s.side}` : ''} is ${now.policy}`);
      // Stored rates are k / games, written with at least enough digits to tell k apart.
      else if (Math.abs(now.rate - s.rate) >= 0.5 / s.games) stale.push(`${s.game}: ${s.what}: stores ${s.policy} at ${s.rate}, today ${now.rate} on the same games`);
    }
    // Each line names an entry to measure again with its command (the games of its default have changed).
    expect(stale).toEqual([]);
  }, 120_000);
  it('would catch a changed default: another bot on the same games is another name and another rate', () => {
    const harsh = storedGaps().find((s) => s.game === 'terror' && s.config.includes('scenarios/terror/harsh.yaml'))!;
    const other = played(harsh, ['--set', 'policy=death-order']);
    expect(other.policy).toBe('death-order');
    expect(Math.abs(other.rate - harsh.rate)).toBeGreaterThan(0.5 / harsh.games);
  });
});

describe("the Dual Fates deployment file's payoffs are the games of the default that plays today", () => {
  const check = (...args: string[]) => spawnSync(process.execPath, ['scripts/dualfatesDeployment.mjs', '--check', ...args], { encoding: 'utf8' });
  it('the first cell of every mix, played again on its games, equals the stored payoff', () => {
    const r = check();
    // A failure names each cell: compute the mixes again (scripts/dualfatesDeployment.mjs, its `computed` lines) after a change to the default or the rules.
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/4 cells played again, each equal to the stored payoff/);
  }, 60_000);
  it('would catch a payoff of other games: a cell off by 0.0001 is named, exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-deploycheck-'));
    try {
      const text = readFileSync('scenarios/dualfates/deployment.yaml', 'utf8');
      // The first payoff row of the horde's mirror, its first cell moved by one in the last digit.
      const at = text.indexOf('payoffs:', text.indexOf('name: "horde vs horde"'));
      const row = text.indexOf('[', at);
      const end = text.indexOf(',', row);
      const cell = Number(text.slice(row + 1, end));
      const file = join(dir, 'deployment.yaml');
      writeFileSync(file, `${text.slice(0, row + 1)}${(cell + 0.0001).toFixed(4)}${text.slice(end)}`);
      const r = check('--file', file, '--pairs', 'horde:horde');
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`mix "horde vs horde", A's layout 1 against B's 1: stored ${Number((cell + 0.0001).toFixed(4))}, played again ${cell} (4000 games from seed 90001)`);
      expect(check('--file', file, '--pairs', 'knights:horde').status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('scripts/remeasureGaps.mjs: a stale entry measured again with its own command', () => {
  it("writes the ladder's top rung and today's deployment stamp into the entry, every other character of the file as it was", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-remeasure-'));
    try {
      const text = readFileSync('scenarios/dualfates/policy-gap.yaml', 'utf8');
      // The first measured entry, made cheap (a rung of 2 iterations, 40 games) and without its stamp; its old numbers kept.
      const at = text.indexOf('    command: sim policies dualfates match --ladder');
      const end = text.indexOf('\n', text.indexOf('    deployment: ', at)) + 1;
      const cheap = 'sim policies dualfates match --ladder --ladder-start 2 --ladder-max 2 -n 40 --seed 1 -j 2';
      const file = join(dir, 'policy-gap.yaml');
      writeFileSync(file, `${text.slice(0, at)}    command: ${cheap}\n${text.slice(end)}`);
      const r = spawnSync(process.execPath, ['scripts/remeasureGaps.mjs', 'dualfates', '--file', file, '--match', 'ladder-max 2 ', '-j', '1'], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const after = readFileSync(file, 'utf8');
      const direct = runCli([...cheap.split(' ').slice(1, -2), '-j', '1', '--format', 'json', '-q']);
      const top = JSON.parse(direct.stdout).result.top[0];
      const entry = (parseYamlSafely(after, file) as { measured: Record<string, unknown>[] }).measured[0];
      expect(entry).toMatchObject({ games: 40, budget: 2, command: cheap, deployment: deploymentStamp('knights', 'knights') });
      expect(entry.base).toBeCloseTo(top.estimate - top.gain, 6);
      expect(entry.search).toBeCloseTo(top.estimate, 6);
      expect([entry.difference, entry.lo, entry.hi]).toEqual([top.gain, top.gainLo, top.gainHi].map((x: number) => Number(x.toFixed(6))));
      // Outside that entry's lines, the file is the bundled one.
      const entryStart = text.lastIndexOf('\n  - ', at);
      expect(after.slice(0, entryStart)).toBe(text.slice(0, entryStart));
      expect(after.slice(after.indexOf('\n  - ', after.indexOf(cheap)))).toBe(text.slice(text.indexOf('\n  - ', at)));
      // Each game's fields: the default's rate where the entry keeps it as a number (Genisys: botWins, its bot named in bot), the default's name from the ladder's baseline.
      const { fieldsFrom } = await import('../scripts/remeasureGaps.mjs');
      const ladder = { kind: 'policies', result: { baseline: 'advance', top: [{ games: 40, budget: 2, estimate: 0.5, gain: 0.1, gainLo: 0, gainHi: 0.2, pValue: 0.04 }] } };
      expect(fieldsFrom(ladder, { bot: 'aim', botWins: 0.46, search: 0.46 })).toMatchObject({ bot: 'advance', botWins: 0.4, search: 0.5, difference: 0.1 });
      expect(fieldsFrom(ladder, { policy: 'fight', base: 0.5 })).toMatchObject({ policy: 'advance', base: 0.4 });
      expect(fieldsFrom(ladder, { planner: 0.9 })).not.toHaveProperty('policy');
      // Nothing to play is an error, not a silent no-op.
      const none = spawnSync(process.execPath, ['scripts/remeasureGaps.mjs', 'dualfates', '--file', file, '--match', 'no such command'], { encoding: 'utf8' });
      expect(none.status).toBe(2);
      expect(none.stderr.trim()).toBe(`remeasureGaps: no entry of ${file} has a command containing "no such command"`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('scripts/remeasureGaps.mjs: writes into the file as it is when each entry is done', () => {
  it("keeps a header edited while it ran and other entries' hand corrections; refuses (writing nothing, the numbers in the error) an entry moved, another order, a file that does not parse", async () => {
    const { writeMeasured } = await import('../scripts/remeasureGaps.mjs');
    const dir = mkdtempSync(join(tmpdir(), 'sim-remeasure-'));
    try {
      const file = join(dir, 'policy-gap.yaml');
      const entry = (cmd: string, d: number) => `  - rev9: x\n    difference: ${d}\n    command: ${cmd}\n`;
      writeFileSync(file, `# header as read\nmeasured:\n${entry('sim a', 0.1)}${entry('sim b', 0.2)}`);
      // The header rewritten meanwhile (as a person documenting the run would), and entry 0, written earlier, corrected by hand: both kept; entry 1 gets its numbers.
      writeFileSync(file, `# header as read, and a paragraph written while it ran\n# over two lines\nmeasured:\n${entry('sim a', 0.99)}${entry('sim b', 0.2)}`);
      writeMeasured(file, { list: 'measured', index: 1, command: 'sim b', now: { difference: 0.25, lo: 0.01 } });
      expect(readFileSync(file, 'utf8')).toBe(`# header as read, and a paragraph written while it ran\n# over two lines\nmeasured:\n${entry('sim a', 0.99)}  - rev9: x\n    difference: 0.25\n    command: sim b\n    lo: 0.01\n`);
      // The entries reordered meanwhile: the entry at index 1 is another one; nothing is written, and the error carries the numbers.
      const moved = `measured:\n${entry('sim b', 0.2)}${entry('sim a', 0.1)}`;
      writeFileSync(file, moved);
      expect(() => writeMeasured(file, { list: 'measured', index: 1, command: 'sim b', now: { difference: 0.25 } })).toThrow(/changed while this ran: measured\[1\] no longer holds `sim b`; nothing written\. The numbers measured: .*"difference":0\.25/);
      expect(readFileSync(file, 'utf8')).toBe(moved);
      // Layouts entries of one command in two orders (absent: team order) swapped meanwhile: refused.
      const layouts = (o1: string, o2: string) => `layouts:\n  - command: node l.mjs\n    difference: 0.1\n${o1}  - command: node l.mjs\n    difference: 0.2\n${o2}`;
      const swapped = layouts('    order: reverse\n', '');
      writeFileSync(file, swapped);
      expect(() => writeMeasured(file, { list: 'layouts', index: 1, command: 'node l.mjs', order: 'reverse', now: { difference: 0.3 } })).toThrow(/layouts\[1\] no longer holds `node l\.mjs` in reverse order/);
      expect(() => writeMeasured(file, { list: 'layouts', index: 0, command: 'node l.mjs', order: undefined, now: { difference: 0.3 } })).toThrow(/in team order/);
      writeMeasured(file, { list: 'layouts', index: 1, command: 'node l.mjs', order: 'team', now: { difference: 0.3 } });
      expect(readFileSync(file, 'utf8')).toBe(swapped.replace('difference: 0.2', 'difference: 0.3'));
      // A file saved half-edited: nothing written.
      const broken = `measured:\n  - command: sim b\n    difference: [0.2\n`;
      writeFileSync(file, broken);
      expect(() => writeMeasured(file, { list: 'measured', index: 0, command: 'sim b', now: { difference: 0.25 } })).toThrow(/does not parse now .*nothing written\. The numbers measured/);
      expect(readFileSync(file, 'utf8')).toBe(broken);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/remeasureGaps.mjs stopped by a signal', () => {
  it('takes the run under way with it (SIGTERM: exit 143), and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-remeasure-'));
    try {
      // A ladder of minutes, marked by a seed no other run uses.
      const cmd = 'sim policies dualfates match --ladder --ladder-start 256 --ladder-max 256 -n 100000 --seed 777013 -j 1';
      const file = join(dir, 'policy-gap.yaml');
      const text = `measured:\n  - teamA: knights\n    teamB: knights\n    difference: 0.1\n    command: ${cmd}\n`;
      writeFileSync(file, text);
      const script = spawn(process.execPath, ['scripts/remeasureGaps.mjs', 'dualfates', '--file', file], { stdio: 'ignore' });
      const children = () => spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout.split('\n').filter((l) => l.includes('bin/sim policies') && l.includes('777013'));
      for (let i = 0; i < 100 && children().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(children()).toHaveLength(1);
      const code = new Promise((resolve) => script.on('close', (c, signal) => resolve(c ?? signal)));
      script.kill('SIGTERM');
      expect(await code).toBe(143);
      for (let i = 0; i < 50 && children().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(children()).toHaveLength(0);
      expect(readFileSync(file, 'utf8')).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('scripts/remeasureGaps.mjs --layouts: the fixed-layout entries measured again with their own command', () => {
  it('writes the largest confirmed layout, the default and the stamp into the entry, the other entries as they were', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-remeasure-'));
    try {
      const text = readFileSync('scenarios/dualfates/policy-gap.yaml', 'utf8');
      // The first layouts entry (knights vs knights, side A) made cheap: 10 games a layout, two confirmed on 20.
      const at = text.indexOf('    command: node scripts/dualfatesLayouts.mjs', text.indexOf('\nlayouts:'));
      const end = text.indexOf('\n', at) + 1;
      const cheap = 'node scripts/dualfatesLayouts.mjs --team-a knights --team-b knights --side A --engine --games 10 --confirm 2 --confirm-games 20';
      const file = join(dir, 'policy-gap.yaml');
      const before = `${text.slice(0, at)}    command: ${cheap}\n${text.slice(end)}`;
      writeFileSync(file, before);
      const r = spawnSync(process.execPath, ['scripts/remeasureGaps.mjs', 'dualfates', '--layouts', '--file', file, '--match=--games 10 ', '-j', '1'], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const after = readFileSync(file, 'utf8');
      const entry = (parseYamlSafely(after, file) as { layouts: Record<string, unknown>[] }).layouts[0];
      const { MATCH_POLICIES } = await import('../src/games/dualfates/matchPolicies.js');
      expect(entry).toMatchObject({ command: cheap, games: 20, policy: MATCH_POLICIES[0], deployment: deploymentStamp('knights', 'knights') });
      expect(String(entry.layout)).toMatch(/^[A-Z][\w ]+@A-\w+(, [A-Z][\w ]+@A-\w+)*$/);
      expect(entry.difference as number).toBeCloseTo((entry.fixed as number) - (entry.base as number), 3);
      // Outside that entry's lines, the file is the one given.
      const entryStart = before.lastIndexOf('\n  - ', at);
      expect(after.slice(0, entryStart)).toBe(before.slice(0, entryStart));
      expect(after.slice(after.indexOf('\n  - ', after.indexOf(cheap)))).toBe(before.slice(before.indexOf('\n  - ', at)));
      const { layoutFieldsFrom } = await import('../scripts/remeasureGaps.mjs');
      const rows = { confirmGames: 5000, confirmSeed: 7601, confirmed: [{ label: 'x', base: 0.5, estimate: 0.51, difference: 0.01, lo: -0.01, hi: 0.03, pValue: 0.3 }, { label: 'y', base: 0.5, estimate: 0.52, difference: 0.02, lo: 0.001, hi: 0.04, pValue: 0.04 }] };
      expect(layoutFieldsFrom(rows, 'threat')).toEqual({ policy: 'threat', layout: 'y', games: 5000, seed: 7601, base: 0.5, fixed: 0.52, difference: 0.02, lo: 0.001, hi: 0.04, pValue: 0.04 });
      expect(() => layoutFieldsFrom({ confirmed: [] }, 'threat')).toThrow(/confirmed no layout/);
      // A command whose --order is not the entry's order: refused before anything is played.
      writeFileSync(file, before.replace(cheap, `${cheap} --order reverse`));
      const mixed = spawnSync(process.execPath, ['scripts/remeasureGaps.mjs', 'dualfates', '--layouts', '--file', file, '--match=--games 10 '], { encoding: 'utf8' });
      expect(mixed.status).toBe(2);
      expect(mixed.stderr.trim()).toMatch(/layouts\[0\]: the command deploys in reverse order, the entry says team/);
      // Another game's file has no such entries: refused.
      const other = spawnSync(process.execPath, ['scripts/remeasureGaps.mjs', 'terror', '--layouts', '--dry-run'], { encoding: 'utf8' });
      expect(other.status).toBe(2);
      expect(other.stderr.trim()).toMatch(/--layouts is for the Dual Fates match/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The game and side whose plain run's rate is a sensitivity entry's main metric (the game's first rate, its default configuration). */
const SENSITIVITY_METRIC: Record<string, { game: Stored['game']; side: Side }> = {
  'darkfate win': { game: 'darkfate', side: null },
  'terror survived': { game: 'terror', side: null },
  'tccg resistanceWins': { game: 'tccg', side: 'Resistance' },
};

describe('every stored sensitivity is of the default that plays today', () => {
  it("each entry's baseline is what the default scores on the entry's own games today", async () => {
    const games = ['darkfate', 'terror', 'tccg'];
    const stale: string[] = [];
    let entries = 0;
    for (const id of games) {
      const game = await loadGame(id);
      for (const e of storedSensitivity(id)) {
        entries++;
        const how = SENSITIVITY_METRIC[`${id} ${e.metric}`];
        expect(how, `${id}: no replay for the metric ${e.metric} (add it to SENSITIVITY_METRIC)`).toBeDefined();
        const mode = game.modes.find((m) => m.name === e.mode)!;
        // The default that played: the side's policy parameter at its default (an entry's params never set it).
        const key = mode.params.some((p) => p.key === 'policy') ? 'policy' : how.side === 'Resistance' ? 'resistancePolicy' : game.search!.policyParam!;
        expect(Object.hasOwn(e.params, key), `${id}: ${e.command} sets ${key}`).toBe(false);
        const s: Stored = { ...how, what: e.command, config: [...[id, e.mode].filter(Boolean), ...Object.entries(e.params).flatMap(([k, v]) => ['--set', `${k}=${String(v)}`])], games: e.games, seed: e.seed, policy: String(mode.params.find((p) => p.key === key)!.default), rate: e.baseline };
        const now = played(s);
        if (now.policy !== s.policy || Math.abs(now.rate - e.baseline) >= 0.5 / e.games) stale.push(`${id}: \`${e.command}\` stores baseline ${e.baseline} (${s.policy}); today ${now.rate} (${now.policy}): re-measure the entry with its command (scripts/storeSensitivity.mjs)`);
      }
    }
    expect(stale).toEqual([]);
    expect(entries).toBeGreaterThanOrEqual(games.length);
  }, 120_000);
  it('an entry without its baseline is refused when read', async () => {
    const { checkedSensitivityEntry } = await import('../src/core/sensitivityNote.js');
    const [e] = storedSensitivity('terror');
    const { baseline: _b, ...without } = e;
    expect(() => checkedSensitivityEntry(without, 'sensitivity.yaml', 0)).toThrow(/measured\[0\]\.baseline: expected a rate in \[0, 1\]/);
    expect(() => checkedSensitivityEntry({ ...e, baseline: 1.2 }, 'sensitivity.yaml', 0)).toThrow(/baseline/);
    expect(checkedSensitivityEntry(e, 'sensitivity.yaml', 0)).toEqual(e);
  });
});
