import { CORRECTION_FILLER, CORRECTION_MARK } from '../core/markers.js';
import { EVENT_KIND } from '../core/events.js';
import { analyzeText, fileNameOf, heldByInitials, holds, isAscii, peopleIn, saysOnlyOne, type TextAnalysis } from './resolve/analyze.js';
import { choose, type Judged } from './resolve/choose.js';
import { EVENT_CUE, heldValue, judge, judgeRestatement, newPersonOf, newThingWords, restatedSubject, sharesAttribute } from './resolve/judge.js';
import { speakerOf } from '../core/speaker.js';
import { ALIASES, SETTING_HINT, UNCHANGED } from './resolve/lexicon.js';
import { subjectEvidence, veto, type VetoTarget } from './resolve/veto.js';
import { originOf } from '../core/provenance.js';
import { bigramsOf } from './tokenizer/bigrams.js';
import { CJK_RUN } from './tokenizer/cjk.js';
import { RECORD_COLUMNS, rowToRecord, type IndexedRecord, type RecordIndex } from './record-index.js';
import type { Edge, EdgeDetail, Resolution } from './edges.js';
import { SUPERSESSION_DEFAULTS, type SupersessionOptions } from './supersession.js';
import { grantsPermission, permitsInBareClause, statesRule } from './resolve/permission.js';
import { carriedBy, languageOf } from './resolve/language.js';
import { foldText, simplified } from '../core/simplified.js';
import { dayOfMonth, monthDay, monthDayForms, ordinal } from './resolve/same-value.js';
import { clockTimes } from './tokenizer/clock-times.js';
import { preparedOnUse } from './prepared-on-use.js';

export { SETTING_HINT } from './resolve/lexicon.js';

const isCorrection = (r: IndexedRecord) => r.kind === 'correction' || CORRECTION_MARK.test(r.text);
const isRedline = (r: IndexedRecord) => r.tier === 'redline';
/** A record as resolution reads it: traditional characters simplified (core/simplified.ts), offsets unchanged. */
function readable(r: IndexedRecord): IndexedRecord {
  const text = simplified(r.text);
  return text === r.text ? r : { ...r, text };
}

/** What a subject-part word no other record holds weighs, as a share of a word one record holds. */
const UNKNOWN_SUBJECT_SHARE = 0.25;
/** A thing replaced by a new one on a day (今天换了新的躺椅, 刚换了新拉绳, replaced today with a new one). */
const REPLACED_NEW = /(?:今天|今早|今晚|昨天|刚才|刚刚|刚)[^，。,;；]{0,12}(?:换了新|换上了?新|换新|新换了|装了新)|\breplaced (?:today|this morning|yesterday) with (?:a )?new\b/;
/** The same without a day, when the text gives no value (竹里换了新床垫; not NAS 换了新盒子，IP 现在 192.168.1.25). */
const REPLACED_NEW_THING = /(?:换了|换上了?)新(?!的|号)(?=[\u4e00-\u9fff])/;

/**
 * A plain record saying a setting changed: a correction in all but its mark. 现在 / now and 以后 / from now on say what
 * holds from here (医院停车月卡现在 350, 公众号以后署名「云上果园」, is in Bruntsfield now); the verbs of a change say it
 * (换成, 调整为, 改由, 交接给, 涨价, 最后定, 只剩, switched, moved, instead, upgraded to, bumped, since the). What it changes is judged as for a correction, and more strictly.
 * Not "now also" / "now includes" / 现在也 / 现在还: something added beside what was (renamer now also writes a CSV index, the 10:00
 * tour now includes a tasting).
 */
export const STATED_CHANGE = new RegExp(
  [
    '现在(?![也还])|现为|以后|往后|今后|(?<!\\balso )\\bnow\\b(?! also\\b| includes?\\b)|\\binstead\\b|\\bswitched\\b|\\bmoved\\b',
    '改成|改为|改到|改(?:请|看|用|由|在|名|年付|月付|订|发|去)|改\\s?(?=\\d)|提高?到\\s?(?=\\d)|不是[^，。,；;]{1,12}[，,]\\s?(?:是|而是)',
    '换成|换到|换了|换上|换人|换\\s?\\S{1,24}\\s?了|调到|调成|调为|调整[为成]|升到|降到|挪到|移到|搬到|迁到|切到|交接给|转给|定了|定在',
    '加到|涨到|减到|降为|减为|重签|从.{1,12}起|(?:下个?月|下周|明年|今年|这学期|下学期|本月|这个月)(?:开始|起)',
    '\\b(?:changed|bumped|raised|lowered|upped|dropped) (?:it )?to\\b|\\bas of (?:today|this|next)\\b|\\bstarting (?:today|this|next|from)\\b',
    '\\bfrom this (?:month|week|year|term)\\b|\\bfrom (?:now on|(?:jan|febr)uary|march|april|may|june|july|august|(?:septem|octo|novem|decem)ber)\\b|\\b(?:went|goes|gone) (?:up|down) to\\s?(?=[\\d$£€¥])',
    '涨成|涨价|降价|最后定|最后由|只剩|(?:这|本)周起|(?:这个|本)月起|\\bupgraded to\\b|\\bmigrated? to\\b|\\bbumped\\b|\\bsince the\\b',
  ].join('|'),
  'i',
);
/** Words by which a record says it replaces an earlier one. */
const REPLACES = /作废|废止|取代|替代|代替|替换|更新|改为|改成|不再|以此为准|上一条|之前那条|旧的那条|replaces?|supersedes?|instead of|no longer|overrides?|updates?|earlier|previous|old rule/i;
/** Kinds that are never a correction's target. */
const NOT_TARGETS = `'${EVENT_KIND}', 'handoff', 'summary'`;
const ALIAS_VARIANTS = new Map<string, string[]>(ALIASES.map((g) => [g[0]!, g]));
const MAX_CANDIDATES = 40;
const RESTATEMENT_CANDIDATES = 8;
/** Within this of each other, two plain records are one burst of writing: never a value restated (inferred). */
const BURST_MS = 10 * 60_000;
/** Text analyses kept for candidates (each a few kilobytes). */
const ANALYSIS_CACHE = 5000;
/** A correction with a domain links within it; one without (the user's own) may link in any domain. */
function inScope(o: IndexedRecord, r: IndexedRecord): boolean {
  return o.project === r.project && (r.domain === null || o.domain === r.domain);
}

