// Builds the `sim terror` result (JSON contract) and its tables from the run's exact totals.
import type { Totals } from '../../core/aggregate.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { countSummary, proportion, type CountEstimate, type ProportionEstimate } from '../../core/intervals.js';
import { maxHealthValue, NEED_KINDS, type TerrorData } from './terrorData.js';

/** Why the rulebook's first achievement is not reported (issue 20). */
export const FIVE_LOCATIONS_NOT_MODELLED =
  'Achievement "win a game at five different locations": not measurable here: the model has one Location (the data file\'s, Utopia in the bundled data, whose board is invented), so a win rate per Location would repeat the one above. With five Location transcriptions, run each (--data FILE): the achievement needs one win at each, so the games it takes follow from the five win rates.';

export interface CountResult extends CountEstimate {
  /** distribution[k] = share of games with value k, k in [0, max]. */
  distribution: number[];
}

export interface TerrorResult {
  deathOrder: string;
  policy: string;
  survival: ProportionEstimate;
  diedInPlay: ProportionEstimate;
  diedInDestiny: ProportionEstimate;
  fatedVictims: { saved: CountResult; killed: CountResult; limbo: CountResult; outOfOrder: CountResult };
  /** Wins at 0 health, on the unflipped Final Health token (part of survival). */
  wonOnFinalHealth: ProportionEstimate;
  achievements: {
    noLimbo: ProportionEstimate;
    allSaved: ProportionEstimate;
    allConsequences: ProportionEstimate;
    fiveLocations: { modelled: false; why: string };
  };
  perDeathOrder: {
    card: number;
    name: string;
    games: number;
    survival: ProportionEstimate;
    noLimbo: ProportionEstimate;
    allSaved: ProportionEstimate;
    allConsequences: ProportionEstimate;
  }[];
  game: { turns: CountEstimate; terrorConsumed: CountEstimate; consequencesResolved: CountEstimate; victimsSaved: CountEstimate; victimsKilled: CountEstimate; healthAtEnd: CountEstimate };
  /** Designer statistics (issue 15), over the games that reached the Destiny phase. */
  designer: {
    /** P(win | k Fated Victims killed), k in [0, fatedCount]: `games` reached the Destiny phase with k killed. */
    winByKilled: { killed: number; games: number; win: ProportionEstimate }[];
    /** Per Consequence card (data order): how often its requirement was unmet among the games that resolved it. */
    consequences: { card: number; name: string; need: string; n: number; games: number; failed: ProportionEstimate }[];
    /** Health entering the Destiny phase; distribution[h] = share of those games with health h. */
    destinyHealth: CountResult;
    /** P(win | health h entering the Destiny phase). */
    winByHealth: { health: number; games: number; win: ProportionEstimate }[];
  };
}

function rate(t: Totals, name: string, confidence: number): ProportionEstimate {
  const m = t.get(name);
  return proportion(m.bins[1], m.n, confidence);
}

function counts(t: Totals, name: string, confidence: number): CountResult {
  const m = t.get(name);
  return { ...countSummary(m, confidence), distribution: m.bins.map((b) => (m.n > 0 ? b / m.n : NaN)) };
}

