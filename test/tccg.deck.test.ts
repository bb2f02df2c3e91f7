// Level 1 of issue 17: `sim tccg deck`. Every Termination Scenario deck rule of the digest has a
// test with a hand-built deck (a legal base deck with one change that breaks exactly that rule);
// the draw odds are checked against hand-computed hypergeometric values; the opening table's five
// bands are tested at their edges. The card set is built here, inline, so the tests do not depend
// on the reference set's invented numbers.
import { rmSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseCardData, type CardTable } from '../src/games/tccg/cardData.js';
import { parseDeck } from '../src/games/tccg/deckFile.js';
import { checkDeck, RULE_LIST, RULES, type FutureReading } from '../src/games/tccg/deckRules.js';
import { deckResult } from '../src/games/tccg/deckView.js';
import { actsInTurn, atLeastOne, bandOf, binomial, handLimit, OPENING_BANDS } from '../src/games/tccg/opening.js';
import { game } from '../src/games/tccg/index.js';
import { UsageError } from '../src/core/usageError.js';
import { S_RESISTANCE, S_SKYNET } from '../src/games/tccg/cardData.js';
import { tempDir } from './helpers/tempDir.js';

// A small hand-built card set: what each rule needs and nothing else.
const CARDS_YAML = `
version: 1
cards:
  - {name: Main Street, type: location, side: neutral, location: exterior, eras: [past, future]}
  - {name: Pawn Shop, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Alamo Sport Shop, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Police Station, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Loc A, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Loc B, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Loc C, type: location, side: neutral, location: interior, eras: [past]}
  - {name: Loc D, type: location, side: neutral, location: exterior, eras: [past, future]}
  - {name: Loc E, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Loc F, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Distinct 1, type: location, side: neutral, location: exterior, eras: [past], keywords: [Distinct]}
  - {name: Distinct 2, type: location, side: neutral, location: exterior, eras: [past], keywords: [Distinct]}
  - {name: Distinct 3, type: location, side: neutral, location: exterior, eras: [past], keywords: [Distinct]}
  - {name: Distinct 4, type: location, side: neutral, location: exterior, eras: [past], keywords: [Distinct]}
  - {name: Future Loc, type: location, side: neutral, location: exterior, eras: [future]}
  - {name: Leader One, type: mainCharacter, side: resistance, eras: [past], keywords: [Leader], speed: 4, power: 4}
  - {name: Leader Two, type: mainCharacter, side: resistance, eras: [future], keywords: [Leader], speed: 3, power: 3}
  - {name: Fighter One, type: mainCharacter, side: resistance, eras: [past], speed: 3, power: 3}
  - {name: Fighter Two, type: mainCharacter, side: resistance, eras: [past], speed: 3, power: 2}
  - {name: Fighter Three, type: mainCharacter, side: resistance, eras: [past], speed: 3, power: 2}
  - {name: Infiltrator T, type: mainCharacter, side: skynet, eras: [past], keywords: [Terminator, Infiltrator], cost: 8, speed: 4, power: 8, infiltration: 3}
  - {name: Infiltrator Cheap, type: mainCharacter, side: skynet, eras: [past], keywords: [Terminator, Infiltrator], cost: 0, speed: 3, power: 5, infiltration: 1}
  - {name: Plain Terminator, type: mainCharacter, side: skynet, eras: [past], keywords: [Terminator], cost: 7, speed: 3, power: 7}
  - {name: Drone, type: mainCharacter, side: skynet, eras: [past], keywords: [Drone], cost: 3, speed: 1, power: 2, production: 2}
  - {name: Implant 1, type: item, side: skynet, item: gear, eras: [past], keywords: [Implant], cost: 1}
  - {name: Implant 2, type: item, side: skynet, item: gear, eras: [past], keywords: [Implant], cost: 2}
  - {name: Implant 4, type: item, side: skynet, item: gear, eras: [past], keywords: [Implant], cost: 4}
  - {name: Implant 8, type: item, side: skynet, item: gear, eras: [past], keywords: [Implant], cost: 8}
  - {name: Implant 13, type: item, side: skynet, item: gear, eras: [future], keywords: [Implant], cost: 13}
  - {name: Skynet Gun, type: item, side: skynet, item: weapon, eras: [past], cost: 3, damage: 5, range: long}
  - {name: Civilian 1, type: supportingCharacter, side: neutral, eras: [past], speed: 2, power: 1, importance: 2}
  - {name: Civilian 2, type: supportingCharacter, side: neutral, eras: [past], speed: 2, power: 1, importance: 3}
  - {name: Civilian 3, type: supportingCharacter, side: neutral, eras: [past], speed: 2, power: 1, importance: 4}
  - {name: Civilian 4, type: supportingCharacter, side: neutral, eras: [past, future], speed: 2, power: 1, importance: 1}
  - {name: Future Civilian, type: supportingCharacter, side: neutral, eras: [future], speed: 2, power: 1, importance: 2}
  - {name: Pistol, type: item, side: neutral, item: weapon, eras: [past], damage: 3, range: long}
  - {name: Unique Rifle, type: item, side: neutral, item: weapon, eras: [past], keywords: [Unique], damage: 6, range: long}
  - {name: Limited Shotgun, type: item, side: neutral, item: weapon, eras: [past], keywords: [Limited], damage: 6, range: short}
  - {name: Unique Event, type: event, side: neutral, keywords: [Unique], poolCost: 1, effect: hit, amount: 1}
  - {name: R Event 1, type: event, side: resistance, poolCost: 1, effect: hit, amount: 1}
  - {name: R Event 2, type: event, side: resistance, poolCost: 1, effect: damage, amount: 1}
  - {name: S Event 1, type: event, side: skynet, poolCost: 1, effect: hit, amount: 1}
  - {name: S Event 2, type: event, side: skynet, poolCost: 1, effect: damage, amount: 1}
  - {name: R Mission, type: mission, side: resistance, mission: protect, missionPoints: 3}
  - {name: S Mission, type: mission, side: skynet, mission: eliminate, missionPoints: 3}
  - {name: Condition 1, type: condition, side: neutral}
  - {name: Condition 2, type: condition, side: neutral}
`;
const table: CardTable = parseCardData(CARDS_YAML, 'test-cards.yaml');

