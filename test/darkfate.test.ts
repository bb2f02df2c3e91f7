// Terminator: Dark Fate: rulebook scenario tests from hand-built positions (each names its
// rulebook section), plus card-data loading. Rulebook: shared/rules/dark-fate-card-game.txt.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { streamFor } from '../src/core/rng.js';
import { compileCards, loadCardData, parseCardData, referenceCardsFile } from '../src/games/darkfate/cardData.js';
import { OUTCOME_EMPTY_WOUND_DECK, OUTCOME_NONE, OUTCOME_THREE_WOUNDS, OUTCOME_TURN_CAP, OUTCOME_WIN, type DarkFateRules, type DarkFateSetup } from '../src/games/darkfate/darkfateRules.js';
import { DarkFateEngine } from '../src/games/darkfate/engine.js';
import { instanceOf, RULE_TEST_CARD_CHANGES, setFate, setReserve, setRev9, setWoundsLeft, setZone } from '../src/games/darkfate/engineFixtures.js';
import { checkConservation } from '../src/games/darkfate/checkConservation.js';
import {
  ACTION_BUY,
  ACTION_END,
  ACTION_FIGHT_HOSTILE,
  ACTION_FIGHT_REV9,
  ACTION_LEAD,
  ACTION_PLAY,
  ACTION_REST,
  DECISION,
  REV9_DESTROYED,
  REV9_FATE,
  REV9_HUNT,
  REV9_OUT,
  DARKFATE_VIEW_MEMBERS,
  encodeAction,
  type DarkFatePolicy,
  type DarkFateView,
} from '../src/games/darkfate/policy.js';
import { KW } from '../src/games/darkfate/ops.js';
import { BUILTIN_POLICIES, buildEngineSync } from '../src/games/darkfate/policies.js';
import { BUILTIN_POLICY_NAMES, DEFAULT_POLICY } from '../src/games/darkfate/policyNames.js';
import { gapEntries, policyGapLine, policyGapShort } from '../src/games/darkfate/policyGap.js';
import { buildEngine } from '../src/games/darkfate/darkfateSim.js';
import { compiledCards } from '../src/games/darkfate/compiledCards.js';
import { tempDir } from './helpers/tempDir.js';
import { applyCardChanges, parseCardChanges } from '../src/games/darkfate/cardChanges.js';

// The rule tests below were written against the assumed values before the last calibration:
// pinned with card changes (RULE_TEST_CARD_CHANGES), so a recalibration of cards.yaml does not move
// the positions they build.
const DOC = applyCardChanges(loadCardData(referenceCardsFile()), parseCardChanges(RULE_TEST_CARD_CHANGES));
const CARDS = compileCards(DOC);
const RULES: DarkFateRules = { handSize: 5, woundsToDie: 3, reserveSetup: 5, refillTo: 4, rev9Depth: 5, maxTurns: 400, prepCards: 5, setbackCards: 4, nnHandSize: 5, fleeEndsHunt: false };
const T = (name: string): number => {
  const t = CARDS.names.indexOf(name);
  if (t < 0) throw new Error(`no card ${name}`);
  return t;
};
const V = (key: string): number => CARDS.rev9.findIndex((r) => r.key === key);

type ChooseFn = (v: DarkFateView, d: number, o: Int32Array, n: number, allowNone: boolean) => number;
/** A policy that answers with `fn` (default: first choice; "no" for yes/no; END in the play phase). */
function scripted(fn?: ChooseFn): DarkFatePolicy {
  return { name: 'scripted', choose: (_rng, v, d, o, n, a) => (fn ? fn(v, d, o, n, a) : 0) };
}
/** Picks the option equal to `code` if legal, else END (index 0). */
const pickCode = (o: Int32Array, n: number, code: number) => {
  for (let i = 0; i < n; i++) if (o[i] === code) return i;
  return 0;
};

function engine(opts: { rev9?: string; players?: number; policy?: DarkFatePolicy; setup?: Partial<DarkFateSetup>; rules?: Partial<DarkFateRules>; seed?: number } = {}): DarkFateEngine {
  const players = opts.players ?? 2;
  const setup: DarkFateSetup = { players, characters: [0, 1, 2, 3].slice(0, players), solo: false, rev9: V(opts.rev9 ?? 'endoskeleton'), goOnWithoutMe: false, neuralNet: false, ...opts.setup };
  const e = new DarkFateEngine(CARDS, { ...RULES, ...opts.rules }, setup, opts.policy ?? scripted());
  e.reset(streamFor(opts.seed ?? 1, 0));
  return e;
}
/** Empties every zone a test may build (hands, piles, reserve, fate deck). */
function clear(e: DarkFateEngine): void {
  for (let p = 0; p < e.players; p++) for (const z of ['hand', 'draw', 'discard', 'skills'] as const) setZone(e, z, p, []);
  setReserve(e, []);
  setFate(e, []);
  e.current = 0;
}
const inst = (e: DarkFateEngine, name: string, nth = 0) => instanceOf(e, T(name), nth);
/** n filler fate cards (Pistols: not hostile, not a location, no effect when drawn by a hunt but destroyed). */
const fill = (e: DarkFateEngine, n: number, from = 0) => Array.from({ length: n }, (_, i) => inst(e, 'Pistol', from + i));
const handTypes = (e: DarkFateEngine, p: number) => Array.from({ length: e.handCount(p) }, (_, i) => CARDS.names[e.handCard(p, i)]);
const legal = (e: DarkFateEngine, p: number, mayRest = false) => Array.from(e.opts.slice(0, e.legalActions(p, mayRest)));

