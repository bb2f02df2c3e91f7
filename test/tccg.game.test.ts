// Level 3 of issue 17: whole Termination Scenario games. Each rule and each named reading is a
// test on a hand-built state (an inline card set, characters put on a hand-built board, one
// round played with scripted answers and scripted die rolls); then the mode as a whole
// (determinism, policies, user modules).
import { rmSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultsOf } from '../src/core/params.js';
import type { Policy } from '../src/core/policy.js';
import { streamFor, type Rng } from '../src/core/rng.js';
import { UsageError } from '../src/core/usageError.js';
import { K_STEALTH, parseCardData, S_SKYNET, type CardTable } from '../src/games/tccg/cardData.js';
import { builtinPolicy } from '../src/games/tccg/gameBots.js';
import {
  ATTACK_DECOY,
  D_ATTACK,
  D_DECOY,
  D_DRONE_ENTRY,
  D_ESCORT,
  D_EVENT,
  D_MOVE,
  D_PLACE_END,
  D_PLACE_INTERIOR,
  D_POOL_RESIST,
  D_PRODUCE,
  D_SEARCH,
  EC_ATTACK,
  EC_DEFEND,
} from '../src/games/tccg/gameDecisions.js';
import { MAX_DECOYS, RD_COMBAT, RD_DRAW, RD_MOVEMENT, RD_READY, RD_SEARCH, TccgGame, WIN_IMPORTANCE, WIN_MAIN, WIN_MISSIONS, Z_DISCARD, Z_ELIMINATED, Z_HAND, Z_PLAY, Z_PROTECTED, Z_REMOVED, type GameSimParams } from '../src/games/tccg/gameEngine.js';
import { checkGameState } from '../src/games/tccg/conformance.js';
import { GAME_PARAMS } from '../src/games/tccg/gameMode.js';
import { rulesOf, type GameRules } from '../src/games/tccg/gameRules.js';
import { createGame } from '../src/games/tccg/gameSim.js';
import type { PlayerView } from '../src/games/tccg/gameView.js';
import { game } from '../src/games/tccg/index.js';
import { tccgSettings } from './helpers/tccgSimulate.js';
import { tempDir } from './helpers/tempDir.js';

const CARDS = `
version: 1
cards:
  - {name: Main Street, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Pawn Shop, type: location, side: neutral, location: exterior, eras: [past], features: [Guns]}
  - {name: Alamo Sport Shop, type: location, side: neutral, location: exterior, eras: [past], features: [Guns]}
  - {name: Police Station, type: location, side: neutral, location: exterior, eras: [past], features: [Police]}
  - {name: Street, type: location, side: neutral, location: exterior, eras: [past], features: [Residential]}
  - {name: Lane, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Factory, type: location, side: neutral, location: exterior, eras: [past], keywords: [Factory]}
  - {name: Cellar, type: location, side: neutral, location: interior, eras: [past]}
  - {name: L1, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: L2, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: L3, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: L4, type: location, side: neutral, location: exterior, eras: [past]}
  - {name: Leader, type: mainCharacter, side: resistance, keywords: [Leader], speed: 3, power: 4}
  - {name: Fighter, type: mainCharacter, side: resistance, speed: 3, power: 3}
  - {name: Sneak, type: mainCharacter, side: resistance, keywords: [Stealth], decoys: 2, speed: 3, power: 3}
  - {name: Infiltrator, type: mainCharacter, side: skynet, keywords: [Terminator, Infiltrator], cost: 8, speed: 4, power: 8, infiltration: 2}
  - {name: Endo, type: mainCharacter, side: skynet, keywords: [Terminator], cost: 6, speed: 3, power: 6}
  - {name: HK, type: mainCharacter, side: skynet, keywords: [Hunter-Killer], cost: 8, speed: 3, power: 8}
  - {name: Light HK, type: mainCharacter, side: skynet, keywords: [Hunter-Killer], cost: 4, speed: 3, power: 4}
  - {name: Drone, type: mainCharacter, side: skynet, keywords: [Drone], cost: 3, speed: 1, power: 2, production: 2}
  - {name: Shadow, type: mainCharacter, side: skynet, keywords: [Stealth], decoys: 1, cost: 4, speed: 3, power: 3}
  - {name: Long Gun, type: item, side: neutral, item: weapon, damage: 5, range: long, features: [Guns]}
  - {name: Short Gun, type: item, side: neutral, item: weapon, damage: 7, range: short, features: [Guns]}
  - {name: Knife, type: item, side: neutral, item: weapon, melee: 2}
  - {name: Vest, type: item, side: neutral, item: armor, keywords: [Body Armor], armor: 2, features: [Police]}
  - {name: Vest 2, type: item, side: neutral, item: armor, keywords: [Body Armor], armor: 3, features: [Police]}
  - {name: Aim Chip, type: item, side: skynet, item: gear, keywords: [Implant], cost: 2, hit: 1}
  - {name: Plating, type: item, side: skynet, item: armor, keywords: [Implant], cost: 3, armor: 2}
  - {name: Civ A, type: supportingCharacter, side: neutral, speed: 2, power: 1, importance: 4, features: [Residential]}
  - {name: Civ B, type: supportingCharacter, side: neutral, speed: 2, power: 1, importance: 3, features: [Residential]}
  - {name: Civ C, type: supportingCharacter, side: neutral, speed: 2, power: 1, importance: 3}
  - {name: Civ D, type: supportingCharacter, side: neutral, speed: 2, power: 1, importance: 2}
  - {name: Civ E, type: supportingCharacter, side: neutral, speed: 2, power: 1, importance: 2, features: [Guns]}
  - {name: Aim, type: event, side: resistance, poolCost: 1, effect: hit, amount: 1}
  - {name: Aim Again, type: event, side: resistance, poolCost: 1, effect: hit, amount: 1}
  - {name: Punch, type: event, side: resistance, poolCost: 1, effect: damage, amount: 2}
  - {name: Cover, type: event, side: resistance, poolCost: 1, effect: resist, amount: 2}
  - {name: Mend, type: event, side: resistance, poolCost: 1, effect: heal, amount: 2}
  - {name: Cache, type: event, side: resistance, poolCost: 0, effect: pool, amount: 2}
  - {name: Lock On, type: event, side: skynet, poolCost: 1, effect: hit, amount: 1}
  - {name: Plate Up, type: event, side: skynet, poolCost: 1, effect: resist, amount: 3}
  - {name: Overdrive, type: event, side: skynet, poolCost: 1, effect: damage, amount: 2}
  - {name: Reach Police, type: mission, side: resistance, mission: reach, place: Police Station, missionPoints: 3}
  - {name: Reach Police 2, type: mission, side: resistance, mission: reach, place: Police Station, missionPoints: 4}
  - {name: Found It, type: mission, side: resistance, mission: find, missionPoints: 10}
`;
const table: CardTable = parseCardData(CARDS, 'game-test-cards.yaml');
const cid = (name: string) => {
  const i = table.cards.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(name);
  return i;
};
const ids = (...names: string[]) => names.map(cid);
const LOCS = ids('Main Street', 'Police Station', 'Street', 'Lane', 'Factory', 'Cellar', 'L1', 'L2', 'L3');

function simParams(rules: Partial<GameRules> = {}, draw?: [string[], string[]], start?: [string[], string[]]): GameSimParams {
  return {
    table,
    draw: draw ? [ids(...draw[0]), ids(...draw[1])] : [
      ids('Long Gun', 'Short Gun', 'Knife', 'Vest', 'Vest 2', 'Civ A', 'Civ B', 'Civ C', 'Civ D', 'Civ A', 'Civ A', 'Aim', 'Aim Again', 'Punch', 'Cover', 'Mend', 'Cache', 'Reach Police', 'Reach Police 2', 'Found It'),
      ids('Endo', 'HK', 'Drone', 'Shadow', 'Aim Chip', 'Plating', 'Long Gun', 'Civ B', 'Lock On', 'Overdrive'),
    ],
    locations: [LOCS, LOCS],
    start: start ? [ids(...start[0]), ids(...start[1])] : [ids('Leader', 'Fighter', 'Sneak'), ids('Infiltrator')],
    startLocation: [cid('Pawn Shop'), cid('Alamo Sport Shop')],
    mainStreet: cid('Main Street'),
    police: cid('Police Station'),
    band: 2,
    // No location play unless a test asks: hand-built boards stay as built.
    rules: { ...rulesOf(defaultsOf(GAME_PARAMS)), locationsPerTurn: 0, ...rules },
    policies: ['random', 'random'],
    maxTurns: 30,
  };
}

type Answer = (decision: number, options: number[], view: PlayerView, allowNone: boolean) => number;
/** The default scripted answers: stay, attack the first target, play nothing, find nothing. */
const passive: Answer = (decision, options, view, allowNone) => {
  if (decision === D_MOVE) return options.indexOf(view.nodeOf(view.deciding) * 2 + (view.isHidden(view.deciding) ? 1 : 0));
  if (decision === D_ATTACK) return 0;
  if (decision === D_PLACE_END) return 1;
  if (decision === D_PLACE_INTERIOR || decision === D_DECOY || decision === D_ESCORT || decision === D_POOL_RESIST) return 0;
  return allowNone ? -1 : 0;
};
const scripted = (answer: Answer, log?: { decision: number; options: number[]; deciding: number }[]): Policy<PlayerView> => ({
  name: 'scripted',
  choose(_rng, view, decision, options, n, allowNone) {
    const opts = Array.from(options.subarray(0, n));
    log?.push({ decision, options: opts, deciding: view.deciding });
    return answer(decision, opts, view, allowNone);
  },
});

/** Die rolls in order (each next() gives the next roll of a d6 through randIndex). */
function dice(...rolls: number[]): Rng {
  let i = 0;
  const next = () => {
    if (i >= rolls.length) throw new Error('no scripted roll left');
    return (Math.floor(((rolls[i++] - 1) * 2 ** 32) / 6) + 7) | 0;
  };
  return { next, clone: () => dice(...rolls.slice(i)), getState: () => [], jump: () => dice() } as unknown as Rng;
}

interface Setup {
  g: TccgGame;
  /** First instance of card `name` of `side` (searched among every zone). */
  inst(name: string, side: number, nth?: number): number;
}

async function setup(rules: Partial<GameRules> = {}, answers: [Answer, Answer] = [passive, passive], draw?: [string[], string[]], start?: [string[], string[]]): Promise<Setup> {
  const g = await createGame(simParams(rules, draw, start));
  g.policies[0] = scripted(answers[0]) as never;
  g.policies[1] = scripted(answers[1]) as never;
  g.reset(streamFor(1, 0));
  g.startTurn(5);
  const inst = (name: string, side: number, nth = 0) => {
    let k = 0;
    for (let i = 0; i < g.nInst; i++) if (g.instCard[i] === cid(name) && g.instSide[i] === side && k++ === nth) return i;
    throw new Error(`${name} of side ${side}`);
  };
  return { g, inst };
}

/** Joins the two start locations through a shared exterior: Pawn Shop (0) – Street – Alamo Sport Shop (1). Returns Street's place. */
function bridge(g: TccgGame, name = 'Street'): number {
  g.board.placeExterior(0, cid(name), true);
  return g.board.placeExterior(1, cid(name), true);
}

describe('tccg game: set-up and rounds', () => {
  it('set-up (digest §スタートカード, §開始準備): start characters on their start locations, implants on the Terminator, hands 0, pools 3', async () => {
    const { g, inst } = await setup({}, [passive, passive], undefined, [['Leader', 'Fighter', 'Sneak'], ['Infiltrator', 'Aim Chip', 'Plating']]);
    expect([g.node[inst('Leader', 0)], g.node[inst('Fighter', 0)], g.node[inst('Sneak', 0)], g.node[inst('Infiltrator', 1)]]).toEqual([0, 0, 0, 1]);
    // The start copy comes after the draw deck's copy (instances: draw decks, then start cards).
    expect(g.carrier[inst('Aim Chip', 1, 1)]).toBe(inst('Infiltrator', 1));
    expect(g.zone[inst('Aim Chip', 1, 0)]).toBe(0);
    expect(g.armorOf(inst('Infiltrator', 1))).toBe(2);
    expect(g.hitBonusOf(inst('Infiltrator', 1))).toBe(1);
    expect([g.handN[0], g.handN[1], g.pool[0], g.pool[1]]).toEqual([0, 0, 3, 3]);
    // Main Street is the last location card of both decks.
    expect(g.locDeck[0][8]).toBe(cid('Main Street'));
  });

  it('round order readings: avp Ready → Movement → Draw → Combat → Search; drawFirst; combatLast', async () => {
    for (const [order, seq] of [['avp', [RD_READY, RD_MOVEMENT, RD_DRAW, RD_COMBAT, RD_SEARCH]], ['drawFirst', [RD_READY, RD_DRAW, RD_MOVEMENT, RD_COMBAT, RD_SEARCH]], ['combatLast', [RD_READY, RD_MOVEMENT, RD_DRAW, RD_SEARCH, RD_COMBAT]]] as const) {
      const g = await createGame({ ...simParams({ roundOrder: order }), maxTurns: 1 });
      const rounds: number[] = [];
      g.onStep = (_x, r) => rounds.push(r);
      g.reset(streamFor(2, 0));
      g.play();
      expect(rounds, order).toEqual(seq);
    }
  });

  // rulebook: summary corrections (同一ターン内で全員が処理を行う) — both sides act in one turn, the Resistance first (reading turnOrder)
  it('turnOrder byRound: each round both sides (both draw in the Draw round); bySide: the Resistance plays its five rounds, then Skynet its five', async () => {
    for (const order of ['byRound', 'bySide'] as const) {
      const g = await createGame({ ...simParams({ turnOrder: order }), maxTurns: 1 });
      const steps: string[] = [];
      g.onStep = (x, r) => steps.push(`${r}:${x.handN[0]}/${x.handN[1]}`);
      g.reset(streamFor(2, 0));
      g.play();
      // Rounds avp: Ready 0, Movement 1, Draw 2, Combat 3, Search 4 (hands after each; a find may take one card out).
      const rounds = steps.map((x) => Number(x.split(':')[0]));
      const afterDraw = steps.filter((x) => x.startsWith('2:'));
      if (order === 'byRound') {
        expect(rounds).toEqual([0, 1, 2, 3, 4]);
        expect(afterDraw).toEqual(['2:6/5']);
      } else {
        expect(rounds).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
        // The Resistance's Draw round fills its hand only; Skynet's comes after the Resistance's Search round.
        expect(afterDraw[0]).toBe('2:6/0');
        expect(steps[4].endsWith('/0')).toBe(true);
        expect(afterDraw[1].endsWith('/5')).toBe(true);
      }
    }
  });

  it('the opening band decides who acts (digest §全体の基本進行): band 0-6, the Resistance draws nothing in turns 1-2', async () => {
    const g = await createGame({ ...simParams(), band: 0, maxTurns: 3 });
    const hands: number[][] = [];
    g.onStep = (x, r) => {
      if (r === RD_DRAW) hands.push([x.turn, x.handN[0], x.handN[1]]);
    };
    g.reset(streamFor(2, 0));
    g.play();
    expect(hands[0]).toEqual([1, 0, 5]);
    expect(hands[1][1]).toBe(0);
    expect(hands[2][1]).toBeGreaterThan(0);
  });

  // rulebook: digest §開始時基本設定, §基本構成細則 — refill to the limit (Resistance 5 + 1 per Leader), no discard; deck-out reshuffles the discard, limit −1
  it('draw: Resistance refills to 6 with its Leader, 5 without; a deck-out reshuffle lowers the limit by 1', async () => {
    const { g, inst } = await setup();
    g.playRound(RD_DRAW);
    expect([g.handN[0], g.handN[1]]).toEqual([6, 5]);
    // Leader gone: limit 5. Empty the deck into the discard pile: the next draw reshuffles it and the limit drops to 4.
    const leader = inst('Leader', 0);
    (g as unknown as { removeCharacter(c: number, to: number): void }).removeCharacter(leader, Z_REMOVED);
    expect(g.handLimitOf(0)).toBe(5);
    while (g.handN[0] > 2) {
      const card = g.hand[0][--g.handN[0]];
      g.zone[card] = Z_DISCARD;
      g.discard[0][g.discardN[0]++] = card;
    }
    while (g.deckN[0] > 0) {
      const card = g.deck[0][--g.deckN[0]];
      g.zone[card] = Z_DISCARD;
      g.discard[0][g.discardN[0]++] = card;
    }
    g.drawTo(0);
    expect(g.reshuffles[0]).toBe(1);
    expect(g.handLimitOf(0)).toBe(4);
    expect(g.handN[0]).toBe(4);
  });
});

