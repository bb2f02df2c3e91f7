// Final Girl: Terror from Destiny — one test per vignette rule, on hand-built states, plus the
// rulebook's two worked examples as written. Rules: ../shared/rules/final-girl-terror-from-destiny.txt
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { defaultDataFile, loadTerrorData, parseTerrorData } from '../src/games/terror/terrorData.js';
import type { Policy } from '../src/core/policy.js';
import type { Rng } from '../src/core/rng.js';
import { actionPhase, doAction, horrorRoll, listActions, listUnknowns } from '../src/games/terror/actionPhase.js';
import { destinyPhase } from '../src/games/terror/destinyPhase.js';
import { heal, loseHealth } from '../src/games/terror/loseHealth.js';
import { killerPhase, planningPhase } from '../src/games/terror/playTerrorGame.js';
import { applyEffects, discardTopTerror, raiseBloodlust, resolveTerror } from '../src/games/terror/resolveTerror.js';
import { killOnBoard, resolveFatedDeath } from '../src/games/terror/resolveTerror.js';
import {
  actionCard,
  actionDest,
  DISCARD_FOR_TIME,
  OUTCOME_DIED_IN_DESTINY,
  OUTCOME_WON,
  TERROR_DECISION,
  unknownKind,
  V_BOARD,
  V_CONSEQUENCE,
  V_DEATH_TOKEN,
  V_FG_CARD,
  V_LIMBO,
} from '../src/games/terror/terrorDecision.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { M_ACH_ALL_CONSEQUENCES, M_ACH_ALL_SAVED, M_ACH_NO_LIMBO, M_SURVIVED, PER_CARD, PER_CARD_METRICS, recordGame } from '../src/games/terror/terrorSim.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { deathOrderPolicy } from '../src/games/terror/terrorPolicy.js';
import { legalPlacements } from '../src/games/terror/terrorSetup.js';
import type { TerrorView } from '../src/games/terror/terrorView.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const D = defaultsOf(TERROR_PARAMS);
function params(over: Partial<TerrorSimParams> = {}): TerrorSimParams {
  return { ...(D as unknown as TerrorSimParams), deathOrder: 0, policy: 'death-order', data, ...over };
}
const space = (name: string) => data.location.spaces.findIndex((s) => s.name === name);
const fated = (name: string) => data.fatedVictims.indexOf(name);
const terrorCard = (name: string) => data.terror.findIndex((t) => t.name === name);
const thwart = data.cards.findIndex((c) => c.kind === 6);
const premonition = data.cards.findIndex((c) => c.kind === 5);
const escort = data.cards.findIndex((c) => c.kind === 1);

type Answer = (rng: Rng, view: TerrorView, options: Int32Array, n: number) => number;
/** death-order, with the decisions in `answers` answered by the functions given (Dominiate-style overrides). */
function answering(answers: Partial<Record<number, Answer>>): Policy<TerrorView> {
  return {
    name: 'test',
    choose: (rng, view, decision, options, n, allowNone) => answers[decision]?.(rng, view, options, n) ?? deathOrderPolicy.choose(rng, view, decision, options, n, allowNone),
  };
}
/** CARRY: the option taking the most victims (the first such). */
const carryMost: Answer = (_r, _v, options, n) => {
  let best = 0;
  const bits = (m: number): number => (m === 0 ? 0 : 1 + bits(m & (m - 1)));
  for (let i = 1; i < n; i++) if (bits(options[i]) > bits(options[best])) best = i;
  return best;
};

/** A game after set-up, with all Fated Victims taken off the board so tests can place them. */
function game(policy: Policy<TerrorView> = deathOrderPolicy, seed = 1, over: Partial<TerrorSimParams> = {}): TerrorGame {
  const g = new TerrorGame(params(over), policy);
  g.reset(streamFor(seed, 0));
  return g;
}
/** Puts Death tokens in a known order: position p pictures order[p]. */
function setDeathOrder(g: TerrorGame, order: number[]): void {
  order.forEach((v, p) => (g.deathPic[p] = v));
}

