// A small dev probe for Chinese conversational questions (query analysis): 40 records of
// the three agents' kind of work, 40 questions written as a user would ask them, one or two answer
// records each. Compares optmem's search with a plain character-bigram BM25 over the same records
// in the same run. Not a benchmark (eval/recall/ is): a quick dev check.
// Usage: npm run build && node bench/zh-probe.js [--json] [--misses]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOptmem } from '../dist/index.js';

const R = {
  bk1: '[workflow] Hermes 每天凌晨3点备份 Postgres 数据库到 /backup/pg，保留14天',
  bk2: '[workflow] 备份失败告警发到飞书群「运维值班」，连续两次失败才打电话',
  bk3: '[workflow] Hermes 的周报工作流每周四上午10点跑，汇总本周工单',
  bk4: '[workflow] 备份盘 /backup 快满了，清理了 90 天前的 WAL 归档，腾出 120G',
  bk5: '[workflow] 工作流引擎从 cron 换成了 Temporal，重试策略是指数退避最多5次',
  bk6: '[workflow] 用户说周末不要发任何通知，除非是 P0 故障',
  bk7: '[workflow] 发票归档工作流：每月1号把上个月的发票 PDF 归档到 NAS 的 finance 目录',
  bk8: '[workflow] Hermes 同步日历用的是 CalDAV，账号在 1Password 的 Hermes-cal 条目里',
  bk9: '[workflow] 邮件分拣规则：带“报价”的邮件转给销售，带“发票”的转财务',
  bk10: '[workflow] 恢复演练：上周从备份恢复了 staging 库，用时 42 分钟，比目标慢',
  bk11: '[workflow] 数据库备份脚本改成 pg_dump 并行 4 个进程，耗时从 50 分钟降到 18 分钟',
  bk12: '[workflow] 监控面板在 Grafana 的 Hermes-ops 看板，磁盘告警阈值 85%',
  ar1: '[content] OpenClaw 公众号的第9篇文章写大模型记忆，标题定为《AI 为什么总是忘事》',
  ar2: '[content] 公众号排版统一用 mdnice 的橙心主题，代码块用 atom-one-dark',
  ar3: '[content] 头条封面尺寸是 900x383，次条封面 200x200',
  ar4: '[content] 每周二和周五晚上8点发文，周五那篇偏轻松',
  ar5: '[content] 读者投票结果：最想看的是 Agent 记忆和 RAG 实战，其次是提示词技巧',
  ar6: '[content] 第7篇文章《向量数据库选型》阅读量 1.2 万，是目前最高的一篇',
  ar7: '[content] 文章里的图一律自己画，不用网上的图，避免版权纠纷',
  ar8: '[content] 公众号的自动回复关键词“资料”返回网盘链接，密码 7788',
  ar9: '[content] 写稿流程：先列大纲给用户确认，再写初稿，初稿不超过 3000 字',
  ar10: '[content] 用户不喜欢“赋能”“抓手”这种词，写作时要避开',
  ar11: '[content] 小红书同步发图文版，标题不超过 20 个字',
  ar12: '[content] 第10篇的选题定为“用 SQLite 做 Agent 的长期记忆”，下周三前交初稿',
  cd1: '[code] 后端服务端口改成 9090，8080 留给旧版网关',
  cd2: '[code] 前端 dev server 跑在 5173，代理 /api 到后端',
  cd3: '[code] 部署问题：容器起不来是因为 .env 里 DATABASE_URL 少了 sslmode=require，加上后就好了',
  cd4: '[code] 生产环境部署用 GitHub Actions，打 tag 后自动发布到 app-02',
  cd5: '[code] Redis 用的是 6379 端口，开了 AOF 持久化',
  cd6: '[code] Node 版本锁在 20.11，用 volta 管理',
  cd7: '[code] 日志统一写到 /var/log/optmem，logrotate 每天轮转，保留7份',
  cd8: '[code] 数据库迁移工具用 drizzle-kit，迁移文件放在 db/migrations',
  cd9: '[code] 内存泄漏查到了：websocket 连接断开后定时器没清理，修复在 PR #231',
  cd10: '[code] 测试跑得慢是因为每个用例都重建数据库，改成事务回滚后从 6 分钟降到 90 秒',
  cd11: '[code] API 限流：每个 token 每分钟 60 次，超过返回 429',
  cd12: '[code] 用户偏好：代码注释用英文，提交信息用中文',
  cd13: '[code] 预发环境的域名是 staging.example.cn，证书用 Let\'s Encrypt 自动续期',
  cd14: '[code] Nginx 反向代理超时从 60 秒调到 300 秒，解决了大文件上传 504 的问题',
  cd15: '[code] 鉴权从 session 换成了 JWT，过期时间 2 小时，刷新令牌 7 天',
  cd16: '[code] CI 缓存 node_modules 用 actions/cache，key 带上 package-lock 的哈希',
};