describe('card data', () => {
  it('the reference set follows the public facts: 182 fate cards, 30 wounds, 4 Rev-9s, 4 characters', () => {
    expect(CARDS.fateTotal).toBe(182);
    expect(CARDS.woundCount).toBe(30);
    expect(CARDS.rev9.map((r) => r.key)).toEqual(['damaged-endo', 'endoskeleton', 'liquid-exoskeleton', 'fully-operational']);
    expect(CARDS.characters.map((c) => c.name)).toEqual(['Sarah Connor', 'Grace', 'Dani Ramos', 'T-800']);
    expect(CARDS.supply[CARDS.prepType]).toBe(1);
    expect(CARDS.fight[CARDS.setbackType] + CARDS.supply[CARDS.setbackType]).toBe(0);
    expect(CARDS.rev9[V('fully-operational')].splitsInto).toEqual([V('endoskeleton'), V('liquid-exoskeleton')]);
  });
  it('compiles effects to op codes and derived tables', () => {
    expect(CARDS.discardCost[T('Pistol')]).toBe(1);
    expect(CARDS.kw[T('Pistol')] & KW.PISTOL).toBeTruthy();
    expect(CARDS.finisher[T('Steel Plant')]).toBe(1);
    expect(CARDS.finisher[T('EMP')]).toBe(2);
    expect(CARDS.cost[T('Attack')]).toBe(-1); // hostiles cannot be gained
    expect(CARDS.drawOnPlay[T('Recon')]).toBe(2);
  });
  const bad = (mutate: (s: string) => string) => () => parseCardData(mutate(readRef()), 'my-cards.yaml');
  const readRef = () => readFileSync(referenceCardsFile(), 'utf8');
  it('a bad file names the file, the card and the field', () => {
    expect(bad((s) => s.replace('effects: [{ discard: 1 }] }   # name', 'effects: [{ dicsard: 1 }] }   # name'))).toThrow(
      'my-cards.yaml: fate[16] (Pistol): effects[0]: unknown effect "dicsard" (did you mean "discard"?)',
    );
    expect(bad((s) => s.replace('name: Shotgun, count: 8, cost: 4, fight: 5,', 'name: Shotgun, count: 8, cost: 4, fight: -5,'))).toThrow(/my-cards\.yaml: fate\[17\] \(Shotgun\): fight: expected 0 or more/);
    expect(bad((s) => s.replace('keywords: [munition, slow]', 'keywords: [munition, slwo]'))).toThrow('my-cards.yaml: fate[20] (Minigun): keywords[1]: unknown keyword "slwo" (did you mean "slow"?)');
    expect(bad((s) => s.replace('splitsInto: [endoskeleton,', 'splitsInto: [endoskeletn,'))).toThrow('my-cards.yaml: rev9[3] (Fully Operational): splitsInto[0]: "endoskeletn" is not another Rev-9 key');
    expect(bad((s) => s.replace("unique: Dani's Resolve,", "unique: Dani's Resolv,"))).toThrow(`my-cards.yaml: characters[2] (Dani Ramos): unique: "Dani's Resolv" is not among starter.uniques`);
    expect(bad((s) => s.replace('{ name: Attack, count: 26, resistance: 2,', '{ name: Attack, count: 26,'))).toThrow('my-cards.yaml: fate[0] (Attack): resistance: a hostile card needs a resistance');
    expect(bad(() => 'fate: [')).toThrow(/my-cards\.yaml: not valid YAML/);
    expect(bad((s) => s.replace('splitsInto: [endoskeleton, liquid-exoskeleton]', `splitsInto: [${Array(7).fill('endoskeleton').join(', ')}]`))).toThrow(
      'my-cards.yaml: rev9[3] (Fully Operational): splitsInto: 7 Rev-9s; at most 6 are supported',
    );
    expect(bad((s) => s.replace('{ name: Recon, count: 4,', '{ name: Pistol, count: 4,'))).toThrow('my-cards.yaml: fate[30] (Pistol): name: "Pistol" is already the name of fate[16]; give each card type its own name (use count for copies)');
    expect(bad((s) => s.replace('{ name: Recon, count: 4,', '{ name: PISTOL, count: 4,'))).toThrow('my-cards.yaml: fate[30] (PISTOL): name: "PISTOL" is already the name of fate[16]');
    // 182 - 4 + 80 = 258 fate cards: a reserve slot past 255 could not be named by an action.
    expect(bad((s) => s.replace('{ name: Recon, count: 4,', '{ name: Recon, count: 80,'))).toThrow('my-cards.yaml: fate: 258 cards; at most 256 are supported (an action names a reserve slot in 8 bits)');
    expect(() => parseCardData(readRef().replace('{ name: Recon, count: 4,', '{ name: Recon, count: 78,'), 'my-cards.yaml')).not.toThrow();
  });
  it('a repeated character key, Rev-9 key or unique name is named as such', () => {
    expect(bad((s) => s.replace('key: grace,', 'key: sarah,'))).toThrow('my-cards.yaml: characters[1] (Grace): key: "sarah" is already the key of characters[0] (Sarah Connor)');
    // Not a misleading splitsInto error: the repeated key itself.
    expect(bad((s) => s.replace('  - key: liquid-exoskeleton\n', '  - key: endoskeleton\n'))).toThrow('my-cards.yaml: rev9[2] (Liquid Exoskeleton): key: "endoskeleton" is already the key of rev9[1] (Endoskeleton)');
    // Two versions that reports, tables and charts would name alike.
    expect(bad((s) => s.replace('    name: Liquid Exoskeleton', '    name: Endoskeleton'))).toThrow('my-cards.yaml: rev9[2] (Endoskeleton): name: "Endoskeleton" is already the name of rev9[1] (key endoskeleton)');
    // As a reader tells names apart: case and invisible characters aside.
    expect(bad((s) => s.replace('    name: Liquid Exoskeleton', '    name: "ENDO\u200bskeleton"'))).toThrow('my-cards.yaml: rev9[2] (ENDO\u200bskeleton): name: "ENDO\u200bskeleton" is already the name of rev9[1]');
    expect(bad((s) => s.replace("- { name: Dani's Resolve, supply: 2,", "- { name: Sarah's Arsenal, supply: 2,"))).toThrow(
      `my-cards.yaml: starter.uniques[2] (Sarah's Arsenal): name: "Sarah's Arsenal" is already the name of starter.uniques[0]`,
    );
  });
  it('text a card could never use is refused: defense without the keyword, eachTurn without skill, activate without hostile, a cost on a hostile', () => {
    expect(bad((s) => s.replace('keywords: [defense], defense: [defend]', 'keywords: [resource], defense: [defend]'))).toThrow(
      'my-cards.yaml: fate[12] (Body Armor): defense: the card lacks the defense keyword, so this text could never be used (rulebook: Glossary, Defense',
    );
    expect(bad((s) => s.replace('keywords: [skill], eachTurn: [{ fight: 1 }]', 'keywords: [action], eachTurn: [{ fight: 1 }]'))).toThrow(
      'my-cards.yaml: fate[10] (Combat Training): eachTurn: the card lacks the skill keyword, so this text could never be used (rulebook: Glossary, Skill',
    );
    expect(bad((s) => s.replace('keywords: [hostile], activate: [{ fateToReserve: 1 }]', 'keywords: [action], activate: [{ fateToReserve: 1 }]'))).toThrow(
      'my-cards.yaml: fate[2] (Surveillance): activate: the card lacks the hostile keyword, so this text could never be used (rulebook: Glossary, Hostile',
    );
    expect(bad((s) => s.replace('{ name: Pursuit, count: 3, resistance: 3,', '{ name: Pursuit, count: 3, cost: 3, resistance: 3,'))).toThrow(
      'my-cards.yaml: fate[4] (Pursuit): cost: a hostile card has no cost; it is removed with fight, never gained (rulebook: Glossary, Hostile and Cost)',
    );
    // An empty section holds no text: nothing to refuse.
    expect(() => parseCardData(readRef().replace('keywords: [action], effects: [{ draw: 2 }] }', 'keywords: [action], effects: [{ draw: 2 }], defense: [] }'), 'my-cards.yaml')).not.toThrow();
  });
});

describe('rulebook: Set-Up', () => {
  it('hands of five, decks of ten starters, a reserve of five, 30 wounds, the Rev-9 in the top six', () => {
    const depths = new Array(8).fill(0);
    for (let g = 0; g < 300; g++) {
      const e = engine({ seed: g });
      for (let p = 0; p < 2; p++) expect(e.handCount(p) + e.drawCount(p)).toBe(10);
      expect(handTypes(e, 0)).toHaveLength(5);
      expect(e.reserveCount()).toBe(5);
      expect(e.woundsLeft()).toBe(30);
      expect(e.fateCount()).toBe(182 - 5 + 1);
      let d = 0;
      while (!e.isRev9(e.fateAt(d))) d++;
      depths[d]++;
      expect(checkConservation(e)).toBeNull();
    }
    // Uniform over the top six positions, never deeper.
    expect(depths[6] + depths[7]).toBe(0);
    for (let d = 0; d < 6; d++) expect(depths[d]).toBeGreaterThan(25);
  });
  it('each starter deck holds 5 prep, 4 setback and the character\'s unique card', () => {
    const e = engine({ players: 4 });
    for (let p = 0; p < 4; p++) {
      const types = [...handTypes(e, p)];
      for (let i = 0; i < e.drawCount(p); i++) types.push(CARDS.names[e.instType[e.drawPile[p * e.nInst + i]]]);
      expect(types.filter((x) => x === 'Prep')).toHaveLength(5);
      expect(types.filter((x) => x === 'Setback')).toHaveLength(4);
      expect(types).toContain(DOC.characters[p].unique);
    }
  });
});

