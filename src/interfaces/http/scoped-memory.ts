/**
 * The memory as one principal may see and change it. Every route and every MCP tool over HTTP goes
 * through this one object, so a scope, project or domain rule is written once: reads see only
 * records of the principal's projects (and global ones, which belong to no project) and domains;
 * writes stay inside them and are stamped with the principal's provenance, never the payload's.
 */
import { OptmemError } from '../../core/errors.js';
import { createRecord, type RecordInput } from '../../core/record.js';
import { doorRules } from '../../config.js';
import type { AddResult, HistoryResult, LinkRequest, Optmem, WriteOptions } from '../../optmem.js';
import type { SearchRequest, SearchResult } from '../../query/types.js';
import type { ContextPack, CoreChange, CoreMemory, SessionEndInput } from '../../sessions/types.js';
import type { ToolMemory } from '../mcp/tools/common.js';
import { limited, writerOf, type Principal } from './principal.js';
import { provenanceOf } from './provenance.js';

export type Need = 'read' | 'write' | 'owner' | 'ingest-write';

const ALLOWED: Record<Need, readonly string[]> = {
  read: ['read', 'write', 'owner'],
  write: ['write', 'owner'],
  owner: ['owner'],
  // a write that an ingest token may make too (its records are stamped origin ingest)
  'ingest-write': ['write', 'ingest', 'owner'],
};

export function allows(p: Principal, need: Need): boolean {
  return ALLOWED[need].includes(p.scope);
}

export function requireScope(p: Principal, need: Need, what: string): void {
  if (!allows(p, need)) {
    const want = need === 'ingest-write' ? 'write, ingest or owner' : need === 'read' ? 'read, write or owner' : need === 'write' ? 'write or owner' : 'owner';
    throw new OptmemError('FORBIDDEN', `${what} needs a token of scope ${want}; this one is ${p.scope}`);
  }
}

export interface ScopeOptions {
  /** the cap on `limit` (config server.maxResults) */
  maxResults: number;
}

/** A record with this project and domain is within the principal's reach. A record of no project is global. */
export function canSee(p: Principal, r: { project: string | null; domain: string | null }): boolean {
  if (p.projects.length && r.project !== null && !p.projects.includes(r.project)) return false;
  if (p.domains.length && (r.domain === null || !p.domains.includes(r.domain))) return false;
  return true;
}

function narrow(asked: string[] | undefined, allowed: string[], what: 'project' | 'domain'): string[] | undefined {
  if (!allowed.length) return asked;
  if (!asked?.length) return [...allowed];
  const within = asked.filter((x) => allowed.includes(what === 'domain' ? x.toLowerCase() : x));
  if (within.length < asked.length) {
    const out = asked.filter((x) => !within.includes(x));
    throw new OptmemError('FORBIDDEN', `${what} ${out.join(', ')}: outside this token's ${what}s (${allowed.join(', ')})`, { field: what });
  }
  return within;
}

export interface ScopedMemory extends ToolMemory {
  readonly principal: Principal;
  /**
   * `ingest: true` stamps origin ingest whatever the scope (records that came from transcripts); a
   * `provenance` passed in is ignored: the principal's is the only one this memory writes with.
   */
  add(input: RecordInput, opts?: WriteOptions & { ingest?: boolean }): AddResult & { quarantined: boolean };
  /** the project a project-scoped call uses: the one asked, else the token's only project */
  projectFor(asked: string | null | undefined, what: string): string | null;
}

/**
 * `m` is the server's one handle. Records added are stamped with `p`'s provenance per call; what the
 * library writes through its own pipes (handoffs, link events) carries the handle's (agent).
 */