describe('rulebook: Special Setup', () => {
  it('Horror starts at 5 and the Bloodlust marker on the start space', () => {
    const g = game();
    expect(g.horror()).toBe(5);
    expect(g.bloodlust()).toBe(0);
  });

  it('terror deck: 13 cards, exactly the 5 Fated Death cards among them, the top one never Fated Death', () => {
    const g = game();
    const topFated = new Set<number>();
    const fatedAt = new Array(13).fill(0);
    for (let seed = 0; seed < 3000; seed++) {
      g.reset(streamFor(seed, 7));
      expect(g.deckSize).toBe(13);
      const cards = Array.from(g.deck);
      expect(cards.filter((c) => data.terror[c].fated).length).toBe(5);
      expect(new Set(cards).size).toBe(13); // no card twice
      if (data.terror[cards[0]].fated) topFated.add(seed);
      cards.forEach((c, i) => data.terror[c].fated && fatedAt[i]++);
    }
    expect(topFated.size).toBe(0);
    // The other 12 places are a shuffle of 7 dealt cards with the 5 Fated Death cards: each place
    // holds a Fated Death card with probability 5/12 (3000 decks: 1250 ± ~4 sd of 27).
    for (let i = 1; i < 13; i++) expect(Math.abs(fatedAt[i] - 1250)).toBeLessThan(110);
  });

  it('the 8 dealt cards come from the vignette and Location cards shuffled together', () => {
    const g = game();
    const seen = new Set<number>();
    for (let seed = 0; seed < 400; seed++) {
      g.reset(streamFor(seed, 3));
      for (const c of g.deck) if (!data.terror[c].fated) seen.add(data.terror[c].origin);
    }
    expect([...seen].sort()).toEqual([0, 1]);
  });

  it('worked example E1–E5: legal Fated Victim places in each rolled grid section', () => {
    const g = game();
    const grid = data.location;
    const section = (v: number, h: number) => grid.sections[grid.gridVertical[v - 1]][grid.gridHorizontal[h - 1]];
    const legal = (v: number, h: number) => {
      const out = new Int32Array(16);
      const n = legalPlacements(g, section(v, h), out);
      return Array.from(out.slice(0, n)).map((s) => grid.spaces[s].name).sort();
    };
    for (let f = 0; f < 5; f++) g.vState[f] = V_LIMBO; // none placed yet
    g.fgSpace_ = space('Town Square');
    // E1: a 1 and a 4 — the Crossroads, the Water Tower and the General Store are legal.
    expect(legal(1, 4)).toEqual(['Crossroads', 'General Store', 'Water Tower']);
    g.vState[0] = V_BOARD;
    g.vSpace[0] = space('General Store');
    // E2: two 3's — same section; the General Store is taken by a Fated Victim.
    expect(legal(3, 3)).toEqual(['Crossroads', 'Water Tower']);
    g.vState[1] = V_BOARD;
    g.vSpace[1] = space('Crossroads');
    // E3: 5 and 3 — not the Final Girl's own space: the Sheep Farm.
    expect(legal(5, 3)).toEqual(['Sheep Farm']);
    g.vState[2] = V_BOARD;
    g.vSpace[2] = space('Sheep Farm');
    // E4: 5 and 6 — the Exit space is not legal: the House.
    expect(legal(5, 6)).toEqual(['House']);
    g.vState[3] = V_BOARD;
    g.vSpace[3] = space('House');
    // E5: 6 and 1 — the Mountain Pass is an Exit; the Boulder with two other Victims is legal.
    expect(legal(6, 1)).toEqual(['Boulder', 'Trailer Park']);
  });

  it('a section with no legal space is rolled again until one has (no cap, no fallback space): a section only 6-6 reaches still gets its victim', () => {
    const text = readFileSync(defaultDataFile(), 'utf8')
      .replace(/    vertical: .*\n/, '    vertical:   [0, 0, 0, 0, 0, 1]\n')
      .replace(/    horizontal: .*\n/, '    horizontal: [0, 0, 0, 0, 0, 1]\n')
      .replace(/    sections:\n(      - .*\n){3}/, '    sections:\n      - [[Campsite, Church, Diner, Crossroads], [Highway Exit]]\n      - [[Mountain Pass], [Mine]]\n');
    const tight = parseTerrorData(text, 'tight.yaml');
    const g = new TerrorGame(params({ data: tight }), deathOrderPolicy);
    const allowed = new Set(['Campsite', 'Church', 'Diner', 'Crossroads', 'Mine'].map(space));
    for (let seed = 0; seed < 200; seed++) {
      g.reset(streamFor(seed, 5));
      const places = [0, 1, 2, 3, 4].map((v) => g.vSpace[v]);
      expect(new Set(places)).toEqual(allowed);
    }
  });

  it('every set-up places Fated Victims legally (random seeds)', () => {
    const g = game();
    for (let seed = 0; seed < 500; seed++) {
      g.reset(streamFor(seed, 11));
      const places = [0, 1, 2, 3, 4].map((v) => g.vSpace[v]);
      expect(new Set(places).size).toBe(5);
      for (const s of places) {
        expect(g.isExit(s)).toBe(false);
        expect(s).not.toBe(g.fgSpace());
      }
    }
  });
});

describe('rulebook: Fated Victims', () => {
  it('leaving by an exit puts the token on the first Death token without one: not yet saved', () => {
    const g = game(answering({ [TERROR_DECISION.CARRY]: carryMost }));
    const jock = fated('jock');
    const nerd = fated('nerd');
    g.deathOn[0] = fated('loner'); // token 1 already has a Fated Victim on it
    for (let v = g.fc; v < g.nVictims; v++) g.vState[v] = V_LIMBO + 3; // no normal victims around
    g.fgSpace_ = space('House');
    for (const v of [jock, nerd]) (g.vState[v] = V_BOARD), (g.vSpace[v] = space('House'));
    g.hand_[escort] = 1;
    g.time_ = 6;
    doAction(g, escort, space('Highway Exit'));
    expect(g.vState[jock]).toBe(V_DEATH_TOKEN);
    expect(g.deathOn[1]).toBe(jock);
    expect(g.vState[nerd]).toBe(V_DEATH_TOKEN);
    expect(g.deathOn[2]).toBe(nerd);
    expect(g.fatedSaved()).toBe(0);
  });

  /** cheerleader and rebel at the House with the Final Girl (no normal victims around), escort in hand. */
  function atTheHouse(policy: Policy<TerrorView>, known: number[]): TerrorGame {
    const g = game(policy);
    setDeathOrder(g, [...known, ...[0, 1, 2, 3, 4].filter((v) => !known.includes(v))]);
    known.forEach((_, p) => (g.deathFaceUp[p] = 1));
    for (let v = 0; v < g.nVictims; v++) g.vState[v] = v < g.fc ? V_LIMBO : 7;
    g.fgSpace_ = space('House');
    for (const v of [fated('cheerleader'), fated('rebel')]) (g.vState[v] = V_BOARD), (g.vSpace[v] = space('House'));
    g.hand_[escort] = 1;
    g.time_ = 6;
    return g;
  }

  it('Fated Victims leaving together: the order is the player\'s; the built-in policy matches the known Death tokens (rebel then cheerleader)', () => {
    const cheerleader = fated('cheerleader');
    const rebel = fated('rebel');
    const g = atTheHouse(deathOrderPolicy, [rebel, cheerleader]);
    doAction(g, escort, space('Highway Exit'));
    expect(g.deathOn[0]).toBe(rebel);
    expect(g.deathOn[1]).toBe(cheerleader);
    resolveFatedDeath(g);
    resolveFatedDeath(g);
    expect(g.vState[rebel]).toBe(V_FG_CARD);
    expect(g.vState[cheerleader]).toBe(V_FG_CARD);
    expect(g.limboEver).toBe(0);
  });

  it('Fated Victims leaving together: the policy picks who goes next (EXIT_NEXT, options ascending ids): first, or last', () => {
    const cheerleader = fated('cheerleader');
    const rebel = fated('rebel');
    const plain = atTheHouse(answering({ [TERROR_DECISION.CARRY]: carryMost, [TERROR_DECISION.EXIT_NEXT]: () => 0 }), [rebel, cheerleader]);
    doAction(plain, escort, space('Highway Exit'));
    expect(plain.deathOn[0]).toBe(cheerleader);
    expect(plain.deathOn[1]).toBe(rebel);
    const asked: number[][] = [];
    const last = answering({ [TERROR_DECISION.CARRY]: carryMost, [TERROR_DECISION.EXIT_NEXT]: (_r, _v, vs, n) => (asked.push(Array.from(vs.slice(0, n))), n - 1) });
    const g = atTheHouse(last, []);
    doAction(g, escort, space('Highway Exit'));
    expect(asked).toEqual([[cheerleader, rebel]]); // asked once: the last one goes alone
    expect(g.deathOn[0]).toBe(rebel);
    expect(g.deathOn[1]).toBe(cheerleader);
  });

  it('dying for another reason sends a Fated Victim to Limbo without raising bloodlust; a normal victim raises it', () => {
    const g = game();
    const rebel = fated('rebel');
    killOnBoard(g, rebel);
    expect(g.vState[rebel]).toBe(V_LIMBO);
    expect(g.bloodlust()).toBe(0);
    killOnBoard(g, g.fc);
    expect(g.bloodlust()).toBe(1);
  });

  it('Fated Victims cannot be replaced with Special Victims: the model has no Special Victims, ids 0..4 stay Fated', () => {
    const g = game();
    expect(g.fatedCount()).toBe(5);
    expect(g.nVictims).toBe(5 + data.location.victimStarts.length);
  });
});

