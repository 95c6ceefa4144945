import Database from 'better-sqlite3';
import { OptmemError } from '../core/errors.js';

/**
 * The writers' mutex: an exclusive transaction on a tiny SQLite file. The OS releases the lock
 * when a holder dies (even by SIGKILL), so there are no stale locks to clean up, and waiting
 * writers queue through SQLite's busy handler.
 */
export class WriterLock {
  private db: Database.Database;
  private depth = 0;

  constructor(file: string, timeoutMs = 15_000) {
    this.db = new Database(file);
    this.db.pragma(`busy_timeout = ${timeoutMs}`);
    this.db.pragma('journal_mode = DELETE');
  }

  /** Run fn while holding the lock. Re-entrant within one process. */
  with<T>(fn: () => T): T {
    if (this.depth > 0) {
      this.depth++;
      try {
        return fn();
      } finally {
        this.depth--;
      }
    }
    try {
      this.db.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      throw new OptmemError('IO', 'could not take the memory home\'s write lock (another writer held it too long)', {
        cause: e,
        hint: 'retry; if it persists, look for a hung optmem process',
      });
    }
    this.depth = 1;
    try {
      return fn();
    } finally {
      this.depth = 0;
      this.db.exec('ROLLBACK');
    }
  }

  close(): void {
    this.db.close();
  }
}
