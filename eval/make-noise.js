#!/usr/bin/env node
// Deterministic noise for the ranking suite: three agents' notes over the six months before the
// suite's `now` — workflow runs (hermes), article drafts (openclaw), code notes (code), and chatter.
// Seeded PRNG, so the output is the same on every machine. Regenerate with:
//   node eval/make-noise.js > eval/suites/noise.jsonl
// Facts about services (ports, versions, paths) stay constant per service and always carry a
// project, so the noise competes with scenarios on words and values without rewriting their facts.

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const DAY = 86_400_000;
const DAYS = 180;

// mulberry32
let seed = 20261120;
function rand() {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const int = (a, b) => a + Math.floor(rand() * (b - a + 1));

function iso(ms) {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}+08:00`;
}

// Services the noise talks about, with fixed facts (the scenarios use other subjects).
const SERVICES = [
  { name: 'redis', port: 6379, project: 'optmem' },
  { name: 'postgres', port: 5432, project: 'blog-site' },
  { name: 'grafana', port: 3000, project: 'daily-digest' },
  { name: 'prometheus', port: 9090, project: 'daily-digest' },
  { name: 'minio', port: 9000, project: 'backup' },
  { name: 'meilisearch', port: 7700, project: 'blog-site' },
  { name: 'n8n', port: 5678, project: 'daily-digest' },
  { name: 'ollama', port: 11434, project: 'optmem' },
];
const LIBS = [
  ['vitest', '4.1'], ['better-sqlite3', '12.11'], ['typescript', '6.0'], ['jieba', '2.0.3'], ['feedparser', '6.0.11'], ['playwright', '1.48'],
];
const TITLES = [
  '智能体的记忆为什么总是失忆', '我用三个 agent 分工干活的半年', '本地大模型跑在 Mac mini 上的真实体验', 'RSS 没有死', '给 AI 写 AGENTS.md 的几条经验',
  '从 8 小时到 20 分钟：自动化日报', 'SQLite 是被低估的数据库', '写作流水线里的人和机器', '一次数据库迁移的复盘', '为什么我不再用向量检索',
];
const TOPICS = ['记忆巩固', '检索排序', '定时任务', '写作流程', '家庭 NAS', '读书笔记', 'prompt 模板', '成本控制', '日志清理', '模型评测'];
const MODULES = ['tokenizer', 'log-store', 'sync', 'cli/format', 'retrieve', 'snippet', 'feed-fetcher', 'dedupe', 'publisher', 'scheduler'];
const BUGS = ['空字符串导致崩溃', '时区差了8小时', '并发写时锁没释放', '中文标点没切开', '重试次数写死了', 'emoji 截断成乱码', '大文件读超时'];
const SOURCES = ['少数派', 'Hacker News', 'v2ex', '阮一峰周刊', 'Simon Willison', 'LWN', '机器之心'];
const CHAT_CN = ['好的谢谢', '收到', '早', '早上好', '晚安', '辛苦了', '嗯嗯 明白', '先这样吧', '明天再说', '可以', '👍', '哈哈 好', '行 我看看', '等下回你', '没问题'];
const CHAT_EN = ['ok thanks', 'got it', 'thanks, that works', 'hi', 'sounds good', 'will check later', 'nice', 'ok', 'sure, go ahead', 'lol yes'];
// Chatter that shares words with real notes: the hard kind of noise.
const CHAT_TOPICAL = [
  '端口的事明天再看', '版本的问题回头说', '最近有点忙，进展慢', '部署的事等周末吧', '备份好像又慢了？', '稿子我晚点看', '数据库那个先放着',
  'the port thing can wait', 'deploy tomorrow maybe', 'latest draft looks ok to me', 'backup seems slow again?', 'progress is slow this week, sorry',
  '公众号今天不发了', '日报今天晚了点', 'API 那边又超时了吗', '分词还是有点怪', 'docker 又占满磁盘了', '测试又挂了一个',
];

const records = [];
let n = 0;
function add(dayAgo, text, extra = {}) {
  const ms = NOW - dayAgo * DAY - int(1, 14) * 3600_000 - int(0, 59) * 60_000;
  n++;
  records.push({ id: `noise-${String(n).padStart(4, '0')}`, time: iso(ms), text, ...extra });
}

const hermes = [
  () => [`[hermes] 日报流程 daily-digest 跑完，抓取 ${int(30, 120)} 篇，去重后 ${int(10, 40)} 篇，耗时 ${int(40, 300)}s`, { project: 'daily-digest' }],
  () => [`[hermes] cron 任务 backup-${pick(['photos', 'docs', 'db'])} 失败，原因：磁盘剩余不足 ${int(3, 9)}%，清理 /data/tmp 后重跑成功`, { project: 'backup' }],
  () => [`[hermes] 整理了${pick(TOPICS)}相关资料，存到 notes/${pick(['inbox', 'weekly', 'ref'])}/ 下面`, {}],
  () => { const s = pick(SERVICES); return [`[hermes] 部署 ${s.name} 到 staging，${s.name} 端口 ${s.port}，健康检查通过`, { project: s.project }]; },
  () => [`[hermes] 今天进展：${pick(TOPICS)} 完成 ${int(10, 90)}%，明天继续`, {}],
  () => [`[hermes] rss 源「${pick(SOURCES)}」超时，重试3次后跳过`, { project: 'daily-digest' }],
  () => [`[hermes] 周报已生成，发到飞书群，共 ${int(5, 15)} 条`, {}],
  () => { const s = pick(SERVICES); return [`[hermes] 检查了 ${s.name} 的日志，没有异常，内存占用 ${int(100, 900)}MB`, { project: s.project }]; },
  () => [`[hermes] workflow run #${int(100, 999)} ok, ${int(10, 80)} items processed in ${int(20, 200)}s`, { project: 'daily-digest' }],
  () => [`[hermes] 流程 publish-check 跑完：${int(1, 4)} 篇待发布，已提醒 openclaw`, {}],
  () => [`[hermes] backup job finished: ${int(2, 40)} GB copied to minio bucket ${pick(['docs-bak', 'db-bak'])}, took ${int(3, 50)} min`, { project: 'backup' }],
  () => [`[hermes] 磁盘清理：删了 /data/tmp 下 ${int(2, 30)}GB 的临时文件`, { project: 'backup' }],
];
const openclaw = [
  () => [`[openclaw] 公众号稿子《${pick(TITLES)}》初稿写完，${int(2000, 6000)}字，待配图`, { project: 'gzh' }],
  () => [`[openclaw] 《${pick(TITLES)}》二稿改了开头，删掉了${pick(['案例', '数据', '引言', '结尾'])}那段`, { project: 'gzh' }],
  () => [`[openclaw] 选题：${pick(TOPICS)}，素材在 drafts/ 里`, { project: 'gzh' }],
  () => [`[openclaw] 排版用 mdnice 主题 ${pick(['橙心', '极简黑', '山吹'])}，标题字号 ${int(17, 20)}px`, { project: 'gzh' }],
  () => [`[openclaw] 《${pick(TITLES)}》已发布，阅读 ${int(300, 9000)}，在看 ${int(3, 80)}`, { project: 'gzh' }],
  () => [`[openclaw] 进展：《${pick(TITLES)}》改到第 ${int(2, 6)} 稿`, { project: 'gzh' }],
  () => [`[openclaw] draft "${pick(['Agents that remember', 'Why RSS still matters', 'SQLite everywhere', 'Notes on local LLMs'])}" sent for review, ${int(1200, 3000)} words`, {}],
  () => [`[openclaw] 读者留言：问${pick(TOPICS)}怎么做，考虑写一篇`, { project: 'gzh' }],
  () => [`[openclaw] 配图用 ${pick(['midjourney', 'unsplash', '自己截图'])}，封面 ${pick(['横版', '方形'])}`, { project: 'gzh' }],
  () => [`[openclaw] 发布前检查：错别字 ${int(0, 6)} 处，链接 ${int(0, 3)} 个失效，已改`, { project: 'gzh' }],
];
const code = [
  () => { const s = pick(SERVICES); return [`[code] ${s.name} 端口 ${s.port}，配置在 docker-compose.yml`, { project: s.project }]; },
  () => { const s = pick(SERVICES); return [`[code] note: ${s.name} listens on port ${s.port} inside the compose network`, { project: s.project }]; },
  () => [`[code] 修了 ${pick(MODULES)} 的 bug：${pick(BUGS)}`, { project: pick(['optmem', 'blog-site', 'daily-digest']) }],
  () => { const [l, v] = pick(LIBS); return [`[code] 依赖 ${l} 的版本 ${v}，先不升级`, { project: 'optmem' }]; },
  () => [`[code] 跑测试 ${int(80, 300)} passed, ${int(0, 4)} failed，失败在 ${pick(MODULES)}`, { project: 'optmem' }],
  () => [`[code] PR #${int(10, 400)} merged: ${pick(['refactor', 'fix', 'feat'])}(${pick(MODULES)})`, { project: pick(['optmem', 'blog-site']) }],
  () => [`[code] 重构 ${pick(MODULES)}，拆成 ${int(2, 5)} 个文件，行数降了 ${int(10, 40)}%`, { project: 'optmem' }],
  () => [`[code] deploy of blog-site ok, build took ${int(30, 120)}s, ${int(100, 400)} pages`, { project: 'blog-site' }],
  () => [`[code] 数据库迁移脚本 migrations/${int(1, 40)}_${pick(['add_tags', 'index_time', 'drop_old'])}.sql 跑过了`, { project: 'blog-site' }],
  () => [`[code] benchmark: search p50 ${int(2, 9)}ms p99 ${int(10, 60)}ms at ${pick(['10k', '100k'])} records`, { project: 'optmem' }],
  () => [`[code] docker 镜像 ${pick(['blog', 'digest', 'optmem'])} 构建 ${int(1, 6)} 分钟，体积 ${int(80, 900)}MB`, {}],
  () => [`[code] 排查 API 超时：${pick(['上游限流', 'DNS 慢', '连接池太小'])}，已调整`, { project: pick(['daily-digest', 'blog-site']) }],
];

