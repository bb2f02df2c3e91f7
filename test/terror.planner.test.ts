// The `planner` policy (the default; issue 15): Premonition before exits (never a blind exit),
// meeting Consequence requirements, moving on to the victims — on hand-built states, and over
// seeded games.
import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { listActions, listUnknowns } from '../src/games/terror/actionPhase.js';
import { CARD_ESCORT, CARD_HEAL, CARD_MOVE, CARD_PREMONITION, CARD_SEARCH, CARD_STEADY, CARD_THWART, defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { actionCard, actionDest, TERROR_DECISION, unknownIndex, unknownKind, UNKNOWN_CONSEQUENCE, V_BOARD, V_CONSEQUENCE, V_DEATH_TOKEN, V_UNUSED } from '../src/games/terror/terrorDecision.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { knownPicture, plannerPolicy } from '../src/games/terror/terrorPlanner.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const params = (over: Partial<TerrorSimParams> = {}): TerrorSimParams => ({ ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: 0, policy: 'planner', data, ...over });
const space = (name: string) => data.location.spaces.findIndex((s) => s.name === name);
const card = (kind: number) => data.cards.findIndex((c) => c.kind === kind);

/** A set-up game with every victim off the board and an empty hand: tests place what they need. */
function blank(over: Partial<TerrorSimParams> = {}): TerrorGame {
  const g = new TerrorGame(params(over), plannerPolicy);
  g.reset(streamFor(1, 0));
  for (let v = 0; v < g.nVictims; v++) (g.vState[v] = V_UNUSED), (g.vSpace[v] = -1);
  g.hand_.fill(0);
  g.time_ = 6;
  for (let p = 0; p < 5; p++) g.deathPic[p] = p; // token p pictures Fated Victim p
  return g;
}
const place = (g: TerrorGame, v: number, s: number) => ((g.vState[v] = V_BOARD), (g.vSpace[v] = s));
/** The planner's ACTION choice now: [card kind, destination name or null], or null to end the phase. */
function action(g: TerrorGame): [number, string | null] | null {
  const n = listActions(g);
  const i = plannerPolicy.choose(g.rng, g, TERROR_DECISION.ACTION, g.actionOptions, n, true);
  if (i < 0) return null;
  const d = actionDest(g.actionOptions[i]);
  return [data.cards[actionCard(g.actionOptions[i])].kind, d >= 0 ? data.location.spaces[d].name : null];
}

describe('planner: Premonition before exits', () => {
  it('knows a Death token by its face or by elimination (the one facedown token from the Arrow on), else not', () => {
    const g = blank();
    for (let v = 0; v < 5; v++) place(g, v, space('Lake'));
    expect(knownPicture(g, 0)).toBe(-2);
    g.deathFaceUp.fill(1);
    g.deathFaceUp[3] = 0;
    expect(knownPicture(g, 3)).toBe(3);
    g.deathFaceUp[4] = 0;
    expect(knownPicture(g, 3)).toBe(-2);
  });

  it('a Fated Victim beside an exit with her unknown token: Premonition first; once known, the escort out', () => {
    const g = blank();
    place(g, 0, space('Boulder'));
    g.fgSpace_ = space('Boulder');
    g.hand_[card(CARD_ESCORT)] = 1;
    g.hand_[card(CARD_PREMONITION)] = 1;
    expect(action(g)).toEqual([CARD_PREMONITION, null]);
    g.deathFaceUp[0] = 1;
    expect(action(g)).toEqual([CARD_ESCORT, 'Mountain Pass']);
  });

  it('no blind exit: a Fated Victim whose token is unknown (or another\'s) is not carried into an exit; normal victims are', () => {
    const g = blank();
    place(g, 1, space('Boulder')); // token 0 pictures victim 0, not 1
    place(g, 5, space('Boulder'));
    g.fgSpace_ = space('Boulder');
    g.deathFaceUp[0] = 1;
    g.escortDest = space('Mountain Pass');
    const k = (() => {
      const opts = Int32Array.of(0, 1 << 1, 1 << 5, (1 << 1) | (1 << 5));
      return opts[plannerPolicy.choose(g.rng, g, TERROR_DECISION.CARRY, opts, 4, false)];
    })();
    expect(k).toBe(1 << 5);
  });

  it('over 2000 seeded games the planner never saves a Fated Victim out of order (death-order: about 0.23 a game, see fatedOutOfOrder)', () => {
    const g = new TerrorGame(params({ deathOrder: -1 }), plannerPolicy);
    let out = 0;
    for (let k = 0; k < 2000; k++) {
      g.reset(streamFor(21, k));
      g.play();
      out += g.outOfOrder;
    }
    expect(out).toBe(0);
  });
});

describe('planner: moving to escort', () => {
  it('victims on her space but no escort card: she runs on toward the next Fated Victim to save instead of standing still', () => {
    const g = blank();
    g.deathFaceUp[0] = 1;
    place(g, 0, space('Lake'));
    place(g, 5, space('Town Square')); // a normal victim with her
    g.fgSpace_ = space('Town Square');
    g.hand_[card(CARD_MOVE)] = 1;
    const a = action(g)!;
    expect(a[0]).toBe(CARD_MOVE);
    expect(g.distance(space(a[1]!), space('Lake'))).toBeLessThan(g.distance(space('Town Square'), space('Lake')));
  });

  it('a normal victim alone on her space, far from an exit: not staged (two escorts for one saving reward), she walks on to the next goal; beside an exit, escorted out', () => {
    const g = blank();
    g.deathFaceUp[0] = 1;
    place(g, 0, space('Town Square')); // the next Fated Victim to save
    place(g, 5, space('Lake')); // a normal victim with her, 5 steps from an exit
    g.fgSpace_ = space('Lake');
    g.hand_[card(CARD_MOVE)] = 1;
    g.hand_[card(CARD_ESCORT)] = 1;
    const a = action(g)!;
    expect(a[0]).toBe(CARD_MOVE);
    expect(g.distance(space(a[1]!), space('Town Square'))).toBeLessThan(g.distance(space('Lake'), space('Town Square')));
    place(g, 5, space('Boulder'));
    g.fgSpace_ = space('Boulder');
    expect(action(g)).toEqual([CARD_ESCORT, 'Mountain Pass']);
  });

  it('another Fated Victim on her space (her token known, not the next one): not staged either; she walks on to the next goal', () => {
    const g = blank(); // Death Order I: no killing Destiny effect
    g.deathFaceUp[0] = 1;
    g.deathFaceUp[1] = 1;
    place(g, 0, space('Town Square')); // the next Fated Victim to save
    place(g, 1, space('Lake')); // the one after her, with the Final Girl
    g.fgSpace_ = space('Lake');
    g.hand_[card(CARD_MOVE)] = 1;
    g.hand_[card(CARD_ESCORT)] = 1;
    expect(action(g)).toEqual([CARD_MOVE, 'Town Square']);
  });

  it('but the next goal herself on her space, no escort card: she stays (buys one) rather than walk away', () => {
    const g = blank();
    g.deathFaceUp[0] = 1;
    place(g, 0, space('Town Square'));
    place(g, 6, space('Lake'));
    g.fgSpace_ = space('Town Square');
    g.hand_[card(CARD_MOVE)] = 1;
    expect(action(g)).toBeNull();
    g.time_ = 2;
    const buy = Int32Array.from(data.cards.map((_, c) => c).filter((c) => data.cards[c].buy <= 2));
    expect(data.cards[buy[plannerPolicy.choose(g.rng, g, TERROR_DECISION.BUY, buy, buy.length, true)]].kind).toBe(CARD_ESCORT);
  });
});

describe('planner: meeting Consequence requirements', () => {
  /** The last turns: 2 cards left, Fated Victims 0 and 1 killed onto Consequence slots 0 and 1 (facedown). */
  function endgame(): TerrorGame {
    const g = blank();
    g.deckPos = g.deckSize - 2;
    g.arrow_ = 2;
    g.deathDone[0] = g.deathDone[1] = 1;
    g.deathFaceUp[0] = g.deathFaceUp[1] = 1;
    for (const v of [0, 1]) (g.vState[v] = V_CONSEQUENCE), (g.consVictim[v] = v);
    g.noFatedLatch = true;
    return g;
  }

  it('on a search space with a search card and too few Items: she searches', () => {
    const g = endgame();
    g.fgSpace_ = space('House');
    g.hand_[card(CARD_SEARCH)] = 1;
    g.hand_[card(CARD_MOVE)] = 1;
    expect(action(g)).toEqual([CARD_SEARCH, null]);
  });

  it('with horror above what a facedown Consequence may ask: she steadies', () => {
    const g = endgame();
    g.fgSpace_ = space('Lake');
    g.items_ = 3;
    g.horror_ = 4;
    g.hand_[card(CARD_STEADY)] = 1;
    expect(action(g)).toEqual([CARD_STEADY, null]);
  });

  it('Premonition on the facedown Consequence cards that hold a Fated Victim (once the Death tokens are known)', () => {
    const g = endgame();
    g.deathFaceUp.fill(1);
    g.consFaceUp[0] = 1;
    const n = listUnknowns(g);
    const i = plannerPolicy.choose(g.rng, g, TERROR_DECISION.REVEAL, g.scratch, n, true);
    expect([unknownKind(g.scratch[i]), unknownIndex(g.scratch[i])]).toEqual([UNKNOWN_CONSEQUENCE, 1]);
  });

  it('in the last Planning phase she buys search and steady cards the Destiny phase may ask for before more escorts', () => {
    const g = endgame();
    g.hand_[card(CARD_ESCORT)] = 2;
    g.hand_[card(CARD_MOVE)] = 2;
    g.hand_[data.cards.findIndex((c) => c.kind === 6)] = 1;
    g.horror_ = 3;
    const buy = Int32Array.from(data.cards.map((_, c) => c));
    expect(data.cards[buy[plannerPolicy.choose(g.rng, g, TERROR_DECISION.BUY, buy, buy.length, true)]].kind).toBe(CARD_SEARCH);
  });
});

describe('planner: spending time (issue 15; each behaviour measured paired before it was kept)', () => {
  /** The planner's BUY choice among every card she can afford now: its kind, or null to stop. */
  function buy(g: TerrorGame): number | null {
    const opts = Int32Array.from(data.cards.map((_, c) => c).filter((c) => g.supply_[c] > 0 && data.cards[c].buy <= g.time_));
    const i = plannerPolicy.choose(g.rng, g, TERROR_DECISION.BUY, opts, opts.length, true);
    return i < 0 ? null : data.cards[opts[i]].kind;
  }

  it('an escort card is played only to carry victims, never as a plain move toward them', () => {
    const g = blank();
    g.deathFaceUp[0] = 1;
    place(g, 0, space('Lake')); // the next Fated Victim to save, away from her
    g.fgSpace_ = space('Town Square');
    g.hand_[card(CARD_ESCORT)] = 1;
    expect(action(g)).toBeNull();
    // With a run card she walks there; with the victim beside her the escort carries her.
    g.hand_[card(CARD_MOVE)] = 1;
    expect(action(g)![0]).toBe(CARD_MOVE);
    g.fgSpace_ = space('Lake');
    expect(action(g)![0]).toBe(CARD_ESCORT);
  });

  it('she walks to a Fated Victim only once a free Death token is known to picture her (normal victims: never; issue 24, fourth pass)', () => {
    const g = blank();
    place(g, 0, space('Lake'));
    g.fgSpace_ = space('Town Square');
    g.hand_[card(CARD_MOVE)] = 1;
    expect(action(g)).toBeNull(); // every Death token facedown: the trip buys nothing
    g.deathFaceUp[3] = 1;
    g.deathPic[3] = 0;
    g.deathPic[0] = 3; // token 4 (not the next one) pictures her: she can be staged for it
    expect(action(g)![0]).toBe(CARD_MOVE);
    g.deathFaceUp[3] = 0;
    place(g, 5, space('Campsite'));
    expect(action(g)).toBeNull(); // a normal victim is taken out where an escort reaches an exit: no walk to her
  });

  it('with no next goal, she walks to the Fated Victim of the first free Death token (in Death order) known to picture one on the board, not the nearest (issue 24, sixth pass)', () => {
    const g = blank(); // token p pictures Fated Victim p
    g.deathFaceUp.fill(1);
    // Fated Victim 0 on token 0: the first free token is 1, whose victim is not on the board (Fated Victim 1 unused): no next goal.
    g.deathOn[0] = 0;
    g.vState[0] = V_DEATH_TOKEN;
    place(g, 2, space('Radio Tower')); // token 2's victim, 4 steps away
    place(g, 3, space('Diner')); // token 3's victim, 1 step away (the nearest: where the planner walked before)
    g.fgSpace_ = space('Town Square');
    g.hand_[card(CARD_MOVE)] = 1;
    const a = action(g)!;
    expect(a[0]).toBe(CARD_MOVE);
    expect(g.distance(space(a[1]!), space('Radio Tower'))).toBeLessThan(g.distance(space('Town Square'), space('Radio Tower')));
    // Standing with token 2's victim: no walk (to the nearer victim of a later token).
    g.fgSpace_ = space('Radio Tower');
    expect(action(g)).toBeNull();
  });

  it('Premonition at ACTION at once while the next free Death token is unknown (fourth pass); for a later one only when nothing else is worth playing (seventh pass); kept once every free token is known', () => {
    const g = blank();
    place(g, 0, space('Lake'));
    g.fgSpace_ = space('Lake');
    g.hand_[card(CARD_PREMONITION)] = 1;
    const next = g.firstFreeDeathToken();
    expect(next).toBeGreaterThanOrEqual(0);
    expect(action(g)).toEqual([CARD_PREMONITION, null]); // the next token unknown
    g.deathFaceUp[next] = 1;
    expect(action(g)).toEqual([CARD_PREMONITION, null]); // only later tokens unknown, nothing else in hand: played
    // A card worth playing comes first: a heal at health 2.
    g.hand_[card(CARD_HEAL)] = 1;
    g.health_ = 2;
    expect(action(g)?.[0]).toBe(CARD_HEAL);
    g.hand_[card(CARD_HEAL)] = 0;
    g.deathFaceUp.fill(1);
    expect(action(g)).toBeNull(); // every free token known: the card is kept
  });

  it('Planning: Thwart Destiny, then the escorts to keep and Premonition while a free Death token is unknown (seventh pass), then a search card while Items are short (asked only at the end)', () => {
    const g = blank();
    g.fgSpace_ = space('Lake');
    expect(buy(g)).toBe(CARD_THWART);
    g.hand_[card(CARD_THWART)] = 1;
    // Escorts up to the number kept (from the Location's exit distances and the escort's range), one a Planning step.
    let escorts = 0;
    while (buy(g) === CARD_ESCORT && escorts < 10) g.hand_[card(CARD_ESCORT)] = ++escorts;
    expect(escorts).toBe(3); // escortsToKeep on the bundled Location: its mean exit distance over the escort's range, plus one
    expect(buy(g)).toBe(CARD_PREMONITION);
    // Not once every free Death token is known (no Premonition wanted either): the search card Items ask for comes first.
    const known = blank();
    known.fgSpace_ = space('Lake');
    known.hand_[card(CARD_THWART)] = 1;
    known.deathFaceUp.fill(1);
    expect(buy(known)).toBe(CARD_SEARCH);
    g.hand_[card(CARD_PREMONITION)] = 1;
    expect(buy(g)).toBe(CARD_SEARCH);
    g.items_ = 3;
    expect(buy(g)).not.toBe(CARD_SEARCH);
  });

  it('Planning: she keeps up to three escort cards (before more run cards)', () => {
    const g = blank();
    g.deathFaceUp.fill(1);
    g.items_ = 3;
    g.horror_ = 2;
    g.hand_[card(CARD_THWART)] = 1;
    g.hand_[card(CARD_ESCORT)] = 2;
    expect(buy(g)).toBe(CARD_ESCORT);
    g.hand_[card(CARD_ESCORT)] = 3;
    expect(buy(g)).toBe(CARD_MOVE);
  });

  it('a saving reward is health while she is below her maximum (a heal is capped there), else less horror (at 0 horror too: neither changes anything, and less horror cannot lower health)', () => {
    const options = Int32Array.of(0, 1); // 0: health, 1: less horror
    const g = blank({ deathOrder: 1 });
    expect(g.maxHealth()).toBe(6);
    // [health, horror, answer]: one short of the maximum is still health, whatever the horror.
    for (const [health, horror, answer] of [[1, 4, 0], [5, 4, 0], [5, 0, 0], [6, 4, 1], [6, 1, 1], [6, 0, 1]] as const) {
      g.health_ = health;
      g.horror_ = horror;
      expect(plannerPolicy.choose(g.rng, g, TERROR_DECISION.REWARD, options, 2, false), `health ${health}, horror ${horror}`).toBe(answer);
    }
  });

  it('Planning: the escort cards kept follow the loaded escort range (range 3 on Utopia: two, not three)', () => {
    const longer = loadTerrorData(defaultDataFile(), 'data.yaml with escort range 3', { 'data.actionCards.escort.range': 3 });
    for (const [d, third] of [[data, true], [longer, false]] as const) {
      const g = blank({ data: d });
      g.deathFaceUp.fill(1);
      g.items_ = 3;
      g.horror_ = 2;
      g.hand_[card(CARD_THWART)] = 1;
      g.hand_[card(CARD_ESCORT)] = 2;
      expect(buy(g)).toBe(third ? CARD_ESCORT : CARD_MOVE);
    }
  });

  it('Planning: the Thwart Destiny cards held follow the Destiny symbols the cards left are expected to show, up to the data\'s copies', () => {
    const two = loadTerrorData(defaultDataFile(), 'data.yaml with two Thwart Destiny', { 'data.actionCards.thwartdestiny.copies': 2 });
    // [data, cards left, a second Thwart Destiny bought?]: one copy in the bundled data; two: a second while ≥ 2 symbols are expected.
    for (const [d, left, second] of [[data, 13, false], [two, 13, true], [two, 1, false]] as const) {
      const g = blank({ data: d });
      g.deathFaceUp.fill(1);
      g.items_ = 3;
      g.horror_ = 2;
      g.hand_[card(CARD_THWART)] = 1;
      g.supply_[card(CARD_THWART)] = 1;
      g.hand_[card(CARD_ESCORT)] = 3;
      g.deckPos = g.deckSize - left;
      expect(g.deckLeft()).toBe(left);
      expect(buy(g) === CARD_THWART, `${d.file} ${left} left`).toBe(second);
    }
  });

  it('under a killing Destiny effect (Death Order III) she keeps the time to buy Thwart Destiny back; under Death Order I she spends it', () => {
    for (const [deathOrder, plays] of [[2, false], [0, true]] as const) {
      const g = blank({ deathOrder });
      g.deathFaceUp[0] = 1;
      place(g, 0, space('Lake'));
      g.fgSpace_ = space('Town Square');
      g.hand_[card(CARD_MOVE)] = 1;
      g.time_ = 3; // a run (1) leaves 2, below Thwart Destiny's price (3)
      expect(g.supply_[card(CARD_THWART)]).toBe(1);
      expect(action(g)?.[0] ?? null).toBe(plays ? CARD_MOVE : null);
      // With less time than the price already, there is nothing to keep: she plays the run.
      g.time_ = 2;
      expect(action(g)?.[0] ?? null).toBe(CARD_MOVE);
    }
  });

  it('nothing to play with the reserve short (Death Order III): a spare card discarded for the time to buy Thwart Destiny, only if that reaches its price; not under Death Order I', () => {
    for (const [deathOrder, discards] of [[2, true], [0, false]] as const) {
      const g = blank({ deathOrder });
      g.deathFaceUp.fill(1); // every Death token known: no Premonition wanted
      g.fgSpace_ = space('Town Square');
      g.horror_ = 0; // a steady card not worth playing
      g.hand_[card(CARD_STEADY)] = 1;
      g.time_ = 2; // + 1 for the steady card: Thwart Destiny's price (3)
      const n = listActions(g);
      const i = plannerPolicy.choose(g.rng, g, TERROR_DECISION.ACTION, g.actionOptions, n, true);
      expect(i >= 0 ? [actionCard(g.actionOptions[i]), actionDest(g.actionOptions[i])] : null).toEqual(discards ? [card(CARD_STEADY), -2] : null);
      g.time_ = 1; // one discard cannot reach the price: she keeps the card
      expect(action(g)).toBeNull();
    }
  });

  it('the reserve follows the loaded Death Order card: kept for "lose 2 health" (more than a First Aid success heals), not for "lose 1 health"', () => {
    const harsher = loadTerrorData(defaultDataFile(), 'data.yaml with Death Order II at -2', { 'data.deathOrders.death-order-ii.destiny.0.health': -2 });
    for (const [d, plays] of [[data, true], [harsher, false]] as const) {
      const g = blank({ deathOrder: 1, data: d });
      g.deathFaceUp[0] = 1;
      place(g, 0, space('Lake'));
      g.fgSpace_ = space('Town Square');
      g.hand_[card(CARD_MOVE)] = 1;
      g.time_ = 3; // a run (1) leaves 2, below Thwart Destiny's price (3)
      expect(action(g)?.[0] ?? null).toBe(plays ? CARD_MOVE : null);
    }
  });

  it('partials: keeps a hand of 3, then converts one more while two spare cards (search, run, steady) would go; not when a discarded card leaves the game (rebuy false), nor in the last turn, nor when Planning could buy none back; at the rule\'s partialCost', () => {
    for (const [rebuy, spare, want] of [[true, 2, 2], [true, 1, 1], [false, 2, 1]] as const) {
      const g = blank({ rebuy }); // a fresh deck: many turns left, so the last turn's hand rule is not in play
      g.hand_[card(CARD_SEARCH)] = spare;
      g.hand_[card(CARD_MOVE)] = spare;
      g.hand_[card(CARD_ESCORT)] = 5 - 2 * spare; // 5 cards: a hand of 3 pays for one conversion
      // Three partials rolled, each conversion costs 2: options 0..2.
      expect(plannerPolicy.choose(g.rng, g, TERROR_DECISION.CONVERT_PARTIALS, g.counts, 3, false)).toBe(want);
      // In the last turn no Planning phase is left to buy the spare cards back: at most the hand of 3's answer (1; less when the Destiny phase asks for a larger hand).
      g.deckPos = g.deckSize - 1;
      expect(plannerPolicy.choose(g.rng, g, TERROR_DECISION.CONVERT_PARTIALS, g.counts, 3, false)).toBeLessThanOrEqual(1);
    }
    // Only when the spare cards cost no play: when this turn's Planning spends the time left on Thwart Destiny (none held) and has none left to buy one back
    // (data-harsh.yaml's first turn): the hand of 3's answer under Death Order I; with a time beyond its price, or short of it (Planning buys cheaper cards),
    // converted; under Death Order III the reserve discards spare cards for time anyway: converted.
    // (At time 0 Thwart Destiny is out of reach unless held; held, there is nothing to buy first, whatever the time.)
    for (const [deathOrder, time, want] of [[0, 3, 1], [0, 4, 2], [0, 2, 2], [0, 0, 2], [2, 3, 2]] as const) {
      const g = blank({ deathOrder });
      g.hand_[card(CARD_SEARCH)] = 2;
      g.hand_[card(CARD_MOVE)] = 2;
      g.hand_[card(CARD_ESCORT)] = 1;
      g.time_ = time; // Thwart Destiny's price is 3 (bundled data); none in hand
      expect(plannerPolicy.choose(g.rng, g, TERROR_DECISION.CONVERT_PARTIALS, g.counts, 3, false), `Death Order ${deathOrder + 1}, time ${time}`).toBe(want);
      g.hand_[card(CARD_THWART)] = 1; // held: nothing to buy back first
      expect(plannerPolicy.choose(g.rng, g, TERROR_DECISION.CONVERT_PARTIALS, g.counts, 3, false), `Death Order ${deathOrder + 1}, time ${time}, Thwart Destiny held`).toBe(2);
    }
    // "The next spare card" is the one DISCARD throws after those the hand of 3's conversions throw (search, then run, then steady),
    // priced from the data: at 1 card a partial with 4 in hand, the hand of 3 converts one (it throws the first search card); one more
    // throws the second card: a search card (price 1, bought back with the 1 time Thwart Destiny leaves: converted) or, with one search
    // card only, a steady card (price 2: not bought back, not converted).
    for (const [search, steady, want] of [[2, 2, 2], [1, 3, 1]] as const) {
      const g = blank({ partialCost: 1 });
      g.hand_[card(CARD_SEARCH)] = search;
      g.hand_[card(CARD_STEADY)] = steady;
      g.time_ = 4; // Thwart Destiny 3 (none held), Death Order I: 1 time left for the card thrown
      expect(plannerPolicy.choose(g.rng, g, TERROR_DECISION.CONVERT_PARTIALS, g.counts, 3, false), `search ${search}, steady ${steady}`).toBe(want);
    }
    // The cost is the rule's (parameter partialCost): at 1 card a partial, all three (options 0..2: 2, the most); at 3, one (paid with spare cards); at 0, every partial.
    for (const [partialCost, want] of [[1, 2], [0, 2], [3, 1]] as const) {
      const g = blank({ partialCost });
      g.hand_[card(CARD_SEARCH)] = 2;
      g.hand_[card(CARD_MOVE)] = 2;
      g.hand_[card(CARD_ESCORT)] = 1;
      expect(plannerPolicy.choose(g.rng, g, TERROR_DECISION.CONVERT_PARTIALS, g.counts, 3, false), `partialCost ${partialCost}`).toBe(want);
    }
  });

  it('Planning: the time left after every other purchase buys a run card (it moves her or pays +1 time next turn), only when a bought card can come back to the supply (rebuy; eighth pass)', () => {
    for (const rebuy of [true, false]) {
      const g = blank({ rebuy });
      g.deathFaceUp.fill(1);
      g.items_ = 3;
      g.horror_ = 1;
      g.hand_[card(CARD_THWART)] = 1;
      g.hand_[card(CARD_ESCORT)] = 3;
      g.hand_[card(CARD_MOVE)] = 2;
      g.time_ = 1;
      expect(buy(g), `rebuy ${rebuy}`).toBe(rebuy ? CARD_MOVE : null);
    }
  });

  it('the last Planning phase, a "hand" requirement short: cheapest cards before Thwart Destiny when its price would leave the hand short and they can fill it (eighth pass)', () => {
    const g = blank();
    g.deckPos = g.deckSize - 1; // one terror card left: the last Planning phase
    g.hand_[card(CARD_ESCORT)] = 1; // a hand of 1; the strictest "hand" requirement of the data asks 4
    g.time_ = 4; // Thwart Destiny (3) would leave one card more: a hand of 2; four cards at 1 make 5
    expect(buy(g)).toBe(CARD_MOVE);
    g.time_ = 6; // Thwart Destiny and three cards at 1: a hand of 5
    expect(buy(g)).toBe(CARD_THWART);
    g.hand_[card(CARD_ESCORT)] = 4; // the hand is met: Thwart Destiny first
    g.time_ = 4;
    expect(buy(g)).toBe(CARD_THWART);
  });
});
