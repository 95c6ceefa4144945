import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { doorRules, keyExpansionOptions, readConfig, type HomeConfig } from './config.js';
import { OptmemError, formatProblem, type Problem } from './core/errors.js';
import { createRecord, plainRecord, sameContent, type MemoryRecord, type RecordInput } from './core/record.js';
import { parseTime } from './core/time.js';
import { appendRecalls, compactRecalls, readRecalls, RECALL_TOP } from './consolidate/recall-log.js';
import { readPins } from './sessions/core-pins.js';
import { RecordIndex, isCorruption, type ArchiveEventRow, type IndexedRecord } from './index/record-index.js';
import { indexAppended, rebuildIndex, syncIndex, type SyncReport } from './index/sync.js';
import type { Edge, Resolution } from './index/supersession.js';
import { EVENT_KIND, MAX_ARCHIVE_IDS, checkEvent, eventText, parseEvent, type EventVerb } from './core/events.js';
import { createJiebaSegmenter } from './index/tokenizer/jieba.js';
import { createTokenizer, type QueryTerm, type Tokenizer } from './index/tokenizer/tokenizer.js';
import { docFreq } from './query/retrieve.js';
import { search as runSearch } from './query/search.js';
import { loadAliases } from './query/aliases.js';
import type { SearchRequest, SearchResult } from './query/types.js';
import { layoutOf, type Layout } from './store/layout.js';
import { LogStore } from './store/log-store.js';
import { parseJsonlRecords, recordToJson, type RecordJson } from './io/jsonl.js';
import { OWNER, type Provenance } from './core/provenance.js';
import { stampRecord } from './quarantine/stamp.js';
import { loadScanner } from './quarantine/scanner.deferred.js';
import type { InjectionScan } from './quarantine/scan.js';
import type { VerifyReport } from './verify/types.js';
import { sealLineOf } from './store/seal.js';
import { writeFileAtomic } from './store/durable-file.js';
import type { CoreApi, Sessions } from './sessions/sessions.js';
import { loadSessions } from './sessions/sessions.deferred.js';
import type { ContextPack, HandoffFields, SessionEndInput, SessionEndResult, SessionStartInput } from './sessions/types.js';
import type { Embedder } from './embeddings/types.js';
import type { DuplicateInfo } from './query/types.js';
import { searchSummaries } from './query/summaries.js';
import { syncSummaryIndex } from './index/summary-index.js';
import type { ConsolidateReport } from './consolidate/types.js';
import type { CandidateReport } from './consolidate/retention.js';
import type { DoctorReport } from './doctor.js';
import type { SealState } from './verify/run.js';
import type { EmbedReport } from './embeddings/backfill.js';
import type { VectorSearch } from './query/vectors/hybrid.js';
import type { DuplicateReport } from './consolidate/duplicates.js';
import type { TopicsReport } from './consolidate/topics.js';
import { loadUpkeep } from './upkeep.deferred.js';
import { loadVectors } from './embeddings/vectors.deferred.js';

export interface OptmemOptions {
  /** the memory home folder */
  dir: string;
  /** create the home if it does not exist (default false: a missing home is an error) */
  create?: boolean;
  /** the clock, epoch ms (tests and --now); the real clock by default */
  now?: () => number;
  /** fsync every append (default true) */
  durable?: boolean;
  /**
   * How often reads look for files changed by hand (stat of every day file), in ms: at most once
   * per interval (default 1000; 0 = before every read). Writes through optmem, from any process,
   * are in the shared index at once whatever this says; `refresh()` forces a look. A CLI command
   * is a fresh process, so it always looks.
   */
  refreshMs?: number;
  /**
   * The embedder of the vector path, when config.json enables embeddings (default: the
   * OpenAI-compatible client built from `embeddings` in config.json).
   */
  embedder?: Embedder;
  /** where `embeddings.apiKeyEnv` is looked up (default process.env) */
  env?: Record<string, string | undefined>;
  /**
   * Who writes through this handle (core/provenance.ts): the owner by default (the local CLI);
   * the stdio MCP server and hooks pass `agent`, ingest passes `ingest`. A write may override it.
   */
  provenance?: Provenance;
}

/** Per-write options. */
export interface WriteOptions {
  /** who writes this one (the server passes its token's); the handle's provenance by default */
  provenance?: Provenance;
}

/** What `approve` or `reject` did: the same shape as an archive change. */
export type QuarantineChange = ArchiveChange;

export interface AddResult {
  record: MemoryRecord;
  /** records this one supersedes, and how each was found */
  supersedes: Edge[];
  /**
   * for a correction that names no id: how its target was looked for. `none`: it corrects nothing
   * known and stands alone as a current fact; `ambiguous`: two records were about equally likely
   * and it links to neither. null for other records.
   */
  resolution: Resolution | null;
  warnings: string[];
  /** stored quarantined: out of default search and every pack until the owner approves it */
  quarantined: boolean;
}

/** The links into and out of one record, and the events about them. */
export interface LinksResult {
  id: string;
  /** edges out of it: what it supersedes (blocked ones included, flagged) */
  out: Edge[];
  /** edges into it: what supersedes it */
  in: Edge[];
  resolution: Resolution | null;
  /** link/unlink events about it, oldest first */
  events: LinkEventInfo[];
}

export interface LinkEventInfo {
  eventId: string;
  verb: EventVerb;
  newId: string;
  oldId: string;
  time: string;
  agent: string | null;
  why: string | null;
}

export interface LinkRequest {
  /** the newer record */
  newId: string;
  /** the older record it does or does not supersede */
  oldId: string;
  why?: string;
  /** who decides (default: the record's agent is left empty: the owner) */
  agent?: string;
}

export interface LinkChange {
  /** the event appended, or null when nothing had to change */
  event: MemoryRecord | null;
  /** the pair's live edge after the change, if any */
  edge: Edge | null;
  warnings: string[];
}

/** What `archive` or `unarchive` did. */
export interface ArchiveChange {
  /** the events appended (one per up to MAX_ARCHIVE_IDS ids); empty when nothing had to change */
  events: MemoryRecord[];
  /** the ids whose state changed */
  changed: string[];
  /** ids left as they were, each with why (already archived, not archived, a red line) */
  skipped: { id: string; why: string }[];
  warnings: string[];
}

export interface HistoryResult {
  /** the record asked about */
  id: string;
  /** every record of its supersession chain, oldest first */
  chain: { record: IndexedRecord; superseded: boolean }[];
  /** the links between them */
  edges: Edge[];
  /** the current version: the newest record nothing supersedes */
  current: string | null;
  /** link/unlink events about the records of the chain, oldest first (an unlinked pair shows here) */
  events: LinkEventInfo[];
  /** archive/unarchive events about the records of the chain, oldest first */
  archiveEvents: ArchiveEventRow[];
}

