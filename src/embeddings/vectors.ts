/** Embeddings: the provider, the vectors beside the index, their backfill and the fused search. */
export { createOpenAIEmbedder } from './openai.js';
export { embedPending } from './backfill.js';
export { attachVectors, vectorState } from '../index/vectors.js';
export { hybridSearch } from '../query/vectors/hybrid.js';
