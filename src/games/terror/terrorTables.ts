// The compiled form of Terror from Destiny's reference data (what the rules and policies read):
// the integer codes of effects, card kinds, requirements and tie rules, and the TerrorData shape.
// Apart from the loader (terrorData.ts: YAML, validation, compilation), so that a worker thread
// playing games loads no parser.
// Effect kinds (the vocabulary of Destiny, terror cards and bloodlust thresholds).
export const FX_HORROR = 0;
export const FX_HEALTH = 1;
export const FX_BLOODLUST = 2;
export const FX_KILL_NEAREST = 3;
export const FX_KILL_RANDOM = 4;
export const FX_SCATTER = 5;
export const FX_DISCARD_TERROR = 6;
export const FX_DISCARD_ACTION = 7;
export const EFFECT_NAMES = ['horror', 'health', 'bloodlust', 'kill nearest victim', 'kill random victim', 'victims scatter', 'discard top terror card', 'discard action cards'];

// Action card kinds.
export const CARD_MOVE = 0;
export const CARD_ESCORT = 1;
export const CARD_SEARCH = 2;
export const CARD_STEADY = 3;
export const CARD_HEAL = 4;
export const CARD_PREMONITION = 5;
export const CARD_THWART = 6;
export const CARD_KINDS = ['move', 'escort', 'search', 'steady', 'heal', 'premonition', 'thwart'] as const;

// Consequence requirement kinds.
export const NEED_ITEMS = 0;
export const NEED_HORROR_AT_MOST = 1;
export const NEED_HEALTH_AT_LEAST = 2;
export const NEED_HAND_AT_LEAST = 3;
export const NEED_SAVED_AT_LEAST = 4;
export const NEED_BLOODLUST_AT_MOST = 5;
export const NEED_KINDS = ['items', 'horrorAtMost', 'healthAtLeast', 'handAtLeast', 'savedAtLeast', 'bloodlustAtMost'] as const;

// Who a "kill: nearest" effect takes when several victims are equally near (data killNearestTie).
export const TIE_FATED_FIRST = 0;
export const TIE_NORMAL_FIRST = 1;
export const TIE_RANDOM = 2;
export const TIE_RULES = ['fatedFirst', 'normalFirst', 'random'] as const;

/** One effect: kind (FX_*) and signed amount. */
export interface Effect {
  kind: number;
  amount: number;
}

export interface ActionCardData {
  id: string;
  kind: number;
  play: number;
  buy: number;
  copies: number;
  range: number;
  carry: number;
  reveal: number;
}

export interface TerrorCardData {
  name: string;
  /** True for the Fated Death Terror cards. */
  fated: boolean;
  /** 0 vignette, 1 location, 2 Fated Death. */
  origin: number;
  destiny: number;
  killerActions: number;
  killerOther: boolean;
  effects: Effect[];
}

/** Compiled reference data; ids are indices into the arrays. */
export interface TerrorData {
  file: string;
  finalGirl: { name: string; health: number; startingHand: number[]; saveRewardHeal: number; saveRewardHorror: number };
  horror: { max: number; dice: number[]; extremeFrom: number };
  finalHealthTokens: number[];
  cards: ActionCardData[];
  deathOrders: { name: string; destiny: Effect[] }[];
  fatedVictims: string[];
  fatedDeath: { count: number; savedHeal: number; limboDamage: number };
  /** "kill: nearest" ties: TIE_* (assumption). */
  killNearestTie: number;
  consequences: { name: string; need: number; n: number }[];
  punishments: number[];
  bloodlust: { length: number; thresholds: { at: number; effects: Effect[] }[] };
  /** Terror cards by id: [0, fatedCount) Fated Death, then the vignette's, then the Location's. */
  terror: TerrorCardData[];
  vignetteTerrorCount: number;
  locationTerrorCount: number;
  location: {
    name: string;
    spaces: { name: string; exit: boolean; search: boolean }[];
    paths: [number, number][];
    gridVertical: number[];
    gridHorizontal: number[];
    /** sections[vertical band][horizontal band] = space ids. */
    sections: number[][][];
    finalGirlStart: number;
    victimStarts: number[];
  };
}

/** The most health she can have: the starting health (heals stop there), or a Final Health token's value. */
export function maxHealthValue(data: TerrorData): number {
  return Math.max(data.finalGirl.health, ...data.finalHealthTokens);
}
