import { extractFacts, valuesIn } from '../core/facts.js';
import { CORRECTION_FILLER, stripMarkers } from '../core/markers.js';
import { RECORD_COLUMNS, rowToRecord, type IndexedRecord, type RecordIndex } from './record-index.js';

/**
 * Which record supersedes which: derived from the files like everything in the index, worked
 * out when a record is indexed, applied at query time (query/stages/supersede.ts).
 *
 * Three ways a record R supersedes an older record O:
 * - explicit: R names O (`corrects`).
 * - resolved: R is a correction (〔更正〕/[correction]) that names no id. O is found among older
 *   records of the same domain and project from what R says: the subject words they share, an old
 *   value R quotes that O holds, a fact slot (core/facts.ts) they both state. No LLM.
 * - inferred: R is a plain record that states a fact slot O also states, with another value
 *   (port 8080 then port 9090). Flagged as inferred; switchable (`inferCorrections`).
 * An edge whose target is a red line, from a record that is not a newer red line, is stored as
 * blocked: it never applies, and the results flag the conflict.
 */
export interface SupersessionOptions {
  /** infer corrections from restated fact slots (default true) */
  inferCorrections: boolean;
  /**
   * least resolution score for a 〔更正〕 to claim a target (default 0.5, range 0..1.5); a target
   * scoring at least 70% of it also wins when it is 1.2× ahead of the next candidate
   */
  minResolveScore: number;
}

/** Bump when the derivation of edges or fact slots changes: indexes built before are rebuilt. */
export const DERIVATION_VERSION = 8;

export const SUPERSESSION_DEFAULTS: SupersessionOptions = { inferCorrections: true, minResolveScore: 0.5 };

export interface EdgeDetail {
  /** subject words shared */
  shared?: string[];
  /** old values quoted by the correction and held by the target */
  quoted?: string[];
  /** fact slot key both state */
  slot?: string;
  score?: number;
}

export interface Edge {
  oldId: string;
  newId: string;
  method: 'explicit' | 'resolved' | 'inferred';
  inferred: boolean;
  blocked: boolean;
  score: number;
  detail: EdgeDetail;
}

const isCorrection = (r: IndexedRecord) => r.kind === 'correction' || /〔更正〕|\[correction\]/i.test(r.text);
const isRedline = (r: IndexedRecord) => r.tier === 'redline';
/** Words by which a record says it replaces an earlier one. */
const REPLACES = /作废|废止|取代|替代|代替|改为|改成|不再|以此为准|replaces?|supersedes?|instead of|no longer|overrides?/i;

function sameScope(a: IndexedRecord, b: IndexedRecord): boolean {
  return a.domain === b.domain && a.project === b.project;
}

function older(o: IndexedRecord, r: IndexedRecord): boolean {
  return o.timeMs < r.timeMs || (o.timeMs === r.timeMs && o.rid < r.rid);
}

export class SupersessionResolver {
  private readonly index: RecordIndex;
  private readonly opts: SupersessionOptions;
  private readonly q;
  /** records in the index, counted once per batch */
  private total: number | null = null;
  private readonly dfCache = new Map<string, number>();

  constructor(index: RecordIndex, opts: SupersessionOptions = SUPERSESSION_DEFAULTS) {
    this.index = index;
    this.opts = opts;
    const db = index.db;
    this.q = {
      byId: db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE id = ?`),
      byRid: db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE rid = ?`),
      putEdge: db.prepare(
        'INSERT OR REPLACE INTO edges (old_id, new_id, method, inferred, blocked, score, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      edgesOf: db.prepare('DELETE FROM edges WHERE new_id = ?'),
      supersededBy: db.prepare('SELECT count(*) FROM edges WHERE old_id = ? AND blocked = 0').pluck(),
      count: db.prepare('SELECT count(*) FROM records').pluck(),
      docFreq: db.prepare('SELECT doc FROM fts_vocab WHERE term = ?').pluck(),
      matchCount: db.prepare('SELECT count(*) FROM fts WHERE fts MATCH ?').pluck(),
      factsOf: db.prepare('SELECT key, value, old_value FROM facts WHERE rid = ?'),
      // The nearest statements of the same slot before and after a time (facts_key is on key, time).
      sameKeyBefore: db.prepare(
        `SELECT rid, value FROM facts WHERE key = ? AND domain IS ? AND project IS ? AND (time_ms, rid) < (?, ?)
         ORDER BY time_ms DESC, rid DESC LIMIT ?`,
      ),
      sameKeyAfter: db.prepare(
        `SELECT rid, value FROM facts WHERE key = ? AND domain IS ? AND project IS ? AND (time_ms, rid) > (?, ?)
         ORDER BY time_ms ASC, rid ASC LIMIT 1`,
      ),
      ftsScope: db.prepare(
        `SELECT r.rid AS rid, bm25(fts) AS bm FROM fts CROSS JOIN records r ON r.rid = fts.rowid
         WHERE fts MATCH ? AND r.domain IS ? AND r.project IS ? AND r.time_ms <= ? AND r.rid != ? ORDER BY bm LIMIT 20`,
      ),
    };
  }

