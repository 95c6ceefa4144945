/**
 * Queries that ask for recent things. Either a window (昨天, last week, in March: a filter on
 * time) or a recency emphasis (最近进展, latest: a much shorter half-life). The words that say it
 * are taken out of the query's terms: "最近进展" searches for 进展.
 */
export interface TimeIntent {
  /** the query with the time words removed */
  rest: string;
  /** what was recognized, for explanations */
  phrase: string | null;
  window: { sinceMs: number; untilMs: number } | null;
  recent: boolean;
}

const DAY = 86_400_000;

/** Start of the local day containing ms, in the given offset (minutes east of UTC). */
export function dayStart(ms: number, offsetMin: number): number {
  const local = ms + offsetMin * 60_000;
  return local - (((local % DAY) + DAY) % DAY) - offsetMin * 60_000;
}

function monthStart(y: number, m: number, offsetMin: number): number {
  return Date.UTC(y, m, 1) - offsetMin * 60_000;
}

const MONTHS_EN = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const CN_NUM: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 十一: 11, 十二: 12 };

function num(s: string): number {
  return /^\d+$/.test(s) ? Number(s) : (CN_NUM[s] ?? NaN);
}

/** A day of the month in digits or Chinese numerals (六, 十三, 二十七, 三十一). */
function cnDay(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^([二三]?)十(.?)$/.exec(s);
  if (!m) return CN_NUM[s] ?? NaN;
  return (m[1] ? CN_NUM[m[1]]! : 1) * 10 + (m[2] ? CN_NUM[m[2]]! : 0);
}

/**
 * A character or word every rule below needs: a query with none of them (most do) skips the rules,
 * and compiling their large patterns, at once.
 */
const MAY_HAVE_TIME = /[今昨前上本这当去近过月最新目]|\b(?:today|yesterday|last|this|past|on|in|recent|recently|latest|lately|newest|current|currently|january|february|march|april|may|june|july|august|september|october|november|december|(?:19|20)\d\d)\b/i;

const M = 'january|february|march|april|may|june|july|august|september|october|november|december';
// A day written out in full ("23 January, 2023", "November 6, 2023", "4th October 2023").
const DATE = `(?:(\\d{1,2})(?:st|nd|rd|th)?\\s*(?:of\\s+)?(${M}),?\\s*(\\d{4})?|(${M})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b,?\\s*(\\d{4})?)`;
/** A relative time anchored to a named day: "last week, as mentioned on November 6, 2023". */
const ANCHORED = new RegExp(`\\b(yesterday|the day before|last\\s+(?:week(?:end)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:in\\s+|over\\s+)?the\\s+(?:week|weekend)\\s+before)\\b(?:[^.?!]{0,30}?\\b(?:before|on|as of))?\\s+(?:the\\s+)?${DATE}`, 'i');
/** A range of days: "between August 11 and August 15 2023", "from 3 May to 9 May", 11月3日到11月10日. */
const DAY_RANGE = new RegExp(
  `\\b(?:between|from)\\s+(?:(${M})\\s+(\\d{1,2})(?:st|nd|rd|th)?|(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${M}))\\s*,?\\s*(\\d{4})?\\s+(?:and|to|until|till|-)\\s+(?:(${M})\\s+)?(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+(?:of\\s+)?(${M}))?\\b,?\\s*(\\d{4})?` +
    `|(?:(\\d{4})\\s*年\\s*)?(1[0-2]|0?[1-9])\\s*月\\s*(3[01]|[12]\\d|0?[1-9])\\s*[日号]?\\s*(?:到|至|-|~|～)\\s*(?:(1[0-2]|0?[1-9])\\s*月\\s*)?(3[01]|[12]\\d|0?[1-9])\\s*[日号]`,
  'i',
);
/** The first … fourth week of a month: "the second week of November", 11月第二周. */
const NTH_WEEK_OF = new RegExp(
  `\\bthe\\s+(first|second|third|fourth|1st|2nd|3rd|4th)\\s+week\\s+of\\s+(${M})(?:,?\\s*(\\d{4}))?\\b|(?:(\\d{4})\\s*年\\s*)?(1[0-2]|0?[1-9])\\s*月(?:份)?的?第([一二三四1-4])(?:周|个?星期)`,
  'i',
);
/** Part of a month: "the beginning of November 2022", "early March", "the first half of September", 3月上旬/中旬/下旬/初/底. */
const PART_OF_MONTH = new RegExp(
  `\\b(?:(?:in\\s+)?the\\s+)?(beginning|start|early|end|late|middle|mid|first\\s+half|second\\s+half)(?:\\s+of)?[\\s-]+(${M})(?:,?\\s*(\\d{4}))?\\b|(?:(\\d{4})\\s*年\\s*)?(1[0-2]|0?[1-9])\\s*月(?:份)?的?(上旬|中旬|下旬|初|底|末)`,
  'i',
);
/** A weekday before or after a named day: "the Sunday before October 25, 2022". */
const WEEKDAY_NEAR = new RegExp(`\\bthe\\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\s+(before|after)\\s+${DATE}`, 'i');
/** A part of a named day: "the evening of 7 July, 2023". */
const PART_OF_DAY = new RegExp(`\\b(?:the\\s+)?(?:morning|afternoon|evening|night)\\s+of\\s+${DATE}`, 'i');
/** A year: "in 2023", "during 2021", 2025年 (not 2025年3月). */
const YEAR = /\b(?:in|during)\s+((?:19|20)\d\d)\b|(?<![\d])((?:19|20)\d\d)\s*年(?!\s*\d{1,2}\s*月|\s*[一二三四五六七八九十]+\s*月)/i;
/** The last week of a month: "the last week of August 2023", 8月最后一周. */
const LAST_WEEK_OF = new RegExp(`\\bthe\\s+last\\s+week\\s+of\\s+(${M})(?:,?\\s*(\\d{4}))?\\b|(?:(\\d{4})\\s*年\\s*)?(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\\s*月(?:份)?的?最后一(?:周|个?星期)`, 'i');

