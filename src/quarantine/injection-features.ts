import { normalizeForScan } from './normalize.js';

/**
 * What the learned injection scorer reads (injection-model.ts): hashed character n-grams of the
 * scanner's normalized text (normalize.ts: folded, lower case, no zero-width characters, one space
 * for any whitespace run) — 1 to 3 characters inside runs of Chinese characters, 3 to 5 inside runs
 * of anything else, padded with a space so word starts and ends count — and Latin-letter words and
 * pairs of adjacent words, all scaled to unit length so a
 * long text weighs no more than a short one; plus a few structural signs (below) that n-grams see
 * poorly. A sparse vector: bucket indexes and values.
 */
export interface InjectionFeatures {
  index: number[];
  value: number[];
}

/**
 * Cue families, each a word list in Chinese and English. A family present is one feature, and so is
 * every pair of families present together: an injection is a combination (an instruction aimed at
 * the model + weakening a safeguard, a secret + sending it somewhere), and a linear model over
 * n-grams alone cannot read a combination. The lists name the families; the weights are learned.
 */
const CUES: [string, RegExp][] = [
  ['model', /\b(?:you|your|yourself|ai|assistant|model|llm|gpt|chatgpt|agents?|bot|claude|copilot)\b|你|您|助手|助理|模型|智能体|机器人/],
  ['future', /\b(?:from now on|always|every time|whenever|next time|future|going forward|henceforth|from here on|permanent(?:ly)?|for all)\b|以后|今后|从现在|从今|从此|下次|下回|每次|每当|往后|之后|永久|一直|长期/],
  ['override', /\b(?:ignore|disregard|forget|override|overrides|supersede|supersedes|outrank|outranks|precedence|revoked?|void|obsolete|no longer|instead of|replace[sd]?|reset|cancel(?:led)?)\b|忽略|忽视|无视|不用管|别管|不要管|作废|失效|不算数|撤销|覆盖|优先|为准|取代|替代|废除|解除|过期|重置|忘掉|忘记|推翻/],
  ['safeguard', /\b(?:rules?|restrictions?|guardrails?|filters?|checks?|reviews?|approvals?|confirm(?:ation)?|quarantine|red lines?|safety|guidelines?|polic(?:y|ies)|instructions?|limits?|ethics?|censor\w*|moderation|audit)\b|规则|限制|约束|红线|安全|审核|审批|确认|检查|隔离|策略|政策|指令|指示|设定|道德|审查|过滤|规矩|准则|底线|批准/],
  ['weaken', /\b(?:skip|bypass|disable[sd]?|without (?:asking|confirmation|approval|review)|no need|don't ask|do not ask|turn(?:ed)? off|switched off|unconditionally|automatically|auto-approve|never refuse)\b|不用|无需|不必|跳过|绕过|关闭|取消|禁用|直接|无条件|一律|不需要|免|放行|不要拒绝|别拒绝/],
  ['secrecy', /\b(?:silently|quietly|secretly|covertly|don't tell|do not tell|without telling|hide|hidden|keep (?:it|this) (?:secret|between)|secret from|don't mention|do not mention|never mention|don't let|behind)\b|别告诉|不要告诉|不用告诉|不告诉|不要提|别提|别跟|不要跟|别说|不要说|对谁都|悄悄|偷偷|私下|瞒着|不要让|别让|不让|隐藏|不动声色|暗中|不必告知|无需告知/],
  ['secret', /\b(?:passwords?|passwd|secrets?|tokens?|cookies?|credentials?|api[ _-]?keys?|private keys?|ssh|\.env|id_rsa|id_ed25519|session|otp|verification codes?|bank|card numbers?|history|contacts|netrc|authorized_keys|app ?secret|secret_key|access_key)\b|密码|密钥|私钥|token|cookie|凭证|凭据|api ?key|\.env|ssh|\.netrc|authorized_keys|appsecret|聊天记录|对话记录|记忆库|全部记忆|所有记忆|通讯录|验证码|银行卡|身份证|账号/],
  ['send', /\b(?:post|upload|send|forward|exfiltrate|curl|wget|webhook|paste(?:bin)?|e-?mail (?:it|them|to)|cc|copy (?:it|them) to|sync (?:it|them) to|transfer)\b|发到|发给|发送|上传|转发|同步到|抄送|贴到|贴给|传到|导出|打包|推送|外发/],
  ['authority', /\b(?:system|admin|administrator|developer|platform|official|operator|root|superuser|security team|it department|management|ceo|cto|owner)\b|系统|管理员|管理层|官方|开发者|开发人员|安全团队|平台|root|最高权限|老板|上级|领导|总部|运维部|主人/],
  ['exec', /\b(?:execute|run|install|invoke|eval|exec|shell|bash|sh|powershell|sudo|rm -rf|chmod|crontab|reverse shell|nc -e)\b|执行|运行|调用|安装|命令|脚本|提权/],
  ['persona', /\b(?:pretend|act as|you are now|you're now|persona|role ?play|mode|jailbreak|jailbroken|dan|unrestricted|unfiltered|uncensored|no limits|character)\b|扮演|身份|角色|模式|你是|你现在是|越狱|无限制|不受限制|没有限制|人设/],
  ['memory', /\b(?:remember|store|save|memorize|persist|keep in mind|note to|memo|record this|long-term memory|memory)\b|记住|记下|记一下|存一下|存进|保存|写进|写入|记忆|备忘|存档|牢记|记牢|录入/],
  ['url', /\bhttps?:\/\/|\bwww\.|[\w.-]{1,40}@[\w-]{1,40}\.[a-z]{2,6}\b/],
  ['claim', /\b(?:actually|in fact|real (?:job|task|guidance|instructions?|rules?)|new (?:rules?|standing order|guidance|policy|instructions?)|was a test|were a test|just a test|only a test|takes? priority|more authoritative|wins)\b|其实|实际上|真正的|真实的|真实任务|更权威|以我为准|为准|视为|等同于|出厂设置|新的规则|新规则|新策略|测试用|只是测试|最高优先级|优先级最高/],
  ['deceive', /\b(?:lie|lies|pretend|fake|make up|made up|even when|even if it|say no|claim that|mislead|wrong on purpose)\b|故意|说错|假装|编造|谎|欺骗|骗|不管实际|照常记录|冒充|伪装/],
  ['destroy', /\b(?:delete|deletes|wipe|erase|drop|truncate|remove all|rm -rf|destroy|purge|format)\b|删|清空|注释掉|销毁|格式化|抹掉|清除/],
  ['permission', /\b(?:approve[sd]?|approval|permission|permissions|consent(?:ed)?|authori[sz]e[sd]?|grant(?:ed)?|privileges?|elevate)\b|权限|授权|批准|同意|放行|提权|升级为/],
  ['relay', /\b(?:(?:owner|user|boss|admin) (?:approved|said|says|wants|agreed|confirmed|asked)|relayed|on the phone|message from the owner|owner preference|my rule)\b|主人说|主人口述|主人同意|主人让|本人确认|老板说|老板让|转达|代为|交接/],
  ['quoting', /\b(?:attackers?|attacks?|injections?|jailbreaks?|examples?|e\.g\.|draft|blog|novel|story|chapter|script|quotes?|quoted|documentation|write-?up|slide|training|for instance)\b|攻击者|攻击|注入|越狱|示例|例子|例如|比如|草稿|文章|小说|剧本|章|引用|文档|说明|存档|培训|话术|样本/],
  ['trigger', /\b(?:when you see|whenever|if anyone|if someone|when (?:the )?user says|once you|as soon as|each time)\b|看到|有人问|有人提到|一旦|只要|每当|遇到|碰到|凡是/],
  // What a quiet injection changes rather than what it says: a safeguard by name, an exposure, money
  // and who receives it, keeping the user out, trust handed to someone, spreading to other notes.
  ['guard-object', /\b(?:2fa|two-factor|mfa|signatures?|selinux|firewall|antivirus|masking|auth|authentication|tls|ssl|certificates?|verify|verification|gpg|audit|logs?|logging|backups?|code reviews?|scans?|scanning|sandbox|encryption|rate limits?)\b|两步验证|二次验证|双因素|签名|校验|防火墙|杀毒|脱敏|鉴权|认证|证书|审计|日志|备份|评审|扫描|沙箱|加密|风控|验证码/],
  ['exposure', /\b(?:plain ?text|cleartext|public(?:ly)?|world-readable|0\.0\.0\.0(?:\/0)?|chmod 777|--insecure|verify=false|--no-verify|no-verify|disable[sd]? (?:verification|validation)|unauthenticated|anonymous(?:ly)?)\b|明文|公开|公网|不校验|不验证|免密|匿名|所有人可见|任何人都/],
  ['money', /\b(?:bank|iban|routing|beneficiary|payee|wallet|invoices?|wire|payments?|refunds?|coupons?|discount|paypal|alipay|crypto|bitcoin|usdt)\b|收款|账户|户名|银行|打款|转账|汇款|代付|付款|支付|钱包|发票|对公|退款|折扣|优惠|稿费|报销|充值/],
  ['conceal-user', /\b(?:doesn't need to know|don't need to know|no need to tell|omit|skip the part|leave out|don't bring (?:it|this) up|not mention|without mentioning|keep (?:the )?user out)\b|不需要知道|不用讲|不用展开|略过|省略|不要告知|别说是|不用提|不必提|不用说|别声张|不要声张/],
  ['trust-grant', /\b(?:trust(?:ed)?|whitelist(?:ed)?|allowlist(?:ed)?|as if (?:they|it) came from|as the owner|same as the owner|vouched|pre-approved|implicitly)\b|信任|可信|白名单|本人对待|视同|当作主人|自己人|要什么就给什么|免审|默认同意/],
  ['spread', /\b(?:other agents?|all agents?|every agent|every (?:new )?(?:note|memory|file|readme|article|reply)|each (?:note|reply|article)|propagate|spread|pass (?:it|this) on)\b|其他\s?agent|所有\s?agent|别的\s?agent|每条|每篇|每个|同步给|告诉它们|所有智能体|其他智能体|写文章的那个|写代码的那个|传播|转告/],
];

/** The structural signs, each 0 or 1, after the n-gram buckets in the weight vector. */
export const STRUCTURAL = [
  'second-person',
  'addresses-model',
  'imperative-to-model',
  'url',
  'url-data-placeholder',
  'role-marker',
  'encoded-blob',
  'hidden-characters',
  'decoded-text',
  'risky-command',
  'public-ip',
  'spaced-or-reversed',
  ...CUES.map(([name]) => `cue:${name}`),
  ...CUES.flatMap(([a], i) => CUES.slice(i + 1).map(([b]) => `cue:${a}+${b}`)),
];

const SECOND_PERSON = /\b(?:you|your|yours|yourself|u)\b|你|您/;
const MODEL = /\b(?:ai|assistant|model|llm|gpt|chatgpt|agent|bot|claude|copilot|system)\b|助手|模型|智能体|机器人|大模型|系统/;
const IMPERATIVE = /\b(?:must|always|never|from now on|shall|do not|don't|you will|you are to|you should|henceforth)\b|必须|务必|一律|从现在起|从现在开始|今后|以后|永远|不得|不要|不准|一定要|请/;
const URL = /\bhttps?:\/\//;
const URL_PLACEHOLDER = /\bhttps?:\/\/[^\s]{0,200}?[?&#][\w.-]{1,40}=(?:[{[<$%]|\s|$)/;
const ROLE_MARKER = /(?:^|[\s>#*[(【])(?:system|assistant|developer|admin|administrator|root)\s?(?:message|prompt|note|notice|update|override)?\s?[:\]】]|<\|?im_start\|?>|\[inst\]|<<sys>>|【系统|系统提示|系统消息|系统通知|\bsystem prompt\b/;
const BLOB = /[A-Za-z0-9+/]{48,}={0,2}/;
const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]|[\u{e0000}-\u{e007f}]/u;

const RISKY = /(?:curl|wget)\b[^|\n]{0,200}\|\s?(?:sudo )?(?:ba|z)?sh\b|--privileged|\bnc\b[^\n]{0,40}\s-e\b|\/dev\/tcp\/|\bscp\b[^\n]{0,120}@|\bcrontab\b|\.bashrc|\.zshrc|\.bash_profile|sitecustomize|authorized_keys|--(?:extra-)?index-url|trusted-host|\bgit remote add\b|\$\(cat\s|base64 -d\s?\||\bnpm (?:i|install) (?:-g|--global)\b|\bos\.system\(|\beval\(|\bchmod \+x\b/;
const IPV4 = /\b(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}\b/g;
const SPACED = /(?:^|\s)(?:\S\s){4,}\S(?:\s|$)/u;
const ROT13 = /\brot-?13\b/;
const REVERSED = /\b(?:backwards|reversed?|read it in reverse)\b|倒过来|倒着|反过来读|倒序/;

/** A public IPv4 address (not loopback, private, link-local or documentation-free 0.x). */
function publicIp(norm: string): boolean {
  for (const m of norm.matchAll(IPV4)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a === 0 || a === 10 || a === 127 || a > 223 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254)) continue;
    return true;
  }
  return false;
}

/**
 * Other readings of a text that hides its words: letters spaced apart ("i g n o r e"), written
 * backwards when it says so, or in ROT13 when it says so. Empty when there is none.
 */
export function otherReadings(norm: string): string[] {
  const out: string[] = [];
  if (SPACED.test(norm)) out.push(norm.replace(/(\S) (?=\S(?: |$))/gu, '$1'));
  if (REVERSED.test(norm)) out.push([...norm].reverse().join(''));
  if (ROT13.test(norm)) out.push(norm.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 13) % 26) + 97)));
  return out;
}

const B64_RUN = /[A-Za-z0-9+/_-]{16,4096}={0,2}/g;
const HEX_RUN = /\b(?:[0-9a-fA-F]{2}[ :]?){12,2048}\b/g;
const PCT_RUN = /(?:%[0-9a-fA-F]{2}[^%\s]{0,3}){4,2048}/g;
const U_ESCAPES = /(?:\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}){4,2048}/g;
const READABLE = /^[\p{L}\p{N}\p{P}\p{Zs}\p{S}\n\t]*$/u;

/** Text hidden in base64, hex, percent- or backslash-escapes, when it decodes to readable words (at most 8 payloads). */
export function decodedPayloads(raw: string): string[] {
  const out: string[] = [];
  const keep = (t: string) => {
    const s = t.trim();
    // readable: no control or replacement characters, and words, not noise
    if (s.length >= 8 && READABLE.test(s) && !s.includes('\ufffd') && /[a-zA-Z]{3,}\s[a-zA-Z]{2,}|[\u4e00-\u9fff]{2,}/.test(s)) out.push(s);
  };
  for (const m of raw.matchAll(B64_RUN)) {
    if (out.length >= 8) break;
    const run = m[0];
    if (/^[0-9a-fA-F]+$/.test(run) || !/[A-Z]/.test(run) || !/[a-z]/.test(run)) continue;
    keep(Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
  }
  for (const m of raw.matchAll(HEX_RUN)) {
    if (out.length >= 8) break;
    keep(Buffer.from(m[0].replace(/[ :]/g, ''), 'hex').toString('utf8'));
  }
  for (const re of [PCT_RUN, U_ESCAPES]) {
    for (const m of raw.matchAll(re)) {
      if (out.length >= 8) break;
      try {
        keep(re === PCT_RUN ? decodeURIComponent(m[0]) : JSON.parse(`"${m[0].replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1')}"`));
      } catch {
        // not a well-formed escape run: nothing hidden to read
      }
    }
  }
  return out;
}

/** The number of n-gram buckets for `bits`; the structural signs and the bias follow them. */
export const bucketCount = (bits: number): number => 1 << bits;

const LATIN_WORD = /[a-z][a-z0-9']*/g;

const isHan = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);

// Counts per bucket, reused across calls (one scan at a time: JavaScript runs one call at a time),
// with the list of buckets touched so only those are read and cleared.
let counts = new Uint32Array(0);
let touched = new Int32Array(0);

/**
 * FNV-1a over the n-grams starting at each position of `s[from, to)`: one pass per start, the hash
 * of each length from `min` to `max` taken on the way (mixed with the length and `seed`).
 */
function countGrams(s: string, from: number, to: number, min: number, max: number, seed: number, mask: number, nTouched: number): number {
  for (let k = from; k + min <= to; k++) {
    let h = 0x811c9dc5 ^ seed;
    const end = Math.min(to, k + max);
    for (let e = k; e < end; e++) {
      h = Math.imul(h ^ s.charCodeAt(e), 0x01000193);
      const len = e - k + 1;
      if (len < min) continue;
      const b = Math.imul(h ^ len, 0x01000193) & mask;
      if (counts[b]!++ === 0) touched[nTouched++] = b;
    }
  }
  return nTouched;
}

/**
 * Word unigrams and bigrams of the Latin-letter words ("reset context", "redlines off"): a phrase
 * of two words weighs as one feature, which character n-grams inside one word cannot give.
 */
function countWords(norm: string, mask: number, nTouched: number): number {
  let prev = '';
  for (const m of norm.matchAll(LATIN_WORD)) {
    const word = m[0];
    for (const gram of prev ? [word, `${prev} ${word}`] : [word]) {
      let h = 0x811c9dc5 ^ 0x300;
      for (let e = 0; e < gram.length; e++) h = Math.imul(h ^ gram.charCodeAt(e), 0x01000193);
      const b = h & mask;
      if (counts[b]!++ === 0) touched[nTouched++] = b;
    }
    prev = word;
  }
  return nTouched;
}

/**
 * The features of one text for a model with `2^bits` n-gram buckets. Pure and deterministic: the
 * same text gives the same vector on every machine (integer hashing, no locale).
 */
export function injectionFeatures(text: string, bits: number): InjectionFeatures {
  const decoded = decodedPayloads(text);
  // What a payload decodes to, and the text read the other ways it says, are read like the rest of it.
  const plain = decoded.length ? normalizeForScan(`${text} ${decoded.join(' ')}`).text : normalizeForScan(text).text;
  const other = otherReadings(plain);
  const norm = other.length ? `${plain} ${other.join(' ')}` : plain;
  const mask = bucketCount(bits) - 1;
  if (counts.length !== mask + 1) {
    counts = new Uint32Array(mask + 1);
    touched = new Int32Array(mask + 1);
  }
  // Runs of Chinese characters and runs of everything else, each read with one space before and after.
  let nTouched = 0;
  let i = 0;
  const n = norm.length;
  while (i < n) {
    const han = isHan(norm.charCodeAt(i));
    let j = i + 1;
    while (j < n && isHan(norm.charCodeAt(j)) === han) j++;
    if (han) nTouched = countGrams(norm, i, j, 1, 3, 0x100, mask, nTouched);
    else if (j - i > 1 || norm.charCodeAt(i) !== 0x20) {
      const run = ` ${norm.slice(i, j)} `;
      nTouched = countGrams(run, 0, run.length, 3, 5, 0x200, mask, nTouched);
    }
    i = j;
  }
  nTouched = countWords(norm, mask, nTouched);
  const index: number[] = new Array(nTouched);
  const value: number[] = new Array(nTouched);
  let sum = 0;
  // In the order first seen: the same text gives the same sum. A count weighs 1 + its logarithm.
  for (let k = 0; k < nTouched; k++) {
    const b = touched[k]!;
    const v = 1 + Math.log(counts[b]!);
    counts[b] = 0;
    index[k] = b;
    value[k] = v;
    sum += v * v;
  }
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let k = 0; k < value.length; k++) value[k]! *= scale;
  const base = bucketCount(bits);
  const signs = structuralSigns(text, norm, decoded.length > 0, other.length > 0);
  signs.forEach((on, k) => {
    if (on) {
      index.push(base + k);
      value.push(1);
    }
  });
  return { index, value };
}

/** The structural signs of a text (raw and normalized), in the order of `STRUCTURAL`. */
export function structuralSigns(raw: string, norm: string, decoded: boolean, otherReading: boolean): boolean[] {
  const second = SECOND_PERSON.test(norm);
  const model = MODEL.test(norm);
  const cues = CUES.map(([, re]) => re.test(norm));
  const pairs: boolean[] = [];
  for (let i = 0; i < cues.length; i++) for (let j = i + 1; j < cues.length; j++) pairs.push(cues[i]! && cues[j]!);
  return [
    second,
    model,
    (second || model) && IMPERATIVE.test(norm),
    URL.test(norm),
    URL_PLACEHOLDER.test(norm),
    ROLE_MARKER.test(norm),
    BLOB.test(raw),
    HIDDEN.test(raw),
    decoded,
    RISKY.test(norm),
    publicIp(norm),
    otherReading,
    ...cues,
    ...pairs,
  ];
}
