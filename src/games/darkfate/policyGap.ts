// The last measured gap between the default policy (planner) and the search policy, per
// configuration, as scenarios/darkfate/policy-gap.yaml records it (written from paired `sim compare`
// runs; the file names each command). Every Dark Fate report prints the line for its configuration,
// or says the gap was not measured there: a balance number is conditional on the bot that played,
// and this says how far that bot is from a stronger one on the same games.
import { gapWords } from '../../core/answer.js';
import { groupedInteger } from '../../core/numberText.js';
import { policyGapFileOf, readGapEntries, type GapMeasurement } from '../../core/policyGapNote.js';

/** One measured configuration; difference = search − planner, paired on common random numbers. */
export interface GapEntry extends GapMeasurement {
  rev9: string;
  players: number;
  solo: boolean;
  characters: string;
  planner: number;
  search: number;
}

/** The configuration a run plays, as far as the gap file tells configurations apart. */
export interface GapKey {
  rev9: string;
  players: number;
  solo: boolean;
  characters: string;
  /** Reference cards, no card changes, every rule at its default, no optional rule. */
  reference: boolean;
}

export function policyGapFile(): string {
  return policyGapFileOf('darkfate');
}

let cache: GapEntry[] | null = null;

/** The entries of the gap file, checked (none when it is missing: the report then says not measured). */
export function gapEntries(file = policyGapFile()): GapEntry[] {
  if (cache && file === policyGapFile()) return cache;
  const out = readGapEntries<GapEntry>(file, (e) => typeof e.rev9 === 'string' && typeof e.players === 'number' && typeof e.solo === 'boolean' && typeof e.characters === 'string' && typeof e.planner === 'number' && typeof e.search === 'number');
  if (file === policyGapFile()) cache = out;
  return out;
}

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;

/** The report line for one version's configuration. */
export function policyGapLine(key: GapKey, entries: GapEntry[] = gapEntries()): string {
  const e = key.reference ? entries.find((g) => g.rev9 === key.rev9 && g.players === key.players && g.solo === key.solo && g.characters === key.characters) : undefined;
  if (!e) {
    return `policy gap (${key.rev9}): not measured for this configuration; the measured ones (reference cards and rules, scenarios/darkfate/policy-gap.yaml) say how far the planner is from the search policy there`;
  }
  return `policy gap (${key.rev9}): last measured on ${groupedInteger(e.games)} paired games (seed ${e.seed}): planner ${e.planner.toFixed(3)}, search ${e.search.toFixed(3)}, search − planner ${signed(e.difference)} [${signed(e.lo)}, ${signed(e.hi)}], p ${e.pValue < 0.001 ? e.pValue.toExponential(1) : e.pValue.toFixed(3)} (scenarios/darkfate/policy-gap.yaml)`;
}

/** For the answer sentence: "the search policy wins +2.0 pp [+0.5, +3.5] more here", or that the gap was not measured. */
export function policyGapShort(key: GapKey, entries: GapEntry[] = gapEntries()): string {
  const e = key.reference ? entries.find((g) => g.rev9 === key.rev9 && g.players === key.players && g.solo === key.solo && g.characters === key.characters) : undefined;
  if (!e) return 'gap to the search policy not measured here';
  return gapWords('the search policy', e.difference, e.lo, e.hi);
}
