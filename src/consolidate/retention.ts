/**
 * Forgetting, decided: a deterministic retention score per record and the archive candidates it
 * picks (docs/CONSOLIDATION.md, "Forgetting"). Nothing here writes: `consolidate` lists the
 * candidates (a dry run by default) and `consolidate --archive` appends one archive event for a
 * bounded share of them, after the evaluation gate passed on a copy of the home.
 *
 * The curve: retention = 2^(−days since last strengthened / stability). A record is strengthened
 * when it is written and each time a search returns it (consolidate/recall-log.ts); every recall
 * doubles its stability (up to 2^8). Stability starts at `halfLifeDays`, times the record's tier
 * factor (evidence 2, normal 1, chatter 0.5). A superseded record becomes a candidate once its
 * replacement is `supersededAfterDays` old, whatever its retention, if its successors say all it
 * said (consolidate/coverage.ts); otherwise it ages like any other record.
 */
export interface ForgettingOptions {
  /** stability of a normal record never recalled, in days (default 60; 1..3650) */
  halfLifeDays: number;
  /** retention below which a record is a candidate (default 0.05; 0..1) */
  threshold: number;
  /** a record younger than this is never a candidate (default 90 days; 0..3650) */
  minAgeDays: number;
  /** a superseded record is a candidate once its replacement is this old (default 30 days; 0..3650) */
  supersededAfterDays: number;
  /** most live records one run may archive, as a share of them (default 0.02; 0..0.5) */
  maxShare: number;
  /** count which records searches return, to strengthen them (default true) */
  trackRecalls: boolean;
  /**
   * Which records retention may pick (default 'low-trust'): 'low-trust' is chatter-tier records and
   * diary entries (what transcripts wrote, not what anyone stated); 'all' adds every other record
   * but red lines. Superseded records their successors restate are candidates either way.
   */
  scope: 'low-trust' | 'all';
}

export const FORGETTING_DEFAULTS: Readonly<ForgettingOptions> = Object.freeze({
  halfLifeDays: 60,
  threshold: 0.05,
  minAgeDays: 90,
  supersededAfterDays: 30,
  maxShare: 0.02,
  trackRecalls: true,
  scope: 'low-trust',
});

const TIER_FACTOR: Record<string, number> = { evidence: 2, normal: 1, chatter: 0.5 };
const MAX_DOUBLINGS = 8;
const DAY = 86_400_000;

/** What retention needs of one record (RecordIndex.retentionRows). */
export interface RetentionRow {
  id: string;
  timeMs: number;
  kind: string;
  tier: string;
  project: string | null;
  /** time of the oldest live record that supersedes it, or null when it is live */
  supersededMs: number | null;
  /** it supersedes a record itself (a correction chain's newer end) */
  supersedes: boolean;
  /** superseded, and its successors say everything it said (consolidate/coverage.ts); absent: not known */
  covered?: boolean;
}

export type ExemptReason = 'red line' | 'pinned' | 'head of a correction chain' | 'latest handoff' | 'summary' | 'archived';

export interface ArchiveCandidate {
  id: string;
  retention: number;
  /** why it is a candidate, in words */
  reason: string;
  recalls: number;
  /** superseded records go first: their replacement answers instead */
  superseded: boolean;
}

export interface CandidateReport {
  /** live records considered (not archived, not events) */
  live: number;
  /** records kept by a rule whatever their retention, by rule */
  exempt: Record<ExemptReason, number>;
  /** every candidate, most forgettable first */
  candidates: ArchiveCandidate[];
  /** how many one run may archive: floor(maxShare × live) */
  limit: number;
  /** what the gate searches for (consolidate/archive-gate.ts): live records that are not candidates, red lines, chain heads */
  probes: { keep: string[]; redLines: string[]; heads: string[] };
}