  private record(row: unknown): IndexedRecord | null {
    return row ? rowToRecord(row as Parameters<typeof rowToRecord>[0]) : null;
  }

  /** Work out the edges out of (and, for inferred slots, into) every dirty record, oldest first. */
  resolveDirty(): number {
    const recs = [...this.index.dirty.values()];
    this.index.dirty.clear();
    if (recs.length === 0) return 0;
    recs.sort((a, b) => a.timeMs - b.timeMs || a.rid - b.rid);
    this.total = null;
    this.dfCache.clear();
    let n = 0;
    for (const r of recs) n += this.resolve(r);
    return n;
  }

  private put(e: Edge): void {
    this.q.putEdge.run(e.oldId, e.newId, e.method, e.inferred ? 1 : 0, e.blocked ? 1 : 0, e.score, JSON.stringify(e.detail));
  }

  private blocked(o: IndexedRecord, r: IndexedRecord): boolean {
    return isRedline(o) && !(isRedline(r) && !older(r, o));
  }

  /**
   * The words worth matching on: in a large home, a word most records hold ("配置", "the") costs a
   * BM25 pass over all of them and tells nothing, so in a home of 2,000 records or more, words in
   * more than 1% of records are left out (if none is left, the rarest one stays when it is in at
   * most 5%; otherwise quoted values and fact slots find the target alone). English words are
   * counted by matching them (the vocabulary holds their stems).
   */
  private selective(words: string[], fallback = true): string[] {
    const uniq = [...new Set(words)];
    const total = (this.total ??= (this.q.count.get() as number) || 0);
    if (total < 2000 || uniq.length === 0) return uniq;
    const df = uniq.map((w) => ({ w, n: this.docFreq(w) }));
    const keep = df.filter((d) => d.n / total <= 0.01).map((d) => d.w);
    if (keep.length) return keep;
    // Only common words: the rarest one if it is not too common; else rely on values and slots.
    if (!fallback) return [];
    const rarest = df.sort((a, b) => a.n - b.n)[0];
    return rarest && rarest.n / total <= 0.05 ? [rarest.w] : [];
  }

  /** Records holding a word, cached per batch. The vocabulary holds English words stemmed: those are counted by matching. */
  private docFreq(w: string): number {
    let n = this.dfCache.get(w);
    if (n === undefined) {
      n = (this.q.docFreq.get(w) as number | undefined) ?? (/[a-z.]/.test(w) ? (this.q.matchCount.get(`"${w.replace(/"/g, '""')}"`) as number) : 0);
      this.dfCache.set(w, n);
    }
    return n;
  }

  /** Edges for one record. Returns how many were written. */
  resolve(r: IndexedRecord): number {
    this.q.edgesOf.run(r.id);
    let n = 0;
    // explicit ids
    for (const id of r.corrects) {
      const o = this.record(this.q.byId.get(id));
      this.put({ oldId: id, newId: r.id, method: 'explicit', inferred: false, blocked: o ? this.blocked(o, r) : false, score: 1, detail: {} });
      n++;
    }
    if (r.corrects.length === 0 && isCorrection(r)) n += this.resolveByText(r, false);
    // A new red line that says it replaces an old one ("…那条作废") overrides it: only red lines can.
    else if (r.corrects.length === 0 && isRedline(r) && REPLACES.test(r.text)) n += this.resolveByText(r, true);
    if (this.opts.inferCorrections) n += this.inferFromFacts(r);
    return n;
  }

