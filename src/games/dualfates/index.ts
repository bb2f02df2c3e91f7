// Dual Fates (rules: ../shared/rules/dual-fates-core-rules.txt). Exact odds of the Fate roll —
// attacks, damage and attacks to incapacitate, the Pillars of Fate and Initiative rolls, running —
// with Monte Carlo cross-checks, and team validation.
//
// Parameters: attack (vs, value, attack, cover, running, poisoned, fear, mod, damage, shields,
// armor, health, deflect, method, and the rule constants successRule, coverBonus.*, runningBonus.*,
// poisonedMod.*, fearMod.*, damageDice.*, deflectRule); pillars (rounds, method); team rules
// (summoningPointCap, waywardCoinCap, fateTokens.*, vortexCap, scoringValue, monsterLimit).
import type { GameModule, GameView } from '../../core/gameModule.js';
import type { ParamSpec } from '../../core/params.js';
import { readInputFile } from '../../core/inputFile.js';
import { attackEntry } from './attackEntry.js';
import { ATTACK_PARAMS, defaultAttackParams, TEAM_PARAMS, teamRulesFrom } from './dualfatesParams.js';
import { oddsTableReport, runReport, teamReport } from './dualfatesReports.js';
import { dualfatesSim } from './dualfatesSim.js';
import { PILLARS_PARAMS, pillarsEntry } from './pillarsEntry.js';
import { formatTeamError, parseTeam, validateTeam } from './team.js';

const TABLE_PARAMS: readonly ParamSpec[] = [
  { key: 'value', type: 'int', default: 7, min: 0, max: 20, doc: 'target DEF of the incapacitation table', source: 'rulebook: Understanding Unit Sheet (Training Knight DEF 7)', cli: { flag: '--value <N>', help: 'target DEF of the incapacitation table (0..20)' } },
  { key: 'maxHealth', type: 'int', default: 6, min: 1, max: 50, doc: 'health rows 1..N', source: 'output option', cli: { flag: '--max-health <N>', help: 'health rows 1..N (1..50)' } },
  { key: 'maxArmor', type: 'int', default: 2, min: 0, max: 20, doc: 'armor rows 0..N', source: 'output option', cli: { flag: '--max-armor <N>', help: 'armor rows 0..N (0..20)' } },
  { key: 'maxK', type: 'int', default: 5, min: 1, max: 30, doc: 'columns k = 1..N attacks', source: 'output option', cli: { flag: '--max-k <N>', help: 'columns k = 1..N attacks (1..30)' } },
];

const views: GameView[] = [
  {
    name: 'table',
    summary: 'P(success) for stat values 2..13 under each modifier set; P(incapacitated within k attacks) by damage × health × armor',
    params: TABLE_PARAMS,
    run: (p, { confidence }) => ({ report: oddsTableReport(p.value as number, p.maxHealth as number, p.maxArmor as number, p.maxK as number, confidence, defaultAttackParams()) }),
  },
  {
    name: 'run',
    summary: 'distance of a running unit: Speed + the higher die of 2d6',
    params: [{ key: 'speed', type: 'int', default: 0, min: 0, max: 50, doc: "the unit's Speed", source: 'rulebook: Running', cli: { flag: '--speed <N>', help: "the unit's Speed (0..50)", required: true } }],
    run: (p, { confidence }) => ({ report: runReport(p.speed as number, confidence) }),
  },
  {
    name: 'team',
    summary: 'validate a team file (YAML): points, factions, Wayward Coin, totem, uniqueness, Vortex; exit 1 when a rule is broken',
    argument: { key: 'file', name: 'file', doc: 'team YAML file (see scenarios/dualfates/teams/)' },
    params: TEAM_PARAMS,
    sets: true,
    run(p, { confidence }) {
      const file = p.file as string;
      const rules = teamRulesFrom(p);
      const team = parseTeam(readInputFile(file, file, 1024 * 1024), file);
      const summary = validateTeam(team, rules);
      const more = summary.errors.length > 1 ? ` (and ${summary.errors.length - 1} more)` : '';
      return { report: teamReport(file, team, summary, rules, confidence), ...(summary.valid ? {} : { failure: `${formatTeamError(file, summary.errors[0])}${more}` }) };
    },
  },
];

export const game: GameModule = {
  id: 'dualfates',
  summary: 'Dual Fates: exact Fate-roll odds (attacks, running, Pillars of Fate, Initiative) and team validation',
  modes: [
    { name: 'attack', summary: 'odds that an attack succeeds, its damage, and attacks needed to incapacitate (exact; --method mc cross-checks)', params: ATTACK_PARAMS, defaultGames: 1e5, run: attackEntry.run },
    { name: 'pillars', summary: 'Pillars of Fate roll odds, objective rounds over the game, and the Initiative roll (exact; --method mc cross-checks, with running)', params: PILLARS_PARAMS, defaultGames: 1e5, run: pillarsEntry.run },
  ],
  views,
  sims: { dualfates: dualfatesSim },
  conformance: {
    runs: [
      { mode: 'attack', params: {}, n: 1 },
      { mode: 'attack', params: { method: 'mc', damage: 'heavy' }, n: 20_000 },
      { mode: 'pillars', params: {}, n: 1 },
      { mode: 'pillars', params: { method: 'mc' }, n: 20_000 },
    ],
  },
};
