// The `sim` command line: parses argv, dispatches to a command, maps errors to exit codes
// (0 success, 1 failure at run time, 2 bad usage or input) with one clear line on stderr.
// Commands load lazily: `sim dice` imports the dice game and the shared shell, nothing else; a
// bare `sim` or `sim --help` lists every command from one-line summaries without loading any.
import { CommanderError, type Command } from 'commander';
import { UsageError } from '../core/usageError.js';
import { printable } from '../core/printable.js';
import { gameIds, gameSummary, isGameId, loadGame } from '../games/index.js';
import { installSignalHandlers, resetInterrupt } from './interrupt.js';
import { err, exitCode, forgetCommandInputs, processStdoutWritten, PROCESS_IO, setExitCode, takeEndProcessWhenDone, watchProcessStdout, whyWriteFailed, withIo, type CliIo } from './io.js';
import { onUnknownOption } from './optionTable.js';
import { newProgram } from './program.js';

type Register = (program: Command) => void;

/** The commands that are not games, in help order; each module is imported only when used. */
const COMMANDS: Readonly<Record<string, { summary: string; load: (argv: readonly string[]) => Promise<Register> }>> = {
  run: { summary: 'run a scenario file (YAML: game, params, optional run: {n, seed})', load: async () => (await import('./commands/run.js')).registerRun },
  params: { summary: 'list the parameters of a game (or all games): key, default, allowed values, meaning, source', load: async () => (await import('./commands/params.js')).registerParams },
  compare: { summary: 'compare two variants on common random numbers: A, B, B − A with its interval and a paired p-value', load: async () => (await import('./commands/compare.js')).registerCompare },
  policies: { summary: 'the policy gap: every built-in policy of a game on the same games as the default, ranked with paired differences', load: async () => (await import('./commands/policies.js')).registerPolicies },
  gaps: { summary: 'the stored policy gaps: each default bot against the search on the same games, per game and measured configuration (nothing is played)', load: async () => (await import('./commands/gaps.js')).registerGaps },
  sweep: { summary: 'run the cross product of parameter values on the same streams; one row per cell with intervals', load: async () => (await import('./commands/sweep.js')).registerSweep },
  // The mode named after `sensitivity` brings its own options, as after `tune`.
  sensitivity: { summary: 'how much each named assumption moves the answer: every rule reading and assumed value changed one at a time, on the same games, ranked (a tornado chart)', load: async (argv) => (await import('./commands/sensitivity.js')).sensitivityRegister(argv) },
  // The mode named after `tune` brings its own options: the register is built for it.
  tune: { summary: 'find the parameter values whose metrics come closest to targets (settings race on common random numbers)', load: async (argv) => (await import('./commands/tune.js')).tuneRegister(argv) },
  report: { summary: 'render a saved JSON report as an HTML page with plots (or as a table or CSV)', load: async () => (await import('./commands/report.js')).registerReport },
  check: { summary: 'balance regression: re-run golden JSON reports and compare (exact by default)', load: async () => (await import('./commands/check.js')).registerCheck },
  merge: { summary: 'merge the part files of a sharded run (--shard K/M) into the report of the whole run', load: async () => (await import('./commands/merge.js')).registerMerge },
  submit: { summary: 'run a game command as M BullMQ jobs on `sim worker`s and merge the results (same numbers as one machine)', load: async () => (await import('./commands/distributed.js')).registerSubmit },
  worker: { summary: 'play shards submitted with `sim submit` (run on any number of machines; Ctrl-C to stop)', load: async () => (await import('./commands/distributed.js')).registerWorker },
};

/**
 * The program for this command line: the command its first word names, fully (a game's commands,
 * or one shell command); otherwise every command as a summary only (help, unknown words).
 */
export async function buildProgram(argv: readonly string[]): Promise<Command> {
  const program = newProgram();
  const word = argv[2] === 'help' ? argv[3] : argv[2];
  if (word !== undefined && isGameId(word)) {
    const { registerGame } = await import('./gameCommands.js');
    registerGame(program, await loadGame(word));
  } else if (word !== undefined && Object.hasOwn(COMMANDS, word)) {
    (await COMMANDS[word].load(argv))(program);
    hintSetOption(program);
  } else {
    for (const id of gameIds()) program.command(id).description(gameSummary(id)!);
    for (const [name, c] of Object.entries(COMMANDS)) program.command(name).description(c.summary);
  }
  return program;
}

