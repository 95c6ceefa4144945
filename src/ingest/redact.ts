import type { Redaction } from './types.js';

/**
 * Secrets out of a text before it is written to memory. Every rule is anchored on something a
 * secret carries (a vendor prefix, a `password=` label, a `user:pass@` in a URL, a PEM armour), never
 * on entropy alone: git SHAs, UUIDs, content hashes, ports, hosts and paths are ordinary text here and
 * stay as they are. Each secret becomes `[REDACTED:kind]`; the text around it is kept byte for byte.
 *
 * Rules run in order, most specific first, so a key inside `OPENAI_API_KEY=sk-…` is counted once
 * (as an api-key) and the generic `NAME=value` rule then sees an already-redacted value and skips it.
 */

/** One rule: what to find, and which part of the match is the secret (the whole match by default). */
interface Rule {
  kind: string;
  re: RegExp;
  /** replace only this capture group (0: the whole match), keep the rest of the match */
  group?: number;
  /** a last look at the secret (and the whole match) before it is replaced */
  accept?: (secret: string, match: RegExpExecArray) => boolean;
}

const hasDigit = (s: string) => /\d/.test(s);

/** Schemes whose `user:pass@` is a database or broker credential rather than a web login. */
const DB_SCHEMES =
  'postgres|postgresql|mysql|mariadb|mongodb(?:\\+srv)?|redis|rediss|amqp|amqps|mssql|sqlserver|oracle|clickhouse|cockroachdb|neo4j(?:\\+s)?|bolt|nats|kafka|mqtt|ldap|ldaps|couchdb|cassandra|elasticsearch|jdbc:[a-z]+';

// Values that stand for a secret without being one: left alone.
const PLACEHOLDER =
  /^(?:<[^>]*>|\$\{?[\w.:-]+\}?|\{\{.*\}\}|%[\w]+%|x{3,}|X{3,}|\*{3,}|\.{3}|…+|your[_-]?\S*|(?:xxx|my|the)[_-]\S*|replace[_-]?me|placeholder|example|dummy|null|none|nil|undefined|true|false|yes|no|on|off|empty|required|optional|string|hidden|masked|unset|unchanged|same|see|wrong|incorrect|invalid|expired|tbd|todo|process\.env\.\S*|os\.environ\S*|os\.getenv\S*|env\(\S*|secrets\.\S*|vault:\S*|\[REDACTED:[^\]]*\].*|Bearer|Basic|Token|Digest)$/i;

/** A label that says the value after it is a secret: `api_key`, `DB_PASSWORD`, `client-secret`, `X-Api-Key`. */
const SECRET_NAME =
  /(?:api|access|secret|private|signing|encryption|master|app|client|consumer|license|service|admin|auth|subscription|x)key$|(?:^|secret|client|app|consumer|webhook|jwt|session|cookie|signing|shared)secret$|token$|password$|passwd$|passphrase$|passcode$|pwd$|(?:^|db|database|user|admin|root|mysql|pg|redis|smtp|mail|ftp|ssh)pass$|credentials?$|authorization$|^auth$/;
/** Labels whose values may be short or numeric: passwords and the like. */
const PASSWORD_NAME = /pass(?:word|wd|phrase|code)?$|pwd$/;

function genericValueOk(name: string, value: string): boolean {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!SECRET_NAME.test(n)) return false;
  const v = value.trim();
  if (!v || PLACEHOLDER.test(v)) return false;
  // Paths and plain URLs name where a secret lives, not the secret (credentials files, key files).
  if (/^(?:~|\.{0,2}\/|[A-Za-z]:\\)/.test(v) || /^[a-z][a-z0-9+.-]*:\/\/[^@\s]*$/i.test(v)) return false;
  if (PASSWORD_NAME.test(n)) return v.length >= 3;
  // Keys and tokens are long: `max_token: 4096` and `token: abc` are not secrets.
  return v.length >= 8 && !/^\d{1,12}$/.test(v);
}

const VALUE = `(?:"([^"\\n]*)"|'([^'\\n]*)'|\`([^\`\\n]*)\`|([^\\s"'\`,;&<>，。；、]+))`;

