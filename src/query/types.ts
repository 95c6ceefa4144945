import type { Tier } from '../core/record.js';
import type { Edge, Resolution } from '../index/supersession.js';
import type { SupersessionEvidence } from '../index/edges.js';
import type { RankingOptions } from './options.js';
import type { IndexedRecord } from '../index/record-index.js';
import type { QueryTerm } from '../index/tokenizer/tokenizer.js';
import type { Expansions } from './aliases.js';

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
  /** include archived records (flagged `archived`); default search leaves them out */
  archived?: boolean;
  /** include quarantined and rejected records (flagged `held`); default search leaves them out */
  quarantined?: boolean;
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
  /** archived records are searched too (`--archived`) */
  includeArchived?: boolean;
  /** the home has archived records and they are left out: retrieval filters them */
  hideArchived?: boolean;
  /** quarantined and rejected records are searched too (`--quarantined`) */
  includeHeld?: boolean;
  /** the home has held records (quarantined, rejected) and they are left out */
  hideHeld?: boolean;
  /** read as a question (enough content words): weighted OR, never AND (query/question.ts) */
  question?: boolean;
  /** phrased as a question (a question mark or word): context may add records holding none of its words */
  asks?: boolean;
  /** each content term's weight: its IDF in this home (query/question.ts) */
  weights?: Record<string, number>;
  /** the query asked for recent things (最近, latest, 上周 …): decay is stronger */
  recent: boolean;
  /** the time words recognized, if any */
  timePhrase: string | null;
  /** the window came from the query's words, not from --since/--until */
  windowFromQuery: boolean;
  /**
   * set with a window from the query's words: records written after it are kept when their own
   * words point back into it ("last night", 上周五: query/back-references.ts), read in this offset
   */
  lookback?: { offsetMin: number };
  /** the query's words when they were all frames and the window alone was searched: used if it is empty */
  frameTerms?: QueryTerm[];
  /** aliases of the query's terms (query/aliases.ts); set by search(), none when absent */
  expansions?: Expansions;
}

/** One entry per stage that touched a candidate: explanations are data. */
export type TraceEntry =
  | { stage: 'retrieve'; mode: 'and' | 'or' | 'recent' | 'replacement' | 'context' | 'vector'; bm25: number; matchedTerms: string[]; totalTerms: number }
  | { stage: 'filter'; applied: string[] }
  /** written after the query's time window, kept because its words point back into it (local dates) */
  | { stage: 'back-reference'; phrase: string; refersTo: { since: string; until: string } }
  /** a query word found only through a fallback, not as a word of the record (bigram: 周四 in 每周四) */
  | { stage: 'fallback'; kind: 'bigram'; terms: string[]; weight: number }
  | { stage: 'relevance'; value: number; formula: string }
  | {
      stage: 'supersede';
      /** superseded: demoted; replacement: stands in for what it replaced; conflict: a correction aimed at a red line */
      effect: 'superseded' | 'replacement' | 'conflict';
      by?: string;
      current?: string;
      replaces?: string[];
      method?: string;
      inferred?: boolean;
      factor: number;
      note: string;
    }
  | {
      stage: 'decay';
      ageDays: number;
      /** null: red lines do not decay */
      halfLifeDays: number | null;
      floor: number;
      factor: number;
      recentQuery: boolean;
      /**
       * why age applied or not: recent (the query asks for recent things: own age), rival (a newer
       * record on the same subject: the gap to it), no-rival (nothing newer competes: ×1),
       * absolute (decayMode absolute: own age), redline (never decays)
       */
      applied?: 'recent' | 'rival' | 'no-rival' | 'absolute' | 'redline';
      /** the newest rival found (relative mode), or null when none was */
      rival?: { id: string; by: 'fact' | 'terms'; shared: string[]; gapDays: number; overlap?: number } | null;
      /**
       * recent query with recentRelevanceShare: `newer` (ageDays is the gap to the newest record at
       * least that share as relevant) or `none-newer` (no such record: its age is not counted)
       */
      recentAgeFrom?: 'newer' | 'none-newer';
    }
  | { stage: 'tier'; tier: string; factor: number }
  | { stage: 'speaker'; speaker: string; added: number }
  | { stage: 'answer-type'; wants: 'time' | 'number' | 'address' | 'ip'; added: number }
  | { stage: 'diversity'; sameSessionAbove: number; factor: number }
  /** the query names one member of a contrast group, the record another (stages/contrast.ts) */
  | { stage: 'contrast'; group: string; asked: string[]; names: string[]; factor: number }
  | { stage: 'context'; neighbour: number; reply?: number; far?: number; session: number; added: number }
  | { stage: 'redline'; pinned: boolean; note: string }
  /**
   * the vector path (query/vectors/): the record's lexical rank and vector rank among the
   * candidates (null: not found that way), its cosine similarity to the query, the fused relevance
   */
  | { stage: 'vector'; lexicalRank: number | null; vectorRank: number | null; similarity: number | null; fused: number; formula: string }
  /**
   * a duplicate group shown once (stages/duplicates.ts): its size, first and last time and ids;
   * collapsed: the other members that were candidates of this query
   */
  | { stage: 'duplicates'; count: number; first: string; last: string; ids: string[]; collapsed: string[] }
  /** the query's terms with aliases, and which of them this record holds only through an alias */
  | { stage: 'aliases'; expanded: Record<string, string[]>; matchedBy: { term: string; aliases: string[] }[]; weight: number };