describe('tccg game: movement (digest §キャラクターの移動について)', () => {
  it('movement points = current Speed; each step 1; the options are the places in reach', async () => {
    const log: { decision: number; options: number[]; deciding: number }[] = [];
    const { g, inst } = await setup();
    const street = bridge(g);
    const lane = g.board.placeExterior(1, cid('Lane'), true);
    g.policies[1] = scripted(passive, log) as never;
    g.playRound(RD_MOVEMENT);
    const t = inst('Infiltrator', 1);
    const moves = log.filter((x) => x.decision === D_MOVE && x.deciding === t)[0].options.map((o) => o >> 1);
    // Speed 4 from Alamo (1): Alamo, Street, Lane, Pawn Shop (2 steps) — the board holds nothing farther.
    expect(moves.sort()).toEqual([0, 1, street, lane].sort());
    // Damage lowers Speed: 3 damage leaves Speed 1.
    g.dmg[t] = 3;
    expect(g.speedOf(t)).toBe(1);
  });

  // rulebook: digest §敵集団からの脱出 — leaving where the enemy has more characters: +1 per excess enemy main character
  it('outnumbering: the Terminator leaving three Resistance main characters pays +2 per step out', async () => {
    const log: { decision: number; options: number[]; deciding: number }[] = [];
    const { g, inst } = await setup();
    const street = bridge(g);
    const lane = g.board.placeExterior(1, cid('Lane'), true);
    const t = inst('Infiltrator', 1);
    g.node[t] = street;
    for (const n of ['Leader', 'Fighter', 'Sneak']) g.node[inst(n, 0)] = street;
    g.policies[1] = scripted(passive, log) as never;
    g.playRound(RD_MOVEMENT);
    const opts = log.filter((x) => x.decision === D_MOVE && x.deciding === t)[0].options.map((o) => o >> 1);
    // Leaving Street costs 1 + (3 − 1) = 3: Alamo (3) and Lane (3) are in reach with Speed 4, Pawn Shop (3) too; nothing two steps out.
    expect(opts.sort()).toEqual([0, 1, street, lane].sort());
    g.dmg[t] = 2; // Speed 2: leaving costs 3, so it cannot move at all
    log.length = 0;
    g.playRound(RD_MOVEMENT);
    expect(log.filter((x) => x.decision === D_MOVE && x.deciding === t)[0].options).toEqual([street * 2]);
  });

  // rulebook: digest §敵集団からの脱出 — the excess read three ways (reading outnumbering)
  it('outnumbering mainDiff / mainOnly / surplusMain: the cost for the Terminator to leave Street in two constructed situations', async () => {
    const costs: Record<string, number[]> = {};
    for (const rule of ['mainDiff', 'mainOnly', 'surplusMain'] as const) {
      costs[rule] = [];
      for (const situation of ['A', 'B']) {
        let cost = -1;
        const { g, inst } = await setup({ outnumbering: rule });
        const street = bridge(g);
        const lane = g.board.placeExterior(1, cid('Lane'), true);
        g.policies[1] = scripted((d, o, v, a) => {
          if (d === D_MOVE && v.cardOf(v.deciding) === cid('Infiltrator')) cost = v.moveCost(lane, false);
          return passive(d, o, v, a);
        }) as never;
        const t = inst('Infiltrator', 1);
        g.node[t] = street;
        if (situation === 'A') {
          // The Leader and two civilians it commands against the Terminator alone: 3 characters to 1, one main character each.
          g.node[inst('Leader', 0)] = street;
          g.putInPlay(inst('Civ C', 0), street);
          g.putInPlay(inst('Civ D', 0), street);
          expect([g.commander[inst('Civ C', 0)], g.commander[inst('Civ D', 0)]]).toEqual([0, 0]);
        } else {
          // Two civilians commanded by the disguised Terminator, then the Leader and the Fighter arrive: 2 characters to 3, but 2 main characters to 1.
          g.putInPlay(inst('Civ C', 0), street);
          g.putInPlay(inst('Civ D', 0), street);
          g.node[inst('Leader', 0)] = street;
          g.node[inst('Fighter', 0)] = street;
          g.updateCommand();
          expect([g.commander[inst('Civ C', 0)], g.commander[inst('Civ D', 0)]]).toEqual([1, 1]);
        }
        g.playRound(RD_MOVEMENT);
        costs[rule].push(cost);
      }
    }
    // A: mainDiff 1 − 1 = 0 extra; mainOnly compares main characters only: 0; surplusMain: surplus 2, at most 1 main: +1.
    // B: the enemy has fewer characters, so mainDiff and surplusMain add nothing; mainOnly: 2 − 1 = +1.
    expect(costs).toEqual({ mainDiff: [1, 1], mainOnly: [1, 2], surplusMain: [2, 1] });
  });

  // rulebook: digest §スタートカード (the start is a separate space) against §ロケーション (a drawn copy is removed): reading startDuplicate
  it('startDuplicate removed: the Resistance drawing Pawn Shop removes it; placed: it becomes another place, not the start', async () => {
    for (const rule of ['removed', 'placed'] as const) {
      const g = await createGame({ ...simParams({ startDuplicate: rule, locationsPerTurn: 1 }), locations: [ids('Main Street', 'Pawn Shop', 'Street', 'Lane', 'Factory', 'Cellar', 'L1', 'L2', 'L3'), LOCS] });
      g.policies[0] = scripted(passive) as never;
      g.policies[1] = scripted(passive) as never;
      g.reset(streamFor(1, 0));
      g.startTurn(5);
      // Pawn Shop to the top of the Resistance's location deck.
      const d = g.locDeck[0];
      const at = d.indexOf(cid('Pawn Shop'));
      [d[0], d[at]] = [d[at], d[0]];
      const before = g.board.nNodes;
      g.playRound(RD_MOVEMENT);
      checkGameState(g, rule);
      const shops = [];
      for (let n = 0; n < g.board.nNodes; n++) if (g.board.nodeCard[n] === cid('Pawn Shop')) shops.push(g.board.nodeStart[n]);
      if (rule === 'removed') {
        expect([g.locRemoved[0], shops]).toEqual([1, [1]]);
      } else {
        expect([g.locRemoved[0], shops]).toEqual([0, [1, 0]]);
      }
      // Skynet's top card is placed either way (the board grows by one or two places).
      expect(g.board.nNodes - before).toBe(rule === 'removed' ? 1 : 2);
    }
  });

  // rulebook: digest §ハンターキラー — Hunter-Killers cannot enter interiors
  it('Hunter-Killers never get an interior as a move', async () => {
    const log: { decision: number; options: number[]; deciding: number }[] = [];
    const { g, inst } = await setup();
    const cellar = g.board.placeInterior(1, cid('Cellar'), 1);
    const hk = inst('HK', 1);
    g.putInPlay(hk, 1);
    g.policies[1] = scripted(passive, log) as never;
    g.playRound(RD_MOVEMENT);
    const hkMoves = log.filter((x) => x.decision === D_MOVE && x.deciding === hk)[0].options.map((o) => o >> 1);
    const tMoves = log.filter((x) => x.decision === D_MOVE && x.deciding === inst('Infiltrator', 1))[0].options.map((o) => o >> 1);
    expect(hkMoves).not.toContain(cellar);
    expect(tMoves).toContain(cellar);
  });

  // rulebook: digest §隠密移動 — decoys: one real and N dummies, +1 defence, merged where they meet, attacking reveals
  it('hidden movement: the Stealth character moves with its decoys; the other side sees only candidate places', async () => {
    let dummies = 0;
    const { g, inst } = await setup({}, [
      (d, options, view, allowNone) => {
        const sneak = view.deciding;
        if (d === D_MOVE && view.cardOf(sneak) === cid('Sneak')) return options.indexOf(2 * 2 + 1); // hidden, to Street
        if (d === D_DECOY) return options.indexOf(dummies++ === 0 ? 3 : 0); // one dummy to Lane, one stays
        return passive(d, options, view, allowNone);
      },
      passive,
    ]);
    const street = bridge(g);
    expect(street).toBe(2);
    g.board.placeExterior(0, cid('Lane'), false); // Lane left of Pawn Shop: place 3
    g.playRound(RD_MOVEMENT);
    const sneak = inst('Sneak', 0);
    expect(g.hidden[sneak]).toBe(1);
    expect(g.node[sneak]).toBe(street);
    // Two dummies moved to Lane and stayed at Pawn Shop: candidates Pawn Shop, Street, Lane.
    const skynetView = g.views[1] as PlayerView;
    expect(skynetView.nodeOf(sneak)).toBe(-1);
    expect(skynetView.candidates(sneak)).toBe((1 << 0) | (1 << street) | (1 << 3));
    expect((g.views[0] as PlayerView).nodeOf(sneak)).toBe(street);
    // +1 defence: a roll of 4 misses Speed 3 + 1 under gt... and the Terminator's attack on the dummy at Pawn Shop removes it.
    const t = inst('Infiltrator', 1);
    g.node[t] = 0;
    g.rng = dice(6);
    g.policies[1] = scripted((d, options, view, allowNone) => (d === D_ATTACK ? options.indexOf(ATTACK_DECOY | (sneak << 5) | 0) : passive(d, options, view, allowNone))) as never;
    g.playRound(RD_COMBAT);
    expect(g.candidates(sneak)).toBe((1 << street) | (1 << 3));
    expect(g.dmg[sneak]).toBe(0);
  });
});

describe('tccg game: combat readings', () => {
  /** Terminator (Speed 4, Power 8) and Fighter (Speed 3, Power 3) on one place; the Terminator attacks. */
  async function duel(rules: Partial<GameRules>, rolls: number[], opts: { fighterGun?: string; answersR?: Answer } = {}) {
    const s = await setup(rules, [opts.answersR ?? passive, passive]);
    const { g, inst } = s;
    const street = bridge(g);
    const t = inst('Infiltrator', 1);
    const f = inst('Fighter', 0);
    g.node[t] = street;
    g.node[f] = street;
    g.node[inst('Leader', 0)] = 0;
    g.node[inst('Sneak', 0)] = 0;
    if (opts.fighterGun) g.putInPlay(inst(opts.fighterGun, 0), street, f);
    g.rng = dice(...rolls);
    return { ...s, t, f, street };
  }

  it('hitRule gt: a roll equal to the target\'s Speed misses; ge: it hits (close: Power 8 against Power 3)', async () => {
    const gt = await duel({ hitRule: 'gt', poolSpend: 'events' }, [3]);
    // Only the Terminator attacks the Fighter (the Resistance may not attack a disguised Infiltrator that has not attacked).
    gt.g.playRound(RD_COMBAT);
    expect(gt.g.dmg[gt.f]).toBe(0);
    const ge = await duel({ hitRule: 'ge', poolSpend: 'events' }, [3]);
    ge.g.playRound(RD_COMBAT);
    expect(ge.g.zone[ge.f]).toBe(Z_REMOVED); // 8 − 3 = 5 damage ≥ Power 3: defeated, out of the game
  });

  it('damage subtract: Power + melee − (Power + armor); allOrNothing: all of it once it reaches the resistance, else none', async () => {
    // The Leader (Power 4) with a Vest (2): resistance 6. The Terminator, Power 8: subtract → 2 damage; allOrNothing → 8 (defeated).
    for (const [rule, expectDmg] of [['subtract', 2], ['allOrNothing', -1]] as const) {
      const { g, inst } = await setup({ damage: rule, poolSpend: 'events' });
      const street = bridge(g);
      const t = inst('Infiltrator', 1);
      const l = inst('Leader', 0);
      g.node[t] = street;
      g.node[l] = street;
      g.putInPlay(inst('Vest', 0), street, l);
      g.rng = dice(6);
      g.playRound(RD_COMBAT);
      if (expectDmg < 0) expect(g.zone[l], rule).toBe(Z_REMOVED);
      else expect(g.dmg[l], rule).toBe(expectDmg);
    }
  });

  it('one Body Armor counts (the best), other armor adds', async () => {
    const { g, inst } = await setup();
    const l = inst('Leader', 0);
    g.putInPlay(inst('Vest', 0), 0, l);
    g.putInPlay(inst('Vest 2', 0), 0, l);
    expect(g.armorOf(l)).toBe(3);
  });

  it('ranges adjacent: a long gun reaches the next place, a short one does not; sameLocation: neither', async () => {
    for (const [ranges, gun, hits] of [['adjacent', 'Long Gun', true], ['adjacent', 'Short Gun', false], ['sameLocation', 'Long Gun', false]] as const) {
      const log: { decision: number; options: number[]; deciding: number }[] = [];
      const { g, inst } = await setup({ ranges, reveal: 'onAttack' });
      const street = bridge(g);
      const t = inst('Infiltrator', 1);
      // A revealed Terminator at Street, the Fighter with a gun at Pawn Shop (adjacent).
      g.revealed[t] = 1;
      g.node[t] = street;
      const f = inst('Fighter', 0);
      g.putInPlay(inst(gun, 0), 0, f);
      g.policies[0] = scripted(passive, log) as never;
      g.rng = dice(6, 1, 1, 1, 1, 1);
      g.playRound(RD_COMBAT);
      const offered = log.some((x) => x.decision === D_ATTACK && x.deciding === f && x.options.includes(t));
      expect(offered, `${ranges} ${gun}`).toBe(hits);
    }
  });

  // rulebook: summary corrections — ranged attacks resolve before close combat
  it('ranged before close: the Fighter\'s shotgun defeats a Drone before the Drone\'s close attack', async () => {
    const { g, inst } = await setup({ poolSpend: 'events' });
    const street = bridge(g);
    const d = inst('Drone', 1);
    g.putInPlay(d, street);
    const f = inst('Fighter', 0);
    g.node[f] = street;
    g.putInPlay(inst('Short Gun', 0), street, f);
    g.rng = dice(6);
    g.playRound(RD_COMBAT);
    // 7 damage against Power 2: the Drone is defeated (to Skynet's discard pile) and never attacks.
    expect(g.zone[d]).toBe(Z_DISCARD);
    expect(g.dmg[f]).toBe(0);
  });

  it('poolSpend resist: the defender buys +1 resistance per 2 pool (events: never offered)', async () => {
    const log: { decision: number; options: number[]; deciding: number }[] = [];
    const save: Answer = (d, options, view, allowNone) => (d === D_POOL_RESIST ? options.length - 1 : passive(d, options, view, allowNone));
    const resist = await duel({ poolSpend: 'resist', poolPerResist: 2 }, [6], { answersR: save });
    resist.g.pool[0] = 5; // buys at most 2
    resist.g.playRound(RD_COMBAT);
    // 8 − (3 + 2) = 3 damage: Power 3 → defeated anyway; with 7 pool it buys 3: 8 − 6 = 2, survives.
    expect(resist.g.pool[0]).toBe(1);
    expect(resist.g.zone[resist.f]).toBe(Z_REMOVED);
    const more = await duel({ poolSpend: 'resist', poolPerResist: 2 }, [6], { answersR: save });
    more.g.pool[0] = 7;
    more.g.playRound(RD_COMBAT);
    expect(more.g.dmg[more.f]).toBe(2);
    const events = await duel({ poolSpend: 'events' }, [6], {
      answersR: (d, o, v, a) => {
        log.push({ decision: d, options: o, deciding: v.deciding });
        return passive(d, o, v, a);
      },
    });
    events.g.pool[0] = 7;
    events.g.playRound(RD_COMBAT);
    expect(log.some((x) => x.decision === D_POOL_RESIST)).toBe(false);
  });

  // rulebook: digest §イベント — same-kind effects do not stack; costs from the combat pool
  it('events: one effect of each kind per attack, paid from the combat pool', async () => {
    const offered: number[][] = [];
    const { g, inst } = await setup({ reveal: 'onAttack', poolSpend: 'events' }, [
      (d, options, view, allowNone) => {
        if (d === D_EVENT && view.eventContext === EC_ATTACK) {
          offered.push(options.map((o) => view.handCard(o)));
          return 0;
        }
        return passive(d, options, view, allowNone);
      },
      passive,
    ]);
    const street = bridge(g);
    const t = inst('Infiltrator', 1);
    g.revealed[t] = 1;
    g.node[t] = street;
    const f = inst('Fighter', 0);
    g.node[f] = street;
    for (const e of ['Aim', 'Aim Again', 'Punch']) g.putInHand(inst(e, 0));
    g.rng = dice(6, 1);
    g.playRound(RD_COMBAT);
    // First offer: Aim, Aim Again, Punch; after Aim: Punch only (the other hit event is the same kind); then nothing.
    expect(offered.map((o) => o.map((c) => table.cards[c].name))).toEqual([['Aim', 'Aim Again', 'Punch'], ['Punch']]);
    expect(g.pool[0]).toBe(1);
    expect(g.zone[inst('Aim Again', 0)]).toBe(Z_HAND);
  });

  // rulebook: digest §レジスタンス — no attacks on a disguised Infiltrator unless it attacked them; none on humans
  it('the Resistance may not attack a disguised Infiltrator (until it attacks: reveal infZero) nor supporting characters', async () => {
    const { g, inst } = await setup({ reveal: 'infZero' });
    const t = inst('Infiltrator', 1);
    const f = inst('Fighter', 0);
    const civ = inst('Civ C', 0);
    g.putInPlay(civ, 0);
    expect(g.mayAttack(f, t)).toBe(false);
    expect(g.mayAttack(f, civ)).toBe(false);
    expect(g.mayAttack(t, civ)).toBe(true);
    // It attacks: still disguised (commands), but the Resistance may attack it back.
    g.node[t] = 0;
    g.rng = dice(1);
    g.policies[1] = scripted((d, o, v, a) => (d === D_ATTACK ? o.indexOf(f) : passive(d, o, v, a))) as never;
    g.playRound(RD_COMBAT);
    expect(g.disguised(t)).toBe(true);
    expect(g.mayAttack(f, t)).toBe(true);
  });

  it('reveal onAttack: attacking reveals the Infiltrator (no more commanding); infZero: damage taking INF to 0 does', async () => {
    const on = await setup({ reveal: 'onAttack' });
    const t = on.inst('Infiltrator', 1);
    const f = on.inst('Fighter', 0);
    on.g.node[t] = 0;
    on.g.rng = dice(1);
    on.g.playRound(RD_COMBAT);
    expect(on.g.attacked[t]).toBe(1);
    expect(on.g.disguised(t)).toBe(false);
    expect(on.g.mayAttack(f, t)).toBe(true);
    const inf = await setup({ reveal: 'infZero' });
    const t2 = inf.inst('Infiltrator', 1);
    inf.g.dmg[t2] = 1; // INF 2 − 1 = 1: disguised
    expect(inf.g.disguised(t2)).toBe(true);
    (inf.g as unknown as { applyDamage(s: number, t: number, d: number): void }).applyDamage(0, t2, 1);
    expect(inf.g.revealed[t2]).toBe(1);
    expect(inf.g.disguised(t2)).toBe(false);
  });

  it('hkDefeat powerDamage: damage accumulates to its Power, Speed and Power never drop; singleHit: one big hit only', async () => {
    for (const [rule, defeated] of [['powerDamage', true], ['singleHit', false]] as const) {
      const { g, inst } = await setup({ hkDefeat: rule });
      const hk = inst('HK', 1);
      g.putInPlay(hk, 1);
      const apply = (d: number) => (g as unknown as { applyDamage(s: number, t: number, d: number): void }).applyDamage(0, hk, d);
      apply(4);
      expect([g.speedOf(hk), g.powerOf(hk)], rule).toEqual([3, 8]);
      apply(4);
      expect(g.zone[hk] === Z_DISCARD, rule).toBe(defeated);
      if (!defeated) {
        apply(8);
        expect(g.zone[hk]).toBe(Z_DISCARD);
      }
    }
  });
});

