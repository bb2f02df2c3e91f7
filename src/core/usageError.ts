// Bad input from the user (an option, a scenario or data file): the CLI maps it to exit 2 and
// prints its message as one line. Anything else thrown is a failure at run time (exit 1).
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The option or field at fault, where one is (the library's `games`, `seed`, `params.handSize`). */
  readonly field?: string;
  constructor(message: string, field?: string) {
    super(message);
    if (field !== undefined) this.field = field;
  }
}
