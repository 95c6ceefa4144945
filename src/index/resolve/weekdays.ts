/**
 * The weekdays a text names (0 Sunday … 6 Saturday), with their positions: 周二, 星期四, 礼拜天,
 * lists (周二、四, 周一三五, 每周二和周四), ranges (周一到周五, 周一至周五, Mon–Fri) and English names
 * (Thursdays, Mon/Wed). Pure.
 */
/** Chinese names of the weekdays, Sunday first (0 … 6). */
export const WEEKDAYS_ZH = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const HAN_DAY: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 0, 天: 0 };
const HAN_RUN = /(?:周|星期|礼拜)([一二三四五六日天](?:\s?(?:[、,，和及与/]|到|至|-|~|–)?\s?(?:周|星期|礼拜)?[一二三四五六日天])*)(?![一二三四五六日天])/g;
const EN_DAYS: [RegExp, number][] = [
  [/\bmon(?:day)?s?\b/g, 1],
  [/\btue(?:s|sday)?s?\b/g, 2],
  [/\bwed(?:nesday)?s?\b/g, 3],
  [/\bthu(?:rs|rsday)?s?\b/g, 4],
  [/\bfri(?:day)?s?\b/g, 5],
  [/\bsat(?:urday)?s?\b/g, 6],
  [/\bsun(?:day)?s?\b/g, 0],
];
const EN_RANGE = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\s?(?:-|–|~|to|through)\s?(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/g;
const EN_INDEX: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 0 };

/** Days from a to b inclusive, Monday-first (周五到周一 wraps over the weekend). */
function span(a: number, b: number): number[] {
  const out: number[] = [];
  const m = (d: number) => (d + 6) % 7; // Monday 0 … Sunday 6
  for (let i = m(a); ; i = (i + 1) % 7) {
    out.push((i + 1) % 7);
    if (i === m(b) || out.length > 7) break;
  }
  return out;
}

export interface WeekdayMention {
  day: number;
  at: number;
  /** where the words naming it end */
  end: number;
}

/** Every weekday a (lower-case) text names, where it names it. */
export function weekdayMentions(text: string): WeekdayMention[] {
  const out: WeekdayMention[] = [];
  for (const m of text.matchAll(HAN_RUN)) {
    const run = m[1]!;
    const days = [...run].filter((ch) => ch in HAN_DAY).map((ch) => HAN_DAY[ch]!);
    const ranged = /到|至|-|~|–/.test(run) && days.length === 2 ? span(days[0]!, days[1]!) : days;
    for (const d of ranged) out.push({ day: d, at: m.index!, end: m.index! + m[0].length });
  }
  for (const m of text.matchAll(EN_RANGE)) for (const d of span(EN_INDEX[m[1]!]!, EN_INDEX[m[2]!]!)) out.push({ day: d, at: m.index!, end: m.index! + m[0].length });
  for (const [re, d] of EN_DAYS) for (const m of text.matchAll(re)) out.push({ day: d, at: m.index!, end: m.index! + m[0].length });
  return out;
}

/** The weekdays a text names. */
export function weekdaysIn(text: string): Set<number> {
  return new Set(weekdayMentions(text).map((m) => m.day));
}
