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
