import fs from 'node:fs';
import { nodeCrypto } from '../core/lazy-crypto.js';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { OptmemError } from '../core/errors.js';

/**
 * The vector cache: `vectors.sqlite` beside the index, attached to the index's connection as
 * `vec`. It is derived (deleting it only costs a new `optmem embed`), but kept apart from
 * `index.sqlite` on purpose: a rebuild of the index deletes that file, and vectors cost an API call
 * each. A vector belongs to a record id, the hash of the text it was made from and the model that
 * made it; when the text (a hand edit) or the model changes, the vector is out of date and neither
 * used nor kept. sqlite-vec is loaded only here, only when embeddings are enabled.
 */

export const VECTORS_SCHEMA = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS vec.vectors (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL,
  model TEXT NOT NULL,
  dims INTEGER NOT NULL,
  embedding BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS vec.vmeta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** The text a record is embedded from, and its hash (what "current" is checked against). */
export function textHash(text: string): string {
  return nodeCrypto().createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);
}

const loaded = new WeakSet<Database.Database>();
const attached = new WeakSet<Database.Database>();

/** Load sqlite-vec into a connection (once). */
export function loadSqliteVec(db: Database.Database): void {
  if (loaded.has(db)) return;
  let mod: { load(db: unknown): void };
  try {
    mod = createRequire(import.meta.url)('sqlite-vec') as typeof mod;
  } catch (e) {
    throw new OptmemError('IO', `embeddings are enabled but sqlite-vec cannot be loaded (${(e as Error).message.split('\n')[0]})`, {
      cause: e,
      hint: 'reinstall optmem (npm install sqlite-vec@0.1.9), or set "embeddings": {"enabled": false} in config.json',
    });
  }
  mod.load(db);
  loaded.add(db);
}

/**
 * Attach the vector file to the index's connection (once per connection) and make its tables.
 * `create: false` (a read-only home) attaches only a file that exists, and returns false otherwise.
 */
export function attachVectors(db: Database.Database, file: string, create = true): boolean {
  if (attached.has(db)) return true;
  if (!create && !fs.existsSync(file)) return false;
  loadSqliteVec(db);
  db.prepare('ATTACH DATABASE ? AS vec').run(file);
  if (create) {
    db.exec(SCHEMA);
    db.pragma('vec.journal_mode = WAL');
    db.prepare("INSERT OR IGNORE INTO vec.vmeta (key, value) VALUES ('schema', ?)").run(String(VECTORS_SCHEMA));
  }
  attached.add(db);
  return true;
}

export interface VectorRow {
  id: string;
  hash: string;
  model: string;
  embedding: Float32Array;
}

export function toBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

/** Store vectors (one transaction per call: a batch is kept whole or not at all). */
export function putVectors(db: Database.Database, rows: VectorRow[]): void {
  const ins = db.prepare('INSERT OR REPLACE INTO vec.vectors (id, hash, model, dims, embedding) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) ins.run(r.id, r.hash, r.model, r.embedding.length, toBlob(r.embedding));
  })();
}

export interface VectorState {
  /** records that are searched (events are not) */
  records: number;
  /** of them, with a vector of this model made from their current text */
  current: number;
  /** the others: what `optmem embed` would send, oldest first */
  pending: { id: string; text: string; hash: string }[];
  /** vectors whose record is gone (dropped by pruneVectors) */
  orphans: number;
}

/** Which records need a vector of `model`; `all` counts every record as pending. */
export function vectorState(db: Database.Database, model: string, all = false): VectorState {
  const rows = db
    .prepare("SELECT r.id AS id, r.text AS text, v.hash AS vhash, v.model AS vmodel FROM records r LEFT JOIN vec.vectors v ON v.id = r.id WHERE r.kind != 'event' ORDER BY r.time_ms, r.rid")
    .all() as { id: string; text: string; vhash: string | null; vmodel: string | null }[];
  const pending: VectorState['pending'] = [];
  for (const r of rows) {
    const hash = textHash(r.text);
    if (all || r.vhash !== hash || r.vmodel !== model) pending.push({ id: r.id, text: r.text, hash });
  }
  const orphans = db.prepare('SELECT count(*) FROM vec.vectors v WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = v.id)').pluck().get() as number;
  return { records: rows.length, current: rows.length - pending.length, pending, orphans };
}

/** Drop vectors whose record is gone from the index. */
export function pruneVectors(db: Database.Database): number {
  return db.prepare('DELETE FROM vec.vectors WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = vec.vectors.id)').run().changes;
}
