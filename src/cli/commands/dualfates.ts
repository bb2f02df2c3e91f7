// `sim dualfates …`: Dual Fates odds. `attack` and `pillars` are scenario games (exact, or Monte
// Carlo with --method mc); `table` and `run` are exact; `team FILE` validates a team file.
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { resolveParams } from '../../core/params.js';
import { UsageError } from '../../core/usageError.js';
import { parseSetOptions } from '../../core/scenarioFile.js';
import { attackEntry } from '../../games/dualfates/attackEntry.js';
import { pillarsEntry } from '../../games/dualfates/pillarsEntry.js';
import { defaultAttackParams, TEAM_PARAMS, teamRulesFrom } from '../../games/dualfates/dualfatesParams.js';
import { oddsTableReport, runReport, teamReport } from '../../games/dualfates/dualfatesReports.js';
import { formatTeamError, parseTeam, validateTeam } from '../../games/dualfates/team.js';
import { addGameCommand } from '../gameCommand.js';
import { intInRange } from '../parseOptions.js';
import { addOutputOptions, emitReport, type OutputOptions } from '../runOptions.js';

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function registerDualFates(program: Command): void {
  const parent = program.command('dualfates').description('Dual Fates: exact Fate-roll odds (attacks, running, Pillars of Fate, Initiative) and team validation');

  addGameCommand(parent, {
    entry: attackEntry,
    name: 'attack',
    description: 'odds that an attack succeeds, its damage, and attacks needed to incapacitate (exact; --method mc cross-checks)',
    defaultGames: 1e5,
    options: (cmd) =>
      cmd
        .option('--vs <stat>', 'statistic targeted: def, dod, will or static (default def)')
        .option('--value <N>', "the target's stat, or the static number (0..20; default 7)")
        .option('--attack <kind>', 'melee or ranged (default auto: melee vs DEF, ranged otherwise)')
        .option('--cover <cover>', 'none, light (+1 DOD) or heavy (+2 DOD); ranged attacks only')
        .option('--running', 'the target ran (+2 DEF, +2 DOD)')
        .option('--poisoned', 'the target is Poisoned (-1 DEF, -1 DOD)')
        .option('--fear', 'the target suffers Fear (-1 WILL)')
        .option('--mod <N>', 'add N to the target number (unit-sheet effects; -20..20)')
        .option('--damage <type>', 'light, medium or heavy (default medium)')
        .option('--shields <N>', 'shields (default 0)')
        .option('--armor <N>', 'armor (default 1)')
        .option('--health <N>', 'health (default 5)')
        .option('--deflect', 'the target has a Shield: it deflects when its Fate roll meets or beats the attack roll')
        .option('--method <method>', 'exact or mc (default exact)'),
    overrides: (o) => ({
      vs: o.vs,
      value: o.value,
      attack: o.attack,
      cover: o.cover,
      running: o.running,
      poisoned: o.poisoned,
      fear: o.fear,
      mod: o.mod,
      damage: o.damage,
      shields: o.shields,
      armor: o.armor,
      health: o.health,
      deflect: o.deflect,
      method: o.method,
    }),
  });

  addOutputOptions(
    parent
      .command('table')
      .description('P(success) for stat values 2..13 under each modifier set; P(incapacitated within k attacks) by damage × health × armor')
      .option('--value <N>', 'target DEF of the incapacitation table (0..20)', intInRange(0, 20), 7)
      .option('--max-health <N>', 'health rows 1..N (1..50)', intInRange(1, 50), 6)
      .option('--max-armor <N>', 'armor rows 0..N (0..20)', intInRange(0, 20), 2)
      .option('--max-k <N>', 'columns k = 1..N attacks (1..30)', intInRange(1, 30), 5),
  ).action((o: OutputOptions & { value: number; maxHealth: number; maxArmor: number; maxK: number }) => {
    emitReport(oddsTableReport(o.value, o.maxHealth, o.maxArmor, o.maxK, o.confidence, defaultAttackParams()), o);
  });

  addOutputOptions(
    parent
      .command('run')
      .description('distance of a running unit: Speed + the higher die of 2d6')
      .addOption(new Option('--speed <N>', "the unit's Speed (0..50)").argParser(intInRange(0, 50)).makeOptionMandatory()),
  ).action((o: OutputOptions & { speed: number }) => {
    emitReport(runReport(o.speed, o.confidence), o);
  });

  addGameCommand(parent, {
    entry: pillarsEntry,
    name: 'pillars',
    description: 'Pillars of Fate roll odds, objective rounds over the game, and the Initiative roll (exact; --method mc cross-checks, with running)',
    defaultGames: 1e5,
    options: (cmd) =>
      cmd
        .option('--rounds <N>', 'rounds in the game (1..100; default 10)')
        .option('--method <method>', 'exact or mc: Monte Carlo beside exact (default exact)'),
    overrides: (o) => ({ rounds: o.rounds, method: o.method }),
  });

  addOutputOptions(
    parent
      .command('team')
      .description('validate a team file (YAML): points, factions, Wayward Coin, totem, uniqueness, Vortex; exit 1 when a rule is broken')
      .argument('<file>', 'team YAML file (see scenarios/dualfates/teams/)')
      .option('--set <key=value>', 'override a team-building rule (repeatable): ' + TEAM_PARAMS.map((s) => s.key).join(', '), collect, []),
  ).action((file: string, o: OutputOptions & { set: string[] }) => {
    let rules;
    try {
      rules = teamRulesFrom(resolveParams(TEAM_PARAMS, parseSetOptions(o.set), (k) => `option --set ${k}`));
    } catch (err) {
      // Team rules are not a scenario game, so `sim params` does not list them: name them here.
      if (err instanceof UsageError) throw new UsageError(err.message.replace('see `sim params`', `known: ${TEAM_PARAMS.map((s) => s.key).join(', ')}`));
      throw err;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`${file}: cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
    const team = parseTeam(text, file);
    const summary = validateTeam(team, rules);
    emitReport(teamReport(file, team, summary, rules, o.confidence), o);
    if (!summary.valid) {
      const more = summary.errors.length > 1 ? ` (and ${summary.errors.length - 1} more)` : '';
      process.stderr.write(`sim: ${formatTeamError(file, summary.errors[0])}${more}\n`);
      process.exitCode = 1;
    }
  });
}