describe('rulebook: Fated Death Terror Cards', () => {
  it('lone token, pictured victim on the board: flipped, killed, bloodlust +1, onto the Consequence card under the Arrow; no Limbo consequence', () => {
    const g = game();
    setDeathOrder(g, [2, 0, 1, 3, 4]);
    const h = g.health();
    resolveFatedDeath(g);
    expect(g.deathFaceUp[0]).toBe(1);
    expect(g.vState[2]).toBe(V_CONSEQUENCE);
    expect(g.consVictim[0]).toBe(2);
    expect(g.bloodlust()).toBe(1);
    expect(g.health()).toBe(h);
    expect(g.deathDone[0]).toBe(1);
    expect(g.arrow()).toBe(1);
  });

  it('lone token, pictured victim in Limbo: the Limbo consequence (two heart-with-arrow: -2 health) first', () => {
    const g = game();
    setDeathOrder(g, [3, 0, 1, 2, 4]);
    killOnBoard(g, 3);
    const h = g.health();
    resolveFatedDeath(g);
    expect(g.health()).toBe(h - data.fatedDeath.limboDamage);
    expect(g.vState[3]).toBe(V_CONSEQUENCE);
    expect(g.bloodlust()).toBe(1); // raised now, not when it went to Limbo
  });

  it('matching token: Saved reward (+2 health), token onto the Final Girl card, saved effect at the next Action phase', () => {
    const g = game();
    setDeathOrder(g, [1, 0, 2, 3, 4]);
    g.vState[1] = V_DEATH_TOKEN;
    g.deathOn[0] = 1;
    g.health_ = 2;
    resolveFatedDeath(g);
    expect(g.vState[1]).toBe(V_FG_CARD);
    expect(g.health()).toBe(4);
    expect(g.bloodlust()).toBe(0);
    expect(g.pendingRewards).toBe(1);
    expect(g.arrow()).toBe(1);
    g.horror_ = 5;
    const onlyRewards = answering({ [TERROR_DECISION.REWARD]: () => 1, [TERROR_DECISION.ACTION]: () => -1 });
    g.policy = onlyRewards;
    actionPhase(g);
    expect(g.pendingRewards).toBe(0);
    expect(g.horror()).toBe(5 - data.finalGirl.saveRewardHorror);
  });

  it("worked example: Ginny's mismatched Fated Death (cheerleader on top, rebel pictured and on the next token)", () => {
    const g = game();
    const cheerleader = fated('cheerleader');
    const rebel = fated('rebel');
    setDeathOrder(g, [rebel, cheerleader, 2, 3, 4]);
    // She had saved the cheerleader (token on the next Death token) and then the rebel.
    g.vState[cheerleader] = V_DEATH_TOKEN;
    g.deathOn[0] = cheerleader;
    g.vState[rebel] = V_DEATH_TOKEN;
    g.deathOn[1] = rebel;
    const h = g.health();
    resolveFatedDeath(g);
    // (A) the Death token is flipped: it shows the rebel.
    expect(g.deathPicture(0)).toBe(rebel);
    // (B) the rebel is found on the next Death token and killed: bloodlust up, onto the Consequence card under the Arrow.
    expect(g.deathOn[1]).toBe(-1);
    expect(g.vState[rebel]).toBe(V_CONSEQUENCE);
    expect(g.consVictim[0]).toBe(rebel);
    expect(g.bloodlust()).toBe(1);
    // (C) the cheerleader, saved out of order, goes to Limbo.
    expect(g.vState[cheerleader]).toBe(V_LIMBO);
    // (D) the Arrow moves to the next card; the Death token is discarded.
    expect(g.arrow()).toBe(1);
    expect(g.deathDone[0]).toBe(1);
    // The rebel was not in Limbo: no Limbo consequence.
    expect(g.health()).toBe(h);
  });

  it('mismatch with the pictured victim in Limbo: the Limbo consequence, the pictured one killed from Limbo, the one on top to Limbo', () => {
    const g = game();
    const cheerleader = fated('cheerleader');
    const rebel = fated('rebel');
    setDeathOrder(g, [rebel, cheerleader, 2, 3, 4]);
    killOnBoard(g, rebel); // in Limbo (no bloodlust yet)
    g.vState[cheerleader] = V_DEATH_TOKEN;
    g.deathOn[0] = cheerleader;
    const h = g.health();
    resolveFatedDeath(g);
    expect(g.health()).toBe(h - data.fatedDeath.limboDamage);
    expect(g.vState[rebel]).toBe(V_CONSEQUENCE);
    expect(g.consVictim[0]).toBe(rebel);
    expect(g.bloodlust()).toBe(1);
    expect(g.vState[cheerleader]).toBe(V_LIMBO);
    expect(g.deathOn[0]).toBe(-1);
    expect(g.arrow()).toBe(1);
    expect(g.fatedLimbo()).toBe(2); // both were in Limbo at some time
  });

  it('"If another effect causes this card to be discarded, resolve this card\'s effect before discarding"', () => {
    const g = game();
    setDeathOrder(g, [0, 1, 2, 3, 4]);
    g.deck[g.deckPos] = 0; // a Fated Death card on top
    discardTopTerror(g);
    expect(g.vState[0]).toBe(V_CONSEQUENCE);
    expect(g.arrow()).toBe(1);
    expect(g.terrorConsumed).toBe(1);
  });
});