export interface Candidate {
  rec: IndexedRecord;
  /** raw FTS5 bm25 (higher is better here: the sign is flipped) */
  bm25: number;
  /** vector: found only by the vector path (query/vectors/) */
  mode: 'and' | 'or' | 'recent' | 'replacement' | 'context' | 'vector';
  matchedTerms: string[];
  /** query words the record holds only through the bigram fallback (inside or across its words) */
  fallbackTerms?: string[];
  /** terms held only through an alias: term → the aliases the record holds (query/aliases.ts) */
  aliasOnly?: Record<string, string[]>;
  /** relevance alone (set by the relevance stage): what red-line pinning looks at */
  relevance: number;
  /** the running score each stage refines */
  score: number;
  /** set by the supersede stage */
  /**
   * otherPoint: the replacement speaks to another part of this record than the query asked about
   * (stages/supersede.ts): flagged, not demoted
   */
  superseded: { by: string; current: string; method: string; inferred: boolean; evidence: SupersessionEvidence; otherPoint?: boolean } | null;
  /** ids in conflict: on a red line, the ordinary corrections aimed at it; on such a correction, the red line */
  conflicts: string[];
  pinned: boolean;
  trace: TraceEntry[];
  /** set by the duplicates stage: the group this record stands for */
  duplicates?: DuplicateInfo;
}

/** A record shown once for its duplicates: how many, when first and last written, which ids (oldest first). */
export interface DuplicateInfo {
  count: number;
  first: string;
  last: string;
  ids: string[];
}

/** What stages may ask of the index beyond the candidates themselves. */
export interface QueryLookup {
  /** supersession edges out of or into these ids */
  edgesTouching(ids: string[]): Edge[];
  /** the newest record at the end of the supersession chain starting at id */
  current(id: string): IndexedRecord | null;
  get(id: string): IndexedRecord | null;
  /** records by index row id (neighbours in the same file are adjacent row ids) */
  byRids(rids: number[]): IndexedRecord[];
  /** the fact slot keys (core/facts.ts) each record states, by row id; absent: no fact slots known */
  factKeys?(rids: number[]): Map<number, string[]>;
  /** for each id in a duplicate group: every member of its group, oldest first (index/duplicates.ts) */
  duplicates?(ids: string[]): Map<string, { id: string; time: string; timeMs: number }[]>;
  /** ids default search leaves out whatever brings them in: archived (not red lines) and held by quarantine */
  hidden?(q: ParsedQuery): (id: string) => boolean;
}

