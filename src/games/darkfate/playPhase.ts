// Dark Fate engine, layer 4 of 7: the play phase. The legal actions of the current player (the
// ACTION decision's options, END first), the play loop (a built-in policy's fast path, else the
// listed options), each action, and the end of the phase (discard everything, draw up to five).
import { OUTCOME_NONE, OUTCOME_THREE_WOUNDS } from './darkfateRules.js';
import { EngineEffects } from './effects.js';
import { HAND_DEFENSE, HAND_LEADER, HAND_WOUND, PLAY_AS_SKILL, PLAY_FIGHT, PLAY_FROM, PLAY_HOW, PLAY_STRIDE, PLAY_SUPPLY, PLAY_TO, RESOLVE_OTHER, RESOLVE_PLAY, RESUME_ACTION, RESUME_BUY_RECIPIENT } from './engineState.js';
import { KW, SECTIONS, SEC_EACH_TURN, SEC_PLAY } from './ops.js';
import { ACTION_BUY, ACTION_END, ACTION_FIGHT_HOSTILE, ACTION_FIGHT_REV9, ACTION_LEAD, ACTION_PLAY, ACTION_REST, DECISION, REV9_HUNT } from './policy.js';
import { cardNames, gainsText, spendableText, traceDrawn } from './trace.js';

export class EnginePlayPhase extends EngineEffects {
  // =============================== play phase ===============================
  /** Fills opts with the legal play-phase actions of player p; returns their number. END is first. */
  legalActions(p: number, mayRest: boolean): number {
    // Hot: called before every play-phase decision; typed arrays hoisted into locals.
    const c = this.cards;
    const kwOf = c.kw;
    const discardCost = c.discardCost;
    const costOf = c.cost;
    const handType = this.handType;
    const reserveType = this.reserveType;
    const o = this.opts;
    const S = this.S;
    const P = this.players;
    let n = 0;
    o[n++] = ACTION_END << 16;
    const hn = this.handN[p];
    const hb = p * S;
    for (let i = 0; i < hn; i++) {
      const t = handType[hb + i];
      // rulebook: Glossary, Wound — wounds cannot be played.
      if (kwOf[t] & KW.WOUND) continue;
      // rulebook: Playing Cards — if you cannot fulfil the text of a card, it cannot be played.
      if (discardCost[t] > hn - 1) continue;
      o[n++] = (ACTION_PLAY << 16) | (i << 8);
    }
    // rulebook: Rest — destroy a card in your hand (instead of playing cards).
    if (mayRest) for (let i = 0; i < hn; i++) o[n++] = (ACTION_REST << 16) | (i << 8);
    // rulebook: Glossary, Leadership — played in another player's play phase.
    for (let q = 0; q < P; q++) {
      if (q === p || this.dead[q] || this.handLeaders[q] === 0) continue;
      const qn = this.handN[q];
      const qb = q * S;
      for (let i = 0; i < qn; i++) {
        const t = handType[qb + i];
        if (kwOf[t] & KW.LEADERSHIP && discardCost[t] <= hn) o[n++] = (ACTION_LEAD << 16) | (q << 8) | i;
      }
    }
    const f = this.fight;
    const rn = this.reserveN;
    if (f > 0) {
      // rulebook: Playing Cards — one damage per fight on a Rev-9 (on the hunt) or a hostile card in
      // the reserve. Amounts offered: 1, exactly enough to reach the threshold, and all (b = amount);
      // any other split is a sequence of these.
      const all = f > 255 ? 255 : f;
      for (let k = 0; k < this.rev9N; k++) {
        if (this.r9Where[k] !== REV9_HUNT) continue;
        o[n++] = (ACTION_FIGHT_REV9 << 16) | (k << 8) | 1;
        const need = c.rev9[this.r9Version[k]].stagger - this.r9Dmg[k];
        if (need > 1 && need < all) o[n++] = (ACTION_FIGHT_REV9 << 16) | (k << 8) | need;
        if (all > 1) o[n++] = (ACTION_FIGHT_REV9 << 16) | (k << 8) | all;
      }
      for (let j = 0; j < rn && this.reserveHostiles > 0; j++) {
        const t = reserveType[j];
        if (!(kwOf[t] & KW.HOSTILE)) continue;
        o[n++] = (ACTION_FIGHT_HOSTILE << 16) | (j << 8) | 1;
        const need = c.resistance[t] - this.reserveDmg[j];
        if (need > 1 && need <= all) o[n++] = (ACTION_FIGHT_HOSTILE << 16) | (j << 8) | need;
      }
    }
    const supply = this.supply;
    const locSupply = supply + this.locationSupply;
    // Skip the reserve scan while no card there could be affordable (most decisions early in a turn).
    if (locSupply >= this.minCost) {
      for (let j = 0; j < rn; j++) {
        const t = reserveType[j];
        const cost = costOf[t];
        if (cost < 0 || cost > locSupply) continue;
        if (kwOf[t] & KW.LOCATION) {
          // rulebook: Glossary, Location — played at once on purchase; location-only supply counts.
          o[n++] = (ACTION_BUY << 16) | (j << 8) | p;
        } else if (cost <= supply) {
          // rulebook: Playing Cards — gained cards go into any player's discard pile (asked next: GAIN_RECIPIENT).
          o[n++] = (ACTION_BUY << 16) | (j << 8);
        }
      }
    }
    return n;
  }

