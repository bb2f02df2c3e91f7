// Parsers for the shared command-line options. Each throws commander's InvalidArgumentError
// with what is allowed, so the user gets one line naming the option, and exit code 2.
import { accessSync, constants, existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve as resolvePath, sep } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { numberFromText } from '../core/numberText.js';
import { MAX_SEED } from '../core/rng.js';
import { packageInfo } from '../core/packageInfo.js';

/** Most games one run may request: beyond this, a typo is likelier than a plan. */
export const MAX_GAMES = 1e12;

/** Parses a positive whole count written as 1000000, 1e6 or 1_000_000. */
export function parseGameCount(raw: string): number {
  const value = numberFromText(raw);
  const allowed = `a whole number of games from 1 to 1e12, e.g. 1000000, 1e6 or 1_000_000`;
  if (!Number.isFinite(value)) throw new InvalidArgumentError(`Expected ${allowed}.`);
  if (!Number.isInteger(value)) throw new InvalidArgumentError(`Not a whole number; expected ${allowed}.`);
  if (value < 1) throw new InvalidArgumentError(`Expected ${allowed}.`);
  if (value > MAX_GAMES) throw new InvalidArgumentError(`Too many games; expected ${allowed}.`);
  return value;
}

/** Parses a seed: a whole number in [0, 2^53 - 1]. */
export function parseSeed(raw: string): number {
  const value = numberFromText(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_SEED) {
    throw new InvalidArgumentError(`Expected a whole number from 0 to ${MAX_SEED}.`);
  }
  return value;
}

/** Parses -j: "auto" or a worker count in [1, 256]. */
export function parseJobs(raw: string): number | 'auto' {
  const text = raw.trim().toLowerCase();
  if (text === 'auto') return 'auto';
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > 256) {
    throw new InvalidArgumentError('Expected "auto" or a number of worker threads from 1 to 256.');
  }
  return value;
}

/** Parses --confidence: a level strictly between 0 and 1 (0.95), or a percentage (95%). */
export function parseConfidence(raw: string): number {
  const text = raw.trim();
  const pct = text.endsWith('%');
  // 99.9% is 0.999, not the 0.9990000000000001 a division by 100 gives (the level is stored and printed).
  const value = pct ? Number((Number(text.slice(0, -1)) / 100).toPrecision(15)) : Number(text);
  if (!Number.isFinite(value) || value <= 0 || value >= 1 || text === '') {
    throw new InvalidArgumentError('Expected a confidence level between 0 and 1 (exclusive), e.g. 0.95 or 95%.');
  }
  // Closer to 1 than double precision resolves, the interval's quantile is infinite.
  if (!(0.5 + value / 2 < 1) || value > 1 - 1e-12) throw new InvalidArgumentError('Too close to 1 to compute an interval; expected a level of at most 0.999999999999.');
  return value;
}

/** Parses an integer option within [min, max]. */
export function intInRange(min: number, max: number): (raw: string) => number {
  return (raw: string) => {
    const value = numberFromText(raw);
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`Expected a whole number from ${min} to ${max}.`);
    }
    return value;
  };
}

/** Accumulates a repeatable option (`--set a=1 --set b=2`) into an array. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Parses an input file option (--scenario): a path that is not empty (read and checked when the command runs). */
export function parseInputPath(raw: string): string {
  if (raw.trim() === '') throw new InvalidArgumentError('Empty path; expected a file to read.');
  return raw;
}

/** A parser of a name option (--metric, --param): not empty (leaving the option out asks for its default); `what` says what to give instead. */
export function nonEmptyName(what = 'give a name, or leave the option out for its default'): (raw: string) => string {
  return (raw) => {
    if (raw.trim() === '') throw new InvalidArgumentError(`Empty; ${what}.`);
    return raw;
  };
}

/** Parses a list option (--policies a,b): not empty, no empty item; leaving the option out is how to ask for its default. */
export function parseNonEmptyList(raw: string): string {
  if (raw.split(',').every((x) => x.trim() === '')) throw new InvalidArgumentError('Empty list; name its items separated by commas, or leave the option out for its default.');
  if (raw.split(',').some((x) => x.trim() === '')) throw new InvalidArgumentError(`An empty item in ${JSON.stringify(raw)}; name each item once, separated by single commas.`);
  return raw;
}

/**
 * Parses an output file option (--out, --checkpoint, --junit): a non-empty path that is not a
 * folder, in a folder that exists and is writable now, so a bad path fails before the run, not
 * after it.
 */
export function parseOutFile(raw: string): string {
  if (raw.trim() === '') throw new InvalidArgumentError('Empty path; expected a file to write.');
  // Many tools read "-" as standard output: a file named "-" is surely not what was meant.
  if (raw.trim() === '-') throw new InvalidArgumentError('"-" is not a file name here (it does not mean standard output); name a file.');
  const file = resolvePath(raw);
  let isDir = false;
  try {
    isDir = statSync(file).isDirectory();
  } catch {
    /* not there yet: it will be created */
  }
  if (isDir) throw new InvalidArgumentError(`${raw} is a directory; expected a file to write.`);
  // Only a regular file is replaced: never a link (it would redirect the write) or a device (/dev/null as root).
  let kind: 'link' | 'other' | null = null;
  try {
    const st = lstatSync(file);
    kind = st.isSymbolicLink() ? 'link' : st.isFile() ? null : 'other';
  } catch {
    /* a new path */
  }
  if (kind === 'link') throw new InvalidArgumentError(`${raw} is a symbolic link; name the file itself (an output never writes through a link).`);
  if (kind === 'other') throw new InvalidArgumentError(`${raw} is not a regular file (a device or pipe is never replaced); expected a file to write.`);
  // The package's data, documents and example modules under scenarios/ (cards, data, teams,
  // policy-gap.yaml, sensitivity.yaml, deployment.yaml), there or not yet, are read by later runs: an
  // output never writes one, whichever command writes. A report (JSON, CSV, HTML) a user writes
  // there is theirs, and may be written again.
  if (kind === null && /\.(ya?ml|md|m?js)$/i.test(file)) {
    let shipped = join(packageInfo().root, 'scenarios');
    let real = file;
    try {
      shipped = realpathSync(shipped);
      real = existsSync(file) ? realpathSync(file) : join(realpathSync(dirname(file)), basename(file));
    } catch {
      /* as given */
    }
    if (real.startsWith(shipped + sep)) throw new InvalidArgumentError(`${raw} is a file of the package's scenarios/ folder (${relative(packageInfo().root, real)}): data and stored measurements that runs read, never replaced by an output; write to another file (reports/ keeps the golden reports).`);
  }
  if (/[\\/]$/.test(raw)) throw new InvalidArgumentError(`${raw} ends in a slash, naming a folder; expected a file to write.`);
  // A file its owner made read-only is not replaced (the temp file and rename would go round its mode), as the shell's `>` would not.
  if (kind === null && existsSync(file)) {
    try {
      accessSync(file, constants.W_OK);
    } catch {
      throw new InvalidArgumentError(`${raw} is read-only; make it writable (chmod u+w) or name another file.`);
    }
  }
  const dir = dirname(file);
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    accessSync(dir, constants.W_OK);
  } catch {
    throw new InvalidArgumentError(`Cannot write there: ${dir} is not an existing, writable folder.`);
  }
  return raw;
}
