// `sim darkfate`: Terminator: Dark Fate – The Card Game. Win rate, causes of loss and game length
// by Rev-9 version, or one game of the run turn by turn (--trace K).
import type { Command } from 'commander';
import { makeDarkFateEntry, type DarkFateExtras } from '../../games/darkfate/darkfateEntry.js';
import { REV9_CHOICES } from '../../games/darkfate/darkfateParams.js';
import { BUILTIN_POLICY_NAMES } from '../../games/darkfate/policies.js';
import { UsageError } from '../../core/params.js';
import { addGameCommand } from '../gameCommand.js';

export function registerDarkFate(program: Command): void {
  // Files and lists are not rule parameters: the option mapping hands them to the entry here.
  const extras: DarkFateExtras = {};
  addGameCommand(program, {
    entry: makeDarkFateEntry(() => extras),
    name: 'darkfate',
    description: 'Terminator: Dark Fate card game: win rate, losses by cause and game length by Rev-9 version',
    defaultGames: 1e5,
    options: (cmd) =>
      cmd
        .option('--rev9 <version>', `Rev-9 version: ${REV9_CHOICES.join('|')} (default endoskeleton)`)
        .option('--players <N>', 'players, 1..4 (default 2)')
        .option('--solo', 'solo mode: one player, two characters, 11-card deck')
        .option('--characters <a,b>', 'character keys, one per player (solo: two): sarah, grace, dani, t800')
        .option('--policy <name|path>', `policy: ${BUILTIN_POLICY_NAMES.join('|')} or a path to a .js module (default planner)`)
        .option('--go-on-without-me', 'optional rule Go On Without Me!')
        .option('--neural-net', 'optional rule Neural Net Processor (the Rev-9 player is played by the policy)')
        .option('--cards <file>', 'card data YAML replacing the reference set (see scenarios/darkfate/cards.yaml)')
        .option('--trace <K>', 'print game K of this run (same --seed) turn by turn instead of the summary'),
    overrides: (o) => {
      extras.cardsFile = o.cards as string | undefined;
      extras.characters = o.characters as string | undefined;
      extras.policyPath = undefined;
      let policy = o.policy as string | undefined;
      if (policy !== undefined && !BUILTIN_POLICY_NAMES.includes(policy)) {
        if (/[/\\]|\.m?js$/.test(policy)) {
          extras.policyPath = policy;
          policy = undefined;
        } else {
          throw new UsageError(`option --policy: unknown policy "${policy}", expected one of ${BUILTIN_POLICY_NAMES.join(', ')} or a path to a .js module`);
        }
      }
      return {
        rev9: o.rev9,
        players: o.players ?? (o.solo ? 1 : undefined),
        solo: o.solo,
        policy,
        goOnWithoutMe: o.goOnWithoutMe,
        neuralNet: o.neuralNet,
        trace: o.trace,
      };
    },
  });
}
