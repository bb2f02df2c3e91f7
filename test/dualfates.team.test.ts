// Dual Fates team building: every rule violation named with its rulebook section and field.
// Fixtures are inline; the files in scenarios/dualfates/teams/ are checked too.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/usageError.js';
import { defaultTeamRules } from '../src/games/dualfates/dualfatesParams.js';
import { formatTeamError, isWaywardCoin, maxSubsetSum, parseTeam, pillarControl, unitScoringValue, validateTeam, type Team } from '../src/games/dualfates/team.js';

const rules = defaultTeamRules();
type U = Team['units'][number];
const u = (name: string, faction: string, cost = 1, type: U['type'] = 'companion', extra: Partial<U> = {}): U => ({ name, type, faction, cost, ...extra });
const team = (units: U[], totem: Team['totem'] = { name: 'Generic Summoning Totem' }): Team => ({ units, totem });
const errorsOf = (t: Team, r = rules) => validateTeam(t, r).errors;

describe('legal teams', () => {
  it('full faction, 8 points: 3 starting Fate Tokens (rulebook: Full Faction Teams & Mixed Teams)', () => {
    const s = validateTeam(team([u('Bone Boys', 'Bone Horde', 3), u('Skull Splitters', 'Bone Horde', 2), u('Ember', 'Bone Horde', 1, 'character'), u('Big One', 'Bone Horde', 2, 'monster')]), rules);
    expect(s.errors).toEqual([]);
    expect([s.valid, s.kind, s.points, s.startingFateTokens]).toEqual([true, 'full', 8, 3]);
  });
  it('mixed with 3 points of The Wayward Coin: 2 starting Fate Tokens', () => {
    const s = validateTeam(team([u('Ember', 'Bone Horde', 1, 'character'), u('Grog and Timber', 'The Wayward Coin', 2, 'character'), u('Eric', 'Wayward Coin', 1, 'character')]), rules);
    expect([s.valid, s.kind, s.waywardCoinPoints, s.startingFateTokens]).toEqual([true, 'mixed', 3, 2]);
  });
  it('a team of only The Wayward Coin is a full faction team, with no Wayward cap', () => {
    const s = validateTeam(team([u('Eric', 'The Wayward Coin', 2, 'character'), u('Brin', 'The Wayward Coin', 2, 'character'), u('Mercs', 'the wayward coin', 4)]), rules);
    expect([s.valid, s.kind, s.startingFateTokens]).toEqual([true, 'full', 3]);
    expect(isWaywardCoin('  THE Wayward   Coin ')).toBe(true);
  });
  it('fateTokens.full / fateTokens.mixed overrides: a full team gets the first, a mixed team the second', () => {
    const r = defaultTeamRules({ fateTokensFull: 4, fateTokensMixed: 1 });
    expect(validateTeam(team([u('Ember', 'Bone Horde', 1, 'character')]), r).startingFateTokens).toBe(4);
    expect(validateTeam(team([u('Ember', 'Bone Horde', 1, 'character'), u('Eric', 'The Wayward Coin', 1, 'character')]), r).startingFateTokens).toBe(1);
  });
  it('companions may repeat; sub-factions of one faction are one faction', () => {
    const s = validateTeam(team([u('Bone Boys', 'Bone Horde'), u('Bone Boys', 'Bone Horde', 1, 'companion', { subfaction: 'Crypt' })]), rules);
    expect(s.valid).toBe(true);
  });
  it('scoring value = cost by default, 1 under scoringValue=one, or the unit\'s own (rulebook: Scoring Pillars of Fate)', () => {
    const t = team([u('Skull Splitters', 'Bone Horde', 2), u('Odd', 'Bone Horde', 3, 'character', { scoringValue: 1 })]);
    expect(validateTeam(t, rules).units.map((x) => x.scoringValue)).toEqual([2, 1]);
    expect(validateTeam(t, defaultTeamRules({ scoringValue: 'one' })).units.map((x) => x.scoringValue)).toEqual([1, 1]);
  });
  it('Vortex: what may start (≤ 5 points) and the best starting deployment', () => {
    const s = validateTeam(team([u('A', 'F', 4), u('B', 'F', 3), u('C', 'F', 1)]), rules);
    expect(s.vortex).toEqual({ cap: 5, maxStartingPoints: 5, deployedPoints: null });
    expect(maxSubsetSum([4, 3], 5)).toBe(4);
    expect(validateTeam(team([u('Huge', 'F', 6, 'monster')]), rules).notes.join()).toMatch(/can never be summoned/);
  });
});

