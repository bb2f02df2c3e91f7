// Parameters of `sim darkfate`: the Rev-9 version, players and optional rules, the policy, and
// every rule constant a house rule might change (rulebook defaults, with their sections).
import type { ParamSpec, ParamValue } from '../../core/params.js';
import type { DarkFateRules } from './darkfateRules.js';
import { BUILTIN_POLICY_NAMES } from './policyNames.js';

/** The reference set's Rev-9 keys, and all. A user's card data may name others: rev9 is checked against the data loaded. */
export const REV9_CHOICES = ['damaged-endo', 'endoskeleton', 'liquid-exoskeleton', 'fully-operational', 'all'] as const;

/** The search policy's settings change nothing under another policy. */
const searchOnly = (p: Readonly<Record<string, ParamValue>>): string | null => (p.policy === 'search' || p.policy === 'search-ismcts' ? null : `it sets the search policy, and the policy is ${String(p.policy)} (policy search: --policy search or --set policy=search)`);

/** The turn-plan search's own setting: nothing under search-ismcts or another policy (all asks nothing). */
const turnPlanSearchOnly = (p: Readonly<Record<string, ParamValue>>): string | null => (p.policy === 'search' || p.searchPlans === 'all' ? null : `it sets the turn-plan search (policy search), and the policy is ${String(p.policy)} (--policy search or --set policy=search)`);

/** rulebook: Optional Rules, Neural Net Processor — the Rev-9 player (and its hand) exists only with that rule. */
const neuralNetOnly = (p: Readonly<Record<string, ParamValue>>): string | null => (p.neuralNet === true ? null : "it sets the Rev-9 player's hand, and that player exists only with the Neural Net Processor (add --neural-net)");
/** rulebook: Optional Rules, Go On Without Me! — with one player the first death is every player's death. */
const severalPlayers = (p: Readonly<Record<string, ParamValue>>): string | null =>
  p.goOnWithoutMe !== true || (p.players !== 1 && p.solo !== true) ? null : "with one player the first death is every player's death, so the game is lost as without the rule";

