/**
 * How rare a query word is, is read in the part of the home searched. `Redis` is everywhere in the
 * housekeeping agent's notes and rare in the code agent's; `后端` the other way round. Searched in
 * `[code]` alone, the one code note about Redis is the telling match for "后端 Redis"; over the whole
 * home, where Redis tells nothing apart, the 后端 notes are. Through the real CLI, importing a file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, tempHome } from './helpers.js';

interface Hit { id: string; domain: string | null; text: string; explain?: { stages: { stage: string; formula?: string }[] } }
const search = (home: string, query: string, extra: string[] = []) =>
  (JSON.parse(ok(home, ['search', query, '--json', '--explain', '--limit', '50', ...extra])) as { results: Hit[] }).results;

describe('word rarity within the domain or project searched', () => {
  let home: string;
  const lines: string[] = [];
  const put = (text: string, extra: Record<string, string> = {}) =>
    lines.push(JSON.stringify({ text, time: `2026-11-${String(1 + (lines.length % 27)).padStart(2, '0')}T09:00:00+08:00`, ...extra }));
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
    const services = ['订单', '用户', '支付', '库存', '搜索', '消息', '报表', '网关'];
    for (const s of services) put(`[code] 后端${s}服务的日志目录在 /var/log/${s.length}`, { project: 'shop' });
    put('[code] Redis 连接池上限调到 200', { project: 'shop' });
    for (let i = 0; i < 30; i++) put(`[hermes] 第${i + 1}台机器的 Redis 快照已备份`, { project: 'ops' });
    ok(home, ['import', '-'], { input: lines.join('\n') + '\n' });
  });

  it('searched in [code], the word rare there decides: the Redis note comes first', () => {
    const hits = search(home, '后端 Redis', ['--domain', 'code']);
    expect(hits[0]!.text).toContain('Redis 连接池');
    expect(hits.every((h) => h.domain === 'code')).toBe(true);
  });

  it('the same by project', () => {
    const hits = search(home, '后端 Redis', ['--project', 'shop']);
    expect(hits[0]!.text).toContain('Redis 连接池');
  });

  it('over the whole home Redis is common, and a 后端 note leads the code notes', () => {
    const hits = search(home, '后端 Redis').filter((h) => h.domain === 'code');
    expect(hits[0]!.text).toContain('后端');
    expect(hits[0]!.text).not.toContain('Redis');
  });
});
