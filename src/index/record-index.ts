import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../store/sqlite.js';
import { OptmemError, type Problem } from '../core/errors.js';
import type { MemoryRecord } from '../core/record.js';
import { holdsOf, PACK_ORIGINS, type Origin } from '../core/provenance.js';
import { CORRECTION_MARK, markerWords, stripMarkers } from '../core/markers.js';
import { fallbackBigrams } from './tokenizer/bigrams.js';
import { extractFacts } from '../core/facts.js';
import { EVENT_KIND, parseEvent } from '../core/events.js';
import type { RetentionRow } from '../consolidate/retention.js';
import { waitMs } from '../store/wait.js';
import { DERIVATION_VERSION, SUPERSESSION_DEFAULTS, rowToResolution, type Resolution, type SupersessionOptions } from './supersession.js';
import { loadResolver } from './resolver.deferred.js';
import type { SupersessionResolver } from './resolver.js';
import { evidenceOf, rowToEdge, type Edge, type EdgeRow } from './edges.js';
import { SCHEMA_SQL, SCHEMA_TABLES, SCHEMA_VERSION } from './schema.js';
import { expandKey, KEY_EXPANSION_OFF, keyExpansionId, type KeyExpansionOptions } from './key-expansion.js';
import type { Tokenizer } from './tokenizer/tokenizer.js';
import { DuplicateIndex } from './duplicates.js';
import { DUPLICATE_DEFAULTS, type DuplicateOptions } from './dedup/options.js';
import { preparedOnUse } from './prepared-on-use.js';

export interface IndexedRecord extends MemoryRecord {
  rid: number;
  file: string;
  line: number;
  timeMs: number;
}

export interface IndexIdentity {
  schema: string;
  tokenizer: string;
  domains: string;
  /** the supersession options the edges were derived with */
  rules: string;
  /** what key expansion put in the keys column (index/key-expansion.ts) */
  keys: string;
}

interface RecordRow {
  rid: number;
  id: string;
  file: string;
  line: number;
  time: string;
  time_ms: number;
  domain: string | null;
  project: string | null;
  kind: string;
  tier: string;
  corrects: string | null;
  agent: string | null;
  session: string | null;
  ref: string | null;
  tags: string | null;
  text: string;
  origin: string | null;
  writer: string | null;
  quarantine: string | null;
}

export const RECORD_COLUMNS = 'rid, id, file, line, time, time_ms, domain, project, kind, tier, corrects, agent, session, ref, tags, text, origin, writer, quarantine';

export function rowToRecord(r: RecordRow): IndexedRecord {
  const source: MemoryRecord['source'] = {};
  if (r.agent) source.agent = r.agent;
  if (r.session) source.session = r.session;
  if (r.ref) source.ref = r.ref;
  const rec: IndexedRecord = {
    rid: r.rid,
    id: r.id,
    file: r.file,
    line: r.line,
    time: r.time,
    timeMs: r.time_ms,
    domain: r.domain,
    project: r.project,
    kind: r.kind,
    tier: r.tier as MemoryRecord['tier'],
    corrects: r.corrects ? (JSON.parse(r.corrects) as string[]) : [],
    source,
    tags: r.tags ? (JSON.parse(r.tags) as string[]) : [],
    text: r.text,
  };
  if (r.origin) rec.origin = r.origin as Origin;
  if (r.writer) rec.writer = r.writer;
  if (r.quarantine) rec.quarantine = JSON.parse(r.quarantine) as string[];
  return rec;
}

/** SQLite errors that mean the index file is damaged: the cure is a rebuild from the files. */
export function isCorruption(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? '';
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT_') || code === 'SQLITE_IOERR_SHORT_READ';
}

/**
 * The derived SQLite index: records with their metadata, an FTS5 table over segmented text, the
 * stat of each day file as last read, and the problems found in them. Disposable.
 */
export class RecordIndex {
  readonly db: Database.Database;
  readonly tokenizer: Tokenizer;
  readonly knownDomains: readonly string[];
  private stmts!: ReturnType<RecordIndex['prepare']>;
  /** true when this open created the index from nothing (the caller must fill it) */
  fresh = false;

  readonly supersession: SupersessionOptions;
  /** the origins whose records packs and core memory take (config `core.origins`) */
  packOrigins: readonly Origin[] = PACK_ORIGINS;
  /** key expansion: what goes in the keys column, and its BM25 weight (`bm25Weights`) */
  readonly keyExpansion: KeyExpansionOptions;
  private resolver: SupersessionResolver | null = null;
  /** duplicate keys, bands and links (index/duplicates.ts) */
  readonly duplicates: DuplicateIndex;

  private constructor(db: Database.Database, tokenizer: Tokenizer, knownDomains: readonly string[], supersession: SupersessionOptions, keyExpansion: KeyExpansionOptions, duplicates: DuplicateOptions) {
    this.db = db;
    this.tokenizer = tokenizer;
    this.knownDomains = knownDomains;
    this.supersession = supersession;
    this.duplicates = new DuplicateIndex(db, knownDomains, duplicates);
    this.keyExpansion = keyExpansion;
  }

  /** The arguments of bm25(fts, …): the text weighs 1, the keys column `index.keyWeight`. */
  get bm25Weights(): string {
    return `1.0, ${Number(this.keyExpansion.weight).toFixed(4)}`;
  }

  /** Derive supersession edges for every record inserted since the last call. Inside a write. */
  resolveDirty(): number {
    this.applyArchiveEvents();
    if (this.dirty.size === 0 && this.dirtyPairs.size === 0) return 0;
    this.resolver ??= new (loadResolver().SupersessionResolver)(this, this.supersession);
    return this.resolver.resolveDirty();
  }

