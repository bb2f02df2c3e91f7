// Dark Fate invariants over the engine state, for tests and the conformance hook (never in a
// Monte Carlo run: it allocates). Each problem is named after the invariant it breaks:
//   card conservation  every card instance is in exactly one zone (a Rev-9 card in the fate deck
//                      exactly when it is marked REV9_FATE; one out, on the hunt or destroyed is
//                      in no zone);
//   no negative counts zone sizes, damage, fight and supply are never below zero;
//   counters in step   the counters kept beside the zones (card types per hand and reserve slot,
//                      wounds, leaders and defense cards per hand, hostiles in the reserve) match them.
import type { EngineState } from './engineState.js';
import { KW } from './ops.js';
import { REV9_FATE } from './policy.js';

/** The first broken invariant, as "<invariant>: <what>", or null when every one holds. */
export function checkConservation(e: EngineState): string | null {
  const seen = new Int32Array(e.nInst);
  const S = e.S;
  const zones: [string, () => Iterable<number>][] = [];
  const list = (arr: Int16Array, from: number, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(arr[from + i]);
    return out;
  };
  const counts = [e.fateN, e.reserveN, e.woundN, e.destroyedN, e.nnHandN, e.nnDeckN, e.playedN];
  for (const x of counts) if (x < 0) return `no negative counts: negative zone count ${x}`;
  zones.push(['fate', () => Array.from({ length: e.fateN }, (_, d) => e.fateAt(d))]);
  zones.push(['reserve', () => list(e.reserve, 0, e.reserveN)]);
  zones.push(['wounds', () => list(e.woundPile, 0, e.woundN)]);
  zones.push(['destroyed', () => list(e.destroyed, 0, e.destroyedN)]);
  zones.push(['played', () => list(e.played, 0, e.playedN)]);
  zones.push(['nnHand', () => list(e.nnHand, 0, e.nnHandN)]);
  zones.push(['nnDeck', () => list(e.nnDeck, 0, e.nnDeckN)]);
  if (e.limbo >= 0) zones.push(['limbo', () => [e.limbo]]);
  if (e.pending >= 0) zones.push(['pending', () => [e.pending]]);
  for (let p = 0; p < e.players; p++) {
    for (const x of [e.drawN[p], e.handN[p], e.discardN[p], e.skillsN[p]]) if (x < 0) return `no negative counts: negative count for p${p + 1}`;
    zones.push([`p${p + 1} draw`, () => list(e.drawPile, p * S, e.drawN[p])]);
    zones.push([`p${p + 1} hand`, () => list(e.hand, p * S, e.handN[p])]);
    zones.push([`p${p + 1} discard`, () => list(e.discard, p * S, e.discardN[p])]);
    zones.push([`p${p + 1} skills`, () => list(e.skills, p * S, e.skillsN[p])]);
    for (let i = 0; i < e.handN[p]; i++) if (e.handType[p * S + i] !== e.instType[e.hand[p * S + i]]) return `counters in step: p${p + 1}: hand slot ${i} type out of step`;
    let w = 0;
    for (let i = 0; i < e.handN[p]; i++) if (e.instType[e.hand[p * S + i]] === e.cards.woundType) w++;
    if (w !== e.handWounds[p]) return `counters in step: p${p + 1}: wound counter ${e.handWounds[p]} but ${w} wounds in hand`;
    let l = 0;
    for (let i = 0; i < e.handN[p]; i++) if (e.cards.kw[e.instType[e.hand[p * S + i]]] & KW.LEADERSHIP) l++;
    if (l !== e.handLeaders[p]) return `counters in step: p${p + 1}: leadership counter ${e.handLeaders[p]} but ${l} in hand`;
    let d = 0;
    for (let i = 0; i < e.handN[p]; i++) if (e.cards.kw[e.instType[e.hand[p * S + i]]] & KW.DEFENSE) d++;
    if (d !== e.handDefense[p]) return `counters in step: p${p + 1}: defense counter ${e.handDefense[p]} but ${d} in hand`;
    const owned = [...list(e.drawPile, p * S, e.drawN[p]), ...list(e.hand, p * S, e.handN[p]), ...list(e.discard, p * S, e.discardN[p])];
    const fight = owned.reduce((sum, x) => sum + e.instFight[x], 0);
    if (fight !== e.ownedFight(p)) return `counters in step: p${p + 1}: owned fight counter ${e.ownedFight(p)} but ${fight} in draw pile, hand and discard pile`;
    for (const kind of [1, 2]) {
      const n = owned.filter((x) => e.cards.finisher[e.instType[x]] === kind).length;
      if (n !== e.ownedFinishers(p, kind)) return `counters in step: p${p + 1}: owned finisher (kind ${kind}) counter ${e.ownedFinishers(p, kind)} but ${n} in draw pile, hand and discard pile`;
    }
    const wounds = owned.filter((x) => e.instType[x] === e.cards.woundType).length;
    if (wounds !== e.ownedWounds(p)) return `counters in step: p${p + 1}: owned Wound counter ${e.ownedWounds(p)} but ${wounds} in draw pile, hand and discard pile`;
  }
  for (const [zone, items] of zones) {
    for (const inst of items()) {
      if (inst < 0 || inst >= e.nInst) return `card conservation: ${zone}: bad card ${inst}`;
      seen[inst]++;
      if (e.isRev9(inst)) {
        const k = inst - e.rev9Base;
        if (zone !== 'fate' || e.r9Where[k] !== REV9_FATE) return `card conservation: Rev-9 ${k} in ${zone} but marked ${e.r9Where[k]}`;
      }
    }
  }
  for (let k = 0; k < e.rev9N; k++) if (e.r9Where[k] !== REV9_FATE) seen[e.rev9Base + k]++;
  for (let i = 0; i < e.nInst; i++) if (seen[i] !== 1) return `card conservation: card ${i} (${e.name(i)}) is in ${seen[i]} zones`;
  for (let k = 0; k < e.rev9N; k++) if (e.r9Dmg[k] < 0) return `no negative counts: negative damage on Rev-9 ${k}`;
  if (e.fight < 0 || e.supply < 0 || e.locationSupply < 0) return 'no negative counts: negative fight or supply';
  for (let j = 0; j < e.reserveN; j++) if (e.reserveType[j] !== e.instType[e.reserve[j]]) return `counters in step: reserve slot ${j} type out of step`;
  let hostiles = 0;
  for (let j = 0; j < e.reserveN; j++) if (e.cards.kw[e.instType[e.reserve[j]]] & KW.HOSTILE) hostiles++;
  if (hostiles !== e.reserveHostiles) return `counters in step: hostile counter ${e.reserveHostiles} but ${hostiles} hostiles in the reserve`;
  return null;
}