type Entry = { card: string; count: number };
interface DeckDoc {
  side: 'resistance' | 'skynet';
  drawDeck: Entry[];
  locationDeck: string[];
  start: string[];
  condition?: string | string[];
  reserve?: Entry[];
}

// 40 cards exactly: 3 + 3 + 3 + 3 + 8 + 10 + 5 + 5.
const resistanceBase = (): DeckDoc => ({
  side: 'resistance',
  drawDeck: [
    { card: 'Civilian 1', count: 3 },
    { card: 'Civilian 2', count: 3 },
    { card: 'Civilian 3', count: 3 },
    { card: 'Civilian 4', count: 3 },
    { card: 'Pistol', count: 8 },
    { card: 'R Event 1', count: 3 },
    { card: 'R Event 2', count: 3 },
    { card: 'R Mission', count: 3 },
    { card: 'Unique Rifle', count: 1 },
    { card: 'Limited Shotgun', count: 3 },
    { card: 'Pistol', count: 7 },
  ],
  locationDeck: ['Main Street', 'Police Station', 'Loc A', 'Loc B', 'Loc C', 'Loc D', 'Loc E', 'Distinct 1', 'Distinct 2'],
  start: ['Leader One', 'Fighter One', 'Fighter Two'],
});
const skynetBase = (): DeckDoc => ({
  side: 'skynet',
  drawDeck: [
    { card: 'Drone', count: 3 },
    { card: 'Plain Terminator', count: 3 },
    { card: 'Skynet Gun', count: 10 },
    { card: 'Civilian 1', count: 3 },
    { card: 'Civilian 2', count: 3 },
    { card: 'S Event 1', count: 3 },
    { card: 'S Event 2', count: 3 },
    { card: 'S Mission', count: 3 },
    { card: 'Pistol', count: 9 },
  ],
  locationDeck: ['Main Street', 'Police Station', 'Loc A', 'Loc B', 'Loc C', 'Loc D', 'Loc E', 'Loc F', 'Distinct 1'],
  start: ['Infiltrator T', 'Implant 2', 'Implant 4'],
});

const parse = (doc: DeckDoc) => parseDeck(stringify(doc), 'deck.yaml', '.', table);
const rulesBroken = (doc: DeckDoc, reading: FutureReading = 'futureOnly') => checkDeck(parse(doc), reading).map((v) => v.rule);

