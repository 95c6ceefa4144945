import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ok, snapshot, tempDir, tempHome } from './helpers.js';
import { parseJsonlRecords } from '../src/io/jsonl.js';

function exported(home: string): Record<string, unknown>[] {
  return ok(home, ['export'])
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function seeded(): string {
  const home = tempHome();
  ok(home, ['init']);
  ok(home, ['add', '[code] 后端端口从8080迁移到9090', '--project', 'shop', '--tag', 'ports,infra', '--time', '2026-11-28T09:00:00+08:00']);
  const first = ok(home, ['add', 'the first deploy\n\n```sh\nnpm run deploy\n```\n---\n## 2026-11-29T10:00:00+08:00 · fake', '--agent', 'hermes', '--session', 's1', '--time', '2026-11-29T09:00:00+08:00']).trim();
  ok(home, ['add', '〔更正〕 deploys go through CI now 🚀', '--corrects', first, '--ref', 'https://example.com/pr/1', '--time', '2026-11-29T10:00:00Z']);
  ok(home, ['add', '〔红线〕 never on Friday', '--kind', 'lesson', '--tier', 'normal', '--domain', 'hermes', '--time', '2026-11-30T09:00:00-05:00']);
  ok(home, ['add', 'plain words, a red line only by kind', '--kind', 'redline', '--tier', 'normal', '--time', '2026-11-30T10:00:00+08:00']);
  return home;
}

describe('export / import', () => {
  it('round trips: export, import into an empty home, export again gives the same records and ids', () => {
    const home = seeded();
    const records = exported(home);
    expect(records.length).toBe(5);
    const dir = tempDir();
    const file = path.join(dir, 'all.jsonl');
    fs.writeFileSync(file, ok(home, ['export']));

    const fresh = tempHome();
    ok(fresh, ['init']);
    const r = cli(['import', file, '--json', '--dir', fresh]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ imported: 5, skipped: 0, warnings: [] });
    expect(exported(fresh)).toEqual(records);
    // the files are the truth: what the index is rebuilt from must say the same
    ok(fresh, ['reindex']);
    ok(home, ['reindex']);
    expect(exported(fresh)).toEqual(records);
    expect(exported(home)).toEqual(records);
    // the day files themselves come out the same
    const days = (h: string) => new Map([...snapshot(path.join(h, 'log'))].map(([k, v]) => [k, v.toString('utf8')]));
    expect(days(fresh)).toEqual(days(home));
    // and the imported home searches like the original
    const ids = (h: string) => JSON.parse(ok(h, ['search', 'deploy', '--json'])).results.map((x: { id: string }) => x.id);
    expect(ids(fresh)).toEqual(ids(home));
  });

  it('reads from stdin with `-`', () => {
    const home = seeded();
    const fresh = tempHome();
    ok(fresh, ['init']);
    const r = cli(['import', '-', '--dir', fresh], { input: ok(home, ['export']) });
    expect(r.code, r.stderr).toBe(0);
    expect(exported(fresh)).toEqual(exported(home));
  });

  it('refuses a file with a bad line: reports its line number, exits non-zero, leaves the home byte for byte', () => {
    const home = seeded();
    const dir = tempDir();
    const file = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(
      file,
      [
        JSON.stringify({ text: 'fine one', time: '2026-11-29T11:00:00+08:00' }),
        '',
        JSON.stringify({ text: 'fine two' }),
        '{"text": "broken json",',
        JSON.stringify({ text: 'bad tier', tier: 'supreme' }),
        JSON.stringify({ text: 'unknown field', colour: 'blue' }),
        JSON.stringify({ text: 'fine three' }),
      ].join('\n') + '\n',
    );
    const before = snapshot(home);
    const r = cli(['import', file, '--dir', home]);
    expect(r.code).not.toBe(0);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:4:`);
    expect(r.stderr).toContain(`${file}:5:`);
    expect(r.stderr).toContain(`${file}:6:`);
    expect(r.stderr).not.toContain(`${file}:1:`);
    expect(r.stderr).toMatch(/nothing written/);
    expect(r.stdout).toBe('');
    const after = snapshot(home);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [k, v] of before) expect(after.get(k)!.equals(v), k).toBe(true);
    expect(exported(home).length).toBe(5);

    const j = cli(['import', file, '--json', '--dir', home]);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout).error).toMatchObject({ code: 'INVALID_INPUT', line: 4 });
  });

  it('refuses ids the home already has, unless --skip-existing', () => {
    const home = seeded();
    const dir = tempDir();
    const file = path.join(dir, 'more.jsonl');
    const existing = exported(home);
    const extra = { id: 'brand-new-1', time: '2026-11-30T12:00:00+08:00', text: 'a new record' };
    fs.writeFileSync(file, [JSON.stringify(existing[1]), JSON.stringify(extra), JSON.stringify(existing[3])].join('\n') + '\n');
    const before = snapshot(home);

    const refused = cli(['import', file, '--dir', home]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${file}:1:`);
    expect(refused.stderr).toContain(`${file}:3:`);
    expect(refused.stderr).toContain('--skip-existing');
    const after = snapshot(home);
    for (const [k, v] of before) expect(after.get(k)!.equals(v), k).toBe(true);

    const r = cli(['import', file, '--skip-existing', '--json', '--dir', home]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ imported: 1, skipped: 2, warnings: [] });
    const all = exported(home);
    expect(all.length).toBe(6);
    // A line without an origin is stamped `imported` (an owner's import keeps the origin a line carries).
    expect(all.filter((x) => x.id === 'brand-new-1')).toEqual([
      { ...extra, domain: null, project: null, kind: 'note', tier: 'normal', corrects: [], tags: [], source: {}, origin: 'imported' },
    ]);
    // importing the same file again adds nothing
    expect(JSON.parse(ok(home, ['import', file, '--skip-existing', '--json']))).toEqual({ imported: 0, skipped: 3, warnings: [] });
  });

  it('a refused import into a missing home does not create it', () => {
    const home = tempHome();
    const file = path.join(tempDir(), 'bad.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ text: 'ok' })}\n{oops\n`);
    const r = cli(['import', file, '--dir', home]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:2:`);
    expect(fs.existsSync(home)).toBe(false);
  });

  it('refuses an id used twice within the file', () => {
    const home = seeded();
    const file = path.join(tempDir(), 'dup.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ id: 'x1', text: 'a' })}\n${JSON.stringify({ id: 'x1', text: 'b' })}\n`);
    const r = cli(['import', file, '--dir', home]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:2:`);
  });
});

describe('ids an import gives', () => {
  it('never collide within a file: 100,000 lines without an id at one instant all get their own', () => {
    // Their ids share the import's time and differ in 30 random bits: without a redraw, about five
    // collisions are expected in a file this size.
    const text = Array.from({ length: 100_000 }, (_, i) => JSON.stringify({ text: `note ${i}` })).join('\n');
    const { records } = parseJsonlRecords(text, 'input', { nowMs: Date.parse('2026-12-02T00:00:00Z'), knownDomains: [] });
    expect(new Set(records.map((r) => r.record.id)).size).toBe(100_000);
  });
});
