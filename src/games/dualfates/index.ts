// Dual Fates (rules: ../shared/rules/dual-fates-core-rules.txt). Exact odds of the Fate roll —
// attacks, damage and attacks to incapacitate, the Pillars of Fate and Initiative rolls, running,
// the VP of holding K pillars — with Monte Carlo cross-checks, team validation, and whole matches
// between two policies on a zone model of the Vortex (Monte Carlo; unit data mostly invented).
//
// Parameters: attack (units, attacker, ability, target, vs, value, attack, cover, running,
// poisoned, fear, mod, damage, shields, armor, health, deflect, method, and the rule constants
// successRule, coverBonus.*, runningBonus.*, poisonedMod.*, fearMod.*, damageDice.*, deflectRule,
// armorRule); pillars (rounds, method); control (hold, rounds, method); match (teamA, teamB,
// policyA, policyB, units, board, rounds, controlRange, pillarNumbers, cover, trace, the team rules
// and the attack's rule constants); team rules (summoningPointCap, waywardCoinCap, fateTokens.*,
// vortexCap, scoringValue, monsterLimit).
import type { GameModule, GameView } from '../../core/gameModule.js';
import type { ParamSpec, ParamValue } from '../../core/params.js';
import { readInputFile } from '../../core/inputFile.js';
import { UsageError } from '../../core/usageError.js';
import { attackEntry } from './attackEntry.js';
import { controlEntry, CONTROL_PARAMS } from './controlEntry.js';
import { ATTACK_PARAMS, DEFAULT_UNIT, DEFAULT_UNITS_FILE, defaultAttackParams, FROM_UNIT, TEAM_PARAMS, teamRulesFrom, unitKey, type ArmorRule } from './dualfatesParams.js';
import { findUnit, loadUnitSheets, unitSheetValueSpecs, unitSpeed, unusedUnitSheets } from './unitPicks.js';
import { boardValueSpecs } from './board.js';
import { readBoardText } from './matchData.js';
import { MATCH_PARAMS, runMatch, unusedMatchData } from './matchEntry.js';
import { MATCH_POLICIES } from './matchPolicies.js';
import { DECISION_NAMES, SEARCH_ROOTS } from './matchEngine.js';
import { searchableNames } from '../../core/searchDecisions.js';
import { checkMatch, matchSim, type MatchSimParams } from './matchSim.js';
import { oddsTableReport, runReport, teamReport } from './dualfatesReports.js';
import { dualfatesSim } from './dualfatesSim.js';
import { PILLARS_PARAMS, pillarsEntry } from './pillarsEntry.js';
import { formatTeamError, parseTeam, validateTeam } from './team.js';

const UNITS_PARAM: ParamSpec = { key: 'units', type: 'path', default: DEFAULT_UNITS_FILE, doc: 'unit sheets file the unit is picked from', source: 'rulebook unit sheets, transcribed in units.yaml', cli: { value: '<file>', help: `unit sheets file (default ${DEFAULT_UNITS_FILE})` } };

const TABLE_PARAMS: readonly ParamSpec[] = [
  UNITS_PARAM,
  { key: 'target', type: 'string', default: DEFAULT_UNIT, doc: 'target unit whose DEF the incapacitation table uses (none: give --value)', source: 'rulebook: Understanding Unit Sheet (Training Knight DEF 7)', cli: { value: '<unit>', help: `target unit whose DEF the incapacitation table uses (default ${DEFAULT_UNIT}; none: give --value)`, parse: unitKey } },
  { key: 'value', type: 'int', default: FROM_UNIT, min: FROM_UNIT, max: 20, doc: "target DEF of the incapacitation table (-1: the target unit's)", source: 'rulebook: Understanding Unit Sheet (Training Knight DEF 7)', cli: { value: '<N>', help: "target DEF of the incapacitation table (0..20; default -1: the --target's)" } },
  { key: 'maxHealth', type: 'int', default: 6, min: 1, max: 50, doc: 'health rows 1..N', source: 'output option', cli: { value: '<N>', help: 'health rows 1..N (1..50)' } },
  { key: 'maxArmor', type: 'int', default: 2, min: 0, max: 20, doc: 'armor rows 0..N', source: 'output option', cli: { value: '<N>', help: 'armor rows 0..N (0..20)' } },
  { key: 'maxK', type: 'int', default: 5, min: 1, max: 30, doc: 'columns k = 1..N attacks', source: 'output option', cli: { value: '<N>', help: 'columns k = 1..N attacks (1..30)' } },
  ATTACK_PARAMS.find((q) => q.key === 'armorRule')!,
];

