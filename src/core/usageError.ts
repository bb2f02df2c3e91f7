// Bad input from the user (an option, a scenario or data file): the CLI maps it to exit 2 and
// prints its message as one line. Anything else thrown is a failure at run time (exit 1).
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