describe('rulebook: No More Fated Victims on the Board', () => {
  it('one terror card per Killer phase while Fated Victims remain, then 2 for all subsequent Killer phases', () => {
    const g = game();
    const quiet = terrorCard('Quiet');
    g.deck.fill(quiet);
    killerPhase(g);
    expect(g.deckPos).toBe(1);
    for (let v = 0; v < 5; v++) killOnBoard(g, v);
    killerPhase(g);
    expect(g.deckPos).toBe(3);
  });
});

describe('rulebook: No More Fated Victims on the Board — the last one leaving during a Killer phase', () => {
  it('that phase still draws its one card; from the next Killer phase on, 2', () => {
    const g = game();
    const jock = fated('jock');
    for (let v = 0; v < g.nVictims; v++) if (v !== jock) g.vState[v] = v < g.fc ? V_LIMBO : 7;
    expect(g.fatedOnBoard()).toBe(1);
    g.deck.fill(terrorCard('Quiet'));
    g.deck[0] = terrorCard('Taken'); // kill a random victim on the board: the jock, the only one
    killerPhase(g);
    expect(g.vState[jock]).toBe(V_LIMBO);
    expect(g.fatedOnBoard()).toBe(0);
    expect(g.deckPos).toBe(1); // not "subsequent": this phase drew one
    killerPhase(g);
    expect(g.deckPos).toBe(3);
    killerPhase(g);
    expect(g.deckPos).toBe(5);
  });
});

describe('rulebook: Destiny Symbol, Killer Actions, Thwart Destiny, Premonition', () => {
  it('a Destiny symbol resolves the Death Order card\'s effect (card I: horror +1)', () => {
    const g = game();
    g.hand_[thwart] = 0;
    resolveTerror(g, terrorCard('Omen'));
    expect(g.horror()).toBe(6);
  });

  it('Killer actions count as Destiny symbols (two → twice); other killer effects are ignored', () => {
    const g = game();
    g.hand_[thwart] = 0;
    const relentless = terrorCard('Relentless');
    expect(data.terror[relentless].killerActions).toBe(2);
    expect(data.terror[relentless].killerOther).toBe(true);
    resolveTerror(g, relentless);
    expect(g.horror()).toBe(7);
  });

  it('Thwart Destiny ignores one Destiny symbol', () => {
    const g = game();
    g.hand_[thwart] = 1;
    resolveTerror(g, terrorCard('Relentless'));
    expect(g.horror()).toBe(6); // one of the two ignored
    expect(g.hand_[thwart]).toBe(0);
  });

  it('Premonition flips Unknowns faceup; policies never see a facedown Death token', () => {
    const g = game();
    for (let p = 0; p < 5; p++) expect(g.deathPicture(p)).toBe(-1);
    g.hand_[premonition] = 1;
    g.time_ = 6;
    doAction(g, premonition, -1);
    expect(g.deathPicture(0)).toBe(g.deathPic[0]);
    expect(g.deathPicture(1)).toBe(g.deathPic[1]);
    expect(g.deathPicture(2)).toBe(-1);
    // The next terror card is an Unknown too.
    g.hand_[premonition] = 1;
    const revealTerror = answering({ [TERROR_DECISION.REVEAL]: (_r, _v, u, n) => Array.from(u.slice(0, n)).findIndex((c) => unknownKind(c) === 3) });
    g.policy = revealTerror;
    expect(g.nextTerrorKnown()).toBe(-1);
    doAction(g, premonition, -1);
    expect(g.nextTerrorKnown()).toBe(g.deck[g.deckPos]);
  });
});

describe('rulebook: Premonition — Consequence and Punishment cards are Unknowns too', () => {
  it('flips a facedown Consequence card and a facedown Punishment card: the view shows them, they are no longer Unknowns', () => {
    // Reveal the first Consequence card, then the first Punishment card (kinds 1 and 2).
    let kind = 1;
    const g = game(
      answering({
        [TERROR_DECISION.REVEAL]: (_r, _v, u, n) => {
          const want = kind++;
          return Array.from(u.slice(0, n)).findIndex((c) => unknownKind(c) === want);
        },
      }),
    );
    for (let i = 0; i < 5; i++) {
      expect(g.consequence(i)).toBe(-1);
      expect(g.punishment(i)).toBe(-1);
    }
    const before = listUnknowns(g);
    g.hand_[premonition] = 1;
    g.time_ = 6;
    doAction(g, premonition, -1); // reveal 2: Consequence 1, then Punishment 1
    expect(g.consequence(0)).toBe(g.consCard[0]);
    expect(g.punishment(0)).toBe(data.punishments[g.punCard[0]]);
    expect(g.consequence(1)).toBe(-1);
    expect(g.punishment(1)).toBe(-1);
    for (let p = 0; p < 5; p++) expect(g.deathPicture(p)).toBe(-1);
    const after = listUnknowns(g);
    expect(after).toBe(before - 2);
    const codes = Array.from(g.scratch.slice(0, after));
    expect(codes).not.toContain((1 << 6) | 0);
    expect(codes).not.toContain((2 << 6) | 0);
  });
});