describe('pillar control (rulebook: 7. Scoring Phase, Determine Control; Scoring Pillars of Fate, Example Scoring)', () => {
  const ember = u('Ember', 'Bone Horde', 1, 'character');
  const skullSplitters = u('Skull Splitters', 'Bone Horde', 2);
  const grogAndTimber = u('Grog and Timber', 'The Wayward Coin', 2, 'character');
  const values = (us: U[], r = rules) => us.map((x) => unitScoringValue(x, r));
  it('Example Scoring: Ember 1 + Skull Splitters 2 = 3 beats Grog and Timber 2, so player A controls Pillar 3', () => {
    expect(pillarControl(values([ember, skullSplitters]), values([grogAndTimber]))).toEqual({ a: 3, b: 2, controller: 'A' });
  });
  it('Example Scoring: Ember moves away, 2 vs 2: neither player controls the Pillar', () => {
    expect(pillarControl(values([skullSplitters]), values([grogAndTimber]))).toEqual({ a: 2, b: 2, controller: null });
  });
  it('the higher value wins from either side; no scoring units on either side is a tie', () => {
    expect(pillarControl([1], [2])).toEqual({ a: 1, b: 2, controller: 'B' });
    expect(pillarControl([], [])).toEqual({ a: 0, b: 0, controller: null });
    expect(pillarControl([], [1]).controller).toBe('B');
  });
  it('under scoringValue=one (the Scoring Phase note) the same units give 2 vs 1 (A), then 1 vs 1 (tie)', () => {
    const one = defaultTeamRules({ scoringValue: 'one' });
    expect(pillarControl(values([ember, skullSplitters], one), values([grogAndTimber], one))).toEqual({ a: 2, b: 1, controller: 'A' });
    expect(pillarControl(values([skullSplitters], one), values([grogAndTimber], one)).controller).toBeNull();
  });
});

