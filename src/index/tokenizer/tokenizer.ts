import { CJK_RUN, HAS_CJK } from './cjk.js';
import type { Segmenter } from './jieba.js';
import { CHINESE_STOPWORDS, ENGLISH_STOPWORDS } from './stopwords.js';
import { hasLetterOrDigit, trimToLettersOrDigits } from '../../core/letters.js';
import { clockTimes } from './clock-times.js';
import { hanAmounts } from './han-amounts.js';
import { foldText } from '../../core/simplified.js';

/**
 * Turns text into what FTS5 indexes, and a query into terms. Chinese runs are segmented by jieba
 * (search mode, so long words also yield their parts); everything else is left to FTS5's
 * `porter unicode61` tokenizer (case folding, diacritics, English stemming). Both sides go
 * through the same code, so index and query always agree.
 */
export interface Tokenizer {
  /** stored in the index; a change means the index is rebuilt */
  readonly id: string;
  /** text to put in the FTS5 column */
  indexText(text: string): string;
  /** query terms, each an FTS5 string (a word, or a phrase like 127.0.0.1) */
  queryTerms(query: string): QueryTerm[];
  /** split a run of Han characters into words (no sub-words) */
  words(hanRun: string): string[];
  /** split a run of Han characters in search mode: long words also yield their parts */
  searchWords(hanRun: string): string[];
  /** a Chinese text's topK keywords by TF-IDF, when the segmenter offers them (key expansion) */
  keywords?(text: string, topK: number): string[];
}

export interface QueryTerm {
  /** the term as FTS5 will see it (lower case) */
  text: string;
  /** where it came from in the query, for snippets and explanations */
  surface: string;
  cjk: boolean;
  stop: boolean;
}

// 2: clock times indexed and queried as HH:MM beside the words as written (clock-times.ts)
// 3: traditional characters folded to simplified on both sides (core/simplified.ts)
// 4: amounts in Chinese numerals indexed and queried as digits beside the words (han-amounts.ts)
const TOKENIZER_VERSION = 'optmem-tok-4';

export function createTokenizer(segmenter: Segmenter): Tokenizer {
  const segment = (folded: string): string =>
    folded.replace(CJK_RUN, (run) => ' ' + segmenter.cutForSearch(run).join(' ') + ' ');
  return {
    get id() {
      return `${TOKENIZER_VERSION}+${segmenter.id}`;
    },
    indexText(text: string): string {
      const n = foldText(text);
      const base = HAS_CJK.test(n) ? segment(n) : n;
      const extra = [...clockTimes(n), ...hanAmounts(n)];
      return extra.length ? `${base} ${extra.join(' ')}` : base;
    },
    words(hanRun: string): string[] {
      return segmenter.cut(hanRun);
    },
    searchWords(hanRun: string): string[] {
      return segmenter.cutForSearch(hanRun);
    },
    ...(segmenter.keywords ? { keywords: (text: string, topK: number) => segmenter.keywords!(foldText(text), topK) } : {}),
    queryTerms(query: string): QueryTerm[] {
      const q = foldText(query);
      const terms: QueryTerm[] = [];
      const seen = new Set<string>();
      const push = (t: QueryTerm) => {
        if (!seen.has(t.text)) {
          seen.add(t.text);
          terms.push(t);
        }
      };
      // Split off CJK runs; the rest splits on white space and on punctuation that cannot be
      // inside a term we want as a phrase (paths, versions, addresses keep their dots and colons).
      let last = 0;
      const handlePlain = (s: string) => {
        for (const chunk of s.split(/[\s,;!?()[\]{}<>"'`“”‘’、，。；：！？（）【】《》〔〕]+/)) {
          const trimmed = trimToLettersOrDigits(chunk);
          if (!trimmed || !hasLetterOrDigit(trimmed)) continue;
          const lower = trimmed.toLowerCase();
          push({ text: lower, surface: trimmed, cjk: false, stop: ENGLISH_STOPWORDS.has(lower) });
        }
      };
      for (const m of q.matchAll(CJK_RUN)) {
        handlePlain(q.slice(last, m.index));
        for (const w of segmenter.cutForSearch(m[0])) {
          if (!hasLetterOrDigit(w)) continue;
          push({ text: w, surface: w, cjk: true, stop: CHINESE_STOPWORDS.has(w) });
        }
        last = m.index! + m[0].length;
      }
      handlePlain(q.slice(last));
      // 两点半, 晚上8点, 2:30 also as HH:MM, the form a note most often holds
      for (const t of clockTimes(q)) push({ text: t, surface: t, cjk: false, stop: false });
      // 两千八 also as 2800, the form a note most often holds
      for (const t of hanAmounts(q)) push({ text: t, surface: t, cjk: false, stop: false });
      return terms;
    },
  };
}
