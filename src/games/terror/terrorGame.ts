// Final Girl: Terror from Destiny — the vignette's rules (exact) inside a documented model of the
// Final Girl core turn. Rules source: ../shared/rules/final-girl-terror-from-destiny.txt; core
// turn: ../shared/rules/public-facts.md (Final Girl section); everything else is labelled data in
// scenarios/terror/ (see its README.md).
//
// Parameters: see terrorParams.ts (horrorStart, timePerTurn, timeExtreme, handLimit, terrorDealt,
// terrorPerPhase, terrorPerPhaseNoFated, bloodlustStart, successFrom, partialFrom, partialCost).
//
// One TerrorGame holds all state in preallocated typed arrays with integer ids; reset() starts a
// game and play() runs it to the end. Nothing in play() allocates unless tracing is on.
//
// Turn (model, public facts): Action (time, action cards, horror rolls) → Planning (buy cards with
// the time left) → Killer (no killer: the terror cards only) → Panic (no killer meeple: nothing
// scatters; assumption) → Upkeep. The game ends as soon as the last terror card is resolved, then
// the Destiny phase.
import { randIndex, rollDie, shuffleInPlace, type Rng } from '../../core/rng.js';
import {
  CARD_ESCORT,
  CARD_HEAL,
  CARD_MOVE,
  CARD_PREMONITION,
  CARD_SEARCH,
  CARD_STEADY,
  CARD_THWART,
  EFFECT_NAMES,
  FX_BLOODLUST,
  FX_DISCARD_ACTION,
  FX_DISCARD_TERROR,
  FX_HEALTH,
  FX_HORROR,
  FX_KILL_NEAREST,
  FX_KILL_RANDOM,
  FX_SCATTER,
  NEED_BLOODLUST_AT_MOST,
  NEED_HAND_AT_LEAST,
  NEED_HEALTH_AT_LEAST,
  NEED_HORROR_AT_MOST,
  NEED_ITEMS,
  NEED_SAVED_AT_LEAST,
  TIE_NORMAL_FIRST,
  TIE_RANDOM,
  type Effect,
  type TerrorData,
} from './terrorData.js';
import type { TerrorSimParams } from './terrorParams.js';
import {
  DISCARD_FOR_TIME,
  UNKNOWN_CONSEQUENCE,
  UNKNOWN_DEATH_TOKEN,
  UNKNOWN_PUNISHMENT,
  UNKNOWN_TERROR,
  V_BOARD,
  V_CONSEQUENCE,
  V_DEAD,
  V_DEATH_TOKEN,
  V_FG_CARD,
  V_LIMBO,
  V_SAVED,
  V_UNUSED,
  type ActionList,
  type TerrorPolicy,
  type TerrorView,
} from './terrorPolicy.js';

/** How the game ended. */
export const OUTCOME_RUNNING = 0;
export const OUTCOME_WON = 1;
export const OUTCOME_DIED_IN_PLAY = 2;
export const OUTCOME_DIED_IN_DESTINY = 3;

const MAX_VICTIMS = 16;
const MAX_TURNS = 64;

/** Effects as flat integer lists: [kind, amount, kind, amount, …]. */
function flatEffects(list: Effect[]): Int32Array {
  const out = new Int32Array(list.length * 2);
  list.forEach((e, i) => {
    out[2 * i] = e.kind;
    out[2 * i + 1] = e.amount;
  });
  return out;
}

export class TerrorGame implements TerrorView {
  readonly data: TerrorData;
  readonly p: TerrorSimParams;
  policy: TerrorPolicy;
  rng!: Rng;
  /** Turn-by-turn log when non-null (trace mode only). */
  trace: string[] | null = null;

  // Static tables (built once).
  readonly nSpaces: number;
  readonly dist: Int16Array;
  readonly adjStart: Int32Array;
  readonly adj: Int32Array;
  readonly exitSpace: Uint8Array;
  readonly searchSpace: Uint8Array;
  readonly exitDist: Int16Array;
  readonly fc: number;
  readonly nCards: number;
  readonly deckSize: number;
  readonly terrorEffects: Int32Array[];
  readonly destinyEffects: Int32Array[];
  readonly thresholdEffects: Int32Array[];

  // Board and Final Girl.
  deathOrderCard = 0;
  fgSpace_ = 0;
  health_ = 0;
  maxHealth_ = 0;
  horror_ = 0;
  time_ = 0;
  items_ = 0;
  bloodlust_ = 0;
  finalToken = 0;
  finalFlipped = false;
  /** assumption (parameter finalHealth): flip the Final Health token at 0 health (else at the next loss). */
  readonly flipAtZero: boolean;
  dead = false;
  /** Set when a Final Health revival ends the current phase (public fact). */
  phaseEnded = false;
  pendingRewards = 0;
  savedCount = 0;
  outcome = OUTCOME_RUNNING;
  turn = 0;
  noFatedLatch = false;
  readonly hand_: Int8Array;
  readonly supply_: Int8Array;

  // Victims: ids [0, fc) are the Fated Victims, then normal victims.
  nVictims = 0;
  readonly vState: Uint8Array;
  readonly vSpace: Int16Array;
  limboEver = 0;
  normalKilled = 0;

  // Death Order card: token positions in arrow order [0, fc).
  readonly deathPic: Int8Array;
  readonly deathFaceUp: Uint8Array;
  readonly deathOn: Int8Array;
  readonly deathDone: Uint8Array;
  arrow_ = 0;

  // Consequence row.
  readonly consCard: Int8Array;
  readonly punCard: Int8Array;
  readonly consFaceUp: Uint8Array;
  readonly punFaceUp: Uint8Array;
  readonly consVictim: Int8Array;
  consequencesResolved = 0;

  // Terror deck: deck[0] is the top card.
  readonly deck: Int16Array;
  deckPos = 0;
  topRevealed = false;
  terrorConsumed = 0;

  // Scratch buffers (reused).
  readonly actions: ActionList;
  readonly scratch: Int32Array;
  readonly scratch2: Int32Array;
  readonly pool: Int16Array;
  readonly leaving: Int32Array;

