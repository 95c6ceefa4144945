/**
 * Readings of a text that hides its words from the rules: letters set apart by a separator
 * ("i-g-n-o-r-e", "忽 略 之 前"), and escapes decoded where they stand ("\u0069\u0067… previous rules",
 * "%69%67…", "&#105;&#103;…"), so the words around them stay. The rules (scan.ts) read these too; the
 * learned scorer has its own (injection-features.ts). Linear in the text; empty when nothing is hidden.
 */

const WORDCHAR = /[\p{L}\p{N}]/u;
const SEPARATOR = new Set(['-', '.', '_', '*', '·', ' ']);

/**
 * The text with every run of four or more single letters or digits, each set apart by one separator
 * and the last one standing alone ("i-g-n-o-r-e"), written together; null when there is none. One
 * pass over the text, no backtracking.
 */
function joinSpelledApart(text: string): string | null {
  const chars = [...text];
  const word = chars.map((c) => WORDCHAR.test(c));
  const isWord = (k: number) => word[k] === true;
  let out = '';
  let changed = false;
  let i = 0;
  while (i < chars.length) {
    // a run starts at a letter standing alone (none before it) followed by a separator and a letter
    let j = i;
    let letters = 0;
    if (!isWord(i - 1)) {
      while (isWord(j) && !isWord(j + 1)) {
        letters++;
        if (SEPARATOR.has(chars[j + 1] ?? '') && isWord(j + 2) && !isWord(j + 3)) j += 2;
        else break;
      }
    }
    if (letters >= 4) {
      for (let k = i; k <= j; k += 2) out += chars[k];
      changed = true;
      i = j + 1;
    } else {
      out += chars[i];
      i++;
    }
  }
  return changed ? out : null;
}

const ESCAPE = /\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|&#x([0-9a-fA-F]{1,6});|&#(\d{1,7});/g;
const PERCENT_RUN = /(?:%[0-9a-fA-F]{2}){3,}/g;

/** Cheap tests first: most texts hide nothing and are not walked character by character. */
const MAY_BE_SPELLED = /(?<![\p{L}\p{N}])[\p{L}\p{N}][-._*· ][\p{L}\p{N}][-._*· ][\p{L}\p{N}][-._*· ][\p{L}\p{N}](?![\p{L}\p{N}])/u;
const MAY_BE_ESCAPED = /\\[ux][0-9a-fA-F]|&#|%[0-9a-fA-F]{2}/;

export function hiddenReadings(text: string): string[] {
  const out: string[] = [];
  const together = MAY_BE_SPELLED.test(text) ? joinSpelledApart(text) : null;
  if (together !== null) out.push(together);
  if (!MAY_BE_ESCAPED.test(text)) return out;
  let decoded = false;
  const unescaped = text
    .replace(ESCAPE, (m, u: string | undefined, x: string | undefined, hx: string | undefined, dec: string | undefined) => {
      const code = parseInt(u ?? x ?? hx ?? dec!, u || x || hx ? 16 : 10);
      if (!(code > 0 && code <= 0x10ffff)) return m;
      decoded = true;
      return String.fromCodePoint(code);
    })
    .replace(PERCENT_RUN, (run) => {
      try {
        const s = decodeURIComponent(run);
        decoded = true;
        return s;
      } catch {
        return run;
      }
    });
  if (decoded) out.push(unescaped);
  return out;
}
