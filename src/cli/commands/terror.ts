// `sim terror`: Final Girl: Terror from Destiny survival odds. --policy takes a built-in name or a
// module path; --data swaps the reference data; --trace K prints game K of the run turn by turn.
import type { Command } from 'commander';
import { UsageError } from '../../core/params.js';
import { makeTerrorEntry, type TerrorExtras } from '../../games/terror/terrorEntry.js';
import { BUILTIN_POLICIES } from '../../games/terror/terrorParams.js';
import { addGameCommand } from '../gameCommand.js';

export function registerTerror(program: Command): void {
  const extras: TerrorExtras = {};
  addGameCommand(program, {
    entry: makeTerrorEntry(() => extras),
    name: 'terror',
    description: 'Final Girl: Terror from Destiny: survival rate, deaths in play vs the Destiny phase, Fated Victims saved/killed/in Limbo, achievements',
    defaultGames: 1e5,
    options: (cmd) =>
      cmd
        .option('--death-order <N|all>', 'Death Order card 1..3, or all: a random card per game, reported per card (default all)')
        .option('--policy <NAME|PATH>', `decision policy: ${BUILTIN_POLICIES.join(', ')} (default death-order), or ./file.js`)
        .option('--data <FILE>', 'reference data YAML replacing scenarios/terror/data.yaml')
        .option('--trace <K>', 'print game K of this run (same --seed) turn by turn instead of the report'),
    overrides: (o) => {
      const policy = o.policy as string | undefined;
      const isBuiltin = policy === undefined || (BUILTIN_POLICIES as readonly string[]).includes(policy);
      extras.policyPath = isBuiltin ? undefined : policy;
      extras.dataFile = o.data as string | undefined;
      if (o.trace !== undefined) {
        const text = String(o.trace).trim();
        if (!/^\d+$/.test(text)) throw new UsageError(`option --trace: got "${text}", expected a game index (a whole number from 0)`);
        extras.trace = Number(text);
      } else extras.trace = undefined;
      return { deathOrder: o.deathOrder, policy: isBuiltin ? policy : undefined };
    },
  });
}
