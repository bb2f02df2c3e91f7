// The die ladder D4 < D6 < D8 < D10 < D12 < D20 and what happens past either end.
// rulebook: Dice-Rolling Jargon – 'Upgrading' and 'Degrading' a Dice Roll.
// A die is a small integer step: 0..5 are D4..D20; OVER_D20 (6) is "a D20 upgraded: the roller
// may re-roll"; UNDER_D4 (-1) is "a D4 degraded: the opponent may force a re-roll". Moving past
// an overflow step stays there (assumption, see scenarios/genisys/README.md: a re-rolled result
// "always stands and can never be re-rolled", so a second overflow step has nothing to add).

export const DIE_NAMES = ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'] as const;
export type DieName = (typeof DIE_NAMES)[number];
export const DIE_SIDES: readonly number[] = [4, 6, 8, 10, 12, 20];

export const UNDER_D4 = -1;
export const OVER_D20 = 6;

/** Who may re-roll a die because it moved past the end of the ladder. */
export const REROLL_NONE = 0;
/** rulebook: Dice-Rolling Jargon – "If a D20 is upgraded, the player can re-roll the result instead". */
export const REROLL_BY_ROLLER = 1;
/** rulebook: Dice-Rolling Jargon – "If a D4 is degraded, the opponent can force the player to re-roll". */
export const REROLL_BY_OPPONENT = 2;

/** Step of a die name ("d8" → 2); throws on anything else. */
export function dieStep(name: string): number {
  const i = (DIE_NAMES as readonly string[]).indexOf(name.toLowerCase());
  if (i < 0) throw new Error(`not a die: ${name} (expected one of ${DIE_NAMES.join(', ')})`);
  return i;
}

/** Moves `step` by `delta` steps (positive = upgrade), clamped to [UNDER_D4, OVER_D20]. */
export function moveDie(step: number, delta: number): number {
  // rulebook: Dice-Rolling Jargon – upgrades/degrades move one step per rule.
  return Math.max(UNDER_D4, Math.min(OVER_D20, step + delta));
}

/** Faces of the die actually rolled at `step` (the overflow steps roll a D4 or a D20). */
export function sidesOf(step: number): number {
  return DIE_SIDES[Math.max(0, Math.min(5, step))];
}

/** The re-roll right an overflow step carries. */
export function rerollOf(step: number): number {
  return step >= OVER_D20 ? REROLL_BY_ROLLER : step <= UNDER_D4 ? REROLL_BY_OPPONENT : REROLL_NONE;
}

/** Human name: "D8", "D20 (re-roll)", "D4 (forced re-roll)". */
export function dieLabel(step: number): string {
  if (step >= OVER_D20) return 'D20 (re-roll)';
  if (step <= UNDER_D4) return 'D4 (forced re-roll)';
  return DIE_NAMES[step].toUpperCase();
}