export const DARKFATE_PARAMS: readonly ParamSpec[] = [
  { key: 'rev9', type: 'string', default: 'endoskeleton', doc: `Rev-9 version to face: a key in the card data (reference set: ${REV9_CHOICES.slice(0, -1).join(', ')}), or all: one row per version`, source: 'rulebook: Choosing a Version of the Rev-9', cli: { value: '<version>', help: `Rev-9 version: ${REV9_CHOICES.join('|')} with the reference cards, else a key of the --cards file (default endoskeleton)` } },
  { key: 'players', type: 'int', default: 2, min: 1, max: 4, doc: 'number of players (1 = solo with --solo, else one character alone)', source: 'public fact: 2–4 players, solo variant', cli: { value: '<N>', help: 'players, 1..4 (default 2)' } },
  { key: 'solo', type: 'bool', default: false, doc: 'solo mode: one player with two characters and an 11-card deck (implies players 1)', source: 'rulebook: Optional Rules, Solo Mode', implies: { when: true, set: { players: 1 } }, cli: { help: 'solo mode: one player, two characters, 11-card deck' } },
  { key: 'goOnWithoutMe', inert: severalPlayers, type: 'bool', default: false, doc: 'Go On Without Me!: a dead player keeps taking turns; lost only when all have died', source: 'rulebook: Optional Rules, Go On Without Me!', cli: { help: 'optional rule Go On Without Me!' } },
  { key: 'neuralNet', type: 'bool', default: false, doc: 'Neural Net Processor: a Rev-9 player (played by the policy) feeds hostile cards into the reserve', source: 'rulebook: Optional Rules, Neural Net Processor', cli: { help: 'optional rule Neural Net Processor (the Rev-9 player is played by the policy)' } },
  { key: 'characters', type: 'string', default: '', doc: 'character keys separated by commas, one per player (solo: two); empty: the first ones in the card data', source: 'rulebook: Set-Up (each player chooses a character)', cli: { value: '<a,b>', help: 'character keys, one per player (solo: two): sarah, grace, dani, t800' } },
  { key: 'cards', type: 'path', choices: ['reference'], default: 'reference', defaultFile: 'scenarios/darkfate/cards.yaml', doc: 'card data YAML replacing the reference set (relative to the scenario file, or the working directory on the command line)', source: 'assumption: reference set, scenarios/darkfate/cards.yaml and README.md', cli: { value: '<file>', help: 'card data YAML replacing the reference set (see scenarios/darkfate/cards.yaml)' } },
  { key: 'policy', type: 'path', module: true, choices: BUILTIN_POLICY_NAMES, default: 'planner', doc: `policy for every player decision: ${BUILTIN_POLICY_NAMES.join(', ')}, or a path to a .js module`, source: 'assumption: the best built-in policy by calibration (scenarios/darkfate/README.md)', cli: { value: '<name|path>', help: `policy: ${BUILTIN_POLICY_NAMES.join('|')} or a path to a .js module (default planner)` } },
  { key: 'cardChanges', type: 'string', default: '', doc: 'house rules on single cards, separated by ";": card.field=N (pistol.fight=5; truck-ram.count=8; endoskeleton.hunt=5; recon.effects.draw=3; sarah.power.fight=2; wounds.count=25), applied to the card data and validated like a card file', source: 'assumption: none by default (scenarios/darkfate/README.md, Card changes)', cli: { value: '<changes>', help: 'house rules on single cards: "pistol.fight=5; truck-ram.count=8" (see scenarios/darkfate/README.md)' } },
  { key: 'searchRollouts', inert: searchOnly, type: 'int', default: 32, min: 1, max: 256, doc: 'search policies: rollouts per turn plan (search: a quarter first, the rest only for plans ahead); playouts per searched decision (search-ismcts: a quarter of them the paired confirmation against the planner\'s answer)', source: 'assumption: search budget (scenarios/darkfate/README.md, Policies)' },
  { key: 'searchDepth', inert: searchOnly, type: 'int', default: 0, min: 0, max: 100000, doc: 'search policies: 0 plays each playout to the end of the game; else search plays this many player turns counting the searched one, search-ismcts this many after the searched decision\'s turn (an unfinished playout counts one half)', source: 'assumption: search budget' },
  { key: 'searchRollout', inert: searchOnly, type: 'enum', choices: ['planner', 'greedy', 'cautious', 'legacy-planner', 'random'], default: 'planner', doc: 'search policies: the heuristic that plays the playouts (search: after the searched turn; search-ismcts: from where its tree ends)', source: 'assumption: search budget' },
  { key: 'searchMargin', inert: searchOnly, type: 'number', default: 2, min: 0, max: 10, doc: 'search policies: standard errors (of the paired playout differences) a turn plan (search) or an answer (search-ismcts) must gain over the planner\'s own to be played instead', source: 'assumption: search budget' },
  { key: 'searchPlans', inert: turnPlanSearchOnly, type: 'enum', choices: ['all', 'rest', 'flee', 'extra'], default: 'all', doc: 'search (turn plans): the choices it may make instead of the planner: all, or only rest (rest or play a turn with no Rev-9 on the hunt), flee (flee every damaged Rev-9 or stay, at a hunt) or extra (draw extra reserve cards to bring a Rev-9 out); the planner makes the others. A paired compare of each against the planner splits the gap between them', source: 'assumption: search budget' },
  { key: 'handSize', type: 'int', default: 5, min: 1, max: 20, doc: 'cards drawn at set-up and back up to at the end of each play phase', source: 'rulebook: Set-Up; End of Play Phase' },
  { key: 'woundsToDie', type: 'int', default: 3, min: 1, max: 20, doc: 'wound cards in one hand that kill the player', source: 'rulebook: Glossary, Die' },
  { key: 'reserveSetup', type: 'int', default: 5, min: 0, max: 20, doc: 'fate cards dealt to the reserve at set-up', source: 'rulebook: Set-Up' },
  { key: 'refillTo', type: 'int', default: 4, min: 0, max: 20, doc: 'reserve phase step 1 refills the reserve to this many cards', source: 'rulebook: Reserve Phase, step 1' },
  { key: 'rev9Depth', type: 'int', default: 5, min: 0, max: 100, doc: 'the Rev-9 is shuffled into this many top fate cards at set-up', source: 'rulebook: Set-Up' },
  { key: 'prepCards', type: 'int', default: 5, min: 0, max: 20, doc: 'prep cards in each starter deck', source: 'rulebook: Set-Up' },
  { key: 'setbackCards', type: 'int', default: 4, min: 0, max: 20, doc: 'struggle (setback) cards in each starter deck', source: 'rulebook: Set-Up; public fact: the struggle cards are setbacks' },
  { key: 'nnHandSize', inert: neuralNetOnly, type: 'int', default: 5, min: 0, max: 20, doc: 'Neural Net Processor: the Rev-9 player\'s hand size', source: 'rulebook: Optional Rules, Neural Net Processor' },
  { key: 'fleeEndsHunt', assumed: 'reading', type: 'bool', default: false, doc: 'rule reading: a flee ends the hunt phase, so a Rev-9 that did not flee (undamaged, or left out) does not hunt that turn; default: it still hunts', source: 'rulebook: Flee and Multiple Rev-9s in Play ("End the hunt phase") versus Hunt Phase ("unwilling or unable to flee, the Rev-9 hunts")', cli: { help: 'rule reading: a flee ends the hunt phase, so a Rev-9 that did not flee does not hunt that turn (default: it still hunts)' } },
  { key: 'maxTurns', type: 'int', default: 400, min: 1, max: 100000, doc: 'safety net: player turns before a game is stopped (reported apart, never a loss)', source: 'assumption: safety net only; no rulebook limit' },
  // Output, not a rule: kept a parameter so that `rerun`/`sim check` reproduce a trace report.
  { key: 'trace', type: 'int', default: -1, min: -1, max: 1e12 - 1, doc: 'print game K of the run (counting from 0) turn by turn instead of the summary (-1: off)', source: 'output option', cli: { value: '<K>', help: 'print game K of this run (same --seed; K counts from 0) turn by turn instead of the summary (-1: none, the report as usual)' } },
];

export function rulesOf(r: Record<string, unknown>): DarkFateRules {
  return {
    handSize: r.handSize as number,
    woundsToDie: r.woundsToDie as number,
    reserveSetup: r.reserveSetup as number,
    refillTo: r.refillTo as number,
    rev9Depth: r.rev9Depth as number,
    maxTurns: r.maxTurns as number,
    prepCards: r.prepCards as number,
    setbackCards: r.setbackCards as number,
    nnHandSize: r.nnHandSize as number,
    fleeEndsHunt: r.fleeEndsHunt as boolean,
  };
}

/** A policy value that names a module file rather than a built-in policy. */
export function isPolicyPath(policy: string): boolean {
  return /[/\\]|\.[cm]?js$/.test(policy);
}
