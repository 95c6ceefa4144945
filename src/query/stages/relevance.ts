import type { QueryTerm } from '../../index/tokenizer/tokenizer.js';
import type { Stage } from '../types.js';
import { heldWords } from '../aliases.js';

/**
 * The words coverage counts: content terms, without the sub-words jieba's search mode adds
 * (公众号 also yields 公众: one word, not two).
 */
export function coverageWords(terms: QueryTerm[]): QueryTerm[] {
  const content = terms.filter((t) => !t.stop);
  const base = content.length ? content : terms;
  return base.filter((t) => !(t.cjk && base.some((o) => o !== t && o.cjk && o.text.length > t.text.length && o.text.includes(t.text))));
}

/**
 * Relevance in [0, 1] = coverage × (termWeight + (1 − termWeight) × bm25 / best_bm25).
 * coverage: the share of the query's words the record holds (1 under AND). The BM25 ratio ranks
 * records that hold the same words (rarer words, shorter records first) but, compressed by
 * `termWeight`, no longer decides alone: two records that both hold every word are "similarly
 * relevant" (≥ termWeight), which is where decay and tiers may order them.
 */
export const relevanceStage: Stage = {
  name: 'relevance',
  run(ctx, candidates) {
    const words = coverageWords(ctx.q.terms);
    const total = Math.max(1, words.length);
    const tw = ctx.options.termWeight;
    let max = 0;
    for (const c of candidates) if (c.bm25 > max) max = c.bm25;
    for (const c of candidates) {
      if (c.mode === 'recent') {
        c.score = 1;
        c.relevance = 1;
        c.trace.push({ stage: 'relevance', value: 1, formula: 'no query terms: every record is equally relevant' });
        continue;
      }
      // An alias-only word counts aliasWeight, in coverage and in the BM25 share (query/aliases.ts).
      const { held, typedShare } =
        c.mode === 'and' && !c.aliasOnly ? { held: total, typedShare: 1 } : heldWords(words, c.matchedTerms, c.aliasOnly, ctx.options.aliasWeight);
      const coverage = Math.min(1, held / total);
      const ratio = max > 0 ? c.bm25 / max : 0;
      const value = coverage * (tw + (1 - tw) * ratio * typedShare);
      c.score = value;
      c.relevance = value;
      c.trace.push({
        stage: 'relevance',
        value,
        formula: `coverage ${+held.toFixed(3)}/${total} × (${tw} + ${(1 - tw).toFixed(2)} × bm25 ${c.bm25.toPrecision(3)} / best ${max.toPrecision(3)}${typedShare < 1 ? ` × alias share ${+typedShare.toFixed(3)}` : ''})`,
      });
    }
    return candidates;
  },
};
