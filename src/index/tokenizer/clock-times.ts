/**
 * Clock times written the ways a Chinese-first user writes them, read as HH:MM: 两点半 and 2点30 are
 * 02:30, 凌晨一点四十五 01:45, 晚上8点 20:00, 2:30 02:30. The tokenizer indexes and queries these beside
 * the words as written, so "两点半" finds a note saying "02:30" and "3点" one saying "03:00" or "15:00".
 *
 * A Chinese numeral before 点 counts only with a time around it (凌晨, 下午, 每天, 周四, 号 … before it,
 * or 半, 一刻, X分, 整 after it): 一点 and 两点 alone are far more often "a little" and "two points".
 * A digit before 点 (3点, 10点) is a time. An hour from 1 to 11 without a part of the day reads both
 * ways (3点: 03:00 and 15:00). Pure.
 */

const CN_DIGIT: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** A number written in digits or in Chinese numerals up to 99 (十, 十一, 二十三, 四十五); NaN otherwise. */
function numberOf(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(s);
  if (m) return (m[1] ? CN_DIGIT[m[1]]! : 1) * 10 + (m[2] ? CN_DIGIT[m[2]]! : 0);
  if (s.length === 1 && s in CN_DIGIT) return CN_DIGIT[s]!;
  if (s.length === 2 && [...s].every((c) => c in CN_DIGIT)) return CN_DIGIT[s[0]!]! * 10 + CN_DIGIT[s[1]!]!; // 四五 is rare; 零五 in 一点零五
  return NaN;
}

const AM = /凌晨|早上|早晨|清晨|上午|半夜|深夜/;
const PM = /下午|傍晚|晚上|晚间|夜里|今晚|明晚|每晚/;
const NOON = /中午/;
const TIME_BEFORE = /凌晨|早上|早晨|清晨|上午|中午|下午|傍晚|晚上|晚间|夜里|半夜|深夜|今晚|明晚|每晚|每天|每日|天天|每周.|周.|星期.|礼拜.|今天|明天|昨天|后天|[号日]|到|在|改成|改为|改到|挪到|提前到|推迟到|定在|约在/;
const NUM = '[零〇一二两三四五六七八九十\\d]{1,3}';
const CHINESE_CLOCK = new RegExp(`(${NUM})\\s?点(?:\\s?(半|一刻|三刻|整|钟)|\\s?(${NUM})\\s?分?)?`, 'gu');
const DIGITAL_CLOCK = /(?<![\d:.])(\d{1,2}):(\d{2})(?![\d:])/g;

const pad = (n: number) => String(n).padStart(2, '0');

/** The HH:MM readings of the clock times in a text that it does not already hold as HH:MM. */
export function clockTimes(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(DIGITAL_CLOCK)) {
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (m[1]!.length === 1 && h < 24 && min < 60) out.add(`${pad(h)}:${pad(min)}`);
  }
  if (!text.includes('点')) return [...out];
  for (const m of text.matchAll(CHINESE_CLOCK)) {
    const hour = numberOf(m[1]!);
    if (!(hour >= 0 && hour <= 24)) continue;
    const before = text.slice(Math.max(0, m.index! - 4), m.index!);
    const suffix = m[2] ?? '';
    const minWord = m[3];
    const digits = /^\d+$/.test(m[1]!);
    // 一点, 两点, 三点 alone: "a little", "two points"; with a time around them, a clock time
    if (!digits && !suffix && !minWord && !TIME_BEFORE.test(before)) continue;
    let min = 0;
    if (suffix === '半') min = 30;
    else if (suffix === '一刻') min = 15;
    else if (suffix === '三刻') min = 45;
    else if (minWord !== undefined) {
      min = numberOf(minWord);
      if (!(min >= 0 && min < 60)) continue;
    }
    const part = AM.test(before) ? 'am' : PM.test(before) ? 'pm' : NOON.test(before) ? 'noon' : null;
    const hours: number[] = [];
    if (hour === 24) hours.push(0);
    else if (part === 'pm' || (part === 'noon' && hour < 6)) hours.push(hour < 12 ? hour + 12 : hour);
    else if (part === 'am' || part === 'noon' || hour === 0 || hour >= 12) hours.push(hour === 12 && part === 'am' ? 0 : hour);
    else hours.push(hour, hour + 12);
    for (const h of hours) out.add(`${pad(h)}:${pad(min)}`);
  }
  return [...out];
}
