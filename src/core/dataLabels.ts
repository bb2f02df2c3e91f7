// How a data file labels its values, read from its YAML comments: a value's label is that of the
// nearest comment above it that carries a bracketed tag — [rulebook], [public], [digest] or
// [assumed] (a tag may go on: "[rulebook: 3 cards]", "[assumed reading]"). Nearest means: the
// value's own line comment, then the comment heading its key or list item (a comment line above a
// key heads it and the keys after it up to the next comment or blank line), then the same for each
// enclosing entry in turn. The document's header (a legend of the tags) labels nothing.
//
// A comment that names several tags labels its numbers `assumed` when one of them is [assumed]
// ("[rulebook] card exists; numbers [assumed]"), else by its first tag. Values no tagged comment
// reaches are left out (their label is "unlabelled").
import { createRequire } from 'node:module';
import type { Node } from 'yaml';
import { listSegments, type DataLabel } from './dataValues.js';

// The YAML library (its document model, for comments) loads when labels are first asked for, not at start-up.
const requireLib = createRequire(import.meta.url);
let yamlLib: typeof import('yaml') | undefined;

const TAG = /\[(rulebook|public|digest|assumed)\b[^\]]*\]/gi;

/** The label a comment gives, or null when it carries no tag. */
export function labelOfComment(comment: string | null | undefined): DataLabel | null {
  if (!comment) return null;
  const tags = [...comment.matchAll(TAG)].map((m) => m[1].toLowerCase());
  if (tags.length === 0) return null;
  return { label: tags.includes('assumed') ? 'assumed' : tags[0], text: comment.replace(/\s+/g, ' ').trim() };
}

/**
 * The labels the comments of YAML `text` give its number and true/false values, by the paths
 * dataLeaves names them under `root`. The text must already have parsed safely (parseYamlSafely):
 * this reads comments only.
 */
export function commentLabels(text: string, root = 'data'): Map<string, DataLabel> {
  // The same text labels the same values: computed once per text (a copy of the map is returned).
  const key = `${root}\n${text}`;
  const hit = labelCache.get(key);
  if (hit) return new Map(hit);
  const out = commentLabelsUncached(text, root);
  if (labelCache.size >= 8) labelCache.delete(labelCache.keys().next().value!);
  labelCache.set(key, out);
  return new Map(out);
}

const labelCache = new Map<string, Map<string, DataLabel>>();

function commentLabelsUncached(text: string, root: string): Map<string, DataLabel> {
  const { isMap, isScalar, isSeq, parseDocument } = (yamlLib ??= requireLib('yaml') as typeof import('yaml'));
  const out = new Map<string, DataLabel>();
  const doc = parseDocument(text);
  const walk = (node: unknown, path: string, inherited: DataLabel | null, top: boolean) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    const own = labelOfComment(n.comment) ?? inherited;
    if (isScalar(n)) {
      if (own && (typeof n.value === 'number' || typeof n.value === 'boolean')) out.set(path, own);
      return;
    }
    if (isMap(n)) {
      let heading: DataLabel | null = null;
      n.items.forEach((pair, i) => {
        const key = pair.key as Node | null;
        const before = key?.commentBefore;
        // The root's first key carries the document's header when no blank line follows it.
        if (before !== undefined && before !== null && !(top && i === 0)) heading = labelOfComment(before);
        else if (key?.spaceBefore) heading = null;
        const value = pair.value as Node | null;
        const label = labelOfComment(value?.commentBefore) ?? labelOfComment(key?.comment) ?? heading ?? own;
        walk(value, `${path}.${String(isScalar(key) ? key.value : key)}`, label, false);
      });
    } else if (isSeq(n)) {
      const segs = listSegments(n.items.map((item) => (item && typeof item === 'object' && 'toJSON' in item ? (item as Node).toJSON() : item)));
      let heading: DataLabel | null = null;
      n.items.forEach((item, i) => {
        const it = item as Node;
        if (it?.commentBefore) heading = labelOfComment(it.commentBefore);
        else if (it?.spaceBefore) heading = null;
        walk(it, `${path}.${segs[i]}`, heading ?? own, false);
      });
    }
  };
  walk(doc.contents, root, null, true);
  return out;
}
