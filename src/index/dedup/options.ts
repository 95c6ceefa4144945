/** The duplicate settings (`duplicates` in config.json, docs/CONFIG.md): read by the config and the index without loading the judge. */
export interface DuplicateOptions {
  /** n-gram similarity (Jaccard of Han characters and character pairs, digits masked) at or above which two records are near (0.5..1) */
  threshold: number;
}

/**
 * `duplicates.threshold` 1 (docs/CONFIG.md): by default two records link only when they say the same
 * thing in the same words once normalized (TextValues.form: width, case, punctuation, particles,
 * filler phrases, numerals, units, clock times and the order of clauses aside), and nothing they state
 * differs. On the blind test split of eval/duplicates/ that made 114 links, all right (precision 1.000,
 * recall 0.528). Near duplicates (0.5, chosen on the development pairs) link more rewordings (recall
 * 0.722 there), but 5 of their 161 links joined records whose value differed (precision 0.969): a link
 * that hides a value hides the truth, so they are a choice, not the default.
 */
export const DUPLICATE_DEFAULTS: Readonly<DuplicateOptions> = Object.freeze({ threshold: 1 });
/** The near-duplicate setting measured on the labelled pairs (`duplicates.threshold: 0.5`). */
export const NEAR_DUPLICATE_THRESHOLD = 0.5;
