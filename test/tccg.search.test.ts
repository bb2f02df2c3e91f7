// The CCG game on the engine contract (src/games/tccg/gameSearch.ts), beyond the shared laws
// (test/engineLaws.test.ts): a resume at each kind of resumable decision continues exactly as the
// game did; the re-deal changes what the observer cannot see and only that; a one-iteration search
// is the default bot, game for game, on either side; the report's policy-gap line.
import { describe, expect, it } from 'vitest';
import { NO_ANSWER, NO_STOP } from '../src/core/engine.js';
import { defaultsOf } from '../src/core/params.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor } from '../src/core/rng.js';
import { copyStreamInto } from '../src/core/streamCopy.js';
import { D_ATTACK, D_MOVE, D_SEARCH } from '../src/games/tccg/gameDecisions.js';
import { MAX_DECOYS, TccgGame, type SideView } from '../src/games/tccg/gameEngine.js';
import { GAME_PARAMS, gameSimParams } from '../src/games/tccg/gameMode.js';
import { isGapReference, tccgGapLine, type TccgGapEntry } from '../src/games/tccg/gamePolicyGap.js';
import { rolloutPolicy, TccgEngine } from '../src/games/tccg/gameSearch.js';
import { createGame } from '../src/games/tccg/gameSim.js';
import { PlayerView } from '../src/games/tccg/gameView.js';
import { loadMatchup } from '../src/games/tccg/matchup.js';

const params = gameSimParams(loadMatchup('example', 'example'), defaultsOf(GAME_PARAMS), ['protect', 'hunt-support'], [null, null]);
const base = rolloutPolicy(['protect', 'hunt-support']);

function make(p = params) {
  const g = new TccgGame(p, [base, base], [{ side: 0 }, { side: 1 }]);
  g.views = [new PlayerView(g, 0), new PlayerView(g, 1)];
  return { g, engine: new TccgEngine(g) };
}

