import { CJK_RUN } from './cjk.js';
import { foldText } from '../../core/simplified.js';

/**
 * The bigram fallback's index side (docs/RANKING.md, "bigram fallback"): the character bigrams of
 * a text's Han runs that the segmenter did not already emit as words. `每周四上午` is segmented
 * 每周 四 上午, so 周四 and 四上 go here and `周四` still finds it. Bigrams that are words of the
 * record are left out (the word index already answers them), which keeps the table small.
 */
export function fallbackBigrams(text: string, wordsOfRecord: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const m of foldText(text).matchAll(CJK_RUN)) {
    const run = m[0];
    for (let i = 0; i + 1 < run.length; i++) {
      const g = run.slice(i, i + 2);
      if (!wordsOfRecord.has(g)) out.add(g);
    }
  }
  return [...out];
}

/** Overlapping character bigrams of one Han word (a lone character yields nothing). */
export function bigramsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(i, i + 2));
  return out;
}