export function terrorResult(totals: Totals, data: TerrorData, deathOrder: string, policy: string, confidence: number): TerrorResult {
  return {
    deathOrder,
    policy,
    survival: rate(totals, 'survived', confidence),
    diedInPlay: rate(totals, 'diedInPlay', confidence),
    diedInDestiny: rate(totals, 'diedInDestiny', confidence),
    fatedVictims: { saved: counts(totals, 'fatedSaved', confidence), killed: counts(totals, 'fatedKilled', confidence), limbo: counts(totals, 'fatedLimbo', confidence), outOfOrder: counts(totals, 'fatedOutOfOrder', confidence) },
    wonOnFinalHealth: rate(totals, 'wonOnFinalHealth', confidence),
    achievements: {
      noLimbo: rate(totals, 'achNoLimbo', confidence),
      allSaved: rate(totals, 'achAllSaved', confidence),
      allConsequences: rate(totals, 'achAllConsequences', confidence),
      fiveLocations: { modelled: false, why: FIVE_LOCATIONS_NOT_MODELLED },
    },
    perDeathOrder: data.deathOrders
      .map((o, c) => ({
        card: c + 1,
        name: o.name,
        games: totals.get(`card${c + 1}Survived`).n,
        survival: rate(totals, `card${c + 1}Survived`, confidence),
        noLimbo: rate(totals, `card${c + 1}NoLimbo`, confidence),
        allSaved: rate(totals, `card${c + 1}AllSaved`, confidence),
        allConsequences: rate(totals, `card${c + 1}AllConsequences`, confidence),
      }))
      .filter((r) => r.games > 0),
    game: {
      turns: countSummary(totals.get('turns'), confidence),
      terrorConsumed: countSummary(totals.get('terrorConsumed'), confidence),
      consequencesResolved: countSummary(totals.get('consequencesResolved'), confidence),
      victimsSaved: countSummary(totals.get('victimsSaved'), confidence),
      victimsKilled: countSummary(totals.get('victimsKilled'), confidence),
      healthAtEnd: countSummary(totals.get('healthAtEnd'), confidence),
    },
    designer: {
      winByKilled: Array.from({ length: data.fatedDeath.count + 1 }, (_, k) => {
        const win = rate(totals, `winKilled${k}`, confidence);
        return { killed: k, games: win.n, win };
      }),
      consequences: data.consequences.map((c, i) => {
        const failed = rate(totals, `consFailed${i + 1}`, confidence);
        return { card: i + 1, name: c.name, need: NEED_KINDS[c.need], n: c.n, games: failed.n, failed };
      }),
      destinyHealth: counts(totals, 'destinyHealth', confidence),
      winByHealth: Array.from({ length: maxHealthValue(data) + 1 }, (_, h) => {
        const win = rate(totals, `winAtHealth${h}`, confidence);
        return { health: h, games: win.n, win };
      }),
    },
  };
}

const rateCols = [
  { key: 'metric', header: 'outcome', format: 'text' as const },
  { key: 'estimate', header: 'rate', format: 'prob' as const },
  { key: 'lo', header: 'lo', format: 'prob' as const },
  { key: 'hi', header: 'hi', format: 'prob' as const },
  { key: 'k', header: 'games', format: 'int' as const },
];

export function terrorTables(r: TerrorResult, fatedCount: number): ResultTable[] {
  const rateRow = (metric: string, p: ProportionEstimate) => ({ metric, estimate: p.estimate, lo: p.lo, hi: p.hi, k: p.k });
  const countRow = (metric: string, c: CountEstimate) => ({ metric, mean: c.mean, lo: c.lo, hi: c.hi, p10: c.p10, p50: c.p50, p90: c.p90 });
  const dist: Record<string, number | string>[] = [];
  for (let k = 0; k <= fatedCount; k++) {
    dist.push({ k, saved: r.fatedVictims.saved.distribution[k], killed: r.fatedVictims.killed.distribution[k], limbo: r.fatedVictims.limbo.distribution[k] });
  }
  return [
    {
      title: 'How the game ends',
      columns: rateCols,
      rows: [
        rateRow('survives Destiny (win)', r.survival),
        rateRow('  of which at 0 health, on the unflipped Final Health token', r.wonOnFinalHealth),
        rateRow('dies during play', r.diedInPlay),
        rateRow('dies in the Destiny phase', r.diedInDestiny),
      ],
    },
    {
      title: 'Fated Victims per game (saved = on the Final Girl card, killed = on a Consequence card, Limbo = ever sent there)',
      columns: [
        { key: 'metric', header: 'Fated Victims', format: 'text' },
        { key: 'mean', header: 'mean', format: 'fixed2' },
        { key: 'lo', header: 'lo', format: 'fixed2' },
        { key: 'hi', header: 'hi', format: 'fixed2' },
        { key: 'p10', header: 'p10', format: 'int' },
        { key: 'p50', header: 'p50', format: 'int' },
        { key: 'p90', header: 'p90', format: 'int' },
      ],
      rows: [countRow('saved', r.fatedVictims.saved), countRow('killed', r.fatedVictims.killed), countRow('in Limbo', r.fatedVictims.limbo), countRow('saved out of order (to Limbo)', r.fatedVictims.outOfOrder)],
    },
    {
      title: 'Distribution: share of games with exactly k Fated Victims',
      columns: [
        { key: 'k', header: 'k', format: 'int' },
        { key: 'saved', header: 'saved', format: 'prob' },
        { key: 'killed', header: 'killed', format: 'prob' },
        { key: 'limbo', header: 'in Limbo', format: 'prob' },
      ],
      rows: dist,
    },
    {
      title: 'Achievements (rulebook: Achievements), share of all games',
      columns: rateCols,
      rows: [
        rateRow('win with no Fated Victim in Limbo', r.achievements.noLimbo),
        rateRow('win with all Fated Victims saved', r.achievements.allSaved),
        rateRow(`win with all ${fatedCount} Consequence cards resolved`, r.achievements.allConsequences),
      ],
    },
    {
      title: 'Per Death Order card (rates among the games played with that card)',
      columns: [
        { key: 'name', header: 'Death Order card', format: 'text' },
        { key: 'games', header: 'games', format: 'int' },
        { key: 'win', header: 'win', format: 'prob' },
        { key: 'lo', header: 'lo', format: 'prob' },
        { key: 'hi', header: 'hi', format: 'prob' },
        { key: 'noLimbo', header: 'no Limbo win', format: 'prob' },
        { key: 'allSaved', header: 'all saved win', format: 'prob' },
        { key: 'allConsequences', header: 'all Consequences win', format: 'prob' },
      ],
      rows: r.perDeathOrder.map((c) => ({
        name: `${c.card}: ${c.name}`,
        games: c.games,
        win: c.survival.estimate,
        lo: c.survival.lo,
        hi: c.survival.hi,
        noLimbo: c.noLimbo.estimate,
        allSaved: c.allSaved.estimate,
        allConsequences: c.allConsequences.estimate,
      })),
    },
    {
      title: 'The game around it (model)',
      columns: [
        { key: 'metric', header: 'per game', format: 'text' },
        { key: 'mean', header: 'mean', format: 'fixed2' },
        { key: 'lo', header: 'lo', format: 'fixed2' },
        { key: 'hi', header: 'hi', format: 'fixed2' },
        { key: 'p10', header: 'p10', format: 'int' },
        { key: 'p50', header: 'p50', format: 'int' },
        { key: 'p90', header: 'p90', format: 'int' },
      ],
      rows: [
        countRow('turns', r.game.turns),
        countRow('terror cards consumed', r.game.terrorConsumed),
        countRow('Consequence cards resolved', r.game.consequencesResolved),
        countRow('normal victims saved', r.game.victimsSaved),
        countRow('normal victims killed', r.game.victimsKilled),
        countRow('health at the end (0: dead, or a win on the Final Health token)', r.game.healthAtEnd),
      ],
    },
    ...designerTables(r),
  ];
}

