/**
 * What the inspector reads from the library, in one place: records as the pages show them, each
 * record's status, the quarantine queue, and the owner's two decisions.
 */
import type { Optmem } from '../../optmem.js';
import type { IndexedRecord } from '../../index/record-index.js';
import type { MemoryRecord } from '../../core/record.js';
import { originOf, type Origin, type Provenance } from '../../core/provenance.js';
import { parseTime } from '../../core/time.js';

/**
 * live: current; superseded: a newer record replaces it; archived: forgotten; quarantined: waits
 * for the owner; rejected: the owner keeps it out for good
 */
export type RecordStatus = 'live' | 'superseded' | 'archived' | 'quarantined' | 'rejected';
export const STATUSES: readonly RecordStatus[] = ['live', 'superseded', 'archived', 'quarantined', 'rejected'];

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

export function toView(r: MemoryRecord | IndexedRecord): ViewRecord {
  const indexed = 'file' in r ? r : null;
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
    origin: originOf(r),
    writer: r.writer ?? null,
    quarantine: r.quarantine ?? [],
    file: indexed?.file ?? null,
    line: indexed?.line ?? null,
  };
}

export interface StatusContext {
  archived: Set<string>;
  held: Map<string, 'quarantined' | 'rejected'>;
  superseded: Set<string>;
}

/** The inspector's view of one memory home. */
export class InspectorLibrary {
  constructor(readonly m: Optmem) {}

  get(id: string): ViewRecord | null {
    const r = this.m.get(id);
    return r ? toView(r) : null;
  }

  /** Every record of the log but events, newest first: archived and held ones included. */
  all(): ViewRecord[] {
    return this.m.recent({ limit: Number.MAX_SAFE_INTEGER, archived: true, quarantined: true }).map(toView);
  }

  /** The records waiting for the owner, newest first. */
  queue(): ViewRecord[] {
    return this.m.quarantined({ status: 'quarantined' }).map(toView);
  }

  /** The records the owner rejected, newest first. */
  rejected(): ViewRecord[] {
    return this.m.quarantined({ status: 'rejected' }).map(toView);
  }

  /** The owner's decision, as an approve or reject event written by `by`. */
  decide(verb: 'approve' | 'reject', ids: string[], by: Provenance, why?: string): void {
    this.m[verb](ids, { provenance: by, ...(why ? { why } : {}) });
  }

  /** What a status needs to know, read once per page. */
  statusContext(): StatusContext {
    const superseded = new Set<string>();
    for (const olds of this.m.supersessionEdges().values()) for (const id of olds) superseded.add(id);
    return { archived: this.m.archivedIds(), held: this.m.heldIds(), superseded };
  }

  statusOf(r: ViewRecord, ctx: StatusContext): RecordStatus {
    const held = ctx.held.get(r.id);
    if (held) return held;
    if (ctx.archived.has(r.id) && r.tier !== 'redline') return 'archived';
    return ctx.superseded.has(r.id) ? 'superseded' : 'live';
  }
}
