// Snapshot, restore and determinization of a Dark Fate engine state, for search (searchPolicy.ts)
// and tests. Free functions over the state (engineState.ts): every mutable field and zone is a
// typed array or a number, so a snapshot is another engine of the same shape (same cards, rules
// and set-up) and copying is a few typed-array copies: no allocation.
//
// determinize re-deals what the players cannot see, consistently with what they know (rulebook:
// the fate deck is face down, draw decks are shuffled; the game is open-handed otherwise):
//   - each player's draw pile: its order (players know it as a set);
//   - the fate deck's unseen slots (fateKnown 0): their cards change places; a slot whose card the
//     players saw go to the bottom keeps it; each Rev-9 in the deck lands on a random unseen slot
//     within its known window (rev9Window: the cards it was shuffled into, less those drawn since);
//   - Neural Net Processor: the Rev-9 player's hand is re-dealt from hand and Rev-9 deck together.
// Everything else (hands, discard piles, the reserve, the wound deck, damage) is open.
import type { Rng } from '../../core/rng.js';
import { determinizeState, OBSERVER_PLAYERS } from './determinize.js';
import type { EngineState } from './engineState.js';

/** Whether two engines have the same shape (same card table, players, Rev-9 cards): copyState needs it. */
export function sameShape(a: EngineState, b: EngineState): boolean {
  return a.cards === b.cards && a.players === b.players && a.nInst === b.nInst && a.rev9N === b.rev9N && a.fate.length === b.fate.length;
}

/** Copies every mutable field of `src` into `dst` (same shape: sameShape). The policy, rng, trace and onPhase hooks of dst stay its own. */
export function copyState(dst: EngineState, src: EngineState): void {
  dst.current = src.current;
  dst.deciding = src.deciding;
  dst.turn = src.turn;
  dst.fight = src.fight;
  dst.supply = src.supply;
  dst.locationSupply = src.locationSupply;
  dst.outcome = src.outcome;
  dst.staggers = src.staggers;
  dst.rev9Destroyed = src.rev9Destroyed;
  dst.flees = src.flees;
  dst.woundsTaken = src.woundsTaken;
  dst.fate.set(src.fate);
  dst.fateKnown.set(src.fateKnown);
  dst.fateHead = src.fateHead;
  dst.fateN = src.fateN;
  dst.topOffset = src.topOffset;
  dst.reserve.set(src.reserve);
  dst.reserveType.set(src.reserveType);
  dst.reserveDmg.set(src.reserveDmg);
  dst.reserveN = src.reserveN;
  dst.reserveHostiles = src.reserveHostiles;
  dst.woundN = src.woundN;
  dst.drawPile.set(src.drawPile);
  dst.drawN.set(src.drawN);
  dst.hand.set(src.hand);
  dst.handType.set(src.handType);
  dst.handN.set(src.handN);
  dst.handWounds.set(src.handWounds);
  dst.handLeaders.set(src.handLeaders);
  dst.handDefense.set(src.handDefense);
  dst.ownFight.set(src.ownFight);
  dst.ownKinds.set(src.ownKinds);
  dst.discard.set(src.discard);
  dst.discardN.set(src.discardN);
  dst.played.set(src.played);
  dst.playedOwner.set(src.playedOwner);
  dst.playedN = src.playedN;
  dst.turnPlayed.set(src.turnPlayed);
  dst.turnPlayedN = src.turnPlayedN;
  dst.skills.set(src.skills);
  dst.skillsN.set(src.skillsN);
  dst.destroyed.set(src.destroyed);
  dst.destroyedN = src.destroyedN;
  dst.limbo = src.limbo;
  dst.inHunt = src.inHunt;
  dst.pending = src.pending;
  dst.playing = src.playing;
  dst.nnHand.set(src.nnHand);
  dst.nnHandN = src.nnHandN;
  dst.nnDeck.set(src.nnDeck);
  dst.nnDeckN = src.nnDeckN;
  dst.dead.set(src.dead);
  dst.aliveN = src.aliveN;
  dst.activeCharacter.set(src.activeCharacter);
  dst.r9Version.set(src.r9Version);
  dst.r9Where.set(src.r9Where);
  dst.r9Dmg.set(src.r9Dmg);
  dst.r9Hunting.set(src.r9Hunting);
  dst.r9WinBase.set(src.r9WinBase);
  // The draw piles may differ from dst's last sort: every sorted view is stale.
  for (let p = 0; p < dst.players; p++) dst.drawVer[p] = dst.sortedVer[p] + 1;
  dst.copyStatsFrom(src);
}

/** Re-deals what the players cannot see (determinize.ts), from `rng`. Mutates e; uses e.opts and e.tmp as scratch. */
export function determinize(e: EngineState, rng: Rng): void {
  determinizeState(e, rng, OBSERVER_PLAYERS, e.opts, e.tmp);
}

/** A 32-bit hash of every zone, counter and Rev-9 field of e, and of the stream's state: equal states (and streams) hash equal. */
export function stateHash(e: EngineState, rng: Rng): number {
  let h = 0x811c9dc5;
  const mix = (x: number) => {
    h = Math.imul(h ^ x, 0x01000193);
  };
  mix(e.turn);
  mix(e.current);
  mix(e.outcome);
  mix(e.woundN);
  mix(e.fateN);
  mix(e.reserveN);
  mix(e.destroyedN);
  for (let d = 0; d < e.fateN; d++) mix(e.fate[(e.fateHead + d) & e.fateMask]);
  for (let j = 0; j < e.reserveN; j++) mix(e.reserve[j] * 64 + e.reserveDmg[j]);
  for (let p = 0; p < e.players; p++) {
    const b = p * e.S;
    mix(e.handN[p] * 4096 + e.drawN[p] * 64 + e.skillsN[p]);
    mix(e.discardN[p] + (e.dead[p] << 16));
    for (let i = 0; i < e.handN[p]; i++) mix(e.hand[b + i]);
    for (let i = 0; i < e.drawN[p]; i++) mix(e.drawPile[b + i]);
    for (let i = 0; i < e.discardN[p]; i++) mix(e.discard[b + i]);
    for (let i = 0; i < e.skillsN[p]; i++) mix(e.skills[b + i]);
  }
  for (let k = 0; k < e.rev9N; k++) mix(e.r9Where[k] * 65536 + e.r9Dmg[k]);
  for (let i = 0; i < e.nnHandN; i++) mix(e.nnHand[i]);
  const g = rng as unknown as { s01: number; s00: number; s11: number; s10: number };
  mix(g.s01);
  mix(g.s00);
  mix(g.s11);
  mix(g.s10);
  return h;
}