export interface QueryContext {
  q: ParsedQuery;
  options: RankingOptions;
  lookup: QueryLookup;
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
  /** the current replacement: the newest record at the end of the chain */
  supersededBy: string | null;
  /** how it was superseded: the direct successor, the method, whether inferred, and on what evidence */
  /** otherPoint: the query asked about a part of this record its replacement does not speak to: not demoted */
  supersession: { by: string; method: string; inferred: boolean; evidence: SupersessionEvidence; otherPoint?: boolean } | null;
  /** a red line pinned above the rest */
  pinned: boolean;
  /** on a red line: ordinary corrections aimed at it (ignored); on such a correction: the red line */
  conflicts: string[];
  /** present when the record stands for a group of duplicates (shown once): count, first and last time, ids */
  duplicates?: DuplicateInfo;
  /** archived (forgetting): present only when `archived` was asked for and this record is archived */
  archived?: true;
  /** quarantined or rejected: present only when `quarantined` was asked for and this record is held */
  held?: 'quarantined' | 'rejected';
  /** who wrote it (core/provenance.ts): `owner` when the record names no origin */
  origin?: string;
  explain?: { formula: string; stages: TraceEntry[]; /** for a correction naming no id: how its target was resolved */ resolution?: Resolution };
}

export interface SearchResult {
  results: SearchHit[];
  /** how the query was read: terms used, and whether AND had to be relaxed */
  query: {
    text: string;
    terms: string[];
    mode: 'and' | 'or' | 'and+or' | 'recent';
    /** read as a question: frame words dropped, content words ORed and weighted by rarity */
    question: boolean;
    /** weight (IDF) of each term */
    weights: Record<string, number>;
    candidates: number;
    /** time words in the query and what they did */
    time: { phrase: string | null; since: string | null; until: string | null; recent: boolean };
    /** the aliases the query's terms were expanded with (term → aliases); absent when none */
    aliases?: Record<string, string[]>;
    /** the vector path, when embeddings are enabled (query/vectors/): absent otherwise */
    vector?: { model: string; used: boolean; hits: number; fusion: string };
  };
  /** what went wrong without failing the search (the embeddings endpoint down: lexical results); absent when nothing */
  warnings?: string[];
  /**
   * records the quarantine holds for the owner's review (not rejected ones) in the search's scope that hold a word of
   * the query, left out: how many, never what (`optmem quarantine` reviews them; `quarantined: true` includes them).
   * Absent when none.
   */
  held?: { count: number };
  /**
   * Summary-tree nodes (docs/CONSOLIDATION.md, "Summary tree"): only for an overview query or
   * `kinds` naming `summary`; absent otherwise. `results` is the same with or without them.
   */
  summaries?: SummaryResult;
}

/** Summary-tree nodes an overview query reached. */
export interface SummaryResult {
  /** overview: the query asked what happened over a time; kind: `kinds` named summary */
  reason: 'overview' | 'kind';
  /** the level the query's window picked (domain: no window) */
  level: 'day' | 'week' | 'month' | 'domain';
  nodes: SummaryHit[];
}

/** One node of the summary tree: its bullets, each with the ids of the records it was taken from. */
export interface SummaryHit {
  /** LEVEL/KEY, e.g. week/2026-W48 */
  node: string;
  level: 'day' | 'week' | 'month' | 'domain';
  key: string;
  from: string;
  to: string;
  domain: string | null;
  /** the node file, relative to the home */
  file: string;
  /** the bullets holding the query's words (all of them when it had none) */
  bullets: { text: string; ids: string[]; redline: boolean }[];
  bulletsInNode: number;
  /** every record id the bullets cite: `optmem get ID` opens one */
  cites: string[];
}

