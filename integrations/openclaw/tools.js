// The agent tools of the memory slot: memory_search and memory_get (the names and parameters of
// OpenClaw's own memory tools, answered by optmem) and memory_add (a new record). Results are
// OpenClaw tool results: {content: [{type: "text", text: JSON}], details: the same object}.
import { addRecord, ALL_DOMAINS, DEFAULT_DOMAIN, readRecord, searchRecords } from './memory.js';

export const TOOL_NAMES = ['memory_search', 'memory_get', 'memory_add'];

export function jsonResult(payload) {
  return { content: [{ type: 'text', text: JSON.stringify(payload, null, 2) }], details: payload };
}

const domainParam = (cfg) => ({
  type: 'string',
  description: `The domain to search: "${cfg.domain || DEFAULT_DOMAIN}" (default), another configured domain such as "code", or "${ALL_DOMAINS}" for every domain.`,
});

export function searchTool(cfg, run) {
  return {
    name: 'memory_search',
    label: 'Memory Search',
    description:
      'Search optmem, the long-term memory shared with the user\'s other agents, before answering about prior work, decisions, dates, people, preferences or todos. ' +
      `Searches the "${cfg.domain || DEFAULT_DOMAIN}" domain unless you pass domain ("${ALL_DOMAINS}" searches every agent's records). ` +
      'Each result has a path (optmem:<id>) for memory_get and a citation (day file:line). A result marked superseded was corrected by a later record.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to look for (Chinese or English).' },
        maxResults: { type: 'integer', minimum: 1, description: 'At most this many results (default 8).' },
        minScore: { type: 'number', description: 'Drop results scoring below this (0 to 1).' },
        domain: domainParam(cfg),
      },
      required: ['query'],
      additionalProperties: false,
    },
    async execute(_id, params) {
      const p = params || {};
      try {
        const results = await searchRecords(cfg, p.query, { maxResults: p.maxResults, minScore: p.minScore, domain: p.domain }, run);
        return jsonResult({ results, provider: 'optmem', domain: p.domain || cfg.domain || DEFAULT_DOMAIN, citations: 'on' });
      } catch (e) {
        return jsonResult({ results: [], unavailable: true, error: `optmem search failed: ${e.message}` });
      }
    },
  };
}

export function getTool(cfg, run) {
  return {
    name: 'memory_get',
    label: 'Memory Get',
    description: 'Read one optmem record in full by the path a memory_search result gave (optmem:<id>). status=ok: read; status=not_found: no such record; status=error: the read failed.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'optmem:<id> from a memory_search result (a bare id works too).' },
        from: { type: 'integer', minimum: 1, description: 'First line of the record to return (default 1).' },
        lines: { type: 'integer', minimum: 1, description: 'How many lines (default 200).' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    async execute(_id, params) {
      const p = params || {};
      try {
        return jsonResult(await readRecord(cfg, p.path, { from: p.from, lines: p.lines }, run));
      } catch (e) {
        return jsonResult({ status: 'error', path: String(p.path || ''), text: '', error: `optmem get failed: ${e.message}` });
      }
    },
  };
}

export function addTool(cfg, run, ctx) {
  return {
    name: 'memory_add',
    label: 'Memory Add',
    description:
      'Keep something in optmem, the long-term memory shared with the user\'s other agents: a decision, a lesson, a fact or preference the user wants remembered. ' +
      'One record per call, in the user\'s words. To correct an earlier record, pass its path or id in corrects.',
    parameters: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'The record, self-contained (it is read later without this conversation).' },
        kind: { type: 'string', description: 'note (default), decision, lesson, correction, redline, …' },
        domain: { type: 'string', description: `The domain (default "${cfg.domain || DEFAULT_DOMAIN}").` },
        project: { type: 'string', description: 'The project it belongs to (none: global).' },
        corrects: { type: 'array', items: { type: 'string' }, description: 'Records this one corrects (optmem:<id> or id).' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['text'],
      additionalProperties: false,
    },
    async execute(_id, params) {
      try {
        return jsonResult(await addRecord(cfg, params || {}, ctx || {}, run));
      } catch (e) {
        return jsonResult({ status: 'error', error: `optmem add failed: ${e.message}` });
      }
    },
  };
}