describe('tccg game: supporting characters, protection, search, production', () => {
  it('command humanOrDisguised: a human main character, or a disguised Infiltrator alone; anyMain: any main character', async () => {
    const { g, inst } = await setup({ command: 'humanOrDisguised' });
    const civ = inst('Civ C', 0);
    g.putInPlay(civ, 1); // at Alamo, with the Infiltrator
    expect(g.commander[civ]).toBe(1);
    g.revealed[inst('Infiltrator', 1)] = 1;
    g.updateCommand();
    expect(g.commander[civ]).toBe(-1);
    const endo = inst('Endo', 1);
    g.putInPlay(endo, 1);
    expect(g.commander[civ]).toBe(-1);
    const any = await setup({ command: 'anyMain' });
    const civ2 = any.inst('Civ C', 0);
    any.g.revealed[any.inst('Infiltrator', 1)] = 1;
    any.g.putInPlay(civ2, 1);
    expect(any.g.commander[civ2]).toBe(1);
    // A human main character commands it; a disguised Infiltrator there too: it stays with its commander.
    const both = await setup();
    const civ3 = both.inst('Civ C', 0);
    both.g.putInPlay(civ3, 0);
    expect(both.g.commander[civ3]).toBe(0);
    both.g.node[both.inst('Infiltrator', 1)] = 0;
    both.g.updateCommand();
    expect(both.g.commander[civ3]).toBe(0);
  });

  // rulebook: digest §保護 — at the start of the movement round, a commanded supporting character at the Police Station, no un-hidden enemy there
  it('protection at the Police Station: removed with its items, counted; blocked by a visible enemy, not by a hidden one', async () => {
    const { g, inst } = await setup();
    const police = g.board.placeExterior(0, cid('Police Station'), true);
    const civ = inst('Civ A', 0);
    g.putInPlay(civ, police);
    g.node[inst('Leader', 0)] = police;
    g.updateCommand();
    const shadow = inst('Shadow', 1);
    g.putInPlay(shadow, police);
    g.playRound(RD_MOVEMENT);
    expect(g.zone[civ]).not.toBe(Z_PROTECTED);
    // Hidden, it no longer blocks.
    g.hidden[shadow] = 1;
    g.startTurn(6);
    g.playRound(RD_MOVEMENT);
    expect(g.zone[civ]).toBe(Z_PROTECTED);
    expect(g.nProtected).toBe(1);
    // The victory piles are face up: both views see Civ A's card in the protected pile.
    expect(([0, 1] as const).map((s) => [(g.views[s] as PlayerView).protectedHas(cid('Civ A')), (g.views[s] as PlayerView).protectedHas(cid('Civ B'))])).toEqual([[true, false], [true, false]]);
  });

  it('protection needs the Resistance to command it (an uncommanded civilian at the Police Station stays)', async () => {
    const { g, inst } = await setup();
    const police = g.board.placeExterior(0, cid('Police Station'), true);
    const civ = inst('Civ A', 0);
    g.putInPlay(civ, police);
    g.playRound(RD_MOVEMENT);
    expect(g.zone[civ]).not.toBe(Z_PROTECTED);
  });

  it('different by name: three copies of one supporting character are one; by copy they are three', async () => {
    for (const [rule, wins] of [['name', false], ['copy', true]] as const) {
      const { g, inst } = await setup({ different: rule, victoryImportance: 10 });
      for (let k = 0; k < 3; k++) {
        const civ = inst('Civ A', 0, k);
        g.putInPlay(civ, 0);
        (g as unknown as { removeCharacter(c: number, to: number): void }).removeCharacter(civ, Z_PROTECTED);
        g.protectedPile[g.nProtected++] = civ;
      }
      g.checkVictory();
      expect(g.over, rule).toBe(wins);
      if (wins) expect([g.winner, g.route]).toEqual([0, WIN_IMPORTANCE]);
    }
  });

  it('search: a card found where its features match, the searcher rotates; Infiltrators find human items only if infiltratorHumanItems', async () => {
    const { g, inst } = await setup({}, [(d, o, v, a) => (d === D_SEARCH ? 0 : passive(d, o, v, a)), (d, o, v, a) => (d === D_SEARCH ? 0 : passive(d, o, v, a))]);
    const street = bridge(g);
    const leader = inst('Leader', 0);
    g.node[leader] = street; // Residential
    g.node[inst('Fighter', 0)] = street;
    g.node[inst('Sneak', 0)] = street;
    const civA = inst('Civ A', 0);
    const gun = inst('Long Gun', 0);
    g.putInHand(gun); // Guns only: not findable at Street
    g.putInHand(civA);
    g.putInHand(inst('Found It', 0));
    expect(g.canFind(leader, cid('Long Gun'))).toBe(false);
    expect(g.canFind(leader, cid('Civ A'))).toBe(true);
    expect(g.canFind(leader, cid('Civ C'))).toBe(true); // no features: anywhere
    g.playRound(RD_SEARCH);
    expect(g.node[civA]).toBe(street);
    expect(g.rotated[leader]).toBe(1);
    // The find mission (10 points) scores at once: a mission victory.
    expect([g.over, g.winner, g.route]).toEqual([true, 0, WIN_MISSIONS]);
    const t = inst('Infiltrator', 1);
    expect(g.canFind(t, cid('Long Gun'))).toBe(true); // at Alamo (Guns)
    const no = await setup({ infiltratorHumanItems: false });
    expect(no.g.canFind(no.inst('Infiltrator', 1), cid('Long Gun'))).toBe(false);
  });

  // rulebook: digest §隠密移動 — attacking ends hidden movement; searching is not mentioned (reading hiddenSearch)
  it('hiddenSearch stays: a hidden searcher finds and stays hidden; reveals: finding reveals it; cannot: it does not search while hidden', async () => {
    const out: Record<string, [boolean, number]> = {};
    for (const rule of ['stays', 'reveals', 'cannot'] as const) {
      const { g, inst } = await setup({ hiddenSearch: rule }, [(d, o, v, a) => (d === D_SEARCH ? 0 : passive(d, o, v, a)), passive]);
      const street = bridge(g); // Residential
      const sneak = inst('Sneak', 0);
      g.node[sneak] = street;
      g.hidden[sneak] = 1;
      const civA = inst('Civ A', 0);
      g.putInHand(civA);
      g.playRound(RD_SEARCH);
      out[rule] = [g.node[civA] === street && g.zone[civA] !== Z_HAND, g.hidden[sneak]];
    }
    expect(out).toEqual({ stays: [true, 1], reveals: [true, 0], cannot: [false, 1] });
  });

  // rulebook: digest §スカイネット, §生産 — Drones at a Factory make production points; production puts the card where a Drone is
  it('production: a Drone at a Factory rotates for points; an implant is produced onto a Terminator there; points carry over (productionCarry)', async () => {
    for (const carry of [true, false]) {
      const { g, inst } = await setup({ productionCarry: carry }, [passive, (d, o, v, a) => (d === D_PRODUCE || d === D_DRONE_ENTRY ? 0 : passive(d, o, v, a))]);
      const factory = g.board.placeExterior(1, cid('Factory'), true);
      const drone = inst('Drone', 1);
      g.putInPlay(drone, factory);
      const t = inst('Infiltrator', 1);
      g.node[t] = factory;
      const chip = inst('Aim Chip', 1);
      g.putInHand(chip);
      g.playRound(RD_SEARCH);
      expect(g.rotated[drone]).toBe(1);
      expect(g.carrier[chip]).toBe(t);
      expect(g.production, `carry ${carry}`).toBe(0); // 2 points made, 2 spent
      g.rotated[drone] = 0;
      g.playRound(RD_SEARCH);
      expect(g.production, `carry ${carry}`).toBe(carry ? 2 : 0);
    }
  });

  it('droneEntry free: a Drone from hand enters at a Factory; withTerminator: only where a Skynet main character is', async () => {
    for (const [entry, enters] of [['free', true], ['withTerminator', false]] as const) {
      const { g, inst } = await setup({ droneEntry: entry }, [passive, (d, o, v, a) => (d === D_DRONE_ENTRY ? 0 : passive(d, o, v, a))]);
      const factory = g.board.placeExterior(1, cid('Factory'), true);
      const drone = inst('Drone', 1);
      g.putInHand(drone);
      g.playRound(RD_SEARCH);
      expect(g.node[drone] === factory, entry).toBe(enters);
    }
  });

  it('items of a defeated character stay at the place; a defeated Terminator takes its implants to the discard pile', async () => {
    const { g, inst } = await setup();
    const f = inst('Fighter', 0);
    const gun = inst('Long Gun', 0);
    g.putInPlay(gun, 0, f);
    (g as unknown as { applyDamage(s: number, t: number, d: number): void }).applyDamage(1, f, 5);
    expect([g.zone[f], g.carrier[gun], g.itemNode[gun]]).toEqual([Z_REMOVED, -1, 0]);
    const t = inst('Infiltrator', 1);
    const chip = inst('Aim Chip', 1);
    g.putInPlay(chip, 1, t);
    (g as unknown as { applyDamage(s: number, t: number, d: number): void }).applyDamage(0, t, 8);
    expect([g.zone[t], g.zone[chip]]).toEqual([Z_DISCARD, Z_DISCARD]);
    g.checkVictory();
    // The only Skynet main character is defeated: the Resistance wins by main characters.
    expect([g.over, g.winner, g.route]).toEqual([true, 0, WIN_MAIN]);
  });

  // rulebook: digest §ミッション — one per turn, scored when its condition holds at its timing
  it('missions: one per turn (the best that holds), scored at its timing', async () => {
    const { g, inst } = await setup({}, [(d, o, v, a) => (d === D_MOVE && v.cardOf(v.deciding) === cid('Leader') ? o.indexOf(2 * 2) : passive(d, o, v, a)), passive]);
    const police = g.board.placeExterior(0, cid('Police Station'), true);
    expect(police).toBe(2);
    g.putInHand(inst('Reach Police', 0));
    g.putInHand(inst('Reach Police 2', 0));
    g.playRound(RD_MOVEMENT);
    expect(g.missionPoints[0]).toBe(4);
    g.playRound(RD_MOVEMENT); // the same turn: no second mission
    expect(g.missionPoints[0]).toBe(4);
    g.startTurn(6);
    g.playRound(RD_MOVEMENT);
    expect(g.missionPoints[0]).toBe(7);
  });
});

