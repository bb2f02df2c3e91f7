// The readings a whole Termination Scenario game needs where the digest is silent (issue 17,
// Level 3): each a named parameter with its alternatives, defaulting to the best public trace of
// the same engine (the summary's corrections: the AvP CCG v2 round order and supplement), and the
// digest's own constants. These are what GameSimParams.rules carries to the engine.
import type { ParamSpec } from '../../core/params.js';

export const ROUND_ORDERS = ['avp', 'drawFirst', 'combatLast'] as const;
export const HIT_RULES = ['gt', 'ge'] as const;
export const DAMAGE_RULES = ['subtract', 'allOrNothing'] as const;
export const RANGE_RULES = ['adjacent', 'sameLocation'] as const;
export const POOL_SPEND = ['resist', 'events'] as const;
export const REVEAL_RULES = ['infZero', 'onAttack'] as const;
export const HK_DEFEAT = ['powerDamage', 'singleHit'] as const;
export const COMMAND_RULES = ['humanOrDisguised', 'anyMain'] as const;
export const DIFFERENT_RULES = ['name', 'copy'] as const;
export const DRONE_ENTRY = ['free', 'withTerminator'] as const;
export const TURN_ORDERS = ['byRound', 'bySide'] as const;
export const OUTNUMBERING_RULES = ['mainDiff', 'mainOnly', 'surplusMain'] as const;
export const HIDDEN_SEARCH = ['stays', 'reveals', 'cannot'] as const;
export const START_DUPLICATE = ['removed', 'placed'] as const;

export interface GameRules {
  roundOrder: (typeof ROUND_ORDERS)[number];
  turnOrder: (typeof TURN_ORDERS)[number];
  outnumbering: (typeof OUTNUMBERING_RULES)[number];
  hiddenSearch: (typeof HIDDEN_SEARCH)[number];
  startDuplicate: (typeof START_DUPLICATE)[number];
  hitRule: (typeof HIT_RULES)[number];
  damage: (typeof DAMAGE_RULES)[number];
  ranges: (typeof RANGE_RULES)[number];
  poolSpend: (typeof POOL_SPEND)[number];
  poolPerResist: number;
  poolPerTurn: number;
  reveal: (typeof REVEAL_RULES)[number];
  hkDefeat: (typeof HK_DEFEAT)[number];
  command: (typeof COMMAND_RULES)[number];
  different: (typeof DIFFERENT_RULES)[number];
  productionCarry: boolean;
  droneEntry: (typeof DRONE_ENTRY)[number];
  infiltratorHumanItems: boolean;
  locationsPerTurn: number;
  inactiveSide: 'nothing' | 'locations';
  combatPool: number;
  victoryDifferent: number;
  victoryImportance: number;
  victoryMissionPoints: number;
}

