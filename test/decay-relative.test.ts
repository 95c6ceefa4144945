/**
 * Relative decay through the real CLI: age lowers a record only when a newer record on
 * the same subject competes with it, or when the query asks for recent things; red lines never decay.
 */
import { describe, expect, it } from 'vitest';
import { ok, tempHome } from './helpers.js';

const NOW = '2026-11-20T10:00:00+08:00';

interface DecayTrace { stage: 'decay'; factor: number; applied?: string; rival?: { id: string; by: string; shared: string[]; gapDays: number } | null }
interface Hit { id: string; pinned: boolean; explain?: { stages: ({ stage: string } | DecayTrace)[] } }

const search = (home: string, query: string) =>
  (JSON.parse(ok(home, ['search', query, '--json', '--explain', '--now', NOW])) as { results: Hit[] }).results;
const decayOf = (h: Hit) => h.explain!.stages.find((s) => s.stage === 'decay') as DecayTrace;

describe('relative decay through the CLI', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string, time: string) => ok(home, ['add', text, '--time', time]).trim();
  // An old, strongly relevant answer and newer, weakly relevant mentions.
  const answer = add('[code] TLS certificate for blog.example.com is renewed by certbot from cron at 03:00 on the 1st of each month', '2026-03-25T16:00:00+08:00');
  const weak = add('[code] certbot stuff later, ok', '2026-11-19T10:00:00+08:00');

  it('an old, strongly relevant record with no newer rival keeps rank 1 and its score (×1)', () => {
    const hits = search(home, 'certbot certificate renewal cron');
    expect(hits[0]!.id).toBe(answer);
    expect(hits.map((h) => h.id)).toContain(weak);
    expect(decayOf(hits[0]!)).toMatchObject({ factor: 1, applied: 'no-rival', rival: null });
    const text = ok(home, ['search', 'certbot certificate renewal cron', '--explain', '--now', NOW]);
    expect(text).toContain('no newer record on the same subject');
  });

  it('with a newer record on the same subject, the old one drops below it, and --explain names the rival', () => {
    const old = add('[openclaw] 稿子风格：偏口语，段落短，每段不超过三行', '2026-06-10T21:00:00+08:00');
    const fresh = add('[openclaw] 稿子风格再调一下：少用感叹号，多用小标题，段落还是要短', '2026-11-12T21:00:00+08:00');
    const hits = search(home, '稿子风格');
    const ids = hits.map((h) => h.id);
    expect(ids.indexOf(fresh)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(fresh)).toBeLessThan(ids.indexOf(old));
    const d = decayOf(hits.find((h) => h.id === old)!);
    expect(d.applied).toBe('rival');
    expect(d.rival).toMatchObject({ id: fresh, by: 'terms' });
    expect(d.factor).toBeLessThan(1);
    const text = ok(home, ['search', '稿子风格', '--explain', '--now', NOW]);
    expect(text).toContain(`newer rival ${fresh}`);
  });

  it('a 最近/recent query still prefers new records', () => {
    const p1 = add('[openclaw] 公众号改版进展：确定栏目划分，配色方案两版，菜单栏初稿，整体进展 20%', '2026-05-28T22:00:00+08:00');
    const p2 = add('[openclaw] 改版这周的进展：新栏目第一篇已发', '2026-11-17T22:00:00+08:00');
    const hits = search(home, '公众号改版最近进展');
    expect(hits[0]!.id).toBe(p2);
    expect(decayOf(hits[0]!).applied).toBe('recent');
    expect(decayOf(hits.find((h) => h.id === p1)!).applied).toBe('recent');
    const en = search(home, 'latest certbot renewal');
    expect(decayOf(en.find((h) => h.id === answer)!).applied).toBe('recent');
  });

  it('red lines are unchanged: never decayed, pinned above newer records on the same subject', () => {
    const red = add('[hermes] 〔红线〕清理磁盘前必须先确认备份完成，绝不直接 rm -rf', '2026-03-01T09:00:00+08:00');
    add('[hermes] 清理磁盘：删了 docker 镜像缓存，释放 20G', '2026-11-19T09:00:00+08:00');
    for (const q of ['清理磁盘', '最近 清理磁盘']) {
      const hits = search(home, q);
      expect(hits[0]!.id).toBe(red);
      expect(hits[0]!.pinned).toBe(true);
      expect(decayOf(hits[0]!)).toMatchObject({ factor: 1, applied: 'redline' });
    }
  });
});
