// Flags shared by the measurement scripts (darkfateTurnValues.mjs, dualfatesLayouts.mjs, …).
import { readFileSync } from 'node:fs';

/** A whole number in [lo, hi] from flag `name` of parsed `values`, or exit 2 naming the script and the flag. */
export function wholeFlag(script, values, name, lo, hi) {
  const x = Number(values[name]);
  if (!Number.isInteger(x) || x < lo || x > hi) {
    console.error(`${script}: --${name} ${values[name]}: expected a whole number in [${lo}, ${hi}]`);
    process.exit(2);
  }
  return x;
}

/** A script's usage: its header comment (the leading // lines of the file at `url`, import.meta.url), without the slashes. */
export function usageOf(url) {
  const lines = readFileSync(new URL(url), 'utf8').split('\n');
  return lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
}