describe('tccg game: built-in bots (gameBots.ts rules)', () => {
  interface Asked {
    decision: number;
    deciding: number;
    options: number[];
    answer: number;
  }
  /** Built-in bot `name`, recording every decision it answers. */
  const recorded = (name: string, log: Asked[]): Policy<PlayerView> => {
    const bot = builtinPolicy(name)!;
    return {
      name,
      choose(rng, view, decision, options, n, allowNone) {
        const answer = bot.choose(rng, view, decision, options, n, allowNone);
        log.push({ decision, deciding: view.deciding, options: Array.from(options.subarray(0, n)), answer });
        return answer;
      },
    };
  };
  const supportNames = (g: TccgGame) => {
    const out: string[] = [];
    for (let i = 0; i < g.nChars; i++) if (g.isSupport(g.chars[i])) out.push(g.cardName(g.chars[i]));
    return out.sort();
  };

  // Rule "no hopeless attack": an attack that cannot hurt the real target (a decoy's included) is not made.
  it('no hopeless attack: a Drone (Power 2) leaves the decoy of a hidden Power 3 character alone; an Endoskeleton (Power 6) attacks it', async () => {
    const log: Asked[] = [];
    const { g, inst } = await setup();
    const street = bridge(g);
    // The Sneak is really at Pawn Shop (0), hidden, its one dummy decoy at Street.
    const sneak = inst('Sneak', 0);
    g.hidden[sneak] = 1;
    g.decoyN[sneak] = 1;
    g.decoyNode[sneak * MAX_DECOYS] = street;
    const drone = inst('Drone', 1);
    const endo = inst('Endo', 1);
    g.putInPlay(drone, street);
    g.putInPlay(endo, street);
    g.policies[1] = recorded('hunt-support', log) as never;
    g.rng = dice(1, 1, 1);
    g.playRound(RD_COMBAT);
    const decoy = ATTACK_DECOY | (sneak << 5) | street;
    const byDrone = log.filter((x) => x.decision === D_ATTACK && x.deciding === drone);
    const byEndo = log.filter((x) => x.decision === D_ATTACK && x.deciding === endo);
    // Both are offered the decoy at Street; 2 − 3 cannot damage, 6 − 3 can.
    expect(byDrone.map((x) => [x.options, x.answer])).toEqual([[[decoy], -1]]);
    expect(byEndo.map((x) => [x.options, x.answer])).toEqual([[[decoy], 0]]);
  });

  /**
   * The Leader (Power 4, Knife +2: 6 in close combat) and the Light HK (Power 4) at Street, the others away. The
   * Leader's Vest (resistance 6) keeps the Light HK's 4 from hurting it, so only the Leader attacks.
   */
  async function leaderAgainstLightHK(rules: Partial<GameRules>) {
    const s = await setup({ poolSpend: 'events', ...rules }, [passive, passive], [['Knife', 'Vest', 'Cover'], ['Plate Up', 'Lock On']], [['Leader', 'Fighter', 'Sneak'], ['Infiltrator', 'Light HK']]);
    const { g, inst } = s;
    const street = bridge(g);
    const leader = inst('Leader', 0);
    g.node[leader] = street;
    g.node[inst('Fighter', 0)] = 0;
    g.node[inst('Sneak', 0)] = 0;
    g.putInPlay(inst('Knife', 0), street, leader);
    g.putInPlay(inst('Vest', 0), street, leader);
    const hk = inst('Light HK', 1);
    g.node[hk] = street;
    g.node[inst('Infiltrator', 1)] = 1;
    return { ...s, leader, hk };
  }

  // The same rule for a Hunter-Killer under hkDefeat singleHit: a hit below its Power does nothing to it.
  it('no hopeless attack: under hkDefeat singleHit the Leader (Power 4 + Knife: 2 damage) leaves the Light HK (Power 4) alone; under powerDamage it attacks', async () => {
    for (const [hkDefeat, attacks] of [['powerDamage', true], ['singleHit', false]] as const) {
      const log: Asked[] = [];
      const { g, leader, hk } = await leaderAgainstLightHK({ hkDefeat });
      g.policies[0] = recorded('protect', log) as never;
      g.rng = dice(6, 6);
      g.playRound(RD_COMBAT);
      const byLeader = log.filter((x) => x.decision === D_ATTACK && x.deciding === leader);
      expect(byLeader.length, hkDefeat).toBeGreaterThan(0);
      expect(byLeader.some((x) => x.answer >= 0 && x.options[x.answer] === hk), hkDefeat).toBe(attacks);
    }
  });

  // Rule "a new name first": protect finds a civilian whose name is not in play before a second copy of one that is.
  it('a new name first: two searchers at a Residential place with Civ A, Civ A and Civ B in hand find Civ A and Civ B (different by name); by copy, Civ A twice', async () => {
    for (const [different, expected] of [['name', ['Civ A', 'Civ B']], ['copy', ['Civ A', 'Civ A']]] as const) {
      const { g, inst } = await setup({ different });
      const street = bridge(g);
      g.node[inst('Leader', 0)] = street;
      g.node[inst('Fighter', 0)] = street;
      g.putInHand(inst('Civ A', 0, 0));
      g.putInHand(inst('Civ A', 0, 1));
      g.putInHand(inst('Civ B', 0));
      g.policies[0] = builtinPolicy('protect') as never;
      g.playRound(RD_SEARCH);
      expect(supportNames(g), different).toEqual(expected);
    }
  });

  /**
   * The Leader searches alone at the Pawn Shop (Guns) with protect: it carries `weapon`, the others are rotated (they do not
   * search), Skynet's Infiltrator is moved to the far end of its row; `place` adds the rule's own pieces and hand.
   */
  const leaderSearch = async (weapon: string, place: (g: TccgGame, inst: Setup['inst'], leader: number) => void) => {
    const { g, inst } = await setup();
    const leader = inst('Leader', 0);
    g.putInPlay(inst(weapon, 0), g.node[leader], leader);
    for (const name of ['Fighter', 'Sneak']) g.rotated[inst(name, 0)] = 1;
    g.node[inst('Infiltrator', 1)] = g.board.placeExterior(1, cid('Lane'), true);
    place(g, inst, leader);
    g.updateCommand();
    g.policies[0] = builtinPolicy('protect') as never;
    g.playRound(RD_SEARCH);
    return { g, inst, leader };
  };

  // Rule "clear the hand": protect finds an item of no use to the searcher rather than nothing (the hand refills with no discard), unless an item of use lies there to pick up.
  it('clear the hand: the Leader with the Short Gun (7) finds the Long Gun (5), of no use to it, rather than nothing; with a Vest lying at the Pawn Shop it finds nothing and picks the Vest up; a Knife lying there (of no use) or a Vest the Fighter carries there does not stop the find', async () => {
    for (const floor of ['nothing', 'Vest', 'Knife', 'Vest carried'] as const) {
      let gun = -1;
      let item = -1;
      const { g, leader } = await leaderSearch('Short Gun', (g, inst, leader) => {
        gun = inst('Long Gun', 0);
        g.putInHand(gun);
        if (floor !== 'nothing') {
          item = inst(floor === 'Knife' ? 'Knife' : 'Vest', 0);
          g.putInPlay(item, g.node[leader], floor === 'Vest carried' ? inst('Fighter', 0) : -1);
          expect(g.itemNode[item] === g.node[leader] || g.node[g.carrier[item]] === g.node[leader]).toBe(true);
        }
        expect([g.rangedDamageOf(leader, false), g.handN[0]]).toEqual([7, 1]);
      });
      const picks = floor === 'Vest';
      expect(g.zone[gun], floor).toBe(picks ? Z_HAND : Z_PLAY);
      expect(g.carrier[gun], floor).toBe(picks ? -1 : leader);
      if (floor === 'Vest') expect(g.carrier[item]).toBe(leader);
      if (floor === 'Knife') expect(g.carrier[item]).toBe(-1);
      expect(g.rotated[leader]).toBe(1);
    }
  });

  // Rule "clear the hand" for Skynet too: hunt-support's Infiltrator finds a gun of no use to it rather than nothing.
  it('clear the hand: hunt-support\'s Infiltrator carrying a 7-damage gun finds the Long Gun (5) at the Alamo Sport Shop rather than nothing', async () => {
    const { g, inst } = await setup();
    const t = inst('Infiltrator', 1);
    // The Resistance's Short Gun stands in for a better gun of Skynet's own (its test deck has one gun).
    g.putInPlay(inst('Short Gun', 0), g.node[t], t);
    const gun = inst('Long Gun', 1);
    g.putInHand(gun);
    expect([g.canFind(t, cid('Long Gun')), g.rangedDamageOf(t, false)]).toEqual([true, 7]);
    g.policies[1] = builtinPolicy('hunt-support') as never;
    g.playRound(RD_SEARCH);
    expect([g.zone[gun], g.carrier[gun]]).toEqual([Z_PLAY, t]);
  });

  // Rule "no civilian into a fighter's hands": protect does not find a civilian where a Skynet fighter in sight stands that the searcher's hit would not defeat.
  it("no civilian into a fighter's hands: with a healthy Endoskeleton at the Pawn Shop the Leader keeps Civ C in hand; it finds Civ C with the Endoskeleton next door, beaten down to Power 1, or with a Drone there", async () => {
    const cases = [
      ['Endo', 'here', 0, false],
      ['Endo', 'next door', 0, true],
      ['Endo', 'here', 5, true],
      ['Drone', 'here', 0, true],
    ] as const;
    for (const [who, where, damage, finds] of cases) {
      let civ = -1;
      const { g } = await leaderSearch('Long Gun', (g, inst, leader) => {
        civ = inst('Civ C', 0);
        g.putInHand(civ);
        const fighter = inst(who, 1);
        g.putInPlay(fighter, where === 'here' ? g.node[leader] : g.board.placeExterior(0, cid('Lane'), false));
        g.dmg[fighter] = damage;
        if (where !== 'here') expect(g.board.hops(g.node[fighter], g.node[leader])).toBe(1);
      });
      const why = `${who} ${where}, damage ${damage}`;
      expect(g.zone[civ], why).toBe(finds ? Z_PLAY : Z_HAND);
    }
  });

  // Rule "a name already lost": where a fighter stands, protect finds a civilian whose name is in Skynet's eliminated pile (under different: name its elimination adds nothing there).
  it("a name already lost: with a healthy Endoskeleton on the Street (Residential) the Leader finds Civ A there when another Civ A is in Skynet's eliminated pile (different: name), not under different: copy nor with none eliminated", async () => {
    for (const [different, lost, finds] of [['name', true, true], ['copy', true, false], ['name', false, false]] as const) {
      const { g, inst } = await setup({ different });
      const leader = inst('Leader', 0);
      g.node[leader] = g.board.placeExterior(0, cid('Street'), true);
      g.putInPlay(inst('Long Gun', 0), g.node[leader], leader);
      for (const name of ['Fighter', 'Sneak']) g.rotated[inst(name, 0)] = 1;
      g.node[inst('Infiltrator', 1)] = g.board.placeExterior(1, cid('Lane'), true);
      const civ = inst('Civ A', 0);
      g.putInHand(civ);
      g.putInPlay(inst('Endo', 1), g.node[leader]);
      if (lost) {
        const gone = inst('Civ A', 0, 1);
        g.zone[gone] = Z_ELIMINATED;
        g.eliminatedPile[g.nEliminated++] = gone;
      }
      g.updateCommand();
      g.policies[0] = builtinPolicy('protect') as never;
      g.playRound(RD_SEARCH);
      expect(g.zone[civ], `different ${different}, a Civ A eliminated ${lost}`).toBe(finds ? Z_PLAY : Z_HAND);
    }
  });

  // Rule "defend the civilians": protect spends resist events and bought resistance on a civilian it commands, as on a main character.
  it('defend the civilians: protect plays Cover and buys 3 resistance so the Endoskeleton (6) does not eliminate Civ A (1); fight keeps the pool for main characters', async () => {
    for (const [name, saved] of [['protect', true], ['fight', false]] as const) {
      const attackCiv: Answer = (d, options, view, allowNone) => (d === D_ATTACK ? options.findIndex((o) => view.isSupport(o)) : passive(d, options, view, allowNone));
      const { g, inst } = await setup({ poolPerResist: 2 }, [passive, attackCiv]);
      const street = bridge(g);
      const civ = inst('Civ A', 0);
      g.putInPlay(civ, street);
      // The Leader (Power 4) commands Civ A; it cannot hurt the Endoskeleton (Power 6), so it does not attack.
      g.node[inst('Leader', 0)] = street;
      g.updateCommand();
      g.putInPlay(inst('Endo', 1), street);
      const cover = inst('Cover', 0);
      g.putInHand(cover);
      g.pool[0] = 7;
      g.policies[0] = builtinPolicy(name) as never;
      g.rng = dice(6);
      g.playRound(RD_COMBAT);
      // 6 against 1 + Cover 2 + 3 bought (6 pool) = 6: no damage. Without defence: 5 damage, eliminated.
      expect(g.zone[civ] === Z_ELIMINATED, name).toBe(!saved);
      expect(g.zone[cover], name).toBe(saved ? Z_DISCARD : Z_HAND);
      expect(g.pool[0], name).toBe(saved ? 0 : 7);
    }
  });

  // Rule "no cover against a harmless hit": a resist event is played only against a hit that deals damage as it stands
  // (the engine shows the hit's damage and the resistance so far to the defender's events: view.hitDamage, view.hitResistance).
  it('no cover against a harmless hit: the Endoskeleton (6) hitting the Leader (4) draws Cover; with Vest 2 (resistance 7) it does not; with Vest (6 against 6) only under allOrNothing', async () => {
    const cases = [
      ['subtract', '', true],
      ['subtract', 'Vest 2', false],
      ['subtract', 'Vest', false],
      ['allOrNothing', 'Vest', true],
    ] as const;
    for (const [damage, vest, covered] of cases) {
      const seen: [number, number][] = [];
      const { g, inst } = await setup({ poolSpend: 'events', damage });
      const street = bridge(g);
      const leader = inst('Leader', 0);
      g.node[leader] = street;
      g.node[inst('Fighter', 0)] = 0;
      g.node[inst('Sneak', 0)] = 0;
      if (vest) g.putInPlay(inst(vest, 0), street, leader);
      g.putInPlay(inst('Endo', 1), street);
      const cover = inst('Cover', 0);
      g.putInHand(cover);
      g.pool[0] = 3;
      const protect = builtinPolicy('protect')!;
      const watched: Policy<PlayerView> = {
        name: 'protect',
        choose(rng, view, decision, options, n, allowNone) {
          if (decision === D_EVENT && view.eventContext === EC_DEFEND) seen.push([view.hitDamage, view.hitResistance]);
          return protect.choose(rng, view, decision, options, n, allowNone);
        },
      };
      g.policies[0] = watched as never;
      g.rng = dice(6);
      g.playRound(RD_COMBAT);
      // Close combat: 6 against Power 4 + the vest's armour (3 or 2); Cover adds 2. Outside the attack the view shows no hit.
      const why = `${damage}, ${vest || 'no vest'}`;
      expect(seen, why).toEqual([[6, 4 + (vest === 'Vest 2' ? 3 : vest === 'Vest' ? 2 : 0)]]);
      expect(g.zone[cover], why).toBe(covered ? Z_DISCARD : Z_HAND);
      expect(g.dmg[leader], why).toBe(0);
      expect([g.atkDamageSeen, g.resistanceSeen], why).toEqual([0, 0]);
    }
  });

  // The same rule for a Hunter-Killer under hkDefeat singleHit: a hit below its Power does nothing to it.
  it('no cover against a harmless hit: Skynet covers the Light HK (Power 4) from the Leader\'s 6 (Power 4 + Knife) under powerDamage and allOrNothing, not under singleHit with subtract (2 < 4)', async () => {
    const cases = [
      ['powerDamage', 'subtract', true],
      ['singleHit', 'subtract', false],
      ['singleHit', 'allOrNothing', true],
    ] as const;
    for (const [hkDefeat, damage, covered] of cases) {
      const why = `${hkDefeat}, ${damage}`;
      const { g, inst } = await leaderAgainstLightHK({ hkDefeat, damage });
      const plate = inst('Plate Up', 1);
      g.putInHand(plate);
      g.pool[1] = 3;
      g.policies[1] = builtinPolicy('hunt-support') as never;
      g.rng = dice(6);
      g.playRound(RD_COMBAT);
      expect(g.zone[plate], why).toBe(covered ? Z_DISCARD : Z_HAND);
    }
  });

  // Rule "press the civilians": hunt-support spends hit and damage events on an attack against a civilian, as against a main character.
  it('press the civilians: attacking Civ A, hunt-support plays Lock On and Overdrive; hunt-main keeps them', async () => {
    for (const [name, pressed] of [['hunt-support', true], ['hunt-main', false]] as const) {
      const { g, inst } = await setup();
      const street = bridge(g);
      const civ = inst('Civ A', 0);
      g.putInPlay(civ, street);
      const endo = inst('Endo', 1);
      g.putInPlay(endo, street);
      const events = [inst('Lock On', 1), inst('Overdrive', 1)];
      for (const e of events) g.putInHand(e);
      g.policies[1] = builtinPolicy(name) as never;
      g.rng = dice(6);
      g.playRound(RD_COMBAT);
      expect(g.zone[civ], name).toBe(Z_ELIMINATED);
      expect(events.map((e) => g.zone[e]), name).toEqual(pressed ? [Z_DISCARD, Z_DISCARD] : [Z_HAND, Z_HAND]);
      expect(g.pool[1], name).toBe(pressed ? 1 : 3);
    }
  });

  // Rule "armour the Terminator": hunt-support's pool buys all the resistance that lowers the damage of a hit on a Terminator (damage stays).
  it('armour the Terminator: the Fighter\'s Short Gun (7) hits the Endoskeleton (Power 6) for 1; hunt-support buys 1 resistance (2 of its 3 pool) and takes none, hunt-main buys only what saves it (nothing) and takes 1', async () => {
    for (const [name, armoured] of [['hunt-support', true], ['hunt-main', false]] as const) {
      const { g, inst } = await setup();
      const { street, f } = fighterOnStreet(g, inst);
      g.putInPlay(inst('Short Gun', 0), street, f);
      const endo = inst('Endo', 1);
      g.putInPlay(endo, street);
      g.updateCommand();
      expect([g.powerOf(endo), g.rangedDamageOf(f, false), g.pool[1], g.rules.poolPerResist]).toEqual([6, 7, 3, 2]);
      const log: Asked[] = [];
      g.policies[1] = recorded(name, log) as never;
      g.rng = dice(6, 1, 1, 1);
      g.playRound(RD_COMBAT);
      const bought = log.find((x) => x.decision === D_POOL_RESIST)!;
      expect(bought.options.length, name).toBe(2);
      expect(bought.answer, name).toBe(armoured ? 1 : 0);
      expect([g.dmg[endo], g.pool[1]], name).toEqual(armoured ? [0, 1] : [1, 3]);
    }
  });

  // The two civilian rules are one-sided: hunt-support presses an attack on a civilian but never defends one its own attack hits
  // (a civilian it commands); protect defends one but does not spend attack events on one.
  it('the civilian rules are one-sided: hunt-support does not defend a civilian it commands; protect does not press an attack on one', () => {
    const civ = 5;
    const view = (eventContext: number) =>
      ({ eventContext, attackOn: civ, isMain: () => false, isSupport: (t: number) => t === civ, hitDamage: 6, hitResistance: 1, powerOf: () => 0, rules: { damage: 'compare' }, cards: [{ effect: 0 }, { effect: 1 }], handCard: (i: number) => i }) as unknown as PlayerView;
    const options = Int32Array.from([0, 1]);
    const rng = streamFor(1, 0);
    const sky = builtinPolicy('hunt-support')!;
    const res = builtinPolicy('protect')!;
    // Attacking the civilian: Skynet plays its hit event; the Resistance keeps its events.
    expect(sky.choose(rng, view(EC_ATTACK), D_EVENT, options, 2, true)).toBe(0);
    expect(res.choose(rng, view(EC_ATTACK), D_EVENT, options, 2, true)).toBe(-1);
    // Defending it: the Resistance plays a resist event and buys the 6 it needs (6 − 1 + 1); Skynet does neither.
    expect(res.choose(rng, view(EC_DEFEND), D_EVENT, options, 2, true)).toBe(0);
    expect(res.choose(rng, view(EC_DEFEND), D_POOL_RESIST, options, 8, false)).toBe(6);
    expect(sky.choose(rng, view(EC_DEFEND), D_EVENT, options, 2, true)).toBe(-1);
    expect(sky.choose(rng, view(EC_DEFEND), D_POOL_RESIST, options, 8, false)).toBe(0);
  });

  /**
   * The escort positions of protect's move rules: the Leader (with the Long Gun, 5 at long range unless `armed` is false) and
   * Civ A it commands at the Pawn Shop, a Police Station next to it on side 0's row, and Skynet's start Infiltrator moved from
   * next door to the far end of its row (no danger at the Pawn Shop). `place` adds the rule's own pieces before command is
   * settled, `before` looks at the position once it is; returns whether the Leader's movement took it into the station and
   * whether the station was among its options.
   */
  const escortMove = async (place: (g: TccgGame, inst: Setup['inst'], police: number) => void, armed = true, before: (g: TccgGame) => void = () => {}, who = 'Leader') => {
    const { g, inst } = await setup();
    const police = g.board.placeExterior(0, cid('Police Station'), true);
    const leader = inst('Leader', 0);
    g.putInPlay(inst('Civ A', 0), g.node[leader]);
    if (armed) g.putInPlay(inst('Long Gun', 0), g.node[leader], leader);
    g.node[inst('Infiltrator', 1)] = g.board.placeExterior(1, cid('Lane'), true);
    expect(g.board.hops(g.node[inst('Infiltrator', 1)], g.node[leader])).toBeGreaterThan(1);
    place(g, inst, police);
    g.updateCommand();
    before(g);
    const log: Asked[] = [];
    g.policies[0] = recorded('protect', log) as never;
    g.playRound(RD_MOVEMENT);
    const mover = inst(who, 0);
    const move = log.find((x) => x.decision === D_MOVE && x.deciding === mover)!;
    return { g, inst, offered: move.options.map((o) => o >> 1).includes(police), goesIn: move.options[move.answer] >> 1 === police, hidden: (move.options[move.answer] & 1) === 1 };
  };

  // Rule "go where civilians are found": a protect character with no goal and no civilian of its own goes where the most can be found.
  it('go where civilians are found: with no goal (nothing in hand, no civilian in play, no Police Station), protect moves to the place where the most kinds of civilian can be found; with a civilian of its own it stays, unless another main character stays with it ("one commander is enough"); fight stays', async () => {
    for (const [who, escorting, alone, moves] of [['protect', false, false, true], ['protect', true, true, false], ['protect', true, false, true], ['fight', false, false, false]] as const) {
      const { g, inst } = await setup();
      const leader = inst('Leader', 0);
      const start = g.node[leader];
      // Pawn Shop (Guns) offers Civ C and Civ D (no features: anywhere); Street (Residential) Civ A and Civ B as well.
      const street = g.board.placeExterior(0, cid('Street'), true);
      expect(g.board.hops(start, street)).toBe(1);
      if (escorting) g.putInPlay(inst('Civ A', 0), start);
      // Alone: the other start characters out of play (else they command Civ A too).
      if (alone) for (const name of ['Fighter', 'Sneak']) (g as unknown as { removeCharacter(c: number, to: number): void }).removeCharacter(inst(name, 0), Z_REMOVED);
      g.updateCommand();
      expect(g.handN[0]).toBe(0);
      const log: Asked[] = [];
      g.policies[0] = recorded(who, log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === leader)!;
      expect(move.options[move.answer] >> 1, `${who} escorting ${escorting}, alone ${alone}`).toBe(moves ? street : start);
    }
  });

  it('go where civilians are found: a civilian in hand counts 10 (Civ E in hand, findable only at Guns places: the Leader stays at Pawn Shop); a hidden mover moves visibly', async () => {
    // Kinds: Pawn Shop (Guns) Civ C, D, E = 3; Street (Residential) Civ A, B, C, D = 4. With Civ E in hand Pawn Shop scores 13.
    const draw: [string[], string[]] = [
      ['Long Gun', 'Knife', 'Civ A', 'Civ B', 'Civ C', 'Civ D', 'Civ E', 'Aim', 'Cover'],
      ['Endo', 'Drone', 'Lock On'],
    ];
    for (const [inHand, who] of [[true, 'Leader'], [false, 'Leader'], [false, 'Sneak']] as const) {
      const { g, inst } = await setup({}, [passive, passive], draw);
      const mover = inst(who, 0);
      const start = g.node[mover];
      const street = g.board.placeExterior(0, cid('Street'), true);
      if (inHand) g.putInHand(inst('Civ E', 0));
      if (who === 'Sneak') g.hidden[mover] = 1;
      g.updateCommand();
      const log: Asked[] = [];
      g.policies[0] = recorded('protect', log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === mover)!;
      const why = `${who}, Civ E in hand ${inHand}`;
      expect(move.options[move.answer] >> 1, why).toBe(inHand ? start : street);
      if (!inHand) expect(move.options[move.answer] & 1, why).toBe(0);
      if (who === 'Sneak') expect(move.options.some((o) => o === street * 2 + 1), 'a hidden move to Street is offered').toBe(true);
    }
  });

  // Rule "station finds first": with nothing better to do, protect goes to find a civilian in hand at an open Police Station it reaches.
  it('station finds first: Civ C in hand (findable anywhere), a Police Station next door: protect goes there to find it, not while a Skynet Endoskeleton is seen there; nor for a civilian the station cannot offer (Civ E)', async () => {
    const draw: [string[], string[]] = [
      ['Long Gun', 'Knife', 'Civ A', 'Civ B', 'Civ C', 'Civ D', 'Civ E', 'Aim', 'Cover'],
      ['Endo', 'Drone', 'Lock On'],
    ];
    for (const [civ, held, goes] of [['Civ C', false, true], ['Civ C', true, false], ['Civ E', false, false]] as const) {
      const { g, inst } = await setup({}, [passive, passive], draw);
      const leader = inst('Leader', 0);
      const start = g.node[leader];
      const police = g.board.placeExterior(0, cid('Police Station'), true);
      expect(g.board.hops(start, police)).toBe(1);
      g.putInHand(inst(civ, 0));
      // A Skynet character seen at the station (an Endoskeleton the Leader cannot defeat with one hit): protection would wait there (digest §保護).
      if (held) g.putInPlay(inst('Endo', 1), police);
      g.updateCommand();
      const log: Asked[] = [];
      g.policies[0] = recorded('protect', log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === leader)!;
      // Before the rule the Leader stayed: Civ C can be found at the Pawn Shop too (findPlaces). Civ E (Guns places only) cannot be found at the station.
      expect(move.options[move.answer] >> 1 === police, `${civ} in hand, station held ${held}`).toBe(goes);
    }
  });

  // Rule "no hopeless threat": protect keeps away from a Skynet fighter only while the mover could not defeat it with one hit.
  it('no hopeless threat: an escort keeps out of a Police Station next to a healthy Endoskeleton, and goes in when one shot of its own would defeat it', async () => {
    for (const [damage, goesIn] of [[0, false], [5, true]] as const) {
      const r = await escortMove((g, inst, police) => {
        // Side 0's row: Pawn Shop – Police Station – Street; the Endoskeleton at Street, next to the station, two places from the escort.
        const street = g.board.placeExterior(0, cid('Street'), true);
        const endo = inst('Endo', 1);
        g.putInPlay(endo, street);
        expect([g.board.hops(street, police), g.board.hops(street, g.node[inst('Leader', 0)])]).toEqual([1, 2]);
        // Endo: Power 6, armour 0; the Long Gun's 5 from next door deals nothing; at 5 damage (Power 1) it deals 4, its Power and more.
        g.dmg[endo] = damage;
        expect(g.powerOf(endo)).toBe(6 - damage);
      });
      expect(r, `damage ${damage}`).toMatchObject({ offered: true, goesIn });
    }
  });

  // Rule "no blocked station": protect's escort heads only for a Police Station no Skynet character in sight stands at.
  it('no blocked station: an escort keeps out of a Police Station held by a Skynet character in sight (no protection there), and goes in once that one is hidden', async () => {
    for (const [hidden, goesIn] of [[false, false], [true, true]] as const) {
      const r = await escortMove((g, inst, police) => {
        // Shadow (Power 3) beaten down to Power 1: one shot of the Long Gun defeats it from here or there, so it is no danger
        // ("no hopeless threat"), but it blocks protection while in sight.
        const shadow = inst('Shadow', 1);
        g.putInPlay(shadow, police);
        g.dmg[shadow] = 2;
        g.hidden[shadow] = hidden ? 1 : 0;
      });
      expect(r, `hidden ${hidden}`).toMatchObject({ offered: true, goesIn });
    }
  });

  // The station's holder is counted as the engine counts it (digest §保護): a civilian by its commander, whatever deck it came from.
  it("no blocked station: a civilian from Skynet's deck that no one commands does not hold the station", async () => {
    let civ = -1;
    const r = await escortMove(
      (g, inst, police) => {
        civ = inst('Civ B', 1);
        g.putInPlay(civ, police);
      },
      false,
      (g) => expect([g.instSide[civ], g.commander[civ]]).toEqual([S_SKYNET, -1]),
    );
    expect(r).toMatchObject({ offered: true, goesIn: true });
  });

  // Rule "wait out of reach": while a Skynet fighter's next move reaches every open station, protect's escort waits where none reaches.
  it('wait out of reach: an escort stays out of a Police Station a healthy Endoskeleton or Shadow reaches in its next move, while its own place is out of reach; it goes in with the Endoskeleton one step further, or with a Knife whose hit would defeat the Shadow there', async () => {
    const cases = [
      ['Endo', 'L3', false, false],
      ['Endo', 'L4', false, true],
      ['Shadow', 'L3', false, false],
      ['Shadow', 'L3', true, true],
    ] as const;
    for (const [who, at, knife, goesIn] of cases) {
      const r = await escortMove((g, inst, police) => {
        // Side 0's row: Pawn Shop – Police Station – L1 – L2 – L3 – L4. The escort (Speed 3) at Pawn Shop reaches every place up to L2.
        const row = ['L1', 'L2', 'L3', 'L4'].map((name) => g.board.placeExterior(0, cid(name), true));
        const fighter = inst(who, 1);
        const place = row[at === 'L3' ? 2 : 3];
        g.putInPlay(fighter, place);
        const leader = inst('Leader', 0);
        // With the Knife the Leader's best hit at the station is Power 4 + 2 = 6 against the Shadow's Power 3: 3 damage, its whole Power ("no hopeless threat").
        if (knife) g.putInPlay(inst('Knife', 0), g.node[leader], leader);
        // Either (Speed 3) at L3 reaches the station (three places) but not Pawn Shop (four); from L4 neither.
        expect([g.board.hops(place, police), g.board.hops(place, g.node[leader]), g.speedOf(fighter)]).toEqual(at === 'L3' ? [3, 4, 3] : [4, 5, 3]);
        // The Infiltrator stays out of reach of both (its row is not joined to this one).
        expect(g.board.hops(g.node[inst('Infiltrator', 1)], police)).toBeGreaterThan(4);
      });
      expect(r, `${who} at ${at}, knife ${knife}`).toMatchObject({ offered: true, goesIn });
    }
  });

  // Rule "go in hidden": an escort that moves hidden, with another main character staying with its civilians, enters the station hidden (and does not wait).
  it('go in hidden: while the Leader waits with Civ A, the Sneak (Stealth) goes into the Police Station the Endoskeleton reaches, hidden and alone; with no one else to stay with Civ A it waits too', async () => {
    for (const others of [true, false]) {
      const r = await escortMove(
        (g, inst) => {
          const row = ['L1', 'L2', 'L3'].map((name) => g.board.placeExterior(0, cid(name), true));
          g.putInPlay(inst('Endo', 1), row[2]);
          // Without the others: the Leader and the Fighter two places off, at L1 (Civ A stays at the Pawn Shop with the Sneak);
          // the Fighter in Vest 2, out of the Endoskeleton's one-hit reach (6 − 6), so it stays there ("out of the kill zone").
          if (!others) for (const name of ['Leader', 'Fighter']) g.node[inst(name, 0)] = row[0];
          if (!others) g.putInPlay(inst('Vest 2', 0), row[0], inst('Fighter', 0));
        },
        true,
        undefined,
        'Sneak',
      );
      expect(r.g.hasKw(r.inst('Sneak', 0), K_STEALTH)).toBe(true);
      const at = (name: string) => r.g.node[r.inst(name, 0)];
      if (others) {
        expect(r).toMatchObject({ offered: true, goesIn: true, hidden: true });
        // A hidden move takes no one along (digest §隠密移動 as modelled): Civ A stays at the Pawn Shop, where the Leader and the Fighter wait.
        expect([at('Civ A'), at('Leader'), at('Fighter')]).toEqual([0, 0, 0]);
      } else {
        expect(r).toMatchObject({ offered: true, goesIn: false, hidden: false });
        expect([at('Civ A'), at('Sneak')]).toEqual([0, 0]);
      }
    }
  });

  // "Go in hidden" needs a station this hidden move reaches; else the escort waits out of reach with the others.
  it('go in hidden: a Sneak slowed to Speed 1, the station two places off, waits at the Pawn Shop out of the Endoskeleton\'s reach (its step toward the station would lead Civ A into it)', async () => {
    const { g, inst } = await setup();
    // Side 0's row: Pawn Shop – L1 – Police Station – L2 – L3; the Endoskeleton (Speed 3) at L3 reaches L1 and the station, not the Pawn Shop.
    const l1 = g.board.placeExterior(0, cid('L1'), true);
    const police = g.board.placeExterior(0, cid('Police Station'), true);
    g.board.placeExterior(0, cid('L2'), true);
    const l3 = g.board.placeExterior(0, cid('L3'), true);
    g.putInPlay(inst('Endo', 1), l3);
    g.node[inst('Infiltrator', 1)] = g.board.placeExterior(1, cid('Lane'), true);
    const sneak = inst('Sneak', 0);
    g.putInPlay(inst('Civ A', 0), g.node[sneak]);
    g.dmg[sneak] = 2;
    expect([g.speedOf(sneak), g.board.hops(l3, police), g.board.hops(l3, l1), g.board.hops(l3, g.node[sneak])]).toEqual([1, 2, 3, 4]);
    g.updateCommand();
    const log: Asked[] = [];
    g.policies[0] = recorded('protect', log) as never;
    g.playRound(RD_MOVEMENT);
    const move = log.find((x) => x.decision === D_MOVE && x.deciding === sneak)!;
    expect(move.options.map((o) => o >> 1)).toContain(l1);
    expect([g.node[sneak], g.node[inst('Civ A', 0)]]).toEqual([0, 0]);
  });

  // "Wait out of reach" with two open stations: only the one no fighter reaches is a goal, not a nearer one a fighter reaches.
  it('wait out of reach: with two open Police Stations, the escort heads for the far one no fighter reaches, not the one next door the Endoskeleton reaches', async () => {
    let far = -1;
    const r = await escortMove((g, inst, police) => {
      // Side 0's row: Police Station 2 – L4 – Pawn Shop – Police Station – L1 – L2 – L3; the Endoskeleton (Speed 3) at L3.
      const row = ['L1', 'L2', 'L3'].map((name) => g.board.placeExterior(0, cid(name), true));
      g.board.placeExterior(0, cid('L4'), false);
      far = g.board.placeExterior(0, cid('Police Station'), false);
      const endo = inst('Endo', 1);
      g.putInPlay(endo, row[2]);
      const leader = g.node[inst('Leader', 0)];
      expect([g.board.nodeCard[far] === g.board.nodeCard[police], g.board.hops(row[2], police), g.board.hops(row[2], far), g.board.hops(leader, police), g.board.hops(leader, far)]).toEqual([true, 3, 6, 1, 2]);
    });
    expect(r).toMatchObject({ offered: true, goesIn: false });
    expect(r.g.node[r.inst('Leader', 0)]).toBe(far);
    // The civilian goes along (an escort, not a hidden move).
    expect(r.g.node[r.inst('Civ A', 0)]).toBe(far);
  });

  // Rule "lead it away": with a fighter the escort cannot shake off at its own place, nothing out of reach, and no one-hit defeat of the escort there, it leads the fighter away from the station.
  it('lead it away: an Endoskeleton at the Pawn Shop with the Leader and Civ A, every place in reach within its next move: the escort goes to the place farthest from the Police Station, Civ A along; with the Endoskeleton next door, or a Hunter-Killer whose one hit defeats the Leader, it goes in', async () => {
    const cases = [
      ['Endo', true, false],
      ['Endo', false, true],
      ['HK', true, true],
    ] as const;
    for (const [who, here, goesIn] of cases) {
      let farthest = -1;
      const r = await escortMove((g, inst, police) => {
        // Side 0's row: L2 – L1 – Pawn Shop – Police Station. The Leader (Speed 3, Power 4, Long Gun 5) cannot defeat the
        // Endoskeleton (Power 6) or the Hunter-Killer (Power 8) with one hit ("no hopeless threat" does not apply); from the Pawn
        // Shop or from L1 either's next move (Speed 3) reaches every place the escort's does, the station included, so "wait out of
        // reach" finds nothing. The Endoskeleton's hit deals 6 − 4 = 2 to the Leader, the Hunter-Killer's 8 − 4 = 4, its whole
        // Power: a one-hit defeat ("out of the kill zone"), where the escort is not led away.
        const l1 = g.board.placeExterior(0, cid('L1'), false);
        farthest = g.board.placeExterior(0, cid('L2'), false);
        const leader = g.node[inst('Leader', 0)];
        g.putInPlay(inst(who, 1), here ? leader : l1);
        expect([g.board.hops(leader, police), g.board.hops(farthest, police), g.board.hops(l1, police)]).toEqual([1, 3, 2]);
      });
      const at = (name: string) => r.g.node[r.inst(name, 0)];
      expect(r, `${who} ${here ? 'here' : 'next door'}`).toMatchObject({ offered: true, goesIn });
      // Led away: to L2, the farthest from the station this move reaches (2 steps, which Civ A's Speed 2 pays).
      if (!goesIn) expect([at('Leader'), at('Civ A'), r.hidden]).toEqual([farthest, farthest, false]);
    }
  });

  // "Go in hidden" needs decoys: the engine offers a hidden move only to a Stealth character that has some (digest §隠密移動).
  it('go in hidden: a Sneak with no decoys waits out of reach with the others, as a visible escort does', async () => {
    const sneakCard = table.cards[cid('Sneak')];
    const decoys = sneakCard.decoys;
    sneakCard.decoys = 0;
    try {
      const r = await escortMove(
        (g, inst) => {
          const row = ['L1', 'L2', 'L3'].map((name) => g.board.placeExterior(0, cid(name), true));
          g.putInPlay(inst('Endo', 1), row[2]);
        },
        true,
        undefined,
        'Sneak',
      );
      expect(r.g.hasKw(r.inst('Sneak', 0), K_STEALTH)).toBe(true);
      expect(r).toMatchObject({ offered: true, goesIn: false, hidden: false });
      expect(r.g.node[r.inst('Sneak', 0)]).toBe(0);
    } finally {
      sneakCard.decoys = decoys;
    }
  });

  // "Go in hidden"'s bonus is for the stations goals() chose: not a held station (no protection there).
  it('go in hidden: with the only Police Station held by a Skynet Drone in sight, the Sneak stays with the Leader and Civ A rather than go into it hidden', async () => {
    const r = await escortMove(
      (g, inst, police) => {
        // A Drone holds the station: a Skynet character in sight (no protection there), but no fighter, so no danger anywhere.
        g.putInPlay(inst('Drone', 1), police);
      },
      true,
      undefined,
      'Sneak',
    );
    expect(r).toMatchObject({ offered: true, goesIn: false, hidden: false });
    expect(['Leader', 'Sneak', 'Civ A'].map((n) => r.g.node[r.inst(n, 0)])).toEqual([0, 0, 0]);
  });

  // Rule "play the missions": protect's main characters go first to a place a reach mission in hand names, when this move reaches it.
  it('play the missions: with Reach Police in hand the Leader walks to the Police Station three places away (its whole Speed) and scores it, not toward Civ B; without the card, or with the station four places away, it heads for Civ B', async () => {
    for (const [mission, far, scores] of [[true, false, true], [false, false, false], [true, true, false]] as const) {
      const { g, inst } = await setup();
      // Side 0's row: Lane – Pawn Shop – L1 – L2 (– L3) – Police Station; Civ B (Skynet's deck, commanded by no one) at Lane.
      const lane = g.board.placeExterior(0, cid('Lane'), false);
      for (const name of far ? ['L1', 'L2', 'L3'] : ['L1', 'L2']) g.board.placeExterior(0, cid(name), true);
      const police = g.board.placeExterior(0, cid('Police Station'), true);
      const leader = inst('Leader', 0);
      const pawn = g.node[leader];
      const civ = inst('Civ B', 1);
      g.putInPlay(civ, lane);
      g.updateCommand();
      if (mission) g.putInHand(inst('Reach Police', 0));
      expect([g.board.hops(pawn, police), g.speedOf(leader), g.commander[civ]]).toEqual([far ? 4 : 3, 3, -1]);
      g.policies[0] = recorded('protect', []) as never;
      g.playRound(RD_MOVEMENT);
      const label = `mission ${mission}, far ${far}`;
      expect(g.node[leader] === police, label).toBe(scores);
      expect(g.node[leader] === lane, label).toBe(!scores);
      expect(g.missionPoints[0], label).toBe(scores ? 3 : 0);
    }
  });

  // Rule "one is enough": a reach mission's place where another Resistance main character stands already is no goal.
  it('one is enough: with the Fighter already at the Police Station the Leader heads for Civ B, not to the station; the mission scores all the same', async () => {
    for (const fighterThere of [false, true]) {
      const { g, inst } = await setup();
      // Side 0's row: Lane – Pawn Shop – L1 – L2 – Police Station; Civ B (commanded by no one) at Lane.
      const lane = g.board.placeExterior(0, cid('Lane'), false);
      for (const name of ['L1', 'L2']) g.board.placeExterior(0, cid(name), true);
      const police = g.board.placeExterior(0, cid('Police Station'), true);
      const leader = inst('Leader', 0);
      g.putInPlay(inst('Civ B', 1), lane);
      if (fighterThere) g.node[inst('Fighter', 0)] = police;
      g.updateCommand();
      g.putInHand(inst('Reach Police', 0));
      g.policies[0] = recorded('protect', []) as never;
      g.playRound(RD_MOVEMENT);
      expect(g.node[leader], `fighter there ${fighterThere}`).toBe(fighterThere ? lane : police);
      expect(g.missionPoints[0], `fighter there ${fighterThere}`).toBe(3);
    }
  });

  it('out of the kill zone: a hidden move is exempt — the Sneak (Power 3) goes to Lane hidden, where the Endoskeleton could defeat it if it were seen', async () => {
    const { g, inst } = await setup();
    // Side 0's row: L3 – L2 – L1 – Lane – Pawn Shop; the Leader and the Fighter away at the Alamo.
    const lane = g.board.placeExterior(0, cid('Lane'), false);
    for (const name of ['L1', 'L2', 'L3']) g.board.placeExterior(0, cid(name), false);
    const endo = inst('Endo', 1);
    g.putInPlay(endo, g.board.nNodes - 1);
    const sneak = inst('Sneak', 0);
    for (const name of ['Leader', 'Fighter']) g.node[inst(name, 0)] = 1;
    g.putInPlay(inst('Civ B', 1), lane);
    g.updateCommand();
    const log: Asked[] = [];
    g.policies[0] = recorded('protect', log) as never;
    g.playRound(RD_MOVEMENT);
    const move = log.find((x) => x.decision === D_MOVE && x.deciding === sneak)!;
    expect(move.options).toEqual(expect.arrayContaining([lane * 2, lane * 2 + 1]));
    expect(move.options[move.answer]).toBe(lane * 2 + 1);
  });

  it('out of the kill zone: with the Long Gun, the Endoskeleton four places off (its Speed + 1) reaches next to Lane and its shot (5 against Power 2) defeats the battered Fighter there, so the Fighter stays; without the gun it goes', async () => {
    for (const [gun, goes] of [[true, false], [false, true]] as const) {
      const { g, inst } = await setup();
      // Side 0's row: L4 – L3 – L2 – L1 – Lane – Pawn Shop; the Leader and the Sneak away at the Alamo.
      const lane = g.board.placeExterior(0, cid('Lane'), false);
      for (const name of ['L1', 'L2', 'L3', 'L4']) g.board.placeExterior(0, cid(name), false);
      const l4 = g.board.nNodes - 1;
      const endo = inst('Endo', 1);
      g.putInPlay(endo, l4);
      if (gun) g.putInPlay(inst('Long Gun', 1), l4, endo);
      const f = inst('Fighter', 0);
      g.dmg[f] = 1;
      for (const name of ['Leader', 'Sneak']) g.node[inst(name, 0)] = 1;
      g.putInPlay(inst('Civ B', 1), lane);
      g.updateCommand();
      expect([g.board.hops(l4, lane), g.speedOf(endo), g.powerOf(f), g.rangedDamageOf(endo, true)]).toEqual([4, 3, 2, gun ? 5 : 0]);
      g.policies[0] = builtinPolicy('protect') as never;
      g.playRound(RD_MOVEMENT);
      expect(g.node[f], `gun ${gun}`).toBe(goes ? lane : 0);
    }
  });

  /** The Fighter on a Street joining the layouts (Pawn Shop – Street – Alamo Sport Shop), the Leader and the Sneak left at Pawn Shop. */
  const fighterOnStreet = (g: TccgGame, inst: Setup['inst']) => {
    const street = bridge(g);
    const f = inst('Fighter', 0);
    g.node[f] = street;
    g.node[inst('Leader', 0)] = 0;
    g.node[inst('Sneak', 0)] = 0;
    return { street, f };
  };

  // Rule "finish a main character": hunt-support's attack that would defeat a Resistance main character comes before every civilian.
  it('finish a main character: the Infiltrator (close, Power 8) strikes the Fighter (Power 3: 5 damage defeats it) rather than Civ A (Importance 4); with Vest 2 on the Fighter (armour 3: 8 − 6 = 2 damage, Power 3 left at 1) it strikes Civ A', async () => {
    for (const [vest, finishes] of [[false, true], [true, false]] as const) {
      const { g, inst } = await setup();
      const { street, f } = fighterOnStreet(g, inst);
      const t = inst('Infiltrator', 1);
      const civ = inst('Civ A', 0);
      g.node[t] = street;
      g.putInPlay(civ, street);
      if (vest) g.putInPlay(inst('Vest 2', 0), street, f);
      g.updateCommand();
      expect([g.powerOf(f), g.armorOf(f), g.commander[civ]]).toEqual([3, vest ? 3 : 0, 0]);
      const log: Asked[] = [];
      g.policies[1] = recorded('hunt-support', log) as never;
      g.rng = dice(6);
      g.playRound(RD_COMBAT);
      const attack = log.find((x) => x.decision === D_ATTACK && x.deciding === t && x.options[x.answer] !== undefined)!;
      expect(attack.options, `vest ${vest}`).toEqual(expect.arrayContaining([f, civ]));
      expect(attack.options[attack.answer], `vest ${vest}`).toBe(finishes ? f : civ);
    }
  });

  // Rule "wear down a main character" (hunt-support): a hit on a Resistance main character comes before every civilian.
  it('wear down a main character: with Civ A eliminated once (by name), the Infiltrator (close, Power 8) strikes the Fighter under Vest 2 (2 damage at 3 in 6) rather than Civ A (7 at 4 in 6); by copy, Civ A (Importance 4 outranks it)', async () => {
    for (const [different, target] of [['name', 'Fighter'], ['copy', 'Civ A']] as const) {
      const { g, inst } = await setup({ different });
      const { street, f } = fighterOnStreet(g, inst);
      eliminatedCopy(g, inst, 'Civ A', 1);
      const t = inst('Infiltrator', 1);
      const civ = inst('Civ A', 0, 0);
      g.node[t] = street;
      g.putInPlay(civ, street);
      g.putInPlay(inst('Vest 2', 0), street, f);
      g.updateCommand();
      expect([g.powerOf(f), g.armorOf(f)]).toEqual([3, 3]);
      const log: Asked[] = [];
      g.policies[1] = recorded('hunt-support', log) as never;
      g.rng = dice(6);
      g.playRound(RD_COMBAT);
      const attack = log.find((x) => x.decision === D_ATTACK && x.deciding === t && x.options[x.answer] !== undefined)!;
      expect(attack.options, different).toEqual(expect.arrayContaining([f, civ]));
      expect(attack.options[attack.answer], different).toBe(target === 'Fighter' ? f : civ);
    }
  });

  /**
   * Pawn Shop (0) – Street – Alamo Sport Shop (1): the Fighter on the Street (Vest 2 on it when `fighterVest`), the Leader (with
   * the Vest: armour 2) and Civ A at the Pawn Shop, the Sneak hidden there (no target); Skynet's `mover` at the Alamo moves
   * with hunt-support. Returns where it went.
   */
  const skynetMove = async (mover: string, fighterVest: boolean) => {
    const { g, inst } = await setup();
    const { street, f } = fighterOnStreet(g, inst);
    const leader = inst('Leader', 0);
    g.putInPlay(inst('Vest', 0), 0, leader);
    g.putInPlay(inst('Civ A', 0), 0);
    g.hidden[inst('Sneak', 0)] = 1;
    if (fighterVest) g.putInPlay(inst('Vest 2', 0), street, f);
    const m = mover === 'Infiltrator' ? inst('Infiltrator', 1) : inst(mover, 1);
    if (mover !== 'Infiltrator') {
      g.putInPlay(m, 1);
      g.node[inst('Infiltrator', 1)] = g.board.placeExterior(1, cid('Lane'), true);
    }
    g.updateCommand();
    expect([g.node[m], g.board.hops(1, street), g.board.hops(1, 0), g.armorOf(leader)]).toEqual([1, 1, 2, 2]);
    g.policies[1] = builtinPolicy('hunt-support') as never;
    g.playRound(RD_MOVEMENT);
    return { at: g.node[m], street };
  };

  // Rule "move in for the kill": hunt-support moves where one hit defeats a Resistance main character in sight, before the civilians.
  it('move in for the kill: the Infiltrator (Power 8) moves onto the Street, where its hit defeats the Fighter (Power 3), not to Civ A at the Pawn Shop; with Vest 2 on the Fighter (8 − 6 = 2) it heads for Civ A', async () => {
    for (const [vest, kills] of [[false, true], [true, false]] as const) {
      const { at, street } = await skynetMove('Infiltrator', vest);
      expect(at, `vest ${vest}`).toBe(kills ? street : 0);
    }
  });

  it('move in for the kill: with the Long Gun (5) the Infiltrator stops next to the battered Fighter (Power 2) four places off, where its shot defeats it; without the gun it heads for the nearer main characters', async () => {
    for (const gun of [true, false]) {
      const { g, inst } = await setup();
      // Side 0's row: L2 – L1 – Pawn Shop – Street – Alamo Sport Shop; the Fighter at L2, the Leader (Vest) and the Sneak (hidden) at the Pawn Shop.
      bridge(g);
      const row = ['L1', 'L2'].map((name) => g.board.placeExterior(0, cid(name), false));
      const f = inst('Fighter', 0);
      g.node[f] = row[1];
      g.dmg[f] = 1;
      g.putInPlay(inst('Vest', 0), 0, inst('Leader', 0));
      g.hidden[inst('Sneak', 0)] = 1;
      const t = inst('Infiltrator', 1);
      if (gun) g.putInPlay(inst('Long Gun', 1), 1, t);
      g.updateCommand();
      expect([g.board.hops(1, row[0]), g.board.hops(1, row[1]), g.powerOf(f)]).toEqual([3, 4, 2]);
      g.policies[1] = builtinPolicy('hunt-support') as never;
      g.playRound(RD_MOVEMENT);
      expect(g.node[t], `gun ${gun}`).toBe(gun ? row[0] : 0);
    }
  });

  // Rule "leave the civilians to the Infiltrator": hunt-support's other fighters head for the Resistance's main characters.
  it('leave the civilians to the Infiltrator: the Endoskeleton (no kill: armour on both in sight) heads for the Fighter on the Street and the Leader, not for Civ A; the Infiltrator there heads for Civ A', async () => {
    const endo = await skynetMove('Endo', true);
    expect(endo.at).toBe(endo.street);
    const inf = await skynetMove('Infiltrator', true);
    expect(inf.at).toBe(0);
  });

  // "Leave the civilians to the Infiltrator" only for main characters a fighter can get to: a Hunter-Killer never enters an interior.
  it('leave the civilians to the Infiltrator: a Hunter-Killer, every Resistance main character in the Cellar (an interior), heads for Civ A on the Street', async () => {
    const { g, inst } = await setup();
    const street = bridge(g);
    const cellar = g.board.placeInterior(0, cid('Cellar'), 0);
    for (const name of ['Leader', 'Fighter', 'Sneak']) g.node[inst(name, 0)] = cellar;
    g.putInPlay(inst('Civ A', 0), street);
    const hk = inst('HK', 1);
    g.putInPlay(hk, 1);
    g.node[inst('Infiltrator', 1)] = g.board.placeExterior(1, cid('Lane'), true);
    g.updateCommand();
    expect([g.board.hops(1, cellar, true) >= 127, g.board.hops(1, street, true)]).toEqual([true, 1]);
    g.policies[1] = builtinPolicy('hunt-support') as never;
    g.playRound(RD_MOVEMENT);
    expect(g.node[hk]).toBe(street);
  });

  // Rule "strike what one hit defeats": protect moves where one hit defeats a Skynet main character in sight (a Drone too), after the reach missions.
  it('strike what one hit defeats: the Fighter (Power 3, Knife +2) moves onto the Street, where its hit (5 − 2 = 3) defeats the Drone (Power 2), not to Civ B at the Lane; with Plating on the Drone (5 − 4 = 1) it fetches Civ B; with a reach mission for the Police Station in hand it goes there', async () => {
    for (const [plating, mission, goes] of [[false, false, 'Street'], [true, false, 'Lane'], [false, true, 'Police Station']] as const) {
      const { g, inst } = await setup();
      // Pawn Shop – Street – Alamo Sport Shop – L1 – L2 – L3 – L4, and Pawn Shop – Lane – Police Station: the Infiltrator at L4 (out of
      // everyone's way), the Leader and the Sneak at L3 (the mission out of their reach), the Fighter at the Pawn Shop.
      const street = bridge(g);
      const lane = g.board.placeExterior(0, cid('Lane'), false);
      const police = g.board.placeExterior(0, cid('Police Station'), false);
      const row = ['L1', 'L2', 'L3', 'L4'].map((name) => g.board.placeExterior(1, cid(name), false));
      g.node[inst('Infiltrator', 1)] = row[3];
      for (const name of ['Leader', 'Sneak']) g.node[inst(name, 0)] = row[2];
      const f = inst('Fighter', 0);
      g.putInPlay(inst('Knife', 0), 0, f);
      const drone = inst('Drone', 1);
      g.putInPlay(drone, street);
      if (plating) g.putInPlay(inst('Plating', 1), street, drone);
      if (mission) g.putInHand(inst('Reach Police', 0));
      g.putInPlay(inst('Civ B', 1), lane);
      g.updateCommand();
      expect([g.node[f], g.board.hops(0, street), g.board.hops(0, police), g.board.hops(row[2], police) > 3, g.board.hops(row[3], street), g.powerOf(drone), g.armorOf(drone)]).toEqual([0, 1, 2, true, 5, 2, plating ? 2 : 0]);
      const log: Asked[] = [];
      g.policies[0] = recorded('protect', log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === f)!;
      expect(move.options.map((o) => o >> 1)).toEqual(expect.arrayContaining([street, lane, police]));
      expect(g.node[f], `plating ${plating}, mission ${mission}`).toBe({ Street: street, Lane: lane, 'Police Station': police }[goes]);
    }
  });

  // Rule "out of the kill zone": protect makes no visible move to where a Skynet fighter's next turn may defeat the mover with one hit.
  it('out of the kill zone: the Fighter (Power 3) does not fetch Civ B at Lane, which the Endoskeleton (Power 6, Speed 3) three places off reaches; with Vest 2 (6 − 6 = 0) it does', async () => {
    for (const [vest, goes] of [[false, false], [true, true]] as const) {
      const { g, inst } = await setup();
      // Side 0's row: L3 – L2 – L1 – Lane – Pawn Shop; the Leader and the Sneak away at the Alamo (no other mover fetches Civ B).
      const lane = g.board.placeExterior(0, cid('Lane'), false);
      for (const name of ['L1', 'L2', 'L3']) g.board.placeExterior(0, cid(name), false);
      const l3 = g.board.nNodes - 1;
      const endo = inst('Endo', 1);
      g.putInPlay(endo, l3);
      const f = inst('Fighter', 0);
      for (const name of ['Leader', 'Sneak']) g.node[inst(name, 0)] = 1;
      g.putInPlay(inst('Civ B', 1), lane);
      if (vest) g.putInPlay(inst('Vest 2', 0), 0, f);
      g.updateCommand();
      expect([g.board.hops(l3, lane), g.board.hops(l3, 0), g.speedOf(endo), g.node[f]]).toEqual([3, 4, 3, 0]);
      const log: Asked[] = [];
      g.policies[0] = recorded('protect', log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === f)!;
      expect(move.options.map((o) => o >> 1)).toContain(lane);
      expect(g.node[f], `vest ${vest}`).toBe(goes ? lane : 0);
    }
  });

  it('out of the kill zone: a Hunter-Killer never enters an interior, so the Fighter fetches Civ C from the Cellar, which the Hunter-Killer (Speed 3) three places off would reach through the Lane, rather than Civ B at the Lane, which it reaches', async () => {
    const { g, inst } = await setup();
    // Side 0's row: Pawn Shop – Lane – L1 – L2, the Cellar (an interior) off the Lane; the Leader and the Sneak away at the Alamo.
    const lane = g.board.placeExterior(0, cid('Lane'), false);
    const l2 = ['L1', 'L2'].map((name) => g.board.placeExterior(0, cid(name), false))[1];
    const cellar = g.board.placeInterior(0, cid('Cellar'), lane);
    const hk = inst('HK', 1);
    g.putInPlay(hk, l2);
    const f = inst('Fighter', 0);
    for (const name of ['Leader', 'Sneak']) g.node[inst(name, 0)] = 1;
    g.putInPlay(inst('Civ B', 1), lane);
    const civC = inst('Civ C', 0);
    g.putInPlay(civC, cellar);
    g.updateCommand();
    // Civ C as Skynet's (a civilian no one stands with keeps its commander): a civilian to fetch, as Civ B is.
    g.commander[civC] = S_SKYNET;
    expect([g.board.hops(l2, lane, true), g.board.hops(l2, cellar), g.board.hops(l2, cellar, true) >= 127, g.speedOf(hk), g.powerOf(hk), g.node[f]]).toEqual([2, 3, true, 3, 8, 0]);
    const log: Asked[] = [];
    g.policies[0] = recorded('protect', log) as never;
    g.playRound(RD_MOVEMENT);
    const move = log.find((x) => x.decision === D_MOVE && x.deciding === f)!;
    expect(move.options.map((o) => o >> 1)).toEqual(expect.arrayContaining([lane, cellar]));
    expect(g.node[f]).toBe(cellar);
  });

  it('out of the kill zone is worth more than one step and less than three: the Fighter steps past Civ B at L1 (in the Infiltrator\'s reach) to L2, one place beyond it and out of reach; Civ B at the Pawn Shop, three places from L2, it fetches', async () => {
    for (const civAtPawnShop of [false, true]) {
      const { g, inst } = await setup();
      // Alamo Sport Shop – Street – Pawn Shop – Lane – L1 – L2 – L3: the Infiltrator (Speed 4) at the Alamo reaches L1, not L2.
      const street = bridge(g);
      const lane = g.board.placeExterior(0, cid('Lane'), false);
      const [l1, l2] = ['L1', 'L2', 'L3'].map((name) => g.board.placeExterior(0, cid(name), false));
      const inf = inst('Infiltrator', 1);
      const f = inst('Fighter', 0);
      g.node[f] = lane;
      for (const name of ['Leader', 'Sneak']) g.node[inst(name, 0)] = g.board.nNodes - 1;
      const civ = civAtPawnShop ? 0 : l1;
      g.putInPlay(inst('Civ B', 1), civ);
      g.updateCommand();
      expect([g.board.hops(1, street), g.board.hops(1, 0), g.board.hops(1, l1), g.board.hops(1, l2), g.board.hops(civ, l2), g.speedOf(inf), g.powerOf(inf), g.rangedDamageOf(inf, true)]).toEqual([1, 2, 4, 5, civAtPawnShop ? 3 : 1, 4, 8, 0]);
      const log: Asked[] = [];
      g.policies[0] = recorded('protect', log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === f)!;
      expect(move.options.map((o) => o >> 1)).toEqual(expect.arrayContaining([civ, l2]));
      expect(g.node[f], `Civ B at ${civAtPawnShop ? 'the Pawn Shop' : 'L1'}`).toBe(civAtPawnShop ? 0 : l2);
    }
  });

  // Rule "count the damage event": an attack is valued with the damage event the bot plays on it, so one its weapon alone could not make hurt is made.
  it('count the damage event: the Fighter (Power 3, Knife +2) attacks the Endoskeleton (Power 6) in close combat with Punch (+2) in hand — 7 against 6 — and not without it (5 against 6 does nothing)', async () => {
    for (const [punch, attacks] of [[true, true], [false, false]] as const) {
      const { g, inst } = await setup();
      const { street, f } = fighterOnStreet(g, inst);
      const endo = inst('Endo', 1);
      g.putInPlay(endo, street);
      g.putInPlay(inst('Knife', 0), street, f);
      if (punch) g.putInHand(inst('Punch', 0));
      expect([g.powerOf(f) + g.meleeBonusOf(f), g.powerOf(endo) + g.armorOf(endo), g.pool[0]]).toEqual([5, 6, 3]);
      const log: Asked[] = [];
      g.policies[0] = recorded('protect', log) as never;
      g.rng = dice(6, 6, 6, 6);
      g.playRound(RD_COMBAT);
      const attack = log.find((x) => x.decision === D_ATTACK && x.deciding === f)!;
      expect(attack.options, `punch ${punch}`).toContain(endo);
      expect(attack.answer >= 0 && attack.options[attack.answer] === endo, `punch ${punch}`).toBe(attacks);
      if (punch) expect(g.dmg[endo]).toBe(1);
    }
  });

  /** Puts a copy of `name` (side 0's deck) in Skynet's eliminated pile, as an attack's defeat does; checks the views see it there. */
  const eliminatedCopy = (g: TccgGame, inst: Setup['inst'], name: string, nth: number) => {
    const c = inst(name, 0, nth);
    g.putInPlay(c, 0);
    (g as unknown as { defeat(bySide: number, t: number): void }).defeat(S_SKYNET, c);
    const [res, sky] = g.views as [PlayerView, PlayerView];
    expect([g.zone[c], sky.eliminatedHas(cid(name)), res.eliminatedHas(cid(name)), sky.protectedHas(cid(name)), sky.eliminatedHas(cid('Civ D'))]).toEqual([Z_ELIMINATED, true, true, false, false]);
  };

  // Rule "a new name first" (hunt-support): a civilian whose name is in the eliminated pile adds nothing to it (different: name).
  it('a new name first: with Civ A eliminated once, the Endoskeleton attacks Civ B (Importance 3) rather than Civ A (4) beside it; by copy, Civ A', async () => {
    for (const [different, target] of [['name', 'Civ B'], ['copy', 'Civ A']] as const) {
      const { g, inst } = await setup({ different });
      const street = bridge(g);
      eliminatedCopy(g, inst, 'Civ A', 1);
      const civs = { 'Civ A': inst('Civ A', 0, 0), 'Civ B': inst('Civ B', 0) };
      for (const c of Object.values(civs)) g.putInPlay(c, street);
      g.putInPlay(inst('Endo', 1), street);
      g.policies[1] = builtinPolicy('hunt-support') as never;
      g.rng = dice(6, 6, 6);
      g.playRound(RD_COMBAT);
      expect(Object.entries(civs).filter(([, c]) => g.zone[c] === Z_ELIMINATED).map(([n]) => n), different).toEqual([target]);
    }
  });

  it('a new name first: with Civ A eliminated once, the Infiltrator heads for Civ B at the Pawn Shop rather than Civ A next door; by copy, for Civ A; with no Civ B in play, for Civ A too', async () => {
    for (const [different, civB, toCivB] of [['name', true, true], ['copy', true, false], ['name', false, false]] as const) {
      const { g, inst } = await setup({ different });
      // Pawn Shop (0) – Street – Alamo Sport Shop (1), the Infiltrator (Speed 4) at the Alamo.
      const street = bridge(g);
      eliminatedCopy(g, inst, 'Civ A', 1);
      g.putInPlay(inst('Civ A', 0, 0), street);
      if (civB) g.putInPlay(inst('Civ B', 0), 0);
      const infiltrator = inst('Infiltrator', 1);
      // None of the main characters at the Pawn Shop is defeated by one hit of the Infiltrator's (8 against the Leader in the Vest, 4 + 2,
      // and the Fighter in Vest 2, 3 + 3; the Sneak hidden), so "move in for the kill" stays out of it.
      g.putInPlay(inst('Vest', 0), 0, inst('Leader', 0));
      g.putInPlay(inst('Vest 2', 0), 0, inst('Fighter', 0));
      g.hidden[inst('Sneak', 0)] = 1;
      g.updateCommand();
      g.policies[1] = builtinPolicy('hunt-support') as never;
      g.playRound(RD_MOVEMENT);
      expect(g.node[infiltrator], `${different}, Civ B ${civB}`).toBe(toCivB ? 0 : street);
    }
  });

  it('a new name first: with Civ B eliminated once, the Infiltrator at the Street finds the Knife rather than Civ B; by copy, Civ B; with no Knife in hand, Civ B rather than nothing', async () => {
    const d = simParams().draw.map((list) => list.map((c) => table.cards[c].name));
    for (const [different, knife, found] of [['name', true, 'Knife'], ['copy', true, 'Civ B'], ['name', false, 'Civ B']] as const) {
      const { g, inst } = await setup({ different }, [passive, passive], [d[0], [...d[1], 'Knife']]);
      const street = bridge(g);
      eliminatedCopy(g, inst, 'Civ B', 0);
      const infiltrator = inst('Infiltrator', 1);
      g.node[infiltrator] = street;
      const hand: Record<string, number> = { 'Civ B': inst('Civ B', 1), ...(knife ? { Knife: inst('Knife', 1) } : {}) };
      for (const c of Object.values(hand)) g.putInHand(c);
      g.policies[1] = builtinPolicy('hunt-support') as never;
      g.playRound(RD_SEARCH);
      expect(Object.entries(hand).filter(([, c]) => g.zone[c] === Z_PLAY).map(([n]) => n), `${different}, Knife ${knife}`).toEqual([found]);
    }
  });

  // Rule "hold the station": hunt-support's Terminator goes first to a Police Station in this move's reach where civilians the Resistance commands wait for protection.
  it('hold the station: the Infiltrator heads for the Police Station next door while Civ A waits there for protection, rather than stay with the civilian at its own place; without Civ A it stays', async () => {
    for (const [waiting, holds] of [[true, true], [false, false]] as const) {
      const { g, inst } = await setup();
      // Turn 1 of an opening where only Skynet acts (band 0): no protection happens before it moves.
      (g.p as { band: number }).band = 0;
      g.startTurn(1);
      expect([g.acts(0), g.acts(1)]).toEqual([false, true]);
      const police = g.board.placeExterior(1, cid('Police Station'), true);
      const infiltrator = inst('Infiltrator', 1);
      const alamo = g.node[infiltrator];
      g.putInPlay(inst('Civ B', 1), alamo);
      g.node[inst('Leader', 0)] = police;
      // The Vest on the Leader (armour 2): the Infiltrator's hit (8 − 6) does not defeat it, so "move in for the kill" stays out of it.
      g.putInPlay(inst('Vest', 0), police, inst('Leader', 0));
      if (waiting) g.putInPlay(inst('Civ A', 0), police);
      g.updateCommand();
      expect(g.board.hops(alamo, police)).toBe(1);
      if (waiting) expect(g.commander[inst('Civ A', 0)]).toBe(0);
      const log: Asked[] = [];
      g.policies[1] = recorded('hunt-support', log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === infiltrator)!;
      expect(move.options.map((o) => o >> 1), `waiting ${waiting}`).toContain(police);
      expect(g.node[infiltrator] === police, `waiting ${waiting}`).toBe(holds);
    }
  });

  it('hold the station comes before "move in for the kill": the Infiltrator heads for the Police Station where Civ A waits, not for the Lane, where its hit would defeat the Fighter', async () => {
    const { g, inst } = await setup();
    (g.p as { band: number }).band = 0;
    g.startTurn(1);
    // Skynet's row: Police Station – Alamo Sport Shop – Lane; the Leader (Vest: the Infiltrator's 8 − 6 does not defeat it) and Civ A at the station, the Fighter (Power 3) at the Lane.
    const police = g.board.placeExterior(1, cid('Police Station'), true);
    const lane = g.board.placeExterior(1, cid('Lane'), false);
    const infiltrator = inst('Infiltrator', 1);
    const alamo = g.node[infiltrator];
    const leader = inst('Leader', 0);
    g.node[leader] = police;
    g.putInPlay(inst('Vest', 0), police, leader);
    g.putInPlay(inst('Civ A', 0), police);
    g.node[inst('Fighter', 0)] = lane;
    g.updateCommand();
    expect([g.board.hops(alamo, police), g.board.hops(alamo, lane), g.board.hops(police, lane), g.powerOf(inst('Fighter', 0)), g.commander[inst('Civ A', 0)]]).toEqual([1, 1, 2, 3, 0]);
    const log: Asked[] = [];
    g.policies[1] = recorded('hunt-support', log) as never;
    g.playRound(RD_MOVEMENT);
    const move = log.find((x) => x.decision === D_MOVE && x.deciding === infiltrator)!;
    expect(move.options.map((o) => o >> 1)).toEqual(expect.arrayContaining([police, lane]));
    expect(g.node[infiltrator]).toBe(police);
  });

  // Rule "cut off the escort": a hunt-support fighter whose move goes to no station and to nothing of the Resistance's takes an open Police Station this move reaches where a civilian the Resistance commands stands within 2 steps.
  it('cut off the escort: the Endoskeleton, on its way to the main characters, takes the Police Station next door while Civ A (the Resistance\'s) stands 1 or 2 steps from it; 3 steps away, or a Drone, goes on; so does one whose Long Gun defeats the Fighter from the Lane ("move in for the kill")', async () => {
    for (const [civAt, mover, cuts, gun] of [[1, 'Endo', true, false], [2, 'Endo', true, false], [3, 'Endo', false, false], [-1, 'Endo', false, false], [1, 'Drone', false, false], [1, 'Endo', false, true]] as const) {
      // With the gun, damage allOrNothing: its 5 at long range reaches the Fighter's Power 3, all of it (subtract would deal 2).
      const { g, inst } = await setup(gun ? { damage: 'allOrNothing' } : {});
      (g.p as { band: number }).band = 0;
      g.startTurn(1);
      // L3 – Lane – Pawn Shop – Street – Alamo Sport Shop – Police Station – L1 – L2 – L4: the mover at the Alamo, the Resistance's main characters at L3.
      const street = bridge(g);
      const lane = g.board.placeExterior(0, cid('Lane'), false);
      const l3 = g.board.placeExterior(0, cid('L3'), false);
      const police = g.board.placeExterior(1, cid('Police Station'), false);
      const beyond = ['L1', 'L2', 'L4'].map((name) => g.board.placeExterior(1, cid(name), false));
      for (const name of ['Leader', 'Fighter', 'Sneak']) g.node[inst(name, 0)] = l3;
      const m = inst(mover, 1);
      g.putInPlay(m, 1);
      if (gun) g.putInPlay(inst('Long Gun', 1), 1, m);
      // The Infiltrator out of the game (it would go for Civ A), the mover the only Skynet character.
      (g as unknown as { removeCharacter(c: number, to: number): void }).removeCharacter(inst('Infiltrator', 1), Z_REMOVED);
      const civ = inst('Civ A', 0);
      if (civAt > 0) g.putInPlay(civ, beyond[civAt - 1]);
      g.updateCommand();
      if (civAt > 0) g.commander[civ] = 0;
      expect([g.board.hops(1, street), g.board.hops(1, lane), g.board.hops(1, l3), g.board.hops(1, police), ...beyond.map((v) => g.board.hops(police, v)), g.speedOf(m)]).toEqual([1, 3, 4, 1, 1, 2, 3, mover === 'Endo' ? 3 : 1]);
      const log: Asked[] = [];
      g.policies[1] = recorded('hunt-support', log) as never;
      g.playRound(RD_MOVEMENT);
      const move = log.find((x) => x.decision === D_MOVE && x.deciding === m)!;
      expect(move.options.map((o) => o >> 1), `${mover}, Civ A ${civAt}, gun ${gun}`).toContain(police);
      expect(g.node[m], `${mover}, Civ A ${civAt}, gun ${gun}`).toBe(cuts ? police : mover === 'Endo' ? lane : 1);
    }
  });

  it('hold the station: a station this move cannot reach is no goal of it (the Infiltrator, Speed 4, five places away, stays with its civilian)', async () => {
    const { g, inst } = await setup();
    (g.p as { band: number }).band = 0;
    g.startTurn(1);
    // Skynet's row: Alamo Sport Shop – L1 – L2 – L3 – L4 – Police Station.
    for (const name of ['L1', 'L2', 'L3', 'L4']) g.board.placeExterior(1, cid(name), true);
    const police = g.board.placeExterior(1, cid('Police Station'), true);
    const infiltrator = inst('Infiltrator', 1);
    const alamo = g.node[infiltrator];
    g.putInPlay(inst('Civ B', 1), alamo);
    g.node[inst('Leader', 0)] = police;
    g.putInPlay(inst('Civ A', 0), police);
    g.updateCommand();
    expect([g.board.hops(alamo, police), g.speedOf(infiltrator), g.commander[inst('Civ A', 0)]]).toEqual([5, 4, 0]);
    g.policies[1] = recorded('hunt-support', []) as never;
    g.playRound(RD_MOVEMENT);
    expect(g.node[infiltrator]).toBe(alamo);
  });

  // Rule "refit on the way": of moves as good for the hunt, hunt-support takes the one onto a factory where it can be fitted.
  it('refit on the way: with the points for an implant in hand and nothing to hunt in reach, the Terminator steps onto the factory with a Drone and the implant is produced onto it', async () => {
    const { g, inst } = await setup();
    const factory = g.board.placeExterior(1, cid('Factory'), false);
    const lane = g.board.placeExterior(1, cid('Lane'), true);
    const drone = inst('Drone', 1);
    g.putInPlay(drone, factory);
    const chip = inst('Aim Chip', 1);
    g.putInHand(chip);
    g.production = 2;
    const t = inst('Infiltrator', 1);
    const log: Asked[] = [];
    g.policies[1] = recorded('hunt-support', log) as never;
    g.playRound(RD_MOVEMENT);
    // Alamo, Factory and Lane are all in reach; no path to the Resistance: every move is as good for the hunt.
    const moves = log.find((x) => x.decision === D_MOVE && x.deciding === t)!.options.map((o) => o >> 1);
    expect(moves.sort()).toEqual([1, factory, lane].sort());
    expect(g.node[t]).toBe(factory);
    g.playRound(RD_SEARCH);
    expect(g.carrier[chip]).toBe(t);
  });
});

