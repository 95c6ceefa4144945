/**
 * What the inspector reads from the library, in one place. Provenance (origin, writer) and
 * quarantine (the scanner's rules, approve, reject) are optional on the handle: a home written
 * before they existed has records without them, and the pages show what there is.
 */
import type { Optmem } from '../../optmem.js';
import type { IndexedRecord } from '../../index/record-index.js';
import type { MemoryRecord } from '../../core/record.js';
import { parseTime } from '../../core/time.js';

export type Origin = 'owner' | 'agent' | 'ingest' | 'imported';
/** live: current; superseded: a newer record replaces it; archived: forgotten; quarantined: waits for the owner */
export type RecordStatus = 'live' | 'superseded' | 'archived' | 'quarantined';
export const STATUSES: readonly RecordStatus[] = ['live', 'superseded', 'archived', 'quarantined'];

/** A record as the pages show it. */
export interface ViewRecord {
  id: string;
  time: string;
  timeMs: number;
  text: string;
  domain: string | null;
  project: string | null;
  kind: string;
  tier: string;
  corrects: string[];
  tags: string[];
  agent: string | null;
  session: string | null;
  /** owner when the record has no origin (written by hand or before provenance) */
  origin: Origin;
  writer: string | null;
  /** the scanner rules that flagged it at write time (empty: none) */
  quarantine: string[];
  file: string | null;
  line: number | null;
}

interface ProvenanceFields {
  origin?: Origin;
  writer?: string;
  quarantine?: string[];
}

export interface StatusContext {
  archived: Set<string>;
  pending: Set<string>;
  superseded: Pick<Set<string>, 'has'>;
}

/** The optional parts of the handle the inspector uses when they are there. */
interface QuarantineApi {
  quarantine?: { list(): Array<MemoryRecord | IndexedRecord | string> };
  approve?(ids: string[], opts?: { why?: string }): unknown;
  reject?(ids: string[], opts?: { why?: string }): unknown;
}

export function toView(r: (MemoryRecord | IndexedRecord) & ProvenanceFields): ViewRecord {
  const indexed = 'file' in r ? (r as IndexedRecord) : null;
  return {
    id: r.id,
    time: r.time,
    timeMs: indexed?.timeMs ?? parseTime(r.time)?.ms ?? 0,
    text: r.text,
    domain: r.domain,
    project: r.project,
    kind: r.kind,
    tier: r.tier,
    corrects: r.corrects,
    tags: r.tags,
    agent: r.source?.agent ?? null,
    session: r.source?.session ?? null,
    origin: r.origin ?? 'owner',
    writer: r.writer ?? null,
    quarantine: Array.isArray(r.quarantine) ? r.quarantine : [],
    file: indexed?.file ?? null,
    line: indexed?.line ?? null,
  };
}

/** The inspector's view of one memory home. */
export class InspectorLibrary {
  constructor(readonly m: Optmem) {}

  private get q(): QuarantineApi {
    return this.m as unknown as QuarantineApi;
  }

  /** the library can approve and reject (provenance has landed) */
  get canDecide(): boolean {
    return typeof this.q.approve === 'function' && typeof this.q.reject === 'function';
  }

  get(id: string): ViewRecord | null {
    const r = this.m.get(id);
    return r ? toView(r as IndexedRecord & ProvenanceFields) : null;
  }

  /** Every record of the log but events, newest first: archived and quarantined ones included. */
  all(): ViewRecord[] {
    const out = this.m.recent({ limit: Number.MAX_SAFE_INTEGER, archived: true }).map((r) => toView(r as IndexedRecord & ProvenanceFields));
    // a library that keeps quarantined records out of recent() still lists them in its queue
    const seen = new Set(out.map((r) => r.id));
    const missing = this.queueIds().filter((id) => !seen.has(id));
    if (missing.length === 0) return out;
    for (const id of missing) {
      const r = this.get(id);
      if (r) out.push(r);
    }
    return out.sort((a, b) => b.timeMs - a.timeMs);
  }

  private queueIds(): string[] {
    const list = this.q.quarantine?.list;
    return typeof list === 'function' ? list.call(this.q.quarantine).map((x) => (typeof x === 'string' ? x : x.id)) : [];
  }

  /** ids waiting for the owner: the library's queue, else records carrying scanner rules. */
  pendingIds(all?: ViewRecord[]): Set<string> {
    const list = this.q.quarantine?.list;
    if (typeof list === 'function') {
      return new Set(this.queueIds());
    }
    return new Set((all ?? this.all()).filter((r) => r.quarantine.length > 0).map((r) => r.id));
  }

  /** The records waiting for the owner, newest first. */
  queue(): ViewRecord[] {
    const list = this.q.quarantine?.list;
    if (typeof list === 'function') {
      return list
        .call(this.q.quarantine)
        .map((x) => (typeof x === 'string' ? this.get(x) : toView(x as MemoryRecord & ProvenanceFields)))
        .filter((r): r is ViewRecord => r !== null)
        .sort((a, b) => b.timeMs - a.timeMs);
    }
    return this.all()
      .filter((r) => r.quarantine.length > 0)
      .sort((a, b) => b.timeMs - a.timeMs);
  }

  decide(verb: 'approve' | 'reject', ids: string[], why?: string): void {
    const fn = this.q[verb];
    if (typeof fn !== 'function') throw new Error(`${verb} is not available in this version of the library`);
    fn.call(this.m, ids, why ? { why } : {});
  }

  /** What a status needs to know, read once per page. */
  statusContext(all?: ViewRecord[]): StatusContext {
    const superseded = this.m.supersededIds ? this.m.supersededIds() : { has: (id: string) => this.m.links(id).in.some((e) => !e.blocked) };
    return { archived: this.m.archivedIds(), pending: this.pendingIds(all), superseded };
  }

  statusOf(r: ViewRecord, ctx: StatusContext): RecordStatus {
    if (ctx.pending.has(r.id)) return 'quarantined';
    if (ctx.archived.has(r.id) && r.tier !== 'redline') return 'archived';
    return ctx.superseded.has(r.id) ? 'superseded' : 'live';
  }
}