// Distractors: conversational turns and notes that share the questions' frame words and topics
// but answer none of them (the usual state of a memory after months of work). Seeded, so stable.
const TOPICS = ['部署', '端口', '备份', '工作流', '文章', '公众号', '数据库', '日志', '测试', '封面', '标题', '通知', '告警',
  '迁移', '缓存', '版本', '周报', '发票', '邮件', '日历', '初稿', '选题', '排版', '代理', '证书', '限流', '鉴权', '容器', '磁盘', '脚本'];
const FRAMES = ['我上次跟你说过{t}的事，先放一放', '你还记得{t}吗？回头再聊', '{t}这个问题后来再看看', '今天又讨论了一下{t}，还没结论',
  '{t}怎么弄比较好，我再想想', '那个{t}的问题先记一下', '是不是应该换个{t}方案，下周再定', '{t}那边暂时没有进展',
  '帮我看一下{t}是什么情况', '{t}的事情跟老王确认过了吗', '为什么{t}总是出问题呢', '{t}和{u}要一起考虑一下吧'];
let seed = 12;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (a) => a[Math.floor(rnd() * a.length)];
for (let i = 0; i < 160; i++) R['n' + i] = pick(FRAMES).replace('{t}', pick(TOPICS)).replace('{u}', pick(TOPICS));

const Q = [
  ['我上次跟你说过的那个部署问题后来怎么解决的？', ['cd3']],
  ['你还记得后端端口是多少吗', ['cd1']],
  ['周四那个工作流是干什么的', ['bk3']],
  ['数据库多久备份一次，备份到哪里了？', ['bk1']],
  ['备份失败了会怎么通知我', ['bk2']],
  ['我之前说过周末能不能发通知来着', ['bk6']],
  ['发票是怎么归档的来着', ['bk7']],
  ['Hermes 日历同步的账号放在哪了', ['bk8']],
  ['上次恢复演练花了多长时间', ['bk10']],
  ['备份脚本后来优化成什么样了', ['bk11']],
  ['磁盘告警的阈值设的是多少', ['bk12']],
  ['我们的工作流引擎现在用的是啥', ['bk5']],
  ['那个备份盘满了的问题你是怎么处理的', ['bk4']],
  ['报价邮件会转给谁', ['bk9']],
  ['第9篇文章的标题是什么', ['ar1']],
  ['公众号排版用的什么主题', ['ar2']],
  ['头条封面图应该做多大尺寸', ['ar3']],
  ['我们一般周几发文章', ['ar4']],
  ['读者最想看什么内容', ['ar5']],
  ['哪篇文章阅读量最高', ['ar6']],
  ['文章配图可以用网上的吗', ['ar7']],
  ['自动回复里资料的密码是多少', ['ar8']],
  ['写稿的流程是怎样的，初稿最多写多少字', ['ar9']],
  ['我跟你说过写文章要避开哪些词来着', ['ar10']],
  ['小红书的标题有字数限制吗', ['ar11']],
  ['下一篇文章写什么，什么时候交稿', ['ar12']],
  ['前端开发服务器跑在哪个端口', ['cd2']],
  ['生产环境是怎么部署的', ['cd4']],
  ['Redis 端口是多少，开持久化了吗', ['cd5']],
  ['我们用的 Node 是哪个版本', ['cd6']],
  ['日志放在哪个目录，保留几天', ['cd7']],
  ['数据库迁移用的什么工具', ['cd8']],
  ['之前那个内存泄漏最后查出来是什么原因', ['cd9']],
  ['测试为什么那么慢，后来怎么提速的', ['cd10']],
  ['接口限流的规则你还记得吗', ['cd11']],
  ['代码注释应该用中文还是英文', ['cd12']],
  ['预发环境的域名是啥', ['cd13']],
  ['大文件上传报504那次是怎么解决的', ['cd14']],
  ['登录鉴权现在用的是什么方案，令牌多久过期', ['cd15']],
  ['CI 里 node_modules 是怎么缓存的', ['cd16']],
];