  /** rulebook: 1: Play Phase — play cards or rest; then discard everything and draw up to five. */
  playPhase(p: number): void {
    const c = this.cards;
    this.fight = 0;
    this.supply = 0;
    this.locationSupply = 0;
    this.playedN = 0;
    this.turnPlayedN = 0;
    // rulebook: Glossary, Skill / Character Card — passive powers and skills act each turn (assumption: at its start).
    const ch = c.characters[this.activeCharacter[p]];
    this.resolve(ch.powerStart, ch.powerEnd, p, RESOLVE_OTHER);
    for (let i = 0; i < this.skillsN[p]; i++) {
      const t = this.instType[this.skills[p * this.S + i]];
      this.resolve(c.sec[t * SECTIONS + SEC_EACH_TURN], c.sec[t * SECTIONS + SEC_EACH_TURN + 1], p, RESOLVE_OTHER);
    }
    if (this.trace && (this.fight || this.supply || this.locationSupply)) this.trace(`  p${p + 1}'s character power${this.skillsN[p] ? ` and skills in play (${cardNames(this, this.skills, p * this.S, this.skillsN[p])})` : ''}: ${spendableText(this)}`);
    this.playFirst = true;
    this.playLoop(p);
    this.endOfPlay(p);
  }

  /** The play phase's actions from the current state until END, a rest, the end of the game or p's death. */
  protected playLoop(p: number): void {
    // A built-in policy usually decides from the hand alone; else list every legal action.
    const pol = this.policy;
    const quick = pol.quickAction !== undefined;
    // rulebook: Go On Without Me! — a player who dies skips the play phase: one who dies during it stops there.
    while (this.outcome === OUTCOME_NONE && this.dead[p] === 0) {
      let code = -1;
      if (quick) {
        this.deciding = p;
        code = pol.quickAction!(this.rng, this, p, this.playFirst);
      }
      if (code < 0) code = this.opts[this.askAt(RESUME_ACTION, DECISION.ACTION, this.legalActions(p, this.playFirst), false, p)];
      if (this.playAction(p, code)) break;
    }
  }

  /** Takes play-phase action `code` for current player p; true when it ends the play loop (END, a rest). */
  protected playAction(p: number, code: number): boolean {
    const kind = code >>> 16;
    if (kind === ACTION_END) return true;
    this.playFirst = false;
    if (kind === ACTION_REST) {
      const inst = this.removeFromHand(p, (code >>> 8) & 0xff);
      this.ownOut(p, inst);
      this.destroy(inst);
      this.trace?.(`  p${p + 1} rests, destroying ${this.name(inst)}`);
      return true;
    }
    // Most actions play a card of one's own hand: straight to playCard (doAction's first case).
    if (kind === ACTION_PLAY) this.playCard(p, p, (code >>> 8) & 0xff);
    else this.doAction(p, kind, (code >>> 8) & 0xff, code & 0xff);
    return false;
  }

  /** The end of p's play phase (unless the game is over): discard and draw, or leave play dead. */
  protected endOfPlay(p: number): void {
    if (this.outcome !== OUTCOME_NONE) return;
    if (this.dead[p]) this.leavePlayDead(p);
    else this.endPlayPhase(p);
  }

