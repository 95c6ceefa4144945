import { ENGLISH_STOPWORDS } from '../tokenizer/stopwords.js';
import { CHANGE_CUE, COMPOUND_SURNAMES, looseCode, namingLabels, otherLabel, numberedPlaceMentions, labelledThings, labelNumbers, placeLabel, TITLE_RE, titlesIn, TO_NEW_VALUE, contrastOf, deputyClash, fileNameOf, goneBy, heldByInitials, holds, holdsNumber, isDemonstrative, NAME_INITIAL, namesSomeone, numberedThingMentions, NUMBER_BEFORE_NOUN, otherMember, peopleIn, placeNumberOf, prefixClash, REASON, tierClash, WAS, type TextAnalysis } from './analyze.js';
import { WEEKDAYS_ZH, weekdayMentions, weekdaysIn } from './weekdays.js';
import { frequenciesIn, frequencyMentions } from './frequency.js';
import { DAYPARTS, daypartsIn, daypartsMeet } from './dayparts.js';
import { ALIASES, ALL_ATTRIBUTE_WORDS, ATTRIBUTE_WORDS, CLASH_ONLY, CONTRAST_GROUPS, DISTANCE_RE, districtsIn, GENERIC_WORDS, KIN_SAME, KINSHIP_WORDS, SHAPE_ANSWERS, UNCHANGED } from './lexicon.js';
import { monthDay, monthDaysIn, namesOneThing, sameDay, sameDayOfMonth, sameValue } from './same-value.js';
import { otherFees, pricedFee } from './fees.js';
import { otherIdKinds } from './id-numbers.js';
import { hanNumber } from '../tokenizer/han-amounts.js';


