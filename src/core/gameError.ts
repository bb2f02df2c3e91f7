// An error inside one game, carrying its index so the failure can be replayed with --trace.
export class GameError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}
