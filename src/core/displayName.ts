// How a reader tells two display names apart: case, spacing and invisible characters aside. Data
// files refuse two entries a report would show under one name (they would read, and draw, as one).

/**
 * The name as a reader compares it: compatibility forms folded (NFKC: a fullwidth Ｅ reads as E, a
 * ligature ﬁ as fi), lower case, spaces collapsed, zero-width characters dropped.
 */
export function displayKey(name: string): string {
  return name.normalize('NFKC').replace(/[\u200b-\u200f\u2060\ufeff]/g, '').trim().replace(/\s+/g, ' ').toLowerCase();
}
