import type Database from 'better-sqlite3';
import { RECORD_COLUMNS, rowToRecord, scopeWhere, type RecordIndex } from '../index/record-index.js';
import { bigramsOf } from '../index/tokenizer/bigrams.js';
import type { QueryTerm } from '../index/tokenizer/tokenizer.js';
import { idf } from './question.js';
import type { Candidate, ParsedQuery } from './types.js';
import { aliasPassMatch } from './aliases.js';
import { ftsString, termFts } from './inflections.js';
import { BACK_REFERENCE_REACH_MS, refersInto } from './back-references.js';
import { foldText } from '../core/simplified.js';

/**
 * Candidate retrieval from FTS5. A short query: AND of its terms first; when that finds fewer than
 * the caller needs, OR of them (a relaxed match), ranked by BM25. A question (query/question.ts):
 * OR from the start, so a word the answer does not hold never loses it. Then the bigram fallback:
 * records holding a Chinese query word only inside or across their own words (周四 in 每周四). Filters
 * run inside SQL so they cut the candidate set before ranking, not after.
 */
export interface RetrieveOptions {
  /** how many candidates the ranking stages see (default 200, 10..5000) */
  candidates: number;
  /** weight of a bigram-fallback word (0 turns the fallback off) */
  bigramWeight: number;
}

/** The part of the home a query searches: its domain and project filters (null: all). */
export interface TermScope {
  domains: string[] | null;
  projects: string[] | null;
}

/**
 * Each content term's IDF in the part of the home searched: a query limited to a domain or a
 * project counts how rare a word is there, not in the whole home. A speaker's name, or 端口 in
 * `[code]`, may be rare in the home and common in the one domain asked about, where it tells the
 * records apart no better than any common word.
 */
export function termWeights(index: RecordIndex, terms: QueryTerm[], scope: TermScope = { domains: null, projects: null }): Record<string, number> {
  const out: Record<string, number> = {};
  if (terms.length === 0) return out;
  const n = index.recordCount();
  const inScope = index.recordCount(scope.domains, scope.projects);
  if (inScope === n) {
    for (const t of terms) out[t.text] = idf(n, docFreq(index, t));
    return out;
  }
  const where = scopeWhere(scope.domains, scope.projects, 'r');
  // Reading each matching row's domain costs about 2 µs: a word held by thousands of records is
  // counted on every s-th row (by rowid, so records written in runs are sampled evenly) and scaled.
  const count = cached(index.db, `SELECT count(*) FROM fts CROSS JOIN records r ON r.rid = fts.rowid WHERE fts MATCH ? AND fts.rowid % ? = 0 AND ${where.sql}`);
  for (const t of terms) {
    const all = docFreq(index, t);
    const stride = Math.max(1, Math.ceil(all / SCOPED_DF_ROWS));
    const df = all === 0 ? 0 : Math.min(all, (count.pluck().get(termFts(t), stride, ...where.params) as number) * stride);
    out[t.text] = idf(inScope, df);
  }
  return out;
}

/** How many matching rows a word's count in a domain or project reads at most (about). */
const SCOPED_DF_ROWS = 500;

/** Records (full-text rows) holding a term. */
export function docFreq(index: RecordIndex, t: Pick<QueryTerm, 'text' | 'cjk'>): number {
  // Kept until the data changes: a vocabulary lookup costs about a quarter of a millisecond.
  const counts = index.memo<number>('docFreq');
  const key = (t.cjk ? 'c:' : 'l:') + t.text;
  let n = counts.get(key);
  if (n === undefined) {
    // The vocabulary holds English words stemmed: those (and phrases) are counted by matching.
    n = t.cjk
      ? ((cached(index.db, 'SELECT doc FROM fts_vocab WHERE term = ?').pluck().get(t.text) as number | undefined) ?? 0)
      : (cached(index.db, 'SELECT count(*) FROM fts WHERE fts MATCH ?').pluck().get(termFts(t)) as number);
    counts.set(key, n);
  }
  return n;
}

export { ftsString };

/** Terms the match uses: stop words only when nothing else is left. */
export function activeTerms(terms: QueryTerm[]): QueryTerm[] {
  const content = terms.filter((t) => !t.stop);
  return content.length ? content : terms;
}

/** Archived records leave default search; a red line is never archived. */
const NOT_ARCHIVED = "(r.tier = 'redline' OR r.id NOT IN (SELECT id FROM archived))";
/** Quarantined and rejected records leave default search, red lines too (docs/QUARANTINE.md). */
const NOT_HELD = 'r.id NOT IN (SELECT id FROM held)';