describe('rulebook: End of the Game & the Destiny Phase', () => {
  it('the game ends as soon as the last terror card is resolved: no further turn, then the Destiny phase', () => {
    const g = game();
    const quiet = terrorCard('Quiet');
    g.deck.fill(quiet);
    g.deckPos = g.deckSize - 1;
    g.play();
    expect(g.turn).toBe(1);
    expect(g.terrorConsumed).toBe(1);
    expect(g.outcome).toBe(OUTCOME_WON);
  });

  /** Ginny's two Consequence cards: "at least 3 Items" (Punishment 3), "Horror 1 or lower" (Punishment 2). */
  function ginny(over: Partial<TerrorSimParams> = {}): TerrorGame {
    const g = game(deathOrderPolicy, 1, over);
    const items3 = data.consequences.findIndex((c) => c.name === 'Arm yourself');
    const horror1 = data.consequences.findIndex((c) => c.name === 'Keep calm');
    g.consCard[1] = items3;
    g.punCard[1] = data.punishments.indexOf(3);
    g.consCard[3] = horror1;
    g.punCard[3] = data.punishments.indexOf(2);
    g.consVictim.fill(-1);
    g.consVictim[1] = fated('rebel');
    g.consVictim[3] = fated('cheerleader');
    // Cards without a Fated Victim have requirements she would fail: they must be ignored.
    g.consCard[0] = items3;
    g.consCard[2] = horror1;
    g.consCard[4] = items3;
    return g;
  }

  it("worked example: Ginny's Destiny phase, both requirements unmet: -3 then -2 health, still alive: wins", () => {
    const g = ginny();
    g.items_ = 2;
    g.horror_ = 3;
    g.health_ = 6;
    destinyPhase(g);
    expect(g.consFaceUp[1]).toBe(1);
    expect(g.consFaceUp[3]).toBe(1);
    expect(g.consFaceUp[0]).toBe(0);
    expect(g.punFaceUp[1]).toBe(1);
    expect(g.health()).toBe(1);
    expect(g.outcome).toBe(OUTCOME_WON);
  });

  it("Ginny's Destiny phase with 3 Items and horror 1: both met, no health lost, Items discarded", () => {
    const g = ginny();
    g.items_ = 3;
    g.horror_ = 1;
    g.health_ = 2;
    destinyPhase(g);
    expect(g.health()).toBe(2);
    expect(g.items()).toBe(0);
    expect(g.punFaceUp[1]).toBe(0);
    expect(g.outcome).toBe(OUTCOME_WON);
  });

  it('Final Health token: back with health, the excess loss of that Punishment is ignored, then the next card', () => {
    const g = ginny();
    g.items_ = 0;
    g.horror_ = 1;
    g.health_ = 2;
    g.finalToken = 3;
    destinyPhase(g); // -3 → 0 → token: back with 3 (excess ignored); horror met
    expect(g.health()).toBe(3);
    expect(g.outcome).toBe(OUTCOME_WON);
    const g2 = ginny();
    g2.items_ = 0;
    g2.horror_ = 4;
    g2.health_ = 2;
    g2.finalToken = 1;
    destinyPhase(g2); // -3 → back with 1; -2 → dead
    expect(g2.outcome).toBe(OUTCOME_DIED_IN_DESTINY);
    // finalHealth lastLife (default): -3 from 3 → 0, on the (blank) token but alive; horror met → wins at 0.
    const g3 = ginny();
    g3.items_ = 0;
    g3.horror_ = 1;
    g3.health_ = 3;
    g3.finalToken = 0;
    destinyPhase(g3);
    expect(g3.outcome).toBe(OUTCOME_WON);
    expect(g3.health()).toBe(0);
    expect(g3.finalFlipped).toBe(false);
    expect(g3.consFaceUp[3]).toBe(1);
    // finalHealth flipAtZero (the other reading): the token flips at 0: blank → dead at the first card.
    const g4 = ginny({ finalHealth: 'flipAtZero' });
    g4.items_ = 0;
    g4.horror_ = 1;
    g4.health_ = 3;
    g4.finalToken = 0;
    destinyPhase(g4);
    expect(g4.outcome).toBe(OUTCOME_DIED_IN_DESTINY);
    expect(g4.consFaceUp[3]).toBe(0); // never reached
  });
});

