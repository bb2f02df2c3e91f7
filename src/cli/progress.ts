// One progress bar for a whole command: every simulate call of a run (each Rev-9 version of
// `--rev9 all`, a sensitivity replay) and every cell of a sweep move the same bar, which names
// what is playing now and shows one ETA for the command. Drawn on stderr, on a terminal only, after
// the command has run for a second; never part of any result.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type cliProgressType from 'cli-progress';
import { err } from './io.js';

// The bar library loads when a bar is first drawn (a terminal, a run past a second), not at start-up.
const requireLib = createRequire(import.meta.url);

/** "eta 1h02m", "eta 3m05s", "eta 12s"; "eta …" while there is too little to go on. */
export function etaText(elapsedMs: number, fraction: number): string {
  if (!(fraction > 0) || !(fraction <= 1) || elapsedMs < 500) return 'eta …';
  const seconds = Math.max(0, Math.round(((elapsedMs / 1000) * (1 - fraction)) / fraction));
  if (!Number.isFinite(seconds)) return 'eta …';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `eta ${h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : m > 0 ? `${m}m${String(s).padStart(2, '0')}s` : `${s}s`}`;
}

/**
 * The progress of one command. `units` is how many runs it plays one after another (a sweep's
 * cells; 1 otherwise); each run announces how many simulate calls it makes (expectCalls), else it
 * counts one and grows as calls come. Totals are estimates in games: every call plays `games`.
 */
export class CommandProgress {
  private bar: cliProgressType.SingleBar | null = null;
  private readonly startedMs: number;
  private unit = 0;
  private unitLabel = '';
  private callsInUnit = 1;
  private callIndex = -1;
  /** Whether call callIndex is still playing (its games are in `done`, not yet in `doneBefore`). */
  private callOpen = false;
  private callLabel = '';
  private gamesPerCall = 0;
  private doneBefore = 0;
  private done = 0;

  /** Work done in finished calls: their games, each weighted by its unit's cost (`weights`). */
  private workBefore = 0;

  /**
   * `now`: the clock in milliseconds (tests pass their own). `weights`: the cost of a game in each
   * unit, relative to the others (a skill ladder's rungs: each doubling of the budget doubles it),
   * for the time left; without them every game costs the same. `upTo`: the command may stop before
   * its last unit (a ladder that stops gaining), so the time left is shown as at most ("eta ≤ 5m00s").
   */
  constructor(
    private readonly enabled: boolean,
    private readonly units = 1,
    private readonly now: () => number = () => performance.now(),
    private readonly weights?: readonly number[],
    private readonly upTo = false,
  ) {
    this.startedMs = now();
  }

  /** Whether this progress draws at all (a terminal, not -q). */
  isEnabled(): boolean {
    return this.enabled;
  }

  /**
   * The current call goes on for `games` more games (a stopping rule's next batch): the same call,
   * not a new one, so the call count and the label stay.
   */
  continueCall(games: number): void {
    this.callOpen = true;
    this.gamesPerCall = Math.max(this.gamesPerCall, games);
    this.done = 0;
    this.draw();
  }

  /** Whether the bar is on the screen now. */
  shown(): boolean {
    return this.bar !== null;
  }

  /** A sweep's next cell starts (index from 0, with its words, e.g. "handSize=6"). */
  startUnit(index: number, label: string): void {
    this.unit = index;
    this.unitLabel = label;
    this.callsInUnit = 1;
    this.callIndex = -1;
    this.callOpen = false;
  }

  /** The run will make `count` simulate calls (e.g. one per Rev-9 version). */
  expectCalls(count: number): void {
    if (count >= 1) this.callsInUnit = count;
  }

  /** A simulate call of `games` games starts (its label names it: a Rev-9 version). */
  startCall(label: string | undefined, games: number): void {
    this.callIndex++;
    if (this.callIndex >= this.callsInUnit) this.callsInUnit = this.callIndex + 1;
    this.callOpen = true;
    this.callLabel = label ?? '';
    this.gamesPerCall = Math.max(this.gamesPerCall, games);
    this.done = 0;
    this.draw();
  }

  /** Games done so far in the current call. */
  update(done: number): void {
    this.done = done;
    this.draw();
  }

  /** The current call ended after `games` games. */
  finishCall(games: number): void {
    this.doneBefore += games;
    this.workBefore += games * this.weight(this.unit);
    this.done = 0;
    this.callOpen = false;
    this.draw();
  }

  /** Removes the bar (end of the command, or Ctrl-C before the notice is written). */
  clear(): void {
    this.bar?.stop();
    this.bar = null;
  }

