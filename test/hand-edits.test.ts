import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createOptmem } from '../src/index.js';
import { derivedId } from '../src/core/record-format.js';
import { cli, dayFile, ok, searchJson, tempHome } from './helpers.js';

/** Hand edits to the day files are seen by the next command, without `reindex`. */
describe('hand edits are picked up', () => {
  function seeded() {
    const home = tempHome();
    ok(home, ['init']);
    const a = ok(home, ['add', 'the backend port is 8O80 on staging', '--time', '2026-11-29T09:00:00+08:00']).trim();
    const b = ok(home, ['add', '公众号的稿子周五定稿', '--time', '2026-11-29T10:00:00+08:00']).trim();
    const c = ok(home, ['add', 'nginx reverse proxy deployed', '--time', '2026-11-29T11:00:00+08:00']).trim();
    return { home, a, b, c, file: dayFile(home, '2026-11-29') };
  }

  it('a fixed typo (same file size) is seen by get and search', () => {
    const { home, a, file } = seeded();
    expect(searchJson(home, '8080')).toEqual([]);
    const before = fs.readFileSync(file, 'utf8');
    const after = before.replace('8O80', '8080');
    expect(after.length).toBe(before.length);
    fs.writeFileSync(file, after);

    const got = JSON.parse(ok(home, ['get', a, '--json'])).record;
    expect(got.text).toBe('the backend port is 8080 on staging');
    expect(searchJson(home, '8080').map((h) => h.id)).toEqual([a]);
    expect(searchJson(home, '8O80')).toEqual([]);
  });

  it('a record added by hand with an id is found by get and search', () => {
    const { home, file } = seeded();
    fs.appendFileSync(
      file,
      '\n## 2026-11-29T12:00:00+08:00 · hand-1\n- domain: code\n- tags: ops\n\n[code] 数据库迁移到新的服务器 written by hand\n\n---\n',
    );
    const got = JSON.parse(ok(home, ['get', 'hand-1', '--json'])).record;
    expect(got).toMatchObject({ id: 'hand-1', domain: 'code', tags: ['ops'], time: '2026-11-29T12:00:00+08:00' });
    expect(got.file).toBe('log/2026/11/2026-11-29.md');
    expect(fs.readFileSync(file, 'utf8').split('\n')[got.line - 1]).toBe('## 2026-11-29T12:00:00+08:00 · hand-1');
    expect(searchJson(home, '数据库').map((h) => h.id)).toEqual(['hand-1']);
  });

  it('a record added by hand without an id gets a stable derived id', () => {
    const { home, file } = seeded();
    const text = 'handwritten note about the deploy window';
    fs.appendFileSync(file, `\n## 2026-11-29T13:00:00+08:00\n\n${text}\n\n---\n`);
    const hits = searchJson(home, 'handwritten');
    expect(hits.length).toBe(1);
    const id = hits[0]!.id;
    expect(id).toBe(derivedId('2026-11-29T13:00:00+08:00', text));
    expect(JSON.parse(ok(home, ['get', id, '--json'])).record.text).toBe(text);
    // the same id after a full rebuild: it depends on the content only
    ok(home, ['reindex']);
    expect(searchJson(home, 'handwritten').map((h) => h.id)).toEqual([id]);
  });

  it('a record deleted by hand is gone from get and search', () => {
    const { home, b, file } = seeded();
    const content = fs.readFileSync(file, 'utf8');
    const start = content.indexOf(`## 2026-11-29T10:00:00+08:00 · ${b}`);
    const end = content.indexOf('---\n', start) + 4;
    expect(start).toBeGreaterThan(0);
    fs.writeFileSync(file, content.slice(0, start) + content.slice(end));

    const r = cli(['get', b, '--dir', home]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(b);
    expect(searchJson(home, '公众号')).toEqual([]);
    expect(JSON.parse(ok(home, ['stats', '--json'])).records).toBe(2);
  });

  it('a new day file written by hand, and a day file deleted by hand, are seen', () => {
    const { home, a, b, c, file } = seeded();
    const other = dayFile(home, '2026-10-01');
    fs.mkdirSync(other.slice(0, other.lastIndexOf('/')), { recursive: true });
    fs.writeFileSync(other, '# 2026-10-01\n\n## 2026-10-01T08:00:00+08:00 · oct-1\n\nOctober retrospective\n\n---\n');
    expect(searchJson(home, 'retrospective').map((h) => h.id)).toEqual(['oct-1']);
    fs.rmSync(file);
    expect(searchJson(home, 'proxy')).toEqual([]);
    for (const id of [a, b, c]) expect(cli(['get', id, '--dir', home]).code).toBe(1);
    expect(JSON.parse(ok(home, ['stats', '--json'])).records).toBe(1);
  });

  it('an open library instance sees edits made while it is open (refreshMs 0: it looks before every read)', () => {
    const { home, a, c, file } = seeded();
    const mem = createOptmem({ dir: home, refreshMs: 0 });
    try {
      expect(mem.get(a)!.text).toContain('8O80');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('8O80', '8080').replace('nginx reverse proxy', 'caddy reverse proxy'));
      expect(mem.get(a)!.text).toContain('8080');
      expect(mem.search({ query: 'caddy' }).results.map((h) => h.id)).toEqual([c]);
      expect(mem.search({ query: 'nginx' }).results).toEqual([]);
      // and an append through the API after the hand edit keeps line numbers right
      const { record } = mem.add({ text: 'after the edit', time: '2026-11-29T14:00:00+08:00' });
      const got = mem.get(record.id)!;
      expect(fs.readFileSync(file, 'utf8').split('\n')[got.line - 1]).toBe(`## 2026-11-29T14:00:00+08:00 · ${record.id}`);
    } finally {
      mem.close();
    }
  });

  it('with the default refreshMs a long-lived instance looks at most once a second, and refresh() looks now', () => {
    const { home, a, file } = seeded();
    const mem = createOptmem({ dir: home });
    try {
      expect(mem.get(a)!.text).toContain('8O80');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('8O80', '8080'));
      const report = mem.refresh();
      expect(report.filesRead).toBe(1);
      expect(mem.get(a)!.text).toContain('8080');
    } finally {
      mem.close();
    }
  });
});