export const RULE_PARAMS: readonly ParamSpec[] = [
  {
    key: 'roundOrder',
    assumed: 'reading',
    type: 'enum',
    default: 'avp',
    choices: ROUND_ORDERS,
    doc: 'round order of a turn: avp = Ready → Movement (protection, new locations, movement) → Draw to the limit → Combat → Search; drawFirst = Ready → Draw → Movement → Combat → Search; combatLast = Ready → Movement → Draw → Search → Combat',
    source: 'summary corrections: the AvP CCG v2 table of contents (same engine); the digest names the rounds but not their order',
    cli: {},
  },
  {
    key: 'turnOrder',
    assumed: 'reading',
    type: 'enum',
    default: 'byRound',
    choices: TURN_ORDERS,
    doc: "how the two sides share a turn: byRound = each round (in roundOrder) is played by the Resistance, then by Skynet, before the next round; bySide = the Resistance plays all its rounds, then Skynet all of its (the other side still defends and plays its reactions)",
    source: 'summary corrections: 同一ターン内で全員が処理を行う (every player acts within one turn), the Resistance first, then Skynet; whether round by round or a side\'s whole turn at a time is not said',
    cli: {},
  },
  {
    key: 'outnumbering',
    assumed: 'reading',
    type: 'enum',
    default: 'mainDiff',
    choices: OUTNUMBERING_RULES,
    doc: "extra movement to leave a place (visible characters; commanded supporting characters count for their commander): mainDiff = when the enemy has more characters there, +1 per enemy main character beyond the mover's side's main characters; mainOnly = the same comparison and excess over main characters only; surplusMain = when the enemy has more characters, +1 per character of that surplus, counting at most the enemy's main characters",
    source: 'digest §敵集団からの脱出: compare the character counts (相手のキャラクター数を比較), if the enemy has more, +1 per excess enemy main character (相手のメインキャラクター超過分 1体につき); the excess over what is not said',
    cli: {},
  },
  {
    key: 'hiddenSearch',
    assumed: 'reading',
    type: 'enum',
    default: 'stays',
    choices: HIDDEN_SEARCH,
    doc: 'a hidden (decoy-moving) character in the Search round: stays = it finds or picks up as any searcher and stays hidden; reveals = finding or picking up ends its hidden movement (as attacking does); cannot = it neither finds nor picks up while hidden',
    source: 'assumption: digest §隠密移動 ends hidden movement when attacking (攻撃宣言時) and says nothing of searching',
    cli: {},
  },
  {
    key: 'startDuplicate',
    assumed: 'reading',
    type: 'enum',
    default: 'removed',
    choices: START_DUPLICATE,
    doc: "a side's own start location drawn from its location deck: removed = it is a copy of a place the side has, removed at once; placed = the start is a separate space, so the drawn card is placed as another location (joining the other side's place of that name)",
    source: 'digest §スタートカード: the start location is a separate space (別の空間) from other locations of its name; §ロケーション: a card the side already has drawn again is removed (除外); which wins is not said',
    cli: {},
  },
  { key: 'hitRule', assumed: 'reading', type: 'enum', default: 'gt', choices: HIT_RULES, doc: "to hit: 1d6 + modifiers against the target's Speed (+1 while hidden): gt = the roll must exceed it; ge = equal is enough", source: 'assumption: the digest says only that Speed is the defence value; alternatives gt, ge', cli: {} },
  { key: 'damage', assumed: 'reading', type: 'enum', default: 'subtract', choices: DAMAGE_RULES, doc: 'damage of a hit: subtract = weapon damage (ranged) or Power + melee bonus (close), minus resistance (current Power + armor); allOrNothing = the full damage when it reaches the resistance, else none', source: 'assumption: the digest says Power is both damage and resistance; the formula is not given', cli: {} },
  { key: 'ranges', assumed: 'reading', type: 'enum', default: 'adjacent', choices: RANGE_RULES, doc: 'ranged weapon ranges: adjacent = short reaches the same place, long the same or an adjacent one; sameLocation = every ranged attack at the same place only', source: 'assumption: the digest names short and long ranges without distances', cli: {} },
  { key: 'poolSpend', assumed: 'reading', type: 'enum', default: 'resist', choices: POOL_SPEND, doc: 'what the combat pool buys: resist = event costs, and poolPerResist points for +1 resistance in damage resolution; events = event costs only', source: 'summary corrections: an AvP supplement spends 2 combat pool for +1 resistance; the digest: event costs come from the pool', cli: {} },
  { key: 'poolPerResist', assumed: 'value', inert: (p) => (p.poolSpend === 'resist' ? null : `it prices +1 resistance, which the combat pool buys only with poolSpend resist (it is ${String(p.poolSpend)})`), type: 'int', default: 2, min: 1, max: 10, doc: 'combat pool spent per +1 resistance (poolSpend resist)', source: 'summary corrections (the AvP supplement: 2)', cli: {} },
  { key: 'poolPerTurn', assumed: 'value', type: 'int', default: 0, min: 0, max: 5, doc: 'combat pool each acting side gains in its Ready round', source: 'assumption: the digest says the pool grows "when certain cards are used" (特定カードの使用時など); 0 = only cards add to it', cli: {} },
  { key: 'reveal', assumed: 'reading', type: 'enum', default: 'infZero', choices: REVEAL_RULES, doc: "how a disguised Infiltrator is revealed: infZero = only damage taking Infiltration to 0 or below (the digest); once it has attacked, the Resistance may attack it (a human who attacked them) but it keeps its disguise; onAttack = attacking reveals it", source: 'summary corrections: the only reveal the digest states is INF ≤ 0; the Resistance may attack humans who attacked them', cli: {} },
  { key: 'hkDefeat', assumed: 'reading', type: 'enum', default: 'powerDamage', choices: HK_DEFEAT, doc: 'when a Hunter-Killer is defeated (its Speed and Power never drop): powerDamage = when the damage it has taken reaches its Power; singleHit = only by one hit of at least its Power (damage does not accumulate)', source: 'summary corrections: the digest does not say when Hunter-Killers are defeated', cli: {} },
  { key: 'command', assumed: 'reading', type: 'enum', default: 'humanOrDisguised', choices: COMMAND_RULES, doc: 'who commands a supporting character at its place: humanOrDisguised = a human main character, or an Infiltrator whose disguise holds (INF ≥ 1); anyMain = any main character', source: 'summary corrections (the digest: 人間のメインキャラクター, or an undiscovered Infiltrator); anyMain is the summary\'s first text', cli: {} },
  { key: 'different', assumed: 'reading', type: 'enum', default: 'name', choices: DIFFERENT_RULES, doc: 'the "3 different supporting characters" of the Importance victory: name = different card names (Importance summed over them); copy = any copies', source: 'assumption: the digest says 異なる 3体以上 (different) without saying by what', cli: {} },
  { key: 'productionCarry', type: 'bool', default: true, doc: 'production points not spent stay for later turns (false: lost at the end of the Search round)', source: 'digest §コスト: production points are accumulated (蓄積される); only the set-up points are lost when unspent', cli: {} },
  { key: 'droneEntry', assumed: 'reading', type: 'enum', default: 'free', choices: DRONE_ENTRY, doc: 'how a Drone from hand enters play (production needs a Drone already there): free = one per turn at any Factory in play, in the Search round; withTerminator = the same, only at a Factory where a Skynet main character is', source: 'assumption: the digest produces cards where a Drone is, which no Drone can start', cli: {} },
  { key: 'infiltratorHumanItems', type: 'bool', default: true, doc: 'Infiltrators may find and use human items', source: 'digest §スカイネット: "not in the rules, but presumably yes" (ルール未記載だが…使用できると思われる); §アイテム: Infiltrators use both kinds', cli: {} },
  { key: 'combatPool', type: 'int', default: 3, min: 0, max: 20, doc: 'combat pool of each side at the start', source: 'digest §開始時基本設定 (3 each)', cli: {} },
  { key: 'victoryDifferent', type: 'int', default: 3, min: 1, max: 10, doc: 'different supporting characters protected (or eliminated) needed for the Importance victory', source: 'digest §勝利条件 (3)', cli: {} },
  { key: 'victoryImportance', type: 'int', default: 10, min: 1, max: 50, doc: 'Importance total needed for the Importance victory', source: 'digest §勝利条件 (10)', cli: {} },
  { key: 'victoryMissionPoints', type: 'int', default: 10, min: 1, max: 50, doc: 'Mission Points needed for the mission victory', source: 'digest §勝利条件 (10)', cli: {} },
];

