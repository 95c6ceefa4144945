import { qualifiersOf } from './qualifiers.js';

/**
 * What must agree for two similar texts to say the same thing: their values (numbers, ports,
 * versions, dates, times, weekdays, months, amounts, paths), their times of day and relative days,
 * currencies, the names they use, their content characters, and their negations. Two records that differ in
 * any of these are not duplicates, however alike the rest: one may correct the other.
 * Input is cleanText() output (NFKC, no markers or Markdown marks); case is still there.
 */

export interface TextValues {
  /** value atoms, sorted, unique: "8080", "v1.2.3", "9:0", "wd:3", "mo:8", "/etc/x.conf" … */
  values: string[];
  /** the digit values in the order the text gives them: a swapped pair keeps the set and changes this */
  sequence: string[];
  /** each digit value with the word it is bound to: its unit after it (15 分钟, 320 港元, 10 min), else the word before it ("value word") */
  bindings: string[];
  /** relative days, parts of the day and currencies (明天, 下午, weekend, cur:usd …), sorted, unique */
  units: string[];
  /** Latin content words (no stop words, no numbers or dates), plural folded, sorted, unique */
  words: string[];
  /** Han characters that carry content (not particles, not numerals or time words), sorted, unique */
  chars: string[];
  /** the words of `words` that are names (qualifiers aside): a tool, a service, a person */
  names: string[];
  /** qualifier classes (only, all, at least, above, before, must, may …: qualifiers.ts), sorted, unique */
  qualifiers: string[];
  /** each negation's scope: the content words and characters after it, to the end of its clause, sorted, space-joined */
  negations: string[];
  /** each clause's anchors (its digit values, numbers in words, "not" for a negation) and its content tokens */
  clauses: Clause[];
  /** the normalized form (formOf): clauses in letters and digits, in one form, sorted */
  form: string;
}

export interface Clause {
  anchors: string[];
  tokens: string[];
}

// A token whose every segment holds a digit, with the separators values use inside (1.2.3,
// 09:00, 2026-10-02, 10.0.0.1:8080, b2-117, gpt-4o). "45/month" is the value 45 and a word.
// (NFKC has already made full-width and circled digits ASCII.)
const DIGIT_TOKEN = /[A-Za-z0-9]*[0-9][A-Za-z0-9]*(?:[._:/\-+@][A-Za-z0-9]*[0-9][A-Za-z0-9]*)*/g;
// Paths and dotted names without a digit: /var/log/app, ~/.ssh, .env, config/server.yaml, actions/checkout.
const PATH_TOKEN = /(?<![A-Za-z0-9])(?:~|\.{1,2})?\/[\w.~@+-]+(?:\/[\w.~@+-]*)*|(?<![A-Za-z0-9])\.[a-z][a-z0-9_-]*|[a-z][a-z0-9_-]*(?:[./@][a-z0-9_-]+)+/gi;
const LATIN_WORD = /[A-Za-z][A-Za-z0-9]*(?:[-_'][A-Za-z0-9]+)*/g;
const HAN_CHAR = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;

const ZH_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const ZH_NUMERAL_RUN = /[零〇一二两三四五六七八九十百千万]+/g;
// Words that hold a numeral without stating a number (一下, 统一, 千万别 …): taken out first.
const ZH_NUMERAL_IDIOMS =
  /二维码|一维码|一下|一直|一起|一样|一定|一些|一般|一切|统一|唯一|万一|一旦|一边|一致|一律|一共|一向|一再|一会|同一|一面|一番|一上来|一眼|十分|一度|一时|一同|一并|第一时间|一口气|一味|一概|一贯|逐一|不一|千万|万万|一如既往|一点点|有一点|一点儿|差一点|三思|一手|一步到位|一键/g;
const WEEKDAY = /(?:周|星期|礼拜)([一二三四五六日天1-7])/g;
const WEEKDAY_NUM: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const EN_WEEKDAY = /\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?s?\b/gi;
const EN_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const EN_MONTH = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|tember|ober|ember)?\b\.?/gi;
const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EN_NUMBERS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100, thousand: 1000,
  once: 1, twice: 2, half: 0.5, dozen: 12,
};
// Relative days and parts of the day: "明天上线" and "后天上线" are two dates.
const ZH_TIMES =
  /今天|明天|后天|昨天|前天|今晚|明晚|昨晚|今早|明早|本周|这周|下周|上周|本月|这个月|下个月|上个月|下月|上月|今年|明年|去年|早上|上午|中午|下午|晚上|凌晨|傍晚|半夜|深夜|周末|工作日|平时|月底|月末|月初|年底|年末|年初|季度末|季末|季度|半年/g;
