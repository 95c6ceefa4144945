/**
 * The summary tree (`optmem consolidate`, docs/CONSOLIDATION.md "Summary tree") on a real home:
 * real day files, the real index, node files on disk, and the CLI as a child process.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/optmem.js';
import { parseBullets, readHeader } from '../src/core/summary-format.js';
import { choose, isVerbatim } from '../src/consolidate/salience.js';
import { cli, tempHome } from './helpers.js';

const NOW = '2026-12-01T10:00:00+08:00';

function lines(): string {
  const recs: object[] = [];
  const add = (id: string, time: string, text: string, extra: object = {}) => recs.push({ id, time, text, ...extra });
  add('old8080', '2026-11-23T09:00:00+08:00', '[code] 后端服务的端口是8080，配置在 config/server.yaml');
  add('n-mon-1', '2026-11-23T10:00:00+08:00', '[hermes] 每天早上8点跑一次日报汇总，失败时通过飞书群通知，重试3次');
  add('n-mon-2', '2026-11-23T11:00:00+08:00', '[openclaw] 公众号文章《我用 AI 写代码的一年》初稿完成，字数 4200，待 review 的是案例部分');
  add('fix9090', '2026-11-24T09:30:00+08:00', '[code] 〔更正〕后端端口已从8080改为9090，之前记的8080作废', { corrects: ['old8080'] });
  add('red-drop', '2026-11-24T09:40:00+08:00', '[hermes] 〔红线〕生产库禁止直接 DROP TABLE，任何迁移先备份');
  // Enough ordinary notes on 11-24 to overflow a 200-character day budget.
  for (let i = 0; i < 8; i++) {
    add(`n-tue-${i}`, `2026-11-24T1${i}:05:00+08:00`, `[code] ${['redis', 'nginx', 'kafka', 'prisma', 'vite', 'eslint', 'pnpm', 'docker'][i]} 升级到 v7.${i}.1 之后${['构建变慢', '热更新失效', '类型检查报错', '内存上涨', '启动报错', '测试随机失败', 'CI 超时', '日志刷屏'][i]}，回退到 v6.${i}.0 解决，日志在 /var/log/app/error-${i}.log`);
  }
  add('n-wed-1', '2026-11-25T10:00:00+08:00', '[openclaw] 发布时间定在周四上午10点，封面图用 Midjourney 生成');
  add('n-dec-1', '2026-11-30T20:00:00+08:00', '[code] 支付服务部署在 127.0.0.1:8443，前面是 nginx 反代');
  return recs.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

function makeHome(extra: object = {}): { home: string; mem: Optmem } {
  const home = tempHome();
  const mem = createOptmem({ dir: home, create: true, durable: false });
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], consolidate: { summaries: { dayChars: 200, weekChars: 400 }, ...extra } }));
  mem.close();
  const m = createOptmem({ dir: home, durable: false });
  m.import(lines());
  return { home, mem: m };
}

/** Every node file under memory/summaries: relative path → bytes. */
function nodeFiles(home: string): Map<string, Buffer> {
  const dir = path.join(home, 'memory', 'summaries');
  const out = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isFile()) out.set(f.split(path.sep).join('/'), fs.readFileSync(p));
  }
  return out;
}

const read = (home: string, rel: string) => fs.readFileSync(path.join(home, 'memory', 'summaries', rel), 'utf8');
const cited = (content: string) => parseBullets(content).flatMap((b) => b.ids);

