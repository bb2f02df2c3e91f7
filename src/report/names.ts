// Names for what a chart shows: a programme key (a parameter, a metric) in words, for where the
// report has no name of its own for it. Pure.

import { humanize } from '../core/keyWords.js';

/** A programme key in words (one implementation, core/keyWords.ts; charts import it from here). */
export { humanize };

/**
 * Settings as a reader reads them: "handSize=6" → "hand size 6", "target=6,count=2" → "target 6,
 * count 2"; a part without "=" (a file name, a free label) as it is.
 */
export function settingInWords(text: string): string {
  return text
    // Settings come joined by commas, semicolons or (several --set) spaces: `target=5 count=3`.
    .split(/,\s*|;\s*|\s+(?=[A-Za-z][\w.-]*=)/)
    .map((part) => {
      const at = part.indexOf('=');
      return at > 0 && /^[A-Za-z][\w.-]*$/.test(part.slice(0, at)) ? `${humanize(part.slice(0, at))} ${part.slice(at + 1)}` : part;
    })
    .join(', ');
}
