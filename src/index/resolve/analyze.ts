import { CORRECTION_FILLER, stripLabel, stripMarkers } from '../../core/markers.js';
import { CJK_RUN, HAS_CJK } from '../tokenizer/cjk.js';
import { CHINESE_STOPWORDS, ENGLISH_STOPWORDS } from '../tokenizer/stopwords.js';
import { ALIASES, ALL_ATTRIBUTE_WORDS, ATTRIBUTE_WORDS, CHANGE_WORDS, COMPARISON_WORDS, CONTRAST_GROUPS, GENERIC_WORDS, KIN_BEFORE_ONE_CHAR, RULE_WORDS, UNCHANGED, VALUE_SHAPES } from './lexicon.js';
import { foldText } from '../../core/simplified.js';
import { amountsAsDigits, hanNumber } from '../tokenizer/han-amounts.js';

/**
 * What a record says, in the terms correction resolution compares: the things it names (subject
 * words), what about them (attribute classes, named by words or implied by value shapes), the
 * values it states, the values it says were replaced, and the contrast-group qualifiers it uses.
 * Pure: the word splitter is passed in.
 */
export interface TextAnalysis {
  /** NFKC, lower case, markers and domain prefix removed; alias forms appended */
  hay: string;
  /** the same, without the alias forms: the text as written, for reading it clause by clause */
  plain: string;
  /** subject words, alias-folded, unique, in order of appearance */
  subjects: string[];
  /** generic nouns it names (文档, 服务, webhook): no subject words, but they tell two things apart */
  generics: string[];
  /** subject words next before an attribute word or a value: what the text says the attribute is OF */
  heads: string[];
  /** the single nearest subject word before each attribute word or value of the first clause */
  nearest: string[];
  /** upper-case acronyms as written (ICML, ICLR), lower-cased */
  acronyms: string[];
  /** those written before the text gives its new value: what it is about (SMALL in "downsized to SMALL" is not) */
  acronymsEarly: string[];
  /** capitalized names as written mid-sentence (Marta, Tidepool, Freight), lower-cased, those before the text says what changed */
  propersEarly: string[];
  /** subject words first met after the text starts to say what changed: context, or the new value */
  late: string[];
  /** subject words before the first attribute word or value: the subject phrase of a plain statement */
  lead: string[];
  /** the lead, or for a text opening with a time or an attribute, the subject words after it up to the next anchor */
  opening: string[];
  /** names of capitalized words by their initials (ha → home, assistant), as namesByInitials reads them */
  initialed: [string, string[]][];
  /** for a subject word, the subject words standing right before it in one phrase (头条 → 封面) */
  qualifiers: Map<string, Set<string>>;
  /** attribute classes named by words */
  named: Set<string>;
  /** the attribute words themselves, as written */
  attrWords: string[];
  /** attribute classes implied by value shapes */
  shapes: Set<string>;
  /**
   * `named` and `shapes` without the clauses after the one that gives the new value, when those say
   * why and change nothing ("auto_suspend 改成 60 秒，财务晚上 6 点后基本不查": no schedule is changed)
   */
  changeNamed: Set<string>;
  changeShapes: Set<string>;
  /** value-shaped tokens, normalized */
  values: string[];
  /** each value's shape (attribute class), for values that have one */
  valueShapes: Map<string, string>;
  /** values or words the text says were replaced ("从8080改为9090" → 8080, "不是小李" → 小李) */
  oldValues: string[];
  /** the things an aside right after what the text names denies (expiry alerts (not stock)): it is not about them */
  denials: string[];
  /** contrast group → the members the text names */
  contrast: Map<string, Set<string>>;
  /** the same, before the text starts saying what changed (a correction's subject part) */
  contrastEarly: Map<string, Set<string>>;
  /** qualifiers within the subject part */
  qualifiersEarly: Map<string, Set<string>>;
  /** subject words of the subject part (before the text says what changed) */
  subjectPart: string[];
  /** like `nearest`, generic nouns included: the backup SCRIPT path, the blog deploy JOB */
  nearestAll: string[];
  /** identifier-shaped words (app-02, backup_daily) */
  ids: string[];
  /** the identifiers named before the text says what changed: what a correction is about */
  names: string[];
  /**
   * attribute class → the words standing right before its attribute word, generic ones included:
   * 备份 of 备份目录, 配置 of 配置目录 (which directory)
   */
  attrQualifiers: Map<string, Set<string>>;
}

/** An identifier: letters with a digit, a hyphen or an underscore inside (not a version or a path). */
const ID_RE = /(?<![\w./:-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w/:]|\.\w)|(?<![\w./:-])[a-z]+\d+[a-z0-9]*(?![\w/:]|\.\w)/g;
/** A vehicle's plate (冀A·5K213, 沪B 12345, A·12354): a name, written without its dot. */
const PLATE_RE = /(?<![\w])[\u4e00-\u9fff]?[a-z]\s?[·•]\s?[a-z0-9]{5}(?![\w])/g;
/**
 * A code of digits, a dash and a number with a leading zero (bolt 1623-04, order 2024-018): a name, not a range (1200-2400,
 * 300-500) nor a month (2026-04, read by isMonth).
 */
const NUMBER_CODE = /(?<![\w.:/-])\d{3,6}-0\d{1,3}(?![\w.:/-]|\s?[%℃°])/g;
/**
 * A model named by a Chinese name and a code (蜂鸟-3S, 蜂鸟-3): a name, the two before the dash keeping it apart from the
 * words before (新的蜂鸟-3 names 蜂鸟-3). Not a year (异常-2026).
 */
const HAN_MODEL = /\p{Script=Han}{2}-(?!(?:19|20)\d\d(?!\w))[a-z]?\d[a-z0-9]{0,5}(?![\w./:-])/gu;
const isMonth = (code: string) => /^(?:19|20)\d\d-(?:0[1-9]|1[0-2])$/.test(code);
/** Labels a text numbers things by: 6号 (6号洗衣机), 3s / 2s (battery packs), 4k, and a letter before (F8, T2: tank F8; not v2, P1 or Q3: a version, a priority, a quarter). */
export function labelsIn(text: string): string[] {
  return [...text.toLowerCase().matchAll(/(?<![\d.:/-])(\d{1,4})\s?号|(?<![\w.])(\d{1,2}[a-z]|[a-ortuw-z]\d{1,2})(?![\w.])/g)].map((m) => (m[1] ? `${m[1]}号` : m[2]!));
}

/**
 * Sizes a thing is named by (the 50-ton crane, 25吨吊车, 8-inch pans, 55 寸电视): the 50-ton crane and the 25-ton one are two
 * cranes, whatever else their records share. Written as one word (50ton, 25吨) for otherLabel.
 */
export function sizeLabels(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/(?<![\w.])(\d+(?:\.\d+)?)-(ton|tonne|seat|seater|inch|foot|ft|metre|meter|litre|liter|kw|hp|door|bed|berth|person|gallon)\b|(?<![\d.])(\d+(?:\.\d+)?)\s?(吨|座|寸|匹|马力|千瓦|升)(?=\p{Script=Han})/gu)) {
    out.push(m[1] ? `${m[1]}${m[2]}` : `${m[3]}${m[4]}`);
  }
  return out;
}

/** A day of the month with 号 (每月 5 号, 3月15号): no label. */
const DAY_OF_MONTH = /(?:每\s?个?月|\d{1,2}\s?月)\s?\d{1,2}\s?号/g;

/**
 * The labels a text names things by (1 号红色单人艇, 6号洗衣机, 2b): labelsIn without a day of the month (每月 5 号,
 * 3月15号), a number in scientific notation (2e-4) or an amount with its unit (10s, 5m, 2g).
 */
export function namingLabels(text: string): string[] {
  return labelsIn(text.toLowerCase().replace(DAY_OF_MONTH, ' ').replace(/\b\d+(?:\.\d+)?e[-+]?\d+\b/g, ' ')).filter((l) => !/^\d+[smhdgkbtw]$/.test(l));
}

/** What a day, a time or an act, not a thing, begins with after N 号 (5号前交, 3号下午, 10号开始): N 号 is then a date. */
const AFTER_DATE = /^(?:前|后|之前|以前|之后|以后|起|开始|截止|到|至|左右|上午|下午|中午|晚上|早上|凌晨|傍晚|当天|那天|这天|交|发|出|上线|晚|早|周|星期|礼拜)/u;

/**
 * Things a text names by a number before 号, in digits or Han numerals (二号美容车, 11 号空调), with the words after it (up to
 * four Han characters): not a day of the month (3月11号, 每月2号, 5号前交).
 */
export function labelledThings(text: string): { n: number; noun: string }[] {
  const out: { n: number; noun: string }[] = [];
  for (const m of text.matchAll(/(?:(?<![\d.:/\-~～—–])(\d{1,3})|(?<![\p{Script=Han}])([一二三四五六七八九十]))\s?号\s?(\p{Script=Han}{2,4})/gu)) {
    if (AFTER_DATE.test(m[3]!)) continue;
    out.push({ n: m[1] ? Number(m[1]) : hanNumber(m[2]!), noun: m[3]! });
  }
  return out;
}

/** The numbers a text names before 号, in digits or Han numerals, and the ranges (1-5 号包间): what it labels things by. */
export function labelNumbers(text: string): { single: Set<number>; ranges: [number, number][] } {
  const single = new Set<number>();
  const ranges: [number, number][] = [];
  const t = text.toLowerCase().replace(DAY_OF_MONTH, ' ');
  for (const m of t.matchAll(/(?<![\d.:/])(\d{1,3})\s?[-~～—–到至]\s?(\d{1,3})\s?号/gu)) ranges.push([Number(m[1]), Number(m[2])]);
  // (Digits after a word too, 交3号车; a Han numeral only after no Han character, 二号车 and not 周二号.)
  for (const m of t.matchAll(/(?<![\d.:/\-~～—–到至])(\d{1,3})\s?号|(?<![\p{Script=Han}])([一二三四五六七八九十])\s?号/gu)) single.add(m[1] ? Number(m[1]) : hanNumber(m[2]!));
  return { single, ranges };
}

/** A label's form, its digits aside (6号 and 5号 are of one form; 3s and 2s too). */
export const labelForm = (l: string): string => l.replace(/\d+/g, '9');

/**
 * Another label of a form among `mine`, when `theirs` holds none of `mine` (1号 where the correction names 2号): what tells
 * another one of the kind, or undefined.
 */
export function otherLabel(mine: readonly string[], theirs: readonly string[]): string | undefined {
  if (theirs.some((l) => mine.includes(l))) return undefined;
  return theirs.find((l) => mine.some((m) => labelForm(m) === labelForm(l)));
}

/** A code without its separators: K-141, K141 and k_141 are one code. */
export function looseCode(code: string): string {
  return code.replace(/[-_\s.]/g, '');
}

/** A git branch by its conventional prefix (release/2.4, hotfix/login-crash): a name, whatever version it holds. */
const BRANCH_RE = /(?<![\w./:-])(?:release|hotfix|feature|bugfix|support)\/[a-z0-9][\w.-]*[a-z0-9]/g;
/** A command-line option written with two dashes (--solofeatures, --use-conda): the setting a text is about, named without them. */
const FLAG_RE = /(?<![\w-])--[a-z][a-z0-9]{2,}(?:[-_][a-z0-9]+)*(?![\w-])/g;
/**
 * Numbered items: 第9篇, 12 集, 13期, #12, issue 12, ep 3; classes, grades and numbered places: 三年级二班, 高二(3)班, 小一班, 3 号楼,
 * 0 号卡, Lab B, room 305, 实验室B, 仓A, B 栋; a numbered basin, pump or tank named in full (2号清水池, 1号送水泵).
 */
const ORDINAL_RE =
  /第\s?\d+\s?[篇期集章节回话号]|(?<![\d.:/-])\d{1,3}\s?集(?![团中体合训市成装])|(?<![\d.:/-])\d{1,3}\s?期(?![间货刊限满待末中内])|#\d+(?![0-9a-f])|\b(?:issue|ep|episode|vol|part)\.?\s?#?\d+\b|(?:[高初]?[一二三四五六]\s?)?\(\s?\d{1,2}\s?\)\s?班|\b(?:lab|room|building|block|zone|hall|ward|bed|gate|floor|section|unit)\s(?:[a-z]|\d{1,4})(?![\w.:-])|(?:实验室|教室|会议室|机房|病房|病区|诊室|展厅|车间|排练室|练习室|琴房|录音室|录音棚|剪辑室|演播室|仓|仓库|门店|分店|厂区|园区|机柜|货架)\s?[a-z0-9]{1,3}(?![\w.:-])|\b\d{1,2}f\b|(?<![\d.])\d{1,2}\s?楼(?![梯道顶下上])|(?<![\w-])[a-z]\s?(?:栋|座|区|馆|班(?![主长费会级]))|(?:[一二三四五六七八九十\d]{1,2}\s?年级\s?|(?<!高)[小中大]\s?)?[一二三四五六七八九十\d]{1,2}\s?班(?![主长费会级])|[一二三四五六七八九十\d]{1,2}\s?(?:年级|号楼|栋|号线|号卡|号场|号桌|号台|号房|号柜|号冷柜|号冰柜|号冷库|号窗|号机位|号机|号罐|号箱|号门|号库|号池|号炉|号泵|号[\u4e00-\u9fff]{0,2}(?:室|厅|馆)|号(?![去到在给把要开关换交送的前后上下早晚午那这])[\u4e00-\u9fff]{1,3}(?:池|泵|罐|炉|塔|阀|井))|(?:客户|供应商|甲方|乙方|厂商|厂家)\s?[a-z](?![a-z0-9_-])|(?<![\u4e00-\u9fff])[一二三四五六七八九十]{1,3}中(?![午文心间国期层部])|(?<=[对去在到])[一二三四五六七八九十]{1,3}中(?![午文心间国期层部])/g;