const condCols = (label: string, header: string) => [
  { key: label, header, format: 'int' as const },
  { key: 'games', header: 'games', format: 'int' as const },
  { key: 'win', header: 'win', format: 'prob' as const },
  { key: 'lo', header: 'lo', format: 'prob' as const },
  { key: 'hi', header: 'hi', format: 'prob' as const },
];

/** Designer statistics: P(win | k killed), each Consequence's failure rate, health entering the Destiny phase. */
export function designerTables(r: TerrorResult): ResultTable[] {
  const d = r.designer;
  return [
    {
      title: 'Destiny phase by Fated Victims killed: P(win | k killed), games that reached it',
      columns: condCols('killed', 'killed'),
      rows: d.winByKilled.map((w) => ({ killed: w.killed, games: w.games, win: w.win.estimate, lo: w.win.lo, hi: w.win.hi })),
    },
    {
      title: 'Consequence cards: requirement unmet (Punishment paid), among the Destiny phases that resolved the card',
      columns: [
        { key: 'name', header: 'Consequence card', format: 'text' },
        { key: 'need', header: 'requirement', format: 'text' },
        { key: 'games', header: 'resolved', format: 'int' },
        { key: 'failed', header: 'unmet', format: 'prob' },
        { key: 'lo', header: 'lo', format: 'prob' },
        { key: 'hi', header: 'hi', format: 'prob' },
      ],
      rows: d.consequences.map((c) => ({ name: `${c.card}: ${c.name}`, need: `${c.need} ${c.n}`, games: c.games, failed: c.failed.estimate, lo: c.failed.lo, hi: c.failed.hi })),
    },
    {
      title: `Health entering the Destiny phase (mean ${fmt(d.destinyHealth.mean)}, ${fmt(d.destinyHealth.lo)}-${fmt(d.destinyHealth.hi)}): share of those games, and P(win | health)`,
      columns: [
        { key: 'health', header: 'health', format: 'int' },
        { key: 'share', header: 'share', format: 'prob' },
        { key: 'games', header: 'games', format: 'int' },
        { key: 'win', header: 'win', format: 'prob' },
        { key: 'lo', header: 'lo', format: 'prob' },
        { key: 'hi', header: 'hi', format: 'prob' },
      ],
      rows: d.winByHealth.map((w) => ({ health: w.health, share: d.destinyHealth.distribution[w.health] ?? 0, games: w.games, win: w.win.estimate, lo: w.win.lo, hi: w.win.hi })),
    },
  ];
}

const fmt = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
