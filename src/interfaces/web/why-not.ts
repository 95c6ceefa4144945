/**
 * "Why is this record not in the results?": asked with the same search, answered from what the
 * library says about the record and from the search's own explanation data. The checks go from
 * the plainest reason to the subtlest: no such record, an event, waiting in quarantine, archived,
 * left out by a filter of the request, ranked below the results shown, not among the candidates.
 */
import type { Optmem } from '../../optmem.js';
import type { SearchRequest, TraceEntry } from '../../query/types.js';
import { RANKING_DEFAULTS } from '../../query/options.js';
import { parseTime } from '../../core/time.js';
import type { InspectorLibrary, ViewRecord } from './library.js';

export type WhyNotReason =
  | 'unknown'
  | 'event'
  | 'in-results'
  | 'quarantined'
  | 'rejected'
  | 'archived'
  | 'filtered'
  | 'ranked-below'
  | 'out-of-candidates';

export interface WhyNot {
  id: string;
  reason: WhyNotReason;
  /** one sentence a person reads */
  message: string;
  /** more lines: the filter that left it out, the terms it holds, its superseding record */
  details: string[];
  /** its rank in a deeper search, when it has one */
  rank?: number;
  /** each stage's part in its score, when it was ranked */
  trace?: TraceEntry[];
}

const MAX_LIMIT = 1000;

function timeMs(v: string | number | undefined): number | null {
  if (v === undefined) return null;
  if (typeof v === 'number') return v;
  return parseTime(v)?.ms ?? null;
}

/** Which of the request's filters leave the record out, each as a sentence. */
function failedFilters(r: ViewRecord, req: SearchRequest): string[] {
  const out: string[] = [];
  if (req.domains?.length && !(r.domain && req.domains.some((d) => d.toLowerCase() === r.domain!.toLowerCase()))) {
    out.push(`its domain is ${r.domain ?? '(none)'}; the search asks for ${req.domains.join(', ')}`);
  }
  if (req.projects?.length && r.project !== null && !req.projects.includes(r.project)) {
    out.push(`its project is ${r.project}; the search asks for ${req.projects.join(', ')} (and records of no project)`);
  }
  if (req.kinds?.length && !req.kinds.includes(r.kind)) out.push(`its kind is ${r.kind}; the search asks for ${req.kinds.join(', ')}`);
  const since = timeMs(req.since);
  const until = timeMs(req.until);
  if (since !== null && r.timeMs < since) out.push(`it was written ${r.time}, before --since ${String(req.since)}`);
  if (until !== null && r.timeMs > until) out.push(`it was written ${r.time}, after --until ${String(req.until)}`);
  return out;
}

function supersededNote(trace: TraceEntry[] | undefined): string[] {
  const s = trace?.find((t) => t.stage === 'supersede' && t.effect === 'superseded');
  return s && s.stage === 'supersede' ? [`superseded by ${s.by ?? s.current ?? '?'} (score ×${s.factor}): ${s.note}`] : [];
}

export function whyNot(lib: InspectorLibrary, req: SearchRequest, id: string): WhyNot {
  const m: Optmem = lib.m;
  const r = lib.get(id);
  if (!r) return { id, reason: 'unknown', message: `no record ${id} in this memory`, details: [] };
  if (r.kind === 'event') return { id, reason: 'event', message: 'it is an event (a decision about other records); events are never search results', details: [] };
  const limit = req.limit ?? 10;
  const shown = m.search({ ...req, limit, explain: true });
  const at = shown.results.findIndex((h) => h.id === id);
  if (at >= 0) return { id, reason: 'in-results', message: `it is in the results, at rank ${at + 1}`, details: [], rank: at + 1, trace: shown.results[at]!.explain?.stages ?? [] };
  const held = m.heldIds().get(id);
  if (held && !req.quarantined) {
    return {
      id,
      reason: held,
      message:
        held === 'quarantined'
          ? 'it is quarantined: kept in the log, out of search and packs until the owner approves it'
          : 'the owner rejected it: kept in the log, out of search and packs for good',
      details: r.quarantine.length ? [`flagged by: ${r.quarantine.join(', ')}`, `written by: ${r.origin}${r.writer ? ` (${r.writer})` : ''}`] : [],
    };
  }
  if (!req.archived && r.tier !== 'redline' && m.archivedIds().has(id)) {
    return { id, reason: 'archived', message: 'it is archived (forgotten without deleting): default search leaves it out; search with archived records included finds it', details: [] };
  }
  const filters = failedFilters(r, req);
  if (filters.length) return { id, reason: 'filtered', message: 'a filter of this search leaves it out', details: filters };

  // The same candidate pool as the search shown (pool = max(candidates, 3 × limit)): a deeper
  // list of the same ranking.
  const candidates = (m.config as { ranking?: { candidates?: number } }).ranking?.candidates ?? RANKING_DEFAULTS.candidates;
  const pool = Math.max(candidates, 3 * limit);
  const samePool = Math.min(MAX_LIMIT, Math.max(limit, Math.floor(pool / 3)));
  const deeper = samePool > limit ? m.search({ ...req, limit: samePool, explain: true }) : shown;
  const rank = deeper.results.findIndex((h) => h.id === id);
  if (rank >= 0) {
    const trace = deeper.results[rank]!.explain?.stages ?? [];
    return {
      id,
      reason: 'ranked-below',
      message: `it ranks #${rank + 1}, below the ${limit} shown (score ${deeper.results[rank]!.score.toFixed(3)}; the last shown scores ${shown.results.at(-1)?.score.toFixed(3) ?? '-'})`,
      details: supersededNote(trace),
      rank: rank + 1,
      trace,
    };
  }
  const widest = m.search({ ...req, limit: MAX_LIMIT, explain: true });
  const wide = widest.results.findIndex((h) => h.id === id);
  const terms = widest.query.terms;
  const lower = r.text.toLowerCase();
  const holds = terms.filter((t) => lower.includes(t.toLowerCase()));
  const termLine = terms.length
    ? `it holds ${holds.length} of the query's ${terms.length} terms${holds.length ? ` (${holds.join(', ')})` : ''}; the search read them as ${widest.query.mode}`
    : 'the query has no terms to match';
  if (wide >= 0) {
    const trace = widest.results[wide]!.explain?.stages ?? [];
    return {
      id,
      reason: 'ranked-below',
      message: `it is not among the ${pool} candidates the search ranks; a search over ${Math.max(candidates, 3 * MAX_LIMIT)} candidates ranks it #${wide + 1}`,
      details: [termLine, ...supersededNote(trace)],
      rank: wide + 1,
      trace,
    };
  }
  return {
    id,
    reason: 'out-of-candidates',
    message: 'it is not a candidate: retrieval does not find it for these words',
    details: [termLine],
  };
}
