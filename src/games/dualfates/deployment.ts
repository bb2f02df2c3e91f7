// The built-in match policies' deployment mixes (scenarios/dualfates/deployment.yaml): per pairing of
// teams, a weighted list of whole-team layouts of each side: which units start (`start`, by name;
// the k-th of a name is the team's k-th unit of that name) and where (`at`, one of its side's
// deployment points each). A side draws one layout per game with those weights (matchPolicies.ts,
// DEPLOY and DEPLOY_AT). The bundled mixes are an equilibrium of the deployment game (which units
// start and where) with every other decision the default's (scripts/dualfatesDeployment.mjs), so a
// fixed layout cannot beat them by much; they are data, computed for the bundled unit sheets and
// board, and an owner can replace the file. A side with `starting` (the older form) names the
// team file's `deploy: true` units, which every layout without `start` places in file order.
// Rulebook: Starting The Game (deployment zones; players alternate placing units, "which units to
// deploy first, which units to keep in reserve").
import * as v from 'valibot';
import { issueText } from '../../core/issues.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import { UsageError } from '../../core/usageError.js';
import { unitKey } from './dualfatesParams.js';
import type { BoardData } from './board.js';
import type { MatchSide } from './matchData.js';

/** The `deployment` parameter's names: the bundled mixes, or the rule without them. */
export const DEPLOYMENT_EQUILIBRIUM = 'equilibrium';
export const DEPLOYMENT_SPREAD = 'spread';
export const DEFAULT_DEPLOYMENT_FILE = 'scenarios/dualfates/deployment.yaml';

const Name = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const Layout = v.strictObject({
  /** Its share of the mix (0: a layout only the plan plays, see payoffs). */
  weight: v.pipe(v.number('expected a whole number'), v.integer('expected a whole number'), v.minValue(0), v.maxValue(1_000_000)),
  /** The units this layout starts, by name (absent: the side's `starting`). */
  start: v.optional(v.pipe(v.array(Name, 'expected a list of unit names'), v.minLength(1), v.maxLength(64))),
  /** Each starting unit's deployment point, in the order of `start`. */
  at: v.pipe(v.array(Name, 'expected a list of deployment point ids'), v.minLength(1), v.maxLength(64)),
});
const Side = v.strictObject({
  team: v.pipe(v.array(Name, 'expected the list of the team\'s unit names'), v.minLength(1), v.maxLength(64)),
  /** The older form: the units that start (team file `deploy: true`), in file order; a team starting others is another team here. */
  starting: v.optional(v.pipe(v.array(Name, 'expected the list of the starting units\' names'), v.minLength(1), v.maxLength(16))),
  layouts: v.pipe(v.array(Layout), v.minLength(1), v.maxLength(4096)),
});
const Mix = v.strictObject({
  name: Name,
  A: Side,
  B: Side,
  /** For readers: the game's value at the mixes (A's win rate − B's), and how it was measured. */
  value: v.optional(v.number()),
  computed: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  /** A's win rate − B's for each of A's layouts (rows, in file order) against each of B's (columns): the alternating deployment's plan is computed from it. */
  payoffs: v.optional(v.pipe(v.array(v.pipe(v.array(v.pipe(v.number(), v.minValue(-1), v.maxValue(1))), v.maxLength(4096))), v.maxLength(4096))),
  /** The parameters (--set key=value) it was computed under that are not at their defaults: a run under others is told the mix is no equilibrium there. */
  params: v.optional(v.record(Name, v.union([v.string(), v.number(), v.boolean()]))),
});
const FileSchema = v.strictObject({ mixes: v.pipe(v.array(Mix), v.maxLength(256)) });
export type DeploymentFile = v.InferOutput<typeof FileSchema>;

/** One side's mix, compiled: at[l][j] is the board point the side's j-th unit (team order) starts at in layout l, or -1 (it stays in reserve). */
export interface DeployMix {
  weights: number[];
  at: number[][];
}

/** Parses a deployment file. Throws UsageError naming the file and field. */
export function parseDeployment(text: string, file: string): DeploymentFile {
  const r = v.safeParse(FileSchema, parseYamlSafely(text, file));
  if (!r.success) {
    const issue = r.issues[0];
    throw new UsageError(`${file}: ${v.getDotPath(issue) ?? '(document)'}: ${issueText(issue)}`);
  }
  return r.output;
}

const parsedFiles = new Map<string, { text: string; parsed: DeploymentFile }>();
/** parseDeployment, remembered per file for the same text (the report's gap stamp reads the bundled file the run loaded). */
export function parseDeploymentOnce(text: string, file: string): DeploymentFile {
  const seen = parsedFiles.get(file);
  if (seen?.text === text) return seen.parsed;
  const parsed = parseDeployment(text, file);
  parsedFiles.set(file, { text, parsed });
  return parsed;
}

