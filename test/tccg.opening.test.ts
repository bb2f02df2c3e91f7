// Level 2 of issue 17: the board rules the opening model uses (each with a hand-built layout), the
// exact contact-turn distribution against a hand count and against the Monte Carlo, determinism
// for any chunking, and the named assumptions moving the answer.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/usageError.js';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { Board, boardCards, NO_PATH } from '../src/games/tccg/board.js';
import { cardIdOf, defaultCardFile, loadCardData } from '../src/games/tccg/cardData.js';
import { game } from '../src/games/tccg/index.js';
import { loadMatchup } from '../src/games/tccg/matchup.js';
import { exactContactByTurn } from '../src/games/tccg/openingExact.js';
import { shuffleLocationDeck } from '../src/games/tccg/opening.js';
import { RULE_PARAMS } from '../src/games/tccg/gameRules.js';
import { OPENING_PARAMS, openingSimParams } from '../src/games/tccg/openingMode.js';
import { OpeningGame } from '../src/games/tccg/openingSim.js';
import { runCli } from './helpers/runCli.js';
import { tccgSettings } from './helpers/tccgSimulate.js';
import { tempDir } from './helpers/tempDir.js';

const table = loadCardData(defaultCardFile());
const id = (name: string) => {
  const i = cardIdOf(table, name);
  if (i < 0) throw new Error(name);
  return i;
};
const newBoard = () => {
  const b = new Board(boardCards(table));
  b.reset(id('Pawn Shop'), id('Alamo Sport Shop'));
  return b;
};
const mode = game.modes.find((m) => m.name === 'opening')!;
const defaults = () => defaultsOf(mode.params);

describe('tccg board (digest §ロケーション, §キャラクターの移動について)', () => {
  // rulebook: digest §ロケーション — same-named exteriors in both layouts are one place, unless Distinct
  it('same-named exteriors join the two layouts; Distinct ones and interiors do not', () => {
    const b = newBoard();
    const techR = b.placeExterior(0, id('Tech Noir'), true);
    expect(b.hops(0, 1)).toBe(127);
    const techS = b.placeExterior(1, id('Tech Noir'), false);
    expect(techS).toBe(techR);
    expect(b.bridges).toBe(1);
    // Pawn Shop - Tech Noir - Alamo Sport Shop.
    expect(b.hops(0, 1)).toBe(2);
    const d1 = b.placeExterior(0, id('Griffith Park'), true);
    const d2 = b.placeExterior(1, id('Griffith Park'), true);
    expect(d1).not.toBe(d2);
    expect(b.bridges).toBe(1);
    const i1 = b.placeInterior(0, id('Motel Room'), 0);
    const i2 = b.placeInterior(1, id('Motel Room'), 1);
    expect(i1).not.toBe(i2);
    expect(b.hops(i1, i2)).toBe(4); // up/down to the row, then along it through Tech Noir
  });
  // rulebook: digest §スタートカード — the start locations are separate spaces from same-named cards
  it("a start location never joins: Skynet's Pawn Shop card is not the Resistance's start", () => {
    const b = newBoard();
    const pawnS = b.placeExterior(1, id('Pawn Shop'), true);
    expect(pawnS).not.toBe(0);
    expect(b.bridges).toBe(0);
    expect(b.hops(0, 1)).toBe(127);
    // The Resistance drawing its own Pawn Shop card: the side already has one (unique per side, digest), so it is removed.
    expect(b.owns(0, id('Pawn Shop'))).toBe(true);
    expect(b.owns(0, id('Tech Noir'))).toBe(false);
  });
  // rulebook: digest §エクステリア / §インテリア — exteriors extend the row at either end; interiors stack upward
  it('rows grow at both ends; an interior connects only to what it stands on and what stands on it', () => {
    const b = newBoard();
    const l = b.placeExterior(0, id('Tech Noir'), false);
    const r = b.placeExterior(0, id('Tiki Motel'), true);
    expect([b.hops(l, 0), b.hops(0, r), b.hops(l, r)]).toEqual([1, 1, 2]);
    const a = b.placeInterior(0, id("Sarah's Apartment"), r);
    const c = b.placeInterior(0, id('Motel Room'), r);
    expect([b.hops(a, r), b.hops(c, a), b.hops(c, r), b.hops(c, l)]).toEqual([1, 1, 2, 4]);
    // Hunter-Killers: exteriors only (digest §ハンターキラー).
    expect(b.hops(c, l, true)).toBe(127);
    expect(b.hops(r, l, true)).toBe(2);
  });
  // rulebook: digest §敵集団からの脱出 — leaving a place where the enemy has more: +1 per excess enemy main character
  it('movement costs add the outnumbering extra for leaving a place', () => {
    const b = newBoard();
    const t = b.placeExterior(0, id('Tech Noir'), true);
    b.placeExterior(1, id('Tech Noir'), true);
    const extra = new Int8Array(32);
    const cost = new Int16Array(32);
    b.movementCosts(0, extra, false, cost);
    expect([cost[0], cost[t], cost[1]]).toEqual([0, 1, 2]);
    extra[0] = 2; // two excess enemy main characters at Pawn Shop
    b.movementCosts(0, extra, false, cost);
    expect([cost[t], cost[1]]).toEqual([3, 4]);
    extra[0] = 0;
    extra[t] = 1;
    b.movementCosts(0, extra, false, cost);
    expect([cost[t], cost[1]]).toEqual([1, 3]);
    const lone = b.placeExterior(1, id('Griffith Park'), false);
    b.movementCosts(lone, new Int8Array(32), false, cost);
    expect(cost[0]).toBe(3);
    const b2 = newBoard();
    b2.movementCosts(0, new Int8Array(32), false, cost);
    expect(cost[1]).toBe(NO_PATH);
  });
});

