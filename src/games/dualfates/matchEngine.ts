// A Dual Fates match (rules: ../shared/rules/dual-fates-core-rules.txt), played on the zone model
// of the Vortex (board.ts) by two policies. One engine per thread, its state preallocated in typed
// arrays and reset per game; play() runs Starting The Game and the 10 rounds of the Round Structure:
// Start of Round, Pillars of Fate, Summoning, Initiative, Activation, End of Round, Scoring. Every
// rule names its section; what the rulebook leaves open is an assumption named in
// scenarios/dualfates/README.md ("The match"), a parameter where it is a reading.
//
// Units are numbered 0..unitCount-1: side A's (0) first, then side B's (1). Positions are board
// points (whole inches along the lines). The engine is also the view built-in policies read
// (MatchView); a user module sees only those members, through a read-only facade.
import { HASH_START, hashWord, NO_ANSWER, NO_STOP, type DecisionEngine } from '../../core/engine.js';
import { FieldSnapshot } from '../../core/fieldSnapshot.js';
import type { Policy } from '../../core/policy.js';
import { rollDie, shuffleInPlace, type Rng } from '../../core/rng.js';
import { applyDamage, damageFromDice, deflects, rollSucceeds, type Pools } from './attackExact.js';
import { boardGraph, type BoardGraph } from './board.js';
import { bestAgainst, childOf, matchDeployPlan, type DeployPlan } from './deployPlan.js';
import { roundScore, type RoundScore } from './control.js';
import type { ArmorRule, DamageDice, SuccessRule } from './dualfatesParams.js';
import { MAX_ATTACKS, STAT_DEF, STAT_DOD, type MatchData } from './matchData.js';
import { PILLARS, SECRET_FACE } from './pillars.js';

/** Where a unit is (rulebook: Understanding the role of The Vortex; Incapacitated Units). */
export const WHERE_RESERVE = 0;
export const WHERE_ACTIVE = 1;
export const WHERE_INCAP = 2;
export const WHERE_REMOVED = 3;
export const WHERE_NAMES = ['reserve', 'active', 'incapacitated', 'removed'];

/**
 * Decisions. The policy of the deciding side answers an index into options[0, n), or -1 where
 * allowNone. Options per decision:
 *  DEPLOY     reserve unit ids that fit the Vortex cap; none = stop deploying (Starting The Game)
 *  DEPLOY_AT  board points: the side's deployment points
 *  SUMMON     reserve unit ids affordable now; none = wait, the point stacks (3. Summoning Phase)
 *  INITIATIVE [0 = go first, 1 = pass] (4. Initiative Phase)
 *  ACTIVATE   unit ids of the side not yet activated this round (5. Activation Phase)
 *  ACTION     the activation's plan, encoded kind << 8 | arg (ACT_*; Actions & Activations)
 *  ABILITY    the Ability Action after moving, encoded kind << 16 | a << 8 | b (ABL_*); none = no ability
 *  DEFLECT    [0 = no, 1 = yes]: the attacked unit's Shield Free Action (Example Activation)
 */
export const DECISION = { DEPLOY: 0, DEPLOY_AT: 1, SUMMON: 2, INITIATIVE: 3, ACTIVATE: 4, ACTION: 5, ABILITY: 6, DEFLECT: 7 } as const;
export const DECISION_NAMES = Object.keys(DECISION);

/** INITIATIVE option codes: go first, or pass the Initiative to the opponent (4. Initiative Phase). */
export const INI_FIRST = 0;
export const INI_PASS = 1;

/** ACTION kinds (arg: a pillar 1..5 or an enemy unit id). */
export const ACT_STAY = 0;
/** Move toward a pillar until within control range of it. */
export const ACT_PILLAR = 1;
/** Move toward an enemy unit until at its point (melee). */
export const ACT_ENGAGE = 2;
/** Move toward an enemy unit until within the unit's longest ranged attack. */
export const ACT_RANGE = 3;
/** Run toward a pillar (Speed + the higher die; no Actions, no Free Actions). */
export const ACT_RUN_PILLAR = 4;
/** Run toward an enemy unit. */
export const ACT_RUN_ENEMY = 5;
/** The unit's charge ability (Heroic Charge) at an enemy: move, then the charge's move and free attack. */
export const ACT_CHARGE = 6;
export const ACT_NAMES = ['stay', 'pillar', 'engage', 'range', 'run to pillar', 'run at enemy', 'charge'];
export const actKind = (code: number): number => code >>> 8;
export const actArg = (code: number): number => code & 0xff;

/** ABILITY kinds: ABL_ATTACK with a = attack index, b = enemy unit id; ABL_BUFF (a, b 0). */
export const ABL_ATTACK = 1;
export const ABL_BUFF = 2;
export const ablKind = (code: number): number => code >>> 16;
export const ablA = (code: number): number => (code >>> 8) & 0xff;
export const ablB = (code: number): number => code & 0xff;

const DICE_CODES: readonly DamageDice[] = ['lower2d6', 'd6', 'higher2d6', 'sum2d6'];
/** Option buffer: 1 + 2 × 5 pillars + 4 per enemy (16 at most) plans; 3 attacks × 16 enemies + 1 abilities. */
export const MAX_OPTIONS = 128;

/** The rule constants a match reads (plain JSON). */
export interface MatchRules {
  rounds: number;
  vortexCap: number;
  controlRange: number;
  successRule: SuccessRule;
  deflectRule: SuccessRule;
  armorRule: ArmorRule;
  coverDod: number;
  runningDef: number;
  runningDod: number;
  /** shuffled: the pillars' numbers are dealt to the five places afresh each game; fixed: as board.yaml numbers them. */
  pillarNumbers: 'shuffled' | 'fixed';
}

/** What a policy may look at (the engine implements it; a user module gets a read-only facade). */
export interface MatchView {
  /** Current round (1..rounds; 0 during deployment). */
  readonly round: number;
  readonly rounds: number;
  /** The side (0 = A, 1 = B) making the decision. */
  readonly deciding: number;
  /** The unit being activated, attacked (DEFLECT) or deployed (DEPLOY_AT), else -1. */
  readonly acting: number;
  /** The attack roll a DEFLECT decision is about (0 otherwise). */
  readonly attackRoll: number;
  unitCount(): number;
  unitSide(u: number): number;
  /** WHERE_RESERVE, WHERE_ACTIVE, WHERE_INCAP or WHERE_REMOVED. */
  unitWhere(u: number): number;
  /** Board point, or -1 when not in the Vortex. */
  unitPos(u: number): number;
  unitHealth(u: number): number;
  unitArmor(u: number): number;
  unitCost(u: number): number;
  unitScoring(u: number): number;
  unitSpeed(u: number): number;
  /** Longest ranged attack in inches (0: melee only). */
  unitRange(u: number): number;
  /** Radius in inches of the unit's Battle Cry (a buff ability; 0 also when it has none: see unitBuffFate). */
  unitBuffRadius(u: number): number;
  /** Fate Tokens its Battle Cry costs (-1: none). */
  unitBuffFate(u: number): number;
  unitActivated(u: number): boolean;
  /** Engaged in melee this round: may not move away (Melee Combat & Engagement). */
  unitLocked(u: number): boolean;
  /** Marked `deploy: true` in its team file. */
  unitDeployFirst(u: number): boolean;
  /** A Companion (not a Character or a Monster: the rulebook's Unit Classifications). */
  unitCompanion(u: number): boolean;
  unitName(u: number): string;
  vp(side: number): number;
  fate(side: number): number;
  /** Summoning Points banked for the Summoning Phase. */
  credit(side: number): number;
  /** Points active in the Vortex. */
  activePoints(side: number): number;
  vortexCap(): number;
  /** Bit k-1 set: Pillar k is a rolled objective of `side` this round. */
  objectives(side: number): number;
  /** 0 none, 1 a Secret Mission, 2 a Critical Mission this round. */
  secret(side: number): number;
  /** 2 when this round's objective scores double (doubles, Critical Mission), else 1. */
  multiplier(side: number): number;
  pillarPoint(k: number): number;
  /** Inches along the lines between two board points. */
  distance(p: number, q: number): number;
  controlRange(): number;
  /** Scoring value `side` has within control range of Pillar k now (ACTIVE units only). */
  pillarScore(k: number, side: number): number;
  deployPointCount(side: number): number;
  deployPoint(side: number, i: number): number;
  /** The board point of `side`'s Summoning Totem (where it summons). */
  totemPoint(side: number): number;
  /** Layouts in `side`'s deployment mix (scenarios/dualfates/deployment.yaml; 0: none, the spread rule). */
  deployMixSize(side: number): number;
  /** The weight of layout l of `side`'s mix (a whole number; 0: a layout only the plan plays). */
  deployMixWeight(side: number, l: number): number;
  /** The board point unit u (one of `side`'s) starts at in layout l of `side`'s mix; -1 when that layout keeps it in reserve. */
  deployMixPoint(side: number, l: number, u: number): number;
  /**
   * The unit the alternating deployment's plan (deployPlan.ts) deploys next for
   * `side` given both sides' units in the Vortex; -2: its layout is complete (stop); -1: no plan, or
   * `side`'s own units stand otherwise than any of its plan's layouts.
   */
  deployPlanNext(side: number): number;
  /** The point the plan deploys unit u at when u is deployPlanNext(side), else -1. */
  deployPlanAt(side: number, u: number): number;
  /** Fate Tokens u's charge (Heroic Charge) costs; -1: it has none. */
  unitChargeFate(u: number): number;
  /** Where ACTION option `code` would leave unit u, without moving it (a run: `bonus` inches beyond its Speed, the higher die it would roll). */
  actionEnd(u: number, code: number, bonus: number): number;
  /**
   * The expected damage of a's best attack usable at distance d on t (0 when none reaches): the Fate
   * roll against t's DEF, DOD or WILL (+ the running bonus when `ran`; + cover against a ranged attack
   * on DOD; Battle Cries not counted), a Shield's deflect at half weight (it works once a round; an
   * estimate: counted after a run too, where the engine allows none), times the mean of the attack's
   * damage dice. Every attack counted, whatever its Fate cost. 0 for units not of this game.
   */
  expectedDamage(a: number, t: number, d: number, ran: boolean): number;
}

