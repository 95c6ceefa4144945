/**
 * `embeddings` in config.json: the optional vector path (docs/CONFIG.md, "Embeddings"). Off by
 * default; with it off nothing of it loads and search is exactly the lexical search. The key is
 * never in the file: `apiKeyEnv` names the environment variable holding it.
 */
export interface EmbeddingsConfig {
  /** turn the vector path on (default false) */
  enabled: boolean;
  /** an OpenAI-compatible API root, e.g. "http://127.0.0.1:11434/v1"; needed when enabled */
  baseUrl?: string;
  /** the embedding model's name, e.g. "bge-m3"; needed when enabled. Vectors are kept per model. */
  model?: string;
  /** the environment variable with the key (default OPTMEM_EMBEDDINGS_KEY); unset means no key */
  apiKeyEnv: string;
  /** the vector length the model gives; an answer of another length is a failure (default: not checked) */
  dimensions?: number;
  /** texts per request when embedding records (default 32; 1–2048) */
  batchSize: number;
  /** per request, ms (default 10 000; 100–600 000). Search waits at most this long, then goes lexical. */
  timeoutMs: number;
  /**
   * How the vector ranking joins the lexical one (default "relevance"). relevance: the lexical
   * relevance (scaled to the best) keeps its size, (1−weight) × relevance / best + weight ×
   * (k+1)/(k+vector rank). rrf: reciprocal rank fusion of both ranks, (1−weight) × (k+1)/(k+lexical
   * rank) + weight × (k+1)/(k+vector rank). On the ranking suite rrf flattened the lexical scores
   * enough for decay and tiers to reorder what the words had settled (docs/CONFIG.md, Embeddings).
   */
  fusion: 'rrf' | 'relevance';
  /** the vector side's share of the fused score (default 0.3; 0–1). 0 leaves the lexical order. */
  weight: number;
  /** the rank constant of the fusion (default 60; 1–1000): larger flattens the difference between ranks */
  k: number;
  /** nearest records the vector path adds to the candidates (default 50; 1–1000) */
  candidates: number;
  /** a record less similar than this (cosine, −1–1) is no vector hit (default 0.2) */
  minSimilarity: number;
}

export const EMBEDDINGS_DEFAULTS: Readonly<EmbeddingsConfig> = Object.freeze({
  enabled: false,
  apiKeyEnv: 'OPTMEM_EMBEDDINGS_KEY',
  batchSize: 32,
  timeoutMs: 10_000,
  fusion: 'relevance',
  weight: 0.3,
  k: 60,
  candidates: 50,
  minSimilarity: 0.2,
});
