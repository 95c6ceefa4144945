import type { EmbeddingsConfig } from '../../embeddings/config.js';
import { activeTerms } from '../retrieve.js';
import { joinedCandidate } from '../candidate.js';
import type { Candidate, Stage } from '../types.js';
import type { VectorHit } from './nearest.js';

export type FusionOptions = Pick<EmbeddingsConfig, 'fusion' | 'weight' | 'k'>;

/** Lexical ranks: by relevance, then BM25, then newer, then id (the same files give the same ranks). */
function lexicalRanks(candidates: Candidate[]): Map<number, number> {
  const sorted = [...candidates].sort(
    (a, b) => b.relevance - a.relevance || b.bm25 - a.bm25 || b.rec.timeMs - a.rec.timeMs || (a.rec.id < b.rec.id ? -1 : a.rec.id > b.rec.id ? 1 : 0),
  );
  return new Map(sorted.map((c, i) => [c.rec.rid, i + 1]));
}

/**
 * The fused relevance of one record from its two ranks (null: not found that way), in [0, 1].
 * rrf: (1−w)/(k+lexical) + w/(k+vector), × (k+1) so that first in both is 1.
 * relevance: (1−w) × relevance/best + w × (k+1)/(k+vector): the lexical side keeps its size.
 */
export function fusedScore(o: FusionOptions, lexRank: number | null, vecRank: number | null, relative: number): number {
  const w = o.weight;
  const vec = vecRank === null ? 0 : (o.k + 1) / (o.k + vecRank);
  if (o.fusion === 'relevance') return (1 - w) * (lexRank === null ? 0 : relative) + w * vec;
  const lex = lexRank === null ? 0 : (o.k + 1) / (o.k + lexRank);
  return (1 - w) * lex + w * vec;
}

/**
 * The fusion stage: runs right after `relevance` and before every query-time rule (context,
 * supersession, decay, tiers, red lines), which then apply to the fused candidates unchanged. The
 * vector hits were found under the query's filters; one the words did not find joins the pool as
 * a `vector` candidate, its evidence being its vector rank and similarity (shown in its trace).
 * Each candidate's score becomes the fused score; its relevance stays the lexical one.
 */
export function fusionStage(hits: () => VectorHit[], o: FusionOptions): Stage {
  return {
    name: 'vector',
    run(ctx, candidates) {
      // No query words (mode recent): there is no ranking to fuse with; the list stays as it is.
      if (candidates.length && candidates.every((c) => c.mode === 'recent')) return candidates;
      const vh = hits();
      const lex = lexicalRanks(candidates);
      const byRid = new Map(vh.map((h) => [h.rec.rid, h]));
      let best = 0;
      for (const c of candidates) if (c.relevance > best) best = c.relevance;
      const total = activeTerms(ctx.q.terms).length;
      const joined: Candidate[] = [];
      for (const h of vh) {
        if (lex.has(h.rec.rid)) continue;
        joined.push(joinedCandidate(h.rec, 'vector', total));
      }
      const all = [...candidates, ...joined];
      for (const c of all) {
        const lr = lex.get(c.rec.rid) ?? null;
        const h = byRid.get(c.rec.rid);
        const vr = h?.rank ?? null;
        const relative = best > 0 ? c.relevance / best : 0;
        const fused = fusedScore(o, lr, vr, relative);
        const lexPart = o.fusion === 'relevance' ? (lr === null ? '0' : `relevance ${relative.toFixed(3)} of best`) : lr === null ? '0' : `${o.k + 1}/(${o.k}+${lr})`;
        const vecPart = vr === null ? '0' : `${o.k + 1}/(${o.k}+${vr})`;
        c.trace.push({
          stage: 'vector',
          lexicalRank: lr,
          vectorRank: vr,
          similarity: h ? Math.round(h.similarity * 1e4) / 1e4 : null,
          fused,
          formula: `${o.fusion}: ${(1 - o.weight).toFixed(2)} × ${lexPart} + ${o.weight.toFixed(2)} × ${vecPart}${lr === null ? ' (found by the vector path only)' : ''}`,
        });
        // The score is fused; `relevance` stays what the words gave (0 for a vector-only hit), so
        // red-line pinning and context read exactly what they read without embeddings: a red line
        // is pinned by its words, never by being near the query.
        c.score = fused;
      }
      return all;
    },
  };
}
