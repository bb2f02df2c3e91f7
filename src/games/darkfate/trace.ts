// Dark Fate trace text: the turn-by-turn lines of `--trace K` that are more than one template
// (the set-up, each turn's header, card lists, what a card adds). Free functions over the engine
// state; the engine calls them only while a trace sink is attached (they allocate strings).
// One-line events are written where they happen (`this.trace?.(…)`), next to their rule.
import type { EngineState } from './engineState.js';
import { OP, SECTIONS, SEC_PLAY } from './ops.js';
import { REV9_HUNT } from './policy.js';

/** The names of cards arr[from, from + n), comma-separated, or "(none)". */
export function cardNames(e: EngineState, arr: Int16Array, from: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(e.name(arr[from + i]));
  return out.join(', ') || '(none)';
}

/** The set-up: Rev-9, reserve, each player's hand, the first player. */
export function traceSetup(e: EngineState): void {
  const trace = e.trace;
  if (!trace) return;
  const v = e.cards.rev9[e.setup.rev9];
  trace(`SET-UP: ${e.players} player(s); Rev-9 ${v.name} (hunt ${v.hunt}, stagger ${v.stagger}) shuffled into the top ${e.rules.rev9Depth + 1} fate cards`);
  trace(`  (each turn: "fate N" counts the fate deck, a Rev-9 in it included; "reserve card K" is the K-th card of the reserve line)`);
  trace(`  reserve: ${cardNames(e, e.reserve, 0, e.reserveN)}`);
  for (let p = 0; p < e.players; p++) {
    const chars = e.setup.solo ? e.setup.characters.map((c) => e.cards.characters[c].name).join(' + ') : e.cards.characters[e.setup.characters[p]].name;
    trace(`  p${p + 1} (${chars}) hand: ${cardNames(e, e.hand, p * e.S, e.handN[p])}`);
  }
  trace(`  first player: p${e.current + 1}`);
}

/** A turn's header: whose turn, where each Rev-9 is, pile sizes, the hand and the reserve. */
export function traceTurn(e: EngineState, p: number): void {
  const trace = e.trace;
  if (!trace) return;
  const parts: string[] = [];
  for (let k = 0; k < e.rev9N; k++) {
    const where = ['out', 'in the fate deck', 'ON THE HUNT', 'destroyed'][e.r9Where[k]];
    parts.push(`${e.cards.rev9[e.r9Version[k]].name} ${where}${e.r9Where[k] === REV9_HUNT ? ` (${e.r9Dmg[k]} damage)` : ''}`);
  }
  trace(`TURN ${e.turn}: p${p + 1} (${e.cards.characters[e.activeCharacter[p]].name})${e.dead[p] ? ' [dead]' : ''}; ${parts.join('; ')}; fate ${e.fateN}, wounds left ${e.woundN}`);
  trace(`  hand: ${cardNames(e, e.hand, p * e.S, e.handN[p])}`);
  const res: string[] = [];
  for (let j = 0; j < e.reserveN; j++) res.push(e.name(e.reserve[j]) + (e.reserveDmg[j] ? ` [${e.reserveDmg[j]} dmg]` : ''));
  trace(`  reserve: ${res.join(', ') || '(empty)'}`);
}

/** What playing a card of type t adds to fight and supply, in words: " (+2 fight, +1 supply)", or "". */
export function gainsText(e: EngineState, t: number): string {
  const c = e.cards;
  let fight = c.fight[t];
  let supply = c.supply[t];
  let loc = 0;
  for (let i = c.sec[t * SECTIONS + SEC_PLAY]; i < c.sec[t * SECTIONS + SEC_PLAY + 1]; i++) {
    if (c.ops[i] === OP.FIGHT) fight += c.args[i];
    else if (c.ops[i] === OP.SUPPLY) supply += c.args[i];
    else if (c.ops[i] === OP.LOCATION_SUPPLY) loc += c.args[i];
  }
  const out = [fight ? `+${fight} fight` : '', supply ? `+${supply} supply` : '', loc ? `+${loc} supply for locations` : ''].filter(Boolean);
  return out.length ? ` (${out.join(', ')})` : '';
}

/** Fight and supply left to spend this phase, in words. */
export function spendableText(e: EngineState): string {
  return `fight ${e.fight}, supply ${e.supply}${e.locationSupply ? ` (+${e.locationSupply} for locations)` : ''}`;
}

/** The hand p drew at the end of the play phase (hand slots [0, hn)), before a death it causes. No-op without a trace sink. */
export function traceDrawn(e: EngineState, p: number, hn: number): void {
  e.trace?.(`  p${p + 1} discards and draws ${hn === e.rules.handSize ? 'a new hand' : `${hn} card${hn === 1 ? '' : 's'}`}: ${cardNames(e, e.hand, p * e.S, hn)}`);
}