/** The rules object from resolved parameters (the game mode's own keys included). */
export function rulesOf(params: Record<string, unknown>): GameRules {
  return {
    roundOrder: String(params.roundOrder) as GameRules['roundOrder'],
    turnOrder: String(params.turnOrder) as GameRules['turnOrder'],
    outnumbering: String(params.outnumbering) as GameRules['outnumbering'],
    hiddenSearch: String(params.hiddenSearch) as GameRules['hiddenSearch'],
    startDuplicate: String(params.startDuplicate) as GameRules['startDuplicate'],
    hitRule: String(params.hitRule) as GameRules['hitRule'],
    damage: String(params.damage) as GameRules['damage'],
    ranges: String(params.ranges) as GameRules['ranges'],
    poolSpend: String(params.poolSpend) as GameRules['poolSpend'],
    poolPerResist: Number(params.poolPerResist),
    poolPerTurn: Number(params.poolPerTurn),
    reveal: String(params.reveal) as GameRules['reveal'],
    hkDefeat: String(params.hkDefeat) as GameRules['hkDefeat'],
    command: String(params.command) as GameRules['command'],
    different: String(params.different) as GameRules['different'],
    productionCarry: params.productionCarry === true,
    droneEntry: String(params.droneEntry) as GameRules['droneEntry'],
    infiltratorHumanItems: params.infiltratorHumanItems === true,
    locationsPerTurn: Number(params.locationsPerTurn),
    inactiveSide: String(params.inactiveSide) as GameRules['inactiveSide'],
    combatPool: Number(params.combatPool),
    victoryDifferent: Number(params.victoryDifferent),
    victoryImportance: Number(params.victoryImportance),
    victoryMissionPoints: Number(params.victoryMissionPoints),
  };
}
