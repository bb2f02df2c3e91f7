// A programme key in words, for what a reader sees (answers, notes, charts): the one place that turns
// `actionCards.escort.range` into "action cards · escort · range". Pure.

/**
 * A programme key in words: `data.` dropped, dots as " · ", camelCase split (lossEmptyWoundDeck →
 * "loss empty wound deck", winA → "win A"), a number set apart (card12 → "card 12").
 */
export function humanize(key: string): string {
  return key
    .replace(/^data\./, '')
    .split('.')
    .map((part) => camelWords(part).replace(/\b([a-zA-Z]{2,})(\d+)\b/g, '$1 $2'))
    .join(' · ');
}

/** A camelCase name in words: woundsTaken → "wounds taken"; a capital that stands alone stays (winA → "win A"). */
export function camelWords(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])(?=([a-z]?))/g, (_, a: string, b: string, c: string) => `${a} ${c ? b.toLowerCase() : b}`);
}

/** A measured change as sensitivity names it ("actionCards.escort.range 2 → 1") with its key in words. */
export function changeInWords(change: string): string {
  const space = change.indexOf(' ');
  return space > 0 ? `${humanize(change.slice(0, space))}${change.slice(space)}` : humanize(change);
}