describe('tccg deck rules (digest §事前準備), each with a hand-built deck', () => {
  it('the base decks are legal', () => {
    expect(rulesBroken(resistanceBase())).toEqual([]);
    expect(rulesBroken(skynetBase())).toEqual([]);
  });

  // rulebook: digest §ドローデッキ — at least 40 cards
  it('draw deck: at least 40 cards (40 legal, 39 not)', () => {
    const d = resistanceBase();
    d.drawDeck[10].count = 6; // 39 cards
    expect(rulesBroken(d)).toEqual([RULES.drawDeckSize.id]);
    const v = checkDeck(parse(d))[0];
    expect(v.message).toMatch(/39 cards; at least 40/);
    expect(v.source).toMatch(/digest/);
  });

  // rulebook: digest §ドローデッキ — no Condition or Location cards
  it('draw deck: no Condition or Location cards', () => {
    const d = resistanceBase();
    d.drawDeck.push({ card: 'Condition 1', count: 1 });
    expect(rulesBroken(d)).toEqual([RULES.drawDeckNoConditionLocation.id]);
    const e = resistanceBase();
    e.drawDeck.push({ card: 'Loc A', count: 1 });
    expect(rulesBroken(e)).toEqual([RULES.drawDeckNoConditionLocation.id]);
    expect(checkDeck(parse(e))[0].field).toBe('drawDeck[11] (Loc A)');
  });

  // rulebook: digest §ドローデッキ — only Skynet main characters may be in a draw deck
  it('draw deck: Skynet main characters allowed in a Skynet deck, Resistance main characters in none', () => {
    expect(rulesBroken(skynetBase())).toEqual([]); // holds Drone and Plain Terminator
    const d = resistanceBase();
    d.drawDeck.push({ card: 'Fighter Three', count: 1 });
    expect(rulesBroken(d)).toEqual([RULES.drawDeckMainCharacters.id]);
  });

  // rulebook: digest §ドローデッキ — at most 3 copies of a card; items unlimited
  it('draw deck: at most 3 copies of a non-item card (3 legal, 4 not, summed over entries); items unlimited', () => {
    const d = resistanceBase();
    d.drawDeck.push({ card: 'Civilian 1', count: 1 });
    expect(rulesBroken(d)).toEqual([RULES.drawDeckCopies.id]);
    expect(checkDeck(parse(d))[0].message).toMatch(/4 copies of Civilian 1: at most 3/);
    // 15 Pistols (an item) in the base deck are legal.
    expect(parse(resistanceBase()).drawDeck.filter((e) => e.card === table.cards.findIndex((c) => c.name === 'Pistol')).reduce((a, e) => a + e.count, 0)).toBe(15);
  });

  // rulebook: digest §ドローデッキ — Unique: 1 copy; Limited: 3 copies
  it('draw deck: Unique at most 1 copy (item or not), Limited item at most 3', () => {
    const u = resistanceBase();
    u.drawDeck[8].count = 2;
    expect(rulesBroken(u)).toEqual([RULES.drawDeckUnique.id]);
    const ue = resistanceBase();
    ue.drawDeck.push({ card: 'Unique Event', count: 2 });
    expect(rulesBroken(ue)).toEqual([RULES.drawDeckUnique.id]);
    const l = resistanceBase();
    l.drawDeck[9].count = 4;
    expect(rulesBroken(l)).toEqual([RULES.drawDeckLimited.id]);
  });

  // rulebook: digest §ドローデッキ (抹消シナリオ) — no Future cards
  it('draw deck: no Future-only card; Past/Future allowed unless futureCards = anyFuture', () => {
    const d = resistanceBase();
    d.drawDeck.push({ card: 'Future Civilian', count: 1 });
    expect(rulesBroken(d)).toEqual([RULES.drawDeckFuture.id]);
    // Civilian 4 is Past/Future: legal under the reading, refused under the literal one.
    expect(rulesBroken(resistanceBase(), 'futureOnly')).toEqual([]);
    expect(rulesBroken(resistanceBase(), 'anyFuture')).toEqual([RULES.drawDeckFuture.id]);
  });

  // rulebook: digest §陣営について — each side prepares its own deck
  it("draw deck and reserve: the other side's cards are refused, neutral ones allowed", () => {
    const d = resistanceBase();
    d.drawDeck.push({ card: 'S Event 1', count: 1 });
    expect(rulesBroken(d)).toEqual([RULES.deckSide.id]);
    const r = resistanceBase();
    r.reserve = [{ card: 'S Event 1', count: 1 }];
    expect(rulesBroken(r)).toEqual([RULES.deckSide.id]);
  });

  // rulebook: digest §ロケーションデッキ (抹消シナリオ) — exactly 9 cards
  it('location deck: exactly 9 (8 and 10 refused)', () => {
    const d = resistanceBase();
    d.locationDeck.pop();
    expect(rulesBroken(d)).toEqual([RULES.locationDeckSize.id]);
    const e = resistanceBase();
    e.locationDeck.push('Loc F');
    expect(rulesBroken(e)).toEqual([RULES.locationDeckSize.id]);
  });

  // rulebook: digest §ロケーションデッキ — all different, Location cards only
  it('location deck: all different; Location cards only', () => {
    const d = resistanceBase();
    d.locationDeck[8] = 'Loc A';
    expect(rulesBroken(d)).toEqual([RULES.locationDeckDifferent.id]);
    const e = resistanceBase();
    e.locationDeck[8] = 'Civilian 1';
    expect(rulesBroken(e)).toEqual([RULES.locationDeckType.id]);
  });

  // rulebook: digest §ロケーションデッキ (抹消シナリオ) — Past or Past/Future
  it('location deck: Past or Past/Future only', () => {
    const d = resistanceBase();
    d.locationDeck[8] = 'Future Loc';
    expect(rulesBroken(d)).toEqual([RULES.locationDeckEra.id]);
  });

  // rulebook: digest §ロケーションデッキ (抹消シナリオ) — at most 3 Distinct
  it('location deck: at most 3 Distinct (3 legal, 4 not)', () => {
    const d = resistanceBase();
    d.locationDeck.splice(2, 3, 'Distinct 3', 'Loc B', 'Loc C');
    expect(rulesBroken(d)).toEqual([]);
    d.locationDeck[3] = 'Distinct 4';
    expect(rulesBroken(d)).toEqual([RULES.locationDeckDistinct.id]);
  });

  // rulebook: digest §ロケーションデッキ (抹消シナリオ) — Main Street included
  it('location deck: Main Street included', () => {
    const d = resistanceBase();
    d.locationDeck[0] = 'Loc F';
    expect(rulesBroken(d)).toEqual([RULES.locationDeckMainStreet.id]);
  });

  // rulebook: digest §スタートカード (レジスタンス) — 3 different main characters, exactly one Leader, Pawn Shop
  it('Resistance start: 3 different Resistance main characters (Pawn Shop may be listed)', () => {
    const two = resistanceBase();
    two.start.pop();
    expect(rulesBroken(two)).toEqual([RULES.startResistanceCharacters.id]);
    const four = resistanceBase();
    four.start.push('Fighter Three');
    expect(rulesBroken(four)).toEqual([RULES.startResistanceCharacters.id]);
    const same = resistanceBase();
    same.start[2] = 'Fighter One';
    expect(rulesBroken(same)).toEqual([RULES.startResistanceCharacters.id]);
    const skynet = resistanceBase();
    skynet.start[2] = 'Infiltrator T';
    expect(rulesBroken(skynet)).toContain(RULES.startResistanceCharacters.id);
    const withShop = resistanceBase();
    withShop.start.push('Pawn Shop');
    expect(rulesBroken(withShop)).toEqual([]);
  });

  it('Resistance start: exactly one Leader (none and two refused)', () => {
    const none = resistanceBase();
    none.start[0] = 'Fighter Three';
    expect(rulesBroken(none)).toEqual([RULES.startResistanceLeader.id]);
    const two = resistanceBase();
    two.start[1] = 'Leader Two';
    expect(rulesBroken(two)).toEqual([RULES.startResistanceLeader.id]);
  });

  // rulebook: digest §スタートカード (スカイネット) — one Terminator Infiltrator + implants, ≤ 20 points
  it('Skynet start: exactly one main character, both Terminator and Infiltrator', () => {
    const none = skynetBase();
    none.start = ['Implant 2'];
    expect(rulesBroken(none)).toEqual([RULES.startSkynetTerminator.id]);
    const plain = skynetBase();
    plain.start[0] = 'Plain Terminator';
    expect(rulesBroken(plain)).toEqual([RULES.startSkynetTerminator.id]);
    const twoMains = skynetBase();
    twoMains.start.push('Infiltrator Cheap');
    expect(rulesBroken(twoMains)).toEqual([RULES.startSkynetTerminator.id]);
  });

  it('Skynet start: only implants beside it (a Skynet weapon that is not an Implant is refused; Alamo Sport Shop may be listed)', () => {
    const gun = skynetBase();
    gun.start.push('Skynet Gun');
    expect(rulesBroken(gun)).toEqual([RULES.startSkynetImplants.id]);
    const shop = skynetBase();
    shop.start.push('Alamo Sport Shop');
    expect(rulesBroken(shop)).toEqual([]);
    const pawn = skynetBase();
    pawn.start.push('Pawn Shop');
    expect(rulesBroken(pawn)).toEqual([RULES.startSkynetImplants.id]);
  });

  it('Skynet start: at most 20 production points (20 legal, 21 not; Future implants allowed as start cards)', () => {
    const twenty = skynetBase();
    twenty.start = ['Infiltrator T', 'Implant 8', 'Implant 4']; // 8 + 12
    expect(rulesBroken(twenty)).toEqual([]);
    const over = skynetBase();
    over.start = ['Infiltrator T', 'Implant 8', 'Implant 4', 'Implant 1']; // 21
    expect(rulesBroken(over)).toEqual([RULES.startSkynetCost.id]);
    const future = skynetBase();
    future.start = ['Infiltrator Cheap', 'Implant 13']; // Future-only implant, 13 points
    expect(rulesBroken(future)).toEqual([]);
  });

  // rulebook: digest §その他準備 — 0-1 Condition card
  it('condition: at most one, and a Condition card', () => {
    const one = resistanceBase();
    one.condition = 'Condition 1';
    expect(rulesBroken(one)).toEqual([]);
    const two = resistanceBase();
    two.condition = ['Condition 1', 'Condition 2'];
    expect(rulesBroken(two)).toEqual([RULES.conditionCount.id]);
    const wrong = resistanceBase();
    wrong.condition = 'Civilian 1';
    expect(rulesBroken(wrong)).toEqual([RULES.conditionType.id]);
  });

  // rulebook: digest §その他準備 — reserve at most 15 (Termination Scenario)
  it('reserve: at most 15 cards (15 legal, 16 not)', () => {
    const ok = resistanceBase();
    ok.reserve = [{ card: 'Pistol', count: 15 }];
    expect(rulesBroken(ok)).toEqual([]);
    ok.reserve = [{ card: 'Pistol', count: 12 }, { card: 'Civilian 1', count: 4 }];
    expect(rulesBroken(ok)).toEqual([RULES.reserveSize.id]);
  });

  it('several broken rules are several violations, each naming its rule and its source', () => {
    const d = resistanceBase();
    d.drawDeck[10].count = 1;
    d.locationDeck[0] = 'Future Loc';
    d.reserve = [{ card: 'Pistol', count: 16 }];
    const vs = checkDeck(parse(d));
    expect(vs.map((v) => v.rule)).toEqual([RULES.drawDeckSize.id, RULES.locationDeckEra.id, RULES.locationDeckMainStreet.id, RULES.reserveSize.id]);
    for (const v of vs) expect(RULE_LIST.find((r) => r.id === v.rule)?.source).toBe(v.source);
  });
});