/** Where play() and a resumed search are in the game (MatchEngine.stage). */
const ST_SETUP = 0;
const ST_NEW_ROUND = 1;
const ST_SUMMON = 2;
const ST_INITIATIVE = 3;
const ST_ACTIVATION = 4;
const ST_OVER = 5;
const ST_DEPLOY = 6;

/** Decisions a search may resume at (its roots); DEFLECT is answered inside a playOn only. */
export const SEARCH_ROOTS = (1 << DECISION.DEPLOY) | (1 << DECISION.DEPLOY_AT) | (1 << DECISION.SUMMON) | (1 << DECISION.INITIATIVE) | (1 << DECISION.ACTIVATE) | (1 << DECISION.ACTION) | (1 << DECISION.ABILITY);

/** Typed-array fields that play mutates (the snapshot's; the shared snapshot law checks the list). */
const STATE_ARRAYS = ['pillarPts', 'where', 'pos', 'health', 'armor', 'activated', 'ranBonus', 'ranRound', 'freeUsedRound', 'lockedRound', 'buffDef', 'buffDod', 'buffWill', 'vp_', 'fate_', 'credit_', 'rollA', 'rollB', 'ctrl', 'options', 'lost', 'held', 'initiatives', 'fateSpent', 'attacks', 'prevVp', 'wasRemoved'];
/** Number fields (and the outcome record) that play mutates. */
const STATE_SCALARS = ['round', 'deciding', 'acting', 'attackRoll', 'scoringSide', 'first', 'stage', 'deployTurn', 'deployPassed', 'summonSide', 'actTurn', 'wiped', 'iniRollA', 'iniRollB', 'pendingDecision', 'pendingN', 'pendingNone', 'outcome'];

/** Per-game outcome the simulation records. */
export interface MatchOutcome {
  /** 0 A, 1 B, -1 draw. */
  winner: number;
  wipeout: boolean;
  roundsPlayed: number;
  /** The side that won round 1's Initiative roll. */
  firstInitiative: number;
}

export class MatchEngine implements MatchView, DecisionEngine<MatchView, FieldSnapshot> {
  // ---- static data (per run) ----
  readonly data: MatchData;
  readonly rules: MatchRules;
  readonly rounds: number;
  readonly graph: BoardGraph;
  private readonly n: number;
  private readonly nPoints: number;
  private readonly sideStart: Int32Array;
  private readonly sideEnd: Int32Array;
  private readonly side_: Int8Array;
  private readonly cost: Int16Array;
  private readonly scoring: Int16Array;
  private readonly maxHealth: Int16Array;
  private readonly maxArmor: Int16Array;
  private readonly speed: Int16Array;
  private readonly def: Int16Array;
  private readonly dod: Int16Array;
  private readonly will: Int16Array;
  private readonly shield: Uint8Array;
  private readonly deployFirst: Uint8Array;
  /** The alternating deployment's plan (data.deployPayoffs with both mixes), or null. */
  private readonly plan: DeployPlan | null;
  private readonly companion: Uint8Array;
  private readonly range: Int16Array;
  private readonly nAttacks: Uint8Array;
  // attack tables, u * MAX_ATTACKS + a
  private readonly attRanged: Uint8Array;
  private readonly attStat: Uint8Array;
  private readonly attDice: Uint8Array;
  private readonly attRange: Int16Array;
  private readonly attFate: Int16Array;
  private readonly buffFate: Int16Array; // -1: none
  private readonly buffStat: Uint8Array;
  private readonly buffAmount: Int16Array;
  private readonly buffRadius: Int16Array;
  private readonly chargeFate: Int16Array; // -1: none
  private readonly chargeGain: Int16Array;
  /** The board's pillar points in board.yaml's order (pillar k - 1). */
  private readonly boardPillars: Int32Array;
  // ---- game state (reset per game; public so tests can set up a position and play one phase) ----
  round = 0;
  deciding = 0;
  acting = -1;
  attackRoll = 0;
  /** This game's point of Pillar k (index k - 1): the board's, or dealt afresh (pillarNumbers shuffled). */
  private readonly pillarPts: Int32Array;
  readonly where: Int8Array;
  readonly pos: Int16Array;
  readonly health: Int16Array;
  readonly armor: Int16Array;
  readonly activated: Uint8Array;
  /** +2 DEF/DOD from running, until the unit's next activation (rulebook: Running). */
  readonly ranBonus: Uint8Array;
  /** Round in which the unit ran (no Free Actions that round: assumption). */
  readonly ranRound: Int16Array;
  readonly freeUsedRound: Int16Array;
  readonly lockedRound: Int16Array;
  readonly buffDef: Int8Array;
  readonly buffDod: Int8Array;
  readonly buffWill: Int8Array;
  readonly vp_ = new Int32Array(2);
  readonly fate_ = new Int32Array(2);
  readonly credit_ = new Int32Array(2);
  readonly rollA = new Int8Array(2);
  readonly rollB = new Int8Array(2);
  readonly ctrl = new Int8Array(PILLARS + 1);
  private readonly options = new Int32Array(MAX_OPTIONS);
  private readonly pools: Pools = { shields: 0, armor: 0, health: 0 };
  private readonly score: RoundScore = { vp: 0, tokens: 0 };
  private scoringSide = 0;
  private readonly heldBySide = (k: number): boolean => this.ctrl[k] === this.scoringSide;
  // ---- per-game statistics ----
  readonly lost = new Int32Array(2);
  readonly held = new Int32Array(2);
  readonly initiatives = new Int32Array(2);
  readonly fateSpent = new Int32Array(2);
  readonly attacks = new Int32Array(2);
  readonly outcome: MatchOutcome = { winner: -1, wipeout: false, roundsPlayed: 0, firstInitiative: -1 };
  /** When set, check the invariants after every step (the conformance suite's checkGame). */
  check = false;
  /** When set, receives one line per step (`--trace K`); strings are built only then. */
  trace: ((line: string) => void) | null = null;
  private prevVp = new Int32Array(2);
  /** Units removed from play so far (a removed unit never comes back: checked by verify). */
  private readonly wasRemoved: Uint8Array;
  // ---- where the game is (a search resumes from here) ----
  private stage = ST_SETUP;
  /** Deployment: the side whose turn it is, and bit s set once side s has stopped deploying. */
  private deployTurn = 0;
  private deployPassed = 0;
  /** The Summoning Phase's side (0, then 1). */
  private summonSide = 0;
  /** The Activation Phase's side whose turn it is. */
  private actTurn = 0;
  /** wipedOut() at the last End of Round. */
  private wiped = -1;
  private iniRollA = 0;
  private iniRollB = 0;
  /** The decision being asked (-1 none), its option count and whether -1 is allowed: a snapshot taken while it is asked resumes there. */
  private pendingDecision = -1;
  private pendingN = 0;
  private pendingNone = false;
  /** When set, answers every decision of both sides instead of `policies` (a search's playOn). */
  private chooser: Policy<MatchView> | null = null;
  readonly players = 2;
  readonly view: MatchView = this;
  readonly maxOptions = MAX_OPTIONS;

