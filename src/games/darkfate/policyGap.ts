// The last measured gap between the default policy (planner) and the search policy, per
// configuration, as scenarios/darkfate/policy-gap.yaml records it (the top rung of a skill ladder,
// `sim policies darkfate --ladder`: the search at its largest measured budget, paired with the
// planner on the same games; the file names each command). Every Dark Fate report prints the line for its configuration,
// or says the gap was not measured there: a balance number is conditional on the bot that played,
// and this says how far that bot is from a stronger one on the same games.
import { gapWords } from '../../core/answer.js';
import { groupedInteger } from '../../core/numberText.js';
import { gapPoints, policyGapFileOf, readGapEntries, type GapMeasurement, type StoredGap, searchGap, firstOfEach } from '../../core/policyGapNote.js';
import { loadCardData, referenceCardsFile } from './cardData.js';

/** One measured configuration; difference = search − planner, paired on common random numbers. */
export interface GapEntry extends GapMeasurement {
  rev9: string;
  players: number;
  solo: boolean;
  characters: string;
  planner: number;
  search: number;
  /** The search's budget (searchRollouts) at the measured rung. */
  budget: number;
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
  const out = readGapEntries<GapEntry>(file, { base: 'planner', search: 'search' }, (e) => typeof e.rev9 === 'string' && typeof e.players === 'number' && typeof e.solo === 'boolean' && typeof e.characters === 'string' && Number.isSafeInteger(e.budget) && (e.budget as number) > 0);
  if (file === policyGapFile()) cache = out;
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The report line for one version's configuration. */
export function policyGapLine(key: GapKey, entries: GapEntry[] = gapEntries()): string {
  const e = key.reference ? entries.find((g) => g.rev9 === key.rev9 && g.players === key.players && g.solo === key.solo && g.characters === key.characters) : undefined;
  if (!e) {
    return `policy gap (${key.rev9}): not measured for this configuration; the measured ones (reference cards and rules, scenarios/darkfate/policy-gap.yaml) say how far the planner is from the search policy there`;
  }
  return `policy gap (${key.rev9}): last measured on ${groupedInteger(e.games)} paired games (seed ${e.seed}): planner ${pct(e.planner)}, the search at ${e.budget} rollouts (the highest budget its ladder measured) ${pct(e.search)}, search − planner ${gapPoints(e.difference)} pp [${gapPoints(e.lo)}, ${gapPoints(e.hi)}], p ${e.pValue < 0.001 ? e.pValue.toExponential(1) : e.pValue.toFixed(3)}: ${e.lo > 0 ? 'a floor on the distance to strong play' : e.hi < 0 ? 'the search at this budget does not beat the planner' : 'no significant gap at this budget (not a distance: a stronger search may still gain)'} (\`${e.command}\`; scenarios/darkfate/policy-gap.yaml)`;
}

/** For the answer sentence: "the search policy at 128 rollouts wins +3.8 pp [+0.9, +6.7] more: …", or that the gap was not measured. */
export function policyGapShort(key: GapKey, entries: GapEntry[] = gapEntries()): string {
  const e = key.reference ? entries.find((g) => g.rev9 === key.rev9 && g.players === key.players && g.solo === key.solo && g.characters === key.characters) : undefined;
  if (!e) return 'gap to the search policy not measured here';
  return gapWords(`the search policy at ${e.budget} rollouts`, e.difference, e.lo, e.hi);
}

/** The file's entries as `sim gaps` lists them (the reports print the first entry of each configuration). */
export function storedGaps(entries: GapEntry[] = gapEntries()): StoredGap[] {
  // The entries measure the reference cards: each version by its name there, as the reports name it (a key it lacks as written).
  // The characters too, by their names (Sarah Connor, T-800; a key such as t800 reads as an id on a chart).
  const doc = loadCardData(referenceCardsFile());
  const names = new Map(doc.rev9.map((r) => [r.key, r.name]));
  const who = new Map(doc.characters.map((c) => [c.key, c.name]));
  const rows = entries.map((e) =>
    searchGap(e, 'searchRollouts', { mode: '', configuration: `${names.get(e.rev9) ?? e.rev9}, ${e.players} player${e.players === 1 ? '' : 's'} (${e.characters.split(',').map((k) => who.get(k) ?? k).join(', ')})${e.solo ? ', solo' : ''}`, side: null, policy: 'planner', base: e.planner }),
  );
  return firstOfEach(rows, (r) => r.configuration);
}
