import type { InjectionRule } from './rule.js';

/**
 * Inputs built to make a rule's pattern backtrack as much as it can: the pattern's own words
 * repeated so that every start position begins a match that fails late (its last word left out,
 * gaps filled to their width), plus generic shapes (long runs of one character, of URL and Markdown
 * fragments, of zero-width characters). Used by the scanner's test (every rule must finish on each)
 * and by `npm run bench:quarantine` (the slowest is reported). Each input is `size` characters long.
 */
export function adversarialInputs(rule: InjectionRule, size = 100_000): { name: string; text: string }[] {
  const words = literalWords(rule.pattern);
  const fill = (unit: string) => (unit ? unit.repeat(Math.ceil(size / unit.length)).slice(0, size) : '');
  const out: { name: string; text: string }[] = [];
  if (words.length) {
    const head = words.slice(0, Math.max(1, words.length - 1));
    out.push({ name: 'words without the last', text: fill(head.join(' ') + ' ') });
    out.push({ name: 'first word', text: fill(words[0]! + ' ') });
    out.push({ name: 'words with wide gaps', text: fill(head.map((w) => w + ' ' + 'x'.repeat(29) + ' ').join('')) });
    out.push({ name: 'words glued', text: fill(head.join('')) });
  }
  for (const [name, unit] of GENERIC) out.push({ name, text: fill(unit) });
  return out;
}

const GENERIC: [string, string][] = [
  ['letters', 'a'],
  ['spaces', ' '],
  ['words', 'ab '],
  ['digits and dots', '1.'],
  ['base64 with a break every 79', 'QUJD'.repeat(19) + 'QUJ!'],
  ['hex', 'f'],
  ['url prefix', 'https://a.b/c?'],
  ['url parameters', 'https://x.io/p?a=b&'],
  ['markdown image', '![a](https://x.io/p'],
  ['brackets', '<['],
  ['json key', '{"name": "x", '],
  ['zero-width', '\u200b'],
  ['zero-width interleaved', 'a\u200b'],
  ['chinese', '忽略之前的'],
  ['pipes', 'curl http://1.2.3.4/x '],
];

/** Runs of letters (Latin or CJK) of two or more in the pattern source, outside classes and escapes. */
function literalWords(source: string): string[] {
  const cleaned = source
    .replace(/\\[pPu]\{[^}]*\}/g, ' ')
    .replace(/\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\./g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\{\d+(,\d*)?\}/g, ' ');
  const words = cleaned.match(/[a-z\u3400-\u9fff][a-z\u3400-\u9fff' -]{1,40}/g) ?? [];
  const seen = new Set<string>();
  return words.map((w) => w.trim()).filter((w) => w.length >= 2 && !seen.has(w) && seen.add(w));
}