  /**
   * Open the index, or create it. An index of another schema, tokenizer or domain set, or one
   * SQLite cannot read, is deleted and created empty (`fresh`), to be rebuilt from the files.
   */
  static open(
    file: string,
    tokenizer: Tokenizer,
    knownDomains: readonly string[],
    supersession: SupersessionOptions = SUPERSESSION_DEFAULTS,
    keyExpansion: KeyExpansionOptions = KEY_EXPANSION_OFF,
    duplicates: DuplicateOptions = DUPLICATE_DEFAULTS,
  ): RecordIndex {
    const identity: IndexIdentity = {
      schema: String(SCHEMA_VERSION),
      tokenizer: tokenizer.id,
      domains: [...knownDomains].sort().join(','),
      rules: `v${DERIVATION_VERSION};infer=${supersession.inferCorrections ? 1 : 0};share=${supersession.minSubjectShare};amb=${supersession.ambiguityRatio}`,
      keys: keyExpansionId(keyExpansion),
    };
    const tryOpen = (): RecordIndex | null => {
      const existed = fs.existsSync(file);
      const db = new SqliteDatabase(file);
      try {
        db.pragma(`busy_timeout = ${waitMs()}`);
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('cache_size = -32000');
        db.pragma('temp_store = MEMORY');
        db.pragma('journal_size_limit = 67108864');
        let matches = false;
        if (existed) {
          const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").get();
          if (hasMeta) {
            const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
            const m = Object.fromEntries(rows.map((r) => [r.key, r.value]));
            matches = (Object.keys(identity) as (keyof IndexIdentity)[]).every((k) => m[k] === identity[k]);
          }
          // The same identity but a table short (an index made by a build of this schema version still
          // under development): derived, so rebuilt, never a "no such table" later.
          if (matches) {
            const have = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type='table'").pluck().all() as string[]));
            matches = SCHEMA_TABLES.every((t) => have.has(t));
          }
        }
        if (existed && !matches) {
          db.close();
          return null;
        }
        const idx = new RecordIndex(db, tokenizer, knownDomains, supersession, keyExpansion, duplicates);
        if (!existed) {
          db.exec(SCHEMA_SQL);
          const put = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
          for (const [k, v] of Object.entries(identity)) put.run(k, v);
          idx.fresh = true;
        }
        idx.stmts = idx.prepare();
        return idx;
      } catch (e) {
        try {
          db.close();
        } catch {
          /* already unusable */
        }
        if (isCorruption(e)) return null;
        throw e;
      }
    };
    const first = tryOpen();
    if (first) return first;
    RecordIndex.deleteFiles(file);
    const second = tryOpen();
    if (!second) throw new OptmemError('INDEX', `could not create the index at ${file}`);
    return second;
  }

  static deleteFiles(file: string): void {
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
  }