  constructor(params: TerrorSimParams, policy: TerrorPolicy) {
    this.p = params;
    this.data = params.data;
    this.flipAtZero = params.finalHealth === 'flipAtZero';
    // Checked with a message for the user in terrorEntry's prepare(); here a guard for direct callers.
    if (params.horrorStart > this.data.horror.max || params.bloodlustStart > this.data.bloodlust.length) throw new Error('horrorStart or bloodlustStart beyond its track');
    this.policy = policy;
    const d = this.data;
    const n = d.location.spaces.length;
    this.nSpaces = n;
    this.fc = d.fatedDeath.count;
    this.nCards = d.cards.length;
    this.deckSize = params.terrorDealt + this.fc;
    // Adjacency in CSR form and all-pairs distances by BFS (why: O(1) distance queries in policies).
    const lists: number[][] = Array.from({ length: n }, () => []);
    for (const [a, b] of d.location.paths) {
      if (!lists[a].includes(b)) lists[a].push(b);
      if (!lists[b].includes(a)) lists[b].push(a);
    }
    this.adjStart = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) this.adjStart[i + 1] = this.adjStart[i] + lists[i].length;
    this.adj = Int32Array.from(lists.flat());
    this.dist = new Int16Array(n * n).fill(-1);
    for (let s = 0; s < n; s++) {
      const q = [s];
      this.dist[s * n + s] = 0;
      for (let h = 0; h < q.length; h++) {
        for (const t of lists[q[h]]) {
          if (this.dist[s * n + t] < 0) {
            this.dist[s * n + t] = this.dist[s * n + q[h]] + 1;
            q.push(t);
          }
        }
      }
    }
    this.exitSpace = Uint8Array.from(d.location.spaces.map((s) => (s.exit ? 1 : 0)));
    this.searchSpace = Uint8Array.from(d.location.spaces.map((s) => (s.search ? 1 : 0)));
    this.exitDist = new Int16Array(n);
    for (let s = 0; s < n; s++) {
      let best = 32767;
      for (let t = 0; t < n; t++) if (this.exitSpace[t] && this.dist[s * n + t] < best) best = this.dist[s * n + t];
      this.exitDist[s] = best;
    }
    this.terrorEffects = d.terror.map((t) => flatEffects(t.effects));
    this.destinyEffects = d.deathOrders.map((o) => flatEffects(o.destiny));
    this.thresholdEffects = d.bloodlust.thresholds.map((t) => flatEffects(t.effects));
    this.hand_ = new Int8Array(this.nCards);
    this.supply_ = new Int8Array(this.nCards);
    this.vState = new Uint8Array(MAX_VICTIMS);
    this.vSpace = new Int16Array(MAX_VICTIMS);
    this.deathPic = new Int8Array(this.fc);
    this.deathFaceUp = new Uint8Array(this.fc);
    this.deathOn = new Int8Array(this.fc);
    this.deathDone = new Uint8Array(this.fc);
    this.consCard = new Int8Array(this.fc);
    this.punCard = new Int8Array(this.fc);
    this.consFaceUp = new Uint8Array(this.fc);
    this.punFaceUp = new Uint8Array(this.fc);
    this.consVictim = new Int8Array(this.fc);
    this.deck = new Int16Array(this.deckSize);
    const maxActions = this.nCards * (n + 1) + 8;
    this.actions = { n: 0, card: new Int32Array(maxActions), dest: new Int32Array(maxActions) };
    this.scratch = new Int32Array(Math.max(n, d.terror.length, 64, d.consequences.length, d.punishments.length) + 8);
    this.scratch2 = new Int32Array(Math.max(n, 64) + 8);
    this.pool = new Int16Array(d.terror.length + 8);
    this.leaving = new Int32Array(MAX_VICTIMS);
  }

  // ---------------------------------------------------------------- view (what the player sees)
  fgSpace(): number { return this.fgSpace_; }
  health(): number { return this.health_; }
  maxHealth(): number { return this.maxHealth_; }
  horror(): number { return this.horror_; }
  time(): number { return this.time_; }
  items(): number { return this.items_; }
  bloodlust(): number { return this.bloodlust_; }
  hand(card: number): number { return this.hand_[card]; }
  handTotal(): number {
    let t = 0;
    for (let c = 0; c < this.nCards; c++) t += this.hand_[c];
    return t;
  }
  supply(card: number): number { return this.supply_[card]; }
  deckLeft(): number { return this.deckSize - this.deckPos; }
  nextTerrorKnown(): number { return this.topRevealed && this.deckPos < this.deckSize ? this.deck[this.deckPos] : -1; }
  victimCount(): number { return this.nVictims; }
  fatedCount(): number { return this.fc; }
  victimState(v: number): number { return this.vState[v]; }
  victimSpace(v: number): number { return this.vState[v] === V_BOARD ? this.vSpace[v] : -1; }
  arrow(): number { return this.arrow_; }
  deathPicture(p: number): number { return this.deathFaceUp[p] ? this.deathPic[p] : -1; }
  deathTokenVictim(p: number): number { return this.deathOn[p]; }
  firstFreeDeathToken(): number {
    for (let p = this.arrow_; p < this.fc; p++) if (!this.deathDone[p] && this.deathOn[p] < 0) return p;
    return -1;
  }
  consequence(i: number): number { return this.consFaceUp[i] ? this.consCard[i] : -1; }
  consequenceVictim(i: number): number { return this.consVictim[i]; }
  punishment(i: number): number { return this.punFaceUp[i] ? this.data.punishments[this.punCard[i]] : -1; }
  spaceCount(): number { return this.nSpaces; }
  isExit(space: number): boolean { return this.exitSpace[space] === 1; }
  isSearch(space: number): boolean { return this.searchSpace[space] === 1; }
  distance(a: number, b: number): number { return this.dist[a * this.nSpaces + b]; }
  exitDistance(space: number): number { return this.exitDist[space]; }

  private log(msg: string): void {
    this.trace!.push(`turn ${this.turn}: ${msg}`);
  }
  /** Trace only: one line with the visible state at the end of a turn. */
  private logState(): void {
    const where = (v: number) => {
      switch (this.vState[v]) {
        case V_BOARD: return this.spaceName(this.vSpace[v]);
        case V_DEATH_TOKEN: return `on Death token ${this.deathOn.indexOf(v) + 1}`;
        case V_LIMBO: return 'Limbo';
        case V_CONSEQUENCE: return `Consequence ${this.consVictim.indexOf(v) + 1}`;
        case V_FG_CARD: return 'saved';
        case V_SAVED: return 'saved';
        default: return 'dead';
      }
    };
    const fated = [];
    const normal = [];
    for (let v = 0; v < this.nVictims; v++) {
      if (v < this.fc) fated.push(`${this.data.fatedVictims[v]}: ${where(v)}`);
      else normal.push(`${v - this.fc + 1}: ${where(v)}`);
    }
    const order = [];
    for (let p = 0; p < this.fc; p++) order.push(this.deathDone[p] ? 'done' : this.deathFaceUp[p] ? this.data.fatedVictims[this.deathPic[p]] : '?');
    this.log(`end of turn: health ${this.health_}, horror ${this.horror_}, bloodlust ${this.bloodlust_}, items ${this.items_}, hand ${this.handTotal()}, at ${this.spaceName(this.fgSpace_)}`);
    this.log(`  Death tokens (as seen): [${order.join(', ')}]; Fated Victims: ${fated.join('; ')}`);
    this.log(`  victims: ${normal.join('; ')}`);
  }

  private spaceName(s: number): string { return this.data.location.spaces[s]?.name ?? `space ${s}`; }
  victimName(v: number): string { return v < this.fc ? `${this.data.fatedVictims[v]} (Fated)` : `victim ${v - this.fc + 1}`; }

  // ---------------------------------------------------------------- set-up
  /** Starts a new game on stream `rng`: the rulebook's Special Setup. Mutates all state. */
  reset(rng: Rng): void {
    this.rng = rng;
    const d = this.data;
    const p = this.p;
    const fc = this.fc;
    this.turn = 0;
    this.outcome = OUTCOME_RUNNING;
    this.dead = false;
    this.phaseEnded = false;
    this.noFatedLatch = false;
    this.pendingRewards = 0;
    this.savedCount = 0;
    this.limboEver = 0;
    this.normalKilled = 0;
    this.consequencesResolved = 0;
    this.items_ = 0;
    // rulebook: Special Setup — the Bloodlust marker on the start space; Horror level starts at 5
    this.bloodlust_ = p.bloodlustStart;
    this.horror_ = p.horrorStart;
    this.maxHealth_ = d.finalGirl.health;
    this.health_ = d.finalGirl.health;
    this.time_ = 0;
    // public fact: Final Health tokens — one drawn facedown (flipped per the finalHealth reading)
    this.finalToken = d.finalHealthTokens[randIndex(rng, d.finalHealthTokens.length)];
    this.finalFlipped = false;
    // Death Order card: the chosen one, or a random one per game (--death-order all).
    this.deathOrderCard = p.deathOrder >= 0 ? p.deathOrder : randIndex(rng, d.deathOrders.length);
    // Action cards: the starting hand out of the supply (assumed data).
    for (let c = 0; c < this.nCards; c++) {
      this.hand_[c] = 0;
      this.supply_[c] = d.cards[c].copies;
    }
    for (let i = 0; i < d.finalGirl.startingHand.length; i++) {
      const c = d.finalGirl.startingHand[i];
      this.hand_[c]++;
      if (this.supply_[c] > 0) this.supply_[c]--;
    }
    // Normal set-up: Final Girl and victims per the setup card (assumed data).
    this.fgSpace_ = d.location.finalGirlStart;
    this.nVictims = fc + d.location.victimStarts.length;
    for (let v = 0; v < MAX_VICTIMS; v++) {
      this.vState[v] = V_UNUSED;
      this.vSpace[v] = -1;
    }
    for (let i = 0; i < d.location.victimStarts.length; i++) {
      this.vState[fc + i] = V_BOARD;
      this.vSpace[fc + i] = d.location.victimStarts[i];
    }
    // rulebook: Special Setup example — Fated Victims by setup-grid rolls, legal spaces only
    for (let v = 0; v < fc; v++) this.placeFatedVictim(v);
    // rulebook: Special Rules — the Death tokens lie facedown on the Death Order card in hidden order
    for (let i = 0; i < fc; i++) {
      this.deathPic[i] = i;
      this.deathFaceUp[i] = 0;
      this.deathOn[i] = -1;
      this.deathDone[i] = 0;
      this.consVictim[i] = -1;
      this.consFaceUp[i] = 0;
      this.punFaceUp[i] = 0;
    }
    shuffleInPlace(rng, this.deathPic, 0, fc);
    this.arrow_ = 0;
    // rulebook: Special Setup (layout picture) — a row of Consequence cards over Punishment cards, facedown
    const sc = this.scratch;
    for (let i = 0; i < d.consequences.length; i++) sc[i] = i;
    shuffleInPlace(rng, sc, 0, d.consequences.length);
    for (let i = 0; i < fc; i++) this.consCard[i] = sc[i];
    for (let i = 0; i < d.punishments.length; i++) sc[i] = i;
    shuffleInPlace(rng, sc, 0, d.punishments.length);
    for (let i = 0; i < fc; i++) this.punCard[i] = sc[i];
    this.buildTerrorDeck();
    if (this.trace) {
      this.log(`set-up: ${d.finalGirl.name} at ${this.spaceName(this.fgSpace_)}, health ${this.health_}, horror ${this.horror_}, Death Order card ${d.deathOrders[this.deathOrderCard].name}`);
      for (let v = 0; v < this.nVictims; v++) this.log(`set-up: ${this.victimName(v)} at ${this.spaceName(this.vSpace[v])}`);
      this.log(`set-up: terror deck of ${this.deckSize}, top card ${d.terror[this.deck[0]].name}`);
    }
  }

  /**
   * rulebook: Special Setup — keep the Fated Death cards aside, shuffle the vignette's and the
   * Location's terror cards, deal terrorDealt, set one aside, shuffle the rest with the Fated Death
   * cards, put the set-aside card on top. deck[0] is the top card and is never Fated Death.
   */
  buildTerrorDeck(): void {
    const d = this.data;
    const fc = this.fc;
    const pool = this.pool;
    const nPool = d.vignetteTerrorCount + d.locationTerrorCount;
    for (let i = 0; i < nPool; i++) pool[i] = fc + i;
    shuffleInPlace(this.rng, pool, 0, nPool);
    const dealt = this.p.terrorDealt;
    const deck = this.deck;
    deck[0] = pool[0];
    for (let i = 1; i < dealt; i++) deck[i] = pool[i];
    for (let f = 0; f < fc; f++) deck[dealt + f] = f;
    shuffleInPlace(this.rng, deck, 1, dealt + fc);
    this.deckPos = 0;
    this.topRevealed = false;
    this.terrorConsumed = 0;
  }

  /** Legal set-up spaces of grid section (vBand, hBand) into out; returns the count. */
  legalPlacements(section: readonly number[], out: Int32Array): number {
    let n = 0;
    for (let k = 0; k < section.length; k++) {
      const s = section[k];
      // rulebook: Special Setup example — not on an Exit space (E4, E5)
      if (this.exitSpace[s]) continue;
      // rulebook: Special Setup example — not on the Final Girl's space (E3)
      if (s === this.fgSpace_) continue;
      // rulebook: Special Setup example — never two Fated Victims in one place (E2); other victims may share (E5)
      let taken = false;
      for (let v = 0; v < this.fc; v++) if (this.vState[v] === V_BOARD && this.vSpace[v] === s) taken = true;
      if (!taken) out[n++] = s;
    }
    return n;
  }

  private placeFatedVictim(v: number): void {
    const grid = this.data.location;
    const cand = this.scratch2;
    // Ends: the data loader checked that the sections the dice reach hold a legal space for every Fated Victim.
    for (;;) {
      // rulebook: Special Setup example — one roll for the vertical guides, one for the horizontal
      const vr = rollDie(this.rng, 6);
      const hr = rollDie(this.rng, 6);
      const n = this.legalPlacements(grid.sections[grid.gridVertical[vr - 1]][grid.gridHorizontal[hr - 1]], cand);
      if (n > 0) {
        const i = this.policy.placeFatedVictim(this, cand, n, this.rng);
        this.vState[v] = V_BOARD;
        this.vSpace[v] = cand[i >= 0 && i < n ? i : 0];
        return;
      }
      // assumption: a section with no legal space is rolled again (as often as needed)
    }
  }

  // ---------------------------------------------------------------- the game
  /** Plays the game to its end from the current (reset) state; sets `outcome`. */
  play(): void {
    while (this.outcome === OUTCOME_RUNNING && this.turn < MAX_TURNS) {
      this.turn++;
      this.actionPhase();
      if (this.dead) break;
      this.planningPhase();
      this.killerPhase();
      if (this.trace) this.logState();
      if (this.dead || this.deckPos >= this.deckSize) break;
      // Panic (assumption: no killer meeple, so no victims share its space: nothing scatters) and Upkeep.
    }
    if (this.dead) {
      this.outcome = OUTCOME_DIED_IN_PLAY;
      if (this.trace) this.log('the Final Girl is dead: Destiny wins during play');
      return;
    }
    // rulebook: End of the Game & the Destiny Phase — no Finale; the Destiny phase begins
    this.destinyPhase();
  }

  // ------------------------------------------------ health, horror, bloodlust
  /**
   * Loses n health (public fact: Final Health tokens). Mutates health/dead/finalFlipped/phaseEnded.
   * finalHealth lastLife (assumption): reaching 0 puts her on the unflipped token, alive; a further
   * loss flips it. flipAtZero (assumption): the token flips as soon as health reaches 0. Either way,
   * after the flip, reaching 0 is death.
   */
  loseHealth(n: number): void {
    if (n <= 0 || this.dead) return;
    if (this.trace) this.log(`loses ${n} health (now ${Math.max(0, this.health_ - n)})`);
    if (this.health_ > 0) {
      if (n < this.health_) {
        this.health_ -= n;
        return;
      }
      n -= this.health_;
      this.health_ = 0;
      // public fact: Final Health — once the token is flipped, 0 health is death
      if (this.finalFlipped) {
        this.dead = true;
        return;
      }
      // assumption (finalHealth lastLife): at 0 she is on the final health token, alive
      if (!this.flipAtZero && n === 0) {
        if (this.trace) this.log('down to the Final Health token');
        return;
      }
    }
    // public fact: flip the Final Health token (here: at 0 health, or a loss while on the token)
    this.flipFinalHealth();
  }

  /** public fact: flip the Final Health token — a numbered one brings her back with that health (excess loss ignored), a blank one is death. */
  private flipFinalHealth(): void {
    this.finalFlipped = true;
    if (this.finalToken > 0) {
      this.health_ = this.finalToken;
      // public fact: a revival ends the current phase
      this.phaseEnded = true;
      if (this.trace) this.log(`Final Health token: back with ${this.finalToken} health`);
      return;
    }
    if (this.trace) this.log('Final Health token: blank');
    this.health_ = 0;
    this.dead = true;
  }

  /**
   * public fact: "+1 die if the Final Girl … is down to the final health token".
   * lastLife (assumption): while she is at 0 on the unflipped token.
   * flipAtZero (assumption): after a revival, while her health is at most what the token gave
   * (she lives on the token's health; healed above it she is no longer down to it).
   */
  onFinalHealth(): boolean {
    if (this.dead) return false;
    if (this.flipAtZero) return this.finalFlipped && this.health_ <= this.finalToken;
    return !this.finalFlipped && this.health_ === 0;
  }

  // assumption: every heal is capped at the starting health (data finalGirl.health)
  heal(n: number): void {
    this.health_ = Math.min(this.maxHealth_, this.health_ + n);
  }

  addHorror(n: number): void {
    this.horror_ = Math.max(0, Math.min(this.data.horror.max, this.horror_ + n));
  }

  /** Raises bloodlust by n, resolving each threshold passed (assumed Bloodlust card data). */
  raiseBloodlust(n: number): void {
    const bl = this.data.bloodlust;
    for (let k = 0; k < n; k++) {
      if (this.bloodlust_ >= bl.length) return;
      this.bloodlust_++;
      for (let t = 0; t < bl.thresholds.length; t++) {
        if (bl.thresholds[t].at === this.bloodlust_) this.applyEffects(this.thresholdEffects[t]);
      }
    }
  }

  // ------------------------------------------------ victims
  /**
   * A victim on the board dies by something other than a Fated Death card.
   * rulebook: Fated Victims — a Fated Victim goes to Limbo and bloodlust is NOT raised yet.
   * public fact: a normal victim's death raises bloodlust by 1.
   */
  killOnBoard(v: number): void {
    if (v < this.fc) {
      this.vState[v] = V_LIMBO;
      this.vSpace[v] = -1;
      this.limboEver |= 1 << v;
      if (this.trace) this.log(`${this.victimName(v)} dies: to Limbo (no bloodlust yet)`);
      return;
    }
    this.vState[v] = V_DEAD;
    this.vSpace[v] = -1;
    this.normalKilled++;
    if (this.trace) this.log(`${this.victimName(v)} dies`);
    this.raiseBloodlust(1);
  }

  /**
   * A victim leaves the board by an exit.
   * rulebook: Fated Victims — a Fated Victim's token goes on the first Death token without one; not yet saved.
   */
  leaveByExit(v: number): void {
    if (v < this.fc) {
      const p = this.firstFreeDeathToken();
      this.vState[v] = V_DEATH_TOKEN;
      this.vSpace[v] = -1;
      this.deathOn[p] = v;
      if (this.trace) this.log(`${this.victimName(v)} leaves by the exit: token on Death token ${p + 1}`);
      return;
    }
    this.vState[v] = V_SAVED;
    this.vSpace[v] = -1;
    this.savedCount++;
    this.pendingRewards++;
    if (this.trace) this.log(`${this.victimName(v)} saved`);
  }

  // ------------------------------------------------ Fated Death
  /**
   * rulebook: Fated Death Terror Cards — the full procedure on the next Death token (the Arrow).
   * Mutates tokens, victims, bloodlust, health and the Arrow.
   */
  resolveFatedDeath(): void {
    const p = this.arrow_;
    if (p >= this.fc) return;
    // rulebook: Fated Death — if a Fated Victim token is on top, set it aside
    const top = this.deathOn[p];
    this.deathOn[p] = -1;
    // rulebook: Fated Death — flip the Death token faceup if it is facedown
    this.deathFaceUp[p] = 1;
    const pictured = this.deathPic[p];
    if (this.trace) this.log(`Fated Death: Death token ${p + 1} shows ${this.victimName(pictured)}${top >= 0 ? `; ${this.victimName(top)} was on it` : ''}`);
    if (top < 0) {
      // rulebook: Fated Death — a lone token: kill the pictured victim wherever they are
      this.killPictured(pictured);
    } else if (top === pictured) {
      // rulebook: Fated Death — matching: take the Saved reward, token onto the Final Girl card
      this.vState[top] = V_FG_CARD;
      this.savedCount++;
      // rulebook: Fated Death — the saving effects apply at the start of the next Action phase
      this.pendingRewards++;
      if (this.trace) this.log(`${this.victimName(top)} saved in order: Saved reward +${this.data.fatedDeath.savedHeal} health`);
      this.heal(this.data.fatedDeath.savedHeal);
    } else {
      // rulebook: Fated Death — mismatch: kill the pictured victim, then the set-aside token to Limbo
      this.killPictured(pictured);
      this.vState[top] = V_LIMBO;
      this.limboEver |= 1 << top;
      if (this.trace) this.log(`${this.victimName(top)} saved out of order: to Limbo`);
    }
    // rulebook: Fated Death — discard the Death token, move the Arrow one card to the right
    this.deathDone[p] = 1;
    this.arrow_ = p + 1;
  }

  /** rulebook: Fated Death — kill the pictured Fated Victim (Limbo consequences only from Limbo). */
  private killPictured(v: number): void {
    if (this.vState[v] === V_LIMBO) {
      // rulebook: Fated Death — in Limbo: apply the card's Limbo consequences (not when on the board)
      if (this.trace) this.log(`${this.victimName(v)} was in Limbo: Limbo consequence`);
      this.loseHealth(this.data.fatedDeath.limboDamage);
      // assumption: a revival here still completes the Fated Death procedure (kill, tokens, Arrow: the
      // game depends on each Death token resolving once); the effects after it (bloodlust thresholds) are skipped
    } else if (this.vState[v] === V_DEATH_TOKEN) {
      // rulebook: Fated Death — killed even from on top of a different Death token
      for (let q = 0; q < this.fc; q++) if (this.deathOn[q] === v) this.deathOn[q] = -1;
    }
    // rulebook: Fated Death — killed even where Location rules protect victims
    this.vState[v] = V_CONSEQUENCE;
    this.vSpace[v] = -1;
    // rulebook: Fated Death — token onto the Consequence card under the Arrow
    this.consVictim[this.arrow_] = v;
    if (this.trace) this.log(`${this.victimName(v)} is killed: onto Consequence card ${this.arrow_ + 1}`);
    // rulebook: Fated Death — increasing bloodlust
    this.raiseBloodlust(1);
  }

  // ------------------------------------------------ Destiny symbols and terror cards
  /** rulebook: Destiny Symbol — resolve the Death Order card's effect, unless Thwart Destiny ignores it. */
  resolveDestinySymbol(): void {
    // public fact: a revival ends the current phase — nothing more of the card resolves
    if (this.dead || this.phaseEnded) return;
    for (let c = 0; c < this.nCards; c++) {
      if (this.data.cards[c].kind === CARD_THWART && this.hand_[c] > 0) {
        if (this.policy.useThwart(this, this.rng)) {
          // rulebook: Destiny Symbol — play Thwart Destiny to ignore one Destiny symbol
          this.hand_[c]--;
          this.supply_[c]++;
          if (this.trace) this.log('Thwart Destiny ignores a Destiny symbol');
          return;
        }
        break;
      }
    }
    if (this.trace) this.log(`Destiny symbol: ${this.data.deathOrders[this.deathOrderCard].name}`);
    this.applyEffects(this.destinyEffects[this.deathOrderCard]);
  }

  /** Draws and resolves the top terror card. */
  drawTerror(): void {
    const card = this.deck[this.deckPos++];
    this.topRevealed = false;
    this.terrorConsumed++;
    if (this.trace) this.log(`terror card ${this.terrorConsumed}/${this.deckSize}: ${this.data.terror[card].name}`);
    this.resolveTerror(card);
  }

  resolveTerror(card: number): void {
    const t = this.data.terror[card];
    if (t.fated) {
      this.resolveFatedDeath();
      return;
    }
    // assumption: printed Destiny symbols, then Killer actions, then the other effects
    for (let k = 0; k < t.destiny; k++) this.resolveDestinySymbol();
    // rulebook: Killer Actions — each Killer action on a terror card resolves as a Destiny symbol
    for (let k = 0; k < t.killerActions; k++) this.resolveDestinySymbol();
    // rulebook: Killer Actions — other killer effects (killerOther) are ignored
    this.applyEffects(this.terrorEffects[card]);
  }

  /** Applies a flat effect list [kind, amount, …]. */
  applyEffects(fx: Int32Array): void {
    for (let i = 0; i < fx.length; i += 2) {
      // public fact: a revival ends the current phase — the card's remaining effects (and threshold effects) are not resolved
      if (this.dead || this.phaseEnded) return;
      const kind = fx[i];
      const amount = fx[i + 1];
      if (this.trace) this.log(`effect: ${EFFECT_NAMES[kind]} ${amount}`);
      switch (kind) {
        case FX_HORROR:
          this.addHorror(amount);
          break;
        case FX_HEALTH:
          if (amount < 0) this.loseHealth(-amount);
          else this.heal(amount);
          break;
        case FX_BLOODLUST:
          this.raiseBloodlust(amount);
          break;
        case FX_KILL_NEAREST:
        case FX_KILL_RANDOM: {
          const v = kind === FX_KILL_NEAREST ? this.nearestVictim() : this.randomVictim();
          if (v >= 0) this.killOnBoard(v);
          break;
        }
        case FX_SCATTER:
          this.scatterVictims();
          break;
        case FX_DISCARD_TERROR:
          this.discardTopTerror();
          break;
        case FX_DISCARD_ACTION:
          for (let k = 0; k < amount && this.handTotal() > 0; k++) this.discardOne();
          break;
      }
    }
  }

  /** An effect discards the top terror card. rulebook: Fated Death card text — resolve it first. */
  discardTopTerror(): void {
    if (this.deckPos >= this.deckSize) return;
    const card = this.deck[this.deckPos++];
    this.topRevealed = false;
    this.terrorConsumed++;
    if (this.trace) this.log(`discards terror card ${this.terrorConsumed}/${this.deckSize}: ${this.data.terror[card].name}`);
    if (this.data.terror[card].fated) this.resolveFatedDeath();
  }

  /** The victim on the board nearest the Final Girl; ties per data killNearestTie (assumption). */
  private nearestVictim(): number {
    const tie = this.data.killNearestTie;
    let best = -1;
    let bestD = 0;
    let ties = 0;
    for (let v = 0; v < this.nVictims; v++) {
      if (this.vState[v] !== V_BOARD) continue;
      const d = this.distance(this.fgSpace_, this.vSpace[v]);
      if (best < 0 || d < bestD) {
        best = v;
        bestD = d;
        ties = 1;
      } else if (d === bestD) {
        ties++;
        // assumption (data killNearestTie): fatedFirst keeps the lowest id (Fated Victims come first);
        // normalFirst prefers a normal victim; random keeps each tied one with chance 1/ties (uniform)
        if (tie === TIE_NORMAL_FIRST ? best < this.fc && v >= this.fc : tie === TIE_RANDOM && randIndex(this.rng, ties) === 0) best = v;
      }
    }
    return best;
  }

  private randomVictim(): number {
    let n = 0;
    for (let v = 0; v < this.nVictims; v++) if (this.vState[v] === V_BOARD) n++;
    if (n === 0) return -1;
    let k = randIndex(this.rng, n);
    for (let v = 0; v < this.nVictims; v++) if (this.vState[v] === V_BOARD && k-- === 0) return v;
    return -1;
  }

  /** assumption: scatter moves each victim on the board to a random adjacent non-exit space. */
  private scatterVictims(): void {
    for (let v = 0; v < this.nVictims; v++) {
      if (this.vState[v] !== V_BOARD) continue;
      const s = this.vSpace[v];
      let n = 0;
      for (let e = this.adjStart[s]; e < this.adjStart[s + 1]; e++) if (!this.exitSpace[this.adj[e]]) this.scratch[n++] = this.adj[e];
      if (n > 0) this.vSpace[v] = this.scratch[randIndex(this.rng, n)];
      if (this.trace) this.log(`${this.victimName(v)} scatters to ${this.spaceName(this.vSpace[v])}`);
    }
  }

  private discardOne(): void {
    let c = this.policy.chooseDiscard(this, this.rng);
    if (c < 0 || c >= this.nCards || this.hand_[c] === 0) for (c = 0; c < this.nCards && this.hand_[c] === 0; c++);
    this.hand_[c]--;
    this.supply_[c]++;
  }

  fatedOnBoard(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if (this.vState[v] === V_BOARD) n++;
    return n;
  }

  // ------------------------------------------------ phases
  /** Model (public facts): spend time on action cards; rolls where the card says so. */
  actionPhase(): void {
    this.phaseEnded = false;
    const d = this.data;
    this.time_ = this.horror_ >= d.horror.extremeFrom ? this.p.timeExtreme : this.p.timePerTurn;
    // rulebook: Fated Death — saved effects apply at the start of the next Action phase (normal victims too: assumption)
    while (this.pendingRewards > 0) {
      this.pendingRewards--;
      if (this.policy.chooseReward(this, this.rng) === 1) this.addHorror(-d.finalGirl.saveRewardHorror);
      else this.heal(d.finalGirl.saveRewardHeal);
    }
    if (this.trace) this.log(`Action phase: time ${this.time_}, health ${this.health_}, horror ${this.horror_}, hand ${this.handTotal()}, at ${this.spaceName(this.fgSpace_)}`);
    // Every action spends a card, so the loop ends within handTotal + 1 decisions.
    // public fact: the action phase ends when time goes below 0
    while (!this.dead && !this.phaseEnded && this.time_ >= 0) {
      const a = this.listActions();
      if (a.n === 0) break;
      const i = this.policy.chooseAction(this, a, this.rng);
      if (i < 0 || i >= a.n) break;
      this.doAction(a.card[i], a.dest[i]);
    }
  }

  /** Fills this.actions with the legal actions now. */
  listActions(): ActionList {
    const a = this.actions;
    const cards = this.data.cards;
    const n = this.nSpaces;
    a.n = 0;
    const here = this.fgSpace_;
    for (let c = 0; c < this.nCards; c++) {
      if (this.hand_[c] === 0) continue;
      // public fact: discard an action card any time for +1 time
      a.card[a.n] = c;
      a.dest[a.n++] = DISCARD_FOR_TIME;
      const card = cards[c];
      // public fact: the phase ends when time goes below 0 — so with time ≥ 0 left any card may be
      // played, even one that takes time below 0 (which then ends the phase)
      if (card.kind === CARD_THWART) continue;
      if (card.kind === CARD_MOVE || card.kind === CARD_ESCORT) {
        for (let s = 0; s < n; s++) {
          const dd = this.dist[here * n + s];
          if (dd >= 1 && dd <= card.range) {
            a.card[a.n] = c;
            a.dest[a.n++] = s;
          }
        }
      } else if (card.kind === CARD_SEARCH) {
        if (this.searchSpace[here]) (a.card[a.n] = c), (a.dest[a.n++] = -1);
      } else if (card.kind === CARD_PREMONITION) {
        if (this.listUnknowns() > 0) (a.card[a.n] = c), (a.dest[a.n++] = -1);
      } else {
        a.card[a.n] = c;
        a.dest[a.n++] = -1;
      }
    }
    return a;
  }

  /** rulebook: Premonition Action Card — the facedown things a Premonition may flip, as codes into scratch. */
  listUnknowns(): number {
    const u = this.scratch;
    let n = 0;
    for (let p = this.arrow_; p < this.fc; p++) if (!this.deathFaceUp[p]) u[n++] = (UNKNOWN_DEATH_TOKEN << 6) | p;
    for (let i = 0; i < this.fc; i++) if (!this.consFaceUp[i]) u[n++] = (UNKNOWN_CONSEQUENCE << 6) | i;
    for (let i = 0; i < this.fc; i++) if (!this.punFaceUp[i]) u[n++] = (UNKNOWN_PUNISHMENT << 6) | i;
    if (this.deckPos < this.deckSize && !this.topRevealed) u[n++] = UNKNOWN_TERROR << 6;
    return n;
  }

  /** Plays card type c (or discards it for time when dest is DISCARD_FOR_TIME). */
  doAction(c: number, dest: number): void {
    const card = this.data.cards[c];
    this.hand_[c]--;
    this.supply_[c]++;
    if (dest === DISCARD_FOR_TIME) {
      this.time_++;
      if (this.trace) this.log(`discards ${card.id} for +1 time`);
      return;
    }
    this.time_ -= card.play;
    if (this.trace) this.log(`plays ${card.id}${dest >= 0 ? ` to ${this.spaceName(dest)}` : ''}`);
    switch (card.kind) {
      case CARD_MOVE:
        this.fgSpace_ = dest;
        break;
      case CARD_ESCORT:
        this.escort(dest, card.carry);
        break;
      case CARD_SEARCH:
        this.items_ += this.horrorRoll();
        break;
      case CARD_STEADY:
        this.addHorror(-this.horrorRoll());
        break;
      case CARD_HEAL:
        this.heal(this.horrorRoll());
        break;
      case CARD_PREMONITION:
        this.premonition(card.reveal);
        break;
    }
  }

  /** Model: victims on the Final Girl's space chosen by the policy move with her; an exit takes them off the board. */
  private escort(dest: number, carry: number): void {
    const from = this.fgSpace_;
    const here = this.scratch2;
    let n = 0;
    for (let v = 0; v < this.nVictims; v++) if (this.vState[v] === V_BOARD && this.vSpace[v] === from) here[n++] = v;
    const mask = n > 0 ? this.policy.chooseCarry(this, here, n, carry, this.rng) : 0;
    this.fgSpace_ = dest;
    const out = this.leaving;
    let nOut = 0;
    let taken = 0;
    for (let i = 0; i < n && taken < carry; i++) {
      if (((mask >>> i) & 1) === 0) continue;
      taken++;
      const v = here[i];
      this.vSpace[v] = dest;
      if (this.trace) this.log(`escorts ${this.victimName(v)}`);
      if (!this.exitSpace[dest]) continue;
      if (v < this.fc) out[nOut++] = v;
      else this.leaveByExit(v);
    }
    // rulebook: Fated Victims — each leaving one takes the first free Death token; the order of
    // several leaving together is the player's: the policy picks who goes next (absent: lowest id).
    while (nOut > 0) {
      let i = nOut > 1 && this.policy.chooseExitNext ? this.policy.chooseExitNext(this, out, nOut, this.rng) : 0;
      if (!(i >= 0 && i < nOut)) i = 0;
      const v = out[i];
      for (let j = i; j < nOut - 1; j++) out[j] = out[j + 1];
      nOut--;
      this.leaveByExit(v);
    }
  }

  /** public fact: horror roll — dice by horror level (+1 on final health); 5–6 success, 3–4 partial. */
  horrorRoll(): number {
    const dice = this.data.horror.dice[this.horror_] + (this.onFinalHealth() ? 1 : 0);
    let successes = 0;
    let partials = 0;
    for (let i = 0; i < dice; i++) {
      const f = rollDie(this.rng, 6);
      if (f >= this.p.successFrom) successes++;
      else if (f >= this.p.partialFrom) partials++;
    }
    const cost = this.p.partialCost;
    if (partials > 0) {
      const affordable = cost === 0 ? partials : Math.min(partials, Math.floor(this.handTotal() / cost));
      let k = affordable > 0 ? this.policy.convertPartials(this, partials, affordable, this.rng) : 0;
      k = Math.max(0, Math.min(k, affordable));
      // public fact: discard 2 action cards to turn a partial into a success
      for (let j = 0; j < k * cost; j++) this.discardOne();
      successes += k;
    }
    if (this.trace) this.log(`horror roll: ${dice} dice, ${successes} success(es)`);
    return successes;
  }

  /** rulebook: Premonition Action Card — flip up to `count` Unknowns faceup (policy picks). */
  premonition(count: number): void {
    for (let k = 0; k < count; k++) {
      const n = this.listUnknowns();
      if (n === 0) return;
      const i = this.policy.chooseReveal(this, this.scratch, n, this.rng);
      if (i < 0 || i >= n) return;
      const code = this.scratch[i];
      const kind = code >> 6;
      const idx = code & 63;
      if (kind === UNKNOWN_DEATH_TOKEN) this.deathFaceUp[idx] = 1;
      else if (kind === UNKNOWN_CONSEQUENCE) this.consFaceUp[idx] = 1;
      else if (kind === UNKNOWN_PUNISHMENT) this.punFaceUp[idx] = 1;
      else this.topRevealed = true;
      if (this.trace) this.log(`Premonition reveals ${['Death token', 'Consequence card', 'Punishment card', 'next terror card'][kind]} ${kind === UNKNOWN_TERROR ? this.data.terror[this.deck[this.deckPos]].name : idx + 1}`);
    }
  }

  /** public fact: Planning — spend the time left buying action cards (hand limit). */
  planningPhase(): void {
    const cards = this.data.cards;
    const opts = this.scratch2;
    for (;;) {
      if (this.handTotal() >= this.p.handLimit) return;
      let n = 0;
      for (let c = 0; c < this.nCards; c++) if (this.supply_[c] > 0 && cards[c].buy <= this.time_) opts[n++] = c;
      if (n === 0) return;
      const i = this.policy.chooseBuy(this, opts, n, this.rng);
      if (i < 0 || i >= n) return;
      const c = opts[i];
      this.time_ -= cards[c].buy;
      this.supply_[c]--;
      this.hand_[c]++;
      if (this.trace) this.log(`buys ${cards[c].id}`);
    }
  }

  /** Killer phase: no killer; draw the terror cards. */
  killerPhase(): void {
    this.phaseEnded = false;
    // rulebook: No More Fated Victims on the Board — then 2 terror cards for all subsequent Killer phases
    if (!this.noFatedLatch && this.fatedOnBoard() === 0) this.noFatedLatch = true;
    const draws = this.noFatedLatch ? this.p.terrorPerPhaseNoFated : this.p.terrorPerPhase;
    if (this.trace) this.log(`Killer phase: ${draws} terror card(s)`);
    for (let k = 0; k < draws && this.deckPos < this.deckSize && !this.dead && !this.phaseEnded; k++) this.drawTerror();
  }

  /** rulebook: End of the Game & the Destiny Phase — left to right, each Consequence card with a Fated Victim. */
  destinyPhase(): void {
    const d = this.data;
    this.phaseEnded = false;
    if (this.trace) this.log('Destiny phase');
    for (let i = 0; i < this.fc; i++) {
      // rulebook: Destiny Phase — ignore Consequence cards without a Fated Victim on them
      if (this.consVictim[i] < 0) continue;
      // rulebook: Destiny Phase — flip the card faceup if facedown
      this.consFaceUp[i] = 1;
      const met = this.meetRequirement(this.consCard[i]);
      this.consequencesResolved++;
      if (this.trace) this.log(`Consequence ${i + 1} "${d.consequences[this.consCard[i]].name}": ${met ? 'met' : 'NOT met'}`);
      if (!met) {
        // rulebook: Destiny Phase — reveal the Punishment beneath and lose that much health
        this.punFaceUp[i] = 1;
        this.loseHealth(d.punishments[this.punCard[i]]);
        // rulebook: Destiny Phase — back with health: ignore the excess loss, then resolve the remaining Consequence cards (the revival does not end this phase)
        this.phaseEnded = false;
        if (this.dead) {
          this.outcome = OUTCOME_DIED_IN_DESTINY;
          if (this.trace) this.log('the Final Girl dies in the Destiny phase');
          return;
        }
      }
    }
    // rulebook: Destiny Phase — still alive after all of them: you win
    this.outcome = OUTCOME_WON;
    if (this.trace) this.log(`the Final Girl survives Destiny with ${this.health_} health`);
  }

  /** Checks (and pays, where the card spends something) Consequence card `c`'s requirement. */
  meetRequirement(c: number): boolean {
    const r = this.data.consequences[c];
    switch (r.need) {
      case NEED_ITEMS:
        // rulebook example: "at least 3 Items to discard"
        if (this.items_ < r.n) return false;
        this.items_ -= r.n;
        return true;
      case NEED_HORROR_AT_MOST:
        // rulebook example: "the Horror level must be at 1 or lower"
        return this.horror_ <= r.n;
      case NEED_HEALTH_AT_LEAST:
        return this.health_ >= r.n;
      case NEED_HAND_AT_LEAST:
        if (this.handTotal() < r.n) return false;
        for (let k = 0; k < r.n; k++) this.discardOne();
        return true;
      case NEED_SAVED_AT_LEAST:
        return this.savedCount >= r.n;
      case NEED_BLOODLUST_AT_MOST:
        return this.bloodlust_ <= r.n;
    }
    return false;
  }

  // ------------------------------------------------ results
  fatedSaved(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if (this.vState[v] === V_FG_CARD) n++;
    return n;
  }
  fatedKilled(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if (this.vState[v] === V_CONSEQUENCE) n++;
    return n;
  }
  /** Distinct Fated Victims that were in Limbo at some time this game. */
  fatedLimbo(): number {
    let n = 0;
    for (let v = 0; v < this.fc; v++) if ((this.limboEver >>> v) & 1) n++;
    return n;
  }
  normalSaved(): number {
    let n = 0;
    for (let v = this.fc; v < this.nVictims; v++) if (this.vState[v] === V_SAVED) n++;
    return n;
  }
}
