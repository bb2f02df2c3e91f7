// The last measured gap between the skirmish's bots and the shared search playing one side
// (skirmishSearch.ts), as scenarios/genisys/policy-gap.yaml records it (written from `sim policies
// genisys skirmish --ladder` runs; the file names each command). Every `sim genisys skirmish` report
// prints the line for its configuration, or says the gap was not measured there.
import { storedBounds } from '../../core/answer.js';
import { basename } from 'node:path';
import { dataValuesOf } from '../../core/dataValues.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { gapClosing, gapTag, policyGapFileOf, readGapEntries, unmeasuredGapNote, type GapMeasurement, type StoredGap, searchGap, gapPoints } from '../../core/policyGapNote.js';
import { groupedInteger } from '../../core/numberText.js';

export interface SkirmishGapEntry extends GapMeasurement {
  /** The parameters away from their defaults in the measured configuration ({}: the defaults, Infighting); a file by its name. */
  config: Record<string, string | number>;
  /** The side the search played (the other played its policy in `config`), and the metric: that side's win rate. */
  side: 'A' | 'B';
  budget: number;
  /** The bot the search replaced (that side's policy in the configuration), its win rate, and the search's, on the same games. */
  bot: string;
  botWins: number;
  search: number;
  /** What the numbers leave open (printed after them), optional. */
  note?: string;
}

export function skirmishGapFile(): string {
  return policyGapFileOf('genisys');
}

/** The entries of the gap file, checked (none when it is missing: the report then says not measured). */
export function skirmishGapEntries(file = skirmishGapFile()): SkirmishGapEntry[] {
  return readGapEntries<SkirmishGapEntry>(
    file,
    { base: 'botWins', search: 'search' },
    (e) => (e.side === 'A' || e.side === 'B') && typeof e.budget === 'number' && typeof e.bot === 'string' && !!e.config && typeof e.config === 'object' && !Array.isArray(e.config) && (e.note === undefined || typeof e.note === 'string'),
  );
}

/** Parameters that do not change the measured configuration: the search's settings. */
const FREE = new Set(['searchIterations', 'searchDepth', 'searchMargin', 'searchBot', 'searchDecisions']);

/** A parameter's value as an entry's config names it: a file by its name. */
const norm = (spec: ParamSpec, v: unknown): unknown => (spec.type === 'path' && typeof v === 'string' && /[\\/]/.test(v) ? basename(v) : v);

/**
 * Whether `params` is entry e's configuration: every parameter but the search's settings at the
 * entry's value (its config, else the default), no unit value changed, and the measured side
 * playing the bot the search replaced or the search itself.
 */
function matches(specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>, e: SkirmishGapEntry): boolean {
  if (Object.keys(dataValuesOf(params)).length > 0) return false;
  const sideKey = e.side === 'A' ? 'policyA' : 'policyB';
  return specs.every((p) => {
    if (FREE.has(p.key)) return true;
    const want = norm(p, e.config[p.key] ?? p.default);
    const got = norm(p, params[p.key]);
    return got === want || (p.key === sideKey && got === 'search');
  });
}

const pp = gapPoints;
const pText = (p: number) => (p < 0.001 ? p.toExponential(1) : p.toFixed(3));

/** The measured entries of this configuration. */
export function skirmishGapsFor(specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>, entries = skirmishGapEntries()): SkirmishGapEntry[] {
  return entries.filter((e) => matches(specs, params, e));
}

/** The report's note: each measured side's gap at this configuration, else the unmeasured note. */
export function skirmishGapLine(specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>, labels: readonly string[], entries = skirmishGapEntries()): string {
  const measured = skirmishGapsFor(specs, params, entries);
  if (measured.length === 0) return unmeasuredGapNote('genisys skirmish', labels).replace('(it has no search policy yet)', '(measured only for the configurations of scenarios/genisys/policy-gap.yaml)');
  const parts = measured.map(
    (e) =>
      `for side ${e.side} on ${groupedInteger(e.games)} paired games (seed ${e.seed}): ${e.bot} wins ${(e.botWins * 100).toFixed(1)}%, the search at ${e.budget} iterations ${(e.search * 100).toFixed(1)}%, search − ${e.bot} ${pp(e.difference)} pp [${pp(e.lo)}, ${pp(e.hi)}], p ${pText(e.pValue)}${gapTag(e, 'bot')}${e.note ? `; ${e.note}` : ''} (\`${e.command}\`)`,
  );
  return `Policy gap: last measured ${parts.join('; ')} — ${gapClosing(measured)} (scenarios/genisys/policy-gap.yaml).`;
}

/** For the answer sentence: each measured side's gap in a few words, or that it was not measured. */
export function skirmishGapShort(specs: readonly ParamSpec[], params: Readonly<Record<string, ParamValue>>, entries = skirmishGapEntries()): string {
  const measured = skirmishGapsFor(specs, params, entries);
  if (measured.length === 0) return 'the bots are not measured against a search policy here: every rate is conditional on them';
  return `${measured.map((e) => `a search at ${e.budget} iterations as side ${e.side} scores ${pp(e.difference)} pp ${storedBounds(pp(e.lo), pp(e.hi))} against ${e.bot}${gapTag(e, 'bot')}`).join(' and ')}: ${gapClosing(measured)}`;
}

/** The file's entries as `sim gaps` lists them (the configuration: its parameters away from their defaults; a report prints every entry of its configuration). */
export function storedGaps(entries: SkirmishGapEntry[] = skirmishGapEntries()): StoredGap[] {
  return entries.map((e) => {
    const set = Object.entries(e.config).map(([k, v]) => `${k}=${v}`);
    return searchGap(e, 'searchIterations', { mode: 'skirmish', configuration: set.length ? set.join(', ') : 'the defaults (Infighting)', side: e.side, policy: e.bot, base: e.botWins });
  });
}
