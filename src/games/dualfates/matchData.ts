// What a match is played with, compiled once on the main thread into plain JSON (sent to worker
// threads): each side's team — a team file (the `sim dualfates team` format, validated by the
// team-building rules) whose units are looked up by name in the unit sheets — and the board.
// Rulebook: CORE RULES and Full Faction Teams & Mixed Teams (team building, Fate Tokens),
// Understanding Unit Sheet (stats, abilities), Understanding The Statistics.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../../core/packageInfo.js';
import { readInputFile } from '../../core/inputFile.js';
import { UsageError } from '../../core/usageError.js';
import type { ParamValue } from '../../core/params.js';
import { parseBoardWith, type BoardData } from './board.js';
import { unitKey, type DamageDice, type TeamRules } from './dualfatesParams.js';
import { parseTeam, unitScoringValue, validateTeam, formatTeamError, type Team } from './team.js';
import type { UnitSheet } from './units.js';
import { compileDeployment, DEFAULT_DEPLOYMENT_FILE, DEPLOYMENT_EQUILIBRIUM, DEPLOYMENT_SPREAD, parseDeploymentOnce, type DeployMix } from './deployment.js';

/** Built-in teams: `--team-a knights` reads scenarios/dualfates/teams/match-knights.yaml. */
export const BUILTIN_TEAMS = ['knights', 'horde'] as const;
export const builtinTeamFile = (name: string): string => `scenarios/dualfates/teams/match-${name}.yaml`;
export const DEFAULT_BOARD_FILE = 'scenarios/dualfates/board.yaml';

/** Statistic codes an attack targets. */
export const STAT_DEF = 0;
export const STAT_DOD = 1;
export const STAT_WILL = 2;
const STAT_CODE = { def: STAT_DEF, dod: STAT_DOD, will: STAT_WILL } as const;

/** Most attack abilities a match unit may carry (sizes the option buffers). */
export const MAX_ATTACKS = 3;
/** Most units a team may field (8 points at 1 point each; more with a raised summoningPointCap). */
export const MAX_TEAM_UNITS = 16;

export interface MatchAttack {
  name: string;
  ranged: boolean;
  stat: number;
  dice: DamageDice;
  /** Inches (melee: 0, the same point; rulebook: Melee Combat & Engagement, within 1/2 inch). */
  range: number;
  /** Fate Tokens it costs (0 for a free ability). */
  fate: number;
}

export interface MatchUnit {
  name: string;
  type: 'character' | 'companion' | 'monster';
  cost: number;
  /** Scoring value near a Pillar (cost, or 1, or the team file's own value). */
  scoring: number;
  health: number;
  armor: number;
  speed: number;
  def: number;
  dod: number;
  will: number;
  /** The "Shield" special: deflects an attack as a Free Action (rulebook: Example Activation). */
  shield: boolean;
  /** Marked `deploy: true` in the team file: the built-in policies deploy these first. */
  deployFirst: boolean;
  attacks: MatchAttack[];
  buff: { name: string; fate: number; stat: number; amount: number; radius: number } | null;
  charge: { name: string; fate: number; fateOnSuccess: number } | null;
}

export interface MatchSide {
  /** The team's name (or file) as reports show it. */
  team: string;
  kind: 'full' | 'mixed';
  /** Starting Fate Tokens (rulebook: Full Faction Teams & Mixed Teams). */
  fateTokens: number;
  units: MatchUnit[];
}

export interface MatchData {
  sides: [MatchSide, MatchSide];
  board: BoardData;
  /** Per side, the layouts the built-in policies draw their starting units' places from (deployment.ts); absent or null: the spread rule. */
  deploy?: [DeployMix | null, DeployMix | null];
  /** A's win rate − B's between the mixes' layouts (rows A's, columns B's): the alternating deployment's plan (deployPlan.ts); absent: the mixes alone. */
  deployPayoffs?: number[][];
}

/** Reads a file of the package (a default's name) or a path the shell resolved. Throws UsageError naming `param`. */
function readInput(path: string, isDefault: boolean, param: string): string {
  const file = isDefault ? join(packageInfo().root, path) : path;
  // A regular file of bounded size, checked before it is opened (a FIFO or /dev/zero is refused).
  return readInputFile(file, `parameter ${param}: ${path}`, 4 * 1024 * 1024);
}

/** `values`: data values (data.board.…), set before the board is validated (board.ts parseBoardWith). */
export function loadBoard(path: string, values: Readonly<Record<string, ParamValue>> = {}): BoardData {
  return parseBoardWith(readBoardText(path), path, values);
}

export function readBoardText(path: string): string {
  return readInput(path, path === DEFAULT_BOARD_FILE, 'board');
}

