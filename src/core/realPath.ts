// The one spelling of "the same file" every check compares: links resolved, relative to the working directory.

import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The real path a file has (or, when nothing is there, would have in its folder's real path; else the plain resolved path). */
export function realTarget(file: string): string {
  const abs = resolve(file);
  try {
    return realpathSync(abs);
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return abs;
    }
  }
}
