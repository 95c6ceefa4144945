import fs from 'node:fs';
import path from 'node:path';
import { SqliteDatabase } from '../store/sqlite.js';

/**
 * A copy of a home's index, made beside a copy of its day files, adopted so the copy opens without
 * re-reading the log: each day file's row takes the copied file's stat, but only when the row
 * matched the original file's stat (the index was in step with that file) and the copy has the
 * original's size. Any other file keeps its row and is re-read when the copy opens: the safe side.
 * Returns how many rows were adopted.
 */
export function adoptIndexCopy(indexFile: string, sourceHome: string, copyHome: string): number {
  const db = new SqliteDatabase(indexFile);
  try {
    const rows = db.prepare('SELECT path, size, mtime_ms, ino FROM files').all() as { path: string; size: number; mtime_ms: number; ino: number }[];
    const put = db.prepare('UPDATE files SET mtime_ms = ?, ino = ? WHERE path = ?');
    let adopted = 0;
    db.transaction(() => {
      for (const r of rows) {
        const orig = statOf(path.join(sourceHome, r.path));
        const copy = statOf(path.join(copyHome, r.path));
        if (!orig || !copy) continue;
        if (orig.size !== r.size || orig.mtimeMs !== r.mtime_ms || orig.ino !== r.ino || copy.size !== r.size) continue;
        put.run(copy.mtimeMs, copy.ino, r.path);
        adopted++;
      }
    })();
    return adopted;
  } finally {
    db.close();
  }
}

function statOf(p: string): fs.Stats | null {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}
