import { foldText } from '../core/simplified.js';
/**
 * Whether the records that superseded a record say everything it said. Supersession is by record,
 * facts are not: "后端端口 8080，前端 5173" corrected by "后端端口改为 9090" still holds the only
 * record of the frontend port. Archiving it would hide a truth, so a superseded record is an
 * archive candidate on that ground only when its successors cover it: every value it holds
 * (numbers, times, versions, paths, identifiers with digits) appears in them, and most of its words
 * do (`minWordShare`).
 */
const VALUE = /(?:[~.]?\/[\w.~/-]+|[a-z]*\d[\w.:/-]*)/giu;
const WORD = /[a-z][a-z'-]{2,}/giu;
const HAN = /\p{Script=Han}+/gu;

function norm(text: string): string {
  return foldText(text).toLowerCase();
}

/** The values of a text: what a correction must restate (the old value beside the new counts). */
export function valuesOf(text: string): Set<string> {
  return new Set((norm(text).match(VALUE) ?? []).map((v) => v.replace(/[.:/-]+$/, '')).filter((v) => v.length > 0));
}

function wordsOf(text: string): Set<string> {
  const t = norm(text);
  const out = new Set<string>(t.match(WORD) ?? []);
  for (const run of t.match(HAN) ?? []) for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  return out;
}

export function coveredBy(oldText: string, newTexts: string[], minWordShare = 0.6): boolean {
  if (newTexts.length === 0) return false;
  const joined = norm(newTexts.join('\n'));
  for (const v of valuesOf(oldText)) if (!joined.includes(v)) return false;
  const words = wordsOf(oldText);
  if (words.size === 0) return true;
  const have = wordsOf(joined);
  let n = 0;
  for (const w of words) if (have.has(w)) n++;
  return n / words.size >= minWordShare;
}
