// The turn-by-turn trace of one game: the line format, names of spaces and victims, the
// end-of-turn state, and the replay of game K of a run with tracing on. Rules call traceLine only
// behind `if (g.trace)`, so an untraced game builds no string.
import { streamFor } from '../../core/rng.js';
import { OUTCOME_DIED_IN_DESTINY, OUTCOME_DIED_IN_PLAY, OUTCOME_WON, V_BOARD, V_CONSEQUENCE, V_DEATH_TOKEN, V_FG_CARD, V_LIMBO, V_SAVED } from './terrorDecision.js';
import type { TerrorGame } from './terrorGame.js';

/** Appends `msg` to the trace, prefixed with the turn. Call only when g.trace is on. */
export function traceLine(g: TerrorGame, msg: string): void {
  g.trace!.push(`turn ${g.turn}: ${msg}`);
}

export function spaceName(g: TerrorGame, s: number): string {
  return g.data.location.spaces[s]?.name ?? `space ${s}`;
}

export function victimName(g: TerrorGame, v: number): string {
  return v < g.fc ? `${g.data.fatedVictims[v]} (Fated)` : `victim ${v - g.fc + 1}`;
}

/** Three lines with the visible state at the end of a turn. */
export function traceEndOfTurn(g: TerrorGame): void {
  const where = (v: number) => {
    switch (g.vState[v]) {
      case V_BOARD: return spaceName(g, g.vSpace[v]);
      case V_DEATH_TOKEN: return `on Death token ${g.deathOn.indexOf(v) + 1}`;
      case V_LIMBO: return 'Limbo';
      case V_CONSEQUENCE: return `Consequence ${g.consVictim.indexOf(v) + 1}`;
      case V_FG_CARD: return 'saved';
      case V_SAVED: return 'saved';
      default: return 'dead';
    }
  };
  const fated = [];
  const normal = [];
  for (let v = 0; v < g.nVictims; v++) {
    if (v < g.fc) fated.push(`${g.data.fatedVictims[v]}: ${where(v)}`);
    else normal.push(`${v - g.fc + 1}: ${where(v)}`);
  }
  const order = [];
  for (let p = 0; p < g.fc; p++) order.push(g.deathDone[p] ? 'done' : g.deathFaceUp[p] ? g.data.fatedVictims[g.deathPic[p]] : '?');
  traceLine(g, `end of turn: health ${g.health_}, horror ${g.horror_}, bloodlust ${g.bloodlust_}, items ${g.items_}, hand ${g.handTotal()}, at ${spaceName(g, g.fgSpace_)}`);
  traceLine(g, `  Death tokens (as seen): [${order.join(', ')}]; Fated Victims: ${fated.join('; ')}`);
  traceLine(g, `  victims: ${normal.join('; ')}`);
}

const OUTCOME_TEXT: Record<number, string> = {
  [OUTCOME_WON]: 'survives Destiny (win)',
  [OUTCOME_DIED_IN_PLAY]: 'dies during play',
  [OUTCOME_DIED_IN_DESTINY]: 'dies in the Destiny phase',
};

/** Plays game `index` of run `seed` on `game` with tracing on (the same game as in the full run: tracing draws nothing). */
export function traceGame(game: TerrorGame, seed: number, index: number): { outcome: string; lines: string[] } {
  game.trace = [];
  game.reset(streamFor(seed, index));
  game.play();
  const lines = game.trace;
  game.trace = null;
  return { outcome: OUTCOME_TEXT[game.outcome] ?? 'unfinished', lines };
}
