// Hand-built Dark Fate positions for rulebook scenario tests (boardgame.io's habit: the helpers
// ship with the engine, so tests need not know its layout). Free functions over an engine; each
// keeps the counters kept beside the zones in step (checkConservation checks they do). Tests
// only: they allocate, and nothing in a run calls them.
import { KW } from './ops.js';
import { REV9_FATE } from './policy.js';
import type { EngineZones } from './zones.js';

/** The `nth` card instance of type `type` (throws if there is none). */
export function instanceOf(e: EngineZones, type: number, nth = 0): number {
  for (let i = 0; i < e.nInst; i++) if (e.instType[i] === type && nth-- === 0) return i;
  throw new Error(`no instance ${nth} of card type ${type}`);
}

/** Replaces a zone's contents (bottom first for piles; hand slots in order). */
export function setZone(e: EngineZones, zone: 'hand' | 'draw' | 'discard' | 'skills', p: number, insts: number[]): void {
  const arr = zone === 'hand' ? e.hand : zone === 'draw' ? e.drawPile : zone === 'discard' ? e.discard : e.skills;
  const counts = zone === 'hand' ? e.handN : zone === 'draw' ? e.drawN : zone === 'discard' ? e.discardN : e.skillsN;
  insts.forEach((x, i) => (arr[p * e.S + i] = x));
  if (zone === 'hand') insts.forEach((x, i) => (e.handType[p * e.S + i] = e.instType[x]));
  counts[p] = insts.length;
  if (zone === 'draw') e.drawVer[p]++;
  if (zone === 'hand') {
    e.handWounds[p] = insts.filter((x) => e.instType[x] === e.cards.woundType).length;
    e.handLeaders[p] = insts.filter((x) => e.cards.kw[e.instType[x]] & KW.LEADERSHIP).length;
    e.handDefense[p] = insts.filter((x) => e.cards.kw[e.instType[x]] & KW.DEFENSE).length;
  }
  e.recountOwned(p);
}

/** Replaces the fate deck, top first. */
export function setFate(e: EngineZones, insts: number[]): void {
  e.fateHead = 0;
  e.fateN = 0;
  // A hand-built deck is face down and unseen, a Rev-9 in it anywhere (its window: the whole deck).
  for (const x of insts) e.fatePushBottom(x, 0);
  e.r9WinBase.fill(1 << 20);
}

/** Replaces the reserve (with optional damage per card). */
export function setReserve(e: EngineZones, insts: number[], damage: number[] = []): void {
  insts.forEach((x, i) => {
    e.reserve[i] = x;
    e.reserveType[i] = e.instType[x];
    e.reserveDmg[i] = damage[i] ?? 0;
  });
  e.reserveN = insts.length;
  e.reserveHostiles = insts.filter((x) => e.cards.kw[e.instType[x]] & KW.HOSTILE).length;
}

/**
 * Puts Rev-9 k in `where` with `damage`, moving its card so that the zones stay consistent: a
 * Rev-9 card is in the fate deck exactly when it is marked REV9_FATE. Leaving the fate deck
 * takes the card out of it (the other cards keep their order); entering it puts the card on top
 * (a following setFate replaces the deck anyway).
 */
export function setRev9(e: EngineZones, k: number, where: number, damage = 0): void {
  const inst = e.rev9Base + k;
  let at = -1;
  for (let d = 0; d < e.fateN; d++) if (e.fateAt(d) === inst) at = d;
  if (where !== REV9_FATE && at >= 0) {
    for (let d = at; d > 0; d--) e.fate[(e.fateHead + d) & e.fateMask] = e.fateAt(d - 1);
    e.fatePopTop();
  } else if (where === REV9_FATE && at < 0) {
    e.fatePushTop(inst);
    e.r9WinBase[k] = 1 << 20;
  }
  e.r9Where[k] = where;
  e.r9Dmg[k] = damage;
}

/** Sets the wound deck to `n` wound cards. */
export function setWoundsLeft(e: EngineZones, n: number): void {
  e.woundN = n;
}

/**
 * Card changes (cardChanges.ts) that restore the assumed values the rulebook scenario tests were
 * written against (the reference set before its last calibration), so a recalibration of
 * cards.yaml does not move the positions and traced games those tests build. Assumptions all.
 */
export const RULE_TEST_CARD_CHANGES =
  'sarah.power.fight=1; grace.power.fight=1; dani.power.supply=1; t800.power.supply=1; damaged-endo.hunt=1; endoskeleton.hunt=3; liquid-exoskeleton.hunt=2; fully-operational.hunt=2; ' +
  'attack.count=20; surveillance.count=8; pursuit.count=6; hydroelectric-dam.count=2; hydroelectric-dam.cost=8; combat-training.cost=5; pistol.fight=3; shotgun.cost=5; shotgun.fight=4; assault-rifle.fight=5; ' +
  'grenade.cost=4; minigun.cost=8; minigun.fight=6; truck-ram.cost=5; truck-ram.fight=1; emp.count=3; emp.cost=7; thermite-charge.count=3; thermite-charge.cost=7; wheels.count=8; cash.cost=3; gamble.count=6';
