// The decision watchdog's shared state: a user policy's decision that takes too long must end the
// run with a message naming the decision and the game, not hang it. A worker thread that plays a
// run with user code writes, into its slot of a SharedArrayBuffer the main thread polls, the game it
// is playing and, while a user policy decides, the decision and when it started. Without a slot
// (in-process play, built-in policies) every call is a no-op branch.
//
// Slot layout (Int32 view / Float64 view of WATCH_SLOT_BYTES bytes):
//   i32[0] active decision (1) or none (0); i32[1] game index (low 31 bits); i32[2] name length;
//   f64[2] decision start (ms since the epoch, performance clock); bytes 24..: the decision's name.
export const WATCH_SLOT_BYTES = 128;
const NAME_AT = 24;
const NAME_MAX = WATCH_SLOT_BYTES - NAME_AT;

let i32: Int32Array | null = null;
let f64: Float64Array | null = null;
let bytes: Uint8Array | null = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** How long a user policy may take to load or to answer one decision (ms). */
let timeoutMs = 5000;

export function policyTimeoutMs(): number {
  return timeoutMs;
}

/** Sets the limit (the CLI's --decision-timeout; each worker thread gets it with its slot). */
export function setPolicyTimeoutMs(ms: number): void {
  timeoutMs = ms;
}

/** This thread's slot: `index` of the shared buffer's slots (one per worker thread). */
export function attachWatchSlot(buffer: SharedArrayBuffer, index: number): void {
  i32 = new Int32Array(buffer, index * WATCH_SLOT_BYTES, 3);
  f64 = new Float64Array(buffer, index * WATCH_SLOT_BYTES, 3);
  bytes = new Uint8Array(buffer, index * WATCH_SLOT_BYTES + NAME_AT, NAME_MAX);
}

/** The game being played (playChunk calls it per game). */
export function watchGame(index: number): void {
  if (i32) i32[1] = index & 0x7fffffff;
}

/** A user policy starts deciding `name`. */
export function watchDecisionStart(name: string): void {
  if (!i32) return;
  const { written } = encoder.encodeInto(name, bytes!);
  i32[2] = written;
  f64![2] = performance.timeOrigin + performance.now();
  Atomics.store(i32, 0, 1);
}

export function watchDecisionEnd(): void {
  if (i32) Atomics.store(i32, 0, 0);
}

/** Read by the main thread: a decision running for longer than `limitMs` in slot `index`, or null. */
export function overdueDecision(buffer: SharedArrayBuffer, index: number, limitMs: number): { game: number; decision: string; ms: number } | null {
  const s32 = new Int32Array(buffer, index * WATCH_SLOT_BYTES, 3);
  if (Atomics.load(s32, 0) !== 1) return null;
  const started = new Float64Array(buffer, index * WATCH_SLOT_BYTES, 3)[2];
  const ms = performance.timeOrigin + performance.now() - started;
  if (ms <= limitMs) return null;
  const name = decoder.decode(new Uint8Array(buffer, index * WATCH_SLOT_BYTES + NAME_AT, Math.min(NAME_MAX, s32[2])).slice());
  return { game: s32[1], decision: name, ms };
}
