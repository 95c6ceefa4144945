import { DEFAULT_DOMAINS } from '../core/markers.js';
import { cleanText, compactText } from '../index/dedup/normalize.js';

/**
 * Near-duplicates for the health report: records whose normalized text is identical within the
 * same domain and project. Normalized as consolidate's exact duplicates are: NFKC (full-width folds
 * to half-width), lower case, the domain prefix, markers, Markdown marks, emoji, white space and
 * punctuation removed. Deliberately exact after folding: a
 * repeat that changes a word, a number or a negation is not counted here.
 */
export interface NearDuplicates {
  /** records that have at least one near-duplicate */
  records: number;
  /** groups of two or more */
  groups: number;
}

/** The exact-duplicate key of consolidate's duplicates (index/dedup/normalize.ts): one definition. */
export function normalizeForDuplicates(text: string, knownDomains: readonly string[] = DEFAULT_DOMAINS): string {
  return compactText(cleanText(text, knownDomains));
}

type Row = { text: string; domain: string | null; project: string | null };

/** Records with the same key are near-duplicates. */
export function duplicateKey(r: Row): string {
  return `${r.domain ?? ''}\u0000${r.project ?? ''}\u0000${normalizeForDuplicates(r.text)}`;
}

export function countNearDuplicates(rows: Iterable<Row>): NearDuplicates {
  const seen = new Map<string, number>();
  for (const r of rows) {
    const key = duplicateKey(r);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  let records = 0;
  let groups = 0;
  for (const n of seen.values()) {
    if (n < 2) continue;
    groups++;
    records += n;
  }
  return { records, groups };
}
