import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { resolutionNote, type Edge } from '../../../index/supersession.js';
import type { IndexedRecord } from '../../../index/record-index.js';
import type { SearchHit } from '../../../query/types.js';
import { recordToJson } from '../../../io/jsonl.js';
import { DESCRIPTIONS } from '../descriptions.js';
import { guarded, notFound, ok } from '../result.js';
import { APPENDS, READ_ONLY, type ToolContext, type ToolMemory } from './common.js';

/** How a supersession link was found, in a few words. */
export function edgeSummary(e: Edge): Record<string, unknown> {
  const how =
    e.method === 'explicit'
      ? 'named by id (corrects)'
      : e.method === 'inferred'
        ? `inferred: same ${e.detail.slot?.replace(/^\|/, '').replace('|', ' ') ?? e.detail.attribute ?? 'fact'} with another value`
        : e.method === 'linked'
          ? `linked by hand (event ${e.detail.event})`
          : `resolved from the 〔更正〕 text${e.detail.quoted?.length ? `, quotes ${e.detail.quoted.join(', ')}` : ''}`;
  return { oldId: e.oldId, newId: e.newId, method: e.method, how, blocked: e.blocked };
}

function hitJson(h: SearchHit): Record<string, unknown> {
  return {
    id: h.id,
    text: h.text,
    time: h.time,
    domain: h.domain,
    project: h.project,
    kind: h.kind,
    tier: h.tier,
    tags: h.tags,
    corrects: h.corrects,
    agent: h.source.agent ?? null,
    score: Math.round(h.score * 1000) / 1000,
    superseded: h.superseded,
    supersededBy: h.supersededBy,
    pinned: h.pinned,
    conflicts: h.conflicts,
    ...(h.archived ? { archived: true } : {}),
    ...(h.explain ? { explanation: h.explain } : {}),
  };
}

function recordJson(r: IndexedRecord): Record<string, unknown> {
  return { ...recordToJson(r), file: r.file, line: r.line };
}

const list = z.array(z.string());
const oneOrMany = z.union([z.string(), list]);

/** A filter given by its plural name, its singular one, or both: all the values, or none. */
function both(many: string[] | undefined, one: string | string[] | undefined): string[] | undefined {
  const all = [...(many ?? []), ...(one === undefined ? [] : Array.isArray(one) ? one : [one])];
  return all.length ? all : undefined;
}

