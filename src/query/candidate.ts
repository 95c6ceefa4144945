import type { IndexedRecord } from '../index/record-index.js';
import type { Candidate, ParsedQuery } from './types.js';
import { refersInto } from './back-references.js';

/** A candidate that joins the pool without a word match of its own (a replacement, a neighbour, a vector hit). */
export function joinedCandidate(rec: IndexedRecord, mode: 'replacement' | 'context' | 'vector', totalTerms = 0): Candidate {
  return {
    rec,
    bm25: 0,
    mode,
    matchedTerms: [],
    relevance: 0,
    score: 0,
    superseded: null,
    conflicts: [],
    pinned: false,
    trace: [{ stage: 'retrieve', mode, bm25: 0, matchedTerms: [], totalTerms }],
  };
}

/** Does a record pass the query's filters? (Retrieval applies them in SQL; joined candidates here.) */
export function passesFilters(q: ParsedQuery, rec: IndexedRecord): boolean {
  if (q.domains && (rec.domain === null || !q.domains.includes(rec.domain))) return false;
  if (q.projects && (rec.project === null || !q.projects.includes(rec.project))) return false;
  if (q.kinds && !q.kinds.includes(rec.kind)) return false;
  if (q.sinceMs !== null && rec.timeMs < q.sinceMs) return false;
  if (q.untilMs !== null && rec.timeMs > q.untilMs) {
    // written after a window the query's words named, and pointing back into it (query/back-references.ts)
    return q.lookback !== undefined && q.sinceMs !== null && refersInto(rec.text, rec.timeMs, q.lookback.offsetMin, q.sinceMs, q.untilMs) !== null;
  }
  return true;
}
