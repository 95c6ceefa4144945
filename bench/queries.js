// The fixed query set: Chinese, English and mixed; 1–4 terms; common, rare and absent words.
// Hand-written ones first, then 1–4 words taken from records the generator writes (as an agent
// would ask about something it once noted), with a fixed seed.
import { generateJsonl, prng, VOCAB } from './gen.js';

const HAND = [
  // Chinese, common
  '端口', '公众号', '标题', '日志', '部署', '周报', '更正', '红线', '发版', '连接池',
  '公众号 标题', '端口 配置', '数据库 连接', '读者 反馈', '通知 渠道', '后端 端口',
  '会议纪要 决定', '定时任务 失败 重试', '封面图 生成', '初稿 字数',
  // English, common and specific
  'nginx', 'redis', 'docker compose', 'summary', 'handoff', 'commit', 'pool size', 'workflow',
  'react vite', 'ECONNREFUSED', 'OOMKilled', 'DATABASE_URL', 'config/server.yaml', '127.0.0.1',
  'typescript upgrade', 'review', 'Slack ops', 'Midjourney cover',
  // mixed
  'nginx 反代', 'redis 缓存', 'OpenClaw 大纲', 'claude-code handoff', 'vite 构建', 'docker 部署 端口',
  'postgres 主库 连接串', 'CI 超时', 'token 过期', 'pnpm dev 环境变量', '飞书群 通知', 'Canva 封面',
  // rare (a few records each) and absent (no record)
  'zephyr', '凤凰计划', 'kestrel', '灰度回滚', 'pgbouncer', '熔断器 限流阈值', 'wireguard tailscale',
  'kubernetes helm', '量子计算', 'blockchain 智能合约',
];

const GENERATED_POOL = [
  ...VOCAB.lib, ...VOCAB.job, ...VOCAB.task, ...VOCAB.topic, ...VOCAB.section, ...VOCAB.bug,
  '端口', '配置', '日志', '升级', '回退', '文章', '稿子', '通知', '重试', '数据', 'nginx', 'v2', '8080', '9090',
];

/** ~100 queries, always the same. */
export function benchQueries(seed = 7) {
  const r = prng(seed);
  const out = [...HAND];
  const notes = generateJsonl(400, seed).jsonl.trim().split('\n').map((l) => JSON.parse(l).text);
  for (const text of notes) {
    if (out.length >= 100) break;
    const present = GENERATED_POOL.filter((w) => text.includes(w));
    if (!present.length) continue;
    const n = Math.min(present.length, r.int(1, 4));
    const words = [];
    for (let i = 0; i < n; i++) words.push(r.pick(present));
    const q = [...new Set(words)].join(' ');
    if (!out.includes(q)) out.push(q);
  }
  return out;
}
