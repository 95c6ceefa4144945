import path from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from './sqlite.js';
import { OptmemError } from '../core/errors.js';

/**
 * The writers' mutex: an exclusive transaction on a tiny SQLite file. The OS releases the lock
 * when a holder dies (even by SIGKILL), so there are no stale locks to clean up, and waiting
 * writers queue through SQLite's busy handler.
 *
 * Every WriterLock on the same file in one process shares one connection and one depth, so the
 * lock is re-entrant across them: the log store and the core pins (core.md) each hold their own
 * WriterLock, and a pin that appends under the lock does not wait on itself. (Two connections in
 * one process would: the second BEGIN EXCLUSIVE would spin on the busy handler until it timed out.)
 */
interface Shared {
  /** opened on first use: a reader never touches the lock file (a read-only home stays readable) */
  db: Database.Database | null;
  file: string;
  timeoutMs: number;
  depth: number;
  refs: number;
}

const open = new Map<string, Shared>();

function connection(s: Shared): Database.Database {
  if (!s.db) {
    const db = new SqliteDatabase(s.file);
    try {
      db.pragma(`busy_timeout = ${s.timeoutMs}`);
      db.pragma('journal_mode = DELETE');
    } catch (e) {
      db.close();
      throw new OptmemError('IO', `could not take the memory home's write lock ${s.file}: another process holds it`, {
        cause: e,
        file: s.file,
        hint: 'retry when the other writer is done; if it persists, look for a hung optmem process',
      });
    }
    s.db = db;
  }
  return s.db;
}

export class WriterLock {
  private shared: Shared | null;
  private readonly key: string;

  constructor(file: string, timeoutMs = 15_000) {
    this.key = path.resolve(file);
    let s = open.get(this.key);
    if (!s) {
      s = { db: null, file, timeoutMs, depth: 0, refs: 0 };
      open.set(this.key, s);
    }
    s.refs++;
    this.shared = s;
  }

  /** Run fn while holding the lock. Re-entrant within one process. */
  with<T>(fn: () => T): T {
    const s = this.shared;
    if (!s) throw new OptmemError('IO', 'the write lock was already closed');
    if (s.depth > 0) {
      s.depth++;
      try {
        return fn();
      } finally {
        s.depth--;
      }
    }
    const db = connection(s);
    try {
      db.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      throw new OptmemError('IO', `could not take the memory home's write lock ${s.file}: another writer held it too long`, {
        cause: e,
        file: s.file,
        hint: 'retry; if it persists, look for a hung optmem process',
      });
    }
    s.depth = 1;
    try {
      return fn();
    } finally {
      s.depth = 0;
      db.exec('ROLLBACK');
    }
  }

  close(): void {
    const s = this.shared;
    if (!s) return;
    this.shared = null;
    if (--s.refs > 0) return;
    if (open.get(this.key) === s) open.delete(this.key);
    s.db?.close();
    s.db = null;
  }
}
