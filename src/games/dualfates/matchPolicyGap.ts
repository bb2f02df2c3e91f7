// The last measured gap between the match's default policy and the shared search, as
// scenarios/dualfates/policy-gap.yaml records it (written from `sim policies dualfates match
// --ladder` runs; the file names each command and the default it measured). Every match report
// prints the line for its configuration, or says the gap was not measured there; an entry measured
// with another default than today's is never printed. The file's `layouts` list holds the best fixed
// deployment found against the default's (scripts/dualfatesLayouts.mjs, confirmed on fresh games):
// another floor on the distance to strong play, printed beside the search's. The default deploys
// by scenarios/dualfates/deployment.yaml, so an entry records the stamp of that file's mix for its
// teams (`deployment`): one measured under another mix is for another default, and the report says
// it was not re-measured since.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { storedBounds } from '../../core/answer.js';
import { packageInfo } from '../../core/packageInfo.js';
import { DEFAULT_DEPLOYMENT_FILE, parseDeploymentOnce } from './deployment.js';
import { DEPLOY_PLAN_VERSION } from './deployPlan.js';
import { MATCH_POLICIES } from './matchPolicies.js';
import { gapClosing, gapGained, gapTag, isPrintable, policyGapFileOf, readGapEntries, unmeasuredGapNote, type GapMeasurement, type StoredGap, measurementOf, searchGap, gapPoints } from '../../core/policyGapNote.js';
import { groupedInteger } from '../../core/numberText.js';

export interface MatchGapEntry extends GapMeasurement {
  teamA: string;
  teamB: string;
  /** The side the search played (the other played `policy`), and the metric: that side's win rate. */
  side: 'A' | 'B';
  budget: number;
  /** The default policy the search was measured against (its rollouts play it too), and its win rate. */
  policy: string;
  /** The stamp of the deployment mix for these teams the default deployed by (deploymentStamp); absent: before stamps, another default. */
  deployment?: string;
  base: number;
  search: number;
}

/** A fixed deployment of one side's starting units against the default's, the rest of that side and the other side playing the default. */
export interface LayoutGapEntry extends GapMeasurement {
  teamA: string;
  teamB: string;
  side: 'A' | 'B';
  /** The default it was measured against, its win rate, and the layout's (that side's win rates). */
  policy: string;
  deployment?: string;
  base: number;
  fixed: number;
  /** "Unit@point, …" in team-file order. */
  layout: string;
  /** The order its units were deployed in (scripts/dualfatesLayouts.mjs --order): reverse team order, or the cheapest first; absent: team order. */
  order?: 'reverse' | 'cheap';
}

/** How an entry's layout was deployed, for the line: '' in team order. */
const orderText = (e: LayoutGapEntry): string => (e.order === 'reverse' ? ' (listed in team order, deployed in reverse)' : e.order === 'cheap' ? ' (deployed the cheapest unit first)' : '');
const ORDER_NAMES = { team: 'team order', reverse: 'reverse team order', cheap: 'the cheapest first' } as const;

export function matchGapFile(): string {
  return policyGapFileOf('dualfates');
}

/** The entries of the gap file, checked (none when it is missing: the report then says not measured). */
export function matchGapEntries(file = matchGapFile()): MatchGapEntry[] {
  return readGapEntries<MatchGapEntry>(file, { base: 'base', search: 'search' }, (e) => typeof e.teamA === 'string' && typeof e.teamB === 'string' && (e.side === 'A' || e.side === 'B') && typeof e.budget === 'number' && typeof e.policy === 'string');
}

/** The `layouts` entries of the gap file, checked (none when it is missing). */
export function layoutGapEntries(file = matchGapFile()): LayoutGapEntry[] {
  return readGapEntries<LayoutGapEntry>(file, { base: 'base', search: 'fixed' }, (e) => typeof e.teamA === 'string' && typeof e.teamB === 'string' && (e.side === 'A' || e.side === 'B') && typeof e.policy === 'string' && isPrintable(e.layout) && (e.order === undefined || e.order === 'reverse' || e.order === 'cheap'), 'layouts');
}

const pp = gapPoints;
/** The match's default policy: the one every gap is measured against. */
const DEFAULT_POLICY: string = MATCH_POLICIES[0];