/** Shapes of values many things share (a time, a day, a length of time, a price): quoting one names no thing. */
const COMMON_SHAPES = new Set(['schedule', 'date', 'duration', 'price']);
/** Whether a value the correction holds is of such a shape, or the number of one (18 of 不是18:00). */
function commonShaped(c: TextAnalysis, v: string): boolean {
  const common = (w: string) => COMMON_SHAPES.has(c.valueShapes.get(w) ?? '');
  return common(v) || (/^\d+$/.test(v) && c.values.some((w) => w !== v && w.startsWith(v) && /^\d/.test(w.slice(v.length + 1)) && common(w)));
}
/** A possessive opening a text or a clause (Correction: Sara's slot; , Ken's rate): whose thing the text is about. */
const OPENING_POSSESSIVE = /(?:^|[:：,，;；.。]|\bcorrection)\s*([a-z]{3,})['’]s\b/g;
/** A clause saying what a thing is left for (COS 那边只留给备份, the old box is kept for backups only). */
const KEPT_FOR = /只?留(?:给|作|着)|只用(?:于|来|作)|只管|\b(?:only|kept|left|reserved|stays|remains) for\b/;
/** A person and whose they are, in apposition between commas: "with joost, bram's manager, moves". */
const APPOSITIVE_PERSON = /\b(?:with|for|to|by|and)\s+([a-z]{3,}),\s*([a-z]{3,})['’]s\s+[a-z]+(?:\s+[a-z]+)?\s*[,，]/g;

/** What a clause says after a place it names, when it goes on to say what changed. */
const PLACE_THEN_CHANGE = /[改换调推降升涨缩延]|提前|→|->|\b(?:moved|changed|bumped|raised|lowered|is now|now)\b/;

/** Value shapes specific enough that two values of the shape are values of one attribute. */
/** The attribute words written in Han characters (间隔, 路径): none names a thing after a stem. */
const HAN_ATTRIBUTE_WORDS = [...ALL_ATTRIBUTE_WORDS].filter((w) => /^\p{Script=Han}+$/u.test(w));

/** Characters that make the Han words after a thing's stem no name of a thing: pointing, joining, a change or a time. */
const STEM_TAIL_NOT = /[那这它又再也都就还了着过得地把被给让跟和与及或是在从由的每改换调一二两三四五六七八九十几次]|周[一二三四五六日天]|凌晨|早上|上午|中午|下午|傍晚|晚上|夜里/u;

const SPECIFIC_SHAPES = new Set(['port', 'version', 'path', 'host', 'model', 'date', 'size', 'length', 'os']);

/** Attributes whose value is a name (a host, a path, a handle, a model): a new name may be one of theirs. */
const NAMED_BY = new Set(['host', 'target', 'path', 'contact', 'model', 'recipient']);

/**
 * One candidate judged against a correction: does the older record state the subject and the
 * attribute the correction changes? Precision first: a candidate is accepted only on positive
 * evidence for both, and refused on any counter-evidence. Pure.
 */
export type Refusal =
  /** the candidate names another member of a contrast group (前端 where the correction says 后端) */
  | 'other-subject'
  /** the word the correction's attribute is about is not in the candidate */
  | 'subject-missing'
  /** too few of the correction's subject words are in the candidate */
  | 'weak-subject'
  /** both name attributes, and none in common (端口 vs 日志路径) */
  | 'other-attribute'
  /** the correction names nothing specific (only generic words) and quotes no old value the candidate holds */
  | 'generic-only';

export interface Verdict {
  accepted: boolean;
  /** for ordering the accepted ones; 0 when refused */
  score: number;
  /** weighted share of the correction's (home-known) subject words the candidate holds */
  coverage: number;
  shared: string[];
  missing: string[];
  /** the attribute both state, when known */
  attribute: string | null;
  /** old values the correction quotes that the candidate holds */
  quoted: string[];
  /** the candidate already states the correction's new value */
  holdsNew: boolean;
  /** the correction's head words (what its attribute is of) that the candidate holds */
  heads: string[];
  /** the candidate's values that the correction does not mention (copies of one fact share them) */
  ownValues: string[];
  /** the candidate's value-like tokens the correction does not hold: values, identifiers, numbers (copies of one fact share one) */
  tokens: string[];
  /** the attribute classes the candidate states, by name or by a value's shape */
  attributes: string[];
  /** the attribute classes the candidate names by words (地点, 时间) */
  named: string[];
  /**
   * refused on counter-evidence that it names another thing (another member of a contrast group,
   * another qualifier, identifier or acronym), not merely on missing evidence
   */
  conflict: boolean;
  refusal: Refusal | null;
  /** the refusal or the acceptance, in words */
  why: string;
}

/** The value-like tokens of a text: its values, identifiers, numbers (3:4, 14, 1080x1440) and channels or handles (#ops, @lina). */
export function valueTokens(a: TextAnalysis): string[] {
  // 5,000 is one number (not 5 and 000, which 2,000 would share).
  const nums = [...a.hay.replace(/(\d),(?=\d{3}(?!\d))/g, '$1').matchAll(/(?<![a-z0-9_.-])\d+(?:[:.x×/]\d+)*(?![a-z0-9_-])/g)].map((m) => m[0]);
  const handles = [...a.hay.matchAll(/(?<![\w#@])[#@][a-z][\w-]*/g)].map((m) => m[0]);
  // An amount in thousands or ten-thousands is the number it stands for: 18k and 1.8万 are 18000, as 18,000 is.
  const scaled = [...a.hay.matchAll(/(?<![a-z0-9_.-])(\d+(?:\.\d+)?)\s?(k|万)(?![a-z0-9_-])/g)].map((m) => String(Math.round(Number(m[1]) * (m[2] === 'k' ? 1000 : 10000))));
  return [...new Set([...a.values, ...a.ids, ...nums, ...handles, ...scaled])];
}

/** Weight of a subject word: 0 when no other record of the home holds it (it cannot tell records apart). */
export type WordWeight = (word: string) => number;

function attrsOf(a: TextAnalysis): Set<string> {
  const out = new Set(a.named);
  for (const s of a.shapes) {
    out.add(s);
    for (const n of SHAPE_ANSWERS[s] ?? []) out.add(n);
  }
  return out;
}

/** Every word for the relative a word names (dad: 爸爸, 爸, 老爸, 父亲, father); the word alone for anything else. */
const kinForms = (w: string): readonly string[] => KIN_SAME.find((g) => g.includes(w)) ?? [w];

/** The surname of an everyday name (周 of 老周 and of 周师傅; 阿杰 has none). */
// (A two-character one is the surname: 欧阳生 is no 欧生.)
const COMPOUND_SURNAME = new RegExp(`^(?:${COMPOUND_SURNAMES})`);
const surnameOf = (n: string): string | null => (/^[小老]/.test(n) ? n[1]! : n.startsWith('阿') ? null : (COMPOUND_SURNAME.exec(n)?.[0] ?? n[0]!));
const sameSurname = (a: string, b: string) => surnameOf(a) !== null && surnameOf(a) === surnameOf(b);

/**
 * Whether a text holds the words a two-character short form is made from, the first character of each (继教: 继续教育,
 * 医保: 医疗保险): four Han characters in a row, the first and the third the short form's.
 */
function shortFormIn(text: string, w: string): boolean {
  if (!/^[\u4e00-\u9fff]{2}$/.test(w)) return false;
  return new RegExp(`${w[0]}[\u4e00-\u9fff]${w[1]}[\u4e00-\u9fff]`, 'u').test(text);
}

/** Whether a text holds a Han character. */
const han = (t: string): boolean => /\p{Script=Han}/u.test(t);

/** Contrast groups of what is done rather than what a thing is: read anywhere in a correction. */
const VERB_GROUPS = new Set(['hours', 'power', 'scale']);

/** Every place a text says something stays as it was. */
const UNCHANGED_ALL = new RegExp(UNCHANGED.source, 'gi');

/** A word's alias forms (预发: staging, stg …), for finding it in the text as written. */
const ALIAS_FORMS = new Map<string, string[]>(ALIASES.map((g) => [g[0]!, g]));

/** Parts of the day: schedule words that also name a job (夜间转码). */
const PART_OF_DAY = new Set(['夜间', '夜里', '半夜', '白天', '凌晨', '早上', '晚上', '上午', '下午', '中午']);

/** One text's reading, kept for the texts met again (a correction against each of its candidates). */
function memo<T>(read: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    let v = seen.get(text);
    if (v === undefined) {
      if (seen.size >= 4096) seen.clear();
      seen.set(text, (v = read(text)));
    }
    return v;
  };
}

/** A clause giving a reason or a comparison (，跟贝斯那路隔太近会串, 因为…, 免得…): what it names is not what changes. */
const REASON_CLAUSE = /^(?:跟|和|与|因为|由于|怕|免得|省得|以免|不然|否则|because\b|since\b)/;
/** A text without its reason clauses. */
const withoutReasons = memo((text: string) => text.split(/[，,；;。]/).filter((cl) => !REASON_CLAUSE.test(cl.trim())).join('，'));

/** What comes right before a value given as the new one: a change word (换成, 改为, →) or the new number (新号, new id). */
const NEW_ONE_BEFORE = new RegExp(`(?:${TO_NEW_VALUE}|新(?:的)?(?:号|编号|单号|号码|id)(?:是|为)?|\\bnew (?:id|number|no\\.?|code)(?: is)?)\\s*[:：]?\\s*$`);

/** What comes right before the value a text gives as the new one: a change word, or 改到 / 换到 / 移到 (试烧改到小电窑). */
const GIVEN_CUE = new RegExp(`(?:${TO_NEW_VALUE}|改到|换到|移到)`);

/** What a text gives as the new value (after 改成, →, to the end of that clause) and what it says before it; null without a cue. */
function givenPart(text: string): { part: string; before: string } | null {
  const m = GIVEN_CUE.exec(text);
  if (!m) return null;
  const rest = text.slice(m.index + m[0].length);
  const end = rest.search(/[，,；;。!?！？\n]/);
  return { part: end === -1 ? rest : rest.slice(0, end), before: text.slice(0, m.index) };
}

/** The clauses of a text that may say what changes: the first, and any other holding a change cue. */
const changingClauses = memo((text: string) => text.split(/[，,；;。]/).filter((cl, i) => i === 0 || CHANGE_CUE.test(cl)).join('，'));

/** A weight given per meal, per day or per feed (120g kibble per meal, 每天 55 克, 一顿 40g): a ration. */
const isRation = memo((text: string) => /(?:\bper|\ba|\beach|\/)\s?(?:meal|day|feed|feeding|serving)\b|每\s?(?:天|日|顿|餐|次|份)|一[天顿餐]|早晚各/.test(text));

/** A text without the label a correction may open with ("correction: …", "更正一下：…"); markers are already gone. */
function withoutLabel(text: string): string {
  return text.replace(/^\s*(?:(?:correction|erratum|update|fix|更正|订正|纠正)[^:：—]{0,12}[:：—]+)?\s*/i, '');
}

/** The part-of-day groups a correction names as its occasion (晚上量血压 … 8 点), not as a time (晚上 8 点, 改到晚上). */
function occasionDayparts(text: string): Set<string> {
  const out = new Set<string>();
  for (const [g, re] of DAYPARTS) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) if (namesOccasion(text, m.index! + m[0].length)) out.add(g);
  }
  return out;
}

/** A day of the month the correction points at as its occasion: 24号那个, 3日那场, 15 号的那次. */
const OCCASION_DATE = /(?<![\d/.:-])(\d{1,2})\s?[号日]\s?(?:的\s?)?[那这][个场班次天趟回节]/;
/** The day of the year an English text opens with, said of its thing ("Feb 14 on-call is Chen", "3 May shuttle driver is Li"): month-day, or null. */
function openingDayOf(text: string): string | null {
  const m = /^\s*((?:[a-z]{3}[a-z]*\.?\s\d{1,2}|\d{1,2}\s[a-z]{3}[a-z]*)(?:st|nd|rd|th)?)\s(?:[a-z][a-z-]*\s){1,2}(?:is|are)\s/.exec(withoutLabel(text).toLowerCase());
  return m ? monthDay(m[1]!) : null;
}

/** The days of the month a text gives: 5月14号, 14日, 4/14, 2026-04-14. */
function daysOfMonth(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/(?<![\d.:])(\d{1,2})\s?[号日](?![\d])/g)) out.add(Number(m[1]));
  for (const m of text.matchAll(/(?<![\d.:/])\d{1,2}\/(\d{1,2})(?![\d/:])/g)) out.add(Number(m[1]));
  for (const m of text.matchAll(/\b\d{4}-\d{2}-(\d{2})\b/g)) out.add(Number(m[1]));
  return out;
}

/** Words that go on a time rather than name a thing: 周四中午前, 周日吧, 周六 22:00, 晚上跑. */
const TIME_GOES_ON = /^(?:[上下中]午|晚上|早上|早晨|凌晨|傍晚|夜里|夜间|晚(?!班)|早(?!班)|上|下|和|或|及|与|、|到|至|吧|了|前|后|点|开始|起|以后|之后|也|都|还|就|再|跑|执行|运行|发|推|出|见|交|去|来|做|上课|[\d零一二两三四五六七八九十])/;

/**
 * A day or part of the day that names the occasion: a thing follows it (周六长距离集合点, 晚上量血压),
 * and after it the correction says what changed (a change cue) or gives a time of its own.
 */
function namesOccasion(text: string, end: number): boolean {
  // The day a correction opens with is what it is about ("Wednesday is court 6 now, not 4").
  const at = text.length - withoutLabel(text).length;
  if (end > at && end - at <= 9 && /^\s?(?:is|are|'s)\s(?!(?:at|on|in|from|now|\d))/.test(text.slice(end))) return true;
  // Or the day before the thing it is said of ("the Saturday court is #9", "Saturday tour guide is Max": the Saturday booking
  // or tour, not the Tuesday one).
  // (Also where it is held, "Thursday track is at the 武大 annex field": not at a time, "is at 7".)
  if (end > at && /^\s*(?:the |our |my )?[a-z]+$/.test(text.slice(at, end)) && /^\s[a-z]{3,12}(?:\s[a-z]{3,12})?\s(?:is|are)\s(?!(?:from|now|\d)|(?:at|on|in)\s+\d)/.test(text.slice(end))) return true;
  // "周日下午两点那场": a time of day between the day and 那场 still names one occasion.
  const timed = /^\s?(?:[上下中]午|晚上|早上|凌晨|傍晚)?\s?(?:\d{1,2}(?::\d{2})?|[零一二两三四五六七八九十]{1,3})\s?(?:点半?)?\s?(?=那场|那节|那次|那班|那趟|这场)/.exec(text.slice(end));
  if (timed) return true;
  // "周三 19:30 大教室改由 Sam 上": opening with the day, its clock time and the thing, then a change that is no time: one
  // occasion.
  const clocked = end > at && end - at <= 4 && /^\s?(?:[上下中]午|晚上|早上|傍晚)?\s?\d{1,2}(?::\d{2}|\s?点半?)\s?(?=[\u4e00-\u9fff]|[a-z])/i.exec(text.slice(end));
  if (clocked) {
    const rest = text.slice(end + clocked[0]!.length);
    const cueAt = CHANGE_CUE.exec(rest)?.index ?? -1;
    if (cueAt > 1 && !/\d{1,2}(?::\d{2}|\s?点|\s?(?:am|pm)\b)|[零一二两三四五六七八九十]{1,3}\s?点/.test(rest.slice(cueAt))) return true;
  }
  // (A place or thing named by a number between them, 周五 46 的 call time: the Friday gig at 46, no time.)
  const after = text.slice(end).replace(/^\s?(?:的|那个|那场|那次|那节|'s)?\s?/, '').replace(/^\d{2,4}\s?的\s?/, '');
  // "周四下午出诊不是王医生了": a part of the day, then what is done (no clock), then what changed: one occasion.
  const dayPart = /^(?:[上下中]午|晚上|早上|凌晨|傍晚)(?=[\u4e00-\u9fff])/.exec(after);
  if (dayPart) {
    const rest = after.slice(dayPart[0].length);
    const cueAt = CHANGE_CUE.exec(rest)?.index ?? -1;
    // (Or "周一上午现在归康复理疗用了": the part of the day, then at once what it is now.)
    if ((cueAt > 1 || (cueAt === 0 && /^(?:现在|\s?now\b)/.test(rest))) && !/[\d零一二两三四五六七八九十]\s?点|\d:\d/.test(rest.slice(0, cueAt))) return true;
  }
  if (!/^[\u4e00-\u9fff]|^[a-z]/.test(after) || TIME_GOES_ON.test(after)) return false;
  if (/^(?:at|on|in|from|to|and|or|morning|afternoon|evening|night|noon|now|is|are|\d)\b/.test(after)) return false;
  const cue = CHANGE_CUE.exec(text.slice(end));
  const clock = /\d{1,2}(?::\d{2}|\s?点|\s?(?:am|pm)\b)/.exec(after);
  return cue !== null || (clock !== null && clock.index > 1);
}

/** The distances a text names, a race's too (10km, 10 公里, 50K), spaces out and lower-case. */
function distancesOf(text: string): Set<string> {
  const out = new Set<string>();
  const unit = (u: string) => (/^(?:km|kilomet|公里|千米)/.test(u) ? 'km' : 'mi');
  for (const m of text.matchAll(DISTANCE_RE)) {
    const d = /^(\d+(?:\.\d+)?)\s?(.+)$/.exec(m[0].toLowerCase());
    if (d) out.add(`${d[1]}${unit(d[2]!)}`);
  }
  for (const m of text.matchAll(/(?<![\w.])(\d+(?:\.\d+)?)\s?k(?![\w])/gi)) out.add(`${m[1]}k`);
  return out;
}

/** The relation words a text holds (妈妈, 公公, wife). */
const kinIn = memo((text: string) => [...KINSHIP_WORDS].filter((k) => holds(text, k)));

/** One relative however called: 妈 / 妈妈 / 母亲, 太太 / 老婆. */
function akin(a: string, b: string): boolean {
  return a.includes(b) || b.includes(a) || KIN_SAME.some((g) => g.includes(a) && g.includes(b));
}

/** A number of three dotted parts (or a room number) standing first in a text, before its attribute words and other values. */
function leadingNumber(a: TextAnalysis): string | null {
  const firstAttr = Math.min(...a.attrWords.map((w) => a.plain.indexOf(w)).filter((i) => i !== -1), Infinity);
  const placed = a.values.map((v) => ({ v, at: a.plain.indexOf(v) })).filter((x) => x.at !== -1).sort((x, y) => x.at - y.at);
  const first = placed[0];
  // A dotted object number (2019.45.3), or a room or unit number of three or four digits (1201, A栋201, a flat by its
  // street: 宜山路302, 田林1201), not a year nor the old value a correction quotes.
  const unit =
    /^[1-9]\d{2,3}$/.test(first?.v ?? '') &&
    !/^(?:19|20)\d\d$/.test(first!.v) &&
    !a.oldValues.includes(first!.v) &&
    new RegExp(`^\\s*(?:\\S{0,4}?(?:号楼|栋|座|单元)\\s?|\\p{Script=Han}{2,4})?${first!.v}(?![\\d.,:：%])`, 'u').test(withoutLabel(a.plain));
  if (!first || !(/^\d+(?:\.\d+){2,}$/.test(first.v) || unit) || first.at > firstAttr) return null;
  // something stated after it: an attribute word or a value of another form
  return unit || a.values.length > 1 || Number.isFinite(firstAttr) ? first.v : null;
}

/** Titles a correction names its thing by: before it says what changed, and not written as a value. */
function namingTitles(written: string): string[] {
  // A label left at the start ("correction: …") is not what the title is written after.
  const text = withoutLabel(written);
  const cue = CHANGE_CUE.exec(text)?.index ?? text.length;
  return [...text.matchAll(TITLE_RE)]
    .filter((m) => m.index! < cue && !/(?:标题|题目|书名|片名|名字|名称|title|named|called|叫|是|为|成|到|to|is|now|:|：|=)\s*$/.test(text.slice(Math.max(0, m.index! - 12), m.index!)))
    .map((m) => m[1]!.trim().toLowerCase());
}

const occasionDaypartsOf = memo(occasionDayparts);
const daypartsOf = memo(daypartsIn);
const IP_WORD = /\bip\b|ip\s?地址|\bip address/;
const IP_VALUE = /\b\d{1,3}(?:\.\d{1,3}){3}\b/;
const HOSTNAME_WORD = /hostname|host name|主机名|域名|\bdns name\b|\bdomain\b/;
/** The week a text names a weekday of, relative to now (这周日, 下周三, next Friday), or null. */
function relativeWeekOf(text: string): string | null {
  const m = /(这|本|下下|下|上)(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]|\b(this|next|last)\s(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)\b/.exec(text);
  if (!m) return null;
  const w = m[1] ?? m[2]!;
  return w === '这' || w === '本' || w === 'this' ? 'this week' : w === '下' || w === 'next' ? 'next week' : w === '上' || w === 'last' ? 'last week' : 'the week after next';
}
const frequenciesOf = memo(frequenciesIn);
/** Frequencies a correction names its thing by: written before what changed (all of them when no change cue). */
const occasionFrequenciesOf = memo((text: string) => {
  const cue = CHANGE_CUE.exec(text)?.index ?? text.length;
  return new Set(frequencyMentions(text).filter((m) => m.at < cue).map((m) => m.freq));
});
const occasionWeekdaysOf = memo((text: string) => new Set(weekdayMentions(text).filter((m) => namesOccasion(text, m.end)).map((m) => m.day)));
const weekdaysOf = memo(weekdaysIn);
const namingTitlesOf = memo(namingTitles);
const titlesOf = memo(titlesIn);

/** Whether a text holds a word only in the spans `blank` blanks out. */
function onlyWithin(text: string, w: string, blank: (text: string) => string): boolean {
  if (!holds(text, w)) return false;
  const rest = blank(text);
  return rest !== text && !holds(rest, w);
}

/** A word a text holds only inside a denial ("not Acme shoes", "不是 B 套餐"): the text is not about it. */
const onlyNegated = (text: string, w: string): boolean => onlyWithin(text, w, withoutDenials);

/** The text with its denials ("not …", 不是 …) blanked out. */
const withoutDenials = memo((text: string) => text.replace(/\bnot\s+[^,.;:()!?]{1,40}|(?:不是|并非|而非)[^，。；：、()（）!?！？,.;]{1,20}/g, ' '));

/** A word a text names only to set its thing apart from it (不要跟 feed.py 那个, 别跟 X 一样, 莫跟豆豆搞混, 别学 DMU 65 开到 18000, 避开预约前端的 5173, unlike X, split from X, 跟预约那个抢带宽, 跟公众号统一, (not the queue cache), （…，不是小马）). */
const onlySetApart = (text: string, w: string): boolean => onlyWithin(text, w, withoutSetApart);
// (Blanked in place, so what is left keeps its positions; a list of numbers, 别跟1、2号车一样, is set apart whole.)
const withoutSetApart = memo((text: string) => text.replace(/\b(?:unlike|not like|different from|split from|separate from|apart from|(?:is|are|was|were) (?:taken|booked|occupied|reserved) (?:by|for))\s+[^,.;:()!?]{1,40}|(?:不要跟|不要和|别跟|别和|不跟|不和|不像|有别于|区别于|别按|不要按|不按|别学|不要学|别像|不要像|避开|莫跟|莫和|莫要跟)(?:[^，。；：、()（）!?！？,.;]|、(?=\d)){1,20}|跟[^，。；：、()（）!?！？,.;]{1,12}?(?=(?:那个|那边|那条|的)?(?:抢|挤|撞车|冲突))|(?:跟|和|与)[^，。；：、()（）!?！？,.;]{1,12}?(?=(?:那个|那边|的)?(?:保持)?(?:统一|一致|对齐))|(?<=[（(][^）)]{0,20})(?:不是|\bnot\b)[^）)]{1,30}(?=[）)])/g, (m) => ' '.repeat(m.length)));

/**
 * Stores a Chinese text names by what they keep, two characters before 库 (报名库, 订单库). Not a database in general
 * (数据库), a store room (仓库, 冷库, 车库), goods moved in or out (入库, 出库), a database's role (主库, 从库, 备库), nor 库存;
 * and only in a text about databases.
 */
function storeNames(text: string): string[] {
  // (Only beside a word of databases: 倒库 is a way to park.)
  if (!/postgres|\bpg\b|mysql|mariadb|mongo|sqlite|oracle|\bdb\b|database|数据库|\bsql\b/i.test(text)) return [];
  return [...text.matchAll(/(\p{Script=Han}{2})库(?!存)/gu)].map((m) => m[1]!).filter((w) => !/(?:[入出进在移盘退回建分总主从备仓冷车金]|数据|资料)$/u.test(w)).map((w) => `${w}库`);
}

/** The names a Chinese text sets its thing apart from, written whole (不跟海豚号一起走 → 海豚号; 别跟 Gitea 挤 → gitea), of three characters or more. */
function setApartNames(text: string): string[] {
  return [...squeezed(text).matchAll(/(?:不要跟|不要和|别跟|别和|不跟|不和|不像|别像|避开|莫跟|莫和)([\p{Script=Han}a-z0-9_.-]{2,12}?)(?=一起|一样|搞混|弄混|混了|那个|那边|那条|的|挤|抢|撞|同|[，。；,.;]|$)/gu)].map((m) => m[1]!);
}

/** A text lower-cased, without white space. */
const squeezed = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** The new value is a person (换成李医生, 改由老王, → Dr. Lee): right after the word saying what it became. */
function personIsNewValue(text: string): boolean {
  return newPersonOf(text) !== null;
}

/** The person a text says something became (换成阿杰, 改由老王, → Dr. Lee), as written; null when it names none so. */
export function newPersonOf(text: string): string | null {
  const m = /(?:换成|改成|改为|改由|换为|换|由|→|->|\bto\b|\bwith\b)\s?/g;
  for (const x of text.matchAll(m)) {
    const rest = text.slice(x.index! + x[0].length);
    const dr = /^dr\.?\s[a-z]+/.exec(rest);
    if (dr) return dr[0];
    const p = peopleIn(rest.slice(0, 6))[0];
    if (p && rest.startsWith(p)) return p;
    // (A name in Latin letters doing the work after 由: 改由 Wei 录, 由 Kevin 负责.)
    const latin = /由\s?$/.test(x[0]) ? /^([a-z]{2,12})\s?(?=录|錄|做|负责|負責|写|寫|拍|配|跟进|带|帶|接手|管|审|審|剪|翻译|翻譯|主持|讲|講)/.exec(rest) : null;
    if (latin) return latin[1]!;
  }
  return null;
}

/** Verbs after which a text gives what something moved or changed to. */
const MOVED_TO = new RegExp(`(?:${TO_NEW_VALUE}|改到|换到|改在|\\bmoved to\\b|\\bchanged to\\b)\\s?`, 'i');

/**
 * The words a text says something moved or changed to (集合点换到龙门索道下站, moved to the east gate): the new value written
 * in words, to its clause's end. Empty when the change gives a number or names nothing.
 */
export function newThingWords(c: TextAnalysis): string[] {
  const m = MOVED_TO.exec(c.plain);
  if (!m) return [];
  const span = c.plain.slice(m.index + m[0].length).split(/[，,。；;！!？?（(]/)[0]!;
  if (/\d/.test(span)) return [];
  return c.subjects.filter((w) => span.includes(w));
}

/** The attribute classes the correction changes: named ones when it names any, else its values' shapes. */
function correctionAttrs(c: TextAnalysis): Set<string> {
  // What the clauses after the new value say (why it changed) changes nothing.
  const named = c.changeNamed;
  const shapes = c.changeShapes;
  let out: Set<string>;
  if (named.size) {
    out = new Set(named);
    // A part of the day naming the job (夜间转码的并发改成 2 路) is no schedule the correction changes,
    // when it changes another attribute and states no time.
    if (out.has('schedule') && out.size > 1 && !shapes.has('schedule') && c.attrWords.every((w) => PART_OF_DAY.has(w) || !ATTRIBUTE_WORDS.schedule!.includes(w))) out.delete('schedule');
    for (const s of shapes) for (const n of SHAPE_ANSWERS[s] ?? []) if (named.has(n)) out.add(s);
    // An attribute word right before the one the new value answers names the thing ("alert webhook timeout is
    // 30 s" changes a timeout, not where the alerts go).
    const answered = new Set([...shapes].flatMap((s) => SHAPE_ANSWERS[s] ?? []).filter((n) => named.has(n)));
    if (answered.size === 1) {
      const head = [...answered][0]!;
      for (const a of [...out]) {
        if (a === head || shapes.has(a) || (SHAPE_ANSWERS[a] ?? []).length) continue;
        const modifies = ATTRIBUTE_WORDS[a]!.some((w) => ATTRIBUTE_WORDS[head]!.some((h) => holds(c.plain, `${w} ${h}`) || holds(c.plain, w + h)));
        if (modifies) out.delete(a);
      }
    }
    // Where a job sends things, said of it (scratch 同步到 NAS 改成每天 23:00), when the new value is of another
    // attribute and no value says where: the job, not its target, is what the value changes.
    const answers = new Set([...shapes].flatMap((s) => [s, ...(SHAPE_ANSWERS[s] ?? [])]));
    if (out.has('target') && !answers.has('target') && [...out].some((a) => a !== 'target' && answers.has(a))) out.delete('target');
  } else out = attrsOf({ ...c, named, shapes });
  // How often, said of an amount (每天 55 克, 每餐 150g): the rate of the amount, no schedule of its own.
  const often = [...c.valueShapes].filter(([, sh]) => sh === 'schedule').map(([v]) => v);
  const amountAfter = (v: string): string | null => {
    const at = c.plain.indexOf(v);
    if (at === -1 || /\d/.test(v) || frequenciesIn(v).size === 0) return null;
    const next = c.plain.slice(at + v.length).replace(/\s/g, '');
    const hit = [...c.valueShapes].find(([w, sh]) => sh !== 'schedule' && next.startsWith(w.replace(/\s/g, '')));
    return hit ? hit[1] : null;
  };
  const rates = often.map(amountAfter);
  if (often.length && rates.every((r) => r !== null) && out.has('schedule') && rates.some((r) => out.has(r!) || (SHAPE_ANSWERS[r!] ?? []).some((n) => out.has(n)))) out.delete('schedule');
  // A charge named by its word right before its new amount (省赛报名费改成 350) changes a price, though no unit says so.
  if (out.size === 0 && pricedFee(c.plain)) out.add('price');
  return out;
}

/** Where a value stands in a text, written as it was (20号 stands as 20 号), or -1. */
function valueAt(text: string, v: string): number {
  return valueSpan(text, v)?.at ?? -1;
}

/** Where a value starts and ends in a text, written as it was (20号 stands as 20 号), or null. */
function valueSpan(text: string, v: string): { at: number; end: number } | null {
  const at = text.indexOf(v);
  if (at !== -1) return { at, end: at + v.length };
  if (!/\d\p{Script=Han}/u.test(v)) return null;
  const m = new RegExp(v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/(\d)(?=\p{Script=Han})/gu, '$1\\s?'), 'u').exec(text);
  return m ? { at: m.index, end: m.index + m[0].length } : null;
}

/** The shopping festivals named by their day (11.11 / 双十一, 12.12 / 双十二, 6.18 / 618), each with its names. */
const FESTIVALS: [RegExp, RegExp][] = [
  [/^11\.11$/, /双\s?(?:十一|11)|(?<![\d.])11\.11(?![\d.])/],
  [/^12\.12$/, /双\s?(?:十二|12)|(?<![\d.])12\.12(?![\d.])/],
  [/^6\.18$/, /(?<![\d.])6\.?18(?![\d.])|六一八/],
];

/** A festival's day the text names the festival by (11.11 where it says 双十一). */
function festivalNamed(day: string, text: string): boolean {
  return FESTIVALS.some(([d, names]) => d.test(day) && names.test(text));
}

/** `minShare`: least weighted share of the correction's subject words (lowered to 0.34 with a quoted old value). */
/**
 * `relaxed`: a red line that says it replaces an older one, judged against red lines only: rules
 * name no attribute, so the shared subject alone decides (at least 30% of it).
 */
export interface JudgeContext {
  /** least weighted share of subject words (default 0.5) */
  minShare?: number;
  /** a red line replacing a red line: the shared subject alone decides */
  relaxed?: boolean;
  /**
   * the candidate is the latest earlier turn of the correction's own conversation that states
   * the attribute: "不对，端口是9090" is about what was just said, even with no subject word
   */
  previousTurn?: boolean;
  /**
   * the weight a subject word no other record holds adds to the subject to cover (0 by default):
   * it lowers the coverage of a candidate that lacks it, and is never required
   */
  unknownWeight?: (w: string) => number;
}

/**
 * Whether a record states one of the attributes a correction changes: by name when the
 * correction names it ("端口是9090" echoes a turn that says 端口, not one with a :5432 in a URL).
 */
export function sharesAttribute(c: TextAnalysis, o: TextAnalysis): boolean {
  if (c.named.size) return [...c.named].some((a) => o.named.has(a));
  const oAttrs = attrsOf(o);
  return [...correctionAttrs(c)].some((a) => oAttrs.has(a));
}

/** A word naming, in other words, a contrast-group member the text names (头图 / 封面). */
function sameMember(word: string, a: TextAnalysis): boolean {
  return CONTRAST_GROUPS.some((g) => Object.entries(g.members).some(([m, ws]) => ws.includes(word) && a.contrast.get(g.name)?.has(m)));
}

/** Shapes of a value that is an amount: changed only by another amount. */
const AMOUNT_SHAPES = new Set(['price', 'salary', 'count', 'weight', 'capacity', 'distance']);

/** The ways a text names from one thing to another (EN→BM, 主库 -> 从库): word pairs around an arrow, no numbers (8080→9090 is a change). */
const ARROW = /→|->|=>|⇒|➡/g;
const WAY = new RegExp(`([a-z\\p{Script=Han}]{1,12})\\s*(?:${ARROW.source})\\s*([a-z\\p{Script=Han}]{1,12})`, 'gu');
const directionsOf = memo((text: string): [string, string, number][] => [...text.matchAll(WAY)].map((m) => [m[1]!, m[2]!, m.index!]));

/** Two values of one form: the same shape (a schedule of the same kind), or numbers of as many digits (8096 / 8920). */
function sameForm(a: TextAnalysis, v: string, w: string): boolean {
  const sv = a.valueShapes.get(v);
  const sw = a.valueShapes.get(w);
  if (sv || sw) return sv === sw && (sv !== 'schedule' || (scheduleKind(v) !== null && scheduleKind(v) === scheduleKind(w)));
  return /^\d{3,}$/.test(v) && /^\d{3,}$/.test(w) && v.length === w.length;
}

/**
 * A value the correction gives as another thing's, not its own old one: after another thing's name and 的 (嫑跟后端的
 * 8000 撞了, where the alert service's port is changed), or as the day of something else (3.15 那天要体检).
 */
function ownedElsewhere(c: TextAnalysis, v: string): boolean {
  const at = c.plain.indexOf(v);
  if (at <= 0) return false;
  // (A name in letters owns one too: 夹在 ingest 的 8080 跟 thumbgen 中间.)
  const owner = /(\p{Script=Han}{2,6}|(?<![\w-])[a-z][a-z0-9_-]{1,23})\s?的\s?$/u.exec(c.plain.slice(Math.max(0, at - 28), at))?.[1];
  if (owner && /[，,;；]/.test(c.plain.slice(0, at)) && !c.subjectPart.some((w) => owner.includes(w) || w.includes(owner))) return true;
  return /^\s?(?:那天|当天|那晚|那周)\s?(?:要|有|得|去|是)/.test(c.plain.slice(at + v.length));
}

/**
 * The old value by value-slot alignment: the correction states two values of one form (the new
 * one and the old one: "jellyfin 换到 8920 了，8096 被占了"), and the candidate holds exactly one.
 */
export function pairedOld(c: TextAnalysis, o: TextAnalysis): string[] {
  // Where the correction says which value was the old one (是 2026-10-31，不是 11月), another value of that kind is the new one.
  const stated = (v: string) =>
    !c.oldValues.some((w) => w === v || sameValue(v, w)) && c.oldValues.some((w) => c.values.includes(w) && sameForm(c, v, w));
  // (A value it goes back to, 还是回到 20:30, is the new one, though an older record holds it.)
  const backTo = (v: string) => new RegExp(`(?:回到|改回|调回|恢复到?|\\bback to|\\brevert(?:ed)? to)\\s?${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(c.plain);
  // (Nor a value the candidate holds only inside one of another shape: 60 秒 of 每 60 秒拉取一次, how often, where the
  // correction's 60 秒 is a timeout it names. Not an interval: 15 分钟一次 and 每 15 分钟 are one.)
  const otherShaped = (v: string) => {
    const shape = c.valueShapes.get(v);
    const within = [...o.valueShapes].filter(([ov]) => ov !== v && holds(ov, v));
    return c.named.has('timeout') && !!shape && !o.valueShapes.has(v) && within.length > 0 && within.every(([, os]) => os !== shape);
  };
  const held = c.values.filter((v) => holds(o.hay, v) && !stated(v) && !ownedElsewhere(c, v) && !backTo(v) && !otherShaped(v));
  // (Nor the number it names its thing by, before it says what changed (301 的换滤棉提醒…，1 号跟 203 挤): no new value of 203.)
  const naming = placeNumberOf(c.plain.slice(0, CHANGE_CUE.exec(c.plain)?.index ?? c.plain.length));
  // (Nor an end of a span of days it gives, Wed–Sat: both ends are the new value. A clock time kept at one end of a span, 10:00
  // of 10:00–17:00 → 10:00–18:00, is the old span's.)
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const span = (v: string, w: string) => !/\d/.test(v) && new RegExp(`${esc(v)}\\s?[-–~至]\\s?${esc(w)}|${esc(w)}\\s?[-–~至]\\s?${esc(v)}`).test(c.plain);
  return held.filter((v) => c.values.some((w) => w !== v && w !== naming && sameForm(c, v, w) && !holds(o.hay, w) && !span(v, w)));
}

/**
 * Value-slot alignment: a bare number in the candidate shaped like the port the correction states
 * (as many digits, four or more, not a year) is a port too. "search-svc runs on 7700" states the
 * port that "search-svc port: 7701" restates, though it never says "port".
 */
export function alignValues(c: TextAnalysis, o: TextAnalysis): TextAnalysis {
  if (o.shapes.has('port')) return o;
  const ports = [...c.valueShapes].filter(([v, s]) => s === 'port' && /^\d{4,5}$/.test(v)).map(([v]) => v);
  if (ports.length === 0) return o;
  const bare = o.values.filter((v) => /^\d{4,5}$/.test(v) && !o.valueShapes.has(v) && !/^(?:19|20)\d\d$/.test(v) && ports.some((p) => p.length === v.length));
  if (bare.length === 0) return o;
  return { ...o, shapes: new Set([...o.shapes, 'port']), valueShapes: new Map([...o.valueShapes, ...bare.map((v): [string, string] => [v, 'port'])]) };
}

/** Parts of a system named after what they serve: api-gateway is not the api, booking-worker not booking. */
const COMPONENTS = new Set(['gateway', 'gw', 'proxy', 'worker', 'workers', 'cache', 'queue', 'scheduler', 'cron', 'admin', 'client', 'sdk', 'cli', 'ui', 'web', 'frontend', 'backend', 'retry', 'dlq', 'replica', 'exporter', 'agent', 'sidecar', 'router', 'lb', 'consumer', 'producer', 'bot', 'docs', 'mock', 'migrator']);

/**
 * A word before the correction's cue that the candidate holds only as the first part of a component's name
 * (api → api-gateway), a part the correction does not name.
 */
function partOnly(c: TextAnalysis, o: TextAnalysis): { word: string; id: string } | null {
  const cue = CHANGE_CUE.exec(c.plain)?.index ?? c.plain.length;
  for (const m of c.plain.slice(0, cue).matchAll(/(?<![\w.\/-])[a-z][a-z0-9]{1,}(?![\w.\/-])/g)) {
    const w = m[0];
    if (holds(o.hay, w)) continue;
    const id = o.ids.find((i) => {
      const parts = i.split(/[-_]/);
      return parts.length === 2 && parts[0] === w && COMPONENTS.has(parts[1]!) && !holds(c.hay, parts[1]!);
    });
    if (id) return { word: w, id };
  }
  return null;
}

/** A school class as its grade (if written) and number: 高二(3)班 → 高二 / 3, 三年级一班 → 三 / 1, 三班 → 3. */
function classOf(id: string): { grade: string | null; n: number } | null {
  const m = /^(?:([高初]?[一二三四五六])\s?(?:年级)?\s?)?\(?\s?([一二三四五六七八九十\d]{1,2})\s?\)?\s?班$/u.exec(id);
  if (!m) return null;
  const n = /^\d+$/.test(m[2]!) ? Number(m[2]) : hanNumber(m[2]!);
  return Number.isNaN(n) ? null : { grade: m[1] ?? null, n };
}

/** One numbered thing written longer or shorter: 三号厅 / 三号展厅, 1号柜 / 1号冷柜 (the same number, one kind of place). */
function sameNumbered(a: string, b: string): boolean {
  // One code written with and without its dash (K-141 / K141); a room in either language (room 2 / 2号房).
  if (/\d/.test(a) && looseCode(a) === looseCode(b)) return true;
  const room = (x: string) => /^(?:room|rm)\s?(\d{1,4})$/.exec(x)?.[1] ?? /^(\d{1,4})号?房间?$/u.exec(x)?.[1] ?? null;
  if (room(a) !== null && room(a) === room(b)) return true;
  // One class written two ways (三(1)班 / 三年级一班; 三班 / 高二(3)班, the grade left out).
  const ca = classOf(a);
  const cb = classOf(b);
  if (ca && cb) return ca.n === cb.n && (ca.grade === null || cb.grade === null || ca.grade === cb.grade);
  const x = /^(.{1,3}号)(.+)$/u.exec(a);
  const y = /^(.{1,3}号)(.+)$/u.exec(b);
  return !!x && !!y && x[1] === y[1] && x[2] !== y[2] && (x[2]!.endsWith(y[2]!) || y[2]!.endsWith(x[2]!));
}

/** The identifiers of a text that a word is written inside (池子 in 3号池子, whose id is 3号池). */
function inIds(a: TextAnalysis, q: string): string[] {
  return a.ids.filter((i) => {
    const at = a.plain.indexOf(i);
    const qa = at === -1 ? -1 : a.plain.indexOf(q, at);
    return qa !== -1 && qa < at + i.length;
  });
}

/** Someone a text opens with, described in brackets by their tie to another person: 小胖（幺儿同学）, Tom (Amy's classmate). */
const DESCRIBED_PERSON =
  /^\s*(?:\[[a-z]+\]\s*)?([\u4e00-\u9fff]{2,3}|[a-z]{2,12})\s?[（(]([^（）()]{1,12}?(?:同学|朋友|同事|室友|邻居|发小|闺蜜|表[哥姐弟妹]|堂[哥姐弟妹]|女朋友|男朋友|对象|家长|老婆|老公)|[^（）()]{1,16}?'s (?:classmate|friend|colleague|roommate|neighbou?r|cousin|teammate))[）)]/;

export function describedPerson(text: string): { name: string; tie: string } | null {
  const m = DESCRIBED_PERSON.exec(text);
  return m ? { name: m[1]!, tie: m[2]! } : null;
}

export function judge(correction: TextAnalysis, older: TextAnalysis, weight: WordWeight, ctx: JudgeContext = {}): Verdict {
  const o = alignValues(correction, older);
  const c = alignValues(o, correction);
  const minShare = ctx.minShare ?? 0.5;
  const relaxed = ctx.relaxed ?? false;
  const ownValues = o.values.filter((v) => !c.values.includes(v));
  const tokens = valueTokens(o).filter((t) => !holds(c.hay, t));
  const base = { accepted: false, score: 0, coverage: 0, shared: [] as string[], missing: [] as string[], attribute: null as string | null, quoted: [] as string[], holdsNew: false, heads: [] as string[], ownValues, tokens, attributes: [...attrsOf(o)], named: [...o.named], conflict: false };
  const refuse = (refusal: Refusal, why: string, extra: Partial<Verdict> = {}): Verdict => ({ ...base, ...extra, refusal, why });
  const conflict = (why: string): Verdict => ({ ...base, refusal: 'other-subject', why, conflict: true });

  // Counter-evidence first: another member of a group the correction names (for groups of what is done,
  // 开门 / 关门, wakes up / turns off, anywhere in it: the verb comes after the cue).
  // (Not in a clause after the first that changes nothing: "，Sunday clashes with the SG backup" gives a reason.)
  const changing = changingClauses(c.plain);
  const changed = contrastOf(changing);
  const named = new Map([...c.contrastEarly, ...[...changed].filter(([g]) => (VERB_GROUPS.has(g) || CLASH_ONLY.has(g)) && !c.contrastEarly.has(g))]);
  // (A clash-only group named early and again where it changes is named with both: 进价涨了，售价改30 changes the sale price.)
  for (const [g, s] of changed) {
    const early = c.contrastEarly.get(g);
    if (early && CLASH_ONLY.has(g) && [...s].some((m) => !early.has(m))) named.set(g, new Set([...early, ...s]));
  }
  const apart = otherMember(named, o.contrast);
  if (apart) return conflict(`names ${[...apart.theirs].join('/')} where the correction names ${[...apart.mine].join('/')}`);

  // The candidate's own subject, the words it opens with, names another member: "极兔的车也是 17:30 左右到，跟顺丰前后脚"
  // is about 极兔, whatever it is compared with.
  // (Not for what is done to it: "Notion export 每晚 02:00 备份" names its export first, and is its backup too.)
  const leadApart = o.lead.length ? otherMember(new Map([...c.contrastEarly].filter(([g]) => !CLASH_ONLY.has(g))), contrastOf(o.lead.join(' '))) : null;
  if (leadApart) return conflict(`is about ${[...leadApart.theirs].join('/')} (it names it first) where the correction names ${[...leadApart.mine].join('/')}`);
  // A record that opens with someone described by their tie to another (小胖（幺儿同学）, Tom (Amy's classmate)) is about
  // that someone: a correction that does not name them is not about them.
  const described = describedPerson(o.plain);
  if (described && !holds(c.hay, described.name)) return conflict(`is about ${described.name} (${described.tie}), whom the correction does not name`);
  // And the other way round: a correction opening with someone so described (志鸿（志明的堂弟）5/3 那场…) is about them, not about
  // the one they are tied to.
  const theirOwn = describedPerson(c.plain);
  if (theirOwn && !holds(o.hay, theirOwn.name)) return conflict(`does not name ${theirOwn.name} (${theirOwn.tie}), whom the correction is about`);
  // A dotted number the text opens with, before any attribute word or other value, names the thing
  // (an object number: 2019.45.3（借展）撤展日 5 月 20 日); another one is another thing.
  const myLead = leadingNumber(c);
  const theirLead = leadingNumber(o);
  if (myLead && theirLead && myLead !== theirLead && !holds(o.hay, myLead)) return conflict(`is about ${theirLead} where the correction is about ${myLead}`);
  // A bare number of three or four digits the correction opens with, before its words (206 周六只能用到 11:30: room 206), where
  // the candidate gives other such numbers and not it (研讨间 204 周六可以用到 12:00): another room, flat or unit.
  const opener = /^\s*(\d{3,4})(?=\s?\p{Script=Han})(?!\s?(?:年|元|块|米|个|次|人|天|号|份|克|斤|公里|分|秒|度|件|箱|单|页|字|张|条|台|点))/u.exec(withoutLabel(c.plain))?.[1];
  if (opener && !c.valueShapes.has(opener)) {
    // (Or as the number closing an identifier, M24-0306 for 0305.)
    const bare = [...o.plain.matchAll(/(?<![\d.:/\-])\d{3,4}(?![\d.:/%\-])|(?<=[a-z]\d{0,4}-)\d{3,4}(?![\d.:/%\-])/g)].map((m) => m[0]).filter((n) => !o.valueShapes.has(n));
    if (bare.length && !bare.includes(opener) && !holdsNumber(o.plain, opener)) return conflict(`names ${bare.join(', ')} where the correction names ${opener}`);
  }
  // 大灭菌器 / 小灭菌器, 老解放 / 新解放: one noun, told apart by size or age.
  const clash = prefixClash(c.plain, o.plain);
  if (clash) return conflict(`says ${clash.theirs} where the correction says ${clash.mine}`);
  // 副队长 / 队长: the deputy is another person.
  const deputy = deputyClash(c.plain, o.plain);
  if (deputy) return conflict(`names the ${deputy} and the deputy apart from the correction`);
  // A1 Pro / A1: a model and its tier are two products.
  const tier = tierClash(c.plain, o.plain);
  if (tier) return conflict(`names ${tier} in another tier than the correction`);
  // What the correction says before it says what changed: where it names its thing (week, relative, owner, person, handle).
  const beforeChange = c.plain.slice(0, CHANGE_CUE.exec(c.plain)?.index ?? c.plain.length);
  // 这周日 / 下周日: another week's occasion.
  const myWeek = relativeWeekOf(beforeChange);
  const theirWeek = relativeWeekOf(o.plain);
  if (myWeek && theirWeek && myWeek !== theirWeek) return conflict(`is of ${theirWeek}, the correction of ${myWeek}`);
  // A move to one week's day (升级推到下周六, pushed to next Friday) moves one occasion: what happens every week (每周六
  // 06:00 检查新版本) is another fact, which it leaves as it was.
  const movedTo = relativeWeekOf(c.plain.slice(beforeChange.length));
  if (movedTo && frequenciesOf(c.plain).size === 0 && (frequenciesOf(o.plain).has('week') || /\bevery (?:mon|tues|wednes|thurs|fri|satur|sun)day\b/.test(o.plain))) {
    return refuse('other-attribute', `states what happens every week, the correction moves one occasion to ${movedTo}`);
  }
  // A title the correction names its thing by ('Harbour at Dusk' in A3 is US$45): a candidate naming
  // another title is about another thing. A title written as the value (标题改成《…》, is 'X') is no name.
  const myTitles = namingTitlesOf(c.plain);
  const theirTitles = titlesOf(o.plain);
  if (myTitles.length && theirTitles.length && !myTitles.some((t) => theirTitles.includes(t) || o.plain.includes(t))) {
    return conflict(`names ${theirTitles.map((t) => `"${t}"`).join(', ')} where the correction names ${myTitles.map((t) => `"${t}"`).join(', ')}`);
  }
  // A title given as the new value (书目改成《长安的荔枝》), the correction naming no attribute and no value but those both
  // name the occasion by (6 月读书会): a candidate holding no title and stating a date, a time, a price or a place is another
  // fact of the same thing.
  // (A work's title in 《》 is no name in quotes: 借“海风”茶室 gives a place, and holds no book.)
  const givenTitles = titlesOf(c.plain).filter((t) => !myTitles.includes(t));
  const works = (text: string) => /《[^》\n]{2,40}》/.test(text);
  const titled = works(c.plain) ? works(o.plain) : theirTitles.length > 0;
  if (givenTitles.length && c.named.size === 0 && c.values.every((v) => holds(o.hay, v)) && c.oldValues.length === 0 && !titled && o.valueShapes.size > 0) {
    return refuse('other-attribute', `states ${[...new Set(o.valueShapes.values())].join('/')}, the correction gives a title`);
  }
  // The candidate says it is not about what the correction names: "Acme Labs explainer (not Acme shoes)".
  const disowned = c.subjectPart.find((w) => w.length >= 2 && !GENERIC_WORDS.has(w) && onlyNegated(o.plain, w));
  if (disowned) return conflict(`says it is not about ${disowned}`);
  // The correction says it is not about what the candidate names (expiry alerts (not stock) / low-stock alert).
  const denied = c.denials.find((w) => holds(o.hay, w) && !onlyNegated(o.plain, w));
  if (denied) return conflict(`names ${denied}, which the correction says it is not about`);
  // Or its words in another order (the session Redis (not the queue cache) / Redis cache for the queue service), when the
  // candidate lacks what the correction names as its own (session).
  const deniedWords = c.denials.find((d) => {
    const ws = d.split(/\s+/).filter((w) => /^[a-z]{3,}$/.test(w) && !ENGLISH_STOPWORDS.has(w));
    return ws.length >= 2 && ws.every((w) => holds(o.hay, w));
  });
  if (deniedWords && c.subjectPart.some((w) => !GENERIC_WORDS.has(w) && !holds(o.hay, w))) return conflict(`names ${deniedWords}, which the correction says it is not about`);
  // A qualifier of a contrast group the correction names must be there too (production, 公众号, 前端).
  for (const [group, mine] of c.contrastEarly) {
    if (!o.contrast.has(group) && !CLASH_ONLY.has(group)) return refuse('subject-missing', `does not say ${[...mine].join('/')} (${group})`);
  }
  // An old value the correction quotes that names one thing (2025.1.4, 192.168.1.1, G7501, golang:1.22-alpine; not a port,
  // see namesOneThing), which the candidate holds: what the correction calls the thing around it is no qualifier to match.
  const distinctQuoted = c.oldValues.filter((v) => namesOneThing(v) && holds(o.hay, v));
  // The same word qualified differently: 头条封面 vs 次条封面, 客服 owner vs 发货 owner.
  for (const [w, mine] of c.qualifiersEarly) {
    const theirs = o.qualifiers.get(w);
    if (!theirs || !holds(o.hay, w) || distinctQuoted.length) continue;
    // (A short form made of the first character of each word, 继教 of 继续教育, is held.)
    // (Nor one the candidate says in another word of its group: 头等带鱼 / 带鱼一级.)
    const saidOtherwise = (q: string) => [...contrastOf(q)].some(([g, ms]) => [...ms].every((m) => o.contrast.get(g)?.has(m)));
    // (Nor a negation of what the candidate says, 不含晚餐 of 含晚餐: that is the change.)
    const negates = (q: string) => /^[不没无免]/.test(q) && [...theirs].some((t) => t.endsWith(q.slice(1)) || q.slice(1).endsWith(t) || t.startsWith(q.slice(1)));
    const x = [...mine].find((q) => !holds(o.hay, q) && !shortFormIn(o.plain, q) && !saidOtherwise(q) && !negates(q));
    // (Its own qualifier, said in the correction only in a clause giving the reason, is no qualifier of the thing: 键盘那路
    // IEM 换到 531.400，跟贝斯那路隔太近会串 is about 键盘那路.)
    const y = [...theirs].find((q) => !holds(withoutSetApart(c.hay), q) || (!mine.has(q) && holds(c.plain, q) && !holds(withoutReasons(c.plain), q)));
    // proj-moth and moth are one qualifier, written longer
    // (One written in letters, the other in Han characters, in records written one in English, one in Chinese (full / 全量,
    // crash / 崩溃): perhaps one word in two languages.)
    // (Both inside one numbered thing written two ways, 3号池子 / 3号沉淀池, they describe the same one.)
    if (x && y && inIds(c, x).some((a) => inIds(o, y).some((b) => a === b || sameNumbered(a, b)))) continue;
    if (x && y && !y.includes(x) && !x.includes(y) && (han(x) === han(y) || han(c.plain) === han(o.plain))) return conflict(`says ${y}${w} where the correction says ${x}${w}`);
    // The same a level down, where the candidate wrote one word for two (鄂拉山垭 where the correction has 拉脊 山垭):
    // what comes before the shared part is its qualifier.
    for (const q of mine) {
      const longer = [...theirs].find((t) => t.length > q.length && t.endsWith(q));
      const before = longer?.slice(0, longer.length - q.length);
      const other = before && [...(c.qualifiersEarly.get(q) ?? [])].find((q2) => q2 !== before && !q2.includes(before) && !before.includes(q2) && han(q2) === han(before));
      if (other && !distinctQuoted.length) return conflict(`says ${longer}${w} where the correction says ${other}${q}${w}`);
    }
  }
  // A relation qualifying the attribute makes it another person's: 阿杰女儿的生日 is not 阿杰生日.
  for (const [w, mine] of c.qualifiersEarly) {
    const kin = [...mine].find((q) => KINSHIP_WORDS.has(q) && !kinForms(q).some((f) => holds(o.hay, f)));
    if (kin && holds(o.hay, w)) return conflict(`says ${w} of no ${kin}, where the correction says ${kin}'s ${w}`);
  }
  // The race or route the correction names by its distance (50K 的龙井村关门) is not the one the candidate names (25K CP2).
  const myDist = new Set([...distancesOf(beforeChange)].filter((d) => !c.values.some((v) => distancesOf(v).has(d))));
  const theirDist = distancesOf(o.plain);
  if (myDist.size && theirDist.size && ![...myDist].some((d) => theirDist.has(d))) {
    return conflict(`names the ${[...theirDist].join('/')} where the correction names the ${[...myDist].join('/')}`);
  }
  // The correction is about one relative (公公的降压药) and the candidate opens with another (妈妈降压药): another
  // person's, whatever the correction compares them with after it says what changed (跟妈妈一样早上吃).
  const myKin = kinIn(beforeChange);
  const theirKin = kinIn(o.lead.join(' '));
  if (myKin.length && theirKin.length && !myKin.some((k) => holds(o.hay, k) || theirKin.some((x) => akin(k, x)))) {
    return conflict(`is about ${theirKin.join('/')} where the correction is about ${myKin.join('/')}`);
  }
  // One way and the other (EN→BM / BM→EN: a translation pair, a sync, a route): the candidate says the way back.
  // (An arrow is a change cue of its own, 8080→9090: where the correction says what changed is read without arrows.)
  const theirWays = directionsOf(o.plain);
  if (theirWays.length) {
    const changeAt = CHANGE_CUE.exec(c.plain.replace(ARROW, (m) => ' '.repeat(m.length)))?.index ?? c.plain.length;
    const mineWays = directionsOf(c.plain).filter((w) => w[2] < changeAt);
    const back = theirWays.filter(([x, y]) => !theirWays.some(([p, q]) => p === y && q === x));
    const reversed = back.find(([x, y]) => mineWays.some(([p, q]) => p === y && q === x));
    if (reversed) return conflict(`says ${reversed[0]}→${reversed[1]} where the correction says ${reversed[1]}→${reversed[0]}`);
  }
  // The writer's own (我的车, my car) is not a relative's (妈妈的 Myvi): a candidate opening with a relative the correction
  // does not name, and not saying it is the writer's too, is about that relative's.
  const own = (t: string) => /我的|我自己的|(?<![a-z])my\s/.test(t);
  // (A relative named only after the change, as company, 跟妈妈一道去, does not make it theirs.)
  if (!myKin.length && own(beforeChange) && theirKin.length && !own(o.plain) && !theirKin.some((k) => kinForms(k).some((f) => holds(beforeChange, f)))) {
    return conflict(`is about ${theirKin.join('/')}'s where the correction is about the writer's own`);
  }
  // Two people by their everyday names (小陈 / 小刘, 老周 / 老王, 阿杰 / 阿芳): the correction's person is
  // not the one the candidate names.
  // (Only those named before the text says what changed: 交给小何 names the new one.)
  const cue = CHANGE_CUE.exec(c.hay)?.index ?? c.hay.length;
  const cPeople = peopleIn(withoutSetApart(c.hay).slice(0, cue));
  if (cPeople.length && !cPeople.some((n) => o.hay.includes(n))) {
    // 老周 and 周师傅 may be one man: only another surname (or another given name, 阿杰 / 阿芳) is another person.
    // (One the correction names only to say theirs stays, 王姐周三那个班不动, is another person too.)
    const keptOnly = (n: string) => {
      const cls = c.plain.split(/[，,；;。！？!?\n]/).filter((cl) => cl.includes(n));
      return cls.length > 0 && cls.every((cl) => UNCHANGED.test(cl));
    };
    // (Or named only to set the correction's apart: 别跟老张的搞混.)
    const others = peopleIn(o.hay).filter((n) => (!withoutSetApart(c.hay).includes(n) || keptOnly(n)) && !cPeople.some((p) => sameSurname(p, n)));
    if (others.length) return conflict(`names ${others.join(', ')} where the correction names ${cPeople.join(', ')}`);
  }
  // Whose thing it is, when the correction opens with it (Correction: Sara's journal club slot …): the target names
  // that owner too; Sam's slot is another. Only a possessive opening the text or a clause, not "the X-ray machine's".
  // (Not one said of a person in apposition, Joost, Bram's manager: the call is Joost's.)
  const appositive = new Set([...beforeChange.matchAll(APPOSITIVE_PERSON)].map((m) => m[2]!));
  const owners = [...beforeChange.matchAll(OPENING_POSSESSIVE)].map((m) => m[1]!).filter((w) => !GENERIC_WORDS.has(w) && !appositive.has(w));
  // (A relative by any of their names: Dad's is 阿爸's.)
  if (owners.length && !owners.some((w) => kinForms(w).some((f) => holds(o.hay, f)))) return refuse('subject-missing', `does not name ${owners.join(', ')}, whose it is`);
  // A person said by whose they are (the call with Joost, Bram's manager): the call is Joost's; Bram's is another.
  for (const m of beforeChange.matchAll(APPOSITIVE_PERSON)) {
    if (!holds(o.hay, m[1]!) && holds(o.hay, m[2]!)) return refuse('subject-missing', `does not name ${m[1]}; ${m[2]} is named only as whose ${m[1]} is`);
  }
  // A person by name and initial (Noah W. / Noah B.), named before the change: another initial is another person.
  const mine = [...beforeChange.matchAll(NAME_INITIAL)].map((m) => m[0]);
  const theirs = [...o.plain.matchAll(NAME_INITIAL)].map((m) => m[0]);
  if (mine.length && theirs.length && !mine.some((x) => theirs.includes(x))) return conflict(`names ${theirs.join(', ')} where the correction names ${mine.join(', ')}`);
  // An account by its handle (@凯文护肤 / @肯哥美妆): another handle is another account.
  const handles = (t: string) => [...t.matchAll(/@[\w\u4e00-\u9fff.-]{2,24}/gu)].map((m) => m[0]);
  // (Only those it names before it says what changed: "换成 @pb_report_bot" gives the new one.)
  const myHandles = handles(beforeChange).filter((h) => !c.oldValues.includes(h));
  const theirHandles = handles(o.plain);
  if (myHandles.length && theirHandles.length && !myHandles.some((h) => theirHandles.includes(h))) return conflict(`names ${theirHandles.join(', ')} where the correction names ${myHandles.join(', ')}`);
  // A named thing: the correction is about app-02; a record that does not name it is about something else.
  // The old value it names (gpu-05 的卡从 V100 换成 A100) is no name of the thing: gpu-06 holding V100 is another machine.
  // Nor the new value said against the old one (张阿姨家是 20号楼 不是 12号楼).
  const isNotWas = (n: string) => c.plain.includes('不是') && new RegExp(`是\\s*${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[，,]?\\s*(?:而)?不是`).test(c.plain.replace(/(\d)\s+(?=[\u4e00-\u9fff])/g, '$1'));
  // Nor the new one given after a change word or as the new number (作废重开，新号 PO-26040; 换成 gpu-07).
  const newOne = (n: string) => {
    const at = c.plain.indexOf(n);
    return at !== -1 && NEW_ONE_BEFORE.test(c.plain.slice(0, at));
  };
  const namedIds = c.names.filter((n) => !c.oldValues.includes(n) && !isNotWas(n) && !newOne(n));
  // Of several, the ones in the clause that says what changed (跟一班错开，启蒙二班改到…: 二班).
  const cueAt = CHANGE_CUE.exec(c.plain)?.index ?? -1;
  const cueClause = cueAt === -1 ? '' : c.plain.slice(0, cueAt).split(/[，,；;。!?！？]/).at(-1)!;
  // (Not one it goes by: 按 AQL 表改为 125 pcs names the table the new value comes from, not the thing.)
  const inCueClause = namedIds.filter((n) => (holds(cueClause.replace(/\s+/g, ''), n.replace(/\s+/g, '')) || holds(cueClause, n)) && !goneBy(cueClause, n));
  const ownNames = namedIds.length > 1 && inCueClause.length ? inCueClause : namedIds;
  if (ownNames.length && !ownNames.some((n) => holds(o.hay, n) || o.ids.some((i) => sameNumbered(i, n)))) {
    const others = o.ids.filter((i) => !c.ids.includes(i));
    return others.length
      ? conflict(`names ${others.join(', ')} where the correction names ${ownNames.join(', ')}`)
      : refuse('subject-missing', `does not name ${ownNames.join(', ')}`);
  }
  // One of them the candidate lacks, where it names another of the same form (S-18 / S-08, the correction holding SO2 as
  // well): another lot.
  const form = (n: string) => n.replace(/\d/g, '9');
  // (Not the value it gives: storage ticket is CT-88219.)
  const given = (n: string) => {
    const at = c.plain.indexOf(n);
    return at !== -1 && /(?:\b(?:is|are|now)|[是为=:：])\s*$/.test(c.plain.slice(0, at));
  };
  const formed = ownNames.find((n) => /[a-z]/.test(n) && /\d/.test(n) && n.length >= 3 && !holds(o.hay, n) && !given(n) && o.ids.some((i) => i !== n && form(i) === form(n) && !holds(c.hay, i) && !sameNumbered(i, n)));
  if (formed) return conflict(`names ${o.ids.filter((i) => form(i) === form(formed)).join(', ')} where the correction names ${formed}`);
  // A word of the correction's subject that the candidate holds only inside a longer identifier: "prod-eu api"
  // is not "prod-eu api-gateway" (the gateway is another service).
  const within = partOnly(c, o);
  if (within) return conflict(`names ${within.id} where the correction names ${within.word}`);
  // A value the correction says stays as it was ("笔试日期不变 8月23") is not an old value it replaced.
  const keptOnly = (v: string) => {
    const written = c.plain.split(/[，,；;。！？!?\n()（）—–]/).filter((cl) => holds(cl, v) || (/\d/.test(v) && cl.replace(/\s/g, '').includes(v.replace(/\s/g, ''))));
    return written.length > 0 && written.every((cl) => UNCHANGED.test(cl));
  };
  // An address's last part (not .20, 换成 .60): the address that ends so.
  const ipTail = (v: string) => /^\.\d{1,3}$/.test(v) && new RegExp(`(?<![\\d.])\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\${v}(?![\\d.])`).test(o.hay);
  // (A value said only of what the correction sets its thing apart from is no old value of it: 合同扫描件的备份改到 03:00，别跟
  // 02:00 数据库备份抢带宽.)
  // (A bare number the correction also quotes with its unit, 不要 10 寸了, is held only with it: 10 本 is another 10.)
  const withUnit = (v: string) => /^\d+(?:\.\d+)?$/.test(v) && c.oldValues.some((w) => w !== v && w.replace(/\s/g, '').startsWith(v) && c.valueShapes.has(w) && !holds(o.hay, w));
  const quoted = [...new Set([...c.oldValues.filter((v) => holds(o.hay, v) || ipTail(v)), ...pairedOld(c, o).filter((v) => !onlySetApart(c.plain, v))])].filter((v) => !keptOnly(v) && !withUnit(v));
  // A rule named by what it is about (喝酒那条改成 8 小时): the word names the rule, not its value. A candidate holding the
  // word but no value of the kind the correction gives (船上禁止喝酒: no length of time) states another rule about it.
  const byRuleWord = quoted.length > 0 && quoted.every((v) => /^\p{Script=Han}+$/u.test(v) && new RegExp(`${v}\\s*那条`).test(c.plain));
  const newShapes = [...c.changeShapes];
  if (!relaxed && byRuleWord && newShapes.length && !newShapes.some((sh) => o.shapes.has(sh)) && ![...c.changeNamed].some((n) => o.named.has(n))) {
    return refuse('other-attribute', `holds ${quoted.join(', ')} but no ${newShapes.join('/')}, which the correction changes`, { quoted });
  }
  // The correction names the old number (之前是 3 次, not 0.09): a record holding no such number is
  // not the one that said it.
  const oldNumbers = c.oldValues.flatMap((v) => v.match(/\d+(?:\.\d+)?/g) ?? []);
  if (!relaxed && quoted.length === 0 && oldNumbers.length && !oldNumbers.some((n) => new RegExp(`(?<![\\d.])${n.replace('.', '\\.')}(?![\\d]|\\.\\d)`).test(o.hay))) {
    return refuse('other-attribute', `holds none of the old values ${c.oldValues.join(', ')} the correction names`, { quoted, conflict: true });
  }
  // The same for an old value in Latin letters said as what it was (原来是 tar): a record naming no such tool.
  const oldWords = c.oldValues.filter((v) => /^[a-z][\w.-]{2,}$/.test(v) && new RegExp(`${WAS}\\s*${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(c.plain));
  if (!relaxed && quoted.length === 0 && oldNumbers.length === 0 && oldWords.length && !oldWords.some((v) => holds(o.hay, v))) {
    return refuse('other-attribute', `holds none of the old values ${oldWords.join(', ')} the correction names`, { quoted, conflict: true });
  }
  // A thing named by its numbers (50 1.2 GM 那支, the 50 mm f/1.2 lens): a record giving other numbers before the same
  // word (85 1.4 GM) is another of its kind. Also when it quotes an old value: that value may be common to many
  // (3号棚那个 06:30, where 7号棚 waters at 06:30 too; 10号棚的 DHT22 where 4号棚 has one too).
  if (!relaxed) {
    // Nothing but the correction's own label before a place in it: what it opens with.
    const opensAt = (at: number) => !/[\p{L}]/u.test(c.plain.slice(0, at).replace(/^\s*(?:(?:correction|更正|订正)\s*[:：]?)?\s*(?:the\s+)?/i, ''));
    const numbered = (text: string, w: string) => {
      const re = new RegExp(`(?<![\\w.:/-])(\\d+(?:\\.\\d+)?(?:\\s+\\d+(?:\\.\\d+)?)*)\\s*${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z0-9])`, 'g');
      return [...text.matchAll(re)].map((m) => ({ at: m.index!, end: m.index! + m[0].length, numbers: m[1]!.split(/\s+/) }));
    };
    // Only numbers the correction opens with, before any word or value, when it gives a value after them: that value is
    // the change (not "JV needs 15 pairs", "38 x 28 x 12 cm", "keep 30 dailies": there the number is the value).
    const valuesAt = c.values.map((v) => c.plain.indexOf(v)).filter((i) => i >= 0);
    for (const w of c.subjects.filter((x) => /^[a-z]{2,}$|^\p{Script=Han}{2,}$/u.test(x) && holds(o.hay, x))) {
      const named = numbered(beforeChange, w).filter((m) => opensAt(m.at) && valuesAt.every((i) => i >= m.at) && valuesAt.some((i) => i >= m.end));
      const mine = named.flatMap((m) => m.numbers).filter((n) => !c.oldValues.includes(n));
      const theirs = numbered(o.plain, w).flatMap((m) => m.numbers);
      if (mine.length && theirs.length && !mine.some((n) => theirs.includes(n))) return conflict(`names ${theirs.join(' ')} ${w} where the correction names ${mine.join(' ')} ${w}`);
    }
    // A district by its name (未央区 / 碑林区): a permit, a pitch or a branch of another district is another one.
    const myDistricts = districtsIn(beforeChange);
    const theirDistricts = districtsIn(o.plain);
    if (myDistricts.size && theirDistricts.size && ![...myDistricts].some((d) => theirDistricts.has(d) || holds(o.hay, d)) && ![...theirDistricts].some((d) => holds(c.hay, d))) {
      return conflict(`names ${[...theirDistricts].map((d) => d + '区').join(', ')} where the correction names ${[...myDistricts].map((d) => d + '区').join(', ')}`);
    }
    // A branch by the name of where it is (荃湾分校 / 黄大仙分校, 南山店 / 福田店): a lease, a class or a fee of another branch.
    // (The name is the two or three characters right before; 总店 or 新校区 name none.)
    const branchesIn = (text: string) =>
      new Set([...text.matchAll(/(\p{Script=Han}{2,3})(?:分校|分店|校区|分院)/gu)].map((m) => m[1]!.slice(-2)).filter((w) => !/^(?:新|老|总|本|各|两|三|这|那|每|的|个)|[新老总本各的个]$/.test(w)));
    const myBranches = branchesIn(beforeChange);
    const theirBranches = branchesIn(o.plain);
    if (myBranches.size && theirBranches.size && ![...myBranches].some((b) => holds(o.hay, b)) && ![...theirBranches].some((b) => holds(c.hay, b))) {
      return conflict(`names the ${[...theirBranches].join(', ')} branch where the correction names the ${[...myBranches].join(', ')} one`);
    }
    // A Han noun numbered after it in Chinese numerals (手记三, 《航次手记（二）》, 启蒙班二): another numeral is another
    // instalment. Only the correction's before it says what changed.
    const partNo = (text: string, w: string) =>
      [...text.matchAll(new RegExp(`${w}\\s?[（(]?([一二三四五六七八九十]{1,2})(?:[）)]|(?![点月号日天周次个年岁分时遍层楼期届级节份条张位名]))`, 'gu'))].map((m) => ({ at: m.index!, n: m[1]! }));
    for (const w of c.subjects.filter((x) => /^\p{Script=Han}{2,}$/u.test(x) && holds(o.hay, x))) {
      const mine = partNo(beforeChange, w).map((m) => m.n);
      const theirs = partNo(o.plain, w).map((m) => m.n);
      if (mine.length && theirs.length && !mine.some((n) => theirs.includes(n))) return conflict(`names ${w}${theirs.join('/')} where the correction names ${w}${mine.join('/')}`);
    }
    // A vessel or unit named by a Chinese numeral and 号 after its name (鹭江六号 / 「鹭江二号」): another numeral, another
    // one. Not a day of the month (三月十一号, 下个月三号).
    const hanNumbered = (text: string) =>
      [...text.matchAll(/(\p{Script=Han}{2,})([一二三四五六七八九十]{1,3})号(?![线楼院床房室位])/gu)]
        .filter((m) => !/[月个这那第周期天]$/.test(m[1]!))
        .map((m) => ({ stem: m[1]!, n: m[2]! }));
    const myHan = hanNumbered(beforeChange);
    if (myHan.length) {
      const theirHan = hanNumbered(o.plain);
      const sameStem = (a: string, b: string) => a.endsWith(b) || b.endsWith(a);
      for (const m of myHan) {
        const alike = theirHan.filter((t) => sameStem(m.stem, t.stem));
        if (alike.length && !alike.some((t) => t.n === m.n)) return conflict(`names ${alike[0]!.stem}${alike[0]!.n}号 where the correction names ${m.stem}${m.n}号`);
      }
    }
    // A place or unit named by its number and counter (9楼 Omnicell, 3号棚, 12 号床): a record naming another number of
    // the same counter (7楼 Pyxis) is about another one.
    const placesIn = (text: string, mine = false) => {
      const out = new Map<string, Set<string>>();
      // The English way puts the number after the noun (court 3, batch 3B): read as counter and number all the same.
      const found = [
        ...numberedPlaceMentions(text),
        ...numberedThingMentions(text).map(({ noun, ...m }) => ({ ...m, counter: noun })),
      ];
      for (const m of found) {
        // Not an old value; said before the change, or in a clause that goes on to say what changed (信息科调整，9楼 Omnicell
        // 自动登出改为 45 秒), not where a thing moved to (现在在滨江苑 2 栋 601, 搬到同一栋 1 楼了).
        if (mine) {
          if (c.oldValues.some((v) => holds(v, m.n))) continue;
          // (Nor one named only to set the thing apart: 3号车别跟1、2号车一样.)
          if (!withoutSetApart(text).slice(m.at, m.end).trim()) continue;
          const rest = text.slice(m.end).split(/[，,。；;！？!?\n]/)[0]!;
          if (m.at >= beforeChange.length && !PLACE_THEN_CHANGE.test(rest)) continue;
          // What it is now (Wednesday is court 6 now), not which one it is about.
          if (/^\s*now\s*$/.test(rest) || /\b(?:is|are)\s+(?:now\s+)?$/.test(text.slice(0, m.at))) continue;
        }
        let s = out.get(m.counter);
        if (!s) out.set(m.counter, (s = new Set()));
        s.add(m.n);
      }
      return out;
    };
    // As written: 9楼 puts the number first, court 3 after the noun.
    const label = (n: string, counter: string) => (/^[a-z]/.test(counter) ? `${counter} ${n}` : placeLabel(n, counter));
    const myPlaces = placesIn(c.plain, true);
    if (myPlaces.size) {
      const theirPlaces = placesIn(o.plain);
      for (const [counter, mine] of myPlaces) {
        const theirs = theirPlaces.get(counter);
        // Theirs the old number the correction names (court 6 now, not 4): the one it replaces.
        if (theirs && ![...mine].some((n) => theirs.has(n)) && ![...theirs].some((n) => c.oldValues.some((v) => v === n || v === label(n, counter)))) return conflict(`names ${[...theirs].map((n) => label(n, counter)).join(', ')} where the correction names ${[...mine].map((n) => label(n, counter)).join(', ')}`);
      }
    }
    // A thing named by a label the correction gives before the change (11 号红色单人艇保养改…), where the candidate gives
    // another of that form and not it (1 号红色单人艇): another one, wherever the noun stands. (Not a label it sets its thing
    // apart from: 别跟 2 号车一样.)
    const myLabels = namingLabels(withoutSetApart(beforeChange));
    const theirLabels = namingLabels(o.plain).filter((l) => !c.oldValues.some((v) => holds(v, l.replace('号', ''))));
    if (otherLabel(myLabels, theirLabels)) return conflict(`names ${theirLabels.join(', ')} where the correction names ${myLabels.join(', ')}`);
    // A store named the Chinese way by what it keeps (报名库, 成绩库, 订单库): a record naming only another is about another
    // database, whatever engine they share.
    const myStores = storeNames(withoutSetApart(c.plain));
    const theirStores = storeNames(o.plain);
    if (myStores.length && theirStores.length && !myStores.some((x) => theirStores.includes(x))) return conflict(`names ${theirStores.join(', ')} where the correction names ${myStores.join(', ')}`);
    // A model named by its size in parameters (72B, Qwen2.5-7B, llama-3-70b): a record naming other sizes and not the
    // correction's is about another model, whatever setting they share.
    const sizes = (t: string) => new Set([...t.toLowerCase().matchAll(/(?<![\d.])(\d{1,4}(?:\.\d{1,2})?)\s?b(?![a-z0-9])/g)].map((m) => m[1]!));
    // (Not when the model is what it changes: ollama 默认模型用 qwen3:8b restates the default model.)
    const mySizes = c.named.has('model') || o.named.has('model') ? new Set<string>() : sizes(beforeChange);
    if (mySizes.size) {
      const theirSizes = sizes(o.plain);
      if (theirSizes.size && ![...mySizes].some((n) => theirSizes.has(n))) return conflict(`names a model of ${[...theirSizes].join('/')}B, where the correction names ${[...mySizes].join('/')}B`);
    }
    // A person by title and surname whose thing the correction changes (Mr. Xu's physio, Mrs. He's oxygen): a record naming
    // others so (Mr. Li, Mrs. Zhou), and not the correction's, is about someone else, whatever it shares. (Not the person
    // given as the new value: "contact is Ms. Yu now, Mr. Tang left".)
    const titled = (t: string, whose = '') => new Set([...t.toLowerCase().matchAll(new RegExp(`\\b(?:mr|mrs|ms|miss|mx|dr)\\.?\\s+([a-z][a-z-]+)${whose}`, 'g'))].map((m) => m[1]!));
    const myTitled = titled(beforeChange, "['’]s\\b");
    if (myTitled.size) {
      const theirTitled = titled(o.plain);
      if (theirTitled.size && ![...myTitled].some((n) => theirTitled.has(n) || holds(o.hay, n))) return conflict(`names ${[...theirTitled].join(', ')} where the correction names ${[...myTitled].join(', ')}`);
    }
    // A thing the correction names by its number before the change (二号美容车, 11 号空调), where the candidate names that
    // thing by a range the number is outside (1-5 号包间空调), or by no number at all when the number is 2 or more (美容车周二跑
    // 滨江, when the correction is about 二号美容车): not the one it names.
    if (quoted.length === 0) {
      const theirNumbers = labelNumbers(o.plain);
      for (const { n, noun } of labelledThings(beforeChange)) {
        const word = c.subjects.find((w) => noun.startsWith(w) && w.length >= 2) ?? noun.slice(0, 2);
        // (The number anywhere in it is enough to leave it be: T11 偏航 for 11号偏航, 3月12号夜班 for 12号夜班.)
        if (!holds(o.hay, word) || new RegExp(`(?<!\\d)${n}(?!\\d)`).test(o.plain) || theirNumbers.single.has(n) || theirNumbers.ranges.some(([a, b]) => n >= a && n <= b)) continue;
        if (theirNumbers.ranges.length) return conflict(`names ${theirNumbers.ranges.map(([a, b]) => `${a}-${b} 号`).join(', ')}, where the correction names ${n} 号${word}`);
        if (theirNumbers.single.size) return conflict(`names ${[...theirNumbers.single].map((x) => `${x} 号`).join(', ')}, where the correction names ${n} 号${word}`);
        if (n >= 2) return refuse('other-subject', `names ${word} by no number, where the correction names ${n} 号${word}`, { quoted, conflict: true });
      }
    }
    // The same for a thing named by its address (dirsift.io expires 2026-08-20): dirsift.dev is another domain.
    const opening = c.values.map((v) => ({ v, at: c.plain.indexOf(v) })).filter((x) => x.at >= 0).sort((a, b) => a.at - b.at);
    // So is one the correction places its attribute on, with the new value after it (OSC port on showctl-dev.local is
    // 53010 now): showctl-tour.local's port is another machine's.
    const placedOn = (x: { v: string; at: number }) =>
      /\b(?:on|at)\s+$/i.test(c.plain.slice(0, x.at)) && /^\s*(?:is|are|should be|=|:)\s/i.test(c.plain.slice(x.at + x.v.length)) && opening.some((y) => y.at > x.at);
    // Or one the correction names its thing by, before 的 (作品展示站 show.hfxx.edu.cn 的证书): www.hfxx.edu.cn's is another site's.
    const ownedBy = (x: { v: string; at: number }) => /^\s?的/.test(c.plain.slice(x.at + x.v.length));
    const first = opening.find((x, i) => c.valueShapes.get(x.v) === 'host' && !c.oldValues.includes(x.v) && ((i === 0 && opensAt(x.at)) || placedOn(x) || ownedBy(x)));
    if (first && (opening.length > 1 || ownedBy(first))) {
      const theirs = [...o.valueShapes].filter(([, sh]) => sh === 'host').map(([v]) => v);
      if (theirs.length && !theirs.some((v) => sameValue(v, first.v)) && !holds(o.hay, first.v)) return conflict(`names ${theirs.join(', ')} where the correction names ${first.v}`);
    }
  }
  // The old day the correction names (从周一改到周二): a record stating no such day is not the one that said it.
  const oldDays = new Set(c.oldValues.flatMap((v) => [...weekdaysOf(v)]));
  if (!relaxed && quoted.length === 0 && oldDays.size && ![...weekdaysOf(o.plain)].some((d) => oldDays.has(d))) {
    return refuse('other-attribute', `states none of the old days ${[...oldDays].map((d) => WEEKDAYS_ZH[d]).join('/')} the correction names`, { quoted, conflict: true });
  }
  const newValues = c.values.filter((v) => !c.oldValues.includes(v));
  const holdsNew = newValues.length > 0 && newValues.every((v) => holds(o.hay, v)) && quoted.length === 0;

  // Attribute: both must state the same one, when the correction names one.
  const cAttrs = correctionAttrs(c);
  const oAttrs = attrsOf(o);
  // A numbered venue (2 号场, court 2) states the place, when the correction moves it to another of that counter (换到 4 号场).
  const counters = (t: string) => new Set([...numberedPlaceMentions(t).map((m) => m.counter), ...numberedThingMentions(t).map((m) => m.noun)]);
  if (cAttrs.has('place') && !oAttrs.has('place') && [...counters(o.plain)].some((k) => counters(c.plain).has(k))) oAttrs.add('place');
  let attribute: string | null = null;
  // A value's shape in common is no attribute in common when each names it as another (超时 30秒 / 日志保留 7天: a
  // timeout and a retention, both durations). Only answers that are attributes of their own count (a path named as a
  // path or a target is one).
  const answersOf = (sh: string) => (SHAPE_ANSWERS[sh] ?? []).filter((n) => n !== sh && n !== 'target');
  const namedOtherwise = (a: string) => {
    if (o.named.has(a)) return false;
    const routes = [...o.shapes].filter((sh) => sh === a || answersOf(sh).includes(a));
    if (!routes.length) return false;
    return routes.every((sh) => {
      const mine = answersOf(sh).filter((n) => c.changeNamed.has(n));
      const theirs = answersOf(sh).filter((n) => o.named.has(n));
      return mine.length > 0 && theirs.length > 0 && !mine.some((n) => theirs.includes(n));
    });
  };
  for (const a of cAttrs) if (oAttrs.has(a) && !namedOtherwise(a)) { attribute = a; break; }
  // Values of one specific shape on both sides agree too (claude-sonnet-4 / claude-3-5-sonnet are models).
  // Not a value both hold when the correction names its attribute: "Windows preset 的图标" changes the icon, not the OS.
  const sharedOnly = (s: string) => c.named.size > 0 && [...c.valueShapes].every(([v, sh]) => sh !== s || holds(o.hay, v));
  // Nor a shape the correction gives only before its change word, when it names what it changes and that is another
  // (/data/tmp 清理改到周日凌晨 03:00: the path names the job, the schedule changes).
  // (Only with a change word, and a value the change gives after it.)
  const namesTheThing = (s: string) =>
    cAttrs.size > 0 && !cAttrs.has(s) && ![...cAttrs].some((a) => (SHAPE_ANSWERS[s] ?? []).includes(a)) &&
    beforeChange.length < c.plain.length &&
    [...c.valueShapes].some(([v, sh]) => sh !== s && c.plain.indexOf(v) >= beforeChange.length) &&
    [...c.valueShapes].every(([v, sh]) => sh !== s || (c.plain.indexOf(v) >= 0 && c.plain.indexOf(v) + v.length <= beforeChange.length));
  if (!attribute) for (const s of c.shapes) if (SPECIFIC_SHAPES.has(s) && o.shapes.has(s) && !sharedOnly(s) && !namesTheThing(s)) { attribute = s; break; }
  if (!relaxed && cAttrs.size && !attribute && quoted.length === 0) {
    return refuse('other-attribute', `states ${[...oAttrs].join('/') || 'no attribute'}, the correction changes ${[...cAttrs].join('/')}`, { quoted });
  }
  // A person as the new value and nothing else (打疫苗那次换成李医生看, switched to Dr. Lee): the correction changes who. A
  // record naming no one (the time and place of the visit) does not say who.
  if (!relaxed && cAttrs.size === 0 && quoted.length === 0 && personIsNewValue(c.plain) && !namesSomeone(o.plain) && !oAttrs.has('owner')) {
    return refuse('other-attribute', `names no one, the correction changes who`, { quoted });
  }

  // A record giving nothing but an amount, named so (林陈尾款金额 12000 元: no word after its subject's) is changed by a new amount: a
  // correction giving no value and naming no attribute (尾款改婚礼当天收) changes something else about it.
  const amounts = [...o.valueShapes];
  if (!relaxed && quoted.length === 0 && cAttrs.size === 0 && c.values.length === 0 && c.oldValues.length === 0 && amounts.length > 0 && amounts.length === o.values.length && amounts.every(([, sh]) => AMOUNT_SHAPES.has(sh)) && o.named.size > 0 && [...o.named].every((a) => AMOUNT_SHAPES.has(a)) && o.subjects.every((w) => o.lead.includes(w))) {
    return refuse('other-attribute', `states only its amount (${amounts.map(([v]) => v).join(', ')}); the correction gives none`, { quoted });
  }
  // The same attribute word, of something else: 备份目录 where the candidate says 配置目录.
  if (!relaxed && quoted.length === 0 && attribute) {
    const mine = [...(c.attrQualifiers.get(attribute) ?? [])];
    const theirs = [...(o.attrQualifiers.get(attribute) ?? [])];
    if (mine.length && theirs.length && !mine.some((q) => holds(o.hay, q)) && !theirs.some((q) => holds(c.hay, q))) {
      return refuse('other-attribute', `its ${attribute} is the ${theirs.join('/')} one, the correction's the ${mine.join('/')} one`, { quoted, conflict: true });
    }
  }

  // An address by number is not a name: "树莓派的 IP 是 192.168.1.77" does not change its hostname.
  if (!relaxed && quoted.length === 0 && attribute === 'host') {
    const kind = (a: TextAnalysis) => {
      const ip = IP_WORD.test(a.plain) && IP_VALUE.test(a.plain);
      const name = HOSTNAME_WORD.test(a.plain) && !IP_VALUE.test(a.plain);
      return ip === name ? null : ip ? 'IP address' : 'hostname';
    };
    const mine = kind(c);
    const theirs = kind(o);
    if (mine && theirs && mine !== theirs) return refuse('other-attribute', `states the ${theirs}, the correction changes the ${mine}`, { quoted, conflict: true });
  }

  // The version of another tool (now pulls deps with Composer 2.7 / runs on PHP 8.1): another fact of the same thing.
  if (!relaxed && quoted.length === 0) {
    const myTools = versionOwners(c);
    const theirTools = versionOwners(o);
    if (otherTools(myTools, theirTools, c, o)) {
      return refuse('other-subject', `states the version of ${theirTools.join(', ')}, the correction of ${myTools.join(', ')} (tool and major version)`, { quoted, conflict: true });
    }
  }
  // Subject: the words the correction names that some other record holds.
  const known = c.subjects.filter((w) => weight(w) > 0);
  // A word of a name the candidate writes by its initials is held (HA for the correction's Home Assistant).
  const byInitials = (h: string) => heldByInitials(c, o.plain, h);
  const shared = known.filter((w) => holds(o.hay, w) || byInitials(w));
  const missing = known.filter((w) => !shared.includes(w));
  // Held only from a later clause saying what something else stays for (图床换七牛了，COS 那边只留给备份): the candidate
  // is the thing that clause is about (the backup bucket), not the correction's subject (图床), which it does not name.
  if (!relaxed && shared.length && c.subjectPart.some((w) => !GENERIC_WORDS.has(w)) && !c.subjectPart.some((w) => holds(o.hay, w) || byInitials(w))) {
    const firstEnd = c.plain.search(/[，,；;。！？!?\n]/);
    const later = firstEnd === -1 ? '' : c.plain.slice(firstEnd);
    const head = firstEnd === -1 ? c.plain : c.plain.slice(0, firstEnd);
    // (Or a reason given: 周工说阿里云解析偶尔慢, where the DNS moved to DNSPod.)
    // (When no old value is quoted: 7 点那场作废 is about the 7 点 booking, whatever reason follows.)
    const kept = later.split(/[，,；;。！？!?\n]/).filter((cl) => KEPT_FOR.test(cl) || UNCHANGED.test(cl) || (quoted.length === 0 && REASON.test(cl)));
    if (kept.length && shared.every((w) => kept.some((cl) => (ALIAS_FORMS.get(w) ?? [w]).some((f) => holds(cl, f))) && !holds(head, w))) return refuse('other-subject', `holds only ${shared.join(', ')}, said after the correction's ${c.subjectPart.join('/')}`);
  }
  const heads = c.heads.filter((h) => known.includes(h));
  // What the attribute is of counts twice; words met after the correction starts saying what
  // changed (context, the new value) count half.
  const w2 = (w: string) => weight(w) * (heads.includes(w) ? 2 : c.late.includes(w) ? 0.5 : 1);
  const unknownWeight = ctx.unknownWeight ?? (() => 0);
  // Only beside a word the candidate holds, in one clause ("Pi-hole 的拦截列表": Pi-hole held, 拦截列表
  // not): a reason said in a clause of its own ("早上那个点大家都在通勤没人看，日报改到…") is not the subject.
  const clauses = c.hay.split(/[，,；;。！？!?\n]/);
  const besideShared = (w: string) => clauses.some((cl) => cl.includes(w) && known.some((k) => k !== w && holds(o.hay, k) && cl.includes(k)));
  const unheld = c.subjects.filter((w) => !known.includes(w) && !holds(o.hay, w) && besideShared(w));
  const total = known.reduce((s, w) => s + w2(w), 0) + (known.length ? unheld.reduce((s, w) => s + unknownWeight(w) * (c.late.includes(w) ? 0.5 : 1), 0) : 0);
  const coverage = total > 0 ? shared.reduce((s, w) => s + w2(w), 0) / total : 0;
  const extra = { coverage, shared, missing, attribute, quoted, holdsNew, heads: heads.filter((h) => shared.includes(h)) };
  // Holding nothing of the correction's but the new value it gives (图 3-3 的配色改成 viridis: the figure already in viridis)
  // is no record of the old value.
  // (All of it: a record holding 医生 of 改为赵医生, or 集合 of 改成 8 点集合, may be the old one.)
  const givenAs = givenPart(c.plain);
  const inGiven = (w: string) => !!givenAs && (holds(givenAs.part, w) || givenAs.part.replace(/\s+/g, '').includes(w.replace(/\s+/g, '')));
  const givenAll = [...c.subjects, ...c.values, ...titlesIn(givenAs?.part ?? '')].filter(inGiven);
  if (!relaxed && quoted.length === 0 && givenAs && shared.length && shared.every((w) => holds(givenAs.part, w) && !holds(givenAs.before, w)) && givenAll.every((w) => holds(o.hay, w))) {
    return refuse('other-subject', `holds only ${shared.join(', ')}, the new value the correction gives`, extra);
  }
  // What the correction says stays as it was ("笔试日期不变 8月23，准考证 8月10日开始打印") is not what it changes.
  const written = c.plain.split(/[，,；;。！？!?\n()（）—–]|\.(?=\s|$)/);
  const keptClauses = written.filter((cl) => UNCHANGED.test(cl));
  const inClause = (cl: string, w: string) => (ALIAS_FORMS.get(w) ?? [w]).some((f) => holds(cl, f));
  const inKept = (w: string) => keptClauses.some((cl) => inClause(cl, w));
  const elsewhere = (w: string) => written.some((cl) => !UNCHANGED.test(cl) && inClause(cl, w));
  // The thing the candidate opens with is one the correction names only to say it stays ("豆豆每餐改 150g，白雪照旧",
  // "Liu Daye's slot moved … Nainai stays"): the candidate is that one, though it holds the old value too.
  // (A clause that names the thing and little else: not "仍然不许自动群发", which keeps a rule.)
  const namesOnlyKept = (w: string) =>
    keptClauses.some((cl) => {
      if (!inClause(cl, w)) return false;
      let rest = cl;
      for (const f of ALIAS_FORMS.get(w) ?? [w]) rest = rest.split(f).join('');
      // (The person it names, whole: 对门郑奶奶那边不变 names 郑奶奶, whose 奶奶 is the word.)
      for (const p of peopleIn(cl)) rest = rest.split(p.replace(w, '')).join('');
      rest = rest.replace(UNCHANGED_ALL, '').replace(/还是|也是|也|都|仍|照样|那边|这边|的|了/g, '').replace(/\d+(?:\.\d+)?\s?[\u4e00-\u9fffa-z%]?/g, '');
      // Its day and the word for its time (JC keeps its Wednesday slot) say which value stays, not a rule that does.
      for (const d of weekdayMentions(rest).sort((a, b) => b.at - a.at)) rest = rest.slice(0, d.at) + rest.slice(d.end);
      rest = rest.replace(/\b(?:slot|time|day|spot|place|room)s?\b/g, '');
      return rest.replace(/[\s\p{P}]/gu, '').length <= 2;
    });
  // (Or names it only in a value of its own: 楼梯族参数导出 … D:/out/stairs.xlsx for "the railing export …, stairs stays as is".)
  const inOwnValue = (w: string) => !holds(o.plain.replace(/\S*[/\\]\S*/g, ' '), w) && [...o.valueShapes].some(([v, sh]) => sh === 'path' && holds(v, w));
  const keptLead = keptClauses.length ? shared.filter((w) => (o.lead.includes(w) || inOwnValue(w)) && inKept(w) && !elsewhere(w) && namesOnlyKept(w)) : [];
  if (keptLead.length && shared.some((w) => !keptLead.includes(w) && !inKept(w))) return refuse('other-subject', `the correction says ${keptLead.join(', ')} stays as it was`, extra);
  // One piece of a series named by its ordinal (灰空间第三篇截稿改 4/20), another said to stay (第二篇不动): a record naming
  // no ordinal is about the series, or any piece of it, not the one changed.
  const ordinals = (t: string) => [...t.matchAll(/第\s?([一二三四五六七八九十\d]{1,3})\s?(?=[篇期集章讲课场轮批单季部])/gu)].map((m) => m[1]!);
  const keptOrdinals = keptClauses.flatMap(ordinals);
  const myOrdinals = ordinals(beforeChange).filter((n) => !keptOrdinals.includes(n));
  if (!relaxed && quoted.length === 0 && myOrdinals.length && keptOrdinals.length && ordinals(o.plain).length === 0) {
    return refuse('other-subject', `names no 第${myOrdinals[0]}, which the correction sets apart from 第${keptOrdinals[0]}`, extra);
  }
  // What the correction names only to set its thing apart ("stock_sync.py 要用 3.12，不要跟 feed.py 那个 3.11", "unlike
  // the nightly job"): the candidate holding only that is the other thing, whatever value it shares.
  // (Not when the old value it quotes is all it says of its own: 53000 跟 QLab 自己的抢起了，改成 53001.)
  const ownWords = c.subjects.some((w) => !GENERIC_WORDS.has(w) && !onlySetApart(c.plain, w));
  if (shared.length && shared.every((w) => onlySetApart(c.plain, w)) && (ownWords || quoted.length === 0)) return refuse('other-subject', `the correction names ${shared.join(', ')} only to set its thing apart`, extra);
  // The same when the candidate also shares a word of the kind of thing (备份) but lacks the correction's own (Wiki 备份挪到
  // 04:00，别跟 Gitea 挤: the Gitea backup is the one set apart).
  const setApart = shared.filter((w) => onlySetApart(c.plain, w));
  const ownMissing = c.subjectPart.filter((w) => !GENERIC_WORDS.has(w) && w.length >= 2 && !holds(o.hay, w) && !byInitials(w) && !onlySetApart(c.plain, w));
  // (Counter-evidence, not missing evidence: the record is the other thing, never a copy of the one taken.)
  if (setApart.length && ownMissing.length) return refuse('other-subject', `names ${setApart.join(', ')}, which the correction sets apart from its ${ownMissing.join(', ')}`, { ...extra, conflict: true });
  // Or holding whole the name it sets its thing apart from, where that name shares a word with its own (海豚二号…，不跟海豚号
  // 一起走: the record of 海豚号 is the other boat).
  const apartName = setApartNames(c.plain).find((n) => squeezed(o.plain).includes(n));
  if (apartName && ownMissing.length) return refuse('other-subject', `names ${apartName}, which the correction sets apart from its ${ownMissing.join(', ')}`, { ...extra, conflict: true });
  if (keptClauses.length && shared.length && quoted.length === 0) {
    if (shared.every((w) => inKept(w) && !elsewhere(w))) return refuse('other-subject', `the correction says ${shared.join(', ')} stays as it was`, extra);
    // "白茶换阿杰的茶厂，起订量一样": the record whose value is of 起订量 states what the correction keeps.
    // With no word right before its attribute, the word it opens with: "毛肚 supplier 张记, price 38" for "张记鸭肠涨到 40，毛肚没涨".
    // (Said unchanged in so many words: "冰箱 A 和冰箱 D 都一样" says the rule holds for both, not that a fridge stays.)
    const saidKept = (w: string) => keptClauses.some((cl) => UNCHANGED.test(cl.replace(/一样\s*$/, '')) && inClause(cl, w));
    const near = o.nearest.length ? o.nearest : o.lead.slice(0, 1);
    const keptNear = near.filter((w) => (o.nearest.length ? inKept(w) : saidKept(w)));
    if (keptNear.length && keptNear.length === near.length && !near.some(elsewhere)) return refuse('other-attribute', `the correction says ${keptNear.join(', ')} stays as it was`, extra);
    // Or the word right before its value, the thing the value is of ("dirsift 的 clap_complete 锁在 4.4" for "升到 clap 4.5，
    // clap_complete 还没动").
    const last = o.nearest.length ? undefined : o.lead.at(-1);
    if (!relaxed && last && o.lead.length > 1 && saidKept(last) && !elsewhere(last)) return refuse('other-attribute', `the correction says ${last} stays as it was`, extra);
    // "需求评审换到 5 楼小会议室，时间不变": the time is the one thing it says did not change.
    const keptAttr = (a: string) => (ATTRIBUTE_WORDS[a] ?? []).some((w) => keptClauses.some((cl) => holds(cl, w)) && !written.some((cl) => !UNCHANGED.test(cl) && holds(cl, w)));
    const changes = [...cAttrs].filter((a) => a !== attribute);
    // (Or naming no other attribute at all, "游泳课换到五缘湾那间上，时间一样": a record stating nothing but that one, and
    // nothing the correction names after the change: 网课换平台了 changes the 平台 a record gives beside its time.)
    if (attribute && keptAttr(attribute) && (changes.length ? !changes.some((a) => oAttrs.has(a)) : [...oAttrs].every((a) => a === attribute) && ![...o.subjects, ...o.generics].some((w) => !c.subjectPart.includes(w) && written.some((cl) => !UNCHANGED.test(cl) && holds(cl, w))))) return refuse('other-attribute', `the correction says its ${attribute} stays as it was`, extra);
  }
  // A correction giving only a new name or handle (Mandy changed her WeChat, new ID mandy_pilates_sz), no attribute and no
  // value of a shape: a record stating other attributes of that person or thing (Mandy 时薪 350) and no name of its own
  // is not the one it renames. (Not a record whose attribute is itself a name: login node 换成 login2 renames the host
  // login1.hpc… is.)
  if (!relaxed && quoted.length === 0 && !attribute && cAttrs.size === 0 && c.valueShapes.size === 0 && oAttrs.size > 0 && o.ids.length === 0 && ![...oAttrs].some((a) => NAMED_BY.has(a))) {
    const cue = CHANGE_CUE.exec(c.plain)?.index ?? c.plain.length;
    const newIds = c.ids.filter((id) => /[_\d]/.test(id) && !holds(o.hay, id) && c.plain.indexOf(id) > cue);
    if (newIds.length) return refuse('other-attribute', `states ${[...oAttrs].join('/')}, the correction gives a new name, ${newIds.join(', ')}`, extra);
  }
  // Neither names a thing before saying what changed: "webhook timeout now 20s" and "webhook timeout
  // raised to 10s" state the same attribute of the same unnamed thing, with another value.
  // (Each naming a kind of thing the other does not, 网站部署端口 / 数据库端口, names two.)
  const ownKind = (a: TextAnalysis, b: TextAnalysis) => a.generics.some((g) => !holds(b.hay, g));
  if (attribute && !holdsNew && c.subjectPart.length === 0 && o.subjects.length === 0 && c.attrWords.length > 0 && c.attrWords.every((w) => o.attrWords.includes(w)) && !(ownKind(c, o) && ownKind(o, c))) {
    return { ...base, ...extra, accepted: true, score: 0.35, refusal: null, why: `states the ${attribute} of the same ${c.attrWords.join(' ')}, naming nothing else` };
  }
  if (known.length === 0) {
    // Unless each names a thing of its own (Uptime Kuma 端口 3001 不是 3000 / Grafana 端口 3000).
    const ownSubject = o.lead.filter((w) => !holds(c.hay, w) && !GENERIC_WORDS.has(w));
    // A correction that names a thing the candidate does not (家长会 … 不是上午) and quotes only a
    // word, not a number or a name, as the old value: that word (上午) is no link to another thing.
    const namesUnheld = quoted.every((v) => !/\d/.test(v)) && c.subjectPart.some((w) => !GENERIC_WORDS.has(w) && !holds(o.hay, w));
    // Nor when the correction names its occasion by a day the candidate does not hold (周二轻松跑 / 周三节奏跑 at 8km).
    const myDays = occasionWeekdaysOf(c.plain);
    const theirDays = weekdaysOf(o.plain);
    const otherDay = myDays.size > 0 && theirDays.size > 0 && ![...theirDays].some((d) => myDays.has(d));
    // Nor when it names its thing by a word of another attribute (webhook timeout) the candidate, naming its own thing
    // (hwbot 的 SQLite 连接 timeout 10s), does not hold.
    const namedByAttr = c.attrWords.some((w) => holds(beforeChange, w) && !holds(o.hay, w) && !(ATTRIBUTE_WORDS[attribute ?? ''] ?? []).includes(w));
    if (quoted.length && attribute && !namesUnheld && !otherDay && (distinctQuoted.length > 0 || !(ownSubject.length && (namedByAttr || c.subjectPart.some((w) => !holds(o.hay, w)))))) {
      return { ...base, ...extra, accepted: true, score: 0.3 + 0.3, refusal: null, why: `quotes the old value ${quoted.join(', ')} it holds` };
    }
    // A value that names one thing (258013, a six-digit code) quoted as void, where the correction names no attribute and
    // no thing of its own: the record holding it is the one it means.
    const codes = quoted.filter((v) => namesOneThing(v) || /^\d{5,}$/.test(v));
    if (codes.length && !attribute && cAttrs.size === 0 && c.subjectPart.length === 0 && !holdsNew) {
      return { ...base, ...extra, accepted: true, score: 0.6, refusal: null, why: `quotes the old value ${codes.join(', ')} it holds, naming nothing else` };
    }
    if (ctx.previousTurn && attribute && !holdsNew) {
      return { ...base, ...extra, accepted: true, score: 0.4, refusal: null, why: `the turn just before in the same conversation, stating the ${attribute}` };
    }
    // A number the correction names its thing by before saying what changed, no value of it (2306 那款涨到 ¥210: the 2306
    // motor; 618 券门槛; 周四那个 4.0 release), which the candidate holds: the thing named, where no word names it.
    // (Not a day written as an ordinal, "not the 15th": a date.)
    const nameNumbers = [...beforeChange.matchAll(/(?<![\d.:/,¥$£€-])v?\d+(?:\.\d+)*(?![\d:/%,-]|(?:st|nd|rd|th)\b)/g)]
      .map((m) => m[0])
      .filter((n) => n.replace(/^v/, '').length >= 2 && ![...c.valueShapes.keys()].some((v) => holds(v, n)) && !c.oldValues.some((v) => holds(v, n)) && !quoted.some((v) => holds(v, n)));
    const heldNumbers = nameNumbers.filter((n) => new RegExp(`(?<![\\d.])${n.replace(/\./g, '\\.')}(?![\\d.])`).test(o.plain));
    if (heldNumbers.length && attribute && !holdsNew && !otherDay) {
      return { ...base, ...extra, accepted: true, score: 0.45, refusal: null, why: `holds ${heldNumbers.join(', ')}, the number the correction names its thing by; states the ${attribute}` };
    }
    // A file the correction moves (config path is now /srv/showctl/config.toml), naming nothing else, that the candidate
    // keeps elsewhere (/home/pi/showctl/config.toml): the file is the thing.
    const myFiles = [...c.valueShapes].filter(([v, sh]) => sh === 'path' && !c.oldValues.includes(v)).flatMap(([v]) => fileNameOf(v) ?? []);
    const movedFile = myFiles.find((f) => [...o.valueShapes].some(([v, sh]) => sh === 'path' && fileNameOf(v) === f));
    if (movedFile && attribute === 'path' && !holdsNew && c.subjectPart.length === 0 && !otherDay) {
      return { ...base, ...extra, accepted: true, score: 0.45, refusal: null, why: `keeps ${movedFile}, the file the correction moves, elsewhere` };
    }
    return refuse('generic-only', 'shares only generic words with the correction', extra);
  }
  // Only the person in common ("女儿的游泳课" and "带女儿去琴行"): a person has many facts, and the
  // correction names the one it means.
  const isPerson = (w: string) => KINSHIP_WORDS.has(w) || peopleIn(w).includes(w);
  // (A month quoted, 不是8月, is no evidence of what happened in it: 周阿姨 8 月请假 is not her birthday in August.)
  const bareMonth = (v: string) => /^(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s?月$/.test(v);
  if (!relaxed && quoted.every(bareMonth) && shared.length && shared.every(isPerson)) {
    // (Not a month it starts from nor a word of the change itself: 阿芳三月起涨到 ¥3000 names only 阿芳.)
    const saysWhenOrChange = (w: string) => /^(?:[一二三四五六七八九十]{1,2}|\d{1,2})月$/.test(w) || CHANGE_CUE.test(w) || /涨|跌/.test(w);
    const own = c.subjectPart.filter((w) => !isPerson(w) && !GENERIC_WORDS.has(w) && !holds(o.hay, w) && !saysWhenOrChange(w));
    if (own.length) return refuse('other-subject', `shares only ${shared.join(', ')} with the correction, which is about ${own.join('/')}`, extra);
  }
  // Naming the same identifiers (drafting-service, backup_daily) is the subject, whatever else is said.
  const namesHeld = c.names.length > 0 && c.names.every((n) => holds(o.hay, n));
  // What the attribute is of must be there, known to the home or not (顺丰揽收 is not 截单), unless the record holds a
  // subject word and an old value the correction quotes that names one thing (v1.29.4, 1883, 5mg; not a bare 30, not a
  // word): "k3s server pin is v1.30.2, not v1.29.4" is about "k3s server pinned to v1.29.4", whatever "pin" is written as.
  const quotesDistinct = quoted.some((v) => /\d/.test(v) && !/^\d{1,2}$/.test(v)) && shared.length > 0;
  // (A head held as a part of the candidate's identifier, gateway of api-gateway, is held.)
  const inIdentifier = (h: string) => (ALIAS_FORMS.get(h) ?? [h]).some((f) => o.ids.some((i) => i.split(/[-_.]/).includes(f)));
  // (Or by the initials of the name it is a word of: byInitials.)
  if (!relaxed && c.heads.length && !c.heads.some((h) => holds(o.hay, h) || inIdentifier(h) || byInitials(h)) && !quotesDistinct) {
    return refuse('subject-missing', `does not name ${c.heads.join('/')}`, extra);
  }
  // The word right before the attribute differs on both sides: the candidate's attribute is of
  // something the correction does not name, and the other way round (backup logs vs backup script).
  if (
    !relaxed &&
    quoted.length === 0 &&
    o.nearest.length &&
    c.nearest.length &&
    !o.nearest.some((h) => holds(c.hay, h) || GENERIC_WORDS.has(h) || sameMember(h, c)) &&
    !c.nearest.some((h) => holds(o.hay, h) || inIdentifier(h))
  ) {
    return refuse('other-subject', `its ${attribute ?? 'attribute'} is of ${o.nearest.join('/')} where the correction's is of ${c.nearest.join('/')}`, extra);
  }
  // Each side names something the other does not, and the candidate's is what its attribute is
  // of: backup LOGS are kept under … where the correction changes the backup SCRIPT's path;
  // zotero 库每天 01:30 备份 where it changes the Obsidian 笔记库 backup. Two things of one kind.
  // Only when one subject word is all they share: more in common is the same thing in other words.
  // (Words read inside an identifier, sample and rate of traces_sample_rate, are not counted.)
  if (!relaxed && quoted.length === 0 && !namesHeld && shared.filter((w) => holds(o.hay, w, true)).length <= 1) {
    // A word of the candidate that holds, or is held in, one of the correction's (pg_dump / dump) is not another thing.
    // (前交稿 / 交稿时间: two characters in a row in common).
    // (A relative by any of their names, mum / 妈妈, is one.)
    // (Not one that holds a word of the correction and another of its own besides: 早班余票 is the tickets left, not 早班.)
    const moreBesides = (h: string) =>
      /^[\u4e00-\u9fff]{4,}$/.test(h) &&
      c.subjectPart.some((w) => {
        const rest = h.includes(w) ? h.replace(w, '') : '';
        return rest.length >= 2 && !c.hay.includes(rest) && !GENERIC_WORDS.has(rest);
      });
    const related = (h: string) =>
      holds(c.hay, h) ||
      (KINSHIP_WORDS.has(h) && kinForms(h).some((f) => holds(c.hay, f))) ||
      sameMember(h, c) ||
      (!moreBesides(h) && (c.subjectPart.some((w) => h.includes(w) || w.includes(h)) || [...h].some((ch, i) => i > 0 && /[\u4e00-\u9fff]{2}/.test(h[i - 1]! + ch) && c.hay.includes(h[i - 1]! + ch))));
    const theirs = [...new Set([...o.nearest, ...o.lead, ...o.names])].filter((h) => !related(h) && !GENERIC_WORDS.has(h));
    // The correction's own: a subject word the candidate lacks, or the word right before its
    // attribute (a generic noun too: script, job) when the candidate holds none of those.
    // (Not a word that only points, 那节 of 初三那节: the thing is what comes before it.)
    const mine = [...c.subjectPart.filter((w) => !holds(o.hay, w) && !(KINSHIP_WORDS.has(w) && kinForms(w).some((f) => holds(o.hay, f)))), ...(c.nearestAll.length && !c.nearestAll.some((w) => holds(o.hay, w)) ? c.nearestAll : [])].filter((w) => !isDemonstrative(w));
    if (theirs.length && mine.length) {
      return refuse('other-subject', `its ${attribute ?? 'attribute'} is of ${theirs.join('/')}, the correction's of ${mine.join('/')}`, extra);
    }
    // The Han words right after the one word both hold, each side's own (化学品到货提醒 / 化学品库存盘点, 交接班签到表提醒 /
    // 交接班报告): two things named from one stem, when the two tails have no two characters in a row in common and neither
    // is a generic noun (or only theirs, 报告, against three characters or more of the correction's own).
    const stem = shared.filter((w) => holds(o.hay, w, true));
    if (stem.length === 1 && /^\p{Script=Han}{2,}$/u.test(stem[0]!)) {
      const tailOf = (text: string) => {
        const at = text.indexOf(stem[0]!);
        if (at < 0) return '';
        const run = /^\p{Script=Han}*/u.exec(text.slice(at + stem[0]!.length))![0];
        // (A name whole: the run ends the text or meets a word in Latin letters, job or cron; no word that points or
        // joins, 那篇, 又延了, 跟.)
        const after = text.slice(at + stem[0]!.length + run.length);
        // (Nor an attribute word, 上报间隔: the thing's interval, not another thing.)
        return (after.trim() === '' || /^\s+[a-z]/.test(after)) && !STEM_TAIL_NOT.test(run) && !HAN_ATTRIBUTE_WORDS.some((w) => run.includes(w)) ? run : '';
      };
      let mineTail = tailOf(beforeChange);
      let theirTail = tailOf(o.plain);
      while (mineTail && mineTail[0] === theirTail[0]) [mineTail, theirTail] = [mineTail.slice(1), theirTail.slice(1)];
      const pairs = (t: string) => new Set([...t].slice(1).map((ch, i) => t[i]! + ch));
      const apart =
        mineTail.length >= 2 && theirTail.length >= 2 &&
        ![...pairs(mineTail)].some((p) => pairs(theirTail).has(p) || o.hay.includes(p)) &&
        ![...pairs(theirTail)].some((p) => c.hay.includes(p)) &&
        !GENERIC_WORDS.has(mineTail) && (!GENERIC_WORDS.has(theirTail) || mineTail.length >= 3);
      if (apart) return refuse('other-subject', `names ${stem[0]}…${theirTail} where the correction names ${stem[0]}…${mineTail}`, extra);
    }
  }
  // A date naming the occasion before the correction says what changed ("5月14日的西湖游船改为下午2:00出发"):
  // a record of another date is another occasion.
  if (!relaxed && quoted.length === 0) {
    const cue = CHANGE_CUE.exec(c.plain)?.index ?? -1;
    const mine = [...c.valueShapes].filter(([v, sh]) => sh === 'date' && valueAt(c.plain, v) !== -1 && valueAt(c.plain, v) < cue).map(([v]) => v);
    const theirs = [...o.valueShapes].filter(([, sh]) => sh === 'date').map(([v]) => v);
    // (Mar 15 and 3月15号 are one day; 20 号 and 12.20 may be.)
    // (A shopping festival's day is its name: 11.11 is 双十一's campaign, whatever date its work is due.)
    if (mine.length && theirs.length && !mine.some((v) => holds(o.hay, v) || theirs.some((w) => sameDay(v, w) || sameDayOfMonth(v, w)) || festivalNamed(v, o.plain)) && !theirs.some((v) => holds(c.hay, v))) {
      return refuse('other-subject', `is of ${theirs.join('/')}, the correction of ${mine.join('/')}`, extra);
    }
  }
  // A strength, dose or size naming the thing before the correction says what changed (阿莫西林 0.25g 补货线改 300): a
  // record of another strength (阿莫西林胶囊 0.5g 补货线 200 盒) is another product.
  // (Only with words between it and the change, and a number after: in "Mochi weighs 9.5kg now" the weight is the new value.)
  // (Also when it quotes an old value of another shape: Leo's 100m free is on Sunday, not Saturday, where the 50m
  // backstroke is on Saturday.)
  const quotedOtherShape = quoted.length > 0 && quoted.every((v) => !['weight', 'capacity', 'dose', 'distance'].includes(c.valueShapes.get(v) ?? ''));
  if (!relaxed && (quoted.length === 0 || quotedOtherShape)) {
    const cue = CHANGE_CUE.exec(c.plain)?.index ?? -1;
    // (Or right before the change to a value of another shape: 达达 3 公里改 7 块 changes the 3 km fee.)
    const after = c.values.map((v) => ({ v, at: valueAt(c.plain, v) })).filter((x) => x.at > cue).sort((a, b) => a.at - b.at)[0];
    const naming = (v: string) => {
      const span = valueSpan(c.plain, v);
      if (!span || span.at >= cue) return false;
      const between = c.plain.slice(span.end, cue);
      if (!between.trim() && after && c.valueShapes.get(after.v) !== c.valueShapes.get(v)) return true;
      // (A number after, or a value of another shape: is on Sunday, not Saturday.)
      return /[\p{L}]/u.test(between) && (/\d/.test(c.plain.slice(cue)) || (after !== undefined && c.valueShapes.get(after.v) !== c.valueShapes.get(v)));
    };
    for (const shape of ['weight', 'capacity', 'dose', 'distance']) {
      const mine = [...c.valueShapes].filter(([v, sh]) => sh === shape && naming(v) && !c.oldValues.includes(v)).map(([v]) => v);
      const theirs = [...o.valueShapes].filter(([, sh]) => sh === shape).map(([v]) => v);
      if (mine.length && theirs.length && !mine.some((v) => holds(o.hay, v) || theirs.some((w) => sameValue(v, w))) && !theirs.some((v) => holds(c.hay, v))) {
        return refuse('other-subject', `is of ${theirs.join('/')}, the correction of ${mine.join('/')}`, extra);
      }
    }
  }
  // A part of the day naming the occasion ("爸晚上量血压定在 8 点": the evening reading, not a time of it):
  // a record of another part of the day ("爸早上 7 点量血压") is another occasion. Also when the old
  // value quoted is not a time ("周日下午两点那场不是 Helen": the Sunday tour, not Wednesday's).
  // (A quoted amount or distance, 8km or 3000, is no time: the day still names the occasion.)
  const timeLike = (v: string) => /\d/.test(v) && (['schedule', 'date', 'duration'].includes(c.valueShapes.get(v) ?? o.valueShapes.get(v) ?? '') || /\d\s?[点:：]|\d\s?(?:am|pm)\b|^\d{1,2}$/.test(v));
  // A quoted weekday leaves the part of the day naming the occasion ("礼拜六下半天那趟改到礼拜天": Saturday afternoon's).
  const noTimeQuoted = quoted.every((v) => daypartsOf(v).size === 0 && !timeLike(v));
  if (!relaxed && noTimeQuoted) {
    const mine = occasionDaypartsOf(c.plain);
    const theirs = daypartsOf(o.plain);
    if (mine.size && theirs.size && !daypartsMeet(theirs, mine)) {
      return refuse('other-subject', `is of the ${[...theirs].join('/')}, the correction of the ${[...mine].join('/')}`, { ...extra, conflict: true });
    }
  }
  if (!relaxed && noTimeQuoted && quoted.every((v) => weekdaysOf(v).size === 0)) {
    // The same for a weekday ("周六长距离集合点换到东门": the Saturday run, not the Tuesday one).
    const myDays = occasionWeekdaysOf(c.plain);
    const theirDays = weekdaysOf(o.plain);
    if (myDays.size && theirDays.size && ![...theirDays].some((d) => myDays.has(d))) {
      return refuse('other-subject', `is of another day of the week, the correction of ${[...myDays].map((d) => WEEKDAYS_ZH[d]).join('/')}`, { ...extra, conflict: true });
    }
    // The same for a day of the month pointed at ("24号那个 SBY 改了 1200-2400": the duty on the 24th, not the one on the 14th).
    const myDate = OCCASION_DATE.exec(c.plain);
    if (myDate) {
      const theirDates = daysOfMonth(o.plain);
      if (theirDates.size && !theirDates.has(Number(myDate[1]))) {
        return refuse('other-subject', `is of another day (${[...theirDates].join('/')}), the correction of the ${myDate[1]}th`, { ...extra, conflict: true });
      }
    }
    // The same for a day of the year the correction opens with, saying its thing is someone or something ("Feb 14 on-call is
    // Chen, not Li": the duty on the 14th, not the one on the 21st).
    const myDay = openingDayOf(c.plain);
    if (myDay) {
      const theirDays = monthDaysIn(o.plain);
      if (theirDays.size && !theirDays.has(myDay)) return refuse('other-subject', `is of another day (${[...theirDays].join('/')}), the correction of ${myDay}`, { ...extra, conflict: true });
    }
    // The same for how often ("nightly backup runs at 03:00 now": the nightly job, not the weekly
    // one), when the frequency names the thing before the correction says what changed.
    const myFreq = occasionFrequenciesOf(c.plain);
    const theirFreq = frequenciesOf(o.plain);
    if (myFreq.size && theirFreq.size && ![...theirFreq].some((f) => myFreq.has(f))) {
      return refuse('other-subject', `is the ${[...theirFreq].join('/')}ly one, the correction the ${[...myFreq].join('/')}ly one`, { ...extra, conflict: true });
    }
  }
  // A schedule of another kind: "JC 改到 12:00 开始" changes the time of day; "周四 JC 在示教室3" states only the day.
  if (!relaxed && quoted.length === 0 && attribute === 'schedule') {
    const kinds = (a: TextAnalysis) => new Set([...a.valueShapes].filter(([, sh]) => sh === 'schedule').map(([v]) => scheduleKind(v)).filter((k): k is string => k !== null));
    const mine = kinds(c);
    const theirs = kinds(o);
    const saysWhen = o.attrWords.some((w) => ATTRIBUTE_WORDS.schedule!.includes(w));
    if (mine.size && theirs.size && !saysWhen && ![...mine].some((k) => theirs.has(k)) && (mine.has('clock') || theirs.has('clock'))) {
      return refuse('other-attribute', `states a schedule of another kind (${[...theirs].join('/')}), the correction changes the ${[...mine].join('/')}`, extra);
    }
    // "周三训练19:30开始" vs "周三训练 在体育馆A场": the day both name is the occasion; the candidate
    // states no time of day for the correction to change.
    const own = (a: TextAnalysis, b: TextAnalysis) => new Set([...a.valueShapes].filter(([v, sh]) => sh === 'schedule' && !holds(b.hay, v)).map(([v]) => scheduleKind(v)));
    if (!saysWhen && !holdsNew && own(c, o).has('clock') && own(o, c).size === 0 && !o.shapes.has('duration')) {
      return refuse('other-attribute', 'states only the day the correction names too, no time of day', extra);
    }
  }
  // A weight given per meal or per day is a ration (120g kibble per meal, 每天 55 克), not what the thing weighs
  // (Mochi weighs 9.5kg now): one of each states another attribute.
  if (!relaxed && quoted.length === 0 && c.shapes.has('weight') && o.shapes.has('weight') && isRation(c.plain) !== isRation(o.plain)) {
    return refuse('other-attribute', isRation(o.plain) ? 'states a ration, the correction a weight' : 'states a weight, the correction a ration', extra);
  }
  // A value the correction states must have a counterpart of the same shape in the candidate.
  const cShapes = [...c.shapes].filter((s) => s !== 'percent' && s !== 'place' && (attribute === s || (attribute !== null && (SHAPE_ANSWERS[s] ?? []).includes(attribute))));
  if (!relaxed && quoted.length === 0 && cShapes.length && !cShapes.some((s) => o.shapes.has(s))) {
    return refuse('other-attribute', `states no ${cShapes.join('/')} value`, extra);
  }
  if (shared.length === 0) return refuse('subject-missing', `names none of ${known.join(', ')}`, extra);
  // Another acronym where the correction has its own (ICLR where it says ICML).
  // Only one named before the correction says what changed: "downsized to SMALL" names the new size, not the thing.
  // (Nor one it goes by: 按 AQL 表改为 125 pcs.)
  const myAcr = c.acronymsEarly.filter((a) => !goneBy(c.plain, a));
  // (One the correction names only after saying what changed, "after the HIS one finishes", is no acronym of its thing.)
  // (Nor the old value it names: MEDIUM is outdated.)
  const otherAcr = o.acronyms.filter((a) => (!c.acronymsEarly.includes(a) && !holds(beforeChange, a) && !c.oldValues.some((v) => holds(v, a))) || (!c.acronyms.includes(a) && !holds(c.hay, a)));
  if (myAcr.length && otherAcr.length && !myAcr.some((a) => o.acronyms.includes(a) || holds(o.hay, a))) {
    return { ...conflict(`names ${otherAcr.join(', ')} where the correction names ${myAcr.join(', ')}`), ...extra };
  }
  // Another charge: the correction raises the 学费 where the record states the 报名费.
  if (!relaxed && quoted.length === 0) {
    const fees = otherFees(c.plain, o.plain);
    if (fees) return refuse('other-attribute', `states the ${fees.theirs.join('/')}, the correction the ${fees.mine.join('/')}`, extra);
  }
  // A number of another kind of thing: the 医保卡's where the record gives the 病历号 (src/index/resolve/id-numbers.ts).
  if (!relaxed) {
    const kinds = otherIdKinds(beforeChange, o.plain);
    if (kinds) return refuse('other-attribute', `gives the number of ${kinds.theirs.join('/')}, the correction of ${kinds.mine.join('/')}`, extra);
  }
  // Another one by number: booking 尾号 7788 where the record names 7878, room 302 where it names 303. A number the
  // correction names as an id (after 尾号, 单号, #, room; before 那票, 号房; a number of a year, OC 1432/2025) before it
  // says what changed, which the record lacks while naming another of as many digits.
  if (!relaxed && quoted.length === 0) {
    const cut = CHANGE_CUE.exec(c.plain)?.index ?? c.plain.length;
    const numbersOf = (t: string) =>
      [...t.matchAll(/(?:尾号|单号|编号|工单|订单|票号|#|\bno\.|\broom|\bticket|\bbooking|\border)\s?(\d{3,})(?![\d.:/\-])|(?<![\d.:/\-])(\d{3,})\s?(?=那票|那单|那批|那个单|号房|房间)|(?<![\d.:/\-])(\d{3,6}\/(?:19|20)\d{2})(?![\d/])/gi)].map((m) => m[1] ?? m[2] ?? m[3]!);
    const recordNumbers = numbersOf(o.plain);
    const mine = numbersOf(c.plain.slice(0, cut)).filter((n) => !recordNumbers.includes(n));
    const theirs = recordNumbers.filter((n) => !c.plain.includes(n) && mine.some((m) => m.length === n.length));
    if (mine.length && theirs.length) return { ...conflict(`names ${theirs.join(', ')} where the correction names ${mine.join(', ')}`), ...extra };
  }
  // Another one by name: Yuka where the correction names Yumi, 阿杰 where it names Marta, SF Express where
  // it names SF Freight. Only when the record holds none of the correction's names and has its own.
  // (Quoting an old value many things have, a time, a day or an amount, is no evidence against it: Guangzhou 线发车不是18:00
  // is not the Shanghai truck's 18:00. A port names its service more closely: 5173 老是和 Lumen 的原型撞车 is Swatchify's.)
  if (!relaxed && (quoted.length === 0 || quoted.every((v) => !namesOneThing(v) && commonShaped(c, v)))) {
    const mine = c.propersEarly.filter((p) => !holds(o.hay, p));
    const theirs = [...o.propersEarly, ...peopleIn(o.plain)].filter((p) => !holds(c.hay, p));
    if (mine.length && mine.length === c.propersEarly.length && theirs.length) return { ...conflict(`names ${theirs.join(', ')} where the correction names ${mine.join(', ')}`), ...extra };
  }
  // A place by its name and a quarter (兰州东 and 兰州北: two stations; 东门 and 北门): a record naming the same name with
  // another quarter, and never the correction's, is another place.
  if (!relaxed && quoted.length === 0) {
    const quarter = (t: string, w: string) => [...t.matchAll(new RegExp(`${w}([东西南北])(?![西])`, 'gu'))].map((m) => m[1]!);
    for (const w of c.subjectPart.filter((x) => /^\p{Script=Han}{2,}$/u.test(x))) {
      const mine = quarter(beforeChange, w);
      const theirs = quarter(o.plain, w).filter((q) => !mine.includes(q));
      if (mine.length && theirs.length && !mine.some((q) => o.plain.includes(w + q))) {
        return { ...conflict(`names ${w}${theirs[0]} where the correction names ${w}${mine[0]}`), ...extra };
      }
    }
  }
  // A place named by its number before 的 (302 的空调师傅: flat 302's): a candidate naming another numbered place (田林1201)
  // and not that number is another place's.
  if (!relaxed && quoted.length === 0) {
    const mineNo = placeNumberOf(beforeChange);
    if (mineNo && !holdsNumber(o.plain, mineNo)) {
      // (Or right before its thing's noun, as a room's: 203 制氧机.)
      const theirNo = [...new Set([...[...o.plain.matchAll(/(?<![\d.:/,-])(\d{2,4})\s?的|\p{Script=Han}(\d{3,4})(?![\d.:])/gu)].map((m) => m[1] ?? m[2]!), ...[...o.plain.matchAll(NUMBER_BEFORE_NOUN)].map((m) => m[1]!)])];
      if (theirNo.length) return { ...conflict(`names ${theirNo.join(', ')} where the correction names ${mineNo}`), ...extra };
      // (Or a place by a name of its own, first: 回声馆的 IEM 频点表 is not 46 的 IEM.)
      const ownLead = o.lead.filter((w) => !holds(c.hay, w) && !GENERIC_WORDS.has(w) && !ALL_ATTRIBUTE_WORDS.has(w));
      const de = o.plain.indexOf('的');
      if (ownLead.length && de !== -1 && o.plain.indexOf(ownLead[0]!) < de) return { ...conflict(`names ${ownLead[0]} where the correction names ${mineNo}`), ...extra };
    }
  }
  // A thing kept with another (药品冰箱的钥匙, 空调的遥控器): where the key is kept is not where the fridge stands.
  if (!relaxed && quoted.length === 0) {
    const part = /的\s?(钥匙|备用钥匙|门卡|遥控器|充电器|充电线|电源线|说明书|保修卡|滤芯|滤网)/u.exec(beforeChange)?.[1];
    if (part && !holds(o.hay, part) && !(part.endsWith('钥匙') && holds(o.hay, '钥匙'))) return { ...refuse('other-subject', `names no ${part}, which the correction's is of`), ...extra };
  }
  // A numbered place named by its number alone (2 号的遥控器: room 2's): a candidate naming places of that kind by other
  // numbers only (1 号诊室空调遥控器) is about another one.
  if (!relaxed && quoted.length === 0) {
    const haoNo = /(?<![\d.:/-])(\d{1,3})\s?号的/.exec(beforeChange)?.[1];
    const theirs = haoNo ? [...o.plain.matchAll(/(?<![\d.:/-])(\d{1,3})\s?号(\p{Script=Han}{1,2})/gu)].filter((m) => !/^[的前后起到至开交发]/u.test(m[2]!)) : [];
    if (haoNo && theirs.length && !theirs.some((m) => m[1] === haoNo)) return { ...conflict(`names ${theirs.map((m) => `${m[1]}号${m[2]}`).join(', ')} where the correction names ${haoNo}号`), ...extra };
  }
  // A file named for the thing (Bing feed … /srv/feed/bing.xml): the candidate's file named for another (…/google.xml),
  // with no word of the correction's name, is that other thing's.
  if (!relaxed && quoted.length === 0) {
    const stem = (v: string) => /\/([a-z][a-z0-9]{1,20})\.[a-z0-9]{1,5}$/.exec(v)?.[1] ?? null;
    const pathsOf = (a: TextAnalysis) => [...a.valueShapes].filter(([, sh]) => sh === 'path').map(([v]) => stem(v)).filter((x): x is string => x !== null);
    const mine = pathsOf(c).filter((x) => c.subjectPart.includes(x) && !holds(o.hay, x));
    const theirs = pathsOf(o).filter((x) => !holds(c.hay, x));
    if (mine.length && theirs.length) return { ...conflict(`its file is named for ${theirs.join(', ')} where the correction's is for ${mine.join(', ')}`), ...extra };
  }
  // An old value quoted that names one thing is most of the evidence: a word or two of the subject in common will do.
  const need = relaxed ? 0.3 : namesHeld ? 0 : distinctQuoted.length ? Math.min(minShare, 0.2) : quoted.length ? Math.min(minShare, 0.34) : minShare;
  if (coverage < need) {
    return refuse('weak-subject', `holds ${shared.join(', ')} of ${known.join(', ')} (${(coverage * 100).toFixed(0)}% < ${need * 100}%)`, extra);
  }
  // No attribute named on either side: the subject words must carry it alone.
  if (!relaxed && !cAttrs.size && coverage < 0.75 && quoted.length === 0) {
    return refuse('weak-subject', `no attribute to compare, and it holds only ${(coverage * 100).toFixed(0)}% of the subject`, extra);
  }
  // Focus: how much of the candidate is about what the correction names (a record mostly about
  // the same thing beats one that mentions it in passing).
  const oTotal = o.subjects.reduce((s, w) => s + weight(w), 0);
  const focus = oTotal > 0 ? o.subjects.filter((w) => holds(c.hay, w)).reduce((s, w) => s + weight(w), 0) / oTotal : 0;
  const score = 0.5 * coverage + 0.2 * focus + (heads.length ? 0.15 : 0) + (quoted.length ? 0.3 : 0) + (attribute ? 0.1 : 0) - (holdsNew ? 0.2 : 0);
  const why = [`holds ${shared.join(', ')}`, attribute ? `states the ${attribute}` : null, quoted.length ? `holds the old value ${quoted.join(', ')}` : null]
    .filter(Boolean)
    .join('; ');
  return { ...base, ...extra, accepted: true, score, refusal: null, why };
}

/**
 * A plain record restating a fact of an older one with another value (an inferred correction):
 * stricter than a correction's target, because nothing in the newer record says it corrects.
 * The same named things, every head word, nearly all subject words, and a value of one shape
 * on each side that differs. Pure.
 */
/** Value shapes of settings (what a restatement may change); measurements and counts are not. */
const CONFIG_SHAPES = new Set(['port', 'version', 'path', 'host', 'schedule', 'model', 'date', 'size', 'length']);
/** A text about one occasion: this week's day (这周三, this Wednesday) or this time (这次). */
const oneOccasion = (text: string) => relativeWeekOf(text) === 'this week' || /这次|本次|\bthis time\b/.test(text);
/** A plain record adding something beside what was (now also runs a Sunday group, 另开一个周日班, 新增一条): nothing replaced. */
const ADDED_BESIDE = /\balso\b|\bas well\b|\bin addition\b|\badditional(?:ly)?\b|另外|另开|另加|加开|增开|新增|新开|多开|多加|也开|还开/i;
export const EVENT_CUE = /完成|失败|成功|写完|跑完|做完|进展|耗时|用时|花了|报错|挂了|\b(?:took|finished|failed|succeeded|done|completed|crashed|progress|ok)\b/;

/**
 * Schedules are of several kinds that do not replace each other: a time of day (10:00, 两点), a
 * weekday (周日, Monday), a frequency (每天, every 5 min, weekly). null for any other value.
 */
function scheduleKind(v: string): string | null {
  if (/\d:\d\d|点|\b(?:am|pm|noon|midnight)\b/.test(v)) return 'clock';
  if (/周[一二三四五六日天]|星期|礼拜|(?:mon|tue|wed|thu|fri|sat|sun)/.test(v)) return 'weekday';
  if (/每|every|daily|nightly|weekly|monthly|hourly|yearly/.test(v)) return 'frequency';
  return null;
}

/** A record holds a value as written or in other words (20 个字 / 20字, 周一 / Mon): then it is no new value. */
export function heldValue(a: TextAnalysis, v: string): boolean {
  return holds(a.hay, v) || [...a.valueShapes.keys()].some((av) => sameValue(av, v));
}

/**
 * What a plain record states a setting OF: the words right before its attribute or value, else
 * its subject phrase (the words before its first value).
 */
export function restatedSubject(r: TextAnalysis): string[] {
  return r.heads.length ? r.heads : r.lead;
}

/**
 * The tool a version value is of, named right before it (PHP 8.1, Composer 2.7, node 20, python 3.12), with the version's
 * major number ("php 8"): lower-case, or none when the word there is no name (version 2.7, v2.7, to 2.7, 升到 2.7).
 */
function versionOwners(a: TextAnalysis): string[] {
  const out: string[] = [];
  for (const [v, sh] of a.valueShapes) {
    if (sh !== 'version') continue;
    const at = a.plain.indexOf(v);
    // (A word apart: gpu-node03 is a host's name, not node at version 03.)
    const m = at > 0 ? /(?:^|[^a-z0-9+#.-])([a-z][a-z0-9+#.-]*[a-z0-9+#])\s+v?$/.exec(a.plain.slice(Math.max(0, at - 24), at)) : null;
    if (m && !/^(?:version|ver|release|v|to|at|on|in|is|was|from|now|of|and|or|the|with|via|use|uses|using|pinned|pin|bump|bumped|upgrade|upgraded|downgrade|downgraded)$/.test(m[1]!)) out.push(`${m[1]!} ${v.replace(/^v/, '').split('.')[0]}`);
  }
  return [...new Set(out)];
}

/**
 * Versions of two tools: each text names its own before its version, neither holds the other's name, and no major
 * version is in common (djs 14.16 / discord.js v14.14 may be one tool, written short).
 */
function otherTools(mine: string[], theirs: string[], a: TextAnalysis, b: TextAnalysis): boolean {
  const name = (t: string) => t.slice(0, t.lastIndexOf(' '));
  const major = (t: string) => t.slice(t.lastIndexOf(' ') + 1);
  return mine.length > 0 && theirs.length > 0 && !mine.some((t) => holds(b.hay, name(t))) && !theirs.some((t) => holds(a.hay, name(t))) && !mine.some((t) => theirs.some((x) => major(x) === major(t)));
}

/** `slotProven`: a fact slot (core/facts.ts) already shows the same attribute with another value. */
export function judgeRestatement(r: TextAnalysis, older: TextAnalysis, weight: WordWeight, slotProven = false): Verdict {
  const o = alignValues(r, older);
  const base = judge(r, o, weight, { minShare: 0.75 });
  if (!base.accepted) return base;
  const refuse = (refusal: Refusal, why: string): Verdict => ({ ...base, accepted: false, score: 0, refusal, why });
  if (r.names.join('|') !== o.names.filter((n) => r.names.includes(n)).join('|') || (r.names.length === 0 && o.names.length > 0)) {
    return refuse('other-subject', 'does not name the same things');
  }
  // A plain statement has no subject part: another member of a group anywhere in it is another fact (开门 / 关门).
  const apart = otherMember(r.contrast, o.contrast);
  if (apart) return refuse('other-subject', `states ${[...apart.theirs].join('/')} where the newer record states ${[...apart.mine].join('/')}`);
  const heads = restatedSubject(r).filter((h) => weight(h) > 0);
  if (heads.length === 0 || !heads.every((h) => holds(o.hay, h))) return refuse('subject-missing', `does not hold every head word (${heads.join(', ')})`);
  const lead = r.lead.filter((w) => !holds(o.hay, w));
  if (lead.length) return refuse('subject-missing', `does not hold ${lead.join(', ')}, which the newer record names first`);
  // And the other way round: 应用日志保留 30 天 does not restate nginx 日志保留 14 天.
  // A word the older record puts before a name both records give is a description of it (日报 daily_brief).
  const described = (w: string) => r.names.some((n) => o.hay.indexOf(w) !== -1 && o.hay.indexOf(n) > o.hay.indexOf(w));
  const theirLead = o.lead.filter((w) => !holds(r.hay, w) && !sameMember(w, r) && !described(w));
  if (theirLead.length) return refuse('other-subject', `names ${theirLead.join(', ')} first, which the newer record does not`);
  // Each describes its thing with words the other lacks ("Receipt printer IP … (front counter)" / "(cafe bar)"):
  // two of a kind written side by side, not one restated.
  const ownWords = (a: TextAnalysis, b: TextAnalysis) => a.subjectPart.filter((w) => w.length >= 2 && !GENERIC_WORDS.has(w) && !holds(b.hay, w) && !sameMember(w, b));
  const mineOnly = ownWords(r, o);
  const theirsOnly = ownWords(o, r);
  if (mineOnly.length && theirsOnly.length) return refuse('other-subject', `says ${theirsOnly.join(', ')} where the newer record says ${mineOnly.join(', ')}`);
  // The version of another tool (Composer 2.7 / PHP 8.1): another fact of the same thing.
  const myTools = versionOwners(r);
  const theirTools = versionOwners(o);
  if (otherTools(myTools, theirTools, r, o)) {
    return refuse('other-subject', `states the version of ${theirTools.join(', ')}, the newer record of ${myTools.join(', ')} (tool and major version)`);
  }
  // A report of something that happened ("build took 94s", "备份失败，磁盘剩余 3%") is another
  // occurrence, not a changed fact.
  if (EVENT_CUE.test(r.hay) || EVENT_CUE.test(o.hay)) return refuse('other-attribute', 'reports an occurrence, not a setting');
  if (ADDED_BESIDE.test(r.plain) && !ADDED_BESIDE.test(o.plain)) return refuse('other-attribute', 'adds something beside what the older record states');
  // "这周三训练在室外场": one occasion, not the standing fact changed.
  if (oneOccasion(r.plain) && !oneOccasion(o.plain)) return refuse('other-attribute', 'says what happens once (this Wednesday, this time), not a standing fact');
  // A setting's value of the same shape on both sides, and they differ.
  const setting = (shape: string, a: TextAnalysis) => CONFIG_SHAPES.has(shape) || (shape === 'duration' && (a.named.has('retention') || a.named.has('timeout')));
  const differs = [...r.valueShapes].some(
    ([v, shape]) =>
      setting(shape, r) && !heldValue(o, v) && [...o.valueShapes].some(([ov, os]) => os === shape && setting(os, o) && !holds(r.hay, ov) && scheduleKind(v) === scheduleKind(ov)),
  );
  // One fact changes at a time: a path or host that differs beside another value that differs
  // (Hyper Backup：/volume1/shop → USB，每天 02:30 / Hyper Backup：/volume1/finance → B2，每天 03:30) is
  // a second thing of the same kind, not the first one restated.
  const differingShapes = new Set(
    [...r.valueShapes]
      .filter(([v, shape]) => !heldValue(o, v) && [...o.valueShapes].some(([ov, os]) => os === shape && !holds(r.hay, ov)))
      .map(([, shape]) => shape),
  );
  if (differingShapes.size >= 2) {
    return refuse('other-subject', `differs in ${[...differingShapes].join(' and ')} at once: another thing of the same kind`);
  }
  // Two plain records written alike but for the day of the week (Wednesday night is court 3 / Friday night is court 3):
  // two occasions side by side, not one restated; a plain record moving one says so (moved to, 放到每周四…).
  const dayless = (t: string) => {
    let out = t;
    // (A range names several days in one span: each span is blanked once.)
    const spans = [...new Map(weekdayMentions(t).map((m) => [m.at, m.end])).entries()].sort((a, b) => b[0] - a[0]);
    for (const [at, end] of spans) out = out.slice(0, at) + '#' + out.slice(end);
    return out.replace(/#+/g, '#').replace(/\s+/g, ' ').trim();
  };
  if (!slotProven && r.plain !== o.plain && dayless(r.plain) === dayless(o.plain)) return refuse('other-subject', 'written alike but for the day of the week: another occasion, not this one restated');
  // A deadline is not the time something runs or goes out (截稿每周三 18:00 / 每周四晚上发).
  if (r.named.has('date') !== o.named.has('date')) return refuse('other-attribute', 'one states a deadline, the other a time');
  if (!differs && !slotProven) return refuse('other-attribute', 'states no other value of the same kind');
  return base;
}