describe('tccg opening table (digest §全体の基本進行): the five bands at their edges', () => {
  it('bandOf at every edge, and outside 0..20', () => {
    const edges: [number, number][] = [[0, 0], [6, 0], [7, 1], [10, 1], [11, 2], [14, 2], [15, 3], [18, 3], [19, 4], [20, 4]];
    for (const [pts, band] of edges) expect(bandOf(pts), `${pts} points`).toBe(band);
    expect(bandOf(21)).toBe(-1);
    expect(bandOf(-1)).toBe(-1);
  });
  it('who acts in turns 1-3 in each band', () => {
    const who = (band: number) => [1, 2, 3].map((t) => `${actsInTurn(band, S_RESISTANCE, t) ? 'R' : '-'}${actsInTurn(band, S_SKYNET, t) ? 'S' : '-'}`).join(' ');
    expect(who(0)).toBe('-S -S RS');
    expect(who(1)).toBe('-S RS RS');
    expect(who(2)).toBe('RS RS RS');
    expect(who(3)).toBe('R- RS RS');
    expect(who(4)).toBe('R- R- RS');
    expect(OPENING_BANDS.map((b) => [b.lo, b.hi])).toEqual([[0, 6], [7, 10], [11, 14], [15, 18], [19, 20]]);
  });
  it('a Skynet deck is placed in a band under both readings (implant points only, or all points)', () => {
    // Infiltrator Cheap costs 0, so both readings agree; Infiltrator T costs 8, so they differ.
    const cases: [string[], number, number][] = [
      [['Infiltrator Cheap', 'Implant 2', 'Implant 4'], 0, 0], // 6 | 6
      [['Infiltrator Cheap', 'Implant 1', 'Implant 2', 'Implant 4'], 1, 1], // 7 | 7
      [['Infiltrator Cheap', 'Implant 8', 'Implant 2'], 1, 1], // 10 | 10
      [['Infiltrator Cheap', 'Implant 8', 'Implant 2', 'Implant 1'], 2, 2], // 11 | 11
      [['Infiltrator Cheap', 'Implant 13', 'Implant 1'], 2, 2], // 14 | 14
      [['Infiltrator Cheap', 'Implant 13', 'Implant 2'], 3, 3], // 15 | 15
      [['Infiltrator Cheap', 'Implant 13', 'Implant 4', 'Implant 1'], 3, 3], // 18 | 18
      [['Infiltrator Cheap', 'Implant 13', 'Implant 4', 'Implant 2'], 4, 4], // 19 | 19
      [['Infiltrator Cheap', 'Implant 13', 'Implant 4', 'Implant 2', 'Implant 1'], 4, 4], // 20 | 20
      [['Infiltrator T', 'Implant 2', 'Implant 4'], 0, 2], // 6 | 14
      [['Infiltrator T'], 0, 1], // 0 | 8
      [['Infiltrator T', 'Implant 8', 'Implant 4'], 2, 4], // 12 | 20
    ];
    for (const [start, literal, all] of cases) {
      const d = skynetBase();
      d.start = start;
      const r = deckResult(parse(d), { playsPerTurn: 2, refills: 3, futureCards: 'futureOnly' });
      expect(r.legal, start.join('+')).toBe(true);
      expect(r.opening!.map((o) => o.band), start.join('+')).toEqual([literal, all]);
    }
  });
  it('the Resistance deck reports the table (its band is set by the Skynet loadout)', () => {
    const r = deckResult(parse(resistanceBase()), { playsPerTurn: 2, refills: 3, futureCards: 'futureOnly' });
    expect(r.opening).toBeNull();
    expect(r.loadouts).toBeNull();
  });
});

