import type Database from 'better-sqlite3';
import { putVectors, pruneVectors, vectorState } from '../index/vectors.js';
import type { Embedder } from './types.js';

/** What `optmem embed` (and the embedding after an import) did. */
export interface EmbedReport {
  model: string;
  /** records that are searched (events are not) */
  records: number;
  /** records that had a current vector before this run */
  current: number;
  /** records embedded now */
  embedded: number;
  /** records still without a current vector (left for the next run) */
  pending: number;
  batches: number;
  /** vectors of records that are gone, dropped */
  pruned: number;
  /** why the run stopped early (the endpoint failed); null when it finished */
  error: string | null;
  ms: number;
}

export interface EmbedOptions {
  /** embed every record again, current or not */
  all?: boolean;
  /** only these record ids (the records an import just wrote) */
  only?: ReadonlySet<string>;
  batchSize: number;
  /** after each stored batch: records embedded so far, of how many */
  onProgress?: (done: number, of: number) => void;
}

/**
 * Embed the records that have no current vector, oldest first, one batch per request; each batch
 * is stored as soon as it comes back, so a run that stops (endpoint down, Ctrl-C) loses at most the
 * batch in flight and the next run goes on from there. The first failure stops the run.
 */
export function embedPending(db: Database.Database, embedder: Embedder, o: EmbedOptions): EmbedReport {
  const t0 = Date.now();
  const state = vectorState(db, embedder.model, o.all === true);
  const todo = o.only ? state.pending.filter((p) => o.only!.has(p.id)) : state.pending;
  const pruned = o.only ? 0 : pruneVectors(db);
  let embedded = 0;
  let batches = 0;
  let error: string | null = null;
  for (let i = 0; i < todo.length; i += o.batchSize) {
    const batch = todo.slice(i, i + o.batchSize);
    try {
      const vectors = embedder.embed(batch.map((b) => b.text));
      putVectors(db, batch.map((b, j) => ({ id: b.id, hash: b.hash, model: embedder.model, embedding: vectors[j]! })));
    } catch (e) {
      error = (e as Error).message.replace(/^\[optmem\] /, '');
      break;
    }
    embedded += batch.length;
    batches++;
    o.onProgress?.(embedded, todo.length);
  }
  return {
    model: embedder.model,
    records: state.records,
    current: state.current,
    embedded,
    pending: state.pending.length - embedded,
    batches,
    pruned,
    error,
    ms: Date.now() - t0,
  };
}