describe('rulebook: Play Phase', () => {
  it('fight damages the Rev-9 on the hunt; at its stagger value it is staggered', () => {
    const e = engine();
    clear(e);
    setRev9(e, 0, REV9_HUNT, 28);
    e.fight = 3;
    expect(legal(e, 0)).toContain(encodeAction(ACTION_FIGHT_REV9, 0, 2)); // exactly to the stagger value
    e.doAction(0, ACTION_FIGHT_REV9, 0, 2);
    expect(e.rev9Damage(0)).toBe(30);
    expect(e.staggers).toBe(1);
    expect(e.fight).toBe(1);
  });
  it('fight cannot damage a Rev-9 that is not on the hunt (assumption)', () => {
    const e = engine();
    clear(e);
    setRev9(e, 0, REV9_FATE);
    e.fight = 3;
    expect(legal(e, 0).filter((c) => c >>> 16 === ACTION_FIGHT_REV9)).toEqual([]);
  });
  it('a hostile card with damage at its resistance moves to the bottom of the fate deck', () => {
    const e = engine();
    clear(e);
    const ambush = inst(e, 'Ambush');
    setFate(e, [inst(e, 'Cash')]);
    setReserve(e, [ambush], [1]);
    e.fight = 5;
    e.doAction(0, ACTION_FIGHT_HOSTILE, 0, 2);
    expect(e.reserveCount()).toBe(1);
    expect(e.reserveDamage(0)).toBe(3);
    e.doAction(0, ACTION_FIGHT_HOSTILE, 0, 1);
    expect(e.reserveCount()).toBe(0);
    expect(e.fateAt(e.fateCount() - 1)).toBe(ambush);
  });
  it('gained cards go into any player\'s discard pile, paid in full with supply', () => {
    const e = engine();
    clear(e);
    setReserve(e, [inst(e, 'Shotgun')]);
    e.supply = 4;
    expect(legal(e, 0).filter((c) => c >>> 16 === ACTION_BUY)).toEqual([]); // costs 5
    e.supply = 5;
    expect(legal(e, 0)).toContain(encodeAction(ACTION_BUY, 0));
    e.policy = scripted((v, d, o, n) => (d === DECISION.GAIN_RECIPIENT ? Array.from(o.slice(0, n)).indexOf(1) : 0));
    e.doAction(0, ACTION_BUY, 0, 0);
    expect(e.supply).toBe(0);
    expect(e.discardCount(1)).toBe(1);
    expect(CARDS.names[e.discardCard(1, 0)]).toBe('Shotgun');
  });
  it('locations are played on purchase, then go to the bottom; Steel Plant destroys a staggered Rev-9', () => {
    const e = engine();
    clear(e);
    const plant = inst(e, 'Steel Plant');
    setFate(e, [inst(e, 'Cash')]);
    setReserve(e, [plant]);
    setRev9(e, 0, REV9_HUNT, 30);
    e.supply = 6;
    e.doAction(0, ACTION_BUY, 0, 0);
    expect(e.rev9Where(0)).toBe(REV9_DESTROYED);
    expect(e.outcome).toBe(OUTCOME_WIN);
    expect(e.fateAt(e.fateCount() - 1)).toBe(plant);
  });
  it('a destroy effect does nothing to a Rev-9 that is not staggered', () => {
    const e = engine();
    clear(e);
    setReserve(e, [inst(e, 'Steel Plant')]);
    setRev9(e, 0, REV9_HUNT, 29);
    e.supply = 6;
    e.doAction(0, ACTION_BUY, 0, 0);
    expect(e.rev9Where(0)).toBe(REV9_HUNT);
    expect(e.outcome).toBe(OUTCOME_NONE);
  });
  it('Wheels: location-only supply buys locations, not other cards', () => {
    const e = engine();
    clear(e);
    setReserve(e, [inst(e, 'Safehouse'), inst(e, 'Cash')]);
    e.locationSupply = 3;
    const buys = legal(e, 0).filter((c) => c >>> 16 === ACTION_BUY);
    expect(buys).toEqual([encodeAction(ACTION_BUY, 0, 0)]);
  });
  it('a card whose text cannot be fulfilled cannot be played (the pistol example)', () => {
    const e = engine();
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Pistol')]);
    expect(legal(e, 0).filter((c) => c >>> 16 === ACTION_PLAY)).toEqual([]);
    setZone(e, 'hand', 0, [inst(e, 'Pistol'), inst(e, 'Setback')]);
    expect(legal(e, 0).filter((c) => c >>> 16 === ACTION_PLAY)).toEqual([encodeAction(ACTION_PLAY, 0), encodeAction(ACTION_PLAY, 1)]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.fight).toBe(CARDS.fight[T('Pistol')]);
    expect(e.handCount(0)).toBe(0);
    expect(CARDS.names[e.discardCard(0, 0)]).toBe('Setback');
  });
  it('wounds cannot be played', () => {
    const e = engine();
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Wound')]);
    expect(legal(e, 0)).toEqual([encodeAction(ACTION_END)]);
  });
  it('skills stay in play and act at the start of each later play phase', () => {
    const p0 = encodeAction(ACTION_PLAY, 0);
    let plays = 0;
    const e = engine({ policy: scripted((v, d, o, n) => (d === DECISION.ACTION && plays++ === 0 ? pickCode(o, n, p0) : 0)) });
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Combat Training')]);
    setZone(e, 'draw', 0, [inst(e, 'Setback'), inst(e, 'Setback')]);
    e.playPhase(0);
    expect(e.skillCount(0)).toBe(1);
    expect(e.discardCount(0)).toBe(0);
    e.fight = 0;
    // Next play phase: power (+1 fight, Sarah) and skill (+1 fight).
    let seen = -1;
    e.policy = scripted((v, d) => {
      if (d === DECISION.ACTION && seen < 0) seen = v.fight;
      return 0;
    });
    e.playPhase(0);
    expect(seen).toBe(2);
    expect(e.skillCount(0)).toBe(1);
  });
  it('rest destroys one card and ends the play phase', () => {
    const e = engine({ policy: scripted((v, d, o, n) => (d === DECISION.ACTION ? pickCode(o, n, encodeAction(ACTION_REST, 1)) : 0)) });
    clear(e);
    const w = inst(e, 'Wound');
    setZone(e, 'hand', 0, [inst(e, 'Prep'), w, inst(e, 'Cash')]);
    expect(legal(e, 0, true)).toContain(encodeAction(ACTION_REST, 1));
    expect(legal(e, 0, false)).not.toContain(encodeAction(ACTION_REST, 1));
    e.playPhase(0);
    expect(e.destroyed[e.destroyedN - 1]).toBe(w);
    // The rest of the hand is discarded, then drawn again (the discard pile is the only source).
    expect(handTypes(e, 0).sort()).toEqual(['Cash', 'Prep']);
    expect(e.fight + e.supply).toBe(0);
  });
  it('end of play phase: discard played cards and hand, draw up to five, reshuffling the discard pile', () => {
    const e = engine({ policy: scripted((v, d, o, n) => (d === DECISION.ACTION ? pickCode(o, n, encodeAction(ACTION_PLAY, 0)) : 0)) });
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Cash', 0), inst(e, 'Cash', 1)]);
    setZone(e, 'draw', 0, [inst(e, 'Prep', 0), inst(e, 'Prep', 1)]);
    setZone(e, 'discard', 0, [inst(e, 'Shotgun', 0), inst(e, 'Shotgun', 1)]);
    e.playPhase(0);
    expect(e.handCount(0)).toBe(5);
    expect(e.drawCount(0)).toBe(1);
    expect(handTypes(e, 0).filter((x) => x === 'Prep')).toHaveLength(2);
    expect(e.fight + e.supply).toBe(0); // supply does not carry over
  });
  it('leadership cards are played in another player\'s play phase and return to their owner', () => {
    const e = engine();
    clear(e);
    const rally = inst(e, 'Rally');
    setZone(e, 'hand', 1, [rally]);
    expect(legal(e, 0)).toContain(encodeAction(ACTION_LEAD, 1, 0));
    e.policy = scripted((v, d, o, n) => (d === DECISION.ACTION ? pickCode(o, n, encodeAction(ACTION_LEAD, 1, 0)) : 0));
    e.playPhase(0);
    expect(e.handCount(1)).toBe(0);
    expect(e.discardCount(1)).toBe(1);
    expect(CARDS.names[e.discardCard(1, 0)]).toBe('Rally');
  });
  it('Gamble: draws the next fate card into the reserve (specific beats general)', () => {
    const e = engine();
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Gamble')]);
    setFate(e, [inst(e, 'Minigun'), inst(e, 'Cash')]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(CARDS.names[e.reserveCard(0)]).toBe('Minigun');
    expect(e.supply).toBe(1);
  });
});

describe('rulebook: Reserve Phase', () => {
  it('refills to four, then draws one, then extra draws while the Rev-9 is not on the hunt', () => {
    let asked = 0;
    const e = engine({ policy: scripted((v, d) => (d === DECISION.EXTRA_DRAW ? (asked++ < 2 ? 1 : 0) : 0)) });
    clear(e);
    setRev9(e, 0, REV9_FATE);
    setReserve(e, [inst(e, 'Cash', 0), inst(e, 'Cash', 1)]);
    setFate(e, ['Shotgun', 'Minigun', 'Recon', 'Pistol', 'Pistol', 'Pistol', 'Pistol'].map((n, i) => inst(e, n, i % 4)));
    e.reservePhase(0);
    expect(e.reserveCount()).toBe(4 + 1 + 2);
    expect(asked).toBe(3);
  });
  it('no extra draws while a Rev-9 is on the hunt', () => {
    let asked = 0;
    const e = engine({ policy: scripted((v, d) => (d === DECISION.EXTRA_DRAW ? (asked++, 1) : 0)) });
    clear(e);
    setRev9(e, 0, REV9_HUNT);
    setReserve(e, []);
    setFate(e, fill(e, 8));
    e.reservePhase(0);
    expect(e.reserveCount()).toBe(5);
    expect(asked).toBe(0);
  });
  it('drawing the Rev-9 puts it on the hunt (not in the reserve) and ends the phase', () => {
    const e = engine({ policy: scripted(() => 1) });
    clear(e);
    setRev9(e, 0, REV9_FATE);
    setFate(e, [inst(e, 'Cash', 0), e.rev9Base, inst(e, 'Cash', 1), inst(e, 'Cash', 2)]);
    e.reservePhase(0);
    expect(e.rev9Where(0)).toBe(REV9_HUNT);
    expect(e.reserveCount()).toBe(1);
    expect(e.fateCount()).toBe(2);
  });
});

describe('rulebook: Hunt Phase', () => {
  it('skipped when no Rev-9 is on the hunt', () => {
    const e = engine();
    clear(e);
    setRev9(e, 0, REV9_FATE);
    setReserve(e, [inst(e, 'Attack')]);
    e.huntPhase(0);
    expect(e.reserveCount()).toBe(1);
    expect(e.woundsTaken).toBe(0);
  });
  it('hunt: activates reserve hostiles up to the hunt value, then draws: hostile activated, location to the bottom, others destroyed', () => {
    const e = engine({ rev9: 'endoskeleton' }); // hunt value 3
    clear(e);
    setRev9(e, 0, REV9_HUNT);
    const attack = inst(e, 'Attack');
    const surveil = inst(e, 'Pursuit');
    const plant = inst(e, 'Steel Plant');
    const shotgun = inst(e, 'Shotgun');
    setReserve(e, [inst(e, 'Cash'), attack]);
    setFate(e, [surveil, plant, shotgun]);
    setZone(e, 'hand', 0, [inst(e, 'Prep', 0), inst(e, 'Prep', 1)]);
    e.huntPhase(0);
    expect(e.woundsTaken).toBe(1); // Attack: wound the current player
    expect(e.handCount(0)).toBe(1); // Pursuit: discard a card
    expect(e.reserveCount()).toBe(1);
    // Fate deck now: Shotgun (not drawn: hunt value spent), then Attack, Pursuit, Steel Plant at the bottom.
    expect([0, 1, 2, 3].map((d) => e.fateAt(d))).toEqual([shotgun, attack, surveil, plant]);
    // Hunt value 1 (Damaged Endo): a drawn non-hostile, non-location card is destroyed.
    const d = engine({ rev9: 'damaged-endo' });
    clear(d);
    setRev9(d, 0, REV9_HUNT);
    setFate(d, [shotgun]);
    d.huntPhase(0);
    expect(d.fateCount()).toBe(0);
    expect(d.destroyed[d.destroyedN - 1]).toBe(shotgun);
  });
  it('flee: only when damaged; damage removed; that many cards drawn; the Rev-9 shuffled in on top', () => {
    let asked = 0;
    const e = engine({ policy: scripted((v, d) => (d === DECISION.FLEE ? (asked++, 1) : 0)) });
    clear(e);
    setRev9(e, 0, REV9_HUNT, 0);
    setFate(e, fill(e, 10));
    e.huntPhase(0);
    expect(asked).toBe(0); // undamaged: no choice, it hunts
    setRev9(e, 0, REV9_HUNT, 4);
    setFate(e, fill(e, 10));
    setReserve(e, []);
    e.huntPhase(0);
    expect(asked).toBe(1);
    expect(e.flees).toBe(1);
    expect(e.rev9Where(0)).toBe(REV9_FATE);
    expect(e.rev9Damage(0)).toBe(0);
    expect(e.fateCount()).toBe(11);
    let d = 0;
    while (!e.isRev9(e.fateAt(d))) d++;
    expect(d).toBeLessThan(5);
  });
  it('the Endoskeleton hunts harder once it has half its stagger value in damage (public fact)', () => {
    const e = engine({ rev9: 'endoskeleton' });
    setRev9(e, 0, REV9_HUNT, 14);
    const base = e.rev9HuntValue(0);
    setRev9(e, 0, REV9_HUNT, 15);
    expect(e.rev9HuntValue(0)).toBe(base + CARDS.rev9[V('endoskeleton')].enrageHunt);
  });
  it('the Damaged Endo flees by itself with 5+ damage unless staggered (assumed reading of a public fact)', () => {
    let asked = 0;
    const e = engine({ rev9: 'damaged-endo', policy: scripted((v, d) => (d === DECISION.FLEE ? (asked++, 0) : 0)) });
    clear(e);
    setFate(e, fill(e, 10));
    setRev9(e, 0, REV9_HUNT, 5);
    e.huntPhase(0);
    expect(asked).toBe(0);
    expect(e.rev9Where(0)).toBe(REV9_FATE);
    setRev9(e, 0, REV9_HUNT, 15);
    e.huntPhase(0);
    expect(asked).toBe(1);
    expect(e.rev9Where(0)).toBe(REV9_HUNT);
  });
  it('defense: a player may play a defense card off-turn to ignore an attack; only its defense text acts', () => {
    const e = engine({ policy: scripted((v, d) => (d === DECISION.DEFENSE ? 0 : 0)) });
    clear(e);
    setRev9(e, 0, REV9_HUNT);
    const armor = inst(e, 'Body Armor');
    setZone(e, 'hand', 1, [armor]);
    setReserve(e, [inst(e, 'Attack')]);
    setFate(e, [inst(e, 'Cash'), inst(e, 'Cash', 1), inst(e, 'Cash', 2)]);
    e.hunt(0);
    expect(e.woundsTaken).toBe(0);
    expect(e.handCount(1)).toBe(0);
    expect(e.discardCard(1, 0)).toBe(T('Body Armor'));
    expect(e.supply).toBe(0); // its supply is not gained when used as defense
  });
  it('defense cards do not stop ordinary hostile cards', () => {
    let asked = 0;
    const e = engine({ policy: scripted((v, d) => (d === DECISION.DEFENSE ? (asked++, 0) : 0)) });
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Body Armor'), inst(e, 'Prep')]);
    setReserve(e, [inst(e, 'Pursuit')]);
    setFate(e, fill(e, 5));
    setRev9(e, 0, REV9_HUNT);
    e.hunt(0);
    expect(asked).toBe(0);
    expect(e.handCount(0)).toBe(1);
  });
});

describe('rulebook: Multiple Rev-9s in Play (Fully Operational splits)', () => {
  it('destroying the staggered Fully Operational splits it; win only when no Rev-9 is in the fate deck or on the hunt', () => {
    const e = engine({ rev9: 'fully-operational' });
    clear(e);
    expect(e.rev9Count()).toBe(3);
    expect(e.rev9Where(1)).toBe(REV9_OUT);
    setRev9(e, 0, REV9_HUNT, CARDS.rev9[V('fully-operational')].stagger);
    setZone(e, 'hand', 0, [inst(e, 'EMP', 0), inst(e, 'EMP', 1), inst(e, 'Truck Ram', 0)]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.rev9Where(0)).toBe(REV9_DESTROYED);
    expect([e.rev9Where(1), e.rev9Where(2)]).toEqual([REV9_HUNT, REV9_HUNT]);
    expect(e.outcome).toBe(OUTCOME_NONE);
    // The Liquid Exoskeleton (slot 2) needs a special finisher; the Truck Ram only destroys the Endoskeleton.
    setRev9(e, 1, REV9_HUNT, 30);
    setRev9(e, 2, REV9_HUNT, 12);
    e.doAction(0, ACTION_PLAY, 1, 0); // Truck Ram
    expect(e.rev9Where(1)).toBe(REV9_DESTROYED);
    expect(e.rev9Where(2)).toBe(REV9_HUNT);
    expect(e.outcome).toBe(OUTCOME_NONE);
    e.doAction(0, ACTION_PLAY, 0, 0); // EMP
    expect(e.rev9Where(2)).toBe(REV9_DESTROYED);
    expect(e.outcome).toBe(OUTCOME_WIN);
  });
  it('each Rev-9 on the hunt hunts; one drawn during the hunt joins but does not hunt this turn', () => {
    let order = 0;
    const e = engine({ rev9: 'fully-operational', policy: scripted((v, d) => (d === DECISION.HUNT_ORDER ? (order++, 0) : 0)) });
    clear(e);
    setRev9(e, 0, REV9_DESTROYED);
    setRev9(e, 1, REV9_HUNT); // Endoskeleton, hunt 3
    setRev9(e, 2, REV9_FATE);
    setFate(e, [e.rev9Base + 2, ...fill(e, 8)]);
    e.huntPhase(0);
    expect(order).toBe(0); // only one hunter: no order to choose
    expect(e.rev9Where(2)).toBe(REV9_HUNT);
    expect(e.fateCount()).toBe(9 - 3);
    e.huntPhase(0);
    expect(order).toBe(1); // both hunt now
  });
  it('a Rev-9 a hostile reveals during the hunt (Surveillance) joins it without hunting, and the trace says so', () => {
    const e = engine({ rev9: 'fully-operational' });
    clear(e);
    const lines: string[] = [];
    e.trace = (l) => lines.push(l);
    setRev9(e, 0, REV9_DESTROYED);
    setRev9(e, 1, REV9_HUNT);
    setRev9(e, 2, REV9_FATE);
    setReserve(e, [inst(e, 'Surveillance')]);
    setFate(e, [e.rev9Base + 2, ...fill(e, 8)]);
    e.huntPhase(0);
    expect(e.rev9Where(2)).toBe(REV9_HUNT);
    expect(lines.filter((l) => l.includes('Liquid Exoskeleton is revealed'))).toEqual(['    Rev-9 Liquid Exoskeleton is revealed: it is on the hunt (it does not hunt this turn)']);
    expect(lines.some((l) => l.includes('Liquid Exoskeleton hunts'))).toBe(false);
  });
  it('a hunt activates the reserve hostiles (one an activated card adds included), then draws; a hostile a drawn card adds waits', () => {
    // rulebook: Hunt Phase — hostiles in the reserve first, "if there are no hostile cards remaining in the reserve", draw.
    const e = engine({ rev9: 'endoskeleton' }); // hunt value 3
    clear(e);
    setRev9(e, 0, REV9_HUNT);
    setReserve(e, [inst(e, 'Surveillance')]);
    setFate(e, [inst(e, 'Regeneration'), ...fill(e, 8)]);
    e.huntPhase(0);
    // Surveillance (1) adds Regeneration to the reserve, which is activated (2), then one draw (3).
    expect(e.reserveCount()).toBe(0);
    // 9 cards + Surveillance from the reserve (both hostiles end at the bottom) − one Pistol destroyed.
    expect(e.fateCount()).toBe(9 + 1 - 1);
    const f = engine({ rev9: 'endoskeleton' });
    clear(f);
    setRev9(f, 0, REV9_HUNT);
    setFate(f, [inst(f, 'Surveillance'), inst(f, 'Regeneration'), ...fill(f, 8)]);
    f.huntPhase(0);
    // Drawn Surveillance (1) adds Regeneration to the reserve; the hunt draws on (2, 3) and leaves it there.
    expect(f.reserveCount()).toBe(1);
    expect(CARDS.names[f.reserveCard(0)]).toBe('Regeneration');
    expect(f.fateCount()).toBe(10 - 1 - 1 - 2 + 1); // Surveillance back at the bottom, two Pistols destroyed
  });
  /**
   * The Fully Operational Rev-9 after its split: Rev-9 1 (Endoskeleton) and Rev-9 2 (Liquid
   * Exoskeleton) on the hunt with these damages, 8 fillers on the fate deck, an empty reserve;
   * plays the hunt phase and returns the trace.
   */
  function splitHunt(policy: DarkFatePolicy, damage1: number, damage2: number, rules: Partial<DarkFateRules> = {}) {
    const e = engine({ rev9: 'fully-operational', rules, policy });
    clear(e);
    setRev9(e, 0, REV9_DESTROYED);
    setRev9(e, 1, REV9_HUNT, damage1);
    setRev9(e, 2, REV9_HUNT, damage2);
    setFate(e, fill(e, 8));
    const lines: string[] = [];
    e.trace = (line) => lines.push(line);
    e.huntPhase(0);
    const hunts = lines.filter((l) => / hunts \(hunt value \d+\)/.test(l)).length;
    return { e, lines, hunts };
  }
  const fleeYes = scripted((v, d) => (d === DECISION.FLEE ? 1 : 0));
  it('"you may flee multiple Rev-9s": the player picks which damaged ones flee, every one first', () => {
    let offered: number[] = [];
    const { e } = splitHunt(
      scripted((v, d, o, n) => {
        if (d === DECISION.FLEE_WHICH) offered = Array.from(o.slice(0, n));
        return d === DECISION.FLEE ? 1 : 0;
      }),
      3,
      2,
    );
    expect(offered).toEqual([0b110, 0b010, 0b100]); // both, Rev-9 1 alone, Rev-9 2 alone
    expect([e.rev9Where(1), e.rev9Where(2)]).toEqual([REV9_FATE, REV9_FATE]);
    expect(e.fateCount()).toBe(10);
  });
  it('a damaged Rev-9 left out of the flee keeps its damage and hunts', () => {
    const onlyRev9Two = (o: Int32Array, n: number) => Array.from(o.slice(0, n)).indexOf(0b100);
    const { e, lines, hunts } = splitHunt(scripted((v, d, o, n) => (d === DECISION.FLEE ? 1 : d === DECISION.FLEE_WHICH ? onlyRev9Two(o, n) : 0)), 3, 2);
    expect([e.rev9Where(1), e.rev9Damage(1)]).toEqual([REV9_HUNT, 3]);
    expect(lines).toContain('  the players flee: 2 damage removed, the Rev-9 is shuffled into the top 3 cards (fled: Rev-9 Liquid Exoskeleton)');
    // Rev-9 1 hunts (3 cards from the top), so it draws the fled Rev-9 2 again: back, undamaged, not hunting.
    expect(hunts).toBe(1);
    expect([e.rev9Where(2), e.rev9Damage(2)]).toEqual([REV9_HUNT, 0]);
  });
  it('the legacy planner flees a healing Rev-9 and keeps the other\'s lasting damage (one plan per Rev-9)', () => {
    // The Endoskeleton at 12 of 30 (lasting progress), the Liquid Exoskeleton at 3 of 12 (heals 6 a turn).
    const { e, lines } = splitHunt(BUILTIN_POLICIES['legacy-planner'](CARDS), 12, 3);
    expect([1, 2].map((k) => CARDS.rev9[e.rev9Version(k)].key)).toEqual(['endoskeleton', 'liquid-exoskeleton']);
    expect(e.flees).toBe(1);
    expect(lines.some((l) => /the players flee: 3 damage removed/.test(l))).toBe(true);
    expect([e.rev9Where(1), e.rev9Damage(1)]).toEqual([REV9_HUNT, 12]);
    expect(e.rev9Damage(2)).toBe(0);
  });
  it('after a flee, an undamaged Rev-9 on the hunt still hunts (it cannot flee)', () => {
    let which = 0;
    const { e, lines, hunts } = splitHunt(scripted((v, d) => (d === DECISION.FLEE_WHICH ? (which++, 0) : d === DECISION.FLEE ? 1 : 0)), 3, 0);
    expect(which).toBe(0); // one damaged Rev-9: nothing to choose
    const fled = lines.findIndex((l) => /the players flee: 3 damage removed/.test(l));
    const hunted = lines.findIndex((l) => / hunts \(hunt value \d+\)/.test(l));
    expect(fled).toBeGreaterThanOrEqual(0);
    expect(hunted).toBeGreaterThan(fled); // the undamaged Rev-9 hunts after the damaged one fled
    // The fled one, drawn again by that hunt, joins the hunt but does not hunt this turn.
    expect(hunts, lines.join('\n')).toBe(1);
    expect(e.rev9Damage(1)).toBe(0);
  });
  it('with fleeEndsHunt, a flee ends the hunt phase: the undamaged Rev-9 does not hunt that turn', () => {
    // rulebook: Flee; Multiple Rev-9s in Play — "... place them back on top of the fate deck. End the hunt phase."
    const { e, lines, hunts } = splitHunt(fleeYes, 3, 0, { fleeEndsHunt: true });
    expect(lines.some((l) => /the players flee: 3 damage removed/.test(l))).toBe(true);
    expect(hunts, lines.join('\n')).toBe(0);
    // Nothing was drawn by a hunt: the fled one is in the fate deck (8 fillers + it), the undamaged one still on the hunt.
    expect([e.rev9Where(1), e.rev9Where(2)]).toEqual([REV9_FATE, REV9_HUNT]);
    expect(e.fateCount()).toBe(9);
    expect(e.rev9Damage(1)).toBe(0);
  });
  it('the Liquid Exoskeleton heals at the end of each turn', () => {
    const e = engine({ rev9: 'liquid-exoskeleton' });
    clear(e);
    setRev9(e, 0, REV9_HUNT, 10);
    setFate(e, fill(e, 8));
    setZone(e, 'draw', 0, Array.from({ length: 5 }, (_, i) => inst(e, 'Prep', i)));
    e.policy = scripted((v, d) => (d === DECISION.FLEE ? 0 : 0));
    e.playTurn();
    expect(e.rev9Damage(0)).toBe(10 - CARDS.rev9[V('liquid-exoskeleton')].regen);
  });
});

describe('rulebook: wounds and dying', () => {
  it('three wound cards in a hand at any time: everyone loses', () => {
    const e = engine();
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Wound', 0), inst(e, 'Wound', 1)]);
    setZone(e, 'draw', 0, [inst(e, 'Wound', 2)]);
    e.drawOne(0);
    expect(e.outcome).toBe(OUTCOME_THREE_WOUNDS);
  });
  it('a wound from an empty wound deck: everyone loses', () => {
    const e = engine();
    clear(e);
    setWoundsLeft(e, 1);
    e.wound(1);
    expect(e.outcome).toBe(OUTCOME_NONE);
    expect(e.discardCount(1)).toBe(1);
    e.wound(1);
    expect(e.outcome).toBe(OUTCOME_EMPTY_WOUND_DECK);
  });
  it('heal destroys a wound from hand first, then the discard pile', () => {
    const e = engine();
    clear(e);
    const w = inst(e, 'Wound');
    setZone(e, 'hand', 0, [inst(e, 'First Aid'), w]);
    setZone(e, 'draw', 0, [inst(e, 'Prep')]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.woundsInHand(0)).toBe(0);
    expect(e.destroyed[e.destroyedN - 1]).toBe(w);
  });
  it('Go On Without Me!: a death does not end the game; wounds of the dead go left; all dead loses', () => {
    const e = engine({ players: 3, setup: { goOnWithoutMe: true } });
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Wound', 0), inst(e, 'Wound', 1)]);
    setZone(e, 'draw', 0, [inst(e, 'Wound', 2)]);
    e.drawOne(0);
    expect(e.outcome).toBe(OUTCOME_NONE);
    expect(e.alive(0)).toBe(false);
    e.wound(0);
    expect(e.discardCount(1)).toBe(1);
    setWoundsLeft(e, 0);
    e.wound(1);
    expect(e.outcome).toBe(OUTCOME_NONE);
    e.wound(2);
    expect(e.outcome).toBe(OUTCOME_EMPTY_WOUND_DECK);
  });
  it('Go On Without Me!: a player who dies during their own play phase stops there (no more text, plays or draws)', () => {
    const decisionsWhileDead: number[] = [];
    // Plays the first playable card, else ends; notes any play-phase decision asked of a dead player.
    const policy = scripted((v, d, o, n) => {
      if (d !== DECISION.ACTION) return 0;
      if (!v.alive(v.current)) decisionsWhileDead.push(v.turn);
      for (let i = 0; i < n; i++) if (o[i] >>> 16 === ACTION_PLAY) return i;
      return 0;
    });
    const e = engine({ players: 3, setup: { goOnWithoutMe: true }, policy });
    clear(e);
    setZone(e, 'hand', 0, [inst(e, 'Recon'), inst(e, 'Wound', 0), inst(e, 'Wound', 1), inst(e, 'Pistol', 11)]);
    // Recon draws two: the top card (last listed) is the third wound.
    setZone(e, 'draw', 0, [inst(e, 'Supply Run'), inst(e, 'Wound', 2)]);
    setRev9(e, 0, REV9_FATE);
    setFate(e, fill(e, 8));
    e.playTurn();
    expect(e.outcome).toBe(OUTCOME_NONE);
    expect(e.alive(0)).toBe(false);
    expect(decisionsWhileDead).toEqual([]);
    // Recon's second draw never happens, the Pistol is not played, the hand stays and nothing is drawn.
    expect(handTypes(e, 0)).toEqual(['Wound', 'Wound', 'Pistol', 'Wound']);
    expect(e.drawCount(0)).toBe(1);
    expect(Array.from({ length: e.discardCount(0) }, (_, i) => CARDS.names[e.discardCard(0, i)])).toEqual(['Recon']);
    expect(e.fight + e.supply).toBe(0);
    // The turn goes on: the reserve phase still refills (the dead still reserve and hunt).
    expect(e.reserveCount()).toBe(5);
  });
  /** Three players with Go On Without Me!, empty zones, the Rev-9 on the hunt and a reserve whose Regeneration reads "wound each player"; the rest of the hunt draws Pistols (destroyed), so it activates once. */
  function woundEachHunt(): DarkFateEngine {
    const text = readFileSync(referenceCardsFile(), 'utf8');
    const cards = compileCards(parseCardData(text.replace('activate: [{ rev9Heal: 3 }]', 'activate: [{ woundEach: 1 }]'), 'custom.yaml'));
    const e = new DarkFateEngine(cards, RULES, { players: 3, characters: [0, 1, 2], solo: false, rev9: 1, goOnWithoutMe: true, neuralNet: false }, scripted());
    e.reset(streamFor(1, 0));
    for (let p = 0; p < 3; p++) for (const z of ['hand', 'draw', 'discard', 'skills'] as const) setZone(e, z, p, []);
    setRev9(e, 0, REV9_HUNT);
    setReserve(e, [instanceOf(e, cards.names.indexOf('Regeneration'))]);
    setFate(e, Array.from({ length: 5 }, (_, i) => instanceOf(e, cards.names.indexOf('Pistol'), i)));
    return e;
  }
  it('Go On Without Me!: "wound each player" gives a dead player\'s wound to the player to the left', () => {
    const e = woundEachHunt();
    e.dead[1] = 1;
    e.aliveN = 2;
    e.hunt(0);
    // Players 1 and 3 take their own; player 2's goes to player 3 (the player to the left).
    expect([0, 1, 2].map((p) => e.discardCount(p))).toEqual([1, 0, 2]);
    expect(e.woundsTaken).toBe(3);
  });
  it('Go On Without Me!: a dead player is not among "any player": a gained card is offered to the living only', () => {
    const offered: number[][] = [];
    const e = engine({ players: 3, setup: { goOnWithoutMe: true }, policy: scripted((v, d, o, n) => (d === DECISION.GAIN_RECIPIENT ? (offered.push(Array.from(o.slice(0, n))), 0) : 0)) });
    clear(e);
    e.dead[1] = 1;
    e.aliveN = 2;
    setReserve(e, [inst(e, 'Shotgun')]);
    e.supply = 5;
    e.doAction(0, ACTION_BUY, 0, 0);
    expect(offered).toEqual([[0, 2]]);
    expect(e.discardCount(1)).toBe(0);
  });
  it('Go On Without Me!: a dead player lends no leadership card and plays no defense', () => {
    let defenseAsked = 0;
    const e = engine({ players: 3, setup: { goOnWithoutMe: true }, policy: scripted((v, d) => (d === DECISION.DEFENSE ? (defenseAsked++, 0) : 0)) });
    clear(e);
    e.dead[1] = 1;
    e.aliveN = 2;
    setZone(e, 'hand', 1, [inst(e, 'Rally'), inst(e, 'Body Armor')]);
    setZone(e, 'hand', 2, [inst(e, 'Rally', 1)]);
    // The living player 3's leadership card is offered; the dead player 2's is not.
    expect(legal(e, 0)).toContain(encodeAction(ACTION_LEAD, 2, 0));
    expect(legal(e, 0)).not.toContain(encodeAction(ACTION_LEAD, 1, 0));
    setRev9(e, 0, REV9_HUNT);
    setReserve(e, [inst(e, 'Attack')]);
    setFate(e, [inst(e, 'Cash'), inst(e, 'Cash', 1), inst(e, 'Cash', 2)]);
    e.hunt(0);
    // The attack wounds the current player: the dead player's Body Armor is never offered.
    expect(defenseAsked).toBe(0);
    expect(e.woundsTaken).toBe(1);
    expect(handTypes(e, 1)).toEqual(['Rally', 'Body Armor']);
  });
  it('"wound each player" wounds the players in the order of the set-up\'s characters, not from the current player (the report\'s reading)', () => {
    const e = woundEachHunt();
    e.current = 2;
    // Two Wounds left for three players: seats 0 and 1 take them; seat 2, the current player, is wounded with none left
    // and dies (with Go On Without Me! the game goes on: the order decides who dies).
    setWoundsLeft(e, 2);
    e.hunt(0);
    expect([0, 1, 2].map((p) => e.discardCount(p))).toEqual([1, 1, 0]);
    expect([0, 1, 2].map((p) => e.alive(p))).toEqual([true, true, false]);
    expect(e.outcome).toBe(OUTCOME_NONE);
  });
  it('Go On Without Me!: a dead player skips the play phase but still reserves and hunts', () => {
    let actions = 0;
    const e = engine({ players: 2, setup: { goOnWithoutMe: true }, policy: scripted((v, d) => (d === DECISION.ACTION ? (actions++, 0) : 0)) });
    clear(e);
    e.dead[0] = 1;
    e.aliveN = 1;
    setRev9(e, 0, REV9_FATE);
    setFate(e, fill(e, 8));
    e.playTurn();
    expect(actions).toBe(0);
    expect(e.reserveCount()).toBe(5);
  });
});

describe('rulebook: Optional Rules', () => {
  it('solo mode: two characters, an 11-card deck, a character chosen each turn', () => {
    let chosen = 0;
    const e = engine({ players: 1, setup: { solo: true, characters: [2, 3] }, policy: scripted((v, d) => (d === DECISION.CHARACTER ? (chosen++, 1) : 0)) });
    expect(e.handCount(0) + e.drawCount(0)).toBe(11);
    e.playTurn();
    expect(chosen).toBe(1);
    expect(e.character(0)).toBe(3);
  });
  it('Neural Net Processor: hostiles form the Rev-9 deck; the Rev-9 player adds one to the reserve each reserve phase', () => {
    const e = engine({ setup: { neuralNet: true } });
    for (let d = 0; d < e.fateCount(); d++) if (!e.isRev9(e.fateAt(d))) expect(CARDS.kw[e.instType[e.fateAt(d)]] & KW.HOSTILE).toBe(0);
    expect(e.nnHandCount()).toBe(5);
    const before = e.reserveCount();
    setRev9(e, 0, REV9_HUNT);
    e.reservePhase(0);
    expect(e.nnHandCount()).toBe(5);
    let hostiles = 0;
    for (let j = 0; j < e.reserveCount(); j++) if (CARDS.kw[e.reserveCard(j)] & KW.HOSTILE) hostiles++;
    expect(hostiles).toBe(1);
    expect(e.reserveCount()).toBeGreaterThan(before);
    expect(checkConservation(e)).toBeNull();
  });
  it('regression: setRev9 moves the Rev-9 card, so a hand-built position keeps every card in one zone', () => {
    // The Neural Net test above put a Rev-9 "on the hunt" while its card stayed in the fate deck;
    // it passed only while the random stream happened to put the Rev-9 on top (drawn at once).
    for (const seed of [1, 2, 3, 4, 5]) {
      const e = engine({ seed, setup: { neuralNet: seed % 2 === 1 } });
      const others = Array.from({ length: e.fateCount() }, (_, d) => e.fateAt(d)).filter((x) => !e.isRev9(x));
      setRev9(e, 0, REV9_HUNT, 4);
      expect(checkConservation(e)).toBeNull();
      expect(Array.from({ length: e.fateCount() }, (_, d) => e.fateAt(d))).toEqual(others);
      e.reservePhase(0);
      expect(checkConservation(e)).toBeNull();
      setRev9(e, 0, REV9_FATE);
      expect(e.fateAt(0)).toBe(e.rev9Base);
      expect(checkConservation(e)).toBeNull();
      setRev9(e, 0, REV9_DESTROYED);
      expect(checkConservation(e)).toBeNull();
    }
  });
  it('the turn cap stops a game as its own outcome, never a loss', () => {
    const e = engine({ rules: { maxTurns: 3 } });
    expect(e.playGame(streamFor(1, 0))).toBe(OUTCOME_TURN_CAP);
    expect(e.turn).toBe(3);
  });
});

describe('effect primitives (card text)', () => {
  it('destroySelf: a Grenade is destroyed after it is played', () => {
    const e = engine();
    clear(e);
    const g = inst(e, 'Grenade');
    setZone(e, 'hand', 0, [g]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.destroyed[e.destroyedN - 1]).toBe(g);
    expect(e.fight).toBe(CARDS.fight[T('Grenade')]);
  });
  it('destroyFromHand: Scrounge may destroy a card from hand (or none)', () => {
    const e = engine({ policy: scripted((v, d, o, n, none) => (d === DECISION.DESTROY_FROM_HAND ? 1 : 0)) });
    clear(e);
    const setback = inst(e, 'Setback');
    setZone(e, 'hand', 0, [inst(e, 'Scrounge'), inst(e, 'Prep'), setback]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.destroyed[e.destroyedN - 1]).toBe(setback);
    expect(handTypes(e, 0)).toEqual(['Prep']);
    const f = engine({ policy: scripted((v, d, o, n, none) => (d === DECISION.DESTROY_FROM_HAND && none ? -1 : 0)) });
    clear(f);
    setZone(f, 'hand', 0, [inst(f, 'Scrounge'), inst(f, 'Prep')]);
    const before = f.destroyedN;
    f.doAction(0, ACTION_PLAY, 0, 0);
    expect(f.destroyedN).toBe(before);
  });
  it('rev9Heal: Regeneration removes damage from each Rev-9 on the hunt', () => {
    const e = engine();
    clear(e);
    setRev9(e, 0, REV9_HUNT, 10);
    setReserve(e, [inst(e, 'Regeneration')]);
    setFate(e, fill(e, 5));
    e.hunt(0);
    expect(e.rev9Damage(0)).toBe(7);
  });
  it('a Rev-9 drawn by a card effect goes on the hunt (assumption), never into the reserve', () => {
    const e = engine();
    clear(e);
    setRev9(e, 0, REV9_FATE);
    setZone(e, 'hand', 0, [inst(e, 'Gamble')]);
    setFate(e, [e.rev9Base, ...fill(e, 3)]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.rev9Where(0)).toBe(REV9_HUNT);
    expect(e.reserveCount()).toBe(0);
  });
  it('gainFree and woundEach (vocabulary not used by the reference set) work from a transcription', () => {
    const text = readFileSync(referenceCardsFile(), 'utf8');
    const doc = parseCardData(
      text
        .replace('{ name: Recon, count: 4, cost: 4, keywords: [action], effects: [{ draw: 2 }] }', '{ name: Recon, count: 4, cost: 4, keywords: [action], effects: [{ gainFree: 4 }] }')
        .replace('activate: [{ rev9Heal: 3 }]', 'activate: [{ woundEach: 1 }]'),
      'custom.yaml',
    );
    const cards = compileCards(doc);
    const e = new DarkFateEngine(cards, RULES, { players: 2, characters: [0, 1], solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false }, scripted((v, d, o, n) => (d === DECISION.GAIN_RECIPIENT ? n - 1 : 0)));
    e.reset(streamFor(1, 0));
    for (let p = 0; p < 2; p++) for (const z of ['hand', 'draw', 'discard', 'skills'] as const) setZone(e, z, p, []);
    const id = (name: string, nth = 0) => instanceOf(e, cards.names.indexOf(name), nth);
    setZone(e, 'hand', 0, [id('Recon')]);
    setReserve(e, [id('Minigun'), id('Assault Rifle')]); // Minigun and Assault Rifle cost more than 4: nothing to gain
    setFate(e, Array.from({ length: 5 }, (_, i) => id('Pistol', i)));
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.reserveCount()).toBe(2);
    setZone(e, 'hand', 0, [id('Recon', 1)]);
    setReserve(e, [id('Pistol', 6)]);
    e.doAction(0, ACTION_PLAY, 0, 0);
    expect(e.reserveCount()).toBe(0);
    expect(cards.names[e.discardCard(1, 0)]).toBe('Pistol'); // the recipient chosen: player 2
    setRev9(e, 0, REV9_HUNT);
    setReserve(e, [id('Regeneration')]);
    e.hunt(0);
    expect(e.woundsTaken).toBe(2);
  });
});

