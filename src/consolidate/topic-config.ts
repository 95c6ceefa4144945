/**
 * What `optmem topics` files records under: the topics (name, title, match rules, domains) and the
 * budgets of the generated files. Pure: no fs, no SQLite. config.ts checks the user's `topics`
 * section and merges it over TOPICS_DEFAULTS; docs/CONSOLIDATION.md ("Topic files") and
 * docs/CONFIG.md describe every field.
 */

export interface TopicDef {
  /** file name without `.md` (`infra` → memory/infra.md): a lower-case word */
  name: string;
  /** heading of the topic's file and section (default: the name, capitalised) */
  title: string;
  /**
   * Keywords (compared in NFKC lower case; an English keyword matches whole words, with a plural
   * or -ed/-ing ending) or regular expressions written `/…/flags` (flags from `i`, `u`).
   */
  match: string[];
  /** only records of these domains (default: any domain, and none) */
  domains?: string[];
}

export interface TopicsConfig {
  /** the topics, in order (a tie in matched keywords goes to the earlier one) */
  list: TopicDef[];
  /** records that match no topic go to an `other` topic (default false: they go nowhere) */
  other: boolean;
  /** characters of MEMORY.md's generated block beyond the red lines (default 10 000; 1 000–1 000 000) */
  indexBudget: number;
  /** characters of a topic file's entries before the oldest go to its Archive section (default 20 000; 1 000–10 000 000) */
  topicBudget: number;
  /** at most this share of a topic's entries moves to the archive per day of the log (default 0.2; 0.01–1) */
  archiveShare: number;
}

export const TOPIC_NAME = /^[a-z][a-z0-9_-]{0,39}$/;
/** Names a topic may not take: the index file and the summaries folder share memory/. */
export const RESERVED_TOPIC_NAMES: readonly string[] = ['memory', 'summaries'];
export const OTHER_TOPIC = 'other';

const words = (s: string) => s.split(/\s+/).filter(Boolean);

export const DEFAULT_TOPICS: readonly TopicDef[] = [
  {
    name: 'infra',
    title: 'Infra',
    match: words(
      'server port deploy docker nginx backup tailscale dns firewall ssh vps cron systemd kubernetes k8s database postgres mysql redis domain certificate ssl proxy ' +
        '服务器 端口 部署 备份 防火墙 反代 代理 域名 证书 数据库 容器 集群 网络 定时任务 运维 内网 公网 磁盘',
    ),
  },
  {
    name: 'portfolio',
    title: 'Portfolio',
    match: words('stock share portfolio fund etf holding position 持仓 买入 卖出 基金 股票 仓位 加仓 减仓 清仓 止损 止盈 观察席 港股 美股 A股'),
  },
  {
    name: 'people',
    title: 'People',
    match: words('colleague contact teammate manager boss client customer friend 同事 联系人 负责人 经理 老板 客户 朋友 家人 领导 对接人'),
  },
  {
    name: 'services',
    title: 'Services',
    match: words('account subscription saas api webhook billing plan quota stripe github openai 账号 账户 订阅 接口 服务商 续费 套餐 额度 工作流 第三方'),
  },
  {
    name: 'rules',
    title: 'Rules',
    match: words('rule always never must style convention 规则 不要 必须 禁止 约定 准则 风格 规范 红线 一律 永远 不得 务必'),
  },
];

export const TOPICS_DEFAULTS: Readonly<TopicsConfig> = {
  list: DEFAULT_TOPICS as TopicDef[],
  other: false,
  indexBudget: 10_000,
  topicBudget: 20_000,
  archiveShare: 0.2,
};

export function defaultTitle(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A regular expression match item (`/…/flags`), or null for a keyword. */
export function parseRegexItem(item: string): RegExp | null {
  const m = /^\/(.+)\/([iu]*)$/s.exec(item);
  if (!m) return null;
  return new RegExp(m[1]!, m[2]!.includes('u') ? m[2] : m[2] + 'u');
}

/** Problems of one topics section, as "path: message" (empty when it is fine). */
export function checkTopics(list: TopicDef[], other: boolean): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  list.forEach((t, i) => {
    const at = `topics.list.${i}`;
    if (!TOPIC_NAME.test(t.name)) out.push({ path: `${at}.name`, message: `"${at}.name" must be a lower-case word (a letter, then letters, digits, _ or -; at most 40)` });
    else if (RESERVED_TOPIC_NAMES.includes(t.name)) out.push({ path: `${at}.name`, message: `"${at}.name": "${t.name}" is reserved (${RESERVED_TOPIC_NAMES.join(', ')})` });
    else if (t.name === OTHER_TOPIC && other) out.push({ path: `${at}.name`, message: `"${at}.name": "other" is the catch-all topic while "topics.other" is true` });
    else if (seen.has(t.name)) out.push({ path: `${at}.name`, message: `"${at}.name": topic "${t.name}" is listed twice` });
    seen.add(t.name);
    t.match.forEach((m, j) => {
      if (m.trim() === '') out.push({ path: `${at}.match.${j}`, message: `"${at}.match.${j}" must not be empty` });
      else if (m.startsWith('/')) {
        try {
          if (!parseRegexItem(m)) throw new Error('write it as /pattern/ or /pattern/i');
        } catch (e) {
          out.push({ path: `${at}.match.${j}`, message: `"${at}.match.${j}": not a regular expression: ${(e as Error).message}` });
        }
      }
    });
  });
  return out;
}
