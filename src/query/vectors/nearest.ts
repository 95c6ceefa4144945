import type Database from 'better-sqlite3';
import { RECORD_COLUMNS, rowToRecord, type IndexedRecord } from '../../index/record-index.js';
import { textHash, toBlob } from '../../index/vectors.js';
import { filterSql } from '../retrieve.js';
import type { ParsedQuery } from '../types.js';

/** A record the vector path found: its rank among the vector hits (1 = nearest) and cosine similarity. */
export interface VectorHit {
  rec: IndexedRecord;
  rank: number;
  similarity: number;
}

type Row = Parameters<typeof rowToRecord>[0] & { dist: number; vhash: string };

/**
 * The records nearest to a query vector, among those the query's filters (domain, project, kind,
 * time) let through, in SQL like the lexical passes. An exact scan with sqlite-vec's cosine
 * distance: fine to a few hundred thousand vectors (bench/run.js measures it). A vector made from
 * an older text of its record (a hand edit since) is skipped, and so is anything below
 * `minSimilarity`.
 */
export function nearestRecords(db: Database.Database, q: ParsedQuery, query: Float32Array, model: string, k: number, minSimilarity: number): VectorHit[] {
  const params: unknown[] = [toBlob(query), model, query.length];
  const where = filterSql(q, params);
  // A few more than k: stale vectors are dropped after the scan.
  params.push(k + 16);
  const cols = RECORD_COLUMNS.split(', ').map((c) => 'r.' + c).join(', ');
  const sql =
    `SELECT ${cols}, vec_distance_cosine(v.embedding, ?) AS dist, v.hash AS vhash FROM vec.vectors v CROSS JOIN records r ON r.id = v.id ` +
    `WHERE v.model = ? AND v.dims = ? AND r.kind != 'event'${where} ORDER BY dist LIMIT ?`;
  const rows = db.prepare(sql).all(...params) as Row[];
  const out: VectorHit[] = [];
  for (const row of rows) {
    if (out.length >= k) break;
    const similarity = 1 - row.dist;
    if (Number.isNaN(similarity) || row.dist === null) continue; // a zero vector has no direction
    if (similarity < minSimilarity) break;
    if (row.vhash !== textHash(row.text)) continue;
    out.push({ rec: rowToRecord(row), rank: out.length + 1, similarity });
  }
  return out;
}
