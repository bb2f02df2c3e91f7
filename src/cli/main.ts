// The `sim` command line: parses argv, dispatches to a command, maps errors to exit codes
// (0 success, 1 failure at run time, 2 bad usage or input) with one clear line on stderr.
import { Command, CommanderError } from 'commander';
import { UsageError } from '../core/usageError.js';
import { registerDice } from './commands/dice.js';
import { registerDarkFate } from './commands/darkfate.js';
import { registerGenisys } from './commands/genisys.js';
import { registerTerror } from './commands/terror.js';
import { registerDualFates } from './commands/dualfates.js';
import { registerScenarioCommands } from './commands/scenarioCommands.js';
import { registerCompare } from './commands/compare.js';
import { registerSweep } from './commands/sweep.js';
import { registerCheck } from './commands/check.js';
import { registerMerge } from './commands/merge.js';
import { registerFault } from './commands/fault.js';
import { registerDistributed } from './commands/distributed.js';
import { packageInfo } from '../core/packageInfo.js';

export function buildProgram(): Command {
  const program = new Command('sim')
    .description('Answers balance questions about tabletop games by playing them millions of times.')
    .version(packageInfo().version, '-V, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureHelp({ helpWidth: 100, sortSubcommands: false });
  registerDice(program);
  registerDarkFate(program);
  registerGenisys(program);
  registerTerror(program);
  registerDualFates(program);
  registerScenarioCommands(program);
  registerCompare(program);
  registerSweep(program);
  registerCheck(program);
  registerMerge(program);
  registerFault(program);
  registerDistributed(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  // `sim … | head` closes stdout early: that is the reader's choice, not a failure.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  const program = buildProgram();
  if (argv.length <= 2) {
    program.outputHelp();
    return;
  }
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander has printed its one-line message already; help and version are successes.
      const ok = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help';
      process.exitCode = ok ? 0 : 2;
      return;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`sim: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`sim: error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.SIM_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    process.exitCode = 1;
  }
}
