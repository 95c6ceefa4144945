// Deterministic synthetic memory: three agents' notes, Chinese first with English terms mixed in,
// spread over a year. Same seed, same records, on every machine (no downloads, no real data).

/** mulberry32: small, fast, good enough for synthetic text. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

export const VOCAB = {
  svc: ['后端', '网关', '订单服务', '支付服务', 'auth-service', 'api-gateway', '搜索服务', '推送服务', 'user-center', '报表服务', 'webhook 转发', '定时任务 worker'],
  lib: ['react', 'vite', 'typescript', 'node', 'prisma', 'nginx', 'redis', 'postgres', 'docker', 'pnpm', 'eslint', 'vitest', 'next.js', 'fastify', 'kafka', 'grpc'],
  symptom: ['构建变慢了一倍', '热更新失效', '类型检查报错', '内存占用涨到 2GB', '启动时报 ECONNREFUSED', '测试随机失败', 'CI 超时', '连接池耗尽', '日志里全是 warning', '打包体积变大'],
  path: ['config/server.yaml', 'deploy/docker-compose.yml', '.env.local', 'src/config/index.ts', 'infra/nginx.conf', 'k8s/values.yaml', 'scripts/release.sh', 'packages/api/.env', '/etc/systemd/system/app.service', 'ops/ansible/hosts.ini'],
  logpath: ['/var/log/app/error.log', 'logs/api.log', '/var/log/nginx/access.log', 'tmp/worker.log', '~/.pm2/logs/app-out.log'],
  env: ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'API_TOKEN', 'LOG_LEVEL', 'HTTP_PROXY', 'PORT'],
  db: ['postgres 主库', 'redis 缓存', 'mysql 从库', 'sqlite 本地库', 'clickhouse 报表库', 'mongodb 日志库'],
  bug: ['时区换算错误', '分页少一条', '并发写冲突', '重复扣款', 'token 过期不刷新', '中文文件名乱码', '空指针', '缓存穿透'],
  cmd: ['pnpm dev', 'npm run build', 'docker compose up', 'make test', 'cargo run', 'pytest -x', 'npx prisma migrate dev'],
  job: ['日报汇总', '数据备份', '邮件摘要', '工单同步', '周报生成', '日志清理', 'RSS 抓取', '账单对账'],
  channel: ['飞书群', 'Slack #ops', '企业微信', '邮件', 'Telegram bot', '钉钉'],
  person: ['小王', '老李', 'Alice', '张工', 'Bob', '陈经理', '阿杰'],
  agent: ['claude-code', 'openclaw', 'codex', 'hermes'],
  task: ['接口联调', '迁移脚本', '文档整理', '数据清洗', '发版检查', '监控告警配置', '权限梳理'],
  topic: ['AI 编程', '远程办公', '效率工具', '开源项目', '个人知识管理', '大模型评测', '独立开发', '产品设计'],
  decision: ['下周二前上线', '先做 MVP', '砍掉导出功能', '改用 PostgreSQL', '推迟到 Q3', '每周一对齐一次'],
  reason: ['跟备份任务冲突', '服务器负载太高', '时区不对', '上游接口限流', '对方要求'],
  cron: ['0 3 * * *', '*/15 * * * *', '30 8 * * 1-5', '0 0 * * 0', '0 */6 * * *'],
  title: ['我用 AI 写代码的一年', '为什么我放弃了 Notion', '独立开发者的第一笔收入', 'Cursor 使用心得', '如何搭建个人知识库', '开源项目的冷启动', '大模型时代的写作'],
  hook: ['一个反问句', '一个数字', '一段对话', '一个失败的故事', '读者留言'],
  section: ['案例', '数据', '引用来源', '小结', '配图说明', 'FAQ'],
  feedback: ['太长了', '例子不够', '标题党', '干货很多', '排版乱', '想看更多代码'],
  asset: ['截图', '代码片段', '流程图', '对比表格', 'GIF 演示'],
  weekday: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
  clock: ['早上8点', '上午10点', '中午12点', '下午3点', '晚上9点'],
  imgtool: ['Midjourney', 'DALL-E', '稿定设计', 'Canva', 'Excalidraw'],
  step: ['单元测试', 'code review', '回归测试', '上线审批', '数据校验'],
  tail: ['，记得同步给团队', '，下次别忘了', '，详见 wiki', ' (已验证)', '，以后都按这个来', '，这条很重要', ' TODO: 补文档', '，和上次一样', '，别再踩坑了', '，参考 README'],
  secret: ['.env 文件', 'API key', '数据库密码', 'SSH 私钥', 'access token'],
  forbidden: ['竞品名字', '未经核实的数据', '政治话题', '读者的真实姓名'],
  // Rare words: each appears in a small share of records, so some queries hit only a few.
  rare: ['zephyr', '凤凰计划', 'kestrel', '灰度回滚', 'pgbouncer', '熔断器', 'wireguard', '蓝绿部署', 'tailscale', '限流阈值'],
};