const sameNames = (names: readonly string[], units: readonly { name: string }[]): boolean => names.length === units.length && names.every((n, i) => unitKey(n) === unitKey(units[i].name));
/** The same units in the same order (and, for a side in the older form, the same of them starting). */
const sameTeam = (s: { team: readonly string[]; starting?: readonly string[] }, side: MatchSide): boolean => sameNames(s.team, side.units) && (s.starting === undefined || sameNames(s.starting, side.units.filter((u) => u.deployFirst)));
const startingText = (side: MatchSide): string => side.units.filter((u) => u.deployFirst).map((u) => u.name).join(', ') || 'none';

/**
 * The mixes of the entry whose teams are these sides' (every unit name, in order; for a side in the
 * older form, the same starting units), compiled to board points; or null with why none applies (no
 * entry for these teams; an entry whose points are not this board's). An entry that names these
 * teams but starts a unit the team lacks, or more points than the Vortex cap, or has as many points
 * as units in no layout, or a second entry for them, is an error in the file (UsageError).
 */
export function compileDeployment(file: DeploymentFile, where: string, sides: readonly [MatchSide, MatchSide], board: BoardData, vortexCap: number): { mixes: [DeployMix, DeployMix]; payoffs: number[][] | null; name: string; params: Readonly<Record<string, string | number | boolean>> } | { mixes: null; why: string } {
  const matching = file.mixes.flatMap((m, k) => (sameTeam(m.A, sides[0]) && sameTeam(m.B, sides[1]) ? [k] : []));
  if (matching.length === 0) return { mixes: null, why: `${where} has no mix for these two teams (A: ${sides[0].units.map((u) => u.name).join(', ')}, starting ${startingText(sides[0])}; B: ${sides[1].units.map((u) => u.name).join(', ')}, starting ${startingText(sides[1])})` };
  if (matching.length > 1) throw new UsageError(`${where}: mixes.${matching[1]}: a second mix for the teams of mixes.${matching[0]} ("${file.mixes[matching[0]].name}")`);
  const i = matching[0];
  const m = file.mixes[i];
  const mixes: DeployMix[] = [];
  for (const [s, key] of [[0, 'A'], [1, 'B']] as const) {
    const units = sides[s].units;
    const points = board.deployPoints[s];
    const at: number[][] = [];
    for (const [l, layout] of m[key].layouts.entries()) {
      const path = `${where}: mixes.${i}.${key}.layouts.${l}`;
      if (layout.start === undefined && m[key].starting === undefined) throw new UsageError(`${path}: no \`start\` (the units it starts), and side ${key} has no \`starting\``);
      // The older form starts the team file's deploy: true units (which sameTeam matched) in file order.
      const start = layout.start ?? units.flatMap((u) => (u.deployFirst ? [u.name] : []));
      if (layout.at.length !== start.length) throw new UsageError(`${path}.at: ${layout.at.length} point${layout.at.length === 1 ? '' : 's'} for ${start.length} starting unit${start.length === 1 ? '' : 's'}`);
      const row: number[] = units.map(() => -1);
      let cost = 0;
      for (const [k, name] of start.entries()) {
        // The k-th of a name is the team's k-th unit of that name (team order); in the older form, its k-th deploy: true unit.
        const j = units.findIndex((u, x) => unitKey(u.name) === unitKey(name) && row[x] < 0 && (layout.start !== undefined || u.deployFirst));
        if (j < 0) throw new UsageError(`${path}.start.${k}: "${name}" is not a unit of side ${key}'s team still in reserve (${units.map((u) => u.name).join(', ')})`);
        const id = layout.at[k];
        const p = points.find((q) => board.nodeIds[q] === id);
        if (p === undefined) return { mixes: null, why: `${where}'s mix "${m.name}" deploys side ${key} at "${id}", not one of this board's side-${key} deployment points (${points.map((q) => board.nodeIds[q]).join(', ')})` };
        row[j] = p;
        cost += units[j].cost;
      }
      // rulebook: Understanding the role of The Vortex — at most 5 points in the Vortex at one time.
      if (cost > vortexCap) throw new UsageError(`${path}.start: ${cost} Summoning Points, over the Vortex cap of ${vortexCap}`);
      at.push(row);
    }
    const weights = m[key].layouts.map((x) => x.weight);
    if (weights.every((w) => w === 0)) throw new UsageError(`${where}: mixes.${i}.${key}.layouts: every weight is 0 (the mix needs one layout of positive weight)`);
    mixes.push({ weights, at });
  }
  const P = m.payoffs;
  if (P !== undefined) {
    if (P.length !== mixes[0].at.length) throw new UsageError(`${where}: mixes.${i}.payoffs: ${P.length} rows for side A's ${mixes[0].at.length} layouts`);
    const bad = P.findIndex((row) => row.length !== mixes[1].at.length);
    if (bad >= 0) throw new UsageError(`${where}: mixes.${i}.payoffs.${bad}: ${P[bad].length} columns for side B's ${mixes[1].at.length} layouts`);
  }
  return { mixes: mixes as [DeployMix, DeployMix], payoffs: P ?? null, name: m.name, params: m.params ?? {} };
}
