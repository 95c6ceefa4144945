import { clockTimes } from '../tokenizer/clock-times.js';
import { frequenciesIn } from './frequency.js';
import { weekdaysIn } from './weekdays.js';
import { foldText } from '../../core/simplified.js';

/**
 * Whether two values two records give are one value written two ways: 20 个字 / 20字, 三周 / 每 3 周, 9:00 / 09:00,
 * 周一 / Mon, weekly / 每周, https://grafana.example.io / grafana.example.io. A copy written in other words is no value changed. Pure.
 */
export function sameValue(a: string, b: string): boolean {
  const ka = valueKey(a);
  const kb = valueKey(b);
  if (ka === kb) return true;
  // An address with its scheme and one without: https://grafana.example.io / grafana.example.io (not http / https).
  const scheme = /^https?:\/\//;
  if (scheme.test(ka) !== scheme.test(kb) && ka.replace(scheme, '').replace(/\/$/, '') === kb.replace(scheme, '').replace(/\/$/, '')) return true;
  // One clock time: 22:00 / 晚上十点, 02:00 / 凌晨两点.
  const ta = timesOf(a);
  const tb = timesOf(b);
  if (ta.length && tb.length && ta.some((t) => tb.includes(t))) return true;
  // A cron schedule and the same time in words: 0 6 * * * / 06:00, 0 */6 * * * / every 6 hours.
  const ca = cronForms(a);
  const cb = cronForms(b);
  if ((ca.length || cb.length) && (ca.length ? ca : scheduleForms(a)).some((x) => (cb.length ? cb : scheduleForms(b)).includes(x))) return true;
  // One day of the year: 3 月 15 日 / 15 Mar, 2026-03-15 / 3/15.
  if (sameDay(a, b)) return true;
  // A day of the week, or how often, alone: the same day or frequency in either language.
  const bare = (v: string) => !/\d/.test(v);
  if (bare(a) && bare(b)) {
    const da = weekdaysIn(a);
    const db = weekdaysIn(b);
    if (da.size && equalSets(da, db)) return true;
    const fa = frequenciesIn(a);
    const fb = frequenciesIn(b);
    if (fa.size && equalSets(fa, fb) && da.size === 0 && db.size === 0) return true;
  }
  return false;
}

/** What a cron schedule says, as clock times (0 6 * * * → 06:00) or hours or minutes between runs (a step of 6 in the hour field → every 6 hours; a step of 10 in the minute field alone → every 10 minutes). */
function cronForms(v: string): string[] {
  // A minute step alone (cron */10) runs every ten minutes.
  const step = /^\*\/(\d{1,2})$/.exec(v.trim());
  if (step) return [`every ${Number(step[1])} minutes`];
  const f = v.trim().split(/\s+/);
  if (f.length !== 5 || !f.every((x) => /^[\d*/,-]+$/.test(x))) return [];
  const [min, hour] = f as [string, string];
  const minutes = /^\*\/(\d{1,2})$/.exec(min);
  if (minutes && hour === '*') return [`every ${Number(minutes[1])} minutes`];
  if (/^\d{1,2}$/.test(min) && /^\d{1,2}$/.test(hour)) return [`${hour.padStart(2, '0')}:${min.padStart(2, '0')}`];
  const every = /^\*\/(\d{1,2})$/.exec(hour);
  if (/^\d{1,2}$/.test(min) && every) return [`every ${Number(every[1])} hours`];
  return [];
}

/** A schedule in words as cronForms reads a cron one: its clock times, or hours or minutes between runs (every 6 hours, 每 6 小时, 6h, 每 10 分钟). */
function scheduleForms(v: string): string[] {
  const every = /\bevery\s(\d{1,2})\s?(?:hours?|hrs?|h)\b|每\s?(\d{1,2})\s?个?小时|(?<![\w.])(\d{1,2})\s?h\b/.exec(v);
  const minutes = /\bevery\s(\d{1,2})\s?(?:minutes?|mins?)\b|每\s?(\d{1,2})\s?分钟/.exec(v);
  return [...timesOf(v), ...(every ? [`every ${Number(every[1] ?? every[2] ?? every[3])} hours`] : []), ...(minutes ? [`every ${Number(minutes[1] ?? minutes[2])} minutes`] : [])];
}