describe('tccg location deck (digest §開始準備)', () => {
  it('is shuffled with Main Street at the bottom; the other cards in every order, a deck without Main Street shuffled whole', () => {
    const rng = streamFor(17, 0);
    const firsts = new Set<number>();
    const lasts = new Set<number>();
    for (let t = 0; t < 200; t++) {
      const withMain = Int16Array.from([5, 9, 2, 7, 3]);
      shuffleLocationDeck(rng, withMain, 9);
      expect(withMain[withMain.length - 1]).toBe(9);
      expect([...withMain].sort((a, b) => a - b)).toEqual([2, 3, 5, 7, 9]);
      firsts.add(withMain[0]);
      const without = Int16Array.from([5, 2, 7, 3]);
      shuffleLocationDeck(rng, without, 9);
      expect([...without].sort((a, b) => a - b)).toEqual([2, 3, 5, 7]);
      lasts.add(without[without.length - 1]);
    }
    expect([...firsts].sort((a, b) => a - b)).toEqual([2, 3, 5, 7]);
    expect([...lasts].sort((a, b) => a - b)).toEqual([2, 3, 5, 7]);
  });
});

describe('tccg opening model', () => {
  const m = loadMatchup('example', 'example');
  it('Main Street is always the last card of both location decks (digest §開始準備)', () => {
    const sim = openingSimParams(m, defaults());
    const g = new OpeningGame(sim);
    const ms = id('Main Street');
    const firsts = new Set<number>();
    for (let i = 0; i < 200; i++) {
      g.reset(streamFor(3, i));
      expect(g.deck[0][8]).toBe(ms);
      expect(g.deck[1][8]).toBe(ms);
      firsts.add(g.deck[0][0]);
      expect([...g.deck[0]].sort()).toEqual([...sim.locations[0]].sort());
    }
    expect(firsts.size).toBe(8); // every other card comes first sometimes
  });

  it('the opening band decides who acts: band 0-6 (the example, implant points 2) gives Skynet turns 1-2 alone', () => {
    const sim = openingSimParams(m, defaults());
    expect(sim.band).toBe(0);
    const g = new OpeningGame(sim);
    const placed: number[][] = [];
    g.onStep = (x) => placed.push([x.turn, x.deckPos[0], x.deckPos[1]]);
    g.reset(streamFor(1, 0));
    g.play(streamFor(1, 0));
    // After each side's part of turns 1..3: [turn, Resistance cards drawn, Skynet cards drawn].
    expect(placed.slice(0, 6)).toEqual([[1, 0, 0], [1, 0, 1], [2, 0, 1], [2, 0, 2], [3, 1, 2], [3, 1, 3]]);
    // The other reading (all points: 10) is band 7-10: Skynet acts alone in turn 1 only.
    expect(openingSimParams(m, { ...defaults(), openingCount: 'all' }).band).toBe(1);
    // inactiveSide = locations: the Resistance plays its locations in the solo turns too.
    const g2 = new OpeningGame({ ...sim, inactiveSide: 'locations' });
    const placed2: number[][] = [];
    g2.onStep = (x) => placed2.push([x.turn, x.deckPos[0], x.deckPos[1]]);
    g2.reset(streamFor(1, 0));
    g2.play(streamFor(1, 0));
    expect(placed2.slice(0, 2)).toEqual([[1, 1, 0], [1, 1, 1]]);
  });

  it('exact contact by turn 3 = 3/16 and by turn 4 = 1 - 107/196 (counted by hand)', () => {
    // Both decks share 4 joinable exteriors among their 8 non-Main-Street cards (Police Station,
    // Tech Noir, Gas Station, Tiki Motel). Band 0-6: by the end of turn 3 the Resistance has drawn
    // 1 card and Skynet 3: P = P(R's card is shared) · P(it is among Skynet's 3) = 1/2 · 3/8.
    const sim = openingSimParams(m, defaults());
    const ex = exactContactByTurn(sim);
    expect(ex[0]).toBe(0);
    expect(ex[1]).toBe(0);
    expect(ex[2]).toBeCloseTo(3 / 16, 12);
    // Turn 4: R 2 cards, S 4. P(none) = 6/28 + 16/28 · C(7,4)/C(8,4) + 6/28 · C(6,4)/C(8,4) = 6/28 + 8/28 + 9/196 = 107/196.
    expect(ex[3]).toBeCloseTo(1 - 107 / 196, 12);
    // Both decks spent (Main Street joins): certain.
    expect(ex[sim.maxTurns - 1]).toBe(1);
  });

  it('Monte Carlo contact-by-turn agrees with the exact values (fixed seed, 20000 openings)', async () => {
    const r = await mode.run(defaults(), tccgSettings(20000, 11));
    const rows = (r.result as { byTurn: { contactByExact: number; contactBy: { lo: number; hi: number; estimate: number } }[] }).byTurn;
    const outside = rows.filter((x) => x.contactByExact < x.contactBy.lo || x.contactByExact > x.contactBy.hi);
    expect(outside.length).toBeLessThanOrEqual(2);
    expect(Math.abs(rows[3].contactBy.estimate - rows[3].contactByExact)).toBeLessThan(0.02);
    const ex = game.conformance.exactRows?.(r) ?? [];
    expect(ex.length).toBe(rows.length);
  });

  it('same seed → same report for any chunk size; another seed differs', async () => {
    const a = await mode.run(defaults(), tccgSettings(3000, 5, { chunkSize: 1000 }));
    const b = await mode.run(defaults(), tccgSettings(3000, 5, { chunkSize: 7 }));
    const c = await mode.run(defaults(), tccgSettings(3000, 6));
    expect(b.result).toEqual(a.result);
    expect(c.result).not.toEqual(a.result);
  });

  it('a mean turn is given only when every opening made contact within the cap; else the share that did by the cap (a game without counts as cap + 1 in the mean)', () => {
    const json = (args: string[]) => JSON.parse(runCli(['tccg', 'opening', ...args, '-n', '300', '--seed', '1', '-j', '1', '-q', '--format', 'json']).stdout);
    const all = json([]);
    expect(all.result.contactByCap.estimate).toBe(1);
    expect(all.text).toMatch(/^First contact comes on turn [\d.]+ \[[\d.]+, [\d.]+\] on average/);
    expect(all.headline.label).toBe('mean turn of first contact');
    const capped = json(['--max-turns', '4']);
    const by = capped.result.contactByCap;
    expect(by.estimate).toBeGreaterThan(0);
    expect(by.estimate).toBeLessThan(1);
    expect(capped.text).toMatch(/^First contact comes by turn 4 in [\d.]+% \[[\d.]+, [\d.]+\] of games \(the others not within the 4 turns played, so no mean turn is given\)/);
    expect(capped.text).not.toMatch(/on average/);
    expect(capped.headline).toMatchObject({ label: 'P(first contact by turn 4)', kind: 'rate', estimate: by.estimate });
    // The table agrees with the answer: no mean of a turn some games never reached (it printed 4.07 beside "no mean turn is given"), no quantile at cap + 1.
    const row = capped.tables[0].rows.find((r: { metric: string }) => r.metric.startsWith('turn of first contact'));
    expect(row).toMatchObject({ metric: 'turn of first contact (not by turn 4 in some games: no mean)', mean: null, lo: null, hi: null });
    for (const q of ['p10', 'p50', 'p90']) expect(row[q] === null || row[q] <= 4, q).toBe(true);
    expect(all.tables[0].rows[0]).toMatchObject({ metric: 'turn of first contact', mean: expect.any(Number) });
    // No contact at all: 0%, never "on turn 17.00".
    const never = json(['--locations-per-turn', '0']);
    expect(never.text).toMatch(/^First contact comes by turn 16 in 0\.0% /);
  });
  it('the assumptions move the answer: two locations per turn bring contact earlier; the Police Station counts before contact', async () => {
    const one = (await mode.run(defaults(), tccgSettings(4000, 2))).result as { contactTurn: { mean: number }; policeTurnsBeforeContact: { mean: number }; reachTurn: { mean: number } };
    const two = (await mode.run({ ...defaults(), locationsPerTurn: 2 }, tccgSettings(4000, 2))).result as typeof one;
    expect(two.contactTurn.mean).toBeLessThan(one.contactTurn.mean - 0.5);
    expect(one.reachTurn.mean).toBeGreaterThanOrEqual(one.contactTurn.mean);
    expect(one.policeTurnsBeforeContact.mean).toBeGreaterThan(0);
  });

  it("plays the game's readings outnumbering and startDuplicate: the same parameters, the same code, varied by `sim sensitivity tccg opening`", async () => {
    for (const key of ['outnumbering', 'startDuplicate']) expect(OPENING_PARAMS.find((p) => p.key === key), key).toBe(RULE_PARAMS.find((p) => p.key === key));
    // Decks holding the Resistance's start location (Pawn Shop) in place of a card each: under
    // removed the Resistance's copy goes, so the card joins nothing; under placed both sides place it.
    const base = openingSimParams(m, defaults());
    const swap = (deck: number[], from: string) => deck.map((c) => (c === id(from) ? id('Pawn Shop') : c));
    const sim = { ...base, locations: [swap(base.locations[0], 'Sarah\'s Apartment'), swap(base.locations[1], 'Parking Garage')] as [number[], number[]] };
    const removed = { ...sim, startDuplicate: 'removed' as const };
    const placed = { ...sim, startDuplicate: 'placed' as const };
    const removedCopies = (p: typeof sim) => {
      const g = new OpeningGame(p);
      g.reset(streamFor(4, 0));
      g.play(streamFor(4, 0));
      return [g.removed[0], g.removed[1]];
    };
    expect(removedCopies(removed)).toEqual([1, 0]);
    expect(removedCopies(placed)).toEqual([0, 0]);
    // One more joinable card: contact is likelier by turn 4 (exact).
    expect(exactContactByTurn(placed)[3]).toBeGreaterThan(exactContactByTurn(removed)[3] + 0.05);
    // Every character of the opening is a main character: the outnumbering readings agree.
    const r = runCli(['sensitivity', 'tccg', 'opening', '--only', 'outnumbering,startDuplicate', '-n', '100', '--seed', '1', '-j', '1', '-q', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const effects = JSON.parse(r.stdout).result.effects as { key: string; to: string; changed: number }[];
    expect(effects.map((e) => `${e.key}=${e.to}`).sort()).toEqual(['outnumbering=mainOnly', 'outnumbering=surplusMain', 'startDuplicate=placed']);
    // The example decks hold neither start location: no game played differently.
    for (const e of effects) expect(e.changed, e.key).toBe(0);
  });

  it('every parameter has a source and a default, and is offered as an option', () => {
    for (const p of OPENING_PARAMS) {
      expect(p.source.length, p.key).toBeGreaterThan(5);
      expect(p.cli, p.key).toBeDefined();
    }
  });
});

describe('tccg decks of a simulated game (parameters resistanceDeck, skynetDeck)', () => {
  const dir = tempDir('tccg-matchup-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('a deck of the wrong side, an illegal deck, decks on different card data: UsageErrors naming the parameter', () => {
    expect(() => loadMatchup('scenarios/tccg/skynet.yaml', 'example')).toThrow(/parameter resistanceDeck: .*is a Skynet deck; expected a Resistance deck/);
    const short = join(dir, 'short.yaml');
    // The example Skynet deck holds 47 cards: 8 Uzi-and-friends fewer is 39.
    writeFileSync(short, readFileSync('scenarios/tccg/skynet.yaml', 'utf8').replace('{card: .45 Longslide, count: 3}', '{card: .45 Longslide, count: 1}').replace('{card: Uzi 9mm, count: 3}', '{card: Uzi 9mm, count: 1}').replace('{card: Relentless, count: 2}', '{card: Relentless, count: 1}').replace('{card: Targeting Solution, count: 2}', '{card: Targeting Solution, count: 1}').replace('{card: Overclock, count: 2}', '{card: Overclock, count: 1}').replace('{card: Servo Fists, count: 2}', '{card: Servo Fists, count: 1}'));
    expect(() => loadMatchup('example', short)).toThrow(UsageError);
    expect(() => loadMatchup('example', short)).toThrow(/parameter skynetDeck: .*short\.yaml is not a legal Termination Scenario deck \(1 violation\(s\), first: draw-deck-size/);
    copyFileSync('scenarios/tccg/cards.yaml', join(dir, 'cards.yaml'));
    writeFileSync(join(dir, 'cards.yaml'), readFileSync(join(dir, 'cards.yaml'), 'utf8').replace('speed: 3, power: 6, infiltration: 3', 'speed: 4, power: 6, infiltration: 3'));
    const own = join(dir, 'own.yaml');
    writeFileSync(own, `cards: cards.yaml\n${readFileSync('scenarios/tccg/skynet.yaml', 'utf8')}`);
    expect(() => loadMatchup('example', own)).toThrow(/parameter skynetDeck: .*uses other card data/);
  });
  it('parameter keys are unique in each mode', () => {
    for (const m of game.modes) expect(new Set(m.params.map((p) => p.key)).size, m.name).toBe(m.params.length);
  });
});
