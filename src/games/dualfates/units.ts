// Unit sheets (rulebook: Understanding Unit Sheet): schema and loader for
// scenarios/dualfates/units.yaml. Stats the rulebook does not give are null, or an assumption
// labelled in the file's `assumed` list.
import * as v from 'valibot';
import { UsageError } from '../../core/usageError.js';
import { issueText } from '../../core/issues.js';
import { parseYamlSafely } from '../../core/safeYaml.js';

const Stat = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)));

export const AbilitySchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1)),
  kind: v.picklist(['melee', 'ranged', 'special', 'ultimate'], 'expected melee, ranged, special or ultimate'),
  cost: v.union([v.literal('free'), v.pipe(v.number(), v.integer(), v.minValue(0))], 'expected "free" or a number of Fate Tokens'),
  target: v.optional(v.picklist(['def', 'dod', 'will'], 'expected def, dod or will')),
  damage: v.optional(v.picklist(['light', 'medium', 'heavy'], 'expected light, medium or heavy')),
  /** A ranged ability's reach in inches (the match; no rulebook unit gives one). */
  range: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
  /**
   * What a special or ultimate ability does in the match, in a small vocabulary: `buff` (friendly
   * units within `radius` inches gain `amount` on `stat` until the end of the round) or `charge`
   * (move up to Speed, then a free attack with the unit's first attack ability; `fateOnSuccess`
   * Fate Tokens when it lands). An ability without one is not played by the match.
   */
  effect: v.optional(
    v.variant('kind', [
      v.strictObject({ kind: v.literal('buff'), stat: v.picklist(['def', 'dod', 'will']), amount: v.pipe(v.number(), v.integer(), v.minValue(-10), v.maxValue(10)), radius: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)) }),
      v.strictObject({ kind: v.literal('charge'), fateOnSuccess: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)) }),
    ], 'expected { kind: buff, stat, amount, radius } or { kind: charge, fateOnSuccess }'),
  ),
  text: v.optional(v.string()),
});

export const UnitSheetSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1)),
  type: v.picklist(['character', 'companion', 'monster'], 'expected character, companion or monster'),
  faction: v.nullable(v.string()),
  cost: Stat,
  /** Models per Summoning Point (rulebook: Companion Units). */
  modelsPerPoint: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  health: Stat,
  armor: Stat,
  speed: Stat,
  def: Stat,
  dod: Stat,
  will: Stat,
  special: v.optional(v.array(v.string())),
  abilities: v.optional(v.array(AbilitySchema)),
  /** Where the sheet comes from (rulebook section). */
  source: v.string(),
  /** Fields whose values are assumptions, each with why. */
  assumed: v.optional(v.record(v.string(), v.string())),
});

export const UnitsFileSchema = v.strictObject({ units: v.array(UnitSheetSchema) });

export type UnitSheet = v.InferOutput<typeof UnitSheetSchema>;

/** Parses a unit-sheet file; throws UsageError naming the file and field. */
export function parseUnits(text: string, file: string): UnitSheet[] {
  // Bounded size and nesting, no custom tags, no prototype keys (src/core/safeYaml.ts).
  const raw = parseYamlSafely(text, file);
  const r = v.safeParse(UnitsFileSchema, raw);
  if (!r.success) {
    const issue = r.issues[0];
    throw new UsageError(`${file}: ${v.getDotPath(issue) ?? '(document)'}: ${issueText(issue)}`);
  }
  const names = new Set<string>();
  r.output.units.forEach((u, i) => {
    if (names.has(u.name)) throw new UsageError(`${file}: units.${i}.name: duplicate unit "${u.name}"`);
    names.add(u.name);
  });
  return r.output.units;
}