/** A team parameter: a built-in name or a team file. Returns the parsed team and how to name it. */
export function loadTeam(value: string, param: string): { team: Team; label: string; file: string } {
  const builtin = (BUILTIN_TEAMS as readonly string[]).includes(value);
  const file = builtin ? builtinTeamFile(value) : value;
  const team = parseTeam(readInput(file, builtin, param), file);
  return { team, label: builtin ? value : (team.name ?? file), file };
}

/**
 * The `deployment` parameter: the mixes for these two teams (spread: none), and one sentence for the
 * report saying which deployment each side plays and why. Throws UsageError for a bad file.
 */
export function loadDeployment(value: string, sides: readonly [MatchSide, MatchSide], board: BoardData, vortexCap: number, teams: readonly [string, string], differing: readonly string[], deciders: readonly ['rule' | 'random' | 'search' | 'module', 'rule' | 'random' | 'search' | 'module']): { mixes: [DeployMix, DeployMix] | null; payoffs: number[][] | null; note: string } {
  const spread = 'Characters and Monsters and the dearest starting unit at the totem point, each other starting Companion at a deployment point drawn at random';
  // Only the built-ins but random deploy by the rule (deciders[s] 'rule'); say what the other sides do instead.
  const own = (['A', 'B'] as const).flatMap((k, s) => {
    const d = deciders[s];
    if (d === 'random') return [`side ${k} plays random, which deploys at random`];
    if (d === 'search') return [`side ${k}'s search chooses its own placements (its playouts deploy by the rule)`];
    if (d === 'module') return [`side ${k}'s module places its own units (its base, the default, deploys by the rule)`];
    return [];
  });
  const others = own.length > 0 ? ` Not every side uses it: ${own.join('; ')}.` : '';
  if (value === DEPLOYMENT_SPREAD) return { mixes: null, payoffs: null, note: `Deployment (--deployment spread): ${spread}.${others}` };
  const builtin = value === DEPLOYMENT_EQUILIBRIUM;
  const file = builtin ? DEFAULT_DEPLOYMENT_FILE : value;
  if (!builtin && !existsSync(file)) throw new UsageError(`parameter deployment: "${value}" is not ${DEPLOYMENT_EQUILIBRIUM}, ${DEPLOYMENT_SPREAD} or an existing deployment file`);
  const parsed = parseDeploymentOnce(readInput(file, builtin, 'deployment'), file);
  const r = compileDeployment(parsed, file, sides, board, vortexCap);
  // A file the user named that cannot be played here is an error (it would answer another question); the bundled one falls back.
  if (r.mixes === null && !builtin) throw new UsageError(`parameter deployment: ${r.why}`);
  if (r.mixes === null) return { mixes: null, payoffs: null, note: `Deployment: ${r.why}, so ${spread} (the spread rule).${others}` };
  const counts = r.mixes.map((m) => m.weights.length);
  const sizes = `A ${counts[0]} layout${counts[0] === 1 ? '' : 's'}, B ${counts[1]}`;
  const from = builtin ? `the bundled mix "${r.name}" (${file}: ${sizes}; an equilibrium of fixed layouts computed for the bundled teams, unit sheets and board)` : `${file}'s mix "${r.name}" (${sizes})`;
  // A mix is an equilibrium under the values it was computed with (the entry's `params`; none: every default): elsewhere a fixed layout may beat it.
  const computed = Object.entries(r.params).map(([k, x]) => `${k}=${String(x)}`).sort();
  const here = [...differing].sort();
  const same = computed.length === here.length && computed.every((kv, i) => kv === here[i]);
  const under = computed.length === 0 ? 'every parameter at its default' : computed.join(', ');
  const elsewhere = same ? '' : ` It is an equilibrium with ${under}; here ${here.length === 0 ? 'every parameter is at its default' : here.join(', ')}, and a fixed layout may beat it; \`node scripts/dualfatesDeployment.mjs --pairs ${shellWord(`${teams[0]}:${teams[1]}`)}${differing.map((kv) => ` --set ${shellWord(kv)}`).join('')} --games 1000 --out FILE\` (from a clone of the repository; minutes a pairing) computes the mix for these values, and --deployment FILE plays it.`;
  const how = r.payoffs
    ? `each side follows the plan of the alternating deployment over the layouts of ${from}: with their measured payoffs, each placement (the next unit, in team order, of one of its layouts, and where) is the one best for its side given the other's so far (backward induction), and an opponent who places the units of its layouts in another order is answered by the same induction (its placements so far in any order, assumed to go on in team order); against placements no stored layout holds, a side completes its layout best against the opponent's whole mix`
    : `each side draws its layout (which units start, and where) once a game from ${from}`;
  return { mixes: r.mixes, payoffs: r.payoffs, note: `Deployment: ${how}.${others}${elsewhere}` };
}

/** A word as a POSIX shell reads it back: as it is when plain, else in single quotes. */
const shellWord = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

const isShield = (s: string) => ['shield', 'sheild'].includes(unitKey(s));

