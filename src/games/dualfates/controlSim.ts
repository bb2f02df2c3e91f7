// The `dualfates` simulation, mode "control": one game = `rounds` Pillars of Fate rolls for a player
// who controls pillars 1..hold every round, scored with roundScore (control.ts) — the Monte Carlo
// side of `sim dualfates control --method mc`, to cross-check the exact convolution. Metrics
// (integers per game): round 1's Victory Points, the game's Victory Points and Fate Tokens.
import type { GameSim } from '../../core/game.js';
import { rollDie } from '../../core/rng.js';
import { roundScore, type RoundScore } from './control.js';

export interface ControlSimParams {
  kind: 'control';
  hold: number;
  rounds: number;
}

export const C_ROUND1_VP = 0;
export const C_GAME_VP = 1;
export const C_GAME_TOKENS = 2;

export const controlSim: GameSim<ControlSimParams> = {
  metrics: (p) => [
    { name: 'round1Vp', description: 'Victory Points scored in round 1', kind: 'count', maxValue: 2 },
    { name: 'gameVp', description: `Victory Points over ${p.rounds} rounds`, kind: 'count', maxValue: 2 * p.rounds },
    { name: 'gameTokens', description: `Fate Tokens from objectives over ${p.rounds} rounds`, kind: 'count', maxValue: 2 * p.rounds },
  ],
  // ~20 ms on one core: two dice and a small scoring step per round.
  gamesPerChunk: (p) => Math.max(1000, Math.floor(2e6 / (4 * p.rounds + 4))),
  createPlayer(p) {
    const { hold, rounds } = p;
    const held = (k: number) => k <= hold;
    const s: RoundScore = { vp: 0, tokens: 0 }; // reused every round
    return {
      play(rng, rec) {
        let vp = 0;
        let tokens = 0;
        for (let r = 0; r < rounds; r++) {
          // rulebook: 2. Pillars of Fate Phase — roll Fate (2d6) every round.
          roundScore(rollDie(rng, 6), rollDie(rng, 6), held, s);
          if (r === 0) rec.record(C_ROUND1_VP, s.vp);
          vp += s.vp;
          tokens += s.tokens;
        }
        rec.record(C_GAME_VP, vp);
        rec.record(C_GAME_TOKENS, tokens);
      },
    };
  },
};