  /** The index's statements, each prepared on first use: a search uses a handful of some forty. */
  private prepare() {
    const db = this.db;
    return preparedOnUse({
      insertRecord: () => db.prepare(
        `INSERT INTO records (id, file, line, time, time_ms, domain, project, kind, tier, corrects, agent, session, ref, tags, text, origin, writer, quarantine)
         VALUES (@id, @file, @line, @time, @time_ms, @domain, @project, @kind, @tier, @corrects, @agent, @session, @ref, @tags, @text, @origin, @writer, @quarantine)`,
      ),
      insertFts: () => db.prepare('INSERT INTO fts (rowid, body, keys) VALUES (?, ?, ?)'),
      insertGrams: () => db.prepare('INSERT INTO grams (rowid, g) VALUES (?, ?)'),
      deleteGrams: () => db.prepare('DELETE FROM grams WHERE rowid = ?'),
      insertFact: () => db.prepare('INSERT INTO facts (rid, key, value, old_value, domain, project, time_ms) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      deleteFactsOfFile: () => db.prepare('DELETE FROM facts WHERE rid IN (SELECT rid FROM records WHERE file = ?)'),
      idsOfFile: () => db.prepare('SELECT id FROM records WHERE file = ?'),
      ridsOfFile: () => db.prepare('SELECT rid FROM records WHERE file = ?'),
      deleteFts: () => db.prepare('DELETE FROM fts WHERE rowid = ?'),
      deleteRecordsOfFile: () => db.prepare('DELETE FROM records WHERE file = ?'),
      deleteProblemsOfFile: () => db.prepare('DELETE FROM problems WHERE file = ?'),
      insertProblem: () => db.prepare('INSERT INTO problems (file, line, message) VALUES (?, ?, ?)'),
      getFile: () => db.prepare('SELECT path, size, mtime_ms, ino, lines, records FROM files WHERE path = ?'),
      allFiles: () => db.prepare('SELECT path, size, mtime_ms, ino, lines, records FROM files'),
      putFile: () => db.prepare(
        'INSERT OR REPLACE INTO files (path, size, mtime_ms, ino, lines, records) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      deleteFile: () => db.prepare('DELETE FROM files WHERE path = ?'),
      byId: () => db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE id = ?`),
      idExists: () => db.prepare('SELECT 1 FROM records WHERE id = ?'),
      insertEvent: () => db.prepare('INSERT INTO link_events (rid, event_id, verb, new_id, old_id, time_ms, agent, why) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      eventsOfFile: () => db.prepare('SELECT e.new_id, e.old_id FROM link_events e JOIN records r ON r.rid = e.rid WHERE r.file = ?'),
      deleteEventsOfFile: () => db.prepare('DELETE FROM link_events WHERE rid IN (SELECT rid FROM records WHERE file = ?)'),
      insertArchiveEvent: () => db.prepare('INSERT INTO archive_events (rid, event_id, verb, id, time_ms, agent, why) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      archiveIdsOfFile: () => db.prepare('SELECT a.id FROM archive_events a JOIN records r ON r.rid = a.rid WHERE r.file = ?'),
      deleteArchiveEventsOfFile: () => db.prepare('DELETE FROM archive_events WHERE rid IN (SELECT rid FROM records WHERE file = ?)'),
      lastArchiveEvent: () => db.prepare("SELECT verb, event_id, time_ms FROM archive_events WHERE id = ? AND verb IN ('archive', 'unarchive') ORDER BY time_ms DESC, rid DESC LIMIT 1"),
      // Only the owner's approve/reject events count (an event record with no origin: the owner's).
      lastHoldEvent: () => db
        .prepare(
          "SELECT a.verb FROM archive_events a JOIN records r ON r.rid = a.rid WHERE a.id = ? AND a.verb IN ('approve', 'reject') AND r.origin IS NULL ORDER BY a.time_ms DESC, a.rid DESC LIMIT 1",
        )
        .pluck(),
      isFlagged: () => db.prepare('SELECT 1 FROM records WHERE id = ? AND quarantine IS NOT NULL').pluck(),
      flaggedIdsOfFile: () => db.prepare('SELECT id FROM records WHERE file = ? AND quarantine IS NOT NULL').pluck(),
      putHeld: () => db.prepare('INSERT OR REPLACE INTO held (id, status) VALUES (?, ?)'),
      dropHeld: () => db.prepare('DELETE FROM held WHERE id = ?'),
      putArchived: () => db.prepare('INSERT OR REPLACE INTO archived (id, event_id, time_ms) VALUES (?, ?, ?)'),
      dropArchived: () => db.prepare('DELETE FROM archived WHERE id = ?'),
    });
  }

  /**
   * The text FTS5 indexes for a record: its words and tags, without the domain prefix and markers;
   * a red line or correction also carries its marker word (core/markers.ts MARKER_WORDS).
   */
  bodyOf(r: MemoryRecord): string {
    const text = stripMarkers(r.text, this.knownDomains);
    const body = this.tokenizer.indexText(r.tags.length ? `${text}\n${r.tags.join(' ')}` : text);
    const marks = markerWords(r);
    return marks.length ? `${body}\n${marks.join(' ')}` : body;
  }

  /** The keys column of a record: words key expansion derives from it ("" when off). */
  keysOf(r: MemoryRecord): string {
    return expandKey(r, stripMarkers(r.text, this.knownDomains), this.keyExpansion, this.tokenizer);
  }

  /** Insert one record; returns false (and inserts nothing) when its id is already indexed. */
  insert(r: MemoryRecord, file: string, line: number): boolean {
    const holds = holdsOf(r);
    let info: Database.RunResult;
    try {
      info = this.stmts.insertRecord.run({
        id: r.id,
        file,
        line,
        time: r.time,
        time_ms: Date.parse(r.time),
        domain: r.domain,
        project: r.project,
        kind: r.kind,
        tier: r.tier,
        corrects: r.corrects.length ? JSON.stringify(r.corrects) : null,
        agent: r.source.agent ?? null,
        session: r.source.session ?? null,
        ref: r.source.ref ?? null,
        tags: r.tags.length ? JSON.stringify(r.tags) : null,
        text: r.text,
        origin: r.origin ?? null,
        writer: r.writer ?? null,
        quarantine: holds.length ? JSON.stringify(holds) : null,
      });
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw e;
    }
    const timeMs = Date.parse(r.time);
    // Events are decisions about other records: never searched, never a target.
    if (r.kind === EVENT_KIND) {
      const e = parseEvent(r.text);
      if (e && (e.verb === 'link' || e.verb === 'unlink')) {
        const [newId, oldId] = e.ids as [string, string];
        this.stmts.insertEvent.run(info.lastInsertRowid, r.id, e.verb, newId, oldId, timeMs, r.source.agent ?? null, e.why);
        this.dirtyPairs.set(`${newId} ${oldId}`, [newId, oldId]);
      } else if (e && (e.verb === 'archive' || e.verb === 'unarchive' || e.verb === 'approve' || e.verb === 'reject')) {
        const hold = e.verb === 'approve' || e.verb === 'reject';
        for (const id of new Set(e.ids)) {
          this.stmts.insertArchiveEvent.run(info.lastInsertRowid, r.id, e.verb, id, timeMs, r.source.agent ?? null, e.why);
          (hold ? this.dirtyHeld : this.dirtyArchive).add(id);
        }
      }
      return true;
    }
    if (holds.length) this.dirtyHeld.add(r.id);
    const body = this.bodyOf(r);
    this.stmts.insertFts.run(info.lastInsertRowid, body, this.keysOf(r));
    const grams = fallbackBigrams(stripMarkers(r.text, this.knownDomains), new Set(body.split(/\s+/)));
    if (grams.length) this.stmts.insertGrams.run(info.lastInsertRowid, grams.join(' '));
    const facts = extractFacts(r.text, (run) => this.tokenizer.words(run));
    for (const f of facts) {
      this.stmts.insertFact.run(info.lastInsertRowid, f.key, f.value, f.oldValue, r.domain, r.project, timeMs);
    }
    // Only records that can take part in supersession need resolving: those naming targets,
    // corrections, red lines, and those stating fact slots or values (a restatement may supersede).
    if (r.corrects.length || facts.length || r.kind === 'correction' || r.tier === 'redline' || CORRECTION_MARK.test(r.text) || /\d/.test(r.text) || loadResolver().SETTING_HINT.test(r.text) || loadResolver().STATED_CHANGE.test(r.text)) {
      this.dirty.set(r.id, { ...r, rid: Number(info.lastInsertRowid), file, line, timeMs });
    }
    return true;
  }

  /**
   * Ids whose supersession edges must be worked out again: records inserted, and corrections
   * whose own record was re-read. index/supersession.ts drains it.
   */
  readonly dirty = new Map<string, IndexedRecord>();
  /** (new, old) pairs whose link events changed: their edge is brought in line with the newest event */
  readonly dirtyPairs = new Map<string, [string, string]>();
  /** ids whose archive events changed: their archive state is worked out again */
  readonly dirtyArchive = new Set<string>();

  /** ids whose quarantine flag or approve/reject events changed: their held state is worked out again */
  readonly dirtyHeld = new Set<string>();

  /**
   * Held records: flagged at write time (records.quarantine) and not approved by the newest
   * approve/reject event about them. A red line is held like any other record.
   */
  private applyHoldEvents(): void {
    if (this.dirtyHeld.size === 0) return;
    for (const id of this.dirtyHeld) {
      const verb = this.stmts.lastHoldEvent.get(id) as string | undefined;
      if (!this.stmts.isFlagged.get(id) || verb === 'approve') this.stmts.dropHeld.run(id);
      else this.stmts.putHeld.run(id, verb === 'reject' ? 'rejected' : 'quarantined');
    }
    this.dirtyHeld.clear();
    this.heldCache = null;
  }

  private heldCache: Map<string, HeldStatus> | null = null;
  private seenDataVersion = -1;

  /**
   * The derived caches (held, archived) hold what this connection last read. Another connection
   * (another handle, another process: hooks, ingest, a CLI command) may have committed since, and
   * SQLite's data_version changes exactly then: the caches are read again.
   */
  private dropStaleCaches(): void {
    this.dataVersionStmt ??= this.sql('PRAGMA data_version', true);
    const v = this.dataVersionStmt.get() as number;
    if (v !== this.seenDataVersion) {
      this.seenDataVersion = v;
      this.heldCache = null;
      this.archivedCache = null;
    }
  }

  private readonly statements = new Map<string, Database.Statement>();

  /**
   * A statement prepared once per connection and kept (SQLite re-prepares it itself after a schema change); `pluck`
   * ones are kept apart, as pluck is a mode of the statement. Only statements read with get/all/run come from here.
   */
  private sql(text: string, pluck = false): Database.Statement {
    const key = pluck ? `p ${text}` : `r ${text}`;
    let st = this.statements.get(key);
    if (!st) {
      st = this.db.prepare(text);
      if (pluck) st.pluck();
      if (this.statements.size >= 200) this.statements.clear();
      this.statements.set(key, st);
    }
    return st;
  }

  private dataVersionStmt: Database.Statement | null = null;
  private memoKeyStmt: Database.Statement | null = null;
  private memos: { key: string; maps: Map<string, Map<string, unknown>> } | null = null;

  /**
   * A map of derived values kept until this connection writes or another one commits
   * (total_changes, data_version), then emptied: what search reads for every query and the index
   * answers the same until the data changes (record counts, word counts, the review queue). One
   * per name; a map past MEMO_MAX entries starts again.
   */
  memo<V>(name: string): Map<string, V> {
    this.memoKeyStmt ??= this.sql("SELECT (SELECT data_version FROM pragma_data_version()) || ':' || total_changes()", true);
    const key = this.memoKeyStmt.get() as string;
    if (this.memos?.key !== key) this.memos = { key, maps: new Map() };
    let m = this.memos.maps.get(name);
    if (!m || m.size > MEMO_MAX) this.memos.maps.set(name, (m = new Map()));
    return m as Map<string, V>;
  }

  /** How many records the index holds, in the given domains and projects (null: any); kept in `memo`. */
  recordCount(domains: string[] | null = null, projects: string[] | null = null): number {
    const sizes = this.memo<number>('recordCount');
    const scope = JSON.stringify([domains, projects]);
    let n = sizes.get(scope);
    if (n === undefined) {
      const where = scopeWhere(domains, projects, 'r');
      n = this.sql(`SELECT count(*) FROM records r${where.sql ? ` WHERE ${where.sql}` : ''}`, true).get(...where.params) as number;
      sizes.set(scope, n);
    }
    return n;
  }

  /** Held records (quarantined or rejected) by id: out of default search and every pack. */
  heldIds(): Map<string, HeldStatus> {
    this.dropStaleCaches();
    if (!this.heldCache) {
      const rows = this.sql('SELECT id, status FROM held').all() as { id: string; status: HeldStatus }[];
      this.heldCache = new Map(rows.map((r) => [r.id, r.status]));
    }
    return this.heldCache;
  }

  /** Bring the derived archive state of every id whose events changed in line with its newest event. */
  private applyArchiveEvents(): void {
    this.applyHoldEvents();
    if (this.dirtyArchive.size === 0) return;
    for (const id of this.dirtyArchive) {
      const ev = this.stmts.lastArchiveEvent.get(id) as { verb: string; event_id: string; time_ms: number } | undefined;
      if (ev?.verb === 'archive') this.stmts.putArchived.run(id, ev.event_id, ev.time_ms);
      else this.stmts.dropArchived.run(id);
    }
    this.dirtyArchive.clear();
    this.archivedCache = null;
  }

  private archivedCache: { ids: Set<string>; n: number } | null = null;

  /**
   * Ids of archived records (not red lines: a red line is never archived, whatever an event says).
   * Archived records leave default search; `search --archived` brings them back.
   */
  archivedIds(): Set<string> {
    this.dropStaleCaches();
    if (!this.archivedCache) {
      const ids = this.sql("SELECT a.id FROM archived a WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = a.id AND r.tier = 'redline')", true).all() as string[];
      this.archivedCache = { ids: new Set(ids), n: ids.length };
    }
    return this.archivedCache.ids;
  }

  /** How many ids the archive table names (an upper bound of archivedIds().size; cheap). */
  archivedCount(): number {
    this.dropStaleCaches();
    return this.archivedCache?.n ?? (this.sql('SELECT count(*) FROM archived', true).get() as number);
  }

  /** The archive event that archived `id`, or null when it is not archived. */
  archivedBy(id: string): { eventId: string; time: string } | null {
    if (!this.archivedIds().has(id)) return null;
    const row = this.sql('SELECT event_id, time_ms FROM archived WHERE id = ?').get(id) as { event_id: string; time_ms: number } | undefined;
    return row ? { eventId: row.event_id, time: new Date(row.time_ms).toISOString() } : null;
  }

  removeFile(file: string): void {
    const ids = this.stmts.idsOfFile.pluck().all(file) as string[];
    for (const id of ids) {
      // Edges out of these records go; edges into them stay (ids are stable across a re-read)
      // and are re-derived when the record comes back.
      this.sql('DELETE FROM edges WHERE new_id = ?').run(id);
      this.sql('DELETE FROM resolutions WHERE id = ?').run(id);
    }
    this.stmts.deleteFactsOfFile.run(file);
    for (const p of this.stmts.eventsOfFile.all(file) as { new_id: string; old_id: string }[]) this.dirtyPairs.set(`${p.new_id} ${p.old_id}`, [p.new_id, p.old_id]);
    this.stmts.deleteEventsOfFile.run(file);
    for (const id of this.stmts.archiveIdsOfFile.pluck().all(file) as string[]) {
      this.dirtyArchive.add(id);
      this.dirtyHeld.add(id);
    }
    for (const id of this.stmts.flaggedIdsOfFile.all(file) as string[]) this.dirtyHeld.add(id);
    this.stmts.deleteArchiveEventsOfFile.run(file);
    this.archivedCache = null;
    this.heldCache = null;
    const rids = this.stmts.ridsOfFile.all(file) as { rid: number }[];
    this.duplicates.removing(rids.map((x) => x.rid));
    for (const { rid } of rids) {
      this.stmts.deleteFts.run(rid);
      this.stmts.deleteGrams.run(rid);
    }
    this.stmts.deleteRecordsOfFile.run(file);
    this.stmts.deleteProblemsOfFile.run(file);
    this.stmts.deleteFile.run(file);
  }

  addProblems(problems: Problem[]): void {
    for (const p of problems) this.stmts.insertProblem.run(p.file, p.line, p.message);
  }

  fileRow(path: string): FileRow | undefined {
    return this.stmts.getFile.get(path) as FileRow | undefined;
  }

  fileRows(): FileRow[] {
    return this.stmts.allFiles.all() as FileRow[];
  }

  putFile(row: FileRow): void {
    this.stmts.putFile.run(row.path, row.size, row.mtime_ms, row.ino, row.lines, row.records);
  }

  get(id: string): IndexedRecord | null {
    const row = this.stmts.byId.get(id) as RecordRow | undefined;
    return row ? rowToRecord(row) : null;
  }

  has(id: string): boolean {
    return this.stmts.idExists.get(id) !== undefined;
  }

  /** How one correction naming no id was resolved, or null. */
  resolution(id: string): Resolution | null {
    const row = this.sql('SELECT id, status, candidates FROM resolutions WHERE id = ?').get(id) as Parameters<typeof rowToResolution>[0] | undefined;
    return row ? rowToResolution(row) : null;
  }

  /** How corrections without ids were resolved: counts by status (linked, none, ambiguous). */
  resolutionCounts(): Record<'linked' | 'none' | 'ambiguous', number> {
    const out = { linked: 0, none: 0, ambiguous: 0 };
    for (const r of this.sql('SELECT status, count(*) AS n FROM resolutions GROUP BY status').all() as { status: keyof typeof out; n: number }[]) out[r.status] = r.n;
    return out;
  }

  /**
   * Live supersession links that rest on words alone (resolved or inferred, quoting no old value the
   * older record holds: index/edges.ts evidenceOf): how many, and the newest `limit` of them.
   */
  wordOnlyLinks(limit = 5): { total: number; newest: { newId: string; oldId: string }[] } {
    const rows = this.sql("SELECT e.new_id AS newId, e.old_id AS oldId, e.method, e.detail FROM edges e JOIN records n ON n.id = e.new_id WHERE e.blocked = 0 AND e.method IN ('resolved', 'inferred') ORDER BY n.time_ms DESC, e.new_id, e.old_id")
      .all() as { newId: string; oldId: string; method: Edge['method']; detail: string }[];
    const words = rows.filter((r) => evidenceOf({ method: r.method, detail: JSON.parse(r.detail) as Edge['detail'] }) === 'words');
    return { total: words.length, newest: words.slice(0, limit).map(({ newId, oldId }) => ({ newId, oldId })) };
  }

  /** Ids of corrections left unlinked (none) or ambiguous, newest first. */
  unresolved(status: 'none' | 'ambiguous', limit = 20): string[] {
    return this.sql('SELECT r.id FROM resolutions s JOIN records r ON r.id = s.id WHERE s.status = ? ORDER BY r.time_ms DESC LIMIT ?', true)
      .all(status, limit) as string[];
  }

  problems(): Problem[] {
    return this.sql('SELECT file, line, message FROM problems ORDER BY file, line').all() as Problem[];
  }

  /** Run fn in an IMMEDIATE transaction: one writer at a time across processes. */
  write<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ---- What sessions (core memory, handoffs, context packs) read. "Live": not superseded by a
  // link that applies (an unblocked edge). A project scope means global records plus that project's.

  /** Red lines not superseded by a newer red line, newest first; with a project: global ones and that project's. */
  liveRedlines(project: string | null | undefined): IndexedRecord[] {
    const scope = project ? ' AND (r.project IS NULL OR r.project = ?)' : '';
    return (this.sql(`SELECT ${SCOPED_COLUMNS} FROM records r WHERE r.tier = 'redline' AND ${packSql(this.packOrigins)}${scope} ORDER BY r.time_ms DESC, r.id`)
      .all(...(project ? [project] : [])) as RecordRow[]).map(rowToRecord);
  }

  /**
   * How many records wait for the owner (held by the quarantine scan, neither approved nor rejected);
   * with a project: global ones and that project's. Their text never enters a pack, only this count.
   */
  waitingCount(project: string | null | undefined): number {
    const scope = project ? ' AND (r.project IS NULL OR r.project = ?)' : '';
    return this.sql(`SELECT COUNT(*) FROM held h JOIN records r ON r.id = h.id WHERE h.status = 'quarantined'${scope}`, true).get(...(project ? [project] : [])) as number;
  }

  /** Corrections that currently supersede something (they carry the fix of a past mistake), newest first. */
  liveCorrections(project: string | null | undefined, limit: number): IndexedRecord[] {
    const scope = project ? ' AND (r.project IS NULL OR r.project = ?)' : '';
    return (this.sql(
        `SELECT ${SCOPED_COLUMNS} FROM records r WHERE r.kind = 'correction' AND ${packSql(this.packOrigins)} AND r.tier != 'redline'
         AND EXISTS (SELECT 1 FROM edges e WHERE e.new_id = r.id AND e.blocked = 0)${scope}
         ORDER BY r.time_ms DESC, r.id LIMIT ?`,
      )
      .all(...(project ? [project] : []), limit) as RecordRow[]).map(rowToRecord);
  }

  /** Whether a newer record supersedes this one through a link that applies. */
  isSuperseded(id: string): boolean {
    return this.sql('SELECT 1 FROM edges WHERE old_id = ? AND blocked = 0').get(id) !== undefined;
  }

  /** Live records since `sinceMs` worth carrying (evidence and normal tiers; no handoff, diary or summary), newest first. */
  recentLiveFacts(project: string | null | undefined, sinceMs: number, limit: number): IndexedRecord[] {
    const scope = project ? ' AND (r.project IS NULL OR r.project = ?)' : '';
    return (this.sql(
        `SELECT ${SCOPED_COLUMNS} FROM records r WHERE r.time_ms >= ? AND r.tier IN ('evidence', 'normal') AND r.kind NOT IN ('handoff', 'diary', 'summary', 'event')
         AND ${packSql(this.packOrigins)}${scope} ORDER BY r.time_ms DESC, r.id LIMIT ?`,
      )
      .all(sinceMs, ...(project ? [project] : []), limit) as RecordRow[]).map(rowToRecord);
  }

  /** The project's newest live handoff, or null. */
  latestHandoff(project: string): IndexedRecord | null {
    const row = this.sql(`SELECT ${SCOPED_COLUMNS} FROM records r WHERE r.kind = 'handoff' AND r.project = ? AND ${packSql(this.packOrigins)} ORDER BY r.time_ms DESC, r.rid DESC LIMIT 1`)
      .get(project) as RecordRow | undefined;
    return row ? rowToRecord(row) : null;
  }

  /** Names of the projects that have a handoff, the most recent handoff first. */
  projectsWithHandoffs(): string[] {
    return this.sql(`SELECT r.project FROM records r WHERE r.kind = 'handoff' AND r.project IS NOT NULL GROUP BY r.project ORDER BY max(r.time_ms) DESC`, true)
      .all() as string[];
  }

  /** A project's own live records (no handoffs, no chatter), newest first. */
  liveProjectRecords(project: string, limit: number): IndexedRecord[] {
    return (this.sql(
        `SELECT ${SCOPED_COLUMNS} FROM records r WHERE r.project = ? AND r.kind NOT IN ('handoff', 'event') AND r.tier != 'chatter' AND ${packSql(this.packOrigins)}
         ORDER BY r.time_ms DESC, r.id LIMIT ?`,
      )
      .all(project, limit) as RecordRow[]).map(rowToRecord);
  }

  /**
   * The newest records, newest first: no events; a record of no project belongs to every project's
   * view (as in search). Filters are exact (domains compared lower-case).
   */
  recent(f: { limit: number; domains?: string[]; projects?: string[]; kinds?: string[]; archived?: boolean; quarantined?: boolean }): IndexedRecord[] {
    const where = ["r.kind != 'event'"];
    if (!f.archived) where.push("(r.tier = 'redline' OR r.id NOT IN (SELECT id FROM archived))");
    if (!f.quarantined) where.push('r.id NOT IN (SELECT id FROM held)');
    const args: (string | number)[] = [];
    const inList = (col: string, vals: string[]) => {
      where.push(`${col} IN (${vals.map(() => '?').join(',')})`);
      args.push(...vals);
    };
    if (f.domains?.length) inList('lower(r.domain)', f.domains.map((d) => d.toLowerCase()));
    if (f.kinds?.length) inList('r.kind', f.kinds);
    if (f.projects?.length) {
      where.push(`(r.project IS NULL OR r.project IN (${f.projects.map(() => '?').join(',')}))`);
      args.push(...f.projects);
    }
    args.push(f.limit);
    return (this.sql(`SELECT ${SCOPED_COLUMNS} FROM records r WHERE ${where.join(' AND ')} ORDER BY r.time_ms DESC, r.rid DESC LIMIT ?`).all(...args) as RecordRow[]).map(rowToRecord);
  }

  /**
   * Current facts for the topic files: not superseded, not chatter, none of the given kinds
   * (diary, handoff, summary, event), in no particular order; only the fields a topic entry needs
   * (a home of 100k records lists nearly all of them, so every column and object counts).
   */
  currentFacts(excludedKinds: readonly string[]): FactRow[] {
    const ph = excludedKinds.map(() => '?').join(',');
    const rows = this.db
      .prepare(`SELECT r.id, r.time, r.time_ms, r.tier, r.domain, r.tags, r.text FROM records r WHERE r.kind NOT IN (${ph || "''"}) AND r.tier != 'chatter' AND ${LIVE_SQL}`)
      .raw()
      .all(...excludedKinds) as [string, string, number, string, string | null, string | null, string][];
    return rows.map(([id, time, timeMs, tier, domain, tags, text]) => ({ id, time, timeMs, tier, domain, tags: tags ? (JSON.parse(tags) as string[]) : [], text }));
  }

  /** newer id → the older ids it supersedes through links that apply (sorted). */
  replacedIds(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const e of this.sql('SELECT new_id AS n, old_id AS o FROM edges WHERE blocked = 0 ORDER BY new_id, old_id').all() as { n: string; o: string }[]) {
      const l = out.get(e.n);
      if (l) l.push(e.o);
      else out.set(e.n, [e.o]);
    }
    return out;
  }

  /** The dates (YYYY-MM-DD, in each record's own offset) that have records other than events, oldest first. */
  recordDates(): string[] {
    return this.sql("SELECT DISTINCT substr(time, 1, 10) FROM records WHERE kind != 'event' ORDER BY 1", true).all() as string[];
  }

  /** Edges out of a record (what it supersedes), blocked ones included. */
  edgesFrom(id: string): Edge[] {
    return (this.sql('SELECT * FROM edges WHERE new_id = ? ORDER BY old_id').all(id) as EdgeRow[]).map(rowToEdge);
  }

  /** Edges into a record (what supersedes it), blocked ones included. */
  edgesInto(id: string): Edge[] {
    return (this.sql('SELECT * FROM edges WHERE old_id = ? ORDER BY new_id').all(id) as EdgeRow[]).map(rowToEdge);
  }

  /** The edge NEW → OLD, if any. */
  edge(newId: string, oldId: string): Edge | null {
    const row = this.sql('SELECT * FROM edges WHERE new_id = ? AND old_id = ?').get(newId, oldId) as EdgeRow | undefined;
    return row ? rowToEdge(row) : null;
  }

  /** link/unlink events about any of these records, oldest first. */
  linkEventsAbout(ids: string[]): LinkEventRow[] {
    if (ids.length === 0) return [];
    const ph = ids.map(() => '?').join(',');
    return this.sql(
        `SELECT e.event_id AS eventId, e.verb, e.new_id AS newId, e.old_id AS oldId, r.time, e.agent, e.why FROM link_events e JOIN records r ON r.rid = e.rid
         WHERE e.new_id IN (${ph}) OR e.old_id IN (${ph}) ORDER BY e.time_ms, e.rid`,
      )
      .all(...ids, ...ids) as LinkEventRow[];
  }

  /** What retention (consolidate/retention.ts) needs of every record but events, oldest first. */
  retentionRows(): RetentionRow[] {
    return this.sql(
        `SELECT r.id, r.time_ms AS timeMs, r.kind, r.tier, r.project,
           (SELECT min(n.time_ms) FROM edges e JOIN records n ON n.id = e.new_id WHERE e.old_id = r.id AND e.blocked = 0) AS supersededMs,
           EXISTS (SELECT 1 FROM edges e WHERE e.new_id = r.id AND e.blocked = 0) AS supersedes
         FROM records r WHERE r.kind != 'event' ORDER BY r.time_ms, r.rid`,
      )
      .all()
      .map((x) => ({ ...(x as RetentionRow), supersedes: Boolean((x as { supersedes: number }).supersedes) }));
  }

  /** archive/unarchive events naming any of `ids`, oldest first. */
  archiveEventsAbout(ids: string[]): ArchiveEventRow[] {
    if (ids.length === 0) return [];
    return this.sql(
        `SELECT a.event_id AS eventId, a.verb, a.id, r.time, a.agent, a.why FROM archive_events a JOIN records r ON r.rid = a.rid
         WHERE a.id IN (${ids.map(() => '?').join(',')}) ORDER BY a.time_ms, a.rid`,
      )
      .all(...ids) as ArchiveEventRow[];
  }

  /** Every record id in the order of the log: day file by day file, line by line. */
  idsInLogOrder(): string[] {
    return this.sql('SELECT id FROM records ORDER BY file, line', true).all() as string[];
  }

  /** Fold the write-ahead log back into the index file (after a bulk import). */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** Record counts by a column (domain, kind, tier), '-' for none, largest first. */
  countBy(column: 'domain' | 'kind' | 'tier'): Record<string, number> {
    const rows = this.sql(`SELECT coalesce(${column}, '-') AS k, count(*) AS n FROM records GROUP BY k ORDER BY n DESC`).all() as { k: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.k, r.n]));
  }

  /** The time strings of the oldest and newest records. */
  timeRange(): { first: string | null; last: string | null } {
    const one = (sql: string) => (this.sql(sql, true).get() as string | undefined) ?? null;
    return {
      first: one('SELECT time FROM records ORDER BY time_ms ASC, rid ASC LIMIT 1'),
      last: one('SELECT time FROM records ORDER BY time_ms DESC, rid ASC LIMIT 1'),
    };
  }

  /** Throw away everything derived from the files (a rebuild follows). Call inside write(). */
  clear(): void {
    this.db.exec("DELETE FROM records; DELETE FROM files; DELETE FROM problems; DELETE FROM facts; DELETE FROM edges; DELETE FROM resolutions; DELETE FROM link_events; DELETE FROM archive_events; DELETE FROM archived; DELETE FROM held; DELETE FROM dup_keys; DELETE FROM dup_bands; DELETE FROM dup_links; DELETE FROM meta WHERE key = 'dup_options'; INSERT INTO fts(fts) VALUES('delete-all'); INSERT INTO grams(grams) VALUES('delete-all');");
    this.archivedCache = null;
    this.heldCache = null;
    this.dirtyArchive.clear();
    this.dirtyHeld.clear();
    this.duplicates.reset();
  }

  /** Targets named by `acknowledge` events (files in recovered/, record ids). */
  acknowledgedTargets(): Set<string> {
    const rows = this.sql("SELECT text FROM records WHERE kind = 'event' AND text LIKE 'acknowledge %'", true).all() as string[];
    const out = new Set<string>();
    for (const t of rows) {
      const e = parseEvent(t);
      if (e?.verb === 'acknowledge') out.add(e.ids[0]!);
    }
    return out;
  }

  /** The hashes named by the acknowledge events of one target (a record acknowledged as it stood; see `verify`). */
  acknowledgedHashes(target: string): Set<string> {
    const rows = this.sql("SELECT text FROM records WHERE kind = 'event' AND text LIKE 'acknowledge %'", true).all() as string[];
    const out = new Set<string>();
    for (const t of rows) {
      const e = parseEvent(t);
      if (e?.verb === 'acknowledge' && e.ids[0] === target && e.hash) out.add(e.hash);
    }
    return out;
  }

  /** SQLite's own quick check: 'ok', or what it found. */
  quickCheck(): string {
    try {
      return String(this.db.pragma('quick_check', { simple: true }));
    } catch (e) {
      return (e as Error).message;
    }
  }

  /** A value kept beside the identity that is not part of it (e.g. the seal's head last seen); null when unset. */
  metaValue(key: string): string | null {
    const v = this.sql('SELECT value FROM meta WHERE key = ?', true).get(key);
    return typeof v === 'string' ? v : null;
  }

  setMetaValue(key: string, value: string): void {
    this.sql('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }

  /** What the index was built with (schema, tokenizer, domains, rules). */
  identity(): Record<string, string> {
    return Object.fromEntries((this.sql('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  }

  /** Row counts: records, full-text rows, event records, problems. */
  counts(): { records: number; fts: number; events: number; problems: number } {
    const one = (sql: string) => this.sql(sql, true).get() as number;
    return {
      records: one('SELECT count(*) FROM records'),
      fts: one('SELECT count(*) FROM fts'),
      events: one("SELECT count(*) FROM records WHERE kind = 'event'"),
      problems: one('SELECT count(*) FROM problems'),
    };
  }

  /**
   * What ingest already wrote: the `ref` and text of every record whose ref names a line
   * (`file#L12`), read from the index file with a read-only connection of its own ([] when
   * there is no index yet). Ingest runs beside an open memory and needs only this.
   */
  static lineRefsIn(file: string): { ref: string; text: string }[] {
    if (!fs.existsSync(file)) return [];
    const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare("SELECT ref, text FROM records WHERE ref LIKE '%#L%'").all() as { ref: string; text: string }[];
    } finally {
      db.close();
    }
  }
}

/** Not superseded: no unblocked edge names the record as the older one. */
/** Current (nothing supersedes it) and not held by quarantine. */
const LIVE_SQL = 'NOT EXISTS (SELECT 1 FROM edges e WHERE e.old_id = r.id AND e.blocked = 0) AND r.id NOT IN (SELECT id FROM held)';
/** What packs and core memory take: live records of the origins `core.origins` names (default owner and agent). */
// Archived records are forgotten for packs too (a red line is never archived).
function packSql(origins: readonly Origin[]): string {
  const others = origins.filter((o) => o !== 'owner').map((o) => `'${o}'`);
  const owner = origins.includes('owner') ? 'r.origin IS NULL' : '0';
  return `${LIVE_SQL} AND (r.tier = 'redline' OR r.id NOT IN (SELECT id FROM archived)) AND (${owner}${others.length ? ` OR r.origin IN (${others.join(', ')})` : ''})`;
}
/** RECORD_COLUMNS for a query that names the records table `r`. */
const SCOPED_COLUMNS = RECORD_COLUMNS.split(', ').map((c) => 'r.' + c).join(', ');

export interface LinkEventRow {
  eventId: string;
  verb: 'link' | 'unlink';
  newId: string;
  oldId: string;
  time: string;
  agent: string | null;
  why: string | null;
}

/** Why a record is held out of default search and packs (docs/QUARANTINE.md). */
export type HeldStatus = 'quarantined' | 'rejected';

export interface ArchiveEventRow {
  eventId: string;
  /** archive/unarchive (forgetting) or approve/reject (quarantine) */
  verb: 'archive' | 'unarchive' | 'approve' | 'reject';
  id: string;
  time: string;
  agent: string | null;
  why: string | null;
}

/** What a topic entry needs of a record (RecordIndex.currentFacts). */
export interface FactRow {
  id: string;
  time: string;
  timeMs: number;
  tier: string;
  domain: string | null;
  tags: string[];
  text: string;
}

export interface FileRow {
  path: string;
  size: number;
  mtime_ms: number;
  ino: number;
  lines: number;
  records: number;
}

/** Entries a `memo` map holds at most (a long-running server asked many different words). */
const MEMO_MAX = 10_000;

/** The SQL test for records in the given domains and projects (null: any), on table alias `r`; '' when none. */
export function scopeWhere(domains: string[] | null, projects: string[] | null, alias: string): { sql: string; params: string[] } {
  const params: string[] = [];
  const parts: string[] = [];
  for (const [col, values] of [['domain', domains], ['project', projects]] as const) {
    if (!values) continue;
    parts.push(`${alias}.${col} IN (${values.map(() => '?').join(',')})`);
    params.push(...values);
  }
  return { sql: parts.join(' AND '), params };
}
