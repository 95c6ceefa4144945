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

type Row = Parameters<typeof rowToRecord>[0];

/**
 * The records nearest to a query vector, among those the query's filters (domain, project, kind,
 * time) let through, in SQL like the lexical passes. An exact scan with sqlite-vec's cosine
 * distance (bench/embeddings.js measures it); the scan sorts ids and distances only, and the
 * records of the nearest are read afterwards. A vector made from an older text of its record (a
 * hand edit since) is skipped, and so is anything below `minSimilarity`.
 */
export function nearestRecords(db: Database.Database, q: ParsedQuery, query: Float32Array, model: string, k: number, minSimilarity: number): VectorHit[] {
  const params: unknown[] = [toBlob(query), model, query.length];
  const where = filterSql(q, params);
  // A few more than k: stale vectors are dropped after the scan.
  params.push(k + 16);
  const sql =
    `SELECT r.rid AS rid, vec_distance_cosine(v.embedding, ?) AS dist, v.hash AS vhash FROM vec.vectors v CROSS JOIN records r ON r.id = v.id ` +
    `WHERE v.model = ? AND v.dims = ? AND r.kind != 'event'${where} ORDER BY dist LIMIT ?`;
  const near = db.prepare(sql).all(...params) as { rid: number; dist: number | null; vhash: string }[];
  if (near.length === 0) return [];
  const cols = RECORD_COLUMNS.split(', ').join(', ');
  const rows = db.prepare(`SELECT ${cols} FROM records WHERE rid IN (${near.map(() => '?').join(',')})`).all(...near.map((n) => n.rid)) as Row[];
  const byRid = new Map(rows.map((r) => [r.rid, r]));
  const out: VectorHit[] = [];
  for (const n of near) {
    if (out.length >= k) break;
    const row = byRid.get(n.rid);
    if (!row || n.dist === null || Number.isNaN(n.dist)) continue; // a zero vector has no direction
    const similarity = 1 - n.dist;
    if (similarity < minSimilarity) break;
    if (n.vhash !== textHash(row.text)) continue;
    out.push({ rec: rowToRecord(row), rank: out.length + 1, similarity });
  }
  return out;
}
