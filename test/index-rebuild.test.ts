import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { createOptmem } from '../src/index.js';
import { cli, ok, tempHome } from './helpers.js';

/**
 * The index is derived: deleted, truncated or overwritten, it is rebuilt from the files on the
 * next command, and searches give the same ids in the same order as before.
 */
const QUERIES = ['端口', '公众号', 'deploying', 'proxy', '127.0.0.1', 'config/server.yaml', '迁移 服务器', 'record'];

function seed(home: string): void {
  const mem = createOptmem({ dir: home, create: true });
  const texts = [
    '[code] 后端服务的端口是8080，写在 config/server.yaml 里',
    '[code] 〔更正〕后端端口从8080迁移到9090',
    '[openclaw] 公众号的稿子多半由 OpenClaw 定稿',
    '[hermes] 〔红线〕不要在周五下午发版',
    'Deployed the nginx reverse proxy on 127.0.0.1:9090',
    '数据库迁移到新的服务器',
  ];
  texts.forEach((text, i) => mem.add({ text, time: `2026-11-${10 + i}T09:00:00+08:00` }));
  for (let i = 0; i < 60; i++) {
    mem.add({ text: `record ${i} about ${i % 2 ? 'the proxy' : '端口 and ports'} ${'z'.repeat(i % 7)}`, time: `2026-11-2${i % 8}T10:${String(i).padStart(2, '0')}:00+08:00` });
  }
  mem.close();
}

function dropTable(file: string, table: string): void {
  const db = new Database(file);
  db.exec(`DROP TABLE ${table}`);
  db.close();
}

function results(home: string): string[][] {
  return QUERIES.map((q) => {
    const r = cli(['search', q, '--json', '--limit', '100', '--now', '2026-12-01T00:00:00+08:00', '--dir', home]);
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout).results as { id: string }[]).map((h) => h.id);
  });
}

describe('index rebuild', () => {
  let base: string;
  let expected: string[][];
  beforeAll(() => {
    base = tempHome();
    seed(base);
    expected = results(base);
    // the queries must actually find things, or the comparison proves nothing
    expect(expected.every((ids) => ids.length > 0)).toBe(true);
  });

  function copy(): { home: string; index: string } {
    const home = tempHome();
    fs.cpSync(base, home, { recursive: true });
    return { home, index: path.join(home, 'index.sqlite') };
  }

  const damage: [string, (index: string) => void][] = [
    ['deleted', (f) => fs.rmSync(f)],
    ['truncated to zero', (f) => fs.truncateSync(f, 0)],
    ['truncated to half', (f) => fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2))],
    ['header overwritten', (f) => overwrite(f, 0, 100)],
    ['pages overwritten in the middle', (f) => overwrite(f, 4096, fs.statSync(f).size - 8192)],
    ['every page but the first overwritten', (f) => overwrite(f, 4096, fs.statSync(f).size - 4096)],
    ['replaced by a text file', (f) => fs.writeFileSync(f, 'not a database\n')],
    // the same schema version and identity, a table short: made by a build of this version under development
    ['a table of the schema missing', (f) => dropTable(f, 'dup_keys')],
    ['a virtual table of the schema missing', (f) => dropTable(f, 'summary_fts')],
  ];

  for (const [name, hurt] of damage) {
    it(`is rebuilt with identical results when ${name}`, () => {
      const { home, index } = copy();
      const logBefore = fs.readdirSync(path.join(home, 'log'), { recursive: true }).length;
      hurt(index);
      expect(results(home)).toEqual(expected);
      // and it stays healthy afterwards
      const d = cli(['doctor', '--dir', home]);
      expect(d.code, d.stdout).toBe(0);
      expect(fs.readdirSync(path.join(home, 'log'), { recursive: true }).length).toBe(logBefore);
    });
  }

  it('is rebuilt with identical results by `reindex`', () => {
    const { home } = copy();
    const r = cli(['reindex', '--json', '--dir', home]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).records).toBe(66);
    expect(results(home)).toEqual(expected);
  });

  it('get and stats work on a damaged index too', () => {
    const { home, index } = copy();
    const id = expected[0]![0]!;
    overwrite(index, 4096, fs.statSync(index).size - 4096);
    expect(JSON.parse(ok(home, ['get', id, '--json'])).record.id).toBe(id);
    overwrite(index, 0, 100);
    expect(JSON.parse(ok(home, ['stats', '--json'])).records).toBe(66);
  });
});

/** Overwrite `length` bytes from `start` with a deterministic junk pattern. */
function overwrite(file: string, start: number, length: number): void {
  const junk = Buffer.alloc(Math.max(0, length));
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 131 + 7) & 0xff;
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, junk, 0, junk.length, start);
  } finally {
    fs.closeSync(fd);
  }
}
