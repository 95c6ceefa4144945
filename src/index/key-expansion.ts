import type { MemoryRecord } from '../core/record.js';
import { CJK_RUN, HAS_CJK } from './tokenizer/cjk.js';
import { ENGLISH_STOPWORDS } from './tokenizer/stopwords.js';
import type { Tokenizer } from './tokenizer/tokenizer.js';
import { trimToLettersOrDigits } from '../core/letters.js';
import { WEEKDAYS_ZH } from './resolve/weekdays.js';

/**
 * Key expansion (config `index.keyExpansion`, docs/RANKING.md "Key expansion"): words derived from
 * a record, no model involved, indexed in a second FTS5 column (`keys`) that BM25 weighs below the
 * text (`index.keyWeight`). Deterministic: the same record always gets the same keys.
 *
 * - `identifiers`: camelCase, snake_case and letter–digit joins split into their parts
 *   (useEffect → use effect, sqlite3 → sqlite 3, v2.3.1 → v 2.3.1), which FTS5 keeps whole.
 * - `keyphrases`: the record's most telling words: Chinese by jieba's TF-IDF (its bundled IDF),
 *   English by RAKE (runs of content words between stop words, scored by degree over frequency).
 * - `dates`: the record's day in words, in its own offset (11月30日, November 30, Monday).
 */
export const KEY_PARTS = ['identifiers', 'keyphrases', 'dates'] as const;
export type KeyPart = (typeof KEY_PARTS)[number];

export interface KeyExpansionOptions {
  /** the parts derived (empty: off, the keys column stays empty) */
  parts: readonly KeyPart[];
  /** BM25 weight of the keys column against the text's 1 (query time only) */
  weight: number;
  /** how many keyphrases per record */
  topK: number;
}

export const KEY_EXPANSION_OFF: KeyExpansionOptions = Object.freeze({ parts: Object.freeze([]) as readonly KeyPart[], weight: 0.5, topK: 5 });

/** What the index's identity records: a change of parts or topK rebuilds the index. */
export function keyExpansionId(o: KeyExpansionOptions): string {
  return o.parts.length ? `${[...o.parts].sort().join('+')};k=${o.topK}` : 'off';
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Plain (non-Han) runs that look like identifiers: letters, digits and the joins inside names. */
const IDENT = /[\p{L}\p{N}][\p{L}\p{N}_.\-/:@+#]*[\p{L}\p{N}]/gu;

export function identifierParts(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.replace(CJK_RUN, ' ').matchAll(IDENT)) {
    const w = m[0];
    const split = w
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .replace(/(\p{L})(\p{N})/gu, '$1 $2')
      .replace(/(\p{N})(\p{L})/gu, '$1 $2')
      .replace(/_/g, ' ');
    if (split !== w) out.add(split.toLowerCase());
  }
  return [...out];
}

/** RAKE over the English of a text: the topK phrases of two or more content words. */
export function rakePhrases(text: string, topK: number): string[] {
  const phrases: string[][] = [];
  for (const chunk of text.replace(CJK_RUN, ' . ').split(/[.,;:!?()[\]{}"“”'‘’\n\r\t]+|\s-\s/)) {
    let cur: string[] = [];
    for (const raw of chunk.split(/\s+/)) {
      const w = trimToLettersOrDigits(raw.toLowerCase());
      if (!w || ENGLISH_STOPWORDS.has(w) || !/\p{L}/u.test(w) || w.length < 2) {
        if (cur.length) phrases.push(cur);
        cur = [];
      } else cur.push(w);
    }
    if (cur.length) phrases.push(cur);
  }
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const p of phrases) {
    for (const w of p) {
      freq.set(w, (freq.get(w) ?? 0) + 1);
      degree.set(w, (degree.get(w) ?? 0) + p.length);
    }
  }
  const scored = new Map<string, number>();
  for (const p of phrases) {
    if (p.length < 2 || p.length > 4) continue;
    scored.set(p.join(' '), p.reduce((s, w) => s + degree.get(w)! / freq.get(w)!, 0));
  }
  return [...scored.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, topK)
    .map(([p]) => p);
}

/** The record's day in words, read in the offset it was written in. */
export function dateWords(time: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(time);
  if (!m) return [];
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const wd = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  return [`${mo}月${d}日`, `${mo}月${d}号`, WEEKDAYS_ZH[wd]!, `${MONTHS[mo - 1]} ${d}`, WEEKDAYS[wd]!];
}

/** The keys column of a record: "" when off. `text` is the record's text without its markers. */
export function expandKey(r: MemoryRecord, text: string, o: KeyExpansionOptions, tokenizer: Tokenizer): string {
  if (!o.parts.length) return '';
  const parts: string[] = [];
  if (o.parts.includes('identifiers')) parts.push(...identifierParts(text));
  if (o.parts.includes('keyphrases')) {
    if (HAS_CJK.test(text) && tokenizer.keywords) parts.push(...tokenizer.keywords(text, o.topK));
    parts.push(...rakePhrases(text, o.topK));
  }
  if (o.parts.includes('dates')) parts.push(...dateWords(r.time));
  if (!parts.length) return '';
  return tokenizer.indexText(parts.join('\n'));
}