describe('tccg start loadouts (every legal subset of implants)', () => {
  it('lists each subset of implants within 20 points with both bands, and counts per band exactly', () => {
    const d = skynetBase();
    const r = deckResult(parse(d), { playsPerTurn: 2, refills: 3, futureCards: 'futureOnly' });
    const l = r.loadouts!;
    expect(l.terminator).toBe('Infiltrator T');
    // Implants cost 1, 2, 4, 8, 13; the budget is 20 - 8 = 12: the subsets of {1, 2, 4, 8} have implant
    // points 0..15, once each (binary), of which 0..12 fit (13 subsets); Implant 13 never fits.
    expect(l.total).toBe(13);
    expect(l.rows.every((x) => x.totalPoints <= 20 && !x.implants.includes('Implant 13'))).toBe(true);
    expect(l.rows.filter((x) => x.chosen).map((x) => x.implants)).toEqual([['Implant 2', 'Implant 4']]);
    // Implant points 0..12: 0-6 → 7 loadouts, 7-10 → 4, 11-14 → 2 (11, 12).
    expect(l.byBand.map((b) => b.implants)).toEqual([7, 4, 2, 0, 0]);
    // All points 8..20: 7-10 → 3 (8, 9, 10), 11-14 → 4, 15-18 → 4, 19-20 → 2.
    expect(l.byBand.map((b) => b.all)).toEqual([0, 3, 4, 4, 2]);
    expect(l.byBand.reduce((a, b) => a + b.implants, 0)).toBe(l.total);
  });
});