/** The numbered items and places a text names (二号工作室, 3号楼, room 305, #12), as its value tokens write them. */
export function ordinalNamesIn(text: string): Set<string> {
  return new Set([...text.matchAll(ORDINAL_RE)].map((m) => idForm(m[0])));
}

/** A name as its identifiers are kept: "lab b" keeps its space (a record writes it so); 3 号楼 is 3号楼. */
function idForm(match: string): string {
  return match.replace(/\s+/g, /^[a-z]+\s/.test(match) ? ' ' : '');
}

/** A number and two to four capitals (3DG, 5DG, 4WD): a name. (A unit in capitals, 4GB, 8PM, 110MV, is a value: left out.) */
const NUMBER_CAPS_RE = /(?<![A-Za-z0-9_./:-])\d{1,3}[A-Z]{2,4}(?![\w/:]|\.\w)/g;
/** A code in capitals, a space and digits (ECON 301, RTX 4090): a name (CS101 is an identifier already). */
const CODE_RE = /(?<![A-Za-z0-9_-])[A-Z]{2,5}\s\d{2,4}[A-Z]?(?![\w.:/-]|,\d)/g;
/**
 * A capitalised noun and a small number, as written (Hive 2, Fermenter 3, Tank 1, Court 5): one of several numbered
 * things. Not a month's day (May 25), a count or a time (Keep 14 copies, Every 15 min, At 5), nor a level, step or
 * version that is more often the value set than the thing named (Level 3, Phase 2, Version 4).
 */