export function registerRecordTools(server: McpServer, mem: ToolMemory, ctx: ToolContext): void {
  server.registerTool(
    'search',
    {
      title: 'Search memory',
      description: DESCRIPTIONS.search,
      inputSchema: {
        query: z.string().describe('words the record would contain; may include time words like 上周 or latest'),
        limit: z.number().int().optional().describe('results to return, 1..1000 (default 10)'),
        domains: list.optional().describe('only these domains, e.g. ["code"]'),
        projects: list.optional().describe('only these projects'),
        kinds: list.optional().describe('only these kinds, e.g. ["decision", "correction"]'),
        // The singular names too (the add tool and the CLI say domain/project/kind): a filter an agent
        // names that way is applied, never dropped without a word.
        domain: oneOrMany.optional().describe('the same as domains'),
        project: oneOrMany.optional().describe('the same as projects'),
        kind: oneOrMany.optional().describe('the same as kinds'),
        since: z.string().optional().describe('only records at or after this time, ISO 8601 like 2026-11-01'),
        until: z.string().optional().describe('only records at or before this time, ISO 8601'),
        now: z.string().optional().describe('the clock for recency, ISO 8601 (default: the real clock)'),
        explain: z.boolean().optional().describe('add each ranking stage\'s part to every result'),
        archived: z.boolean().optional().describe('include archived (forgotten) records, flagged archived'),
      },
      annotations: READ_ONLY,
    },
    guarded(ctx.log, (a) => {
      const res = mem.search({
        query: a.query,
        limit: a.limit,
        domains: both(a.domains, a.domain),
        projects: both(a.projects, a.project),
        kinds: both(a.kinds, a.kind),
        since: a.since,
        until: a.until,
        now: a.now,
        explain: a.explain === true,
        archived: a.archived === true,
      });
      return ok({
        results: res.results.map(hitJson),
        query: { terms: res.query.terms, mode: res.query.mode, time: res.query.time, ...(res.query.vector ? { vector: res.query.vector } : {}) },
        // embeddings enabled and the endpoint failed (the results are lexical), or the window the query named held nothing (the results are from any time): this says so
        ...(res.warnings ? { warnings: res.warnings } : {}),
        // an overview query (上周做了什么, last month) or kinds ["summary"]: the summary tree's nodes, each bullet with its record ids
        ...(res.summaries ? { summaries: res.summaries } : {}),
      });
    }),
  );

  server.registerTool(
    'add',
    {
      title: 'Write a memory record',
      description: DESCRIPTIONS.add,
      inputSchema: {
        text: z.string().describe('the record: one self-contained fact, e.g. "[code] 后端服务的端口是8080"; 〔更正〕 for a correction, 〔红线〕 for a red line'),
        domain: z.string().optional().describe('domain, when the text has no [domain] prefix'),
        project: z.string().optional().describe('the project it belongs to (one word)'),
        tier: z.string().optional().describe('redline, evidence, normal or chatter (default from the markers)'),
        kind: z.string().optional().describe('note, decision, lesson, correction … (default from the markers)'),
        corrects: list.optional().describe('ids of the records this one corrects (makes it a correction)'),
        tags: list.optional().describe('one-word tags'),
        time: z.string().optional().describe('when it happened, ISO 8601 (default now)'),
        agent: z.string().optional().describe('the agent writing, e.g. claude-code'),
        session: z.string().optional().describe('the session id'),
      },
      annotations: APPENDS,
    },
    guarded(ctx.log, (a) => {
      const added = mem.add({
        text: a.text,
        domain: a.domain,
        project: a.project,
        tier: a.tier,
        kind: a.kind,
        corrects: a.corrects,
        tags: a.tags,
        time: a.time,
        source: { agent: a.agent ?? ctx.agent, session: a.session },
      });
      const { record, supersedes, resolution, warnings } = added;
      const quarantined = (added as { quarantined?: boolean }).quarantined === true;
      return ok({
        id: record.id,
        record: recordToJson(record),
        supersedes: supersedes.filter((e) => !e.blocked).map((e) => e.oldId),
        links: supersedes.map(edgeSummary),
        ...(resolution ? { resolution: { status: resolution.status, candidates: resolution.candidates } } : {}),
        ...(resolution && resolution.status !== 'linked' && !supersedes.length ? { note: resolutionNote(resolution) } : {}),
        warnings,
        // kept in the log, out of search and packs until the owner approves it
        ...(quarantined ? { quarantined: true } : {}),
      });
    }),
  );

  server.registerTool(
    'get',
    {
      title: 'Read a record',
      description: DESCRIPTIONS.get,
      inputSchema: { id: z.string().describe('the record id') },
      annotations: READ_ONLY,
    },
    guarded(ctx.log, (a) => {
      const r = mem.get(a.id);
      return r ? ok({ found: true, record: recordJson(r) }) : notFound(a.id);
    }),
  );

  server.registerTool(
    'history',
    {
      title: 'Supersession chain',
      description: DESCRIPTIONS.history,
      inputSchema: { id: z.string().describe('the record id') },
      annotations: READ_ONLY,
    },
    guarded(ctx.log, (a) => {
      const h = mem.history(a.id);
      if (!h) return notFound(a.id);
      return ok({
        found: true,
        id: h.id,
        current: h.current,
        chain: h.chain.map((c) => ({ ...recordJson(c.record), superseded: c.superseded })),
        links: h.edges.map(edgeSummary),
        events: h.events,
      });
    }),
  );

  for (const verb of ['link', 'unlink'] as const) {
    server.registerTool(
      verb,
      {
        title: verb === 'link' ? 'Link a correction by hand' : 'Undo a supersession link',
        description: DESCRIPTIONS[verb],
        inputSchema: {
          newId: z.string().describe('the newer record (the correction)'),
          oldId: z.string().describe('the older record it does (link) or does not (unlink) supersede'),
          why: z.string().optional().describe('one line: why, for the person reading the history'),
        },
        annotations: APPENDS,
      },
      guarded(ctx.log, (a) => {
        const r = (verb === 'link' ? mem.link : mem.unlink)({ newId: a.newId, oldId: a.oldId, why: a.why, agent: ctx.agent });
        return ok({ event: r.event ? recordToJson(r.event) : null, changed: r.event !== null, link: r.edge ? edgeSummary(r.edge) : null, warnings: r.warnings });
      }),
    );
  }
}
