// Effect primitives of Dark Fate cards, as integer op codes, and keyword bits. Card data (YAML)
// names effects; the loader compiles each to (op, arg) pairs in flat Int32Arrays.

/** Op codes. Each op has one integer argument (1 when the YAML gives a bare name). */
export const OP = {
  FIGHT: 1,
  SUPPLY: 2,
  LOCATION_SUPPLY: 3,
  DRAW: 4,
  DISCARD: 5,
  DESTROY_FROM_HAND: 6,
  HEAL: 7,
  GAIN_FREE: 8,
  FATE_TO_RESERVE: 9,
  DESTROY_REV9: 10,
  DESTROY_REV9_SPECIAL: 11,
  DESTROY_SELF: 12,
  WOUND_CURRENT: 13,
  WOUND_EACH: 14,
  REV9_HEAL: 15,
  DISCARD_FORCED: 16,
  DEFEND: 17,
} as const;

/** One more than the largest op code: the stride of CardTable.effectSum. */
export const OP_COUNT = 18;

/** YAML effect name → op code. */
export const OP_NAMES: Record<string, number> = {
  fight: OP.FIGHT,
  supply: OP.SUPPLY,
  locationSupply: OP.LOCATION_SUPPLY,
  draw: OP.DRAW,
  discard: OP.DISCARD,
  destroyFromHand: OP.DESTROY_FROM_HAND,
  heal: OP.HEAL,
  gainFree: OP.GAIN_FREE,
  fateToReserve: OP.FATE_TO_RESERVE,
  destroyRev9IfStaggered: OP.DESTROY_REV9,
  destroyRev9IfStaggeredSpecial: OP.DESTROY_REV9_SPECIAL,
  destroySelf: OP.DESTROY_SELF,
  woundCurrent: OP.WOUND_CURRENT,
  woundEach: OP.WOUND_EACH,
  rev9Heal: OP.REV9_HEAL,
  discardForced: OP.DISCARD_FORCED,
  defend: OP.DEFEND,
};

/** Keyword bits (rulebook glossary). Keywords have no rule effect of their own except those the rules name. */
export const KW = {
  ACTION: 1 << 0,
  ATTACK: 1 << 1,
  DEFENSE: 1 << 2,
  GRENADE: 1 << 3,
  HOSTILE: 1 << 4,
  LEADERSHIP: 1 << 5,
  LOCATION: 1 << 6,
  MUNITION: 1 << 7,
  PISTOL: 1 << 8,
  RESOURCE: 1 << 9,
  SKILL: 1 << 10,
  SLOW: 1 << 11,
  STARTER: 1 << 12,
  WOUND: 1 << 13,
} as const;

export const KW_NAMES: Record<string, number> = {
  action: KW.ACTION,
  attack: KW.ATTACK,
  defense: KW.DEFENSE,
  grenade: KW.GRENADE,
  hostile: KW.HOSTILE,
  leadership: KW.LEADERSHIP,
  location: KW.LOCATION,
  munition: KW.MUNITION,
  pistol: KW.PISTOL,
  resource: KW.RESOURCE,
  skill: KW.SKILL,
  slow: KW.SLOW,
  starter: KW.STARTER,
  wound: KW.WOUND,
};

/** Effect sections of a card, in the order of CardTable.sec offsets. */
export const SEC_PLAY = 0;
export const SEC_ACTIVATE = 1;
export const SEC_DEFENSE = 2;
export const SEC_EACH_TURN = 3;
export const SECTIONS = 4;