describe("a day file saved by another editor (CRLF, a byte order mark, trailing spaces, no final newline)", () => {
  it('loses no record, gets no warning, and keeps every byte when read and appended to', () => {
    const home = tempHome();
    ok(home, ['init']);
    const a = ok(home, ['add', '[code] 后端服务的端口是8080', '--time', '2026-11-29T09:00:00+08:00', '--tag', 'ops']).trim();
    const b = ok(home, ['add', 'second line test\nwith two lines', '--time', '2026-11-29T10:00:00+08:00', '--project', 'shop']).trim();
    const file = dayFile(home, '2026-11-29');
    const lf = fs.readFileSync(file, 'utf8');
    const saved = '\uFEFF' + lf.replace(/^(## .*|- .*|---)$/gm, '$1  ').replace(/\n/g, '\r\n').replace(/\r\n$/, '');
    fs.writeFileSync(file, saved);
    const bytes = fs.readFileSync(file);

    const r = cli(['search', '端口', '--json', '--dir', home]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).results.map((h: { id: string }) => h.id)).toEqual([a]);
    const got = JSON.parse(ok(home, ['get', b, '--json'])).record;
    expect([got.text, got.project]).toEqual(['second line test\nwith two lines', 'shop']);
    expect(cli(['doctor', '--dir', home]).code).toBe(0);

    const c = ok(home, ['add', 'third, appended by optmem', '--time', '2026-11-29T11:00:00+08:00']).trim();
    expect(fs.readFileSync(file).subarray(0, bytes.length).equals(bytes)).toBe(true);
    expect(ok(home, ['export']).trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([a, b, c]);
    expect(cli(['doctor', '--dir', home]).code).toBe(0);
  });
});
