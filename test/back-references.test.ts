/**
 * A day the query names is a filter on when records were written; a note written the morning after
 * ("昨晚 NAS 备份失败") or the next month ("last month") about that day is kept, and says why in
 * --explain. Through the real CLI.
 */
import { describe, expect, it } from 'vitest';
import { cli, ok, tempHome } from './helpers.js';

const NOW = '2026-12-02T10:00:00+08:00';
interface Hit { id: string; explain?: { stages: { stage: string; phrase?: string }[] } }
const search = (home: string, query: string, extra: string[] = []) =>
  (JSON.parse(ok(home, ['search', query, '--json', '--now', NOW, ...extra])) as { results: Hit[] }).results;

describe('back-references into a window the query names', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string, time: string) => ok(home, ['add', text, '--time', time]).trim();
  const during = add('[hermes] NAS 备份今天跑完了，用时 40 分钟', '2026-11-16T21:00:00+08:00');
  const morningAfter = add('[hermes] 昨晚 NAS 备份失败，restic 报 lock 超时', '2026-11-17T09:00:00+08:00');
  const nextDay = add('[hermes] NAS 备份脚本加了重试', '2026-11-17T10:00:00+08:00');
  const friday = add('[code] 上周五 NAS 挂载脚本改成 autofs', '2026-11-18T09:00:00+08:00');
  const lastMonth = add('[hermes] Last month the NAS backup moved to restic', '2026-12-01T09:00:00+08:00');
  const decNote = add('[hermes] NAS backup checked, all fine', '2026-12-01T10:00:00+08:00');

  it('在11月16日: the note of that day and the one written the next morning about last night, not the next day\'s other note', () => {
    const ids = search(home, '在11月16日 NAS 备份怎么样').map((h) => h.id);
    expect(ids.sort()).toEqual([during, morningAfter].sort());
    expect(ids).not.toContain(nextDay);
  });

  it('上周五 written on Wednesday is found for that Friday; --explain says which words pointed back', () => {
    const hits = search(home, '在11月13日 NAS 挂载改了什么', ['--explain']);
    expect(hits.map((h) => h.id)).toEqual([friday]);
    expect(hits[0]!.explain!.stages.find((s) => s.stage === 'back-reference')?.phrase).toBe('上周五');
    const text = ok(home, ['search', '在11月13日 NAS 挂载改了什么', '--explain', '--now', NOW]);
    expect(text).toMatch(/back-reference: written after the window; "上周五" points to 2026-11-13/);
  });

  it('in November: what was written in November, and a December note that says "last month"', () => {
    const ids = search(home, 'NAS backup in November').map((h) => h.id);
    expect(ids).toContain(lastMonth);
    expect(ids).not.toContain(decNote);
  });

  it('--since/--until are the user\'s own bounds: no back-references', () => {
    const ids = search(home, 'NAS 备份', ['--since', '2026-11-16T00:00:00+08:00', '--until', '2026-11-16T23:59:59+08:00']).map((h) => h.id);
    expect(ids).toEqual([during]);
  });
});

describe('a named month or day with nothing in it', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string, time: string) => ok(home, ['add', text, '--time', time]).trim();
  const answer = add('[code] v2.1 发版回滚了，原因是数据库迁移脚本失败', '2026-04-02T10:00:00+08:00');
  const newer = add('[code] 发版回滚的流程更新了', '2026-11-20T10:00:00+08:00');
  for (const t of ['[hermes] NAS 备份正常', '[openclaw] 公众号标题不超过20字', '[hermes] 周报周四上午10点', '[code] Redis 缓存 TTL 300s', '[code] 前端端口 3000']) add(t, '2026-06-01T10:00:00+08:00');

  it('searches all time by relevance, not newest first ("3月" asked about March, not about what is new)', () => {
    const ids = search(home, '3月发版回滚的原因').map((h) => h.id);
    expect(ids[0]).toBe(answer);
    expect(ids).toContain(newer);
  });

  it('a recent window with nothing in it still puts the newest first', () => {
    expect(search(home, '上周发版回滚的原因').map((h) => h.id)[0]).toBe(newer);
  });

  it('says that the window held nothing and the results are from any time (stderr, --json), and says nothing when it held them', () => {
    const json = JSON.parse(ok(home, ['search', '去年发版回滚的原因', '--json', '--now', NOW])) as { results: Hit[]; warnings?: string[] };
    expect(json.results.map((h) => h.id)).toContain(answer);
    expect(json.warnings).toEqual(['nothing matching was written in "去年" (2025-01-01 – 2025-12-31): these results are from any time']);
    const r = cli(['search', '去年发版回滚的原因', '--now', NOW, '--dir', home]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('optmem: warning: nothing matching was written in "去年"');
    const held = JSON.parse(ok(home, ['search', '今年4月发版回滚的原因', '--json', '--now', NOW])) as { results: Hit[]; warnings?: string[] };
    expect(held.results.map((h) => h.id)).toEqual([answer]);
    expect(held.warnings).toBeUndefined();
  });
});