describe('tccg game on the engine contract', () => {
  it('resumes at a move, an attack and a search with the answer the game gave: the same continuation', () => {
    for (const kind of [D_MOVE, D_ATTACK, D_SEARCH]) {
      let checked = 0;
      for (let i = 0; i < 12 && checked < 2; i++) {
        const { g, engine } = make();
        const snap = engine.newSnapshot();
        const rngAt = streamFor(0, 0);
        let at = -1;
        let seen = 0;
        const after: number[] = [];
        const chooser: Policy<SideView> = {
          name: 'save',
          choose(rng, view, d, o, n, none) {
            // A later one of this kind in each game (the 2nd, 4th, …), with a real choice.
            const here = at < 0 && d === kind && n + (none ? 1 : 0) > 1 && seen++ === 1 + 2 * i;
            if (here) {
              engine.save(snap);
              copyStreamInto(rng, rngAt);
            }
            const a = base.choose(rng, view, d, o, n, none);
            if (here) at = a;
            else if (seen > 1 + 2 * i) after.push(d, engine.decider(), n, a);
            return a;
          },
        };
        g.policies.fill(chooser);
        const rng = streamFor(31, i);
        engine.reset(rng);
        engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
        if (seen <= 1 + 2 * i) continue;
        const end = [g.winner, g.route, g.turn, g.missionPoints[0], g.missionPoints[1], g.nProtected, g.nEliminated];
        engine.restore(snap);
        const again: number[] = [];
        const replay: Policy<SideView> = {
          name: 'replay',
          choose(r, view, d, o, n, none) {
            const a = base.choose(r, view, d, o, n, none);
            again.push(d, engine.decider(), n, a);
            return a;
          },
        };
        engine.playOn(rngAt, replay, kind, at, NO_STOP);
        expect(again).toEqual(after);
        expect([g.winner, g.route, g.turn, g.missionPoints[0], g.missionPoints[1], g.nProtected, g.nEliminated]).toEqual(end);
        checked++;
      }
      expect(checked, `decision ${kind}`).toBe(2);
    }
  });

  it('the re-deal changes the other side’s hand and both deck orders, keeps what the observer holds, and places a hidden character on its candidates', () => {
    let hiddenChecked = 0;
    let hiddenMoved = 0;
    let handChanged = 0;
    for (let i = 0; i < 16 && (hiddenMoved < 1 || handChanged < 3); i++) {
      const { g, engine } = make();
      let done = false;
      const chooser: Policy<SideView> = {
        name: 'redeal',
        choose(rng, view, d, o, n, none) {
          const who = engine.decider();
          const hiddenOther = (() => {
            for (let k = 0; k < g.nChars; k++) if (g.hidden[g.chars[k]] && g.instSide[g.chars[k]] !== who && g.decoyN[g.chars[k]] > 0) return g.chars[k];
            return -1;
          })();
          if (!done && engine.resumable(d) && g.turn >= 6 && (hiddenOther >= 0 || g.turn >= 9)) {
            done = true;
            const other = 1 - who;
            const snap = engine.newSnapshot();
            engine.save(snap);
            const seen = engine.observe(who);
            const ownHand = Array.from(g.hand[who].subarray(0, g.handN[who]));
            const otherHand = [...g.hand[other].subarray(0, g.handN[other])].sort();
            const unseen = [...g.hand[other].subarray(0, g.handN[other]), ...g.deck[other].subarray(0, g.deckN[other])].sort();
            const places = new Set<number>();
            let fixedPoint = true;
            for (let k = 0; k < g.nChars; k++) if (g.isSupport(g.chars[k]) && g.commandOf(g.chars[k]) !== g.commander[g.chars[k]]) fixedPoint = false;
            for (let r = 0; r < 24; r++) {
              engine.restore(snap);
              const mask = hiddenOther >= 0 ? g.candidates(hiddenOther) : 0;
              engine.determinize(streamFor(32, i * 100 + r), who);
              expect(engine.observe(who)).toBe(seen);
              expect(Array.from(g.hand[who].subarray(0, g.handN[who]))).toEqual(ownHand);
              expect([...g.hand[other].subarray(0, g.handN[other]), ...g.deck[other].subarray(0, g.deckN[other])].sort()).toEqual(unseen);
              for (let k = 0; k < g.handN[other]; k++) expect(g.zone[g.hand[other][k]]).toBe(1);
              if (r === 0 && g.handN[other] > 0 && g.deckN[other] > 0 && JSON.stringify([...g.hand[other].subarray(0, g.handN[other])].sort()) !== JSON.stringify(otherHand)) handChanged++;
              if (hiddenOther >= 0) {
                expect(g.candidates(hiddenOther)).toBe(mask);
                expect((mask >> g.node[hiddenOther]) & 1).toBe(1);
                for (let dd = 0; dd < g.decoyN[hiddenOther]; dd++) expect(g.decoyNode[hiddenOther * MAX_DECOYS + dd]).not.toBe(g.node[hiddenOther]);
                places.add(g.node[hiddenOther]);
                // Who commands each supporting character is seen: the re-deal keeps it what the rules would make it.
                for (let k = 0; k < g.nChars; k++) if (g.isSupport(g.chars[k]) && fixedPoint) expect(g.commandOf(g.chars[k])).toBe(g.commander[g.chars[k]]);
              }
            }
            engine.restore(snap);
            if (hiddenOther >= 0) {
              hiddenChecked++;
              if (places.size > 1) hiddenMoved++;
            }
          }
          return base.choose(rng, view, d, o, n, none);
        },
      };
      g.policies.fill(chooser);
      const rng = streamFor(33, i);
      engine.reset(rng);
      engine.playOn(rng, chooser, NO_ANSWER, NO_ANSWER, NO_STOP);
    }
    expect(hiddenChecked).toBeGreaterThanOrEqual(hiddenMoved);
    expect(handChanged).toBeGreaterThanOrEqual(3);
    // A hidden character was found at more than one of its candidate places over the re-deals.
    expect(hiddenMoved).toBeGreaterThanOrEqual(1);
  });

  it('a hidden character stays where a supporting character it commands is (who commands whom is seen)', () => {
    const { g, engine } = make();
    g.reset(streamFor(36, 0));
    const kyle = g.chars.subarray(0, g.nChars).find((c) => g.cardName(c) === 'Kyle Reese')!;
    for (let k = 0; k < g.nChars; k++) if (g.instSide[g.chars[k]] === 0 && g.chars[k] !== kyle) g.node[g.chars[k]] = 1;
    g.hidden[kyle] = 1;
    g.decoyN[kyle] = 1;
    g.decoyNode[kyle * MAX_DECOYS] = 1;
    const placesOver = () => {
      const snap = engine.newSnapshot();
      engine.save(snap);
      const seen = new Set<number>();
      for (let r = 0; r < 16; r++) {
        engine.restore(snap);
        engine.determinize(streamFor(37, r), 1);
        seen.add(g.node[kyle]);
      }
      engine.restore(snap);
      return [...seen].sort();
    };
    expect(placesOver()).toEqual([0, 1]);
    let civilian = -1;
    for (let i = 0; i < g.deckN[0] && civilian < 0; i++) if (g.isSupport(g.deck[0][i])) civilian = g.deck[0][i];
    g.putInPlay(civilian, 0);
    g.updateCommand();
    expect(g.commander[civilian]).toBe(0);
    expect(placesOver()).toEqual([0]);
  });

  it('a one-iteration search plays the default bot, game for game, as either side', async () => {
    const outcome = async (policies: [string, string]) => {
      const g = await createGame({ ...params, maxTurns: 8, policies, search: { iterations: 1, depth: 0, margin: 2 } });
      const out: number[] = [];
      for (let i = 0; i < 2; i++) {
        g.reset(streamFor(34, i));
        g.play();
        out.push(g.winner, g.route, g.turn, g.missionPoints[0], g.missionPoints[1], g.nProtected, g.nEliminated, g.mainLost[0], g.mainLost[1]);
      }
      return out;
    };
    const bots = await outcome(['protect', 'hunt-support']);
    expect(await outcome(['search', 'hunt-support'])).toEqual(bots);
    expect(await outcome(['protect', 'search'])).toEqual(bots);
  });

  it('the cut-off value is in (0, 1), the two sides’ adding to 1; a game cut at turn K stops there', () => {
    const { g, engine } = make();
    const rng = streamFor(35, 0);
    engine.reset(rng);
    engine.playOn(rng, base, NO_ANSWER, NO_ANSWER, 5);
    if (!engine.over()) expect(engine.turn()).toBe(5);
    const v0 = engine.value(0);
    expect(v0).toBeGreaterThan(0);
    expect(v0).toBeLessThan(1);
    expect(v0 + engine.value(1)).toBeCloseTo(1, 12);
    engine.playOn(rng, base, NO_ANSWER, NO_ANSWER, NO_STOP);
    expect(engine.over()).toBe(true);
    expect(g.finished).toBe(true);
  });
});