  constructor(
    data: MatchData,
    rules: MatchRules,
    public policies: [Policy<MatchView>, Policy<MatchView>],
  ) {
    this.data = data;
    this.rules = rules;
    this.rounds = rules.rounds;
    this.graph = boardGraph(data.board);
    this.nPoints = this.graph.points;
    const all = [...data.sides[0].units, ...data.sides[1].units];
    const n = (this.n = all.length);
    this.sideStart = Int32Array.from([0, data.sides[0].units.length]);
    this.sideEnd = Int32Array.from([data.sides[0].units.length, n]);
    this.side_ = Int8Array.from(all.map((_, i) => (i < data.sides[0].units.length ? 0 : 1)));
    this.cost = Int16Array.from(all.map((u) => u.cost));
    this.scoring = Int16Array.from(all.map((u) => u.scoring));
    this.maxHealth = Int16Array.from(all.map((u) => u.health));
    this.maxArmor = Int16Array.from(all.map((u) => u.armor));
    this.speed = Int16Array.from(all.map((u) => u.speed));
    this.def = Int16Array.from(all.map((u) => u.def));
    this.dod = Int16Array.from(all.map((u) => u.dod));
    this.will = Int16Array.from(all.map((u) => u.will));
    this.shield = Uint8Array.from(all.map((u) => (u.shield ? 1 : 0)));
    this.deployFirst = Uint8Array.from(all.map((u) => (u.deployFirst ? 1 : 0)));
    this.plan = matchDeployPlan(data);
    this.companion = Uint8Array.from(all.map((u) => (u.type === 'companion' ? 1 : 0)));
    this.range = Int16Array.from(all.map((u) => Math.max(0, ...u.attacks.filter((a) => a.ranged).map((a) => a.range))));
    this.nAttacks = Uint8Array.from(all.map((u) => u.attacks.length));
    this.attRanged = new Uint8Array(n * MAX_ATTACKS);
    this.attStat = new Uint8Array(n * MAX_ATTACKS);
    this.attDice = new Uint8Array(n * MAX_ATTACKS);
    this.attRange = new Int16Array(n * MAX_ATTACKS);
    this.attFate = new Int16Array(n * MAX_ATTACKS);
    all.forEach((u, i) =>
      u.attacks.forEach((a, k) => {
        const j = i * MAX_ATTACKS + k;
        this.attRanged[j] = a.ranged ? 1 : 0;
        this.attStat[j] = a.stat;
        this.attDice[j] = DICE_CODES.indexOf(a.dice);
        this.attRange[j] = a.range;
        this.attFate[j] = a.fate;
      }),
    );
    this.buffFate = Int16Array.from(all.map((u) => (u.buff ? u.buff.fate : -1)));
    this.buffStat = Uint8Array.from(all.map((u) => u.buff?.stat ?? 0));
    this.buffAmount = Int16Array.from(all.map((u) => u.buff?.amount ?? 0));
    this.buffRadius = Int16Array.from(all.map((u) => u.buff?.radius ?? 0));
    this.chargeFate = Int16Array.from(all.map((u) => (u.charge ? u.charge.fate : -1)));
    this.chargeGain = Int16Array.from(all.map((u) => u.charge?.fateOnSuccess ?? 0));
    this.boardPillars = Int32Array.from(data.board.pillarPoint);
    this.pillarPts = Int32Array.from(data.board.pillarPoint);
    this.where = new Int8Array(n);
    this.pos = new Int16Array(n);
    this.health = new Int16Array(n);
    this.armor = new Int16Array(n);
    this.activated = new Uint8Array(n);
    this.ranBonus = new Uint8Array(n);
    this.ranRound = new Int16Array(n);
    this.freeUsedRound = new Int16Array(n);
    this.lockedRound = new Int16Array(n);
    this.buffDef = new Int8Array(n);
    this.buffDod = new Int8Array(n);
    this.buffWill = new Int8Array(n);
    this.wasRemoved = new Uint8Array(n);
  }

  // ---- MatchView ----
  unitCount(): number {
    return this.n;
  }
  unitSide(u: number): number {
    return this.side_[u];
  }
  unitWhere(u: number): number {
    return this.where[u];
  }
  unitPos(u: number): number {
    return this.where[u] === WHERE_ACTIVE || this.where[u] === WHERE_INCAP ? this.pos[u] : -1;
  }
  unitHealth(u: number): number {
    return this.health[u];
  }
  unitArmor(u: number): number {
    return this.armor[u];
  }
  unitCost(u: number): number {
    return this.cost[u];
  }
  unitScoring(u: number): number {
    return this.scoring[u];
  }
  unitSpeed(u: number): number {
    return this.speed[u];
  }
  unitRange(u: number): number {
    return this.range[u];
  }
  unitBuffRadius(u: number): number {
    return this.buffRadius[u];
  }
  unitBuffFate(u: number): number {
    return this.buffFate[u];
  }
  unitActivated(u: number): boolean {
    return this.activated[u] === 1;
  }
  unitLocked(u: number): boolean {
    return this.lockedRound[u] === this.round;
  }
  unitDeployFirst(u: number): boolean {
    return this.deployFirst[u] === 1;
  }
  unitCompanion(u: number): boolean {
    return this.companion[u] === 1;
  }
  unitName(u: number): string {
    const s = this.side_[u];
    return this.data.sides[s].units[u - this.sideStart[s]].name;
  }
  vp(side: number): number {
    return this.vp_[side];
  }
  fate(side: number): number {
    return this.fate_[side];
  }
  credit(side: number): number {
    return this.credit_[side];
  }
  activePoints(side: number): number {
    let s = 0;
    for (let u = this.sideStart[side]; u < this.sideEnd[side]; u++) if (this.where[u] === WHERE_ACTIVE || this.where[u] === WHERE_INCAP) s += this.cost[u];
    return s;
  }
  vortexCap(): number {
    return this.rules.vortexCap;
  }
  objectives(side: number): number {
    const a = this.rollA[side];
    const b = this.rollB[side];
    let m = 0;
    if (a !== SECRET_FACE) m |= 1 << (a - 1);
    if (b !== SECRET_FACE) m |= 1 << (b - 1);
    return m;
  }
  secret(side: number): number {
    const sixes = (this.rollA[side] === SECRET_FACE ? 1 : 0) + (this.rollB[side] === SECRET_FACE ? 1 : 0);
    return sixes;
  }
  multiplier(side: number): number {
    return this.rollA[side] === this.rollB[side] ? 2 : 1;
  }
  pillarPoint(k: number): number {
    return this.pillarPts[k - 1];
  }
  distance(p: number, q: number): number {
    return this.graph.dist[p * this.nPoints + q];
  }
  controlRange(): number {
    return this.rules.controlRange;
  }
  pillarScore(k: number, side: number): number {
    const pp = this.pillarPts[k - 1];
    let s = 0;
    // rulebook: 7. Scoring Phase (Determine Control) — "A unit within 4 inches of a Pillar is considered a scoring unit"; incapacitated units cannot score.
    for (let u = this.sideStart[side]; u < this.sideEnd[side]; u++) if (this.where[u] === WHERE_ACTIVE && this.distance(this.pos[u], pp) <= this.rules.controlRange) s += this.scoring[u];
    return s;
  }
  deployPointCount(side: number): number {
    return this.data.board.deployPoints[side].length;
  }
  deployPoint(side: number, i: number): number {
    return this.data.board.deployPoints[side][i];
  }
  totemPoint(side: number): number {
    return this.data.board.totemPoint[side];
  }
  deployMixSize(side: number): number {
    return this.data.deploy?.[side]?.weights.length ?? 0;
  }
  deployMixWeight(side: number, l: number): number {
    return this.data.deploy?.[side]?.weights[l] ?? 0;
  }
  deployPlanNext(side: number): number {
    const e = this.planStep(side);
    if (e < 0) return e;
    // The placement's sheet: the first of the side's units of that sheet still in reserve.
    const trie = this.plan!.tries[side];
    const sheet = trie.childKey[e] >> 12;
    for (let u = this.sideStart[side]; u < this.sideEnd[side]; u++) if (this.where[u] === WHERE_RESERVE && trie.sheet[u - this.sideStart[side]] === sheet) return u;
    return -1;
  }
  deployPlanAt(side: number, u: number): number {
    const e = this.planStep(side);
    if (e < 0 || u < this.sideStart[side] || u >= this.sideEnd[side] || this.where[u] !== WHERE_RESERVE) return -1;
    // Any reserve unit of the placement's sheet (units alike are one choice), not only the first.
    const trie = this.plan!.tries[side];
    return trie.sheet[u - this.sideStart[side]] === trie.childKey[e] >> 12 ? trie.childKey[e] & 4095 : -1;
  }
  /** The node of `side`'s plan graph its units in the Vortex reach (their sheets and points, in any order); -1 when none does. */
  private planNode(side: number): number {
    const trie = this.plan!.tries[side];
    let node = 0;
    for (let u = this.sideStart[side]; u < this.sideEnd[side] && node >= 0; u++) if (this.where[u] === WHERE_ACTIVE) node = childOf(trie, node, trie.sheet[u - this.sideStart[side]] * 4096 + this.pos[u]);
    return node;
  }
  /** The plan's next edge for `side` (see deployPlanNext; -2: complete, -1: none). */
  private planStep(side: number): number {
    if (this.plan === null) return -1;
    const own = this.planNode(side);
    if (own < 0) return -1;
    if (this.plan.tries[side].layout[own] >= 0) return -2;
    const other = this.planNode(1 - side);
    if (other < 0) return bestAgainst(this.plan, this.data.deployPayoffs!, side, own, this.data.deploy![1 - side]!.weights);
    const a = side === 0 ? own : other;
    const b = side === 0 ? other : own;
    return this.plan.next[(a * this.plan.tries[1].layout.length + b) * 2 + side];
  }
  deployMixPoint(side: number, l: number, u: number): number {
    if (u < this.sideStart[side] || u >= this.sideEnd[side]) return -1;
    return this.data.deploy?.[side]?.at[l]?.[u - this.sideStart[side]] ?? -1;
  }

