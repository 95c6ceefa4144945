/**
 * The correction resolver, one test per kind of case (docs/RANKING.md, "resolved"): through the
 * library on real homes (real day files, a real SQLite index), each home holding background
 * records in all three domains.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/index.js';
import { tempDir } from './helpers.js';

const BACKGROUND = [
  { text: '[hermes] 每日备份 02:00 跑，备份到 NAS /volume1/backup', time: '2026-03-01T08:00:00+08:00' },
  { text: '[openclaw] 公众号文章每周二、周四晚上 8 点推送', time: '2026-03-02T08:00:00+08:00' },
  { text: '[code] Redis 端口 6379，密码在 vault', time: '2026-03-03T08:00:00+08:00', project: 'shop' },
  { text: '[code] CI 用 GitHub Actions，node 版本 20', time: '2026-03-04T08:00:00+08:00', project: 'shop' },
  { text: '[hermes] 周报每周五 17:00 生成，发我邮箱', time: '2026-03-05T08:00:00+08:00' },
  { text: '[openclaw] 小红书笔记正文 1000 字以内', time: '2026-03-06T08:00:00+08:00' },
];

let mem: Optmem | null = null;
afterEach(() => {
  mem?.close();
  mem = null;
});

function home(records: { text: string; time: string; project?: string; session?: string }[] = []): { mem: Optmem; ids: string[] } {
  const dir = path.join(tempDir(), 'home');
  mem = createOptmem({ dir, create: true, durable: false });
  for (const b of BACKGROUND) mem.add({ text: b.text, time: b.time, project: b.project ?? null });
  const ids = records.map((r) => mem!.add({ text: r.text, time: r.time, project: r.project ?? null, ...(r.session ? { source: { session: r.session } } : {}) }).record.id);
  return { mem, ids };
}

function correct(m: Optmem, text: string, time = '2026-06-01T10:00:00+08:00', project: string | null = null) {
  const res = m.add({ text, time, project });
  return { res, linked: res.supersedes.filter((e) => !e.blocked).map((e) => e.oldId), blocked: res.supersedes.filter((e) => e.blocked).map((e) => e.oldId) };
}

/** The live edges a record's add made, each with whether it is inferred: [old id, inferred]. */
function inferred(res: ReturnType<typeof correct>['res']): [string, boolean][] {
  return res.supersedes.filter((e) => !e.blocked).map((e) => [e.oldId, e.inferred]);
}

describe('a correction written in words links only to a record of the same subject and attribute', () => {
  it('quoted old value: 从8080改为9090 links the 8080 record', () => {
    const { mem: m, ids } = home([{ text: '[code] 后端服务的端口是8080', time: '2026-04-01T10:00:00+08:00', project: 'shop' }]);
    const { linked, res } = correct(m, '[code] 〔更正〕后端端口已从8080改为9090', undefined, 'shop');
    expect(linked).toEqual([ids[0]]);
    expect(res.resolution?.status).toBe('linked');
  });

  it('paraphrase across languages: "backup 改到 03:30" links 每日备份 凌晨两点', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 每日备份任务凌晨两点执行', time: '2026-04-01T10:00:00+08:00', project: 'ops' }]);
    expect(correct(m, '[hermes] 〔更正〕daily backup 现在改到 03:30 跑', undefined, 'ops').linked).toEqual([ids[0]]);
  });

  it('same attribute, other subject: 前端 port does not link the 后端 port, and add says it corrects nothing known', () => {
    const { mem: m } = home([
      { text: '[code] 后端服务的端口是8080', time: '2026-04-01T10:00:00+08:00', project: 'shop' },
      { text: '[code] 〔更正〕后端端口已从8080改为9090', time: '2026-04-02T10:00:00+08:00', project: 'shop' },
    ]);
    const { linked, res } = correct(m, '[code] 〔更正〕前端开发服务器的端口改为3000', undefined, 'shop');
    expect(linked).toEqual([]);
    expect(res.resolution?.status).toBe('none');
    const search = m.search({ query: '后端端口是多少', now: '2026-06-02T00:00:00+08:00' }).results;
    expect(search[0]!.text).toContain('9090');
  });

  it('same subject, other attribute: 后端日志路径 does not link 后端端口', () => {
    const { mem: m } = home([{ text: '[code] 后端端口 8080', time: '2026-04-01T10:00:00+08:00', project: 'shop' }]);
    expect(correct(m, '[code] 〔更正〕后端日志路径改为 /data/log/api', undefined, 'shop').linked).toEqual([]);
  });

  it('another project: a shop correction never links an infra record', () => {
    const { mem: m } = home([{ text: '[code] 后端端口 8080', time: '2026-04-01T10:00:00+08:00', project: 'infra' }]);
    expect(correct(m, '[code] 〔更正〕后端端口改为 9090，8080 作废', undefined, 'shop').linked).toEqual([]);
  });

  it('another domain: a [code] correction does not link a [hermes] record; one without a domain may', () => {
    const { mem: m, ids } = home([{ text: '[hermes] nginx 日志保留 30 天', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[code] 〔更正〕nginx 日志保留改为 14 天', '2026-05-01T10:00:00+08:00').linked).toEqual([]);
    expect(correct(m, '〔更正〕nginx 日志保留改为 7 天，不是 30 天', '2026-05-02T10:00:00+08:00').linked).toEqual([ids[0]]);
  });

  it('a newer record is never a target', () => {
    const { mem: m } = home();
    const c = correct(m, '[code] 〔更正〕后端端口改为 9090', '2026-04-01T10:00:00+08:00', 'shop');
    m.add({ text: '[code] 后端端口 8080', time: '2026-05-01T10:00:00+08:00', project: 'shop' });
    expect(m.links(c.res.record.id).out).toEqual([]);
  });

  it('a red line is not superseded by an ordinary correction: the edge is blocked and add warns', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] 〔红线〕公众号文章群发前必须由我本人审核', time: '2026-04-01T10:00:00+08:00' }]);
    const { linked, blocked, res } = correct(m, '[openclaw] 〔更正〕公众号群发前不用再审核了');
    expect(linked).toEqual([]);
    expect(blocked).toEqual([ids[0]]);
    expect(res.warnings.join(' ')).toMatch(/red line/);
  });

  it('a newer red line that says it replaces the old one does supersede it', () => {
    const { mem: m, ids } = home([{ text: '[code] 〔红线〕禁止直接 push main，只走 PR', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[code] 〔红线〕替换之前那条 main 红线：main 和 release 都禁止直接 push').linked).toEqual([ids[0]]);
  });

  it('the subject is absent from memory: Postgres when only Redis is recorded, 小红书 titles when only 公众号 titles', () => {
    const { mem: m } = home([{ text: '[openclaw] 公众号标题不超过 20 字', time: '2026-04-01T10:00:00+08:00' }]);
    const pg = correct(m, '[code] 〔更正〕Postgres 端口改为 5433', '2026-05-01T10:00:00+08:00', 'shop');
    expect(pg.linked).toEqual([]);
    expect(pg.res.resolution?.status).toBe('none');
    expect(correct(m, '[openclaw] 〔更正〕小红书标题上限改为 18 字').linked).toEqual([]);
  });

  it('one of two: "backup_daily 改到3点" links backup_daily, not archive_weekly', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] backup_daily 每天 02:00 跑', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] archive_weekly 每周日 04:00 跑', time: '2026-04-01T10:05:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕backup_daily 改到 03:00').linked).toEqual([ids[0]]);
  });

  it('two equally likely targets: links neither and says so', () => {
    const { mem: m } = home([
      { text: '[code] 前端端口 5173', time: '2026-04-01T10:00:00+08:00', project: 'web' },
      { text: '[code] 后端端口 8080', time: '2026-04-01T10:05:00+08:00', project: 'web' },
      { text: '[code] web 的 admin 面板 跑在 9000', time: '2026-04-01T10:06:00+08:00', project: 'web' },
    ]);
    const c = correct(m, '[code] 〔更正〕端口改为 3000', undefined, 'web');
    expect(c.linked).toEqual([]);
    expect(c.res.resolution?.status).toBe('none');
  });

  it('two records equally likely and not copies of one fact: ambiguous, linked to neither', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 杭州仓推单 17:00', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 东莞仓推单 17:00', time: '2026-04-01T11:00:00+08:00' },
    ]);
    const c = correct(m, '[hermes] 〔更正〕推单时间改到 16:00');
    expect(c.linked).toEqual([]);
    expect(c.res.resolution?.status).toBe('ambiguous');
    expect(c.res.resolution?.candidates.filter((x) => x.note.startsWith('ambiguous')).map((x) => x.id).sort()).toEqual([...ids].sort());
  });

  it('one word in common is not the same subject when each side names its own thing', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] deploy logs are written under /srv/deploy/logs', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] calibre 书库每晚 23:00 同步到 NAS', time: '2026-04-02T10:00:00+08:00' },
      { text: '[hermes] the deploy hook lives at /srv/hooks/deploy.sh', time: '2026-04-03T10:00:00+08:00' },
    ]);
    // the deploy SCRIPT's path, not the deploy LOGS' path; a Joplin library sync, not the calibre one
    expect(correct(m, '[hermes] [correction] deploy script path is /opt/bin/deploy.sh now').linked).not.toContain(ids[0]);
    expect(correct(m, '[hermes] 〔更正〕Joplin 笔记库的同步改到每晚 22:00', '2026-06-02T10:00:00+08:00').linked).toEqual([]);
    // more than one word in common, and the same thing: still linked
    expect(correct(m, '[hermes] 〔更正〕calibre 书库同步改到每晚 01:00', '2026-06-03T10:00:00+08:00').linked).toEqual([ids[1]]);
  });

  it("a relation qualifying the attribute makes it another person's: 阿杰女儿的生日 is not 阿杰生日", () => {
    const { mem: m, ids } = home([
      { text: '阿杰生日 8 月 9 号', time: '2026-04-01T10:00:00+08:00' },
      { text: '老周生日 3 月 2 号', time: '2026-04-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕阿杰女儿的生日是 8 月 19 号').linked).toEqual([]);
    // the same person's own birthday still links
    expect(correct(m, '〔更正〕老周生日是 3 月 12 号', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[1]]);
  });

  it('a schedule word inside a name is not a schedule: #team-weekly is a channel', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] report_friday runs Fridays 16:00', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] report_friday posts to #general', time: '2026-04-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] [correction] report_friday posts to #team-weekly from now on').linked).toEqual([ids[1]]);
  });

  it('how often names the job: the nightly backup is not the weekly one, a change of frequency still links', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] weekly full backup Sun 04:00', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 每月 1 号导出账单到 /srv/bills', time: '2026-04-02T10:00:00+08:00' },
    ]);
    // (the home's 每日备份 02:00 is the nightly one)
    expect(correct(m, '[hermes] Correction: nightly backup runs at 03:00 now').linked).not.toContain(ids[0]);
    // the frequency is what changed: the same job
    expect(correct(m, '[hermes] 〔更正〕账单导出改成每周一次', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[1]]);
  });

  it('a day and time naming the occasion hold with a quoted name: 周日下午两点那场 is not the Wednesday tour', () => {
    const { mem: m, ids } = home([
      { text: '导览排班：周三 11:00 那场由 Helen 带', time: '2026-04-01T10:00:00+08:00' },
      { text: '讲座排班：周日 14:00 那场由 Helen 讲', time: '2026-04-02T10:00:00+08:00' },
    ]);
    // Helen is quoted, but the Wednesday tour is another occasion: nothing known is corrected
    expect(correct(m, '〔更正〕导览周日下午两点那场不是 Helen，换成 Tom').linked).toEqual([]);
    // the same day and time does link
    expect(correct(m, '〔更正〕讲座周日下午两点那场不是 Helen，换成 Tom', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[1]]);
  });

  it('an IP address is not a hostname', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] INDI 树莓派的 hostname：astropi.local', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 相机树莓派的 IP 是 192.168.1.60', time: '2026-04-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕INDI 树莓派的 IP 是 192.168.1.77').linked).not.toContain(ids[0]);
    expect(correct(m, '[hermes] 〔更正〕相机树莓派的 IP 改成 192.168.1.61', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[1]]);
  });

  it('two records alike but for the morning and the evening, or the nightly and the weekly job, are not copies', () => {
    const { mem: m } = home([
      { text: '橘子早上吃 1/4 粒甲巯咪唑', time: '2026-04-01T10:00:00+08:00' },
      { text: '橘子晚上吃 1/4 粒加巴喷丁', time: '2026-04-02T10:00:00+08:00' },
      { text: '[hermes] 诊所 NAS 每晚 02:00 增量备份', time: '2026-04-03T10:00:00+08:00' },
      { text: '[hermes] 诊所 NAS 每周日 02:00 做 snapshot', time: '2026-04-04T10:00:00+08:00' },
    ]);
    const pills = correct(m, '〔更正〕橘子的药改成半粒');
    expect(pills.linked).toEqual([]);
    expect(pills.res.resolution?.status).toBe('ambiguous');
    expect(correct(m, '[hermes] 〔更正〕NAS 那个 02:00 的 job 改到 04:00', '2026-06-02T10:00:00+08:00').linked).toEqual([]);
  });

  it('old values written as a court number or a dotted date find the record that writes them otherwise', () => {
    const { mem: m, ids } = home([
      { text: '周六羽毛球订的是体育中心 2 号场，16:00-18:00', time: '2026-04-06T12:03:00+08:00' },
      { text: '周日羽毛球订的是 3 号场，10:00-12:00', time: '2026-04-06T12:05:00+08:00' },
      { text: '[openclaw] 知乎长文「LoRA 变体综述」3 月 20 日前交稿', time: '2026-04-07T12:05:00+08:00' },
    ]);
    expect(correct(m, '更正：羽毛球不是 2 号场，是 4 号场，时间不变').linked).toEqual([ids[0]]);
    expect(correct(m, '[openclaw] 〔更正〕LoRA 综述那篇截止不是 3.20，推到 3 月 31 日', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[2]]);
  });

  it('the deputy, another week, another school, a beta build are other things', () => {
    const { mem: m, ids } = home([
      { text: '初三队 副队长 小龙', time: '2026-04-01T10:00:00+08:00' },
      { text: '下周日去岳父母家吃午饭', time: '2026-04-02T10:00:00+08:00' },
      { text: '[hermes] 周六 校队客场对二中，大巴 7:30 出发', time: '2026-04-03T10:00:00+08:00' },
      { text: '[code] Sentry Android 正式版 crash-free 低于 99% 报警', time: '2026-04-04T10:00:00+08:00' },
      { text: '周三训练 在体育馆A场', time: '2026-04-05T10:00:00+08:00' },
    ]);
    expect(correct(m, '更正：初三队长换成小龙了，阿杰专心中考').linked).not.toContain(ids[0]);
    expect(correct(m, '更正：这周日的午饭不去姥姥那了，改在我们家', '2026-06-02T10:00:00+08:00').linked).not.toContain(ids[1]);
    expect(correct(m, '[hermes] 更正：去四中的大巴 9:00 走', '2026-06-03T10:00:00+08:00').linked).not.toContain(ids[2]);
    expect(correct(m, '[code] 〔更正〕Android beta 版的报警线改成 crash-free 低于 97%', '2026-06-04T10:00:00+08:00').linked).not.toContain(ids[3]);
    // the day both name is the occasion: a record of the place states no time to change
    expect(correct(m, '更正：周三训练19:30开始，晚自习后', '2026-06-05T10:00:00+08:00').linked).not.toContain(ids[4]);
  });

  it('the front tyre is not the rear one, and a 1:1 is a meeting, not an old value', () => {
    const { mem: m, ids } = home([
      { text: '车 前轮胎 2025 年 10 月换的，米其林', time: '2026-04-01T10:00:00+08:00' },
      { text: '林老师 1:1 在 305 室', time: '2026-04-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '更正：后轮胎是去年 12 月换的').linked).not.toContain(ids[0]);
    expect(correct(m, '更正：和林老师的 1:1 改成两周一次', '2026-06-02T10:00:00+08:00').linked).not.toContain(ids[1]);
  });

  it('a value said to stay is no quoted old value; clients by letter are names; a spaced date is one date', () => {
    const { mem: m, ids } = home([
      { text: '执医笔试 8月23日', time: '2026-04-01T10:00:00+08:00' },
      { text: '客户 A 包装稿 3 月 20 日交付', time: '2026-04-02T10:00:00+08:00' },
      { text: '广马抽签结果 10 月 20 日公布', time: '2026-04-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '更正：笔试日期不变 8月23，准考证 8月10日开始打印').linked).not.toContain(ids[0]);
    expect(correct(m, '〔更正〕客户 C 的 logo 交付推到 4 月 3 日', '2026-06-02T10:00:00+08:00').linked).not.toContain(ids[1]);
    expect(correct(m, '〔更正〕广马报名截止延到 10 月 15 日', '2026-06-03T10:00:00+08:00').linked).not.toContain(ids[2]);
  });

  it('a correction opening with a day is about that day: "Wednesday is court 6 now, not 4"', () => {
    const { mem: m, ids } = home([
      { text: 'Gym booking: court 4, every Saturday 14:00-16:00, club matches', time: '2026-04-01T10:00:00+08:00' },
    ]);
    expect(correct(m, 'Correction: Wednesday is court 6 now, not 4.').linked).not.toContain(ids[0]);
  });

  it('a correction without a domain does not take a record of another domain as a copy of its target', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 「每周书单」每周三晚 9 点发公众号', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 每周三晚 9 点前生成每周书单的草稿', time: '2026-04-01T11:00:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕每周书单改成周四晚 9 点发').linked).not.toContain(ids[1]);
  });

  it('generic words alone never carry a link', () => {
    const { mem: m } = home([{ text: '[hermes] 每日服务巡检 08:00', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[hermes] 〔更正〕每日服务改到 09:00').linked).toEqual([]);
  });

  it('two copies of the same old fact are both superseded; a chain ends at its newest version', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] nginx 日志保留 30 天', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 提醒：nginx 日志保留 30 天，别删早了', time: '2026-04-03T10:00:00+08:00' },
    ]);
    const first = correct(m, '[hermes] 〔更正〕nginx 日志只留 14 天，不是 30 天');
    expect(first.linked.sort()).toEqual([...ids].sort());
    const second = correct(m, '[hermes] 〔更正〕nginx 日志保留再改为 7 天，不是 14 天', '2026-07-01T10:00:00+08:00');
    expect(second.linked).toEqual([first.res.record.id]);
  });

  it('in a conversation, a correction with no subject word is about the latest turn that states its attribute', () => {
    const { mem: m, ids } = home([
      { text: '[code] 已把后端服务的端口配置为8080', time: '2026-04-01T10:00:00+08:00', project: 'shop', session: 's1' },
      { text: '[code] 数据库连接串 postgres://db.internal:5432/shop', time: '2026-04-01T10:01:00+08:00', project: 'shop', session: 's1' },
    ]);
    const res = m.add({ text: '[code] 〔更正〕不对，端口是9090', time: '2026-04-01T10:02:00+08:00', project: 'shop', source: { session: 's1' } });
    expect(res.supersedes.map((e) => e.oldId)).toEqual([ids[0]]);
  });
});

/** The note a correction's resolution gives a candidate. */
const noteOf = (c: ReturnType<typeof correct>, id: string) => c.res.resolution?.candidates.find((x) => x.id === id)?.note ?? '';

describe('the last look: a chosen target is refused on counter-evidence of another subject or attribute', () => {
  it('another identifier of the same kind: a backup of gs://logs-prd is not the backup of gs://media-prd', () => {
    const { mem: m, ids } = home([{ text: '[hermes] backup of gs://media-prd to gs://archive-prd weekly Sun 03:00', time: '2026-04-01T10:00:00+08:00' }]);
    const c = correct(m, '[hermes] [correction] backup of gs://logs-prd runs Sat 03:00');
    expect(c.linked).toEqual([]);
    expect(noteOf(c, ids[0]!)).toMatch(/^refused after the choice \(other-identifier\)/);
  });

  it('a named attribute is not matched by a value of another: a timeout is not the minute of an hourly schedule', () => {
    const { mem: m, ids } = home([{ text: '[hermes] job_sync 调度每小时第 15 分钟', time: '2026-04-01T10:00:00+08:00' }]);
    const c = correct(m, '[hermes] 〔更正〕job_sync 的 timeout 是 40 分钟');
    expect(c.linked).toEqual([]);
    expect(noteOf(c, ids[0]!)).toMatch(/\(attribute-by-shape\)/);
  });

  it('a path of a thing the correction does not name: where the schedule is written is not where the log goes', () => {
    const { mem: m, ids } = home([{ text: '[code] The roster script writes the finished schedule to ~/roster/out/', time: '2026-04-01T10:00:00+08:00' }]);
    const c = correct(m, '[code] [correction] The roster script should write its log to ~/roster/logs/run.log');
    expect(c.linked).toEqual([]);
    expect(noteOf(c, ids[0]!)).toMatch(/\(named-thing\)/);
  });

  it('an old value that is only a word (上午), in a correction about a thing no record names, links nothing', () => {
    const { mem: m } = home([{ text: '5 月 9 号上午有供应商来访', time: '2026-05-02T10:00:00+08:00' }]);
    const c = correct(m, '〔更正〕家长会是 5 月 9 号下午，不是上午', '2026-05-06T10:00:00+08:00');
    expect(c.linked).toEqual([]);
    expect(c.res.resolution?.status).toBe('none');
  });

  it('a quoted old value alone, held by a record naming another thing, is not the target', () => {
    const { mem: m, ids } = home([{ text: '[code] Emby 端口 8096', time: '2026-04-01T10:00:00+08:00', project: 'media' }]);
    const c = correct(m, '[code] 〔更正〕Jellyfin 端口是 8097 不是 8096', undefined, 'media');
    expect(c.linked).toEqual([]);
    // refused by the judge (a quoted value alone does not link a record naming a thing of its own)
    // or, failing that, by the veto's quote-only rule
    expect(noteOf(c, ids[0]!)).toMatch(/^refused/);
  });

  it('the same quoted old value in two records: the one holding the correction\'s subject is taken, not the other as its copy', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 每周六 09:00 提醒我给公众号整理下周书单', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 每周六 09:00 提醒我浇花', time: '2026-04-02T10:00:00+08:00' },
    ]);
    const c = correct(m, '[hermes] 〔更正〕挑书单提醒 不是周六 09:00，是周五 20:00');
    expect(c.linked).toEqual([ids[0]]);
    expect(noteOf(c, ids[1]!)).toMatch(/^refused: holds none of .*书单.*, which \w+ holds$/);
  });

  it('a bucket of one kind beside another is no restatement, so the correction reaches its own bucket', () => {
    // Before derivation version 21, gs://doc-prd 60 天 was inferred to restate gs://img-prd 30 天, and the
    // chain-unrelated veto had to refuse the chain's current version; the inference no longer fires.
    const { mem: m, ids } = home([
      { text: '[code] gs://img-prd 的保留期 30 天', time: '2026-04-01T10:00:00+08:00', project: 'etl' },
      { text: '[code] gs://doc-prd 的保留期 60 天', time: '2026-04-02T10:00:00+08:00', project: 'etl' },
    ]);
    expect(m.history(ids[0]!)?.chain.map((x) => x.record.id)).toEqual([ids[0]]);
    const c = correct(m, '[code] 〔更正〕img-prd 的保留期改为 90 天', undefined, 'etl');
    expect(c.linked).toEqual([ids[0]]);
  });

  it('a shared attribute named on one side only, and none of the correction\'s values answer it: an interval is not a folder', () => {
    const { mem: m, ids } = home([{ text: '[code] plugins 目录挂 NFS', time: '2026-04-01T10:00:00+08:00', project: 'etl' }]);
    const c = correct(m, '[code] 〔更正〕worker 多久扫一次 plugins 文件夹找新插件：改 30 秒', undefined, 'etl');
    expect(c.linked).toEqual([]);
    expect(noteOf(c, ids[0]!)).toMatch(/\(value-not-attribute\)/);
  });
});

describe('inferred corrections: a plain record restating the same slot', () => {
  it('fires for the same subject and attribute, not for another subject, and can be switched off', () => {
    const { mem: m, ids } = home([{ text: '[hermes] archive_weekly 每周日 04:00 跑', time: '2026-04-01T10:00:00+08:00' }]);
    const other = m.add({ text: '[hermes] backup_daily 每周六 22:00 跑', time: '2026-05-01T10:00:00+08:00' });
    expect(other.supersedes).toEqual([]);
    const same = m.add({ text: '[hermes] archive_weekly 每周六 22:00 跑', time: '2026-05-02T10:00:00+08:00' });
    expect(same.supersedes.map((e) => [e.oldId, e.method, e.inferred])).toEqual([[ids[0], 'inferred', true]]);

    const dir = path.join(tempDir(), 'off');
    const off = createOptmem({ dir, create: true, durable: false });
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ supersession: { inferCorrections: false } }));
    off.close();
    const m2 = createOptmem({ dir, durable: false });
    m2.add({ text: '[hermes] archive_weekly 每周日 04:00 跑', time: '2026-04-01T10:00:00+08:00' });
    expect(m2.add({ text: '[hermes] archive_weekly 每周六 22:00 跑', time: '2026-05-02T10:00:00+08:00' }).supersedes).toEqual([]);
    m2.close();
  });

  it('one fact changes at a time: 10 英里 PB beside 10 公里 PB is another race, not a new time', () => {
    const { mem: m } = home([{ text: '10 公里 PB 42:15', time: '2026-04-01T10:00:00+08:00' }]);
    expect(m.add({ text: '10 英里 PB 1:12:30', time: '2026-04-01T10:01:00+08:00' }).supersedes).toEqual([]);
  });

  it('what happens once is no restatement: 这周三训练在室外场 does not change Friday practice', () => {
    const { mem: m } = home([{ text: '初三队 周五训练 在体育馆B场', time: '2026-02-20T18:05:00+08:00', project: 'hoops' }]);
    expect(m.add({ text: '初三队 这周三训练 在室外场，体育馆要考试', time: '2026-03-04T12:00:00+08:00', project: 'hoops' }).supersedes).toEqual([]);
  });

  it('a generic qualifier does not make another subject the same: 应用日志 does not restate caddy 日志', () => {
    const { mem: m } = home([{ text: '[hermes] caddy 日志保留 21 天', time: '2026-04-01T10:00:00+08:00' }]);
    expect(m.add({ text: '[hermes] 应用日志保留 45 天', time: '2026-04-01T10:05:00+08:00' }).supersedes).toEqual([]);
  });
});

describe('link and unlink: append-only events that resolution and history honour', () => {
  it('unlink undoes a wrong link, link makes one, the newest event decides, and a rebuild keeps it all', () => {
    const { mem: m, ids } = home([
      { text: '[code] 后端端口 8080', time: '2026-04-01T10:00:00+08:00', project: 'shop' },
      { text: '[code] admin 面板端口 9000', time: '2026-04-01T10:05:00+08:00', project: 'shop' },
    ]);
    const c = correct(m, '[code] 〔更正〕后端端口改为 9090，8080 作废', undefined, 'shop');
    expect(c.linked).toEqual([ids[0]]);
    const newId = c.res.record.id;

    const u = m.unlink({ newId, oldId: ids[0]!, why: 'test' });
    expect(u.event?.kind).toBe('event');
    expect(u.edge).toBeNull();
    expect(m.links(newId).out).toEqual([]);
    expect(m.unlink({ newId, oldId: ids[0]! }).event).toBeNull(); // nothing left to unlink: nothing written

    const l = m.link({ newId, oldId: ids[1]!, why: 'the admin port was meant' });
    expect(l.edge?.method).toBe('linked');
    expect(m.links(newId).out.map((e) => e.oldId)).toEqual([ids[1]]);

    const h = m.history(ids[0]!)!;
    expect(h.events.map((e) => e.verb)).toEqual(['unlink']);
    expect(m.search({ query: 'admin 面板端口', now: '2026-06-02T00:00:00+08:00' }).results.find((r) => r.id === ids[1])?.superseded).toBe(true);

    // Events are records of the log, never search results, and survive a rebuild from the files.
    expect(m.search({ query: 'unlink', now: '2026-06-02T00:00:00+08:00' }).results).toEqual([]);
    m.reindex();
    expect(m.links(newId).out.map((e) => [e.oldId, e.method])).toEqual([[ids[1], 'linked']]);
    expect(fs.readFileSync(path.join(m.home, 'log', ...u.event!.time.slice(0, 7).split('-'), `${u.event!.time.slice(0, 10)}.md`), 'utf8')).toContain(`unlink ${newId} ${ids[0]}`);
  });

  it('refuses a link to a newer record, an unknown id, and an event record', () => {
    const { mem: m, ids } = home([
      { text: '[code] 后端端口 8080', time: '2026-04-01T10:00:00+08:00', project: 'shop' },
      { text: '[code] 后端端口 9090', time: '2026-05-01T10:00:00+08:00', project: 'shop' },
    ]);
    expect(() => m.link({ newId: ids[0]!, oldId: ids[1]! })).toThrow(/newer/);
    expect(() => m.link({ newId: ids[1]!, oldId: 'nope123' })).toThrow(/no record/);
    expect(() => m.add({ text: 'banana', kind: 'event' })).toThrow(/event record/);
    const other = m.add({ text: '[code] 后端端口 7070', time: '2026-06-01T10:00:00+08:00', project: 'infra' }).record;
    expect(() => m.link({ newId: other.id, oldId: ids[0]! })).toThrow(/own project/);
  });
});

describe('evidence from values: copies, value slots, and what an attribute word is of', () => {
  const T = (d: number, h = 10) => `2026-04-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00+08:00`;

  it('copies of one fact share a channel or an identifier the correction does not hold: both are superseded', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] nightly_sync 推送到 #infra', time: T(1) },
      { text: '[hermes] 提醒：nightly_sync 的推送频道是 #infra', time: T(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕nightly_sync 以后推送到 #infra-alerts').linked.sort()).toEqual([...ids].sort());
  });

  it('a copy worded so that it is refused on its own is taken with the target: it holds the subject and the old value', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 照片备份保留 60 天', time: T(1) },
      { text: '[hermes] 每周日 03:00 删掉 60 天前的照片备份', time: T(2) },
      { text: '[hermes] 照片同步每晚 23:00 跑', time: T(3) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕照片备份只留 20 天，磁盘不够').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('the same fact of two people is two facts, not copies: 老婆体检 and 我的体检 are ambiguous, linked to neither', () => {
    const { mem: m } = home([
      { text: '老婆体检约了周六上午 8 点', time: T(1) },
      { text: '我的体检约了周六上午 8 点，空腹', time: T(2) },
    ]);
    const c = correct(m, '〔更正〕体检改到下周六了', T(9));
    expect(c.linked).toEqual([]);
    expect(c.res.resolution?.status).toBe('ambiguous');
  });

  it('an upper-case identifier is one name, not an acronym of its own: CACHE_TTL corrected again links its last version', () => {
    const { mem: m, ids } = home([
      { text: '[code] CACHE_TTL 600 秒，商品价格缓存', time: T(1), project: 'trip' },
      { text: '[code] 〔更正〕CACHE_TTL 从600改成300，价格太旧被 QA 提了 bug', time: T(3), project: 'trip' },
    ]);
    expect(correct(m, '[code] 〔更正〕CACHE_TTL 再改成 900，300 把 Redis 打得太狠', T(9), 'trip').linked).toEqual([ids[1]]);
  });

  it('value-slot alignment: a bare number shaped like the port restated is the old port', () => {
    const { mem: m, ids } = home([{ text: '[code] queue-svc runs on 7400', time: T(1), project: 'shop' }]);
    const r = m.add({ text: '[code] queue-svc port: 7401', time: T(5), project: 'shop' });
    expect(r.supersedes.map((e) => [e.oldId, e.inferred])).toEqual([[ids[0], true]]);
  });

  it('a plain record restating a setting with no digits (an address) is a restatement too', () => {
    const { mem: m, ids } = home([{ text: '[code] pihole 上游 DNS 用 119.29.29.29', time: T(1), project: 'shop' }]);
    const r = m.add({ text: '[code] pihole 上游 DNS：https://dns.alidns.com/dns-query', time: T(5), project: 'shop' });
    expect(r.supersedes.map((e) => [e.oldId, e.inferred])).toEqual([[ids[0], true]]);
  });

  it('the old value found by pairing: of two ports the correction states, the candidate holds one', () => {
    const { mem: m, ids } = home([{ text: '[code] Navidrome 跑在 4533', time: T(1) }]);
    expect(correct(m, '〔更正〕navidrome 换到 4600 了，4533 被周报和 CI 占了').linked).toEqual([ids[0]]);
  });

  it('the same attribute word qualified differently is another attribute: 备份目录 is not 数据目录', () => {
    const { mem: m } = home([{ text: '[code] gitea 的数据目录 /var/lib/gitea', time: T(1) }]);
    expect(correct(m, '[code] 〔更正〕gitea 备份目录换到 /mnt/b2/gitea').linked).toEqual([]);
  });

  it('a quoted old value does not link a record that names another thing of its own', () => {
    const { mem: m } = home([{ text: '[code] MinIO 端口 9000', time: T(1) }]);
    expect(correct(m, '[code] 〔更正〕Portainer 端口是 9443 不是 9000').linked).toEqual([]);
  });

  it('a restatement changes a schedule of one kind: a weekday reminder does not restate a time of day', () => {
    const { mem: m } = home([{ text: '[hermes] 洗衣机每天 07:00 启动', time: T(1) }]);
    expect(m.add({ text: '[hermes] 洗衣机每周六提醒清滤网，放 2 片清洁片', time: T(5) }).supersedes).toEqual([]);
  });

  it('a second job of one kind is no restatement: another source path and another time at once', () => {
    const { mem: m } = home([{ text: '[hermes] Hyper Backup：/volume1/shop → USB 外接盘，每天 02:30', time: T(1) }]);
    expect(m.add({ text: '[hermes] Hyper Backup：/volume1/finance → Backblaze B2，每天 03:30', time: T(2) }).supersedes).toEqual([]);
  });

  it('a deadline is not a publishing time: 截稿每周三 18:00 is not restated by 每周四 20:00 发', () => {
    const { mem: m } = home([{ text: '[openclaw] 读书笔记截稿每周三 18:00', time: T(1) }]);
    expect(m.add({ text: '[openclaw] 读书笔记每周四 20:00 发', time: T(5) }).supersedes).toEqual([]);
  });

  it('a word put before a name both records give describes it: 晨报 morning_brief is restated by morning_brief', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 晨报 morning_brief 每天 07:00 发到 Telegram', time: T(1) }]);
    const r = m.add({ text: '[hermes] morning_brief 每天 07:45 推到 Telegram', time: T(5) });
    expect(r.supersedes.map((e) => e.oldId)).toEqual([ids[0]]);
  });

  it('every other week is a schedule: 改成双周更 does not link the series cover template', () => {
    const { mem: m } = home([{ text: '[openclaw] 「读书笔记」系列封面用绿色模板', time: T(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕读书笔记系列改成双周更').linked).toEqual([]);
  });
});

describe('old values said to be retired', () => {
  it('"b2-eu 停用" quotes b2-eu as the old value: both copies that name it are superseded', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 照片异地备份的 rclone remote 叫 b2-eu', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 提醒：照片异地备份用的 rclone remote 是 b2-eu', time: '2026-04-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕照片异地备份 remote 已换成 b2-us（美国 region），b2-eu 停用').linked.sort()).toEqual([...ids].sort());
  });
});

describe('read off the fifth blind pair (corr-y1, corr-y2)', () => {
  it('the main account is not the alt: 大号简介改成… does not link the 小号 bio, nor a 小红书 post sharing words of the new name', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 小号简介：ICU 夜班日常', time: '2026-04-01T10:00:00+08:00' },
      { text: '[openclaw] 小红书那篇「夜班护士的便当」数据不错，可以出续集', time: '2026-04-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕大号简介改成「写给夜班人的健康笔记」').linked).toEqual([]);
    expect(correct(m, '[openclaw] 〔更正〕公号改名了，现在叫「夜班护士手记」').linked).not.toContain(ids[1]);
  });

  it('words only the correction has count against a candidate that shares one other: Pi-hole 拦截列表 is not its 白名单', () => {
    const { mem: m } = home([{ text: 'Pi-hole 白名单里加了微信的几个域名', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕Pi-hole 的拦截列表只留 OISD 一个了').linked).toEqual([]);
  });

  it('two weekly jobs on different days at one hour are two facts, not copies', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] Weekly backup of the lanternmod repo mirror: Saturday 02:00', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] Weekly backup of the questbot database: Sunday 02:00', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '[hermes] Correction: the DB backup is Sunday 01:00 now').linked).not.toContain(ids[0]);
  });

  it('a price going up and a time it starts from end the subject: 物业费今年涨到 3120 links the 2860 record', () => {
    const { mem: m, ids } = home([{ text: '物业费每年 3 月交，2860 元', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕物业费今年涨到 3120 了').linked).toEqual([ids[0]]);
  });

  it('an amount a month is no schedule: 房租改成每月 1 号前转 links 每月 5 号前转账, not 房租每月 4500', () => {
    const { mem: m, ids } = home([
      { text: '房租每月 4500', time: '2026-04-01T10:00:00+08:00' },
      { text: '房租每月 5 号前转账', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕房租改成每月 1 号前转').linked).toEqual([ids[1]]);
  });

  it('one payment channel is not another: 微信支付对账 does not link 支付宝对账', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 每月 3 号拉支付宝账单对账', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 每月 3 号拉微信支付账单对账', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕微信支付账单要 T+2 才齐，对账挪到每月 5 号').linked).toEqual([ids[1]]);
  });

  it('an old number named in an aside (之前是 3 次) rules out a record that never held it', () => {
    const { mem: m } = home([{ text: '[code] pricebot 每 15 分钟同步一次', time: '2026-04-01T10:00:00+08:00', project: 'pricebot' }]);
    expect(correct(m, '[code] 〔更正〕pricebot 调 Shopify 失败后最多重试 5 次（之前是 3 次），间隔 10s', undefined, 'pricebot').linked).toEqual([]);
  });

  it('主服务端口 names a port, not the 服务端 side: the port correction links its record', () => {
    const { mem: m, ids } = home([{ text: '[code] pricebot 现在监听 :8087，nginx 反代到 /pricebot/', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[code] 〔更正〕pricebot 主服务端口从 8087 改成 8090 了').linked).toEqual([ids[0]]);
  });

  it('two records naming two members of one group are two facts, not copies: the EU rate is not a copy of the US rate', () => {
    const { mem: m, ids } = home([
      { text: 'Shipping profile: flat rate to the US is $35 via DHL Express', time: '2026-04-01T10:00:00+08:00' },
      { text: 'Shipping profile: flat rate to the EU is also $35 via DHL Express', time: '2026-04-01T10:05:00+08:00' },
    ]);
    expect(correct(m, 'Correction: the flat rate to the US is no longer $35, bumped it to $42').linked).toEqual([ids[0]]);
  });

  it('a class is a name: 三年级四班的阅读课 does not link 三年级二班的阅读课', () => {
    const { mem: m } = home([{ text: '[hermes] 每周三下午 15:50 提醒我带三年级二班去图书馆上阅读课', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[hermes] 〔更正〕三年级四班的阅读课改到周四下午了，图书馆周三被借去办活动').linked).toEqual([]);
  });

  it('an identifier written with a space is placed where it stands: 2 栋 after 搬了 is the new value, not a name', () => {
    const { mem: m, ids } = home([
      { text: '家教地址：高一物理那家在锦绣花园 3 栋 1202', time: '2026-04-01T10:00:00+08:00' },
      { text: '家教地址：初二数学那家在江南小区 5 栋 301', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕物理那家搬了，现在在滨江苑 2 栋 601').linked).toEqual([ids[0]]);
  });

  it('one CI is not another: the Jenkins nightly build is absent when only GitHub Actions is recorded', () => {
    const { mem: m } = home([{ text: '[hermes] kite GitHub Actions nightly build 22:00', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[hermes] 〔更正〕kite 的 Jenkins 夜间构建改 23:00').linked).toEqual([]);
  });

  it('a place and a distance are attributes: LSD 地点 does not link LSD 距离, nor 300km a purchase date', () => {
    const { mem: m } = home([
      { text: '周六 LSD 距离 25km', time: '2026-04-01T10:00:00+08:00' },
      { text: 'Pegasus Trail 4 越野鞋 2025-11 买的', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕周六 LSD 地点改到奥森').linked).toEqual([]);
    expect(correct(m, '〔更正〕Pegasus Trail 已经跑了 300km 了', '2026-06-02T10:00:00+08:00').linked).toEqual([]);
  });

  it('a bound is no subject: 清理任务挪到周六凌晨 links 每周日 03:00 清理 /tmp 下超过 7 天的文件', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 每周日 03:00 清理 /tmp 下超过 7 天的文件', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[hermes] 〔更正〕清理任务挪到周六凌晨').linked).toEqual([ids[0]]);
  });

  it('the same attribute of the same unnamed thing: "webhook timeout now 20s" links "webhook timeout raised to 10s"', () => {
    const { mem: m, ids } = home([{ text: '[code] Correction: webhook timeout raised to 10s', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[code] Correction: webhook timeout now 20s, WeChat API is slow around shift change').linked).toEqual([ids[0]]);
  });
});

describe('the same relative said another way', () => {
  it('闺女 is 女儿: "闺女周三改 5 点放学了" links "女儿周三下午 4 点半放学"', () => {
    const { mem: m, ids } = home([{ text: '女儿周三下午 4 点半放学，我接', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕闺女周三改 5 点放学了').linked).toEqual([ids[0]]);
  });
});

describe('read off the eighth blind pair (corr-z5, corr-z6)', () => {
  it('the old value a correction names is no name of the thing: gpu-05 的卡从 V100 换成 A100 does not link gpu-06 是 8 卡 V100', () => {
    const { mem: m } = home([{ text: '[hermes] gpu-06 是 8 卡 V100', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[hermes] Correction: gpu-05 的卡从 V100 换成 A100 了').linked).toEqual([]);
  });

  it('a part of a snake_case name is a word: the OOD eval script is eval_ood.py, not eval.py', () => {
    const { mem: m, ids } = home([
      { text: '[code] eval.py 默认 batch size 256', time: '2026-04-01T10:00:00+08:00' },
      { text: '[code] eval_ood.py 默认 batch size 256', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '[code] 〔更正〕OOD 那个评测脚本 batch size 改 64，256 会 OOM').linked).toEqual([ids[1]]);
  });

  it('a word read through an alias still qualifies what follows it: the baseline weight decay is not the lora sweep one', () => {
    const { mem: m } = home([{ text: '[code] full-FT baseline 的 weight decay 0.1', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[code] 〔更正〕lora sweep 的 weight decay 应为 0.01，之前脚本里写成 0.1 了').linked).toEqual([]);
  });

  it('weight is not capacity: 大号茶壶净重 520 克 does not link 大号茶壶容量 450ml', () => {
    const { mem: m } = home([{ text: '大号茶壶容量 450ml', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕大号茶壶净重 520 克').linked).toEqual([]);
  });

  it('a meeting place is not its time: 1:1 改在导师办公室当面开 does not link 和导师的 1:1 在每周二 10:00', () => {
    const { mem: m } = home([{ text: '和导师的 1:1 在每周二 10:00', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕1:1 改在导师办公室 3-210 当面开，不用腾讯会议了').linked).toEqual([]);
  });
});

describe('read off the ninth blind pair (corr-z7, corr-z8)', () => {
  it('a part of the day naming the job is no schedule the correction changes: 夜间转码的并发 does not link 夜间转码 job 23:30 开始', () => {
    const { mem: m } = home([{ text: '[hermes] 夜间转码 job 23:30 开始', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '[hermes] 〔更正〕夜间转码的并发改成 2 路，4 路一起跑 NAS 直接卡死').linked).toEqual([]);
  });

  it('two jobs at one hour, each opening with the time, are two facts: "夜里 23:30 那个 job" links neither', () => {
    const { mem: m } = home([
      { text: '[hermes] 夜间转码 23:30 开始', time: '2026-04-01T10:00:00+08:00' },
      { text: '[hermes] 夜间工程备份 23:30 开始', time: '2026-04-01T10:01:00+08:00' },
    ]);
    const r = correct(m, '[hermes] 〔更正〕夜里 23:30 那个 job 改到 01:00');
    expect(r.linked).toEqual([]);
  });

  it('a contact detail is an attribute: 阿杰换微信号 does not link 阿杰粗剪每周二交', () => {
    const { mem: m } = home([{ text: '阿杰粗剪每周二交', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕阿杰换微信号了，新的是 ajie_cut2026').linked).toEqual([]);
  });

  it('时间线 is no time, and a size in bytes is a value: 剪辑笔记本其实是 16GB links 剪辑笔记本内存 32GB', () => {
    const { mem: m, ids } = home([{ text: '剪辑笔记本内存 32GB', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕剪辑笔记本其实是 16GB，之前记错了，难怪开 4K 时间线卡').linked).toEqual([ids[0]]);
  });
});

describe('read off the tenth blind pair (corr-z9, corr-z10)', () => {
  it('an old value written as a day and a time apart (从周二 19:30 改到…) rules out a record holding neither: the 西语 class, not the 西语 corner', () => {
    const { mem: m, ids } = home([
      { text: '西班牙语课每周二晚上 19:30，在语言中心三楼', time: '2026-04-01T10:00:00+08:00' },
      { text: '西语口语角每周六下午 15:00，在楼下咖啡馆', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕西语课从周二 19:30 改到周四 19:00 了').linked).toEqual([ids[0]]);
  });

  it('two people by their everyday names are two people: 小陈改上晚班 does not link 小刘上晚班; 交给小何 names the new one', () => {
    const { mem: m } = home([{ text: '小刘上晚班，3点到10点', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕小陈改上晚班').linked).toEqual([]);
  });

  it('one delivery platform is not another: the Ele.me radius does not link the Meituan radius', () => {
    const { mem: m } = home([{ text: 'Meituan delivery radius for the Chunxi shop: 3 km', time: '2026-04-01T10:00:00+08:00' }]);
    expect(correct(m, 'Correction: Ele.me radius for Chunxi is 3 km now').linked).toEqual([]);
  });

  it('a salary is an attribute: 小刘 salary 调到4500 links 小刘 月薪4200, not the payday reminder', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 每月10号提醒发工资', time: '2026-04-01T10:00:00+08:00' },
      { text: '小刘 月薪4200', time: '2026-04-01T10:01:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕小刘 salary 调到4500，这个月起').linked).toEqual([ids[1]]);
  });

});

describe('read off the eleventh blind pair (corr-z11, corr-z12)', () => {
  it('a correction naming no attribute, with one record of the thing naming its time and one its place: linked to neither', () => {
    const { mem: m } = home([
      { text: '康润 3/18 同传 地点：国家会展中心', time: '2026-03-01T10:00:00+08:00' },
      { text: '康润 3/18 同传 时间：09:00–17:00', time: '2026-03-01T10:01:00+08:00' },
    ]);
    const { linked, res } = correct(m, '更正：康润那场同传改到浦东香格里拉');
    expect(linked).toEqual([]);
    expect(res.resolution?.status).toBe('ambiguous');
  });

  it('a record refused as the channel of another thing (the butler one, not the demo one) is not taken as a copy', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] itch.io 的 butler channel：`tidewalker:windows`', time: '2026-03-01T10:00:00+08:00' },
      { text: '[hermes] itch.io demo 的 butler channel：`tidewalker-demo:windows`', time: '2026-03-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] Correction: demo channel renamed to `tidewalker-demo:win64`').linked).toEqual([ids[1]]);
  });

  it('a value both hold in the subject (Windows preset) is not the attribute the correction names (its icon)', () => {
    const { mem: m } = home([{ text: '[code] Windows preset 输出 `build/win/Tidewalker.exe`', time: '2026-03-01T10:00:00+08:00' }]);
    expect(correct(m, '[code] 〔更正〕Windows preset 的图标换成 `icon_v2.ico`').linked).toEqual([]);
  });

  it('a word the segmenter keeps inside a longer one (私教 in 私教课) still finds its record, through character pairs', () => {
    const { mem: m, ids } = home([
      { text: '乐刻 私教课：每周三 19:00', time: '2026-03-01T10:00:00+08:00' },
      { text: '乐刻 团课：每周六 10:00', time: '2026-03-02T10:00:00+08:00' },
    ]);
    expect(correct(m, '更正：私教从周三19点改到周四20点了，教练周三要带团课').linked).toEqual([ids[0]]);
  });

  it('a plain record saying a setting changed (now targets) supersedes the older statement, inferred and switchable; one about another thing does not', () => {
    const { mem: m, ids } = home([
      { text: '[code] termkit CI runs on Python 3.10', time: '2026-03-01T10:00:00+08:00' },
      { text: '[code] docs site builds with Python 3.10 too', time: '2026-03-02T10:00:00+08:00' },
    ]);
    const edges = m.add({ text: '[code] termkit CI now targets Python 3.12', time: '2026-05-01T10:00:00+08:00' }).supersedes;
    expect(edges.map((e) => [e.oldId, e.inferred])).toEqual([[ids[0], true]]);
    expect(m.add({ text: '[code] the release bot now runs on Node 22', time: '2026-05-02T10:00:00+08:00' }).supersedes).toEqual([]);
  });

  it('with inferCorrections off, a plain record saying a setting changed supersedes nothing', () => {
    const dir = path.join(tempDir(), 'home');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ supersession: { inferCorrections: false } }));
    mem = createOptmem({ dir, create: true, durable: false });
    mem.add({ text: '[code] termkit CI runs on Python 3.10', time: '2026-03-01T10:00:00+08:00' });
    expect(mem.add({ text: '[code] termkit CI now targets Python 3.12', time: '2026-05-01T10:00:00+08:00' }).supersedes).toEqual([]);
  });

  it('the words of a rule (任何, 只能, 没有, never) are no qualifiers: a red line replacing a red line is not refused over them', () => {
    const { mem: m, ids } = home([{ text: '〔红线〕任何原始测序数据（fastq）不得删除，只能归档到 labnas', time: '2026-03-01T10:00:00+08:00' }]);
    const { linked } = correct(m, '〔红线〕〔更正〕原始 fastq 一律不得删除，须在 labnas 和磁带库各归档一份');
    expect(linked).toEqual([ids[0]]);
  });
});

describe('read off the twelfth blind pair (corr-z13, corr-z14)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('the opening time restated does not restate the closing time: 开门 and 关门 are two facts', () => {
    const { mem: m, ids } = home([
      { text: '托育 17:30 关门', time: t(1) },
      { text: '豆豆托育 早上 7:30 开门', time: t(2) },
    ]);
    expect(m.add({ text: '托育现在 7:15 就开门了，早班能赶上', time: t(20) }).supersedes.map((e) => e.oldId)).not.toContain(ids[0]);
  });

  it('what the correction says stays as it was is not what it changes: 笔试日期不变', () => {
    const { mem: m } = home([{ text: '执医笔试 8月23日', time: t(1) }]);
    expect(correct(m, '更正：笔试日期不变 8月23，准考证 8月10日开始打印').linked).toEqual([]);
  });

  it('another person by surname and title is another person (林先生 / 刘先生); 老周 and 周师傅 may be one', () => {
    const { mem: m, ids } = home([
      { text: '10/5 婚礼 客户刘先生，场地千岛湖希尔顿', time: t(1) },
      { text: '相机维修找周师傅，店在城隍庙旧货市场二楼 214', time: t(2) },
    ]);
    expect(correct(m, '更正：10/4 林先生那场的场地是良渚君澜').linked).toEqual([]);
    expect(correct(m, '〔更正〕老周的店搬了，现在在福佑路 88 号一楼，旧货市场那边已经关了', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[1]]);
  });

  it('a schedule of another kind: a time of day does not correct a record stating only the weekday', () => {
    const { mem: m } = home([{ text: '周四 JC 在示教室3', time: t(1) }]);
    expect(correct(m, '更正：JC 改到 12:00 开始').linked).toEqual([]);
  });

  it('a subject word inside the quoted old value (教室 of 示教室3) does not carry a link to a record of another thing', () => {
    const { mem: m } = home([{ text: '科室业务学习 周二 16:00，示教室3', time: t(1) }]);
    expect(correct(m, '更正：JC 从示教室3 改到示教室5 了，3 被规培考试征用').linked).toEqual([]);
  });

  it('a brand is an attribute: the dewormer brand changed does not correct when it is given', () => {
    const { mem: m } = home([{ text: '豆包每月 1 号吃驱虫药', time: t(1) }]);
    expect(correct(m, '更正：豆包的驱虫药 brand 换成 NexGard Spectra 了').linked).toEqual([]);
  });

  it('a newer red line stating the same slot with another value, without saying it replaces the older, does not override it', () => {
    const { mem: m, ids } = home([{ text: '[code] 〔红线〕不要动 draft 端口 4533', time: t(1) }]);
    const edges = m.add({ text: '[code] 〔红线〕draft port 5166 不要动', time: t(9) }).supersedes;
    expect(edges.filter((e) => !e.blocked).map((e) => e.oldId)).not.toContain(ids[0]);
    expect(m.history(ids[0]!)!.chain.find((c) => c.record.id === ids[0])!.superseded).toBe(false);
  });
});

describe('read off the thirteenth blind pair (corr-z15, corr-z16)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('a class or a room by its number or letter is a name: (3)班 is not 高二(5)班, Lab B is not Lab A', () => {
    const { mem: m, ids } = home([
      { text: '高二(3)班实验课：周三下午第 5、6 节，实验室B', time: t(1) },
      { text: '高二(5)班实验课：周四上午第 3、4 节，实验室B', time: t(2) },
      { text: 'Lab A fume hood inspection: every Monday morning', time: t(3) },
      { text: 'Lab B safety check: every Monday morning before first period', time: t(4) },
    ]);
    expect(correct(m, '更正：(3)班的实验课从周三挪到周五下午第 5、6 节，周三下午要开教研会').linked).toEqual([ids[0]]);
    expect(correct(m, 'Correction: the weekly inspection of Lab B is now Tuesday, Monday mornings clash with the flag ceremony', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[3]]);
  });

  it('"held in" names a place: where an exam is held does not correct when it is', () => {
    const { mem: m } = home([{ text: 'Midterm chemistry exam on April 20, 8:00-9:30', time: t(1) }]);
    expect(correct(m, 'Correction: the midterm chemistry exam will be held in the lecture hall, not in classrooms').linked).toEqual([]);
  });

  it('an English date is a date: a race day does not correct a finishing time', () => {
    const { mem: m } = home([{ text: 'Half marathon PB 1:41:20', time: t(1) }]);
    expect(correct(m, 'Correction: the Hangzhou half marathon is on Nov 2, not Nov 9').linked).toEqual([]);
  });

  it('a record opening with another member of a group is about that one, whatever it is compared with (极兔 … 跟顺丰前后脚)', () => {
    const { mem: m, ids } = home([
      { text: '顺丰每天下午 17:30 来家里揽收，东西要提前打好包', time: t(1) },
      { text: '极兔的车也是 17:30 左右到，跟顺丰前后脚', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕搞错了，顺丰不是17:30，是18:00才来收').linked).toEqual([ids[0]]);
  });

  it('an attribute the correction says stays as it was (时间不变) is not what it changes', () => {
    const { mem: m } = home([{ text: '需求评审固定每周四 14:00', time: t(1) }]);
    expect(correct(m, '〔更正〕需求评审换到 5 楼小会议室，时间不变').linked).toEqual([]);
  });
});

describe('read off the fourteenth blind pair (corr-z17, corr-z18)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('a target disk named (目标盘) is the attribute: it does not correct when the backup runs', () => {
    // (The background's "备份到 NAS /volume1/backup" states the target disk: linking that one is right.)
    const { mem: m, ids } = home([{ text: '[hermes] NAS 备份 每晚 02:00 跑', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕NAS 备份的目标盘换成 volume2').linked).not.toContain(ids[0]);
  });

  it('waking a screen and switching it off are two facts, the verb read anywhere in the correction', () => {
    const { mem: m } = home([{ text: '[code] Photo frame turns the screen off at 22:30.', time: t(1) }]);
    expect(correct(m, '[code] Correction: the photo frame screen now wakes up at 07:00.').linked).toEqual([]);
  });

  it('a date naming the occasion before the change: another date is another occasion', () => {
    const { mem: m } = home([{ text: '2026年5月13日下午2:00在西湖断桥与旅行团集合。', time: t(1) }]);
    expect(correct(m, '更正：2026年5月14日的西湖游船改为下午2:00出发。').linked).toEqual([]);
  });

  it('更正一下： opens a correction, and what it says is still so (仍) is not what it changes', () => {
    const { mem: m, ids } = home([
      { text: '婚礼跟拍 Lily 负责', time: t(1) },
      { text: '[hermes] 树莓派上的照片每天凌晨3:00备份到 NAS。', time: t(2) },
    ]);
    const first = m.add({ text: '更正一下：婚礼跟拍换成 Mia 负责了', time: t(10) });
    expect(first.record.kind).toBe('correction');
    expect(first.supersedes.map((e) => e.oldId)).toEqual([ids[0]]);
    expect(correct(m, '[hermes] 更正：树莓派系统盘的整盘备份改为每月15日进行，仍存到 NAS。').linked).toEqual([]);
  });
});


describe('read off the fifteenth blind pair (corr-z19, corr-z20)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('a part of the day naming the occasion: the evening reading does not correct the morning one', () => {
    const { mem: m } = home([{ text: '爸早上 7 点量血压', time: t(1) }, { text: '每晚 22:00 关店门', time: t(2) }]);
    expect(correct(m, '〔更正〕爸晚上量血压定在 8 点，吃完饭一小时').linked).toEqual([]);
  });

  it('a part of the day that is part of the new time names no occasion', () => {
    const { mem: m, ids } = home([{ text: '相册同步每天早上 7 点跑', time: t(1) }]);
    expect(correct(m, '〔更正〕相册同步改到晚上 11 点').linked).toEqual([ids[0]]);
  });

  it('a record that says it is not about the subject is no target', () => {
    const { mem: m } = home([{ text: 'Acme Labs explainer (the SaaS one, not Acme shoes): final due Apr 12', time: t(1) }]);
    expect(correct(m, 'Correction: Acme shoes final is due Apr 19').linked).toEqual([]);
  });

  it('bit rate is an attribute: a colour-space note of the same preset is not its target', () => {
    const { mem: m, ids } = home([
      { text: 'YT_4K_HDR 预设色彩空间 Rec.2100 PQ', time: t(1) },
      { text: 'YT_4K_HDR 导出码率 60Mbps', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕YT_4K_HDR 码率改 80Mbps').linked).toEqual([ids[1]]);
  });

  it('an identifier that goes on with an underscore is another one', () => {
    const { mem: m, ids } = home([
      { text: 'Lumen_Web_1080_Vertical → 8Mbps', time: t(1) },
      { text: 'Lumen 项目导出预设 Lumen_Web_1080 → 10Mbps', time: t(2) },
    ]);
    expect(correct(m, '更正：Lumen_Web_1080 码率提到 12Mbps，客户嫌糊').linked).toEqual([ids[1]]);
  });

  it('a bare old number takes the unit of the new value (码率 45 改 60Mbps replaced 45Mbps)', () => {
    const { mem: m, ids } = home([{ text: 'YouTube 4K 导出码率定的 45Mbps，H.264', time: t(1) }]);
    expect(correct(m, '更正：码率 45 改 60Mbps 了，45 的暗部色块太明显').linked).toEqual([ids[0]]);
  });

  it('rooms by letter are names', () => {
    const { mem: m } = home([{ text: '排练室 A 一小时 150', time: t(1) }]);
    expect(correct(m, '〔更正〕排练室 B 涨到一小时 180 了').linked).toEqual([]);
  });

  it('"main" says which channel', () => {
    const { mem: m } = home([{ text: 'Main channel uploads every Saturday', time: t(1) }]);
    expect(correct(m, 'Correction: the podcast channel uploads on Mondays now').linked).toEqual([]);
  });

  it('a word the segmenter cuts across the change cue is read whole (补货单改)', () => {
    const { mem: m, ids } = home([{ text: '[code] stockbot 每天 07:00 生成补货单', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕补货单改 06:30 出').linked).toEqual([ids[0]]);
  });
});

describe('read off the sixteenth blind pair (corr-z21, corr-z22)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('a course code is a name: ECON 3011 is not ECON 301, and 301 is no old value', () => {
    const { mem: m } = home([{ text: 'ECON 301 期末考试 6月20日 9:00', time: t(1) }]);
    expect(correct(m, '〔更正〕ECON 3011 荣誉班期末考试改到6月22日').linked).toEqual([]);
  });

  it('a weekday naming the occasion: the Saturday meeting point does not correct the Tuesday one', () => {
    const { mem: m } = home([{ text: '跑团周二间歇跑集合点：学校田径场东看台', time: t(1) }]);
    expect(correct(m, '〔更正〕周六长距离集合点换到东门停车场，北门在修路').linked).toEqual([]);
  });

  it('a weekday that is the new value names no occasion (a plain record restating the schedule)', () => {
    const { mem: m, ids } = home([{ text: '[hermes] archive_weekly 每周日 04:00 跑', time: t(1) }]);
    const r = m.add({ text: '[hermes] archive_weekly 每周六 22:00 跑', time: t(20) });
    expect(r.supersedes.map((e) => e.oldId)).toEqual([ids[0]]);
  });

  it('sharing only the person is not enough: the swimming class does not correct the piano reminder', () => {
    const { mem: m } = home([{ text: '[hermes] 每周六 09:00 提醒带女儿去琴行', time: t(1) }]);
    expect(correct(m, '〔更正〕女儿的游泳课改到周日上午').linked).toEqual([]);
  });
});

describe('read off the seventeenth blind pair (corr-z23, corr-z24)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('a title the correction names its thing by: another title is another thing', () => {
    const { mem: m } = home([{ text: "Etsy: 'Harbour at Dawn', A3, US$42", time: t(1) }]);
    expect(correct(m, "Correction: 'Harbour at Dusk' in A3 is US$45.").linked).toEqual([]);
  });

  it('a title written as the old value is no name (「大二」改成「大三」)', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] 小红书简介：「双非大二 | Unity mod 作者」', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕小红书简介里的「大二」改成「大三」了').linked).toEqual([ids[0]]);
  });

  it('two trucks at one time are two facts, not copies: a correction naming neither links neither', () => {
    const { mem: m } = home([
      { text: '老解放（沪A·12345）04:30 出车', time: t(1) },
      { text: '新解放（沪A·66018）04:30 出车', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕解放 那台 出车 改 05:00').linked).toEqual([]);
  });

  it('an object number the record opens with names the thing: another number is another object', () => {
    const { mem: m } = home([{ text: '[hermes] 2019.45.3 借展保险估值 HK$400,000', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕2019.45.30 的保险估值是 HK$450,000').linked).toEqual([]);
  });

  it('voice parts and humidifiers are groups of their own: 男低音 ≠ 女低音, 加湿器 ≠ 除湿机', () => {
    const { mem: m } = home([{ text: '合唱团女低音分部排练每周二 19:00', time: t(1) }]);
    expect(correct(m, '〔更正〕男低音分部排练改到周一 19:00').linked).toEqual([]);
  });
});

describe('read off the eighteenth blind pair (corr-z25, corr-z26)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('one noun told apart by size: the small autoclave does not correct the big one', () => {
    const { mem: m } = home([{ text: '[hermes] 大灭菌器每天 18:00 跑最后一锅', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕小灭菌器最后一锅改到 17:30').linked).toEqual([]);
  });

  it('floors are names: the 5F printer is not the 3F one, even with the old value quoted', () => {
    const { mem: m } = home([{ text: '3F printer takes HP 414A toner', time: t(1) }]);
    expect(correct(m, 'Correction: the 5F printer takes 414X, not 414A').linked).toEqual([]);
  });
});

describe('read off the twenty-first blind pair (corr-z33, corr-z34)', () => {
  const t = (d: number, min = 0) => `2026-02-${String(d).padStart(2, '0')}T16:${String(min).padStart(2, '0')}:00+08:00`;

  it('"us-east-1 min capacity" holds no duration: the region is another one, not a time of one minute', () => {
    const { mem: m } = home([{ text: '[code] payments-gateway us-east-1 min capacity 4', time: t(1), project: 'pay' }]);
    expect(correct(m, '[code] Correction: payments-gateway eu-west-1 的 min capacity 改成 6', undefined, 'pay').linked).toEqual([]);
  });

  it('two printers described apart, written side by side, are two things: neither restates the other', () => {
    const { mem: m, ids } = home([{ text: '[code] Receipt printer IP 192.168.1.50 (front counter)', time: t(2), project: 'shop' }]);
    const second = m.add({ text: '[code] Receipt printer IP 192.168.1.51 (cafe bar)', time: t(2, 1), project: 'shop' });
    expect(second.supersedes).toEqual([]);
    // and a correction naming neither is left ambiguous, not given to the newer one
    expect(correct(m, '[code] Correction: receipt printer IP is now 192.168.1.60', undefined, 'shop').linked).not.toContain(second.record.id);
    expect(ids).toHaveLength(1);
  });
});

describe('chains whose first link had been missed (a reversal then went to the first record)', () => {
  const t = (d: number) => `2026-01-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('an upper-case new value (downsized to SMALL) is no name: the first correction links, and "back to MEDIUM" ends at it', () => {
    const { mem: m, ids } = home([{ text: '[code] Snowflake warehouse WH_TRANSFORM size: MEDIUM.', time: t(5) }]);
    const first = correct(m, '[code] Correction: WH_TRANSFORM downsized to SMALL.', '2026-02-01T10:00:00+08:00');
    expect(first.linked).toEqual([ids[0]]);
    expect(correct(m, '[code] Correction: scratch that, WH_TRANSFORM back to MEDIUM for month-end close.', '2026-03-01T10:00:00+08:00').linked).toEqual([first.res.record.id]);
  });

  it('where a site is hosted is a value of its own kind (Vercel, Cloudflare Pages): 又搬回 Vercel ends at the newest host', () => {
    const { mem: m, ids } = home([
      { text: '[code] menu-site 部署在 Vercel', time: t(5), project: 'menu' },
      { text: '[code] menu-site 域名 menu.lijimian.cn', time: t(5), project: 'menu' },
      { text: '[code] menu-site 仓库在 gitee，主分支 main', time: t(18), project: 'menu' },
    ]);
    const moved = correct(m, '[code] 〔更正〕menu-site moved to Cloudflare Pages', '2026-02-06T16:30:00+08:00', 'menu');
    expect(moved.linked).toEqual([ids[0]]);
    expect(correct(m, '[code] 更正：menu-site 又搬回 Vercel 了，CF 国内访问太慢', '2026-03-19T10:00:00+08:00', 'menu').linked).toEqual([moved.res.record.id]);
  });

  it('课程级别 is the course level: a Chinese correction links the English record', () => {
    const { mem: m, ids } = home([{ text: 'Spanish course level: A2', time: t(6) }]);
    expect(correct(m, '【更正】西语课程级别升到 B1 了').linked).toEqual([ids[0]]);
  });
});

describe('read off the twenty-second blind pair (corr-z35, corr-z36)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('dilute and concentrated nitric acid are two things: 稀硝酸 moving does not move 浓硝酸', () => {
    const { mem: m, ids } = home([
      { text: '稀硝酸（2 mol/L）放在实验室 2 的 B 柜。', time: t(1) },
      { text: '浓硝酸放在实验室 2 的酸柜（A 柜），单独上锁。', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕稀硝酸挪到 C 柜了。').linked).toEqual([ids[0]]);
  });

  it("an aunt is not mother: 姨妈's pills do not take 妈妈's correction", () => {
    const { mem: m } = home([{ text: '姨妈的降压药每天早上 8:00 吃，她自己管。', time: t(1) }]);
    expect(correct(m, '〔更正〕妈妈的降压药改为早上 7:00 吃。').linked).toEqual([]);
  });

  it('a record about a script of its own (backup_db.py on Python 3.10) is no copy of the bot on Python 3.10', () => {
    const { mem: m, ids } = home([
      { text: '[code] hwbot runs on Python 3.10.', time: t(1) },
      { text: '[code] hwbot 数据的备份脚本 backup_db.py 跑在 NAS 上，用的是 NAS 自带的 Python 3.10。', time: t(2) },
    ]);
    expect(correct(m, '[code] 〔更正〕hwbot 已升级到 Python 3.12。').linked).toEqual([ids[0]]);
  });

  it('proj-moth is moth written longer: its Godot record is not refused as another qualifier', () => {
    const { mem: m, ids } = home([{ text: '[code] proj-moth 现在用 Godot 4.2.2，先别升，等 4.3 的 patch', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕moth 的 Godot 从 4.2.2 升到 4.3 了，export 都试过没问题').linked).toEqual([ids[0]]);
  });
});

describe('read off the twenty-third blind pair (corr-z37, corr-z38)', () => {
  const t = (d: number) => `2026-04-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('two warehouses by letter at one hour are two facts: a correction naming neither links neither', () => {
    const { mem: m } = home([
      { text: '仓A 白班 08:00 开始', time: t(1) },
      { text: '仓B 白班 08:00 开始', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕更正一下，白班改成 07:30 开始').linked).toEqual([]);
  });

  it('how many copies are kept is not when the backup runs', () => {
    const { mem: m } = home([{ text: '[code] db backup 每天 01:00', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕db backup keep 14 copies').linked).toEqual([]);
  });

  it('numbered things (Hive 1 / Hive 2, 1号冷柜 / 2号冷柜) are two things: a correction links the one it names, and neither when it names none or a third', () => {
    const hives = () =>
      home([
        { text: 'Hive 1 下次检查 4 月 6 日', time: t(1) },
        { text: 'Hive 2 下次检查 4 月 6 日', time: t(2) },
      ]);
    const a = hives();
    expect(correct(a.mem, '〔更正〕Hive 2 改到 4 月 8 日再开箱').linked).toEqual([a.ids[1]]);
    const b = hives();
    expect(correct(b.mem, '〔更正〕Hive 3 下次检查改到 4/9').linked).toEqual([]);
    const { mem: m } = home([
      { text: '总店1号冷柜设定点 5°C', time: t(1) },
      { text: '总店2号冷柜设定点 5°C', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕总店冷柜设定点改成 4°C').linked).toEqual([]);
  });

  it('a dotted name goes on with a dot: topic.payments.v2.retry is another topic than topic.payments.v2', () => {
    const { mem: m } = home([{ text: '[code] `topic.payments.v2.retry` retention 3 天', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕`topic.payments.v2` 的 retention 改成 5 天').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '[code] `topic.payments.v2` retention 3 天', time: t(1) }]);
    expect(correct(n, '[code] 〔更正〕`topic.payments.v2` 的 retention 改成 5 天').linked).toEqual([ids[0]]);
  });

  it('an alert threshold is an attribute of its own: 阈值 / 报警上限 / threshold link the alert record, and a reason after the new value (半夜太吵) is no schedule', () => {
    const a = home([{ text: '[code] grafana 告警 `disk_usage_nas`：用量 > 80% 持续 10 分钟就 page', time: t(1) }, { text: '[code] nas 快照每天 02:00', time: t(2) }]);
    expect(correct(a.mem, '[code] 〔更正〕`disk_usage_nas` 阈值从 80% 提到 90%，半夜太吵').linked).toEqual([a.ids[0]]);
    const b = home([{ text: '[hermes] 药房冷柜报警阈值 2°C / 8°C，超限打电话', time: t(1) }]);
    expect(correct(b.mem, '〔更正〕药房冷柜报警上限改成 7°C').linked).toEqual([b.ids[0]]);
    const c = home([{ text: '[hermes] p99 latency alert for billing-api fires at 800ms', time: t(1) }]);
    expect(correct(c.mem, '[hermes] correction: billing-api p99 threshold should be 1500ms').linked).toEqual([c.ids[0]]);
  });

  it('a reason after the new value changes no time: "改成 120 秒，晚上 8 点后没人查" changes a duration, not a schedule', () => {
    const { mem: m, ids } = home([
      { text: '[code] `WH_OPS` auto_suspend 600 秒', time: t(1) },
      { text: '[code] `WH_BI` auto_suspend 300 秒', time: t(2) },
    ]);
    expect(correct(m, '[code] 〔更正〕`WH_OPS` 的 auto_suspend 改成 120 秒，晚上 8 点后没人查').linked).toEqual([ids[0]]);
  });

  it('numbered rooms are names (4号手术室 is not 1号 or 2号), and one written shorter is the same (三号厅 / 三号展厅)', () => {
    const { mem: m } = home([
      { text: '[hermes] 1号手术室麻醉机每周五检查', time: t(1) },
      { text: '[hermes] 2号手术室麻醉机每周五检查', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕4号手术室的麻醉机改成每周一检查').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '[hermes] 二号展厅开幕日 5 月 9 日', time: t(1) }]);
    expect(correct(n, '[hermes] 〔更正〕二号厅开幕推到 5 月 16 日').linked).toEqual([ids[0]]);
  });

  it('a service is not its gateway: "prod-eu api" links the api record, not the api-gateway one', () => {
    const { mem: m, ids } = home([
      { text: '[code] prod-eu api-gateway health check path: /gw/health', time: t(1) },
      { text: '[code] prod-eu api health check path: /api/healthz', time: t(2) },
    ]);
    expect(correct(m, '[code] 〔更正〕prod-eu api 的 health check path 改成 /api/livez').linked).toEqual([ids[1]]);
    const { mem: n } = home([{ text: '[code] prod-ap api-gateway health check: /health/ready', time: t(1) }]);
    expect(correct(n, '[code] 〔更正〕prod-ap api 的 health check 改成 /api/livez').linked).toEqual([]);
  });

  it('a weekday and a part of the day before what changed name the occasion: Thursday afternoon is not Friday afternoon', () => {
    const { mem: m } = home([{ text: '[hermes] 出诊轮值：周五下午李医生跑牧场', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕周四下午出诊不是李医生了，换成陈医生').linked).toEqual([]);
  });

  it('who an alarm texts (发短信给) is its recipient: a record of how often the temperature is logged is not its target', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 药房冷库每天记两次温度', time: t(1) },
      { text: '[hermes] 药房冷库温度报警推送到店长微信', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕药房冷库温度报警改成发短信给我和店长').linked).toEqual([ids[1]]);
    const { mem: n } = home([{ text: '[hermes] 药房冷库每天记两次温度', time: t(1) }]);
    expect(correct(n, '[hermes] 〔更正〕药房冷库温度报警改成发短信给我和店长').linked).toEqual([]);
  });

  it('how often is no value in common: two daily backups at different hours are two jobs, and a correction naming neither links neither', () => {
    const { mem: m } = home([
      { text: '[hermes] NAS 照片备份每天 01:00', time: t(1) },
      { text: '[hermes] NAS 数据库备份每天 02:00', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕NAS 备份改到 04:00').linked).toEqual([]);
  });
});


describe('read again off the older sets, session 22 (place, headcount, fees)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T20:00:00+08:00`;

  it('a place moved to (琴房换到少年宫四楼) is no time: the lesson time is not its target, the lesson place is', () => {
    const { mem: m } = home([{ text: '闺女钢琴课每周六上午10点', time: t(1) }]);
    expect(correct(m, '〔更正〕闺女上钢琴课的琴房换到少年宫四楼了').linked).toEqual([]);
    const { mem: n, ids } = home([
      { text: '闺女钢琴课每周六上午10点', time: t(1) },
      { text: '闺女钢琴课在文化宫二楼上', time: t(2) },
    ]);
    expect(correct(n, '〔更正〕闺女钢琴课换到少年宫四楼了').linked).toEqual([ids[1]]);
  });

  it('a number of people (请 8 个人) is a count: the day rate of the same pickers is not its target', () => {
    const { mem: m } = home([{ text: '[hermes] 老茶园秋茶采摘工钱每天150', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕老茶园秋茶采摘得请8个人，以后都按这个来').linked).toEqual([]);
    const { mem: n, ids } = home([
      { text: '[hermes] harbor on-call 轮值 3 人：我、Tom、Lisa', time: t(1) },
      { text: '[hermes] harbor 轮值每周一 10:00 交接', time: t(2) },
    ]);
    expect(correct(n, '[hermes] 〔更正〕harbor 轮值现在 4 个人，Priya 加进来了').linked).toEqual([ids[0]]);
  });

  it('a fee is a price (学费, 课时费): a correction of the dance teacher links neither the class time nor the fee', () => {
    const { mem: m } = home([
      { text: '朵朵的舞蹈课每周三下午4点半，在少年宫。', time: t(1) },
      { text: '朵朵的舞蹈课学费每学期2200元。', time: t(2) },
    ]);
    expect(correct(m, '更正：朵朵舞蹈课的老师换成了周老师，原来的老师调去分校。').linked).toEqual([]);
    const { mem: n, ids } = home([
      { text: '朵朵的舞蹈课每周三下午4点半，在少年宫。', time: t(1) },
      { text: '朵朵的舞蹈课学费每学期交一次。', time: t(2) },
    ]);
    expect(correct(n, '〔更正〕朵朵舞蹈课的学费改成按月交了').linked).toEqual([ids[1]]);
  });
});

describe('read off the twenty-eighth blind pair (corr-z45, corr-z46)', () => {
  const t = (d: number, min = 0) => `2026-03-${String(d).padStart(2, '0')}T20:${String(min).padStart(2, '0')}:00+08:00`;

  it('records written minutes apart are items of one list, not a value restated: a correction naming neither links neither', () => {
    const { mem: m } = home([
      { text: '[code] Cron on the sign-in server: 02:00 db backup script /opt/signin/backup.sh', time: t(1, 10) },
      { text: '[code] Cron on the sign-in server: 02:00 db backup script /opt/admin/backup.sh', time: t(1, 12) },
    ]);
    expect(correct(m, '[code] Correction: the 2am backup script moved to /srv/scripts/backup.sh').linked).toEqual([]);
    // Days apart, the newer plain record restates the older: inferred, as before.
    const { mem: n, ids } = home([{ text: '[hermes] NAS backup keeps 7 daily versions', time: t(1) }]);
    const r = n.add({ text: '[hermes] NAS backup keeps 14 daily versions from now on', time: t(20) });
    expect(r.supersedes.map((e) => e.oldId)).toEqual([ids[0]]);
  });

  it("one relative is not another: 公公's pills do not take the correction that compares them with 妈妈's, and 母亲 is 妈妈", () => {
    const { mem: m } = home([
      { text: '妈妈降压药：氨氯地平 5mg，早上一粒', time: t(1) },
      { text: '婆婆降压药：缬沙坦 80mg，早上一粒', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕不对不对，公公的降压药换成氨氯地平 5mg 了，跟妈妈一样早上吃').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '妈妈是北京职工医保，门诊年度起付线 1800 元', time: t(1) }]);
    expect(correct(n, '〔更正〕母亲医保门诊起付线今年调成 1300 元').linked).toEqual([ids[0]]);
  });

  it("a service level (SLO) is an attribute: the login SLO's 99.9% does not take the checkout SLO's correction", () => {
    const { mem: m } = home([
      { text: '[hermes] SLO for login: 99.9% monthly', time: t(1) },
      { text: '[hermes] SLO for matchmaking: 99.5% monthly', time: t(2) },
    ]);
    expect(correct(m, '[hermes] Correction: store checkout SLO is 99.95%, not 99.9% (SLO-12)').linked).toEqual([]);
  });

  it('小程序 is no person (小程), a thousands comma ends no code (EPO 10,000), and a listening service names its port (Redis 换到 6380)', () => {
    const { mem: m, ids } = home([{ text: '[code] 签到小程序后端 API 跑在 8081 端口，nginx 反代到 /api', time: t(1), project: 'kg' }]);
    expect(correct(m, '[code] 〔更正〕嗯 8081 不用了哈，跟外包小郑对过了，后端改到 9081，nginx 那边一起改', undefined, 'kg').linked).toEqual([ids[0]]);
    const { mem: n, ids: nid } = home([{ text: "Mom's EPO shot: 10,000 units, twice a week (Mon/Fri after dialysis)", time: t(1) }]);
    expect(correct(n, 'Correction: EPO 10,000 → 6,000 units, Dr. Lin says her Hb is back up. Still twice a week.').linked).toEqual([nid[0]]);
    const { mem: p, ids: pid } = home([
      { text: '[code] Redis 端口 6379', time: t(1), project: 'kg' },
      { text: '[code] 〔更正〕Redis 换到 6380，6379 被宝塔面板占了', time: t(5), project: 'kg' },
    ]);
    expect(correct(p, '[code] Correction: Redis now on 16379, moved off default-ish ports after the scan alert.', undefined, 'kg').linked).toEqual([pid[1]]);
  });

  it('推两天 and pushed say what changed: a chain moved again ends at its newest date, and a post pushed to a day links its date', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 合服维护 4月20日 02:00', time: t(1) },
      { text: '[hermes] 〔更正〕合服维护改到 4月22日 02:00', time: t(5) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕合服再推两天，4月24日 02:00，等 DB 迁移 (CHG-1290)').linked).toEqual([ids[1]]);
    const { mem: n, ids: nid } = home([{ text: '[openclaw] Blog: the post on conservation lighting goes out on 12 May', time: t(1) }]);
    expect(correct(n, 'Correction: the lighting post is pushed to 14 May.').linked).toEqual([nid[0]]);
  });

  it('a sub-brand (子品牌) is a thing, not which brand: its contact person is no target of its SLA', () => {
    const { mem: m } = home([
      { text: 'Lumio 次日达率 SLA ≥ 98%', time: t(1) },
      { text: 'Lumio Kids 子品牌的对接人是 Amy', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕Lumio Kids 的次日达 SLA 是 95%，不跟主品牌的 98%').linked).toEqual([]);
  });
});

describe('read off the twenty-ninth blind pair (corr-z47, corr-z48)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T20:00:00+08:00`;

  it('a room by its number (1201, A栋201) is a name: 1202 with the same deposit is another room', () => {
    const { mem: m, ids } = home([
      { text: '3号楼1201 刘 押金 3000 收的现金', time: t(1) },
      { text: '3号楼1202 周 押金 3000 微信转的', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕1201押金不是3000 是5000 俩月的 合同上白纸黑字 俺记岔了').linked).toEqual([ids[0]]);
    const { mem: n } = home([{ text: 'A栋202 小陈 电表 是单独的 预付费', time: t(1) }]);
    expect(correct(n, '〔更正〕A栋201 李姐那间 电表也改预付费了 跟小陈一样 昨儿国网来装的').linked).toEqual([]);
  });

  it('an account by its handle (@凯文护肤) is not another handle holding the same old fee', () => {
    const { mem: m } = home([{ text: '达人阿Ken（@肯哥美妆）坑位费 8000/场', time: t(1) }]);
    expect(correct(m, 'Correction: Kevin (@凯文护肤) 坑位费 8000 → 6500').linked).toEqual([]);
    // A handle given as the new value names nothing: the owner record still links.
    const { mem: n, ids } = home([{ text: '[code] dbt `fct_ledger_balances` owner 是 @mei', time: t(1) }]);
    expect(correct(n, '[code] 〔更正〕`fct_ledger_balances` 现在归 @jun').linked).toEqual([ids[0]]);
  });

  it('a day naming the occasion holds against a quoted amount: 周二轻松跑 is not 周三节奏跑 at the same 8km', () => {
    const { mem: m } = home([
      { text: '周三 节奏跑 8km，配速 5:10', time: t(1) },
      { text: '周五 间歇 6x800m，配速 4:40', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕周二轻松跑改 10km，不是 8km 了').linked).toEqual([]);
  });

  it('the old day a correction names (从周一改到周二) must be in its target; a price (到手价) and a phone number are attributes', () => {
    const { mem: m } = home([{ text: '小鹿 每周直播 4 场', time: t(1) }]);
    expect(correct(m, '〔更正〕小鹿休息日从周一改到周二').linked).toEqual([]);
    const { mem: n } = home([
      { text: '[openclaw] SR-105 详情页标题：24h 保湿精华', time: t(1) },
      { text: '[openclaw] SR-105 主图 5 张，第3张放成分表', time: t(2) },
    ]);
    expect(correct(n, '[openclaw] 〔更正〕SR-105 到手价改 219').linked).toEqual([]);
    const { mem: p, ids } = home([
      { text: '瓷砖师傅 老蔡 电话 13712345678', time: t(1) },
      { text: '老蔡 补瓷砖 上门 100', time: t(2) },
    ]);
    expect(correct(p, '〔更正〕老蔡换号了 → 13712340000').linked).toEqual([ids[0]]);
  });
});

describe('read off the thirtieth blind pair (corr-z49, corr-z50)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T20:00:00+08:00`;

  it('a surname and a title (王药师, 汪药师, 黄药师) is a person: another surname is another pharmacist', () => {
    const { mem: m, ids } = home([
      { text: '王药师 4月夜班：周二、周五', time: t(1) },
      { text: '汪药师 4月夜班：周二、周五', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕周五要开家长会，王药师（三横王）4月周五那班改到周四').linked).toEqual([ids[0]]);
    const { mem: n } = home([
      { text: '王药师 4月夜班 周三', time: t(1) },
      { text: '汪药师 4月夜班 周四', time: t(2) },
    ]);
    expect(correct(n, '〔更正〕黄药师 4月夜班改到周三').linked).toEqual([]);
  });

  it('of two classes a correction names, the one in the clause that says what changed is its subject (跟一班错开，启蒙二班改到…)', () => {
    const { mem: m } = home([{ text: '启蒙一班 周六 9:00-10:30 少年宫 301', time: t(1) }]);
    expect(correct(m, '〔更正〕跟一班错开，启蒙二班改到周六 10:45 开始').linked).toEqual([]);
  });

  it('lettered things (timer A, timer B) are two: a correction naming neither links neither', () => {
    const { mem: m } = home([
      { text: '[hermes] Water timer A (front beds): 06:00', time: t(1) },
      { text: '[hermes] Water timer B (back beds): 06:00', time: t(2) },
    ]);
    expect(correct(m, '[hermes] Correction: the timer is 05:30 now').linked).toEqual([]);
    const { mem: n, ids } = home([
      { text: '[hermes] Water timer A (front beds): 06:00', time: t(1) },
      { text: '[hermes] Water timer B (back beds): 06:00', time: t(2) },
    ]);
    expect(correct(n, '[hermes] Correction: timer B is 05:30 now').linked).toEqual([ids[1]]);
  });

  // Each: a home (one record a minute), a correction it must refuse, and one it must link to record `target`.
  it.each<[string, string[], string, string, number]>([
    [
      'a branch is named by its prefix and version (release/2.4 is not release/2.3); the same branch still links',
      ['[code] branch release/2.3 freezes on Feb 10', '[code] branch release/2.3 owner: Chen'],
      '[code] 〔更正〕release/2.4 冻结日推到 2 月 24 日',
      '[code] 〔更正〕release/2.3 冻结日推到 2 月 14 日',
      0,
    ],
    [
      "a possessive opening the correction (Sara's slot) says whose thing it is: Sam's slot is another",
      ['Journal club: Sam presents on Apr 9', 'Lab meeting data talk: Sam on Apr 16'],
      "Correction: Sara's journal club slot moved to Apr 23",
      "Correction: Sam's journal club slot moved to Apr 23",
      0,
    ],
    [
      'a name and an initial is a person (Noah W., Noah B.): a correction naming only Noah links neither',
      ['Noah W. 球衣 9 号', 'Noah B. 球衣 9 号 (B 队)'],
      '〔更正〕Noah 改穿 19 号',
      '〔更正〕Noah W. 改穿 19 号',
      0,
    ],
    [
      'a title (《寄养第一年》) is a name: the duration its words hold is no value to correct',
      ['[openclaw] 公众号《寄养第一年》draft v2 done', '[openclaw] 《寄养第一年》封面用花卷的照片'],
      '[openclaw] Correction: 《寄养第一年》英文版 goes to Medium, not Substack',
      '[openclaw] 〔更正〕《寄养第一年》封面改用奶糖的照片，不用花卷的',
      1,
    ],
    [
      'one setting in two places (the threshold in the health check / in the failover script) is two settings',
      ['[code] replica lag threshold in the health check: 30s', '[code] replica lag threshold in the failover script: 30s'],
      '[code] Correction: replica lag threshold 30s -> 45s',
      '[code] Correction: replica lag threshold in the failover script 30s -> 45s',
      1,
    ],
  ])('%s', (_name, texts, refused, linking, target) => {
    const recs = texts.map((text, i) => ({ text, time: t(i + 1) }));
    expect(correct(home(recs).mem, refused).linked).toEqual([]);
    const { mem, ids } = home(recs);
    expect(correct(mem, linking).linked).toEqual([ids[target]]);
  });

  it('a hospital or school moved to is a place (换到和平动物医院做): it does not change the date the surgery was booked for', () => {
    const { mem: m } = home([
      { text: '奶糖绝育手术约在4月20日', time: t(1) },
      { text: '奶糖绝育费用800', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕奶糖手术换到和平动物医院做，离家近').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '奶糖绝育手术在瑞鹏宠物医院做', time: t(1) }]);
    expect(correct(n, '〔更正〕奶糖手术换到和平动物医院做，离家近').linked).toEqual([ids[0]]);
  });

  it('a size (尺码) is not a number (号码): the jersey size correction leaves the jersey number alone', () => {
    const { mem: m } = home([
      { text: 'Harper 的球衣号码 5', time: t(1) },
      { text: 'Harper 打中锋', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕Harper 的球衣尺码是 YM 不是 YS').linked).toEqual([]);
    const { mem: n, ids } = home([
      { text: 'Harper 的球衣尺码 YS', time: t(1) },
      { text: 'Harper 的球衣号码 5', time: t(2) },
    ]);
    expect(correct(n, '〔更正〕Harper 的球衣尺码是 YM 不是 YS').linked).toEqual([ids[0]]);
  });
});

describe('copies of one fact written another way (session 25)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('a note opened with 再记一次： is a copy: its preamble names no subject', () => {
    const { mem: m, ids } = home([
      { text: '[code] 注册中心 etcd 地址 etcd.internal:2379', time: t(1) },
      { text: '[code] 再记一次：etcd 在 etcd.internal:2379', time: t(5) },
    ]);
    expect(correct(m, '[code] 〔更正〕etcd 迁到 etcd.sg.internal:2379 了').linked.sort()).toEqual([...ids].sort());
  });

  it('the same fact written once in Chinese and once in English is one fact, taken together', () => {
    const { mem: m, ids } = home([
      { text: '[code] 题库系统后端端口 8443', time: t(1) },
      { text: '[code] quizbank backend listens on 8443', time: t(5) },
    ]);
    expect(correct(m, '[code] 〔更正〕后端端口改为 9443').linked.sort()).toEqual([...ids].sort());
  });

  it('two Chinese notes naming different things at one value stay two (no copy across subjects)', () => {
    const { mem: m } = home([
      { text: '[hermes] 每周一 09:00 发 GMV 周报', time: t(1) },
      { text: '[hermes] 每周一 09:00 发售后工单周报', time: t(5) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕周报改到周一 10:00 发').linked).toEqual([]);
  });

  it('a copy giving the value in other words (50 个字 / 50 字以内, 晚上十点 / 22:00) is taken with the best', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 知乎回答摘要最多 50 个字', time: t(1) },
      { text: '[openclaw] 知乎回答摘要 50 字以内', time: t(5) },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕知乎回答摘要上限改成 60 字').linked.sort()).toEqual([...ids].sort());
    const { mem: n, ids: jds } = home([
      { text: '[hermes] 每周日 22:00 把成绩库导出到 NAS', time: t(1) },
      { text: '[hermes] 成绩库每周日晚上十点导出', time: t(5) },
    ]);
    expect(correct(n, '[hermes] 〔更正〕成绩库导出改到周六 22:00').linked.sort()).toEqual([...jds].sort());
  });

  it('a copy missing one subject word of the best (bootstrap) is still a copy when it gives the best\'s own address', () => {
    const { mem: m, ids } = home([
      { text: '[code] Pulsar bootstrap servers pulsar-1.internal:6650', time: t(1) },
      { text: '[code] pulsar broker 地址 pulsar-1.internal:6650', time: t(5) },
    ]);
    expect(correct(m, '[code] 〔更正〕pulsar bootstrap 换成 pulsar-lb.internal:6651').linked.sort()).toEqual([...ids].sort());
    // Without the address in common, the broker note is another thing.
    const { mem: n, ids: jds } = home([
      { text: '[code] Pulsar bootstrap servers pulsar-1.internal:6650', time: t(1) },
      { text: '[code] pulsar broker 地址 pulsar-2.internal:6650', time: t(5) },
    ]);
    expect(correct(n, '[code] 〔更正〕pulsar bootstrap 换成 pulsar-lb.internal:6651').linked).toEqual([jds[0]]);
  });

  it('改： opening a note takes back what was said: it links by the relative it names, read without the label', () => {
    const { mem: m, ids } = home([
      { text: '老妈体检 4 月 18 日上午，空腹', time: t(1) },
      { text: '老爸体检 4 月 20 日上午', time: t(2) },
    ]);
    const { res, linked } = correct(m, '改：老爸体检挪到 4 月 25');
    expect(res.record.kind).toBe('correction');
    expect(linked).toEqual([ids[1]]);
  });

  it('a hyphenated word is the same words written apart (late-shift / late shift)', () => {
    const { mem: m, ids } = home([{ text: '[hermes] Volunteer reminder SMS goes out at 18:00 before each late shift', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: late-shift reminder moves to 15:00').linked).toEqual([ids[0]]);
  });

  it('a number inside a 《title》 is part of its name: a progress note about the article infers no change', () => {
    const { mem: m } = home([{ text: '[openclaw] 《从 6 小时到 30 分钟：自动化周报》已发布，阅读 1234，在看 56', time: t(1) }]);
    expect(m.add({ text: '[openclaw] 进展：《从 6 小时到 30 分钟：自动化周报》改到第 3 稿', time: t(9) }).supersedes).toEqual([]);
  });

  it('a plain record saying a value changed (现在是, raised to) infers the change without a setting word, only of a slot the older states', () => {
    const { mem: m, ids } = home([{ text: '[code] orders-api readiness probe 超时 2s', time: t(1) }]);
    const edges = m.add({ text: '[code] orders-api readiness probe timeout 现在是 4s', time: t(9) }).supersedes;
    expect(edges.map((e) => [e.oldId, e.method])).toEqual([[ids[0], 'inferred']]);
    const { mem: n } = home([{ text: '儿子校车 早上 7:10 到小区门口', time: t(1) }]);
    expect(n.add({ text: '儿子校车换成 25 路了', time: t(9) }).supersedes).toEqual([]);
  });

  it('a record holding the value the correction says is right (是 X，不是 Y) is not the one it corrects', () => {
    const { mem: m, ids } = home([{ text: '狂犬疫苗批号 RB9001，有效期 2027-03-31', time: t(1) }]);
    expect(correct(m, '〔更正〕猫三联那批的有效期是 2027-03-31，不是 4月').linked).not.toContain(ids[0]);
  });

  it('a race named by its distance (30K) is not another distance\'s checkpoint', () => {
    const { mem: m } = home([{ text: '15K CP1（梅家坞）关门 10:45', time: t(1) }]);
    expect(correct(m, '〔更正〕30K 的梅家坞关门改 12:15').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '30K CP3（梅家坞）关门 11:30', time: t(1) }]);
    expect(correct(n, '〔更正〕30K 的梅家坞关门改 12:15').linked).toEqual([ids[0]]);
  });

  it('a copy with the same value written another way infers no change', () => {
    const { mem: m } = home([{ text: '[openclaw] 知乎回答摘要最多 50 个字', time: t(1) }]);
    expect(m.add({ text: '[openclaw] 知乎回答摘要 50 字以内', time: t(9) }).supersedes).toEqual([]);
    const { mem: n } = home([{ text: '[hermes] labnas 快照保留 30 天', time: t(1) }]);
    expect(n.add({ text: '[hermes] labnas snapshot retention: 30 days', time: t(9) }).supersedes).toEqual([]);
  });
});

describe('a correction granting a permission changes a rule, not a fact of the same thing (session 26)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('可以直接发 does not take the posting schedule of the same platform', () => {
    const { mem: m } = home([{ text: '[openclaw] B站动态每周发 3 条，周一三五', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕B站动态可以直接发，不用等我确认了').linked).toEqual([]);
  });

  it('"can go out before the meeting" does not take where the slides are kept', () => {
    const { mem: m } = home([{ text: 'Board slides live in the shared drive under board/2026', time: t(1) }]);
    expect(correct(m, 'Correction: the board slides can go out to members before the meeting').linked).toEqual([]);
  });

  it('the rule it changes is still taken (不准直接发, must not), and a retired thing (那个不用了) is no permission', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] 知乎专栏的文章不准直接发，要等审稿', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕知乎专栏的文章可以直接发了').linked).toEqual([ids[0]]);
    const { mem: k, ids: kds } = home([{ text: 'Board slides must not go out to members before the meeting', time: t(1) }]);
    expect(correct(k, 'Correction: the board slides can go out to members before the meeting').linked).toEqual([kds[0]]);
    const { mem: n, ids: jds } = home([{ text: '[hermes] 每周对账结果推到 Slack 频道 #fin-weekly', time: t(1) }]);
    expect(correct(n, '[hermes] 〔更正〕每周对账结果改推到飞书群「财务」，Slack 那个不用了').linked).toEqual([jds[0]]);
  });
});

describe('a correction naming one by name does not take another named one (session 26)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('Hina is not Hana, Freight is not Express', () => {
    const { mem: m } = home([{ text: 'Hana (ko 审校) 单价 0.07/word', time: t(1) }]);
    expect(correct(m, '〔更正〕Hina 的 ko 单价改成 0.08/word').linked).toEqual([]);
    const { mem: k } = home([{ text: 'DHL Express pickup at the north dock: 16:00 daily', time: t(1) }]);
    expect(correct(k, 'Correction: DHL Freight (the pallet service) picks up at the north dock at 11:00').linked).toEqual([]);
  });

  it('the same name, or a name only in the new value, still links', () => {
    const { mem: m, ids } = home([{ text: 'Hina (ko 审校) 单价 0.07/word', time: t(1) }]);
    expect(correct(m, '〔更正〕Hina 的 ko 单价改成 0.08/word').linked).toEqual([ids[0]]);
    const { mem: n, ids: jds } = home([{ text: '[code] Deploy: `git pull && pm2 restart quiz` on the Aliyun box', time: t(1) }]);
    expect(correct(n, '[code] Correction: quiz deploys now go through a Jenkins job that rsyncs to the Aliyun box').linked).toEqual([jds[0]]);
  });
});

describe('items of one list are two facts, not one written twice (session 26)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('照片 backup / 视频 backup at one hour: a correction naming neither links to neither', () => {
    const { mem: m } = home([
      { text: '[hermes] 照片 sync 每天凌晨4:00到 NAS。', time: t(1) },
      { text: '[hermes] 视频 sync 每天凌晨4:00到 NAS。', time: t(2) },
    ]);
    const r = correct(m, '[hermes] 更正：sync 改为每天凌晨2:00。');
    expect(r.linked).toEqual([]);
    expect(r.res.resolution?.status).toBe('ambiguous');
  });

  it('the same fact written anew (reworded, not one word swapped) is still a copy', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] weekly_digest posts to #news', time: t(1) },
      { text: '[hermes] weekly_digest output channel: #news', time: t(2) },
    ]);
    expect(correct(m, '[hermes] [correction] weekly_digest posts to #digest from now on').linked.sort()).toEqual([...ids].sort());
  });
});

describe('a correction naming one by number does not take another number (session 26)', () => {
  it('尾号 6633 is not 尾号 6363; the same number still links', () => {
    const t = '2026-03-02T10:00:00+08:00';
    const { mem: m } = home([{ text: '尾号 6363 那单走的 顺丰', time: t }]);
    expect(correct(m, '〔更正〕尾号 6633 那单改走 京东，顺丰 不收了').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '尾号 6633 那单走的 顺丰', time: t }]);
    expect(correct(n, '〔更正〕尾号 6633 那单改走 京东，顺丰 不收了').linked).toEqual([ids[0]]);
  });
});

describe('a quoted old value that names one thing stands in for the word before it (session 26)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('"pin is v1.31.0, not v1.28.3" takes "pinned to v1.28.3"; a bare 30 (retries) is no such value', () => {
    const { mem: m, ids } = home([{ text: '[code] rke2 server pinned to v1.28.3+rke2r1', time: t }]);
    expect(correct(m, '[code] Correction: rke2 server pin is v1.31.0+rke2r1, not v1.28.3').linked).toEqual([ids[0]]);
    const { mem: n } = home([{ text: '[code] relay-api retries a failed send 30 times', time: t }]);
    expect(correct(n, '[code] Correction: relay-api request timeout is 60 s, not 30 s').linked).toEqual([]);
  });
});

describe('a plain record saying a value went up or changes from a date is judged as a correction (session 27)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('加到 / 下月起 / "is €900 warm now" / 涨到 restate the slot they name', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 那台 VPS 的 swap 设了 1G', time: t }]);
    expect(correct(m, '[hermes] VPS swap 加到 4G 了，编译老是 OOM').linked).toEqual([ids[0]]);
    const { mem: n, ids: nIds } = home([{ text: '复诊挂号费 15 元', time: t }]);
    expect(correct(n, '复诊挂号费下月起 18 元').linked).toEqual([nIds[0]]);
    const { mem: p, ids: pIds } = home([{ text: 'Dresden flat budget: max €700 warm', time: t }]);
    expect(correct(p, 'Flat budget is €900 warm now, 700 gets nothing near the river.').linked).toEqual([pIds[0]]);
    const { mem: q, ids: qIds } = home([{ text: '城西店外卖打包费 2 元一单', time: t }]);
    expect(correct(q, '城西店外卖打包费涨到 3 元了').linked).toEqual([qIds[0]]);
  });

  it('the same words about another thing still link nothing', () => {
    const { mem: m } = home([{ text: '[hermes] 那台 VPS 是 2G 内存的套餐', time: t }]);
    expect(correct(m, '[hermes] NAS swap 加到 4G 了').linked).toEqual([]);
  });
});

describe('a fee is not another fee (session 27)', () => {
  it('钢琴课学费 does not take the 考级报名费; the same fee still links', () => {
    const t = '2026-03-02T10:00:00+08:00';
    const { mem: m } = home([{ text: '儿子钢琴考级报名费 520 元', time: t }]);
    expect(correct(m, '〔更正〕儿子钢琴课学费这学期涨到 4800 元').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '儿子钢琴课学费每学期 4500 元', time: t }]);
    expect(correct(n, '〔更正〕儿子钢琴课学费这学期涨到 4800 元').linked).toEqual([ids[0]]);
  });
});

describe('two records from one template with other values are two facts, not copies (session 27)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('two hearings on 14 Mar, at 10am and at 2pm: a correction naming neither matter links neither', () => {
    const { mem: m } = home([
      { text: 'Hearing for OC 611/2025 (Tan) on 14 Mar, 10am', time: t },
      { text: 'Hearing for OC 617/2025 (Lim) on 14 Mar, 2pm', time: '2026-03-02T10:05:00+08:00' },
    ]);
    const { linked, res } = correct(m, 'Correction: the 14 Mar hearing got vacated, new date 3 Apr. Need to tell client');
    expect(linked).toEqual([]);
    expect(res.resolution?.status).toBe('ambiguous');
  });

  it('one fact written twice with its values in other forms (3月28日 晚6点 / 3/28 18:00) is still a copy', () => {
    const { mem: m, ids } = home([
      { text: '何家试菜约在3月28日晚6点，金陵饭店', time: t },
      { text: '何家试菜：3/28 18:00 金陵', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕试菜改4月4号，厨师长那周出差').linked.sort()).toEqual([...ids].sort());
  });
});

describe('a case number of a year and a setting said to stay the same (session 27)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('OC 2741/2025 is not OC 2714/2025; the same number still links', () => {
    const { mem: m } = home([{ text: 'OC 2714/2025: PTC on 6 Mar, 9am', time: t }]);
    expect(correct(m, 'Correction: OC 2741/2025 PTC moved to 20 Mar 9am, clerk confirmed').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: 'OC 2741/2025: PTC on 6 Mar, 9am', time: t }]);
    expect(correct(n, 'Correction: OC 2741/2025 PTC moved to 20 Mar 9am, clerk confirmed').linked).toEqual([ids[0]]);
  });

  it('"换茶厂，起订量一样" takes the supplier, not the minimum order the correction keeps', () => {
    const { mem: m, ids } = home([
      { text: '正山小种供应商是周姐(周美玲),微信 zhou_tea', time: t },
      { text: '周姐那边正山小种起订量 10kg', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕正山小种以后不跟周姐拿了,换她外甥阿明的茶厂,起订量一样').linked).toEqual([ids[0]]);
  });
});

describe('one fact noted twice in other words is a copy (session 27)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('"第16周发提醒 (再记一次)" is a copy; the URL and the bare host are one value', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 每学期第16周给学生发课程评估问卷提醒', time: t },
      { text: '[hermes] 第16周发课程评估提醒（再记一次，别忘了）', time: '2026-03-05T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕课程评估提醒改到第13周').linked.sort()).toEqual([...ids].sort());
    const { mem: n, ids: nIds } = home([
      { text: '[code] prod kibana 的 ingress 域名 kibana.internal.ledgerly.io', time: t },
      { text: '[code] Kibana URL: https://kibana.internal.ledgerly.io', time: '2026-03-05T10:00:00+08:00' },
    ]);
    expect(correct(n, '[code] 〔更正〕kibana 迁到 kibana.ops.ledgerly.io 了').linked.sort()).toEqual([...nIds].sort());
  });
});

describe('a copy noted in fewer words is taken too, but not for the old value alone (session 27)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('"次日取药单由药房 18:10 打出来" is a copy of "药房每天 18:10 打印次日取药单"', () => {
    const { mem: m, ids } = home([
      { text: '药房每天 18:10 打印次日取药单', time: t },
      { text: '提醒自己：次日取药单由药房 18:10 打出来', time: '2026-03-05T10:00:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕次日取药单改为 17:40 打印，方便药房提前核对').linked.sort()).toEqual([...ids].sort());
  });

  it('holding the old value the correction quotes (7 点) does not make a copy', () => {
    const { mem: m, ids } = home([
      { text: '妈的二甲双胍 0.5g 每天早上 7 点吃', time: t },
      { text: '妈每天早上 7 点测血糖，记在本子上', time: '2026-03-05T10:00:00+08:00' },
    ]);
    expect(correct(m, '不对，妈的二甲双胍从早上 7 点挪到 6 点半，医生说饭前吃').linked).toEqual([ids[0]]);
  });
});

describe('two notes giving one value that names one thing are one fact (session 27)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('"Stripe 跨境收款费率 3.9%" and "对账 job 算 Stripe 手续费按 3.9%" are a copy; one date is not such a value', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 记一下：Stripe 跨境收款费率 3.9%+$0.30，对账脚本里是写死的', time: t },
      { text: '[hermes] 对账 job 算 Stripe 手续费按 3.9% + 0.30 usd', time: '2026-03-05T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕Stripe 费率现在是 4.4% + 0.30，4 月起调的，对账脚本要跟着改').linked.sort()).toEqual([...ids].sort());
    const { mem: n } = home([
      { text: '周家婚礼片 deadline 7/2', time: t },
      { text: '吴家婚礼片 deadline 7/2', time: '2026-03-05T10:00:00+08:00' },
    ]);
    expect(correct(n, '〔更正〕婚礼片 deadline 改 7/9').linked).toEqual([]);
  });
});

describe('a plain record ending a clause on "now" says a value changed (session 27)', () => {
  it('"Moonbeam ja rate is 0.095 USD now, agreed on the call" restates the rate; another client\'s is untouched', () => {
    const t = '2026-03-02T10:00:00+08:00';
    const { mem: m, ids } = home([
      { text: 'Moonbeam ja word rate: 0.09 USD', time: t },
      { text: 'Driftwood ja word rate: 0.09 USD', time: '2026-03-02T10:01:00+08:00' },
    ]);
    expect(correct(m, 'Moonbeam ja rate is 0.095 USD now, agreed on the call').linked).toEqual([ids[0]]);
  });
});

describe('a Han word held inside a longer word counts as held (session 28)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('托育 in 豆豆托育 and 红书 in 小红书 are the words the correction names', () => {
    const { mem: m, ids } = home([{ text: '豆豆托育 下午 17:00 前必须接，晚了按小时收费', time: t }]);
    expect(correct(m, '更正：刚改了，托育接娃从 17:00 放宽到 17:30，园长群里发的').linked).toEqual([ids[0]]);
    const { mem: n, ids: nIds } = home([{ text: '[openclaw] 小红书账号 @博士日常研究 每周二、周六晚 8 点更新', time: t }]);
    expect(correct(n, '[openclaw] 〔更正〕红书更新改成每周三、周日 20:00').linked).toEqual([nIds[0]]);
  });

  it('two characters across two words (棚 / 滴灌) name nothing: the other greenhouse is not taken', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 5号棚（东边靠河那个）滴灌每天早上 6 点开', time: t },
      { text: '[hermes] 2号棚滴灌每天早上 6 点开', time: '2026-03-02T10:05:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕东边那个棚滴灌提前到 5 点半').linked).not.toContain(ids[1]);
  });
});

describe('"X 那条" names the record by what it holds only when 那条 ends the phrase (session 28)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('红旺那条口播 is "that voice-over of 红旺": 红旺 is no old value, and the sponsorship fee and the video date are not taken', () => {
    const { mem: m } = home([
      { text: '红旺底料赞助费 3000', time: t },
      { text: '红旺那条视频 5月10号前发', time: '2026-03-02T10:05:00+08:00' },
    ]);
    expect(correct(m, '刚才说错了〔更正〕红旺那条口播从 60 秒改 90 秒').linked).toEqual([]);
  });

  it('内存那条改成 90% still names the memory alert by what it holds', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] payments-api CPU 告警阈值 80%', time: t },
      { text: '[hermes] payments-api 内存告警阈值 85%', time: '2026-03-02T10:05:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕payments-api 内存那条改成 90%').linked).toEqual([ids[1]]);
  });
});

describe('a record opening with what the correction says did not change is not its target (session 28)', () => {
  it('张记鸭肠涨到 40，毛肚没涨: the tripe price is not taken, the duck-intestine price is', () => {
    const t = '2026-03-02T10:00:00+08:00';
    const { mem: m } = home([{ text: '毛肚 supplier 张记, price 38 per kg', time: t }]);
    expect(correct(m, '〔更正〕张记鸭肠涨到 40 一公斤了，毛肚没涨').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '鸭肠 supplier 张记, price 35 per kg', time: t }]);
    expect(correct(n, '〔更正〕张记 鸭肠 涨到 40 一公斤了，毛肚没涨').linked).toEqual([ids[0]]);
  });
});

describe('a name of capitalized words is held by its initials (session 28)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('HA is Home Assistant, LT is LanguageTool', () => {
    const { mem: m, ids } = home([{ text: '[code] Home Assistant 钉在 2025.1.4，先别升', time: t }]);
    expect(correct(m, '[code] 〔更正〕HA 不是 2025.1.4 了，已经升到 2025.2.3，Zigbee 那个 bug 修了').linked).toEqual([ids[0]]);
    const { mem: n, ids: nIds } = home([{ text: '[code] termkit 本地 LanguageTool 服务跑在 8081', time: t }]);
    expect(correct(n, '[code] 〔更正〕LT 端口 8081→8010，8081 被别的东西占了').linked).toEqual([nIds[0]]);
  });

  it("initials that are not the name's do not make it held: LT is not Grafana Loki on 8081", () => {
    const { mem: m } = home([{ text: '[code] Grafana Loki 跑在 8081', time: t }]);
    expect(correct(m, '[code] 〔更正〕LT 端口 8081→8010，8081 被别的东西占了').linked).toEqual([]);
  });
});

describe('an old value quoted that names one thing outweighs how the thing around it is called (session 28)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('192.168.1.1 (an address the pattern once cut to 192.168), 0.09 per word (no date), 1600x900 with one word in common', () => {
    const { mem: m, ids } = home([{ text: '家里路由器管理后台 192.168.1.1，密码在 1Password', time: t }]);
    expect(correct(m, '〔更正〕刷了 OpenWrt 以后路由器后台不是 192.168.1.1 了，是 192.168.8.1').linked).toEqual([ids[0]]);
    const { mem: n, ids: nIds } = home([{ text: 'Rate with the Berlin agency (Lingua Nord): EUR 0.09/word for DE>ZH, invoiced monthly, net 30', time: t }]);
    expect(correct(n, 'Correction: Lingua Nord pays 0.10/word now, not 0.09 - they accepted the new rate card in March').linked).toEqual([nIds[0]]);
    const { mem: p, ids: pIds } = home([{ text: '[openclaw] blog cover images are 1600x900', time: t }]);
    expect(correct(p, '[openclaw] [correction] blog covers: not 1600x900, PaperMod crops to 1200x630, use that').linked).toEqual([pIds[0]]);
  });

  it('a port is no such value: the other service on 7443 is still told apart by its name', () => {
    const { mem: m, ids } = home([
      { text: '[code] matchmaking-svc listens on 7443 (gRPC)', time: t },
      { text: '[code] lobby-svc gRPC is on 7443 too', time: '2026-03-02T10:05:00+08:00' },
    ]);
    expect(correct(m, '[code] Correction: matchmaking gRPC 7443 -> 7543, old one clashed with the mesh sidecar (TKT-918)').linked).toEqual([ids[0]]);
  });
});

describe('one day in two languages, Cantonese negation, a plural held by its singular (session 28)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('Mar 15 is 3月15号: the deadline the correction names by its day is that record', () => {
    const { mem: m, ids } = home([{ text: '伤口护理证书 Module 3 (pressure injuries) written assignment deadline 3月15号', time: t }]);
    expect(correct(m, '[更正] Mar 15 deadline for the Module 3 written assignment got pushed to Mar 22, instructor sick').linked).toEqual([ids[0]]);
  });

  it('唔系 25 号 quotes the old day as 不是 25 号 does', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 医院停车证 auto-renew 每月 25 号跑', time: t }]);
    expect(correct(m, '[hermes] 〔更正〕停车证 renew 唔系 25 号，改 28 号，hospital portal 月尾先开').linked).toEqual([ids[0]]);
  });

  it('write-ups is held by write-up', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] Blog schedule: one release write-up per month, published on the first Friday', time: t }]);
    expect(correct(m, 'Correction: release write-ups now go out on the last Friday of the month').linked).toEqual([ids[0]]);
  });
});

describe('a demonstrative with any measure word points at the thing, it does not qualify it (session 28)', () => {
  it('宴会厅那套 preset is the banquet-hall LR preset', () => {
    const t = '2026-03-02T10:00:00+08:00';
    const { mem: m, ids } = home([{ text: '室内宴会厅用 LR preset「Warm Film 03」', time: t }]);
    expect(correct(m, 'Correction: 宴会厅那套 preset 换成 Warm Film 04，03 在暖光灯下太黄').linked).toEqual([ids[0]]);
  });
});

describe('a demonstrative is not what an attribute is of (session 28)', () => {
  it('trial 到期提醒那封 is the trial-expiry reminder e-mail', () => {
    const t = '2026-03-02T10:00:00+08:00';
    const { mem: m, ids } = home([
      { text: '[hermes] 「trial 快到期」提醒邮件每天上午 10:00 批量发', time: t },
      { text: '[hermes] 续费成功的感谢邮件每天 18:00 发', time: '2026-03-02T10:05:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕trial 到期提醒那封改成晚上 8 点发吧，看了下数据晚上的打开率高一倍').linked).toEqual([ids[0]]);
  });
});

describe('a plain record saying a value is now another supersedes the older statement, inferred (session 29)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('以后 with the new day: 房租以后每月 10 号交 supersedes 房租每月 5 号交', () => {
    const { mem: m, ids } = home([{ text: '房租每月 5 号交，转房东支付宝', time: t }]);
    expect(inferred(correct(m, '房租以后每月 10 号交，房东说月初他忙').res)).toEqual([[ids[0], true]]);
  });

  it('with no digit at all: 对接人现在是 Sam supersedes 对接人 Priya; 现在 fully on cron supersedes APScheduler', () => {
    const { mem: m, ids } = home([
      { text: 'Lumen 设计对接人 Priya', time: t },
      { text: '[code] shiftbot 的定时任务用 APScheduler', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(inferred(correct(m, 'Lumen 设计对接人现在是 Sam，Priya 休产假').res)).toEqual([[ids[0], true]]);
    expect(inferred(correct(m, '[code] shiftbot scheduling 现在 fully on cron 了，APScheduler 拿掉', '2026-06-02T10:00:00+08:00').res)).toEqual([[ids[1], true]]);
  });

  it('a value it says stays (时间还是周一 09:00) is no reason to refuse: the channel changed', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 周会提醒每周一 09:00 发到 #general', time: t }]);
    expect(inferred(correct(m, '[hermes] 周会提醒以后发到 #team-ops 频道，时间还是周一 09:00').res)).toEqual([[ids[0], true]]);
  });

  it('one giving only values the older record holds says something else about it: no edge', () => {
    const { mem: m } = home([
      { text: '每晚 01:00 把相册同步到 NAS', time: t },
      { text: '房租每月 5 号交，4500，转房东支付宝', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '每晚 01:00 的相册同步现在会顺带清理缩略图缓存').res.supersedes).toEqual([]);
    expect(correct(m, '房东说以后水电燃气他统一代缴，每月 5 号交房租的时候一起转给他就行', '2026-06-02T10:00:00+08:00').res.supersedes).toEqual([]);
  });

  it('takes no copy its words did not accept: 往后每月8号交 is the rent day, not 王哥 房租 1800', () => {
    const { mem: m, ids } = home([
      { text: 'C栋201 王哥 每月5号交租', time: t },
      { text: 'C栋201 王哥 房租 1800', time: '2026-03-02T10:05:00+08:00' },
    ]);
    expect(inferred(correct(m, '王哥说往后每月8号交，他厂里发薪改日子了').res)).toEqual([[ids[0], true]]);
  });

  it('with no value and no attribute word, only by naming the old one as gone: 对接现在是 Tom，Chloe 调去别的组了', () => {
    const { mem: m, ids } = home([
      { text: 'Mira 项目的设计对接人 Chloe', time: t },
      { text: '[hermes] NAS 每晚备份到外接盘', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(inferred(correct(m, 'Mira 项目设计对接现在是 Tom，Chloe 调去别的组了').res)).toEqual([[ids[0], true]]);
    // Naming nothing the older record holds after the change: no edge.
    expect(correct(m, '[hermes] NAS 备份用的外接盘换成大容量的了', '2026-06-02T10:00:00+08:00').res.supersedes).toEqual([]);
  });

  it('a line of conversation thanking twice supersedes nothing', () => {
    const { mem: m } = home([
      {
        text: "Joanna: Thanks Nate! Your support and encouragement mean a lot. Writing isn't always easy but moments like these make me appreciate it. I'm so thankful for all the opportunities. Last week, I found these old notebooks with my early writings - it was cool to see how far I've come. [image: a photo of a notebook with a list of things to write]",
        time: t,
      },
    ]);
    const line = "Joanna: Appreciate you, Nate! Your support and encouragement mean a lot to me. I feel like I just can't stop writing write now! [image: a photo of a pen and notebook on a table with a book]";
    expect(correct(m, line).res.supersedes).toEqual([]);
  });

  it('"went up to" a place is no value going up: a line of conversation supersedes nothing', () => {
    const { mem: m } = home([
      {
        text: 'Evan: Yeah, thanks for the push, Sam. Oh, hey, I came across this pic when I was tidying up. I took a road trip last month - the scenery was stunning and nature really chilled me out. [image: a photography of a car is parked near a lake with mountains in the background]',
        time: t,
      },
    ]);
    const line = 'Evan: Thanks! I went up to the Rocky Mountains, it was so refreshing! The views were stunning and I felt so relaxed. Do you enjoy road trips and exploring nature?';
    expect(correct(m, line).res.supersedes).toEqual([]);
  });
});

describe('a person the segmenter knows whole (小林) is found as one cut into characters is (session 29)', () => {
  it('〔更正〕小林改到周四了 links 小林 周三值班', () => {
    const { mem: m, ids } = home([{ text: '小林 周三值班', time: '2026-03-02T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕小林改到周四了').linked).toEqual([ids[0]]);
  });
});

describe('a surname before 奶奶 / 爷爷 names one person, as before 老师 (session 29)', () => {
  it('孙爷爷改8号 links 孙爷爷 每月5号复诊, not 周爷爷 at the same day', () => {
    const { mem: m, ids } = home([
      { text: '孙爷爷每月5号复诊', time: '2026-03-02T10:00:00+08:00' },
      { text: '周爷爷每月5号复诊', time: '2026-03-02T10:05:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕孙爷爷改8号，5号他儿子接他去北京').linked).toEqual([ids[0]]);
  });
});

describe('a surname before 师兄 / 师姐 names one person too (session 29)', () => {
  it('程师兄答辩定在 6 月 19 日 does not supersede 陈师兄答辩定在 6 月 12 日', () => {
    const { mem: m } = home([{ text: '陈师兄答辩定在 6 月 12 日', time: '2026-03-02T10:00:00+08:00' }]);
    expect(correct(m, '程师兄答辩定在 6 月 19 日').res.supersedes).toEqual([]);
  });
});

describe("a choir's men's and women's sections are two things (session 29)", () => {
  it('男声部 rehearses on Thursdays does not supersede 女声部 rehearses on Tuesdays', () => {
    const { mem: m } = home([{ text: '合唱团女声部每周二下午2:30排练。', time: '2026-03-02T10:00:00+08:00' }]);
    expect(correct(m, '合唱团男声部每周四下午2:30排练。').res.supersedes).toEqual([]);
  });
});

describe('what a lesson teaches names the lesson: the maths tutor is not the English tutor (session 30)', () => {
  it('英语家教每次一个半小时 does not supersede 数学家教每次2小时; an English course level still reaches 英语课程', () => {
    const { mem: m, ids } = home([
      { text: '女儿数学家教：每周六上午，每次2小时', time: '2026-03-02T10:00:00+08:00' },
      { text: 'English course level: A2', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕英语家教每次一个半小时，不是两小时').linked).toEqual([]);
    expect(correct(m, '【更正】英语课程级别升到 B1 了', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[1]]);
  });
});

describe('an acronym in capitals that spells a stop word (HIS) names a system (session 30)', () => {
  it('数据库备份改到03:00 is ambiguous between the HIS and the PACS database backups at one 02:00', () => {
    const { mem: m } = home([
      { text: '[hermes] 每天 02:00 备份HIS数据库', time: '2026-03-02T10:00:00+08:00' },
      { text: '[hermes] 每天 02:00 备份PACS数据库', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕数据库备份改到03:00').linked).toEqual([]);
  });

  it('the HIS backup named links alone', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 每天 02:00 备份HIS数据库', time: '2026-03-02T10:00:00+08:00' },
      { text: '[hermes] 每天 02:00 备份PACS数据库', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕HIS数据库备份改到03:00').linked).toEqual([ids[0]]);
  });
});

describe("the writer's own thing is not a relative's (session 30)", () => {
  it('我的车 road tax 7 月到期 does not supersede 妈妈的 Myvi road tax 6 月 renew', () => {
    const { mem: m } = home([{ text: '妈妈的 Myvi road tax 6 月 renew 了', time: '2026-03-02T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕我的车 road tax 7 月才到期').linked).toEqual([]);
  });
});

describe('one way is not the way back: EN→BM is not BM→EN (session 30)', () => {
  it('EN→BM 不是 RM0.12 了 supersedes the EN→BM rate only, though both hold RM0.12', () => {
    const { mem: m, ids } = home([
      { text: '[code] invoice.py 里 EN→BM 的 word rate 设 RM0.12', time: '2026-03-02T10:00:00+08:00' },
      { text: '[code] invoice.py 里 BM→EN 的 word rate 也是 RM0.12', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '[code] 〔更正〕EN→BM 不是 RM0.12 了，改 RM0.15').linked).toEqual([ids[0]]);
  });

  it('a correction whose new value is the direction still reaches the record with the old one', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 照片同步方向：云盘→NAS，每晚 01:00', time: '2026-03-02T10:00:00+08:00' }]);
    expect(correct(m, '[hermes] 〔更正〕照片同步方向改成 NAS→云盘').linked).toEqual([ids[0]]);
  });
});

describe('a duration in Chinese numerals with 个 (一个半小时, 两个小时) is a value (session 30)', () => {
  it('小宇数学现在每次一个半小时 supersedes 小宇数学补课 每次2小时, inferred, and not the English lesson', () => {
    const { mem: m, ids } = home([
      { text: '小宇数学补课 每次2小时', time: '2026-03-02T10:00:00+08:00' },
      { text: '小宇英语网课 每次2小时 周日上午', time: '2026-03-02T10:02:00+08:00' },
    ]);
    expect(inferred(correct(m, '小宇数学现在每次一个半小时 他坐不住').res)).toEqual([[ids[0], true]]);
  });
});

describe('a plain record giving no value supersedes one stating no value either (session 30)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('公众号留言现在直接显示，不精选了 supersedes 公众号留言要精选后才显示, inferred', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] 公众号留言要精选后才显示', time: t }]);
    expect(inferred(correct(m, '[openclaw] 公众号留言现在直接显示，不精选了').res)).toEqual([[ids[0], true]]);
  });

  it('not one holding a number or naming an attribute, unless it names the old thing as gone', () => {
    const { mem: m } = home([{ text: '[openclaw] 公众号留言精选，每天 21:00 统一处理', time: t }]);
    expect(correct(m, '[openclaw] 公众号留言现在直接显示了').res.supersedes).toEqual([]);
  });

  it('a report of progress says no setting changed: 进展：《…》改到第 2 稿 does not supersede 《…》二稿改了开头', () => {
    const { mem: m } = home([{ text: '[openclaw] 《SQLite 是被低估的数据库》二稿改了开头，删掉了数据那段', time: t }]);
    expect(correct(m, '[openclaw] 进展：《SQLite 是被低估的数据库》改到第 2 稿').res.supersedes).toEqual([]);
  });
});

describe('a plain record giving an amount where the older one gives another of its size (session 30)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('东门健身房月卡涨到 229 了 supersedes 学校东门那家健身房月卡 199; airflow parallelism 现在 64 supersedes parallelism = 32', () => {
    const { mem: m, ids } = home([
      { text: '学校东门那家健身房月卡 199', time: t },
      { text: '[code] Airflow scheduler 的 parallelism = 32', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(inferred(correct(m, '东门健身房月卡涨到 229 了，肉疼').res)).toEqual([[ids[0], true]]);
    expect(inferred(correct(m, '[code] airflow parallelism 现在 64', '2026-06-02T10:00:00+08:00').res)).toEqual([[ids[1], true]]);
  });

  it('not a number of another size (每周 3 次), nor an identifier (35521 is a plate, not an amount)', () => {
    const { mem: m } = home([
      { text: '学校东门那家健身房 每周去 3 次', time: t },
      { text: '沪D·20817 的 data logger 是 Elitech RC-5', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(correct(m, '东门健身房月卡现在 229 了').res.supersedes).toEqual([]);
    expect(correct(m, '35521 logger 换了，now a Tzone TT19', '2026-06-02T10:00:00+08:00').res.supersedes).toEqual([]);
  });
});

describe('more ways a plain record says a value changed: 涨价, 涨成, 最后定, bumped, since the (session 30)', () => {
  const t = '2026-03-02T10:00:00+08:00';

  it('体育中心羽毛球场地涨价了，每小时 80 supersedes 场地费 60 块 / 小时; bumped the preview server to 4 workers supersedes 2 workers', () => {
    const { mem: m, ids } = home([
      { text: '体育中心 羽毛球 场地费 60 块 / 小时', time: t },
      { text: '[code] Preview server runs under gunicorn with 2 workers', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(inferred(correct(m, '体育中心 羽毛球 场地 涨价 了，每小时 80').res)).toEqual([[ids[0], true]]);
    expect(inferred(correct(m, '[code] Bumped the preview server to 4 gunicorn workers, thumbnails were timing out', '2026-06-02T10:00:00+08:00').res)).toEqual([[ids[1], true]]);
  });
});

describe('when a change starts (这周起, 这期) and how far (拉到) name no thing (session 30)', () => {
  it('这周起周跑量 45km supersedes 周跑量目标 40km, inferred; 游泳课这期起换到市游泳中心 supersedes 游泳课在区体育馆', () => {
    const { mem: m, ids } = home([
      { text: '周跑量目标 40km', time: '2026-03-02T10:00:00+08:00' },
      { text: '儿子游泳课在区体育馆二楼泳池', time: '2026-03-03T10:00:00+08:00' },
    ]);
    expect(inferred(correct(m, '这周起周跑量 45km，进入强化期').res)).toEqual([[ids[0], true]]);
    expect(inferred(correct(m, '儿子游泳课这期起换到市游泳中心上，离家远一点', '2026-06-02T10:00:00+08:00').res)).toEqual([[ids[1], true]]);
  });
});

describe('a number the correction names its thing by, when no word names it (session 30)', () => {
  it('2306 那款涨到 ¥210 supersedes the 2306 motor quote, not the 2207 one; 1280 那个改周四上午 the container ending 1280', () => {
    const { mem: m, ids } = home([
      { text: 'T-Motor 2207 1750KV quote: ¥185/pc', time: '2026-03-02T10:00:00+08:00' },
      { text: 'T-Motor 2306 2450KV quote: ¥185/pc', time: '2026-03-02T10:01:00+08:00' },
      { text: 'MSKU 733 1208 约周三 9:00 提柜', time: '2026-03-03T10:00:00+08:00' },
      { text: 'MSKU 733 1280 约周三 9:00 提柜', time: '2026-03-03T10:01:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕2306 那款涨到 ¥210 了').linked).toEqual([ids[1]]);
    expect(correct(m, '〔更正〕1280 那个改周四上午，车队排不开', '2026-06-02T10:00:00+08:00').linked).toEqual([ids[3]]);
  });

  it('not the thousands of an amount: ¥66,000 shares no name with ¥60,000', () => {
    const { mem: m } = home([{ text: 'Lumen DS 追加工作按小时算 ¥600/h，月结 000 号单', time: '2026-03-02T10:00:00+08:00' }]);
    expect(correct(m, '〔更正〕项目价谈下来是 ¥66,000，多加一轮 usability test').linked).toEqual([]);
  });
});

describe('read off the thirty-fifth blind pair (corr-z69, corr-z70)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T20:00:00+08:00`;

  it('a flat by its street and number (宜山路302, 田林1201) is a name: 1201 is not 302 with the same deposit terms', () => {
    const { mem: m, ids } = home([
      { text: '宜山路302 押金退还：合同到期后 7 天内', time: t(1) },
      { text: '田林1201 押金退还：合同到期后 7 天内', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕1201 押金退还改成 15 天内，要等水电煤结清').linked).toEqual([ids[1]]);
  });

  it('Shanghainese 上半天 / 下半天 are the morning and the afternoon, and a quoted weekday leaves them naming the occasion', () => {
    const { mem: m, ids } = home([
      { text: '老王礼拜六上半天去宜山路302 修热水器', time: t(1) },
      { text: '老王礼拜六下半天去田林1201 修马桶', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕老王礼拜六下半天那趟改到礼拜天').linked).toEqual([ids[1]]);
  });
});

describe('read off the thirty-sixth blind pair (corr-z71, corr-z72)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T20:00:00+08:00`;

  it('an amount said aloud (一百八 不是两百) is a value: the old 200 is the copay, not the hours of the same session', () => {
    const { mem: m, ids } = home([{ text: '爸爸透析每次自付 200 元，医保报完的', time: t(1) }]);
    expect(correct(m, '〔更正〕爸爸透析每次自己掏的钱是一百八 不是两百 医保报了之后算的').linked).toEqual([ids[0]]);
    const { mem: n } = home([{ text: '爸爸透析每次大概四个钟头', time: t(1) }]);
    expect(correct(n, '〔更正〕爸爸透析每次自己掏的钱是一百八 不是两百 医保报了之后算的').linked).toEqual([]);
  });

  it('HK$2,400 is one amount, not $2 and 400: the membership fee of HK$2,400 is not the course fee that was 2,200', () => {
    const { mem: m } = home([{ text: 'HKICPA annual membership fee: HK$2,400, due end of Jan', time: t(1) }]);
    expect(correct(m, 'Correction: QP module enrolment fee is HK$2,400, not 2,200').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: 'QP module enrolment fee: HK$2,200, pay by FPS', time: t(1) }]);
    expect(correct(n, 'Correction: QP module enrolment fee is HK$2,400, not 2,200').linked).toEqual([ids[0]]);
  });

  it('an uncle is a relative (二叔的透析): not the mother at the same hospital, but his own sessions there', () => {
    const { mem: m } = home([{ text: '妈妈的复查也在协和三楼 每个月去一次', time: t(1) }]);
    expect(correct(m, '〔更正〕二叔的透析不在协和了 改到同济 协和那边床位满了').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '二叔每周二四六在协和透析', time: t(1) }]);
    expect(correct(n, '〔更正〕二叔的透析不在协和了 改到同济 协和那边床位满了').linked).toEqual([ids[0]]);
  });

  it('下个礼拜三 is a time, no thing: 爸爸 and next Wednesday in common are not the glasses shop', () => {
    const { mem: m } = home([{ text: '爸爸下个礼拜三去协和拿降压药', time: t(1) }]);
    expect(correct(m, '〔更正〕爸爸配眼镜的那个店改成街道口那家 取眼镜是下个礼拜三').linked).toEqual([]);
  });
});

describe('weekdays that say which one, and repeats of a distance (session 32)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it('周六 before the change names the outing: a new place is no new time for it', () => {
    const { mem: m } = home([{ text: '八人艇周六 07:00 下水', time: t(1) }]);
    expect(correct(m, '〔更正〕八人艇周六改在明湖练，不去河道了').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '八人艇周六 07:00 下水', time: t(1) }]);
    expect(correct(n, '〔更正〕八人艇周六改到 06:30 下水').linked).toEqual([ids[0]]);
  });

  it('周五那期 with a length: the episode is not moved, its length is set', () => {
    const { mem: m } = home([{ text: 'b站正片每周五 20:00 发', time: t(1) }]);
    expect(correct(m, '〔更正〕周五那期正片控制在 20 分钟以内，太长完播率低').linked).toEqual([]);
  });

  it('a duration given as the reason after the change leaves the weekdays the change', () => {
    const { mem: m, ids } = home([{ text: '周二周四豆豆放学老陈接', time: t(1) }]);
    expect(correct(m, '〔更正〕周二周四豆豆改成奶奶接，老陈出差两个月').linked).toEqual([ids[0]]);
  });

  it('6×800m and 8 组 400 米 are distances: the interval session is changed, not a time', () => {
    const { mem: m, ids } = home([{ text: '间歇训练定在周二，8 组 400 米', time: t(1) }]);
    expect(correct(m, '〔更正〕周二间歇改成 6×800m').linked).toEqual([ids[0]]);
    // 800m is no 15 minutes: the warm-up's length is another attribute.
    const { mem: n } = home([{ text: '间歇跑前热身 15 分钟', time: t(1) }]);
    expect(correct(n, '〔更正〕间歇改成 6×800m').linked).toEqual([]);
  });

  it('a quoted 10s is no link to another thing when the correction names its own by another attribute word (webhook)', () => {
    const { mem: n, ids } = home([
      { text: '[code] hwbot 调用企业微信 webhook 的 timeout 设为 5s。', time: t(1) },
      { text: '[code] hwbot 的 SQLite 连接 timeout 10s。', time: t(2) },
      { text: '[code] 〔更正〕webhook timeout 改为 10s。', time: t(3) },
    ]);
    expect(correct(n, '[code] Correction: webhook timeout back to 8s，10s 会拖慢整个队列。').linked).toEqual([ids[2]]);
    const { mem: m } = home([{ text: '[code] hwbot 的 SQLite 连接 timeout 10s。', time: t(1) }]);
    expect(correct(m, '[code] Correction: webhook timeout back to 8s，10s 会拖慢整个队列。').linked).toEqual([]);
  });

  it('API / webhook 服务端口 8080 are two services from one template, not one fact written twice: a correction naming neither is ambiguous', () => {
    const { mem: m } = home([
      { text: '[code] API 服务端口 8080', time: t(1) },
      { text: '[code] webhook 服务端口 8080', time: t(2) },
    ]);
    const r = correct(m, '[code] 〔更正〕那个 8080 的服务改成 8081 了');
    expect(r.linked).toEqual([]);
    expect(r.res.resolution?.status).toBe('ambiguous');
  });

  it('a thing named by its numbers (50 1.2 GM 那支, 5520 截关) is not another of its kind (85 1.4 GM, 尾号 5502 截关)', () => {
    const { mem: m } = home([
      { text: '85 1.4 GM 上次校准2月', time: t(1) },
      { text: '35 1.4 GM 上次校准2月', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕50 1.2 GM那支 上次校准其实是1月').linked).toEqual([]);
    const { mem: n } = home([{ text: '订舱尾号 5502 截关周五 12:00', time: t(1) }]);
    expect(correct(n, '〔更正〕5520 截关改周四 17:00').linked).toEqual([]);
    // The same numbers are the same thing; a number that is the value is no name ("keep 30 dailies").
    const { mem: k, ids } = home([{ text: '85 1.4 GM 上次校准2月', time: t(1) }]);
    expect(correct(k, '〔更正〕85 1.4 GM那支 上次校准其实是1月').linked).toEqual([ids[0]]);
    const { mem: q, ids: qi } = home([{ text: '[hermes] Synology local snapshots: keep 14 dailies', time: t(1) }]);
    expect(correct(q, "[hermes] [correction] Synology snapshots: keep 30 dailies, 14 wasn't enough").linked).toEqual([qi[0]]);
  });

  it('what a restatement says stays as it was is not what it restates (clap_complete 还没动)', () => {
    const { mem: m, ids } = home([
      { text: '[code] dirsift 的 clap 锁在 4.4', time: t(1) },
      { text: '[code] dirsift 的 clap_complete 锁在 4.4', time: t(2) },
    ]);
    expect(correct(m, '[code] dirsift 已经升到 clap 4.5，clap_complete 还没动').linked).toEqual([ids[0]]);
  });

  it('a limit on pictures (up to 18 images, 最多 9 张图) is a count of items, not a length in characters', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] Xiaohongshu notes: max 9 images each.', time: t(1) },
      { text: '[openclaw] Xiaohongshu notes: max 1000 characters of body text.', time: t(2) },
    ]);
    expect(correct(m, '[openclaw] Xiaohongshu notes now take up to 18 images.').linked).toEqual([ids[0]]);
    const { mem: n, ids: ni } = home([
      { text: '[openclaw] 小红书笔记正文不超过 1000 字', time: t(1) },
      { text: '[openclaw] 小红书笔记最多 9 张图', time: t(2) },
    ]);
    expect(correct(n, '[openclaw] 〔更正〕小红书笔记最多可以放 18 张图了').linked).toEqual([ni[1]]);
  });

  it('a thing named by its address (dirsift.io expires …) is not another domain of the same name (dirsift.dev)', () => {
    const { mem: m } = home([{ text: '[hermes] dirsift.dev expires 2026-08-02, renew in July', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: dirsift.io expires 2026-08-20, not 08-02 (the .io I bought for the redirect)').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '[hermes] dirsift.io expires 2026-08-02, renew in July', time: t(1) }]);
    expect(correct(n, '[hermes] Correction: dirsift.io expires 2026-08-20, not 08-02').linked).toEqual([ids[0]]);
  });

  it('a timeout is not a retention though both are durations (超时 30秒 / 日志保留 7天)', () => {
    const { mem: m } = home([{ text: '[code] booking-api 日志保留7天', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕booking-api 超时30秒改60秒').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '[code] booking-api 超时 30 秒', time: t(1) }]);
    expect(correct(n, '[code] 〔更正〕booking-api 超时30秒改60秒').linked).toEqual([ids[0]]);
  });

  it('周一上午现在归… names the Monday-morning slot: the Wednesday one is another', () => {
    const { mem: m, ids } = home([
      { text: '诊室3 周一上午 给进修的王医生用', time: t(1) },
      { text: '诊室3 周三上午 给王医生用', time: t(2) },
    ]);
    expect(correct(m, '诊室3 周一上午现在归康复理疗用了').linked).not.toContain(ids[1]);
    const { mem: n } = home([{ text: '诊室3 周三上午 给王医生用', time: t(1) }]);
    expect(correct(n, '〔更正〕诊室3 周一上午现在归康复理疗用了').linked).toEqual([]);
  });

  it('the target written again in the other language is a copy by its values (凌晨4:00 周日 / Sunday at 04:00), and taken with it', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 树莓派每周日凌晨4:00自动重启。', time: t(1) },
      { text: '[hermes] The Pi reboots automatically every Sunday at 04:00.', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 更正：树莓派的自动重启改为每周六凌晨4:00。').linked.sort()).toEqual([...ids].sort());
    // 20:00 and 8pm are one time.
    const { mem: n, ids: ni } = home([
      { text: "[hermes] 每个星期日 20:00 自动 export 下星期更表去 Google Calendar", time: t(1) },
      { text: "[hermes] Weekly job: export next week's roster to Google Calendar, Sundays 8pm", time: t(2) },
    ]);
    expect(correct(n, '[hermes] 〔更正〕更表 export 改星期六 20:00').linked.sort()).toEqual([...ni].sort());
  });

  it('two records in the other language giving the same values: which one copies the target is not known, so neither is taken', () => {
    const { mem: m, ids } = home([
      { text: "[hermes] 每个星期日 20:00 自动 export 下星期更表去 Google Calendar", time: t(1) },
      { text: "[hermes] Weekly job: export next week's roster to Google Calendar, Sundays 8pm", time: t(2) },
      { text: "[hermes] Weekly job: export Ethan's school calendar to Google Calendar, Sundays 8pm", time: t(3) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕更表 export 改星期六 20:00').linked).toEqual([ids[0]]);
  });

  it('the live database is production: not the staging one', () => {
    const { mem: m } = home([{ text: '[code] relaybox stg DATABASE_URL → pg-stg.hz1.internal:5432/relay', time: t(1) }]);
    expect(correct(m, '[code] Correction: the live DB moved to managed Postgres at db-7f3.eu-central-1.aws.neon.tech/relay; stg still on hz1').linked).toEqual([]);
  });

  it('6:45am is one time (not 45am): the morning pickup is the 6:45 one', () => {
    const { mem: m, ids } = home([
      { text: 'Aunty Mei (姑姑) dialysis Grab pickup Tue/Thu/Sat 6:45am, driver Encik Rahim', time: t(1) },
      { text: 'Aunty Mei dialysis return Grab 11:15am from the centre, any driver ok', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕姑姑早上 6:45 那个 pickup 改 6:20，centre 说要早点磅体重').linked).toEqual([ids[0]]);
  });

  it('an amount written the other way in the other language (押金 300 元 / deposit ¥300) finds the copy', () => {
    const { mem: m, ids } = home([
      { text: '领养押金 300 元，绝育后退还', time: t(1) },
      { text: 'Adoption deposit: ¥300, refunded after spay/neuter', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕押金涨到 500 了，救助群统一的标准').linked.sort()).toEqual([...ids].sort());
  });
});

describe('what is done to a thing, and slots told apart by what they are (session 33)', () => {
  const t = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00+08:00`;

  it("the newsletter's send day is not its subscriber-list backup or export day", () => {
    const { mem: m } = home([{ text: '[hermes] newsletter 订阅者 CSV 每月 1 号备份', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: newsletter goes out on the first Thursday of the month').linked).toEqual([]);
    const { mem: n } = home([{ text: '[hermes] 每晚23:45提醒看销售日报', time: t(1) }]);
    expect(correct(n, '[hermes] 〔更正〕销售日报导出改到每晚22:30').linked).toEqual([]);
  });

  it('a record naming no action, or the same one among others, is still the target', () => {
    const { mem: m, ids } = home([{ text: '[hermes] newsletter 每周五 09:00', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: newsletter goes out on Saturdays 09:00 now').linked).toEqual([ids[0]]);
    const { mem: n, ids: ni } = home([{ text: '[hermes] 读书笔记 Notion export 每晚 02:00 备份去 Google Drive', time: t(1) }]);
    expect(correct(n, '[hermes] 〔更正〕读书笔记的夜间备份推迟到 03:30').linked).toEqual([ni[0]]);
  });

  it("a car's insurance and its inspection, a pet's deworming and its vaccine, fall due apart", () => {
    const { mem: m } = home([{ text: '老婆那台车年检每年 6 月', time: t(1) }]);
    expect(correct(m, '〔更正〕老婆那台车的保险 9 月到期，不是 6 月').linked).toEqual([]);
    const { mem: n } = home([{ text: '橘子 4 月 12 号去安安宠物医院打疫苗', time: t(1) }]);
    expect(correct(n, '更正：橘子下次驱虫是 4 月 20 号，在家自己滴').linked).toEqual([]);
  });

  it('空调 and 调试 are things, not a change (调): 空调清洗 is not 油烟机清洗', () => {
    const { mem: m } = home([{ text: '油烟机清洗一百二', time: t(1) }]);
    expect(correct(m, '〔更正〕空调清洗改一百一台，小程序上先改').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '空调清洗一百二一台', time: t(1) }]);
    expect(correct(n, '〔更正〕空调清洗改一百一台，小程序上先改').linked).toEqual([ids[0]]);
  });

  it('对账 is one word (reconciliation): the reconciliation day is not the delivery days', () => {
    const { mem: m } = home([
      { text: '[hermes] 王记老王电话139 3718 2064', time: t(1) },
      { text: '[hermes] 王记老王每周二、周五送货', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕王记对账日改每月二十八号').linked).toEqual([]);
    const { mem: n, ids } = home([{ text: '[hermes] 王记每月 25 号对账', time: t(1) }]);
    expect(correct(n, '[hermes] 〔更正〕王记对账日改每月二十八号').linked).toEqual([ids[0]]);
  });

  it('是 20号楼 不是 12号楼: the building said against the old one is the new value, not the thing named', () => {
    const { mem: m, ids } = home([
      { text: '张阿姨 金水区丰产路绿都城12号楼2单元501，格力挂机不制冷', time: t(1) },
      { text: '张阿姨的女儿也住绿都城，21号楼1单元302，下次顺路看她家热水器', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕张阿姨家是二十号楼不是十二号楼，语音输入听错了，还是2单元501').linked).toEqual([ids[0]]);
  });

  it('"goes up to ¥120" is a rise in price, not a limit on length', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] Price list reposted for the group: drum washer cleaning ¥100', time: t(1) }]);
    expect(correct(m, '[openclaw] Correction: drum washer cleaning goes up to ¥120').linked).toEqual([ids[0]]);
  });

  it('the ending of "the 16th" is no word a record must hold', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] City meet May 16: warm-up at 7:00', time: t(1) },
      { text: '[hermes] Correction: May 16 warm-up moved to 7:30', time: t(5) },
    ]);
    expect(correct(m, '[hermes] Correction: warm-up on the 16th is 8:00 now, the pool opens late that day').linked).toEqual([ids[1]]);
  });

  it('5,000 RMB and 2,000 RMB share no value (000 is no number of their own)', () => {
    const { mem: m, ids } = home([
      { text: 'Channel rate card: 5,000 RMB per integrated sponsored video.', time: t(1) },
      { text: 'Dynamic post (动态) rate: 2,000 RMB.', time: t(2) },
    ]);
    expect(correct(m, 'Correction: integrated video rate goes up to 6,500 from June.').linked).toEqual([ids[0]]);
  });

  it('what the correction names only to say it stays (白雪照旧, Nainai stays) is not the one it changes', () => {
    const { mem: m, ids } = home([
      { text: '豆豆 每餐狗糧 200g，一日兩餐', time: t(1) },
      { text: '白雪 每餐狗糧 200g，一日兩餐', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕豆豆要減肥，每餐改 150g，白雪照舊').linked).toEqual([ids[0]]);
    const { mem: n, ids: ni } = home([
      { text: 'Liu Daye (刘大爷) check-up: 2nd Wednesday every month, community clinic', time: t(1) },
      { text: 'Liu Nainai (刘奶奶) check-up: 2nd Wednesday every month, same clinic', time: t(1) },
    ]);
    expect(correct(n, "Correction: Liu Daye's 2nd-Wednesday slot is gone, clinic moved him to 3rd Thursday. Nainai stays.").linked).toEqual([ni[0]]);
  });

  it('a rule kept in the correction (仍然不得自动发布) does not make the red line it replaces one that stays', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] 〔红线〕定稿前必须经我确认，不得自动发布', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔红线〕〔更正〕替换之前那条「定稿前必须经我确认」：改为经我或小周任一人确认即可，仍然不得自动发布').linked).toEqual([ids[0]]);
  });

  it('周六那场 and "nightly 那个" point at the occasion or the job: a name, not the schedule it changes', () => {
    const { mem: m, ids } = home([
      { text: '周二攀岩 跟阿杰，晚上 7 点', time: t(1) },
      { text: '周六攀岩 跟 Lily，下午 3 点', time: t(1) },
    ]);
    expect(correct(m, '更正：周六那场改到上午 10 点').linked).toEqual([ids[1]]);
    const { mem: n } = home([
      { text: '[hermes] NAS 夜间备份 nas-nightly 每天 02:00 跑，目标外置硬盘 /volumeUSB1', time: t(1) },
      { text: '[hermes] 每周异地备份 nas-offsite 周日 02:00 传到腾讯云 COS', time: t(3) },
    ]);
    expect(correct(n, '[hermes] 〔更正〕nightly 那个从 02:00 改到 03:30 吧，周日 02:00 和 offsite 撞车了').linked).toEqual([]);
  });

  it('现为 says a value changed: the plain record supersedes the limit it restates', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] ocr_batch 每晚处理上限 800 页', time: t(1) },
      { text: '[hermes] thumb_gen 每晚处理上限 800 页', time: t(1) },
    ]);
    expect(inferred(correct(m, '[hermes] ocr_batch 每晚上限现为 1200 页，新 GPU 到位', '2026-03-06T10:00:00+08:00').res)).toEqual([[ids[0], true]]);
  });

  it('异地备份 and the offsite backup are one job written in two languages', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 异地备份每周六 23:00 推送到 OSS guji-archive', time: t(1) },
      { text: '[hermes] Offsite backup to OSS guji-archive runs every Saturday 23:00', time: t(8) },
      { text: '[hermes] 本地 ZFS 快照每周六 23:00', time: t(1) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕异地备份改为周日 01:00，周六晚上校园网出口限速').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('pnpm 9 is a version: "CI is on pnpm 9 now" restates the pnpm 8 record', () => {
    const { mem: m, ids } = home([{ text: '[code] lintel CI uses pnpm 8', time: t(1) }]);
    expect(inferred(correct(m, '[code] lintel CI is on pnpm 9 now, pinned through packageManager in package.json').res)).toEqual([[ids[0], true]]);
  });

  it('when a thing starts and when it ends are two times; the student ticket is not the general one', () => {
    const { mem: m } = home([{ text: '桌遊夜每週四 19:00 開始', time: t(1) }]);
    expect(correct(m, '〔更正〕桌遊夜結束時間改 22:30,老闆要提早打烊').linked).toEqual([]);
    const { mem: n } = home([{ text: '桌遊夜學生票 NT$100', time: t(1) }]);
    expect(correct(n, '〔更正〕桌遊夜一般票改 NT$180').linked).toEqual([]);
  });

  it('9楼 Omnicell is not 7楼 Pyxis: a place named by its number and counter', () => {
    const { mem: m } = home([{ text: '7楼 Pyxis 自动登出 60 秒', time: t(1) }]);
    expect(correct(m, '〔更正〕信息科调整，9楼 Omnicell 自动登出改为 45 秒').linked).toEqual([]);
    // Where a thing moved to is its new value, not the place it names.
    const { mem: n, ids } = home([{ text: '[hermes] 俱乐部周三晚上 在市体育中心 3号馆 订场', time: t(1) }]);
    expect(correct(n, '[hermes] 更正：周三那场换到体中5号馆').linked).toEqual([ids[0]]);
  });

  it('嗰篇 is 那篇: a demonstrative the segmenter glues to the next word names nothing', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] LinkedIn 文章〈Audit senior 點樣捱過 busy season〉目標字數 1,200 字', time: t(1) },
      { text: '[openclaw] LinkedIn 文章〈Audit senior 點樣捱過 busy season〉發佈日期 3月20號', time: t(1) },
      { text: '[openclaw] 公司 newsletter 文章〈HKFRS 18 重點〉目標字數 1,200 字', time: t(2) },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕busy season 嗰篇縮到 800 字，LinkedIn 太長冇人睇').linked).toEqual([ids[0]]);
  });

  it('24号那个 points at the duty on the 24th, not the one on the 14th', () => {
    const { mem: m, ids } = home([
      { text: '5月 roster：5月14号 home SBY 0800-2000', time: '2026-04-20T18:05:00+08:00' },
      { text: '5月 roster：5月24号 home SBY 0800-2000', time: '2026-04-20T18:06:00+08:00' },
    ]);
    expect(correct(m, '〔更正〕24号嗰个 SBY 改咗 1200-2400', '2026-05-10T09:15:00+08:00').linked).toEqual([ids[1]]);
  });

  it('what the correction names only to set its thing apart (不要跟 feed.py 那个 3.11) is the other thing', () => {
    const { mem: m } = home([
      { text: '[code] feed.py 跑 Python 3.11', time: t(1), project: 'shop' },
      { text: '[code] stock_sync.py 放喺 /opt/feed/stock_sync.py', time: t(2), project: 'shop' },
    ]);
    expect(correct(m, '[code] 〔更正〕stock_sync.py 要用 3.12，唔好跟 feed.py 嗰个 3.11，新 requests 装唔到', undefined, 'shop').linked).toEqual([]);
  });

  it('"keep 14 HA backups" changes how many are kept: not the record of what happens after a backup', () => {
    const { mem: m, ids } = home([
      { text: '[code] HA backup 保留 7 份', time: t(1), project: 'ha' },
      { text: '[hermes] HA backup 完成之后 send Telegram 通知', time: t(1), project: 'ha' },
    ]);
    expect(correct(m, '[hermes] Correction: keep 14 HA backups', undefined, 'ha').linked).not.toContain(ids[1]);
  });

  it('DO (dissolved oxygen) in capitals is a name: the DO probe is not the pH probe', () => {
    const { mem: m } = home([
      { text: '[code] pH probe on node-02 is an Atlas EZO-pH, I2C 0x63', time: t(1), project: 'wq' },
      { text: '[code] DO probe calibration every 4 weeks', time: t(1), project: 'wq' },
    ]);
    expect(correct(m, '[code] Correction: pH probe calibration is every 2 weeks, not 4.', undefined, 'wq').linked).toEqual([]);
  });

  it('an address by its last part (moved off .41, 不是.88了) is the address that ends so', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 3F printer (HP M479fdw) IP: 10.2.3.41', time: t(1), project: 'helpdesk' },
      { text: '[hermes] 3F badge reader controller IP: 10.2.3.40', time: t(1), project: 'helpdesk' },
    ]);
    expect(correct(m, "[hermes] Correction: that printer moved off .41, it's 10.2.3.57 since the switch swap", undefined, 'helpdesk').linked).toEqual([ids[0]]);
    const { mem: n, ids: ni } = home([
      { text: '[code] 小程序生产机 47.104.12.88，2核4G', time: t(1), project: 'miniapp' },
      { text: '[code] 测试机 47.104.12.89', time: t(1), project: 'miniapp' },
    ]);
    expect(correct(n, '[code] 〔更正〕生产那台不是.88了，迁到121.40.7.15，老机器月底到期', undefined, 'miniapp').linked).toEqual([ni[0]]);
  });

  it('太大, 太多 say why a value changed: they name nothing the record must hold', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 抖音封面标题字号 96px，白字黑边', time: t(1), project: 'douyin' },
      { text: '[openclaw] 片头标题卡字号也是 96px', time: t(1), project: 'douyin' },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕封面字 96 太大，挡到蚝了，改 72', undefined, 'douyin').linked).toEqual([ids[0]]);
  });

  it("Dad's is 阿爸's: whose it is, named as any word for that relative", () => {
    const { mem: m, ids } = home([
      { text: '阿爸 4月15号 09:00 复诊', time: t(1) },
      { text: '阿妈 4月22号 09:00 复诊', time: t(1) },
    ]);
    expect(correct(m, "Correction: Dad's follow-up on 15 Apr moved from 09:00 to 10:30").linked).toEqual([ids[0]]);
  });

  it('a qualifier in Chinese against one in English (选题会 / topic meeting), across languages, is no conflict', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] Weekly topic meeting: Mondays 10:00, Room 3B.', time: t(1) },
      { text: '[hermes] Monthly sponsor review: first Monday of the month, 10:00, Room 3B.', time: t(1) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕选题会的会议室由 3B 改为 5A，时间仍是周一 10:00。').linked).toEqual([ids[0]]);
    // Written in one language, two qualifiers are two things still.
    const { mem: n } = home([{ text: '[hermes] 路由器断电自动重启', time: t(1) }, { text: '[hermes] NAS 固件自动升级在每月第一个周日', time: t(1) }]);
    expect(correct(n, '[hermes] 〔更正〕路由器固件自动升级改到每月第一个周一').linked).toEqual([]);
  });

  it('export / 导出 and dialysis / 透析 are one word in two languages', () => {
    const { mem: m, ids } = home([
      { text: '[code] 订单导出脚本每天 22:00 跑，导出到 /data/orders', time: t(1), project: 'miniapp' },
      { text: '[code] 商品图片压缩脚本每天 23:00 跑', time: t(1), project: 'miniapp' },
    ]);
    expect(correct(m, '[code] Correction: the order export job runs at 21:30 now', undefined, 'miniapp').linked).toEqual([ids[0]]);
    const { mem: n, ids: ni } = home([
      { text: '妈妈透析：周一三五 上午 7:30，市二院血透室 12 号床', time: t(1), project: 'mom' },
      { text: '妈妈复查抽血：每月第一个周一 7:30，空腹', time: t(1), project: 'mom' },
    ]);
    expect(correct(n, 'Correction: dialysis 7:30 → 7:00, the unit is adding an early shift. Same bed 12.', undefined, 'mom').linked).toEqual([ni[0]]);
  });

  it('提提： opens a note the way 提醒： does: the same appointment noted twice is one fact', () => {
    const { mem: m, ids } = home([
      { text: '阿妈眼科覆诊 3月18号 下午 2点，中山眼科中心', time: t(1) },
      { text: '提提：阿妈 3/18 14:00 眼科', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕阿妈眼科改咗 3月25号，时间唔变').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('那节 of 初三那节 only points: the record of the 初三 lesson is the one it changes', () => {
    const { mem: m, ids } = home([
      { text: '家教：周六上午 10:00 给陈姐儿子上初三英语', time: t(1) },
      { text: '家教：周日下午 3 点给王老师女儿上高一物理', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕初三那节挪到周六下午两点了').linked).toEqual([ids[0]]);
    const { mem: n, ids: ni } = home([
      { text: '[hermes] 周二直播 20:00 开，做 moth devlog', time: t(1) },
      { text: '[hermes] 周五直播 20:00 开，修机台', time: t(1) },
    ]);
    expect(correct(n, '[hermes] 〔更正〕修机台那场改到 21:00 开').linked).toEqual([ni[1]]);
  });

  it('1号直播间 and 2号直播间 at one hour are two rooms, not one fact noted twice', () => {
    const { mem: m } = home([
      { text: '淘宝1号直播间 周六 14:00 主播小鹿', time: t(1), project: 'taobao' },
      { text: '淘宝2号直播间 周六 14:00 主播七七', time: t(1), project: 'taobao' },
    ]);
    expect(correct(m, '〔更正〕周六那场改 15:00 开', undefined, 'taobao').linked).toEqual([]);
  });

  it('a part of the day in English (Saturday morning now) says when, not what', () => {
    const { mem: m, ids } = home([
      { text: '“大胡子” 终点计时 周六全天', time: t(1), project: 'xihu' },
      { text: '“小胡子” 起点检录 周六全天', time: t(1), project: 'xihu' },
    ]);
    expect(correct(m, 'Correction: 小胡子 only Saturday morning now, wedding in the afternoon', undefined, 'xihu').linked).toEqual([ids[1]]);
  });

  it('what a thing does (the reminder fires) and "the one", "the piece" name nothing', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] Refill reminder for the main-store group goes out at 10:00', time: t(1), project: 'refill-bot' },
      { text: '[hermes] Refill reminder for the East Gate group goes out at 10:30', time: t(1), project: 'refill-bot' },
    ]);
    expect(correct(m, "[hermes] Correction: East Gate's reminder fires at 9:00 now", undefined, 'refill-bot').linked).toEqual([ids[1]]);
  });

  it('the headline is not the subtitle under it', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 《AI Agent 元年》标题定为《Agent 元年：谁在真正落地》', time: '2026-03-03T16:00:00+08:00', project: 'ai-weekly' },
      { text: '[openclaw] 〔更正〕标题改为《Agent 元年：落地比想象更难》', time: '2026-03-10T16:00:00+08:00', project: 'ai-weekly' },
      { text: '[openclaw] 《AI Agent 元年》副标题：从 Demo 到营收', time: '2026-03-04T16:00:00+08:00', project: 'ai-weekly' },
    ]);
    expect(correct(m, '[openclaw] Correction: final headline for the Agent piece is "Agent 元年：没人再谈 Demo".', '2026-03-18T12:00:00+08:00', 'ai-weekly').linked).not.toContain(ids[2]);
  });

  it('a thing named as a part of an identifier (sandbox of payments-sandbox) is named', () => {
    const { mem: m, ids } = home([
      { text: '[code] payments-sandbox 跑在 namespace `payments-sbx`', time: t(1), project: 'infra' },
      { text: '[code] payments 跑在 k8s namespace `payments-prod`', time: t(1), project: 'infra' },
    ]);
    expect(correct(m, '[code] 更正：sandbox 的 namespace rename 成 payments-sandbox 了', undefined, 'infra').linked).toEqual([ids[0]]);
  });
  it('a thing numbered after its noun in English (batch 3B, court 3) is another one at another number', () => {
    const { mem: m, ids } = home([
      { text: 'Lumen batch 3 delivery Apr 18, 17:00', time: t(1), project: 'lumen' },
      { text: 'Booked Riverside court 3, Sat 19:00', time: t(1), project: 'lumen' },
      { text: 'Booked Riverside court 5, Sat 19:00', time: t(1), project: 'lumen' },
    ]);
    expect(correct(m, 'Correction: batch 3B (the DLC one) delivery moves to Apr 20', undefined, 'lumen').linked).toEqual([]);
    // Two bookings at one hour differ by their court: which one moved is a guess.
    expect(correct(m, 'Correction: the court moved to 20:00.', undefined, 'lumen').linked).toEqual([]);
    // The number it is now, and the one it was, are no other court.
    const { mem: m2, ids: ids2 } = home([{ text: 'Gym booking: court 4, every Wednesday 18:00-20:00', time: t(1), project: 'gym' }]);
    expect(correct(m2, 'Correction: Wednesday is court 6 now, not 4.', undefined, 'gym').linked).toEqual([ids2[0]]);
    expect(ids.length).toBe(3);
  });

  it('a time zone (PST, 北京时间) names no thing', () => {
    const { mem: m } = home([
      { text: 'Lumen batch 3 delivery: Apr 18, 17:00 PST', time: t(1), project: 'lumen' },
      { text: 'Lumen glossary sync every Friday, 10:00 北京时间', time: t(1), project: 'lumen' },
    ]);
    expect(correct(m, 'Correction: Lumen VO script review call → Apr 19, 10:00 PST', undefined, 'lumen').linked).toEqual([]);
  });

  it('a thing the correction says keeps its slot, after a dash, is not what moved', () => {
    const { mem: m } = home([
      { text: 'JC is in room 1105, Wednesdays 12:30.', time: t(1), project: 'ward' },
      { text: 'Morning handover in the ward office, 07:30.', time: t(1), project: 'ward' },
    ]);
    expect(correct(m, 'Correction: Grand rounds move to room 1105 on Thursdays — JC keeps its Wednesday slot.', undefined, 'ward').linked).toEqual([]);
  });

  it('a day before the thing (the Saturday court) names which one', () => {
    const { mem: m } = home([
      { text: 'Tuesday court: Olympic center #9.', time: t(1), project: 'badminton' },
      { text: 'Saturday court fee is split five ways.', time: t(1), project: 'badminton' },
    ]);
    expect(correct(m, 'Correction: the Saturday court is #9.', undefined, 'badminton').linked).toEqual([]);
  });
  it('a move to one week\'s day (推到下周六) moves one occasion, not what happens every week', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 每周六 06:00 检查 Nextcloud 有没有新版本', time: t(1), project: 'nas' },
      { text: '[hermes] Nextcloud 升级定在本周六晚上', time: t(2), project: 'nas' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕Nextcloud 升级推到下周六', undefined, 'nas').linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: '[hermes] 每周六 06:00 检查 Nextcloud 有没有新版本', time: t(1), project: 'nas' }]);
    expect(correct(m2, '[hermes] 〔更正〕Nextcloud 升级推到下周六', undefined, 'nas').linked).toEqual([]);
  });
  it('how often said of an amount (每天 55 克) is a rate, not a schedule the correction changes', () => {
    const { mem: m } = home([{ text: '汤圆的零食每天冻干两颗', time: t(1), project: 'cat' }]);
    expect(correct(m, '〔更正〕汤圆猫粮改成每天 55 克', undefined, 'cat').linked).toEqual([]);
    const { mem: m2, ids } = home([
      { text: '汤圆的零食每天冻干两颗', time: t(1), project: 'cat' },
      { text: '汤圆主粮每天 45 克，分两顿', time: t(1), project: 'cat' },
    ]);
    expect(correct(m2, '〔更正〕汤圆猫粮改成每天 55 克', undefined, 'cat').linked).toEqual([ids[1]]);
  });
  it('a person as the new value (换成李医生看) changes who: a record naming no one does not say who', () => {
    const { mem: m } = home([{ text: '汤圆打疫苗：4月12号上午10点，派多格', time: t(1), project: 'cat' }]);
    expect(correct(m, '〔更正〕打疫苗那次换成李医生看', undefined, 'cat').linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: 'JC 3 月 18 号轮到李想，讲 NEJM 那篇 SGLT2 的', time: t(1), project: 'jc' }]);
    expect(correct(m2, '〔更正〕SGLT2 那场换小王讲，李想去进修了', undefined, 'jc').linked).toEqual([ids[0]]);
  });
  it('a cron schedule is a schedule, and the same one in words (0 */6 * * * / every 6 hours)', () => {
    const { mem: m, ids } = home([{ text: '[code] paper2zotero 拉文献的 cron: 0 6 * * *，跑在旧 ThinkPad 上', time: t(1), project: 'zotero' }]);
    expect(correct(m, '[code] 〔更正〕拉文献那条 0 6 * * * 改成 30 5 * * *，6 点 ThinkPad 会自动休眠', undefined, 'zotero').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[code] The photo frame syncs new pictures every 6 hours.', time: t(1), project: 'frame' },
      { text: '[code] Photo frame sync interval: 6h (cron 0 */6 * * *).', time: t(2), project: 'frame' },
    ]);
    expect(correct(m2, '[code] Correction: photo frame sync now runs every 2 hours.', undefined, 'frame').linked.sort()).toEqual([...ids2].sort());
  });

  it('a backup keeping 14 daily snapshots states how many copies it keeps', () => {
    const { mem: m, ids } = home([{ text: '[hermes] Nextcloud (the 云盘) backup keeps 14 daily snapshots on the WD drive', time: t(1), project: 'nas' }]);
    expect(correct(m, '[hermes] 〔更正〕云盘备份只留 7 份了，硬盘快满了', undefined, 'nas').linked).toEqual([ids[0]]);
  });
  it('a client who pushed a date is a customer, not the client side of an app', () => {
    const { mem: m, ids } = home([
      { text: 'Lumen batch 3 delivery: Apr 18, 17:00 PST (Apr 19 09:00 Beijing)', time: t(1), project: 'lumen' },
      { text: 'Lumen batch 2 delivered Apr 2, accepted', time: t(1), project: 'lumen' },
    ]);
    expect(correct(m, 'Correction: batch 3 is no longer Apr 18 — client pushed it to Apr 21, same 17:00 PST', undefined, 'lumen').linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: '[code] backend request timeout is 30s', time: t(1), project: 'app' }]);
    expect(correct(m2, '[code] 〔更正〕client-side request timeout 改成 10s', undefined, 'app').linked).toEqual([]);
  });
  it('a party named by surname and 某 (吴某案 / 周某案) is another case, for a correction and for a copy', () => {
    const { mem: m, ids } = home([
      { text: '周某案 判决 3月13日送达，上诉期限 3月28日届满', time: t(1) },
      { text: '吴某案 判决 3月13日送达，上诉期限 3月28日届满', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕吴某案判决书实际是 3月14日签收的，上诉期到 3月29日').linked).toEqual([ids[1]]);
    // Nor does a plain record about another case's hearing on the same day restate it.
    const { mem: m2, ids: ids2 } = home([{ text: '赵某案 开庭 4月8日 9:00', time: t(1) }]);
    expect(m2.add({ text: '孙某案 开庭 4月8日 14:30', time: t(2) }).supersedes.filter((e) => e.oldId === ids2[0])).toEqual([]);
  });
  it('a qualifier the correction names only in its reason (跟贝斯那路隔太近) is not what it changes', () => {
    const { mem: m } = home([
      { text: 'IEM 频点：鼓手那路 TX1 518.200 MHz', time: t(1) },
      { text: 'IEM 频点：贝斯那路 TX2 525.800 MHz', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕键盘那路 IEM 换到 531.400，跟贝斯那路隔太近会串').linked).toEqual([]);
  });
  it('what is no longer done to a thing (jpg 不再同步) is no old value of its schedule or folder', () => {
    const { mem: m } = home([
      { text: '[hermes] 每天 18:00 把扫描件同步到 NAS', time: t(1) },
      { text: '[hermes] 扫描件同步的目标目录 \\\\nas\\cases\\2026', time: t(1) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕扫描件同步只同步 PDF，jpg 不再同步').linked).toEqual([]);
  });
  it('a plain record saying a thing now also does more (now also writes) changes nothing it did', () => {
    const { mem: m, ids } = home([{ text: '[code] renamer reads from D:\\Scans\\inbox', time: t(1), project: 'scan' }]);
    expect(m.add({ text: '[code] renamer now also writes a CSV index of renamed files to D:\\Scans\\index.csv', time: t(3), project: 'scan' }).supersedes).toEqual([]);
    expect(m.add({ text: '[code] renamer now reads from E:\\Scans\\inbox', time: t(4), project: 'scan' }).supersedes.map((e) => e.oldId)).toEqual([ids[0]]);
  });
  it('a weekday before a place named by a number (周五 46 的 call time) names the occasion', () => {
    const { mem: m, ids } = home([
      { text: '周六 46 Livehouse call time 下午 3 点', time: t(1) },
      { text: '周五 46 Livehouse call time 下午 3 点，load-in 走 B 口', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕周五 46 的 call time 提前到 2 点').linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: '周六 46 Livehouse call time 下午 3 点', time: t(1) }]);
    expect(correct(m2, '〔更正〕周五 46 的 call time 提前到 2 点').linked).toEqual([]);
  });
  it('a copy written in English that names its thing in Chinese (WeChat account 黔南油茶 …) is a copy in the other language', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 公众号「黔南油茶」推送时间：每周五 20:00', time: t(1), project: 'coop' },
      { text: '[openclaw] 小红书账号「油茶妈妈」推送：每周五 20:00', time: t(1), project: 'coop' },
      { text: '[openclaw] WeChat account 黔南油茶: posts go out Fridays 8pm', time: t(5), project: 'coop' },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕公众号推送改周四晚8点，周五读者少', undefined, 'coop').linked.sort()).toEqual([ids[0], ids[2]].sort());
  });
  it('an address with its port and the same address with the port written apart are one address', () => {
    const { mem: m, ids } = home([
      { text: '[code] HIS测试库地址 10.12.3.45:1521', time: t(1), project: 'his' },
      { text: '[code] HIS test DB host: 10.12.3.45, port 1521 (Oracle)', time: t(2), project: 'his' },
      { text: '[code] HIS正式库地址 10.12.3.40:1521', time: t(2), project: 'his' },
    ]);
    expect(correct(m, '[code] 〔更正〕测试库迁到 10.12.3.47 了，端口不变', undefined, 'his').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });
  it('one day written two ways (7 月 12 日 / 7/12) is one value, and the English copy is found by its day (15 Mar)', () => {
    const { mem: m, ids } = home([
      { text: 'N4 期末考试定在 7 月 12 日', time: t(1) },
      { text: 'N3 期末考试 7 月 19 日', time: t(1) },
      { text: 'N4 期末テスト 7/12，记得提前印卷子', time: t(5) },
    ]);
    expect(correct(m, '〔更正〕N4 期末改到 7 月 5 日，文化中心 12 号被占了').linked.sort()).toEqual([ids[0], ids[2]].sort());
    const { mem: m2, ids: ids2 } = home([
      { text: '[openclaw] 公众号文章《爱丁堡读博生活》计划 3 月 15 日发', time: t(1), project: 'phd' },
      { text: '[openclaw] 小红书笔记《爱丁堡读博生活》3 月 15 日发', time: t(1), project: 'phd' },
      { text: "[openclaw] WeChat post 'PhD life in Edinburgh' scheduled for 15 Mar", time: t(2), project: 'phd' },
    ]);
    expect(correct(m2, '[openclaw] 〔更正〕公众号那篇推到 3 月 22 日，小红书照旧', undefined, 'phd').linked.sort()).toEqual([ids2[0], ids2[2]].sort());
  });
  it('the English copy of a target is found and taken by a path without digits, hours written 8 小时 / 8h, and 晚上9点 / 9 pm with 母亲 / Mom', () => {
    const { mem: m, ids } = home([
      { text: '[code] Aegisub 自动化脚本放在 ~/aegisub/automation/autoload', time: t(1), project: 'sub' },
      { text: '[code] Aegisub automation scripts live in ~/aegisub/automation/autoload', time: t(2), project: 'sub' },
    ]);
    expect(correct(m, '[code] 〔更正〕自动化脚本挪到 ~/dotfiles/aegisub/autoload 了，用 symlink 链回去', undefined, 'sub').linked.sort()).toEqual([...ids].sort());
    const { mem: m2, ids: ids2 } = home([
      { text: '手术前禁食：猫 8 小时，狗 12 小时', time: t(1) },
      { text: 'Pre-op fasting: cats 8h, dogs 12h (posted on the kennel whiteboard).', time: t(2) },
      { text: '术后复查：猫 7 天，狗 10 天', time: t(2) },
    ]);
    expect(correct(m2, '〔更正〕猫的术前禁食改成 6 小时，王医生新规').linked.sort()).toEqual([ids2[0], ids2[1]].sort());
    const { mem: m3, ids: ids3 } = home([
      { text: '母亲的眼药水每晚9点滴，左右眼各一滴。', time: t(1) },
      { text: "Mom's eye drops: 9 pm every night, one drop in each eye.", time: t(2) },
      { text: "Dad's eye drops: 9 pm every night.", time: t(2) },
    ]);
    expect(correct(m3, '更正：母亲晚上的眼药水改到睡前10点滴，李医生说离晚饭远一点好。').linked.sort()).toEqual([ids3[0], ids3[1]].sort());
  });
  it('a day of the year names one occasion: the English copy giving only that day (18 April) is taken, another gallery on that day is not', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 三号展厅开幕日 4 月 18 日', time: t(1), project: 'glaze' },
      { text: '[hermes] 三号展厅撤展日 7 月 26 日', time: t(1), project: 'glaze' },
      { text: '[hermes] Gallery 3 opening: 18 April (noting again for the new scheduler)', time: t(5), project: 'glaze' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕三号厅开幕推到 4 月 25 日', undefined, 'glaze').linked.sort()).toEqual([ids[0], ids[2]].sort());
    // Two English records giving that day: which one copies it is not known, and neither is taken.
    const { mem: m2, ids: ids2 } = home([
      { text: '[hermes] 三号展厅开幕日 4 月 18 日', time: t(1), project: 'glaze' },
      { text: '[hermes] Gallery 3 opening: 18 April (noting again for the new scheduler)', time: t(5), project: 'glaze' },
      { text: '[hermes] Gallery 5 opening: 18 April', time: t(5), project: 'glaze' },
    ]);
    expect(correct(m2, '[hermes] 〔更正〕三号厅开幕推到 4 月 25 日', undefined, 'glaze').linked).toEqual([ids2[0]]);
  });
  it('a name written by its initials (HA) holds the Home Assistant of the correction: the copy is taken', () => {
    const { mem: m, ids } = home([
      { text: '[code] homelab 的 Home Assistant 在 8123', time: t(1), project: 'lab' },
      { text: '[code] HA 跑在 8123 端口，host 网络模式', time: t(2), project: 'lab' },
      { text: '[code] Zigbee2MQTT 前端跑在 8080 端口', time: t(2), project: 'lab' },
    ]);
    expect(correct(m, '[code] 〔更正〕Home Assistant 端口改成 8124 了，8123 留给测试实例', undefined, 'lab').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });
  it('a file named for another thing (…/google.xml) is not the path of the feed the correction names (Bing feed … bing.xml)', () => {
    const { mem: m } = home([{ text: '[code] feed.py 输出 /var/www/feed/google.xml', time: t(1), project: 'shop' }]);
    expect(correct(m, '[code] 〔更正〕Bing feed 输出路径系 /srv/feed/bing.xml', undefined, 'shop').linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: '[code] Bing feed 输出 /var/www/feed/bing.xml', time: t(1), project: 'shop' }]);
    expect(correct(m2, '[code] 〔更正〕Bing feed 输出路径系 /srv/feed/bing.xml', undefined, 'shop').linked).toEqual([ids[0]]);
  });
  it('a weight given per meal is a ration, not what the cat weighs', () => {
    const { mem: m, ids } = home([
      { text: 'Mochi: 120g kibble per meal', time: t(1) },
      { text: 'Mochi weighs 8.7kg at the last vet visit', time: t(1) },
    ]);
    expect(m.add({ text: 'Mochi weighs 9.5kg now, vet is happy with him', time: t(5) }).supersedes.map((e) => e.oldId)).toEqual([ids[1]]);
    expect(correct(m, '〔更正〕Mochi 每顿改成 100g').linked).toEqual([ids[0]]);
  });
  it('a flat named by its number before 的 (302 的空调师傅) is not another numbered flat (田林1201)', () => {
    const { mem: m } = home([{ text: '空调师傅礼拜六 10:00 去田林1201', time: t(1) }]);
    expect(correct(m, '〔更正〕302 的空调师傅改礼拜天下半天来，跟油烟机一道').linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: '空调师傅礼拜六 10:00 去 302', time: t(1) }]);
    expect(correct(m2, '〔更正〕302 的空调师傅改礼拜天下半天来，跟油烟机一道').linked).toEqual([ids[0]]);
  });
  it('a thing named by its number before 的 (920 的 DSM, 46 的 IEM) is not one named by a name of its own (小白的 DSM, 回声馆的 IEM)', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 小白（DS220j 备份机）的 DSM 管理端口也是 5001', time: t(1) },
      { text: '[hermes] 老黑（那台 DS920+）的 DSM 管理端口是 5001', time: t(1) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕920 的 DSM 端口改成 15001 了，别再用默认的').linked).toEqual([ids[1]]);
    // Never both: the venue 回声馆 giving the same frequency is no copy of 46's.
    const { mem: m2, ids: ids2 } = home([
      { text: '[hermes] 46 的 IEM：TX2 主唱 548.100', time: t(1) },
      { text: '[hermes] 回声馆的 IEM 频点表：TX2 主唱 548.100', time: t(1) },
    ]);
    expect(correct(m2, '[hermes] 〔更正〕46 主唱那路 548.100 作废，换 553.300').linked).not.toContain(ids2[1]);
  });
  it('an attribute word right before the one the new value answers names the thing: a webhook timeout is no webhook address', () => {
    const { mem: m, ids } = home([
      { text: '[code] 报警 webhook 地址放在 .env 的 ALERT_HOOK 里', time: t(1), project: 'pi-ctl' },
      { text: '[code] Alert webhook timeout 10 s', time: t(1), project: 'pi-ctl' },
    ]);
    expect(correct(m, '[code] Correction: alert webhook timeout is 30 s now', undefined, 'pi-ctl').linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: '[code] 报警 webhook 地址放在 .env 的 ALERT_HOOK 里', time: t(1), project: 'pi-ctl' }]);
    expect(correct(m2, '[code] Correction: alert webhook timeout is 30 s now', undefined, 'pi-ctl').linked).toEqual([]);
  });
  it("a person said by whose they are (the call with Joost, Bram's manager) is not that other person", () => {
    const { mem: m } = home([{ text: 'Video call with Bram: every other Friday 15:00', time: t(1) }]);
    expect(correct(m, "Correction: the monthly call with Joost, Bram's manager, moves to Thursday 15:00").linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: 'Monthly call with Joost: first Friday 15:00', time: t(1) }]);
    expect(correct(m2, "Correction: the monthly call with Joost, Bram's manager, moves to Thursday 15:00").linked).toEqual([ids[0]]);
  });
  it('a port named after a clause of its own in a record (网页端口 8123 after the IP) is the web one, not the SSH one', () => {
    const { mem: m, ids } = home([
      { text: '[code] HA 盒子 IP 192.168.1.50，网页端口 8123', time: t(1), project: 'gh' },
      { text: '[code] HA 盒子 IP 192.168.1.50，SSH 端口 22', time: t(1), project: 'gh' },
    ]);
    expect(correct(m, '[code] 〔更正〕HA 盒子的 SSH 端口改成 2222', undefined, 'gh').linked).toEqual([ids[1]]);
    // Holding only the web port, the home has no SSH port to correct.
    const { mem: m2 } = home([{ text: '[code] HA 盒子 IP 192.168.1.50，网页端口 8123', time: t(1), project: 'gh' }]);
    expect(correct(m2, '[code] 〔更正〕HA 盒子的 SSH 端口改成 2222', undefined, 'gh').linked).toEqual([]);
  });
  it('two pickups on one afternoon at two clock times are no copies of each other: which one is not said', () => {
    const { mem: m } = home([
      { text: '接机：3月22日 下午 Lisa，落地 14:20', time: t(1), project: 'gh' },
      { text: '接机：3月22日 下午 小陈，落地 14:50', time: t(2), project: 'gh' },
    ]);
    const r = correct(m, '〔更正〕22号下午那个接机改成 16:00 落地，航班延误', undefined, 'gh');
    expect(r.linked).toEqual([]);
  });
  it('a transfer into the studio\'s name (名下) changes the holder, not the registration number', () => {
    const { mem: m } = home([{ text: 'Mini 4 Pro 在 UOM 实名登记过，登记号 UAS02839', time: t(1), project: 'drone' }]);
    expect(correct(m, '〔更正〕Mini 4 的实名登记转到工作室名下了，不再是我个人', undefined, 'drone').linked).toEqual([]);
  });
  it('a record held only from a later clause saying what something else stays for (COS 那边只留给备份) is not the subject', () => {
    const { mem: m } = home([{ text: '[code] 数据库备份传到 COS 桶 shg-bak-1301', time: t(1), project: 'shop' }]);
    expect(correct(m, '[code] 〔更正〕图床换七牛了，COS 那边只留给备份', undefined, 'shop').linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: '[code] 图床用腾讯云 COS 桶 shg-img-1301', time: t(1), project: 'shop' }]);
    expect(correct(m2, '[code] 〔更正〕图床换七牛了，COS 那边只留给备份', undefined, 'shop').linked).toEqual([ids[0]]);
  });
  it('a code quoted as void (258013 那个作废了) links the record holding it, naming nothing else', () => {
    const { mem: m, ids } = home([
      { text: 'room 3 门锁密码 258013', time: t(1), project: 'gh' },
      { text: 'room 5 门锁密码 660418', time: t(1), project: 'gh' },
    ]);
    expect(correct(m, '〔更正〕258013 那个作废了，客人走了就换，新的 741963', undefined, 'gh').linked).toEqual([ids[0]]);
  });
  it('a raise from a month on (阿芳三月起涨到 ¥3000) is of the person named, the month and the verb naming nothing', () => {
    const { mem: m, ids } = home([
      { text: '阿芳工资 ¥2800 一个月，每月 10 号发', time: t(1) },
      { text: '小杨工资 ¥3200 一个月，每月 10 号发', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕阿芳三月起涨到 ¥3000 咯').linked).toEqual([ids[0]]);
  });
  it('a greenhouse named by its number (3号棚那个 06:30, 10号棚的 DHT22) is not another numbered one holding the same old value', () => {
    const { mem: m, ids } = home([
      { text: '[code] 3号棚滴灌 cron：每天 06:30 开阀，开 20 分钟', time: t(1), project: 'pi' },
      { text: '[code] 7号棚滴灌 cron：每天 06:30 开阀，开 15 分钟', time: t(1), project: 'pi' },
    ]);
    expect(correct(m, '[code] 〔更正〕3号棚那个 06:30 挪到 05:50，天热了，太阳上来前浇完', undefined, 'pi').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[code] 4号棚节点：DHT22 接 GPIO4', time: t(1), project: 'pi' },
      { text: '[code] 10号棚节点：DHT22 接 GPIO4', time: t(1), project: 'pi' },
    ]);
    expect(correct(m2, '[code] 〔更正〕10号棚的 DHT22 挪到 GPIO17，GPIO4 给继电器用了', undefined, 'pi').linked).toEqual([ids2[1]]);
  });
  it('sensor readings, a dashboard and soil moisture are one thing in either language (传感器 / sensor, 看板 / dashboard, 湿度 / moisture)', () => {
    const { mem: m, ids } = home([
      { text: '[code] cron for sensor read: */10 * * * * python3 /home/pi/ctl/read_sensors.py', time: t(1), project: 'pi' },
      { text: '[code] cron for MQTT push: */10 * * * * python3 /home/pi/ctl/push_mqtt.py', time: t(1), project: 'pi' },
    ]);
    expect(correct(m, '[code] 〔更正〕读传感器那行 */10 改 */5，十分钟太粗了', undefined, 'pi').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] Grafana dashboard runs on port 3000', time: t(1), project: 'pi' }]);
    expect(correct(m2, '〔更正〕看板端口改 3001，3000 让小程序 dev 占了', undefined, 'pi').linked).toEqual([ids2[0]]);
    const { mem: m3, ids: ids3 } = home([
      { text: '[code] 土壤湿度阈值：低于 32% 就开阀，所有棚通用', time: t(1), project: 'pi' },
      { text: '[code] Soil moisture threshold: open valve below 32% VWC, same for all houses', time: t(1), project: 'pi' },
    ]);
    expect(correct(m3, '[code] 〔更正〕湿度阈值降到 28%，32 浇得太勤，根都沤了', undefined, 'pi').linked.sort()).toEqual([...ids3].sort());
  });
  it('a title is no relative: 王小姐 and Ms. Wang on one flight are one pickup written twice', () => {
    const { mem: m, ids } = home([
      { text: '接机：3月14日 王小姐 MU5712 昆明→大理，落地 15:40', time: t(1), project: 'gh' },
      { text: 'Pickup: Ms. Wang, Mar 14, flight MU5712, lands Dali 15:40', time: t(1), project: 'gh' },
      { text: '接机：3月14日 Tom 一家四口 CZ3401，也是 15:40 落地', time: t(2), project: 'gh' },
    ]);
    expect(correct(m, '〔更正〕王小姐航班延误，MU5712 改成 17:10 落地', undefined, 'gh').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });
  it('the HA box is the HA 盒子: a correction in English follows the chain of the Chinese ones', () => {
    const { mem: m, ids } = home([{ text: '[code] HA 盒子 IP 192.168.1.50', time: t(1), project: 'gh' }]);
    const mid = correct(m, '[code] 〔更正〕换了路由器，HA 现在是 192.168.31.50', t(3), 'gh');
    expect(mid.linked).toEqual([ids[0]]);
    const last = correct(m, "[code] Correction: HA box got a static lease, it's 192.168.31.10 now", t(5), 'gh');
    expect(last.linked).toEqual([mid.res.record.id]);
  });
  it("the writer's own (我自己的理疗) is not a relative's named only as company after the change (跟妈妈一道去)", () => {
    const { mem: m, ids } = home([
      { text: "Mum's knee physio: Tuesdays 18:30, community clinic", time: t(1) },
      { text: '我的理疗：每周四 19:00，康复科', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕我自己的理疗改礼拜二 18:30 了，跟妈妈一道去').linked).toEqual([ids[1]]);
    // Mum's own physio, in Chinese, found in English (理疗 / physio, 妈妈 / mum).
    const { mem: m2, ids: ids2 } = home([
      { text: "Mum's knee physio: Tuesdays 18:30, community clinic", time: t(1) },
      { text: '我的理疗：每周四 19:00，康复科', time: t(1) },
    ]);
    expect(correct(m2, '〔更正〕妈妈的理疗改到周三 18:30').linked).toEqual([ids2[0]]);
  });
  it('a demonstrative with its measure word (那版, 那期, 那顿) names no thing: the component library is the one named before it', () => {
    const { mem: m, ids } = home([
      { text: 'Lumen DS（组件库）v1.5 release 4月3日', time: t(1), project: 'ds' },
      { text: 'Lumen App v3.3 设计稿 4月3日 内部评审', time: t(1), project: 'ds' },
    ]);
    expect(correct(m, '〔更正〕组件库那版挪到 4月10日，token 命名还没和 Tom 对完', undefined, 'ds').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '婚宴玫瑰大酒店，中午11:58开席', time: t(1), project: 'wd' },
      { text: '订婚宴老边饺子馆，晚上6点', time: t(1), project: 'wd' },
    ]);
    expect(correct(m2, '〔更正〕订婚那顿改中午12点，晚上亲家公要倒班', undefined, 'wd').linked).toEqual([ids2[1]]);
  });
  it('a strength named before the change (阿莫西林 0.25g 补货线改 300) is that product: the 0.5g capsules are another', () => {
    const { mem: m, ids } = home([{ text: '阿莫西林胶囊 0.5g 补货线 200 盒', time: t(1), project: 'rx' }]);
    expect(correct(m, '〔更正〕阿莫西林 0.25g 补货线改 300', undefined, 'rx').linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: '阿莫西林胶囊 0.5g 补货线 200 盒', time: t(1), project: 'rx' },
      { text: '阿莫西林胶囊 0.25g 补货线 200 盒', time: t(1), project: 'rx' },
    ]);
    expect(correct(m2, '〔更正〕阿莫西林 0.25g 补货线改 300', undefined, 'rx').linked).toEqual([ids2[1]]);
    // Two strengths of one tablet are two records, not one written twice; the injection is neither.
    const { mem: m3 } = home([
      { text: '头孢呋辛酯片 0.25g 补货线 100 盒', time: t(1), project: 'rx' },
      { text: '头孢呋辛酯片 0.125g 补货线 60 盒', time: t(1), project: 'rx' },
    ]);
    expect(correct(m3, '〔更正〕头孢呋辛钠注射液 1.5g 补货线改 60 支', undefined, 'rx').linked).toEqual([]);
    expect(ids).toHaveLength(1);
    // A dose names its strength the same way (氨氯地平 5mg is not the 10mg tablets).
    const { mem: m4 } = home([{ text: '氨氯地平片 10mg 补货线 50 盒', time: t(1), project: 'rx' }]);
    expect(correct(m4, '〔更正〕氨氯地平 5mg 补货线改 80', undefined, 'rx').linked).toEqual([]);
  });
  it('a colleague named only to say her shift stays (王姐周三那个班不动) is not the one whose shift moves', () => {
    const { mem: m } = home([
      { text: '[hermes] 王丽华（王姐）夜班固定周三', time: t(1), project: 'rx' },
      { text: '[hermes] 王丽娟（小王）夜班固定周五', time: t(1), project: 'rx' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕小刘夜班挪到周二，王姐周三那个班不动', undefined, 'rx').linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[hermes] 王丽华（王姐）夜班固定周三', time: t(1), project: 'rx' }]);
    expect(correct(m2, '[hermes] 〔更正〕王姐夜班挪到周二', undefined, 'rx').linked).toEqual([ids2[0]]);
  });
  it('the read-only database in English is the 只读库 in Chinese, its address with the port or without', () => {
    const { mem: m, ids } = home([
      { text: '[code] stockbot 连的 HIS 只读库地址 10.3.5.20:1433', time: t(1), project: 'rx' },
      { text: '[code] HIS read-only DB for stockbot: 10.3.5.20, port 1433', time: t(1), project: 'rx' },
      { text: '[code] HIS 测试库 10.3.5.21:1433，调试用', time: t(1), project: 'rx' },
    ]);
    expect(correct(m, '[code] 〔更正〕HIS 只读库搬家了，新地址 10.3.6.8，端口还是 1433', undefined, 'rx').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });
  it('"due to" says why, not when something is due: the lead time before ETA is the one restated', () => {
    const { mem: m, ids } = home([
      { text: 'OOCL email: Dear Customer, BAPLIE for OOCL HONG KONG 105W will be sent 24h before ETA Ningbo. Regards, OOCL Ningbo Marine Ops', time: t(1) },
      { text: 'OOCL email: OOCL HONG KONG 105W ETA Ningbo 20 Mar 06:00 local', time: t(2) },
    ]);
    const res = correct(m, 'OOCL email: Dear Customer, please note BAPLIE for OOCL HONG KONG 105W will now be sent 48h before ETA due to our new stowage system. Regards, OOCL Ningbo Marine Ops', t(9));
    expect(res.linked).toEqual([ids[0]]);
  });
  it('what the correction says to leave alone (阈值别动) is not what it changes', () => {
    const { mem: m } = home([
      { text: '[code] grafana 泊位看板告警阈值:泊位占用率 > 85%', time: t(1), project: 'bb' },
      { text: '[code] grafana 泊位看板每 30 秒刷新', time: t(1), project: 'bb' },
    ]);
    expect(correct(m, '[code] 〔更正〕泊位看板告警阈值别动,通知改发企业微信群', undefined, 'bb').linked).toEqual([]);
  });
  it('a coach by surname (李教练) is no qualifier of 教练: the number written twice is one number', () => {
    const { mem: m, ids } = home([
      { text: '李教练电话 138 5742 0613,囡囡羽毛球请假打这个', time: t(1) },
      { text: '囡囡教练手机:13857420613', time: t(2) },
      { text: '体育馆前台电话 0574-8765 0613', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕李教练换号了,新号 139 5740 8821').linked.sort()).toEqual([ids[0], ids[1]].sort());
  });
  it('moved to a place (moved to Beilun sports centre) gives the new place: a record already there is not the one that moved', () => {
    const { mem: m } = home([
      { text: "Daughter's swimming: Coach Li (another Li), Sat 09:00 at Beilun sports centre", time: t(1) },
    ]);
    expect(correct(m, 'Correction: the shuttlecock sessions moved to Beilun sports centre, same time').linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: 'JC room: Seminar Room 1.', time: t(1) },
      { text: 'Grand rounds room: Teaching Room 3.', time: t(1) },
    ]);
    expect(correct(m2, 'Correction: grand rounds moved to the 5F lecture hall.').linked).toEqual([ids2[1]]);
  });
  it('a dose (2.5mg, 75μg) is how much of a medicine, not a ration of food', () => {
    const { mem: m, ids } = home([
      { text: '妈妈降压药氨氯地平 5mg，每天早上一粒', time: t(1), project: 'mom' },
      { text: '妈妈叶酸 5mg，每天早上一粒', time: t(1), project: 'mom' },
    ]);
    expect(correct(m, '〔更正〕降压那个减到 2.5mg，透析那天血压老是偏低，林医生说的', undefined, 'mom').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '母亲每天早上6点半空腹服用左甲状腺素钠片50μg。', time: t(1) },
      { text: '母亲每天午饭后服用钙尔奇D一片，600mg。', time: t(1) },
    ]);
    expect(correct(m2, '更正：（4月8日）妈的甲状腺药加量到75μg，内分泌科陈医生复查甲功后调整的。').linked).toEqual([ids2[0]]);
  });
  it('a limit on a temperature (上限调到 7 度) is a threshold, not a length; a fridge is a 冰箱; a setpoint is a threshold', () => {
    const { mem: m, ids } = home([
      { text: '1 号冷藏柜（海尔那台老的，大伙叫它老海尔）报警上限设 8℃', time: t(1), project: 'rx' },
      { text: '2 号冷藏柜（新买的澳柯玛）报警上限也设 8℃', time: t(1), project: 'rx' },
    ]);
    expect(correct(m, '〔更正〕老海尔上限调到 7 度，压缩机老了，回温贼慢', undefined, 'rx').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[hermes] 疫苗冰箱报警温度设在 8°C 以上', time: t(1), project: 'cl' },
      { text: '[hermes] Vaccine fridge alarm threshold: above 8°C', time: t(2), project: 'cl' },
      { text: '[hermes] 药房普通冰箱报警温度设在 8°C 以上', time: t(2), project: 'cl' },
    ]);
    expect(correct(m2, '[hermes] 〔更正〕疫苗冰箱报警阈值改成 7.5°C，留点余量', undefined, 'cl').linked.sort()).toEqual([ids2[0], ids2[1]].sort());
    const { mem: m3, ids: ids3 } = home([
      { text: '[hermes] heater 设定温度 25°C', time: t(1), project: 'aq' },
      { text: '[hermes] chiller 启动温度 26.5°C', time: t(1), project: 'aq' },
    ]);
    const mid = correct(m3, '[hermes] 〔更正〕heater 改成 26°C，回南天前先这样', t(3), 'aq');
    expect(mid.linked).toEqual([ids3[0]]);
    expect(correct(m3, "[hermes] Correction: heater setpoint back down to 25°C, it's warm enough", t(5), 'aq').linked).toEqual([mid.res.record.id]);
  });
  it('a short form of the first characters (继教 of 继续教育, 门卡 of 门禁卡) names the same thing; another qualifier (体检) does not', () => {
    const { mem: m, ids } = home([
      { text: '继续教育年度考核：3.15 上午 9 点，医大二院考点', time: t(1) },
      { text: '执业药师继续教育学分 3.31 前报齐', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕继教考核挪到 3.22 了，考点不变').linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: '年度体检考核：3月15日上午 9 点', time: t(1) }]);
    expect(correct(m2, '〔更正〕继教考核挪到 3月22日了，考点不变').linked).toEqual([]);
  });
  it('篇幅 is the length of a piece; 推不了 and 阿拉 name nothing; a roster is a 排班表', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 内刊稿《桥吊上的夜班》字数控制在 2500 字,4 月 1 号交', time: t(1) },
      { text: '[openclaw] 公众号稿《阿拉码头的一天》字数 1500 字,3 月 25 号发', time: t(1) },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕夜班那篇篇幅放宽到三千字,编辑讲可以多放照片').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[openclaw] 港口内刊稿《阿拉码头的一天》3 月 25 号交', time: t(1), project: 'port' },
      { text: '[openclaw] 小红书稿《码头夜景》3 月 25 号发', time: t(1), project: 'port' },
    ]);
    expect(correct(m2, '[openclaw] 〔更正〕内刊 25 号交不了,改 27 号;25 号小红书那篇照发', undefined, 'port').linked).toEqual([ids2[0]]);
    const { mem: m3, ids: ids3 } = home([
      { text: '[code] shiftbot weekly overtime chart uses matplotlib', time: t(1), project: 'sb' },
      { text: '[code] shiftbot renders the 排班表 image with matplotlib', time: t(1), project: 'sb' },
    ]);
    expect(correct(m3, 'Correction: roster picture is drawn with Pillow now, matplotlib dropped for it', undefined, 'sb').linked).toEqual([ids3[1]]);
  });
  it('a month and day with a dot (12.8, 3.20) is a date: which night, which coupon; a festival\'s day is its name', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 12.8 夜班值守：老马', time: t(1), project: 'rail' },
      { text: '[hermes] 12.9 夜班值守：老马', time: t(2), project: 'rail' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕12.8 夜里的老马换成小杜了，老马家里有事', undefined, 'rail').linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: 'Shopee SG 11.11 券：减 SGD 5，满 SGD 40', time: t(1), project: 'shop' }]);
    expect(correct(m2, '〔更正〕SG 12.12 券改满 SGD 50 先用得', undefined, 'shop').linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([
      { text: '[openclaw] 公众号稿《天窗里的三个小时》定在 3.20 发', time: t(1), project: 'rail' },
      { text: '[openclaw] 双十一预热长文（公众号）10/20 前交', time: t(1), project: 'shop' },
    ]);
    expect(correct(m3, '[openclaw] 〔更正〕公众号那篇 3.20 不发了，挪到 3.27，段里还没审完', undefined, 'rail').linked).toEqual([ids3[0]]);
    expect(correct(m3, '[openclaw] 〔更正〕11.11 公众号那篇预热提前到 10 月 15 号交稿，要留时间给设计做长图', undefined, 'shop').linked).toEqual([ids3[1]]);
  });
  it('价格同步 is a job named for prices, not a price; 两个钟 is two hours in Cantonese', () => {
    const { mem: m, ids } = home([
      { text: "[hermes] 价格同步写入 Sheet tab 'Prices_v2'", time: t(1), project: 'ps' },
      { text: '[hermes] 价格同步每个钟跑一次', time: t(2), project: 'ps' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕价格同步要用 service account 写，唔好用我个人 Google 账号', undefined, 'ps').linked).toEqual([]);
    expect(correct(m, '[hermes] 〔更正〕价格同步改每两个钟跑一次', undefined, 'ps').linked).toEqual([ids[1]]);
    const { mem: m1 } = home([{ text: '[hermes] 价格同步失败会 email 通知我', time: t(1), project: 'shopee' }]);
    expect(correct(m1, '[hermes] 〔更正〕价格同步改每两个钟跑一次，Shopee API 限流', undefined, 'shopee').linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[code] inv_sync 全量对账 cron 02:15', time: t(1), project: 'pos' },
      { text: '[code] price_sync（价格同步）cron 02:45', time: t(1), project: 'pos' },
    ]);
    expect(correct(m2, '[code] 〔更正〕价格同步挪到 04:00，避开 NAS 03:00 的快照', undefined, 'pos').linked).toEqual([ids2[1]]);
  });
  it('a value given as another thing\'s (跟后端的 8000 撞了, 3.15 那天要体检) is no old value of the thing changed', () => {
    const { mem: m } = home([
      { text: '[code] 前端看板跑在 5173', time: t(1), project: 'rail' },
      { text: '[code] 后端 API 跑在 8000', time: t(1), project: 'rail' },
    ]);
    expect(correct(m, '[code] 〔更正〕告警推送服务端口定 8001，嫑跟后端的 8000 撞了', undefined, 'rail').linked).toEqual([]);
    const { mem: m2 } = home([
      { text: '媳妇牙科 3.15 上午 10 点拔智齿', time: t(1) },
      { text: '我 3.15 上午铁路医院体检', time: t(1) },
    ]);
    expect(correct(m2, '〔更正〕我自己看牙约到 3.22 了，3.15 那天要体检').linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([{ text: '[code] jellyfin 端口 8096', time: t(1), project: 'nas' }]);
    expect(correct(m3, '[code] 〔更正〕jellyfin 换到 8920 了，8096 被占了', undefined, 'nas').linked).toEqual([ids3[0]]);
  });
  it('a place by its name and a quarter (兰州东, 兰州北) is another place than the same name with another quarter', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 兰州北天窗每礼拜二 0130–0330', time: t(1), project: 'rail' },
      { text: '[hermes] 兰州东天窗每礼拜二 0130–0330', time: t(1), project: 'rail' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕兰州东礼拜二的天窗改成 0200–0400', undefined, 'rail').linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: '[hermes] 兰州北天窗每礼拜二 0130–0330', time: t(1), project: 'rail' }]);
    expect(correct(m2, '[hermes] 〔更正〕兰州东礼拜二的天窗改成 0200–0400', undefined, 'rail').linked).toEqual([]);
  });
  it('a day of the month naming the occasion (20 号的备班) is that day: 12.20 and its copy, not 12.21', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 备班表：12.20 小杜', time: t(1), project: 'rail' },
      { text: '[hermes] 备班表：12.21 小杜', time: t(1), project: 'rail' },
      { text: '[hermes] 12.20 备班小杜（调度群里又发了一遍）', time: t(2), project: 'rail' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕20 号的备班换成老马，小杜去段里培训', undefined, 'rail').linked.sort()).toEqual([ids[0], ids[2]].sort());
    const { mem: m2, ids: ids2 } = home([{ text: '老爸每月 15 号去社区卫生站复查血压', time: t(1) }]);
    expect(correct(m2, '〔更正〕老爸复查 15 号改 20 号了，15 号那天大夫休班').linked).toEqual([ids2[0]]);
  });
  it('MY in capitals is Malaysia, a name; 收件 closing a clause is a pickup, not who receives', () => {
    const { mem: m, ids } = home([
      { text: 'Shopee MY 仓 cut-off 14:00（马来西亚时间）', time: t(1), project: 'shop' },
      { text: 'Shopee 广州直发仓 cut-off 14:00（北京时间）', time: t(1), project: 'shop' },
      { text: "MY warehouse cut-off is 2pm MYT, tell Daniel's packers", time: t(2), project: 'shop' },
    ]);
    expect(correct(m, '〔更正〕MY 仓 cut-off 改 13:00，J&T 提早收件', undefined, 'shop').linked.sort()).toEqual([ids[0], ids[2]].sort());
  });
  it('the dentist, dental and 牙科 / 看牙 are one thing said in two languages', () => {
    const { mem: m, ids } = home([
      { text: "[hermes] Reminder: daughter's piano lesson, Sat 09:00", time: t(1), project: 'fam' },
      { text: "[hermes] Reminder: wife's dental check-up, Sat 15:00", time: t(1), project: 'fam' },
    ]);
    expect(correct(m, '[hermes] Correction: the dentist one moves to Sat 10:00', undefined, 'fam').linked).toEqual([ids[1]]);
  });
  it('a value given while the time is said to stay (保持时间不变) changes the value, and the ECN it was changed by is no subject', () => {
    const { mem: m, ids } = home([
      { text: '[code] eol_test 里 pack 级 HiPot 测试电压 2700 V DC，保持 60 s', time: t(1), project: 'eol' },
      { text: '[code] eol_test 绝缘电阻判定阈值 ≥ 500 MΩ', time: t(1), project: 'eol' },
      { text: '[code] OP45 模组级 HiPot 脚本 module_hipot.py 电压也是 2700 V', time: t(2), project: 'eol' },
    ]);
    expect(correct(m, '[code] 〔更正〕eol_test pack HiPot 2700V 作废，按 ECN-2026-031 改 3000 V DC，保持时间不变', undefined, 'eol').linked).toEqual([ids[0]]);
  });
  it('someone described by their tie to another (小胖（幺儿同学）) is not the one the correction names', () => {
    const { mem: m, ids } = home([
      { text: '幺儿周六上午 9 点 物理补习', time: t(1) },
      { text: '小胖（幺儿同学）周六上午 9 点 也去那家物理补习', time: t(2) },
      { text: '幺儿物理补习 周六早上 9 点，莫忘了送', time: t(3) },
    ]);
    expect(correct(m, '〔更正〕幺儿物理改周六下午 2 点了').linked.sort()).toEqual([ids[0], ids[2]].sort());
    const { mem: m2 } = home([
      { text: '小胖（幺儿同学）周三晚上 英语补习 7 点', time: t(1) },
      { text: '幺儿 周三晚上 数学补习 7 点', time: t(1) },
    ]);
    expect(correct(m2, '〔更正〕幺儿英语补习改 7 点半了').linked).toEqual([]);
  });
  it('the weekly report is a name, not how often: a change of its data source is not its recipients or its day', () => {
    const { mem: m } = home([
      { text: '[hermes] OEE weekly report recipients: plant manager, line 2 supervisor', time: t(1) },
      { text: '[hermes] OEE weekly report goes out Monday 07:50', time: t(1) },
    ]);
    expect(correct(m, '[hermes] Correction: OEE weekly report now pulls from the MES v5 API, not the CSV export').linked).toEqual([]);
  });
  it('put off (拖到) is the change, not what the date is of', () => {
    const { mem: m, ids } = home([
      { text: "[openclaw] LinkedIn article draft 'Takt vs cycle time' due Apr 20", time: t(1) },
      { text: '[openclaw] 公众号稿《节拍和 CT 到底差在哪》4 月 20 日交稿', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕LinkedIn 那篇 takt 的稿子拖到 4 月 27').linked).toEqual([ids[0]]);
  });
  it('ROP is the reorder point, and the newest of a chain of its corrections is the one corrected', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] socket reorder point: 12', time: t(1) },
      { text: '[hermes] Correction: socket reorder point raised to 15', time: t(2) },
    ]);
    expect(correct(m, "[hermes] Correction: socket ROP back to 12, we're overstocking").linked).toEqual([ids[1]]);
  });
  it('a numbered name in capitals (3DG / 5DG) is one name, and 110mV a voltage the correction quotes', () => {
    const { mem: m, ids } = home([
      { text: '[code] parser 里 3DG 轨道电路主轨电压下限告警阈值 = 110mV', time: t(1), project: 'logparser' },
      { text: '[code] parser 里 5DG 轨道电路主轨电压下限告警阈值 = 110mV', time: t(1), project: 'logparser' },
    ]);
    expect(correct(m, '[code] 〔更正〕3DG 那个 110mV 作废，按新测试值改成 125mV', undefined, 'logparser').linked).toEqual([ids[0]]);
  });
  it('a difference written with delta (ΔV) is what a chain of its corrections is about', () => {
    const { mem: m, ids } = home([
      { text: '[code] eol_test 电芯电压一致性阈值 ΔV ≤ 15 mV', time: t(1), project: 'eol' },
      { text: '[code] eol_test 模组温差阈值 ΔT ≤ 3 °C', time: t(1), project: 'eol' },
      { text: '[code] 〔更正〕ΔV 阈值放宽到 20 mV，新批次电芯', time: t(2), project: 'eol' },
    ]);
    expect(correct(m, '[code] 〔更正〕ΔV 收回到 18 mV，客户不认 20', undefined, 'eol').linked).toEqual([ids[2]]);
  });
  it('a change of provider (短信服务商换成腾讯云) is not the template of the texts, and is the record that names the provider', () => {
    const { mem: m } = home([{ text: '[code] 短信模板：预约成功文案已定', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕短信服务商换成腾讯云').linked).toEqual([]);
    const { mem: m2, ids } = home([
      { text: '[code] 短信模板：预约成功文案已定', time: t(1) },
      { text: '[code] 短信服务商用阿里云，签名“张氏中医”', time: t(1) },
    ]);
    expect(correct(m2, '[code] 〔更正〕短信服务商换成腾讯云').linked).toEqual([ids[1]]);
  });
  it('a command-line option the correction names (--soloMultiMappers) is what it sets: a record of the same tool without it is another setting', () => {
    const { mem: m } = home([{ text: '[code] STAR 比对 threads 16，mem 48G', time: t(1), project: 'align' }]);
    expect(correct(m, '[code] Correction: STAR --soloMultiMappers should be EM, not Uniform.', undefined, 'align').linked).toEqual([]);
    const { mem: m2, ids } = home([
      { text: '[code] STAR 比对 threads 16，mem 48G', time: t(1), project: 'align' },
      { text: '[code] STAR --soloMultiMappers Uniform', time: t(1), project: 'align' },
    ]);
    expect(correct(m2, '[code] Correction: STAR --soloMultiMappers should be EM, not Uniform.', undefined, 'align').linked).toEqual([ids[1]]);
  });
  it('a correction opening with someone described by a tie (志强（志伟的堂弟）) is about them, not about the one named in the tie', () => {
    const { mem: m } = home([{ text: '4/25 黄志伟 婚礼 二机位：小美', time: t(1) }]);
    expect(correct(m, '〔更正〕志强（志伟的堂弟）5/3 那场二拍定阿杰，小美那天有别的场').linked).toEqual([]);
  });
  it('a correction changing the place and saying the time stays is not about a record giving only the time', () => {
    const { mem: m } = home([{ text: '女儿游泳课 周六 上午 9:30', time: t(1) }]);
    expect(correct(m, '〔更正〕游泳课换到海沧那间上，时间一样').linked).toEqual([]);
    // A record naming the place beside the time is the one.
    const { mem: m2, ids } = home([{ text: '女儿游泳课：周六 上午 9:30，场地在体育中心', time: t(1) }]);
    expect(correct(m2, '〔更正〕游泳课换场地了，现在去海沧那间，时间一样').linked).toEqual([ids[0]]);
  });
  it('a record giving nothing but an amount is not changed by a correction giving no amount', () => {
    const { mem: m } = home([{ text: '[hermes] 王李尾款金额 8000 元', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕王李尾款改拍摄当天收').linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: '[hermes] 王李尾款金额 8000 元', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕王李尾款金额改成 9000 元').linked).toEqual([ids[0]]);
  });
  it('a value the correction gives as another named thing\'s (夹在 ingest 的 8080 跟 …) is no old value of that thing', () => {
    const { mem: m } = home([
      { text: '[code] ingest 状态页 port 8080', time: t(1), project: 'studio' },
      { text: '[code] thumbgen 预览服务 port 8082', time: t(1), project: 'studio' },
    ]);
    expect(correct(m, '[code] 〔更正〕选图站 picker 的端口改 8081，刚好夹在 ingest 的 8080 跟 thumbgen 中间', undefined, 'studio').linked).toEqual([]);
  });
  it('one school class written two ways (四(2)班 / 四年级二班; 二班 / 初一(2)班) is one class', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 四年级二班的班主任是林老师，请假先找她', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕四(2)班主任现在是郑老师了，林老师调去教务处了').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([{ text: '初一(2)班数学课代表是陈一鸣', time: t(1) }]);
    expect(correct(m2, '更正：二班数学课代表换人了，现在是吴桐，陈一鸣去竞赛班了').linked).toEqual([ids2[0]]);
    // Another class number is another class.
    const { mem: m3 } = home([{ text: '初一(5)班数学课代表是陈一鸣', time: t(1) }]);
    expect(correct(m3, '更正：二班数学课代表换人了，现在是吴桐').linked).toEqual([]);
  });
  it('who holds a post (群主, 对接, 系统管理员) is an attribute: the record naming the old holder is the one', () => {
    const { mem: m, ids } = home([
      { text: '羽毛球群群主是阿豪', time: t(1) },
      { text: '羽毛球群每周四晚 8 点打球', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕羽毛球群群主现在是小雯，阿豪去外地培训一年').linked).toEqual([ids[0]]);
  });
  it('a plain record saying a post went to someone new (助理教练换成阿杰) supersedes the record naming the old holder', () => {
    const { mem: m, ids } = home([{ text: 'U10 周六助理教练：老黄', time: t(1) }]);
    expect(inferred(correct(m, '这周起周六的助理教练换成阿杰顶上，老黄调夜班了').res)).toEqual([[ids[0], true]]);
  });
  it('mom and 妈妈 are one relative', () => {
    const { mem: m, ids } = home([{ text: '妈妈的康复师是刘老师', time: t(1) }]);
    expect(correct(m, '〔更正〕mom 的康复师换成了周老师，刘老师休假了').linked).toEqual([ids[0]]);
  });
  it('an option is one setting with or without its dashes (fastp length_required / --length_required)', () => {
    const { mem: m, ids } = home([
      { text: '[code] fastp --length_required 改 30 以下的 read 丢掉', time: t(1), project: 'qc' },
      { text: '[code] fastp --cut_mean_quality 20', time: t(1), project: 'qc' },
    ]);
    expect(correct(m, '[code] Correction: fastp length_required is 36, not 30', undefined, 'qc').linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] MACS2 参数 --shift -100 --extsize 200', time: t(1), project: 'peaks' }]);
    expect(correct(m2, '[code] 〔更正〕extsize 200 不对，要 --shift -75 --extsize 150', undefined, 'peaks').linked).toEqual([ids2[0]]);
  });
  it('a numbered venue (2 号场) states the place a correction moves to another of its counter (换到 4 号场)', () => {
    const { mem: m, ids } = home([{ text: '周日上午 9 点到 11 点网球，体育馆 3 号场，别记错', time: t(1) }]);
    expect(correct(m, '〔更正〕周日那场换到 5 号场了，3 号场地板在翻修').linked).toEqual([ids[0]]);
  });
  it('a plain record saying where something is now sent (通知改发我个人微信) supersedes the record saying where it went', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 备份完成后发企业微信通知到「运维」群', time: t(1) }]);
    expect(inferred(correct(m, '[hermes] 备份完成的通知改发我个人微信，群里太吵').res)).toEqual([[ids[0], true]]);
  });
  it('two plain records written alike but for the day of the week are two occasions, not one restated', () => {
    const { mem: m } = home([{ text: 'Tennis club: Tuesday night is court 4 at the Riverside Center', time: t(1) }]);
    expect(inferred(correct(m, 'Tennis club: Thursday night is court 4 at the Riverside Center', t(3)).res)).toEqual([]);
    // Said to move, it is a change.
    const { mem: m2, ids } = home([{ text: '[hermes] 每周二下午提醒阿强交周报', time: t(1) }]);
    expect(inferred(correct(m2, '[hermes] 阿强交周报的提醒放到每周四下午', t(3)).res)).toEqual([[ids[0], true]]);
  });
  it('a value a correction goes back to (还是回到 20:30) is its new value, not an old one an older record holds', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 公众号周二推送时间 19:30', time: '2026-03-01T10:00:00+08:00' },
      { text: '[hermes] 公众号周五推送时间 19:30', time: '2026-03-02T10:00:00+08:00' },
      { text: '[hermes] 〔更正〕周二推送改到 20:00', time: '2026-03-08T10:00:00+08:00' },
    ]);
    expect(correct(m, '[hermes] 〔更正〕周二推送还是回到 19:30，20:00 的打开率更低。').linked).toEqual([ids[2]]);
  });
  it('a plain record saying from which month a value holds (a raise from March) says it changed', () => {
    const { mem: m, ids } = home([{ text: "Priya's tutoring rate is $30/hr", time: t(1) }]);
    expect(inferred(correct(m, "Paid Priya today. Her rate is $35/hr, she gets the raise from March", t(3)).res)).toEqual([[ids[0], true]]);
  });
  it('a numbered basin or pump named in full (4号沉淀池) is another one than the same kind with another number (3号沉淀池)', () => {
    const { mem: m, ids } = home([{ text: '[code] 3号沉淀池 排泥周期 8 小时，夜班巡检顺带看', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕4号沉淀池排泥改 6 小时，跟3号那个不一样，它淤得快').linked).toEqual([]);
    expect(correct(m, '[code] 〔更正〕3号沉淀池排泥改 6 小时').linked).toEqual([ids[0]]);
  });
  it('a room before a demonstrative (会议室那台投影仪) says which one: not the same kind of thing in another room', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 财务室投影仪每天 08:40 自动开机', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕三楼会议室那台投影仪改 08:50 开机，08:40 还没人').linked).toEqual([]);
    expect(correct(m, '[hermes] 〔更正〕财务室那台投影仪改 08:50 开机').linked).toEqual([ids[0]]);
  });
  it('what a correction says its thing clashes with or is kept apart from (跟周报撞车) is another thing, not its subject', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] weekly-report：每周一 09:00 汇总周报发到群里', time: t(1) },
      { text: '[hermes] 账单提醒每周一 09:00 推送', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕数据库导出那个挪到 08:30，09:00 跟周报撞车').linked).toEqual([]);
    expect(correct(m, '[hermes] 〔更正〕账单提醒挪到 08:30，09:00 跟周报撞车').linked).toEqual([ids[1]]);
  });
  it('a plain record adding something beside what was (now also runs a Sunday group) replaces nothing', () => {
    const { mem: m } = home([{ text: 'Book club: every Thursday 7pm, library room B', time: t(1) }]);
    expect(inferred(correct(m, 'Book club now also runs a Sunday 10am group, same room', t(3)).res)).toEqual([]);
    const { mem: m2, ids } = home([{ text: '[hermes] 读书会每周四晚上 7 点，图书馆 B 室', time: t(1) }]);
    expect(inferred(correct(m2, '[hermes] 读书会改到每周日上午 10 点，图书馆 B 室', t(3)).res)).toEqual([[ids[0], true]]);
  });
  it('a number of one kind of card or file (社保卡尾号) is not a number of another (门诊号), even when the old one quoted is held', () => {
    const { mem: m, ids } = home([{ text: '外公 中医院 门诊号 2638', time: t(1) }]);
    expect(correct(m, '〔更正〕外公社保卡尾号是 2683 不是 2638，看岔了').linked).toEqual([]);
    expect(correct(m, '〔更正〕外公门诊号是 2683 不是 2638，看岔了').linked).toEqual([ids[0]]);
  });
  it('a plain record naming in words where something moved (集合点换到青石索道下站) changes the place, though it repeats the day', () => {
    const { mem: m, ids } = home([{ text: '4月12号骑行：集合点体育中心南门', time: t(1) }]);
    expect(inferred(correct(m, '4月12号那次集合点换到青石索道下站，那边好停车', t(3)).res)).toEqual([[ids[0], true]]);
    // Naming nothing new, it changes nothing.
    const { mem: m2 } = home([{ text: '4月12号骑行：集合点体育中心南门', time: t(1) }]);
    expect(inferred(correct(m2, '4月12号那次集合点换到体育中心南门，别走错', t(3)).res)).toEqual([]);
  });
  it('爹 is dad, 岳母 a mother-in-law and 血压 BP, in either language', () => {
    const { mem: m, ids } = home([{ text: '爹每周一、周四去卫生院量血压', time: t(1) }]);
    expect(inferred(correct(m, "Dad's BP checks are Tuesdays and Fridays now, the clinic changed its rota", t(3)).res)).toEqual([[ids[0], true]]);
    const { mem: m2, ids: ids2 } = home([{ text: '[hermes] 每周一三五 05:50 提醒我送岳母去医院', time: t(1) }]);
    expect(correct(m2, '[hermes] Correction: the reminder for taking my mother-in-law to hospital moves to 05:30').linked).toEqual([ids2[0]]);
  });
  it('a value with its unit before 那个 (16 个单位那个减到 14, 19 号那个挪到 26 号) is the old value, held by the record it corrects', () => {
    const records = [
      { text: '妈妈的门冬胰岛素早饭前打 16 个单位', time: t(1) },
      { text: '妈妈 5月19号 周一 下午牙科复查，记得带医保卡', time: t(2) },
      { text: '妈妈每周三下午社区理疗', time: t(3) },
    ];
    const { mem: m, ids } = home(records);
    expect(correct(m, '〔更正〕16 个单位那个减到 14，她下午有点低', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home(records);
    expect(correct(m2, '〔更正〕牙科 19 号那个挪到 26 号了，医生休假，理疗照旧', t(5)).linked).toEqual([ids2[1]]);
  });
  it('a path the correction says is gone (/opt/mailer/settings.toml is gone) is the old value, slash and all', () => {
    const { mem: m, ids } = home([
      { text: '[code] mailer reads its settings from /opt/mailer/settings.toml', time: t(1) },
      { text: '[code] mailer writes its log to /var/log/mailer.log', time: t(2) },
    ]);
    expect(correct(m, '[code] Correction: /opt/mailer/settings.toml is gone after the reinstall, settings now live in ~/mailer/conf/mailer.toml', t(5)).linked).toEqual([ids[0]]);
  });
  it('a correction opening with a value in a clause of its own, then giving another of its shape (12 支还是不够，改 15 支), quotes the old one', () => {
    const { mem: m, ids } = home([
      { text: '病房 冰箱 胰岛素笔 补货下限 8 支', time: t(1) },
      { text: '〔更正〕病房冰箱胰岛素笔下限改为 12 支', time: t(2) },
      { text: '病房 冰箱 肝素 补货下限 8 支', time: t(3) },
    ]);
    expect(correct(m, '〔更正〕12 支还是不够，胰岛素笔改 16 支', t(5)).linked).toEqual([ids[1]]);
  });
  it('a numbered basin written short (2号池子) is the one written in full (2号絮凝池): its words are no other qualifier', () => {
    const { mem: m, ids } = home([
      { text: '2号絮凝池 PAM 投加量 0.8 mg/L', time: t(1) },
      { text: '5号絮凝池 PAM 投加量 0.8 mg/L', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕2号池子 PAM 从 0.8 改 1.1，矾花太碎', t(5)).linked).toEqual([ids[0]]);
  });
  it('a reminder written to oneself (别忘了 …，早点到) is a copy of the record it repeats: a correction takes both', () => {
    const { mem: m, ids } = home([
      { text: '围棋段位赛 4月19号 周日', time: t(1) },
      { text: '别忘了 4月19号周日 段位赛，早点到', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕段位赛挪到4月26号了，19号场馆让人占了', t(6)).linked.sort()).toEqual([...ids].sort());
  });
  it('a host the correction places its attribute on (port on relay-stage.lan is 1884 now) names the machine: another host of the same port is another machine', () => {
    const records = [{ text: '[code] relay-prod.lan 上 relay 的 MQTT 端口 1883', time: t(1) }];
    const { mem: m } = home(records);
    expect(correct(m, '[code] Correction: MQTT port on relay-stage.lan is 1884 now so the two boxes stop clashing', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home(records);
    expect(correct(m2, '[code] Correction: MQTT port on relay-prod.lan is 1884 now', t(5)).linked).toEqual([ids[0]]);
  });
  it('a distance right before a change to a price (跑腿 5 公里改 11 块) names which fee: a record of another distance is not it', () => {
    const { mem: m } = home([{ text: '跑腿配送范围 8 公里', time: t(1) }]);
    expect(correct(m, '〔更正〕跑腿 5 公里改 11 块', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: '跑腿 5 公里内 9 块', time: t(1) }]);
    expect(correct(m2, '〔更正〕跑腿 5 公里改 11 块', t(5)).linked).toEqual([ids[0]]);
  });
  it('baking a thing and boiling it are two steps with their own times', () => {
    const records = [{ text: '红薯 200 度烤 40 分钟', time: t(1) }];
    const { mem: m } = home(records);
    expect(correct(m, '〔更正〕红薯水煮 25 分钟', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home(records);
    expect(correct(m2, '〔更正〕红薯烤 35 分钟就够', t(5)).linked).toEqual([ids[0]]);
  });
  it('a number per unit (260 一箱, 一盒148) is a price', () => {
    const { mem: m } = home([
      { text: '老刘的鸡蛋 周二周五送', time: t(1) },
      { text: '老刘电话 13800001111', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕老刘的鸡蛋涨到 260 一箱', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home([
      { text: '淘宝上桂花乌龙一盒128', time: t(1) },
      { text: '桂花乌龙 罐装 250g', time: t(2) },
    ]);
    expect(correct(m2, '〔更正〕桂花乌龙128是去年的价，今年一盒148', t(5)).linked).toEqual([ids[0]]);
  });
  it('a correction in English follows a chain written in Chinese (surgery / 手术)', () => {
    const { mem: m, ids } = home([
      { text: '奶奶手术 4月8号', time: t(1) },
      { text: '〔更正〕奶奶手术改 4月14号', time: t(2) },
    ]);
    expect(correct(m, "Correction: grandma's surgery moved again, now 4/20, the surgeon is away that week", t(5)).linked).toEqual([ids[1]]);
  });
  it('a file the correction moves (config path is now /etc/relay/relay.yaml) is found where it was kept, by its name', () => {
    const { mem: m, ids } = home([
      { text: '[code] relay config lives at /home/pi/relay/relay.yaml', time: t(1) },
      { text: '[code] relay logs go to /var/log/relay/', time: t(2) },
    ]);
    expect(correct(m, '[code] Correction: config path is now /etc/relay/relay.yaml, the SD card was reflashed', t(5)).linked).toEqual([ids[0]]);
  });
  it('a plain record giving a major version with its v (升到 v20) restates the version it replaces; pinning is no subject', () => {
    const { mem: m, ids } = home([{ text: '[code] node version on the build server: v18', time: t(1) }]);
    expect(inferred(correct(m, '[code] 服务器上的 node 升到 v22 了', t(5)).res)).toEqual([[ids[0], true]]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] relay 依赖 paho-mqtt 1.6.0', time: t(1) }]);
    expect(inferred(correct(m2, '[code] relay pins paho-mqtt to 1.6.1 after the reconnect bug', t(5)).res)).toEqual([[ids2[0], true]]);
  });
  it('the live box is the production one: a staging box is another machine', () => {
    const { mem: m } = home([{ text: '[code] Staging box for the relay: 10.0.3.21', time: t(1) }]);
    expect(correct(m, '[code] Correction: the live box is now the 4C8G one at 10.0.3.40', t(5)).linked).toEqual([]);
  });
  it('a price per visit is a price: a record of the visit schedule is not it', () => {
    const { mem: m } = home([{ text: 'Boiler servicing: every 6 months, done by Lam', time: t(1) }]);
    expect(correct(m, 'Correction: boiler servicing is 450 per visit now', t(5)).linked).toEqual([]);
  });
  it('a correction opening with a day, its clock time and the thing (周三 19:30 大教室改由 Sam 上) is of that day', () => {
    const records = [{ text: '大教室周四 19:30 Kelvin 的 flow', time: t(1) }];
    const { mem: m } = home(records);
    expect(correct(m, '〔更正〕周三 19:30 大教室改由 Sam 上', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home(records);
    expect(correct(m2, '〔更正〕周四 19:30 大教室改由 Sam 上', t(5)).linked).toEqual([ids[0]]);
  });
  it('a price written per piece (每件 180) and a length written after 字数 (字数 1500 以内) are values of their attributes', () => {
    const { mem: m, ids } = home([
      { text: '班服单价每件 160，含印字', time: t(1) },
      { text: '班服尺码表在共享文档', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕班服 160 那个报价不含印字，印字另外加 20，一件 180', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([{ text: '[openclaw] 公众号书评字数 1200 以内', time: t(1) }]);
    expect(correct(m2, '[openclaw] 〔更正〕公众号书评可以放到 2000 字了', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a rotation (轮换) is a thing, not a change: its date moved is found; renewed to a date (续到) is a change', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 有赞 API key 下次轮换：5月1号', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕有赞 key 轮换推迟到 5月12号，等白名单更新', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([{ text: '阿凯（Kai）合同 2026-12-31 到期', time: t(1) }]);
    expect(correct(m2, '〔更正〕阿凯续到 2027-12-31 了，字签好了', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a limit raised further (再往上调) names no thing by 再往', () => {
    const { mem: m, ids } = home([{ text: '[code] 〔更正〕relay 内存上限调到 400M，256 老是被 OOM', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕内存上限再往上调，600M，加了录像模块', t(5)).linked).toEqual([ids[0]]);
  });
  it('a monthly pass (月卡) is one word and the monthly fee (月费) is it: a correction quoting its price takes it and its copy', () => {
    const { mem: m, ids } = home([
      { text: '游泳馆月卡 399，30 日内不限次', time: t(1) },
      { text: '游泳馆月卡仍然是 399 块，不含私教', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕月卡 399 改 459，五月一号生效', t(5)).linked.sort()).toEqual([...ids].sort());
    const { mem: m2, ids: ids2 } = home([
      { text: '游泳馆月卡 ¥399', time: t(1) },
      { text: '游泳馆工作日 6:30 开门', time: t(2) },
    ]);
    expect(inferred(correct(m2, '游泳馆月费现在 ¥459 了', t(5)).res)).toEqual([[ids2[0], true]]);
  });
  it('a correction giving only a new handle (新号 rosa_pilates_sz) renames nothing a record of her fee states', () => {
    const { mem: m } = home([{ text: 'Rosa 时薪 350', time: t(1) }]);
    expect(correct(m, '〔更正〕Rosa 换号了，新号 rosa_pilates_sz', t(5)).linked).toEqual([]);
  });
  it('a match format (BO3 / BO5) is a value of the format, not a name; almond / 杏仁 and mini-program / 小程序 are one each', () => {
    const { mem: m, ids } = home([{ text: 'Semi-final: Sat Apr 4, BO3, online', time: t(1) }]);
    expect(correct(m, 'Correction: the semi-final is a BO5, organizers changed the format', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] SKU 2048 杏仁挞小程序标价 ¥22', time: t(1) }]);
    expect(correct(m2, '[code] Correction: the almond tart is ¥24 on the mini-program now', t(5)).linked).toEqual([ids2[0]]);
  });
  it('提早 says a change as 提前 does: 晚班提早收 is about the evening shift', () => {
    const { mem: m, ids } = home([{ text: '滨江店晚班 13:00-21:00', time: t(1) }]);
    expect(correct(m, '〔更正〕晚班提早收，到 20:00 就结束，晚上没客人', t(5)).linked).toEqual([ids[0]]);
  });
  it('a weekday right before the thing it names, with no value after, is the occasion: what changed is said in words', () => {
    const { mem: m } = home([{ text: 'Tennis group Friday evening: 6-8pm, Riverside club court 2.', time: t(1) }]);
    expect(correct(m, 'Correction: for Friday tennis everyone brings their own balls now, the club stopped selling them.', t(5)).linked).toEqual([]);
  });
  it('a number sign before a Han noun (3#楼) numbers the thing as 号 does; Tower 1 is not Tower 2', () => {
    const { mem: m, ids } = home([
      { text: '3#楼 15层顶板周五上午浇，C30 大概260方', time: t(1) },
      { text: '4#楼 15层顶板周六上午浇，C30 大概260方', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕4#楼15层顶板不是周六，推到下周二，模板没支好', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: 'Tower 3 waterproofing inspection: Apr 8 morning', time: t(1) }]);
    expect(correct(m2, 'Correction: Tower 4 waterproofing inspection moved to Apr 10', t(5)).linked).toEqual([]);
  });
  it('tonnes (42 t, 32吨) are weights: the old one quoted picks its order; Tower 5: is tower 5', () => {
    const { mem: m, ids } = home([
      { text: 'Steel order for Tower 5: 42 t HRB400, delivery Apr 2', time: t(1) },
      { text: 'Steel order for Tower 6: 38 t HRB400, delivery Apr 2', time: t(2) },
    ]);
    expect(correct(m, 'Correction: the 42 t steel order should be 45 t, the stairs were left out', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '3号楼标准层一层钢筋大概 28吨', time: t(1) },
      { text: '4号楼标准层一层钢筋大概 31吨', time: t(2) },
    ]);
    expect(correct(m2, '〔更正〕28吨那个算少了，重新算一层 30吨', t(5)).linked).toEqual([ids2[0]]);
  });
  it('转到 says where a thing moved; words held only in the reason after it (周工说阿里云…) name no subject', () => {
    const { mem: m } = home([{ text: '官网域名 abc-kids.cn 的注册商是阿里云，每年 5 月到期', time: t(1) }]);
    expect(correct(m, '〔更正〕域名的 DNS 解析转到 Cloudflare 了，小李说阿里云解析有时候慢，注册和到期都没变', t(5)).linked).toEqual([]);
  });
  it('a landline (0571-8812 3456) is a contact, retries a count, a mailbox a recipient, an insurance excess its own attribute', () => {
    const { mem: m } = home([{ text: 'Reception phone hours: 09:00–18:00', time: t(1) }]);
    expect(correct(m, 'Correction: the reception number is 0571-8812 3457 now', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[code] uploader 每 60s 推一次数据，超时 5 秒', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕uploader 重试 5 次改 8 次，4G 信号差', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([{ text: '[hermes] 每周六 20:00 发周报', time: t(1) }]);
    expect(correct(m3, '[hermes] Correction: send the weekly report to my work mailbox, not the personal one', t(5)).linked).not.toContain(ids3[0]);
    const { mem: m4 } = home([{ text: '手机保险每年 ¥299，6 月 1 号续', time: t(1) }]);
    expect(correct(m4, '〔更正〕手机保险的免赔额其实是 ¥100', t(5)).linked).toEqual([]);
  });
  it('a mini-program and an official account are two apps with their own appid; 小程序 alone may be any small program', () => {
    const { mem: m } = home([{ text: '[code] 公众号 appid 在 .env 的 MP_APPID', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕小程序 appid 换新的了，老主体注销了', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] roster.py 读取的名单文件是 team.xlsx', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕排班那个小程序读的名单文件现在换成「名单2026.xlsx」了', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a phone number given for the night (夜间转 2) is still the number: a new number links it', () => {
    const { mem: m, ids } = home([{ text: '急诊护士站 0571-8812 1200（夜间转 3）', time: t(1) }]);
    expect(correct(m, '〔更正〕急诊护士站换号了，新号 0571-8812 1299', t(5)).linked).toEqual([ids[0]]);
  });
  it('an identifier of one form the candidate holds another of (T-14 / T-04) is another lot, though SO2 is named by both', () => {
    const { mem: m } = home([{ text: 'Tank T-04 (Riesling) free SO2 target 28 mg/L', time: t(1) }]);
    expect(correct(m, 'Correction: free SO2 target for T-14 is 22 mg/L, bottling next week', t(5)).linked).toEqual([]);
    // (Not the value it gives: the ticket is AW-44107.)
    const { mem: m2, ids: ids2 } = home([{ text: 'All-weather tyres stored at Tyre Hub, storage ticket AW-44101', time: t(1) }]);
    expect(correct(m2, 'Correction: all-weather storage ticket is AW-44107, I copied it wrong', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a two-character surname (欧阳生) is not the one-character one (欧生); Cantonese titles (陈生, 何太, 何sir) name people', () => {
    const { mem: m } = home([{ text: '欧生（欧志明）C2，逢周三 10:00 练车', time: t(1) }]);
    expect(correct(m, '〔更正〕欧阳生（C2 嗰个）改逢周五 10:00 练车', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '陈生 C1，逢周一 15:00 练车', time: t(1) }]);
    expect(correct(m2, '〔更正〕何生改逢周二 15:00 练车', t(5)).linked).toEqual([]);
  });
  it('the driving-test parts (科目二 / 科目三) and water-quality sensors (溶解氧 / 电导率) are told apart', () => {
    const { mem: m } = home([{ text: '阿伟科目三约咗 6 月', time: t(1) }]);
    expect(correct(m, '〔更正〕阿伟科目二改 5 月 20', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[code] 电导率探头 S/N 3301 的系数文件 3301_2025.cal', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕溶解氧探头的系数文件用 2290_2026.cal，别沿用 2025 的', t(5)).linked).toEqual([]);
  });
  it('a Han noun numbered in Chinese numerals after it (随笔三 / 《随笔（二）》) is another instalment', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 《海岛随笔（三）》字数控制在 2500 字', time: t(1) },
      { text: '[openclaw] 《海岛随笔（二）》字数 2500 字，已发', time: t(2) },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕随笔三不要 2500 了，编辑说 1800 字以内', t(5)).linked).toEqual([ids[0]]);
  });
  it("a race's metres before its event (200m fly) name it, though the old day quoted is held by another event", () => {
    const { mem: m } = home([{ text: "Mia's 100m breaststroke at the county gala: Saturday 10:40", time: t(1) }]);
    expect(correct(m, "Correction: Mia's 200m fly at the county gala is on Sunday, not Saturday", t(5)).linked).toEqual([]);
  });
  it('a gate, car park or garage moved to (改到北门, 改到地下停车场) is a place: a record of the parking spaces is another attribute', () => {
    const { mem: m } = home([{ text: '茶室停车场 12 个车位', time: t(1) }]);
    expect(correct(m, '〔更正〕茶室停车改到北门，南门在修路', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '茶室客人停车在南门', time: t(1) }]);
    expect(correct(m2, '〔更正〕茶室停车改到北门，南门在修路', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a permission granted in a clause of its own (可以排会了, with a time as its condition after it) changes no plain fact', () => {
    const { mem: m } = home([{ text: '秋收期间每天 06:00 开始割稻', time: t(1) }]);
    expect(correct(m, '〔更正〕秋收期间可以约会议了，下午 3 点以后就行', t(5)).linked).toEqual([]);
  });
  it('a district by its name (雁塔区 / 莲湖区) is another permit; 的社区 names no district', () => {
    const { mem: m } = home([{ text: '三宝莲湖区许可 6月20号到期', time: t(1) }]);
    expect(correct(m, '〔更正〕雁塔区那张许可是8月1号到期', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '爸爸的复诊在社区医院，每月 8 号上午', time: t(1) }]);
    expect(correct(m2, '〔更正〕爸爸的社区医院复诊改到每月 18 号上午', t(5)).linked).toEqual([ids2[0]]);
  });
  it('keeping 15 版 is a number of copies: a record of where the backups go is another attribute', () => {
    const { mem: m } = home([{ text: '[code] 備份腳本 backup_stems.sh 的目的地是 B2 bucket stems-archive', time: t(1) }]);
    expect(correct(m, '〔更正〕stems 備份只要留 15 版就好，B2 帳單太貴', t(5)).linked).toEqual([]);
  });
  it('an English job naming a thing in Chinese (the 月光 manuscripts) is no other-language copy of another job at the same weekday and hour', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] Weekly sync of 月光 manuscripts from Google Drive to the NAS, Tuesdays 06:00', time: t(1) },
      { text: '[hermes] Weekly export of the invoices to Google Sheets, Tuesdays 06:00', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕書稿同步改成每天早上 6 點，編輯改稿太頻繁', t(5)).linked).toEqual([ids[0]]);
  });
  it('an amount in thousands (18k) is the number it stands for: a reminder giving rent 18k copies the record of rent 18,000', () => {
    const { mem: m, ids } = home([
      { text: 'Rent 18,000/month, due by the 5th', time: t(1) },
      { text: 'Reminder to self: rent 18k, due on the 5th, transfer to Mr Chan', time: t(2) },
      { text: 'Management fee 1,800/month, due by the 5th as well', time: t(3) },
    ]);
    expect(correct(m, 'Correction: rent now due by the 1st, new lease', t(5)).linked.sort()).toEqual([ids[0], ids[1]].sort());
  });
  it('a number of units (6 samples, 50 台) is a count: a record of the test date is another attribute', () => {
    const { mem: m } = home([{ text: '[hermes] SGS CE test date: Apr 8', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: SGS CE test needs 6 samples, not 3', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[hermes] SGS CE test: 3 samples', time: t(1) }]);
    expect(correct(m2, '[hermes] Correction: SGS CE test needs 6 samples, not 3', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a model and its tier (A1 Pro / A1) are two products', () => {
    const { mem: m } = home([{ text: '[code] A1 的 OTA 分包大小 4 KB', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕A1 Pro 的 OTA 分包改为 8 KB', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] A1 Pro 的 OTA 分包大小 4 KB', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕A1 Pro 的 OTA 分包改为 8 KB', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a restart and a cleanup are two things done to one server; what a later clause names only as a reason is no such thing', () => {
    const { mem: m } = home([{ text: '[hermes] build-01 每周日 03:00 清理 /tmp', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕build-01 周日重启改到 05:00', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[hermes] orphan-PV cleanup cronjob "janitor" runs Sundays 02:00', time: t(1) }]);
    expect(correct(m2, '[hermes] Correction: janitor goes to Sat 23:00, Sunday clashes with the SG backup', t(5)).linked).toEqual([ids2[0]]);
  });
  it("a season's timetable is not another season's: summer last boarding does not change the spring notice", () => {
    const { mem: m } = home([{ text: '[openclaw] Spring notice: last boarding 17:00', time: t(1) }]);
    expect(correct(m, '[openclaw] Correction: summer last boarding is 17:30', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[openclaw] Last boarding 17:00', time: t(1) }]);
    expect(correct(m2, '[openclaw] Correction: summer last boarding is 17:30', t(5)).linked).toEqual([ids2[0]]);
  });
  it('an identifier given as the new one (作废重开，新号 PO-26040) names no thing: the record of the old PO is what changes', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 力神电池样品 PO 号 PO-26031', time: t(1) },
      { text: '[hermes] 固力锁体样品 PO 号 PO-26032', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕力神那张 PO 作废重开，新号 PO-26040', t(5)).linked).toEqual([ids[0]]);
  });
  it('what a correction goes by (按 AQL 表改为 125 pcs) is no thing it is about', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 东莞厂 DG-2603 来料 IQC 抽检 80 pcs', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕DG-2603 抽检 80 作废，按 AQL 表改为 125 pcs', t(5)).linked).toEqual([ids[0]]);
  });
  it('a version of one dot (python 3.10) is common to many environments: two envs each naming itself are two facts, and which one the correction bumps is not known', () => {
    const { mem: m } = home([
      { text: '[code] conda 环境 scrna 的 python 3.10', time: t(1) },
      { text: '[code] conda 环境 velo 的 python 也是 3.10', time: t(2) },
    ]);
    expect(correct(m, '[code] Correction: bumped the env to python 3.11', t(5)).linked).toEqual([]);
  });
  it('每季度 (quarterly) is how often: a quarterly smoke-detector test does not change the gas alarm tested monthly', () => {
    const { mem: m } = home([{ text: '[hermes] 观音桥店燃气报警器每月测一次', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕观音桥烟感改成每季度测一次', t(5)).linked).toEqual([]);
  });
  it('where a job syncs to, said of it (同步到 NAS 改成每天 23:00), is not what a new time changes: the record of its script path is another attribute', () => {
    const { mem: m } = home([{ text: '[code] scratch 到 NAS 的 rsync 脚本在 ~/bin/sync_scratch.sh', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕scratch 同步到 NAS 改成每天 23:00 用 cron 跑', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] scratch 同步到 NAS 每周日 02:00', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕scratch 同步到 NAS 改成每天 23:00 用 cron 跑', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a record holding nothing of the correction but the whole new value it gives (改成 viridis) is no record of the old value', () => {
    const { mem: m } = home([{ text: '[openclaw] 第三章图 3-4 的热图配色用 viridis', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕图 3-3 的配色改成 viridis，和 3-4 统一', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '2号椅周二：王医生', time: t(1) }]);
    expect(correct(m2, '〔更正〕2号椅周二改为赵医生', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a chair by its number (1号椅 / 2号椅) is another chair, in the correction and between two records alike', () => {
    const { mem: m, ids } = home([
      { text: '1号椅水路消毒每月 15 号做', time: t(1) },
      { text: '2号椅水路消毒每月 15 号做', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕2号椅的水路消毒挪到每月 20 号，15 号那天满约', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([
      { text: '1号椅水路消毒每月 15 号做', time: t(1) },
      { text: '2号椅水路消毒每月 15 号做', time: t(2) },
    ]);
    expect(correct(m2, '〔更正〕那把椅子的水路消毒挪到 20 号，15 号满约', t(5)).linked).toEqual([]);
  });
  it('an old value in Latin letters said as what it was (原来是 tar): a record naming no such thing is not the one that said it', () => {
    const { mem: m } = home([{ text: '[code] HIS 备份每晚 02:30 跑', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕HIS 备份改成 gzip 压缩后再传，原来是 tar 不压', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] HIS 备份用 tar 打包，不压缩', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕HIS 备份改成 gzip 压缩后再传，原来是 tar 不压', t(5)).linked).toEqual([ids2[0]]);
  });
  it('values said only in a clause that keeps them (周二周四都一样) are not what changes, when a new value of another kind is given', () => {
    const { mem: m } = home([{ text: '陈医生周二、周四全天出诊', time: t(1) }]);
    expect(correct(m, '〔更正〕陈医生的挂号费改 50 元，周二周四都一样', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '陈医生挂号费 40 元', time: t(1) }]);
    expect(correct(m2, '〔更正〕陈医生的挂号费改 50 元，周二周四都一样', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a group or machine by its letter (A组 / B组, 机器 A / 机器 B) is another one; a domain is a hostname, not an IP address', () => {
    const { mem: m } = home([{ text: '[hermes] 志愿者A组（赛道引导）队长：林晓雯', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕B组队长换成林小雯（中文系那个）', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([
      { text: '[code] 报名站 api 机器 A：端口 8080', time: t(1) },
      { text: '[code] 报名站 api 机器 B：端口 8080', time: t(2) },
    ]);
    expect(correct(m2, '[code] 〔更正〕api 那台端口改 9000', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: '[code] ERP staging 机器 IP 10.0.0.12', time: t(1) }]);
    expect(correct(m3, '[code] Correction: staging domain is now erp-staging.anxi-tea.cn', t(5)).linked).toEqual([]);
  });
  it('checking in and checking out are two dates; a penalty (违约金) is not the monthly pay, and pay by the day or by the hour is one pay', () => {
    const { mem: m } = home([{ text: '[hermes] 合宿酒店 3月30日退房', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕合宿酒店入住改 3月21日', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: 'Mochi 月薪 10k', time: t(1) }]);
    expect(correct(m2, '〔更正〕Mochi 的违约金改成 15 万', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([{ text: 'Marta 的报价：日薪 300 EUR，按实际天数开票', time: t(1) }]);
    expect(correct(m3, '〔更正〕Marta 那边从 12 月起不按天算了，改成时薪 40 EUR', t(5)).linked).toEqual([ids3[0]]);
  });
  it('a disk or turbine with its number after it (硬盘3 / 硬盘1) is another one', () => {
    const { mem: m } = home([
      { text: '[code] NAS 硬盘1：WD Red 4TB，SMART 正常', time: t(1) },
      { text: '[code] NAS 硬盘2：WD Red 4TB，坏道 12 个，观察中', time: t(2) },
    ]);
    expect(correct(m, '[code] 〔更正〕硬盘3 是 8TB 的，不是 4TB', t(5)).linked).toEqual([]);
  });
  it('the day shift and the night shift are two handovers', () => {
    const { mem: m } = home([{ text: '[hermes] Day shift handover at 08:00', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: night handover moves to 19:30', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[hermes] 夜班交接 19:00', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕夜班交接改到 19:30', t(5)).linked).toEqual([ids2[0]]);
  });
  it('the emails are another channel than the WeChat post', () => {
    const { mem: m } = home([{ text: '[openclaw] WeChat post sponsor strip: 5 logos', time: t(1) }]);
    expect(correct(m, '[openclaw] Correction: sponsor logo strip in the emails now has 6 logos', t(5)).linked).toEqual([]);
  });
  it('a weekday before a shift (周六早班换成小林) names the occasion: 早班 is a shift, not a time of the morning', () => {
    const { mem: m } = home([{ text: '[hermes] 周日早班卫生士：小周', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕周六早班换成小林', t(5)).linked).toEqual([]);
  });
  it('an acronym the correction names only after saying what changed (after the HIS one finishes) is no acronym of its thing', () => {
    const { mem: m } = home([{ text: '[code] HIS 病历库每晚 02:30 备份', time: t(1) }]);
    expect(correct(m, '[code] Correction: the CBCT image backup now runs 03:30, after the HIS one finishes', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] snowflake warehouse TRANSFORM_WH size MEDIUM', time: t(1) }]);
    expect(correct(m2, '[code] [correction] TRANSFORM_WH is LARGE now, MEDIUM is outdated', t(5)).linked).toEqual([ids2[0]]);
  });
  it('the number of a place both records name (3 号椅) is no value they share: a repair note is no copy of the clinic days', () => {
    const { mem: m, ids } = home([
      { text: '陈医生周二、周四全天出诊，坐 3 号椅', time: t(1) },
      { text: '陈医生 3 号椅的脚踏坏了，已报修', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕陈医生周四改周五了，周二不变', t(5)).linked).toEqual([ids[0]]);
  });
  it('how many at once and how many tries are two settings of one script (并发 / retries)', () => {
    const { mem: m } = home([{ text: '[code] wms_sync.py retries = 3', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕wms_sync.py 并发改 2，WMS 那边限流', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] wms_sync.py 并发 4', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕wms_sync.py 并发改 2，WMS 那边限流', t(5)).linked).toEqual([ids2[0]]);
  });
  it("an analyser's quality control is another routine than its self-test", () => {
    const { mem: m } = home([{ text: '[hermes] 生化仪每天 08:00 开机自检', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕生化仪质控提醒改每月 20 号', t(5)).linked).toEqual([]);
  });
  it('an aside denying a thing (expiry alerts (not stock)) keeps the correction off that thing, and is no old value', () => {
    const { mem: m } = home([{ text: '[code] stock tracker: low-stock alert goes to the #stock WeChat group', time: t(1) }]);
    expect(correct(m, "[code] Correction: expiry alerts (not stock) go to Awen's phone directly, not the group.", t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '例会每周三 10:00', time: t(1) }]);
    expect(correct(m2, '〔更正〕例会改到周四（不是周三）', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a correction saying it changed only one of two alike records, not which (只升了一台电脑), links neither', () => {
    const records = [
      { text: '[code] orders macro v1.3 on the office PC', time: t(1) },
      { text: '[code] orders macro v1.3 on the laptop', time: t(2) },
    ];
    const { mem: m } = home(records);
    const r = correct(m, '[code] 〔更正〕订单宏升到 v1.4 了，只升了一台电脑，另一台还是旧的', t(5));
    expect(r.linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home(records);
    expect(correct(m2, '[code] 〔更正〕订单宏升到 v1.4 了，两台都升了', t(5)).linked.sort()).toEqual([...ids2].sort());
  });
  it('a thing numbered with a number sign beside its noun (#4 电池 / 电池 #1) is one of several', () => {
    const { mem: m } = home([{ text: 'T40 电池 #1 循环次数 520', time: t(1) }]);
    expect(correct(m, '〔更正〕T40 的 #4 电池循环次数是 430，上次抄错了', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: 'T40 电池 #4 循环次数 520', time: t(1) }]);
    expect(correct(m2, '〔更正〕T40 的 #4 电池循环次数是 430，上次抄错了', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a numbered place named by its number alone (2 号的遥控器) is not the one another number names (1 号诊室)', () => {
    const { mem: m, ids } = home([
      { text: '1 号诊室空调遥控器放前台抽屉', time: t(1) },
      { text: '2 号诊室空调遥控器放前台抽屉', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕2 号的遥控器现在挂墙上了，老找不到', t(5)).linked).toEqual([ids[1]]);
  });
  it('a thing the correction says stays as is (stairs stays as is), named by a record only in its file name, keeps that record', () => {
    const { mem: m } = home([{ text: '[code] 楼梯族参数导出脚本：输出到 D:/out/stairs.xlsx', time: t(1) }]);
    expect(correct(m, '[code] Correction: the railing export now writes CSV to //nas01/exports/ instead, stairs stays as is', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[code] 楼梯族参数导出脚本：输出到 D:/out/stairs.xlsx', time: t(1) }]);
    expect(correct(m2, '[code] Correction: the stairs export now writes CSV to //nas01/exports/ instead', t(5)).linked).toEqual([ids2[0]]);
  });
  it('one piece of a series named by its ordinal, another said to stay (第三篇 … 第二篇不动), is not the series itself', () => {
    const { mem: m } = home([{ text: '[openclaw] 《灰空间》 draft deadline: 3/31', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕灰空间第三篇截稿改 4/20，第二篇不动', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[openclaw] 灰空间第三篇截稿 4/10', time: t(1) }]);
    expect(correct(m2, '[openclaw] 〔更正〕灰空间第三篇截稿改 4/20，第二篇不动', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a charge named by its word and changed to a bare amount (报名费改成 350) changes a price, not the deadline', () => {
    const { mem: m } = home([{ text: '[hermes] 省赛报名截止 3月20日', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕省赛报名费改成 350', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[hermes] 省赛报名费 300 元', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕省赛报名费改成 350', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a group lettered after its noun (电池组 B) is the B 组 a correction names, and 电池组 A another', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 3S 电池组 A 的充电器是 ISDT Q6 Nano', time: t(1) },
      { text: '[hermes] 3S 电池组 B 的充电器是 ISDT Q6 Nano', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕B 组电池改用 SkyRC B6 充，Q6 送修了', t(5)).linked).toEqual([ids[1]]);
  });
  it('R1 and R2 are two robots, not Cloudflare R2: a correction naming neither links neither', () => {
    const { mem: m } = home([
      { text: '[hermes] R1 电池组每周五充电', time: t(1) },
      { text: '[hermes] R2 电池组每周五充电', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕电池组改成周四充', t(5)).linked).toEqual([]);
  });
  it('goods by grade: 头等带鱼 is 带鱼一级, and 带鱼二级 another price', () => {
    const { mem: m, ids } = home([
      { text: '带鱼二级26一斤，水产城今朝价', time: t(1) },
      { text: '水产城今朝带鱼一级38一斤', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕头等带鱼看错行了，是35一斤', t(5)).linked).toEqual([ids[1]]);
  });
  it('a thing kept with another (药品冰箱的钥匙) is not the other: where the key is kept is not where the fridge stands', () => {
    const { mem: m } = home([{ text: '药品冰箱放在药房左手边', time: t(1) }]);
    expect(correct(m, '〔更正〕药品冰箱的钥匙放前台，不放药房了', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '药品冰箱钥匙放在药房抽屉', time: t(1) }]);
    expect(correct(m2, '〔更正〕药品冰箱的钥匙放前台，不放药房了', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a word inside a title (《凌晨四点的冷库》) names the article, no attribute: renaming a title is no change of schedule', () => {
    const { mem: m, ids } = home([{ text: '[openclaw] 公众号稿标题《冷链夜班的4个小时》', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕标题《冷链夜班的4个小时》作废，改叫《凌晨四点的冷库》', t(5)).linked).toEqual([ids[0]]);
  });
  it('plots, fields, ponds and vehicles by number (7号地, 2 号车) are each one of several', () => {
    const { mem: m } = home([{ text: '[hermes] 17号地 11月9日 打药', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕7号地打药挪到11月12号', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '2 号车保养每 250 小时一次', time: t(1) }]);
    expect(correct(m2, '〔更正〕7 号车保养缩到 200 小时一次', t(5)).linked).toEqual([]);
  });
  it('a hyphenated name is held written as one (A-Wen / Awen, sign-in / signin)', () => {
    const { mem: m, ids } = home([{ text: '[hermes] Awen 的排班：周六周日 9:00-17:00', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕A-Wen 的排班改成周一周三 9:00-17:00', t(5)).linked).toEqual([ids[0]]);
  });
  it('a boat or rocket by name and number (海鸥3号 / 海鸥5号) is one of several, and no date (总结 20 号交) is a name', () => {
    const { mem: m, ids } = home([
      { text: '海鸥3号 每天收班后 18:30 加油', time: t(1) },
      { text: '海鸥5号 每天早上 06:00 加油', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕海鸥5号 加油改收班后 18:30，早上别加了', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: '广鹿2号 冬修 1 月 10 日—2 月 10 日', time: t(1) }]);
    expect(correct(m2, '〔更正〕广鹿3号 冬修 改 2 月 1 日开始', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([
      { text: '[openclaw] 2025 年度安全总结 1月20日交公司安监部', time: t(1) },
      { text: '[openclaw] 提醒自己：安全年度总结 20 号交安监部', time: t(2) },
    ]);
    expect(correct(m3, '[openclaw] 〔更正〕安全总结安监部放宽到月底', t(5)).linked.sort()).toEqual([...ids3].sort());
  });
  it('a cron step (*/30) is a schedule, no path, and every ten minutes in words (每 10 分钟) is the same as */10', () => {
    const { mem: m } = home([
      { text: '[code] booking-sync 的 cron 是 */15 * * * *', time: t(1) },
      { text: '[code] ota-price-check 脚本放在 ~/jobs/price_check.py', time: t(2) },
    ]);
    expect(correct(m, '[code] 〔更正〕ota-price-check 的 cron 定 */30，跟 booking-sync 的 */15 错开', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[hermes] Cloudflare worker edge-relay 的 cron trigger：*/10 * * * *', time: t(1) },
      { text: '[hermes] edge-relay 每 10 分钟触发一次（再记一遍，wrangler.toml 里那个）', time: t(2) },
    ]);
    expect(correct(m2, '[hermes] 〔更正〕edge-relay cron 改 */5，*/10 延迟太大', t(5)).linked.sort()).toEqual([...ids2].sort());
  });
  it('things numbered alike (203 制氧机 / 301 制氧机, 202 房 / 203 房) are no copies, and the number a correction names its thing by is no new value', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 提醒：203 制氧机滤棉每月 1 号换', time: t(1) },
      { text: '[hermes] 提醒：301 制氧机滤棉每月 1 号换', time: t(1) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕301 的换滤棉提醒改到每月 15 号，1 号跟 203 挤在一起忙不过来', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([
      { text: '202 房 冬季价 220', time: t(1) },
      { text: '203 房 冬季价 220', time: t(1) },
    ]);
    expect(correct(m2, '〔更正〕220 那间冬季价改 240', t(5)).linked).toEqual([]);
  });
  it('the main one and the spare (主 Pi / 备用 Pi) are two things', () => {
    const { mem: m, ids } = home([
      { text: '[code] 主 Pi 上 portal 端口 2050', time: t(1) },
      { text: '[code] 备用 Pi 的 portal 端口 2050', time: t(2) },
    ]);
    expect(correct(m, '[code] 〔更正〕备用 Pi 的 portal 端口用 2060，别和主的 2050 撞', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: '[code] 主 Pi 上 portal 端口 2050', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕备用 Pi 的 portal 端口用 2060，别和主的 2050 撞', t(5)).linked).toEqual([]);
  });
  it('quoting a time many things have is no evidence against another name (Guangzhou 线 18:00 / Shanghai truck 18:00)', () => {
    const { mem: m } = home([
      { text: 'Shanghai truck: 18:00 发车，老周开', time: t(1) },
      { text: 'Chengdu truck: 19:00 发车，老李开', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕Guangzhou 线发车不是18:00，是17:00', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: 'Guangzhou truck: 18:00 发车，老周开', time: t(1) }]);
    expect(correct(m2, '〔更正〕Guangzhou 线发车不是18:00，是17:00', t(5)).linked).toEqual([ids2[0]]);
  });
  it('tents by number (12号帐篷 / 13号帐篷), a check-up and a deworming, and a name with its possessive (Tang\'s / Liu\'s) tell things apart', () => {
    const { mem: m } = home([{ text: '12号帐篷空调滤网每两周清洗', time: t(1) }]);
    expect(correct(m, '〔更正〕13号帐篷滤网改成每周洗，靠近停车场灰大', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '骆驼每季度驱虫一次', time: t(1) }]);
    expect(correct(m2, '〔更正〕骆驼体检改成每季度一次，周大夫说的', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: "Xiao Liu's day off is Wednesday", time: t(1) }]);
    expect(correct(m3, "Correction: Xiao Tang's day off is Thursday, not Wednesday", t(5)).linked).toEqual([]);
    const { mem: m4, ids: ids4 } = home([{ text: "Xiao Tang's day off is Wednesday", time: t(1) }]);
    expect(correct(m4, "Correction: Xiao Tang's day off is Thursday, not Wednesday", t(5)).linked).toEqual([ids4[0]]);
  });
  it('a correction opening with "the" and an address (the api.dhcamp.cn cert) names that address', () => {
    const { mem: m } = home([{ text: '[code] admin.dhcamp.cn SSL cert expires 2026-08-14', time: t(1) }]);
    expect(correct(m, '[code] Correction: the api.dhcamp.cn cert expires 2026-08-14, renewed together with admin', t(5)).linked).toEqual([]);
  });
  it('the numbered room both name is what they are of, no value in common (二号工作室 rent / power bill)', () => {
    const { mem: m, ids } = home([
      { text: '三宝村二号工作室 房租每月 2800，押一付三，房东王姐', time: t(1) },
      { text: '三宝村二号工作室 水电每月大概 400，跟房租一起给王姐', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕王姐说 2800 从下月起改 3000，续签时再谈', t(5)).linked).toEqual([ids[0]]);
  });
  it('cars, kilns and washers by number are several (car 4 / car 6)', () => {
    const { mem: m } = home([{ text: 'Car 4 (湘A·3H442) gets an oil change every 5,000 km', time: t(1) }]);
    expect(correct(m, 'Correction: car 6 oil change interval is 7,500 km now, switched to synthetic', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: 'Car 6 (湘A·3H424) gets an oil change every 5,000 km', time: t(1) }]);
    expect(correct(m2, 'Correction: car 6 oil change interval is 7,500 km now, switched to synthetic', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a price per person names no grammatical person (no style to change)', () => {
    const { mem: m } = home([{ text: 'Wheel class price: 298 per person.', time: t(1) }]);
    const r = m.add({ text: "The wheel class now includes one glaze colour of the guest's choice.", time: t(5) });
    expect(m.links(r.record.id).out).toEqual([]);
  });
  it('the daytime price and the night price are two (白天 8 元 / 夜间价)', () => {
    const { mem: m } = home([{ text: '友谊大道店 白天洗一次 8 元', time: t(1) }]);
    expect(correct(m, '〔更正〕友谊大道店夜间价改 5 元', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '友谊大道店 夜间洗一次 6 元', time: t(1) }]);
    expect(correct(m2, '〔更正〕友谊大道店夜间价改 5 元', t(5)).linked).toEqual([ids2[0]]);
    const { mem: m3, ids: ids3 } = home([{ text: '友谊大道店 上午洗一次 8 元', time: t(1) }]);
    expect(correct(m3, '〔更正〕友谊大道店白天价改 7 元', t(5)).linked).toEqual([ids3[0]]);
  });
  it('a code of digits and a dash (bolt 1623-04 / 1623-07) names one thing, not a month', () => {
    const { mem: m, ids } = home([
      { text: 'VBC 藏青 bolt 1623-04 还剩12米', time: t(1) },
      { text: 'VBC 炭灰 bolt 1623-07 还剩12米', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕1623-04 不是12米，昨儿个拿尺子量了，就剩8.5米', t(5)).linked).toEqual([ids[0]]);
  });
  it('of two alike, the one with the label the correction names its thing by (6号 of 6号洗衣机, the 3S packs)', () => {
    const { mem: m, ids } = home([
      { text: '中北路店 5号洗衣机 报修：进水阀坏了', time: t(1) },
      { text: '中北路店 6号洗衣机 报修：进水阀坏了', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕6号不是进水阀，是排水泵堵了', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[code] charger script: cutoff at 4.20 V per cell for the 3S packs', time: t(1) },
      { text: '[code] charger script: cutoff at 4.20 V per cell for the 2S receiver packs', time: t(2) },
    ]);
    expect(correct(m2, '[code] Correction: 3S cutoff of 4.20 V is too aggressive for the old packs — use 4.15 V per cell.', t(5)).linked).toEqual([ids2[0]]);
  });
  it('the test shop and the live shop are two (测试店铺 / 正式店铺)', () => {
    const { mem: m } = home([{ text: '[code] 孔网正式店铺的 API key 放在 ~/.config/lister/kfz_prod.env', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕孔网测试店铺的 key 挪到 ~/.config/lister/kfz_sandbox.env', t(5)).linked).toEqual([]);
  });
  it('a correction for that one only takes no copy by values in the other language', () => {
    const { mem: m, ids } = home([
      { text: '[code] 孔网商品图压缩到 1200px 宽，quality 82', time: t(1) },
      { text: '[code] duozhuayu product images: 1200px wide, quality 82', time: t(1) },
    ]);
    expect(correct(m, '[code] Correction: duozhuayu now rejects images over 1000px, resize to 1000 for that platform only', t(5)).linked).toEqual([ids[1]]);
  });
  it('a title given as the new value (书目改成《…》) changes no date or place of the same occasion', () => {
    const { mem: m } = home([{ text: '6 月读书会的日期：6 月 26 号周五', time: t(1) }]);
    expect(correct(m, '〔更正〕6 月读书会书目改成《长安的荔枝》', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '6 月读书会书目：《活着》', time: t(1) }]);
    expect(correct(m2, '〔更正〕6 月读书会书目改成《长安的荔枝》', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a note opening （再记一遍） is a copy noted again; a site supervisor (监工) is an owner of its own', () => {
    const { mem: m, ids } = home([
      { text: '大型设备上岗证考试报名截止 4月30日', time: t(1) },
      { text: '（再记一遍）上岗证报名截止是 4/30，别忘了', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕上岗证报名截止提前到 4月20日，省里刚发的通知', t(5)).linked.sort()).toEqual([ids[0], ids[1]].sort());
    const { mem: m2 } = home([{ text: '[hermes] 地铁房电路验收负责人：老周', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕地铁房现场监工换成老周', t(5)).linked).toEqual([]);
  });
  it('a rule named by its word (喝酒那条改成 8 小时) is not another rule about that word stating no length of time', () => {
    const { mem: m } = home([{ text: '船上禁止喝酒，回港后才能喝', time: t(1) }]);
    expect(correct(m, '〔更正〕喝酒那条改成 8 小时', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '下水前 12 小时内不许喝酒', time: t(1) }]);
    expect(correct(m2, '〔更正〕喝酒那条改成 8 小时', t(5)).linked).toEqual([ids2[0]]);
  });
  it('cash on delivery is how a customer pays, not when goods are delivered', () => {
    const { mem: m } = home([{ text: 'Ocean Grill (OG) delivery: Thursday before 9am', time: t(1) }]);
    expect(correct(m, "Correction: OG switched to cash on delivery, the new GM doesn't do credit", t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: 'OG payment terms: net 30', time: t(1) }]);
    expect(correct(m2, "Correction: OG switched to cash on delivery, the new GM doesn't do credit", t(5)).linked).toEqual([ids2[0]]);
  });
  it('a grade (评级) and a buying price (收价) are attributes: a quantity or a route is no target', () => {
    const { mem: m } = home([{ text: '老杨7号棚红袖每天出40扎', time: t(1) }]);
    expect(correct(m, '〔更正〕老杨7号棚红袖花头偏小，拍卖评级掉到B了', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '阿芳的洋桔梗都走成都车', time: t(1) }]);
    expect(correct(m2, '〔更正〕阿芳桔梗收价改20', t(5)).linked).toEqual([]);
  });
  it('another record\'s quoted name (「丝路行」) the correction holds is not this one\'s (「丝路游」); 不含晚餐 negates 含晚餐, no other qualifier', () => {
    const { mem: m, ids } = home([
      { text: '旅行社「丝路行」团队价 淡季 168/人（含骑驼+晚餐）', time: t(1) },
      { text: '旅行社「丝路游」团队价 淡季 168/人（只含骑驼）', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕丝路行那家 168 不含晚餐了，含晚餐改 198', t(5)).linked).toEqual([ids[0]]);
  });
  it('dorms by number, and rooms numbered alike (101 / 102), are no copies of one another', () => {
    const { mem: m } = home([
      { text: 'Dorm 201 (8 beds) quiet hours from 11pm', time: t(1) },
      { text: 'Dorm 202 (8 beds) quiet hours from 11pm', time: t(1) },
    ]);
    expect(correct(m, 'Correction: quiet hours in the 8-bed dorm start 10:30pm', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: 'the quiet hours of dorm 2: from 11pm', time: t(1) }]);
    expect(correct(m3, 'Correction: quiet hours of dorm 3 start 10:30pm', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: 'Booking 101 淡季价 158', time: t(1) },
      { text: 'Booking 上 102 双人房淡季价 158', time: t(1) },
    ]);
    expect(correct(m2, '〔更正〕Booking 101 淡季价从 158 调到 178', t(5)).linked).not.toContain(ids2[1]);
  });
  it('the port of the website deploy is not the port of the database, though neither names a thing beyond its kind', () => {
    const { mem: m } = home([{ text: '[code] 数据库端口 5432', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕网站部署端口改 8088', t(5)).linked).toEqual([]);
  });
  it('a code written with or without its dash (K-141 / K141) is one, and so is a room in either language (room 2 / 2号房)', () => {
    const { mem: m, ids } = home([
      { text: 'Kugler K-141 钴蓝色棒，报价 ¥36/根', time: t(1) },
      { text: 'Reichenbach R-141 也是蓝，¥32/根', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕K141 不是36，是 ¥38/根，汇率涨了', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: '[hermes] Room 2 LEDs: on 05:00, off 23:00', time: t(1) }]);
    const r = correct(m2, '[hermes] 〔更正〕2号房 LED 05:00 开改成 04:00 开', t(5));
    expect(m2.links(r.res.record.id).resolution?.candidates.map((x) => x.note).join(' ')).not.toMatch(/names room 2 where/);
  });
  it('the wireless network in either language (无线 / Wi-Fi)', () => {
    const { mem: m, ids } = home([
      { text: '珞喻路店（光谷那家）Wi-Fi 密码 xiyi2024', time: t(1) },
      { text: '珞喻路店 门禁密码 2580#', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕光谷那家的无线密码改成 xiyi0415 了', t(5)).linked).toEqual([ids[0]]);
  });
  it('the retail and the wholesale price are two prices, and 蚊 is 元 (18 蚊一盆)', () => {
    const { mem: m, ids } = home([
      { text: '熊童子 5cm 小盆零售 18 蚊一盆', time: t(1) },
      { text: '熊童子 5cm 小盆批发价 12 蚊', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕熊童子小盆零售加到 22 蚊，进货价起咗', t(5)).linked).toEqual([ids[0]]);
  });
  it('a person or a numbered thing named only to set the correction apart (别跟老张的搞混, 别跟1、2号车一样) is not what it is about', () => {
    const { mem: m } = home([
      { text: '老张驾驶证今年7月到期，先去体检', time: t(1) },
      { text: '老赵从业资格证今年9月年审', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕老赵的驾驶证是11月到期，别跟老张的搞混', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([
      { text: '[hermes] 1号车ETC绑的工行卡尾号7731', time: t(1) },
      { text: '[hermes] 2号车ETC绑的工行卡尾号7731', time: t(1) },
    ]);
    expect(correct(m2, '[hermes] 〔更正〕3号车ETC别跟1、2号车一样绑工行了，改绑建行尾号0458', t(5)).linked).toEqual([]);
  });
  it('the noon and the evening session (中午场 / 晚场) of one hall and day are two bookings, not copies', () => {
    const { mem: m } = home([
      { text: '金玉厅 5月1日 中午场 定金 2万', time: t(1) },
      { text: '金玉厅 5月1日 晚场 定金 2万', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕金玉厅 5月1日 那场定金收的是 1.5 万', t(5)).linked).toEqual([]);
  });
  it('the version of another tool (Composer 2.7 / PHP 8.1) restates nothing and corrects nothing; one tool written short (djs 14.16) may', () => {
    const { mem: m } = home([{ text: '[code] Booking app runs on PHP 8.1', time: t(1) }]);
    expect(inferred(correct(m, '[code] Booking app now pulls deps with Composer 2.7', t(5)).res)).toEqual([]);
    const { mem: m2 } = home([{ text: '[code] Booking app runs on PHP 8.1', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕Booking app 的 Composer 2.7 改成 2.8', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([{ text: '[code] teambot（主 bot）用 discord.js v14.14', time: t(1) }]);
    expect(correct(m3, '[code] Correction: main bot is on djs 14.16 now', t(5)).linked).toEqual([ids3[0]]);
  });
  it('two of a kind labelled by a letter (冷库A / 冷库B) are no copies, and a copy holding another number label (读卡器1号 for 2号那台) is none', () => {
    const { mem: m } = home([
      { text: '[hermes] 冷库A 温度巡检 job 每2小时一次', time: t(1) },
      { text: '[hermes] 冷库B 温度巡检 job 每2小时一次', time: t(1) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕冷库巡检改成每小时一次', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[code] 读卡器1号（1号窗口）固件 v2.3.1，已刷', time: t(1) },
      { text: '[code] 读卡器固件 v2.3.1 的更新包放在 /opt/canteen/fw/', time: t(1) },
    ]);
    expect(correct(m2, '[code] 〔更正〕2号那台读卡器其实还是 v2.2.9，上次没刷成功', t(5)).linked).not.toContain(ids2[0]);
  });
  it('people by surname and a title of trade or family (马总, 王嬢嬢) are people: another one is another person', () => {
    const { mem: m, ids } = home([
      { text: '银川李伟的货每周二送', time: t(1) },
      { text: '吴忠马总的货每周二送', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕马总改周四送，他仓库周二盘点', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: '小周上早班 9:00-15:00', time: t(1) }]);
    expect(correct(m2, '〔更正〕王嬢嬢改上早班了', t(5)).linked).toEqual([]);
  });
  it('what the correction says not to go by (别按五花算) is set apart: a record of that cut is another price', () => {
    const { mem: m } = home([
      { text: '阿强的五花肉每斤 14元', time: t(1) },
      { text: '阿强的排骨每斤 22元', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕梅花肉每斤 16，不是 14，别按五花算', t(5)).linked).toEqual([]);
  });
  it('a thing replaced by a new one today (今天换了新的躺椅) reports an occurrence and changes no setting', () => {
    const { mem: m } = home([{ text: '竹林池水温 39°C', time: t(1) }]);
    expect(inferred(correct(m, '竹林池今天换了新的木质躺椅 12 张', t(5)).res)).toEqual([]);
  });
  it('barns, kayaks and rooms by letter (barn 13 / barn 3, B 间 / A 间) are things by number or letter', () => {
    const { mem: m } = home([
      { text: 'Barn 3 heat lamps off at 06:00', time: t(1) },
      { text: 'Barn 1 heat lamps off at 06:00', time: t(1) },
    ]);
    expect(correct(m, 'Correction: barn 13 heat lamps go off at 07:00 now', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[hermes] A 间紫外灯每晚 22:30 自动开', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕B 间紫外灯改 23:00 开，大沙常加班', t(5)).linked).toEqual([]);
  });
  it('things by a label (1 号 / 2 号 / 11 号红色单人艇): another label is another one, and a monthly day (每月 1 号) is no label', () => {
    const { mem: m } = home([
      { text: '[hermes] 1 号红色单人艇 每月 15 号保养', time: t(1) },
      { text: '[hermes] 2 号红色单人艇 每月 15 号保养', time: t(1) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕红色单人艇那条保养改每月 1 号', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[hermes] 1 号红色单人艇 每月 15 号保养检查', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕11 号红色单人艇保养改每月 1 号，新到的那条', t(5)).linked).toEqual([]);
  });
  it('a price per room or per lesson (300 一间, 每节课 150, 180 一节) is a price', () => {
    const { mem: m, ids } = home([
      { text: '房间押金 200 一间', time: t(1) },
      { text: '加床费 200 一晚', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕押金改成 300 一间，上回有人弄坏了投影', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2, ids: ids2 } = home([
      { text: '儿子语文补习，每节课 150', time: t(1) },
      { text: '儿子化学补习，每节课 150', time: t(1) },
    ]);
    expect(correct(m2, '〔更正〕化学那个涨到 180 一节，下个月开始', t(5)).linked).toEqual([ids2[1]]);
  });
  it("Let's Encrypt's renewal is the certbot renew job, and a plate (A·12354) names its truck", () => {
    const { mem: m, ids } = home([
      { text: '[code] certbot renew cron runs daily at 03:17 on the VPS', time: t(1) },
      { text: '[code] pg_dump of the bookings db runs daily at 03:17 too, ships to COS', time: t(1) },
    ]);
    expect(correct(m, "[code] Correction: moved the Let's Encrypt renewal job to 04:40 so it stops fighting the db dump", t(5)).linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: '[hermes] Truck A·12345 insurance renews on 2026-05-20', time: t(1) }]);
    expect(correct(m2, '[hermes] Correction: A·12354 insurance renewal is 2026-06-01', t(5)).linked).toEqual([]);
  });
  it('a price per person written with a slash (420/人) is a price: a record of the headcount or the meeting time is another attribute', () => {
    const { mem: m } = home([
      { text: '4月17日新月团 限 20 人', time: t(1) },
      { text: '4月17日新月团 19:30 集合', time: t(1) },
    ]);
    expect(correct(m, '〔更正〕17号新月团按 420/人 收', t(5)).linked).toEqual([]);
  });
  it('顺丰 is one word (顺丰收件 was cut 顺/丰收/件): a correction of its pickup time reaches the record, and the next one its chain', () => {
    const { mem: m, ids } = home([
      { text: '顺丰每天上门收件 16:00', time: t(1) },
      { text: '中通每天上门收件 16:00', time: t(2) },
    ]);
    const first = correct(m, '〔更正〕顺丰收件改到17:00', t(3));
    expect(first.linked).toEqual([ids[0]]);
    expect(correct(m, '〔更正〕顺丰又改了，18:00才来', t(5)).linked).toEqual([first.res.record.id]);
  });
  it('a thing set apart (别跟 Gitea 挤, 跟预约那个抢带宽) is not the subject, even beside a word of its kind; a quoted old value still finds its own', () => {
    const { mem: m, ids } = home([{ text: '[hermes] 每天 02:00 备份 Gitea 仓库到 NAS', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕Wiki 备份挪到 04:00，别跟 Gitea 挤', t(5)).linked).not.toContain(ids[0]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[hermes] 每晚 23:00 备份预约数据库到 NAS', time: t(1) },
      { text: '[hermes] 每晚 23:00 备份库存表到 NAS', time: t(1) },
    ]);
    expect(correct(m2, '[hermes] 〔更正〕库存表的备份改到 01:00，23:00 跟预约那个抢带宽', t(5)).linked).toEqual([ids2[1]]);
    const { mem: m3, ids: ids3 } = home([
      { text: '[code] Pi 上 showctl 的 web 面板端口 8080', time: t(1) },
      { text: '[code] showctl.py 的 OSC 监听端口是 53000，QLab 那边发 /cue/go 过来', time: t(2) },
    ]);
    expect(correct(m3, '[code] 〔更正〕53000 跟 QLab 自己的抢起了，改成 53001', t(5)).linked).toEqual([ids3[1]]);
  });
  it('冷库1 and 冷库2 (a number after the machine, no 号) are two: a correction naming neither number links neither', () => {
    const { mem: m } = home([
      { text: '[code] 冷库1 温度探头 校准偏移 +0.5', time: t(1) },
      { text: '[code] 冷库2 温度探头 校准偏移 +0.5', time: t(1) },
    ]);
    expect(correct(m, '[code] 〔更正〕新换的那个探头 偏移 改 -0.3', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: '[code] 冷库1 温度探头 校准偏移 +0.5', time: t(1) },
      { text: '[code] 冷库2 温度探头 校准偏移 +0.5', time: t(1) },
    ]);
    expect(correct(m2, '[code] 〔更正〕冷库2 探头偏移改 -0.3', t(5)).linked).toEqual([ids2[1]]);
  });
  it('Vietnam is not Korea; the purchase price is not the sale price, unless the correction changes the sale price', () => {
    const { mem: m } = home([{ text: 'Korea export: health certificate from CIQ', time: t(1) }]);
    expect(correct(m, 'Correction: Vietnam shipments need a fumigation cert, not a health cert', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '铁观音 TGY-2504 售价每斤 680', time: t(1) }]);
    expect(correct(m2, '〔更正〕TGY-2504 进货价涨到 350', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([
      { text: '[code] 配件表：压缩机启动电容（大电容）CBB65 35μF 450V，售价25', time: t(1) },
      { text: '[code] 配件表：风扇电容（小电容）CBB61 2.5μF 450V，售价8', time: t(1) },
    ]);
    expect(correct(m3, '[code] 〔更正〕大电容进价涨了，售价改30', t(5)).linked).toEqual([ids3[0]]);
  });
  it('what a correction is split from (split from the payment log) or made to match (跟公众号统一) is another thing', () => {
    const { mem: m } = home([{ text: '[code] payment API logs go to /var/log/kiosk/pay.log', time: t(1) }]);
    expect(correct(m, '[code] Correction: order API logs go to /var/log/kiosk/order.log now, split from the payment log', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[openclaw] 公众号文末署名「平江绣事」', time: t(1) }]);
    expect(correct(m2, '[openclaw] 〔更正〕水印改成「平江绣事」，跟公众号统一', t(5)).linked).toEqual([]);
  });
  it('样衣间A and 样衣间B are two rooms: a plain record about one restates nothing of the other', () => {
    const { mem: m } = home([{ text: '样衣间B 空调 22 度', time: t(1) }]);
    expect(inferred(correct(m, '样衣间A 空调现在设 20 度，针织怕闷', t(5)).res)).toEqual([]);
  });
  it('what a correction says in brackets it is not (the session Redis (not the queue cache), 老马（不是小马）) is another thing', () => {
    const { mem: m } = home([{ text: '[code] Redis cache for the queue service on port 6379', time: t(1) }]);
    expect(correct(m, '[code] Correction: the session Redis (not the queue cache) moves to 6380', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '小马的健康证 2026-05-10 到期', time: t(1) }]);
    expect(correct(m2, '〔更正〕老马（熬汤的马师傅，不是小马）的健康证 6 月 2 号到期', t(5)).linked).toEqual([]);
  });
  it('a thing named by its number (11 号空调, 二号美容车) is not one a range leaves out (1-5 号包间) nor one named by no number', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] 每晚 23:00 检查 1-5 号包间空调关没关', time: t(1) },
      { text: '[hermes] 每晚 23:00 检查 6-10 号包间空调关没关', time: t(2) },
    ]);
    expect(correct(m, '[hermes] 〔更正〕11 号空调检查改到 23:30，那间散场晚', t(5)).linked).toEqual([]);
    expect(correct(m, '[hermes] 〔更正〕3 号包间空调检查改到 23:30，那间散场晚', t(6)).linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: '[hermes] 美容车周二跑滨江', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕二号美容车周二跑萧山', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([{ text: '[hermes] 交3号车车贷，每月20号', time: t(1) }]);
    expect(correct(m3, '[hermes] 〔更正〕3号车车贷扣款日改每月25号了', t(5)).linked).toEqual([ids3[0]]);
  });
  it('orders a day (最多接 4 单) are no distance (最多跑 80 公里); a side of 60cm is no freight price', () => {
    const { mem: m } = home([{ text: '[hermes] 美容车每天最多接 4 单', time: t(1) }]);
    expect(inferred(correct(m, '[hermes] 美容车现在每天最多跑 80 公里，电池不太行了', t(5)).res)).toEqual([]);
    const { mem: m2 } = home([{ text: '[hermes] 燕文 普货渠道 运费 每公斤 70 元', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕燕文普货 最长边 改成 60cm 以内', t(5)).linked).toEqual([]);
  });
  it('a model by its size (72B, not Qwen2.5-7B), a person by title (Mr. Xu, not Mr. Li), and model families, engines and footage apart', () => {
    const { mem: m, ids } = home([
      { text: '[code] Qwen2.5-72B 在 H20 上 max_num_seqs 设 256', time: t(1) },
      { text: '[code] Qwen2.5-7B 在 H20 上 max_num_seqs 也是 256', time: t(2) },
    ]);
    expect(correct(m, '[code] 〔更正〕H20 上 72B 的 max_num_seqs 256 太大，OOM 了，降到 128', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: 'Mr. Li (Li Changhe, Nankai): physio Mon/Thu 9:00 with therapist Wei.', time: t(1) }]);
    expect(correct(m2, "Correction: Mr. Xu's physio moves to Tue/Fri 9:00.", t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([{ text: 'Hengxin Capital contact: Mr. Tang.', time: t(1) }]);
    expect(correct(m3, "Correction: Hengxin Capital's contact is Ms. Yu now, Mr. Tang left.", t(5)).linked).toEqual([ids3[0]]);
    const { mem: m4 } = home([{ text: '[hermes] 每天 06:00 从 HF 拉一次 DeepSeek 新 checkpoint', time: t(1) }]);
    expect(correct(m4, '[hermes] 〔更正〕拉 Qwen 新 checkpoint 改成每 6 小时一次', t(5)).linked).toEqual([]);
    const { mem: m5 } = home([{ text: '[hermes] 周报里引用的 SGLang 面板是 grafana.internal/d/sglang', time: t(1) }]);
    expect(correct(m5, '[hermes] 〔更正〕vLLM 的 Grafana 面板换成 grafana.internal/d/vllm-v2', t(5)).linked).toEqual([]);
    const { mem: m6 } = home([{ text: '[hermes] 每周日 03:00 备份视频素材到 NAS', time: t(1) }]);
    expect(correct(m6, '[hermes] 〔更正〕照片素材的备份改到每周六 03:00', t(5)).linked).toEqual([]);
  });
  it('a restated default model keeps its inferred link (qwen3:8b for qwen2.5:7b): sizes tell models apart only when the model is not the value', () => {
    const { mem: m, ids } = home([{ text: '[code] Ollama 默认模型 qwen2.5:7b', time: t(1) }]);
    expect(inferred(correct(m, '[code] ollama 默认模型用 qwen3:8b', t(5)).res)).toEqual([[ids[0], true]]);
  });

  it('who a correction says stays as they were (对门郑奶奶那边不变) is not what it changes', () => {
    const { mem: m } = home([{ text: '郑奶奶家：和平区南京路 188 号 3-2-502，吴老师对门', time: t(1) }]);
    expect(correct(m, '〔更正〕吴老师搬去女儿家住了：河西区珠江道 66 号 2-1-302，对门郑奶奶那边不变', t(5)).linked).toEqual([]);
  });
  it('a time said only of what the correction sets apart (别跟 02:00 数据库备份抢) is no old value; gathering and finish points, half and full marathons, a pace and a distance, 6庭 and 第2法庭 apart', () => {
    const { mem: m } = home([{ text: '[hermes] 每天 02:00 备份 pvmon 数据库到 NAS', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕合同扫描件的备份改到 03:00，别跟 02:00 数据库备份抢带宽', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: '东湖 30K 训练赛集合点：磨山南门', time: t(1) },
      { text: '东湖 30K 训练赛终点：磨山南门', time: t(2) },
    ]);
    expect(correct(m2, '〔更正〕集合挪到梨园广场，南门在修路', t(5)).linked).toEqual([ids2[0]]);
    const { mem: m3 } = home([{ text: "全马组长距离配速 5'40\"", time: t(1) }]);
    expect(correct(m3, '〔更正〕半马组长距离改成 21K，别再跟全马组一起拉 32 了', t(5)).linked).toEqual([]);
    const { mem: m4 } = home([{ text: '周二节奏跑距离 10K', time: t(1) }]);
    expect(correct(m4, "〔更正〕节奏跑配速改 4'45\"，天热了悠着点", t(5)).linked).toEqual([]);
    const { mem: m5, ids: ids5 } = home([
      { text: '海珠法院第2法庭 每周二下午的调解需要粤语传译', time: t(1) },
      { text: '海珠法院第6法庭 每周二下午的调解需要粤语传译', time: t(2) },
    ]);
    expect(correct(m5, '〔更正〕6庭周二的调解改到周四了', t(5)).linked).toEqual([ids5[1]]);
  });
  it('a weekday before the thing, where the correction says it is held (Thursday track is at the annex field), names the occasion', () => {
    const { mem: m } = home([{ text: 'Tuesday track session: 武大 main field', time: t(1) }]);
    expect(correct(m, 'Correction: Thursday track is at the 武大 annex field', t(5)).linked).toEqual([]);
  });
  it('week 12 is not week 13; a room the correction opens with by its number (206) is not another (研讨间 204)', () => {
    const { mem: m, ids } = home([
      { text: 'On-call rota: week 12 primary is Leo, backup is Mia', time: t(1) },
      { text: 'On-call rota: week 13 primary is Mia, backup is Leo', time: t(2) },
    ]);
    expect(correct(m, 'Correction: week 12 primary is no longer Leo, swapped to Ryan (Leo on leave)', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: '二楼研讨间 204 周六可以用到 12:00', time: t(1) }]);
    expect(correct(m2, '〔更正〕206 周六只能用到 11:30，之后有考研自习预约', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([
      { text: '二楼研讨间 204 周六可以用到 12:00', time: t(1) },
      { text: '二楼研讨间 206 周六可以用到 12:00', time: t(2) },
    ]);
    expect(correct(m3, '〔更正〕206 周六只能用到 11:30，之后有考研自习预约', t(5)).linked).toEqual([ids3[1]]);
  });
  it('surnames that are everyday words too (钱, 白, 方) name someone before a title (钱阿公 is not 赵阿公), never after 小 or 老', () => {
    const { mem: m } = home([{ text: '3号楼赵阿公：少盐', time: t(1) }]);
    expect(correct(m, '〔更正〕钱阿公不用少盐了，医生说血压稳了', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '小龙虾每斤进价 38', time: t(1) }]);
    expect(correct(m2, '〔更正〕小龙虾进价涨到 42', t(5)).linked).toEqual([ids2[0]]);
  });
  it('another size of one unit is no copy (the 25-ton crane), 蜂鸟-3 is not 蜂鸟-3S, B 级 is not A 级, a masked mobile number is a contact', () => {
    const { mem: m, ids } = home([
      { text: 'The 50-ton crane (the crew calls it 大吊) is booked Dec 18, 06:00–12:00', time: t(1) },
      { text: 'The 25-ton crane is booked Dec 18, 06:00–12:00', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m, '〔更正〕大吊 18 号改下午 13:00–18:00', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2 } = home([{ text: '蜂鸟-3 最大载重 8kg', time: t(1) }]);
    expect(correct(m2, '〔更正〕蜂鸟-3S 载重是 9kg，别和 3 搞混', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: '卡罗拉 B 级底价 1.0 元/枝', time: t(1) }]);
    expect(correct(m3, '〔更正〕卡罗拉 A 级底价改 1.8', t(5)).linked).toEqual([]);
    const { mem: m4 } = home([{ text: '花姐那边收货人是她弟弟阿强', time: t(1) }]);
    expect(correct(m4, '〔更正〕花姐的收货电话换了，新号 139****2210', t(5)).linked).toEqual([]);
  });
  it('a month quoted (不是8月) is no evidence that a record about the same person in that month (8 月请假) is the one changed', () => {
    const { mem: m } = home([{ text: '周美娟阿姨 8 月请假半个月回老家', time: t(1) }]);
    expect(correct(m, '〔更正〕周阿姨生日是 9月18日，不是8月', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '周阿姨生日是 8 月 18 日', time: t(1) }]);
    expect(correct(m2, '〔更正〕周阿姨生日是 9月18日，不是8月', t(5)).linked).toEqual([ids2[0]]);
  });
  it('a lettered shift (B班) names its thing; the office Wi-Fi is the office\'s; a survey tool is not another (问卷星 / Google Form)', () => {
    const { mem: m } = home([{ text: '王姐兼管化验室的留样登记', time: t(1) }]);
    expect(correct(m, '〔更正〕B班下周起换小赵带，王姐调去化验室', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([
      { text: 'Office Wi-Fi password: raft2026!', time: t(1) },
      { text: 'Jiuxian pier Wi-Fi password: raft2026!', time: t(2) },
    ]);
    expect(correct(m2, '〔更正〕Office Wi-Fi password is now Yulong#88', t(5)).linked).toEqual([ids2[0]]);
    const { mem: m3, ids: ids3 } = home([
      { text: '[hermes] Fogport playtest survey (global): Google Form, closes Mar 20', time: t(1) },
      { text: '[hermes] Fogport playtest survey (CN players): 问卷星, closes Mar 20', time: t(2) },
    ]);
    expect(correct(m3, '[hermes] 〔更正〕问卷星那份延长到 3月27日，国内玩家回收太慢', t(5)).linked).toEqual([ids3[1]]);
  });
  it('a span of days (Wed–Sat, Sat–Sun) gives both ends as values, and the new one; the person a change goes to (by Ayu now) names no thing', () => {
    const { mem: m } = home([
      { text: 'Jenny Li — English guide, Tue–Fri', time: t(1) },
      { text: 'Jenny Wu — English guide, Sat–Sun', time: t(2) },
    ]);
    expect(correct(m, 'Correction: Jenny now works Wed–Sat', t(5)).res.resolution?.status).toBe('ambiguous');
    const { mem: m2 } = home([
      { text: '[openclaw] 纸鸢 Steam 公告封面图作者：小鹿', time: t(1) },
      { text: '[openclaw] 纸鸢公众号封面图作者：小鹿', time: t(2) },
    ]);
    expect(correct(m2, '[openclaw] Correction: cover art is by Ayu now, 小鹿 is on leave', t(5)).res.resolution?.status).toBe('ambiguous');
  });
  it('a plain note that a thing was replaced by a new one (竹里换了新床垫) changes no setting; one giving the new value does', () => {
    const { mem: m } = home([{ text: '竹里 是大床房', time: t(1) }]);
    expect(correct(m, '竹里换了新床垫，乳胶的', t(5)).linked).toEqual([]);
    const { mem: m2, ids: ids2 } = home([{ text: '[hermes] NAS 地址 192.168.1.20', time: t(1) }]);
    expect(correct(m2, '[hermes] NAS 换了新盒子，IP 现在 192.168.1.25', t(5)).linked).toEqual([ids2[0]]);
  });
  it('episode 12 (12 集) is not episode 11 (第 11 集); a laptop is not the desktop it is set beside', () => {
    const { mem: m } = home([{ text: '蓝桥第 11 集片源下载链接 3月30日 过期', time: t(1) }]);
    expect(correct(m, '〔更正〕12 集的片源链接延到 4月5日 过期，Wendy 重发了', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[code] 台式机 Ubuntu 固定 IP 192.168.1.20，跑 whisper', time: t(1) }]);
    expect(correct(m2, '[code] 〔更正〕笔记本的固定 IP 改成 192.168.1.21，跟台式机挨着好记', t(5)).linked).toEqual([]);
  });
  it('a site named by its address before 的 is not another address; 别学 X 开到 18000 sets X apart; a guide is not the driver, a WeChat id not a phone', () => {
    const { mem: m } = home([{ text: '[code] 学校官网 www.hfxx.edu.cn 的 SSL 证书 6 月 30 日到期', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕作品展示站 show.hfxx.edu.cn 的证书 7 月 15 日到期，记得一起续', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: 'DMU 65 五轴 主轴 最高转速 限 18000', time: t(1) }]);
    expect(correct(m2, '〔更正〕Hermle 那台 主轴 限速 16000，别学 DMU 65 开到 18000', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: '7月冈仁波齐团 司机是多吉', time: t(1) }]);
    expect(correct(m3, '〔更正〕冈仁波齐团导游换成平措，旺堆膝盖不行', t(5)).linked).toEqual([]);
    const { mem: m4 } = home([{ text: '摄影师阿杰手机 139 0371 1234', time: t(1) }]);
    expect(correct(m4, '〔更正〕阿杰微信号换了，新的是 ajie_photo', t(5)).linked).toEqual([]);
  });
  it('no copy: another charge at the same amount (场地费 / 车费), another environment named outside its brackets (production（跟 staging 不在一台机器）)', () => {
    const { mem: m, ids } = home([
      { text: '黄河湿地外景场地费 200/组', time: t(1) },
      { text: '黄河湿地外景车费 200/组', time: t(2) },
    ]);
    expect(correct(m, '〔更正〕湿地那边场地费涨到 300 了，景区新规定', t(5)).linked).toEqual([ids[0]]);
    const { mem: m2 } = home([
      { text: '[code] staging Postgres 端口 5433', time: t(1) },
      { text: '[code] production Postgres 端口 5433（跟 staging 不在一台机器）', time: t(2) },
    ]);
    expect(correct(m2, '[code] Correction: Postgres port is 5434 now', t(5)).res.resolution?.status).toBe('ambiguous');
  });
  it('a guide in English (the guides\' roster) is a guide: the drivers\' one the correction says stays is not taken for it', () => {
    const { mem: m } = home([
      { text: '[hermes] 司机群每周五 18:00 发下周排班', time: t(1) },
      { text: '[hermes] 导游群每周五 18:00 发下周排班', time: t(1).replace('10:00', '10:02') },
    ]);
    expect(correct(m, "[hermes] Correction: guides' roster now goes out Thursday 18:00 — drivers' stays Friday", t(5)).linked).toEqual([]);
  });
  it('a number the correction opens with (0305 交期) is not the number closing another identifier (M24-0306)', () => {
    const { mem: m } = home([{ text: 'M24-0306 交期 4 月 18 日', time: t(1) }]);
    expect(correct(m, '〔更正〕0305 交期 改 4/25', t(5)).linked).toEqual([]);
  });
  it('names the correction gives its thing by: a lettered route (B 线), a weekday before two words (Saturday tour guide), a date it opens with (Feb 14 on-call), image / video', () => {
    const { mem: m, ids } = home([
      { text: 'A 线全程时长 90 分钟', time: t(1) },
      { text: 'B 线全程时长 90 分钟', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m, '〔更正〕B 线加了城墙一段，全程改 110 分钟', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: 'Sunday tour guide: Lena', time: t(1) }]);
    expect(correct(m2, 'Correction: Saturday tour guide is Max', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: 'Feb 21 Saturday on-call: Li', time: t(1) }]);
    expect(correct(m3, 'Correction: Feb 14 on-call is Chen, not Li', t(5)).linked).toEqual([]);
    const { mem: m4 } = home([{ text: '[code] video CDN: vcdn.divesite.cn', time: t(1) }]);
    expect(correct(m4, '[code] Correction: image CDN is now cdn2.divesite.cn', t(5)).linked).toEqual([]);
  });
  it('what the correction sets apart (避开预约前端的 5173, 不跟海豚号一起走) and a day written "the 15th" name no target', () => {
    const { mem: m } = home([{ text: '[code] 预约站 前端 Vite dev 端口 5173', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕管理后台前端 dev 端口改 5174，避开预约前端的 5173', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '海豚号每天 09:00 从码头出发', time: t(1) }]);
    expect(correct(m2, '〔更正〕海豚二号每天 09:30 出发，不跟海豚号一起走', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: "[openclaw] Post 'Macro at the reef' due Mar 15", time: t(1) }]);
    expect(correct(m3, '[openclaw] Correction: the turtle post is due Mar 22, not the 15th', t(5)).linked).toEqual([]);
  });
  it('超时时间 is a timeout, not a time of day; "now includes" adds, changes nothing; two meetings written alike but for their kind are no copies', () => {
    const { mem: m } = home([{ text: '[hermes] sync_tickets 每晚 23:15 跑', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕sync_tickets 的超时时间改成 10 分钟', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: 'Sunday 14:00 tour guided by Max', time: t(1) }]);
    expect(correct(m2, 'Sunday 10:00 tour now includes a tasting flight of four', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([
      { text: '[hermes] 周一 09:00 自动约变更评审会，会议室 A301', time: t(1) },
      { text: '[hermes] 周一 09:00 自动约容量评审会，会议室 A301', time: t(1).replace('10:00', '10:02') },
    ]);
    expect(correct(m3, '[hermes] 〔更正〕周一那个评审会挪到 A305，A301 装修', t(5)).res.resolution?.status).toBe('ambiguous');
  });
  it('a record holding only the place a correction moves its thing to (改到小电窑) is no target; what "stays on" its line is kept', () => {
    const { mem: m } = home([{ text: '天目釉试烧放在小电窑', time: t(1) }]);
    expect(correct(m, '〔更正〕青瓷试烧改到小电窑，气窑排满了', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: 'Night dispatcher on duty for the general pharma line: Chen Hao', time: t(1) }]);
    expect(correct(m2, 'Vaccine line night dispatcher is Gao Lei from this week; Chen Hao stays on general pharma', t(5)).linked).toEqual([]);
  });
  it('a rate limit is no retry count, the start of a stream no end of it, and one database (报名库) no other (成绩库)', () => {
    const { mem: m } = home([{ text: '[code] mrl-api 失败重试次数 3', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕mrl-api 限流改成每分钟 60 次', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[hermes] 直播结束后 10 分钟发数据小结', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕直播提醒提前到开播前 30 分钟', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: '[hermes] Postgres 成绩库每天 04:00 vacuum', time: t(1) }]);
    expect(correct(m3, '[hermes] Correction: vacuum on the 报名库 Postgres moves to 05:00', t(5)).linked).toEqual([]);
  });
  it('a speed (35km/h) is no distance; a pass written as one word (鄂拉山垭) is not the one the correction names (拉脊 山垭); 13期 is not 第12期; publishing is not a reminder to review', () => {
    const { mem: m } = home([{ text: '日月山下坡限速35km/h，领队压速', time: t(1) }]);
    expect(correct(m, '〔更正〕日月山下坡车距至少30米，不是限速的问题，是跟太近', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '鄂拉山垭口海拔4499米', time: t(1) }]);
    expect(correct(m2, '〔更正〕拉脊山垭口海拔是3820，之前路书写错了', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([{ text: '[hermes] 第12期开学提醒 1月5日 18:00 发家长群', time: t(1) }]);
    expect(correct(m3, '[hermes] 〔更正〕13期开学提醒改 4 月 4 日发，提前一天', t(5)).linked).toEqual([]);
    const { mem: m4 } = home([{ text: '[hermes] 每周三11:00提醒审公众号稿', time: t(1) }]);
    expect(correct(m4, '[hermes] 〔更正〕公众号发布改到周四12:00', t(5)).linked).toEqual([]);
  });
  it('what the correction leaves for now (小红书那篇先不管) is not what it changes', () => {
    const { mem: m, ids } = home([
      { text: '[openclaw] 招商文章里写的单店投资额 45 万起', time: t(1) },
      { text: '[openclaw] 小红书招商笔记写的单店投资额 45 万起', time: t(2) },
    ]);
    expect(correct(m, '[openclaw] 〔更正〕招商文章那个“45 万起”不对了，改成 52 万起；小红书那篇先不管', t(5)).linked).toEqual([ids[0]]);
  });
  it('a timeout the correction names (超时, 默认 60 秒) is not how often the candidate runs (每 60 秒拉取一次)', () => {
    const { mem: m } = home([{ text: '[code] gas-sync 每 60 秒拉取一次传感器数据', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕gas-sync 拉取超时改为 15 秒，之前没设，默认 60 秒', t(5)).linked).toEqual([]);
  });
  it('pump 2 is not pump 1, the annex (副楼) not the main building, and 小一班 not 中一班', () => {
    const { mem: m } = home([{ text: 'Fuel dock pump 1 flow rate 60 L/min', time: t(1) }]);
    expect(correct(m, 'Correction: pump 2 flow rate is 40 L/min, not 60, nozzle swapped.', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: 'Fire drill (消防演练) for the main building: first Wednesday of each month, 10:00', time: t(1) }]);
    expect(correct(m2, 'Correction: the fire drill for the annex building (副楼) is the second Wednesday, 10:30.', t(5)).linked).toEqual([]);
    const { mem: m3 } = home([
      { text: '小一班午睡 12:10–14:30，王老师值班', time: t(1) },
      { text: '中一班午睡 12:10–14:30，王老师值班', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m3, '〔更正〕王老师值班那个班，午睡改到 12:20 开始', t(5)).res.resolution?.status).toBe('ambiguous');
  });
  it('dye vats by letter (靛蓝缸 A / C), dogs and cats (狗狗 / 猫咪), and what 莫跟 sets apart (莫跟豆豆搞混) are told apart', () => {
    const { mem: m } = home([
      { text: '靛蓝缸 A 温度 60℃', time: t(1) },
      { text: '靛蓝缸 C 温度 60℃', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m, '〔更正〕靛蓝缸温度 55℃，60 太高羊毛发硬', t(5)).res.resolution?.status).toBe('ambiguous');
    const { mem: m2, ids } = home([
      { text: '狗狗寄养押金 500，接走时退', time: t(1) },
      { text: '猫咪寄养押金 500，接走时退', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m2, '〔更正〕狗子寄养押金 500 改 800，上回笼子被咬烂了', t(5)).linked).toEqual([ids[0]]);
    const { mem: m3 } = home([{ text: '豆豆（柯基）上次狂犬疫苗 2025-04-10 打的', time: t(1) }]);
    expect(correct(m3, '〔更正〕豆包的狂犬是 2025-05-02 打的，莫跟豆豆搞混了', t(5)).linked).toEqual([]);
  });
  it('clock 2 is not clock 1, nor bench 2 bench 1; window 1 said to open at another time now is window 1', () => {
    const { mem: m, ids } = home([
      { text: '[hermes] Auction clock 1 maintenance window is Tuesday 22:00', time: t(1) },
      { text: '[hermes] Auction clock 2 maintenance window is Tuesday 22:00', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m, '[hermes] Correction: clock 2 maintenance moves to Wednesday 23:00, Tuesday clashes with the export run', t(5)).linked).toEqual([ids[1]]);
    const { mem: m2 } = home([{ text: 'Zooplankton team: dry lab bench 1, Apr 22-24', time: t(1) }]);
    expect(correct(m2, 'Correction: zooplankton bench 2 booking shifts to Apr 25-27.', t(5)).linked).toEqual([]);
    const { mem: m3, ids: ids3 } = home([
      { text: 'Window 1 opens at 06:40 on weekdays', time: t(1) },
      { text: 'Window 2 opens at 06:40 on weekdays', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m3, '〔更正〕Window 1 now opens at 06:20 on weekdays', t(5)).linked).toEqual([ids3[0]]);
  });
  it('what a kept clause names (3 秒超时不动) is not what the correction changes (熔断阈值)', () => {
    const { mem: m } = home([{ text: '[code] gate-api 调下游超时 3 秒', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕gate-api 熔断阈值设 50%，3 秒超时不动', t(5)).linked).toEqual([]);
  });
  it('what a later clause says stays for something else (HMAC-SHA256 stays for login tokens) is that thing, in either language', () => {
    const { mem: m } = home([{ text: '[code] 登录 token 签名用 HMAC-SHA256', time: t(1) }]);
    expect(correct(m, '[code] Correction: bid signing moves to Ed25519; HMAC-SHA256 stays for login tokens only', t(5)).linked).toEqual([]);
  });
  it('a vessel named by a Chinese numeral and 号 (鹭江六号) is not another of that name (鹭江二号)', () => {
    const { mem: m } = home([{ text: '鼓浪屿线「鹭江二号」5 月进坞', time: t(1) }]);
    expect(correct(m, '〔更正〕鹭江六号进坞推迟到 4 月底', t(5)).linked).toEqual([]);
  });
  it('how many days a review runs (审核天数) is no reviewer', () => {
    const { mem: m } = home([{ text: 'BRC 年审审核员是 Linda Wu', time: t(1) }]);
    expect(correct(m, '〔更正〕BRC 年审审核天数改为 3 天，新增了 FSMA 模块', t(5)).linked).toEqual([]);
  });
  it('a day of the month in English (goes out on the 15th, not the 12th) is a value the candidate must state', () => {
    const { mem: m } = home([{ text: '[openclaw] Oak care guide: length 1,200 words', time: t(1) }]);
    expect(correct(m, '[openclaw] Correction: the oak care guide goes out on the 15th, not the 12th', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home([{ text: 'Xiao Liu gets paid on the 10th of each month', time: t(1) }]);
    expect(correct(m2, 'Correction: Liu gets paid on the 5th from now on, not the 10th', t(5)).linked).toEqual([ids[0]]);
  });
  it('what the new value is taken by (305 is taken by the NMR one) is set apart', () => {
    const { mem: m } = home([{ text: '[openclaw] newsletter draft: NMR training session on April 9, room 305', time: t(1) }]);
    expect(correct(m, '[openclaw] Correction: MS training goes to room 210, 305 is taken by the NMR one', t(5)).linked).toEqual([]);
  });
  it('工位 B is not 工位 A, and a branch by its place (荃湾分校) not another (黄大仙分校)', () => {
    const { mem: m } = home([{ text: '[code] 产测工位 A 的 USB 转串口是 COM7', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕工位 B 串口改成 COM12', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '黃大仙分校 租約 2026年8月 到期', time: t(1) }]);
    expect(correct(m2, '〔更正〕荃灣分校租約已經續到 2027年8月', t(5)).linked).toEqual([]);
  });
  it('a value said to stay (每月还是 8 吨) is no old value, though the candidate holds it', () => {
    const { mem: m } = home([{ text: '广州陈老板的绿香妃每月 8 吨', time: t(1) }]);
    expect(correct(m, '〔更正〕陈老板的绿香妃每月还是 8 吨，不过改成 10 公斤纸箱装', t(5)).linked).toEqual([]);
  });
  it('谷阿姨 is not 顾阿姨, and the chilli grinder not the Sichuan-pepper one', () => {
    const { mem: m } = home([{ text: '绣娘顾阿姨（顾秀珍）绣一只猫的工期 7 天', time: t(1) }]);
    expect(correct(m, '〔更正〕谷阿姨绣一只猫要 9 天，伊手慢一眼', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '花椒粉碎机筛网 60 目', time: t(1) }]);
    expect(correct(m2, '〔更正〕打辣椒那台粉碎机筛网换成 60 目，客人嫌辣椒面太粗', t(5)).linked).toEqual([]);
  });
  it('two records alike but for two English words each (product photos / homepage banners) are two things, not a copy', () => {
    const { mem: m } = home([
      { text: '[code] Image CDN cache TTL for product photos is 3600s.', time: t(1) },
      { text: '[code] Image CDN cache TTL for homepage banners is 3600s.', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m, '[code] 〔更正〕商品图的 CDN 缓存 3600 秒太长，改成 600 秒，换了图客人老是看到旧的', t(5)).linked).not.toHaveLength(2);
  });
  it('a word of the candidate holding the correction\'s and another of its own (早班余票) is another thing, not the 早班 the correction moves', () => {
    const { mem: m } = home([{ text: '[hermes] 早班余票提醒 07:00', time: t(1) }]);
    expect(correct(m, '〔更正〕漓江之星7号早班改 09:30', t(5)).linked).toEqual([]);
  });
  it('第8展厅 is not 第3展厅, and a boat coming back (回港) is not its setting out (出发)', () => {
    const { mem: m } = home([{ text: '第3展厅 闭馆后安防布防时间 17:30', time: t(1) }]);
    expect(correct(m, '〔更正〕第8展厅布防改到 18:00，这周布展加班', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '海豚号 早船 08:00 出发', time: t(1) }]);
    expect(correct(m2, '〔更正〕海豚号 早船 回港时间 改 12:30', t(5)).linked).toEqual([]);
  });
  it('刷新 is refresh: a correction in English sets back the Chinese one that changed it', () => {
    const { mem: m, ids } = home([
      { text: '[code] Dashboard refresh interval: 60 s', time: t(1) },
      { text: '[code] 〔更正〕看板刷新改 30 秒', time: t(2) },
    ]);
    expect(correct(m, '[code] Correction: dashboard refresh back to 60 s, 30 s hammers the PLC gateway', t(5)).linked).toEqual([ids[1]]);
  });
  it('a path before the change word names the job (/data/tmp 清理改到周日), not a path the candidate states', () => {
    const { mem: m } = home([{ text: '[code] 清理脚本 cleanup.sh 放 /opt/mes/bin', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕/data/tmp 清理改到周日凌晨 03:00', t(5)).linked).toEqual([]);
  });
  it('the template path (模板路径) is not the generator script path (生成脚本路径)', () => {
    const { mem: m } = home([{ text: '[code] 交接班报告生成脚本路径 /srv/handover/gen.py', time: t(1) }]);
    expect(correct(m, '[code] 〔更正〕交接班报告模板路径改 /srv/handover/tpl_v3.docx', t(5)).linked).toEqual([]);
  });
  it('what a dock is booked for (booked for Guimet) is set apart', () => {
    const { mem: m } = home([{ text: 'Guimet loan: 14 objects, crates come in through the Gate 2 loading dock', time: t(1) }]);
    expect(correct(m, 'Correction: TNM crates use Gate 4 — the Gate 2 dock is booked for Guimet that day', t(5)).linked).toEqual([]);
  });
  it('a record giving the old value for a thing the correction names after its change (fab01 留给 main) is no copy', () => {
    const { mem: m, ids } = home([
      { text: '[code] main 的 CI 跑在 runner-fab01', time: t(1) },
      { text: '[code] release/2.3 分支 CI 也跑在 runner-fab01', time: t(1).replace('10:00', '10:02') },
    ]);
    expect(correct(m, '[code] 〔更正〕release 分支的 CI 挪到 runner-fab04，fab01 留给 main', t(5)).linked).toEqual([ids[1]]);
  });
  it('300 dpi is a size, not the version of the library the renderer uses', () => {
    const { mem: m } = home([{ text: '[code] wafer map renderer uses matplotlib 3.8', time: t(1) }]);
    expect(correct(m, '[code] Correction: wafer map renderer uses 300 dpi', t(5)).linked).toEqual([]);
  });
  it('two things named from one stem (化学品到货提醒 / 化学品库存盘点, 交接班签到表提醒 / 交接班报告) are two things', () => {
    const { mem: m } = home([{ text: '[hermes] 化学品库存盘点 job 每周一 10:00', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕化学品到货提醒 job 改成每天 10:00', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[hermes] 交接班报告 job 07:30 跑', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕交接班签到表提醒改 07:20', t(5)).linked).toEqual([]);
  });
  it('第 4 場 playtest is not 第 3 場, and tank F8 not F7', () => {
    const { mem: m } = home([{ text: '第 3 場 playtest 名額 12 人，現場', time: t(1) }]);
    expect(correct(m, '〔更正〕第 4 場 playtest 可以收 16 人', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home([
      { text: 'QC 取样：F7 每天 10:00 测 pH', time: t(1) },
      { text: 'QC sampling: F8 pH check daily at 10:00', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m2, '〔更正〕F8 改下午 4 点测', t(5)).linked).toEqual([ids[1]]);
  });
  it("a game's platform (the Switch job / the PC one) and store (Epic / itch.io) tell two things apart", () => {
    const { mem: m } = home([{ text: '[hermes] shader-warmup job（PC）每晚 01:00 跑', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: the Switch shader-warmup job moved to 01:30', t(5)).linked).toEqual([]);
    const { mem: m2 } = home([{ text: '[hermes] 每月 1 號匯出 itch.io 銷售報表', time: t(1) }]);
    expect(correct(m2, '[hermes] 〔更正〕Epic 商店的銷售報表改每月 5 號匯出', t(5)).linked).toEqual([]);
  });
  it('a person named in Latin letters doing the work (改由 Wei 錄) is the new value: a record naming no one is not changed', () => {
    const { mem: m } = home([{ text: '[openclaw] Lantern 1.0 launch trailer 長度 90 秒', time: t(1) }]);
    expect(correct(m, '[openclaw] 〔更正〕launch trailer 的旁白改由 Wei 錄', t(5)).linked).toEqual([]);
  });
  it('an old value quoted with its unit (不要 10 寸了) is not held by another 10 (相册 10 本起订)', () => {
    const { mem: m } = home([{ text: '[hermes] 林小姐婚纱照 精修 60 张，相册 10 本起订', time: t(1) }]);
    expect(correct(m, '[hermes] 〔更正〕林小姐的相册改成 12 寸对裱，不要 10 寸了', t(5)).linked).toEqual([]);
  });
  it('dried chilli is not the chopped chilli whose price changed, though both come from one seller at one price', () => {
    const { mem: m, ids } = home([
      { text: '辣椒刘的剁辣椒 12块一斤', time: t(1) },
      { text: '辣椒刘的干辣椒也是 12块一斤', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m, '〔更正〕辣椒刘剁辣椒涨了，14块', t(5)).linked).toEqual([ids[0]]);
  });
  it('直播间2 is not 直播间1, 燕文 is Yanwen and not 4PX, and a mouse genome is not the human one', () => {
    const { mem: m } = home([{ text: '[hermes] 每周一 08:00 check 直播间1 的 mic 库存表', time: t(1) }]);
    expect(correct(m, '[hermes] Correction: the headphone inventory check for 直播间2 moves to Tuesday 08:00', t(5)).linked).toEqual([]);
    const { mem: m2, ids } = home([
      { text: '[hermes] Yanwen tracking sync job runs every 2 hours', time: t(1) },
      { text: '[hermes] 4PX tracking sync job runs every 2 hours', time: t(1).replace('10:00', '10:05') },
    ]);
    expect(correct(m2, '[hermes] 〔更正〕燕文的轨迹同步改成每小时一次，买家老催', t(5)).linked).toEqual([ids[0]]);
    const { mem: m3 } = home([{ text: '[code] 人类注释统一用 GENCODE v44：/share/ref/hg38/gencode.v44.annotation.gtf', time: t(1) }]);
    expect(correct(m3, '[code] 〔更正〕小鼠项目的 GTF 别再套 v44 了，改用 GENCODE vM34', t(5)).linked).toEqual([]);
  });
});
