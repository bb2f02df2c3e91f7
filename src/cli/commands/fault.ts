// Hidden `sim _fault`: a game that fails on purpose, so tests can kill or break workers for real.
import type { Command } from 'commander';
import { faultEntry } from '../../games/fault/faultEntry.js';
import { addGameCommand } from '../gameCommand.js';

export function registerFault(program: Command): void {
  addGameCommand(program, {
    entry: faultEntry,
    name: '_fault',
    hidden: true,
    description: 'fault injection (tests)',
    defaultGames: 1e5,
    options: (cmd) => cmd.option('--fail-at <I>', 'game index that fails').option('--mode <m>', 'throw | exit').option('--work <W>', 'busy work per game'),
    overrides: (o) => ({ failAt: o.failAt, mode: o.mode, work: o.work }),
  });
}