/**
 * A command that takes parameters only through `--set` (compare, sweep, policies, …): an unknown
 * option there (`--hand-size 6`) says how a parameter is given.
 */
function hintSetOption(cmd: Command): void {
  for (const sub of cmd.commands) {
    hintSetOption(sub);
    // Commander's message (with its "Did you mean" of this command's options), then the hint: a
    // near spelling of an option here (--target-ci for --target) is often not what was meant.
    if (!sub.options.some((o) => o.long === '--set')) continue;
    // compare's --set makes variant B only: a setting of both variants (--rev9 all) comes from a scenario file as argument A.
    if (sub.name() === 'compare') onUnknownOption(sub, (flag, commanders) => (flag === '--scenario' ? `${commanders} (compare takes scenario files as its arguments: sim compare A.yaml [B.yaml] [--set key=value])` : `${commanders} (a game's parameter is given here as --set key=value, which makes variant B; for a setting of both variants, such as rev9: all, give A as a scenario file that sets it under params:; \`sim params GAME\` lists them)`));
    else onUnknownOption(sub, (_flag, commanders) => `${commanders} (a game's parameter is given here as --set key=value; \`sim params GAME\` lists them)`);
  }
}

/** Runs one command line (argv as process.argv: node, script, args…); returns the exit code. */
export async function main(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  const code = await withIo(io, async () => {
    resetInterrupt();
    forgetCommandInputs();
    // Help and version print from the commands' definitions alone: no worker pool to close, so the
    // runner is not loaded for them.
    let ranCommand = false;
    if (io === PROCESS_IO) {
      installSignalHandlers();
      watchProcessStdout();
    }
    try {
      const program = await buildProgram(argv);
      if (argv.length <= 2) {
        // No command word: a usage error, as a missing mode's (`sim genisys`) is; help on stderr.
        program.outputHelp({ error: true });
        setExitCode(2);
        return;
      }
      ranCommand = true;
      await program.parseAsync(argv);
    } catch (e) {
      if (e instanceof CommanderError) {
        // Commander has printed its one-line message already; help and version are successes.
        // Help asked for is a success; help shown because a command word is missing or unknown
        // (`sim genisys`, `sim help nope`: commander.help with a non-zero code) is a usage error.
        const ok = e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || (e.code === 'commander.help' && e.exitCode === 0);
        if (ok) ranCommand = false;
        setExitCode(ok ? 0 : 2);
        return;
      }
      if (e instanceof UsageError) {
        err().write(`sim: ${printable(e.message)}\n`);
        setExitCode(2);
        return;
      }
      err().write(`sim: error: ${printable(e instanceof Error ? e.message : String(e))}\n`);
      if (process.env.SIM_DEBUG && e instanceof Error) err().write(`${e.stack}\n`);
      setExitCode(1);
    } finally {
      // The command's worker threads end with it (unless the caller runs more commands).
      if (!io.keepWorkers && ranCommand) {
        await (await import('../run/runner.js')).closeSharedPools();
        await (await import('./renderHtmlOnThread.js')).closeHtmlThread();
      }
      // Output that never reached stdout (`| head -c 0`, `1<file`, a full disk) is a failure, never
      // a success: the report went nowhere. A failure already set stays; a signal's code (130: "the
      // partial report was written") gives way to 1, since it was not.
      const failed = io === PROCESS_IO ? await processStdoutWritten() : null;
      if (failed) {
        err().write(`sim: error: the output could not be written to stdout: ${whyWriteFailed(failed)}\n`);
        if (exitCode() === 0 || exitCode() >= 128) setExitCode(1);
      }
    }
  });
  // A command whose libraries keep timers alive (a queue's) ends the process with its own code, once reported.
  if (takeEndProcessWhenDone() && io === PROCESS_IO) setTimeout(() => process.exit(code), 50).unref();
  return code;
}