for (let d = DAYS; d >= 1; d--) {
  if (rand() < 0.75) { const [t, e] = pick(hermes)(); add(d, t, e); }
  if (rand() < 0.45) { const [t, e] = pick(hermes)(); add(d, t, e); }
  if (rand() < 0.55) { const [t, e] = pick(openclaw)(); add(d, t, e); }
  if (rand() < 0.8) { const [t, e] = pick(code)(); add(d, t, e); }
  if (rand() < 0.35) { const [t, e] = pick(code)(); add(d, t, e); }
  if (rand() < 0.6) {
    const topical = rand() < 0.4;
    const who = pick(['[hermes] ', '[openclaw] ', '[code] ', '']);
    const text = who + (topical ? pick(CHAT_TOPICAL) : rand() < 0.6 ? pick(CHAT_CN) : pick(CHAT_EN));
    add(d, text, rand() < 0.5 ? { tier: 'chatter' } : {});
  }
}
// A few real red lines and corrections of the noise's own, as a long-lived home would have.
add(170, '[code] 〔红线〕任何 API key、token 都不能写进仓库，只能放 .env 并加进 .gitignore', { project: 'optmem' });
add(150, '[openclaw] 〔红线〕不碰政治和医疗话题，读者问也不写', { project: 'gzh' });
add(120, '[code] 〔更正〕minio 的控制台端口是 9001，API 才是 9000，之前写混了', { project: 'backup' });
add(95, '[hermes] 〔更正〕周报不是周五发，是周日晚上发', {});

records.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
process.stdout.write(records.map((r) => JSON.stringify(r)).join('\n') + '\n');