const stamps = new Map<string, string>();
/**
 * The stamp of the bundled deployment file's mix for two built-in teams (the entry named "A vs B")
 * and of how the plan plays from it: the first 12 hex digits of the SHA-256 of the plan's version
 * (DEPLOY_PLAN_VERSION) and the mix's JSON; '' when the file or the entry is missing.
 */
export function deploymentStamp(teamA: string, teamB: string): string {
  const name = `${teamA} vs ${teamB}`;
  let stamp = stamps.get(name);
  if (stamp === undefined) {
    const file = join(packageInfo().root, DEFAULT_DEPLOYMENT_FILE);
    const mix = existsSync(file) ? parseDeploymentOnce(readFileSync(file, 'utf8'), DEFAULT_DEPLOYMENT_FILE).mixes.find((m) => m.name === name) : undefined;
    stamp = mix ? createHash('sha256').update(`plan ${DEPLOY_PLAN_VERSION}\n${JSON.stringify(mix)}`).digest('hex').slice(0, 12) : '';
    stamps.set(name, stamp);
  }
  return stamp;
}

/** Measured against today's default: its name, deploying by today's bundled mix for its teams. */
const today = (g: { policy: string; deployment?: string; teamA: string; teamB: string }): boolean => g.policy === DEFAULT_POLICY && g.deployment === deploymentStamp(g.teamA, g.teamB);

/** The entries for these teams measured against today's default (side A first). */
function current(entries: MatchGapEntry[], teamA: string, teamB: string): MatchGapEntry[] {
  return entries.filter((g) => today(g) && g.teamA === teamA && g.teamB === teamB).sort((a, b) => a.side.localeCompare(b.side));
}

/** Are there entries for these teams measured against the default's name under another deployment file (not re-measured since it changed)? */
function staleFor(entries: readonly { policy: string; deployment?: string; teamA: string; teamB: string }[], teamA: string, teamB: string): boolean {
  return entries.some((g) => g.policy === DEFAULT_POLICY && !today(g) && g.teamA === teamA && g.teamB === teamB);
}

/** Whether the search's stored gap speaks for this run: built-in teams at the defaults (`reference`), every side the default or the search. */
const searchGapApplies = (policies: readonly string[], reference: boolean): boolean => reference && policies.every((p) => p === DEFAULT_POLICY || p === 'search');

/**
 * Would a current entry have been printed, and is there only an earlier deployment's: the search's
 * gap where every side plays the default or the search, the layouts' where both play the default
 * (for other bots the gap is not measured, stale entries or not).
 */
function staleHere(entries: readonly MatchGapEntry[], layouts: readonly LayoutGapEntry[], teamA: string, teamB: string, policies: readonly string[], reference: boolean): boolean {
  if (!searchGapApplies(policies, reference)) return false;
  return staleFor(entries, teamA, teamB) || (policies.every((p) => p === DEFAULT_POLICY) && staleFor(layouts, teamA, teamB));
}

/** The entries of these teams for the sides that played the default (a side playing the search has no gap of its own), side A first. */
function measuredFor(entries: MatchGapEntry[], teamA: string, teamB: string, policies: readonly string[]): MatchGapEntry[] {
  return current(entries, teamA, teamB).filter((e) => policies[e.side === 'A' ? 0 : 1] === DEFAULT_POLICY);
}

/** One layout entry of these teams per side, side A first, when both sides play today's default (a layout is measured against it): of the side's entries (one per order its units were deployed in), a significant gain first, then the largest; `orders`: every order the side was measured in. */
function layoutsFor(layouts: LayoutGapEntry[], teamA: string, teamB: string, policies: readonly string[]): (LayoutGapEntry & { orders: string[] })[] {
  if (!policies.every((p) => p === DEFAULT_POLICY)) return [];
  const mine = layouts.filter((g) => today(g) && g.teamA === teamA && g.teamB === teamB);
  const better = (g: LayoutGapEntry, x: LayoutGapEntry): boolean => (gapGained(g) !== gapGained(x) ? gapGained(g) : g.difference > x.difference);
  return (['A', 'B'] as const).flatMap((side) => {
    const all = mine.filter((g) => g.side === side);
    const best = all.reduce<LayoutGapEntry | null>((x, g) => (x === null || better(g, x) ? g : x), null);
    return best ? [{ ...best, orders: [...new Set(all.map((g) => ORDER_NAMES[g.order ?? 'team']))] }] : [];
  });
}