describe('the tccg game report’s policy gap', () => {
  const entry: TccgGapEntry = { side: 'Resistance', games: 200, seed: 1, budget: 32, bot: 0.43, search: 0.5, difference: 0.07, lo: 0.01, hi: 0.13, pValue: 0.02, command: 'sim policies tccg game --ladder' };
  const defaults = ['protect', 'hunt-support'] as const;
  it('prints the measured line at the default configuration, not measured elsewhere', () => {
    expect(tccgGapLine(['protect', 'hunt-support'], defaults, true, [entry])).toMatch(/^Policy gap: last measured for the Resistance on 200 paired games \(seed 1\): protect wins 43\.0%, the search at 32 iterations 50\.0%, search − bot \+7\.0 pp \[\+1\.0, \+13\.0\]/);
    expect(tccgGapLine(['search', 'hunt-support'], defaults, true, [entry])).toMatch(/last measured/);
    expect(tccgGapLine(['fight', 'hunt-support'], defaults, true, [entry])).toMatch(/not measured/);
    expect(tccgGapLine(['protect', 'hunt-support'], defaults, false, [entry])).toMatch(/not measured/);
    expect(tccgGapLine(['protect', 'hunt-support'], defaults, true, [])).toMatch(/not measured/);
  });
  it('the default configuration is the reference; a changed rule or card value is not', () => {
    const d = defaultsOf(GAME_PARAMS);
    expect(isGapReference(GAME_PARAMS, d)).toBe(true);
    expect(isGapReference(GAME_PARAMS, { ...d, resistancePolicy: 'search', searchIterations: 64 })).toBe(true);
    expect(isGapReference(GAME_PARAMS, { ...d, hitRule: 'ge' })).toBe(false);
    expect(isGapReference(GAME_PARAMS, { ...d, 'data.cards.kyle-reese.speed': 3 })).toBe(false);
  });
});