  /**
   * Go On Without Me!: p died during their own play phase, which ends there. Played cards leave
   * play (leadership cards to their owners' discard piles, assumption: as at the end of a play
   * phase); the dead player's hand stays as it is and nothing is drawn (a dead player never plays).
   */
  protected leavePlayDead(p: number): void {
    // (Still counted as owned while in play: ownFight.)
    for (let i = 0; i < this.playedN; i++) this.toDiscard(this.playedOwner[i], this.played[i]);
    this.playedN = 0;
    this.fight = this.supply = this.locationSupply = 0;
    this.trace?.(`  p${p + 1}'s play phase ends with their death`);
  }

  /** Executes one non-END, non-REST play-phase action for current player p. */
  doAction(p: number, kind: number, a: number, b: number): void {
    const c = this.cards;
    switch (kind) {
      case ACTION_PLAY:
        this.playCard(p, p, a);
        break;
      case ACTION_LEAD:
        this.playCard(p, a, b);
        break;
      case ACTION_FIGHT_REV9: {
        this.fight -= b;
        const stagger = c.rev9[this.r9Version[a]].stagger;
        const before = this.r9Dmg[a];
        this.r9Dmg[a] += b;
        this.trace?.(`  p${p + 1} deals ${b} damage to Rev-9 ${c.rev9[this.r9Version[a]].name} (now ${this.r9Dmg[a]}; fight left ${this.fight})`);
        // rulebook: Playing Cards — damage equal to or greater than the stagger value: staggered.
        if (before < stagger && this.r9Dmg[a] >= stagger) {
          this.staggers++;
          this.trace?.(`    Rev-9 ${c.rev9[this.r9Version[a]].name} is STAGGERED`);
        }
        break;
      }
      case ACTION_FIGHT_HOSTILE: {
        this.fight -= b;
        const t = this.reserveType[a];
        this.reserveDmg[a] += b;
        this.trace?.(`  p${p + 1} deals ${b} damage to ${c.names[t]} (reserve card ${a + 1}; fight left ${this.fight})`);
        // rulebook: Glossary, Hostile — damage >= resistance: moved to the bottom of the fate deck.
        if (this.reserveDmg[a] >= c.resistance[t]) {
          this.fatePushBottom(this.removeReserve(a));
          this.trace?.(`    ${c.names[t]} is driven off to the bottom of the fate deck`);
        }
        break;
      }
      case ACTION_BUY: {
        const inst = this.removeReserve(a);
        const t = this.instType[inst];
        const cost = c.cost[t];
        if (c.kw[t] & KW.LOCATION) {
          const fromLoc = Math.min(cost, this.locationSupply);
          this.locationSupply -= fromLoc;
          this.supply -= cost - fromLoc;
          this.trace?.(`  p${p + 1} buys location ${c.names[t]} (cost ${cost}; ${spendableText(this)} left) and plays it${gainsText(this, t)}`);
          if (this.statBoughtMark[t] !== this.turn) {
            this.statBoughtMark[t] = this.turn;
            this.statBoughtTurns[t]++;
          }
          // rulebook: Glossary, Location — immediately play it, then move it to the bottom of the fate deck.
          this.limbo = inst;
          this.fight += c.fight[t];
          this.supply += c.supply[t];
          this.resolve(c.sec[t * SECTIONS + SEC_PLAY], c.sec[t * SECTIONS + SEC_PLAY + 1], p, RESOLVE_OTHER);
          this.limbo = -1;
          this.fatePushBottom(inst);
        } else {
          this.supply -= cost;
          this.pending = inst;
          this.boughtTo(p, this.askRecipient(p, RESUME_BUY_RECIPIENT));
        }
        break;
      }
      default:
        throw new Error(`unknown action kind ${kind}`);
    }
  }

  /** The end of a buy: the pending card goes to r's discard pile. */
  protected boughtTo(p: number, r: number): void {
    const inst = this.pending;
    const t = this.instType[inst];
    this.pending = -1;
    this.toDiscard(r, inst);
    this.ownIn(r, inst);
    this.statGained[t]++;
    this.statSeatGained[r]++;
    this.trace?.(`  p${p + 1} gains ${this.cards.names[t]} (cost ${this.cards.cost[t]}; supply left ${this.supply}) into p${r + 1}'s discard pile`);
  }

