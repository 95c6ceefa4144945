import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../../store/sqlite.js';
import type { Problem } from '../../core/errors.js';

/**
 * OpenClaw 2026.7.2 and later keep session transcripts in each agent's SQLite store,
 * `<state>/agents/<agent>/agent/openclaw-agent.sqlite`, table `transcript_events` (one event a row,
 * `event_json` in the shape the older `<agent>/sessions/<session>.jsonl` lines had, ordered by `seq`
 * within a `session_id`; large rows may be zstd-compressed into `event_zstd` instead). Checked against
 * OpenClaw 2026.9.6.
 *
 * optmem reads the store read-only and mirrors each session into a JSONL file of its own under the
 * memory home (`ingest/openclaw-store/<agent>/<session>.jsonl`, line N = the session's N-th event),
 * which the ordinary JSONL path then ingests with its byte cursors: new events are appended to the
 * mirror; a session OpenClaw rewrote (compaction, rewind) replaces the mirror, and the cursor sees a
 * rewritten file. The mirror is derived: deleting it costs a re-read, never a duplicate (refs dedupe).
 */
export interface StoreSession {
  /** the mirror file */
  file: string;
  /** how a record's source names it: `<agent>/openclaw-agent.sqlite/<session>` */
  rel: string;
  session: string;
}

export const STORE_FILE = path.join('agent', 'openclaw-agent.sqlite');

/** The agents under an OpenClaw `agents` root that have a transcript store. */
export function openclawStores(root: string): { agent: string; db: string }[] {
  let agents: string[];
  try {
    agents = fs.readdirSync(root).sort();
  } catch {
    return [];
  }
  return agents.map((agent) => ({ agent, db: path.join(root, agent, STORE_FILE) })).filter((s) => fs.existsSync(s.db));
}

export function mirrorOpenclawStores(root: string, mirrorDir: string, problem: (p: Problem) => void): StoreSession[] {
  const out: StoreSession[] = [];
  for (const { agent, db: dbFile } of openclawStores(root)) {
    const where = path.join(agent, STORE_FILE).split(path.sep).join('/');
    let db: Database.Database;
    try {
      db = new SqliteDatabase(dbFile, { readonly: true, fileMustExist: true });
    } catch (e) {
      problem({ file: where, line: 0, message: `cannot open the OpenClaw store: ${(e as Error).message}` });
      continue;
    }
    try {
      const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'transcript_events'`).get();
      if (!hasTable) {
        problem({ file: where, line: 0, message: 'no transcript_events table: not an OpenClaw store this version of optmem reads' });
        continue;
      }
      const rows = db.prepare(`SELECT session_id AS session, seq, event_json AS json, event_zstd AS zstd FROM transcript_events ORDER BY session_id, seq`).all() as {
        session: string;
        seq: number;
        json: string | null;
        zstd: Buffer | null;
      }[];
      const bySession = new Map<string, string[]>();
      const unreadable = new Map<string, number>();
      for (const r of rows) {
        let line = r.json;
        if (line === null && r.zstd) line = unzstd(r.zstd);
        if (line === null) {
          unreadable.set(r.session, (unreadable.get(r.session) ?? 0) + 1);
          line = JSON.stringify({ type: 'optmem-unreadable', seq: r.seq });
        }
        const lines = bySession.get(r.session) ?? [];
        lines.push(line.replace(/\r?\n/g, ' '));
        bySession.set(r.session, lines);
      }
      for (const [session, lines] of bySession) {
        const safe = session.replace(/[^\w.-]/g, '_');
        const file = path.join(mirrorDir, agent, `${safe}.jsonl`);
        writeMirror(file, lines.join('\n') + '\n');
        const rel = `${agent}/openclaw-agent.sqlite/${safe}`;
        out.push({ file, rel, session });
        const n = unreadable.get(session);
        if (n) {
          problem({
            file: rel,
            line: 0,
            message: `${n} event(s) are zstd-compressed and this Node.js (${process.version}) cannot decompress zstd (22.15 or later can); they were skipped`,
          });
        }
      }
    } finally {
      db.close();
    }
  }
  return out;
}

function unzstd(buf: Buffer): string | null {
  const z = zlib as unknown as { zstdDecompressSync?: (b: Buffer) => Buffer };
  if (typeof z.zstdDecompressSync !== 'function') return null;
  try {
    return z.zstdDecompressSync(buf).toString('utf8');
  } catch {
    return null;
  }
}

/** Appends when the mirror only grew; replaces it (write, then rename) when the session was rewritten. */
function writeMirror(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let old: string | null = null;
  try {
    old = fs.readFileSync(file, 'utf8');
  } catch {
    // first run for this session
  }
  if (old === content) return;
  if (old !== null && content.startsWith(old)) {
    fs.appendFileSync(file, content.slice(old.length));
    return;
  }
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}