/** The SQL test that leaves out archived and held records, as the query asks; '' when none. */
function visibleSql(q: ParsedQuery): string {
  const parts: string[] = [];
  if (q.hideArchived) parts.push(NOT_ARCHIVED);
  if (q.hideHeld) parts.push(NOT_HELD);
  return parts.join(' AND ');
}

export function filterSql(q: ParsedQuery, params: unknown[], withArchive = true): string {
  const parts: string[] = [];
  if (withArchive) {
    const visible = visibleSql(q);
    if (visible) parts.push(visible);
  }
  const inList = (col: string, values: string[] | null) => {
    if (!values) return;
    parts.push(`${col} IN (${values.map(() => '?').join(',')})`);
    params.push(...values);
  };
  // The same domain and project test as the rarity counts (termWeights).
  const scope = scopeWhere(q.domains, q.projects, 'r');
  if (scope.sql) {
    parts.push(scope.sql);
    params.push(...scope.params);
  }
  inList('r.kind', q.kinds);
  if (q.sinceMs !== null) {
    parts.push('r.time_ms >= ?');
    params.push(q.sinceMs);
  }
  if (q.untilMs !== null && q.sinceMs !== null && q.lookback) {
    // A window from the query's words: a record written after it counts when its own words point
    // back into it ("last night", 上周五; query/back-references.ts).
    parts.push('(r.time_ms <= ? OR (r.time_ms <= ? AND optmem_refers_into(r.text, r.time_ms, ?, ?, ?)))');
    params.push(q.untilMs, q.untilMs + BACK_REFERENCE_REACH_MS, q.lookback.offsetMin, q.sinceMs, q.untilMs);
  } else if (q.untilMs !== null) {
    parts.push('r.time_ms <= ?');
    params.push(q.untilMs);
  }
  return parts.length ? ' AND ' + parts.join(' AND ') : '';
}

const stmtCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();
export function cached(db: Database.Database, sql: string): Database.Statement {
  let m = stmtCache.get(db);
  if (!m) {
    stmtCache.set(db, (m = new Map()));
    // The SQL functions retrieval's statements use, registered once per connection.
    db.function('optmem_refers_into', { deterministic: true }, (text: unknown, timeMs: unknown, offsetMin: unknown, sinceMs: unknown, untilMs: unknown) =>
      refersInto(String(text), Number(timeMs), Number(offsetMin), Number(sinceMs), Number(untilMs)) ? 1 : 0,
    );
  }
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
  const where = filterSql(q, params, false);
  const cols = RECORD_COLUMNS.split(', ').map((c) => 'r.' + c).join(', ');
  const visible = visibleSql(q);
  if (visible) {
    // With other filters the archive/held test joins them; alone it keeps FTS ranking first: the
    // best `limit` plus as many as are archived or held, those then left out.
    if (where) {
      params.push(limit);
      const sql = `SELECT ${cols}, bm25(fts, ${index.bm25Weights}) AS bm FROM fts CROSS JOIN records r ON r.rid = fts.rowid WHERE fts MATCH ?${where} AND ${visible} ORDER BY bm LIMIT ?`;
      return cached(index.db, sql).all(...params) as Row[];
    }
    params.push(limit + (q.hideArchived ? index.archivedCount() : 0) + (q.hideHeld ? index.heldIds().size : 0), limit);
    const sql =
      `SELECT ${cols}, f.bm AS bm FROM (SELECT rowid AS rid, bm25(fts, ${index.bm25Weights}) AS bm FROM fts WHERE fts MATCH ? ORDER BY bm LIMIT ?) f ` +
      `CROSS JOIN records r ON r.rid = f.rid WHERE ${visible} ORDER BY f.bm LIMIT ?`;
    return cached(index.db, sql).all(...params) as Row[];
  }
  params.push(limit);
  // Without filters FTS5 ranks alone and only the best rows are joined to their records; with
  // filters every match is checked against its record first. FTS leads either way (CROSS JOIN):
  // the other order would run the MATCH once per record.
  const sql = where
    ? `SELECT ${cols}, bm25(fts, ${index.bm25Weights}) AS bm FROM fts CROSS JOIN records r ON r.rid = fts.rowid WHERE fts MATCH ?${where} ORDER BY bm LIMIT ?`
    : `SELECT ${cols}, f.bm AS bm FROM (SELECT rowid AS rid, bm25(fts, ${index.bm25Weights}) AS bm FROM fts WHERE fts MATCH ? ORDER BY bm LIMIT ?) f ` +
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
  return termsInFolded(foldedHay(text), terms);
}