export interface RetentionInput {
  rows: RetentionRow[];
  nowMs: number;
  recalls: ReadonlyMap<string, { count: number; lastMs: number }>;
  pinned: ReadonlySet<string>;
  archived: ReadonlySet<string>;
  options: ForgettingOptions;
}

/** Retention of one record now: 1 when just written or recalled, falling by half every stability. */
export function retentionOf(row: Pick<RetentionRow, 'timeMs' | 'tier'>, nowMs: number, recall: { count: number; lastMs: number } | undefined, o: ForgettingOptions): number {
  const last = Math.max(row.timeMs, recall?.lastMs ?? 0);
  const stability = o.halfLifeDays * (TIER_FACTOR[row.tier] ?? 1) * 2 ** Math.min(recall?.count ?? 0, MAX_DOUBLINGS);
  const days = Math.max(0, nowMs - last) / DAY;
  return 2 ** (-days / stability);
}

export function archiveCandidates(input: RetentionInput): CandidateReport {
  const o = input.options;
  const exempt: Record<ExemptReason, number> = { 'red line': 0, pinned: 0, 'head of a correction chain': 0, 'latest handoff': 0, summary: 0, archived: 0 };
  // The newest handoff of each project is what the next session starts from.
  const latestHandoff = new Map<string, RetentionRow>();
  for (const r of input.rows) {
    if (r.kind !== 'handoff' || r.supersededMs !== null) continue;
    const k = r.project ?? '';
    const cur = latestHandoff.get(k);
    if (!cur || r.timeMs > cur.timeMs || (r.timeMs === cur.timeMs && r.id > cur.id)) latestHandoff.set(k, r);
  }
  const candidates: ArchiveCandidate[] = [];
  const probes = { keep: [] as string[], redLines: [] as string[], heads: [] as string[] };
  let live = 0;
  for (const r of input.rows) {
    if (input.archived.has(r.id) && r.tier !== 'redline') {
      exempt.archived++;
      continue;
    }
    live++;
    const why: ExemptReason | null =
      r.tier === 'redline'
        ? 'red line'
        : input.pinned.has(r.id)
          ? 'pinned'
          : r.supersedes && r.supersededMs === null
            ? 'head of a correction chain'
            : r.kind === 'handoff' && latestHandoff.get(r.project ?? '')?.id === r.id
              ? 'latest handoff'
              : r.kind === 'summary'
                ? 'summary'
                : null;
    if (why === 'red line') probes.redLines.push(r.id);
    if (why === 'head of a correction chain') probes.heads.push(r.id);
    if (why) {
      exempt[why]++;
      if (r.kind !== 'summary') probes.keep.push(r.id);
      continue;
    }
    const recall = input.recalls.get(r.id);
    const retention = retentionOf(r, input.nowMs, recall, o);
    const ageDays = (input.nowMs - r.timeMs) / DAY;
    // A superseded record goes early only when its successors restate all it said: one that still
    // holds a fact nothing else holds ages like any other record.
    if (r.supersededMs !== null && r.covered === true && (input.nowMs - r.supersededMs) / DAY >= o.supersededAfterDays) {
      const since = Math.floor((input.nowMs - r.supersededMs) / DAY);
      candidates.push({ id: r.id, retention, reason: `superseded ${since} days ago`, recalls: recall?.count ?? 0, superseded: true });
    } else if (ageDays >= o.minAgeDays && retention < o.threshold && (o.scope === 'all' || r.tier === 'chatter' || r.kind === 'diary')) {
      candidates.push({ id: r.id, retention, reason: `retention ${retention.toFixed(3)} < ${o.threshold} (${Math.floor(ageDays)} days old, ${recall?.count ?? 0} recalls)`, recalls: recall?.count ?? 0, superseded: false });
    } else probes.keep.push(r.id);
  }
  candidates.sort((a, b) => Number(b.superseded) - Number(a.superseded) || a.retention - b.retention || (a.id < b.id ? -1 : 1));
  return { live, exempt, candidates, limit: Math.floor(o.maxShare * live), probes };
}
