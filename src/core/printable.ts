// Text from stored data (a golden, a part file, a queued job, a saved report) on its way to a
// terminal: control characters (ESC starts an escape sequence that can retitle, clear or rewrite
// the terminal) are shown as U+FFFD. Newlines and tabs stay.

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` with every control character but newline and tab replaced by U+FFFD. */
export function printable(text: string): string {
  return text.replace(CONTROL, '\ufffd');
}

const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Whether any string in `v` (keys included) holds a control character printable() would replace. */
function anyControl(v: unknown): boolean {
  if (typeof v === 'string') return HAS_CONTROL.test(v);
  if (typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (anyControl(v[i])) return true;
    return false;
  }
  // Own enumerable string keys, as Object.entries lists them (a report is large: no pairs built).
  for (const k in v) if (Object.hasOwn(v, k) && (HAS_CONTROL.test(k) || anyControl((v as Record<string, unknown>)[k]))) return true;
  return false;
}

/** A copy of `v` with printable() applied to every string in it, keys included (a parsed JSON document). */
export function printableDeep(v: unknown): unknown {
  if (typeof v === 'string') return printable(v);
  if (Array.isArray(v)) return v.map(printableDeep);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [printable(k), printableDeep(x)]));
  return v;
}

/** printableDeep(v) when some string in `v` has a control character, else `v` itself (read only: no copy of a clean report). */
export function printableView<T>(v: T): T {
  return anyControl(v) ? (printableDeep(v) as T) : v;
}

/**
 * JSON.stringify(value, null, indent) with DEL and the C1 controls (U+007F–U+009F) written as \u
 * escapes too: JSON.stringify escapes only U+0000–U+001F, and a raw U+009B is a CSI to some
 * terminals. The same document, byte for byte safe to print.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
