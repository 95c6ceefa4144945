/**
 * Ranking through the real CLI (`node bin/optmem.js` as a child process): the supersession flags
 * in --json, the per-stage explanation in --explain, `history`, and the warning when an ordinary
 * correction aims at a red line.
 */
import { describe, expect, it } from 'vitest';
import { cli, ok, tempHome } from './helpers.js';

const NOW = '2026-11-20T10:00:00+08:00';

interface Hit {
  id: string;
  superseded: boolean;
  supersededBy: string | null;
  pinned: boolean;
  conflicts: string[];
  explain?: { formula: string; stages: { stage: string }[] };
}

describe('ranking through the CLI', () => {
  const home = tempHome();
  ok(home, ['init']);
  const oldId = ok(home, ['add', '[code] 后端服务 api-server 的端口是8080，本地调试打 http://localhost:8080', '--time', '2026-08-10T14:20:00+08:00']).trim();
  const fixId = ok(home, ['add', '[code] 〔更正〕后端端口已从8080改为9090，之前记的8080作废', '--time', '2026-10-02T09:15:00+08:00']).trim();
  const otherId = ok(home, ['add', '[hermes] 日报流程跑完，端口检查正常', '--time', '2026-11-01T09:00:00+08:00']).trim();
  // A red line on the same subject, so that every stage, the red-line one included, has its say.
  const portRedId = ok(home, ['add', '[code] 〔红线〕后端端口不许直接暴露到公网，只走 nginx 反代', '--time', '2026-03-02T09:00:00+08:00']).trim();

  it('search --json flags the old record superseded by its replacement, and no one else', () => {
    const res = JSON.parse(ok(home, ['search', '后端端口', '--json', '--now', NOW])) as { results: Hit[] };
    const ids = res.results.map((h) => h.id);
    expect(ids.indexOf(fixId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(fixId)).toBeLessThan(ids.indexOf(oldId));
    const old = res.results.find((h) => h.id === oldId)!;
    expect(old.superseded).toBe(true);
    expect(old.supersededBy).toBe(fixId);
    expect(res.results[0]!.id).toBe(portRedId);
    expect(res.results[0]!.pinned).toBe(true);
    for (const h of res.results.filter((x) => x.id !== oldId)) {
      expect(h.superseded).toBe(false);
      expect(h.supersededBy).toBeNull();
    }
  });

  it('search --explain names every stage', () => {
    const out = ok(home, ['search', '后端端口', '--explain', '--now', NOW]);
    for (const stage of ['retrieve', 'relevance', 'supersede', 'decay', 'tier', 'redline']) expect(out).toContain(stage);
  });

  it('search --json --explain carries explain.stages for every hit', () => {
    const res = JSON.parse(ok(home, ['search', '后端端口', '--json', '--explain', '--now', NOW])) as { results: Hit[] };
    expect(res.results.length).toBeGreaterThan(0);
    for (const h of res.results) {
      expect(Array.isArray(h.explain?.stages)).toBe(true);
      const names = h.explain!.stages.map((s) => s.stage);
      expect(names).toContain('relevance');
      expect(names).toContain('decay');
      expect(names).toContain('tier');
    }
    const old = res.results.find((h) => h.id === oldId)!;
    expect(old.explain!.stages.map((s) => s.stage)).toContain('supersede');
    expect(otherId).toBeTruthy();
  });

  it('history shows the chain, old to current', () => {
    const out = ok(home, ['history', oldId]);
    expect(out).toContain(oldId);
    expect(out).toContain(fixId);
    expect(out.indexOf(oldId)).toBeLessThan(out.indexOf(fixId));
    const json = JSON.parse(ok(home, ['history', fixId, '--json'])) as { history: { current: string; chain: { id: string; superseded: boolean }[] } };
    expect(json.history.current).toBe(fixId);
    expect(json.history.chain.map((c) => [c.id, c.superseded])).toEqual([[oldId, true], [fixId, false]]);
  });

  it('an ordinary 〔更正〕 aimed at a red line warns on stderr and leaves the red line on top', () => {
    const redId = ok(home, ['add', '[openclaw] 〔红线〕公众号文章群发前必须由我本人审核', '--time', '2026-06-12T10:00:00+08:00']).trim();
    const r = cli(['add', '[openclaw] 〔更正〕群发前不用再审核了', '--corrects', redId, '--time', '2026-11-08T10:00:00+08:00', '--dir', home]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning/);
    expect(r.stderr).toContain(redId);
    expect(r.stderr).toMatch(/red line/);
    const fix = r.stdout.trim();
    const res = JSON.parse(ok(home, ['search', '群发 审核', '--json', '--now', NOW])) as { results: Hit[] };
    expect(res.results[0]!.id).toBe(redId);
    expect(res.results[0]!.pinned).toBe(true);
    expect(res.results[0]!.superseded).toBe(false);
    expect(res.results.find((h) => h.id === fix)?.conflicts).toContain(redId);
  });

  it('a paraphrased 〔更正〕 with no id aimed at a red line warns too', () => {
    ok(home, ['add', '[hermes] 〔红线〕不允许删除 /data/archive 下的任何文件', '--time', '2026-03-18T10:00:00+08:00']);
    const r = cli(['add', '[hermes] 〔更正〕/data/archive 下的文件可以删除了', '--dir', home]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/red line/);
  });
});