describe('tccg game mode', () => {
  const mode = game.modes.find((m) => m.name === 'game')!;
  const defaults = () => defaultsOf(mode.params);
  const dir = tempDir('tccg-policy-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names the card data its decks use; the decks' own card file is not called the calibrated invented set", async () => {
    const ref = await mode.run(defaults(), tccgSettings(20, 3));
    expect(ref.notes!.join('\n')).toContain('(card data: scenarios/tccg/cards.yaml (reference set))');
    // Both decks copied beside a copy of the card set, named by their cards: field.
    const { readFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'own-cards.yaml'), readFileSync('scenarios/tccg/cards.yaml'));
    for (const side of ['resistance', 'skynet']) writeFileSync(join(dir, `${side}.yaml`), `cards: own-cards.yaml\n${readFileSync(`scenarios/tccg/${side}.yaml`, 'utf8')}`);
    const own = await mode.run({ ...defaults(), resistanceDeck: join(dir, 'resistance.yaml'), skynetDeck: join(dir, 'skynet.yaml') }, tccgSettings(20, 3));
    expect(own.notes!.join('\n')).toContain('(card data: own-cards.yaml)');
    expect(own.text).toContain("on the decks' own card data (own-cards.yaml), not the bundled invented set");
    expect(own.text).not.toMatch(/calibrated/);
  });

  it('same seed → same report for any chunking; the outcome rates add up', async () => {
    const a = await mode.run(defaults(), tccgSettings(300, 3, { chunkSize: 100 }));
    const b = await mode.run(defaults(), tccgSettings(300, 3, { chunkSize: 7 }));
    expect(b.result).toEqual(a.result);
    const r = a.result as { resistanceWins: { k: number }; skynetWins: { k: number }; noWinner: { k: number }; routes: Record<string, Record<string, { k: number }>> };
    expect(r.resistanceWins.k + r.skynetWins.k + r.noWinner.k).toBe(300);
    const routes = Object.values(r.routes.resistance).reduce((s, x) => s + x.k, 0) + Object.values(r.routes.skynet).reduce((s, x) => s + x.k, 0);
    expect(routes).toBe(r.resistanceWins.k + r.skynetWins.k);
  });

  it("prints what `sim sensitivity tccg game` last measured on the default configuration, a measurement of today's card data and readings", async () => {
    const { storedSensitivity } = await import('../src/core/sensitivityNote.js');
    const { changesOf } = await import('../src/cli/commands/sensitivity.js');
    const { resolveFromSources } = await import('../src/cli/resolve.js');
    const entry = storedSensitivity('tccg').find((e) => e.mode === 'game' && Object.keys(e.params).length === 0)!;
    expect(entry).toBeDefined();
    // A changed card file or reading list changes the number of changes: then re-measure.
    expect(changesOf(mode, resolveFromSources(mode, null, {}, {}), { kind: 'auto' }, []).length).toBe(entry.changes + entry.skipped);
    const rep = await mode.run(defaults(), tccgSettings(20, 1));
    expect(rep.notes.join('\n')).toMatch(/Robustness: the assumptions that move resistanceWins most, one at a time, measured on this configuration \(2,000 paired games, seed 1/);
    const other = await mode.run({ ...defaults(), hitRule: 'ge' }, tccgSettings(20, 1));
    expect(other.notes.join('\n')).toMatch(/Robustness: not measured for this configuration/);
  });

  it('the bots are not random: hunt-main beats random as Skynet, protect protects more than random', async () => {
    const run = async (rp: string, sp: string) => (await mode.run({ ...defaults(), resistancePolicy: rp, skynetPolicy: sp }, tccgSettings(300, 5))).result as { skynetWins: { estimate: number }; protected: { mean: number } };
    const hunt = await run('random', 'hunt-main');
    const rand = await run('random', 'random');
    const prot = await run('protect', 'random');
    expect(hunt.skynetWins.estimate).toBeGreaterThan(rand.skynetWins.estimate + 0.2);
    expect(prot.protected.mean).toBeGreaterThan(rand.protected.mean + 0.5);
  });

  it('--trace K replays game K of the run step by step: the same game as in the run', async () => {
    // A one-game run and the trace of its game 0 must agree on the winner.
    for (const seed of [11, 12, 13]) {
      const run = (await mode.run(defaults(), tccgSettings(1, seed))).result as { resistanceWins: { k: number }; skynetWins: { k: number } };
      const tr = await mode.run({ ...defaults(), trace: 0 }, tccgSettings(1, seed));
      const t = tr.result as { winner: string; turns: number; trace: string[] };
      expect(t.winner).toBe(run.resistanceWins.k ? 'Resistance' : run.skynetWins.k ? 'Skynet' : 'no winner');
      expect(t.trace.length).toBeGreaterThan(t.turns);
      expect(tr.text).toBe(t.trace.join('\n'));
    }
    await expect(mode.run({ ...defaults(), trace: 5 }, tccgSettings(5, 1))).rejects.toThrow(/parameter trace: got 5, expected a game index of this run, 0\.\.4/);
  });

  it('policies: a side refuses the other side\'s bot; a missing module is a UsageError', async () => {
    await expect(mode.run({ ...defaults(), resistancePolicy: 'hunt-main' }, tccgSettings(1, 1))).rejects.toThrow(/parameter resistancePolicy: hunt-main is a Skynet policy/);
    await expect(mode.run({ ...defaults(), skynetPolicy: join(dir, 'nope.js') }, tccgSettings(1, 1))).rejects.toThrow(UsageError);
  });

  it('a user policy module plays through the shared contract: the facade only, answers checked', async () => {
    const ok = join(dir, 'stay.mjs');
    // Delegates everything to the base bot except movement: always the first option; records what it could see.
    writeFileSync(ok, `export default (data, base) => ({ name: 'first-move', choose(rng, view, d, options, n, allowNone) {
      if (typeof view.nodeOf !== 'function' || 'g' in view) throw new Error('not the facade');
      if (data.side !== 1 || !Object.isFrozen(data.cards)) throw new Error('data copy');
      return d === 2 ? 0 : base.choose(rng, view, d, options, n, allowNone);
    } });\n`);
    const rep = await mode.run({ ...defaults(), skynetPolicy: ok }, tccgSettings(40, 6));
    expect(rep.policy).toEqual(['protect', ok]);
    // The bundled example module runs too.
    const ex = await mode.run({ ...defaults(), skynetPolicy: 'scenarios/tccg/policy-example.js' }, tccgSettings(20, 6));
    expect((ex.policy as string[])[1]).toBe('scenarios/tccg/policy-example.js');
    const bad = join(dir, 'bad.mjs');
    writeFileSync(bad, `export default { name: 'bad', choose: () => 99 };\n`);
    await expect(mode.run({ ...defaults(), skynetPolicy: bad }, tccgSettings(5, 6))).rejects.toThrow(/policy bad: decision \w+ returned 99/);
  });

  it('every parameter has a default, a source and an option; the readings name their alternatives', () => {
    for (const p of mode.params) {
      expect(p.source.length, p.key).toBeGreaterThan(5);
      expect(p.cli, p.key).toBeDefined();
    }
    // Every reading is a named assumption `sim sensitivity` varies, with at least one alternative.
    const readings = mode.params.filter((p) => p.assumed === 'reading');
    expect(readings.map((p) => p.key)).toEqual(expect.arrayContaining(['hitRule', 'damage', 'ranges', 'poolSpend', 'reveal', 'hkDefeat', 'command', 'different', 'roundOrder', 'turnOrder', 'outnumbering', 'hiddenSearch', 'startDuplicate']));
    for (const p of readings) expect(p.type === 'bool' || p.choices!.length >= 2, p.key).toBe(true);
  });
});