describe('user policy modules see what players see', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  /** Writes `code` as a module in a fresh temporary folder (removed after these tests); returns its path. */
  const moduleFile = (name: string, code: string): string => {
    const dir = tempDir('sim-df-policy-');
    dirs.push(dir);
    const file = join(dir, name);
    writeFileSync(file, code);
    return file;
  };
  const moduleParams = (policyPath: string, setup: Partial<DarkFateSetup> = {}) => ({
    cards: DOC,
    rules: RULES,
    setup: { players: 2, characters: [0, 1], solo: false, rev9: V('endoskeleton'), goOnWithoutMe: false, neuralNet: false, ...setup },
    policy: 'planner',
    policyPath,
  });

  it('the view has the DarkFateView members only, the Rev-9 hand only in its own decision; options and cards are copies; rng only draws', async () => {
    // Records what it can reach, then tries to rewrite the engine's option list (a BUY of slot 9).
    const file = moduleFile(
      'peek.mjs',
      `export default function createPolicy(cards) {
        const seen = (globalThis.__peek = { hidden: [], nnOutside: 0, nnInside: 0, decisions: 0 });
        return {
          name: 'peek',
          choose(rng, view, decision, options, n) {
            seen.decisions++;
            seen.keys ??= Object.keys(view).sort();
            seen.factoryCardsShown = cards === view.cards;
            for (const k of ['fateAt', 'fate', 'drawPile', 'nnHand', 'nnDeck', 'hand', 'reserve', 'opts', 'playGame', 'policy', 'rng']) if (view[k] !== undefined) seen.hidden.push(k);
            if (view.nnHandCount() > 0) {
              try { view.nnHandCard(0); decision === 13 ? seen.nnInside++ : seen.nnOutside++; } catch { if (decision === 13) seen.nnInside = -1e9; }
            }
            // Rewriting the rules through the card table, or copying the random stream, must not reach the engine.
            view.cards.fight.fill(50);
            view.cards.cost.fill(0);
            try { rng.clone(); } catch { seen.cloneRefused = true; }
            try { rng.getState(); } catch { seen.stateRefused = true; }
            seen.draws = typeof rng.next() === 'number';
            if (decision === 0) { options[0] = (5 << 16) | (9 << 8); return 0; }
            return 0;
          },
        };
      }\n`,
    );
    const engine = await buildEngine(moduleParams(file, { neuralNet: true }));
    for (let g = 0; g < 5; g++) engine.playGame(streamFor(3, g));
    const seen = (globalThis as any).__peek;
    expect(seen.decisions).toBeGreaterThan(100);
    expect(seen.hidden).toEqual([]);
    expect(seen.keys).toEqual([...DARKFATE_VIEW_MEMBERS.properties, ...DARKFATE_VIEW_MEMBERS.methods].sort());
    expect(seen.factoryCardsShown).toBe(true);
    expect(seen.nnOutside).toBe(0);
    expect(seen.nnInside).toBeGreaterThan(0);
    expect([seen.cloneRefused, seen.stateRefused, seen.draws]).toEqual([true, true, true]);
    expect(Math.max(...engine.cards.fight)).toBeLessThan(50);
    expect(Math.max(...engine.cards.cost)).toBeGreaterThan(0);
    // Answer 0 to every play-phase decision is END whatever the module wrote: no card was ever
    // gained, so the players hold their 20 starters and the wounds they took (none healed or rested).
    const held = [0, 1].reduce((sum, p) => sum + engine.discardCount(p) + engine.drawCount(p) + engine.handCount(p) + engine.skillCount(p), 0);
    expect(held).toBe(20 + engine.woundsTaken);
  });

  it("a factory's base is the default built-in policy: a module that delegates every decision plays the planner's games", async () => {
    const file = moduleFile(
      'delegate.mjs',
      `export default function createPolicy(cards, base) {
        const seen = (globalThis.__delegate = { base: base.name, calls: 0 });
        return { name: 'delegate', choose(rng, view, decision, options, n, allowNone) { seen.calls++; return base.choose(rng, view, decision, options, n, allowNone); } };
      }\n`,
    );
    const setup = { rev9: V('fully-operational'), players: 3, characters: [0, 1, 2], neuralNet: true };
    const viaModule = await buildEngine(moduleParams(file, setup));
    const planner = new DarkFateEngine(CARDS, RULES, { ...moduleParams(file, setup).setup }, BUILTIN_POLICIES.planner(CARDS));
    const fingerprint = (e: DarkFateEngine) => [e.outcome, e.turn, e.staggers, e.flees, e.woundsTaken, e.rev9Destroyed, e.fateN, e.reserveN];
    for (let g = 0; g < 12; g++) {
      viaModule.playGame(streamFor(4, g));
      planner.playGame(streamFor(4, g));
      expect(fingerprint(viaModule), `game ${g}`).toEqual(fingerprint(planner));
    }
    expect((globalThis as any).__delegate.base).toBe('planner');
    expect((globalThis as any).__delegate.calls).toBeGreaterThan(500);
  });

  it('a module answers some decisions itself and delegates the rest: its answers change the game', async () => {
    // Always draws the extra reserve card (the planner never does).
    const file = moduleFile(
      'extra.mjs',
      `export default (cards, base) => ({ name: 'extra', choose: (rng, view, d, o, n, a) => (d === 5 ? 1 : base.choose(rng, view, d, o, n, a)) });\n`,
    );
    const viaModule = await buildEngine(moduleParams(file));
    const planner = new DarkFateEngine(CARDS, RULES, moduleParams(file).setup, BUILTIN_POLICIES.planner(CARDS));
    let fateDiffers = 0;
    for (let g = 0; g < 6; g++) {
      viaModule.playGame(streamFor(4, g));
      planner.playGame(streamFor(4, g));
      if (viaModule.fateN !== planner.fateN || viaModule.turn !== planner.turn) fateDiffers++;
    }
    expect(fateDiffers).toBeGreaterThan(0);
  });

  it('an answer out of contract from a module is named with the module and the decision', async () => {
    const file = moduleFile('bad.mjs', `export default { name: 'bad', choose: (rng, view, d, o, n) => (d === 0 ? n : 0) };\n`);
    const e = await buildEngine(moduleParams(file));
    expect(() => e.playGame(streamFor(1, 0))).toThrow(/^policy bad: decision ACTION \(0\) returned (\d+), expected an index in \[0, \1\)$/);
  });
});

