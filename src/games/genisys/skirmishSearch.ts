// The squad skirmish on the engine contract (src/core/engine.ts): what the shared search
// (src/core/search.ts) plays. The Skirmish (skirmish.ts) keeps the rules and the state; this wraps
// it: playOn swaps in the chooser, resumes at the decision a restored snapshot was asking, and plays
// on to the end or the cut-off. One implementation of the rules: play() and playOn run the same
// stages (Skirmish.runFrom).
//
// Resumable decisions (the search's roots): every one the skirmish asks — who takes the first
// impulse (DEC_FIRST), which model takes a Ready marker (DEC_READY, the activation choice) and
// which a commander gives an extra one (DEC_EXTRA), the active model's move (DEC_MOVE) and its
// attack, target and weapon (DEC_ATTACK). The engine keeps its place in explicit fields (the stage,
// the impulse, the Ready markers still to ask, the activation and its attacks under way), so each
// resumes with no call stack to rebuild; the bots' choices of all five are the ones a stronger
// player could change.
//
// Hidden information: none. Every model's place, damage, markers and cover, the Ready markers and
// the TDD are on the table; what is unknown is the dice to come, which are the stream's. So
// determinize re-deals nothing, and the search's iterations differ only in their dice.
import { HASH_START, hashWord, type DecisionEngine } from '../../core/engine.js';
import { FieldSnapshot } from '../../core/fieldSnapshot.js';
import type { Policy } from '../../core/policy.js';
import type { Rng } from '../../core/rng.js';
import { createSearchPolicy, type SearchStats } from '../../core/search.js';
import { searchesOf } from '../../core/searchDecisions.js';
import { MAX_OPTIONS, OUT_DRAW, type Skirmish } from './skirmish.js';
import { isBuiltinSkirmishPolicy, skirmishPolicy } from './skirmishPolicy.js';

/** The skirmish's typed-array fields that play mutates (the options of the decision being asked included). `side` and `y` are set at reset from the spec and never change. */
const STATE_ARRAYS = ['type', 'x', 'inPlay', 'damage', 'markers', 'ready', 'cover', 'command', 'activations', 'tdd', 'alive', 'score', 'options', 'optionPlans', 'order'];
/** Its number and boolean fields that play mutates. The engine-laws test checks that none is missing. */
const STATE_SCALARS = [
  'turnNumber', 'edge', 'deciding', 'activeModel', 'over', 'firstSide', 'firstEdge', 'outcome', 'wipeout', 'orderCount', 'attackCount', 'tddLeft',
  'stage', 'impulseSide', 'impulseNo', 'readyLeft', 'extraFrom', 'extraLeft', 'actK', 'moveDest', 'moveKindNow', 'moved', 'attackNo', 'usedWeapons', 'pendingDecision', 'pendingN', 'pendingNone',
];

/** The default bot a side's search replaces (the policy parameters' default), and the rollout's bot for a side playing a module. */
export const SKIRMISH_DEFAULT_POLICY = 'advance';

export class SkirmishEngine implements DecisionEngine<Skirmish, FieldSnapshot> {
  readonly players = 2;
  readonly maxOptions = MAX_OPTIONS;
  readonly view: Skirmish;
  /** Each side's force in points (the game size of Annihilate is the larger). */
  private readonly force = new Float64Array(2);

  constructor(readonly g: Skirmish) {
    this.view = g;
    for (const m of g.spec.models) this.force[m.side] += m.points;
  }

  reset(rng: Rng): void {
    this.g.reset(rng);
  }
  playOn(rng: Rng, chooser: Policy<Skirmish>, decision: number, answer: number, stopTurn: number): void {
    this.g.playOn(rng, chooser, decision, answer, stopTurn);
  }
  /** Every decision the skirmish asks resumes (see the file's head). */
  resumable(_decision: number): boolean {
    return true;
  }
  decider(): number {
    return this.g.sideToAct();
  }
  over(): boolean {
    return this.g.ended();
  }
  result(player: number): number {
    const o = this.g.outcome;
    return o === OUT_DRAW ? 0.5 : o === player ? 1 : 0;
  }
  turn(): number {
    return this.g.turnNumber;
  }