  /** Current player p plays slot i of owner q's hand (q !== p: a leadership card). */
  protected playCard(p: number, q: number, i: number): void {
    const c = this.cards;
    const inst = this.removeFromHand(q, i);
    const t = this.instType[inst];
    this.trace?.(`  p${p + 1} plays ${c.names[t]}${q !== p ? ` from p${q + 1}'s hand (leadership)` : ''}${gainsText(this, t)}`);
    // What playing t does, from one table (playInfo: keyword, self-destroy, printed values, text).
    const info = this.playInfo;
    const at = t * PLAY_STRIDE;
    const how = info[at + PLAY_HOW];
    // The owned counters keep a card played and back (ownFight); one that stays out leaves them.
    if (how === 0) {
      this.playedOwner[this.playedN] = q;
      this.played[this.playedN++] = inst;
    } else if (how === PLAY_AS_SKILL) {
      // rulebook: Glossary, Skill — placed in front of you; remains for the rest of the game.
      this.ownOut(q, inst);
      this.skills[p * this.S + this.skillsN[p]++] = inst;
    } else {
      this.ownOut(q, inst);
      this.destroy(inst);
    }
    this.turnPlayed[this.turnPlayedN++] = t;
    if (this.statPlayedMark[t] !== this.turn) {
      this.statPlayedMark[t] = this.turn;
      this.statPlayedTurns[t]++;
    }
    this.fight += info[at + PLAY_FIGHT];
    this.supply += info[at + PLAY_SUPPLY];
    this.playing = inst;
    this.resolve(info[at + PLAY_FROM], info[at + PLAY_TO], p, RESOLVE_PLAY);
    this.playedCardDone();
  }

  /** The end of a played card's text. */
  protected playedCardDone(): void {
    const inst = this.playing;
    this.playing = -1;
    if (this.trace && this.selfDestroy[this.instType[inst]]) this.trace(`    ${this.cards.names[this.instType[inst]]} is destroyed (its text says so)`);
  }

  /** rulebook: End of Play Phase — discard played cards and hand, draw up to five. */
  protected endPlayPhase(p: number): void {
    const S = this.S;
    const discard = this.discard;
    const hand = this.hand;
    const hb = p * S;
    let dn = this.discardN[p];
    for (let i = 0, n = this.playedN; i < n; i++) {
      // rulebook: Glossary, Leadership — returns to its owner's discard pile.
      const q = this.playedOwner[i];
      if (q === p) discard[hb + dn++] = this.played[i];
      else this.toDiscard(q, this.played[i]);
    }
    this.playedN = 0;
    // The whole hand goes to the discard pile, last slot first (as removing the last card
    // repeatedly would), so every hand counter ends at zero: one pass, no per-card bookkeeping.
    for (let i = hb + this.handN[p] - 1; i >= hb; i--) discard[hb + dn++] = hand[i];
    this.discardN[p] = dn;
    this.handWounds[p] = 0;
    this.handLeaders[p] = 0;
    this.handDefense[p] = 0;
    // Supply does not carry on to another player's turn.
    this.fight = this.supply = this.locationSupply = 0;
    // Draw up to five: drawOne's steps, with the counts in locals (addToHand's bookkeeping inline).
    const drawPile = this.drawPile;
    const handBits = this.handBits;
    const handType = this.handType;
    const instType = this.instType;
    let hn = 0;
    let drawn = this.drawN[p];
    for (let i = 0, size = this.rules.handSize; i < size && this.outcome === OUTCOME_NONE; i++) {
      if (drawn === 0 && (drawn = this.reshuffle(p)) === 0) break;
      const inst = drawPile[hb + --drawn];
      handType[hb + hn] = instType[inst];
      hand[hb + hn++] = inst;
      const bits = handBits[inst];
      if (bits === 0) continue;
      if (bits & HAND_LEADER) this.handLeaders[p]++;
      if (bits & HAND_DEFENSE) this.handDefense[p]++;
      if (bits & HAND_WOUND) {
        // rulebook: Glossary, Die — three wound cards in your hand at any time and you die.
        if (++this.handWounds[p] >= this.rules.woundsToDie) {
          this.handN[p] = hn;
          this.drawN[p] = drawn;
          this.drawVer[p]++;
          traceDrawn(this, p, hn);
          this.die(p, OUTCOME_THREE_WOUNDS);
          // Lost, or (Go On Without Me!) dead: a dead player draws no more.
          return;
        }
      }
    }
    this.handN[p] = hn;
    this.drawN[p] = drawn;
    this.drawVer[p]++;
    traceDrawn(this, p, hn);
  }

}
