/**
 * A correction replaces one point of a record that says several things. A query about another point
 * of that record still finds it first, flagged "on another point", not demoted; a query about the
 * corrected point puts the correction first, the old record demoted below it. When the correction
 * does not show which point it speaks to, the whole record is demoted, as always. Through the real CLI.
 */
import { describe, expect, it } from 'vitest';
import { ok, tempHome } from './helpers.js';

interface Hit { id: string; score: number; superseded: boolean; supersession: { otherPoint?: boolean } | null; explain: { stages: { stage: string; factor?: number }[] } }
const search = (home: string, query: string) => (JSON.parse(ok(home, ['search', query, '--json', '--explain'])) as { results: Hit[] }).results;
const supersedeFactor = (h: Hit) => h.explain.stages.find((s) => s.stage === 'supersede')?.factor;

describe('a correction of one point of a record that says several things', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string, time: string) => ok(home, ['add', text, '--project', 'shop', '--time', time]).trim();
  const old = add('[code] shop 后端用 FastAPI，端口 8080，配置在 backend/.env', '2026-11-23T10:00:00+08:00');
  const fix = add('[code] 〔更正〕后端端口改成 9090，8080 给 nginx', '2026-11-25T15:00:00+08:00');

  it('the correction links the record (the premise)', () => {
    const hits = search(home, '后端端口');
    expect(hits.map((h) => h.id)).toEqual([fix, old]);
    expect(hits[1]!.superseded).toBe(true);
  });

  it('a question about another point (its config file, its framework) finds the old record first, flagged, at its full score', () => {
    for (const q of ['配置文件在哪', 'FastAPI config file', 'FastAPI']) {
      const hits = search(home, q);
      expect(hits[0]!.id, q).toBe(old);
      expect(hits[0]!.superseded).toBe(true);
      expect(hits[0]!.supersession?.otherPoint).toBe(true);
      expect(supersedeFactor(hits[0]!)).toBe(1);
      expect(hits.map((h) => h.id)).not.toContain(fix);
    }
    expect(ok(home, ['search', '配置文件在哪'])).toContain(`[superseded by ${fix} on another point]`);
  });

  it('a question about the corrected point still demotes it below the correction', () => {
    for (const q of ['后端端口', 'backend port', '端口']) {
      const hits = search(home, q);
      expect(hits[0]!.id, q).toBe(fix);
      const o = hits.find((h) => h.id === old)!;
      expect(o.supersession?.otherPoint).toBeUndefined();
      expect(o.score).toBeLessThan(hits[0]!.score);
      expect(supersedeFactor(o)).toBeLessThan(1);
    }
  });

  it('a correction of a point in the first clause: asking about a later one with the subject finds the old record first', () => {
    const crawler = add('[code] crawler 的并发数 8，超时 15s', '2026-11-23T12:00:00+08:00');
    const lower = add('[code] 〔更正〕crawler 并发降到 4，对方限流了', '2026-11-26T12:00:00+08:00');
    const timeout = search(home, 'crawler 超时多少');
    expect(timeout[0]!.id).toBe(crawler);
    expect(timeout[0]!.supersession?.otherPoint).toBe(true);
    const concurrency = search(home, 'crawler 并发多少');
    expect(concurrency[0]!.id).toBe(lower);
    expect(concurrency.find((h) => h.id === crawler)?.supersession?.otherPoint).toBeUndefined();
  });

  it('a correction that does not show which point it speaks to demotes the whole record', () => {
    const redis = add('[code] Redis 端口 6379，密码在 vault 里', '2026-11-23T11:00:00+08:00');
    const bare = add('[code] 〔更正〕改成 6380', '2026-11-26T10:00:00+08:00');
    ok(home, ['link', bare, redis]);
    for (const q of ['端口多少', '密码在哪']) {
      const r = search(home, q).find((h) => h.id === redis)!;
      expect(r.superseded, q).toBe(true);
      expect(r.supersession?.otherPoint, q).toBeUndefined();
    }
  });

  it('a correction of a later clause with a number leaves the first clause alone: where and when the backup runs still answer', () => {
    const backup = add('[hermes] 每天凌晨 02:00 备份 NAS 到 B2，保留 30 天', '2026-11-23T09:00:00+08:00');
    const keep = add('[hermes] 〔更正〕备份保留期改为 60 天', '2026-11-27T09:00:00+08:00');
    const where = search(home, 'NAS 备份到哪里');
    expect(where[0]!.id).toBe(backup);
    expect(where[0]!.supersession?.otherPoint).toBe(true);
    expect(supersedeFactor(where[0]!)).toBe(1);
    // A time question: the correction holds no time, so 02:00 still answers, at its full score.
    const when = search(home, '备份几点跑').find((h) => h.id === backup)!;
    expect(when.supersession?.otherPoint).toBe(true);
    expect(supersedeFactor(when)).toBe(1);
    const retention = search(home, '备份保留多久');
    expect(retention[0]!.id).toBe(keep);
    expect(retention.find((h) => h.id === backup)?.supersession?.otherPoint).toBeUndefined();
  });

  it('a time question is no other point when the correction changes when it runs', () => {
    const check = add('[hermes] 姥姥每三个月去社区医院复查一次，一般周四上午', '2026-11-23T08:00:00+08:00');
    const often = add('[hermes] 〔更正〕姥姥复查改成两个月一次', '2026-11-27T08:00:00+08:00');
    ok(home, ['link', often, check]);
    const r = search(home, '姥姥复查什么时候').find((h) => h.id === check);
    expect(r?.supersession?.otherPoint).toBeUndefined();
  });
});
