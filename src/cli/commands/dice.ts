// `sim dice`: the calibration game. Rolls --count dice of --sides faces, success on --target+.
import type { Command } from 'commander';
import { diceEntry } from '../../games/dice/diceEntry.js';
import { addGameCommand } from '../gameCommand.js';

export function registerDice(program: Command): void {
  addGameCommand(program, {
    entry: diceEntry,
    name: 'dice',
    description: 'roll K dice of X sides, success on T+: Monte Carlo distribution of successes checked against the exact binomial',
    defaultGames: 1e5,
    options: (cmd) =>
      cmd
        .option('--count <K>', 'dice per roll (1..1000; default 3)')
        .option('--sides <X>', 'faces per die (2..1000; default 6)')
        .option('--target <T>', 'a die succeeds on T or more (1..sides; default 5)'),
    overrides: (o) => ({ count: o.count, sides: o.sides, target: o.target }),
  });
}