describe('public fact: Final Health tokens (reading: parameter finalHealth)', () => {
  /** Dice of the next horror roll, read from the trace line. */
  function dice(g: TerrorGame): number {
    g.trace = [];
    horrorRoll(g);
    const line = g.trace.find((l) => l.includes('horror roll'))!;
    g.trace = null;
    return Number(/(\d+) dice/.exec(line)![1]);
  }
  function fresh(finalHealth: 'lastLife' | 'flipAtZero', token: number): TerrorGame {
    const g = new TerrorGame(params({ finalHealth }), answering({ [TERROR_DECISION.CONVERT_PARTIALS]: () => 0 }));
    g.reset(streamFor(1, 0));
    g.horror_ = 5;
    g.finalToken = token;
    return g;
  }
  const base = data.horror.dice[5];

  it('lastLife (default): at 0 she is on the token, alive, +1 die; the next loss flips it; a numbered token brings her back (excess ignored) and ends the phase', () => {
    expect(D.finalHealth).toBe('lastLife');
    const g = fresh('lastLife', 2);
    g.health_ = 2;
    expect(dice(g)).toBe(base);
    loseHealth(g, 2);
    expect(g.dead).toBe(false);
    expect(g.health()).toBe(0);
    expect(g.finalFlipped).toBe(false);
    expect(g.onFinalHealth()).toBe(true);
    expect(dice(g)).toBe(base + 1);
    expect(g.phaseEnded).toBe(false);
    loseHealth(g, 3); // flips: back with 2, the excess ignored
    expect(g.finalFlipped).toBe(true);
    expect(g.health()).toBe(2);
    expect(g.phaseEnded).toBe(true);
    expect(g.onFinalHealth()).toBe(false);
    expect(dice(g)).toBe(base);
    loseHealth(g, 2); // after the flip, reaching 0 again is death
    expect(g.dead).toBe(true);
  });

  it('lastLife: a loss going past 0 flips the token at once; a blank one is death', () => {
    const g = fresh('lastLife', 3);
    g.health_ = 2;
    loseHealth(g, 4);
    expect(g.health()).toBe(3);
    expect(g.finalFlipped).toBe(true);
    const b = fresh('lastLife', 0);
    b.health_ = 1;
    loseHealth(b, 1);
    expect(b.dead).toBe(false);
    loseHealth(b, 1);
    expect(b.dead).toBe(true);
  });

  it('lastLife: healed above 0 she is off the token (no +1 die); back at 0 she is on it again', () => {
    const g = fresh('lastLife', 0);
    g.health_ = 1;
    loseHealth(g, 1);
    expect(dice(g)).toBe(base + 1);
    heal(g, 1);
    expect(g.onFinalHealth()).toBe(false);
    expect(dice(g)).toBe(base);
    loseHealth(g, 1);
    expect(g.onFinalHealth()).toBe(true);
    expect(g.dead).toBe(false);
  });

  it('flipAtZero: the token flips at 0; +1 die after a revival only while health is at most the token\'s value (not kept after a heal above it)', () => {
    const g = fresh('flipAtZero', 2);
    g.health_ = 2;
    loseHealth(g, 2);
    expect(g.finalFlipped).toBe(true);
    expect(g.health()).toBe(2);
    expect(g.phaseEnded).toBe(true);
    expect(dice(g)).toBe(base + 1);
    heal(g, 1);
    expect(g.health()).toBe(3);
    expect(g.onFinalHealth()).toBe(false);
    expect(dice(g)).toBe(base);
    loseHealth(g, 1);
    expect(g.onFinalHealth()).toBe(true);
    loseHealth(g, 2);
    expect(g.dead).toBe(true);
    const b = fresh('flipAtZero', 0);
    b.health_ = 1;
    loseHealth(b, 1);
    expect(b.dead).toBe(true);
  });
});

describe('public fact: a revival ends the current phase (rulebook: not the Destiny phase)', () => {
  /** A game at 0 health on a numbered Final Health token (lastLife), Death Order card II (lose 1 health). */
  function onToken(token: number): TerrorGame {
    const g = game(deathOrderPolicy, 1, { deathOrder: 1 });
    g.hand_[thwart] = 0;
    g.health_ = 0;
    g.finalToken = token;
    g.phaseEnded = false;
    return g;
  }

  it('Killer phase: a revival stops the rest of the terror card (Rockfall: Killer action → revival; its -1 health is not resolved)', () => {
    const g = onToken(2);
    const rockfall = terrorCard('Rockfall');
    expect(data.terror[rockfall].killerActions).toBe(1);
    expect(data.terror[rockfall].effects).toEqual([{ kind: 1, amount: -1 }]);
    resolveTerror(g, rockfall);
    expect(g.finalFlipped).toBe(true);
    expect(g.health()).toBe(2);
    // Fate's Hand: a Destiny symbol and a Killer action; the second is not resolved after the revival.
    const h = onToken(3);
    resolveTerror(h, terrorCard("Fate's Hand"));
    expect(h.health()).toBe(3);
  });

  it('Killer phase: after a revival no further terror card of that phase is drawn', () => {
    const g = onToken(2);
    for (let v = 0; v < 5; v++) killOnBoard(g, v); // 2 cards per Killer phase from now on
    g.deck.fill(terrorCard('Cut'));
    killerPhase(g);
    expect(g.deckPos).toBe(1);
    expect(g.health()).toBe(2);
  });

  it('bloodlust threshold effects reached after a revival in that phase are not resolved (the marker still moves)', () => {
    expect(data.bloodlust.thresholds[0]).toEqual({ at: 3, effects: [{ kind: 0, amount: 1 }] }); // horror +1 at 3
    const control = onToken(1);
    control.bloodlust_ = 2;
    const h = control.horror();
    raiseBloodlust(control, 1);
    expect(control.horror()).toBe(h + 1);
    const g = onToken(1);
    g.bloodlust_ = 2;
    loseHealth(g, 1); // back with 1: the phase ends
    expect(g.phaseEnded).toBe(true);
    raiseBloodlust(g, 1);
    expect(g.bloodlust()).toBe(3);
    expect(g.horror()).toBe(h);
  });

  it('Destiny phase: coming back with health does not end it: the excess is ignored and the next Consequence card resolves', () => {
    const g = game();
    const horror1 = data.consequences.findIndex((c) => c.name === 'Keep calm');
    g.consVictim.fill(-1);
    g.consCard[0] = horror1;
    g.punCard[0] = data.punishments.indexOf(4);
    g.consCard[1] = horror1;
    g.punCard[1] = data.punishments.indexOf(1);
    g.consVictim[0] = 0;
    g.consVictim[1] = 1;
    g.horror_ = 5;
    g.health_ = 1;
    g.finalToken = 3;
    destinyPhase(g); // -4: 0, then the token: back with 3 (excess ignored); -1: 2
    expect(g.consFaceUp[1]).toBe(1);
    expect(g.punFaceUp[1]).toBe(1);
    expect(g.health()).toBe(2);
    expect(g.outcome).toBe(OUTCOME_WON);
  });
});

