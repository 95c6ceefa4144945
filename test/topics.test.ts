import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/index.js';
import { archiveSplit } from '../src/consolidate/topic-archive.js';
import { cli, tempHome } from './helpers.js';

/** `optmem topics`: topic files and MEMORY.md derived from the current facts of the log. */

function home(config: Record<string, unknown> = {}): { dir: string; mem: Optmem } {
  const dir = tempHome();
  createOptmem({ dir, create: true }).close();
  if (Object.keys(config).length) fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], ...config }));
  return { dir, mem: createOptmem({ dir, durable: false }) };
}

const read = (dir: string, name: string) => fs.readFileSync(path.join(dir, 'memory', name), 'utf8');
const derived = (dir: string) =>
  Object.fromEntries(fs.readdirSync(path.join(dir, 'memory')).sort().map((f) => [f, read(dir, f)]));
/** Every entry line of a text: [text, id]. */
const entries = (text: string) => [...text.matchAll(/^- (.*) \(([0-9a-z]{16}), \d{4}-\d{2}-\d{2}(?:, replaces [^)]*)?\)$/gm)].map((m) => [m[1]!, m[2]!] as const);

function seed(mem: Optmem) {
  const add = (text: string, time: string, extra: Record<string, unknown> = {}) => mem.add({ text, time, ...extra }).record.id;
  const port = add('[code] 后端服务的端口是8080，前端通过 /api 反代过去', '2026-05-10T09:00:00+08:00', { project: 'shop' });
  const fix = add('[code] 〔更正〕后端端口已从8080改为9090，之前记的8080作废', '2026-06-10T09:00:00+08:00', { project: 'shop', corrects: [port] });
  const red = add('〔红线〕生产库禁止直接 DROP TABLE，' + '任何迁移脚本都要先在预发环境跑一遍并留存备份记录，'.repeat(12), '2026-03-01T10:00:00+08:00');
  const stock = add('周五买入 100 股腾讯，持仓成本 380', '2026-04-01T10:00:00+08:00');
  const person = add('同事老王负责支付模块的对接', '2026-04-02T10:00:00+08:00');
  const saas = add('Stripe account uses the team billing plan', '2026-04-03T10:00:00+08:00');
  const report = add('weekly report sent to the team', '2026-04-04T10:00:00+08:00');
  const tagged = add('周报模板放在共享盘', '2026-04-05T10:00:00+08:00', { tags: ['rules'] });
  const diary = add('部署了新的服务器', '2026-04-06T10:00:00+08:00', { kind: 'diary' });
  return { port, fix, red, stock, person, saas, report, tagged, diary };
}

