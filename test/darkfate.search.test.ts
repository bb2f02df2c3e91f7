// Dark Fate on the engine contract (decisionEngine.ts) and the shared search over it (search-ismcts): a snapshot
// saved at each kind of resume point (the play phase's actions, a discard inside a played card's
// or an activated hostile's text, a buy's recipient, an extra reserve draw, a flee) resumes to the
// game the rules' own call stack played; a search too small to confirm anything plays the
// planner's games exactly (it leaves each game as it found it); and the report runs with it at -j 1 and 2.
import { describe, expect, it } from 'vitest';
import { NO_ANSWER, NO_STOP } from '../src/core/engine.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor } from '../src/core/rng.js';
import { copyStreamInto } from '../src/core/streamCopy.js';
import { compileCards, loadCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import type { DarkFateRules, DarkFateSetup } from '../src/games/darkfate/darkfateRules.js';
import { DarkFateDecisionEngine } from '../src/games/darkfate/decisionEngine.js';
import { DarkFateSearchPolicy } from '../src/games/darkfate/darkfateSearch.js';
import { DarkFateEngine } from '../src/games/darkfate/engine.js';
import { RESUME_ACTION, RESUME_BUY_RECIPIENT, RESUME_EXTRA_DRAW, RESUME_FLEE, RESUME_FLEE_WHICH, RESUME_HUNT_DISCARD, RESUME_PLAY_DISCARD } from '../src/games/darkfate/engineState.js';
import { PlannerPolicy } from '../src/games/darkfate/plannerPolicy.js';
import type { DarkFatePolicy, DarkFateView } from '../src/games/darkfate/policy.js';
import { runCli } from './helpers/runCli.js';

const CARDS = compileCards(loadCardData(referenceCardsFile()));
const RULES: DarkFateRules = { handSize: 5, woundsToDie: 3, reserveSetup: 5, refillTo: 4, rev9Depth: 5, maxTurns: 400, prepCards: 5, setbackCards: 4, nnHandSize: 5, fleeEndsHunt: false };
const V = (key: string) => CARDS.rev9.findIndex((r) => r.key === key);
const setup = (rev9: string): DarkFateSetup => ({ players: 2, characters: [0, 1], solo: false, rev9: V(rev9), goOnWithoutMe: false, neuralNet: false });
const planner = new PlannerPolicy(CARDS);
/** The planner through choose only (no fast path): every ACTION is asked. */
const plannerChoose: DarkFatePolicy = { name: 'planner', choose: (rng, v, d, o, n, none) => planner.choose(rng, v, d, o, n, none) };
const fingerprint = (e: DarkFateEngine) => [e.outcome, e.turn, e.staggers, e.flees, e.woundsTaken, e.rev9Destroyed, e.fateN, e.reserveN, ...e.statGained, ...e.statSeatWounds];

describe('Dark Fate on the engine contract', () => {
  it('a snapshot at each kind of resume point, restored and resumed with the same answer, plays the same rest of the game', () => {
    const wanted = [RESUME_ACTION, RESUME_PLAY_DISCARD, RESUME_HUNT_DISCARD, RESUME_BUY_RECIPIENT, RESUME_EXTRA_DRAW, RESUME_FLEE, RESUME_FLEE_WHICH];
    const covered = new Map<number, number>();
    for (let g = 0; g < 80 && covered.size < wanted.length; g++) {
      const e = new DarkFateEngine(CARDS, RULES, setup(g % 2 ? 'fully-operational' : 'damaged-endo'), plannerChoose);
      const engine = new DarkFateDecisionEngine(e);
      const snap = engine.newSnapshot();
      const rngAt = streamFor(0, 0);
      let at = -1;
      let ctx = -1;
      let answer = 0;
      const after: number[] = [];
      const chooser: Policy<DarkFateView> = {
        name: 'save',
        choose(rng, v, d, o, n, none) {
          const a = planner.choose(rng, v, d, o, n, none);
          // The first resume point of a kind not yet covered (a later ACTION, to start mid-turn).
          if (at < 0 && engine.resumable(d) && n + (none ? 1 : 0) > 1 && !covered.has(e.resumeCtx) && (e.resumeCtx !== RESUME_ACTION || e.turn > 6)) {
            engine.save(snap);
            copyStreamInto(rng, rngAt);
            at = d;
            ctx = e.resumeCtx;
            answer = a;
          } else if (at >= 0) after.push(d, engine.decider(), n, a);
          return a;
        },
      };
      e.policy = chooser as DarkFatePolicy;
      const rng = streamFor(31, g);
      engine.reset(rng);
      engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
      if (at < 0) continue;
      const end = fingerprint(e);
      engine.restore(snap);
      const again: number[] = [];
      const replay: Policy<DarkFateView> = {
        name: 'replay',
        choose(r, v, d, o, n, none) {
          const a = planner.choose(r, v, d, o, n, none);
          again.push(d, engine.decider(), n, a);
          return a;
        },
      };
      engine.playOn(rngAt, replay, at, answer, NO_STOP);
      expect(again).toEqual(after);
      expect(fingerprint(e)).toEqual(end);
      covered.set(ctx, g);
    }
    expect([...covered.keys()].sort()).toEqual([...wanted].sort());
  });

  it('a search too small to confirm a departure (4 iterations: no paired playouts) plays exactly the planner’s games, the same draws', () => {
    const short: DarkFateRules = { ...RULES, maxTurns: 16 };
    const search = new DarkFateSearchPolicy(CARDS, { rollouts: 4, depth: 0, rollout: 'planner', margin: 2 }, new PlannerPolicy(CARDS));
    const s = new DarkFateEngine(CARDS, short, setup('fully-operational'), search);
    const p = new DarkFateEngine(CARDS, short, setup('fully-operational'), new PlannerPolicy(CARDS));
    for (let g = 0; g < 2; g++) {
      const rs = streamFor(21, g);
      const rp = streamFor(21, g);
      s.playGame(rs);
      p.playGame(rp);
      expect(fingerprint(s)).toEqual(fingerprint(p));
      expect(rs.next()).toBe(rp.next());
    }
    expect(search.stats.decisions).toBeGreaterThan(20);
    expect(search.stats.iterations).toBe(4 * search.stats.decisions);
  });

  it('runs through the command with its budget parameters, the same at -j 1 and -j 2', () => {
    const run = (j: string) => runCli(['darkfate', '--policy', 'search-ismcts', '--set', 'searchRollouts=8', '--set', 'maxTurns=12', '-n', '4', '--seed', '3', '-j', j, '--format', 'json', '-q']);
    const a = run('1');
    const b = run('2');
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout).result).toEqual(JSON.parse(b.stdout).result);
    expect(JSON.parse(a.stdout).policy).toBe('search-ismcts');
  });
});
