import type Database from 'better-sqlite3';
import type { EmbeddingsConfig } from '../../embeddings/config.js';
import type { Embedder } from '../../embeddings/types.js';
import type { RecordIndex } from '../../index/record-index.js';
import type { AliasTable } from '../aliases.js';
import type { RankingOptions } from '../options.js';
import { DEFAULT_STAGES, search } from '../search.js';
import type { SearchRequest, SearchResult, Stage } from '../types.js';
import { fusionStage } from './fuse.js';
import { nearestRecords, type VectorHit } from './nearest.js';
import { hasLetterOrDigit } from '../../core/letters.js';

/** What the vector path needs: the embedder, its settings, and a way to reach the vector cache. */
export interface VectorSearch {
  embedder: Embedder;
  options: EmbeddingsConfig;
  /** attach the vector cache to the index's connection; false when there is none to read */
  attach(db: Database.Database): boolean;
}

const why = (e: unknown) => (e as Error).message.replace(/^\[optmem\] /, '');

/**
 * Search with the vector path: the query is embedded (one request), its nearest records are found
 * under the query's filters, and the fusion stage joins them to the lexical ranking right after
 * `relevance`, before every query-time rule. Anything that goes wrong on the vector side (endpoint
 * down, timeout, bad answer, wrong dimensions, no vector cache) leaves the lexical search as it is,
 * with one warning in `warnings`; it never fails the search.
 */
export function hybridSearch(index: RecordIndex, req: SearchRequest, ranking: RankingOptions, aliases: AliasTable, v: VectorSearch): SearchResult {
  const o = v.options;
  const info = { model: v.embedder.model, used: false, hits: 0, fusion: o.fusion };
  const warnings: string[] = [];
  let qvec: Float32Array | null = null;
  if (typeof req.query === 'string' && hasLetterOrDigit(req.query)) {
    try {
      if (!v.attach(index.db)) warnings.push('embeddings: no vectors yet (run `optmem embed`); lexical results only');
      else {
        qvec = v.embedder.embed([req.query])[0] ?? null;
        const have = qvec && index.db.prepare('SELECT 1 FROM vec.vectors WHERE model = ? AND dims = ? LIMIT 1').get(v.embedder.model, qvec.length);
        if (qvec && !have) {
          warnings.push(`embeddings: no record has a ${qvec.length}-dimension vector of model ${v.embedder.model} yet (run \`optmem embed\`); lexical results only`);
          qvec = null;
        }
      }
    } catch (e) {
      warnings.push(`embeddings: ${why(e)}; lexical results only`);
      qvec = null;
    }
  }
  let stages: readonly Stage[] = DEFAULT_STAGES;
  if (qvec) {
    const query = qvec;
    const hits = (): VectorHit[] => {
      try {
        const h = nearestRecords(index.db, parsedQueryOf(), query, v.embedder.model, o.candidates, o.minSimilarity);
        info.used = true;
        info.hits = h.length;
        return h;
      } catch (e) {
        warnings.push(`embeddings: the vector search failed (${why(e)}); lexical results only`);
        return [];
      }
    };
    // The stage reads the query as search() parsed it (filters, a window from the query's words).
    let parsed: Parameters<typeof nearestRecords>[1] | null = null;
    const parsedQueryOf = () => parsed!;
    const fuse = fusionStage(hits, o);
    const capture: Stage = { name: fuse.name, run: (ctx, c) => ((parsed = ctx.q), fuse.run(ctx, c)) };
    stages = DEFAULT_STAGES.flatMap((s) => (s.name === 'relevance' ? [s, capture] : [s]));
  }
  const res = search(index, req, ranking, stages, aliases);
  res.query.vector = info;
  if (warnings.length) res.warnings = [warnings[0]!, ...(res.warnings ?? [])];
  return res;
}