describe('every team-rule violation names the rule and the field', () => {
  it('more than 8 Summoning Points (rulebook: CORE RULES)', () => {
    const e = errorsOf(team([u('A', 'F', 5), u('B', 'F', 4)]));
    expect(e).toEqual([expect.objectContaining({ field: 'units', rule: expect.stringMatching(/CORE RULES/), message: expect.stringMatching(/costs 9.*at most 8/) })]);
    expect(errorsOf(team([u('A', 'F', 5), u('B', 'F', 4)]), defaultTeamRules({ summoningPointCap: 9 }))).toEqual([]);
  });
  it('two factions (rulebook: CORE RULES; Full Faction Teams & Mixed Teams)', () => {
    const e = errorsOf(team([u('A', 'Bone Horde'), u('Eric', 'The Wayward Coin'), u('K', 'Example Order')]));
    expect(e).toHaveLength(1);
    // Neither full nor mixed: the type cannot be determined, and there are no starting Fate Tokens.
    const s = validateTeam(team([u('A', 'Bone Horde'), u('Eric', 'The Wayward Coin'), u('K', 'Example Order')]), rules);
    expect([s.kind, s.startingFateTokens]).toEqual([null, null]);
    expect(e[0]).toMatchObject({ field: 'units[2].faction', rule: expect.stringMatching(/Full Faction Teams & Mixed Teams/) });
  });
  it('more than 3 points of The Wayward Coin in a mixed team (rulebook: CORE RULES note)', () => {
    const e = errorsOf(team([u('A', 'Bone Horde'), u('Eric', 'The Wayward Coin', 2), u('Brin', 'The Wayward Coin', 2)]));
    expect(e).toEqual([expect.objectContaining({ field: 'units', message: expect.stringMatching(/4 points of The Wayward Coin; at most 3/) })]);
    // The type is still known (mixed), but an illegal team has no starting Fate Tokens.
    const s = validateTeam(team([u('A', 'Bone Horde'), u('Eric', 'The Wayward Coin', 2), u('Brin', 'The Wayward Coin', 2)]), rules);
    expect([s.kind, s.startingFateTokens]).toEqual(['mixed', null]);
  });
  it("no Summoning Totem (rulebook: The Summoning Totem's role)", () => {
    expect(errorsOf(team([u('A', 'F')], null))).toEqual([expect.objectContaining({ field: 'totem', rule: "rulebook: The Summoning Totem's role" })]);
    expect([validateTeam(team([u('A', 'F')], null), rules).kind, validateTeam(team([u('A', 'F')], null), rules).startingFateTokens]).toEqual(['full', null]);
    expect(errorsOf({ units: [u('A', 'F')] })).toHaveLength(1);
  });
  it('a faction totem of another faction is a warning, not a violation (no rule forbids it)', () => {
    const other = validateTeam(team([u('A', 'Bone Horde')], { name: 'Order Totem', faction: 'Example Order' }), rules);
    expect(other.errors).toEqual([]);
    expect(other.notes.filter((n) => n.startsWith('totem.faction'))).toEqual([expect.stringMatching(/"Order Totem" is a totem of faction "Example Order", and the team has no unit of that faction/)]);
    const own = validateTeam(team([u('A', 'Bone Horde')], { name: 'Bone Totem', faction: 'the Bone  Horde' }), rules);
    expect(own.errors).toEqual([]);
    expect(own.notes.filter((n) => n.startsWith('totem.faction'))).toEqual([]);
  });
  it('a Character twice (rulebook: Characters)', () => {
    const e = errorsOf(team([u('Training Knight', 'F', 1, 'character'), u('Bone Boys', 'F'), u('training knight', 'F', 1, 'character')]));
    expect(e).toEqual([expect.objectContaining({ field: 'units[2].name', rule: expect.stringMatching(/Characters/), message: expect.stringMatching(/first at units\[0\]/) })]);
  });
  it('a Monster twice (rulebook: Character Ability Structure); monsterLimit=one forbids two different Monsters', () => {
    const twice = errorsOf(team([u('Worg', 'F', 2, 'monster'), u('Worg', 'F', 2, 'monster')]));
    expect(twice).toEqual([expect.objectContaining({ field: 'units[1].name', rule: expect.stringMatching(/Character Ability Structure/) })]);
    const two = team([u('Worg', 'F', 2, 'monster'), u('Wyrm', 'F', 2, 'monster')]);
    expect(errorsOf(two)).toEqual([]);
    expect(errorsOf(two, defaultTeamRules({ monsterLimit: 'one' }))).toEqual([expect.objectContaining({ field: 'units[1]' })]);
  });
  it('more than 5 points marked to start in the Vortex (rulebook: Understanding the role of The Vortex)', () => {
    const e = errorsOf(team([u('A', 'F', 3, 'companion', { deploy: true }), u('B', 'F', 3, 'companion', { deploy: true })]));
    expect(e).toEqual([expect.objectContaining({ field: 'units[].deploy', message: expect.stringMatching(/6 points.*at most 5/) })]);
  });
  it('all violations are collected; one line names file, field and rule', () => {
    const s = validateTeam(team([u('K', 'A', 5, 'character'), u('K', 'A', 5, 'character'), u('X', 'B')], null), rules);
    expect(s.errors.map((e) => e.field).sort()).toEqual(['totem', 'units', 'units[1].name', 'units[2].faction']);
    expect(formatTeamError('t.yaml', s.errors[0])).toMatch(/^t\.yaml: units: .*\(rulebook: CORE RULES/);
    expect(s.startingFateTokens).toBeNull();
  });
});

describe('team files', () => {
  it('schema errors are UsageErrors naming the file and field', () => {
    const bad: [string, RegExp][] = [
      ['totem: {name: T}\nunits: []\n', /t\.yaml: units: a team needs at least one unit/],
      ['units:\n  - {name: A, type: hero, faction: F, cost: 1}\n', /t\.yaml: units\.0\.type: expected one of character, companion, monster/],
      ['units:\n  - {name: A, type: companion, faction: F, cost: 1.5}\n', /t\.yaml: units\.0\.cost: expected a whole number/],
      ['units:\n  - {name: A, type: companion, faction: F, cost: 1, colour: red}\n', /t\.yaml: units\.0\.colour/],
      ['units: [\n', /t\.yaml: not valid YAML/],
    ];
    for (const [text, re] of bad) {
      expect(() => parseTeam(text, 't.yaml')).toThrow(UsageError);
      expect(() => parseTeam(text, 't.yaml')).toThrow(re);
    }
  });
  it('scenarios/dualfates/teams: valid-* and the rulebook example are legal, invalid-* are not', () => {
    const dir = 'scenarios/dualfates/teams';
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const s = validateTeam(parseTeam(readFileSync(`${dir}/${f}`, 'utf8'), f), rules);
      expect(s.valid, f).toBe(!f.startsWith('invalid-'));
    }
  });
  it("the rulebook's Team Building Example (Eric, Brin, Training Knight) is legal: 3 points counted, mixed, 2 tokens", () => {
    const s = validateTeam(parseTeam(readFileSync('scenarios/dualfates/teams/rulebook-example.yaml', 'utf8'), 'x'), rules);
    expect([s.valid, s.points, s.kind, s.waywardCoinPoints, s.startingFateTokens]).toEqual([true, 3, 'mixed', 2, 2]);
  });
});
