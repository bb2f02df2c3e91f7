// Builds the Dark Fate report rows from exact aggregate totals: win rate with a Wilson interval,
// losses by cause, turn-cap hits (apart), turns, staggers, destroyed Rev-9s, flees, wounds.
import type { Totals } from '../../core/aggregate.js';
import type { ResultTable } from '../../core/reportTypes.js';
import { countSummary, proportion, type CountEstimate, type ProportionEstimate } from '../../core/intervals.js';
import type { CardTable } from './cardData.js';
import type { DarkFateSetup } from './darkfateRules.js';
import { designerStats, designerTables, type DesignerStats } from './designerStats.js';

export interface DarkFateVersionResult {
  rev9: string;
  name: string;
  games: number;
  win: ProportionEstimate;
  lossThreeWounds: ProportionEstimate;
  lossEmptyWoundDeck: ProportionEstimate;
  /** Safety-net stops: neither a win nor a loss. */
  turnCap: ProportionEstimate;
  turns: CountEstimate;
  turnsWhenWon: CountEstimate;
  staggers: CountEstimate;
  rev9Destroyed: CountEstimate;
  flees: CountEstimate;
  woundsTaken: CountEstimate;
  /** Player turns of lost games (the turn cap is not a loss). */
  turnsWhenLost: CountEstimate;
  /** Designer statistics: per card, per seat, first player, game length (designerStats.ts). */
  designer: DesignerStats;
}

/**
 * Rules questions the rulebook leaves open, decided in the engine (each also in
 * scenarios/darkfate/README.md); the flee line follows the reading of "End the hunt phase" in use.
 */
export function engineAssumptions(fleeEndsHunt: boolean, goOnWithoutMe = false): string[] {
  return [
    'fight can damage a Rev-9 only while it is on the hunt',
    'a hostile card at its resistance is always moved to the bottom of the fate deck',
    'character powers and skills act at the start of each play phase; a skill acts from the turn after it is played',
    fleeEndsHunt
      ? 'the players choose which damaged Rev-9s flee; a flee ends the hunt phase, so a Rev-9 that did not flee does not hunt that turn (--flee-ends-hunt)'
      : 'the players choose which damaged Rev-9s flee; undamaged ones cannot flee, and they and any left out of the flee still hunt (--flee-ends-hunt reads it the other way)',
    'a Rev-9 drawn by a card effect outside the reserve phase goes on the hunt',
    'a hunt activates the hostiles in the reserve, then draws from the fate deck; a hostile a drawn card adds to the reserve waits for a later hunt',
    'a defense card used against an attack goes to its owner\'s discard pile; players are asked from the current player leftwards',
    'the Fully Operational Rev-9, destroyed when staggered, splits into the Endoskeleton and the Liquid Exoskeleton (undamaged, on the hunt)',
    'the Damaged Endo on the hunt with 5+ damage at the hunt phase flees by itself',
    'drawing from an empty fate deck draws nothing; players see all hands (cooperative game), never deck order',
    ...(goOnWithoutMe
      ? ["Go On Without Me!: a player who dies during their own play phase stops there; the cards they played go to their owners' discard piles, their hand stays and they draw nothing; a dead player is not among \"any player\" (gains no card, lends no leadership card, plays no defense); \"wound each player\" wounds the players in the order of the set-up's characters, not from the current player"]
      : []),
  ];
}

export function darkfateVersionResult(rev9: string, name: string, totals: Totals, confidence: number, cards: CardTable, setup: DarkFateSetup): DarkFateVersionResult {
  const rate = (m: string) => {
    const t = totals.get(m);
    return proportion(Number(t.sum), t.n, confidence);
  };
  const count = (m: string) => countSummary(totals.get(m), confidence);
  return {
    rev9,
    name,
    games: totals.get('win').n,
    win: rate('win'),
    lossThreeWounds: rate('lossThreeWounds'),
    lossEmptyWoundDeck: rate('lossEmptyWoundDeck'),
    turnCap: rate('turnCap'),
    turns: count('turns'),
    turnsWhenWon: count('turnsWhenWon'),
    staggers: count('staggers'),
    rev9Destroyed: count('rev9Destroyed'),
    flees: count('flees'),
    woundsTaken: count('woundsTaken'),
    turnsWhenLost: count('turnsWhenLost'),
    designer: designerStats(totals, cards, setup, confidence),
  };
}

/** Report tables; `woundsToDie` (the rule in force) labels the column of deaths by wounds in hand. */
export function darkfateTables(rows: DarkFateVersionResult[], woundsToDie: number): ResultTable[] {
  return [...mainTables(rows, woundsToDie), ...designerTables(rows)];
}

function mainTables(rows: DarkFateVersionResult[], woundsToDie: number): ResultTable[] {
  return [
    {
      title: 'Win rate and causes of loss by Rev-9 version',
      columns: [
        { key: 'rev9', header: 'Rev-9', format: 'text' },
        { key: 'win', header: 'win', format: 'prob' },
        { key: 'winLo', header: 'lo', format: 'prob' },
        { key: 'winHi', header: 'hi', format: 'prob' },
        { key: 'lossThreeWounds', header: `${woundsToDie} wound${woundsToDie === 1 ? '' : 's'}`, format: 'prob' },
        { key: 'lossEmptyWoundDeck', header: 'no wounds left', format: 'prob' },
        { key: 'turnCapHits', header: 'turn-cap games', format: 'int' },
        { key: 'games', header: 'games', format: 'int' },
      ],
      rows: rows.map((r) => ({
        rev9: r.name,
        win: r.win.estimate,
        winLo: r.win.lo,
        winHi: r.win.hi,
        lossThreeWounds: r.lossThreeWounds.estimate,
        lossEmptyWoundDeck: r.lossEmptyWoundDeck.estimate,
        turnCapHits: r.turnCap.k,
        games: r.games,
      })),
    },
    {
      title: 'Per game (means; turns are player turns; "won in" / "lost in": turns of won / lost games)',
      columns: [
        { key: 'rev9', header: 'Rev-9', format: 'text' },
        { key: 'turns', header: 'turns', format: 'fixed2' },
        { key: 'p10', header: 'p10', format: 'int' },
        { key: 'p50', header: 'p50', format: 'int' },
        { key: 'p90', header: 'p90', format: 'int' },
        { key: 'turnsWhenWon', header: 'won in', format: 'fixed2' },
        { key: 'turnsWhenLost', header: 'lost in', format: 'fixed2' },
        { key: 'staggers', header: 'staggers', format: 'fixed2' },
        { key: 'rev9Destroyed', header: 'Rev-9s destroyed', format: 'fixed2' },
        { key: 'flees', header: 'flees', format: 'fixed2' },
        { key: 'wounds', header: 'wounds', format: 'fixed2' },
      ],
      rows: rows.map((r) => ({
        rev9: r.name,
        turns: r.turns.mean,
        p10: r.turns.p10,
        p50: r.turns.p50,
        p90: r.turns.p90,
        turnsWhenWon: r.turnsWhenWon.n > 0 ? r.turnsWhenWon.mean : null,
        turnsWhenLost: r.turnsWhenLost.n > 0 ? r.turnsWhenLost.mean : null,
        staggers: r.staggers.mean,
        rev9Destroyed: r.rev9Destroyed.mean,
        flees: r.flees.mean,
        wounds: r.woundsTaken.mean,
      })),
    },
  ];
}
