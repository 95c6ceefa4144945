/**
 * `optmem health` through the real CLI (child processes) on homes built for it: the numbers move
 * with reality (supersession switched off → stale on top rises; a tiny candidate pool → recall
 * falls; unresolved corrections added → their count rises), the history log, the home left as it
 * was, and a home of near-twins where recall@1 cannot be 1 by construction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, ok, snapshot, tempDir, tempHome } from './helpers.js';
import { createOptmem } from '../src/index.js';

const NOW = '2026-11-20T10:00:00+08:00';
const NOW_MS = Date.parse(NOW);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms + 8 * 3600e3).toISOString().replace(/\.\d{3}Z$/, '+08:00');

interface Line {
  id: string;
  time: string;
  text: string;
  corrects?: string[];
}

interface HealthJson {
  report: {
    records: { total: number };
    eventRecall: { recall1: number | null; recall5: number | null; mrr: number | null; probed: number; eligible: number; sampled: boolean };
    corrections: { onTop: number | null; staleOnTop: number | null; found: number; both: number; probed: number };
    redlines: { first: number | null; probed: number };
    pilingUp: { unresolvedCorrections: number; nearDuplicates: { records: number } };
  };
  history: { runs: number; changes: { key: string; now: number | null; last: number | null; first: number | null }[] };
  logged: boolean;
}

function importLines(home: string, lines: Line[]): void {
  const dir = tempDir();
  const file = path.join(dir, 'records.jsonl');
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  ok(home, ['import', file]);
}

function health(home: string, extra: string[] = []): HealthJson {
  return JSON.parse(ok(home, ['health', '--json', '--now', NOW, ...extra])) as HealthJson;
}

/**
 * Six subjects, each held by 40 short older notes and by one newer, longer record of the last
 * week (the window): the window record ranks first only because the ranking stages see it among
 * the candidates, so a tiny candidate pool loses it. Four supersession chains whose old record is
 * the denser match: only the supersede stage keeps the correction on top. Two red lines.
 */
function buildHome(): string {
  const home = tempHome();
  ok(home, ['init']);
  const lines: Line[] = [];
  const groups: [string, string][] = [
    ['hermes', '日报汇总 推送 飞书群 时间 调整'],
    ['hermes', '数据备份 任务 磁盘 清理 计划'],
    ['code', '订单服务 接口 联调 进度 延后'],
    ['code', '支付服务 监控 告警 配置 阈值'],
    ['openclaw', '公众号 稿件 配图 排版 审核'],
    ['openclaw', '周报 生成 模板 章节 顺序'],
  ];
  groups.forEach(([d, words], g) => {
    for (let i = 0; i < 40; i++) lines.push({ id: `old-${g}-${i}`, time: iso(NOW_MS - (100 + i * 5 + g) * DAY), text: `[${d}] ${words}` });
    const numbers = Array.from({ length: 12 }, (_, k) => 1000 + g * 100 + k).join(' ');
    lines.push({ id: `win${g}`, time: iso(NOW_MS - (1 + g) * DAY), text: `[${d}] ${words}，编号 ${numbers}` });
  });
  const chains: [string, string, string, string][] = [
    ['code', '库存服务的端口', '8080', '9090'],
    ['code', '搜索服务的端口', '7001', '7002'],
    ['hermes', '邮件摘要的推送时间', '早上八点', '晚上九点'],
    ['openclaw', '稿子的截止日期', '2026-12-01', '2026-12-15'],
  ];
  chains.forEach(([d, subject, a, b], i) => {
    lines.push({ id: `cold${i}`, time: iso(NOW_MS - 40 * DAY), text: `[${d}] ${subject}是 ${a}，${subject}是 ${a}` });
    lines.push({
      id: `cfix${i}`,
      time: iso(NOW_MS - 39 * DAY),
      text: `[${d}] 〔更正〕之前记的不对，${subject}现在改成 ${b} 了，原因是跟别的东西冲突了，已经通知了相关同事，下周再一起检查一遍所有配置文件`,
      corrects: [`cold${i}`],
    });
  });
  lines.push({ id: 'red1', time: iso(NOW_MS - 200 * DAY), text: '[code] 〔红线〕绝不要把 API key 提交到 git 仓库' });
  lines.push({ id: 'red2', time: iso(NOW_MS - 200 * DAY), text: '[hermes] 〔红线〕周五下午不要发版' });
  lines.push({ id: 'n1', time: iso(NOW_MS - 20 * DAY), text: '[code] API key 放在 .env 里，git 仓库只放模板' });
  lines.push({ id: 'n2', time: iso(NOW_MS - 20 * DAY), text: '[hermes] 发版一般在周二下午' });
  importLines(home, lines);
  return home;
}

