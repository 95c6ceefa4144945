/**
 * Archiving forgets without deleting: an appended event takes records out of default search and
 * an unarchive event brings them back exactly; no existing log byte changes; red lines are never
 * archived, whatever an event says; the state is derived and survives an index rebuild.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/index.js';
import { mulberry32 } from './prng.js';
import { copyHome } from '../src/eval/home-copy.js';
import { cli, dayFiles, tempHome } from './helpers.js';

const NOW = '2026-12-01T00:00:00+08:00';
const QUERIES = ['端口', '备份', 'deploy', '标题', 'nginx', '不要', 'port 9090', '周报'];

const TOPICS = [
  (i: number) => `[code] 后端服务端口 ${8000 + i}，部署在 deploy-${i} 上`,
  (i: number) => `[hermes] 备份任务 ${i} 每天 0${i % 10}:00 跑，nginx 日志保留 ${i} 天`,
  (i: number) => `[openclaw] 文章 ${i} 的标题不超过 ${10 + i} 字，周报周${'一二三四五'[i % 5]}发`,
  (i: number) => `Deploy note ${i}: port 9090 behind nginx, build ${i}`,
];

function seed(home: string, n: number): Optmem {
  const mem = createOptmem({ dir: home, create: true });
  for (let i = 0; i < n; i++) mem.add({ text: TOPICS[i % TOPICS.length]!(i), time: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T09:${String(i % 60).padStart(2, '0')}:00+08:00` });
  mem.add({ text: '[code] 〔红线〕不要把端口 9090 暴露到公网', time: '2026-10-01T09:00:00+08:00' });
  return mem;
}

const ranked = (mem: Optmem, extra: { archived?: boolean } = {}) =>
  QUERIES.map((q) => mem.search({ query: q, limit: 50, now: NOW, ...extra }).results.map((h) => `${h.id}${h.archived ? '*' : ''}`));

function logHashes(home: string): Map<string, string> {
  return new Map(dayFiles(home).map((f) => [f, crypto.createHash('sha256').update(fs.readFileSync(path.join(home, f))).digest('hex')]));
}

describe('a copy of a home with its index (what the archive gate searches)', () => {
  it('opens without re-reading unchanged day files, and re-reads one that changed after the index was copied', () => {
    const home = tempHome();
    const mem = seed(home, 40);
    const plain = copyHome(home);
    const withIndex = copyHome(home, { index: (f) => mem.snapshotIndex(f) });
    try {
      const a = createOptmem({ dir: plain.dir });
      const b = createOptmem({ dir: withIndex.dir });
      expect(a.openReport.filesRead).toBe(dayFiles(home).length);
      expect(b.openReport.filesRead).toBe(0);
      // the copy answers as the home does (a rebuilt index may order equal scores otherwise)
      expect(ranked(b)).toEqual(ranked(mem));
      a.close();
      b.close();
      // a day file written after the index was copied (a writer between the snapshot and the copy)
      const later = copyHome(home, {
        index: (f) => {
          mem.snapshotIndex(f);
          mem.add({ text: '[code] 后端端口 7070 写在 deploy-late 里', time: '2026-11-03T10:00:00+08:00' });
        },
      });
      const c = createOptmem({ dir: later.dir });
      expect(c.openReport.filesRead).toBe(1);
      expect(c.search({ query: 'deploy-late', now: NOW }).results.length).toBe(1);
      c.close();
      later.remove();
    } finally {
      plain.remove();
      withIndex.remove();
      mem.close();
    }
  });
});

describe('archive and unarchive', () => {
  it('a random sample archived then unarchived restores identical results; no log byte before the events changes', () => {
    const home = tempHome();
    const mem = seed(home, 160);
    const before = ranked(mem);
    const bytesBefore = new Map(dayFiles(home).map((f) => [f, fs.readFileSync(path.join(home, f))]));
    const rand = mulberry32(7);
    const all = mem.recent({ limit: 1000 }).map((r) => r.id);
    const sample = all.filter(() => rand() < 0.3);
    expect(sample.length).toBeGreaterThan(20);

    const a = mem.archive(sample, { why: 'test sample' });
    const redline = mem.recent({ limit: 1000, kinds: ['redline'] })[0]!;
    expect(a.changed.length + a.skipped.length).toBe(sample.length);
    const during = ranked(mem).flat();
    for (const id of a.changed) expect(during).not.toContain(id);
    // --archived finds them again, flagged
    const withArchived = ranked(mem, { archived: true }).flat();
    expect(withArchived.some((x) => x.endsWith('*'))).toBe(true);
    expect(mem.recent({ limit: 1000 }).map((r) => r.id)).not.toContain(a.changed[0]);
    expect(mem.recent({ limit: 1000, archived: true }).map((r) => r.id)).toContain(a.changed[0]);

    const u = mem.unarchive(sample);
    expect(u.changed.sort()).toEqual([...a.changed].sort());
    expect(ranked(mem)).toEqual(before);
    expect(mem.search({ query: '端口 9090', now: NOW }).results[0]!.id).toBe(redline.id);
    mem.close();

    // Every byte that was in the log is still there: the events were appended after it.
    for (const [f, bytes] of bytesBefore) {
      const now = fs.readFileSync(path.join(home, f));
      expect(now.subarray(0, bytes.length).equals(bytes), f).toBe(true);
    }
  });

  it('red lines are never archived: the API skips them, a hand-written event is ignored, they stay on top', () => {
    const home = tempHome();
    const mem = seed(home, 8);
    const red = mem.recent({ limit: 100, kinds: ['redline'] })[0]!;
    const r = mem.archive([red.id]);
    expect(r.changed).toEqual([]);
    expect(r.skipped).toEqual([{ id: red.id, why: 'a red line is never archived' }]);
    expect(r.events).toEqual([]);
    // An event written by hand (or by another tool) that names the red line changes nothing.
    mem.add({ text: `archive ${red.id}\nwhy: hand-written`, kind: 'event' });
    expect(mem.archivedIds().has(red.id)).toBe(false);
    expect(mem.search({ query: '端口 9090', now: NOW }).results[0]!.id).toBe(red.id);
    mem.close();
  });

  it('the newest event decides; the state is derived: rebuilding the index from the files keeps it', () => {
    const home = tempHome();
    const mem = seed(home, 12);
    const ids = mem.recent({ limit: 3, kinds: ['note'] }).map((r) => r.id);
    mem.archive(ids);
    mem.unarchive([ids[0]!]);
    mem.archive([ids[0]!]);
    mem.unarchive([ids[1]!]);
    expect([...mem.archivedIds()].sort()).toEqual([ids[0]!, ids[2]!].sort());
    const again = mem.archive([ids[0]!]);
    expect(again.skipped).toEqual([{ id: ids[0]!, why: 'already archived' }]);
    const hashes = logHashes(home);
    mem.close();
    fs.rmSync(path.join(home, 'index.sqlite'));
    const reopened = createOptmem({ dir: home });
    expect([...reopened.archivedIds()].sort()).toEqual([ids[0]!, ids[2]!].sort());
    reopened.close();
    expect(logHashes(home)).toEqual(hashes);
  });

  it('the CLI: archive, search --archived, get, unarchive; an unknown id appends nothing', () => {
    const home = tempHome();
    seed(home, 4).close();
    const list = JSON.parse(cli(['recent', '--json', '--kind', 'note', '--limit', '1', '--dir', home]).stdout).records as { id: string; text: string }[];
    const id = list[0]!.id;
    const files = dayFiles(home).map((f) => fs.readFileSync(path.join(home, f), 'utf8')).join('');
    const bad = cli(['archive', id, '01zzzzzzzzzzzzzz', '--dir', home]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/no record 01zzzzzzzzzzzzzz/);
    expect(dayFiles(home).map((f) => fs.readFileSync(path.join(home, f), 'utf8')).join('')).toBe(files);

    const a = cli(['archive', id, '--why', 'stale', '--json', '--dir', home]);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout).changed).toEqual([id]);
    const word = list[0]!.text.includes('端口') ? '端口' : list[0]!.text.includes('备份') ? '备份' : list[0]!.text.includes('标题') ? '标题' : 'deploy';
    const hidden = JSON.parse(cli(['search', word, '--json', '--limit', '50', '--dir', home]).stdout).results.map((h: { id: string }) => h.id);
    expect(hidden).not.toContain(id);
    const shown = cli(['search', word, '--archived', '--limit', '50', '--dir', home]);
    expect(shown.stdout).toContain('[archived]');
    expect(cli(['get', id, '--dir', home]).stdout).toMatch(/archived/);
    expect(cli(['doctor', '--dir', home]).stdout).toMatch(/archive.*1 record\(s\) archived/);
    const u = cli(['unarchive', id, '--dir', home]);
    expect(u.code, u.stderr).toBe(0);
    expect(JSON.parse(cli(['search', word, '--json', '--limit', '50', '--dir', home]).stdout).results.map((h: { id: string }) => h.id)).toContain(id);
    const h = cli(['history', id, '--dir', home]);
    expect(h.stdout).toMatch(/event +archive .*why: stale/);
    expect(h.stdout).toMatch(/event +unarchive /);
  });
});