export function scopedMemory(m: Optmem, p: Principal, opts: ScopeOptions): ScopedMemory {
  const writer = () => m;
  const visible = (id: string, what: string) => {
    const r = m.get(id);
    if (r && !canSee(p, r)) throw new OptmemError('FORBIDDEN', `${what}: record ${id} is outside this token's projects or domains`, { field: 'id' });
    return r;
  };

  const projectFor = (asked: string | null | undefined, what: string): string | null => {
    if (!p.projects.length) return asked ?? null;
    if (asked) {
      if (!p.projects.includes(asked)) throw new OptmemError('FORBIDDEN', `${what}: project ${asked} is outside this token's projects (${p.projects.join(', ')})`, { field: 'project' });
      return asked;
    }
    if (p.projects.length === 1) return p.projects[0]!;
    throw new OptmemError('USAGE', `${what}: name the project (this token may use ${p.projects.join(', ')})`, { field: 'project' });
  };

  /** The record as it would be written, checked against the principal's reach before anything is written. */
  const checkWrite = (input: RecordInput, what: string): RecordInput => {
    const scoped: RecordInput = { ...input };
    if (p.projects.length) scoped.project = projectFor(input.project ?? null, what);
    if (p.domains.length && !input.domain && p.domains.length === 1) {
      // the text's own [domain] prefix is read by createRecord; the token's only domain fills in otherwise
      const preview = createRecord(scoped, { nowMs: Date.now(), knownDomains: m.config.domains, door: doorRules(m.config), agentDomains: m.config.agents });
      if (preview.domain === null) scoped.domain = p.domains[0]!;
    }
    const preview = createRecord(scoped, { nowMs: Date.now(), knownDomains: m.config.domains, door: doorRules(m.config), agentDomains: m.config.agents });
    if (!canSee(p, preview)) {
      throw new OptmemError('FORBIDDEN', `${what}: a record of ${preview.project ? `project ${preview.project}` : 'no project'}, domain ${preview.domain ?? 'none'} is outside this token's reach`, {
        field: preview.project !== null && p.projects.length && !p.projects.includes(preview.project) ? 'project' : 'domain',
      });
    }
    return scoped;
  };

  const provenance = () => provenanceOf(p);
  const add = (input: RecordInput, prov = provenance()) => {
    const r = writer().add(input, { provenance: prov });
    return { ...r, quarantined: r.quarantined === true };
  };

  /** Core memory without entries the principal may not see (pins are home-wide). */
  const scopedCore = (c: CoreMemory): CoreMemory => {
    if (!limited(p)) return c;
    const hidden = c.entries.filter((e) => !canSee(p, e)).map((e) => e.id);
    if (!hidden.length && c.overflow.every((e) => canSee(p, e))) return c;
    return {
      ...c,
      entries: c.entries.filter((e) => canSee(p, e)),
      overflow: c.overflow.filter((e) => canSee(p, e)),
      markdown: dropLinesNaming(c.markdown, hidden),
    };
  };
  const scopedChange = (ch: CoreChange): CoreChange => ({ core: scopedCore(ch.core), evicted: ch.evicted.filter((e) => canSee(p, e)) });

  const api: ScopedMemory = {
    principal: p,
    projectFor,
    search(req: SearchRequest): SearchResult {
      requireScope(p, 'read', 'search');
      const limit = Math.min(req.limit ?? 10, opts.maxResults);
      const res = m.search({
        query: req.query,
        limit,
        domains: narrow(req.domains, p.domains, 'domain'),
        projects: narrow(req.projects, p.projects, 'project'),
        kinds: req.kinds,
        since: req.since,
        until: req.until,
        now: req.now,
        explain: req.explain,
        archived: req.archived,
        // held records (quarantined, rejected) are the owner's to look at
        ...(req.quarantined && p.scope === 'owner' ? { quarantined: true } : {}),
      });
      const results = res.results.filter((h) => canSee(p, h));
      // Summary nodes span every project: a limited token gets the records, not the overview.
      if (limited(p) && res.summaries) {
        const { summaries: _s, ...rest } = res;
        return { ...rest, results };
      }
      return { ...res, results };
    },
    add(input, o = {}) {
      requireScope(p, 'ingest-write', 'add');
      return add(checkWrite(input, 'add'), o.ingest ? { ...provenance(), origin: 'ingest' } : provenance());
    },
    get(id) {
      requireScope(p, 'read', 'get');
      return visible(id, 'get');
    },
    history(id): HistoryResult | null {
      requireScope(p, 'read', 'history');
      if (!visible(id, 'history')) return null;
      const h = m.history(id);
      if (!h || !limited(p)) return h;
      return { ...h, chain: h.chain.filter((c) => canSee(p, c.record)) };
    },
    link(req: LinkRequest) {
      requireScope(p, 'write', 'link');
      visible(req.newId, 'link');
      visible(req.oldId, 'link');
      return writer().link({ ...req, agent: writerOf(p) });
    },
    unlink(req: LinkRequest) {
      requireScope(p, 'write', 'unlink');
      visible(req.newId, 'unlink');
      visible(req.oldId, 'unlink');
      return writer().unlink({ ...req, agent: writerOf(p) });
    },
    core: {
      show(o = {}) {
        requireScope(p, 'read', 'core show');
        const project = p.projects.length ? projectFor(o.project, 'core show') : (o.project ?? null);
        return scopedCore(m.core.show({ ...o, project }));
      },
      add(text, o = {}) {
        requireScope(p, 'write', 'core add');
        const r = add(checkWrite({ text, domain: o.domain, project: o.project, tags: ['core'] }, 'core add'));
        // A record waiting for the owner is not pinned: it is in no pack until approved.
        const ch = o.pin !== false && !r.quarantined ? writer().core.pin(r.record.id) : { core: m.core.show({ project: r.record.project }), evicted: [] };
        return { ...scopedChange(ch), id: r.record.id, ...(r.quarantined ? { quarantined: true } : {}) };
      },
      pin(id) {
        requireScope(p, 'write', 'core pin');
        visible(id, 'core pin');
        return scopedChange(writer().core.pin(id));
      },
      unpin(id) {
        requireScope(p, 'write', 'core unpin');
        visible(id, 'core unpin');
        return scopedChange(writer().core.unpin(id));
      },
      remove(id) {
        requireScope(p, 'write', 'core remove');
        visible(id, 'core remove');
        return scopedChange(writer().core.remove(id));
      },
    },
    sessionStart(input): ContextPack {
      requireScope(p, 'read', 'session start');
      const project = p.projects.length ? projectFor(input.project, 'session start') : input.project;
      const pack = m.sessionStart({ ...input, project });
      if (!limited(p)) return pack;
      const hidden = [...pack.core, ...pack.redlines, ...pack.relevant].filter((e) => !canSee(p, e)).map((e) => e.id);
      if (!hidden.length) return pack;
      return {
        ...pack,
        core: pack.core.filter((e) => canSee(p, e)),
        redlines: pack.redlines.filter((e) => canSee(p, e)),
        relevant: pack.relevant.filter((e) => canSee(p, e)),
        markdown: dropLinesNaming(pack.markdown, hidden),
      };
    },
    sessionEnd(input: SessionEndInput) {
      requireScope(p, 'write', 'session end');
      if (input.transcriptPath) {
        throw new OptmemError('USAGE', 'session end: transcriptPath names a file on the server; over HTTP, send the items (done, stuck, next, decisions, files) instead', { field: 'transcriptPath' });
      }
      projectFor(input.project, 'session end');
      return writer().sessionEnd(input);
    },
    projects() {
      requireScope(p, 'read', 'projects');
      return p.projects.length ? m.projects().filter((x) => p.projects.includes(x)) : m.projects();
    },
    handoff(project) {
      requireScope(p, 'read', 'handoff');
      projectFor(project, 'handoff');
      return m.handoff(project);
    },
  };
  return api;
}

/** Markdown without the lines that name one of these record ids (entries end with "…, ID)"). */
function dropLinesNaming(md: string, ids: string[]): string {
  if (!ids.length) return md;
  return md
    .split('\n')
    .filter((l) => !ids.some((id) => l.includes(`${id})`)))
    .join('\n');
}
