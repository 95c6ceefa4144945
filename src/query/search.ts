import { OptmemError } from '../core/errors.js';
import { formatIso, localOffsetMinutes, parseTime } from '../core/time.js';
import { localDay, refersInto } from './back-references.js';
import type { RecordIndex } from '../index/record-index.js';
import { createLookup } from './lookup.js';
import { RANKING_DEFAULTS, type RankingOptions } from './options.js';
import { order, runPipeline } from './pipeline.js';
import { asksSomething, isQuestion, markFrames, readChangeQuestion } from './question.js';
import { activeTerms, cached, filterSql, foldedHay, retrieve, termsInFolded, termWeights } from './retrieve.js';
import { NO_ALIASES, annotateAliases, expandTerms, type AliasTable } from './aliases.js';
import { makeSnippet } from './snippet.js';
import { decayStage } from './stages/decay.js';
import { contextStage } from './stages/context.js';
import { speakerStage } from './stages/speaker.js';
import { answerTypeStage } from './stages/answer-type.js';
import { contrastStage } from './stages/contrast.js';
import { diversityStage } from './stages/diversity.js';
import { redlineStage } from './stages/redline.js';
import { relevanceStage } from './stages/relevance.js';
import { supersedeStage } from './stages/supersede.js';
import { tierStage } from './stages/tiers.js';
import { duplicatesStage } from './stages/duplicates.js';
import { parseTimeIntent } from './time-intent.js';
import { withoutProgressWords } from './overview.js';
import type { Candidate, ParsedQuery, SearchHit, SearchRequest, SearchResult, Stage } from './types.js';
import { simplified } from '../core/simplified.js';

export const SEARCH_DEFAULTS = {
  /** results returned when the caller names no limit */
  limit: 10,
} as const;

/** The ranking stages, in order. Each is a small step with its own trace entry (docs/RANKING.md). */
export const DEFAULT_STAGES: readonly Stage[] = [relevanceStage, speakerStage, answerTypeStage, contextStage, supersedeStage, decayStage, tierStage, contrastStage, redlineStage, diversityStage, duplicatesStage];

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

export function parseRequest(req: SearchRequest, index: RecordIndex, options: RankingOptions = RANKING_DEFAULTS): ParsedQuery {
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
  const nowMs = toMs(req.now, 'now') ?? Date.now();
  const offset = typeof req.now === 'string' ? (parseTime(req.now)?.iso.match(/([+-])(\d{2}):(\d{2})$/) ?? null) : null;
  const offsetMin = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : localOffsetMinutes(nowMs);
  // 上週 and 這個月 are time words as 上周 and 这个月 are (core/simplified.ts); the terms fold in the tokenizer.
  const query = simplified(req.query);
  const intent = parseTimeIntent(query, nowMs, offsetMin);
  // Explicit --since/--until win over time words in the query.
  const explicit = sinceMs !== null || untilMs !== null;
  const useWindow = !explicit && intent.window !== null;
  // Query analysis (query/question.ts): question frames carry no weight; content words are
  // weighted by their rarity in this home.
  const framed = markFrames(index.tokenizer.queryTerms(readChangeQuestion(intent.rest)));
  // A time and progress words alone ("最近进展", "这周做了什么", "recent progress") ask to list what
  // happened then, not to find the word 进展. With a topic beside them ("公众号改版最近进展") they stay
  // words, and without a time too.
  const ov = intent.recent || intent.window !== null ? withoutProgressWords(intent.rest) : null;
  const progressOnly = ov?.asked === true && markFrames(index.tokenizer.queryTerms(ov.rest)).every((t) => t.stop);
  // Nothing but frames and a time ("在4月27号我们聊了什么话题？"): the records of that time, as for
  // an empty query in that window.
  const onlyFrames = !progressOnly && useWindow && framed.length > 0 && framed.every((t) => t.stop);
  const terms = onlyFrames || progressOnly ? [] : framed;
  const domains = list(req.domains, 'domain', true);
  const projects = list(req.projects, 'project', false);
  return {
    text: req.query,
    terms,
    question: isQuestion(terms, options.questionTerms, query),
    asks: asksSomething(query),
    weights: termWeights(index, activeTerms(terms), { domains, projects }),
    limit,
    domains,
    projects,
    kinds: list(req.kinds, 'kind', true),
    sinceMs: useWindow ? intent.window!.sinceMs : sinceMs,
    untilMs: useWindow ? intent.window!.untilMs : untilMs,
    nowMs,
    explain: req.explain === true,
    includeArchived: req.archived === true,
    hideArchived: req.archived !== true && index.archivedCount() > 0,
    includeHeld: req.quarantined === true,
    hideHeld: req.quarantined !== true && index.heldIds().size > 0,
    recent: intent.recent,
    timePhrase: intent.phrase,
    windowFromQuery: useWindow,
    ...(useWindow ? { lookback: { offsetMin } } : {}),
    ...(onlyFrames ? { frameTerms: framed } : {}),
  };
}

