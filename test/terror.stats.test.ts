// Terror from Destiny designer statistics (issue 15): P(win | k Fated Victims killed), each
// Consequence card's failure rate, health entering the Destiny phase — recorded from hand-built
// games, and reported (JSON and tables) from exact totals.
import { describe, expect, it } from 'vitest';
import { Layout, Recorder, Totals } from '../src/core/aggregate.js';
import { defaultsOf } from '../src/core/params.js';
import { streamFor } from '../src/core/rng.js';
import { destinyPhase } from '../src/games/terror/destinyPhase.js';
import { defaultDataFile, loadTerrorData } from '../src/games/terror/terrorData.js';
import { OUTCOME_DIED_IN_PLAY, V_CONSEQUENCE, V_FG_CARD } from '../src/games/terror/terrorDecision.js';
import { TerrorGame } from '../src/games/terror/terrorGame.js';
import { TERROR_PARAMS, type TerrorSimParams } from '../src/games/terror/terrorParams.js';
import { deathOrderPolicy } from '../src/games/terror/terrorPolicy.js';
import { designerTables, terrorResult } from '../src/games/terror/terrorReport.js';
import { M_WON_ON_FINAL_HEALTH, recordGame, terrorLayout, terrorMetrics } from '../src/games/terror/terrorSim.js';

const data = loadTerrorData(defaultDataFile(), 'scenarios/terror/data.yaml');
const params = (): TerrorSimParams => ({ ...(defaultsOf(TERROR_PARAMS) as unknown as TerrorSimParams), deathOrder: 0, policy: 'death-order', data });
const cons = (name: string) => data.consequences.findIndex((c) => c.name === name);

/** A game at the end of play: Fated Victims 0..killed-1 killed onto slots 0.., the rest saved; Consequence cards by name per slot. */
function atDestiny(killed: number, slots: string[], health: number): TerrorGame {
  const g = new TerrorGame(params(), deathOrderPolicy);
  g.reset(streamFor(1, 0));
  g.consVictim.fill(-1);
  for (let v = 0; v < 5; v++) {
    g.vState[v] = v < killed ? V_CONSEQUENCE : V_FG_CARD;
    if (v < killed) g.consVictim[v] = v;
  }
  slots.forEach((name, i) => (g.consCard[i] = cons(name)));
  g.punCard.fill(data.punishments.indexOf(1));
  g.health_ = health;
  return g;
}

function recorded(g: TerrorGame): Map<number, number> {
  const m = new Map<number, number>();
  recordGame(g, { record: (k, v) => m.set(k, v) });
  return m;
}

describe('designer statistics: what one game records', () => {
  const L = terrorLayout(data);

  it('a Destiny phase with 2 killed: "Arm yourself" unmet (2 Items), "Keep calm" met (horror 1); health 5 entering, 4 after: a win', () => {
    const g = atDestiny(2, ['Arm yourself', 'Keep calm', 'Scavenge', 'Endure', 'Bare hands'], 5);
    g.items_ = 2;
    g.horror_ = 1;
    destinyPhase(g);
    expect(g.destinyHealth).toBe(5);
    expect(g.health()).toBe(4);
    expect(Array.from(g.consOutcome)).toEqual([0, 1, -1, -1, -1]);
    const m = recorded(g);
    expect(m.get(L.winByKilled + 2)).toBe(1);
    for (const k of [0, 1, 3, 4, 5]) expect(m.has(L.winByKilled + k)).toBe(false);
    expect(m.get(L.consFailed + cons('Arm yourself'))).toBe(1);
    expect(m.get(L.consFailed + cons('Keep calm'))).toBe(0);
    // Cards without a Fated Victim were not resolved: nothing recorded for them.
    for (const name of ['Scavenge', 'Endure', 'Bare hands']) expect(m.has(L.consFailed + cons(name))).toBe(false);
    expect(m.get(L.destinyHealth)).toBe(5);
    expect(m.get(L.winByHealth + 5)).toBe(1);
    expect(m.has(L.winByHealth + 4)).toBe(false);
    expect(m.get(M_WON_ON_FINAL_HEALTH)).toBe(0);
  });

  it('she dies at the second of three resolved cards: the third is not resolved (nothing recorded for it); a loss with 3 killed', () => {
    const g = atDestiny(3, ['Arm yourself', 'Scavenge', 'Bare hands', 'Endure', 'Keep calm'], 1);
    g.punCard.fill(data.punishments.indexOf(4));
    g.finalToken = 0;
    g.items_ = 0;
    destinyPhase(g); // -4 from 1: past 0 with a blank token: dead at the first card
    expect(Array.from(g.consOutcome)).toEqual([0, -1, -1, -1, -1]);
    const m = recorded(g);
    expect(m.get(L.winByKilled + 3)).toBe(0);
    expect(m.get(L.consFailed + cons('Arm yourself'))).toBe(1);
    expect(m.has(L.consFailed + cons('Scavenge'))).toBe(false);
    expect(m.get(L.destinyHealth)).toBe(1);
    expect(m.get(L.winByHealth + 1)).toBe(0);
  });

  it('a win at 0 health on the unflipped Final Health token is counted as such (the healthAtEnd label: 0 is not always dead)', () => {
    const g = atDestiny(1, ['Arm yourself', 'Keep calm', 'Scavenge', 'Endure', 'Bare hands'], 1);
    g.items_ = 0;
    destinyPhase(g); // -1 → 0, on the token, alive (lastLife)
    const m = recorded(g);
    expect(g.health()).toBe(0);
    expect(m.get(M_WON_ON_FINAL_HEALTH)).toBe(1);
  });

  it('a game that ended in play records no Destiny-phase statistic', () => {
    const g = new TerrorGame(params(), deathOrderPolicy);
    g.reset(streamFor(1, 0));
    g.outcome = OUTCOME_DIED_IN_PLAY;
    const m = recorded(g);
    for (let i = L.winByKilled; i < L.total; i++) expect(m.has(i)).toBe(false);
  });
});

