// Team files: schema (valibot) and the team-building rules. Pure: the CLI reads the file and
// passes its text here. Every rule violation names the rulebook section and the file/field.
import * as v from 'valibot';
import { UsageError } from '../../core/usageError.js';
import { issueText } from '../../core/issues.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import type { TeamRules } from './dualfatesParams.js';

const UNIT_TYPES = ['character', 'companion', 'monster'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

const Name = v.pipe(v.string('expected a name'), v.trim(), v.minLength(1, 'expected a non-empty name'));

export const TeamUnitSchema = v.strictObject({
  name: Name,
  type: v.picklist(UNIT_TYPES, `expected one of ${UNIT_TYPES.join(', ')}`),
  faction: Name,
  subfaction: v.optional(Name),
  cost: v.pipe(v.number('expected a whole number of Summoning Points'), v.integer('expected a whole number of Summoning Points'), v.minValue(1, 'expected at least 1 Summoning Point'), v.maxValue(100, 'expected at most 100')),
  /** "Unless stated" overrides of the scoring value (rulebook: Scoring Phase note). */
  scoringValue: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
  /** Planned to start in the Vortex. */
  deploy: v.optional(v.boolean('expected true or false')),
  note: v.optional(v.string()),
});

export const TeamSchema = v.strictObject({
  name: v.optional(v.string()),
  description: v.optional(v.string()),
  totem: v.optional(v.nullable(v.strictObject({ name: Name, faction: v.optional(Name), note: v.optional(v.string()) }))),
  units: v.pipe(v.array(TeamUnitSchema, 'expected a list of units'), v.minLength(1, 'a team needs at least one unit')),
});

export type TeamUnit = v.InferOutput<typeof TeamUnitSchema>;
export type Team = v.InferOutput<typeof TeamSchema>;

/** Parses and shape-checks a team file. Throws UsageError naming the file and field. */
export function parseTeam(text: string, file: string): Team {
  // Bounded size and nesting, no custom tags, no prototype keys (src/core/safeYaml.ts).
  const raw = parseYamlSafely(text, file);
  const r = v.safeParse(TeamSchema, raw);
  if (!r.success) {
    const issue = r.issues[0];
    throw new UsageError(`${file}: ${v.getDotPath(issue) ?? '(document)'}: ${issueText(issue)}`);
  }
  return r.output;
}

export interface TeamError {
  /** The rulebook section (or "assumption: …") of the broken rule. */
  rule: string;
  /** Field path in the team file, e.g. "units[2].name". */
  field: string;
  message: string;
}

/** The Wayward Coin, written with or without "The", any case. */
export function isWaywardCoin(faction: string): boolean {
  return normalizeFaction(faction) === 'wayward coin';
}

function normalizeFaction(f: string): string {
  return f.trim().toLowerCase().replace(/^the\s+/, '').replace(/\s+/g, ' ');
}

export interface TeamSummary {
  valid: boolean;
  errors: TeamError[];
  /** Full faction or mixed; null when it cannot be determined (two factions besides The Wayward Coin). */
  kind: 'full' | 'mixed' | null;
  faction: string | null;
  points: number;
  waywardCoinPoints: number;
  /** Null unless the team is valid: an illegal team starts no game. */
  startingFateTokens: number | null;
  units: { name: string; type: UnitType; faction: string; cost: number; scoringValue: number; mayStartInVortex: boolean; deploy: boolean }[];
  vortex: { cap: number; maxStartingPoints: number; deployedPoints: number | null };
  totem: string | null;
  notes: string[];
}

/** Largest total ≤ cap of any sub-multiset of `costs` (0/1 knapsack on points). */
export function maxSubsetSum(costs: readonly number[], cap: number): number {
  const ok = new Uint8Array(cap + 1);
  ok[0] = 1;
  for (const c of costs) for (let s = cap; s >= c; s--) if (ok[s - c]) ok[s] = 1;
  let best = 0;
  for (let s = 0; s <= cap; s++) if (ok[s]) best = s;
  return best;
}

/** Checks every team-building rule; collects all violations. */
export function validateTeam(team: Team, rules: TeamRules): TeamSummary {
  const errors: TeamError[] = [];
  const units = team.units;
  const points = units.reduce((s, u) => s + u.cost, 0);
  // rulebook: CORE RULES — "You may never exceed 8 Summoning Points during team construction."
  if (points > rules.summoningPointCap) {
    errors.push({ rule: 'rulebook: CORE RULES (Summoning Point limit)', field: 'units', message: `the team costs ${points} Summoning Points; at most ${rules.summoningPointCap} are allowed` });
  }
  // rulebook: CORE RULES / Full Faction Teams & Mixed Teams — one faction, plus The Wayward Coin in a mixed team.
  const factions: string[] = [];
  units.forEach((u, i) => {
    if (isWaywardCoin(u.faction)) return;
    const f = normalizeFaction(u.faction);
    if (!factions.includes(f)) {
      if (factions.length >= 1) {
        const first = units.find((x) => normalizeFaction(x.faction) === factions[0])!;
        errors.push({ rule: 'rulebook: CORE RULES; Full Faction Teams & Mixed Teams', field: `units[${i}].faction`, message: `"${u.faction}" differs from "${first.faction}": a team holds units of one faction, plus members of The Wayward Coin in a mixed team` });
      }
      factions.push(f);
    }
  });
  const waywardCoinPoints = units.filter((u) => isWaywardCoin(u.faction)).reduce((s, u) => s + u.cost, 0);
  const hasOther = factions.length > 0;
  const kind: TeamSummary['kind'] = factions.length > 1 ? null : hasOther && waywardCoinPoints > 0 ? 'mixed' : 'full';
  // rulebook: CORE RULES (note) — "you can only have up to 3 points worth of Wayward Coin Members in your team for a mixed team".
  if (hasOther && waywardCoinPoints > rules.waywardCoinCap) {
    errors.push({ rule: 'rulebook: CORE RULES (Wayward Coin limit in a mixed team)', field: 'units', message: `a mixed team has ${waywardCoinPoints} points of The Wayward Coin; at most ${rules.waywardCoinCap} are allowed` });
  }
  // rulebook: The Summoning Totem's role — "Every team MUST include a Summoning Totem."
  if (!team.totem) {
    errors.push({ rule: "rulebook: The Summoning Totem's role", field: 'totem', message: 'every team must include a Summoning Totem' });
  }
  // rulebook: Characters — "a player may only include one copy of a specific Character on their team".
  const seen = new Map<string, number>();
  units.forEach((u, i) => {
    if (u.type === 'companion') return; // rulebook: Character Ability Structure — companions "are not rare".
    const key = `${u.type}:${u.name.trim().toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(
        u.type === 'character'
          ? { rule: 'rulebook: Characters (unique)', field: `units[${i}].name`, message: `Character "${u.name}" appears again (first at units[${first}]); Characters are unique` }
          : { rule: 'rulebook: Character Ability Structure (Monsters: "you can only have one")', field: `units[${i}].name`, message: `Monster "${u.name}" appears again (first at units[${first}]); Monsters are unique` },
      );
    } else seen.set(key, i);
  });
  if (rules.monsterLimit === 'one') {
    // House reading of "you can only have one": one Monster in the whole team.
    const monsters = units.map((u, i) => ({ u, i })).filter((x) => x.u.type === 'monster');
    for (const m of monsters.slice(1)) {
      if (errors.some((e) => e.field === `units[${m.i}].name`)) continue;
      errors.push({ rule: 'rulebook: Character Ability Structure (monsterLimit = one)', field: `units[${m.i}]`, message: `a second Monster "${m.u.name}"; this reading allows one Monster per team` });
    }
  }
  // rulebook: Understanding the role of The Vortex — "only have 5 points' worth of units in the Vortex at one time".
  const anyDeploy = units.some((u) => u.deploy !== undefined);
  const deployedPoints = anyDeploy ? units.filter((u) => u.deploy).reduce((s, u) => s + u.cost, 0) : null;
  if (deployedPoints !== null && deployedPoints > rules.vortexCap) {
    errors.push({ rule: 'rulebook: Understanding the role of The Vortex', field: 'units[].deploy', message: `${deployedPoints} points are marked to start in the Vortex; at most ${rules.vortexCap} may be active at one time (vortexCap ${rules.vortexCap})` });
  }
  const valid = errors.length === 0;
  const notes: string[] = [];
  // rulebook: The Summoning Totem's role — "There are faction-based totems and generic totems"; no
  // rule ties a faction totem to the team's faction, so a mismatch is a warning, not a violation.
  if (team.totem?.faction !== undefined && !units.some((u) => normalizeFaction(u.faction) === normalizeFaction(team.totem!.faction!))) {
    notes.push(`totem.faction: "${team.totem.name}" is a totem of faction "${team.totem.faction}", and the team has no unit of that faction (no rule forbids it; check the totem's own text)`);
  }
  // rulebook: Understanding the role of The Vortex — a unit costing more than the Vortex cap can never be active (a warning, not a rule).
  units.forEach((u, i) => {
    if (u.cost > rules.vortexCap) notes.push(`units[${i}]: "${u.name}" costs ${u.cost}, more than the ${rules.vortexCap} points allowed in the Vortex: it can never be summoned`);
  });
  if (valid && points < rules.summoningPointCap) notes.push(`the team uses ${points} of ${rules.summoningPointCap} Summoning Points (allowed: the rulebook says never exceed)`);
  return {
    valid,
    errors,
    kind,
    faction: factions.length === 1 ? units.find((u) => !isWaywardCoin(u.faction))!.faction : factions.length === 0 ? units[0].faction : null,
    points,
    waywardCoinPoints,
    // rulebook: Full Faction Teams & Mixed Teams — full faction 3 Fate Tokens, mixed 2 (a team that breaks a rule gets none).
    startingFateTokens: !valid || kind === null ? null : kind === 'full' ? rules.fateTokensFull : rules.fateTokensMixed,
    units: units.map((u) => ({
      name: u.name,
      type: u.type,
      faction: u.faction,
      cost: u.cost,
      scoringValue: unitScoringValue(u, rules),
      mayStartInVortex: u.cost <= rules.vortexCap,
      deploy: u.deploy ?? false,
    })),
    vortex: { cap: rules.vortexCap, maxStartingPoints: maxSubsetSum(units.map((u) => u.cost), rules.vortexCap), deployedPoints },
    totem: team.totem?.name ?? null,
    notes,
  };
}

/** A unit's scoring value: its own `scoringValue`, else its cost (or 1 under scoringValue = one). */
export function unitScoringValue(u: Pick<TeamUnit, 'cost' | 'scoringValue'>, rules: Pick<TeamRules, 'scoringValue'>): number {
  // rulebook: Scoring Pillars of Fate — "a Scoring Value equal to its Summoning Point cost" (see README for the contradiction).
  return u.scoringValue ?? (rules.scoringValue === 'cost' ? u.cost : 1);
}

export interface PillarControl {
  /** Each player's total scoring value near the Pillar. */
  a: number;
  b: number;
  /** The player who controls the Pillar; null on a tie. */
  controller: 'A' | 'B' | null;
}

/**
 * Who controls one Pillar, from the scoring values of each player's scoring units (those within
 * 4 inches of it; choosing them is play, not modelled).
 */
export function pillarControl(scoringA: readonly number[], scoringB: readonly number[]): PillarControl {
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  const a = sum(scoringA);
  const b = sum(scoringB);
  // rulebook: 7. Scoring Phase (Determine Control) — "The player with the higher scoring value controls the Pillar. If both players have the same scoring value, neither player controls the Pillar."
  return { a, b, controller: a > b ? 'A' : b > a ? 'B' : null };
}

/** One line for a violation: "FILE: FIELD: message (RULE)". */
export function formatTeamError(file: string, e: TeamError): string {
  return `${file}: ${e.field}: ${e.message} (${e.rule})`;
}