/** The HH:MM readings of a clock time, as the tokenizer reads it (3点 is 03:00 and 15:00). */
function timesOf(v: string): string[] {
  const own = [...v.matchAll(/(?<![\d:])(\d{2}):(\d{2})(?![\d:])/g)].map((m) => m[0]);
  // An English clock time: 10am is 10:00, 8:30 pm is 20:30, 12am midnight.
  for (const m of v.matchAll(/(?<![\d:])(\d{1,2})(?::(\d{2}))?\s?(am|pm)\b/gi)) {
    const h = Number(m[1]);
    if (h < 1 || h > 12) continue;
    const h24 = (h % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
    own.push(`${String(h24).padStart(2, '0')}:${m[2] ?? '00'}`);
  }
  // A value already read as a time (十点 in 每周日晚上十点) is one without the words around it.
  const read = clockTimes(v);
  return [...own, ...(read.length || own.length ? read : clockTimes(`每天${v}`))];
}

const UNIT_ZH: Record<string, string> = {
  day: '天', days: '天', week: '周', weeks: '周', month: '个月', months: '个月', year: '年', years: '年',
  hour: '小时', hours: '小时', h: '小时', hr: '小时', hrs: '小时', minute: '分钟', minutes: '分钟', min: '分钟', mins: '分钟',
  second: '秒', seconds: '秒', s: '秒', sec: '秒', secs: '秒', kg: '公斤', km: '公里',
};

const HAN_DIGIT: Record<string, string> = { 一: '1', 二: '2', 两: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9', 十: '10' };

/** A value as one key: no spaces, no measure word after a number (20个字), a Han digit before a unit as a digit, no 每. */
function valueKey(v: string): string {
  let k = foldText(v).toLowerCase().replace(/\s+/g, '');
  k = k.replace(/^每/, '');
  k = k.replace(/^([一二两三四五六七八九十])(?=[\u4e00-\u9fff])/, (d) => HAN_DIGIT[d]!);
  k = k.replace(/(\d)个(?!月)(?=[\u4e00-\u9fff])/g, '$1');
  // A unit in English is the unit in Chinese: 30 days / 30天, 5 min / 5分钟.
  k = k.replace(/(\d)([a-z]+)$/, (_m, d: string, u: string) => d + (UNIT_ZH[u] ?? u));
  k = k.replace(/(?<!\d)(\d):(\d\d)(?!\d)/g, '0$1:$2');
  return k;
}

function equalSets<T>(a: Set<T>, b: Set<T>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/**
 * One value written two ways, read loosely (the same value must never read as two): 500 RMB / ¥500 by their numbers,
 * 10am / 10:00 and 晚6点 / 18:00 by the hour on a twelve-hour clock, 3月28日 / 3/28 and Feb 20 / 2 月 20 日 by the day.
 */
export function sameLoosely(v: string, w: string, shape: string): boolean {
  const nums = (x: string) => [...x.matchAll(/\d+/g)].map((m) => Number(m[0]));
  const a = nums(v);
  const b = nums(w);
  if (a.length === 0 || b.length === 0) return false;
  if (shape === 'schedule') return a[0]! % 12 === b[0]! % 12;
  if (shape === 'date') {
    const day = (n: number[]) => n.filter((x) => x >= 1 && x <= 31).at(-1);
    return day(a) !== undefined && day(a) === day(b);
  }
  // (A decimal is one number: 0.25g and 0.125g share no number, though both have a 0.)
  const whole = (x: string) => [...x.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  const wb = whole(w);
  return whole(v).some((x) => wb.includes(x));
}

/**
 * A value that names one thing wherever it is written: a version or address of several dots (2025.1.4, 192.168.1.1), a
 * code of letters and digits (G7501, golang:1.22-alpine, 1600x900), a number of seven digits or more (13800001234), a
 * decimal that is no date (0.09, 1.35, 12.99). Not a time, a date (3.15), a year, a count, a dose (5mg), nor a port: two
 * services share 7443 more often than not. Pure.
 */
export function namesOneThing(v: string): boolean {
  if (!/\d/.test(v) || /^\d{1,2}[:：]\d{2}$|^(?:0?[1-9]|1[0-2])[/月.-](?:0?[1-9]|[12]\d|3[01])[日号]?$|^(?:19|20)\d{2}$/.test(v)) return false;
  return /\d\.\d+\.\d/.test(v) || (/[a-z]/i.test(v) && /\d/.test(v) && v.length >= 4 && !/^\d+(?:\.\d+)?\s?[a-z]{1,3}$/i.test(v)) || /^\d{7,}$/.test(v) || /^\$?\d+\.\d{2,}$/.test(v);
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

/** A day of the year as month-day (3-15) from 3月15号, 3/15, 2026-03-15, Mar 15, 15 March; null for anything else. */
export function monthDay(v: string): string | null {
  const t = v.toLowerCase().trim();
  let m = /^(?:\d{4}\s?[-/年.]\s?)?(\d{1,2})\s?[月/.-]\s?(\d{1,2})\s?[日号]?$/.exec(t);
  if (m && Number(m[1]) <= 12 && Number(m[2]) <= 31) return `${Number(m[1])}-${Number(m[2])}`;
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?$/.exec(t);
  if (m && MONTHS.includes(m[1]!)) return `${MONTHS.indexOf(m[1]!) + 1}-${Number(m[2])}`;
  m = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3})[a-z]*\.?$/.exec(t);
  if (m && MONTHS.includes(m[2]!)) return `${MONTHS.indexOf(m[2]!) + 1}-${Number(m[1])}`;
  return null;
}

/** A day of the year as written in running text (Feb 21, 21 Feb, 2月21日, 2/21, 2026-02-21): each read by monthDay. */
const DAY_OF_YEAR = new RegExp(
  `\\b(?:${MONTHS.join('|')})[a-z]*\\.?\\s\\d{1,2}(?:st|nd|rd|th)?\\b(?![:.]\\d)|\\b\\d{1,2}(?:st|nd|rd|th)?\\s(?:${MONTHS.join('|')})[a-z]*\\b|(?<![\\d.:/-])(?:\\d{4}\\s?[-/年.]\\s?)?\\d{1,2}\\s?[月/-]\\s?\\d{1,2}(?![\\d/:])\\s?[日号]?`,
  'g',
);

/** The days of the year a text gives, as month-day (Feb 21 → 2-21; 21 Feb, 2月21日, 2/21, 2026-02-21). */
export function monthDaysIn(text: string): Set<string> {
  return new Set([...text.toLowerCase().matchAll(DAY_OF_YEAR)].map((m) => monthDay(m[0])).filter((d): d is string => d !== null));
}

/** One day written two ways: Mar 15 / 3月15号, 2026-03-15 / 3/15. */
export function sameDay(a: string, b: string): boolean {
  const x = monthDay(a);
  return x !== null && x === monthDay(b);
}

/** A day of the month alone (20 号) and a date on that day (12.20, 3月20日): the same day as far as is said. */
export function sameDayOfMonth(a: string, b: string): boolean {
  const day = (v: string) => (/^\d{1,2}\s?[号日]$/.test(v.trim()) ? Number(v.trim().replace(/\D/g, '')) : null);
  const [x, y] = [day(a), day(b)];
  const dayOf = (v: string) => Number(monthDay(v)?.split('-')[1] ?? NaN);
  return x !== null ? (y !== null ? x === y : x === dayOf(b)) : y !== null && y === dayOf(a);
}

/** The day of the year written the other ways: 3 月 15 日 → 15 mar, mar 15, 15 march, march 15, 3月15日, 3月15号. */
export function monthDayForms(v: string): string[] {
  const day = monthDay(v);
  if (!day) return [];
  const [mo, d] = day.split('-').map(Number) as [number, number];
  const [short, long] = [MONTHS[mo - 1]!, MONTH_NAMES[mo - 1]!];
  return [`${d} ${short}`, `${short} ${d}`, `${d} ${long}`, `${long} ${d}`, `${mo}月${d}日`, `${mo}月${d}号`].filter((f) => f !== v);
}

/** A day of the month a value gives (每月 5 号, 1 號, 15日; not the 15 of 3月15日), or null. */
export function dayOfMonth(v: string): number | null {
  const m = /(?<![\d/]|\d\s?月\s?)(\d{1,2})\s?[号號日](?!\d)/.exec(v);
  return m ? Number(m[1]) : null;
}

/** A day of the month as English writes it: 1st, 2nd, 3rd, 5th, 11th. */
export function ordinal(d: number): string {
  const th = d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
  return `${d}${th}`;
}
