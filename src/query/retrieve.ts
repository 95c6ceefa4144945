import type Database from 'better-sqlite3';
import { RECORD_COLUMNS, rowToRecord, type RecordIndex } from '../index/record-index.js';
import type { QueryTerm } from '../index/tokenizer/tokenizer.js';
import type { Candidate, ParsedQuery } from './types.js';
import { termMatch } from './aliases.js';

/**
 * Candidate retrieval from FTS5: AND of the query's terms first; when that finds fewer than the
 * caller needs, OR of them (a relaxed match), ranked by BM25. Filters run inside SQL so they cut
 * the candidate set before ranking, not after.
 */
export interface RetrieveOptions {
  /** how many candidates the ranking stages see (default 200, 10..5000) */
  candidates: number;
}

export function ftsString(t: string): string {
  return `"${t.replace(/"/g, '""')}"`;
}

/** Terms the match uses: stop words only when nothing else is left. */
export function activeTerms(terms: QueryTerm[]): QueryTerm[] {
  const content = terms.filter((t) => !t.stop);
  return content.length ? content : terms;
}

function filterSql(q: ParsedQuery, params: unknown[]): string {
  const parts: string[] = [];
  const inList = (col: string, values: string[] | null) => {
    if (!values) return;
    parts.push(`${col} IN (${values.map(() => '?').join(',')})`);
    params.push(...values);
  };
  inList('r.domain', q.domains);
  inList('r.project', q.projects);
  inList('r.kind', q.kinds);
  if (q.sinceMs !== null) {
    parts.push('r.time_ms >= ?');
    params.push(q.sinceMs);
  }
  if (q.untilMs !== null) {
    parts.push('r.time_ms <= ?');
    params.push(q.untilMs);
  }
  return parts.length ? ' AND ' + parts.join(' AND ') : '';
}

const stmtCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();
function cached(db: Database.Database, sql: string): Database.Statement {
  let m = stmtCache.get(db);
  if (!m) stmtCache.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (m.size > 200) m.clear();
    m.set(sql, s);
  }
  return s;
}

type Row = Parameters<typeof rowToRecord>[0] & { bm: number };

export function matchQuery(index: RecordIndex, q: ParsedQuery, match: string, limit: number): Row[] {
  const params: unknown[] = [match];
  const where = filterSql(q, params);
  params.push(limit);
  const cols = RECORD_COLUMNS.split(', ').map((c) => 'r.' + c).join(', ');
  // Without filters FTS5 ranks alone and only the best rows are joined to their records; with
  // filters every match is checked against its record first. FTS leads either way (CROSS JOIN):
  // the other order would run the MATCH once per record.
  const sql = where
    ? `SELECT ${cols}, bm25(fts) AS bm FROM fts CROSS JOIN records r ON r.rid = fts.rowid WHERE fts MATCH ?${where} ORDER BY bm LIMIT ?`
    : `SELECT ${cols}, f.bm AS bm FROM (SELECT rowid AS rid, bm25(fts) AS bm FROM fts WHERE fts MATCH ? ORDER BY bm LIMIT ?) f ` +
      `CROSS JOIN records r ON r.rid = f.rid ORDER BY f.bm`;
  return cached(index.db, sql).all(...params) as Row[];
}

/** Most recent records that pass the filters: what an empty query returns. */
export function recentRecords(index: RecordIndex, q: ParsedQuery, limit: number): Row[] {
  const params: unknown[] = [];
  const where = filterSql(q, params).replace(/^ AND /, ' WHERE ');
  params.push(limit);
  const sql = `SELECT ${RECORD_COLUMNS.split(', ').map((c) => 'r.' + c).join(', ')}, 0 AS bm FROM records r${where} ORDER BY r.time_ms DESC, r.id ASC LIMIT ?`;
  return cached(index.db, sql).all(...params) as Row[];
}