describe('optmem topics', () => {
  it('files each current fact under one topic, shows what it replaced, and lists red lines first and in full', () => {
    const { dir, mem } = home();
    const ids = seed(mem);
    const r = mem.topics();
    expect(r.files.map((f) => [f.path, f.status])).toEqual(
      ['MEMORY.md', 'infra.md', 'portfolio.md', 'people.md', 'services.md', 'rules.md'].map((f) => [`memory/${f}`, 'written']),
    );
    const idsIn = (f: string) => entries(read(dir, f)).map((e) => e[1]);
    expect(idsIn('infra.md')).toEqual([ids.fix]); // the superseded 8080 record is gone; the diary entry is not a fact
    expect(read(dir, 'infra.md')).toContain(`(${ids.fix}, 2026-06-10, replaces ${ids.port})`);
    expect(idsIn('portfolio.md')).toEqual([ids.stock]);
    expect(idsIn('people.md')).toEqual([ids.person]);
    expect(idsIn('services.md')).toEqual([ids.saas]);
    expect(idsIn('rules.md')).toEqual([ids.red, ids.tagged]); // red lines first; a tag names the topic
    expect(r.unfiled).toBe(1); // "weekly report" holds no keyword ("report" is not "port")

    const index = read(dir, 'MEMORY.md');
    const full = mem.get(ids.red)!.text;
    expect(full.length).toBeGreaterThan(300);
    const firstEntry = entries(index)[0]!;
    expect(firstEntry).toEqual([full, ids.red]); // first, and never cut
    expect(index.indexOf('## Red lines')).toBeLessThan(index.indexOf('## Infra'));
    expect(index).toContain('[infra.md](infra.md)');
    // every entry resolves to a record that exists
    for (const f of Object.keys(derived(dir))) for (const [, id] of entries(read(dir, f))) expect(mem.get(id)).not.toBeNull();
    // the session-start pack points at the index when there is room
    expect(mem.sessionStart({ project: 'shop', budget: 6000 }).markdown).toContain(`Topic files: ${path.join(dir, 'memory', 'MEMORY.md')}`);
    const small = mem.sessionStart({ project: 'shop', budget: 500 });
    expect(small.markdown.length).toBeLessThanOrEqual(500); // the pointer only where it fits
    mem.close();
  });

  it('writes nothing on a second run, and a rebuild from nothing gives the same bytes', () => {
    const { dir, mem } = home();
    seed(mem);
    mem.topics();
    const before = derived(dir);
    const mtimes = Object.keys(before).map((f) => fs.statSync(path.join(dir, 'memory', f)).mtimeMs);
    const again = mem.topics();
    expect(again.files.every((f) => f.status === 'unchanged')).toBe(true);
    expect(Object.keys(before).map((f) => fs.statSync(path.join(dir, 'memory', f)).mtimeMs)).toEqual(mtimes);
    mem.close();

    fs.rmSync(path.join(dir, 'memory'), { recursive: true });
    for (const f of fs.readdirSync(dir)) if (f.startsWith('index.sqlite')) fs.rmSync(path.join(dir, f));
    const fresh = createOptmem({ dir });
    fresh.topics();
    fresh.close();
    expect(derived(dir)).toEqual(before);
  });

  it('keeps text outside the markers, turns an edited entry into a correction, and never deletes a record for a deleted line', () => {
    const { dir, mem } = home();
    const ids = seed(mem);
    mem.topics();
    const infra = path.join(dir, 'memory', 'infra.md');
    const people = path.join(dir, 'memory', 'people.md');
    const mine = '我自己写的：机房在二楼\r\n\r\n';
    const tail = '\n## 我的附注\n别动这里\n';
    const edited = fs.readFileSync(infra, 'utf8').replace('改为9090', '改为9091').replace(/^(- \[code\] 〔更正〕)/m, '- 机房钥匙在前台，找值班的人拿\n$1');
    fs.writeFileSync(infra, mine + edited + tail);
    fs.writeFileSync(people, fs.readFileSync(people, 'utf8').replace(/^- 同事老王.*\n/m, ''));

    const dry = mem.topics({ dryRun: true });
    expect(dry.corrections).toMatchObject([{ id: null, corrects: ids.fix, file: 'memory/infra.md' }]);
    expect(mem.recent({ limit: 1 })[0]!.id).not.toBe(dry.corrections[0]!.id);

    const r = mem.topics();
    expect(r.corrections).toHaveLength(1);
    const c = mem.get(r.corrections[0]!.id!)!;
    expect(c).toMatchObject({ kind: 'correction', corrects: [ids.fix], domain: 'code', project: 'shop', source: { agent: 'topics' } });
    expect(c.text).toBe('[code] 〔更正〕后端端口已从8080改为9091，之前记的8080作废');
    expect(mem.history(ids.fix)!.current).toBe(c.id);

    const after = fs.readFileSync(infra, 'utf8');
    expect(after.startsWith(mine)).toBe(true);
    expect(after.endsWith(tail)).toBe(true);
    // the line added above the edited entry became a note of its own, filed where it was written
    expect(r.added).toHaveLength(1);
    const note = mem.get(r.added[0]!.id!)!;
    expect(note).toMatchObject({ kind: 'note', text: '机房钥匙在前台，找值班的人拿', tags: ['infra'], source: { agent: 'topics' } });
    expect(entries(after).map((e) => e[1]).sort()).toEqual([c.id, note.id].sort());
    expect(after).toContain(`replaces ${ids.fix}`);

    // the deleted line: the record stays, its entry is back, and the report says so
    expect(mem.get(ids.person)).not.toBeNull();
    expect(entries(fs.readFileSync(people, 'utf8')).map((e) => e[1])).toEqual([ids.person]);
    expect(r.restored).toEqual([{ id: ids.person, file: 'memory/people.md' }]);
    expect(mem.topics().files.every((f) => f.status === 'unchanged')).toBe(true);
    mem.close();
  });

  it('keeps in view what a corrected record still says on the points its correction does not speak to; a hand edit elsewhere does not turn that line into a note', () => {
    const { dir, mem } = home();
    const add = (text: string, time: string) => mem.add({ text, time, project: 'shop' }).record.id;
    const old = add('[code] shop 后端用 FastAPI，端口 8080，配置在 backend/.env', '2026-05-10T09:00:00+08:00');
    const fix = add('[code] 〔更正〕后端端口改成 9090，8080 给 nginx', '2026-06-10T09:00:00+08:00');
    expect(mem.history(old)!.current).toBe(fix);
    mem.topics();
    const infra = path.join(dir, 'memory', 'infra.md');
    const text = fs.readFileSync(infra, 'utf8');
    expect(text).toContain(`(${fix}, 2026-06-10, replaces ${old})\n  - still current in ${old}: [code] shop 后端用 FastAPI，配置在 backend/.env\n`);
    expect(read(dir, 'MEMORY.md')).toContain(`still current in ${old}`);
    // a person edits the correction's entry: one correction, and the line under it is no new note
    fs.writeFileSync(infra, text.replace('改成 9090', '改成 9091'));
    const r = mem.topics();
    expect(r.corrections).toHaveLength(1);
    expect(r.added).toEqual([]);
    mem.close();
  });

  it('keeps in view a first clause that states values of its own when the correction replaced a later one; not one that only names the subject', () => {
    const { dir, mem } = home();
    const old = mem.add({ text: '[hermes] 每天凌晨 02:00 备份 NAS 到 B2，保留 30 天', time: '2026-05-10T09:00:00+08:00' }).record.id;
    const fix = mem.add({ text: '[hermes] 〔更正〕备份保留期改为 60 天', time: '2026-06-10T09:00:00+08:00' }).record.id;
    const crawler = mem.add({ text: '[code] crawler 的并发数，超时 15s', time: '2026-05-10T10:00:00+08:00' }).record.id;
    const longer = mem.add({ text: '[code] 〔更正〕crawler 超时改成 30s', time: '2026-06-10T10:00:00+08:00' }).record.id;
    expect(mem.history(old)!.current).toBe(fix);
    expect(mem.history(crawler)!.current).toBe(longer);
    mem.topics();
    const all = fs.readdirSync(path.join(dir, 'memory')).map((f) => fs.readFileSync(path.join(dir, 'memory', f), 'utf8')).join('\n');
    expect(all).toContain(`  - still current in ${old}: [hermes] 每天凌晨 02:00 备份 NAS 到 B2\n`);
    expect(all).not.toContain(`still current in ${crawler}`);
    mem.close();
  });

  it('refuses malformed markers naming the file and line, and writes nothing', () => {
    const { dir, mem } = home();
    seed(mem);
    mem.topics();
    const infra = path.join(dir, 'memory', 'infra.md');
    fs.writeFileSync(infra, fs.readFileSync(infra, 'utf8').replace('改为9090', '改为9092')); // a hand edit that must not be applied
    const services = path.join(dir, 'memory', 'services.md');
    fs.writeFileSync(services, '我的服务清单\n' + fs.readFileSync(services, 'utf8').replace('<!-- optmem:end -->\n', ''));
    const before = derived(dir);
    const records = mem.stats().records;
    mem.close();

    const r = cli(['topics', '--dir', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^optmem: memory\/services\.md:2: a begin marker without an end marker/);
    expect(derived(dir)).toEqual(before);
    const again = createOptmem({ dir });
    expect(again.stats().records).toBe(records);
    again.close();

    fs.writeFileSync(services, '<!-- optmem:end -->\n');
    expect(cli(['topics', '--dir', dir]).stderr).toMatch(/memory\/services\.md:1: an end marker without a begin marker/);
  });

  it('pushes the oldest entries past the budget into the Archive section, a bounded share per day of the log', () => {
    const { dir, mem } = home({ topics: { topicBudget: 1000, indexBudget: 1000, archiveShare: 0.2 } });
    const ids: string[] = [];
    // 40 server notes on one day: far past 1,000 characters, but one day moves at most 20%.
    for (let i = 0; i < 40; i++) ids.push(mem.add({ text: `server node-${String(i).padStart(2, '0')} moved to rack ${i}`, time: `2026-03-01T10:${String(i).padStart(2, '0')}:00Z` }).record.id);
    const red = mem.add({ text: '〔红线〕never reboot the database server during trading hours', time: '2026-03-01T09:00:00Z' }).record.id;
    const r1 = mem.topics();
    const infraTopic = (r: ReturnType<Optmem['topics']>) => r.topics.find((t) => t.name === 'infra')!;
    expect(infraTopic(r1).archived).toBe(8); // ⌊0.2 × 40⌋
    const file = read(dir, 'infra.md');
    const [main, archive] = file.split('## Archive');
    expect(entries(archive!).map((e) => e[1])).toEqual(ids.slice(0, 8).reverse()); // the oldest, newest first
    expect(entries(main!).map((e) => e[1])).toEqual(ids.slice(8).reverse());

    // three more days of the log: the archive carries on, until the rest fits
    for (let d = 2; d <= 4; d++) mem.add({ text: `a note of day ${d}`, time: `2026-03-0${d}T10:00:00Z` });
    const r2 = mem.topics();
    const total = infraTopic(r2).archived;
    expect(total).toBeGreaterThan(8);
    const mainNow = read(dir, 'infra.md').split('## Archive')[0]!;
    expect(entries(mainNow).filter(([, id]) => id !== red).length).toBe(40 - total);

    // MEMORY.md stays within its budget besides the red line, which it lists whatever the budget
    const index = read(dir, 'MEMORY.md');
    expect(entries(index)[0]![1]).toBe(red);
    const redLen = entries(index)[0]![0].length;
    expect(index.length - redLen).toBeLessThan(1200);
    expect(index).toMatch(/- … \d+ more in \[infra\.md\]\(infra\.md\)/);
    mem.close();
  });

  it('lists archived records in the Archive section, outside the budget, and brings them back when unarchived', () => {
    const { dir, mem } = home();
    const ids = seed(mem);
    const other = mem.add({ text: 'nginx 反代配置在 infra/nginx.conf', time: '2026-07-01T10:00:00+08:00' }).record.id;
    mem.archive([ids.fix, ids.red]); // a red line is never archived
    mem.topics();
    const [main, archive] = read(dir, 'infra.md').split('## Archive');
    expect(entries(main!).map((e) => e[1])).toEqual([other]);
    expect(entries(archive!).map((e) => e[1])).toEqual([ids.fix]);
    expect(entries(read(dir, 'rules.md')).map((e) => e[1])).toContain(ids.red);
    mem.unarchive([ids.fix]);
    mem.topics();
    expect(read(dir, 'infra.md')).not.toContain('## Archive');
    mem.close();
  });

  it('archives by day: a step moves at most its share, and the split depends only on the log', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: `r${i}`, timeMs: i, date: '2026-01-01', chars: 100 }));
    expect(archiveSplit(items, ['2026-01-01'], 500, 0.2)).toEqual(new Set(['r0', 'r1']));
    // day 1: ⌊0.2 × 10⌋ = 2; days 2 and 3: ⌊0.2 × 8⌋ = ⌊0.2 × 7⌋ = 1; day 4 reaches the budget
    expect(archiveSplit(items, ['2026-01-01', '2026-01-02', '2026-01-03'], 500, 0.2)).toEqual(new Set(['r0', 'r1', 'r2', 'r3']));
    expect(archiveSplit(items, ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'], 500, 0.2)).toEqual(new Set(['r0', 'r1', 'r2', 'r3', 'r4']));
    expect(archiveSplit(items, ['2026-01-01'], 5000, 0.2).size).toBe(0);
  });

  it('takes topics from config.json and refuses a bad one naming the key', () => {
    const { dir, mem } = home({ topics: { list: [{ name: 'ops', match: ['/\\b(cron|k8s)\\b/i', '值班'] }], other: true } });
    const a = mem.add({ text: 'CRON job moved to 03:30' }).record.id;
    const b = mem.add({ text: '今天吃了面条' }).record.id;
    const r = mem.topics();
    expect(r.topics.map((t) => t.name)).toEqual(['ops', 'other']);
    expect(entries(read(dir, 'ops.md')).map((e) => e[1])).toEqual([a]);
    expect(entries(read(dir, 'other.md')).map((e) => e[1])).toEqual([b]);
    expect(read(dir, 'ops.md').startsWith('<!-- optmem:begin topic=ops hash=')).toBe(true);
    mem.close();

    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ topics: { list: [{ name: 'ops', match: ['/(unclosed/'] }, { name: 'MEMORY', match: ['x'] }] } }));
    const bad = cli(['topics', '--dir', dir, '--json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"topics.list.0.match.0": not a regular expression');
    expect(bad.stderr).toContain('"topics.list.1.name" must be a lower-case word');
  });
});