/** The table's DEF: --value, else the target unit's. Throws UsageError naming the parameter. */
function tableTarget(p: Record<string, unknown>): { value: number; target: string | null } {
  const file = String(p.units);
  if (p.value !== FROM_UNIT) {
    const t = findUnit(loadUnitSheets(file), String(p.target), 'target', file);
    return { value: p.value as number, target: t && t.def === p.value ? t.name : null };
  }
  const t = findUnit(loadUnitSheets(file), String(p.target), 'target', file);
  if (!t) throw new UsageError('parameter value: no target unit (target none); give --value');
  if (t.def === null) throw new UsageError(`parameter value: ${t.name}'s DEF is not in the rulebook (${file}: null); give --value`);
  return { value: t.def, target: t.name };
}

/** The match's data values: the unit sheets' and the board's. */
function matchValueSpecs(fixed: Readonly<Record<string, ParamValue>>): ParamSpec[] {
  const board = String(fixed.board);
  return [...unitSheetValueSpecs(String(fixed.units)), ...boardValueSpecs(readBoardText(board), board)];
}

const views: GameView[] = [
  {
    name: 'table',
    summary: 'P(success) for stat values 2..13 under each modifier set; P(incapacitated within k attacks) by damage × health × armor',
    params: TABLE_PARAMS,
    run(p, { confidence, given }) {
      const { value, target } = tableTarget(p);
      // A target given beside a --value that is not its DEF is not what the table uses: refused, never listed as if it played
      // (a hostile probe found it silent); one whose DEF it is names the table's target.
      if (given.has('target') && given.has('value') && target === null && String(p.target) !== 'none') throw new UsageError(`option --target: --value ${String(p.value)} is the DEF the table uses, and it is not ${findUnit(loadUnitSheets(String(p.units)), String(p.target), 'target', String(p.units))?.name ?? String(p.target)}'s DEF, so the target is not read; give one of --target and --value`);
      const base = defaultAttackParams({ armorRule: p.armorRule as ArmorRule });
      const file = String(p.units);
      return { report: oddsTableReport(value, p.maxHealth as number, p.maxArmor as number, p.maxK as number, confidence, base, target, { file, sheets: loadUnitSheets(file) }) };
    },
  },
  {
    name: 'run',
    summary: 'distance of a running unit: Speed + the higher die of 2d6',
    params: [
      { key: 'speed', type: 'int', default: FROM_UNIT, min: FROM_UNIT, max: 50, doc: "the unit's Speed (-1: the --unit's)", source: 'rulebook: Running', cli: { value: '<N>', help: "the unit's Speed, 0..50 (default -1: the --unit's); or --unit" } },
      // A unit given beside --speed is not read: refused, never listed as if it ran.
      { key: 'unit', inert: (p) => (p.speed !== FROM_UNIT && p.unit !== '' ? `--speed ${String(p.speed)} is the Speed that runs, so the unit's is not read; give one of --speed and --unit` : null), type: 'string', default: '', doc: 'a unit from the unit sheets whose Speed runs (when --speed is not given)', source: 'rulebook: Understanding Unit Sheet (Training Knight Speed 5)', cli: { value: '<unit>', help: 'a unit from --units whose Speed runs (unless --speed is given)', parse: unitKey } },
      UNITS_PARAM,
    ],
    run(p, { confidence }) {
      if (p.speed !== FROM_UNIT) return { report: runReport(p.speed as number, confidence) };
      if (p.unit === '') throw new UsageError('parameter speed: give --speed N, or --unit NAME to take its Speed');
      const file = String(p.units);
      const sheets = loadUnitSheets(file);
      const u = unitSpeed(sheets, String(p.unit), file);
      return { report: runReport(u.speed, confidence, u.unit, { file, sheets }) };
    },
  },
  {
    name: 'team',
    summary: 'validate a team file (YAML): points, factions, Wayward Coin, totem, uniqueness, Vortex; exit 1 when a rule is broken',
    argument: { key: 'file', name: 'file', doc: 'team YAML file (see scenarios/dualfates/teams/)' },
    params: TEAM_PARAMS,
    sets: true,
    run(p, { confidence, given }) {
      const file = p.file as string;
      const rules = teamRulesFrom(p);
      const team = parseTeam(readInputFile(file, file, 1024 * 1024), file);
      const validated = validateTeam(team, rules);
      // A rule set for the other type of team than this one changes nothing here: said, never listed as if it applied.
      const other = validated.kind === 'full' ? ['fateTokens.mixed', 'waywardCoinCap'] : validated.kind === 'mixed' ? ['fateTokens.full'] : [];
      const idle = other.filter((k) => given.has(k)).map((k) => `--set ${k}=${String(p[k])} has no effect on this team: it is a rule of ${k === 'fateTokens.full' ? 'full faction' : 'mixed'} teams, and this team is ${validated.kind === 'full' ? 'a full faction' : 'a mixed'} team.`);
      const summary = idle.length ? { ...validated, notes: [...validated.notes, ...idle] } : validated;
      const more = summary.errors.length > 1 ? ` (and ${summary.errors.length - 1} more)` : '';
      return { report: teamReport(file, team, summary, p, confidence), ...(summary.valid ? {} : { failure: `${formatTeamError(file, summary.errors[0])}${more}` }) };
    },
  },
];

