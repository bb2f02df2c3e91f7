// The policy gap (issue 15: "every report names its policy and prints the last measured gap
// between the default and the search policy for that configuration, or a caveat line"). Every
// number of `sim terror` is conditional on the bot that played; scenarios/terror/policy-gap.yaml
// records, per configuration (the rules, readings, Death Order choice and data — not the policy),
// the paired difference in win rate between the search policy and the default measured by the
// command it names (the highest budget a skill ladder measured, or a one-budget compare), so each report can say how
// far its bot is from stronger play. Re-measure and edit the file when the rules, the data, the
// planner or the search change (the key changes with the rules and data: a stale entry is never
// shown for another configuration; a planner change that moves the entry's games fails
// test/storedFresh.test.ts).
import { hashOf } from '../../core/hash.js';
import { groupedInteger } from '../../core/numberText.js';
import { gapGained, gapPoints, gapTag, isPrintable, policyGapFileOf, readGapEntries, type GapMeasurement, type StoredGap, firstOfEach } from '../../core/policyGapNote.js';
import { TERROR_PARAMS, type TerrorSimParams } from './terrorParams.js';

/** One measurement as a report shows it (result.policyGap.gap): the search against the planner on common random numbers. */
export interface MeasuredGap {
  /** configKey of the configuration measured. */
  readonly config: string;
  /** The configuration in words. */
  readonly label: string;
  readonly command: string;
  readonly n: number;
  readonly seed: number;
  readonly searchRollouts: number;
  /** Whether searchRollouts is the highest budget a skill ladder measured (else one budget compared). */
  readonly ladder: boolean;
  /** Win rates of the default policy and the search policy on the same games. */
  readonly defaultWin: number;
  readonly searchWin: number;
  /** searchWin − defaultWin with its 95% paired interval (Newcombe) and McNemar p-value. */
  readonly difference: number;
  readonly lo: number;
  readonly hi: number;
  readonly pValue: number;
}

/** The default policy the gaps are measured for. */
export const GAP_DEFAULT_POLICY = 'planner';

/** An entry of scenarios/terror/policy-gap.yaml (the fields every game's gap file shares, and Terror's own). */
interface TerrorGapEntry extends GapMeasurement {
  config: string;
  label: string;
  budget: number;
  ladder: boolean;
  planner: number;
  search: number;
}

export function terrorGapFile(): string {
  return policyGapFileOf('terror');
}

/**
 * The measured gaps of the file, checked (an entry that fails a check is never printed; none when
 * the file is missing: every report then says the gap was not measured). The first is the
 * reference the caveat line quotes.
 */
export function measuredGaps(file = terrorGapFile()): MeasuredGap[] {
  return readGapEntries<TerrorGapEntry>(
    file,
    { base: 'planner', search: 'search' },
    (e) =>
      typeof e.config === 'string' && isPrintable(e.label) && Number.isSafeInteger(e.budget) && (e.budget as number) > 0 && typeof e.ladder === 'boolean',
  ).map((e) => ({ config: e.config, label: e.label, command: e.command, n: e.games, seed: e.seed, searchRollouts: e.budget, ladder: e.ladder, defaultWin: e.planner, searchWin: e.search, difference: e.difference, lo: e.lo, hi: e.hi, pValue: e.pValue }));
}

/** The key of a configuration: everything that shapes the games except the policy and its budget. */
export function configKey(sim: TerrorSimParams): string {
  // The data by content, not by the name it was loaded under.
  const { file: _f, ...data } = sim.data;
  const rules: Record<string, unknown> = { data };
  for (const k of CONFIG_FIELDS) rules[k] = sim[k];
  for (const k of LATER_FIELDS) if (sim[k] !== LATER_DEFAULTS[k]) rules[k] = sim[k];
  return hashOf(rules);
}

/** The simulation parameters a configuration is made of (TerrorSimParams minus the policy and its budget). */
const CONFIG_FIELDS = [
  'deathOrder', 'horrorStart', 'timePerTurn', 'timeExtreme', 'handLimit', 'terrorDealt', 'terrorPerPhase', 'terrorPerPhaseNoFated',
  'bloodlustStart', 'successFrom', 'partialFrom', 'partialCost', 'finalHealth', 'thwartRoll', 'moveThroughExits',
] as const satisfies readonly (keyof TerrorSimParams)[];

/**
 * Readings added after the gaps above were measured: part of the key only away from their default,
 * which plays the very games measured (so the stored entries still name the default configuration).
 */
const LATER_FIELDS = ['rebuy'] as const satisfies readonly (keyof TerrorSimParams)[];
const LATER_DEFAULTS: Pick<TerrorSimParams, (typeof LATER_FIELDS)[number]> = { rebuy: true };

// Compile-time check: every TerrorSimParams field is either part of the configuration or the policy's.
type Unlisted = Exclude<keyof TerrorSimParams, (typeof CONFIG_FIELDS)[number] | (typeof LATER_FIELDS)[number] | 'data' | 'policy' | 'policyHash' | 'searchRollouts' | 'searchMargin' | 'searchDepth' | 'searchedDecisions' | 'rolloutPolicy'>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

