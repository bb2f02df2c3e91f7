// Designer statistics of a Dark Fate run, from the exact aggregate totals (the metrics that
// darkfateSim.ts lays out with designerLayout): per card type (copies gained, player turns it was
// bought or played in, copies the hunts destroyed, Rev-9 cards it destroyed, the share of games it
// was gained in and the win rate of those games), per seat (wounds, deaths, cards gained, the win
// rate of the games that seat played first: the first-player effect), turns per character in
// solo mode, and the game-length histogram of won and lost games. Every number has its interval:
// means with their standard-error interval (countSummary), proportions with Wilson's (proportion).
import type { Totals } from '../../core/aggregate.js';
import { countSummary, proportion, type CountEstimate, type ProportionEstimate } from '../../core/intervals.js';
import type { ResultTable } from '../../core/reportTypes.js';
import type { CardTable } from './cardData.js';
import type { DarkFateSetup } from './darkfateRules.js';
import { KW } from './ops.js';

/** One card type's statistics (null where the statistic does not apply to the card's kind). */
export interface CardStats {
  card: string;
  /** 'fate' (in the fate deck), 'starter' (in the starter decks). */
  deck: 'fate' | 'starter';
  /** Copies gained per game (bought or free; not locations). */
  gained: CountEstimate | null;
  /** Player turns per game in which a copy was bought (locations). */
  boughtTurns: CountEstimate | null;
  /** Player turns per game in which a copy was played. */
  playedTurns: CountEstimate | null;
  /** Copies per game destroyed by a hunt drawing them from the fate deck. */
  huntDestroyed: CountEstimate | null;
  /** Rev-9 cards per game this card's text destroyed (which card finished the Rev-9). */
  finished: CountEstimate | null;
  /** Share of games in which a copy was gained (or, a location, bought). */
  gainedIn: ProportionEstimate | null;
  /** Win rate of the games in which a copy was gained (or bought). */
  winIfGained: ProportionEstimate | null;
}

export interface SeatStats {
  /** 1-based seat (player) number. */
  seat: number;
  /** The character(s) of the seat. */
  character: string;
  wounds: CountEstimate;
  died: ProportionEstimate;
  gained: CountEstimate;
  /** Win rate of the games this seat played first (the first player is chosen at random). */
  winWhenFirst: ProportionEstimate;
}

export interface LengthBin {
  /** Player turns in [from, to] (inclusive). */
  from: number;
  to: number;
  won: number;
  lost: number;
  /** Share of all games that were won, and that were lost, in this many turns. */
  wonShare: ProportionEstimate;
  lostShare: ProportionEstimate;
}

export interface DesignerStats {
  cards: CardStats[];
  seats: SeatStats[];
  /** Solo mode: player turns per game as each character. */
  characterTurns: { character: string; turns: CountEstimate }[];
  /** Game length (player turns) of won and lost games, in bins of binWidth turns; games stopped by the turn cap are neither. */
  length: { binWidth: number; bins: LengthBin[] };
}

/** Bin width for a histogram up to `max` turns: about 20 bins of 1, 2, 5, 10, 20, 50 … turns. */
export function lengthBinWidth(max: number): number {
  const raw = Math.max(1, max / 20);
  for (let w = 1; ; w *= 10) for (const m of [1, 2, 5]) if (m * w >= raw) return m * w;
}

