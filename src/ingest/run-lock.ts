import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../store/sqlite.js';
import { OptmemError } from '../core/errors.js';
import { layoutOf } from '../store/layout.js';

/**
 * One ingest at a time per memory home: an exclusive transaction on `<home>/ingest/.lock`, held
 * for the whole run. Like the writers' lock, the OS drops it when the holder dies (even by
 * SIGKILL), so a killed run never leaves a stale lock behind. It is separate from the writers'
 * lock on purpose: a long backfill must not keep `add` or the MCP server waiting.
 */
export class IngestLock {
  private constructor(private db: Database.Database) {}

  /** Take the lock, waiting up to `waitMs` (0: fail at once when another ingest holds it). */
  static acquire(home: string, waitMs = 0): IngestLock {
    const file = layoutOf(home).ingestLockFile;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new SqliteDatabase(file);
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(waitMs))}`);
    try {
      db.pragma('journal_mode = DELETE');
      db.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      db.close();
      throw new OptmemError('IO', 'another `optmem ingest` is running on this memory home', {
        cause: e,
        hint: 'let it finish (it stops on its own), or pass --wait SECONDS to queue behind it',
      });
    }
    return new IngestLock(db);
  }

  release(): void {
    if (!this.db.open) return;
    try {
      this.db.exec('ROLLBACK');
    } finally {
      this.db.close();
    }
  }
}
