/**
 * Aliases through the real CLI: the shipped list, the home's aliases.txt (adding,
 * removing, malformed lines), the weight of an alias-only match, the markers 〔红线〕/〔更正〕
 * reached by 红线/更正, and --explain naming the aliases that fired.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ok, tempHome } from './helpers.js';

const NOW = '2026-11-20T10:00:00+08:00';

interface Hit {
  id: string;
  score: number;
  pinned: boolean;
  explain?: { stages: { stage: string; expanded?: Record<string, string[]>; matchedBy?: { term: string; aliases: string[] }[] }[] };
}
interface Res {
  results: Hit[];
  query: { aliases?: Record<string, string[]> };
}

const search = (home: string, q: string, ...extra: string[]) => JSON.parse(ok(home, ['search', q, '--json', '--now', NOW, ...extra])) as Res;

describe('aliases through the CLI', () => {
  const home = tempHome();
  ok(home, ['init']);
  const zhPort = ok(home, ['add', '[code] 后端端口已从8080改为9090', '--time', '2026-10-02T09:15:00+08:00']).trim();
  const enPort = ok(home, ['add', '[hermes] the digest service listens on port 7001', '--time', '2026-10-02T09:15:00+08:00']).trim();
  const red = ok(home, ['add', '[code] 〔红线〕不许直接 rm -rf 生产目录，先备份', '--time', '2026-03-02T09:00:00+08:00']).trim();
  const fix = ok(home, ['add', '[openclaw] 〔更正〕第9篇截稿改到周六中午', '--time', '2026-11-01T10:00:00+08:00']).trim();
  const noise = ok(home, ['add', '[hermes] 日报流程跑完，一切正常', '--time', '2026-11-02T10:00:00+08:00']).trim();

  it('`search port` finds a record that says 端口', () => {
    const res = search(home, 'port');
    expect(res.results.map((h) => h.id)).toContain(zhPort);
    expect(res.query.aliases?.port).toContain('端口');
  });

  it('a hit on the typed word outranks a hit through an alias only', () => {
    const ids = search(home, 'port').results.map((h) => h.id);
    expect(ids.indexOf(enPort)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(enPort)).toBeLessThan(ids.indexOf(zhPort));
    const zh = search(home, '端口').results.map((h) => h.id);
    expect(zh.indexOf(zhPort)).toBeLessThan(zh.indexOf(enPort));
  });

  it('an English question finds the Chinese record that answers it', () => {
    const ids = search(home, 'what port does the backend use now?').results.map((h) => h.id);
    expect(ids.slice(0, 2)).toContain(zhPort);
  });

  it('`search 红线` returns the red line, pinned; `search redline` too', () => {
    for (const q of ['红线', 'redline']) {
      const res = search(home, q);
      expect(res.results[0]?.id, q).toBe(red);
      expect(res.results[0]?.pinned, q).toBe(true);
    }
  });

  it('`search 更正` and `search correction` return the correction', () => {
    for (const q of ['更正', 'correction']) expect(search(home, q).results.map((h) => h.id), q).toContain(fix);
    expect(search(home, '更正').results.map((h) => h.id)).not.toContain(noise);
  });

  it('--explain shows which aliases fired, in text and in --json', () => {
    const text = ok(home, ['search', 'port', '--explain', '--now', NOW]);
    expect(text).toMatch(/aliases: port → 端口/);
    expect(text).toMatch(/held only through an alias \(×0\.6\): port by 端口/);
    const hit = search(home, 'port', '--explain').results.find((h) => h.id === zhPort)!;
    const entry = hit.explain!.stages.find((s) => s.stage === 'aliases')!;
    expect(entry.expanded!.port).toContain('端口');
    expect(entry.matchedBy).toEqual([{ term: 'port', aliases: ['端口'] }]);
  });

  it('ranking.disabledStages "aliases" turns expansion off', () => {
    const r = cli(['search', 'port', '--json', '--now', NOW, '--dir', home], {});
    expect(r.code).toBe(0);
    const off = tempHome();
    ok(off, ['init']);
    fs.writeFileSync(path.join(off, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], ranking: { disabledStages: ['aliases'] } }));
    ok(off, ['add', '[code] 后端端口已从8080改为9090']);
    expect(JSON.parse(ok(off, ['search', 'port', '--json'])).results).toEqual([]);
  });
});

describe("the home's aliases.txt", () => {
  it('a line adds a group; a "-" line removes a default word; a malformed line is a warning naming file:line', () => {
    const home = tempHome();
    ok(home, ['init']);
    const id = ok(home, ['add', '[openclaw] 周五下午做项目复盘']).trim();
    const deploy = ok(home, ['add', '[code] v2.4 已上线']).trim();
    expect(search(home, 'retro').results).toEqual([]);
    expect(search(home, 'release').results.map((h) => h.id)).toContain(deploy);
    const file = path.join(home, 'aliases.txt');
    fs.writeFileSync(file, '# my words\n复盘 retro  # looking back\n\nlonely\n- 上线\n');
    const r = cli(['search', 'retro', '--json', '--dir', home]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Res).results.map((h) => h.id)).toEqual([id]);
    expect(r.stderr).toContain(`${file}:4:`);
    expect(r.stderr).toMatch(/warning: .*aliases\.txt:4: a group needs at least two words/);
    expect(search(home, 'release').results.map((h) => h.id)).not.toContain(deploy);
  });
});

describe('Taiwan and Hong Kong words, and 礼拜 for 周', () => {
  const home = tempHome();
  ok(home, ['init']);
  const soft = ok(home, ['add', '[code] 打包机上的软件都装在 /opt/tools', '--time', '2026-10-02T09:15:00+08:00']).trim();
  const net = ok(home, ['add', '[hermes] 網路斷線時改走 4G 熱點', '--time', '2026-10-03T09:15:00+08:00']).trim();
  const fri = ok(home, ['add', '[openclaw] 周刊每周五晚上 8 点发', '--time', '2026-10-04T09:15:00+08:00']).trim();
  ok(home, ['add', '[hermes] 日报流程跑完，一切正常', '--time', '2026-11-02T10:00:00+08:00']);

  it('軟體 finds 软件, and 网络 finds 網路 (the alias file is read with traditional characters folded)', () => {
    expect(search(home, '軟體').results.map((h) => h.id)).toEqual([soft]);
    expect(search(home, '网络').results.map((h) => h.id)).toEqual([net]);
  });

  it('礼拜五 finds 周五', () => {
    expect(search(home, '礼拜五').results.map((h) => h.id)).toEqual([fri]);
  });

  it('export finds 导出, and dialysis 透析 (session 34 pairs)', () => {
    const exp = ok(home, ['add', '[code] 订单导出脚本每天 22:00 跑，导出到 /data/orders', '--time', '2026-10-05T09:00:00+08:00']).trim();
    const dia = ok(home, ['add', '妈妈透析：周一三五 上午 7:30，市二院血透室', '--time', '2026-10-05T09:00:00+08:00']).trim();
    expect(search(home, 'export').results.map((h) => h.id)).toContain(exp);
    expect(search(home, 'dialysis').results.map((h) => h.id)).toContain(dia);
  });
});