// Plain character-bigram BM25 (k1 1.2, b 0.75): CJK runs as overlapping bigrams (a lone character
// as itself), other text as lower-cased letter/digit words.
function grams(text) {
  const out = [];
  const s = text.normalize('NFKC').toLowerCase();
  for (const m of s.matchAll(/[\u3400-\u9fff]+|[a-z0-9]+/g)) {
    const w = m[0];
    if (/^[a-z0-9]/.test(w)) out.push(w);
    else if (w.length === 1) out.push(w);
    else for (let i = 0; i + 1 < w.length; i++) out.push(w.slice(i, i + 2));
  }
  return out;
}
function bigramBm25(docs) {
  const toks = docs.map((d) => grams(d.text));
  const df = new Map();
  for (const t of toks) for (const g of new Set(t)) df.set(g, (df.get(g) ?? 0) + 1);
  const avg = toks.reduce((a, t) => a + t.length, 0) / toks.length;
  const N = docs.length;
  return (query) => {
    const qg = [...new Set(grams(query))];
    return docs
      .map((d, i) => {
        let s = 0;
        for (const g of qg) {
          const n = df.get(g);
          if (!n) continue;
          const tf = toks[i].filter((x) => x === g).length;
          if (!tf) continue;
          const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
          s += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + 0.75 * (toks[i].length / avg)));
        }
        return { key: d.key, s };
      })
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s)
      .map((x) => x.key);
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-zh-probe-'));
const mem = createOptmem({ dir: path.join(dir, 'home'), create: true });
const keyOf = new Map();
const docs = [];
let t = Date.parse('2026-10-01T09:00:00+08:00');
for (const [key, text] of Object.entries(R)) {
  const r = mem.add({ text, time: new Date((t += 3_600_000)).toISOString() }).record;
  keyOf.set(r.id, key);
  docs.push({ key, text });
}
const bigram = bigramBm25(docs);
const now = new Date(t + 86_400_000).toISOString();
const score = (ranked, gold) => ({
  r5: gold.filter((g) => ranked.slice(0, 5).includes(g)).length / gold.length,
  r10: gold.filter((g) => ranked.slice(0, 10).includes(g)).length / gold.length,
  rr: (() => {
    const i = ranked.findIndex((k) => gold.includes(k));
    return i < 0 ? 0 : 1 / (i + 1);
  })(),
});
const sum = { optmem: { r5: 0, r10: 0, rr: 0 }, bigram: { r5: 0, r10: 0, rr: 0 } };
const misses = [];
for (const [question, gold] of Q) {
  const ranked = mem.search({ query: question, limit: 10, now }).results.map((h) => keyOf.get(h.id));
  const a = score(ranked, gold);
  const b = score(bigram(question), gold);
  for (const k of ['r5', 'r10', 'rr']) {
    sum.optmem[k] += a[k] / Q.length;
    sum.bigram[k] += b[k] / Q.length;
  }
  if (a.r5 < 1) misses.push({ question, gold, got: ranked.slice(0, 5), bigramHit: b.r5 });
}
mem.close();
fs.rmSync(dir, { recursive: true, force: true });
const fmt = (m) => `R@5 ${m.r5.toFixed(3)}  R@10 ${m.r10.toFixed(3)}  MRR ${m.rr.toFixed(3)}`;
if (process.argv.includes('--json')) console.log(JSON.stringify({ questions: Q.length, records: docs.length, ...sum }));
else {
  console.log(`zh probe: ${Q.length} questions over ${docs.length} records`);
  console.log(`  optmem          ${fmt(sum.optmem)}`);
  console.log(`  bigram BM25     ${fmt(sum.bigram)}`);
}
if (process.argv.includes('--misses')) for (const m of misses) console.log('  miss', JSON.stringify(m));
