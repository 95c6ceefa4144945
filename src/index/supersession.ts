export { resolutionNote, rowToEdge, rowToResolution, type Edge, type EdgeDetail, type EdgeMethod, type EdgeRow, type Resolution } from './edges.js';

/**
 * Which record supersedes which: derived from the files like everything in the index, worked
 * out when a record is indexed, applied at query time (query/stages/supersede.ts).
 *
 * Four ways a record R supersedes an older record O:
 * - explicit: R names O (`corrects`).
 * - resolved: R is a correction (〔更正〕/[correction]) that names no id. O must state the same
 *   subject and the same attribute R changes (resolve/judge.ts); one target or none
 *   (resolve/choose.ts). Precision first: a wrong link hides a true fact, a missed one only leaves
 *   two facts side by side.
 * - inferred: R is a plain record that states a fact slot O also states, with another value
 *   (后端端口 8080 then 后端端口 9090), or that says a setting changed (现在是, 换成, is now) and is
 *   judged as a correction is. Flagged as inferred; switchable (`inferCorrections`).
 * - linked: an event record `link R O` (core/events.ts).
 * An `unlink R O` event undoes any of them; the newest event about a pair decides. An edge whose
 * target is a red line, from a record that is not a newer red line (or, for the owner's red line,
 * not a newer red line of the owner's), is stored as blocked: it never applies, and the results
 * flag the conflict.
 */
export interface SupersessionOptions {
  /** infer corrections from restated fact slots (default true) */
  inferCorrections: boolean;
  /**
   * least weighted share of a correction's subject words an older record must hold to be its
   * target (default 0.5, range 0.2..1); 0.34 when the record also holds a quoted old value
   */
  minSubjectShare: number;
  /**
   * two accepted targets whose scores are within this ratio are "about equally likely": the
   * correction links to neither (default 0.85, range 0.5..1)
   */
  ambiguityRatio: number;
}

/** Bump when the derivation of edges or fact slots changes: indexes built before are rebuilt. */
export const DERIVATION_VERSION = 278;

export const SUPERSESSION_DEFAULTS: Readonly<SupersessionOptions> = Object.freeze({ inferCorrections: true, minSubjectShare: 0.5, ambiguityRatio: 0.85 });
