// The Final Girl's health (public fact: Final Health tokens, read per parameter finalHealth) and
// horror track. onFinalHealth() (the +1 die) is on TerrorGame, as policies see it.
import type { TerrorGame } from './terrorGame.js';
import { traceLine } from './terrorTrace.js';

/**
 * Loses n health (public fact: Final Health tokens). Mutates health/dead/finalFlipped/phaseEnded.
 * finalHealth lastLife (assumption): reaching 0 puts her on the unflipped token, alive; a further
 * loss flips it. flipAtZero (assumption): the token flips as soon as health reaches 0. Either way,
 * after the flip, reaching 0 is death.
 */
export function loseHealth(g: TerrorGame, n: number): void {
  if (n <= 0 || g.dead) return;
  if (g.trace) traceLine(g, `loses ${n} health (now ${Math.max(0, g.health_ - n)})`);
  if (g.health_ > 0) {
    if (n < g.health_) {
      g.health_ -= n;
      return;
    }
    n -= g.health_;
    g.health_ = 0;
    // public fact: Final Health — once the token is flipped, 0 health is death
    if (g.finalFlipped) {
      g.dead = true;
      return;
    }
    // assumption (finalHealth lastLife): at 0 she is on the final health token, alive
    if (!g.flipAtZero && n === 0) {
      if (g.trace) traceLine(g, 'down to the Final Health token');
      return;
    }
  }
  // public fact: flip the Final Health token (here: at 0 health, or a loss while on the token)
  flipFinalHealth(g);
}

/** public fact: flip the Final Health token — a numbered one brings her back with that health (excess loss ignored), a blank one is death. */
function flipFinalHealth(g: TerrorGame): void {
  g.finalFlipped = true;
  if (g.finalToken > 0) {
    g.health_ = g.finalToken;
    // public fact: a revival ends the current phase
    g.phaseEnded = true;
    if (g.trace) traceLine(g, `Final Health token: back with ${g.finalToken} health`);
    return;
  }
  if (g.trace) traceLine(g, 'Final Health token: blank');
  g.health_ = 0;
  g.dead = true;
}

// assumption: every heal is capped at the starting health (data finalGirl.health)
export function heal(g: TerrorGame, n: number): void {
  g.health_ = Math.min(g.maxHealth_, g.health_ + n);
}

/** Moves the horror marker by n, within the track [0, horror.max]. */
export function addHorror(g: TerrorGame, n: number): void {
  g.horror_ = Math.max(0, Math.min(g.data.horror.max, g.horror_ + n));
}