  /** Estimated games of the whole command. */
  total(): number {
    const unitsLeft = this.units - this.unit - 1;
    return this.doneBefore + this.callsLeftInUnit() * this.gamesPerCall + unitsLeft * this.callsInUnit * this.gamesPerCall;
  }

  /** Calls of this unit not yet finished (the one playing counts whole: its games done are in `done`). */
  private callsLeftInUnit(): number {
    return Math.max(0, this.callsInUnit - (this.callIndex + 1) + (this.callOpen ? 1 : 0));
  }

  private weight(unit: number): number {
    return this.weights?.[unit] ?? 1;
  }

  /** The share of the command's work done: games done over games in all (total()), each weighted by its unit's cost. */
  workFraction(): number {
    const w = this.weight(this.unit);
    const done = this.workBefore + this.done * w;
    let left = (this.callsLeftInUnit() * this.gamesPerCall - this.done) * w;
    for (let u = this.unit + 1; u < this.units; u++) left += this.callsInUnit * this.gamesPerCall * this.weight(u);
    return done / (done + Math.max(0, left));
  }

  /** What is playing now: "cell 2 of 6 (handSize=6) · endoskeleton (1 of 4)". */
  label(): string {
    const parts: string[] = [];
    if (this.units > 1) parts.push(`cell ${this.unit + 1} of ${this.units}${this.unitLabel ? ` (${this.unitLabel})` : ''}`);
    if (this.callsInUnit > 1 || this.callLabel) parts.push(`${this.callLabel || 'run'}${this.callsInUnit > 1 ? ` (${this.callIndex + 1} of ${this.callsInUnit})` : ''}`);
    return parts.join(' · ');
  }

  private draw(): void {
    if (!this.enabled) return;
    const elapsed = this.now() - this.startedMs;
    const value = this.doneBefore + this.done;
    const total = Math.max(value, this.total());
    const label = this.label();
    const work = this.workFraction();
    const eta = etaText(elapsed, work);
    const payload = { what: label ? ` ${label}` : '', timeLeft: this.upTo && eta !== 'eta …' ? eta.replace('eta ', 'eta ≤ ') : eta, work };
    if (!this.bar) {
      if (elapsed < 1000 || value >= total) return;
      const cliProgress = requireLib('cli-progress') as typeof cliProgressType;
      this.bar = new cliProgress.SingleBar(progressBarOptions(err().columns), cliProgress.Presets.shades_classic);
      this.bar.start(total, value, payload);
    }
    this.bar.setTotal(total);
    this.bar.update(value, payload);
  }
}

/** The progress of a command asked with `opts`: drawn on a terminal unless -q. */
export function commandProgress(opts: { quiet?: boolean }, units = 1): CommandProgress {
  return new CommandProgress(err().isTTY === true && !opts.quiet, units);
}

/**
 * The bar's options for a terminal `columns` wide: the line (label, bar, percentage, counts, ETA)
 * is laid out to fit, the bar taking what the text leaves and a long label cut short, so it never
 * wraps or loses its end (cli-progress cuts a line to the terminal).
 */
export function progressBarOptions(columns: number | undefined): cliProgressType.Options {
  const width = columns && columns > 0 ? columns : 100;
  return {
    stream: err() as NodeJS.WriteStream,
    // Not cli-progress's own {eta} (seconds, from a moving window): the command's, from its whole run.
    // The bar and its percentage show the work done (a ladder's rungs weighted by their cost), the count the games.
    format: (_options, params, payload: { what?: string; timeLeft?: string; work?: number }) => progressLine(width, payload.work ?? params.progress, params.value, params.total, payload.what ?? '', payload.timeLeft ?? ''),
    hideCursor: true,
    clearOnComplete: true,
  };
}

/** One line of the bar, at most `width` characters: "sim endoskeleton (2 of 4) [███░░] 40% | 8000/20000 games | eta 5s". */
export function progressLine(width: number, progress: number, value: number, total: number, what: string, timeLeft: string): string {
  const fraction = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0;
  const tail = ` ${Math.floor(fraction * 100)}% | ${value}/${total} games${timeLeft ? ` | ${timeLeft}` : ''}`;
  let head = `sim${what}`;
  let barsize = Math.min(40, width - 1 - head.length - tail.length - 3);
  if (barsize < 5) {
    head = `${head.slice(0, Math.max(3, head.length - (5 - barsize) - 1))}…`;
    barsize = 5;
  }
  const full = Math.round(fraction * barsize);
  return `${head} [${'█'.repeat(full)}${'░'.repeat(barsize - full)}]${tail}`.slice(0, width - 1);
}
