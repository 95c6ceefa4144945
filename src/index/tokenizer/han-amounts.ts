/**
 * Amounts written in Chinese numerals, read as digits: 一百八 is 180, 两千八 2800, 三千五百 3500, 一万二 12000,
 * 一百零八 108, and before a unit 十八度 18度, 二十二号 22号, 三十块 30块. What a voice-input phone writes and what
 * a person says aloud ("自己掏的钱是一百八 不是两百"), so that 180 in one note and 一百八 in another are one value.
 * A month with its day is a date: 八月十二号 is 8月12号, 十二月三日 12月3日 (a month alone stays as written: 8月 would
 * read as a duration).
 *
 * Only numerals with 百, 千 or 万 after a digit, or with 十 before a unit: 千万别 and 万一 are words, 一下 and 三明治
 * hold no amount, 百分之二十 is a share (left as written). Pure.
 */

const DIGIT: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** A run of numerals with a place word after a digit (两千八, 一百零八) or a tens numeral before a unit (十八度, 二十二号). */
const AMOUNT = /(?<![零〇一二两三四五六七八九十百千万亿])(?:[一二两三四五六七八九]十?[一二三四五六七八九]?[百千万][零〇一二两三四五六七八九十百千万]*|[一二两三四五六七八九]?十[一二三四五六七八九]?(?=度|块|元|号|个|次|岁|斤|公斤|吨|箱|台|人|分钟|小时|天)|(?:十[一二]?|[一二三四五六七八九])(?=月\s?(?:\d|[一二三四五六七八九十]{1,3}\s?[号日]))|(?<=月\s?)(?:[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])(?=\s?[号日]))(?!分之|[零〇一二两三四五六七八九十百千万亿])/gu;

/** The value of a Chinese numeral below 10^8; NaN when it does not parse. */
export function hanNumber(s: string): number {
  const wan = s.split('万');
  if (wan.length > 2) return NaN;
  if (wan.length === 2) {
    const hi = below10k(wan[0]!);
    // 一万二 is 12,000: a lone digit after 万 is thousands
    const lo = /^[一二两三四五六七八九]$/.test(wan[1]!) ? DIGIT[wan[1]!]! * 1000 : wan[1] ? below10k(wan[1].replace(/^[零〇]/, '')) : 0;
    return hi * 10000 + lo;
  }
  return below10k(s);
}

function below10k(s: string): number {
  if (!s) return NaN;
  let total = 0;
  let digit: number | null = null;
  let lastUnit = 10000;
  let zero = false;
  for (const ch of s) {
    if (ch in DIGIT) {
      if (digit !== null) return NaN;
      digit = DIGIT[ch]!;
      if (digit === 0) {
        zero = true;
        digit = null;
      }
    } else if (ch in UNIT) {
      const u = UNIT[ch]!;
      if (u >= lastUnit) return NaN;
      total += (digit ?? (u === 10 ? 1 : NaN)) * u;
      if (Number.isNaN(total)) return NaN;
      digit = null;
      lastUnit = u;
      zero = false;
    } else return NaN;
  }
  // 一百八 is 180 and 两千八 2,800: a trailing digit right after a place word is the next place down
  if (digit !== null) total += !zero && lastUnit >= 100 && lastUnit < 10000 ? digit * (lastUnit / 10) : digit;
  return total;
}

/** The text with its Chinese-numeral amounts written in digits (lengths change). */
export function amountsAsDigits(text: string): string {
  if (!/[十百千万月]/.test(text)) return text;
  return text.replace(AMOUNT, (m) => {
    const n = hanNumber(m);
    return Number.isFinite(n) ? String(n) : m;
  });
}

/** The digit readings of the Chinese-numeral amounts in a text, to index and query beside the words. */
export function hanAmounts(text: string): string[] {
  if (!/[十百千万月]/.test(text)) return [];
  const out = new Set<string>();
  for (const m of text.matchAll(AMOUNT)) {
    const n = hanNumber(m[0]);
    if (Number.isFinite(n)) out.add(String(n));
  }
  return [...out];
}
