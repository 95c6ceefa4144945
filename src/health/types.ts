/** The health report (`computeHealth`): what `optmem health` prints and `--json` returns. docs/EVAL.md, "Memory health". */

export const HEALTH_FORMAT = 'optmem-health';
export const HEALTH_VERSION = 1;

/** How many probes a metric ran, out of how many it could, and why not all. */
export interface ProbeCounts {
  /** records (or chains) the metric applies to */
  eligible: number;
  /** those with too few usable words for a probe (not counted in the rates) */
  unprobeable: number;
  /** probes asked */
  probed: number;
  /** true when `probed` is a sample of the probeable ones (stable: by a hash of the id) */
  sampled: boolean;
}

/** One probe that did not do what the metric wants: for the user to look at. */
export interface ProbeMiss {
  id: string;
  query: string;
  /** the target's rank (1-based), null when not among the first 10 */
  rank: number | null;
}

export interface EventRecall extends ProbeCounts {
  since: string;
  until: string;
  /** share of probes whose record ranked first */
  recall1: number | null;
  /** share ranked within the first 5 */
  recall5: number | null;
  /** mean of 1/rank over the first 10 (0 when not returned) */
  mrr: number | null;
  misses: ProbeMiss[];
}

export interface CorrectionsOnTop extends ProbeCounts {
  /** probes that returned the head or a record it superseded (the chain was found); the rates are over these */
  found: number;
  /** share of found chains whose head was returned above every record of the chain it superseded */
  onTop: number | null;
  /** probes that returned the head and a record it superseded: what stale-on-top is over */
  both: number;
  /** share of `both` where a superseded record ranked above the head: lower is better */
  staleOnTop: number | null;
  misses: ProbeMiss[];
}

export interface RedlineReach extends ProbeCounts {
  /** share of live red lines that ranked first for their probe (or whose identical copy did) */
  first: number | null;
  misses: ProbeMiss[];
}

export interface PilingUp {
  /** corrections naming no id that were linked to nothing */
  unresolvedCorrections: number;
  /** corrections naming no id left between two candidates */
  ambiguousCorrections: number;
  nearDuplicates: { records: number; groups: number; method: string };
  overSizeLimit: { records: number; limitBytes: number };
  /** doctor's checks that did not pass, by name */
  doctorProblems: string[];
  core: { used: number; budget: number; overflow: number };
}

export interface HealthReport {
  format: typeof HEALTH_FORMAT;
  version: typeof HEALTH_VERSION;
  home: string;
  /** the clock the probes were asked at */
  now: string;
  /** changed settings tried on the copy (--set/--config), null when none */
  config: Record<string, unknown> | null;
  records: { total: number; live: number; superseded: number; archived: number; events: number };
  eventRecall: EventRecall;
  corrections: CorrectionsOnTop;
  redlines: RedlineReach;
  pilingUp: PilingUp;
  /** the largest number of probes per metric (beyond it, a stable sample) */
  maxProbes: number;
  ms: number;
  /** wall time of each step, ms */
  phases: Record<string, number>;
}
