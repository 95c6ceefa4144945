// A dev probe for aliases: English questions over Chinese records and Chinese questions
// over English records, of the three agents' kind of work, among the ranking suite's 610 noise
// records. Recall@1/5/10 and MRR with aliases on (the defaults) and off (disabledStages
// "aliases"), in the same run. Not the formal cross-language set (that one is built apart, 60+
// questions); the questions were written by the author of the default alias list, so read the
// "after" figure as an upper bound for these words, not as held-out recall.
//
//   npm run build && node bench/alias-probe.js [--misses]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOptmem } from '../dist/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NOW = '2026-11-20T10:00:00+08:00';

// key → [time, text]
const RECORDS = {
  // Chinese records (code, hermes, openclaw)
  zPort: ['2026-10-02T09:15:00+08:00', '[code] 后端端口已从8080改为9090，本地调试记得改 .env'],
  zRedis: ['2026-09-12T11:00:00+08:00', '[code] Redis 缓存过期时间定为 10 分钟，热点键单独设 1 小时'],
  zBranch: ['2026-09-20T15:00:00+08:00', '[code] 分支规范：功能分支从 develop 切，合并前必须 rebase'],
  zDb: ['2026-08-03T10:00:00+08:00', '[code] 数据库连接池上限调到 50，之前 20 个总是打满'],
  zDeploy: ['2026-10-18T20:00:00+08:00', '[code] 发版流程：先在预发环境验证，再灰度 10%，最后全量上线'],
  zRollback: ['2026-10-20T22:10:00+08:00', '[code] 昨晚上线出问题，已回滚到 v2.3.1'],
  zTimeout: ['2026-07-11T14:00:00+08:00', '[code] 网关超时从 30 秒改到 60 秒，大文件上传不再断'],
  zLog: ['2026-06-30T09:00:00+08:00', '[code] 应用日志放在 /var/log/app/ 下，按天切割'],
  zConfig: ['2026-09-01T10:00:00+08:00', '[code] 配置文件统一放 config/ 目录，敏感项走环境变量'],
  zBug: ['2026-10-09T16:00:00+08:00', '[code] 登录页的缺陷：验证码过期后不刷新，已修'],
  zBackup: ['2026-09-05T03:00:00+08:00', '[hermes] 数据库备份每天凌晨 3 点跑，保留 14 天'],
  zCron: ['2026-08-21T09:00:00+08:00', '[hermes] 定时任务：每周四上午10点生成周报并发到群里'],
  zWorkflow: ['2026-09-15T09:00:00+08:00', '[hermes] 日报工作流新增一步：汇总前先去重'],
  zRetry: ['2026-10-11T08:00:00+08:00', '[hermes] 同步任务失败后自动重试 3 次，间隔 5 分钟'],
  zEmail: ['2026-07-02T18:00:00+08:00', '[hermes] 巡检结果改用邮件通知，不再发短信'],
  zCleanup: ['2026-08-15T02:00:00+08:00', '[hermes] 临时文件清理脚本每周日凌晨执行'],
  zTitle: ['2026-10-05T21:00:00+08:00', '[openclaw] 公众号标题不超过 20 个字，别用感叹号'],
  zDeadline: ['2026-11-10T12:00:00+08:00', '[openclaw] 第9篇截稿时间是周五晚上 8 点'],
  zCover: ['2026-09-28T19:00:00+08:00', '[openclaw] 封面统一用 900x383，字放左边'],
  zDraft: ['2026-10-30T22:00:00+08:00', '[openclaw] 初稿写完先给编辑看，再排版'],
  zRedline: ['2026-03-02T09:00:00+08:00', '[code] 〔红线〕删除任何文件前先备份，绝不直接 rm -rf'],
  zCorrection: ['2026-10-25T10:00:00+08:00', '[openclaw] 〔更正〕截稿改到周六中午，不是周五'],
  // English records
  ePort: ['2026-09-09T10:00:00+08:00', '[code] the admin service now listens on port 7001'],
  eCache: ['2026-08-11T10:00:00+08:00', '[code] cache invalidation for product pages happens on every publish event'],
  eMigration: ['2026-10-01T10:00:00+08:00', '[code] database migration 0042 adds an index on orders.created_at'],
  eRelease: ['2026-10-14T10:00:00+08:00', '[code] release checklist: tag, changelog, then deploy to staging'],
  eTest: ['2026-09-22T10:00:00+08:00', '[code] integration tests need the docker network up first'],
  eBackup: ['2026-07-19T10:00:00+08:00', '[hermes] nightly backup of the notes vault goes to the NAS, kept for 30 days'],
  eCron: ['2026-08-08T10:00:00+08:00', '[hermes] the weekly digest cron runs on monday at 09:00'],
  eNotify: ['2026-10-03T10:00:00+08:00', '[hermes] failure notifications go to the ops channel only'],
  eArchive: ['2026-06-12T10:00:00+08:00', '[hermes] old transcripts are archived after 90 days'],
  eHeadline: ['2026-09-30T10:00:00+08:00', '[openclaw] headline style: a question, under 18 characters'],
  eDeadline: ['2026-11-02T10:00:00+08:00', '[openclaw] the deadline for the AI tools series is every wednesday night'],
  eCover: ['2026-08-27T10:00:00+08:00', '[openclaw] cover images come from Midjourney, then cropped in Canva'],
  eReview: ['2026-10-08T10:00:00+08:00', '[openclaw] every article gets a second review before it is published'],
  eSecret: ['2026-09-18T10:00:00+08:00', '[code] the secret for the payment API lives in the vault, never in git'],
};