/** The designer statistics from a run's totals (the layout of designerLayout for these cards and set-up). */
export function designerStats(totals: Totals, cards: CardTable, setup: DarkFateSetup, confidence: number): DesignerStats {
  const games = totals.get('win').n;
  const has = (name: string) => totals.layout.metrics.some((m) => m.name === name);
  const count = (name: string) => (has(name) ? countSummary(totals.get(name), confidence) : null);
  const out: DesignerStats = { cards: [], seats: [], characterTurns: [], length: { binWidth: 1, bins: [] } };
  const uniques = new Set(setup.characters.map((c) => cards.characters[c].uniqueType));
  for (let t = 0; t < cards.nTypes; t++) {
    if (cards.kw[t] & (KW.WOUND | KW.HOSTILE)) continue;
    // Starter cards of characters not in the game never appear.
    if (cards.fateCount[t] === 0 && t !== cards.prepType && t !== cards.setbackType && !uniques.has(t)) continue;
    const gotIn = has(`card${t}GainedIn`) ? totals.get(`card${t}GainedIn`) : null;
    const won = has(`card${t}WinGained`) ? totals.get(`card${t}WinGained`) : null;
    out.cards.push({
      card: cards.names[t],
      deck: cards.fateCount[t] > 0 ? 'fate' : 'starter',
      gained: count(`card${t}Gained`),
      boughtTurns: count(`card${t}BoughtTurns`),
      playedTurns: count(`card${t}PlayedTurns`),
      huntDestroyed: count(`card${t}HuntDestroyed`),
      finished: count(`card${t}Finished`),
      gainedIn: gotIn ? proportion(Number(gotIn.sum), games, confidence) : null,
      winIfGained: gotIn && won ? proportion(Number(won.sum), Number(gotIn.sum), confidence) : null,
    });
  }
  for (let s = 0; s < setup.players; s++) {
    const first = Number(totals.get(`seat${s + 1}First`).sum);
    const firstWin = Number(totals.get(`seat${s + 1}FirstWin`).sum);
    const chars = setup.solo ? setup.characters : [setup.characters[s]];
    out.seats.push({
      seat: s + 1,
      character: chars.map((c) => cards.characters[c].name).join(' + '),
      wounds: countSummary(totals.get(`seat${s + 1}Wounds`), confidence),
      died: proportion(Number(totals.get(`seat${s + 1}Died`).sum), games, confidence),
      gained: countSummary(totals.get(`seat${s + 1}Gained`), confidence),
      winWhenFirst: proportion(firstWin, first, confidence),
    });
  }
  if (setup.solo) {
    for (let c = 0; c < cards.characters.length; c++) {
      if (!has(`character${c + 1}Turns`) || !setup.characters.includes(c)) continue;
      out.characterTurns.push({ character: cards.characters[c].name, turns: countSummary(totals.get(`character${c + 1}Turns`), confidence) });
    }
  }
  const won = totals.get('turnsWhenWon');
  const lost = totals.get('turnsWhenLost');
  const maxSeen = Math.max(Number.isFinite(won.max) ? won.max : 0, Number.isFinite(lost.max) ? lost.max : 0);
  const w = lengthBinWidth(maxSeen);
  out.length.binWidth = w;
  for (let from = 0; from <= maxSeen; from += w) {
    let a = 0;
    let b = 0;
    for (let v = from; v < from + w; v++) {
      a += won.bins[v] ?? 0;
      b += lost.bins[v] ?? 0;
    }
    if (from === 0 && a === 0 && b === 0 && maxSeen > 0) continue;
    out.length.bins.push({ from, to: from + w - 1, won: a, lost: b, wonShare: proportion(a, games, confidence), lostShare: proportion(b, games, confidence) });
  }
  // Games past the histogram (never with the default turn cap: the bins cover it).
  if (won.overflow + lost.overflow > 0) {
    const from = won.bins.length;
    out.length.bins.push({ from, to: Math.max(won.max, lost.max), won: won.overflow, lost: lost.overflow, wonShare: proportion(won.overflow, games, confidence), lostShare: proportion(lost.overflow, games, confidence) });
  }
  return out;
}