  private resolveByText(r: IndexedRecord, onlyRedlines: boolean): number {
    const tok = this.index.tokenizer;
    const terms = tok
      .queryTerms(stripMarkers(r.text, this.index.knownDomains).replace(/〔[^〕]{1,6}〕/g, ' '))
      .filter((t) => !t.stop && !CORRECTION_FILLER.has(t.text) && !/^\d+$/.test(t.text));
    const values = valuesIn(r.text);
    const facts = extractFacts(r.text, (run) => tok.words(run));
    const newValues = new Set(facts.map((f) => f.value));
    const oldValues = new Set(facts.map((f) => f.oldValue).filter((v): v is string => v !== null));
    // Candidates from shared fact slots (a paraphrase may share no other word)…
    const candidates = new Map<number, number>();
    for (const f of facts) {
      for (const s of this.q.sameKeyBefore.all(f.key, r.domain, r.project, r.timeMs, r.rid, 20) as { rid: number; value: string }[]) {
        candidates.set(s.rid, 0);
      }
    }
    // …and from the words and values it shares. Values (8080, v2.3.1) usually identify the old
    // fact; a value most records hold (a port restated everywhere) is as useless as a common word.
    // When a slot already names the subject, common words are not worth a BM25 pass.
    const matchTerms = [
      ...this.selective(terms.map((t) => t.text), candidates.size === 0),
      ...this.selective(values.filter((v) => /^[\w.]+$/.test(v)), false),
    ];
    if (matchTerms.length === 0 && candidates.size === 0) return 0;
    if (matchTerms.length) {
      const match = [...new Set(matchTerms)].map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
      for (const row of this.q.ftsScope.all(match, r.domain, r.project, r.timeMs, r.rid) as { rid: number; bm: number }[]) {
        candidates.set(row.rid, -row.bm);
      }
    }
    let maxBm = 0;
    for (const v of candidates.values()) maxBm = Math.max(maxBm, v);
    const scored: { o: IndexedRecord; score: number; detail: EdgeDetail }[] = [];
    for (const [rid, bm] of candidates) {
      const o = this.record(this.q.byRid.get(rid));
      if (!o || !older(o, r) || !sameScope(o, r)) continue;
      if (onlyRedlines && !isRedline(o)) continue;
      const hay = o.text.normalize('NFKC').toLowerCase();
      const shared = terms.filter((t) => hay.includes(t.text)).map((t) => t.text);
      const subject = terms.length ? shared.length / terms.length : 0;
      // Values the correction mentions that the old record holds and the correction does not keep.
      const quoted = values.filter((v) => hay.includes(v) && (oldValues.has(v) || !newValues.has(v)));
      const oFacts = this.q.factsOf.all(rid) as { key: string; value: string }[];
      const slot = facts.find((f) => oFacts.some((of) => of.key === f.key && of.value !== f.value));
      let score = 0.4 * (maxBm > 0 ? bm / maxBm : 0) + 0.4 * subject + (quoted.length ? 0.35 : 0) + (slot ? 0.35 : 0);
      // Prefer the current version of a fact over one already replaced (chains end at the newest).
      if ((this.q.supersededBy.get(o.id) as number) > 0 && !quoted.length) score *= 0.7;
      scored.push({ o, score, detail: { shared, quoted, ...(slot ? { slot: slot.key } : {}), score: Math.round(score * 1000) / 1000 } });
    }
    scored.sort((a, b) => b.score - a.score || b.o.timeMs - a.o.timeMs);
    const best = scored[0];
    // Claimed when strong on its own, or clearly ahead of every other candidate (a paraphrase
    // shares few words with what it corrects, but still more than anything else does).
    const runnerUp = scored[1]?.score ?? 0;
    const clearlyAhead = best !== undefined && best.score >= this.opts.minResolveScore * 0.7 && best.score >= runnerUp * 1.2;
    if (!best || (best.score < this.opts.minResolveScore && !clearlyAhead)) return 0;
    let n = 0;
    for (const c of scored) {
      const strongEnough = c === best || (c.score >= 0.9 * best.score && ((c.detail.quoted?.length ?? 0) > 0 || c.detail.slot));
      if (!strongEnough) continue;
      this.put({ oldId: c.o.id, newId: r.id, method: 'resolved', inferred: false, blocked: this.blocked(c.o, r), score: c.score, detail: c.detail });
      n++;
    }
    return n;
  }

  /**
   * A fact slot links each statement to the nearest earlier and later statement of the same slot
   * (same domain and project): the newer one supersedes the older when the values differ. Only
   * neighbours, so a slot restated a thousand times makes a chain, not a thousand-squared web.
   */
  private inferFromFacts(r: IndexedRecord): number {
    let n = 0;
    const facts = this.q.factsOf.all(r.rid) as { key: string; value: string; old_value: string | null }[];
    for (const f of facts) {
      // A slot must name its subject ("后端端口", "redis port"): "port 8080" alone could be any service.
      if (f.key.startsWith('|')) continue;
      const before = this.q.sameKeyBefore.all(f.key, r.domain, r.project, r.timeMs, r.rid, 1) as { rid: number; value: string }[];
      const after = this.q.sameKeyAfter.all(f.key, r.domain, r.project, r.timeMs, r.rid) as { rid: number; value: string }[];
      for (const s of [...before, ...after]) {
        if (s.value === f.value) continue;
        const o = this.record(this.q.byRid.get(s.rid));
        if (!o) continue;
        // Whichever is newer supersedes the other: records may arrive out of time order.
        const [oldR, newR] = older(o, r) ? [o, r] : [r, o];
        if (isCorrection(newR) && newR.corrects.length === 0 && newR !== r) continue; // its own resolution decides
        this.put({
          oldId: oldR.id,
          newId: newR.id,
          method: 'inferred',
          inferred: true,
          blocked: this.blocked(oldR, newR),
          score: 1,
          detail: { slot: f.key },
        });
        n++;
      }
    }
    return n;
  }
}

export interface EdgeRow {
  old_id: string;
  new_id: string;
  method: Edge['method'];
  inferred: number;
  blocked: number;
  score: number;
  detail: string;
}

export function rowToEdge(r: EdgeRow): Edge {
  return {
    oldId: r.old_id,
    newId: r.new_id,
    method: r.method,
    inferred: r.inferred === 1,
    blocked: r.blocked === 1,
    score: r.score,
    detail: JSON.parse(r.detail) as EdgeDetail,
  };
}
