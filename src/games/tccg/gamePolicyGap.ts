// The last measured gap between the CCG game's default bots (protect, hunt-support) and the shared
// search playing one side, as scenarios/tccg/policy-gap.yaml records it (written from `sim policies
// tccg game --ladder` runs; the file names each command). Every `sim tccg game` report prints the
// line for its configuration, or says the gap was not measured there.
import { storedBounds } from '../../core/answer.js';
import { dataValuesOf } from '../../core/dataValues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { policyGapFileOf, readGapEntries, unmeasuredGapNote, type GapMeasurement, type StoredGap, searchGap, gapPoints } from '../../core/policyGapNote.js';
import { groupedInteger } from '../../core/numberText.js';

export interface TccgGapEntry extends GapMeasurement {
  /** The side the search played (the other played its default), and the metric: that side's win rate. */
  side: 'Resistance' | 'Skynet';
  budget: number;
  /** The default bot's win rate (as that side) and the search's, on the same games. */
  bot: number;
  search: number;
}

export function tccgGapFile(): string {
  return policyGapFileOf('tccg');
}

/** The entries of the gap file, checked (none when it is missing: the report then says not measured). */
export function tccgGapEntries(file = tccgGapFile()): TccgGapEntry[] {
  return readGapEntries<TccgGapEntry>(file, { base: 'bot', search: 'search' }, (e) => (e.side === 'Resistance' || e.side === 'Skynet') && typeof e.budget === 'number');
}

/** Parameters that do not change the measured configuration: the policies, the search's settings, trace. */
const FREE = new Set(['resistancePolicy', 'skynetPolicy', 'searchIterations', 'searchDepth', 'searchMargin', 'searchDecisions', 'trace']);

/** Whether every parameter but the policies, the search's settings and trace is at its default, with no card value changed (the gap file's configuration). */
export function isGapReference(specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>): boolean {
  return specs.every((p) => FREE.has(p.key) || params[p.key] === p.default) && Object.keys(dataValuesOf(params)).length === 0;
}

const pp = gapPoints;

/**
 * The report line: at the measured configuration (`reference`), with each side playing its default
 * bot or the search, every measured side's gap; else the unmeasured note.
 */
export function tccgGapLine(policies: readonly [string, string], defaults: readonly [string, string], reference: boolean, entries = tccgGapEntries()): string {
  const labels = [`${policies[0]} (Resistance)`, `${policies[1]} (Skynet)`];
  const measured = reference && policies.every((p, s) => p === defaults[s] || p === 'search') ? entries : [];
  if (measured.length === 0) return unmeasuredGapNote('tccg game', labels).replace('(it has no search policy yet)', `(measured only for ${defaults[0]} against ${defaults[1]} at every other parameter's default, scenarios/tccg/policy-gap.yaml)`);
  const parts = measured.map(
    (e) =>
      `for ${e.side === 'Resistance' ? 'the Resistance' : 'Skynet'} on ${groupedInteger(e.games)} paired games (seed ${e.seed}): ${e.side === 'Resistance' ? defaults[0] : defaults[1]} wins ${(e.bot * 100).toFixed(1)}%, the search at ${e.budget} iterations ${(e.search * 100).toFixed(1)}%, search − bot ${pp(e.difference)} pp [${pp(e.lo)}, ${pp(e.hi)}], p ${e.pValue < 0.001 ? e.pValue.toExponential(1) : e.pValue.toFixed(3)} (\`${e.command}\`)`,
  );
  return `Policy gap: last measured ${parts.join('; ')} — a floor on the distance to strong play (scenarios/tccg/policy-gap.yaml).`;
}

/** For the answer sentence: each side's measured gap in a few words, or that it was not measured. */
export function tccgGapShort(policies: readonly [string, string], defaults: readonly [string, string], reference: boolean, entries = tccgGapEntries()): string {
  // The gap is the default bots' distance to the search: said only when both sides play them.
  const measured = reference && policies.every((p, s) => p === defaults[s]) ? entries : [];
  if (measured.length === 0) return policies.some((p) => p === 'search') ? 'a side plays the search: its gap to stronger play is not measured' : 'gap to a search policy not measured here';
  return `a search beats the bots by ${measured.map((e) => `${pp(e.difference)} pp ${storedBounds(pp(e.lo), pp(e.hi))} for ${e.side === 'Resistance' ? 'the Resistance' : 'Skynet'}`).join(' and ')}: a floor on strong play`;
}

/** The file's entries as `sim gaps` lists them; `defaults`: each side's default bot (the one its entry was measured against). */
export function storedGaps(defaults: Readonly<Record<TccgGapEntry['side'], string>>, entries: TccgGapEntry[] = tccgGapEntries()): StoredGap[] {
  return entries.map((e) => searchGap(e, 'searchIterations', { mode: 'game', configuration: 'the example decks (defaults)', side: e.side, policy: defaults[e.side], base: e.bot }));
}
