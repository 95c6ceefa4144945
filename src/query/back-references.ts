/**
 * Back-references: a record written after a day names that day in words relative to its own time
 * ("昨晚和我妈做了晚饭", "went to a convention last month", "上周五部署了 v2"). A time window taken from a
 * query's words ("5月3号", "in March", "上周") is a filter on when records were written; a note written
 * the morning after, or in the next month, about what happened in the window is about the window too.
 * So a record written after the window is kept when one of these phrases, read from its own time,
 * lands inside the window. Only backward references count: a record written before the window about
 * plans ("next month") is a plan, not what happened.
 */

import { formatIso } from '../core/time.js';
import { dayStart, WEEKDAYS_EN } from './time-intent.js';

const DAY = 86_400_000;

export interface BackReference {
  /** the words in the record */
  phrase: string;
  sinceMs: number;
  /** exclusive */
  untilMs: number;
}

/**
 * How far after a window a record may be written and still point into it: "last year" said at the
 * end of the next year. Retrieval looks this far past the window's end.
 */
export const BACK_REFERENCE_REACH_MS = 400 * DAY;

const WEEKDAYS_ZH: Record<string, number> = { 一: 0, 二: 1, 三: 2, 四: 3, 五: 4, 六: 5, 日: 6, 天: 6 };
const SMALL: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

function count(s: string): number {
  return /^\d+$/.test(s) ? Number(s) : (SMALL[s.toLowerCase()] ?? NaN);
}

/** A quick test: most records name no relative time, and skip the rules. */
const MAY_REFER = /[昨前上去]|\b(?:yesterday|last|ago|other day|past)\b/i;

/** Where the phrase was said: its local day's start, its week's Monday, year and month, and the offset. */
interface Said {
  day: number;
  week: number;
  y: number;
  mo: number;
  offsetMin: number;
}
type Rule = [RegExp, (m: RegExpExecArray, at: Said) => [number, number] | null];

const monthStart = (yy: number, mm: number, offsetMin: number) => Date.UTC(yy, mm, 1) - offsetMin * 60_000;

// Built once: the SQL function runs these on every row a windowed query looks at past its window.
const RULES: Rule[] = [
    [/前天|前日|\bthe day before yesterday\b/gi, (_m, { day: d }) => [d - 2 * DAY, d - DAY]],
    [/昨天|昨日|昨晚|昨夜|昨儿|\byesterday\b|\blast night\b/gi, (_m, { day: d }) => [d - DAY, d]],
    [
      /(?:上|上个)(?:周|星期|礼拜)([一二三四五六日天])|\blast (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi,
      (m, { day: d, week: w }) => {
        if (m[1]) {
          const s = w - 7 * DAY + WEEKDAYS_ZH[m[1]]! * DAY;
          return [s, s + DAY];
        }
        // "last Friday": the latest Friday before today.
        const target = WEEKDAYS_EN.indexOf(m[2]!.toLowerCase());
        const today = Math.round((d - w) / DAY);
        const back = ((today - target + 7) % 7) || 7;
        return [d - back * DAY, d - back * DAY + DAY];
      },
    ],
    [/上周末|上个?周末|\blast weekend\b|\bthis past weekend\b/gi, (_m, { week: w }) => [w - 2 * DAY, w]],
    [/上周(?![一二三四五六日天末])|上个?星期(?![一二三四五六日天])|上礼拜(?![一二三四五六日天])|\blast week\b|\bthis past week\b/gi, (_m, { week: w }) => [w - 7 * DAY, w]],
    [/上个?月|\blast month\b/gi, (_m, { y, mo, offsetMin }) => [mo === 0 ? monthStart(y - 1, 11, offsetMin) : monthStart(y, mo - 1, offsetMin), monthStart(y, mo, offsetMin)]],
    [/去年|\blast year\b/gi, (_m, { y, offsetMin }) => [monthStart(y - 1, 0, offsetMin), monthStart(y, 0, offsetMin)]],
    [
      /(\d+|[一两二三四五六七八九十])\s*天前|\b(\d+|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+days?\s+ago\b/gi,
      (m, { day: d }) => {
        const n = count(m[1] ?? m[2]!);
        return Number.isFinite(n) && n > 0 && n <= 31 ? [d - n * DAY, d - n * DAY + DAY] : null;
      },
    ],
    [
      /(\d+|[一两二三四五六七八九十])\s*(?:个)?(?:周|星期|礼拜)前|\b(\d+|a|one|two|three|four|five|six|a couple of|couple of)\s+weeks?\s+ago\b/gi,
      (m, { day: d }) => {
        const raw = m[1] ?? m[2]!;
        const n = /couple/i.test(raw) ? 2 : count(raw);
        return Number.isFinite(n) && n > 0 && n <= 8 ? [d - 7 * n * DAY - 3 * DAY, d - 7 * n * DAY + 4 * DAY] : null;
      },
    ],
    [/几天前|前几天|前些天|\ba few days ago\b|\bthe other day\b|\ba couple (?:of )?days ago\b|\bthe past few days\b/gi, (_m, { day: d }) => [d - 7 * DAY, d]],
];

/** Every backward reference in a text, as windows relative to the record's time. */
export function backReferences(text: string, timeMs: number, offsetMin: number): BackReference[] {
  if (!MAY_REFER.test(text)) return [];
  const day = dayStart(timeMs, offsetMin);
  const date = new Date(timeMs + offsetMin * 60_000);
  const at: Said = { day, week: day - ((date.getUTCDay() + 6) % 7) * DAY, y: date.getUTCFullYear(), mo: date.getUTCMonth(), offsetMin };
  const out: BackReference[] = [];
  for (const [re, f] of RULES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const w = f(m, at);
      if (w) out.push({ phrase: m[0], sinceMs: w[0], untilMs: w[1] });
    }
  }
  return out;
}

/**
 * The first phrase of the text that points into [sinceMs, untilMs] (inclusive), or null. At least
 * half of what the phrase names must lie in the window: "last month" is no answer to "on 16
 * November", "last night" is one to "in November".
 */
export function refersInto(text: string, timeMs: number, offsetMin: number, sinceMs: number, untilMs: number): BackReference | null {
  for (const r of backReferences(text, timeMs, offsetMin)) {
    const overlap = Math.min(r.untilMs, untilMs + 1) - Math.max(r.sinceMs, sinceMs);
    if (overlap > 0 && 2 * overlap >= r.untilMs - r.sinceMs) return r;
  }
  return null;
}

/** A day as the local calendar date, "2026-11-16". */
export function localDay(ms: number, offsetMin: number): string {
  return formatIso(ms, offsetMin).slice(0, 10);
}