describe('designer statistics: the report (from exact totals)', () => {
  it('three hand-built games give exact conditional rates with Wilson intervals, in the JSON and the tables', () => {
    const p = params();
    const metrics = terrorMetrics(p);
    expect(metrics).toHaveLength(terrorLayout(data).total);
    const layout = new Layout(metrics);
    const rec = new Recorder(layout, layout.emptyChunk());
    const games = [
      // won, 2 killed, Arm yourself unmet
      () => { const g = atDestiny(2, ['Arm yourself', 'Keep calm', 'Scavenge', 'Endure', 'Bare hands'], 5); g.items_ = 2; g.horror_ = 1; destinyPhase(g); return g; },
      // won, 2 killed, both met
      () => { const g = atDestiny(2, ['Arm yourself', 'Keep calm', 'Scavenge', 'Endure', 'Bare hands'], 5); g.items_ = 3; g.horror_ = 0; destinyPhase(g); return g; },
      // lost, 3 killed
      () => { const g = atDestiny(3, ['Arm yourself', 'Scavenge', 'Bare hands', 'Endure', 'Keep calm'], 1); g.punCard.fill(data.punishments.indexOf(4)); g.finalToken = 0; destinyPhase(g); return g; },
    ];
    for (const make of games) recordGame(make(), rec);
    rec.finish();
    const totals = new Totals(layout);
    totals.addChunk(rec.data, games.length);
    const r = terrorResult(totals, data, 'Death Order I', 'death-order', 0.95);
    const byK = r.designer.winByKilled;
    expect(byK.map((w) => w.games)).toEqual([0, 0, 2, 1, 0, 0]);
    expect(byK[2].win).toMatchObject({ k: 2, n: 2, estimate: 1 });
    expect(byK[3].win).toMatchObject({ k: 0, n: 1, estimate: 0 });
    expect(byK[2].win.lo).toBeGreaterThan(0.3);
    const arm = r.designer.consequences.find((c) => c.name === 'Arm yourself')!;
    expect(arm).toMatchObject({ need: 'items', n: 3, games: 3 });
    expect(arm.failed).toMatchObject({ k: 2, n: 3 });
    expect(r.designer.consequences.find((c) => c.name === 'Keep calm')!.failed).toMatchObject({ k: 0, n: 2 });
    expect(r.designer.destinyHealth).toMatchObject({ n: 3, mean: 11 / 3 });
    expect(r.designer.destinyHealth.distribution[5]).toBeCloseTo(2 / 3, 12);
    expect(r.designer.winByHealth[5].win).toMatchObject({ k: 2, n: 2 });
    expect(r.designer.winByHealth[1].win).toMatchObject({ k: 0, n: 1 });
    const tables = designerTables(r);
    expect(tables.map((t) => t.title)).toEqual([
      expect.stringMatching(/P\(win \| k killed\)/),
      expect.stringMatching(/^Consequence cards: requirement unmet/),
      expect.stringMatching(/^Health entering the Destiny phase \(mean 3\.67/),
    ]);
    expect(tables[0].rows[2]).toMatchObject({ killed: 2, games: 2, win: 1 });
    expect(tables[1].rows[cons('Arm yourself')]).toMatchObject({ games: 3, failed: 2 / 3 });
  });
});