describe('summary tree', () => {
  it('two red lines of one wording are one bullet that carries both ids', () => {
    const span = (id: string, text: string, forced: boolean) => ({ text, ids: [id], salience: forced ? 3 : 1, forced, timeMs: 1, date: '2026-11-01', redline: forced });
    const out = choose([span('r1', '生产库禁止直接 DROP TABLE', true), span('n1', '生产库禁止直接 DROP TABLE', false), span('r2', '生产库禁止直接 DROP TABLE', true)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.ids).toEqual(['r1', 'r2']);
  });

  it('builds nodes whose every bullet is a verbatim span of an existing record, keeps red lines and the day\'s corrections, and leaves superseded records out', async () => {
    const { home, mem } = makeHome();
    const r = await mem.consolidate();
    const s = r.steps.find((x) => x.name === 'summaries')!;
    expect(s.data.written).toBeGreaterThan(0);
    const files = nodeFiles(home);
    expect([...files.keys()].sort()).toEqual(
      ['day/2026-11-23.md', 'day/2026-11-24.md', 'day/2026-11-25.md', 'day/2026-11-30.md', 'domain/code.md', 'domain/hermes.md', 'domain/openclaw.md', 'month/2026-11.md', 'week/2026-W48.md', 'week/2026-W49.md'].sort(),
    );
    for (const [rel, buf] of files) {
      const content = buf.toString('utf8');
      expect(readHeader(content), rel).not.toBeNull();
      const bullets = parseBullets(content);
      expect(bullets.length, rel).toBeGreaterThan(0);
      for (const b of bullets) {
        expect(b.ids.length).toBeGreaterThan(0);
        for (const id of b.ids) {
          const rec = mem.get(id);
          expect(rec, `${rel}: ${id}`).not.toBeNull();
          expect(isVerbatim(b.text, rec!.text), `${rel}: ${b.text}`).toBe(true);
        }
      }
    }
    // 11-24: 10 records over a 200-character budget; the red line and the correction are in anyway.
    const tue = read(home, 'day/2026-11-24.md');
    expect(cited(tue)).toContain('red-drop');
    expect(cited(tue)).toContain('fix9090');
    expect(parseBullets(tue).find((b) => b.ids[0] === 'red-drop')!.redline).toBe(true);
    expect(tue).toContain('chosen from 10 records');
    expect(parseBullets(tue).length).toBeLessThan(10);
    // The week keeps the red line whatever its budget; the superseded 8080 record is nowhere, its replacement is.
    expect(cited(read(home, 'week/2026-W48.md'))).toContain('red-drop');
    for (const [rel, buf] of files) expect(cited(buf.toString('utf8')), rel).not.toContain('old8080');
    expect(cited(read(home, 'domain/code.md'))).toContain('fix9090');
    mem.close();
  });

  it('writes nothing on a second run, and rebuilds byte for byte after the summaries and the index are deleted', async () => {
    const { home, mem } = makeHome();
    await mem.consolidate();
    const first = nodeFiles(home);
    const dir = path.join(home, 'memory', 'summaries');
    const mtimes = new Map([...first.keys()].map((f) => [f, fs.statSync(path.join(dir, f)).mtimeMs]));
    const again = await mem.consolidate();
    expect(again.steps.find((s) => s.name === 'summaries')!.data).toMatchObject({ written: 0, removed: 0, unchanged: first.size });
    for (const [f, t] of mtimes) expect(fs.statSync(path.join(dir, f)).mtimeMs, f).toBe(t);
    mem.close();

    fs.rmSync(dir, { recursive: true });
    for (const f of fs.readdirSync(home)) if (f.startsWith('index.sqlite')) fs.rmSync(path.join(home, f));
    const m2 = createOptmem({ dir: home, durable: false });
    await m2.consolidate();
    expect(nodeFiles(home)).toEqual(first);
    // A node edited by hand is rebuilt; a node no record backs is removed.
    fs.appendFileSync(path.join(dir, 'day/2026-11-25.md'), '- hand-written line [nope]\n');
    fs.writeFileSync(path.join(dir, 'day/2026-10-01.md'), 'stale\n');
    const fixed = await m2.consolidate();
    expect(fixed.steps.find((s) => s.name === 'summaries')!.data).toMatchObject({ written: 1, removed: 1 });
    expect(nodeFiles(home)).toEqual(first);
    // Archiving a record rebuilds its day (and what holds it) without it.
    m2.archive(['n-wed-1']);
    const archived = await m2.consolidate();
    expect(archived.steps.find((s) => s.name === 'summaries')!.data).toMatchObject({ archived: 1 });
    for (const [rel, buf] of nodeFiles(home)) expect(cited(buf.toString('utf8')), rel).not.toContain('n-wed-1');
    m2.close();
  });

  it('reaches summary nodes for overview queries and --kind summary, never for a normal query, and leaves results as they were', async () => {
    const { mem } = makeHome();
    const before = mem.search({ query: '上周做了什么', now: NOW });
    expect(before.summaries).toMatchObject({ reason: 'overview', level: 'week', nodes: [] });
    await mem.consolidate();
    const after = mem.search({ query: '上周做了什么', now: NOW });
    expect(after.results).toEqual(before.results);
    expect(after.summaries!.nodes.map((n) => n.node)).toEqual(['week/2026-W48']);
    expect(after.summaries!.nodes[0]!.cites).toContain('red-drop');
    for (const q of ['what did we do last week', '最近一周进展']) expect(mem.search({ query: q, now: NOW }).summaries?.nodes.length, q).toBeGreaterThan(0);
    expect(mem.search({ query: '这个月', now: '2026-11-30T21:00:00+08:00' }).summaries!.nodes.map((n) => n.node)).toEqual(['month/2026-11']);
    expect(mem.search({ query: 'last month', now: '2026-12-10T10:00:00+08:00' }).summaries!.nodes.map((n) => n.node)).toEqual(['month/2026-11']);
    // A normal query: no summaries at all.
    for (const q of ['端口', '上周的端口', 'redis 连接池', '周报生成 改到几点']) expect(mem.search({ query: q, now: NOW }).summaries, q).toBeUndefined();
    // Explicit scope: the bullets holding the word, with their ids.
    const scoped = mem.search({ query: '端口', kinds: ['summary'], now: NOW }).summaries!;
    expect(scoped.nodes.length).toBeGreaterThan(0);
    for (const n of scoped.nodes) for (const b of n.bullets) expect(b.text).toContain('端口');
    expect(scoped.nodes.flatMap((n) => n.cites)).toContain('fix9090');
    mem.close();
  });

  it('runs as `optmem consolidate` in a child process: --dry-run writes nothing, then the nodes are written', () => {
    const { home, mem } = makeHome();
    mem.close();
    const dry = cli(['consolidate', '--dir', home, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/dry run: nothing written\n[^]*summaries: 10 nodes to write/);
    expect(fs.existsSync(path.join(home, 'memory'))).toBe(false);
    const run = cli(['consolidate', '--dir', home, '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { steps: { name: string; data: { written: number; levels: Record<string, { written: number }> } }[] };
    expect(report.steps.find((s: { name: string }) => s.name === 'summaries')).toMatchObject({ name: 'summaries', data: { written: 10, levels: { day: { written: 4 }, week: { written: 2 }, month: { written: 1 }, domain: { written: 3 } } } });
    const search = cli(['search', '--dir', home, '上周做了什么', '--now', NOW]);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('summary week/2026-W48 (2026-11-23 – 2026-11-29)');
    expect(search.stdout).toContain('[red-drop]');
  });
});

describe('summary tree with a model (consolidate.summarizer openai)', () => {
  it('keeps a bullet whose numbers its records hold, refuses one with an invented number or an unknown id, and lets the records\' own words stand in', async () => {
    // A stand-in for the paid service: a real HTTP server speaking the chat-completions wire format.
    const seen: { model: string; messages: { role: string; content: string }[] }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const r = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
        seen.push(r);
        const user = r.messages[1]!.content;
        const bullets = user.startsWith('period: day 2026-11-24')
          ? [
              { text: 'docker 升级到 v7.7.1 之后日志刷屏，回退解决', ids: ['n-tue-7'] },
              { text: '后端端口改为7777', ids: ['fix9090'] },
              { text: '日报汇总改到晚上9点', ids: ['nope'] },
              { text: '排查了很多次', ids: [] },
            ]
          : [];
        const content = JSON.stringify({ bullets });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1_700_000_000, model: r.model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const { home, mem } = makeHome({ summarizer: { provider: 'openai', baseUrl: base, model: 'test-model', maxAttempts: 1 } });
      const r = await mem.consolidate();
      const s = r.steps.find((x) => x.name === 'summaries')!;
      expect(s.data).toMatchObject({ builder: 'openai:test-model', model: { accepted: 1, rejected: 3, fallbacks: 0 } });
      expect(s.warnings.join('\n')).toContain('the number 7777 is in none of its records');
      expect(seen[0]).toMatchObject({ model: 'test-model', messages: [{ role: 'system' }, { role: 'user' }] });
      const tue = read(home, 'day/2026-11-24.md');
      const bullets = parseBullets(tue);
      expect(bullets).toContainEqual({ text: 'docker 升级到 v7.7.1 之后日志刷屏，回退解决', ids: ['n-tue-7'], redline: false });
      expect(tue).not.toContain('7777');
      expect(tue).not.toContain('[nope]');
      // The red line and the correction keep their own words; every bullet cites a record of the home.
      expect(bullets.find((b) => b.ids[0] === 'fix9090')!.text).toBe('[code] 〔更正〕后端端口已从8080改为9090，之前记的8080作废');
      expect(bullets.find((b) => b.ids[0] === 'red-drop')!.redline).toBe(true);
      for (const b of bullets) for (const id of b.ids) expect(mem.get(id), id).not.toBeNull();
      // Nothing new: the model is not asked again.
      const asked = seen.length;
      await mem.consolidate();
      expect(seen.length).toBe(asked);
      mem.close();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
