// Stopping rules of a paired run (`sim compare --target-ci`, `--until-decided`): how many games
// to play, look by look, given the current interval of the main difference. Deterministic given
// the data, so a run with the same seed stops at the same games.

/** Stopping rule for the paired run. */
export type StopRule =
  | { kind: 'fixed'; n: number }
  | { kind: 'target-ci'; first: number; target: number; max: number }
  | { kind: 'until-decided'; first: number; margin: number; max: number; alpha: number };

export type StopDecision = 'fixed' | 'target reached' | 'maximum reached' | 'different' | 'smaller than margin' | 'undecided' | 'identical' | 'interrupted';

export interface StopOutcome {
  /** The game's name for this simulation (a Rev-9 version), else its number. */
  label: string;
  rule: StopRule['kind'];
  games: number;
  looks: number;
  decision: StopDecision;
  /** The rule's settings as played (not for a fixed n): the first look, the half-width or margin, the maximum, the metric it watched. */
  settings?: { first: number; max: number; metric: string; target?: number; margin?: number; alpha?: number };
}

/** The main difference's interval and p-value at a confidence level, from the games so far. */
export type MainDifference = (confidence: number) => { lo: number; hi: number; pValue: number };

/** Next batch size for --target-ci from the current half-width (deterministic given the data). */
export function nextTargetBatch(done: number, half: number, target: number, max: number): number {
  // No interval yet (too few pairs or no spread): double the games.
  if (!Number.isFinite(half)) return Math.max(0, Math.min(max - done, Math.max(1, done)));
  const needed = Math.ceil(done * (half / target) ** 2 * 1.1);
  return Math.max(0, Math.min(max - done, Math.max(needed - done, Math.ceil(done / 4))));
}

/**
 * Planned looks for --until-decided: the batch doubles from `first` up to `max`. The test at each
 * look uses alpha / looks (Bonferroni over the planned looks), so the chance of a wrong "different"
 * or a wrong "smaller than margin" stays at most alpha overall.
 */
export function plannedLooks(first: number, max: number): number {
  // Doubling from `first`, the last look is at `max` itself.
  return Math.ceil(Math.log2(Math.max(1, max / first))) + 1;
}

/**
 * Plays batches (`play(count)` adds `count` games and reports how many are done and whether the
 * run was interrupted) until `rule` is met. `identical`: both sides play the very same games, so
 * every difference is exactly 0, which no interval can show: one look suffices.
 */
export async function playUntil(
  rule: StopRule,
  identical: boolean,
  confidence: number,
  play: (count: number) => Promise<{ done: number; partial: boolean }>,
  difference: MainDifference,
): Promise<{ games: number; looks: number; decision: StopDecision }> {
  let done = 0;
  let partial = false;
  const batch = async (count: number) => ({ done, partial } = await play(count));
  let decision: StopDecision = 'fixed';
  let looks = 1;
  if (rule.kind === 'fixed') {
    await batch(rule.n);
  } else if (identical) {
    await batch(Math.min(rule.first, rule.max));
    decision = 'identical';
  } else if (rule.kind === 'target-ci') {
    await batch(Math.min(rule.first, rule.max));
    decision = 'maximum reached';
    for (;;) {
      const d = difference(confidence);
      const half = (d.hi - d.lo) / 2;
      if (half <= rule.target) {
        decision = 'target reached';
        break;
      }
      const next = nextTargetBatch(done, half, rule.target, rule.max);
      if (partial || next <= 0) break;
      await batch(next);
      looks++;
    }
  } else {
    const planned = plannedLooks(rule.first, rule.max);
    const alphaLook = rule.alpha / planned;
    let target = Math.min(rule.first, rule.max);
    decision = 'undecided';
    for (looks = 1; ; looks++) {
      await batch(target - done);
      const d = difference(1 - alphaLook);
      if (d.pValue < alphaLook) {
        decision = 'different';
        break;
      }
      if (d.lo > -rule.margin && d.hi < rule.margin) {
        decision = 'smaller than margin';
        break;
      }
      if (partial || done >= rule.max || looks >= planned) break;
      target = Math.min(rule.max, target * 2);
    }
  }
  if (partial) decision = 'interrupted';
  return { games: done, looks, decision };
}
