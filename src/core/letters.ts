/**
 * Letters and digits (Unicode `\p{L}` and `\p{N}`) without a Unicode-property pattern on the common
 * path. V8 builds such a pattern's character class when it first runs it, 0.5-2 ms a pattern, and a
 * search or a hook runs them once per process: ASCII, Han and the CJK and full-width punctuation are
 * answered from ranges here, and only other characters go to the pattern (built on first need).
 */

let property: RegExp | undefined;
const propertyTest = (ch: string): boolean => (property ??= /^[\p{L}\p{N}]$/u).test(ch);

/** Ranges answered here: [from, to, isLetterOrDigit], sorted, checked against the pattern in letters.test.ts. */
const RANGES: ReadonlyArray<readonly [number, number, boolean]> = [
  [0x3000, 0x3004, false], // ideographic space, 、。〃〄
  [0x3008, 0x3020, false], // 〈〉《》「」『』【】〒〓〔〕〖〗〘〙〚〛〜〝〞〟〠
  [0x3400, 0x4dbf, true], // CJK extension A
  [0x4e00, 0x9fff, true], // CJK unified ideographs
  [0xff01, 0xff0f, false], // ！＂＃＄％＆＇（）＊＋，－．／
  [0xff10, 0xff19, true], // full-width digits
  [0xff1a, 0xff20, false], // ：；＜＝＞？＠
  [0xff21, 0xff3a, true], // full-width capitals
  [0xff3b, 0xff40, false], // ［＼］＾＿｀
  [0xff41, 0xff5a, true], // full-width small letters
  [0xff5b, 0xff65, false], // ｛｜｝～｟｠｡｢｣､･
];

/** Whether the code point is a letter or a digit, as `\p{L}` or `\p{N}` says. */
export function isLetterOrDigitCode(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a);
  for (const [from, to, yes] of RANGES) {
    if (cp < from) break;
    if (cp <= to) return yes;
  }
  return propertyTest(String.fromCodePoint(cp));
}

/** Whether the text holds a letter or a digit of any script. */
export function hasLetterOrDigit(s: string): boolean {
  for (const ch of s) if (isLetterOrDigitCode(ch.codePointAt(0)!)) return true;
  return false;
}

/** The text without the characters that are neither letters nor digits at its two ends. */
export function trimToLettersOrDigits(s: string): string {
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && !isLetterOrDigitCode(cps[a]!.codePointAt(0)!)) a++;
  while (b > a && !isLetterOrDigitCode(cps[b - 1]!.codePointAt(0)!)) b--;
  return a === 0 && b === cps.length ? s : cps.slice(a, b).join('');
}