describe('assumption (parameter thwartRoll): does Thwart Destiny need a horror roll?', () => {
  /** A game whose horror rolls all come out as `face` (the dice stream replaced by a constant one). */
  function rolling(face: number, over: Partial<TerrorSimParams> = {}): TerrorGame {
    const g = game(deathOrderPolicy, 1, over);
    // randIndex(rng, 6) of this word is face - 1 (its low product bits stay clear of the rejection zone).
    const word = ((face - 1) * 715827882 + 1000) | 0;
    g.rng = { next: () => word, clone: () => g.rng, jump: () => g.rng, getState: () => [] } as unknown as Rng;
    g.hand_.fill(0);
    g.hand_[thwart] = 1;
    return g;
  }
  it('thwartRoll false (default): no roll, the symbol is ignored and the card spent', () => {
    const g = rolling(1);
    resolveTerror(g, terrorCard('Omen'));
    expect(g.horror()).toBe(5);
    expect(g.hand_[thwart]).toBe(0);
  });
  it('thwartRoll true: a success ignores the symbol; no success lets it resolve; the card is spent either way', () => {
    const ok = rolling(6, { thwartRoll: true });
    resolveTerror(ok, terrorCard('Omen'));
    expect(ok.horror()).toBe(5);
    expect(ok.hand_[thwart]).toBe(0);
    const miss = rolling(1, { thwartRoll: true });
    resolveTerror(miss, terrorCard('Omen'));
    expect(miss.horror()).toBe(6);
    expect(miss.hand_[thwart]).toBe(0);
  });
});

describe('assumption (parameter moveThroughExits): may a move pass through an exit space?', () => {
  const run = data.cards.findIndex((c) => c.id === 'run');
  const moves = (g: TerrorGame) => {
    const n = listActions(g);
    return Array.from(g.actionOptions.slice(0, n)).filter((a) => actionCard(a) === run && actionDest(a) >= 0).map((a) => data.location.spaces[actionDest(a)].name).sort();
  };
  it('true (default): House → Highway Exit → Cemetery is 2 steps, a run (range 2) gets there', () => {
    const g = game();
    g.fgSpace_ = space('House');
    expect(g.distance(space('House'), space('Cemetery'))).toBe(2);
    expect(moves(g)).toContain('Cemetery');
  });
  it('false: an exit ends a move — Cemetery is 5 steps round by the farm and the barn; the exit itself, and moves from it, stay legal', () => {
    const g = game(deathOrderPolicy, 1, { moveThroughExits: false });
    g.fgSpace_ = space('House');
    expect(g.distance(space('House'), space('Cemetery'))).toBe(5);
    expect(g.distance(space('House'), space('Highway Exit'))).toBe(1);
    expect(moves(g)).not.toContain('Cemetery');
    expect(moves(g)).toContain('Highway Exit');
    g.fgSpace_ = space('Highway Exit');
    expect(moves(g)).toEqual(expect.arrayContaining(['Cemetery', 'House', 'Radio Tower', 'Sheep Farm', 'Old Well']));
    // "Nearest" for killing effects still counts steps along paths, exits included.
    expect(g.pathDistance(space('House'), space('Cemetery'))).toBe(2);
  });
});

describe('public fact: the action phase ends when time goes below 0', () => {
  const run = data.cards.findIndex((c) => c.id === 'run');

  it('with time ≥ 0 left a card may be played even if it takes time below 0; then the phase ends', () => {
    expect(data.cards[escort].play).toBe(2);
    const escortFirst = answering({
      [TERROR_DECISION.ACTION]: (_r, _v, a, n) => {
        for (let i = 0; i < n; i++) if (actionCard(a[i]) === escort && actionDest(a[i]) >= 0) return i;
        for (let i = 0; i < n; i++) if (actionDest(a[i]) >= 0) return i;
        return -1;
      },
    });
    const g = game(escortFirst, 1, { timePerTurn: 1 });
    g.horror_ = 0;
    g.hand_.fill(0);
    g.hand_[escort] = 1;
    g.hand_[run] = 2;
    actionPhase(g);
    expect(g.hand_[escort]).toBe(0); // played with 1 time left
    expect(g.time()).toBe(-1);
    expect(g.hand_[run]).toBe(2); // the phase ended: nothing more played
    // At time 0 a card costing 1 is still legal.
    g.time_ = 0;
    const n = listActions(g);
    expect(Array.from(g.actionOptions.slice(0, n)).filter((a) => actionCard(a) === run && actionDest(a) >= 0).length).toBeGreaterThan(0);
  });

  it('no card is bought in the Planning phase with time below 0', () => {
    const g = game();
    g.time_ = -1;
    g.hand_.fill(0);
    planningPhase(g);
    expect(g.handTotal()).toBe(0);
  });
});