export interface ImportResult {
  imported: number;
  skipped: number;
  /** what the write had to say (an interrupted append set aside) */
  warnings: string[];
}

export interface Stats {
  home: string;
  records: number;
  files: number;
  problems: number;
  byDomain: Record<string, number>;
  byKind: Record<string, number>;
  byTier: Record<string, number>;
  first: string | null;
  last: string | null;
  indexBytes: number;
  logBytes: number;
  /** corrections naming no id, by how they were resolved; wordsAlone: live links that rest on words alone (no id, no quoted old value) */
  corrections: { linked: number; none: number; ambiguous: number; wordsAlone: number };
  /** event records (link/unlink) */
  events: number;
  /** with embeddings enabled: records with a current vector of the configured model, and those waiting for `optmem embed` */
  vectors?: { model: string; current: number; pending: number; bytes: number };
}

export interface Optmem {
  readonly home: string;
  readonly config: HomeConfig;
  /** what opening found: files read again, problems, torn tails set aside */
  readonly openReport: SyncReport;
  add(input: RecordInput, opts?: WriteOptions): AddResult;
  /**
   * Import JSONL lines. An owner's import keeps the provenance its lines carry (an export read
   * back); a line without one is `imported`. Any other writer's lines are stamped as its own.
   */
  import(text: string, opts?: { skipExisting?: boolean; source?: string } & WriteOptions): ImportResult;
  /** Held records by id: quarantined (waiting for the owner) or rejected. */
  heldIds(): Map<string, 'quarantined' | 'rejected'>;
  /** Records held by quarantine (waiting for the owner, or rejected), newest first. */
  quarantined(opts?: { limit?: number; status?: 'quarantined' | 'rejected' | 'all' }): (IndexedRecord & { status: 'quarantined' | 'rejected' })[];
  /** the owner lets quarantined records in (an `approve` event); only an owner's handle may */
  approve(ids: string[], opts?: { why?: string } & WriteOptions): QuarantineChange;
  /** the owner keeps quarantined records out for good (a `reject` event) */
  reject(ids: string[], opts?: { why?: string } & WriteOptions): QuarantineChange;
  export(): IterableIterator<RecordJson>;
  /**
   * Search. With embeddings enabled in config.json, the lexical ranking is fused with the vector
   * path (query/vectors/); an endpoint failure adds one line to `warnings` and leaves the lexical
   * results. With them off (the default), the lexical search alone.
   */
  search(req: SearchRequest): SearchResult;
  /**
   * Embed the records without a current vector (`all`: every record), in batches of
   * `embeddings.batchSize`; resumable. A USAGE error when embeddings are off.
   */
  embed(opts?: { all?: boolean; onProgress?: (done: number, of: number) => void }): EmbedReport;
  get(id: string): IndexedRecord | null;
  /** the duplicate group a record belongs to (count, first and last time, ids oldest first), or null */
  duplicatesOf(id: string): DuplicateInfo | null;
  /** every duplicate group, the near duplicates whose values differ (correction candidates), red lines restated */
  duplicates(): DuplicateReport;
  /** the newest records, newest first (no events); a record of no project shows in every project */
  /** the newest records, newest first; archived ones only with `archived: true` */
  recent(filters?: { limit?: number; domains?: string[]; projects?: string[]; kinds?: string[]; archived?: boolean; quarantined?: boolean }): IndexedRecord[];
  /** the supersession chain through a record: what it replaced and what replaced it */
  history(id: string): HistoryResult | null;
  /** the links into and out of a record, how its target was resolved, and the events about it */
  links(id: string): LinksResult;
  /** append a `link NEW OLD` event: NEW supersedes OLD from now on */
  link(req: LinkRequest): LinkChange;
  /** append an `unlink NEW OLD` event: NEW no longer supersedes OLD, however it was linked */
  unlink(req: LinkRequest): LinkChange;
  /** append an `acknowledge TARGET` event: the owner has looked at a file in recovered/ (or a record) */
  acknowledge(target: string, opts?: { why?: string; agent?: string }): { event: MemoryRecord | null; warnings: string[] };
  /**
   * Append `archive ID…` events: the records leave default search and stay in the log, found with
   * `search --archived`. Red lines are never archived; unknown ids are an error, nothing appended.
   */
  archive(ids: string[], opts?: { why?: string; agent?: string }): ArchiveChange;
  /** Append `unarchive ID…` events: archived records come back into default search. */
  unarchive(ids: string[], opts?: { why?: string; agent?: string }): ArchiveChange;
  /** the ids archived now (red lines never are) */
  archivedIds(): Set<string>;
  /** Write a consistent copy of the index, up to date with the files, to `file` (which must not exist). */
  snapshotIndex(file: string): void;
  /** newer id → the older ids it supersedes, through every link that applies (blocked ones left out) */
  supersessionEdges(): Map<string, string[]>;
  /** how many searchable records hold each query term (as the ranking counts them for its weights) */
  docFreq(terms: Pick<QueryTerm, 'text' | 'cjk'>[]): number[];
  /** the home's tokenizer: what queries are split with */
  readonly tokenizer: Tokenizer;
  /**
   * The records retention would archive now (consolidate/retention.ts), most forgettable first,
   * with the exempt counts and this run's bound. Reads only.
   */
  archiveCandidates(opts?: { now?: string | number }): CandidateReport & { nowMs: number; recallLog: { lines: number; skipped: number; skippedLines: number[] } };
  /** true when the home cannot be written: reads work from a private copy of the index */
  readonly readOnly: boolean;
  /** the core memory block: show, add, pin, unpin, remove */
  readonly core: CoreApi;
  /** the context pack a session of a project starts with */
  sessionStart(input: SessionStartInput): ContextPack;
  /** write a handoff for the project (superseding its previous one) */
  sessionEnd(input: SessionEndInput): SessionEndResult;
  /** the project a working directory belongs to (config map, else the git root's name) */
  projectFor(cwd: string): string | null;
  /** projects that have a handoff, newest first */
  projects(): string[];
  /** a project's current handoff */
  handoff(project: string): (MemoryRecord & { fields: HandoffFields }) | null;
  stats(): Stats;
  /**
   * Write the topic files and MEMORY.md under <home>/memory/ from the current facts (docs/CONSOLIDATION.md,
   * "Topic files"): entries edited by hand inside a generated block become corrections first; only
   * files whose bytes change are written. `dryRun`: report what would change, write nothing.
   */
  topics(opts?: { dryRun?: boolean }): TopicsReport;
  /**
   * Consolidate (docs/CONSOLIDATION.md): derive the summary tree (and the other steps' outputs)
   * from the log. `dryRun`: report what would change, write nothing. `uses`: how often each record
   * was recalled, raising its salience (none by default).
   */
  consolidate(opts?: { dryRun?: boolean; archive?: boolean; now?: string | number; uses?: ReadonlyMap<string, number> }): Promise<ConsolidateReport>;
  reindex(): SyncReport;
  /** re-read whatever changed on disk since the last look */
  refresh(): SyncReport;
  doctor(): DoctorReport;
  /**
   * Compare the log with its seal (docs/DESIGN.md, "Tamper evidence"): records edited, removed,
   * moved or added outside optmem, and a broken seal. A home without a seal is sealed as it is.
   * `sealNew`: seal the records never sealed (after a crash, or added by hand).
   */
  verify(opts?: { since?: string; sealNew?: boolean }): VerifyReport;
  /** One record against the seal: edited by hand since written, acknowledged or not (for `get`). */
  sealState(id: string): { state: SealState; acknowledged: boolean } | null;
  problems(): Problem[];
  close(): void;
}

