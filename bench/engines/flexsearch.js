// flexsearch: an in-memory inverted index ranked by where a word sits in the text (its
// "resolution" slots), not by BM25. Given the bodies optmem indexes (segmented by optmem's
// tokenizer) and the same query words; a multi-word search is an intersection (AND), top 10.
import { Index } from 'flexsearch';
import { packageVersion, words } from './common.js';

export const name = 'flexsearch';
export const version = packageVersion('flexsearch');
export const lacks = 'no BM25 (ranks by word position), in memory as used here (its storage adapters are not used), no phrase match, no stemming here, none of optmem\'s ranking rules';

export function build(bodies) {
  // tokenize 'strict': whole words only (no prefix/partial entries), no context index.
  const index = new Index({ tokenize: 'strict', encode: words });
  for (let i = 0; i < bodies.length; i++) index.add(i + 1, bodies[i]);
  return index;
}

/** Ids of the 10 best records holding every word (suggest off: no partial matches). */
export function search(index, queryWords) {
  return index.search(queryWords.join(' '), { limit: 10, suggest: false });
}
