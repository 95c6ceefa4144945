/**
 * An embedder turns texts into vectors. Calls are synchronous (embeddings/sync-post.ts says why)
 * and throw `EmbeddingError` on any failure: the caller decides whether that is a warning (search,
 * import) or the command's failure (`optmem embed`).
 */
export interface Embedder {
  /** what the vectors are keyed by: a change of model means every vector is out of date */
  readonly model: string;
  /** one vector per text, in order, each of the same length */
  embed(texts: string[]): Float32Array[];
}

export class EmbeddingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddingError';
  }
}
