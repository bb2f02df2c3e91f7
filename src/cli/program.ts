// The root `sim` command object: name, version, help layout, and output through src/cli/io.ts.
// Commander errors are thrown (exitOverride), never exit the process: main() maps them to codes.
import { Command } from 'commander';
import { packageInfo } from '../core/packageInfo.js';
import { err, out } from './io.js';

export function newProgram(): Command {
  return new Command('sim')
    .description('Answers balance questions about tabletop games by playing them millions of times.')
    .version(packageInfo().version, '-V, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    // Commander's errors as one `sim:` line (its "(Did you mean …?)" joins the line).
    .configureOutput({ writeOut: (s) => out().write(s), writeErr: (s) => err().write(s), outputError: (s, write) => write(oneLine(s)) })
    .configureHelp({ helpWidth: (out().isTTY && out().columns) || 100, sortSubcommands: false });
}

/** "error: unknown option '--ski'\n(Did you mean --skill?)\n" → "sim: unknown option '--ski' (Did you mean --skill?)\n". */
export function oneLine(message: string): string {
  return `sim: ${message.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')}\n`;
}