function older(o: IndexedRecord, r: IndexedRecord): boolean {
  return o.timeMs < r.timeMs || (o.timeMs === r.timeMs && o.rid < r.rid);
}

/** Two Han characters: a word the bigram table can count wherever it stands. */
const HAN_PAIR = /^\p{Script=Han}{2}$/u;
/** How many of the bigram table's rows are read to count a word held inside longer words. */
const GRAM_SAMPLE = 50;

/** A clause saying something stays as it was (still Mondays 09:00, 时间还是周日上午10点). */
const KEPT_CLAUSE = new RegExp(`${UNCHANGED.source}|还是|照样`, 'i');

/**
 * Whether an older record holds every value a plain record gives, leaving out those it says stay as they were: then the
 * record says something else about the same thing, and no value of it changed. False when it gives no value but kept ones.
 */
function newValuesHeld(c: TextAnalysis, o: TextAnalysis): boolean {
  const kept = c.plain.split(/[，,。；;（）()]/).filter((cl) => KEPT_CLAUSE.test(cl));
  const fresh = c.values.filter((v) => !kept.some((cl) => holds(cl, v)));
  return fresh.length > 0 && fresh.every((v) => heldValue(o, v));
}

/** Bare amounts a text gives (229, 24, 4500, £32): numbers that are no time, date, floor, address or identifier. */
const amountsIn = (t: string) =>
  [...t.matchAll(/(?<![\d.:/#_a-z-])\d{1,4}(?:\.\d+)?(?![\d.:/_-]|\s?(?:月|号|日|点|时|年|楼|栋|层|室|路|f\b|st\b|nd\b|rd\b|th\b|am\b|pm\b))/gi)].map((m) => m[0]);

/**
 * A plain record giving an amount where an older one gives another of its size (月卡 229 / 199, parallelism 64 / 32):
 * the amount changed, though neither says of what.
 */
function amountChanged(newer: string, older: string): boolean {
  const a = amountsIn(newer);
  const b = amountsIn(older);
  const mine = a.filter((n) => !b.includes(n));
  const theirs = b.filter((n) => !a.includes(n));
  return mine.some((a) => theirs.some((b) => a.replace('.', '').length === b.replace('.', '').length || (Number(a) / Number(b) >= 0.5 && Number(a) / Number(b) <= 2)));
}

/** A person's everyday name (小刘): the index holds it cut into its characters, unless the segmenter knows it (小林). */
const isPersonName = (w: string) => w.length === 2 && peopleIn(w)[0] === w;
/** A word as an FTS5 string; a person's everyday name either way the segmenter took it (小刘 cut, 小林 whole). */
const ftsString = (t: string) => {
  const q = `"${t.replace(/"/g, '""')}"`;
  return isPersonName(t) ? `(${q} OR "${[...t].join(' ')}")` : q;
};

/**
 * How the other language writes a value, as the index reads it: a clock time on a twelve-hour clock (16:30 → 4:30pm,
 * 4:30 pm; 20:00 → 8pm), an amount by its number alone (20块 → 20, for 20 RMB and ¥20), a day by its month's name.
 */
function otherWritings(v: string, shape: string): string[] {
  const clock = /^(\d{1,2}):(\d{2})$/.exec(v);
  if (clock) {
    const h = Number(clock[1]);
    const mm = clock[2]!;
    const h12 = h % 12 || 12;
    const half = h >= 12 ? 'pm' : 'am';
    return [`${String(h).padStart(2, '0')}:${mm}`, `${h12}:${mm}${half}`, `${h12}:${mm} ${half}`, ...(mm === '00' ? [`${h12}${half}`, `${h12} ${half}`] : [])];
  }
  // A day of the year: 3 月 15 日 → 15 mar, mar 15, 15 march, march 15 (and back: mar 15 → 3月15日).
  if (shape === 'date' && monthDay(v)) return monthDayForms(v);
  // A clock time written the Chinese way (9点, 晚上10点): each hour it may be, on a twelve-hour clock.
  if (shape === 'schedule' && /\d\s?点/.test(v)) return clockTimes(v).flatMap((t) => otherWritings(t, shape));
  // A day of the month (每月 5 号, 1 號): 5th, 1st.
  const dom = dayOfMonth(v);
  if (dom !== null && (shape === 'schedule' || shape === 'date')) return [ordinal(dom)];
  // A length of time (8 小时, 30 分钟, 7 天): 8h, 8 hours, 30 min, 7 days.
  const span = /^(\d+)\s?(小时|个小时|分钟|天)$/.exec(v);
  if (span && shape === 'duration') {
    const n = span[1]!;
    return span[2] === '天' ? [`${n} days`, `${n}d`] : span[2] === '分钟' ? [`${n} min`, `${n} minutes`, `${n}min`] : [`${n}h`, `${n} hours`, `${n} hrs`];
  }
  const amount = /^[¥$￥]?\s?(\d{2,}(?:\.\d+)?)\s?(?:元|块|rmb|usd|美元)?$/i.exec(v);
  return shape === 'price' && amount ? [amount[1]!] : [];
}

/**
 * The correction resolver: works out, when a record is indexed, which older records it supersedes
 * (the four ways are in supersession.ts). Loaded only by what indexes records (resolver.deferred.ts).
 */
export class SupersessionResolver {
  private readonly index: RecordIndex;
  private readonly opts: SupersessionOptions;
  private readonly q;
  /** records in the index, counted once per batch */
  private total: number | null = null;
  private readonly dfCache = new Map<string, number>();
  private readonly insideCache = new Map<string, number>();
  private readonly analyses = new Map<number, TextAnalysis>();

  constructor(index: RecordIndex, opts: SupersessionOptions = SUPERSESSION_DEFAULTS) {
    this.index = index;
    this.opts = opts;
    const db = index.db;
    this.q = preparedOnUse({
      byId: () => db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE id = ?`),
      byRid: () => db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE rid = ?`),
      putEdge: () => db.prepare(
        'INSERT OR REPLACE INTO edges (old_id, new_id, method, inferred, blocked, score, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      deleteEdge: () => db.prepare('DELETE FROM edges WHERE new_id = ? AND old_id = ?'),
      edgesOf: () => db.prepare('DELETE FROM edges WHERE new_id = ?'),
      resolutionOf: () => db.prepare('DELETE FROM resolutions WHERE id = ?'),
      putResolution: () => db.prepare('INSERT OR REPLACE INTO resolutions (id, status, candidates) VALUES (?, ?, ?)'),
      supersededBy: () => db.prepare('SELECT new_id FROM edges WHERE old_id = ? AND blocked = 0').pluck(),
      edgeInferred: () => db.prepare('SELECT max(inferred) FROM edges WHERE old_id = ? AND new_id = ? AND blocked = 0').pluck(),
      count: () => db.prepare('SELECT count(*) FROM records').pluck(),
      docFreq: () => db.prepare('SELECT doc FROM fts_vocab WHERE term = ?').pluck(),
      // The text only: key expansion (the keys column) never changes what a correction finds.
      matchCount: () => db.prepare('SELECT count(*) FROM fts WHERE body MATCH ?').pluck(),
      // Records holding a Han bigram inside a longer word (托育 in 豆豆托育): the bigram fallback's table.
      gramCount: () => db.prepare('SELECT count(*) FROM grams WHERE grams MATCH ?').pluck(),
      gramRows: () => db.prepare('SELECT rowid FROM grams WHERE grams MATCH ? LIMIT ?').pluck(),
      textOf: () => db.prepare('SELECT text FROM records WHERE rid = ?').pluck(),
      factsOf: () => db.prepare('SELECT key, value, old_value FROM facts WHERE rid = ?'),
      linkedFrom: () => db.prepare('SELECT DISTINCT old_id FROM link_events WHERE new_id = ?').pluck(),
      sessionBefore: () => db.prepare(
        `SELECT rid, id FROM records WHERE session = ? AND (time_ms, rid) < (?, ?) AND kind NOT IN (${NOT_TARGETS}) ORDER BY time_ms DESC, rid DESC LIMIT 8`,
      ),
      // The newest event about a pair decides whether it is linked.
      lastEvent: () => db.prepare('SELECT verb, event_id, why FROM link_events WHERE new_id = ? AND old_id = ? ORDER BY time_ms DESC, rid DESC LIMIT 1'),
      // The nearest statements of the same slot before and after a time (facts_key is on key, time).
      sameKeyBefore: () => db.prepare(
        `SELECT rid, value FROM facts WHERE key = ? AND domain IS ? AND project IS ? AND (time_ms, rid) < (?, ?)
         ORDER BY time_ms DESC, rid DESC LIMIT ?`,
      ),
      sameKeyAfter: () => db.prepare(
        `SELECT rid, value FROM facts WHERE key = ? AND domain IS ? AND project IS ? AND (time_ms, rid) > (?, ?)
         ORDER BY time_ms ASC, rid ASC LIMIT 1`,
      ),
      // The bigram fallback's table (index/tokenizer/bigrams.ts): 私教 inside 私教课, which the word index holds whole.
      gramScope: () => db.prepare(
        `SELECT r.rid AS rid, 0 AS bm FROM grams CROSS JOIN records r ON r.rid = grams.rowid
         WHERE grams MATCH ? AND r.project IS ? AND (? IS NULL OR r.domain IS ?) AND r.time_ms <= ? AND r.rid != ?
           AND r.kind NOT IN (${NOT_TARGETS}) ORDER BY r.time_ms DESC LIMIT ?`,
      ),
      ftsScope: () => db.prepare(
        `SELECT r.rid AS rid, bm25(fts, 1.0, 0.0) AS bm FROM fts CROSS JOIN records r ON r.rid = fts.rowid
         WHERE body MATCH ? AND r.project IS ? AND (? IS NULL OR r.domain IS ?) AND r.time_ms <= ? AND r.rid != ?
           AND r.kind NOT IN (${NOT_TARGETS}) ORDER BY bm LIMIT ?`,
      ),
    });
  }

  private record(row: unknown): IndexedRecord | null {
    return row ? readable(rowToRecord(row as Parameters<typeof rowToRecord>[0])) : null;
  }

  private analysis(o: IndexedRecord): TextAnalysis {
    let a = this.analyses.get(o.rid);
    if (!a) {
      const tok = this.index.tokenizer;
      a = analyzeText(o.text, (run) => tok.searchWords(run), this.index.knownDomains);
      // Bounded: the oldest fifth goes, not the whole cache (a bulk import keeps re-reading the same candidates).
      if (this.analyses.size >= ANALYSIS_CACHE) {
        let drop = ANALYSIS_CACHE / 5;
        for (const k of this.analyses.keys()) {
          if (drop-- <= 0) break;
          this.analyses.delete(k);
        }
      }
      this.analyses.set(o.rid, a);
    }
    return a;
  }

  /** Work out the edges out of (and, for inferred slots, into) every dirty record, oldest first; then apply link events. */
  resolveDirty(): number {
    const recs = [...this.index.dirty.values()].map(readable);
    const pairs = [...this.index.dirtyPairs.values()];
    this.index.dirty.clear();
    this.index.dirtyPairs.clear();
    if (recs.length === 0 && pairs.length === 0) return 0;
    recs.sort((a, b) => a.timeMs - b.timeMs || a.rid - b.rid);
    this.total = null;
    this.dfCache.clear();
    this.insideCache.clear();
    this.analyses.clear();
    let n = 0;
    for (const r of recs) n += this.resolve(r);
    for (const [newId, oldId] of pairs) n += this.applyEvents(newId, oldId);
    return n;
  }

  /**
   * The newest record at the end of o's chain that is still older than r (o itself when none), and
   * whether an inferred edge is on the way there.
   */
  private currentBefore(id: string, r: IndexedRecord): { cur: IndexedRecord | null; viaInferred: boolean } {
    let cur = this.record(this.q.byId.get(id));
    let viaInferred = false;
    for (let steps = 0; cur && steps < 32; steps++) {
      const next = (this.q.supersededBy.all(cur.id) as string[])
        .map((x) => this.record(this.q.byId.get(x)))
        .filter((x): x is IndexedRecord => x !== null && older(x, r) && x.id !== r.id && !isRedline(x))
        .sort((a, b) => b.timeMs - a.timeMs)[0];
      if (!next) break;
      if (this.q.edgeInferred.get(cur.id, next.id) === 1) viaInferred = true;
      cur = next;
    }
    return { cur, viaInferred };
  }

  /** Bring a pair's edge in line with the newest event about it (or, with none left, with the derivation). */
  private applyEvents(newId: string, oldId: string): number {
    const ev = this.q.lastEvent.get(newId, oldId) as { verb: string; event_id: string; why: string | null } | undefined;
    if (ev?.verb === 'unlink') {
      this.q.deleteEdge.run(newId, oldId);
      return 0;
    }
    const r = this.record(this.q.byId.get(newId));
    if (ev?.verb === 'link') return r ? this.linkByEvent(r, oldId) : 0;
    // The events about this pair are gone: derive the correction's edges again.
    return r ? this.resolve(r) : 0;
  }

  /** Write the `linked` edge r → oldId when the newest event about the pair is a link. */
  private linkByEvent(r: IndexedRecord, oldId: string): number {
    const ev = this.q.lastEvent.get(r.id, oldId) as { verb: string; event_id: string; why: string | null } | undefined;
    if (ev?.verb !== 'link') return 0;
    const o = this.record(this.q.byId.get(oldId));
    const detail: EdgeDetail = { event: ev.event_id, ...(ev.why ? { why: ev.why } : {}) };
    this.writeEdge({ oldId, newId: r.id, method: 'linked', inferred: false, blocked: o ? this.blocked(o, r) : false, score: 1, detail }, true);
    return 1;
  }

  private writeEdge(e: Edge, fromEvent = false): boolean {
    if (!fromEvent) {
      const ev = this.q.lastEvent.get(e.newId, e.oldId) as { verb: string } | undefined;
      if (ev?.verb === 'unlink') return false;
    }
    this.q.putEdge.run(e.oldId, e.newId, e.method, e.inferred ? 1 : 0, e.blocked ? 1 : 0, e.score, JSON.stringify(e.detail));
    return true;
  }

  private blocked(o: IndexedRecord, r: IndexedRecord): boolean {
    // Only a newer red line overrides a red line, and only the owner's overrides the owner's
    // (an agent relays red lines; it never replaces the user's own: docs/QUARANTINE.md).
    return isRedline(o) && !(isRedline(r) && !older(r, o) && (originOf(o) !== 'owner' || originOf(r) === 'owner'));
  }

  /**
   * The words worth a BM25 pass: in a large home, a word most records hold ("配置", "the") costs a
   * pass over all of them and tells nothing, so in a home of 2,000 records or more, words in more
   * than 1% of records are left out of the candidate search (they still count when candidates are
   * judged).
   */
  private selective(words: string[]): string[] {
    const uniq = [...new Set(words)];
    const total = (this.total ??= (this.q.count.get() as number) || 0);
    if (total < 2000 || uniq.length === 0) return uniq;
    return uniq.filter((w) => this.docFreq(w) / total <= 0.01);
  }

  /** Records holding a word, cached per batch. The vocabulary holds English words stemmed: those are counted by matching. */
  private docFreq(w: string): number {
    let n = this.dfCache.get(w);
    if (n === undefined) {
      // A person's everyday name (小刘) the index may hold cut apart: counted as a phrase.
      n = (this.q.docFreq.get(w) as number | undefined) ?? (/[a-z.]/.test(w) || isPersonName(w) ? (this.q.matchCount.get(ftsString(w)) as number) : 0);
      this.dfCache.set(w, n);
    }
    return n;
  }

  /**
   * Records holding a two-character Han word inside a longer word the segmenter cut (托育 in 豆豆托育), not across two
   * words (棚滴 in 棚 / 滴灌 is an accident of the characters). Counted on a sample of the bigram table's rows (GRAM_SAMPLE), cut again run by run as the index cut them.
   */
  private heldInside(w: string): number {
    let n = this.insideCache.get(w);
    if (n !== undefined) return n;
    const rids = this.q.gramRows.all(`"${w}"`, GRAM_SAMPLE) as number[];
    let inside = 0;
    for (const rid of rids) {
      const text = this.q.textOf.get(rid) as string | undefined;
      // Only the Han runs holding the word are cut again, as the index cut them.
      const runs = (text === undefined ? [] : (foldText(text).match(CJK_RUN) ?? [])).filter((run) => run.includes(w));
      if (runs.some((run) => this.index.tokenizer.searchWords(run).some((t) => t.length > w.length && t.includes(w)))) inside++;
    }
    const total = rids.length < GRAM_SAMPLE ? rids.length : (this.q.gramCount.get(`"${w}"`) as number);
    n = rids.length ? Math.round((inside * total) / rids.length) : 0;
    this.insideCache.set(w, n);
    return n;
  }

  /** The words the index holds for a record (as its segmenter cut them), read only when a Han word asks. */
  private ownTokens(r: IndexedRecord): () => Set<string> {
    let words: Set<string> | null = null;
    return () => (words ??= new Set(this.index.bodyOf(r).toLowerCase().split(/\s+/)));
  }

  /** Records other than the correction itself that hold a subject word (any of its alias forms). */
  private othersHolding(w: string, correction: TextAnalysis, own: () => Set<string>): number {
    const forms = ALIAS_VARIANTS.get(w) ?? [w];
    let n = 0;
    for (const f of forms) {
      try {
        n += f.includes(' ') ? (this.q.matchCount.get(ftsString(f)) as number) : this.docFreq(f);
        // A two-character Han word is held by the records that cut it as a word and by those holding it inside a
        // longer one (托育 in 豆豆托育): the word index and the bigram table are disjoint by construction.
        if (HAN_PAIR.test(f) && !isPersonName(f)) n += this.heldInside(f);
      } catch {
        /* a form FTS5 cannot parse counts as absent */
      }
    }
    // The correction holds its own words as the index cut them (补货单改 may be 补货 / 单改 there); an
    // alias form it did not write was not counted.
    const self = forms.some((f) => (isAscii(f) ? correction.hay.includes(f) : own().has(f) || (HAN_PAIR.test(f) && !isPersonName(f) && [...own()].some((t) => t.length > f.length && t.includes(f))))) ? 1 : 0;
    return Math.max(0, n - self);
  }

  /** Edges for one record. Returns how many were written. */
  resolve(r: IndexedRecord): number {
    this.q.edgesOf.run(r.id);
    this.q.resolutionOf.run(r.id);
    let n = 0;
    // explicit ids
    for (const id of r.corrects) {
      const o = this.record(this.q.byId.get(id));
      if (this.writeEdge({ oldId: id, newId: r.id, method: 'explicit', inferred: false, blocked: o ? this.blocked(o, r) : false, score: 1, detail: {} })) n++;
    }
    // A new red line that says it replaces an old one ("…那条作废") overrides it: only red lines can.
    if (r.corrects.length === 0 && isRedline(r) && (isCorrection(r) || REPLACES.test(r.text))) n += this.resolveByText(r, 'redline');
    else if (r.corrects.length === 0 && isCorrection(r)) n += this.resolveByText(r, 'correction');
    if (this.opts.inferCorrections) {
      n += this.inferFromFacts(r);
      if (!isCorrection(r) && !isRedline(r) && r.corrects.length === 0) {
        const k = SETTING_HINT.test(r.text) ? this.resolveByText(r, 'restatement') : 0;
        n += k;
        // One saying the value changed (现在是, 换成, is now) is judged as a correction is, its edges still inferred.
        if (k === 0 && STATED_CHANGE.test(r.text)) n += this.resolveByText(r, 'cued');
      }
    }
    // Links made by hand out of this record.
    for (const oldId of this.q.linkedFrom.all(r.id) as string[]) n += this.linkByEvent(r, oldId);
    return n;
  }

  /** Weight of a subject word for a correction: 0 when no other record holds it, else its IDF. */
  private weightFor(c: TextAnalysis, own: () => Set<string>): (w: string) => number {
    return (w: string) => {
      const df = this.othersHolding(w, c, own);
      if (df === 0) return 0;
      const total = (this.total ??= (this.q.count.get() as number) || 0);
      return Math.log(1 + total / df);
    };
  }

  /**
   * What a subject-part word no other record holds adds to the subject a candidate must cover:
   * UNKNOWN_SUBJECT_SHARE of a word one record holds. The correction names something (拦截列表,
   * 大号) that a candidate sharing one other word does not have. It never makes a word required.
   */
  private unknownWeightFor(c: TextAnalysis, own: () => Set<string>): (w: string) => number {
    const seen = new Map<string, number>();
    return (w: string) => {
      let v = seen.get(w);
      if (v === undefined) {
        const total = (this.total ??= (this.q.count.get() as number) || 0);
        v = !c.subjectPart.includes(w) || this.othersHolding(w, c, own) > 0 ? 0 : UNKNOWN_SUBJECT_SHARE * Math.log(1 + total);
        seen.set(w, v);
      }
      return v;
    };
  }

  /**
   * Records in the correction's scope holding the values of its chosen target (those with a digit: 4:00, 10.12.3.45,
   * 845 2210 9931), written in the other language: where a copy of the target in that language can be found.
   */
  private otherLanguageRows(best: Judged, r: IndexedRecord): { rid: number; bm: number }[] {
    if (!best.language) return [];
    // (A path or address names one thing with or without a digit: ~/aegisub/automation/autoload.)
    const values = [...new Map((best.shapes ?? []).filter(([v, sh]) => /\d/.test(v) || sh === 'path' || sh === 'host'))];
    const forms = [...new Set(values.flatMap(([v, sh]) => [v, ...otherWritings(v, sh)]))];
    if (forms.length === 0) return [];
    const match = forms.map(ftsString).join(' OR ');
    let rows: { rid: number; bm: number }[] = [];
    try {
      rows = this.q.ftsScope.all(match, r.project, r.domain, r.domain, r.timeMs, r.rid, MAX_CANDIDATES) as { rid: number; bm: number }[];
    } catch {
      return [];
    }
    return rows.filter((row) => {
      const o = this.record(this.q.byRid.get(row.rid));
      if (o === null || o === undefined || o.domain !== best.domain) return false;
      const plain = this.analysis(o).plain;
      return languageOf(plain) !== best.language || (best.plain !== undefined && carriedBy(plain) !== carriedBy(best.plain));
    });
  }

  /**
   * Find what a record supersedes from its words. `correction`: a 〔更正〕 naming no id; `redline`: a
   * red line replacing an older red line; `restatement`: a plain record restating a fact with
   * another value (inferred, stricter, only a few candidates, nothing recorded when none is found);
   * `cued`: a plain record saying a value changed, judged as a correction is, but found like a
   * restatement (its subject words, a few candidates), its edges inferred and no resolution recorded.
   */
  private resolveByText(r: IndexedRecord, mode: 'correction' | 'redline' | 'restatement' | 'cued'): number {
    const onlyRedlines = mode === 'redline';
    const c = this.analysis(r);
    if (mode === 'restatement' && (c.values.length === 0 || restatedSubject(c).length === 0 || c.valueShapes.size === 0)) return 0;
    // A plain record saying something changed with no value and no attribute word: judged below, more strictly still.
    const bare = mode === 'cued' && c.values.length === 0 && c.attrWords.length === 0;
    // A thing replaced by a new one today (竹林池今天换了新的木质躺椅): an occurrence reported, no setting of anything changed,
    // so no candidate is looked for.
    if (mode === 'cued' && (REPLACED_NEW.test(c.plain) || (c.values.length === 0 && REPLACED_NEW_THING.test(c.plain)))) return 0;
    const own = this.ownTokens(r);
    const weight = this.weightFor(c, own);
    const unknownWeight = this.unknownWeightFor(c, own);
    // Candidates: older records in scope holding a subject word or a value of the correction.
    const words = mode === 'restatement' ? restatedSubject(c) : c.subjects;
    const variants = words.flatMap((w) => ALIAS_VARIANTS.get(w) ?? [w]).filter((w) => !CORRECTION_FILLER.has(w));
    // The attribute's own words too: a record about the same attribute of another subject is a
    // candidate worth refusing by name (--explain shows it).
    // A plain record (a restatement, or one saying a value changed) is looked for by its subject words alone.
    const settingHinted = SETTING_HINT.test(r.text);
    // (A file moved keeps its name: /srv/showctl/config.toml is looked for as config.toml too.)
    const fileNames = c.values.filter((v) => c.valueShapes.get(v) === 'path').flatMap((v) => fileNameOf(v) ?? []);
    const matchTerms = this.selective(mode === 'restatement' || mode === 'cued' ? variants : [...variants, ...c.attrWords, ...c.oldValues, ...c.values, ...fileNames].filter((t) => t.length >= 2));
    const resolution: Resolution = { id: r.id, status: 'none', candidates: [] };
    if (matchTerms.length === 0) {
      if (mode === 'correction' || mode === 'redline') this.q.putResolution.run(r.id, resolution.status, '[]');
      return 0;
    }
    const match = matchTerms.map(ftsString).join(' OR ');
    let rows: { rid: number; bm: number }[] = [];
    try {
      // A plain record is looked for among the few records that best share its subject words.
      rows = this.q.ftsScope.all(match, r.project, r.domain, r.domain, r.timeMs, r.rid, mode === 'restatement' || mode === 'cued' ? RESTATEMENT_CANDIDATES : MAX_CANDIDATES) as { rid: number; bm: number }[];
    } catch {
      rows = [];
    }
    // A Han subject word the segmenter cut otherwise in a record (私教 in 私教课, 周稿 in 公众号周稿) is
    // found through its character bigrams.
    const byGrams = new Set<number>();
    if (mode === 'correction' || mode === 'redline') {
      const han = this.selective(variants.filter((w) => /^\p{Script=Han}{2,6}$/u.test(w)));
      const gramMatch = han.map((w) => `(${bigramsOf(w).map((g) => `"${g}"`).join(' AND ')})`).join(' OR ');
      if (gramMatch) {
        try {
          const more = this.q.gramScope.all(gramMatch, r.project, r.domain, r.domain, r.timeMs, r.rid, MAX_CANDIDATES) as { rid: number; bm: number }[];
          for (const m of more) if (!rows.some((x) => x.rid === m.rid)) (rows.push(m), byGrams.add(m.rid));
        } catch {
          /* a query FTS5 cannot parse finds nothing more */
        }
      }
    }
    // In a conversation, a correction is about what was just said: the latest earlier turn of the
    // same session that states the attribute is a candidate even when it shares no subject word.
    let previousTurn: string | null = null;
    if (mode === 'correction' && r.source.session) {
      for (const t of this.q.sessionBefore.all(r.source.session, r.timeMs, r.rid) as { rid: number; id: string }[]) {
        const o = this.record(this.q.byRid.get(t.rid));
        if (!o || !inScope(o, r)) continue;
        if (!sharesAttribute(c, this.analysis(o))) continue;
        previousTurn = o.id;
        if (!rows.some((x) => x.rid === t.rid)) rows.push({ rid: t.rid, bm: 0 });
        break;
      }
    }
    const judged: (Judged & { rec: IndexedRecord })[] = [];
    const permitsOnly = grantsPermission(c.plain) && (c.values.length === 0 || permitsInBareClause(c.plain, c.values));
    const judgeRow = (row: { rid: number }): void => {
      const o = this.record(this.q.byRid.get(row.rid));
      if (!o || !older(o, r) || !inScope(o, r)) return;
      if (onlyRedlines && !isRedline(o)) return;
      // A restatement stays within its domain, and never overrides a red line or a correction's own target choice.
      if ((mode === 'restatement' || mode === 'cued') && (o.domain !== r.domain || isRedline(o))) return;
      // Records written in one burst (a list of jobs, a transcript's facts) are items side by side, not a value restated.
      if (mode === 'restatement' && r.timeMs - o.timeMs < BURST_MS) return;
      let verdict =
        mode === 'restatement'
          ? judgeRestatement(c, this.analysis(o), weight)
          : judge(c, this.analysis(o), weight, { minShare: this.opts.minSubjectShare, relaxed: onlyRedlines, previousTurn: o.id === previousTurn, unknownWeight });
      // A plain record saying something changed, with no setting in sight, infers a change only of a slot the older record
      // states: 女儿校车换成 23 路了 does not change when the bus comes.
      // A plain record gives its values as they are now: one the older record holds every value of ("nightly build 现在会顺带跑
      // GUT", "每月 5 号交房租的时候…") says something else about the same thing, not that value changed.
      // (Unless it names a new person the older record does not: 助理教练换成阿杰, where 老周 held the post on 周三.)
      // (Nor when it names, in words, a new value of the attribute both state: 集合点换到龙门索道下站, where 码头 was.)
      const newPerson = mode === 'cued' ? newPersonOf(c.plain) : null;
      const newThing = mode === 'cued' && verdict.attribute ? newThingWords(c).filter((w) => !holds(this.analysis(o).hay, w)) : [];
      if (mode === 'cued' && verdict.accepted && newValuesHeld(c, this.analysis(o)) && !(newPerson && !holds(this.analysis(o).hay, newPerson)) && newThing.length === 0) {
        verdict = { ...verdict, accepted: false, score: 0, refusal: 'other-attribute', why: `holds every value the record gives (${c.values.join(', ')}): nothing it states changed` };
      }
      if (bare) {
        // Giving no value and naming no attribute ("Lumen 设计对接现在是 Sam，Priya 休产假"), a plain record supersedes a record
        // stating no value either: one that names no attribute and holds no number ("公众号留言现在直接显示" for "公众号留言要精选后
        // 才显示"), or, when the older one does, by naming the old thing as gone: a word it names after the change.
        // Never a line of dialogue ("Joanna: Appreciate you, Nate! … can't stop writing now") nor a report of progress: chat and
        // news say "now" of no setting.
        const oa = this.analysis(o);
        const plainStatement = oa.named.size === 0 && !/\d/.test(oa.plain);
        if (verdict.accepted && (speakerOf(r.text) || EVENT_CUE.test(c.hay) || EVENT_CUE.test(oa.hay))) {
          verdict = { ...verdict, accepted: false, score: 0, refusal: 'other-attribute', why: 'a line of dialogue or a report of progress, giving no value: says no setting changed' };
        } else if (verdict.accepted && (oa.valueShapes.size > 0 || (!plainStatement && !c.late.some((w) => holds(oa.hay, w) && !oa.lead.includes(w))))) {
          verdict = { ...verdict, accepted: false, score: 0, refusal: 'weak-subject', why: 'the record gives no value and names no attribute; this one states one, and holds nothing it names after the change' };
        }
      } else if (mode === 'cued' && (!settingHinted || c.values.length === 0) && verdict.accepted && !verdict.attribute && verdict.quoted.length === 0 && !amountChanged(c.plain, this.analysis(o).plain)) {
        verdict = { ...verdict, accepted: false, score: 0, refusal: 'other-attribute', why: 'names no attribute the record states, and quotes no value of it' };
      }
      // A correction granting a permission (可以直接发, no need to wait) changes a rule; a record stating no rule is
      // another fact of the same thing (where the key is kept, how often notes go out), unless the correction quotes its value.
      if (mode === 'correction' && verdict.accepted && permitsOnly && verdict.quoted.length === 0 && !statesRule(this.analysis(o).plain) && !grantsPermission(this.analysis(o).plain)) {
        verdict = { ...verdict, accepted: false, score: 0, refusal: 'other-attribute', why: 'the correction grants a permission; the record states no rule it could change' };
      }
      // Found through character pairs alone, sharing no whole word: it must state the attribute too.
      if (byGrams.has(row.rid) && verdict.accepted && !verdict.attribute && verdict.quoted.length === 0) {
        verdict = { ...verdict, accepted: false, score: 0, refusal: 'weak-subject', why: `shares no whole word with the correction (found through character pairs), and states no attribute it changes` };
      }
      judged.push({
        id: o.id,
        timeMs: o.timeMs,
        supersededBy: this.q.supersededBy.all(o.id) as string[],
        text: this.analysis(o).hay,
        lead: this.analysis(o).opening,
        things: [...this.analysis(o).subjects, ...this.analysis(o).generics],
        plain: this.analysis(o).plain,
        names: this.analysis(o).ids,
        language: languageOf(this.analysis(o).plain),
        carried: carriedBy(this.analysis(o).plain),
        shapes: [...this.analysis(o).valueShapes],
        verdict,
        domain: o.domain,
        rec: o,
      });
    };
    for (const row of rows) judgeRow(row);
    // Of accepted candidates, one holding what the correction names as its subject (挑书单提醒 → 书单)
    // beats one holding none of it: the watering reminder at the same 周六 09:00 is no rival.
    if (mode !== 'restatement') {
      const ev = subjectEvidence(c);
      const acc = judged.filter((j) => j.verdict.accepted);
      // (A name held by its initials is held: HA for Home Assistant.)
      const holding = acc.filter((j) => ev.some((w) => holds(j.text, w) || heldByInitials(c, j.plain ?? j.text, w)));
      if (ev.length && holding.length && holding.length < acc.length) {
        for (const j of acc) if (!holding.includes(j)) j.verdict = { ...j.verdict, accepted: false, refusal: 'other-subject', why: `holds none of ${ev.join(', ')}, which ${holding[0]!.id} holds` };
      }
    }
    let choice = choose(judged, this.opts.ambiguityRatio, c.plain);
    // The target written again in the other language shares none of the correction's words, only the target's values
    // (树莓派每周日凌晨4:00自动重启 / The Pi reboots automatically every Sunday at 04:00): look for it by those, and take it
    // when it is a copy (resolve/choose.ts).
    if (mode === 'correction' && choice.status === 'linked') {
      const best = judged.find((j) => j.id === choice.targets[0])!;
      const extra = this.otherLanguageRows(best, r).filter((x) => !rows.some((y) => y.rid === x.rid));
      if (extra.length) {
        for (const row of extra) judgeRow(row);
        choice = choose(judged, this.opts.ambiguityRatio, c.plain);
      }
    }
    // An inferred edge stands on its own verdict: a plain record takes no copy its words did not accept (王哥 房租 1900 is
    // no copy of 王哥 每月5号交租 for "往后每月8号交").
    if (mode === 'cued') choice.targets = choice.targets.filter((id) => judged.find((j) => j.id === id)!.verdict.accepted);
    if (mode === 'restatement') {
      let n = 0;
      for (const id of choice.targets) {
        const j = judged.find((x) => x.id === id)!;
        if ((this.q.supersededBy.all(id) as string[]).includes(r.id)) continue;
        if (this.writeEdge({ oldId: id, newId: r.id, method: 'inferred', inferred: true, blocked: false, score: j.verdict.score, detail: { shared: j.verdict.shared, ...(j.verdict.attribute ? { attribute: j.verdict.attribute } : {}) } })) n++;
      }
      return n;
    }
    // A target already corrected: the new correction supersedes its current version (a chain ends
    // at its newest link), whatever words that version happened to use.
    const taken = new Map<string, Pick<VetoTarget, 'taken' | 'viaInferred'>>(choice.targets.map((id, i) => [id, { taken: i === 0 ? 'best' : 'copy' }]));
    for (let i = 0; i < choice.targets.length; i++) {
      const { cur, viaInferred } = this.currentBefore(choice.targets[i]!, r);
      if (cur && cur.id !== choice.targets[i]) {
        taken.set(cur.id, { taken: 'chain', viaInferred });
        choice.notes.set(choice.targets[i]!, `already superseded by ${cur.id}: its current version is taken instead`);
        choice.notes.set(cur.id, `taken: the current version of ${choice.targets[i]}`);
        if (!judged.some((j) => j.id === cur.id)) {
          judged.push({ id: cur.id, timeMs: cur.timeMs, supersededBy: [], text: '', lead: [], domain: cur.domain, verdict: { ...judged.find((j) => j.id === choice.targets[i])!.verdict }, rec: cur });
        }
        choice.targets[i] = cur.id;
      }
    }
    choice.targets = [...new Set(choice.targets)];
    // The last look: counter-evidence of another subject or attribute refuses a chosen target (resolve/veto.ts).
    if ((mode === 'correction' || mode === 'cued') && choice.targets.length) {
      const byId = new Map(judged.map((j) => [j.id, j]));
      const cand = (j: Judged & { rec: IndexedRecord }) => ({ id: j.id, analysis: this.analysis(j.rec), verdict: j.verdict });
      const { kept, vetoed } = veto({
        correction: c,
        targets: choice.targets.map((id) => ({ ...cand(byId.get(id)!), ...(taken.get(id) ?? { taken: 'copy' as const }) })),
        candidates: judged.map(cand),
        judgeAlone: (a) => judge(c, a, weight, { minShare: this.opts.minSubjectShare, unknownWeight }),
      });
      for (const v of vetoed) {
        choice.notes.set(v.id, `refused after the choice (${v.rule}): ${v.why}`);
        byId.get(v.id)!.verdict = { ...byId.get(v.id)!.verdict, accepted: false };
      }
      choice.targets = kept;
      if (kept.length === 0) choice.status = 'none';
    }
    // Two records alike taken, where the correction says it changed only one of them and not which (只升了一台电脑，另一台
    // 还是旧的): linking either is a guess.
    if (mode === 'correction' && choice.targets.length >= 2 && saysOnlyOne(c.plain)) {
      for (const id of choice.targets) choice.notes.set(id, `ambiguous: the correction says it changed only one of ${choice.targets.length} alike records, not which; linked to none`);
      choice.targets = [];
      choice.status = 'ambiguous';
    }
    resolution.status = choice.status;
    resolution.candidates = judged
      .map((j) => ({ id: j.id, score: Math.round(j.verdict.score * 1000) / 1000, accepted: j.verdict.accepted, note: choice.notes.get(j.id) ?? j.verdict.why }))
      .sort((a, b) => Number(choice.targets.includes(b.id)) - Number(choice.targets.includes(a.id)) || Number(b.accepted) - Number(a.accepted) || b.score - a.score)
      .slice(0, 8);
    // A plain record saying a setting changed is an inferred correction: no resolution of its own.
    const cued = mode === 'cued';
    if (!cued) this.q.putResolution.run(r.id, resolution.status, JSON.stringify(resolution.candidates));
    let n = 0;
    for (const id of choice.targets) {
      const j = judged.find((x) => x.id === id)!;
      const v = j.verdict;
      if (cued && (this.q.supersededBy.all(id) as string[]).includes(r.id)) continue;
      const detail: EdgeDetail = { shared: v.shared, quoted: v.quoted, ...(v.attribute ? { attribute: v.attribute } : {}), score: Math.round(v.score * 1000) / 1000 };
      if (this.writeEdge({ oldId: id, newId: r.id, method: cued ? 'inferred' : 'resolved', inferred: cued, blocked: this.blocked(j.rec, r), score: v.score, detail })) n++;
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
        // A correction's own resolution decides its targets; a red line is never inferred away.
        if (isCorrection(newR) && newR.corrects.length === 0) continue;
        if (newR.timeMs - oldR.timeMs < BURST_MS) continue;
        // The same slot key is not enough (ssh 端口 of gpu3 vs of the jump host): the newer must restate the older.
        if (!judgeRestatement(this.analysis(newR), this.analysis(oldR), this.weightFor(this.analysis(newR), this.ownTokens(newR)), true).accepted) continue;
        // Only a red line that says it replaces one overrides it: an inferred edge into a red line stays blocked (flagged).
        if (this.writeEdge({ oldId: oldR.id, newId: newR.id, method: 'inferred', inferred: true, blocked: isRedline(oldR) || this.blocked(oldR, newR), score: 1, detail: { slot: f.key } })) n++;
      }
    }
    return n;
  }
}