/** A text as `termsIn` reads it: folded to simplified characters, lower case. */
export function foldedHay(text: string): string {
  return foldText(text).toLowerCase();
}

/** `termsIn` over a text already read by `foldedHay`. */
export function termsInFolded(hay: string, terms: QueryTerm[]): string[] {
  return terms.filter((t) => hay.includes(t.cjk ? t.text : looseStem(t.text))).map((t) => t.text);
}

export function looseStem(w: string): string {
  if (w.length <= 4) return w;
  return w.replace(/(?:ies|ied|ing|ed|es|s|ly)$/, '');
}

/**
 * Rows holding a Han word only as characters, not as a word (the `grams` table holds the bigrams
 * that are not words of their record). A two-character word is one bigram; a longer one needs all
 * of its bigrams, and the record's text must hold the word itself (checked by the caller).
 */
function bigramRows(index: RecordIndex, q: ParsedQuery, word: string, limit: number): Row[] {
  const grams = bigramsOf(word);
  const params: unknown[] = [grams.map(ftsString).join(' AND ')];
  const where = filterSql(q, params);
  params.push(limit);
  const cols = RECORD_COLUMNS.split(', ').map((c) => 'r.' + c).join(', ');
  // The last indexed first, in the full-text table's own order: records are indexed as they are
  // written and a rebuild reads the day files in date order, so these are the newest, near enough,
  // and the walk stops at the limit (ordering by time read every matching row: 3.6 ms against 0.1
  // for a common bigram at 100k records).
  const sql = `SELECT ${cols}, 0 AS bm FROM grams CROSS JOIN records r ON r.rid = grams.rowid WHERE grams MATCH ?${where} ORDER BY grams.rowid DESC LIMIT ?`;
  return cached(index.db, sql).all(...params) as Row[];
}

function addBigramFallback(index: RecordIndex, q: ParsedQuery, terms: QueryTerm[], candidates: Candidate[], limit: number, toCandidate: (row: Row) => Candidate): Candidate[] {
  const byRid = new Map(candidates.map((c) => [c.rec.rid, c]));
  const added: Candidate[] = [];
  for (const t of terms) {
    if (!t.cjk || t.text.length < 2) continue;
    for (const row of bigramRows(index, q, t.text, limit)) {
      let c = byRid.get(row.rid);
      if (!c) {
        c = toCandidate(row);
        byRid.set(row.rid, c);
        added.push(c);
      }
      if (c.mode === 'and') continue;
      const body = ' ' + index.bodyOf(c.rec) + ' ';
      if (body.includes(' ' + t.text + ' ')) continue; // held as a word too: word evidence
      if (!foldText(c.rec.text).includes(t.text)) continue; // its bigrams, but apart
      c.matchedTerms = c.matchedTerms.filter((m) => m !== t.text);
      (c.fallbackTerms ??= []).push(t.text);
    }
  }
  return [...candidates, ...added.filter((c) => c.fallbackTerms?.length)];
}

type Retrieved = { candidates: Candidate[]; mode: 'and' | 'or' | 'and+or' | 'recent' };

/**
 * Three passes, each adding what the ones before did not find: the typed words; each word as an OR
 * group of it and its aliases (query/aliases.ts); the bigram fallback for Chinese words the
 * records hold only inside or across their own words.
 */
export function retrieve(index: RecordIndex, q: ParsedQuery, opts: RetrieveOptions): Retrieved {
  const words = activeTerms(q.terms).map(termFts);
  const typed = retrieveBy(index, q, opts, { and: words.join(' AND '), or: words.join(' OR ') }, null);
  let got = typed;
  // What the typed pass matched is left out in the MATCH itself (NOT), so it is never read twice.
  const forms = q.expansions?.size && typed.mode !== 'recent' ? aliasPassMatch(activeTerms(q.terms), q.expansions, index.tokenizer) : null;
  if (forms) {
    // A separate pass keeps the typed hits' BM25 as it was: a record holding a word and its alias
    // is not counted twice.
    const seen = new Set(typed.candidates.map((c) => c.rec.rid));
    // Its relaxed OR runs only when the two ANDs together found fewer than the limit, as above.
    const andBefore = typed.candidates.filter((c) => c.mode === 'and').length;
    // The pool stays near `candidates`: alias-only records fill what the typed words left, and at
    // least `limit` of it (they rank below typed hits of the same words; a few are enough).
    const room = Math.max(opts.candidates - typed.candidates.length, q.limit);
    const more = retrieveBy(index, q, { ...opts, candidates: room }, forms, seen, andBefore);
    got = { candidates: [...typed.candidates, ...more.candidates], mode: typed.candidates.length ? typed.mode : more.mode };
  }
  if (got.mode === 'recent' || opts.bigramWeight <= 0) return got;
  const terms = activeTerms(q.terms);
  const candidates = addBigramFallback(index, q, terms, got.candidates, opts.candidates, (row) => toCandidate(index, row, 'or', terms));
  return { candidates, mode: got.mode === 'and' && candidates.length > got.candidates.length ? 'and+or' : got.mode };
}