describe('built-in policies: the names a run checks against, and the factories loaded when named', () => {
  it('policyNames lists exactly the registry, the default first, and buildEngine plays each name', async () => {
    expect([...BUILTIN_POLICY_NAMES]).toEqual(Object.keys(BUILTIN_POLICIES));
    expect(DEFAULT_POLICY).toBe('planner');
    const cards = loadCardData(referenceCardsFile());
    const setup = { players: 2, characters: [0, 1], solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false };
    for (const policy of ['planner', 'greedy', 'random']) {
      const e = await buildEngine({ cards, rules: RULES, setup, policy });
      const sync = buildEngineSync({ cards, rules: RULES, setup, policy });
      expect(e.policy.constructor).toBe(sync.policy.constructor);
    }
  });
});

describe('the policy-gap line (scenarios/darkfate/policy-gap.yaml: a ladder top rung per configuration)', () => {
  const key = { rev9: 'endoskeleton', players: 2, solo: false, characters: 'sarah,grace', reference: true };
  const entry = (extra: Record<string, unknown>) => `  - rev9: endoskeleton\n    players: 2\n    solo: false\n    characters: sarah,grace\n    games: 400\n    seed: 1\n    planner: 0.8375\n    search: 0.875\n    difference: 0.0375\n    lo: 0.0091\n    hi: 0.0671\n    pValue: 0.0135\n    command: sim policies darkfate --ladder\n${Object.entries(extra).map(([k, v]) => `    ${k}: ${v}\n`).join('')}`;
  it('names the budget of the rung it quotes, in points; an entry without a budget is never printed', () => {
    const dir = tempDir('sim-gap-');
    try {
      const file = join(dir, 'policy-gap.yaml');
      writeFileSync(file, `measured:\n${entry({ budget: 128 })}`);
      const [e] = gapEntries(file);
      expect(policyGapLine(key, [e])).toContain('planner 83.8%, the search at 128 rollouts (the highest budget its ladder measured) 87.5%, search − planner +3.8 pp [+0.9, +6.7], p 0.013: a floor');
      expect(policyGapShort(key, [e])).toBe('the search policy at 128 rollouts wins 3.8 pp more [+0.9, +6.7]: the printed rate is at least that far below strong play');
      expect(policyGapLine({ ...key, reference: false }, [e])).toMatch(/not measured for this configuration/);
      // Not significant: no floor is claimed.
      expect(policyGapLine(key, [{ ...e, difference: 0.0025, lo: -0.027, hi: 0.032, pValue: 1 }])).toMatch(/p 1\.000: no significant gap at this budget/);
      writeFileSync(file, `measured:\n${entry({})}${entry({ budget: 0 }).replace('endoskeleton', 'damaged-endo')}`);
      expect(gapEntries(file)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('every entry of the shipped file is read (none dropped by a malformed field)', () => {
    const text = readFileSync('scenarios/darkfate/policy-gap.yaml', 'utf8');
    expect(gapEntries().length).toBe(text.match(/^  - rev9:/gm)!.length);
    expect(gapEntries().length).toBeGreaterThanOrEqual(4);
  });
});

describe('card tables: compiled once per thread and document', () => {
  it('a copy of a document (a worker gets one) reuses the table; another document gets its own', () => {
    const doc = loadCardData(referenceCardsFile());
    const table = compiledCards(doc);
    expect(compiledCards(structuredClone(doc))).toBe(table);
    expect(buildEngineSync({ cards: structuredClone(doc), rules: RULES, setup: { players: 2, characters: [0, 1], solo: false, rev9: 1, goOnWithoutMe: false, neuralNet: false }, policy: 'greedy' }).cards).toBe(table);
    const other = { ...doc, fate: doc.fate.map((c) => (c.name === 'Cash' ? { ...c, count: (c.count ?? 1) + 1 } : c)) };
    const otherTable = compiledCards(other);
    expect(otherTable).not.toBe(table);
    expect(otherTable.fateTotal).toBe(table.fateTotal + 1);
    expect(compiledCards(doc)).toBe(table);
  });
});

describe('a policy answer out of contract', () => {
  const failing = (answer: unknown) => engine({ policy: scripted(() => answer as number) });
  it('names the decision and shows a non-number as JSON with its type ("0" is not the index 0)', () => {
    expect(() => failing('0').playGame(streamFor(1, 0))).toThrow('policy scripted: decision ACTION (0) returned "0" (type string), expected an index in [0, ');
    expect(() => failing(undefined).playGame(streamFor(1, 0))).toThrow('policy scripted: decision ACTION (0) returned undefined (type undefined), expected');
    expect(() => failing({ i: 1 }).playGame(streamFor(1, 0))).toThrow('decision ACTION (0) returned {"i":1} (type object)');
    expect(() => failing(99).playGame(streamFor(1, 0))).toThrow(/^policy scripted: decision ACTION \(0\) returned 99, expected an index in \[0, \d+\)$/);
    // A "none" answer where none is not allowed: the decision is named, and -1 is not offered.
    const e = engine({ policy: scripted((v, d) => (d === DECISION.GAIN_RECIPIENT ? -1 : 0)) });
    clear(e);
    setReserve(e, [inst(e, 'Cash')]);
    e.supply = 3;
    expect(() => e.doAction(0, ACTION_BUY, 0, 0)).toThrow(/^policy scripted: decision GAIN_RECIPIENT \(4\) returned -1, expected an index in \[0, 2\)$/);
  });
});

describe('built-in policies keep finishers for a Rev-9 still to beat', () => {
  const greedy = () => BUILTIN_POLICIES.greedy(CARDS);
  it('a discard cost discards something else than a finisher while a Rev-9 it can destroy is to beat', () => {
    // The Endoskeleton on the hunt, undamaged: the Truck Ram (fight 1, a finisher) is held. p1 plays
    // Assault Rifle (discard 1) and pays with Pistol (worth more than the Truck Ram by fight alone).
    const lines: string[] = [];
    const f = engine({ policy: greedy() });
    clear(f);
    setRev9(f, 0, REV9_HUNT);
    f.trace = (l) => lines.push(l);
    setZone(f, 'hand', 0, [inst(f, 'Assault Rifle'), inst(f, 'Truck Ram'), inst(f, 'Pistol')]);
    setFate(f, fill(f, 8, 1));
    f.playPhase(0);
    expect(lines).toContain('  p1 plays Assault Rifle (+5 fight)');
    expect(lines).toContain('    p1 discards Pistol');
    expect(lines).not.toContain('    p1 discards Truck Ram');
  });
  it('a single-use finisher (Thermite Charge) is not spent on its fight while a Rev-9 it can destroy is to beat', () => {
    const play = (rev9Destroyed: boolean) => {
      const e = engine({ rev9: 'liquid-exoskeleton', policy: greedy() });
      clear(e);
      if (rev9Destroyed) setRev9(e, 0, REV9_DESTROYED);
      setZone(e, 'hand', 0, [inst(e, 'Thermite Charge'), inst(e, 'Prep')]);
      setFate(e, fill(e, 8));
      e.playPhase(0);
      return e.destroyedN;
    };
    // The Liquid Exoskeleton in the fate deck: kept (not destroyed by its own text).
    expect(play(false)).toBe(0);
    // No Rev-9 left to beat: played for its 2 fight, and it destroys itself.
    expect(play(true)).toBe(1);
  });
});
