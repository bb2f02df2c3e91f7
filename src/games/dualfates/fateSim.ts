// The `dualfates` Fate-roll simulation (mode "fate"): one game = a whole game's worth of Pillars
// of Fate rolls (`rounds` rounds) for one player, plus one Initiative contest and one running
// roll, played with dice, to cross-check the exact counts of pillars.ts and running.ts.
// Metrics (integers per game): the first round's roll kind (0 two pillars, 1 doubles, 2 Secret
// Mission + pillar, 3 Critical Mission), whether Pillar 1 is a named objective in round 1, the
// number of rounds Pillar 1 is named, the Initiative tie re-rolls, whether the first player won
// Initiative, and the higher die of a running roll.
import type { GameSim } from '../../core/game.js';
import { rollDie } from '../../core/rng.js';
import { SECRET_FACE } from './pillars.js';

export interface FateSimParams {
  kind: 'fate';
  rounds: number;
}

export const KIND = 0;
export const PILLAR1 = 1;
export const PILLAR1_ROUNDS = 2;
export const REROLLS = 3;
export const FIRST_WINS = 4;
export const HIGHER_DIE = 5;
/** Histogram bins for re-rolls (P(≥ 64 re-rolls) < 1e-60; larger counts would land in overflow). */
const MAX_REROLLS_BIN = 64;

/** Roll kind of dice a, b as a small integer (rulebook: 2. Pillars of Fate Phase); mirrors classifyPillarRoll. */
export function pillarKindCode(a: number, b: number): number {
  if (a === SECRET_FACE && b === SECRET_FACE) return 3;
  if (a === SECRET_FACE || b === SECRET_FACE) return 2;
  return a === b ? 1 : 0;
}

export const fateSim: GameSim<FateSimParams> = {
  metrics: (p) => [
    { name: 'kind', description: 'round-1 roll: 0 two pillars, 1 doubles, 2 Secret Mission + pillar, 3 Critical Mission', kind: 'count', maxValue: 3 },
    { name: 'pillar1', description: 'Pillar 1 is named by the dice in round 1', kind: 'rate', maxValue: 1 },
    { name: 'pillar1Rounds', description: `rounds (of ${p.rounds}) in which Pillar 1 is named`, kind: 'count', maxValue: p.rounds },
    { name: 'rerolls', description: 'Initiative tie re-rolls', kind: 'count', maxValue: MAX_REROLLS_BIN },
    { name: 'firstWins', description: 'the first player wins Initiative', kind: 'rate', maxValue: 1 },
    { name: 'higherDie', description: 'the higher die of a running roll', kind: 'count', maxValue: 6 },
  ],
  // ~20 ms on one core: about 2 * rounds + 6 dice per game at ~5e7 dice/s.
  gamesPerChunk: (p) => Math.max(1000, Math.floor(1e6 / (2 * p.rounds + 6))),
  createPlayer(p) {
    const rounds = p.rounds;
    return {
      play(rng, rec) {
        let named = 0;
        for (let r = 0; r < rounds; r++) {
          const a = rollDie(rng, 6);
          const b = rollDie(rng, 6);
          const hit = a === 1 || b === 1 ? 1 : 0; // Pillar 1 named by either die
          if (r === 0) {
            rec.record(KIND, pillarKindCode(a, b));
            rec.record(PILLAR1, hit);
          }
          named += hit;
        }
        rec.record(PILLAR1_ROUNDS, named);
        // rulebook: 4. Initiative Phase — higher 2d6 wins; ties re-roll.
        let rerolls = 0;
        for (;;) {
          const x = rollDie(rng, 6) + rollDie(rng, 6);
          const y = rollDie(rng, 6) + rollDie(rng, 6);
          if (x !== y) {
            rec.record(FIRST_WINS, x > y ? 1 : 0);
            break;
          }
          rerolls++;
        }
        rec.record(REROLLS, rerolls);
        const c = rollDie(rng, 6);
        const d = rollDie(rng, 6);
        rec.record(HIGHER_DIE, c > d ? c : d); // rulebook: Running — add the higher die
      },
    };
  },
};
