// The measurements stored beside the games, which reports print, are of today's defaults.
//
// Policy gaps. Every measured policy gap a report prints is about today's default: each entry of every
// scenarios/<game>/policy-gap.yaml stores the default's rate on its own games (its command's
// configuration, `games` games from `seed`), and the default must still score exactly that on
// those games. A change to a default policy or to the rules that moves its games fails here until
// the entry is measured again with its command — a stored aggregate is checked before it is
// trusted, and a gap line never describes a bot that no longer plays. (The Dual Fates `layouts`
// entries, 5,000 games each, are not replayed: the search entries of the same four pairings, both
// sides, are, and a change to `fight` that moved the layouts' games would move those too.)
//
// Sensitivity. Each entry of scenarios/<game>/sensitivity.yaml stores the default's main metric on
// its games (`baseline`), which every effect it lists is a change from: the default must still
// score it there.
import { describe, expect, it } from 'vitest';
import { gapEntries } from '../src/games/darkfate/policyGap.js';
import { matchGapEntries } from '../src/games/dualfates/matchPolicyGap.js';
import { skirmishGapEntries } from '../src/games/genisys/skirmishPolicyGap.js';
import { tccgGapEntries } from '../src/games/tccg/gamePolicyGap.js';
import { GAP_DEFAULT_POLICY, measuredGaps } from '../src/games/terror/terrorPolicyGap.js';
import { storedSensitivity } from '../src/core/sensitivityNote.js';
import { loadGame } from '../src/games/index.js';
import { runCli } from './helpers/runCli.js';

/** One stored gap, reduced to what replaying its default needs. */
interface Stored {
  game: string;
  command: string;
  games: number;
  seed: number;
  /** The default's rate the entry stores, and the default's name. */
  rate: number;
  policy: string;
}

/** The default of a two-sided CCG side (the parameter's default; the gap file names only the side). */
async function tccgDefault(side: 'Resistance' | 'Skynet'): Promise<string> {
  const game = await loadGame('tccg');
  const spec = game.modes.find((m) => m.name === 'game')!.params.find((p) => p.key === (side === 'Skynet' ? 'skynetPolicy' : 'resistancePolicy'))!;
  return String(spec.default);
}

async function storedGaps(): Promise<Stored[]> {
  return [
    ...gapEntries().map((e) => ({ game: 'darkfate', command: e.command, games: e.games, seed: e.seed, rate: e.planner, policy: 'planner' })),
    ...measuredGaps().map((e) => ({ game: 'terror', command: e.command, games: e.n, seed: e.seed, rate: e.defaultWin, policy: GAP_DEFAULT_POLICY })),
    ...matchGapEntries().map((e) => ({ game: 'dualfates', command: e.command, games: e.games, seed: e.seed, rate: e.base, policy: e.policy })),
    ...(await Promise.all(tccgGapEntries().map(async (e) => ({ game: 'tccg', command: e.command, games: e.games, seed: e.seed, rate: e.bot, policy: await tccgDefault(e.side) })))),
    ...skirmishGapEntries().map((e) => ({ game: 'genisys', command: e.command, games: e.games, seed: e.seed, rate: e.botWins, policy: e.bot })),
  ];
}

/**
 * The entry's command as a plain paired ranking of its default (and `random`, the cheapest other
 * policy: `sim policies` pairs at least two) on the entry's games: the ladder's options, -n, --seed
 * and -j replaced; the configuration (mode, --scenario, --set, --param, --metric) as written.
 */
export function replayArgs(s: Stored, policy = s.policy): string[] {
  const words = s.command.trim().split(/\s+/);
  expect(words.slice(0, 2), s.command).toEqual(['sim', 'policies']);
  const args: string[] = [];
  for (let i = 2; i < words.length; i++) {
    if (words[i] === '--ladder') continue;
    if (['--ladder-start', '--ladder-max', '--ladder-seconds', '-n', '--games', '--seed', '-j', '--jobs'].includes(words[i])) {
      i++;
      continue;
    }
    args.push(words[i]);
  }
  return ['policies', ...args, '--policies', `${policy},random`, '-n', String(s.games), '--seed', String(s.seed), '-j', '1', '--format', 'json', '-q'];
}

/** The baseline's metric in a ranking `sim policies args…` prints. */
function baselineOf(args: string[]): number {
  const r = runCli(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  const rows = JSON.parse(r.stdout).result.rows as { baseline: boolean; estimate: number }[];
  return rows.find((x) => x.baseline)!.estimate;
}

/** The default's rate on the entry's games today (the baseline row of the ranking). */
const replayedRate = (s: Stored, policy?: string): number => baselineOf(replayArgs(s, policy));

describe('every stored policy gap is about the default that plays today', () => {
  it("each entry's default rate is what the default scores on the entry's own games today", async () => {
    const all = await storedGaps();
    // Every game with a search has entries (a file that stopped parsing would hide them all).
    expect(new Set(all.map((s) => s.game))).toEqual(new Set(['darkfate', 'terror', 'dualfates', 'tccg', 'genisys']));
    for (const s of all) {
      // Stored rates are k / games, written with at least enough digits to tell k apart.
      expect(Math.abs(replayedRate(s) - s.rate), `${s.game}: \`${s.command}\` stores ${s.policy} at ${s.rate}: re-measure the entry with its command (the default's games have changed)`).toBeLessThan(0.5 / s.games);
    }
  }, 120_000);
  it('would catch a changed default: another bot on the same games scores another rate', async () => {
    const terror = (await storedGaps()).find((s) => s.game === 'terror')!;
    expect(Math.abs(replayedRate(terror, 'death-order') - terror.rate)).toBeGreaterThan(0.5 / terror.games);
  });
});

describe('every stored sensitivity is of the default that plays today', () => {
  it("each entry's baseline is what the default scores on the entry's own games today", async () => {
    const games = ['darkfate', 'terror', 'tccg'];
    let entries = 0;
    for (const id of games) {
      const game = await loadGame(id);
      for (const e of storedSensitivity(id)) {
        entries++;
        const mode = game.modes.find((m) => m.name === e.mode)!;
        // The policy parameter `sim policies` varies (policy, or the game's search side), at its default.
        const key = mode.params.some((p) => p.key === 'policy') ? 'policy' : game.search!.policyParam!;
        const policy = String(mode.params.find((p) => p.key === key)!.default);
        const sets = Object.entries(e.params).flatMap(([k, v]) => ['--set', `${k}=${String(v)}`]);
        const args = ['policies', ...[id, e.mode].filter(Boolean), ...sets, '--param', key, '--policies', `${policy},random`, '--metric', e.metric, '-n', String(e.games), '--seed', String(e.seed), '-j', '1', '--format', 'json', '-q'];
        expect(Math.abs(baselineOf(args) - e.baseline), `${id}: \`${e.command}\` stores baseline ${e.baseline}: re-measure the entry with its command (scripts/storeSensitivity.mjs)`).toBeLessThan(e.rate ? 0.5 / e.games : 1e-9 * Math.max(1, Math.abs(e.baseline)));
      }
    }
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
