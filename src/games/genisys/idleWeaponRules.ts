// The weapon rules and target properties given to an attack that leave it as it is: Stopping Power
// away from Point Blank (or with the Power it gives already), Brace with no Extreme shot to allow,
// Semi-automatic where its ROF is the attack's already; Stealth at Close Combat range, a Vehicle
// where neither its cover nor its heavy-weapon Resolution applies, a Size away from Extreme range,
// a cover the target cannot take (Mindless, a Flame weapon, in the open) or that the range's
// automatic cover replaces; and the rules that take a cover save away (or upgrade one) where the
// attack has none.
// Found by compiling the attack without each one (a Size: at two far-apart Sizes): the same plan
// means it changed nothing, and the report says so rather than ignore it silently.
import { compileAttack, type AttackPlan } from './attackPlan.js';
import type { GenisysParams } from './genisysParams.js';

export interface IdleWeaponRule {
  key: 'stoppingPower' | 'brace' | 'semiAutomatic' | 'stealth' | 'vehicle' | 'size' | 'cover' | 'multipleCover' | 'open' | 'mindless' | 'flame' | 'area' | 'ignoresCover' | 'coverSaves';
  flag: string;
  why: string;
  /** The reason in a few words, for the settings line's "(ignored: …)" (cover only). */
  short?: string;
  /**
   * A cover rule that acts alone but adds nothing beside these others given with it (--open beside
   * --mindless: either takes the save away): the flags of those others. Absent: it acts in no way.
   */
  besides?: string[];
}

/** The rules that take a cover save away (or upgrade one): given together, each may hide the others' effect. */
export const COVER_RULES = ['multipleCover', 'open', 'mindless', 'flame', 'area', 'ignoresCover', 'coverSaves'] as const;
type CoverRule = (typeof COVER_RULES)[number];
/** The value that turns a cover rule off (--no-cover-saves is coverSaves false). */
const OFF = (k: CoverRule): boolean => k === 'coverSaves';

/** The note of an idle rule: "has no effect", or "adds nothing beside" the other cover rules that do what it does. */
export function idleRuleNote(rule: IdleWeaponRule, what: string): string {
  return rule.besides ? `${rule.flag} adds nothing to ${what} beside ${rule.besides.join(' and ')} (alone it would change it; with ${rule.besides.length > 1 ? 'those' : 'that'} given, ${what} is the same without it)` : `${rule.flag} has no effect on ${what}: ${rule.why}`;
}

/**
 * The weapon rules the user set (`asked`: the parameters as given, before a picked weapon's own rules
 * are applied) that `plan` (compileAttack(p)) would be without.
 */
