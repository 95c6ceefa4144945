/**
 * Progress questions through the real CLI: "最近进展" and "这周做了什么" ask to list what happened in a
 * time, so their progress words are not searched for as words; 周报 stays a word a note can name.
 */
import { describe, expect, it } from 'vitest';
import { ok, tempHome } from './helpers.js';

const NOW = '2026-11-20T10:00:00+08:00';
interface Hit { id: string }
const search = (home: string, query: string) =>
  (JSON.parse(ok(home, ['search', query, '--json', '--now', NOW])) as { results: Hit[] }).results.map((h) => h.id);

describe('progress questions', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string, time: string) => ok(home, ['add', text, '--time', time]).trim();
  const old = add('[code] 订单服务迁到 k8s，staging 先跑', '2026-05-02T10:00:00+08:00');
  const week = add('[hermes] 备份脚本改成增量，夜里 02:00 跑', '2026-11-18T09:00:00+08:00');
  const report = add('[hermes] 每周四上午10点跑周报汇总', '2026-11-19T09:00:00+08:00');
  const red = add('[hermes] 〔红线〕清理前必须先确认备份完成', '2026-03-01T09:00:00+08:00');

  it('"最近进展" and "recent progress" list the recent records, newest first (an old red line at its time, not pinned)', () => {
    for (const q of ['最近进展', '最近的进展', '最近有什么进展', 'recent progress', '最近']) {
      const ids = search(home, q);
      expect(ids, q).toEqual([report, week, old, red]);
    }
  });

  it('"这周做了什么" lists this week; a week with nothing in it says so instead of listing other weeks', () => {
    expect(search(home, '这周做了什么').sort()).toEqual([report, week].sort());
    expect(search(home, '上上个月做了什么')).toEqual([]);
    expect(search(home, '上周做了什么')).toEqual([]);
  });

  it('周报 stays a word, with a time or without, and 进展 alone is searched as a word', () => {
    expect(search(home, '周报')[0]).toBe(report);
    expect(search(home, '最近的周报')[0]).toBe(report);
    expect(search(home, '进展')).toEqual([]);
    // beside a topic, 进展 stays a word of the query
    const topic = add('[openclaw] 公众号改版这周的进展：新栏目第一篇已发', '2026-11-18T22:00:00+08:00');
    expect(search(home, '公众号改版最近进展')[0]).toBe(topic);
  });
});

describe('clock times as a Chinese-first user says them', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string) => ok(home, ['add', text, '--time', '2026-11-10T09:00:00+08:00']).trim();
  const nightly = add('[hermes] 每晚 02:30 用 restic 备份到 NAS');
  const post = add('[openclaw] 公众号固定周三 20:00 推送');
  add('[hermes] 每周日 04:00 归档日志');

  it('两点半 finds 02:30, 晚上8点 finds 20:00, 2:30 finds 02:30 (no other word of the query in the note)', () => {
    expect(search(home, '两点半跑的是什么任务')[0]).toBe(nightly);
    expect(search(home, '晚上8点是哪个')[0]).toBe(post);
    expect(search(home, '2:30 那个任务')[0]).toBe(nightly);
  });
});

describe('filler verbs of a question carry no weight', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string, time: string) => ok(home, ['add', text, '--time', time]).trim();
  const red = add('[openclaw] 〔红线〕只用自己拍的图或者有授权的图库图片', '2026-03-03T10:00:00+08:00');
  const fix = add('[code] 〔更正〕Node 升到 22 LTS，.nvmrc 改成 22.12.0', '2026-11-18T10:00:00+08:00');

  it('"最近都有哪些更正" lists the corrections; a red line holding 有 is not pinned above them', () => {
    const ids = search(home, '最近都有哪些更正？');
    expect(ids[0]).toBe(fix);
    expect(ids).not.toContain(red);
  });
});