// [question, expected key]
const QUESTIONS = [
  // English over Chinese records
  ['what port does the backend use now?', 'zPort'],
  ['backend port', 'zPort'],
  ['how long do redis cache entries live', 'zRedis'],
  ['branch rules before merge', 'zBranch'],
  ['database connection pool limit', 'zDb'],
  ['how do we release to production', 'zDeploy'],
  ['did we roll back the last deploy', 'zRollback'],
  ['gateway timeout', 'zTimeout'],
  ['where are the application logs', 'zLog'],
  ['where do config files go', 'zConfig'],
  ['login page bug', 'zBug'],
  ['when does the database backup run', 'zBackup'],
  ['cron job on thursday', 'zCron'],
  ['daily report workflow change', 'zWorkflow'],
  ['how many retries after a sync failure', 'zRetry'],
  ['email notification for inspections', 'zEmail'],
  ['cleanup script schedule', 'zCleanup'],
  ['wechat title length', 'zTitle'],
  ['article 9 deadline', 'zDeadline'],
  ['cover size', 'zCover'],
  ['red line about deleting files', 'zRedline'],
  ['correction about the deadline', 'zCorrection'],
  // Chinese over English records
  ['管理服务的端口是多少', 'ePort'],
  ['缓存什么时候失效', 'eCache'],
  ['数据库迁移 0042', 'eMigration'],
  ['发版前要做什么', 'eRelease'],
  ['集成测试需要什么', 'eTest'],
  ['笔记库的备份放哪里', 'eBackup'],
  ['周一的定时任务', 'eCron'],
  ['失败通知发到哪', 'eNotify'],
  ['旧记录多久归档', 'eArchive'],
  ['标题风格', 'eHeadline'],
  ['AI 工具系列的截稿时间', 'eDeadline'],
  ['封面图从哪来', 'eCover'],
  ['文章发布前审稿', 'eReview'],
  ['支付接口的密钥放哪', 'eSecret'],
];

function makeHome(disabled) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-alias-probe-'));
  fs.mkdirSync(path.join(dir, 'log'));
  const ranking = disabled ? { disabledStages: ['aliases'] } : {};
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], ranking }));
  const m = createOptmem({ dir, durable: false });
  const noise = fs.readFileSync(path.join(ROOT, 'eval', 'suites', 'noise.jsonl'), 'utf8');
  const own = Object.entries(RECORDS)
    .map(([key, [time, text]]) => JSON.stringify({ id: `probe-${key}`, time, text }))
    .join('\n');
  m.import(noise + '\n' + own + '\n');
  return { m, dir };
}

function run(disabled) {
  const { m, dir } = makeHome(disabled);
  const out = { r1: 0, r5: 0, r10: 0, mrr: 0, misses: [] };
  for (const [q, key] of QUESTIONS) {
    const res = m.search({ query: q, limit: 10, now: NOW });
    const rank = res.results.findIndex((h) => h.id === `probe-${key}`) + 1;
    if (rank === 1) out.r1++;
    if (rank >= 1 && rank <= 5) out.r5++;
    if (rank >= 1) {
      out.r10++;
      out.mrr += 1 / rank;
    } else out.misses.push(`${q} → ${key} (terms: ${res.query.terms.join(' ')})`);
  }
  m.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

const n = QUESTIONS.length;
const fmt = (x) => (x / n).toFixed(3);
console.log(`alias probe: ${n} questions (${QUESTIONS.filter(([, k]) => k.startsWith('z')).length} English→Chinese, ${QUESTIONS.filter(([, k]) => k.startsWith('e')).length} Chinese→English), ${Object.keys(RECORDS).length} records + 610 noise`);
console.log('aliases   R@1    R@5    R@10   MRR');
for (const [label, disabled] of [['off', true], ['on', false]]) {
  const r = run(disabled);
  console.log(`${label.padEnd(8)}  ${fmt(r.r1)}  ${fmt(r.r5)}  ${fmt(r.r10)}  ${fmt(r.mrr)}`);
  if (process.argv.includes('--misses')) for (const miss of r.misses) console.log(`   miss: ${miss}`);
}
