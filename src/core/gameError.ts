// An error inside one game, carrying its index so the failure can be replayed with --trace.
import type { Report } from './reportTypes.js';

export class GameError extends Error {
  constructor(
    readonly index: number,
    message: string,
    /** What the game produced before it failed (e.g. a trace up to the failure): the shell prints it, then the error. */
    readonly partialReport?: Report,
  ) {
    super(message);
  }
}

/**
 * A policy's answer as an error message shows it: a non-number as JSON with its type, so the
 * string "0" never reads as the index 0.
 */
export function shownAnswer(got: unknown): string {
  if (typeof got === 'number') return String(got);
  try {
    return `${JSON.stringify(got) ?? String(got)} (type ${typeof got})`;
  } catch {
    return `${String(got)} (type ${typeof got})`;
  }
}