function toHit(c: Candidate, q: ParsedQuery, surfaces: string[], stages: readonly Stage[]): SearchHit {
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
    superseded: c.superseded !== null,
    supersededBy: c.superseded?.current ?? null,
    supersession: c.superseded
      ? { by: c.superseded.by, method: c.superseded.method, inferred: c.superseded.inferred, evidence: c.superseded.evidence, ...(c.superseded.otherPoint ? { otherPoint: true } : {}) }
      : null,
    pinned: c.pinned,
    conflicts: c.conflicts,
    ...(c.duplicates ? { duplicates: c.duplicates } : {}),
  };
  if (r.origin) hit.origin = r.origin;
  if (q.explain) hit.explain = { formula: 'retrieve → ' + stages.map((s) => s.name).join(' → ') + (c.mode === 'recent' ? ' → newest first (a listing of a time)' : ' → order'), stages: c.trace };
  return hit;
}

export function search(
  index: RecordIndex,
  req: SearchRequest,
  options: RankingOptions = RANKING_DEFAULTS,
  stages: readonly Stage[] = DEFAULT_STAGES,
  aliases: AliasTable = NO_ALIASES,
): SearchResult {
  let q = parseRequest(req, index, options);
  // Aliases (query/aliases.ts): each term with aliases matches as an OR group; off with disabledStages "aliases".
  if (!options.disabledStages.includes('aliases')) q.expansions = expandTerms(aliases, activeTerms(q.terms));
  const pool = Math.max(options.candidates, q.limit * 3);
  const ropts = { candidates: pool, bigramWeight: options.bigramWeight };
  let got = retrieve(index, q, ropts);
  let widened: string | null = null;
  // (A query of nothing but a time and progress words asked about that time alone: no fallback.)
  if (got.candidates.length === 0 && q.windowFromQuery && (q.terms.length > 0 || q.frameTerms)) {
    // Said in the result, or "去年的文章" answered with this year's reads as last year's.
    const off = q.lookback?.offsetMin ?? 0;
    const day = (ms: number | null) => (ms === null ? '…' : localDay(ms, off));
    widened = `nothing matching was written in "${q.timePhrase}" (${day(q.sinceMs)} – ${day(q.untilMs)}): these results are from any time`;
    // Nothing in the window the query's words named: search all time. A recent window (上周, yesterday)
    // asked for what is new: recent first. A named month or day ("in March", 在5月3号) did not: the
    // answer may sit beside it (a dated question whose record was written another month), so
    // plain relevance, not the newest.
    // Frames alone listed the window; over all time they are the query again.
    const terms = q.frameTerms ?? q.terms;
    q = { ...q, terms, weights: q.frameTerms ? termWeights(index, activeTerms(terms), { domains: q.domains, projects: q.projects }) : q.weights, sinceMs: null, untilMs: null, windowFromQuery: false, lookback: undefined, recent: q.recent || q.frameTerms !== undefined };
    got = retrieve(index, q, ropts);
  }
  const filters: string[] = [];
  if (q.domains) filters.push(`domain ∈ {${q.domains.join(', ')}}`);
  if (q.projects) filters.push(`project ∈ {${q.projects.join(', ')}}`);
  if (q.kinds) filters.push(`kind ∈ {${q.kinds.join(', ')}}`);
  if (q.hideArchived) filters.push('not archived');
  if (q.hideHeld) filters.push('not quarantined');
  if (q.sinceMs !== null) filters.push(`time ≥ ${formatIso(q.sinceMs)}${q.windowFromQuery ? ` (from "${q.timePhrase}")` : ''}`);
  if (q.untilMs !== null) filters.push(`time ≤ ${formatIso(q.untilMs)}`);
  const total = activeTerms(q.terms).length;
  // Results mean something (DECISIONS): a candidate the words matched must show which word, or
  // which fallback; one that holds none of them is no answer (a stem FTS matched and the text
  // does not show).
  // Alias-only words are marked first: an alias is evidence too.
  if (q.expansions) annotateAliases(got.candidates, activeTerms(q.terms), q.expansions, options.aliasWeight);
  got = {
    ...got,
    candidates: got.candidates.filter(
      (c) => c.mode !== 'or' || c.matchedTerms.length > 0 || (c.fallbackTerms?.length ?? 0) > 0 || Object.keys(c.aliasOnly ?? {}).length > 0,
    ),
  };
  for (const c of got.candidates) {
    // first in the trace, before the aliases entry annotateAliases wrote
    c.trace.unshift({ stage: 'retrieve', mode: c.mode, bm25: c.bm25, matchedTerms: c.matchedTerms, totalTerms: total });
    if (c.fallbackTerms?.length) c.trace.push({ stage: 'fallback', kind: 'bigram', terms: c.fallbackTerms, weight: options.bigramWeight });
    if (filters.length) c.trace.push({ stage: 'filter', applied: filters });
    if (q.lookback && q.sinceMs !== null && q.untilMs !== null && c.rec.timeMs > q.untilMs) {
      const ref = refersInto(c.rec.text, c.rec.timeMs, q.lookback.offsetMin, q.sinceMs, q.untilMs);
      if (ref) c.trace.push({ stage: 'back-reference', phrase: ref.phrase, refersTo: { since: localDay(ref.sinceMs, q.lookback.offsetMin), until: localDay(ref.untilMs - 1, q.lookback.offsetMin) } });
    }
  }
  const ctx = { q, options, lookup: createLookup(index) };
  const active = options.disabledStages.length ? stages.filter((s) => !options.disabledStages.includes(s.name)) : stages;
  // Archived records leave default search whatever brought them in (a replacement, a neighbour,
  // a vector hit); with --archived they stay, flagged.
  const archived = q.hideArchived || q.includeArchived ? index.archivedIds() : null;
  // A query of nothing but a time ("最近", "上周做了什么", "recent progress") lists that time's
  // records, newest first; anything else is ordered by score.
  const listing = got.mode === 'recent';
  const ran = runPipeline(ctx, active, got.candidates);
  const pipelined = listing ? [...ran].sort((a, b) => b.rec.timeMs - a.rec.timeMs || b.rec.rid - a.rec.rid) : order(ran);
  const held = q.hideHeld || q.includeHeld ? index.heldIds() : null;
  const ranked = pipelined
    .filter((c) => !(q.hideArchived && archived && c.rec.tier !== 'redline' && archived.has(c.rec.id)) && !(q.hideHeld && held?.has(c.rec.id)))
    .slice(0, q.limit);
  const heldMatches = q.hideHeld ? heldMatching(index, q) : 0;
  const surfaces = activeTerms(q.terms).map((t) => t.surface);
  return {
    results: ranked.map((c) => {
      const hit = toHit(c, q, surfaces, active);
      if (q.includeArchived && archived?.has(hit.id) && hit.tier !== 'redline') hit.archived = true;
      const h = q.includeHeld ? held?.get(hit.id) : undefined;
      if (h) hit.held = h;
      // How a correction's target was looked for: the candidates and why each was taken or refused.
      if (hit.explain) {
        const r = index.resolution(hit.id);
        if (r) hit.explain.resolution = r;
      }
      return hit;
    }),
    query: {
      text: q.text,
      terms: activeTerms(q.terms).map((t) => t.text),
      mode: got.mode,
      question: q.question ?? false,
      weights: q.weights ?? {},
      candidates: got.candidates.length,
      time: {
        phrase: q.timePhrase,
        since: q.sinceMs === null ? null : formatIso(q.sinceMs),
        until: q.untilMs === null ? null : formatIso(q.untilMs),
        recent: q.recent,
      },
      ...(q.expansions?.size ? { aliases: Object.fromEntries([...q.expansions].map(([k, v]) => [k, v.map((a) => a.word)])) } : {}),
    },
    ...(heldMatches ? { held: { count: heldMatches } } : {}),
    ...withWarning(unknownScopeWarnings(index, q), widened),
  };
}

