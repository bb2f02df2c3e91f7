// One plain line for a data-file validation error (valibot issue): an unknown field or a missing
// one said as such, with a did-you-mean; "expected X, got Y" instead of the library's wording;
// a custom message as written.
import type * as v from 'valibot';
import { nearest } from './params.js';

export function issueText(issue: v.BaseIssue<unknown>, known?: readonly string[]): string {
  const key = issue.path?.at(-1)?.key;
  if (issue.expected === 'never' && typeof key === 'string') {
    const near = known ? nearest(key, known) : null;
    return `unknown field "${key}"${near ? ` (did you mean "${near}"?)` : ''}${known ? `; expected ${known.join(', ')}` : ''}`;
  }
  if (issue.received === 'undefined' && issue.expected?.startsWith('"') && typeof key === 'string') return `missing field "${key}"`;
  const text = /^Invalid \w+: Expected /.test(issue.message) ? `expected ${issue.expected}, got ${issue.received}` : issue.message;
  return text.split('\n')[0].slice(0, 200);
}

/**
 * "cards[3] (Kyle Reese).speed": an issue's key path in a data document, each list entry named by
 * the first of `labels` it has as a text field (name, id, card, …).
 */
export function entryPath(raw: unknown, keys: readonly (string | number)[], labels: readonly string[] = ['name']): string {
  let out = '';
  let node: unknown = raw;
  for (const k of keys) {
    if (typeof k === 'number') {
      out += `[${k}]`;
      node = Array.isArray(node) ? node[k] : undefined;
      const entry = node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : undefined;
      const label = entry ? labels.map((l) => entry[l]).find((x) => x !== undefined) : undefined;
      if (typeof label === 'string') out += ` (${label})`;
    } else {
      out += out ? `.${k}` : k;
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
    }
  }
  return out || '(document)';
}