describe('tccg hand limits (digest §開始時基本設定, §基本構成細則)', () => {
  it('Resistance 5 + 1 per Leader in play, Skynet 5; each deck-out reshuffle lowers the limit by 1', () => {
    expect(handLimit(S_RESISTANCE, 1, 0)).toBe(6);
    expect(handLimit(S_RESISTANCE, 0, 0)).toBe(5);
    expect(handLimit(S_RESISTANCE, 1, 2)).toBe(4);
    expect(handLimit(S_SKYNET, 1, 0)).toBe(5);
    expect(handLimit(S_SKYNET, 0, 3)).toBe(2);
    expect(handLimit(S_SKYNET, 0, 9)).toBe(0);
    const r = deckResult(parse(resistanceBase()), { playsPerTurn: 2, refills: 3, futureCards: 'futureOnly' });
    expect(r.handLimits.slice(0, 3)).toEqual([
      { reshuffles: 0, limit: 6, limitWithoutLeader: 5 },
      { reshuffles: 1, limit: 5, limitWithoutLeader: 4 },
      { reshuffles: 2, limit: 4, limitWithoutLeader: 3 },
    ]);
  });
});

describe('tccg draw odds: exact hypergeometric values checked by hand', () => {
  it('1 - C(37,5)/C(40,5) = 667/1976 (3 copies in 40 cards, 5 drawn)', () => {
    // By hand: P(none) = (37·36·35·34·33)/(40·39·38·37·36) = (35·34·33)/(40·39·38) = 39270/59280,
    // so P(at least one) = 20010/59280 = 667/1976 = 0.33755…
    expect(binomial(40, 5)).toBe(658008n);
    expect(binomial(37, 5)).toBe(435897n);
    const p = atLeastOne(40, 3, 5);
    expect(`${p.num}/${p.den}`).toBe('667/1976');
    expect(p.value).toBeCloseTo(0.3375506, 7);
  });
  it('1 copy: n/N; all drawn: 1; 0 copies: 0', () => {
    const one = atLeastOne(45, 1, 6);
    expect(`${one.num}/${one.den}`).toBe('2/15');
    expect(atLeastOne(40, 2, 40).value).toBe(1);
    expect(atLeastOne(40, 2, 55).value).toBe(1);
    expect(atLeastOne(40, 0, 10).value).toBe(0);
  });
  it('the deck view: refill 1 draws the hand limit, each later refill what was played (no discard)', () => {
    // Skynet, 40 cards, limit 5: Drone (3 copies) after refill 1 is 667/1976.
    const s = deckResult(parse(skynetBase()), { playsPerTurn: 2, refills: 4, futureCards: 'futureOnly' });
    expect(s.drawOdds.cardsSeen).toEqual([5, 7, 9, 11]);
    const drone = s.drawOdds.rows.find((r) => r.card === 'Drone')!;
    expect(drone.copies).toBe(3);
    expect(drone.exact[0]).toBe('667/1976');
    // Refill 2: 7 cards seen: 1 - (33·32·31·30·29·28·27... ) → 1 - C(37,7)/C(40,7) = 1 - (33·32·31)/(40·39·38) = 1 - 32736/59280.
    expect(drone.p[1]).toBeCloseTo(1 - 32736 / 59280, 12);
    // Resistance, 40 cards, limit 6 (one Leader): Civilian 1 (3 copies) after refill 1: 1 - (34·33·32)/(40·39·38).
    const r = deckResult(parse(resistanceBase()), { playsPerTurn: 0, refills: 2, futureCards: 'futureOnly' });
    expect(r.drawOdds.cardsSeen).toEqual([6, 6]);
    expect(r.drawOdds.rows.find((x) => x.card === 'Civilian 1')!.p[0]).toBeCloseTo(1 - (34 * 33 * 32) / (40 * 39 * 38), 12);
    // Pistol: 15 copies over two entries are one row.
    expect(r.drawOdds.rows.filter((x) => x.card === 'Pistol').map((x) => x.copies)).toEqual([15]);
  });
});

