import { coverageWords } from '../question.js';
import type { Stage } from '../types.js';

export { coverageWords };

/**
 * Relevance in [0, 1] = coverage × (termWeight + (1 − termWeight) × bm25 / best_bm25).
 * coverage: the share of the query's words the record holds, each word weighted by its rarity in
 * the home (IDF, query/question.ts), a word held only through the bigram fallback at
 * `bigramWeight` of its weight, one held only through an alias at `aliasWeight` (1 under AND). The BM25 ratio ranks records that hold the same
 * words (rarer words, shorter records first) but, compressed by `termWeight`, no longer decides
 * alone: two records that both hold every word are "similarly relevant" (≥ termWeight), which is
 * where decay and tiers may order them.
 */
export const relevanceStage: Stage = {
  name: 'relevance',
  run(ctx, candidates) {
    const words = coverageWords(ctx.q.terms);
    const weightOf = (w: string) => ctx.q.weights?.[w] ?? 1;
    const total = words.reduce((a, w) => a + weightOf(w.text), 0) || 1;
    const tw = ctx.options.termWeight;
    const bw = ctx.options.bigramWeight;
    const aw = ctx.options.aliasWeight;
    let max = 0;
    for (const c of candidates) if (c.bm25 > max) max = c.bm25;
    for (const c of candidates) {
      if (c.mode === 'recent') {
        c.score = 1;
        c.relevance = 1;
        c.trace.push({ stage: 'relevance', value: 1, formula: 'no query terms: every record is equally relevant' });
        continue;
      }
      // Each word counts its rarity (IDF); held only through an alias, aliasWeight of it; held only
      // through the bigram fallback, bigramWeight of it (query/aliases.ts, query/question.ts).
      let held = 0;
      let fell = 0;
      let heldWeight = 0;
      if (c.mode === 'and' && !c.aliasOnly) {
        held = total;
        heldWeight = total;
      } else
        for (const w of words) {
          const wt = weightOf(w.text);
          if (c.aliasOnly?.[w.text]) {
            held += aw * wt;
            heldWeight += wt;
          } else if (c.matchedTerms.includes(w.text)) {
            held += wt;
            heldWeight += wt;
          } else if (c.fallbackTerms?.includes(w.text)) fell += bw * wt;
        }
      // The BM25 share shrinks with the alias-only share of what the record holds.
      const typedShare = heldWeight > 0 ? held / heldWeight : 1;
      const coverage = Math.min(1, (held + fell) / total);
      const ratio = max > 0 ? c.bm25 / max : 0;
      const value = coverage * (tw + (1 - tw) * ratio * typedShare);
      c.score = value;
      c.relevance = value;
      const fb = fell > 0 ? ` + bigram ${fell.toPrecision(3)}` : '';
      c.trace.push({
        stage: 'relevance',
        value,
        formula: `coverage (${held.toPrecision(3)}${fb})/${total.toPrecision(3)} idf × (${tw} + ${(1 - tw).toFixed(2)} × bm25 ${c.bm25.toPrecision(3)} / best ${max.toPrecision(3)}${typedShare < 1 ? ` × alias share ${+typedShare.toFixed(3)}` : ''})`,
      });
    }
    return candidates;
  },
};
