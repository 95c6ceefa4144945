/**
 * OpenClaw 2026.7.2 and later keep transcripts in each agent's SQLite store, not in JSONL files.
 * These tests build a store with OpenClaw's `transcript_events` table from events a real OpenClaw
 * 2026.9.6 run wrote (test/fixtures/ingest/openclaw-store/events.jsonl: a decision, then the user
 * correcting it), and run `optmem ingest --from openclaw` against it as a child process.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, searchJson, tempDir, tempHome, warnings } from './helpers.js';

const EVENTS = fs
  .readFileSync(path.join(ROOT, 'test', 'fixtures', 'ingest', 'openclaw-store', 'events.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean);
const SESSION = 's-20261130';

/** An OpenClaw state folder whose agent `main` has a store holding `events` for one session. */
function stateWith(events: string[]): { state: string; db: string } {
  const state = tempDir('optmem-openclaw-state-');
  const db = path.join(state, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
  fs.mkdirSync(path.dirname(db), { recursive: true });
  const d = new Database(db);
  d.exec(`CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT, created_at INTEGER NOT NULL,
          event_zstd BLOB, event_utf8_bytes INTEGER, navigation_json TEXT, PRIMARY KEY (session_id, seq))`);
  const ins = d.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?)');
  events.forEach((e, i) => ins.run(SESSION, i, e, 1796004032000 + i));
  d.close();
  return { state, db };
}

function ingest(home: string, state: string) {
  if (!fs.existsSync(home)) expect(cli(['init', '--dir', home]).code).toBe(0);
  const r = cli(['ingest', '--from', 'openclaw', '--dir', home, '--json'], { env: { OPENCLAW_STATE_DIR: state } });
  expect(r.code, r.stderr).toBe(0);
  return { summary: JSON.parse(r.stdout) as { filesRead: number; turns: number; written: number; kept: Record<string, number>; problems: { file: string; message: string }[] }, stderr: r.stderr };
}

describe('ingest --from openclaw: the SQLite transcript store', () => {
  it('reads the store: the decision is kept, the correction supersedes it, refs name the store and session', () => {
    const { state } = stateWith(EVENTS);
    const home = tempHome();
    const { summary } = ingest(home, state);
    expect(summary.turns).toBe(4);
    expect(summary.kept.decision).toBe(1);
    expect(summary.kept.correction).toBe(1);
    const hits = searchJson(home, '发布时间');
    expect(hits[0]!.text).toContain('〔更正〕不对，是周五早上 9 点');
    const old = hits.find((h) => h.kind === 'decision')!;
    expect(old.superseded).toBe(true);
    const exported = cli(['export', '--dir', home]).stdout.trim().split('\n').map((l) => JSON.parse(l) as { source: { ref: string; session: string }; project: string | null });
    expect(exported.map((r) => r.source.ref).sort()).toEqual([`main/openclaw-agent.sqlite/${SESSION}#L5`, `main/openclaw-agent.sqlite/${SESSION}#L8`]);
    expect(exported.every((r) => r.source.session === SESSION)).toBe(true);
  });

  it('a second run adds nothing; events appended later are read, and only they', () => {
    const { state, db } = stateWith(EVENTS);
    const home = tempHome();
    ingest(home, state);
    expect(ingest(home, state).summary.written).toBe(0);
    const d = new Database(db);
    const last = JSON.parse(EVENTS[EVENTS.length - 1]!) as { id: string };
    const add = d.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?)');
    add.run(SESSION, EVENTS.length, JSON.stringify({ type: 'message', id: 'u3', parentId: last.id, timestamp: '2026-11-30T03:00:00.000Z', message: { role: 'user', content: '以后公众号文章统一用 mdnice 排版，不再用秀米。' } }), 1);
    d.close();
    const third = ingest(home, state).summary;
    expect(third.turns).toBe(1);
    expect(third.written).toBe(1);
    expect(third.kept.decision).toBe(1);
  });

  it('a session OpenClaw rewrote is read again, without duplicating what is already in memory', () => {
    const { state, db } = stateWith(EVENTS);
    const home = tempHome();
    ingest(home, state);
    const d = new Database(db);
    d.prepare('DELETE FROM transcript_events WHERE session_id = ? AND seq >= 7').run(SESSION); // rewound past the correction
    d.close();
    const again = ingest(home, state).summary;
    expect(again.written).toBe(0);
  });

  it('compressed rows are decoded where Node.js can, else named as a problem; the rest is still read', () => {
    const { state, db } = stateWith(EVENTS);
    const d = new Database(db);
    const z = zlib as unknown as { zstdCompressSync?: (b: Buffer) => Buffer };
    const blob = z.zstdCompressSync ? z.zstdCompressSync(Buffer.from(EVENTS[7]!)) : Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0]);
    d.prepare('UPDATE transcript_events SET event_json = NULL, event_zstd = ? WHERE session_id = ? AND seq = 7').run(blob, SESSION);
    d.close();
    const home = tempHome();
    const { summary, stderr } = ingest(home, state);
    expect(summary.kept.decision).toBe(1);
    if (z.zstdCompressSync) {
      expect(summary.kept.correction).toBe(1);
    } else {
      expect(summary.kept.correction ?? 0).toBe(0);
      expect(summary.problems.some((p) => p.file === `main/openclaw-agent.sqlite/${SESSION}` && /zstd/.test(p.message))).toBe(true);
      expect(warnings(stderr).some((w) => /zstd/.test(w))).toBe(true);
    }
  });

  it('a root with neither a store nor JSONL sessions says so instead of reporting a quiet success', () => {
    const state = tempDir('optmem-openclaw-empty-');
    fs.mkdirSync(path.join(state, 'agents', 'main'), { recursive: true });
    const { summary, stderr } = ingest(tempHome(), state);
    expect(summary.filesRead).toBe(0);
    expect(warnings(stderr).join('\n')).toMatch(/no openclaw transcripts under .*agents/);
  });
});