export function parseTimeIntent(query: string, nowMs: number, offsetMin: number): TimeIntent {
  if (!MAY_HAVE_TIME.test(query)) return { rest: query, phrase: null, window: null, recent: false };
  const today = dayStart(nowMs, offsetMin);
  const local = new Date(nowMs + offsetMin * 60_000);
  const y = local.getUTCFullYear();
  const mo = local.getUTCMonth();
  const weekday = (local.getUTCDay() + 6) % 7; // Monday 0
  const thisWeek = today - weekday * DAY;
  const win = (a: number, b: number) => ({ sinceMs: a, untilMs: b - 1 });
  // 今年6月, 去年 12 月 3 号: the year word names the year of the month that follows it.
  query = query.replace(/(今年|去年|前年)\s*(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月/g, (_, w: string, m: string) => `${w === '今年' ? y : w === '去年' ? y - 1 : y - 2}年${m}月`);

  // A rule may decline its match (null): the next rule is tried.
  type Rule = [RegExp, (m: RegExpExecArray) => Pick<TimeIntent, 'window' | 'recent'> | null];
  const dayOf = (m: RegExpExecArray, at: number): number | null => {
    const month = MONTHS_EN.indexOf((m[at + 1] ?? m[at + 3]!).toLowerCase());
    const day = Number(m[at] ?? m[at + 4]);
    const given = m[at + 2] ?? m[at + 5];
    let year = given ? Number(given) : y;
    const start = (yy: number) => Date.UTC(yy, month, day) - offsetMin * 60_000;
    if (!given && start(year) > today) year--;
    const s0 = start(year);
    return Number.isFinite(s0) && new Date(s0 + offsetMin * 60_000).getUTCDate() === day ? s0 : null;
  };
  const rules: Rule[] = [
    // A relative time anchored to a day the query names ("last week, as mentioned on November 6, 2023",
    // "the weekend before 4th October, 2023", "yesterday on 23 January"): read from that day, not
    // from now. The week (or the day, for yesterday) before it.
    [
      ANCHORED,
      (m) => {
        const d = dayOf(m, 2);
        if (d === null) return null;
        return { window: win(/^(?:yesterday|the day before)$/i.test(m[1]!) ? d - DAY : d - 7 * DAY, d), recent: false };
      },
    ],
    // The last week of a month: its last seven days ("during the last week of August 2023", 8月最后一周).
    [
      LAST_WEEK_OF,
      (m) => {
        const month = m[1] ? MONTHS_EN.indexOf(m[1].toLowerCase()) : num(m[4]!.replace(/^0/, '')) - 1;
        let year = m[2] ? Number(m[2]) : m[3] ? Number(m[3]) : y;
        if (!m[2] && !m[3] && month > mo) year--;
        const end = month === 11 ? monthStart(year + 1, 0, offsetMin) : monthStart(year, month + 1, offsetMin);
        return { window: win(end - 7 * DAY, end), recent: false };
      },
    ],
    [
      WEEKDAY_NEAR,
      (m) => {
        const d = dayOf(m, 3);
        if (d === null) return null;
        const target = (WEEKDAYS_EN.indexOf(m[1]!.toLowerCase()) + 1) % 7; // 0 Sunday
        const wd = new Date(d + offsetMin * 60_000).getUTCDay();
        const step = m[2]!.toLowerCase() === 'before' ? -(((wd - target + 7) % 7) || 7) : ((target - wd + 7) % 7) || 7;
        return { window: win(d + step * DAY, d + step * DAY + DAY), recent: false };
      },
    ],
    [
      PART_OF_DAY,
      (m) => {
        const d = dayOf(m, 1);
        return d === null ? null : { window: win(d, d + DAY), recent: false };
      },
    ],
    [
      PART_OF_MONTH,
      (m) => {
        const month = m[2] ? MONTHS_EN.indexOf(m[2].toLowerCase()) : Number(m[5]) - 1;
        let year = m[3] ? Number(m[3]) : m[4] ? Number(m[4]) : y;
        if (!m[3] && !m[4] && month > mo) year--;
        const start = monthStart(year, month, offsetMin);
        const end = month === 11 ? monthStart(year + 1, 0, offsetMin) : monthStart(year, month + 1, offsetMin);
        const part = (m[1] ?? m[6]!).toLowerCase().replace(/\s+/g, ' ');
        const [a, b] =
          /^(?:beginning|start|early|上旬|初)$/.test(part) ? [start, start + 10 * DAY]
          : /^(?:end|late|下旬|底|末)$/.test(part) ? [start + 20 * DAY, end]
          : /^(?:middle|mid|中旬)$/.test(part) ? [start + 10 * DAY, start + 20 * DAY]
          : part === 'first half' ? [start, start + 15 * DAY]
          : [start + 15 * DAY, end];
        return { window: win(a, b), recent: false };
      },
    ],
    [
      DAY_RANGE,
      (m) => {
        const en = m[1] !== undefined || m[4] !== undefined;
        const m1 = en ? MONTHS_EN.indexOf((m[1] ?? m[4]!).toLowerCase()) : Number(m[11]) - 1;
        const d1 = Number(en ? (m[2] ?? m[3]) : m[12]);
        const m2 = en ? (m[6] ?? m[8] ? MONTHS_EN.indexOf((m[6] ?? m[8]!).toLowerCase()) : m1) : m[13] ? Number(m[13]) - 1 : m1;
        const d2 = Number(en ? m[7] : m[14]);
        const given = en ? (m[9] ?? m[5]) : m[10];
        let year = given ? Number(given) : y;
        const at = (yy: number, mm: number, dd: number) => Date.UTC(yy, mm, dd) - offsetMin * 60_000;
        if (!given && at(year, m1, d1) > today) year--;
        const a = at(year, m1, d1);
        let b = at(year, m2, d2);
        if (b < a) b = at(year + 1, m2, d2);
        if (!Number.isFinite(a) || !Number.isFinite(b) || b - a > 366 * DAY) return null;
        return { window: win(a, b + DAY), recent: false };
      },
    ],
    [
      NTH_WEEK_OF,
      (m) => {
        const ORD: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, 一: 1, 二: 2, 三: 3, 四: 4, '1': 1, '2': 2, '3': 3, '4': 4 };
        const n = ORD[(m[1] ?? m[6]!).toLowerCase()]!;
        const month = m[2] ? MONTHS_EN.indexOf(m[2].toLowerCase()) : Number(m[5]) - 1;
        let year = m[3] ? Number(m[3]) : m[4] ? Number(m[4]) : y;
        if (!m[3] && !m[4] && month > mo) year--;
        const start = monthStart(year, month, offsetMin) + (n - 1) * 7 * DAY;
        return { window: win(start, start + 7 * DAY), recent: false };
      },
    ],
    [/今天|今日|\btoday\b/i, () => ({ window: win(today, today + DAY), recent: true })],
    [/昨天|昨日|\byesterday\b/i, () => ({ window: win(today - DAY, today), recent: true })],
    [/前天/, () => ({ window: win(today - 2 * DAY, today - DAY), recent: true })],
    [/上周|上个?星期|上礼拜|\blast week\b/i, () => ({ window: win(thisWeek - 7 * DAY, thisWeek), recent: true })],
    [/本周|这周|这个?星期|\bthis week\b/i, () => ({ window: win(thisWeek, today + DAY), recent: true })],
    [/上个?月|\blast month\b/i, () => ({ window: win(mo === 0 ? monthStart(y - 1, 11, offsetMin) : monthStart(y, mo - 1, offsetMin), monthStart(y, mo, offsetMin)), recent: true })],
    [/这个月|本月|当月|\bthis month\b/i, () => ({ window: win(monthStart(y, mo, offsetMin), today + DAY), recent: true })],
    [/去年|\blast year\b/i, () => ({ window: win(monthStart(y - 1, 0, offsetMin), monthStart(y, 0, offsetMin)), recent: false })],
    // This year is a window, not a wish for the newest: its months are not decayed against each other.
    [/今年|\bthis year\b/i, () => ({ window: win(monthStart(y, 0, offsetMin), today + DAY), recent: false })],
    [
      /(?:最近|近|过去|这)\s*(\d+|[一二两三四五六七八九十]+)\s*(天|日|周|个?星期|个?月)|\b(?:last|past)\s+(\d+)\s+(days?|weeks?|months?)\b/i,
      (m) => {
        const n = num(m[1] ?? m[3] ?? '');
        const unit = (m[2] ?? m[4] ?? '').toLowerCase();
        const days = /天|日|day/.test(unit) ? n : /周|星期|week/.test(unit) ? 7 * n : 30 * n;
        return { window: Number.isFinite(days) ? win(today + DAY - days * DAY, today + DAY) : null, recent: true };
      },
    ],
    [
      // A calendar day the query asks about: 在5月6号, 5月4日这天, on October 13, 2023, on 1 February.
      // Without a year, the last such day up to today. A bare date ("9月3日上线") is left to the words.
      /(?:在|于)\s*(?:(\d{4})\s*年\s*)?(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月\s*(3[01]|[12]\d|0?[1-9]|[二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号](?!\s*[起到至])|(?:(\d{4})\s*年\s*)?(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\s*月\s*(3[01]|[12]\d|0?[1-9]|[二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号]\s*(?:这天|那天|当天|这一天|那一天)|\bon\s+(?:the\s+)?(january|february|march|april|may|june|july|august|september|october|november|december)\s+(3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?\b(?:,?\s*(\d{4})\b)?|\bon\s+(?:the\s+)?(3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?\s+(?:of\s+)?(january|february|march|april|may|june|july|august|september|october|november|december)\b(?:,?\s*(\d{4})\b)?/i,
      (m) => {
        // "on may 3" in lower case is the verb more often than the month.
        if (m[7] === 'may' || m[11] === 'may') return null;
        const month = m[2] || m[5] ? num((m[2] ?? m[5])!) - 1 : MONTHS_EN.indexOf((m[7] ?? m[11]!).toLowerCase());
        const day = m[3] || m[6] ? cnDay((m[3] ?? m[6])!) : Number(m[8] ?? m[10]);
        const given = m[1] ?? m[4] ?? m[9] ?? m[12];
        let year = given ? Number(given) : y;
        const start = (yy: number) => Date.UTC(yy, month, day) - offsetMin * 60_000;
        if (!given && start(year) > today) year--;
        const s0 = start(year);
        // 2月30日 and the like name no day: no window.
        if (!Number.isFinite(s0) || new Date(s0 + offsetMin * 60_000).getUTCDate() !== day) return { window: null, recent: false };
        return { window: win(s0, s0 + DAY), recent: false };
      },
    ],
    [
      /\b(?:in|during)\s+(january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+(\d{4}))?\b|(?<![\d年])(\d{4}年)?(1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])月份?(?![\d日号])/i,
      (m) => {
        const month = m[1] ? MONTHS_EN.indexOf(m[1].toLowerCase()) : num(m[4]!) - 1;
        let year = m[2] ? Number(m[2]) : m[3] ? Number(m[3].slice(0, 4)) : y;
        if (!m[2] && !m[3] && month > mo) year--; // "in March" means the last March that has begun
        return { window: win(monthStart(year, month, offsetMin), month === 11 ? monthStart(year + 1, 0, offsetMin) : monthStart(year, month + 1, offsetMin)), recent: false };
      },
    ],
    [
      YEAR,
      (m) => {
        const year = Number(m[1] ?? m[2]);
        return { window: win(monthStart(year, 0, offsetMin), monthStart(year + 1, 0, offsetMin)), recent: false };
      },
    ],
    [/最近|近期|近来|最新|新近|这几天|这两天|这阵子|目前|\b(?:recent|recently|latest|lately|newest|current(?:ly)?)\b/i, () => ({ window: null, recent: true })],
  ];
  for (const [re, f] of rules) {
    const m = re.exec(query);
    if (m) {
      const r = f(m);
      if (!r) continue;
      const rest = (query.slice(0, m.index) + ' ' + query.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim();
      // A second recency word ("最近一周的最新进展") is stripped too.
      const again = /最近|近期|最新|\b(?:recent|recently|latest|lately)\b/i;
      return { rest: rest.replace(again, ' ').trim(), phrase: m[0], window: r.window, recent: r.recent };
    }
  }
  return { rest: query, phrase: null, window: null, recent: false };
}
