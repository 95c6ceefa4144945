import fs from 'node:fs';
import { readConfig, type HomeConfig } from './config.js';
import { OptmemError, type Problem } from './core/errors.js';
import { createRecord, type MemoryRecord, type RecordInput } from './core/record.js';
import { RecordIndex, isCorruption, type IndexedRecord } from './index/record-index.js';
import { indexAppended, rebuildIndex, syncIndex, type SyncReport } from './index/sync.js';
import { rowToEdge, type Edge, type EdgeRow, type Resolution } from './index/supersession.js';
import { EVENT_KIND, checkEvent, eventText, parseEvent, type EventVerb } from './core/events.js';
import { createJiebaSegmenter } from './index/tokenizer/jieba.js';
import { createTokenizer } from './index/tokenizer/tokenizer.js';
import { search as runSearch } from './query/search.js';
import type { SearchRequest, SearchResult } from './query/types.js';
import { layoutOf, type Layout } from './store/layout.js';
import { LogStore } from './store/log-store.js';
import { parseJsonlRecords, recordToJson, type RecordJson } from './io/jsonl.js';
import { runDoctor, type DoctorReport } from './doctor.js';
import { writeFileAtomic } from './store/durable-file.js';
import { createSessions, type CoreApi } from './sessions/sessions.js';
import type { ContextPack, HandoffFields, SessionEndInput, SessionEndResult, SessionStartInput } from './sessions/types.js';

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
}

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
}

export interface ImportResult {
  imported: number;
  skipped: number;
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
  /** corrections naming no id, by how they were resolved: linked, none (corrects nothing known), ambiguous */
  corrections: { linked: number; none: number; ambiguous: number };
  /** event records (link/unlink) */
  events: number;
}

export interface Optmem {
  readonly home: string;
  readonly config: HomeConfig;
  /** what opening found: files read again, problems, torn tails set aside */
  readonly openReport: SyncReport;
  add(input: RecordInput): AddResult;
  import(text: string, opts?: { skipExisting?: boolean; source?: string }): ImportResult;
  export(): IterableIterator<RecordJson>;
  search(req: SearchRequest): SearchResult;
  get(id: string): IndexedRecord | null;
  /** the supersession chain through a record: what it replaced and what replaced it */
  history(id: string): HistoryResult | null;
  /** the links into and out of a record, how its target was resolved, and the events about it */
  links(id: string): LinksResult;
  /** append a `link NEW OLD` event: NEW supersedes OLD from now on */
  link(req: LinkRequest): LinkChange;
  /** append an `unlink NEW OLD` event: NEW no longer supersedes OLD, however it was linked */
  unlink(req: LinkRequest): LinkChange;
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
  reindex(): SyncReport;
  /** re-read whatever changed on disk since the last look */
  refresh(): SyncReport;
  doctor(): DoctorReport;
  problems(): Problem[];
  close(): void;
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

  let index = RecordIndex.open(layout.indexFile, tokenizer, config.domains, config.supersession);
  let openReport: SyncReport;