describe('optmem health', () => {
  let home: string;
  let base: HealthJson;
  let logBefore: Map<string, Buffer>;

  beforeAll(() => {
    home = buildHome();
    logBefore = snapshot(path.join(home, 'log'));
    base = health(home);
  });

  it('measures the home and leaves its log untouched, with no recall log from the probes', () => {
    const r = base.report;
    expect(r.eventRecall.eligible).toBe(6);
    expect(r.eventRecall.probed).toBe(6);
    expect(r.eventRecall.recall5).toBe(1);
    expect(r.corrections.probed).toBe(4);
    expect(r.corrections.staleOnTop).toBe(0);
    expect(r.corrections.onTop).toBe(1);
    expect(r.redlines.probed).toBe(2);
    expect(r.redlines.first).toBe(1);
    expect(snapshot(path.join(home, 'log'))).toEqual(logBefore);
    expect(fs.existsSync(path.join(home, 'usage'))).toBe(false);
    expect(base.logged).toBe(true);
    expect(base.history.runs).toBe(0);
  });

  it('--set switching supersession off raises stale on top (and the what-if is not logged)', () => {
    const off = health(home, ['--set', 'ranking.disabledStages=supersede']);
    expect(off.report.corrections.both).toBeGreaterThan(0);
    expect(off.report.corrections.staleOnTop!).toBeGreaterThan(base.report.corrections.staleOnTop!);
    expect(off.report.corrections.onTop!).toBeLessThan(base.report.corrections.onTop!);
    expect(off.logged).toBe(false);
  });

  it('--set without the relevance stage lowers event recall', () => {
    // (A tiny candidate pool no longer does: a probe's words, typed apart and asking nothing, are a lookup, ANDed first.)
    const blind = health(home, ['--set', 'ranking.disabledStages=relevance']);
    expect(blind.report.eventRecall.recall5!).toBeLessThan(base.report.eventRecall.recall5!);
    expect(blind.report.eventRecall.mrr!).toBeLessThan(base.report.eventRecall.mrr!);
  });

  it('unresolved corrections added raise their count; the history shows the change since the first run', () => {
    importLines(home, [
      { id: 'u1', time: iso(NOW_MS - 2 * DAY), text: '[code] 〔更正〕量子退火机的冷却液换成了新型号' },
      { id: 'u2', time: iso(NOW_MS - 2 * DAY), text: '[hermes] 〔更正〕天文台的观测排班改到了单数周' },
    ]);
    const after = health(home);
    expect(after.report.pilingUp.unresolvedCorrections).toBe(base.report.pilingUp.unresolvedCorrections + 2);
    expect(after.history.runs).toBe(1);
    const change = after.history.changes.find((c) => c.key === 'unresolved')!;
    expect(change.now! - change.first!).toBe(2);
    const logged = fs.readFileSync(path.join(home, 'health', 'history.jsonl'), 'utf8').trim().split('\n');
    expect(logged).toHaveLength(2);
    // The text output says what changed since the last run.
    const text = ok(home, ['health', '--now', NOW, '--no-log']);
    expect(text).toMatch(/unresolved corrections\s+\d+\s+\+0\s+\+2/);
  });
});

