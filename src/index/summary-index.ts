import fs from 'node:fs';
import path from 'node:path';
import { LEVELS, parseBullets, readHeader } from '../core/summary-format.js';
import type { Layout } from '../store/layout.js';
import type { RecordIndex } from './record-index.js';

/**
 * The summary tree's nodes in the index, read from their files (never from the log): one row per
 * node file (its stat and header) and one per bullet, with the bullet's words in `summary_fts`.
 * Kept in step like the day files, by (size, mtime, inode): a changed node file is read again.
 * Derived twice over: deleting the index loses nothing, the next overview query reads the files.
 */
export interface SummaryFileRow {
  path: string;
  level: string | null;
  key: string | null;
  from_date: string | null;
  to_date: string | null;
  domain: string | null;
}

export function syncSummaryIndex(index: RecordIndex, layout: Layout): { read: number; removed: number } {
  const onDisk = new Map<string, fs.Stats>();
  for (const level of LEVELS) {
    const dir = path.join(layout.summariesDir, level);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.md')) continue;
      try {
        onDisk.set(path.posix.join('memory', 'summaries', level, name), fs.statSync(path.join(dir, name)));
      } catch {
        // gone meanwhile
      }
    }
  }
  const db = index.db;
  const rows = new Map((db.prepare('SELECT path, size, mtime_ms, ino FROM summary_files').all() as { path: string; size: number; mtime_ms: number; ino: number }[]).map((r) => [r.path, r]));
  const changed = [...onDisk].filter(([p, st]) => {
    const r = rows.get(p);
    return !r || r.size !== st.size || r.mtime_ms !== st.mtimeMs || r.ino !== st.ino;
  });
  const removed = [...rows.keys()].filter((p) => !onDisk.has(p));
  if (changed.length === 0 && removed.length === 0) return { read: 0, removed: 0 };
  const sidsOf = db.prepare('SELECT sid FROM summary_bullets WHERE path = ?').pluck();
  const delFts = db.prepare('DELETE FROM summary_fts WHERE rowid = ?');
  const delBullets = db.prepare('DELETE FROM summary_bullets WHERE path = ?');
  const delFile = db.prepare('DELETE FROM summary_files WHERE path = ?');
  const putFile = db.prepare('INSERT INTO summary_files (path, size, mtime_ms, ino, level, key, from_date, to_date, domain) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const putBullet = db.prepare('INSERT INTO summary_bullets (path, ord, text, ids, redline) VALUES (?, ?, ?, ?, ?)');
  const putFts = db.prepare('INSERT INTO summary_fts (rowid, body) VALUES (?, ?)');
  const drop = (p: string) => {
    for (const sid of sidsOf.all(p) as number[]) delFts.run(sid);
    delBullets.run(p);
    delFile.run(p);
  };
  index.write(() => {
    for (const p of removed) drop(p);
    for (const [p, st] of changed) {
      drop(p);
      let content: string;
      try {
        content = fs.readFileSync(path.join(layout.home, p), 'utf8');
      } catch {
        continue;
      }
      const h = readHeader(content);
      putFile.run(p, st.size, st.mtimeMs, st.ino, h?.level ?? null, h?.key ?? null, h?.from ?? null, h?.to ?? null, h?.domain ?? null);
      if (!h) continue; // not a node optmem wrote (or edited since): not searched until the next consolidate
      parseBullets(content).forEach((b, i) => {
        const info = putBullet.run(p, i, b.text, b.ids.join(' '), b.redline ? 1 : 0);
        putFts.run(info.lastInsertRowid, index.tokenizer.indexText(b.text));
      });
    }
  });
  return { read: changed.length, removed: removed.length };
}