const V = VOCAB;
const port = (r) => String(r.pick([3000, 3001, 4000, 5173, 5432, 6379, 8000, 8080, 8443, 9000, 9090, 27017]));
const ver = (r) => `${r.int(1, 20)}.${r.int(0, 12)}.${r.int(0, 9)}`;
const hash = (r) => r.int(0, 0xfffffff).toString(16).padStart(7, '0');

const TEMPLATES = {
  hermes: [
    (r) => `每天${r.pick(V.clock)}跑一次${r.pick(V.job)}，失败时通过${r.pick(V.channel)}通知，重试${r.int(2, 5)}次`,
    (r) => `${r.pick(V.person)}的${r.pick(V.job)}流程：先从 ${r.pick(V.db)} 拉数据，再生成 summary，最后发到${r.pick(V.channel)}`,
    (r) => `handoff 给 ${r.pick(V.agent)}：${r.pick(V.task)}还差${r.pick(V.step)}，明天继续`,
    (r) => `会议纪要：讨论${r.pick(V.task)}，决定${r.pick(V.decision)}，owner 是${r.pick(V.person)}`,
    (r) => `cron 任务「${r.pick(V.job)}」改到 ${r.pick(V.cron)}，原因是${r.pick(V.reason)}`,
    (r) => `workflow: ${r.pick(V.task)} 做完后自动触发 ${r.pick(V.job)}，结果贴到${r.pick(V.channel)}`,
  ],
  code: [
    (r) => `${r.pick(V.svc)}的端口是${port(r)}，配置在 ${r.pick(V.path)}`,
    (r) => `${r.pick(V.lib)} 升级到 v${ver(r)} 之后${r.pick(V.symptom)}，回退到 v${ver(r)} 解决`,
    (r) => `本地跑 ${r.pick(V.cmd)} 前要先设 ${r.pick(V.env)}，否则${r.pick(V.symptom)}`,
    (r) => `${r.pick(V.svc)}的日志在 ${r.pick(V.logpath)}，出错先看 ${r.pick(['500', 'ETIMEDOUT', 'OOMKilled', 'ECONNRESET', '502 Bad Gateway'])}`,
    (r) => `${r.pick(V.db)}的连接串在 ${r.pick(V.path)}，pool size 设为${r.int(5, 50)}`,
    (r) => `修复了${r.pick(V.svc)}里的${r.pick(V.bug)}，commit ${hash(r)}，影响 v${ver(r)}`,
    (r) => `${r.pick(V.svc)} 部署在 127.0.0.1:${port(r)}，前面是 nginx 反代，用 ${r.pick(V.lib)} 打包`,
  ],
  openclaw: [
    (r) => `公众号文章《${r.pick(V.title)}》的标题不超过${r.int(15, 30)}个字，开头用${r.pick(V.hook)}`,
    (r) => `写${r.pick(V.topic)}类稿子时先列大纲，再让 OpenClaw 补充${r.pick(V.section)}`,
    (r) => `读者反馈${r.pick(V.feedback)}，下次${r.pick(V.topic)}的文章要多放${r.pick(V.asset)}`,
    (r) => `发布时间定在${r.pick(V.weekday)}${r.pick(V.clock)}，封面图用 ${r.pick(V.imgtool)} 生成`,
    (r) => `《${r.pick(V.title)}》初稿完成，字数 ${r.int(1500, 6000)}，待 review 的是${r.pick(V.section)}部分`,
  ],
};