describe('optmem health on a home of near-twins', () => {
  it('reports recall@1 as measured: each record has a twin holding every word of its probe', () => {
    const home = tempHome();
    ok(home, ['init']);
    const base: [string, string, string, string][] = [
      ['code', '订单服务的数据库连接池调大到五十', '五十', '八十'],
      ['code', '前端构建改用vite打包速度快很多', 'vite', 'webpack'],
      ['code', '支付回调接口加了签名校验和重试', '重试', '限流'],
      ['hermes', '每天早上推送日报到飞书群给团队', '飞书群', '企业微信'],
      ['hermes', '周日晚上备份数据库到对象存储', '周日', '周六'],
      ['hermes', '邮件摘要只保留重要联系人的来信', '重要', '全部'],
      ['openclaw', '公众号文章配图统一用横版封面', '横版', '竖版'],
      ['openclaw', '稿子交给编辑之前先检查错别字', '错别字', '标点'],
      ['openclaw', '读者留言每周整理一次放进选题库', '每周', '每月'],
      ['code', '测试环境的redis缓存过期时间改短', '改短', '改长'],
    ];
    const lines: Line[] = [];
    base.forEach(([d, t, a, b], i) => {
      lines.push({ id: `a${i}`, time: iso(NOW_MS - (1 + (i % 6)) * DAY - 3600e3), text: `[${d}] ${t}` });
      lines.push({ id: `b${i}`, time: iso(NOW_MS - (1 + (i % 6)) * DAY), text: `[${d}] ${t.replace(a, b)}` });
    });
    importLines(home, lines);
    const r = health(home, ['--no-log']).report;
    // A twin that restates the other's value for the same subject (周日 → 周六 for the same backup) may
    // supersede it: a superseded record is not probed. Every record still standing is.
    const mem = createOptmem({ dir: home });
    const standing = lines.filter((l) => !mem.links(l.id).in.some((e) => !e.blocked)).length;
    mem.close();
    expect(standing).toBeGreaterThanOrEqual(18);
    expect(r.eventRecall.probed).toBe(standing);
    // Measured: 0.5 (one twin of each pair ranks first), recall@5 1, MRR 0.75 (docs/EVAL.md).
    expect(r.eventRecall.recall1!).toBeLessThan(1);
    expect(r.eventRecall.recall1!).toBeGreaterThan(0);
    expect(r.eventRecall.recall5).toBe(1);
    expect(r.pilingUp.nearDuplicates.records).toBe(0);
  });
});

describe('optmem health refuses bad input', () => {
  it('a bad --set names the field; a window that ends before it starts; a missing home is not created', () => {
    const home = tempHome();
    ok(home, ['init']);
    const bad = cli(['health', '--dir', home, '--set', 'ranking.candidates=3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/candidates/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const win = cli(['health', '--dir', home, '--since', '2026-11-20', '--until', '2026-11-01']);
    expect(win.code).toBe(2);
    expect(win.stderr).toMatch(/--since/);
    const missing = path.join(tempDir(), 'nothing-here');
    const m = cli(['health', '--dir', missing]);
    expect(m.code).not.toBe(0);
    expect(m.stderr).toMatch(/init/);
    expect(fs.existsSync(missing)).toBe(false);
  });
});

describe('the weekly health run of the schedule', () => {
  it('is due with no run logged, not within the week after one, due again a week later', async () => {
    const { healthDue } = (await import('../src/health/history.js')) as typeof import('../src/health/history.js');
    const home = tempHome();
    ok(home, ['init']);
    const t = Date.parse('2026-11-20T10:00:00Z');
    expect(healthDue(home, t)).toBe(true);
    fs.mkdirSync(path.join(home, 'health'));
    fs.writeFileSync(path.join(home, 'health', 'history.jsonl'), JSON.stringify({ at: '2026-11-20T10:00:00.000Z', numbers: {} }) + '\n');
    expect(healthDue(home, t + 3 * DAY)).toBe(false);
    expect(healthDue(home, t + 7 * DAY)).toBe(true);
  });
});