/** "; a fixed deployment beats the default's: side A placing … wins +9.3 pp [+7.4, +11.1] more …" for the line. */
function layoutParts(layouts: (LayoutGapEntry & { orders: string[] })[]): string {
  return layouts
    .map((e) =>
      gapGained(e)
        ? `; a fixed deployment beats ${e.policy}'s deployment as side ${e.side} on ${groupedInteger(e.games)} paired games (seed ${e.seed}): side ${e.side} deploying ${e.layout}${orderText(e)} wins ${(e.fixed * 100).toFixed(1)}% (with ${e.policy}'s own deployment ${(e.base * 100).toFixed(1)}%), ${pp(e.difference)} pp [${pp(e.lo)}, ${pp(e.hi)}] (\`${e.command}\`)`
        : `; none of the fixed deployments of side ${e.side}${e.orders.length > 1 || e.order ? ` (deployed in ${e.orders.join(', ')})` : ''} confirmed after a sweep beat ${e.policy}'s deployment significantly (the best, on ${groupedInteger(e.games)} fresh paired games, seed ${e.seed}: ${pp(e.difference)} pp [${pp(e.lo)}, ${pp(e.hi)}]; \`${e.command}\`)`,
    )
    .join('');
}

/** "; side B plays the search: its own gap is not measured" for each side playing the search. */
function searchSides(policies: readonly string[]): string {
  return policies.map((p, s) => (p === 'search' ? `; side ${s === 0 ? 'A' : 'B'} plays the search: its own gap is not measured` : '')).join('');
}

/**
 * The report line: the measured gap of each side that played the default, when every side plays
 * the default or the search with built-in teams at every other parameter's default (`reference`),
 * else the unmeasured note.
 */
export function matchGapLine(teamA: string, teamB: string, policies: readonly string[], reference: boolean, entries = matchGapEntries(), layouts = layoutGapEntries()): string {
  const measured = searchGapApplies(policies, reference) ? measuredFor(entries, teamA, teamB, policies) : [];
  const fixed = reference ? layoutsFor(layouts, teamA, teamB, policies) : [];
  const unmeasuredNote = unmeasuredGapNote('dualfates match', policies).replace('(it has no search policy yet)', '(measured only for built-in teams at the rulebook defaults, each side playing the default, scenarios/dualfates/policy-gap.yaml)');
  const stale = staleHere(entries, layouts, teamA, teamB, policies, reference);
  if (measured.length === 0 && fixed.length === 0 && stale) return `Policy gap: not re-measured since the default's deployment (scenarios/dualfates/deployment.yaml) changed: the entries for these teams in scenarios/dualfates/policy-gap.yaml were measured against an earlier one, so how far the bots that played (${policies.join(', ')}) are from good play is unknown here; every rate above is conditional on them. The entries' commands re-measure it.`;
  if (measured.length === 0 && fixed.length === 0) return unmeasuredNote;
  const notMeasured = staleHere(entries, [], teamA, teamB, policies, reference) ? "not re-measured since the default's deployment changed" : 'not measured for these teams';
  if (measured.length === 0) return `Policy gap: the search's gap is ${notMeasured} (every rate above is conditional on the bots that played)${layoutParts(fixed)} — ${gapClosing(fixed)} (scenarios/dualfates/policy-gap.yaml).`;
  const parts = measured.map(
    (e) =>
      `for side ${e.side} on ${groupedInteger(e.games)} paired games (seed ${e.seed}): ${e.policy} wins ${(e.base * 100).toFixed(1)}%, the search at ${e.budget} iterations ${(e.search * 100).toFixed(1)}%, search − ${e.policy} ${pp(e.difference)} pp [${pp(e.lo)}, ${pp(e.hi)}], p ${e.pValue < 0.001 ? e.pValue.toExponential(1) : e.pValue.toFixed(3)}${gapTag(e, 'default')} (\`${e.command}\`)`,
  );
  const unmeasured = (['A', 'B'] as const).filter((side, s) => policies[s] === DEFAULT_POLICY && !measured.some((e) => e.side === side));
  return `Policy gap: last measured ${parts.join('; ')}${unmeasured.map((side) => `; side ${side} not measured`).join('')}${layoutParts(fixed)}${searchSides(policies)} — ${gapClosing([...measured, ...fixed])} (scenarios/dualfates/policy-gap.yaml).`;
}

