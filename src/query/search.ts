import { OptmemError } from '../core/errors.js';
import { parseTime } from '../core/time.js';
import type { RecordIndex } from '../index/record-index.js';
import { compareCandidates, runPipeline } from './pipeline.js';
import { activeTerms, retrieve } from './retrieve.js';
import { makeSnippet } from './snippet.js';
import { relevanceStage } from './stages/relevance.js';
import type { ParsedQuery, SearchHit, SearchRequest, SearchResult, Stage } from './types.js';

export const SEARCH_DEFAULTS = {
  /** results returned when the caller names no limit */
  limit: 10,
  /** candidates the ranking stages see: more finds buried corrections, costs time (10..5000) */
  candidates: 200,
} as const;

function toMs(v: string | number | undefined, field: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new OptmemError('USAGE', `${field}: not a time`, { field });
    return v;
  }
  const t = parseTime(v);
  if (!t) throw new OptmemError('USAGE', `${field}: "${v}" is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:00:00+08:00)`, { field });
  return t.ms;
}

function list(v: string[] | undefined, field: string, lower: boolean): string[] | null {
  if (!v || v.length === 0) return null;
  const out = v.flatMap((s) => s.split(',')).map((s) => (lower ? s.trim().toLowerCase() : s.trim())).filter(Boolean);
  if (out.length === 0) throw new OptmemError('USAGE', `${field}: empty`, { field });
  return out;
}

export function parseRequest(req: SearchRequest, index: RecordIndex): ParsedQuery {
  if (typeof req.query !== 'string') throw new OptmemError('USAGE', 'query: must be a string', { field: 'query' });
  const limit = req.limit ?? SEARCH_DEFAULTS.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new OptmemError('USAGE', `limit: ${String(req.limit)} must be a whole number from 1 to 1000`, { field: 'limit' });
  }
  const sinceMs = toMs(req.since, 'since');
  const untilMs = toMs(req.until, 'until');
  if (sinceMs !== null && untilMs !== null && sinceMs > untilMs) {
    throw new OptmemError('USAGE', 'since: is after until', { field: 'since' });
  }
  return {
    text: req.query,
    terms: index.tokenizer.queryTerms(req.query),
    limit,
    domains: list(req.domains, 'domain', true),
    projects: list(req.projects, 'project', false),
    kinds: list(req.kinds, 'kind', true),
    sinceMs,
    untilMs,
    nowMs: toMs(req.now, 'now') ?? Date.now(),
    explain: req.explain === true,
  };
}

export const DEFAULT_STAGES: readonly Stage[] = [relevanceStage];

export function search(index: RecordIndex, req: SearchRequest, stages: readonly Stage[] = DEFAULT_STAGES): SearchResult {
  const q = parseRequest(req, index);
  const { candidates, mode } = retrieve(index, q, { candidates: Math.max(SEARCH_DEFAULTS.candidates, q.limit * 3) });
  for (const c of candidates) {
    c.trace.push({ stage: 'retrieve', mode: c.mode, bm25: c.bm25, matchedTerms: c.matchedTerms, totalTerms: activeTerms(q.terms).length });
  }
  const ranked = runPipeline({ q }, stages, candidates).sort(compareCandidates).slice(0, q.limit);
  const surfaces = activeTerms(q.terms).map((t) => t.surface);
  const results: SearchHit[] = ranked.map((c) => {
    const r = c.rec;
    const hit: SearchHit = {
      id: r.id,
      text: r.text,
      snippet: makeSnippet(r.text, surfaces),
      time: r.time,
      domain: r.domain,
      project: r.project,
      kind: r.kind,
      tier: r.tier,
      tags: r.tags,
      corrects: r.corrects,
      source: r.source,
      file: r.file,
      line: r.line,
      score: Math.round(c.score * 1e6) / 1e6,
      superseded: false,
      supersededBy: null,
    };
    if (q.explain) hit.explain = { formula: stages.map((s) => s.name).join(' → '), stages: c.trace };
    return hit;
  });
  return { results, query: { text: q.text, terms: activeTerms(q.terms).map((t) => t.text), mode, candidates: candidates.length } };
}