/** The designer tables of one or more versions (rows keyed by the Rev-9 version). */
export function designerTables(rows: { rev9: string; name?: string; designer: DesignerStats }[]): ResultTable[] {
  // A version by its name, as the charts show it (a table is read by a designer, not a program).
  const nameOf = (r: { rev9: string; name?: string }) => r.name ?? r.rev9;
  const mean = (e: CountEstimate | null) => (e ? e.mean : null);
  return [
    {
      title: 'Cards (per game; played and bought: player turns; win: win rate of the games in which it was gained or bought, conditional on the game lasting long enough to gain it)',
      columns: [
        { key: 'rev9', header: 'Rev-9', format: 'text' },
        { key: 'card', header: 'card', format: 'text' },
        { key: 'gained', header: 'gained', format: 'fixed2' },
        { key: 'bought', header: 'bought', format: 'fixed2' },
        { key: 'played', header: 'played', format: 'fixed2' },
        { key: 'huntDestroyed', header: 'destroyed in a hunt', format: 'fixed2' },
        { key: 'finished', header: 'finished', format: 'fixed2' },
        { key: 'gainedIn', header: 'in games', format: 'prob' },
        { key: 'win', header: 'win', format: 'prob' },
        { key: 'winLo', header: 'lo', format: 'prob' },
        { key: 'winHi', header: 'hi', format: 'prob' },
      ],
      rows: rows.flatMap((r) =>
        r.designer.cards.map((c) => ({
          rev9: nameOf(r),
          card: c.card,
          gained: mean(c.gained),
          bought: mean(c.boughtTurns),
          played: mean(c.playedTurns),
          huntDestroyed: mean(c.huntDestroyed),
          finished: mean(c.finished),
          gainedIn: c.gainedIn ? c.gainedIn.estimate : null,
          win: c.winIfGained && c.winIfGained.n > 0 ? c.winIfGained.estimate : null,
          winLo: c.winIfGained && c.winIfGained.n > 0 ? c.winIfGained.lo : null,
          winHi: c.winIfGained && c.winIfGained.n > 0 ? c.winIfGained.hi : null,
        })),
      ),
    },
    {
      title: 'Seats (per game; "first": win rate of the games that seat played first)',
      columns: [
        { key: 'rev9', header: 'Rev-9', format: 'text' },
        { key: 'seat', header: 'seat', format: 'int' },
        { key: 'character', header: 'character', format: 'text' },
        { key: 'wounds', header: 'wounds', format: 'fixed2' },
        { key: 'died', header: 'died', format: 'prob' },
        { key: 'gained', header: 'gained', format: 'fixed2' },
        { key: 'first', header: 'win when first', format: 'prob' },
        { key: 'firstLo', header: 'lo', format: 'prob' },
        { key: 'firstHi', header: 'hi', format: 'prob' },
        { key: 'firstGames', header: 'games first', format: 'int' },
      ],
      rows: rows.flatMap((r) =>
        r.designer.seats.map((s) => ({
          rev9: nameOf(r),
          seat: s.seat,
          character: s.character,
          wounds: s.wounds.mean,
          died: s.died.estimate,
          gained: s.gained.mean,
          first: s.winWhenFirst.n > 0 ? s.winWhenFirst.estimate : null,
          firstLo: s.winWhenFirst.n > 0 ? s.winWhenFirst.lo : null,
          firstHi: s.winWhenFirst.n > 0 ? s.winWhenFirst.hi : null,
          firstGames: s.winWhenFirst.n,
        })),
      ),
    },
    {
      title: 'Game length (player turns): share of all games won and lost in each bin (games stopped at the turn cap are neither)',
      columns: [
        { key: 'rev9', header: 'Rev-9', format: 'text' },
        { key: 'from', header: 'from', format: 'int' },
        { key: 'to', header: 'to', format: 'int' },
        { key: 'won', header: 'won', format: 'prob' },
        { key: 'lost', header: 'lost', format: 'prob' },
        { key: 'wonGames', header: 'won games', format: 'int' },
        { key: 'lostGames', header: 'lost games', format: 'int' },
      ],
      rows: rows.flatMap((r) =>
        r.designer.length.bins.map((b) => ({ rev9: nameOf(r), from: b.from, to: b.to, won: b.wonShare.estimate, lost: b.lostShare.estimate, wonGames: b.won, lostGames: b.lost })),
      ),
    },
  ];
}