/** For the answer sentence: "the search at 256 iterations wins +8.4 pp [+5.3, +11.5] more as A; … as B: a floor on the distance to strong play", or not measured. */
export function matchGapShort(teamA: string, teamB: string, policies: readonly string[], reference: boolean, entries = matchGapEntries(), layouts = layoutGapEntries()): string {
  // The gap is the default's distance to the search: said only when both sides play the default.
  const measured = reference && policies.every((p) => p === DEFAULT_POLICY) ? current(entries, teamA, teamB) : [];
  const fixed = reference ? layoutsFor(layouts, teamA, teamB, policies) : [];
  const layoutText = fixed
    .filter(gapGained)
    .map((e, i) => `${i === 0 ? '; a fixed deployment wins ' : ', '}${pp(e.difference)} pp ${storedBounds(pp(e.lo), pp(e.hi))} ${i === 0 ? 'more ' : ''}as ${e.side}`)
    .join('');
  const stale = staleHere(entries, [], teamA, teamB, policies, reference);
  if (measured.length === 0 && layoutText !== '') return `gap to a search policy ${stale ? "not re-measured since the default's deployment changed" : 'not measured here'}${layoutText}: ${gapClosing(fixed)}`;
  if (measured.length === 0) return policies.some((p) => p === 'search') ? 'a side plays the search: its gap to stronger play is not measured' : stale ? 'gap to a search policy not re-measured since the default\'s deployment changed' : 'gap to a search policy not measured here';
  return `${measured.map((e) => `the search at ${e.budget} iterations wins ${pp(e.difference)} pp ${storedBounds(pp(e.lo), pp(e.hi))} more as ${e.side}${gapTag(e, 'default')}`).join('; ')}${layoutText}: ${gapClosing([...measured, ...fixed])}`;
}

/**
 * The file's entries as `sim gaps` lists them: the search's, an entry measured against another
 * default or under an earlier deployment than today's for its teams listed as not printed (the
 * match reports say the gap was not re-measured); then, per pairing and side, the fixed layout the
 * match reports print beside it (layoutsFor: of today's entries, a significant gain first, then
 * the largest), another floor on the distance to strong play.
 */
export function storedGaps(entries: MatchGapEntry[] = matchGapEntries(), layouts: LayoutGapEntry[] = layoutGapEntries()): StoredGap[] {
  const search = entries.map((e) => ({
    ...searchGap(e, 'searchIterations', { mode: 'match', configuration: `${e.teamA} vs ${e.teamB}`, side: e.side, policy: e.policy, base: e.base }),
    printed: today(e),
    ...(today(e) ? {} : { why: e.policy !== DEFAULT_POLICY ? `measured against ${e.policy}, not today's default (${DEFAULT_POLICY})` : "measured under an earlier deployment for these teams (scenarios/dualfates/deployment.yaml's mix, or the deployment plan's version): not re-measured since" }),
  }));
  const pairs = [...new Map(layouts.map((g) => [`${g.teamA} vs ${g.teamB}`, g] as const)).values()];
  const fixed = pairs.flatMap((g) =>
    layoutsFor(layouts, g.teamA, g.teamB, [DEFAULT_POLICY, DEFAULT_POLICY]).map((e) => ({
      mode: 'match',
      configuration: `${e.teamA} vs ${e.teamB}`,
      side: e.side,
      policy: e.policy,
      base: e.base,
      challenger: 'fixed deployment' as const,
      challengerRate: e.fixed,
      budget: null,
      budgetParam: null,
      layout: `${e.layout}${orderText(e)}`,
      ...measurementOf(e),
      printed: true,
    })),
  );
  return [...search, ...fixed];
}