/**
 * Records waiting for the owner's review (quarantined, not yet approved or rejected) in the search's scope that hold a
 * word of the query: default search leaves them out and says how many, so a wrong hold never hides a match silently.
 * A rejected record is the owner's decision, not a guess, and is not counted. One fixed statement over the held table
 * (the waiting queue is what the owner reviews: a handful), a word test each.
 */
function heldMatching(index: RecordIndex, q: ParsedQuery): number {
  const terms = activeTerms(q.terms);
  if (terms.length === 0) return 0;
  const params: unknown[] = [];
  const sql = `SELECT r.text AS text FROM records r WHERE r.id IN (SELECT id FROM held WHERE status = 'quarantined')${filterSql(q, params, false)}`;
  // The queue's texts, folded, kept until the data changes: the same for every query with these filters.
  const queues = index.memo<string[]>('reviewQueue');
  const key = sql + '\u0000' + JSON.stringify(params);
  let hays = queues.get(key);
  if (!hays) queues.set(key, (hays = (cached(index.db, sql).pluck().all(...params) as string[]).map(foldedHay)));
  return hays.filter((hay) => termsInFolded(hay, terms).length > 0).length;
}

function withWarning(w: { warnings?: string[] }, extra: string | null): { warnings?: string[] } {
  return extra === null ? w : { warnings: [...(w.warnings ?? []), extra] };
}

/**
 * A filter naming a domain or project no record has (a typo, or another home's): say so, or "no
 * results" would read as "nothing about it" (one indexed lookup per name).
 */
function unknownScopeWarnings(index: RecordIndex, q: ParsedQuery): { warnings?: string[] } {
  const out: string[] = [];
  for (const [col, list] of [['domain', q.domains], ['project', q.projects]] as const) {
    for (const v of list ?? []) {
      if (cached(index.db, `SELECT 1 FROM records WHERE ${col} = ? LIMIT 1`).get(v) !== undefined) continue;
      const known = (cached(index.db, `SELECT DISTINCT ${col} AS v FROM records WHERE ${col} IS NOT NULL ORDER BY ${col} LIMIT 21`).all() as { v: string }[]).map((r) => r.v);
      out.push(`${col} ${v}: no record has this ${col}${known.length ? ` (known: ${known.slice(0, 20).join(', ')}${known.length > 20 ? ', …' : ''})` : ''}`);
    }
  }
  return out.length ? { warnings: out } : {};
}
