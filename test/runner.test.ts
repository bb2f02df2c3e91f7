import { describe, expect, it } from 'vitest';
import { Layout } from '../src/core/aggregate.js';
import { playChunk, type GameRecord } from '../src/core/chunk.js';
import type { GamePlayer } from '../src/core/game.js';
import { rollDie, type Rng } from '../src/core/rng.js';
import { ChunkSizer, CHUNK_TARGET_MS, defaultChunkSize, maxChunkGames, runSimulation } from '../src/run/runner.js';

const params = { count: 4, sides: 6, target: 4 };

describe('runner determinism', () => {
  it('gives identical totals for any chunk size in-process', async () => {
    const a = await runSimulation({ simId: 'dice/roll', params, n: 5000, seed: 11, jobs: 1, chunkSize: 5000 });
    const b = await runSimulation({ simId: 'dice/roll', params, n: 5000, seed: 11, jobs: 1, chunkSize: 37 });
    expect(JSON.stringify(b.totals.toJSON())).toBe(JSON.stringify(a.totals.toJSON()));
    expect(a.games).toBe(5000);
    expect(a.partial).toBe(false);
  });
  it('gives identical totals on a worker pool (2 threads, odd chunks) and in-process', async () => {
    const a = await runSimulation({ simId: 'dice/roll', params, n: 20000, seed: 5, jobs: 1 });
    const b = await runSimulation({ simId: 'dice/roll', params, n: 20000, seed: 5, jobs: 2, chunkSize: 999 });
    expect(JSON.stringify(b.totals.toJSON())).toBe(JSON.stringify(a.totals.toJSON()));
  }, 60_000);
  it('different seeds give different results', async () => {
    const a = await runSimulation({ simId: 'dice/roll', params, n: 2000, seed: 1, jobs: 1 });
    const b = await runSimulation({ simId: 'dice/roll', params, n: 2000, seed: 2, jobs: 1 });
    expect(JSON.stringify(b.totals.toJSON())).not.toBe(JSON.stringify(a.totals.toJSON()));
  });
  it('game i depends only on (seed, i): games [0, 1000) plus games [1000, 3000) equal games [0, 3000)', async () => {
    const whole = await runSimulation({ simId: 'dice/roll', params, n: 3000, seed: 9, jobs: 1, chunkSize: 700 });
    const head = await runSimulation({ simId: 'dice/roll', params, n: 1000, seed: 9, jobs: 1, chunkSize: 333 });
    const tail = await runSimulation({ simId: 'dice/roll', params, n: 2000, start: 1000, seed: 9, jobs: 2, chunkSize: 151 });
    head.totals.addTotals(tail.totals);
    expect(JSON.stringify(head.totals.toJSON())).toBe(JSON.stringify(whole.totals.toJSON()));
    const aborted = await runSimulation({ simId: 'dice/roll', params, n: 3000, seed: 9, jobs: 1, chunkSize: 1000, signal: AbortSignal.abort() });
    expect(aborted.games).toBe(0);
    expect(aborted.partial).toBe(true);
  }, 60_000);
  it('an aborted run reports only a completed prefix, marked partial', async () => {
    const controller = new AbortController();
    const r = await runSimulation({
      simId: 'dice/roll', params, n: 10000, seed: 3, jobs: 1, chunkSize: 1000, signal: controller.signal,
      onProgress: (done) => { if (done >= 3000) controller.abort(); },
    });
    expect(r.games).toBe(3000);
    expect(r.partial).toBe(true);
    const prefix = await runSimulation({ simId: 'dice/roll', params, n: 3000, seed: 3, jobs: 1 });
    expect(JSON.stringify(r.totals.toJSON())).toBe(JSON.stringify(prefix.totals.toJSON()));
  });
  it('default chunks are several per worker and never exceed the game hint', () => {
    expect(defaultChunkSize(50_000, 1e6, 2)).toBe(50_000);
    expect(defaultChunkSize(50_000, 1e4, 2)).toBe(50_000 / 8);
    expect(defaultChunkSize(50_000, 100, 2)).toBe(6250);
    expect(defaultChunkSize(1, 100, 2)).toBe(1);
  });
  it('later chunks are sized from the measured cost of a game, within balance and exact sums', () => {
    const sizer = new ChunkSizer(150, 2, false, 1e9);
    expect(sizer.next(1e6)).toBe(150);
    sizer.observe(150, 15); // 0.1 ms a game
    expect(sizer.next(1e6)).toBe(CHUNK_TARGET_MS / 0.1);
    // Near the end: at least 4 chunks per worker in what is left, never below the first size.
    expect(sizer.next(8000)).toBe(1000);
    expect(sizer.next(400)).toBe(150);
    expect(sizer.next(100)).toBe(100);
    expect(sizer.largestChunk).toBe(CHUNK_TARGET_MS / 0.1);
    // --chunk-size stays as given.
    const fixed = new ChunkSizer(37, 2, true, 1e9);
    fixed.observe(37, 0.001);
    expect(fixed.next(1e6)).toBe(37);
    // A histogram up to 2^20 holds 1,024 games of exact squares at most (never fewer than the first size).
    expect(maxChunkGames(new Layout([{ name: 'x', description: '', kind: 'count', maxValue: 2 ** 20 - 1 }]), 10)).toBe(1024);
  });
});

describe('playChunk with a batch player (playRange)', () => {
  // The dice rules, twice: per game (play) and per range (playRange, counting locally).
  const sides = 6;
  const roll = (rng: Rng) => rollDie(rng, sides);
  const layout = new Layout([{ name: 'face', description: 'the face rolled', kind: 'count', maxValue: sides }]);
  const perGame: GamePlayer = { play: (rng, rec) => rec.record(0, roll(rng)) };
  const batched = (failAt = -1): GamePlayer => ({
    play(rng, rec, i) {
      if (i === failAt) throw new Error('broken rule');
      rec.record(0, roll(rng));
    },
    playRange(seeder, rng, rec, start, end) {
      const counts = new Int32Array(sides + 1);
      for (let i = start; i < end; i++) {
        if (i === failAt) throw new Error('broken rule');
        seeder.seedInto(rng, i);
        counts[roll(rng)]++;
      }
      for (let v = 0; v <= sides; v++) rec.recordMany(0, v, counts[v]);
    },
  });
  it('gives the per-game chunk bit for bit, and the kept games the same records', () => {
    const keptA = new Map<number, GameRecord>();
    const keptB = new Map<number, GameRecord>();
    const a = playChunk(perGame, layout, 3, 100, 500, [599, 101, 350], keptA);
    const b = playChunk(batched(), layout, 3, 100, 500, [599, 101, 350], keptB);
    expect([...b]).toEqual([...a]);
    expect([...keptB].sort()).toEqual([...keptA].sort());
    expect(keptB.size).toBe(3);
  });
  it('names the failing game of a failed range', () => {
    expect(() => playChunk(batched(4321), layout, 3, 4000, 1000)).toThrow(/^game 4321: broken rule/);
  });
});
