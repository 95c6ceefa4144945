import type { Stage } from '../types.js';

/**
 * Relevance: BM25 relative to the best candidate of this query (so 1.0 is the best match, and
 * later stages can weigh it against time and trust on a fixed scale), times the share of the
 * query's terms the record contains (1.0 under AND; a relaxed OR match of half the terms gets 0.5).
 */
export const relevanceStage: Stage = {
  name: 'relevance',
  run(ctx, candidates) {
    const total = Math.max(1, ctx.q.terms.filter((t) => !t.stop).length || ctx.q.terms.length);
    let max = 0;
    for (const c of candidates) if (c.bm25 > max) max = c.bm25;
    for (const c of candidates) {
      if (c.mode === 'recent') {
        c.score = 1;
        c.relevance = 1;
        c.trace.push({ stage: 'relevance', value: 1, formula: 'no query terms: every record is equally relevant' });
        continue;
      }
      const coverage = c.mode === 'and' ? 1 : Math.min(1, c.matchedTerms.length / total);
      const value = max > 0 ? (c.bm25 / max) * coverage : 0;
      c.score = value;
      c.relevance = value;
      c.trace.push({
        stage: 'relevance',
        value,
        formula: `bm25 ${c.bm25.toFixed(3)} / best ${max.toFixed(3)} × coverage ${coverage.toFixed(2)}`,
      });
    }
    return candidates;
  },
};
