// The parameter searchDecisions (src/core/searchDecisions.ts): which decisions the shared search
// answers, in every game whose search policy it is; read by the real parser and refused by name.
import { describe, expect, it } from 'vitest';
import { parseSearchDecisions, searchDecisionsParam, searchesOf } from '../src/core/searchDecisions.js';
import { UsageError } from '../src/core/usageError.js';
import { defaultsOf, resolveParams } from '../src/core/params.js';
import { MATCH_PARAMS, matchSimParams } from '../src/games/dualfates/matchEntry.js';
import { buildSkirmish, SKIRMISH_PARAMS } from '../src/games/genisys/skirmishEntry.js';
import { gameSimParams, GAME_PARAMS } from '../src/games/tccg/gameMode.js';
import { loadMatchup } from '../src/games/tccg/matchup.js';
import { runCli } from './helpers/runCli.js';

const NAMES = ['place end', 'move', 'attack', 'pool_resist'];
const ROOTS = (1 << 1) | (1 << 2) | (1 << 3);

describe('searchDecisions', () => {
  it('reads all, or names separated by commas (case, spaces, hyphens and underscores ignored), into codes in order', () => {
    expect(parseSearchDecisions('all', NAMES, ROOTS)).toBeNull();
    expect(parseSearchDecisions(' ALL ', NAMES, ROOTS)).toBeNull();
    expect(parseSearchDecisions('attack', NAMES, ROOTS)).toEqual([2]);
    expect(parseSearchDecisions('Pool-Resist, move,attack,move', NAMES, ROOTS)).toEqual([1, 2, 3]);
    const on = searchesOf([1, 3])!;
    expect([0, 1, 2, 3].map(on)).toEqual([false, true, false, true]);
    expect(searchesOf(null)).toBeUndefined();
  });

  it('refuses a name that is no decision (with the nearest), and a decision the search does not answer', () => {
    expect(() => parseSearchDecisions('atack', NAMES, ROOTS)).toThrow(UsageError);
    expect(() => parseSearchDecisions('atack', NAMES, ROOTS)).toThrow('parameter searchDecisions: "atack" is not a decision of this game (did you mean "attack"?); expected all or a list separated by commas of move, attack, pool_resist');
    expect(() => parseSearchDecisions('move,', NAMES, ROOTS)).toThrow('"" is not a decision of this game');
    expect(() => parseSearchDecisions('place end', NAMES, ROOTS)).toThrow('parameter searchDecisions: the search does not answer "place end" (the default bot always does); expected all or a list separated by commas of move, attack, pool_resist');
    expect(searchDecisionsParam(NAMES, ROOTS, () => null).doc).toContain('of move, attack, pool_resist;');
  });

  it("reaches each game's search settings as codes (the search reads them there)", async () => {
    const tccg = gameSimParams(loadMatchup('example', 'example'), { ...defaultsOf(GAME_PARAMS), resistancePolicy: 'search', searchDecisions: 'move,search' }, ['search', 'hunt-support'], [null, null]);
    expect(tccg.search?.decisions).toEqual([2, 8]);
    const match = matchSimParams(resolveParams(MATCH_PARAMS, { policyA: 'search', searchDecisions: 'action' }, (k) => k));
    expect(match.search?.decisions).toEqual([5]);
    const skirmish = await buildSkirmish(resolveParams(SKIRMISH_PARAMS, { policyB: 'search', searchDecisions: 'move, attack' }, (k) => k));
    expect(skirmish.search?.decisions).toEqual([3, 4]);
  });

  it('reaches the games: Terror searching ACTION, BUY or all, and Dark Fate searching rest, flee or all plans, play three different sets of games', () => {
    const tables = (args: string[]) => {
      const r = runCli([...args, '-j', '1', '-q', '--format', 'json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.stringify(JSON.parse(r.stdout).tables);
    };
    // 20 games: at 10 the ACTION-only and BUY-only searches played the same games once the planner agreed with the search more (its sixth pass).
    const terror = ['all', 'ACTION', 'BUY'].map((k) => tables(['terror', '--policy', 'search', '--set', 'searchRollouts=4', '--set', `searchDecisions=${k}`, '-n', '20', '--seed', '5']));
    expect(new Set(terror).size).toBe(3);
    // 20 games: at 3 (and 10) the all-plans and rest-only searches played the same games once the planner fled the split's unfinished stagger (2026-12-07).
    const darkfate = ['all', 'rest', 'flee'].map((k) => tables(['darkfate', '--rev9', 'fully-operational', '--policy', 'search', '--set', 'searchRollouts=8', '--set', `searchPlans=${k}`, '-n', '20', '--seed', '5']));
    expect(new Set(darkfate).size).toBe(3);
  }, 60_000);

  // Each game's command: the names it lists in `sim params`, a bad name refused (exit 2), the parameter
  // refused where no side plays the search (but for all), and a run with it (the value reaches the games).
  const GAMES: { args: string[]; search: string[]; name: string; listed: RegExp }[] = [
    { args: ['tccg', 'game'], search: ['--set', 'resistancePolicy=search', '--set', 'searchIterations=2', '--set', 'maxTurns=3'], name: 'attack', listed: /of move, attack, search;/ },
    { args: ['dualfates', 'match'], search: ['--set', 'policyA=search', '--set', 'searchIterations=2', '--rounds', '2'], name: 'ACTIVATE', listed: /of DEPLOY, DEPLOY_AT, SUMMON, INITIATIVE, ACTIVATE, ACTION, ABILITY;/ },
    { args: ['genisys', 'skirmish'], search: ['--set', 'policyA=search', '--set', 'searchIterations=2'], name: 'first impulse', listed: /of first impulse, ready marker, commander marker, move, attack;/ },
    { args: ['terror'], search: ['--set', 'policy=search', '--set', 'searchRollouts=1'], name: 'BUY', listed: /of ACTION, BUY;/ },
  ];
  for (const g of GAMES) {
    it(`${g.args.join(' ')}: listed, checked, refused without the search, and run`, () => {
      const params = runCli(['params', ...g.args]);
      expect(params.code, params.stderr).toBe(0);
      expect(params.stdout).toMatch(/searchDecisions/);
      expect(params.stdout.replace(/[│\s]+/g, ' ')).toMatch(g.listed);
      const bad = runCli([...g.args, ...g.search, '--set', 'searchDecisions=nonsense', '-n', '1', '-q']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/searchDecisions: "nonsense" is not a decision of this game/);
      const inert = runCli([...g.args, '--set', `searchDecisions=${g.name}`, '-n', '1', '-q']);
      expect(inert.code).toBe(2);
      expect(inert.stderr).toMatch(/searchDecisions: has no effect here: it sets the search policy/);
      // "all" asks nothing of another policy: accepted without the search.
      expect(runCli([...g.args, '--set', 'searchDecisions=all', '-n', '1', '-q']).code).toBe(0);
      const ok = runCli([...g.args, ...g.search, '--set', `searchDecisions=${g.name}`, '-n', '1', '--seed', '3', '--format', 'json']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout).params.searchDecisions).toBe(g.name);
    });
  }
});