describe('tccg deck files: errors name the file, the entry and the field', () => {
  const dir = tempDir('tccg-deck-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const view = game.views!.find((v) => v.name === 'deck')!;
  const run = (file: string) => view.run({ file, playsPerTurn: 2, refills: 5, futureCards: 'futureOnly' }, { given: new Set(), confidence: 0.95, format: 'json' });

  it('the bundled example decks are legal', async () => {
    for (const f of ['scenarios/tccg/resistance.yaml', 'scenarios/tccg/skynet.yaml']) {
      const out = await run(f);
      expect(out.failure).toBeUndefined();
      expect((out.report.result as { legal: boolean }).legal).toBe(true);
      expect(out.report.method).toBe('exact');
    }
  });
  it('an illegal deck is an answer: legal false with violations, no failure', async () => {
    const f = join(dir, 'short.yaml');
    writeFileSync(f, 'side: resistance\ndrawDeck: [{card: Remington 870, count: 5}]\nlocationDeck: [Main Street]\nstart: [Kyle Reese]\n');
    const out = await run(f);
    expect(out.failure).toBeUndefined();
    const res = out.report.result as { legal: boolean; violations: { rule: string; message: string }[] };
    expect(res.legal).toBe(false);
    expect(res.violations.map((v) => v.rule)).toEqual(['draw-deck-size', 'location-deck-size', 'start-resistance-characters']);
  });
  it('a missing file, bad YAML, a bad field, an unknown card are UsageErrors naming the file and field', async () => {
    await expect(async () => run(join(dir, 'nope.yaml'))).rejects.toThrow(UsageError);
    await expect(async () => run(join(dir, 'nope.yaml'))).rejects.toThrow(/nope\.yaml: cannot read .*nope\.yaml: ENOENT/);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'side: [unclosed\n');
    await expect(async () => run(bad)).rejects.toThrow(/bad\.yaml: not valid YAML/);
    writeFileSync(bad, 'side: robots\ndrawDeck: []\nlocationDeck: []\nstart: []\n');
    await expect(async () => run(bad)).rejects.toThrow(/bad\.yaml: side: expected resistance or skynet/);
    writeFileSync(bad, 'side: skynet\ndrawDeck: [{card: Uzi 9mm, count: 0}]\nlocationDeck: []\nstart: []\n');
    await expect(async () => run(bad)).rejects.toThrow(/bad\.yaml: drawDeck\[0\] \(Uzi 9mm\)\.count: expected at least 1 copy/);
    writeFileSync(bad, 'side: skynet\ndrawDeck: [{card: Uzi 9mn, count: 1}]\nlocationDeck: []\nstart: []\n');
    await expect(async () => run(bad)).rejects.toThrow(/bad\.yaml: drawDeck\[0\] \(Uzi 9mn\)\.card: unknown card "Uzi 9mn" \(did you mean "Uzi 9mm"\?\)/);
    writeFileSync(bad, 'side: skynet\ndrawdeck: []\nlocationDeck: []\nstart: []\n');
    await expect(async () => run(bad)).rejects.toThrow(/bad\.yaml: drawdeck: unknown field "drawdeck" \(did you mean "drawDeck"\?\)/);
  });
  it('a deck names its own card data (relative to the deck file); errors in it name that file', async () => {
    writeFileSync(join(dir, 'my-cards.yaml'), CARDS_YAML);
    const f = join(dir, 'own.yaml');
    writeFileSync(f, `cards: my-cards.yaml\n${stringify(skynetBase())}`);
    const out = await run(f);
    expect((out.report.result as { legal: boolean }).legal).toBe(true);
    writeFileSync(join(dir, 'broken-cards.yaml'), 'version: 1\ncards:\n  - {name: X, type: mainCharacter, side: skynet, speed: 1}\n');
    writeFileSync(f, `cards: broken-cards.yaml\n${stringify(skynetBase())}`);
    await expect(async () => run(f)).rejects.toThrow(/cards: broken-cards\.yaml: cards\[0\] \(X\)\.power: required for a main character/);
  });
});

