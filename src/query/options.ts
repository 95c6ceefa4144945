/**
 * Every ranking knob, with its default and range. docs/RANKING.md gives the formulas. A memory
 * home may override any of them in config.json under "ranking".
 */
export interface RankingOptions {
  /** candidates the ranking stages see (default 100, 10..5000; at least 3 × limit). More finds buried corrections, costs time. */
  candidates: number;
  /**
   * Share of relevance that comes from holding the query's words rather than from BM25's weight
   * (default 0.5, 0..1). At 0 relevance is the plain BM25 ratio; at 0.5 every record holding all
   * the words scores at least 0.5, so BM25's length normalisation cannot outweigh time and trust.
   */
  termWeight: number;
  /**
   * Time decay half-life in days, per domain; `default` for the rest (default 90 days, code 180).
   * Range 1..3650. Lower: fresher wins sooner.
   */
  halfLifeDays: Record<string, number>;
  /**
   * What decay never goes below (default 0.35, 0..1). The guard that keeps a strongly relevant old
   * record above weak recent noise: at most it loses 1 - floor of its score to age.
   */
  decayFloor: number;
  /**
   * How age applies (default 'relative'). relative: a record loses score to age only when a newer
   * candidate on the same subject competes with it (`rivals`), by the time between the two; or, by
   * its own age, when the query asks for recent things. absolute: every record loses score to its
   * own age (the earlier rule), kept for comparison.
   */
  decayMode: 'relative' | 'absolute';
  /**
   * What makes a newer candidate a rival of an older one (query/rivals.ts), within one domain and
   * project: the same fact slot, or at least `termShare` (default 1, 0.5..1) of the query words the
   * older record holds, and at least `textOverlap` (default 0, 0..1; 0 = not checked) of the older
   * or newer record's own words beyond the query shared (|A ∩ B| / min(|A|, |B|)).
   */
  rivals: { termShare: number; queryShare: number; textOverlap: number };
  /** Half-life multiplier when the query asks for recent things (最近, latest): default 0.2 (0.01..1). */
  recentHalfLifeFactor: number;
  /** Decay floor when the query asks for recent things (default 0.05). */
  recentDecayFloor: number;
  /**
   * When the query asks for recent things, a record's age is counted up to the newest candidate at
   * least this share as relevant as it is (none newer: no decay), so that weak recent noise does not
   * sink a strong older answer (default 0.25, 0..1). 0: every record's own age (the earlier rule).
   */
  recentRelevanceShare: number;
  /**
   * Multipliers by tier (redline is pinned, not weighted). Defaults evidence 1.15, normal 1,
   * chatter 0.8: at most a 44% relevance gap can be overturned by tier (evidence over chatter).
   */
  tierWeights: { evidence: number; normal: number; chatter: number };
  /** Multiplier for a superseded record (default 0.25, 0..1); it also always ranks below its replacement. */
  supersededWeight: number;
  /**
   * Context (stages/context.ts): neighbourWeight (default 0.2, 0..1) × the best relevance of the
   * records just before/after; replyWeight (default 0.9, 0..1) × the relevance of the record just
   * before, when that one asks something (its question mark: this record likely answers it);
   * sessionWeight (default 0.35, 0..1) × the best relevance in the same session; neighbourSeeds
   * (default 10) best candidates whose neighbours join the pool. gapMinutes (default 10, 0..1440):
   * for a question, records without a session are neighbours when written within this many minutes
   * of each other in the same file and scope (0: never).
   */
  context: { neighbourWeight: number; sessionWeight: number; neighbourSeeds: number; replyWeight: number; farWeight: number; gapMinutes: number };
  /**
   * Ranking stages to skip, by name (default none): relevance, speaker, answer-type, context,
   * supersede, decay, tier, redline, diversity, duplicates, aliases. For experiments and the evaluation gate ("does this rule pay for itself?").
   */
  disabledStages: string[];
  /**
   * A record written as a line of dialogue ("Caroline: …") whose speaker the query names gains
   * this share of its relevance (default 0: off, 0..1): what a person said answers a
   * question about them more often than what was said to them (stages/speaker.ts).
   */
  speakerWeight: number;
  /**
   * A question that asks when (when, 什么时候, 几号) or how many (how many, 多少): a candidate that
   * holds a time, or a number, gains this share of its relevance (default 0.2, 0..1; 0 turns it off;
   * stages/answer-type.ts).
   */
  answerTypeWeight: number;
  /**
   * For a question, each candidate's score × (1 − sessionDiversity)^(better candidates of its own
   * session): answers spread over several sessions reach the list (default 0.1, 0..1; 0 turns it
   * off; stages/diversity.ts).
   */
  sessionDiversity: number;
  /** Least relative relevance for a red line to be pinned above the rest (default 0.3, 0..1). */
  redlineMinRelevance: number;
  /**
   * Content words from which a query is read as a question (default 3, 1..100): its words are ORed
   * and weighted by rarity instead of ANDed, so one word the answer does not hold cannot lose it.
   * Shorter queries AND first. 100 turns question reading off.
   */
  questionTerms: number;
  /**
   * Weight of a query word found only through the bigram fallback (inside a longer word or across
   * two words of a record: 周四 in 每周四), relative to the same word found whole (default 0.5,
   * 0..1). 0 turns the fallback off.
   */
  bigramWeight: number;
  /**
   * What a query word held only through an alias counts, against 1 for the word typed (default
   * 0.6, 0..1): in coverage and in the BM25 share (query/aliases.ts). Below 0.618 with termWeight
   * 0.5, a typed hit always outranks an alias-only one on a one-word query. 0: aliases still find
   * records but add nothing; `disabledStages: ["aliases"]` turns expansion off.
   */
  aliasWeight: number;
}

export const RANKING_DEFAULTS: RankingOptions = {
  candidates: 100,
  termWeight: 0.5,
  halfLifeDays: { default: 90, code: 180 },
  decayFloor: 0.35,
  decayMode: 'relative',
  rivals: { termShare: 1, queryShare: 1, textOverlap: 0.3 },
  recentHalfLifeFactor: 0.2,
  recentDecayFloor: 0.05,
  recentRelevanceShare: 0.25,
  tierWeights: { evidence: 1.15, normal: 1, chatter: 0.8 },
  supersededWeight: 0.25,
  redlineMinRelevance: 0.3,
  speakerWeight: 0.2,
  sessionDiversity: 0,
  answerTypeWeight: 0.2,
  aliasWeight: 0.6,
  context: { neighbourWeight: 0.2, sessionWeight: 0.35, neighbourSeeds: 10, replyWeight: 0.9, farWeight: 0.1, gapMinutes: 10 },
  disabledStages: [],
  questionTerms: 3,
  bigramWeight: 0.5,
};

// 'aliases' is not a pipeline stage: disabling it turns query expansion off (query/aliases.ts).
export const STAGE_NAMES = ['relevance', 'speaker', 'answer-type', 'context', 'supersede', 'decay', 'tier', 'contrast', 'redline', 'diversity', 'duplicates', 'aliases'] as const;

export function halfLifeFor(opts: RankingOptions, domain: string | null): number {
  return (domain !== null ? opts.halfLifeDays[domain] : undefined) ?? opts.halfLifeDays.default ?? 90;
}