describe('assumption (parameter rebuy): where played and discarded action cards go', () => {
  const run = data.cards.findIndex((c) => c.id === 'run');
  /** The last run card in hand and none in the supply; it is discarded for time, then Planning buys with 6 time. */
  function discardLastRun(rebuy: boolean): TerrorGame {
    const g = game(deathOrderPolicy, 1, { rebuy });
    g.hand_.fill(0);
    g.hand_[run] = 1;
    g.spent_[run] = data.cards[run].copies + 2; // bookkeeping only: the rest of the copies are out of reach
    g.supply_[run] = 0;
    g.time_ = 5;
    doAction(g, run, DISCARD_FOR_TIME);
    return g;
  }
  it('rebuy true (default): the card goes back to the supply and Planning may buy it again', () => {
    const g = discardLastRun(true);
    expect([g.time(), g.hand_[run], g.supply_[run], g.spent_[run]]).toEqual([6, 0, 1, data.cards[run].copies + 2]);
    const bought: number[] = [];
    g.policy = answering({ [TERROR_DECISION.BUY]: (_r, _v, o, n) => (bought.push(...o.slice(0, n)), Array.from(o.slice(0, n)).indexOf(run)) });
    planningPhase(g);
    expect(bought).toContain(run);
    expect(g.hand_[run]).toBe(1);
  });
  it('rebuy false: the card leaves the game (spent), so Planning cannot buy it back; a Thwart Destiny played leaves too', () => {
    const g = discardLastRun(false);
    expect([g.time(), g.hand_[run], g.supply_[run], g.spent_[run]]).toEqual([6, 0, 0, data.cards[run].copies + 3]);
    const bought: number[] = [];
    g.policy = answering({ [TERROR_DECISION.BUY]: (_r, _v, o, n) => (bought.push(...o.slice(0, n)), -1) });
    planningPhase(g);
    expect(bought.length).toBeGreaterThan(0);
    expect(bought).not.toContain(run);
    const t = game(deathOrderPolicy, 1, { rebuy: false });
    t.hand_.fill(0);
    t.hand_[thwart] = 1;
    const supply = t.supply_[thwart];
    resolveTerror(t, terrorCard('Omen'));
    expect([t.horror(), t.hand_[thwart], t.supply_[thwart], t.spent_[thwart]]).toEqual([5, 0, supply, 1]);
  });
});

describe('assumption (data killNearestTie): who "kill: nearest" takes among equally near victims', () => {
  const killNearest = Int32Array.from([3, 1]); // FX_KILL_NEAREST
  /** jock (Fated) and the first normal victim both one step from the Final Girl; nobody else on the board. */
  function tied(killNearestTie: number, seed = 1): TerrorGame {
    const g = new TerrorGame(params({ data: { ...data, killNearestTie } }), deathOrderPolicy);
    g.reset(streamFor(seed, 0));
    for (let v = 0; v < g.nVictims; v++) g.vState[v] = 7;
    g.fgSpace_ = space('Town Square');
    for (const v of [fated('jock'), g.fc]) (g.vState[v] = V_BOARD), (g.vSpace[v] = space('Sheep Farm'));
    g.vState[g.fc + 1] = V_BOARD;
    g.vSpace[g.fc + 1] = space('House'); // farther: never taken
    return g;
  }

  it('the bundled data says fatedFirst: the Fated Victim (lowest id) goes, to Limbo', () => {
    expect(data.killNearestTie).toBe(0);
    const g = tied(data.killNearestTie);
    applyEffects(g, killNearest);
    expect(g.vState[fated('jock')]).toBe(V_LIMBO);
    expect(g.vState[g.fc]).toBe(V_BOARD);
  });

  it('normalFirst: the normal victim goes; random: either, about evenly', () => {
    const g = tied(1);
    applyEffects(g, killNearest);
    expect(g.vState[g.fc]).toBe(2); // V_DEAD
    expect(g.vState[fated('jock')]).toBe(V_BOARD);
    let fatedTaken = 0;
    for (let seed = 0; seed < 400; seed++) {
      const r = tied(2, seed);
      applyEffects(r, killNearest);
      expect(r.vState[r.fc + 1]).toBe(V_BOARD);
      if (r.vState[fated('jock')] === V_LIMBO) fatedTaken++;
      else expect(r.vState[r.fc]).toBe(2);
    }
    expect(Math.abs(fatedTaken - 200)).toBeLessThan(50); // 400 fair coins: sd 10
  });
});

describe('rulebook: Achievements (recordGame)', () => {
  function recorded(g: TerrorGame): Map<number, number> {
    const m = new Map<number, number>();
    recordGame(g, { record: (k, v) => m.set(k, v) });
    return m;
  }
  /** A finished game with Death Order card III: `outcome`, each Fated Victim in `state`, `resolved` Consequence cards. */
  function finished(outcome: number, state: number, resolved: number, limboEver = 0): TerrorGame {
    const g = game();
    g.deathOrderCard = 2;
    g.outcome = outcome;
    for (let v = 0; v < 5; v++) g.vState[v] = state;
    g.consequencesResolved = resolved;
    g.limboEver = limboEver;
    return g;
  }
  const card = PER_CARD + PER_CARD_METRICS * 2;

  it('a win with all Fated Victims saved and none ever in Limbo: "no Limbo" and "all saved", not "all 5 Consequences"', () => {
    const m = recorded(finished(OUTCOME_WON, V_FG_CARD, 0));
    expect([m.get(M_SURVIVED), m.get(M_ACH_NO_LIMBO), m.get(M_ACH_ALL_SAVED), m.get(M_ACH_ALL_CONSEQUENCES)]).toEqual([1, 1, 1, 0]);
    expect([m.get(card), m.get(card + 1), m.get(card + 2), m.get(card + 3)]).toEqual([1, 1, 1, 0]);
    expect(m.has(PER_CARD)).toBe(false); // card I's metrics are not recorded in a card III game
  });

  it('a win with all 5 Consequence cards resolved, one victim once in Limbo: only "all 5 Consequences"', () => {
    const m = recorded(finished(OUTCOME_WON, V_CONSEQUENCE, 5, 1 << 3));
    expect([m.get(M_ACH_NO_LIMBO), m.get(M_ACH_ALL_SAVED), m.get(M_ACH_ALL_CONSEQUENCES)]).toEqual([0, 0, 1]);
    expect([m.get(card + 1), m.get(card + 2), m.get(card + 3)]).toEqual([0, 0, 1]);
  });

  it('no achievement without a win, whatever else', () => {
    for (const [state, resolved] of [[V_FG_CARD, 0], [V_CONSEQUENCE, 5]]) {
      const m = recorded(finished(OUTCOME_DIED_IN_DESTINY, state, resolved));
      expect([m.get(M_SURVIVED), m.get(M_ACH_NO_LIMBO), m.get(M_ACH_ALL_SAVED), m.get(M_ACH_ALL_CONSEQUENCES)]).toEqual([0, 0, 0, 0]);
      expect(m.get(card)).toBe(0);
    }
  });
});