const TIME_SYNONYMS: Record<string, string> = { 这周: '本周', 这个月: '本月', 下月: '下个月', 上月: '上个月', 月末: '月底', 年末: '年底', 季末: '季度末' };
// Currencies: $45 and ¥45 are two amounts; $50 and 50 美元 one.
const CURRENCIES: [RegExp, string][] = [
  [/hk\$|港元|港币|\bhkd\b/gi, 'hkd'],
  [/us\$|\$|美元|美金|\busd\b|\bdollars?\b/gi, 'usd'],
  [/€|欧元|\beur\b|\beuros?\b/gi, 'eur'],
  [/£|英镑|\bgbp\b|\bpounds?\b/gi, 'gbp'],
  [/[¥￥]|人民币|\brmb\b|\bcny\b|\byuan\b|元|块钱/gi, 'cny'],
];
const HAS_HAN = /[\u3400-\u9fff]/;
const ANY_CURRENCY = /[$€£¥￥]|港|美元|美金|欧元|英镑|人民币|元|块钱|usd|hkd|eur|gbp|rmb|cny|yuan|dollar|pound/i;
const EN_TIMES = /\b(today|tomorrow|yesterday|tonight|morning|afternoon|evening|night|noon|midnight|weekend|weekday|daily|weekly|monthly|hourly|yearly|nightly|quarterly|annually)s?\b/gi;
// Negation. Words that hold 不/没/无/非/未/别 without negating anything are taken out first.
const ZH_NOT_NEGATION = /不仅|不但|不管|不论|无论|差不多|非常|未来|别人|别的|别名|区别|分别|特别|类别|级别|告别|识别|性别|个别|莫名/g;
const ZH_NEGATION = /不|没|别|禁止|勿|无|非|未|莫|甭|严禁|切忌|免/g;
const EN_NEGATION = /\b(?:not|no|never|none|nothing|nobody|neither|nor|without|cannot|can't|won't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|shouldn't|mustn't|haven't|hasn't|hadn't|wouldn't|couldn't)\b/gi;
const CLAUSE_END = /[，。；;,.!?！？\n、:：]|$/;

// English words that carry no content of their own.
const FILLER_WORDS = new Set(
  (
    'a an the and or but if then of to in on at by for with from into as is are was were be been being am do does did ' +
    'have has had i me my we us our you your he him his she her it its they them their this that these those there here ' +
    'so than too very can will just should would could may might must shall also please note fyi remember reminder again ' +
    'once more still now currently always all any each every some such same only really actually okay ok yes yeah hey hi ' +
    'btw pls thx thanks ps per via'
  ).split(/\s+/),
);
// Han characters that carry no content of their own: particles, copulas, prepositions, measure
// words. Anything else is content (the phrases put in front of a note go as phrases, below).
const FILLER_CHARS = new Set(Array.from('的了是在之就都也还把被再又很和与及而啊吧呢吗嘛呀哦着过得地才请给让将对从到为于以所其这那个些里由即并且等已经'));
// What people put in front of a note, as whole phrases: 记 and 说 alone are content (慢慢记 / 慢慢说).
const FILLER_PHRASES = /千万别忘了|别忘了|不要忘了|记一下|记一笔|记下来|记下|记住|记得|请注意|注意|留意|再次记录|再记一次|顺便说一下|顺便说|说一下|备忘/g;
const stripFillerPhrases = (s: string) => s.replace(FILLER_PHRASES, ' ');

/** Latin words (folded) and Han characters of a span that carry content, sorted, unique. */
function contentTokens(span: string): string[] {
  const out = new Set<string>();
  for (const m of span.matchAll(LATIN_WORD)) {
    const w = m[0].toLowerCase();
    if (!FILLER_WORDS.has(w)) out.add(foldWord(w));
  }
  for (const m of span.matchAll(HAN_CHAR)) if (!FILLER_CHARS.has(m[0])) out.add(m[0]);
  return [...out].sort();
}

function zhNumber(s: string): number | null {
  if (!/[十百千万]/.test(s)) {
    // 二〇二六 → 2026; 三 → 3
    let n = 0;
    for (const ch of s) {
      const d = ZH_DIGITS[ch];
      if (d === undefined) return null;
      n = n * 10 + d;
    }
    return n;
  }
  // 十五 → 15, 二十 → 20, 四千二 → 4200, 一万 → 10000
  let total = 0;
  let section = 0;
  let digit = 0;
  let lastUnit = 0;
  for (const ch of s) {
    const d = ZH_DIGITS[ch];
    if (d !== undefined) digit = d;
    else if (ch === '十' || ch === '百' || ch === '千') {
      lastUnit = ch === '十' ? 10 : ch === '百' ? 100 : 1000;
      section += (digit || 1) * lastUnit;
      digit = 0;
    } else if (ch === '万') {
      total += (section + digit) * 10000;
      section = 0;
      digit = 0;
      lastUnit = 10000;
    } else return null;
  }
  // 四千二 is 4200: a last digit after a unit counts one place down from it.
  if (digit && lastUnit >= 100) digit *= lastUnit / 10;
  return total + section + digit;
}

/**
 * One form per value: digit groups without leading zeros (09:00 and 9:00, 007 and 7) and every
 * separator a dot (2026-09-30 and 2026/09/30).
 */
const canonValue = (t: string) => t.toLowerCase().replace(/(?<![0-9])0+(?=[0-9])/g, '').replace(/[._:/\-+@]+/g, '.');

/** An English word in one form: plural and possessive folded (rotations → rotation). */
function foldWord(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

// A time of day on the clock: 7点, 七点半, 四点四十分, 十点一刻, 10点05. The hour and minute are one
// value (7:30), written the way "7:30" is, so 七点半 / 7:30 agree and 七点 / 七点半 do not. "一点" alone
// is "a little" (快一点), a time only with a minute, 钟, or a part of the day before it.
const ZH_CLOCK_NUM = '[零〇一二两三四五六七八九十]{1,3}|\\d{1,2}';
const ZH_CLOCK = new RegExp(
  `(?<![第\\d零〇一二两三四五六七八九十百千万])(${ZH_CLOCK_NUM})\\s*[点點](?:\\s*(半)|\\s*(一刻|三刻)|\\s*(${ZH_CLOCK_NUM})\\s*分|\\s*(\\d{2})(?!\\d)|\\s*(钟|鐘))?`,
  'g',
);
const PART_OF_DAY_BEFORE = /(?:早上|上午|中午|下午|晚上|凌晨|傍晚|半夜|深夜|夜里|今晚|明晚|明早|今早)\s*$/;

function clockValue(numeral: string): number | null {
  return /^\d+$/.test(numeral) ? Number(numeral) : zhNumber(numeral);
}

// Units written onto a number or after it, in one form: 72h / 72 hours, 10s / 10 seconds, 5MB / 5 MB.
// "m" (minutes, metres, months) is left as written.
const UNIT_FORMS: Record<string, string> = {
  h: 'hour', hr: 'hour', hrs: 'hour', hour: 'hour', hours: 'hour',
  min: 'minute', mins: 'minute', minute: 'minute', minutes: 'minute',
  s: 'second', sec: 'second', secs: 'second', second: 'second', seconds: 'second',
  ms: 'millisecond', millisecond: 'millisecond', milliseconds: 'millisecond',
  d: 'day', day: 'day', days: 'day', wk: 'week', week: 'week', weeks: 'week',
  kb: 'kb', mb: 'mb', gb: 'gb', tb: 'tb', k: 'thousand',
};
const NUMBER_UNIT = /(?<![A-Za-z0-9.\-_])(\d+(?:\.\d+)?)\s?(hours?|hrs?|h|minutes?|mins?|min|seconds?|secs?|sec|s|milliseconds?|ms|days?|d|weeks?|wk|kb|mb|gb|tb|k)(?![A-Za-z0-9])/gi;
const ORDINAL = /(?<![A-Za-z0-9.])(\d+)(?:st|nd|rd|th)(?![A-Za-z0-9])/gi;
// 12万 / 十二万 / 120000; 1.5万 / 15000; 3千 / 3000.
const DIGITS_TIMES_ZH = /(?<![\d.])(\d+(?:\.\d+)?)\s?([万千亿])(?![零〇一二两三四五六七八九十百千万亿])/g;
const ZH_MAGNITUDE: Record<string, number> = { 千: 1e3, 万: 1e4, 亿: 1e8 };
// Mon/Wed/Fri: the days of a list, not a path.
const WEEKDAY_LIST = /\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)([a-z]*)\s*\/\s*(?=(?:mon|tue|wed|thu|fri|sat|sun))/gi;

/** Values and their units in one form before anything is read from them. */
function normalizeUnits(text: string): string {
  return text
    .replace(DIGITS_TIMES_ZH, (all: string, n: string, mag: string) => {
      const v = Number(n) * ZH_MAGNITUDE[mag]!;
      return Number.isSafeInteger(v) ? String(v) : all;
    })
    .replace(ORDINAL, '$1')
    .replace(WEEKDAY_LIST, '$1$2 ')
    .replace(NUMBER_UNIT, (_: string, n: string, u: string) => `${n} ${UNIT_FORMS[u.toLowerCase()] ?? u.toLowerCase()}`);
}

/** Clock times written in words or with 点 as H:MM. */
function normalizeClock(text: string): string {
  return text.replace(ZH_CLOCK, (all: string, h: string, half?: string, quarter?: string, min?: string, min2?: string, zhong?: string, at?: number) => {
    const hour = clockValue(h);
    if (hour === null || hour > 24) return all;
    const minute = half ? 30 : quarter ? (quarter === '一刻' ? 15 : 45) : min !== undefined ? clockValue(min) : min2 !== undefined ? Number(min2) : 0;
    if (minute === null || minute > 59) return all;
    const explicit = half || quarter || min !== undefined || min2 !== undefined || zhong;
    if (hour === 1 && h === '一' && !explicit && !PART_OF_DAY_BEFORE.test(text.slice(0, at))) return all;
    return ` ${hour}:${String(minute).padStart(2, '0')} `;
  });
}

/** The values, times, names, content characters and negations of a cleaned text. */
export function valuesOf(clean: string): TextValues {
  let text = normalizeUnits(normalizeClock(clean))
    .replace(/[’‘`´]/g, "'")
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1') // 4,860 → 4860
    .replace(/(\d)\s*([ap])\.?m\.?(?![a-z])/gi, '$1$2m') // 3 pm → 3pm
    .replace(/(\d)\s*[‐‑‒–—―−~～]\s*(?=\d)/g, '$1-'); // 2000–4000, 2000 ~ 4000 → 2000-4000
  const values = new Set<string>();
  const units = new Set<string>();
  const bindings = new Set<string>();
  const placed: { at: number; v: string }[] = [];
  for (const m of text.matchAll(DIGIT_TOKEN)) {
    const v = canonValue(m[0]);
    values.add(v);
    placed.push({ at: m.index!, v });
    bindings.add(`${v} ${boundWord(text, m.index!, m.index! + m[0].length)}`);
  }
  // Numbers in words take their place in the order too (六月九号 / 九月六号, 张三两千、李四三千): the
  // idioms and weekdays that hold a numeral without stating a number are masked first.
  if (HAS_HAN.test(text)) {
    const masked = text.replace(ZH_NUMERAL_IDIOMS, (w) => '\u0002'.repeat(w.length)).replace(WEEKDAY, (w) => '\u0002'.repeat(w.length));
    for (const m of masked.matchAll(ZH_NUMERAL_RUN)) {
      const n = zhNumber(m[0]);
      const v = n === null ? `zh:${m[0]}` : String(n);
      placed.push({ at: m.index!, v });
      bindings.add(`${v} ${boundWord(text, m.index!, m.index! + m[0].length)}`);
    }
  }
  const sequence = placed.sort((x, y) => x.at - y.at).map((p) => p.v);
  for (const m of text.matchAll(PATH_TOKEN)) if (/[/.@]/.test(m[0])) values.add(m[0].toLowerCase().replace(/[.\-/]+$/, ''));
  // What the value and time atoms cover is taken out of the text the words and characters come
  // from; the case stays (an all-capital word is a name).
  let rest = text.replace(DIGIT_TOKEN, ' ').replace(PATH_TOKEN, ' ');
  const han = HAS_HAN.test(rest);
  const latin = /[A-Za-z]/.test(rest);
  if (ANY_CURRENCY.test(rest)) for (const [re, cur] of CURRENCIES) rest = rest.replace(re, () => (units.add(`cur:${cur}`), ' '));
  if (han) rest = rest.replace(ZH_TIMES, (w) => (units.add(TIME_SYNONYMS[w] ?? w), ' ')).replace(WEEKDAY, (_, d: string) => (values.add(`wd:${WEEKDAY_NUM[d] ?? d}`), ' '));
  if (latin) rest = rest.replace(EN_TIMES, (_, w: string) => (units.add(w.toLowerCase()), ' '));
  if (latin) rest = rest.replace(EN_WEEKDAY, (_, d: string) => (values.add(`wd:${EN_WEEKDAYS.indexOf(d.slice(0, 3).toLowerCase()) + 1}`), ' '));
  if (latin) rest = rest.replace(EN_MONTH, (all: string, m: string, at: number, whole: string) => {
    // "may" is a month only beside a number (May 3, 3 may); alone it is a verb.
    if (m.toLowerCase() === 'may' && !/\d\s*$/.test(whole.slice(0, at)) && !/^\s*\d/.test(whole.slice(at + all.length))) return all;
    values.add(`mo:${EN_MONTHS.indexOf(m.slice(0, 3).toLowerCase()) + 1}`);
    return ' ';
  });
  // Before the numeral idioms take 一 out of 一律, 一般, 一些.
  const q = qualifiersOf(rest);
  const qualifiers = q.qualifiers;
  rest = q.rest;
  if (han) rest = rest.replace(ZH_NUMERAL_IDIOMS, (w) => w.replace(/[零〇一二两三四五六七八九十百千万]/g, '')).replace(ZH_NUMERAL_RUN, (n) => {
    const v = zhNumber(n);
    values.add(v === null ? `zh:${n}` : String(v));
    return ' ';
  });
  // Negations and what each one negates (the rest of its clause).
  rest = stripFillerPhrases(rest);
  const negations: string[] = [];
  const negText = rest.replace(ZH_NOT_NEGATION, (w) => '\u0001'.repeat(w.length));
  for (const re of [ZH_NEGATION, EN_NEGATION]) {
    for (const m of negText.matchAll(re)) {
      const after = negText.slice(m.index! + m[0].length);
      negations.push(contentTokens(after.slice(0, after.search(CLAUSE_END))).join(' '));
    }
  }
  const words = new Set<string>();
  const names = new Set<string>();
  const plain = rest.replace(EN_NEGATION, ' ');
  for (const m of plain.matchAll(LATIN_WORD)) {
    const raw = m[0];
    const w = raw.toLowerCase();
    if (w in EN_NUMBERS) {
      values.add(String(EN_NUMBERS[w]));
      continue;
    }
    const caps = raw.length > 1 && raw === raw.toUpperCase() && /[A-Z]/.test(raw);
    if (!caps && (w.length < 2 || FILLER_WORDS.has(w))) continue;
    words.add(foldWord(w));
    // A name: a Latin word in a Chinese text (a tool, a service, a person), an all-capital or
    // camel-case word, or a capital one inside a sentence (not its first word).
    const inSentence = !/(?:^|[.!?。！？:：\n])\s*$/u.test(plain.slice(0, m.index!));
    if (han || caps || /[a-z][A-Z]/.test(raw) || (/^[A-Z]/.test(raw) && inSentence)) names.add(foldWord(w));
  }
  const chars = new Set<string>();
  const hanRest = rest.replace(ZH_NEGATION, ' ');
  for (const m of hanRest.matchAll(HAN_CHAR)) if (!FILLER_CHARS.has(m[0])) chars.add(m[0]);
  return { values: [...values].sort(), sequence, bindings: [...bindings].sort(), units: [...units].sort(), words: [...words].sort(), chars: [...chars].sort(), qualifiers, names: [...names].sort(), negations: negations.sort(), clauses: clausesOf(text), form: formOf(text) };
}

/**
 * The text as a reader compares two notes when nothing in them differs: times, units and numbers in
 * one form (七点半 / 7:30, 十二万 / 12万 / 120000, 72h / 72 hours), without the phrases put in front
 * of a note (记一下, 注意), particles (的, 了) and English filler words (the, please), each clause
 * in letters and digits only, the clauses in any order. Two records with the same form say the same
 * thing in the same words, whichever order their clauses come in; a swapped pair keeps each value in
 * its clause, so it has another form.
 */
function formOf(normalized: string): string {
  let text = stripFillerPhrases(normalized);
  // Every numeral run as digits, idioms too (一直 → 1直): the same on both sides, and 十五 meets 15.
  if (HAS_HAN.test(text)) text = text.replace(ZH_NUMERAL_RUN, (n) => String(zhNumber(n) ?? n));
  const clauses = text
    .split(CLAUSE_SPLIT)
    .map((c) =>
      c
        .replace(LATIN_WORD, (w) => (FILLER_WORDS.has(w.toLowerCase()) ? ' ' : w))
        .replace(HAN_CHAR, (ch) => (FILLER_CHARS.has(ch) ? '' : ch))
        .replace(/[^\p{L}\p{N}]+/gu, '')
        .toLowerCase(),
    )
    .filter(Boolean);
  return clauses.sort().join('|');
}

// Clause ends for the clause map: a colon stays inside its clause (端口：8080), a full stop ends one only before a space.
const CLAUSE_SPLIT = /[，。；;,!?！？\n、()（）]|\.(?=\s|$)/;

/** The clauses of a (normalized) text: what each one anchors (values, numbers in words, negations) and its content. */
function clausesOf(text: string): Clause[] {
  const out: Clause[] = [];
  for (const part of text.split(CLAUSE_SPLIT)) {
    const anchors: string[] = [];
    let rest = part.replace(DIGIT_TOKEN, (t) => (anchors.push(canonValue(t)), ' '));
    if (HAS_HAN.test(rest)) {
      rest = rest.replace(ZH_NUMERAL_IDIOMS, (w) => w.replace(/[零〇一二两三四五六七八九十百千万]/g, '')).replace(WEEKDAY, ' ');
      rest = rest.replace(ZH_NUMERAL_RUN, (n) => (anchors.push(String(zhNumber(n) ?? `zh:${n}`)), ' '));
    }
    rest = stripFillerPhrases(rest).replace(ZH_NOT_NEGATION, ' ');
    for (const re of [ZH_NEGATION, EN_NEGATION]) rest = rest.replace(re, () => (anchors.push('not'), ' '));
    const tokens = contentTokens(rest);
    if (anchors.length || tokens.length) out.push({ anchors: anchors.sort(), tokens });
  }
  return out;
}

/**
 * The word a value belongs to: the unit right after it (15 分钟, 7 天, 320 港元, 10 min, 5432 端口
 * is "端"), or, when a clause ends or another value follows, the last word before it (port 5432,
 * 端口 8080). Compared only when the two texts give their values in another order: a swapped pair
 * (15 分钟 / 7 天 against 15 天 / 7 分钟) binds each value to the other word.
 */
function boundWord(text: string, start: number, end: number): string {
  const after = /^\s*([\u3400-\u9fff]|[A-Za-z]+)/.exec(text.slice(end));
  if (after) return after[1]!.toLowerCase();
  const before = /([\u3400-\u9fff]|[A-Za-z]+)[^\p{L}\p{N}]*$/u.exec(text.slice(0, start));
  return before ? `<${before[1]!.toLowerCase()}` : '';
}

/** Items of one sorted list the other lacks. */
export function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return a.filter((x) => !set.has(x));
}