  // The index is derived: when SQLite finds it damaged, throw it away and build it again.
  const withIndex = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      if (!isCorruption(e)) throw e;
      index.close();
      RecordIndex.deleteFiles(layout.indexFile);
      index = RecordIndex.open(layout.indexFile, tokenizer, config.domains, config.supersession);
      rebuildIndex(index, store);
      return fn();
    }
  };
  openReport = withIndex(() => (index.fresh ? rebuildIndex(index, store) : syncIndex(index, store)));

  const ctx = () => ({ nowMs: now(), knownDomains: config.domains });
  const refreshMs = options.refreshMs ?? 1000;
  let lastSync = Date.now();
  /** Look for hand edits, at most once per refreshMs (writes always look, under the lock). */
  const syncForRead = () => {
    const t = Date.now();
    if (refreshMs > 0 && t - lastSync < refreshMs) return;
    syncIndex(index, store);
    lastSync = t;
  };

  const sessions = createSessions({
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
  });

  const resolutionOf = (id: string): Resolution | null => index.resolution(id);
  const eventsAbout = (ids: string[]): LinkEventInfo[] => {
    if (ids.length === 0) return [];
    const ph = ids.map(() => '?').join(',');
    const rows = index.db
      .prepare(
        `SELECT e.event_id, e.verb, e.new_id, e.old_id, r.time, e.agent, e.why FROM link_events e JOIN records r ON r.rid = e.rid
         WHERE e.new_id IN (${ph}) OR e.old_id IN (${ph}) ORDER BY e.time_ms, e.rid`,
      )
      .all(...ids, ...ids) as { event_id: string; verb: EventVerb; new_id: string; old_id: string; time: string; agent: string | null; why: string | null }[];
    return rows.map((r) => ({ eventId: r.event_id, verb: r.verb, newId: r.new_id, oldId: r.old_id, time: r.time, agent: r.agent, why: r.why }));
  };
  const linksOf = (id: string): LinksResult => {
    if (!index.has(id)) throw new OptmemError('NOT_FOUND', `no record ${id}`, { field: 'id' });
    const edges = (sql: string) => (index.db.prepare(sql).all(id) as EdgeRow[]).map(rowToEdge);
    return {
      id,
      out: edges('SELECT * FROM edges WHERE new_id = ? ORDER BY old_id'),
      in: edges('SELECT * FROM edges WHERE old_id = ? ORDER BY new_id'),
      resolution: resolutionOf(id),
      events: eventsAbout([id]),
    };
  };
  const changeLink = (verb: EventVerb, req: LinkRequest): LinkChange => {
    checkEvent({ verb, ids: [req.newId, req.oldId], why: req.why ?? null });
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
        const pairEdge = () => {
          const row = index.db.prepare('SELECT * FROM edges WHERE new_id = ? AND old_id = ?').get(req.newId, req.oldId) as EdgeRow | undefined;
          return row ? rowToEdge(row) : null;
        };
        const before = pairEdge();
        const warnings: string[] = [];
        if (verb === 'unlink' && !before) return { event: null, edge: null, warnings: [`${req.newId} does not supersede ${req.oldId}: nothing to unlink`] };
        if (verb === 'link' && before && before.method === 'linked') return { event: null, edge: before, warnings: [`${req.newId} already supersedes ${req.oldId}`] };
        const event = createRecord(
          {
            text: eventText({ verb, ids: [req.newId, req.oldId], why: req.why ?? null }),
            kind: EVENT_KIND,
            ...(req.agent ? { source: { agent: req.agent } } : {}),
          },
          ctx(),
        );
        indexAppended(index, store, store.append([event], { durable: options.durable }));
        const edge = pairEdge();
        if (edge?.blocked) warnings.push(`${req.oldId} is a red line: only a newer red line overrides it, so the link is kept but does not apply`);
        return { event, edge, warnings };
      }),
    );
  };

  const api: Optmem = {
    core: sessions.core,
    sessionStart: (input) => sessions.sessionStart(input),
    sessionEnd: (input) => sessions.sessionEnd(input),
    projectFor: (cwd) => sessions.projectFor(cwd),
    projects: () => sessions.projects(),
    handoff: (project) => sessions.handoff(project),
    home: layout.home,
    config,
    get openReport() {
      return openReport;
    },
    add(input) {
      const record = createRecord(input, ctx());
      if (record.kind === EVENT_KIND && !parseEvent(record.text)) {
        throw new OptmemError('INVALID_RECORD', 'text: an event record is one line "link NEW OLD" or "unlink NEW OLD", optionally followed by "why: …"', {
          field: 'text',
          hint: 'use `optmem link NEW OLD` or `optmem unlink NEW OLD`',
        });
      }
      const warnings: string[] = [];
      let resolution: Resolution | null = null;
      const supersedes = withIndex(() =>
        store.lock.with(() => {
          syncIndex(index, store);
          if (input.id !== undefined && index.has(record.id)) {
            throw new OptmemError('INVALID_RECORD', `id: ${record.id} already exists`, { field: 'id' });
          }
          for (const c of record.corrects) if (!index.has(c)) warnings.push(`corrects: no record ${c} is known (kept as written)`);
          indexAppended(index, store, store.append([record], { durable: options.durable }));
          resolution = resolutionOf(record.id);
          return (index.db.prepare('SELECT * FROM edges WHERE new_id = ?').all(record.id) as EdgeRow[]).map(rowToEdge);
        }),
      );
      for (const e of supersedes) {
        if (e.blocked) {
          warnings.push(
            `this correction aims at red line ${e.oldId}; a red line is only overridden by a newer red line, so it stays on top (add this as 〔红线〕 or --tier redline to replace it)`,
          );
        }
      }
      return { record, supersedes, resolution, warnings };
    },
    links(id) {
      return withIndex(() => {
        syncForRead();
        return linksOf(id);
      });
    },
    link: (req) => changeLink('link', req),
    unlink: (req) => changeLink('unlink', req),
    import(text, opts = {}) {
      const source = opts.source ?? 'input';
      const { records } = parseJsonlRecords(text, source, ctx());
      return withIndex(() =>
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
          const results = store.append(fresh, { durable: options.durable });
          indexAppended(index, store, results);
          // A bulk import leaves a WAL as large as the index; fold it back now.
          if (fresh.length >= 1000) index.db.pragma('wal_checkpoint(TRUNCATE)');
          return { imported: fresh.length, skipped: records.length - fresh.length };
        }),
      );
    },
    *export() {
      const rows = withIndex(() => {
        syncIndex(index, store);
        return index.db.prepare('SELECT id FROM records ORDER BY file, line').pluck().all() as string[];
      });
      for (const id of rows) {
        const r = index.get(id);
        if (r) yield recordToJson(r);
      }
    },
    search(req) {
      return withIndex(() => {
        syncForRead();
        return runSearch(index, req, config.ranking);
      });
    },
    get(id) {
      return withIndex(() => {
        syncForRead();
        return index.get(id);
      });
    },
    history(id) {
      return withIndex(() => {
        syncForRead();
        if (!index.has(id)) return null;
        // Collect the connected chain both ways along live (not blocked) edges.
        const edgesOf = index.db.prepare('SELECT * FROM edges WHERE (old_id = ? OR new_id = ?)');
        const seen = new Set<string>([id]);
        const edges = new Map<string, Edge>();
        let frontier = [id];
        while (frontier.length && seen.size < 500) {
          const next: string[] = [];
          for (const f of frontier) {
            for (const row of edgesOf.all(f, f) as EdgeRow[]) {
              const e = rowToEdge(row);
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
        return { id, chain, edges: [...edges.values()], current: sinks.length ? sinks[sinks.length - 1]!.record.id : null, events };
      });
    },
    stats() {
      return withIndex(() => {
        syncIndex(index, store);
        const db = index.db;
        const count = (col: string) =>
          Object.fromEntries(
            (db.prepare(`SELECT coalesce(${col}, '-') AS k, count(*) AS n FROM records GROUP BY k ORDER BY n DESC`).all() as { k: string; n: number }[]).map((r) => [r.k, r.n]),
          );
        const range = db.prepare('SELECT min(time_ms) AS a, max(time_ms) AS b FROM records').get() as { a: number | null; b: number | null };
        const first = range.a === null ? null : (db.prepare('SELECT time FROM records WHERE time_ms = ? LIMIT 1').pluck().get(range.a) as string);
        const last = range.b === null ? null : (db.prepare('SELECT time FROM records WHERE time_ms = ? LIMIT 1').pluck().get(range.b) as string);
        const files = store.listDayFiles();
        const sizeOf = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
        return {
          home: layout.home,
          records: db.prepare('SELECT count(*) FROM records').pluck().get() as number,
          files: files.length,
          problems: db.prepare('SELECT count(*) FROM problems').pluck().get() as number,
          byDomain: count('domain'),
          byKind: count('kind'),
          byTier: count('tier'),
          first,
          last,
          indexBytes: sizeOf(layout.indexFile) + sizeOf(layout.indexFile + '-wal'),
          logBytes: files.reduce((s, f) => s + f.size, 0),
          corrections: index.resolutionCounts(),
          events: db.prepare("SELECT count(*) FROM records WHERE kind = 'event'").pluck().get() as number,
        };
      });
    },
    reindex() {
      return store.lock.with(() => {
        index.close();
        RecordIndex.deleteFiles(layout.indexFile);
        index = RecordIndex.open(layout.indexFile, tokenizer, config.domains, config.supersession);
        return rebuildIndex(index, store);
      });
    },
    refresh() {
      return withIndex(() => {
        lastSync = Date.now();
        return syncIndex(index, store);
      });
    },
    doctor() {
      return runDoctor({ layout, store, index: () => index, tokenizerId: tokenizer.id, domains: config.domains });
    },
    problems() {
      return withIndex(() => index.problems());
    },
    close() {
      index.close();
      store.close();
    },
  };
  return api;
}