function usesFromRecalls(r: ReturnType<typeof readRecalls>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, { count }] of r.byId) out.set(id, 2 ** Math.floor(Math.log2(1 + count)) - 1);
  return out;
}

export function homeExists(dir: string): boolean {
  return fs.existsSync(layoutOf(dir).logDir);
}

/** Create the memory home's folders and a config.json with the defaults, if missing. */
export function initHome(dir: string): Layout {
  const layout = layoutOf(dir);
  fs.mkdirSync(layout.logDir, { recursive: true });
  if (!fs.existsSync(layout.configFile)) {
    writeFileAtomic(layout.configFile, JSON.stringify({ domains: ['hermes', 'code', 'openclaw'] }, null, 2) + '\n');
  }
  return layout;
}

export function createOptmem(options: OptmemOptions): Optmem {
  const layout = layoutOf(options.dir);
  if (!homeExists(options.dir)) {
    if (!options.create) {
      throw new OptmemError('NOT_FOUND', `no memory home at ${layout.home}`, { hint: 'run `optmem init` (or pass --dir)' });
    }
    initHome(options.dir);
  }
  const now = options.now ?? Date.now;
  const config = readConfig(layout.configFile);
  const store = new LogStore(layout, config.domains);
  const tokenizer = createTokenizer(createJiebaSegmenter(layout.dictFile));

  // A home that cannot be written (a read-only mount, another user's files) can still be
  // searched, read, exported and checked: the index is then built in a private temp copy.
  const readOnly = !homeWritable(layout);
  const indexFile = readOnly ? privateIndexCopy(layout) : layout.indexFile;
  let index = RecordIndex.open(indexFile, tokenizer, config.domains, config.supersession, keyExpansionOptions(config.index), config.duplicates);
  index.packOrigins = config.core.origins;
  let openReport: SyncReport;
  /**
   * Every append goes through here: what settling an interrupted append found (a torn append set
   * aside in recovered/) becomes a warning of the write that found it.
   */
  const appendRecords = (records: MemoryRecord[], warnings: string[]) => {
    const results = store.append(records, { durable: options.durable });
    for (const p of store.takeSettled()) warnings.push(formatProblem(p));
    rememberSealHead();
    return results;
  };
  /**
   * The index remembers the seal's last line as last seen, so `verify` can tell a seal cut short
   * (whole lines removed from its end), which its chain alone cannot. Lost with the index, harmlessly.
   */
  const rememberSealHead = () => {
    if (!store.sealHead) return;
    try {
      index.setMetaValue(SEAL_SEEN_KEY, `${store.sealHead.n}:${store.sealHead.hash}`);
    } catch {
      // the index is derived; the next append or `verify --seal-new` remembers it again
    }
  };
  /** Writes need a writable home: say so before touching anything. */
  const mustWrite = (what: string) => {
    if (readOnly) {
      throw new OptmemError('IO', `cannot ${what}: the memory home ${layout.home} is read-only`, {
        file: layout.home,
        hint: 'searching, reading, exporting and `doctor` still work; writing needs write access to the home',
      });
    }
  };

  // The index is derived: when SQLite finds it damaged, throw it away and build it again.
  const withIndex = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      if (!isCorruption(e)) throw e;
      index.close();
      RecordIndex.deleteFiles(indexFile);
      index = RecordIndex.open(indexFile, tokenizer, config.domains, config.supersession, keyExpansionOptions(config.index), config.duplicates);
      index.packOrigins = config.core.origins;
      rebuildIndex(index, store);
      return fn();
    }
  };
  openReport = withIndex(() => (index.fresh ? rebuildIndex(index, store) : syncIndex(index, store)));
  // The shipped alias list plus the home's aliases.txt; a malformed line is a warning of the open.
  const aliases = loadAliases(layout.aliasesFile);
  openReport.problems.push(...aliases.problems);

  // The vector path (off by default: then nothing of it is built or loaded).
  let vectors: VectorSearch | null = null;
  const vectorSearch = (): VectorSearch | null => {
    const e = config.embeddings;
    if (!e.enabled) return null;
    if (!vectors) {
      const env = options.env ?? process.env;
      const embedder =
        options.embedder ??
        loadVectors().createOpenAIEmbedder({ baseUrl: e.baseUrl!, model: e.model!, apiKey: env[e.apiKeyEnv] || null, dimensions: e.dimensions, timeoutMs: e.timeoutMs });
      vectors = { embedder, options: e, attach: (db) => loadVectors().attachVectors(db, layout.vectorsFile, !readOnly) };
    }
    return vectors;
  };
  /** For stats: how many records have a current vector (never creates the vector file). */
  const vectorStats = (): { vectors?: NonNullable<Stats['vectors']> } => {
    const v = vectorSearch();
    if (!v) return {};
    const attached = loadVectors().attachVectors(index.db, layout.vectorsFile, false);
    const st = attached ? loadVectors().vectorState(index.db, v.embedder.model) : null;
    const n = index.counts();
    const searched = n.records - n.events;
    return { vectors: { model: v.embedder.model, current: st?.current ?? 0, pending: st ? st.pending.length : searched, bytes: fs.existsSync(layout.vectorsFile) ? fs.statSync(layout.vectorsFile).size : 0 } };
  };
  /**
   * Embed records an import just wrote; a failure is a warning, and `optmem embed` catches up. After
   * a failure, imports of the next minute do not try again (an ingest writes batch after batch, and
   * each would wait out the timeout): their records wait for `optmem embed` too.
   */
  let embedFailedAt = -Infinity;
  const embedNew = (ids: string[], warnings: string[]) => {
    const v = vectorSearch();
    if (!v || ids.length === 0 || readOnly) return;
    if (Date.now() - embedFailedAt < 60_000) return;
    try {
      v.attach(index.db);
      const r = loadVectors().embedPending(index.db, v.embedder, { only: new Set(ids), batchSize: v.options.batchSize });
      if (r.error) throw new Error(r.error);
    } catch (e) {
      embedFailedAt = Date.now();
      warnings.push(`embeddings: ${(e as Error).message.replace(/^\[optmem\] /, '')}; the new records are searched by their words until \`optmem embed\` adds their vectors`);
    }
  };

  // Every record this instance creates is a new write: it passes the checks at the door.
  const door = doorRules(config);
  const ctx = () => ({ nowMs: now(), knownDomains: config.domains, door });
  const addCtx = () => ({ ...ctx(), agentDomains: config.agents });
  // Who writes through this handle (core/provenance.ts); each write is stamped, never trusted.
  const provenance: Provenance = options.provenance ?? OWNER;
  const eventRecord = (input: RecordInput): MemoryRecord => stampRecord(createRecord(input, ctx()), provenance);
  // The home's scanner: the built-in rules minus quarantine.disabledRules, plus quarantine.rules, and the learned scorer.
  // Made on the first scan: a handle that only reads never loads the rules or the model.
  let scanner: ((text: string) => InjectionScan) | undefined;
  const scan = (text: string): InjectionScan => (scanner ??= loadScanner().injectionScanner(config.quarantine))(text);
  const refreshMs = options.refreshMs ?? 1000;
  let lastSync = Date.now();
  /** Look for hand edits, at most once per refreshMs (writes always look, under the lock). */
  const syncForRead = () => {
    const t = Date.now();
    if (refreshMs > 0 && t - lastSync < refreshMs) return;
    syncIndex(index, store);
    lastSync = t;
  };

  // Made on the first session or core call: a handle that only searches or writes never loads them.
  let made: Sessions | undefined;
  const sessions = (): Sessions => (made ??= loadSessions().createSessions({
    home: layout.home,
    index: () => index,
    add: (input) => api.add(input).record,
    sync: () => {
      withIndex(() => syncForRead());
    },
    nowMs: now,
    core: config.core,
    projects: config.projects,
    agentDomains: config.agents,
  }));

  const resolutionOf = (id: string): Resolution | null => index.resolution(id);
  const eventsAbout = (ids: string[]): LinkEventInfo[] => index.linkEventsAbout(ids);
  const linksOf = (id: string): LinksResult => {
    if (!index.has(id)) throw new OptmemError('NOT_FOUND', `no record ${id}`, { field: 'id' });
    return { id, out: index.edgesFrom(id), in: index.edgesInto(id), resolution: resolutionOf(id), events: eventsAbout([id]) };
  };
  const changeLink = (verb: EventVerb, req: LinkRequest): LinkChange => {
    checkEvent({ verb, ids: [req.newId, req.oldId], why: req.why ?? null });
    mustWrite(`${verb} records`);
    return withIndex(() =>
      store.lock.with(() => {
        syncIndex(index, store);
        const newer = index.get(req.newId);
        const older = index.get(req.oldId);
        for (const [r, idv] of [[newer, req.newId], [older, req.oldId]] as const) {
          if (!r) throw new OptmemError('NOT_FOUND', `no record ${idv}`, { field: 'ids', hint: 'check the ids with `optmem get ID`' });
          if (r.kind === EVENT_KIND) throw new OptmemError('USAGE', `${idv} is an event record; link and unlink are about memory records`, { field: 'ids' });
        }
        const n = newer!;
        const o = older!;
        if (o.timeMs > n.timeMs || (o.timeMs === n.timeMs && o.rid > n.rid)) {
          throw new OptmemError('USAGE', `${req.oldId} (${o.time}) is newer than ${req.newId} (${n.time}): a record only supersedes older ones`, {
            field: 'ids',
            hint: 'give the newer record first: NEW OLD',
          });
        }
        // DECISIONS: a correction links only within its own project scope, by hand too.
        if (verb === 'link' && o.project !== n.project) {
          throw new OptmemError('USAGE', `${req.oldId} is in ${o.project ? `project ${o.project}` : 'no project'} and ${req.newId} in ${n.project ? `project ${n.project}` : 'no project'}: a record only supersedes records of its own project`, {
            field: 'ids',
          });
        }
        const pairEdge = () => index.edge(req.newId, req.oldId);
        const before = pairEdge();
        const warnings: string[] = [];
        if (verb === 'unlink' && !before) return { event: null, edge: null, warnings: [`${req.newId} does not supersede ${req.oldId}: nothing to unlink`] };
        if (verb === 'link' && before && before.method === 'linked') return { event: null, edge: before, warnings: [`${req.newId} already supersedes ${req.oldId}`] };
        const event = eventRecord({
          text: eventText({ verb, ids: [req.newId, req.oldId], why: req.why ?? null }),
          kind: EVENT_KIND,
          ...(req.agent ? { source: { agent: req.agent } } : {}),
        });
        indexAppended(index, store, appendRecords([event], warnings));
        const edge = pairEdge();
        if (edge?.blocked) warnings.push(`${req.oldId} is a red line: only a newer red line overrides it, so the link is kept but does not apply`);
        return { event, edge, warnings };
      }),
    );
  };

  /**
   * Append events of one verb about many records (archive, unarchive, approve, reject): every id
   * checked under the writer lock first (an unknown id appends nothing), those already in the asked
   * state skipped with why, the rest named in events of at most MAX_ARCHIVE_IDS ids each.
   * `skipWhy(r)` is built under the lock from the index's current state.
   */
  const changeMany = (
    verb: 'archive' | 'unarchive' | 'approve' | 'reject',
    ids: string[],
    opts: { why?: string; agent?: string },
    by: Provenance,
    skipWhy: () => (r: IndexedRecord) => string | null,
    notFoundHint: string,
  ): ArchiveChange => {
    const wanted = [...new Set(ids.map((i) => i.trim()).filter(Boolean))];
    if (wanted.length === 0) throw new OptmemError('USAGE', `${verb}: give at least one record id`, { field: 'ids' });
    for (const id of wanted) checkEvent({ verb, ids: [id], why: null });
    mustWrite(`${verb} records`);
    return withIndex(() =>
      store.lock.with(() => {
        syncIndex(index, store);
        const why = skipWhy();
        const changed: string[] = [];
        const skipped: { id: string; why: string }[] = [];
        for (const id of wanted) {
          const r = index.get(id);
          if (!r) throw new OptmemError('NOT_FOUND', `no record ${id}`, { field: 'ids', hint: notFoundHint });
          if (r.kind === EVENT_KIND) throw new OptmemError('USAGE', `${id} is an event record; ${verb} is about memory records`, { field: 'ids' });
          const skip = why(r);
          if (skip) skipped.push({ id, why: skip });
          else changed.push(id);
        }
        const warnings: string[] = [];
        const events: MemoryRecord[] = [];
        for (let i = 0; i < changed.length; i += MAX_ARCHIVE_IDS) {
          const text = eventText({ verb, ids: changed.slice(i, i + MAX_ARCHIVE_IDS), why: opts.why ?? null });
          events.push(stampRecord(createRecord({ text, kind: EVENT_KIND, ...(opts.agent ? { source: { agent: opts.agent } } : {}) }, ctx()), by));
        }
        if (events.length) indexAppended(index, store, appendRecords(events, warnings));
        return { events, changed, skipped, warnings };
      }),
    );
  };

  const changeArchive = (verb: 'archive' | 'unarchive', ids: string[], opts: { why?: string; agent?: string }): ArchiveChange =>
    changeMany(
      verb,
      ids,
      opts,
      provenance,
      () => {
        const archivedNow = index.archivedIds();
        return (r) =>
          r.tier === 'redline'
            ? 'a red line is never archived'
            : verb === 'archive' && archivedNow.has(r.id)
              ? 'already archived'
              : verb === 'unarchive' && !archivedNow.has(r.id)
                ? 'not archived'
                : null;
      },
      'check the ids with `optmem get ID`; nothing was archived',
    );

  const changeHold = (verb: 'approve' | 'reject', ids: string[], opts: { why?: string } & WriteOptions): QuarantineChange => {
    const by = opts.provenance ?? provenance;
    // Only the owner's decision counts (the index ignores anyone else's approve/reject events).
    if (by.origin !== 'owner') throw new OptmemError('USAGE', `${verb}: only the owner approves or rejects quarantined records`, { field: 'origin' });
    return changeMany(
      verb,
      ids,
      { ...(opts.why !== undefined ? { why: opts.why } : {}) },
      by,
      () => {
        const held = index.heldIds();
        return (r) => {
          const status = held.get(r.id);
          if (!r.quarantine?.length) return 'not quarantined';
          if (verb === 'approve' && !status) return 'already approved';
          if (verb === 'reject' && status === 'rejected') return 'already rejected';
          return null;
        };
      },
      'see `optmem quarantine` for the records waiting; nothing was changed',
    );
  };

  const api: Optmem = {
    get core() {
      return sessions().core;
    },
    sessionStart: (input) => sessions().sessionStart(input),
    sessionEnd: (input) => sessions().sessionEnd(input),
    projectFor: (cwd) => sessions().projectFor(cwd),
    projects: () => sessions().projects(),
    handoff: (project) => sessions().handoff(project),
    home: layout.home,
    config,
    readOnly,
    get openReport() {
      return openReport;
    },
    add(input, wopts = {}) {
      mustWrite('add a record');
      const record = stampRecord(createRecord(input, addCtx()), wopts.provenance ?? provenance, scan);
      if (record.kind === EVENT_KIND && !parseEvent(record.text)) {
        throw new OptmemError('INVALID_RECORD', 'text: an event record is one line "link NEW OLD", "unlink NEW OLD", "acknowledge recovered/NAME|ID", "archive ID…" or "unarchive ID…", optionally followed by "why: …"', {
          field: 'text',
          hint: 'use `optmem link NEW OLD`, `optmem unlink NEW OLD`, `optmem ack TARGET`, `optmem archive ID…` or `optmem unarchive ID…`',
        });
      }
      const warnings: string[] = [];
      let resolution: Resolution | null = null;
      // The append is the commit point: once the bytes are in the log, add() succeeds. Index
      // trouble after it is a warning (the next read catches up from the files), and nothing
      // here may append twice, not even when withIndex() rebuilds and runs this again.
      let appended = false;
      let existing: MemoryRecord | null = null;
      const supersedes = withIndex(() =>
        store.lock.with((): Edge[] => {
          if (appended) return [];
          syncIndex(index, store);
          const prev = index.get(record.id);
          if (prev) {
            // A retry of a write that already reached the log returns that record; the same id
            // with other content is a different record and stays an error.
            if (input.id === undefined || !sameContent(prev, record, input.time !== undefined && input.time !== null)) {
              throw new OptmemError('INVALID_RECORD', `id: ${record.id} already exists with other content`, { field: 'id', hint: 'give a new id, or none' });
            }
            existing = plainRecord(prev);
            warnings.push(`id ${record.id} is already in the log with the same content: nothing appended`);
            resolution = resolutionOf(record.id);
            return index.edgesFrom(record.id);
          }
          for (const c of record.corrects) if (!index.has(c)) warnings.push(`corrects: no record ${c} is known (kept as written)`);
          const results = appendRecords([record], warnings);
          appended = true;
          try {
            indexAppended(index, store, results);
            resolution = resolutionOf(record.id);
            return index.edgesFrom(record.id);
          } catch (e) {
            const where = results[0]?.rel ?? 'the log';
            warnings.push(`the record is saved in ${where}, but the index could not be updated (${(e as Error).message.replace(/^\[optmem\] /, '')}); the next read catches up from the files`);
            return [];
          }
        }),
      );
      if (existing) {
        const held = (existing as MemoryRecord).quarantine !== undefined && withIndex(() => index.heldIds().has(record.id));
        return { record: existing, supersedes, resolution, warnings, quarantined: held };
      }
      for (const e of supersedes) {
        if (e.blocked) {
          const old = index.get(e.oldId);
          warnings.push(
            record.tier === 'redline' && old?.tier === 'redline'
              ? `red line ${e.oldId} is the owner's: only the owner replaces it, so it stays on top`
              : `this correction aims at red line ${e.oldId}; a red line is only overridden by a newer red line, so it stays on top (add this as 〔红线〕 or --tier redline to replace it)`,
          );
        }
      }
      if (record.quarantine) warnings.push(`quarantined (${record.quarantine.join(', ')}): kept in the log, out of search and packs until the owner approves it (\`optmem approve ${record.id}\`)`);
      return { record, supersedes, resolution, warnings, quarantined: record.quarantine !== undefined };
    },
    links(id) {
      return withIndex(() => {
        syncForRead();
        return linksOf(id);
      });
    },
    link: (req) => changeLink('link', req),
    acknowledge(target, opts = {}) {
      checkEvent({ verb: 'acknowledge', ids: [target], why: opts.why ?? null });
      mustWrite('acknowledge');
      return withIndex(() =>
        store.lock.with(() => {
          syncIndex(index, store);
          if (target.startsWith('recovered/')) {
            if (!fs.existsSync(path.join(layout.recoveredDir, target.slice('recovered/'.length)))) {
              throw new OptmemError('NOT_FOUND', `no file ${target} in the memory home`, { field: 'target', hint: 'see `optmem doctor` for what recovered/ holds' });
            }
          }
          // A record is acknowledged as it stands now (its hash, or "removed" for one sealed and gone):
          // a later edit is reported again by `verify`.
          let hash: string | null = null;
          if (!target.startsWith('recovered/')) {
            const rec = index.get(target);
            if (rec) hash = loadUpkeep().sealStateOf(store, target, rec.file).hash;
            else if (sealLineOf(layout.sealFile, target)) hash = 'removed';
            else throw new OptmemError('NOT_FOUND', `no record ${target}`, { field: 'target' });
          }
          const already = hash ? index.acknowledgedHashes(target).has(hash) : index.acknowledgedTargets().has(target);
          if (already) return { event: null, warnings: [`${target} was already acknowledged`] };
          const event = eventRecord({ text: eventText({ verb: 'acknowledge', ids: [target], why: opts.why ?? null, hash }), kind: EVENT_KIND, ...(opts.agent ? { source: { agent: opts.agent } } : {}) });
          const warnings: string[] = [];
          indexAppended(index, store, appendRecords([event], warnings));
          return { event, warnings };
        }),
      );
    },
    unlink: (req) => changeLink('unlink', req),
    archive: (ids, opts = {}) => changeArchive('archive', ids, opts),
    approve: (ids, opts = {}) => changeHold('approve', ids, opts),
    reject: (ids, opts = {}) => changeHold('reject', ids, opts),
    heldIds() {
      return withIndex(() => {
        syncForRead();
        return new Map(index.heldIds());
      });
    },
    quarantined(opts = {}) {
      return withIndex(() => {
        syncForRead();
        const want = opts.status ?? 'quarantined';
        const out: (IndexedRecord & { status: 'quarantined' | 'rejected' })[] = [];
        for (const [id, status] of index.heldIds()) {
          if (want !== 'all' && status !== want) continue;
          const r = index.get(id);
          if (r) out.push({ ...r, status });
        }
        out.sort((a, b) => b.timeMs - a.timeMs || (a.id < b.id ? -1 : 1));
        return out.slice(0, opts.limit ?? out.length);
      });
    },
    unarchive: (ids, opts = {}) => changeArchive('unarchive', ids, opts),
    archivedIds() {
      return withIndex(() => {
        syncForRead();
        return new Set(index.archivedIds());
      });
    },
    supersessionEdges() {
      return withIndex(() => {
        syncForRead();
        return index.replacedIds();
      });
    },
    docFreq(terms) {
      return withIndex(() => {
        syncForRead();
        return terms.map((t) => docFreq(index, t));
      });
    },
    tokenizer,
    snapshotIndex(file) {
      withIndex(() => {
        syncForRead();
        index.db.prepare('VACUUM INTO ?').run(file);
      });
    },
    archiveCandidates(opts = {}) {
      const nowMs = opts.now === undefined ? now() : typeof opts.now === 'number' ? opts.now : parseTime(opts.now)?.ms;
      if (nowMs === undefined || !Number.isFinite(nowMs)) throw new OptmemError('USAGE', `now: "${String(opts.now)}" is not an ISO 8601 time`, { field: 'now' });
      const recalls = readRecalls(layout.recallsFile);
      const pins = readPins(layout.coreFile);
      return withIndex(() => {
        syncForRead();
        const rows = index.retentionRows();
        for (const r of rows) {
          if (r.supersededMs === null) continue;
          const old = index.get(r.id);
          const successors = index.edgesInto(r.id).filter((e) => !e.blocked).map((e) => index.get(e.newId)?.text ?? '');
          r.covered = old !== null && loadUpkeep().coveredBy(old.text, successors);
        }
        const report = loadUpkeep().archiveCandidates({ rows, nowMs, recalls: recalls.byId, pinned: new Set(pins.pinned), archived: index.archivedIds(), options: config.forgetting });
        return { ...report, nowMs, recallLog: { lines: recalls.lines, skipped: recalls.skipped, skippedLines: recalls.skippedLines } };
      });
    },
    import(text, opts = {}) {
      const source = opts.source ?? 'input';
      const by = opts.provenance ?? provenance;
      // An owner's import keeps what its lines say (an export read back); a line without an
      // origin is `imported`. Any other writer's lines are its own, whatever they claim.
      const records = parseJsonlRecords(text, source, ctx()).records.map((x) => ({
        ...x,
        record: by.origin === 'owner' && x.hadOrigin ? x.record : stampRecord(x.record, by.origin === 'owner' ? { origin: 'imported', ...(by.writer ? { writer: by.writer } : {}) } : by, scan),
      }));
      mustWrite('import');
      const done = withIndex(() =>
        store.lock.with(() => {
          syncIndex(index, store);
          const fresh: MemoryRecord[] = [];
          const dupes: Problem[] = [];
          records.forEach(({ record, line }) => {
            if (index.has(record.id)) {
              if (!opts.skipExisting) dupes.push({ file: source, line, message: `id ${record.id} already exists in the memory home` });
            } else fresh.push(record);
          });
          if (dupes.length) {
            throw new OptmemError('INVALID_INPUT', `import refused, nothing written:\n${dupes.slice(0, 20).map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n')}${dupes.length > 20 ? `\n… and ${dupes.length - 20} more` : ''}`, {
              file: source,
              line: dupes[0]!.line,
              hint: 'pass --skip-existing to import only the records the home does not have',
            });
          }
          const warnings: string[] = [];
          const results = fresh.length ? appendRecords(fresh, warnings) : [];
          indexAppended(index, store, results);
          // A bulk import leaves a WAL as large as the index; fold it back now.
          if (fresh.length >= 1000) index.checkpoint();
          return { imported: fresh.length, skipped: records.length - fresh.length, warnings, ids: fresh.map((r) => r.id) };
        }),
      );
      // Outside the writer lock: an embeddings request must not hold up other writers.
      embedNew(done.ids, done.warnings);
      return { imported: done.imported, skipped: done.skipped, warnings: done.warnings };
    },
    *export() {
      const rows = withIndex(() => {
        syncIndex(index, store);
        return index.idsInLogOrder();
      });
      for (const id of rows) {
        const r = index.get(id);
        if (r) yield recordToJson(r);
      }
    },
    search(req) {
      return withIndex(() => {
        syncForRead();
        // The instance's clock reaches the ranking (decay, "last week"): a request's own `now` wins.
        const r = { ...req, now: req.now ?? now() };
        const v = vectorSearch();
        const res = v ? loadVectors().hybridSearch(index, r, config.ranking, aliases, v) : runSearch(index, r, config.ranking, undefined, aliases);
        // What searches return strengthens it against forgetting (consolidate/recall-log.ts).
        if (config.forgetting.trackRecalls && !readOnly) appendRecalls(layout.recallsFile, res.results.slice(0, RECALL_TOP).map((h) => h.id), now());
        // Overview queries and kind summary also reach the summary tree, beside the same results.
        const summaries = searchSummaries(index, r, config.ranking, () => syncSummaryIndex(index, layout));
        return summaries ? { ...res, summaries } : res;
      });
    },
    async consolidate(opts = {}) {
      const dryRun = opts.dryRun === true;
      if (!dryRun) mustWrite('consolidate');
      const { runConsolidate } = await import('./consolidate/run.js');
      withIndex(() => syncIndex(index, store));
      // Use raises a span's salience: how often searches returned the record (the recall log),
      // in powers of two (1, 3, 7, 15 … recalls), so a node is rebuilt when a record's use has
      // doubled, not on every search.
      // A recall log past 1 MiB becomes one line per record (the same counts and last times).
      if (!dryRun) compactRecalls(layout.recallsFile);
      const uses = opts.uses ?? usesFromRecalls(readRecalls(layout.recallsFile));
      return runConsolidate(
        {
          layout,
          index,
          config,
          // Archived records are left out of derived outputs (an archive event changes their day's node).
          archivedIds: () => index.archivedIds(),
          uses: () => uses,
          env: options.env ?? process.env,
          forget: (o) => loadUpkeep().forget(api, o),
        },
        { dryRun, ...(opts.archive ? { archive: true } : {}), ...(opts.now !== undefined ? { now: opts.now } : {}) },
      );
    },
    embed(opts = {}) {
      const v = vectorSearch();
      if (!v) {
        throw new OptmemError('USAGE', 'embeddings are off in this home', {
          field: 'embeddings.enabled',
          hint: 'set "embeddings": {"enabled": true, "baseUrl": …, "model": …} in config.json (docs/CONFIG.md, Embeddings)',
        });
      }
      mustWrite('embed records');
      return withIndex(() => {
        syncIndex(index, store);
        v.attach(index.db);
        return loadVectors().embedPending(index.db, v.embedder, { all: opts.all === true, batchSize: v.options.batchSize, ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
      });
    },
    recent(filters = {}) {
      return withIndex(() => {
        syncForRead();
        return index.recent({ ...filters, limit: filters.limit ?? 10 });
      });
    },
    get(id) {
      return withIndex(() => {
        syncForRead();
        return index.get(id);
      });
    },
    duplicatesOf(id) {
      return withIndex(() => {
        syncForRead();
        const members = index.duplicates.groupsOf([id]).get(id);
        if (!members) return null;
        return { count: members.length, first: members[0]!.time, last: members[members.length - 1]!.time, ids: members.map((m) => m.id) };
      });
    },
    duplicates() {
      return withIndex(() => {
        syncForRead();
        return loadUpkeep().duplicateReport(index);
      });
    },
    history(id) {
      return withIndex(() => {
        syncForRead();
        if (!index.has(id)) return null;
        // Collect the connected chain both ways along live (not blocked) edges.
        const seen = new Set<string>([id]);
        const edges = new Map<string, Edge>();
        let frontier = [id];
        while (frontier.length && seen.size < 500) {
          const next: string[] = [];
          for (const f of frontier) {
            for (const e of [...index.edgesFrom(f), ...index.edgesInto(f)]) {
              edges.set(`${e.oldId}>${e.newId}`, e);
              for (const n of [e.oldId, e.newId]) if (!seen.has(n)) { seen.add(n); next.push(n); }
            }
          }
          frontier = next;
        }
        const live = [...edges.values()].filter((e) => !e.blocked);
        const chain = [...seen]
          .map((rid) => index.get(rid))
          .filter((r): r is IndexedRecord => r !== null)
          .sort((a, b) => a.timeMs - b.timeMs || (a.id < b.id ? -1 : 1))
          .map((record) => ({ record, superseded: live.some((e) => e.oldId === record.id) }));
        const sinks = chain.filter((c) => !c.superseded);
        const events = eventsAbout([...seen]);
        return { id, chain, edges: [...edges.values()], current: sinks.length ? sinks[sinks.length - 1]!.record.id : null, events, archiveEvents: index.archiveEventsAbout([...seen]) };
      });
    },
    stats() {
      return withIndex(() => {
        syncIndex(index, store);
        const { first, last } = index.timeRange();
        const files = store.listDayFiles();
        const sizeOf = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
        const n = index.counts();
        return {
          home: layout.home,
          records: n.records,
          files: files.length,
          problems: n.problems,
          byDomain: index.countBy('domain'),
          byKind: index.countBy('kind'),
          byTier: index.countBy('tier'),
          first,
          last,
          indexBytes: sizeOf(layout.indexFile) + sizeOf(layout.indexFile + '-wal'),
          logBytes: files.reduce((s, f) => s + f.size, 0),
          corrections: { ...index.resolutionCounts(), wordsAlone: index.wordOnlyLinks(0).total },
          events: n.events,
          ...vectorStats(),
        };
      });
    },
    topics(opts = {}) {
      if (!opts.dryRun) mustWrite('write the topic files');
      // Records from hand edits reach the log once, even when withIndex() rebuilds and runs this again.
      let appendedIds: string[] | null = null;
      return withIndex(() =>
        store.lock.with(() => {
          syncIndex(index, store);
          return loadUpkeep().runTopics(
            {
              dir: layout.memoryDir,
              home: layout.home,
              config: config.topics,
              facts: () => index.currentFacts(TOPIC_EXCLUDED_KINDS),
              replaced: () => index.replacedIds(),
              days: () => index.recordDates(),
              archivedIds: () => index.archivedIds(),
              get: (id) => index.get(id),
              append: (inputs) => {
                if (appendedIds) return appendedIds;
                const records = inputs.map((i) => createRecord(i, addCtx()));
                const warnings: string[] = [];
                const results = appendRecords(records, warnings);
                appendedIds = records.map((r) => r.id);
                indexAppended(index, store, results);
                return appendedIds;
              },
            },
            opts,
          );
        }),
      );
    },
    reindex() {
      mustWrite('rebuild the index');
      return store.lock.with(() => {
        index.close();
        RecordIndex.deleteFiles(layout.indexFile);
        index = RecordIndex.open(layout.indexFile, tokenizer, config.domains, config.supersession, keyExpansionOptions(config.index), config.duplicates);
        index.packOrigins = config.core.origins;
        const report = rebuildIndex(index, store);
        // Duplicate links are derived by consolidate; a rebuild derives them all again.
        index.write(() => index.duplicates.derive());
        return report;
      });
    },
    refresh() {
      return withIndex(() => {
        lastSync = Date.now();
        return syncIndex(index, store);
      });
    },
    doctor() {
      const report = loadUpkeep().runDoctor({ layout, store, index: () => index, tokenizerId: tokenizer.id, domains: config.domains, door });
      // Tamper evidence, one line (never fatal here: `optmem verify` has the details and the exit code).
      const seen = /^(\d+):([0-9a-f]+)$/.exec(index.metaValue(SEAL_SEEN_KEY) ?? '');
      report.checks.push({ name: 'verify', ok: true, detail: verifySummary(loadUpkeep().runVerify({ store, writable: false, seen: seen ? { n: Number(seen[1]), hash: seen[2]! } : null })) });
      // Forgetting: how much is archived, and whether the recall log reads cleanly (never fatal).
      const archived = index.archivedIds().size;
      const recalls = readRecalls(layout.recallsFile);
      report.checks.push({
        name: 'archive',
        ok: true,
        detail:
          `${archived} record(s) archived (optmem search --archived finds them; optmem unarchive ID brings one back)` +
          `; recall log ${recalls.lines} line(s)` +
          (recalls.skipped ? `, ${recalls.skipped} unreadable and skipped (${layout.recallsFile} line ${recalls.skippedLines.slice(0, 5).join(', ')}; they only strengthened retention)` : ''),
      });
      // Quarantine: writes waiting for the owner (never fatal: they are kept, out of search and packs).
      const held = [...index.heldIds().values()];
      const waiting = held.filter((h) => h === 'quarantined').length;
      report.checks.push({
        name: 'quarantine',
        ok: true,
        detail: `${waiting} record(s) waiting for the owner${waiting ? ' (optmem quarantine lists them; optmem approve ID or optmem reject ID decides)' : ''}, ${held.length - waiting} rejected`,
      });
      // The vector path, when on: how many searched records still wait for a vector (never fatal:
      // they are searched by their words meanwhile).
      const v = vectorStats().vectors;
      if (v) {
        report.checks.push({
          name: 'vectors',
          ok: true,
          detail: `model ${v.model}: ${v.current} record(s) with a current vector, ${v.pending} waiting` + (v.pending ? ' (run `optmem embed`; they are searched by their words until then)' : ''),
        });
      }
      return report;
    },
    verify(opts = {}) {
      let sinceMs: number | null = null;
      if (opts.since !== undefined) {
        sinceMs = Date.parse(opts.since);
        if (!/^\d{4}-\d{2}-\d{2}/.test(opts.since) || Number.isNaN(sinceMs)) throw new OptmemError('USAGE', `--since: "${opts.since}" is not an ISO date or time`, { field: 'since' });
      }
      return withIndex(() => {
        syncForRead();
        const linked = (id: string) => [...index.edgesFrom(id), ...index.edgesInto(id)].map((e) => (e.oldId === id ? e.newId : e.oldId));
        const seen = /^(\d+):([0-9a-f]+)$/.exec(index.metaValue(SEAL_SEEN_KEY) ?? '');
        const report = loadUpkeep().runVerify({ store, writable: !readOnly, sealNew: opts.sealNew, since: opts.since ?? null, sinceMs, linked, seen: seen ? { n: Number(seen[1]), hash: seen[2]! } : null });
        rememberSealHead();
        return report;
      });
    },
    sealState(id) {
      return withIndex(() => {
        syncForRead();
        const rec = index.get(id);
        if (!rec) return null;
        const s = loadUpkeep().sealStateOf(store, id, rec.file);
        return { state: s.state, acknowledged: s.hash !== null && index.acknowledgedHashes(id).has(s.hash) };
      });
    },
    problems() {
      return withIndex(() => index.problems());
    },
    close() {
      index.close();
      store.close();
      if (readOnly) removePrivateCopy(indexFile);
    },
  };
  return api;
}

/** The index's meta key for the seal's head last seen (`N:HASH`). */
const SEAL_SEEN_KEY = 'seal_seen';

/** `doctor`'s one line about the seal. */
function verifySummary(r: VerifyReport): string {
  if (!r.sealed) return 'no seal yet (`optmem verify` seals the records there are now)';
  const counts = new Map<string, number>();
  for (const f of r.findings) if (!f.acknowledged) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  const parts = [...counts].map(([k, n]) => `${n} ${k.replace(/-/g, ' ')}`);
  if (r.chainBroken) parts.push('the seal chain is broken');
  const acked = r.findings.length - r.unacknowledged;
  return parts.length
    ? `${parts.join(', ')}, not acknowledged (run \`optmem verify\`)`
    : `clean: ${r.records} records, ${r.sealLines} sealed` + (acked ? `, ${acked} change(s) acknowledged` : '');
}

/** Kinds that are not facts of a topic: what happened (diary, handoff, event) and derived summaries. */
const TOPIC_EXCLUDED_KINDS = ['diary', 'handoff', 'summary', 'event'] as const;

/** Can this process write the home (its folder, its log folder, and the index if there is one)? */
function homeWritable(layout: Layout): boolean {
  try {
    fs.accessSync(layout.home, fs.constants.W_OK);
    fs.accessSync(layout.logDir, fs.constants.W_OK);
    if (fs.existsSync(layout.indexFile)) fs.accessSync(layout.indexFile, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A private temp copy of the index (and its WAL) for a read-only home; built from the files if there is none. */
function privateIndexCopy(layout: Layout): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-ro-'));
  const file = path.join(dir, path.basename(layout.indexFile));
  for (const suffix of ['', '-wal']) {
    try {
      fs.copyFileSync(layout.indexFile + suffix, file + suffix);
    } catch {
      // no index (or no WAL) to start from: the copy is built from the files
    }
  }
  process.once('exit', () => removePrivateCopy(file));
  return file;
}

function removePrivateCopy(indexFile: string): void {
  fs.rmSync(path.dirname(indexFile), { recursive: true, force: true });
}