/**
 * One side of the match: the team must be legal (validateTeam, the team-building rules), and each
 * of its units must have a sheet with every stat the match uses and at least one attack. Throws
 * UsageError naming the parameter, the file and the field.
 */
export function compileSide(
  value: string,
  param: string,
  sheets: readonly UnitSheet[],
  unitsFile: string,
  rules: TeamRules,
  dice: Record<'light' | 'medium' | 'heavy', DamageDice> = { light: 'lower2d6', medium: 'd6', heavy: 'higher2d6' },
): MatchSide {
  const { team, label, file } = loadTeam(value, param);
  const summary = validateTeam(team, rules);
  // rulebook: CORE RULES — a team that breaks a team-building rule does not start a game.
  if (!summary.valid) throw new UsageError(`parameter ${param}: ${formatTeamError(file, summary.errors[0])}${summary.errors.length > 1 ? ` (and ${summary.errors.length - 1} more)` : ''}`);
  if (team.units.length > MAX_TEAM_UNITS) throw new UsageError(`parameter ${param}: ${file}: units: ${team.units.length} units, the match plays at most ${MAX_TEAM_UNITS}`);
  const units = team.units.map((tu, i): MatchUnit => {
    const where = `${file}: units[${i}]`;
    const sheet = sheets.find((s) => unitKey(s.name) === unitKey(tu.name));
    if (!sheet) throw new UsageError(`parameter ${param}: ${where}.name: no unit sheet "${tu.name}" in ${unitsFile}; known: ${sheets.map((s) => s.name).join(', ')}`);
    if (sheet.type !== tu.type) throw new UsageError(`parameter ${param}: ${where}.type: "${tu.name}" is a ${sheet.type} on its sheet (${unitsFile}), not a ${tu.type}`);
    if (sheet.cost !== null && sheet.cost !== tu.cost) throw new UsageError(`parameter ${param}: ${where}.cost: "${tu.name}" costs ${sheet.cost} on its sheet (${unitsFile}), not ${tu.cost}`);
    const stat = (k: 'health' | 'armor' | 'speed' | 'def' | 'dod' | 'will'): number => {
      const x = sheet[k];
      if (x === null) throw new UsageError(`parameter ${param}: ${where}: "${sheet.name}" has no ${k} on its sheet (${unitsFile}: null; not in the rulebook), so it cannot play a match`);
      return x;
    };
    const attacks: MatchAttack[] = [];
    let buff: MatchUnit['buff'] = null;
    let charge: MatchUnit['charge'] = null;
    for (const a of sheet.abilities ?? []) {
      const fate = a.cost === 'free' ? 0 : a.cost;
      if ((a.kind === 'melee' || a.kind === 'ranged') && a.target !== undefined) {
        if (!a.damage) throw new UsageError(`parameter ${param}: ${unitsFile}: ${sheet.name}'s ${a.name} has no damage type`);
        if (a.kind === 'ranged' && a.range === undefined) throw new UsageError(`parameter ${param}: ${unitsFile}: ${sheet.name}'s ranged ${a.name} has no range (inches), which the match needs`);
        // rulebook: Damage Types — light, medium, heavy (the dice a house rule may change: damageDice.*).
        attacks.push({ name: a.name, ranged: a.kind === 'ranged', stat: STAT_CODE[a.target], dice: dice[a.damage], range: a.kind === 'ranged' ? a.range! : 0, fate });
      } else if (a.effect?.kind === 'buff' && !buff) buff = { name: a.name, fate, stat: STAT_CODE[a.effect.stat], amount: a.effect.amount, radius: a.effect.radius };
      else if (a.effect?.kind === 'charge' && !charge) charge = { name: a.name, fate, fateOnSuccess: a.effect.fateOnSuccess };
    }
    if (attacks.length === 0) throw new UsageError(`parameter ${param}: ${where}: "${sheet.name}" has no melee or ranged attack on its sheet (${unitsFile}), so it cannot play a match`);
    if (attacks.length > MAX_ATTACKS) throw new UsageError(`parameter ${param}: ${unitsFile}: ${sheet.name} has ${attacks.length} attacks; the match plays at most ${MAX_ATTACKS}`);
    return {
      name: sheet.name,
      type: sheet.type,
      cost: tu.cost,
      scoring: unitScoringValue(tu, rules),
      health: stat('health'),
      armor: stat('armor'),
      speed: stat('speed'),
      def: stat('def'),
      dod: stat('dod'),
      will: stat('will'),
      shield: (sheet.special ?? []).some(isShield),
      deployFirst: tu.deploy === true,
      attacks,
      buff,
      charge,
    };
  });
  for (const u of units) if (u.health < 1) throw new UsageError(`parameter ${param}: ${file}: "${u.name}" has health ${u.health}; a unit needs at least 1`);
  return { team: label, kind: summary.kind!, fateTokens: summary.startingFateTokens!, units };
}
