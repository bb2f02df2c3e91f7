// The built-in match policies' deployment mixes (scenarios/dualfates/deployment.yaml): per pairing of
// teams, a weighted list of whole-team layouts of each side's starting units (team file
// `deploy: true`, in file order), each unit at one of its side's deployment points. A side draws
// one layout per game with those weights (matchPolicies.ts, DEPLOY_AT). The bundled mixes are an
// equilibrium of the deployment game with every other decision the default's
// (scripts/dualfatesDeployment.mjs), so a fixed layout cannot beat them by much; they are data,
// computed for the bundled unit sheets and board, and an owner can replace the file.
// Rulebook: Starting The Game (deployment zones; players alternate placing units).
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
  weight: v.pipe(v.number('expected a whole number'), v.integer('expected a whole number'), v.minValue(1), v.maxValue(1_000_000)),
  at: v.pipe(v.array(Name, 'expected a list of deployment point ids'), v.minLength(1), v.maxLength(16)),
});
const Side = v.strictObject({
  team: v.pipe(v.array(Name, 'expected the list of the team\'s unit names'), v.minLength(1), v.maxLength(64)),
  /** The units that start (team file `deploy: true`), in file order: a team starting others is another team here. */
  starting: v.pipe(v.array(Name, 'expected the list of the starting units\' names'), v.minLength(1), v.maxLength(16)),
  layouts: v.pipe(v.array(Layout), v.minLength(1), v.maxLength(4096)),
});
const Mix = v.strictObject({
  name: Name,
  A: Side,
  B: Side,
  /** For readers: the game's value at the mixes (A's win rate − B's), and how it was measured. */
  value: v.optional(v.number()),
  computed: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  /** The parameters (--set key=value) it was computed under that are not at their defaults: a run under others is told the mix is no equilibrium there. */
  params: v.optional(v.record(Name, v.union([v.string(), v.number(), v.boolean()]))),
});
const FileSchema = v.strictObject({ mixes: v.pipe(v.array(Mix), v.maxLength(256)) });
export type DeploymentFile = v.InferOutput<typeof FileSchema>;

/** One side's mix, compiled: at[l][k] is the board point of the side's k-th starting unit in layout l. */
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

const sameNames = (names: readonly string[], units: readonly { name: string }[]): boolean => names.length === units.length && names.every((n, i) => unitKey(n) === unitKey(units[i].name));
/** The same units in the same order, and the same of them starting. */
const sameTeam = (s: { team: readonly string[]; starting: readonly string[] }, side: MatchSide): boolean => sameNames(s.team, side.units) && sameNames(s.starting, side.units.filter((u) => u.deployFirst));

/**
 * The mixes of the entry whose teams are these sides' (every unit name, in order, and the same
 * starting units), compiled to board points; or null with why none applies (no entry for these
 * teams; an entry whose points are not this board's). An entry that names these teams but has the
 * wrong number of points per layout, or a second entry for them, is an error in the file (UsageError).
 */
export function compileDeployment(file: DeploymentFile, where: string, sides: readonly [MatchSide, MatchSide], board: BoardData): { mixes: [DeployMix, DeployMix]; name: string; params: Readonly<Record<string, string | number | boolean>> } | { mixes: null; why: string } {
  const matching = file.mixes.flatMap((m, k) => (sameTeam(m.A, sides[0]) && sameTeam(m.B, sides[1]) ? [k] : []));
  if (matching.length === 0) return { mixes: null, why: `${where} has no mix for these two teams (A: ${sides[0].units.map((u) => u.name).join(', ')}, starting ${sides[0].units.filter((u) => u.deployFirst).map((u) => u.name).join(', ')}; B: ${sides[1].units.map((u) => u.name).join(', ')}, starting ${sides[1].units.filter((u) => u.deployFirst).map((u) => u.name).join(', ')})` };
  if (matching.length > 1) throw new UsageError(`${where}: mixes.${matching[1]}: a second mix for the teams of mixes.${matching[0]} ("${file.mixes[matching[0]].name}")`);
  const i = matching[0];
  const m = file.mixes[i];
  const mixes: DeployMix[] = [];
  for (const [s, key] of [[0, 'A'], [1, 'B']] as const) {
    const starters = sides[s].units.filter((u) => u.deployFirst).length;
    const points = board.deployPoints[s];
    const at: number[][] = [];
    for (const [l, layout] of m[key].layouts.entries()) {
      if (layout.at.length !== starters) throw new UsageError(`${where}: mixes.${i}.${key}.layouts.${l}.at: ${layout.at.length} points, but side ${key}'s team starts ${starters} unit${starters === 1 ? '' : 's'} (deploy: true)`);
      const row: number[] = [];
      for (const id of layout.at) {
        const p = points.find((q) => board.nodeIds[q] === id);
        if (p === undefined) return { mixes: null, why: `${where}'s mix "${m.name}" deploys side ${key} at "${id}", not one of this board's side-${key} deployment points (${points.map((q) => board.nodeIds[q]).join(', ')})` };
        row.push(p);
      }
      at.push(row);
    }
    mixes.push({ weights: m[key].layouts.map((x) => x.weight), at });
  }
  return { mixes: mixes as [DeployMix, DeployMix], name: m.name, params: m.params ?? {} };
}