function toCandidate(_index: RecordIndex, row: Row, mode: Candidate['mode'], terms: QueryTerm[], latin?: LatinHits): Candidate {
  const rec = rowToRecord(row);
  const matchedTerms = matchedTermsOf(rec, row.rid, mode, terms, latin);
  return { rec, bm25: -row.bm, mode, matchedTerms, relevance: 0, score: 0, superseded: null, conflicts: [], pinned: false, trace: [] };
}

/** The query terms a row holds: all of them for an AND match; an English one as FTS5 reads it when `latin` is given. */
function matchedTermsOf(rec: ReturnType<typeof rowToRecord>, rid: number, mode: Candidate['mode'], terms: QueryTerm[], latin?: LatinHits): string[] {
  if (mode === 'recent') return [];
  if (mode === 'and') return terms.map((t) => t.text);
  const hay = rec.text + ' ' + rec.tags.join(' ');
  if (!latin) return termsIn(hay, terms);
  return terms.filter((t) => (t.cjk ? termsIn(hay, [t]).length > 0 : latin.get(t.text)?.has(rid) === true)).map((t) => t.text);
}

/** For each Latin-script term, the rows (of those given) the full-text index matches it in. */
type LatinHits = Map<string, Set<number>>;

/**
 * Which of these rows hold each Latin-script term, as the full-text index reads them (stemmed
 * words, whole tokens): "ip" is not held by "iphone", and "adoption" is held by "adopt". A plain
 * substring test would credit the first and miss the second.
 */
function latinHits(index: RecordIndex, terms: QueryTerm[], rows: Row[]): LatinHits {
  const out: LatinHits = new Map();
  const latin = terms.filter((t) => !t.cjk);
  if (latin.length === 0 || rows.length === 0) return out;
  const ids = JSON.stringify(rows.map((r) => r.rid));
  // +rowid: FTS5 reads the word's rows once and SQLite keeps those in the list; a plain rowid IN
  // makes FTS5 seek the word once per listed row (about 1 ms for 100 rows, against 0.02 to 0.15).
  const sql = 'SELECT rowid FROM fts WHERE fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))';
  for (const t of latin) out.set(t.text, new Set(cached(index.db, sql).pluck().all(termFts(t), ids) as number[]));
  return out;
}

function retrieveBy(
  index: RecordIndex,
  q: ParsedQuery,
  opts: RetrieveOptions,
  forms: { and: string; or: string },
  exclude: Set<number> | null,
  andBefore = 0,
): Retrieved {
  const terms = activeTerms(q.terms);
  const cand = (row: Row, mode: Candidate['mode']) => toCandidate(index, row, mode, terms);
  if (terms.length === 0) {
    return { candidates: recentRecords(index, q, opts.candidates).map((r) => cand(r, 'recent')), mode: 'recent' };
  }
  // Rows already found (by the typed pass) do not take the places of new ones.
  const keep = (r: Row) => !exclude?.has(r.rid);
  const limit = opts.candidates + (exclude?.size ?? 0);
  const orMatch = () => matchQuery(index, q, forms.or, limit).filter(keep).slice(0, opts.candidates);
  const orCands = (rows: Row[]) => {
    const latin = latinHits(index, terms, rows);
    return rows.map((r) => toCandidate(index, r, 'or', terms, latin));
  };
  if (q.question) {
    // A question: OR of its content words, ranked by BM25 (which weighs each by its rarity).
    return { candidates: orCands(orMatch()), mode: 'or' };
  }
  const and = matchQuery(index, q, forms.and, limit).filter(keep).slice(0, opts.candidates).map((r) => cand(r, 'and'));
  if (and.length + andBefore >= q.limit || terms.length === 1) return { candidates: and, mode: 'and' };
  const seen = new Set(and.map((c) => c.rec.rid));
  const or = orCands(orMatch().filter((r) => !seen.has(r.rid)));
  return { candidates: [...and, ...or], mode: and.length ? 'and+or' : 'or' };
}
