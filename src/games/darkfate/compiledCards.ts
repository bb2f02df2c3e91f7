// The compiled card table of a card document, compiled at most once per thread and document: the
// entry, the in-process player and the trace share one table, and so do a worker's players (one
// per Rev-9 version). Keyed by the document's content hash, so a structured clone of a document
// (a worker's parameters) or an edited one is told apart by content, never by identity. A table
// is read-only once compiled: engines and built-in policies only read it, and a user module gets
// its own copy (userPolicy.ts).
import { hashOf } from '../../core/hash.js';
import { compileCards, type CardDataDoc, type CardTable } from './cardData.js';

const byHash = new Map<string, CardTable>();
/** Documents kept: a sweep over many card files compiles each once without the cache growing forever. */
const MAX_KEPT = 16;

/** The compiled table of `doc` (compileCards), from this thread's cache when compiled before. Do not write to it. */
export function compiledCards(doc: CardDataDoc): CardTable {
  // About 0.07 ms for the reference set (the compile itself is about 0.1 ms; measured).
  const hash = hashOf(doc);
  let table = byHash.get(hash);
  if (!table) {
    table = compileCards(doc);
    if (byHash.size >= MAX_KEPT) byHash.delete(byHash.keys().next().value!);
    byHash.set(hash, table);
  }
  return table;
}
