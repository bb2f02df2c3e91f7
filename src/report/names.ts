// Names for what a chart shows: a programme key (a parameter, a metric) in words, for where the
// report has no name of its own for it. Pure.

/**
 * A programme key in words, for a chart: `data.` dropped, dots as " · ", camelCase split
 * (lossEmptyWoundDeck → "loss empty wound deck", winA → "win A"), a number set apart (card12 → "card 12").
 */
export function humanize(key: string): string {
  return key
    .replace(/^data\./, '')
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])(?=([a-z]?))/g, (_, a: string, b: string, c: string) => `${a} ${c ? b.toLowerCase() : b}`).replace(/\b([a-zA-Z]{2,})(\d+)\b/g, '$1 $2'))
    .join(' · ');
}

/**
 * Settings as a reader reads them: "handSize=6" → "hand size 6", "target=6,count=2" → "target 6,
 * count 2"; a part without "=" (a file name, a free label) as it is.
 */
export function settingInWords(text: string): string {
  return text
    .split(/,\s*|;\s*/)
    .map((part) => {
      const at = part.indexOf('=');
      return at > 0 && /^[A-Za-z][\w.-]*$/.test(part.slice(0, at)) ? `${humanize(part.slice(0, at))} ${part.slice(at + 1)}` : part;
    })
    .join(', ');
}
