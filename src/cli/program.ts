// The root `sim` command object: name, version, help layout, and output through src/cli/io.ts.
// Commander errors are thrown (exitOverride), never exit the process: main() maps them to codes.
import { extname } from 'node:path';
import { Command, type Option } from 'commander';
import { UsageError } from '../core/usageError.js';
import { packageInfo } from '../core/packageInfo.js';
import { err, out } from './io.js';
import { refuseOutputShape } from './outputShape.js';

export function newProgram(): Command {
  return new Command('sim')
    .description('Answers balance questions about tabletop games by playing them millions of times.')
    .version(packageInfo().version, '-V, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    // Commander's errors as one `sim:` line (its "(Did you mean …?)" joins the line).
    .configureOutput({ writeOut: (s) => out().write(s), writeErr: (s) => err().write(s), outputError: (s, write) => write(oneLine(s)) })
    .configureHelp({ helpWidth: (out().isTTY && out().columns) || 100, sortSubcommands: false })
    // An option given twice (`--seed 1 --seed 2`) would silently keep the last: refused, unless it says it is repeatable.
    .hook('preAction', (root, action) => {
      refuseRepeatedFlags(action, (root as unknown as { rawArgs: string[] }).rawArgs ?? []);
      // Output options the format ignores are refused before anything runs (a --shard run takes none:
      // its own check says to give them to sim merge).
      const o = action.opts();
      formatFromOutName(action, o);
      if (o.shard === undefined) refuseOutputShape(action.opts());
    });
}

/** The format an --out name says (r.json, r.csv, r.html), if it says one. */
const FORMAT_OF_EXTENSION: Readonly<Record<string, string>> = { '.json': 'json', '.csv': 'csv', '.html': 'html', '.htm': 'html' };

/**
 * --out r.json without --format wrote the text table into r.json (which sim report then refused):
 * the name's format is taken when --format is not given, and a --format that contradicts it is refused.
 * A part file (--shard) is always JSON and takes no --format.
 */
function formatFromOutName(action: Command, o: Record<string, unknown>): void {
  if (typeof o.out !== 'string' || o.shard !== undefined || !action.options.some((x) => x.long === '--format')) return;
  const named = FORMAT_OF_EXTENSION[extname(o.out).toLowerCase()];
  if (named === undefined || o.format === named) return;
  if (action.getOptionValueSource('format') === 'cli') throw new UsageError(`option --out: ${o.out} is named as ${named === 'html' ? 'an HTML page' : `a ${named.toUpperCase()} file`}, but --format ${String(o.format)} writes ${o.format === 'table' ? 'the text table' : String(o.format).toUpperCase()}; give --format ${named}, or another name`);
  action.setOptionValueWithSource('format', named, 'implied');
}

/** Whether an option may be given more than once (`--set`, `--grid`, …): its help says "repeatable". */
export function isRepeatable(option: Option): boolean {
  return /\brepeatable\b/.test(option.description);
}

/**
 * Throws UsageError naming an option of `cmd` that `argv` gives more than once (as `--flag`,
 * `--flag=value` or its short form), unless the option is repeatable. A boolean's `--x`/`--no-x`
 * pair is checked where the game's options are (refuseRepeatedOptions).
 */
export function refuseRepeatedFlags(cmd: Command, argv: readonly string[]): void {
  const end = argv.indexOf('--');
  const args = end < 0 ? argv : argv.slice(0, end);
  for (const o of cmd.options) {
    // A flag that takes no value (-q) asks the same thing however often it is given.
    if (isRepeatable(o) || (!o.required && !o.optional)) continue;
    const flags = [o.long, o.short].filter((f): f is string => f !== undefined);
    // --flag, --flag=value, -n, and a short flag with its value attached (-n5).
    const count = args.filter((a) => flags.some((f) => a === f || a.startsWith(`${f}=`) || (f === o.short && !a.startsWith('--') && a.length > 2 && a.startsWith(f)))).length;
    if (count > 1) throw new UsageError(`option ${flags.join('/')} is given ${count} times; give it once`);
  }
}

/** "error: unknown option '--ski'\n(Did you mean --skill?)\n" → "sim: unknown option '--ski' (Did you mean --skill?)\n". */
export function oneLine(message: string): string {
  return `sim: ${message.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')}\n`;
}
