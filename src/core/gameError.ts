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