const RULES: Rule[] = [
  // PEM / OpenSSH / PGP private keys, including a block pasted without its END line.
  {
    kind: 'private-key',
    re: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END \1PRIVATE KEY(?: BLOCK)?-----|(?=\n\s*\n)|$)/g,
    group: 0,
  },
  // Connection strings: only the password goes, user, host, port and database stay.
  { kind: 'connection-string', re: new RegExp(`\\b(?:${DB_SCHEMES}):\\/\\/[^\\s:/@'"[\\]]*:([^\\s@/'"]+)@`, 'gi'), group: 1 },
  // Any other URL with a password in it (https://user:pass@host, ftp://…).
  { kind: 'password', re: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"[\]]+:([^\s@/'"[\]]+)@/gi, group: 1 },
  // Webhooks whose path is the secret.
  { kind: 'webhook', re: /\bhttps:\/\/hooks\.slack\.com\/services\/([A-Za-z0-9/_-]{20,})/g, group: 1 },
  { kind: 'webhook', re: /\bhttps:\/\/(?:discord(?:app)?\.com)\/api\/webhooks\/(\d+\/[A-Za-z0-9_-]{20,})/g, group: 1 },
  {
    kind: 'webhook',
    re: /\bhttps:\/\/(?:open\.feishu\.cn|open\.larksuite\.com)\/open-apis\/bot\/v2\/hook\/([A-Za-z0-9-]{16,})/g,
    group: 1,
  },
  { kind: 'webhook', re: /\bhttps:\/\/qyapi\.weixin\.qq\.com\/cgi-bin\/webhook\/send\?key=([A-Za-z0-9-]{16,})/g, group: 1 },
  { kind: 'webhook', re: /\bhttps:\/\/oapi\.dingtalk\.com\/robot\/send\?access_token=([A-Za-z0-9]{16,})/g, group: 1 },
  // JSON Web Tokens: three base64url parts, the first two JSON objects ("eyJ").
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // Vendor keys, by their prefixes.
  { kind: 'api-key', re: /\bsk-ant-[A-Za-z0-9_-]{20,}/g }, // Anthropic
  { kind: 'api-key', re: /\bsk-(?:proj|svcacct|admin|or-v1)-[A-Za-z0-9_-]{20,}/g }, // OpenAI project/service, OpenRouter
  { kind: 'api-key', re: /\bsk-[A-Za-z0-9]{20,}(?![\w-])/g, accept: hasDigit }, // OpenAI legacy, DeepSeek, Moonshot, DashScope
  { kind: 'api-key', re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g }, // Stripe secret / restricted
  { kind: 'api-key', re: /\bwhsec_[A-Za-z0-9]{20,}/g }, // Stripe webhook signing secret
  { kind: 'api-key', re: /\bAIza[0-9A-Za-z_-]{35}/g }, // Google
  { kind: 'api-key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g }, // AWS access key id
  { kind: 'api-key', re: /\bLTAI[A-Za-z0-9]{12,24}\b/g }, // Alibaba Cloud AccessKey id
  { kind: 'api-key', re: /\bhf_[A-Za-z0-9]{30,}/g }, // Hugging Face
  { kind: 'api-key', re: /\bgsk_[A-Za-z0-9]{30,}/g }, // Groq
  { kind: 'api-key', re: /\bxai-[A-Za-z0-9]{30,}/g }, // xAI
  { kind: 'api-key', re: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g }, // SendGrid
  { kind: 'token', re: /\bgh[pousr]_[A-Za-z0-9]{30,}/g }, // GitHub
  { kind: 'token', re: /\bgithub_pat_[A-Za-z0-9_]{40,}/g },
  { kind: 'token', re: /\bglpat-[A-Za-z0-9_-]{20,}/g }, // GitLab
  { kind: 'token', re: /\bnpm_[A-Za-z0-9]{36}\b/g }, // npm
  { kind: 'token', re: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g }, // Slack
  { kind: 'token', re: /\bxapp-\d-[A-Za-z0-9-]{10,}/g },
  { kind: 'token', re: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g }, // Telegram bot
  // HTTP authorization headers.
  { kind: 'token', re: /\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g, group: 1 },
  { kind: 'password', re: /\bBasic\s+([A-Za-z0-9+/]{12,}={0,2})(?![\w+/=])/g, group: 1 },
  // AWS secret access key: 40 base64 characters after its label, with or without the label's quotes.
  {
    kind: 'api-key',
    re: /\baws_secret_access_key["']?\s*[=:]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    group: 1,
  },
  // Command-line flags: --password xxx, --token=xxx, mysql -pSecret.
  {
    kind: 'password',
    re: /(?<![\w-])--(?:password|passwd|db-password|pass)(?:=|\s+)(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"']+))/gi,
    accept: (v) => !PLACEHOLDER.test(v),
  },
  {
    kind: 'token',
    re: /(?<![\w-])--(?:token|api-key|apikey|secret|access-token|auth-token)(?:=|\s+)(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"']+))/gi,
    accept: (v) => v.length >= 8 && !PLACEHOLDER.test(v),
  },
  { kind: 'password', re: /\bmysql(?:dump|admin)?\b[^\n]*?\s-p([^\s-][^\s]*)/g, group: 1 },
  // Chinese labels: 密码是…, 口令：…, 密钥为…; the value is the ASCII run after the label.
  {
    kind: 'password',
    re: /(?:密码|口令|登录密码|管理员密码|支付密码)\s*(?:是|为|:|：|=|改成了?|改为|设为|设置为|设成了?)\s*["'`“「]?([\x21-\x7e]+?)["'`”」]?(?=$|[\s，。；、,;）)]|[\u3400-\u9fff])/gm,
    group: 1,
    accept: (v) => !PLACEHOLDER.test(v),
  },
  {
    kind: 'token',
    re: /(?:密钥|秘钥|私钥|令牌|访问令牌|授权码|Token|token|Key|key)\s*(?:是|为|：|改成了?|改为|设为)\s*["'`“「]?([\x21-\x7e]{8,}?)["'`”」]?(?=$|[\s，。；、,;）)]|[\u3400-\u9fff])/gm,
    group: 1,
    accept: (v) => !PLACEHOLDER.test(v) && !/^\d+$/.test(v),
  },
  // English prose: "the password is hunter2".
  {
    kind: 'password',
    re: /\b(?:password|passphrase|passcode)\s+(?:is|was|=|is now|now is|changed to|set to)\s+(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"',;]+))/gi,
    accept: (v, m) => !PLACEHOLDER.test(v) && (m[1] !== undefined || m[2] !== undefined || /[\d\W_]/.test(v.replace(/[.,;:!?)]+$/, ''))),
  },
  // NAME=value, NAME: value, "name": "value", name => value (env files, YAML, JSON, headers, query strings).
  {
    kind: 'secret',
    re: new RegExp(
      `(?<![\\w.-])(["']?)((?:export\\s+)?[A-Za-z][\\w.-]*)\\1[ \\t]*(?:=>|=|:(?!\\/\\/))[ \\t]*${VALUE}`,
      'gm',
    ),
  },
];

/** Replaces every secret the rules find with `[REDACTED:kind]`; the rest of the text is untouched. */
export function redact(text: string): Redaction {
  let out = text;
  let count = 0;
  const kinds: string[] = [];
  for (const rule of RULES) {
    const re = new RegExp(rule.re.source, rule.re.flags.includes('d') ? rule.re.flags : rule.re.flags + 'd');
    const cuts: { start: number; end: number; kind: string }[] = [];
    for (const m of out.matchAll(re)) {
      const cut = secretSpan(rule, m);
      if (cut) cuts.push(cut);
    }
    // Replace from the end so earlier offsets stay valid.
    for (const c of cuts.reverse()) {
      out = out.slice(0, c.start) + `[REDACTED:${c.kind}]` + out.slice(c.end);
      count++;
    }
    for (const c of cuts.reverse()) if (!kinds.includes(c.kind)) kinds.push(c.kind);
  }
  return { text: out, count, kinds };
}

/** Where the secret of one match lies (and its kind), or null when the rule declines it. */
function secretSpan(rule: Rule, m: RegExpMatchArray): { start: number; end: number; kind: string } | null {
  const idx = m.indices!;
  let g: number;
  if (rule.kind === 'secret') g = firstDefined(m, 3);
  else if (rule.group !== undefined) g = rule.group;
  else if (m.length > 1) g = firstDefined(m, 1); // alternative value groups: quoted or bare
  else g = 0;
  const span = idx[g];
  if (g < 0 || !span) return null;
  let secret = m[g]!;
  let [start, end] = span;
  // Sentence punctuation after a bare value belongs to the sentence, not to the secret.
  if (g > 0 && m.length > 1 && isBare(rule, g, m.length)) {
    const t = secret.replace(/[.,;:)\]}]+$/, '');
    end -= secret.length - t.length;
    secret = t;
  }
  if (!secret || secret.startsWith('[REDACTED:')) return null;
  let kind = rule.kind;
  if (rule.kind === 'secret') {
    const name = (m[2] ?? '').replace(/^export\s+/, '');
    if (!genericValueOk(name, secret)) return null;
    kind = kindOfName(name);
  } else if (rule.accept && !rule.accept(secret, m as RegExpExecArray)) return null;
  return { start, end, kind };
}

function firstDefined(m: RegExpMatchArray, from: number): number {
  for (let i = from; i < m.length; i++) if (m[i] !== undefined) return i;
  return -1;
}

/** The last alternative of a value is the unquoted one, which may have picked up trailing punctuation. */
function isBare(rule: Rule, g: number, len: number): boolean {
  return (rule.kind === 'secret' || rule.group === undefined) && g === len - 1;
}

function kindOfName(name: string): string {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (PASSWORD_NAME.test(n)) return 'password';
  if (/token$|authorization$|^auth$/.test(n)) return 'token';
  if (/key$/.test(n)) return 'api-key';
  return 'secret';
}
