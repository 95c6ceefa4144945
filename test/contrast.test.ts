/**
 * The contrast stage (docs/RANKING.md, "contrast"): a record naming another member of a group the query
 * names (小红书 where the query says 公众号, 前端 where it says 后端) is weighed down, never dropped; one
 * naming the query's member, both, or neither keeps its score. Through the library on a real home.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/index.js';
import { tempDir } from './helpers.js';

let mem: Optmem | null = null;
afterEach(() => {
  mem?.close();
  mem = null;
});

describe('a record about another member of a group the query names', () => {
  it('asked 公众号封面尺寸, the 小红书 cover size is not the first answer, and --explain says why', () => {
    mem = createOptmem({ dir: path.join(tempDir(), 'home'), create: true, durable: false });
    const xhs = mem.add({ text: '[openclaw] 小红书封面用 3:4 竖图，1080×1440', time: '2026-04-01T10:00:00+08:00' }).record.id;
    const gzh = mem.add({ text: '[openclaw] 公众号文章配图统一用横图', time: '2026-04-02T10:00:00+08:00' }).record.id;
    const res = mem.search({ query: '公众号封面尺寸', explain: true });
    expect(res.results[0]!.id).toBe(gzh);
    const hit = res.results.find((h) => h.id === xhs)!;
    expect(hit).toBeDefined();
    expect(hit.explain?.stages.find((s) => s.stage === 'contrast')).toMatchObject({ group: 'platform', asked: ['wechat'], names: ['xhs'], factor: 0.5 });
  });

  it('a record naming the query member, or no member, keeps its score', () => {
    mem = createOptmem({ dir: path.join(tempDir(), 'home'), create: true, durable: false });
    mem.add({ text: '[code] 后端端口 9090', time: '2026-04-01T10:00:00+08:00' });
    mem.add({ text: '[code] 端口规划：都在 9000 段', time: '2026-04-02T10:00:00+08:00' });
    const res = mem.search({ query: '后端端口', explain: true });
    for (const h of res.results) expect(h.explain?.stages.some((s) => s.stage === 'contrast'), h.text).toBe(false);
  });

  it('what is done to a thing (备份 / 提醒) tells corrections apart, not search results: asked about the backup, its reminder keeps its score', () => {
    mem = createOptmem({ dir: path.join(tempDir(), 'home'), create: true, durable: false });
    mem.add({ text: '[hermes] NAS 每周日 02:00 备份到外置盘', time: '2026-04-01T10:00:00+08:00' });
    mem.add({ text: '[hermes] NAS 每周一早上提醒我看一眼结果', time: '2026-04-02T10:00:00+08:00' });
    const res = mem.search({ query: 'NAS 备份', explain: true });
    expect(res.results.length).toBe(2);
    for (const h of res.results) expect(h.explain?.stages.some((s) => s.stage === 'contrast'), h.text).toBe(false);
  });
});
