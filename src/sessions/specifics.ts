/**
 * Named things in a sentence: what a handoff must keep verbatim because the next session cannot
 * guess it. Found by shape alone (no model), in Chinese and English text:
 *
 * | kind    | shape | examples |
 * |---------|-------|----------|
 * | title   | 《…》, or a quoted string after 标题/题目/title/headline | 《智能体为什么总是失忆》, title: "Why Agents Forget" |
 * | path    | a word with a slash or a file extension; a URL | src/cache/redis.ts, .nvmrc, s3://bucket/v3/ |
 * | setting | `key=value`, `key: value`, an UPPER_CASE or dotted key | redis.pool.max=50, STRIPE_WEBHOOK_SECRET |
 * | version | dotted numbers, optionally after v | 4.5.31, v2.3.0, 20.11.1 |
 * | number  | a number with a unit, a duration, a percentage, money, a clock time, a date, #N, 第N节 | 95ms, 2m31s, 2480 字, 61%, $31.70, 01:30, #77, 第三节 |
 * | quoted  | text in “…” 「…」 "…" or '…' (2 to 40 characters) | “明日风险”, 'web-en' |
 * | term    | a name: an identifier (snake_case, camelCase), a hex id, a --flag with its value, a cron line;
 *             in Chinese text any Latin word, in English text a capitalised or all-caps word inside a sentence |
 *             idx_orders_created_at, --keep-daily 10, 0 21 * * 0, healthchecks, Heroku, SMART |
 */

export type SpecificKind = 'title' | 'path' | 'setting' | 'version' | 'number' | 'quoted' | 'term';

export interface Specific {
  kind: SpecificKind;
  text: string;
}

const TITLE_CJK = /《[^《》\n]{2,80}》/g;
const TITLE_QUOTED = /(?:标题|题目|书名|title|headline|subject line)[^"“”'‘’\n]{0,40}(?:["“]([^"”\n]{3,120})["”]|['‘]([^'’\n]{3,120})['’])/gi;
/** "title: Memory is a writing problem", "标题用：…" with no quotes: the rest of the clause. */
const TITLE_BARE = /(?:标题|题目|title)\s*(?:用英文|用|定为|定成|改成|是|就叫)?\s*[:：]\s*([^"“'‘《\s][^。；;\n"“”]{2,80}?)(?=[。；;\n]|$)/gi;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s，。；）)"'`]+/gi;
const PATH = /(?<![\w@])(?:~|\.{1,2})?\/?(?:[\w.@-]+\/)+[\w.@-]*|(?<![\w/@.-])\.?[\w@-][\w.@-]*\.(?:ts|tsx|js|jsx|mjs|cjs|json|jsonl|md|py|go|rs|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|sql|sh|bash|toml|ya?ml|ini|env|css|scss|html|vue|svelte|txt|csv|lock|conf|xml|proto|gradle|png|jpe?g|svg|gif|webp|pdf|log|service|timer|plist|nvmrc|local)\b/gi;
const DOTFILE = /(?<![\w/.-])\.(?:nvmrc|env(?:\.[\w-]+)?|npmrc|gitignore|editorconfig|prettierrc)\b/g;
const SETTING = /(?<![./\w-])[A-Za-z_][\w.-]*\s*(?:=|:)\s*[^\s，。；,;）)]+|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z][\w-]*\.[a-z_][\w-]*(?:\.[\w-]+)*\b(?![\w/])/g;
const VERSION = /(?<![\w.])v?\d+\.\d+(?:\.\d+)+(?:[-+][\w.]+)?\b|(?<![\w.])v\d+\.\d+\b/g;
const NUMBER =
  /(?:(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,])|(?<![\w.])(?:\d+h\d+m(?:\d+(?:\.\d+)?s)?|\d+m\d+(?:\.\d+)?s)(?![\w.])|[$¥€£]\s?\d[\d,]*(?:\.\d+)?|#\d+|第[一二三四五六七八九十百\d]+[节章部分段篇步期版稿轮条]|\d{1,2}\s*月\s*\d{1,2}\s*[日号]|\d{1,2}\s*月(?:初|底|中|末|上旬|中旬|下旬)|\d{4}\s*年(?!\d)|(?:周|星期|礼拜)[一二三四五六日天](?:\s*(?:早上|上午|中午|下午|晚上|凌晨))?(?:\s*\d{1,2}\s*点(?:半|\d{1,2}分?)?)?|\d{1,2}\s*点(?:半)?|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? \d{1,2}\b|\b(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\b(?:\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b|(?<![\w.])\d[\d,]*(?:\.\d+)?\s?(?:%|ms|s\b|秒|分钟|小时|天|周|GB|MB|KB|kB|G\b|M\b|K\b|TB|GiB|MiB|KiB|TiB|字|词|行|条|个|次|倍|元|块|篇|节|张|页|words?\b|rows?\b|lines?\b|tests?\b|files?\b|req\/s|rps\b|qps\b|x\b|px\b|×\d+|k\b|m\b|h\b|d\b|min\b|mins\b|minutes?\b|hours?\b|days?\b|weeks?\b|snapshots?\b|connections?\b|entries\b|points?\b|errors?\b|passed\b|failed\b|skipped\b|subscribers?\b|images?\b|items?\b|links?\b|pages?\b|posts?\b|张|份|封|人|位|家|台|笔|单|只|组|项|处|首|套|本|名|场|轮|遍|批|户|期))/gi;
