// `sim darkfate`: Terminator: Dark Fate – The Card Game. Win rate, causes of loss and game length
// by Rev-9 version, or one game of the run turn by turn (--trace K). Every option maps to a
// parameter of the darkfate scenario game, so a scenario file or --set can give each of them too.
import type { Command } from 'commander';
import { checkPolicy, darkfateEntry } from '../../games/darkfate/darkfateEntry.js';
import { REV9_CHOICES } from '../../games/darkfate/darkfateParams.js';
import { BUILTIN_POLICY_NAMES } from '../../games/darkfate/policies.js';
import { addGameCommand } from '../gameCommand.js';

export function registerDarkFate(program: Command): void {
  addGameCommand(program, {
    entry: darkfateEntry,
    name: 'darkfate',
    description: 'Terminator: Dark Fate card game: win rate, losses by cause and game length by Rev-9 version',
    defaultGames: 1e5,
    options: (cmd) =>
      cmd
        .option('--rev9 <version>', `Rev-9 version: ${REV9_CHOICES.join('|')} with the reference cards, else a key of the --cards file (default endoskeleton)`)
        .option('--players <N>', 'players, 1..4 (default 2)')
        .option('--solo', 'solo mode: one player, two characters, 11-card deck')
        .option('--characters <a,b>', 'character keys, one per player (solo: two): sarah, grace, dani, t800')
        .option('--policy <name|path>', `policy: ${BUILTIN_POLICY_NAMES.join('|')} or a path to a .js module (default planner)`)
        .option('--go-on-without-me', 'optional rule Go On Without Me!')
        .option('--neural-net', 'optional rule Neural Net Processor (the Rev-9 player is played by the policy)')
        .option('--flee-ends-hunt', 'rule reading: a flee ends the hunt phase, so a Rev-9 that did not flee does not hunt that turn (default: it still hunts)')
        .option('--cards <file>', 'card data YAML replacing the reference set (see scenarios/darkfate/cards.yaml)')
        .option('--trace <K>', 'print game K of this run (same --seed; K counts from 0) turn by turn instead of the summary'),
    overrides: (o) => {
      // Checked here too so that a bad --policy names the option (the entry names the parameter).
      if (o.policy !== undefined) checkPolicy(o.policy as string, 'option --policy');
      return {
        rev9: o.rev9,
        players: o.players,
        solo: o.solo,
        characters: o.characters,
        cards: o.cards,
        policy: o.policy,
        goOnWithoutMe: o.goOnWithoutMe,
        neuralNet: o.neuralNet,
        fleeEndsHunt: o.fleeEndsHunt,
        trace: o.trace,
      };
    },
  });
}
