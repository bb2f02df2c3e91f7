// Flags shared by the measurement scripts (darkfateTurnValues.mjs, dualfatesLayouts.mjs).

/** A whole number in [lo, hi] from flag `name` of parsed `values`, or exit 2 naming the script and the flag. */
export function wholeFlag(script, values, name, lo, hi) {
  const x = Number(values[name]);
  if (!Number.isInteger(x) || x < lo || x > hi) {
    console.error(`${script}: --${name} ${values[name]}: expected a whole number in [${lo}, ${hi}]`);
    process.exit(2);
  }
  return x;
}