  /**
   * A crude estimate of `player`'s result at a search's cut-off (every state is public): a logistic
   * of the lead the game would be decided on now — Annihilate points over a tenth of the game size
   * (1: a win by the mission's margin), or models in play (survivors).
   */
  value(player: number): number {
    const g = this.g;
    const spec = g.spec;
    let lead: number;
    if (spec.victory === 1) lead = g.alive[player] - g.alive[1 - player];
    else {
      let diff = 0;
      for (let i = 0; i < g.m; i++) {
        const pts = spec.models[i].points;
        const damaged = g.inPlay[i] && g.damage[i] > 0 && spec.types[g.type[i]].resilient > 1;
        const v = !g.inPlay[i] ? pts : damaged ? Math.ceil(pts / 2) : 0;
        diff += g.side[i] === player ? -v : v;
      }
      lead = (10 * diff) / Math.max(1, this.force[0], this.force[1]);
    }
    return 1 / (1 + Math.exp(-lead));
  }

  newSnapshot(): FieldSnapshot {
    return new FieldSnapshot(this.g, STATE_ARRAYS, STATE_SCALARS);
  }
  save(into: FieldSnapshot): void {
    into.save();
  }
  restore(from: FieldSnapshot): void {
    from.restore();
  }

  /** Nothing is hidden (see the file's head): no re-deal; the dice to come are the stream's. */
  determinize(_rng: Rng, _observer: number): void {}

  /** Every player sees the whole state: a hash of it. */
  observe(_player: number): number {
    const g = this.g;
    let h = hashWord(HASH_START, g.turnNumber);
    h = hashWord(h, g.edge);
    h = hashWord(h, g.activeModel);
    for (let i = 0; i < g.m; i++) {
      h = hashWord(h, g.x[i]);
      h = hashWord(h, g.type[i]);
      h = hashWord(h, g.inPlay[i] | (g.ready[i] << 1) | (g.cover[i] << 2));
      h = hashWord(h, g.damage[i] | (g.markers[i] << 8) | (g.command[i] << 16));
    }
    return hashWord(h, g.tdd[0] | (g.tdd[1] << 1));
  }
}

/** The search's settings (SkirmishSpec.search). */
export interface SkirmishSearchSettings {
  /** Iterations per searched decision. */
  iterations: number;
  /** Turns an iteration plays after the current one before value() (0: to the end of the game). */
  depth: number;
  /** Standard errors the tree's answer must gain over the default's on paired playouts. */
  margin: number;
  /** The built-in bot the search starts from (its prior, and its side's rollouts): the bot it replaces. */
  bot: string;
  /** The decision codes it answers (searchDecisions); absent or null: every one it can. */
  decisions?: readonly number[] | null;
}

/**
 * Search budget when the parameters give none (the parameters' defaults). Margin 3, not the shared
 * search's 2: a skirmish asks dozens of decisions a game and advance's answers are seldom beaten,
 * so at 2 standard errors (a nominal 2.3% of even answers pass by chance; more with few pairs) the
 * overrules cost more than the tree found. Infighting, side A, 1,000 paired games, seed 1, search −
 * advance (the default before its moves valued their attack by the exchange) at margin 2: −4.5 pp
 * [−7.1, −1.9] (16 iterations), −3.4 [−5.4, −1.4] (32), −2.6 [−4.5, −0.7] (64); at margin 3: −4.5
 * (16: with 2 confirmation pairs the margin hardly binds, src/core/search.ts gainsBy), −0.9
 * [−2.3, +0.5], −0.2 [−1.2, +0.8] (scenarios/genisys/policy-gap.yaml).
 */
export const DEFAULT_SKIRMISH_SEARCH: SkirmishSearchSettings = { iterations: 32, depth: 0, margin: 3, bot: SKIRMISH_DEFAULT_POLICY };

/**
 * The rollout (and prior) of a search: each side's built-in bot as the parameters name it; `bot`
 * where the side plays the search (the bot it replaces), advance where it plays a user module (so
 * the searching side rolls out its own bot, and models the other side as the bot it is).
 */
export function skirmishRollout(names: readonly string[], bot = SKIRMISH_DEFAULT_POLICY): Policy<Skirmish> {
  const per = [0, 1].map((s) => skirmishPolicy(names[s] === 'search' ? bot : isBuiltinSkirmishPolicy(names[s]) ? names[s] : SKIRMISH_DEFAULT_POLICY));
  return {
    name: `rollout(${per[0].name}, ${per[1].name})`,
    choose(rng, view, decision, options, n, allowNone) {
      return per[view.sideToAct()].choose(rng, view, decision, options, n, allowNone);
    },
  };
}

/** The search policy for one side of game g (it plays its iterations on g itself and restores it). */
export function createSkirmishSearch(g: Skirmish, names: readonly string[], s: SkirmishSearchSettings, stats?: SearchStats): Policy<Skirmish> {
  return createSearchPolicy(new SkirmishEngine(g), { iterations: s.iterations, depth: s.depth, margin: s.margin, rollout: skirmishRollout(names, s.bot), searches: searchesOf(s.decisions) }, stats);
}