  // ---- the game ----
  private at(p: number): string {
    return this.data.board.pointNames[p];
  }
  private who(u: number): string {
    return `${'AB'[this.side_[u]]}:${this.unitName(u)}#${u}`;
  }

  private roll2d6(rng: Rng): number {
    return rollDie(rng, 6) + rollDie(rng, 6);
  }

  private ask(rng: Rng, side: number, decision: number, n: number, allowNone: boolean): number {
    this.deciding = side;
    this.pendingDecision = decision;
    this.pendingN = n;
    this.pendingNone = allowNone;
    const k = (this.chooser ?? this.policies[side]).choose(rng, this, decision, this.options, n, allowNone);
    this.pendingDecision = -1;
    // The built-in policies are trusted; a user module is guarded (guardedPolicy) before it gets here.
    return k;
  }

  /** Starts a new game (the pillars are dealt, from the game's stream, when it is played). */
  reset(): void {
    this.stage = ST_SETUP;
    this.wiped = -1;
    this.pendingDecision = -1;
    this.first = 0;
    this.actTurn = 0;
    this.summonSide = 0;
    this.round = 0;
    this.acting = -1;
    this.attackRoll = 0;
    for (let u = 0; u < this.n; u++) {
      this.where[u] = WHERE_RESERVE;
      this.pos[u] = -1;
      this.health[u] = this.maxHealth[u];
      this.armor[u] = this.maxArmor[u];
      this.activated[u] = 0;
      this.ranBonus[u] = 0;
      this.ranRound[u] = -1;
      this.freeUsedRound[u] = -1;
      this.lockedRound[u] = -1;
      this.buffDef[u] = 0;
      this.buffDod[u] = 0;
      this.buffWill[u] = 0;
      this.wasRemoved[u] = 0;
    }
    for (let s = 0; s < 2; s++) {
      this.vp_[s] = 0;
      this.prevVp[s] = 0;
      // rulebook: Full Faction Teams & Mixed Teams — 3 Fate Tokens for a full faction team, 2 for a mixed one.
      this.fate_[s] = this.data.sides[s].fateTokens;
      this.credit_[s] = 0;
      this.lost[s] = 0;
      this.held[s] = 0;
      this.initiatives[s] = 0;
      this.fateSpent[s] = 0;
      this.attacks[s] = 0;
      this.rollA[s] = 1;
      this.rollB[s] = 1;
    }
    this.outcome.winner = -1;
    this.outcome.wipeout = false;
    this.outcome.roundsPlayed = 0;
    this.outcome.firstInitiative = -1;
  }

  /** Plays one game from `rng` (mutated) with each side's policy. Results in `outcome`, vp(), lost, held, initiatives. */
  play(rng: Rng): void {
    this.reset();
    this.runFrom(rng, NO_STOP);
  }

  /**
   * Plays from `this.stage` (a fresh reset: the set-up) until the game is over, or until round
   * `stopRound` has ended (its Scoring Phase done). One implementation of the round for play() and
   * for a search resuming a snapshot (playOn).
   */
  private runFrom(rng: Rng, stopRound: number): void {
    if (this.stage === ST_SETUP) {
      this.pillarPts.set(this.boardPillars);
      // rulebook: Placing The Pillars of Fate — "Players are encouraged to move the numbered Pillars between games."
      if (this.rules.pillarNumbers === 'shuffled') shuffleInPlace(rng, this.pillarPts, 0, PILLARS);
      if (this.trace) this.trace(`pillars: ${[1, 2, 3, 4, 5].map((k) => `${k} at ${this.at(this.pillarPts[k - 1])}`).join(', ')}`);
      this.deployStart(rng);
      this.stage = ST_DEPLOY;
    }
    if (this.stage === ST_DEPLOY) {
      this.deployRest(rng);
      this.verify('deployment');
      this.stage = ST_NEW_ROUND;
    }
    for (;;) {
      if (this.stage === ST_NEW_ROUND) {
        // rulebook: Round Structure — "Dual Fates is played over 10 rounds."
        if (this.round >= this.rounds) break;
        if (this.round >= stopRound) return;
        this.round++;
        this.startOfRound();
        this.pillarsOfFate(rng);
        this.summonSide = 0;
        this.stage = ST_SUMMON;
      }
      if (this.stage === ST_SUMMON) {
        for (; this.summonSide < 2; this.summonSide++) this.summonFor(rng, this.summonSide);
        this.verify('summoning');
        this.stage = ST_INITIATIVE;
      }
      if (this.stage === ST_INITIATIVE) {
        this.initiative(rng);
        this.actTurn = this.first;
        this.stage = ST_ACTIVATION;
      }
      this.activations(rng);
      this.verify('activation');
      this.endOfRound();
      this.outcome.roundsPlayed = this.round;
      this.wiped = this.wipedOut();
      // rulebook: 7. Scoring Phase — "victory is earned by scoring points unless you destroy all the opponent's units, then points no longer matter."
      if (this.wiped !== -1) break;
      this.scoringPhase();
      this.verify('scoring');
      this.stage = ST_NEW_ROUND;
    }
    this.stage = ST_OVER;
    const o = this.outcome;
    if (this.wiped === 0 || this.wiped === 1) {
      o.wipeout = true;
      o.winner = 1 - this.wiped;
    } else {
      // rulebook: Winning The Game — most Victory Points after round 10 wins; equal is a draw. (Both wiped out: the VP decide.)
      o.winner = this.vp_[0] > this.vp_[1] ? 0 : this.vp_[1] > this.vp_[0] ? 1 : -1;
    }
  }

  /** rulebook: Starting The Game — deployment roll, then alternate deploying one unit at a time, loser first. */
  deploy(rng: Rng): void {
    this.deployStart(rng);
    this.deployRest(rng);
  }

  /** The deployment roll: the side that lost it deploys first. */
  private deployStart(rng: Rng): void {
    let a = 0;
    let b = 0;
    // The higher Fate roll chooses the Deployment Zone; ties roll again (assumption, as for Initiative).
    do {
      a = this.roll2d6(rng);
      b = this.roll2d6(rng);
    } while (a === b);
    // The zones are mirror images on this board: the choice changes nothing, so it is not asked.
    this.deployTurn = a > b ? 1 : 0; // "starting with the player who lost deployment"
    this.deployPassed = 0;
    if (this.trace) this.trace(`deployment roll A ${a}, B ${b}: ${'AB'[this.deployTurn]} deploys first`);
  }

