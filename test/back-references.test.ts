/**
 * A day the query names is a filter on when records were written; a note written the morning after
 * ("昨晚 NAS 备份失败") or the next month ("last month") about that day is kept, and says why in
 * --explain. Through the real CLI.
 */
import { describe, expect, it } from 'vitest';
import { ok, tempHome } from './helpers.js';

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