const NUMBERED_RE =
  /(?<![A-Za-z0-9_-])(?!(?:Jan|January|Feb|February|Mar|March|Apr|April|May|Jun|June|Jul|July|Aug|August|Sep|Sept|September|Oct|October|Nov|November|Dec|December|Keep|Keeps|Every|Each|Per|At|Set|Top|Max|Min|Last|Next|First|Only|Up|Down|Over|Under|About|Around|After|Before|Since|Until|Till|Within|From|To|By|Runs|Run|Takes|Take|Is|Was|Are|Now|And|Or|The|In|On|For|Of|With|Than|Plus|Minus|Day|Days|Week|Weeks|Hour|Hours|Year|Years|Month|Months|Version|Level|Size|Step|Tier|Phase|Round|Grade|Batch|Chapter|Part|Issue|Episode|Vol|Page)\s)[A-Z][a-z]{2,11}\s(?:\d{1,2}(?![\w.:/%°,-]|\s?(?:[a-z]|[点分天次份号日月年个元块周小秒]))|[A-Z](?![\w.:/%°'’-]|\s(?:is|are|was|and|or|to|in|on|at|for|of|the)\b))/g;
/** A lower-case noun and a single capital letter (timer A, bed B): a lettered thing. */
const LETTERED_RE = /(?<![A-Za-z0-9_-])([a-z]{3,12})\s([A-Z])(?![\w.:/%°'’-])/g;
/** Currency codes: USD 120 is an amount, not a name. */
const CURRENCY = new Set(['usd', 'cny', 'rmb', 'eur', 'gbp', 'jpy', 'hkd', 'twd', 'sgd', 'aud', 'cad', 'krw', 'chf']);
/** Surnames a 小 / 老 before them makes a person's everyday name (小刘, 老周); a few that also make words (小白, 小钱) left out. */
const SURNAMES = '王李张刘陈杨黄赵周吴徐孙马胡朱郭何罗高林郑梁谢唐许冯宋韩邓彭曹曾田萧潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖贾夏付邹熊孟秦邱侯江尹薛闫段雷黎史陶贺毛郝顾龚邵覃武戴严莫孔向汤康易乔欧赖';
/** A surname and a title (林先生, 王老师, 李医生), an elder's kin word (赵奶奶, 孙爷爷) or 姐 / 哥 (王姐, 张哥): a person too. */
const TITLES = '先生|女士|小姐|老师|医生|大夫|主任|经理|师傅|阿姨|律师|药师|护士|护师|教练|店长|园长|校长|院长|主管|会计|奶奶|爷爷|大爷|大妈|大娘|叔叔|婶婶|姥姥|姥爷|外婆|外公|师兄|师姐|师弟|师妹|嬢嬢|孃孃|婆婆|伯伯|嫂子|阿公|阿婆|阿伯|阿嬷|老伯|总(?![部结共计数监站价额量经裁是体之而账表线数])|工(?![作资具厂程位地人期序艺单种号厂会业])|姐(?![夫妹姐])|哥(?![们儿哥])';
/**
 * A person as a court paper names them, by surname and 某 (张某, 李某某, 吴某案): not 于某 of 对于某个, nor 某 before a
 * measure word (王某个 is no one).
 */
const ANONYMIZED = `(?<![对至关由基鉴属终])[${SURNAMES}]某{1,2}(?![个些天种位次处样件项])`;
/** Two-character surnames (欧阳生, 司徒太): one person with a title, not the one-character surname beside it. */
export const COMPOUND_SURNAMES = '欧阳|司徒|上官|诸葛|司马|夏侯|东方|慕容|公孙|长孙|宇文|令狐|皇甫|尉迟';
/** Their first characters: a one-character surname right after one (阳 of 欧阳) is no surname of its own. */
const COMPOUND_FIRSTS = [...new Set(COMPOUND_SURNAMES.split('|').map((s) => s[0]!))].join('');
/**
 * Common surnames that are everyday words too (钱, 金, 石, 方, 白, 龙, 万, 谷): a person only before a title (钱阿公, 白医生, 方经理),
 * never after 小 or 老 (小钱, 小白 and 小龙虾 are no one).
 */
const TITLED_SURNAMES = '钱董肖韦金石方白龙万谷';
/** The Cantonese titles (陈生, 何太, 何sir): Mr., Mrs., Sir, after a surname. */
const CANTONESE_TITLES = '生(?![日活意气病长产命效物涯鲜前态成出存理字])|太(?![太多少久好大小快慢贵远早晚累忙难热冷])|sir\\b';
const PEOPLE_RE = new RegExp(`(?:${COMPOUND_SURNAMES})(?:${TITLES}|${CANTONESE_TITLES})|(?<![${COMPOUND_FIRSTS}])[${SURNAMES}](?:${TITLES}|${CANTONESE_TITLES})|(?<![${COMPOUND_FIRSTS}\\u4e00-\\u9fff])[${TITLED_SURNAMES}](?:${TITLES})|(?:小|老)[${SURNAMES}](?<!小程(?=序))|阿(?![里姨婆公拉尔根富妈爸爷奶哥姐])[\\u4e00-\\u9fff]|${ANONYMIZED}`, 'gu');

/** A person by given name and initial, lower-cased (noah w., noah b.): two initials are two people. */
export const NAME_INITIAL = /(?<![\w.])[a-z]{2,} [a-z]\.(?![\w.])/g;

/** Time zones as written after a time: names of no thing. */
const TIME_ZONES = new Set(['pst', 'pdt', 'est', 'edt', 'cst', 'cdt', 'mst', 'mdt', 'gmt', 'utc', 'bst', 'cet', 'cest', 'eet', 'jst', 'kst', 'aest', 'aedt', 'sgt', 'hkt', 'bjt', 'nzst', 'nzdt']);
/** A place's time (北京时间, 美西时间, 北京周二 01:00): the zone of the time beside it. */
const ZONE_TIME = /^(?:北京|东京|美西|美东|太平洋|当地|本地|伦敦|纽约|悉尼|新加坡|香港|首尔|洛杉矶|旧金山|西雅图|温哥华|多伦多|巴黎|柏林|莫斯科|迪拜|曼谷)(?:时间|周[一二三四五六日天]|星期|礼拜|\s?\d{1,2}[:：点])/;

/**
 * A thing of a kind numbered after its noun, written in English (court 3, room 1105, batch 3B, center #9): another
 * number is another one of them. Lower case, as in a text's `plain`; a time or version after the noun (at 19:00,
 * Python 3.11) is no number of it. The Chinese way (3号棚, 9楼) is NUMBERED_PLACE below.
 */
const NUMBERED_THING = /(?<![\w-])(court|room|batch|bed|gate|bus|platform|table|desk|lane|field|pitch|studio|hall|ward|building|block|door|bay|dock|slot|seat|stage|aisle|shelf|locker|booth|terminal|pier|zone|cohort|wave|sprint|episode|season|chapter|tank|pond|pen|cage|greenhouse|plot|tent|yurt|cam|camera|rack|center|centre|tower|crane|floor|unit|line|truck|phase|car|van|boat|kiln|oven|washer|dryer|hive|dorm|barn|shed|coop|stable|kayak|canoe|week|round|lesson|pump|berth|clock|window|bench)s?\s?(?:#\s?|no\.\s?)?(\d{1,5}[a-z]?)(?![\w./%°-]|:(?!\s)|[.:]\d)/g;

/** A place or unit named the Chinese way, by its number and counter (9楼, 3号棚, 12 号床, 2号椅). */
/** What a number and 号 name before these (3号棚, 2 号车): a place or unit, read by NUMBERED_PLACE and kept out of NAMED_NUMBER. */
const HAO_COUNTERS = '床|棚|箱|门|馆|厅|柜|仓|库|机|位|桌|房|线|窗|场|椅|台|炉|池|罐|地|田|塘|车|帐篷|帐|篷|蒙古包';
export const NUMBERED_PLACE = new RegExp(`(?<![\\d.:/-])(\\d{1,4})\\s?(楼|层|栋|号楼|号(?:${HAO_COUNTERS}))`, 'g');

/** A courtroom by its number (6庭, 第2法庭, 3 号审判庭): read with the counter 庭. */
const COURTROOM = /(?<![\d.:/-])第?\s?(\d{1,3})\s?号?\s?(?:审判庭|法庭|庭)(?!审)/gu;

/** A group, area, route or machine named by a letter the Chinese way (B组, A 区, B 线, 机器 A, 节点 b, 电池组 B, 靛蓝缸 A, A 级 and B 级 goods): one of several lettered things. */
const LETTERED_PLACE = /(?<![a-z0-9_.-])([a-z])\s?(组|区|队|班|栋|座|馆|厅|间(?!隔)|级(?!别)|线)|(机器|服务器|节点|机房|仓库|组|样衣间|衣帽间|储藏室|会议室|教室|实验室|包厢|包间|缸|工位|机位|展位|通道)\s?([a-z])(?![a-z0-9_.-])/gi;

/**
 * A hall, workshop, ward or room named by its ordinal (第8展厅, 第 3 车间, 第2考场), or a session, issue, round or batch (第 4 場
 * playtest, 第2期): one of several. Counted as 第 and the noun, so 第3展厅 is not 3号厅. Not a week or a time (第3周, 第二次).
 */
const ORDINAL_PLACE = /(?<![\d.:/-])第\s?(\d{1,3})\s?(展厅|展廳|展区|展區|展室|陈列室|车间|車間|工段|病区|病房|考场|考場|考点|教室|会议室|會議室|实验室|實驗室|仓库|倉庫|库区|库房|机房|機房|站台|月台|候车室|泊位|跑道|产线|產線|生产线|生產線|流水线|宿舍|阅览室|诊室|手术室|场|場|期|轮|輪|批|届|屆)/gu;

/** A disk, turbine, cabinet or bay with its number after it (硬盘3, 风机 12, 机柜2): one of several numbered units. */
const UNIT_NUMBER = /(硬盘|磁盘|盘位|风机|机组|机柜|机位|工位|展位|通道)\s?(\d{1,3})(?![\d.%]|[:：]\d|\s?(?:tb|gb|mb|号|个|台|次|天|年|月|小时|分钟|块|万|kw|mw))/gi;

/** A thing numbered with a number sign beside its Han noun (#4 电池, 电池 #1): one of several; the counter is the sign. */
const HASH_NUMBER = /(?<![\w#])#\s?(\d{1,4})(?![\d.:\w])(?=\s?\p{Script=Han})|(?<=\p{Script=Han}\s?)#\s?(\d{1,4})(?![\d.:\w])/gu;

/**
 * A thing with a name and a number the Chinese way (海鸥3号, 广鹿 2 号, 长征5号): a boat, a rocket, a model, one of several of
 * that name. Not a date (每月5号, 截止15号, 改到8号, 总结 20 号交: a name ending in a word of time or a verb, or 号 followed
 * by one), nor an address (河滨路 18 号), nor a numbered place (3号楼, read above). The counter is the name.
 */
const NAMED_NUMBER = new RegExp(`(\\p{Script=Han}{2})\\s?(\\d{1,3})\\s?号(?!楼|${HAO_COUNTERS}|前|之|以|后|起|开始|截止|到期|晚|早|上午|下午|中午|凌晨|傍晚|夜|交|发|出|开|到|完|截|见|办|上|下|去|来|回|走|左右|当天|那天)`, 'gu');
const NOT_A_NAME_END = /[月日号周期到至在为成改从于止前后是初底末约定等的和与及或第每逢今明昨年天点时分礼拜星由自截交起需要将把被让给路街道巷弄里村镇区园苑栋座]$/u;

/** Counters written before their number or letter (硬盘3, 机器 A); the rest after it (3号棚, B组). */
export const COUNTER_FIRST = /^(?:#|硬盘|磁盘|盘位|风机|机组|机柜|机位|工位|展位|通道|机器|服务器|节点|机房|仓库|缸)$/;

/** A counter, with its number or letter, as written: 9楼, 硬盘3, 海鸥3号. */
export function placeLabel(n: string, counter: string): string {
  if (COUNTER_FIRST.test(counter)) return counter + n;
  // An ordinal (第8展厅): 第, the number, the noun.
  if (counter.startsWith('第')) return `第${n}${counter.slice(1)}`;
  // A name (海鸥3号): two Han characters, unlike the counters read after their number, which start with 号 or are one.
  if (/^\p{Script=Han}{2}$/u.test(counter) && !counter.startsWith('号')) return `${counter}${n}号`;
  return n + counter;
}

/** Each place or unit a text names the Chinese way, by number or letter and counter, and where. */
export function numberedPlaceMentions(text: string): { n: string; counter: string; at: number; end: number }[] {
  return [
    ...[...text.matchAll(NUMBERED_PLACE)].map((m) => ({ n: m[1]!, counter: m[2]!, at: m.index!, end: m.index! + m[0].length })),
    ...[...text.matchAll(UNIT_NUMBER)].map((m) => ({ n: m[2]!, counter: m[1]!, at: m.index!, end: m.index! + m[0].length })),
    ...[...text.matchAll(LETTERED_PLACE)].map((m) => ({ n: (m[1] ?? m[4]!).toLowerCase(), counter: m[2] ?? m[3]!, at: m.index!, end: m.index! + m[0].length })),
    ...[...text.matchAll(HASH_NUMBER)].map((m) => ({ n: (m[1] ?? m[2])!, counter: '#', at: m.index!, end: m.index! + m[0].length })),
    ...[...text.matchAll(COURTROOM)].map((m) => ({ n: m[1]!, counter: '庭', at: m.index!, end: m.index! + m[0].length })),
    ...[...text.matchAll(ORDINAL_PLACE)].map((m) => ({ n: m[1]!, counter: `第${m[2]!}`, at: m.index!, end: m.index! + m[0].length })),
    ...[...text.matchAll(NAMED_NUMBER)].filter((m) => !NOT_A_NAME_END.test(m[1]!)).map((m) => ({ n: m[2]!, counter: m[1]!, at: m.index!, end: m.index! + m[0].length })),
  ];
}

/** The places and units a text names the Chinese way: counter → the numbers (or letters) it gives that counter. */
export function numberedPlaces(text: string): Map<string, Set<string>> {
  return groupedSets(numberedPlaceMentions(text).map(({ counter, n }) => [counter, n]));
}

/** Pairs gathered by their key: key → the values given it. */
export function groupedSets<T>(pairs: Iterable<[string, T]>): Map<string, Set<T>> {
  const out = new Map<string, Set<T>>();
  for (const [key, value] of pairs) {
    let s = out.get(key);
    if (!s) out.set(key, (s = new Set()));
    s.add(value);
  }
  return out;
}

/**
 * A number of three or four digits right before a Han word (203 制氧机, 202 房): a label of the thing, a room's or a unit's.
 * Not an amount or a year (220 元, 1500 字, 2026 年): the word after it is no unit.
 */
export const NUMBER_BEFORE_NOUN = /(?<![\d./,，-])(?<!\d:)(\d{3,4})\s?(?![元块字年月日号天个次人份件台条张页分秒米克斤]|小时|分钟|公里|毫升|毫克|万|千|百)(\p{Script=Han}{1,2})/gu;

/** A place or thing named by a number before 的 (302 的空调师傅, 46 的 IEM, 920 的 DSM): the number. */
const PLACE_NUMBER = /(?<![\d.:/,-])(\d{2,4})\s?的/;

/** The number a text names its place or thing by before 的, or null. */
export function placeNumberOf(text: string): string | null {
  return PLACE_NUMBER.exec(text)?.[1] ?? null;
}

/** Whether a text holds a number whole (302, not 3021 or 30.2). */
export function holdsNumber(text: string, n: string): boolean {
  return new RegExp(`(?<![\\d.])${n}(?![\\d.])`).test(text);
}

/**
 * A machine or store room named the Chinese way by a number after it, without 号 (冷库1, 冰柜 2, 探头3): one of several.
 * Not a number with a unit or counter after it (冷库 2 度, 打印机 3 台), nor part of a longer number, time or value.
 */
const NUMBERED_HAN_THING =
  /(冷库|冷藏库|冷冻库|冰柜|冷柜|冰箱|冷藏柜|展柜|仓库|机器|服务器|节点|机房|探头|打印机|摄像头|相机|风扇|水泵|货架|窗口|鱼缸|烤箱|蒸箱|蒸柜|产线|流水线|治具|测试架|工位|直播间|录音间|演播室|剪辑室)\s?(\d{1,2})(?![\d.:/%℃°,，]\d|[\d.:/%℃°]|\s?(?:号|个|台|度|元|块|斤|米|分|秒|天|小时|次|人|份|件|箱|条|张|kg|g\b|c\b))/gu;

/** Each numbered thing a text names, where: its noun (centre read as center), its number, and the span of both. */
export function numberedThingMentions(text: string): { noun: string; n: string; at: number; end: number }[] {
  return [...text.matchAll(NUMBERED_THING), ...text.matchAll(NUMBERED_HAN_THING)].map((m) => ({ noun: m[1] === 'centre' ? 'center' : m[1]!, n: m[2]!, at: m.index!, end: m.index! + m[0].length }));
}

/** The numbered things a text names: noun → the numbers it gives that noun. */
export function numberedThings(text: string): Map<string, Set<string>> {
  return groupedSets(numberedThingMentions(text).map(({ noun, n }) => [noun, n]));
}

/** The everyday names of people a text holds (小刘, 老周, 阿杰, 林先生). */
export function peopleIn(text: string): string[] {
  return [...new Set(text.match(PEOPLE_RE) ?? [])];
}

/**
 * Whether a text names someone, however loosely: an everyday name (小刘, 李医生), a full name after a word that hands
 * something to a person (轮到李想, 排王伟, 领养人：李家), a role (医生, 老师, 主任), or a doctor in English (Dr. Lee).
 */
export function namesSomeone(text: string): boolean {
  if (peopleIn(text).length) return true;
  if (new RegExp(`(?:轮到|排|由|归|找|跟|交给|是|[:：])\\s?[${SURNAMES}][\\u4e00-\\u9fff]`, 'u').test(text)) return true;
  return /医生|老师|主任|护士|师傅|大夫|教练|律师|\bdr\.?\s[a-z]/.test(text);
}

const NOT_PROPER = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec correction update note reminder please xiao lao'.split(' '),
);
/**
 * Capitalized words written mid-sentence (Marta, Tidepool, SF Freight): names of people, products
 * and things. Not a word opening an English text or sentence (a text holding Chinese has no
 * capitals of its own: Marta 的合同), not a month, a weekday or a function word.
 */
export function propersOf(text: string): string[] {
  const out = new Set<string>();
  // (A name's possessive, Tang's, is the name.)
  for (const m of text.matchAll(/(?<![A-Za-z0-9_-])[A-Z][a-z]{2,}(?![A-Za-z0-9_-])(?!['’](?!s\b))/g)) {
    const before = text.slice(0, m.index).trimEnd();
    // Opening a sentence, a capital says nothing, unless Chinese follows (Marta 的合同: Chinese has no capitals).
    const opens = before === '' || /[.!?:;。！？：；—–\[\]]$/.test(before) || /^\[\w+\]$/.test(before);
    if (opens && !/\p{Script=Han}/u.test(text)) continue;
    const w = m[0].toLowerCase();
    if (NOT_PROPER.has(w) || NOT_PROPER.has(w.replace(/s$/, '')) || ENGLISH_STOPWORDS.has(w)) continue;
    out.add(w);
  }
  return [...out];
}

/** The file a path ends with (config.toml of /srv/showctl/config.toml), when it names one: a file moved keeps its name. */
export function fileNameOf(path: string): string | null {
  const name = /[^/\\]+\.[a-z0-9]{1,5}$/i.exec(path)?.[0];
  return name && name.length >= 5 ? name : null;
}

/** Where a correction starts to say what changed. */
// Not inside a word that holds a cue's character: 空调 / 调试 / 调休, 交换机, 一切 / 切片, 批改, 降噪.
export const CHANGE_CUE = /(?<!批)改|涨(?![潮停幅])|以后|往后|今后|(?<![交兑互轮])换|(?<![空协强单格基语色音腔步低高])调(?![料味研查试度休皮])|迁|升|降(?!噪)|提高?到(?=\s?[\d零一二两三四五六七八九十])|(?<![一亲密急迫])切(?![片记勿])|挪|搬|放宽|收紧|缩短|延长|提前|提早|推迟|推到|推(?=\s?[一两二三四五六七八九十\d]+\s?(?:天|周|个?星期|个?礼拜|个?月))|往后推|延后|延到|延至|延期|续到|续签到|续约到|(?<![中])转到|转给|转交给?|转移到|不再|不是|现在|→|->|拖到|拖延到|收回到|\b(?:to|now|moved|switched|changed|is on|runs on|reinstalled|renamed|should|replaced|instead|pushed|postponed|delayed|bumped|raised|lowered|slips|slipped|gone|make it)\b/;

/** Verbs after which a text gives the new value (改成 X, 迁到 X, → X): what comes before them is the old one or the thing. */
export const TO_NEW_VALUE = '改为|改成|转到|转给|转移到|续到|续签到|续约到|换成|变成|变为|调到|调成|调整为|调整到|迁到|迁移到|升到|升级到|升级为|降到|切到|切换到|更新为|更新到|挪到|搬到|减到|减为|降为|加到|涨到|提高到|压到|->|→|=>';

/**
 * Where a correction gives its new value, for telling a name it is about from the value it sets ("WH_TRANSFORM
 * downsized to SMALL"): those verbs, 改到 / 换到 / 搬回, "(changed|moved|back …) to", "now", and the change cues but a
 * bare "to", which also says where ("the flat rate to the US").
 */
const NEW_VALUE_CUE = new RegExp(`${TO_NEW_VALUE}|改到|换到|搬回|\\b(?:(?:changed|switched|moved|bumped|set|raised|lowered|upgraded|downgraded|downsized|upsized|resized|scaled(?: up| down)?|back)\\s+to|now)\\b`);
const CUE_BUT_TO = new RegExp(CHANGE_CUE.source.replace('(?:to|', '(?:'));

/** Attribute classes of when: what a reason clause most often names without changing it. */
const WHEN = new Set(['schedule', 'date']);
/** Length words that name what is counted (字数, characters): not a bare limit. */
const LENGTH_UNITS = new Set(['字数', '篇幅', '长度', '字符', '个字', '字以内', 'characters', 'chars', 'words', 'length', 'max length']);

/** A weekday as a value begins: 周五, 每周二, 礼拜六, Saturdays. */
const DAY_VALUE = /^(?:每\s?)?(?:周|星期|礼拜)[一二三四五六日天]|^(?:mon|tue|wed|thu|fri|sat|sun)/i;

/**
 * Weekdays that say which one ("周五那期正片控制在 20 分钟以内", "八人艇周六改在明湖练", "李医生周二、周四的复诊号改成
 * 40 分钟一个") are no schedule the correction changes: when its only times are weekdays, all written before it says what
 * changed, and a value of another kind (not a time or date) follows them in that clause, that value is the change.
 */
function qualifyingDaysOut(changeShapes: Set<string>, named: Set<string>, shapeAt: { attr: string; at: number }[], norm: string, found: { word: string; at: number }[]): Set<string> {
  if (!changeShapes.has('schedule') || named.has('schedule')) return changeShapes;
  const days = shapeAt.filter((a) => a.attr === 'schedule');
  const other = shapeAt.filter((a) => !WHEN.has(a.attr) && changeShapes.has(a.attr));
  if (!days.length || !days.every((a) => DAY_VALUE.test(norm.slice(a.at)))) return changeShapes;
  const cue = CHANGE_CUE.exec(norm);
  // With no value at all after them, a weekday right before the thing it names ("for Thursday badminton we bring our own
  // shuttles from now on", "周四的羽毛球以后自带球") is the occasion, and what changed is said in words.
  if (!other.length) {
    if (!cue || !shapeAt.every((a) => a.at < cue.index)) return changeShapes;
    const names = (a: { at: number }) => {
      const end = a.at + (/^(?:每\s?)?(?:周|星期|礼拜)[一二三四五六日天]|^[a-z]+/i.exec(norm.slice(a.at))?.[0].length ?? 0);
      const next = found.find((f) => f.at >= end && f.at < cue.index);
      return next !== undefined && /^(?:\s?的\s?|'s\s|\s)?$/.test(norm.slice(end, next.at));
    };
    return days.every(names) ? new Set([...changeShapes].filter((s) => s !== 'schedule')) : changeShapes;
  }
  const lastDay = Math.max(...days.map((a) => a.at));
  const firstOther = Math.min(...other.map((a) => a.at));
  if (lastDay > firstOther) return changeShapes;
  if (cue && cue.index < lastDay) return changeShapes;
  // In the clause that says what changed, not a reason after it ("周二周四改成奶奶接，老陈出差两个月").
  if (/[，。,;；!?！？]/.test(norm.slice(cue ? cue.index : lastDay, firstOther))) return changeShapes;
  return new Set([...changeShapes].filter((s) => s !== 'schedule'));
}

/**
 * Dates that only name the occasion, before the text says what changed and followed by 的 (20 号的备班, 12.8 夜里的老马,
 * 5月14日的游船), are no date the correction changes.
 */
function occasionDatesOut(changeShapes: Set<string>, shapeAt: { attr: string; at: number }[], norm: string, cueAt: number): Set<string> {
  if (!changeShapes.has('date')) return changeShapes;
  const dates = shapeAt.filter((a) => a.attr === 'date');
  const occasion = (at: number) => at < cueAt && /^[\d.\s月日号]+(?:夜里|晚上|上午|下午|早上|中午|白天|凌晨)?\s?的/.test(norm.slice(at));
  return dates.length && dates.every((a) => occasion(a.at)) ? new Set([...changeShapes].filter((s) => s !== 'date')) : changeShapes;
}

/** How a note says it is a note (再记一次：, 记一下哈：, reminder to self:, （再记一遍）): words that name nothing. */
const NOTE_PREAMBLE = /^\s*(?:\[[a-z]+\]\s*)?(?:(?:再记一(?:次|遍|下)|再记|记一下|记一笔|备忘一下|备忘|提醒自己|提醒一下|提提[你我]?|reminder to self|note to self|reminder|note|fyi)[哈啊呀吧]?\s*[:：,，]|[（(【]\s?(?:再记一(?:次|遍|下)|再记|记一下|备忘|重复一(?:次|遍)|again|repeat)\s?[）)】])/i;

/** Words that say why, in the clause after a correction's new value (，半夜太吵 / , compliance asked). */
export const REASON = /太|因为|由于|所以|不够|撞|冲突|说|要求|提的|调的|坏了|过期|没人|不查|嫌|怕|免得|以免|省得|为了|\b(?:because|since|too|asked|requires?|required|needs?|got|was|were|so that|otherwise)\b/;

/** Splits a run of Han characters into words, search mode (long words also yield their parts). */
export type HanSplitter = (run: string) => string[];

/** Generic words that say what is done or when, not what a thing is: never part of a subject phrase. */
const GENERIC_VERBS = new Set(
  ('跑 执行 运行 启动 部署 发布 发 用 使用 采用 放 存 写 看 改 设 定 挂 走 开 关 加 减 再往 往上 往下 需要 可以 不能 必须 记得 注意 先 再 都 也 还 就 才 一下 ' +
    '现在 目前 以后 之后 后来 今天 昨天 明天 最近 已 已经 一直 还是 统一 正式 新的 旧的 上次 这次 下次 默认 所有 全部 ' +
    '记住 别忘 别忘了 别忘记 不要忘了 不要忘记 ' +
    '生成 产出 出 做 弄 搞 处理 提醒 记一下 记一笔 备忘 再记 再记一次 顺便 落到 落在 写到 写在 放到 存放 那边 这边 那块 这块 一点 随意 挂在 跑在 用的 ' +
    'posted posting goes go live generated generate generation produced handled made note reminder fyi keep keeps kept ' +
    'ping pings pinged lives live sits sit hit hits reads read pulls pull calls call executes execute ' +
    'run runs running use uses using set sets deploy deployed deploys publish published send sent pins pinned pinning now currently today yesterday ' +
    'should must need needs please also still just only new old main primary all default every each 每日 每天 每周 每月 日常 ' +
    'day days week weeks hour hours minute minutes month months year years daily weekly monthly').split(/\s+/),
);

const FUNCTION_WORDS = new Set(['的', '了', '是', '在', '和', '与', '把', '被', '给', '也', '都', '就', '还', '要', '会', '能', '将', '让', '得', '着', '那', '这', '个', '吧', '呢', '啊']);

const ALIAS_OF = new Map<string, string>();
for (const group of ALIASES) for (const v of group) ALIAS_OF.set(v, group[0]!);

/** Where a text's clauses that say something stays as it was (时间不变, 周二周四都一样) start and end. */
function keptSpans(norm: string): [number, number][] {
  const kept: [number, number][] = [];
  let start = 0;
  for (const cl of norm.split(/[，,；;。！？!?\n]/)) {
    if (UNCHANGED.test(cl)) kept.push([start, start + cl.length]);
    start += cl.length + 1;
  }
  return kept;
}

/**
 * An attribute named only in a clause that says it stays as it was (保持时间不变, 时间不变, the time stays) is not one the
 * text changes, when a value is given outside such clauses: "HiPot 2700V 作废，改 3000 V DC，保持时间不变" changes a voltage.
 */
function keptOut(named: Set<string>, attrAt: { attr: string; at: number }[], shapeAt: { attr: string; at: number }[], norm: string): Set<string> {
  const kept = keptSpans(norm);
  if (kept.length === 0) return named;
  const inKept = (at: number) => kept.some(([a, b]) => at >= a && at < b);
  const valueOutside = shapeAt.some((x) => !inKept(x.at)) || [...norm.matchAll(/\d+/g)].some((m) => !inKept(m.index!));
  if (!valueOutside) return named;
  const out = new Set([...named].filter((attr) => attrAt.some((x) => x.attr === attr && !inKept(x.at))));
  return out.size === named.size ? named : out;
}

/**
 * The same for a value's shape: values given only in a clause that says they stay (陈医生的挂号费改 50 元，周二周四都一样) are
 * not what the text changes, when a value of another shape is given after the change word outside such clauses.
 */
function keptShapesOut(shapes: Set<string>, shapeAt: { attr: string; at: number }[], norm: string, cueAt: number | null): Set<string> {
  const kept = keptSpans(norm);
  if (kept.length === 0) return shapes;
  const inKept = (at: number) => kept.some(([a, b]) => at >= a && at < b);
  const out = new Set([...shapes].filter((sh) => shapeAt.some((x) => x.attr === sh && !inKept(x.at))));
  // (With no change word, a value set before the kept clause: 熔断阈值设 50%，3 秒超时不动.)
  if (!shapeAt.some((x) => out.has(x.attr) && !inKept(x.at) && (cueAt === null ? kept.every(([a]) => x.at < a) : x.at > cueAt))) return shapes;
  return out.size === 0 || out.size === shapes.size ? shapes : out;
}

/** What comes right before a thing a text goes by: 按, 根据, per (按 AQL 表, 按 ECN-2026-031 改, per ISO 2859). */
const BY_AUTHORITY = /(?:按照?|根据|依据|依照|参照|\bper|\bas per|\baccording to)\s*$/;

/** A document named after 按 / 根据 / per (按 ECN-2026-031 改, per ECN-031): an identifier with a digit. */
function byAuthority(w: string, norm: string, at: number): boolean {
  return /\d/.test(w) && /[a-z]/.test(w) && BY_AUTHORITY.test(norm.slice(Math.max(0, at - 14), at));
}

/** Whether a (lower-case) text names `n` as what it goes by (按 AQL 表改为 125 pcs): a basis, not the thing. */
export function goneBy(text: string, n: string): boolean {
  const at = text.indexOf(n);
  return at !== -1 && BY_AUTHORITY.test(text.slice(Math.max(0, at - 14), at));
}

/**
 * A job named for prices (价格同步, price sync, 价格监控) is that job, not a price: the word is part of its name. So is a thing
 * of the office (the office Wi-Fi, printer or keys): the office names it, not where something is held.
 */
const JOB_OF: Record<string, RegExp> = {
  价格: /^\s?(?:同步|监控|抓取|爬虫|脚本|任务|提醒)/,
  price: /^[\s-]?(?:sync|monitor|scrap|script|job|alert|watch)/,
  office: /^\s+(?:wi-?fi|wifi|printer|router|network|internet|door|keys?|phone|fridge|kitchen|supplies|plants|manager|admin)\b/,
};
/** A part of the day before 的 and a person (12.8 夜里的老马, 周六上午的王姐) says whose turn it is, not a time changed. */
const OF_PERSON = /^\s?的\s?(?:[老小阿]\p{Script=Han}|\p{Script=Han}{1,2}(?:姐|哥|师傅|老师|医生|大夫|护士))/u;
/** An attribute word that is no attribute before these words: "due to our new system" says why, not when it is due. */
const NOT_ATTRIBUTE_BEFORE: Record<string, RegExp> = {
  due: /^\s+to\b/,
  // 收件 closing a clause is picking parcels up (J&T 提早收件), not who receives (收件人, 收件改成 ops@).
  收件: /^\s*(?:[，。,;；!！?？]|$)/,
  // How long or how often a review runs (审核天数, 审核周期) is no reviewer.
  ...Object.fromEntries(['审核', '审稿', '编辑'].map((w) => [w, /^\s?(?:天数|时长|周期|次数|日期|时间|费用|轮次)/])),
  ...JOB_OF,
  ...Object.fromEntries(['夜里', '夜间', '半夜', '白天', '凌晨', '早上', '晚上', '上午', '下午', '中午'].map((w) => [w, OF_PERSON])),
};

const ATTRIBUTE_LIST = Object.entries(ATTRIBUTE_WORDS)
  .flatMap(([attr, words]) => words.map((w) => ({ attr, w })))
  .sort((a, b) => b.w.length - a.w.length);

/** Acronyms that name a kind of thing, not one thing. */
const ACRONYM_COMMON = new Set(['api', 'url', 'ip', 'db', 'id', 'ui', 'ci', 'cd', 'pr', 'ok', 'cpu', 'gpu', 'ram', 'ssd', 'hdd', 'dns', 'ssh', 'ssl', 'tls', 'http', 'https', 'json', 'yaml', 'csv', 'pdf', 'sql', 'ttl', 'aoe', 'utc', 'cst', 'pst', 'am', 'pm', 'kb', 'mb', 'gb', 'tb', 'qps', 'llm', 'ai', 'faq', 'seo', 'cdn', 'vpn', 'nas', 'os', 'env', 'dev', 'prod', 'qa', 'ops', 'io', 'pv', 'uv', 'tps', 'sla', 'todo', 'on', 'off', 'yes', 'no', 'tbd', 'asap', 'fyi', 'eta', 'na']);

/** Alias forms by their first character: a text is only checked for forms whose first character it holds. */
const ALIAS_BY_FIRST = new Map<string, [string, string][]>();

/** All characters ASCII (a char-code loop: this runs for every word of every candidate). */
export function isAscii(w: string): boolean {
  if (w.length === 0) return false;
  for (let i = 0; i < w.length; i++) if (w.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The alias forms whose first character occurs in the text (a cheap pre-filter before `holds`). */
function aliasesIn(text: string): [string, string][] {
  if (ALIAS_BY_FIRST.size === 0) for (const [v, c] of ALIAS_OF) {
    const k = v[0]!;
    let l = ALIAS_BY_FIRST.get(k);
    if (!l) ALIAS_BY_FIRST.set(k, (l = []));
    l.push([v, c]);
  }
  const out: [string, string][] = [];
  for (const ch of new Set(text)) {
    const l = ALIAS_BY_FIRST.get(ch);
    if (l) out.push(...l);
  }
  return out;
}

/** A one-character alias form (妈) found only as the end of another kinship word (姨妈). */
function onlyInKin(text: string, form: string): boolean {
  if (form.length !== 1) return false;
  for (let i = text.indexOf(form); i !== -1; i = text.indexOf(form, i + 1)) if (i === 0 || !KIN_BEFORE_ONE_CHAR.test(text[i - 1]!)) return false;
  return true;
}

/**
 * Whether `hay` holds `word`: as a substring for Chinese, as a whole word for ASCII; a part of a
 * snake_case identifier is a word (eval_ood.py holds ood, sync_orders holds orders), unless
 * `wholeOnly` asks for the word standing alone.
 */
export function holds(hay: string, word: string, wholeOnly = false): boolean {
  if (!isAscii(word)) return hay.includes(word);
  // A hyphenated word is the same words written apart (night-shift / night shift).
  if (/^[a-z]{2,}(?:-[a-z]{2,})+$/.test(word) && holdsWhole(hay, word.replace(/-/g, ' '), wholeOnly)) return true;
  // Or written as one (A-Wen / Awen, e-mail / email).
  if (word.length >= 5 && /^[a-z]+(?:-[a-z]+)+$/.test(word) && holdsWhole(hay, word.replace(/-/g, ''), wholeOnly)) return true;
  if (holdsWhole(hay, word, wholeOnly)) return true;
  // A plural is held by its singular (all-seasons / all-season, tickets / ticket); the other way is holdsWhole's.
  return !wholeOnly && /^[a-z][a-z-]{3,}[^s]s$/.test(word) && holdsWhole(hay, word.slice(0, -1), false);
}

function holdsWhole(hay: string, word: string, wholeOnly: boolean): boolean {
  // An identifier with an underscore goes on with one (lumen_web_1080_vertical is another preset).
  const joiner = wholeOnly || word.includes('_') ? /[a-z0-9_-]/ : /[a-z0-9-]/;
  let i = hay.indexOf(word);
  while (i !== -1) {
    // (Two dashes before a word make it an option, --extsize, and the option is the word.)
    const before = i > 0 && !(hay[i - 1] === '-' && hay[i - 2] === '-' && !/[a-z0-9_-]/.test(hay[i - 3] ?? ' ')) ? hay[i - 1]! : ' ';
    // An English plural is the same word (session / sessions).
    const end = i + word.length + (hay[i + word.length] === 's' && word.length > 3 && !/[a-z0-9_-]/.test(hay[i + word.length + 1] ?? ' ') ? 1 : 0);
    const after = hay[end] ?? ' ';
    // A dotted name goes on with a dot (topic.payments.v2.retry is another topic than topic.payments.v2).
    const dotted = word.includes('.') && ((after === '.' && /[a-z0-9]/.test(hay[end + 1] ?? ' ')) || (before === '.' && /[a-z0-9]/.test(hay[i - 2] ?? ' ')));
    if (!joiner.test(before) && !joiner.test(after) && !dotted) return true;
    i = hay.indexOf(word, i + 1);
  }
  return false;
}

/**
 * A contrast member named in a text: its last character must not start an attribute word there
 * (主服务端口 names a port, not 服务端).
 */
function holdsMember(text: string, w: string, ascii = isAscii(w)): boolean {
  if (ascii) return holds(text, w);
  for (let i = text.indexOf(w); i !== -1; i = text.indexOf(w, i + 1)) {
    const last = i + w.length - 1;
    if (!HAN_ATTRIBUTE_WORDS.some((a) => text.startsWith(a, last))) return true;
  }
  return false;
}

/** Attribute words of two or more characters, not ASCII: what a contrast member's last character may not start. */
const HAN_ATTRIBUTE_WORDS = ATTRIBUTE_LIST.filter(({ w }) => !isAscii(w) && w.length >= 2).map(({ w }) => w);

/** Every contrast word with its group and member, in the groups' order. */
const CONTRAST_WORDS = CONTRAST_GROUPS.flatMap((g) =>
  Object.entries(g.members).flatMap(([member, words]) => words.map((w) => ({ group: g.name, member, w, ascii: isAscii(w) }))),
);

/**
 * The first contrast group both name members of with none in common (公众号 / 小红书, 开门 / 关门):
 * the two name two things. Null when there is none.
 */
export function otherMember(mine: Map<string, Set<string>>, theirs: Map<string, Set<string>>): { group: string; mine: Set<string>; theirs: Set<string> } | null {
  for (const [group, m] of mine) {
    const t = theirs.get(group);
    if (t && ![...t].some((x) => m.has(x))) return { group, mine: m, theirs: t };
  }
  return null;
}

/**
 * Where each contrast word stands in CONTRAST_WORDS, by its first two characters (a word of one
 * character under ONE_CHARACTER): a text need only be searched for the words whose first two
 * characters it holds side by side.
 */
const CONTRAST_BY_START = new Map<string, number[]>();
const ONE_CHARACTER: number[] = [];
CONTRAST_WORDS.forEach(({ w }, i) => {
  if (w.length < 2) return void ONE_CHARACTER.push(i);
  const key = w.slice(0, 2);
  const at = CONTRAST_BY_START.get(key);
  if (at) at.push(i);
  else CONTRAST_BY_START.set(key, [i]);
});

/** The contrast groups a (normalized, lower-case) text names a member of: group → members. */
export function contrastOf(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  // This runs for every candidate of a search that names a contrast word, and for every record a
  // correction meets: a few of the 644 words to look for instead of all, taken in the groups' order.
  const starts = new Set<string>();
  const at = [...ONE_CHARACTER];
  for (let i = 0; i + 1 < text.length; i++) {
    const key = text.slice(i, i + 2);
    if (starts.has(key)) continue;
    starts.add(key);
    const list = CONTRAST_BY_START.get(key);
    if (list) for (const j of list) at.push(j);
  }
  at.sort((a, b) => a - b);
  for (const j of at) {
    const { group, member, w, ascii } = CONTRAST_WORDS[j]!;
    if (!text.includes(w) || out.get(group)?.has(member) || !holdsMember(text, w, ascii)) continue;
    let s = out.get(group);
    if (!s) out.set(group, (s = new Set()));
    s.add(member);
  }
  return out;
}

const PREFIX_PAIRS: [string, string][] = [
  ['大', '小'],
  ['新', '老'],
  ['新', '旧'],
  ['前', '后'],
  ['稀', '浓'],
  ['粗', '细'],
  ['冷', '热'],
  ['左', '右'],
  ['内', '外'],
  // The main one and the spare (主 Pi / 备用 Pi, 主机 / 备机).
  ['主', '备用'],
  ['主', '备'],
];
/** Each ordered pair with the pattern of its first prefix and a noun after it. */
// (Or a name in letters after it: 主 Pi, 新 iPad.)
const PREFIX_RES = PREFIX_PAIRS.flatMap(([p, q]) => [
  { x: p, y: q, re: new RegExp(`${p}(\\p{Script=Han}{1,2}|\\s?[a-z][a-z0-9]*(?![a-z0-9]))`, 'gu') },
  { x: q, y: p, re: new RegExp(`${q}(\\p{Script=Han}{1,2}|\\s?[a-z][a-z0-9]*(?![a-z0-9]))`, 'gu') },
]);

/**
 * One noun told apart by size or age on the two sides (大灭菌器 / 小灭菌器, 新解放 / 老解放, 大棚 / 小棚):
 * the first text's form and the other's, or null. A text holding both forms clashes with neither.
 */
export function prefixClash(mine: string, theirs: string): { mine: string; theirs: string } | null {
  for (const { x, y, re } of PREFIX_RES) {
    if (!mine.includes(x) || !theirs.includes(y)) continue;
    for (const m of mine.matchAll(re)) {
      const noun = m[1]!.trim();
      // (主 Pi is 主Pi: a space before letters says nothing.)
      const has = (t: string, pre: string) => t.includes(pre + noun) || (/^[a-z]/.test(noun) && t.includes(`${pre} ${noun}`));
      if (has(theirs, y) && !has(theirs, x) && !has(mine, y)) return { mine: x + noun, theirs: y + noun };
    }
  }
  return null;
}

const DEPUTY_RE = /(副)?(队长|组长|主任|总监|经理|院长|校长|班长|部长|主席|主编|主管|教练|站长|会长|社长)/g;

/**
 * A deputy is another person than the head: 副队长 / 队长, 副主编 / 主编. The role one text names with
 * 副 that the other names only without it (or the other way round), or null.
 */
export function deputyClash(a: string, b: string): string | null {
  const roles = (t: string) => groupedSets([...t.matchAll(DEPUTY_RE)].map((m): [string, boolean] => [m[2]!, m[1] !== undefined]));
  return namedApart(roles(a), roles(b));
}

/** A key each side names in one form only, and the two forms differ (队长 / 副队长, A1 / A1 Pro), or null. */
function namedApart<T>(a: Map<string, Set<T>>, b: Map<string, Set<T>>): string | null {
  for (const [key, xa] of a) {
    const xb = b.get(key);
    if (xb && xa.size === 1 && xb.size === 1 && [...xa][0] !== [...xb][0]) return key;
  }
  return null;
}

const TIER_RE = /(?<![a-z0-9_.-])([a-z]+\d+[a-z0-9]*)(?:\s?(pro|max|plus|mini|lite|ultra|se|air)\b)?(?![a-z0-9_.-])/gi;

/**
 * A model and its tier are two products: A1 Pro / A1, S3 Max / S3 Lite. The model one text names with a tier word the
 * other names with another or none (each naming it one way only), or null. Only a model with letters and digits.
 */
export function tierClash(a: string, b: string): string | null {
  const tiers = (t: string) => groupedSets([...t.matchAll(TIER_RE)].map((m): [string, string] => [m[1]!.toLowerCase(), m[2]?.toLowerCase() ?? '']));
  return namedApart(tiers(a), tiers(b));
}

/** Every position of `word` in `hay` (whole words for ASCII). */
function positions(hay: string, word: string): number[] {
  const out: number[] = [];
  let i = hay.indexOf(word);
  while (i !== -1) {
    const before = i > 0 ? hay[i - 1]! : ' ';
    const after = hay[i + word.length] ?? ' ';
    if (!isAscii(word) || (!/[a-z0-9_-]/.test(before) && !/[a-z0-9_-]/.test(after))) out.push(i);
    i = hay.indexOf(word, i + 1);
  }
  return out;
}

/** What a text says before the value something had (原来是 8080, 之前为 tar). */
export const WAS = '(?:原来|原先|之前|以前|此前)(?:是|为)';

const OLD_VALUE_PATTERNS: RegExp[] = [
  // 从周二 19:30 改到…: the old value may be a day and a time, written apart.
  /(?:从|由)\s*([^\s，。,;；]{1,24}?(?:\s[^\s，。,;；]{1,12}?)?)\s*(?:改|换|调|迁|升|降|切|变|更新|挪|搬|缩|延|放宽|收紧|提前|推迟)/g,
  new RegExp(`([^\\s，。,;；从]{1,24}?)\\s*(?:${TO_NEW_VALUE}|改(?=\\s?(?:\\d|\\*\\/\\d)))`, 'g'),
  /(?:不是|不再是|不再用|不再|不用|不往|不在|不要|而不是|并非|而非|取代|替换掉|弃用|停用|废弃|别再用)\s*(\d{1,2}月\d{1,2}[日号]?|\d+(?:\.\d+)*\s?(?:小时|分钟|天|周|个月|月底|月初|月|年|字|个|号[场桌台房柜窗线楼卡]?|楼|层|px|%|[a-z]+)?|[^\s，。,;；]{1,24})/g,
  /([^\s，。,;；]{1,24}?)\s*(?:作废|已废弃|已作废|不用了|不再用|停了|停用|弃用|下线|已下线|退役|是错的|记错|已经不对|已失效|失效)/g,
  // A value by itself, then that it is void or what it became (258013 那个作废了; v01.00.0600 已经升成 v01.00.0700; with its
  // unit before 那个: 14 个单位那个减到 12).
  new RegExp(`(?<![^\\s，。,;；:：])([a-z0-9._:/#-]*\\d[a-z0-9._:/#-]*)\\s*(?:(?:[\\u4e00-\\u9fff]{1,3}\\s?)?(?:那个|这个|那条))?\\s*(?:已经|已|都)?\\s*(?:作废|失效|不用了|升成|${TO_NEW_VALUE})`, 'g'),
  // "8080 那条改成…", "内存那条改成 90%": the record by what it holds. Not "红旺那条口播从 60 秒改…": there 那条 is
  // "that" before the noun it names (the 红旺 voice-over), and 红旺 is no value.
  /([^\s，。,;；]{1,24}?)\s*那条(?=\s*(?:$|[，。,;；:：]|改|换|调|挪|搬|推|提前|延|作废|不|是|错|记错|应|要|也|删|去掉|→|->))/g,
  /\bfrom\s+([^\s,;]+)\s+to\b/g,
  /\b(?:not|no longer(?: on| at| in| uses?| is)?|instead of|rather than|replaces?|replacing|was|were|used to be|formerly|previously|moved off|off of|away from|switched from|changed from)\s+(\d+(?:\.\d+)?\s?(?:hours?|minutes?|days?|weeks?|months?|px|%|chars|characters|words)\b|[^\s,;)]+)/g,
  // (A path keeps its leading slash; a minus sign is left to the number: -15 is held by 零下十五.)
  /(?<![^\s,;:：，-])([^\s,;-][^\s,;]*)\s+(?:is|was)\s+(?:wrong|outdated|obsolete|stale|deprecated|gone|retired|dead)\b/g,
  // The old value in an aside: （原周四）, (原 11 月 25 日), （之前是 3 次）, 原来是 8080.
  /[(（]\s*(?:原|原来|原先|之前|以前|此前|先前)(?:是|为)?\s*([^）)，,;；]{1,20}?)\s*[)）]/g,
  // (Or a word of Latin letters: 原来是 tar.)
  new RegExp(`${WAS}\\s*(\\d[^\\s，。,;；）)]{0,12}|[a-z][\\w.:/-]{1,24}(?![\\w]))`, 'g'),
];

/**
 * Cantonese and Shanghainese function words read as their Mandarin ones, position for position (a shorter word is
 * padded with a space): 唔系 25 号 is 不是 25 号, 而家 is 现在, 改咗 is 改了, 嘅 is 的, 冇 is 没; 上半天 is 上午, 下半天
 * is 下午, 阿拉 is 我们, 侬 is 你, 伊讲 is 他说. Content words are left as written, but for 老豆 (老爸).
 */
export function dialectAsMandarin(text: string): string {
  let t = text;
  if (/[唔咗嘅冇而係]/.test(t)) t = t.replace(/唔[系係]/g, '不是').replace(/唔好/g, '不要').replace(/而家/g, '现在').replace(/咗/g, '了').replace(/嘅/g, '的').replace(/冇/g, '没').replace(/唔/g, '不');
  // 嗰个 is 那个, 喺 在, 俾 / 畀 给, 睇 看, 佢 他, 啲 些, 揾 找, 攞 拿, 依家 现在, 改做 改成, 老豆 老爸; 系 before a value is 是
  // (输出路径系 /srv/feed), not the 系 of 系统.
  if (/[嗰喺俾畀睇佢啲揾攞依做豆窦系]/.test(t)) {
    t = t
      .replace(/嗰/g, '那')
      .replace(/喺/g, '在')
      .replace(/[俾畀]/g, '给')
      .replace(/睇/g, '看')
      .replace(/佢/g, '他')
      .replace(/啲/g, '些')
      .replace(/揾/g, '找')
      .replace(/攞/g, '拿')
      .replace(/依家/g, '现在')
      .replace(/改做/g, '改成')
      .replace(/老[豆窦]/g, '老爸')
      .replace(/(?<=[\p{Script=Han}\s])[系係](?=\s|[「“"'《a-z0-9/#@$¥~])/gu, '是');
  }
  // 两个钟 / 每个钟 is two hours / every hour in Cantonese (not 钟头, which is an hour already).
  if (/个钟(?!头)/.test(t)) t = t.replace(/(?<=[每几半\d一两二三四五六七八九十])个钟(?!头)/g, '小时');
  if (/半天|阿拉|侬|伊讲/.test(t)) t = t.replace(/上半天/g, '上午 ').replace(/下半天/g, '下午 ').replace(/阿拉/g, '我们').replace(/侬/g, '你').replace(/伊讲/g, '他说');
  return t;
}

/** A number written with thousands separators (2,400, 12,000), not inside a longer run of digits and commas. */
const GROUPED = /(?<![\d.]|\d,)\d{1,3}(?:,\d{3})+(?!\d|,\d|\.\d)/g;
/** An amount of money so written (HK$2,400, RM 1,200, ¥12,000). */
const MONEY_GROUPED = /(?:[$¥￥€£]|\b(?:rm|hk|nt|sgd|usd|rmb|eur|gbp))\s?\d{1,3},\d{3}/;
/**
 * Thousands separators taken out of amounts: HK$2,400 is one value, 2400, not $2 and 400. Only in a text that writes money so,
 * or before a unit (1,500 字, 2,000 words): a list of ports (80,443) keeps its comma.
 */
function ungroupThousands(text: string): string {
  if (!/\d,\d{3}/.test(text)) return text;
  const money = MONEY_GROUPED.test(text);
  return text.replace(GROUPED, (m: string, at: number) =>
    money || /^\s?(?:元|块|字|人|words?\b|km\b|steps?\b)/.test(text.slice(at + m.length)) ? m.replace(/,/g, '') : m,
  );
}

/** The initials of each name of two to four capitalized words, as written or joined (Home Assistant, PagerDuty): ha, pd. */
export function initialsOf(written: string): string[] {
  return [...new Set(namesByInitials(written).map(([a]) => a))];
}

/** Whether a text holds a word of a name the analysed text writes in full, by that name's initials (HA for Home Assistant). */
export function heldByInitials(a: Pick<TextAnalysis, 'initialed'>, plain: string, w: string): boolean {
  return a.initialed.some(([ini, words]) => ini.length >= 2 && words.includes(w) && holds(plain, ini, true));
}

/** Each name of two to four capitalized words with its initials: [ha, [home, assistant]]. */
export function namesByInitials(written: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const m of written.matchAll(/(?<![\p{L}\d])[A-Z][a-z]+(?:[ -]?[A-Z][a-z]+){1,3}(?![\p{L}\d])/gu)) {
    const words = m[0].match(/[A-Z][a-z]+/g)!;
    out.push([words.map((w) => w[0]).join('').toLowerCase(), words.map((w) => w.toLowerCase())]);
  }
  return out;
}

/** A demonstrative and its measure word (那场, 这个, 那台, 那家, 那几个, 几个, 那版, 那期, 那顿): it points at a thing, it names none. */
const DEMONSTRATIVE = /^(?:[那这哪]几?|几)[场个次节条篇件边些台家套张部位款只支辆间份批趟班项门栋所本盘块组封版期轮回堂顿单届波段首集笔]$/;

/** Whether a word only points (那节, 这个, 那场): it names no thing. */
export const isDemonstrative = (w: string): boolean => DEMONSTRATIVE.test(w);

/** The same, with a word after it that the segmenter did not cut off. */
const GLUED_DEMONSTRATIVE = new RegExp(`^(${DEMONSTRATIVE.source.slice(1, -1)})(\\p{Script=Han}+)$`, 'u');

/**
 * What something is kept apart from or clashes with (跟日志分开放, 04:45 跟排班同步撞车, 跟1号那个不一样, kept colliding with the
 * PLC time sync): another thing, named as a foil; its words name no subject.
 */
const FOIL =
  /(?:跟|和|与|同)([^，。,;；!?！？]{1,16}?)(?:分开|不一样|不同|错开|岔开|隔开|区分|撞车|撞了|冲突|重了|打架)|\b(?:collid(?:e|es|ed|ing)|clash(?:es|ed|ing)?|conflict(?:s|ed|ing)?|overlap(?:s|ped|ping)?)\s+with\s+([^,.;!?]{1,40})/gi;

/**
 * An aside denying a thing right after the one the text names, before any change ("expiry alerts (not stock) go to…",
 * 过期提醒（不是库存）改发…): the text is not about that thing, and it is no value the thing had. Not a value denied after
 * the change (改到周四（不是周三）: the old value) nor a day or a number in the aside (例会周四（不是周三）).
 */
const ASIDE_DENIAL = /[(（]\s*(?:not|不是|并非|而非|非)\s*([^()（）,，;；。]{1,24}?)\s*[)）]/g;

/** The things a text's asides deny (see ASIDE_DENIAL), with where each stands. */
function asideDenials(norm: string): { word: string; at: number }[] {
  return [...norm.matchAll(ASIDE_DENIAL)].flatMap((m) => {
    const word = m[1]!.trim();
    if (!word || CHANGE_CUE.test(norm.slice(0, m.index)) || /\d|[周星期礼拜月日号点时]/u.test(word)) return [];
    return [{ word, at: m.index! + m[0].indexOf(m[1]!) }];
  });
}

/**
 * A text saying it changed one of several alike things and not the other(s), without saying which (只升了一台电脑，另一台
 * 还是旧的; only one of the laptops, the other one is still on 1.3).
 */
const ONLY_ONE =
  /只(?:升级?|改|换|调|动|装|更新|刷)?了?\s?(?:一|1)\s?(?:台|个|处|边|套|份|家|间|部|块|辆)|另(?:一|外一)\s?(?:台|个|边|套|处|家|间|部|块|辆)(?:还是|仍|没|不变|照旧|暂时|先不)|\bthe other (?:one|machine|laptop|pc|box|unit)\b[^.;]{0,24}\b(?:still|unchanged|stays|not yet)\b|\bonly (?:on )?one of (?:them|the|our)\b/;

/** A text saying it changes the one it names and no other: for that platform only, only for this one, 其他平台不变, 仅限这家. */
const THAT_ONE_ONLY =
  /\bfor (?:that|this) (?:one|platform|shop|store|site|account|room|machine|channel|client|customer|team|class|route)? ?only\b|\bonly (?:for|on) (?:that|this)\b|(?:其他|其余|别的|另外)(?:的|几|两|那)?(?:家|个|台|间|平台|店|渠道|号|边)?(?:都|还|先)?(?:不变|照旧|不动|保持|还是原来)|仅限?(?:这|那)(?:家|个|台|间|一)|只(?:针对|限|对)(?:这|那)(?:家|个|台|间|一)/;

/** Whether a text says it changes the one thing it names and leaves the others alike as they are (see THAT_ONE_ONLY). */
export function saysThatOneOnly(text: string): boolean {
  return THAT_ONE_ONLY.test(text);
}

/** Whether a text says it changed one of several alike things without saying which (see ONLY_ONE). */
export function saysOnlyOne(text: string): boolean {
  return ONLY_ONE.test(text);
}

/** 太 and what there was too much of: a reason for a change (封面字 96 太大), never a thing. Not 太太, 太阳, 太原. */
const TOO_MUCH = /^太(?:[大小长短慢快多少高低贵晚早吵热冷累乱杂松紧暗亮重轻难密远近旧薄厚淡浓咸甜辣酸苦]|频繁|麻烦|复杂|简单)$/;

/** Stop words written in capitals for emphasis (NOT, NEVER, ALL), not as a name. */
const EMPHASIS = new Set(['not', 'all', 'any', 'only', 'must', 'never', 'none', 'nor', 'and', 'but', 'the', 'are', 'was', 'were', 'you', 'your', 'our', 'this', 'that', 'before', 'after', 'again', 'every', 'each', 'both', 'very', 'just', 'now', 'off', 'out', 'own', 'too', 'can', 'will', 'should', 'why', 'how', 'what', 'who', 'yes']);

/** A month and day with a dot (3.20, 12.8). */
const MONTH_DAY_RE = /^(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])$/;
/** Words naming a release before a number (版本 3.2, Python 3.11, 升到 1.7): the number is a version. */
const RELEASE_BEFORE = /(?:版本|版|固件|升级?到?|firmware|version|release|python|node|go|java|jdk|ios|android|sdk|api)[^。；;]{0,24}$/i;

/** A title or name a text quotes ('Harbour at Dawn', 《他汀类药物的五个误区》, 「夜航」). */
export const TITLE_RE = /['"“‘「《『〈]([^'"”’」》』〉\n]{2,40})['"”’」》』〉]/g;

/** Titles a text quotes, trimmed and lower-case. */
export function titlesIn(text: string): string[] {
  return [...text.matchAll(TITLE_RE)].map((m) => m[1]!.trim().toLowerCase());
}

/** A number sign between a number and a Han noun (2#楼, 1# 塔吊), as builders and plants write 号. */
const NUMBER_SIGN = /(?<![\w#.])(\d{1,4})\s?#\s?(?=(?![的那这])\p{Script=Han})/gu;

/** Analyse one record's text. */
export function analyzeText(text: string, split: HanSplitter, knownDomains: readonly string[]): TextAnalysis {
  const stripped = stripLabel(stripMarkers(text, knownDomains));
  // As written (upper case kept), for names read by their case: course codes, numbered things.
  // (2#楼, 3#塔吊: the number sign before a Han noun is 号, as 2号楼.)
  const written = foldText(stripped).replace(NUMBER_SIGN, '$1号');
  // Amounts said aloud (一百八, 两千八, 十八度) as digits, and amounts without their thousands separators (HK$2,400): one value each.
  const norm = ungroupThousands(amountsAsDigits(dialectAsMandarin(written.replace(/〔[^〕]{1,6}〕/g, ' ').toLowerCase())));

  // Numbered names in capitals (3DG, 5DG track circuits, 4WD): one name, not a number and letters.
  const capsNames = [...new Set([...written.matchAll(NUMBER_CAPS_RE)].map((m) => m[0].toLowerCase()))];
  // Course and model codes as written (ECON 301, CS 101, RTX 4090): one name, its number no value.
  const codes = [...new Set([...written.matchAll(CODE_RE)].map((m) => m[0].toLowerCase()))].filter(
    // API 9000 is a port of the API, USD 120 an amount: a common acronym or a currency names no course.
    (c) => !CURRENCY.has(c.replace(/[\s\d]+.*$/, '')) && !ACRONYM_COMMON.has(c.replace(/[\s\d]+.*$/, '')),
  );

  // An acronym written in capitals that spells a stop word (the hospital's HIS beside its PACS): a name, not "his".
  // (Two capitals only for the few that name things: DO for dissolved oxygen, IT, OR for the operating room, US, MY for Malaysia.)
  const cappedStopWords = new Set(
    [...written.matchAll(/(?<![A-Za-z])(?:[A-Z]{3,6}|DO|IT|OR|US|MY)(?![A-Za-z])/g)].map((m) => m[0].toLowerCase()).filter((w) => ENGLISH_STOPWORDS.has(w) && !EMPHASIS.has(w)),
  );

  // Numbered things as written (Hive 2): a name, its number no value.
  // Only a text with a capital before a space and a digit can hold one.
  const numbered = /[A-Za-z][a-z]{2,11}\s[\dA-Z]/.test(written)
    ? [
        ...new Set([
          ...[...written.matchAll(NUMBERED_RE)].map((m) => m[0].toLowerCase()),
          // A noun and a capital letter as written (timer A, bed B): one of several lettered things.
          ...[...written.matchAll(LETTERED_RE)].filter((m) => m[2] !== 'I' && !ENGLISH_STOPWORDS.has(m[1]!)).map((m) => `${m[1]} ${m[2]!.toLowerCase()}`),
        ]),
      ]
    : [];

  // Values first: their spans are not words.
  const values: string[] = [];
  const shapes = new Set<string>();
  const valueShapes = new Map<string, string>();
  let masked = norm;
  for (const c of codes) masked = masked.split(c).join(' '.repeat(c.length));
  const collapsed = new Set<string>();
  const shapeAt: { attr: string; at: number }[] = [];
  // A title (《寄养第一年》) is a name: the duration or date its words hold is no value.
  const titles = [...norm.matchAll(/《[^《》]{1,40}》/g)].map((m) => [m.index!, m.index! + m[0].length] as const);
  const inTitle = (at: number) => titles.some(([a, b]) => at > a && at < b);
  const branches = [...norm.matchAll(BRANCH_RE)].map((m) => [m.index!, m.index! + m[0].length] as const);
  const inBranch = (at: number) => branches.some(([a, b]) => at > a && at < b);
  // Where the text starts to say what changed (read once: the values, the heads and the subject part all use it).
  const cue = CHANGE_CUE.exec(norm);
  const changeAt = cue?.index ?? norm.length;
  let dottedDates = false;
  for (const { attr: shape, re } of VALUE_SHAPES) {
    re.lastIndex = 0;
    masked = masked.replace(re, (m, ...rest) => {
      const at = rest.find((x) => typeof x === 'number') as number;
      if (inTitle(at)) return m;
      if (shape === 'date' && MONTH_DAY_RE.test(m)) dottedDates = true;
      // One text writes its dates one way: beside a dotted date (挪到 3.27), another month and day (3.20 不发了) is one too.
      const attr = shape === 'version' && dottedDates && MONTH_DAY_RE.test(m) && !RELEASE_BEFORE.test(norm.slice(Math.max(0, at - 24), at)) ? 'date' : shape;
      // A branch's version (release/2.3) named before the change is part of the branch's name, not a version value.
      if (attr === 'version' && inBranch(at) && at < changeAt) return m;
      // "nightly 那个", "周三那场": when, pointed at, names the job or the occasion (the nightly one), not its schedule.
      if (attr === 'schedule' && !/\d/.test(m) && /^\s*(?:的)?(?:那个|那条|那次|那场|那班|那趟)/.test(norm.slice(at + m.length))) return m;
      shapeAt.push({ attr, at });
      const raw = m.trim().replace(/[.,;:]+$/, '').replace(/(day)s$/, '$1');
      // A number and its Chinese unit are one value however spaced: 1500 字 is 1500字.
      // A date too: 3 月 20 日 is 3月20日.
      // A phone number is one value however spaced: 138 0000 1234 is 13800001234.
      const v = attr === 'contact' ? raw.replace(/\s+/g, '') : raw.replace(/(\d)\s+(?=\p{Script=Han})/gu, '$1').replace(/([年月])\s+(?=\d)/g, '$1');
      if (v !== raw) collapsed.add(v);
      if (v) {
        values.push(v);
        shapes.add(attr);
        if (!valueShapes.has(v)) valueShapes.set(v, attr);
        // An address with a port states the port too ("…internal:3000").
        const port = attr === 'host' ? /:(\d{2,5})\b/.exec(v) : null;
        if (port) {
          values.push(port[1]!);
          shapes.add('port');
          shapeAt.push({ attr: 'port', at: shapeAt.at(-1)!.at });
        }
      }
      return ' '.repeat(m.length);
    });
  }
  // Bare numbers: a port when the text names a port, otherwise only a value.
  const namesPort = /端口|\bports?\b/.test(norm);
  // A service that listens (Redis 换到 6380) names its port as surely as the word does: a number of three digits or more.
  const listens = /\b(?:redis|mysql|postgres(?:ql)?|mongo(?:db)?|nginx|kafka|rabbitmq|memcached|grafana|prometheus|jenkins|ssh)\b/.test(norm);
  masked = masked.replace(/(?<![\w.\-/:])\d{2,6}(?![\w.\-])/g, (m, at: number) => {
    // 《从 8 小时到 20 分钟》: a number in a title is part of its name.
    if (inTitle(at)) return m;
    values.push(m);
    if ((namesPort || (listens && m.length >= 3)) && m.length <= 5 && !valueShapes.has(m)) {
      valueShapes.set(m, 'port');
      shapes.add('port');
      shapeAt.push({ attr: 'port', at });
    }
    return ' '.repeat(m.length);
  });

  // Attribute words, and where they stand (to find what they are of).
  const named = new Set<string>();
  const attrWords = new Set<string>();
  const anchors: number[] = [];
  // Words that hold an attribute word and are none (时间线 is a timeline, not a time; 子品牌 a sub-brand, not which brand).
  // 字符串 is a string, not a count of characters; "goes up to ¥120" is a rise, not a limit; 推到 4/22 is postponed, not sent.
  // "298 per person" is a price by the head, not the grammatical person a text is written in.
  const taken: [number, number][] = ['时间线', '时间轴', '子品牌', '主品牌', '副品牌', '字符串', 'per person', 'each person', 'a person', 'goes up to', 'went up to', 'go up to', 'gone up to', 'going up to', 'moved up to', 'bumped up to'].flatMap((w) => positions(norm, w).map((i): [number, number] => [i, i + w.length]));
  for (const m of norm.matchAll(/推到(?=\s?(?:\d|[下明后本这][周月天年]|周[一二三四五六日天]|[一二三四五六七八九十]+月))/g)) taken.push([m.index!, m.index! + 2]);
  const attrAt: { attr: string; at: number; end: number }[] = [];
  for (const { attr, w } of ATTRIBUTE_LIST) {
    // The longest word wins its span: 截稿时间 is a deadline, not also a time of day.
    // (Nor a word inside a title: 《凌晨四点的冷库》 names an article, not a time.)
    const at = positions(norm, w).filter((i) => !taken.some(([a, b]) => i < b && i + w.length > a) && !NOT_ATTRIBUTE_BEFORE[w]?.test(norm.slice(i + w.length)) && !inTitle(i));
    if (at.length) {
      named.add(attr);
      attrWords.add(w);
      anchors.push(...at);
      for (const i of at) {
        taken.push([i, i + w.length]);
        attrAt.push({ attr, at: i, end: i + w.length });
      }
    }
  }
  // A limit (up to, 最多, 上限) on a number of pictures (up to 18 images) is no length in characters.
  if (named.has('length') && shapes.has('items') && !shapes.has('length') && [...attrWords].every((w) => !LENGTH_UNITS.has(w))) {
    named.delete('length');
    named.add('items');
  }
  // Or on a number of orders or units (美容车每天最多接 4 单): a count, not a length (最多跑 80 公里 is one).
  if (named.has('length') && shapes.has('units') && !shapes.has('length') && !shapes.has('distance') && [...attrWords].every((w) => !LENGTH_UNITS.has(w))) {
    named.delete('length');
    named.add('units');
  }
  // The same for a temperature (报警上限设 8℃, 上限调到 7 度): a limit of the reading, a threshold.
  if (named.has('length') && shapes.has('temperature') && !shapes.has('length') && [...attrWords].every((w) => !LENGTH_UNITS.has(w))) {
    named.delete('length');
    named.add('threshold');
  }
  for (const { re } of VALUE_SHAPES) {
    re.lastIndex = 0;
    for (const m of norm.matchAll(re)) if (!inTitle(m.index!)) anchors.push(m.index!);
  }
  for (const m of norm.matchAll(/(?<![\w.\-/:])\d{2,6}(?![\w.\-])/g)) anchors.push(m.index!);

  // Subject words: content words that are not values, attributes, generic words or filler.
  const preambleEnd = NOTE_PREAMBLE.exec(norm)?.[0].length ?? 0;
  const found: { word: string; at: number; raw?: string }[] = [];
  /** generic content words (服务, script, job): never subject words, but part of what a phrase names */
  const generic: { word: string; at: number; raw?: string }[] = [];
  const denied = asideDenials(norm);
  const foils = [
    ...[...norm.matchAll(FOIL)].map((m) => {
      const at = m.index! + m[0].indexOf((m[1] ?? m[2])!);
      return [at, at + (m[1] ?? m[2])!.length] as const;
    }),
    ...denied.map((d) => [d.at, d.at + d.word.length] as const),
  ];
  const keep = (raw: string, at: number) => {
    // "再记一次：" opening a note says it is noted again; its words (一次) name nothing.
    if (at < preambleEnd) return;
    if (foils.some(([a, b]) => at >= a && at < b)) return;
    const w = ALIAS_OF.get(raw) ?? raw;
    if (w.length < 2 && !isAscii(w)) return;
    if (isAscii(w) && (w.length < 2 || /^\d+$/.test(w) || (ENGLISH_STOPWORDS.has(w) && !cappedStopWords.has(w)))) return;
    if (CORRECTION_FILLER.has(w) || CHINESE_STOPWORDS.has(w) || COMPARISON_WORDS.has(w) || RULE_WORDS.has(w)) return;
    // Too much of something (太大, 太慢, 太频繁) is why it changed, not what changed.
    if (TOO_MUCH.test(w)) return;
    // A time zone (17:00 PST, 23:59 北京时间) belongs to the time it follows: it names no thing.
    if (TIME_ZONES.has(w) || (!isAscii(w) && ZONE_TIME.test(norm.slice(at, at + w.length + 4)))) return;
    // A document the change was made by (按 ECN-2026-031 改, per ECN-031) is its authority, not what it changed.
    if (byAuthority(w, norm, at)) return;
    const namesJob = JOB_OF[raw]?.test(norm.slice(at + raw.length)) ?? false;
    if (((ALL_ATTRIBUTE_WORDS.has(w) || ALL_ATTRIBUTE_WORDS.has(raw)) && !namesJob) || CHANGE_WORDS.has(w) || CHANGE_WORDS.has(raw)) return;
    if (GENERIC_WORDS.has(w) || GENERIC_WORDS.has(raw)) {
      if (!GENERIC_VERBS.has(w)) generic.push({ word: w, at, raw });
      return;
    }
    found.push({ word: w, at, raw });
  };
  // Multi-word English aliases ("back up", "weekly report") before single words.
  for (const [v, canon] of aliasesIn(norm)) {
    if (v.includes(' ') && holds(norm, v)) for (const at of positions(norm, v)) found.push({ word: canon, at });
  }
  // A word the segmenter cuts across the change cue (补货单改 → 补货 / 单改) is cut again on each side of it.
  const cueInText = CHANGE_CUE.exec(masked)?.index ?? -1;
  const splitAtCue = (run: string, start: number): string[] => {
    const words = split(run);
    const at = cueInText - start;
    if (at <= 0 || at >= run.length) return words;
    const straddles = words.some((w) => {
      const i = run.indexOf(w);
      return i !== -1 && i < at && i + w.length > at;
    });
    return straddles ? [...split(run.slice(0, at)), ...split(run.slice(at))] : words;
  };
  for (const m of masked.matchAll(CJK_RUN)) {
    const parts = splitAtCue(m[0], m.index!).filter((w) => w.length >= 1 && !FUNCTION_WORDS.has(w));
    // Atoms: a word whose parts are also listed is represented by its parts.
    const atoms = parts.filter((w) => !parts.some((p) => p !== w && p.length >= 2 && w.includes(p)));
    let from = m.index!;
    for (const w of atoms) {
      const at = norm.indexOf(w, m.index!);
      // A trailing piece of an attribute word (超过 of 不超过) is not a subject word; a leading one
      // is (备份 of 备份到).
      if (at !== -1 && taken.some(([a, b]) => at > a && at + w.length <= b)) {
        from = at;
        continue;
      }
      // A demonstrative the segmenter glued to the word after it (那篇缩 of 那篇缩到 800 字): the word alone.
      const glued = at !== -1 ? GLUED_DEMONSTRATIVE.exec(w) : null;
      if (glued) keep(glued[2]!, at + glued[1]!.length);
      else keep(w, at === -1 ? from : at);
      if (at !== -1) from = at;
    }
  }
  // People by their everyday names (小刘, 老周, 阿杰): the segmenter often cuts them apart.
  for (const m of masked.matchAll(PEOPLE_RE)) if (!found.some((f) => f.word === m[0])) found.push({ word: m[0], at: m.index! });
  for (const m of masked.matchAll(/[a-z][a-z0-9_.@+-]*[a-z0-9]|[a-z]/g)) {
    if (HAS_CJK.test(m[0])) continue;
    // The ending of an ordinal (the 16th, 1st) is no word.
    if (/^(?:st|nd|rd|th)$/.test(m[0]) && /\d$/.test(masked.slice(0, m.index!))) continue;
    keep(m[0], m.index!);
  }
  // A difference written with delta (ΔV, ΔT): a word, the reading it is of.
  for (const m of norm.matchAll(/(?<![\p{L}\d])δ[a-z]{1,3}(?![\p{L}\d])/gu)) if (!found.some((f) => f.at === m.index)) found.push({ word: m[0], at: m.index! });
  // A numbered name (3DG) is one word, not its letters (dg): 3DG and 5DG are two track circuits.
  const unitValue = (id: string) => values.some((v) => v.replace(/\s+/g, '') === id);
  for (const id of capsNames.filter((w) => !unitValue(w))) {
    for (const at of positions(norm, id)) {
      for (let i = found.length - 1; i >= 0; i--) if (found[i]!.at >= at && found[i]!.at < at + id.length) found.splice(i, 1);
      found.push({ word: id, at });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const subjects = [...new Set(found.map((f) => f.word))];
  const qualifiers = new Map<string, Set<string>>();
  for (let i = 1; i < found.length; i++) {
    let x = found[i - 1]!;
    const w = found[i]!;
    // x as written: its raw form when an alias folded it (baseline read as 基线).
    const xRaw = x.raw ?? x.word;
    const gap = norm.slice(x.at + xRaw.length, w.at);
    // (A word inside the one before it, 教练 of 李教练, is no thing that one qualifies.)
    if (x.word === w.word || w.at < x.at + xRaw.length || gap.length > 6 || /[，。,;；:：!！?？()（）「」《》]/.test(gap) || !norm.startsWith(xRaw, x.at)) continue;
    // A demonstrative (那场, 这个, 那台, 那家, 那几个) points at the thing; it does not qualify it. A room or place right
    // before it does (机组休息室那台打印机: the printer of the crew room, 休息 qualifying 打印).
    if (DEMONSTRATIVE.test(x.word)) {
      const p = found[i - 2];
      const pRaw = p ? (p.raw ?? p.word) : '';
      if (!p || p.word === w.word || !norm.startsWith(pRaw, p.at) || x.at - p.at > pRaw.length + 1 || !/[室房间厅库站馆棚]$/u.test(norm.slice(p.at, x.at))) continue;
      x = p;
    }
    let s = qualifiers.get(w.word);
    if (!s) qualifiers.set(w.word, (s = new Set()));
    s.add(x.word);
  }

  // Heads: the subject words standing closest before an attribute word or value (within 16
  // chars), in the clause of the first one: later clauses are context ("…截单时间不用跟着动").
  const firstAnchor = anchors.length ? Math.min(...anchors) : Infinity;
  const cueIndex = changeAt;
  const clauseEnd = Number.isFinite(firstAnchor) ? (/[，。,;；!?！？]/.exec(norm.slice(firstAnchor))?.index ?? norm.length - firstAnchor) + firstAnchor : 0;
  const heads = new Set<string>();
  const nearest: string[] = [];
  const nearestAll: string[] = [];
  for (const a of [...anchors].sort((x, y) => x - y)) {
    if (a > clauseEnd) continue;
    // Only words of the subject part: after the change cue come the new value and its context.
    // (那篇, 那台 point at the thing: what it is of is the word before them.)
    const before = found
      .filter((f) => f.at < a && a - f.at <= 16 && (f.at < cueIndex || a < cueIndex) && !/[，。,;；!?！？]/.test(norm.slice(f.at, a)) && !DEMONSTRATIVE.test(f.word))
      .sort((x, y) => y.at - x.at);
    for (const f of before.slice(0, 2)) heads.add(f.word);
    if (before[0] && !nearest.includes(before[0].word)) nearest.push(before[0].word);
    const g = generic
      .filter((f) => f.at < a && a - f.at <= 16 && (f.at < cueIndex || a < cueIndex) && !/[，。,;；!?！？]/.test(norm.slice(f.at, a)))
      .sort((x, y) => y.at - x.at)[0];
    const any = g && (!before[0] || g.at > before[0].at) ? g : before[0];
    if (any && !nearestAll.includes(any.word)) nearestAll.push(any.word);
  }
  // Acronyms as written (ICML, ICLR, HA): short upper-case names.
  const acronyms = [...new Set([...stripped.matchAll(/(?<![A-Za-z0-9_-])[A-Z]{2,6}(?![A-Za-z0-9_-])/g)].map((m) => m[0].toLowerCase()))].filter((a) => !ACRONYM_COMMON.has(a));

  // Old values the text says were replaced.
  const oldValues = new Set<string>();
  OLD_VALUE_PATTERNS.forEach((re, k) => {
    re.lastIndex = 0;
    for (const m of norm.matchAll(re)) {
      let raw = m[1]!.trim();
      // "X改为Y", "X作废": X is often a whole phrase (磁盘告警阈值调到…); only its last value-like
      // token is the old value, or X itself when it is one short Chinese word.
      // (A date in Chinese, 4月18日作废, is such a token, whole.)
      const date = k === 1 || k === 3 ? /(?:^|[^\d])(\d{1,2}月\d{1,2}[日号]?)$/.exec(raw) : null;
      if (date) raw = date[1]!;
      else if (k === 1 || k === 3) {
        // (A cron step, */10, whole.)
        const tail = /(?:^|[^a-z0-9_.:/~*-])(\*\/\d{1,2}|[a-z0-9_.:/~-]*[\d/.][a-z0-9_.:/~-]*|[a-z][a-z0-9_.-]+)$/.exec(raw);
        if (tail && byAuthority(tail[1]!, norm, m.index! + m[0].indexOf(raw) + raw.length - tail[1]!.length)) continue;
        if (tail && (k === 3 || /[\d/.]/.test(tail[1]!))) raw = tail[1]!;
        else if (k === 1 || !/^[\u4e00-\u9fff]{2,4}$/.test(raw)) continue;
      }
      for (const piece of k === 0 ? raw.split(/\s+/) : [raw]) {
        // 2 号场 is 2号场, as names are written.
        const v = piece.replace(/^(?:的|是|为|在|用|到|on|at|in|the|a)\s*/, '').replace(/^:/, '').replace(/[.,;:的了]+$/, '').replace(/(\d)\s+(?=[\u4e00-\u9fff])/g, '$1');
        // 1:1 and 1v1 name a meeting (a one-on-one), not a value it had.
        if (/^1\s?[:：v]\s?1$/i.test(v)) continue;
        // What is no longer done to a thing (扫描件同步只同步 PDF，jpg 不再同步) is the text's own verb said again, not a
        // value it had.
        if (k === 2 && /^[\u4e00-\u9fff]+$/.test(v) && norm.slice(0, m.index).includes(v)) continue;
        if (v.length >= 2 && !GENERIC_WORDS.has(v) && !CORRECTION_FILLER.has(v) && !ENGLISH_STOPWORDS.has(v) && !CHANGE_WORDS.has(v)) oldValues.add(ALIAS_OF.get(v) ?? v);
      }
    }
  });

  // (A thing an aside denies is no value it had: expiry alerts (not stock).)
  for (const d of denied) oldValues.delete(ALIAS_OF.get(d.word) ?? d.word);
  // A text opening with a value, in a clause of its own, and giving one of its shape after a change in the next (465 被防火墙
  // 挡了，改走 587): the first is the old one. Not a value naming the thing (0912 的 VGM, 302 热水器改礼拜天装: flat 302).
  const opener = /^\s*([a-z0-9._:/~#-]*\d[a-z0-9._:/~#-]*)(?=[\s\p{Script=Han}，,])/u.exec(norm)?.[1];
  const openerEnd = opener ? /[，,。；;]/.exec(norm)?.index ?? -1 : -1;
  if (opener && values.includes(opener) && openerEnd > 0 && !/^\s*(?:的|那|这)/.test(norm.slice(opener.length)) && !CHANGE_CUE.test(norm.slice(0, openerEnd))) {
    const rest = norm.slice(openerEnd);
    const cue = CHANGE_CUE.exec(rest);
    const shapeOf = (v: string) => v.replace(/\d/g, '0');
    if (cue && values.some((v) => v !== opener && shapeOf(v) === shapeOf(opener) && rest.indexOf(v, cue.index) !== -1)) oldValues.add(opener);
  }
  // A date written with a dot or slash (不是 3.20，推到 3 月 31 日) is the day a record writes 3月20日.
  if ([...valueShapes.values()].includes('date')) {
    for (const v of [...oldValues]) {
      const d = /^(\d{1,2})[./](\d{1,2})$/.exec(v);
      if (d && Number(d[1]) <= 12 && Number(d[2]) <= 31) for (const day of ['日', '号', '']) oldValues.add(`${Number(d[1])}月${Number(d[2])}${day}`);
    }
  }
  // A bare old number takes the unit of the new value: "码率 45 改 60Mbps" replaced 45Mbps.
  for (const v of [...oldValues]) {
    if (!/^\d+(?:\.\d+)?$/.test(v)) continue;
    for (const w of values) {
      const unit = /^\d+(?:\.\d+)?\s?([a-z]+|[%\u4e00-\u9fff])$/.exec(w)?.[1];
      if (unit) oldValues.add(v + unit);
    }
  }

  // Names: identifier-shaped words (app-02, backup_daily, build-3). Those the text names before it
  // says what changed are what it is about; a later one is more likely the new value.
  // "lab b" keeps its space (a record writes it so); 3 号楼 is 3号楼.
  const idMatches = [
    ...[...norm.matchAll(ID_RE), ...norm.matchAll(ORDINAL_RE), ...norm.matchAll(BRANCH_RE)].map((m) => ({ id: idForm(m[0]), at: m.index! })),
    ...[...norm.matchAll(FLAG_RE)].map((m) => ({ id: m[0].slice(2), at: m.index! })),
    ...[...norm.matchAll(NUMBER_CODE)].filter((m) => !isMonth(m[0])).map((m) => ({ id: m[0], at: m.index! })),
    ...[...norm.matchAll(PLATE_RE)].map((m) => ({ id: m[0].replace(/[\s·•]/g, ''), at: m.index! })),
    ...[...norm.matchAll(HAN_MODEL)].map((m) => ({ id: m[0], at: m.index! })),
    ...codes.map((c) => ({ id: c, at: norm.indexOf(c) })).filter((m) => m.at !== -1),
    ...capsNames.filter((w) => !unitValue(w)).map((c) => ({ id: c, at: norm.indexOf(c) })).filter((m) => m.at !== -1),
    ...numbered.map((c) => ({ id: c, at: norm.indexOf(c) })).filter((m) => m.at !== -1),
  ];
  // (A word the alias list knows, follow-up or off-site, is a word, not a name.)
  const ids = [...new Set(idMatches.filter((m) => !byAuthority(m.id, norm, m.at)).map((m) => m.id))].filter((w) => !values.includes(w) && !ALIAS_OF.has(w));
  /** where an identifier is first named (written with or without spaces: 2 栋 is 2栋) */
  const idAt = (w: string) => Math.min(...idMatches.filter((m) => m.id === w).map((m) => m.at));
  const first = anchors.length ? Math.min(...anchors) : Infinity;
  const lead = subjects.filter((w) => found.some((f) => f.word === w && f.at < first));
  // A text that opens with a time (夜间转码 23:30 开始) has no lead; what it is about is what comes
  // before the first anchor after its first subject word (转码): copies are told apart by it.
  const firstWord = found.length ? Math.min(...found.map((f) => f.at)) : Infinity;
  // (Within the clause of that first word: "1月25号周日 月赛，早点到" is about 月赛.)
  const firstClauseOf = Number.isFinite(firstWord) ? firstWord + (/[，。,;；!?！？]/.exec(norm.slice(firstWord))?.index ?? Infinity) : Infinity;
  const opening = lead.length || first > firstWord ? lead : subjects.filter((w) => found.some((f) => f.word === w && f.at < Math.min(...anchors.filter((a) => a > firstWord), firstClauseOf)));
  const late = cue === null ? [] : subjects.filter((w) => !found.some((f) => f.word === w && f.at < cue.index));

  // The subject part: up to where the text starts to say what changed, and never past the clause
  // of its first attribute or value ("nginx 日志只留 7 天，磁盘不够" is about nginx 日志, not 磁盘).
  const firstClauseEnd = (() => {
    if (!Number.isFinite(first)) return norm.length;
    const m = /[，。,;；!?！？]/.exec(norm.slice(first));
    return m ? first + m.index : norm.length;
  })();
  const cueAt = Math.min(cue === null ? norm.length : cue.index, firstClauseEnd);
  const names = ids.filter((w) => idAt(w) < cueAt);
  const valueAt = Math.min(NEW_VALUE_CUE.exec(norm)?.index ?? Infinity, CUE_BUT_TO.exec(norm)?.index ?? Infinity);
  // Where the text stops saying what changed: the end of the clause after the one the new value is
  // given in, when no later clause changes anything (what follows says why: "，半夜太吵", "，3/20 复诊医生调的").
  // Only when that clause gives a value and says what changed (an attribute or a value's shape), and what
  // follows gives a reason and neither changes nor denies anything ("，密码放 1Password" is a second change,
  // ", not nightly" the old value).
  const reasonAt = (() => {
    if (!Number.isFinite(valueAt)) return norm.length;
    const valued = shapeAt.filter((a) => a.at >= valueAt).map((a) => a.at);
    const bare = /(?<![\w.\-/:])\d+(?![\w.\-])/.exec(norm.slice(valueAt));
    const firstValue = Math.min(...valued, bare ? valueAt + bare.index : Infinity);
    if (!Number.isFinite(firstValue)) return norm.length;
    const m = /[，。,;；!?！？]|\s[—–-]\s/.exec(norm.slice(firstValue));
    if (!m) return norm.length;
    const at = firstValue + m.index;
    const tail = norm.slice(at);
    if (CUE_BUT_TO.test(tail) || UNCHANGED.test(tail) || /\b(?:not|rather than|instead of)\b|不是|而不是|而非|不再/.test(tail)) return norm.length;
    if (!REASON.test(tail)) return norm.length;
    return attrAt.some((a) => a.at < at) || shapeAt.some((a) => a.at < at) ? at : norm.length;
  })();
  // A reason tells when things happen (半夜, 晚上 6 点后, 3/20 复诊): only a time or a date is dropped from it.
  const whenOnly = (all: Set<string>, at: { attr: string; at: number }[]) =>
    reasonAt < norm.length ? new Set([...all].filter((x) => !WHEN.has(x) || at.some((a) => a.attr === x && a.at < reasonAt))) : all;
  const changeNamed = keptOut(whenOnly(named, attrAt), attrAt, shapeAt, norm);
  const changeShapes = keptShapesOut(occasionDatesOut(qualifyingDaysOut(whenOnly(shapes, shapeAt), named, shapeAt, norm, found), shapeAt, norm, cueAt), shapeAt, norm, cue?.index ?? null);
  const acronymsEarly = acronyms.filter((a) => {
    const at = norm.search(new RegExp(`(?<![a-z0-9_-])${a}(?![a-z0-9_-])`));
    return at === -1 || at < valueAt;
  });
  // The word right before an attribute word (nothing but 的 or a space between): which one. Only
  // in the subject part: after the text starts saying what changed comes the new value (R2 bucket).
  const attrQualifiers = new Map<string, Set<string>>();
  for (const { attr, at } of attrAt) {
    // A text that says nothing changed (a plain record) states a fact in each clause: 网页端口 8123 after the IP.
    if (at >= cueAt && cue !== null) continue;
    // "main" / "primary" say which one as well (the main channel, not the podcast one), though generic elsewhere.
    const which = /\b(main|primary|secondary)\s$/.exec(norm.slice(Math.max(0, at - 11), at))?.[1];
    // (Or another attribute's word right before it: 模板路径 is the template's path, not the script's.)
    const before = attrAt.find((a) => a.attr !== attr && a.end <= at && /^[的\s]?$/.test(norm.slice(a.end, at)));
    const q = which ?? [...found, ...generic].find((f) => f.raw !== undefined && norm.startsWith(f.raw, f.at) && /^[的\s]?$/.test(norm.slice(f.at + f.raw.length, at)) && f.at + f.raw.length <= at)?.word ?? (before ? norm.slice(before.at, before.end) : undefined);
    if (!q) continue;
    let set = attrQualifiers.get(attr);
    if (!set) attrQualifiers.set(attr, (set = new Set()));
    set.add(q);
  }
  // Subject words wholly before the cue (再换 straddles 换: not a subject word).
  const subjectPart = [...new Set(found.filter((f) => f.at + f.word.length <= cueAt).map((f) => f.word))];
  const contrast = contrastOf(norm);
  const early = contrastOf(norm.slice(0, cueAt));
  // Qualifier pairs in the subject part only: after the cue come context and the new value.
  const qualifiersEarly = new Map<string, Set<string>>();
  const inSubject = (w: string) => found.some((f) => f.word === w && f.at < cueAt);
  for (const [w, xs] of qualifiers) {
    if (!inSubject(w)) continue;
    const keep = [...xs].filter(inSubject);
    if (keep.length) qualifiersEarly.set(w, new Set(keep));
  }

  // The alias forms are appended so a record in one language holds the other's word.
  const extra = new Set<string>();
  for (const [v, canon] of aliasesIn(norm)) if (v !== canon && holds(norm, v) && !onlyInKin(norm, v)) extra.add(canon);
  for (const v of collapsed) extra.add(v);
  for (const m of idMatches) if (!norm.includes(m.id)) extra.add(m.id);
  // A name of two to four capitalized words (Home Assistant, LanguageTool, Open Collective) is written by its initials
  // too (HA, LT, OC): the record holds what a correction calls it for short.
  for (const a of initialsOf(written)) if (!holds(norm, a)) extra.add(a);
  const hay = extra.size ? `${norm} ${[...extra].join(' ')}` : norm;

  const propersEarly = propersOf(stripped).filter((w) => {
    const at = norm.search(new RegExp(`(?<![a-z0-9_-])${w}(?![a-z0-9_-])`));
    // A cue opening the text (改一下, Yumi 的单价…) ends no subject part.
    const start = norm.length - norm.trimStart().length;
    // (Nor one given right before "now": cover art is by Ayu now, goes to Ayu now, names the new one; Lao Chen now delivers
    // does not.)
    if (at !== -1 && new RegExp(`^${w}\\s+now\\b`).test(norm.slice(at)) && /\b(?:by|to|is|are|with)\s+$/.test(norm.slice(0, at))) return false;
    return at !== -1 && at < Math.min(...[cueAt, valueAt].filter((x) => x > start), Infinity);
  });
  const generics = [...new Set(generic.map((g) => g.word))];
  return { hay, plain: norm, subjects, generics, heads: [...heads], nearest, acronyms, acronymsEarly, propersEarly, named, attrWords: [...attrWords], shapes, changeNamed, changeShapes, values: [...new Set(values)], valueShapes, oldValues: [...oldValues], denials: denied.map((d) => d.word), contrast, contrastEarly: early, ids, names, subjectPart, nearestAll, late, lead, opening, initialed: namesByInitials(written), qualifiers, qualifiersEarly, attrQualifiers };
}