  /** Alternate deploying one unit at a time until both sides have stopped (a search resumes here too). */
  private deployRest(rng: Rng): void {
    while (this.deployPassed !== 3) {
      const turn = this.deployTurn;
      if ((this.deployPassed & (1 << turn)) === 0) {
        const n = this.reserveOptions(turn, this.rules.vortexCap - this.activePoints(turn), Infinity);
        const k = n === 0 ? -1 : this.ask(rng, turn, DECISION.DEPLOY, n, true);
        this.deployAnswer(rng, turn, k);
      }
      this.deployTurn ^= 1;
    }
  }

  /** The DEPLOY answer k of `side` (-1: it stops deploying): ask where the unit goes and place it. */
  private deployAnswer(rng: Rng, side: number, k: number): void {
    if (k < 0) {
      this.deployPassed |= 1 << side;
      return;
    }
    const u = this.options[k];
    const m = this.data.board.deployPoints[side].length;
    for (let i = 0; i < m; i++) this.options[i] = this.data.board.deployPoints[side][i];
    this.acting = u; // the unit being deployed
    this.deployAt(u, this.ask(rng, side, DECISION.DEPLOY_AT, m, false));
  }

  /** Places unit u (being deployed) at deployment point options[at]. */
  private deployAt(u: number, at: number): void {
    this.acting = -1;
    this.enter(u, this.options[at]);
    if (this.trace) this.trace(`deploy ${this.who(u)} at ${this.at(this.pos[u])}`);
  }

  /** Writes the side's reserve units costing at most min(room, credit) into options; returns how many. */
  private reserveOptions(side: number, room: number, credit: number): number {
    let n = 0;
    for (let u = this.sideStart[side]; u < this.sideEnd[side]; u++) if (this.where[u] === WHERE_RESERVE && this.cost[u] <= room && this.cost[u] <= credit) this.options[n++] = u;
    return n;
  }

  private enter(u: number, point: number): void {
    this.where[u] = WHERE_ACTIVE;
    this.pos[u] = point;
    this.activated[u] = 0;
  }

  /** rulebook: 1. Start of Round Phase — expired effects are removed; melee locks end ("units may freely leave melee combat"). */
  startOfRound(): void {
    for (let u = 0; u < this.n; u++) this.activated[u] = 0;
  }

  /** rulebook: 2. Pillars of Fate Phase — each player rolls Fate for this round's objectives. */
  pillarsOfFate(rng: Rng): void {
    for (let s = 0; s < 2; s++) {
      this.rollA[s] = rollDie(rng, 6);
      this.rollB[s] = rollDie(rng, 6);
    }
    if (this.trace) this.trace(`round ${this.round}: Pillars of Fate A ${this.rollA[0]}+${this.rollB[0]}, B ${this.rollA[1]}+${this.rollB[1]}; VP ${this.vp_[0]}-${this.vp_[1]}, Fate ${this.fate_[0]}-${this.fate_[1]}`);
  }

  /** rulebook: 3. Summoning Phase — under the Vortex cap, 1 Summoning Point accrues (it stacks); at most one unit, placed at the totem. */
  summoning(rng: Rng): void {
    for (let s = 0; s < 2; s++) this.summonFor(rng, s);
  }

  /** Side s's Summoning Phase. */
  private summonFor(rng: Rng, s: number): void {
    const cap = this.rules.vortexCap;
    const active = this.activePoints(s);
    if (active < cap) this.credit_[s] += 1;
    const n = this.reserveOptions(s, cap - active, this.credit_[s]);
    if (n === 0) return;
    this.summonAnswer(s, this.ask(rng, s, DECISION.SUMMON, n, true));
  }

  /** Side s summons options[k] (k -1: waits). */
  private summonAnswer(s: number, k: number): void {
    if (k < 0) return;
    const u = this.options[k];
    this.credit_[s] -= this.cost[u];
    // rulebook: 3. Summoning Phase — "placed within 4 inches of a friendly Summoning Totem" (assumption: at the totem).
    this.enter(u, this.data.board.totemPoint[s]);
    if (this.trace) this.trace(`summon ${this.who(u)} (cost ${this.cost[u]}) at ${this.at(this.pos[u])}; credit left ${this.credit_[s]}`);
  }

  /** The side that activates first this round. */
  first = 0;

  /** rulebook: 4. Initiative Phase — both roll Fate, higher wins (ties re-roll) and goes first or passes. */
  initiative(rng: Rng): void {
    let a = 0;
    let b = 0;
    do {
      a = this.roll2d6(rng);
      b = this.roll2d6(rng);
    } while (a === b);
    const winner = a > b ? 0 : 1;
    this.iniRollA = a;
    this.iniRollB = b;
    this.initiatives[winner]++;
    if (this.round === 1) this.outcome.firstInitiative = winner;
    this.options[0] = INI_FIRST;
    this.options[1] = INI_PASS;
    this.initiativeAnswer(winner, this.ask(rng, winner, DECISION.INITIATIVE, 2, false));
  }

  private initiativeAnswer(winner: number, k: number): void {
    this.first = this.options[k] === INI_FIRST ? winner : 1 - winner;
    if (this.trace) this.trace(`Initiative A ${this.iniRollA}, B ${this.iniRollB}: ${'AB'[winner]} wins, ${'AB'[this.first]} goes first`);
  }

  /** rulebook: 5. Activation Phase — alternate one unit at a time, starting with the Initiative; a side with none left waits. */
  activationPhase(rng: Rng): void {
    this.actTurn = this.first;
    this.activations(rng);
  }

  /** The Activation Phase from side actTurn's turn on (actTurn: the side whose turn it is; mutated). */
  private activations(rng: Rng): void {
    for (;;) {
      let n = this.readyOptions(this.actTurn);
      if (n === 0) {
        this.actTurn ^= 1;
        n = this.readyOptions(this.actTurn);
        if (n === 0) break;
      }
      const k = this.ask(rng, this.actTurn, DECISION.ACTIVATE, n, false);
      this.activate(rng, this.options[k]);
      this.verify('activation step');
      this.actTurn ^= 1;
    }
    this.acting = -1;
  }

  private readyOptions(side: number): number {
    let n = 0;
    for (let u = this.sideStart[side]; u < this.sideEnd[side]; u++) if (this.where[u] === WHERE_ACTIVE && this.activated[u] === 0) this.options[n++] = u;
    return n;
  }

  /** rulebook: Melee Combat & Engagement — units within 1/2 inch (the same point) are locked for the rest of the round. */
  private engage(u: number): void {
    const other = 1 - this.side_[u];
    for (let e = this.sideStart[other]; e < this.sideEnd[other]; e++) {
      if (this.where[e] !== WHERE_ACTIVE || this.pos[e] !== this.pos[u]) continue;
      this.lockedRound[u] = this.round;
      this.lockedRound[e] = this.round;
    }
  }

  /** Moves u up to `inches` along a shortest way toward point `to`, stopping once within `stop` of it. */
  private moveToward(u: number, to: number, inches: number, stop: number): void {
    this.pos[u] = this.pathEnd(this.side_[u], this.pos[u], to, inches, stop);
  }

  /** Where a unit of `side` at p ends moving up to `inches` toward `to`, stopping once within `stop` of it. */
  private pathEnd(side: number, p: number, to: number, inches: number, stop: number): number {
    const np = this.nPoints;
    const next = this.graph.nextStep[side];
    for (let i = 0; i < inches && this.graph.dist[p * np + to] > stop; i++) p = next[p * np + to];
    return p;
  }

  unitChargeFate(u: number): number {
    return this.chargeFate[u];
  }