describe('tccg card data validation', () => {
  it('refuses unknown keywords (did you mean), duplicate names, missing numbers', () => {
    const base = 'version: 1\ncards:\n';
    expect(() => parseCardData(`${base}  - {name: A, type: event, side: neutral, keywords: [Uniqe], effect: hit, amount: 1}\n`, 'c.yaml')).toThrow(/c\.yaml: cards\[0\] \(A\)\.keywords\[0\]: unknown keyword "Uniqe" \(did you mean "Unique"\?\)/);
    expect(() => parseCardData(`${base}  - {name: A, type: condition, side: neutral}\n  - {name: a, type: condition, side: neutral}\n`, 'c.yaml')).toThrow(/cards\[1\] \(a\)\.name: duplicate card name/);
    expect(() => parseCardData(`${base}  - {name: A, type: supportingCharacter, side: neutral, speed: 1, power: 1}\n`, 'c.yaml')).toThrow(/cards\[0\] \(A\)\.importance: required/);
    expect(() => parseCardData(`${base}  - {name: A, type: item, side: neutral, item: weapon, damage: 3}\n`, 'c.yaml')).toThrow(/cards\[0\] \(A\)\.range: required for a ranged weapon/);
    expect(() => parseCardData(`${base}  - {name: A, type: mission, side: neutral, mission: reach, missionPoints: 2, place: Nowhere}\n`, 'c.yaml')).toThrow(/"Nowhere" is not a location/);
    expect(() => parseCardData(`${base}  - {name: A, type: event, side: neutral, effect: hit, amount: 1, speeed: 2}\n`, 'c.yaml')).toThrow(/cards\[0\] \(A\)\.speeed: unknown field "speeed" \(did you mean "speed"\?\)/);
  });
  it("a reach mission's place is matched whatever its case and kept as the location's own name (which the engine and the bots compare exactly)", () => {
    const t = parseCardData('version: 1\ncards:\n  - {name: Police Station, type: location, side: neutral, location: exterior, eras: [past]}\n  - {name: A, type: mission, side: neutral, mission: reach, missionPoints: 2, place: police STATION}\n', 'c.yaml');
    expect(t.cards[1].missionPlace).toBe('Police Station');
  });
  it('the reference set loads', async () => {
    const { loadCardData, defaultCardFile } = await import('../src/games/tccg/cardData.js');
    const t = loadCardData(defaultCardFile());
    expect(t.cards.length).toBeGreaterThan(50);
    expect(t.cards.some((c) => c.name === 'Main Street')).toBe(true);
  });
});