/** Which of the terms occur in a text (case-folded; English terms loosely, by stem). */
export function termsIn(text: string, terms: QueryTerm[]): string[] {
  const hay = text.normalize('NFKC').toLowerCase();
  return terms.filter((t) => hay.includes(t.cjk ? t.text : looseStem(t.text))).map((t) => t.text);
}

export function looseStem(w: string): string {
  if (w.length <= 4) return w;
  return w.replace(/(?:ies|ied|ing|ed|es|s|ly)$/, '');
}

type Retrieved = { candidates: Candidate[]; mode: 'and' | 'or' | 'and+or' | 'recent' };

export function retrieve(index: RecordIndex, q: ParsedQuery, opts: RetrieveOptions): Retrieved {
  const typed = retrieveBy(index, q, opts, (t) => ftsString(t.text), ' ', null);
  if (!q.expansions?.size || typed.mode === 'recent') return typed;
  // Aliases (query/aliases.ts): a second pass, each term an OR group of it and its aliases, adds
  // the records the typed words did not find. A separate pass keeps the typed hits' BM25 as it
  // was: a record holding a word and its alias is not counted twice.
  const seen = new Set(typed.candidates.map((c) => c.rec.rid));
  // Its relaxed OR runs only when the two ANDs together found fewer than the limit, as above.
  const andBefore = typed.candidates.filter((c) => c.mode === 'and').length;
  // The pool stays near `candidates`: alias-only records fill what the typed words left, and at
  // least `limit` of it (they rank below typed hits of the same words; a few are enough).
  const room = Math.max(opts.candidates - typed.candidates.length, q.limit);
  // What the typed pass matched is left out in the MATCH itself (NOT), so it is never read twice.
  const typedTerms = activeTerms(q.terms).map((t) => ftsString(t.text));
  const not = { and: `(${typedTerms.join(' AND ')})`, or: `(${typedTerms.join(' OR ')})` };
  const more = retrieveBy(index, q, { candidates: room }, (t) => termMatch(t, q.expansions, index.tokenizer), ' AND ', seen, andBefore, not);
  return { candidates: [...typed.candidates, ...more.candidates], mode: typed.candidates.length ? typed.mode : more.mode };
}

function retrieveBy(index: RecordIndex, q: ParsedQuery, opts: RetrieveOptions, match: (t: QueryTerm) => string, andOp: string, exclude: Set<number> | null, andBefore = 0, not: { and: string; or: string } | null = null): Retrieved {
  const terms = activeTerms(q.terms);
  const toCandidate = (row: Row, mode: Candidate['mode']): Candidate => {
    const rec = rowToRecord(row);
    const matchedTerms = mode === 'recent' ? [] : mode === 'and' ? terms.map((t) => t.text) : termsIn(rec.text + ' ' + rec.tags.join(' '), terms);
    return { rec, bm25: -row.bm, mode, matchedTerms, relevance: 0, score: 0, superseded: null, conflicts: [], pinned: false, trace: [] };
  };
  if (terms.length === 0) {
    return { candidates: recentRecords(index, q, opts.candidates).map((r) => toCandidate(r, 'recent')), mode: 'recent' };
  }
  // Rows already found (by the typed pass) do not take the places of new ones.
  const keep = (r: Row) => !exclude?.has(r.rid);
  const limit = opts.candidates + (exclude?.size ?? 0);
  const without = (expr: string, x: string | undefined) => (x ? `(${expr}) NOT ${x}` : expr);
  const and = matchQuery(index, q, without(terms.map(match).join(andOp), not?.and), limit).filter(keep).slice(0, opts.candidates).map((r) => toCandidate(r, 'and'));
  if (and.length + andBefore >= q.limit || terms.length === 1) return { candidates: and, mode: 'and' };
  const seen = new Set(and.map((c) => c.rec.rid));
  const or = matchQuery(index, q, without(terms.map(match).join(' OR '), not?.or), limit)
    .filter((r) => !seen.has(r.rid) && keep(r))
    .slice(0, opts.candidates)
    .map((r) => toCandidate(r, 'or'));
  return { candidates: [...and, ...or], mode: and.length ? 'and+or' : 'or' };
}