/** A bare number that is a new value: after a change word ("改成9090", "raised to 200", "→ 50") or a port. */
const NEW_VALUE = /(?:改成|改为|改到|降到|降至|升到|升至|提到|调到|调成|设为|设成|压到|清到|减到|加到|变成|\bto|→|->|端口|\bport)\s*[:：]?\s*(\d[\d,]*(?:\.\d+)?)(?![\d.%])/gi;
/** A bare number of five digits or more: an id, a code, a count (BuildID 16234567, errcode 45009). */
const LONG_NUMBER = /(?<![\w.,#-])\d{5,}(?![\w%]|[.,]\d)/g;
/** A tag: #NAS, #旧物改造 (not #77, a number, nor a Markdown heading's #). */
const TAG = /(?<![\w#&/])#(?=[\p{L}_\d]*[\p{L}_])[\p{L}\p{N}_-]{1,30}/gu;
/** A time of day said relative to now: 明天早上, 今晚, tomorrow morning, tonight. */
const RELATIVE_TIME = /(?:明天|后天|周末|下周[一二三四五六日天]?)\s*(?:早上|上午|中午|下午|傍晚|晚上|凌晨)|今晚|明早|明晚|\b(?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:morning|afternoon|evening|night)\b|\btonight\b/gi;
const CRON = /(?<![\w*/])(?:[\d*][\d*,/-]*\s+){4}[\d*][\d*,/-]*(?![\w*/])/g;
const FLAG = /(?<![\w-])--[a-z][\w-]*(?:[= ](?!-)[^\s，。；,;]+)?/gi;
const IDENT = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g;
/** Latin words in Chinese text are names (healthchecks, CHANGELOG, akshare); common words are not. */
const LATIN_IN_CJK = /(?<![\w.-])[A-Za-z][A-Za-z0-9+#-]{1,30}(?![\w.-])/g;
/** Capitalised or all-caps words inside an English sentence (not its first word). */
const NAME_IN_EN = /(?<=[a-z,;:)]\s+)(?:[A-Z][a-z0-9]+[A-Za-z0-9]*|[A-Z][A-Z0-9]{2,})\b/g;
/** A person named by surname and title or kinship prefix: 陈老师, 王总, 李工, 老周, 小林 (common surnames only). */
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const PERSON = new RegExp(`[${SURNAMES}](?:老师|总|工|经理|医生|律师|主任|阿姨|叔叔?|姐|哥|师傅|老板|会计)|[老小][${SURNAMES}](?=[，,。、；;！!？?\\s]|$|[跟和说问给让找])`, 'g');
const ACRONYM = /(?<![\w-])[A-Z][A-Z0-9]{2,}(?![\w-])/g;
const COMMON = new Set('ok okay the a an and or to of in on for is it we i you pr ci cd ui ux api id url http https yes no hi bye lol todo done fix next omg btw fyi asap imo wip tbd'.split(' '));
const QUOTED = /[“「『]([^”」』\n]{2,40})[”」』]|"([^"\n]{2,40})"|(?<![\w'])'([^'\s][^'\n]{0,38}[^'\s])'(?![\w'])/g;

function collect(re: RegExp, text: string, kind: SpecificKind, out: Specific[], group = 0): void {
  for (const m of text.matchAll(re)) {
    const t = (m[group] ?? m[0]).trim().replace(/[.,;:：，。]+$/, '');
    if (t.length >= 2) out.push({ kind, text: t });
  }
}

/** The named things in `text`, each once (the first kind that claims a string keeps it). */
export function findSpecifics(text: string): Specific[] {
  const out: Specific[] = [];
  collect(TITLE_CJK, text, 'title', out);
  for (const m of text.matchAll(TITLE_QUOTED)) out.push({ kind: 'title', text: (m[1] ?? m[2])!.trim() });
  collect(TITLE_BARE, text, 'title', out, 1);
  collect(URL, text, 'path', out);
  const noUrls = text.replace(URL, ' ');
  collect(PATH, noUrls, 'path', out);
  collect(DOTFILE, noUrls, 'path', out);
  collect(VERSION, noUrls, 'version', out);
  collect(NUMBER, noUrls, 'number', out);
  collect(NEW_VALUE, noUrls, 'number', out, 1);
  collect(LONG_NUMBER, noUrls, 'number', out);
  collect(RELATIVE_TIME, noUrls, 'number', out);
  collect(SETTING, noUrls, 'setting', out);
  for (const m of text.matchAll(QUOTED)) out.push({ kind: 'quoted', text: (m[1] ?? m[2] ?? m[3])!.trim() });
  collect(TAG, noUrls, 'term', out);
  collect(PERSON, noUrls, 'term', out);
  collect(CRON, noUrls, 'term', out);
  collect(FLAG, noUrls, 'term', out);
  collect(IDENT, noUrls, 'term', out);
  const latin = /[\u3400-\u9fff]/.test(text) ? LATIN_IN_CJK : NAME_IN_EN;
  for (const m of noUrls.matchAll(latin)) if (!COMMON.has(m[0].toLowerCase())) out.push({ kind: 'term', text: m[0] });
  // An all-caps word is a name wherever it stands, the first word too (OPML, AMD, SMART).
  if (latin === NAME_IN_EN) for (const m of noUrls.matchAll(ACRONYM)) if (!COMMON.has(m[0].toLowerCase())) out.push({ kind: 'term', text: m[0] });
  const seen = new Set<string>();
  return out.filter((s) => {
    // A path that is only a version (1.2.3) or a bare number is not a path.
    if (s.kind === 'path' && (/^\d+(\.\d+)*$/.test(s.text) || !/[A-Za-z\u3400-\u9fff]/.test(s.text))) return false;
    if (s.kind === 'path' && /^[./]+$/.test(s.text)) return false;
    if (s.kind === 'term' && out.some((o) => o !== s && o.kind !== 'term' && o.text.includes(s.text))) return false; // part of a bigger name
    if (s.kind === 'setting' && /^(https?|e\.g|i\.e|etc)\b/i.test(s.text)) return false;
    const k = s.text.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** How much a sentence names: titles and settings weigh most, a bare number least. */
export function specificity(specifics: readonly Specific[]): number {
  const w: Record<SpecificKind, number> = { title: 3, setting: 2, path: 2, version: 2, number: 1.5, quoted: 1, term: 1 };
  return specifics.reduce((s, x) => s + w[x.kind], 0);
}
