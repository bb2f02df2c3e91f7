// What runs as code, and what files are read, when the parameters come from stored data rather
// than from the user's own command line: a golden's `rerun` block (`sim check`), a part file's
// identity (`sim merge`) or a queued job (`sim worker`). Code runs only from a path the user named
// on the command line or in a scenario file they passed; a path named only inside stored data is
// refused unless the user allowed it.
// README: "What runs as code".
import { existsSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { packageInfo } from '../core/packageInfo.js';
import { realTarget } from '../core/realPath.js';
import type { ParamSpec } from '../core/params.js';
import type { ResolvedParams } from '../core/scenarioGame.js';
import { UsageError } from '../core/usageError.js';

/** The tool's own scenario folders (bundled data): always readable. */
export function bundledScenarios(): string {
  return join(packageInfo().root, 'scenarios');
}

/** A path parameter value that names a module (JavaScript) rather than data. */
export function isCodePath(value: string): boolean {
  return /\.[cm]?js$/i.test(value.trim());
}

/**
 * Whether the file a path parameter names would run as code: every file of a module parameter (a
 * policy: the game imports whatever it names, `./evil` or a link to a .cjs file), else one named
 * like a module or linked to one.
 */
function runsAsCode(spec: ParamSpec, value: string, real: string): boolean {
  return spec.module === true || isCodePath(value) || isCodePath(real);
}

function inside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface PathAllowance {
  /** Folders whose modules may be imported. */
  codeDirs: readonly string[];
  /** Folders whose data files may be read (the bundled scenarios are always allowed). */
  dataDirs: readonly string[];
  /** What to tell the user to allow it, e.g. "pass --allow-code". */
  hint: { code: string; data: string };
  /** Names the source in messages, e.g. "reports/x.json: rerun.params". */
  where: string;
}

/**
 * Refuses every file a path parameter names (a policy module, card or unit data) that `allowed`
 * does not cover. Built-in choices ("reference", "planner") and a parameter's default (bundled
 * data) name no user file. Throws UsageError naming the parameter and the file.
 */
export function refuseUnallowedPaths(specs: readonly ParamSpec[], params: ResolvedParams, allowed: PathAllowance): void {
  for (const spec of specs) {
    const value = params[spec.key];
    if (spec.type !== 'path' || typeof value !== 'string' || value === '' || value === spec.default || (spec.choices ?? []).includes(value)) continue;
    const file = realTarget(value);
    const code = runsAsCode(spec, value, file);
    const dirs = code ? allowed.codeDirs : [bundledScenarios(), ...allowed.dataDirs];
    if (dirs.some((d) => inside(realTarget(d), file))) continue;
    // A relative path is read from the current folder, as when it was recorded: from elsewhere it names another file.
    const relativeNote = code || isAbsolute(value) ? '' : '; a relative path is read from the current folder, as when it was recorded: run this from that folder';
    throw new UsageError(
      `${allowed.where}.${spec.key}: ${value} ${code ? 'is code (a module)' : 'is a file'} named only by stored data, not by you: refused (${code ? allowed.hint.code : allowed.hint.data}${relativeNote})`,
    );
  }
}

/**
 * A relative path stored in data (a golden's rerun block) was recorded from the folder sim ran in.
 * Checked from another folder, one that names nothing there but names a file of this tool's own
 * scenarios/ from the tool's folder (the repository's goldens: scenarios/darkfate/cards.yaml) is read
 * there; nothing else is looked for (elsewhere the answer would tell a golden's author which files
 * exist), and one spelled with a leading ./ (a user's own file named like a bundled one) is never moved.
 * Values are otherwise kept, so that refuseUnallowedPaths still judges every one.
 */
export function locateBundledPaths(specs: readonly ParamSpec[], stored: Record<string, unknown>): Record<string, unknown> {
  const out = { ...stored };
  const bundled = realTarget(bundledScenarios());
  for (const spec of specs) {
    const value = out[spec.key];
    if (spec.type !== 'path' || spec.module || typeof value !== 'string' || value === '' || value === spec.default || isAbsolute(value) || value.startsWith(`.${sep}`) || (spec.choices ?? []).includes(value) || existsSync(value)) continue;
    const there = realTarget(join(packageInfo().root, value));
    if (inside(bundled, there) && existsSync(there)) out[spec.key] = there;
  }
  return out;
}

/** Whether `params` name user code: a file some path parameter would run (it loads under a time limit and runs on watched threads). */
export function namesUserCode(specs: readonly ParamSpec[], params: Record<string, unknown>): boolean {
  return specs.some((p) => {
    const value = params[p.key];
    return p.type === 'path' && typeof value === 'string' && value !== '' && !(p.choices ?? []).includes(value) && runsAsCode(p, value, realTarget(value));
  });
}

/** Parses a folder option (--allow-policy DIR): an existing folder, kept as its real path. */
export function parseAllowedDir(raw: string, previous: string[] = []): string[] {
  let st;
  try {
    st = statSync(raw);
  } catch {
    st = null;
  }
  if (!st?.isDirectory()) throw new UsageError(`${raw} is not an existing folder`);
  return [...previous, realpathSync(raw)];
}

/**
 * Why `text` is not JSON, in words that quote none of it (JSON.parse's own message quotes the
 * file's first characters, which may be anything: a key, /etc/passwd): "Expected ',' or '}' after
 * property value at line 3, column 7", "an unexpected character", "it ends early".
 */
export function jsonSyntax(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : '';
  const at = /^(.*) in JSON at position (\d+)/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[2])).split('\n');
    return `${at[1]} at line ${before.length}, column ${before[before.length - 1].length + 1}`;
  }
  return /end of JSON input/.test(message) ? 'it ends early' : 'an unexpected character';
}

/**
 * The largest saved JSON report sim report and sim check read: a sweep's report holds every cell's
 * result and rows (200 cells of dice: 18 MB), past the 16 MiB allowed any other input.
 */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

/**
 * Refuses run options that would change nothing: a key (--hmac-key-file) for a run that writes no
 * part file or checkpoint to sign, a time limit (--decision-timeout) where no run plays a policy
 * module of the user's. `runs`: the parameters of every run the command plays.
 */
export function refuseIdleRunOptions(opts: { hmacKeyFile?: string; shard?: unknown; checkpoint?: string; decisionTimeout?: number }, specs: readonly ParamSpec[], runs: readonly ResolvedParams[]): void {
  if (opts.hmacKeyFile && !opts.shard && !opts.checkpoint) throw new UsageError('option --hmac-key-file: signs part files and checkpoints; this run writes neither (add --shard K/M or --checkpoint FILE)');
  if (opts.decisionTimeout !== undefined && !runs.some((p) => namesUserCode(specs, p))) throw new UsageError('option --decision-timeout: limits a policy module of yours (--policy ./mine.js); this run plays built-in policies only');
}