export interface PolicyGapReport {
  policy: string;
  config: string;
  measured: boolean;
  /** The measurement for this configuration, when there is one. */
  gap?: MeasuredGap;
  /** One line for the report. */
  line: string;
}

const pts = gapPoints;

/** How this run's search differs from the stored measurement's (budget, decisions searched, margin, horizon, rollouts' bot), in words; '' when it is the same search. */
function searchDiffers(sim: TerrorSimParams, gap: MeasuredGap): string {
  const out: string[] = [];
  if (sim.searchRollouts !== gap.searchRollouts) out.push(`${sim.searchRollouts} rollouts per answer`);
  // The stored gaps were measured with the search's other parameters at their defaults (their commands set only the budget).
  const d = (key: string) => TERROR_PARAMS.find((p) => p.key === key)!.default;
  if (sim.searchedDecisions) out.push('searching some decisions only');
  if (sim.searchMargin !== d('searchMargin')) out.push(`margin ${sim.searchMargin}`);
  if (sim.searchDepth !== d('searchDepth')) out.push(`horizon ${sim.searchDepth} turns`);
  if (sim.rolloutPolicy !== d('rolloutPolicy')) out.push(`rollouts by ${sim.rolloutPolicy}`);
  return out.join(', ');
}
const searchAsMeasured = (sim: TerrorSimParams, gap: MeasuredGap): boolean => searchDiffers(sim, gap) === '';
/** "0.2 points less", "1.4 points more": a signed difference in words, never "−0.2 points more". */
const pointsWord = (x: number): string => `${Math.abs(x * 100).toFixed(1)} points ${x < 0 ? 'less' : 'more'}`;

/** What a report of policy `policyLabel` on configuration `sim` says about the policy gap. */
export function policyGap(sim: TerrorSimParams, policyLabel: string, gaps = measuredGaps()): PolicyGapReport {
  const config = configKey(sim);
  const gap = gaps.find((g) => g.config === config);
  const reference = gaps[0];
  if (!gap) {
    const at = reference ? ` (at ${reference.label} the search policy won ${pointsWord(reference.difference)} than ${GAP_DEFAULT_POLICY}, ${pts(reference.lo)} to ${pts(reference.hi)})` : '';
    return {
      policy: policyLabel,
      config,
      measured: false,
      line: `Policy ${policyLabel}: the gap to the search policy was not measured for this configuration${at}; these numbers are conditional on the bot, and good play may do better.`,
    };
  }
  const how = `paired, ${groupedInteger(gap.n)} games, seed ${gap.seed}, search with ${gap.searchRollouts} rollouts per answer${gap.ladder ? ' (the highest budget its skill ladder measured)' : ''}: \`${gap.command}\`; scenarios/terror/policy-gap.yaml`;
  const line =
    policyLabel === GAP_DEFAULT_POLICY
      ? `Policy ${policyLabel} (the default): the search policy wins ${pointsWord(gap.difference)} on the same games (${pts(gap.lo)} to ${pts(gap.hi)}${gapTag(gap, 'planner')}; ${gap.defaultWin.toFixed(3)} → ${gap.searchWin.toFixed(3)}; ${how}): ${gapGained(gap) ? 'a floor on the bot\'s share of these numbers' : 'no gap shown at this budget (not a distance: a stronger search may still gain)'}.`
      : policyLabel === 'search'
        ? `Policy search: it won ${pointsWord(gap.difference)} than the default ${GAP_DEFAULT_POLICY} on the same games (${pts(gap.lo)} to ${pts(gap.hi)}; ${how})${searchAsMeasured(sim, gap) ? '' : `; this run's search is another (${searchDiffers(sim, gap)}), not measured`}.`
        : `Policy ${policyLabel}: the gap was measured for the default (${GAP_DEFAULT_POLICY} → search: ${pts(gap.difference)} points, ${pts(gap.lo)} to ${pts(gap.hi)}; ${how}), not for this policy.`;
  return { policy: policyLabel, config, measured: true, gap, line };
}

/** The file's entries as `sim gaps` lists them (the reports print the first entry of each configuration). */
export function storedGaps(gaps: MeasuredGap[] = measuredGaps()): StoredGap[] {
  const rows = gaps.map((g) => ({
    mode: '',
    configuration: g.label,
    side: null,
    policy: GAP_DEFAULT_POLICY,
    base: g.defaultWin,
    challenger: 'search' as const,
    challengerRate: g.searchWin,
    budget: g.searchRollouts,
    budgetParam: 'searchRollouts',
    games: g.n,
    seed: g.seed,
    difference: g.difference,
    lo: g.lo,
    hi: g.hi,
    pValue: g.pValue,
    command: g.command,
    printed: true,
    config: g.config,
  }));
  return firstOfEach(rows, (r) => r.config).map(({ config: _config, ...r }) => r);
}
