// Unit sheets (rulebook: Understanding Unit Sheet): schema and loader for
// scenarios/dualfates/units.yaml. Stats the rulebook does not give are null, or an assumption
// labelled in the file's `assumed` list.
import * as v from 'valibot';
import { dataLeaves, listSegments, UNLABELLED, type DataLabel } from '../../core/dataValues.js';
import { UsageError } from '../../core/usageError.js';
import { issueText } from '../../core/issues.js';
import { parseYamlSafely } from '../../core/safeYaml.js';
import { displayKey } from '../../core/displayName.js';

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
  return validateUnits(parseYamlSafely(text, file), file);
}

/** Validates a parsed unit-sheet document; throws UsageError naming the file and field. */
export function validateUnits(raw: unknown, file: string): UnitSheet[] {
  const r = v.safeParse(UnitsFileSchema, raw);
  if (!r.success) {
    const issue = r.issues[0];
    throw new UsageError(`${file}: ${v.getDotPath(issue) ?? '(document)'}: ${issueText(issue)}`);
  }
  const names = new Set<string>();
  r.output.units.forEach((u, i) => {
    if (names.has(displayKey(u.name))) throw new UsageError(`${file}: units.${i}.name: duplicate unit "${u.name}"`);
    names.add(displayKey(u.name));
  });
  return r.output.units;
}

/**
 * How the unit sheets label each number (data.units.<unit>.<field>): a field the sheet's `assumed`
 * names (the field, an entry above it such as 'abilities[2].effect', or 'all') is assumed, with
 * the sheet's reason; any other value is the rulebook's where the sheet's `source` says
 * "rulebook", else unlabelled (with the source quoted).
 */
export function unitSheetLabels(raw: unknown): Map<string, DataLabel> {
  const out = new Map<string, DataLabel>();
  const units = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).units : undefined;
  if (!Array.isArray(units)) return out;
  const unitSegs = listSegments(units);
  units.forEach((unit, u) => {
    if (!unit || typeof unit !== 'object') return;
    const sheet = unit as Record<string, unknown>;
    const source = typeof sheet.source === 'string' ? sheet.source : '';
    const assumed = sheet.assumed && typeof sheet.assumed === 'object' ? (sheet.assumed as Record<string, unknown>) : {};
    // 'abilities[2].effect' → the path of that ability as dataLeaves names it: abilities.<slug>.effect.
    const abilitySegs = Array.isArray(sheet.abilities) ? listSegments(sheet.abilities) : [];
    const assumedPaths = Object.entries(assumed).map(([k, why]) => ({ path: k.replace(/^abilities\[(\d+)\]/, (_, i: string) => `abilities.${abilitySegs[Number(i)] ?? i}`), why: String(why) }));
    const prefix = `data.units.${unitSegs[u]}`;
    for (const key of dataLeaves(sheet, prefix).keys()) {
      const rel = key.slice(prefix.length + 1);
      const a = assumedPaths.find((x) => x.path === 'all' || x.path === rel || rel.startsWith(`${x.path}.`));
      if (a) out.set(key, { label: 'assumed', text: `${a.path}: ${a.why}` });
      else if (source) out.set(key, { label: /^rulebook\b/i.test(source) ? 'rulebook' : UNLABELLED, text: source });
    }
  });
  return out;
}