  actionEnd(u: number, code: number, bonus: number): number {
    const side = this.side_[u];
    const p = this.pos[u];
    if (this.lockedRound[u] === this.round) return p;
    const kind = actKind(code);
    const arg = actArg(code);
    // As carryOut moves: a run Speed + the higher die; a charge Speed, then Speed again toward the target.
    if (kind === ACT_PILLAR) return this.pathEnd(side, p, this.pillarPts[arg - 1], this.speed[u], this.rules.controlRange);
    if (kind === ACT_RUN_PILLAR) return this.pathEnd(side, p, this.pillarPts[arg - 1], this.speed[u] + bonus, this.rules.controlRange);
    if (kind === ACT_ENGAGE) return this.pathEnd(side, p, this.pos[arg], this.speed[u], 0);
    if (kind === ACT_RANGE) return this.pathEnd(side, p, this.pos[arg], this.speed[u], this.range[u]);
    if (kind === ACT_RUN_ENEMY) return this.pathEnd(side, p, this.pos[arg], this.speed[u] + bonus, 0);
    if (kind === ACT_CHARGE) return this.pathEnd(side, this.pathEnd(side, p, this.pos[arg], this.speed[u], 0), this.pos[arg], this.speed[u], 0);
    return p;
  }

  /** expectedDamage per (attack j, target t, ran): computed on first use (NaN: not yet); the sheets do not change during a run. */
  private expected: Float64Array | null = null;

  expectedDamage(a: number, t: number, d: number, ran: boolean): number {
    const n = this.unitCount();
    // A module may ask anything: only units of this game, or another pair's cached value would be overwritten.
    if (!(Number.isInteger(a) && Number.isInteger(t) && a >= 0 && t >= 0 && a < n && t < n)) return 0;
    if (this.expected === null) this.expected = new Float64Array(n * MAX_ATTACKS * n * 2).fill(NaN);
    let best = 0;
    for (let k = 0; k < this.nAttacks[a]; k++) {
      const j = a * MAX_ATTACKS + k;
      if (this.attRanged[j] ? d > this.attRange[j] : d !== 0) continue;
      const at = (j * n + t) * 2 + (ran ? 1 : 0);
      let v = this.expected[at];
      if (Number.isNaN(v)) v = this.expected[at] = this.attackValue(j, t, ran);
      if (v > best) best = v;
    }
    return best;
  }

