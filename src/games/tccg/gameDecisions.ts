// The decisions a Termination Scenario game asks a side's policy (src/core/policy.ts contract:
// "decision D, choose one of options[0, n)", an index, or -1 where allowNone). Each decision's
// options are small integers documented here; `view.deciding` names the character (instance id)
// a decision is about, -1 when none.

/** Where a drawn exterior location goes: options [0 = left end, 1 = right end]. */
export const D_PLACE_END = 0;
/** Which exterior of the side's row an interior is stacked over: options are node ids. */
export const D_PLACE_INTERIOR = 1;
/**
 * Movement of character `deciding`: options encode `node * 2 + hidden` (hidden = 1: move hidden,
 * Stealth only); the character's current place (not hidden, or hidden if it is) is always one.
 */
export const D_MOVE = 2;
/** Where one dummy decoy of hidden character `deciding` moves, from `view.decoyFrom`: options are node ids. */
export const D_DECOY = 3;
/** Does commanded supporting character `deciding` follow its commander to `view.escortTo`? options [0 = stay, 1 = follow]. */
export const D_ESCORT = 4;
/**
 * Whom character `deciding` attacks (`view.phase`: 0 ranged, 1 close): options encode a target —
 * a character `inst` (ATTACK_CHAR), or a decoy of hidden character `inst` at `node`
 * (ATTACK_DECOY | inst << 5 | node). allowNone: no attack.
 */
export const D_ATTACK = 5;
/** Play an event (`view.eventContext`: EC_*; in EC_DEFEND `view.hitDamage` and `view.hitResistance` show the hit): options are hand slots of the side; allowNone. */
export const D_EVENT = 6;
/** Combat pool spent for resistance: options are points of resistance bought, [0, n). */
export const D_POOL_RESIST = 7;
/** What character `deciding` finds at its place: options are hand slots; allowNone (no search). */
export const D_SEARCH = 8;
/** Which item on the ground character `deciding` picks up: options are item instance ids; allowNone. */
export const D_PICKUP = 9;
/** What Skynet produces next: options are hand slots; allowNone (stop producing). */
export const D_PRODUCE = 10;
/** Which Drone from hand enters play (droneEntry): options are hand slots; allowNone. */
export const D_DRONE_ENTRY = 11;

export const DECISION_NAMES = ['placeEnd', 'placeInterior', 'move', 'decoy', 'escort', 'attack', 'event', 'poolResist', 'search', 'pickup', 'produce', 'droneEntry'];
export const decisionName = (d: number): string => DECISION_NAMES[d] ?? `decision ${d}`;

export const ATTACK_CHAR = 0;
export const ATTACK_DECOY = 1 << 20;

/** Event contexts: the attacker's (hit, damage), the defender's (resist), the end of combat (heal), the start of combat (pool). */
export const EC_ATTACK = 0;
export const EC_DEFEND = 1;
export const EC_HEAL = 2;
export const EC_POOL = 3;

/** Combat phases. */
export const PHASE_RANGED = 0;
export const PHASE_CLOSE = 1;

/** Largest option list a decision can have (moves: 2 per place; attacks: characters and decoys). */
export const MAX_OPTIONS = 1024;
