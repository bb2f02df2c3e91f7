// Exact odds of the Pillars of Fate roll and the Initiative roll, counted over the 36 outcomes of
// 2d6. Rulebook: 2. Pillars of Fate Phase, PILLARS OF FATE EXAMPLES, 4. Initiative Phase,
// Round Structure (10 rounds), Placing The Pillars of Fate (5 pillars numbered 1..5).
import { FATE_OUTCOMES, fateSumCounts, forEachFateRoll, fraction } from './fateDice.js';

/** Pillars numbered 1..5 (rulebook: Placing The Pillars of Fate); die faces 1..5 name them. */
export const PILLARS = 5;
/** The face that gives a Secret Mission (rulebook: 2. Pillars of Fate Phase). */
export const SECRET_FACE = 6;

export type PillarRollKind = 'twoPillars' | 'doubles' | 'secretMission' | 'criticalMission';

export interface PillarRoll {
  kind: PillarRollKind;
  /** Pillars named by the dice (0, 1 or 2 of them). */
  pillars: number[];
  /** Victory-point multiplier of a controlled objective. */
  vpMultiplier: number;
  /** Secret picks available (a Secret or Critical Mission: any pillar chosen at the end of the round). */
  secretPicks: number;
  /** Most Victory Points this roll can score in one round. */
  maxVictoryPoints: number;
}

/** Classifies one Pillars of Fate roll of dice a, b (each 1..6). */
export function classifyPillarRoll(a: number, b: number): PillarRoll {
  if (a === SECRET_FACE && b === SECRET_FACE) {
    // rulebook: PILLARS OF FATE EXAMPLES — double 6s: a Critical Mission, the only objective, double VP.
    return { kind: 'criticalMission', pillars: [], vpMultiplier: 2, secretPicks: 1, maxVictoryPoints: 2 };
  }
  if (a === SECRET_FACE || b === SECRET_FACE) {
    // rulebook: 2. Pillars of Fate Phase — a 6 gives a Secret Mission; "the other die still scores normally".
    const other = a === SECRET_FACE ? b : a;
    return { kind: 'secretMission', pillars: [other], vpMultiplier: 1, secretPicks: 1, maxVictoryPoints: 2 };
  }
  if (a === b) {
    // rulebook: PILLARS OF FATE EXAMPLES — doubles: only that pillar scores, for double Victory Points.
    return { kind: 'doubles', pillars: [a], vpMultiplier: 2, secretPicks: 0, maxVictoryPoints: 2 };
  }
  // rulebook: PILLARS OF FATE EXAMPLES — "a 2 and a 5 ... may score Pillar 2 and Pillar 5".
  return { kind: 'twoPillars', pillars: a < b ? [a, b] : [b, a], vpMultiplier: 1, secretPicks: 0, maxVictoryPoints: 2 };
}

export interface PillarOdds {
  /** Counts over the 36 outcomes by kind. */
  kinds: Record<PillarRollKind, number>;
  /** At least one 6 (a Secret Mission, Critical included). */
  anySix: number;
  /** perPillar[k-1]: outcomes where pillar k is named by the dice, and where it is doubled. */
  perPillar: { pillar: number; named: number; doubled: number }[];
  /** Outcomes by the most Victory Points the roll can score. */
  maxVictoryPoints: Record<number, number>;
}

export function pillarOdds(): PillarOdds {
  const kinds: Record<PillarRollKind, number> = { twoPillars: 0, doubles: 0, secretMission: 0, criticalMission: 0 };
  const perPillar = Array.from({ length: PILLARS }, (_, i) => ({ pillar: i + 1, named: 0, doubled: 0 }));
  const maxVictoryPoints: Record<number, number> = {};
  let anySix = 0;
  forEachFateRoll((a, b) => {
    const r = classifyPillarRoll(a, b);
    kinds[r.kind] += 1;
    if (a === SECRET_FACE || b === SECRET_FACE) anySix += 1;
    for (const k of r.pillars) {
      perPillar[k - 1].named += 1;
      if (r.kind === 'doubles') perPillar[k - 1].doubled += 1;
    }
    maxVictoryPoints[r.maxVictoryPoints] = (maxVictoryPoints[r.maxVictoryPoints] ?? 0) + 1;
  });
  return { kinds, anySix, perPillar, maxVictoryPoints };
}

