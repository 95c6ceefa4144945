import type { Tier } from '../core/record.js';
import type { IndexedRecord } from '../index/record-index.js';
import type { QueryTerm } from '../index/tokenizer/tokenizer.js';

/** What a search asks for, after the interface has parsed its flags. */
export interface SearchRequest {
  query: string;
  /** results to return (default 10, 1..1000) */
  limit?: number;
  /** restrict to these domains (all by default) */
  domains?: string[];
  projects?: string[];
  kinds?: string[];
  /** ISO time or epoch ms: only records at or after it */
  since?: string | number;
  /** ISO time or epoch ms: only records at or before it */
  until?: string | number;
  /** the clock for time-dependent stages (ISO or epoch ms); the real clock by default */
  now?: string | number;
  /** attach each stage's part to every hit */
  explain?: boolean;
}

/** A search after validation: times as epoch ms, defaults filled in. */
export interface ParsedQuery {
  text: string;
  terms: QueryTerm[];
  limit: number;
  domains: string[] | null;
  projects: string[] | null;
  kinds: string[] | null;
  sinceMs: number | null;
  untilMs: number | null;
  nowMs: number;
  explain: boolean;
}

/** One entry per stage that touched a candidate: explanations are data. */
export type TraceEntry =
  | { stage: 'retrieve'; mode: 'and' | 'or' | 'recent'; bm25: number; matchedTerms: string[]; totalTerms: number }
  | { stage: 'relevance'; value: number; formula: string }
  | { stage: 'filter'; applied: string[] };

export interface Candidate {
  rec: IndexedRecord;
  /** raw FTS5 bm25 (higher is better here: the sign is flipped) */
  bm25: number;
  mode: 'and' | 'or' | 'recent';
  matchedTerms: string[];
  /** the running score each stage refines */
  score: number;
  trace: TraceEntry[];
}

export interface QueryContext {
  q: ParsedQuery;
}

/** A ranking stage: a small pure step over the candidate list. */
export interface Stage {
  readonly name: string;
  run(ctx: QueryContext, candidates: Candidate[]): Candidate[];
}

export interface SearchHit {
  id: string;
  text: string;
  snippet: string;
  time: string;
  domain: string | null;
  project: string | null;
  kind: string;
  tier: Tier;
  tags: string[];
  corrects: string[];
  source: IndexedRecord['source'];
  file: string;
  line: number;
  score: number;
  superseded: boolean;
  supersededBy: string | null;
  explain?: { formula: string; stages: TraceEntry[] };
}

export interface SearchResult {
  results: SearchHit[];
  /** how the query was read: terms used, and whether AND had to be relaxed */
  query: { text: string; terms: string[]; mode: 'and' | 'or' | 'and+or' | 'recent'; candidates: number };
}
