// The exact distribution of the turn of first contact in the opening model (Level 2). Contact
// needs an exterior, non-Distinct location that both sides have placed (digest §ロケーション); the
// placement policy does not matter, only which cards each side has drawn. Each side's location
// deck is Main Street last and a uniform random order of the other cards (digest §開始準備), so
// by the end of turn t side R has drawn the first r(t) of them and side S the first s(t), and
//   P(no contact) = Σ_k P(k common cards among R's first r) · C(n_S − k, s) / C(n_S, s)
// with the hypergeometric P(k) = C(c, k) C(n_R − c, r − k) / C(n_R, r) over the c common cards.
// Once both have drawn Main Street (the 9th card), contact is certain.
import { K_DISTINCT, L_EXTERIOR } from './cardData.js';
import { actsInTurn } from './opening.js';
import type { OpeningSimParams } from './openingSim.js';

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Cards drawn from each location deck by the end of turn t (both parts played), t = 1..maxTurns: [r, s] per turn. */
export function drawnByTurn(p: OpeningSimParams): [number, number][] {
  const drawn = [0, 0];
  const out: [number, number][] = [];
  for (let t = 1; t <= p.maxTurns; t++) {
    for (let side = 0; side < 2; side++) {
      if (actsInTurn(p.band, side, t) || p.inactiveSide === 'locations') drawn[side] = Math.min(p.locations[side].length, drawn[side] + p.locationsPerTurn);
    }
    out.push([drawn[0], drawn[1]]);
  }
  return out;
}

/**
 * Exterior, non-Distinct cards in both location decks that can join. A start location's card
 * cannot under startDuplicate removed (its side removes the copy it draws; the start itself never
 * joins); under placed both sides place it, so it can.
 */
export function commonCards(p: OpeningSimParams): number[] {
  const t = p.table.cards;
  const other = new Set(p.locations[1]);
  const startsJoin = p.startDuplicate === 'placed';
  return p.locations[0].filter((id) => {
    const c = t[id];
    return other.has(id) && c.location === L_EXTERIOR && (c.keywords & K_DISTINCT) === 0 && (startsJoin || (id !== p.startLocation[0] && id !== p.startLocation[1]));
  });
}

/** P(contact by the end of turn t), t = 1..maxTurns (exact, in doubles). */
export function exactContactByTurn(p: OpeningSimParams): number[] {
  const common = commonCards(p);
  const c = common.length;
  const ms = p.mainStreet;
  const msJoins = common.includes(ms);
  // Main Street is the last card; the others are in uniform random order.
  const nR = p.locations[0].length - (p.locations[0].includes(ms) ? 1 : 0);
  const nS = p.locations[1].length - (p.locations[1].includes(ms) ? 1 : 0);
  const cOthers = c - (msJoins ? 1 : 0);
  return drawnByTurn(p).map(([r, s]) => {
    if (msJoins && r > nR && s > nS) return 1;
    const rr = Math.min(r, nR);
    const ss = Math.min(s, nS);
    let none = 0;
    for (let k = 0; k <= Math.min(cOthers, rr); k++) {
      const pk = (choose(cOthers, k) * choose(nR - cOthers, rr - k)) / choose(nR, rr);
      none += pk * (choose(nS - k, ss) / choose(nS, ss));
    }
    return 1 - none;
  });
}