const CORRECTIONS = {
  hermes: (r) => `〔更正〕${r.pick(V.job)}的通知渠道改为${r.pick(V.channel)}，之前记的作废`,
  code: (r) => `〔更正〕${r.pick(V.svc)}的端口已从${port(r)}改为${port(r)}，之前记的作废`,
  openclaw: (r) => `〔更正〕公众号标题上限是${r.int(15, 30)}个字，不是之前写的${r.int(31, 40)}个`,
};

const REDLINES = {
  hermes: (r) => `〔红线〕不要在${r.pick(V.weekday)}下午发版，出事没人值班`,
  code: (r) => `〔红线〕绝不要把${r.pick(V.secret)}提交到仓库`,
  openclaw: (r) => `〔红线〕文章里不能出现${r.pick(V.forbidden)}`,
};

const DOMAINS = ['hermes', 'code', 'openclaw'];
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const YEAR_START = Date.parse('2025-06-01T00:00:00+08:00');
const YEAR_MS = 365 * 24 * 3600 * 1000;

function idOf(ms, r) {
  let t = ms;
  let s = '';
  for (let i = 0; i < 10; i++) {
    s = ALPHABET[t % 32] + s;
    t = Math.floor(t / 32);
  }
  for (let i = 0; i < 6; i++) s += ALPHABET[r.int(0, 31)];
  return s;
}

function isoPlus8(ms) {
  return new Date(ms + 8 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, '+08:00');
}

/** Text between 40 and 150 characters: tail clauses pad short ones, long ones are cut. */
function fitLength(text, r) {
  let t = text;
  while ([...t].length < 40) t += r.pick(V.tail);
  if ([...t].length > 150) t = [...t].slice(0, 149).join('') + '…';
  if (r.chance(0.3)) {
    const extra = r.pick(V.tail);
    if ([...t].length + [...extra].length <= 150) t += extra;
  }
  return t;
}

/**
 * `n` records as JSONL (one import call's input), times spread over a year, written in time
 * order. About 4% are 〔更正〕 corrections (70% naming the record they correct; all of them with
 * `namedCorrections`, which draws the same random numbers, so the texts stay identical), 0.5% 〔红线〕.
 */
export function generateJsonl(n, seed = 20260529, { namedCorrections = false } = {}) {
  const r = prng(seed);
  const times = Array.from({ length: n }, () => YEAR_START + Math.floor(r.next() * YEAR_MS));
  times.sort((a, b) => a - b);
  const recent = { hermes: [], code: [], openclaw: [] };
  const lines = new Array(n);
  let chars = 0;
  for (let i = 0; i < n; i++) {
    const domain = r.pick(DOMAINS);
    const ms = times[i];
    const id = idOf(ms, r);
    const roll = r.next();
    const rec = { id, time: isoPlus8(ms), text: '' };
    let body;
    if (roll < 0.005) body = REDLINES[domain](r);
    else if (roll < 0.045) {
      body = CORRECTIONS[domain](r);
      const prev = recent[domain];
      if (prev.length) {
        const named = r.chance(0.7);
        const target = prev[r.int(0, prev.length - 1)];
        if (named || namedCorrections) rec.corrects = [target];
      }
    } else {
      body = r.pick(TEMPLATES[domain])(r);
      // Some notes run on: a second sentence from the same agent.
      if (r.chance(0.35)) body += '；' + r.pick(TEMPLATES[domain])(r);
    }
    if (r.chance(0.002)) body += `，相关：${r.pick(V.rare)}`;
    rec.text = `[${domain}] ${fitLength(body, r)}`;
    chars += rec.text.length;
    if (r.chance(0.1)) rec.tags = [r.pick(['ops', 'writing', 'backend', 'infra', 'todo', 'weekly'])];
    if (r.chance(0.5)) rec.source = { agent: domain === 'code' ? 'claude-code' : domain };
    const list = recent[domain];
    list.push(id);
    if (list.length > 50) list.shift();
    lines[i] = JSON.stringify(rec);
  }
  return { jsonl: lines.join('\n') + '\n', chars };
}
