// Reading a file the user (or stored data) names: only a regular file, checked before it is
// opened (a FIFO would block forever, /dev/zero would never end), and no larger than a bound checked
// before reading. Every failure is one UsageError line naming the file and what is wrong.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { UsageError } from './usageError.js';

/** The folders reads are confined to while stored data decides what is read (sim check), with why; null: any. */
let confinement: { roots: readonly string[]; why: string } | null = null;

/**
 * Runs `fn` with every input file read confined to the folders `roots` (a file a data file names
 * included: a deck's `cards:`), so that stored data (a golden) never makes sim read a file it does
 * not own. `why` ends the refusal's message. A refusal never quotes the file's content.
 */
export async function withInputsConfined<T>(roots: readonly string[], why: string, fn: () => Promise<T>): Promise<T> {
  const before = confinement;
  confinement = { roots: roots.map((r) => realpathSync(r)), why };
  try {
    return await fn();
  } finally {
    confinement = before;
  }
}

/** Default bound of an input file: 16 MiB (data files are kilobytes; reports and parts megabytes). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * Throws UsageError unless `file` is an existing regular file of at most `maxBytes`. `what` names it
 * in messages ("scenario file", "option --cards").
 */
export function checkInputFile(file: string, what: string, maxBytes = MAX_INPUT_BYTES): void {
  // Confined reads: the folder rule first, on the real path (or the path itself when nothing is
  // there), so that a refusal says nothing about whether a file outside exists.
  if (confinement) {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      real = resolve(file);
    }
    if (!confinement.roots.some((r) => real === r || real.startsWith(r + sep))) {
      // A link that leads out is named as one: the path itself may lie inside (where it leads is not said).
      const leads = real !== resolve(file) ? ' leads (through a link)' : ' is';
      throw new UsageError(`${what}: ${file}${leads} outside the folders this command may read (${confinement.why})`);
    }
  }
  let st;
  try {
    st = statSync(file);
  } catch (err) {
    throw new UsageError(`${what}: cannot read ${file}: ${whyNot(err)}`);
  }
  if (st.isDirectory()) throw new UsageError(`${what}: ${file} is a folder, not a file`);
  if (!st.isFile()) throw new UsageError(`${what}: ${file} is not a regular file (a pipe, socket or device is refused)`);
  if (st.size > maxBytes) throw new UsageError(`${what}: ${file} is ${st.size} bytes, more than the ${maxBytes} allowed`);
}

/** The real paths of the files read through readInputFile since the command started (an output must not replace one). */
const filesRead = new Set<string>();

/** Whether the current command read `file` (its real path) through readInputFile: a data file, or one a data file names. */
export function wasRead(file: string): boolean {
  try {
    return filesRead.has(realpathSync(file));
  } catch {
    return false;
  }
}

/** Starts a command with no file read. */
export function forgetFilesRead(): void {
  filesRead.clear();
}

/** The text of a regular file of at most `maxBytes` (see checkInputFile). */
export function readInputFile(file: string, what: string, maxBytes = MAX_INPUT_BYTES): string {
  checkInputFile(file, what, maxBytes);
  try {
    filesRead.add(realpathSync(file));
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${what}: cannot read ${file}: ${whyNot(err)}`);
  }
}

/** "ENOENT (no such file)": the code scripts match on, and its meaning in words. */
function whyNot(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const words: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', ENOTDIR: 'a part of the path is not a folder', ELOOP: 'too many symbolic links', ENAMETOOLONG: 'name too long' };
  return code ? `${code}${words[code] ? ` (${words[code]})` : ''}` : String(err);
}
