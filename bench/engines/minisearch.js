// minisearch: an in-memory inverted index scored with BM25+. Given the bodies optmem indexes
// (segmented by optmem's tokenizer) and the same query words, ANDed, top 10.
import MiniSearch from 'minisearch';
import { packageVersion, words } from './common.js';

export const name = 'minisearch';
export const version = packageVersion('minisearch');
export const lacks = 'BM25+ in memory: no persistence (rebuild, or serialize to JSON, at every start), no phrase match, no stemming here, none of optmem\'s ranking rules; scores every match before the top 10 is taken';

export function build(bodies) {
  // No stored fields: the index holds ids and term statistics only, like a contentless FTS5 table.
  const index = new MiniSearch({ fields: ['body'], tokenize: words, searchOptions: { combineWith: 'AND' } });
  index.addAll(bodies.map((body, i) => ({ id: i + 1, body })));
  return index;
}

/** Ids of the 10 best records holding every word. */
export function search(index, queryWords) {
  return index.search(queryWords.join(' '), { combineWith: 'AND', prefix: false, fuzzy: false }).slice(0, 10).map((r) => r.id);
}