  /** Attack j's expected damage on t: P(the roll succeeds, not deflected) × the mean damage (expectedDamage). */
  private attackValue(j: number, t: number, ran: boolean): number {
    const stat = this.attStat[j];
    const rules = this.rules;
    const target = stat === STAT_DEF ? this.def[t] + (ran ? rules.runningDef : 0) : stat === STAT_DOD ? this.dod[t] + (ran ? rules.runningDod : 0) + (this.attRanged[j] ? rules.coverDod : 0) : this.will[t];
    let land = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const roll = a + b;
        if (!rollSucceeds(roll, target, rules.successRule)) continue;
        let deflect = 0;
        if (this.shield[t]) for (let c = 1; c <= 6; c++) for (let e = 1; e <= 6; e++) if (deflects(c + e, roll, rules.deflectRule)) deflect += 1 / 36;
        land += (1 - deflect / 2) / 36;
      }
    let mean = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) mean += damageFromDice(DICE_CODES[this.attDice[j]], a, b) / 36;
    return land * mean;
  }

  activate(rng: Rng, u: number): void {
    const side = this.side_[u];
    this.acting = u;
    this.activated[u] = 1;
    // rulebook: Running — the bonus lasts "until the unit's next activation".
    this.ranBonus[u] = 0;
    const locked = this.lockedRound[u] === this.round;
    const other = 1 - side;
    // The plan (rulebook: Actions & Activations — a Movement, an Ability and a Free Action).
    let n = 0;
    const o = this.options;
    o[n++] = ACT_STAY << 8;
    if (!locked) {
      for (let k = 1; k <= PILLARS; k++) o[n++] = (ACT_PILLAR << 8) | k;
      for (let k = 1; k <= PILLARS; k++) o[n++] = (ACT_RUN_PILLAR << 8) | k;
    }
    // The charge moves up to Speed after the unit's own move (assumption): offered when it can reach.
    const chargeReach = locked ? 0 : 2 * this.speed[u];
    const chargeOk = this.chargeFate[u] >= 0 && this.fate_[side] >= this.chargeFate[u];
    for (let e = this.sideStart[other]; e < this.sideEnd[other]; e++) {
      if (this.where[e] !== WHERE_ACTIVE) continue;
      if (!locked) {
        o[n++] = (ACT_ENGAGE << 8) | e;
        if (this.range[u] > 0) o[n++] = (ACT_RANGE << 8) | e;
        o[n++] = (ACT_RUN_ENEMY << 8) | e;
      }
      if (chargeOk && this.distance(this.pos[u], this.pos[e]) <= chargeReach) o[n++] = (ACT_CHARGE << 8) | e;
    }
    this.carryOut(rng, u, o[this.ask(rng, side, DECISION.ACTION, n, false)]);
  }

  /** The rest of u's activation once its plan (an ACTION option code) is chosen. */
  private carryOut(rng: Rng, u: number, plan: number): void {
    const side = this.side_[u];
    const from = this.pos[u];
    const locked = this.lockedRound[u] === this.round;
    const other = 1 - side;
    const o = this.options;
    let n = 0;
    const kind = actKind(plan);
    const arg = actArg(plan);
    if (this.trace) this.trace(`  ${this.who(u)} at ${this.at(from)}${locked ? ' (locked in melee)' : ''}: ${ACT_NAMES[kind]}${kind === ACT_PILLAR || kind === ACT_RUN_PILLAR ? ` P${arg}` : kind === ACT_STAY ? '' : ` ${this.who(arg)}`}`);
    if (kind === ACT_RUN_PILLAR || kind === ACT_RUN_ENEMY) {
      // rulebook: Running — "roll Fate and add the higher die to movement"; +2 DEF/DOD; no Actions, no Free Actions.
      const a = rollDie(rng, 6);
      const b = rollDie(rng, 6);
      const to = kind === ACT_RUN_PILLAR ? this.pillarPts[arg - 1] : this.pos[arg];
      this.moveToward(u, to, this.speed[u] + (a > b ? a : b), kind === ACT_RUN_PILLAR ? this.rules.controlRange : 0);
      if (this.trace) this.trace(`    runs ${this.speed[u]}+${a > b ? a : b} inches (dice ${a}, ${b}) to ${this.at(this.pos[u])}`);
      this.ranBonus[u] = 1;
      this.ranRound[u] = this.round;
      if (this.pos[u] !== from) this.engage(u);
      return;
    }
    if (kind === ACT_CHARGE) {
      // rulebook: Understanding Unit Sheet (Heroic Charge) — "Move up to your Speed and immediately make a free attack. If the attack succeeds, gain 1 Fate Token."
      if (!locked) this.moveToward(u, this.pos[arg], this.speed[u], 0);
      this.fate_[side] -= this.chargeFate[u];
      this.fateSpent[side] += this.chargeFate[u];
      if (!locked) this.moveToward(u, this.pos[arg], this.speed[u], 0);
      if (this.pos[u] !== from) this.engage(u);
      const j = u * MAX_ATTACKS; // the free attack: the unit's first attack (assumption)
      const inRange = this.attRanged[j] ? this.distance(this.pos[u], this.pos[arg]) <= this.attRange[j] : this.pos[u] === this.pos[arg];
      if (inRange && this.where[arg] === WHERE_ACTIVE && this.attack(rng, u, 0, arg, true)) this.fate_[side] += this.chargeGain[u];
      return;
    }
    if (kind === ACT_PILLAR) this.moveToward(u, this.pillarPts[arg - 1], this.speed[u], this.rules.controlRange);
    else if (kind === ACT_ENGAGE) this.moveToward(u, this.pos[arg], this.speed[u], 0);
    else if (kind === ACT_RANGE) this.moveToward(u, this.pos[arg], this.speed[u], this.range[u]);
    if (this.trace && this.pos[u] !== from) this.trace(`    moves to ${this.at(this.pos[u])}`);
    // Moving into melee range engages (units already in contact since last round may leave freely, and are not locked by staying).
    if (this.pos[u] !== from) this.engage(u);
    // The Ability Action, after the move (assumption: movement comes first in an activation).
    n = 0;
    for (let a = 0; a < this.nAttacks[u]; a++) {
      const j = u * MAX_ATTACKS + a;
      if (this.attFate[j] > this.fate_[side]) continue;
      for (let e = this.sideStart[other]; e < this.sideEnd[other]; e++) {
        if (this.where[e] !== WHERE_ACTIVE) continue;
        const d = this.distance(this.pos[u], this.pos[e]);
        // rulebook: Melee Combat & Engagement — melee within 1/2 inch (the same point); a ranged attack within its range.
        if (this.attRanged[j] ? d <= this.attRange[j] : d === 0) o[n++] = (ABL_ATTACK << 16) | (a << 8) | e;
      }
    }
    if (this.buffFate[u] >= 0 && this.fate_[side] >= this.buffFate[u]) o[n++] = ABL_BUFF << 16;
    if (n === 0) return;
    this.abilityAnswer(rng, u, this.ask(rng, side, DECISION.ABILITY, n, true));
  }

  /** u uses ABILITY option k (-1: none). */
  private abilityAnswer(rng: Rng, u: number, k: number): void {
    if (k < 0) return;
    const code = this.options[k];
    if (ablKind(code) === ABL_ATTACK) this.attack(rng, u, ablA(code), ablB(code), false);
    else {
      this.battleCry(u);
      if (this.trace) this.trace(`    Battle Cry: friends within ${this.buffRadius[u]} inches +${this.buffAmount[u]} until the end of the round`);
    }
  }

  /** rulebook: Understanding Unit Sheet (Battle Cry) — friendly units within 3 inches (the sheet's radius) gain +1 DEF until the end of the round. */
  battleCry(u: number): void {
    const side = this.side_[u];
    this.fate_[side] -= this.buffFate[u];
    this.fateSpent[side] += this.buffFate[u];
    const amount = this.buffAmount[u];
    const arr = this.buffStat[u] === STAT_DEF ? this.buffDef : this.buffStat[u] === STAT_DOD ? this.buffDod : this.buffWill;
    // The unit itself counts as friendly and within the radius (assumption); two Battle Cries do not add up.
    for (let f = this.sideStart[side]; f < this.sideEnd[side]; f++) {
      if (this.where[f] !== WHERE_ACTIVE || this.distance(this.pos[u], this.pos[f]) > this.buffRadius[u]) continue;
      if (arr[f] < amount) arr[f] = amount;
    }
  }

  /** One attack of u's attack `a` on e; `free` = no Fate cost (Heroic Charge). Returns whether it landed. */
  attack(rng: Rng, u: number, a: number, e: number, free: boolean): boolean {
    const side = this.side_[u];
    const j = u * MAX_ATTACKS + a;
    if (!free && this.attFate[j] > 0) {
      this.fate_[side] -= this.attFate[j];
      this.fateSpent[side] += this.attFate[j];
    }
    this.attacks[side]++;
    const ranged = this.attRanged[j] === 1;
    const stat = this.attStat[j];
    let target: number;
    // rulebook: Understanding The Statistics — the ability targets DEF, DOD or WILL; Running +2 DEF/DOD; Cover +DOD vs ranged ("Melee attacks ignore Cover").
    if (stat === STAT_DEF) target = this.def[e] + (this.ranBonus[e] ? this.rules.runningDef : 0) + this.buffDef[e];
    else if (stat === STAT_DOD) target = this.dod[e] + (this.ranBonus[e] ? this.rules.runningDod : 0) + (ranged ? this.rules.coverDod : 0) + this.buffDod[e];
    else target = this.will[e] + this.buffWill[e];
    const roll = this.roll2d6(rng);
    // rulebook: Using Abilities — "If the Fate Roll equals or exceeds the target number, the ability succeeds."
    const ok = rollSucceeds(roll, target, this.rules.successRule);
    if (this.trace) this.trace(`    ${free ? 'free ' : ''}attack ${this.who(e)}: rolls ${roll} vs ${['DEF', 'DOD', 'WILL'][stat]} ${target}: ${ok ? 'success' : 'miss'}`);
    if (!ok) return false;
    // rulebook: Actions & Activations (Example Activation) — a Shield rolls against the attack roll as its Free Action, once per round; not after running (assumption).
    if (this.shield[e] && this.freeUsedRound[e] !== this.round && this.ranRound[e] !== this.round) {
      const es = this.side_[e];
      this.options[0] = 0;
      this.options[1] = 1;
      const prevActing = this.acting;
      this.acting = e;
      this.attackRoll = roll;
      const k = this.ask(rng, es, DECISION.DEFLECT, 2, false);
      this.acting = prevActing;
      this.attackRoll = 0;
      if (this.options[k] === 1) {
        this.freeUsedRound[e] = this.round;
        const d = this.roll2d6(rng);
        const deflected = deflects(d, roll, this.rules.deflectRule);
        if (this.trace) this.trace(`    Shield: ${this.who(e)} rolls ${d} against ${roll}: ${deflected ? 'deflected' : 'not deflected'}`);
        if (deflected) return false;
      }
    }
    // rulebook: Damage Types — light / medium / heavy dice; Damage Resolution — shields, armor, health.
    const dmg = damageFromDice(DICE_CODES[this.attDice[j]], rollDie(rng, 6), rollDie(rng, 6));
    const pools = this.pools;
    pools.shields = 0;
    pools.armor = this.armor[e];
    pools.health = this.health[e];
    // rulebook: Incapacitated Units — at Health 0 the unit is Incapacitated (no move, attack, activation or scoring).
    if (applyDamage(pools, dmg, this.rules.armorRule)) this.where[e] = WHERE_INCAP;
    this.armor[e] = pools.armor;
    this.health[e] = pools.health;
    if (this.trace) this.trace(`    ${dmg} damage: armor ${this.armor[e]}, health ${this.health[e]}${this.where[e] === WHERE_INCAP ? ' — incapacitated' : ''}`);
    return true;
  }

  /** rulebook: 6. End of Round Phase — end-of-round effects expire; unhealed Incapacitated units are removed. */
  endOfRound(): void {
    for (let u = 0; u < this.n; u++) {
      // rulebook: Status Effects — "Unless stated otherwise, Status Effects last until the End of Round" (Battle Cry: "until the end of the round").
      this.buffDef[u] = 0;
      this.buffDod[u] = 0;
      this.buffWill[u] = 0;
      // rulebook: Remove Unhealed Incapacitated Units (no unit here can heal).
      if (this.where[u] === WHERE_INCAP) {
        this.where[u] = WHERE_REMOVED;
        this.pos[u] = -1;
        this.lost[this.side_[u]]++;
        if (this.trace) this.trace(`end of round: ${this.who(u)} removed from play`);
      }
    }
  }

  /** A side with no unit left (none in the Vortex, none in reserve): 0, 1, 2 (both) or -1. */
  wipedOut(): number {
    let w = 0;
    for (let s = 0; s < 2; s++) {
      let any = false;
      for (let u = this.sideStart[s]; u < this.sideEnd[s]; u++) if (this.where[u] === WHERE_ACTIVE || this.where[u] === WHERE_RESERVE) any = true;
      if (!any) w |= 1 << s;
    }
    return w === 0 ? -1 : w === 3 ? 2 : w === 1 ? 0 : 1;
  }

  /** rulebook: 7. Scoring Phase — control of each Pillar, then VP and Fate Tokens for the objectives controlled. */
  scoringPhase(): void {
    for (let k = 1; k <= PILLARS; k++) {
      const a = this.pillarScore(k, 0);
      const b = this.pillarScore(k, 1);
      // rulebook: 7. Scoring Phase (Determine Control) — the higher scoring value controls; a tie controls nothing.
      this.ctrl[k] = a > b ? 0 : b > a ? 1 : -1;
      if (this.ctrl[k] >= 0) this.held[this.ctrl[k]]++;
    }
    for (let s = 0; s < 2; s++) {
      this.scoringSide = s;
      // The same scoring rules as `sim dualfates control` (control.ts): objectives, Secret pick, doubling.
      roundScore(this.rollA[s], this.rollB[s], this.heldBySide, this.score);
      this.vp_[s] += this.score.vp;
      this.fate_[s] += this.score.tokens;
    }
    if (this.trace) {
      const c = [1, 2, 3, 4, 5].map((k) => `P${k} ${this.ctrl[k] < 0 ? '-' : 'AB'[this.ctrl[k]]} (${this.pillarScore(k, 0)}:${this.pillarScore(k, 1)})`).join(', ');
      this.trace(`scoring: ${c}; VP ${this.vp_[0]}-${this.vp_[1]}`);
    }
  }

  /** Control of Pillar k at the last Scoring Phase: 0, 1 or -1. */
  controller(k: number): number {
    return this.ctrl[k];
  }

  // ---- the engine contract (src/core/engine.ts): what the shared search plays ----
  playOn(rng: Rng, chooser: Policy<MatchView>, decision: number, answer: number, stopTurn: number): void {
    if (decision !== NO_ANSWER && decision !== this.pendingDecision) throw new Error(`dualfates match: resuming decision ${DECISION_NAMES[decision] ?? decision}, but the state was saved at ${DECISION_NAMES[this.pendingDecision] ?? 'no decision'}`);
    const before = this.chooser;
    const trace = this.trace;
    this.chooser = chooser;
    // A search's playouts are not part of the game's trace.
    this.trace = null;
    try {
      if (answer !== NO_ANSWER) this.resume(rng, answer);
      this.runFrom(rng, stopTurn);
    } finally {
      this.chooser = before;
      this.trace = trace;
    }
  }

  /** Answers the decision a restored snapshot was asking, and finishes the step it belongs to. */
  private resume(rng: Rng, k: number): void {
    const d = this.pendingDecision;
    this.pendingDecision = -1;
    // The rest of deployRest's step (the loop goes on in runFrom).
    if (d === DECISION.DEPLOY || d === DECISION.DEPLOY_AT) {
      if (d === DECISION.DEPLOY) this.deployAnswer(rng, this.deciding, k);
      else this.deployAt(this.acting, k);
      this.deployTurn ^= 1;
      return;
    }
    if (d === DECISION.SUMMON) {
      this.summonAnswer(this.summonSide, k);
      this.summonSide++;
      return;
    }
    if (d === DECISION.INITIATIVE) {
      this.initiativeAnswer(this.deciding, k);
      this.actTurn = this.first;
      this.stage = ST_ACTIVATION;
      return;
    }
    if (d === DECISION.ACTIVATE) this.activate(rng, this.options[k]);
    else if (d === DECISION.ACTION) this.carryOut(rng, this.acting, this.options[k]);
    else if (d === DECISION.ABILITY) this.abilityAnswer(rng, this.acting, k);
    else throw new Error(`dualfates match: cannot resume at decision ${DECISION_NAMES[d] ?? d} (resumable: DEPLOY, DEPLOY_AT, SUMMON, INITIATIVE, ACTIVATE, ACTION, ABILITY)`);
    // The rest of activationPhase's step.
    this.verify('activation step');
    this.actTurn ^= 1;
  }

  resumable(decision: number): boolean {
    return ((SEARCH_ROOTS >>> decision) & 1) === 1;
  }
  decider(): number {
    return this.deciding;
  }
  over(): boolean {
    return this.stage === ST_OVER;
  }
  result(player: number): number {
    const w = this.outcome.winner;
    return w === player ? 1 : w === -1 ? 0.5 : 0;
  }
  turn(): number {
    return this.round;
  }

  /**
   * A crude estimate of `player`'s result at a search's cut-off (every state is public): a logistic
   * of the VP lead plus the points of units still in play (active or in reserve) ahead of the other
   * side, weighted by the share of rounds left, on a scale that widens with the rounds left.
   */
  value(player: number): number {
    const left = this.rounds - this.round;
    let material = 0;
    for (let u = 0; u < this.n; u++) if (this.where[u] === WHERE_ACTIVE || this.where[u] === WHERE_RESERVE) material += this.side_[u] === player ? this.cost[u] : -this.cost[u];
    const lead = this.vp_[player] - this.vp_[1 - player] + (material * left) / this.rounds;
    return 1 / (1 + Math.exp(-lead / (1 + Math.sqrt(left))));
  }

  newSnapshot(): FieldSnapshot {
    return new FieldSnapshot(this, STATE_ARRAYS, STATE_SCALARS);
  }
  save(into: FieldSnapshot): void {
    into.save();
  }
  restore(from: FieldSnapshot): void {
    from.restore();
  }

  /** Nothing is hidden in a match (units, rolls, tokens and points are public; the dice to come are the stream's): no re-deal. */
  determinize(_rng: Rng, _observer: number): void {}

  /** Every player sees the whole state: a hash of it. */
  observe(_player: number): number {
    let h = hashWord(HASH_START, this.round);
    for (let u = 0; u < this.n; u++) {
      h = hashWord(h, this.where[u]);
      h = hashWord(h, this.pos[u]);
      h = hashWord(h, this.health[u]);
      h = hashWord(h, this.armor[u]);
      h = hashWord(h, this.activated[u]);
      h = hashWord(h, this.ranBonus[u]);
      h = hashWord(h, this.buffDef[u] | (this.buffDod[u] << 8) | (this.buffWill[u] << 16));
    }
    for (let s = 0; s < 2; s++) {
      h = hashWord(h, this.vp_[s]);
      h = hashWord(h, this.fate_[s]);
      h = hashWord(h, this.credit_[s]);
      h = hashWord(h, this.rollA[s] | (this.rollB[s] << 8));
    }
    for (let k = 0; k < PILLARS; k++) h = hashWord(h, this.pillarPts[k]);
    return h;
  }

  // ---- invariants (checkGame) ----
  private verify(where: string): void {
    if (!this.check) return;
    const at = `round ${this.round}, after ${where}`;
    const fail = (what: string) => {
      throw new Error(`dualfates match invariant broken (${at}): ${what}`);
    };
    for (let s = 0; s < 2; s++) {
      // Vortex cap (rulebook: Understanding the role of The Vortex): at most 5 points in the Vortex at one time.
      if (this.activePoints(s) > this.rules.vortexCap) fail(`side ${s} has ${this.activePoints(s)} points in the Vortex, cap ${this.rules.vortexCap}`);
      if (this.vp_[s] < this.prevVp[s]) fail(`side ${s}'s Victory Points fell from ${this.prevVp[s]} to ${this.vp_[s]}`);
      if (this.vp_[s] - this.prevVp[s] > 2 && where === 'scoring') fail(`side ${s} scored ${this.vp_[s] - this.prevVp[s]} VP in one round (at most 2)`);
      if (this.vp_[s] > 2 * this.round) fail(`side ${s} has ${this.vp_[s]} VP after ${this.round} rounds`);
      if (this.fate_[s] < 0) fail(`side ${s} has ${this.fate_[s]} Fate Tokens`);
      if (this.credit_[s] < 0) fail(`side ${s} has ${this.credit_[s]} summoning credit`);
      if (where === 'scoring') this.prevVp[s] = this.vp_[s];
      // Units in exactly one place: every unit of the side in one of reserve, Vortex, removed; counts add up.
      let count = 0;
      for (let u = this.sideStart[s]; u < this.sideEnd[s]; u++) {
        const w = this.where[u];
        if (w < WHERE_RESERVE || w > WHERE_REMOVED) fail(`unit ${u} is nowhere (where ${w})`);
        count++;
        const inVortex = w === WHERE_ACTIVE || w === WHERE_INCAP;
        if (inVortex !== (this.pos[u] >= 0 && this.pos[u] < this.nPoints)) fail(`unit ${u} (${WHERE_NAMES[w]}) at point ${this.pos[u]}`);
        if (this.health[u] < 0 || this.health[u] > this.maxHealth[u]) fail(`unit ${u} health ${this.health[u]}`);
        if (this.armor[u] < 0 || this.armor[u] > this.maxArmor[u]) fail(`unit ${u} armor ${this.armor[u]}`);
        if (w === WHERE_ACTIVE && this.health[u] === 0) fail(`unit ${u} is active at health 0`);
        if (w === WHERE_INCAP && this.health[u] !== 0) fail(`unit ${u} is incapacitated at health ${this.health[u]}`);
        if ((where === 'scoring' || where === 'deployment') && w === WHERE_INCAP) fail(`unit ${u} still incapacitated at ${where}`);
        if (w === WHERE_RESERVE && this.health[u] !== this.maxHealth[u]) fail(`unit ${u} in reserve has taken damage`);
        if (this.wasRemoved[u] && w !== WHERE_REMOVED) fail(`unit ${u} came back (${WHERE_NAMES[w]}) after being removed from play`);
        if (w === WHERE_REMOVED) this.wasRemoved[u] = 1;
      }
      if (count !== this.sideEnd[s] - this.sideStart[s]) fail(`side ${s} counts ${count} units`);
      if (this.lost[s] !== this.removedCount(s)) fail(`side ${s} lost ${this.lost[s]} but ${this.removedCount(s)} are removed`);
    }
    if (this.round < 0 || this.round > this.rounds) fail(`round ${this.round} of ${this.rounds}`);
  }

  private removedCount(s: number): number {
    let c = 0;
    for (let u = this.sideStart[s]; u < this.sideEnd[s]; u++) if (this.where[u] === WHERE_REMOVED) c++;
    return c;
  }
}