export const game: GameModule = {
  id: 'dualfates',
  summary: 'Dual Fates: exact Fate-roll odds (attacks, running, Pillars of Fate, Initiative, holding K pillars) and team validation',
  modes: [
    // Every number of the unit sheets as data.units.<unit>.<field> (--set data.units.training-knight.def=8).
    { name: 'attack', summary: 'odds that an attack succeeds, its damage, and attacks needed to incapacitate (exact; --method mc cross-checks)', params: ATTACK_PARAMS, extraParams: (fixed) => unitSheetValueSpecs(String(fixed.units)), unusedData: unusedUnitSheets, defaultGames: 1e5, run: attackEntry.run },
    { name: 'pillars', summary: 'Pillars of Fate roll odds, objective rounds over the game, and the Initiative roll (exact; --method mc cross-checks, with running)', params: PILLARS_PARAMS, defaultGames: 1e5, run: pillarsEntry.run },
    // The unit sheets' numbers (data.units.…) and the board's (data.board.size, data.board.nodes.<id>.x, …).
    { name: 'match', summary: 'whole games between two seeded policies on a zone model of the Vortex: win rate, VP margin, pillars held per round, units lost (Monte Carlo; unit data mostly invented)', params: MATCH_PARAMS, extraParams: matchValueSpecs, unusedData: unusedMatchData, defaultGames: 2e4, run: runMatch },
    { name: 'control', summary: 'Victory Points per round and over the game while holding K pillars every round, with the distribution (exact; --method mc cross-checks)', params: CONTROL_PARAMS, defaultGames: 1e5, run: controlEntry.run },
  ],
  views,
  sims: { dualfates: dualfatesSim, match: matchSim },
  policies: MATCH_POLICIES,
  // The shared tree search (src/core/search.ts) at every resumable decision: thousands of playouts a game.
  slowPolicies: ['search'],
  search: { policy: 'search', budget: 'searchIterations', policyParam: 'policyA', stored: async () => (await import('./matchPolicyGap.js')).storedGaps(), split: { param: 'searchDecisions', kinds: searchableNames(DECISION_NAMES, SEARCH_ROOTS) } },
  conformance: {
    runs: [
      { mode: 'attack', params: {}, n: 1 },
      { mode: 'attack', params: { method: 'mc', damage: 'heavy' }, n: 20_000 },
      { mode: 'pillars', params: {}, n: 1 },
      { mode: 'pillars', params: { method: 'mc' }, n: 20_000 },
      { mode: 'attack', params: { method: 'mc', armorRule: 'perHit', attacker: 'eric', target: 'bone boy' }, n: 20_000 },
      { mode: 'control', params: {}, n: 1 },
      { mode: 'control', params: { method: 'mc', hold: 2 }, n: 20_000 },
      { mode: 'match', params: {}, n: 400 },
      { mode: 'match', params: { teamB: 'horde', policyA: 'hunt', policyB: 'random', armorRule: 'perHit', cover: 'light' }, n: 400 },
      { mode: 'match', params: { policyA: 'random', policyB: 'random', scoringValue: 'one', vortexCap: 8, rounds: 4 }, n: 400 },
      // The search, either side, at a tiny budget (its playouts run the invariants too in checkGame).
      { mode: 'match', params: { policyB: 'search', searchIterations: 4, rounds: 3 }, n: 6 },
    ],
    async checkGame(simName, simParams, rng) {
      if (simName === 'match') await checkMatch(simParams as MatchSimParams, rng);
    },
  },
};