/** Binomial(n, p): out[k] = P(exactly k of n independent rounds), k in [0, n]. */
export function binomial(n: number, p: number): number[] {
  let dist = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      next[k] += dist[k] * (1 - p);
      next[k + 1] += dist[k] * p;
    }
    dist = next;
  }
  return dist;
}

export interface InitiativeOdds {
  /** Counts over the 36 × 36 pairs of rolls. */
  firstHigher: number;
  ties: number;
  total: number;
  /** P(first player wins, ties re-rolled) = firstHigher / (total - ties). */
  pWin: number;
  /** rerolls[k] = P(exactly k tie re-rolls), until the rest is below tailBelow. */
  rerolls: number[];
  meanRerolls: number;
  tailRemaining: number;
}

/** Initiative: both roll Fate, higher wins, ties re-roll (rulebook: 4. Initiative Phase). */
export function initiativeOdds(tailBelow = 1e-9): InitiativeOdds {
  const sums = fateSumCounts();
  let firstHigher = 0;
  let ties = 0;
  for (let x = 2; x <= 12; x++)
    for (let y = 2; y <= 12; y++) {
      if (x > y) firstHigher += sums[x] * sums[y];
      else if (x === y) ties += sums[x] * sums[y]; // rulebook: 4. Initiative Phase — "If both players tie, they reroll."
    }
  const total = FATE_OUTCOMES * FATE_OUTCOMES;
  const t = ties / total;
  const rerolls: number[] = [];
  let rest = 1;
  while (rest >= tailBelow) {
    rerolls.push(rest * (1 - t)); // geometric: k ties then a decisive roll
    rest *= t;
  }
  return { firstHigher, ties, total, pWin: firstHigher / (total - ties), rerolls, meanRerolls: t / (1 - t), tailRemaining: rest };
}

export interface PillarsReportResult {
  outcomes: { kind: string; count: number; p: number; fraction: string }[];
  secretMissionAny: { count: number; p: number; fraction: string };
  doublesWithoutSix: { count: number; p: number; fraction: string };
  perPillar: { pillar: number; pObjective: number; fraction: string; pDoubled: number; doubledFraction: string }[];
  maxVictoryPoints: { vp: number; p: number }[];
  objectiveRounds: { rounds: number; pillarP: number; distribution: { k: number; p: number }[]; mean: number };
  initiative: { pWin: number; pWinFraction: string; pTie: number; pTieFraction: string; meanRerolls: number; rerolls: { rerolls: number; p: number }[]; tailRemaining: number };
}

/** Everything `sim dualfates pillars` reports, for a game of `rounds` rounds. */
export function pillarsResult(rounds: number): PillarsReportResult {
  const o = pillarOdds();
  const row = (count: number) => ({ count, p: count / FATE_OUTCOMES, fraction: fraction(count, FATE_OUTCOMES) });
  const named = o.perPillar[0].named / FATE_OUTCOMES;
  const dist = binomial(rounds, named);
  const ini = initiativeOdds();
  return {
    outcomes: (Object.keys(o.kinds) as PillarRollKind[]).map((k) => ({ kind: k, ...row(o.kinds[k]) })),
    secretMissionAny: row(o.anySix),
    doublesWithoutSix: row(o.kinds.doubles),
    perPillar: o.perPillar.map((q) => ({ pillar: q.pillar, pObjective: q.named / FATE_OUTCOMES, fraction: fraction(q.named, FATE_OUTCOMES), pDoubled: q.doubled / FATE_OUTCOMES, doubledFraction: fraction(q.doubled, FATE_OUTCOMES) })),
    maxVictoryPoints: Object.entries(o.maxVictoryPoints).map(([vp, c]) => ({ vp: Number(vp), p: c / FATE_OUTCOMES })),
    objectiveRounds: { rounds, pillarP: named, distribution: dist.map((p, k) => ({ k, p })), mean: rounds * named },
    initiative: {
      pWin: ini.pWin,
      pWinFraction: fraction(ini.firstHigher, ini.total - ini.ties),
      pTie: ini.ties / ini.total,
      pTieFraction: fraction(ini.ties, ini.total),
      meanRerolls: ini.meanRerolls,
      rerolls: ini.rerolls.map((p, k) => ({ rerolls: k, p })),
      tailRemaining: ini.tailRemaining,
    },
  };
}