export function idleWeaponRules(p: GenisysParams, plan: AttackPlan, asked: Readonly<Record<string, unknown>>): IdleWeaponRule[] {
  const sp = p.stoppingPowerPower.toUpperCase();
  const rules: IdleWeaponRule[] = [
    { key: 'stoppingPower', flag: '--stopping-power', why: `it makes the Power ${sp} at Point Blank range: this attack is not at Point Blank, or its Power is ${sp} already` },
    { key: 'brace', flag: '--brace', why: 'it only lets a Long range weapon fire into Extreme range (--set weaponRange=long --range extreme)' },
    { key: 'semiAutomatic', flag: '--semi-automatic', why: "its ROF (1 at Long, 2 within Short) is this attack's ROF already" },
    // rulebook: Models' Special Rules – Stealth ('Hasta la Vista' says so in its own note).
    ...(p.hastaLaVista ? [] : [{ key: 'stealth' as const, flag: '--stealth', why: 'Stealth degrades the Skill die except at Close Combat range, and this attack is at Close Combat range' }]),
    // rulebook: Vehicles – Cover Saves (no automatic cover at Long range), Resolution Tests (only heavy weapons at high Armor).
    { key: 'vehicle', flag: '--vehicle', why: `a vehicle differs only in taking no automatic cover at Long range and, at Armor ${p.heavyArmor} or more, in testing only against heavy weapons; neither changes this attack (its range, cover, Armor and weapon)` },
    // rulebook: Larger Playing Surfaces – Extreme Range (models of Size ${p.extremeCoverMaxSize} or less are in cover there).
    { key: 'size', flag: '--size', why: `a Size decides only whether the target is in automatic cover at Extreme range (Size ${p.extremeCoverMaxSize} or less), which changes nothing at this range and cover` },
    // The rules that take a cover save away (or upgrade one), given to an attack that has none to take
    // (a hostile probe found them silent): rulebook: Cover – Multiple Cover; Attacking – In the Open,
    // Attacks That Ignore Cover; Machine Special Rules – Mindless; Weapons' Special Rules – Flame, Area.
    { key: 'multipleCover', flag: '--multiple-cover', why: 'it upgrades the best cover save die one step, and this attack has no cover save for it to upgrade (or its die is the best already)' },
    { key: 'open', flag: '--open', why: "a target 'in the open' loses its cover save, and this attack gives it none to lose" },
    { key: 'mindless', flag: '--mindless', why: 'a Mindless target never takes cover saves, and this attack gives it none to take' },
    { key: 'flame', flag: '--flame', why: 'a Flame weapon hits its primary target automatically and allows no cover; this attack is the same without it' },
    { key: 'area', flag: '--area', why: 'an Area weapon allows no cover to the models it hits, and this attack gives the target none' },
    { key: 'ignoresCover', flag: '--ignores-cover', why: 'the weapon ignores cover, and this attack gives the target none' },
    { key: 'coverSaves', flag: '--no-cover-saves', why: 'the target may take no cover saves, and this attack gives it none' },
    // rulebook: Machine Special Rules – Mindless; Attacking – In the Open, Attacks That Ignore Cover; Weapons' Special Rules – Flame.
    plan.hasSave
      ? { key: 'cover', flag: `--cover ${p.cover}`, why: 'at this range the target is in automatic cover, whatever --cover says (the save shown)', short: 'automatic cover at this range' }
      : { key: 'cover', flag: `--cover ${p.cover}`, why: `the target takes no cover save here (${coverlessWhy(p)})`, short: 'the target takes no cover save here' },
  ];
  // A plan without the target's Size, which it only carries for the report.
  const text = (x: AttackPlan) => JSON.stringify({ ...x, size: 0 });
  const planText = text(plan);
  /** The plan with `over` applied, or null when that attack is illegal (Brace taken from a shot into Extreme range: the rule acts). */
  const compiled = (over: Partial<GenisysParams>): string | null => {
    try {
      return text(compileAttack({ ...p, ...over }));
    } catch {
      return null;
    }
  };
  const same = (over: Partial<GenisysParams>) => compiled(over) === planText;
  // The cover rules given: each is judged alone too (the others off), so two rules that each take the
  // save away are not both said to have no effect (a review found --open --mindless said so).
  const givenCover = COVER_RULES.filter((k) => (k === 'coverSaves' ? asked.coverSaves === false && p.coverSaves === false : asked[k] === true && p[k] === true));
  const flagOf = (k: CoverRule) => rules.find((r) => r.key === k)!.flag;
  const besides = (k: CoverRule): string[] | undefined => {
    const others = givenCover.filter((o) => o !== k);
    if (others.length === 0) return undefined;
    const othersOff = Object.fromEntries(others.map((o) => [o, OFF(o)])) as Partial<GenisysParams>;
    const alone = compiled(othersOff);
    // Alone it acts (the attack with it differs from the attack with no cover rule given): it only adds nothing beside the others.
    return alone !== null && alone !== compiled({ ...othersOff, [k]: OFF(k) }) ? others.map(flagOf) : undefined;
  };
  return rules.flatMap((rule): IdleWeaponRule[] => {
    const idle = ruleIdle(rule);
    if (!idle) return [];
    const k = rule.key as CoverRule;
    const b = (COVER_RULES as readonly string[]).includes(rule.key) ? besides(k) : undefined;
    return [b ? { ...rule, besides: b } : rule];
  });

  function ruleIdle(rule: IdleWeaponRule): boolean {
    // A Size given (not auto) that two far-apart Sizes would leave as it is.
    if (rule.key === 'size') return asked.size !== undefined && asked.size !== 'auto' && same({ size: 0 }) && same({ size: 1000 });
    // A cover given (not auto; none too: at Long range the target is in cover whatever it says) that no cover and hard cover would leave as it is; not one the save shown comes from (hard cover at Long range).
    if (rule.key === 'cover') return asked.cover !== undefined && asked.cover !== 'auto' && !(plan.saveCover ?? '').startsWith(String(p.cover)) && same({ cover: 'none' }) && same({ cover: 'hard' });
    // --no-cover-saves: false given, and true would leave the attack as it is.
    if (rule.key === 'coverSaves') return asked.coverSaves === false && p.coverSaves === false && same({ coverSaves: true });
    if (asked[rule.key] !== true || p[rule.key] !== true) return false;
    return same({ [rule.key]: false });
  }
}

/** Why a target takes no cover save: the first of the rules that take it away. */
function coverlessWhy(p: GenisysParams): string {
  if (!p.coverSaves) return 'it may not take cover saves: --no-cover-saves';
  if (p.mindless) return 'it is Mindless: it never takes cover saves';
  if (p.flame) return 'a Flame weapon allows no cover';
  if (p.ignoresCover) return 'the weapon ignores cover';
  if (p.open) return "it is 'in the open': --open";
  return 'no save applies at this range';
}
